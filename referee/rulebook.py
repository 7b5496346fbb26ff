"""The rules in words: one page per variant, in Russian and in English.

Pure data and functions (no Flask, no WeasyPrint). The web app's rules pages, the printed sheets
and the command line all read the rules from here, so that a refusal (a rule id such as
``blitz.no_bazaar``) always has the same words and the same anchor.

- :func:`rules_for` gives a variant's page as a list of :class:`Section`, each holding
  :class:`Rule` items with a stable ``id`` (the page anchor).
- :func:`rule_text` gives one rule's words; :func:`rule_for` the whole :class:`Rule`.
- :func:`option_text` explains one house rule value in a sentence.
- :func:`scoring_summary` is the short text printed on blank scoresheets.

The seeds (``/work/shared/seeds``: Russian source texts) are quoted as sources, with the seed
number; where a seed is wrong or cut off, the page says so (:func:`provisional_note`, the
``*.source_error`` rules).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Mapping, NamedTuple

from referee import limits
from referee.rules import prose
from referee.rules.catalogue import VARIANT_NAMES, VARIANTS, spec
from referee.rules.variants import REGISTRY, make_variant

__all__ = [
    "SeedQuote",
    "OptionNote",
    "Rule",
    "Section",
    "LANGS",
    "SEED_FILES",
    "rules_for",
    "rule_for",
    "rule_text",
    "rule_variants",
    "rule_url",
    "known_rule_ids",
    "option_title",
    "option_text",
    "options_in_force",
    "scoring_summary",
    "variant_title",
    "game_title",
    "provisional_note",
    "preset_words",
]

LANGS = ("ru", "en")

SEED_FILES = {
    "000": "000_68904857a33e83c2.txt",
    "002": "002_88db4a35d7fb6aa7.txt",
    "003": "003_e26294b5477f907c.txt",
    "004": "004_47f68095ce5b8ebc.txt",
}

def provisional_note(variant: str, lang: str) -> str:
    """Why ``variant``'s rules are provisional (its catalogue entry says), or ""."""
    p = spec(variant).provisional
    return p.note(_lang(lang)) if p is not None else ""


# --------------------------------------------------------------------------------------------
# Data types


@dataclass(frozen=True)
class SeedQuote:
    """A short passage of a seed, quoted word for word (always Russian)."""

    seed: str
    text: str

    @property
    def file(self) -> str:
        return SEED_FILES[self.seed]

    def cite(self, lang: str) -> str:
        """The source by its title and the section the passage stands in (never its file)."""
        from .sources import SECTIONS, TITLES

        title = TITLES.get(self.seed, "")
        section = SECTIONS.get((self.seed, self.text[:48]))
        if section and section != title:
            return (f"«{title}», раздел «{section}»" if _lang(lang) == "ru"
                    else f"«{title}», section «{section}»")
        return f"«{title}»"


@dataclass(frozen=True)
class OptionNote:
    """A house rule that changes a rule: its key, its name and every value explained."""

    key: str
    title: str
    values: tuple[tuple[str, str, bool], ...]  # (value, meaning, is default)


@dataclass(frozen=True)
class Rule:
    """One rule with a stable anchor.

    ``engine`` is true for the ids the engine raises (the keys of ``MESSAGES``); the others are
    the variant's rules in words (``traditional.deal``) that the engine's ids refer to.
    """

    id: str
    title: str
    text: str
    quotes: tuple[SeedQuote, ...] = ()
    options: tuple[OptionNote, ...] = ()
    note: str = ""
    engine: bool = False

    @property
    def anchor(self) -> str:
        return self.id


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    rules: tuple[Rule, ...] = field(default_factory=tuple)


def _lang(lang: str | None) -> str:
    return "en" if lang == "en" else "ru"


def variant_title(variant: str, lang: str) -> str:
    """The variant's title in ``lang`` (its catalogue entry's words): the one place that picks it."""
    v = spec(variant)
    return v.title_en if _lang(lang) == "en" else v.title_ru


def variant_summary(variant: str, lang: str) -> str:
    """The variant's one-line summary in ``lang`` (its catalogue entry's words)."""
    v = spec(variant)
    return v.summary_en if _lang(lang) == "en" else v.summary_ru


#: what the table calls a game whose scoring names the «козёл» (traditional's kozel scoring)
KOZEL_TITLE: tuple[str, str] = ("Козёл", "Kozel")


def game_title(variant: str, lang: str, kozel: bool = False) -> str:
    """What the table calls the game: «Козёл» where the rules in force name the «козёл»
    (``Variant.names_the_kozel``), else the variant's title."""
    if kozel:
        return KOZEL_TITLE[1] if _lang(lang) == "en" else KOZEL_TITLE[0]
    return variant_title(variant, lang)


# --------------------------------------------------------------------------------------------
# House rules: a name and a sentence for every value. ``None`` as the value stands for any
# number ({n} in the sentence). Keys that mean different things in different variants have a
# (variant, key) entry that wins over the plain key.

Words = tuple[str, str]  # (ru, en)


class ValueWords(NamedTuple):
    """One value of a house rule in words: ``label`` its short name (the setup form's choice,
    the scoreboard), ``text`` the sentence saying what it does, the same on the setup form, the
    rules pages, the printed sheets and the command line. ``None`` as the value stands for any
    number: ``{n}`` in the text."""

    label: Words
    text: Words


class OptionWords(NamedTuple):
    """A house rule in words: its title and each value's words (one source for every page)."""

    title: Words
    values: Mapping[object, ValueWords]


def _w(label: Words, text: Words) -> ValueWords:
    return ValueWords(label, text)


OPTIONS: dict[object, OptionWords] = {
    "target": OptionWords(("Цель", "Target"), {
        None: _w(("", ""),
           ("матч выигрывает тот, чей счёт первым достигнет {n} очков (проверяется после каждого кона; при равенстве — больший счёт)",
            "the first total to reach {n} points wins the match (checked after each hand; if two reach it together, the higher total wins)")),
    }),
    "limit": OptionWords(("Предел", "Limit"), {
        None: _w(("", ""),
           ("штрафные очки пишутся каждому себе; когда чей-то счёт достигнет {n}, матч окончен и выигрывает наименьший счёт",
            "penalty points go against each player; once a total reaches {n} the match ends and the lowest total wins")),
    }),
    "lone_blank": OptionWords(("Одинокое пусто-пусто", "Lone 0:0"), {
        None: _w(("", ""),
           ("если у игрока осталась одна кость 0:0, она считается за {n} очков (0:0 среди других костей — 0)",
            "a hand holding only 0:0 counts {n} pips (0:0 among other tiles counts 0)")),
    }),
    "open_arms_first": OptionWords(("Сначала все стороны", "Arms opened first"), {
        "yes": _w(("да", "yes"),
           ("пока не начаты все четыре стороны, каждый ход начинает новую сторону",
            "until all four arms are started, each play must start a new arm")),
        "no": _w(("нет", "no"),
           ("стороны можно начинать в любом порядке",
            "arms may be started in any order")),
    }),
    "matador_end": OptionWords(("Конец после матадора", "End after a matador"), {
        "both_halves": _w(("обе половины", "both halves"),
           ("после поперечного матадора к концу подходят обе его половины",
            "after a crosswise matador either of its halves takes the next tile")),
        "chosen_half": _w(("выбранная половина", "chosen half"),
           ("игрок называет половину матадора, обращённую наружу",
            "the player names the half of the matador that faces out")),
    }),
    "matador_after_draw": OptionWords(("Матадор после взятия", "A matador after the draw"), {
        "no": _w(("пас", "pass"),
           ("после неудачного взятия из базара — пас: придержанный матадор в этот ход не кладут («взял одну — не подошла — пропускай»)",
            "after a draw that does not fit the player passes: a matador kept in hand is not laid that turn")),
        "yes": _w(("можно матадор", "matador allowed"),
           ("после неудачного взятия можно всё-таки положить придержанный матадор вместо паса (домашнее правило: источник об этом молчит)",
            "after a draw that does not fit, a matador kept in hand may still be laid instead of passing (a house rule: the sources are silent)")),
    }),
    "matador_compulsory": OptionWords(("Обязательность матадоров", "Compulsory matadors"), {
        "no": _w(("нет", "no"),
           ("матадоры (онеры) можно беречь: у кого подходят только они, может брать или пропускать",
            "matadors (honours) may be kept: a player whose only fitting tiles are matadors may draw or pass")),
        "yes": _w(("да", "yes"),
           ("матадор, который можно положить, обязателен, как любая кость",
            "a matador that fits must be played like any other tile")),
    }),
    "reserve_two": OptionWords(("Две кости в запасе", "Two tiles reserved"), {
        "no": _w(("нет", "no"),
           ("из базара можно брать все кости",
            "every bazaar tile may be drawn")),
        "yes": _w(("да", "yes"),
           ("последние две кости базара не берут, как в Бергене",
            "the last two bazaar tiles are never drawn, as in Bergen")),
    }),
}


def _option_entry(variant: str, key: str) -> OptionWords:
    entry = OPTIONS.get((variant, key)) or OPTIONS.get(key)
    if entry is None and variant not in VARIANT_RULES:
        _rules_of(variant)  # a variant registered after import: its words file, read now
        entry = OPTIONS.get((variant, key)) or OPTIONS.get(key)
    if entry is None:
        raise KeyError(f"no words for option {key!r} of {variant!r}")
    return entry


def option_title(variant: str, key: str, lang: str) -> str:
    """The option's name ("Цель", "Target")."""
    return _option_entry(variant, key).title[0 if _lang(lang) == "ru" else 1]


def option_text(variant: str, key: str, value: object, lang: str) -> str:
    """One sentence saying what ``key = value`` means for ``variant``."""
    entry = _option_entry(variant, key)
    i = 0 if _lang(lang) == "ru" else 1
    values = entry.values
    if value is None and key == "target":
        return ("цели нет: считают выигранные коны" if i == 0
                else "no target: hands won are counted")
    if value in values:
        return values[value].text[i]
    if None in values:
        return values[None].text[i].format(n=value)
    raise KeyError(f"no words for option {key}={value!r} of {variant!r}")


def option_label(variant: str, key: str, value: object, lang: str) -> str:
    """A value's short name (the setup form's choice, the scoreboard): a number as it is."""
    values = _option_entry(variant, key).values
    words = values.get(value)
    if words is None or not words.label[0]:
        return "—" if value is None else str(value)
    return words.label[0 if _lang(lang) == "ru" else 1]


def option_help(variant: str, key: str, value: object, lang: str) -> str:
    """The sentence the setup form shows beside a choice (``value``), or beside a number box
    (``value`` None: the sentence for any number N, as the rules page has it)."""
    if value is None:
        return option_text(variant, key, "N", lang)
    return option_text(variant, key, value, lang)


def _option_note(variant: str, key: str, lang: str) -> OptionNote:
    o = spec(variant).option(key)
    vals: list[tuple[str, str, bool]] = []
    if o.choices:
        for j, c in enumerate(o.choices):
            vals.append((str(c), option_text(variant, key, c, lang), j == 0))
    else:
        d = o.default_for(spec(variant).min_players, {"scoring": "credit"})
        if o.default_fn is not None and o.default_for(2, {}) != o.default_for(3, {}):   # by players
            two = o.default_for(2, {})
            more = o.default_for(3, {})
            txt = option_text(variant, key, "{n}", lang)
            dflt = (f"{two} (2 игрока), {more} (3–4)" if _lang(lang) == "ru"
                    else f"{two} (2 players), {more} (3–4)")
            vals.append((dflt, txt.replace("{n}", "N"), True))
        else:
            n_word = "любое целое" if _lang(lang) == "ru" else "any whole number"
            vals.append((str(d), option_text(variant, key, d, lang), True))
            vals.append(("N", n_word + ": " + option_text(variant, key, "N", lang), False))
    return OptionNote(key=key, title=option_title(variant, key, lang), values=tuple(vals))


def options_in_force(variant: str, options: Mapping[str, object], players: int,
                     lang: str) -> list[tuple[str, str, str, str]]:
    """Every option of the variant with its value in force: (key, title, value, sentence).

    Missing keys take their defaults. Options that do not apply (the variant's ``option_applies``:
    ``limit`` in traditional with credit scoring, ``target`` with kozel scoring) are left out.
    """
    from referee.rules import make_variant

    v = make_variant(variant, players, options)
    resolved = v.options
    out = []
    for key in spec(variant).option_keys:
        value = resolved[key]
        if not v.option_applies(key):
            continue
        shown = _value_word(value, lang)
        out.append((key, option_title(variant, key, lang), shown, option_text(variant, key, value, lang)))
    return out


def _value_word(value: object, lang: str) -> str:
    if value is None:
        return "—"
    return str(value)


# --------------------------------------------------------------------------------------------
# The variants in words. Each item: (id, section, ru, en, quotes, option keys, note (ru, en)).
# Sections, in page order:

SECTIONS = {
    "players": ("Игроки и раздача", "Players and the deal"),
    "lead": ("Начало кона", "Who leads"),
    "play": ("Ход", "Play"),
    "end": ("Конец кона", "End of the hand"),
    "scoring": ("Счёт", "Scoring"),
    "match": ("Матч", "The match"),
    "source": ("Источник: ошибки и пробелы", "The source: errors and gaps"),
    "record": ("Запись матча", "The game record"),
}


def Q(seed: str, text: str) -> SeedQuote:
    return SeedQuote(seed, text)


#: each variant's rules in words, from its words file (``referee/rules/variants/words``)
VARIANT_RULES: dict[str, list[tuple]] = {}
#: the presets offered at setup in words (their values: ``catalogue.PRESETS``), from the words files
PRESETS: dict[str, dict] = {}


def _from_words(words: prose.VariantWords) -> list[tuple]:
    """A variant's words file into the rulebook's tables: its options' and presets' words; its
    rules in words returned (``VARIANT_RULES``' items)."""
    for key, o in words.options.items():
        OPTIONS[(words.variant, key)] = OptionWords(
            o.title, {value: ValueWords(w.label, w.text) for value, w in o.values.items()})
    for name, p in words.presets.items():
        PRESETS[name] = {"title": p.title, "text": p.text}
    return [(r.id, r.section, r.ru, r.en, tuple(Q(q.source, q.text) for q in r.quotes), r.options)
            for r in words.rules]


for _variant in VARIANT_NAMES:
    _words = prose.words_of(_variant)
    if _words is not None:
        VARIANT_RULES[_variant] = _from_words(_words)


# --------------------------------------------------------------------------------------------
# The rules the engine raises (rule ids of referee.rules.messages.MESSAGES).
# Each: section, variants (None: every variant), title (ru, en), text (ru, en), quotes, option
# keys, and optional per-variant texts ("by": {variant: (ru, en)}).

# The topics a variant's class declares in ``rule_topics`` (None: every variant's page).
_DRAWING = "drawing"
_BLIND = "blind"
_MATADORS = "matadors"
_ALL = None

_FIT_EQUAL = ("Кость кладут к открытому концу той половиной, число на которой равно числу на конце.",
              "A tile is laid against an open end with the half that shows the same number as the end.")
_FIT_SUM7 = ("Кость кладут к открытому концу так, чтобы сумма соприкасающихся половин была 7; к концу с "
             "нулём — только матадор поперёк.",
             "A tile is laid so that the touching halves sum to 7; an end showing 0 takes only a "
             "matador, crosswise.")
_FIT_SUM6 = ("Кость кладут к открытому концу так, чтобы сумма соприкасающихся половин была 6; к концу с "
             "нулём — только матадор поперёк.",
             "A tile is laid so that the touching halves sum to 6; an end showing 0 takes only a "
             "matador, crosswise.")

def _E(section, topic, title, text, quotes=(), options=(), **kw):
    """An engine rule: shown on the page of every variant whose class declares ``topic`` in its
    ``rule_topics`` (``topic`` None: on every page)."""
    if topic is not None and not isinstance(topic, str):
        raise TypeError(f"an engine rule names a topic its variants declare, not {topic!r}")
    return dict(section=section, topic=topic, title=title, text=text, quotes=tuple(quotes),
                options=tuple(options), **kw)


def _shows(variant: str, topic: str | None) -> bool:
    """Whether ``variant``'s rules page holds the engine rules of ``topic``."""
    return topic is None or topic in REGISTRY[variant].rule_topics



ENGINE_RULES: dict[str, dict] = {
    # --- the record (referee check exit 2) -----------------------------------------------------
    "record.json": _E("record", _ALL, ("Файл записи", "The record file"),
        ("Запись игры — это JSON в UTF-8.", "A game record is JSON in UTF-8.")),
    "record.format": _E("record", _ALL, ("Формат записи", "The record's format"),
        ("Поле format должно быть referee-record/1; запись иного формата не читается.",
         "The format field must be referee-record/1; a record of another format is not read.")),
    "record.field": _E("record", _ALL, ("Поля записи", "The record's fields"),
        ("Запись состоит из полей format, variant, options, players, hands (и необязательных date, "
         "lang); у кона — deal, turns, result, left, lead, removed, starter. Каждое поле — своего типа: "
         "имена — строки, очки — числа, ходы — списки.",
         "A record holds format, variant, options, players, hands (and optional date, lang); a hand "
         "holds deal, turns, result, left, lead, removed, starter. Each field has its type: names are "
         "strings, points numbers, moves lists.")),
    "record.variant": _E("record", _ALL, ("Вариант", "The variant"),
        ("variant — одно из 17 имён: traditional, blitz, blind_blitz, dark, sevastopol, spider, sausage, "
         "matador, six_matador, french, muggins, bergen, fives, threes, lucky_threes, two_lane, ladder.",
         "variant is one of the 17 names: traditional, blitz, blind_blitz, dark, sevastopol, spider, "
         "sausage, matador, six_matador, french, muggins, bergen, fives, threes, lucky_threes, two_lane, "
         "ladder.")),
    "record.option_key": _E("record", _ALL, ("Домашнее правило", "A house rule"),
        ("В options допустимы только ключи домашних правил этого варианта (они перечислены на этой "
         "странице); пропущенный ключ берёт значение по умолчанию.",
         "options may only hold this variant's house rule keys (listed on this page); a missing key "
         "takes its default.")),
    "record.option_value": _E("record", _ALL, ("Значение правила", "An option's value"),
        ("Каждое домашнее правило принимает только свои значения (см. «Домашние правила»).",
         "Each house rule accepts only its own values (see “House rules”).")),
    "record.option_type": _E("record", _ALL, ("Тип значения", "An option's type"),
        ("Числовые правила (target, limit, lone_blank, deal_3_4, matador_bonus, monotonous_threshold) — "
         "числа JSON, остальные — строки.",
         "Numeric options (target, limit, lone_blank, deal_3_4, matador_bonus, monotonous_threshold) are "
         "JSON numbers, the others strings.")),
    "record.player_count": _E("record", _ALL, ("Число игроков", "The number of players"),
        ("Игроков должно быть столько, сколько допускает вариант (см. «Игроки и раздача»).",
         "The number of players must be one the variant allows (see “Players and the deal”).")),
    "record.player_name": _E("record", _ALL, ("Имена игроков", "Player names"),
        ("Игроки перечислены по часовой стрелке; имя не пустое, не длиннее %d знаков, без управляющих, "
         "невидимых знаков и знаков смены направления текста, и не повторяется (имена, различающиеся "
         "только регистром, — одно имя). Так же проверяет имена и форма нового матча." % limits.NAME_MAX,
         "Players are listed clockwise; a name is not empty, at most %d characters, holds no control, "
         "invisible or text-reversing characters and is not used twice (names differing only by case "
         "are one name). The new match form checks names the same way." % limits.NAME_MAX)),
    "record.limit": _E("record", _ALL, ("Размер записи", "The size of a record"),
        ("Запись принимается, если в ней не больше %d конов, %d ходов в коне и %d действий за ход, "
         "она не больше %d знаков (не считая пробелов между значениями) и вложена не глубже %d уровней: так проверка и печать любой записи "
         "занимают доли секунды." % (limits.MAX_HANDS, limits.MAX_TURNS, limits.MAX_MOVES,
                                     limits.MAX_RECORD_BYTES, limits.MAX_DEPTH),
         "A record is taken with at most %d hands, %d turns in a hand and %d moves in a turn, at most "
         "%d characters (not counting the spaces between values) and nested at most %d levels deep: so checking and printing any record takes a "
         "fraction of a second." % (limits.MAX_HANDS, limits.MAX_TURNS, limits.MAX_MOVES,
                                    limits.MAX_RECORD_BYTES, limits.MAX_DEPTH))),
    "record.unknown_player": _E("record", _ALL, ("Игрок не за столом", "A player not seated"),
        ("Ход, раздача или остаток могут называть только игроков из списка players.",
         "Turns, deals and remainders may name only the players listed in players.")),
    "record.token": _E("record", _ALL, ("Запись хода", "A move in the record"),
        ("Каждый ход записи должен читаться по нотации (см. «Запись хода»); запись с нечитаемым ходом "
         "не проверяется вовсе.",
         "Every move of a record must parse (see “A move token”); a record with an unreadable move is "
         "not checked at all.")),
    "record.deal": _E("record", _ALL, ("Раздача", "The deal"),
        ("Записанная раздача даёт каждому игроку столько костей, сколько велит вариант, и ни одна кость "
         "не встречается дважды.",
         "A recorded deal gives each player as many tiles as the variant says, and no tile appears "
         "twice.")),
    "record.unknown_key": _E("record", _ALL, ("Поля записи", "The record's fields"),
        ("Запись содержит только поля формата referee-record/1 (docs/record.schema.json): поле с другим "
         "именем — например, turnz вместо turns — не пропускается молча, а отклоняет запись.",
         "A record holds only the fields of referee-record/1 (docs/record.schema.json): a field by "
         "another name, such as turnz for turns, is not silently skipped but refuses the record.")),
    "record.tile": _E("record", _ALL, ("Кость набора", "A tile of the set"),
        ("Набор — дубль-шесть, 28 костей от 0:0 до 6:6.", "The set is double-six: 28 tiles, 0:0 to 6:6.")),
    "record.unseen_draw": _E("record", _DRAWING, ("Взятая кость названа", "A draw names its tile"),
        ("Когда раздача записана, каждая взятая из базара кость называется: draw a:b.",
         "Where the deal is recorded, every draw names its tile: draw a:b.")),
    "record.left": _E("record", _ALL, ("Остаток на руках", "Tiles left"),
        ("left — для каждого игрока с костями: список костей или число очков (одинокая 0:0 — "
         "lone_blank). Кости проверяются: не на столе, не дважды, счёт сходится.",
         "left gives, for each player still holding tiles, the tiles or the pips counted (a lone 0:0 as "
         "lone_blank). Tiles are checked: not on the table, not twice, counts add up.")),
    "record.result": _E("record", _ALL, ("Итог без ходов", "A result-only entry"),
        ("result — {out, left, scored, maker}: кто вышел, что осталось, очки, набранные по ходу игры, и "
         "кто сделал рыбу (где это важно).",
         "result is {out, left, scored, maker}: who went out, what was left, points gathered during "
         "play, and who made the block (where it matters).")),
    "token.syntax": _E("record", _ALL, ("Запись хода", "A move token"),
        ("Ход записывают так: a:b (положить), a:b>c:d (к кости c:d), a:b>c:d@n (к её половине n), с "
         "across / along, down, cut, а также draw, draw a:b, pass, miss a:b, open a:b c:d e:f.",
         "Moves are written a:b (lay), a:b>c:d (against tile c:d), a:b>c:d@n (against its half n), with "
         "across / along, down, cut, and draw, draw a:b, pass, miss a:b, open a:b c:d e:f.")),
    "token.tile": _E("record", _ALL, ("Кость", "A tile"),
        ("Кость пишут как a:b (или a-b), где a и b — числа от 0 до 6; 3:5 и 5:3 — одна кость.",
         "A tile is written a:b (or a-b), a and b from 0 to 6; 3:5 and 5:3 are one tile.")),
    "token.open_twice": _E("record", _BLIND, ("Открытие трёх костей", "Turning up three tiles"),
        ("open называет три разные кости.", "open names three different tiles.")),
    "token.across_half": _E("record", "matador_half", ("Половина матадора", "The matador's half"),
        ("across@n называет половину поперечного матадора, обращённую наружу; n — одна из его половин.",
         "across@n names the half of a crosswise matador that faces out; n is one of its halves."),
        options=("matador_end",)),
    # --- turns and the lead ----------------------------------------------------------------------
    "turn.wrong_player": _E("play", _ALL, ("Чужая очередь", "Not his turn"),
        ("Ходят по часовой стрелке от заходящего; пропуск — тоже ход, никого не пропускают (кроме "
         "разреза в «Колбасе»).",
         "Play goes clockwise from the leader; a pass is a turn and nobody is skipped (except where the "
         "sausage cut moves the turn)."),
        quotes=(Q("002", "Игрок, начинающий игру определяется жребием, следующие ходы делаются по часовой "
                         "стрелке."),
                Q("000", "По ходу часовой стрелки игру продолжает Владимир, он выкладывает 0:3."))),
    "turn.one_tile": _E("play", "one_tile",
        ("Одна кость за ход", "One tile a turn"),
        ("За ход кладут одну кость (несколько — только в блице и в слепых вариантах).",
         "One tile is laid per turn (several only in blitz and the blind variants)."),
        quote_from=('lanes', 'turn')),
    "draw.lay_drawn": _E("play", _MATADORS, ("Взятую кость кладут", "The drawn tile is laid"),
        ("Кость, взятая из базара и подходящая к выкладке, должна быть положена в тот же ход; онер или "
         "матадор, придержанный в руке, вместо неё не кладут.",
         "A tile drawn from the bazaar that fits must be laid in the same turn; an honour or matador "
         "kept in hand is not laid instead of it.")),
    "turn.over": _E("play", _ALL, ("Ход окончен", "The turn is over"),
        ("После положенной кости (или пропуска) ход переходит к следующему; добавить к оконченному ходу "
         "нельзя.",
         "After the tile laid (or the pass) the turn passes on; nothing is added to a finished turn.")),
    "turn.incomplete": _E("play", _ALL, ("Пустой ход", "An empty turn"),
        ("Ход — это взятые кости, затем положенные кости или пас; ход без положенной кости кончается "
         "явным пасом.",
         "A turn is any draws, then tiles laid or pass; a turn that lays no tile ends with an explicit "
         "pass.")),
    "lead.unknown": _E("lead", _ALL, ("Кто заходит", "Who leads"),
        ("Где заходящего определяют жребием или договорённостью, его имя пишут в поле lead кона (иначе "
         "заходит игрок первого хода).",
         "Where the leader is chosen by lot or agreement, the hand's lead field names him (absent: the "
         "first turn's player)."),
        quote_from=('opener',)),
    "lead.wrong_player": _E("lead", _ALL, ("Не тот заходящий", "The wrong leader"),
        ("Заходит тот, кого называет правило начала (см. выше) или поле lead.",
         "The player named by the opener rule (above) or by the lead field leads."),
        quote_from=('opener',)),
    "lead.wrong_tile": _E("lead", _ALL, ("Не та кость для захода", "The wrong lead tile"),
        ("Где вариант называет кость для захода (0:0, наименьший дубль, 6:6 …), её владелец обязан "
         "зайти именно ею.",
         "Where the variant names the tile that leads (0:0, the lowest double, 6:6 …), its holder must "
         "lead that very tile."),
        options=("opener",),
        quote_from=('opener',)),
    "lead.double": _E("lead", "lead_double", ("Заход дублем", "A double leads"),
        ("Игра открывается дублем: он становится корнем выкладки.",
         "The hand opens with a double: it is the root of the layout."),
        quote_from=('opener',)),
    "lead.too_late": _E("lead", _ALL, ("Заход уже был", "Already led"),
        ("Заходящего можно назвать только до первого хода.", "The leader can be named only before the first move.")),
    "hand.over": _E("end", _ALL, ("Кон окончен", "The hand is over"),
        ("Кон кончается в тот же миг, когда игрок вышел или возникла рыба; ходы после этого отвергаются.",
         "A hand ends the moment a player goes out or a block arises; no turn follows it."),
        quote_from=('end', 'scoring')),
    "hand.unfinished": _E("record", _ALL, ("Недоигранный кон", "An unfinished hand"),
        ("Недоигранным может быть только последний кон записи (матч в процессе).",
         "Only the last hand of a record may be unfinished (a match in progress).")),
    "hand.redeal": _E("players", "redeal", ("Пересдача", "Redeal"),
        ("При однообразной раздаче кон записывают с раздачей и без ходов; он кончается пересдачей.",
         "A monotonous deal is recorded with its deal and no turns; it ends as a redeal."),
        options=("monotonous_threshold", "redeal_when"),
        quote_from=("monotonous",)),
    "hand.no_double": _E("lead", "no_double", ("Нет дубля — пересдача", "No double: redeal"),
        ("Если дубля нет ни у кого, кости перемешивают заново: кон записывают с раздачей и без ходов.",
         "If nobody holds a double the tiles are redealt: the hand is recorded with its deal and no "
         "turns."),
        quote_from=('opener',)),
    # --- tiles ------------------------------------------------------------------------------------
    "tile.on_table": _E("play", _ALL, ("Кость уже на столе", "The tile is already on the table"),
        ("В наборе каждая кость одна; кость на столе положить ещё раз нельзя.",
         "Every tile is unique in the set; a tile on the table cannot be laid again.")),
    "tile.not_in_hand": _E("play", _ALL, ("Кости нет на руках", "The tile is not in the hand"),
        ("Игрок кладёт только свои кости: из раздачи или взятые из базара.",
         "A player lays only tiles he holds: dealt to him or drawn from the bazaar.")),
    "tile.elsewhere": _E("play", _ALL, ("Кость в другом месте", "The tile is elsewhere"),
        ("Когда раздача не записана, судья всё равно помнит, где каждая виденная кость: у игрока не может "
         "оказаться кость, которая известна в другой руке, на столе или вне игры.",
         "Where the deal is unknown the referee still knows where each tile seen is: a player cannot hold "
         "a tile known to be in another hand, on the table or out of play.")),
    "tile.no_tiles": _E("play", _ALL, ("Костей нет", "No tiles left"),
        ("У игрока без костей нечего класть.", "A player with no tiles has nothing to lay."),
        quote_from=()),
    # --- laying -----------------------------------------------------------------------------------
    "play.no_fit": _E("play", _ALL, ("Кость не подходит", "The tile does not fit"), _FIT_EQUAL,
        quotes=(Q("003", "кость при ответном ходе ставят нужным очком к той стороне уже положенной кости, "
                         "на которой имеется такое же количество очков"),),
        by={v: {7: _FIT_SUM7, 6: _FIT_SUM6}[cls.match_sum] for v, cls in REGISTRY.items() if cls.match_sum}),
    "play.wrong_end": _E("play", _ALL, ("Не то место", "The wrong place"),
        ("Кость, положенная к названной кости (a:b>c:d), должна подходить к её открытому концу.",
         "A tile laid against a named tile (a:b>c:d) must fit that tile's open end."),
        quote_from=('matching', 'lanes', 'legs', 'arms', 'spinner')),
    "play.orientation": _E("play", _ALL, ("Поперёк или вдоль", "Across or along"),
        ("Дубли лежат так, как велит вариант (поперёк, вдоль или на выбор игрока); где выбор за игроком "
         "и он что-то меняет, ход говорит across или along.",
         "Doubles lie as the variant says (crosswise, lengthwise or the player's choice); where the "
         "player chooses and it matters, the move says across or along."),
        quote_from=('matching', 'spinner')),
    "play.ambiguous": _E("play", _ALL, ("Неясно, куда", "Ambiguous move"),
        ("Если кость подходит в несколько действительно разных мест (или можно выбрать поперёк/вдоль), "
         "ход должен назвать место: a:b>c:d, a:b>c:d@n, across/along. Места, различные лишь симметрией, "
         "считаются одним.",
         "Where a tile fits in more than one truly different place (or across/along may be chosen), the "
         "move must name it: a:b>c:d, a:b>c:d@n, across/along. Places that differ only by symmetry are "
         "one place.")),
    "blitz.chain": _E("play", "blitz", ("Цепочка блица", "The blitz chain"),
        ("Каждая следующая кость хода прикладывается к только что положенной (после одиночной заходной — "
         "к любой её стороне).",
         "Each further tile of a turn attaches to the tile just laid (after a lone lead tile, to either "
         "of its sides)."),
        quotes=(Q("002", "прикладывая их друг к другу в соответствии с правилами традиционного домино"),),
        options=("chain",)),
    "sevastopol.arms_first": _E("play", "sevastopol", ("Сначала четыре стороны", "Four arms first"),
        ("Пока не начаты все четыре стороны 6:6, каждый ход начинает новую сторону шестёркой; без шестёрки — "
         "пропуск.",
         "Until all four arms of 6:6 are started, each play starts a new arm with a six; without a six, "
         "pass."),
        quotes=(Q("002", "При первых ходах каждый игрок обязательно начинает одну из четырех сторон "
                         "выкладки"),), options=("open_arms_first",)),
    "spider.arms_first": _E("play", "spider", ("Сначала четыре ноги", "Four legs first"),
        ("С домашним правилом open_arms_first=yes сначала начинают все четыре ноги и до этого не закрывают "
         "ни одной.",
         "With the house rule open_arms_first=yes all four legs are started first, and none is closed "
         "before that."), options=("open_arms_first",)),
    "spider.close": _E("play", "spider", ("Закрыть ногу", "Closing a leg"),
        ("Ногу закрывают дублем рубашкой вверх (down) на конце начатой ноги; дубль совпадает с её концом.",
         "A leg is closed by a double laid face down (down) on the end of a started leg; the double "
         "matches that end."),
        quotes=(Q("002", "дублем можно закрыть ход противников по одной из «ног паука», положив его лицевой "
                         "стороной вниз."),), options=("close_with",)),
    "matador.no_fit": _E("play", _MATADORS, ("Сумма не сходится", "The halves do not sum"), _FIT_SUM7,
        by={"six_matador": _FIT_SUM6},
        quotes=(Q("002", "К нулевой половинке можно приставлять только матадоры, которые кладутся поперек "
                         "цепочки."),), options=("matador_end",)),
    "sausage.balance": _E("play", "sausage", ("Равновесие лент", "Lane balance"),
        ("К ленте добавляют кость, только если она не длиннее другой уже на одну кость.",
         "A tile may be added to a lane only if that lane is not already one tile longer than the other."),
        quotes=(Q("002", "Выступать из двойной полосы может только одна косточка с каждой стороны."),)),
    "sausage.cut": _E("play", "sausage", ("Разрез", "The cut"),
        ("Резать можно при выровненных лентах (не меньше кости в каждой) костью, половинки которой — "
         "открытые числа обеих лент.",
         "A cut needs level lanes (at least one tile each) and a tile whose halves are the two lanes' open "
         "numbers."), options=("cut_when",)),
    "sausage.give": _E("play", "sausage", ("Какой кусок отдать", "Which piece to give"),
        ("С cut_when=any при лентах разной длины резчик говорит, какой кусок отдаёт: give left (кости до "
         "длины короткой ленты) или give right (выступающую кость).",
         "With cut_when=any and lanes a tile apart, the cutter says which piece he gives: give left (the "
         "tiles up to the shorter lane's length) or give right (the protruding tile)."),
        quotes=(Q("002", "Отдать можно любой из двух полученных кусков, слева или справа от разрезающей "
                         "кости."),), options=("cut_when",)),
    "ladder.starter": _E("play", "ladder", ("Стартовая кость", "The starter"),
        ("Первая кость ставится к стартовой кости, открытой из базара (поле starter кона), и задаёт "
         "направление. Правило предварительное.",
         "The first tile goes on the starter turned up from the bazaar (the hand's starter field) and "
         "fixes the direction. A provisional rule."),
        quotes=(Q("002", "С базара достается одна кость, которая является стартовой."),)),
    # --- drawing and passing ----------------------------------------------------------------------
    "draw.no_bazaar": _E("play", _ALL, ("Брать не из чего", "No drawing"),
        ("В этом варианте (или при этом числе игроков, или по домашнему правилу) из базара не берут: кому "
         "нечем ходить, пропускает.",
         "In this variant (or with this many players, or by house rule) nobody draws: a player who "
         "cannot play passes."), options=("draw",),
        quote_from=()),
    "blitz.no_bazaar": _E("play", "blitz", ("В блице нет базара", "Blitz has no bazaar"),
        ("Несданные кости в блице в игре не участвуют: брать их нельзя, кому нечем ходить — пропускает. С "
         "домашним правилом bazaar=draw из них берут, пока не смогут сходить.",
         "In blitz the undealt tiles take no part and cannot be drawn: a player who cannot play passes. "
         "Under the house rule bazaar=draw they are drawn until playable."),
        quotes=(Q("002", "Оставшиеся кости в игре не участвуют, «базара» нет."),
                Q("000", "Если какие-то кости остались невостребованными, то их оставляют в стороне, в игре "
                         "они не участвуют.")), options=("bazaar",)),
    "draw.empty": _E("play", _DRAWING, ("Базар пуст", "The bazaar is empty"),
        ("Когда взять нечего (в базаре нет доступных костей), кому нечем ходить — пропускает.",
         "When no drawable tile is left, a player who cannot play passes."),
        quote_from=('drawing', 'draws', 'play')),
    "draw.one_per_turn": _E("play", _DRAWING, ("Одна кость за ход", "One draw a turn"),
        ("Где вариант даёт брать одну кость за ход, вторую взять нельзя: не подошла — пропуск.",
         "Where the variant allows one draw a turn, a second is refused: if it does not fit, pass."),
        options=("draws",),
        quote_from=('drawing', 'draws', 'play')),
    "draw.must_play": _E("play", _DRAWING, ("Брать нельзя: есть ход", "No draw while able to play"),
        ("Из базара берут, только когда нечем ходить (кроме «Тройного на счастье» и необязательных "
         "матадоров/онеров). Судья проверяет это там, где раздача записана.",
         "A player draws only when he cannot play (except in lucky threes, and where the only fitting "
         "tiles are optional matadors or honours). The referee checks it where the deal is recorded."),
        options=("matador_compulsory",),
        quote_from=('drawing', 'draws', 'play')),
    "draw.after_lay": _E("play", _DRAWING, ("Сначала брать, потом класть", "Draw before laying"),
        ("В ходе сначала берут из базара, потом кладут; после положенной кости брать нельзя.",
         "In a turn any draws come first, then tiles laid; no draw after a tile is laid."),
        quote_from=('drawing', 'draws', 'play')),
    "draw.not_in_bazaar": _E("play", _DRAWING, ("Кости нет в базаре", "Not in the bazaar"),
        ("Из базара можно взять только кость, которая там есть: не на руках, не на столе, не вне игры.",
         "Only a tile still in the bazaar can be drawn: not one in a hand, on the table or out of play.")),
    "draw.out": _E("play", _DRAWING, ("Вышедший не берёт", "No draw when out"),
        ("Игрок без костей не берёт из базара (кроме «Французской партии», где он берёт, пока базар не "
         "пуст).",
         "A player with no tiles does not draw (except in the French game, where he draws while the "
         "bazaar has tiles).")),
    "pass.must_play": _E("play", _ALL, ("Обязан ходить", "Must play if able"),
        ("У кого есть подходящая кость, тот не пропускает ход (кроме необязательных матадоров и онеров). "
         "Судья проверяет это там, где раздача записана.",
         "A player who holds a tile that fits may not pass (except optional matadors and honours). The "
         "referee checks it where the deal is recorded."), options=("matador_compulsory",),
        quote_from=()),
    "pass.must_draw": _E("play", _DRAWING, ("Сначала взять", "Draw first"),
        ("Кто не может сходить, обязан брать, пока в базаре есть доступные кости; пропуск — только когда "
         "брать нечего (или взятая кость не подошла, где берут одну).",
         "A player who cannot play must draw while a drawable tile remains; he passes only when there is "
         "nothing to draw (or, in one-draw variants, after a draw that did not fit)."),
        quote_from=('drawing', 'draws', 'play')),
    "pass.after_lay": _E("play", _ALL, ("Пас после хода", "Pass after laying"),
        ("Пас означает, что игрок не положил ни одной кости; после положенной кости пас не пишут.",
         "pass says the player laid no tile; it is not written after a tile laid.")),
    "lucky.five_draws": _E("play", "lucky", ("Не больше пяти", "At most five"),
        ("За ход можно взять не больше 5 костей.", "At most 5 tiles may be drawn in one turn."),
        quotes=(Q("002", "в данном случае игрок может брать до 5 костей подряд."),)),
    "lucky.lay_drawn": _E("play", "lucky", ("Удачную кость кладут", "A lucky tile is laid"),
        ("Взятую кость, которая даёт результативный ход, кладут сразу (и получают 10 очков).",
         "A drawn tile that makes a scoring play is laid at once (and scores 10)."),
        quotes=(Q("002", "В том случае, если игроку удалось взять в резерве нужную кость, он получает 10 "
                         "очков, которые он может записать себе."),)),
    # --- blind variants ----------------------------------------------------------------------------
    "blind.only": _E("record", _ALL, ("Ходы слепых вариантов", "Moves of the blind variants"),
        ("miss и open бывают только в «Блице вслепую» и «Втёмную».",
         "miss and open exist only in blind blitz and in the dark.")),
    "blind.not_rightmost": _E("play", _BLIND, ("Крайняя правая", "The rightmost tile"),
        ("Открывают крайнюю правую кость своего ряда (в записи раздачи — последнюю в списке).",
         "The rightmost tile of the row is turned up (the last one in the recorded deal's list)."),
        quotes=(Q("002", "Он берет кость, лежащую перед ним справа."),)),
    "blind.miss_fits": _E("play", _BLIND, ("Подходящую кладут", "A tile that fits is laid"),
        ("Открытую кость, которая подходит, обязательно кладут; miss — только для неподходящей.",
         "A turned-up tile that fits must be laid; miss is only for a tile that does not fit."),
        quote_from=('turn',)),
    "blind.draw_after_miss": _E("play", _BLIND, ("Взятие из базара после промаха", "A draw after a miss"),
        ("Одну кость из базара можно взять только после неудачной (miss) и положить её справа в ряд; "
         "после открытия — если ничего не подходит.",
         "One bazaar tile may be drawn only after a miss, to the right end of the row; after the reveal, "
         "when nothing fits."),
        quotes=(Q("002", "После неудачного хода игрок может взять еще одну кость из резерва и положить ее "
                         "справа от себя."),)),
    "blind.must_open": _E("play", _BLIND, ("Открыть три кости", "Turn up three tiles"),
        ("Когда остаются три кости, их сразу открывают: open a:b c:d e:f.",
         "At three tiles left they are turned up at once: open a:b c:d e:f."),
        quotes=(Q("002", "Когда у кого-то из игроков останется только три кости, он должен открыть их."),)),
    "blind.must_turn": _E("play", _BLIND, ("Открыть кость", "Turn up a tile"),
        ("До открытия ход начинается с того, что игрок открывает свою крайнюю правую кость.",
         "Before the reveal a turn starts with the player turning up his rightmost tile."),
        quote_from=('turn',)),
    "blind.open_wrong": _E("play", _BLIND, ("Открывают оставшиеся", "The three left"),
        ("open называет именно три оставшиеся у игрока кости.", "open names exactly the three tiles the player has left."),
        quote_from=('reveal',)),
    "blind.not_yet": _E("play", _BLIND, ("Рано открывать", "Too early to turn up"),
        ("Открывают, когда остаётся ровно три кости, не раньше.", "Tiles are turned up when exactly three are left, not before."),
        quote_from=('reveal',)),
    "blind.no_miss_open": _E("play", _BLIND, ("После открытия промахов нет", "No misses after the reveal"),
        ("Когда три последние кости открыты, игрок кладёт подходящую (можно несколько); если ничего не "
         "подходит — берёт одну кость или пасует. miss больше не бывает.",
         "Once the last three tiles are turned up the player lays those that fit (several if he likes); "
         "if none fits he draws one tile or passes. There are no more misses."),
        quote_from=('reveal',)),
    "blind.drawn_not_played": _E("play", _BLIND, ("Взятую не кладут", "A drawn tile waits"),
        ("Кость, взятая из базара, в этот ход не играет.", "A tile drawn from the bazaar is not played this turn."),
        quote_from=('turn',)),
    "blind.after_miss": _E("play", _BLIND, ("После промаха", "After a miss"),
        ("После неудачной кости ход окончен: можно лишь взять одну кость из базара, затем пас.",
         "After a miss the turn is over: one draw at most, then pass."),
        quote_from=('turn',)),
    "dark.one_tile": _E("play", "dark", ("Одна кость до открытия", "One tile until the reveal"),
        ("Втёмную до открытия за ход открывают и кладут одну кость.",
         "In the dark, one tile is turned up and laid per turn until the reveal."),
        quotes=(Q("002", "выложить больше одной кости можно только когда их осталось только три и они "
                         "повернуты лицевой стороной."),)),
    # --- end of the hand, results ----------------------------------------------------------------------
    "left.missing": _E("end", _ALL, ("Нужен остаток", "Tiles left needed"),
        ("Если раздача не записана, для подсчёта нужен остаток каждого игрока с костями (left): кости или "
         "очки.",
         "Where the deal is unknown, scoring needs what each player still holding tiles was left with "
         "(left): the tiles or the pips."),
        quote_from=('scoring',)),
    "left.mismatch": _E("end", _ALL, ("Остаток не сходится", "Tiles left disagree"),
        ("Когда раздача записана, left должен совпадать с тем, что осталось по ходам.",
         "With a known deal, left must agree with what the moves leave.")),
    "left.impossible": _E("end", _ALL, ("Невозможный остаток", "An impossible remainder"),
        ("Остаток должен быть возможен: столько костей, сколько у игрока на руках (без хода — не больше "
         "сданных и взятых), ни одна не лежит на столе и не записана дважды или у другого; очки не "
         "отрицательны и не больше, чем могут нести кости на руках.",
         "A remainder must be possible: as many tiles as the player holds (for a result only, no more "
         "than he was dealt and could draw), none on the table, none listed twice or by another player; "
         "pips never below zero nor more than the tiles held could carry.")),
    "bergen.left_tiles": _E("end", "bergen", ("Остаток в Бергене", "Bergen's remainder"),
        ("При рыбе в Бергене 2 очка зависят от того, у кого дубли, поэтому left называет кости, а не "
         "число.",
         "On a Bergen block the 2 points depend on who holds doubles, so left names the tiles, not a "
         "number.")),
    "result.out": _E("end", _ALL, ("Кто вышел", "Who went out"),
        ("В result поле out — имя вышедшего (у него нет остатка) или null при рыбе.",
         "In result, out names the player who went out (he has nothing left), or null on a block.")),
    "result.scored": _E("end", _ALL, ("Очки по ходу игры", "Points in play"),
        ("Очки за игру должны быть возможны: в «Маггинсе» кратны 5, в «Двухполосном» — 10 и т. п.; где "
         "по ходу игры очков не считают, их нет.",
         "Points in play must be possible: a multiple of 5 in Muggins, of 10 in two-lane, and so on; "
         "where nothing is scored during play, there are none."),
        quote_from=('points', 'count', 'scoring')),
    "result.maker": _E("end", "fish_maker", ("Кто сделал рыбу", "The fish maker"),
        ("При fish_winner=maker рыбу выигрывает тот, кто положил последнюю кость; итог без ходов "
         "называет его в поле maker.",
         "Under fish_winner=maker the player who laid the last tile wins a block; a result-only entry "
         "names him in its maker field."),
        options=("fish_winner",)),
    "result.mismatch": _E("end", _ALL, ("Итог не совпадает с ходами", "Result and moves disagree"),
        ("Кон с ходами и result должен согласовываться сам с собой.", "A hand with both turns and result must agree with itself.")),
    "match.over": _E("match", _ALL, ("Матч окончен", "The match is over"),
        ("Когда матч решён (цель или предел достигнуты), новые коны не записывают.",
         "Once the match is decided (target or limit reached), no further hand is recorded."),
        quote_from=('match',)),
}


# --------------------------------------------------------------------------------------------
# Building the pages


_LOT_QUOTES = {
    "matador": (Q("002", "Игрок, начинающий игру определяется жребием, следующие ходы делаются по часовой "
                         "стрелке."),),
    "muggins": (Q("002", "Заходящий может выложить любую кость."),),
    "two_lane": (Q("002", "Начинать игру может любой участник, который обычно определяется жеребьевкой."),),
    "ladder": (Q("002", "Право первого хода определяется жеребьевкой."),),
    "dark": (Q("002", "Начинающего определяют жеребьевкой."),),
    "fives": (Q("002", "Игра начинается с «мыла», либо с ближайшего дубля."),),
    "threes": (Q("002", "Кости раздают, как в игре «берген»"),),
    "lucky_threes": (Q("002", "Тройное домино на счастье является вариантом обычного тройного домино."),),
}
_LOT_QUOTES["six_matador"] = _LOT_QUOTES["matador"]
for _rid in ("lead.wrong_tile", "lead.wrong_player", "lead.unknown"):
    ENGINE_RULES[_rid].setdefault("by_quotes", {}).update(_LOT_QUOTES)
ENGINE_RULES["blitz.no_bazaar"]["note"] = (
    "Пример кона в источнике «Блиц» сам берёт из «базара» (Андрей берёт 5:5, 6:4 и 0:2): он законен "
    "только с bazaar=draw. См. blitz.source_error.",
    "The source «Блиц»'s own illustrative hand draws from the “bazaar” (Андрей draws 5:5, 6:4 and 0:2): it is legal "
    "only with bazaar=draw. See blitz.source_error.")
ENGINE_RULES["play.orientation"].setdefault("by_quotes", {}).update({
    "fives": (Q("002", "Дубль можно класть как поперек, так и вдоль выкладки как обычные кости."),),
    "threes": (Q("002", "Кости раздают, как в игре «берген», а подсчет очков и порядок игры – как в пятерном "
                        "домино"),),
    "bergen": (Q("002", "Дубли всегда располагаются поперек основной выкладки."),),
    "traditional": (Q("003", "Дубли кладутся перпендикулярно другим костям."),),
    "two_lane": (Q("002", "Кости, в том числе и дубли, ставят вертикально."),),
})


def _engine_rule(rule_id: str, variant: str | None, lang: str) -> Rule:
    e = ENGINE_RULES[rule_id]
    i = 0 if _lang(lang) == "ru" else 1
    text = e.text
    quotes = e.quotes
    if variant is not None:
        text = e.by.get(variant, text)
        quotes = e.by_quotes.get(variant, quotes)
        if not quotes:
            # where the seed says it: the quotes of the variant's own rule in words
            for suffix in e.quote_from:
                for item in _rules_of(variant):
                    if item.id == f"{variant}.{suffix}":
                        quotes = tuple(item.quotes)
                if quotes:
                    break
    opts: tuple[OptionNote, ...] = ()
    if variant is not None:
        keys = [k for k in e.options if k in spec(variant).option_keys]
        opts = tuple(_option_note(variant, k, lang) for k in keys)
    note = e.note[i]
    return Rule(id=rule_id, title=e.title[i], text=text[i], quotes=tuple(quotes), options=opts,
                note=note, engine=True)


#: Titles of the rules in words, by the last part of their id.
PROSE_TITLES = {
    "deal": ("Раздача", "The deal"),
    "monotonous": ("Однообразный расклад", "Monotonous deals"),
    "opener": ("Кто начинает", "Who leads"),
    "matching": ("Как ставят кости", "Matching"),
    "drawing": ("Базар", "Drawing"),
    "draws": ("Взятие из базара", "Drawing"),
    "end": ("Конец кона", "The end of the hand"),
    "scoring": ("Счёт", "Scoring"),
    "match": ("Матч", "The match"),
    "source_error": ("Ошибка источника", "An error in the source"),
    "provisional": ("Правила предварительные", "Provisional rules"),
    "turn": ("Ход", "A turn"),
    "reveal": ("Открытие трёх костей", "The reveal at three"),
    "referee": ("Что проверяет судья", "What the referee checks"),
    "arms": ("Четыре стороны", "The four arms"),
    "legs": ("Ноги паука", "The spider's legs"),
    "lanes": ("Две ленты", "Two lanes"),
    "points": ("Очки по ходу игры", "Points during play"),
    "count": ("Счёт по ходу игры", "The count"),
    "spinner": ("Волчок", "The spinner"),
    "play": ("Ход", "Play"),
    "direction": ("Направление выкладки", "The direction"),
}


def _variant_rule(variant: str, item: VariantRule, lang: str) -> Rule:
    rid, section, ru, en, quotes, keys = item
    i = 0 if _lang(lang) == "ru" else 1
    opts = tuple(_option_note(variant, k, lang) for k in keys if k in spec(variant).option_keys)
    title = PROSE_TITLES.get(rid.split(".", 1)[1], SECTIONS[section])[i]
    return Rule(id=rid, title=title, text=(ru, en)[i], quotes=tuple(quotes), options=opts)


def rule_variants(rule_id: str) -> tuple[str, ...]:
    """The variants whose rules page holds ``rule_id``."""
    if rule_id in ENGINE_RULES:
        topic = ENGINE_RULES[rule_id].topic
        return tuple(v for v in VARIANTS if _shows(v, topic))
    for v, items in _all_rules():
        if any(it.id == rule_id for it in items):
            return (v,)
    prefix = rule_id.split(".", 1)[0]
    if prefix in VARIANTS:
        return (prefix,)
    return ()


def rule_url(rule_id: str, variant: str | None = None) -> str:
    """The rules page address of a rule: ``/rules/<variant>#<rule id>`` (the variant's own page
    where it holds the rule, else the first page that does)."""
    pages = rule_variants(rule_id)
    if variant is None or variant not in pages:
        variant = pages[0] if pages else (variant or "traditional")
    return f"/rules/{variant}#{rule_id}"


def known_rule_ids() -> set[str]:
    ids = set(ENGINE_RULES)
    for _v, items in _all_rules():
        ids.update(it.id for it in items)
    return ids


def rule_for(rule_id: str, lang: str, variant: str | None = None) -> Rule:
    """The rule with this id, in ``lang`` (as it reads on ``variant``'s page, if given)."""
    if rule_id in ENGINE_RULES:
        if variant is None:
            vs = rule_variants(rule_id)
            variant = vs[0] if len(vs) == 1 else None
        return _engine_rule(rule_id, variant, lang)
    for v, items in _all_rules():
        for it in items:
            if it.id == rule_id:
                return _variant_rule(v, it, lang)
    raise KeyError(rule_id)


def rule_text(rule_id: str, lang: str, variant: str | None = None) -> str:
    """The rule in words. Raises ``KeyError`` for an id the rulebook does not know."""
    return rule_for(rule_id, lang, variant).text


def rules_for(variant: str, lang: str) -> list[Section]:
    """The variant's rules page: sections in order, each rule with its anchor."""
    spec(variant)  # raises for an unknown variant
    lang = _lang(lang)
    i = 0 if lang == "ru" else 1
    by_section: dict[str, list[Rule]] = {k: [] for k in SECTIONS}
    for item in _rules_of(variant):
        by_section[item.section].append(_variant_rule(variant, item, lang))
    for rid, e in ENGINE_RULES.items():
        if _shows(variant, e.topic):
            section = e.section if e.section in by_section else "play"
            by_section[section].append(_engine_rule(rid, variant, lang))
    order = list(by_section)
    if spec(variant).provisional:  # the warning comes first on the page
        order.remove("source")
        order.insert(0, "source")
    sections = []
    for key in order:
        rules = by_section[key]
        if rules:
            sections.append(Section(id=f"{variant}.{key}", title=SECTIONS[key][i], rules=tuple(rules)))
    # house rules, each with every value explained
    opts = tuple(
        Rule(id=f"option.{o.key}", title=option_title(variant, o.key, lang), text="",
             options=(_option_note(variant, o.key, lang),))
        for o in spec(variant).options
        if o.key not in REGISTRY[variant].options_not_on_rules_page
    )
    sections.insert(len(sections) - 1 if sections[-1].id.endswith(".record") else len(sections),
                    Section(id=f"{variant}.options", title=("Домашние правила", "House rules")[i],
                            rules=opts))
    return [Section(id=sec.id, title=sec.title, rules=tuple(_in_words(r, variant, lang) for r in sec.rules))
            if not sec.id.endswith(".record") else sec for sec in sections]


def _option_words(variant: str, lang: str) -> dict[str, tuple[str, dict[str, str]]]:
    """Every option key a rules text may name -> (its title, value -> what it means)."""
    out: dict[str, tuple[str, dict[str, str]]] = {}
    for v in [variant] + [x for x in VARIANT_NAMES if x != variant]:
        for o in spec(v).options:
            if o.key in out:
                continue
            try:
                title = option_title(v, o.key, lang)
                words = {str(c): option_text(v, o.key, c, lang) for c in o.choices}
            except KeyError:
                continue
            out[o.key] = (title, words)
    return out


def _say(text: str, variant: str, lang: str) -> str:
    """A rules text with the house rules named by their titles, not their keys: ``key=value``
    becomes «Title»: what that value means; ``(key)`` goes; a bare key becomes «Title»."""
    if not text or not re.search(r"[A-Za-z]", text):
        return text
    words = _option_words(variant, lang)
    keys = sorted(words, key=len, reverse=True)
    alt = "|".join(re.escape(k) for k in keys)

    def assign(m: re.Match[str]) -> str:
        title, values = words[m.group(1)]
        meaning = values.get(m.group(2))
        return f"«{title}» ({meaning})" if meaning else f"«{title}»"

    text = re.sub(rf"\b({alt})=([A-Za-z0-9_]+)\b", assign, text)
    text = re.sub(rf"\s*\((?:{alt})\)", "", text)
    text = re.sub(rf"\((?:{alt}), ", "(", text)
    text = re.sub(rf"(?<![«\w])({alt})(?![\w»])(?=[\s,.;:)])",
                  lambda m: f"«{words[m.group(1)][0]}»" if "_" in m.group(1) else m.group(1), text)
    ids = known_rule_ids()

    def rule_named(m: re.Match[str]) -> str:
        if m.group(0) not in ids:
            return m.group(0)
        try:
            return f"«{rule_for(m.group(0), lang, variant).title}»"
        except (KeyError, ValueError):
            return m.group(0)

    return re.sub(r"\b[a-z_]+\.[a-z_]+\b", rule_named, text)


def _in_words(rule: Rule, variant: str, lang: str) -> Rule:
    return replace(rule, title=_say(rule.title, variant, lang), text=_say(rule.text, variant, lang),
                   note=_say(rule.note, variant, lang))


# --------------------------------------------------------------------------------------------
# The short scoring summary printed on blank sheets

def scoring_summary(variant: str, lang: str, players: int, options: Mapping[str, object] | None = None) -> str:
    """A few sentences: the deal for ``players``, how a hand scores, and the target or limit
    (under ``options``, default: the variant's defaults)."""
    v = spec(variant)
    lang = _lang(lang)
    ru = lang == "ru"
    from referee.rules.catalogue import resolve_options

    opts = resolve_options(variant, players, options or {})
    deal = v.deal(players, opts)
    rules = make_variant(variant, players, opts)
    if rules.names_the_kozel() or rules.in_pairs():
        return kozel_summary(opts, lang, players, deal)
    parts = [f"{players} игрока(ов), по {deal} костей." if ru else f"{players} players, {deal} tiles each."]
    if ru:
        parts[0] = f"Игроков: {players}, по {deal} кост{_ru_plural(deal, 'и', 'и', 'ей')}."
    main = {
        "credit_trad": ("Вышедший получает сумму очков соперников; при рыбе — наименьший получает разницу "
                        "(сумма остальных минус свои); равенство — никому. Одна 0:0 — 24.",
                        "Going out: credited the opponents' pips. Block: the fewest pips is credited the "
                        "others' pips minus his own; a tie scores nothing. A lone 0:0 counts 24."),
    }["credit_trad"]
    texts = {
        "matador": ("Сумма половин — 7; в конце — как в традиционном.", "Halves sum to 7; scored as in "
                    "traditional at the end."),
        "six_matador": ("10 очков за каждый матадор; наибольший счёт кона получает разницу со счётом "
                        "остальных.", "10 points per matador; the highest score of the hand is credited "
                        "the difference to the others'."),
        "french": ("Штраф: очки на руках каждый пишет себе (0:0 — 0).",
                   "Penalty: each player's pips left go against him (0:0 counts 0)."),
        "muggins": ("Сумма концов, кратная 5, — в счёт сразу; выход +10; рыба — разница, округлённая до 5.",
                    "Ends adding to a multiple of 5 score at once; out +10; block: the difference "
                    "rounded to 5."),
        "bergen": ("Одинаковые концы — 2, с дублем — 3; заход дублем — 2; выход — 2.",
                   "Matching ends 2, with a double 3; a double lead 2; out 2."),
        "fives": ("Сумма концов, кратная 5, — сумма/5 очков; выход +2; меньше всех очков при остановке +1.",
                  "Ends adding to a multiple of 5 score sum/5; out +2; fewest pips when the hand stops "
                  "+1."),
        "threes": ("Сумма концов, кратная 3, — сумма/3 очков (до 6); выход +2; меньше всех очков +1.",
                   "Ends adding to a multiple of 3 score sum/3 (up to 6); out +2; fewest pips +1."),
        "lucky_threes": ("Результат: +5 с руки, +7 дублем, +8 первым дублем, +10 взятой костью; взятая без "
                         "очков −5. Победителю — штрафы проигравших минус его выигрыши.",
                         "Scoring play: +5 held tile, +7 double, +8 first double, +10 drawn tile; a "
                         "drawn tile that does not score −5. The winner: losers' penalties minus his "
                         "winnings."),
        "two_lane": ("Каждый пропуск — 10 штрафных очков.", "Every pass costs 10 penalty points."),
        "sausage": ("Выигрывает первый вышедший; считают выигранные коны.",
                    "The first player out wins; hands won are counted."),
    }
    parts.append(texts[variant][0 if ru else 1] if variant in texts else main[0 if ru else 1])
    n = v.goal(opts)
    if v.scoring_kind(opts) == "penalty":
        parts.append(f"Предел {n}: выигрывает наименьший счёт." if ru else f"Limit {n}: the lowest total wins.")
    elif n is None:
        parts.append("Без цели." if ru else "No target.")
    else:
        parts.append(f"Играют до {n} очков." if ru else f"Play to {n} points.")
    if v.provisional:
        parts.append(provisional_note(variant, lang))
    return " ".join(parts)


def _ru_plural(n: int, one: str, few: str, many: str) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


# --------------------------------------------------------------------------------------------
# «Козёл» as Russian tables play it (traditional's house rules beyond the seeds: pairs, the
# 13-point rule, «яйца», the two presets; rules brief, traditional)

# (the presets' words are in the traditional words file, read into PRESETS above)

PROSE_TITLES.update({
    "pairs": ("Пара на пару", "Pair against pair"),
    "pairs_block": ("Рыба у пар", "A block in pairs"),
    "pairs_scoring": ("Счёт пар", "Scoring in pairs"),
    "kozel_min": ("Меньше 13 не пишут", "Nothing under 13"),
    "eggs": ("Яйца", "Eggs («яйца»)"),
    "goat": ("Козёл и сухой", "The «козёл», and a «сухой» win"),
    "presets": ("Козёл, как во дворе, и морской", "Kozel as in the yard, and sea kozel"),
})



ENGINE_RULES.update({
    "record.teams_players": _E("record", "kozel", ("Пары — вчетвером", "Pairs need four"),
        ("Запись с teams=pairs должна быть на четырёх игроков; иначе она не читается как запись игры.",
         "A record with teams=pairs must have four players; otherwise it cannot be read as a game.")),
    "record.kozel_only": _E("record", "kozel", ("Правила «козла»", "Kozel's own options"),
        ("kozel_min и eggs действуют только при scoring=kozel; запись со счётом на очки, где они не по "
         "умолчанию, не читается как запись игры.",
         "kozel_min and eggs apply only with scoring=kozel; a record with credit scoring that sets "
         "either to anything but its default cannot be read as a game.")),
})


def preset_words(name: str, lang: str) -> tuple[str, str]:
    """(title, one sentence) of a preset of ``catalogue.PRESETS``."""
    i = 0 if _lang(lang) == "ru" else 1
    w = PRESETS[name]
    return w["title"][i], w["text"][i]


def kozel_summary(opts: Mapping[str, object], lang: str, players: int, deal: int) -> str:
    """The blank sheet's summary of traditional in pairs or «в козла», from the options in force."""
    ru = _lang(lang) == "ru"
    pairs = opts.get("teams") == "pairs"
    parts = [f"Игроков: {players}, по {deal} кост{_ru_plural(deal, 'и', 'и', 'ей')}." if ru
             else f"{players} players, {deal} tiles each."]
    if pairs:
        parts.append("Пара на пару: 1-й и 3-й против 2-го и 4-го, партнёры напротив; при рыбе "
                     "сравнивают очки пар." if ru else
                     "Pair against pair: 1st and 3rd against 2nd and 4th, partners opposite; a block "
                     "compares the pairs' pips.")
    if opts.get("scoring") == "kozel":
        who = ("проигравшая пара пишет себе очки обоих партнёров" if pairs else
               "каждый проигравший пишет себе свои очки") if ru else \
              ("the losing pair writes both partners' pips against itself" if pairs else
               "each loser writes his own pips against himself")
        parts.append((f"«В козла»: {who}, выигравшие — ничего." if ru else
                      f"Kozel: {who}; the winners write nothing."))
        low = opts.get("kozel_min") or 0
        if low:
            parts.append(f"Меньше {low} не пишут: сумма висит и прибавляется к следующей." if ru else
                         f"Nothing under {low} is written: it hangs and is added to the next.")
        if opts.get("eggs") == "yes":
            parts.append("Рыба поровну — «яйца»: не пишется, все очки на руках получают проигравшие "
                         "следующего кона." if ru else
                         "An equal block is «eggs»: nothing written, all its pips go to the next "
                         "hand's losers.")
        parts.append(f"Одна 0:0 — {opts.get('lone_blank')}." if ru else
                     f"A lone 0:0 counts {opts.get('lone_blank')}.")
        parts.append(f"Предел {opts.get('limit')}: кто дошёл — «козёл», выигрывает меньший счёт." if ru
                     else f"Limit {opts.get('limit')}: whoever reaches it is the «козёл»; the lowest "
                     "total wins.")
    else:
        parts.append("Выигравшей паре пишут очки другой пары (при рыбе — за вычетом своих)." if ru else
                     "The winning pair is credited the other pair's pips (less its own on a block).")
        parts.append(f"Играют до {opts.get('target')} очков." if ru else f"Play to {opts.get('target')} points.")
    return " ".join(parts)


def _merge_prose_into_engine_rules() -> None:
    """Where a variant's rule in words has the same id as an engine rule, they are one rule: the
    engine's entry takes the fuller words and quotes, and the page shows it once."""
    for items in VARIANT_RULES.values():
        keep = []
        for item in items:
            rid, section, ru, en, quotes, keys = item[:6]
            if rid in ENGINE_RULES:
                e = ENGINE_RULES[rid]
                e["text"] = (ru, en)
                e["section"] = section
                e["quotes"] = tuple(quotes) + tuple(q for q in e["quotes"] if q not in quotes)
                e["options"] = tuple(dict.fromkeys(tuple(e["options"]) + tuple(keys)))
            else:
                keep.append(item)
        items[:] = keep


_merge_prose_into_engine_rules()


class VariantRule(NamedTuple):
    """A variant's own rule in words: its anchor, the page section, ru and en, the seed's
    words it comes from, and the house rules that change it."""

    id: str
    section: str
    ru: str
    en: str
    quotes: tuple[str, ...]
    options: tuple[str, ...]


@dataclass(frozen=True)
class EngineRule:
    """A rule the engine applies (its refusals name its id): ru/en title and text, the topic
    that says which variants' pages show it, the page section, the seed's words, the house
    options, and where a variant words it otherwise (``by``, ``by_quotes``)."""

    title: tuple[str, str]
    text: tuple[str, str]
    topic: object
    section: str
    quotes: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    quote_from: tuple[str, ...] = ()
    by: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    by_quotes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    note: tuple[str, str] = ("", "")


def _typed_rules(raw_variant: Mapping[str, list[tuple]], raw_engine: Mapping[str, dict]
                 ) -> tuple[dict[str, list[VariantRule]], dict[str, EngineRule]]:
    """The rulebook's data as typed records, read by name (checked once, at import)."""
    variant_rules = {v: [VariantRule(it[0], it[1], it[2], it[3], tuple(it[4]), tuple(it[5]))
                         for it in items] for v, items in raw_variant.items()}
    engine_rules = {}
    for rid, e in raw_engine.items():
        d = dict(e)
        for k in ("quotes", "options", "quote_from"):
            if k in d:
                d[k] = tuple(d[k])
        engine_rules[rid] = EngineRule(**d)
    return variant_rules, engine_rules


VARIANT_RULES, ENGINE_RULES = _typed_rules(VARIANT_RULES, ENGINE_RULES)  # type: ignore[assignment]


def _rules_of(variant: str) -> list[VariantRule]:
    """The variant's rules in words: read at import for the catalogue's variants, on first use
    for a variant registered later (its words file found by ``referee.rules.prose``)."""
    if variant not in VARIANT_RULES and variant in VARIANTS:
        words = prose.words_of(variant)
        raw = _from_words(words) if words is not None else []
        VARIANT_RULES[variant] = [VariantRule(it[0], it[1], it[2], it[3], tuple(it[4]), tuple(it[5]))  # type: ignore[misc]
                                  for it in raw]
    return VARIANT_RULES.get(variant, [])  # type: ignore[return-value]


def _all_rules() -> list[tuple[str, list[VariantRule]]]:
    """Every registered variant with its rules in words, in the registry's order."""
    return [(v, _rules_of(v)) for v in VARIANTS]
