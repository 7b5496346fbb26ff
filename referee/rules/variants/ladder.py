"""Ladder (provisional: its source text is cut off)."""

from __future__ import annotations

from typing import NamedTuple

from .base import Variant
from .registry import register


@register
class Ladder(Variant):
    name = "ladder"
    layout_kind = "ladder"
    doubles = "along"
    draw_rule = "one"
    starter_from_bazaar = True
    rule_topics = frozenset({"drawing", "one_tile", "ladder"})

    class Options(NamedTuple):
        lone_blank: int
        target: int

    o: Options
