"""The write path's HTTP side, as the pages that change a match share it: the match behind its
links, the count of changes a form was drawn from, the tap's key, and the match service's
write (``MatchService.apply``: the log with the change replayed and checked by the registry of
event kinds, stored only if no other phone changed the match first) with its refusals said in
the page's language. The table (``play``), the match's life (``life``) and a seat's page
(``seats``) change a match through it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from flask import abort, request
from flask_babel import gettext as _

from referee.limits import whole_number
from referee.matches import events as kinds
from referee.matches.kept_log import Log
from referee.matches.replay import MatchState, Played
from referee.matches.service import (AlreadyRecorded, Change, ChangeRefused, Conflict, Full, IllFormed,
                                     Invalid, RuleRefused)

from . import forms, get_db, service, store
from .refusal import Refused as Refused  # named here too: the write path's refusal
from .i18n import lang


class Recorded(Exception):
    """The tap was recorded already (sent twice): the table is answered as after it."""


OP_RE = re.compile(r"^[A-Za-z0-9_-]{8,40}$")


def op() -> str | None:
    """The phone's key for this tap (app.js makes one per tap; a resend carries the same)."""
    key = request.form.get("op", "")
    return key if OP_RE.match(key) else None


#: the links a match has: its edit link (``m``) and its read-only link (``s``), by their key's column
DOORS: dict[str, Literal["edit_key", "view_key"]] = {"m": "edit_key", "s": "view_key"}


def match_at(door: str, key: str) -> dict[str, Any]:
    """The match behind an edit (``m``) or read-only (``s``) link; 404 when there is none."""
    m = _by_key(key, DOORS.get(door))
    m["door"], m["key"] = door, key
    return m


def edit_match(key: str) -> dict[str, Any]:
    """The match behind an edit link; 404 when there is none."""
    return _by_key(key, "edit_key")


def _by_key(key: str, column: Literal["edit_key", "view_key"] | None) -> dict[str, Any]:
    m = store.match_by_key(get_db(), key, column) if column else None
    if m is None:
        abort(404)
    return dict(m)  # the store's MatchRow as the pages take a match: a dict they add keys to


def load(m: dict[str, Any]) -> tuple[Log, MatchState]:
    """The match's log and its replay (kept by the worker: ``MatchService.load``)."""
    return service().load(m)


def form_count() -> int:
    n = whole_number(request.form.get("n", ""), 9)  # ASCII digits only: "²".isdigit() is true
    if n is None:
        raise Refused(_("The form was damaged: nothing was changed."))
    return n


def fresh(evs: Sequence[object], n: int) -> None:
    """Refuse a form drawn against another count of events (another phone moved first)."""
    if len(evs) != n:
        raise Refused(_("Another phone changed this match first."), status=409)


def moved_first() -> Refused:
    """Another phone changed the match first, said on a page that draws the table again."""
    return Refused(_("Another phone changed this match first. The table below is up to date: "
                     "check it and make your move again."), status=409)


#: ``then`` of :func:`apply`: given the state with the change, one more change that goes with it
#: and what the table says of it, or None
Then = Callable[[MatchState], "tuple[Change, str] | None"]


@dataclass
class Writing:
    """A change being made from a form: the match, the count of changes the form was drawn from
    (``n``), the log and its kept replay (``state``), and what is said once the change is made
    (``said``: shown on the table drawn after it)."""

    m: dict[str, Any]
    n: int
    evs: Log
    state: MatchState
    said: list[str] = field(default_factory=list)

    def apply(self, change: Change | Sequence[Change], *, checked: MatchState | None = None,
              played: Played | None = None, then: Then | None = None) -> None:
        """:func:`apply` on this form's match and state, with the tap's key; what ``then`` said
        goes to ``said``. ``played``: the change played on a copy of ``state.live`` (the table's
        check), gone on from instead of the hand's replay."""
        self.said.extend(apply(self.m, self.n, change, self.state, checked=checked, played=played, then=then))


def sent(m: dict[str, Any], said: list[str] | None = None, *, table: bool = True) -> Writing:
    """The form sent to change ``m``, checked before anything is changed: its CSRF token (a
    damaged form refused), the tap's key (a tap recorded already: :class:`Recorded`), its count of
    changes (a damaged one refused), the match's log and kept state; the form refused when another
    phone changed the match since it was drawn (``table``: in the words of a page that draws the
    table again, else in those of :func:`fresh`)."""
    if not forms.action_form().validate_on_submit():
        raise Refused(_("The form was damaged: nothing was changed."))
    if store.has_op(get_db(), m["id"], op()):
        raise Recorded()
    n = form_count()
    evs, state = load(m)
    if len(evs) != n:
        if table:
            raise moved_first()
        fresh(evs, n)
    return Writing(m, n, evs, state, said if said is not None else [])


def apply(m: dict[str, Any], n: int, change: Change | Sequence[Change], state: MatchState, *,
          checked: MatchState | None = None, played: Played | None = None, then: Then | None = None) -> list[str]:
    """Make ``change`` (one, or several stored together) through the match service
    (``MatchService.apply``: checked on the kept ``state`` of the ``n`` changes the form was drawn
    from, appended only if no other phone changed the match first), with this tap's key; the service's refusals said in the page's language (:class:`Refused`, a tap
    sent twice :class:`Recorded`). Returns what ``then`` said of the change that went with it."""
    try:
        _new, said = service().apply(m, state, n, change, op=op(), checked=checked, played=played,
                                     then=then)
    except AlreadyRecorded:
        raise Recorded() from None
    except ChangeRefused as err:
        raise refused(err) from None
    return said


def record(m: dict[str, Any], n: int, change: Change, state: MatchState) -> None:
    """Append a change that leaves the match's play as it is (a player's word on a hand) through
    the match service (``MatchService.record``: the registry's check, no replay), its refusals
    said in the page's language: pages that do not draw the table again."""
    try:
        service().record(m, state, n, change)
    except ChangeRefused as err:
        raise off_table(err) from None


def off_table(err: ChangeRefused) -> Refused:
    """:func:`refused` on a page that does not draw the table again: another phone first is said
    without sending the reader to the table."""
    if isinstance(err, Conflict):
        return Refused(_("Another phone changed this match first."), status=409)
    return refused(err)


def refused(err: ChangeRefused) -> Refused:
    """A change the match service refused, in the page's words: input it cannot take (400), the
    rule's (422), the registry's (422), another phone first (409), the limit of changes or of
    hands (422)."""
    if isinstance(err, Invalid):
        return Refused(err.message(lang()))
    if isinstance(err, RuleRefused):
        return Refused(err.refusal.message(lang()), status=422, refusal=err.refusal)
    if isinstance(err, IllFormed):
        return Refused(problem_words(err.problem), status=422)
    if isinstance(err, Conflict):
        return moved_first()
    if isinstance(err, Full) and err.what == "hands":
        return Refused(_("A match holds at most %(n)d hands. Export this one and start a new "
                         "match to go on.", n=err.most), status=422)
    if isinstance(err, Full):
        return Refused(_("A match holds at most %(n)d recorded changes. Export this one and start "
                         "a new match to go on.", n=err.most), status=422)
    raise TypeError(f"not a refusal of the match service: {err!r}")


def problem_words(problem: kinds.Problem) -> str:
    """The registry's refusal of a change, in the page's language."""
    return str(_("The change was refused: %(why)s.", why=problem.message(_, lang())))


def fetched() -> bool:
    """A form sent in the background by app.js: answered with the table itself (the part
    inside ``<main>``), never with a redirect, so that the phone redraws it in place."""
    return request.headers.get("X-Referee") == "fetch"
