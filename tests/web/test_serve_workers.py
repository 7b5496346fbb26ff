"""``referee serve --workers 2``: two processes on one port, each with its own kept states.

A match is played through real HTTP with each change taken by the worker the test chooses (the
other one is held with SIGSTOP, so the shared socket's next connection can only be accepted by
the one that runs): a move on one, the next on the other, an undo on the first, and so on with
undos, redos, hands started with the deal and the tiles left. After every change the table and
the scoreboard each worker draws (from its own kept state, gone on from an older one after the
other's changes) are the pages an app with nothing kept draws from the same database. And the
processes: Ctrl+C and SIGTERM stop them all, a worker that dies is replaced, workers whose
parent was killed stop by themselves.
"""

from __future__ import annotations

import importlib.util
import os
import random
import re
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from servehelpers import Phone

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or not os.path.isdir("/proc"),
                                reason="--workers forks (Linux and macOS); the test reads /proc")

CSRF = re.compile(r'name="csrf_token"[^>]*value="[^"]*"|value="[^"]*"[^>]*name="csrf_token"')
FLASH = re.compile(r'<p class="flash[^"]*"[^>]*>.*?</p>', re.S)
N = re.compile(r'name="n" value="(\d+)"')
TOKEN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


def children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(x) for x in f.read().split()]
    except OSError:
        return []


def alive(pid: int) -> bool:
    """Whether the process runs (a zombie, dead but not yet reaped by its parent, does not)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def wait_for(check, seconds: float = 15.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return check()


#: the servers ``referee serve --server`` runs (each test of the processes runs on both)
SERVERS = [pytest.param("granian", marks=pytest.mark.skipif(importlib.util.find_spec("granian") is None,
                                                            reason="granian is not installed")), "waitress"]


@contextmanager
def serve_workers(instance: Path, workers: int = 2, server: str | None = None):
    """``referee serve --workers N`` on 127.0.0.1, in a session of its own (so that a Ctrl+C can
    be sent to its process group as a terminal does); yields (base URL, process, worker pids).
    ``server``: ``--server`` (default: the command's own)."""
    instance.mkdir(parents=True, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")}
    out = open(instance / "serve.out", "w", encoding="utf-8")
    err = open(instance / "serve.err", "w", encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "referee", "serve", "--host", "127.0.0.1", "--port", "0",
                             "--instance", str(instance), "--lang", "en", "--no-access-log",
                             "--workers", str(workers), *(("--server", server) if server else ())],
                            stdout=out, stderr=err, env=env, start_new_session=True)
    pids: list[int] = []
    try:
        base = None

        def started() -> bool:
            nonlocal base
            # read through a file of its own: a seek on ``out`` would move the server's own
            # writing place (one open file shared with it), and its lines were written over
            m = re.search(r"(http://127\.0\.0\.1:\d+/)", (instance / "serve.out").read_text())
            base = m.group(1) if m else None
            return (base is not None and len(children(proc.pid)) == workers) or proc.poll() is not None

        assert wait_for(started, 60), "referee serve did not start its workers"
        assert proc.poll() is None, (instance / "serve.err").read_text()[-2000:]
        pids = children(proc.pid)
        yield base, proc, pids
    finally:
        for pid in pids:  # a worker held by the test is let go first
            try:
                os.kill(pid, signal.SIGCONT)
            except ProcessLookupError:
                pass
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(10)
        for pid in children(proc.pid) + pids:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
        out.close()
        err.close()


class Only:
    """Which worker takes the next connections: the other is held (SIGSTOP) until its turn."""

    def __init__(self, pids: list[int]):
        self.pids = pids
        self.now: int | None = None

    def use(self, k: int) -> None:
        if self.now == k:
            return
        os.kill(self.pids[k], signal.SIGCONT)
        for i, pid in enumerate(self.pids):
            if i != k:
                os.kill(pid, signal.SIGSTOP)
        assert wait_for(lambda: all(self.state(p) == "T" for i, p in enumerate(self.pids) if i != k), 5)
        self.now = k

    @staticmethod
    def state(pid: int) -> str:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]


def clean(page: str) -> str:
    return FLASH.sub("", CSRF.sub("", page))


def test_two_workers_taking_turns_draw_what_a_replay_from_scratch_draws(tmp_path, database):
    """On the SQLite file and on PostgreSQL (``database``: there the two workers are two app
    nodes' worth of kept states and checkpoints on one server)."""
    from referee import create_app
    from referee.rules.playout import END_TURN, _random_draw, choices, random_deal
    from referee.rules.tiles import tile_str
    from referee.rules.variants import make_variant
    from referee.matches import replay, turns
    from referee.web import get_db, service, store
    from referee.matches.log import last_undoable, redoable
    from referee.matches.replay import phase

    instance = tmp_path / "club"
    instance.mkdir()
    (instance / "config.py").write_text(f"DATABASE = {database!r}\n", encoding="utf-8")
    with serve_workers(instance) as (base, proc, pids):
        only = Only(pids)
        phone = Phone(base)
        only.use(0)
        edit = phone.new_match(("Anfisa", "Vsevolod", "Jean", "Stas"))
        key = edit.rsplit("/", 1)[-1]
        # an app with nothing kept, on the same data folder (its database and secret), with the
        # address the server found: the pages a replay from scratch draws
        fresh_app = create_app(instance_path=str(instance))
        fresh_app.config.update(SERVE_URL=base, SERVE_PROBLEM="local")
        fresh = fresh_app.test_client()

        def match():
            with fresh_app.app_context():
                return store.match_by_key(get_db(), key, "edit_key")

        def log():
            with fresh_app.app_context():
                return store.events(get_db(), match()["id"])

        def replayed():
            m = match()
            return m, replay.replay(m, log())

        def post(path: str, data: dict) -> int:
            status, _h, table = phone.request(edit)
            assert status == 200
            hidden = {"n": N.search(table).group(1), "csrf_token": TOKEN.search(table).group(1)}
            status, headers, page = phone.request(edit + path, {**hidden, **data})
            assert status in (302, 200, 409, 422), (path, data, status, page[:500])
            return status

        rng = random.Random(5)
        v = make_variant("traditional", 4, match()["options"])
        # a move on one, the next on the other, an undo on the first, a redo on the other, ...
        plan = [0, 1, 0, 1, 1, 0, 0, 1] + [rng.randrange(2) for _ in range(52)]
        kinds: list[str] = []
        for i, k in enumerate(plan):
            only.use(k)
            m, state = replayed()
            ph = phase(state)
            evs = log()
            if i in (2, 9) or (i > 12 and ph == "play" and rng.random() < 0.1):
                target = last_undoable(evs)
                post("/undo", {"confirm": str(target["seq"])} if target else {})
            elif i in (3, 10) or (redoable(evs) is not None and rng.random() < 0.3):
                post("/redo", {})
            elif ph == "next":
                deal, _removed, _starter = random_deal(v, 4, rng)
                post("/hand", {f"deal_{s}": " ".join(tile_str(t) for t in tiles) for s, tiles in enumerate(deal)})
            elif ph == "left":
                post("/left", {f"pips_{s}": str(rng.randrange(0, 20)) for s in range(4)})
            elif ph == "play":
                h = turns.clone(state.live)
                data = {}
                if h.to_move is None:
                    lead = rng.randrange(4)
                    h.set_leader(lead)
                    data["leader"] = m["players"][lead]
                tok = rng.choice(choices(h))
                if tok == END_TURN:
                    post("/end-turn", {})
                else:
                    post("/move", {**data, "token": _random_draw(h, rng) if tok == "draw" else tok})
            else:
                break
            kinds += [e["kind"] for e in log()[len(evs):]]
            for j in (0, 1):
                only.use(j)
                for path in (edit, edit + "/score"):
                    status, _h, page = phone.request(path)
                    assert status == 200
                    with fresh_app.app_context():
                        service().states.clear()  # nothing kept: a replay from scratch
                    want = fresh.get(path)
                    assert want.status_code == 200
                    assert clean(page) == clean(want.get_data(as_text=True)), (i, j, path)
            only.use(k)
        assert {"hand", "move", "undo", "redo"} <= set(kinds), kinds
        assert len(replayed()[1].report["hands"]) >= 1
        # both workers are still the server's, and it stops cleanly
        assert sorted(children(proc.pid)) == sorted(pids)
        only.use(0)
        os.kill(pids[1], signal.SIGCONT)
        proc.terminate()
        assert proc.wait(30) == 0
        assert not any(alive(p) for p in pids)


@pytest.mark.parametrize("server", SERVERS)
def test_a_table_page_is_served_by_both_workers_and_sigterm_stops_them_all(tmp_path, server):
    with serve_workers(tmp_path / "i", server=server) as (base, proc, pids):
        assert len(pids) == 2 and all(alive(p) for p in pids)
        phone = Phone(base)
        edit = phone.new_match()
        for _ in range(6):
            assert phone.request(edit)[0] == 200
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0
        assert wait_for(lambda: not any(alive(p) for p in pids), 5)
    out = (tmp_path / "i" / "serve.out").read_text()
    assert "Worker processes: 2" in out
    assert out.count("The server has stopped.") == 1
    assert "Traceback" not in (tmp_path / "i" / "serve.err").read_text()


@pytest.mark.parametrize("server", SERVERS)
def test_ctrl_c_stops_the_server_and_every_worker(tmp_path, server):
    with serve_workers(tmp_path / "i", server=server) as (base, proc, pids):
        assert Phone(base).request("/")[0] == 200
        os.killpg(proc.pid, signal.SIGINT)  # what the terminal sends to the whole group
        assert proc.wait(30) == 0
        assert wait_for(lambda: not any(alive(p) for p in pids), 5)
    assert (tmp_path / "i" / "serve.out").read_text().count("The server has stopped.") == 1
    err = (tmp_path / "i" / "serve.err").read_text()
    assert "Traceback" not in err
    # the server's log holds what an operator needs, not each step of each PDF WeasyPrint makes
    assert "weasyprint.progress" not in err


@pytest.mark.parametrize("server", SERVERS)
def test_a_worker_that_dies_is_replaced_and_workers_never_outlive_the_server(tmp_path, server):
    with serve_workers(tmp_path / "i", server=server) as (base, proc, pids):
        os.kill(pids[0], signal.SIGKILL)
        assert wait_for(lambda: len(children(proc.pid)) == 2 and pids[0] not in children(proc.pid))
        now = children(proc.pid)
        phone = Phone(base)
        edit = phone.new_match()
        for _ in range(4):
            assert phone.request(edit)[0] == 200
        out = (tmp_path / "i" / "serve.out").read_text()
        assert f"Worker process {pids[0]} stopped (signal SIGKILL): a new one was started." in out
        # the server itself killed outright (no chance to stop them): the workers stop by themselves
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        assert wait_for(lambda: not any(alive(p) for p in now), 10), [p for p in now if alive(p)]


def test_workers_out_of_range_are_refused_in_one_line(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")}
    for n, lang, words in (("0", "en", "referee: --workers: from 1 to 32 worker processes"),
                           ("33", "ru", "referee: --workers: от 1 до 32 рабочих процессов")):
        done = subprocess.run([sys.executable, "-m", "referee", "serve", "--host", "127.0.0.1", "--port", "0",
                               "--instance", str(tmp_path), "--lang", lang, "--workers", n],
                              capture_output=True, text=True, env=env, timeout=60)
        assert done.returncode == 4
        assert done.stderr.strip() == words


@pytest.mark.parametrize("lang, words", [("en", "2 on a club machine with two cores"),
                                         ("ru", "2 на клубной машине с двумя ядрами")])
def test_the_help_says_what_workers_are_for(lang, words):
    done = subprocess.run([sys.executable, "-m", "referee", "serve", "--help", "--lang", lang],
                          capture_output=True, text=True, timeout=60)
    text = " ".join(done.stdout.split())
    assert "--workers N" in text and words in text
