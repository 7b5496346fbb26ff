"""The benchmark's hot path against the engine's reference paths, in every variant.

Seeded random hands of every variant, every player count and the option sets of the playout
tests are played move by move as ``play_random`` plays them. Before every move of the player to
move, ``Hand.turn_choices()`` (the random player's one question: the lays, whether he may draw,
whether he may pass) must give exactly what the token path finds: each lay's token equals
``places_for`` tile by tile (known hands), and the draw and the pass answer as ``draw_error()``
and ``pass_error()`` do. At the end of every turn, a copy of the hand whose last end test is
forgotten runs the full end test: the hand that skipped it (a turn ending right after a lay)
must stand exactly as the copy does. Where a lay closes the turn (the one-tile games),
``Hand.play_lay_end`` (what ``play_random`` plays) must leave the hand, its table included, exactly
as ``play_lay`` and ``end_turn`` one after the other leave a copy of it.

``tests/data/playout_digests.json`` holds, for every variant and player count, a digest of
seeded playouts (the moves, the end, the winner, the scores and the tiles left) made with the
engine before its hot path was restructured (main at 5eb9cf1), through the fast path
(``play_random``) and through tokens (``walk``): the engine of today must play the very same
hands. Regenerate (only after a deliberate change of the playouts' moves or order):
``python -m tests.rules.test_hot_path > tests/data/playout_digests.json``.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

from referee.rules import clone
from referee.rules.catalogue import VARIANTS
from referee.rules.playout import play_random, random_hand, walk
from referee.rules.tiles import tiles_of
from referee.rules.variants import make_variant

from .test_playouts import OPTION_CASES

DIGESTS = Path(__file__).resolve().parent.parent / "data" / "playout_digests.json"

CASES = [(name, n, {}) for name, spec in VARIANTS.items() for n in spec.player_counts] + OPTION_CASES


def _same_state(a, b) -> tuple:
    return (a.over, a.end, a.winner, a.to_move, a.first_out, list(a.scores)) == \
        (b.over, b.end, b.winner, b.to_move, b.first_out, list(b.scores))


def _end_turn_checked(h) -> None:
    """``h.end_turn()``, with the full end test run on a copy and compared."""
    full = clone(h)
    full._end_seen = -1              # forget the lay's end test: the copy runs the whole test
    h.end_turn()
    full.end_turn()
    assert _same_state(h, full), ("end of turn", h.v.name, h.history[-6:])


def _snapshot(h) -> tuple:
    """Everything a move changes in a hand, its table included."""
    lay = h.layout
    placed = [(p.tile, p.inner, p.outer, p.across, p.parent, p.arm, p.seat, p.dead, p.matador, p.down, p.cut)
              for p in lay.placed]
    ends = [(e.anchor, e.values, e.count, e.arm, e.sym, e.spin) for e in lay.ends]
    return (list(h.history), [(s, list(m)) for s, m in h.turn_log], h.to_move, h.next_seat, h.over, h.end,
            h.winner, h.first_out, h.maker, list(h.scores), list(h.counts), list(h.hands), h.stock, h.stock_n,
            h.t_laid, h.t_last, h.t_draws, h.t_drawn, h.t_passed, list(h.t_moves), h.passes_in_row,
            h._end_seen, lay.mask, lay.version, placed, ends, lay.spinner, lay.spin_started, lay.root)


def _check_choices(h) -> tuple[list, bool, bool]:
    lays, draw, pass_ = h.turn_choices()
    assert lays == h.lay_options(), (h.v.name, h.history[-6:])
    if h.t_laid:
        assert not draw and not pass_
    else:
        assert draw == (h.draw_error() is None) == h.can_draw(), (h.v.name, h.history[-6:])
        assert pass_ == (h.pass_error() is None) == h.can_pass(), (h.v.name, h.history[-6:])
    seat = h.to_move
    if h.known[seat] and not h.v.blind:
        tokens = [tok for t in tiles_of(h.hands[seat]) for tok in h.places_for(t)]
        assert [h.token_for(t, c) for t, c in lays] == tokens, (h.v.name, h.history[-6:])
    return lays, draw, pass_


def _play_checked(h, rng: random.Random) -> int:
    """``play_random``'s moves, every position checked as the module says."""
    from referee.rules.playout import _PASS, _random_draw_move

    laid = 0
    for _ in range(5000):
        if h.over:
            return laid
        lays, draw, pass_ = _check_choices(h)
        if not h.t_laid:
            n = len(lays) + draw + pass_
            assert n, ("no legal move", h.v.name, h.history[-6:])
            k = rng.randrange(n)
            if k < len(lays) and not h.v.multi_lay and not h.v._multi_rule:
                # the one-tile games' random player lays and ends the turn in one call: the
                # same as the lay and the end of the turn one after the other
                ref = clone(h)
                ref.play_lay(*lays[k])
                if not ref.over:
                    _end_turn_checked(ref)
                h.play_lay_end(*lays[k])
                assert _snapshot(h) == _snapshot(ref), ("play_lay_end", h.v.name, h.history[-6:])
                laid += 1
                continue
            if k < len(lays):
                h.play_lay(*lays[k])
                laid += 1
            else:
                h.play(_random_draw_move(h, rng) if draw and k == len(lays) else _PASS)
        else:
            n = len(lays) + 1 if h.turn_open else len(lays)
            k = rng.randrange(n)
            if k < len(lays):
                h.play_lay(*lays[k])
                laid += 1
            else:
                _end_turn_checked(h)
                continue
        if not h.over and not h.turn_open:
            _end_turn_checked(h)
    raise AssertionError("hand did not end")


@pytest.mark.parametrize("variant, players, options", CASES,
                         ids=[f"{v}-{n}-{'-'.join(f'{k}={x}' for k, x in o.items())}" for v, n, o in CASES])
def test_turn_choices_and_the_end_test_agree_with_the_reference_paths(variant, players, options):
    v = make_variant(variant, players, options)
    rng = random.Random(f"hot/{variant}/{players}/{sorted(options.items())}")
    if v.blind:
        # the blind variants' random player goes by tokens; the choices are still checked
        for _ in range(12):
            h = random_hand(variant, players, rng, options, v=v)
            for pos in walk(h, rng):
                if not pos.over and pos.to_move is not None:
                    _check_choices(pos)
        return
    ended = 0
    for _ in range(40):
        h = random_hand(variant, players, rng, options, v=v)
        _play_checked(h, rng)
        ended += h.over
    assert ended == 40


def digest(variant: str, n: int, path: str) -> str:
    v = make_variant(variant, n, {})
    rng = random.Random(f"{variant}/{n}/{path}")
    sha = hashlib.sha256()
    for _ in range(30 if path == "fast" else 8):
        h = random_hand(variant, n, rng, {}, v=v)
        if path == "fast":
            play_random(h, rng)
        else:
            for _ in walk(h, rng):
                pass
        sc = v.score(h) if h.end in ("out", "block") else None
        sha.update(repr((h.history, h.end, h.winner, h.scores, sc and sc.points, h.counts)).encode())
    return sha.hexdigest()[:16]


DIGEST_CASES = [(name, n, path) for name, spec in VARIANTS.items() for n in spec.player_counts
                for path in ("fast", "tokens")]


@pytest.mark.parametrize("variant, players, path", DIGEST_CASES)
def test_seeded_playouts_are_the_reference_engines(variant, players, path):
    want = json.loads(DIGESTS.read_text())[f"{variant}/{players}/{path}"]
    assert digest(variant, players, path) == want


if __name__ == "__main__":  # pragma: no cover
    json.dump({f"{v}/{n}/{p}": digest(v, n, p) for v, n, p in DIGEST_CASES}, sys.stdout, indent=0,
              sort_keys=True)
    print()
