"""The database: matches and their append-only event log (sqlite-utils).

Every accepted change to a match is one row appended to ``events`` in one
transaction; nothing is updated or deleted (an undo is an event too). Every
write goes through :func:`append_event` or :func:`create_match`.
"""

from __future__ import annotations

import json
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


class StaleError(Exception):
    """The match changed since the page was drawn (another phone moved first)."""


def open_db(path: str) -> Database:
    """Open the database and bring its schema up to date."""
    db = Database(path)
    db.execute("PRAGMA foreign_keys = ON")
    migrations.apply(db)
    return db


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
                 events: list[tuple[str, dict]] = (), lang: str | None = None,
                 settings: dict | None = None) -> dict:
    """Store a new match (and, for an import, its events) in one transaction."""
    now = _now()
    with _write(db):
        cur = db.conn.execute(
            "INSERT INTO matches (edit_key, view_key, variant, options, players, created, lang,"
            " settings) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (secrets.token_urlsafe(18), secrets.token_urlsafe(9), variant,
             json.dumps(options, ensure_ascii=False), json.dumps(players, ensure_ascii=False), now,
             lang if lang in ("ru", "en") else None,
             json.dumps(settings or {}, ensure_ascii=False)),
        )
        match_id = cur.lastrowid
        for seq, (kind, data) in enumerate(events, start=1):
            db.conn.execute(
                "INSERT INTO events (match_id, seq, kind, data, at) VALUES (?, ?, ?, ?, ?)",
                (match_id, seq, kind, json.dumps(data, ensure_ascii=False), now),
            )
    return get_match(db, match_id)


def get_match(db: Database, match_id: int) -> dict | None:
    rows = list(db.query("SELECT * FROM matches WHERE id = ?", [match_id]))
    return _match_row(rows[0] if rows else None)


def match_by_key(db: Database, key: str, column: str) -> dict | None:
    """The match whose edit or view key is ``key`` (compared exactly)."""
    assert column in ("edit_key", "view_key")
    if not key or len(key) > 64:
        return None
    rows = list(db.query(f"SELECT * FROM matches WHERE {column} = ?", [key]))
    return _match_row(rows[0] if rows else None)


def list_matches(db: Database) -> list[dict]:
    """All matches, newest first, with their event counts and last change."""
    rows = db.query(
        "SELECT m.*, COUNT(e.id) AS n, MAX(e.at) AS last"
        " FROM matches m LEFT JOIN events e ON e.match_id = m.id"
        " GROUP BY m.id ORDER BY COALESCE(MAX(e.at), m.created) DESC, m.id DESC"
    )
    return [_match_row(r) for r in rows]


def events(db: Database, match_id: int) -> list[dict]:
    """The match's event log in order."""
    out = []
    for row in db.query("SELECT seq, kind, data, at FROM events WHERE match_id = ? ORDER BY seq",
                        [match_id]):
        out.append({"seq": row["seq"], "kind": row["kind"], "data": json.loads(row["data"]),
                    "at": row["at"]})
    return out


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


def append_event(db: Database, match_id: int, expected: int, kind: str, data: dict,
                 check=None, op: str | None = None) -> int:
    """Append one event if the log still has ``expected`` events; returns the new count.

    ``check(events)`` runs inside the transaction on the current log and may raise
    to refuse the change (nothing is written then). ``op`` is the tap's own key: a second
    event with the same key is refused with :class:`DuplicateError`.
    """
    with _write(db):
        if has_op(db, match_id, op):
            raise DuplicateError(op)
        n = event_count(db, match_id)
        if n != expected:
            raise StaleError(n)
        if check is not None:
            check(events(db, match_id))
        db.conn.execute(
            "INSERT INTO events (match_id, seq, kind, data, at, op) VALUES (?, ?, ?, ?, ?, ?)",
            (match_id, n + 1, kind, json.dumps(data, ensure_ascii=False), _now(), op or None),
        )
    return n + 1


def rename_player(db: Database, match_id: int, expected: int, seat: int, new: str,
                  via: str = "edit") -> int:
    """Rename the player in ``seat``: the match's players and one ``rename`` event (the log keeps
    who he was), in one transaction; refused like any change when another phone moved first."""
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
