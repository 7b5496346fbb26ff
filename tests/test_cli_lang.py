"""Every command answers in the terminal's language (LC_ALL, then LC_MESSAGES, then LANG)
unless its --lang says otherwise: the record's own language does not decide for the reader."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee import cli

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "tests" / "data" / "examples" / "bergen.json"
EVENT = ROOT / "docs" / "events" / "club-night.json"
MISSING = "/nonexistent/referee-nothing-here"

#: command line -> (what the English answer holds, what the Russian one holds)
COMMANDS = {
    "check": (["check", str(RECORD)], "Every hand is legal.", "Всё по правилам."),
    "check-unreadable": (["check", MISSING], "Cannot open the file", "Не удалось открыть файл"),
    "bench": (["bench", "muggins", "--hands", "2"], "players: 2 hands", "игроков: 2; конов: 2"),
    "bench-refused": (["bench", "nothing"], "Unknown variant «nothing»", "Неизвестный вариант «nothing»"),
    "sheet": (["sheet", str(RECORD)], "Say where to write the PDF", "Укажите файл для PDF"),
    "blank": (["blank", "traditional"], "Say where to write the PDF", "Укажите файл для PDF"),
    "serve": (["serve", "--workers", "999"], "--workers: from 1 to", "--workers: от 1 до"),
    "backup": (["backup", MISSING + ".bak", "--database", MISSING], "There is no database at", "Базы данных нет"),
    "restore": (["restore", MISSING, "--database", MISSING], "There is no database at", "Базы данных нет"),
    "csv": (["csv", "--database", MISSING], "There is no database at", "Базы данных нет"),
    "event-check": (["event", "check", MISSING], "The file cannot be opened", "Файл не открывается"),
    "event-standings": (["event", "standings", str(EVENT)], "standings after round 3", "после тура 3"),
    "arguments": (["bench"], "the following arguments are required", "не хватает аргументов"),
    "help": (["serve", "--help"], "the port (default 8000; 0: any free port)", "порт (по умолчанию 8000; 0 — любой свободный)"),
    "help-event": (["event", "standings", "--help"], "the standings after round N", "положение после тура N"),
}


def _run(argv: list[str], capsys) -> str:
    try:
        cli.main(argv)
    except SystemExit:
        pass
    got = capsys.readouterr()
    return got.out + got.err


def _terminal(monkeypatch, lang: str | None = None, **env: str) -> None:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    if lang:
        monkeypatch.setenv("LANG", lang)
    for var, value in env.items():
        monkeypatch.setenv(var, value)


@pytest.mark.parametrize("name", COMMANDS)
def test_english_terminal(name, capsys, monkeypatch):
    argv, en, ru = COMMANDS[name]
    _terminal(monkeypatch, "en_GB.UTF-8")
    said = _run(argv, capsys)
    assert en in said and ru not in said, said


@pytest.mark.parametrize("name", COMMANDS)
def test_russian_terminal(name, capsys, monkeypatch):
    argv, en, ru = COMMANDS[name]
    _terminal(monkeypatch, "ru_RU.UTF-8")
    said = _run(argv, capsys)
    assert ru in said and en not in said, said


@pytest.mark.parametrize("name", [n for n in COMMANDS if n != "arguments"])
def test_lang_says_otherwise(name, capsys, monkeypatch):
    argv, en, ru = COMMANDS[name]
    _terminal(monkeypatch, "ru_RU.UTF-8")
    said = _run(argv + ["--lang", "en"], capsys)
    assert en in said and ru not in said, said
    _terminal(monkeypatch, "en_GB.UTF-8")
    said = _run(argv + ["--lang", "ru"], capsys)
    assert ru in said and en not in said, said


def test_which_variable_decides(capsys, monkeypatch):
    """LC_ALL over LC_MESSAGES over LANG; a C or POSIX locale names no language: Russian."""
    argv, en, ru = COMMANDS["check"]
    _terminal(monkeypatch, "ru_RU.UTF-8", LC_ALL="en_US.UTF-8")
    assert en in _run(argv, capsys)
    _terminal(monkeypatch, "ru_RU.UTF-8", LC_MESSAGES="en_US.UTF-8")
    assert en in _run(argv, capsys)
    _terminal(monkeypatch, "en_US.UTF-8", LC_MESSAGES="ru_RU.UTF-8")
    assert ru in _run(argv, capsys)
    _terminal(monkeypatch, "C.UTF-8")
    assert ru in _run(argv, capsys)


def test_a_russian_record_on_an_english_terminal(capsys, monkeypatch, tmp_path):
    """The record's lang is the match's; the report is the reader's."""
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    record["lang"] = "ru"
    path = tmp_path / "ru.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    _terminal(monkeypatch, "en_GB.UTF-8")
    said = _run(["check", str(path)], capsys)
    assert "Every hand is legal." in said and "Кон" not in said, said


def _parsers(parser):
    """The parser and every subcommand's parser under it."""
    import argparse

    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _parsers(sub)


def test_every_help_text_has_its_russian():
    """Each subcommand's description and each argument's help are messages of the catalogue with
    Russian words, and argparse's own headings too: ``referee … --help`` reads in one language."""
    from referee.words import say

    texts = {"positional arguments", "options", "show this help message and exit", "usage: "}
    for parser in _parsers(cli.build_parser()):
        if parser.description:
            texts.add(parser.description)
        for action in parser._actions:
            if action.help:
                texts.add(action.help)
            for pseudo in getattr(action, "_choices_actions", []):
                texts.add(pseudo.help)
    assert len(texts) > 60
    missing = sorted(t for t in texts if say("ru", t) == t)
    assert not missing, missing
