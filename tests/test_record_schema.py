"""docs/record.schema.json is the record's shape, and every record the project shows fits it.

The schema is made by tools/make_schema.py from the reader's key lists and the catalogue; here it
is checked to be that output, a valid JSON Schema, to accept every example (tests/data/examples,
docs/notation.md) and to refuse, like the reader, a key the format does not know. The web app's
exports are checked against it in tests/web/test_web_export_schema.py.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import jsonschema
import pytest

from referee.record import check
from referee.rules import VARIANTS
from tests.toolmodule import load_tool

ROOT = Path(__file__).resolve().parents[1]
SCHEMA_FILE = ROOT / "docs" / "record.schema.json"
EXAMPLES = sorted((ROOT / "tests" / "data" / "examples").glob("*.json"))
NOTATION = ROOT / "docs" / "notation.md"


def schema(text: str | None = None) -> dict:
    return json.loads(text if text is not None else SCHEMA_FILE.read_text(encoding="utf-8"))


def validator(text: str | None = None) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schema(text))


def errors(record, text: str | None = None) -> list[str]:
    return [e.message for e in validator(text).iter_errors(record)]


def doc_records(text: str | None = None) -> list[dict]:
    blocks = re.findall(r"```json\n(.*?)\n```", text if text is not None else NOTATION.read_text(encoding="utf-8"), re.S)
    found = [json.loads(b) for b in blocks]
    return [r for r in found if isinstance(r, dict) and r.get("format") == "referee-record/1"]


def made() -> str:
    """The schema tools/make_schema.py makes from the registry as it stands."""
    return str(load_tool("make_schema").text())


def assert_a_valid_schema_naming_every_variant(text: str | None = None):
    jsonschema.Draft202012Validator.check_schema(schema(text))
    assert schema(text)["properties"]["variant"]["enum"] == list(VARIANTS)


def assert_every_record_in_the_notation_page_fits(notation: str | None = None, text: str | None = None):
    records = doc_records(notation)
    assert len(records) == len(VARIANTS) + 2        # the opening record, the pairs match and one per variant
    assert sorted({r["variant"] for r in records}) == sorted(VARIANTS)
    for record in records:
        assert errors(record, text) == [], record["variant"]


def test_the_file_is_what_the_tool_makes():
    assert SCHEMA_FILE.read_text(encoding="utf-8") == made(), "run python tools/make_schema.py"


def test_it_is_a_valid_schema_naming_every_variant():
    assert_a_valid_schema_naming_every_variant()


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_example_fits(path):
    record = json.loads(path.read_text(encoding="utf-8"))
    assert errors(record) == []


def test_every_record_in_the_notation_page_fits():
    assert_every_record_in_the_notation_page_fits()


@pytest.mark.parametrize("path, change", [
    ("", lambda r: r.update(comment="friday")),
    ("hand", lambda r: r["hands"][0].update(turnz=r["hands"][0].pop("turns"))),
    ("turn", lambda r: r["hands"][0]["turns"][0].update(tiles=[])),
    ("result", lambda r: r["hands"].append({"result": {"out": None, "points": {}}})),
    ("options", lambda r: r["options"].update(colour="red")),
    ("option value", lambda r: r["options"].update(draw="sometimes")),
    ("tile", lambda r: r["hands"][0]["deal"][r["players"][0]].__setitem__(0, "6:7")),
    ("players", lambda r: r.update(players=r["players"][:1])),
])
def test_what_the_reader_refuses_the_schema_refuses(path, change):
    record = json.loads((ROOT / "tests" / "data" / "examples" / "traditional.json").read_text(encoding="utf-8"))
    assert errors(record) == [] and check(copy.deepcopy(record))[0] == 0
    change(record)
    assert errors(record), path
    assert check(record)[0] == 2, path
