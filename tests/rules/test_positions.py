"""referee.record.positions: a hand position by position, through the replay's own loop."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee import record as rec
from referee.record import Stopped, check, positions, replay

from .recs import hand, record, turns

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "tests" / "data" / "examples").glob("*.json"))
AB = ["Ann", "Bob"]
DEAL = {"Ann": "6:6 6:5 5:5 5:4 4:4 4:3 3:3", "Bob": "6:0 0:1 1:1 1:2 2:2 2:6 0:0"}


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_move_of_every_example_is_a_position_ending_where_the_replay_ends(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    tokens = [(ti, t["player"], m) for ti, t in enumerate(data["hands"][0]["turns"], 1) for m in t["moves"]]
    seen = [(p.index, p.turn, p.player, p.move) for p in positions(data, 1)]
    assert seen == [(0, 0, None, None)] + [(k, *tok) for k, tok in enumerate(tokens, 1)]
    *_, last = positions(data, 1)
    end = replay(data).hands[0].hand
    assert last.hand.layout_view() == end.layout_view() and last.hand.history == end.history
    assert last.hand.over == end.over


def test_a_refused_move_stops_the_positions_where_check_reports_it():
    data = record("traditional", AB, [hand(DEAL, turns(("Ann", "6:6"), ("Bob", "6:0"), ("Ann", "1:1")))])
    got = []
    with pytest.raises(Stopped) as stop:
        for p in positions(data, 1):
            got.append(p.index)
    assert got == [0, 1, 2]
    err = check(data, "en")[1]["error"]
    assert (stop.value.hand, stop.value.turn, stop.value.move, stop.value.err.rule) == (
        err["hand"], err["turn"], err["move"], err["rule"])


def test_the_hands_before_give_the_leader():
    # hand 1: Bob goes out by result; under later_lead=winner Bob leads hand 2 with any tile
    data = record("traditional", AB, [{"result": {"out": "Bob", "left": {"Ann": 10}}},
                                      hand(None, turns(("Bob", "2:3")))])
    steps = positions(data, 2)
    first = next(steps)
    assert first.index == 0 and first.hand.to_move == 1          # Bob, the winner, leads
    second = next(steps)
    assert second.move == "2:3" and second.hand is first.hand     # one hand, played on
    assert second.hand.to_move == 0
    # the same from the report the caller already has
    assert [p.index for p in positions(data, 2, report=replay(data).to_json())] == [0, 1]
    with pytest.raises(IndexError):
        list(positions(data, 3))


def test_the_last_turn_is_left_open_when_asked():
    # blitz, 4 x 7: C leads 0:0 (the lowest double), chains 0:6 and may go on laying in that turn
    deal = {"A": "6:6 6:5 5:5 0:1 0:2 0:3 0:4", "B": "1:1 1:2 1:3 1:4 1:5 1:6 0:5",
            "C": "2:2 2:3 2:4 2:5 2:6 0:6 0:0", "D": "3:3 3:4 3:5 3:6 4:4 4:5 4:6"}
    data = record("blitz", ["A", "B", "C", "D"], [hand(deal, turns(("C", "0:0", "0:6")))])
    *_, closed = positions(data, 1)
    assert closed.hand.to_move == 3
    *_, kept = positions(data, 1, open_last=True)
    assert kept.hand.to_move == 2 and kept.hand.turn_open
    live = replay(data, open_last=True).live
    assert live.to_move == 2 and live.layout_view() == kept.hand.layout_view()
    assert replay(data).live.to_move == 3


@pytest.mark.parametrize("module", ["referee/pdf.py", "referee/web/dispute.py", "referee/web/sheets.py"])
def test_the_sheets_and_the_dispute_tool_have_no_replay_loop_of_their_own(module):
    text = (ROOT / module).read_text(encoding="utf-8")
    assert ".play(" not in text and "end_turn()" not in text and "new_hand(" not in text
    assert "positions" in text or module.endswith("sheets.py")
    assert rec.positions.__module__ == "referee.record"


def test_one_variant_object_per_record_and_each_token_parsed_once(monkeypatch):
    import referee.rules.notation as notation

    made, parsed = [], []
    real_make, real_parse = rec.make_variant, notation._parse_move
    monkeypatch.setattr(rec, "make_variant", lambda *a, **k: made.append(a) or real_make(*a, **k))
    monkeypatch.setattr(notation, "_parse_move", lambda t: parsed.append(t) or real_parse(t))
    notation._PARSED.clear()
    data = json.loads((ROOT / "tests" / "data" / "examples" / "traditional.json").read_text(encoding="utf-8"))
    data["options"] = dict(data.get("options") or {}, later_lead="same_rule", target=100000)
    data["hands"] = data["hands"] * 3
    code, out, _ = check(data)
    assert code == 0 and len(out["hands"]) == 3
    assert len(made) == 1                                 # read() makes it; every hand reuses it
    tokens = {m for t in data["hands"][0]["turns"] for m in t["moves"]}
    assert sorted(parsed) == sorted(tokens)               # each distinct token read once
