"""referee check's replay speed (CPU seconds, best of 5): the examples (tests/data/examples, one
per variant) 20 times, and as many long matches (each example's hand 30 times over,
later_lead=same_rule and the target or limit out of reach where the variant has them) twice.
Prints JSON.

    python tools/bench_check.py

A benchmark, not a test: docs/performance.md reports its figures.
"""

import copy
import glob
import json
import time

from referee.record import check


def long_record(rec: dict, hands: int = 30) -> str | None:
    out = copy.deepcopy(rec)
    out["hands"] = [copy.deepcopy(rec["hands"][0]) for _ in range(hands)]
    options = dict(rec.get("options") or {})
    for key, val in (("later_lead", "same_rule"), ("target", 100000), ("limit", 100000)):
        out["options"] = dict(options, **{key: val})
        error = check(json.dumps(out))[1]["error"]
        if not (error and error["rule"].startswith("record.option")):
            options[key] = val
    out["options"] = options
    code, report, _ = check(json.dumps(out))
    return json.dumps(out) if code == 0 and len(report["hands"]) == hands else None


def cpu(items: list[str], reps: int) -> float:
    best = None
    for _ in range(5):
        t0 = time.process_time()
        for _ in range(reps):
            for text in items:
                check(text, "en")
        dt = time.process_time() - t0
        best = dt if best is None else min(best, dt)
    return best


def main() -> None:
    files = sorted(glob.glob("tests/data/examples/*.json"))
    texts = [open(f, encoding="utf-8").read() for f in files]
    longs = [x for x in (long_record(json.loads(t)) for t in texts) if x is not None]
    cpu(texts, 2)
    print(json.dumps({"examples": len(texts), "examples_x20_cpu_s": round(cpu(texts, 20), 4),
                      "long_records": len(longs), "long_x2_cpu_s": round(cpu(longs, 2), 4)}))


if __name__ == "__main__":
    main()
