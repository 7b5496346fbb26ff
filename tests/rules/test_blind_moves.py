"""The blind variants' move list (used by the playouts) equals what play() accepts."""

import random

import pytest

from referee.rules.playout import END_TURN, choices, random_hand
from referee.rules.tiles import tile_str, tiles_of


@pytest.mark.parametrize("variant", ["blind_blitz", "dark"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_move_list_equals_trial_by_copy(variant, players):
    for seed in range(8):
        rng = random.Random(seed)
        h = random_hand(variant, players, rng)
        steps = 0
        while not h.over and steps < 400:
            steps += 1
            assert sorted(h.legal_tokens()) == sorted(h.v.legal_tokens_by_trial(h)), h.history[-5:]
            tok = rng.choice(choices(h))
            if tok == END_TURN:
                h.end_turn()
                continue
            if tok == "draw" and h.stock > 0:
                tok = "draw " + tile_str(rng.choice(tiles_of(h.stock)))
            h.play(tok)
            if not h.over and not h.turn_open:
                h.end_turn()
