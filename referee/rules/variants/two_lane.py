"""Two-lane: doubles along the line, one draw, ten points against each pass."""

from __future__ import annotations

from typing import NamedTuple

from ..hand import Hand
from .base import HandScore, Variant
from .registry import register


class TwoLaneOptions(NamedTuple):
    """The house options of TwoLane (typed, by name)."""
    limit: int


class TwoLane(Variant[TwoLaneOptions]):
    name = "two_lane"
    rule_topics = frozenset({"drawing", "one_tile"})
    in_play_step = 10               # ten against each pass

    Options = TwoLaneOptions
    in_play = "points"
    doubles = "along"
    draw_rule = "one"
    traditional_pips = False
    #: the two open ends drawn as two lanes side by side
    drawn_as = "lanes"

    def on_pass(self, h: Hand, seat: int) -> None:
        h.scores[seat] += 10

    def needs_left(self, h: Hand) -> bool:
        return False

    def score(self, h: Hand) -> HandScore:
        left = self.left_pips(h)
        points = list(h.scores)
        w = None
        if h.end == "out":
            w = h.winner
        elif h.end == "block":
            w = self.fewest(points)
        return HandScore(points, w, left)


# registered after the class bodies, not by a decorator: mypyc compiles no decorated
# subclass of a compiled class
register(TwoLane)
