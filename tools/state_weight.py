"""What a worker's kept states weigh: the objects the garbage collector tracks per kept match, the
memory, and what one full collection costs with them all, as a worker holds them after each
table's first page (``states.load`` from the match's checkpoint: hand 30 in play, 29 hands played).

    python tools/state_weight.py [--tables 500] [--source DIR]

``--source DIR`` weighs another checkout's states with this checkout's driver (before/after side
by side). The matches are the load driver's (``web_load.plan_hands``, 8 seeded matches repeated
with each table at its own point of hand 30). A benchmark for a developer: nothing is asserted.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import resource
import sys
import tempfile
import time


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize() / 2**20


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=500)
    ap.add_argument("--source", default=None, help="the checkout whose states are weighed")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--json", default=None, help="also write the figures to this file")
    ap.add_argument("--types", type=int, default=0, metavar="N",
                    help="also print the N types of tracked objects the kept states have most of")
    args = ap.parse_args(argv)
    if args.source:
        sys.path.insert(0, os.path.abspath(args.source))
    sys.path.insert(1, os.path.dirname(os.path.abspath(__file__)))
    from web_load import NAMES, OPTIONS, VARIANT, plan_hands, store_matches

    from referee.matches import states, store

    plans = [plan_hands(VARIANT, NAMES, 31, seed=args.seed * 100003 + i, options=OPTIONS) for i in range(8)]
    plans = [plans[i % len(plans)] for i in range(args.tables)]
    rng = random.Random(args.seed)
    within = [rng.randrange(len(p[29].steps) + 1) for p in plans]
    folder = tempfile.mkdtemp(prefix="state-weight-")
    path = os.path.join(folder, "weight.db")
    matches = store_matches(path, plans, 29, within)
    db = store.open_db(path)
    rows = [store.get_match(db, m["id"]) if hasattr(store, "get_match") else m for m in matches]
    cache = states.States(size=10 * args.tables, events=10**9)

    gc.collect()
    gc.freeze()  # what start-up made: out of the count
    gc.disable()
    from collections import Counter

    before_types = Counter(type(o).__name__ for o in gc.get_objects()) if args.types else Counter()
    before_objects, before_rss = len(gc.get_objects()), rss_mb()
    t0, c0 = time.perf_counter(), time.process_time()
    for m in rows:
        states.load(db, cache, m)
    load_s, load_cpu = time.perf_counter() - t0, time.process_time() - c0
    gc.enable()
    # what is garbage goes; tuples and dicts of atomic values are untracked (a tuple only once
    # what it holds is: a second look finds those whose parts the first untracked after them)
    gc.collect()
    gc.collect()
    kept_objects = len(gc.get_objects()) - before_objects
    kept_rss = rss_mb() - before_rss
    full, full_cpu = [], []
    for _ in range(3):
        t, c = time.perf_counter(), time.process_time()
        gc.collect()
        full.append(time.perf_counter() - t)
        full_cpu.append(time.process_time() - c)
    events = sum(st.count for st in cache._kept.values())
    out = {
        "source": os.path.abspath(args.source) if args.source else os.getcwd(),
        "tables": args.tables, "kept": len(cache._kept), "events_kept": events,
        "first_load_ms_per_table": round(1000 * load_s / args.tables, 2),
        "first_load_cpu_ms_per_table": round(1000 * load_cpu / args.tables, 2),
        "tracked_objects_per_table": round(kept_objects / args.tables),
        "rss_kb_per_table": round(1024 * kept_rss / args.tables, 1),
        "full_collection_ms": round(1000 * min(full), 1),
        # the process's CPU in it (the wall time above counts a busy machine's other work too)
        "full_collection_cpu_ms": round(1000 * min(full_cpu), 1),
    }
    if args.types:
        now = Counter(type(o).__name__ for o in gc.get_objects())
        out["types_per_table"] = {k: round(n / args.tables, 1)
                                  for k, n in (now - before_types).most_common(args.types)}
    print(json.dumps(out, indent=1))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
