"""The web app's benchmark: server CPU per recorded move as a match grows, and the tables it holds.

    python tools/web_bench.py [--server referee|gunicorn|waitress] [--workers N] [--no-ceiling]
                              [--ceiling-duration 40] [--before DIR [--rounds 2]]

``--workers N``: the server's processes (``referee serve --workers N``, by default one; gunicorn's
``-w N``, by default 2). One process against two on a quiet machine: run it with ``--workers 1``
and with ``--workers 2``.

Prints JSON. Against the production server on 127.0.0.1 (its own port and a database in a
temporary folder; see ``tools/web_load.py``), on matches of traditional dominoes, 4 players, the
deal entered (every move fully checked), played from a seeded random run through the engine:

- ``cpu_per_move_ms``: the server's CPU time (user + system of all its processes, read from
  /proc) per recorded move of hand 1, 10 and 30 (the hands before it stored as played), a move
  being what a phone does: the POST and the page it is redirected to. One phone, one move at a
  time, every move of the hand.
- ``score_ms`` / ``sheet_ms``: the scoreboard page and the scoresheet PDF at hand 30.
- ``first_page_ms``: the first page of a 30-hand match that no worker has replayed yet (a
  restart: what a miss costs; 8 such matches).
- ``ceiling``: the most tables (each a phone moving every 10 s and a viewer polling every 2.5 s)
  held with every route's p99 under 100 ms, for short matches (hand 1) and for 30-hand matches;
  found by doubling the tables until a run fails, then halving the gap (each run
  ``--ceiling-duration`` seconds; every run's figures are in ``ceiling_runs``).

The machine's other work shows up in the figures: compare runs on an idle machine. Speed is
never asserted in a test; this is a benchmark.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import web_load  # noqa: E402
from web_load import NAMES, OPTIONS, VARIANT, Phone, Server, Stats, form_of, plan_hands, store_matches  # noqa: E402


async def _play_hand(port: int, m: dict, planned, stats: Stats) -> int:
    """Start the hand and play every move of it as one phone would; returns the moves made."""
    phone = Phone(port, stats)
    edit = f"/m/{m['edit_key']}"
    page = await phone.request("GET table", "GET", edit)
    if page is None:
        raise SystemExit(f"no answer from the server: {stats.errors}")
    form = form_of(page.text())
    n_before = int(form["n"])
    data = {f"deal_{i}": " ".join(planned.deal[p]) for i, p in enumerate(NAMES)}
    if planned.record.get("lead"):
        data["lead"] = planned.record["lead"]
    ans = await phone.request("POST hand", "POST", edit + "/hand", {**form, **data})
    assert ans is not None and ans.status == 302, "the hand was refused"
    form = form_of((await phone.request("GET table", "GET", edit)).text())
    steps = list(planned.steps)
    if steps and int(form["n"]) == n_before + 2:
        # the app recorded the opening the rules leave no choice about with the start (the deal
        # known), as a table's phone would see: the hand's first planned move is done
        steps = steps[1:]
    moves = 0
    for _player, tok in steps:
        path, data = ("/end-turn", {}) if tok == "end" else ("/move", {"token": tok})
        ans = await phone.request("POST move", "POST", edit + path, {**form, **data})
        if ans is None or ans.status != 302:
            raise SystemExit(f"move {tok} refused: {ans.status if ans else 'no answer'}")
        page = await phone.request("GET table", "GET", ans.location or edit)
        form = form_of(page.text())
        moves += 1
    return moves


def per_move(server: str, workers: int, hands: list[int], seed: int, matches_each: int = 4,
             source: str | None = None) -> dict:
    """Server CPU per move at each hand number in ``hands`` (``matches_each`` matches each, every
    move of that hand), and the pages at the last."""
    top = max(hands)
    plans = [plan_hands(VARIANT, NAMES, top, seed=seed + i, options=OPTIONS) for i in range(matches_each)]
    out: dict = {"cpu_per_move_ms": {}, "moves": {}}
    with Server(server, workers, source=source) as srv:
        matches = {k: store_matches(srv.db, plans, k - 1) for k in hands}
        # the page of every match opened by every worker first (as at a table that is playing:
        # the phones have it open); a miss is measured below on its own
        for ms in matches.values():
            for m in ms:
                for _ in range(workers * 3):
                    asyncio.run(Phone(srv.port, Stats()).request("GET table", "GET", f"/m/{m['edit_key']}"))
        for k in hands:
            stats = Stats()
            c0 = srv.cpu()
            n = sum(asyncio.run(_play_hand(srv.port, m, plan[k - 1], stats))
                    for m, plan in zip(matches[k], plans))
            out["cpu_per_move_ms"][f"hand_{k}"] = round(1000 * (srv.cpu() - c0) / n, 2)
            out["moves"][f"hand_{k}"] = n
        plan = plans[0]
        m = matches[top][0]
        for name, path, reps in (("score_ms", f"/m/{m['edit_key']}/score", 20),
                                 ("sheet_ms", f"/m/{m['edit_key']}/sheet.pdf", 6)):
            phone = Phone(srv.port, Stats())
            asyncio.run(phone.request(name, "GET", path))  # the first one opens WeasyPrint etc.
            c0 = srv.cpu()
            for _ in range(reps):
                ans = asyncio.run(phone.request(name, "GET", path))
                assert ans is not None and ans.status == 200, (path, ans and ans.status)
            out[name] = round(1000 * (srv.cpu() - c0) / reps, 2)
        fresh = store_matches(srv.db, [plan] * 8, top)
        c0 = srv.cpu()
        for m in fresh:
            asyncio.run(Phone(srv.port, Stats()).request("first", "GET", f"/m/{m['edit_key']}"))
        out["first_page_ms"] = round(1000 * (srv.cpu() - c0) / len(fresh), 2)
    one, last = out["cpu_per_move_ms"][f"hand_{min(hands)}"], out["cpu_per_move_ms"][f"hand_{top}"]
    out["ratio_last_to_first"] = round(last / one, 2) if one else None
    return out


FIGURES = ("hand_1", "hand_10", "hand_30", "score_ms", "sheet_ms", "first_page_ms", "ratio_last_to_first")


def _flat(r: dict) -> dict:
    return {**{k: v for k, v in r["cpu_per_move_ms"].items()},
            **{k: r[k] for k in ("score_ms", "sheet_ms", "first_page_ms", "ratio_last_to_first")}}


def before_after(server: str, workers: int, seed: int, before: str, rounds: int) -> dict:
    """The per-move figures of ``before`` (another checkout) and of this checkout, measured in
    turn (before, after, before, after, ...): both see the machine's load of the same minutes."""
    import statistics

    runs: dict[str, list[dict]] = {"before": [], "after": []}
    for _ in range(rounds):
        for label, source in (("before", before), ("after", None)):
            la0 = os.getloadavg()[0]
            t0 = time.strftime("%H:%M:%S")
            r = _flat(per_move(server, workers, [1, 10, 30], seed, source=source))
            r["started"], r["load_average_1min"] = t0, [round(la0, 2), round(os.getloadavg()[0], 2)]
            runs[label].append(r)
            print(f"  {label} {t0}: {r}", file=sys.stderr)
    med = {label: {k: round(statistics.median(x[k] for x in rs), 2) for k in FIGURES}
           for label, rs in runs.items()}
    return {"before_source": before, "runs": runs, "median": med,
            "after_over_before": {k: round(med["after"][k] / med["before"][k], 2) if med["before"][k] else None
                                  for k in FIGURES}}


def ceiling(server: str, workers: int, hands_before: int, duration: float, start: int = 50,
            most: int = 3200) -> tuple[int, list[dict]]:
    """The most tables held at p99 < 100 ms (doubling, then halving the gap to within 10%)."""
    runs: list[dict] = []

    def ok(n: int) -> bool:
        r = web_load.run_load(n, hands_before, duration, 10.0, 2.5, server, workers)
        r.pop("routes_detail", None)
        runs.append({k: r[k] for k in ("tables", "hands_before", "worst_p99_ms", "errors",
                                       "every_move_present", "server_cpu_share", "load_average_before",
                                       "load_average_after", "server_cpu_ms_per_table_s", "routes")})
        print(f"  {n} tables, {hands_before} hands before: worst p99 {r['worst_p99_ms']} ms, "
              f"errors {sum(r['errors'].values())}, every move present: {r['every_move_present']}",
              file=sys.stderr)
        return r["worst_p99_ms"] < 100 and not r["errors"] and r["every_move_present"]

    good, bad = 0, None
    n = start
    while n <= most:
        if ok(n):
            good, n = n, n * 2
        else:
            bad = n
            break
    if bad is None:
        return good, runs
    while bad - good > max(10, good // 10):
        mid = (good + bad) // 2
        if ok(mid):
            good = mid
        else:
            bad = mid
    return good, runs


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--server", default="referee", choices=["gunicorn", "referee", "waitress"],
                    help="referee (`referee serve`: waitress; the default), gunicorn (sync workers;"
                         " `pip install gunicorn` first)")
    ap.add_argument("--workers", type=int, default=None, metavar="N",
                    help="the server's processes: `referee serve --workers N` (default 1), gunicorn -w N"
                         " (default 2)")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--no-ceiling", action="store_true")
    ap.add_argument("--ceiling-duration", type=float, default=40.0)
    ap.add_argument("--source", help="serve the app of another checkout (a before/after comparison;"
                                     " the matches are still made by this one)")
    ap.add_argument("--before", metavar="DIR",
                    help="before/after in one run: the per-move figures of the checkout DIR (before) and of"
                         " this one (after), measured in turn --rounds times each, with the load average"
                         " beside each run; the medians and the ratios are printed")
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args(argv)
    args.workers = web_load.default_workers(args.server, args.workers)
    out = {"measured": time.strftime("%Y-%m-%d %H:%M"), "machine": f"{platform.machine()}, "
           f"{os.cpu_count()} cores, Python {platform.python_version()}", "server": args.server,
           "workers": args.workers, "variant": f"{VARIANT}, {len(NAMES)} players, deal entered"}
    if args.source:
        out["source"] = args.source
    if args.before:
        out.update(before_after(args.server, args.workers, args.seed, args.before, args.rounds))
        print(json.dumps(out, ensure_ascii=False, indent=1))
        return 0
    out.update(per_move(args.server, args.workers, [1, 10, 30], args.seed, source=args.source))
    if not args.no_ceiling:
        out["ceiling"] = {}
        out["ceiling_runs"] = []
        for label, before in (("short", 0), ("hand_30", 29)):
            n, runs = ceiling(args.server, args.workers, before, args.ceiling_duration)
            out["ceiling"][label] = n
            out["ceiling_runs"] += runs
    print(json.dumps(out, ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
