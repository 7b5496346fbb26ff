"""A hand started move by move by mistake is entered by its result all the same while no tile
is laid: the table offers it, the result page asks for it, and recording it stores undos of
the start (the log keeps both) and the result; once a tile is laid the hand is finished first."""

from __future__ import annotations

from sheethelpers import event_count, live_match
from webhelpers import form_data, new_match, soup


def _started(client) -> str:
    edit = new_match(client)
    client.post(edit + "/hand", data=form_data(client.get(edit), 'form[action$="/hand"]'))
    return edit


def _record(client, edit: str, out: str = "Анфиса", pips: str = "12"):
    page = client.get(edit + "/result")
    data = form_data(page, "form.result-form")
    data.update({"out": out, "pips_1": pips})
    return client.post(edit + "/result", data=data)


def test_a_started_hand_with_no_tile_laid_is_entered_by_its_result(app, client):
    edit = _started(client)
    table = soup(client.get(edit))
    offer = table.select_one(".bar a.result-entry.unlaid")
    assert offer is not None and offer["href"] == edit + "/result"
    page = soup(client.get(edit + "/result"))
    assert page.select_one("form.result-form") is not None
    assert "ни одной кости" in page.select_one("p.unlaid").get_text()
    before = event_count(app, edit)
    resp = _record(client, edit)
    assert resp.status_code == 302
    assert event_count(app, edit) == before + 2          # the start undone, then the result
    record = client.get(edit + "/export").get_json()
    assert len(record["hands"]) == 1 and record["hands"][0]["result"]["out"] == "Анфиса"
    kinds = [e["kind"] for e in record["log"]] if "log" in record else None
    assert kinds is None or kinds[-2:] == ["undo", "result"]
    score = soup(client.get(edit + "/score")).get_text(" ")
    assert "12" in score


def test_once_a_tile_is_laid_the_hand_is_finished_first(app, client):
    edit = live_match(client, moves=1)
    assert soup(client.get(edit)).select_one(".bar a.unlaid") is None
    page = soup(client.get(edit + "/result"))
    assert page.select_one("form.result-form") is None
    before = event_count(app, edit)
    data = form_data(client.get(edit), "#undo-form")
    data.update({"out": "Анфиса", "pips_1": "12"})
    resp = client.post(edit + "/result", data=data)
    assert resp.status_code == 400 and "Сначала доиграйте" in resp.get_data(as_text=True)
    assert event_count(app, edit) == before


def test_the_discard_is_undone_like_any_change(app, client):
    edit = _started(client)
    _record(client, edit)
    undo = form_data(client.get(edit), "#undo-form")
    resp = client.post(edit + "/undo", data=undo)
    confirm = soup(resp).select_one("form.confirm-undo")
    assert confirm is not None       # removing a whole hand is asked first
    client.post(edit + "/undo", data=form_data(resp, "form.confirm-undo"))
    # the result undone, the start stays discarded: the match is between hands, no hand in it
    assert client.get(edit + "/export").get_json()["hands"] == []
    table = soup(client.get(edit))
    assert table.select_one('form[action$="/hand"]') is not None and table.select_one(".bar a.unlaid") is None
    # a redo puts the result back
    client.post(edit + "/redo", data=form_data(client.get(edit), "#redo-form"))
    assert len(client.get(edit + "/export").get_json()["hands"]) == 1


def test_a_result_sent_twice_is_recorded_once_and_said_so(app, client):
    """The result page's form goes through the table's write path: a tap the phone sends again
    (the same key, from its queue) is answered as recorded already, not as another phone's
    change, and is stored once."""
    edit = new_match(client)
    page = client.get(edit + "/result")
    data = {**form_data(page, "form.result-form"), "out": "Анфиса", "pips_1": "12", "op": "tap-result-0001"}
    assert client.post(edit + "/result", data=data).status_code == 302
    count = event_count(app, edit)
    again = client.post(edit + "/result", data=data, headers={"X-Referee": "fetch"})
    assert again.status_code == 200
    assert "записан один раз" in soup(again).get_text(" ")
    assert event_count(app, edit) == count
