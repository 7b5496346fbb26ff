"""A PostgreSQL server for the store's tests: the one ``REFEREE_TEST_POSTGRES`` names (a URL of a
database the tests may create databases from), else a throwaway cluster started from Debian's
binaries (``/usr/lib/postgresql/*/bin``) in a temporary folder, stopped at the end of the session.
PostgreSQL refuses to run as root: as root the cluster runs as the ``postgres`` user.

Each test gets a database of its own (:meth:`Server.new_database`), dropped after it.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid

ENV = "REFEREE_TEST_POSTGRES"


class Unavailable(Exception):
    """No PostgreSQL server can be had here (the message says why)."""


def binaries() -> str | None:
    """The newest Debian PostgreSQL's ``bin`` folder, or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0)
    return os.path.dirname(found[-1]) if found else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self) -> None:
        self.folder: str | None = None
        self.bin: str | None = None
        self.as_user: list[str] = []
        url = os.environ.get(ENV)
        if url:
            self.admin = url
        else:
            self.admin = self._start()
        try:
            self._admin("SELECT 1")
        except Exception as e:
            self.stop()
            raise Unavailable(f"the PostgreSQL server does not answer: {e}") from None

    def _start(self) -> str:
        self.bin = binaries()
        if self.bin is None:
            raise Unavailable(f"no {ENV} and no PostgreSQL binaries (apt-get install postgresql)")
        self.folder = tempfile.mkdtemp(prefix="referee-pg-")
        if os.geteuid() == 0:  # postgres refuses root: its own user runs it
            import pwd

            try:
                user = pwd.getpwnam("postgres")
            except KeyError:
                raise Unavailable("running as root and there is no postgres user") from None
            os.chown(self.folder, user.pw_uid, user.pw_gid)
            self.as_user = ["runuser", "-u", "postgres", "--"]
        data = os.path.join(self.folder, "data")
        port = _free_port()
        run = dict(check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)
        try:
            subprocess.run([*self.as_user, os.path.join(self.bin, "initdb"), "-D", data, "-A", "trust",
                            "-U", "postgres", "-E", "UTF8", "--no-sync"], **run)
            # fsync off: the tests kill app nodes, never this server, and the disk is shared
            options = (f"-p {port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
                       " -c full_page_writes=off -c max_connections=300 -c shared_buffers=32MB")
            subprocess.run([*self.as_user, os.path.join(self.bin, "pg_ctl"), "-D", data, "-o", options,
                            "-l", os.path.join(self.folder, "log"), "-w", "-t", "60", "start"], **run)
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as e:
            detail = getattr(e, "stderr", b"") or b""
            self.stop()
            raise Unavailable(f"the test cluster did not start: {e} {detail.decode(errors='replace')[-300:]}") \
                from None
        return f"postgresql://postgres@127.0.0.1:{port}/postgres"

    def _admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(self.admin, autocommit=True, connect_timeout=10) as conn:
            conn.execute(sql)  # type: ignore[arg-type]

    def url(self, name: str) -> str:
        base, _slash, _db = self.admin.rpartition("/")
        query = ""
        if "?" in _db:
            query = "?" + _db.split("?", 1)[1]
        return f"{base}/{name}{query}"

    def new_database(self) -> str:
        """An empty database of its own; its URL."""
        name = f"referee_test_{uuid.uuid4().hex[:12]}"
        self._admin(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def drop(self, url: str) -> None:
        name = url.rsplit("/", 1)[1].split("?", 1)[0]
        try:
            self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        except Exception:  # noqa: BLE001 - a leftover test database harms nothing
            pass

    def stop(self) -> None:
        if self.folder is None:
            return
        if self.bin is not None and os.path.isdir(os.path.join(self.folder, "data")):
            subprocess.run([*self.as_user, os.path.join(self.bin, "pg_ctl"), "-D",
                            os.path.join(self.folder, "data"), "-m", "immediate", "-w", "stop"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder = None
