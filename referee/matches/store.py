"""The store of matches: matches and their append-only event log, on SQLite or on PostgreSQL.

Every accepted change to a match is one row appended to ``events`` in one transaction; nothing
is updated or deleted (an undo is an event too). Every write goes through :func:`append_event`
or :func:`create_match`.

The database is named by one string (``REFEREE_DATABASE``): a file path is an SQLite file (the
embedded default, :mod:`referee.backends.sqlite`), a ``postgresql://`` URL a PostgreSQL
server that several app nodes may share (:mod:`referee.backends.postgres`). Each opens,
migrates and pools its own connections; the queries below are the same on both (written with
``?`` placeholders, which the PostgreSQL handle turns into its own), and nothing above this
module knows which database runs. A handle (``db``) is what :func:`open_db` or a pool's
``take`` gives: sqlite-utils' ``Database`` on SQLite, a :class:`~referee.backends.postgres.PgDb`
on PostgreSQL, both with ``execute`` (rows as tuples), ``query`` (rows as dicts) and ``close``.

Two phones moving on the same state: on SQLite the statement that appends counts the log
itself, in its own transaction (:func:`_insert_alone`, or ``BEGIN IMMEDIATE`` when a summary is
updated with it), so the second finds the count changed; on PostgreSQL two
transactions may count together, and the unique index on (match, seq) refuses the second insert.
Both end in :class:`StaleError` («another phone moved first»), never an error page.
"""

from __future__ import annotations

import json
import secrets
import sys
import sqlite3
from contextlib import contextmanager, nullcontext
from datetime import datetime, timezone
from typing import (TYPE_CHECKING, Any, Callable, Iterable, Iterator, Literal, NotRequired, Protocol, Sequence,
                    TypedDict, TypeVar)

from referee.matches.fold import Event

if TYPE_CHECKING:
    import psycopg
    from typing_extensions import TypeIs

    from referee.backends.postgres import PgDb
    from referee.backends.postgres import Pool as PgPool
    from referee.backends.sqlite import Pool as SqlitePool

#: how long a writer waits for another's transaction (or a pooled connection) before giving up
#: (an answer of 503, never a lost move): writes hold their locks for a row's insert only, so
#: this is never reached in use
BUSY_TIMEOUT_S = 10.0

URL_SCHEMES = ("postgresql://", "postgres://")


class Cursor(Protocol):
    """A statement's cursor as both drivers give it (sqlite3's, psycopg's): its rows are the
    driver's own tuples, read by position."""

    @property
    def description(self) -> Sequence[Sequence[Any]] | None: ...

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> Sequence[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Db(Protocol):
    """A handle on the store's database, what every function below takes: sqlite-utils'
    ``Database`` on SQLite, :class:`~referee.backends.postgres.PgDb` on PostgreSQL. The queries
    are the same on both (``?`` placeholders); ``query`` gives each row as a dict of its columns,
    ``execute`` a cursor of tuples. ``conn`` is the driver's connection, read only where the two
    differ (a transaction, a snapshot, many rows at once)."""

    @property
    def conn(self) -> sqlite3.Connection | psycopg.Connection[Any]: ...

    def execute(self, sql: str, params: Sequence[Any] = ..., /) -> Cursor: ...

    def query(self, sql: str, params: Sequence[Any] = ..., /) -> Iterable[dict[str, Any]]: ...

    def close(self) -> None: ...


class MatchRow(TypedDict):
    """A match as the store gives it (:func:`get_match`, the lists): its columns, the JSON ones
    read (``options``, ``players``, ``settings``), ``archived`` as a bool."""

    id: int
    edit_key: str
    view_key: str
    variant: str
    options: dict[str, Any]
    players: list[str]
    created: str
    lang: str | None
    settings: dict[str, Any]
    archived: bool
    edit_hash: str | None
    view_hash: str | None
    #: what the lists add: the number of events and the last one's time (:func:`list_matches`,
    #: :func:`browser_matches`, :func:`club_matches`)
    n: NotRequired[int]
    last: NotRequired[str | None]
    #: it came to this browser by the edit link (:func:`browser_matches`)
    mine: NotRequired[bool]
    #: it moves the club's ratings; the club player in each seat (:func:`club_matches`)
    rated: NotRequired[bool]
    seat_players: NotRequired[list[int | None]]


class Checkpoint(TypedDict):
    """A match's checkpoint as stored (:func:`checkpoint`): ``data`` is the JSON text."""

    count: int
    digest: str
    data: str


class EventRecord(TypedDict):
    """A club night or tournament as the store gives it (:func:`get_event`): its columns, the
    record and the app's state read from their JSON."""

    id: int
    director_key: str
    director_hash: str
    view_key: str
    view_hash: str
    record: dict[str, Any]
    state: dict[str, Any]
    version: int
    created: str
    updated: str


class ClubRow(TypedDict):
    """A club as the store gives it (:func:`get_club`)."""

    id: int
    name: str
    director_key: str
    director_hash: str
    view_key: str
    view_hash: str
    created: str
    #: it came to this browser by the director's link (:func:`browser_clubs`)
    director: NotRequired[bool]


class ClubPlayer(TypedDict):
    """A player of a club's roster (:func:`club_players`): ``name_key`` is the name as compared
    (case and width folded); ``merged_into`` the player now holding his matches, or None."""

    id: int
    club_id: int
    name: str
    name_key: str
    retired: bool
    merged_into: int | None
    created: str


class ClubEvent(TypedDict):
    """An event a club runs (:func:`club_events`): its tables' matches as {match id: (round, table)}."""

    id: int
    view_key: str
    name: str
    tables: dict[int, tuple[int, int]]


class AuditEntry(TypedDict):
    """One change of an event's director (:func:`event_audit`)."""

    seq: int
    kind: str
    data: dict[str, Any]
    at: str


def is_postgres(database: str) -> bool:
    """Whether ``database`` names a PostgreSQL server (a URL) rather than an SQLite file."""
    return isinstance(database, str) and database.startswith(URL_SCHEMES)


def shown(database: str) -> str:
    """``database`` as it may be printed: a URL without its password."""
    if not is_postgres(database):
        return database
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(database)
    if parts.password is None:
        return database
    netloc = parts.netloc.rsplit("@", 1)[1]
    user = f"{parts.username}:***@" if parts.username else ":***@"
    return urlunsplit(parts._replace(netloc=user + netloc))


def open_db(database: str) -> Db:
    """A handle on ``database`` (a path or a ``postgresql://`` URL), its schema brought up to
    date (once per process, and once across processes that start together)."""
    if is_postgres(database):
        from referee.backends import postgres as store_postgres

        return store_postgres.open_db(database)
    from referee.backends import sqlite as store_sqlite

    return store_sqlite.open_db(database)


def Pool(database: str, keep: int = 8) -> SqlitePool | PgPool:  # noqa: N802 - it makes the pool of one kind or the other
    """The connections of one worker process: ``take()`` one for a request, ``give(db)`` it back,
    ``close()``. A process forked from one that had opened some opens its own."""
    if is_postgres(database):
        from referee.backends import postgres as store_postgres

        return store_postgres.Pool(database, keep)
    from referee.backends import sqlite as store_sqlite

    return store_sqlite.Pool(database, keep)


def migrations_of(db: Db) -> tuple[list[str], list[str]]:
    """The names of the migrations applied to ``db`` (in the order they were, each once if all
    is well) and of all that its kind of database has."""
    if _pg(db):
        from referee.backends import postgres as store_postgres

        return store_postgres.applied(db.conn), [name for name, _steps in store_postgres.MIGRATIONS]
    from referee.backends import sqlite as store_sqlite

    done = [r[0] for r in db.execute("SELECT name FROM _sqlite_migrations WHERE migration_set = ?"
                                     " ORDER BY rowid", [store_sqlite.migrations.name])]
    return done, [m.name for m in store_sqlite.migrations._migrations]


#: every table of the store, parents before their children, each with the columns it is ordered by
#: (``referee db copy`` copies them in this order; a test holds both databases' schemas to it)
TABLES: list[tuple[str, str]] = [
    ("matches", "id"), ("events", "id"), ("browser_matches", "browser, match_id"),
    ("seat_keys", "match_id, seat"), ("checkpoints", "match_id"),
    ("club_events", "id"), ("club_event_tables", "event_id, round, table_no"), ("club_event_audit", "id"),
    ("clubs", "id"), ("club_players", "id"), ("club_matches", "match_id"), ("club_seats", "match_id, seat"),
    ("browser_clubs", "browser, club_id"), ("club_event_links", "event_id"),
    ("browser_events", "browser, event_id"), ("match_summaries", "match_id"),
]

#: columns that name a row of their own table, which may come later in the copy's order (a player
#: merged into one added after him): copied empty, then set once every row is in
LATER_COLUMNS = {"club_players": ("merged_into",)}


def tables_of(db: Db) -> dict[str, list[str]]:
    """The store's tables in ``db`` and their columns, in order (the migrations' own records left out)."""
    if _pg(db):
        names = [r[0] for r in db.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
            " AND table_type = 'BASE TABLE' AND table_name <> 'referee_migrations' ORDER BY table_name")]
    else:
        names = [r[0] for r in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            " AND name <> '_sqlite_migrations' ORDER BY name")]
    return {name: [d[0] for d in db.execute(f"SELECT * FROM {name} LIMIT 0").description or ()]
            for name in names}


@contextmanager
def snapshot(db: Db) -> Iterator[None]:
    """Reads that all see the database at one instant (a copy of a live database: the server
    goes on taking moves meanwhile)."""
    conn = db.conn
    if not isinstance(conn, sqlite3.Connection):
        with conn.transaction():
            db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            yield
        return
    if conn.in_transaction:
        conn.commit()
    conn.execute("BEGIN")  # WAL: one read transaction, one snapshot
    try:
        yield
    finally:
        conn.rollback()


def insert_rows(db: Db, table: str, columns: list[str], rows: Sequence[Sequence[Any]]) -> None:
    """Insert ``rows`` (tuples of ``columns``) as they are, ids included (within a transaction of
    the caller's: :func:`_write`)."""
    sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
    conn = db.conn
    if isinstance(conn, sqlite3.Connection):
        conn.executemany(sql, rows)
    elif _pg(db):
        db.executemany(sql, rows)  # psycopg's placeholders for the store's
    else:
        raise TypeError(f"not a handle on the store: {type(db).__name__}")


def ids_follow_rows(db: Db) -> None:
    """After rows were inserted with their ids: PostgreSQL's identity columns go on after the
    highest (SQLite's rowids do so by themselves)."""
    if not _pg(db):
        return
    for table, columns in tables_of(db).items():
        if "id" in columns:
            db.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                       f" (SELECT COALESCE(MAX(id), 0) + 1 FROM {table}), false)")


def errors() -> tuple[type[BaseException], ...]:
    """Every database error of the kinds in use (SQLite's always; PostgreSQL's once its driver is
    loaded, which only a ``postgresql://`` database does)."""
    import sqlite3

    pg = sys.modules.get("psycopg")
    return (sqlite3.Error, pg.Error) if pg is not None else (sqlite3.Error,)


def operational_errors() -> tuple[type[BaseException], ...]:
    """The errors that say the database could not answer just now (locked past the timeout, the
    server gone, no pooled connection free in time): a 503, never a 500."""
    import sqlite3

    pg = sys.modules.get("psycopg")
    return (sqlite3.OperationalError, pg.OperationalError) if pg is not None else (sqlite3.OperationalError,)


def integrity_errors() -> tuple[type[BaseException], ...]:
    import sqlite3

    pg = sys.modules.get("psycopg")
    return (sqlite3.IntegrityError, pg.IntegrityError) if pg is not None else (sqlite3.IntegrityError,)


def _pg(db: Db) -> TypeIs[PgDb]:
    """Whether ``db`` is a handle on PostgreSQL (only :class:`~referee.backends.postgres.PgDb`
    names that dialect; sqlite-utils' ``Database`` names none)."""
    return getattr(db, "dialect", "sqlite") == "postgresql"


def _query(db: Db, sql: str, params: Sequence[Any] = ()) -> Iterator[dict[str, Any]]:
    """The rows of a read, each a dict of its columns. On SQLite the one statement alone:
    sqlite-utils' ``query`` wraps each read in a savepoint of its own (``SAVEPOINT``, the read,
    ``RELEASE``: three statements, each of which lets go of the GIL and may wait for it again
    on a busy server)."""
    if _pg(db):
        return db.query(sql, params)
    cur = db.conn.execute(sql, params)
    keys: list[str] = []
    for d in cur.description or ():
        name, n = d[0], 1
        while name in keys:  # a name read twice gets a number, as sqlite-utils' query gives it
            n += 1
            name = f"{d[0]}_{n}"
        keys.append(name)
    return (dict(zip(keys, row)) for row in cur)


def key_hash(key: str) -> str:
    """What a match is looked up by: the SHA-256 of its key. The lookup's timing (an index
    walk that stops at the first differing byte) then tells a guesser nothing about the key
    itself; the key found is then compared in constant time (:func:`match_by_key`)."""
    import hashlib

    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


class StaleError(Exception):
    """The match changed since the page was drawn (another phone moved first)."""


def ping(db: Db) -> None:
    """A real read of the store (the events table's first row), raising when it does not answer."""
    list(db.execute("SELECT 1 FROM events LIMIT 1").fetchall())


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@contextmanager
def _write(db: Db) -> Iterator[None]:
    """One write transaction, taken before reading what it checks (on SQLite ``BEGIN
    IMMEDIATE``: the writers take turns; on PostgreSQL a transaction whose conflicting insert the
    unique indexes refuse). On SQLite the commit is synced to the disk once the turn is given
    back (:func:`_synced`)."""
    conn = db.conn
    if not isinstance(conn, sqlite3.Connection):
        with conn.transaction():
            yield
        return
    if conn.in_transaction:
        conn.commit()
    turn = getattr(db, "writer_turn", None)  # the writers of the file take turns (backends.sqlite)
    with turn if turn is not None else nullcontext():
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            conn.rollback()
            raise
        else:
            conn.commit()
    _synced(db)


def _synced(db: Db) -> None:
    """What was committed on SQLite, on the disk before the change is acknowledged: the log's
    sync, made outside the write lock (``backends.sqlite.WalSync``; a database whose commits
    sync themselves has none)."""
    sync = getattr(db, "wal_sync", None)
    if sync is not None:
        sync()


def _insert_alone(db: Db, rows: Sequence[tuple[Any, ...]], match_id: int, expected: int) -> list[int] | None:
    """On SQLite, the events ``rows`` appended by one statement in autocommit mode, which is its
    own transaction: they are inserted only if the match's log still has ``expected`` events
    (the statement counts it itself), all or none; their ids, or None when the count was not
    ``expected``. A unique index's refusal (the same tap, a ``seq`` taken meanwhile) raises as
    it would in :func:`_write`.

    SQLite takes its write lock and lets go of it inside the statement's one step, during which
    Python's GIL is let go: no Python runs, and no thread waits for the GIL, while the lock is
    held (in a transaction of several statements each one takes the GIL back with the lock held,
    and under load each can wait for another thread's switch interval, 5 ms). So it needs no
    writers' turn: the lock is held for the insert's own few microseconds, and a writer that
    finds it taken is let in by SQLite's busy handler (its first look again after 1 ms). The
    commit is then synced (:func:`_synced`)."""
    conn = db.conn
    assert isinstance(conn, sqlite3.Connection)
    if conn.in_transaction:
        conn.commit()
    if len(rows) == 1:
        sql = "INSERT INTO events (match_id, seq, kind, data, at, op) SELECT ?, ?, ?, ?, ?, ?"
    else:
        sql = ("INSERT INTO events (match_id, seq, kind, data, at, op) SELECT * FROM (VALUES "
               + ", ".join(["(?, ?, ?, ?, ?, ?)"] * len(rows)) + ")")
    sql += " WHERE (SELECT COALESCE(MAX(seq), 0) FROM events WHERE match_id = ?) = ?"
    level = conn.isolation_level
    conn.isolation_level = None  # no implicit BEGIN: the statement is the transaction
    try:
        cur = conn.execute(sql, [value for row in rows for value in row] + [match_id, expected])
    finally:
        conn.isolation_level = level
    if cur.rowcount != len(rows):
        return None
    _synced(db)
    if len(rows) == 1 and cur.lastrowid is not None:
        return [cur.lastrowid]
    return [int(r[0]) for r in conn.execute(
        "SELECT id FROM events WHERE match_id = ? AND seq > ? ORDER BY seq LIMIT ?",
        [match_id, expected, len(rows)])]


def _match_row(row: dict[str, Any]) -> MatchRow:
    """A row of ``matches`` (with the columns a list adds: ``n``, ``last``, ``mine``, ``rated``)
    as :class:`MatchRow`."""
    out = MatchRow(
        id=row["id"], edit_key=row["edit_key"], view_key=row["view_key"], variant=row["variant"],
        options=json.loads(row["options"]), players=json.loads(row["players"]), created=row["created"],
        lang=row.get("lang"), settings=json.loads(row.get("settings") or "{}"),
        archived=bool(row.get("archived")), edit_hash=row.get("edit_hash"), view_hash=row.get("view_hash"))
    if "n" in row:
        out["n"] = row["n"]
    if "last" in row:
        out["last"] = row["last"]
    if "mine" in row:
        out["mine"] = bool(row["mine"])
    if "rated" in row:
        out["rated"] = bool(row["rated"])
    return out


_Row = TypeVar("_Row")


def _stored(row: _Row | None) -> _Row:
    """A row just written, read back (the transaction that wrote it has committed)."""
    if row is None:
        raise LookupError("a row just written cannot be read back")
    return row


#: a change of an imported log: ``(kind, data)``, or ``(kind, data, at)`` with its time
LoggedChange = tuple[str, dict[str, Any]] | tuple[str, dict[str, Any], str]


def create_match(db: Db, variant: str, options: dict[str, Any], players: list[str],
                 events: Sequence[LoggedChange] = (), lang: str | None = None,
                 settings: dict[str, Any] | None = None, created: str | None = None) -> MatchRow:
    """Store a new match (and, for an import, its events) in one transaction. An event is
    ``(kind, data)`` or ``(kind, data, at)`` (an imported log keeps its times)."""
    from referee.matches.events import KINDS

    if any(e[0] not in KINDS for e in events):
        raise ValueError("not a kind of change")  # the import checks every change before
    if any(not isinstance(e[1], dict) for e in events):
        raise ValueError("a change's data is not an object")  # as :func:`events` reads it back
    now = _now()
    edit_key, view_key = secrets.token_urlsafe(18), secrets.token_urlsafe(9)
    with _write(db):
        cur = db.execute(
            "INSERT INTO matches (edit_key, view_key, variant, options, players, created, lang,"
            " settings, edit_hash, view_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (edit_key, view_key, variant,
             json.dumps(options, ensure_ascii=False), json.dumps(players, ensure_ascii=False),
             created or now, lang if lang in ("ru", "en") else None,
             json.dumps(settings or {}, ensure_ascii=False), key_hash(edit_key), key_hash(view_key)),
        )
        match_id = int(cur.fetchone()[0])
        for seq, (kind, data, *at) in enumerate(events, start=1):
            db.execute(
                "INSERT INTO events (match_id, seq, kind, data, at) VALUES (?, ?, ?, ?, ?)",
                (match_id, seq, kind, json.dumps(data, ensure_ascii=False), at[0] if at else now),
            )
    return _stored(get_match(db, match_id))


def get_match(db: Db, match_id: int) -> MatchRow | None:
    rows = list(_query(db, "SELECT * FROM matches WHERE id = ?", [match_id]))
    return _match_row(rows[0]) if rows else None


def match_by_key(db: Db, key: str, column: Literal["edit_key", "view_key"]) -> MatchRow | None:
    """The match whose edit or view key is ``key``: found by the key's hash, then the key
    compared in constant time (``hmac.compare_digest``)."""
    import hmac

    assert column in ("edit_key", "view_key")
    if not isinstance(key, str) or not key or len(key) > 64:
        return None
    hashed = "edit_hash" if column == "edit_key" else "view_hash"
    rows = list(_query(db, f"SELECT * FROM matches WHERE {hashed} = ?", [key_hash(key)]))
    if not rows or not hmac.compare_digest(rows[0][column].encode(), key.encode("utf-8", "surrogatepass")):
        return None
    return _match_row(rows[0])


def remember(db: Db, browser: str, match_id: int, edit: bool) -> None:
    """Put a match in a browser's list (``edit``: it came by the edit link; a view never takes
    that away). Written only when it changes anything: opening a page is mostly a read."""
    row = db.execute("SELECT edit FROM browser_matches WHERE browser = ? AND match_id = ?",
                     [browser, match_id]).fetchone()
    if row is not None and row[0] >= int(edit):
        return
    with _write(db):
        db.execute(
            "INSERT INTO browser_matches (browser, match_id, edit, at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (browser, match_id) DO UPDATE SET edit = CASE"
            " WHEN excluded.edit > browser_matches.edit THEN excluded.edit ELSE browser_matches.edit END",
            (browser, match_id, int(edit), _now()))


def browser_matches(db: Db, browser: str, limit: int = 60) -> list[MatchRow]:
    """The matches of one browser's list, newest change first, each with ``mine`` (it came by
    the edit link), its event count and last change."""
    rows = _query(db,
        "SELECT m.*, b.edit AS mine, COUNT(e.id) AS n, MAX(e.at) AS last"
        " FROM browser_matches b JOIN matches m ON m.id = b.match_id"
        " LEFT JOIN events e ON e.match_id = m.id WHERE b.browser = ?"
        " GROUP BY m.id, b.edit ORDER BY COALESCE(MAX(e.at), m.created) DESC, m.id DESC LIMIT ?",
        [browser, limit])
    return [_match_row(r) for r in rows]


def list_matches(db: Db) -> list[MatchRow]:
    """All matches, newest first, with their event counts and last change."""
    rows = _query(db,
        "SELECT m.*, COUNT(e.id) AS n, MAX(e.at) AS last"
        " FROM matches m LEFT JOIN events e ON e.match_id = m.id"
        " GROUP BY m.id ORDER BY COALESCE(MAX(e.at), m.created) DESC, m.id DESC"
    )
    return [_match_row(r) for r in rows]


def events(db: Db, match_id: int, after: int = 0) -> list[Event]:
    """The match's event log in order (those with ``seq`` greater than ``after``): each event
    (the log's :data:`~referee.matches.fold.Event`, as an imported log's are) with its ``seq``,
    ``kind``, ``data`` (an object), ``at`` and ``id``."""
    return [{"seq": seq, "kind": _intern(kind), "data": _data(data), "at": _intern(at), "id": id_}
            for id_, seq, kind, data, at in db.execute(
                "SELECT id, seq, kind, data, at FROM events WHERE match_id = ? AND seq > ? ORDER BY seq",
                [match_id, after])]


def _data(text: str) -> dict[str, Any]:
    """An event's data, its keys and short texts shared with every other event's (a worker keeps
    the logs of the matches it serves: a move's player and token repeat all through them). Every
    kind's data is an object (the registry refuses any other on write and on import)."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError(f"an event's data is not an object: {text[:40]!r}")
    return {_intern(k): (_intern(v) if isinstance(v, str) and len(v) <= 40 else v) for k, v in data.items()}


_intern = sys.intern


def log_digest(db: Db, match_id: int, upto: int) -> str | None:
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


def checkpoint(db: Db, match_id: int) -> Checkpoint | None:
    """The match's checkpoint as stored (``count``, ``digest``, ``data`` as text), or None."""
    row = db.execute("SELECT count, digest, data FROM checkpoints WHERE match_id = ?",
                     [match_id]).fetchone()
    return Checkpoint(count=row[0], digest=row[1], data=row[2]) if row is not None else None


def put_checkpoint(db: Db, match_id: int, count: int, digest: str, data: str) -> None:
    """Keep (or replace) the match's checkpoint; one row per match."""
    with _write(db):
        db.execute(
            "INSERT INTO checkpoints (match_id, count, digest, data, at) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (match_id) DO UPDATE SET count = excluded.count, digest = excluded.digest,"
            " data = excluded.data, at = excluded.at",
            (match_id, count, digest, data, _now()))


def put_summary(db: Db, match_id: int, count: int, data: str, new: bool = True) -> None:
    """Keep (or replace) what the event's screens read of the match, as of ``count`` events
    (``referee.matches.summary``); a later one is never replaced by an earlier. ``new=False``:
    only replace one kept already (a match no screen reads has none)."""
    with _write(db):
        _keep_summary(db, match_id, count, data, new)


def _keep_summary(db: Db, match_id: int, count: int, data: str, new: bool) -> None:
    """:func:`put_summary`'s statement, in the transaction under way."""
    if new:
        db.execute(
            "INSERT INTO match_summaries (match_id, count, data) VALUES (?, ?, ?)"
            " ON CONFLICT (match_id) DO UPDATE SET count = excluded.count, data = excluded.data"
            " WHERE match_summaries.count <= excluded.count",
            (match_id, count, data))
    else:
        db.execute("UPDATE match_summaries SET count = ?, data = ? WHERE match_id = ? AND count <= ?",
                   (count, data, match_id, count))


def event_summaries(db: Db, event_id: int) -> dict[int, tuple[int, int | None, str | None]]:
    """Each table's match of an event with its log's count and its summary as stored, in one
    query: {match id: (the log's count, the summary's count, its data)} (None, None: no summary)."""
    return {int(r[0]): (int(r[1] or 0), r[2], r[3]) for r in db.execute(
        "SELECT t.match_id, (SELECT MAX(e.seq) FROM events e WHERE e.match_id = t.match_id), s.count, s.data"
        " FROM club_event_tables t LEFT JOIN match_summaries s ON s.match_id = t.match_id"
        " WHERE t.event_id = ?", [event_id])}


def event_count(db: Db, match_id: int) -> int:
    """How many events the match's log has: its last ``seq`` (every write numbers its events on
    from the count, 1, 2, …, under the unique index on (match, seq)), read from that index's last
    entry; ``COUNT(*)`` walked the match's whole log, inside the write lock of every change."""
    return int(db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE match_id = ?",
                          [match_id]).fetchone()[0])


def view_count(db: Db, view_key: str) -> int | None:
    """How many events the match of a read-only key has (``None``: no such match), in one
    query: the match found by the key's hash and the key compared in constant time, as
    :func:`match_by_key` does."""
    import hmac

    if not isinstance(view_key, str) or not view_key or len(view_key) > 64:
        return None
    # the log's last seq is its count (every write numbers its events on from the count, 1, 2, …,
    # under the unique index on (match, seq)): read from that index's last entry, where COUNT(*)
    # walked the match's whole log (0.045 ms at hand 30 of a poll's 0.054)
    row = db.execute("SELECT m.view_key, (SELECT COALESCE(MAX(e.seq), 0) FROM events e WHERE e.match_id = m.id)"
                     " FROM matches m WHERE m.view_hash = ?", [key_hash(view_key)]).fetchone()
    if row is None or not hmac.compare_digest(row[0].encode(), view_key.encode("utf-8", "surrogatepass")):
        return None
    return int(row[1])


class DuplicateError(Exception):
    """The tap with this ``op`` key was recorded already (it was sent twice)."""


def has_op(db: Db, match_id: int, op: str | None) -> bool:
    """Whether an event made by the tap ``op`` is in the log."""
    if not op:
        return False
    return db.execute("SELECT 1 FROM events WHERE match_id = ? AND op = ?", [match_id, op]).fetchone() \
        is not None


class LimitError(Exception):
    """The match holds as many changes as one match may (``limits.MAX_EVENTS``)."""


#: a check of a change against the log as it stands (:func:`append`): raises to refuse it
LogCheck = Callable[[list[Event]], object]


def append_event(db: Db, match_id: int, expected: int, kind: str, data: dict[str, Any],
                 check: LogCheck | None = None, op: str | None = None) -> int:
    """Append one event if the log still has ``expected`` events; returns the new count.

    ``check(events)`` runs on the log as it stands and may raise to refuse the change
    (nothing is written then). It runs before the write lock is taken: the log is
    append-only, so a log that still has ``expected`` events when the lock is held is the
    very log that was checked. The lock is thus held for one insert that counts the log
    itself (:func:`append_all`), never for a replay (a replay under the lock made other tables wait: "database is locked").
    ``op`` is the tap's own key: a second event with the same key is refused with
    :class:`DuplicateError` (asked first: a tap sent twice is not a stale one).
    """
    return int(append(db, match_id, expected, kind, data, check, op)["seq"])


def append(db: Db, match_id: int, expected: int, kind: str, data: dict[str, Any],
           check: LogCheck | None = None, op: str | None = None) -> Event:
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


def append_all(db: Db, match_id: int, expected: int, changes: Sequence[tuple[str, dict[str, Any]]],
               op: str | None = None, summary: Callable[[list[Event]], str | None] | None = None) -> list[Event]:
    """Append several events in one transaction, all or none, if the log still has ``expected``
    events (a hand's start and the opening move the rules leave no choice about); the events as
    stored, as :func:`append` gives one. ``op``, the tap's key, goes with the first: the tap that
    made them all.

    ``summary(stored)``: the match's summary (``referee.matches.summary``) as of the log with the
    events ``stored`` (given without their ``id``), or None; it replaces the one kept already
    (never makes one: a match no event's screen reads has none) in the same transaction, so one
    commit serves both and a summary is never behind a change stored. It is asked for only when
    the match has a summary kept.

    Everything the transaction writes is made before it takes the write lock (on SQLite the
    writers of the file take turns: every Python step inside is a wait for all of them): the
    events' ``seq`` are ``expected`` + 1, 2, … (the transaction stores them only if the log
    still has ``expected`` events), their time is taken now, their JSON text and the summary's
    are made from those. Inside: the first insert, which is also the check of the log's count,
    the others, the summary's update, the commit. On SQLite, with no summary to update, the
    events are one statement that is its own transaction (:func:`_insert_alone`)."""
    from referee import limits
    from referee.matches.events import KINDS

    if not changes:
        return []
    unknown = [kind for kind, _data in changes if kind not in KINDS]
    if unknown:  # no write path may log a kind the registry (and so the import) does not know
        raise ValueError(f"not a kind of change: {unknown[0]!r}")
    if any(not isinstance(data, dict) for _kind, data in changes):  # as :func:`events` reads it back
        raise ValueError("a change's data is not an object")
    if expected + len(changes) > limits.MAX_EVENTS:
        raise LimitError(expected)
    # A summary created by a screen after this look (none kept now, none written below) is as
    # of the log the screen read: if that log had these events, it is their summary; if not,
    # its count is behind the log once these are stored, and ``summary.valid`` (the stored
    # count against the log's) takes it for nothing: that screen's next load reads the match
    # again. A summary is never left stale-but-valid.
    duplicate, summary_kept = _op_and_summary(db, match_id, op, summary is not None)
    if duplicate:
        raise DuplicateError(op)
    at = _now()
    rows: list[tuple[Any, ...]] = []
    stored: list[Event] = []
    for i, (kind, data) in enumerate(changes):
        text = json.dumps(data, ensure_ascii=False)
        seq = expected + 1 + i
        rows.append((match_id, seq, kind, text, at, (op or None) if i == 0 else None))
        # the data as it reads back from the log (a JSON round trip), as ``events`` gives it
        stored.append({"seq": seq, "kind": kind, "data": json.loads(text), "at": at})
    kept = summary(stored) if summary is not None and summary_kept else None
    if kept is None and isinstance(db.conn, sqlite3.Connection):
        with _moved_first(db, match_id, op):
            ids = _insert_alone(db, rows, match_id, expected)
        if ids is None:
            n, duplicate = _count_and_op(db, match_id, op)
            raise DuplicateError(op) if duplicate else StaleError(n)
        for event, id_ in zip(stored, ids):
            event["id"] = id_
        return stored
    with _moved_first(db, match_id, op), _write(db):
        # the first event is inserted only if the log still has ``expected`` events (the same
        # tap's ``op`` in the log already: its unique index refuses it, see :func:`_moved_first`);
        # the others follow it, under the unique index on (match, seq). Each statement here lets
        # go of the GIL and may wait for it again while the writers wait for this one.
        got = db.execute(
            "INSERT INTO events (match_id, seq, kind, data, at, op) SELECT ?, ?, ?, ?, ?, ?"
            " WHERE (SELECT COALESCE(MAX(seq), 0) FROM events WHERE match_id = ?) = ? RETURNING id",
            (*rows[0], match_id, expected)).fetchone()
        if got is None:
            n, duplicate = _count_and_op(db, match_id, op)
            raise DuplicateError(op) if duplicate else StaleError(n)
        stored[0]["id"] = got[0]
        for row, event in zip(rows[1:], stored[1:]):
            event["id"] = db.execute(
                "INSERT INTO events (match_id, seq, kind, data, at, op) VALUES (?, ?, ?, ?, ?, ?)"
                " RETURNING id", row).fetchone()[0]
        if kept is not None:
            _keep_summary(db, match_id, expected + len(changes), kept, new=False)
    return stored


def _op_and_summary(db: Db, match_id: int, op: str | None, summary: bool) -> tuple[bool, bool]:
    """Whether the tap ``op`` is in the match's log, and (when ``summary`` is asked) whether the
    match has a summary kept: one statement, before a write's transaction."""
    if not summary:
        return has_op(db, match_id, op), False
    row = db.execute("SELECT EXISTS (SELECT 1 FROM events WHERE match_id = ? AND op = ?),"
                     " EXISTS (SELECT 1 FROM match_summaries WHERE match_id = ?)",
                     [match_id, op or None, match_id]).fetchone()
    return bool(row[0]), bool(row[1])


def _count_and_op(db: Db, match_id: int, op: str | None) -> tuple[int, bool]:
    """The match's count (:func:`event_count`) and whether the tap ``op`` is in its log
    (:func:`has_op`), in one statement: what a write's transaction checks before it appends."""
    if not op:
        return event_count(db, match_id), False
    row = db.execute("SELECT (SELECT COALESCE(MAX(seq), 0) FROM events WHERE match_id = ?),"
                     " EXISTS (SELECT 1 FROM events WHERE match_id = ? AND op = ?)",
                     [match_id, match_id, op]).fetchone()
    return int(row[0]), bool(row[1])


@contextmanager
def _moved_first(db: Db, match_id: int, op: str | None = None) -> Iterator[None]:
    """A write refused by a unique index (the same ``seq`` of the match, or the same tap's
    ``op``, written meanwhile by another transaction: on PostgreSQL two may count the log at
    once) is the stale or the repeated change it is, never an error: the transaction was rolled
    back, nothing of it is stored."""
    try:
        yield
    except integrity_errors() as err:
        if not _unique_violation(err):
            raise  # another constraint (a trigger, a check): a failure, not another phone's move
        if has_op(db, match_id, op):
            raise DuplicateError(op) from None
        raise StaleError(event_count(db, match_id)) from None


def _unique_violation(err: BaseException) -> bool:
    """Whether an integrity error is a unique index's refusal (SQLite names it in its message,
    PostgreSQL by its class, SQLSTATE 23505)."""
    if getattr(err, "sqlstate", None) == "23505":
        return True
    return str(err).startswith("UNIQUE constraint failed")


def rename_player(db: Db, match_id: int, expected: int, seat: int, new: str,
                  via: str = "edit") -> int:
    """Rename the player in ``seat``: the match's players and one ``rename`` event (the log keeps
    who he was), in one transaction; refused like any change when another phone moved first."""
    from referee import limits

    if expected >= limits.MAX_EVENTS:
        raise LimitError(expected)
    with _moved_first(db, match_id), _write(db):
        n = event_count(db, match_id)
        if n != expected:
            raise StaleError(n)
        players = json.loads(db.execute("SELECT players FROM matches WHERE id = ?",
                                        [match_id]).fetchone()[0])
        old = players[seat]
        players[seat] = new
        db.execute("UPDATE matches SET players = ? WHERE id = ?",
                   (json.dumps(players, ensure_ascii=False), match_id))
        db.execute(
            "INSERT INTO events (match_id, seq, kind, data, at) VALUES (?, ?, ?, ?, ?)",
            (match_id, n + 1, "rename",
             json.dumps({"seat": seat, "from": old, "to": new, "via": via}, ensure_ascii=False),
             _now()),
        )
    return n + 1


def set_settings(db: Db, match_id: int, settings: dict[str, Any]) -> None:
    """The match's own house settings (not rules: the replay never reads them)."""
    with _write(db):
        db.execute("UPDATE matches SET settings = ? WHERE id = ?",
                   (json.dumps(settings, ensure_ascii=False), match_id))


def set_archived(db: Db, match_id: int, archived: bool) -> None:
    """Hide a match from the list, or bring it back (nothing is deleted)."""
    with _write(db):
        db.execute("UPDATE matches SET archived = ? WHERE id = ?", (1 if archived else 0, match_id))


def seat_keys(db: Db, match_id: int, seats: int) -> list[str]:
    """Each seat's key (0 .. ``seats`` - 1), made the first time it is asked for: as unguessable
    as the edit key, never derived from it."""
    have = {r["seat"]: r["key"] for r in _query(db,
        "SELECT seat, key FROM seat_keys WHERE match_id = ?", [match_id])}
    missing = [s for s in range(seats) if s not in have]
    if missing:
        with _write(db):
            for s in missing:
                key = secrets.token_urlsafe(18)
                db.execute("INSERT INTO seat_keys (match_id, seat, key, key_hash, created)"
                           " VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING", (match_id, s, key, key_hash(key), _now()))
        have = {r["seat"]: r["key"] for r in _query(db,
            "SELECT seat, key FROM seat_keys WHERE match_id = ?", [match_id])}
    return [have[s] for s in range(seats)]


def seat_by_key(db: Db, key: str) -> tuple[MatchRow, int] | None:
    """The match and the seat whose seat key is ``key`` (found by its hash, then compared in
    constant time), or None."""
    import hmac

    if not isinstance(key, str) or not key or len(key) > 64:
        return None
    rows = list(_query(db, "SELECT match_id, seat, key FROM seat_keys WHERE key_hash = ?", [key_hash(key)]))
    if not rows or not hmac.compare_digest(rows[0]["key"].encode(), key.encode("utf-8", "surrogatepass")):
        return None
    m = get_match(db, rows[0]["match_id"])
    return (m, rows[0]["seat"]) if m is not None else None


# -- club nights and tournaments -------------------------------------------------------------


def _event_row(row: dict[str, Any]) -> EventRecord:
    return EventRecord(
        id=row["id"], director_key=row["director_key"], director_hash=row["director_hash"],
        view_key=row["view_key"], view_hash=row["view_hash"], record=json.loads(row["record"]),
        state=json.loads(row["state"]), version=row["version"], created=row["created"], updated=row["updated"])


def create_event(db: Db, record: dict[str, Any], state: dict[str, Any]) -> EventRecord:
    """Store a new event (its record and the app's state beside it) with a new director's key
    and a new public key; returns it as :func:`get_event` does."""
    director_key, view_key = secrets.token_urlsafe(18), secrets.token_urlsafe(9)
    now = _now()
    with _write(db):
        cur = db.execute(
            "INSERT INTO club_events (director_key, director_hash, view_key, view_hash, record, state,"
            " version, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (director_key, key_hash(director_key), view_key, key_hash(view_key),
             json.dumps(record, ensure_ascii=False), json.dumps(state, ensure_ascii=False), 1, now, now))
        event_id = int(cur.fetchone()[0])
    return _stored(get_event(db, event_id))


def get_event(db: Db, event_id: int) -> EventRecord | None:
    rows = list(_query(db, "SELECT * FROM club_events WHERE id = ?", [event_id]))
    return _event_row(rows[0]) if rows else None


def event_by_key(db: Db, key: str, column: Literal["director_key", "view_key"]) -> EventRecord | None:
    """The event whose director's key (``director_key``) or public key (``view_key``) is ``key``:
    found by the key's hash, the key then compared in constant time."""
    import hmac

    assert column in ("director_key", "view_key")
    if not isinstance(key, str) or not key or len(key) > 64:
        return None
    hashed = "director_hash" if column == "director_key" else "view_hash"
    rows = list(_query(db, f"SELECT * FROM club_events WHERE {hashed} = ?", [key_hash(key)]))
    if not rows or not hmac.compare_digest(rows[0][column].encode(), key.encode("utf-8", "surrogatepass")):
        return None
    return _event_row(rows[0])


def update_event(db: Db, event_id: int, version: int, record: dict[str, Any], state: dict[str, Any],
                 audit: Sequence[tuple[str, dict[str, Any]]] = ()) -> int:
    """Replace the event's record and state if it is still at ``version`` (else
    :class:`StaleError`: another phone changed it first, nothing is written), with the audit's
    entries, in one transaction; returns the new version."""
    with _write(db):
        cur = db.execute(
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
                db.execute(
                    "INSERT INTO club_event_audit (event_id, seq, kind, data, at) VALUES (?, ?, ?, ?, ?)",
                    (event_id, n + i, kind, json.dumps(data, ensure_ascii=False), at))
    return version + 1


def event_audit(db: Db, event_id: int) -> list[AuditEntry]:
    """The director's changes, oldest first."""
    return [AuditEntry(seq=r["seq"], kind=r["kind"], data=json.loads(r["data"]), at=r["at"])
            for r in _query(db, "SELECT seq, kind, data, at FROM club_event_audit WHERE event_id = ?"
                              " ORDER BY seq", [event_id])]


def event_tables(db: Db, event_id: int) -> dict[tuple[int, int], int]:
    """The match of each table: {(round, table): match id}."""
    return {(r["round"], r["table_no"]): r["match_id"] for r in _query(db,
        "SELECT round, table_no, match_id FROM club_event_tables WHERE event_id = ?", [event_id])}


def event_matches(db: Db, event_id: int) -> dict[tuple[int, int], MatchRow]:
    """The match of each table, read in one query: {(round, table): match}."""
    return {(r["round"], r["table_no"]): _match_row(r)
            for r in _query(db, "SELECT t.round AS round, t.table_no AS table_no, m.* FROM club_event_tables t"
                              " JOIN matches m ON m.id = t.match_id WHERE t.event_id = ?", [event_id])}


def remember_event(db: Db, browser: str, event_id: int) -> None:
    """Put an event in a browser's list (it was made or opened there by the director's link).
    Written only the first time: opening the director's page is mostly a read."""
    if db.execute("SELECT 1 FROM browser_events WHERE browser = ? AND event_id = ?",
                  [browser, event_id]).fetchone() is not None:
        return
    with _write(db):
        db.execute("INSERT INTO browser_events (browser, event_id, at) VALUES (?, ?, ?)"
                   " ON CONFLICT (browser, event_id) DO NOTHING", (browser, event_id, _now()))


def browser_events(db: Db, browser: str, limit: int = 60) -> list[EventRecord]:
    """The events of one browser's list, the last changed first, each as :func:`get_event` gives it."""
    rows = _query(db, "SELECT e.* FROM browser_events b JOIN club_events e ON e.id = b.event_id"
                    " WHERE b.browser = ? ORDER BY e.updated DESC, e.id DESC LIMIT ?", [browser, limit])
    return [_event_row(r) for r in rows]


class EventTable(TypedDict):
    """The table of an event that plays a match (:func:`event_table_of`)."""

    name: str
    round: int
    table: int
    view_key: str


#: the events' names by (id, version): a table's page names its event without reading the record
_EVENT_NAMES: dict[tuple[int, int], str] = {}


def event_table_of(db: Db, match_id: int) -> EventTable | None:
    """The event, round and table whose match ``match_id`` is; None for a match of no event.
    One indexed read (the event's record is read only when its version is new to this worker)."""
    row = db.execute("SELECT t.round, t.table_no, e.id, e.version, e.view_key FROM club_event_tables t"
                     " JOIN club_events e ON e.id = t.event_id WHERE t.match_id = ?", [match_id]).fetchone()
    if row is None:
        return None
    number, table, event_id, version, view_key = row
    name = _EVENT_NAMES.get((event_id, version))
    if name is None:
        ev = get_event(db, event_id)
        name = str(ev["record"].get("name") or "") if ev is not None else ""
        if len(_EVENT_NAMES) > 512:
            _EVENT_NAMES.clear()
        _EVENT_NAMES[(event_id, version)] = name
    return EventTable(name=name, round=int(number), table=int(table), view_key=str(view_key))


def link_table(db: Db, event_id: int, number: int, table: int, match_id: int) -> int:
    """Give the table its match unless it has one already; the table's match (the one given
    first: a second phone that made another loses)."""
    with _write(db):
        db.execute(
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

    def __init__(self, rule: str, **params: Any):
        super().__init__(rule)
        self.rule = rule
        self.params = params


def _name_key(name: str) -> str:
    from referee import limits

    return limits.name_key(name)


def _club_row(row: dict[str, Any]) -> ClubRow:
    return ClubRow(id=row["id"], name=row["name"], director_key=row["director_key"],
                   director_hash=row["director_hash"], view_key=row["view_key"], view_hash=row["view_hash"],
                   created=row["created"])


def _player_row(row: dict[str, Any]) -> ClubPlayer:
    return ClubPlayer(id=row["id"], club_id=row["club_id"], name=row["name"], name_key=row["name_key"],
                      retired=bool(row["retired"]), merged_into=row["merged_into"], created=row["created"])


def create_club(db: Db, name: str) -> ClubRow:
    """A new club with its director's key and its read-only key (as unguessable as a match's)."""
    director_key, view_key = secrets.token_urlsafe(18), secrets.token_urlsafe(12)
    with _write(db):
        cur = db.execute(
            "INSERT INTO clubs (name, director_key, director_hash, view_key, view_hash, created)"
            " VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
            (name, director_key, key_hash(director_key), view_key, key_hash(view_key), _now()))
        club_id = int(cur.fetchone()[0])
    return _stored(get_club(db, club_id))


def get_club(db: Db, club_id: int) -> ClubRow | None:
    rows = list(_query(db, "SELECT * FROM clubs WHERE id = ?", [club_id]))
    return _club_row(rows[0]) if rows else None


def club_by_key(db: Db, key: str) -> tuple[ClubRow, bool] | None:
    """(the club, True) for its director's key, (the club, False) for its read-only key, or
    None; found by the key's hash, the key then compared in constant time."""
    import hmac

    if not isinstance(key, str) or not key or len(key) > 64:
        return None
    hashed = key_hash(key)
    for column, director in (("director", True), ("view", False)):
        rows = list(_query(db, f"SELECT * FROM clubs WHERE {column}_hash = ?", [hashed]))
        if rows and hmac.compare_digest(rows[0][f"{column}_key"].encode(), key.encode("utf-8", "surrogatepass")):
            return _club_row(rows[0]), director
    return None


def rename_club(db: Db, club_id: int, name: str) -> None:
    with _write(db):
        db.execute("UPDATE clubs SET name = ? WHERE id = ?", (name, club_id))


def remember_club(db: Db, browser: str, club_id: int, director: bool) -> None:
    """Put a club in a browser's list (``director``: it came by the director's link; a visit by
    the read-only link never takes that away). Written only when it changes anything."""
    row = db.execute("SELECT director FROM browser_clubs WHERE browser = ? AND club_id = ?",
                     [browser, club_id]).fetchone()
    if row is not None and row[0] >= int(director):
        return
    with _write(db):
        db.execute(
            "INSERT INTO browser_clubs (browser, club_id, director, at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (browser, club_id) DO UPDATE SET director = CASE WHEN excluded.director >"
            " browser_clubs.director THEN excluded.director ELSE browser_clubs.director END",
            (browser, club_id, int(director), _now()))


def browser_clubs(db: Db, browser: str) -> list[ClubRow]:
    """The clubs of one browser's list, each with ``director`` (it came by the director's link)."""
    rows = _query(db, "SELECT c.*, b.director AS director FROM browser_clubs b JOIN clubs c ON c.id = b.club_id"
                    " WHERE b.browser = ? ORDER BY c.name, c.id", [browser])
    out = []
    for r in rows:
        club = _club_row(r)
        club["director"] = bool(r["director"])
        out.append(club)
    return out


def club_players(db: Db, club_id: int, merged: bool = False) -> list[ClubPlayer]:
    """The club's players in the order they were added (``merged``: those merged into another too)."""
    where = "" if merged else " AND merged_into IS NULL"
    rows = _query(db, f"SELECT * FROM club_players WHERE club_id = ?{where} ORDER BY id", [club_id])
    return [_player_row(r) for r in rows]


def club_player(db: Db, club_id: int, player_id: int) -> ClubPlayer | None:
    rows = list(_query(db, "SELECT * FROM club_players WHERE club_id = ? AND id = ?", [club_id, player_id]))
    return _player_row(rows[0]) if rows else None


def _taken(db: Db, club_id: int, name: str, but: int | None = None) -> ClubPlayer | None:
    """The club's player (not merged) whose name equals ``name`` but for case and width."""
    rows = list(_query(db, "SELECT * FROM club_players WHERE club_id = ? AND name_key = ? AND merged_into IS NULL",
                         [club_id, _name_key(name)]))
    rows = [r for r in rows if r["id"] != but]
    return _player_row(rows[0]) if rows else None


def _insert_player(db: Db, club_id: int, name: str) -> int:
    if _taken(db, club_id, name) is not None:
        raise ClubError("club.name_taken", name=name)
    cur = db.execute("INSERT INTO club_players (club_id, name, name_key, retired, created)"
                     " VALUES (?, ?, ?, 0, ?) RETURNING id", (club_id, name, _name_key(name), _now()))
    return int(cur.fetchone()[0])


def add_club_player(db: Db, club_id: int, name: str) -> ClubPlayer:
    """Add a player to the roster; refused (``club.name_taken``) when the name is there already."""
    with _write(db):
        player_id = _insert_player(db, club_id, name)
    return _stored(club_player(db, club_id, player_id))


def _own_player(db: Db, club_id: int, player_id: int) -> ClubPlayer:
    p = club_player(db, club_id, player_id)
    if p is None or p["merged_into"] is not None:
        raise ClubError("club.no_player")
    return p


def rename_club_player(db: Db, club_id: int, player_id: int, name: str) -> None:
    """The player's name on the roster (the matches keep the names they were played under)."""
    with _write(db):
        _own_player(db, club_id, player_id)
        if _taken(db, club_id, name, but=player_id) is not None:
            raise ClubError("club.name_taken", name=name)
        db.execute("UPDATE club_players SET name = ?, name_key = ? WHERE id = ?",
                        (name, _name_key(name), player_id))


def retire_club_player(db: Db, club_id: int, player_id: int, retired: bool) -> None:
    """Retire a player (his matches and rating stay; he is no longer offered), or bring him back."""
    with _write(db):
        _own_player(db, club_id, player_id)
        db.execute("UPDATE club_players SET retired = ? WHERE id = ?", (1 if retired else 0, player_id))


def merge_club_players(db: Db, club_id: int, keep: int, gone: int) -> None:
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
        db.execute("UPDATE club_seats SET player_id = ? WHERE player_id = ?", (keep, gone))
        db.execute("UPDATE club_players SET merged_into = ? WHERE id = ?", (keep, gone))
        db.execute("UPDATE club_players SET merged_into = ? WHERE merged_into = ?", (keep, gone))


def match_club(db: Db, match_id: int) -> int | None:
    """The club whose match this is, or None."""
    row = db.execute("SELECT club_id FROM club_matches WHERE match_id = ?", [match_id]).fetchone()
    return int(row[0]) if row is not None else None


def link_match(db: Db, club_id: int, match_id: int, seats: Sequence[int | str], rated: bool = True) -> list[int]:
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
            db.execute("INSERT INTO club_matches (match_id, club_id, rated, added) VALUES (?, ?, ?, ?)",
                            (match_id, club_id, 1 if rated else 0, _now()))
        db.execute("DELETE FROM club_seats WHERE match_id = ?", (match_id,))
        for seat, player_id in enumerate(ids):
            db.execute("INSERT INTO club_seats (match_id, seat, player_id) VALUES (?, ?, ?)",
                            (match_id, seat, player_id))
    return ids


def set_club_rated(db: Db, club_id: int, match_id: int, rated: bool) -> None:
    """Whether the club's match moves its players' ratings."""
    with _write(db):
        db.execute("UPDATE club_matches SET rated = ? WHERE match_id = ? AND club_id = ?",
                        (1 if rated else 0, match_id, club_id))


def club_matches(db: Db, club_id: int) -> list[MatchRow]:
    """The club's matches, oldest first (the order the ratings take them in), each as the
    match lists give it (its event count ``n`` and last change ``last``) with ``rated`` and
    ``seat_players`` (the club player's id in each seat)."""
    rows = _query(db,
        "SELECT m.*, c.rated AS rated, COUNT(e.id) AS n, MAX(e.at) AS last"
        " FROM club_matches c JOIN matches m ON m.id = c.match_id"
        " LEFT JOIN events e ON e.match_id = m.id WHERE c.club_id = ?"
        " GROUP BY m.id, c.rated ORDER BY m.created, m.id", [club_id])
    out = [_match_row(r) for r in rows]
    seats: dict[int, dict[int, int]] = {}
    for r in _query(db, "SELECT s.match_id, s.seat, s.player_id FROM club_seats s"
                      " JOIN club_matches c ON c.match_id = s.match_id WHERE c.club_id = ?", [club_id]):
        seats.setdefault(r["match_id"], {})[r["seat"]] = r["player_id"]
    for m in out:
        have = seats.get(m["id"], {})
        m["seat_players"] = [have.get(s) for s in range(len(m["players"]))]
    return out


def link_event(db: Db, club_id: int, event_id: int) -> None:
    """Make an event the club's (its tables' matches then count for the club's players); refused
    (``club.event_other_club``) when it is another club's."""
    with _write(db):
        row = db.execute("SELECT club_id FROM club_event_links WHERE event_id = ?", [event_id]).fetchone()
        if row is not None and row[0] != club_id:
            raise ClubError("club.event_other_club")
        if row is None:
            db.execute("INSERT INTO club_event_links (event_id, club_id, added) VALUES (?, ?, ?)",
                       (event_id, club_id, _now()))


def club_events(db: Db, club_id: int) -> list[ClubEvent]:
    """The club's events, oldest first: ``id``, ``name``, ``view_key`` and ``tables`` (each table's
    match: {match id: (round, table)})."""
    out: list[ClubEvent] = []
    for r in _query(db, "SELECT e.id AS id, e.view_key AS view_key, e.record AS record FROM club_event_links l"
                      " JOIN club_events e ON e.id = l.event_id WHERE l.club_id = ? ORDER BY e.id", [club_id]):
        name = json.loads(r["record"]).get("name", "")
        out.append(ClubEvent(id=r["id"], view_key=r["view_key"], name=name,
                             tables={m: rt for rt, m in event_tables(db, r["id"]).items()}))
    return out


def unlinked_event_matches(db: Db, club_id: int) -> list[MatchRow]:
    """The matches of the club's events that are not yet the club's (a round started since),
    each as ``get_match`` gives it."""
    rows = _query(db, "SELECT m.* FROM club_event_links l JOIN club_event_tables t ON t.event_id = l.event_id"
                    " JOIN matches m ON m.id = t.match_id LEFT JOIN club_matches c ON c.match_id = m.id"
                    " WHERE l.club_id = ? AND c.match_id IS NULL ORDER BY m.id", [club_id])
    return [_match_row(r) for r in rows]
