"""The one registry of variants: each variant class is registered by the ``register``
decorator in its family's module."""

from __future__ import annotations

from .base import Variant

REGISTRY: dict[str, type[Variant]] = {}


def register(cls: type[Variant]) -> type[Variant]:
    REGISTRY[cls.name] = cls
    return cls
