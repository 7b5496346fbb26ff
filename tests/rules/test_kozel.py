"""«Козёл» as Russian tables play it (traditional): pairs, the 13-point rule, «яйца», presets.

The rules brief, traditional, "Pairs and the «Козёл» as Russian tables play it". Every figure
below was reckoned on paper from the deal and the moves; the comments give the reckoning.
Ann and Cid (1st and 3rd listed) play against Bob and Dan (2nd and 4th).
"""

import pytest

from referee.record import check
from referee.rules.catalogue import PRESETS

from .recs import bad_record, hand, ok, record, refused, turns

P4 = ["Ann", "Bob", "Cid", "Dan"]
PAIRS = [["Ann", "Cid"], ["Bob", "Dan"]]
YARD = dict(PRESETS["traditional"]["yard"])       # «Козёл, как во дворе»


# -- a block at ten tiles: all seven 1s are on the table and both ends show 1 ----------------------------
# The line, built out from 1:1: 0:1 2:0 1:2 [1:1] 1:3 3:4 4:1 1:5 5:6 6:1.
BLOCK_TURNS = [
    ("Ann", "1:1"),            # 1  ends 1|1 (opener=kozel: 1:1 leads)
    ("Bob", "1:3"),            # 2  1|3
    ("Cid", "3:4"),            # 3  1|4
    ("Dan", "4:1>3:4"),        # 4  1|1
    ("Ann", "1:5>4:1"),        # 5  1|5
    ("Bob", "5:6"),            # 6  1|6
    ("Cid", "6:1>5:6"),        # 7  1|1
    ("Dan", "1:2>1:1"),        # 8  2|1
    ("Ann", "2:0"),            # 9  0|1
    ("Bob", "0:1>2:0"),        # 10 1|1, every 1 laid: a block («рыба»), Bob made it
]
# What each keeps (the rest of the deal):
#   Ann 2:5 2:6 3:5 3:6 = 7+8+8+9 = 32      Cid 0:6 2:3 2:4 3:3 0:0 = 6+5+6+6+0 = 23   -> Ann+Cid 55
#   Bob 0:3 0:4 0:5 2:2 = 3+4+5+4 = 16      Dan 4:4 4:5 4:6 5:5 6:6 = 8+9+10+10+12 = 49 -> Bob+Dan 65
PAIR_BLOCK = {"Ann": "1:1 1:5 2:0 2:5 2:6 3:5 3:6", "Bob": "1:3 5:6 0:1 0:3 0:4 0:5 2:2",
              "Cid": "3:4 6:1 0:6 2:3 2:4 3:3 0:0", "Dan": "4:1 1:2 4:4 4:5 4:6 5:5 6:6"}
# The same with Cid's 0:0 and Bob's 0:5 swapped: Cid 28 (Ann+Cid 60), Bob 11 (Bob+Dan 60): equal
EQUAL_BLOCK = dict(PAIR_BLOCK, Bob="1:3 5:6 0:1 0:3 0:4 0:0 2:2", Cid="3:4 6:1 0:6 2:3 2:4 3:3 0:5")


def block_hand(deal=PAIR_BLOCK):
    return hand(deal, turns(*BLOCK_TURNS))


def res(out=None, maker=None, **left):
    r = {"out": out, "left": left}
    if maker is not None:
        r["maker"] = maker
    return {"result": r}


def test_a_pairs_block_is_won_by_the_pair_with_fewer_pips_not_the_fewest_player():
    # Bob holds the fewest (16), but Bob+Dan hold 65 against Ann+Cid's 55: Ann and Cid win;
    # named: Cid, the partner with fewer pips (23 < 32). Credit: 65 - 55 = 10 to both partners
    out = ok(record("traditional", P4, [block_hand()], teams="pairs", opener="kozel"))
    h = out["hands"][0]
    assert (h["end"], h["winner"]) == ("block", "Cid")
    assert h["left"] == {"Ann": 32, "Bob": 16, "Cid": 23, "Dan": 49}
    assert h["points"] == {"Ann": 10, "Bob": 0, "Cid": 10, "Dan": 0}
    assert out["totals"] == {"Ann": 10, "Bob": 0, "Cid": 10, "Dan": 0}
    assert out["teams"] == PAIRS and out["match_winners"] is None and out["match_winner"] is None
    assert "hanging" not in h and "eggs" not in h


def test_without_pairs_the_same_block_goes_to_the_fewest_player():
    # the seed's game is unchanged: Bob 16 is the fewest: 32 + 23 + 49 - 16 = 88; no pair fields
    out = ok(record("traditional", P4, [block_hand()], opener="kozel"))
    h = out["hands"][0]
    assert (h["winner"], h["points"]) == ("Bob", {"Ann": 0, "Bob": 88, "Cid": 0, "Dan": 0})
    assert "teams" not in out and "match_winners" not in out


def test_a_pairs_block_under_kozel_the_losing_pair_writes_both_partners_pips():
    # Bob+Dan lose: 16 + 49 = 65 written against both (65 >= 13: nothing hangs)
    out = ok(record("traditional", P4, [block_hand()], **YARD))
    h = out["hands"][0]
    assert (h["winner"], h["points"]) == ("Cid", {"Ann": 0, "Bob": 65, "Cid": 0, "Dan": 65})
    assert "hanging" not in h and "eggs" not in h
    assert out["totals"] == {"Ann": 0, "Bob": 65, "Cid": 0, "Dan": 65}


def test_the_fish_maker_wins_for_his_pair():
    # Bob laid 0:1 (the last tile): Bob+Dan win; credit: Ann+Cid's 55, not 55 - 65
    out = ok(record("traditional", P4, [block_hand()], teams="pairs", opener="kozel", fish_winner="maker"))
    h = out["hands"][0]
    assert (h["winner"], h["points"]) == ("Bob", {"Ann": 0, "Bob": 55, "Cid": 0, "Dan": 55})
    out = ok(record("traditional", P4, [block_hand()], **dict(YARD, fish_winner="maker")))
    assert out["hands"][0]["points"] == {"Ann": 55, "Bob": 0, "Cid": 55, "Dan": 0}


def test_the_winner_of_a_pairs_block_leads_the_next_hand():
    # later_lead=winner: Cid (named for his pair) leads hand 2, any tile
    second = hand({"Ann": "1:1 1:5 2:0 2:5 2:6 3:5 3:6", "Bob": "1:3 5:6 0:1 0:3 0:4 0:5 2:2",
                   "Cid": "3:4 6:1 0:6 2:3 2:4 3:3 0:0", "Dan": "4:1 1:2 4:4 4:5 4:6 5:5 6:6"},
                  turns(("Cid", "2:3")))
    out = ok(record("traditional", P4, [block_hand(), second], **YARD))
    assert out["hands"][1]["end"] is None
    second["turns"] = turns(("Ann", "1:1"))
    refused(record("traditional", P4, [block_hand(), second], **YARD), "lead.wrong_player", 1)


def test_equal_pair_totals_without_eggs_each_pair_writes_its_own():
    # 60 against 60: nobody wins; each pair writes its 60 (credit: nobody scores)
    out = ok(record("traditional", P4, [block_hand(EQUAL_BLOCK)], **dict(YARD, eggs="no")))
    h = out["hands"][0]
    assert h["left"] == {"Ann": 32, "Bob": 11, "Cid": 28, "Dan": 49}
    assert (h["winner"], h["points"]) == (None, {"Ann": 60, "Bob": 60, "Cid": 60, "Dan": 60})
    assert "eggs" not in h
    out = ok(record("traditional", P4, [block_hand(EQUAL_BLOCK)], teams="pairs", opener="kozel"))
    assert (out["hands"][0]["winner"], set(out["hands"][0]["points"].values())) == (None, {0})


def test_equal_pair_totals_with_eggs_write_nothing_and_carry_every_pip():
    # «яйца»: 32 + 11 + 28 + 49 = 120 carried; the next hand's losers add all 120 to their own
    hands = [block_hand(EQUAL_BLOCK)]
    out = ok(record("traditional", P4, hands, **YARD))
    h = out["hands"][0]
    assert (h["winner"], h["points"], h["eggs"]) == (None, {p: 0 for p in P4}, 120)
    assert out["totals"] == {p: 0 for p in P4}
    # hand 2: Cid goes out; Bob 3 + Dan 2 = 5, + 120 = 125 >= 101: Bob and Dan are the «козёл»;
    # Ann and Cid have nothing written: a «сухой» win
    hands.append(res("Cid", Bob=3, Dan=2))
    out = ok(record("traditional", P4, hands, **YARD))
    h = out["hands"][1]
    assert (h["winner"], h["points"]) == ("Cid", {"Ann": 0, "Bob": 125, "Cid": 0, "Dan": 125})
    assert "eggs" not in h
    assert out["totals"] == {"Ann": 0, "Bob": 125, "Cid": 0, "Dan": 125}
    assert out["match_winners"] == ["Ann", "Cid"] and out["match_winner"] == "Ann"
    rep = check(record("traditional", P4, hands, **YARD))[2]
    assert rep.goats == ["Bob", "Dan"] and rep.dry is True


def test_eggs_in_a_row_add_up_and_are_spent_by_the_next_winner():
    # three players, no pairs: 5 = 5 < 9 is an equal fewest: 19 carried; again 4 4 6: 19 + 14 = 33;
    # then Ann goes out: Bob 2 + 33 = 35, Cid 3 + 33 = 36; then nothing is carried any more
    ABC = ["Ann", "Bob", "Cid"]
    hands = [res(Ann=5, Bob=5, Cid=9), res(Ann=4, Bob=6, Cid=4), res("Ann", Bob=2, Cid=3),
             res("Bob", Ann=1, Cid=2)]
    out = ok(record("traditional", ABC, hands, scoring="kozel", eggs="yes"))
    assert [h.get("eggs") for h in out["hands"]] == [19, 33, None, None]
    assert [h["points"] for h in out["hands"]] == [
        {"Ann": 0, "Bob": 0, "Cid": 0}, {"Ann": 0, "Bob": 0, "Cid": 0},
        {"Ann": 0, "Bob": 35, "Cid": 36}, {"Ann": 1, "Bob": 0, "Cid": 2}]
    assert out["totals"] == {"Ann": 1, "Bob": 35, "Cid": 38}


def test_an_amount_below_13_hangs_and_is_written_with_the_next():
    hands = [res("Ann", Bob=5, Dan=4)]          # Bob+Dan 9 < 13: nothing written, 9 hangs
    out = ok(record("traditional", P4, hands, **YARD))
    h = out["hands"][0]
    assert h["points"] == {p: 0 for p in P4}
    assert h["hanging"] == {"Bob": 9, "Dan": 9}
    assert h["left"] == {"Ann": 0, "Bob": 5, "Cid": None, "Dan": 4}     # Cid's pips count for nothing
    # hand 2: Bob goes out; Ann+Cid 6 + 6 = 12 < 13 hangs; Bob+Dan's 9 still hangs (they won)
    hands.append(res("Bob", Ann=6, Cid=6))
    h = ok(record("traditional", P4, hands, **YARD))["hands"][1]
    assert h["points"] == {p: 0 for p in P4}
    assert h["hanging"] == {"Ann": 12, "Bob": 9, "Cid": 12, "Dan": 9}
    # hand 3: Cid goes out; Bob+Dan 9 + 2 + 2 = 13: written, nothing hangs for them
    hands.append(res("Cid", Bob=2, Dan=2))
    out = ok(record("traditional", P4, hands, **YARD))
    h = out["hands"][2]
    assert h["points"] == {"Ann": 0, "Bob": 13, "Cid": 0, "Dan": 13}
    assert h["hanging"] == {"Ann": 12, "Cid": 12}
    assert out["totals"] == {"Ann": 0, "Bob": 13, "Cid": 0, "Dan": 13}


def test_what_hangs_is_added_on_an_equal_block_without_eggs_and_eggs_count_toward_13():
    # no pairs, kozel_min 13: Ann out, Bob 7 hangs; an equal block 6 = 6: Ann 6 hangs, Bob 7 + 6 = 13
    # is written. With eggs: the equal block writes nothing (12 carried); then Ann out: Bob's
    # 7 + 1 + 12 = 20 written
    AB = ["Ann", "Bob"]
    out = ok(record("traditional", AB, [res("Ann", Bob=7), res(Ann=6, Bob=6)], scoring="kozel", kozel_min=13))
    assert [h["points"] for h in out["hands"]] == [{"Ann": 0, "Bob": 0}, {"Ann": 0, "Bob": 13}]
    assert [h.get("hanging") for h in out["hands"]] == [{"Bob": 7}, {"Ann": 6}]
    out = ok(record("traditional", AB, [res("Ann", Bob=7), res(Ann=6, Bob=6), res("Ann", Bob=1)],
                    scoring="kozel", kozel_min=13, eggs="yes"))
    assert [h["points"]["Bob"] for h in out["hands"]] == [0, 0, 20]
    assert [h.get("hanging") for h in out["hands"]] == [{"Bob": 7}, {"Bob": 7}, None]
    assert out["hands"][1]["eggs"] == 12


def test_what_hangs_does_not_count_toward_the_limit():
    # limit 20, kozel_min 13: Bob+Dan 12 hang; then 4 + 4 + 12 = 20 is written: they reach 20
    hands = [res("Ann", Bob=6, Dan=6), res("Ann", Bob=4, Dan=4)]
    opts = dict(YARD, limit=20)
    out = ok(record("traditional", P4, hands[:1], **opts))
    assert out["totals"]["Bob"] == 0 and out["match_winner"] is None
    out = ok(record("traditional", P4, hands, **opts))
    assert out["totals"] == {"Ann": 0, "Bob": 20, "Cid": 0, "Dan": 20}
    assert out["match_winners"] == ["Ann", "Cid"]


def test_the_limit_reached_by_a_pair_ends_the_match_and_the_other_pair_wins():
    hands = [res("Bob", Ann=30, Cid=30), res("Ann", Bob=20, Dan=20), res("Dan", Ann=20, Cid=20)]
    out = ok(record("traditional", P4, hands, **YARD))
    # Ann+Cid 60 + 40 = 100 < 101; Bob+Dan 40: play on
    assert out["totals"] == {"Ann": 100, "Bob": 40, "Cid": 100, "Dan": 40} and out["match_winners"] is None
    hands.append(res("Bob", Ann=1, Cid=0))     # 1 < 13 hangs: still 100, play on
    out = ok(record("traditional", P4, hands, **YARD))
    assert out["totals"]["Ann"] == 100 and out["match_winners"] is None
    hands.append(res("Bob", Ann=6, Cid=6))     # 1 + 12 = 13 written: 113 >= 101
    out = ok(record("traditional", P4, hands, **YARD))
    assert out["totals"]["Ann"] == 113
    assert out["match_winners"] == ["Bob", "Dan"] and out["match_winner"] == "Bob"
    rep = check(record("traditional", P4, hands, **YARD))[2]
    assert rep.goats == ["Ann", "Cid"] and rep.dry is False       # Bob and Dan have 40 written
    hands.append(res("Bob", Ann=1, Cid=0))
    refused(record("traditional", P4, hands, **YARD), "match.over")


def test_credit_with_pairs_the_pair_reaching_the_target_wins():
    # Ann out: Bob+Dan's 30 + 25 = 55 to Ann and Cid; Cid out: 50 more: 105 >= 100
    hands = [res("Ann", Bob=30, Dan=25), res("Cid", Bob=20, Dan=30)]
    out = ok(record("traditional", P4, hands, teams="pairs"))
    assert [h["points"] for h in out["hands"]] == [{"Ann": 55, "Bob": 0, "Cid": 55, "Dan": 0},
                                                  {"Ann": 50, "Bob": 0, "Cid": 50, "Dan": 0}]
    assert out["totals"] == {"Ann": 105, "Bob": 0, "Cid": 105, "Dan": 0}
    assert out["match_winners"] == ["Ann", "Cid"] and out["match_winner"] == "Ann"


def test_a_lone_double_blank_counts_25_in_the_yard_preset():
    # Bob holds only 0:0 (25), Dan 1:2 (3): 28 written against Bob and Dan
    out = ok(record("traditional", P4, [res("Ann", Bob=["0:0"], Dan=["1:2"])], **YARD))
    h = out["hands"][0]
    assert h["left"]["Bob"] == 25 and h["points"] == {"Ann": 0, "Bob": 28, "Cid": 0, "Dan": 28}
    # with other tiles 0:0 counts 0: 0 + 1 + 3 = 4 < 13 hangs
    out = ok(record("traditional", P4, [res("Ann", Bob=["0:0", "0:1"], Dan=["1:2"])], **YARD))
    assert out["hands"][0]["hanging"] == {"Bob": 4, "Dan": 4}


def test_a_pairs_block_result_needs_every_hand_and_compares_pair_totals():
    # a block entered by its result: Ann 10 + Cid 10 = 20 against Bob 5 + Dan 16 = 21: Ann+Cid win,
    # Ann named (equal pips: the one listed first); a missing left is refused
    out = ok(record("traditional", P4, [res(Ann=10, Bob=5, Cid=10, Dan=16)], **YARD))
    h = out["hands"][0]
    assert (h["winner"], h["points"]) == ("Ann", {"Ann": 0, "Bob": 21, "Cid": 0, "Dan": 21})
    refused(record("traditional", P4, [res(Ann=10, Bob=5, Cid=10)], **YARD), "left.missing")
    refused(record("traditional", P4, [res("Ann", Bob=5)], **YARD), "left.missing")


@pytest.mark.parametrize("players, options, rule", [
    (["Ann", "Bob"], {"teams": "pairs"}, "record.teams_players"),
    (["Ann", "Bob", "Cid"], {"teams": "pairs", "scoring": "kozel"}, "record.teams_players"),
    (P4, {"kozel_min": 13}, "record.kozel_only"),
    (P4, {"eggs": "yes", "teams": "pairs"}, "record.kozel_only"),
    (P4, {"kozel_min": -1, "scoring": "kozel"}, "record.option_value"),
    (P4, {"kozel_min": "13", "scoring": "kozel"}, "record.option_type"),
    (P4, {"teams": "trios"}, "record.option_value"),
])
def test_refused_as_unreadable_with_a_reason(players, options, rule):
    out = bad_record(record("traditional", players, [], **options))
    assert out["error"]["rule"] == rule
    assert out["error"]["message"] != rule


def test_the_defaults_stated_are_accepted_with_credit_scoring():
    out = ok(record("traditional", P4, [], kozel_min=0, eggs="no", teams="none"))
    assert "teams" not in out


def test_the_documented_pairs_match_replays_as_stated():
    import json
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "notation.md").read_text(encoding="utf-8")
    section = text.split("## Pairs and «Козёл» (traditional)", 1)[1]
    rec = json.loads(section.split("```json\n", 1)[1].split("\n```", 1)[0])
    out = ok(rec)
    assert [h.get("hanging") for h in out["hands"]] == [{"Bob": 9, "Dan": 9}, {"Bob": 9, "Dan": 9}, None]
    assert out["hands"][1]["eggs"] == 44 and out["hands"][0]["left"]["Cid"] is None
    assert out["teams"] == [["Ann", "Cid"], ["Bob", "Dan"]]
    assert (out["match_winners"], out["match_winner"]) == (["Ann", "Cid"], "Ann")
    assert out["totals"] == {"Ann": 0, "Bob": 110, "Cid": 0, "Dan": 110}
