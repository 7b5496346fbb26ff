"""Sevastopol (variant 5) and spider (variant 6), hands checked by hand from the rules brief."""

import pytest

from .recs import bad_record, hand, ok, record, refused, turns

P4 = ["P1", "P2", "P3", "P4"]

# -- Sevastopol ---------------------------------------------------------------------------------------------
SEV = {"P1": "0:2 1:5 1:6 2:5 2:6 4:5 4:6", "P2": "0:0 0:4 1:3 1:4 3:5 5:5 5:6",
       "P3": "0:1 0:5 2:2 2:3 3:3 3:4 4:4", "P4": "0:3 0:6 1:1 1:2 2:4 3:6 6:6"}
SEV_BLOCK = [
    ("P4", "6:6"),
    ("P1", "6:2"),            # the free arms are one place: no target needed
    ("P2", "6:5"),
    ("P3", "pass"),           # no six: he passes although 2:2, 2:3, 0:5 fit started arms
    ("P4", "6:0"),
    ("P1", "6:1"),            # all four arms started: 2, 5, 0, 1
    ("P2", "0:0"),
    ("P3", "0:1>0:0"),
    ("P4", "2:1>6:2"),
    ("P1", "5:1>6:5"),
    ("P2", "1:4>2:1"),
    ("P3", "4:3>1:4"),
    ("P4", "1:1>5:1"),
    ("P1", "pass"),
    ("P2", "3:1>4:3"),        # four ends showing 1 and all seven 1s laid: block
]


def sev(turn_list, deal=SEV, **options):
    return record("sevastopol", P4, [hand(deal, turns(*turn_list))], **options)


def test_sevastopol_block():
    h = ok(sev(SEV_BLOCK))["hands"][0]
    # P1 0:2 2:5 4:5 4:6 = 28; P2 0:4 3:5 5:5 = 22; P3 0:5 2:2 2:3 3:3 4:4 = 28; P4 0:3 2:4 3:6 = 18
    assert h["end"] == "block" and h["winner"] == "P4"
    assert h["left"] == {"P1": 28, "P2": 22, "P3": 28, "P4": 18}
    assert h["points"] == {"P1": 0, "P2": 0, "P3": 0, "P4": 28 + 22 + 28 - 18}


def test_sevastopol_open_arms_first():
    # with yes (the default) a started arm is closed to P3 until all four are started
    refused(sev(SEV_BLOCK[:3] + [("P3", "2:2")]), "sevastopol.arms_first", 4, "2:2")
    # with no he must play
    refused(sev(SEV_BLOCK[:4], open_arms_first="no"), "pass.must_play", 4)
    ok(sev(SEV_BLOCK[:3] + [("P3", "2:2")], open_arms_first="no"))


def test_sevastopol_refusals():
    refused(sev([("P1", "6:2")]), "lead.wrong_player", 1)
    refused(record("sevastopol", P4, [hand(None, turns(("P4", "6:6"), ("P1", "draw")))]), "draw.no_bazaar", 2)
    refused(record("sevastopol", P4, [hand(None, turns(("P4", "5:5")))]), "lead.wrong_tile", 1)
    refused(sev([("P4", "6:6"), ("P1", "4:5")]), "play.no_fit", 2)
    refused(sev(SEV_BLOCK + [("P3", "pass")]), "hand.over", 16)
    # P2's 1:4 fits four ends showing 1: ambiguous, listing the places
    out = refused(sev(SEV_BLOCK[:10] + [("P2", "1:4")]), "play.ambiguous", 11, "1:4")
    for anchor in ("2:1", "5:1", "0:1", "6:1"):
        assert f">{anchor}" in out["error"]["message"]


SEV_OUT_DEAL = {"P1": "0:0 0:1 0:6 1:6 2:2 4:5 6:6", "P2": "0:2 0:3 0:4 0:5 1:3 1:4 4:4",
                "P3": "1:5 2:3 2:6 3:3 3:4 3:6 5:5", "P4": "1:1 1:2 2:4 2:5 3:5 4:6 5:6"}
SEV_OUT = [("P1", "6:6"), ("P2", "pass"), ("P3", "6:2"), ("P4", "2:5"), ("P1", "5:4"), ("P2", "4:0"),
           ("P3", "6:3"), ("P4", "6:5"), ("P1", "0:0"), ("P2", "0:2"), ("P3", "3:4>6:3"), ("P4", "6:4>6:6"),
           ("P1", "2:2"), ("P2", "4:1>6:4"), ("P3", "1:5>4:1"), ("P4", "2:1>2:2"), ("P1", "1:0>2:1"),
           ("P2", "5:0>6:5"), ("P3", "5:5>1:5"), ("P4", "4:2>3:4"), ("P1", "0:6>1:0"), ("P2", "0:3>5:0"),
           ("P3", "3:3>0:3"), ("P4", "3:5>3:3"), ("P1", "6:1>0:6")]


def test_sevastopol_out_lone_counts():
    h = ok(sev(SEV_OUT, deal=SEV_OUT_DEAL, open_arms_first="no"))["hands"][0]
    # P2 1:3 4:4 = 12, P3 2:3 = 5, P4 1:1 = 2
    assert (h["end"], h["winner"]) == ("out", "P1")
    assert h["points"] == {"P1": 19, "P2": 0, "P3": 0, "P4": 0}
    assert h["left"] == {"P1": 0, "P2": 12, "P3": 5, "P4": 2}


def test_sevastopol_is_for_four():
    assert bad_record(record("sevastopol", ["A", "B", "C"], []))["error"]["rule"] == "record.player_count"


# -- spider ----------------------------------------------------------------------------------------------
AB = ["P1", "P2"]
SPI2 = {"P1": "0:1 0:2 0:4 0:5 1:5 2:3 4:4", "P2": "0:0 1:1 1:2 1:6 3:3 3:4 4:6"}
SPI2_OUT = [
    ("P2", "1:1"),
    ("P1", "1:5"),
    ("P2", "1:2"),
    ("P1", "2:0"),
    ("P2", "1:6"),
    ("P1", "5:0>1:5"),
    ("P2", "0:0>5:0 down"),   # closes the 5:0 leg (0:0 matches its 0)
    ("P1", "1:0>1:1"),        # the last free leg
    ("P2", "6:4"),
    ("P1", "4:4"),
    ("P2", "4:3"),
    ("P1", "0:4>1:0"),
    ("P2", "3:3 down"),       # closes the 4:3 leg: P2 is out
]


def spider(turn_list, deal=SPI2, players=AB, **extra):
    options = {k: v for k, v in extra.items() if k in ("open_arms_first", "close_with", "lone_blank", "target")}
    fields = {k: v for k, v in extra.items() if k not in options}
    return record("spider", players, [hand(deal, turns(*turn_list), **fields)], **options)


def test_spider_out_by_closing_a_leg():
    h = ok(spider(SPI2_OUT, removed="3:5"))["hands"][0]
    # the face-down doubles count nowhere; P1 keeps 2:3 = 5
    assert (h["end"], h["winner"], h["points"]) == ("out", "P2", {"P1": 0, "P2": 5})
    h = ok(spider(SPI2_OUT))["hands"][0]        # without naming the removed tile
    assert h["points"] == {"P1": 0, "P2": 5}


def test_spider_closing_rules():
    # a closed leg has no open end
    refused(spider(SPI2_OUT[:7] + [("P1", "0:4>5:0")], removed="3:5"), "play.wrong_end", 8)
    # matching_double: 3:3 cannot close the 6 leg; any_double lets it
    t = SPI2_OUT[:5] + [("P1", "5:0>1:5"), ("P2", "3:3>1:6 down")]
    refused(spider(t, removed="3:5"), "play.no_fit", 7)      # 3:3 has no place at all
    h = ok(spider(t, removed="3:5", close_with="any_double"))["hands"][0]
    assert h["end"] is None
    # a non-double cannot go down
    refused(spider(SPI2_OUT[:6] + [("P2", "4:6>1:6 down")], removed="3:5"), "spider.close", 7)
    # 0:0 fits the 0 ends two ways at 5:0: laid crosswise, or down; both legal
    ok(spider(SPI2_OUT[:6] + [("P2", "0:0>5:0")], removed="3:5"))


def test_spider_open_arms_first_no_closing_until_four_legs():
    t = SPI2_OUT[:2] + [("P2", "3:3>1:5 down")]
    refused(spider(t, open_arms_first="yes", close_with="any_double"), "spider.arms_first", 3)
    # matching_double: 3:3 could close no leg (ends 5, 1, 1, 1) anyway
    refused(spider(t, open_arms_first="yes"), "play.no_fit", 3)
    ok(spider(t, close_with="any_double"))
    refused(spider(SPI2_OUT[:3] + [("P1", "2:0")], open_arms_first="yes"), "spider.arms_first", 4)


def test_spider_removed_tile():
    # 3:5 is out of play: it cannot be drawn, nor named in the deal
    rec = record("spider", AB, [hand(None, turns(("P1", "1:1"), ("P2", "draw 3:5")), removed="3:5")])
    refused(rec, "draw.not_in_bazaar", 2)
    deal = dict(SPI2, P1="0:1 0:2 0:4 0:5 1:5 2:3 3:5")
    assert bad_record(spider(SPI2_OUT[:1], deal=deal, removed="3:5"))["error"]["rule"] == "record.deal"


def test_spider_unknown_deal_only_13_tiles_can_be_drawn():
    t = [("P1", "1:1"), ("P2", *(["draw"] * 13), "1:6"), ("P1", "draw")]
    refused(record("spider", AB, [hand(None, turns(*t))]), "draw.empty", 3)
    ok(record("spider", AB, [hand(None, turns(*t[:2]))]))


SPI4 = {"P1": "0:0 0:1 0:2 1:3 1:5 3:3 4:4", "P2": "0:4 1:1 1:4 2:3 2:5 4:5 5:5",
        "P3": "0:3 0:5 1:2 2:2 2:4 3:4 4:6", "P4": "0:6 1:6 2:6 3:5 3:6 5:6 6:6"}
SPI4_BLOCK = [("P2", "1:1"), ("P3", "1:2"), ("P4", "2:6"), ("P1", "1:5"), ("P2", "5:5 down"), ("P3", "6:4"),
              ("P4", "1:6"), ("P1", "4:4 down"), ("P2", "1:4"), ("P3", "4:3"), ("P4", "6:6 down"),
              ("P1", "3:3 down")]


def test_spider_four_legs_closed_is_a_block():
    h = ok(spider(SPI4_BLOCK, deal=SPI4, players=P4))["hands"][0]
    # P1 0:0 0:1 0:2 1:3 = 7 (0:0 among others: 0); P2 25; P3 18; P4 34 -> P1 77 - 7 = 70
    assert (h["end"], h["winner"]) == ("block", "P1")
    assert h["left"] == {"P1": 7, "P2": 25, "P3": 18, "P4": 34}
    assert h["points"] == {"P1": 70, "P2": 0, "P3": 0, "P4": 0}


def test_spider_closing_is_a_play_for_must_play():
    # P1 holds 4:4 against the 6:4 leg: he may not pass
    refused(spider(SPI4_BLOCK[:7] + [("P1", "pass")], deal=SPI4, players=P4), "pass.must_play", 8)


@pytest.mark.parametrize("deal, leader, tile", [
    ({"P1": "0:1 0:2 0:3 0:4 0:5 0:6 2:2", "P2": "1:2 1:3 1:4 1:5 1:6 3:3 2:3"}, "P1", "2:2"),   # no 1:1
    ({"P1": "0:1 0:2 0:3 0:4 0:5 0:6 0:0", "P2": "1:2 1:3 1:4 1:5 1:6 6:6 2:3"}, "P2", "6:6"),   # 6:6 before 0:0
    ({"P1": "0:1 0:2 0:3 0:4 0:5 0:6 0:0", "P2": "1:2 1:3 1:4 1:5 1:6 2:4 2:3"}, "P1", "0:0"),
])
def test_spider_opener(deal, leader, tile):
    ok(spider([(leader, tile)], deal=deal))
    other = "P2" if leader == "P1" else "P1"
    refused(spider([(other, deal[other].split()[-1])], deal=deal), "lead.wrong_player", 1)


def test_spider_redeal_when_no_double_dealt():
    deal = {"P1": "0:1 0:2 0:3 0:4 0:5 0:6 2:4", "P2": "1:2 1:3 1:4 1:5 1:6 2:3 2:5"}
    h = ok(record("spider", AB, [hand(deal)]))["hands"][0]
    assert (h["end"], h["points"]) == ("redeal", {"P1": 0, "P2": 0})
    refused(spider([("P1", "0:1")], deal=deal), "hand.no_double")


def test_spider_lead_must_be_a_double_with_an_unknown_deal():
    refused(record("spider", AB, [hand(None, turns(("P1", "1:2")))]), "lead.double", 1)


def test_spider_four_players_unknown_deal_must_lead_1_1():
    refused(record("spider", P4, [hand(None, turns(("P2", "2:2")))]), "lead.wrong_tile", 1)
    ok(record("spider", P4, [hand(None, turns(("P2", "1:1")))]))


def test_spider_three_players_six_drawable():
    t = [("P1", "1:1"), ("P2", *(["draw"] * 6), "1:6"), ("P3", "draw")]
    refused(record("spider", ["P1", "P2", "P3"], [hand(None, turns(*t))]), "draw.empty", 3)


def test_removed_belongs_to_spider_with_a_bazaar_only():
    rec = record("spider", P4, [hand(None, turns(("P1", "1:1")), removed="3:5")])
    assert bad_record(rec)["error"]["rule"] == "record.field"        # 4 players: nothing undealt
    rec = record("traditional", AB, [hand(None, turns(("P1", "6:6")), removed="3:5")])
    assert bad_record(rec)["error"]["rule"] == "record.field"
    rec = record("sevastopol", P4, [hand(None, turns(("P1", "6:6")), starter="3:5")])
    assert bad_record(rec)["error"]["rule"] == "record.field"
    ok(record("spider", ["P1", "P2", "P3"], [hand(None, turns(("P1", "1:1")), removed="3:5")]))


@pytest.mark.parametrize("variant", ["sevastopol", "spider"])
def test_lone_double_blank_on_a_block_result(variant):
    left = {"P1": ["0:0"], "P2": 20, "P3": 30, "P4": 40}
    h = ok(record(variant, P4, [{"result": {"out": None, "left": left}}]))["hands"][0]
    # P1's lone 0:0 counts 24, so P2 (20) has the fewest: 24 + 30 + 40 - 20 = 74
    assert (h["winner"], h["points"]["P2"], h["left"]["P1"]) == ("P2", 74, 24)
    h = ok(record(variant, P4, [{"result": {"out": None, "left": left}}], lone_blank=10))["hands"][0]
    assert (h["winner"], h["points"]["P1"]) == ("P1", 20 + 30 + 40 - 10)
    del left["P3"]
    h = ok(record(variant, P4, [{"result": {"out": "P3", "left": left}}]))["hands"][0]
    assert (h["winner"], h["points"]["P3"]) == ("P3", 24 + 20 + 40)
