"""Back to an earlier move by taps on the same table page, in a real browser at 390x844, 360x640
and 844x390, ru and en: the hand's moves listed latest first, one tap goes back to before the
chosen move (drawn in place, no page load), and the hand goes on from there.
Screenshots: /tmp/shots/back-to-*.png."""

from __future__ import annotations

import pytest

from test_result_browser import Phone, context, new_match
from test_web_browser import shoot, tap_move
from webhelpers import SEED_MOVES

pytestmark = pytest.mark.browser

NAMES = {"ru": ("Анфиса", "Всеволод"), "en": ("Ann", "Bob")}
FIRST = {"ru": "Первый кон: по ходам", "en": "First hand: move by move"}


@pytest.mark.parametrize("size", [(390, 844), (360, 640), (844, 390)], ids=["390x844", "360x640", "844x390"])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_back_to_a_move_by_taps(chromium, live_server, lang, size):
    ctx = context(chromium, size=size, lang=lang)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    new_match(page, live_server, lang, "traditional", NAMES[lang])
    page.click(f"text={FIRST[lang]}")
    page.wait_for_selector("fieldset.leader")
    page.check(f'input[name="leader"][value="{NAMES[lang][0]}"]')
    for mv in SEED_MOVES[:5]:
        tap_move(page, mv)
    ph = Phone(page)
    # a fold to open, as «Type a move» is (its triangle, the link's colour), not a heading over nothing
    looks = "s => [getComputedStyle(s).display, getComputedStyle(s).color]"
    assert page.locator("details.back-to summary").evaluate(looks) == page.locator(".typed summary").evaluate(looks)
    assert page.locator("details.back-to summary").evaluate(looks)[0] == "list-item"
    ph.tap("details.back-to summary")
    assert page.locator(".back-list li").count() == 5
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    shoot(page, f"back-to-{lang}-{size[0]}x{size[1]}")
    gen = ph.gen()
    ph.tap('.back-list li:has(.back-no:text-is("3")) button')
    page.wait_for_function("g => (document.querySelector('main').getAttribute('data-gen') || '0') !== g", arg=gen)
    assert ph.loads == 0
    assert page.locator(".hand .layout svg.tile").count() == 2
    # play on from there
    tap_move(page, SEED_MOVES[2])
    assert page.locator(".hand .layout svg.tile").count() == 3
    assert page.locator(".back-list li").count() == 3
    ctx.close()
