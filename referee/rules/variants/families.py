"""The house options a family's base class reads (Protocols of properties).

A family's base class is generic in its members' options, bound to its Protocol here
(``class MatadorBase(Variant[MO])`` with ``MO = TypeVar("MO", bound=MatadorOptions)``): mypy
checks each option name and type the base reads, and that each member's ``Options`` (its type
argument: ``class Matador(OneDrawMatador[MatadorHouseOptions])``) has them; ``register`` checks
the same at run time from the bound (a compiled class keeps its generic bases). A variant's own
methods read its ``Options`` NamedTuple itself. This module stays interpreted in the optional
compiled build (mypyc, ``setup.py``).
"""

from __future__ import annotations

from typing import Protocol

__all__ = ["MatadorOptions", "OneDrawOptions", "SpinnerOptions"]


class MatadorOptions(Protocol):
    """The house options every variant of the family has (``register`` checks that each
    member's ``Options`` has them, of these types)."""

    @property
    def matador_compulsory(self) -> str: ...


class OneDrawOptions(MatadorOptions, Protocol):
    """The house options of the family's one-draw games (matador, six matador)."""

    @property
    def matador_end(self) -> str: ...

    @property
    def hand_end(self) -> str: ...

    @property
    def matador_after_draw(self) -> str: ...


class SpinnerOptions(Protocol):
    """The house options both spinners have (``register`` checks each one's ``Options``)."""

    @property
    def open_arms_first(self) -> str: ...
