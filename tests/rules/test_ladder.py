"""Ladder: the brief's provisional rules, hands checked by hand.

A starter from the bazaar (`starter`); the first tile laid against it fixes the one direction;
equal matching, doubles in line; one compulsory draw; first out wins; block: fewest pips.
"""

import json

from referee.cli import main
from referee.rules import new_hand, parse_tile

from .seven import T, deal, hand, live, ok, one, record, refused, run

AB = ["A", "B"]
D1 = deal(A="3:5 1:5 1:1 0:6 2:2", B="5:5 0:2 4:6 3:6 2:4")
H1 = [
    T("A", "3:5"),                 # on the starter's 3: the 4 is closed for good; end 5
    T("B", "5:5"),                 # doubles in line: 5
    T("A", "1:5"),                 # 1
    T("B", "draw 2:6", "pass"),    # nothing fits: one draw, it does not fit, pass
    T("A", "1:1"),                 # 1
    T("B", "draw 1:6", "1:6"),     # the drawn tile fits: laid at once; 6
    T("A", "0:6"),                 # 0
    T("B", "0:2"),                 # 2
    T("A", "2:2"),                 # A is out
]


def rec1(turns=H1, **extra):
    return record("ladder", AB, [hand(D1, turns, starter="3:4", lead="A", **extra)])


def test_first_out_wins_traditional_credit():
    out = ok(rec1())
    h = out["hands"][0]
    assert (h["end"], h["winner"]) == ("out", "A")
    # B keeps 4:6 3:6 2:4 2:6 = 10 + 9 + 6 + 8
    assert h["left"] == {"A": 0, "B": 33}
    assert h["points"] == {"A": 33, "B": 0}


def test_the_first_tile_fixes_the_direction_one_open_end():
    h = live("ladder", AB, {}, D1, H1[:1], starter="3:4", lead="A")
    assert [e.values for e in h.layout.ends] == [(5,)]
    # B's 4:6 would have fitted the starter's 4 before A's tile; now it is closed
    assert h.places_for(parse_tile("4:6")) == []
    refused(rec1(H1[:1] + [T("B", "4:6")]), "play.no_fit", turn=2)
    # before the first tile both halves of the starter are open
    h0 = new_hand("ladder", AB, {}, deal=D1, starter="3:4", lead="A")
    assert sorted(e.values for e in h0.layout.ends) == [(3,), (4,)]


def test_draw_one_compulsory():
    refused(rec1(H1[:3] + [T("B", "pass")]), "pass.must_draw", turn=4)
    refused(rec1(H1[:3] + [T("B", "draw 2:6", "draw 1:6")]), "draw.one_per_turn", turn=4)
    refused(rec1(H1[:5] + [T("B", "draw 1:6", "pass")]), "pass.must_play", turn=6)
    refused(rec1(H1[:2] + [T("A", "draw 2:6")]), "draw.must_play", turn=3)


def test_the_starter_is_not_in_the_bazaar_and_not_dealt():
    refused(rec1(H1[:3] + [T("B", "draw 3:4")]), "draw.not_in_bazaar", turn=4)
    bad = record("ladder", AB, [hand(deal(A="3:4 1:5 1:1 0:6 2:2", B="5:5 0:2 4:6 3:6 2:4"), [],
                                     starter="3:4")])
    assert run(bad)[0] == 2
    h = new_hand("ladder", AB, {}, deal=D1, starter="3:4", lead="A")
    assert h.bazaar_count == 28 - 10 - 1


def test_starter_is_required_with_turns():
    rec = record("ladder", AB, [hand(D1, H1, lead="A")])
    code, out = run(rec)
    assert code == 2 and out["error"]["rule"] == "record.field"


def test_new_lot_each_hand_any_player_may_lead():
    # hand 2 after A's win: B may start (a new lot)
    rec = record("ladder", AB, [hand(D1, H1, starter="3:4", lead="A"),
                                hand(None, [T("B", "4:6")], starter="4:4")])
    out = ok(rec)
    assert out["hands"][1]["end"] is None


# -- a block at a real table: every 6 on the table and the one end showing 6 ---------------------
H3 = [T("A", "6:0"), T("B", "0:1"), T("C", "1:6"), T("A", "6:2"), T("B", "2:3"), T("C", "3:6"),
      T("A", "6:4"), T("B", "4:5"), T("C", "5:6")]


def test_block_fewest_pips_wins_the_difference():
    left = {"A": ["1:1", "2:2"], "B": ["0:0", "1:2"], "C": ["3:3", "4:4"]}
    h = one(record("ladder", list("ABC"), [hand(None, H3, starter="6:6", lead="A", left=left)]))
    assert (h["end"], h["winner"]) == ("block", "B")
    assert h["left"] == {"A": 6, "B": 3, "C": 14}
    assert h["points"] == {"A": 0, "B": 6 + 14 - 3, "C": 0}


def test_block_tie_nobody_scores():
    left = {"A": 3, "B": 3, "C": 14}
    h = one(record("ladder", list("ABC"), [hand(None, H3, starter="6:6", lead="A", left=left)]))
    assert (h["end"], h["winner"], h["points"]) == ("block", None, {"A": 0, "B": 0, "C": 0})


def test_lone_double_blank_counts_24():
    d = deal(A="3:5 1:5 1:2 2:6 4:6", B="5:5 1:1 2:2 6:6 0:0")
    turns = [T("A", "3:5"), T("B", "5:5"), T("A", "1:5"), T("B", "1:1"), T("A", "1:2"), T("B", "2:2"),
             T("A", "2:6"), T("B", "6:6"), T("A", "4:6")]
    h = one(record("ladder", AB, [hand(d, turns, starter="3:4", lead="A")]))
    assert (h["end"], h["winner"], h["left"]) == ("out", "A", {"A": 0, "B": 24})
    assert h["points"] == {"A": 24, "B": 0}
    h = one(record("ladder", AB, [hand(d, turns, starter="3:4", lead="A")], lone_blank=10))
    assert h["points"] == {"A": 10, "B": 0}


def test_deal_five_each():
    for n in (2, 3, 4):
        assert new_hand("ladder", [f"P{i}" for i in range(n)]).size == 5


def test_check_text_says_the_rules_are_provisional(tmp_path, capsys):
    path = tmp_path / "ladder.json"
    path.write_text(json.dumps(rec1()), encoding="utf-8")
    assert main(["check", str(path), "--lang", "en"]) == 0
    text = capsys.readouterr().out
    assert "provisional" in text
    assert main(["check", str(path), "--lang", "ru"]) == 0
    assert "предварительные" in capsys.readouterr().out
    # not for the other variants
    other = tmp_path / "m.json"
    other.write_text(json.dumps(record("matador", AB, [])), encoding="utf-8")
    assert main(["check", str(other), "--lang", "en"]) == 0
    assert "provisional" not in capsys.readouterr().out
