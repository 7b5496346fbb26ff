"""Bergen (rules brief, variant 12), checked by hand.

Opener 0:0, else the lowest double, else the lightest tile; a double lead scores exactly 2.
After every later play: both ends show the same number -> 3 if either end is a (crosswise) double
(triple-header), else 2 (double-header). Cannot play: draw one (``draws=one``) or until playable
(``draws=until``); the last two bazaar tiles are never drawn. Out +2; on a block the bonus of 2
goes by the doubles held. Targets 15 (2 players) / 10 (3–4).
"""

import pytest

from .inplay import T, deal, hand_of, ledger, ok, rec, refused

A, B, C, D = "Ann", "Bob", "Cid", "Dan"


# -- a hand played out: headers, out ------------------------------------------------------------

OUT_DEAL = deal(Ann="0:0 2:4 0:5 5:6 1:5 1:3", Bob="0:4 0:2 0:6 5:5 3:5 6:6")
OUT = [
    (T(A, "0:0"), [2, 0]),              # a double lead: exactly 2
    (T(B, "0:4"), [2, 0]),              # ends 0 (0:0) and 4
    (T(A, "4:2"), [2, 0]),              # 0 and 2
    (T(B, "2:0>4:2"), [2, 3]),          # 0 on 0:0 (a double) and 0: triple-header, 3
    (T(A, "0:5>0:0"), [2, 3]),          # 5 and 0
    (T(B, "0:6"), [2, 3]),              # 5 and 6
    (T(A, "6:5>0:6"), [4, 3]),          # 5 and 5, no double: double-header, 2
    (T(B, "5:5>0:5"), [4, 6]),          # 5 on 5:5 and 5: triple-header, 3
    (T(A, "5:1>5:5"), [4, 6]),          # 1 and 5
    (T(B, "5:3>6:5"), [4, 6]),          # 1 and 3
    (T(A, "3:1>5:1"), [6, 6]),          # 3 and 3: 2; Ann's sixth tile: out, +2
]


def test_headers_step_by_step_and_out_scores_two():
    turns = [t for t, _ in OUT]
    assert ledger("bergen", [A, B], turns, deal_=OUT_DEAL) == [s for _, s in OUT]
    out = ok(rec("bergen", [A, B], {"deal": OUT_DEAL, "turns": turns}))
    h = hand_of(out)
    assert (h["end"], h["winner"]) == ("out", A)
    assert h["points"] == {A: 8, B: 6}
    assert h["left"] == {A: 0, B: 12}              # Bob keeps 6:6
    assert out["totals"] == {A: 8, B: 6} and out["match_winner"] is None


def test_out_with_an_unknown_deal_needs_no_left():
    out = ok(rec("bergen", [A, B], {"turns": [t for t, _ in OUT]}))
    h = hand_of(out)
    assert (h["end"], h["winner"], h["points"]) == ("out", A, {A: 8, B: 6})
    assert h["left"] == {A: 0, B: None}


@pytest.mark.parametrize("index,token,places", [
    (6, "6:5", ["6:5>0:6", "5:6>0:5"]),
    (7, "5:5", ["5:5>0:5", "5:5>6:5"]),
    (10, "3:1", ["3:1>5:3", "1:3>5:1"]),
])
def test_a_tile_that_fits_both_ends_needs_its_place(index, token, places):
    turns = [t for t, _ in OUT][:index] + [T(OUT[index][0]["player"], token)]
    err = refused(rec("bergen", [A, B], {"deal": OUT_DEAL, "turns": turns}), "play.ambiguous", turn=index + 1)
    for p in places:
        assert p in err["message"]


def test_doubles_lie_crosswise_only():
    turns = [t for t, _ in OUT]
    turns[7] = T(B, "5:5>0:5 across")
    assert hand_of(ok(rec("bergen", [A, B], {"deal": OUT_DEAL, "turns": turns})))["points"] == {A: 8, B: 6}
    turns[7] = T(B, "5:5>0:5 along")
    refused(rec("bergen", [A, B], {"deal": OUT_DEAL, "turns": turns}), "play.orientation", turn=8)


# -- the opener ---------------------------------------------------------------------------------


def test_the_holder_of_0_0_must_lead_it():
    refused(rec("bergen", [A, B], {"deal": OUT_DEAL, "turns": [T(A, "2:4")]}), "lead.wrong_tile", turn=1)
    refused(rec("bergen", [A, B], {"deal": OUT_DEAL, "turns": [T(B, "0:4")]}), "lead.wrong_player", turn=1)
    refused(rec("bergen", [A, B], {"deal": OUT_DEAL, "lead": B, "turns": [T(B, "0:4")]}), "lead.wrong_player")


def test_without_0_0_the_lowest_double_leads_and_scores_two():
    d = deal(Ann="1:2 1:3 5:5 4:6 0:1 0:3", Bob="3:3 2:3 2:4 0:5 4:5 6:6")
    refused(rec("bergen", [A, B], {"deal": d, "turns": [T(A, "5:5")]}), "lead.wrong_player", turn=1)
    refused(rec("bergen", [A, B], {"deal": d, "turns": [T(B, "6:6")]}), "lead.wrong_tile", turn=1)
    out = ok(rec("bergen", [A, B], {"deal": d, "turns": [T(B, "3:3"), T(A, "1:3")]}))
    assert hand_of(out)["points"] == {A: 0, B: 2}


def test_without_doubles_the_lightest_tile_leads_and_scores_nothing():
    d = deal(Ann="1:2 1:3 2:5 3:6 4:5 1:6", Bob="0:3 0:4 2:4 3:4 4:6 5:6")
    # no double, no 0:1, no 0:2: 0:3 and 1:2 weigh 3; the lower low half (0:3) leads
    refused(rec("bergen", [A, B], {"deal": d, "turns": [T(A, "1:2")]}), "lead.wrong_player", turn=1)
    out = ok(rec("bergen", [A, B], {"deal": d, "turns": [T(B, "0:3"), T(A, "3:1")]}))
    # the lead scores nothing (ends 0 and 3); 1:3 makes ends 0 and 1
    assert hand_of(out)["points"] == {A: 0, B: 0}


# -- a block on a dead layout: the bonus by doubles held -------------------------------------------

# Ten tiles make a line whose two ends show 0 with all seven blanks on the table.
LINE2 = [
    (T(A, "0:0"), [2, 0]),              # double lead: 2
    (T(B, "0:1"), [2, 0]),              # 0 (0:0) and 1
    (T(A, "1:2"), [2, 0]),              # 0 and 2
    (T(B, "2:0>1:2"), [2, 3]),          # 0 on 0:0 and 0: triple-header
    (T(A, "0:3>0:0"), [2, 3]),          # 3 and 0
    (T(B, "3:4"), [2, 3]),              # 4 and 0
    (T(A, "4:0>3:4"), [4, 3]),          # 0 and 0, no double at an end: 2
    (T(B, "0:5>2:0"), [4, 3]),          # 0 and 5
    (T(A, "5:6"), [4, 3]),              # 0 and 6
    (T(B, "6:0>5:6"), [4, 5]),          # 0 and 0: 2; every blank is out: block
]
USED = {A: "0:0 1:2 0:3 4:0 5:6", B: "0:1 2:0 3:4 0:5 6:0"}


@pytest.mark.parametrize("ann_keeps,bob_keeps,winner,ann,bob", [
    ("6:6", "1:3", B, 4, 7),        # exactly one player (Bob) holds no double: he gets 2
    ("1:3", "2:4", A, 6, 5),        # nobody holds a double: the fewest pips (4 against 6) gets 2
    ("1:4", "2:3", None, 4, 5),     # nobody holds a double, 5 and 5: a tie, nobody
    ("3:3", "1:1", B, 4, 7),        # everybody holds one: the lowest double (1:1) gets 2
    ("2:2", "6:6", A, 6, 5),        # … 2:2 below 6:6, whatever the pips
])
def test_block_bonus_two_players(ann_keeps, bob_keeps, winner, ann, bob):
    d = deal(Ann=USED[A] + " " + ann_keeps, Bob=USED[B] + " " + bob_keeps)
    turns = [t for t, _ in LINE2]
    assert ledger("bergen", [A, B], turns, deal_=d) == [s for _, s in LINE2]
    out = ok(rec("bergen", [A, B], {"deal": d, "turns": turns}))
    h = hand_of(out)
    assert (h["end"], h["winner"]) == ("block", winner)
    assert h["points"] == {A: ann, B: bob}


# The same ten tiles among three players (unknown deal): Ann lays four, Bob and Cid three each.
LINE3 = [T(p, *t["moves"]) for p, (t, _) in zip([A, B, C] * 4, LINE2)]
# Ann: 2 (lead) + 3 (2:0) + 2 (4:0) + 2 (6:0) = 9


@pytest.mark.parametrize("left,winner,points", [
    # several hold no double: the fewest pips among them (Bob 16 < Cid 20; Ann has fewer but a double)
    ({A: ["1:1", "1:3"], B: ["2:3", "1:4", "2:4"], C: ["2:5", "1:5", "1:6"]}, B, {A: 9, B: 2, C: 0}),
    # several without, tied among them (Bob 20, Cid 20): nobody, though Ann (with a double) has 6
    ({A: ["1:1", "1:3"], B: ["1:5", "1:6", "2:5"], C: ["2:3", "1:4", "4:6"]}, None, {A: 9, B: 0, C: 0}),
    # nobody holds a double: the fewest pips (Ann 9)
    ({A: ["1:3", "1:4"], B: ["2:3", "2:4", "2:5"], C: ["1:5", "1:6", "2:6"]}, A, {A: 11, B: 0, C: 0}),
    # nobody holds a double, Ann and Bob tie on 15: nobody
    ({A: ["2:5", "2:6"], B: ["1:3", "1:4", "1:5"], C: ["1:6", "2:3", "2:4"]}, None, {A: 9, B: 0, C: 0}),
    # everybody holds one: the lowest double (Bob's 2:2)
    ({A: ["3:3", "1:3"], B: ["2:2", "1:4", "1:5"], C: ["4:4", "5:5", "1:6"]}, B, {A: 9, B: 2, C: 0}),
    # exactly one (Cid) holds none
    ({A: ["3:3", "1:3"], B: ["2:2", "1:4", "1:5"], C: ["1:6", "2:3", "2:4"]}, C, {A: 9, B: 0, C: 2}),
])
def test_block_bonus_three_players(left, winner, points):
    out = ok(rec("bergen", [A, B, C], {"turns": LINE3, "left": left}))
    h = hand_of(out)
    assert (h["end"], h["winner"], h["points"]) == ("block", winner, points)


def test_block_bonus_needs_the_tiles_left_when_the_deal_is_unknown():
    # nothing said of them yet: the tiles left are asked for (the table's tiles-left form), not
    # the block refused (the table refused the pass that made it)
    r = rec("bergen", [A, B, C], {"turns": LINE3})
    refused(r, "left.missing")
    r["hands"][0]["left"] = {A: 6, B: 16, C: 20}
    refused(r, "bergen.left_tiles")
    # a blank in a hand is impossible: all seven are on the table
    r["hands"][0]["left"] = {A: ["1:1", "0:6"], B: ["2:3", "1:4", "2:4"], C: ["2:5", "1:5", "1:6"]}
    refused(r, "left.impossible")


# -- drawing: one a turn or until playable; the last two are never drawn ---------------------------

DEAL4 = deal(Ann="0:0 0:3 1:1 2:3 2:4", Bob="0:1 3:4 2:2 2:6 3:5",
             Cid="1:2 0:4 3:3 3:6 4:6", Dan="0:2 1:4 1:6 4:4 5:6")
# the bazaar: 5:5 1:3 2:5 6:6 4:5 1:5 0:5 0:6 (eight; six may be drawn)
HEAD4 = [
    T(A, "0:0"),                        # 2
    T(B, "0:1"),
    T(C, "1:2"),
    T(D, "2:0>1:2"),                    # 0 on 0:0 and 0: 3
    T(A, "0:3>0:0"),
    T(B, "3:4"),
    T(C, "4:0>3:4"),                    # 0 and 0: 2; nobody holds a blank now
]
DRAWS_ONE = [
    T(D, "draw 5:5", "pass"),
    T(A, "draw 1:3", "pass"),
    T(B, "draw 2:5", "pass"),
    T(C, "draw 6:6", "pass"),           # a round of draw-and-pass: the hand goes on (two drawable)
    T(D, "draw 4:5", "pass"),
    T(A, "draw 1:5", "pass"),           # six drawn; 0:5 and 0:6 stay: nobody can play -> block
]


def test_draw_one_then_pass_and_the_last_two_tiles_stay():
    out = ok(rec("bergen", [A, B, C, D], {"deal": DEAL4, "turns": HEAD4 + DRAWS_ONE}))
    h = hand_of(out)
    # everybody holds a double (Ann 1:1, Bob 2:2, Cid 3:3 6:6, Dan 4:4 5:5): the lowest, Ann's, gets 2
    assert (h["end"], h["winner"]) == ("block", A)
    assert h["points"] == {A: 4, B: 0, C: 2, D: 3}
    # Ann 1:1 2:3 2:4 1:3 1:5; Bob 2:2 2:6 3:5 2:5; Cid 3:3 3:6 4:6 6:6; Dan 1:4 1:6 4:4 5:6 5:5 4:5
    assert h["left"] == {A: 23, B: 27, C: 37, D: 50}


def test_a_round_of_draw_and_pass_is_no_block_while_tiles_can_be_drawn():
    out = ok(rec("bergen", [A, B, C, D], {"deal": DEAL4, "turns": HEAD4 + DRAWS_ONE[:4]}))
    h = hand_of(out)
    assert h["end"] is None
    assert h["points"] == {A: 2, B: 0, C: 2, D: 3}


def test_the_reserved_two_are_never_drawn():
    # after the sixth draw the hand is over: a seventh draw is no turn at all
    r = rec("bergen", [A, B, C, D], {"deal": DEAL4, "turns": HEAD4 + DRAWS_ONE + [T(B, "draw 0:5")]})
    refused(r, "hand.over", turn=14)
    # with draws=until Dan draws all six he may, and no more
    six = ["draw 5:5", "draw 1:3", "draw 2:5", "draw 6:6", "draw 4:5", "draw 1:5"]
    r = rec("bergen", [A, B, C, D], {"deal": DEAL4, "turns": HEAD4 + [T(D, *six, "draw 0:5")]}, draws="until")
    refused(r, "draw.empty", turn=8, move="draw 0:5")


def test_draws_until_playable():
    six = ["draw 5:5", "draw 1:3", "draw 2:5", "draw 6:6", "draw 4:5", "draw 1:5"]
    out = ok(rec("bergen", [A, B, C, D], {"deal": DEAL4, "turns": HEAD4 + [T(D, *six, "pass")]}, draws="until"))
    h = hand_of(out)
    # Dan's pass leaves nobody able to play and nothing drawable: block; Ann's 1:1 is the lowest double
    assert (h["end"], h["winner"], h["points"]) == ("block", A, {A: 4, B: 0, C: 2, D: 3})
    assert h["left"] == {A: 13, B: 20, C: 25, D: 79}
    # until: no pass while a tile can still be drawn
    refused(rec("bergen", [A, B, C, D], {"deal": DEAL4, "turns": HEAD4 + [T(D, "draw 5:5", "pass")]},
                draws="until"), "pass.must_draw", turn=8)
    # until: a drawn tile that fits stops the drawing and is laid
    out = ok(rec("bergen", [A, B, C, D], {"deal": DEAL4, "turns": HEAD4 + [T(D, "draw 5:5", "draw 0:5", "0:5>4:0")]},
                 draws="until"))
    assert hand_of(out)["end"] is None


def test_draw_one_rules():
    r = rec("bergen", [A, B, C, D], {"deal": DEAL4, "turns": HEAD4 + [T(D, "pass")]})
    refused(r, "pass.must_draw", turn=8)
    r = rec("bergen", [A, B, C, D], {"deal": DEAL4, "turns": HEAD4 + [T(D, "draw 5:5", "draw 1:3")]})
    refused(r, "draw.one_per_turn", turn=8, move="draw 1:3")
    # a drawn tile that fits must be laid
    r = rec("bergen", [A, B, C, D], {"deal": DEAL4, "turns": HEAD4 + [T(D, "draw 0:5", "pass")]})
    refused(r, "pass.must_play", turn=8)
    out = ok(rec("bergen", [A, B, C, D], {"deal": DEAL4, "turns": HEAD4 + [T(D, "draw 0:5", "0:5>4:0")]}))
    assert hand_of(out)["points"] == {A: 2, B: 0, C: 2, D: 3}      # ends 5 and 0: nothing
    # a player who can play may not draw
    r = rec("bergen", [A, B, C, D], {"deal": DEAL4, "turns": HEAD4[:1] + [T(B, "draw 5:5")]})
    refused(r, "draw.must_play", turn=2)


# -- result-only hands ------------------------------------------------------------------------------


def test_result_only_hands():
    out = ok(rec("bergen", [A, B, C],
                 {"result": {"out": B, "scored": {A: 2, B: 5, C: 3}}},
                 {"result": {"out": None, "scored": {A: 2},
                             "left": {A: ["1:1", "2:3"], B: ["4:5"], C: ["2:2", "0:1"]}}}))
    h1, h2 = out["hands"]
    assert (h1["end"], h1["winner"], h1["points"]) == ("result", B, {A: 2, B: 7, C: 3})
    # block: only Bob holds no double -> 2
    assert (h2["winner"], h2["points"]) == (B, {A: 2, B: 2, C: 0})
    assert out["totals"] == {A: 4, B: 9, C: 3}
    r = rec("bergen", [A, B], {"result": {"out": None, "left": {A: 5, B: 7}, "scored": {A: 2}}})
    refused(r, "bergen.left_tiles")
    refused(rec("bergen", [A, B], {"result": {"out": A, "scored": {A: -2}}}), "result.scored")
    # in-play points come in 2s (a double lead, a double-header) and 3s: 1 is impossible, 5 is not
    refused(rec("bergen", [A, B], {"result": {"out": A, "scored": {B: 1}}}), "result.scored")
    assert hand_of(ok(rec("bergen", [A, B], {"result": {"out": A, "scored": {B: 5}}})))["points"] == {A: 2, B: 5}


# -- the match --------------------------------------------------------------------------------------


def test_two_players_play_to_15():
    out = ok(rec("bergen", [A, B],
                 {"deal": OUT_DEAL, "turns": [t for t, _ in OUT]},            # 8 : 6
                 {"result": {"out": B, "scored": {A: 5, B: 3}}},               # 5 : 5 -> 13 : 11
                 {"result": {"out": A, "scored": {A: 0, B: 2}}}))              # 2 : 2 -> 15 : 13
    assert out["totals"] == {A: 15, B: 13}
    assert out["match_winner"] == A


def test_three_players_play_to_10():
    out = ok(rec("bergen", [A, B, C], {"turns": LINE3,
                                       "left": {A: ["1:3", "1:4"], B: ["2:3", "2:4", "2:5"], C: ["1:5", "1:6", "2:6"]}}))
    assert out["totals"] == {A: 11, B: 0, C: 0} and out["match_winner"] == A
    # at 9 nobody has won
    out = ok(rec("bergen", [A, B, C], {"turns": LINE3,
                                       "left": {A: ["2:5", "2:6"], B: ["1:3", "1:4", "1:5"], C: ["1:6", "2:3", "2:4"]}}))
    assert out["totals"] == {A: 9, B: 0, C: 0} and out["match_winner"] is None


def test_tie_at_the_top_and_no_hand_after_the_match():
    tie = {"result": {"out": A, "scored": {A: 13, B: 15}}}                       # 15 : 15
    out = ok(rec("bergen", [A, B], tie))
    assert out["totals"] == {A: 15, B: 15} and out["match_winner"] is None
    out = ok(rec("bergen", [A, B], tie, {"result": {"out": B, "scored": {}}}))   # 15 : 17
    assert out["match_winner"] == B
    r = rec("bergen", [A, B], tie, {"result": {"out": B, "scored": {}}}, {"result": {"out": A, "scored": {}}})
    assert refused(r, "match.over")["hand"] == 3


def test_unknown_deal_block_when_only_the_reserved_two_could_fit():
    unseen = [T(t["player"], "draw", "pass") for t in DRAWS_ONE]
    left = {A: ["1:1", "2:3", "2:4", "1:3", "1:5"], B: ["2:2", "2:6", "3:5", "2:5"],
            C: ["3:3", "3:6", "4:6", "6:6"], D: ["1:4", "1:6", "4:4", "5:6", "5:5", "4:5"]}
    # after four rounds of draw-and-pass two tiles remain drawable: the hand goes on
    assert hand_of(ok(rec("bergen", [A, B, C, D], {"turns": HEAD4 + unseen[:4]})))["end"] is None
    # the sixth draw leaves only the reserved two (they may well be 0:5 and 0:6): a full round of
    # passes with nothing drawable is a block
    out = ok(rec("bergen", [A, B, C, D], {"turns": HEAD4 + unseen, "left": left}))
    h = hand_of(out)
    assert (h["end"], h["winner"], h["points"]) == ("block", A, {A: 4, B: 0, C: 2, D: 3})
    refused(rec("bergen", [A, B, C, D], {"turns": HEAD4 + unseen + [T(B, "pass")], "left": left}),
            "hand.over", turn=14)


def test_turns_and_result_must_agree():
    r = rec("bergen", [A, B], {"deal": OUT_DEAL, "turns": [t for t, _ in OUT],
                               "result": {"out": A, "scored": {A: 6, B: 6}}})
    assert hand_of(ok(r))["points"] == {A: 8, B: 6}         # scored is the play's 6; out adds 2
    r["hands"][0]["result"]["scored"] = {A: 8, B: 6}
    refused(r, "result.mismatch")


# -- seeded random playouts against an independent recount -----------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("draws", ["one", "until"])
def test_random_playouts_score_the_headers(players, draws):
    from referee.rules.tiles import DOUBLE

    from .inplay import open_ends, random_playout

    def check(h, seat, before):
        want = list(before)
        placed = h.layout.placed
        if len(placed) == 1:
            want[seat] += 2 if DOUBLE[placed[0].tile] else 0
        else:
            ends, _ = open_ends(h.layout, False)
            assert len(ends) == 2
            if ends[0][0] == ends[1][0]:
                want[seat] += 3 if ends[0][2] or ends[1][2] else 2
        assert h.scores == want, h.history

    laid = sum(random_playout("bergen", players, seed, check, draws=draws) for seed in range(25))
    assert laid > 150
