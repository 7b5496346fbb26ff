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
  catalogue's ``PRESETS``).

Pure standard library (``tomllib``): the engine, the pages and the sheets read it alike.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

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


@dataclass(frozen=True)
class PresetWords:
    title: Words
    text: Words


@dataclass(frozen=True)
class VariantWords:
    variant: str
    rules: tuple[RuleWords, ...] = ()
    options: Mapping[str, OptionWords] = field(default_factory=dict)
    presets: Mapping[str, PresetWords] = field(default_factory=dict)


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
            quotes = tuple(Quote(str(q["source"]), str(q["text"])) for q in r.get("quotes", []))
            rules.append(RuleWords(str(r["id"]), str(r["section"]), str(r["ru"]), str(r["en"]), quotes,
                                   tuple(str(k) for k in r.get("options", []))))
        except (KeyError, TypeError) as e:
            raise WordsError(f"{at}: {e!r}") from None
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
        options[key] = OptionWords(_pair(f"{at} title", o.get("title")), values)
    presets = {name: PresetWords(_pair(f"{where} preset {name} title", p.get("title")),
                                 _pair(f"{where} preset {name} text", p.get("text")))
               for name, p in data.get("preset", {}).items()}
    return VariantWords(variant, tuple(rules), options, presets)


def path_of(variant: str) -> Path | None:
    for folder in WORDS_DIRS:
        path = folder / f"{variant}.toml"
        if path.is_file():
            return path
    return None


@lru_cache(maxsize=None)
def _load(path: Path, variant: str) -> VariantWords:
    with path.open("rb") as f:
        try:
            data = tomllib.load(f)
        except tomllib.TOMLDecodeError as e:
            raise WordsError(f"{path.name}: {e}") from None
    return parse(variant, data, path.name)


def words_of(variant: str) -> VariantWords | None:
    """The words file of ``variant`` read (once), or None when it has none."""
    path = path_of(variant)
    return None if path is None else _load(path, variant)
