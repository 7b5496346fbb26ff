"""The printed sheets, read back: players, totals, options, the winner, page counts, fonts."""

from __future__ import annotations

import io
import json
import pathlib
import re
import subprocess

import pypdf
import pytest

from referee import pdf, rulebook
from referee.rules.catalogue import VARIANTS
from referee.rules.move_words import sentence

from print_fixtures import (BLITZ_RECORD, BLITZ_REFUSED_RECORD, BLITZ_REFUSED_REPORT, BLITZ_REPORT, FOUR, FOUR_EN,
                      TRAD_RECORD, TRAD_REPORT, long_match, report_for)


def pages_text(data: bytes) -> list[str]:
    assert data.startswith(b"%PDF-")
    reader = pypdf.PdfReader(io.BytesIO(data))
    return [" ".join((p.extract_text() or "").split()) for p in reader.pages]


def text(data: bytes) -> str:
    return " ".join(pages_text(data))


def fonts(data: bytes) -> dict[str, bool]:
    """Font name -> embedded?, over every page."""
    reader = pypdf.PdfReader(io.BytesIO(data))
    out = {}
    for page in reader.pages:
        res = page["/Resources"].get_object()
        for f in (res.get("/Font") or {}).values():
            f = f.get_object()
            desc = f.get("/FontDescriptor")
            if desc is None and "/DescendantFonts" in f:
                desc = f["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            out[str(f.get("/BaseFont"))] = any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
    return out


# --- the engine's reports are the ones the hand-made fixtures stand for ---------------------------

def test_fixture_reports_agree_with_the_engine():
    assert report_for(BLITZ_RECORD) == BLITZ_REPORT
    assert report_for(TRAD_RECORD) == TRAD_REPORT
    refused = report_for(BLITZ_REFUSED_RECORD)
    assert refused["error"]["rule"] == BLITZ_REFUSED_REPORT["error"]["rule"] == "blitz.no_bazaar"


# --- the match scoresheet -------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["ru", "en"])
def test_blitz_seed_sheet(lang):
    report = report_for(BLITZ_RECORD)
    data = pdf.match_sheet(BLITZ_RECORD, report, lang)
    pages = pages_text(data)
    assert len(pages) == 1
    t = pages[0]
    for p in BLITZ_RECORD["players"]:
        assert p in t
    # players in seating order
    positions = [t.index(f"{i}. {p}") for i, p in enumerate(BLITZ_RECORD["players"], 1)]
    assert positions == sorted(positions)
    assert "132" in t
    # the house options by title and meaning (a number as it is), never key = value
    for key in ("bazaar", "chain", "opener"):
        assert rulebook.option_title("blitz", key, lang) in t
    assert "one_end" not in t and "lowest_double" not in t and "bazaar = draw" not in t
    assert rulebook.option_title("blitz", "target", lang) + " 100" in t
    if lang == "ru":
        assert "Блиц" in t and "Победитель матча: Жан" in t and "28.11.2026" in t
        assert "из несданных костей можно брать" in t
    else:
        assert "Blitz" in t and "Match winner: Жан" in t and "28 November 2026" in t
        assert "players draw from the undealt tiles" in t
    assert all(fonts(data).values()), fonts(data)
    assert any("DejaVu" in name for name in fonts(data))


def test_sheet_language_follows_the_record():
    t = text(pdf.match_sheet(BLITZ_RECORD, BLITZ_REPORT))
    assert "Протокол матча" in t
    en_record = dict(BLITZ_RECORD, lang="en")
    assert "Match scoresheet" in text(pdf.match_sheet(en_record, BLITZ_REPORT))


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_traditional_seed_sheet(lang):
    report = report_for(TRAD_RECORD)
    t = text(pdf.match_sheet(TRAD_RECORD, report, lang))
    assert "Анфиса" in t and "Всеволод" in t
    assert ("вышел" if lang == "ru" else "out") in t
    assert ("ещё не определён" if lang == "ru" else "not decided yet") in t
    # the house options by their titles, never by their keys and values
    assert rulebook.option_title("traditional", "fish_winner", lang) in t and "fewest_pips" not in t
    assert rulebook.option_title("traditional", "scoring", lang) in t and "scoring =" not in t
    assert "limit =" not in t  # the kozel limit is not in force


def test_refused_record_says_which_rule():
    report = report_for(BLITZ_REFUSED_RECORD)
    t = text(pdf.match_sheet(BLITZ_REFUSED_RECORD, report, "en"))
    title = rulebook.rule_for("blitz.no_bazaar", "en", "blitz").title
    assert "Record refused" in t and title in t and "draw 5:5" in t and "blitz.no_bazaar" not in t
    assert rulebook.option_title("blitz", "bazaar", "en") in t and "bazaar = none" not in t


def test_twenty_hands_of_four_fit_one_page():
    record = long_match(20)
    report = report_for(record)
    data = pdf.match_sheet(record, report, "ru")
    pages = pages_text(data)
    assert len(pages) == 1
    t = pages[0]
    for p in FOUR:
        assert p in t
    for p in FOUR:
        assert str(report["totals"][p]) in t
    assert " ".join(FOUR + ["Судья"]) in t  # a signature line for each player and the referee
    assert "Судья" in t
    assert "Ход матча" in t  # the chart's heading; the chart itself is SVG


def test_forty_five_hands_continue_with_the_header_repeated():
    record = long_match(45, players=FOUR_EN, target=1000)
    report = report_for(record)
    assert len(report["hands"]) == 45
    pages = pages_text(pdf.match_sheet(record, report, "en"))
    assert len(pages) >= 2
    for page in pages:
        assert "Ended Winner" in page
        for p in FOUR_EN:
            assert p in page
        assert "hand total" in page
    # every hand number appears in order across the pages
    joined = " ".join(pages)
    # hand 45, entered by its result, is a block: the sheet says so (never "result")
    assert re.search(r"\b45 block\b", joined) and not re.search(r"\b\d+ result\b", joined)
    assert "Referee" in pages[-1]


def test_long_match_winner_and_in_play_points():
    record = long_match(8, players=FOUR_EN, target=30)
    report = report_for(record)
    report = dict(report)
    report["hands"] = [dict(h, in_play={p: 5 for p in FOUR_EN}) for h in report["hands"]]
    t = text(pdf.match_sheet(record, report, "en"))
    assert report["match_winner"] and f"Match winner: {report['match_winner']}" in t
    assert "points gathered during play" in t


def test_names_are_printed_as_written():
    names = ["A<b>&amp;", "Bob \"the\" <i>", "Вася"]
    record = {"format": "referee-record/1", "variant": "traditional", "players": names, "hands": []}
    report = {"ok": True, "variant": "traditional", "hands": [
        {"number": 1, "end": "out", "winner": names[0], "points": {names[0]: 12, names[1]: 0, names[2]: 0},
         "left": {names[0]: 0, names[1]: 5, names[2]: 7}}],
        "totals": {names[0]: 12, names[1]: 0, names[2]: 0}, "match_winner": None, "error": None}
    t = text(pdf.match_sheet(record, report, "en"))
    for n in names:
        assert n in t


def test_ladder_sheet_says_its_rules_are_provisional():
    record = {"format": "referee-record/1", "variant": "ladder", "players": ["A", "B", "C"], "hands": []}
    report = {"ok": True, "variant": "ladder", "hands": [], "totals": {"A": 0, "B": 0, "C": 0},
              "match_winner": None, "error": None}
    for lang in ("ru", "en"):
        t = text(pdf.match_sheet(record, report, lang))
        assert " ".join(rulebook.provisional_note("ladder", lang).split()) in t


def test_sheet_refuses_an_unknown_option():
    record = dict(BLITZ_RECORD, options={"bazaar": "sometimes"})
    with pytest.raises(pdf.SheetError) as e:
        pdf.match_sheet(record, BLITZ_REPORT, "en")
    assert "bazaar" in e.value.message("en") and "sometimes" in e.value.message("ru")


def test_sheet_refuses_a_player_count_the_variant_does_not_allow():
    record = dict(BLITZ_RECORD, players=["A", "B"])
    with pytest.raises(pdf.SheetError) as e:
        pdf.match_sheet(record, BLITZ_REPORT, "ru")
    assert "от" not in e.value.message("en")
    assert "от 4 до 8" in e.value.message("ru")


# --- blank sheets ---------------------------------------------------------------------------------

BLANKS = [(v, n) for v in VARIANTS for n in VARIANTS[v].player_counts]


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("variant,players", BLANKS)
def test_blank_sheet(variant, players, lang):
    data = pdf.blank_sheet(variant, players, lang)
    pages = pages_text(data)
    assert len(pages) == 1, f"{variant} for {players}: {len(pages)} pages"
    t = pages[0]
    assert rulebook.variant_title(variant, lang) in t
    summary = rulebook.scoring_summary(variant, lang, players)
    first_sentence = summary.split(". ")[0]
    assert " ".join(first_sentence.split()) in t
    target = VARIANTS[variant].option("target") if "target" in VARIANTS[variant].option_keys else None
    if target is not None and target.default_for(players, {}) is not None:
        assert str(target.default_for(players, {})) in t
    if VARIANTS[variant].provisional:
        assert " ".join(rulebook.provisional_note(variant, lang).split()) in t
    # one numbered row per hand to fill in
    assert re.search(r"\b1\b.*\b12\b", t)


def test_blank_sheet_refuses_a_bad_player_count():
    with pytest.raises(pdf.SheetError):
        pdf.blank_sheet("sevastopol", 3, "en")
    with pytest.raises(pdf.SheetError):
        pdf.blank_sheet("nonesuch", 3, "en")


# --- hand records ---------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["ru", "en"])
def test_hand_record_lists_every_move_in_order(lang):
    report = report_for(TRAD_RECORD)
    t = text(pdf.hand_record(TRAD_RECORD, report, 1, lang))
    tokens = [m for turn in TRAD_RECORD["hands"][0]["turns"] for m in turn["moves"]]
    pos = 0
    for token in tokens:
        pos = t.index(token, pos)
    assert ("кладёт 1:3 к 2:1" if lang == "ru" else "lays 1:3 against 2:1") in t
    assert "Анфиса" in t and "Всеволод" in t
    assert "3:2 3:3 4:6 1:3 5:6 4:0 6:6" in t  # the deal
    assert ("Концы после хода" if lang == "ru" else "Open ends after") in t


def test_open_ends_after_every_move_of_the_seed_hand():
    ends = pdf.ends_after_moves(TRAD_RECORD, TRAD_REPORT, 1)
    assert ends == ["6", "0 · 6", "0 · 5", "0 · 0", "0 · 4", "0 · 4", "0 · 6", "0 · 2", "0 · 3", "2 · 3",
                    "2 · 3", "1 · 3", "3 · 3"]
    refused = pdf.ends_after_moves(BLITZ_REFUSED_RECORD, BLITZ_REFUSED_REPORT, 1)
    assert refused[:2] == ["0", "3 · 0"] and set(refused[2:]) == {None}


def test_hand_record_marks_the_refused_move():
    report = report_for(BLITZ_REFUSED_RECORD)
    t = text(pdf.hand_record(BLITZ_REFUSED_RECORD, report, 1, "en"))
    assert "draws 5:5 from the bazaar" in t
    assert "REFUSED" in t and rulebook.rule_for("blitz.no_bazaar", "en", "blitz").title in t
    assert "blitz.no_bazaar" not in t
    assert "were not checked" in t


def test_hand_record_of_a_result_only_hand():
    record = long_match(3)
    report = report_for(record)
    t = text(pdf.hand_record(record, report, 2, "en"))
    assert "only its result" in t and "Result" in t


def test_sheet_of_a_match_in_progress():
    record = {"format": "referee-record/1", "variant": "traditional", "players": ["A", "B"],
              "hands": [{"turns": [{"player": "A", "moves": ["6:6"]}], "lead": "A"}]}
    code, out, rep = __import__("referee.record", fromlist=["check"]).check(record, "en")
    assert code == 0 and out["hands"][0]["end"] is None
    t = text(pdf.match_sheet(record, out, "ru"))
    assert "не окончен" in t and "ещё не определён" in t


def test_hand_record_of_a_missing_hand():
    with pytest.raises(pdf.SheetError) as e:
        pdf.hand_record(TRAD_RECORD, TRAD_REPORT, 2, "ru")
    assert "нет кона № 2" in e.value.message("ru")


@pytest.mark.parametrize("token,ru,en", [
    ("pass", "пропускает ход", "passes"),
    ("draw", "берёт кость из базара (не показывая)", "draws a tile from the bazaar (unseen)"),
    ("draw 5-5", "берёт из базара 5:5", "draws 5:5 from the bazaar"),
    ("0:2>0:0", "кладёт 0:2 к 0:0", "lays 0:2 against 0:0"),
    ("6:1>5:1@1 across@6", "кладёт 6:1, к 5:1, к половине 1, поперёк, половиной 6 наружу",
     "lays 6:1, against 5:1, at its half 1, crosswise, half 6 facing out"),
    ("4:4 down", "кладёт 4:4 рубашкой вверх, закрывая ногу", "lays 4:4 face down, closing the leg"),
    ("miss 3:1", "открывает 3:1 — не подходит, она уходит влево", "turns up 3:1: no fit, it goes back to the left"),
    ("open 1:2 3:4 5:6", "открывает последние кости: 1:2, 3:4, 5:6", "turns up his last tiles: 1:2, 3:4, 5:6"),
])
def test_move_in_words(token, ru, en):
    assert sentence(token, "ru") == ru
    assert sentence(token, "en") == en


def test_move_in_words_knows_the_variant():
    assert sentence("draw 3:3", "ru", "dark") == "берёт из базара 3:3 в ряд (в этот ход не играет)"
    assert sentence("0:1 cut", "en", "sausage", "Bob") == (
        "lays 0:1 across both lanes: a cut, the piece goes to Bob")


# --- pictures -----------------------------------------------------------------------------------

def test_sheets_turn_into_pictures(tmp_path):
    f = tmp_path / "sheet.pdf"
    f.write_bytes(pdf.match_sheet(BLITZ_RECORD, BLITZ_REPORT, "ru"))
    subprocess.run(["pdftoppm", "-png", "-r", "40", str(f), str(tmp_path / "x")], check=True)
    png = tmp_path / "x-1.png"
    assert png.exists() and png.stat().st_size > 5000


# --- real matches of every variant, played move by move through the engine ------------------------

REAL = [(v, None) for v in VARIANTS] + [("sausage", {"scoring": "credit"}), ("six_matador", {"scoring": "strict"}),
                                       ("matador", {"matador_bonus": 10})]


@pytest.mark.parametrize("variant,options", REAL, ids=[v + ("-" + "-".join(f"{k}={x}" for k, x in o.items()) if o else "")
                                                      for v, o in REAL])
def test_real_match_of_every_variant(variant, options):
    from print_fixtures import random_record

    n = 5 if variant == "blitz" else VARIANTS[variant].max_players
    lang = "en" if len(variant) % 2 else "ru"
    record, report = random_record(variant, n, 8, seed=7, options=options, lang=lang)
    data = pdf.match_sheet(record, report, lang)
    t = text(data)
    for p in record["players"]:
        assert p in t
    for total in report["totals"].values():
        assert str(total) in t
    if report["match_winner"]:
        assert report["match_winner"] in t.split("Победитель матча:" if lang == "ru" else "Match winner:")[1][:40]
    if VARIANTS[variant].provisional:
        assert " ".join(rulebook.provisional_note(variant, lang).split()) in t
    h = text(pdf.hand_record(record, report, 1, lang))
    tokens = [m for turn in record["hands"][0].get("turns", []) for m in turn["moves"]]
    pos = 0
    for token in tokens:
        pos = h.index(token, pos)


def test_sausage_counted_in_hands_won():
    record = {"format": "referee-record/1", "variant": "sausage", "players": ["A", "B", "C"], "hands": []}
    report = {"ok": True, "variant": "sausage", "match_winner": None, "error": None,
              "hands": [{"number": 1, "end": "out", "winner": "B", "points": {"A": 0, "B": 1, "C": 0},
                         "left": {"A": 5, "B": 0, "C": 9}}],
              "totals": {"A": 0, "B": 1, "C": 0}}
    t = text(pdf.match_sheet(record, report, "en"))
    assert "no target (hands won are counted)" in t


def test_in_play_points_from_the_engine():
    from print_fixtures import random_record

    from referee.record import check

    record, _ = random_record("muggins", 3, 6, seed=2, lang="en")
    code, out, rep = check(record, "en")
    assert code == 0
    out = pdf.add_in_play(out, rep)
    assert any("in_play" in h for h in out["hands"])
    assert "points gathered during play" in text(pdf.match_sheet(record, out, "en"))


# --- the documented example of every variant (docs/notation.md) ----------------------------------

NOTATION = pathlib.Path(__file__).resolve().parents[2] / "docs" / "notation.md"
EXAMPLE = re.compile(r"### (\w+)\n\n.*?```json\n(.*?)\n```", re.S)


def _examples():
    if not NOTATION.exists():
        return {}
    return {m.group(1): json.loads(m.group(2)) for m in EXAMPLE.finditer(NOTATION.read_text(encoding="utf-8"))
            if m.group(1) in VARIANTS}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_documented_example_prints(variant):
    examples = _examples()
    assert variant in examples, f"docs/notation.md has no example for {variant}"
    from referee.record import check

    record = examples[variant]
    lang = "ru" if sorted(VARIANTS).index(variant) % 2 else "en"
    code, out, rep = check(record, lang)
    assert code == 0, out["error"]
    t = text(pdf.hand_record(record, out, 1, lang))
    tokens = [m for turn in record["hands"][0].get("turns", []) for m in turn["moves"]]
    pos = 0
    for token in tokens:
        pos = t.index(" ".join(token.split()), pos)
    assert "(token not understood)" not in t and "(запись не разобрана)" not in t
    if VARIANTS[variant].provisional:
        assert " ".join(rulebook.provisional_note(variant, lang).split()) in t
    s = text(pdf.match_sheet(record, pdf.add_in_play(out, rep), lang))
    for p, pts in out["hands"][0]["points"].items():
        assert p in s and str(pts) in s


@pytest.mark.parametrize("lang, value, text", [
    ("ru", "2025-03-01", "01.03.2025"), ("en", "2025-03-01", "1 March 2025"),
    ("en", "2024-12-31", "31 December 2024"), ("ru", "not a date", "not a date"), ("en", None, ""),
])
def test_a_matchs_date_is_written_in_the_sheets_language(lang, value, text):
    assert pdf._format_date(value, lang) == text
