"""Nothing on any page is wider than the phone's screen: every kind of page (home, new match,
setup, the table in each phase, the deal, the result, the score, the share page, the read-only
view, the rules, the audit, a correction, the players, a player's page, the check, the
step-through, the import, the join page, the sheets) for a few variants (traditional with the
deal, 5-player blitz with its turn open, the «Козёл» in pairs, the sausage's cut, a ladder),
with names as long as a name may be, at 360x640 and 390x844, portrait and landscape, Russian
and English. On each page ``document.scrollWidth`` is at most the screen's width and no visible
element's right edge lies beyond it (a table scrolled inside its box counts: the whole table
must fit). Screenshots: /tmp/shots-fit/."""

from __future__ import annotations

import json
import os

import pytest

from referee import create_app
from test_web_variants import defaults, start
from servehelpers import in_thread
from webhelpers import csrf_of, imported, new_match, soup, tap, view_of

pytestmark = pytest.mark.browser
SHOTS = "/tmp/shots-fit"

#: names as long as a name may be (24 characters), with no space to break them at
LONG = ("Александра-Константинова", "Всеволод-Святославович12", "Маргарита-Станиславовна1",
        "Пётр-Вячеславович-Петров", "Евгения-Владимировна-Жук")

#: what overflows: the page itself, and every visible element whose right edge is past the
#: screen (the element itself, not its ancestors: the innermost offenders are reported)
OVER = """w => {
  const out = [];
  for (const e of document.querySelectorAll('body *')) {
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const s = getComputedStyle(e);
    if (s.visibility === 'hidden' || s.position === 'fixed' && r.bottom < 0) continue;
    if (r.right > w + 0.5) {
      const inner = [...e.children].some(c => c.getBoundingClientRect().right > w + 0.5);
      if (!inner) out.push(e.tagName.toLowerCase() + (e.className && typeof e.className === 'string'
        ? '.' + e.className.trim().split(/\\s+/).join('.') : '') + ' ' + Math.round(r.right) + 'px: '
        + (e.textContent || '').trim().slice(0, 30));
    }
  }
  // text that sticks out of its own box (a button's words wider than the button)
  for (const e of document.querySelectorAll('button, a.button, .tabs a, th, td, .totals-strip li')) {
    const b = e.getBoundingClientRect();
    if (!b.width || !b.height || getComputedStyle(e).visibility === 'hidden') continue;
    const range = document.createRange(); range.selectNodeContents(e);
    for (const r of range.getClientRects()) {
      if (r.width && (r.right > b.right + 2 || r.left < b.left - 2)) {
        out.push('text of ' + e.tagName.toLowerCase() + '.' + (e.className || '') + ' ' + Math.round(r.left) + '-' + Math.round(r.right)
          + 'px in ' + Math.round(b.left) + '-' + Math.round(b.right) + 'px: ' + e.textContent.trim().slice(0, 30));
        break;
      }
    }
  }
  return {scroll: document.documentElement.scrollWidth, inner: window.innerWidth, over: out.slice(0, 4)};
}"""

SIZES = {"360x640": (360, 640), "390x844": (390, 844), "640x360": (640, 360), "844x390": (844, 390)}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The app on a real server, and a test client on the same database that sets up the
    matches whose pages the browser visits."""
    tmp = tmp_path_factory.mktemp("fit")
    app = create_app({"DATABASE": str(tmp / "fit.db"), "SECRET_KEY": "fit-secret", "TESTING": True})
    with in_thread(app) as base:
        yield base, app


def _renamed(record: dict, names) -> dict:
    text = json.dumps(record, ensure_ascii=False)
    for old, new in zip(record["players"], names):
        text = text.replace(f'"{old}"', f'"{new}"')
    return json.loads(text)


def _pages(client) -> dict[str, str]:
    """Every kind of page, by name: its path on the server."""
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location(
        "print_fixtures_for_fit", Path(__file__).resolve().parents[1] / "print" / "print_fixtures.py")
    fixtures = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fixtures)
    from test_kozel_web import YARD

    pages = {"home": "/", "new": "/new", "import": "/import", "join": "/join", "rules": "/rules",
             "rules-traditional": "/rules/traditional", "rules-blitz": "/rules/blitz",
             "rules-sausage": "/rules/sausage", "setup-traditional": "/new/traditional",
             "setup-yard": "/new/traditional?preset=yard", "setup-blitz": "/new/blitz",
             "blank": "/sheets/blank"}
    # traditional, two long names: before the first hand, the deal, the result form, in play
    edit = new_match(client, "traditional", LONG[:2])
    pages.update({"trad-before": edit, "trad-deal": edit + "/deal", "trad-result": edit + "/result",
                  "trad-players": edit + "/players"})
    start(client, edit)
    tap(client, edit, "6:6", leader=LONG[0])
    tap(client, edit, "6:0")
    pages.update({"trad-play": edit, "trad-check": edit + "/check?tile=0:5", "trad-view": view_of(client, edit),
                  "trad-share": edit + "/share"})
    # 5-player blitz: the turn open (the bar's two buttons with the longest names)
    blitz = new_match(client, "blitz", LONG, defaults("blitz", 5))
    start(client, blitz)
    tap(client, blitz, "0:0", leader=LONG[0])
    pages["blitz-open"] = blitz
    # 5-player blitz imported: the hand over (the end-of-hand table), the score, the sheets,
    # the step-through, a player's page, the audit and a correction
    record, _ = fixtures.random_record("blitz", 5, 3, seed=11)
    short = imported(client, record)
    pages.update({"blitz5-done": short, "blitz5-score": short + "/score"})
    done = imported(client, _renamed(record, LONG))
    key = done.split("/m/")[1]
    pages.update({"blitz-done": done, "blitz-score": done + "/score", "blitz-sheets": done + "/sheets",
                  "blitz-hand": done + "/hands/1", "blitz-step": done + "/hands/1/step/3",
                  "blitz-audit": f"/m/{key}/audit", "blitz-correct": done + "/hand/1/correct",
                  "players": "/players", "player": f"/players/{LONG[0]}"})
    # the «Козёл» in pairs: two hands by their result, the score and the table between hands
    pairs = new_match(client, players=LONG[:4], options=YARD)
    for out, left in ((LONG[0], {"left_1": "25", "left_3": "34"}), (LONG[1], {"left_0": "40", "left_2": "38"})):
        page = client.get(pairs + "/result")
        form = {"csrf_token": csrf_of(page), "n": soup(page).select_one('input[name="n"]')["value"],
                "out": out, **left}
        assert client.post(pairs + "/result", data=form).status_code == 302
    pages.update({"kozel-table": pairs, "kozel-score": pairs + "/score", "kozel-sheets": pairs + "/sheets",
                  "kozel-audit": pairs + "/audit"})
    # the sausage and the ladder, imported part-way (the table in play), and the sausage's rules
    for variant, n in (("sausage", 4), ("ladder", 3)):
        record, _ = fixtures.random_record(variant, n, 1, seed=5)
        hand = record["hands"][0]
        turns = hand.get("turns") or []
        hand["turns"] = turns[: max(1, len(turns) // 2)]
        m = imported(client, _renamed(record, LONG))
        pages[f"{variant}-play"] = m
        pages[f"{variant}-score"] = m + "/score"
    # lucky threes in play without the deal: «records drawing it» with its note that a tile
    # drawn is recorded by its face (sideways the mode's line does not wrap)
    lucky = new_match(client, "lucky_threes", LONG[:3], defaults("lucky_threes", 3))
    start(client, lucky)
    pages["lucky-play"] = lucky
    return pages


@pytest.fixture(scope="module")
def pages(site):
    _, app = site
    client = app.test_client()
    return _pages(client)


def test_the_pages_are_set_up(pages):
    assert len(pages) > 35


#: both phones, portrait and landscape, each language twice
CASES = [("360x640", "ru"), ("390x844", "en"), ("640x360", "en"), ("844x390", "ru")]


@pytest.mark.parametrize("size,lang", CASES)
def test_nothing_is_wider_than_the_screen(chromium, site, pages, size, lang):
    base, _ = site
    w, h = SIZES[size]
    context = chromium.new_context(viewport={"width": w, "height": h}, device_scale_factor=1,
                                   is_mobile=True, has_touch=True, locale=f"{lang}-RU")
    page = context.new_page()
    page.set_default_timeout(15_000)
    bad = {}
    try:
        page.goto(f"{base}/lang/{lang}?next=/")
        for name, path in pages.items():
            page.goto(base + path)
            got = page.evaluate(OVER, w)
            if os.environ.get("FIT_SHOTS"):
                os.makedirs(SHOTS, exist_ok=True)
                page.screenshot(path=f"{SHOTS}/all-{lang}-{size}-{name}.png", full_page=True)
            if got["scroll"] > w or got["over"]:
                bad[name] = got
                os.makedirs(SHOTS, exist_ok=True)
                page.screenshot(path=f"{SHOTS}/{lang}-{size}-{name}.png", full_page=True)
    finally:
        context.close()
    assert not bad, json.dumps(bad, ensure_ascii=False, indent=1)
