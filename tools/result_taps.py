"""Taps, page loads and scrolls per hand entered by its result, in a real browser.

    python tools/result_taps.py [--size 390x844] [--lang ru|en] [--hands 3] [--json]

Debian's chromium driven by Playwright, against the app on a real HTTP server (a temporary
database). For the «Козёл» (traditional, pairs, the yard preset), traditional (four players each
for himself) and blitz (five players): from the score page, each hand by its result the way a
table gives it (who went out, each other player's pips said as a number), to the next hand's
start. Counted: a tap is a click or a digit; a page load is a navigation of the page (not a
background request); a scroll is a control that had to be scrolled into view before its tap (not
on the screen as it is, above anything fixed at the bottom that is not the control's own).
Prints each variant's figures per hand (the first from the score page, the others from the
result page the last «Record» opened) beside the load average."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

CHROMIUM = "/usr/bin/chromium"

#: variant, preset, players, hands: (who went out, {seat: pips said})
CASES = {
    "kozel": ("traditional", "yard", ["Анфиса", "Всеволод", "Мария", "Пётр"],
              [("Анфиса", {1: "23", 3: "17"}), ("Всеволод", {0: "8", 2: "31"}),
               ("Мария", {1: "12", 3: "40"})]),
    "traditional": ("traditional", None, ["Анфиса", "Всеволод", "Мария", "Пётр"],
                    [("Анфиса", {1: "23", 2: "17", 3: "9"}), ("Пётр", {0: "30", 1: "4", 2: "12"}),
                     ("Мария", {0: "15", 1: "20", 3: "6"})]),
    "blitz5": ("blitz", None, ["Анфиса", "Всеволод", "Мария", "Пётр", "Роман"],
               [("Анфиса", {1: "12", 2: "8", 3: "21", 4: "15"}),
                ("Роман", {0: "10", 1: "3", 2: "19", 3: "25"}),
                ("Мария", {0: "7", 1: "14", 3: "22", 4: "9"})]),
}

#: where an element is on the screen as it is: above what is fixed at the bottom (not its own)
IN_VIEW = """e => { const r = e.getBoundingClientRect();
  const docks = [...document.querySelectorAll('.bar, .pad-dock')].filter(d => getComputedStyle(d).position === 'fixed');
  let limit = innerHeight;
  for (const d of docks) if (!d.contains(e)) limit = Math.min(limit, d.getBoundingClientRect().top);
  return r.top >= 0 && r.bottom <= limit + 0.5 && r.height > 0; }"""


class Counter:
    def __init__(self, page):
        self.page = page
        self.taps = self.loads = self.scrolls = 0
        page.on("load", self._load)  # a document loaded (a history entry made in place is not)

    def _load(self, _page) -> None:
        self.loads += 1

    def tap(self, selector: str) -> None:
        el = self.page.locator(selector).first
        el.wait_for(state="attached")
        if not el.evaluate(IN_VIEW):
            self.scrolls += 1
        self.taps += 1
        el.click()

    def figures(self) -> dict:
        return {"taps": self.taps, "loads": self.loads, "scrolls": self.scrolls}

    def reset(self) -> None:
        self.taps = self.loads = self.scrolls = 0


def _active(page) -> str | None:
    return page.evaluate("(document.querySelector('.pad-row.active') || {}).dataset?.i ?? null")


def run(size: tuple[int, int], lang: str, hands: int) -> dict:
    from playwright.sync_api import sync_playwright
    from werkzeug.serving import make_server

    from referee import create_app

    tmp = tempfile.mkdtemp(prefix="result-taps-")
    app = create_app({"DATABASE": os.path.join(tmp, "m.db"), "SECRET_KEY": "result-taps"})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    out: dict = {"size": f"{size[0]}x{size[1]}", "lang": lang, "load_average": os.getloadavg()[0],
                 "variants": {}}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            for name, (variant, preset, players, plays) in CASES.items():
                ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, is_mobile=True,
                                          has_touch=True, locale="ru-RU" if lang == "ru" else "en-GB")
                page = ctx.new_page()
                page.goto(f"{base}/lang/{lang}?next=/new/{variant}" + (f"%3Fpreset%3D{preset}" if preset else ""))
                for i, p in enumerate(players, 1):
                    page.fill(f'input[name="player_{i}"]', p)
                with page.expect_navigation():
                    page.click("button.primary[type=submit]")
                edit = page.url.split("?")[0].rstrip("/")
                page.goto(edit + "/score")
                c = Counter(page)
                per_hand = []
                for k, (went_out, left) in enumerate(plays[:hands]):
                    c.reset()
                    digits = 0
                    if k == 0:
                        c.tap("a.result-entry")
                    page.wait_for_selector("form.result-form.js")
                    gen = page.evaluate("document.querySelector('main').getAttribute('data-gen') || '0'")
                    c.tap(f'.chip:has(input[value="{went_out}"])')
                    seats = sorted(left)
                    for seat in seats:
                        if _active(page) != str(seat):
                            c.tap(".keys .key.next") if _active(page) is not None else c.tap(f'.pad-row[data-i="{seat}"]')
                            assert _active(page) == str(seat), (name, seat, _active(page))
                        for d in left[seat]:
                            c.tap(f'.keys .key[data-key="{d}"]')
                            digits += 1
                    c.tap(".pad-dock .record")
                    page.wait_for_function("g => (document.querySelector('main').getAttribute('data-gen') || '0') !== g",
                                           arg=gen)
                    problem = page.locator(".problem")
                    assert not problem.count(), problem.inner_text()
                    per_hand.append(dict(c.figures(), digits=digits,
                                         over_digits=c.taps - digits, scroll_y=page.evaluate("scrollY")))
                out["variants"][name] = {"players": len(players), "hands": per_hand,
                                         "totals": page.inner_text("#result-preview table")}
                ctx.close()
            browser.close()
    finally:
        server.shutdown()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="390x844")
    ap.add_argument("--lang", default="ru", choices=["ru", "en"])
    ap.add_argument("--hands", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    w, h = (int(x) for x in a.size.split("x"))
    res = run((w, h), a.lang, a.hands)
    if a.json:
        print(json.dumps(res, ensure_ascii=False, indent=1))
        return 0
    print(f"{res['size']} {res['lang']} (load average {res['load_average']:.2f})")
    for name, v in res["variants"].items():
        for k, f in enumerate(v["hands"], 1):
            print(f"  {name} ({v['players']} players) hand {k}: {f['taps']} taps ({f['digits']} digits + "
                  f"{f['over_digits']}), {f['loads']} page loads, {f['scrolls']} scrolls")
    return 0


if __name__ == "__main__":
    sys.exit(main())
