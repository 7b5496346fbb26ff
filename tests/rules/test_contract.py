"""The contract of `referee check`, sentence by sentence.

Each test cites the sentence of /work/shared/record-format.md ("RF") or of the rules brief
("RB", sections "Rules common to all variants" and "How a hand is played") that it pins, where
no other test in tests/rules pins it already. Every record is small and every figure is reckoned
by hand in the comments. "GAP:" marks a point the documents leave open and how it is settled.
"""

from __future__ import annotations

import json

import pytest

from referee.record import check

from .recs import bad_record, hand, ok, record, refused, run, turns

AB = ["Ann", "Bob"]
KEYS = {"ok", "variant", "hands", "totals", "match_winner", "error"}
HAND_KEYS = {"number", "end", "winner", "points", "left"}
ERROR_KEYS = {"hand", "turn", "move", "rule", "message"}
ENDS = {"out", "block", "redeal", "result", None}


def _int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def shape(out: dict, players: list[str]) -> dict:
    """RF `referee check --json`: one object with exactly these keys and types."""
    assert set(out) == KEYS
    assert isinstance(out["ok"], bool) and out["ok"] == (out["error"] is None)
    assert out["variant"] is None or isinstance(out["variant"], str)
    assert isinstance(out["hands"], list)
    for i, h in enumerate(out["hands"], 1):
        assert set(h) == HAND_KEYS and h["number"] == i
        assert h["end"] in ENDS
        assert h["winner"] is None or h["winner"] in players
        assert set(h["points"]) == set(players) and all(_int(x) for x in h["points"].values())
        # `left` values: ints or null
        assert set(h["left"]) == set(players) and all(x is None or _int(x) for x in h["left"].values())
    if out["totals"]:
        # totals: the running totals after the last hand reported
        assert out["totals"] == {p: sum(h["points"][p] for h in out["hands"]) for p in players}
    assert out["match_winner"] is None or out["match_winner"] in players
    if out["error"] is not None:
        e = out["error"]
        assert set(e) == ERROR_KEYS
        assert e["hand"] is None or _int(e["hand"])
        assert e["turn"] is None or _int(e["turn"])
        assert e["move"] is None or isinstance(e["move"], str)
        assert isinstance(e["rule"], str) and isinstance(e["message"], str) and e["message"]
    return out


# -- a short traditional hand: Ann goes out, Bob keeps a lone 0:0 ------------------------------------
LONE_DEAL = {"Ann": "6:6 6:5 5:5 5:4 4:4 4:3 3:3", "Bob": "6:0 0:1 1:1 1:2 2:2 2:6 0:0"}
LONE = [("Ann", "6:6"), ("Bob", "6:0"), ("Ann", "6:5"), ("Bob", "0:1"), ("Ann", "5:5"), ("Bob", "1:1"),
        ("Ann", "5:4"), ("Bob", "1:2"), ("Ann", "4:4"), ("Bob", "2:2"), ("Ann", "4:3"), ("Bob", "2:6"),
        ("Ann", "3:3")]
# ends: 6|6, 6|0, 5|0, 5|1, 5|1, 5|1, 4|1, 4|2, 4|2, 4|2, 3|2, 3|6, Ann out; Bob keeps 0:0 = 24


def lone(turn_list=LONE, deal=LONE_DEAL, **options):
    return record("traditional", AB, [hand(deal, turns(*turn_list))], **options)


# == RF "Move tokens" ==================================================================================

# RF: "a:b ... (a, b from 0 to 6, either order; `a-b` accepted)"; the grammar page: "Case and extra
# spaces do not matter."
TOLERANT = [("Ann", "6-6"), ("Bob", " 0:6 "), ("Ann", "5 : 6"), ("Bob", "1:0 > 0:6"), ("Ann", "5-5 ACROSS"),
            ("Bob", "1:1  Across"), ("Ann", "4:5>5:5"), ("Bob", "2 - 1"), ("Ann", "4:4 across"),
            ("Bob", "2:2"), ("Ann", "3:4"), ("Bob", "6:2 > 2 : 2"), ("Ann", "3-3 > 4:3")]


def test_tokens_either_order_dash_case_and_spaces():
    out = shape(ok(lone(TOLERANT)), AB)
    assert out["hands"] == [{"number": 1, "end": "out", "winner": "Ann", "points": {"Ann": 24, "Bob": 0},
                             "left": {"Ann": 0, "Bob": 24}}]
    # a draw and a pass in capitals (unknown deal: 6:6, Bob draws 1:2 unseen-named, then 6:1)
    rec = record("traditional", AB, [hand(None, turns(("Ann", "6:6"), ("Bob", "DRAW 1 : 2", "Draw", "6 - 1"),
                                                      ("Ann", "draw", "PASS")))], draw="until")
    refused(rec, "pass.must_draw", 3, "PASS")      # parsed as a pass: the bazaar still has tiles


# RF exit 2: "a token that does not parse"
@pytest.mark.parametrize("token", ["6:7", "6:5>", "across", "pass 1:2", "draw 1:2 3:4", "6:5@5", "6:5 sideways",
                                   "6:5 across@3", "6", "", "6:5>5:0@7"])
def test_a_token_that_does_not_parse_is_exit_2(token):
    rec = lone(LONE[:1] + [("Bob", token)])
    out = shape(bad_record(rec), AB)
    assert out["error"]["rule"] == "record.token"
    assert (out["error"]["hand"], out["error"]["turn"], out["error"]["move"]) == (1, 2, token)


def test_open_naming_a_tile_twice_does_not_parse():
    rec = record("blind_blitz", AB, [hand(None, turns(("Ann", "open 1:2 2:1 3:4")), lead="Ann")],
                 opener="agreed")
    assert bad_record(rec)["error"]["rule"] == "record.token"


# == RF "Edge cases, settled" ==========================================================================

# RF: "Open ends on different tiles are different places, even when they show the same number."
# RF: "it is refused (exit 1) with the list of places, as the notation that would name each."
def test_two_ends_showing_the_same_number_are_two_places_each_named_by_its_token():
    # highest_double: only 5:5 is dealt, Ann leads it. Bob 5:4 -> ends 5 (on 5:5) | 4 (on 5:4);
    # Ann 4:2 -> 5 | 2; Bob 2:5>4:2 (bare 2:5 would fit the 5 of 5:5 too) -> 5 (on 5:5) | 5 (on 2:5).
    # Ann holds no 5 and cannot draw (draw=none): pass. Bob's 5:6 fits both 5s, on two tiles.
    opts = {"opener": "highest_double", "draw": "none"}
    deal = {"Ann": "5:5 4:2 0:1 0:2 0:3 1:2 1:3", "Bob": "5:4 2:5 5:6 0:4 1:4 0:5 0:6"}
    base = [("Ann", "5:5"), ("Bob", "5:4"), ("Ann", "4:2"), ("Bob", "2:5>4:2"), ("Ann", "pass")]
    assert ok(record("traditional", AB, [hand(deal, turns(*base))], **opts))["hands"][0]["end"] is None
    refused(record("traditional", AB, [hand(deal, turns(*base[:3], ("Bob", "2:5")))], **opts),
            "play.ambiguous", 4, "2:5")
    code, out = run(record("traditional", AB, [hand(deal, turns(*base, ("Bob", "5:6")))], **opts))
    shape(out, AB)
    assert (code, out["error"]["rule"], out["error"]["turn"], out["error"]["move"]) == (
        1, "play.ambiguous", 6, "5:6")
    # the refusal lists the places as the tokens that name each, and each is accepted
    assert "5:6>5:5" in out["error"]["message"] and "5:6>2:5" in out["error"]["message"]
    for token in ("5:6>5:5", "5:6>2:5"):
        ok(record("traditional", AB, [hand(deal, turns(*base, ("Bob", token)))], **opts))


def test_the_two_sides_of_a_lone_double_are_one_place():
    # RF: "Placements that differ only by symmetry (the two free sides of a lone double ...) are one
    # placement": after the 6:6 lead a bare 6:0 is not ambiguous
    out = ok(lone(LONE[:2]))
    assert out["hands"][0]["end"] is None


# RF: "Stating the only legal orientation is accepted; 0:0 and doubles whose orientation changes
# nothing need none."
def test_stating_along_for_an_ordinary_tile_is_accepted_across_is_refused():
    ok(lone(LONE[:1] + [("Bob", "6:0 along")]))
    refused(lone(LONE[:1] + [("Bob", "6:0 across")]), "play.orientation", 2, "6:0 across")


def test_double_blank_needs_no_orientation_where_doubles_may_lie_either_way():
    # fives (doubles across or along): Ann leads 0:0 bare (the lowest double leads); both ways count 0
    deal = {"Ann": "0:0 0:1 2:3 2:4 2:5 2:6", "Bob": "1:1 1:2 1:3 1:4 1:5 1:6"}
    out = ok(record("fives", AB, [hand(deal, turns(("Ann", "0:0")))]))
    assert out["hands"][0]["points"] == {"Ann": 0, "Bob": 0}
    ok(record("fives", AB, [hand(deal, turns(("Ann", "0:0 along")))]))
    # 1:1 lead, by contrast, must say how it lies
    deal = {"Ann": "1:1 0:1 2:3 2:4 2:5 2:6", "Bob": "3:3 1:2 1:3 1:4 1:5 1:6"}
    refused(record("fives", AB, [hand(deal, turns(("Ann", "1:1")))]), "play.ambiguous", 1, "1:1")


# RF: "A `lead` that contradicts a rule that fixes the leader is a rule error (exit 1)."
def test_a_lead_field_against_the_previous_winner_is_exit_1_with_no_turn():
    second = {"Ann": "0:2 1:3 1:4 2:5 3:6 5:6 0:4", "Bob": "6:6 0:0 0:1 2:3 2:4 3:5 4:6"}
    # later_lead=winner: Ann won hand 1, so she leads hand 2 whatever the deal; `lead` says Bob
    rec = record("traditional", AB, [hand(LONE_DEAL, turns(*LONE)), hand(second, lead="Bob")])
    out = shape(refused(rec, "lead.wrong_player"), AB)
    assert (out["error"]["hand"], out["error"]["turn"], out["error"]["move"]) == (2, None, None)
    assert len(out["hands"]) == 1 and out["totals"] == {"Ann": 24, "Bob": 0}   # hands before the error stay
    rec["hands"][1]["lead"] = "Ann"
    assert ok(rec)["hands"][1]["end"] is None


# RF: "A numeric `left` is the counted pips (a lone 0:0 as `lone_blank`)" (an unknown deal) and
# "a number is taken on trust unless impossible (... more than the tiles he can hold could carry)".
def test_numeric_left_of_one_tile_with_an_unknown_deal():
    # after LONE (deal unknown) Bob holds one tile; off the table the heaviest is 4:6 = 10 (6:6 and
    # 6:5 are laid), and 0:0 is off the table, so a lone 0:0 (24) is possible too
    rec = lone(deal=None)
    rec["hands"][0]["left"] = {"Bob": 24}
    h = shape(ok(rec), AB)["hands"][0]
    assert (h["points"], h["left"]) == ({"Ann": 24, "Bob": 0}, {"Ann": 0, "Bob": 24})
    rec["hands"][0]["left"] = {"Bob": 10}
    assert ok(rec)["hands"][0]["points"] == {"Ann": 10, "Bob": 0}
    rec["hands"][0]["left"] = {"Bob": 11}
    refused(rec, "left.impossible")
    rec = lone(deal=None, lone_blank=25)
    rec["hands"][0]["left"] = {"Bob": 25}
    assert ok(rec)["hands"][0]["points"] == {"Ann": 25, "Bob": 0}


def test_numeric_left_of_one_tile_when_the_double_blank_is_on_the_table():
    # Ann 6:6, Bob 6:0 (6|0), Ann 6:5 (5|0), Bob 0:0 (5|0), Ann 5:5, Bob 0:1 (5|1), Ann 5:4 (4|1),
    # Bob 1:1, Ann 4:4, Bob 1:2 (4|2), Ann 4:3 (3|2), Bob 2:2, Ann 3:3: Ann is out, Bob holds one
    # tile, and it is not 0:0 (laid): 24 is more than it could carry; 4:6 = 10 is the heaviest
    t = [("Ann", "6:6"), ("Bob", "6:0"), ("Ann", "6:5"), ("Bob", "0:0"), ("Ann", "5:5"), ("Bob", "0:1"),
         ("Ann", "5:4"), ("Bob", "1:1"), ("Ann", "4:4"), ("Bob", "1:2"), ("Ann", "4:3"), ("Bob", "2:2"),
         ("Ann", "3:3")]
    rec = record("traditional", AB, [hand(None, turns(*t), left={"Bob": 24})])
    refused(rec, "left.impossible")
    rec["hands"][0]["left"] = {"Bob": 10}
    h = shape(ok(rec), AB)["hands"][0]
    assert (h["end"], h["winner"], h["points"]) == ("out", "Ann", {"Ann": 10, "Bob": 0})
    rec["hands"][0]["left"] = {"Bob": 11}
    refused(rec, "left.impossible")


# RF: "`"hands": []` is a valid, empty match."
def test_an_empty_match_reports_zero_totals():
    out = shape(ok(record("muggins", AB, [])), AB)
    assert (out["hands"], out["totals"], out["match_winner"], out["variant"]) == (
        [], {"Ann": 0, "Bob": 0}, None, "muggins")


# RF: "The whole record is read before it is replayed: a malformed part anywhere ... gives exit 2,
# even after an earlier rule error."
@pytest.mark.parametrize("bad_hand, rule", [
    ({"left": {"Bob": "twelve"}}, "record.field"),
    ({"result": {"out": "Zed", "left": {"Bob": 3}}}, "record.unknown_player"),
    ({"deal": {"Ann": ["6:6"], "Bob": ["0:0"]}}, "record.deal"),
    ({"turns": [{"player": "Ann", "moves": ["6:6 x"]}]}, "record.token"),
])
def test_a_malformed_hand_after_a_rule_error_is_still_exit_2(bad_hand, rule):
    # hand 1 breaks a rule at turn 2 (Bob holds 6:0 and passes); hand 3 cannot be read
    rec = record("traditional", AB, [hand(LONE_DEAL, turns(("Ann", "6:6"), ("Bob", "pass"))),
                                     hand(LONE_DEAL, turns(*LONE)), bad_hand])
    out = shape(bad_record(rec), AB)
    assert (out["error"]["rule"], out["error"]["hand"]) == (rule, 3)
    assert out["hands"] == [] and out["totals"] == {}


# RF exit 2 and "On exit 2 the JSON is the same object with "ok": false and an error whose rule
# starts record."
def _rec(**kw):
    r = record("traditional", AB, [])
    r.update(kw)
    return r


@pytest.mark.parametrize("rec, rule", [
    ("[1, 2", "record.json"),
    (b"\xff\xfe", "record.json"),
    ("[]", "record.format"),
    (_rec(format="referee-record/2"), "record.format"),
    (_rec(variant="chess"), "record.variant"),
    (_rec(options={"colour": "red"}), "record.option_key"),
    (_rec(options={"draw": "sometimes"}), "record.option_value"),
    (_rec(options={"draw": 1}), "record.option_type"),
    (_rec(options={"target": "100"}), "record.option_type"),
    (_rec(options={"limit": "101"}), "record.option_type"),
    (_rec(options={"lone_blank": "24"}), "record.option_type"),
    (_rec(options={"deal_3_4": "5"}), "record.option_type"),
    (_rec(options={"monotonous_threshold": 5.0}), "record.option_type"),
    (_rec(options={"lone_blank": True}), "record.option_type"),
    (_rec(options={"deal_3_4": 6}), "record.option_value"),
    (record("matador", AB, [], matador_bonus="10"), "record.option_type"),
    (record("matador", AB, [], matador_bonus=5), "record.option_value"),
    (record("french", AB, [], target=100), "record.option_key"),       # French plays to a limit
    (record("muggins", AB, [], lone_blank=24), "record.option_key"),   # 0:0 counts 0 there
    (_rec(players=["Ann"]), "record.player_count"),
    (record("sevastopol", ["A", "B", "C"], []), "record.player_count"),
    (_rec(players=["Ann", "Ann"]), "record.player_name"),
    (_rec(players="Ann, Bob"), "record.field"),
    (_rec(hands={}), "record.field"),
    (_rec(date="2026-02-30"), "record.field"),       # GAP: a date must be a real calendar date
    (_rec(lang="de"), "record.field"),
    (_rec(hands=[hand(None, turns(("Zed", "6:6")))]), "record.unknown_player"),
    (_rec(hands=[{"lead": 1}]), "record.unknown_player"),
    (_rec(hands=[{"result": {"out": ["Ann"], "left": {"Bob": 3}}}]), "record.unknown_player"),
    (_rec(hands=[{"result": {"out": None, "left": {"Bob": 3, "Ann": 2}, "maker": {}}}]), "record.unknown_player"),
    (_rec(hands=[{"result": {"out": "Ann", "left": {"Bob": 3}, "scored": {"Ann": 1.5}}}]), "record.field"),
    (_rec(hands=[hand(dict(LONE_DEAL, Ann="6:6 6:5 5:5 5:4 4:4 4:3"))]), "record.deal"),           # 6 tiles
    (_rec(hands=[hand(dict(LONE_DEAL, Ann="6:6 6:5 5:5 5:4 4:4 4:3 0:0"))]), "record.deal"),       # 0:0 twice
    (_rec(hands=[hand({"Ann": LONE_DEAL["Ann"]})]), "record.deal"),                                 # Bob's missing
    (_rec(hands=[hand(LONE_DEAL, turns(("Ann", "6:6"), ("Bob", "draw")))]), "record.unseen_draw"),
    (_rec(hands=[hand(None, turns(("Ann", "6:6")), removed="0:0")]), "record.field"),              # spider only
    # RF: "The project may add fields ... it may not change the meaning of these": a key the format
    # does not know is refused, naming it (a misspelt `turnz` would otherwise drop the moves unseen)
    (_rec(comment="friday"), "record.unknown_key"),
    (_rec(hands=[{"turnz": [{"player": "Ann", "moves": ["6:6"]}]}]), "record.unknown_key"),
    (_rec(hands=[{"turns": [{"player": "Ann", "move": ["6:6"]}]}]), "record.unknown_key"),
    (_rec(hands=[{"result": {"out": "Ann", "left": {"Bob": 3}, "points": {"Ann": 3}}}]), "record.unknown_key"),
])
def test_exit_2_object(rec, rule):
    code, out, _ = check(rec if isinstance(rec, (str, bytes)) else json.loads(json.dumps(rec)), "en")
    assert code == 2
    shape(out, [])
    assert out["ok"] is False and out["hands"] == [] and out["totals"] == {} and out["match_winner"] is None
    assert out["error"]["rule"] == rule and out["error"]["rule"].startswith("record.")
    # the variant is named when it is one
    expected = rec.get("variant") if isinstance(rec, dict) else None
    assert out["variant"] == (expected if expected in ("traditional", "matador", "french", "muggins",
                                                       "sevastopol") else None)
    assert check(rec, "ru")[1]["error"]["message"] != out["error"]["message"]


@pytest.mark.parametrize("rec, key, where", [
    (_rec(comment="friday"), "comment", "at the top of the record"),
    (_rec(hands=[hand(LONE_DEAL, turns(*LONE)), {"turnz": [{"player": "Ann", "moves": ["6:6"]}]}]), "turnz",
     "in hand 2"),
    (_rec(hands=[{"turns": [{"player": "Ann", "moves": ["6:6"]}, {"player": "Bob", "tiles": []}]}]), "tiles",
     "in hand 1, turn 2"),
    (_rec(hands=[{"result": {"out": "Ann", "left": {"Bob": 3}, "points": {"Ann": 3}}}]), "points",
     "in the result of hand 1"),
])
def test_an_unknown_key_is_named_with_where_it_stands(rec, key, where):
    out = bad_record(rec)
    assert out["error"]["rule"] == "record.unknown_key"
    assert f"«{key}»" in out["error"]["message"] and where in out["error"]["message"]
    ru = check(rec, "ru")[1]["error"]["message"]
    assert f"«{key}»" in ru and "referee-record/1" in ru


# == RF "turns" ========================================================================================

# RF: "The turns stop where the hand ends (out or block); a turn after that is refused." RB: "No turn
# follows the end of a hand" -- nor a move after it in the same turn.
def test_a_move_after_going_out_in_the_same_turn_is_refused():
    out = shape(refused(lone(LONE[:-1] + [("Ann", "3:3", "pass")]), "hand.over", 13, "pass"), AB)
    assert out["hands"] == []


# RF: "Only the last hand of a record may be unfinished (a match in progress): it is replayed and
# reported with "end": null."
@pytest.mark.parametrize("first", [{}, {"turns": []}, {"deal": {p: t.split() for p, t in LONE_DEAL.items()}},
                                   {"deal": {p: t.split() for p, t in LONE_DEAL.items()}, "turns": []}])
def test_a_hand_with_no_turns_may_not_stand_before_another(first):
    rec = record("traditional", AB, [first, hand(LONE_DEAL, turns(*LONE))])
    out = shape(refused(rec, "hand.unfinished"), AB)
    assert (out["error"]["hand"], out["error"]["turn"], out["error"]["move"]) == (1, None, None)
    # as the last hand it is the match in progress
    rec["hands"] = [hand(LONE_DEAL, turns(*LONE)), first]
    out = shape(ok(rec), AB)
    assert out["hands"][1]["end"] is None and out["totals"] == {"Ann": 24, "Bob": 0}


# RF: "An unfinished last hand reports `left` as the pips held now and `points` as the in-play points
# so far; `totals` include them." RB: "in-play points never end a match mid-hand".
def test_unfinished_hand_in_play_points_count_in_totals_but_decide_nothing():
    # matador, matador_bonus=10, target 10. Hand 1 (result only): Bob out, Ann left 5 -> Bob 5.
    # Hand 2: Ann (by lot) leads 6:1 as a matador (across): +10 now. Ann holds 0:1 0:2 0:3 0:4 0:5
    # = 15, Bob all six = 1:1 1:2 1:3 1:4 1:5 2:2 = 2+3+4+5+6+4 = 24.
    deal = {"Ann": "6:1 0:1 0:2 0:3 0:4 0:5", "Bob": "1:1 1:2 1:3 1:4 1:5 2:2"}
    hands = [{"result": {"out": "Bob", "left": {"Ann": 5}}}, hand(deal, turns(("Ann", "6:1 across")), lead="Ann")]
    out = shape(ok(record("matador", AB, hands, matador_bonus=10, target=10)), AB)
    assert out["hands"][1] == {"number": 2, "end": None, "winner": None, "points": {"Ann": 10, "Bob": 0},
                               "left": {"Ann": 15, "Bob": 24}}
    assert out["totals"] == {"Ann": 10, "Bob": 5}
    assert out["match_winner"] is None                   # Ann's 10 reach the target mid-hand only
    # unknown deal: the pips held now are not known
    hands[1] = hand(None, turns(("Ann", "6:1 across")), lead="Ann")
    out = shape(ok(record("matador", AB, hands, matador_bonus=10)), AB)
    assert out["hands"][1]["left"] == {"Ann": None, "Bob": None}
    assert out["hands"][1]["points"] == {"Ann": 10, "Bob": 0}


# GAP: a `left` given for the unfinished last hand is checked like any `left` (with a known deal it
# must agree with the replay) and, with an unknown deal, gives the pips reported.
def test_left_on_an_unfinished_hand_is_checked():
    # after Ann 6:6, Bob 6:0, Ann 6:5: Ann holds 5:5 5:4 4:4 4:3 3:3 = 10+9+8+7+6 = 40,
    # Bob 0:1 1:1 1:2 2:2 2:6 0:0 = 1+2+3+4+8+0 = 18
    rec = lone(LONE[:3])
    rec["hands"][0]["left"] = {"Bob": 18, "Ann": ["5:5", "5:4", "4:4", "4:3", "3:3"]}
    assert shape(ok(rec), AB)["hands"][0]["left"] == {"Ann": 40, "Bob": 18}
    rec["hands"][0]["left"] = {"Bob": 17}
    refused(rec, "left.mismatch")
    rec = lone(LONE[:3], deal=None)
    rec["hands"][0]["left"] = {"Bob": 18}
    assert shape(ok(rec), AB)["hands"][0]["left"] == {"Ann": None, "Bob": 18}
    rec["hands"][0]["left"] = {"Ann": ["5:5", "6:6", "4:4", "4:3", "3:3"]}    # 6:6 is on the table
    refused(rec, "left.impossible")


# == RF "left" and "result" ============================================================================

# RF: "`scored` holds the points each player gathered during the hand in variants that count during
# play (...), each checked for plausibility (a multiple of 5 in Muggins, of 10 in two-lane ...)"
@pytest.mark.parametrize("variant, options, scored, fine", [
    ("traditional", {}, {"Ann": 10}, False),           # traditional scores nothing during play
    ("traditional", {}, {"Ann": 0, "Bob": 0}, True),
    ("french", {}, {"Bob": 5}, False),
    ("matador", {}, {"Ann": 10}, False),               # matador_bonus=0: no bonus exists
    ("matador", {"matador_bonus": 10}, {"Ann": 20, "Bob": 10}, True),
    ("matador", {"matador_bonus": 10}, {"Ann": 15}, False),
    ("matador", {"matador_bonus": 10}, {"Ann": 30, "Bob": 20}, False),   # four matadors: 40 at most
    ("six_matador", {}, {"Ann": 30, "Bob": 20}, True),                  # five matadors: 50 at most
    ("six_matador", {}, {"Ann": 40, "Bob": 20}, False),
    ("six_matador", {}, {"Ann": -10}, False),          # matadors scoring has no debts
    ("six_matador", {"scoring": "strict"}, {"Ann": -12, "Bob": 17}, True),
    ("two_lane", {}, {"Ann": 15}, False),
    ("two_lane", {}, {"Ann": 20}, True),
    ("muggins", {}, {"Ann": -5}, False),
    ("bergen", {}, {"Ann": 1}, False),
    ("bergen", {}, {"Ann": 5}, True),                  # 2 + 3
    ("fives", {}, {"Ann": 7}, True),
    ("lucky_threes", {}, {"Ann": -15, "Bob": 12}, True),
])
def test_result_scored_plausibility(variant, options, scored, fine):
    res = {"out": "Ann", "left": {"Bob": ["1:2", "2:2"]}, "scored": scored}
    rec = record(variant, AB, [{"lead": "Ann", "result": res}], **options)
    if fine:
        shape(ok(rec), AB)
    else:
        out = shape(refused(rec, "result.scored"), AB)
        assert (out["error"]["turn"], out["error"]["move"]) == (None, None)


def test_result_matador_bonus_counts_in_points():
    # matador_bonus=10: Ann out with 2 matadors laid (20), Bob 1 (10); Bob left 1:2 2:2 = 7
    res = {"out": "Ann", "left": {"Bob": ["1:2", "2:2"]}, "scored": {"Ann": 20, "Bob": 10}}
    h = ok(record("matador", AB, [{"result": res}], matador_bonus=10))["hands"][0]
    assert (h["end"], h["winner"], h["points"], h["left"]) == (
        "result", "Ann", {"Ann": 27, "Bob": 10}, {"Ann": 0, "Bob": 7})


# RF: "`maker` names the fish maker where `fish_winner=maker`."
# GAP: a result-only block under fish_winner=maker without `maker` cannot be scored: refused
# (result.maker), not silently scored as a hand with no winner.
def test_result_block_under_fish_winner_maker_needs_the_maker():
    res = {"out": None, "left": {"Ann": 10, "Bob": 15}}
    out = shape(refused(record("traditional", AB, [{"result": res}], fish_winner="maker"), "result.maker"), AB)
    assert (out["error"]["hand"], out["error"]["turn"]) == (1, None)
    ok(record("traditional", AB, [{"result": res}]))                         # fewest_pips: no maker needed
    ok(record("traditional", AB, [{"result": {"out": "Ann", "left": {"Bob": 15}}}], fish_winner="maker"))
    h = ok(record("traditional", AB, [{"result": dict(res, maker="Bob")}], fish_winner="maker"))["hands"][0]
    assert (h["winner"], h["points"]) == ("Bob", {"Ann": 0, "Bob": 10})


# RF: "A hand with both `turns` and `result` must agree with itself" -- the maker too (RB: "The fish
# maker ... is the player who laid the last tile").
BLOCK_DEAL = {"Ann": "6:6 6:5 5:5 5:4 4:4 4:3 2:5", "Bob": "6:0 0:1 1:1 1:2 2:2 2:6 0:0"}


def test_turns_and_result_must_agree_on_the_maker():
    # draw=none: Bob's 2:6 (turn 12) leaves ends 6|3 with nothing held to fit: a block, Bob the maker;
    # Ann keeps 2:5 = 7, Bob a lone 0:0 = 24; the maker takes Ann's 7
    def rec(maker):
        return record("traditional", AB, [hand(BLOCK_DEAL, turns(*LONE[:12]),
                                               result={"out": None, "left": {"Ann": 7, "Bob": 24}, "maker": maker})],
                      draw="none", fish_winner="maker")
    h = shape(ok(rec("Bob")), AB)["hands"][0]
    assert (h["end"], h["winner"], h["points"]) == ("block", "Bob", {"Ann": 0, "Bob": 7})
    refused(rec("Ann"), "result.mismatch")


# RF: "With a known deal, `left` must agree with the replay" and "Known deals let the referee check
# everything": a result-only hand with a known deal leaves each player only tiles dealt to him or
# drawn from the bazaar.
def test_result_only_with_a_known_deal_checks_the_tiles_left():
    def rec(left, **options):
        return record("traditional", AB, [hand(LONE_DEAL, result={"out": "Bob", "left": left})], **options)
    h = shape(ok(rec({"Ann": ["6:6", "5:5"]})), AB)["hands"][0]
    assert (h["end"], h["winner"], h["points"]) == ("result", "Bob", {"Ann": 0, "Bob": 22})
    refused(rec({"Ann": ["0:0"]}), "left.impossible")          # 0:0 was dealt to Bob
    ok(rec({"Ann": ["3:4", "2:3"]}))                           # 2:3 was in the bazaar: drawn
    refused(rec({"Ann": ["3:4", "2:3"]}, draw="none"), "left.impossible")   # ... unless nothing is drawn


# RF: "Tiles are checked (not on the table, not twice, counts add up)": a tile twice in one
# player's list is a remainder that cannot be (exit 1, like the same tile in two players' lists),
# not an unreadable record; the refusal names the tile as the player wrote it.
def test_a_tile_twice_in_one_list_is_a_broken_rule():
    t = LONE[:12]                                    # Ann holds 3:3, Bob 0:0
    rec = record("traditional", AB, [hand(None, turns(*t), left={"Bob": ["2:1", "1:2"]})])
    out = shape(refused(rec, "left.impossible"), AB)
    assert (out["error"]["hand"], out["error"]["turn"], out["error"]["move"]) == (1, None, None)
    assert out["error"]["message"] == "2:1 is listed twice for Bob."
    rec = record("traditional", AB, [{"result": {"out": "Ann", "left": {"Bob": ["5:6", "6:5"]}}}])
    assert refused(rec, "left.impossible")["error"]["message"] == "5:6 is listed twice for Bob."
    # the same tile in two players' lists
    rec = record("traditional", AB, [{"result": {"out": None, "left": {"Ann": ["6:5"], "Bob": ["5:6"]}}}])
    assert refused(rec, "left.impossible")["error"]["message"] == (
        "5:6 is in Ann's list already (Bob cannot hold it too).")


# A result-only list holds at most what the player can still hold: his deal and what he could draw.
@pytest.mark.parametrize("variant, players, options, listed, most", [
    ("traditional", ["A", "B", "C", "D"], {}, 8, 7),               # 4 x 7: no bazaar
    ("blitz", ["A", "B", "C", "D", "E", "F"], {}, 5, 4),           # 6 x 4, bazaar: none
    ("traditional", AB, {"draw": "none"}, 8, 7),                   # 2 x 7, nothing drawn
])
def test_a_result_only_list_longer_than_a_player_can_hold(variant, players, options, listed, most):
    tiles = ["0:0", "0:1", "0:2", "0:3", "0:4", "0:5", "0:6", "1:1", "1:2"]
    others = {p: 5 for p in players[2:]}
    res = {"out": players[0], "left": {players[1]: tiles[:listed], **others}}
    out = refused(record(variant, players, [{"result": res}], **options), "left.impossible")
    assert out["error"]["message"] == f"{players[1]} can hold at most {most} tiles, the list has {listed}."
    res["left"] = {players[1]: tiles[:most], **others}
    ok(record(variant, players, [{"result": res}], **options))
    # with a bazaar to draw from, more may be held
    if variant == "traditional" and len(players) == 2 and not options:
        ok(record(variant, players, [{"result": {"out": "Ann", "left": {"Bob": tiles[:9]}}}]))


# Refusals say why in words a player understands, the tile as he wrote it.
def test_the_words_of_the_remainder_refusals():
    t = LONE[:12]                                    # Ann holds 3:3 (1 tile), Bob 0:0 (1 tile)
    def msg(left, lang="en", turns_=t, deal=None, **options):
        rec = record("traditional", AB, [hand(deal, turns(*turns_), left=left)], **options)
        return check(rec, lang)[1]["error"]["message"]
    assert msg({"Bob": ["0:0", "1:3"]}) == "Bob must hold 1 tile, the list has 2."
    assert msg({"Bob": ["0:0", "1:3"]}, "ru") == "У игрока Bob должно остаться 1 кость, а в списке 2."
    assert msg({"Bob": ["6:5"]}) == "6:5 is already on the table (Bob's list)."
    assert msg({"Bob": ["6:5"]}, "ru") == "6:5 уже лежит на столе (в остатке игрока Bob)."
    # three tiles held: Ann after 6:6, 6:5 ... of a draw=none hand
    three = LONE[:8]                                 # Ann holds 4:4 4:3 3:3, Bob 2:2 2:6 0:0 (+ 1:2? no)
    out = msg({"Ann": 34, "Bob": 10}, turns_=three)
    assert out.startswith("Ann holds 3 tiles, and 3 tiles carry at most ") and out.endswith(", not 34.")
    assert "3 кости несут не больше" in msg({"Ann": 34, "Bob": 10}, "ru", turns_=three)
    assert msg({"Bob": -1}) == "Pips are never below zero: Bob's list says -1."
    assert msg({"Bob": 11}) == "Bob holds one tile, and no tile he could hold carries 11 pips."
    # a known deal: the pips disagree with the tiles held
    assert msg({"Bob": 20}, deal=LONE_DEAL) == "Bob holds 24 pips, the list says 20."
    assert msg({"Bob": ["2:0"]}, deal=LONE_DEAL) == "Bob was left with other tiles: 0:0; the list has 2:0."


def test_the_words_of_in_play_points_and_of_must_draw():
    res = {"out": "Ann", "left": {"Bob": ["1:2", "2:2"]}, "scored": {"Ann": 15}}
    rec = record("two_lane", AB, [{"lead": "Ann", "result": res}])
    assert check(rec, "en")[1]["error"]["message"] == "Ann's points in play (15) must be a multiple of 10."
    assert check(rec, "ru")[1]["error"]["message"] == "Очки за игру у игрока Ann (15) должны быть кратны 10."
    # draw=until: a pass while the bazaar has tiles
    rec = record("traditional", AB, [hand(None, turns(("Ann", "6:6"), ("Bob", "draw", "pass")))])
    out = refused(rec, "pass.must_draw", 2, "pass")
    assert out["error"]["message"] == "No passing yet: keep drawing until you can play or the bazaar is empty."
    # a move refused names the tile as written: "5:6" laid twice
    rec = record("traditional", AB, [hand(None, turns(("Ann", "6:6"), ("Bob", "6:5"), ("Ann", "5-6")))])
    out = refused(rec, "tile.on_table", 3, "5-6")
    assert out["error"]["message"] == "The tile 5:6 is already on the table."


# RF: "A hand whose known deal calls for a redeal has no turns and ends `redeal`."
MONO_TWO = {"Ann": "0:0 0:1 0:2 0:3 0:4 5:5 6:6", "Bob": "1:1 1:2 1:3 1:4 1:5 2:2 3:3"}


def test_a_redeal_hand_reports_no_pips_and_takes_no_turns_nor_result():
    out = shape(ok(record("traditional", AB, [hand(MONO_TWO)])), AB)
    assert out["hands"][0] == {"number": 1, "end": "redeal", "winner": None, "points": {"Ann": 0, "Bob": 0},
                               "left": {"Ann": None, "Bob": None}}
    out = refused(record("traditional", AB, [hand(MONO_TWO, turns(("Ann", "6:6")))]), "hand.redeal")
    assert (out["error"]["turn"], out["error"]["move"]) == (1, "6:6")
    # GAP: a result on such a hand is refused the same way (it was never played)
    out = refused(record("traditional", AB, [hand(MONO_TWO, result={"out": "Ann", "left": {"Bob": 5}})]),
                  "hand.redeal")
    assert (out["error"]["turn"], out["error"]["move"]) == (None, None)


# == RF "Spider without `removed`" ======================================================================
# "the put-aside tile may be any undealt tile never seen; a block is declared only if no tile it could
# be would fit." Three players, 7 each: 7 undealt, one put aside, 6 drawable.
# Undealt: 0:6 2:2 3:4 3:5 3:6 4:4 4:5.
P3 = ["P1", "P2", "P3"]
SPI_DEAL = {"P1": "1:1 0:3 0:4 1:6 0:0 1:3 1:5", "P2": "1:2 3:3 0:5 6:6 2:3 2:4 2:5",
            "P3": "0:2 1:4 5:5 0:1 2:6 4:6 5:6"}
SPI_TURNS = [("P1", "1:1"),                                    # the spinner: four legs show 1
             ("P2", "1:2"), ("P3", "2:0>1:2"), ("P1", "0:3>2:0"), ("P2", "3:3>0:3 down"),   # leg closed
             ("P3", "1:4"), ("P1", "4:0>1:4"), ("P2", "0:5>4:0"), ("P3", "5:5>0:5 down"),   # leg closed
             ("P1", "1:6"), ("P2", "6:6>1:6 down"),                                         # leg closed
             ("P3", "1:0"), ("P1", "0:0>1:0")]                  # the last leg shows 0
# Every 0 but 0:6 is now on the table, and 0:6 is undealt; nobody holds a 0.
# Held: P1 1:3 1:5 = 10; P2 2:3 2:4 2:5 = 18; P3 2:6 4:6 5:6 = 29.


def spider_rec(*more, **fields):
    return record("spider", P3, [hand(SPI_DEAL, turns(*SPI_TURNS, *more), **fields)])


def test_spider_without_removed_no_block_while_the_put_aside_tile_could_be_drawn():
    # 0:6 may be in the bazaar: no block; P2 must draw
    h = shape(ok(spider_rec()), P3)["hands"][0]
    assert (h["end"], h["left"]) == (None, {"P1": 10, "P2": 18, "P3": 29})
    refused(spider_rec(("P2", "pass")), "pass.must_draw", 14, "pass")
    assert ok(spider_rec(removed="2:2"))["hands"][0]["end"] is None         # 0:6 is drawable
    # drawing it, he lays it
    ok(spider_rec(("P2", "draw 2:2", "draw 0:6", "6:0>0:0")))


def test_spider_removed_names_the_only_fitting_tile_a_dead_layout_ends_at_once():
    # with 0:6 put aside nothing can ever fit: a block with six tiles still in the bazaar
    h = shape(ok(spider_rec(removed="0:6")), P3)["hands"][0]
    # P1 10 fewest: 18 + 29 - 10 = 37
    assert (h["end"], h["winner"], h["points"]) == ("block", "P1", {"P1": 37, "P2": 0, "P3": 0})
    refused(spider_rec(("P2", "pass"), removed="0:6"), "hand.over", 14)


DRAWS = ["draw 2:2", "draw 3:4", "draw 3:5", "draw 3:6", "draw 4:4", "draw 4:5"]


def test_spider_without_removed_the_last_failed_draw_makes_the_block():
    # P2 draws the six drawable tiles, none fits: 0:6 was the tile put aside. RF: "A turn whose failed
    # draw leaves a block is written in full (draw a:b, pass); the hand ends after it."
    h = shape(ok(spider_rec(("P2", *DRAWS, "pass"))), P3)["hands"][0]
    # P2 18 + 4 + 7 + 8 + 9 + 8 + 9 = 63; P1 10 fewest: 63 + 29 - 10 = 82
    assert (h["end"], h["winner"], h["left"], h["points"]) == (
        "block", "P1", {"P1": 10, "P2": 63, "P3": 29}, {"P1": 82, "P2": 0, "P3": 0})
    refused(spider_rec(("P2", *DRAWS[:5], "pass")), "pass.must_draw", 14, "pass")   # one still drawable
    refused(spider_rec(("P2", *DRAWS)), "turn.incomplete", 14)                      # the pass is written
    refused(spider_rec(("P2", *DRAWS, "draw 0:6")), "draw.empty", 14, "draw 0:6")   # 0:6 was put aside
    refused(spider_rec(("P2", *DRAWS, "pass"), ("P3", "pass")), "hand.over", 15)


# == RB "Next hand's lead: the variant's opener rule applies again unless stated." ===================
def test_blitz_next_hand_the_opener_rule_applies_again():
    # blitz: "Later hands: same rule." Hand 1 (result only) is won by P1; in hand 2 P3 holds 0:0 and
    # leads it
    p5 = ["P1", "P2", "P3", "P4", "P5"]
    deal = {"P1": "1:5 3:4 3:5 4:6 5:6", "P2": "0:4 0:6 2:2 3:3 6:6", "P3": "0:0 0:2 0:5 1:6 4:5",
            "P4": "0:1 1:3 1:4 2:4 4:4", "P5": "0:3 1:2 2:5 2:6 5:5"}
    first = {"result": {"out": "P1", "left": {"P2": 10, "P3": 10, "P4": 10, "P5": 10}}}
    out = ok(record("blitz", p5, [first, hand(deal, turns(("P3", "0:0")))]))
    assert out["hands"][1]["end"] is None and out["totals"]["P1"] == 40
    refused(record("blitz", p5, [first, hand(deal, turns(("P1", "1:5")))]), "lead.wrong_player", 1)


# RF: "A hand with both `turns` and `result` must agree with itself": a hand's `left` and its
# `result.left`, where both are given, say the same (GAP: the documents do not say which would win;
# neither does: they must agree).
def test_a_hands_left_and_its_result_left_must_agree():
    rec = lone()
    rec["hands"][0]["result"] = {"out": "Ann", "left": {"Bob": ["0:0"]}}
    rec["hands"][0]["left"] = {"Bob": 24}                        # the lone 0:0 counted 24: the same
    assert shape(ok(rec), AB)["hands"][0]["points"] == {"Ann": 24, "Bob": 0}
    rec["hands"][0]["left"] = {"Bob": 0}
    refused(rec, "result.mismatch")
    # result only, deal unknown: the same
    rec = record("traditional", AB, [{"result": {"out": "Ann", "left": {"Bob": 12}}, "left": {"Bob": ["6:6"]}}])
    assert ok(rec)["hands"][0]["points"] == {"Ann": 12, "Bob": 0}
    rec["hands"][0]["left"] = {"Bob": ["6:5"]}
    refused(rec, "result.mismatch")


# RF: "a number is taken on trust unless impossible (negative, or more than the tiles he can hold
# could carry)": in a result-only entry he may hold more tiles than were dealt, having drawn.
def test_result_only_numeric_left_may_exceed_the_deal_where_tiles_are_drawn():
    # French, 2 players: 5 dealt, 18 in the bazaar. Bob kept 69 pips (he drew): possible
    h = shape(ok(record("french", AB, [{"result": {"out": None, "left": {"Ann": 5, "Bob": 69}}}])), AB)["hands"][0]
    assert (h["end"], h["winner"], h["points"]) == ("result", "Ann", {"Ann": 5, "Bob": 69})
    # traditional without drawing: seven tiles carry at most 12+11+10+10+9+9+8 = 69
    res = {"out": "Ann", "left": {"Bob": 69}}
    assert ok(record("traditional", AB, [{"result": res}], draw="none"))["hands"][0]["points"]["Ann"] == 69
    res["left"]["Bob"] = 70
    refused(record("traditional", AB, [{"result": res}], draw="none"), "left.impossible")
    assert ok(record("traditional", AB, [{"result": res}]))["hands"][0]["points"]["Ann"] == 70   # he drew


# RF: "A hand with both `turns` and `result` must agree with itself": `out` names the player who
# went out, which in French is the one with no tiles once the bazaar is empty, not the first to
# empty his hand (A, at turn 9, who then had to draw the bazaar; B goes out at turn 12).
def test_turns_and_result_agree_on_who_went_out_in_french():
    from .test_french import A_LEFT, rec1

    rec = rec1()
    rec["hands"][0]["result"] = {"out": "B", "left": {"A": A_LEFT}}
    h = shape(ok(rec), ["A", "B"])["hands"][0]
    assert (h["end"], h["winner"], h["points"]) == ("out", "B", {"A": A_LEFT, "B": 0})
    rec["hands"][0]["result"] = {"out": "A", "left": {"B": 0}}
    refused(rec, "result.mismatch")
