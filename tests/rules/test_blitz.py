"""Blitz (variant 2), hands checked by hand from the rules brief."""

import pytest

from referee.rules.tiles import ALL_TILES, tile_str

from .recs import bad_record, hand, ok, record, refused, run, turns

P5 = ["P1", "P2", "P3", "P4", "P5"]
# dead (undealt) tiles: 1:1 2:3 3:6
DEAL5 = {"P1": "1:5 3:4 3:5 4:6 5:6", "P2": "0:4 0:6 2:2 3:3 6:6", "P3": "0:0 0:2 0:5 1:6 4:5",
         "P4": "0:1 1:3 1:4 2:4 4:4", "P5": "0:3 1:2 2:5 2:6 5:5"}
BLOCK5 = [
    ("P3", "0:0"),                                          # 0|0
    ("P4", "0:1", "1:3"),                                   # 0|3
    ("P5", "0:3>0:0"),                                      # 3|3
    ("P1", "3:4>0:3", "4:6", "6:5", "5:3"),                 # 3|3, P1 keeps 1:5
    ("P2", "3:3>5:3"),                                      # 3|3: every 3 is laid or dead
]


def blitz(turn_list, deal=DEAL5, players=P5, **options):
    return record("blitz", players, [hand(deal, turns(*turn_list))], **options)


def test_block_fewest_pips_dead_tiles_do_not_count():
    out = ok(blitz(BLOCK5))
    h = out["hands"][0]
    # left: P1 1:5 = 6; P2 0:4 0:6 2:2 6:6 = 26; P3 0:2 0:5 1:6 4:5 = 23; P4 1:4 2:4 4:4 = 19;
    # P5 1:2 2:5 2:6 5:5 = 28. P1 fewest: 26 + 23 + 19 + 28 - 6 = 90
    assert h["end"] == "block" and h["winner"] == "P1"
    assert h["left"] == {"P1": 6, "P2": 26, "P3": 23, "P4": 19, "P5": 28}
    assert h["points"] == {"P1": 90, "P2": 0, "P3": 0, "P4": 0, "P5": 0}


def test_with_bazaar_draw_the_dead_tiles_keep_the_hand_alive():
    rec = blitz(BLOCK5, bazaar="draw")
    assert ok(rec)["hands"][0]["end"] is None       # 2:3 and 3:6 can still be drawn
    # P3 holds no 3: he draws until playable, then lays
    t = BLOCK5 + [("P3", "draw 1:1", "draw 2:3", "2:3>3:3")]
    ok(blitz(t, bazaar="draw"))
    refused(blitz(BLOCK5 + [("P3", "pass")], bazaar="draw"), "pass.must_draw", 6)
    refused(blitz(BLOCK5 + [("P3", "draw 2:3", "draw 1:1")], bazaar="draw"), "draw.must_play", 6, "draw 1:1")
    refused(blitz(BLOCK5 + [("P3", "draw 2:3", "2:3")], bazaar="draw"), "play.ambiguous", 6, "2:3")
    refused(blitz(BLOCK5 + [("P3", "draw 0:1")], bazaar="draw"), "draw.not_in_bazaar", 6)


def test_no_bazaar_by_default():
    t = BLOCK5[:2] + [("P5", "draw 1:1", "0:3>0:0")]
    refused(blitz(t), "blitz.no_bazaar", 3, "draw 1:1")


def test_draws_come_before_the_first_tile():
    t = BLOCK5[:3] + [("P1", "3:4>0:3", "draw 1:1")]
    refused(blitz(t, bazaar="draw"), "draw.after_lay", 4, "draw 1:1")


def test_must_play_and_pass_after_lay():
    refused(blitz(BLOCK5[:2] + [("P5", "pass")]), "pass.must_play", 3)
    refused(blitz(BLOCK5[:2] + [("P5", "0:3>0:0", "pass")]), "pass.after_lay", 3)


def test_chain_one_end_each_further_tile_on_the_tile_just_laid():
    # P1 lays 3:4 on 0:3, then 3:5 on the other end (1:3's 3): not the tile just laid
    t = BLOCK5[:3] + [("P1", "3:4>0:3", "3:5>1:3")]
    refused(blitz(t), "blitz.chain", 4, "3:5>1:3")
    assert ok(blitz(t, chain="any_end"))["hands"][0]["end"] is None


def test_chain_after_a_lone_lead_either_side():
    # the leader lays 0:0 then 0:2; 0:5 on 0:0's other side is not on the tile just laid
    refused(blitz([("P3", "0:0", "0:2", "0:5>0:0")]), "blitz.chain", 1, "0:5>0:0")
    ok(blitz([("P3", "0:0", "0:2", "0:5>0:0")], chain="any_end"))


def test_chain_one_end_after_a_lone_non_double_lead():
    # nearest_sum: 0:1 (sum 1) leads since 0:0 is dead; the next tile may go on either side
    deal = {"P1": "0:1 1:5 0:6 2:2 3:3", "P2": "0:2 0:3 0:4 0:5 1:1", "P3": "1:2 1:3 1:4 1:6 2:3",
            "P4": "2:4 2:5 2:6 3:4 3:5", "P5": "3:6 4:4 4:5 4:6 5:5"}          # dead 0:0 5:6 6:6
    ok(blitz([("P1", "0:1", "1:5")], deal=deal, opener="nearest_sum"))
    ok(blitz([("P1", "0:1", "0:6")], deal=deal, opener="nearest_sum"))
    refused(blitz([("P1", "0:1", "1:5", "0:6")], deal=deal, opener="nearest_sum"), "blitz.chain", 1, "0:6")
    ok(blitz([("P1", "0:1", "1:5", "0:6")], deal=deal, opener="nearest_sum", chain="any_end"))


# -- laying the whole hand in one turn ------------------------------------------------------------------
P8 = [f"P{i}" for i in range(1, 9)]
DEAL8 = {"P1": "0:0 0:1 1:1", "P2": "0:2 0:3 0:4", "P3": "0:5 0:6 1:2", "P4": "1:3 1:4 1:5",
         "P5": "1:6 2:2 2:3", "P6": "2:4 2:5 2:6", "P7": "3:4 3:5 3:6", "P8": "4:5 4:6 5:6"}   # dead: 3:3 4:4 5:5 6:6


def test_the_leader_lays_his_whole_hand_in_one_turn():
    out = ok(blitz([("P1", "0:0", "0:1", "1:1")], deal=DEAL8, players=P8))
    h = out["hands"][0]
    # others: 9 + 14 + 15 + 16 + 21 + 24 + 30 = 129 (= 168 - 36 dead - 3 his own)
    assert (h["end"], h["winner"]) == ("out", "P1")
    assert h["points"]["P1"] == 129 and sum(h["points"].values()) == 129
    assert h["left"] == {"P1": 0, "P2": 9, "P3": 14, "P4": 15, "P5": 16, "P6": 21, "P7": 24, "P8": 30}
    assert out["match_winner"] == "P1"              # 129 >= 100
    rec = blitz([("P1", "0:0", "0:1", "1:1"), ("P2", "pass")], deal=DEAL8, players=P8)
    refused(rec, "hand.over", 2)


def test_lone_double_blank_counts_24_in_a_result():
    left = {"P2": ["0:0"], "P3": 10, "P4": 1, "P5": 1, "P6": 1, "P7": 1, "P8": 1}
    out = ok(record("blitz", P8, [{"result": {"out": "P1", "left": left}}]))
    # 24 + 10 + 5 x 1 = 39
    assert out["hands"][0]["points"]["P1"] == 39 and out["hands"][0]["left"]["P2"] == 24
    left["P2"] = ["0:0", "1:1"]          # 0:0 among other tiles counts 0
    assert ok(record("blitz", P8, [{"result": {"out": "P1", "left": left}}]))["hands"][0]["points"]["P1"] == 17


# -- the opener ---------------------------------------------------------------------------------------------
def deal_without(dead: list[str], players: int = 5, size: int = 5) -> dict[str, str]:
    tiles = [tile_str(t) for t in ALL_TILES if tile_str(t) not in dead]
    assert len(tiles) == players * size
    return {f"P{i + 1}": " ".join(tiles[i::players]) for i in range(players)}


def holder(deal, tile):
    return next(p for p, ts in deal.items() if tile in ts.split())


@pytest.mark.parametrize("dead, opener, tile", [
    (["1:1", "2:3", "3:6"], "lowest_double", "0:0"),
    (["0:0", "0:1", "1:1"], "lowest_double", "2:2"),      # the lowest double dealt
    (["0:0", "0:1", "1:1"], "nearest_sum", "0:2"),        # sum 2 beats 2:2's 4
    (["0:0", "0:1", "6:6"], "nearest_sum", "1:1"),        # 1:1 and 0:2 both 2: the double wins
    (["0:0", "5:5", "6:6"], "nearest_sum", "0:1"),
    (["0:0", "5:5", "6:6"], "lowest_double", "1:1"),
])
def test_opener(dead, opener, tile):
    deal = deal_without(dead)
    lead = holder(deal, tile)
    assert ok(blitz([(lead, tile)], deal=deal, opener=opener))["hands"][0]["end"] is None
    other = next(p for p in P5 if p != lead)
    refused(blitz([(other, deal[other].split()[0])], deal=deal, opener=opener), "lead.wrong_player", 1)
    wrong = next(t for t in deal[lead].split() if t != tile)
    refused(blitz([(lead, wrong)], deal=deal, opener=opener), "lead.wrong_tile", 1, wrong)


@pytest.mark.parametrize("players", [4, 7])
def test_unknown_deal_with_every_tile_dealt_must_lead_0_0(players):
    # 4 players x 7 and 7 players x 4 deal all 28: 0:0 is in a hand and must lead
    names = [f"P{i}" for i in range(1, players + 1)]
    refused(record("blitz", names, [hand(None, turns(("P2", "3:4")))]), "lead.wrong_tile", 1)
    ok(record("blitz", names, [hand(None, turns(("P2", "0:0")))]))


def test_four_players_have_nothing_to_draw():
    names = ["P1", "P2", "P3", "P4"]
    rec = record("blitz", names, [hand(None, turns(("P2", "0:0"), ("P3", "draw")))], bazaar="draw")
    refused(rec, "draw.empty", 2)


def test_player_counts():
    assert bad_record(record("blitz", ["A", "B", "C"], []))["error"]["rule"] == "record.player_count"
    assert bad_record(record("blitz", [f"P{i}" for i in range(9)], []))["error"]["rule"] == "record.player_count"
    assert bad_record(record("blitz", P5, [], bazaar="sometimes"))["error"]["rule"] == "record.option_value"
    assert bad_record(record("blitz", P5, [], draw="none"))["error"]["rule"] == "record.option_key"


def test_deal_size_by_players():
    bad = dict(DEAL5, P1=DEAL5["P1"] + " 1:1")
    assert bad_record(record("blitz", P5, [hand(bad)]))["error"]["rule"] == "record.deal"
    code, _ = run(record("blitz", P8, [hand(DEAL8)]))
    assert code == 0


def test_unknown_deal_full_round_of_passes_is_a_block():
    t = [("P3", "0:0"), ("P4", "pass"), ("P5", "pass"), ("P1", "pass"), ("P2", "pass")]
    rec = record("blitz", P5, [hand(None, turns(*t))])
    assert ok(rec)["hands"][0]["end"] is None
    t.append(("P3", "pass"))
    rec = record("blitz", P5, [hand(None, turns(*t))])
    refused(rec, "left.missing")            # a block with an unknown deal needs what is left


def test_unknown_deal_left_cannot_hold_a_tile_on_the_table():
    t = [("P3", "0:0"), ("P4", "pass"), ("P5", "pass"), ("P1", "pass"), ("P2", "pass"), ("P3", "pass")]
    left = {"P1": 20, "P2": 21, "P3": 10, "P4": 30, "P5": ["0:0"]}
    refused(record("blitz", P5, [hand(None, turns(*t), left=left)]), "left.impossible")
    left["P5"] = ["1:1"]
    refused(record("blitz", P5, [hand(None, turns(*t), left=left)]), "left.impossible")   # he holds 5
    left["P5"] = ["1:1", "0:1", "0:2", "1:2", "0:3"]
    left["P3"] = 40
    h = ok(record("blitz", P5, [hand(None, turns(*t), left=left)]))["hands"][0]
    # P5 2 + 1 + 2 + 3 + 3 = 11 fewest: 20 + 21 + 40 + 30 - 11 = 100
    assert (h["end"], h["winner"], h["points"]["P5"], h["left"]["P5"]) == ("block", "P5", 100, 11)
