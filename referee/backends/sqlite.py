"""The store on SQLite (the embedded default): a file, opened with the settings that keep every
acknowledged move, its schema brought up to date by sqlite-utils' migrations under a file lock, and
a pool of connections per worker process. The queries themselves are the store's
(:mod:`referee.matches.store`); this module only opens, migrates and pools.
"""

from __future__ import annotations

import os
import sqlite3

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from referee.matches.store import key_hash

#: SQLite's errors: the store's callers catch them through :func:`referee.matches.store.errors`
ERROR = sqlite3.Error
OPERATIONAL = sqlite3.OperationalError
INTEGRITY = sqlite3.IntegrityError

migrations = Migrations("referee")


@migrations()
def m001_matches_and_events(db: Database) -> None:
    db.table("matches").create(
        {
            "id": int,
            "edit_key": str,
            "view_key": str,
            "variant": str,
            "options": str,
            "players": str,
            "created": str,
        },
        pk="id",
        not_null={"edit_key", "view_key", "variant", "options", "players", "created"},
    )
    db.table("matches").create_index(["edit_key"], unique=True)
    db.table("matches").create_index(["view_key"], unique=True)
    db.table("events").create(
        {"id": int, "match_id": int, "seq": int, "kind": str, "data": str, "at": str},
        pk="id",
        foreign_keys=[("match_id", "matches", "id")],
        not_null={"match_id", "seq", "kind", "data", "at"},
    )
    db.table("events").create_index(["match_id", "seq"], unique=True)


@migrations()
def m002_match_language(db: Database) -> None:
    """The match's language (its printed sheets speak it): the page's when it was started, or
    the imported record's ``lang``. Older matches have none and follow the page."""
    db.table("matches").add_column("lang", str)


@migrations()
def m003_table_event_op(db: Database) -> None:
    """Each event may carry the phone's key for the tap that made it (``op``): a tap sent
    twice (a reply lost on a bad connection, a waiting move sent again) is recorded once."""
    db.table("events").add_column("op", str)
    db.table("events").create_index(["match_id", "op"], unique=True)


@migrations()
def m004_life_settings_archive(db: Database) -> None:
    """A match's own house settings (``settings``, JSON: ``confirm_hands``, whether each hand is
    confirmed by an opponent's phone) and whether it is archived (hidden from the list, never
    deleted)."""
    db.table("matches").add_column("settings", str)
    db.table("matches").add_column("archived", int)


@migrations()
def m004_harden_key_hashes(db: Database) -> None:
    """Matches are found by the hashes of their keys (keys compared in constant time)."""
    db.table("matches").add_column("edit_hash", str)
    db.table("matches").add_column("view_hash", str)
    for row in list(db.query("SELECT id, edit_key, view_key FROM matches")):
        db.execute("UPDATE matches SET edit_hash = ?, view_hash = ? WHERE id = ?",
                   [key_hash(row["edit_key"]), key_hash(row["view_key"]), row["id"]])
    db.table("matches").create_index(["edit_hash"], unique=True)
    db.table("matches").create_index(["view_hash"], unique=True)


@migrations()
def m005_harden_browser_matches(db: Database) -> None:
    """The matches each browser started or opened by a link (a visitor's list holds
    only those). ``browser`` is the random id kept in the browser's signed session cookie;
    ``edit`` is 1 when it came by the edit link. No key is kept in the cookie."""
    db.table("browser_matches").create(
        {"browser": str, "match_id": int, "edit": int, "at": str},
        pk=("browser", "match_id"),
        foreign_keys=[("match_id", "matches", "id")],
        not_null={"browser", "match_id", "edit", "at"},
    )


@migrations()
def m006_seat_keys(db: Database) -> None:
    """Each seat's own key for confirming hands from that player's phone: read-only apart from
    the seat's confirm or dispute. Found by the key's hash, like a match's keys."""
    db.table("seat_keys").create(
        {"match_id": int, "seat": int, "key": str, "key_hash": str, "created": str},
        pk=("match_id", "seat"),
        foreign_keys=[("match_id", "matches", "id")],
        not_null={"match_id", "seat", "key", "key_hash", "created"},
    )
    db.table("seat_keys").create_index(["key_hash"], unique=True)


@migrations()
def m007_checkpoints(db: Database) -> None:
    """Each match's checkpoint: what the replay of its log knew of its finished hands when the
    last one ended (``data``, JSON), the number of events it covers (``count``) and the digest
    that ties it to those events (``digest``; see :func:`log_digest`). A worker that has not
    kept the match (the other worker, a restart) replays the hand after it only. It is never
    more than a cache: a checkpoint that does not match the log is ignored, and the log replayed."""
    db.table("checkpoints").create(
        {"match_id": int, "count": int, "digest": str, "data": str, "at": str},
        pk="match_id",
        foreign_keys=[("match_id", "matches", "id")],
        not_null={"count", "digest", "data", "at"},
    )


@migrations()
def m008_club_events(db: Database) -> None:
    """Club nights and tournaments. ``club_events``: each event's record as the event contract
    writes it (``record``, JSON: ``referee-event/1``; the results of tables still playing are
    read from their matches), what the web app keeps beside it (``state``, JSON: each round's
    clock, a draft of the next round's tables, the event's own settings), a ``version`` that
    every change raises (a change drawn against another version is refused, never merged), and
    the director's and the public key (found by their hashes, like a match's keys).
    ``club_event_tables``: the match each table of each round plays (one per table, one table per
    match). ``club_event_audit``: every change of the director's, append-only."""
    db.table("club_events").create(
        {"id": int, "director_key": str, "director_hash": str, "view_key": str, "view_hash": str,
         "record": str, "state": str, "version": int, "created": str, "updated": str},
        pk="id",
        not_null={"director_key", "director_hash", "view_key", "view_hash", "record", "state",
                  "version", "created", "updated"},
    )
    db.table("club_events").create_index(["director_hash"], unique=True)
    db.table("club_events").create_index(["view_hash"], unique=True)
    db.table("club_event_tables").create(
        {"event_id": int, "round": int, "table_no": int, "match_id": int},
        pk=("event_id", "round", "table_no"),
        foreign_keys=[("event_id", "club_events", "id"), ("match_id", "matches", "id")],
        not_null={"event_id", "round", "table_no", "match_id"},
    )
    db.table("club_event_tables").create_index(["match_id"], unique=True)
    db.table("club_event_audit").create(
        {"id": int, "event_id": int, "seq": int, "kind": str, "data": str, "at": str},
        pk="id",
        foreign_keys=[("event_id", "club_events", "id")],
        not_null={"event_id", "seq", "kind", "data", "at"},
    )
    db.table("club_event_audit").create_index(["event_id", "seq"], unique=True)


@migrations()
def m009_clubs(db: Database) -> None:
    """A club and its roster (``referee.web.clubs``): the club, found by the hash of its director's
    key or of its read-only key like a match; its players (a name unique in the club but for
    case and width, ``name_key``, among the players not merged into another; ``retired`` hides
    a player from the roster's choices, ``merged_into`` names the player whose record now holds
    his matches); the club's matches (``rated``: the match moves its players' ratings) and which
    club player sits in each seat of them; and the clubs each browser opened (its list)."""
    db.table("clubs").create(
        {"id": int, "name": str, "director_key": str, "director_hash": str, "view_key": str,
         "view_hash": str, "created": str},
        pk="id",
        not_null={"name", "director_key", "director_hash", "view_key", "view_hash", "created"},
    )
    db.table("clubs").create_index(["director_hash"], unique=True)
    db.table("clubs").create_index(["view_hash"], unique=True)
    db.table("club_players").create(
        {"id": int, "club_id": int, "name": str, "name_key": str, "retired": int, "merged_into": int,
         "created": str},
        pk="id",
        foreign_keys=[("club_id", "clubs", "id"), ("merged_into", "club_players", "id")],
        not_null={"club_id", "name", "name_key", "retired", "created"},
    )
    db.table("club_players").create_index(["club_id", "name_key"])
    db.table("club_matches").create(
        {"match_id": int, "club_id": int, "rated": int, "added": str},
        pk="match_id",
        foreign_keys=[("match_id", "matches", "id"), ("club_id", "clubs", "id")],
        not_null={"club_id", "rated", "added"},
    )
    db.table("club_matches").create_index(["club_id"])
    db.table("club_seats").create(
        {"match_id": int, "seat": int, "player_id": int},
        pk=("match_id", "seat"),
        foreign_keys=[("match_id", "club_matches", "match_id"), ("player_id", "club_players", "id")],
        not_null={"match_id", "seat", "player_id"},
    )
    db.table("club_seats").create_index(["player_id"])
    db.table("browser_clubs").create(
        {"browser": str, "club_id": int, "director": int, "at": str},
        pk=("browser", "club_id"),
        foreign_keys=[("club_id", "clubs", "id")],
        not_null={"browser", "club_id", "director", "at"},
    )


@migrations()
def m010_club_event_links(db: Database) -> None:
    """The events a club runs (``referee.web.clubs``): each event at most one club's; its tables'
    matches count for the club's players as the club's own matches do."""
    db.table("club_event_links").create(
        {"event_id": int, "club_id": int, "added": str},
        pk="event_id",
        foreign_keys=[("event_id", "club_events", "id"), ("club_id", "clubs", "id")],
        not_null={"club_id", "added"},
    )
    db.table("club_event_links").create_index(["club_id"])


@migrations()
def m011_browser_events(db: Database) -> None:
    """The events each browser made or opened by the director's link: its list on the home page
    (as ``browser_matches`` lists its matches), where a director who lost the link finds it."""
    db.table("browser_events").create(
        {"browser": str, "event_id": int, "at": str},
        pk=("browser", "event_id"),
        foreign_keys=[("event_id", "club_events", "id")],
        not_null={"browser", "event_id", "at"},
    )


@migrations()
def m012_match_summaries(db: Database) -> None:
    """What an event's screens read of each match (its hands, totals, winner, the hands' verdicts:
    ``referee.matches.summary``), as of the ``count`` events it was read from. A cache, never
    trusted over the log: one whose count is not the log's, or read of other match fields, is
    read again from the log."""
    db.table("match_summaries").create(
        {"match_id": int, "count": int, "data": str},
        pk="match_id",
        foreign_keys=[("match_id", "matches", "id")],
        not_null={"count", "data"},
    )


#: how long a writer waits for another's transaction before giving up (an answer of 503, never
#: a lost move): writes hold the lock for a row's insert only, so this is never reached in use
BUSY_TIMEOUT_S = 10.0


def open_db(path: str) -> Database:
    """Open the database and bring its schema up to date (the schema step only once per
    process and file, under a lock shared with every other process: see :func:`migrate`).

    The settings, and why (``docs/reliability.md``):

    - ``journal_mode=WAL``: readers never wait for the writer, nor the writer for readers;
    - a move the app has acknowledged is on the disk, power loss included. In WAL mode
      ``synchronous=NORMAL`` syncs the log only at checkpoints (a commit survives a crash of the
      app, but the last ones may vanish on a power loss); ``FULL`` syncs it inside every commit,
      with the file's write lock held: every other writer waits for that sync, and on a server
      for the GIL its writer takes back after it. So on Linux and macOS the connection is
      ``NORMAL`` and the writer syncs the log itself (:class:`WalSync`, ``db.wal_sync``) once
      it has let go of the lock, before the move is acknowledged: the same sync as ``FULL``'s,
      outside the lock, where the syncs of writers that commit together overlap (one disk flush
      serves them all). Elsewhere (Windows) ``FULL``;
    - ``busy_timeout``: a writer waits up to :data:`BUSY_TIMEOUT_S` for another one;
    - ``foreign_keys=ON``.

    The file (and its ``-wal`` and ``-shm`` files, which SQLite gives the same mode) is made
    readable by the server's user only.
    """
    import sqlite3

    if path != ":memory:":
        _private_file(path)
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, check_same_thread=False)
    conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
    if path != ":memory:":
        _wal(conn)
    # (a file system that keeps no write-ahead log, e.g. some network shares, stays in its rollback
    # journal: there ``FULL``, the log synced inside the commit, is the only way to the disk)
    sync_after = (path != ":memory:" and SYNC_AFTER_COMMIT
                  and conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal")
    conn.execute(f"PRAGMA synchronous = {'NORMAL' if sync_after else 'FULL'}")
    conn.execute("PRAGMA foreign_keys = ON")
    db = Database(conn)
    migrate(db, path)
    if path != ":memory:":
        db.writer_turn = writer_turn(path)  # type: ignore[attr-defined]
    if sync_after:
        db.wal_sync = WalSync(path)  # type: ignore[attr-defined]
    return db


#: whether a write's commit is synced by its writer after it let go of the write lock
#: (``synchronous=NORMAL`` and :class:`WalSync`) rather than inside the commit (``FULL``): on
#: POSIX systems, where a second descriptor on the log may be synced while SQLite writes to it
SYNC_AFTER_COMMIT = os.name == "posix"


class WalSync:
    """The database's write-ahead log synced to the disk: what ``synchronous=FULL`` does at the
    end of every commit (the log's ``fdatasync``, ``fsync`` where there is none), done by the
    writer once the commit has let go of SQLite's lock and the writers' turn.

    A log synced covers every commit written to it before: a writer whose commit another's sync
    already flushed finds nothing left to write, and two that sync together share the disk's
    flush (a group commit, made by the kernel). A log that is gone was checkpointed into the
    database file (synced by the checkpoint) and removed by the last connection to close.
    Until its writer's sync, a commit is visible to the other connections (a phone's view may
    show a move a moment before the move is acknowledged) but not yet promised to anyone."""

    def __init__(self, path: str) -> None:
        self.path = os.path.realpath(path) + "-wal"
        self._sync = getattr(os, "fdatasync", os.fsync)

    def __call__(self) -> None:
        try:
            fd = os.open(self.path, os.O_RDONLY)
        except FileNotFoundError:
            return
        try:
            self._sync(fd)
        finally:
            os.close(fd)


class WriterTurn:
    """The writers of one database file take turns here before SQLite's own lock: the threads
    of a process one after the other (a lock), the processes by an advisory lock on a file beside
    the database (``<file>-writers``, ``flock``). Both wait in the kernel and wake as soon as the
    writer before them is done.

    Without it a writer that found the file locked slept by SQLite's busy handler's steps (1, 2,
    5, 10, 15, 20, 25, 25, 25, 50, 50, 100 ms) and looked again, and a newcomer could take the
    lock in between: at 1,000 tables on two workers, a write waited 1 ms at the median but
    184 ms at the 99th percentile for transactions held about 1.3 ms (``docs/performance.md``).
    SQLite's lock still guards the data (``BEGIN IMMEDIATE``, the busy timeout): a writer that
    does not take turns here (the command line, a backup) is waited for as before."""

    def __init__(self, path: str) -> None:
        import os
        import threading

        self.path = path + "-writers"
        self._lock = threading.Lock()
        self._fd: int | None = None
        try:
            import fcntl

            self._flock = fcntl.flock
            self._ex, self._un = fcntl.LOCK_EX, fcntl.LOCK_UN
            self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        except (ImportError, OSError):
            pass  # not on Windows, or the folder is read-only: the threads alone take turns

    def __enter__(self) -> None:
        self._lock.acquire()
        if self._fd is not None:
            try:
                self._flock(self._fd, self._ex)
            except BaseException:
                self._lock.release()
                raise

    def __exit__(self, *exc: object) -> None:
        try:
            if self._fd is not None:
                self._flock(self._fd, self._un)
        finally:
            self._lock.release()


_TURNS: dict[tuple[int, str], WriterTurn] = {}


def writer_turn(path: str) -> WriterTurn:
    """The :class:`WriterTurn` of ``path`` in this process (one for all its connections to the
    file; a forked process makes its own: a lock file's descriptor shared with the parent would
    share its lock)."""
    import os

    key = (os.getpid(), os.path.realpath(path))
    turn = _TURNS.get(key)
    if turn is None:
        turn = _TURNS.setdefault(key, WriterTurn(path))
    return turn


def _wal(conn: sqlite3.Connection) -> None:
    """Switch the file to WAL. Switching needs the file to itself, and SQLite answers "database
    is locked" at once, without waiting out the busy timeout, while another process that is
    starting together holds it: so it is tried again until the busy timeout is spent."""
    import sqlite3
    import time

    deadline = time.monotonic() + BUSY_TIMEOUT_S
    while True:
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


_migrated: set[tuple[int, str]] = set()


def migrate(db: Database, path: str) -> None:
    """Apply the pending migrations once, even when several workers start together.

    The first worker takes an exclusive lock on ``<database>.lock`` (``flock``) and applies
    them; the others wait on the lock, then find nothing pending. Without it two workers
    could both see a step as pending and the second fail ("duplicate column name")."""
    import os

    key = (os.getpid(), path)
    if key in _migrated and path != ":memory:":
        return
    if not migrations.pending(db):
        _migrated.add(key)
        return
    if path == ":memory:":
        migrations.apply(db)
        return
    try:
        import fcntl
    except ImportError:  # Windows: waitress runs one process there, nothing to race with
        migrations.apply(db)
        _migrated.add(key)
        return
    fd = os.open(path + ".lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            migrations.apply(db)  # looks again: another worker may have applied them meanwhile
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)
    _migrated.add(key)


def _private_file(path: str) -> None:
    """Create the database file readable and writable by this user only (0600); an existing
    file, and its WAL files, lose any access by group and others."""
    import os
    import stat

    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, mode=0o700, exist_ok=True)
    try:
        os.close(os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass
    for name in (path, path + "-wal", path + "-shm"):
        try:
            st = os.stat(name)
        except FileNotFoundError:
            continue
        if st.st_mode & 0o077 and hasattr(os, "getuid") and st.st_uid == os.getuid():
            os.chmod(name, stat.S_IMODE(st.st_mode) & 0o700)


class Pool:
    """The connections of one worker process, opened once and reused by its requests.

    A sqlite3 connection must not be used by two threads at once: a request takes one for
    itself (:meth:`take`) and gives it back at its end (:meth:`give`). A threaded server
    thus opens as many as it runs requests at once (at most :attr:`keep` are kept); a
    process forked from one that had opened some opens its own (a connection must never
    cross a fork)."""

    def __init__(self, path: str, keep: int = 8):
        import os
        import threading

        self.path = path
        self.keep = keep
        self._idle: list[Database] = []
        self._lock = threading.Lock()
        self._pid = os.getpid()

    def take(self) -> Database:
        import os

        with self._lock:
            if self._pid != os.getpid():  # forked: the parent's connections are not ours
                self._idle, self._pid = [], os.getpid()
            if self._idle:
                return self._idle.pop()
        return open_db(self.path)

    def give(self, db: Database) -> None:
        import os

        conn = db.conn
        if conn.in_transaction:
            conn.rollback()
        with self._lock:
            if self._pid == os.getpid() and len(self._idle) < self.keep:
                self._idle.append(db)
                return
        conn.close()

    def close(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for db in idle:
            db.conn.close()
