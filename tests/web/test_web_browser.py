"""A real browser at a phone's size (Playwright, Debian's chromium, 390x844).

Screenshots go to /tmp/shots/ (one per page and language) for a person to look at.
"""

from __future__ import annotations

import os
import re

import pytest

from referee.web import engine

pytestmark = pytest.mark.browser

SHOTS = "/tmp/shots"
MAX_PAGE_BYTES = 100 * 1024


def weigh(page, url: str) -> int:
    """Load ``url`` and return the bytes of every response it took (HTML, CSS, JS, images)."""
    sizes: list[int] = []

    def on_response(resp):
        try:
            sizes.append(len(resp.body()))
        except Exception:
            pass

    page.on("response", on_response)
    page.goto(url)
    page.wait_for_load_state("load")
    page.remove_listener("response", on_response)
    return sum(sizes)


def phone_checks(page, name: str) -> None:
    """No sideways scroll at 390 px; every button and input at least 44 px tall."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{name}: the page is {width}px wide"
    small = page.evaluate("""() => [...document.querySelectorAll(
        'main button, main a.button, main input:not([type=radio]):not([type=checkbox]):not([type=hidden]), main select, header a')]
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
    page.click("button.primary[type=submit]")
    page.wait_for_url(re.compile(r"/m/"))
    return page.url


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_page_fits_a_phone(phone, live_server, lang):
    """Every page at 390 px: no sideways scroll, 44 px targets, ≤ 100 KB, screenshots taken."""
    base = live_server
    page = phone
    page.goto(f"{base}/lang/{lang}?next=/")
    weights = {}
    for name, path in [("index-empty", "/"), ("new", "/new"), ("setup", "/new/traditional"),
                       ("setup-blitz", "/new/blitz"), ("import", "/import")]:
        weights[name] = weigh(page, base + path)
        phone_checks(page, name)
        shoot(page, f"{lang}-{name}")
    edit = start_match(page, base)
    for name, suffix in [("table", ""), ("score", "/score"), ("share", "/share"), ("deal", "/deal"),
                         ("result", "/result")]:
        weights[name] = weigh(page, edit + suffix)
        phone_checks(page, name)
        shoot(page, f"{lang}-{name}")
    page.goto(edit + "/share")
    view = page.get_attribute("a.view-link", "href")
    weights["view"] = weigh(page, view)
    phone_checks(page, "view")
    shoot(page, f"{lang}-view")
    weights["index"] = weigh(page, base + "/")
    shoot(page, f"{lang}-index")
    heavy = {k: v for k, v in weights.items() if v > MAX_PAGE_BYTES}
    assert heavy == {}
    with open(f"{SHOTS}/weights-{lang}.txt", "w") as f:
        for k, v in sorted(weights.items()):
            f.write(f"{k} {v / 1024:.1f} KB\n")
    assert page.get_attribute("html", "lang") == lang


def test_setup_refuses_a_long_name_in_the_browser(phone, live_server):
    page = phone
    page.goto(live_server + "/new/traditional")
    page.fill('input[name="player_1"]', "Анфиса")
    # maxlength stops typing; a forged value still gets a clear message from the server
    page.evaluate("document.querySelector('input[name=player_2]').removeAttribute('maxlength')")
    page.fill('input[name="player_2"]', "В" * 30)
    page.click("button.primary[type=submit]")
    assert page.locator(".problem[role=alert]").is_visible()
    assert page.locator(".errors li").first.inner_text().startswith("Имя")


def tap_move(page, move: str) -> None:
    """Tap the tile; if a choice of places appears, tap the one against the named tile."""
    tile, _, target = move.partition(">")
    tile = ":".join(sorted(tile.split(":")))  # the picker names tiles low half first
    page.click(f'form.picker-form button.pick[value="{tile}"]')
    page.wait_for_load_state("load")
    if page.locator("form.choose").count():
        page.click(f'form.choose button.place[value$=">{target}"]')
        page.wait_for_load_state("load")


@pytest.mark.skipif(not engine.available(), reason="the engine's replay has not landed")
def test_seed_hand_in_the_browser(phone, chromium, live_server):
    """The seed traditional hand tap by tap; a refused move; undo; the share link; languages."""
    from webhelpers import SEED_MOVES

    page = phone
    edit = start_match(page, live_server)
    page.click("text=Первый кон: по ходам")
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
    page.click("button.undo")
    page.wait_for_load_state("load")
    assert page.locator(".layout svg.tile").count() == 1
    assert page.inner_text(".turn .to-move") == "Всеволод"

    for mv in SEED_MOVES[1:]:
        if mv == "5:0>6:5":
            page.click('form.picker-form button.pick[value="0:5"]')
            page.wait_for_load_state("load")
            assert page.locator("form.choose button.place").count() == 2
            phone_checks(page, "choose")
            shoot(page, "ru-play-choose")
            page.click('form.choose button.place[value$=">6:5"]')
            page.wait_for_load_state("load")
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
    page.click('form.left-form label.pick:has(input[value="1:1"])')
    page.click("form.left-form button[type=submit]")
    page.wait_for_load_state("load")
    cells = page.locator("table.score tfoot td")
    assert [cells.nth(i).inner_text() for i in range(2)] == ["2", "0"]
    shoot(page, "ru-play-next")
    page.click("nav.tabs >> text=Счёт")
    shoot(page, "ru-score-after")

    # the viewer sees the score and has nothing to change
    viewer.wait_for_function("document.querySelectorAll('table.score tbody tr').length === 1", timeout=8000)
    assert viewer.locator("form, button, input, select, textarea").count() == 0
    shoot(viewer, "ru-view-after")
    viewer_ctx.close()

    # switch the language: remembered on the next pages
    page.click("a.lang")
    page.wait_for_load_state("load")
    assert page.get_attribute("html", "lang") == "en"
    assert page.inner_text("h1") == "Traditional"
    page.goto(edit)
    assert page.locator("text=Next hand: move by move").is_visible()
    shoot(page, "en-play-next")
