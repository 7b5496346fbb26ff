"""How long a move's write takes on SQLite when the server is busy: writers in several processes,
each process's threads sharing its GIL with threads that run Python the while (a worker drawing
pages), as the server's workers do at a club's busiest hour. Side by side for several checkouts
(each its own store code), interleaved (A, B, B, A …), one run each per round.

    python tools/write_wait.py [--source DIR ...] [--processes 2] [--writers 8] [--busy 2]
        [--rate 100] [--duration 20] [--rounds 2] [--json FILE]

Each process: ``--writers`` threads, each with its own connection (as the server's pool gives
them), writing one change at a time to a match of its own through ``store.append_all`` (the
match service's write) at random moments, ``--rate`` writes a second in all processes together;
and ``--busy`` threads spinning Python (a page's drawing) about half of the time each. Reported:
each write's wall time from the call to its return (acknowledged: committed and synced), p50 /
p90 / p99 / max ms, per checkout and round, and the machine's load average before and after. A
benchmark, not a test: the times are the machine's and its load's.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def _worker(args: argparse.Namespace) -> None:
    """One process of a run: its writers and busy threads; prints its writes' times (ms) as JSON."""
    import threading

    from referee.matches import store

    matches: list[int] = json.loads(args.matches)
    stop_at = args.start + args.duration
    times: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    rate_each = args.rate / (args.processes * args.writers)

    def writer(match_id: int, seed: int) -> None:
        rng = random.Random(seed)
        db = store.open_db(args.database)
        n = store.event_count(db, match_id)
        try:
            while True:
                time.sleep(rng.expovariate(rate_each))
                if time.time() >= stop_at:
                    return
                change = ("result", {"result": {"out": "Анна", "left": {"Борис": rng.randint(0, 60)}}})
                t0 = time.perf_counter()
                try:
                    store.append_all(db, match_id, n, [change], op=f"{match_id}-{n}")
                except Exception as e:  # noqa: BLE001 - counted and reported, the run goes on
                    with lock:
                        errors.append(type(e).__name__)
                    n = store.event_count(db, match_id)
                    continue
                dt = (time.perf_counter() - t0) * 1000
                n += 1
                with lock:
                    times.append(dt)
        finally:
            db.conn.close()

    def busy(seed: int) -> None:
        rng = random.Random(seed)
        while time.time() < stop_at:
            end = time.perf_counter() + rng.uniform(0.002, 0.010)  # a page's Python
            x = 0
            while time.perf_counter() < end:
                x += sum(range(200))
            time.sleep(rng.uniform(0.002, 0.010))

    time.sleep(max(0.0, args.start - time.time()))
    threads = [threading.Thread(target=writer, args=(m, i)) for i, m in enumerate(matches)]
    threads += [threading.Thread(target=busy, args=(1000 + i,)) for i in range(args.busy)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(json.dumps({"times": times, "errors": errors}))


def _prepare(source: str, database: str, n: int) -> list[int]:
    code = (
        "import json, sys\n"
        "from referee.matches import store\n"
        "db = store.open_db(sys.argv[1])\n"
        "ids = [store.create_match(db, 'traditional', {'opener': 'highest_double', 'target': 10000},"
        " ['Анна', 'Борис'])['id'] for _ in range(int(sys.argv[2]))]\n"
        "print(json.dumps(ids))\n")
    out = subprocess.run([sys.executable, "-c", code, database, str(n)], check=True, capture_output=True,
                         text=True, env={**os.environ, "PYTHONPATH": source}).stdout
    ids: list[int] = json.loads(out)
    return ids


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))] if xs else float("nan")


def _run(source: str, args: argparse.Namespace) -> dict[str, object]:
    with tempfile.TemporaryDirectory(prefix="write-wait-") as tmp:
        database = os.path.join(tmp, "referee.db")
        ids = _prepare(source, database, args.processes * args.writers)
        start = time.time() + 2.0
        load_before = os.getloadavg()[0]
        procs = []
        for p in range(args.processes):
            mine = ids[p * args.writers:(p + 1) * args.writers]
            procs.append(subprocess.Popen(
                [sys.executable, os.path.abspath(__file__), "--worker", "--database", database,
                 "--matches", json.dumps(mine), "--start", str(start), "--duration", str(args.duration),
                 "--rate", str(args.rate), "--processes", str(args.processes), "--writers", str(args.writers),
                 "--busy", str(args.busy)],
                stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": source}))
        times: list[float] = []
        errors: list[str] = []
        for proc in procs:
            out, _ = proc.communicate(timeout=args.duration + 120)
            got = json.loads(out)
            times += got["times"]
            errors += got["errors"]
        return {"source": source, "writes": len(times), "errors": len(errors),
                "p50": _pct(times, 50), "p90": _pct(times, 90), "p99": _pct(times, 99),
                "max": max(times) if times else float("nan"),
                "load": [round(load_before, 2), round(os.getloadavg()[0], 2)]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--source", action="append", default=None, help="a checkout to measure (repeat for several)")
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--writers", type=int, default=8)
    ap.add_argument("--busy", type=int, default=2)
    ap.add_argument("--rate", type=float, default=100.0)
    ap.add_argument("--duration", type=float, default=20.0)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--json", default=None)
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--database", help=argparse.SUPPRESS)
    ap.add_argument("--matches", help=argparse.SUPPRESS)
    ap.add_argument("--start", type=float, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        _worker(args)
        return
    sources = [os.path.abspath(s) for s in (args.source or [os.path.dirname(HERE)])]
    results = []
    for r in range(args.rounds):
        order = sources if r % 2 == 0 else sources[::-1]
        for source in order:
            res = _run(source, args)
            res["round"] = r + 1
            results.append(res)
            print(f"round {r + 1} {source}: {res['writes']} writes, {res['errors']} errors, ms p50 "
                  f"{res['p50']:.2f} p90 {res['p90']:.2f} p99 {res['p99']:.2f} max {res['max']:.1f}, "
                  f"load {res['load'][0]} -> {res['load'][1]}", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
