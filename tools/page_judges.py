"""The main pages judged by axe-core (and, optionally, Lighthouse) in both languages at a phone's size.

    python tools/page_judges.py --axe node_modules/axe-core/axe.min.js [--lighthouse CMD] [--json FILE]

The app is started on a fresh database in a thread of this process (werkzeug's server); a match
of three (a hand in play: three tiles laid, the fourth tapped with a choice of places open) and an event of eight (its first round started, a table's hand
entered) are made through the pages, as the web tests make them. Then each page is opened in
Chromium at 390x844 (a phone: touch, device scale 3) in Russian and in English, axe-core is
injected (``--axe``: the path of ``axe.min.js`` from npm's ``axe-core``) and ``axe.run()`` is
called with its default rules (WCAG 2.x A and AA, and its best practices) and target-size (WCAG 2.2
AA, off by default in axe-core); ``--aaa`` adds the enhanced contrast (7:1), ``--dark`` sets the phone
to its dark colour scheme, ``--open`` opens every ``<details>`` first (axe-core skips what is folded).

``--lighthouse CMD`` (e.g. ``"npx --prefix DIR lighthouse"`` or ``DIR/node_modules/.bin/lighthouse``)
also runs Lighthouse (mobile) on a few pages (``--lighthouse-pages``) in each language and prints
its four scores (performance, accessibility, best practices, SEO); ``CHROME_PATH`` is set to
``--chromium`` unless it is set already. Neither judge is needed by the tests: this is a tool for a
developer, nothing is asserted; the exit status is 1 when axe-core found a violation.

It prints a table: page x language -> the number of violations by impact (critical, serious,
moderate, minor) and the rules broken, then what axe-core left to a person to review (its
"incomplete": a colour over an image, …); ``--json FILE`` writes everything (each violation's nodes
too, and Lighthouse's failed audits).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tests", "web"))
sys.path.insert(0, HERE)

CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]
IMPACTS = ("critical", "serious", "moderate", "minor")
LIGHTHOUSE_CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
#: pages judged by Lighthouse unless ``--lighthouse-pages`` says otherwise
LIGHTHOUSE_DEFAULT = "home,table,score,view,standings"


def make_content(app: Any) -> dict[str, str]:
    """A match and an event made through the pages; the paths of the pages to judge, by name
    (the table's is opened by taps: see ``open_choice``)."""
    from eventhelpers import hand_by_result, new_event, start, table_links
    from webhelpers import SEED_MOVES, form_data, new_match, tap, view_of

    c = app.test_client()
    c.get("/lang/ru")
    edit = new_match(c, players=("Анфиса", "Всеволод", "Глафира"))
    edit = edit.rstrip("/")
    c.post(edit + "/hand", data=form_data(c.get(edit), 'form[action$="/hand"]'))
    for i, mv in enumerate(SEED_MOVES[:3]):
        resp = tap(c, edit, mv, leader="Анфиса" if i == 0 else None)
        assert resp.status_code == 302, (mv, resp.status_code)
    view = view_of(c, edit)
    lead = new_match(c).rstrip("/")  # a hand just started: who leads is asked first
    c.post(lead + "/hand", data=form_data(c.get(lead), 'form[action$="/hand"]'))
    director = new_event(c, rounds="3")
    start(c, director, 1)
    tables = table_links(c, director)
    hand_by_result(c, tables[0], 0, (10, 12))
    public = re.search(r'href="[^"]*(/ev/[^"/]+)"', c.get(director).get_data(as_text=True))
    assert public is not None
    return {
        "home": "/",
        "new": "/new",
        "setup": "/new/traditional",
        "table": edit,
        "lead": lead,
        "score": edit + "/score",
        "share": edit + "/share",
        "sheets": edit + "/sheets",
        "view": view,
        "result": edit + "/result",
        "event-result": tables[1] + "/result",
        "rules": "/rules",
        "rules-variant": "/rules/traditional",
        "players": "/players",
        "event-setup": "/events/new/traditional",
        "round": director,
        "board": public.group(1) + "/board",
        "standings": public.group(1),
        "standings-still": public.group(1) + "?follow=0",  # its reload stopped
    }


#: more pages (``--more``): ladder's deal, the set-ups with a ready set chosen, the dispute check, the match's hall board, the blank sheets, the
#: import, the clubs, joining a table, the offline page, the event's choice and its director's cards
def more_pages(app: Any, pages: dict[str, str]) -> dict[str, str]:
    from eventhelpers import setup_fields
    from webhelpers import csrf_of, soup

    c = app.test_client()
    form = c.get("/new/ladder")  # ladder's deal page: the heaviest page
    data = {"csrf_token": csrf_of(form), **setup_fields(form), "player_1": "Аня", "player_2": "Боря"}
    for select in soup(form).select("select[name^=opt_]"):
        option = select.select_one("option[selected]") or select.select_one("option")
        data[select["name"]] = option.get("value", option.get_text())
    ladder = c.post("/new/ladder", data=data).headers["Location"].rstrip("/")
    edit = pages["table"]
    return {
        "deal": ladder + "/deal",
        "setup-preset": "/new/traditional?preset=yard",
        "event-preset": "/events/new/traditional?preset=yard",
        "check": edit + "/check",
        "match-board": edit + "/board",
        "view-board": pages["view"] + "/board",
        "correct": edit + "/players",
        "blank": "/sheets/blank",
        "import": "/import",
        "clubs": "/club/",
        "join": "/join",
        "offline": "/offline",
        "events-new": "/events/new",
        "cards": pages["round"] + "/round/1/cards",
    }


def open_choice(page: Any) -> None:
    """On the table page, tap the tile that fits at two places (0:5 after 6:6, 6:0, 6:5) and
    wait for the choice of places."""
    button = page.locator('#picker button[name="tile"][value="0:5"]').first
    button.click()
    page.wait_for_selector("form.choose button.place", state="visible")


def axe_page(context: Any, base: str, name: str, path: str, axe: str, rules: dict[str, Any],
             open_details: bool = False) -> dict[str, Any]:
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        status = page.goto(base + path, wait_until="load").status
        if name == "table":
            open_choice(page)
        if open_details:  # what is folded is judged too (axe-core skips what is out of sight)
            page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")
        page.add_script_tag(path=axe)
        result = page.evaluate("rules => axe.run(document, {resultTypes: ['violations', 'incomplete'], rules})", rules)
        return {"url": path, "status": status, "violations": [
            {"id": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [{"target": n["target"], "html": n["html"][:300], "summary": n.get("failureSummary", "")}
                       for n in v["nodes"]]}
            for v in result["violations"]],
            # what axe-core could not decide (text over an image, a colour it cannot compute): to look at
            "review": {v["id"]: len(v["nodes"]) for v in result["incomplete"]},
            "review_nodes": {v["id"]: [n["html"][:200] for n in v["nodes"]] for v in result["incomplete"]}}
    finally:
        page.close()


def lighthouse(cmd: str, url: str, lang: str, chromium: str) -> dict[str, Any]:
    env = dict(os.environ)
    env.setdefault("CHROME_PATH", chromium)
    with tempfile.TemporaryDirectory(prefix="judges-lh-") as tmp:
        out = os.path.join(tmp, "lh.json")
        args = shlex.split(cmd) + [
            url, "--quiet", "--output=json", f"--output-path={out}", "--form-factor=mobile",
            "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
            "--only-categories=" + ",".join(LIGHTHOUSE_CATEGORIES),
            "--extra-headers=" + json.dumps({"Cookie": f"lang={lang}"})]
        done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=300)
        if done.returncode != 0 or not os.path.exists(out):
            return {"error": (done.stderr or done.stdout)[-500:]}
        with open(out) as f:
            report = json.load(f)
    scores = {k: round(100 * (report["categories"][k]["score"] or 0)) for k in LIGHTHOUSE_CATEGORIES}
    failed = sorted(a["id"] for a in report["audits"].values()
                    if a.get("score") is not None and a["score"] < 0.9
                    and a.get("scoreDisplayMode") in ("binary", "numeric", "metricSavings"))
    return {"scores": scores, "failed": failed}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n", 2)[2])
    ap.add_argument("--axe", required=True, help="the path of axe.min.js (npm's axe-core)")
    ap.add_argument("--lighthouse", metavar="CMD", default=None,
                    help="the command that runs Lighthouse (e.g. 'npx --prefix DIR lighthouse')")
    ap.add_argument("--lighthouse-pages", default=LIGHTHOUSE_DEFAULT,
                    help=f"the pages Lighthouse judges (commas; default {LIGHTHOUSE_DEFAULT})")
    ap.add_argument("--pages", default=None, help="only these pages (commas; default all)")
    ap.add_argument("--more", action="store_true", help="fourteen more pages (the deal, the set-ups with a ready set, the dispute check, the boards, ...)")
    ap.add_argument("--langs", default="ru,en")
    ap.add_argument("--viewport", default="390x844")
    ap.add_argument("--chromium", default=CHROMIUM)
    ap.add_argument("--source", default=None, help="judge another checkout's app (its package and templates)")
    ap.add_argument("--json", metavar="FILE", default=None, help="write the full findings here")
    ap.add_argument("--dark", action="store_true", help="the phone set to a dark colour scheme")
    ap.add_argument("--open", action="store_true", help="every <details> opened first (folded text judged too)")
    ap.add_argument("--aaa", action="store_true", help="also the enhanced contrast (WCAG AAA, 7:1)")
    ap.add_argument("--nodes", action="store_true", help="print each violation's elements too")
    args = ap.parse_args(argv)
    if not os.path.exists(args.axe):
        ap.error(f"no axe-core at {args.axe} (npm install axe-core)")

    if args.source:
        sys.path.insert(0, os.path.abspath(args.source))
    import logging

    from playwright.sync_api import sync_playwright
    from servehelpers import in_thread

    from referee import create_app

    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    folder = tempfile.mkdtemp(prefix="referee-judges-")
    app = create_app({"DATABASE": os.path.join(folder, "j.db"), "SECRET_KEY": "judges"})
    pages = make_content(app)
    if args.more:
        pages.update(more_pages(app, pages))
    if args.pages:
        wanted = args.pages.split(",")
        pages = {k: v for k, v in pages.items() if k in wanted}
    langs = args.langs.split(",")
    # target-size (WCAG 2.2 AA: 24x24 px or spaced) is off in axe-core's defaults: a phone's page wants it
    rules = {"target-size": {"enabled": True}}
    if args.aaa:
        rules["color-contrast-enhanced"] = {"enabled": True}
    w, h = (int(x) for x in args.viewport.split("x"))
    found: dict[str, dict[str, Any]] = {}
    with in_thread(app) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=args.chromium, args=LAUNCH_ARGS)
        for lang in langs:
            context = browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=3,
                                          is_mobile=True, has_touch=True, bypass_csp=True,
                                          color_scheme="dark" if args.dark else "light",
                                          locale="ru-RU" if lang == "ru" else "en-GB")
            context.add_cookies([{"name": "lang", "value": lang, "url": base}])
            for name, path in pages.items():
                found.setdefault(name, {})[lang] = axe_page(context, base, name, path, args.axe, rules, args.open)
            context.close()
        browser.close()
        if args.lighthouse:
            for name in args.lighthouse_pages.split(","):
                if name in pages:
                    for lang in langs:
                        found[name][lang]["lighthouse"] = lighthouse(
                            args.lighthouse, base + pages[name], lang, args.chromium)

    total = 0
    print(f"{'page':<14} {'lang':<4} {'crit':>4} {'ser':>4} {'mod':>4} {'min':>4}  rules (nodes)"
          + ("   lighthouse perf/a11y/bp/seo" if args.lighthouse else ""))
    for name, by_lang in found.items():
        for lang, res in by_lang.items():
            counts = {k: sum(1 for v in res["violations"] if v["impact"] == k) for k in IMPACTS}
            total += len(res["violations"])
            rules = ", ".join(f"{v['id']}({len(v['nodes'])})" for v in res["violations"]) or "-"
            if res["review"]:
                rules += "; to review: " + ", ".join(f"{k}({n})" for k, n in res["review"].items())
            lh = res.get("lighthouse")
            tail = ""
            if lh:
                tail = ("   " + "/".join(str(lh["scores"][k]) for k in LIGHTHOUSE_CATEGORIES)
                        if "scores" in lh else "   lighthouse failed: " + lh["error"][-80:])
            if res["status"] != 200:
                rules = f"(HTTP {res['status']}) " + rules
            print(f"{name:<14} {lang:<4} " + " ".join(f"{counts[k]:>4}" for k in IMPACTS) + f"  {rules}{tail}")
            if args.nodes:
                for v in res["violations"]:
                    for n in v["nodes"][:5]:
                        print(f"    {v['id']}: {n['target']} {n['html'][:160]}")
            if lh and lh.get("failed"):
                print(f"{'':<20}lighthouse audits under 0.9: {', '.join(lh['failed'])}")
    print(f"violations (rule x page x language): {total}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(found, f, ensure_ascii=False, indent=1)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
