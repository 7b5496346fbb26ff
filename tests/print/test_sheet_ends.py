"""A hand entered by its result says on the sheets how it ended (someone went out, or a block:
«вышел», «рыба»), as a hand played move by move does, never «итог»; and the sheets use no
glyph their font lacks."""

from __future__ import annotations

import copy

import pytest
from bs4 import BeautifulSoup

from referee import pdf
from referee.record import replay

RECORD = {
    "format": "referee-record/1", "variant": "traditional", "options": {}, "lang": "ru",
    "players": ["Анфиса", "Всеволод"],
    "hands": [{"result": {"out": "Анфиса", "left": {"Всеволод": 12}}},
              {"result": {"out": None, "left": {"Анфиса": 9, "Всеволод": 14}}}],
}
PAIRS = {
    "format": "referee-record/1", "variant": "traditional", "lang": "ru",
    "options": {"teams": "pairs", "scoring": "kozel", "limit": 101, "kozel_min": 13, "eggs": "yes",
                "opener": "kozel"},
    "players": ["Анфиса", "Всеволод", "Мария", "Пётр"],
    "hands": [{"result": {"out": "Анфиса", "left": {"Всеволод": 20, "Пётр": 10}}},
              {"result": {"out": None, "maker": "Всеволод",
                          "left": {"Анфиса": 9, "Всеволод": 14, "Мария": 30, "Пётр": 2}}}],
}
ENDS = {"ru": ("вышел", "рыба", "итог"), "en": ("out", "block", "result")}


def _rows(html: str) -> list[str]:
    page = BeautifulSoup(html, "html.parser")
    return [" ".join(tr.get_text(" ").split()) for tr in page.select("table.scores tbody tr")]


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("record", [RECORD, PAIRS], ids=["each", "pairs"])
def test_a_hand_entered_by_its_result_says_how_it_ended(record, lang):
    report = replay(copy.deepcopy(record)).to_json()
    assert report["error"] is None, report["error"]
    assert [h["end"] for h in report["hands"]] == ["result", "result"]
    out, block, result = ENDS[lang]
    rows = _rows(pdf.match_sheet_html(record, report, lang))
    assert len(rows) == 2, rows
    assert f" {out} " in f" {rows[0]} " and f" {block} " in f" {rows[1]} ", rows
    assert not any(f" {result} " in f" {r} " for r in rows), rows
    for n, word in ((1, out), (2, block)):
        text = BeautifulSoup(pdf.hand_record_html(record, report, n, lang), "html.parser").get_text(" ")
        assert f" {word}" in text
