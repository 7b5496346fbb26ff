"""Write docs/record.schema.json: the shape of a game record (referee-record/1) as a JSON Schema.

The schema is made from the reader's own key lists (``referee.record``), the catalogue's
variants and options (``referee.rules.catalogue``) and the registry of event kinds a match's
log may hold (``referee.matches.events``), so it says what ``referee check`` and the import read;
``tests/test_record_schema.py`` fails when the file and this output differ. Run
``python tools/make_schema.py`` after adding a variant, an option or a record field.

The schema checks the form only (keys, types, the tile and option values); what the rules
say (a move that fits, a deal of the right size, counts that add up) is ``referee check``'s.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from referee.matches.events import KINDS, data_schema
from referee.record import FORMAT, HAND_KEYS, MAX_NAME, RECORD_KEYS, RESULT_KEYS, TURN_KEYS
from referee.rules.catalogue import VARIANTS
from referee.rules.notation import MAX_TOKEN

OUT = Path(__file__).resolve().parents[1] / "docs" / "record.schema.json"
TILE = {"type": "string", "pattern": r"^\s*[0-6]\s*[:\-]\s*[0-6]\s*$",
        "description": "a double-six tile: a:b or a-b, halves from 0 to 6 in either order"}


def _option(o: Any) -> dict[str, Any]:
    if o.numeric:
        out: dict[str, Any] = {"type": "integer"}
        if o.choices:
            out["enum"] = list(o.choices)
        if o.minimum is not None:
            out["minimum"] = o.minimum
        if o.maximum is not None:
            out["maximum"] = o.maximum
    else:
        out = {"type": "string", "enum": list(o.choices)}
    if o.default is None:
        # no value by default (a target some scorings do without): null leaves it unset
        out = {"anyOf": [out, {"type": "null"}]}
    return out


def _left() -> dict[str, Any]:
    return {"type": "object", "description": "player -> the tiles still held, or their counted pips",
            "additionalProperties": {"anyOf": [{"type": "array", "items": {"$ref": "#/$defs/tile"}},
                                               {"type": "integer"}]}}


def build() -> dict[str, Any]:
    name = {"type": "string", "minLength": 1, "maxLength": MAX_NAME}
    hand_props: dict[str, Any] = {
        "deal": {"$ref": "#/$defs/deal"},
        "removed": {"$ref": "#/$defs/tile"},
        "starter": {"$ref": "#/$defs/tile"},
        "lead": name,
        "turns": {"type": "array", "items": {"$ref": "#/$defs/turn"}},
        "left": {"$ref": "#/$defs/left"},
        "result": {"$ref": "#/$defs/result"},
    }
    result_props: dict[str, Any] = {
        "out": {"anyOf": [name, {"type": "null"}]},
        "left": {"$ref": "#/$defs/left"},
        "scored": {"type": "object", "additionalProperties": {"type": "integer"}},
        "maker": {"anyOf": [name, {"type": "null"}]},
    }
    turn_props: dict[str, Any] = {
        "player": name,
        "moves": {"type": "array", "items": {"type": "string", "maxLength": MAX_TOKEN,
                                             "description": "a move token (docs/notation.md)"}},
    }
    top_props: dict[str, Any] = {
        "format": {"const": FORMAT},
        "variant": {"enum": list(VARIANTS)},
        "options": {"type": "object"},
        "players": {"type": "array", "items": name, "minItems": 1},
        "date": {"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2}$"},
        "lang": {"enum": ["ru", "en"]},
        "hands": {"type": "array", "items": {"$ref": "#/$defs/hand"}},
        "created": {"type": "string", "maxLength": 40,
                    "description": "when the match was started (ISO 8601); the web app's export"},
        "log": {"type": "array", "description": (
            "the web app's export: every change to the match in order, undone ones and undos "
            "included, each with its time; it rebuilds `hands` exactly (docs/reliability.md)"),
            "items": {"type": "object", "required": ["kind", "at"], "additionalProperties": False,
                      "properties": {
                          "kind": {"enum": list(KINDS)},
                          "data": {"type": "object"},
                          "at": {"type": "string", "maxLength": 40}},
                      # each kind's data as the registry of event kinds declares it
                      "allOf": [{"if": {"properties": {"kind": {"const": k}}, "required": ["kind"]},
                                 "then": {"properties": {"data": data_schema(k)}}} for k in KINDS]}},
    }
    # the reader's key lists are the schema's: nothing more, nothing less
    assert set(hand_props) == HAND_KEYS and set(result_props) == RESULT_KEYS
    assert set(turn_props) == TURN_KEYS and set(top_props) == RECORD_KEYS
    by_variant = []
    for v in VARIANTS.values():
        by_variant.append({
            "if": {"properties": {"variant": {"const": v.name}}, "required": ["variant"]},
            "then": {"properties": {
                "players": {"minItems": v.min_players, "maxItems": v.max_players},
                "options": {"properties": {o.key: _option(o) for o in v.options},
                            "additionalProperties": False}}},
        })
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "referee-record-1.schema.json",
        "title": "A game record, referee-record/1",
        "description": ("The form of a game record as `referee check` reads it (docs/notation.md). "
                        "Made by tools/make_schema.py; the rules themselves are checked by the replay."),
        "type": "object",
        "required": ["format", "variant", "players"],
        "properties": top_props,
        "additionalProperties": False,
        "allOf": by_variant,
        "$defs": {
            "tile": TILE,
            "deal": {"type": "object", "description": "each player's dealt tiles (blind: his row, left to right)",
                     "additionalProperties": {"type": "array", "items": {"$ref": "#/$defs/tile"}}},
            "left": _left(),
            "hand": {"type": "object", "properties": hand_props, "additionalProperties": False},
            "turn": {"type": "object", "required": ["player", "moves"], "properties": turn_props,
                     "additionalProperties": False},
            "result": {"type": "object", "properties": result_props, "additionalProperties": False},
        },
    }


def text() -> str:
    return json.dumps(build(), ensure_ascii=False, indent=1) + "\n"


if __name__ == "__main__":
    OUT.write_text(text(), encoding="utf-8")
    sys.stdout.write(f"wrote {OUT}\n")
