"""The rules page on a phone (390x844): its sections open on a tap, a link to a rule (as a
refusal gives it) opens the section and shows that rule, and the page is a few screens long
(it was 33,074 px for traditional in Russian with every section laid out)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_rules_page_is_short_and_a_link_opens_its_rule(phone, live_server, lang):
    phone.context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    phone.goto(f"{live_server}/rules/traditional")
    height = phone.evaluate("document.documentElement.scrollHeight")
    assert height < 2500, height
    sections = phone.locator("details.rsection")
    assert sections.count() >= 6
    assert phone.locator("details.rsection[open]").count() == 0
    # a tap on a section opens it
    sections.nth(1).locator("summary").click()
    assert sections.nth(1).evaluate("d => d.open")
    # a refusal's link straight to its rule: the section opens and the rule is on screen
    phone.goto(f"{live_server}/rules/traditional#play.no_fit")
    rule = phone.locator('[id="play.no_fit"]')
    assert rule.evaluate("e => e.closest('details').open")
    box = rule.bounding_box()
    assert box is not None and 0 <= box["y"] < 844, box
    assert rule.locator("h3 a.rid").inner_text() == "#"
    phone.screenshot(path=f"/tmp/shots-draw/rules-{lang}.png")
    # a link from inside the page (the contents) opens its section too
    phone.goto(f"{live_server}/rules/traditional")
    phone.locator(".toc a").nth(2).click()
    target = phone.locator(".toc a").nth(2).get_attribute("href")[1:]
    assert phone.locator(f'[id="{target}"]').evaluate("d => d.open")
