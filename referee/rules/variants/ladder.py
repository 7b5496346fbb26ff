"""Ladder (provisional: its source text is cut off)."""

from __future__ import annotations

from typing import NamedTuple

from .base import Variant
from .registry import register


class LadderOptions(NamedTuple):
    """The house options of Ladder (typed, by name)."""
    lone_blank: int
    target: int


class Ladder(Variant[LadderOptions]):
    name = "ladder"
    layout_kind = "ladder"
    doubles = "along"
    draw_rule = "one"
    starter_from_bazaar = True
    rule_topics = frozenset({"drawing", "one_tile", "ladder"})

    Options = LadderOptions

# registered after the class bodies, not by a decorator: mypyc compiles no decorated
# subclass of a compiled class
register(Ladder)
