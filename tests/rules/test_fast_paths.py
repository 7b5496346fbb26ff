"""The playouts' fast paths agree with the checks a token goes through.

``Hand.lay_options`` (the benchmark's move list) gives exactly the lays that ``places_for``
finds tile by tile; ``Variant.placements`` gives what ``candidates`` gives tile by tile;
``can_draw``/``can_pass`` answer as ``draw_error``/``pass_error`` do.
"""


import pytest

from referee.rules.catalogue import VARIANTS
from referee.rules.tiles import ALL_MASK, tiles_of

from .recs import positions

CASES = [(name, n) for name, spec in VARIANTS.items() for n in sorted({spec.min_players, spec.max_players})]


@pytest.mark.parametrize("variant, players", CASES)
def test_fast_paths_agree_with_the_token_checks(variant, players):
    for seed in range(4):
        for h in positions(variant, players, seed, 60):
            seat = h.to_move
            if seat is None:
                continue
            v = h.v
            free = ALL_MASK & ~h.layout.mask
            for turn in (False, True):
                slow = []
                distinct = []
                for t in tiles_of(free):
                    cs = v.candidates(h, t, seat, turn)[0]
                    if cs:
                        slow.append((t, tuple(cs)))
                        seen = {}
                        for c in cs:
                            seen.setdefault(h.effect_key(c, t), c)
                        distinct.append((t, tuple(seen.values())))
                assert v.placements(h, free, seat, turn) == slow, (variant, h.history[-4:])
                assert v.placements(h, free, seat, turn, True) == distinct, (variant, h.history[-4:])
            assert h.can_draw() == (h.draw_error() is None), (variant, h.history[-4:])
            assert h.can_pass() == (h.pass_error() is None), (variant, h.history[-4:])
            if v.blind or not h.known[seat]:
                continue
            fast = [h.token_for(t, c) for t, c in h.lay_options()]
            tokens = [tok for t in tiles_of(h.hands[seat]) for tok in h.places_for(t)]
            assert fast == tokens, (variant, h.history[-4:])
