"""How the pages look and what they say, in a real browser at phone sizes (Debian's chromium):
a name longer than the limit is refused with the limit named and never cut (the new match, the
rename, the import), points that hurt are not the green of points won, a picker's tick never
covers a pip. Screenshots: /tmp/shots-looks/."""

from __future__ import annotations

import json
import os

import pytest

from test_web_browser import go

pytestmark = pytest.mark.browser
SHOTS = "/tmp/shots-looks"
LIMIT = {"ru": "24 знаков", "en": "24 characters"}


def phone_at(chromium, w: int, h: int, lang: str):
    context = chromium.new_context(viewport={"width": w, "height": h}, device_scale_factor=1,
                                   is_mobile=True, has_touch=True, locale=f"{lang}-RU")
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


def shot(page, name: str) -> None:
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_long_name_is_refused_with_its_limit_never_cut(chromium, live_server, lang):
    context, page = phone_at(chromium, 360, 640, lang)
    long = "Александра-Константинова-Х"                # 26 characters: 2 over the limit
    try:
        page.goto(f"{live_server}/lang/{lang}?next=/new/traditional")
        page.fill('input[name="player_1"]', "Анфиса")
        page.fill('input[name="player_2"]', long)
        # the field keeps every character typed (a browser's maxlength cut it to 24 silently)
        assert page.input_value('input[name="player_2"]') == long
        go(page, "button.primary[type=submit]")
        assert "/m/" not in page.url
        said = page.inner_text(".errors")
        assert LIMIT[lang] in said, said
        assert page.input_value('input[name="player_2"]') == long
        shot(page, f"{lang}-name-refused-setup")
        # a name that fits starts the match; the rename refuses the long one the same way
        page.fill('input[name="player_2"]', "Всеволод")
        go(page, "button.primary[type=submit]")
        assert "/m/" in page.url
        edit = page.url.split("?")[0].rstrip("/")
        page.goto(edit + "/players")
        page.fill('input[name="name_1"]', long)
        assert page.input_value('input[name="name_1"]') == long
        go(page, "main form button.primary[type=submit]")
        said = page.inner_text(".problem")
        assert LIMIT[lang] in said, said
        assert page.input_value('input[name="name_1"]') == long
        shot(page, f"{lang}-name-refused-rename")
        names = page.request.get(edit + "/export").json()["players"]
        assert names == ["Анфиса", "Всеволод"]
        # the import: a record with the long name is refused naming the limit, nothing stored
        record = {"format": "referee-record/1", "variant": "traditional", "options": {},
                  "players": ["Анфиса", long], "hands": []}
        page.goto(live_server + "/import")
        page.fill("textarea", json.dumps(record, ensure_ascii=False))
        go(page, "form button.primary")
        assert "/m/" not in page.url
        said = page.inner_text(".problem")
        assert LIMIT[lang] in said, said
        shot(page, f"{lang}-name-refused-import")
    finally:
        context.close()
