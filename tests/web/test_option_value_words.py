"""No house option's record value (``highest_double``, ``until``, ``fewest_pips``, ``kozel`` …) on
anything a player reads: every value of every option of every variant, in Russian and in English,
on the blank sheets (every player count, every preset), on the match scoresheet with that value
in force, on the setup page and on the rules page. The words come from one place, the
rulebook's option words (``rulebook.option_label`` / ``option_text``)."""

from __future__ import annotations

import re

import pytest
from bs4 import BeautifulSoup

from referee import pdf
from referee.rules import catalogue
from referee.rules.catalogue import PRESETS, OptionError, resolve_options
from webhelpers import soup

LANGS = ("ru", "en")
VARIANTS = list(catalogue.VARIANTS)
WORD = re.compile(r"[A-Za-z_]+")


def raw_values(variant: str, lang: str) -> set[str]:
    """The values a page in ``lang`` must not show as they are: every non-numeric value of the
    variant's options (in English only the snake_case ones: ``until``, ``wins``, ``none`` and
    «kozel», the English option words' own name for it, are words of an English sentence)."""
    out = {str(c) for o in catalogue.spec(variant).options for c in o.choices
           if c is not None and not str(c)[:1].isdigit()}
    if lang == "en":
        out = {v for v in out if "_" in v}
    return out


def found(text: str, variant: str, lang: str) -> list[str]:
    bad = raw_values(variant, lang)
    return sorted({w for w in WORD.findall(text) if w in bad})


def text_of(html: str) -> str:
    page = BeautifulSoup(html, "html.parser")
    for tag in page(["style", "script", "code"]):
        tag.decompose()
    return page.get_text(" ")


def every_setting(variant: str):
    """(players, given options): each value of each option in force once, the others at
    their defaults, at the most players (pairs: four)."""
    spec = catalogue.spec(variant)
    for o in spec.options:
        for value in o.choices:
            given = {o.key: value}
            if variant == "traditional" and o.key in ("teams", "kozel_min", "eggs", "limit"):
                given["scoring"] = "kozel"
            for players in (spec.max_players, 4, spec.min_players):
                try:
                    resolve_options(variant, players, given)
                except OptionError:
                    continue
                yield players, given
                break


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_no_record_value_on_the_sheets(variant, lang):
    spec = catalogue.spec(variant)
    bad = {}
    for players in range(spec.min_players, spec.max_players + 1):
        hit = found(text_of(pdf.blank_sheet_html(variant, players, lang)), variant, lang)
        if hit:
            bad[f"blank {players}"] = hit
    for preset in PRESETS.get(variant, {}):
        hit = found(text_of(pdf.blank_sheet_html(variant, 4, lang, preset=preset)), variant, lang)
        if hit:
            bad[f"blank {preset}"] = hit
    names = [f"P{i}" for i in range(1, 9)]
    seen = 0
    for players, given in every_setting(variant):
        record = {"format": "referee-record/1", "variant": variant, "options": given,
                  "players": names[:players], "hands": [], "lang": lang}
        report = {"ok": True, "variant": variant, "hands": [], "match_winner": None, "error": None,
                  "totals": {p: 0 for p in names[:players]}}
        hit = found(text_of(pdf.match_sheet_html(record, report, lang)), variant, lang)
        if hit:
            bad[f"sheet {given}"] = hit
        seen += 1
    assert seen >= sum(len(o.choices) for o in spec.options) - 2
    assert not bad, bad


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_no_record_value_on_the_setup_and_rules_pages(client, variant, lang):
    client.get(f"/lang/{lang}")
    bad = {}
    pages = [f"/new/{variant}", f"/rules/{variant}"] + [f"/new/{variant}?preset={p}" for p in PRESETS.get(variant, {})]
    for url in pages:
        page = soup(client.get(url))
        for tag in page(["style", "script", "code"]):
            tag.decompose()
        for tag in page.select("input, option"):      # a field's value is what is sent, not read
            tag.attrs.pop("value", None)
        hit = found(page.get_text(" "), variant, lang)
        if hit:
            bad[url] = hit
    assert not bad, bad


def test_the_search_finds_a_raw_value():
    assert found("Кто начинает: highest_double; базар: until", "traditional", "ru") == ["highest_double", "until"]
    assert found("Opener: highest_double; draw until able; fish: fewest_pips", "traditional", "en") == ["fewest_pips", "highest_double"]
    assert found("Пары: kozel", "traditional", "ru") == ["kozel"]


NOTATION = {"pass", "draw", "miss", "open", "across", "along", "down", "cut", "give"}


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_english_word_in_the_russian_rules(client, variant):
    """A Russian rule says «пас», and where it names the record's notation (``pass``,
    ``across``) the notation is set as code, never as an English word in a Russian sentence."""
    client.get("/lang/ru")
    page = soup(client.get(f"/rules/{variant}"))
    for tag in page(["style", "script", "code", "blockquote"]):
        tag.decompose()
    bad = sorted({s[:90] for s in page.stripped_strings if set(WORD.findall(s)) & NOTATION})
    assert not bad, bad
