"""Importing a game record: checked by the engine; a refused record changes nothing."""

from __future__ import annotations

import io
import json

import pytest

from referee.matches import replay
from referee.web import get_db, store
from webhelpers import SEED_MOVES, csrf_of, soup


SEED_DEAL = {"Анфиса": ["3:2", "3:3", "4:6", "1:3", "5:6", "4:0", "6:6"],
             "Всеволод": ["0:0", "2:0", "1:1", "0:6", "2:6", "2:1", "0:5"]}


def seed_record(**hand_extra) -> dict:
    turns = [{"player": ("Анфиса", "Всеволод")[i % 2], "moves": [m]} for i, m in enumerate(SEED_MOVES)]
    return {"format": "referee-record/1", "variant": "traditional", "options": {},
            "players": ["Анфиса", "Всеволод"],
            "hands": [{"deal": SEED_DEAL, "turns": turns, **hand_extra}]}


def post_import(client, text=None, file=None, lang=None):
    headers = {"Accept-Language": lang} if lang else {}
    page = client.get("/import", headers=headers)
    data = {"csrf_token": csrf_of(page)}
    if text is not None:
        data["text"] = text
    if file is not None:
        data["file"] = (io.BytesIO(file), "record.json")
    return client.post("/import", data=data, headers=headers, content_type="multipart/form-data")


def matches(app):
    with app.app_context():
        return store.list_matches(get_db())


def test_import_a_good_record_then_export_it_back(client, app):
    resp = post_import(client, text=json.dumps(seed_record(), ensure_ascii=False))
    assert resp.status_code == 302
    page = soup(client.get(resp.headers["Location"]))
    assert [td.get_text() for td in page.select("table.score tfoot td")] == ["2", "0"]
    (m,) = matches(app)
    exported = client.get(f"/m/{m['edit_key']}/export").get_json()
    assert exported["hands"][0]["deal"] == SEED_DEAL
    assert exported["hands"][0]["turns"] == seed_record()["hands"][0]["turns"]
    report, refusal = replay.check_record(exported)
    assert refusal is None and report["totals"] == {"Анфиса": 2, "Всеволод": 0}


def test_import_a_file(client, app):
    resp = post_import(client, file=json.dumps(seed_record()).encode())
    assert resp.status_code == 302
    assert len(matches(app)) == 1


@pytest.mark.parametrize("text, lang, expect", [
    # the seed text's false claim: Всеволод left with 5:5
    (json.dumps(seed_record(left={"Всеволод": ["5:5"]})), None, "Запись отклонена"),
    (json.dumps(seed_record(left={"Всеволод": ["5:5"]})), "en", "The record was refused"),
    ("{not json", None, "не JSON"),
    ("[1, 2]", "en", "JSON object"),
    (json.dumps({"format": "chess/1"}), None, "Запись отклонена"),
    (json.dumps({**seed_record(), "variant": "poker"}), "en", "The record was refused"),
    (json.dumps({**seed_record(), "players": ["Анфиса"]}), None, "Запись отклонена"),
    ("", None, "Выберите файл"),
])
def test_a_refused_record_changes_nothing_and_says_why(client, app, text, lang, expect):
    resp = post_import(client, text=text, lang=lang)
    assert resp.status_code == 400
    problem = soup(resp).select_one(".problem[role=alert]")
    assert expect in problem.get_text()
    assert matches(app) == []


def test_refusal_names_the_hand_and_the_rule_words(client):
    record = seed_record()
    record["hands"][0]["turns"][1]["moves"] = ["3:3"]  # Всеволод does not hold 3:3
    resp = post_import(client, text=json.dumps(record), lang="en")
    text = soup(resp).select_one(".problem").get_text()
    assert "Hand 1, turn 2 (3:3)" in text
    link = soup(resp).select_one(".problem a.rule-link")
    assert link is not None and link["href"].startswith("/rules/traditional#")


@pytest.mark.parametrize("lang, words", [("en", "does not know"), ("ru", "которого в referee-record/1 нет")])
def test_a_misspelt_key_is_refused_naming_it(client, app, lang, words):
    """``turnz`` for ``turns`` would drop the moves unseen: the import refuses it, naming the key."""
    record = seed_record()
    record["hands"][0]["turnz"] = record["hands"][0].pop("turns")
    resp = post_import(client, text=json.dumps(record), lang=lang)
    assert resp.status_code == 400
    text = soup(resp).select_one(".problem[role=alert]").get_text()
    assert "«turnz»" in text and words in text
    assert matches(app) == []


def test_binary_file_is_refused(client, app):
    resp = post_import(client, file=b"\xff\xfe\x00garbage")
    assert resp.status_code == 400
    assert matches(app) == []


def test_referee_check_accepts_an_exported_match(client, tmp_path):
    """The issue's promise: `referee check` accepts what the app exports."""
    import subprocess
    import sys

    resp = post_import(client, text=json.dumps(seed_record(), ensure_ascii=False))
    edit = resp.headers["Location"].removesuffix("/score")
    path = tmp_path / "match.json"
    path.write_bytes(client.get(edit + "/export").data)
    done = subprocess.run([sys.executable, "-m", "referee.cli", "check", str(path), "--json"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads(done.stdout)["totals"] == {"Анфиса": 2, "Всеволод": 0}
