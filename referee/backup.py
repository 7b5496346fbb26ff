"""``referee backup`` and ``referee restore``: consistent copies of the live database.

A plain file copy of a database that a server is writing can be torn (a page from before a
move and one from after it). Both commands use SQLite's online backup API instead: the copy is
one read transaction of the source, so it is exactly the database as it was at one instant,
and the server goes on taking moves meanwhile (in WAL mode readers never block writers).

- ``referee backup DEST`` writes the copy to DEST (a folder: a time-stamped file inside it),
  through a temporary file renamed into place only once the copy passes ``PRAGMA
  integrity_check``; an existing file is not overwritten without ``--force``.
- ``referee restore SOURCE`` checks SOURCE (a referee database that passes the integrity check),
  saves the current database beside itself (``referee.db.before-restore-<time>``), then copies
  SOURCE into the live database with the same API, in one transaction: a server that is running
  sees either the old database or the restored one, never a mixture, and needs no restart.

Exit 0 when done; 4 when refused (nothing is changed then), with one line saying why.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .words import N_, say

if TYPE_CHECKING:
    import sqlite3

EXIT_REFUSED = 4

#: every message of this command, said in the reader's language (``referee.words``)
TEXT = {
    'no_db': N_("There is no database at %(path)s"),
    'exists': N_("%(path)s exists: name another file or add --force"),
    'bad_copy': N_("The copy failed the integrity check (%(detail)s): nothing was written"),
    'written': N_("Backup written: %(path)s (%(matches)s matches, %(events)s events, %(size)s)"),
    'not_ours': N_("%(path)s is not a referee database (%(detail)s): nothing was changed"),
    'not_intact': N_("%(path)s is damaged (%(detail)s): nothing was changed"),
    'restored': N_("Restored %(src)s into %(db)s (%(matches)s matches, %(events)s events)."),
    'kept': N_("The previous database is kept: %(path)s"),
    'failed': N_("The restore failed: %(detail)s. The database is unchanged."),
    'cannot_write': N_("Cannot write %(path)s: %(reason)s"),
    'not_sqlite': N_("it is not an SQLite database file"),
    'no_tables': N_("it has no table %(tables)s"),
    'cannot_open': N_("the file cannot be opened for writing"),
    'sqlite_failed': N_("SQLite could not copy the database («%(detail)s»)"),
}


class Refused(Exception):
    """Nothing was changed; the message says why."""


def _t(lang: str, key: str, **params: Any) -> str:
    return say(lang, TEXT[key], **params)


def _size(n: int) -> str:
    return f"{n / 1024:.0f} KB" if n < 10 * 1024 * 1024 else f"{n / 1024 / 1024:.1f} MB"


def _connect_ro(path: str) -> sqlite3.Connection:
    import sqlite3

    conn = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True, timeout=30)
    return conn


def _check(conn: sqlite3.Connection) -> str | None:
    """None if the database is intact, else the first problem SQLite names."""
    rows = [r[0] for r in conn.execute("PRAGMA integrity_check")]
    return None if rows == ["ok"] else "; ".join(rows[:3])


def _counts(conn: sqlite3.Connection) -> tuple[int, int]:
    matches = conn.execute("SELECT COUNT(*) FROM matches").fetchone()[0]
    events = conn.execute("SELECT COUNT(*) FROM events").fetchone()[0]
    return matches, events


def _new_private_file(path: Path) -> None:
    """Make ``path`` an empty file readable and writable by this user only (0600) before
    anything is copied into it: the copy is as private as the database while it is written
    (a file made with the process's umask, 0644 as a rule, is readable by every user of the
    machine until a chmod at the end). A leftover of an interrupted copy is replaced."""
    path.unlink(missing_ok=True)
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


def backup(database: str, dest: str, force: bool = False, lang: str = "en") -> dict:
    """Copy ``database`` (live or not) to ``dest``; returns what was written."""
    import sqlite3

    if not os.path.isfile(database):
        raise Refused(_t(lang, "no_db", path=database))
    target = Path(dest)
    if target.is_dir():
        target = target / time.strftime("referee-%Y%m%d-%H%M%S.db")
    if target.exists() and not force:
        raise Refused(_t(lang, "exists", path=target))
    partial = target.with_name(target.name + ".partial")
    try:
        _new_private_file(partial)  # 0600 from its first byte, whatever the umask
        dst = sqlite3.connect(partial)
    except (OSError, sqlite3.Error):
        raise Refused(_t(lang, "cannot_write", path=target, reason=_t(lang, "cannot_open"))) from None
    try:
        src = _connect_ro(database)
        try:
            src.backup(dst)  # all pages in one step: one read transaction, one instant
        finally:
            src.close()
        dst.execute("PRAGMA journal_mode=DELETE")  # a single self-contained file
        problem = _check(dst)
        if problem:
            raise Refused(_t(lang, "bad_copy", detail=problem))
        matches, events = _counts(dst)
    except BaseException:
        dst.close()
        partial.unlink(missing_ok=True)
        raise
    dst.close()
    os.replace(partial, target)
    return {"path": str(target), "matches": matches, "events": events, "bytes": target.stat().st_size}


def restore(source: str, database: str, lang: str = "en") -> dict:
    """Replace the contents of ``database`` by those of the backup ``source``."""
    import sqlite3

    if not os.path.isfile(source):
        raise Refused(_t(lang, "no_db", path=source))
    try:
        src = _connect_ro(source)
        problem = _check(src)
    except sqlite3.DatabaseError:
        raise Refused(_t(lang, "not_ours", path=source, detail=_t(lang, "not_sqlite"))) from None
    try:
        if problem:
            raise Refused(_t(lang, "not_intact", path=source, detail=problem))
        tables = {r[0] for r in src.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        missing = {"matches", "events"} - tables
        if missing:
            raise Refused(_t(lang, "not_ours", path=source,
                             detail=_t(lang, "no_tables", tables=", ".join(sorted(missing)))))
        matches, events = _counts(src)
        kept = None
        if os.path.isfile(database):
            kept = backup(database, database + time.strftime(".before-restore-%Y%m%d-%H%M%S"),
                          lang=lang)["path"]
        else:
            os.makedirs(os.path.dirname(os.path.abspath(database)), mode=0o700, exist_ok=True)
            _new_private_file(Path(database))
        live = sqlite3.connect(database, timeout=30)
        try:
            src.backup(live)  # one write transaction on the live database
        except sqlite3.Error as e:
            raise Refused(_t(lang, "failed", detail=_t(lang, "sqlite_failed", detail=e))) from None
        finally:
            live.close()
    finally:
        src.close()
    return {"source": source, "database": database, "matches": matches, "events": events, "kept": kept}


def _database(args: argparse.Namespace) -> str:
    if args.database:
        return str(Path(args.database).expanduser().resolve())
    from . import settings

    return settings.load(args.instance)["DATABASE"]


def cmd_backup(args: argparse.Namespace) -> int:
    from .server import default_lang

    lang = args.lang or default_lang()
    try:
        done = backup(_database(args), args.dest, force=args.force, lang=lang)
    except Refused as e:
        print(e, file=sys.stderr)
        return EXIT_REFUSED
    print(_t(lang, "written", path=done["path"], matches=done["matches"], events=done["events"],
             size=_size(done["bytes"])))
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    from .server import default_lang

    lang = args.lang or default_lang()
    try:
        done = restore(args.source, _database(args), lang=lang)
    except Refused as e:
        print(e, file=sys.stderr)
        return EXIT_REFUSED
    print(_t(lang, "restored", src=done["source"], db=done["database"], matches=done["matches"],
             events=done["events"]))
    if done["kept"]:
        print(_t(lang, "kept", path=done["kept"]))
    return 0


def add_subcommands(sub: Any) -> None:
    where = dict(metavar="DIR", default=None, help="the data folder (as for referee serve)")
    b = sub.add_parser("backup", help="a consistent copy of the live database (SQLite online backup)",
                       description="Copy the database, even while the server takes moves.")
    b.add_argument("dest", help="the backup file, or a folder (a time-stamped file is made in it)")
    b.add_argument("--force", action="store_true", help="overwrite an existing backup file")
    b.add_argument("--instance", **where)  # type: ignore[arg-type]
    b.add_argument("--database", metavar="FILE", default=None,
                   help="the database file (default: REFEREE_DATABASE, else the data folder's referee.db)")
    b.add_argument("--lang", choices=("ru", "en"), default=None)
    b.set_defaults(func=cmd_backup)
    r = sub.add_parser("restore", help="put a backup back into the database (the old one is kept)",
                       description="Restore a backup made by referee backup; works while the server runs.")
    r.add_argument("source", help="the backup file")
    r.add_argument("--instance", **where)  # type: ignore[arg-type]
    r.add_argument("--database", metavar="FILE", default=None,
                   help="the database file (default: REFEREE_DATABASE, else the data folder's referee.db)")
    r.add_argument("--lang", choices=("ru", "en"), default=None)
    r.set_defaults(func=cmd_restore)
