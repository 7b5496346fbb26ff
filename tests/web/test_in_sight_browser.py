"""What a player must see without scrolling, in a real browser, ru and en: the open ends with a
choice of places (spider's tiles fit up to four: the buttons fill a small phone while the layout
grows below them); sideways with six to eight players every name beside the layout above the bar.
Screenshots go to /tmp/shots-sight/."""

from __future__ import annotations

import os

import pytest

from test_drawing_browser import cut, fixtures, import_record
from test_result_browser import IN_VIEW, context
from test_web_browser import go

pytestmark = pytest.mark.browser

SHOTS = "/tmp/shots-sight"


def shoot(page, name: str) -> None:
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}.png")


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [(390, 844), (360, 640), (844, 390)], ids=["390x844", "360x640", "844x390"])
def test_the_open_ends_are_in_sight_with_a_choice_of_places(chromium, live_server, size, lang):
    # spider, 18 tiles laid: 3:3 goes four ways (two legs, face up or closing the leg): its buttons
    # and the layout fill more than the screen
    record = fixtures.random_record("spider", 4, 1, seed=6)[0]
    ctx = context(chromium, size=size, lang=lang)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    edit = import_record(page, live_server, cut(record, 18), lang)
    page.goto(edit)
    go(page, 'form.picker-form button.pick[value="3:3"]')
    places = page.locator("form.choose button.place")
    assert places.count() == 4
    shoot(page, f"spider-places-{lang}-{size[0]}x{size[1]}")
    ends = page.locator(".ends")
    seen = [ends.nth(i).evaluate(IN_VIEW) for i in range(ends.count())]
    assert any(seen), f"no open ends in sight: {ends.all_inner_texts()}"
    # the ends said in sight are the drawing's
    drawn = page.locator(".layout .ends .end-mark").all_inner_texts()
    for i in range(ends.count()):
        if seen[i]:
            assert ends.nth(i).locator(".end-mark").all_inner_texts() == drawn
    ctx.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("players", [6, 8])
@pytest.mark.parametrize("size", [(844, 390), (740, 360)], ids=["844x390", "740x360"])
def test_sideways_every_name_of_a_big_table_is_above_the_bar(chromium, live_server, size, players, lang):
    # blitz seats up to eight: mid-hand the names stand beside the layout, every one in sight
    record = fixtures.random_record("blitz", players, 1, seed=2)[0]
    ctx = context(chromium, size=size, lang=lang)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    edit = import_record(page, live_server, cut(record, len(record["hands"][0]["turns"]) // 2), lang)
    page.goto(edit)
    names = page.locator("section.hand .seat .name")
    assert names.count() == players
    shoot(page, f"blitz-{players}-{lang}-{size[0]}x{size[1]}")
    hidden = [names.nth(i).inner_text() for i in range(players) if not names.nth(i).evaluate(IN_VIEW)]
    assert hidden == [], f"under the bar or off the screen: {hidden}"
    # the seats stay beside the layout, the drawing no narrower than the seats
    layout, seats = page.locator("section.hand .layout").bounding_box(), page.locator("section.hand .seats").bounding_box()
    assert layout["x"] + layout["width"] <= seats["x"] + 1 and seats["width"] <= layout["width"], (layout, seats)
    ctx.close()
