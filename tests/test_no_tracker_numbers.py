"""The code, the tests, the templates and the styles speak of what they do, not of the tracker's
issue numbers (a reader of the source has no tracker), and the docs hold no path of a
developer's machine."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ISSUE = re.compile(r"\b[Ii]ssues? ?#?\d+")
MACHINE = re.compile(r"(?<![\w.])/(?:work|root)/|(?<![\w.])/home/[a-z]+/(?!\.local/share/referee)")


def tracked(*names: str) -> list[Path]:
    """The files under ``names`` (folders or files of the project's root), as a checkout or the
    source archive holds them (no git needed)."""
    out: list[Path] = []
    for name in names:
        path = ROOT / name
        out += [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file()
                                                    and "__pycache__" not in p.parts)
    return out


def test_no_issue_number_in_the_source():
    files = tracked("referee", "tests", "tools", "templates", "static", ".ci")
    assert files
    found = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
             for p in files if p.suffix in {".py", ".html", ".js", ".css", ".toml", ""} and p.is_file()
             for n, line in enumerate(p.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
             if ISSUE.search(line) and p.name != Path(__file__).name]
    assert found == []


def test_no_path_of_a_developers_machine_in_the_docs():
    files = tracked("docs", "README.md", "CHANGELOG.md")
    assert files
    found = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
             for p in files if p.suffix == ".md"
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if MACHINE.search(line)]
    assert found == []


def test_the_checks_find_what_they_look_for():
    assert ISSUE.search("# the table in one thumb (issue 9)")
    assert ISSUE.search('"""Issue 11, round trips')
    assert not ISSUE.search("the issues of a club night")
    assert MACHINE.search("see /work/shared/seeds for the texts")
    assert MACHINE.search("python /home/dev/referee/tools/x.py")
    assert not MACHINE.search("Data: /home/anna/.local/share/referee/referee.db")
