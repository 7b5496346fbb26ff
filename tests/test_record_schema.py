"""docs/record.schema.json is the record's shape, and every record the project shows fits it.

The schema is made by tools/make_schema.py from the reader's key lists and the catalogue; here it
is checked to be that output, a valid JSON Schema, to accept every example (tests/data/examples,
docs/notation.md) and to refuse, like the reader, a key the format does not know. The web app's
exports are checked against it in tests/web/test_web_export_schema.py.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import re
from pathlib import Path

import jsonschema
import pytest

from referee.record import check
from referee.rules.catalogue import VARIANTS

ROOT = Path(__file__).resolve().parents[1]
SCHEMA_FILE = ROOT / "docs" / "record.schema.json"
EXAMPLES = sorted((ROOT / "tests" / "data" / "examples").glob("*.json"))
NOTATION = ROOT / "docs" / "notation.md"


def schema() -> dict:
    return json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))


def validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schema())


def errors(record) -> list[str]:
    return [e.message for e in validator().iter_errors(record)]


def doc_records() -> list[dict]:
    blocks = re.findall(r"```json\n(.*?)\n```", NOTATION.read_text(encoding="utf-8"), re.S)
    found = [json.loads(b) for b in blocks]
    return [r for r in found if isinstance(r, dict) and r.get("format") == "referee-record/1"]


def test_the_file_is_what_the_tool_makes():
    spec = importlib.util.spec_from_file_location("make_schema", ROOT / "tools" / "make_schema.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert SCHEMA_FILE.read_text(encoding="utf-8") == mod.text(), "run python tools/make_schema.py"


def test_it_is_a_valid_schema_naming_every_variant():
    jsonschema.Draft202012Validator.check_schema(schema())
    assert schema()["properties"]["variant"]["enum"] == list(VARIANTS)


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_example_fits(path):
    record = json.loads(path.read_text(encoding="utf-8"))
    assert errors(record) == []


def test_every_record_in_the_notation_page_fits():
    records = doc_records()
    assert len(records) == len(VARIANTS) + 2        # the opening record, the pairs match and one per variant
    for record in records:
        assert errors(record) == [], record["variant"]


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
