"""CPU and Python calls per request of a change answered with the table (as the page's script
posts it: ``X-Referee: fetch``), the read-only view, the table page and a hand's start, each at
a random point of hand 30 (29 hands played); ``drawn``: the view with nothing kept of it, in one process with nothing else running.

    python tools/page_cost.py [--rounds 30] [--source DIR]

``--source DIR`` measures another checkout's app (its ``referee`` package and templates) with
this checkout's driver, so that two checkouts run side by side give before/after ratios under
the same load. Each route is run ``--rounds`` times on its own matches: half timed (the median
CPU time), half under cProfile, whose count of Python calls per request does not depend on the
machine's load. A benchmark for a developer: nothing is asserted.
"""

from __future__ import annotations

import argparse
import cProfile
import gzip
import os
import pstats
import random
import statistics
import sys
import tempfile
import time


def server_collector() -> None:
    """The garbage collector set as ``referee serve`` sets it in its processes (this checkout's
    thresholds, whichever checkout is measured): without it a full collection of the growing
    heap lands in whichever request runs then, and its time in whichever function."""
    import gc

    try:
        from referee.server import SERVER_GC_THRESHOLDS as thresholds
    except ImportError:  # a checkout from before them: this checkout's
        thresholds = (10_000, 20, 20)
    gc.collect()
    gc.freeze()
    gc.set_threshold(*thresholds)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=30)
    ap.add_argument("--source", default=None, help="the checkout whose app is measured")
    ap.add_argument("--route", default=None, help="only these routes (move, view, drawn, table, hand; commas)")
    ap.add_argument("--own-hands", action="store_true",
                    help="each match its own hands (as a club's tables): a move's layout is one no other "
                         "match has shown, as under web_load; without it every match plays the same hands")
    ap.add_argument("--profile", type=int, default=0, metavar="N",
                    help="also print each route's N functions of most cumulative time (cProfile)")
    args = ap.parse_args(argv)
    if args.source:
        sys.path.insert(0, os.path.abspath(args.source))
    sys.path.insert(1, os.path.dirname(os.path.abspath(__file__)))
    from web_load import NAMES, OPTIONS, VARIANT, form_of, plan_hands, store_matches

    from referee import create_app

    rounds = args.rounds
    db = os.path.join(tempfile.mkdtemp(prefix="referee-cost-"), "p.db")
    plan = plan_hands(VARIANT, NAMES, 31, seed=11, options=OPTIONS)
    rng = random.Random(5)
    steps = len(plan[29].steps)
    # a match per request: the moves' and views' at a random point of hand 30, the starts' between hands
    within = [rng.randint(2, steps - 1) for _ in range(2 * rounds)] + [0] * rounds
    # the same hands for every match, or (``--own-hands``) each its own, cut to the same 30th hand's
    # length so that the points of it drawn are the same
    plans = [plan] * len(within)
    if args.own_hands:
        plans, seed = [], 1000
        while len(plans) < len(within):  # hands whose 30th has some moves to make
            own = plan_hands(VARIANT, NAMES, 31, seed=seed, options=OPTIONS)
            seed += 1
            if len(own) >= 30 and len(own[29].steps) >= 3:
                plans.append(own)
        within = [min(w, len(p[29].steps) - 1) if w else 0 for w, p in zip(within, plans)]
    ms = store_matches(db, plans, 29, within=within)
    app = create_app({"DATABASE": db, "SECRET_KEY": "cost"})
    server_collector()  # the collector as in a server's process, for both checkouts alike
    client = app.test_client()
    headers = {"Accept-Language": "ru", "Accept-Encoding": "gzip", "X-Referee": "fetch"}

    def text(r) -> str:  # type: ignore[no-untyped-def]
        b = r.get_data()
        return (gzip.decompress(b) if r.headers.get("Content-Encoding") == "gzip" else b).decode()

    # every table opened once and every view once, as on the worker that serves them
    forms = {m["id"]: form_of(text(client.get(f"/m/{m['edit_key']}", headers=headers))) for m in ms}
    for m in ms:
        client.get(f"/s/{m['view_key']}", headers=headers)

    def deal_of(i: int) -> dict[str, str]:
        hand = plans[i][29]
        deal = {f"deal_{s}": " ".join(hand.deal[p]) for s, p in enumerate(NAMES)}
        if hand.record.get("lead"):
            deal["lead"] = hand.record["lead"]
        return deal

    def move(i: int) -> None:
        m = ms[i]
        _player, tok = plans[i][29].steps[within[i] - 1]
        path, data = ("/end-turn", {}) if tok == "end" else ("/move", {"token": tok})
        r = client.post(f"/m/{m['edit_key']}{path}", data={**forms[m["id"]], **data}, headers=headers)
        assert r.status_code == 200, r.status_code

    def view(i: int) -> None:
        assert client.get(f"/s/{ms[rounds + i]['view_key']}", headers=headers).status_code == 200

    def drawn(i: int) -> None:  # the view drawn: nothing kept of it (a checkout that keeps views)
        from referee.web import share

        kept = getattr(share, "_VIEWS", None)
        if kept is not None:
            kept.clear()
        view(i)

    def table(i: int) -> None:
        assert client.get(f"/m/{ms[rounds + i]['edit_key']}", headers=headers).status_code == 200

    def hand(i: int) -> None:
        m = ms[2 * rounds + i]
        r = client.post(f"/m/{m['edit_key']}/hand", data={**forms[m["id"]], **deal_of(2 * rounds + i)},
                        headers=headers)
        assert r.status_code == 200, r.status_code

    for name, fn in (("move", move), ("view", view), ("drawn", drawn), ("table", table), ("hand", hand)):
        if args.route and name not in args.route.split(","):
            continue
        cpus = []
        prof = cProfile.Profile()
        for i in range(rounds):
            if i % 2 == 0:
                c0 = time.process_time()
                fn(i)
                cpus.append(time.process_time() - c0)
            else:
                prof.enable()
                fn(i)
                prof.disable()
        calls = pstats.Stats(prof).total_calls / (rounds - len(cpus))  # type: ignore[attr-defined]
        print(f"{name:6s} CPU median {1000 * statistics.median(cpus):6.2f} ms  Python calls {calls:7.0f}"
              f"  (load {os.getloadavg()[0]:.1f})", flush=True)
        if args.profile:
            pstats.Stats(prof).sort_stats("cumulative").print_stats(args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
