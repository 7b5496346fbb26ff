"""A bounded load driver for the web app that behaves like the phones at a club's tables.

    python tools/web_load.py --tables 100 [--hands-before 0|29] [--move-every 10] [--poll-every 2.5]
                             [--duration 60] [--server referee|gunicorn|waitress] [--workers N]
                             [--clients K] [--viewers 0:3,1:4,2:2,3:1] [--event] [--standings S]
                             [--curve 100,250,500,1000] [--json FILE] [--postgres URL [--nodes N]]

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
``--duration`` seconds drives every table as a club's evening does, each phone as the pages'
scripts make it (``static/app.js``, ``static/shell.js``, the event pages' ``meta refresh``):

- the scorer's phone sends the next change every ``--move-every`` seconds (a random phase each):
  the hand's start with its deal (``POST hand``), each move (``POST move``, ``POST end-turn``),
  as the table page's script sends them (``X-Referee: fetch``: answered with the table itself,
  one request a change); between its changes it polls the match's count every ``--poll-every``
  seconds as the table page does (``GET table/n``: ``/s/<view key>/n``, no cache, no ETag; none
  while a change is on its way) and fetches the table again when the count is not the one shown
  (``GET table (redraw)``); ``--no-scorer-poll`` leaves the poll out;
- each table's read-only phones (``--viewers``: a count, a range ``A-B``, or counts with weights;
  by default ``0:3,1:4,2:2,3:1``, a club's evening: most tables followed by nobody or by one
  phone, a few by two or three, a mean of 1.1; seeded, the same tables every run) poll the same
  count (``GET view/n``) and load the read-only view when it changed (``GET view``: the page
  reloads);
- ``--event``: the tables are round 1 of an event the driver makes as a director does, through
  the pages (the set-up form of ``/events/new/traditional``: four entrants a table, Swiss, three
  rounds; then «start round 1» on the director's page, which gives every table its match: the
  scorers take their tables' links from the director's page, as the table cards' QR codes give
  them; an event seats at most 400 entrants, so more than 100 tables are several events, 100
  tables each); while the round plays each event's big screen in the hall reloads its board
  (``GET board``, every 20 s) and its director's page follows the round (``GET director``,
  ``?follow=1``, every 15 s);
  ``--standings S`` players' phones reload the public standings too (``GET standings``, every
  ``--standings-every`` seconds, 30 as the page does). The tables' earlier hands are written into
  their matches' logs before the clock, as for the other tables.

Each phone keeps one HTTP/1.1 connection open from one request to the next, as a browser does
(``connections_opened`` counts them: one per phone when none was dropped). Before the clock
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

It prints its figures as JSON (``--json FILE`` writes them there too) and a short table on
stderr: p50/p95/p99/max latency per route, the errors (any answer but 200/302, a refused move, a
timeout) and the timeouts among them, the server's CPU (user + system of its processes, read
from ``/proc``) and the driver's, the load average before, at the clock's start and after, and
whether every acknowledged change is in the database afterwards (read back from the log: each
change the server answered with the table, in order, and nothing else; a change whose answer
was lost, a timeout, counts as acknowledged when the table shows it recorded afterwards, as the
player would see it). ``--curve N,N,…`` runs one step per table count, one after the other on
one server (each step with tables of its own, and its own event with ``--event``; the earlier
steps' tables stay idle), and prints the curve's table as ``docs/performance.md`` shows it, the
command above it and the load average in every row.

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
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import weakref
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
                  within: list[int] | None = None, existing: list[dict] | None = None) -> list[dict]:
    """Store one match per plan with its first ``before`` hands already played (as an import
    stores them: the same events the pages would have made), each with its checkpoint where the
    app keeps them (as a worker that served the match until its last hand ended would have).
    ``within``: for each match, how many changes of the next hand are played too (0: the hand is
    not started; k > 0: started, and its first k - 1 steps played). ``existing``: matches made by
    the app (an event's tables, still empty), whose logs get these changes instead of new matches."""
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
        done = len(events)
        k = within[len(out)] if within else 0
        if k:
            events += hand_events(plan[before], k - 1)
        if existing is None:
            m = store.create_match(db, VARIANT, dict(OPTIONS), list(NAMES), events, lang="ru")
        else:
            m = existing[len(out)]
            done += len(store.events(db, m["id"]))  # (an event's table: its log empty until now)
            if events:
                store.append_all(db, m["id"], 0, events)
        if store_checkpoint is not None and before:
            # the checkpoint of the hands played, as the worker that ended the last one stored it
            # (a hand started since is replayed from it: the log's first ``done`` changes)
            state = replayed.get(id(plan))
            if state is None:
                state = replayed[id(plan)] = replay.replay(m, store.events(db, m["id"])[:done])
            stored = store_checkpoint(db, m, state)
            assert stored, "the hands played end between hands: their checkpoint is stored"
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
            # ``referee serve``: granian (waitress on Windows; ``--serve-option`` --server waitress), as
            # the README starts it (one process; a club's machine
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
class Answer:
    """An answer as the phone read it: its status, its head (the status line and the headers, as
    sent) and its body (as sent: gzipped when the server gzipped it)."""

    __slots__ = ("status", "headers", "body", "low")

    def __init__(self, status: int, headers: str, body: bytes, low: str | None = None):
        self.status, self.headers, self.body = status, headers, body
        self.low = low if low is not None else headers.lower()  # the head in lower case

    def field(self, name: str) -> str | None:
        """The first header ``name`` (lower case), or None."""
        return _field(self.headers, self.low, name)

    def text(self) -> str:
        body = self.body
        if self.field("content-encoding") == "gzip":
            import zlib

            body = zlib.decompress(body, 31)  # (gzip.decompress, without its per-call set-up)
        return body.decode("utf-8", "replace")

    @property
    def location(self) -> str | None:
        return self.field("location")


def _field(head: str, low: str, name: str) -> str | None:
    """Header ``name`` of an answer's ``head`` (``low``: the head in lower case), looked up
    without splitting the head (most answers are asked two or three headers of a dozen)."""
    at = low.find("\r\n" + name + ":")
    if at < 0:
        return None
    start = at + len(name) + 3
    end = head.find("\r\n", start)
    return head[start:end if end >= 0 else len(head)].strip()


class _Connection(asyncio.Protocol):
    """One kept HTTP/1.1 connection read as answers come: the bytes gathered until an answer's
    head and body (``Content-Length``, chunked, or until the server closes) are in, then the
    waiting request's future given the answer. One request at a time, as a browser's connection
    without pipelining. (asyncio's streams cost several futures, a task and a timer a request:
    at 1,000 tables the driver's CPU was a large part of the machine's.)"""

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.buf = bytearray()
        self.waiting: asyncio.Future[Answer] | None = None
        self.closed = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        self.buf += data
        if self.waiting is not None:
            self._parse(False)

    def eof_received(self) -> bool | None:
        self.closed = True
        if self.waiting is not None:
            self._parse(True)
        return None

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if self.waiting is not None:
            self._parse(True, exc)

    def _parse(self, eof: bool, exc: Exception | None = None) -> None:
        fut = self.waiting
        assert fut is not None
        buf = self.buf
        end = buf.find(b"\r\n\r\n")
        if end < 0:
            if eof:
                self._fail(fut, exc or asyncio.IncompleteReadError(bytes(buf), None))
            return
        head = buf[:end].decode("latin-1")
        low = head.lower()
        start = end + 4
        length = _field(head, low, "content-length")
        if length is not None:
            stop = start + int(length)
            if len(buf) < stop:
                if eof:
                    self._fail(fut, exc or asyncio.IncompleteReadError(bytes(buf[start:]), stop - start))
                return
            body = bytes(buf[start:stop])
        elif "chunked" in (_field(head, low, "transfer-encoding") or ""):
            parts, at = [], start
            while True:
                line_end = buf.find(b"\r\n", at)
                if line_end < 0:
                    break
                size = int(bytes(buf[at:line_end]).split(b";")[0], 16)
                if len(buf) < line_end + 2 + size + 2:
                    line_end = -1
                    break
                parts.append(bytes(buf[line_end + 2:line_end + 2 + size]))
                at = line_end + 2 + size + 2
                if size == 0:
                    break
            if line_end < 0 or not parts or parts[-1] != b"":
                if eof:
                    self._fail(fut, exc or asyncio.IncompleteReadError(bytes(buf[start:]), None))
                return
            body, stop = b"".join(parts), at
        else:  # the body lasts until the server closes the connection
            if not eof:
                return
            body, stop = bytes(buf[start:]), len(buf)
        del buf[:stop]
        self.waiting = None
        if not fut.done():
            fut.set_result(Answer(int(head.split(" ", 2)[1]), head, body, low))

    def _fail(self, fut: asyncio.Future[Answer], exc: BaseException) -> None:
        self.waiting = None
        if not fut.done():
            fut.set_exception(exc)


#: each event loop's requests on their way: connection → the loop's time by which its answer must
#: be in (``_watch`` fails the late ones with TimeoutError: one task a loop, not a timer a request)
_WATCHED: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[_Connection, float]]"


def _watched(loop: asyncio.AbstractEventLoop) -> dict[_Connection, float]:
    """The loop's requests on their way (its watchdog started with the first)."""
    found = _WATCHED.get(loop)
    if found is None:
        found = _WATCHED[loop] = {}
        task = loop.create_task(_watch(found))
        _WATCHDOGS.add(task)
        task.add_done_callback(_WATCHDOGS.discard)
    return found


async def _watch(watched: dict[_Connection, float], every: float = 0.5) -> None:
    """Every ``every`` seconds, the requests past their deadline fail with TimeoutError (the
    phone counts it and closes the connection), as ``asyncio.wait_for`` did, within ``every``."""
    loop = asyncio.get_running_loop()
    while True:
        await asyncio.sleep(every)
        now = loop.time()
        for conn, deadline in list(watched.items()):
            if deadline <= now and conn.waiting is not None:
                watched.pop(conn, None)
                conn._fail(conn.waiting, asyncio.TimeoutError())


_WATCHED = weakref.WeakKeyDictionary()
_WATCHDOGS: set[asyncio.Task[None]] = set()


class Phone:
    """One browser: its cookies, its requests' latencies by route, and (``keep_alive``, as a phone's
    browser does) one HTTP/1.1 connection kept open from one request to the next; a connection the
    server closed or that failed is opened again for the next request (counted in ``Stats``)."""

    def __init__(self, port: int, stats: "Stats", timeout: float = 30.0, keep_alive: bool = True):
        self.port, self.stats, self.timeout, self.keep_alive = port, stats, timeout, keep_alive
        self.cookies: dict[str, str] = {}
        self.conn: _Connection | None = None
        self.head = (f"Host: {HOST}:{port}\r\nConnection: " + ("keep-alive" if keep_alive else "close")
                     + "\r\nAccept-Language: ru\r\nAccept-Encoding: gzip\r\n")

    async def request(self, route: str, method: str, path: str, form: dict | None = None,
                      fetch: bool = False) -> Answer | None:
        body = urlencode(form).encode() if form is not None else b""
        head = f"{method} {path} HTTP/1.1\r\n{self.head}"
        if fetch:  # the table page's script: the change answered with the table itself
            head += "X-Referee: fetch\r\n"
        if self.cookies:
            head += "Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()) + "\r\n"
        if form is not None:
            head += f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n"
        t0 = time.perf_counter()
        try:
            ans = await self._send((head + "\r\n").encode() + body)
        except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError) as e:
            self.close()
            self.stats.error(route, type(e).__name__)
            return None
        self.stats.add(route, time.perf_counter() - t0)
        if "\r\nset-cookie:" in ans.low:
            for k, v in COOKIE_RE.findall(ans.headers):
                self.cookies[k] = v
        if ans.status not in (200, 302):
            self.stats.error(route, f"HTTP {ans.status}")
        return ans

    async def _send(self, data: bytes) -> Answer:
        conn = self.conn
        loop = asyncio.get_running_loop()
        watched = _watched(loop)
        deadline = loop.time() + self.timeout
        if conn is None or conn.closed:
            _transport, conn = await asyncio.wait_for(loop.create_connection(_Connection, HOST, self.port),
                                                      self.timeout)
            self.conn = conn
            self.stats.connections += 1
        assert conn.transport is not None
        fut: asyncio.Future[Answer] = loop.create_future()
        conn.waiting = fut
        watched[conn] = deadline
        try:
            conn.transport.write(data)
            if conn.buf or conn.closed:  # (an answer or a close already in: the server's own)
                conn._parse(conn.closed)
            ans = await fut
        finally:
            watched.pop(conn, None)
        if not self.keep_alive or conn.closed or (ans.field("connection") or "").lower() == "close":
            self.close()
        return ans

    def close(self) -> None:
        conn, self.conn = self.conn, None
        if conn is not None:
            conn.waiting = None
            if conn.transport is not None:
                conn.transport.close()


COOKIE_RE = re.compile(r"^set-cookie:\s*([^=]+)=([^;]*)", re.I | re.M)


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
                          "p95_ms": round(1000 * ts[min(len(ts) - 1, int(0.95 * len(ts)))], 1),
                          "p99_ms": round(1000 * ts[min(len(ts) - 1, int(0.99 * len(ts)))], 1),
                          "max_ms": round(1000 * ts[-1], 1)}
        return out

    def timeouts(self) -> int:
        """Requests the driver gave up on after its timeout (counted among the errors too)."""
        return sum(n for what, n in self.errors.items() if what.endswith(": TimeoutError"))

    def worst_p99(self) -> float:
        return max((v["p99_ms"] for v in self.summary().values()), default=0.0)


# -- one table -----------------------------------------------------------------------------------


class Table:
    def __init__(self, m: dict, plan: list[PlannedHand], start_hand: int, port: int, stats: Stats,
                 viewers: int = 1, view_port: int | None = None, within: int = 0,
                 names: list[str] | None = None):
        self.m, self.plan, self.hand = m, plan, start_hand
        self.names = names or NAMES  # the players in seat order (the deal's fields are by seat)
        self.step = 0  # the next step of self.plan[self.hand]
        self.in_hand = False
        if within:  # the hand is started and its first within - 1 steps played (store_matches)
            self.in_hand, self.step = True, within - 1
        self.seen: dict[int, int | None] = {}  # each viewer's count of changes, as its page shows
        self.phone = Phone(port, stats)
        self.viewers = [Phone(view_port or port, stats) for _ in range(viewers)]  # (nodes: on the next)
        self.viewer = self.viewers[0] if self.viewers else None
        self.edit = f"/m/{m['edit_key']}"
        self.form: dict | None = None
        self.acked: list[tuple[str, str]] = []  # (kind, token) of every change recorded
        self.lost: tuple[tuple[str, str], int] | None = None  # a change whose answer was lost
        self.lost_found = 0  # such changes found recorded on the table afterwards
        # the tap's key, as the page's script sends with every change (``op``): a new one for each
        # tap, the same one when a tap whose answer was lost is sent again
        self.op: str | None = None
        #: held while the scorer's phone sends a change or polls (one connection, one request at
        #: a time); made in the client process that drives the table
        self.lock: asyncio.Lock | None = None

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
                self.op = None
                self._advance(ack, n_before, int(self.form["n"]))
                return
        if not self.in_hand:
            if self.hand >= len(self.plan):
                return
            planned = self.plan[self.hand]
            data = {f"deal_{i}": " ".join(planned.deal[p]) for i, p in enumerate(self.names)}
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
        if self.op is None:
            self.op = secrets.token_urlsafe(12)
        # as the table page's script sends it: answered with the table itself, never a redirect
        ans = await self.phone.request(route, "POST", self.edit + path, {**self.form, **data, "op": self.op},
                                       fetch=True)
        if ans is None:
            self.form = None  # the answer was lost: look at the table again before the next move
            self.lost = (ack, n_before)
            return
        self.op = None
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
        if self.lock is None:
            self.lock = asyncio.Lock()
        await asyncio.sleep(rng.uniform(0, every))
        k = 0
        while time.monotonic() < until and k < limit:
            t0 = time.monotonic()
            async with self.lock:  # (a poll in flight is waited for: one connection)
                await self.move()
            k += 1
            await asyncio.sleep(max(0.0, min(every - (time.monotonic() - t0), until - time.monotonic())))

    async def run_scorer_poll(self, until: float, every: float, rng: random.Random, limit: int) -> None:
        """The table page's own poll (``static/app.js``, ``meta name="poll"``): every ``every``
        seconds the scorer's phone asks the match's count (``GET /s/<view key>/n``, no cache, no
        ETag) and, when it differs from the count of the table shown, fetches the table again
        (``X-Referee: fetch``, as ``refereeRedraw`` does). No poll while a change is being sent
        (``refereeBusy``)."""
        if self.lock is None:
            self.lock = asyncio.Lock()
        view = f"/s/{self.m['view_key']}"
        await asyncio.sleep(rng.uniform(0, every))
        k = 0
        while time.monotonic() < until and k < limit:
            t0 = time.monotonic()
            k += 1
            if not self.lock.locked():
                async with self.lock:
                    ans = await self.phone.request("GET table/n", "GET", view + "/n")
                    if ans is not None and ans.status == 200 and self.form is not None:
                        n = json.loads(ans.text()).get("n")
                        if n is not None and int(n) != int(self.form["n"]):
                            redrawn = await self.phone.request("GET table (redraw)", "GET", self.edit, fetch=True)
                            if redrawn is not None and redrawn.status == 200:
                                with contextlib.suppress(ValueError):
                                    self.form = form_of(redrawn.text())
            await asyncio.sleep(max(0.0, min(every - (time.monotonic() - t0), until - time.monotonic())))

    async def run_viewer(self, until: float, every: float, rng: random.Random, limit: int,
                         viewer: Phone | None = None) -> None:
        viewer = viewer or self.viewer
        if viewer is None:
            return
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


#: the event's pages that follow it by themselves (their ``<meta http-equiv="refresh">``): the
#: hall's big screen (``templates/event/board.html``: 20 s), the director's page with «Follow»
#: on (``event/director.html``: 15 s), a player's phone on the public standings
#: (``event/standings.html``: 30 s)
BOARD_EVERY, DIRECTOR_EVERY, STANDINGS_EVERY = 20.0, 15.0, 30.0

TAG_RE = re.compile(r"<(input|textarea|form)\b([^>]*)>|</form>", re.I)
ATTR_RE = re.compile(r'([\w-]+)(?:="([^"]*)")?')


def form_fields(page: str, action_re: str) -> tuple[str, dict[str, str]] | None:
    """The first form of ``page`` whose action (or, with none, its class) matches ``action_re``
    (a posting form with no action posts to the page itself): its action and the fields a
    browser would send untouched (hidden, text and number fields with their values, the checked
    radios and boxes, the text areas empty)."""
    import html

    action, fields, inside = None, {}, False
    for m in TAG_RE.finditer(page):
        if m.group(0).lower() == "</form>":
            if inside:
                return action or "", fields
            continue
        tag = m.group(1).lower()
        attrs = {k.lower(): html.unescape(v or "") for k, v in ATTR_RE.findall(m.group(2))}
        if tag == "form":
            inside = bool(re.search(action_re, attrs.get("action") or attrs.get("class", "")))
            action, fields = attrs.get("action"), {}
        elif inside and "name" in attrs:
            kind = attrs.get("type", "text").lower()
            if kind in ("radio", "checkbox"):
                if "checked" in attrs:
                    fields[attrs["name"]] = attrs.get("value", "on")
            elif tag == "textarea":
                fields.setdefault(attrs["name"], "")
            elif kind not in ("submit", "button", "file"):
                fields[attrs["name"]] = attrs.get("value", "")
    return None


class RouteError(RuntimeError):
    """A page of the director's set-up did not answer as a browser expects."""


async def create_event_by_routes(port: int, tables: int, stats: "Stats") -> dict:
    """An event made as a director makes one, through the app's pages: the set-up form of a
    traditional game for four (``/events/new/traditional``: its name, ``4 × tables`` entrants,
    three rounds of the Swiss system, a target no match reaches), then round 1 started from the
    director's page (its «start round» form: every table gets its match). Returns the director's
    page, the public standings, the board, and each table's match links as the director's page
    (and the table cards' QR codes) give them, in the tables' order."""
    director = Phone(port, stats)
    setup = "/events/new/traditional"
    ans = await director.request("event set-up", "GET", setup)
    found = form_fields(ans.text(), r"\bevent-setup\b") if ans is not None else None
    if found is None:
        raise RouteError(f"{setup}: no set-up form")
    _action, data = found
    data.update({"name": "Вечер нагрузки", "seats": "4", "unit": "player", "system": "swiss", "rounds": "3",
                 "opt_target": str(OPTIONS["target"]),
                 "entrants": "\n".join(f"P{i}" for i in range(1, len(NAMES) * tables + 1))})
    ans = await director.request("event set-up", "POST", setup, data)
    if ans is None or ans.status != 302 or not ans.location:
        raise RouteError(f"{setup}: the event was not made (HTTP {ans and ans.status}): {ans and ans.text()[:500]}")
    page = "/" + ans.location.split("/", 3)[-1] if ans.location.startswith("http") else ans.location
    ans = await director.request("event director", "GET", page)
    found = form_fields(ans.text(), r"/round/1/start$") if ans is not None else None
    if found is None:
        raise RouteError(f"{page}: no form to start round 1")
    action, data = found
    ans = await director.request("event start", "POST", action, data)
    if ans is None or ans.status != 302:
        raise RouteError(f"{action}: round 1 was not started (HTTP {ans and ans.status})")
    ans = await director.request("event director", "GET", page)
    text = ans.text() if ans is not None else ""
    links = re.findall(r'href="(?:https?://[^/"]+)?/m/([^"/?#]+)">.*?href="(?:https?://[^/"]+)?/s/([^"/?#]+)"', text)
    public = re.search(r'href="(?:https?://[^/"]+)?/ev/([^"/?#]+)"', text)
    director.close()
    if len(links) != tables or public is None:
        raise RouteError(f"{page}: {len(links)} tables' links for {tables} tables"
                         + ("" if public else ", no public standings link"))
    return {"director": page, "standings": f"/ev/{public.group(1)}", "board": f"/ev/{public.group(1)}/board",
            "tables": links}


def event_tables_most() -> int:
    """The tables of four one event seats at most (the app's limit of entrants): more tables are
    more events, as a club would run them (each with its board and its director's page)."""
    try:
        from referee.events.reader import MAX_ENTRANTS
    except ImportError:  # a checkout from before the limit
        MAX_ENTRANTS = 400  # noqa: N806 - the app's constant's name
    return max(1, MAX_ENTRANTS // len(NAMES))


def renamed(plan: list[PlannedHand], names: list[str]) -> list[PlannedHand]:
    """The same hands with the players of ``names`` in the seats of :data:`NAMES` (an event's
    table: its seated entrants)."""
    to = dict(zip(NAMES, names))
    out = []
    for p in plan:
        record = dict(p.record, deal={to[k]: v for k, v in p.record["deal"].items()},
                      turns=[dict(t, player=to[t["player"]]) for t in p.record["turns"]])
        if "lead" in record:
            record["lead"] = to[record["lead"]]
        out.append(PlannedHand(record["deal"], [(to[w], tok) for w, tok in p.steps], record, list(p.opens)))
    return out


def event_matches(db_path: str, links: list[tuple[str, str]]) -> list[dict]:
    """The matches of the event's tables, read from the database (their players and options: what
    the driver's plan must deal), with the keys as the pages gave them."""
    from referee.web import store

    db = store.open_db(db_path)
    out = []
    for edit, view in links:
        row = store.match_by_key(db, edit, "edit_key")
        if row is None:
            raise RouteError(f"no match for the table link /m/{edit}")
        out.append({**dict(row), "edit_key": edit, "view_key": view})
    db.close()
    return out


async def run_page(phone: Phone, route: str, path: str, until: float, every: float, rng: random.Random,
                   limit: int) -> None:
    """A screen with one of the event's pages open: the page loaded again every ``every`` seconds
    (its ``meta refresh``: a whole page, no cache)."""
    await asyncio.sleep(min(rng.uniform(0, every), max(0.0, until - time.monotonic())))
    k = 0
    while time.monotonic() < until and k < limit:
        t0 = time.monotonic()
        await phone.request(route, "GET", path)
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
#: the event's screens: (the phone, its route's name, the page, seconds between two loads)
_SCREENS: list[tuple[Phone, str, str, float]] = []


def _drive_share(args: tuple) -> dict:
    """One client process: drives every ``k``-th table of ``_DRIVEN`` for ``duration`` seconds."""
    import resource

    k, of, duration, move_every, poll_every, seed, limit, scorer_polls = args
    mine = _DRIVEN[k::of]
    boards = _SCREENS[k::of]
    stats = Stats()
    for t in mine:
        for phone in [t.phone] + t.viewers:
            phone.stats = stats
    for phone, *_rest in boards:
        phone.stats = stats
    rng = random.Random(seed * 7919 + k)
    me0 = resource.getrusage(resource.RUSAGE_SELF)
    clock0: list[Any] = []  # the CPU used when the clock starts (the pages opened before it)

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
        clock0.append(resource.getrusage(resource.RUSAGE_SELF))
        until = time.monotonic() + duration
        jobs = []
        for t in mine:
            jobs.append(t.run_phone(until, move_every, random.Random(rng.random()), limit))
            if scorer_polls:
                jobs.append(t.run_scorer_poll(until, poll_every, random.Random(rng.random()), limit))
            for viewer in t.viewers:
                jobs.append(t.run_viewer(until, poll_every, random.Random(rng.random()), limit, viewer))
        for phone, route, path, every in boards:
            jobs.append(run_page(phone, route, path, until, every, random.Random(rng.random()), limit))
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
        for phone, *_rest in boards:
            phone.close()

    asyncio.run(drive())
    me = resource.getrusage(resource.RUSAGE_SELF)
    return {"times": stats.times, "errors": stats.errors, "connections": stats.connections,
            "acked": [t.acked for t in mine], "lost_found": sum(t.lost_found for t in mine),
            "cpu": (me.ru_utime - me0.ru_utime) + (me.ru_stime - me0.ru_stime),
            # the clock's part of it (and after it: the lost changes looked for, the phones closed)
            "cpu_clock": (me.ru_utime - clock0[0].ru_utime) + (me.ru_stime - clock0[0].ru_stime),
            "cpu_clock_system": me.ru_stime - clock0[0].ru_stime}


def probe_read(folder: str) -> dict:
    """The probe's figures summed over the server's processes: requests and CPU seconds per route,
    and the processes' whole CPU."""
    routes: dict[str, list[float]] = {}
    process = collected = 0.0
    full = frozen = rss = 0
    for name in os.listdir(folder):
        if name.startswith("cpu-") and name.endswith(".json"):
            with open(os.path.join(folder, name)) as f:
                d = json.load(f)
            process += d["process_cpu_s"]
            collected += d.get("gc_cpu_s", 0.0)
            full += d.get("gc_full", 0)
            frozen += d.get("gc_frozen", 0)
            rss += d.get("rss_kb", 0)
            for route, (n, cpu) in d["routes"].items():
                r = routes.setdefault(route, [0, 0.0])
                r[0] += n
                r[1] += cpu
    return {"process_cpu_s": process, "routes": routes, "gc_cpu_s": collected, "gc_full": full,
            "gc_frozen": frozen, "rss_kb": rss}


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
            "outside_requests_cpu_s": round(whole - in_requests, 2),
            # the garbage collector's share (inside requests or not) and its full collections
            "gc_cpu_s": round(after.get("gc_cpu_s", 0.0) - before.get("gc_cpu_s", 0.0), 2),
            "gc_full": after.get("gc_full", 0) - before.get("gc_full", 0),
            # at the end, summed over the processes: the objects frozen out of the collector's way
            # (``gc.get_freeze_count``) and the resident memory, MB
            "gc_frozen": after.get("gc_frozen", 0), "rss_mb": round(after.get("rss_kb", 0) / 1024, 1)}


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


#: the read-only phones at a table (``--viewers``' default), as a club's evening has them: at most
#: tables nobody follows the match from another phone or one does (a player's partner, a
#: player waiting for the next round, the director), at a few two or three: weights of 0, 1, 2
#: and 3 viewers, a mean of 1.1 a table
DEFAULT_VIEWERS = "0:3,1:4,2:2,3:1"


def parse_viewers(text: str) -> list[tuple[int, float]]:
    """``--viewers``: ``V`` (every table V), ``A-B`` (each count from A to B as likely) or
    ``V:W,V:W,…`` (each count V with weight W); the counts and their weights."""
    text = str(text).strip()
    try:
        if re.fullmatch(r"\d+", text):
            out = [(int(text), 1.0)]
        elif re.fullmatch(r"\d+-\d+", text):
            lo, hi = (int(x) for x in text.split("-"))
            out = [(v, 1.0) for v in range(lo, hi + 1)]
        else:
            out = [(int(v), float(w)) for v, w in (part.split(":") for part in text.split(","))]
    except ValueError:
        out = []
    if not out or any(not 0 <= v <= 10 or not w >= 0 for v, w in out) or sum(w for _v, w in out) <= 0:
        raise ValueError(f"--viewers {text!r}: a count (0-10), a range A-B, or counts with weights V:W,V:W")
    return out


def deal_viewers(dist: list[tuple[int, float]], tables: int, seed: int) -> list[int]:
    """Each table's read-only phones, drawn from ``dist`` (seeded: the same tables every run)."""
    rng = random.Random(seed * 17 + 3)
    counts, weights = [v for v, _w in dist], [w for _v, w in dist]
    return [rng.choices(counts, weights)[0] for _ in range(tables)]


def parse_curve(text: str) -> list[int]:
    """``--curve``: the tables of each step, ``100,250,500``."""
    try:
        steps = [int(x) for x in str(text).split(",") if x.strip()]
    except ValueError:
        steps = []
    if not steps or any(not 1 <= n <= 5000 for n in steps):
        raise ValueError(f"--curve {text!r}: table counts 1..5000, separated by commas")
    return steps


@dataclass
class Evening:
    """What every table of a run does (the tables' count apart: a step of a curve)."""

    hands_before: int = 0
    duration: float = 60.0
    move_every: float = 10.0
    poll_every: float = 2.5
    seed: int = 7
    clients: int = 1
    warm_rounds: int | None = None
    viewers: list[tuple[int, float]] = field(default_factory=lambda: parse_viewers(DEFAULT_VIEWERS))
    #: the scorer's phone polls the count as the table page's script does
    scorer_polls: bool = True
    event: bool = False
    standings: int = 0  # players' phones on the public standings, besides the board and the director
    standings_every: float = STANDINGS_EVERY
    together: bool = False
    probe: str | None = None


def run_load(tables: int, hands_before: int, duration: float, move_every: float, poll_every: float,
             server: str = "gunicorn", workers: int | None = None, seed: int = 7, clients: int = 1,
             warm_rounds: int | None = None, states_events: int | None = None,
             viewers: int | str = DEFAULT_VIEWERS, event: bool = False, standings: int = 0,
             standings_every: float = STANDINGS_EVERY, postgres: str | None = None, nodes: int = 1,
             probe: str | None = None, together: bool = False, source: str | None = None,
             scorer_polls: bool = True, curve: list[int] | None = None) -> dict:
    """One bounded run (or, ``curve``, one run per table count, one after the other on one
    server); returns its figures. ``clients``: the driver's processes (each drives a share of
    the tables on connections of its own), so that one client's event loop is not the queue
    being measured."""
    workers = default_workers(server, workers)
    evening = Evening(hands_before, duration, move_every, poll_every, seed, clients, warm_rounds,
                      parse_viewers(str(viewers)), scorer_polls, event, standings, standings_every, together, probe)
    if probe:
        os.makedirs(probe, exist_ok=True)
        for name in os.listdir(probe):
            if name.startswith(("cpu-", "prof-", "go")):
                os.remove(os.path.join(probe, name))
    with serving(server, workers, states_events, postgres, nodes, probe, source) as srv:
        common = {"server": server, "workers": workers, "states_events": states_events,
                  "database": "postgresql" if isinstance(srv, Nodes) else "sqlite",
                  "nodes": len(getattr(srv, "servers", [srv]))}
        if curve is None:
            return {**common, **run_step(srv, tables, evening)}
        steps = []
        for n in curve:
            steps.append({**common, **run_step(srv, n, evening)})
            print(report_table(steps[-1]), file=sys.stderr, flush=True)
        return {**common, "curve": curve, "steps": steps}


def run_step(srv: Any, tables: int, ev: Evening) -> dict:
    """``tables`` tables driven for ``ev.duration`` seconds on the running server ``srv`` (new
    matches, a new event: a step of a curve leaves the earlier steps' tables idle)."""
    hands_before, seed, together = ev.hands_before, ev.seed, ev.together
    load_before = [round(x, 1) for x in os.getloadavg()]
    t_start = time.time()
    plans = [plan_hands(VARIANT, NAMES, hands_before + 3, seed=seed * 100003 + i, options=OPTIONS)
             for i in range(min(tables, 8))]
    plans = [plans[i % len(plans)] for i in range(tables)]  # 8 different matches, repeated
    # where each table is in its hand when the clock starts: together, every table starts its hand
    # (within the first --move-every seconds); spread, each is at a random change of its hand
    spread_rng = random.Random(seed * 31 + 1)
    within = [0 if together else spread_rng.randrange(len(plan[hands_before].steps) + 1) for plan in plans]
    made: list[dict] = []
    setup_stats = Stats()
    if ev.event:  # the director makes the events and starts their round 1 through the pages
        per = event_tables_most()
        made = [asyncio.run(create_event_by_routes(srv.port, min(per, tables - k), setup_stats))
                for k in range(0, tables, per)]
        existing = event_matches(srv.db, [link for one in made for link in one["tables"]])
        plans = [renamed(plan, list(m["players"])) for plan, m in zip(plans, existing)]
        matches = store_matches(srv.db, plans, hands_before, within, existing)
    else:
        matches = store_matches(srv.db, plans, hands_before, within)
    from referee.matches.log import record_to_events

    before_events = [len(record_to_events({"hands": [p.record for p in plan[:hands_before]]}))
                     + (len(hand_events(plan[hands_before], k - 1)) if k else 0)
                     for plan, k in zip(plans, within)]
    stats = Stats()
    ports = getattr(srv, "ports", [srv.port])
    viewers = deal_viewers(ev.viewers, tables, seed)
    ts = [Table(m, plan, hands_before, ports[i % len(ports)], stats, viewers[i], ports[(i + 1) % len(ports)], k,
                list(m.get("players") or NAMES))
          for i, (m, plan, k) in enumerate(zip(matches, plans, within))]
    global _SCREENS
    _SCREENS = []
    for one in made:  # the hall's big screen, the director's page following the round, the players' phones
        _SCREENS += ([(Phone(srv.port, stats), "GET board", one["board"], BOARD_EVERY),
                      (Phone(srv.port, stats), "GET director", one["director"] + "?follow=1", DIRECTOR_EVERY)]
                     + [(Phone(srv.port, stats), "GET standings", one["standings"], ev.standings_every)
                        for _ in range(ev.standings)])
    # before the clock starts every table's pages are opened a few times on connections of
    # their own (each new one may go to either worker), so that each worker has replayed
    # each match once (at a club the phones have them open already: what a first page costs
    # is web_bench's first_page_ms)
    warm = Stats()
    rounds = 2 * srv_workers(srv) * len(ports) if ev.warm_rounds is None else ev.warm_rounds

    async def warm_up():
        sem = asyncio.Semaphore(8)

        async def one(t):
            async with sem:
                for r in range(rounds):  # the nodes in turn
                    once = Phone(ports[r % len(ports)], warm, keep_alive=False)
                    await once.request("warm", "GET", t.edit)
                    await once.request("warm", "GET", f"/s/{t.m['view_key']}")
        await asyncio.gather(*(one(t) for t in ts))
        for _phone, _route, path, _every in _SCREENS:
            for r in range(rounds):
                await Phone(ports[r % len(ports)], warm, keep_alive=False).request("warm", "GET", path)

    w0 = time.monotonic()
    asyncio.run(warm_up())
    warm_s = time.monotonic() - w0
    limit = int(ev.duration / min(ev.move_every, ev.poll_every)) + 2
    global _DRIVEN, _READY
    _DRIVEN = ts
    clients = max(1, min(ev.clients, tables))
    jobs = [(k, clients, ev.duration, ev.move_every, ev.poll_every, seed, limit, ev.scorer_polls)
            for k in range(clients)]
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    probe = ev.probe
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
        load_at_clock = [round(x, 1) for x in os.getloadavg()]
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
    client_clock = sum(share["cpu_clock"] for share in shares)
    client_system = sum(share["cpu_clock_system"] for share in shares)
    lost_found = sum(share["lost_found"] for share in shares)
    log = check_log(srv.db, ts, before_events)
    summary = stats.summary()
    per_table = 1000 * cpu / (tables * wall) if tables and wall else 0.0
    return {"started_utc": time.strftime("%H:%M:%S", time.gmtime(t_start)),
            "ended_utc": time.strftime("%H:%M:%S", time.gmtime()),
            # the machine's load average (1, 5, 15 min) before the step, when its clock started, after
            "load_average_before": load_before, "load_average_at_clock": load_at_clock,
            "load_average_after": load_after,
            # the server's CPU demand: milliseconds of CPU per table per second
            "server_cpu_ms_per_table_s": round(per_table, 3),
            "tables": tables, "hands_before": hands_before,
            "clients": clients, "warm_rounds": rounds,
            "hands_together": together, "viewers_per_table": ev.viewers,
            "viewers": sum(viewers), "scorer_polls": ev.scorer_polls,
            "events": len(made),
            "event_screens": [{"route": r, "every_s": e} for _p, r, _path, e in _SCREENS],
            "warm_up_s": round(warm_s, 1), "duration_s": round(wall, 1),
            "move_every_s": ev.move_every, "poll_every_s": ev.poll_every,
            "server_cpu_s": round(cpu, 2), "server_cpu_share": round(cpu / wall, 2),
            # the driver's own CPU (on the same machine): when it nears its share of a busy
            # machine, the latencies are the driver's queue, not the server's
            "client_cpu_s": round(client_cpu, 2),
            # the driver's processes from the clock's start: milliseconds per table per second
            "client_cpu_ms_per_table_s": round(1000 * client_clock / (tables * wall), 3) if tables and wall else 0.0,
            # of which in the kernel (the sockets: loopback TCP is paid by the side that sends)
            "client_system_ms_per_table_s": round(1000 * client_system / (tables * wall), 3) if tables and wall else 0.0,
            # connections the phones opened: one per phone (scorer, viewers, screens) when none
            # was dropped
            "connections_opened": stats.connections,
            # changes whose answer was lost (a timeout) and which the table showed recorded
            # afterwards: counted as acknowledged, as the player at the table would
            "lost_answers_found_recorded": lost_found,
            "routes": summary, "errors": stats.errors, "timeouts": stats.timeouts(),
            "worst_p99_ms": stats.worst_p99(),
            **({"probe": probed} if probed else {}), **log}


def srv_workers(srv: Any) -> int:
    servers = getattr(srv, "servers", [srv])
    return servers[0].workers


#: the routes in the order the tables show them (the others after, by name)
ROUTE_ORDER = ["POST move", "POST end-turn", "POST hand", "GET table/n", "GET table (redraw)", "GET table",
               "GET view/n", "GET view", "GET board", "GET director", "GET standings"]


def _routes_of(steps: list[dict]) -> list[str]:
    seen = {r for st in steps for r in st["routes"]}
    return [r for r in ROUTE_ORDER if r in seen] + sorted(seen - set(ROUTE_ORDER))


def _load(xs: list[float]) -> str:
    return " ".join(f"{x:.1f}" for x in xs)


def present_words(st: dict) -> str:
    if st["every_move_present"]:
        return f"{st['acknowledged']:,}, every one present"
    return (f"{st['acknowledged']:,}: {st['missing']:,} MISSING, {st['unacknowledged_stored']:,} stored"
            " unacknowledged")


def report_table(st: dict) -> str:
    """One run's figures as a short table (p50/p95/p99/max per route, then the totals)."""
    lines = [f"{st['tables']} tables, {st['duration_s']} s ({st['started_utc']}–{st['ended_utc']} UTC),"
             f" {st['viewers']} viewers, load average {_load(st['load_average_before'])} →"
             f" {_load(st['load_average_after'])}",
             f"server CPU {st['server_cpu_share']:.2f} cores ({st['server_cpu_ms_per_table_s']:.2f} ms per"
             f" table-second), driver CPU {st['client_cpu_s']} s ({st.get('client_cpu_ms_per_table_s', 0)} ms per table-second in the clock's time, system {st.get('client_system_ms_per_table_s', 0)}); errors {sum(st['errors'].values())}"
             f" (timeouts {st['timeouts']}); acknowledged changes {present_words(st)}",
             f"{'route':<20} {'requests':>8} {'p50':>8} {'p95':>8} {'p99':>8} {'max':>8}  (ms)"]
    for r in _routes_of([st]):
        v = st["routes"][r]
        lines.append(f"{r:<20} {v['requests']:>8} {v['p50_ms']:>8} {v['p95_ms']:>8} {v['p99_ms']:>8} {v['max_ms']:>8}")
    for what, n in sorted(st["errors"].items()):
        lines.append(f"  error: {what} × {n}")
    return "\n".join(lines)


def curve_table(out: dict, command: str) -> str:
    """The curve as docs/performance.md shows it: the command, then one row a step (tables, load
    average before → after, the server's CPU, p50/p99 per route, errors, acknowledged changes)."""
    steps = out["steps"]
    routes = _routes_of(steps)
    head = (["tables", "time (UTC)", "load average before → after", "server CPU (cores)", "ms per table-second"]
            + [f"{r} p50/p99 ms" for r in routes] + ["errors (timeouts)", "acknowledged changes"])
    lines = [f"`{command}`", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for st in steps:
        cells = [f"{st['tables']:,} ({st['viewers']:,} viewers" + (f", {st['events']} events)" if st.get("events") else ")"),
                 f"{st['started_utc']}–{st['ended_utc']}",
                 f"{_load(st['load_average_before'])} → {_load(st['load_average_after'])}",
                 f"{st['server_cpu_share']:.2f}", f"{st['server_cpu_ms_per_table_s']:.2f}"]
        for r in routes:
            v = st["routes"].get(r)
            cells.append(f"{v['p50_ms']:,.0f}/{v['p99_ms']:,.0f}" if v else "–")
        cells += [f"{sum(st['errors'].values())} ({st['timeouts']})", present_words(st)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--hands-before", type=int, default=0, help="hands already played in each match")
    ap.add_argument("--duration", type=float, default=60.0, help="seconds of load (at most 600)")
    ap.add_argument("--move-every", type=float, default=10.0)
    ap.add_argument("--poll-every", type=float, default=2.5)
    ap.add_argument("--server", default="referee", choices=["gunicorn", "referee", "waitress"],
                    help="referee (`referee serve`: granian, waitress on Windows; the default), gunicorn (sync workers;"
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
    ap.add_argument("--viewers", type=_arg(parse_viewers), default=parse_viewers(DEFAULT_VIEWERS), metavar="V",
                    help="read-only phones at each table: V, a range A-B, or counts with weights V:W,V:W"
                         f" (default {DEFAULT_VIEWERS}: a club's evening, a mean of 1.1 a table)")
    ap.add_argument("--no-scorer-poll", action="store_true",
                    help="the scorer's phone does not poll the count between its changes (the table page's"
                         " script does, every --poll-every seconds)")
    ap.add_argument("--event", action="store_true",
                    help="the tables are round 1 of an event a director makes through the pages (100 tables"
                         " an event at most: more are several events); each event's board in the hall (every"
                         f" {BOARD_EVERY:.0f} s) and its director's page (every {DIRECTOR_EVERY:.0f} s) follow it")
    ap.add_argument("--standings", type=int, default=0, metavar="S",
                    help="with --event: players' phones with the public standings open too (default 0)")
    ap.add_argument("--standings-every", type=float, default=STANDINGS_EVERY, metavar="T",
                    help=f"with --event: seconds between two loads of the standings on a phone (default"
                         f" {STANDINGS_EVERY:.0f}, as the page refreshes itself)")
    ap.add_argument("--curve", type=_arg(parse_curve), default=None, metavar="N,N,…",
                    help="one run per table count (--tables is then unused), one after the other on one"
                         " server; prints the curve's table")
    ap.add_argument("--json", default=None, metavar="FILE", help="the figures written to FILE too")
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
                    help="an option more for `referee serve` (repeatable), e.g. --serve-option=--threads=2")
    args = ap.parse_args(argv)
    SERVE_OPTIONS[:] = args.serve_option
    if not 1 <= args.tables <= 5000 or not 0 < args.duration <= 600:
        ap.error("--tables 1..5000, --duration up to 600 s")
    viewers = ",".join(f"{v}:{w:g}" for v, w in args.viewers)
    out = run_load(args.tables, args.hands_before, args.duration, args.move_every, args.poll_every,
                   args.server, args.workers, args.seed, args.clients, args.warm, args.states_events,
                   viewers, args.event, args.standings, args.standings_every, args.postgres, args.nodes,
                   args.probe, args.together, args.source, not args.no_scorer_poll, args.curve)
    out["command"] = command_line(argv)
    text = json.dumps(out, ensure_ascii=False, indent=1)
    print(text)
    if args.json:
        with open(args.json, "w") as f:
            f.write(text + "\n")
    steps = out.get("steps", [out])
    if args.curve:
        print(curve_table(out, out["command"]), file=sys.stderr)
    else:
        print(report_table(out), file=sys.stderr)
    return 0 if all(st["every_move_present"] and not st["errors"] for st in steps) else 1


def _arg(parse: Any) -> Any:
    """An argparse type from a parser that raises ValueError with its own words."""
    def convert(text: str) -> Any:
        try:
            return parse(text)
        except ValueError as err:
            raise argparse.ArgumentTypeError(str(err)) from None
    return convert


def command_line(argv: list[str] | None) -> str:
    """The command as it was typed (the path of the driver relative to the checkout)."""
    import shlex

    args = sys.argv[1:] if argv is None else argv
    return " ".join([".venv/bin/python tools/web_load.py"] + [shlex.quote(a) for a in args])


if __name__ == "__main__":
    sys.exit(main())
