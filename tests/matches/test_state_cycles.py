"""A kept state holds no reference cycle: dropped, it is freed by its reference counts alone, and
the garbage collector finds nothing of it.

A server's worker freezes what survives each full collection (``referee.server.freeze_survivors``):
its kept states are never walked by the collector again, and one dropped from the cache is freed
only by its reference counts. A reference cycle inside a state would make every evicted state
memory lost for good. Seeded matches of several variants are played (finished hands, a live hand
with moves gone on from the copies they were checked on, the checkpoint's path, a replay from
scratch, what the pages read and keep on a state), then the states are dropped with the collector
off: a collection after that finds nothing, and every state is gone.
"""

from __future__ import annotations

import gc
import random
import weakref
from typing import Any

from referee.matches import replay, store, turns
from referee.matches.replay import MatchState, phase
from referee.matches.service import MatchService
from referee.matches.store import Db

from tests.matches.test_carried_on import NAMES, start, tap

CASES = [("traditional", 2, {"target": 1000, "limit": 1001}, 1), ("blitz", 4, {"target": 1000}, 2),
         ("muggins", 3, {"target": 2000}, 3), ("sevastopol", 4, {"target": 1000}, 4),
         ("traditional", 4, {"scoring": "kozel", "teams": "pairs", "kozel_min": 40, "eggs": "yes", "limit": 900}, 5)]


def played(service: MatchService, db: Db, variant: str, players: int, options: dict[str, Any],
           seed: int) -> dict[str, Any]:
    """A match played until two hands are finished and a third is live with some moves made."""
    rng = random.Random(seed)
    m = dict(service.create(variant, NAMES[:players], options))
    moves = 0
    for _ in range(2000):
        evs, state = service.load(m)
        ph = phase(state)
        assert ph != "over", "the match ended before its third hand"
        if ph != "play" or state.live is None:
            if len(state.hands) >= 3 and moves:
                break
            start(service, db, m, rng)
            continue
        if len(state.hands) >= 3 and moves >= 4:
            break
        moves += len(state.hands) >= 3
        change, copy = tap(state, rng)
        service.apply(m, state, len(evs), change, played=copy)
    del evs, state
    return m


def read_as_pages_do(state: MatchState) -> None:
    """What the table and the lists read of a state, some of it kept on it."""
    replay.in_force(state)
    phase(state)
    if state.live is not None:
        turns.hand_view(state.live)
        turns.turn_view(state.live)


def assert_freed_without_the_collector(states: list[MatchState], drop: Any) -> None:
    gone = [weakref.ref(s) for s in states]
    states.clear()
    gc.collect()  # what the play left (its own short-lived cycles), before the states go
    gc.disable()
    try:
        drop()
        alive = sum(ref() is not None for ref in gone)
        found = gc.collect()
    finally:
        gc.enable()
    assert alive == 0, f"{alive} of {len(gone)} states not freed by their reference counts"
    assert found == 0, f"the collector found {found} objects in reference cycles"


def test_kept_states_hold_no_reference_cycle(db: Db):
    service = MatchService(lambda: db)
    matches = [played(service, db, *case) for case in CASES]
    kept = []
    for m in matches:
        _evs, state = service.load(m)
        assert state.live is not None and state.hands[-1].result is None and len(state.hands) >= 3
        read_as_pages_do(state)
        kept.append(state)
    del state
    assert_freed_without_the_collector(kept, service.states.clear)


def test_states_from_a_checkpoint_or_replayed_whole_hold_no_reference_cycle(db: Db):
    service = MatchService(lambda: db)
    matches = [played(service, db, *case) for case in CASES]
    other = MatchService(lambda: db)  # another worker: nothing kept, each match from its checkpoint
    made = []
    for m in matches:
        assert store.checkpoint(db, m["id"]) is not None
        _evs, state = other.load(m)
        assert state.prior[0] >= 2  # gone on from the checkpoint of the finished hands
        read_as_pages_do(state)
        made.append(state)
        whole = replay.replay(m, store.events(db, m["id"]))
        read_as_pages_do(whole)
        made.append(whole)
    del state, whole
    service.states.clear()

    def drop() -> None:
        other.states.clear()

    assert_freed_without_the_collector(made, drop)


def test_a_state_with_a_cycle_is_found(db: Db):
    """The check above sees a cycle: one put into a state makes it fail."""
    service = MatchService(lambda: db)
    m = played(service, db, *CASES[0])
    _evs, state = service.load(m)
    state.report["self"] = state  # type: ignore[index]
    gone = weakref.ref(state)
    del state
    gc.collect()
    gc.disable()
    try:
        service.states.clear()
        alive = gone() is not None
        found = gc.collect()
    finally:
        gc.enable()
    assert alive and found > 0
