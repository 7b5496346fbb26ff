"""The table at a real table, in a real browser at 390x844, Russian and English:
the seed traditional hand with its deal played with no scroll (every control inside the screen
and above the bar when tapped; taps, page loads and the time from tap to the redrawn table
written to /tmp/table/), blitz without the deal (a tile tapped for the next player is never
booked to the previous one), an 8-player blitz scoreboard with no name or number wrapped.
Screenshots: /tmp/shots-table/."""

from __future__ import annotations

import json
import os

import pytest

from test_web_browser import TALLY, go, phone_checks
from webhelpers import SEED_MOVES

pytestmark = pytest.mark.browser
SHOTS = "/tmp/shots-table"
SEED_DEAL = {"Анфиса": "3:2 3:3 4:6 1:3 5:6 4:0 6:6", "Всеволод": "0:0 2:0 1:1 0:6 2:6 2:1 0:5"}

#: where the fixed bar starts (a control under it cannot be tapped without scrolling)
ABOVE_BAR = """e => { const r = (e.closest('label') || e).getBoundingClientRect();
    const bar = document.querySelector('.bar');
    const inBar = bar && bar.contains(e);
    const limit = bar && !inBar && bar.getClientRects().length ? bar.getBoundingClientRect().top : window.innerHeight;
    return [r.top, r.bottom, limit, window.scrollY]; }"""


def shot(page, name):
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}.png")


def in_screen(page, selector):
    top, bottom, limit, scrolled = page.locator(selector).first.evaluate(ABOVE_BAR)
    assert top >= 0 and bottom <= limit + 0.5 and scrolled == 0, \
        f"{selector}: not inside the first screen ({top:.0f}-{bottom:.0f}, limit {limit:.0f}, scrolled {scrolled})"


def tap(page, selector):
    """A tap on the table or deal page: inside the screen, above the bar, no scroll."""
    in_screen(page, selector)
    go(page, selector)


def low(t):
    return ":".join(sorted(t.split(":")))


def reset():
    TALLY.update(taps=0, loads=0, scrolls=0, redraw_ms=[])


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_seed_hand_with_its_deal_without_a_scroll(phone, live_server, lang):
    page = phone
    page.goto(f"{live_server}/lang/{lang}?next=/")
    page.goto(live_server + "/new/traditional")
    for i, p in enumerate(("Анфиса", "Всеволод"), start=1):
        page.fill(f'input[name="player_{i}"]', p)
    # the match set up «with the deal»: straight to the deal page (no tap on its link)
    go(page, "button.with-deal")
    assert page.url.endswith("/deal"), page.url
    edit = page.url.removesuffix("/deal")
    reset()
    for i, name in enumerate(("Анфиса", "Всеволод")):
        assert page.locator(f'fieldset.deal-player[data-i="{i}"]').is_visible()  # moved on by itself
        for t in SEED_DEAL[name].split():
            sel = f'fieldset.deal-player[data-i="{i}"] label.pick:has(input[value="{low(t)}"])'
            in_screen(page, sel)
            TALLY["taps"] += 1
            page.click(sel)
        assert page.locator(f'.deal-tab[data-i="{i}"] .count').inner_text() == "7"
    shot(page, f"{lang}-seed-deal")
    tap(page, "form.deal-form button.primary")
    assert page.url == edit
    entries = page.evaluate("history.length")
    shot(page, f"{lang}-seed-start")
    # Анфиса must open with 6:6: recorded with the deal, said on the table
    assert "6:6" in page.inner_text(".note")
    assert page.request.get(edit + "/export").json()["hands"][0]["turns"] == [{"player": "Анфиса", "moves": ["6:6"]}]
    for mv in SEED_MOVES[1:]:
        tile, _, target = mv.partition(">")
        assert page.locator(".problem").count() == 0, page.inner_text("main")[:600]
        own = page.locator(f'.picker.own button.pick[value="{low(tile)}"]')
        split = page.locator(f'.picker.own button.pick.split[data-tile="{low(tile)}"]')
        assert own.count() + split.count() >= 1, f"{mv}: the player's own tiles come first"
        if split.count():
            # a tile that fits two places: one button a place, numbered as the drawing's ends
            assert target and split.count() == 2, mv
            labels = [split.nth(k).inner_text().strip() for k in range(2)]
            marks = page.locator(".layout svg.table .place-mark").count()
            assert sorted(labels) == ["1", "2"] and marks == 2, (mv, labels, marks)
            shot(page, f"{lang}-seed-split")
            tap(page, f'.picker.own button.pick.split[data-tile="{low(tile)}"][value$=">{target}"]')
        else:
            tap(page, f'.picker.own button.pick[value="{low(tile)}"]')
        assert page.locator("form.choose").count() == 0, f"{mv}: no second question"
        if mv == "2:3":
            shot(page, f"{lang}-seed-middle")
            phone_checks(page, "seed middle")
    # the deal known: the hand scores itself; its end stays on the table
    cells = page.locator("table.score tfoot td")
    assert [cells.nth(i).inner_text() for i in range(2)] == ["2", "0"]
    shot(page, f"{lang}-seed-end")
    assert page.evaluate("history.length") == entries  # the table's taps added no history entry
    ms = sorted(TALLY["redraw_ms"])
    figures = {"lang": lang, "taps": TALLY["taps"], "loads": TALLY["loads"], "scrolls": TALLY["scrolls"],
               "deal_tiles": 14, "moves": len(SEED_MOVES),
               "redraws": len(ms), "redraw_ms_median": round(ms[len(ms) // 2], 1),
               "redraw_ms_p90": round(ms[min(len(ms) - 1, int(len(ms) * 0.9))], 1),
               "redraw_ms_max": round(ms[-1], 1)}
    os.makedirs("/tmp/table", exist_ok=True)
    with open(f"/tmp/table/seed-{lang}.json", "w") as f:
        json.dump(figures, f)
    print(figures)
    assert TALLY["scrolls"] == 0
    assert TALLY["loads"] == 0  # the deal sent in the background, the table redrawn in place
    # a tap a tile of the deal and a move at most: the start also lays the forced opening
    assert TALLY["taps"] <= 14 + len(SEED_MOVES)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_blitz_a_tile_for_the_next_player_is_never_booked_to_the_previous(phone, live_server, lang):
    page = phone
    page.goto(f"{live_server}/lang/{lang}?next=/")
    players = ("Жан", "Владимир", "Андрей", "Стас")
    page.goto(f"{live_server}/new/blitz")
    for i, p in enumerate(players, start=1):
        page.fill(f'input[name="player_{i}"]', p)
    go(page, "button.primary[type=submit]")
    edit = page.url
    go(page, 'form[action$="/hand"] button')
    page.check('fieldset.leader input[value="Жан"]')
    tap(page, 'form.picker-form button.pick[value="0:0"]')
    # the turn is open: whose turn is said, the two outcomes in the bar
    assert page.locator(".bar .bar-turn").is_visible() and "Жан" in page.inner_text(".bar .bar-turn")
    in_screen(page, ".bar button.more")
    in_screen(page, ".bar button.next-turn")
    assert "Владимир" in page.inner_text(".bar button.next-turn")
    shot(page, f"{lang}-blitz-open")
    # Владимир's tile tapped while Жан's turn is open: nothing sent, the bar says what to do
    page.click('form.picker-form button.pick[value="0:3"]')
    page.wait_for_timeout(300)
    turns = page.request.get(edit + "/export").json()["hands"][0]["turns"]
    assert turns == [{"player": "Жан", "moves": ["0:0"]}]
    assert "Владимир" in page.inner_text(".bar .bar-turn")
    shot(page, f"{lang}-blitz-nudged")
    tap(page, ".bar button.next-turn")
    assert "Владимир" in page.inner_text(".bar .bar-turn")
    tap(page, 'form.picker-form button.pick[value="0:3"]')
    turns = page.request.get(edit + "/export").json()["hands"][0]["turns"]
    assert turns == [{"player": "Жан", "moves": ["0:0"]}, {"player": "Владимир", "moves": ["0:3>0:0"]}]
    # «Владимир lays more», then a second tile in the same turn
    tap(page, ".bar button.more")
    tap(page, 'form.picker-form button.pick[value="3:3"]')
    turns = page.request.get(edit + "/export").json()["hands"][0]["turns"]
    assert turns[-1]["player"] == "Владимир" and len(turns[-1]["moves"]) == 2
    shot(page, f"{lang}-blitz-more")


EIGHT = ["Александра", "Константин", "Владимир", "Святослав", "Евгения", "Маргарита", "Станислав", "Жан"]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_eight_player_blitz_scoreboard_wraps_no_name_or_number(phone, live_server, lang):
    """Eight players at 390 px: no name or number wrapped or cut (each line's rectangles
    counted: rows for horizontal text, columns for the upright names), and the score table
    fits its box (no sideways scroll inside it, nor of the page)."""
    page = phone
    page.goto(f"{live_server}/lang/{lang}?next=/")
    record = {"format": "referee-record/1", "variant": "blitz", "options": {}, "players": EIGHT,
              "hands": [{"result": {"out": "Жан", "left": {p: 10 + k for k, p in enumerate(EIGHT[:-1])}}}]}
    page.goto(live_server + "/import")
    page.fill("textarea", json.dumps(record, ensure_ascii=False))
    go(page, "form button.primary")
    assert "/m/" in page.url, page.inner_text("main")[:500]
    edit = page.url.split("/score")[0]
    lines = """sel => [...document.querySelectorAll(sel)].filter(e => e.offsetParent !== null).map(e => {
        const r = document.createRange(); r.selectNodeContents(e);
        const vertical = getComputedStyle(e).writingMode.startsWith('vertical');
        const rects = [...r.getClientRects()].filter(x => x.width > 0 && x.height > 0);
        const n = new Set(rects.map(x => Math.round(vertical ? x.left : x.top))).size;
        const cut = e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1;
        return [e.textContent.trim(), n, cut, Math.round(e.getBoundingClientRect().width)]; })"""
    for url in (edit, edit + "/score"):
        page.goto(url)
        phone_checks(page, url)
        got = page.evaluate(lines, "table.score th, table.score td .pts, table.score td .run, "
                                   "table.score tfoot td, .totals-strip .name, .totals-strip .total, "
                                   ".progress span")
        assert len(got) > 40, url
        wrapped = [g for g in got if g[1] > 1]
        assert wrapped == [], f"{url}: wrapped {wrapped}"
        cut = [g for g in got if g[2] and g[0] not in ("#", "Σ")]
        assert cut == [], f"{url}: cut {cut}"
        box = page.evaluate("""() => { const w = document.querySelector('.table-wrap');
            const t = w.querySelector('table.score').getBoundingClientRect();
            return [w.scrollWidth, w.clientWidth, t.right]; }""")
        assert box[0] <= box[1] and box[2] <= 390, f"{url}: the score table scrolls sideways {box}"
        shot(page, f"{lang}-eight" + ("-score" if url.endswith("score") else "-table"))
    names = [g[0] for g in page.evaluate(lines, "table.score thead th")]
    assert all(n in names for n in EIGHT)
