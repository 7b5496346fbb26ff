"""A variant's words as data: its rules page and its own house rules' words, read from its words
file (``referee/rules/variants/words/<variant>.toml``) into typed records.

A words file holds, Russian first and English second:

- ``[[rule]]``: the variant's rules in page order, each with its anchor (``id``), its page
  ``section``, ``ru`` and ``en``, the house rules that change it (``options``) and the sources'
  words it comes from (``quotes``: ``{source = "002", text = "…"}``, quoted as they stand);
- ``[option.<key>]``: the words of a house rule as this variant means it: ``title`` and, for each
  value, ``[option.<key>.values.<value>]`` with ``label`` (the short name) and ``text`` (the
  sentence); the value ``N`` stands for any number (``{n}`` in the sentence);
  ``same_as = "<variant>"`` takes another variant's words for that key;
- ``[preset.<name>]``: a named set of rules' ``title`` and ``text`` (its values are the
  variant's catalogue entry's ``presets``);
- ``[[engine_quotes]]``: the sources' words for rules of the engine (``rules``, their ids) as
  this variant's page quotes them (``quotes``);
- ``[sheet]``: ``scoring``, the printed scoresheet's sentence on how a hand scores;
- ``[variant]``: its ``title`` and its one-line ``summary``;
- ``[provisional]``: where its rules are provisional (its catalogue entry says so), why:
  ``short`` (a line on every page of a match and on the command line) and ``note`` (the rules
  page and the sheets).

The words every variant shares are in ``words/shared/`` (:func:`shared`): ``rules.toml`` (the
page's sections and its other words, a Russian word's forms after a number, the titles of the
rules in words, how a tile fits, the engine's rules as ``[engine."<id>"]`` with ``section``, ``topic`` (the ``rule_topics`` of the variants whose page
shows it; none: every page), ``title``, ``ru``/``en`` (or ``fit``: the words of ``[fit]`` by the
variant's ``match_sum``), ``options``, ``quotes``, ``quote_from`` and ``note``), ``options.toml``
(the house rules several variants share, as ``[option.<key>]`` above, a variant's own winning)
and ``sheets.toml`` (the scoresheet's summary sentences).

Pure standard library (``tomllib``): the engine, the pages and the sheets read it alike.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

if TYPE_CHECKING:
    from .catalogue import VariantSpec

#: where words files are looked for, in order (a test may add a folder of its own)
WORDS_DIRS: list[Path] = [Path(__file__).resolve().parent / "variants" / "words"]

Words = tuple[str, str]  # (ru, en)


@dataclass(frozen=True)
class Quote:
    source: str
    text: str


@dataclass(frozen=True)
class RuleWords:
    id: str
    section: str
    ru: str
    en: str
    quotes: tuple[Quote, ...] = ()
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class ValueWords:
    label: Words
    text: Words


@dataclass(frozen=True)
class OptionWords:
    title: Words
    values: Mapping[object, ValueWords]
    #: the words when the option has no value (a target that is not set), if it may have none
    unset: Words | None = None


@dataclass(frozen=True)
class PresetWords:
    title: Words
    text: Words


@dataclass(frozen=True)
class ProvisionalWords:
    """Why a variant's rules are provisional, in its own words: ``short`` for a line on every
    page of a match and on the command line, ``note`` for the rules page and the sheets."""

    short_words: Words
    note_words: Words

    def short(self, lang: str) -> str:
        return self.short_words[1 if lang == "en" else 0]

    def note(self, lang: str) -> str:
        return self.note_words[1 if lang == "en" else 0]


@dataclass(frozen=True)
class VariantWords:
    variant: str
    rules: tuple[RuleWords, ...] = ()
    options: Mapping[str, OptionWords] = field(default_factory=dict)
    presets: Mapping[str, PresetWords] = field(default_factory=dict)
    #: an engine rule's id -> the sources' words this variant's page quotes for it
    engine_quotes: Mapping[str, tuple[Quote, ...]] = field(default_factory=dict)
    #: the printed scoresheet's sentence on how a hand scores (None: the shared one)
    sheet_scoring: Words | None = None
    #: its title and its one-line summary (None: the file does not say)
    title: Words | None = None
    summary: Words | None = None
    #: why its rules are provisional (None: the file does not say)
    provisional: ProvisionalWords | None = None


@dataclass(frozen=True)
class EngineRuleWords:
    """A rule the engine applies (its refusals name its id), in words: the page ``section``,
    the ``topic`` that says which variants' pages show it (None: every page), its title and
    words (``fit``: the words are ``SharedWords.fit``'s for the variant's ``match_sum``, this
    one's where it has none), the house rules that change it, the sources' words, the
    suffixes of the variant's own rules whose quotes it takes where it has none
    (``quote_from``), and a note."""

    id: str
    section: str
    topic: str | None
    title: Words
    text: Words
    fit: int | None = None
    options: tuple[str, ...] = ()
    quotes: tuple[Quote, ...] = ()
    quote_from: tuple[str, ...] = ()
    note: Words = ("", "")


@dataclass(frozen=True)
class SharedWords:
    """The words every variant's pages share (``words/shared/``)."""

    sections: Mapping[str, Words]
    titles: Mapping[str, Words]
    fit: Mapping[int, Words]
    page: Mapping[str, Words]
    engine: Mapping[str, EngineRuleWords]
    options: Mapping[str, OptionWords]
    sheet: Mapping[str, Words]
    #: a Russian word's forms after a number ending in 1, in 2–4, and the others
    ru_forms: Mapping[str, tuple[str, str, str]]


class WordsError(ValueError):
    """A words file that does not say what it must (its path and what is wrong)."""


def _pair(where: str, value: Any) -> Words:
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(s, str) for s in value)):
        raise WordsError(f"{where}: want [russian, english], got {value!r}")
    return value[0], value[1]


def _value_key(key: str) -> object:
    if key == "N":
        return None
    return int(key) if key.lstrip("-").isdigit() else key


def parse(variant: str, data: Mapping[str, Any], where: str = "") -> VariantWords:
    """The typed words of ``variant`` from a words file's table (``where`` names it in errors)."""
    rules = []
    for i, r in enumerate(data.get("rule", [])):
        at = f"{where} rule {i + 1}"
        try:
            quotes = _quotes(r.get("quotes", []))
            rules.append(RuleWords(str(r["id"]), str(r["section"]), str(r["ru"]), str(r["en"]), quotes,
                                   tuple(str(k) for k in r.get("options", []))))
        except (KeyError, TypeError) as e:
            raise WordsError(f"{at}: {e!r}") from None
    presets = {name: PresetWords(_pair(f"{where} preset {name} title", p.get("title")),
                                 _pair(f"{where} preset {name} text", p.get("text")))
               for name, p in data.get("preset", {}).items()}
    engine_quotes: dict[str, tuple[Quote, ...]] = {}
    for i, eq in enumerate(data.get("engine_quotes", [])):
        try:
            quotes = _quotes(eq["quotes"])
            for rid in eq["rules"]:
                engine_quotes[str(rid)] = quotes
        except (KeyError, TypeError) as err:
            raise WordsError(f"{where} engine_quotes {i + 1}: {err!r}") from None
    sheet = data.get("sheet", {})
    scoring = _pair(f"{where} sheet scoring", sheet["scoring"]) if "scoring" in sheet else None
    about = data.get("variant", {})
    title = _pair(f"{where} variant title", about["title"]) if "title" in about else None
    summary = _pair(f"{where} variant summary", about["summary"]) if "summary" in about else None
    prov = data.get("provisional")
    provisional = None if prov is None else ProvisionalWords(
        _pair(f"{where} provisional short", prov.get("short")), _pair(f"{where} provisional note", prov.get("note")))
    return VariantWords(variant, tuple(rules), _options(data, where), presets, engine_quotes, scoring,
                        title, summary, provisional)


def _quotes(items: Any) -> tuple[Quote, ...]:
    return tuple(Quote(str(q["source"]), str(q["text"])) for q in items)


def _options(data: Mapping[str, Any], where: str) -> dict[str, OptionWords]:
    options: dict[str, OptionWords] = {}
    for key, o in data.get("option", {}).items():
        at = f"{where} option {key}"
        if "same_as" in o:
            other = words_of(str(o["same_as"]))
            if other is None or key not in other.options:
                raise WordsError(f"{at}: same_as {o['same_as']!r} has no words for {key!r}")
            options[key] = other.options[key]
            continue
        values = {_value_key(v): ValueWords(_pair(f"{at} {v} label", w.get("label", ["", ""])),
                                            _pair(f"{at} {v} text", w.get("text")))
                  for v, w in o.get("values", {}).items()}
        unset = _pair(f"{at} unset", o["unset"]) if "unset" in o else None
        options[key] = OptionWords(_pair(f"{at} title", o.get("title")), values, unset)
    return options


def path_of(variant: str) -> Path | None:
    for folder in WORDS_DIRS:
        path = folder / f"{variant}.toml"
        if path.is_file():
            return path
    return None


def _read(path: Path) -> dict[str, Any]:
    with path.open("rb") as f:
        try:
            return tomllib.load(f)
        except tomllib.TOMLDecodeError as e:
            raise WordsError(f"{path.name}: {e}") from None


@lru_cache(maxsize=None)
def _load(path: Path, variant: str) -> VariantWords:
    return parse(variant, _read(path), path.name)


def words_of(variant: str) -> VariantWords | None:
    """The words file of ``variant`` read (once), or None when it has none."""
    path = path_of(variant)
    return None if path is None else _load(path, variant)


#: the words every variant shares
SHARED_DIR = Path(__file__).resolve().parent / "variants" / "words" / "shared"


def _engine_rule(rid: str, e: Mapping[str, Any], where: str) -> EngineRuleWords:
    at = f"{where} engine {rid}"
    try:
        fit = int(e["fit"]) if "fit" in e else None
        text = ("", "") if fit is not None else (str(e["ru"]), str(e["en"]))
        topic = e.get("topic")
        return EngineRuleWords(
            rid, str(e["section"]), None if topic is None else str(topic), _pair(f"{at} title", e.get("title")),
            text, fit, tuple(str(k) for k in e.get("options", [])), _quotes(e.get("quotes", [])),
            tuple(str(s) for s in e.get("quote_from", [])),
            _pair(f"{at} note", e["note"]) if "note" in e else ("", ""))
    except (KeyError, TypeError, ValueError) as err:
        raise WordsError(f"{at}: {err!r}") from None


def parse_shared(rules: Mapping[str, Any], options: Mapping[str, Any], sheets: Mapping[str, Any]) -> SharedWords:
    """The shared words from the tables of ``rules.toml``, ``options.toml`` and ``sheets.toml``."""
    def pairs(table: Mapping[str, Any], where: str) -> dict[str, Words]:
        return {str(k): _pair(f"{where} {k}", v) for k, v in table.items()}

    sections = pairs(rules.get("section", {}), "rules.toml section")
    engine = {rid: _engine_rule(rid, e, "rules.toml") for rid, e in rules.get("engine", {}).items()}
    fit = {int(k): w for k, w in pairs(rules.get("fit", {}), "rules.toml fit").items()}
    for rid, e in engine.items():
        if e.section not in sections:
            raise WordsError(f"rules.toml engine {rid}: no section {e.section!r}")
        if e.fit is not None and e.fit not in fit:
            raise WordsError(f"rules.toml engine {rid}: no [fit] words for {e.fit}")
    ru_forms: dict[str, tuple[str, str, str]] = {}
    for key, forms in rules.get("ru_forms", {}).items():
        if not (isinstance(forms, list) and len(forms) == 3 and all(isinstance(s, str) for s in forms)):
            raise WordsError(f"rules.toml ru_forms {key}: want [one, few, many], got {forms!r}")
        ru_forms[str(key)] = (forms[0], forms[1], forms[2])
    return SharedWords(sections, pairs(rules.get("title", {}), "rules.toml title"), fit,
                       pairs(rules.get("page", {}), "rules.toml page"), engine,
                       _options(options, "options.toml"), pairs(sheets.get("sheet", {}), "sheets.toml sheet"),
                       ru_forms)


@lru_cache(maxsize=None)
def shared() -> SharedWords:
    """The words every variant shares, read (once) from ``words/shared/``."""
    return parse_shared(*(_read(SHARED_DIR / f"{name}.toml") for name in ("rules", "options", "sheets")))


def option_words(variant: str, key: str) -> OptionWords | None:
    """The words of ``variant``'s house rule ``key``: its words file's own, else the shared
    ones; None when neither has any."""
    words = words_of(variant)
    own = words.options.get(key) if words is not None else None
    return own if own is not None else shared().options.get(key)


def missing_words(entry: VariantSpec) -> list[str]:
    """What a variant's words do not say that its pages, its setup form and its sheets will ask
    for: its title and summary, why its rules are provisional (where its entry says they are),
    each house rule's title and each value's sentence (a number's: ``N``), each preset's title
    and sentence, Russian and English. Empty when nothing is missing."""
    missing = []
    words = words_of(entry.name)
    for what in ("title", "summary"):
        pair = getattr(words, what) if words is not None else None
        if pair is None or not all(pair):
            missing.append(f"[variant] {what}")
    if entry.is_provisional and (words is None or words.provisional is None
                                 or not all(words.provisional.short_words + words.provisional.note_words)):
        missing.append("[provisional] short, note")
    for o in entry.options:
        ow = option_words(entry.name, o.key)
        if ow is None or not all(ow.title):
            missing.append(f"[option.{o.key}] title")
            continue
        for value in o.choices or (None,):
            w = ow.values.get(value) or ow.values.get(None)
            if w is None or not all(w.text):
                missing.append(f'[option.{o.key}.values."{"N" if value is None else value}"] text')
    for name in entry.presets:
        if words is None or name not in words.presets:
            missing.append(f"[preset.{name}]")
    return missing
