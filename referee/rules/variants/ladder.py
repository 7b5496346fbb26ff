"""Ladder (provisional: its source text is cut off)."""

from __future__ import annotations

from .base import Variant
from .registry import register


@register
class Ladder(Variant):
    name = "ladder"
    layout_kind = "ladder"
    doubles = "along"
    draw_rule = "one"
