"""The writers of one SQLite file take turns before SQLite's lock: a write waits for the writer
holding the turn (another process's, here another descriptor's lock on the turn's file) and goes on
as soon as it is given back; the threads of one process share one turn; the file is private."""

from __future__ import annotations

import fcntl
import os
import stat
import threading
from typing import Any

from referee.backends import sqlite as store_sqlite
from referee.matches import store

TRAD = {"opener": "highest_double", "target": 100}


def _create(db: Any, out: list[Any]) -> None:
    out.append(store.create_match(db, "traditional", TRAD, ["Анна", "Борис"]))


def test_a_write_waits_for_the_writer_holding_the_turn_and_then_goes_on(tmp_path: Any) -> None:
    path = str(tmp_path / "matches.db")
    db = store.open_db(path)
    try:
        turn_file = path + "-writers"
        other = os.open(turn_file, os.O_RDWR | os.O_CREAT, 0o600)  # as another process holds it
        fcntl.flock(other, fcntl.LOCK_EX)
        done: list[Any] = []
        writer = threading.Thread(target=_create, args=(db, done))
        writer.start()
        writer.join(0.5)
        assert writer.is_alive() and not done  # waiting for its turn, nothing written yet
        reader = store.open_db(path)
        assert reader.execute("SELECT count(*) FROM matches").fetchone()[0] == 0
        reader.conn.close()
        fcntl.flock(other, fcntl.LOCK_UN)
        os.close(other)
        writer.join(10)
        assert not writer.is_alive() and len(done) == 1
        assert db.execute("SELECT count(*) FROM matches").fetchone()[0] == 1
    finally:
        db.conn.close()


def test_the_threads_of_a_process_share_one_turn_and_its_file_is_private(tmp_path: Any) -> None:
    path = str(tmp_path / "matches.db")
    a, b = store.open_db(path), store.open_db(path)
    try:
        assert a.writer_turn is b.writer_turn  # type: ignore[attr-defined]
        done: list[Any] = []
        # two connections, each used by one thread, as the server's pool gives them out
        threads = [threading.Thread(target=_create, args=(h, done)) for h in (a, b)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(10)
        assert len(done) == 2 and a.execute("SELECT count(*) FROM matches").fetchone()[0] == 2
        mode = stat.S_IMODE(os.stat(path + "-writers").st_mode)
        assert mode & 0o077 == 0, oct(mode)
    finally:
        a.conn.close()
        b.conn.close()


def test_a_database_in_memory_has_no_turn_file(tmp_path: Any) -> None:
    db = store_sqlite.open_db(":memory:")
    try:
        assert getattr(db, "writer_turn", None) is None
        _create(db, [])
        assert db.execute("SELECT count(*) FROM matches").fetchone()[0] == 1
    finally:
        db.conn.close()
