"""A real browser at a phone's size (Playwright, Debian's chromium, 390x844).

Screenshots go to /tmp/shots/ (one per page and language) for a person to look at.
"""

from __future__ import annotations

import os
import re

import pytest

from referee.web import engine

pytestmark = pytest.mark.browser

SHOTS = "/tmp/shots"
MAX_PAGE_BYTES = 100 * 1024


def weigh(page, url: str) -> int:
    """Load ``url`` and return the bytes of every response it took (HTML, CSS, JS, images)."""
    sizes: list[int] = []

    def on_response(resp):
        try:
            sizes.append(len(resp.body()))
        except Exception:
            pass

    page.on("response", on_response)
    page.goto(url)
    page.wait_for_load_state("load")
    page.remove_listener("response", on_response)
    return sum(sizes)


def phone_checks(page, name: str) -> None:
    """No sideways scroll at 390 px; every button and input at least 44 px tall."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{name}: the page is {width}px wide"
    small = page.evaluate("""() => [...document.querySelectorAll(
        'main button, main a.button, main input:not([type=radio]):not([type=checkbox]):not([type=hidden]), main select, header a')]
        .filter(e => e.offsetParent !== null)
        .map(e => [e.outerHTML.slice(0, 80), e.getBoundingClientRect().height])
        .filter(([_, h]) => h < 44)""")
    assert small == [], f"{name}: touch targets under 44px: {small}"


def shoot(page, name: str) -> None:
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def start_match(page, base: str, players=("Анфиса", "Всеволод")) -> str:
    page.goto(base + "/new/traditional")
    for i, p in enumerate(players, start=1):
        page.fill(f'input[name="player_{i}"]', p)
    page.click("button.primary[type=submit]")
    page.wait_for_url(re.compile(r"/m/"))
    return page.url


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_page_fits_a_phone(phone, live_server, lang):
    """Every page at 390 px: no sideways scroll, 44 px targets, ≤ 100 KB, screenshots taken."""
    base = live_server
    page = phone
    page.goto(f"{base}/lang/{lang}?next=/")
    weights = {}
    for name, path in [("index-empty", "/"), ("new", "/new"), ("setup", "/new/traditional"),
                       ("setup-blitz", "/new/blitz"), ("import", "/import")]:
        weights[name] = weigh(page, base + path)
        phone_checks(page, name)
        shoot(page, f"{lang}-{name}")
    edit = start_match(page, base)
    for name, suffix in [("table", ""), ("score", "/score"), ("share", "/share"), ("deal", "/deal"),
                         ("result", "/result")]:
        weights[name] = weigh(page, edit + suffix)
        phone_checks(page, name)
        shoot(page, f"{lang}-{name}")
    page.goto(edit + "/share")
    view = page.get_attribute("a.view-link", "href")
    weights["view"] = weigh(page, view)
    phone_checks(page, "view")
    shoot(page, f"{lang}-view")
    weights["index"] = weigh(page, base + "/")
    shoot(page, f"{lang}-index")
    heavy = {k: v for k, v in weights.items() if v > MAX_PAGE_BYTES}
    assert heavy == {}
    with open(f"{SHOTS}/weights-{lang}.txt", "w") as f:
        for k, v in sorted(weights.items()):
            f.write(f"{k} {v / 1024:.1f} KB\n")
    assert page.get_attribute("html", "lang") == lang


def test_setup_refuses_a_long_name_in_the_browser(phone, live_server):
    page = phone
    page.goto(live_server + "/new/traditional")
    page.fill('input[name="player_1"]', "Анфиса")
    # maxlength stops typing; a forged value still gets a clear message from the server
    page.evaluate("document.querySelector('input[name=player_2]').removeAttribute('maxlength')")
    page.fill('input[name="player_2"]', "В" * 30)
    page.click("button.primary[type=submit]")
    assert page.locator(".problem[role=alert]").is_visible()
    assert page.locator(".errors li").first.inner_text().startswith("Имя")
