"""Measure `referee bench` for every variant, and side by side with the peer engines.

    python tools/bench_report.py [--hands N] [--peers DIR_OF_bench-peers] [--games G]

Prints a Markdown report (docs/performance.md is made from it). Every figure is taken in this
one run, on this machine, so compare them as ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time

from referee.rules.catalogue import VARIANTS

PAIRS = [
    ("openspiel_block", "OpenSpiel block dominoes, 2p", ["traditional", "--players", "2", "--option", "draw=none"], 10),
    ("dominoes_4p", "`dominoes`, 4p", ["traditional", "--players", "4"], 2),
    ("all_fives_2p", "`all-fives-domino` (Muggins), 2p", ["muggins", "--players", "2"], 50),
]


def bench(args: list[str], hands: int, runs: int = 3) -> dict:
    out = []
    for r in range(runs):
        p = subprocess.run([sys.executable, "-m", "referee.cli", "bench", *args, "--hands", str(hands),
                            "--seed", str(100 + r), "--json"], capture_output=True, text=True, check=True)
        out.append(json.loads(p.stdout))
    best = sorted(out, key=lambda x: x["moves_per_s"])[len(out) // 2]
    return best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--peers", default=None)
    ap.add_argument("--games", type=int, default=1000)
    a = ap.parse_args()
    lines = [f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
             f"{time.strftime('%Y-%m-%d')}.", ""]
    peers = {}
    if a.peers:
        env = dict(os.environ, PEERS_DIR=os.environ.get("PEERS_DIR", "/tmp/referee-peers"))
        p = subprocess.run(["bash", "run.sh", str(a.games)], cwd=a.peers, capture_output=True, text=True, env=env)
        for line in p.stdout.splitlines():
            name, _, js = line.partition(" ")
            try:
                peers[name] = json.loads(js)
            except ValueError:
                pass
        lines += ["## Side by side with the peers (same run)", "",
                  "| work | peer tiles/s | referee tiles/s | ratio | aim |", "|---|---|---|---|---|"]
        for key, label, args, aim in PAIRS:
            ours = bench(args, a.games)
            peer = peers.get(key, {}).get("median_moves_per_s")
            ratio = f"{ours['moves_per_s'] / peer:.1f}×" if peer else "—"
            lines.append(f"| {label}: `referee bench {' '.join(args)}` | {peer and round(peer):,} | "
                         f"{round(ours['moves_per_s']):,} | {ratio} | {aim}× |")
        lines.append("")
    lines += ["## Every variant", "", "| variant | players | hands/s | tiles laid/s |", "|---|---|---|---|"]
    for name, spec in VARIANTS.items():
        for n in sorted({spec.min_players, spec.max_players}):
            r = bench([name, "--players", str(n)], a.hands // 4, runs=1)
            lines.append(f"| {name} | {n} | {r['hands_per_s']:,.0f} | {r['moves_per_s']:,.0f} |")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
