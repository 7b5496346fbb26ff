"""Write docs/event.schema.json: the shape of an event record (referee-event/1) as a JSON Schema.

Made from the event reader's own key lists and values (``referee.events.reader``,
``referee.events.model``); a table's game record refers to docs/record.schema.json (its ``$id``).
``tests/events/test_event_schema.py`` fails when the file and this output differ: run
``python tools/make_event_schema.py`` after changing the event record's fields.

The schema checks the form only (keys and types); what the reader and the rules of events say
beyond it (ids that are entrants, a unit once a round, partners opposite, the circle …) is
``referee event check``'s.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee.events.model import ENDED, FORMAT, SYSTEMS, TIEBREAKS, UNITS  # noqa: E402
from referee.events.reader import (ENTRANT_KEYS, EVENT_KEYS, GAME_KEYS, MATCH_POINT_KEYS, MAX_ENTRANTS,  # noqa: E402
                                   MAX_ROUNDS, REQUIRED, ROUND_KEYS, TABLE_KEYS)
from referee.limits import NAME_MAX  # noqa: E402
from referee.rules.catalogue import VARIANTS  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "docs" / "event.schema.json"


def _closed(props: dict[str, Any], keys: frozenset[str], required: list[str], **more: Any) -> dict[str, Any]:
    assert set(props) == set(keys), set(props) ^ set(keys)
    return dict({"type": "object", "required": required, "properties": props, "additionalProperties": False},
                **more)


def build() -> dict[str, Any]:
    ident = {"type": "string", "minLength": 1, "maxLength": 64, "description": "an entrant's id"}
    ids = {"type": "array", "items": {"$ref": "#/$defs/id"}}
    whole = {"type": "integer", "minimum": 1}
    game = _closed({
        "variant": {"enum": sorted(VARIANTS)},
        "options": {"type": ["object", "null"], "description": "the house options, as a game record's"},
        "seats": {"type": "integer", "minimum": 2, "maximum": 8},
        "hand_limit": {"type": ["integer", "null"], "minimum": 1, "maximum": 100000},
        "time_limit": {"type": ["integer", "null"], "minimum": 1, "maximum": 100000,
                       "description": "minutes"},
    }, GAME_KEYS, ["variant", "seats"])
    entrant = _closed({
        "id": {"$ref": "#/$defs/id"},
        "name": {"type": "string", "minLength": 1, "maxLength": NAME_MAX},
        "joined": {"type": "integer", "minimum": 1, "maximum": MAX_ROUNDS},
    }, ENTRANT_KEYS, ["id", "name"])
    totals = {"type": "object", "required": ["totals", "ended"], "additionalProperties": False,
              "properties": {"totals": {"type": "object", "additionalProperties": {"type": "number"}},
                             "ended": {"enum": list(ENDED)}}}
    match = {"type": "object", "required": ["match"], "additionalProperties": False,
             "properties": {"match": {"$ref": "referee-record-1.schema.json"},
                            "ended": {"enum": list(ENDED)}}}
    forfeit = {"type": "object", "required": ["ended", "absent"], "additionalProperties": False,
               "properties": {"ended": {"const": "forfeit"}, "absent": dict(ids, minItems=1)}}
    table = _closed({
        "table": {"type": "integer", "minimum": 1, "maximum": 100000},
        "seats": dict(ids, description="entrant ids in clockwise seating order"),
        "result": {"anyOf": [{"type": "null"}, match, totals, forfeit]},
    }, TABLE_KEYS, ["table", "seats"])
    rnd = _closed({
        "round": whole,
        "tables": {"type": "array", "items": {"$ref": "#/$defs/table"}},
        "byes": ids,
        "withdrawn": ids,
        "changed": {"type": "boolean"},
    }, ROUND_KEYS, ["round"])
    props = {
        "format": {"const": FORMAT},
        "name": {"type": "string", "minLength": 1, "maxLength": 200},
        "date": {"type": ["string", "null"], "pattern": r"^\d{4}-\d{2}-\d{2}$"},
        "game": {"$ref": "#/$defs/game"},
        "system": {"enum": list(SYSTEMS)},
        "unit": {"enum": list(UNITS)},
        "rounds": {"type": "integer", "minimum": 1, "maximum": MAX_ROUNDS},
        "match_points": {"type": ["object", "null"], "required": list(MATCH_POINT_KEYS), "additionalProperties": False,
                         "properties": {k: {"type": "number"} for k in MATCH_POINT_KEYS}},
        "tiebreaks": {"type": ["array", "null"], "items": {"enum": list(TIEBREAKS)}, "uniqueItems": True},
        "forfeit_diff": {"type": ["number", "null"], "minimum": 0},
        "entrants": {"type": "array", "items": {"$ref": "#/$defs/entrant"}, "maxItems": MAX_ENTRANTS},
        "pairs": {"type": ["array", "null"], "items": {"type": "array", "items": {"$ref": "#/$defs/id"},
                                                       "minItems": 2, "maxItems": 2}},
        "round_list": {"type": "array", "items": {"$ref": "#/$defs/round"}, "maxItems": MAX_ROUNDS},
    }
    out = _closed(props, EVENT_KEYS, list(REQUIRED))
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "referee-event-1.schema.json",
            "title": "referee-event/1: a club night or a tournament",
            "description": "The event record's form (docs/events.md); referee event check judges the rest.",
            **{k: v for k, v in out.items()},
            "$defs": {"id": ident, "game": game, "entrant": entrant, "round": rnd, "table": table}}


def text() -> str:
    return json.dumps(build(), ensure_ascii=False, indent=1) + "\n"


if __name__ == "__main__":
    OUT.write_text(text(), encoding="utf-8")
    print(f"wrote {OUT}")
