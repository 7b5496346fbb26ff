"""The registry of variants: one class per variant, found by name.

Each family's module registers its variants with ``register`` (see ``registry.py``), called after
the class bodies: the optional compiled build (mypyc, see ``setup.py``) compiles no decorated
subclass of a compiled class, nor a class inside a class (each variant's ``Options`` stands
before it). Importing this package imports every module in it: a new variant is one new module
here (``docs/adding-a-variant.md``).
"""

from __future__ import annotations

import importlib
import os
from typing import Any, Mapping

from .. import catalogue
from ..catalogue import VARIANTS, resolve_options
from .base import HandScore, Variant
from .registry import REGISTRY, register, unregister

#: the modules that hold no variant of their own
_SHARED = {"__init__", "base", "registry", "orders", "families"}


def _import_families() -> None:
    """Import every module of this package (each registers its variants), then keep the
    registry in the catalogue's order (variants that bring their own entry last)."""
    here = os.path.dirname(__file__)
    names = sorted(f[:-3] for f in os.listdir(here) if f.endswith(".py") and f[:-3] not in _SHARED)
    for name in names:
        importlib.import_module(f"{__name__}.{name}")
    order = {name: i for i, name in enumerate(VARIANTS)}
    ordered = sorted(REGISTRY.items(), key=lambda kv: order.get(kv[0], len(order)))
    REGISTRY.clear()
    REGISTRY.update(ordered)
    missing = [name for name in VARIANTS if name not in REGISTRY]
    if missing:
        raise ImportError(f"catalogue variants with no registered class: {missing}")


_import_families()

#: the variants the project ships: every one registered once this package is imported, wherever
#: it is declared (the catalogue or a module of its own), in the registry's order
VARIANT_NAMES: tuple[str, ...] = tuple(VARIANTS)
catalogue.VARIANT_NAMES = VARIANT_NAMES


def make_variant(name: str, players: int, options: Mapping[str, object] | None = None) -> Variant[Any]:
    """The variant ``name`` for ``players`` seats with its options checked and defaulted."""
    opts = resolve_options(name, players, options)
    try:
        cls = REGISTRY[name]
    except KeyError:
        from ..catalogue import OptionError

        raise OptionError("record.variant", {"variant": name}) from None
    return cls(opts, players)


__all__ = ["REGISTRY", "register", "unregister", "make_variant", "Variant", "HandScore", "VARIANT_NAMES"]
