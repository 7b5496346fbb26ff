"""Bounded work: what one match or record may hold, refused in words (ru, en) with
nothing stored; the largest allowed match is still served."""

from __future__ import annotations

import json

import pytest

from referee import limits
from referee.web import get_db, store
from webhelpers import csrf_of, form_data, new_match, soup


def post_import(client, text, lang="ru"):
    headers = {"Accept-Language": lang}
    page = client.get("/import", headers=headers)
    return client.post("/import", data={"csrf_token": csrf_of(page), "text": text}, headers=headers)


def results(n: int) -> dict:
    """A traditional match of ``n`` hands entered by result (4 points a hand, target far off)."""
    return {"format": "referee-record/1", "variant": "traditional", "options": {"target": 100000},
            "players": ["Анфиса", "Всеволод"],
            "hands": [{"result": {"out": "Анфиса", "left": {"Всеволод": 4}}}] * n}


def count(app):
    with app.app_context():
        return len(store.list_matches(get_db()))


@pytest.mark.parametrize("lang,words", [("ru", f"больше {limits.MAX_HANDS} конов"),
                                        ("en", f"more than {limits.MAX_HANDS} hands")])
def test_a_record_of_too_many_hands_is_refused_in_words(client, app, lang, words):
    resp = post_import(client, json.dumps(results(limits.MAX_HANDS + 1)), lang)
    assert resp.status_code == 400
    assert words in soup(resp).select_one(".problem[role=alert]").get_text()
    assert count(app) == 0


def test_a_record_of_too_many_moves_is_refused(client, app):
    record = results(1)
    turns = [{"player": p, "moves": ["pass"] * limits.MAX_MOVES} for p in ("Анфиса", "Всеволод")]
    record["hands"] = [{"turns": turns * (limits.MAX_EVENTS // limits.MAX_MOVES // 2 + 1)}]
    resp = post_import(client, json.dumps(record), "en")
    assert resp.status_code == 400
    assert f"more than {limits.MAX_EVENTS} recorded changes" in soup(resp).select_one(".problem[role=alert]").get_text()
    assert count(app) == 0


@pytest.mark.parametrize("field,value,words", [
    ("turns", [{"player": "Анфиса", "moves": ["pass"]}] * (limits.MAX_TURNS + 1), f"more than {limits.MAX_TURNS} turns"),
    ("turns", [{"player": "Анфиса", "moves": ["pass"] * (limits.MAX_MOVES + 1)}], f"more than {limits.MAX_MOVES} moves"),
])
def test_a_hand_too_long_is_refused(client, app, field, value, words):
    record = results(0)
    record["hands"] = [{field: value}]
    resp = post_import(client, json.dumps(record), "en")
    assert resp.status_code == 400
    assert words in soup(resp).select_one(".problem[role=alert]").get_text()
    assert count(app) == 0


def test_the_largest_match_takes_no_more_hands_and_is_still_served(client, app):
    resp = post_import(client, json.dumps(results(limits.MAX_HANDS)), "en")
    assert resp.status_code == 302, soup(resp).select_one(".problem[role=alert]")
    edit = resp.headers["Location"].removesuffix("/score")
    before = client.get(edit + "/export").get_json()
    data = form_data(client.get(edit + "/result", headers={"Accept-Language": "en"}), "form.result-form")
    data.update({"out": "Анфиса", "left_1": "1:1"})
    resp = client.post(edit + "/result", data=data, headers={"Accept-Language": "en"})
    assert resp.status_code == 422
    assert f"at most {limits.MAX_HANDS} hands" in soup(resp).select_one(".problem[role=alert]").get_text()
    assert client.get(edit + "/export").get_json() == before
    for page in ("", "/score", "/sheets", "/sheet.pdf", f"/hands/{limits.MAX_HANDS}", "/export"):
        assert client.get(edit + page).status_code == 200, page


def test_a_match_full_of_changes_takes_no_more(client, app, monkeypatch):
    """The cap on a match's log (``MAX_EVENTS``), lowered here so that a test reaches it."""
    monkeypatch.setattr(limits, "MAX_EVENTS", 3)
    edit = new_match(client)
    codes = []
    for _ in range(4):
        data = form_data(client.get(edit + "/result"), "form.result-form")
        data.update({"out": "Анфиса", "left_1": "1:1"})
        last = client.post(edit + "/result", data=data, headers={"Accept-Language": "ru"})
        codes.append(last.status_code)
    assert codes == [302, 302, 302, 422]
    assert "не больше 3 записанных изменений" in soup(last).select_one(".problem[role=alert]").get_text()
    assert len(client.get(edit + "/export").get_json()["hands"]) == 3
