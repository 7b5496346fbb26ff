"""The sheets use no glyph their font lacks (an emoji such as 🐐 prints as an empty box): every
character the sheets print of their own (their words, the rulebook's option words and
summaries, the moves in words, the refusals), in Russian and in English, and every character of
a whole printed sheet of each kind, is in DejaVu Sans, the font the sheets name."""

from __future__ import annotations

import json
import subprocess

import pytest

from referee import pdf, rulebook
from referee.rules import catalogue
from referee.rules.messages import MESSAGES
from referee.words import both
from referee.rules.move_words import WORDS as MOVE_WORDS


def _font_chars() -> set[str]:
    from fontTools.ttLib import TTFont

    try:
        path = subprocess.run(["fc-match", "-f", "%{file}", "DejaVu Sans"], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("fontconfig is not installed")
    if "DejaVuSans" not in path:
        pytest.skip("DejaVu Sans is not installed (fonts-dejavu-core)")
    return {chr(c) for c in TTFont(path).getBestCmap()}


def _texts(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for v in value.values() for t in _texts(v)]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in _texts(v)]
    return []


def _lacking(texts, font: set[str]) -> dict[str, str]:
    out = {}
    for t in texts:
        missing = {c for c in t if c not in font and not c.isspace()}
        if missing:
            out["".join(sorted(missing))] = t[:80]
    return out


def test_every_word_of_the_sheets_is_in_the_font():
    font = _font_chars()
    assert _lacking(["«Козёл» 🐐"], font) == {"🐐": "«Козёл» 🐐"}       # the check is not blind
    texts = _texts(pdf.WORDS) + [t for m in (*MOVE_WORDS.values(), *MESSAGES.values()) for t in both(m)] + _texts(pdf.ERRORS)
    for v in catalogue.VARIANTS.values():
        for lang in ("ru", "en"):
            texts += [rulebook.variant_title(v.name, lang), rulebook.scoring_summary(v.name, lang, v.min_players)]
            for o in v.options:
                texts.append(rulebook.option_title(v.name, o.key, lang))
                for c in o.choices:
                    texts += [rulebook.option_label(v.name, o.key, c, lang), rulebook.option_text(v.name, o.key, c, lang)]
    assert len(texts) > 500
    assert _lacking(texts, font) == {}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_printed_sheet_is_in_the_font(lang):
    """The whole text of a blank sheet of each variant, a «Козёл» blank and a played match's
    scoresheet and hand record: nothing the font lacks."""
    import copy
    import importlib.util
    from pathlib import Path

    from bs4 import BeautifulSoup

    from referee.record import replay

    font = _font_chars()
    spec = importlib.util.spec_from_file_location("print_fixtures_glyphs", Path(__file__).parent / "print_fixtures.py")
    fixtures = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fixtures)
    htmls = [pdf.blank_sheet_html(v, catalogue.spec(v).min_players, lang) for v in catalogue.VARIANTS]
    htmls.append(pdf.blank_sheet_html("traditional", 4, lang, preset="yard"))
    record = copy.deepcopy(fixtures.BLITZ_RECORD)
    report = replay(copy.deepcopy(record)).to_json()
    htmls += [pdf.match_sheet_html(record, report, lang), pdf.hand_record_html(record, report, 1, lang)]
    texts = []
    for html in htmls:
        page = BeautifulSoup(html, "html.parser")
        for tag in page(["style", "svg"]):
            tag.decompose()
        texts.append(page.get_text(" "))
    assert _lacking(texts, font) == {}, json.dumps(_lacking(texts, font), ensure_ascii=False)
