"""Each match's replayed state, kept in the worker between requests.

A state is the engine's replay of a match's log (``replay.replay``), kept under the match and
its event count. A request reads only the events after the kept ones (and the last kept one
again, to see that the log is still the log it was replayed from); when nothing is new the
page is drawn from the kept state, else the new events are replayed on it (``replay.replay``
with ``base``: only the hand they belong to is replayed). A move is checked on a copy of the
kept live hand, the new state goes on from that copy (``replay.Played``: the hand is not played
again, only when the copy is of this very kept state), the write transaction only checks that
the count is unchanged and appends, and the new state is kept for the page that follows. A state missing here (another worker took the move, a restart) starts from the
match's checkpoint (below) and costs the replay of the hands after it: one hand.

The checkpoint: when a change leaves the match between hands (a hand ended, or a change between
hands), what the replay knows of its finished hands is stored with the log
(``store.checkpoints``: ``replay.checkpoint_of``), with the number of events it covers and a
digest of those events exactly as stored, of the checkpoint's own data and of the engine's code
(:func:`_seal`). A worker without the match reads it, checks the digest against the log and
goes on from it (``replay.from_checkpoint``, ``replay.replay(base=...)``): the same replay as
from a kept state. A checkpoint that does not match (another log, another engine, damaged data)
is ignored and the whole log replayed: it is a cache, never trusted over the log.

Nothing is taken from a kept state that the log does not say: it is the log's replay, and
``tests/web/test_web_states.py`` replays from scratch after every move of seeded matches and
compares.

No Flask: the cache (:class:`States`) is an object its owner keeps (the web app's
``MatchService``, one per app), and every function is given the database connection.
"""

from __future__ import annotations

import hmac
import threading
from collections import OrderedDict
from functools import lru_cache

from typing import Any

from . import replay, store
from .kept_log import Log, with_last
from .replay import MatchState

#: matches kept per worker, and the changes their logs may hold in all: a kept state costs about
#: 0.37 KB of memory per change in its log (its finished hands' events as compressed text:
#: ``kept_log``, its fold, the engine's finished hands: about 0.29 MB for a 30-hand match of
#: four players, 780 changes; ``tools/state_weight.py``), so about 300 MB a worker at most, for
#: a thousand such matches; the match unused the longest goes first (``STATES_KEPT``,
#: ``STATES_EVENTS``)
SIZE = 2048
EVENTS = 800_000


class States:
    """The kept states of one app (one per worker process; threads share it under a lock)."""

    def __init__(self, size: int = SIZE, events: int = EVENTS):
        self.size = size
        self.events = events
        self._held = 0  # the changes in the logs of the states kept
        self._lock = threading.Lock()
        self._kept: OrderedDict[tuple[Any, ...], MatchState] = OrderedDict()
        self.hits = 0
        self.misses = 0

    @staticmethod
    def key(m: dict[str, Any]) -> tuple[Any, ...]:
        return (m["id"], m["edit_key"])

    def get(self, m: dict[str, Any]) -> MatchState | None:
        with self._lock:
            st = self._kept.get(self.key(m))
            if st is not None:
                self._kept.move_to_end(self.key(m))
            return st

    def put(self, m: dict[str, Any], state: MatchState, hot: bool = True) -> None:
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

    def drop(self, m: dict[str, Any]) -> None:
        with self._lock:
            gone = self._kept.pop(self.key(m), None)
            self._held -= gone.count if gone is not None else 0

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self._held = 0


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return a.get("id") == b.get("id") and a["seq"] == b["seq"] and a["kind"] == b["kind"] \
        and a["data"] == b["data"] and a.get("at") == b.get("at")


def load(db: Any, cache: States, m: dict[str, Any], hot: bool = True) -> tuple[Log, MatchState]:
    """The match's log and its replay (kept in ``cache``, gone on from a kept one, or replayed
    whole); ``hot=False``: a list's read (``States.put``)."""
    base = cache.get(m)
    if base is not None and base.of != replay.match_of(m):
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
        evs: Log = store.events(db, m["id"])
        base = from_checkpoint(db, m, evs)
    else:
        evs = base.events + rows
    state = replay.replay(m, evs, base=base)
    cache.put(m, state, hot=hot)
    return evs, state


@lru_cache(maxsize=1)
def engine_digest() -> str:
    """The SHA-256 of the code a checkpoint's data depends on (the rules engine, the record's
    replay, the log's fold, the match's replay here) and of the version: a checkpoint made by
    other code is not trusted."""
    import hashlib
    from pathlib import Path

    import referee

    root = Path(referee.__file__).parent
    h = hashlib.sha256(str(replay.CHECKPOINT_FORM).encode())
    try:
        from importlib.metadata import version

        h.update(version("referee").encode())
    except Exception:  # noqa: BLE001 - not installed as a distribution: the files decide
        pass
    files = sorted(p for p in (root / "rules").rglob("*") if p.suffix in (".py", ".so", ".pyd"))
    files += [root / "record.py", root / "matches" / "replay.py", root / "matches" / "log.py",
              root / "matches" / "fold.py", root / "matches" / "events.py"]
    for path in files:
        try:
            h.update(path.name.encode() + b"\0" + path.read_bytes())
        except OSError:
            h.update(path.name.encode() + b"\0-")
    return h.hexdigest()


def _seal(log: str, data: str) -> str:
    """A checkpoint's digest: of the events it covers (``store.log_digest``), of its data and of
    the engine's code."""
    import hashlib

    return hashlib.sha256(f"{engine_digest()}\x1e{log}\x1e{data}".encode("utf-8", "surrogatepass")).hexdigest()


def from_checkpoint(db: Any, m: dict[str, Any], evs: Log) -> MatchState | None:
    """The match's checkpoint as a state to go on from, when it is the checkpoint of this very
    log (its events, this engine, its data undamaged); else None (the log is replayed whole)."""
    import json
    import logging

    try:
        cp = store.checkpoint(db, m["id"])
        if cp is None or not 0 < cp["count"] <= len(evs):
            return None
        log = store.log_digest(db, m["id"], cp["count"])
        if log is None or not hmac.compare_digest(_seal(log, cp["data"]), cp["digest"]):
            logging.getLogger(__name__).info("match %s: its checkpoint is not of its log: replayed whole",
                                             m["id"])
            return None
        return replay.from_checkpoint(m, evs[:cp["count"]], json.loads(cp["data"]))
    except (ValueError, TypeError) + store.errors():
        return None


def checkpoint(db: Any, m: dict[str, Any], state: MatchState) -> bool:
    """Store ``state``'s checkpoint when it is between hands (a hand just ended); whether it did.
    A failure is logged and changes nothing else: the change it follows is stored already."""
    import logging

    try:
        return store_checkpoint(db, m, state)
    except store.errors():
        logging.getLogger(__name__).exception("match %s: the checkpoint was not stored", m["id"])
        return False


def store_checkpoint(db: Any, m: dict[str, Any], state: MatchState) -> bool:
    """:func:`checkpoint` with a failure of the store raised (an import of many matches, the
    load driver); whether a checkpoint was stored."""
    import json

    data = replay.checkpoint_of(state)
    if data is None:
        return False
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    log = store.log_digest(db, m["id"], state.count)
    if log is None:
        return False
    store.put_checkpoint(db, m["id"], state.count, _seal(log, text), text)
    return True


def checkpoint_stored(db: Any, m: dict[str, Any], tries: int = 3) -> int:
    """Store the checkpoint of a match stored whole (an import): of its whole log when it ends
    between hands, else of the log up to where its last hands ended (before its last ``hand``
    change, or just after its last ``result``), trying the ``tries`` latest such places; the
    number of changes the checkpoint covers, 0 when none was stored. So the first visit after an
    import costs one hand's replay, as after a hand played here."""
    evs = store.events(db, m["id"])
    if not evs:
        return 0
    whole = replay.replay(m, evs)
    if store_checkpoint(db, m, whole):
        return whole.count
    ends = sorted({i for i, e in enumerate(evs) if e["kind"] == "hand" and i > 0}
                  | {i + 1 for i, e in enumerate(evs) if e["kind"] == "result" and i + 1 < len(evs)},
                  reverse=True)
    for upto in ends[:tries]:
        state = replay.replay(m, evs[:upto])
        if store_checkpoint(db, m, state):
            return upto
    return 0


def imported(db: Any, m: dict[str, Any]) -> None:
    """After an import: the match's checkpoint (:func:`checkpoint_stored`). A failure is logged
    and changes nothing else: the match is stored already."""
    import logging

    try:
        checkpoint_stored(db, m)
    except store.errors():
        logging.getLogger(__name__).exception("match %s: the checkpoint was not stored", m["id"])


def after(m: dict[str, Any], state: MatchState, kind: str, data: dict[str, Any],
          played: replay.Played | None = None) -> MatchState:
    """The state once the event is appended to ``state``'s log (not stored yet); ``played``: the
    event played already on a copy of a state's live hand (the table's check), gone on from
    instead of the hand's replay when that state is ``state`` (``replay.Played``)."""
    event = {"seq": state.count + 1, "kind": kind, "data": data}
    return replay.replay(m, state.events + [event], base=state, played=played)


def appended(db: Any, cache: States, m: dict[str, Any], state: MatchState, *stored: dict[str, Any]) -> None:
    """Keep ``state`` (made by :func:`after`, once or more) in ``cache`` now that its last events
    are stored as ``stored`` (in order), and its checkpoint when it is between hands."""
    if stored:
        state.events = with_last(state.events, stored)
        state.__dict__.pop("_in_force", None)  # read of the events before they were stored
    cache.put(m, state)
    if stored:
        checkpoint(db, m, state)
