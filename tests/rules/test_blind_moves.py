"""The blind variants' move list (used by the playouts) equals what play() accepts."""

import random

import pytest

from referee.rules.playout import random_hand, walk


@pytest.mark.parametrize("variant", ["blind_blitz", "dark"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_move_list_equals_trial_by_copy(variant, players):
    for seed in range(8):
        rng = random.Random(seed)
        for h in walk(random_hand(variant, players, rng), rng, max_steps=400):
            assert sorted(h.legal_tokens()) == sorted(h.v.legal_tokens_by_trial(h)), h.history[-5:]
