"""The step-through of a hand played with its deal, in a real browser: each player's tiles after
the move shown, within the screen's width, at 390x844, 360x640 and 844x390, ru and en.
Screenshots: /tmp/shots/step-held-*.png."""

from __future__ import annotations

import json

import pytest

from sheethelpers import kozel_record
from test_result_browser import context
from test_web_browser import shoot

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", [(390, 844), (360, 640), (844, 390)], ids=["390x844", "360x640", "844x390"])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_step_through_shows_the_tiles_held(chromium, live_server, lang, size):
    record = kozel_record()
    ctx = context(chromium, size=size, lang=lang)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server}/lang/{lang}?next=/import")
    page.fill("textarea", json.dumps(record, ensure_ascii=False))
    with page.expect_navigation():
        page.click("button.primary[type=submit]")
    edit = page.url.split("?")[0].removesuffix("/score")
    page.goto(edit + "/hands/1/step/4")
    rows = page.locator("section.held li.held-player")
    assert rows.count() == 4
    # four moves laid: 28 dealt, 24 still held, each drawn inside the screen
    assert page.locator("section.held svg.tile").count() == 24
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    right = page.evaluate("Math.max(...[...document.querySelectorAll('section.held svg.tile')].map(e => e.getBoundingClientRect().right))")
    assert right <= size[0]
    shoot(page, f"step-held-{lang}-{size[0]}x{size[1]}")
    ctx.close()
