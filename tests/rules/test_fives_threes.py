"""Fives and threes (rules brief, variants 13 and 14), checked by hand.

As Bergen (deal, opener, one draw a turn) except scoring: after every play, the lead included,
the sum of the two ends (a crosswise double both halves, a lengthwise one half; a lone first tile
its total); a multiple of 5 scores sum/5 (threes: of 3, sum/3). Doubles may lie across or along and
must say so. ``reserve_two`` keeps the last two tiles; ``hand_end=empty_bazaar`` stops the hand at
the end of the turn in which the last drawable tile is drawn, ``block`` plays on. Out +2; stopped or
blocked: the single fewest pips +1. Targets: fives 25/20, threes 33/22.
"""

import pytest

from .inplay import T, deal, hand_of, ledger, ok, rec, refused

A, B, C, D = "Ann", "Bob", "Cid", "Dan"


# -- counting -----------------------------------------------------------------------------------

FIVES = [
    (T(A, "6:4"), [2, 0]),              # lone 6:4: 10 -> 2
    (T(B, "4:4 across"), [2, 0]),       # 6 + 8 = 14 (along would be 6 + 4 = 10)
    (T(A, "6:6 across"), [6, 0]),       # 4:4 and 6:6 crosswise at the ends: 12 + 8 = 20 -> 4
    (T(B, "6:3>6:6"), [6, 0]),          # 3 + 8 = 11
    (T(A, "4:2>4:4"), [7, 0]),          # 3 + 2 = 5 -> 1
    (T(B, "2:2 along"), [7, 1]),        # 3 + 2 = 5 -> 1 (across: 3 + 4 = 7)
]


def test_fives_counts_step_by_step():
    turns = [t for t, _ in FIVES]
    assert ledger("fives", [A, B], turns) == [s for _, s in FIVES]
    out = ok(rec("fives", [A, B], {"turns": turns}))
    assert hand_of(out)["points"] == {A: 7, B: 1}
    assert hand_of(out)["end"] is None


THREES = [
    (T(A, "2:1"), [1, 0]),              # lone 2:1: 3 -> 1
    (T(B, "1:1 along"), [1, 1]),        # 2 + 1 = 3 -> 1 (across: 2 + 2 = 4)
    (T(A, "2:5"), [3, 1]),              # 5 + 1 = 6 -> 2
    (T(B, "1:6"), [3, 1]),              # 5 + 6 = 11
    (T(A, "5:6>2:5"), [7, 1]),          # 6 + 6 = 12 -> 4
    (T(B, "6:6>5:6 across"), [7, 7]),   # 12 + 6 = 18 -> 6, the most a play can score
    (T(A, "6:3>6:6"), [10, 7]),         # 3 + 6 = 9 -> 3
    (T(B, "3:3>6:3 along"), [10, 10]),  # 3 + 6 = 9 -> 3 (across: 6 + 6 = 12 -> 4)
    (T(A, "6:0"), [11, 10]),            # 3 + 0 = 3 -> 1
    (T(B, "0:0"), [11, 11]),            # 3 + 0 = 3 -> 1; 0:0 needs no orientation
]


def test_threes_counts_step_by_step():
    turns = [t for t, _ in THREES]
    assert ledger("threes", [A, B], turns) == [s for _, s in THREES]
    out = ok(rec("threes", [A, B], {"turns": turns}))
    assert hand_of(out)["points"] == {A: 11, B: 11}


def test_threes_the_other_orientation_scores_differently():
    turns = [t for t, _ in THREES][:8]
    turns[7] = T(B, "3:3>6:3 across")
    assert hand_of(ok(rec("threes", [A, B], {"turns": turns})))["points"] == {A: 10, B: 11}
    turns[1] = T(B, "1:1 across")               # 2 + 2 = 4: nothing; then 5 + 2 = 7 …
    assert ledger("threes", [A, B], turns[:3]) == [[1, 0], [1, 0], [1, 0]]


@pytest.mark.parametrize("variant,lead,points", [
    ("fives", "4:1", 1), ("fives", "5:5 across", 2), ("fives", "5:5 along", 2), ("fives", "6:4", 2),
    ("fives", "3:1", 0), ("fives", "0:0", 0), ("fives", "0:5", 1),
    ("threes", "2:1", 1), ("threes", "3:3 across", 2), ("threes", "6:6 along", 4), ("threes", "6:3", 3),
    ("threes", "4:1", 0), ("threes", "0:0", 0), ("threes", "0:3", 1),
])
def test_a_lone_lead_counts_its_total_whichever_way_it_lies(variant, lead, points):
    assert hand_of(ok(rec(variant, [A, B], {"turns": [T(A, lead)]})))["points"] == {A: points, B: 0}


def test_a_double_lead_must_say_how_it_lies_the_next_count_depends_on_it():
    refused(rec("fives", [A, B], {"turns": [T(A, "5:5")]}), "play.ambiguous", turn=1)
    # across: 10 (the free side, both halves) + 0 = 10 -> 2; along: 5 + 0 = 5 -> 1
    assert ledger("fives", [A, B], [T(A, "5:5 across"), T(B, "5:0")]) == [[2, 0], [2, 2]]
    assert ledger("fives", [A, B], [T(A, "5:5 along"), T(B, "5:0")]) == [[2, 0], [2, 1]]


def test_a_bare_double_with_two_legal_ways_is_ambiguous():
    turns = [t for t, _ in FIVES][:5] + [T(B, "2:2")]
    err = refused(rec("fives", [A, B], {"turns": turns}), "play.ambiguous", turn=6, move="2:2")
    assert "across" in err["message"] and "along" in err["message"]
    turns = [t for t, _ in THREES][:5] + [T(B, "6:6 across")]
    # two 6 ends on different tiles: the place must be named
    err = refused(rec("threes", [A, B], {"turns": turns}), "play.ambiguous", turn=6)
    assert "6:6>5:6 across" in err["message"] and "6:6>1:6 across" in err["message"]


# -- a hand with the deal known: one draw, the stop, the block ------------------------------------

DEAL4 = deal(Ann="0:0 0:3 1:1 2:3 2:4", Bob="0:1 3:4 2:2 2:6 3:5",
             Cid="1:2 0:4 3:3 3:6 4:6", Dan="0:2 1:4 1:6 4:4 5:6")
# the bazaar: 5:5 1:3 2:5 6:6 4:5 1:5 0:5 0:6
HEAD4 = [
    T(A, "0:0"),          # 0              threes: 0
    T(B, "0:1"),          # 0 + 1          1
    T(C, "1:2"),          # 0 + 2          2
    T(D, "2:0>1:2"),      # 0 + 0          0
    T(A, "0:3>0:0"),      # 3 + 0          3 -> Ann 1
    T(B, "3:4"),          # 4 + 0          4
    T(C, "4:0>3:4"),      # 0 + 0; nobody holds a blank now
]
DRAWS4 = [
    T(D, "draw 5:5", "pass"),
    T(A, "draw 1:3", "pass"),
    T(B, "draw 2:5", "pass"),
    T(C, "draw 6:6", "pass"),
    T(D, "draw 4:5", "pass"),
    T(A, "draw 1:5", "pass"),           # the sixth draw: the end with reserve_two=yes
    T(B, "draw 0:5", "0:5>4:0"),        # a drawn tile that fits is laid: 5 + 0 = 5 -> fives 1
    T(C, "draw 0:6", "0:6>2:0"),        # 5 + 6 = 11; the eighth and last drawable tile
]
# then, with hand_end=block, play goes on until the threes are gone (worked out below)
ON4 = [
    T(D, "6:1>0:6"),      # fives 5 + 1 = 6      threes 6 -> Dan 2
    T(A, "1:3>6:1"),      # 5 + 3 = 8            8
    T(B, "5:2>0:5"),      # 2 + 3 = 5 -> Bob 1   5
    T(C, "3:6>1:3"),      # 2 + 6 = 8            8
    T(D, "6:5>3:6"),      # 2 + 5 = 7            7
    T(A, "2:3>5:2"),      # 3 + 5 = 8            8
    T(B, "5:3>6:5"),      # 3 + 3 = 6            6 -> Bob 2
    T(C, "3:3>5:3 across"),  # 3 + 6 = 9         9 -> Cid 3; all seven threes are out: block
]
# pips at the stop after DRAWS4: Ann 1:1 2:3 2:4 1:3 1:5 = 23, Bob 2:2 2:6 3:5 2:5 = 27,
# Cid 3:3 3:6 4:6 6:6 = 37, Dan 1:4 1:6 4:4 5:6 5:5 4:5 = 50
# pips at the block after ON4: Ann 1:1 2:4 1:5 = 14, Bob 2:2 2:6 = 12, Cid 4:6 6:6 = 22,
# Dan 1:4 4:4 5:5 4:5 = 32


def test_fives_stops_at_the_end_of_the_turn_that_draws_the_last_tile():
    out = ok(rec("fives", [A, B, C, D], {"deal": DEAL4, "turns": HEAD4 + DRAWS4}))
    h = hand_of(out)
    assert (h["end"], h["winner"]) == ("block", A)        # stopped: the fewest pips, Ann's 23, +1
    assert h["points"] == {A: 1, B: 1, C: 0, D: 0}
    assert h["left"] == {A: 23, B: 27, C: 37, D: 50}
    refused(rec("fives", [A, B, C, D], {"deal": DEAL4, "turns": HEAD4 + DRAWS4 + ON4[:1]}), "hand.over", turn=16)


def test_fives_reserve_two_stops_two_draws_earlier():
    out = ok(rec("fives", [A, B, C, D], {"deal": DEAL4, "turns": HEAD4 + DRAWS4[:6]}, reserve_two="yes"))
    h = hand_of(out)
    assert (h["end"], h["winner"], h["points"]) == ("block", A, {A: 1, B: 0, C: 0, D: 0})
    r = rec("fives", [A, B, C, D], {"deal": DEAL4, "turns": HEAD4 + DRAWS4[:7]}, reserve_two="yes")
    refused(r, "hand.over", turn=14)
    # without the reserve, the same six draws leave the hand going on
    assert hand_of(ok(rec("fives", [A, B, C, D], {"deal": DEAL4, "turns": HEAD4 + DRAWS4[:6]})))["end"] is None


def test_fives_hand_end_block_plays_on_until_the_block():
    turns = HEAD4 + DRAWS4
    assert hand_of(ok(rec("fives", [A, B, C, D], {"deal": DEAL4, "turns": turns}, hand_end="block")))["end"] is None
    steps = ledger("fives", [A, B, C, D], turns + ON4, deal_=DEAL4, hand_end="block")
    assert steps[-8:] == [[0, 1, 0, 0], [0, 1, 0, 0], [0, 2, 0, 0], [0, 2, 0, 0],
                          [0, 2, 0, 0], [0, 2, 0, 0], [0, 2, 0, 0], [0, 2, 0, 0]]
    out = ok(rec("fives", [A, B, C, D], {"deal": DEAL4, "turns": turns + ON4}, hand_end="block"))
    h = hand_of(out)
    assert (h["end"], h["winner"]) == ("block", B)          # Bob's 12 pips are the fewest: +1
    assert h["points"] == {A: 0, B: 3, C: 0, D: 0}
    assert h["left"] == {A: 14, B: 12, C: 22, D: 32}


def test_threes_same_hand():
    out = ok(rec("threes", [A, B, C, D], {"deal": DEAL4, "turns": HEAD4 + DRAWS4}))
    h = hand_of(out)
    # Ann 1 in play (0:3 -> 3) and +1 for the fewest pips at the stop
    assert (h["end"], h["winner"], h["points"]) == ("block", A, {A: 2, B: 0, C: 0, D: 0})
    out = ok(rec("threes", [A, B, C, D], {"deal": DEAL4, "turns": HEAD4 + DRAWS4 + ON4}, hand_end="block"))
    h = hand_of(out)
    assert (h["end"], h["winner"]) == ("block", B)
    assert h["points"] == {A: 1, B: 3, C: 3, D: 2}


def test_one_draw_a_turn():
    r = rec("fives", [A, B, C, D], {"deal": DEAL4, "turns": HEAD4 + [T(D, "draw 5:5", "draw 1:3")]})
    refused(r, "draw.one_per_turn", turn=8, move="draw 1:3")
    refused(rec("fives", [A, B, C, D], {"deal": DEAL4, "turns": HEAD4 + [T(D, "pass")]}), "pass.must_draw", turn=8)
    # a drawn tile that fits must be laid
    r = rec("fives", [A, B, C, D], {"deal": DEAL4, "turns": HEAD4 + [T(D, "draw 0:5", "pass")]})
    refused(r, "pass.must_play", turn=8)
    # and it scores: 5 + 0 = 5 -> 1
    out = ok(rec("fives", [A, B, C, D], {"deal": DEAL4, "turns": HEAD4 + [T(D, "draw 0:5", "0:5>2:0")]}))
    assert hand_of(out)["points"] == {A: 0, B: 0, C: 0, D: 1}


def test_the_opener_is_bergens():
    refused(rec("fives", [A, B, C, D], {"deal": DEAL4, "turns": [T(B, "0:1")]}), "lead.wrong_player", turn=1)
    refused(rec("threes", [A, B, C, D], {"deal": DEAL4, "turns": [T(A, "0:3")]}), "lead.wrong_tile", turn=1)
    d = deal(Ann="1:2 1:3 2:5 3:6 4:5 1:6", Bob="0:3 0:4 2:4 3:4 4:6 5:6")
    # no double, no 0:1 or 0:2: 0:3 leads (before 1:2)
    out = ok(rec("threes", [A, B], {"deal": d, "turns": [T(B, "0:3")]}))
    assert hand_of(out)["points"] == {A: 0, B: 1}


def test_deal_sizes():
    six = "0:0 0:1 0:2 0:3 0:4 0:5".split()
    ok(rec("fives", [A, B], {"deal": {A: six, B: "1:1 1:2 1:3 1:4 1:5 1:6".split()}}))
    ok(rec("threes", [A, B, C], {"deal": {A: six, B: "1:1 1:2 1:3 1:4 1:5 1:6".split(),
                                          C: "2:2 2:3 2:4 2:5 2:6 3:3".split()}}))
    refused(rec("fives", [A, B, C, D], {"deal": {A: six, B: "1:1 1:2 1:3 1:4 1:5 1:6".split(),
                                                 C: "2:2 2:3 2:4 2:5 2:6 3:3".split(),
                                                 D: "3:4 3:5 3:6 4:4 4:5 4:6".split()}}), "record.deal", code=2)
    ok(rec("fives", [A, B, C, D], {"deal": DEAL4}))


# -- unknown deals: out, the stop, the block ---------------------------------------------------------

OUT2 = [
    T(A, "5:5 across"),                 # 10 -> 2
    T(B, "5:0"),                        # 10 + 0 -> 2
    T(A, "0:0"),                        # 10 + 0 -> 2
    T(B, "5:4>5:5"),                    # 4 + 0
    T(A, "4:1"),                        # 1 + 0
    T(B, "draw", "pass"),
    T(A, "0:3>0:0"),                    # 1 + 3
    T(B, "3:2"),                        # 1 + 2
    T(A, "1:6>4:1"),                    # 6 + 2
    T(B, "2:2 across"),                 # 6 + 4 = 10 -> 2
    T(A, "6:4"),                        # 4 + 4; Ann's sixth tile: out, +2
]


def test_fives_out_scores_two():
    out = ok(rec("fives", [A, B], {"turns": OUT2}))
    h = hand_of(out)
    assert (h["end"], h["winner"], h["points"]) == ("out", A, {A: 6, B: 4})


STOP4 = [
    T(A, "4:1"),                        # 5 -> 1
    T(B, "draw", "pass"),
    T(C, "draw", "pass"),
    T(D, "draw", "pass"),
    T(A, "draw", "pass"),               # a round of draw-and-pass: no block, tiles remain
    T(B, "draw", "1:1 along"),          # 4 + 1 = 5 -> 1
    T(C, "draw", "pass"),               # the sixth draw
]


def test_unknown_deal_stop_needs_left():
    r = rec("fives", [A, B, C, D], {"turns": STOP4}, reserve_two="yes")
    refused(r, "left.missing")
    r["hands"][0]["left"] = {A: 10, B: 9, C: 30, D: 20}
    h = hand_of(ok(r))
    assert (h["end"], h["winner"], h["points"]) == ("block", B, {A: 1, B: 2, C: 0, D: 0})
    r["hands"][0]["left"] = {A: 10, B: 9, C: 30, D: 9}
    h = hand_of(ok(r))
    assert (h["end"], h["winner"], h["points"]) == ("block", None, {A: 1, B: 1, C: 0, D: 0})


def test_unknown_deal_without_reserve_stops_after_the_eighth_draw():
    more = [T(D, "draw", "pass"), T(A, "draw", "pass")]
    assert hand_of(ok(rec("fives", [A, B, C, D], {"turns": STOP4 + more[:1]})))["end"] is None
    out = ok(rec("fives", [A, B, C, D], {"turns": STOP4 + more, "left": {A: 4, B: 9, C: 30, D: 20}}))
    assert hand_of(out)["points"] == {A: 2, B: 1, C: 0, D: 0}


def test_unknown_deal_hand_end_block_a_round_of_passes():
    passes = [T(D, "pass"), T(A, "pass"), T(B, "pass")]
    r = rec("fives", [A, B, C, D], {"turns": STOP4 + passes[:2]}, reserve_two="yes", hand_end="block")
    assert hand_of(ok(r))["end"] is None
    r = rec("fives", [A, B, C, D], {"turns": STOP4 + passes, "left": {A: 10, B: 9, C: 30, D: 12}},
            reserve_two="yes", hand_end="block")
    h = hand_of(ok(r))
    assert (h["end"], h["winner"], h["points"]) == ("block", B, {A: 1, B: 2, C: 0, D: 0})
    # nothing can be drawn: a pass needs no draw
    r = rec("fives", [A, B, C, D], {"turns": STOP4 + [T(D, "draw")]}, reserve_two="yes", hand_end="block")
    refused(r, "draw.empty", turn=8)


# -- result-only and the match ------------------------------------------------------------------------


def test_result_only_hands():
    out = ok(rec("fives", [A, B],
                 {"result": {"out": A, "scored": {A: 7, B: 3}}},
                 {"result": {"out": None, "left": {A: 12, B: 8}, "scored": {A: 2}}},
                 {"result": {"out": None, "left": {A: 8, B: 8}, "scored": {B: 1}}}))
    assert [(h["winner"], h["points"]) for h in out["hands"]] == [
        (A, {A: 9, B: 3}), (B, {A: 2, B: 1}), (None, {A: 0, B: 1})]
    assert out["totals"] == {A: 11, B: 5}
    refused(rec("fives", [A, B], {"result": {"out": None, "scored": {A: 2}}}), "left.missing")
    refused(rec("threes", [A, B], {"result": {"out": A, "scored": {A: -1}}}), "result.scored")


@pytest.mark.parametrize("variant,players,target", [
    ("fives", [A, B], 25), ("fives", [A, B, C], 20), ("fives", [A, B, C, D], 20),
    ("threes", [A, B], 33), ("threes", [A, B, C], 22), ("threes", [A, B, C, D], 22),
])
def test_targets_by_player_count(variant, players, target):
    short = {"result": {"out": A, "scored": {A: target - 3}}}          # target - 1
    out = ok(rec(variant, players, short))
    assert out["totals"][A] == target - 1 and out["match_winner"] is None
    out = ok(rec(variant, players, short, {"result": {"out": B, "scored": {A: 1}}}))
    assert out["totals"][A] == target and out["totals"][B] == 2
    assert out["match_winner"] == A
    r = rec(variant, players, short, {"result": {"out": B, "scored": {A: 1}}}, {"result": {"out": A, "scored": {}}})
    assert refused(r, "match.over")["hand"] == 3


def test_tie_at_the_top_plays_on():
    r = rec("threes", [A, B], {"result": {"out": A, "scored": {A: 31, B: 33}}})
    out = ok(r)
    assert out["totals"] == {A: 33, B: 33} and out["match_winner"] is None
    r["hands"].append({"result": {"out": None, "left": {A: 10, B: 20}, "scored": {B: 3}}})
    out = ok(r)
    assert out["totals"] == {A: 34, B: 36} and out["match_winner"] == B


def test_threes_reserve_two_and_hand_end_options():
    # reserve_two=yes: the sixth draw (Ann's 1:5) stops the hand; Ann 1 in play + 1 for the fewest (23)
    out = ok(rec("threes", [A, B, C, D], {"deal": DEAL4, "turns": HEAD4 + DRAWS4[:6]}, reserve_two="yes"))
    assert hand_of(out)["points"] == {A: 2, B: 0, C: 0, D: 0}
    # reserve_two=yes with hand_end=block: the reserved 0:5 0:6 are never drawn and nobody holds a
    # blank: with the deal known the block is seen at the end of Ann's turn, no passes needed
    passes = [T(B, "pass"), T(C, "pass"), T(D, "pass")]
    r = rec("threes", [A, B, C, D], {"deal": DEAL4, "turns": HEAD4 + DRAWS4[:6] + passes},
            reserve_two="yes", hand_end="block")
    refused(r, "hand.over", turn=14)
    out = ok(rec("threes", [A, B, C, D], {"deal": DEAL4, "turns": HEAD4 + DRAWS4[:6]},
                 reserve_two="yes", hand_end="block"))
    assert (hand_of(out)["end"], hand_of(out)["points"]) == ("block", {A: 2, B: 0, C: 0, D: 0})


# -- seeded random playouts against an independent recount -----------------------------------------


@pytest.mark.parametrize("variant,divisor", [("fives", 5), ("threes", 3)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_score_what_the_ends_add_up_to(variant, divisor, players):
    from .inplay import random_playout, recount

    def check(h, seat, before):
        count = recount(h.layout, False)
        gain = count // divisor if count and count % divisor == 0 else 0
        want = list(before)
        want[seat] += gain
        assert h.scores == want, (h.history, count)

    laid = sum(random_playout(variant, players, seed, check, hand_end=he)
               for seed in range(12) for he in ("empty_bazaar", "block"))
    assert laid > 100
