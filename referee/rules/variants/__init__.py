"""The registry of variants: one class per variant, found by name.

Each family's module registers its variants with ``@register`` (see ``registry.py``); importing
this package imports every family, in the catalogue's order.
"""

from __future__ import annotations

from typing import Mapping

from ..catalogue import VARIANT_NAMES, resolve_options
# the families; the registry keeps the order they are imported in
from . import lines  # noqa: F401
from . import spinners  # noqa: F401
from . import counting  # noqa: F401
from . import two_lane  # noqa: F401
from . import matador  # noqa: F401
from . import blind  # noqa: F401
from . import sausage  # noqa: F401
from . import ladder  # noqa: F401
from .base import HandScore, Variant
from .registry import REGISTRY, register


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
