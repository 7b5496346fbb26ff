"""«Козёл» on paper: the pairs scoresheet (a column per pair, what hangs, the eggs, the winners,
the «козёл», a «сухой» win) and the pairs blank sheet of a preset, ru and en; the CLI's and the
web's doors to them."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest
from pypdf import PdfReader

from referee import pdf
from referee.record import check
from referee.rules.catalogue import PRESETS

P = ["Анфиса", "Всеволод", "Мария", "Пётр"]
YARD = dict(PRESETS["traditional"]["yard"])       # «Козёл, как во дворе»


@pytest.fixture
def client(tmp_path):
    from referee import create_app

    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.db"), "SECRET_KEY": "test"})
    return app.test_client()


def res(out=None, **left):
    return {"result": {"out": out, "left": left}}


# 9 hangs for Всеволод+Пётр; an equal block: 44 eggs; Мария out: 9 + 30 + 27 + 44 = 110: the «козёл»,
# Анфиса+Мария with nothing written: «сухой»
HANDS = [res("Анфиса", Всеволод=5, Пётр=4), res(Анфиса=10, Всеволод=12, Мария=12, Пётр=10),
         res("Мария", Всеволод=30, Пётр=27)]


def text_of(data: bytes) -> tuple[str, int]:
    reader = PdfReader(io.BytesIO(data))
    return " ".join((p.extract_text() or "") for p in reader.pages), len(reader.pages)


def sheet(hands, lang):
    rec = {"format": "referee-record/1", "variant": "traditional", "options": YARD, "players": P,
           "hands": hands, "lang": lang}
    code, out, _ = check(rec, lang)
    assert code == 0, out["error"]
    return text_of(pdf.match_sheet(rec, out, lang))[0]


@pytest.mark.parametrize("lang, words", [
    ("ru", ["Пара 1: Анфиса и Мария", "Пара 2: Всеволод и Пётр", "висит", "яйца 44",
            "Победитель матча: Анфиса и Мария", "«Козлы»: Всеволод и Пётр", "Всухую", "110"]),
    ("en", ["Pair 1: Анфиса and Мария", "Pair 2: Всеволод and Пётр", "hangs", "eggs 44",
            "Match winner: Анфиса and Мария", "goats", "dry", "110"]),
])
def test_the_pairs_scoresheet(lang, words):
    text = " ".join(sheet(HANDS, lang).split())
    for word in words:
        assert word in text, word


def test_the_pairs_scoresheet_of_a_match_going_on():
    text = " ".join(sheet(HANDS[:2], "ru").split())
    assert "ещё не определён" in text and "Всухую" not in text and "«Козлы»" not in text


@pytest.mark.parametrize("preset, lang, words", [
    ("yard", "ru", ["Козёл, как во дворе", "Пара 1 (1 + 3)", "Пара 2 (2 + 4)", "висит", "яйца",
                    "Меньше 13 не пишут", "Посадка (вид сверху)", "Предел 101"]),
    ("sea", "en", ["Sea kozel", "Pair 1 (1 + 3)", "hangs", "eggs", "Nothing under 25", "Limit 125"]),
])
def test_the_pairs_blank_sheet_fits_one_page(preset, lang, words):
    text, pages = text_of(pdf.blank_sheet("traditional", 4, lang, preset=preset))
    text = " ".join(text.split())
    assert pages == 1
    for word in words:
        assert word in text, word


def test_a_preset_blank_needs_four_players_and_a_known_preset():
    with pytest.raises(pdf.SheetError) as e:
        pdf.blank_sheet_html("traditional", 3, "en", preset="yard")
    assert "4–4" in e.value.message("en")
    with pytest.raises(pdf.SheetError):
        pdf.blank_sheet_html("traditional", 4, "en", preset="nonsense")


def test_the_command_line_prints_the_pairs_blank(tmp_path):
    out = tmp_path / "blank.pdf"
    run = subprocess.run([sys.executable, "-m", "referee.cli", "blank", "traditional", "--preset", "sea",
                          "--output", str(out), "--lang", "en"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "Sea kozel" in text_of(out.read_bytes())[0]


def test_the_web_offers_the_pairs_blanks(client):
    page = client.get("/sheets/blank").get_data(as_text=True)
    assert "preset=yard" in page and "preset=sea" in page
    resp = client.get("/sheets/blank/traditional/4.pdf?lang=ru&preset=yard")
    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    assert "Козёл, как во дворе" in text_of(resp.data)[0]
    assert client.get("/sheets/blank/traditional/3.pdf?lang=ru&preset=yard").status_code == 400
