"""Measure `referee bench` for every variant, and side by side with the peer engines.

    python tools/bench_report.py [--hands N] [--peers DIR] [--games G]

DIR is a checkout of the peers' harness (bench-peers: bench_*.py, common.py) whose engines are
installed in $PEERS_DIR/venv and $PEERS_DIR/venv_os (its run.sh makes them). Prints Markdown.

Throughput is counted in CPU seconds of the process (user + system, read from the OS after it
exits), so that other work on a busy machine disturbs the comparison less than wall time would;
each figure includes the interpreter's start and imports, the same for both sides. The peers run
from installed packages, compiled to bytecode when pip installed them; the project's modules are
compiled the same way before the runs (``compileall``), so that neither side pays for compiling its
source at every start (as it would where PYTHONDONTWRITEBYTECODE is set).
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import platform
import resource
import subprocess
import sys
import time

from referee.rules.catalogue import VARIANTS

PAIRS = [
    ("bench_openspiel.py", "venv_os", "OpenSpiel block dominoes, 2 players",
     ["traditional", "--players", "2", "--option", "draw=none"], 10, 1),
    ("bench_dominoes.py", "venv", "`dominoes`, 4 players", ["traditional", "--players", "4"], 2, 1),
    ("bench_all_fives.py", "venv", "`all-fives-domino` (Muggins), 2 players", ["muggins", "--players", "2"], 50, 10),
]


def cpu_run(cmd: list[str], cwd: str | None = None) -> tuple[float, str]:
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, check=True)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime), p.stdout


def ours(args: list[str], hands: int, seed: int = 1) -> tuple[float, dict]:
    cpu, out = cpu_run([sys.executable, "-m", "referee.cli", "bench", *args, "--hands", str(hands),
                        "--seed", str(seed), "--json"])
    return cpu, json.loads(out)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=500)
    ap.add_argument("--peers", default=None)
    ap.add_argument("--games", type=int, default=3000)
    a = ap.parse_args()
    compileall.compile_dir(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "referee"), quiet=1)
    lines = [f"Measured {time.strftime('%Y-%m-%d %H:%M')} on {platform.machine()}, {os.cpu_count()} cores, "
             f"Python {platform.python_version()}.", ""]
    if a.peers:
        pdir = os.environ.get("PEERS_DIR", "/tmp/referee-peers")
        lines += ["## Side by side with the peers (one run; tiles laid per CPU second)", "",
                  "| the same work | peer | referee | ratio | aim |", "|---|---|---|---|---|"]
        for script, venv, label, args, aim, div in PAIRS:
            games = max(50, a.games // div)
            cpu_p, out = cpu_run([f"{pdir}/{venv}/bin/python", script, "--games", str(games), "--runs", "1",
                                  "--warmup", "0"], cwd=a.peers)
            moves_p = json.loads(out.strip().splitlines()[-1])["runs"][0]["moves"]
            cpu_o, rep = ours(args, games)
            rp, ro = moves_p / cpu_p, rep["moves"] / cpu_o
            lines.append(f"| {label} (`referee bench {' '.join(args)}`), {games} hands | {rp:,.0f} | {ro:,.0f} | "
                         f"{ro / rp:.1f}× | {aim}× |")
        lines.append("")
    lines += ["## Every variant (`referee bench`, its own wall-clock figures)", "",
              "| variant | players | hands | tiles laid | hands/s | tiles laid/s |", "|---|---|---|---|---|---|"]
    for name, spec in VARIANTS.items():
        for n in sorted({spec.min_players, spec.max_players}):
            _, r = ours([name, "--players", str(n)], a.hands)
            lines.append(f"| {name} | {n} | {r['hands']} | {r['moves']} | {r['hands_per_s']:,.0f} | "
                         f"{r['moves_per_s']:,.0f} |")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
