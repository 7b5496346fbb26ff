"""docs/event.schema.json is the event record's shape (made by tools/make_event_schema.py from the
reader's key lists), a valid JSON Schema that accepts the documentation's example events and
refuses, like the reader, a key the format does not know."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
import pytest
from referencing import Registry, Resource

import referee.events as ev

from .helpers import YARD, event, forfeit, rnd, table

from tests.toolmodule import load_tool

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "docs" / "event.schema.json"
RECORD_SCHEMA = ROOT / "docs" / "record.schema.json"


def validator() -> jsonschema.Draft202012Validator:
    record = json.loads(RECORD_SCHEMA.read_text(encoding="utf-8"))
    registry = Registry().with_resource(record["$id"], Resource.from_contents(record))
    return jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")), registry=registry)


def test_the_schema_is_the_tools_output():
    tool = load_tool("make_event_schema")
    assert SCHEMA.read_text(encoding="utf-8") == tool.text()
    jsonschema.Draft202012Validator.check_schema(json.loads(SCHEMA.read_text(encoding="utf-8")))


EXAMPLES = sorted((ROOT / "docs" / "events").glob("*.json"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_the_example_events_fit(path):
    obj = json.loads(path.read_text(encoding="utf-8"))
    assert list(validator().iter_errors(obj)) == []
    assert ev.check(obj)[0] == 0


def test_the_tests_events_fit():
    obj = event("abcdef", seats=4, options=YARD, unit="pair", rounds=2, pairs=[["a", "c"], ["b", "d"], ["e", "f"]],
                round_list=[rnd(1, table(1, "abcd", [101, 20, 101, 20]), byes=["e", "f"]),
                            rnd(2, forfeit(1, "aecf", "e"), byes=["b", "d"])])
    assert list(validator().iter_errors(obj)) == []
    assert ev.check(obj)[0] == 0


@pytest.mark.parametrize("where", ["", "game", "entrants.0", "round_list.0", "round_list.0.tables.0",
                                   "round_list.0.tables.0.result"])
def test_an_unknown_key_is_refused_by_both(where):
    obj = json.loads(EXAMPLES[0].read_text(encoding="utf-8"))
    bad = copy.deepcopy(obj)
    cur = bad
    for part in filter(None, where.split(".")):
        cur = cur[int(part)] if isinstance(cur, list) else cur[part]
    cur["colour"] = "red"
    assert list(validator().iter_errors(bad))
    code, out, _ = ev.check(bad)
    assert code == 2 and out["error"]["rule"] in ("event.unknown_key", "event.result")
