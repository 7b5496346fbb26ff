"""The house options a class of a family reads (Protocols of properties; ``register`` checks
each member's ``Options`` against them).

A class that reads options names its Protocol twice: as its ``o``'s type (for mypy: each option
name and type it reads is checked) and in its ``options_read`` class attribute (for
``register``: a class compiled by mypyc keeps no annotations, a class attribute it keeps). The
Protocols live in this module, which the optional compiled build (mypyc, ``setup.py``) leaves
interpreted: to the compiled classes a type from here is a plain object, the same type as
``Variant.o``'s, and a compiled attribute keeps one type through the classes (a variant's own
``Options`` NamedTuple is a tuple to mypyc, so it cannot be a subclass's ``o``: the variant's own
Protocol below names what its methods read instead).
"""

from __future__ import annotations

from typing import Protocol

__all__ = ["MatadorOptions", "OneDrawOptions", "SpinnerOptions", "MatadorGameOptions",
           "SixMatadorGameOptions", "SpiderGameOptions"]


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


class MatadorGameOptions(OneDrawOptions, Protocol):
    """What Matador's own methods read besides the family's options."""

    @property
    def matador_bonus(self) -> int: ...


class SixMatadorGameOptions(OneDrawOptions, Protocol):
    """What six matador's own methods read besides the family's options."""

    @property
    def scoring(self) -> str: ...


class SpiderGameOptions(SpinnerOptions, Protocol):
    """What spider's own methods read besides the spinners' options."""

    @property
    def close_with(self) -> str: ...
