"""On SQLite every write is on the disk before it is acknowledged, synced outside the write lock:
the connection is ``synchronous=NORMAL`` and the writer syncs the log itself (``WalSync``) once
SQLite's lock and the writers' turn are free again. A change that needs no summary is one
statement that is its own transaction: no ``BEGIN``, no ``COMMIT``, nothing held between two
statements."""

from __future__ import annotations

import fcntl
import os
import sqlite3
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from referee.backends import sqlite as store_sqlite
from referee.matches import store, summary

TRAD = {"opener": "highest_double", "target": 100}


def _result(out: str, other: str, left: int) -> tuple[str, dict[str, Any]]:
    return ("result", {"result": {"out": out, "left": {other: left}}})


@pytest.fixture
def path(tmp_path: Any) -> str:
    return str(tmp_path / "matches.db")


@pytest.fixture
def db(path: str) -> Iterator[Any]:
    handle = store.open_db(path)
    yield handle
    handle.conn.close()


class _Probe:
    """Stands for the log's sync: at each call, looks from another connection and another
    descriptor whether SQLite's write lock and the writers' turn are free, and how many events
    the store holds."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.calls: list[tuple[bool, bool, int]] = []

    def __call__(self) -> None:
        other = sqlite3.connect(self.path, timeout=0, isolation_level=None)
        try:
            try:
                other.execute("BEGIN IMMEDIATE")
                other.execute("ROLLBACK")
                lock_free = True
            except sqlite3.OperationalError:
                lock_free = False
            events = other.execute("SELECT count(*) FROM events").fetchone()[0]
        finally:
            other.close()
        fd = os.open(self.path + "-writers", os.O_RDWR)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                fcntl.flock(fd, fcntl.LOCK_UN)
                turn_free = True
            except BlockingIOError:
                turn_free = False
        finally:
            os.close(fd)
        self.calls.append((lock_free, turn_free, events))


def _keep_a_summary(db: Any, m: dict[str, Any]) -> None:
    store.put_summary(db, m["id"], 0, summary.text({"count": 0, "hands": 0}))


WRITES: dict[str, Callable[[Any, dict[str, Any]], object]] = {
    "one change": lambda db, m: store.append_all(db, m["id"], 0, [_result("Анна", "Борис", 3)], op="tap-1"),
    "two changes": lambda db, m: store.append_all(
        db, m["id"], 0, [_result("Анна", "Борис", 3), _result("Борис", "Анна", 5)], op="tap-2"),
    "a change with the match's summary": lambda db, m: (
        _keep_a_summary(db, m),
        store.append_all(db, m["id"], 0, [_result("Анна", "Борис", 3)], op="tap-3",
                         summary=lambda stored: summary.text({"count": stored[-1]["seq"], "hands": 0}))),
    "a rename": lambda db, m: store.rename_player(db, m["id"], 0, 1, "Вера"),
}


def test_a_new_database_syncs_after_its_writes_not_inside_them(db: Any, path: str) -> None:
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
    assert isinstance(db.wal_sync, store_sqlite.WalSync)
    assert db.wal_sync.path == os.path.realpath(path) + "-wal"


@pytest.mark.parametrize("write", list(WRITES))
def test_every_write_is_synced_once_stored_and_the_locks_let_go(db: Any, path: str, write: str) -> None:
    m = dict(store.create_match(db, "traditional", TRAD, ["Анна", "Борис"]))
    probe = _Probe(path)
    db.wal_sync = probe
    WRITES[write](db, m)
    assert probe.calls, "the write was acknowledged without a sync"
    stored = store.event_count(db, m["id"])
    assert stored >= 1
    lock_free, turn_free, events = probe.calls[-1]
    assert lock_free and turn_free  # synced outside SQLite's lock and the writers' turn
    assert events == stored  # after the change was committed: the sync covers it


def test_a_match_made_is_synced(db: Any, path: str) -> None:
    probe = _Probe(path)
    db.wal_sync = probe
    store.create_match(db, "traditional", TRAD, ["Анна", "Борис"], events=[_result("Анна", "Борис", 3)])
    assert [c[:2] for c in probe.calls] == [(True, True)] and probe.calls[0][2] == 1


def test_a_change_refused_is_not_synced(db: Any, path: str) -> None:
    m = dict(store.create_match(db, "traditional", TRAD, ["Анна", "Борис"]))
    store.append_all(db, m["id"], 0, [_result("Анна", "Борис", 3)], op="tap-1")
    probe = _Probe(path)
    db.wal_sync = probe
    with pytest.raises(store.StaleError):
        store.append_all(db, m["id"], 0, [_result("Борис", "Анна", 5)], op="tap-2")
    with pytest.raises(store.DuplicateError):
        store.append_all(db, m["id"], 1, [_result("Борис", "Анна", 5)], op="tap-1")
    assert probe.calls == []
    assert store.event_count(db, m["id"]) == 1


@pytest.mark.parametrize("n", [1, 2, 3])
def test_a_change_without_a_summary_is_one_statement_of_its_own(db: Any, n: int) -> None:
    m = dict(store.create_match(db, "traditional", TRAD, ["Анна", "Борис"]))
    store.append_all(db, m["id"], 0, [_result("Анна", "Борис", 1)])
    said: list[str] = []
    db.conn.set_trace_callback(said.append)
    try:
        changes = [_result("Анна", "Борис", 10 + i) for i in range(n)]
        stored = store.append_all(db, m["id"], 1, changes, op="tap")
    finally:
        db.conn.set_trace_callback(None)
    writes = [s for s in said if not s.lstrip().upper().startswith("SELECT")]
    assert len(writes) == 1 and writes[0].startswith("INSERT INTO events"), said
    assert not db.conn.in_transaction
    assert stored == store.events(db, m["id"])[1:]  # seq, time and id as stored
    assert [e["data"]["result"]["left"]["Борис"] for e in stored] == [10 + i for i in range(n)]
    assert [e["seq"] for e in stored] == list(range(2, 2 + n))


def test_changes_are_all_stored_or_none(db: Any, path: str) -> None:
    """Two changes after another phone's change came first: the statement is refused whole, and
    neither of the two is stored."""
    m = dict(store.create_match(db, "traditional", TRAD, ["Анна", "Борис"]))
    store.append_all(db, m["id"], 0, [_result("Анна", "Борис", 1)], op="tap-1")
    with pytest.raises(store.StaleError):  # another phone wrote seq 2 between: stale, nothing stored
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("INSERT INTO events (match_id, seq, kind, data, at) VALUES (?, 2, 'result', ?, 'x')",
                      [m["id"], '{"result": {"out": "Борис", "left": {"Анна": 2}}}'])
        other.close()
        store.append_all(db, m["id"], 1, [_result("Анна", "Борис", 3), _result("Борис", "Анна", 4)])
    assert [e["seq"] for e in store.events(db, m["id"])] == [1, 2]


def test_the_sync_flushes_the_log_file(db: Any, path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    m = dict(store.create_match(db, "traditional", TRAD, ["Анна", "Борис"]))
    synced: list[int] = []
    monkeypatch.setattr(db.wal_sync, "_sync", lambda fd: synced.append(os.fstat(fd).st_ino))
    store.append_all(db, m["id"], 0, [_result("Анна", "Борис", 3)])
    assert synced == [os.stat(path + "-wal").st_ino]


def test_a_log_already_checkpointed_away_needs_no_sync(tmp_path: Any) -> None:
    sync = store_sqlite.WalSync(str(tmp_path / "gone.db"))
    sync()  # no log file: nothing to sync, no error


def test_a_tap_sent_again_is_already_recorded_whatever_state_it_comes_with(db: Any) -> None:
    """The match service's write of a tap stored already: refused as recorded, not as another
    phone's change, with the state it was drawn on (behind the log) or with the log's own state."""
    from referee.matches.service import AlreadyRecorded, Change, MatchService

    service = MatchService(lambda: db)
    m = dict(service.create("traditional", ["Анна", "Борис"], {"target": 100}))
    _evs, drawn_on = service.load(m)
    change = Change("result", {"result": {"out": "Анна", "left": {"Борис": 12}}})
    service.apply(m, drawn_on, 0, change, op="tap-1")
    with pytest.raises(AlreadyRecorded):
        service.apply(m, drawn_on, 0, change, op="tap-1")  # the state the page was drawn on
    _evs, now = service.load(m)
    with pytest.raises(AlreadyRecorded):
        service.apply(m, now, 1, change, op="tap-1")  # the log's state: stored by the same tap
    assert store.event_count(db, m["id"]) == 1


def test_a_file_kept_without_a_write_ahead_log_syncs_inside_each_commit(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file system where the switch to WAL does not happen (the file stays in its rollback
    journal): the commits sync themselves (``FULL``), there is no log to sync after them."""
    monkeypatch.setattr(store_sqlite, "_wal", lambda conn: None)
    db = store.open_db(str(tmp_path / "journal.db"))
    try:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert getattr(db, "wal_sync", None) is None
        m = dict(store.create_match(db, "traditional", TRAD, ["Анна", "Борис"]))
        store.append_all(db, m["id"], 0, [_result("Анна", "Борис", 3)])
        assert store.event_count(db, m["id"]) == 1
    finally:
        db.conn.close()
