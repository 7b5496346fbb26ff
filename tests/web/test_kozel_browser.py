"""«Козёл» in a real browser at a phone's size (390x844), ru and en: the preset at setup, the
seats of two pairs seen from above, hands by their result, what hangs, the eggs, the «козёл»
of the match and a «сухой» win. Screenshots: /tmp/shots/kozel-*.png."""

from __future__ import annotations

import re

import pytest

from test_web_browser import go, phone_checks, shoot

pytestmark = pytest.mark.browser

NAMES = {"ru": ("Анфиса", "Всеволод", "Мария", "Пётр"), "en": ("Ann", "Bob", "Cid", "Dan")}
WORDS = {
    "ru": {"preset": "Козёл, как во дворе", "and": "и", "eggs": "Яйца: 44", "hangs": "висит 9",
           "won": "Матч выиграла пара", "goats": "«Козлы»:", "dry": "Всухую"},
    "en": {"preset": "Kozel, as in the yard", "and": "and", "eggs": "Eggs: 44", "hangs": "9 hangs",
           "won": "Match won by the pair", "goats": "goats", "dry": "«сухой» win"},
}


def box(page, selector):
    return page.locator(selector).bounding_box()


def enter_result(page, edit: str, out: str | None, left: dict[int, str]) -> None:
    page.goto(edit + "/result")
    # the result form says who went out (or the block) on radios, nothing preselected, and
    # takes each loser's pips (or his tiles on the picker)
    page.check(f'input[name="out"][value="{out or "*block*"}"]')
    for i, value in left.items():
        page.fill(f'input[name="pips_{i}"]', value)
    go(page, ".result-form button[type=submit]")
    assert not page.locator(".problem").count(), page.inner_text(".problem")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_pairs_match_from_the_preset_to_the_kozel(phone, live_server, lang):
    page = phone
    w = WORDS[lang]
    a, b, c, d = NAMES[lang]
    page.goto(f"{live_server}/lang/{lang}?next=/new/traditional")
    phone_checks(page, "setup")
    go(page, f"a.preset >> text={w['preset']}")
    # the preset filled the options; they stay visible and changeable
    assert page.is_checked('input[name="opt_teams"][value="pairs"]')
    assert page.is_checked('input[name="opt_scoring"][value="kozel"]')
    assert page.is_checked('input[name="opt_eggs"][value="yes"]')
    assert page.is_checked('input[name="opt_opener"][value="kozel"]')
    assert page.input_value('input[name="opt_kozel_min"]') == "13"
    assert page.input_value('input[name="opt_limit"]') == "101"
    assert page.input_value('input[name="opt_lone_blank"]') == "25"
    assert page.locator(".preset-note").is_visible()
    # the seats as a table seen from above: 3 across from 1, 2 across from 4, the table between
    for i, name in enumerate((a, b, c, d), start=1):
        page.fill(f'input[name="player_{i}"]', name)
    s1, s2, s3, s4, top = [box(page, f".seat-{i}") for i in (1, 2, 3, 4)] + [box(page, ".table-top")]
    assert s3["y"] + s3["height"] <= top["y"] + 1 and top["y"] + top["height"] <= s1["y"] + 1
    assert s2["x"] + s2["width"] <= top["x"] + 1 and top["x"] + top["width"] <= s4["x"] + 1
    assert page.locator(".pair-tag").first.is_visible()
    phone_checks(page, "setup preset")
    page.locator("fieldset.players").screenshot(path=f"/tmp/shots/kozel-{lang}-seats.png")
    shoot(page, f"kozel-{lang}-setup-preset")
    # the house rules are folded under the names: one tap opens them
    assert not page.locator('input[name="opt_teams"][value="none"]').is_visible()
    page.click("details.house-rules > summary")
    # a pair game takes four: the variant's «2–4 players» is not said
    assert not page.locator(".players-count").is_visible()
    # switching pairs off is one tap: the seats go back to a list
    page.check('input[name="opt_teams"][value="none"]')
    assert not page.locator(".table-top").is_visible()
    assert page.locator(".players-count").is_visible()
    page.check('input[name="opt_teams"][value="pairs"]')
    go(page, "button.primary[type=submit]")
    assert re.search(r"/m/", page.url)
    edit = page.url.split("?")[0].rstrip("/")

    # hand 1: the 1st player goes out; 5 + 4 = 9 < 13 hangs for the 2nd and 4th
    enter_result(page, edit, a, {1: "5", 3: "4"})
    page.goto(edit + "/score")
    board = page.inner_text(".scoreboard")
    assert f"{a} {w['and']} {c}" in board and f"{b} {w['and']} {d}" in board
    assert w["hangs"] in board
    # hand 2: a block, 10 + 12 against 12 + 10: equal, eggs: 44 carried
    enter_result(page, edit, None, {0: "10", 1: "12", 2: "12", 3: "10"})
    page.goto(edit + "/score")
    board = page.inner_text(".scoreboard")
    assert w["eggs"] in board and w["hangs"] in board
    phone_checks(page, "score with eggs")
    shoot(page, f"kozel-{lang}-score-eggs")
    page.goto(edit)                      # the table page shows the same scoreboard by pairs
    phone_checks(page, "table")
    assert w["eggs"] in page.inner_text(".scoreboard")
    shoot(page, f"kozel-{lang}-table")
    # hand 3: the 3rd player goes out; 9 hanging + 30 + 27 + 44 eggs = 110 >= 101: the «козёл»
    enter_result(page, edit, c, {1: "30", 3: "27"})
    page.goto(edit + "/score")
    won = page.inner_text(".scoreboard .winner")
    assert w["won"] in won and f"{a} {w['and']} {c}" in won
    assert w["goats"] in won and f"{b} {w['and']} {d}" in won
    assert w["dry"] in page.inner_text(".scoreboard .dry")
    assert page.inner_text(".scoreboard tfoot").split()[1:] == ["0", "110"]
    phone_checks(page, "score over")
    shoot(page, f"kozel-{lang}-score-over")
    # the rules page: each new rule at its anchor, and the blank sheets page offers the pairs sheets
    page.goto(f"{live_server}/rules/traditional#traditional.kozel_min")
    assert page.locator('[id="traditional.kozel_min"]').is_visible()
    # (the rules page's own links are smaller than 44 px: not this test's business; no sideways scroll)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator('[id="traditional.eggs"]').screenshot(path=f"/tmp/shots/kozel-{lang}-rule-eggs.png")
    page.goto(f"{live_server}/sheets/blank")
    assert page.locator('a[href*="preset=yard"]').is_visible()
    phone_checks(page, "blank sheets")
    page.locator("#v-traditional").screenshot(path=f"/tmp/shots/kozel-{lang}-blanks.png")


@pytest.mark.parametrize("size", [(390, 844), (360, 640), (844, 390)])
def test_a_name_field_tapped_on_the_set_up_is_never_under_its_start_bar(chromium, live_server, size):
    """The set-up's start stays in a bar at the bottom: a seat's field the phone scrolls to (a
    tap gives it the focus) lands above that bar, not behind it (the last seat of the Козёл
    drawing ended 21 px under the bar at 390x844), in every size."""
    context = chromium.new_context(viewport={"width": size[0], "height": size[1]}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        for url in ("/new/traditional?preset=yard", "/new/traditional", "/new/blind_blitz"):
            page.goto(f"{live_server}/lang/ru?next={url}")
            fields = page.locator('input[name^="player_"]')
            assert fields.count() >= 2, url
            for i in range(fields.count()):
                fields.nth(i).focus()
                below = page.evaluate("document.activeElement.getBoundingClientRect().bottom")
                bar = page.evaluate("document.querySelector('.setup > .bar').getBoundingClientRect().top")
                assert below <= bar, (url, size, i, below, bar)
    finally:
        context.close()
