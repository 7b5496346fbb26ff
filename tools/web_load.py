"""A bounded load driver for the web app that behaves like the phones at a club's tables.

    python tools/web_load.py --tables 100 [--hands-before 0|29] [--move-every 10] [--poll-every 2.5]
                             [--duration 60] [--server referee|gunicorn|waitress] [--workers N]
                             [--clients K] [--viewers V] [--event] [--standings S] [--standings-every T]
                             [--postgres URL [--nodes N]]

``--workers N``: the server's processes (``referee serve --workers N``, gunicorn's ``-w N``; the
default is each server's own: one for ``referee serve``, 2 for gunicorn). ``--clients K``: the
driver's own processes, each driving a share of the tables (so that one event loop is not what
is measured; the driver's CPU is reported beside the server's). ``--postgres URL``: the app's
database is a fresh database made on that PostgreSQL server (the URL of a database the driver may
create databases from; dropped at the end) instead of an SQLite file; ``--nodes N`` then starts N
app nodes (N servers, each on its own port and instance folder, all on that one database): each
table's scorer talks to one node and its viewers to the next, as phones behind a proxy that spreads
them would (the viewers see the scorer's changes through the shared database).

It starts the production server on 127.0.0.1 (a port of its own, a database in a temporary folder:
nothing of the user's is touched), stores N matches (each with ``--hands-before`` complete hands
already played move by move, from a seeded random run through the engine), then for
``--duration`` seconds drives every table as a club night would: the scorer's phone posts the
next change every ``--move-every`` seconds (a random phase each): the hand's start with its deal
(``POST hand``), each move (``POST move``, ``POST end-turn``), sent as the table page's script
sends them (``X-Referee: fetch``: answered with the table itself, one request a change); a viewer polls ``/s/<key>/n`` every ``--poll-every`` seconds
(``GET view/n``) and loads the read-only view when the count changes (``GET view``). Each phone
and each viewer keeps one HTTP/1.1 connection open from one request to the next, as a browser
does (``connections_opened`` counts them: two per table when none was dropped). Before the clock
starts each table's pages are opened on short connections (``--warm R`` times), so that the
workers have replayed the matches, and then the scorer's phone opens the table and each viewer
the read-only view on the connection it keeps: the phones have their pages open when the clock
starts, as at a club.

Where each table is in its hand when the clock starts: by default at a random change of hand
``--hands-before + 1`` (its start or one of its moves, each as likely), as a club's tables are
after the first few hands (hands take different numbers of moves and the players different
times, so the hands' starts spread over a hand's length: about one start per second for every
300 tables at a move every 10 s); ``--together``: every table starts that hand within the first
``--move-every`` seconds (a burst, as at the very first hand of a round).

``--probe DIR``: the server measures itself (``tools/cpu_probe.py``, loaded as its
``sitecustomize``): the CPU milliseconds per request of each route, and the CPU spent outside
the app's requests (waitress); ``REFEREE_PROBE_PROFILE=1`` adds cProfile's statistics per route
in DIR (CPU time, for ``pstats``). Only loopback addresses are ever contacted; every loop is bounded by the
duration and by a request count, and the driver stops the server and removes its folder when it
is done.

It prints p50/p99/max latency per route, the server's CPU and the driver's, the load average
before and after, the errors (any answer but 200/302, a refused move, a timeout), and whether
every acknowledged move is in the database afterwards (read back from the log: each change the
server answered with the table, in order, and nothing else; a change whose answer was lost, a
timeout, counts as acknowledged when the table shows it recorded afterwards, as the player would
see it).

``--viewers V``: the read-only phones at each table (default 1). ``--event``: the tables are
round 1 of a club evening (an event of four players a table, each table's match linked to it as the
director's «start round» links them), and ``--standings S`` phones keep its public standings page
open, each loading it every ``--standings-every`` seconds (``GET standings``: every table read from
its match, the event judged, the standings, the cross table) — the evening of 50 tables with a
scorer and two viewers each and the standings on 20 phones is
``--tables 50 --viewers 2 --event --standings 20``.

Its helpers (seeded matches, the server, the client) serve ``tools/web_bench.py`` too.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOST = "127.0.0.1"  # loopback only: the driver never sends anything elsewhere
#: the options ``--serve-option`` adds to ``referee serve``'s command line
SERVE_OPTIONS: list[str] = []

# -- seeded matches ------------------------------------------------------------------------------


@dataclass
class PlannedHand:
    deal: dict[str, list[str]]
    steps: list[tuple[str, str]]  # (player, token or "end"): every move of the hand in order
    record: dict
    #: after each step: whether the player's turn is still open (a move event's ``open``)
    opens: list[bool] = field(default_factory=list)


def plan_hands(variant: str, names: list[str], count: int, seed: int,
               options: dict | None = None) -> list[PlannedHand]:
    """``count`` complete hands played with random legal moves (the deal known, every move checked
    by the engine), each led as the rules say after the hands before it."""
    from referee import record as rec
    from referee.rules.hand import Hand
    from referee.rules.playout import END_TURN, _random_draw, choices, random_deal
    from referee.rules.tiles import tile_str
    from referee.rules.variants import make_variant

    rng = random.Random(seed)
    options = dict(options or {})
    v = make_variant(variant, len(names), options)
    out: list[PlannedHand] = []
    base = {"format": "referee-record/1", "variant": variant, "options": options, "players": names,
            "hands": []}
    prev_winner = None
    while len(out) < count:
        deal, removed, starter = random_deal(v, len(names), rng)
        h = Hand(v, names, deal, removed=removed, starter=starter, previous_winner=prev_winner,
                 first_hand=not out)
        hand: dict = {"deal": {p: [tile_str(t) for t in deal[s]] for s, p in enumerate(names)}}
        if h.to_move is None and not h.over:
            lead = rng.randrange(len(names))
            h.set_leader(lead)
            hand["lead"] = names[lead]
        steps: list[tuple[str, str]] = []
        opens: list[bool] = []
        turns: list[dict] = []
        while not h.over:
            player = names[h.to_move]
            if not turns or turns[-1]["open"] is False:
                turns.append({"player": player, "moves": [], "open": True})
            tok = rng.choice(choices(h))
            if tok == END_TURN:
                h.end_turn()
                steps.append((player, "end"))
                opens.append(False)
                turns[-1]["open"] = False
                continue
            if tok == "draw":
                tok = _random_draw(h, rng)
            h.play(tok)
            steps.append((player, tok))
            opens.append(bool(h.turn_open) and not h.over)
            turns[-1]["moves"].append(tok)
            if not h.over and not h.turn_open:
                h.end_turn()
                turns[-1]["open"] = False
        hand["turns"] = [{"player": t["player"], "moves": t["moves"]} for t in turns]
        base["hands"].append(hand)
        report = rec.replay(rec.read(base))
        if not report.ok or report.match_winner is not None:
            raise SystemExit(f"the planned match broke off at hand {len(out) + 1}: {report.error}"
                             " (raise the target)")
        last = report.hands[-1]
        if last.end != "redeal":
            prev_winner = names.index(last.winner) if last.winner is not None else None
        out.append(PlannedHand(hand["deal"], steps, hand, opens))
    return out


#: the matches the benchmarks play: traditional 4 players (the `dominoes` peer's game), a target
#: no match reaches, so that hand 30 is still a hand of the match
VARIANT = "traditional"
NAMES = ["Анфиса", "Всеволод", "Жан", "Стас"]
OPTIONS = {"target": 100000}


def hand_events(planned: PlannedHand, steps: int) -> list[tuple[str, dict]]:
    """The events the table page makes for a hand's start and its first ``steps`` changes."""
    out: list[tuple[str, dict]] = [("hand", {k: planned.record[k] for k in ("deal", "lead") if k in planned.record})]
    for (player, tok), still_open in zip(planned.steps[:steps], planned.opens):
        out.append(("end_turn", {}) if tok == "end" else
                   ("move", {"player": player, "token": tok, "open": still_open}))
    return out


def store_matches(db_path: str, plans: list[list[PlannedHand]], before: int,
                  within: list[int] | None = None) -> list[dict]:
    """Store one match per plan with its first ``before`` hands already played (as an import
    stores them: the same events the pages would have made), each with its checkpoint where the
    app keeps them (as a worker that served the match until its last hand ended would have).
    ``within``: for each match, how many changes of the next hand are played too (0: the hand is
    not started; k > 0: started, and its first k - 1 steps played)."""
    from referee.matches import replay
    from referee.web import store
    from referee.matches.log import record_to_events

    try:
        from referee.matches.states import store_checkpoint
    except ImportError:  # a checkout from before checkpoints (a before/after run)
        store_checkpoint = None
    db = store.open_db(db_path)
    out = []
    replayed: dict[int, object] = {}
    for plan in plans:
        record = {"hands": [p.record for p in plan[:before]]}
        events = record_to_events(record)
        k = within[len(out)] if within else 0
        if k:
            events += hand_events(plan[before], k - 1)
        m = store.create_match(db, VARIANT, dict(OPTIONS), list(NAMES), events, lang="ru")
        if store_checkpoint is not None and before:
            state = replayed.get(id(plan))
            if state is None:
                state = replayed[id(plan)] = replay.replay(m, store.events(db, m["id"]))
            store_checkpoint(db, m, state)
        out.append(m)
    db.close()
    return out


# -- the server ----------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


class Server:
    """The production server on loopback, on its own database (a temporary folder)."""

    def __init__(self, kind: str = "gunicorn", workers: int | None = None, threads: int = 8,
                 source: str | None = None, states_events: int | None = None, database: str | None = None,
                 probe: str | None = None):
        self.probe = probe  # a folder: the server measures its CPU per route there (tools/cpu_probe.py)
        self.kind, self.workers, self.threads = kind, default_workers(kind, workers), threads
        self.source = source or ROOT  # the checkout whose app is served (another one: a before/after)
        self.dir = tempfile.mkdtemp(prefix="referee-load-")
        self.db = database or os.path.join(self.dir, "load.db")
        self.port = free_port()
        self.proc: subprocess.Popen | None = None
        if states_events is not None:  # the changes each worker keeps replayed (the app's STATES_EVENTS)
            with open(os.path.join(self.dir, "config.py"), "w") as f:
                f.write(f"STATES_EVENTS = {int(states_events)}\n")
        with open(os.path.join(self.dir, "load_app.py"), "w") as f:
            f.write("from referee import create_app\n"
                    f"app = create_app({{'DATABASE': {self.db!r}, 'SECRET_KEY': 'load-test'}})\n")

    def start(self) -> None:
        bindir = os.path.dirname(sys.executable)
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([self.dir, self.source]))
        if self.probe:
            shutil.copy(os.path.join(ROOT, "tools", "cpu_probe.py"), os.path.join(self.dir, "sitecustomize.py"))
            env["REFEREE_PROBE_DIR"] = self.probe
        if self.kind == "referee":
            # ``referee serve``: waitress, as the README starts it (one process; a club's machine
            # with two cores: --workers 2, processes sharing the port)
            cmd = [sys.executable, "-m", "referee", "serve", "--host", HOST, "--port", str(self.port),
                   "--instance", self.dir, "--threads", str(self.threads), "--no-access-log"]
            if self.workers != 1:  # (a checkout from before --workers is measured with one)
                cmd += ["--workers", str(self.workers)]
            cmd += SERVE_OPTIONS
            env.update(REFEREE_DATABASE=self.db, REFEREE_SECRET_KEY="load-test")
        elif self.kind == "gunicorn":
            cmd = [os.path.join(bindir, "gunicorn"), "--no-control-socket", "-w", str(self.workers),
                   "-b", f"{HOST}:{self.port}", "--chdir", self.dir, "--log-level", "warning",
                   "--timeout", "60", "load_app:app"]
        elif self.kind == "waitress":
            cmd = [os.path.join(bindir, "waitress-serve"), f"--listen={HOST}:{self.port}",
                   f"--threads={self.threads}", "--connection-limit=2000", "--backlog=2048",
                   "load_app:app"]
        else:
            raise SystemExit(f"unknown server {self.kind}")
        self.proc = subprocess.Popen(cmd, cwd=self.dir, env=env, stdout=subprocess.DEVNULL,
                                     stderr=open(os.path.join(self.dir, "server.log"), "w"),
                                     start_new_session=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with socket.create_connection((HOST, self.port), timeout=1):
                    break
            except OSError:
                if self.proc.poll() is not None:
                    raise SystemExit("the server did not start:\n" + self.log()) from None
                time.sleep(0.1)
        else:
            self.stop()
            raise SystemExit("the server did not answer within 30 s")
        if self.kind == "referee" and self.workers > 1:
            # ``referee serve --workers N`` opens the port before it forks its workers
            while time.monotonic() < deadline and len(self.pids()) < 1 + self.workers:
                time.sleep(0.1)
        time.sleep(0.5 if self.kind == "waitress" else 1.0)  # gunicorn's workers boot after the port opens

    def log(self) -> str:
        try:
            with open(os.path.join(self.dir, "server.log")) as f:
                return f.read()[-3000:]
        except OSError:
            return ""

    def pids(self) -> list[int]:
        """The server's processes (gunicorn: the master and its workers)."""
        if self.proc is None:
            return []
        out = [self.proc.pid]
        try:
            with open(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children") as f:
                out += [int(x) for x in f.read().split()]
        except OSError:
            pass
        return out

    def cpu(self) -> float:
        """CPU seconds (user + system) the server's processes have used so far."""
        tick = os.sysconf("SC_CLK_TCK")
        total = 0
        for pid in self.pids():
            try:
                with open(f"/proc/{pid}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                total += int(fields[11]) + int(fields[12])
            except OSError:
                pass
        return total / tick

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)
        self.proc = None
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        if exc[0] is not None:
            print("the server's log:\n" + self.log(), file=sys.stderr)
        self.stop()


# -- a small HTTP/1.1 client (asyncio), holding its connection open between requests as a phone does --

N_RE = re.compile(r'name="n" value="(\d+)"')
CSRF_RE = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"|value="([^"]+)" name="csrf_token"'
                     r'|name="csrf_token" value="([^"]+)"')
COOKIE_RE = re.compile(r"^set-cookie:\s*([^=]+)=([^;]*)", re.I | re.M)
LENGTH_RE = re.compile(r"^content-length:\s*(\d+)", re.I | re.M)
CHUNKED_RE = re.compile(r"^transfer-encoding:\s*chunked", re.I | re.M)
CLOSE_RE = re.compile(r"^connection:\s*close", re.I | re.M)


class Answer:
    def __init__(self, status: int, headers: str, body: bytes):
        self.status, self.headers, self.body = status, headers, body

    def text(self) -> str:
        body = self.body
        if re.search(r"^content-encoding:\s*gzip", self.headers, re.I | re.M):
            import gzip

            body = gzip.decompress(body)
        return body.decode("utf-8", "replace")

    @property
    def location(self) -> str | None:
        m = re.search(r"^location:\s*(\S+)", self.headers, re.I | re.M)
        return m.group(1) if m else None


class Phone:
    """One browser: its cookies, its requests' latencies by route, and (``keep_alive``, as a phone's
    browser does) one HTTP/1.1 connection kept open from one request to the next; a connection the
    server closed or that failed is opened again for the next request (counted in ``Stats``)."""

    def __init__(self, port: int, stats: "Stats", timeout: float = 30.0, keep_alive: bool = True):
        self.port, self.stats, self.timeout, self.keep_alive = port, stats, timeout, keep_alive
        self.cookies: dict[str, str] = {}
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, route: str, method: str, path: str, form: dict | None = None,
                      fetch: bool = False) -> Answer | None:
        body = urlencode(form).encode() if form is not None else b""
        head = [f"{method} {path} HTTP/1.1", f"Host: {HOST}:{self.port}",
                "Connection: " + ("keep-alive" if self.keep_alive else "close"), "Accept-Language: ru",
                "Accept-Encoding: gzip"]
        if fetch:  # the table page's script: the change answered with the table itself
            head.append("X-Referee: fetch")
        if self.cookies:
            head.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if form is not None:
            head += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(body)}"]
        t0 = time.perf_counter()
        try:
            ans = await asyncio.wait_for(self._send(("\r\n".join(head) + "\r\n\r\n").encode() + body),
                                         self.timeout)
        except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, asyncio.LimitOverrunError,
                ValueError) as e:
            self.close()
            self.stats.error(route, type(e).__name__)
            return None
        self.stats.add(route, time.perf_counter() - t0)
        for k, v in COOKIE_RE.findall(ans.headers):
            self.cookies[k] = v
        if ans.status not in (200, 302):
            self.stats.error(route, f"HTTP {ans.status}")
        return ans

    async def _send(self, data: bytes) -> Answer:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
            self.stats.connections += 1
        reader, writer = self.reader, self.writer
        assert reader is not None
        writer.write(data)
        await writer.drain()
        head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1")
        status = int(head.split(" ", 2)[1])
        m = LENGTH_RE.search(head)
        if m:
            body = await reader.readexactly(int(m.group(1)))
        elif CHUNKED_RE.search(head):
            parts = []
            while True:
                size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
                parts.append(await reader.readexactly(size + 2))
                if size == 0:
                    break
            body = b"".join(p[:-2] for p in parts)
        else:
            body = await reader.read(-1)
            self.close()
        if not self.keep_alive or CLOSE_RE.search(head):
            self.close()
        return Answer(status, head, body)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def form_of(page: str) -> dict:
    n = N_RE.search(page)
    c = CSRF_RE.search(page)
    if not n or not c:
        raise ValueError("the table page has no form")
    return {"n": n.group(1), "csrf_token": next(g for g in c.groups() if g)}


@dataclass
class Stats:
    times: dict[str, list[float]] = field(default_factory=dict)
    errors: dict[str, int] = field(default_factory=dict)
    #: connections opened (a phone keeps one open: more than one per phone is a reconnection)
    connections: int = 0

    def add(self, route: str, seconds: float) -> None:
        self.times.setdefault(route, []).append(seconds)

    def error(self, route: str, what: str) -> None:
        k = f"{route}: {what}"
        self.errors[k] = self.errors.get(k, 0) + 1

    def summary(self) -> dict:
        out = {}
        for route, ts in sorted(self.times.items()):
            ts = sorted(ts)
            out[route] = {"requests": len(ts), "p50_ms": round(1000 * statistics.median(ts), 1),
                          "p99_ms": round(1000 * ts[min(len(ts) - 1, int(0.99 * len(ts)))], 1),
                          "max_ms": round(1000 * ts[-1], 1)}
        return out

    def worst_p99(self) -> float:
        return max((v["p99_ms"] for v in self.summary().values()), default=0.0)


# -- one table -----------------------------------------------------------------------------------


class Table:
    def __init__(self, m: dict, plan: list[PlannedHand], start_hand: int, port: int, stats: Stats,
                 viewers: int = 1, view_port: int | None = None, within: int = 0):
        self.m, self.plan, self.hand = m, plan, start_hand
        self.step = 0  # the next step of self.plan[self.hand]
        self.in_hand = False
        if within:  # the hand is started and its first within - 1 steps played (store_matches)
            self.in_hand, self.step = True, within - 1
        self.seen: dict[int, int | None] = {}  # each viewer's count of changes, as its page shows
        self.phone = Phone(port, stats)
        self.viewers = [Phone(view_port or port, stats) for _ in range(viewers)]  # (nodes: on the next)
        self.viewer = self.viewers[0]
        self.edit = f"/m/{m['edit_key']}"
        self.form: dict | None = None
        self.acked: list[tuple[str, str]] = []  # (kind, token) of every change recorded
        self.lost: tuple[tuple[str, str], int] | None = None  # a change whose answer was lost
        self.lost_found = 0  # such changes found recorded on the table afterwards

    async def open_pages(self) -> None:
        """Before the clock: the scorer's phone has the table open and each viewer the read-only
        view (each on its own connection, kept open), as at a club where the phones are on the
        table before the hand."""
        await self.open()
        for viewer in self.viewers:
            view = f"/s/{self.m['view_key']}"
            ans = await viewer.request("open", "GET", view + "/n")
            if ans is not None and ans.status == 200:
                self.seen[id(viewer)] = json.loads(ans.text()).get("n")
                await viewer.request("open", "GET", view)

    async def open(self) -> bool:
        ans = await self.phone.request("GET table", "GET", self.edit)
        if ans is None or ans.status != 200:
            return False
        self.form = form_of(ans.text())
        return True

    async def move(self) -> None:
        """The phone's next change: a hand's start, or the hand's next move (answered with the
        table). A change whose answer was lost is looked for on the table, as the player would:
        recorded (the table's count went up), it counts as acknowledged; else it is sent again."""
        if self.form is None and not await self.open():
            return
        if self.lost is not None:
            ack, n_before = self.lost
            self.lost = None
            assert self.form is not None
            if int(self.form["n"]) > n_before:
                self.lost_found += 1
                self._advance(ack, n_before, int(self.form["n"]))
                return
        if not self.in_hand:
            if self.hand >= len(self.plan):
                return
            planned = self.plan[self.hand]
            data = {f"deal_{i}": " ".join(planned.deal[p]) for i, p in enumerate(NAMES)}
            if planned.record.get("lead"):
                data["lead"] = planned.record["lead"]
            route, path, ack = "POST hand", "/hand", ("hand", "")
        else:
            player, tok = self.plan[self.hand].steps[self.step]
            if tok == "end":
                route, path, data, ack = "POST end-turn", "/end-turn", {}, ("end_turn", "")
            else:
                route, path, data, ack = "POST move", "/move", {"token": tok}, ("move", tok)
        n_before = int(self.form["n"])
        # as the table page's script sends it: answered with the table itself, never a redirect
        ans = await self.phone.request(route, "POST", self.edit + path, {**self.form, **data}, fetch=True)
        if ans is None:
            self.form = None  # the answer was lost: look at the table again before the next move
            self.lost = (ack, n_before)
            return
        try:
            answered = form_of(ans.text()) if ans.status == 200 else None
        except ValueError:
            answered = None
        if answered is None or int(answered["n"]) <= n_before:  # refused: nothing was recorded
            self.phone.stats.error(route, "refused")
            self.form = None
            return
        self.form = answered
        self._advance(ack, n_before, int(answered["n"]))

    def _advance(self, ack: tuple[str, str], n_before: int, n_now: int) -> None:
        """The plan after the change ``ack`` was recorded (the table's count: ``n_now``)."""
        self.acked.append(ack)
        if not self.in_hand:
            self.in_hand, self.step = bool(self.plan[self.hand].steps), 0
            if not self.in_hand:  # a redeal: the hand is over as it starts
                self.hand += 1
        else:
            self.step += 1
            if self.step >= len(self.plan[self.hand].steps):
                self.in_hand, self.hand = False, self.hand + 1
        if ack[0] == "hand" and self.in_hand and n_now == n_before + 2:
            # the app recorded the opening the rules leave no choice about with the start (the
            # deal known): the hand's first planned move is done, as the table page said
            _player, tok = self.plan[self.hand].steps[0]
            self.acked.append(("move", tok))
            self.step = 1
            if self.step >= len(self.plan[self.hand].steps):
                self.in_hand, self.hand = False, self.hand + 1

    async def run_phone(self, until: float, every: float, rng: random.Random, limit: int) -> None:
        await asyncio.sleep(rng.uniform(0, every))
        k = 0
        while time.monotonic() < until and k < limit:
            t0 = time.monotonic()
            await self.move()
            k += 1
            await asyncio.sleep(max(0.0, min(every - (time.monotonic() - t0), until - time.monotonic())))

    async def run_viewer(self, until: float, every: float, rng: random.Random, limit: int,
                         viewer: Phone | None = None) -> None:
        viewer = viewer or self.viewer
        view = f"/s/{self.m['view_key']}"
        seen = self.seen.get(id(viewer))
        await asyncio.sleep(rng.uniform(0, every))
        k = 0
        while time.monotonic() < until and k < limit:
            t0 = time.monotonic()
            ans = await viewer.request("GET view/n", "GET", view + "/n")
            k += 1
            if ans is not None and ans.status == 200:
                n = json.loads(ans.text()).get("n")
                if n != seen:
                    seen = n
                    await viewer.request("GET view", "GET", view)
            await asyncio.sleep(max(0.0, min(every - (time.monotonic() - t0), until - time.monotonic())))


def store_event(db_path: str, matches: list[dict]) -> str:
    """An event whose round 1 is these matches, one a table (four entrants each, as the director's
    «start round» seats them and links each table's match); the public key of its standings."""
    from referee.web import store

    seats = len(NAMES)
    entrants = [{"id": f"p{i}", "name": f"Игрок {i}"} for i in range(1, seats * len(matches) + 1)]
    record = {"format": "referee-event/1", "name": "Вечер нагрузки",
              "game": {"variant": VARIANT, "seats": seats, "options": dict(matches[0]["options"])},
              "system": "swiss", "unit": "player", "rounds": 3, "entrants": entrants,
              "round_list": [{"round": 1, "tables": [
                  {"table": t, "seats": [e["id"] for e in entrants[(t - 1) * seats:t * seats]]}
                  for t in range(1, len(matches) + 1)]}]}
    db = store.open_db(db_path)
    ev = store.create_event(db, record, {"rounds": {"1": {"started": "2026-01-01T00:00:00+00:00"}}})
    for t, m in enumerate(matches, 1):
        store.link_table(db, ev["id"], 1, t, m["id"])
    db.close()
    return ev["view_key"]


async def run_standings(phone: Phone, path: str, until: float, every: float, rng: random.Random,
                        limit: int) -> None:
    """A phone with the event's standings open: the page loaded every ``every`` seconds."""
    await asyncio.sleep(rng.uniform(0, every))
    k = 0
    while time.monotonic() < until and k < limit:
        t0 = time.monotonic()
        await phone.request("GET standings", "GET", path)
        k += 1
        await asyncio.sleep(max(0.0, min(every - (time.monotonic() - t0), until - time.monotonic())))


def check_log(db_path: str, tables: list[Table], before_events: list[int]) -> dict:
    """Every acknowledged change is in the log, in order, and nothing else was stored."""
    from referee.web import store

    db = store.open_db(db_path)
    missing = extra = 0
    for t, n0 in zip(tables, before_events):
        evs = store.events(db, t.m["id"])[n0:]
        got = [(e["kind"], e["data"].get("token", "")) for e in evs]
        if got != t.acked:
            common = sum(1 for a, b in zip(got, t.acked) if a == b)
            missing += len(t.acked) - common
            extra += len(got) - common
    db.close()
    return {"acknowledged": sum(len(t.acked) for t in tables), "missing": missing, "unacknowledged_stored": extra,
            "every_move_present": missing == 0 and extra == 0}


def default_workers(server: str, workers: int | None) -> int:
    """The processes a server runs when none are asked for: ``referee serve``'s one, gunicorn's 2."""
    if workers is not None:
        return workers
    return 1 if server in ("referee", "waitress") else 2


#: the tables each client process drives (set before the processes are forked)
_DRIVEN: list["Table"] = []
#: the client processes and the driver meet here: every page opened, then the clock starts
_READY: Any = None
#: the standings phones (and the standings page's path, and how often each loads it)
_STANDINGS: list[Phone] = []
_STANDINGS_AT: tuple[str, float] = ("", 30.0)


def _drive_share(args: tuple) -> dict:
    """One client process: drives every ``k``-th table of ``_DRIVEN`` for ``duration`` seconds."""
    import resource

    k, of, duration, move_every, poll_every, seed, limit = args
    mine = _DRIVEN[k::of]
    boards = _STANDINGS[k::of]
    stats = Stats()
    for t in mine:
        for phone in [t.phone] + t.viewers:
            phone.stats = stats
    for phone in boards:
        phone.stats = stats
    rng = random.Random(seed * 7919 + k)
    me0 = resource.getrusage(resource.RUSAGE_SELF)

    async def drive():
        opening = Stats()
        for t in mine:
            for phone in [t.phone] + t.viewers:
                phone.stats = opening
        sem = asyncio.Semaphore(16)

        async def opened(t: Table) -> None:
            async with sem:
                await t.open_pages()
        await asyncio.gather(*(opened(t) for t in mine))
        for t in mine:
            for phone in [t.phone] + t.viewers:
                phone.stats = stats
        stats.connections += opening.connections  # (each kept open into the clock's time)
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, _READY.wait)  # every client has its pages open
        await loop.run_in_executor(None, _READY.wait)  # the driver has read the server's CPU
        until = time.monotonic() + duration
        jobs = []
        for t in mine:
            jobs.append(t.run_phone(until, move_every, random.Random(rng.random()), limit))
            for viewer in t.viewers:
                jobs.append(t.run_viewer(until, poll_every, random.Random(rng.random()), limit, viewer))
        path, every = _STANDINGS_AT
        for phone in boards:
            jobs.append(run_standings(phone, path, until, every, random.Random(rng.random()), limit))
        await asyncio.gather(*jobs)
        for t in mine:
            if t.lost is not None:  # a change whose answer was lost at the end: on the table?
                t.form = None
                if await t.open() and t.form is not None and int(t.form["n"]) > t.lost[1]:
                    t.lost_found += 1
                    t._advance(t.lost[0], t.lost[1], int(t.form["n"]))
                t.lost = None
        for t in mine:
            t.phone.close()
            for viewer in t.viewers:
                viewer.close()
        for phone in boards:
            phone.close()

    asyncio.run(drive())
    me = resource.getrusage(resource.RUSAGE_SELF)
    return {"times": stats.times, "errors": stats.errors, "connections": stats.connections,
            "acked": [t.acked for t in mine], "lost_found": sum(t.lost_found for t in mine),
            "cpu": (me.ru_utime - me0.ru_utime) + (me.ru_stime - me0.ru_stime)}


def probe_read(folder: str) -> dict:
    """The probe's figures summed over the server's processes: requests and CPU seconds per route,
    and the processes' whole CPU."""
    routes: dict[str, list[float]] = {}
    process = 0.0
    for name in os.listdir(folder):
        if name.startswith("cpu-") and name.endswith(".json"):
            with open(os.path.join(folder, name)) as f:
                d = json.load(f)
            process += d["process_cpu_s"]
            for route, (n, cpu) in d["routes"].items():
                r = routes.setdefault(route, [0, 0.0])
                r[0] += n
                r[1] += cpu
    return {"process_cpu_s": process, "routes": routes}


def probe_diff(before: dict, after: dict) -> dict:
    """CPU milliseconds per request by route between two readings, and the share of the server's
    CPU spent outside the app's requests (waitress, idle threads)."""
    out = {}
    in_requests = 0.0
    for route, (n, cpu) in sorted(after["routes"].items()):
        n0, cpu0 = before["routes"].get(route, (0, 0.0))
        if n - n0 > 0:
            out[route] = {"requests": n - n0, "cpu_ms_per_request": round(1000 * (cpu - cpu0) / (n - n0), 2),
                          "cpu_s": round(cpu - cpu0, 2)}
            in_requests += cpu - cpu0
    whole = after["process_cpu_s"] - before["process_cpu_s"]
    return {"routes": out, "requests_cpu_s": round(in_requests, 2), "process_cpu_s": round(whole, 2),
            "outside_requests_cpu_s": round(whole - in_requests, 2)}


class Nodes:
    """``n`` servers on one PostgreSQL database (``database``: a URL): app nodes sharing it."""

    def __init__(self, n: int, kind: str, workers: int | None, states_events: int | None, database: str):
        self.servers = [Server(kind, workers, states_events=states_events, database=database) for _ in range(n)]
        self.db = database
        self.port = self.servers[0].port
        self.ports = [s.port for s in self.servers]

    def cpu(self) -> float:
        return sum(s.cpu() for s in self.servers)

    def __enter__(self):
        try:
            for s in self.servers:
                s.start()
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *exc):
        for s in self.servers:
            s.__exit__(*exc) if s.proc is not None else s.stop()


def fresh_postgres_database(admin_url: str) -> tuple[str, object]:
    """A new empty database on the server of ``admin_url`` (loopback only); its URL and a function
    that drops it."""
    import uuid
    from urllib.parse import urlsplit

    import psycopg

    if urlsplit(admin_url).hostname not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("--postgres: a server on this machine's loopback only")
    name = f"referee_load_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')  # type: ignore[arg-type]
    base, _slash, tail = admin_url.rpartition("/")
    url = f"{base}/{name}" + (("?" + tail.split("?", 1)[1]) if "?" in tail else "")

    def drop() -> None:
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')  # type: ignore[arg-type]
    return url, drop


@contextlib.contextmanager
def serving(server: str, workers: int | None, states_events: int | None, postgres: str | None, nodes: int,
            probe: str | None = None, source: str | None = None):
    """The server on an SQLite file, or ``nodes`` servers on a fresh PostgreSQL database (dropped after)."""
    if not postgres:
        with Server(server, workers, states_events=states_events, probe=probe, source=source) as srv:
            yield srv
        return
    database, drop = fresh_postgres_database(postgres)
    try:
        with Nodes(nodes, server, workers, states_events, database) as srv:
            yield srv
    finally:
        drop()  # type: ignore[operator]


def run_load(tables: int, hands_before: int, duration: float, move_every: float, poll_every: float,
             server: str = "gunicorn", workers: int | None = None, seed: int = 7, clients: int = 1,
             warm_rounds: int | None = None, states_events: int | None = None, viewers: int = 1,
             event: bool = False, standings: int = 0, standings_every: float = 30.0,
             postgres: str | None = None, nodes: int = 1, probe: str | None = None,
             together: bool = False, source: str | None = None) -> dict:
    """One bounded run; returns its figures. ``clients``: the driver's processes (each drives a
    share of the tables on connections of its own), so that one client's event loop is not the
    queue being measured."""
    workers = default_workers(server, workers)
    plans = [plan_hands(VARIANT, NAMES, hands_before + 3, seed=seed * 100003 + i, options=OPTIONS)
             for i in range(min(tables, 8))]
    plans = [plans[i % len(plans)] for i in range(tables)]  # 8 different matches, repeated
    # where each table is in its hand when the clock starts: together, every table starts its hand
    # (within the first --move-every seconds); spread, each is at a random change of its hand
    spread_rng = random.Random(seed * 31 + 1)
    within = [0 if together else spread_rng.randrange(len(plan[hands_before].steps) + 1) for plan in plans]
    load_before = [round(x, 1) for x in os.getloadavg()]
    if probe:
        os.makedirs(probe, exist_ok=True)
        for name in os.listdir(probe):
            if name.startswith(("cpu-", "prof-", "go")):
                os.remove(os.path.join(probe, name))
    with serving(server, workers, states_events, postgres, nodes, probe, source) as srv:
        matches = store_matches(srv.db, plans, hands_before, within)
        from referee.matches.log import record_to_events

        before_events = [len(record_to_events({"hands": [p.record for p in plan[:hands_before]]}))
                         + (len(hand_events(plan[hands_before], k - 1)) if k else 0)
                         for plan, k in zip(plans, within)]
        stats = Stats()
        ports = getattr(srv, "ports", [srv.port])
        ts = [Table(m, plan, hands_before, ports[i % len(ports)], stats, viewers, ports[(i + 1) % len(ports)], k)
              for i, (m, plan, k) in enumerate(zip(matches, plans, within))]
        global _STANDINGS, _STANDINGS_AT
        standings_path = f"/ev/{store_event(srv.db, matches)}" if event else ""
        _STANDINGS = [Phone(srv.port, stats) for _ in range(standings if event else 0)]
        _STANDINGS_AT = (standings_path, standings_every)
        # before the clock starts every table's pages are opened a few times on connections of
        # their own (each new one may go to either worker), so that each worker has replayed
        # each match once (at a club the phones have them open already: what a first page costs
        # is web_bench's first_page_ms)
        warm = Stats()
        rounds = 2 * workers * len(ports) if warm_rounds is None else warm_rounds

        async def warm_up():
            sem = asyncio.Semaphore(8)

            async def one(t):
                async with sem:
                    for r in range(rounds):  # the nodes in turn
                        once = Phone(ports[r % len(ports)], warm, keep_alive=False)
                        await once.request("warm", "GET", t.edit)
                        await once.request("warm", "GET", f"/s/{t.m['view_key']}")
            await asyncio.gather(*(one(t) for t in ts))
            if standings_path:
                for r in range(rounds):
                    await Phone(ports[r % len(ports)], warm, keep_alive=False).request("warm", "GET", standings_path)

        w0 = time.monotonic()
        asyncio.run(warm_up())
        warm_s = time.monotonic() - w0
        limit = int(duration / min(move_every, poll_every)) + 2
        global _DRIVEN, _READY
        _DRIVEN = ts
        clients = max(1, min(clients, tables))
        jobs = [(k, clients, duration, move_every, poll_every, seed, limit) for k in range(clients)]
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        fork = multiprocessing.get_context("fork")
        _READY = fork.Barrier(clients + 1, timeout=600)
        with ProcessPoolExecutor(clients, mp_context=fork) as pool:
            running = [pool.submit(_drive_share, job) for job in jobs]
            _READY.wait()  # every phone and viewer has its page open
            if probe:
                time.sleep(1.2)  # the probe's last writing of the opening
                probe0 = probe_read(probe)
                open(os.path.join(probe, "go"), "w").close()
            cpu0, t0 = srv.cpu(), time.monotonic()
            _READY.wait()
            shares = [r.result() for r in running]
        wall, cpu = time.monotonic() - t0, srv.cpu() - cpu0
        probed = None
        if probe:
            time.sleep(1.2)
            probed = probe_diff(probe0, probe_read(probe))
        load_after = [round(x, 1) for x in os.getloadavg()]
        for k, share in enumerate(shares):
            for route, times in share["times"].items():
                stats.times.setdefault(route, []).extend(times)
            for what, n in share["errors"].items():
                stats.errors[what] = stats.errors.get(what, 0) + n
            stats.connections += share["connections"]
            for t, acked in zip(ts[k::clients], share["acked"]):
                t.acked = acked
        client_cpu = sum(share["cpu"] for share in shares)
        lost_found = sum(share["lost_found"] for share in shares)
        log = check_log(srv.db, ts, before_events)
    summary = stats.summary()
    per_table = 1000 * cpu / (tables * wall) if tables and wall else 0.0
    return {"load_average_before": load_before, "load_average_after": load_after,
            # the server's CPU demand: milliseconds of CPU per table per second
            "server_cpu_ms_per_table_s": round(per_table, 3),
            "tables": tables, "hands_before": hands_before, "server": server, "workers": workers,
            "clients": clients, "warm_rounds": rounds, "states_events": states_events,
            "database": "postgresql" if isinstance(srv, Nodes) else "sqlite",
            "nodes": len(getattr(srv, "servers", [srv])),
            "hands_together": together, "viewers_per_table": viewers, "event": event, "standings_phones": len(_STANDINGS),
            "standings_every_s": standings_every if event else None,
            "warm_up_s": round(warm_s, 1), "duration_s": round(wall, 1),
            "move_every_s": move_every, "poll_every_s": poll_every,
            "server_cpu_s": round(cpu, 2), "server_cpu_share": round(cpu / wall, 2),
            # the driver's own CPU (on the same machine): when it nears its share of a busy
            # machine, the latencies are the driver's queue, not the server's
            "client_cpu_s": round(client_cpu, 2),
            # connections the phones opened: two per table (the scorer's and the viewer's), more
            # when the server closed one or one failed
            "connections_opened": stats.connections,
            # changes whose answer was lost (a timeout) and which the table showed recorded
            # afterwards: counted as acknowledged, as the player at the table would
            "lost_answers_found_recorded": lost_found,
            "routes": summary, "errors": stats.errors, "worst_p99_ms": stats.worst_p99(),
            **({"probe": probed} if probed else {}), **log}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--hands-before", type=int, default=0, help="hands already played in each match")
    ap.add_argument("--duration", type=float, default=60.0, help="seconds of load (at most 600)")
    ap.add_argument("--move-every", type=float, default=10.0)
    ap.add_argument("--poll-every", type=float, default=2.5)
    ap.add_argument("--server", default="referee", choices=["gunicorn", "referee", "waitress"],
                    help="referee (`referee serve`: waitress; the default), gunicorn (sync workers;"
                         " `pip install gunicorn` first)")
    ap.add_argument("--workers", type=int, default=None, metavar="N",
                    help="the server's processes: `referee serve --workers N` (default 1), gunicorn -w N"
                         " (default 2); waitress-serve runs one")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--warm", type=int, default=None, metavar="R",
                    help="before the clock: each table's pages opened R times on new connections"
                         " (default 2 per worker; 0: the workers start cold, from the checkpoints)")
    ap.add_argument("--states-events", type=int, default=None, metavar="N",
                    help="the changes each worker keeps replayed (the app's STATES_EVENTS; default the app's own)")
    ap.add_argument("--clients", type=int, default=1, metavar="K",
                    help="the driver's processes, each driving a share of the tables (default 1)")
    ap.add_argument("--viewers", type=int, default=1, metavar="V", help="read-only phones at each table (default 1)")
    ap.add_argument("--event", action="store_true",
                    help="the tables are round 1 of an event (its standings page is then served)")
    ap.add_argument("--standings", type=int, default=20, metavar="S",
                    help="with --event: phones with the standings page open (default 20)")
    ap.add_argument("--standings-every", type=float, default=30.0, metavar="T",
                    help="with --event: seconds between two loads of the standings on a phone (default 30,"
                         " as the page refreshes itself)")
    ap.add_argument("--postgres", default=None, metavar="URL",
                    help="a PostgreSQL server on this machine (a database URL the driver may create a"
                         " database from): the app's database is a fresh one there")
    ap.add_argument("--nodes", type=int, default=1, metavar="N",
                    help="with --postgres: N app nodes (servers on ports of their own) on that database")
    ap.add_argument("--probe", default=None, metavar="DIR",
                    help="the server measures its CPU per request and route (tools/cpu_probe.py; with"
                         " REFEREE_PROBE_PROFILE=1 cProfile too, written to DIR)")
    ap.add_argument("--together", action="store_true",
                    help="every table starts its hand within the first --move-every seconds (a burst); by"
                         " default each table is at a random change of its hand, as tables are after a few hands")
    ap.add_argument("--source", default=None, metavar="DIR",
                    help="serve the app of another checkout (a before/after run; SQLite only)")
    ap.add_argument("--serve-option", action="append", default=[], metavar="ARG",
                    help="an option more for `referee serve` (repeatable), e.g. --serve-option=--server=waitress")
    args = ap.parse_args(argv)
    SERVE_OPTIONS[:] = args.serve_option
    if not 1 <= args.tables <= 5000 or not 0 < args.duration <= 600:
        ap.error("--tables 1..5000, --duration up to 600 s")
    out = run_load(args.tables, args.hands_before, args.duration, args.move_every, args.poll_every,
                   args.server, args.workers, args.seed, args.clients, args.warm, args.states_events,
                   args.viewers, args.event, args.standings, args.standings_every, args.postgres, args.nodes,
                   args.probe, args.together, args.source)
    print(json.dumps(out, ensure_ascii=False, indent=1))
    return 0 if out["every_move_present"] and not out["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
