"""The counting games' in-play shortcuts against the plain way of finding the same answer.

Seeded random hands of the counting games are walked move by move; at every position:

* ``count_after`` (the count a lay would make, found without laying it) equals the count of a
  copy of the layout with the tile laid there (``Layout.attach`` then ``Layout.end_count``), for
  every legal lay of every tile the player to move holds;
* lucky threes' ``drawn_scores`` (kept for the position it was asked in) answers as it does
  asked afresh, and each seat's in-play score (kept seat by seat) is its winnings less its
  penalties;
* fives and threes, whose turn-end hook is left out when the hand does not end on an empty
  bazaar, end every hand as the rules say under both settings.
"""

from __future__ import annotations

import random

import pytest

from referee.rules.playout import play_random, random_hand, walk
from referee.rules.tiles import PIPS
from referee.rules.variants import make_variant
from referee.rules.variants.counting import LuckyState, count_after


def _copied_count(h, t, c) -> int:
    if c.end < 0:
        return PIPS[t]                  # the lead: a lone tile counts its total
    lay = h.layout.copy()
    lay.attach(c.end, t, c.inner, c.across, 0, c.matador, c.shows)
    return lay.end_count()


CASES = [("lucky_threes", 2, {}), ("lucky_threes", 4, {}), ("fives", 2, {}), ("threes", 3, {}),
         ("muggins", 2, {}), ("bergen", 2, {})]


@pytest.mark.parametrize("variant, players, options", CASES)
def test_count_after_is_the_count_of_the_lay_made(variant, players, options):
    v = make_variant(variant, players, options)
    rng = random.Random(f"count_after/{variant}/{players}")
    checked = 0
    for _ in range(25):
        h = random_hand(variant, players, rng, options, v=v)
        for pos in walk(h, rng):
            if pos.over or pos.to_move is None:
                continue
            seat = pos.to_move
            for t in range(28):
                if not pos.holds(seat, t):
                    continue
                for c in pos.cands(t, seat, True)[0]:
                    assert count_after(pos.layout, t, c) == _copied_count(pos, t, c), (pos.history[-4:], t, c)
                    checked += 1
    assert checked > 500


@pytest.mark.parametrize("players", [2, 3, 4])
def test_lucky_threes_kept_answers_are_the_fresh_ones(players):
    v = make_variant("lucky_threes", players, {})
    rng = random.Random(f"lucky/{players}")
    asked = 0
    for _ in range(30):
        h = random_hand("lucky_threes", players, rng, {}, v=v)
        for pos in walk(h, rng):
            st = pos.vs
            assert isinstance(st, LuckyState)
            assert pos.scores == [w - p for w, p in zip(st.win, st.pen)], pos.history[-4:]
            if pos.over or pos.to_move is None:
                continue
            seat = pos.to_move
            kept = v.drawn_scores(pos, seat)
            again = v.drawn_scores(pos, seat)          # answered from what is kept
            st.drawn_key = None
            fresh = v.drawn_scores(pos, seat)
            assert kept == again == fresh, pos.history[-4:]
            asked += fresh
        st = h.vs
        assert h.scores == [w - p for w, p in zip(st.win, st.pen)]
    assert asked > 0                    # positions where the drawn tile must be laid were met


@pytest.mark.parametrize("variant", ["fives", "threes"])
@pytest.mark.parametrize("hand_end", ["empty_bazaar", "block"])
def test_fives_hands_end_under_either_hand_end(variant, hand_end):
    v = make_variant(variant, 2, {"hand_end": hand_end})
    assert v._turn_end == (hand_end == "empty_bazaar")
    rng = random.Random(f"fives/{variant}/{hand_end}")
    for _ in range(40):
        h = random_hand(variant, 2, rng, {"hand_end": hand_end}, v=v)
        play_random(h, rng)
        assert h.over and h.end in ("out", "block")
        if h.end == "block" and not (hand_end == "empty_bazaar" and h.drawable_n == 0):
            # not ended by the empty bazaar: a real block (nothing laid fits, or a round of
            # passes with nothing left to draw)
            assert h.blocked() or (h.passes_in_row >= h.n and h.drawable_n == 0), h.history[-6:]
