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

On PostgreSQL (``REFEREE_DATABASE=postgresql://…``) both use PostgreSQL's own tools: ``backup``
runs ``pg_dump`` (its custom format, checked with ``pg_restore --list`` before it is renamed into
place) on a snapshot it holds while it counts; ``restore`` dumps the current database into the data
folder first, then ``pg_restore --clean --single-transaction``: the nodes see either the old
database or the restored one. Both need PostgreSQL's client programs of the server's version or newer
(Debian: ``postgresql-client``).

``referee db copy SRC DST`` moves a club's database from one to the other (SQLite file to
PostgreSQL and back): every table, row for row with its ids and texts as they are, read from one
snapshot of SRC and written into an empty DST in one transaction, the rows counted on both sides.

Exit 0 when done; 4 when refused (nothing is changed then), with one line saying why.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, TypedDict, TypeVar

from .words import N_, say

if TYPE_CHECKING:
    import sqlite3

    import psycopg

    from .matches.store import Db

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
    'no_pg_tool': N_("There is no %(tool)s: install PostgreSQL's client programs of the server's version or"
                     " newer (Debian: «apt-get install postgresql-client»)"),
    'pg_tool_failed': N_("%(tool)s failed: %(detail)s"),
    'pg_no_answer': N_("The PostgreSQL server does not answer: %(detail)s"),
    'not_a_dump': N_("%(path)s is not a referee backup made by pg_dump (%(detail)s): nothing was changed"),
    'copied': N_("Copied %(src)s → %(dst)s (%(matches)s matches, %(events)s events, %(rows)s rows)."),
    'same': N_("The source and the destination are one database: nothing was done"),
    'not_empty': N_("%(dst)s holds data already (table %(table)s): a copy goes into an empty database only"),
    'schemas': N_("The databases' schemas differ (%(detail)s): update the referee that copies and try again"),
    'count_differs': N_("The rows of %(table)s differ in number (%(src)s and %(dst)s): the copy was undone"),
}


class Refused(Exception):
    """Nothing was changed; the message says why."""


class Written(TypedDict):
    """A backup written: its file, what it holds, its size in bytes."""

    path: str
    matches: int
    events: int
    bytes: int


class Restored(TypedDict):
    """A restore done: from where, into which database (a URL without its password), what it
    holds now, and where the previous contents were kept (None: there were none)."""

    source: str
    database: str
    matches: int
    events: int
    kept: str | None


class Copied(TypedDict):
    """``referee db copy`` done: both databases as they may be printed, and the rows copied."""

    source: str
    destination: str
    matches: int
    events: int
    rows: int


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
    matches = int(conn.execute("SELECT COUNT(*) FROM matches").fetchone()[0])
    events = int(conn.execute("SELECT COUNT(*) FROM events").fetchone()[0])
    return matches, events


def _new_private_file(path: Path) -> None:
    """Make ``path`` an empty file readable and writable by this user only (0600) before
    anything is copied into it: the copy is as private as the database while it is written
    (a file made with the process's umask, 0644 as a rule, is readable by every user of the
    machine until a chmod at the end). A leftover of an interrupted copy is replaced."""
    path.unlink(missing_ok=True)
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


def backup(database: str, dest: str, force: bool = False, lang: str = "en") -> Written:
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
    return Written(path=str(target), matches=matches, events=events, bytes=target.stat().st_size)


def restore(source: str, database: str, lang: str = "en") -> Restored:
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
    return Restored(source=source, database=database, matches=matches, events=events, kept=kept)


# -- PostgreSQL: pg_dump and pg_restore ------------------------------------------------------------


def _pg_tool(name: str, lang: str) -> str:
    """The newest installed PostgreSQL's ``name`` (Debian keeps each version's in its own folder;
    a newer pg_dump reads an older server), else the one on PATH."""
    import glob
    import shutil

    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
                   key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0)
    tool = found[-1] if found else shutil.which(name)
    if tool is None:
        raise Refused(_t(lang, "no_pg_tool", tool=name))
    return tool


def _pg_target(url: str) -> tuple[str, dict[str, str]]:
    """The URL without its password and the environment that carries it (``PGPASSWORD``): a
    password is never on a command line, where any user of the machine could read it."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    env = dict(os.environ)
    if parts.password is None:
        return url, env
    env["PGPASSWORD"] = parts.password
    netloc = parts.netloc.rsplit("@", 1)[1]
    user = f"{parts.username}@" if parts.username else ""
    return urlunsplit(parts._replace(netloc=user + netloc)), env


def _run_pg(tool: str, args: list[str], env: dict[str, str], lang: str) -> str:
    import subprocess

    done = subprocess.run([tool, *args], env=env, capture_output=True, text=True, timeout=3600)
    if done.returncode != 0:
        detail = (done.stderr.strip().splitlines() or ["exit " + str(done.returncode)])[-1]
        raise Refused(_t(lang, "pg_tool_failed", tool=os.path.basename(tool), detail=detail))
    return done.stdout


def pg_backup(url: str, dest: str, force: bool = False, lang: str = "en") -> Written:
    """``pg_dump`` of the database at one instant (a snapshot held while it counts the matches and
    events and pg_dump copies), to ``dest`` (a folder: a time-stamped file in it)."""
    import psycopg

    target = Path(dest)
    if target.is_dir():
        target = target / time.strftime("referee-%Y%m%d-%H%M%S.dump")
    if target.exists() and not force:
        raise Refused(_t(lang, "exists", path=target))
    pg_dump, pg_restore = _pg_tool("pg_dump", lang), _pg_tool("pg_restore", lang)
    plain, env = _pg_target(url)
    partial = target.with_name(target.name + ".partial")
    try:
        _new_private_file(partial)
    except OSError:
        raise Refused(_t(lang, "cannot_write", path=target, reason=_t(lang, "cannot_open"))) from None
    try:
        try:
            conn = psycopg.connect(url, autocommit=True, connect_timeout=10)
        except psycopg.Error as e:
            raise Refused(_t(lang, "pg_no_answer", detail=str(e).strip().splitlines()[0])) from None
        with conn:
            conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            snap = _one(conn, "SELECT pg_export_snapshot()")
            matches, events = _one(conn, "SELECT COUNT(*) FROM matches"), _one(conn, "SELECT COUNT(*) FROM events")
            _run_pg(pg_dump, ["--format=custom", "--no-owner", "--no-privileges", f"--snapshot={snap}",
                              "--file", str(partial), "--dbname", plain], env, lang)
            conn.execute("COMMIT")
        listing = _run_pg(pg_restore, ["--list", str(partial)], env, lang)
        if " TABLE DATA " not in listing or " matches " not in listing:
            raise Refused(_t(lang, "bad_copy", detail="pg_restore --list"))
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    os.replace(partial, target)
    return Written(path=str(target), matches=int(matches), events=int(events), bytes=target.stat().st_size)


def _one(conn: psycopg.Connection[Any], sql: str) -> Any:
    """The one value a query of one row and one column answers (psycopg's, untyped)."""
    row = conn.execute(sql).fetchone()
    if row is None:
        raise LookupError(f"no row: {sql}")
    return row[0]


def pg_restore(source: str, url: str, keep_in: str, lang: str = "en") -> Restored:
    """Replace the database's contents by the ``pg_dump`` file ``source`` in one transaction; the
    current contents are dumped into ``keep_in`` first."""
    import psycopg

    if not os.path.isfile(source):
        raise Refused(_t(lang, "no_db", path=source))
    pg_restore_tool = _pg_tool("pg_restore", lang)
    plain, env = _pg_target(url)
    try:
        listing = _run_pg(pg_restore_tool, ["--list", source], env, lang)
    except Refused:
        raise Refused(_t(lang, "not_a_dump", path=source, detail="pg_restore --list")) from None
    tables = {line.split()[-2] for line in listing.splitlines()
              if " TABLE " in line and " TABLE DATA " not in line and len(line.split()) >= 2}
    missing = {"matches", "events"} - tables
    if missing:
        raise Refused(_t(lang, "not_a_dump", path=source,
                         detail=_t(lang, "no_tables", tables=", ".join(sorted(missing)))))
    os.makedirs(keep_in, mode=0o700, exist_ok=True)
    kept = pg_backup(url, os.path.join(keep_in, time.strftime("referee-before-restore-%Y%m%d-%H%M%S.dump")),
                     lang=lang)["path"]
    _run_pg(pg_restore_tool, ["--clean", "--if-exists", "--single-transaction", "--exit-on-error", "--no-owner",
                              "--no-privileges", "--dbname", plain, source], env, lang)
    with psycopg.connect(url, autocommit=True, connect_timeout=10) as conn:
        matches, events = _one(conn, "SELECT COUNT(*) FROM matches"), _one(conn, "SELECT COUNT(*) FROM events")
    return Restored(source=source, database=url, matches=int(matches), events=int(events), kept=kept)


# -- referee db copy: one database into another (SQLite and PostgreSQL alike) ----------------------


def copy(src: str, dst: str, lang: str = "en") -> Copied:
    """Copy every table of ``src`` into the empty ``dst`` (either a file path or a URL), row for
    row as stored; refused (nothing written) when ``dst`` holds anything or the schemas differ."""
    from .matches import store

    if src == dst:
        raise Refused(_t(lang, "same"))
    if not store.is_postgres(src) and not os.path.isfile(src):
        raise Refused(_t(lang, "no_db", path=src))
    try:
        s = store.open_db(src)
    except store.errors() as e:
        raise Refused(_t(lang, "not_ours", path=store.shown(src), detail=str(e).strip().splitlines()[0])) from None
    try:
        try:
            d = store.open_db(dst)
        except store.errors() as e:
            raise Refused(_t(lang, "not_ours", path=store.shown(dst), detail=str(e).strip().splitlines()[0]))                 from None
        try:
            return _copy(s, d, src, dst, lang)
        finally:
            d.close()
    finally:
        s.close()


def _copy(s: Db, d: Db, src: str, dst: str, lang: str) -> Copied:
    from .matches import store

    schema, theirs = store.tables_of(s), store.tables_of(d)
    known = [t for t, _order in store.TABLES]
    if schema != theirs or set(schema) != set(known):
        differ = sorted((set(schema) ^ set(theirs)) | (set(schema) ^ set(known))) or sorted(
            t for t in schema if schema[t] != theirs.get(t))
        raise Refused(_t(lang, "schemas", detail=", ".join(differ)))
    for table in known:
        if d.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone() is not None:
            raise Refused(_t(lang, "not_empty", dst=store.shown(dst), table=table))
    counts: dict[str, int] = {}
    with store._write(d):
        later: list[tuple[str, str, list[tuple[Any, Any]]]] = []
        with store.snapshot(s):
            for table, order in store.TABLES:
                cols = schema[table]
                rows = s.execute(f"SELECT {', '.join(cols)} FROM {table} ORDER BY {order}").fetchall()
                for col in store.LATER_COLUMNS.get(table, ()):
                    at = cols.index(col)
                    later.append((table, col, [(r[at], r[cols.index("id")]) for r in rows if r[at] is not None]))
                    rows = [tuple(None if i == at else v for i, v in enumerate(r)) for r in rows]
                store.insert_rows(d, table, cols, [tuple(r) for r in rows])
                counts[table] = len(rows)
        for table, col, values in later:
            for value, row_id in values:
                d.execute(f"UPDATE {table} SET {col} = ? WHERE id = ?", [value, row_id])
        for table in known:
            n = int(d.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])
            if n != counts[table]:
                raise Refused(_t(lang, "count_differs", table=table, src=counts[table], dst=n))
        store.ids_follow_rows(d)
    return Copied(source=store.shown(src), destination=store.shown(dst), matches=counts["matches"],
                  events=counts["events"], rows=sum(counts.values()))


def cmd_copy(args: argparse.Namespace) -> int:
    from .server import default_lang

    lang = args.lang or default_lang()
    try:
        done = copy(_location(args.source), _location(args.destination), lang=lang)
    except Refused as e:
        print(e, file=sys.stderr)
        return EXIT_REFUSED
    print(_t(lang, "copied", src=done["source"], dst=done["destination"], matches=done["matches"],
             events=done["events"], rows=done["rows"]))
    return 0


def _location(database: str) -> str:
    from .matches.store import is_postgres

    return database if is_postgres(database) else str(Path(database).expanduser().resolve())


def database_of(args: argparse.Namespace) -> str:
    """The database a command names (``--database``, else the data folder's settings): a path
    or a ``postgresql://`` URL."""
    if args.database:
        return _location(args.database)
    from . import settings

    database: str = settings.load(args.instance)["DATABASE"]
    return database


_Done = TypeVar("_Done", Written, Restored)


def _carried_out(args: argparse.Namespace, on_sqlite: Callable[[str, str], _Done],
                 on_postgres: Callable[[str, str], _Done]) -> tuple[str, _Done] | int:
    """The command's language and what it did to the data folder's database (``on_sqlite`` or
    ``on_postgres``, given the database and the language); ``EXIT_REFUSED``, said, when refused."""
    from .server import default_lang

    from .matches.store import is_postgres

    lang = args.lang or default_lang()
    database = database_of(args)
    try:
        return lang, (on_postgres if is_postgres(database) else on_sqlite)(database, lang)
    except Refused as e:
        print(e, file=sys.stderr)
        return EXIT_REFUSED


def cmd_backup(args: argparse.Namespace) -> int:
    outcome = _carried_out(args, lambda db, lang: backup(db, args.dest, force=args.force, lang=lang),
                           lambda db, lang: pg_backup(db, args.dest, force=args.force, lang=lang))
    if isinstance(outcome, int):
        return outcome
    lang, done = outcome
    print(_t(lang, "written", path=done["path"], matches=done["matches"], events=done["events"],
             size=_size(done["bytes"])))
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    from .matches.store import shown

    def on_postgres(database: str, lang: str) -> Restored:
        from . import settings

        keep_in = settings.load(args.instance)["INSTANCE_PATH"]
        done = pg_restore(args.source, database, keep_in, lang=lang)
        done["database"] = shown(database)
        return done

    outcome = _carried_out(args, lambda db, lang: restore(args.source, db, lang=lang), on_postgres)
    if isinstance(outcome, int):
        return outcome
    lang, done = outcome
    print(_t(lang, "restored", src=done["source"], db=done["database"], matches=done["matches"],
             events=done["events"]))
    if done["kept"]:
        print(_t(lang, "kept", path=done["kept"]))
    return 0


def add_subcommands(sub: Any) -> None:
    where = N_("the data folder (as for referee serve)")
    lang = N_("the language of the messages (default: the terminal's)")
    b = sub.add_parser("backup", help=N_("a consistent copy of the live database (SQLite online backup)"),
                       description=N_("Copy the database, even while the server takes moves."))
    b.add_argument("dest", help=N_("the backup file, or a folder (a time-stamped file is made in it)"))
    b.add_argument("--force", action="store_true", help=N_("overwrite an existing backup file"))
    b.add_argument("--instance", metavar="DIR", default=None, help=where)
    b.add_argument("--database", metavar="FILE|URL", default=None,
                   help=N_("the database file or postgresql:// URL (default: REFEREE_DATABASE, else the data"
                           " folder's referee.db)"))
    b.add_argument("--lang", choices=("ru", "en"), default=None, help=lang)
    b.set_defaults(func=cmd_backup)
    r = sub.add_parser("restore", help=N_("put a backup back into the database (the old one is kept)"),
                       description=N_("Restore a backup made by referee backup; works while the server runs."))
    r.add_argument("source", help=N_("the backup file"))
    r.add_argument("--instance", metavar="DIR", default=None, help=where)
    r.add_argument("--database", metavar="FILE|URL", default=None,
                   help=N_("the database file or postgresql:// URL (default: REFEREE_DATABASE, else the data"
                           " folder's referee.db); on PostgreSQL the current one is dumped into the data folder first"))
    r.add_argument("--lang", choices=("ru", "en"), default=None, help=lang)
    r.set_defaults(func=cmd_restore)
    d = sub.add_parser("db", help=N_("move a club's database between SQLite and PostgreSQL"),
                       description=N_("Database tools."))
    dsub = d.add_subparsers(dest="db_command", required=True)
    c = dsub.add_parser("copy", help=N_("copy every match (and all else) from one database into an empty one"),
                        description=N_("Copy a database into an empty one, row for row: an SQLite file into "
                                       "PostgreSQL or back (a file path or a postgresql:// URL on each side)."))
    c.add_argument("source", help=N_("the database copied: a file, or postgresql://user@host/db"))
    c.add_argument("destination", help=N_("the empty database written: a file (made if absent), or a URL"))
    c.add_argument("--lang", choices=("ru", "en"), default=None, help=lang)
    c.set_defaults(func=cmd_copy)
