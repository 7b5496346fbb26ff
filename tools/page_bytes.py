"""The pages of a match drawn by a checkout, written to a folder to compare with another
checkout's: the table, the read-only view, «lays more», the score and a move's answer (as the
page's script posts it), at points spread over two hands of three four-player matches (a
traditional one, a blitz one, whose turns stay open, and a blind blitz one), in Russian and
English; the match's keys, the CSRF token and the static files' version masked. Two runs
(``--source``: the checkout whose app draws) and ``diff -r`` of their folders say whether a
change drew every page byte for byte as before.

    python tools/page_bytes.py --out /tmp/before --source ../main
    python tools/page_bytes.py --out /tmp/after
    diff -r /tmp/before /tmp/after && echo same

A check for a developer: nothing is asserted here.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile

CSRF = re.compile(r'(name="csrf_token"[^>]*value=")[^"]*(")')
#: the static files' version in their links (each checkout's own files)
ASSETS = re.compile(r"([?&]v=)[0-9a-f]+")


def write(out: str, stem: str, edit: str, view: str, name: str, body: str) -> None:
    """A page written masked: its CSRF token, the static files' version, the match's keys."""
    text = ASSETS.sub(r"\1-", CSRF.sub(r"\1-\2", body)).replace(edit, "EDIT").replace(view, "VIEW")
    with open(os.path.join(out, f"{stem}-{name}.html"), "w", encoding="utf-8") as f:
        f.write(text)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True, help="the folder the pages are written to")
    ap.add_argument("--source", default=None, help="the checkout whose app draws them")
    ap.add_argument("--points", type=int, default=8, help="points of each hand drawn")
    args = ap.parse_args(argv)
    if args.source:
        sys.path.insert(0, os.path.abspath(args.source))
    sys.path.insert(1, os.path.dirname(os.path.abspath(__file__)))
    import web_load
    from web_load import NAMES, form_of, plan_hands, store_matches

    from referee import create_app

    os.makedirs(args.out, exist_ok=True)
    count = 0
    for variant, options, seed in (("traditional", {"target": 100000}, 11), ("blitz", {"target": 1000}, 12),
                                   ("blind_blitz", {"target": 1000}, 13)):
        plan = plan_hands(variant, NAMES, 2, seed=seed, options=options)
        web_load.VARIANT, web_load.OPTIONS = variant, options  # the matches it stores are of this game
        for before in (0, 1):
            steps = len(plan[before].steps)
            points = sorted({1 + round(i * steps / (args.points - 1)) for i in range(args.points)})
            db = os.path.join(tempfile.mkdtemp(prefix="referee-bytes-"), "p.db")
            for lang in ("ru", "en"):
                ms = store_matches(db, [plan] * len(points), before, within=points)
                app = create_app({"DATABASE": db, "SECRET_KEY": "bytes"})
                client = app.test_client()
                for m, at in zip(ms, points):
                    edit, view = m["edit_key"], m["view_key"]

                    where = (args.out, f"{variant}-{before + 1}-{at:03d}-{lang}", edit, view)

                    def keep(name: str, body: str, where: tuple[str, str, str, str] = where) -> None:
                        nonlocal count
                        write(*where, name, body)
                        count += 1

                    headers = {"Accept-Language": lang}
                    table = client.get(f"/m/{edit}", headers=headers).get_data(as_text=True)
                    keep("table", table)
                    keep("view", client.get(f"/s/{view}", headers=headers).get_data(as_text=True))
                    keep("score", client.get(f"/m/{edit}/score", headers=headers).get_data(as_text=True))
                    n = form_of(table)["n"]
                    more = client.get(f"/m/{edit}?more={n}", headers=headers).get_data(as_text=True)
                    keep("more", more)
                    if at - 1 < steps:
                        _player, tok = plan[before].steps[at - 1]
                        path, data = ("/end-turn", {}) if tok == "end" else ("/move", {"token": tok})
                        r = client.post(f"/m/{edit}{path}", data={**form_of(table), **data},
                                        headers={**headers, "X-Referee": "fetch"})
                        keep(f"answer-{r.status_code}", r.get_data(as_text=True))
                        keep("after", client.get(f"/m/{edit}", headers=headers).get_data(as_text=True))
    print(f"{count} pages in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
