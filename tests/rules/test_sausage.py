"""Sausage (variant 7), hands checked by hand against the rules brief.

1:1 is the root; two lanes grow from its halves; a lane may be at most one tile longer than the
other; a cut (`a:b cut`) across level lanes hands every lane tile to the previous player, who
moves next, and the cut tile is the new root.
"""

import pytest

from referee.rules import new_hand, parse_tile, tile_str
from referee.rules.tiles import popcount

from .seven import T, deal, hand, live, ok, one, record, refused

AB = ["A", "B"]

# -- hand 1: 2 players, 7 each, 14 in the bazaar (drawing until playable) --------------------------
D1 = deal(A="1:1 1:5 5:5 4:5 1:3 1:4 3:4", B="1:2 2:5 5:6 6:6 3:6 3:3 0:3")
H1 = [
    T("A", "1:1"),                 # the root
    T("B", "1:2"),                 # lane a: 2                (1, 0)
    T("A", "1:5"),                 # lane b (balance): 2 | 5  (1, 1)
    T("B", "2:5 cut"),             # level: 1:2 and 1:5 go to A, who moves next; 2:5 is the root
    T("A", "1:2"),                 # a returned tile again: 1 | 5   (1, 0)
    T("B", "5:6"),                 # 1 | 6   (1, 1)
    T("A", "1:5"),                 # 5 | 6   (2, 1)
    T("B", "6:6"),                 # 5 | 6   (2, 2)
    T("A", "5:5"),                 # 5 | 6   (3, 2)
    T("B", "3:6"),                 # 5 | 3   (3, 3)
    T("A", "4:5"),                 # 4 | 3   (4, 3)
    T("B", "3:3"),                 # 4 | 3   (4, 4)   (A could cut with 3:4 now; he need not)
    T("A", "1:3"),                 # 4 | 1   (4, 5)
    T("B", "draw 0:6", "draw 0:4", "0:4"),  # only lane a is open: draws until a 4 comes: 0 | 1
    T("A", "1:4"),                 # 0 | 4   (5, 6)
    T("B", "0:3"),                 # 3 | 4   (6, 6)
    T("A", "3:4 cut"),             # his last tile: A is out, and B still gets the piece
]
# the piece: lane a 1:2 1:5 5:5 4:5 0:4 0:3 (35), lane b 5:6 6:6 3:6 3:3 1:3 1:4 (47); B also holds 0:6
B_LEFT = 6 + 35 + 47


def rec1(turns=H1, hands_after=(), **opts):
    return record("sausage", AB, [hand(D1, turns)] + list(hands_after), **opts)


def test_cut_with_the_last_tile_hands_the_piece_over_and_the_cutter_is_out():
    h = one(rec1())
    assert (h["end"], h["winner"]) == ("out", "A")
    assert h["left"] == {"A": 0, "B": B_LEFT}
    # scoring=wins: a hand won counts 1
    assert h["points"] == {"A": 1, "B": 0}


def test_credit_scoring():
    out = ok(rec1(scoring="credit"))
    assert out["hands"][0]["points"] == {"A": B_LEFT, "B": 0}
    assert out["match_winner"] is None
    out = ok(rec1(scoring="credit", target=80))
    assert out["match_winner"] == "A"


def test_wins_scoring_has_no_target_unless_set():
    assert ok(rec1())["match_winner"] is None
    assert ok(rec1(target=1))["match_winner"] == "A"


def test_28_tiles_are_accounted_for_through_the_cuts():
    h = new_hand("sausage", AB, deal=D1)
    for t in H1:
        for m in t["moves"]:
            h.play(m)
            table = h.layout.mask
            assert popcount(table) == len(h.layout.placed)
            held = 0
            for s in range(2):
                assert popcount(h.hands[s]) == h.counts[s]
                assert not (h.hands[s] & table) and not (h.hands[s] & held)
                held |= h.hands[s]
            assert not (h.stock & (table | held))
            assert popcount(table) + sum(h.counts) + h.bazaar_count == 28
            assert (table | held | h.stock) == (1 << 28) - 1
        if not h.over:
            h.end_turn()
    # at the end: the two old roots (dead) and the new root 3:4
    assert sorted(tile_str(p.tile) for p in h.layout.placed) == ["1:1", "2:5", "3:4"]
    assert [p.dead for p in h.layout.placed] == [True, True, False]
    assert h.counts == [0, 13] and h.bazaar_count == 12


def test_the_cut_returns_the_lane_tiles_and_makes_a_new_root():
    h = live("sausage", AB, {}, D1, H1[:4])
    assert sorted(tile_str(t) for t in h.known_hand(0)) == ["1:2", "1:3", "1:4", "1:5", "3:4", "4:5", "5:5"]
    assert h.counts == [7, 5]
    assert h.players[h.to_move] == "A"
    assert sorted(e.values for e in h.layout.ends) == [(2,), (5,)]
    assert h.layout.lanes == [[], []]
    # 1:2 goes on the new root's 2, naming the root while the lane is empty
    assert h.places_for(parse_tile("1:2")) == ["2:1>2:5@2"]


def test_balance_a_lane_may_stick_out_by_one_tile_only():
    # at a real table: after 1:1 and 1:2 (lane a), 2:3 on lane a is refused
    turns = [T("A", "1:1"), T("B", "1:2"), T("A", "2:3>1:2")]
    refused(record("sausage", AB, [hand(None, turns)]), "sausage.balance", turn=3)
    ok(record("sausage", AB, [hand(None, turns[:2] + [T("A", "1:3")])]))


def test_cut_needs_level_lanes_and_both_numbers():
    turns = [T("A", "1:1"), T("B", "1:2"), T("A", "1:5"), T("B", "5:6")]
    refused(record("sausage", AB, [hand(None, turns + [T("A", "2:6 cut")])]), "sausage.cut", turn=5)
    refused(record("sausage", AB, [hand(None, turns[:3] + [T("B", "2:6 cut")])]), "sausage.cut", turn=4)
    # a bare tile that could go on a lane or across: the lane is meant
    h = live("sausage", AB, {}, None, turns[:3])
    assert sorted(h.places_for(parse_tile("2:5"))) == ["2:5 cut", "2:5>1:2", "5:2>1:5"]


def test_draw_until_playable_with_two_or_three_players():
    refused(rec1(H1[:13] + [T("B", "pass")]), "pass.must_draw", turn=14)
    refused(rec1(H1[:13] + [T("B", "draw 0:6", "pass")]), "pass.must_draw", turn=14)
    refused(rec1(H1[:13] + [T("B", "draw 0:4", "draw 0:6")]), "draw.must_play", turn=14)
    refused(rec1(H1[:4] + [T("A", "draw 0:0")]), "draw.must_play", turn=5)


# -- the cut moves the turn: 3 players at a real table --------------------------------------------
H3 = [T("A", "1:1"), T("B", "1:2"), T("C", "1:5"), T("A", "2:5 cut")]


def test_cut_the_previous_player_moves_next_then_clockwise_from_him():
    h = live("sausage", list("ABC"), {}, None, H3)
    # the piece (1:2 1:5) went to C, the seat before A
    assert h.counts == [5, 6, 8]
    assert h.players[h.to_move] == "C"
    out = ok(record("sausage", list("ABC"), [hand(None, H3 + [T("C", "1:2"), T("A", "5:5"), T("B", "1:3")])]))
    assert out["hands"][0]["end"] is None
    refused(record("sausage", list("ABC"), [hand(None, H3 + [T("B", "2:3")])]), "turn.wrong_player", turn=5)
    # the returned tiles are known to be C's
    refused(record("sausage", list("ABC"), [hand(None, H3 + [T("C", "2:3"), T("A", "1:2")])]),
            "tile.elsewhere", turn=6)


# -- cut_when=any: lanes one tile apart, give left / give right -------------------------------------
DA = deal(A="1:1 1:5 2:6 0:0 0:1 0:2 0:3", B="1:2 5:6 3:3 3:4 4:4 4:5 4:6")
HA = [T("A", "1:1"), T("B", "1:2"), T("A", "1:5"), T("B", "5:6")]   # lanes (1, 2): 2 | 6


def test_cut_when_level_refuses_lanes_apart():
    refused(record("sausage", AB, [hand(DA, HA + [T("A", "2:6 cut give left")])]), "sausage.cut", turn=5)


def test_cut_when_any_give_left_the_tiles_up_to_the_shorter_lane():
    h = live("sausage", AB, {"cut_when": "any"}, DA, HA + [T("A", "2:6 cut give left")])
    # 1:2 and 1:5 go to B; the protruding 5:6 stays on the table, dead
    assert sorted(tile_str(t) for t in h.known_hand(1)) == ["1:2", "1:5", "3:3", "3:4", "4:4", "4:5", "4:6"]
    assert sorted((tile_str(p.tile), p.dead) for p in h.layout.placed) == [("1:1", True), ("2:6", False),
                                                                          ("5:6", True)]
    assert h.counts == [4, 7] and sum(h.counts) + len(h.layout.placed) + h.bazaar_count == 28
    assert h.players[h.to_move] == "B"
    assert sorted(e.values for e in h.layout.ends) == [(2,), (6,)]


def test_cut_when_any_give_right_the_protruding_tile_alone():
    h = live("sausage", AB, {"cut_when": "any"}, DA, HA + [T("A", "2:6 cut give right")])
    assert sorted(tile_str(t) for t in h.known_hand(1)) == ["3:3", "3:4", "4:4", "4:5", "4:6", "5:6"]
    assert sorted((tile_str(p.tile), p.dead) for p in h.layout.placed) == [
        ("1:1", True), ("1:2", True), ("1:5", True), ("2:6", False)]
    assert h.counts == [4, 6] and sum(h.counts) + len(h.layout.placed) + h.bazaar_count == 28
    # 5:6 may be played again on the new root's 6; the dead 1:2 may not
    assert h.places_for(parse_tile("5:6")) == ["6:5>2:6@6"]


def test_cut_when_any_the_cutter_must_say_which_piece():
    refused(record("sausage", AB, [hand(DA, HA + [T("A", "2:6 cut")])], cut_when="any"), "sausage.give", turn=5)
    # level lanes under `any`: the whole piece, no choice to make
    h = live("sausage", AB, {"cut_when": "any"}, D1, H1[:4])
    assert h.counts == [7, 5]


# -- 4 players: no bazaar, a player who cannot play passes ------------------------------------------
D4 = deal(A="1:1 0:0 0:2 0:4 0:6 2:2 2:4", B="1:2 2:6 4:4 4:6 6:6 0:3 3:5",
          C="2:3 2:5 3:3 3:4 3:6 0:5 5:5", D="1:3 1:4 1:5 1:6 4:5 5:6 0:1")
H4 = [T("A", "1:1"), T("B", "1:2"), T("C", "pass"), T("D", "1:3")]


def test_four_players_pass():
    out = ok(record("sausage", list("ABCD"), [hand(D4, H4)]))
    assert out["hands"][0]["end"] is None
    # C's 2:3 and 2:5 match the 2 of lane a, but lane a is already one tile longer: no fit, C passes
    h = live("sausage", list("ABCD"), {}, D4, H4[:2])
    assert h.places_for(parse_tile("2:3")) == [] and h.explain(parse_tile("2:3")).rule == "sausage.balance"
    refused(record("sausage", list("ABCD"), [hand(D4, H4[:2] + [T("C", "draw 0:0")])]), "draw.no_bazaar", turn=3)
    # lane b is the only open lane (balance): C's 0:1 would fit it, D's tiles are no use to C
    d = deal(A="1:1 0:0 0:2 0:4 0:6 2:2 2:4", B="1:2 2:6 4:4 4:6 6:6 0:3 3:5",
             C="2:3 2:5 3:3 3:4 3:6 0:1 5:5", D="1:3 1:4 1:5 1:6 4:5 5:6 0:5")
    refused(record("sausage", list("ABCD"), [hand(d, H4[:2] + [T("C", "pass")])]), "pass.must_play", turn=3)


def test_block_at_a_real_table_scored_as_traditional():
    turns = [T("A", "1:1"), T("B", "1:2"), T("C", "pass"), T("D", "pass"), T("A", "pass"), T("B", "pass")]
    left = {"A": 30, "B": 25, "C": 40, "D": 50}
    h = one(record("sausage", list("ABCD"), [hand(None, turns, left=left)], scoring="credit"))
    assert (h["end"], h["winner"]) == ("block", "B")
    assert h["points"] == {"A": 0, "B": 30 + 40 + 50 - 25, "C": 0, "D": 0}
    h = one(record("sausage", list("ABCD"), [hand(None, turns, left=left)]))
    assert (h["winner"], h["points"]) == ("B", {"A": 0, "B": 1, "C": 0, "D": 0})


# -- the lead ----------------------------------------------------------------------------------------
def test_root_is_1_1_else_the_next_double_else_redeal():
    refused(rec1([T("B", "1:2")]), "lead.wrong_player", turn=1)
    refused(record("sausage", AB, [hand(D1, [T("A", "1:5")])]), "lead.wrong_tile", turn=1)
    # nobody holds 1:1: 2:2 leads
    d = deal(A="0:1 0:2 0:3 0:4 0:5 2:2 3:3", B="1:2 1:3 1:4 1:5 1:6 2:3 2:4")
    h = new_hand("sausage", AB, deal=d)
    assert (h.to_move, tile_str(h.lead_tile)) == (0, "2:2")
    # no double dealt: redeal, and a hand with turns is refused
    d = deal(A="0:1 0:2 0:3 0:4 0:5 0:6 2:3", B="1:2 1:3 1:4 1:5 1:6 2:4 2:5")
    out = ok(record("sausage", AB, [hand(d)]))
    assert out["hands"][0]["end"] == "redeal"
    refused(record("sausage", AB, [hand(d, [T("A", "0:1")])]), "hand.no_double")


def test_next_hand_the_previous_winner_leads_any_double():
    # hand 2: A (who won hand 1) leads any double; 1:1 is B's
    d2 = deal(A="4:4 0:2 0:3 0:4 0:5 2:3 2:4", B="1:1 1:2 1:3 1:4 1:5 1:6 0:1")
    ok(rec1(hands_after=[hand(d2, [T("A", "4:4")])]))
    refused(rec1(hands_after=[hand(d2, [T("B", "1:1")])]), "lead.wrong_player", turn=1)
    refused(rec1(hands_after=[hand(d2, [T("A", "2:3")])]), "lead.double", turn=1)
    # A holds no double: the opener rule (1:1) applies
    d3 = deal(A="3:4 0:2 0:3 0:4 0:5 2:3 2:4", B="1:1 1:2 1:3 1:4 1:5 1:6 0:1")
    ok(rec1(hands_after=[hand(d3, [T("B", "1:1")])]))
    refused(rec1(hands_after=[hand(d3, [T("A", "3:4")])]), "lead.wrong_player", turn=1)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_seven_each(n):
    h = new_hand("sausage", [f"P{i}" for i in range(n)])
    assert (h.size, h.bazaar_count) == (7, 28 - 7 * n)


# -- a block that only the balance rule makes: two cuts on the way ----------------------------------
DB = deal(A="4:4 2:2 1:1 4:5 0:4 4:6 1:6", B="3:3 0:2 6:6 1:4 0:1 5:5 2:4")
HB = [
    T("A", "1:1"), T("B", "1:0>1:1"), T("A", "1:6>1:1"), T("B", "0:2>1:0"), T("A", "6:4>1:6"),
    T("B", "2:4 cut"),                              # 0:1 0:2 1:6 4:6 go to A; root 2:4
    T("A", "4:5>2:4@4"),
    T("B", "draw 2:3", "2:3>2:4"),
    T("A", "draw 2:6", "draw 3:5", "3:5 cut"),      # 2:3 4:5 go to B; root 3:5
    T("B", "3:2>3:5@3"), T("A", "draw 1:5", "5:1>3:5"), T("B", "1:4>5:1"), T("A", "2:2>3:2"),
    T("B", "4:5>1:4"), T("A", "2:0>2:2"), T("B", "5:5>4:5"), T("A", "0:4>2:0"),
    T("B", "draw 3:6", "draw 0:6", "draw 0:0", "draw 3:4", "4:3>0:4"),
    T("A", "draw 1:2", "draw 5:6", "5:6>5:5"), T("B", "3:3>4:3"), T("A", "6:4>5:6"), T("B", "3:6>3:3"),
    T("A", "4:4>6:4"),
    T("B", "6:0>3:6"),   # lanes 8 | 7: the long lane shows 0, the short one 4 (every 4 is down)
]


def test_block_when_only_the_balance_rule_keeps_tiles_out():
    h = one(record("sausage", AB, [hand(DB, HB)], scoring="credit"))
    # 0:1 (A), 0:0 (B) and 0:3 0:5 (bazaar) would fit the blank, but that lane is the long one
    assert (h["end"], h["winner"]) == ("block", "B")
    # A 0:1 1:6 2:6 1:2 = 19; B 6:6 0:0 = 12 (0:0 is not alone: it counts 0)
    assert h["left"] == {"A": 19, "B": 12}
    assert h["points"] == {"A": 0, "B": 7}
    hh = live("sausage", AB, {}, DB, HB[:-1])
    hh.play("6:0>3:6")
    assert hh.over and hh.bazaar_count == 4
    assert [len(x) for x in hh.layout.lanes] == [8, 7] or [len(x) for x in hh.layout.lanes] == [7, 8]
