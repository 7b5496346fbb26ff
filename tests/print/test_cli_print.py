"""`referee sheet` and `referee blank` from the command line."""

from __future__ import annotations

import argparse
import io
import json

import pypdf
import pytest

from referee import cli_print

from print_fixtures import BLITZ_RECORD, BLITZ_REFUSED_RECORD, TRAD_RECORD


def run(argv):
    parser = argparse.ArgumentParser(prog="referee")
    cli_print.add_subcommands(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return args.func(args)


def pdf_text(path) -> str:
    reader = pypdf.PdfReader(io.BytesIO(path.read_bytes()))
    return " ".join(" ".join((p.extract_text() or "").split()) for p in reader.pages)


def write(tmp_path, name, obj):
    f = tmp_path / name
    f.write_text(json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    return f


def test_sheet(tmp_path, capsys):
    rec = write(tmp_path, "blitz.json", BLITZ_RECORD)
    out = tmp_path / "sheet.pdf"
    assert run(["sheet", str(rec), "--output", str(out)]) == 0
    t = pdf_text(out)
    assert "Протокол матча" in t and "132" in t and "Победитель матча: Жан" in t
    assert "Записано" in capsys.readouterr().err
    assert run(["sheet", str(rec), "--output", str(out), "--lang", "en"]) == 0
    assert "Match winner: Жан" in pdf_text(out)


def test_sheet_of_a_refused_record_is_written_and_exits_1(tmp_path, capsys):
    rec = write(tmp_path, "refused.json", BLITZ_REFUSED_RECORD)
    out = tmp_path / "sheet.pdf"
    assert run(["sheet", str(rec), "-o", str(out), "--lang", "en"]) == 1
    from referee import rulebook

    assert rulebook.rule_for("blitz.no_bazaar", "en", "blitz").title in pdf_text(out)
    assert "breaks a rule" in capsys.readouterr().err


def test_hand_record_from_the_command_line(tmp_path):
    rec = write(tmp_path, "trad.json", TRAD_RECORD)
    out = tmp_path / "hand.pdf"
    assert run(["sheet", str(rec), "-o", str(out), "--hand", "1"]) == 0
    assert "кладёт 1:3 к 2:1" in pdf_text(out)


def test_blank(tmp_path, capsys):
    out = tmp_path / "blank.pdf"
    assert run(["blank", "muggins", "--players", "3", "--output", str(out), "--lang", "en"]) == 0
    t = pdf_text(out)
    assert "Muggins" in t and "200" in t
    assert run(["blank", "sevastopol", "--output", str(out)]) == 0  # 4 players only: no --players needed
    assert "Севастополь" in pdf_text(out)


@pytest.mark.parametrize("argv,lang,words", [
    (["blank", "blitz", "--players", "3"], "ru", "Блиц"),
    (["blank", "blitz", "--players", "3", "--lang", "en"], "en", "Blitz is played by 4–8 players, not 3"),
    (["blank", "nonesuch", "--players", "3"], "ru", "Неизвестный вариант «nonesuch»"),
    (["blank", "nonesuch", "--players", "3", "--lang", "en"], "en", "Unknown variant “nonesuch”"),
    (["blank", "spider"], "ru", "Укажите число игроков"),
    (["blank", "spider", "--players", "many", "--lang", "en"], "en", "--players needs a number"),
    (["sheet", "/nonexistent/record.json"], "ru", "Не удалось открыть файл"),
])
def test_bad_input_says_so_in_the_chosen_language_and_exits_2(tmp_path, capsys, argv, lang, words):
    out = tmp_path / "x.pdf"
    assert run(argv + ["--output", str(out)]) == 2
    assert words in capsys.readouterr().err
    assert not out.exists()


def test_bad_records(tmp_path, capsys):
    out = tmp_path / "x.pdf"
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert run(["sheet", str(bad), "-o", str(out), "--lang", "en"]) == 2
    assert "is not valid JSON" in capsys.readouterr().err
    rec = write(tmp_path, "v.json", dict(BLITZ_RECORD, variant="nonesuch"))
    assert run(["sheet", str(rec), "-o", str(out)]) == 2
    assert "record.variant" in capsys.readouterr().err
    assert not out.exists()
    rec = write(tmp_path, "b.json", BLITZ_RECORD)
    assert run(["sheet", str(rec), "-o", str(out), "--hand", "7", "--lang", "en"]) == 2
    assert "no hand 7" in capsys.readouterr().err
    assert run(["sheet", str(rec)]) == 2
    assert "Укажите файл для PDF" in capsys.readouterr().err


def test_output_that_cannot_be_written(tmp_path, capsys):
    assert run(["blank", "blitz", "--players", "4", "-o", str(tmp_path / "no" / "dir.pdf"), "--lang", "en"]) == 2
    assert "Cannot write" in capsys.readouterr().err


def test_the_referee_command_has_both_subcommands(tmp_path):
    from referee import cli

    out = tmp_path / "b.pdf"
    assert cli.main(["blank", "ladder", "--players", "3", "-o", str(out), "--lang", "en"]) == 0
    assert "provisional" in pdf_text(out)
