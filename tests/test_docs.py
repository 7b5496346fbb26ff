"""The documentation's examples are real: every record in docs/notation.md replays as stated,
and every registered variant (the registry's, wherever the variant is declared) has one."""

import json
import re
from pathlib import Path

import pytest

from referee.record import check
from referee.rules import VARIANTS

DOC = Path(__file__).resolve().parents[1] / "docs" / "notation.md"
BLOCK = re.compile(r"### (\w+)\n\n.*?```json\n(.*?)\n```\n\n`referee check`: (\w+), winner (\S+); points: (.*?)\.\n", re.S)


def examples(text: str | None = None):
    return {m.group(1): m for m in BLOCK.finditer(text if text is not None else DOC.read_text(encoding="utf-8"))}


def assert_every_variant_has_an_example(text: str | None = None):
    """One example per registered variant, none for a variant that is not."""
    assert sorted(examples(text)) == sorted(VARIANTS)


def assert_example_replays_as_documented(variant: str, text: str | None = None):
    m = examples(text)[variant]
    rec = json.loads(m.group(2))
    assert rec["variant"] == variant
    code, out, _ = check(rec, "en")
    assert code == 0, out["error"]
    hand = out["hands"][0]
    assert hand["end"] == m.group(3)
    assert hand["winner"] == m.group(4)
    stated = dict(part.rsplit(" ", 1) for part in m.group(5).split(", "))
    assert {p: str(x) for p, x in hand["points"].items()} == stated


def test_every_variant_has_an_example():
    assert_every_variant_has_an_example()


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_example_replays_as_documented(variant):
    assert_example_replays_as_documented(variant)


def test_the_opening_record_example_parses():
    text = DOC.read_text(encoding="utf-8")
    first = text.split("```json\n", 1)[1].split("\n```", 1)[0]
    code, out, _ = check(json.loads(first))
    assert code == 0 and out["hands"][0]["end"] is None
