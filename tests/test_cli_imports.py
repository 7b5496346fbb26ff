"""``referee check`` and ``referee bench`` load the engine and what they need, nothing of the web
app, the printing, the database or the server; their arguments, help and refusals are the same
as the whole command's (the other subcommands' modules are imported only for those)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from referee import cli

EXAMPLE = sorted((Path(__file__).parent / "data" / "examples").glob("*.json"))[0]

#: the web stack, the printing and the database (third-party), and the command's own modules for
#: the other subcommands
NOT_LOADED = ("flask", "flask_babel", "flask_wtf", "wtforms", "weasyprint", "sqlite_utils", "sqlite3",
              "jinja2", "werkzeug", "segno", "waitress", "flask_compress")
NOT_LOADED_OWN = ("referee.web", "referee.pdf", "referee.server", "referee.backup", "referee.export_cli",
                  "referee.settings", "referee.store", "referee.states")


def _modules_after(argv: list[str]) -> tuple[int, list[str], str]:
    code = ("import json, sys, io, contextlib\n"
            "from referee.cli import main\n"
            "out = io.StringIO()\n"
            "with contextlib.redirect_stdout(out):\n"
            f"    rc = main({argv!r})\n"
            "print(json.dumps({'rc': rc, 'modules': sorted(sys.modules), 'out': out.getvalue()}))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout.splitlines()[-1])
    return got["rc"], got["modules"], got["out"]


@pytest.mark.parametrize("argv", [
    ["bench", "muggins", "--players", "2", "--hands", "3", "--json"],
    ["check", str(EXAMPLE), "--json"],
    ["check", str(EXAMPLE), "--lang", "en"],
])
def test_the_engines_commands_load_no_web_print_database_or_server_code(argv):
    rc, modules, out = _modules_after(argv)
    assert rc == 0, out
    assert out.strip()
    assert "referee.rules.hand" in modules          # the engine did the work
    bad = [m for m in modules if m.split(".")[0] in NOT_LOADED
           or any(m == own or m.startswith(own + ".") for own in NOT_LOADED_OWN)]
    assert bad == []


def test_the_other_subcommands_are_still_there(capsys):
    rc, out, _ = _run(["--help"], capsys)
    assert rc == 0 and "serve" in out and "backup" in out and "sheet" in out
    full = cli.build_parser()
    sub = next(a for a in full._actions if a.dest == "command")
    names = set(sub.choices)
    assert {"check", "bench", "serve", "backup"} <= names and len(names) > 4
    lean = cli.build_parser("bench")
    assert set(next(a for a in lean._actions if a.dest == "command").choices) == {"check", "bench"}


def _run(argv: list[str], capsys) -> tuple[int, str, str]:
    try:
        rc = cli.main(argv)
    except SystemExit as e:
        rc = int(e.code or 0)
    out = capsys.readouterr()
    return rc, out.out, out.err


def _full(argv: list[str], capsys) -> tuple[int, str, str]:
    """What the parser with every subcommand says to ``argv``."""
    try:
        cli.build_parser().parse_args(argv)
        rc = 0
    except SystemExit as e:
        rc = int(e.code or 0)
    out = capsys.readouterr()
    return rc, out.out, out.err


@pytest.mark.parametrize("argv", [
    ["bench", "--help"], ["check", "--help"], ["bench"], ["check"], ["bench", "muggins", "--players", "x"],
    ["check", "a.json", "--lang", "de"], ["bench", "muggins", "--bogus"],
])
def test_the_engines_commands_answer_as_the_whole_parser_does(argv, capsys, monkeypatch):
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    got = _run(argv, capsys)
    want = _full(argv, capsys)
    assert got == want
    assert got[1] or got[2]


def test_russian_refusals_stay_russian(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    rc, _, err = _run(["bench"], capsys)
    assert rc == 2
    assert "использование: referee bench" in err and "не хватает аргументов: variant" in err
