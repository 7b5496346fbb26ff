"""Muggins (rules brief, variant 11), checked by hand.

Count after every play, the lead included: the pips of every started arm's or line's end (a
crosswise double there both halves, a lengthwise one half), plus the spinner's two halves while
fewer than two of its arms are started; a multiple of 5 scores the count. Out +10 (and with
``out_bonus_pips=yes`` the opponents' pips rounded to the nearest 5); block: the fewest pips wins
(others' pips − his own), rounded to the nearest 5. 0:0 counts 0. Target 200.
"""

import pytest

from referee.rules import new_hand, parse_tile

from .inplay import T, deal, hand_of, ledger, ok, rec, refused

A, B, C = "Ann", "Bob", "Cid"


# -- counting during play --------------------------------------------------------------------

# The lead 5:5 is the spinner. Scores after each turn, worked out:
SPINNER_LEAD = [
    (T(A, "5:5"), [10, 0]),            # a lone tile counts its total: 10
    (T(B, "5:0"), [10, 10]),           # arm 1 shows 0, the spinner (1 arm started) counts 10: 10
    (T(A, "5:1"), [10, 10]),           # 2 arms started, the spinner stops counting: 0 + 1
    (T(B, "1:4"), [10, 10]),           # 0 + 4
    (T(A, "0:6"), [20, 10]),           # 6 + 4 = 10
    (T(B, "4:4 along"), [20, 20]),     # 6 + 4 (lengthwise: one half) = 10; across would be 14
    (T(A, "6:3"), [20, 20]),           # 3 + 4
    (T(B, "3:3 across"), [20, 30]),    # 6 (crosswise: both halves) + 4 = 10
    (T(A, "5:6"), [20, 30]),           # the third arm: 6 + 4 + 6 = 16
    (T(B, "5:4>5:5"), [20, 50]),       # the last arm: 6 + 4 + 6 + 4 = 20
]


def test_spinner_lead_counts_step_by_step():
    turns = [t for t, _ in SPINNER_LEAD]
    assert ledger("muggins", [A, B], turns) == [s for _, s in SPINNER_LEAD]
    out = ok(rec("muggins", [A, B], {"turns": turns}))
    h = hand_of(out)
    assert (h["end"], h["winner"]) == (None, None)
    assert h["points"] == {A: 20, B: 50}
    assert out["totals"] == {A: 20, B: 50} and out["match_winner"] is None


# A line lead; the first double (3:3) becomes the spinner in the line.
LINE_THEN_SPINNER = [
    (T(A, "4:3"), [0, 0]),             # lone tile 7: no score
    (T(B, "3:3"), [0, 10]),            # first double: crosswise, spinner; 4 + 3+3 (1 arm started) = 10
    (T(A, "4:4 along"), [10, 10]),     # a later double, stated: 4 + the spinner's 6 = 10
    (T(B, "3:6"), [10, 20]),           # a second arm of the spinner: it stops counting; 4 + 6
    (T(A, "3:0"), [20, 20]),           # 4 + 6 + 0 = 10
    (T(B, "3:5"), [20, 35]),           # the last arm: 4 + 6 + 0 + 5 = 15 scores 15
    (T(A, "0:0"), [35, 35]),           # 0:0 counts 0 and needs no orientation: still 15
]


def test_first_double_in_the_line_becomes_the_spinner():
    turns = [t for t, _ in LINE_THEN_SPINNER]
    assert ledger("muggins", [A, B], turns) == [s for _, s in LINE_THEN_SPINNER]
    out = ok(rec("muggins", [A, B], {"turns": turns}))
    assert hand_of(out)["points"] == {A: 35, B: 35}


def test_the_spinner_has_four_arms_that_are_one_place():
    h = new_hand("muggins", [A, B], lead=A)
    for tok in ("4:3", "3:3"):
        h.play(tok)
        h.end_turn()
    # the spinner's three free arms are one place; 4:4 may lie across or along at the 4 end
    assert h.places_for(parse_tile("3:6")) == ["3:6>3:3"]
    assert sorted(h.places_for(parse_tile("4:4"))) == ["4:4>3:4 across", "4:4>3:4 along"]
    assert len([e for e in h.layout.ends if e.spin]) == 3


@pytest.mark.parametrize("lead,points", [("5:5", 10), ("4:1", 5), ("6:4", 10), ("3:2", 5),
                                         ("6:1", 0), ("0:0", 0), ("2:2", 0), ("5:0", 5)])
def test_a_lone_lead_counts_its_total(lead, points):
    out = ok(rec("muggins", [A, B], {"turns": [T(A, lead)]}))
    assert hand_of(out)["points"] == {A: points, B: 0}


def test_double_blank_lead_counts_nothing_then_its_arm_counts():
    # 0:0 is the spinner: 0; then 5 + 0 + 0 = 5
    assert ledger("muggins", [A, B], [T(A, "0:0"), T(B, "0:5")]) == [[0, 0], [0, 5]]


def test_crosswise_and_lengthwise_later_doubles_count_differently():
    head = [T(A, "4:3"), T(B, "3:3")]
    across = ok(rec("muggins", [A, B], {"turns": head + [T(A, "4:4 across")]}))
    along = ok(rec("muggins", [A, B], {"turns": head + [T(A, "4:4 along")]}))
    # across: 8 + 6 = 14 (no score); along: 4 + 6 = 10
    assert hand_of(across)["points"] == {A: 0, B: 10}
    assert hand_of(along)["points"] == {A: 10, B: 10}


def test_a_bare_later_double_is_ambiguous():
    r = rec("muggins", [A, B], {"turns": [T(A, "4:3"), T(B, "3:3"), T(A, "4:4")]})
    err = refused(r, "play.ambiguous", turn=3, move="4:4")
    assert "4:4>3:4 across" in err["message"] and "4:4>3:4 along" in err["message"]
    # with the deal known too
    d = deal(Ann="4:3 4:4 0:1 0:2 0:3 0:4 0:5", Bob="3:3 1:1 1:2 1:3 1:4 1:5 1:6")
    refused(rec("muggins", [A, B], {"deal": d, "turns": [T(A, "4:3"), T(B, "3:3"), T(A, "4:4")]}),
            "play.ambiguous", turn=3)


def test_the_first_double_lies_crosswise_stating_it_is_accepted():
    ok(rec("muggins", [A, B], {"turns": [T(A, "4:3"), T(B, "3:3 across")]}))
    refused(rec("muggins", [A, B], {"turns": [T(A, "4:3"), T(B, "3:3 along")]}), "play.orientation", turn=2)
    refused(rec("muggins", [A, B], {"turns": [T(A, "5:5 along")]}), "play.orientation", turn=1)


def test_a_later_double_blank_needs_no_orientation_and_accepts_either():
    for tok in ("0:0", "0:0 across", "0:0 along"):
        out = ok(rec("muggins", [A, B], {"turns": [T(A, "5:0"), T(B, "5:5"), T(A, "5:3"), T(B, tok)]}))
        # 5:0 lead: 5 -> Ann 5; 5:5 (the spinner) on the 5: 0 + 10 = 10 -> Bob 10;
        # 5:3 on a second arm: 0 + 3; 0:0 on the 0 end: 0 + 3 (0:0 counts 0)
        assert hand_of(out)["points"] == {A: 5, B: 10}
    h = new_hand("muggins", [A, B], lead=A)
    for tok in ("5:0", "5:5", "5:3"):
        h.play(tok)
        h.end_turn()
    assert h.places_for(parse_tile("0:0")) == ["0:0>0:5"]


# -- a whole hand with the deal known: draws, out, the out bonus -----------------------------

OUT_DEAL = deal(Ann="5:5 5:0 0:2 2:2 2:6 6:1 1:3", Bob="5:4 4:4 4:3 3:3 0:1 1:1 0:4")
OUT_TURNS = [
    T(A, "5:5"),                    # 10 -> Ann 10
    T(B, "5:4"),                    # 4 + 10 (spinner, one arm) = 14
    T(A, "5:0"),                    # 4 + 0
    T(B, "4:4 across"),             # 8 + 0
    T(A, "0:2"),                    # 8 + 2 = 10 -> Ann 20
    T(B, "4:3"),                    # 3 + 2 = 5 -> Bob 5
    T(A, "2:2 along"),              # 3 + 2 = 5 -> Ann 25
    T(B, "3:3 along"),              # 3 + 2 = 5 -> Bob 10
    T(A, "2:6"),                    # 3 + 6
    # Bob (0:1 1:1 0:4) has no 3, 6 or 5: he draws until he can play
    T(B, "draw 1:2", "draw 2:4", "draw 6:6", "6:6 across"),   # 3 + 12 = 15 -> Bob 25
    T(A, "1:3"),                    # 1 + 12
    T(B, "1:2"),                    # 2 + 12
    T(A, "6:1"),                    # 2 + 1; Ann is out: +10
]


def test_out_scores_ten_and_in_play_points_stay():
    steps = ledger("muggins", [A, B], OUT_TURNS, deal_=OUT_DEAL)
    assert [s for s in steps] == [[10, 0], [10, 0], [10, 0], [10, 0], [20, 0], [20, 5], [25, 5],
                                  [25, 10], [25, 10], [25, 25], [25, 25], [25, 25], [25, 25]]
    out = ok(rec("muggins", [A, B], {"deal": OUT_DEAL, "turns": OUT_TURNS}))
    h = hand_of(out)
    assert (h["end"], h["winner"]) == ("out", A)
    assert h["points"] == {A: 35, B: 25}
    # Bob keeps 0:1 1:1 0:4 2:4: 1 + 2 + 4 + 6
    assert h["left"] == {A: 0, B: 13}


def test_out_bonus_pips_adds_the_opponents_pips_rounded_to_five():
    out = ok(rec("muggins", [A, B], {"deal": OUT_DEAL, "turns": OUT_TURNS}, out_bonus_pips="yes"))
    # 25 + 10 + round5(13) = 25 + 10 + 15
    assert hand_of(out)["points"] == {A: 50, B: 25}


def test_out_bonus_pips_with_an_unknown_deal_needs_left():
    turns = [dict(t) for t in OUT_TURNS]
    turns[9] = T(B, "draw", "draw", "draw 6:6", "6:6 across")
    r = rec("muggins", [A, B], {"turns": turns}, out_bonus_pips="yes")
    refused(r, "left.missing")
    r["hands"][0]["left"] = {B: 12}
    # 12 rounds down to 10
    assert hand_of(ok(r))["points"] == {A: 45, B: 25}
    r["hands"][0]["left"] = {B: ["0:1", "1:1", "0:4", "2:4"]}
    assert hand_of(ok(r))["points"] == {A: 50, B: 25}
    # without the option the pips are not needed
    del r["hands"][0]["left"]
    r["options"] = {}
    assert hand_of(ok(r))["points"] == {A: 35, B: 25}


def test_drawing_until_playable_is_enforced_with_the_deal_known():
    head = OUT_TURNS[:9]
    # Bob cannot pass while the bazaar has tiles
    refused(rec("muggins", [A, B], {"deal": OUT_DEAL, "turns": head + [T(B, "pass")]}),
            "pass.must_draw", turn=10)
    # nor stop drawing while he cannot play
    refused(rec("muggins", [A, B], {"deal": OUT_DEAL, "turns": head + [T(B, "draw 1:2", "pass")]}),
            "pass.must_draw", turn=10)
    # 6:6 fits: no more drawing, it must be laid
    refused(rec("muggins", [A, B], {"deal": OUT_DEAL, "turns": head + [T(B, "draw 6:6", "draw 1:2")]}),
            "draw.must_play", turn=10, move="draw 1:2")
    # Ann holds a fitting tile: no drawing
    refused(rec("muggins", [A, B], {"deal": OUT_DEAL, "turns": OUT_TURNS[:2] + [T(A, "draw 1:2")]}),
            "draw.must_play", turn=3)


def test_a_turn_after_the_hand_is_out_is_refused():
    r = rec("muggins", [A, B], {"deal": OUT_DEAL, "turns": OUT_TURNS + [T(B, "0:1")]})
    refused(r, "hand.over", turn=14)


# -- three players: five tiles each -----------------------------------------------------------

THREE = [
    T(A, "6:4"),                    # 10 -> Ann 10
    T(B, "4:1"),                    # 6 + 1
    T(C, "1:1"),                    # first double, spinner on the 1: 6 + 2 = 8
    T(A, "6:3"),                    # 3 + 2 = 5 -> Ann 15
    T(B, "1:5"),                    # a second arm: the spinner stops counting; 3 + 5
    T(C, "1:2"),                    # 3 + 5 + 2 = 10 -> Cid 10
    T(A, "5:5 across"),             # 3 + 10 + 2 = 15 -> Ann 30
    T(B, "3:0"),                    # 0 + 10 + 2 = 12
    T(C, "2:0>1:2"),                # 0 + 10 + 0 = 10 -> Cid 20
    T(A, "5:0>5:5"),                # 0 + 0 + 0 = 0: a count of 0 never scores
    T(B, "0:6>3:0"),                # 6 + 0 + 0
    T(C, "6:6>0:6 across"),         # 12 + 0 + 0
    T(A, "0:4>5:0"),                # 12 + 4 + 0; Ann's fifth tile: out, +10
]


def test_three_players_hold_five_tiles_and_the_fifth_tile_goes_out():
    assert ledger("muggins", [A, B, C], THREE)[-4:] == [[30, 0, 20], [30, 0, 20], [30, 0, 20], [30, 0, 20]]
    out = ok(rec("muggins", [A, B, C], {"turns": THREE}))
    h = hand_of(out)
    assert (h["end"], h["winner"]) == ("out", A)
    assert h["points"] == {A: 40, B: 0, C: 20}
    # two players hold seven: after Ann's fifth tile the hand goes on, her seventh goes out
    two = [T(A if i % 2 == 0 else B, *t["moves"]) for i, t in enumerate(THREE)]
    assert hand_of(ok(rec("muggins", [A, B], {"turns": two[:9]})))["end"] is None
    assert hand_of(ok(rec("muggins", [A, B], {"turns": two})))["end"] == "out"


def test_deal_sizes_seven_for_two_five_for_three_and_four():
    seven = "0:0 0:1 0:2 0:3 0:4 0:5 0:6".split()
    five = seven[:5]
    d2 = {A: seven, B: "1:1 1:2 1:3 1:4 1:5 1:6 2:2".split()}
    ok(rec("muggins", [A, B], {"deal": d2}))
    refused(rec("muggins", [A, B], {"deal": {A: five, B: d2[B][:5]}}), "record.deal", code=2)
    d3 = {A: five, B: "1:1 1:2 1:3 1:4 1:5".split(), C: "2:2 2:3 2:4 2:5 2:6".split()}
    ok(rec("muggins", [A, B, C], {"deal": d3}))
    refused(rec("muggins", [A, B, C], {"deal": {A: seven, B: d2[B], C: "3:3 3:4 3:5 3:6 4:4 4:5 4:6".split()}}),
            "record.deal", code=2)
    refused(rec("muggins", [A]), "record.player_count", code=2)


# -- a block: a dead layout ---------------------------------------------------------------------

# 0:0 (the spinner) leads; all seven fives end up on the table and all four arms show 5.
BLOCK_TURNS = [
    T(A, "0:0"),                    # 0: never scores
    T(B, "0:5"),                    # 5 + 0 = 5 -> Bob 5
    T(A, "5:5 across"),             # 10 + 0 = 10 -> Ann 10
    T(B, "0:4"),                    # 10 + 4 (two arms started)
    T(A, "4:5>0:4"),                # 10 + 5 = 15 -> Ann 25
    T(B, "0:1"),                    # 10 + 5 + 1
    T(A, "1:5>0:1"),                # 10 + 5 + 5 = 20 -> Ann 45
    T(B, "5:2>5:5"),                # 2 + 5 + 5
    T(A, "2:6"),                    # 6 + 5 + 5
    T(B, "6:5>2:6"),                # 5 + 5 + 5 = 15 -> Bob 20
    T(A, "0:3"),                    # 5 + 5 + 5 + 3 (the last arm)
    T(B, "3:5>0:3"),                # 5 + 5 + 5 + 5 = 20 -> Bob 40; no five is left: block
]
BLOCK_USED = {A: "0:0 5:5 4:5 1:5 2:6 0:3", B: "0:5 0:4 0:1 5:2 6:5 3:5"}


@pytest.mark.parametrize("ann_keeps,bob_keeps,winner,ann,bob", [
    ("2:2", "6:6", A, 55, 40),      # 12 - 4 = 8 -> 10
    ("6:6", "1:1", B, 45, 50),      # 12 - 2 = 10
    ("3:4", "4:6", A, 50, 40),      # 10 - 7 = 3 -> 5
    ("3:6", "1:1", B, 45, 45),      # 9 - 2 = 7 -> 5
    ("2:2", "1:3", None, 45, 40),   # 4 and 4: a tie, nobody scores the block
])
def test_block_fewest_pips_wins_the_difference_rounded_to_five(ann_keeps, bob_keeps, winner, ann, bob):
    d = deal(Ann=BLOCK_USED[A] + " " + ann_keeps, Bob=BLOCK_USED[B] + " " + bob_keeps)
    assert ledger("muggins", [A, B], BLOCK_TURNS, deal_=d)[-1] == [45, 40]
    out = ok(rec("muggins", [A, B], {"deal": d, "turns": BLOCK_TURNS}))
    h = hand_of(out)
    assert (h["end"], h["winner"]) == ("block", winner)
    assert h["points"] == {A: ann, B: bob}


def test_block_with_an_unknown_deal_takes_left():
    r = rec("muggins", [A, B], {"turns": BLOCK_TURNS})
    refused(r, "left.missing")
    r["hands"][0]["left"] = {A: 4, B: 12}
    h = hand_of(ok(r))
    assert (h["end"], h["winner"], h["points"]) == ("block", A, {A: 55, B: 40})
    r["hands"][0]["left"] = {A: ["1:3"], B: ["6:6"]}
    assert hand_of(ok(r))["points"] == {A: 55, B: 40}
    # a five in hand is impossible: all seven are on the table
    r["hands"][0]["left"] = {A: ["1:3"], B: ["5:5"]}
    refused(r, "left.impossible")


def test_a_turn_after_the_block_is_refused():
    r = rec("muggins", [A, B], {"turns": BLOCK_TURNS + [T(A, "pass")], "left": {A: 4, B: 12}})
    refused(r, "hand.over", turn=13)


# -- result-only hands ------------------------------------------------------------------------


def test_result_only_out_and_block():
    out = ok(rec("muggins", [A, B],
                 {"result": {"out": A, "scored": {A: 65, B: 30}}},
                 {"result": {"out": None, "left": {A: 9, B: 22}, "scored": {A: 5, B: 15}}},
                 {"result": {"out": B, "left": {A: 13}, "scored": {A: 0, B: 0}}}))
    hs = out["hands"]
    assert [h["end"] for h in hs] == ["result"] * 3
    assert (hs[0]["winner"], hs[0]["points"]) == (A, {A: 75, B: 30})       # 65 + 10
    assert (hs[1]["winner"], hs[1]["points"]) == (A, {A: 20, B: 15})       # 5 + round5(22 - 9 = 13)
    assert (hs[2]["winner"], hs[2]["points"]) == (B, {A: 0, B: 10})
    assert out["totals"] == {A: 95, B: 55}


def test_result_only_out_bonus_pips():
    r = rec("muggins", [A, B], {"result": {"out": A, "left": {B: 12}, "scored": {A: 20}}}, out_bonus_pips="yes")
    assert hand_of(ok(r))["points"] == {A: 40, B: 0}           # 20 + 10 + 10
    r["hands"][0]["result"]["left"] = {B: 13}
    assert hand_of(ok(r))["points"] == {A: 45, B: 0}           # 20 + 10 + 15
    r["hands"][0]["result"]["left"] = {}
    refused(r, "left.missing")


@pytest.mark.parametrize("scored", [{A: 12}, {B: 3}, {A: -5}])
def test_result_only_scores_must_be_plausible(scored):
    r = rec("muggins", [A, B], {"result": {"out": A, "scored": scored}})
    err = refused(r, "result.scored")
    assert err["hand"] == 1


def test_turns_and_result_must_agree():
    r = rec("muggins", [A, B], {"deal": OUT_DEAL, "turns": OUT_TURNS,
                                "result": {"out": A, "scored": {A: 25, B: 25}}})
    assert hand_of(ok(r))["points"] == {A: 35, B: 25}
    r["hands"][0]["result"]["scored"] = {A: 30, B: 25}
    refused(r, "result.mismatch")
    r["hands"][0]["result"] = {"out": B, "scored": {A: 25, B: 25}}
    refused(r, "result.mismatch")


# -- the match ------------------------------------------------------------------------------------


def test_match_to_200_running_totals_and_winner():
    out = ok(rec("muggins", [A, B],
                 {"result": {"out": A, "scored": {A: 120, B: 45}}},                    # A 130, B 45
                 {"deal": OUT_DEAL, "turns": OUT_TURNS},                                # A 35, B 25
                 {"result": {"out": None, "left": {A: 7, B: 20}, "scored": {A: 20, B: 60}}}))  # A 20 + 15
    assert [h["points"] for h in out["hands"]] == [{A: 130, B: 45}, {A: 35, B: 25}, {A: 35, B: 60}]
    assert out["totals"] == {A: 200, B: 130}
    assert out["match_winner"] == A


def test_match_not_decided_below_the_target():
    out = ok(rec("muggins", [A, B], {"result": {"out": A, "scored": {A: 185, B: 195}}}))
    assert out["totals"] == {A: 195, B: 195} and out["match_winner"] is None


def test_a_tie_at_the_top_plays_on_then_the_next_hand_decides():
    r = rec("muggins", [A, B],
            {"result": {"out": A, "scored": {A: 190, B: 200}}},       # 200 and 200: no winner yet
            {"result": {"out": B, "scored": {A: 5, B: 0}}})           # A 205, B 210
    out = ok(r)
    assert out["totals"] == {A: 205, B: 210}
    assert out["match_winner"] == B
    first = ok(rec("muggins", [A, B], r["hands"][0]))
    assert first["totals"] == {A: 200, B: 200} and first["match_winner"] is None


def test_the_higher_total_wins_when_both_pass_the_target():
    out = ok(rec("muggins", [A, B], {"result": {"out": A, "scored": {A: 190, B: 205}}}))
    assert out["totals"] == {A: 200, B: 205} and out["match_winner"] == B


def test_a_hand_after_the_match_is_decided_is_refused():
    r = rec("muggins", [A, B],
            {"result": {"out": A, "scored": {A: 195, B: 0}}},
            {"result": {"out": B, "scored": {}}})
    err = refused(r, "match.over")
    assert err["hand"] == 2
    code_out = ok(rec("muggins", [A, B], r["hands"][0]))
    assert code_out["match_winner"] == A


def test_in_play_points_never_end_the_match_mid_hand():
    # target 20: the unfinished hand's 20 points show in the totals but decide nothing
    out = ok(rec("muggins", [A, B], {"turns": [t for t, _ in SPINNER_LEAD][:5]}, target=20))
    assert out["totals"] == {A: 20, B: 10}
    assert out["match_winner"] is None


def test_target_option():
    r = rec("muggins", [A, B], {"deal": OUT_DEAL, "turns": OUT_TURNS}, target=35)
    out = ok(r)
    assert out["match_winner"] == A
    r["options"]["target"] = 36
    assert ok(r)["match_winner"] is None


def test_result_only_the_player_out_holds_nothing():
    for kept, shown in ((5, "5"), (["1:2"], "1:2")):
        r = rec("muggins", [A, B], {"result": {"out": A, "left": {A: kept, B: 10}, "scored": {A: 10}}},
                out_bonus_pips="yes")
        err = refused(r, "result.out")
        assert shown in err["message"] and err["hand"] == 1
    r = rec("muggins", [A, B], {"result": {"out": A, "left": {A: 0, B: 10}, "scored": {A: 10}}}, out_bonus_pips="yes")
    assert hand_of(ok(r))["points"] == {A: 30, B: 0}             # 10 + 10 + 10
    r["hands"][0]["result"]["left"] = {A: [], B: 10}
    assert hand_of(ok(r))["points"] == {A: 30, B: 0}


def test_the_spinner_counts_while_one_arm_grows():
    turns = [
        (T(A, "5:5"), [10, 0]),         # lone: 10
        (T(B, "5:0"), [10, 10]),        # one arm: 0 + 10
        (T(A, "0:0"), [20, 10]),        # the same arm grows (0:0 counts 0): 0 + 10
        (T(B, "0:4"), [20, 10]),        # 4 + 10 = 14
        (T(A, "4:1"), [20, 10]),        # 1 + 10 = 11
        (T(B, "5:4"), [20, 15]),        # a second arm: the spinner stops counting: 1 + 4 = 5
    ]
    assert ledger("muggins", [A, B], [t for t, _ in turns]) == [s for _, s in turns]


def test_double_blank_left_counts_nothing():
    out = ok(rec("muggins", [A, B], {"result": {"out": None, "left": {A: ["0:0"], B: ["1:2"]}, "scored": {}}}))
    h = hand_of(out)
    # 0:0 counts 0 in Muggins (no lone 0:0 rule): Ann wins 3 - 0 = 3 -> 5
    assert (h["winner"], h["points"], h["left"]) == (A, {A: 5, B: 0}, {A: 0, B: 3})


def test_the_lead_field_names_the_leader_chosen_by_lot():
    ok(rec("muggins", [A, B], {"lead": B, "turns": [T(B, "5:5")]}))
    refused(rec("muggins", [A, B], {"lead": B, "turns": [T(A, "5:5")]}), "lead.wrong_player", turn=1)
    # any tile leads, with the deal known too (no opener tile)
    ok(rec("muggins", [A, B], {"deal": OUT_DEAL, "turns": [T(B, "0:4")]}))


def test_three_and_four_players_out_bonus_sums_every_opponent():
    out = ok(rec("muggins", [A, B, C], {"result": {"out": A, "left": {B: 7, C: 9}, "scored": {A: 15, C: 5}}},
                 out_bonus_pips="yes"))
    # 15 + 10 + round5(7 + 9 = 16) = 15 + 10 + 15
    assert hand_of(out)["points"] == {A: 40, B: 0, C: 5}
    d = "Dan"
    out = ok(rec("muggins", [A, B, C, d],
                 {"result": {"out": None, "left": {A: 4, B: 11, C: 8, d: 20}, "scored": {B: 10}}}))
    # block: Ann's 4 are the fewest: 11 + 8 + 20 - 4 = 35
    assert hand_of(out)["points"] == {A: 35, B: 10, C: 0, d: 0}


# -- seeded random playouts against an independent recount -----------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_score_what_the_ends_add_up_to(players):
    from .inplay import random_playout, recount

    def check(h, seat, before):
        count = recount(h.layout, True)
        want = list(before)
        if count and count % 5 == 0:
            want[seat] += count
        assert h.scores == want, (h.history, count)

    laid = sum(random_playout("muggins", players, seed, check) for seed in range(25))
    assert laid > 200
