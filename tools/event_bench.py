"""How long ``referee.events`` takes to propose a round and to rank an event: random Swiss
events (each round proposed, played with random totals, judged), the time of each proposal and
of the standings, with the load average beside the figures.

    python tools/event_bench.py [--players 50] [--rounds 7] [--kind two|pairs|rotating|blitz] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import referee.events as ev  # noqa: E402

KINDS = {"two": ("traditional", 2, {}, "player"),
         "pairs": ("traditional", 4, {"teams": "pairs", "scoring": "kozel"}, "pair"),
         "rotating": ("traditional", 4, {"teams": "pairs"}, "player"),
         "blitz": ("blitz", 4, {}, "player")}


def run(kind: str, units: int, rounds: int, seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    variant, seats, options, unit = KINDS[kind]
    people = units * 2 if unit == "pair" else units
    obj: dict[str, object] = {
        "format": "referee-event/1", "name": "bench", "system": "swiss", "unit": unit, "rounds": rounds,
        "game": {"variant": variant, "seats": seats, "options": options, "time_limit": 30},
        "entrants": [{"id": f"p{i}", "name": f"P{i}"} for i in range(people)], "round_list": []}
    if unit == "pair":
        obj["pairs"] = [[f"p{2 * i}", f"p{2 * i + 1}"] for i in range(units)]
    teams = options.get("teams") == "pairs"
    pair_ms, check_ms = [], []
    for r in range(1, rounds + 1):
        t0 = time.perf_counter()
        e = ev.load(obj)
        check_ms.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        got = ev.propose(e, r)
        pair_ms.append((time.perf_counter() - t0) * 1000)
        tables = []
        for t in got["tables"]:
            s = t["seats"]
            totals = {x: rng.randrange(0, 6) * 20 for x in s}
            if teams:
                totals[s[2]], totals[s[3]] = totals[s[0]], totals[s[1]]
            tables.append(dict(t, result={"totals": totals, "ended": "time"}))
        obj["round_list"].append({"round": r, "tables": tables, "byes": got["byes"]})  # type: ignore[union-attr]
    e = ev.load(obj)
    t0 = time.perf_counter()
    ev.standings(e)
    standings_ms = (time.perf_counter() - t0) * 1000
    return {"kind": kind, "units": units, "rounds": rounds, "pair_ms_max": round(max(pair_ms), 1),
            "pair_ms_mean": round(sum(pair_ms) / len(pair_ms), 1), "read_judge_ms_last": round(check_ms[-1], 1),
            "standings_ms": round(standings_ms, 1), "load": os.getloadavg()}


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--players", type=int, default=50, help="units (players, or pairs)")
    p.add_argument("--rounds", type=int, default=7)
    p.add_argument("--kind", choices=sorted(KINDS), default="two")
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    print(json.dumps(run(a.kind, a.players, a.rounds, a.seed)))


if __name__ == "__main__":
    main()
