"""The catalogue of variants: names, player counts, deals and house options.

This is data only, the one source for the engine, the record reader, the web
forms, the rules pages and the printed sheets. Option keys and values follow
the rules brief; the first value of a choice is its default.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Callable, Iterator, Mapping, NamedTuple

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


class Provisional(NamedTuple):
    """Why a variant's rules are provisional, in the variant's own words: ``short`` for a line
    on every page of a match and on the command line, ``note`` for the rules page and the sheets."""

    short_ru: str
    short_en: str
    note_ru: str
    note_en: str

    def short(self, lang: str) -> str:
        return self.short_en if lang == "en" else self.short_ru

    def note(self, lang: str) -> str:
        return self.note_en if lang == "en" else self.note_ru


class VariantSpec(NamedTuple):
    """What a variant is, before any rule is applied."""

    name: str
    title_ru: str
    title_en: str
    min_players: int
    max_players: int
    deal: Callable[[int, Mapping[str, object]], int]
    options: tuple[OptionSpec, ...]
    #: "credit" (totals grow to a target, highest wins), "penalty" (totals grow
    #: to a limit, lowest wins) or "wins" (hands won are counted).
    scoring_kind: Callable[[Mapping[str, object]], str] = lambda options: "credit"
    #: the rules are provisional (a source cut off): why, in words; None: they are not
    provisional: Provisional | None = None
    seed: str = "002"
    summary_ru: str = ""
    summary_en: str = ""
    #: named sets of house options the setup offers (a preset only fills the options, which
    #: stay visible and changeable); their words are in the variant's words file
    presets: Mapping[str, Mapping[str, object]] = MappingProxyType({})

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
    "traditional", "Традиционное", "Traditional", 2, 4, _traditional_deal,
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
    summary_ru="Классика: 7 костей, базар, ставим равные очки; кто вышел — получает очки соперников.",
    summary_en="The classic: 7 tiles, a bazaar, equal ends match; who goes out takes the others' pips.",
))
_add(VariantSpec(
    "blitz", "Блиц", "Blitz", 4, 8, _table({4: 7, 5: 5, 6: 4, 7: 4, 8: 3}),
    (
        _choice("bazaar", "none", "draw"),
        _choice("opener", "lowest_double", "nearest_sum"),
        _choice("chain", "one_end", "any_end"),
        LONE_BLANK,
        _target(100),
    ),
    seed="000",
    summary_ru="4–8 игроков; за ход можно выложить сколько угодно костей подряд.",
    summary_en="4–8 players; a turn may lay any number of tiles in a row.",
))
_add(VariantSpec(
    "blind_blitz", "Блиц вслепую", "Blind blitz", 2, 4, _table({2: 8, 3: 8, 4: 7}),
    (
        _choice("opener", "lowest_tile", "highest_tile", "double_blank", "agreed"),
        LONE_BLANK,
        _target(100),
    ),
    summary_ru="Кости лежат рубашкой вверх в ряд; открываем правую, при трёх — открываем все.",
    summary_en="Tiles lie face down in a row; turn up the rightmost; at three, turn them all up.",
))
_add(VariantSpec(
    "dark", "Втёмную", "In the dark", 2, 4, _table({2: 8, 3: 8, 4: 7}),
    (LONE_BLANK, _target(100)),
    summary_ru="Как вслепую, но свои кости не смотрят; по одной кости за ход до трёх.",
    summary_en="As blind blitz, but nobody looks at his tiles; one tile a turn until three.",
))
_add(VariantSpec(
    "sevastopol", "Севастополь", "Sevastopol", 4, 4, _table({4: 7}),
    (_choice("open_arms_first", "yes", "no"), LONE_BLANK, _target(100)),
    summary_ru="Четверо, 6:6 открывает четыре стороны; сперва начинают все четыре.",
    summary_en="Four players; 6:6 opens four arms, each started first.",
))
_add(VariantSpec(
    "spider", "Паук", "Spider", 2, 4, _table({2: 7, 3: 7, 4: 7}),
    (_choice("open_arms_first", "no", "yes"), _choice("close_with", "matching_double", "any_double"),
     LONE_BLANK, _target(100)),
    summary_ru="1:1 открывает четыре ноги; дубль рубашкой вверх закрывает ногу.",
    summary_en="1:1 opens four legs; a double laid face down closes a leg.",
))
_add(VariantSpec(
    "sausage", "Колбаса", "Sausage", 2, 4, _table({2: 7, 3: 7, 4: 7}),
    (_choice("cut_when", "level", "any"), _SAUSAGE_SCORING, LONE_BLANK,
     _target(None, default_fn=lambda players, options: None if _sausage_wins(options) else 100)),
    scoring_kind=_sausage_kind,
    summary_ru="Две ленты от 1:1; поперечная кость отрезает кусок предыдущему игроку.",
    summary_en="Two lanes from 1:1; a tile laid across cuts a piece for the previous player.",
))
_add(VariantSpec(
    "matador", "Матадор", "Matador", 2, 4, _matador_deal,
    (_choice("deal_seven", "no", "yes"), _choice("matador_end", "both_halves", "chosen_half"),
     _choice("hand_end", "block_only", "out"), _number("matador_bonus", 0, choices=(0, 10)),
     _choice("matador_compulsory", "no", "yes"), _choice("matador_after_draw", "no", "yes"),
     LONE_BLANK, _target(100)),
    summary_ru="Сумма соседних половин — 7; к нулю только матадор (6:1, 5:2, 4:3, 0:0).",
    summary_en="Touching halves sum to 7; a blank takes only a matador (6:1, 5:2, 4:3, 0:0).",
))
_add(VariantSpec(
    "six_matador", "Шестерной матадор", "Six matador", 2, 4, _table({2: 6, 3: 6, 4: 7}),
    (_choice("matador_end", "both_halves", "chosen_half"), _choice("hand_end", "block_only", "out"),
     _choice("scoring", "matadors", "strict"), _choice("matador_compulsory", "no", "yes"),
     _choice("matador_after_draw", "no", "yes"), _target(100)),
    summary_ru="Сумма соседних половин — 6; матадоры 0:6, 1:5, 2:4, 3:3, 0:0.",
    summary_en="Touching halves sum to 6; matadors 0:6, 1:5, 2:4, 3:3, 0:0.",
))
_add(VariantSpec(
    "french", "Французская партия", "French game", 2, 5, _table({2: 5, 3: 5, 4: 5, 5: 5}),
    (_choice("matador_compulsory", "no", "yes"), _limit(100)),
    scoring_kind=lambda options: "penalty",
    summary_ru="Сумма 7, онеры; очки на руках пишутся в проигрыш, до 100.",
    summary_en="Sum to 7, honours; pips left count against you, to 100.",
))
_add(VariantSpec(
    "muggins", "Маггинс", "Muggins", 2, 4, _table({2: 7, 3: 5, 4: 5}),
    (_choice("out_bonus_pips", "no", "yes"), _target(200)),
    summary_ru="Первый дубль — четыре стороны; сумма концов, кратная 5, идёт в счёт.",
    summary_en="The first double spins four ways; ends adding to a multiple of 5 score.",
))
_add(VariantSpec(
    "bergen", "Берген", "Bergen", 2, 4, _table({2: 6, 3: 6, 4: 5}),
    (_choice("draws", "one", "until"), _target(None, default_fn=_by_players(15, 10))),
    summary_ru="Одинаковые концы — 2 очка, с дублем — 3; последние две кости базара не берут.",
    summary_en="Matching ends score 2, with a double 3; the last two bazaar tiles stay.",
))
_add(VariantSpec(
    "fives", "Пятерное", "Fives", 2, 4, _table({2: 6, 3: 6, 4: 5}),
    (_choice("reserve_two", "no", "yes"), _choice("hand_end", "empty_bazaar", "block"),
     _target(None, default_fn=_by_players(25, 20))),
    summary_ru="Сумма двух концов, кратная 5, даёт сумму/5 очков.",
    summary_en="Two ends adding to a multiple of 5 score the sum divided by 5.",
))
_add(VariantSpec(
    "threes", "Тройное", "Threes", 2, 4, _table({2: 6, 3: 6, 4: 5}),
    (_choice("reserve_two", "no", "yes"), _choice("hand_end", "empty_bazaar", "block"),
     _target(None, default_fn=_by_players(33, 22))),
    summary_ru="Сумма двух концов, кратная 3, даёт сумму/3 очков.",
    summary_en="Two ends adding to a multiple of 3 score the sum divided by 3.",
))
_add(VariantSpec(
    "lucky_threes", "Тройное на счастье", "Lucky threes", 2, 4, _table({2: 6, 3: 6, 4: 5}),
    (_choice("credit", "literal", "net"), _target(100)),
    summary_ru="Тройное: до 5 костей из базара за ход, удача +10, промах −5.",
    summary_en="Threes with up to 5 draws a turn: a lucky draw +10, a miss −5.",
))
_add(VariantSpec(
    "two_lane", "Двухполосное", "Two-lane", 2, 4, _table({2: 5, 3: 5, 4: 6}),
    (_limit(100),),
    scoring_kind=lambda options: "penalty",
    summary_ru="Все кости вдоль; каждый пропуск хода — 10 штрафных очков.",
    summary_en="All tiles lengthwise; every pass costs 10 penalty points.",
))
_add(VariantSpec(
    "ladder", "Лестница", "Ladder", 2, 4, _table({2: 5, 3: 5, 4: 5}),
    (LONE_BLANK, _target(100)),
    provisional=Provisional(
        "Лестница: текст источника оборван, правила предварительные.",
        "Ladder: the source text is cut off; the rules are provisional.",
        "Правила «Лестницы» предварительные: текст источника («Домино», раздел «Лестница») оборван на середине "
        "описания, а недостающее нигде не найдено. Всё, кроме раздачи, стартовой кости и "
        "направления выкладки, — наше допущение.",
        "Ladder's rules are provisional: the source text («Домино», section «Лестница») is cut off in the middle of "
        "the description, and the rest was not found elsewhere. Everything beyond the deal, the "
        "starting tile and the direction of the layout is our assumption."),
    summary_ru="Стартовая кость с базара, выкладка в одну сторону. Правила предварительные: текст источника оборван.",
    summary_en="A starting tile from the bazaar, built one way. Provisional rules: the source text is cut off.",
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
