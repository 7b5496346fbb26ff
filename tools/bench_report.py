"""Measure `referee bench` for every variant, and side by side with the peer engines.

    python tools/bench_report.py [--hands N] [--peers DIR] [--games G] [--repeat R]
                                 [--source LABEL=CHECKOUT ...] [--no-variants]

DIR is a checkout of the peers' harness (bench-peers: bench_*.py, common.py) whose engines are
installed in $PEERS_DIR/venv and $PEERS_DIR/venv_os (its run.sh makes them). Prints Markdown.

Each pair is run ``--repeat`` times, the peer and each of our engines one after the other in
every round, so that all of them see the same moments of a busy machine; the table gives the
median ratio and the range over the rounds, and the load average before and after.

Two measures, both of the same work (the same number of random complete hands):

* CPU seconds of the whole process (user + system, read from the OS after it exits): other
  work on the machine disturbs it less than wall time; it includes the interpreter's start and
  imports, the same for both sides.
* The same CPU seconds less each side's start-up (the CPU seconds of the same command playing
  one hand, measured in the same round): what the hands themselves cost, still counted by the OS.
* The engines' own rates, timed inside the process around the hands only (the peers' harness
  ``common.py`` and ``referee bench --json`` both do so): start-up and imports left out, wall
  time, so a busy machine disturbs it most.

``--source LABEL=CHECKOUT`` (repeatable) runs our side from that checkout (``python -m
referee.cli`` started in it, so its ``referee`` package is the one imported), e.g. the
interpreted engine beside one built in place with mypyc; the default is this checkout. The peers
run from installed packages, compiled to bytecode when pip installed them; each checkout's
modules are compiled the same way before the runs (``compileall``), so that neither side pays
for compiling its source at every start (as it would where PYTHONDONTWRITEBYTECODE is set).
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time

HERE = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

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


def ours(args: list[str], hands: int, seed: int = 1, cwd: str = HERE) -> tuple[float, dict]:
    cpu, out = cpu_run([sys.executable, "-m", "referee.cli", "bench", *args, "--hands", str(hands),
                        "--seed", str(seed), "--json"], cwd=cwd)
    return cpu, json.loads(out)


def load() -> str:
    return " / ".join(f"{x:.1f}" for x in os.getloadavg())


def spread(xs: list[float]) -> str:
    return f"{statistics.median(xs):.1f}× ({min(xs):.1f}–{max(xs):.1f})" if len(xs) > 1 else f"{xs[0]:.1f}×"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=500)
    ap.add_argument("--peers", default=None)
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--source", action="append", default=[], metavar="LABEL=CHECKOUT")
    ap.add_argument("--no-variants", action="store_true")
    a = ap.parse_args()
    sources = [tuple(s.split("=", 1)) for s in a.source] or [("referee", HERE)]
    for _, path in sources:
        compileall.compile_dir(os.path.join(path, "referee"), quiet=1)
    lines = [f"Measured {time.strftime('%Y-%m-%d %H:%M')} on {platform.machine()}, {os.cpu_count()} cores, "
             f"Python {platform.python_version()}; load average (1/5/15 min) {load()} at the start.", ""]
    if a.peers:
        pdir = os.environ.get("PEERS_DIR", "/tmp/referee-peers")
        head = " | ".join(f"{label}: CPU | {label}: CPU less start-up | {label}: in-process" for label, _ in sources)
        lines += [f"## Side by side with the peers ({a.repeat} rounds; tiles laid per second, median ratio "
                  "and range over the rounds)", "",
                  f"| the same work | aim | {head} |", "|---|---|" + "---|---|---|" * len(sources)]
        for script, venv, label, args, aim, div in PAIRS:
            games = max(50, a.games // div)
            cpu_r: dict[str, list[float]] = {lab: [] for lab, _ in sources}
            net_r: dict[str, list[float]] = {lab: [] for lab, _ in sources}
            own_r: dict[str, list[float]] = {lab: [] for lab, _ in sources}

            def peer(n: int, venv: str = venv, script: str = script) -> tuple[float, dict]:
                cpu, out = cpu_run([f"{pdir}/{venv}/bin/python", script, "--games", str(n), "--runs", "1",
                                    "--warmup", "0"], cwd=a.peers)
                return cpu, json.loads(out.strip().splitlines()[-1])["runs"][0]

            for _ in range(a.repeat):
                cpu_p, run = peer(games)
                start_p = peer(1)[0]
                rp, rp_net, rp_own = run["moves"] / cpu_p, run["moves"] / (cpu_p - start_p), run["moves_per_s"]
                for lab, path in sources:
                    cpu_o, rep = ours(args, games, cwd=path)
                    start_o = ours(args, 1, cwd=path)[0]
                    cpu_r[lab].append(rep["moves"] / cpu_o / rp)
                    net_r[lab].append(rep["moves"] / (cpu_o - start_o) / rp_net)
                    own_r[lab].append(rep["moves_per_s"] / rp_own)
            cells = " | ".join(f"{spread(cpu_r[lab])} | {spread(net_r[lab])} | {spread(own_r[lab])}"
                               for lab, _ in sources)
            lines.append(f"| {label} (`referee bench {' '.join(args)}`), {games} hands | {aim}× | {cells} |")
        lines += ["", f"Load average (1/5/15 min) at the end: {load()}.", ""]
    if not a.no_variants:
        cols = " | ".join(f"{label}: hands/s | {label}: tiles laid/s" for label, _ in sources)
        lines += ["## Every variant (`referee bench`, its own wall-clock figures)", "",
                  f"| variant | players | hands | tiles laid | {cols} |", "|---|---|---|---|" + "---|---|" * len(sources)]
        sys.path.insert(0, HERE)
        from referee.rules.catalogue import VARIANTS

        for name, spec in VARIANTS.items():
            for n in sorted({spec.min_players, spec.max_players}):
                reps = [ours([name, "--players", str(n)], a.hands, cwd=path)[1] for _, path in sources]
                r = reps[0]
                cells = " | ".join(f"{x['hands_per_s']:,.0f} | {x['moves_per_s']:,.0f}" for x in reps)
                lines.append(f"| {name} | {n} | {r['hands']} | {r['moves']} | {cells} |")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
