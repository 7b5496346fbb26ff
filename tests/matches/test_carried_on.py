"""A move or the end of a turn made at the table goes on from the copy of the live hand it was
checked on (``replay.Played``): the state it makes is the one a replay of the log from scratch
makes, over seeded hands of every variant; a copy made from another state (an older one, or
another worker's) is never gone on from."""

from __future__ import annotations

import random
from typing import Any

import pytest

from referee.matches import replay, states, store, turns
from referee.matches.replay import MatchState, Played, phase
from referee.matches.service import Change, MatchService
from referee.matches.store import Db
from referee.rules import REGISTRY, catalogue
from referee.rules.notation import parse_move
from referee.rules.playout import END_TURN, _random_draw, choices, random_deal
from referee.rules.tiles import tile_str

NAMES = ["Аня", "Боря", "Вера", "Гоша"]


def live_sig(h: Any) -> Any:
    """What a live hand is, as far as a page or the next move can tell."""
    if h is None:
        return None
    return (list(h.history), list(h.turn_log), list(h.counts), list(h.hands), list(h.known),
            list(h.scores), h.to_move, h.over, h.end, h.winner, h.turn_open, h.t_laid, h.t_draws,
            h.t_passed, h.layout.mask, sorted(h.legal_tokens()), turns.hand_view(h), turns.turn_view(h))


def assert_same(got: MatchState, fresh: MatchState) -> None:
    assert got.count == fresh.count
    assert [h.to_record() for h in got.hands] == [h.to_record() for h in fresh.hands]
    assert got.report == fresh.report
    assert (vars(got.error) if got.error else None) == (vars(fresh.error) if fresh.error else None)
    assert live_sig(got.live) == live_sig(fresh.live)
    assert live_sig(got.ended) == live_sig(fresh.ended)
    assert live_sig(got.final) == live_sig(fresh.final)
    assert phase(got) == phase(fresh)
    assert got.prior[1] == sum(1 + (0 if h.result is not None else sum(len(t.moves) for t in h.turns))
                               for h in fresh.hands[:got.prior[0]])
    if fresh.rep is not None:
        assert got.rep is not None
        assert got.rep.to_json() == fresh.rep.to_json()
        assert (got.rep.totals, got.rep.hanging, got.rep.eggs, got.rep.goats) == \
            (fresh.rep.totals, fresh.rep.hanging, fresh.rep.eggs, fresh.rep.goats)


def start(service: MatchService, db: Db, m: dict[str, Any], rng: random.Random) -> None:
    """The next hand started with a seeded deal (the deal known: every move checked)."""
    _evs, state = service.load(m)
    v = replay.rules_of(m)
    deal, removed, starter = random_deal(v, len(m["players"]), rng)
    data: dict[str, Any] = {"deal": {p: [tile_str(t) for t in tiles] for p, tiles in zip(m["players"], deal)}}
    if removed is not None:
        data["removed"] = tile_str(removed)
    if starter is not None:
        data["starter"] = tile_str(starter)
    service.apply(m, state, state.count, Change("hand", data))


def tap(state: MatchState, rng: random.Random) -> tuple[Change, Played]:
    """A random legal tap on the live hand, checked on a copy of it as the table checks it."""
    assert state.live is not None
    live = turns.clone(state.live)
    if live.to_move is None:
        assert turns.set_leader(live, rng.choice(live.players)) is None
    tok = rng.choice(choices(live))
    if tok == END_TURN:
        assert turns.try_end_turn(live) is None
        return Change("end_turn", {}), Played(state, live)
    if tok == "draw":
        tok = _random_draw(live, rng)
    player = live.players[live.to_move]
    still_open, refusal = turns.try_play(live, parse_move(tok), tok)
    assert refusal is None
    return Change("move", {"player": player, "token": tok, "open": still_open}), Played(state, live)


def fresh(db: Db, m: dict[str, Any]) -> MatchState:
    return replay.replay(m, store.events(db, m["id"]))


CASES = [(name, catalogue.spec(name).min_players, seed) for seed, name in enumerate(sorted(REGISTRY), 1)] + [
    ("traditional", 4, 3), ("blitz", 4, 4), ("sevastopol", 4, 5), ("muggins", 3, 6),
]


@pytest.mark.parametrize("variant,players,seed", CASES)
def test_a_move_goes_on_from_the_copy_it_was_checked_on(service: MatchService, db: Db, variant: str,
                                                        players: int, seed: int):
    rng = random.Random(seed)
    options = {"target": 60} if any(o.key == "target" for o in catalogue.spec(variant).options) else {}
    m = dict(service.create(variant, NAMES[:players], options))
    carried = 0
    for _ in range(70):
        evs, state = service.load(m)
        ph = phase(state)
        if ph == "over":
            break
        if ph != "play" or state.live is None:
            if ph == "left":
                break  # the tiles left are entered by hand: the moves are what is compared here
            start(service, db, m, rng)
            continue
        change, played = tap(state, rng)
        new, _said = service.apply(m, state, len(evs), change, played=played)
        carried += new.live is not None and new.live is played.hand
        assert_same(new, fresh(db, m))
        assert service.load(m)[1] is new  # kept for the next request
    assert carried > 5  # the copies were gone on from, not replayed


def open_turn(service: MatchService, m: dict[str, Any], rng: random.Random) -> MatchState:
    """The match played on until a turn stands open with a tile laid (its end may be tapped)."""
    for _ in range(200):
        evs, state = service.load(m)
        if phase(state) != "play":
            start(service, service.db(), m, rng)
            continue
        assert state.live is not None
        if END_TURN in choices(state.live):
            return state
        change, played = tap(state, rng)
        service.apply(m, state, len(evs), change, played=played)
    raise AssertionError("no open turn")


def test_a_copy_of_another_state_is_never_gone_on_from(service: MatchService, db: Db):
    rng = random.Random(7)
    m = dict(service.create("blitz", NAMES, {}))
    state = open_turn(service, m, rng)
    assert state.live is not None
    # the copy checked against this state: its turn ended on it
    live = turns.clone(state.live)
    assert turns.try_end_turn(live) is None
    stale = Played(state, live)
    # meanwhile another worker (its own kept states) ended the turn
    other = MatchService(lambda: db)
    _evs, theirs = other.load(m)
    other.apply(m, theirs, theirs.count, Change("end_turn", {}))
    # the end of a turn as this worker's copy has it, after the other worker's: its copy has as
    # many moves as the state it is given, but was made from another state
    _evs, now = service.load(m)
    assert now is not state and now.count == state.count + 1
    event = {"seq": now.count + 1, "kind": "end_turn", "data": {}}
    got = states.after(m, now, "end_turn", {}, stale)
    assert got.live is not live
    assert_same(got, replay.replay(m, now.events + [event]))
    # a copy of the very state given, with another move than the one logged: no more moves than
    # the state has + the one, so it is replayed too
    assert now.live is not None and now.live.to_move is not None
    mine = Played(now, turns.clone(now.live))
    data = {"player": now.live.players[now.live.to_move], "token": "pass", "open": False}
    got = states.after(m, now, "move", data, mine)
    assert got.live is not mine.hand
    assert_same(got, replay.replay(m, now.events + [{"seq": now.count + 1, "kind": "move", "data": data}]))
    # the same copy for the state it was made from, and the change it has, is gone on from
    fine = Played(state, turns.clone(state.live))
    assert turns.try_end_turn(fine.hand) is None
    got = states.after(m, state, "end_turn", {}, fine)
    assert got.live is fine.hand
    assert_same(got, replay.replay(m, state.events + [{"seq": state.count + 1, "kind": "end_turn", "data": {}}]))


def seqs(events: list[dict[str, Any]]) -> list[int]:
    return [e["seq"] for e in events]


def test_the_changes_in_force_are_carried_on_and_read_again_after_an_undo(service: MatchService, db: Db):
    """The changes in force (for the list back, the redo and «enter by result instead») are read
    once per state and carried on to the state a move makes; after an undo or a redo they are
    read from the log again: after every change they are the log's."""
    from referee.matches.log import undo_replayed

    rng = random.Random(3)
    m = dict(service.create("traditional", NAMES[:2], {"target": 60}))
    carried = undone = 0
    for _ in range(90):
        evs, state = service.load(m)
        replay.in_force(state)  # the table drawn from it read them
        kind = rng.random()
        if evs and kind < 0.15:
            change, played = Change("undo", {}), None
        elif evs and kind < 0.25:
            change, played = Change("redo", {}), None
        elif phase(state) == "play" and state.live is not None:
            change, played = tap(state, rng)
        elif phase(state) == "next":
            start(service, db, m, rng)
            continue
        else:
            break
        try:
            new, _said = service.apply(m, state, len(evs), change, played=played)
        except Exception:  # noqa: BLE001 - a redo with nothing undone, an undo the rules refuse
            continue
        was_carried = "_in_force" in new.__dict__
        carried += was_carried
        undone += change.kind in ("undo", "redo")
        assert not (was_carried and change.kind in ("undo", "redo"))
        kept, redo = replay.in_force(new)
        log_kept, log_redo = undo_replayed(store.events(db, m["id"]))
        assert (seqs(kept), seqs(redo)) == (seqs(log_kept), seqs(log_redo))
        assert kept == log_kept and redo == log_redo  # the stored changes, as stored
    assert carried > 10 and undone > 3


@pytest.mark.parametrize("variant,players,seed", CASES[:6])
def test_a_replay_given_a_finished_matchs_hands_says_its_winner_again(service: MatchService, db: Db,
                                                                       variant: str, players: int, seed: int):
    """``record.replay(done=...)`` given every hand of a match that is over (as a cold worker
    goes on from its checkpoint) says what a replay from scratch says: the totals, what hangs,
    the eggs, the winners, the goats."""
    from referee import record as rec
    from referee.matches.log import to_record

    rng = random.Random(seed)
    options = {"target": 60} if any(o.key == "target" for o in catalogue.spec(variant).options) else {}
    m = dict(service.create(variant, NAMES[:players], options))
    for _ in range(400):
        evs, state = service.load(m)
        ph = phase(state)
        if ph in ("over", "left"):
            break
        if ph != "play" or state.live is None:
            start(service, db, m, rng)
            continue
        change, played = tap(state, rng)
        service.apply(m, state, len(evs), change, played=played)
    whole = fresh(db, m)
    if phase(whole) != "over":
        pytest.skip("this seed's match waits for the tiles left by hand")
    assert whole.rep is not None and whole.rep.match_winner is not None
    again = rec.replay(rec.read(to_record(m, []), first=len(whole.rep.hands) + 1), done=whole.rep.hands)
    assert again.to_json() == whole.rep.to_json()
    assert (again.totals, again.hanging, again.eggs, again.match_winner, again.match_winners, again.goats,
            again.dry) == (whole.rep.totals, whole.rep.hanging, whole.rep.eggs, whole.rep.match_winner,
                           whole.rep.match_winners, whole.rep.goats, whole.rep.dry)
