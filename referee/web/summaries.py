"""What the lists read of a match, kept per worker: the home page's figures (hands, the winner,
the leader) and the player pages' facts (``referee.matches.statistics.match_facts``).

A browser's list holds up to 60 matches; drawn from their replays it cost seconds of CPU on
a worker that kept none of them (a replay of each whole log), on every visit once the kept
states had no room for them, and it pushed every table's kept state out. Here each match's
summary is kept by its number of changes (the log only grows: a match that changed has another
count, and its summary is made again), its own fields and the page's language, at most
:data:`SIZE` of them (a few KB each): a list a worker has seen costs no replay while its
matches are unchanged, and a replay a list needs goes into the kept states only where there is
room to spare (``service().load(hot=False)``), never in place of a table's.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Generic, TypeVar

from flask import current_app

from referee.matches import statistics
from referee.rules import catalogue
from referee.matches import replay

from . import get_db, service, store

SIZE = 4096

#: what a :class:`Summaries` keeps (a match's summary; a club's figures, ``clubs.Figures``)
V = TypeVar("V")


def leader(m: dict[str, Any], report: dict[str, Any]) -> str | None:
    """Who leads the match now (the best total by the variant's scoring), or None on a tie."""
    totals = report.get("totals") or {}
    if not totals or not any(totals.values()):
        return None
    kind = catalogue.spec(m["variant"]).scoring_kind(m["options"])
    best = (min if kind == "penalty" else max)(totals.values())
    leaders = [p for p, t in totals.items() if t == best]
    return leaders[0] if len(leaders) == 1 else None


class Summaries(Generic[V]):
    """The kept summaries of one app (one per worker; threads share it under a lock)."""

    def __init__(self, size: int = SIZE):
        self.size = size
        self._lock = threading.Lock()
        self._kept: OrderedDict[tuple[Any, ...], V] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def get(self, key: tuple[Any, ...]) -> V | None:
        with self._lock:
            value = self._kept.get(key)
            if value is not None:
                self._kept.move_to_end(key)
                self.hits += 1
            else:
                self.misses += 1
            return value

    def put(self, key: tuple[Any, ...], value: V) -> None:
        with self._lock:
            self._kept[key] = value
            self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)


def kept() -> Summaries[dict[str, Any]]:
    ext = current_app.extensions
    if "referee.summaries" not in ext:
        ext["referee.summaries"] = Summaries[dict[str, Any]](current_app.config.get("SUMMARIES_KEPT", SIZE))
    kept: Summaries[dict[str, Any]] = ext["referee.summaries"]
    return kept


def of(m: dict[str, Any], lang: str) -> dict[str, Any]:
    """The match's summary: ``hands``, ``winner``, ``leader`` (the home page's) and ``facts``
    (the player pages'). ``m`` as the lists give it (``store.browser_matches`` or
    ``list_matches``: ``n``, its count of changes)."""
    n = m.get("n")
    if n is None:
        n = store.event_count(get_db(), m["id"])
    key = (m["id"], m["edit_key"], n, lang, replay.match_of(m))
    value = kept().get(key)
    if value is not None:
        return value
    _evs, state = service().load(m, hot=False)
    winner = state.report.get("match_winner")
    value = {"hands": len(state.hands), "winner": winner,
             "leader": leader(m, state.report) if not winner else None,
             "facts": statistics.match_facts(m, state.report)}
    if state.count == n:  # (a change since the list was read: kept under its own count next time)
        kept().put(key, value)
    return value
