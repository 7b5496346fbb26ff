"""Matador (variant 8), hands checked by hand against the rules brief.

Touching halves sum to 7; the matadors 6:1, 5:2, 4:3 and 0:0 go crosswise on any end, the first
three also lengthwise as ordinary tiles; an end showing 0 takes only a matador.
"""

import pytest

from referee.rules import new_hand, parse_tile

from .seven import T, deal, hand, live, ok, one, record, refused, run

AB = ["A", "B"]

# -- hand 1: 2 players, 6 each, 16 in the bazaar ----------------------------------------------
# A leads 2:3 (ends 2 | 3); every later tile sums to 7 with the end it touches.
D1 = deal(A="2:3 4:6 1:2 5:5 0:1 6:6", B="4:4 3:3 5:6 2:2 1:1 0:2")
H1 = [
    T("A", "2:3"),                 # 2 | 3
    T("B", "4:4"),                 # 4 on 3: 2 | 4
    T("A", "5:5"),                 # 5 on 2: 5 | 4
    T("B", "0:2>5:5"),             # 2 on 5: 0 | 4   (0:2 cannot go on 4)
    T("A", "draw 1:3", "1:3"),     # nothing fits: one draw, it fits, laid: 0 | 1
    T("B", "5:6"),                 # 6 on 1: 0 | 5
    T("A", "1:2"),                 # 2 on 5: 0 | 1
    T("B", "draw 2:6", "2:6"),     # 0 | 2
    T("A", "draw 4:5", "4:5"),     # 0 | 4
    T("B", "3:3"),                 # 0 | 3
    T("A", "4:6"),                 # 0 | 6
    T("B", "1:1"),                 # 0 | 1
    T("A", "6:6"),                 # 0 | 6
    T("B", "draw 1:4", "1:4"),     # 0 | 4
    T("A", "draw 0:5", "pass"),    # 0:5 fits nowhere: pass
    T("B", "draw 3:5", "3:5"),     # 0 | 5
    T("A", "draw 0:6", "pass"),
    T("B", "2:2"),                 # B's last tile: 0 | 2
]
# the bazaar left after turn 18: 0:0 0:3 0:4 1:5 1:6 2:4 2:5 3:4 3:6; A holds 0:1 0:5 0:6


def rec1(turns, **opts):
    return record("matador", AB, [hand(D1, turns, lead="A")], **opts)


def test_hand_end_out_first_out_wins_the_others_pips():
    h = one(rec1(H1, hand_end="out"))
    # A keeps 0:1 0:5 0:6 = 1 + 5 + 6
    assert (h["end"], h["winner"]) == ("out", "B")
    assert h["points"] == {"A": 0, "B": 12}
    assert h["left"] == {"A": 12, "B": 0}


def test_hand_end_out_no_turn_after_going_out():
    refused(rec1(H1 + [T("A", "0:5")], hand_end="out"), "hand.over", turn=19)


def test_default_is_block_only_going_out_does_not_end_the_hand():
    out = ok(rec1(H1))
    assert out["hands"][0]["end"] is None
    assert out["hands"][0]["left"] == {"A": 12, "B": 0}


# hand 1 played on under block_only: B is out and passes every round, A plays on alone
H1_ON = H1 + [
    T("A", "0:5>2:2"),             # 5 on 2: 0 | 0
    T("B", "pass"),
    T("A", "draw 3:6", "pass"),
    T("B", "pass"),                # a round of passes, but A can still draw: the hand goes on
    T("A", "draw 1:6", "1:6>0:5"),  # a matador on a blank end (crosswise, the only way): 0 | 6/1
    T("B", "pass"),
    T("A", "3:6"),                 # 6 on 1 closes the 6 half: 0 | 3
    T("B", "pass"),
    T("A", "draw 0:4", "0:4"),     # 4 on 3: 0 | 0
    T("B", "pass"),
    T("A", "draw 2:4", "pass"),
    T("B", "pass"),
    T("A", "draw 0:3", "pass"),
    T("B", "pass"),
    T("A", "draw 0:0", "pass"),    # a drawn matador need not be laid
    T("B", "pass"),
    T("A", "draw 1:5", "pass"),
    T("B", "pass"),
    T("A", "draw 2:5", "pass"),
    T("B", "pass"),
    T("A", "draw 3:4", "pass"),    # the last bazaar tile; A keeps his three matadors: a round of
]                                  # passes (B's, A's) with nothing left to draw ends the hand
# A: 0:1 0:6 2:4 0:3 0:0 1:5 2:5 3:4 = 1 + 6 + 6 + 3 + 0 + 6 + 7 + 7
A_LEFT = 36


def test_block_only_player_out_keeps_passing_first_out_wins():
    h = one(rec1(H1_ON))
    assert (h["end"], h["winner"]) == ("out", "B")
    assert h["points"] == {"A": 0, "B": A_LEFT}
    assert h["left"] == {"A": A_LEFT, "B": 0}


def test_block_only_the_hand_is_still_live_before_the_last_round_of_passes():
    out = ok(rec1(H1_ON[:-2]))
    assert out["hands"][0]["end"] is None
    # a round of passes while A could still draw does not end it either
    assert ok(rec1(H1_ON[:22]))["hands"][0]["end"] is None


def test_block_only_no_turn_after_the_end():
    refused(rec1(H1_ON + [T("B", "pass")]), "hand.over", turn=len(H1_ON) + 1)


def test_block_only_player_out_does_not_draw():
    refused(rec1(H1 + [T("A", "0:5>2:2"), T("B", "draw 0:0")]), "draw.out", turn=20)


def test_block_only_must_draw_while_the_bazaar_has_tiles():
    turns = H1_ON[:34] + [T("A", "pass")]
    refused(rec1(turns), "pass.must_draw", turn=35, move="pass")


def test_drawn_tile_that_fits_must_be_laid():
    turns = H1_ON[:26] + [T("A", "draw 0:4", "pass")]
    refused(rec1(turns), "pass.must_play", turn=27)


def test_one_draw_per_turn():
    turns = H1[:14] + [T("A", "draw 0:5", "draw 0:6")]
    refused(rec1(turns), "draw.one_per_turn", turn=15, move="draw 0:6")


def test_no_draw_while_holding_a_fitting_tile():
    # turn 3: A holds 5:5, which fits the 2
    refused(rec1(H1[:2] + [T("A", "draw 1:3")]), "draw.must_play", turn=3)


def test_failed_draw_needs_pass_the_pass_without_a_draw_is_refused():
    refused(rec1(H1[:4] + [T("A", "pass")]), "pass.must_draw", turn=5)


def test_touching_halves_must_sum_to_seven():
    # ends 2 | 4 after turn 2: 5:5 fits the 2, 4:6 fits nothing (4 + 2, 6 + 4, …)
    refused(rec1(H1[:2] + [T("A", "4:6")]), "matador.no_fit", turn=3)


def test_blank_end_takes_only_a_matador():
    # after turn 4 the ends are 0 | 4; 0:1 cannot go on the blank
    refused(rec1(H1[:4] + [T("A", "0:1>0:2")]), "matador.no_fit", turn=5)


def test_unknown_deal_table_case_counts_only():
    # the same hand as a real table keeps it: no deal, the pips left given at the end
    h = one(record("matador", AB, [hand(None, H1, lead="A", left={"A": ["0:1", "0:5", "0:6"]})], hand_end="out"))
    assert (h["end"], h["winner"], h["points"]) == ("out", "B", {"A": 0, "B": 12})
    refused(record("matador", AB, [hand(None, H1, lead="A")], hand_end="out"), "left.missing")
    # a claim the table contradicts: 0:5 was drawn by A and never laid, so it is not B's
    refused(record("matador", AB, [hand(None, H1, lead="A", left={"A": ["0:1", "0:6", "0:3"]})],
                   hand_end="out"), "left.impossible")


# -- hand 2: matadors, the bonus, both halves ---------------------------------------------------
D2 = deal(A="6:1 2:2 4:5 3:3 5:5 1:3", B="5:2 1:2 0:4 3:6 4:4 2:6")
H2 = [
    T("A", "6:1 across"),          # a crosswise matador lead: both ends show 6/1
    T("B", "1:2"),                 # 1 on the 6: 6/1 | 2
    T("A", "5:5"),                 # 5 on 2: 6/1 | 5
    T("B", "5:2>5:5 across"),      # a matador as a matador (it would also go along: 2 on 5)
    T("A", "1:3"),                 # 1 on the lead's 6: 3 | 5/2
    T("B", "4:4"),                 # 4 on 3: 4 | 5/2
    T("A", "3:3"),                 # 3 | 5/2
    T("B", "0:4"),                 # 0 | 5/2
    T("A", "2:2"),                 # 2 on the 5 closes the 2: 0 | 2
    T("B", "draw 0:1", "pass"),
    T("A", "4:5"),                 # A is out
]


def rec2(**opts):
    return record("matador", AB, [hand(D2, H2, lead="A")], hand_end="out", **opts)


def test_matador_bonus_is_credited_when_laid_and_kept_by_the_loser():
    h = one(rec2(matador_bonus=10))
    # B keeps 3:6 2:6 0:1 = 18; A: 10 (the lead counts) + 18; B: his 10
    assert (h["end"], h["winner"]) == ("out", "A")
    assert h["points"] == {"A": 28, "B": 10}
    assert h["left"] == {"A": 0, "B": 18}


def test_matador_bonus_default_is_zero():
    h = one(rec2())
    assert h["points"] == {"A": 18, "B": 0}


def test_matador_laid_along_earns_no_bonus():
    h = live("matador", AB, {"matador_bonus": 10, "hand_end": "out"}, D2, H2[:3], lead="A")
    assert h.scores == [10, 0]
    h.play("5:2>5:5 along")        # 2 on 5: an ordinary tile, showing 5
    assert h.scores == [10, 0]
    assert sorted(e.values for e in h.layout.ends) == [(1, 6), (5,)]


def test_bare_matador_that_fits_both_ways_is_ambiguous():
    err = refused(record("matador", AB, [hand(D2, H2[:3] + [T("B", "5:2>5:5")], lead="A")]),
                  "play.ambiguous", turn=4)
    assert "across" in err["message"] and "along" in err["message"]


def test_matador_goes_crosswise_on_any_end_without_summing():
    # 5:2 on the lead's 6/1: neither half sums to 7 with 6 or 1, yet a matador may go there
    h = live("matador", AB, {}, D2, H2[:3], lead="A")
    assert sorted(h.places_for(parse_tile("5:2"))) == ["2:5>1:6 across", "2:5>5:5 across", "2:5>5:5 along"]
    with pytest.raises(Exception) as e:
        h.play("5:2>6:1 along")
    assert e.value.rule == "play.wrong_end"


def test_both_halves_either_half_takes_the_next_tile_which_closes_the_other():
    h = live("matador", AB, {}, D2, H2[:4], lead="A")
    ends = sorted(e.values for e in h.layout.ends)
    assert ends == [(1, 6), (2, 5)]
    # on 5:2 across, a 2 goes on the 5 and a 5 on the 2
    assert "2:2>2:5" in h.places_for(parse_tile("2:2"))
    assert "5:4>2:5" in h.places_for(parse_tile("4:5"))
    h.play("4:5>5:2")
    assert sorted(e.values for e in h.layout.ends) == [(1, 6), (4,)]


def test_chosen_half_names_the_half_facing_out():
    opts = {"matador_end": "chosen_half"}
    h = live("matador", AB, opts, D2, H2[:3], lead="A")
    err = None
    try:
        h.play("5:2>5:5 across")
    except Exception as e:  # across without the half: two ways
        err = e
    assert err is not None and err.rule == "play.ambiguous"
    h.play("5:2>5:5 across@2")
    assert (2,) in [e.values for e in h.layout.ends]
    h.end_turn()
    # A: 2:2 needs a 5 and no longer fits; 4:5 (5 on 2) does
    assert h.places_for(parse_tile("2:2")) == []
    assert h.places_for(parse_tile("4:5")) == ["5:4>2:5"]


def test_chosen_half_crosswise_lead_shows_one_half_at_each_end():
    h = new_hand("matador", AB, {"matador_end": "chosen_half"}, deal=D2, lead="A")
    h.play("6:1 across")
    h.end_turn()
    assert sorted(e.values for e in h.layout.ends) == [(1,), (6,)]
    # 1:2 (1 on the 6) fits one end only
    assert h.places_for(parse_tile("1:2")) == ["1:2>1:6@6"]
    h2 = new_hand("matador", AB, {}, deal=D2, lead="A")
    h2.play("6:1 across")
    h2.end_turn()
    assert [e.values for e in h2.layout.ends] == [(1, 6), (1, 6)]
    assert h2.places_for(parse_tile("1:2")) == ["1:2>1:6"]


def test_double_blank_is_always_across_and_only_a_matador_follows():
    d = deal(A="0:0 2:2 4:5 3:3 5:5 1:3", B="5:2 1:2 0:4 3:6 4:4 2:6")
    h = new_hand("matador", AB, {}, deal=d, lead="A")
    with pytest.raises(Exception) as e:
        h.play("0:0 along")
    assert e.value.rule == "play.orientation"
    h.play("0:0")
    h.end_turn()
    # B: only 5:2 (a matador, crosswise) may follow
    lays = [t for t in h.legal_tokens() if not t.startswith(("draw", "pass"))]
    assert lays == ["2:5>0:0 across"]


# -- matador_compulsory ----------------------------------------------------------------------------
# A leads 2:3 (ends 2 | 3); B's only fitting tile is the matador 6:1
D3 = deal(A="2:3 4:6 1:2 5:5 0:1 6:6", B="6:1 1:1 0:3 0:6 3:3 0:2")


def rec3(turns, **opts):
    return record("matador", AB, [hand(D3, turns, lead="A")], **opts)


def test_matador_not_compulsory_player_may_draw_instead():
    out = ok(rec3([T("A", "2:3"), T("B", "draw 1:3", "pass")]))
    assert out["hands"][0]["end"] is None
    # a drawn matador need not be laid either
    ok(rec3([T("A", "2:3"), T("B", "draw 4:3", "pass")]))
    # but a drawn ordinary tile that fits must be: 4:4 (4 on 3)
    refused(rec3([T("A", "2:3"), T("B", "draw 4:4", "pass")]), "pass.must_play", turn=2)
    # he may not pass without drawing while the bazaar has tiles
    refused(rec3([T("A", "2:3"), T("B", "pass")]), "pass.must_draw", turn=2)
    # and he may spend it
    ok(rec3([T("A", "2:3"), T("B", "6:1>2:3@2")]))
    # but not after a failed draw: a failed draw is followed by pass
    refused(rec3([T("A", "2:3"), T("B", "draw 1:3", "6:1>2:3@2")]), "turn.over", turn=2, move="6:1>2:3@2")
    # a drawn matador may be laid at once
    ok(rec3([T("A", "2:3"), T("B", "draw 4:3", "4:3>2:3@2")]))
    # at a real table the drawn tile is unseen: the referee cannot tell
    ok(record("matador", AB, [hand(None, [T("A", "2:3"), T("B", "draw", "6:1>2:3@2")], lead="A")]))


def test_matador_compulsory_yes_must_be_laid():
    refused(rec3([T("A", "2:3"), T("B", "draw 1:3")], matador_compulsory="yes"), "draw.must_play", turn=2)
    refused(rec3([T("A", "2:3"), T("B", "pass")], matador_compulsory="yes"), "pass.must_play", turn=2)


# -- 4 players with deal_seven: no bazaar; a 0:0 lead and a round of passes -----------------------
D4 = deal(A="0:0 0:1 0:2 0:3 0:4 0:5 0:6", B="6:1 1:1 1:2 1:3 1:4 1:5 2:2",
          C="5:2 2:3 2:4 2:6 3:3 3:5 3:6", D="3:4 4:4 4:5 4:6 5:5 5:6 6:6")
H4 = [T("A", "0:0"), T("B", "pass"), T("C", "pass"), T("D", "pass"), T("A", "pass")]


def test_block_after_a_round_of_passes_holding_matadors_fewest_pips_wins():
    h = one(record("matador", list("ABCD"), [hand(D4, H4, lead="A")], deal_seven="yes"))
    # A 1+2+3+4+5+6 = 21, B 7+2+3+4+5+6+4 = 31, C 7+5+6+8+6+8+9 = 49, D 7+8+9+10+10+11+12 = 67
    assert (h["end"], h["winner"]) == ("block", "A")
    assert h["left"] == {"A": 21, "B": 31, "C": 49, "D": 67}
    assert h["points"] == {"A": 31 + 49 + 67 - 21, "B": 0, "C": 0, "D": 0}


def test_block_hand_at_a_real_table():
    left = {"A": 21, "B": 31, "C": 49, "D": 67}
    out = ok(record("matador", list("ABCD"), [hand(None, H4, lead="A", left=left)], deal_seven="yes"))
    assert out["hands"][0]["end"] == "block"
    assert out["hands"][0]["points"]["A"] == 126
    assert out["match_winner"] == "A"


def test_block_tie_for_fewest_nobody_scores():
    left = {"A": 21, "B": 21, "C": 49, "D": 67}
    h = one(record("matador", list("ABCD"), [hand(None, H4, lead="A", left=left)], deal_seven="yes"))
    assert (h["end"], h["winner"]) == ("block", None)
    assert h["points"] == {"A": 0, "B": 0, "C": 0, "D": 0}


def test_matador_compulsory_yes_refuses_the_pass_holding_a_matador():
    refused(record("matador", list("ABCD"), [hand(D4, H4, lead="A")], deal_seven="yes",
                   matador_compulsory="yes"), "pass.must_play", turn=2)


def test_deal_sizes():
    # 2-3 players 6 each, 4 players 5; deal_seven: 7
    refused(record("matador", list("ABCD"), [hand(D4, H4, lead="A")]), "record.deal", code=2)
    assert new_hand("matador", list("ABC")).size == 6
    assert new_hand("matador", list("ABCD")).size == 5
    assert new_hand("matador", list("ABC"), {"deal_seven": "yes"}).size == 7


def test_leader_by_lot_any_tile():
    # nobody is fixed: the first turn's player leads when lead is absent
    out = ok(record("matador", AB, [hand(D1, [T("B", "3:3")])]))
    assert out["hands"][0]["end"] is None


# -- hand 5: the lone 0:0 ---------------------------------------------------------------------------
D5 = deal(A="1:2 4:4 4:5 5:5 1:1 1:3", B="3:5 3:3 2:2 2:6 6:6 0:0")
H5 = [T("A", "1:2"), T("B", "3:5"), T("A", "4:4"), T("B", "3:3"), T("A", "4:5"), T("B", "2:2"),
      T("A", "5:5"), T("B", "2:6>5:5"), T("A", "1:1"), T("B", "6:6>1:1"), T("A", "1:3")]


def test_lone_double_blank_counts_24():
    h = one(record("matador", AB, [hand(D5, H5, lead="A")], hand_end="out"))
    assert (h["end"], h["winner"]) == ("out", "A")
    assert h["left"] == {"A": 0, "B": 24}
    assert h["points"] == {"A": 24, "B": 0}


def test_lone_blank_option():
    h = one(record("matador", AB, [hand(D5, H5, lead="A")], hand_end="out", lone_blank=10))
    assert h["points"] == {"A": 10, "B": 0}


# -- block_only: when the last player holding tiles goes out, the hand ends at once ---------------
def test_block_only_ends_when_nobody_holds_tiles():
    # hand 5 under block_only: A is out at turn 11; B goes on alone and lays 0:0 (his last tile)
    turns = H5 + [T("B", "0:0>1:3")]
    h = one(record("matador", AB, [hand(D5, turns, lead="A")]))
    assert (h["end"], h["winner"]) == ("out", "A")
    assert h["points"] == {"A": 0, "B": 0}
    assert h["left"] == {"A": 0, "B": 0}


def test_target_ends_the_match():
    out = ok(record("matador", list("ABCD"), [hand(D4, H4, lead="A")], deal_seven="yes", target=200))
    assert out["match_winner"] is None
    out = ok(record("matador", list("ABCD"), [hand(D4, H4, lead="A")], deal_seven="yes", target=126))
    assert out["match_winner"] == "A"


def test_unknown_option_value_is_a_record_error():
    assert run(record("matador", AB, [], matador_bonus=5))[0] == 2
    assert run(record("matador", AB, [], matador_end="left"))[0] == 2


def test_result_only_entry_with_bonuses():
    res = {"out": "A", "left": {"B": 18}, "scored": {"A": 10, "B": 10}}
    h = one(record("matador", AB, [{"result": res}], matador_bonus=10))
    assert (h["end"], h["winner"], h["points"]) == ("result", "A", {"A": 28, "B": 10})
    # bonuses come in tens
    refused(record("matador", AB, [{"result": dict(res, scored={"A": 5})}], matador_bonus=10), "result.scored")
    # turns and a result must agree on the bonuses
    rec = record("matador", AB, [hand(D2, H2, lead="A", result={"out": "A", "scored": {"A": 10, "B": 10}})],
                 hand_end="out", matador_bonus=10)
    assert one(rec)["points"] == {"A": 28, "B": 10}
    rec["hands"][0]["result"]["scored"] = {"A": 20, "B": 0}
    refused(rec, "result.mismatch")
