"""Six matador (variant 9), hands checked by hand against the rules brief.

Touching halves sum to 6; matadors 0:6 1:5 2:4 3:3 0:0 are always crosswise, every other tile
(doubles too) lengthwise; an end showing 0 takes only a matador. Scores decide the hand: the single
highest wins his score minus the sum of the others' (debts negative), never below 0.
"""

import pytest

from referee.rules import new_hand, parse_tile

from .seven import T, deal, hand, live, ok, one, record, refused, run

AB = ["A", "B"]

D1 = deal(A="6:6 4:6 5:5 1:3 0:1 0:5", B="0:2 1:5 2:4 3:4 2:6 4:4")
H1 = [
    T("A", "6:6"),                 # lead: 6 | 6                     strict: A +5 (a 6:6 lead)
    T("B", "0:2"),                 # 0 on 6: 6 | 2                   B +1
    T("A", "4:6"),                 # 4 on 2, leaves a 6: 6 | 6       A +1 +5
    T("B", "1:5>4:6"),             # a matador, crosswise: 6 | 1/5   B +10
    T("A", "5:5"),                 # 5 on the 1 (lengthwise): 6 | 5  A +1
    T("B", "draw 2:3", "pass"),    # B keeps his matador 2:4, draws, passes   B −6
    T("A", "1:3"),                 # 1 on 5: 6 | 3                   A +1
    T("B", "2:4>1:3"),             # a matador: 6 | 2/4              B +10
    T("A", "0:1"),                 # 0 on the 6: 1 | 2/4             A +1
    T("B", "2:3"),                 # 2 on the 4: 1 | 3               B +1
    T("A", "0:5"),                 # 5 on 1: 0 | 3; A is out         A +1
]
# strict: A 5 + 6 + 1 + 1 + 1 + 1 = 15; B 1 + 10 − 6 + 10 + 1 = 16


def rec1(turns=H1, **opts):
    return record("six_matador", AB, [hand(D1, turns, lead="A")], **opts)


def test_strict_highest_score_wins_not_the_player_out():
    h = one(rec1(scoring="strict", hand_end="out"))
    assert h["end"] == "out"
    assert h["winner"] == "B"
    assert h["points"] == {"A": 0, "B": 16 - 15}


def test_strict_in_play_scores_move_by_move():
    h = live("six_matador", AB, {"scoring": "strict", "hand_end": "out"}, D1, [], lead="A")
    seen = []
    for t in H1:
        for m in t["moves"]:
            h.play(m)
        seen.append(list(h.scores))
        if not h.over:
            h.end_turn()
    assert seen == [[5, 0], [5, 1], [11, 1], [11, 11], [12, 11], [12, 5], [13, 5], [13, 15],
                    [14, 15], [14, 16], [15, 16]]


def test_matadors_scoring_ten_per_matador():
    h = one(rec1(hand_end="out"))
    # A laid no matador; B 1:5 and 2:4
    assert (h["end"], h["winner"]) == ("out", "B")
    assert h["points"] == {"A": 0, "B": 20}


def test_left_counts_pips_and_is_not_needed():
    h = one(rec1(hand_end="out"))
    # B keeps 3:4 2:6 4:4
    assert h["left"] == {"A": 0, "B": 7 + 8 + 8}
    # at a real table no remainder is needed: the scores decide
    h = one(record("six_matador", AB, [hand(None, H1, lead="A")], scoring="strict", hand_end="out"))
    assert (h["winner"], h["points"]) == ("B", {"A": 0, "B": 1})


# block_only (default): A is out at turn 11 and passes for free; B plays on and goes out too
H1_ON = H1 + [
    T("B", "3:4"),                 # 3 on 3: 0 | 4                   B +1
    T("A", "pass"),                # out: no −6
    T("B", "2:6"),                 # 2 on 4, leaves a 6: 0 | 6       B +1 +5
    T("A", "pass"),
    T("B", "draw 0:3", "0:3"),     # 0 on 6: 0 | 3                   B +1
    T("A", "pass"),
    T("B", "draw 3:5", "3:5"),     # 0 | 5                           B +1
    T("A", "pass"),
    T("B", "draw 1:2", "1:2"),     # 0 | 2                           B +1
    T("A", "pass"),
    T("B", "4:4"),                 # 4 on 2: B is out, nobody holds tiles: the hand ends   B +1
]


def test_block_only_out_player_passes_free_winner_is_the_highest_score():
    h = one(rec1(H1_ON, scoring="strict"))
    # B: 16 + 1 + 6 + 1 + 1 + 1 + 1 = 27; A: 15
    assert h["end"] == "out"
    assert (h["winner"], h["points"]) == ("B", {"A": 0, "B": 27 - 15})


def test_block_only_scores_while_unfinished_are_not_totals():
    out = ok(rec1(H1_ON[:13], scoring="strict"))
    assert out["hands"][0]["end"] is None
    # in-play scores only decide the hand: nothing goes on the scoresheet before its end
    assert out["totals"] == {"A": 0, "B": 0}


def test_a_blank_end_refuses_a_six_that_sums_to_six():
    # after turn 11 the ends are 0 | 3: 2:6 would sum 6 + 0 but a blank takes only a matador
    refused(rec1(H1 + [T("B", "2:6>0:5")], scoring="strict"), "matador.no_fit", turn=12)


def test_orientations():
    h = live("six_matador", AB, {}, D1, H1[:4], lead="A")
    # 5:5 is not a matador: lengthwise only
    with pytest.raises(Exception) as e:
        h.play("5:5 across")
    assert e.value.rule == "play.orientation"
    assert h.places_for(parse_tile("5:5")) == ["5:5>1:5"]
    # a matador is crosswise only
    h2 = live("six_matador", AB, {}, deal(A="6:6 4:6 5:5 1:3 0:1 0:5", B="0:2 3:3 2:4 3:4 2:6 4:4"),
              H1[:3], lead="A")
    with pytest.raises(Exception) as e:
        h2.play("3:3 along")
    assert e.value.rule == "play.orientation"
    h2.play("3:3>4:6")
    # 3:3 crosswise shows 3 (a 3 takes a 3 to make 6)
    assert (3,) in [e.values for e in h2.layout.ends]


def test_zero_six_matador_shows_both_halves():
    d = deal(A="2:2 4:6 5:5 1:3 0:1 0:5", B="0:6 1:5 2:4 3:4 2:6 4:4")
    h = live("six_matador", AB, {}, d, [T("A", "2:2"), T("B", "0:6")], lead="A")
    assert sorted(e.values for e in h.layout.ends) == [(0, 6), (2,)]
    # a 0 goes on its 6 (0:1 → 0 on 6) and closes the blank
    assert h.places_for(parse_tile("0:1")) == ["0:1>0:6"]
    h.play("0:1>0:6")
    assert sorted(e.values for e in h.layout.ends) == [(1,), (2,)]
    hc = live("six_matador", AB, {"matador_end": "chosen_half"}, d, [T("A", "2:2")], lead="A")
    hc.play("0:6 across@0")
    hc.end_turn()
    # the blank faces out: only a matador may follow there
    assert hc.places_for(parse_tile("0:1")) == []


# -- 4 players, 7 each, no bazaar: passes cost 6 ---------------------------------------------------
D4 = deal(A="0:0 0:6 1:5 2:4 3:3 1:1 2:2", B="0:1 0:2 0:3 0:4 0:5 1:2 1:3",
          C="1:4 1:6 2:3 2:5 2:6 3:4 3:5", D="3:6 4:4 4:5 4:6 5:5 5:6 6:6")
H4 = [T("A", "0:0"), T("B", "pass"), T("C", "pass"), T("D", "pass"), T("A", "pass")]


def rec4(**opts):
    return record("six_matador", list("ABCD"), [hand(D4, H4, lead="A")], **opts)


def test_strict_passes_cost_six_debts_count_against_the_others():
    h = one(rec4(scoring="strict"))
    # A 10 − 6 = 4; B, C, D −6 each: A is credited 4 − (−18) = 22
    assert h["end"] == "block"
    assert (h["winner"], h["points"]) == ("A", {"A": 22, "B": 0, "C": 0, "D": 0})
    # 0:0 counts 0 in left (no lone-blank rule in six matador)
    assert h["left"] == {"A": 6 + 6 + 6 + 6 + 2 + 4, "B": 22, "C": 47, "D": 69}


def test_matadors_scoring_block():
    h = one(rec4())
    assert (h["winner"], h["points"]) == ("A", {"A": 10, "B": 0, "C": 0, "D": 0})


def test_matadors_compulsory_yes():
    refused(rec4(matador_compulsory="yes"), "pass.must_play", turn=5)


def test_credit_never_below_zero_and_ties_score_nothing():
    # a tie at the top: nobody; a lead of 2 over the others: 2; more than the others together: 0
    h = new_hand("six_matador", AB, {"scoring": "strict"}, lead="A")
    h.play("6:6")
    h.end_turn()
    h.play("0:2")
    h.end_turn()
    h.scores = [6, 6]
    h.finish("block", None)
    sc = h.v.score(h)
    assert (sc.winner, sc.points) == (None, [0, 0])
    h.scores = [6, 4]
    assert (h.v.score(h).winner, h.v.score(h).points) == (0, [2, 0])
    h3 = new_hand("six_matador", list("ABC"), {"scoring": "strict"}, lead="A")
    h3.scores = [10, 8, 7]
    h3.finish("out", 0)
    assert h3.v.score(h3).points == [0, 0, 0]
    assert h3.v.score(h3).winner == 0


def test_deal_sizes():
    assert new_hand("six_matador", AB).size == 6
    assert new_hand("six_matador", list("ABC")).size == 6
    h = new_hand("six_matador", list("ABCD"))
    assert (h.size, h.bazaar_count) == (7, 0)


def test_result_only_entry_with_debts():
    rec = record("six_matador", list("ABC"), [{"result": {"out": "A", "scored": {"A": 30, "B": -12, "C": 5}}}],
                 scoring="strict")
    h = one(rec)
    # 30 − (−12 + 5) = 37
    assert (h["end"], h["winner"], h["points"]) == ("result", "A", {"A": 37, "B": 0, "C": 0})


def test_unknown_scoring_value_is_refused():
    assert run(record("six_matador", AB, [], scoring="beginner"))[0] == 2


def test_chosen_half_the_player_names_the_half_facing_out():
    opts = {"matador_end": "chosen_half"}
    h = live("six_matador", AB, opts, D1, H1[:3], lead="A")
    assert sorted(h.places_for(parse_tile("1:5"))) == ["1:5>4:6 across@1", "1:5>4:6 across@5",
                                                       "1:5>6:6 across@1", "1:5>6:6 across@5"]
    with pytest.raises(Exception) as e:
        h.play("1:5>4:6")
    assert e.value.rule == "play.ambiguous"
    h.play("1:5>4:6 across@5")
    assert sorted(e.values for e in h.layout.ends) == [(5,), (6,)]
    h.end_turn()
    # A's 5:5 needed the 1 (5 + 1): under chosen_half with 5 out it no longer fits
    assert h.places_for(parse_tile("5:5")) == []
    assert h.places_for(parse_tile("1:3")) == ["1:3>1:5"]
