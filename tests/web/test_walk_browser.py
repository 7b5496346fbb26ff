"""On a small phone (360x640) the thumb is down at the tiles: a refusal or a question drawn at
the top of the table after a tap is brought into view, so that the phone never seems to have
done nothing."""

from __future__ import annotations

import pytest

from test_web_browser import go

pytestmark = pytest.mark.browser

IN_VIEW = "e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom, window.innerHeight]; }"


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_refusal_after_a_tap_at_the_bottom_is_brought_into_view(chromium, live_server, lang):
    context = chromium.new_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True,
                                   locale="ru-RU" if lang == "ru" else "en-GB")
    page = context.new_page()
    try:
        page.goto(f"{live_server}/lang/{lang}?next=/new/traditional")
        for i, p in enumerate(("Анфиса", "Всеволод"), start=1):
            page.fill(f'input[name="player_{i}"]', p)
        go(page, "button.primary[type=submit]")
        go(page, 'form[action$="/hand"] button[type=submit]')
        page.locator('fieldset.leader label:has(input[value="Анфиса"])').first.click()
        go(page, 'form.picker-form button.pick[value="6:6"]')
        # 1:2 fits nowhere on 6:6: refused, said at the top of the table
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        assert page.evaluate("window.scrollY") > 0
        go(page, 'form.picker-form button.pick[value="1:2"]')
        problem = page.locator("main .problem").first
        top, bottom, height = problem.evaluate(IN_VIEW)
        assert 0 <= top < height and bottom > 0, (top, bottom, height)
    finally:
        context.close()


def test_the_last_three_to_turn_up_are_brought_above_the_bar_on_a_small_phone(chromium, live_server):
    """Blind play, the rows unknown: the move that leaves three tiles draws the reveal's picker
    low on the table; on a 360x640 phone its last row and its button were under the bar (the
    phone seemed to wait for nothing). The redrawn table brings the whole form into view."""
    from test_variants_browser import examples, low, play_example, same_move

    context = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                   locale="ru-RU")
    page = context.new_page()
    try:
        page.goto(f"{live_server}/lang/ru?next=/")
        rec = examples()["dark"]
        hand = rec["hands"][0] = {k: v for k, v in rec["hands"][0].items() if k != "deal"}
        last = hand["turns"][9]
        assert last["moves"][-1].startswith("open")  # the turn that leaves three, then the reveal
        hand["turns"] = hand["turns"][:9]
        play_example(page, live_server, rec, "ru", name="dark-reveal-360")
        page.set_viewport_size({"width": 360, "height": 640})
        move = last["moves"][0]
        tile = f'form.picker-form button.pick[value="{low(move.split(">")[0])}"]'
        # the thumb scrolls no further than the tile it taps needs (above the bar)
        page.locator(tile).evaluate("e => { window.scrollTo(0, 0); const below = e.getBoundingClientRect().bottom - "
                                    "document.querySelector('.bar').getBoundingClientRect().top; "
                                    "if (below > 0) window.scrollBy(0, below + 4); }")
        go(page, tile, in_view=False)
        places = page.locator("form.choose button.place")
        if places.count():  # the tile fits two ends: the one meant
            go(page, "form.choose button.place" + "".join(
                f':not([value="{v}"])' for v in places.evaluate_all("bs => bs.map(b => b.value)")
                if not same_move(move, v)))
        form = page.locator("form.open-form")
        form.wait_for()
        top, bottom, limit = form.evaluate(
            "f => { const r = f.getBoundingClientRect(); return [r.top, r.bottom, document.querySelector('.bar').getBoundingClientRect().top]; }")
        assert 0 <= top and bottom <= limit + 0.5, (top, bottom, limit)
    finally:
        context.close()
