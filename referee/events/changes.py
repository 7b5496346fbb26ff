"""The kinds of the director's changes to an event, one registry: each kind an event's audit may
hold (``store.event_audit``), the method of the event service that writes it, and its words in
the audit (the director's page, the audit page), in either language.

Not to be confused with ``referee.matches.events``, the kinds of a match's own log: these are the
changes of an event's record and state, written by :class:`referee.events.service.EventService`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from referee.words import N_, say

#: an audit entry's data, the entrants' names by id, the language -> the entry in words
Words = Callable[[Mapping[str, Any], Mapping[str, str], str], str]


@dataclass(frozen=True)
class Kind:
    """A kind of the director's change: its name in the audit, the event service's method that
    writes it, its words."""

    name: str
    method: str
    words: Words


#: every kind of the director's change, by its name in the audit
KINDS: dict[str, Kind] = {}


def _kind(name: str, method: str) -> Callable[[Words], Words]:
    def register(words: Words) -> Words:
        KINDS[name] = Kind(name, method, words)
        return words
    return register


def said(kind: str, data: Mapping[str, Any], names: Mapping[str, str], lang: str) -> str:
    """An audit entry in ``lang``'s words (an unknown kind: its name)."""
    found = KINDS.get(kind)
    return kind if found is None else found.words(data, names, lang)


def _who(ids: list[str], names: Mapping[str, str], joined: str = " + ") -> str:
    return joined.join(names.get(x, x) for x in ids)


@_kind("start", "start_round")
def _start(d: Mapping[str, Any], names: Mapping[str, str], lang: str) -> str:
    if d.get("changed"):
        return say(lang, N_("Round %(n)d started (the tables changed by the director)"), n=d["round"])
    return say(lang, N_("Round %(n)d started"), n=d["round"])


@_kind("close", "close_round")
def _close(d: Mapping[str, Any], names: Mapping[str, str], lang: str) -> str:
    return say(lang, N_("Round %(n)d closed"), n=d["round"])


@_kind("time", "call_time")
def _time(d: Mapping[str, Any], names: Mapping[str, str], lang: str) -> str:
    return say(lang, N_("Round %(n)d: time called"), n=d["round"])


@_kind("swap", "swap")
def _swap(d: Mapping[str, Any], names: Mapping[str, str], lang: str) -> str:
    return say(lang, N_("Round %(n)d: %(a)s and %(b)s swapped"), n=d["round"], a=names.get(d["a"], d["a"]),
               b=names.get(d["b"], d["b"]))


@_kind("sit_out", "sit_out")
def _sit_out(d: Mapping[str, Any], names: Mapping[str, str], lang: str) -> str:
    if d.get("back"):
        return say(lang, N_("Round %(n)d: %(who)s seated again"), n=d["round"], who=_who(d["ids"], names))
    return say(lang, N_("Round %(n)d: %(who)s sits out"), n=d["round"], who=_who(d["ids"], names))


@_kind("reset", "reset")
def _reset(d: Mapping[str, Any], names: Mapping[str, str], lang: str) -> str:
    return say(lang, N_("Round %(n)d: back to the proposed tables"), n=d["round"])


def _result(r: Mapping[str, Any] | None, names: Mapping[str, str], lang: str) -> str:
    if not r:
        return "—"
    if r.get("ended") == "forfeit":
        return say(lang, N_("forfeit: %(who)s absent"), who=_who(r["absent"], names, ", "))
    # in the entrants' order, so that a result and its correction list the players alike
    # (a match's totals come in seat order, the director's by sides)
    order = {k: i for i, k in enumerate(names)}
    totals = sorted(r["totals"].items(), key=lambda kv: order.get(kv[0], len(order)))
    return ", ".join(f"{names.get(k, k)} {v}" for k, v in totals)


def _table(clear: bool) -> Words:
    """The words of a table's result changed: given (``correct``, ``forfeit``), or ``clear`` (the
    table's match decides again)."""
    def words(d: Mapping[str, Any], names: Mapping[str, str], lang: str) -> str:
        after = say(lang, N_("the match's result")) if clear else _result(d.get("after"), names, lang)
        text = say(lang, N_("Round %(n)d, table %(t)d: %(before)s → %(after)s"), n=d["round"], t=d["table"],
                   before=_result(d.get("before"), names, lang), after=after)
        return text + (f" ({d['note']})" if d.get("note") else "")
    return words


_kind("correct", "correct")(_table(False))
_kind("forfeit", "correct")(_table(False))
_kind("clear", "correct")(_table(True))


@_kind("withdraw", "withdraw")
def _withdraw(d: Mapping[str, Any], names: Mapping[str, str], lang: str) -> str:
    return say(lang, N_("%(who)s withdrew before round %(n)d"), who=_who(d["ids"], names), n=d["round"])


@_kind("enter", "late_entry")
def _enter(d: Mapping[str, Any], names: Mapping[str, str], lang: str) -> str:
    return say(lang, N_("%(who)s entered from round %(n)d"), who=", ".join(d["names"]), n=d["round"])
