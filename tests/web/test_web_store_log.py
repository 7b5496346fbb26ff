"""The database (migrations, the append-only log) and the log-to-record fold."""

from __future__ import annotations

import pytest

from referee.web import store
from referee.matches.log import effective, fold, record_to_events, to_record


@pytest.fixture
def db():
    d = store.open_db(":memory:")
    yield d
    d.close()


def test_migrations_are_idempotent(db):
    store.migrations.apply(db)
    store.migrations.apply(db)
    assert {"matches", "events"} <= set(db.table_names())


def test_append_refuses_a_stale_count_and_keeps_the_log(db):
    m = store.create_match(db, "traditional", {}, ["А", "Б"])
    assert store.append_event(db, m["id"], 0, "hand", {}) == 1
    with pytest.raises(store.StaleError):
        store.append_event(db, m["id"], 0, "move", {"player": "А", "token": "6:6"})
    assert [e["kind"] for e in store.events(db, m["id"])] == ["hand"]


def test_a_refusing_check_writes_nothing(db):
    m = store.create_match(db, "traditional", {}, ["А", "Б"])

    def refuse(events):
        raise ValueError("no")

    with pytest.raises(ValueError):
        store.append_event(db, m["id"], 0, "hand", {}, check=refuse)
    assert store.event_count(db, m["id"]) == 0


def test_keys_are_unguessable_and_distinct(db):
    a = store.create_match(db, "traditional", {}, ["А", "Б"])
    b = store.create_match(db, "traditional", {}, ["А", "Б"])
    assert len(a["edit_key"]) >= 24 and a["edit_key"] != b["edit_key"]
    assert a["view_key"] != a["edit_key"]
    assert store.match_by_key(db, a["view_key"], "edit_key") is None
    assert store.match_by_key(db, a["edit_key"], "edit_key")["id"] == a["id"]


def ev(kind, **data):
    return {"kind": kind, "data": data}


def test_fold_groups_turns_and_undo_cancels_the_latest():
    events = [
        ev("hand"),
        ev("move", player="А", token="6:6", open=False),
        ev("move", player="Б", token="draw", open=True),
        ev("move", player="Б", token="6:0", open=False),
        ev("move", player="А", token="6:5", open=False),
        ev("undo"),
        ev("move", player="А", token="0:4", open=True),
        ev("move", player="А", token="4:4", open=True),
        ev("end_turn"),
    ]
    (hand,) = fold(events)
    assert [(t.player, t.moves) for t in hand.turns] == [
        ("А", ["6:6"]), ("Б", ["draw", "6:0"]), ("А", ["0:4", "4:4"])]
    assert hand.open_turn is None
    assert len(effective(events)) == 7


def test_undo_reopens_an_ended_turn_and_removes_a_hand():
    events = [ev("hand"), ev("move", player="А", token="1:1", open=True), ev("end_turn"), ev("undo")]
    (hand,) = fold(events)
    assert hand.open_turn is not None
    assert fold(events + [ev("undo"), ev("undo")]) == []


def test_record_round_trip():
    match = {"variant": "traditional", "options": {"target": 100}, "players": ["А", "Б"],
             "created": "2026-11-30T08:00:00+00:00"}
    record = {"format": "referee-record/1", "variant": "traditional", "options": {"target": 100},
              "players": ["А", "Б"], "date": "2026-11-30",
              "hands": [
                  {"turns": [{"player": "А", "moves": ["6:6"]}, {"player": "Б", "moves": ["draw", "pass"]}],
                   "left": {"Б": 3}},
                  {"result": {"out": "А", "left": {"Б": 10}}},
                  {"deal": {"А": ["1:1"], "Б": ["2:2"]}, "lead": "Б", "turns": []},
              ]}
    events = [{"kind": k, "data": d} for k, d in record_to_events(record)]
    assert to_record(match, fold(events)) == record
