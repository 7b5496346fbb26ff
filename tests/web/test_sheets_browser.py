"""The sheets and dispute pages in a real browser at a phone's size (390x844, Debian's chromium).

Screenshots of every new page in both languages go to /tmp/shots5/ for a person to look at;
the browser's print of the scoreboard is shot with print media emulated.
"""

from __future__ import annotations

import copy
import json
import os

import pytest

from sheethelpers import seed_record

pytestmark = pytest.mark.browser

SHOTS = "/tmp/shots5"


def phone_checks(page, name: str) -> None:
    """No sideways scroll at 390 px; every button, link button and input at least 44 px tall;
    nothing loaded from another origin."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{name}: the page is {width}px wide"
    small = page.evaluate("""() => [...document.querySelectorAll(
        'main button, main a.button, main .move-link, main .seg a, main a.rule-link, main summary, header a, nav.tabs a')]
        .filter(e => e.offsetParent !== null)
        .map(e => [e.outerHTML.slice(0, 80), e.getBoundingClientRect().height])
        .filter(([_, h]) => h < 44)""")
    assert small == [], f"{name}: touch targets under 44px: {small}"
    origins = page.evaluate("""() => performance.getEntriesByType('resource').map(r => r.name)
        .filter(u => !u.startsWith(location.origin))""")
    assert origins == [], f"{name}: loads {origins}"


def shoot(page, name: str) -> None:
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def go(page, selector: str) -> None:
    with page.expect_navigation():
        page.click(selector)


def import_record(page, base: str, record: dict) -> str:
    """Import a record through the import page; the match's edit URL."""
    page.goto(base + "/import")
    page.fill("textarea", json.dumps(record, ensure_ascii=False))
    go(page, "form button[type=submit]")
    assert "/score" in page.url, page.inner_text("main")[:300]
    return page.url.removesuffix("/score")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_sheets_and_dispute_pages_on_a_phone(phone, live_server, lang):
    base, page = live_server, phone
    page.goto(f"{base}/lang/{lang}?next=/")
    done = import_record(page, base, seed_record())
    partial = copy.deepcopy(seed_record())
    partial["hands"][0]["turns"] = partial["hands"][0]["turns"][:5]
    live = import_record(page, base, partial)

    # the entry points: the tab, and the link above the picker on the table
    page.goto(live)
    go(page, ".check-entry a")
    assert page.url.endswith("/check")
    phone_checks(page, "check")
    shoot(page, f"{lang}-check")

    # a fitting tile: Всеволод holds 2:0 and the 0 end is open
    go(page, 'form.check-form button.pick[value="0:2"]')
    assert page.locator("#answer.fits").is_visible()
    assert page.locator("#answer code.token").first.inner_text() == "0:2>6:0"
    phone_checks(page, "check fits")
    shoot(page, f"{lang}-check-fits")

    # a tile that fits no end: the rule, linked
    go(page, 'form.check-form button.pick[value="2:6"]')
    assert page.locator("#answer.no-fit").is_visible()
    assert page.get_attribute("#answer a.rule-link", "href") == "/rules/traditional#play.no_fit"
    phone_checks(page, "check no fit")
    shoot(page, f"{lang}-check-nofit")
    go(page, "#answer a.rule-link")
    assert page.url.endswith("#play.no_fit")

    page.goto(live + "/check?tile=8:8")
    phone_checks(page, "check bad tile")
    shoot(page, f"{lang}-check-bad")

    page.goto(live)
    go(page, 'nav.tabs a[href$="/sheets"]')
    phone_checks(page, "sheets live")
    shoot(page, f"{lang}-sheets-live")

    # the finished hand: sheets, hand record, step through
    page.goto(done + "/sheets")
    phone_checks(page, "sheets")
    shoot(page, f"{lang}-sheets")
    with page.expect_download() as dl:
        page.click("a.get-sheet")
    assert dl.value.suggested_filename.endswith(f"-{lang}.pdf")

    go(page, ".hand-links a >> nth=0")
    assert page.locator("ol.move-list li").count() == 13
    phone_checks(page, "hand record")
    shoot(page, f"{lang}-hand")

    go(page, "ol.move-list li >> nth=4 >> a.move-link")
    assert page.url.endswith("/hands/1/step/5")
    assert page.locator(".layout svg.tile").count() == 5
    phone_checks(page, "step 5")
    shoot(page, f"{lang}-step-5")
    page.click("details.check-here summary")
    go(page, 'details.check-here button.pick[value="0:0"]')  # Всеволод could lay 0:0 on the 0 end
    assert page.locator("#answer.fits").is_visible()
    assert page.url.endswith("/hands/1/step/5?tile=0%3A0#answer")
    phone_checks(page, "step 5 check")
    shoot(page, f"{lang}-step-5-check")
    go(page, "a.step-next")
    assert page.locator(".layout svg.tile").count() == 6
    go(page, "a.step-prev")
    go(page, "a.step-prev")
    assert page.locator(".layout svg.tile").count() == 4
    page.goto(done + "/hands/1/step/0")
    phone_checks(page, "step 0")
    shoot(page, f"{lang}-step-0")
    page.goto(done + "/hands/1/step/13")
    phone_checks(page, "step 13")
    shoot(page, f"{lang}-step-13")

    page.goto(base + "/sheets/blank")
    phone_checks(page, "blank")
    shoot(page, f"{lang}-blank")
    with page.expect_download() as dl:
        page.click("#v-traditional a.count >> nth=1")
    assert dl.value.suggested_filename == f"blank-traditional-3-{lang}.pdf"

    page.goto(done + "/hands/5")
    shoot(page, f"{lang}-no-hand")

    # the read-only link: the same tools, nothing editable
    page.goto(live + "/share")
    view = page.get_attribute("a.view-link", "href")
    page.goto(view)
    shoot(page, f"{lang}-view")
    go(page, ".viewer-links a >> nth=0")
    go(page, 'form.check-form button.pick[value="0:0"]')
    assert page.locator("#answer.fits").is_visible()
    assert page.locator("form[method=post]").count() == 0
    phone_checks(page, "viewer check")
    shoot(page, f"{lang}-view-check")

    # another phone lays 0:0: the viewer's answer follows the table by itself (polling)
    other = page.context.new_page()
    other.goto(live)
    # the tap is sent in the background and the table redrawn in place (no page load)
    other.click('form.picker-form button.pick[value="0:0"]')
    other.wait_for_selector(".layout svg.tile")
    other.close()
    page.wait_for_selector("#answer.no-fit", timeout=10_000)
    assert "0:0" in page.inner_text("#answer .why")
    shoot(page, f"{lang}-view-check-after-move")

    # the browser's own print of the scoreboard: no header, tabs or buttons; the table and totals
    page.goto(done + "/score")
    page.emulate_media(media="print")
    assert not page.locator("header.top").is_visible()
    assert not page.locator("nav.tabs").is_visible()
    actions = page.locator("main .actions")  # the buttons (next hand, by result, ...): none printed
    assert actions.count() and not any(actions.nth(i).is_visible() for i in range(actions.count()))
    assert page.locator("table.score tfoot").is_visible()
    colour = page.evaluate("getComputedStyle(document.querySelector('table.score td')).color")
    assert colour == "rgb(0, 0, 0)"
    shoot(page, f"{lang}-score-print")
    pdf = page.pdf(format="A4")
    with open(f"{SHOTS}/{lang}-score-print.pdf", "wb") as f:
        f.write(pdf)
    page.emulate_media(media="screen")
