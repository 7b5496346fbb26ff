"""A change the match service stores writes the match's summary (``referee.matches.summary``) in
the change's own transaction, on both databases: after the change the summary is the log's, a
change refused leaves the log and the summary as they were, and a summary that cannot be written
takes the change with it (one transaction, one commit). A match no event's screen reads gets none."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from referee.matches import replay, store, summary
from referee.matches.service import Change, ChangeRefused, Conflict, MatchService


def _result(out: str, other: str, left: int) -> Change:
    return Change("result", {"result": {"out": out, "left": {other: left}}})


def _row(db: Any, match_id: int) -> tuple[int, str] | None:
    row = db.execute("SELECT count, data FROM match_summaries WHERE match_id = ?", [match_id]).fetchone()
    return (row[0], row[1]) if row is not None else None


def _both(db: Any, match_id: int) -> tuple[list[Any], tuple[int, str] | None]:
    return [(e["seq"], e["kind"], e["data"]) for e in store.events(db, match_id)], _row(db, match_id)


@pytest.fixture
def made(database: str):
    db = store.open_db(database)
    service = MatchService(lambda: db)
    yield db, service
    db.close()


def _read_by_a_screen(db: Any, service: MatchService, m: dict[str, Any]) -> None:
    evs, state = service.load(m)
    summary.put(db, m, summary.of(m, evs, state))


def _is_the_logs(db: Any, m: dict[str, Any]) -> None:
    evs = store.events(db, m["id"])
    row = _row(db, m["id"])
    assert row is not None and row[0] == len(evs)
    assert summary.valid(m, len(evs), row[0], row[1]) == summary.of(m, evs, replay.replay(m, evs))


def test_each_change_stored_carries_the_summary_with_it(made):
    db, service = made
    m = dict(service.create("traditional", ["Аня", "Боря"], {"target": 100}))
    _read_by_a_screen(db, service, m)
    for i, change in enumerate([_result("Аня", "Боря", 12), _result("Боря", "Аня", 7)]):
        evs, state = service.load(m)
        service.apply(m, state, i, change)
        _is_the_logs(db, m)
    assert _row(db, m["id"])[0] == 2  # type: ignore[index]
    untouched = dict(service.create("traditional", ["Вера", "Гена"], {"target": 100}))
    _evs, state = service.load(untouched)
    service.apply(untouched, state, 0, _result("Вера", "Гена", 5))
    assert _row(db, untouched["id"]) is None  # no screen read it: no summary made


def test_a_change_refused_leaves_the_log_and_the_summary_as_they_were(made):
    db, service = made
    m = dict(service.create("traditional", ["Аня", "Боря"], {"target": 100}))
    _read_by_a_screen(db, service, m)
    _evs, state = service.load(m)
    before = _both(db, m["id"])
    with pytest.raises(ChangeRefused):  # a player the match does not have
        service.apply(m, state, 0, _result("Никто", "Боря", 12))
    assert _both(db, m["id"]) == before
    # another phone's change came first (stored without the service): the write is refused in
    # the store's transaction, nothing of it stored
    store.append_all(db, m["id"], 0, [("result", {"result": {"out": "Боря", "left": {"Аня": 3}}})])
    before = _both(db, m["id"])
    with pytest.raises(Conflict):
        service.apply(m, state, 0, _result("Аня", "Боря", 12))
    assert _both(db, m["id"]) == before
    assert before[1] is not None and before[1][0] == 0  # behind the log: read again, never taken
    assert summary.valid(m, 1, before[1][0], before[1][1]) is None


def _refuse_summary_writes(db: Any) -> None:
    """A trigger that fails every write of a summary (as a full disk or a lost connection would)."""
    if not isinstance(db.conn, sqlite3.Connection):
        db.execute("CREATE FUNCTION refuse_summary() RETURNS trigger LANGUAGE plpgsql AS"
                   " $$ BEGIN RAISE EXCEPTION 'summary refused'; END $$")
        db.execute("CREATE TRIGGER refuse BEFORE UPDATE ON match_summaries FOR EACH ROW"
                   " EXECUTE FUNCTION refuse_summary()")
    else:
        db.execute("CREATE TRIGGER refuse BEFORE UPDATE ON match_summaries"
                   " BEGIN SELECT RAISE(ABORT, 'summary refused'); END")
    db.conn.commit()


def test_the_summary_and_the_change_are_one_transaction(made):
    db, service = made
    m = dict(service.create("traditional", ["Аня", "Боря"], {"target": 100}))
    _read_by_a_screen(db, service, m)
    _evs, state = service.load(m)
    before = _both(db, m["id"])
    _refuse_summary_writes(db)
    with pytest.raises(Exception, match="summary refused"):
        service.apply(m, state, 0, _result("Аня", "Боря", 12))
    assert _both(db, m["id"]) == before  # the change went with the summary that failed


def _in_transaction(db: Any) -> bool:
    conn = db.conn
    if isinstance(conn, sqlite3.Connection):
        return conn.in_transaction
    import psycopg

    return conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE


def _other(database: str) -> Any:
    """Another handle on ``database`` whose writes do not take the app's turn (on SQLite a
    connection of its own that gives up at once on a locked file): a second phone's process."""
    if store.is_postgres(database):
        return store.open_db(database)
    from sqlite_utils import Database

    return Database(sqlite3.connect(database, timeout=0.2))


def test_the_summary_is_made_only_when_one_is_kept_and_before_the_write_transaction(made, database):
    db, service = made
    m = dict(service.create("traditional", ["Аня", "Боря"], {"target": 100}))
    asked: list[bool] = []

    def summary_of(stored: list[Any]) -> str:
        asked.append(_in_transaction(db))
        if not store.is_postgres(database):  # nobody holds the file's write lock meanwhile
            probe = sqlite3.connect(database, timeout=0)
            probe.execute("BEGIN IMMEDIATE")
            probe.rollback()
            probe.close()
        return summary.text({"count": stored[-1]["seq"], "hands": 0})

    store.append_all(db, m["id"], 0, [("result", {"result": {"out": "Аня", "left": {"Боря": 3}}})],
                     summary=summary_of)
    assert asked == [] and _row(db, m["id"]) is None  # no screen read it: neither made nor kept
    _read_by_a_screen(db, service, m)
    stored = store.append_all(db, m["id"], 1, [("result", {"result": {"out": "Боря", "left": {"Аня": 4}}})],
                              op="tap-2", summary=summary_of)
    assert asked == [False]
    assert _row(db, m["id"]) == (2, summary.text({"count": 2, "hands": 0}))
    assert stored == store.events(db, m["id"])[1:]  # seq, time and id as stored


@pytest.mark.parametrize("same_tap", [False, True])
def test_a_change_stored_by_another_after_the_first_look_is_refused_in_the_transaction(made, database, same_tap):
    """Another phone's change (or the same tap sent again) stored between the write's first look
    (before its transaction, where the summary is made) and its transaction: the count and the
    tap read in the transaction refuse it, and the summary kept is not replaced."""
    db, service = made
    m = dict(service.create("traditional", ["Аня", "Боря"], {"target": 100}))
    _read_by_a_screen(db, service, m)
    other = _other(database)

    def another_first(stored: list[Any]) -> str:
        store.append_all(other, m["id"], 0, [("result", {"result": {"out": "Боря", "left": {"Аня": 3}}})],
                         op="tap-1" if same_tap else "tap-other")
        return summary.text({"count": 1, "hands": 0})

    try:
        with pytest.raises(store.DuplicateError if same_tap else store.StaleError):
            store.append_all(db, m["id"], 0, [("result", {"result": {"out": "Аня", "left": {"Боря": 9}}})],
                             op="tap-1", summary=another_first)
    finally:
        other.close()
    evs = store.events(db, m["id"])
    assert [(e["seq"], e["data"]["result"]["out"]) for e in evs] == [(1, "Боря")]
    row = _row(db, m["id"])
    assert row is not None and row[0] == 0  # the screen's, behind the log: read again, never taken
    assert summary.valid(m, len(evs), row[0], row[1]) is None
