"""A club's database moved into PostgreSQL and back (``referee db copy``) loses nothing: every
match's export is the same to the byte on the SQLite file, on PostgreSQL and on the SQLite file
copied back, and so is every row of every table; ``referee backup``/``restore`` on PostgreSQL use
pg_dump and pg_restore. Both databases' schemas hold the same tables and columns, the copy's list."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from referee import create_app
from referee.matches import store
from webhelpers import form_data, new_match, tap


def _cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "referee", *args, "--lang", "en"], capture_output=True,
                          text=True, timeout=300, env=dict(os.environ, **(env or {})))


def _club_file(path: str) -> list[str]:
    """A club's SQLite file with matches played through the pages (moves, an undo, a rename, the
    settings, one archived, seat keys, checkpoints), an event and a club with a merged player;
    the matches' edit keys."""
    app = create_app({"TESTING": True, "DATABASE": path, "SECRET_KEY": "copy-test"})
    client = app.test_client()
    edits = [new_match(client), new_match(client, players=("Жан", "Стас", "Ёжик"))]
    for edit in edits:
        assert client.post(edit + "/hand", data=form_data(client.get(edit), 'form[action$="/hand"]')
                           ).status_code == 302
    assert tap(client, edits[0], "6:6", leader="Анфиса").status_code == 302
    assert client.post(edits[0] + "/undo", data=form_data(client.get(edits[0]), "form.undo-form")
                       ).status_code == 302
    db = store.open_db(path)
    try:
        ms = [store.match_by_key(db, e.rsplit("/", 1)[1], "edit_key") for e in edits]
        store.rename_player(db, ms[1]["id"], store.event_count(db, ms[1]["id"]), 0, "Жанна «Ж»")
        store.set_settings(db, ms[0]["id"], {"confirm_hands": True})
        store.set_archived(db, ms[1]["id"], True)
        store.seat_keys(db, ms[0]["id"], 2)
        store.put_checkpoint(db, ms[0]["id"], 1, "d" * 64, '{"hands": []}')
        store.remember(db, "browser-1", ms[0]["id"], edit=True)
        third = store.create_match(db, "muggins", {}, ["А", "Б"], [("hand", {}, "2026-01-01T10:00:00+00:00")],
                                   lang="en", created="2026-01-01T09:59:00+00:00")
        event = store.create_event(db, {"name": "Вечер"}, {"round": 1})
        store.update_event(db, event["id"], 1, {"name": "Вечер"}, {"round": 2}, [("start", {"round": 1})])
        store.link_table(db, event["id"], 1, 1, third["id"])
        club = store.create_club(db, "Клуб")
        early = store.add_club_player(db, club["id"], "Ранний")
        late = store.add_club_player(db, club["id"], "Поздний")
        store.link_match(db, club["id"], ms[0]["id"], [early["id"], "Всеволод"])
        store.merge_club_players(db, club["id"], late["id"], early["id"])  # a row names a later one
        store.remember_club(db, "browser-1", club["id"], True)
        edits.append(f"/m/{third['edit_key']}")
    finally:
        db.close()
    app.extensions["referee.db"].close()
    return edits


def _exports(database: str, edits: list[str]) -> list[bytes]:
    app = create_app({"TESTING": True, "DATABASE": database, "SECRET_KEY": "copy-test"})
    client = app.test_client()
    out = []
    for edit in edits:
        resp = client.get(edit + "/export", headers={"Accept-Language": "ru"})
        assert resp.status_code == 200
        out.append(resp.get_data())
    app.extensions["referee.db"].close()
    return out


def _rows(database: str) -> dict[str, list[tuple]]:
    db = store.open_db(database)
    try:
        return {t: [tuple(r) for r in db.execute(f"SELECT * FROM {t} ORDER BY {order}").fetchall()]
                for t, order in store.TABLES}
    finally:
        db.close()


def test_sqlite_to_postgresql_and_back_keeps_every_export_to_the_byte(tmp_path, postgres_server):
    club = str(tmp_path / "club.db")
    edits = _club_file(club)
    pg = postgres_server.new_database()
    back = str(tmp_path / "back.db")
    try:
        there = _cli("db", "copy", club, pg)
        assert there.returncode == 0, there.stderr
        assert "3 matches" in there.stdout
        again = _cli("db", "copy", pg, back)
        assert again.returncode == 0, again.stderr
        exports = _exports(club, edits)
        assert len({len(e) for e in exports}) > 1 and all(b'"log"' in e for e in exports)
        assert _exports(pg, edits) == exports
        assert _exports(back, edits) == exports
        rows = _rows(club)
        assert all(rows[t] for t in ("matches", "events", "checkpoints", "seat_keys", "club_event_audit",
                                     "club_players", "club_seats", "browser_clubs"))
        assert _rows(pg) == rows
        assert _rows(back) == rows
        # the ids go on after the copied ones on PostgreSQL: a new match is stored there
        db = store.open_db(pg)
        try:
            new = store.create_match(db, "traditional", {}, ["А", "Б"])
            assert new["id"] == max(r[0] for r in rows["matches"]) + 1
        finally:
            db.close()
        # a copy into a database that holds anything is refused, and changes nothing
        refused = _cli("db", "copy", club, pg)
        assert refused.returncode == 4 and "holds data already" in refused.stderr
        assert len(_rows(pg)["matches"]) == len(rows["matches"]) + 1
    finally:
        postgres_server.drop(pg)


def test_a_copy_from_nowhere_or_onto_itself_is_refused(tmp_path):
    missing = _cli("db", "copy", str(tmp_path / "none.db"), str(tmp_path / "b.db"))
    assert missing.returncode == 4 and "There is no database" in missing.stderr
    assert not (tmp_path / "b.db").exists()
    path = str(tmp_path / "a.db")
    store.open_db(path).close()
    same = _cli("db", "copy", path, path)
    assert same.returncode == 4 and "one database" in same.stderr


def test_both_schemas_hold_the_tables_the_copy_knows(new_database):
    db = store.open_db(new_database())
    try:
        assert sorted(store.tables_of(db)) == sorted(t for t, _order in store.TABLES)
    finally:
        db.close()


def test_the_schemas_of_sqlite_and_postgresql_match_column_for_column(tmp_path, postgres_server):
    lite = store.open_db(str(tmp_path / "s.db"))
    url = postgres_server.new_database()
    pg = store.open_db(url)
    try:
        assert store.tables_of(pg) == store.tables_of(lite)
    finally:
        lite.close()
        pg.close()
        postgres_server.drop(url)


def test_backup_and_restore_on_postgresql_use_its_own_tools(tmp_path, postgres_server):
    from referee.backup import Refused, _pg_tool

    try:
        _pg_tool("pg_dump", "en")
    except Refused as e:
        if os.environ.get("CI") == "true":
            pytest.fail(str(e))
        pytest.skip(str(e))
    url = postgres_server.new_database()
    env = {"REFEREE_DATABASE": url}
    try:
        db = store.open_db(url)
        kept = store.create_match(db, "traditional", {}, ["А", "Б"])
        store.append_event(db, kept["id"], 0, "hand", {})
        done = _cli("backup", str(tmp_path), env=env)
        assert done.returncode == 0, done.stderr
        assert "1 matches, 1 events" in done.stdout
        [dump] = [p for p in tmp_path.iterdir() if p.suffix == ".dump"]
        assert dump.stat().st_mode & 0o077 == 0
        later = store.create_match(db, "traditional", {}, ["В", "Г"])
        store.append_event(db, kept["id"], 1, "move", {"player": "А", "token": "6:6"})
        db.close()
        instance = tmp_path / "instance"
        back = _cli("restore", str(dump), "--instance", str(instance), env=env)
        assert back.returncode == 0, back.stderr
        assert "1 matches, 1 events" in back.stdout
        assert [p.name.startswith("referee-before-restore-") for p in instance.iterdir()] == [True]
        db = store.open_db(url)
        try:
            assert [e["kind"] for e in store.events(db, kept["id"])] == ["hand"]
            assert store.get_match(db, later["id"]) is None
        finally:
            db.close()
        not_a_dump = tmp_path / "x.dump"
        not_a_dump.write_text("{}")
        refused = _cli("restore", str(not_a_dump), "--instance", str(instance), env=env)
        assert refused.returncode == 4 and "is not a referee backup" in refused.stderr
    finally:
        postgres_server.drop(url)
