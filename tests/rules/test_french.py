"""The French game (variant 10), hands checked by hand against the rules brief.

Sum to 7 with honours 6:1 5:2 4:3 0:0 as matadors (ends as both_halves); the heaviest tile leads;
draw until playable; the hand ends out only with no tiles and an empty bazaar; penalty scoring.
"""

import pytest

from referee.rules import new_hand, parse_tile

from .seven import T, deal, hand, live, ok, one, record, refused

AB = ["A", "B"]

# -- hand 1: 2 players, 5 each, 18 in the bazaar -------------------------------------------------
D1 = deal(A="6:6 1:2 6:1 5:2 4:3", B="0:1 0:5 0:6 0:3 0:0")
BAZAAR_AFTER_T8 = ("0:4 1:1 1:3 1:4 1:5 2:2 2:3 2:4 2:6 3:3 3:5 3:6 4:4 4:5 4:6 5:5 5:6").split()
H1 = [
    T("A", "6:6"),                   # the heaviest tile leads: 6 | 6
    T("B", "0:1"),                   # 1 on 6: 6 | 0
    T("A", "1:2"),                   # 2 | 0
    T("B", "0:5"),                   # 0 | 0
    T("A", "6:1>0:5"),               # an honour on a blank end: 6/1 | 0
    T("B", "0:6"),                   # 6 on the 1 closes the 6: 0 | 0
    T("A", "5:2>0:6"),               # 5/2 | 0
    T("B", "draw 0:2", "0:2"),       # B keeps his honour 0:0 and draws until playable: 0 | 0
    T("A", "4:3>0:2"),               # A has no tiles, but the bazaar is not empty: play goes on
    T("B", "0:3"),                   # 3 on 4: 0 | 0; B holds 0:0
    T("A", *[f"draw {t}" for t in BAZAAR_AFTER_T8], "pass"),  # only 0:0 fits: A takes the bazaar
    T("B", "0:0>0:3"),               # B has no tiles and the bazaar is empty: out
]
A_LEFT = 115  # the 17 tiles A drew


def rec1(turns=H1, **opts):
    return record("french", AB, [hand(D1, turns)], **opts)


def test_out_needs_no_tiles_and_an_empty_bazaar_penalty_scoring():
    out = ok(rec1())
    h = out["hands"][0]
    assert (h["end"], h["winner"]) == ("out", "B")
    assert h["left"] == {"A": A_LEFT, "B": 0}
    # penalty: each player's own pips go against him
    assert h["points"] == {"A": A_LEFT, "B": 0}
    # A's total reaches the limit (100): the lowest total wins the match
    assert out["match_winner"] == "B"


def test_limit_option():
    out = ok(rec1(limit=200))
    assert out["match_winner"] is None
    assert out["totals"] == {"A": A_LEFT, "B": 0}


def test_player_with_no_tiles_is_not_out_while_the_bazaar_has_tiles():
    out = ok(rec1(H1[:9]))
    assert out["hands"][0]["end"] is None


def test_player_with_no_tiles_must_still_draw():
    refused(rec1(H1[:10] + [T("A", "pass")]), "pass.must_draw", turn=11)
    # and must draw until playable (here: the whole bazaar)
    t11 = [f"draw {t}" for t in BAZAAR_AFTER_T8[:-1]] + ["pass"]
    refused(rec1(H1[:10] + [T("A", *t11)]), "pass.must_draw", turn=11)


def test_everybody_without_tiles_still_draws_while_the_bazaar_has_tiles():
    d = deal(A="6:6 1:2 6:1 5:2 4:3", B="0:1 0:5 0:6 0:2 0:3")
    turns = H1[:7] + [T("B", "0:2"), T("A", "4:3>0:2"), T("B", "0:3")]
    # both players have laid their last tile, but 18 tiles are still in the bazaar: play goes on
    assert ok(record("french", AB, [hand(d, turns)]))["hands"][0]["end"] is None
    refused(record("french", AB, [hand(d, turns + [T("A", "pass")])]), "pass.must_draw", turn=11)
    # A draws 0:0 at once and lays it: both ends blank, all four honours down: a block
    h = one(record("french", AB, [hand(d, turns + [T("A", "draw 0:0", "0:0>0:3")])]))
    assert (h["end"], h["winner"], h["points"]) == ("block", None, {"A": 0, "B": 0})


def test_draw_until_playable_and_lay_the_fitting_tile():
    # turn 8: B may keep 0:0; he draws; a drawn tile that fits must be laid
    refused(rec1(H1[:7] + [T("B", "draw 0:2", "pass")]), "pass.must_play", turn=8)
    refused(rec1(H1[:7] + [T("B", "pass")]), "pass.must_draw", turn=8)
    # and may not draw on past it
    refused(rec1(H1[:7] + [T("B", "draw 0:2", "draw 1:1")]), "draw.must_play", turn=8)


def test_honours_never_compulsory_unless_the_option_says_so():
    refused(rec1(H1[:7] + [T("B", "draw 0:2", "0:2")], matador_compulsory="yes"), "draw.must_play", turn=8)


def test_heaviest_tile_leads():
    refused(record("french", AB, [hand(D1, [T("B", "0:1")])]), "lead.wrong_player", turn=1)
    refused(record("french", AB, [hand(D1, [T("A", "1:2")])]), "lead.wrong_tile", turn=1)


def test_heaviest_tie_between_players_lowest_seat_leads():
    # 6:6 and 6:5 are in the bazaar: 6:4 (A) and 5:5 (B) weigh 10 each
    d = deal(A="6:4 0:1 0:2 0:3 1:1", B="5:5 1:2 1:3 2:2 2:3")
    h = new_hand("french", AB, deal=d)
    assert h.to_move == 0
    refused(record("french", AB, [hand(d, [T("B", "5:5")])]), "lead.wrong_player", turn=1)
    ok(record("french", AB, [hand(d, [T("A", "6:4")])]))
    # the same tiles with B seated first: B leads
    h2 = new_hand("french", ["B", "A"], deal=d)
    assert h2.players[h2.to_move] == "B"


def test_one_player_with_two_tied_tiles_leads_either():
    d = deal(A="6:4 5:5 0:2 0:3 1:1", B="0:1 1:2 1:3 2:2 2:3")
    ok(record("french", AB, [hand(d, [T("A", "6:4")])]))
    ok(record("french", AB, [hand(d, [T("A", "5:5")])]))
    refused(record("french", AB, [hand(d, [T("A", "0:2")])]), "lead.wrong_tile", turn=1)


def test_honours_as_matadors_both_halves():
    h = live("french", AB, {}, D1, H1[:5])
    assert sorted(e.values for e in h.layout.ends) == [(0,), (1, 6)]
    # 0:6: 6 on the 1 (sum 7); it cannot go on the blank
    assert h.places_for(parse_tile("0:6")) == ["6:0>1:6"]


# -- hand 2: 5 players, 3 in the bazaar; both ends blank and all four honours on the table --------
D5 = deal(A="6:6 5:2 5:6 4:6 5:5", B="0:1 0:2 1:1 1:2 1:3", C="6:1 4:3 1:4 1:5 2:2",
          D="0:6 0:3 2:3 2:4 2:6", E="0:0 3:3 3:5 3:6 4:4")
H5 = [
    T("A", "6:6"),                   # 6 | 6
    T("B", "0:1"),                   # 6 | 0
    T("C", "6:1>6:6 across"),        # 6/1 | 0 (it could also go along, 1 on 6)
    T("D", "0:6"),                   # 0 | 0
    T("E", "0:0>0:6"),               # 0 | 0
    T("A", "5:2>0:0"),               # 5/2 | 0
    T("B", "0:2"),                   # 0 | 0
    T("C", "4:3>0:2"),               # 4/3 | 0
    T("D", "0:3"),                   # 0 | 0 and all four honours are down: block at once
]
LEFT5 = {"A": 11 + 10 + 10, "B": 2 + 3 + 4, "C": 5 + 6 + 4, "D": 5 + 6 + 8, "E": 6 + 8 + 9 + 8}


def test_both_ends_blank_and_all_honours_down_is_a_block_at_once():
    h = one(record("french", list("ABCDE"), [hand(D5, H5)]))
    assert (h["end"], h["winner"]) == ("block", "B")
    assert h["left"] == LEFT5
    assert h["points"] == LEFT5


def test_no_turn_after_the_honours_block():
    refused(record("french", list("ABCDE"), [hand(D5, H5 + [T("E", "pass")])]), "hand.over", turn=10)


def test_three_honours_down_is_not_a_block():
    out = ok(record("french", list("ABCDE"), [hand(D5, H5[:7])]))
    assert out["hands"][0]["end"] is None


def test_unknown_deal_needs_left_and_the_heaviest_rule_is_not_checked():
    h = one(record("french", list("ABCDE"), [hand(None, H5, left=LEFT5)]))
    assert (h["end"], h["winner"], h["points"]) == ("block", "B", LEFT5)
    refused(record("french", list("ABCDE"), [hand(None, H5)]), "left.missing")


def test_block_tie_for_fewest_has_no_winner_but_everyone_pays():
    left = dict(LEFT5, C=9)
    h = one(record("french", list("ABCDE"), [hand(None, H5, left=left)]))
    assert h["winner"] is None
    assert h["points"] == left


def test_double_blank_counts_zero():
    left = dict(LEFT5, B=["1:1", "1:2", "1:3"])
    h = one(record("french", list("ABCDE"), [hand(None, H5, left=left)]))
    assert h["left"]["B"] == 9
    hh = new_hand("french", AB, deal=deal(A="6:6 0:1 0:2 0:3 1:1", B="0:0 1:2 1:3 2:2 2:3"))
    hh.hands[1] = 1  # only 0:0 left
    assert hh.pips_of(1, hh.v.lone_blank) == 0


@pytest.mark.parametrize("n,size", [(2, 5), (3, 5), (4, 5), (5, 5)])
def test_deal_five_each(n, size):
    h = new_hand("french", [f"P{i}" for i in range(n)])
    assert (h.size, h.bazaar_count) == (size, 28 - n * size)
