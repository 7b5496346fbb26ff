"""A club on a phone at 390x844, in Russian: the club made, its players added, a club match
seated from the roster by taps and entered by result, the winner's rating on the roster and on
his page; an event's entrants picked from the roster (screenshots in /tmp/shots/club-*)."""

from __future__ import annotations

import pytest
from test_result_browser import Phone
from test_web_browser import go, phone_checks, shoot

pytestmark = pytest.mark.browser


def test_a_club_night_on_a_phone(phone, live_server):
    page = phone
    page.goto(f"{live_server}/lang/ru?next=/")
    go(page, "a.clubs-entry")
    page.fill("#club-name", "Клуб «Рыба»")
    go(page, "form.new-club button[type=submit]")
    club = page.url
    assert "/club/" in club and page.inner_text("h1") == "Клуб «Рыба»"
    assert "ключ директора" in page.inner_text(".flash")
    for name in ("Аня", "Боря", "Вера"):
        page.fill("#player-name", name)
        go(page, "form.add-player button[type=submit]")
        assert f"{name} — в составе клуба" in page.inner_text(".flash")
    assert page.locator("table.roster a.player-link").all_inner_texts() == ["Аня", "Боря", "Вера"]
    phone_checks(page, "club")
    shoot(page, "club-ru-roster")

    # a club match: the game, then the seats from the roster, a tap each
    go(page, "a.button:has-text('Новый матч клуба')")
    go(page, "a.variant:has-text('Традиционное')")
    assert page.locator(".roster-chip").all_inner_texts() == ["Аня", "Боря", "Вера"]
    page.click(".roster-chip[data-name='Аня']")
    page.click(".roster-chip[data-name='Боря']")
    assert page.input_value("input[name=player_1]") == "Аня" and page.input_value("input[name=player_2]") == "Боря"
    assert page.get_attribute(".roster-chip[data-name='Боря']", "aria-pressed") == "true"
    page.click(".roster-chip[data-name='Боря']")             # a second tap takes him out
    assert page.input_value("input[name=player_2]") == ""
    page.click(".roster-chip[data-name='Боря']")
    assert page.is_checked("input[name=rated][type=checkbox]")
    phone_checks(page, "club match setup")
    page.locator(".club-seats").scroll_into_view_if_needed()
    page.screenshot(path="/tmp/shots/club-ru-setup.png")
    go(page, "button.primary[type=submit]")
    edit = page.url.split("?")[0].rstrip("/")
    assert "/m/" in edit

    # entered by result: Аня out twice, Боря left with 60 and 50 (the match is hers at 110)
    page.goto(edit + "/result")
    page.wait_for_selector("form.result-form.js")
    ph = Phone(page)
    for pips in ("60", "50"):
        ph.tap('.chip:has(input[value="Аня"])')
        ph.digits(pips)
        ph.record()
    page.goto(edit + "/score")
    assert "Аня" in page.inner_text(".winner")

    # the roster: Аня first by rating, Боря second, Вера unrated
    page.goto(club)
    rows = [[td.inner_text().strip() for td in tr.locator("td").all()] for tr in page.locator("table.roster tbody tr").all()]
    assert [(r[0], r[1]) for r in rows] == [("1", "Аня"), ("2", "Боря"), ("", "Вера")]
    assert rows[0][2] == "3.4" and rows[1][2] == "−1.8" and rows[2][2] == "—"
    assert "в рейтинге" in page.inner_text(".club-matches")
    phone_checks(page, "club after a match")
    shoot(page, "club-ru-rated")

    # the winner's page: her rating, its chart, the match that moved it
    go(page, "a.player-link:has-text('Аня')")
    assert "Рейтинг: 3.4" in page.inner_text(".rating-chip") and "место 1 из 2" in page.inner_text(".rating-chip")
    assert page.locator(".rating-chart svg polyline").is_visible()
    assert page.inner_text(".rating-move") == "рейтинг +3.4 → 3.4"
    assert page.locator(".stat-chips li").nth(1).inner_text() == "Матчи: 1"
    phone_checks(page, "club player")
    shoot(page, "club-ru-player")
    player = page.url

    # a smaller phone, 360x640: nothing wider than the screen
    page.set_viewport_size({"width": 360, "height": 640})
    for url, name in ((club, "roster"), (player, "player")):
        page.goto(url)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, name
        shoot(page, f"club-ru-360-{name}")
    page.set_viewport_size({"width": 390, "height": 844})

    # an event's entrants from the roster: «Все», then «По рейтингу» (the unrated last)
    page.goto(f"{live_server}/events/new/traditional")
    picker = page.locator(".event-picker")
    assert picker.locator("summary").inner_text() == "Игроки — Клуб «Рыба»"
    page.click(".event-picker .pick-all")
    assert page.input_value("textarea[name=entrants]").split() == ["Аня", "Боря", "Вера"]
    page.fill("textarea[name=entrants]", "Вера\nБоря\nГость\nАня\n")
    page.click(".event-picker .pick-order")
    assert page.input_value("textarea[name=entrants]").split() == ["Аня", "Боря", "Вера", "Гость"]
    page.click(".event-picker .roster-chip[data-name='Вера']")
    assert page.input_value("textarea[name=entrants]").split() == ["Аня", "Боря", "Гость"]
    heights = picker.locator("button").evaluate_all("bs => bs.map(b => b.getBoundingClientRect().height)")
    assert heights and min(heights) >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    picker.scroll_into_view_if_needed()
    page.screenshot(path="/tmp/shots/club-ru-event-picker.png")
