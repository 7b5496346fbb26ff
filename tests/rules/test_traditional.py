"""Traditional (variant 1), hands checked by hand from the rules brief.

Every expected figure below was worked out on paper from the deal and the moves; the comments
give the reckoning.
"""

import pytest

from .recs import bad_record, hand, ok, record, refused, run, turns

AB = ["Ann", "Bob"]

# -- a long hand with draws: Ann goes out, Bob is left with 2:2 2:6 = 12 -----------------------------
# Stock (14): 0:2 0:3 0:4 0:5 1:1 1:3 1:4 1:6 2:4 2:6 3:5 3:6 4:6 5:5.
DRAW_DEAL = {"Ann": "6:6 6:5 5:4 4:3 3:2 2:1 1:0", "Bob": "6:0 0:0 2:2 3:3 4:4 1:5 2:5"}
DRAW_TURNS = [
    ("Ann", "6:6"),                       # 1  ends 6|6
    ("Bob", "6:0"),                       # 2  0|6
    ("Ann", "6:5"),                       # 3  0|5
    ("Bob", "2:5"),                       # 4  0|2
    ("Ann", "3:2"),                       # 5  0|3
    ("Bob", "3:3"),                       # 6  0|3
    ("Ann", "4:3"),                       # 7  0|4
    ("Bob", "4:4"),                       # 8  0|4
    ("Ann", "5:4"),                       # 9  0|5
    ("Bob", "0:0"),                       # 10 0|5
    ("Ann", "1:0"),                       # 11 1|5   Ann holds 2:1
    ("Bob", "1:5>1:0"),                   # 12 5|5   Bob holds 2:2
    ("Ann", "draw 0:2", "draw 5:5", "5:5>4:5"),   # 13 Ann can't: draws until 5:5 fits
    ("Bob", "draw 2:4", "draw 3:5", "3:5>1:5"),   # 14 5|3
    ("Ann", "draw 3:6", "3:6"),                   # 15 5|6
    ("Bob", "draw 4:6", "4:6"),                   # 16 5|4
    ("Ann", "draw 0:5", "0:5"),                   # 17 0|4
    ("Bob", "2:4"),                               # 18 0|2
    ("Ann", "2:1"),                               # 19 0|1   Ann holds 0:2
    ("Bob", "draw 2:6", "draw 1:1", "1:1"),       # 20 0|1
    ("Ann", "0:2"),                               # 21 Ann is out
]


def draw_hand(turn_list=DRAW_TURNS, **options):
    return record("traditional", AB, [hand(DRAW_DEAL, turns(*turn_list))], **options)


def with_turn(i, *moves, turn_list=DRAW_TURNS, cut=True):
    """The draw hand cut after turn i-1, with turn i replaced by ``moves``."""
    t = list(turn_list[:i - 1]) + [(turn_list[i - 1][0], *moves)]
    if not cut:
        t += list(turn_list[i:])
    return draw_hand(t)


def test_out_after_draws_credits_the_others_pips():
    out = ok(draw_hand())
    h = out["hands"][0]
    assert (h["end"], h["winner"]) == ("out", "Ann")
    assert h["points"] == {"Ann": 12, "Bob": 0}
    assert h["left"] == {"Ann": 0, "Bob": 12}
    assert out["totals"] == {"Ann": 12, "Bob": 0}
    assert out["match_winner"] is None


def test_left_given_with_a_known_deal_must_agree():
    rec = draw_hand()
    rec["hands"][0]["left"] = {"Bob": ["2:6", "2:2"]}
    ok(rec)
    rec["hands"][0]["left"] = {"Bob": 12}
    ok(rec)
    rec["hands"][0]["left"] = {"Bob": 13}
    out = refused(rec, "left.mismatch")
    assert out["error"]["turn"] is None and out["error"]["move"] is None
    rec["hands"][0]["left"] = {"Bob": ["2:2", "1:4"]}
    refused(rec, "left.mismatch")


@pytest.mark.parametrize("moves, rule, move", [
    (("pass",), "pass.must_draw", "pass"),                              # the bazaar has tiles
    (("draw 0:2", "draw 5:5", "draw 0:3"), "draw.must_play", "draw 0:3"),   # 5:5 drawn fits
    (("draw 0:2", "draw 5:5", "pass"), "pass.must_play", "pass"),
    (("draw 6:0",), "draw.not_in_bazaar", "draw 6:0"),                  # on the table
    (("draw 2:2",), "draw.not_in_bazaar", "draw 2:2"),                  # in Bob's hand
    (("draw 0:2", "draw 5:5", "5:5"), "play.ambiguous", "5:5"),
    (("draw 0:2", "draw 5:5", "5:5>6:6"), "play.wrong_end", "5:5>6:6"), # 6:6 is no longer an end
    (("draw 0:2",), "turn.incomplete", "draw 0:2"),                     # a turn must lay or pass
    (("2:1",), "play.no_fit", "2:1"),
])
def test_refusals_at_anns_first_draw(moves, rule, move):
    refused(with_turn(13, *moves), rule, 13, move)


def test_ambiguity_lists_both_places():
    code, out = run(with_turn(13, "draw 0:2", "draw 5:5", "5:5"))
    msg = out["error"]["message"]
    assert "5:5>4:5" in msg and "5:5>1:5" in msg


def test_unseen_draw_with_a_known_deal_is_a_record_error():
    out = bad_record(with_turn(13, "draw", "pass", cut=False))
    assert out["error"]["rule"] == "record.unseen_draw"


@pytest.mark.parametrize("i, moves, rule", [
    (2, ("pass",), "pass.must_play"),          # Bob holds 6:0
    (2, ("draw 0:2",), "draw.must_play"),
    (3, ("0:3",), "tile.not_in_hand"),
    (3, ("6:0",), "tile.on_table"),
    (3, ("4:3",), "play.no_fit"),
    (5, ("2:1>6:0",), "play.wrong_end"),       # 6:0 shows 0
    (5, ("3:2>6:6",), "play.wrong_end"),       # 6:6 is not at an end any more
    (5, ("3:2", "2:1"), "turn.one_tile"),
    (5, ("3:2", "pass"), "pass.after_lay"),
])
def test_refusals_early(i, moves, rule):
    refused(with_turn(i, *moves), rule, i, moves[-1])


def test_wrong_player():
    t = list(DRAW_TURNS[:3]) + [("Ann", "5:4")]
    refused(draw_hand(t), "turn.wrong_player", 4)


def test_a_turn_after_the_hand_ended_is_refused():
    refused(draw_hand(DRAW_TURNS + [("Bob", "pass")]), "hand.over", 22)


def test_draw_none_refuses_a_draw_and_allows_a_pass_with_tiles_undealt():
    # under draw=none the undealt tiles are out of play: after Bob's 1:5 (ends 5|5) neither
    # 2:1 nor 2:2 fits, so the hand is blocked at once. Ann 2:1 = 3, Bob 2:2 = 4 -> Ann 4 - 3 = 1
    out = ok(draw_hand(list(DRAW_TURNS[:12]), draw="none"))
    h = out["hands"][0]
    assert (h["end"], h["winner"], h["points"]) == ("block", "Ann", {"Ann": 1, "Bob": 0})
    t = list(DRAW_TURNS[:12]) + [("Ann", "pass")]
    refused(draw_hand(t, draw="none"), "hand.over", 13)


def test_draw_none_pass_allowed_with_tiles_undealt():
    # after Ann's 6:5 (ends 0|5) Bob, holding 0:0 1:5 2:5 …, must play; make him unable:
    # a record whose Bob cannot play at turn 2 passes although 14 tiles are undealt
    deal = {"Ann": "6:6 6:5 5:4 4:3 3:2 2:1 1:0", "Bob": "0:0 1:1 2:2 3:3 0:2 1:3 2:4"}
    rec = record("traditional", AB, [hand(deal, turns(("Ann", "6:6"), ("Bob", "pass")))], draw="none")
    assert ok(rec)["hands"][0]["end"] is None
    refused(record("traditional", AB, [hand(deal, turns(("Ann", "6:6"), ("Bob", "pass")))]), "pass.must_draw", 2)
    rec = record("traditional", AB, [hand(deal, turns(("Ann", "6:6"), ("Bob", "draw 0:1")))], draw="none")
    refused(rec, "draw.no_bazaar", 2, "draw 0:1")


# -- Bob is left with a lone 0:0 ------------------------------------------------------------------------
LONE_DEAL = {"Ann": "6:6 6:5 5:5 5:4 4:4 4:3 3:3", "Bob": "6:0 0:1 1:1 1:2 2:2 2:6 0:0"}
LONE_TURNS = [("Ann", "6:6"), ("Bob", "6:0"), ("Ann", "6:5"), ("Bob", "0:1"), ("Ann", "5:5"),
              ("Bob", "1:1"), ("Ann", "5:4"), ("Bob", "1:2"), ("Ann", "4:4"), ("Bob", "2:2"),
              ("Ann", "4:3"), ("Bob", "2:6"), ("Ann", "3:3")]


def lone_out(**options):
    return record("traditional", AB, [hand(LONE_DEAL, turns(*LONE_TURNS))], **options)


def test_lone_double_blank_counts_24_in_the_winners_credit():
    h = ok(lone_out())["hands"][0]
    assert (h["end"], h["winner"], h["points"], h["left"]) == ("out", "Ann", {"Ann": 24, "Bob": 0},
                                                              {"Ann": 0, "Bob": 24})


def test_lone_blank_option():
    h = ok(lone_out(lone_blank=10))["hands"][0]
    assert h["points"] == {"Ann": 10, "Bob": 0} and h["left"]["Bob"] == 10


def test_lone_blank_in_left_as_number_and_tiles():
    rec = lone_out()
    rec["hands"][0]["left"] = {"Bob": 24}
    ok(rec)
    rec["hands"][0]["left"] = {"Bob": ["0:0"]}
    ok(rec)
    rec["hands"][0]["left"] = {"Bob": 0}
    refused(rec, "left.mismatch")


def test_kozel_scoring_out_each_loser_records_his_pips():
    h = ok(lone_out(scoring="kozel"))["hands"][0]
    assert (h["winner"], h["points"]) == ("Ann", {"Ann": 0, "Bob": 24})


def test_kozel_limit_ends_the_match_lowest_wins():
    out = ok(lone_out(scoring="kozel", limit=20))
    assert out["totals"] == {"Ann": 0, "Bob": 24}
    assert out["match_winner"] == "Ann"
    out = ok(lone_out(scoring="kozel"))     # limit 101
    assert out["match_winner"] is None


def test_credit_target_ends_the_match_and_a_later_hand_is_refused():
    rec = lone_out(target=20)
    out = ok(rec)
    assert out["match_winner"] == "Ann"
    rec["hands"].append(hand(LONE_DEAL))
    out = refused(rec, "match.over")
    assert out["error"]["hand"] == 2 and len(out["hands"]) == 1


# -- a block (draw=none): Ann 2:5 = 7 against Bob's lone 0:0 = 24 -----------------------------------------
BLOCK_DEAL = {"Ann": "6:6 6:5 5:5 5:4 4:4 4:3 2:5", "Bob": "6:0 0:1 1:1 1:2 2:2 2:6 0:0"}
BLOCK_TURNS = LONE_TURNS[:12]      # Bob's 2:6 leaves ends 6|3: nothing held fits -> block at once


def block(**options):
    options.setdefault("draw", "none")
    return record("traditional", AB, [hand(BLOCK_DEAL, turns(*BLOCK_TURNS))], **options)


def test_block_fewest_pips_with_the_lone_blank_counted_24():
    h = ok(block())["hands"][0]
    # Ann 7 < Bob 24 (had 0:0 counted 0, Bob would win): Ann gets 24 - 7 = 17
    assert (h["end"], h["winner"], h["points"], h["left"]) == (
        "block", "Ann", {"Ann": 17, "Bob": 0}, {"Ann": 7, "Bob": 24})


def test_block_with_lone_blank_zero_goes_to_the_holder():
    h = ok(block(lone_blank=0))["hands"][0]
    assert (h["winner"], h["points"]) == ("Bob", {"Ann": 0, "Bob": 7})


def test_block_tie_for_fewest_nobody_scores():
    h = ok(block(lone_blank=7))["hands"][0]
    assert (h["end"], h["winner"], h["points"]) == ("block", None, {"Ann": 0, "Bob": 0})


def test_block_fish_maker_takes_all_the_others_pips():
    h = ok(block(fish_winner="maker"))["hands"][0]
    # Bob laid the last tile (2:6): credited Ann's 7, not 7 - 24
    assert (h["winner"], h["points"]) == ("Bob", {"Ann": 0, "Bob": 7})


def test_kozel_block_unique_fewest_records_nothing_tie_everybody_records():
    h = ok(block(scoring="kozel"))["hands"][0]
    assert (h["winner"], h["points"]) == ("Ann", {"Ann": 0, "Bob": 24})
    h = ok(block(scoring="kozel", lone_blank=7))["hands"][0]
    assert (h["winner"], h["points"]) == (None, {"Ann": 7, "Bob": 7})


def test_block_is_not_declared_while_the_bazaar_can_still_fit():
    # under draw=until the stock holds 6s and 3s: the hand goes on, Ann must draw
    rec = block(draw="until")
    out = ok(rec)
    assert out["hands"][0]["end"] is None
    rec["hands"][0]["turns"].append({"player": "Ann", "moves": ["pass"]})
    refused(rec, "pass.must_draw", 13)


def test_a_turn_after_a_block_is_refused():
    rec = block()
    rec["hands"][0]["turns"].append({"player": "Ann", "moves": ["pass"]})
    refused(rec, "hand.over", 13)


# -- the opener ------------------------------------------------------------------------------------------
OPEN_DEAL = {"Ann": "6:6 0:0 0:1 2:3 2:4 3:5 4:6", "Bob": "1:1 0:2 1:3 1:4 2:5 3:6 5:6"}
NO_DOUBLES_HIGH = {"Ann": "4:5 0:1 0:2 1:2 1:3 2:3 2:4", "Bob": "3:6 0:3 0:4 0:5 1:4 1:5 2:5"}
NO_DOUBLES_LOW = {"Ann": "1:2 1:3 1:4 2:3 2:4 3:4 4:5", "Bob": "0:3 0:4 0:5 0:6 1:5 1:6 2:5"}
ONLY_BLANK = {"Ann": "0:0 0:1 1:2 2:3 3:4 4:5 5:6", "Bob": "0:2 1:3 2:4 3:5 4:6 0:6 1:6"}
FIVE_FIVE = {"Ann": "5:5 0:1 1:2 2:3 3:4 4:6 0:6", "Bob": "3:3 0:2 1:3 2:4 3:5 1:6 2:6"}


@pytest.mark.parametrize("deal, opener, leader, tile", [
    (OPEN_DEAL, "highest_double", "Ann", "6:6"),
    (OPEN_DEAL, "lowest_double", "Ann", "0:0"),
    (OPEN_DEAL, "kozel", "Bob", "1:1"),
    (FIVE_FIVE, "highest_double", "Ann", "5:5"),          # no 6:6 dealt
    (FIVE_FIVE, "lowest_double", "Bob", "3:3"),           # no 0:0 … 2:2 dealt
    (FIVE_FIVE, "kozel", "Bob", "3:3"),                   # 1:1, 2:2 not dealt: 3:3 before 5:5
    (ONLY_BLANK, "kozel", "Ann", "0:0"),                  # 0:0 after 1:1 … 6:6
    (ONLY_BLANK, "highest_double", "Ann", "0:0"),
    (NO_DOUBLES_HIGH, "highest_double", "Bob", "3:6"),    # 6:3 before 5:4 (both 9)
    (NO_DOUBLES_HIGH, "kozel", "Bob", "3:6"),
    (NO_DOUBLES_LOW, "lowest_double", "Bob", "0:3"),      # 0:3 before 1:2 (both 3)
    (NO_DOUBLES_LOW, "highest_double", "Ann", "4:5"),     # 5:4 is the heaviest dealt
])
def test_opener(deal, opener, leader, tile):
    other = "Bob" if leader == "Ann" else "Ann"
    out = ok(record("traditional", AB, [hand(deal, turns((leader, tile)))], opener=opener))
    assert out["hands"][0]["end"] is None
    refused(record("traditional", AB, [hand(deal, turns((other, deal[other].split()[0])))], opener=opener),
            "lead.wrong_player", 1)
    wrong = next(t for t in deal[leader].split() if t != tile)
    refused(record("traditional", AB, [hand(deal, turns((leader, wrong)))], opener=opener),
            "lead.wrong_tile", 1, wrong)


def test_a_lead_field_that_contradicts_the_opener_rule_is_refused():
    rec = record("traditional", AB, [hand(OPEN_DEAL, turns(("Ann", "6:6")), lead="Bob")])
    refused(rec, "lead.wrong_player")


# -- later hands: later_lead ------------------------------------------------------------------------------
SECOND = {"Ann": "0:2 1:3 1:4 2:5 3:6 5:6 0:4", "Bob": "6:6 0:0 0:1 2:3 2:4 3:5 4:6"}   # Bob holds 6:6


def two_hands(first, second_turns, **options):
    return record("traditional", AB, [first, hand(SECOND, turns(*second_turns))], **options)


def test_later_lead_winner_leads_any_tile():
    first = hand(LONE_DEAL, turns(*LONE_TURNS))       # Ann wins
    out = ok(two_hands(first, [("Ann", "2:5")]))
    assert out["hands"][1]["end"] is None
    refused(two_hands(first, [("Bob", "6:6")]), "lead.wrong_player", 1)


def test_later_lead_same_rule():
    first = hand(LONE_DEAL, turns(*LONE_TURNS))
    ok(two_hands(first, [("Bob", "6:6")], later_lead="same_rule"))
    refused(two_hands(first, [("Ann", "2:5")], later_lead="same_rule"), "lead.wrong_player", 1)
    refused(two_hands(first, [("Bob", "4:6")], later_lead="same_rule"), "lead.wrong_tile", 1)


def test_later_lead_after_a_hand_with_no_winner_the_opener_rule_applies():
    first = hand(BLOCK_DEAL, turns(*BLOCK_TURNS))     # tie under lone_blank=7: no winner
    opts = {"draw": "none", "lone_blank": 7}
    out = ok(two_hands(first, [("Bob", "6:6")], **opts))
    assert out["hands"][0]["winner"] is None
    refused(two_hands(first, [("Ann", "2:5")], **opts), "lead.wrong_player", 1)


MONO_TWO = {"Ann": "0:0 0:1 0:2 0:3 0:4 5:5 6:6", "Bob": "1:1 1:2 1:3 1:4 1:5 2:2 3:3"}
MONO_ONE = {"Ann": "0:0 0:1 0:2 0:3 0:4 5:5 6:6", "Bob": "1:1 1:2 1:3 2:2 3:3 4:4 2:5"}
MONO_FOUR = {"Ann": "0:0 0:1 0:2 0:3 4:5 5:5 6:6", "Bob": "1:1 1:2 1:3 1:4 2:2 3:3 4:4"}


def test_a_redeal_keeps_the_previous_winner():
    first = hand(LONE_DEAL, turns(*LONE_TURNS))
    rec = record("traditional", AB, [first, hand(MONO_TWO), hand(SECOND, turns(("Ann", "2:5")))])
    out = ok(rec)
    assert [h["end"] for h in out["hands"]] == ["out", "redeal", None]


# -- monotonous deals -------------------------------------------------------------------------------------
@pytest.mark.parametrize("deal, options, redeal", [
    (MONO_TWO, {}, True),                                     # five 0s and five 1s
    (MONO_ONE, {}, False),                                    # only Ann's: two_or_more needs two
    (MONO_ONE, {"redeal_when": "any"}, True),
    (MONO_FOUR, {}, False),                                   # four of a number is not five
    (MONO_FOUR, {"monotonous_threshold": 4}, True),
    (MONO_FOUR, {"monotonous_threshold": 4, "redeal_when": "any"}, True),
    (MONO_TWO, {"monotonous_threshold": 6}, False),
])
def test_monotonous_redeal(deal, options, redeal):
    out = ok(record("traditional", AB, [hand(deal)], **options))
    h = out["hands"][0]
    assert h["end"] == ("redeal" if redeal else None)
    if redeal:
        assert h["winner"] is None and h["points"] == {"Ann": 0, "Bob": 0}


def test_turns_on_a_redeal_hand_are_refused():
    rec = record("traditional", AB, [hand(MONO_TWO, turns(("Ann", "6:6")))])
    refused(rec, "hand.redeal")


def test_unknown_deal_is_never_a_redeal():
    ok(record("traditional", AB, [hand(None, turns(("Ann", "0:0")))]))


# -- deal sizes ---------------------------------------------------------------------------------------------
ABC = ["Ann", "Bob", "Cid"]
ABCD = ["Ann", "Bob", "Cid", "Dan"]
THREE_FIVE = {"Ann": "6:6 0:1 0:2 0:3 1:2", "Bob": "5:5 1:3 1:4 2:3 2:4", "Cid": "4:4 3:4 3:5 4:5 5:6"}


def test_deal_3_4_five_tiles():
    ok(record("traditional", ABC, [hand(THREE_FIVE, turns(("Ann", "6:6")))], deal_3_4=5))
    bad = dict(THREE_FIVE, Ann=THREE_FIVE["Ann"] + " 0:4 0:5")
    out = bad_record(record("traditional", ABC, [hand(bad, turns(("Ann", "6:6")))], deal_3_4=5))
    assert out["error"]["rule"] == "record.deal"
    out = bad_record(record("traditional", ABC, [hand(THREE_FIVE, turns(("Ann", "6:6")))]))   # 7 by default
    assert out["error"]["rule"] == "record.deal"


def test_deal_3_4_five_for_four_leaves_a_bazaar_seven_leaves_none():
    rec = record("traditional", ABCD, [hand(None, turns(("Ann", "6:6"), ("Bob", "draw", "6:1")))], deal_3_4=5)
    assert ok(rec)["hands"][0]["end"] is None
    rec = record("traditional", ABCD, [hand(None, turns(("Ann", "6:6"), ("Bob", "draw", "6:1")))])
    refused(rec, "draw.empty", 2, "draw")


def test_four_players_unknown_deal_must_lead_6_6():
    # all 28 tiles are dealt: 6:6 is certainly in a hand, and whoever leads must lead it
    refused(record("traditional", ABCD, [hand(None, turns(("Cid", "5:5")))]), "lead.wrong_tile", 1)
    ok(record("traditional", ABCD, [hand(None, turns(("Cid", "6:6")))]))


# -- unknown deals (the usual table case) ----------------------------------------------------------------
DEAD_ZEROS = [
    ("Ann", "0:0"), ("Bob", "0:1"), ("Ann", "0:2"), ("Bob", "1:3"), ("Ann", "3:0"), ("Bob", "2:4"),
    ("Ann", "4:0>2:4"), ("Bob", "0:5>4:0"), ("Ann", "5:6"), ("Bob", "6:0>5:6"),
]


def test_unknown_deal_block_when_no_unseen_tile_could_fit():
    # ends 0|0 with all seven 0s on the table: no tile anywhere can fit -> block at once
    rec = record("traditional", AB, [hand(None, turns(*DEAD_ZEROS),
                                          left={"Ann": ["1:1", "2:2"], "Bob": 22})])
    h = ok(rec)["hands"][0]
    # Ann 6, Bob 22 -> Ann gets 16
    assert (h["end"], h["winner"], h["points"], h["left"]) == (
        "block", "Ann", {"Ann": 16, "Bob": 0}, {"Ann": 6, "Bob": 22})
    rec["hands"][0]["turns"].append({"player": "Ann", "moves": ["draw"]})
    refused(rec, "hand.over", 11)


def test_unknown_deal_needs_left_and_checks_it():
    base = record("traditional", AB, [hand(None, turns(*DEAD_ZEROS))])
    refused(base, "left.missing")
    for left in ({"Ann": ["1:1"], "Bob": 22},                 # Ann holds two tiles
                 {"Ann": ["1:1", "0:3"], "Bob": 22},          # 0:3 is on the table
                 {"Ann": ["1:1", "2:2"], "Bob": ["2:2", "6:6"]},   # 2:2 twice
                 {"Ann": ["1:1", "2:2"], "Bob": 23},          # off the table, two tiles carry at most 6:6 + 5:5 = 22
                 {"Ann": ["1:1", "2:2"], "Bob": -1}):
        rec = record("traditional", AB, [hand(None, turns(*DEAD_ZEROS), left=left)])
        refused(rec, "left.impossible")


def test_unknown_deal_unseen_draws_are_counted():
    t = list(DEAD_ZEROS)
    t[1] = ("Bob", "draw", "draw", "0:1")
    rec = record("traditional", AB, [hand(None, turns(*t), left={"Ann": ["1:1", "2:2"], "Bob": ["6:6", "5:5"]})])
    refused(rec, "left.impossible")          # Bob holds 4 tiles, not 2
    rec["hands"][0]["left"]["Bob"] = ["6:6", "5:5", "1:1", "3:3"]
    refused(rec, "left.impossible")          # 1:1 twice
    rec["hands"][0]["left"]["Bob"] = ["6:6", "5:5", "4:4", "3:3"]
    h = ok(rec)["hands"][0]
    # Ann 6, Bob 12+10+8+6 = 36 -> Ann 30
    assert (h["winner"], h["points"]) == ("Ann", {"Ann": 30, "Bob": 0})


def test_unknown_deal_refusals():
    rec = record("traditional", AB, [hand(None, turns(("Ann", "6:6"), ("Bob", "pass")))])
    refused(rec, "pass.must_draw", 2)                 # 14 tiles in the bazaar
    rec = record("traditional", AB, [hand(None, turns(("Ann", "6:6"), ("Bob", "6:6")))])
    refused(rec, "tile.on_table", 2)
    rec = record("traditional", AB, [hand(None, turns(("Ann", "6:6"), ("Bob", "5:4")))])
    refused(rec, "play.no_fit", 2)
    rec = record("traditional", AB, [hand(None, turns(("Ann", "6:6"), ("Bob", "draw 6:6")))])
    refused(rec, "draw.not_in_bazaar", 2)
    rec = record("traditional", AB, [hand(None, turns(("Ann", "6:6"), ("Bob", "draw 1:2", "6:3"), ("Ann", "1:2")))])
    refused(rec, "tile.elsewhere", 3)                 # Bob was seen drawing 1:2
    rec = record("traditional", AB, [hand(None, turns(("Ann", "6:6"), ("Bob", "draw 6:5")))])
    refused(rec, "turn.incomplete", 2)                # a drawn tile that fits must be laid


def test_unknown_deal_full_round_of_passes_is_a_block():
    rec = record("traditional", AB, [hand(None, turns(("Ann", "6:6"), ("Bob", "6:5"), ("Ann", "pass"),
                                                      ("Bob", "pass")),
                                          left={"Ann": ["0:0", "0:1", "0:2", "1:1", "1:2", "2:2"], "Bob": 20})],
                 draw="none")
    h = ok(rec)["hands"][0]
    # Ann 0+1+2+2+3+4 = 12 (0:0 among others counts 0), Bob 20 -> Ann 8
    assert (h["end"], h["winner"], h["points"], h["left"]) == (
        "block", "Ann", {"Ann": 8, "Bob": 0}, {"Ann": 12, "Bob": 20})
    # one pass is not yet a full round
    rec["hands"][0]["turns"].pop()
    assert ok(rec)["hands"][0]["end"] is None


# -- result-only hands ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("result, options, winner, points", [
    ({"out": "Ann", "left": {"Bob": 12}}, {}, "Ann", {"Ann": 12, "Bob": 0}),
    ({"out": "Ann", "left": {"Bob": ["0:0"]}}, {}, "Ann", {"Ann": 24, "Bob": 0}),
    ({"out": "Ann", "left": {"Bob": ["0:0", "1:1"]}}, {}, "Ann", {"Ann": 2, "Bob": 0}),
    ({"out": None, "left": {"Ann": ["0:0"], "Bob": 20}}, {}, "Bob", {"Ann": 0, "Bob": 4}),
    ({"out": None, "left": {"Ann": 10, "Bob": 10}}, {}, None, {"Ann": 0, "Bob": 0}),
    ({"out": None, "left": {"Ann": 10, "Bob": 15}, "maker": "Bob"}, {"fish_winner": "maker"}, "Bob",
     {"Ann": 0, "Bob": 10}),
    ({"out": "Ann", "left": {"Bob": 12}}, {"scoring": "kozel"}, "Ann", {"Ann": 0, "Bob": 12}),
    ({"out": None, "left": {"Ann": 10, "Bob": 10}}, {"scoring": "kozel"}, None, {"Ann": 10, "Bob": 10}),
])
def test_result_only(result, options, winner, points):
    out = ok(record("traditional", AB, [{"result": result}], **options))
    h = out["hands"][0]
    assert (h["end"], h["winner"], h["points"]) == ("result", winner, points)


def test_result_only_three_players_tie_for_fewest():
    out = ok(record("traditional", ABC, [{"result": {"out": None, "left": {"Ann": 5, "Bob": 5, "Cid": 30}}}]))
    assert out["hands"][0]["winner"] is None


def test_result_only_needs_left():
    refused(record("traditional", AB, [{"result": {"out": "Ann"}}]), "left.missing")


# -- record errors (exit 2) ------------------------------------------------------------------------------------
def test_record_errors():
    assert run("{not json")[0] == 2
    assert bad_record("{not json")["error"]["rule"] == "record.json"
    assert bad_record(record("traditional", AB, [], colour="red"))["error"]["rule"] == "record.option_key"
    assert bad_record(record("traditional", AB, [], opener="middle"))["error"]["rule"] == "record.option_value"
    assert bad_record(record("traditional", AB, [], target="100"))["error"]["rule"] == "record.option_type"
    assert bad_record(record("traditional", ["Ann"], []))["error"]["rule"] == "record.player_count"
    assert bad_record(record("traditional", ABCD + ["Eve"], []))["error"]["rule"] == "record.player_count"
    rec = record("traditional", AB, [hand(None, turns(("Ann", "7:1")))])
    assert bad_record(rec)["error"]["rule"] == "record.token"
    rec = record("traditional", AB, [hand(None, turns(("Zed", "6:6")))])
    assert bad_record(rec)["error"]["rule"] == "record.unknown_player"
    twice = dict(DRAW_DEAL, Bob="6:0 0:0 2:2 3:3 4:4 1:5 6:6")
    assert bad_record(record("traditional", AB, [hand(twice)]))["error"]["rule"] == "record.deal"
    rec = record("nonsense", AB, [])
    assert bad_record(rec)["error"]["rule"] == "record.variant"
    rec = record("traditional", AB, [])
    rec["format"] = "referee-record/2"
    assert bad_record(rec)["error"]["rule"] == "record.format"


def test_empty_match_is_valid():
    out = ok(record("traditional", AB, []))
    assert out["hands"] == [] and out["match_winner"] is None


def test_the_whole_record_is_read_before_replay():
    # hand 1 breaks a rule at turn 2; hand 2 holds an unreadable token: exit 2, not 1
    rec = record("traditional", AB, [hand(DRAW_DEAL, turns(("Ann", "6:6"), ("Bob", "pass"))),
                                     hand(None, turns(("Ann", "6:6x")))])
    out = bad_record(rec)
    assert out["error"]["rule"] == "record.token" and out["error"]["hand"] == 2
    rec["hands"][1] = hand(DRAW_DEAL, turns(("Ann", "6:6"), ("Bob", "draw")))
    assert bad_record(rec)["error"]["rule"] == "record.unseen_draw"
    rec["hands"][1] = hand(DRAW_DEAL)
    refused(rec, "pass.must_play", 2)


# -- the match ------------------------------------------------------------------------------------------------
def test_kozel_match_end_lowest_total_wins_and_a_tie_plays_on():
    def res(out, **left):
        return {"result": {"out": out, "left": left}}
    hands = [res("Cid", Ann=10, Bob=10), res("Ann", Bob=15, Cid=10)]
    out = ok(record("traditional", ABC, hands, scoring="kozel", limit=20))
    # Ann 10, Bob 25 (reached the limit), Cid 10: Ann and Cid tie for the lowest: no winner yet
    assert out["totals"] == {"Ann": 10, "Bob": 25, "Cid": 10}
    assert out["match_winner"] is None
    hands.append(res("Ann", Bob=1, Cid=1))
    out = ok(record("traditional", ABC, hands, scoring="kozel", limit=20))
    assert out["totals"] == {"Ann": 10, "Bob": 26, "Cid": 11} and out["match_winner"] == "Ann"
    hands.append(res("Ann", Bob=1, Cid=1))
    refused(record("traditional", ABC, hands, scoring="kozel", limit=20), "match.over")


def test_credit_target_checked_after_each_hand():
    def res(out, **left):
        return {"result": {"out": out, "left": left}}
    hands = [res("Ann", Bob=19, Cid=0), res("Bob", Ann=10, Cid=9)]
    out = ok(record("traditional", ABC, hands, target=20))
    assert out["totals"] == {"Ann": 19, "Bob": 19, "Cid": 0} and out["match_winner"] is None
    hands.append(res("Cid", Ann=1, Bob=1))
    out = ok(record("traditional", ABC, hands, target=20))
    assert out["match_winner"] is None                     # Cid 2
    hands.append(res("Ann", Bob=1, Cid=1))
    out = ok(record("traditional", ABC, hands, target=20))
    assert out["totals"]["Ann"] == 21 and out["match_winner"] == "Ann"


def test_an_unfinished_hand_reports_the_pips_held_now():
    out = ok(block(draw="until"))
    h = out["hands"][0]
    # Ann holds 2:5 = 7, Bob a lone 0:0 = 24
    assert (h["end"], h["winner"], h["left"], h["points"]) == (None, None, {"Ann": 7, "Bob": 24}, {"Ann": 0, "Bob": 0})


def test_only_the_last_hand_may_be_unfinished():
    rec = record("traditional", AB, [hand(DRAW_DEAL, turns(("Ann", "6:6"))), hand(DRAW_DEAL)])
    out = refused(rec, "hand.unfinished")
    assert out["error"]["hand"] == 1


def test_four_players_full_round_of_passes_is_a_block():
    # 4 x 7: no bazaar; after 6:6 … nobody is known: the table says everybody passes in turn
    t = [("Ann", "6:6"), ("Bob", "pass"), ("Cid", "pass"), ("Dan", "pass")]
    rec = record("traditional", ABCD, [hand(None, turns(*t))])
    assert ok(rec)["hands"][0]["end"] is None             # three passes: Ann may still play
    t.append(("Ann", "pass"))
    rec = record("traditional", ABCD, [hand(None, turns(*t), left={"Ann": 30, "Bob": 40, "Cid": 50, "Dan": 29})])
    h = ok(rec)["hands"][0]
    # Dan 29 fewest: 30 + 40 + 50 - 29 = 91
    assert (h["end"], h["winner"], h["points"]) == ("block", "Dan", {"Ann": 0, "Bob": 0, "Cid": 0, "Dan": 91})


def test_turns_and_result_must_agree():
    rec = lone_out()
    rec["hands"][0]["result"] = {"out": "Ann", "left": {"Bob": 24}}
    h = ok(rec)["hands"][0]
    assert (h["end"], h["winner"], h["points"]) == ("out", "Ann", {"Ann": 24, "Bob": 0})
    rec["hands"][0]["result"] = {"out": "Bob", "left": {"Ann": 3}}
    refused(rec, "result.mismatch")
    rec["hands"][0]["result"] = {"out": None, "left": {"Ann": 3, "Bob": 24}}
    refused(rec, "result.mismatch")
    rec["hands"][0]["result"] = {"out": "Ann", "left": {"Bob": 20}}
    refused(rec, "left.mismatch")


def test_stating_the_only_orientation_is_accepted():
    # traditional doubles lie crosswise: "across" may be said, "along" is refused
    ok(draw_hand(list(DRAW_TURNS[:5]) + [("Bob", "3:3 across")]))
    refused(draw_hand(list(DRAW_TURNS[:5]) + [("Bob", "3:3 along")]), "play.orientation", 6, "3:3 along")
    ok(draw_hand([("Ann", "6:6 across")]))
    # a token with a target and the half it touches
    ok(draw_hand(list(DRAW_TURNS[:5]) + [("Bob", "3:3>2:3@3")]))
    refused(draw_hand(list(DRAW_TURNS[:5]) + [("Bob", "3:3>2:3@2")]), "play.wrong_end", 6)


@pytest.mark.parametrize("players, options, moves, rule", [
    (AB, {}, ("draw", "6:6"), "draw.must_play"),
    (AB, {"draw": "none"}, ("pass",), "pass.must_play"),
    (ABCD, {}, ("pass",), "pass.must_play"),
])
def test_the_leader_can_always_lead_with_an_unknown_deal(players, options, moves, rule):
    # an empty table takes any tile: the leader may neither draw nor pass
    refused(record("traditional", players, [hand(None, turns(("Ann", *moves)))], **options), rule, 1, moves[0])


def test_default_target_100():
    hands = [{"result": {"out": "Ann", "left": {"Bob": 60}}}, {"result": {"out": "Ann", "left": {"Bob": 39}}}]
    out = ok(record("traditional", AB, hands))
    assert out["totals"] == {"Ann": 99, "Bob": 0} and out["match_winner"] is None
    hands[1]["result"]["left"]["Bob"] = 40
    assert ok(record("traditional", AB, hands))["match_winner"] == "Ann"
