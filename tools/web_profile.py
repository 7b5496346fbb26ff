"""Where a request's milliseconds go: a move, the table page, the read-only view and its poll, a
hand's start, on a match at hand 30 (29 hands played), in one process with nothing else running.

    python tools/web_profile.py [--hands-before 29] [--rounds 20] [--top 25] [--cold]

For each route it prints the wall time per request (median of ``--rounds``, the app's kept state
warm as on a worker that serves the table; ``--cold``: each request on a worker that has kept
nothing, a restart or the other worker) and then cProfile's functions by cumulative time, with
the share of template rendering, the drawing of the layout, the scoreboard, JSON and the replay
summed from the profile. A benchmark for a developer: nothing is asserted.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import re
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from web_load import NAMES, OPTIONS, VARIANT, form_of, plan_hands, store_matches  # noqa: E402

#: a profile's functions summed into the parts the issue asks about (file or function name)
PARTS = {
    "template rendering": re.compile(r"jinja2|flask/templating"),
    "layout drawing": re.compile(r"web/drawing\.py"),
    "scoreboard": re.compile(r"_score|chart\.py"),
    "JSON": re.compile(r"json/"),
    "replay (engine)": re.compile(r"matches/replay\.py.*\breplay\b|record\.py.*\breplay\b"),
    "database": re.compile(r"sqlite|store\.py"),
}


def parts(stats: pstats.Stats) -> dict[str, float]:
    """Cumulative seconds per part: each part's outermost functions (a function called inside
    another of the same part is not counted twice)."""
    out = {}
    raw = stats.stats  # type: ignore[attr-defined]
    for name, pattern in PARTS.items():
        total = 0.0
        for func, (_cc, _nc, _tt, ct, callers) in raw.items():
            where = f"{func[0]}:{func[1]}({func[2]})"
            if not pattern.search(where):
                continue
            if any(pattern.search(f"{c[0]}:{c[1]}({c[2]})") for c in callers):
                continue  # counted in its caller of the same part
            total += ct
        out[name] = total
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands-before", type=int, default=29)
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--cold", action="store_true", help="every request on an app that kept nothing")
    ap.add_argument("--route", default=None, help="only this route (move, table, view, poll, hand)")
    args = ap.parse_args(argv)

    from referee import create_app
    from referee.web import service

    folder = tempfile.mkdtemp(prefix="referee-profile-")
    db = os.path.join(folder, "p.db")
    plan = plan_hands(VARIANT, NAMES, args.hands_before + 2, seed=11, options=OPTIONS)
    rounds = args.rounds
    # one match per round for the hand's start and the move (each changes its match)
    matches = store_matches(db, [plan] * (3 * rounds + 1), args.hands_before)
    app = create_app({"DATABASE": db, "SECRET_KEY": "profile"})
    client = app.test_client()
    headers = {"Accept-Language": "ru", "Accept-Encoding": "gzip"}
    planned = plan[args.hands_before]
    deal = {f"deal_{i}": " ".join(planned.deal[p]) for i, p in enumerate(NAMES)}
    if planned.record.get("lead"):
        deal["lead"] = planned.record["lead"]

    def text(r) -> str:
        body = r.get_data()
        if r.headers.get("Content-Encoding") == "gzip":
            import gzip

            body = gzip.decompress(body)
        return body.decode()

    def cold() -> None:
        if args.cold:
            with app.app_context():
                service().states.clear()

    def started(m: dict) -> str:
        """The match with its hand started (and one move more when the start recorded none)."""
        page = text(client.get(f"/m/{m['edit_key']}", headers=headers))
        client.post(f"/m/{m['edit_key']}/hand", data={**form_of(page), **deal}, headers=headers)
        return text(client.get(f"/m/{m['edit_key']}", headers=headers))

    # the requests: each a function of the round number that makes one request
    view_m = matches[-1]
    started(view_m)
    hand_ms = matches[:rounds]
    move_ms = matches[rounds:2 * rounds]
    table_ms = matches[2 * rounds:3 * rounds]
    move_forms = {}
    for m in move_ms + table_ms:
        move_forms[m["id"]] = form_of(started(m))

    hand_forms: dict[int, dict] = {}

    def do_hand(i: int) -> None:
        m = hand_ms[i]
        cold()
        r = client.post(f"/m/{m['edit_key']}/hand", data={**hand_forms[m["id"]], **deal}, headers=headers)
        assert r.status_code == 302, r.status_code

    first_steps = {}

    def do_move(i: int) -> None:
        m = move_ms[i]
        form = move_forms[m["id"]]
        # the hand's next planned step: the moves recorded so far in this hand
        k = first_steps[m["id"]]
        _player, tok = planned.steps[k]
        path, data = ("/end-turn", {}) if tok == "end" else ("/move", {"token": tok})
        cold()
        r = client.post(f"/m/{m['edit_key']}{path}", data={**form, **data}, headers=headers)
        assert r.status_code == 302, (r.status_code, tok)

    def _steps_done(m: dict) -> int:
        from referee.web import store as st

        d = st.open_db(db)
        evs = st.events(d, m["id"])
        d.close()
        k = 0
        for e in reversed(evs):
            if e["kind"] == "hand":
                break
            k += 1
        return k

    def do_table(i: int) -> None:
        cold()
        r = client.get(f"/m/{table_ms[i]['edit_key']}", headers=headers)
        assert r.status_code == 200

    def do_view(i: int) -> None:
        cold()
        r = client.get(f"/s/{view_m['view_key']}", headers=headers)
        assert r.status_code == 200

    def do_poll(i: int) -> None:
        cold()
        r = client.get(f"/s/{view_m['view_key']}/n", headers=headers)
        assert r.status_code == 200

    routes = {"hand": do_hand, "move": do_move, "table": do_table, "view": do_view, "poll": do_poll}
    for m in move_ms:
        first_steps[m["id"]] = _steps_done(m)
    for m in hand_ms:  # each match replayed once, as on a worker that serves it
        hand_forms[m["id"]] = form_of(text(client.get(f"/m/{m['edit_key']}", headers=headers)))
    for name, fn in routes.items():
        if args.route and name != args.route:
            continue
        walls, cpus = [], []
        prof = cProfile.Profile()
        half = rounds // 2  # the first half timed, the second profiled (cProfile slows it)
        for i in range(rounds):
            if i < half:
                t0, c0 = time.perf_counter(), time.process_time()
                fn(i)
                walls.append(time.perf_counter() - t0)
                cpus.append(time.process_time() - c0)
            else:
                prof.enable()
                fn(i)
                prof.disable()
        st = pstats.Stats(prof)
        total = max((x[3] for x in st.stats.values()), default=1.0)  # type: ignore[attr-defined]
        print(f"\n== {name}: CPU median {1000 * statistics.median(cpus):.1f} ms (min {1000 * min(cpus):.1f}), "
              f"wall median {1000 * statistics.median(walls):.1f} ms (min {1000 * min(walls):.1f}) "
              f"({half} requests{', cold' if args.cold else ''}; load {os.getloadavg()[0]:.1f})")
        print(f"   under cProfile ({rounds - half} requests), the parts' share of the whole:")
        for part, secs in parts(st).items():
            print(f"   {part:20s} {100 * secs / total:4.0f}%")
        st.sort_stats("cumulative").print_stats(args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
