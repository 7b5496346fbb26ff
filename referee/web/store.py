"""The database: matches and their append-only event log (sqlite-utils).

Every accepted change to a match is one row appended to ``events`` in one
transaction; nothing is updated or deleted (an undo is an event too). Every
write goes through :func:`append_event` or :func:`create_match`.
"""

from __future__ import annotations

import json
import sys
import secrets
from contextlib import contextmanager
from datetime import datetime, timezone

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

migrations = Migrations("referee")


@migrations()
def m001_matches_and_events(db: Database) -> None:
    db["matches"].create(
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
    db["matches"].create_index(["edit_key"], unique=True)
    db["matches"].create_index(["view_key"], unique=True)
    db["events"].create(
        {"id": int, "match_id": int, "seq": int, "kind": str, "data": str, "at": str},
        pk="id",
        foreign_keys=[("match_id", "matches", "id")],
        not_null={"match_id", "seq", "kind", "data", "at"},
    )
    db["events"].create_index(["match_id", "seq"], unique=True)


@migrations()
def m002_match_language(db: Database) -> None:
    """The match's language (its printed sheets speak it): the page's when it was started, or
    the imported record's ``lang``. Older matches have none and follow the page."""
    db["matches"].add_column("lang", str)


@migrations()
def m003_table_event_op(db: Database) -> None:
    """Each event may carry the phone's key for the tap that made it (``op``): a tap sent
    twice (a reply lost on a bad connection, a waiting move sent again) is recorded once."""
    db["events"].add_column("op", str)
    db["events"].create_index(["match_id", "op"], unique=True)


@migrations()
def m004_life_settings_archive(db: Database) -> None:
    """A match's own house settings (``settings``, JSON: ``confirm_hands``, whether each hand is
    confirmed by an opponent's phone) and whether it is archived (hidden from the list, never
    deleted)."""
    db["matches"].add_column("settings", str)
    db["matches"].add_column("archived", int)


def key_hash(key: str) -> str:
    """What a match is looked up by: the SHA-256 of its key. The lookup's timing (an index
    walk that stops at the first differing byte) then tells a guesser nothing about the key
    itself; the key found is then compared in constant time (:func:`match_by_key`)."""
    import hashlib

    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


@migrations()
def m004_harden_key_hashes(db: Database) -> None:
    """Matches are found by the hashes of their keys (keys compared in constant time)."""
    db["matches"].add_column("edit_hash", str)
    db["matches"].add_column("view_hash", str)
    for row in list(db.query("SELECT id, edit_key, view_key FROM matches")):
        db.execute("UPDATE matches SET edit_hash = ?, view_hash = ? WHERE id = ?",
                   [key_hash(row["edit_key"]), key_hash(row["view_key"]), row["id"]])
    db["matches"].create_index(["edit_hash"], unique=True)
    db["matches"].create_index(["view_hash"], unique=True)


@migrations()
def m005_harden_browser_matches(db: Database) -> None:
    """The matches each browser started or opened by a link (a visitor's list holds
    only those). ``browser`` is the random id kept in the browser's signed session cookie;
    ``edit`` is 1 when it came by the edit link. No key is kept in the cookie."""
    db["browser_matches"].create(
        {"browser": str, "match_id": int, "edit": int, "at": str},
        pk=("browser", "match_id"),
        foreign_keys=[("match_id", "matches", "id")],
        not_null={"browser", "match_id", "edit", "at"},
    )


@migrations()
def m006_seat_keys(db: Database) -> None:
    """Each seat's own key for confirming hands from that player's phone: read-only apart from
    the seat's confirm or dispute. Found by the key's hash, like a match's keys."""
    db["seat_keys"].create(
        {"match_id": int, "seat": int, "key": str, "key_hash": str, "created": str},
        pk=("match_id", "seat"),
        foreign_keys=[("match_id", "matches", "id")],
        not_null={"match_id", "seat", "key", "key_hash", "created"},
    )
    db["seat_keys"].create_index(["key_hash"], unique=True)


@migrations()
def m007_checkpoints(db: Database) -> None:
    """Each match's checkpoint: what the replay of its log knew of its finished hands when the
    last one ended (``data``, JSON), the number of events it covers (``count``) and the digest
    that ties it to those events (``digest``; see :func:`log_digest`). A worker that has not
    kept the match (the other worker, a restart) replays the hand after it only. It is never
    more than a cache: a checkpoint that does not match the log is ignored, and the log replayed."""
    db["checkpoints"].create(
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
    db["club_events"].create(
        {"id": int, "director_key": str, "director_hash": str, "view_key": str, "view_hash": str,
         "record": str, "state": str, "version": int, "created": str, "updated": str},
        pk="id",
        not_null={"director_key", "director_hash", "view_key", "view_hash", "record", "state",
                  "version", "created", "updated"},
    )
    db["club_events"].create_index(["director_hash"], unique=True)
    db["club_events"].create_index(["view_hash"], unique=True)
    db["club_event_tables"].create(
        {"event_id": int, "round": int, "table_no": int, "match_id": int},
        pk=("event_id", "round", "table_no"),
        foreign_keys=[("event_id", "club_events", "id"), ("match_id", "matches", "id")],
        not_null={"event_id", "round", "table_no", "match_id"},
    )
    db["club_event_tables"].create_index(["match_id"], unique=True)
    db["club_event_audit"].create(
        {"id": int, "event_id": int, "seq": int, "kind": str, "data": str, "at": str},
        pk="id",
        foreign_keys=[("event_id", "club_events", "id")],
        not_null={"event_id", "seq", "kind", "data", "at"},
    )
    db["club_event_audit"].create_index(["event_id", "seq"], unique=True)


@migrations()
def m009_clubs(db: Database) -> None:
    """A club and its roster (``referee.web.clubs``): the club, found by the hash of its director's
    key or of its read-only key like a match; its players (a name unique in the club but for
    case and width, ``name_key``, among the players not merged into another; ``retired`` hides
    a player from the roster's choices, ``merged_into`` names the player whose record now holds
    his matches); the club's matches (``rated``: the match moves its players' ratings) and which
    club player sits in each seat of them; and the clubs each browser opened (its list)."""
    db["clubs"].create(
        {"id": int, "name": str, "director_key": str, "director_hash": str, "view_key": str,
         "view_hash": str, "created": str},
        pk="id",
        not_null={"name", "director_key", "director_hash", "view_key", "view_hash", "created"},
    )
    db["clubs"].create_index(["director_hash"], unique=True)
    db["clubs"].create_index(["view_hash"], unique=True)
    db["club_players"].create(
        {"id": int, "club_id": int, "name": str, "name_key": str, "retired": int, "merged_into": int,
         "created": str},
        pk="id",
        foreign_keys=[("club_id", "clubs", "id"), ("merged_into", "club_players", "id")],
        not_null={"club_id", "name", "name_key", "retired", "created"},
    )
    db["club_players"].create_index(["club_id", "name_key"])
    db["club_matches"].create(
        {"match_id": int, "club_id": int, "rated": int, "added": str},
        pk="match_id",
        foreign_keys=[("match_id", "matches", "id"), ("club_id", "clubs", "id")],
        not_null={"club_id", "rated", "added"},
    )
    db["club_matches"].create_index(["club_id"])
    db["club_seats"].create(
        {"match_id": int, "seat": int, "player_id": int},
        pk=("match_id", "seat"),
        foreign_keys=[("match_id", "club_matches", "match_id"), ("player_id", "club_players", "id")],
        not_null={"match_id", "seat", "player_id"},
    )
    db["club_seats"].create_index(["player_id"])
    db["browser_clubs"].create(
        {"browser": str, "club_id": int, "director": int, "at": str},
        pk=("browser", "club_id"),
        foreign_keys=[("club_id", "clubs", "id")],
        not_null={"browser", "club_id", "director", "at"},
    )


class StaleError(Exception):
    """The match changed since the page was drawn (another phone moved first)."""


#: how long a writer waits for another's transaction before giving up (an answer of 503, never
#: a lost move): writes hold the lock for a row's insert only, so this is never reached in use
BUSY_TIMEOUT_S = 10.0


def open_db(path: str) -> Database:
    """Open the database and bring its schema up to date (the schema step only once per
    process and file, under a lock shared with every other process: see :func:`migrate`).

    The settings, and why (``docs/reliability.md``):

    - ``journal_mode=WAL``: readers never wait for the writer, nor the writer for readers;
    - ``synchronous=FULL``: in WAL mode ``NORMAL`` only syncs at checkpoints, so the last
      commits may vanish on a power loss (they survive a crash of the app). ``FULL`` syncs
      the log at every commit: a move the app has acknowledged is on the disk, power loss
      included. One fsync per move is cheap next to a move's replay;
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
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA foreign_keys = ON")
    db = Database(conn)
    migrate(db, path)
    return db


def _wal(conn) -> None:
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


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@contextmanager
def _write(db: Database):
    """One write transaction, taken before reading what it checks."""
    conn = db.conn
    if conn.in_transaction:
        conn.commit()
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        conn.rollback()
        raise
    else:
        conn.commit()


def _match_row(row: dict | None) -> dict | None:
    if row is None:
        return None
    out = dict(row)
    out["options"] = json.loads(out["options"])
    out["players"] = json.loads(out["players"])
    out["settings"] = json.loads(out.get("settings") or "{}")
    out["archived"] = bool(out.get("archived"))
    return out


def create_match(db: Database, variant: str, options: dict, players: list[str],
                 events: list[tuple] = (), lang: str | None = None,
                 settings: dict | None = None, created: str | None = None) -> dict:
    """Store a new match (and, for an import, its events) in one transaction. An event is
    ``(kind, data)`` or ``(kind, data, at)`` (an imported log keeps its times)."""
    from referee.matches.events import KINDS

    if any(e[0] not in KINDS for e in events):
        raise ValueError("not a kind of change")  # the import checks every change before
    now = _now()
    edit_key, view_key = secrets.token_urlsafe(18), secrets.token_urlsafe(9)
    with _write(db):
        cur = db.conn.execute(
            "INSERT INTO matches (edit_key, view_key, variant, options, players, created, lang,"
            " settings, edit_hash, view_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (edit_key, view_key, variant,
             json.dumps(options, ensure_ascii=False), json.dumps(players, ensure_ascii=False),
             created or now, lang if lang in ("ru", "en") else None,
             json.dumps(settings or {}, ensure_ascii=False), key_hash(edit_key), key_hash(view_key)),
        )
        match_id = cur.lastrowid
        for seq, (kind, data, *at) in enumerate(events, start=1):
            db.conn.execute(
                "INSERT INTO events (match_id, seq, kind, data, at) VALUES (?, ?, ?, ?, ?)",
                (match_id, seq, kind, json.dumps(data, ensure_ascii=False), at[0] if at else now),
            )
    return get_match(db, match_id)


def get_match(db: Database, match_id: int) -> dict | None:
    rows = list(db.query("SELECT * FROM matches WHERE id = ?", [match_id]))
    return _match_row(rows[0] if rows else None)


def match_by_key(db: Database, key: str, column: str) -> dict | None:
    """The match whose edit or view key is ``key``: found by the key's hash, then the key
    compared in constant time (``hmac.compare_digest``)."""
    import hmac

    assert column in ("edit_key", "view_key")
    if not isinstance(key, str) or not key or len(key) > 64:
        return None
    hashed = "edit_hash" if column == "edit_key" else "view_hash"
    rows = list(db.query(f"SELECT * FROM matches WHERE {hashed} = ?", [key_hash(key)]))
    if not rows or not hmac.compare_digest(rows[0][column].encode(), key.encode("utf-8", "surrogatepass")):
        return None
    return _match_row(rows[0])


def remember(db: Database, browser: str, match_id: int, edit: bool) -> None:
    """Put a match in a browser's list (``edit``: it came by the edit link; a view never takes
    that away). Written only when it changes anything: opening a page is mostly a read."""
    row = db.execute("SELECT edit FROM browser_matches WHERE browser = ? AND match_id = ?",
                     [browser, match_id]).fetchone()
    if row is not None and row[0] >= int(edit):
        return
    with _write(db):
        db.conn.execute(
            "INSERT INTO browser_matches (browser, match_id, edit, at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (browser, match_id) DO UPDATE SET edit = MAX(edit, excluded.edit)",
            (browser, match_id, int(edit), _now()))


def browser_matches(db: Database, browser: str, limit: int = 60) -> list[dict]:
    """The matches of one browser's list, newest change first, each with ``mine`` (it came by
    the edit link), its event count and last change."""
    rows = db.query(
        "SELECT m.*, b.edit AS mine, COUNT(e.id) AS n, MAX(e.at) AS last"
        " FROM browser_matches b JOIN matches m ON m.id = b.match_id"
        " LEFT JOIN events e ON e.match_id = m.id WHERE b.browser = ?"
        " GROUP BY m.id ORDER BY COALESCE(MAX(e.at), m.created) DESC, m.id DESC LIMIT ?",
        [browser, limit])
    out = []
    for r in rows:
        m = _match_row(r)
        m["mine"] = bool(m["mine"])
        out.append(m)
    return out


def list_matches(db: Database) -> list[dict]:
    """All matches, newest first, with their event counts and last change."""
    rows = db.query(
        "SELECT m.*, COUNT(e.id) AS n, MAX(e.at) AS last"
        " FROM matches m LEFT JOIN events e ON e.match_id = m.id"
        " GROUP BY m.id ORDER BY COALESCE(MAX(e.at), m.created) DESC, m.id DESC"
    )
    return [_match_row(r) for r in rows]


def events(db: Database, match_id: int, after: int = 0) -> list[dict]:
    """The match's event log in order (those with ``seq`` greater than ``after``)."""
    out = []
    for row in db.query("SELECT id, seq, kind, data, at FROM events WHERE match_id = ? AND seq > ?"
                        " ORDER BY seq", [match_id, after]):
        out.append({"seq": row["seq"], "kind": _intern(row["kind"]), "data": _data(row["data"]),
                    "at": _intern(row["at"]), "id": row["id"]})
    return out


def _data(text: str) -> dict:
    """An event's data, its keys and short texts shared with every other event's (a worker keeps
    the logs of the matches it serves: a move's player and token repeat all through them)."""
    data = json.loads(text)
    if isinstance(data, dict):
        return {_intern(k): (_intern(v) if isinstance(v, str) and len(v) <= 40 else v) for k, v in data.items()}
    return data


_intern = sys.intern


def log_digest(db: Database, match_id: int, upto: int) -> str | None:
    """The SHA-256 of the match's first ``upto`` events exactly as stored (``seq``, ``kind``, the
    ``data`` text and ``at`` of each), or None when the log has fewer."""
    import hashlib

    h = hashlib.sha256()
    n = 0
    for seq, kind, data, at in db.execute(
            "SELECT seq, kind, data, at FROM events WHERE match_id = ? AND seq <= ? ORDER BY seq",
            [match_id, upto]):
        n += 1
        if seq != n:
            return None
        h.update(f"{seq}\x1f{kind}\x1f{data}\x1f{at}\x1e".encode("utf-8", "surrogatepass"))
    return h.hexdigest() if n == upto else None


def checkpoint(db: Database, match_id: int) -> dict | None:
    """The match's checkpoint as stored (``count``, ``digest``, ``data`` as text), or None."""
    row = db.execute("SELECT count, digest, data FROM checkpoints WHERE match_id = ?",
                     [match_id]).fetchone()
    return {"count": row[0], "digest": row[1], "data": row[2]} if row is not None else None


def put_checkpoint(db: Database, match_id: int, count: int, digest: str, data: str) -> None:
    """Keep (or replace) the match's checkpoint; one row per match."""
    with _write(db):
        db.conn.execute(
            "INSERT INTO checkpoints (match_id, count, digest, data, at) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (match_id) DO UPDATE SET count = excluded.count, digest = excluded.digest,"
            " data = excluded.data, at = excluded.at",
            (match_id, count, digest, data, _now()))


def event_count(db: Database, match_id: int) -> int:
    return db.execute("SELECT COUNT(*) FROM events WHERE match_id = ?", [match_id]).fetchone()[0]


class DuplicateError(Exception):
    """The tap with this ``op`` key was recorded already (it was sent twice)."""


def has_op(db: Database, match_id: int, op: str | None) -> bool:
    """Whether an event made by the tap ``op`` is in the log."""
    if not op:
        return False
    return db.execute("SELECT 1 FROM events WHERE match_id = ? AND op = ?", [match_id, op]).fetchone() \
        is not None


class LimitError(Exception):
    """The match holds as many changes as one match may (``limits.MAX_EVENTS``)."""


def append_event(db: Database, match_id: int, expected: int, kind: str, data: dict,
                 check=None, op: str | None = None) -> int:
    """Append one event if the log still has ``expected`` events; returns the new count.

    ``check(events)`` runs on the log as it stands and may raise to refuse the change
    (nothing is written then). It runs before the write lock is taken: the log is
    append-only, so a log that still has ``expected`` events when the lock is held is the
    very log that was checked. The lock is thus held for one count and one insert, never
    for a replay (a replay under the lock made other tables wait: "database is locked").
    ``op`` is the tap's own key: a second event with the same key is refused with
    :class:`DuplicateError` (asked first: a tap sent twice is not a stale one).
    """
    return append(db, match_id, expected, kind, data, check, op)["seq"]


def append(db: Database, match_id: int, expected: int, kind: str, data: dict, check=None,
           op: str | None = None) -> dict:
    """``append_event``, returning the event as stored (``seq``, ``kind``, ``data``, ``at``, ``id``).
    Without ``check`` (the web app checks the move on its kept replay of the ``expected``
    events first) the write transaction only counts the log and appends."""
    if check is not None:
        from referee import limits

        if expected >= limits.MAX_EVENTS:
            raise LimitError(expected)
        if has_op(db, match_id, op):
            raise DuplicateError(op)
        current = events(db, match_id)
        if len(current) != expected:
            raise StaleError(len(current))
        check(current)
    return append_all(db, match_id, expected, [(kind, data)], op)[0]


def append_all(db: Database, match_id: int, expected: int, changes: list[tuple[str, dict]],
               op: str | None = None) -> list[dict]:
    """Append several events in one transaction, all or none, if the log still has ``expected``
    events (a hand's start and the opening move the rules leave no choice about); the events as
    stored, as :func:`append` gives one. ``op``, the tap's key, goes with the first: the tap that
    made them all."""
    from referee import limits
    from referee.matches.events import KINDS

    if not changes:
        return []
    unknown = [kind for kind, _data in changes if kind not in KINDS]
    if unknown:  # no write path may log a kind the registry (and so the import) does not know
        raise ValueError(f"not a kind of change: {unknown[0]!r}")
    if expected + len(changes) > limits.MAX_EVENTS:
        raise LimitError(expected)
    if has_op(db, match_id, op):
        raise DuplicateError(op)
    stored = []
    with _write(db):
        if has_op(db, match_id, op):
            raise DuplicateError(op)
        n = event_count(db, match_id)
        if n != expected:
            raise StaleError(n)
        at = _now()
        for i, (kind, data) in enumerate(changes):
            text = json.dumps(data, ensure_ascii=False)
            cur = db.conn.execute(
                "INSERT INTO events (match_id, seq, kind, data, at, op) VALUES (?, ?, ?, ?, ?, ?)",
                (match_id, n + 1 + i, kind, text, at, (op or None) if i == 0 else None),
            )
            # the data as it reads back from the log (a JSON round trip), as ``events`` gives it
            stored.append({"seq": n + 1 + i, "kind": kind, "data": json.loads(text), "at": at,
                           "id": cur.lastrowid})
    return stored


def rename_player(db: Database, match_id: int, expected: int, seat: int, new: str,
                  via: str = "edit") -> int:
    """Rename the player in ``seat``: the match's players and one ``rename`` event (the log keeps
    who he was), in one transaction; refused like any change when another phone moved first."""
    from referee import limits

    if expected >= limits.MAX_EVENTS:
        raise LimitError(expected)
    with _write(db):
        n = event_count(db, match_id)
        if n != expected:
            raise StaleError(n)
        players = json.loads(db.execute("SELECT players FROM matches WHERE id = ?",
                                        [match_id]).fetchone()[0])
        old = players[seat]
        players[seat] = new
        db.conn.execute("UPDATE matches SET players = ? WHERE id = ?",
                        (json.dumps(players, ensure_ascii=False), match_id))
        db.conn.execute(
            "INSERT INTO events (match_id, seq, kind, data, at) VALUES (?, ?, ?, ?, ?)",
            (match_id, n + 1, "rename",
             json.dumps({"seat": seat, "from": old, "to": new, "via": via}, ensure_ascii=False),
             _now()),
        )
    return n + 1


def set_settings(db: Database, match_id: int, settings: dict) -> None:
    """The match's own house settings (not rules: the replay never reads them)."""
    with _write(db):
        db.conn.execute("UPDATE matches SET settings = ? WHERE id = ?",
                        (json.dumps(settings, ensure_ascii=False), match_id))


def set_archived(db: Database, match_id: int, archived: bool) -> None:
    """Hide a match from the list, or bring it back (nothing is deleted)."""
    with _write(db):
        db.conn.execute("UPDATE matches SET archived = ? WHERE id = ?", (1 if archived else 0, match_id))


def seat_keys(db: Database, match_id: int, seats: int) -> list[str]:
    """Each seat's key (0 .. ``seats`` - 1), made the first time it is asked for: as unguessable
    as the edit key, never derived from it."""
    have = {r["seat"]: r["key"] for r in db.query(
        "SELECT seat, key FROM seat_keys WHERE match_id = ?", [match_id])}
    missing = [s for s in range(seats) if s not in have]
    if missing:
        with _write(db):
            for s in missing:
                key = secrets.token_urlsafe(18)
                db.conn.execute("INSERT OR IGNORE INTO seat_keys (match_id, seat, key, key_hash, created)"
                                " VALUES (?, ?, ?, ?, ?)", (match_id, s, key, key_hash(key), _now()))
        have = {r["seat"]: r["key"] for r in db.query(
            "SELECT seat, key FROM seat_keys WHERE match_id = ?", [match_id])}
    return [have[s] for s in range(seats)]


def seat_by_key(db: Database, key: str) -> tuple[dict, int] | None:
    """The match and the seat whose seat key is ``key`` (found by its hash, then compared in
    constant time), or None."""
    import hmac

    if not isinstance(key, str) or not key or len(key) > 64:
        return None
    rows = list(db.query("SELECT match_id, seat, key FROM seat_keys WHERE key_hash = ?", [key_hash(key)]))
    if not rows or not hmac.compare_digest(rows[0]["key"].encode(), key.encode("utf-8", "surrogatepass")):
        return None
    m = get_match(db, rows[0]["match_id"])
    return (m, rows[0]["seat"]) if m is not None else None


# -- club nights and tournaments -------------------------------------------------------------


def _event_row(row) -> dict | None:
    if row is None:
        return None
    out = dict(row)
    out["record"] = json.loads(out["record"])
    out["state"] = json.loads(out["state"])
    return out


def create_event(db: Database, record: dict, state: dict) -> dict:
    """Store a new event (its record and the app's state beside it) with a new director's key
    and a new public key; returns it as :func:`get_event` does."""
    director_key, view_key = secrets.token_urlsafe(18), secrets.token_urlsafe(9)
    now = _now()
    with _write(db):
        cur = db.conn.execute(
            "INSERT INTO club_events (director_key, director_hash, view_key, view_hash, record, state,"
            " version, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (director_key, key_hash(director_key), view_key, key_hash(view_key),
             json.dumps(record, ensure_ascii=False), json.dumps(state, ensure_ascii=False), 1, now, now))
        event_id = cur.lastrowid
    return get_event(db, event_id)


def get_event(db: Database, event_id: int) -> dict | None:
    rows = list(db.query("SELECT * FROM club_events WHERE id = ?", [event_id]))
    return _event_row(rows[0] if rows else None)


def event_by_key(db: Database, key: str, column: str) -> dict | None:
    """The event whose director's key (``director_key``) or public key (``view_key``) is ``key``:
    found by the key's hash, the key then compared in constant time."""
    import hmac

    assert column in ("director_key", "view_key")
    if not isinstance(key, str) or not key or len(key) > 64:
        return None
    hashed = "director_hash" if column == "director_key" else "view_hash"
    rows = list(db.query(f"SELECT * FROM club_events WHERE {hashed} = ?", [key_hash(key)]))
    if not rows or not hmac.compare_digest(rows[0][column].encode(), key.encode("utf-8", "surrogatepass")):
        return None
    return _event_row(rows[0])


def update_event(db: Database, event_id: int, version: int, record: dict, state: dict,
                 audit: list[tuple[str, dict]] = ()) -> int:
    """Replace the event's record and state if it is still at ``version`` (else
    :class:`StaleError`: another phone changed it first, nothing is written), with the audit's
    entries, in one transaction; returns the new version."""
    with _write(db):
        cur = db.conn.execute(
            "UPDATE club_events SET record = ?, state = ?, version = version + 1, updated = ?"
            " WHERE id = ? AND version = ?",
            (json.dumps(record, ensure_ascii=False), json.dumps(state, ensure_ascii=False), _now(),
             event_id, version))
        if cur.rowcount != 1:
            raise StaleError(version)
        if audit:
            n = db.execute("SELECT COUNT(*) FROM club_event_audit WHERE event_id = ?",
                           [event_id]).fetchone()[0]
            at = _now()
            for i, (kind, data) in enumerate(audit, start=1):
                db.conn.execute(
                    "INSERT INTO club_event_audit (event_id, seq, kind, data, at) VALUES (?, ?, ?, ?, ?)",
                    (event_id, n + i, kind, json.dumps(data, ensure_ascii=False), at))
    return version + 1


def event_audit(db: Database, event_id: int) -> list[dict]:
    """The director's changes, oldest first."""
    return [{"seq": r["seq"], "kind": r["kind"], "data": json.loads(r["data"]), "at": r["at"]}
            for r in db.query("SELECT seq, kind, data, at FROM club_event_audit WHERE event_id = ?"
                              " ORDER BY seq", [event_id])]


def event_tables(db: Database, event_id: int) -> dict[tuple[int, int], int]:
    """The match of each table: {(round, table): match id}."""
    return {(r["round"], r["table_no"]): r["match_id"] for r in db.query(
        "SELECT round, table_no, match_id FROM club_event_tables WHERE event_id = ?", [event_id])}


def event_matches(db: Database, event_id: int) -> dict[tuple[int, int], dict]:
    """The match of each table, read in one query: {(round, table): match}."""
    return {(r["round"], r["table_no"]): _match_row({k: v for k, v in r.items() if k not in ("round", "table_no")})
            for r in db.query("SELECT t.round AS round, t.table_no AS table_no, m.* FROM club_event_tables t"
                              " JOIN matches m ON m.id = t.match_id WHERE t.event_id = ?", [event_id])}


def link_table(db: Database, event_id: int, number: int, table: int, match_id: int) -> int:
    """Give the table its match unless it has one already; the table's match (the one given
    first: a second phone that made another loses)."""
    with _write(db):
        db.conn.execute(
            "INSERT INTO club_event_tables (event_id, round, table_no, match_id) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (event_id, round, table_no) DO NOTHING",
            (event_id, number, table, match_id))
    row = db.execute("SELECT match_id FROM club_event_tables WHERE event_id = ? AND round = ?"
                     " AND table_no = ?", [event_id, number, table]).fetchone()
    return int(row[0])


# -- clubs: a roster kept under a director's key ---------------------------------------------------


class ClubError(Exception):
    """A change to a club refused (nothing was written): ``rule`` says why, ``params`` what
    the page names (``referee.web.clubs`` says it in words)."""

    def __init__(self, rule: str, **params):
        super().__init__(rule)
        self.rule = rule
        self.params = params


def _name_key(name: str) -> str:
    from referee import limits

    return limits.name_key(name)


def _club_row(row: dict | None) -> dict | None:
    return dict(row) if row is not None else None


def create_club(db: Database, name: str) -> dict:
    """A new club with its director's key and its read-only key (as unguessable as a match's)."""
    director_key, view_key = secrets.token_urlsafe(18), secrets.token_urlsafe(12)
    with _write(db):
        cur = db.conn.execute(
            "INSERT INTO clubs (name, director_key, director_hash, view_key, view_hash, created)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (name, director_key, key_hash(director_key), view_key, key_hash(view_key), _now()))
        club_id = cur.lastrowid
    return get_club(db, club_id)


def get_club(db: Database, club_id: int) -> dict | None:
    rows = list(db.query("SELECT * FROM clubs WHERE id = ?", [club_id]))
    return _club_row(rows[0] if rows else None)


def club_by_key(db: Database, key: str) -> tuple[dict, bool] | None:
    """(the club, True) for its director's key, (the club, False) for its read-only key, or
    None; found by the key's hash, the key then compared in constant time."""
    import hmac

    if not isinstance(key, str) or not key or len(key) > 64:
        return None
    hashed = key_hash(key)
    for column, director in (("director", True), ("view", False)):
        rows = list(db.query(f"SELECT * FROM clubs WHERE {column}_hash = ?", [hashed]))
        if rows and hmac.compare_digest(rows[0][f"{column}_key"].encode(), key.encode("utf-8", "surrogatepass")):
            return _club_row(rows[0]), director
    return None


def rename_club(db: Database, club_id: int, name: str) -> None:
    with _write(db):
        db.conn.execute("UPDATE clubs SET name = ? WHERE id = ?", (name, club_id))


def remember_club(db: Database, browser: str, club_id: int, director: bool) -> None:
    """Put a club in a browser's list (``director``: it came by the director's link; a visit by
    the read-only link never takes that away). Written only when it changes anything."""
    row = db.execute("SELECT director FROM browser_clubs WHERE browser = ? AND club_id = ?",
                     [browser, club_id]).fetchone()
    if row is not None and row[0] >= int(director):
        return
    with _write(db):
        db.conn.execute(
            "INSERT INTO browser_clubs (browser, club_id, director, at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (browser, club_id) DO UPDATE SET director = CASE WHEN excluded.director >"
            " browser_clubs.director THEN excluded.director ELSE browser_clubs.director END",
            (browser, club_id, int(director), _now()))


def browser_clubs(db: Database, browser: str) -> list[dict]:
    """The clubs of one browser's list, each with ``director`` (it came by the director's link)."""
    rows = db.query("SELECT c.*, b.director AS director FROM browser_clubs b JOIN clubs c ON c.id = b.club_id"
                    " WHERE b.browser = ? ORDER BY c.name, c.id", [browser])
    return [dict(r, director=bool(r["director"])) for r in rows]


def club_players(db: Database, club_id: int, merged: bool = False) -> list[dict]:
    """The club's players in the order they were added (``merged``: those merged into another too)."""
    where = "" if merged else " AND merged_into IS NULL"
    rows = db.query(f"SELECT * FROM club_players WHERE club_id = ?{where} ORDER BY id", [club_id])
    return [dict(r, retired=bool(r["retired"])) for r in rows]


def club_player(db: Database, club_id: int, player_id: int) -> dict | None:
    rows = list(db.query("SELECT * FROM club_players WHERE club_id = ? AND id = ?", [club_id, player_id]))
    return dict(rows[0], retired=bool(rows[0]["retired"])) if rows else None


def _taken(db: Database, club_id: int, name: str, but: int | None = None) -> dict | None:
    """The club's player (not merged) whose name equals ``name`` but for case and width."""
    rows = list(db.query("SELECT * FROM club_players WHERE club_id = ? AND name_key = ? AND merged_into IS NULL",
                         [club_id, _name_key(name)]))
    rows = [r for r in rows if r["id"] != but]
    return dict(rows[0]) if rows else None


def _insert_player(db: Database, club_id: int, name: str) -> int:
    if _taken(db, club_id, name) is not None:
        raise ClubError("club.name_taken", name=name)
    cur = db.conn.execute("INSERT INTO club_players (club_id, name, name_key, retired, created)"
                          " VALUES (?, ?, ?, 0, ?)", (club_id, name, _name_key(name), _now()))
    return cur.lastrowid


def add_club_player(db: Database, club_id: int, name: str) -> dict:
    """Add a player to the roster; refused (``club.name_taken``) when the name is there already."""
    with _write(db):
        player_id = _insert_player(db, club_id, name)
    return club_player(db, club_id, player_id)


def _own_player(db: Database, club_id: int, player_id: int) -> dict:
    p = club_player(db, club_id, player_id)
    if p is None or p["merged_into"] is not None:
        raise ClubError("club.no_player")
    return p


def rename_club_player(db: Database, club_id: int, player_id: int, name: str) -> None:
    """The player's name on the roster (the matches keep the names they were played under)."""
    with _write(db):
        _own_player(db, club_id, player_id)
        if _taken(db, club_id, name, but=player_id) is not None:
            raise ClubError("club.name_taken", name=name)
        db.conn.execute("UPDATE club_players SET name = ?, name_key = ? WHERE id = ?",
                        (name, _name_key(name), player_id))


def retire_club_player(db: Database, club_id: int, player_id: int, retired: bool) -> None:
    """Retire a player (his matches and rating stay; he is no longer offered), or bring him back."""
    with _write(db):
        _own_player(db, club_id, player_id)
        db.conn.execute("UPDATE club_players SET retired = ? WHERE id = ?", (1 if retired else 0, player_id))


def merge_club_players(db: Database, club_id: int, keep: int, gone: int) -> None:
    """Two names of one person made one: every seat of ``gone`` becomes ``keep``'s, and ``gone``
    leaves the roster (kept, marked merged into ``keep``). Refused when they are one player, or
    when both sat at one match (one person cannot hold two seats)."""
    with _write(db):
        if keep == gone:
            raise ClubError("club.merge_self")
        _own_player(db, club_id, keep)
        _own_player(db, club_id, gone)
        both = db.execute("SELECT a.match_id FROM club_seats a JOIN club_seats b ON a.match_id = b.match_id"
                          " WHERE a.player_id = ? AND b.player_id = ? ORDER BY a.match_id", [keep, gone]).fetchone()
        if both is not None:
            raise ClubError("club.merge_met", match=both[0])
        db.conn.execute("UPDATE club_seats SET player_id = ? WHERE player_id = ?", (keep, gone))
        db.conn.execute("UPDATE club_players SET merged_into = ? WHERE id = ?", (keep, gone))
        db.conn.execute("UPDATE club_players SET merged_into = ? WHERE merged_into = ?", (keep, gone))


def match_club(db: Database, match_id: int) -> int | None:
    """The club whose match this is, or None."""
    row = db.execute("SELECT club_id FROM club_matches WHERE match_id = ?", [match_id]).fetchone()
    return row[0] if row is not None else None


def link_match(db: Database, club_id: int, match_id: int, seats: list, rated: bool = True) -> list[int]:
    """Make a match the club's, each seat its club player: ``seats`` holds a player's id, or a
    name (the roster's player of that name, added to the roster when there is none), one per
    seat. In one transaction; refused when the match is another club's, when a seat names no
    player of this club, or when one player is named for two seats. The seats' player ids."""
    players = json.loads(db.execute("SELECT players FROM matches WHERE id = ?", [match_id]).fetchone()[0])
    if len(seats) != len(players):
        raise ClubError("club.seats")
    with _write(db):
        other = match_club(db, match_id)
        if other is not None and other != club_id:
            raise ClubError("club.other_club")
        ids: list[int] = []
        for who in seats:
            if isinstance(who, str):
                found = _taken(db, club_id, who)
                ids.append(found["id"] if found is not None else _insert_player(db, club_id, who))
            else:
                ids.append(_own_player(db, club_id, int(who))["id"])
        if len(set(ids)) != len(ids):
            raise ClubError("club.seated_twice")
        if other is None:
            db.conn.execute("INSERT INTO club_matches (match_id, club_id, rated, added) VALUES (?, ?, ?, ?)",
                            (match_id, club_id, 1 if rated else 0, _now()))
        db.conn.execute("DELETE FROM club_seats WHERE match_id = ?", (match_id,))
        for seat, player_id in enumerate(ids):
            db.conn.execute("INSERT INTO club_seats (match_id, seat, player_id) VALUES (?, ?, ?)",
                            (match_id, seat, player_id))
    return ids


def set_club_rated(db: Database, club_id: int, match_id: int, rated: bool) -> None:
    """Whether the club's match moves its players' ratings."""
    with _write(db):
        db.conn.execute("UPDATE club_matches SET rated = ? WHERE match_id = ? AND club_id = ?",
                        (1 if rated else 0, match_id, club_id))


def club_matches(db: Database, club_id: int) -> list[dict]:
    """The club's matches, oldest first (the order the ratings take them in), each as the
    match lists give it (its event count ``n`` and last change ``last``) with ``rated`` and
    ``seat_players`` (the club player's id in each seat)."""
    rows = db.query(
        "SELECT m.*, c.rated AS rated, COUNT(e.id) AS n, MAX(e.at) AS last"
        " FROM club_matches c JOIN matches m ON m.id = c.match_id"
        " LEFT JOIN events e ON e.match_id = m.id WHERE c.club_id = ?"
        " GROUP BY m.id, c.rated ORDER BY m.created, m.id", [club_id])
    out = [_match_row(r) for r in rows]
    seats: dict[int, dict[int, int]] = {}
    for r in db.query("SELECT s.match_id, s.seat, s.player_id FROM club_seats s"
                      " JOIN club_matches c ON c.match_id = s.match_id WHERE c.club_id = ?", [club_id]):
        seats.setdefault(r["match_id"], {})[r["seat"]] = r["player_id"]
    for m in out:
        m["rated"] = bool(m["rated"])
        have = seats.get(m["id"], {})
        m["seat_players"] = [have.get(s) for s in range(len(m["players"]))]
    return out
