"""Confirmation from the other side's own phone, in a real browser: the scorekeeper's phone
turns confirmation on and enters a hand; the share page shows a link and a QR code for each
seat; a second browser (another phone) opens one seat's link and confirms the hand, which the
scorekeeper's scoreboard then shows with that seat; a form forged for another seat is refused.
Screenshots: /tmp/shots/seat-*.png."""

from __future__ import annotations

import pytest

from test_result_browser import NAMES, context, new_match
from test_web_browser import phone_checks, shoot

pytestmark = pytest.mark.browser

WORDS = {"ru": {"confirm": "Подтвердить", "by": "подтвердил", "mine": "Вы подтвердили", "only": "только"},
         "en": {"confirm": "Confirm", "by": "confirmed by", "mine": "You confirmed it", "only": "only"}}


@pytest.mark.parametrize("lang,size", [("ru", (390, 844)), ("en", (360, 640)), ("ru", (844, 390))],
                         ids=["ru-390x844", "en-360x640", "ru-844x390"])
def test_a_seat_confirms_from_its_own_phone(chromium, live_server, lang, size):
    a, b, c, d = NAMES[lang]
    keeper = context(chromium, lang=lang)
    page = keeper.new_page()
    page.set_default_timeout(15_000)
    edit = new_match(page, live_server, lang, "traditional", (a, b))
    page.goto(edit + "/players")
    page.check('input[name="confirm_hands"]')
    with page.expect_navigation():
        page.click("form:not([action]) button[type=submit]")
    page.goto(edit + "/result")
    page.click(f'.chip:has(input[value="{a}"])')
    for k in "40":
        page.click(f'.keys .key[data-key="{k}"]')
    page.click(".pad-dock .record")
    page.wait_for_selector(".note")
    page.goto(edit + "/share")
    page.click(f'.seat-links summary:text-is("{b}")')
    assert page.locator(f'.seat-links li:has(summary:text-is("{b}")) .qr svg').is_visible()
    phone_checks(page, "share with seats")
    shoot(page, f"seat-{lang}-share")
    seat_url = page.locator(f'.seat-links li:has(summary:text-is("{b}")) a.link').get_attribute("href")
    other_url = page.locator(f'.seat-links li:has(summary:text-is("{a}")) a.link').get_attribute("href")
    assert seat_url != other_url and edit.split("/m/")[1] not in seat_url

    # the other side's own phone: a second browser context
    phone = context(chromium, size=size, lang=lang)
    them = phone.new_page()
    them.set_default_timeout(15_000)
    them.goto(seat_url)
    assert b in them.inner_text(".seat-who")
    assert them.evaluate("document.documentElement.scrollWidth") <= size[0]
    shoot(them, f"seat-{lang}-{size[0]}x{size[1]}")
    # a form forged to speak for Ann from Bob's link is refused, nothing recorded
    them.evaluate("""n => { const f = document.querySelector('form.seat-verdict');
        const i = document.createElement('input'); i.type = 'hidden'; i.name = 'by'; i.value = n; f.appendChild(i); }""", a)
    with them.expect_navigation():
        them.click('form.seat-verdict button[value="confirmed"]')
    assert WORDS[lang]["only"] in them.inner_text(".problem")
    page.goto(edit + "/score")
    assert page.locator(".verdict.unconfirmed").count() == 1
    # Bob confirms from his own phone
    with them.expect_navigation():
        them.click('form.seat-verdict button[value="confirmed"]')
    assert WORDS[lang]["mine"] in them.inner_text("#hand-1")
    page.goto(edit + "/score")
    verdict = page.inner_text(".scoreboard .verdict.confirmed")
    assert b in verdict
    phone.close()
    keeper.close()
