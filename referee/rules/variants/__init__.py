"""The registry of variants: one class per variant, found by name."""

from __future__ import annotations

from typing import Mapping

from ..catalogue import VARIANT_NAMES, resolve_options
from .base import HandScore, Variant
from .equal import (Bergen, Blitz, Fives, LuckyThrees, Muggins, Sevastopol, Spider, Threes,
                    Traditional, TwoLane)

REGISTRY: dict[str, type[Variant]] = {}


def register(cls: type[Variant]) -> type[Variant]:
    REGISTRY[cls.name] = cls
    return cls


for _cls in (Traditional, Blitz, Sevastopol, Spider, Muggins, Bergen, Fives, Threes, LuckyThrees, TwoLane):
    register(_cls)

try:  # the other seven (matador family, blind variants, sausage, ladder)
    from . import more  # noqa: F401
except ImportError:  # pragma: no cover - while they are being written
    pass


def make_variant(name: str, players: int, options: Mapping[str, object] | None = None) -> Variant:
    """The variant ``name`` for ``players`` seats with its options checked and defaulted."""
    opts = resolve_options(name, players, options)
    try:
        cls = REGISTRY[name]
    except KeyError:
        from ..catalogue import OptionError

        raise OptionError("record.variant", {"variant": name}) from None
    return cls(opts, players)


__all__ = ["REGISTRY", "register", "make_variant", "Variant", "HandScore", "VARIANT_NAMES"]
