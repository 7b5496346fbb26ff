"""What one browser's list of matches may cost a worker: the home page and the player pages
replay a match only when it changed since the worker last read it (each match's summary is
kept by its count of changes), and the replays a list needs never push a table's kept state
out (they only fill room to spare)."""

from __future__ import annotations

import json

import pytest

from referee import create_app
from referee.matches import replay
from referee.web import service
from webhelpers import form_data, new_match
from test_life import enter_result


def _record(i: int) -> dict:
    players = [f"Игрок{i}", f"Соперник{i}"]
    return {"format": "referee-record/1", "variant": "traditional", "players": players,
            "options": {"target": 1000},
            "hands": [{"result": {"out": players[h % 2], "left": {players[1 - h % 2]: 5 + h}}} for h in range(6)]}


@pytest.fixture
def small(tmp_path):
    """An app whose worker keeps the states of three matches at most."""
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.db"), "SECRET_KEY": "t",
                       "STATES_KEPT": 3})


def _replays(monkeypatch) -> list[int]:
    calls: list[int] = []
    real = replay.replay

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(replay, "replay", counted)
    return calls


def test_a_browsers_list_pushes_no_table_out(small, monkeypatch):
    tables = small.test_client()
    edits = [new_match(tables, players=(f"А{i}", f"Б{i}")) for i in range(2)]
    for edit in edits:
        enter_result(tables, edit, f"А{edits.index(edit)}", {1: "10"})
        assert tables.get(edit).status_code == 200  # kept by the worker
    browser = small.test_client()
    for i in range(8):  # one browser imports (and so lists) eight matches
        data = dict(form_data(browser.get("/import"), "form"), text=json.dumps(_record(i), ensure_ascii=False))
        assert browser.post("/import", data=data).status_code == 302
    for path in ("/", "/players", "/players/all.csv", "/players/Игрок1"):
        assert browser.get(path).status_code == 200
    calls = _replays(monkeypatch)
    for edit in edits:  # the tables' states are still kept: their pages replay nothing
        assert tables.get(edit).status_code == 200
    assert calls == []


def test_a_list_seen_once_costs_no_replay_while_its_matches_are_unchanged(small, monkeypatch):
    browser = small.test_client()
    for i in range(8):  # more matches than the worker keeps states of
        data = dict(form_data(browser.get("/import"), "form"), text=json.dumps(_record(i), ensure_ascii=False))
        assert browser.post("/import", data=data).status_code == 302
    browser.get("/")  # (the import's flashed note said once)
    first = {p: browser.get(p).get_data(as_text=True) for p in ("/", "/players", "/players/Игрок3")}
    calls = _replays(monkeypatch)
    again = {p: browser.get(p).get_data(as_text=True) for p in first}
    assert calls == [], len(calls)  # no match replayed
    clean = lambda t: t.split('name="csrf_token"')[0]  # noqa: E731 - the pages but their tokens
    assert {p: clean(t) for p, t in again.items()} == {p: clean(t) for p, t in first.items()}
    with small.app_context():
        service().states.clear()  # a worker that kept nothing: the summaries alone
    assert browser.get("/").status_code == 200 and calls == []
    # a match that changes is read again (once)
    edit = browser.get("/").get_data(as_text=True).split('href="/m/')[1].split('"')[0].split("/")[0]
    from referee.web import summaries

    enter_result(browser, "/m/" + edit, "Игрок7", {1: "3"})
    calls.clear()
    with small.app_context():
        misses = summaries.kept().misses
        browser.get("/")
        assert summaries.kept().misses == misses + 1  # that match alone, from its kept state
    assert len(calls) <= 1
