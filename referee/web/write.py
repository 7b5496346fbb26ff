"""The write path as the pages that change a match share it: the match behind its links, its
kept state (``states``), the count of changes a form was drawn from, the refusals, and the
append (the log with the change replayed, checked by the registry of event kinds, stored only
if no other phone changed the match first). The table (``play``), the match's life (``life``)
and a seat's page (``seats``) change a match through it.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from flask import abort, request
from flask_babel import gettext as _

from referee import limits
from referee.limits import whole_number
from referee.matches import events as kinds
from referee.matches import replay

from . import get_db, service, store
from .i18n import lang


class Refused(Exception):
    """A change refused: the page is drawn again with ``message`` (and maybe a rule link)."""

    def __init__(self, message: str, status: int = 400, refusal=None, places=None, tile=None,
                 miss=None):
        super().__init__(message)
        self.message = message
        self.status = status
        self.refusal = refusal
        self.places = places or []
        self.tile = tile
        self.miss = miss  # blind variants: the turned-up tile that fits nowhere may be missed


class Recorded(Exception):
    """The tap was recorded already (sent twice): the table is answered as after it."""


OP_RE = re.compile(r"^[A-Za-z0-9_-]{8,40}$")


def op() -> str | None:
    """The phone's key for this tap (app.js makes one per tap; a resend carries the same)."""
    key = request.form.get("op", "")
    return key if OP_RE.match(key) else None


#: the links a match has: its edit link (``m``) and its read-only link (``s``), by their key's column
DOORS: dict[str, Literal["edit_key", "view_key"]] = {"m": "edit_key", "s": "view_key"}


def match_at(door: str, key: str) -> dict:
    """The match behind an edit (``m``) or read-only (``s``) link; 404 when there is none."""
    m = _by_key(key, DOORS.get(door))
    m["door"], m["key"] = door, key
    return m


def edit_match(key: str) -> dict:
    """The match behind an edit link; 404 when there is none."""
    return _by_key(key, "edit_key")


def _by_key(key: str, column: Literal["edit_key", "view_key"] | None) -> dict[str, Any]:
    m = store.match_by_key(get_db(), key, column) if column else None
    if m is None:
        abort(404)
    return dict(m)  # the store's MatchRow as the pages take a match: a dict they add keys to


def load(m: dict):
    """The match's log and its replay (kept by the worker: ``MatchService.load``)."""
    return service().load(m)


def form_count() -> int:
    n = whole_number(request.form.get("n", ""), 9)  # ASCII digits only: "²".isdigit() is true
    if n is None:
        raise Refused(_("The form was damaged: nothing was changed."))
    return n


def fresh(evs: list, n: int) -> None:
    """Refuse a form drawn against another count of events (another phone moved first)."""
    if len(evs) != n:
        raise Refused(_("Another phone changed this match first."), status=409)


def append(m: dict, n: int, kind: str, data: dict, state, own_op: bool = True, checked=None,
            then=None) -> list[str]:
    """Append one event after replaying the log with it: a refused result stores nothing.

    ``state`` is the replay of the ``n`` events the form was drawn from; the log with the event
    is replayed on it (the hand the event belongs to), and the write transaction only checks
    that the log still has ``n`` events (it only grows) before it appends; ``checked``: that
    replay (``MatchService.after``) made already by the caller. The refusals come
    in the order the store's ``append_event`` gives them: the limit of changes, a tap recorded
    already, another phone first, the limit of hands, then the rules.

    ``then(new)``: given the state with the event, a change that goes with it in the same
    transaction, as ``(kind, data, words)``, or None (a hand's start and the opening the rules
    leave no choice about: both stored, or neither); refused by the rules, it is left out.
    Returns the words of the changes that went with it."""
    if n >= limits.MAX_EVENTS:
        raise Refused(_("A match holds at most %(n)d recorded changes. Export this one and start "
                        "a new match to go on.", n=limits.MAX_EVENTS), status=422)
    if own_op and store.has_op(get_db(), m["id"], op()):
        raise Recorded()
    if state.count != n:
        raise Refused(_("Another phone changed this match first. The table below is up to date: "
                        "check it and make your move again."), status=409)
    if kind in ("hand", "result") and len(state.hands) >= limits.MAX_HANDS:
        raise Refused(_("A match holds at most %(n)d hands. Export this one and start a new "
                        "match to go on.", n=limits.MAX_HANDS), status=422)
    # a correction or an undo that asked what it changes made this replay already: not twice
    new = checked if checked is not None else service().after(m, state, kind, data)
    if new.error is not None and new.error.rule != "left.missing":
        raise Refused(new.error.message(lang()), status=422, refusal=new.error)
    problem = well_formed(m, state, kind, data)
    if problem is not None:
        raise Refused(problem, status=422)
    changes, said = [(kind, data)], []
    more = then(new) if then is not None and n + 1 < limits.MAX_EVENTS else None
    if more is not None:
        more_kind, more_data, words = more
        with_more = service().after(m, new, more_kind, more_data)
        if (with_more.error is None or with_more.error.rule == "left.missing") \
                and well_formed(m, new, more_kind, more_data) is None:
            changes.append((more_kind, more_data))
            new, said = with_more, [words]
    try:
        stored = store.append_all(get_db(), m["id"], n, changes, op=op() if own_op else None)
        service().appended(m, new, *stored)
    except store.DuplicateError:
        raise Recorded() from None
    except store.StaleError:
        raise Refused(_("Another phone changed this match first. The table below is up to date: "
                        "check it and make your move again."), status=409) from None
    except store.LimitError:
        raise Refused(_("A match holds at most %(n)d recorded changes. Export this one and start "
                        "a new match to go on.", n=limits.MAX_EVENTS), status=422) from None
    return said


def well_formed(m: dict, state, kind: str, data: dict) -> str | None:
    """Why ``data`` cannot be logged as a ``kind`` change on ``state`` (the registry of event
    kinds: its keys, types and ranges, the players seated, the hands in force; the import
    checks every change of a log the same way), in the page's language; None when it can."""
    try:
        kinds.check(kind, data, kinds.At(tuple(m["players"]), len(state.hands), lambda: replay.rules_of(m)))
    except kinds.Problem as p:
        return _("The change was refused: %(why)s.", why=p.message(_, lang()))
    return None


def fetched() -> bool:
    """A form sent in the background by app.js: answered with the table itself (the part
    inside ``<main>``), never with a redirect, so that the phone redraws it in place."""
    return request.headers.get("X-Referee") == "fetch"
