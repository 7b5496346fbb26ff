"""The largest match the limits allow, and what it costs to serve.

    .venv/bin/python tools/limits_bench.py [--hands 200] [--repeat 3]

Builds a traditional match of ``--hands`` hands played move by move from random deals (known
deals, every draw named, the opener fixed by the rules: ``later_lead=same_rule``), as close
to the limits of ``referee.limits`` as random play gets, imports it through the app (a test
client on a temporary database) and times each page a phone or a printer asks of it: the
median of ``--repeat`` runs, in milliseconds. A measurement, not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "web"))

from referee import create_app, limits  # noqa: E402
from referee.rules.playout import played_turns, random_hand  # noqa: E402
from referee.rules.tiles import tile_str  # noqa: E402

OPTIONS = {"later_lead": "same_rule", "target": 100000}


def random_record(hands: int, seed: int) -> dict:
    rng = random.Random(seed)
    out = []
    total = 0
    while len(out) < hands:
        h = random_hand("traditional", 2, rng, OPTIONS)
        deal = {name: [tile_str(t) for t in h.known_hand(seat)] for seat, name in enumerate(h.players)}
        turns = played_turns(h, rng)
        moves = sum(len(t["moves"]) for t in turns)
        if total + moves + len(out) + 1 > limits.MAX_EVENTS:
            break
        total += moves
        out.append({"deal": deal, "turns": turns})
    return {"format": "referee-record/1", "variant": "traditional", "options": OPTIONS,
            "players": ["P1", "P2"], "hands": out}


def timed(fn, repeat: int) -> list[float]:
    """[wall ms, CPU ms], each the median of ``repeat`` runs after one warm-up run (the machine is
    shared: CPU time is the figure that does not depend on the neighbours)."""
    fn()
    wall, cpu = [], []
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        fn()
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    return [round(statistics.median(wall), 1), round(statistics.median(cpu), 1)]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=limits.MAX_HANDS)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    record = random_record(args.hands, args.seed)
    text = json.dumps(record, ensure_ascii=False)
    from webhelpers import csrf_of

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TESTING": True, "DATABASE": tmp + "/bench.db", "SECRET_KEY": "bench"})
        client = app.test_client()
        t0 = time.perf_counter()
        resp = client.post("/import", data={"csrf_token": csrf_of(client.get("/import")), "text": text})
        imported = round((time.perf_counter() - t0) * 1000, 1)
        assert resp.status_code == 302, resp.get_data(as_text=True)[-2000:]
        edit = resp.headers["Location"].removesuffix("/score")

        def get(path):
            def run():
                r = client.get(edit + path)
                assert r.status_code == 200, (path, r.status_code)
            return run

        out = {"hands": len(record["hands"]),
               "moves": sum(len(t["moves"]) for h in record["hands"] for t in h["turns"]),
               "record_bytes": len(text.encode()), "import_ms": imported}
        for name, path in (("table_ms", ""), ("score_ms", "/score"), ("sheets_ms", "/sheets"),
                           ("scoresheet_pdf_ms", "/sheet.pdf"), ("last_hand_ms", f"/hands/{len(record['hands'])}"),
                           ("last_hand_pdf_ms", f"/hands/{len(record['hands'])}.pdf"), ("export_ms", "/export")):
            out[name] = timed(get(path), args.repeat)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
