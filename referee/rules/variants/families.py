"""The house options a family's base class reads (Protocols of properties; ``register`` checks
each member's ``Options`` against them).

They live in this module, which the optional compiled build (mypyc, ``setup.py``) leaves
interpreted: to the compiled classes a type from here is a plain object, the same type as
``Variant.o``'s, and a compiled attribute keeps one type through the classes.
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
