"""docs/events.md's examples are real: each command it shows prints what it says, on the example
event files beside it, and those files keep every rule."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from referee import cli

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "events.md"
SHOWN = re.compile(r"```sh\n(referee event [^\n]+)\n```\n\n```(text|json)\n(.*?)\n```", re.S)


def shown():
    return SHOWN.findall(DOC.read_text(encoding="utf-8"))


def test_the_doc_shows_commands():
    assert len(shown()) >= 3


@pytest.mark.parametrize("command,kind,output", shown(), ids=[c for c, _, _ in shown()])
def test_each_command_prints_what_the_doc_says(command, kind, output, capsys):
    argv = shlex.split(command)[1:]
    argv = [str(ROOT / a) if a.startswith("docs/") else a for a in argv]
    assert cli.main(argv) == 0
    out = capsys.readouterr().out
    if kind == "json":
        assert json.loads(out) == json.loads(output)
    else:
        assert out.rstrip("\n") == output


@pytest.mark.parametrize("path", sorted((ROOT / "docs" / "events").glob("*.json")), ids=lambda p: p.name)
def test_the_example_events_keep_every_rule(path, capsys):
    assert cli.main(["event", "check", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"ok": True, "error": None}
