"""A real browser at a phone's size (Playwright, Debian's chromium, 390x844).

Screenshots go to /tmp/shots/ (one per page and language) for a person to look at.
"""

from __future__ import annotations

import os
import re

import pytest


pytestmark = pytest.mark.browser

SHOTS = "/tmp/shots"


def phone_checks(page, name: str) -> None:
    """No sideways scroll at 390 px; every button and input at least 44 px tall."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{name}: the page is {width}px wide"
    small = page.evaluate("""() => [...document.querySelectorAll(
        'main button, main a, main summary, main input:not([type=radio]):not([type=checkbox]):not([type=hidden]), main select, header a')]
        .filter(e => e.offsetParent !== null)
        .map(e => [e.outerHTML.slice(0, 80), e.getBoundingClientRect().height])
        .filter(([_, h]) => h < 44)""")
    assert small == [], f"{name}: touch targets under 44px: {small}"


def shoot(page, name: str) -> None:
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def start_match(page, base: str, players=("Анфиса", "Всеволод")) -> str:
    page.goto(base + "/new/traditional")
    for i, p in enumerate(players, start=1):
        page.fill(f'input[name="player_{i}"]', p)
    go(page, "button.primary[type=submit]")
    assert re.search(r"/m/", page.url)
    return page.url


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_page_fits_a_phone(phone, live_server, lang):
    """Every page at 390 px: no sideways scroll, 44 px targets, screenshots taken (weights:
    test_web_pages.py)."""
    base = live_server
    page = phone
    page.goto(f"{base}/lang/{lang}?next=/")
    for name, path in [("index-empty", "/"), ("new", "/new"), ("setup", "/new/traditional"),
                       ("setup-blitz", "/new/blitz"), ("import", "/import")]:
        page.goto(base + path)
        phone_checks(page, name)
        shoot(page, f"{lang}-{name}")
    edit = start_match(page, base)
    for name, suffix in [("table", ""), ("score", "/score"), ("share", "/share"), ("deal", "/deal"),
                         ("result", "/result")]:
        page.goto(edit + suffix)
        phone_checks(page, name)
        shoot(page, f"{lang}-{name}")
    page.goto(edit)
    go(page, 'form[action$="/hand"] button')
    page.check('fieldset.leader input[value="Анфиса"]')  # who leads: said by the table, never preselected
    tap_move(page, "6:6")
    tap_move(page, "6:0")
    phone_checks(page, "table in play")
    shoot(page, f"{lang}-table-in-play")
    tap_move(page, "3:3")
    assert page.locator(".problem a.rule-link").is_visible()
    shoot(page, f"{lang}-table-refused")
    tap_move(page, "5:6")  # Анфиса: 5:6 fits 6:6 only... both ends show 6 and 0: one place
    shoot(page, f"{lang}-table-after")
    page.goto(edit + "/share")
    view = page.get_attribute("a.view-link", "href")
    page.goto(view)
    phone_checks(page, "view")
    shoot(page, f"{lang}-view")
    page.goto(base + "/")
    shoot(page, f"{lang}-index")
    assert page.get_attribute("html", "lang") == lang


def test_setup_refuses_a_long_name_in_the_browser(phone, live_server):
    page = phone
    page.goto(live_server + "/new/traditional")
    page.fill('input[name="player_1"]', "Анфиса")
    # the long name is kept as typed (never cut) and refused by the server in words
    page.fill('input[name="player_2"]', "В" * 30)
    go(page, "button.primary[type=submit]")
    assert page.locator(".problem[role=alert]").is_visible()
    assert page.locator(".errors li").first.inner_text().startswith("Имя")


#: a tap on the table page sent in the background (app.js) redraws <main> and bumps its
#: data-gen; any other tap loads a page
_LIVE_TAP = r"""el => {
    const f = el.form || el.closest('form');
    if (!f || !window.refereeBusy) return false;
    if (f.id === 'more-form') return true;
    return f.method.toLowerCase() === 'post' &&
        /\/m\/[^/]+\/(move|end-turn|undo|redo|hand|left|result)$/.test(new URL(f.action, location.href).pathname);
}"""

#: an element's box on the screen as it is: [top, bottom, the bottom of what is not covered, the
#: page's scroll]; covered: under a bar or pad fixed at the bottom that spans the element's columns
#: (sideways, the number pad at the right of the form covers nothing at its left)
SCREEN_BOX = """e => { const r = (e.closest('label') || e).getBoundingClientRect(); let limit = innerHeight;
    if (!e.closest('.bar, .pad-dock')) for (const b of document.querySelectorAll('.bar, .pad-dock')) {
        const br = b.getBoundingClientRect();
        if (br.height && br.left < r.right && br.right > r.left && getComputedStyle(b).position === 'fixed')
            limit = Math.min(limit, br.top);
    }
    return [r.top, r.bottom, limit + 0.5, window.scrollY]; }"""


#: taps, page loads and scrolls seen by go() (the report's figures; reset by the test)
TALLY = {"taps": 0, "loads": 0, "scrolls": 0, "redraw_ms": []}


def go(page, selector: str, in_view: bool = False, moved: bool = False) -> None:
    """Click something and wait for what it does: a new page, or the table redrawn in place.
    ``in_view``: the control must be inside the screen as it is (no scroll needed), the page
    never scrolled; ``moved``: the page itself may have scrolled to show it (a choice of places
    under the layout), the player not."""
    el = page.locator(selector).first
    # the screen as it is: above the bar fixed at the bottom (a control under it is hidden)
    box = el.evaluate(SCREEN_BOX)
    scrolled = not (box[0] >= 0 and box[1] <= box[2])
    if in_view and (scrolled or (box[3] != 0 and not moved)):
        os.makedirs("/tmp/shots-fail", exist_ok=True)  # what the screen showed, for a person to look at
        page.screenshot(path="/tmp/shots-fail/" + re.sub(r"[^\w]+", "_", selector)[:80] + ".png")
        raise AssertionError(f"{selector}: outside the screen {box}")
    TALLY["taps"] += 1
    TALLY["scrolls"] += int(scrolled)
    if el.evaluate(_LIVE_TAP):
        gen = page.evaluate("document.querySelector('main').getAttribute('data-gen') || '0'")
        el.click()
        page.wait_for_function("g => (document.querySelector('main').getAttribute('data-gen') || '0') !== g",
                               arg=gen)
        ms = page.evaluate("window.refereeLastRedraw")
        if ms is not None:
            TALLY["redraw_ms"].append(ms)
        return
    TALLY["loads"] += 1
    with page.expect_navigation():
        el.click()


def tap_move(page, move: str) -> None:
    """Tap the tile; if a choice of places appears, tap the one against the named tile."""
    tile, _, target = move.partition(">")
    tile = ":".join(sorted(tile.split(":")))  # the picker names tiles low half first
    go(page, f'form.picker-form button.pick[value="{tile}"]')
    if page.locator("form.choose").count():
        go(page, f'form.choose button.place[value$=">{target}"]')


def test_seed_hand_in_the_browser(phone, chromium, live_server):
    """The seed traditional hand tap by tap; a refused move; undo; the share link; languages."""
    from webhelpers import SEED_MOVES

    page = phone
    edit = start_match(page, live_server)
    go(page, "text=Первый кон: по ходам")
    assert page.locator("fieldset.leader").is_visible()
    page.check('input[name="leader"][value="Анфиса"]')
    shoot(page, "ru-play-start")
    tap_move(page, SEED_MOVES[0])
    assert page.inner_text(".turn .to-move") == "Всеволод"

    # a refused move: 3:3 does not fit 6:6; the rule is shown and linked, nothing changes
    tap_move(page, "3:3")
    problem = page.locator(".problem[role=alert]")
    assert problem.is_visible() and "3:3" in problem.inner_text()
    assert page.get_attribute("a.rule-link", "href") == "/rules/traditional#play.no_fit"
    phone_checks(page, "refused")
    shoot(page, "ru-play-refused")
    assert page.locator(".layout svg.tile").count() == 1

    # the read-only view, open on another phone, follows the moves
    page.goto(edit + "/share")
    shoot(page, "ru-share-live")
    view_url = page.get_attribute("a.view-link", "href")
    viewer_ctx = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                      has_touch=True, locale="ru-RU", bypass_csp=True)
    viewer = viewer_ctx.new_page()
    viewer.goto(view_url)
    assert viewer.locator(".layout svg.tile").count() == 1
    page.goto(edit)

    # undo: lay 6:0, undo it, lay it again
    tap_move(page, SEED_MOVES[1])
    assert page.locator(".layout svg.tile").count() == 2
    viewer.wait_for_function("document.querySelectorAll('.layout svg.tile').length === 2", timeout=8000)
    go(page, "button.undo")
    assert page.locator(".layout svg.tile").count() == 1
    assert page.inner_text(".turn .to-move") == "Всеволод"

    for mv in SEED_MOVES[1:]:
        if mv == "5:0>6:5":
            go(page, 'form.picker-form button.pick[value="0:5"]')
            assert page.locator("form.choose button.place").count() == 2
            phone_checks(page, "choose")
            shoot(page, "ru-play-choose")
            go(page, 'form.choose button.place[value$=">6:5"]')
            continue
        tap_move(page, mv)
        if mv == "2:3":
            shoot(page, "ru-play-middle")
            phone_checks(page, "play")
        assert page.locator(".problem").count() == 0, (mv, page.inner_text("main"))

    # the end of the hand: Всеволод still holds 1:1
    assert page.locator("form.left-form").is_visible()
    shoot(page, "ru-play-left")
    phone_checks(page, "left")
    page.click('.pip-row[data-i="1"] .tiles-open')      # his tiles, not the number pad
    page.click('form.left-form label.pick:has(input[value="1:1"])')
    go(page, "form.left-form button.record")
    cells = page.locator("table.score tfoot td")
    assert [cells.nth(i).inner_text() for i in range(2)] == ["2", "0"]
    shoot(page, "ru-play-next")
    go(page, "nav.tabs >> text=Счёт")
    shoot(page, "ru-score-after")

    # the viewer sees the score and has nothing to change
    viewer.wait_for_function("document.querySelectorAll('table.score tbody tr').length === 1", timeout=8000)
    assert viewer.locator("form, button, input, select, textarea").count() == 0
    shoot(viewer, "ru-view-after")
    viewer_ctx.close()

    # switch the language: remembered on the next pages
    go(page, "a.lang")
    assert page.get_attribute("html", "lang") == "en"
    assert page.inner_text("h1") == "Traditional"
    page.goto(edit)
    # the next hand starts from the bar at the bottom (the form above it names the same button)
    bar_button = page.locator("button.next-hand")
    assert bar_button.is_visible() and bar_button.inner_text() == "Next hand: move by move"
    shoot(page, "en-play-next")


def test_core_flow_without_javascript(chromium, live_server):
    """Plain forms only: start a match, lay tiles, choose a place, undo, see the share page."""
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False,
                               locale="ru-RU")
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    try:
        edit = start_match(page, live_server)
        go(page, 'form[action$="/hand"] button')
        page.check('fieldset.leader input[value="Анфиса"]')  # who leads: said by the table
        for mv in ["6:6", "6:0", "6:5", "5:0>6:5"]:
            tap_move(page, mv)
        assert page.locator(".layout svg.tile").count() == 4
        go(page, "button.undo")
        assert page.locator(".layout svg.tile").count() == 3
        page.goto(edit + "/share")
        assert page.locator(".qr svg").is_visible()
    finally:
        ctx.close()


def test_deal_picker_keeps_a_tile_to_one_player(phone, live_server):
    page = phone
    edit = start_match(page, live_server)
    page.goto(edit + "/deal")
    page.click('fieldset.deal-player:nth-of-type(1) label.pick:has(input[value="6:6"])')
    other = page.locator('fieldset.deal-player:nth-of-type(2) input[value="6:6"]')
    assert other.is_disabled()
    page.click('fieldset.deal-player:nth-of-type(1) label.pick:has(input[value="6:6"])')
    assert not other.is_disabled()
