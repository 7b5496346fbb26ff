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
    return VariantSpec(name, 2, 4, lambda p, o: 7, options)


COMPULSORY = OptionSpec("matador_compulsory", ("yes", "no"), "yes")
TARGET = OptionSpec("target", numeric=True, default=50, minimum=1, maximum=1000)
PROBES = ("probe_matador", "probe_spinner", "probe_family")


@pytest.fixture(autouse=True)
def _probes_taken_out(tmp_path, monkeypatch):
    """Each probe has a words file with its title and summary (the words every variant has); a
    probe that a check wrongly let through is taken out again, whatever the test did."""
    from referee.rules import prose

    for name in PROBES:
        (tmp_path / f"{name}.toml").write_text(
            '[variant]\ntitle = ["Проба", "Probe"]\nsummary = ["Проба правил.", "A probe of the rules."]\n',
            encoding="utf-8")
    monkeypatch.setattr(prose, "WORDS_DIRS", [*prose.WORDS_DIRS, tmp_path])
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


def test_the_family_says_what_it_reads_in_its_generic_bases_on_both_builds():
    """``register`` finds what each class of a family reads in its generic bases (the bound of a
    family's type variable, a variant's own ``Options``), which a compiled class keeps too."""
    from referee.rules.variants import families
    from referee.rules.variants.lines import Traditional, TraditionalOptions
    from referee.rules.variants.matador import (FrenchOptions, Matador, MatadorHouseOptions,
                                                OneDrawMatador)
    from referee.rules.variants.registry import _options_read
    from referee.rules.variants.spinners import Spider, SpiderOptions

    assert _options_read(Matador) == [(Matador, MatadorHouseOptions),
                                      (OneDrawMatador, families.OneDrawOptions),
                                      (MatadorBase, families.MatadorOptions)]
    assert _options_read(Spider) == [(Spider, SpiderOptions), (Spinner, families.SpinnerOptions)]
    assert _options_read(French) == [(French, FrenchOptions), (MatadorBase, families.MatadorOptions)]
    assert _options_read(Traditional) == [(Traditional, TraditionalOptions)]
    assert _options_read(REGISTRY["muggins"])[0][1] is REGISTRY["muggins"].Options


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


NotOptions = typing.TypeVar("NotOptions", bound=int)


class _NotAFamily(MatadorBase[NotOptions]):
    """A base class generic in something that names no options."""


def test_a_family_bound_to_what_names_no_options_is_refused():
    class Probe(_NotAFamily):                    
        name = "probe_family"
        catalogue = _entry("probe_family", COMPULSORY, TARGET)
        traditional_pips = False

        class Options(NamedTuple):
            matador_compulsory: str
            target: int

    with pytest.raises(TypeError, match="neither a NamedTuple of options nor a Protocol"):
        register(Probe)
    assert "probe_family" not in REGISTRY and "probe_family" not in VARIANTS


class _TargetRead(Protocol):
    @property
    def target(self) -> int: ...


TargetRead = typing.TypeVar("TargetRead", bound=_TargetRead)


class _ReadsTarget(MatadorBase[TargetRead]):
    """A family's base class that reads ``target`` besides the matador family's options (not
    made: the compiled build's MatadorBase takes no interpreted subclass's instances)."""

    def the_target(self) -> int:
        return self.o.target


def test_a_base_that_reads_an_option_through_its_bound_needs_it_in_each_member():
    class Probe(_ReadsTarget):                   
        name = "probe_family"
        catalogue = _entry("probe_family", COMPULSORY, OptionSpec("limit", numeric=True, default=5))
        traditional_pips = False

        class Options(NamedTuple):
            matador_compulsory: str
            limit: int

    with pytest.raises(TypeError, match="target: int .*_ReadsTarget reads it"):
        register(Probe)
    assert "probe_family" not in REGISTRY and "probe_family" not in VARIANTS

    class Right(_ReadsTarget):                   
        name = "probe_family"
        catalogue = _entry("probe_family", COMPULSORY, TARGET)
        traditional_pips = False

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


def test_a_class_without_options_is_refused():
    from referee.rules.variants.base import Variant

    class Probe(Variant):
        name = "probe_family"
        catalogue = _entry("probe_family")
        traditional_pips = False

    with pytest.raises(TypeError, match="no Options"):
        register(Probe)
    assert "probe_family" not in REGISTRY and "probe_family" not in VARIANTS


def test_in_play_is_one_of_its_words_and_has_a_hook_to_score_through():
    from referee.rules.hand import Hand
    from referee.rules.variants.base import NoOptions, Variant

    class Unknown(Variant[NoOptions]):
        name = "probe_family"
        catalogue = _entry("probe_family")
        traditional_pips = False
        Options = NoOptions
        in_play = "sometimes"

    with pytest.raises(TypeError, match="in_play is 'sometimes'"):
        register(Unknown)

    class NoHook(Variant[NoOptions]):
        name = "probe_family"
        catalogue = _entry("probe_family")
        traditional_pips = False
        Options = NoOptions
        in_play = "points"

    with pytest.raises(TypeError, match="scores through none of on_lay"):
        register(NoHook)
    assert "probe_family" not in REGISTRY and "probe_family" not in VARIANTS

    class PassCosts(NoHook):
        def on_pass(self, h: Hand, seat: int) -> None:
            h.scores[seat] += 1

    try:
        assert register(PassCosts) is PassCosts
        v = PassCosts({}, 2)
        assert v.scores_in_play() and not v.in_play_decides() and not v.lays_score()
    finally:
        unregister("probe_family")


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_in_play_points_come_only_where_the_variant_says_so(name):
    """Random hands of every variant: a seat's in-play points change only in a variant whose
    ``in_play`` says it scores, and through a lay only where ``lays_score`` says so."""
    import itertools
    import random

    from referee.rules.playout import random_hand, walk

    rng = random.Random(name)
    n = catalogue.spec(name).min_players
    for _ in range(3):
        h = random_hand(name, n, rng)
        v = h.v
        assert v.in_play_decides() == (type(v).in_play == "decides")
        before, laid = list(h.scores), len(h.layout.placed)
        for _ in itertools.chain(walk(h, rng), [h]):   # the hand before each step, and at the end
            if h.scores != before:
                assert v.scores_in_play(), f"{name} scored {h.scores} in play"
                if len(h.layout.placed) != laid:
                    assert v.lays_score(), f"{name} scored with a lay"
            before, laid = list(h.scores), len(h.layout.placed)


def _probe(entry: VariantSpec) -> type:
    from referee.rules.variants.base import Variant

    class Probe(Variant):
        name = entry.name
        catalogue = entry
        traditional_pips = False
        Options = NamedTuple("Options", [(o.key, int if o.numeric else str) for o in entry.options])

    return Probe


@pytest.mark.parametrize("entry, says", [
    (_entry("probe_family", OptionSpec("stake", ("low", "high"))), r"\[option\.stake\] title"),
    (_entry("probe_family", OptionSpec("matador_compulsory", ("no", "yes", "sometimes"))),
     r'\[option\.matador_compulsory\.values\."sometimes"\] text'),
    (_entry("probe_family", TARGET)._replace(presets={"quick": {"target": 20}}), r"\[preset\.quick\]"),
    (_entry("probe_family", TARGET)._replace(presets={"quick": {"colour": "red"}}), "'colour', not one of its options"),
    (_entry("probe_family", TARGET)._replace(presets={"quick": {"target": 0}}), "'target' to 0"),
])
def test_a_house_rule_or_preset_without_its_words_is_refused(entry, says):
    """What the setup form, the rules pages and the sheets will ask for is there when a variant is
    declared: words for each house rule's values and each preset, a preset of its own options."""
    with pytest.raises(TypeError, match=says):
        register(_probe(entry))
    assert "probe_family" not in REGISTRY and "probe_family" not in VARIANTS


@pytest.mark.parametrize("words, says", [
    ("", r"\[variant\] title, \[variant\] summary"),
    ('[variant]\ntitle = ["Проба", ""]\nsummary = ["Проба правил.", "A probe of the rules."]\n', r"\[variant\] title"),
    ('[variant]\ntitle = ["Проба", "Probe"]\nsummary = ["Проба правил.", "A probe of the rules."]\n',
     r"\[provisional\] short, note"),
])
def test_a_variant_without_its_title_summary_or_provisional_words_is_refused(words, says, tmp_path, monkeypatch):
    """A variant's title and summary, and why its rules are provisional where its entry says they
    are, are in its words file: a variant whose file lacks them is refused when declared."""
    from referee.rules import prose

    folder = tmp_path / "own"
    folder.mkdir()
    (folder / "probe_family.toml").write_text(words, encoding="utf-8")
    monkeypatch.setattr(prose, "WORDS_DIRS", [*prose.WORDS_DIRS[:-1], folder])
    with pytest.raises(TypeError, match=says):
        register(_probe(_entry("probe_family", TARGET)._replace(is_provisional=True)))
    assert "probe_family" not in REGISTRY and "probe_family" not in VARIANTS


def test_each_variant_has_its_title_and_summary_in_both_languages():
    for name, entry in VARIANTS.items():
        for lang in ("ru", "en"):
            assert entry.title(lang) and entry.summary(lang), (name, lang)
        assert entry.title("ru") != entry.title("en") and entry.summary("ru") != entry.summary("en"), name
    assert VARIANTS["ladder"].provisional is not None and VARIANTS["traditional"].provisional is None
    assert "предварительные" in VARIANTS["ladder"].provisional.short("ru")
    assert "provisional" in VARIANTS["ladder"].provisional.note("en")
