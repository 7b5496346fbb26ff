"""A match's life in a real browser at 390x844, in Russian and English: a correction that changes
the match winner, a rename, a rematch and a player page (screenshots in /tmp/shots/life-*)."""

from __future__ import annotations

import json

import pytest
from test_web_browser import go, phone_checks, shoot

pytestmark = pytest.mark.browser

RECORD = {"format": "referee-record/1", "variant": "traditional", "players": ["Анфиса", "Всеволод"],
          "options": {"target": 100},
          "hands": [{"result": {"out": "Анфиса", "left": {"Всеволод": 40}}},
                    {"result": {"out": "Всеволод", "left": {"Анфиса": 60}}},
                    {"result": {"out": "Анфиса", "left": {"Всеволод": 65}}}]}

WORDS = {
    "ru": {"details": "Исправить или подтвердить кон", "correct": "Исправить", "yes": "Да, исправить кон",
           "winner": "Победитель матча теперь: Всеволод", "rename": "Игроки и настройки",
           "rematch": "Ещё матч (места сдвинуть на одно)", "players": "Игроки"},
    "en": {"details": "Correct or confirm a hand", "correct": "Correct", "yes": "Yes, correct the hand",
           "winner": "The match winner becomes Всеволод", "rename": "Players and settings",
           "rematch": "Play again (seats moved one place)", "players": "Players"},
}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_correction_rename_rematch_and_player_page(phone, live_server, lang):
    page, w = phone, WORDS[lang]
    page.goto(f"{live_server}/lang/{lang}?next=/import")
    page.fill("textarea[name=text]", json.dumps(RECORD, ensure_ascii=False))
    go(page, "form button[type=submit]")
    assert "/score" in page.url
    assert "Анфиса" in page.inner_text(".winner")

    # hand 3 was really Всеволод's: he went out and Анфиса held 65
    page.click(f"summary:has-text('{w['details']}')")
    go(page, f"ul.hand-actions li:nth-child(3) a:has-text('{w['correct']}')")
    phone_checks(page, "correct")
    # the result form's own fields: the radios and the pips (the hand as it reads is marked)
    assert page.locator("input[name=out][value='Анфиса']").is_checked()
    page.check("input[name=out][value='Всеволод']")
    page.fill("input[name=pips_0]", "65")
    page.fill("input[name=pips_1]", "")
    go(page, "form.correct-form button[type=submit]")
    box = page.locator(".confirm")
    assert box.is_visible() and w["winner"] in box.inner_text()
    assert "105 → 40" in box.inner_text() and "60 → 125" in box.inner_text()
    shoot(page, f"life-{lang}-confirm")
    go(page, f"button:has-text('{w['yes']}')")
    assert "Всеволод" in page.inner_text(".winner")
    assert page.locator("tr#hand-3 .corrected").count() == 1
    phone_checks(page, "score-corrected")
    shoot(page, f"life-{lang}-score-corrected")

    # Анфиса is Аня from now on, in every hand
    go(page, f"a.button:has-text('{w['rename']}')")
    page.fill("input[name=name_0]", "Аня")
    go(page, "form:not([action]) button[type=submit]")
    assert page.locator("table.score thead th").nth(1).inner_text() == "Аня"

    # one tap: a rematch with the seats moved one place
    go(page, f"button:has-text('{w['rematch']}')")
    assert "/m/" in page.url and "/score" not in page.url
    assert page.inner_text("p.who").startswith("Всеволод · Аня")

    # the player page
    page.goto(live_server + "/")
    go(page, f"a.button:has-text('{w['players']}')")
    go(page, "a.match-title:has-text('Всеволод')")
    chips = page.inner_text(".stat-chips")
    assert "2" in chips  # two matches: the corrected one and the rematch
    assert page.locator("ul.h2h li").count() == 1
    phone_checks(page, "player")
    shoot(page, f"life-{lang}-player")


UNDO = {
    "ru": {"asks": "Отмена уберёт целый кон: кон 3, записанный по итогу", "winner": "Анфиса больше не побеждает",
           "yes": "Да, отменить"},
    "en": {"asks": "Undo removes a whole hand: hand 3 entered by its result",
           "winner": "Анфиса no longer wins the match", "yes": "Yes, undo it"},
}


def _imported(page, live_server, lang: str) -> str:
    page.goto(f"{live_server}/lang/{lang}?next=/import")
    page.fill("textarea[name=text]", json.dumps(RECORD, ensure_ascii=False))
    go(page, "form button[type=submit]")
    assert "/score" in page.url
    return page.url.split("/score")[0]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_an_undo_that_changes_the_match_winner_asks_in_place(phone, live_server, lang):
    """With JavaScript the question comes in place (no page load) and names the totals and the
    winner; «cancel» keeps everything; «yes» undoes."""
    page, w = phone, UNDO[lang]
    edit = _imported(page, live_server, lang)
    page.goto(edit)
    page.evaluate("window.__stayed = 1")
    page.click("button.undo")
    box = page.locator("form.confirm-undo")
    box.wait_for()
    text = box.inner_text()
    assert w["asks"] in text and w["winner"] in text and "105 → 40" in text, text
    assert page.evaluate("window.__stayed") == 1  # drawn in place
    phone_checks(page, "undo-asks")
    shoot(page, f"life-{lang}-undo-asks")
    go(page, "form.confirm-undo a.button")  # cancel
    assert page.locator("form.confirm-undo").count() == 0
    page.goto(edit + "/score")
    assert "Анфиса" in page.inner_text(".winner")
    page.goto(edit)
    page.click("button.undo")
    page.locator("form.confirm-undo").wait_for()
    page.click(f"form.confirm-undo button:has-text('{w['yes']}')")
    page.locator("form.confirm-undo").wait_for(state="detached")
    page.goto(edit + "/score")
    assert page.locator(".winner").count() == 0
    assert page.locator("table.score tbody tr.hand-row").count() == 2


def test_an_undo_that_changes_a_finished_hand_asks_without_javascript(chromium, live_server):
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False,
                               locale="en-US")
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    try:
        edit = _imported(page, live_server, "en")
        page.goto(edit)
        go(page, "button.undo")
        box = page.locator("form.confirm-undo")
        assert box.is_visible() and "105 → 40" in box.inner_text()
        shoot(page, "life-en-undo-asks-nojs")
        go(page, "form.confirm-undo button[type=submit]")
        page.goto(edit + "/score")
        assert page.locator("table.score tbody tr.hand-row").count() == 2
    finally:
        ctx.close()
