"""One source for every word a player reads about a house option: the setup form, the rules
pages, the printed sheets and the command line say the same title and the same sentence (the
rulebook's ``OPTIONS``), for every variant and option, in Russian and in English."""

from __future__ import annotations

import json

import pytest

from referee import cli, pdf, rulebook
from referee.rules import catalogue
from webhelpers import soup

LANGS = ("ru", "en")
VARIANTS = list(catalogue.VARIANTS)


def _text(node) -> str:
    return " ".join(node.get_text(" ").split())


def _norm(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_setup_form_says_the_rulebooks_title_and_sentence(client, variant, lang):
    client.get(f"/lang/{lang}")
    page = soup(client.get(f"/new/{variant}"))
    spec = catalogue.spec(variant)
    for o in spec.options:
        title = rulebook.option_title(variant, o.key, lang)
        field = page.select_one(f'[name="opt_{o.key}"]')
        assert field is not None, o.key
        if o.choices:
            fieldset = field.find_parent("fieldset")
            assert _text(fieldset.select_one("legend")) == title
            for label in fieldset.select("label.choice"):
                value = label.select_one("input")["value"]
                typed = next(c for c in o.choices if str(c) == value)
                assert _text(label.select_one("b")) == rulebook.option_label(variant, o.key, typed, lang)
                says = fieldset.select_one(f'small#{label.select_one("input")["aria-describedby"]}')
                assert _text(says) == _norm(rulebook.option_text(variant, o.key, typed, lang))
        else:
            box = field.find_parent("div", class_="field")
            assert _text(box.select_one("label")) == title
            assert _text(box.select_one(".help")) == _norm(rulebook.option_text(variant, o.key, "N", lang))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_rules_page_says_the_same(client, variant, lang):
    client.get(f"/lang/{lang}")
    page = _text(soup(client.get(f"/rules/{variant}")))
    for o in catalogue.spec(variant).options:
        assert rulebook.option_title(variant, o.key, lang) in page, o.key
        for value in o.choices:
            assert _norm(rulebook.option_text(variant, o.key, value, lang)) in page, (o.key, value)


def _every_setting(variant: str):
    """Each option's values one by one (the others at their defaults), at the most players."""
    spec = catalogue.spec(variant)
    players = spec.max_players
    yield players, {}
    for o in spec.options:
        for value in o.choices:
            given = {o.key: value}
            if variant == "traditional" and o.key in ("teams", "kozel_min", "eggs", "limit"):
                given["scoring"] = "kozel"
            try:
                catalogue.resolve_options(variant, players, given)
            except catalogue.OptionError:
                continue
            yield players, given


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_sheets_and_the_command_line_say_the_same(variant, lang, tmp_path, capsys):
    names = [f"P{i}" for i in range(1, 9)]
    seen = set()
    for players, given in _every_setting(variant):
        in_force = rulebook.options_in_force(variant, given, players, lang)
        record = {"format": "referee-record/1", "variant": variant, "options": given,
                  "players": names[:players], "hands": [], "lang": lang}
        report = {"ok": True, "variant": variant, "hands": [], "totals": {p: 0 for p in names[:players]},
                  "match_winner": None, "error": None}
        sheet = _norm(soup_text(pdf.match_sheet_html(record, report, lang)))
        path = tmp_path / "r.json"
        path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
        assert cli.main(["check", str(path), "--lang", lang]) == 0
        printed = _norm(capsys.readouterr().out)
        for key, title, value, text in in_force:
            # the sheet's words and the command line's are the rulebook's: the sheet a player
            # reads says title (a number as it is): sentence, never key = value; the command
            # line, which names the record's own fields, says title (key = value): sentence
            assert title == rulebook.option_title(variant, key, lang)
            number = f" {value}" if str(value)[:1].isdigit() else ""
            on_sheet = _norm(f"{title}{number}: {text}")
            assert on_sheet in sheet, on_sheet
            assert f"{key} = " not in sheet
            line = _norm(f"{title} ({key} = {value}): {text}")
            assert line in printed, line
            seen.add(key)
    # every option is shown in one setting or another
    assert seen == {o.key for o in catalogue.spec(variant).options}


def soup_text(html: str) -> str:
    from bs4 import BeautifulSoup

    return BeautifulSoup(html, "html.parser").get_text("")


@pytest.mark.parametrize("lang", LANGS)
def test_the_languages_differ_and_kozel_is_named(lang):
    ru = rulebook.option_text("traditional", "scoring", "kozel", "ru")
    assert ru != rulebook.option_text("traditional", "scoring", "kozel", "en") and "козёл" in ru
    for v in catalogue.VARIANTS.values():
        for o in v.options:
            for value in o.choices:
                assert rulebook.option_label(v.name, o.key, value, lang).strip()
