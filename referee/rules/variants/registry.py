"""The one registry of variants: each variant class is registered by the ``register``
decorator in its family's module (or, for a variant defined elsewhere, wherever it is defined)."""

from __future__ import annotations

import sys
import typing
from typing import Any, TypeVar

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
    _check_types(cls, entry)
    if cls.catalogue is not None:
        catalogue.add(cls.catalogue)     # only once the class is known to fit it
    REGISTRY[cls.name] = cls
    return cls


def _resolve(owner: type, annotation: Any) -> Any:
    if not isinstance(annotation, str):
        return annotation
    return eval(annotation, vars(sys.modules[owner.__module__]), dict(vars(owner)))  # noqa: S307 - the class's own annotation


def _options_read(cls: type[Variant]) -> list[tuple[type, Any]]:
    """The classes of ``cls``'s family that read house options, each with the Protocol it names
    in ``options_read`` (its own class attribute: a class compiled by mypyc keeps neither its
    attributes' annotations nor its ``o``'s type, a class attribute it keeps)."""
    found = []
    for base in cls.__mro__:
        own = vars(base)
        read = own.get("options_read")
        annotated = _resolve(base, own.get("__annotations__", {}).get("o"))
        if getattr(annotated, "_is_protocol", False) and read is not annotated:
            # an interpreted class (the reference build, or any class defined outside the
            # engine) says it twice: its ``o``'s type for mypy, ``options_read`` for this check
            raise TypeError(f"{base.__name__}.o is a {annotated.__name__}: name it in "
                            f"{base.__name__}.options_read too (it names {getattr(read, '__name__', read)})")
        if read is None:
            continue
        if not getattr(read, "_is_protocol", False):
            raise TypeError(f"{base.__name__}.options_read is {read!r}, not a Protocol of the options it reads")
        found.append((base, read))
    return found


def _check_types(cls: type[Variant], entry: catalogue.VariantSpec) -> None:
    """Each field of ``Options`` typed as the catalogue has the option (a number: ``int``, or
    ``int | None`` where it may be unset; a choice: ``str``); every option a class of the family
    reads (its ``options_read``: a Protocol of properties, ``families.py``) there with that type;
    a variant counting a lone 0:0 (``traditional_pips``) has ``lone_blank``.

    The same on both builds: a NamedTuple compiled by mypyc keeps its fields' annotations as
    classes (``int``, ``str``) or as a quoted name (``"MaybeNumber"``, a module's alias of
    ``int | None``), while an ``int | None`` written out would read as ``type`` there (refused,
    with that said)."""
    hints = typing.get_type_hints(cls.Options)
    for option in entry.options:
        want = int if option.numeric else str
        if hints.get(option.key) not in (want, want | None):
            compiled = str(getattr(sys.modules.get(cls.Options.__module__), "__file__", None) or "")
            hint = (" (compiled by mypyc, a field's annotation keeps only a class or a quoted name: "
                    "name the type in the module, MaybeNumber = int | None, and quote the name, as "
                    "sausage.py does)" if compiled.endswith((".so", ".pyd")) else "")
            raise TypeError(f"{cls.__name__}.Options.{option.key} is {hints.get(option.key)}, the "
                            f"catalogue's option is {want.__name__}{hint}")
    if cls.traditional_pips and "lone_blank" not in hints:
        raise TypeError(f"{cls.__name__} counts a lone 0:0 (traditional_pips) but has no lone_blank option")
    for base, family in _options_read(cls):
        for proto in family.__mro__:
            for key, member in vars(proto).items():
                if not isinstance(member, property) or member.fget is None:
                    continue
                want = typing.get_type_hints(member.fget, vars(sys.modules[proto.__module__]))["return"]
                if hints.get(key) != want:
                    raise TypeError(f"{cls.__name__}.Options has no {key}: {want.__name__} "
                                    f"({base.__name__} reads it)")


def unregister(name: str) -> None:
    """Take a variant out again (a test's toy variant), with the catalogue entry it brought."""
    cls = REGISTRY.pop(name)
    if cls.catalogue is not None:
        del catalogue.VARIANTS[name]
