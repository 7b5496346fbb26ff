"""How the table lies (``Hand.layout_view``: shape, center, chains) and what a lay would do
(``Hand.lay_preview``: its places and its in-play points), over every variant."""

from __future__ import annotations

import random

import pytest

from referee.rules import catalogue, new_hand
from referee.rules.errors import RuleError
from referee.rules.playout import random_hand, walk
from referee.rules.tiles import parse_tile

SHAPES = {"sevastopol": {"cross"}, "spider": {"cross"}, "muggins": {"line", "cross"},
          "sausage": {"lanes"}, "two_lane": {"lanes"}, "ladder": {"one_way"}}
SIDES = {"line": ["left", "right"], "cross": ["left", "right", "up", "down"],
         "lanes": ["top", "bottom"], "one_way": ["right"]}


def hands_seen(variant: str, seed: int):
    """A random hand of ``variant`` walked to its end: the hand at every step (a live object:
    look before the walk goes on)."""
    players = catalogue.spec(variant).min_players + (seed % 2)
    players = min(players, catalogue.spec(variant).max_players)
    h = random_hand(variant, players, random.Random(seed))
    yield from walk(h, random.Random(seed + 100))
    yield h


@pytest.mark.parametrize("variant", catalogue.VARIANT_NAMES)
def test_the_chains_hold_every_tile_on_the_table_once(variant):
    for seed in (1, 2, 3):
        for h in hands_seen(variant, seed):
            v = h.layout_view()
            if v["root"] is None:
                assert v["chains"] == [] and v["center"] is None
                continue
            shape = v["shape"]
            assert shape in SHAPES.get(variant, {"line"}), (variant, shape)
            sides = [c["side"] for c in v["chains"]]
            if shape == "one_way" and len(sides) == 2:      # the ladder before its direction
                assert sides == ["left", "right"]
            else:
                assert sides == SIDES[shape], (variant, sides)
            drawn = [v["center"]["tile"]] + [p["tile"] for c in v["chains"] for p in c["pieces"]]
            laid = [v["root"]["tile"]] + [p["tile"] for arm in v["arms"].values() for p in arm]
            assert sorted(drawn) == sorted(laid), variant
            assert len(set(drawn)) == len(drawn)
            assert sum(1 for c in v["chains"] for p in c["pieces"] if p["last"]) \
                + int(v["center"]["last"]) <= 1
            targets = {e["target"] for e in v["ends"]}
            assert {c["end"]["target"] for c in v["chains"] if c["end"]} == targets, variant


@pytest.mark.parametrize("variant", ["traditional", "blitz", "sevastopol", "spider", "muggins",
                                     "fives", "sausage", "two_lane", "ladder"])
def test_each_chain_matches_halves_from_the_center_outward(variant):
    """Equal-halves variants: each piece's ``a`` is the number it touches (the center's half
    facing the chain for the first, else the piece before)."""
    for seed in (4, 5):
        for h in hands_seen(variant, seed):
            v = h.layout_view()
            if v["center"] is None:
                continue
            c0 = v["center"]
            facing = {"left": c0["a"], "right": c0["b"], "top": c0["a"], "bottom": c0["b"],
                      "up": c0["a"], "down": c0["a"]}
            for c in v["chains"]:
                prev = facing[c["side"]]
                for p in c["pieces"]:
                    if p["down"]:
                        break
                    assert p["a"] == prev, (variant, c["side"], p, prev)
                    prev = p["b"]


def test_muggins_draws_its_spinner_in_the_middle_and_the_line_through_the_first_tile():
    h = new_hand("muggins", ["A", "B"], {}, lead="A")
    for t in ["6:1", "1:1 across", "1:2>1:1", "5:1>1:1", "3:1>1:1", "6:4>6:1"]:
        h.play(t)
        h.end_turn()
    v = h.layout_view()
    assert v["shape"] == "cross" and v["center"]["tile"] == "1:1"
    chains = {c["side"]: [(p["a"], p["b"]) for p in c["pieces"]] for c in v["chains"]}
    # 1:1 went on the 1 of 6:1 (its left end): the line back runs right through 6:1 to 6:4
    assert chains == {"left": [(1, 2)], "right": [(1, 6), (6, 4)], "up": [(1, 5)], "down": [(1, 3)]}
    assert [p["last"] for p in next(c for c in v["chains"] if c["side"] == "right")["pieces"]] == [False, True]


def test_sausage_lanes_start_from_the_halves_of_the_upright_first_tile():
    h = new_hand("sausage", ["A", "B"], {}, lead="A")
    for t in ["1:1", "1:3>1:1", "1:4>1:1", "3:4 cut"]:
        h.play(t)
        h.end_turn()
    v = h.layout_view()
    assert v["shape"] == "lanes"
    assert (v["center"]["tile"], v["center"]["a"], v["center"]["b"]) == ("3:4", 3, 4)
    assert [(c["side"], c["pieces"], c["end"]["shows"]) for c in v["chains"]] == [("top", [], [3]), ("bottom", [], [4])]


def test_ladder_grows_one_way_from_the_starter():
    h = new_hand("ladder", ["A", "B"], {}, lead="A", starter="3:5")
    assert [c["side"] for c in h.layout_view()["chains"]] == ["left", "right"]
    h.play("3:1>3:5")
    h.end_turn()
    v = h.layout_view()
    assert v["shape"] == "one_way"
    assert (v["center"]["a"], v["center"]["b"]) == (5, 3)   # the 3 it grows from faces right
    assert [(c["side"], [p["tile"] for p in c["pieces"]]) for c in v["chains"]] == [("right", ["1:3"])]
    assert v["center"]["last"] is False                    # the starter was turned up, not laid


def test_spider_leg_closed_face_down_has_no_open_end():
    deal = {"A": ["1:1", "1:2", "2:2", "1:3", "1:4", "1:5", "3:3"],
            "B": ["0:1", "0:0", "4:4", "5:5", "6:6", "0:2", "0:3"]}
    options = catalogue.resolve_options("spider", 2, {"close_with": "matching_double",
                                                      "open_arms_first": "no"})
    h = new_hand("spider", ["A", "B"], options, deal=deal)
    h.play("1:1")
    h.end_turn()
    h.play("1:0>1:1")
    h.end_turn()
    h.play("1:2>1:1")
    h.end_turn()
    h.play("0:0>0:1 down")
    h.end_turn()
    v = h.layout_view()
    assert v["shape"] == "cross"
    leg = next(c for c in v["chains"] if c["pieces"] and c["pieces"][-1]["down"])
    assert leg["end"] is None and leg["pieces"][-1]["across"] is True


def test_a_preview_scores_as_the_lay_does_and_changes_nothing():
    h = new_hand("fives", ["A", "B"], {}, lead="A")
    before = h.layout_view()
    pv = h.lay_preview("6:4")
    assert pv.points == 2 and pv.targets == ()                 # a lone 6:4 counts 10
    assert h.layout_view() == before and h.scores == [0, 0] and h.history == []
    h.play("6:4")
    h.end_turn()
    assert h.scores == [2, 0]
    pv = h.lay_preview("6:1>6:4")                             # ends 1 and 4: 5
    assert pv.points == 1 and pv.targets == ("4:6@6",)
    assert h.lay_preview("4:2>6:4").points == 0               # ends 6 and 2: 8
    h.play("6:1>6:4")
    assert h.scores == [2, 1]


def test_a_preview_names_the_place_as_the_drawing_does():
    h = new_hand("muggins", ["A", "B"], {}, lead="A")
    assert h.lay_preview("5:5").points == 10
    h.play("5:5")
    h.end_turn()
    ends = {e["target"] for e in h.layout_view()["ends"]}
    for token in h.places_for(parse_tile("5:0")):
        assert set(h.lay_preview(token).targets) <= ends
    cut = new_hand("sausage", ["A", "B"], {}, lead="A")
    for t in ["1:1", "1:3>1:1", "1:4>1:1"]:
        cut.play(t)
        cut.end_turn()
    assert cut.lay_preview("3:4 cut").targets == ("1:3", "1:4")


def test_a_preview_of_a_refused_lay_or_of_no_lay_is_refused():
    h = new_hand("fives", ["A", "B"], {}, lead="A")
    h.play("6:4")
    h.end_turn()
    with pytest.raises(RuleError) as err:
        h.lay_preview("2:3>6:4")
    assert err.value.rule in ("play.no_fit", "play.wrong_end")
    with pytest.raises(ValueError):
        h.lay_preview("pass")
    assert h.history == [(0, "4:6")]


@pytest.mark.parametrize("variant,options,scores", [
    ("traditional", {}, False), ("blitz", {}, False), ("muggins", {}, True), ("fives", {}, True),
    ("threes", {}, True), ("bergen", {}, True), ("lucky_threes", {}, True),
    ("six_matador", {}, True), ("matador", {"matador_bonus": 10}, True), ("matador", {}, False),
    ("two_lane", {}, False), ("sausage", {}, False)])
def test_the_counting_games_say_their_lays_score(variant, options, scores):
    n = catalogue.spec(variant).min_players
    h = new_hand(variant, ["A", "B", "C", "D", "E"][:n], catalogue.resolve_options(variant, n, options))
    assert h.lays_score is scores
