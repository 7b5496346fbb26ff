"""``referee backup`` and ``referee restore`` against a real ``referee serve`` taking moves."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
import time

from servehelpers import Phone, serve


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "referee", *args, "--lang", "en"], capture_output=True,
                          text=True, timeout=120)


class Mover(threading.Thread):
    """One phone entering hands by their result as fast as the server answers, starting a new
    match whenever one is over. Keeps, for each match, the moves the server acknowledged."""

    def __init__(self, base: str):
        super().__init__(daemon=True)
        self.phone = Phone(base)
        self.stop = threading.Event()
        self.acked: dict[str, int] = {}  # edit key -> moves acknowledged (302)
        self.statuses: list[int] = []
        self.lock = threading.Lock()

    def snapshot(self) -> dict[str, int]:
        with self.lock:
            return dict(self.acked)

    def _start(self) -> tuple[str, str]:
        edit = self.phone.new_match()
        key = edit.split("/")[2]
        with self.lock:
            self.acked[key] = 0
        return edit, key

    def run(self) -> None:
        from bs4 import BeautifulSoup

        edit, key = self._start()
        while not self.stop.is_set():
            status, _, page = self.phone.request(edit + "/result")
            self.statuses.append(status)
            if status == 404:  # a match made after the backup that was restored: start another
                edit, key = self._start()
                continue
            form = BeautifulSoup(page, "html.parser").select_one("form.result-form")
            if form is None and self.acked[key] > 0:  # the match is over: no result form is drawn
                edit, key = self._start()
                continue
            assert form is not None, page[:500]
            data = {i["name"]: i.get("value", "") for i in form.select('input[type="hidden"]')}
            data.update({"out": "Anfisa", "left_1": "3"})
            status, _, page = self.phone.request(edit + "/result", data)
            self.statuses.append(status)
            if status == 302:
                with self.lock:
                    self.acked[key] += 1
            elif status == 400 and self.acked[key] > 0:  # the match is over
                edit, key = self._start()


def _events(db: str) -> dict[str, list[int]]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        out: dict[str, list[int]] = {}
        for key, seq in conn.execute("SELECT m.edit_key, e.seq FROM matches m LEFT JOIN events e"
                                     " ON e.match_id = m.id ORDER BY m.id, e.seq"):
            out.setdefault(key, [])
            if seq is not None:
                out[key].append(seq)
        return out
    finally:
        conn.close()


def test_backups_taken_while_moves_arrive_are_whole_and_restore_works_live(tmp_path):
    inst = tmp_path / "data"
    with serve(inst) as (base, proc, log):
        mover = Mover(base)
        mover.start()
        while sum(mover.snapshot().values()) < 5:
            time.sleep(0.05)
        backups = []
        for i in range(4):
            before = mover.snapshot()
            done = _cli("backup", str(tmp_path / f"b{i}.db"), "--instance", str(inst))
            after = mover.snapshot()
            assert done.returncode == 0, done.stderr
            assert done.stdout.startswith(f"Backup written: {tmp_path / f'b{i}.db'} (")
            got = _events(str(tmp_path / f"b{i}.db"))
            for key, n in before.items():
                seqs = got.get(key, [])
                assert seqs == list(range(1, len(seqs) + 1))  # no hole, no torn move
                # every move acknowledged before the copy began is in it; at most the one
                # being sent when it ended is there unacknowledged
                assert n <= len(seqs) <= after.get(key, 0) + 1, (key, n, len(seqs), after.get(key))
            backups.append((tmp_path / f"b{i}.db", got))
            time.sleep(0.2)
        assert sum(mover.snapshot().values()) > sum(len(s) for s in backups[0][1].values())

        # restore the first backup while the phone keeps moving: the server needs no restart
        pre_restore = mover.snapshot()
        done = _cli("restore", str(backups[0][0]), "--instance", str(inst))
        assert done.returncode == 0, done.stderr
        assert "The previous database is kept: " in done.stdout
        kept = done.stdout.split("The previous database is kept: ")[1].strip()
        restored_at = mover.snapshot()
        time.sleep(1.0)
        mover.stop.set()
        mover.join(30)
        final = mover.snapshot()
        assert set(mover.statuses) <= {200, 302, 400, 404, 409}, sorted(set(mover.statuses))  # never a 500
        assert mover.statuses.count(302) > 10
        now = _events(str(inst / "referee.db"))
        for seqs in now.values():
            assert seqs == list(range(1, len(seqs) + 1))
        # the restored matches hold what the backup held, then the moves made after the restore
        for key, seqs in backups[0][1].items():
            assert now[key][:len(seqs)] == seqs
        for key in final:
            if key in now:
                grown = final[key] - restored_at.get(key, 0)
                assert len(now[key]) >= len(backups[0][1].get(key, [])) + grown
        # the database before the restore is kept whole, with every move acknowledged before it
        before = _events(kept)
        for key, n in pre_restore.items():
            assert len(before[key]) >= n
        status, _, page = Phone(base).request("/")
        assert status == 200
    assert proc.returncode == 0


def test_backup_and_restore_refuse_clearly(tmp_path):
    done = _cli("backup", str(tmp_path / "b.db"), "--database", str(tmp_path / "none.db"))
    assert done.returncode == 4 and done.stderr.strip() == f"There is no database at {tmp_path / 'none.db'}"
    (tmp_path / "junk.db").write_bytes(b"not a database at all" * 100)
    (tmp_path / "live.db").write_bytes(b"")
    done = _cli("restore", str(tmp_path / "junk.db"), "--database", str(tmp_path / "live.db"))
    assert done.returncode == 4 and "is not a referee database" in done.stderr
    assert (tmp_path / "live.db").read_bytes() == b""
    other = sqlite3.connect(tmp_path / "other.db")
    other.execute("CREATE TABLE t (x)")
    other.commit()
    other.close()
    done = _cli("restore", str(tmp_path / "other.db"), "--database", str(tmp_path / "live.db"))
    assert done.returncode == 4 and "no table events, matches" in done.stderr
    from referee.web.store import open_db

    open_db(str(tmp_path / "real.db")).close()
    assert _cli("backup", str(tmp_path / "copy.db"), "--database", str(tmp_path / "real.db")).returncode == 0
    done = _cli("backup", str(tmp_path / "copy.db"), "--database", str(tmp_path / "real.db"))
    assert done.returncode == 4 and "exists" in done.stderr
    assert _cli("backup", str(tmp_path / "copy.db"), "--database", str(tmp_path / "real.db"), "--force").returncode == 0
    folder = tmp_path / "backups"
    folder.mkdir()
    done = _cli("backup", str(folder), "--database", str(tmp_path / "real.db"))
    assert done.returncode == 0 and len(list(folder.glob("referee-*.db"))) == 1
    assert oct(next(folder.glob("referee-*.db")).stat().st_mode)[-3:] == "600"


def test_the_copies_are_private_while_they_are_written(tmp_path, monkeypatch):
    """The backup's file (``<dest>.partial`` while SQLite copies into it), the copy of the live
    database a restore keeps, and a database a restore makes are 0600 from the start, under a
    umask that would make them readable by everyone (0644)."""
    import os
    import stat

    from referee import backup
    from referee.web.store import open_db

    live = str(tmp_path / "live.db")
    open_db(live).conn.close()
    seen: dict[str, int] = {}
    real_connect = backup._connect_ro

    class Watched:
        """The source connection: the copy's file is looked at as the copy starts."""

        def __init__(self, path: str):
            self.conn = real_connect(path)

        def backup(self, dst) -> None:
            for f in tmp_path.rglob("*"):
                if f.is_file() and not f.name.endswith(("-wal", "-shm", ".lock")) and f.name != "live.db" \
                        and f.name != "source.db":
                    seen[f.name] = stat.S_IMODE(f.stat().st_mode)
            self.conn.backup(dst)

        def __getattr__(self, name):
            return getattr(self.conn, name)

    monkeypatch.setattr(backup, "_connect_ro", Watched)
    old = os.umask(0o022)
    try:
        done = backup.backup(live, str(tmp_path / "copy.db"))
        assert stat.S_IMODE(os.stat(done["path"]).st_mode) == 0o600
        assert seen.get("copy.db.partial") == 0o600, seen
        seen.clear()
        os.replace(done["path"], tmp_path / "source.db")
        restored = backup.restore(str(tmp_path / "source.db"), live)
        partials = {k: v for k, v in seen.items() if ".before-restore-" in k and k.endswith(".partial")}
        assert partials and set(partials.values()) == {0o600}, seen
        assert stat.S_IMODE(os.stat(restored["kept"]).st_mode) == 0o600
        fresh = str(tmp_path / "new" / "made.db")
        backup.restore(str(tmp_path / "source.db"), fresh)
        assert stat.S_IMODE(os.stat(fresh).st_mode) == 0o600
    finally:
        os.umask(old)
