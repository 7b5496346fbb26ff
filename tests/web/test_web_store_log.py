"""The database (migrations, the append-only log) and the log-to-record fold."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.web import store
from referee.matches.log import effective, fold, record_to_events, to_record


@pytest.fixture
def db(database):
    """The store on each database (``database``: an SQLite file, a PostgreSQL database)."""
    d = store.open_db(database)
    yield d
    d.close()


def test_migrations_are_idempotent(db, database, monkeypatch):
    from referee.backends import postgres as store_postgres, sqlite as store_sqlite

    done, every = store.migrations_of(db)
    assert done == every and len(every) == len(set(every))
    for kind in (store_sqlite, store_postgres):  # each opening as a new process's would
        monkeypatch.setattr(kind, "_migrated", set())
    store.open_db(database).close()
    store.open_db(database).close()
    assert store.migrations_of(db) == (every, every)
    assert store.list_matches(db) == []


def _another_node_inserting(database: str, match_id: int, seq: int, op: str | None):
    """Another node's transaction that has inserted the match's event ``seq`` (with the tap's
    ``op``) and not committed yet; what it gives commits it."""
    import sqlite3

    if store.is_postgres(database):
        other = store.open_db(database)
        other.execute("BEGIN")
        finish = lambda: (other.execute("COMMIT"), other.close())  # noqa: E731
    else:
        other = sqlite3.connect(database, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        finish = lambda: (other.execute("COMMIT"), other.close())  # noqa: E731
    other.execute("INSERT INTO events (match_id, seq, kind, data, at, op) VALUES (?, ?, 'undo', '{}', ?, ?)",
                  (match_id, seq, "2026-01-01T00:00:00+00:00", op))
    return finish


def _waits_for_the_other(db, database: str) -> None:
    """Until a statement of another connection waits for a lock (PostgreSQL: the unique index's
    entry the other transaction holds); on SQLite the writer waits for the file's lock."""
    import time

    if not store.is_postgres(database):
        time.sleep(0.3)
        return
    for _ in range(200):
        if db.execute("SELECT COUNT(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                      " AND datname = current_database()").fetchone()[0]:
            return
        time.sleep(0.02)
    raise AssertionError("the write did not wait for the other transaction")


@pytest.mark.parametrize("same_tap", [False, True])
def test_two_nodes_counting_together_the_second_insert_is_refused_as_stale(db, database, same_tap):
    """Two transactions that count the log at once (PostgreSQL lets them: neither sees the
    other's insert) both try to append the same ``seq``: the unique index refuses the second once
    the first commits, and it is the stale change it is (another phone moved first), nothing of it
    stored; a tap sent twice the same way is the repeat it is. On SQLite the second waits for the
    file's lock and finds the count changed."""
    import threading

    m = store.create_match(db, "traditional", {}, ["А", "Б"])
    store.append_event(db, m["id"], 0, "hand", {})
    commit = _another_node_inserting(database, m["id"], 2, "tap-1" if same_tap else "tap-other")
    raised: list[BaseException] = []

    def write() -> None:
        mine = store.open_db(database)
        try:
            store.append_all(mine, m["id"], 1, [("move", {"player": "А", "token": "6:6"})], op="tap-1")
        except Exception as e:  # noqa: BLE001 - what the write raised, looked at below
            raised.append(e)
        finally:
            mine.close()

    writer = threading.Thread(target=write)
    writer.start()
    try:
        _waits_for_the_other(db, database)
    finally:
        commit()
        writer.join(20)
    assert len(raised) == 1 and type(raised[0]) is (store.DuplicateError if same_tap else store.StaleError)
    if not same_tap:
        assert raised[0].args == (2,)
    assert [e["kind"] for e in store.events(db, m["id"])] == ["hand", "undo"]


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


def test_a_change_whose_data_is_not_an_object_is_refused_and_nothing_is_written(db):
    """The log reads every change's data back as an object: a write path that hands it anything
    else (a list, a text) is refused before the write, the log as it was."""
    m = store.create_match(db, "traditional", {}, ["А", "Б"])
    store.append_event(db, m["id"], 0, "hand", {})
    for data in (["А", "6:6"], "6:6", None):
        with pytest.raises(ValueError, match="not an object"):
            store.append_all(db, m["id"], 1, [("move", data)])
        with pytest.raises(ValueError, match="not an object"):
            store.create_match(db, "traditional", {}, ["А", "Б"], [("hand", {}), ("move", data)])
    assert [(e["kind"], e["data"]) for e in store.events(db, m["id"])] == [("hand", {})]
    assert [x["id"] for x in store.list_matches(db)] == [m["id"]]


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
    assert [(t.player, list(t.moves)) for t in hand.turns] == [
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


def test_the_database_is_a_path_or_a_postgresql_url(tmp_path):
    from referee import settings

    url = "postgresql://club:s3cret@db.example:5432/referee?sslmode=require"
    assert settings.load(tmp_path, environ={"REFEREE_DATABASE": url})["DATABASE"] == url
    assert settings.load(tmp_path, environ={"REFEREE_DATABASE": "x/club.db"})["DATABASE"] == \
        str(Path("x/club.db").resolve())
    assert settings.load(tmp_path, environ={})["DATABASE"] == str(tmp_path.resolve() / "referee.db")
    assert store.shown(url) == "postgresql://club:***@db.example:5432/referee?sslmode=require"
    assert store.shown("postgresql://club@db.example/referee") == "postgresql://club@db.example/referee"
    assert store.shown(str(tmp_path / "a.db")) == str(tmp_path / "a.db")
    assert not store.is_postgres("postgresql.db") and store.is_postgres("postgres://h/db")


def test_the_events_and_clubs_store_alike_on_both_databases(db):
    """An event's record under its version (a change drawn against another refused), its audit and
    its tables (a table's match given once); a club's roster (a name taken refused), a match seated
    from it, a merge onto a player added later, the club's event and its matches: the same answers
    on SQLite and on PostgreSQL."""
    ms = [store.create_match(db, "traditional", {}, ["А", "Б"]) for _ in range(3)]
    ev = store.create_event(db, {"name": "Вечер"}, {"round": 1})
    assert store.event_by_key(db, ev["view_key"], "view_key")["id"] == ev["id"]
    assert store.update_event(db, ev["id"], 1, {"name": "Вечер 2"}, {"round": 2}, [("start", {"round": 1})]) == 2
    with pytest.raises(store.StaleError):
        store.update_event(db, ev["id"], 1, {"name": "другое"}, {})
    assert store.get_event(db, ev["id"])["record"] == {"name": "Вечер 2"}
    assert [(a["seq"], a["kind"]) for a in store.event_audit(db, ev["id"])] == [(1, "start")]
    assert store.link_table(db, ev["id"], 1, 1, ms[0]["id"]) == ms[0]["id"]
    assert store.link_table(db, ev["id"], 1, 1, ms[1]["id"]) == ms[0]["id"]  # the first phone's stays
    assert list(store.event_matches(db, ev["id"])) == [(1, 1)]

    club = store.create_club(db, "Клуб")
    assert store.club_by_key(db, club["director_key"])[1] is True
    first = store.add_club_player(db, club["id"], "Аня")
    with pytest.raises(store.ClubError):
        store.add_club_player(db, club["id"], "аня")
    later = store.add_club_player(db, club["id"], "Боря")
    seated = store.link_match(db, club["id"], ms[2]["id"], [first["id"], "Витя"])
    store.merge_club_players(db, club["id"], later["id"], first["id"])
    [played] = store.club_matches(db, club["id"])
    assert played["id"] == ms[2]["id"] and played["seat_players"] == [later["id"], seated[1]]
    store.remember_club(db, "b", club["id"], False)
    store.remember_club(db, "b", club["id"], True)
    store.remember_club(db, "b", club["id"], False)
    assert [c["director"] for c in store.browser_clubs(db, "b")] == [True]
    store.link_event(db, club["id"], ev["id"])
    assert [e["name"] for e in store.club_events(db, club["id"])] == ["Вечер 2"]
    assert [m["id"] for m in store.unlinked_event_matches(db, club["id"])] == [ms[0]["id"]]
