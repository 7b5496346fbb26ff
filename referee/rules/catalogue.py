"""The catalogue of variants: names, player counts, deals and house options.

This is data only, the one source for the engine, the record reader, the web
forms, the rules pages and the printed sheets. Option keys and values follow
the rules brief; the first value of a choice is its default.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Callable, Iterator, Mapping, NamedTuple

from . import prose

__all__ = [
    "OptionSpec",
    "Provisional",
    "VariantSpec",
    "VARIANTS",
    "VARIANT_NAMES",
    "spec",
    "resolve_options",
    "OptionError",
    "PRESETS",
]


class OptionError(ValueError):
    """An option key or value the variant does not know (record.option)."""

    def __init__(self, rule: str, params: Mapping[str, object]):
        super().__init__(rule)
        self.rule = rule
        self.params = dict(params)


DefaultFn = Callable[[int, Mapping[str, object]], object]


class OptionSpec(NamedTuple):
    """One house option.

    ``choices`` lists the accepted values (first is the default) for a choice
    option; for a numeric option ``choices`` is empty and ``minimum``/``maximum``
    bound the whole number. ``default`` may depend on the player count and the
    other options (``default_fn``).
    """

    key: str
    choices: tuple[object, ...] = ()
    default: object = None
    numeric: bool = False
    minimum: int | None = None
    maximum: int | None = None
    default_fn: Callable[[int, Mapping[str, object]], object] | None = None

    def default_for(self, players: int, options: Mapping[str, object]) -> object:
        if self.default_fn is not None:
            return self.default_fn(players, options)
        if self.choices and self.default is None:
            return self.choices[0]
        return self.default

    def check(self, value: object) -> object:
        if self.numeric:
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError("record.option_type", {"key": self.key, "value": value})
            if self.choices and value not in self.choices:
                raise OptionError("record.option_value", {"key": self.key, "value": value})
            if self.minimum is not None and value < self.minimum:
                raise OptionError("record.option_value", {"key": self.key, "value": value})
            if self.maximum is not None and value > self.maximum:
                raise OptionError("record.option_value", {"key": self.key, "value": value})
            return value
        if not isinstance(value, str):
            raise OptionError("record.option_type", {"key": self.key, "value": value})
        if value not in self.choices:
            raise OptionError("record.option_value", {"key": self.key, "value": value})
        return value


def _choice(key: str, *values: str) -> OptionSpec:
    return OptionSpec(key=key, choices=tuple(values), default=values[0])


def _number(key: str, default: int | None, minimum: int = 0, maximum: int | None = None,
            choices: tuple[int, ...] = (), default_fn: DefaultFn | None = None) -> OptionSpec:
    return OptionSpec(key=key, choices=choices, default=default, numeric=True,
                      minimum=minimum, maximum=maximum, default_fn=default_fn)


LONE_BLANK = _number("lone_blank", 24, 0, 999)


def _target(default: int | None = 100, default_fn: DefaultFn | None = None) -> OptionSpec:
    return _number("target", default, 1, 100000, default_fn=default_fn)


def _limit(default: int = 100) -> OptionSpec:
    return _number("limit", default, 1, 100000)


def _by_players(two: int, more: int) -> DefaultFn:
    return lambda players, options: two if players == 2 else more


#: why a variant's rules are provisional, in its words file's ``[provisional]``: ``short(lang)``
#: and ``note(lang)``
Provisional = prose.ProvisionalWords


class VariantSpec(NamedTuple):
    """What a variant is, before any rule is applied."""

    name: str
    min_players: int
    max_players: int
    deal: Callable[[int, Mapping[str, object]], int]
    options: tuple[OptionSpec, ...]
    #: "credit" (totals grow to a target, highest wins), "penalty" (totals grow
    #: to a limit, lowest wins) or "wins" (hands won are counted).
    scoring_kind: Callable[[Mapping[str, object]], str] = lambda options: "credit"
    #: the rules are provisional (a source cut off); why, in words, is in its words file
    is_provisional: bool = False
    seed: str = "002"
    #: named sets of house options the setup offers (a preset only fills the options, which
    #: stay visible and changeable); their words are in the variant's words file
    presets: Mapping[str, Mapping[str, object]] = MappingProxyType({})

    def _words(self) -> prose.VariantWords:
        words = prose.words_of(self.name)
        if words is None:
            raise LookupError(f"variant {self.name!r} has no words file")
        return words

    def title(self, lang: str) -> str:
        """Its title in ``lang`` (its words file's ``[variant] title``)."""
        title = self._words().title
        if title is None:
            raise LookupError(f"variant {self.name!r}: no [variant] title in its words file")
        return title[1 if lang == "en" else 0]

    def summary(self, lang: str) -> str:
        """Its one-line summary in ``lang`` (its words file's ``[variant] summary``)."""
        summary = self._words().summary
        if summary is None:
            raise LookupError(f"variant {self.name!r}: no [variant] summary in its words file")
        return summary[1 if lang == "en" else 0]

    @property
    def provisional(self) -> Provisional | None:
        """Why its rules are provisional (its words file's ``[provisional]``), or None when
        they are not."""
        return self._words().provisional if self.is_provisional else None

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def option(self, key: str) -> OptionSpec:
        for o in self.options:
            if o.key == key:
                return o
        raise KeyError(key)

    @property
    def option_keys(self) -> tuple[str, ...]:
        return tuple(o.key for o in self.options)

    def goal(self, options: Mapping[str, object]) -> int | None:
        """The target (penalty scoring: the limit) that ends a match under the resolved
        ``options``; None where none is set (a match played on without an end)."""
        value = options.get("limit" if self.scoring_kind(options) == "penalty" else "target")
        return value if isinstance(value, int) and not isinstance(value, bool) else None


def _table(mapping: Mapping[int, int]) -> Callable[[int, Mapping[str, object]], int]:
    return lambda players, options: mapping[players]


def _traditional_deal(players: int, options: Mapping[str, object]) -> int:
    if players >= 3:
        deal = options.get("deal_3_4")
        return deal if isinstance(deal, int) else 7
    return 7


def _matador_deal(players: int, options: Mapping[str, object]) -> int:
    if options.get("deal_seven") == "yes":
        return 7
    return 6 if players <= 3 else 5


def _traditional_kind(options: Mapping[str, object]) -> str:
    return "penalty" if options.get("scoring") == "kozel" else "credit"


#: sausage's scoring: hands won (its default) or points credited
_SAUSAGE_SCORING = _choice("scoring", "wins", "credit")


def _sausage_wins(options: Mapping[str, object]) -> bool:
    """Sausage counts hands won (the default, where ``options`` do not say yet)."""
    return options.get("scoring", _SAUSAGE_SCORING.default) == "wins"


def _sausage_kind(options: Mapping[str, object]) -> str:
    return "wins" if _sausage_wins(options) else "credit"


VARIANTS: dict[str, VariantSpec] = {}


def _add(v: VariantSpec) -> None:
    VARIANTS[v.name] = v


_add(VariantSpec(
    "traditional", 2, 4, _traditional_deal,
    (
        _number("deal_3_4", 7, choices=(7, 5)),
        _choice("opener", "highest_double", "lowest_double", "kozel"),
        _choice("later_lead", "winner", "same_rule"),
        _choice("draw", "until", "none"),
        _number("monotonous_threshold", 5, 3, 7),
        _choice("redeal_when", "two_or_more", "any"),
        _choice("scoring", "credit", "kozel"),
        _choice("fish_winner", "fewest_pips", "maker"),
        LONE_BLANK,
        _choice("teams", "none", "pairs"),
        _number("kozel_min", 0, 0, 100000),
        _choice("eggs", "no", "yes"),
        _target(100),
        _limit(101),
    ),
    scoring_kind=_traditional_kind, seed="003",
    # rules brief, traditional: «Козёл, как во дворе» and «Морской козёл»
    presets=MappingProxyType({
        "yard": MappingProxyType({"teams": "pairs", "scoring": "kozel", "limit": 101, "kozel_min": 13,
                                  "eggs": "yes", "lone_blank": 25, "opener": "kozel", "later_lead": "winner"}),
        "sea": MappingProxyType({"teams": "pairs", "scoring": "kozel", "limit": 125, "kozel_min": 25,
                                 "eggs": "yes", "lone_blank": 25, "opener": "kozel", "later_lead": "winner"}),
    }),
))
_add(VariantSpec(
    "blitz", 4, 8, _table({4: 7, 5: 5, 6: 4, 7: 4, 8: 3}),
    (
        _choice("bazaar", "none", "draw"),
        _choice("opener", "lowest_double", "nearest_sum"),
        _choice("chain", "one_end", "any_end"),
        LONE_BLANK,
        _target(100),
    ),
    seed="000",
))
_add(VariantSpec(
    "blind_blitz", 2, 4, _table({2: 8, 3: 8, 4: 7}),
    (
        _choice("opener", "lowest_tile", "highest_tile", "double_blank", "agreed"),
        LONE_BLANK,
        _target(100),
    ),
))
_add(VariantSpec(
    "dark", 2, 4, _table({2: 8, 3: 8, 4: 7}),
    (LONE_BLANK, _target(100)),
))
_add(VariantSpec(
    "sevastopol", 4, 4, _table({4: 7}),
    (_choice("open_arms_first", "yes", "no"), LONE_BLANK, _target(100)),
))
_add(VariantSpec(
    "spider", 2, 4, _table({2: 7, 3: 7, 4: 7}),
    (_choice("open_arms_first", "no", "yes"), _choice("close_with", "matching_double", "any_double"),
     LONE_BLANK, _target(100)),
))
_add(VariantSpec(
    "sausage", 2, 4, _table({2: 7, 3: 7, 4: 7}),
    (_choice("cut_when", "level", "any"), _SAUSAGE_SCORING, LONE_BLANK,
     _target(None, default_fn=lambda players, options: None if _sausage_wins(options) else 100)),
    scoring_kind=_sausage_kind,
))
_add(VariantSpec(
    "matador", 2, 4, _matador_deal,
    (_choice("deal_seven", "no", "yes"), _choice("matador_end", "both_halves", "chosen_half"),
     _choice("hand_end", "block_only", "out"), _number("matador_bonus", 0, choices=(0, 10)),
     _choice("matador_compulsory", "no", "yes"), _choice("matador_after_draw", "no", "yes"),
     LONE_BLANK, _target(100)),
))
_add(VariantSpec(
    "six_matador", 2, 4, _table({2: 6, 3: 6, 4: 7}),
    (_choice("matador_end", "both_halves", "chosen_half"), _choice("hand_end", "block_only", "out"),
     _choice("scoring", "matadors", "strict"), _choice("matador_compulsory", "no", "yes"),
     _choice("matador_after_draw", "no", "yes"), _target(100)),
))
_add(VariantSpec(
    "french", 2, 5, _table({2: 5, 3: 5, 4: 5, 5: 5}),
    (_choice("matador_compulsory", "no", "yes"), _limit(100)),
    scoring_kind=lambda options: "penalty",
))
_add(VariantSpec(
    "muggins", 2, 4, _table({2: 7, 3: 5, 4: 5}),
    (_choice("out_bonus_pips", "no", "yes"), _target(200)),
))
_add(VariantSpec(
    "bergen", 2, 4, _table({2: 6, 3: 6, 4: 5}),
    (_choice("draws", "one", "until"), _target(None, default_fn=_by_players(15, 10))),
))
_add(VariantSpec(
    "fives", 2, 4, _table({2: 6, 3: 6, 4: 5}),
    (_choice("reserve_two", "no", "yes"), _choice("hand_end", "empty_bazaar", "block"),
     _target(None, default_fn=_by_players(25, 20))),
))
_add(VariantSpec(
    "threes", 2, 4, _table({2: 6, 3: 6, 4: 5}),
    (_choice("reserve_two", "no", "yes"), _choice("hand_end", "empty_bazaar", "block"),
     _target(None, default_fn=_by_players(33, 22))),
))
_add(VariantSpec(
    "lucky_threes", 2, 4, _table({2: 6, 3: 6, 4: 5}),
    (_choice("credit", "literal", "net"), _target(100)),
))
_add(VariantSpec(
    "two_lane", 2, 4, _table({2: 5, 3: 5, 4: 6}),
    (_limit(100),),
    scoring_kind=lambda options: "penalty",
))
_add(VariantSpec(
    "ladder", 2, 4, _table({2: 5, 3: 5, 4: 5}),
    (LONE_BLANK, _target(100)),
    is_provisional=True,
))

#: the variants the project ships, in the registry's order: the catalogue's own, then those
#: declared in a module of their own (set again by ``referee.rules.variants`` once it has
#: imported every module); ``VARIANTS`` also holds any registered later (a test's toy)
VARIANT_NAMES: tuple[str, ...] = tuple(VARIANTS)



class _Presets(Mapping[str, Mapping[str, Mapping[str, object]]]):
    """Every registered variant that has presets -> its presets (each entry's ``presets``, read
    when asked: a variant registered later is in it too)."""

    def __getitem__(self, name: str) -> Mapping[str, Mapping[str, object]]:
        entry = VARIANTS.get(name)
        if entry is None or not entry.presets:
            raise KeyError(name)
        return entry.presets

    def __iter__(self) -> Iterator[str]:
        return iter([name for name, entry in VARIANTS.items() if entry.presets])

    def __len__(self) -> int:
        return sum(1 for _ in self)


#: the presets of the variants, by variant (written once, in each variant's catalogue entry)
PRESETS: Mapping[str, Mapping[str, Mapping[str, object]]] = _Presets()


def add(v: VariantSpec) -> None:
    """Add a variant's entry (``referee.rules.variants.register`` does, for a variant class that
    carries its own ``catalogue`` entry)."""
    if v.name in VARIANTS and VARIANTS[v.name] is not v:
        raise ValueError(f"variant {v.name!r} is in the catalogue already")
    VARIANTS[v.name] = v


def spec(name: str) -> VariantSpec:
    try:
        return VARIANTS[name]
    except KeyError:
        raise OptionError("record.variant", {"variant": name}) from None


def resolve_options(name: str, players: int, given: Mapping[str, object] | None) -> dict[str, object]:
    """Check ``given`` against the variant's options and fill in the defaults.

    Raises :class:`OptionError` for an unknown key, a value of the wrong type or
    a value the option does not accept.
    """
    v = spec(name)
    given = dict(given or {})
    out: dict[str, object] = {}
    for key, value in given.items():
        try:
            o = v.option(key)
        except KeyError:
            raise OptionError("record.option_key", {"key": key}) from None
        if value is None and o.default_for(players, given) is None:
            continue            # an option with no value by default (sausage's target), unset
        out[key] = o.check(value)
    for o in v.options:
        if o.key not in out:
            out[o.key] = o.default_for(players, out)
    _check_together(v, players, out)
    return out


#: options that mean something only with kozel scoring (traditional)
_KOZEL_ONLY = ("kozel_min", "eggs")


def _check_together(v: VariantSpec, players: int, options: Mapping[str, object]) -> None:
    """Options that cannot go together (rules brief, traditional: pairs and the «Козёл»)."""
    if options.get("teams") == "pairs" and players != 4:
        raise OptionError("record.teams_players", {"key": "teams", "count": players})
    if "scoring" in v.option_keys and options.get("scoring") != "kozel":
        for key in _KOZEL_ONLY:
            if key in options and options[key] != v.option(key).default_for(players, options):
                raise OptionError("record.kozel_only", {"key": key, "value": options[key]})
