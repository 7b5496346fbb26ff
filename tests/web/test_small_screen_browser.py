"""The table on a small phone (360x640) in a real browser: whose turn sits beside the bar's
buttons, and the tile picker stays above the bar as the layout grows over the hand (the page
scrolls itself by what the picker lost); sideways (844x390) the picker and a choice of places
are brought into sight beside the layout; a hand recorded by its result says so in sight."""

from __future__ import annotations

import pytest

from referee import create_app
from test_result_browser import IN_VIEW, NAMES, WORDS, context, new_match
from test_web_browser import shoot
from webhelpers import SEED_MOVES, form_data, tap
from webhelpers import new_match as client_match

pytestmark = pytest.mark.browser

GEN = "document.querySelector('main').getAttribute('data-gen') || '0'"


def _tap(page, selector: str) -> None:
    """A tap that the table answers in place (the table redrawn)."""
    gen = page.evaluate(GEN)
    page.locator(selector).first.tap()
    page.wait_for_function(f"g => ({GEN}) !== g", arg=gen)


def test_the_picker_stays_above_the_bar_as_the_layout_grows(chromium, live_server, tmp_path):
    # a four-player hand well under way (13 tiles laid: the layout takes three rows), made
    # through the app's own forms on the live server's database
    client = create_app({"DATABASE": str(tmp_path / "live.db"), "SECRET_KEY": "live-secret"}).test_client()
    edit = client_match(client, "traditional", NAMES["ru"])
    ctx = context(chromium, size=(360, 640))
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    client.post(edit + "/hand", data=form_data(client.get(edit), 'form[action$="/hand"]'))
    for i, move in enumerate(SEED_MOVES):
        tap(client, edit, move, leader=NAMES["ru"][0] if i == 0 else None)
    page.goto(live_server + edit)
    # whose turn beside the pass and the undo: the bar one line of buttons high
    turn, buttons = page.locator(".bar-turn").bounding_box(), page.locator(".bar-buttons").bounding_box()
    assert abs((turn["y"] + turn["height"] / 2) - (buttons["y"] + buttons["height"] / 2)) < 4, (turn, buttons)
    assert page.locator(".bar").bounding_box()["height"] < 70
    last = "form.picker-form .pick >> nth=-1"
    assert page.locator(last).evaluate(IN_VIEW)   # the page opened with the whole picker in sight
    _tap(page, 'form.picker-form button.pick[value="3:4"]')
    if page.locator("form.choose").count():       # the tile fits both ends: a place chosen
        _tap(page, "form.choose button[type=submit]")
    assert page.locator("form.picker-form .pick >> nth=0").evaluate(IN_VIEW)
    assert page.locator(last).evaluate(IN_VIEW)
    ctx.close()


@pytest.mark.parametrize("size", [(844, 390), (640, 360)], ids=["844x390", "640x360"])
def test_sideways_the_picker_and_a_choice_of_places_come_into_sight_beside_the_layout(chromium, live_server, tmp_path, size):
    client = create_app({"DATABASE": str(tmp_path / "live.db"), "SECRET_KEY": "live-secret"}).test_client()
    edit = client_match(client, "traditional", NAMES["ru"])
    client.post(edit + "/hand", data=form_data(client.get(edit), 'form[action$="/hand"]'))
    for i, move in enumerate(SEED_MOVES):
        tap(client, edit, move, leader=NAMES["ru"][0] if i == 0 else None)
    ctx = context(chromium, size=size)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    page.goto(live_server + edit)
    # 3:4 fits both open ends (3 and 3): the places in sight, the layout beside them, not below
    _tap(page, 'form.picker-form button.pick[value="3:4"]')
    places = page.locator("form.choose button.place")
    assert places.count() == 2
    for i in range(2):
        assert places.nth(i).evaluate(IN_VIEW), i
    layout, choice = page.locator("section.hand").bounding_box(), page.locator("form.choose").bounding_box()
    assert layout["x"] + layout["width"] <= choice["x"] and layout["y"] < choice["y"] + choice["height"], (layout, choice)
    assert page.locator("section.hand .ends").evaluate(IN_VIEW)          # the open ends in sight too
    shoot(page, f"table-ru-places-{size[0]}x{size[1]}")
    _tap(page, "form.choose button.place")
    # the page scrolled down past the picker (to the moves' list), the undo tapped: the picker
    # is brought back into sight, top and bottom
    page.evaluate("scrollTo(0, document.body.scrollHeight)")
    gen = page.evaluate(GEN)
    page.evaluate("document.querySelector('.bar button.undo').click()")
    page.wait_for_function(f"g => ({GEN}) !== g", arg=gen)
    for pick in ("form.picker-form .pick >> nth=0", "form.picker-form .pick >> nth=-1"):
        assert page.locator(pick).evaluate(IN_VIEW), pick
    ctx.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_hand_recorded_by_its_result_says_so_in_sight(chromium, live_server, lang):
    a, b, c, d = NAMES[lang]
    ctx = context(chromium, size=(360, 640), lang=lang)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    edit = new_match(page, live_server, lang, "traditional", NAMES[lang], preset="yard")
    page.goto(edit + "/result")
    page.wait_for_selector("form.result-form.js")
    # Ann out; Bob's tiles and Dan's on the pickers (the page scrolled down to them), «Record»
    page.click(f'.chip:has(input[value="{a}"])')
    page.click('.pip-row[data-i="1"] .tiles-open')
    for seat, tiles in ((1, ("6:6", "5:6")), (3, ("4:5", "3:3", "0:2"))):
        if seat == 3:
            page.click('button.tile-tab[data-i="3"]')
        for tile in tiles:
            page.click(f'details.left-tiles[data-i="{seat}"] label.pick:has(input[value="{tile}"])')
    gen = page.evaluate(GEN)
    page.click("form.result-form button.primary")
    page.wait_for_function(f"g => ({GEN}) !== g", arg=gen)
    note = page.locator("p.note[role=status]")
    assert WORDS[lang]["recorded"] in note.inner_text()
    assert note.evaluate(IN_VIEW)
    ctx.close()
