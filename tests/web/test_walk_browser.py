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
