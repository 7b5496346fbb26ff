"""Each match's replayed state, kept in the worker between requests.

A state is the engine's replay of a match's log (``engine.replay``), kept under the match and
its event count. A request reads only the events after the kept ones (and the last kept one
again, to see that the log is still the log it was replayed from); when nothing is new the
page is drawn from the kept state, else the new events are replayed on it (``engine.replay``
with ``base``: only the hand they belong to is replayed). A move is checked on a copy of the
kept live hand, the new state is the replay of the log with the move, the write transaction
only checks that the count is unchanged and appends, and the new state is kept for the page
that follows. A state missing here (another worker took the move, a restart) costs one replay.

Nothing is taken from a kept state that the log does not say: it is the log's replay, and
``tests/web/test_web_states.py`` replays from scratch after every move of seeded matches and
compares.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from flask import current_app

from . import engine, get_db, store

#: matches kept per worker, and the changes their logs may hold in all: a kept state costs about
#: 1 KB of memory per change in its log (its events, its fold, the engine's finished hands:
#: about 0.8 MB for a 30-hand match of four players, 770 changes), so about 250 MB a worker at
#: most; the match unused the longest goes first (``STATES_KEPT``, ``STATES_EVENTS``)
SIZE = 2048
EVENTS = 250_000


class States:
    """The kept states of one app (one per worker process; threads share it under a lock)."""

    def __init__(self, size: int = SIZE, events: int = EVENTS):
        self.size = size
        self.events = events
        self._held = 0  # the changes in the logs of the states kept
        self._lock = threading.Lock()
        self._kept: OrderedDict[tuple, engine.MatchState] = OrderedDict()
        self.hits = 0
        self.misses = 0

    @staticmethod
    def key(m: dict) -> tuple:
        return (m["id"], m["edit_key"])

    def get(self, m: dict) -> engine.MatchState | None:
        with self._lock:
            st = self._kept.get(self.key(m))
            if st is not None:
                self._kept.move_to_end(self.key(m))
            return st

    def put(self, m: dict, state: engine.MatchState, hot: bool = True) -> None:
        """Keep ``state``; ``hot=False`` (a list's replay, not a table's): it goes in as the
        one unused the longest, so it only fills room to spare and is the first to go; it
        never pushes out a table's state."""
        with self._lock:
            k = self.key(m)
            old = self._kept.get(k)
            if old is not None and old.count > state.count:
                return  # another thread kept a later state already
            self._held += state.count - (old.count if old is not None else 0)
            self._kept[k] = state
            self._kept.move_to_end(k, last=hot or old is not None)
            while len(self._kept) > 1 and (len(self._kept) > self.size or self._held > self.events):
                _k, gone = self._kept.popitem(last=False)  # the one unused the longest
                self._held -= gone.count

    def drop(self, m: dict) -> None:
        with self._lock:
            gone = self._kept.pop(self.key(m), None)
            self._held -= gone.count if gone is not None else 0

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self._held = 0


def kept() -> States:
    """This app's kept states."""
    ext = current_app.extensions
    if "referee.states" not in ext:
        ext["referee.states"] = States(current_app.config.get("STATES_KEPT", SIZE),
                                       current_app.config.get("STATES_EVENTS", EVENTS))
    return ext["referee.states"]


def _same(a: dict, b: dict) -> bool:
    return a.get("id") == b.get("id") and a["seq"] == b["seq"] and a["kind"] == b["kind"] \
        and a["data"] == b["data"] and a.get("at") == b.get("at")


def load(m: dict, hot: bool = True) -> tuple[list[dict], engine.MatchState]:
    """The match's log and its replay (kept, gone on from a kept one, or replayed whole);
    ``hot=False``: a list's read (``States.put``)."""
    db = get_db()
    cache = kept()
    base = cache.get(m)
    if base is not None and base.of != engine.match_of(m):
        base = None  # the match's own fields the replay reads are not those it was replayed with
    if base is not None:
        since = base.count  # the last kept event is read again: it must be the same event
        rows = store.events(db, m["id"], after=since - 1) if since else store.events(db, m["id"])
        if since and (not rows or not _same(rows[0], base.events[-1])):
            base = None  # the log is not the one that was replayed
        elif since:
            rows = rows[1:]
        if base is not None and not rows:
            cache.hits += 1
            return base.events, base
    if base is None:
        cache.misses += 1
        evs = store.events(db, m["id"])
    else:
        evs = base.events + rows
    state = engine.replay(m, evs, base=base)
    cache.put(m, state, hot=hot)
    return evs, state


def after(m: dict, state: engine.MatchState, kind: str, data: dict) -> engine.MatchState:
    """The state once the event is appended to ``state``'s log (not stored yet)."""
    event = {"seq": state.count + 1, "kind": kind, "data": data}
    return engine.replay(m, state.events + [event], base=state)


def appended(m: dict, state: engine.MatchState, *stored: dict) -> None:
    """Keep ``state`` (made by :func:`after`, once or more) now that its last events are stored
    as ``stored`` (in order)."""
    if stored:
        state.events[-len(stored):] = stored
    kept().put(m, state)
