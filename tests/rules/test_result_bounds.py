"""What a player's pips can be in a hand entered by its result (``record.result_bounds``): the
count the check of that result takes at the bound, and refuses one above it."""

from __future__ import annotations

import pytest

from referee import record

PLAYERS = ["A", "B", "C", "D", "E"]


def rec(variant: str, n: int, options: dict, result: dict | None = None) -> dict:
    return {"format": record.FORMAT, "variant": variant, "players": PLAYERS[:n], "options": options,
            "hands": [{"result": result or {"out": None, "left": {}}}]}


@pytest.mark.parametrize("variant,n,options", [
    ("traditional", 4, {}), ("traditional", 2, {}), ("blitz", 5, {}), ("matador", 3, {}),
    ("traditional", 4, {"teams": "pairs", "scoring": "kozel", "kozel_min": 13, "eggs": "yes"}),
    ("muggins", 2, {}), ("two_lane", 2, {}),
])
def test_the_bound_is_the_checks_own(variant, n, options):
    bounds = record.result_bounds(rec(variant, n, options), 1)
    assert set(bounds) == set(PLAYERS[:n])
    b = bounds["B"]
    assert b["one"] is None and b["tiles"] >= 1 and b["most"] > 0
    at = record.replay(rec(variant, n, options, {"out": "A", "left": {p: (b["most"] if p == "B" else 0)
                                                                       for p in PLAYERS[1:n]}}))
    assert not (at.error and at.error.get("rule") == "left.impossible"), at.error
    over = record.replay(rec(variant, n, options, {"out": "A", "left": {p: (b["most"] + 1 if p == "B" else 0)
                                                                         for p in PLAYERS[1:n]}}))
    assert over.error is not None and over.error["rule"] == "left.impossible", over.error


def test_traditional_four_hold_seven_tiles_at_most_69_pips():
    b = record.result_bounds(rec("traditional", 4, {}), 1)["C"]
    assert (b["most"], b["tiles"], b["step"]) == (69, 7, None)


def test_a_game_whose_points_in_play_are_fives_says_the_step():
    assert record.result_bounds(rec("muggins", 2, {}), 1)["A"]["step"] == 5
