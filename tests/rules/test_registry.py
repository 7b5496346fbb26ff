"""``register`` checks a variant's typed options against the catalogue and against what the
base classes of its family read (matador family, spinners)."""

from __future__ import annotations

import typing
from typing import NamedTuple, Protocol

import pytest

from referee.rules import REGISTRY, VARIANTS, catalogue
from referee.rules.catalogue import OptionSpec, VariantSpec
from referee.rules.variants import register, unregister
from referee.rules.variants.matador import French, MatadorBase
from referee.rules.variants.spinners import Sevastopol, Spinner


def _entry(name: str, *options: OptionSpec) -> VariantSpec:
    return VariantSpec(name, "Проба", "Probe", 2, 4, lambda p, o: 7, options)


COMPULSORY = OptionSpec("matador_compulsory", ("yes", "no"), "yes")
TARGET = OptionSpec("target", numeric=True, default=50, minimum=1, maximum=1000)
PROBES = ("probe_matador", "probe_spinner", "probe_family")


@pytest.fixture(autouse=True)
def _probes_taken_out():
    """A probe that a check wrongly let through is taken out again, whatever the test did."""
    yield
    for name in PROBES:
        if name in REGISTRY:
            unregister(name)
        VARIANTS.pop(name, None)


def test_every_registered_variant_passes_the_checks():
    from referee.rules.variants.registry import _check_types

    for name, cls in REGISTRY.items():
        _check_types(cls, catalogue.spec(name))


def test_a_family_member_without_the_option_its_base_reads_is_refused():
    class Probe(MatadorBase):
        name = "probe_matador"
        catalogue = _entry("probe_matador", TARGET)
        traditional_pips = False

        class Options(NamedTuple):
            target: int

    with pytest.raises(TypeError, match="matador_compulsory.*MatadorBase"):
        register(Probe)
    assert "probe_matador" not in REGISTRY and "probe_matador" not in VARIANTS


def test_a_field_typed_otherwise_than_the_catalogue_is_refused():
    class Probe(MatadorBase):
        name = "probe_matador"
        catalogue = _entry("probe_matador", COMPULSORY, TARGET)
        traditional_pips = False

        class Options(NamedTuple):
            matador_compulsory: str
            target: str                  # the catalogue's target is a number

    with pytest.raises(TypeError, match="target"):
        register(Probe)
    assert "probe_matador" not in REGISTRY


def test_a_spinner_needs_open_arms_first_and_a_lone_blank():
    class Probe(Spinner):
        name = "probe_spinner"
        catalogue = _entry("probe_spinner", TARGET, catalogue.LONE_BLANK)

        class Options(NamedTuple):
            target: int
            lone_blank: int

    with pytest.raises(TypeError, match="open_arms_first"):
        register(Probe)

    class NoBlank(Spinner):
        name = "probe_spinner"
        catalogue = _entry("probe_spinner", TARGET, OptionSpec("open_arms_first", ("no", "yes"), "no"))

        class Options(NamedTuple):
            target: int
            open_arms_first: str

    with pytest.raises(TypeError, match="lone_blank"):
        register(NoBlank)
    assert "probe_spinner" not in REGISTRY


def test_the_family_reads_typed_fields():
    french = French({"matador_compulsory": "no", "limit": 100}, 2)
    assert french.matadors_kept() and not french.matador_after_draw() and not french.chosen_half()
    sev = REGISTRY["sevastopol"]({"open_arms_first": "yes", "lone_blank": 24, "target": 100}, 2)
    assert isinstance(sev, Sevastopol) and sev.arms_first()


def test_the_family_names_what_it_reads_in_a_class_attribute_on_both_builds():
    """``register`` finds each family's Protocol in ``options_read`` (a compiled class keeps no
    annotations), from the leaf up."""
    from referee.rules.variants import families
    from referee.rules.variants.matador import Matador, OneDrawMatador, SixMatador
    from referee.rules.variants.registry import _options_read
    from referee.rules.variants.spinners import Spider

    assert _options_read(Matador) == [(Matador, families.MatadorGameOptions),
                                      (OneDrawMatador, families.OneDrawOptions),
                                      (MatadorBase, families.MatadorOptions)]
    assert _options_read(SixMatador)[0] == (SixMatador, families.SixMatadorGameOptions)
    assert _options_read(Spider) == [(Spider, families.SpiderGameOptions), (Spinner, families.SpinnerOptions)]
    assert _options_read(French) == [(MatadorBase, families.MatadorOptions)]
    assert _options_read(REGISTRY["traditional"]) == []


def test_a_leaf_needs_the_options_its_own_methods_read():
    from referee.rules.variants.matador import Matador

    class Probe(Matador):
        name = "probe_matador"
        catalogue = _entry("probe_matador", COMPULSORY, TARGET, *(
            OptionSpec(k, ("a", "b"), "a") for k in ("matador_end", "hand_end", "matador_after_draw")),
            catalogue.LONE_BLANK)

        class Options(NamedTuple):
            matador_compulsory: str
            matador_end: str
            hand_end: str
            matador_after_draw: str
            lone_blank: int
            target: int

    with pytest.raises(TypeError, match="matador_bonus.*Matador reads"):
        register(Probe)
    assert "probe_matador" not in REGISTRY and "probe_matador" not in VARIANTS


def test_an_option_read_not_named_as_a_protocol_is_refused():
    class NotAProtocol(NamedTuple):
        target: int

    class Probe(MatadorBase):
        name = "probe_family"
        catalogue = _entry("probe_family", COMPULSORY, TARGET)
        traditional_pips = False
        options_read = NotAProtocol

        class Options(NamedTuple):
            matador_compulsory: str
            target: int

    with pytest.raises(TypeError, match="options_read.*not a Protocol"):
        register(Probe)
    assert "probe_family" not in REGISTRY and "probe_family" not in VARIANTS


class _TargetRead(Protocol):
    @property
    def target(self) -> int: ...


class _LimitRead(Protocol):
    @property
    def limit(self) -> int: ...


def test_an_o_typed_with_a_protocol_it_does_not_name_for_register_is_refused():
    """Said twice (``o``'s type for mypy, ``options_read`` for ``register``), it must be the
    same Protocol: else mypy would check one set of names and ``register`` another."""

    class Probe(MatadorBase):
        name = "probe_family"
        catalogue = _entry("probe_family", COMPULSORY, TARGET)
        traditional_pips = False
        o: _TargetRead

        class Options(NamedTuple):
            matador_compulsory: str
            target: int

    with pytest.raises(TypeError, match="Probe.o is a _TargetRead: name it in Probe.options_read"):
        register(Probe)

    class Other(MatadorBase):
        name = "probe_family"
        catalogue = _entry("probe_family", COMPULSORY, TARGET)
        traditional_pips = False
        o: _TargetRead
        options_read = _LimitRead

        class Options(NamedTuple):
            matador_compulsory: str
            target: int

    with pytest.raises(TypeError, match="it names _LimitRead"):
        register(Other)
    assert "probe_family" not in REGISTRY and "probe_family" not in VARIANTS

    class Right(MatadorBase):
        name = "probe_family"
        catalogue = _entry("probe_family", COMPULSORY, TARGET)
        traditional_pips = False
        o: _TargetRead
        options_read = _TargetRead

        class Options(NamedTuple):
            matador_compulsory: str
            target: int

    try:
        assert register(Right) is Right and REGISTRY["probe_family"] is Right
    finally:
        unregister("probe_family")


def test_an_option_that_may_be_unset_is_typed_so_on_both_builds():
    """Sausage's target may be unset: its field reads ``int | None`` to the check whichever build
    runs (a quoted alias in the source: a compiled NamedTuple keeps a quoted name, not a union)."""
    hints = typing.get_type_hints(REGISTRY["sausage"].Options)
    assert hints["target"] == int | None and hints["lone_blank"] is int and hints["scoring"] is str
