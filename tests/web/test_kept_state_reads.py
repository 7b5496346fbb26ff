"""What only reads a match never changes the state the worker keeps for it (``states``).

The dispute tool checks a tile against the kept live hand itself (no copy: a check is asked of
the engine, never played). Seeded matches are played through the pages, and before every change
the tile check and the step-through are asked many times (every tile, both ways round, tiles
that fit and tiles refused, odd and broken inputs, by the edit link and the read-only one): the
kept state must be the very object it was, equal in every attribute to what it was before, and
the replay of the log from scratch; and the next change, made on it, must give the replay from
scratch again.
"""

from __future__ import annotations

import random

import pytest

from referee.web import get_db, store

from test_web_states import CASES, Worker, assert_same, step
from webhelpers import new_match
from test_web_states import options

ODD = ["", " ", "7:7", "3-5", " 6:6 ", "3:5:1", "35", "x", "٣:٥", "６:６", "3:5\x00", "9" * 300,
       "%", "-1:2", "0:0>6:6", "1:1;2:2"]


def snapshot(obj, depth: int = 0):
    """Every attribute of an engine object, as plain values (the variant object, which is shared
    by every hand of a match and holds the rules' caches, and the fit masks' caches, left out)."""
    if depth > 8:
        return repr(obj)
    if isinstance(obj, (str, int, float, bool, type(None))):
        return obj
    if isinstance(obj, (list, tuple)):
        return type(obj).__name__, [snapshot(x, depth + 1) for x in obj]
    if isinstance(obj, (set, frozenset)):
        return type(obj).__name__, sorted(repr(x) for x in obj)
    if isinstance(obj, dict):
        return "dict", sorted((repr(k), snapshot(v, depth + 1)) for k, v in obj.items())
    names = getattr(type(obj), "__mypyc_attrs__", None) or list(getattr(obj, "__dict__", {}))
    slots = [s for c in type(obj).__mro__ for s in getattr(c, "__slots__", ())]
    out = {}
    for k in list(names) + slots:
        if k in ("v", "_fit_any", "_fit_turn") or not hasattr(obj, k):
            continue
        out[k] = snapshot(getattr(obj, k), depth + 1)
    return type(obj).__name__, sorted(out.items())


def state_snapshot(st):
    return (st.count, [dict(e) for e in st.events], st.report, snapshot(st.live), snapshot(st.ended),
            snapshot(st.final), vars(st.error) if st.error else None)


def ask_everything(w: Worker, m: dict, rng: random.Random) -> int:
    """The tile check and the step-through asked many times; the answers' statuses checked."""
    from referee.rules.tiles import tile_str

    tiles = [tile_str(t) for t in range(28)]
    tiles += [":".join(reversed(t.split(":"))) for t in tiles]
    asked = rng.sample(tiles, 8) + rng.sample(ODD, 4)
    asked_n = 0
    for door, key in (("m", m["edit_key"]), ("s", m["view_key"])):
        resp = w.client.get(f"/{door}/{key}/check")
        assert resp.status_code == 200
        asked_n += 1
        for tile in asked:
            resp = w.client.get(f"/{door}/{key}/check", query_string={"tile": tile})
            assert resp.status_code in (200, 400, 409), (tile, resp.status_code)
            asked_n += 1
    with w.app.app_context():
        fresh = w.fresh(m)
    if fresh.hands:
        number = len(fresh.hands)
        moves = sum(len(t.moves) for t in fresh.hands[-1].turns)
        for k in sorted({0, moves // 2, moves}):
            for tile in rng.sample(tiles, 2) + [rng.choice(ODD)]:
                resp = w.client.get(f"/m/{m['edit_key']}/hands/{number}/step/{k}",
                                    query_string={"tile": tile})
                assert resp.status_code in (200, 400, 404, 409), (number, k, tile, resp.status_code)
                asked_n += 1
    return asked_n


@pytest.mark.parametrize("variant,players,opts,seed,steps", [CASES[1], CASES[2], CASES[3]],
                         ids=["traditional-4-kozel", "blitz-4", "muggins-2"])
def test_checking_tiles_never_changes_the_kept_state(tmp_path, variant, players, opts, seed, steps):
    path = str(tmp_path / "reads.db")
    w = Worker(path)
    names = ["Анфиса", "Всеволод", "Жан", "Стас"][:players]
    edit = new_match(w.client, variant, names, options(variant, players, **opts))
    rng = random.Random(seed * 7 + 1)
    checked_in_play = asked = 0
    for _ in range(min(steps, 36)):
        m = w.match(edit)
        w.page(edit)  # the table drawn: the worker keeps the match's state
        kept = w.kept(m)
        assert kept is not None
        before = state_snapshot(kept)
        with w.app.app_context():
            log = store.events(get_db(), m["id"])
        asked += ask_everything(w, m, rng)
        assert w.kept(m) is kept  # nothing was replayed again in its place, nothing new kept
        assert state_snapshot(kept) == before
        assert_same(m, kept, w.fresh(m))
        with w.app.app_context():
            assert store.events(get_db(), m["id"]) == log  # a check is never written
        if kept.live is not None and not kept.live.over:
            checked_in_play += 1
        # the next change is made on the kept state: still the log's replay afterwards
        step(w, edit, rng, variant)
        m = w.match(edit)
        w.page(edit)
        assert_same(m, w.kept(m), w.fresh(m))
    # the run went through what it is meant to test: checks on hands in play, many of them
    assert checked_in_play >= 10 and asked > 600
