"""The one registry of variants: each variant class is registered by the ``register``
decorator in its family's module (or, for a variant defined elsewhere, wherever it is defined)."""

from __future__ import annotations

import sys
import typing
from typing import Any, TypeVar

from .. import catalogue, prose
from .base import IN_PLAY, IN_PLAY_HOOKS, Variant

__all__ = ["REGISTRY", "register", "unregister"]

REGISTRY: dict[str, type[Variant[Any]]] = {}

V = TypeVar("V", bound=type[Variant[Any]])


def register(cls: V) -> V:
    """Register a variant class under its ``name``, with its catalogue entry (``cls.catalogue``
    where the class carries its own). Its ``Options`` must name exactly the entry's options."""
    if not cls.name:
        raise TypeError(f"{cls.__name__} has no name")
    entry = cls.catalogue if cls.catalogue is not None else catalogue.spec(cls.name)
    if entry.name != cls.name:
        raise TypeError(f"{cls.__name__}: its catalogue entry is {entry.name!r}")
    options: object = getattr(cls, "Options", None)
    if not isinstance(options, type):
        raise TypeError(f"{cls.__name__} has no Options (NoOptions where it has none)")
    fields = tuple(getattr(options, "_fields", ()))
    if set(fields) != set(entry.option_keys):
        raise TypeError(f"{cls.__name__}.Options has {sorted(fields)}, the catalogue's "
                        f"{cls.name!r} {sorted(entry.option_keys)}")
    _check_types(cls, entry)
    _check_in_play(cls)
    _check_words(cls, entry)
    if cls.catalogue is not None:
        catalogue.add(cls.catalogue)     # only once the class is known to fit it
    REGISTRY[cls.name] = cls
    return cls


def _options_read(cls: type[Variant[Any]]) -> list[tuple[type, type]]:
    """The classes of ``cls``'s family that read house options, each with the type of the
    options it reads: a family's base class the Protocol its type variable is bound to
    (``class MatadorBase(Variant[MO])``, ``families.py``), a variant's class its own
    ``Options`` (a class that extends a variant reads that variant's). From the classes'
    generic bases, which the compiled build keeps too; a class with no type argument (an
    untyped toy's ``Variant``) reads none that mypy could check."""
    found = []
    for base in cls.__mro__:
        for generic in vars(base).get("__orig_bases__", ()):
            for arg in typing.get_args(generic):
                read = arg.__bound__ if isinstance(arg, TypeVar) else arg
                if read is not None:
                    found.append((base, read))
    return found


def _fields_read(read: type) -> dict[str, Any]:
    """The options ``read`` names, with their types: a Protocol's properties (its own and its
    bases'), a NamedTuple's fields."""
    if getattr(read, "_is_protocol", False):
        out: dict[str, Any] = {}
        for proto in reversed(read.__mro__):
            for key, member in vars(proto).items():
                if isinstance(member, property) and member.fget is not None:
                    out[key] = typing.get_type_hints(member.fget, vars(sys.modules[proto.__module__]))["return"]
        return out
    if isinstance(read, type) and issubclass(read, tuple) and hasattr(read, "_fields"):
        return typing.get_type_hints(read)
    raise TypeError(f"{read!r} is neither a NamedTuple of options nor a Protocol of the options read")


def _check_types(cls: type[Variant[Any]], entry: catalogue.VariantSpec) -> None:
    """Each field of ``Options`` typed as the catalogue has the option (a number: ``int``, or
    ``int | None`` where it may be unset; a choice: ``str``); every option a class of the family
    reads (``_options_read``: a family's Protocol, ``families.py``, or the options of a variant
    it extends) there with that type;
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
    for base, read in _options_read(cls):
        if read is cls.Options:
            continue
        wanted = _fields_read(read)
        missing = [f"{key}: {getattr(want, '__name__', want)}" for key, want in wanted.items()
                   if hints.get(key) != want]
        if missing:
            raise TypeError(f"{cls.__name__}.Options has no {', '.join(missing)} "
                            f"({base.__name__} reads {'it' if len(missing) == 1 else 'them'})")


def _check_in_play(cls: type[Variant[Any]]) -> None:
    """``in_play`` is one of its words, and a variant that says it scores during play has a hook
    of its own to score through."""
    if cls.in_play not in IN_PLAY:
        raise TypeError(f"{cls.__name__}.in_play is {cls.in_play!r}, not one of {IN_PLAY}")
    if cls.in_play != "none" and all(getattr(cls, k) is getattr(Variant, k) for k in IN_PLAY_HOOKS):
        raise TypeError(f"{cls.__name__}.in_play is {cls.in_play!r} but it scores through none of "
                        f"{', '.join(IN_PLAY_HOOKS)}")


def _check_words(cls: type[Variant[Any]], entry: catalogue.VariantSpec) -> None:
    """Every house rule and preset the variant declares has its words, in both languages (the
    setup form, the rules pages and the sheets show them): a variant without them is refused
    here, naming what to add and where, rather than answering with a page that cannot be
    drawn. Its presets' options are its own."""
    for name, options in entry.presets.items():
        for key, value in options.items():
            try:
                entry.option(key).check(value)
            except KeyError:
                raise TypeError(f"{cls.__name__}: preset {name!r} sets {key!r}, not one of its options") from None
            except catalogue.OptionError:
                raise TypeError(f"{cls.__name__}: preset {name!r} sets {key!r} to {value!r}, "
                                f"which that option does not take") from None
    missing = prose.missing_words(entry)
    if missing:
        path = prose.path_of(entry.name)
        where = path.name if path is not None else f"referee/rules/variants/words/{entry.name}.toml"
        raise TypeError(f"{cls.__name__}: no words for {', '.join(missing)}: add them, Russian and "
                        f"English, to {where} (the format: referee/rules/prose.py)")


def unregister(name: str) -> None:
    """Take a variant out again (a test's toy variant), with the catalogue entry it brought."""
    cls = REGISTRY.pop(name)
    if cls.catalogue is not None:
        del catalogue.VARIANTS[name]
