"""Two-lane (variant 16), hands checked by hand from the rules brief."""

import pytest

from .recs import bad_record, hand, ok, record, refused, turns

AB = ["P1", "P2"]
DEAL2 = {"P1": "0:0 0:4 0:6 4:4 4:6", "P2": "0:5 1:1 1:3 3:3 5:6"}
OUT2 = [
    ("P1", "0:6"),                 # by lot: the first turn's player leads any tile
    ("P2", "6:5"),                 # 0|5
    ("P1", "0:4"),                 # 4|5
    ("P2", "5:0"),                 # 4|0
    ("P1", "4:4"),                 # in line: 4|0
    ("P2", "draw 1:5", "pass"),    # one draw, no fit: pass, 10
    ("P1", "4:6"),                 # 6|0
    ("P2", "draw 4:5", "pass"),    # 10 more
    ("P1", "0:0"),                 # out
]


def two(turn_list, deal=DEAL2, players=AB, **options):
    return record("two_lane", players, [hand(deal, turns(*turn_list))], **options)


def test_out_penalties_are_the_points():
    out = ok(two(OUT2))
    h = out["hands"][0]
    assert (h["end"], h["winner"]) == ("out", "P1")
    assert h["points"] == {"P1": 0, "P2": 20}
    assert out["totals"] == {"P1": 0, "P2": 20}
    assert out["match_winner"] is None


def test_limit_ends_the_match_lowest_total_wins():
    out = ok(two(OUT2, limit=20))
    assert out["match_winner"] == "P1"
    rec = two(OUT2, limit=20)
    rec["hands"].append(hand(DEAL2))
    refused(rec, "match.over")


@pytest.mark.parametrize("i, moves, rule", [
    (6, ("pass",), "pass.must_draw"),
    (6, ("draw 1:5", "draw 4:5"), "draw.one_per_turn"),
    (6, ("draw 0:2", "pass"), "pass.must_play"),          # 0:2 fits the 0 end
    (6, ("draw 1:5",), "turn.incomplete"),
    (5, ("pass",), "pass.must_play"),
    (5, ("draw 1:5",), "draw.must_play"),
    (5, ("4:4 across",), "play.orientation"),              # every tile in line
    (2, ("6:5>0:6@0",), "play.wrong_end"),
])
def test_refusals(i, moves, rule):
    t = OUT2[:i - 1] + [(OUT2[i - 1][0], *moves)]
    refused(two(t), rule, i, moves[-1])


def test_lead_field_names_the_starter():
    ok(record("two_lane", AB, [hand(DEAL2, turns(("P1", "0:6")), lead="P1")]))
    ok(record("two_lane", AB, [hand(DEAL2, turns(("P2", "5:6")), lead="P2")]))
    refused(record("two_lane", AB, [hand(DEAL2, turns(("P1", "0:6")), lead="P2")]), "lead.wrong_player", 1)


P3 = ["P1", "P2", "P3"]
DEAL3 = {"P1": "1:4 1:5 2:2 3:4 4:4", "P2": "1:6 2:5 3:3 4:5 5:5", "P3": "0:0 2:3 2:6 3:6 5:6"}
BLOCK3 = [
    ("P2", "4:5"), ("P3", "5:6"), ("P1", "4:3"), ("P2", "6:1"), ("P3", "3:6"), ("P1", "1:5"),
    ("P2", "5:5"), ("P3", "6:2"), ("P1", "2:2"), ("P2", "5:2>5:5"),   # 2|2
    ("P3", "2:3>2:2"),                                               # 3|2
    ("P1", "draw 3:5", "3:5"),                                       # 5|2
    ("P2", "draw 6:6", "pass"),                                      # P2 10
    ("P3", "draw 0:6", "pass"),                                      # P3 10
    ("P1", "draw 0:2", "2:0"),                                       # 5|0
    ("P2", "draw 0:5", "0:5>2:0"),                                   # 5|5: every 5 is laid
]


def test_block_fewest_penalties_wins():
    h = ok(two(BLOCK3, deal=DEAL3, players=P3))["hands"][0]
    assert (h["end"], h["winner"]) == ("block", "P1")
    assert h["points"] == {"P1": 0, "P2": 10, "P3": 10}


def test_block_tie_for_fewest_penalties_nobody_wins():
    # P1 passing instead would need a hand he cannot play; use a result: P1 and P2 both 10
    out = ok(record("two_lane", P3, [{"result": {"out": None, "scored": {"P1": 10, "P2": 10, "P3": 20}}}]))
    h = out["hands"][0]
    assert h["winner"] is None and h["points"] == {"P1": 10, "P2": 10, "P3": 20}


def test_result_penalties_must_be_tens():
    refused(record("two_lane", AB, [{"result": {"out": "P1", "scored": {"P2": 15}}}]), "result.scored")
    out = ok(record("two_lane", AB, [{"result": {"out": "P1", "scored": {"P2": 30}}}]))
    assert out["hands"][0]["points"] == {"P1": 0, "P2": 30}


P4 = ["P1", "P2", "P3", "P4"]


def test_a_pass_with_an_empty_bazaar_costs_10_too():
    # 4 players x 6: 4 tiles in the bazaar (unknown deal)
    t = [("P1", "6:6"), ("P2", "draw", "pass"), ("P3", "draw", "pass"), ("P4", "draw", "pass"),
         ("P1", "6:5"), ("P2", "draw", "pass"), ("P3", "pass"), ("P4", "pass")]
    out = ok(record("two_lane", P4, [hand(None, turns(*t))]))
    h = out["hands"][0]
    assert h["end"] is None
    assert h["points"] == {"P1": 0, "P2": 20, "P3": 20, "P4": 20}
    assert out["totals"] == h["points"]
    refused(record("two_lane", P4, [hand(None, turns(*(t[:7] + [("P4", "draw")])))]), "draw.empty", 8)
    # and a full round of passes (P1 too) is a block: P1 has the fewest penalties
    t2 = t + [("P1", "pass")]
    out = ok(record("two_lane", P4, [hand(None, turns(*t2))]))
    h = out["hands"][0]
    # P2, P3, P4 and P1 passed in turn since 6:5: block; P1 10 is the fewest
    assert (h["end"], h["winner"]) == ("block", "P1")
    assert h["points"] == {"P1": 10, "P2": 20, "P3": 20, "P4": 20}


def test_deal_sizes():
    assert bad_record(two([], deal={"P1": "0:0 0:4 0:6 4:4", "P2": "0:5 1:1 1:3 3:3 5:6"}))["error"]["rule"] == "record.deal"
    assert bad_record(record("two_lane", ["A"], []))["error"]["rule"] == "record.player_count"
    assert bad_record(record("two_lane", AB, [], lone_blank=10))["error"]["rule"] == "record.option_key"


def test_every_hand_is_led_by_lot():
    rec = two(OUT2)
    rec["hands"].append(hand(DEAL2, turns(("P2", "5:6"))))          # not the previous winner: fine
    out = ok(rec)
    assert out["hands"][1]["end"] is None


def test_a_round_of_draw_and_pass_goes_on_while_the_bazaar_has_tiles():
    # known deal: P2 and P1 each draw one tile that does not fit and pass; 16 tiles are still
    # in the bazaar, so this is no block (the brief: a round of passes with nothing drawable)
    deal = {"P1": "0:6 3:3 3:4 4:4 2:4", "P2": "1:1 1:2 1:3 2:2 2:3"}
    t = [("P1", "0:6"), ("P2", "draw 1:4", "pass"), ("P1", "draw 1:5", "pass")]
    h = ok(two(t, deal=deal))["hands"][0]
    assert (h["end"], h["points"]) == (None, {"P1": 10, "P2": 10})
    h = ok(two(t + [("P2", "draw 0:1", "0:1")], deal=deal))["hands"][0]
    assert h["end"] is None


def test_along_may_be_said():
    ok(two(OUT2[:4] + [("P1", "4:4 along")]))


def test_the_starter_may_not_draw_or_pass():
    refused(record("two_lane", AB, [hand(None, turns(("P1", "draw", "pass")))]), "draw.must_play", 1, "draw")
    refused(two([("P1", "draw 1:5", "pass")]), "draw.must_play", 1)


def test_default_limit_100_lowest_total_wins():
    def res(**scored):
        return {"result": {"out": "P1", "scored": scored}}
    out = ok(record("two_lane", P3, [res(P2=60, P3=30), res(P2=30, P3=10)]))
    assert out["totals"] == {"P1": 0, "P2": 90, "P3": 40} and out["match_winner"] is None
    out = ok(record("two_lane", P3, [res(P2=60, P3=30), res(P2=40, P3=10)]))
    assert out["totals"] == {"P1": 0, "P2": 100, "P3": 40} and out["match_winner"] == "P1"
