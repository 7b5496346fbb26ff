"""A phone that lives on the table, in a real browser: the screen kept awake on a match page
(the Wake Lock API asked, and nothing breaks without it), a refused move vibrates (and not once
switched off), a «Козёл» match is titled «Козёл», and the table scoreboard in large type at
390x844, 360x640 and 844x390, ru and en. Screenshots: /tmp/shots/board-*.png."""

from __future__ import annotations

import pytest

from test_result_browser import NAMES, context, new_match
from test_web_browser import shoot

pytestmark = pytest.mark.browser

#: the browser's APIs replaced by recorders (headless Chromium grants neither)
STUBS = """
window.__wake = []; window.__buzz = [];
Object.defineProperty(navigator, 'wakeLock', {configurable: true, value: {request: function (t) {
  window.__wake.push(t); return Promise.resolve({addEventListener: function () {}, release: function () {}}); }}});
Object.defineProperty(navigator, 'vibrate', {configurable: true, value: function (ms) { window.__buzz.push(ms); return true; }});
"""


def _result(page, out: str, pips: dict[int, str]) -> None:
    page.click(f'.chip:has(input[value="{out}"])')
    for seat in sorted(pips):
        if page.evaluate("(document.querySelector('.pad-row.active') || {}).dataset?.i") != str(seat):
            page.click(f'.pad-row[data-i="{seat}"]')
        for d in pips[seat]:
            page.click(f'.keys .key[data-key="{d}"]')
    gen = page.evaluate("document.querySelector('main').getAttribute('data-gen') || '0'")
    page.click(".pad-dock .record")
    page.wait_for_function("g => (document.querySelector('main').getAttribute('data-gen') || '0') !== g", arg=gen)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_table_phone_stays_awake_vibrates_and_says_kozel(chromium, live_server, lang):
    a, b, c, d = NAMES[lang]
    ctx = context(chromium, lang=lang)
    ctx.add_init_script(STUBS)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    new_match(page, live_server, lang, "traditional", NAMES[lang], preset="yard")
    # a «Козёл» match is titled as the table calls it
    assert page.inner_text("h1").startswith("Козёл" if lang == "ru" else "Kozel")
    page.wait_for_function("window.__wake.length > 0")
    assert page.evaluate("window.__wake") == ["screen"]
    # (a traditional match for itself keeps the variant's title)
    new_match(page, live_server, lang, "traditional", NAMES[lang])
    assert page.inner_text("h1").startswith("Традиционное" if lang == "ru" else "Traditional")
    # a hand move by move: a tile that does not fit is refused, and the phone vibrates
    page.click('form[action$="/hand"] button[type=submit]')
    page.wait_for_selector("form.picker-form")
    # who leads: the four players side by side, not a row each, and the whole picker above the bar
    lead = page.locator("fieldset.leader").bounding_box()
    assert lead["height"] < 140, lead
    last = page.locator("form.picker-form .pick").last.bounding_box()
    assert last["y"] + last["height"] <= page.locator(".bar").bounding_box()["y"], last
    page.check(f'input[name="leader"][value="{a}"]')
    gen = page.evaluate("document.querySelector('main').getAttribute('data-gen') || '0'")
    page.click('form.picker-form button.pick[value="6:6"]')
    page.wait_for_function("g => (document.querySelector('main').getAttribute('data-gen') || '0') !== g", arg=gen)
    assert page.evaluate("window.__buzz") == []          # a move the rules take: no vibration
    gen = page.evaluate("document.querySelector('main').getAttribute('data-gen') || '0'")
    page.click('form.picker-form button.pick[value="1:2"]')
    page.wait_for_function("g => (document.querySelector('main').getAttribute('data-gen') || '0') !== g", arg=gen)
    assert page.locator(".problem[role=alert]").is_visible()
    assert page.evaluate("window.__buzz").__len__() == 1
    # switched off on this phone: the next refusal is silent
    page.click(".vibrate-toggle")
    assert page.get_attribute(".vibrate-toggle", "aria-pressed") == "false"
    gen = page.evaluate("document.querySelector('main').getAttribute('data-gen') || '0'")
    page.click('form.picker-form button.pick[value="1:2"]')
    page.wait_for_function("g => (document.querySelector('main').getAttribute('data-gen') || '0') !== g", arg=gen)
    assert page.evaluate("window.__buzz").__len__() == 1
    ctx.close()


def test_no_wake_lock_breaks_nothing(chromium, live_server):
    """Where the API is missing the pages work as before."""
    ctx = context(chromium)
    ctx.add_init_script("Object.defineProperty(navigator, 'wakeLock', {configurable: true, value: undefined});")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    edit = new_match(page, live_server, "ru", "traditional", NAMES["ru"][:2])
    page.goto(edit + "/result")
    _result(page, NAMES["ru"][0], {1: "12"})
    assert "записан" in page.inner_text(".note") and errors == []
    ctx.close()


@pytest.mark.parametrize("size", [(390, 844), (360, 640), (844, 390)], ids=["390x844", "360x640", "844x390"])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_table_scoreboard_in_large_type(chromium, live_server, lang, size):
    a, b, c, d = NAMES[lang]
    ctx = context(chromium, size=size, lang=lang)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    edit = new_match(page, live_server, lang, "traditional", NAMES[lang], preset="yard")
    page.goto(edit + "/result")
    _result(page, a, {1: "5", 3: "4"})              # 9 < 13: it hangs for Bob and Dan
    _result(page, "*block*", {0: "10", 1: "12", 2: "12", 3: "10"})   # equal: the eggs
    page.goto(edit + "/score")
    page.click("a.board-link")
    page.wait_for_selector(".board")
    units = page.locator(".board-unit")
    assert units.count() == 2
    text = page.inner_text(".board")
    joint = "и" if lang == "ru" else "and"
    assert f"{b} {joint} {d}" in text and ("висит 9" if lang == "ru" else "9 hangs") in text
    assert ("Яйца: 44" if lang == "ru" else "Eggs: 44") in page.inner_text("main")
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    big = page.locator(".board-total").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert big >= 48
    shoot(page, f"board-{lang}-{size[0]}x{size[1]}")
    # the read-only link has it too
    view = edit.replace("/m/", "/s/")
    page.goto(edit + "/share")
    view = page.get_attribute("a.view-link", "href")
    page.goto(view + "/board")
    assert page.locator(".board-unit").count() == 2
    ctx.close()


@pytest.mark.parametrize("size", [(844, 390), (640, 360)], ids=["844x390", "640x360"])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_landscape_puts_the_picker_beside_the_drawing(chromium, live_server, lang, size):
    """Sideways, mid-hand: the tiles to tap from the screen's top in the right half, the
    layout and its open ends in the left one, all of them above the bar with no scroll."""
    a = NAMES[lang][0]
    ctx = context(chromium, size=size, lang=lang)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    new_match(page, live_server, lang, "traditional", NAMES[lang][:2])
    page.click('form[action$="/hand"] button[type=submit]')
    page.wait_for_selector("form.picker-form")
    page.check(f'input[name="leader"][value="{a}"]')
    gen = page.evaluate("document.querySelector('main').getAttribute('data-gen') || '0'")
    page.click('form.picker-form button.pick[value="6:6"]')
    page.wait_for_function("g => (document.querySelector('main').getAttribute('data-gen') || '0') !== g", arg=gen)
    page.evaluate("window.scrollTo(0, 0)")
    hand = page.locator("section.hand").bounding_box()
    picker = page.locator("form.picker-form .picker").bounding_box()
    ends = page.locator("section.hand .ends").bounding_box()
    assert picker["x"] >= hand["x"] + hand["width"] - 1          # beside, not below
    assert picker["y"] < hand["y"]                               # from the top, not under the tabs
    bar = page.locator(".bar").bounding_box()
    assert picker["y"] + picker["height"] <= bar["y"]            # the whole picker above the bar
    assert ends["y"] >= 0 and ends["y"] + ends["height"] <= bar["y"]   # the open ends in sight
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    shoot(page, f"table-{lang}-landscape-{size[0]}x{size[1]}")
    ctx.close()


def test_a_starting_tile_picked_brings_the_start_button_into_view(chromium, live_server):
    """Ladder on a 360x640 phone: the bazaar's grid fills the screen, so a tap on the starting
    tile brings the button that starts the hand above the bar at the bottom, the tile still in sight."""
    ctx = context(chromium, size=(360, 640), lang="ru")
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    new_match(page, live_server, "ru", "ladder", NAMES["ru"][:2])
    go = page.locator("#start-form button[type=submit]")

    def top_of_bar() -> float:  # the screen's bottom where the bar is not drawn (nothing to tap in it)
        return page.evaluate("(b => b && b.getClientRects().length ? b.getBoundingClientRect().top : innerHeight)"
                             "(document.querySelector('.bar'))")

    assert go.bounding_box()["y"] + go.bounding_box()["height"] > top_of_bar()   # below the bar at first
    tile = page.locator('label.pick:has(input[name="starter"][value="3:4"])')
    tile.tap()
    page.wait_for_function("() => window.scrollY > 0")
    box = go.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= top_of_bar()
    assert tile.bounding_box()["y"] >= 0
    shoot(page, "ladder-starter-ru-360x640")
    ctx.close()


def test_a_taps_two_meanings_share_one_line_on_a_small_phone(chromium, live_server):
    """A game with a bazaar at 360x640 in Russian: «кладёт» and «записывает взятие» (what a tap on
    a tile means) side by side on one line, so that the picker under them keeps its room."""
    ctx = context(chromium, size=(360, 640), lang="ru")
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    new_match(page, live_server, "ru", "traditional", NAMES["ru"][:2])
    page.click('form[action$="/hand"] button[type=submit]')
    page.wait_for_selector("form.picker-form fieldset.mode")
    lay, draw = (page.locator(f'fieldset.mode label:has(input[value="{v}"])').bounding_box() for v in ("lay", "draw"))
    assert abs(lay["y"] - draw["y"]) < 2 and lay["x"] + lay["width"] <= draw["x"], (lay, draw)
    ctx.close()
