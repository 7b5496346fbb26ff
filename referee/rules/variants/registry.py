"""The one registry of variants: each variant class is registered by the ``register``
decorator in its family's module (or, for a variant defined elsewhere, wherever it is defined)."""

from __future__ import annotations

from typing import TypeVar

from .. import catalogue
from .base import Variant

__all__ = ["REGISTRY", "register", "unregister"]

REGISTRY: dict[str, type[Variant]] = {}

V = TypeVar("V", bound=type[Variant])


def register(cls: V) -> V:
    """Register a variant class under its ``name``, with its catalogue entry (``cls.catalogue``
    where the class carries its own). Its ``Options`` must name exactly the entry's options."""
    if not cls.name:
        raise TypeError(f"{cls.__name__} has no name")
    entry = cls.catalogue if cls.catalogue is not None else catalogue.spec(cls.name)
    if entry.name != cls.name:
        raise TypeError(f"{cls.__name__}: its catalogue entry is {entry.name!r}")
    fields = tuple(getattr(cls.Options, "_fields", ()))
    if set(fields) != set(entry.option_keys):
        raise TypeError(f"{cls.__name__}.Options has {sorted(fields)}, the catalogue's "
                        f"{cls.name!r} {sorted(entry.option_keys)}")
    if cls.catalogue is not None:
        catalogue.add(cls.catalogue)     # only once the class is known to fit it
    REGISTRY[cls.name] = cls
    return cls


def unregister(name: str) -> None:
    """Take a variant out again (a test's toy variant), with the catalogue entry it brought."""
    cls = REGISTRY.pop(name)
    if cls.catalogue is not None:
        del catalogue.VARIANTS[name]
