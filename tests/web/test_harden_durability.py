"""Durability: the database's settings, migrations and the secret key made once when
several workers start together, and a real server killed with SIGKILL again and again in the
middle of a stream of moves, which loses no acknowledged move and keeps no half-written one. The
migrations, the kill and the 503 run on SQLite and on PostgreSQL (``database``)."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import sqlite3
import stat
import subprocess
import sys
import textwrap
import threading
import time
from http.client import HTTPConnection, HTTPException
from urllib.parse import urlencode

import pytest


from referee import create_app
from referee.web import store
from webhelpers import form_data, new_match


def test_the_database_settings(tmp_path):
    path = str(tmp_path / "new" / "referee.db")
    db = store.open_db(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    # NORMAL, and every write syncs the log itself after letting go of the lock (a commit synced
    # as FULL syncs it, outside the lock: tests/matches/test_commit_synced.py)
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 1
    assert db.wal_sync.path == os.path.realpath(path) + "-wal"
    assert db.execute("PRAGMA busy_timeout").fetchone()[0] == 10_000
    assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    db.execute("CREATE TABLE t (x)")  # something in the log
    for name in (path, path + "-wal"):
        assert stat.S_IMODE(os.stat(name).st_mode) == 0o600, name
    assert stat.S_IMODE(os.stat(os.path.dirname(path)).st_mode) == 0o700
    db.conn.close()


def test_an_existing_world_readable_database_is_made_private(tmp_path):
    path = tmp_path / "old.db"
    sqlite3.connect(path).close()
    os.chmod(path, 0o644)
    store.open_db(str(path)).conn.close()
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600


def test_the_secret_key_is_private_and_made_once(tmp_path):
    from referee import _instance_secret

    key = _instance_secret(str(tmp_path))
    path = tmp_path / "secret_key"
    assert path.read_text().strip() == key and len(key) == 64
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert _instance_secret(str(tmp_path)) == key


def _at_once(setup: str, work: str, args: list[str], n: int) -> list[subprocess.CompletedProcess]:
    """Run ``work`` in ``n`` processes that have done ``setup`` (the imports) and then all start
    ``work`` at the same instant."""
    start = time.time() + 2.5
    prog = "import sys, time\n" + textwrap.dedent(setup) + textwrap.dedent("""
        time.sleep(max(0.0, float(sys.argv[1]) - time.time()))
    """) + textwrap.dedent(work)
    procs = [subprocess.Popen([sys.executable, "-c", prog, str(start), *args], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(n)]
    out = []
    for p in procs:
        stdout, stderr = p.communicate(timeout=60)
        out.append(subprocess.CompletedProcess(p.args, p.returncode, stdout, stderr))
    return out


def test_workers_starting_together_apply_each_migration_once(new_database):
    # fewer on PostgreSQL, whose one migration step is one transaction under the advisory lock
    attempts, n = (4, 8) if not store.is_postgres(new_database()) else (2, 6)
    for _attempt in range(attempts):
        database = new_database()
        runs = _at_once("from referee.web import store", """
            db = store.open_db(sys.argv[2])
            print(len(store.migrations_of(db)[0]))
            db.close()
        """, [database], n)
        assert [r.returncode for r in runs] == [0] * n, [r.stderr[-800:] for r in runs if r.returncode]
        db = store.open_db(database)
        done, every = store.migrations_of(db)
        assert done == every, "each migration applied once, in order"
        assert {r.stdout.strip() for r in runs} == {str(len(every))}
        columns = [d[0] for d in db.execute("SELECT * FROM matches LIMIT 0").description]
        assert len(columns) == len(set(columns)) == 12
        db.close()


def test_workers_starting_together_share_one_secret_key(tmp_path):
    for attempt in range(3):
        folder = tmp_path / f"instance{attempt}"
        folder.mkdir()
        runs = _at_once("from referee import _instance_secret", """
            print(_instance_secret(sys.argv[2]))
        """, [str(folder)], 8)
        assert [r.returncode for r in runs] == [0] * 8, [r.stderr[-800:] for r in runs if r.returncode]
        keys = {r.stdout.strip() for r in runs}
        assert len(keys) == 1 and len(keys.pop()) == 64
        assert sorted(os.listdir(folder)) == ["secret_key"]  # no temporary file left behind


# -- SIGKILL in the middle of a stream of moves ----------------------------------------------------

SERVER = """
import sys
from referee import create_app
from werkzeug.serving import make_server

app = create_app({"DATABASE": sys.argv[1], "SECRET_KEY": "durability-test"})
server = make_server("127.0.0.1", 0, app, threaded=True)
print(server.server_port, flush=True)
server.serve_forever()
"""


class Server:
    def __init__(self, db: str):
        self.proc = subprocess.Popen([sys.executable, "-c", SERVER, db], stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True)
        line = self.proc.stdout.readline()
        assert line.strip().isdigit(), "the server did not start"
        self.port = int(line)

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        self.proc.stdout.close()


class Phone:
    """One phone over HTTP: its session cookie and the CSRF token of its pages."""

    def __init__(self, port: int, edit: str):
        self.port, self.edit, self.cookie, self.token = port, edit, None, None

    def request(self, method: str, path: str, data: dict | None = None):
        headers = {"Cookie": self.cookie} if self.cookie else {}
        body = None
        if data is not None:
            body = urlencode(data)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        conn = HTTPConnection("127.0.0.1", self.port, timeout=20)
        try:  # closed however the answer ends: a server killed mid-answer leaves no open socket
            conn.request(method, path, body=body, headers=headers)
            resp = conn.getresponse()
            text = resp.read().decode("utf-8", "replace")
        finally:
            conn.close()
        cookie = resp.getheader("Set-Cookie")
        if cookie and cookie.startswith("session="):
            self.cookie = cookie.split(";", 1)[0]
        return resp.status, text

    def count(self) -> int:
        status, page = self.request("GET", self.edit)
        assert status == 200
        self.token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)
        return int(re.search(r'name="n"[^>]*value="(\d+)"', page).group(1))


def test_a_phone_cut_off_mid_answer_leaves_no_open_socket():
    """The server killed in the middle of an answer (here: one that promises 100 bytes and
    sends 3) fails the phone's request; its socket is closed all the same (an unclosed one is
    a ResourceWarning, an error under the tests' filterwarnings, whenever the collector finds it)."""
    import gc
    import socket
    import warnings

    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]

    def answer_cut_short() -> None:
        conn, _addr = listener.accept()
        with conn:
            conn.recv(65536)
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nabc")

    server = threading.Thread(target=answer_cut_short)
    server.start()
    try:
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            with pytest.raises(HTTPException):
                Phone(port, "/m/x").request("GET", "/m/x")
            server.join(10)
            gc.collect()
        assert not [w for w in seen if issubclass(w.category, ResourceWarning)], seen
    finally:
        listener.close()
        server.join(10)


def stream(phone: Phone, acked: list, stop: threading.Event) -> None:
    """Lay 6:6, undo it, again and again (after the hand, an odd count of events: 6:6 is
    next); each answer 302 is an acknowledged event."""
    try:
        n = phone.count()
        while not stop.is_set():
            if n % 2:
                kind, path = "move", "/move"
                data = {"leader": "Анфиса", "tile": "6:6", "mode": "lay"}
            else:
                kind, path, data = "undo", "/undo", {}
            status, _ = phone.request("POST", phone.edit + path,
                                      {"csrf_token": phone.token, "n": n, **data})
            if status != 302:
                acked.append(("refused", n, status))
                return
            n += 1
            acked.append((kind, n))
    except (OSError, HTTPException):
        return  # the server was killed: what was acknowledged so far is what counts
    except Exception as e:  # noqa: BLE001 - reported by the test, with its words
        acked.append(("refused", repr(e)))


def test_sigkill_mid_stream_loses_no_acknowledged_move(database):
    db = database
    app = create_app({"TESTING": True, "DATABASE": db, "SECRET_KEY": "durability-test"})
    client = app.test_client()
    edits = []
    for _ in range(3):
        edit = new_match(client)
        assert client.post(edit + "/hand", data=form_data(client.get(edit), 'form[action$="/hand"]')
                           ).status_code == 302
        edits.append(edit)
    app.extensions["referee.db"].close()
    rng = random.Random(11)
    expected = {edit: {1: "hand"} for edit in edits}  # seq -> kind, of every acknowledged event
    kills = 0
    rounds = 8 if not store.is_postgres(db) else 5
    for _ in range(rounds):
        server = Server(db)
        try:
            phones = [Phone(server.port, edit) for edit in edits]
            acked = {edit: [] for edit in edits}
            stop = threading.Event()
            threads = [threading.Thread(target=stream, args=(p, acked[p.edit], stop)) for p in phones]
            for t in threads:
                t.start()
            deadline = time.time() + 60  # each phone under way (a loaded machine starts slowly) ...
            while time.time() < deadline and not all(acked[e] for e in edits):
                time.sleep(0.02)
            time.sleep(rng.uniform(0.1, 0.6))  # ... then the kill, at a random moment of the stream
            server.kill()  # mid-stream: the phones are sending moves as fast as they can
            kills += 1
            stop.set()
            for t in threads:
                t.join(30)
        finally:
            if server.proc.poll() is None:
                server.kill()
            elif not server.proc.stdout.closed:
                server.proc.stdout.close()
        for edit in edits:
            assert not [a for a in acked[edit] if a[0] == "refused"], acked[edit][-3:]
            for kind, seq in acked[edit]:
                expected[edit][seq] = kind
        check_log(db, edits, expected)
    assert kills == rounds
    assert sum(len(e) for e in expected.values()) > 3 * rounds, "moves were acknowledged between the kills"


def check_log(db: str, edits: list[str], expected: dict) -> None:
    """Every acknowledged event is in the log at its place; at most one more (the one in
    flight when the server died, if its commit made it); every event whole."""
    if not store.is_postgres(db):
        with sqlite3.connect(db) as file:
            assert file.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        file.close()
    conn = store.open_db(db)
    try:
        for edit in edits:
            key = edit.rsplit("/", 1)[1]
            (match_id,) = conn.execute("SELECT id FROM matches WHERE edit_key = ?", [key]).fetchone()
            rows = conn.execute("SELECT seq, kind, data FROM events WHERE match_id = ? ORDER BY seq",
                                [match_id]).fetchall()
            seqs = [r[0] for r in rows]
            assert seqs == list(range(1, len(rows) + 1)), "no gap, no duplicate"
            last_acked = max(expected[edit])
            assert last_acked <= len(rows) <= last_acked + 1, (last_acked, len(rows))
            for seq, kind, data in rows:
                json.loads(data)  # whole
                if seq in expected[edit]:
                    assert kind == expected[edit][seq], (seq, kind)
                else:
                    assert kind == ("move" if rows[seq - 2][1] != "move" else "undo")
            if len(rows) > last_acked:  # the move in flight was committed: the stream goes on from it
                expected[edit][len(rows)] = rows[-1][1]
    finally:
        conn.close()


@pytest.mark.parametrize("lang,words", [("ru", "Ничего не изменено"), ("en", "Nothing was changed")])
def test_a_database_still_locked_is_a_503_in_words_not_a_500(database, monkeypatch, lang, words):
    client = create_app({"TESTING": True, "DATABASE": database, "SECRET_KEY": "t"}).test_client()
    edit = new_match(client)
    form = form_data(client.get(edit), 'form[action$="/hand"]')

    def locked(*args, **kwargs):
        if store.is_postgres(database):
            import psycopg

            raise psycopg.errors.LockNotAvailable("canceling statement due to lock timeout")
        raise sqlite3.OperationalError("database is locked")

    # the match service reads the log from the store of matches (the web's store re-exports it)
    from referee.matches import store as match_store

    monkeypatch.setattr(match_store, "events", locked)
    for resp in (client.get(edit, headers={"Accept-Language": lang}),
                 client.post(edit + "/hand", data=form, headers={"Accept-Language": lang})):
        assert resp.status_code == 503
        assert words in resp.get_data(as_text=True)
    monkeypatch.undo()
    assert client.get(edit + "/export").get_json()["log"] == []
