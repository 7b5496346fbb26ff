"""Through a bad connection: a tap made while the server cannot be reached waits on
the phone and is sent when the connection is back; the server still judges it; sent twice it
is recorded once. Playwright's offline mode at 390x844, Russian and English."""

from __future__ import annotations

import os

import pytest

from test_web_browser import go, start_match

pytestmark = pytest.mark.browser
SHOTS = "/tmp/shots-table"


def moves(page, edit):
    hands = page.request.get(edit + "/export").json()["hands"]
    return [m for t in hands[-1].get("turns", []) for m in t["moves"]] if hands else []


def shot(page, name):
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}.png")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_move_tapped_offline_is_sent_once_when_back(phone, live_server, lang):
    page = phone
    page.goto(f"{live_server}/lang/{lang}?next=/")
    edit = start_match(page, live_server)
    go(page, 'form[action$="/hand"] button')
    page.check('input[name="leader"][value="Анфиса"]')
    go(page, 'form.picker-form button.pick[value="6:6"]')
    assert moves(page, edit) == ["6:6"]
    page.context.set_offline(True)
    page.click('form.picker-form button.pick[value="0:6"]')
    queue = page.locator(".bar .queue")
    queue.wait_for(state="visible")
    assert "0:6" in queue.inner_text()
    # the waiting tap names the player it is made for
    assert page.evaluate("JSON.parse(localStorage.getItem(Object.keys(localStorage)[0]))[0].label") == "Всеволод 0:6"
    shot(page, f"{lang}-offline-waiting")
    page.context.set_offline(False)
    page.wait_for_function("() => !document.querySelector('.bar .queue') || document.querySelector('.bar .queue').hidden",
                           timeout=10_000)
    assert page.locator(".layout svg.tile").count() == 2
    assert moves(page, edit) == ["6:6", "6:0>6:6"]  # recorded once
    assert page.evaluate("localStorage.length") == 0
    assert page.url == edit  # no page load, no history entry
    assert page.evaluate("history.length") <= 4
    shot(page, f"{lang}-offline-sent")


def test_a_refused_waiting_move_stops_the_ones_after_it(phone, live_server):
    page = phone
    edit = start_match(page, live_server)
    go(page, 'form[action$="/hand"] button')
    page.check('input[name="leader"][value="Анфиса"]')
    go(page, 'form.picker-form button.pick[value="6:6"]')
    page.context.set_offline(True)
    page.click('form.picker-form button.pick[value="3:3"]')  # fits nowhere: refused when sent
    page.click('form.picker-form button.pick[value="0:6"]')
    page.locator(".bar .queue").wait_for(state="visible")
    assert "3:3" in page.inner_text(".bar .queue") and "0:6" in page.inner_text(".bar .queue")
    page.context.set_offline(False)
    page.locator(".problem[role=alert]").wait_for(state="visible", timeout=10_000)
    assert "3:3" in page.inner_text(".problem")
    # the move after the refused one was not sent: it is listed, not recorded
    assert "0:6" in page.inner_text(".bar .queue")
    assert moves(page, edit) == ["6:6"]
    shot(page, "ru-offline-refused")
    page.click(".bar .queue button.discard")
    assert page.locator(".bar .queue").is_hidden()
