"""What a release declares agrees: pyproject's version is the changelog's newest release, the
changelog keeps an Unreleased section above it, and the licence the metadata names is the
LICENSE file's."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_version_is_the_changelogs_newest_release():
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    headings = re.findall(r"^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"),
                          re.M)
    assert headings[0] == ("Unreleased", "")
    assert headings[1][0] == version and headings[1][1], headings[:2]
    numbers = [tuple(int(x) for x in v.split(".")) for v, _ in headings[1:]]
    assert numbers == sorted(numbers, reverse=True) and len(set(numbers)) == len(numbers)
    assert re.fullmatch(r"\d+\.\d+\.\d+", version)


def test_the_licence_declared_is_the_licence_shipped():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == {"text": "MIT"}
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n") and "Permission is hereby granted, free of charge" in text
