"""What a WSGI server costs per request while phones hold their connections open.

    python tools/serve_bench.py [--servers granian,waitress,gevent,cheroot] [--idle 200,1000,2000]
                                [--rate 300] [--duration 20] [--active 20] [--path /offline,/s/{view}/n]
                                [--workers 1] [--threads 8] [--rounds 1] [--hands 5]

For each number of idle connections and each server (the servers in turn, so that the machine's
other work weighs on each alike), it starts the server on 127.0.0.1 (a free port, a fresh data
folder in a temporary directory), opens ``--idle`` keep-alive connections that each load the page
once and then stay open without a word (phones between two polls: two per table), then sends
``--rate`` requests a second for ``--duration`` seconds on ``--active`` other kept-open
connections, and prints per server: the server's CPU milliseconds per request (all its
processes, from ``/proc``), the latency p50/p99, the errors, the load average before and after.
``--path``: the routes, a run each, one after the other; ``{view}`` stands for the read-only key
of a match stored in the fresh data folder before the server starts (``--hands`` complete hands
played, traditional, four players): ``/s/{view}/n`` is a phone's poll (answered in front of
Flask), ``/s/{view}`` the read-only view's page.

The servers: ``waitress`` is ``referee serve`` (waitress with its settings: the connection limit
raised, ``poll()``; ``--workers``; ``--threads``); the candidates, when installed, are run by this
tool on the same app, one process each: ``gevent`` (``gevent.pywsgi.WSGIServer``, a greenlet per
connection on epoll, ``TCP_NODELAY`` as waitress sets it; no monkey-patching) and ``cheroot``
(``cheroot.wsgi.Server``, 8 threads, its keep-alive limit and idle timeout raised to hold the
connections). Linux only (the CPU is read from ``/proc``). Only loopback addresses are contacted;
every run is bounded by the duration.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOST = "127.0.0.1"

CHEROOT = """
import sys
from cheroot import wsgi
from referee import create_app
server = wsgi.Server((sys.argv[1], int(sys.argv[2])), create_app(instance_path=sys.argv[3]), numthreads=8,
                     request_queue_size=2048, timeout=120)
server.keep_alive_conn_limit = 100000
print("listening", flush=True)
try:
    server.start()
except KeyboardInterrupt:
    server.stop()
"""


GEVENT = """
import socket, sys
from gevent.pywsgi import WSGIServer
from referee import create_app

class Server(WSGIServer):
    def handle(self, sock, address):
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return super().handle(sock, address)

Server((sys.argv[1], int(sys.argv[2])), create_app(instance_path=sys.argv[3]), log=None).serve_forever()
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def children(pid: int) -> list[int]:
    out = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(name))
    return out


def cpu_s(pids: list[int]) -> float:
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / tick


def start(kind: str, workers: int, threads: int, folder: str) -> tuple[subprocess.Popen, int]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")}
    env.update(REFEREE_SECRET_KEY="bench", PYTHONPATH=ROOT)
    if kind in ("cheroot", "gevent"):
        cmd = [sys.executable, "-c", CHEROOT if kind == "cheroot" else GEVENT, HOST, str(port), folder]
    else:
        cmd = [sys.executable, "-m", "referee", "serve", "--host", HOST, "--port", str(port), "--instance", folder,
               "--no-access-log", "--lang", "en", "--workers", str(workers), "--threads", str(threads),
               "--server", kind]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=open(os.path.join(folder, "err"), "w"),
                            start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((HOST, port), timeout=1):
                break
        except OSError:
            if proc.poll() is not None:
                raise SystemExit(f"{kind} did not start: " + open(os.path.join(folder, "err")).read()[-2000:]) from None
            time.sleep(0.2)
    # the workers (granian's always, waitress's with --workers above 1): each makes its app
    want = workers if kind == "granian" or workers > 1 else 0
    while time.monotonic() < deadline and len(children(proc.pid)) < want:
        time.sleep(0.2)
    time.sleep(1.5)  # the workers' apps made
    return proc, port


async def request(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, path: str) -> int:
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nAccept-Language: en\r\n\r\n".encode())
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":", 1)[1])
    await reader.readexactly(length)
    return status


async def drive(port: int, idle: int, rate: float, duration: float, active: int, path: str,
                server: int) -> dict:
    held = []
    sem = asyncio.Semaphore(100)

    async def one_idle() -> None:
        async with sem:
            r, w = await asyncio.wait_for(asyncio.open_connection(HOST, port), 30)
            await asyncio.wait_for(request(r, w, path), 30)
            held.append(w)

    results = await asyncio.gather(*(one_idle() for _ in range(idle)), return_exceptions=True)
    idle_failed = sum(isinstance(x, BaseException) for x in results)
    await asyncio.sleep(1.0)
    latencies: list[float] = []
    stamps: list[tuple[float, float]] = []  # (when it was sent, from the clock's start; how long it took)
    errors = [0]
    every = active / rate
    pids = [server, *children(server)]  # (read once the idle connections are served: every worker is up)
    c0, t0 = cpu_s(pids), time.monotonic()
    end = t0 + duration

    async def phone() -> None:
        r, w = await asyncio.open_connection(HOST, port)
        held.append(w)
        await asyncio.sleep(random.random() * every)
        due = time.monotonic()
        while due < end:
            s = time.monotonic()
            try:
                status = await asyncio.wait_for(request(r, w, path), 30)
                if status != 200:
                    errors[0] += 1
            except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError):
                errors[0] += 1
                w.close()
                r, w = await asyncio.open_connection(HOST, port)
                held.append(w)
            latencies.append(time.monotonic() - s)
            stamps.append((s - t0, latencies[-1]))
            due += every
            await asyncio.sleep(max(0.0, due - time.monotonic()))

    await asyncio.gather(*(phone() for _ in range(active)))
    spent, elapsed = cpu_s(pids) - c0, time.monotonic() - t0
    for w in held:
        w.close()
    latencies.sort()
    n = len(latencies)
    return {"requests": n, "cpu_ms_per_request": 1000 * spent / max(1, n), "server_cores": spent / elapsed,
            "p50": 1000 * latencies[n // 2] if n else 0, "p99": 1000 * latencies[int(n * 0.99)] if n else 0,
            "max": 1000 * latencies[-1] if n else 0, "over_100": sum(x > 0.1 for x in latencies),
            "slow_at": sorted(round(t, 1) for t, x in stamps if x > 0.1)[:12],
            "errors": errors[0], "idle_failed": idle_failed}


def store_match(folder: str, hands: int) -> str:
    """A match stored in the data folder ``folder`` (``hands`` complete hands played, its
    checkpoint kept, as ``tools/web_load.py`` stores them): its read-only key."""
    for where in (ROOT, os.path.join(ROOT, "tools")):
        if where not in sys.path:
            sys.path.insert(0, where)
    from web_load import NAMES, OPTIONS, VARIANT, plan_hands, store_matches

    plan = plan_hands(VARIANT, NAMES, hands + 1, seed=11, options=OPTIONS)
    (match,) = store_matches(os.path.join(folder, "referee.db"), [plan], hands)
    return str(match["view_key"])


def app_alone_ms(path: str, hands: int, n: int = 300) -> float:
    """The app's own CPU for ``path`` (called in this process, no server): what each server
    adds is its CPU per request less this."""
    folder = tempfile.mkdtemp(prefix="referee-bench-")
    try:
        os.environ["REFEREE_SECRET_KEY"] = "bench"
        sys.path.insert(0, ROOT)
        if "{view}" in path:
            path = path.format(view=store_match(folder, hands))
        from werkzeug.test import EnvironBuilder

        from referee import create_app

        app = create_app(instance_path=folder)

        def call() -> None:
            environ = EnvironBuilder(path=path, headers={"Accept-Language": "en"}).get_environ()
            body = app(environ, lambda status, headers, exc_info=None: None)
            b"".join(body)
            getattr(body, "close", lambda: None)()

        for _ in range(20):
            call()
        c0 = time.process_time()
        for _ in range(n):
            call()
        return 1000 * (time.process_time() - c0) / n
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--servers", default="granian,waitress")
    ap.add_argument("--idle", default="200,1000,2000", help="idle keep-alive connections, a run each")
    ap.add_argument("--rate", type=float, default=300.0, help="requests a second on the active connections")
    ap.add_argument("--duration", type=float, default=20.0)
    ap.add_argument("--active", type=int, default=20)
    ap.add_argument("--path", default="/offline", help="the routes, comma-separated, a run each ({view}: a match's "
                                                        "read-only key)")
    ap.add_argument("--hands", type=int, default=5, help="the hands played in the match of {view}")
    ap.add_argument("--workers", type=int, default=1,
                    help="referee serve's processes, waitress's and granian's (gevent and cheroot run one)")
    ap.add_argument("--threads", type=int, default=8, help="referee serve's threads a process")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--verbose", action="store_true", help="the slowest answer and when the slow ones were sent")
    args = ap.parse_args()
    if not 1 <= args.duration <= 300:
        raise SystemExit("--duration: from 1 to 300 s")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 20000), hard))
    servers = [s for s in args.servers.split(",") if s]
    paths = [p for p in args.path.split(",") if p]
    for path in paths:
        print(f"the app alone (no server, in one process): {app_alone_ms(path, args.hands):.2f} ms of CPU per {path}",
              flush=True)
    print("path | server | idle connections | workers | requests | server CPU ms/request | server cores | "
          "p50 ms | p99 ms | errors | load before -> after", flush=True)
    for rnd in range(args.rounds):
        for path, idle in ((p, int(x)) for p in paths for x in args.idle.split(",")):
            order = servers[rnd % len(servers):] + servers[:rnd % len(servers)]
            for kind in order:
                folder = tempfile.mkdtemp(prefix="referee-bench-")
                workers = args.workers if kind in ("waitress", "granian") else 1
                url = path.format(view=store_match(folder, args.hands)) if "{view}" in path else path
                load0 = os.getloadavg()[0]
                proc, port = start(kind, workers, args.threads, folder)
                try:
                    res = asyncio.run(drive(port, idle, args.rate, args.duration, args.active, url, proc.pid))
                finally:
                    os.killpg(proc.pid, signal.SIGTERM)
                    try:
                        proc.wait(20)
                    except subprocess.TimeoutExpired:
                        os.killpg(proc.pid, signal.SIGKILL)
                        proc.wait()
                    shutil.rmtree(folder, ignore_errors=True)
                print(f"{path} | {kind} | {idle} | {workers} | {res['requests']} | {res['cpu_ms_per_request']:.2f} | "
                      f"{res['server_cores']:.2f} | {res['p50']:.1f} | {res['p99']:.1f} | "
                      f"{res['errors']} (idle refused: {res['idle_failed']}) | {load0:.1f} -> {os.getloadavg()[0]:.1f}",
                      flush=True)
                if args.verbose:
                    print(f"    max {res['max']:.0f} ms; over 100 ms: {res['over_100']}, sent at (s) {res['slow_at']}",
                          flush=True)


if __name__ == "__main__":
    main()
