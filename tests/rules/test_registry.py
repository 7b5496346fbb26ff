"""``register`` checks a variant's typed options against the catalogue and against what the
base classes of its family read (matador family, spinners)."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from referee.rules import REGISTRY, VARIANTS, catalogue
from referee.rules.catalogue import OptionSpec, VariantSpec
from referee.rules.variants import register
from referee.rules.variants.matador import French, MatadorBase
from referee.rules.variants.spinners import Sevastopol, Spinner


def _entry(name: str, *options: OptionSpec) -> VariantSpec:
    return VariantSpec(name, "Проба", "Probe", 2, 4, lambda p, o: 7, options)


COMPULSORY = OptionSpec("matador_compulsory", ("yes", "no"), "yes")
TARGET = OptionSpec("target", numeric=True, default=50, minimum=1, maximum=1000)


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
