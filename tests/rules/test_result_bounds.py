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


def test_who_leads_the_next_hand_before_its_deal():
    """The start of a hand says who leads it: the holder of the opening tile at first, then (the
    winner leads the next hand) the last hand's winner; the «Козёл» opens with 1:1."""
    first = rec("traditional", 4, {}, {"out": "B", "left": {"A": 5, "C": 3, "D": 4}})
    first["hands"].append({"result": {"out": None, "left": {}}})
    assert record.next_lead(first, 1) == {"tile": "6:6"}
    assert record.next_lead(first, 2) == {"seat": 1}
    kozel = rec("traditional", 4, {"teams": "pairs", "scoring": "kozel", "opener": "kozel"})
    assert record.next_lead(kozel, 1) == {"tile": "1:1"}


def _hands(record_: dict, *results: dict) -> dict:
    record_["hands"] = [{"result": r} for r in results] + [{"result": {"out": None, "left": {}}}]
    return record_


def test_who_shuffles_goes_round_the_table_clockwise():
    """Where the variant names no shuffler the seats take turns, clockwise from the first listed,
    whoever won (a blocked hand too)."""
    r = _hands(rec("traditional", 3, {}), {"out": "C", "left": {"A": 5, "B": 3}},
               {"out": None, "left": {"A": 5, "B": 3, "C": 4}}, {"out": "A", "left": {"B": 2, "C": 9}})
    assert [record.next_shuffler(r, k) for k in (1, 2, 3, 4)] == [
        {"seat": 0, "why": "first"}, {"seat": 1, "why": "turn"}, {"seat": 2, "why": "turn"},
        {"seat": 0, "why": "turn"}]


def test_in_the_kozel_the_loser_shuffles():
    """The «Козёл»: the side that lost shuffles, its player left with the most pips (a tie: the
    first after the winner clockwise); after an equal block (the eggs) the same player again."""
    pairs = {"teams": "pairs", "scoring": "kozel", "kozel_min": 13, "eggs": "yes", "opener": "kozel"}
    r = _hands(rec("traditional", 4, pairs),
               {"out": "A", "left": {"B": 5, "C": 2, "D": 20}},     # A and C won: D holds more than B
               {"out": None, "left": {"A": 5, "B": 4, "C": 5, "D": 6}},   # 10 against 10: the eggs
               {"out": "B", "left": {"A": 7, "C": 7, "D": 0}})      # a tie: C comes first after B
    assert record.replay(r).error["hand"] == 4      # only the hand not yet played is incomplete
    assert [record.next_shuffler(r, k) for k in (1, 2, 3, 4)] == [
        {"seat": 0, "why": "first"}, {"seat": 3, "why": "lost"}, {"seat": 3, "why": "again"},
        {"seat": 2, "why": "lost"}]
    # without pairs: the loser with the most pips, the others' partners play for themselves
    alone = _hands(rec("traditional", 3, {"scoring": "kozel"}), {"out": "B", "left": {"A": 9, "C": 30}})
    assert record.next_shuffler(alone, 2) == {"seat": 2, "why": "lost"}
    # the report the caller has gives the same answer as the replay
    assert record.next_shuffler(r, 4, report=record.replay(r).to_json()) == {"seat": 2, "why": "lost"}
