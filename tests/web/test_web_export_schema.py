"""Every match the app exports fits docs/record.schema.json (and replays as it was imported)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from referee.record import check
from test_web_import import matches, post_import
from test_web_play import play_seed, result_hand
from webhelpers import form_data, new_match, tap

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "tests" / "data" / "examples").glob("*.json"))


def validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(json.loads((ROOT / "docs" / "record.schema.json").read_text("utf-8")))


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_an_imported_example_exports_to_a_record_that_fits(client, app, path):
    text = path.read_text(encoding="utf-8")
    assert post_import(client, text=text).status_code == 302
    (m,) = matches(app)
    exported = client.get(f"/m/{m['edit_key']}/export").get_json()
    assert [e.message for e in validator().iter_errors(exported)] == []
    assert check(exported, "en")[1] == check(text, "en")[1]


def test_a_match_kept_at_the_table_exports_to_a_record_that_fits(client):
    edit = new_match(client)
    play_seed(client, edit)                                   # hand 1 move by move
    data = form_data(client.get(edit), "form.left-form")
    data["left_1"] = ["1:1"]
    assert client.post(edit + "/left", data=data).status_code == 302
    assert result_hand(client, edit, out="Всеволод", left_0="6:6").status_code == 302   # hand 2 by result
    data = form_data(client.get(edit), 'form[action$="/hand"]')
    assert client.post(edit + "/hand", data=data).status_code == 302                    # hand 3 in play
    assert tap(client, edit, "6:6", leader="Анфиса").status_code == 302
    exported = client.get(edit + "/export").get_json()
    assert len(exported["hands"]) == 3 and "result" in exported["hands"][1]
    assert [e.message for e in validator().iter_errors(exported)] == []
    code, out, _ = check(exported)
    assert code == 0 and out["hands"][2]["end"] is None
