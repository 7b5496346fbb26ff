"""What a director and a table read along a club evening: the set-up names the ready game
chosen, a table of an event names its evening, round and table, the director's line of a
table says who won it, and negative ratings are written with the minus sign."""

from __future__ import annotations

import pytest

from webhelpers import soup


@pytest.mark.parametrize("lang, yard, plain", [("ru", "Козёл, как во дворе", "Традиционное"),
                                               ("en", "Kozel, as in the yard", "Traditional")])
def test_the_event_set_up_names_the_ready_game_chosen(client, lang, yard, plain):
    client.get(f"/lang/{lang}")
    page = soup(client.get("/events/new/traditional?preset=yard"))
    heading = page.select_one("h1").get_text()
    assert yard in heading and plain not in heading
    assert yard in page.select_one("title").get_text()
    assert page.select_one("a.preset[aria-current]").get_text().strip().startswith(yard)
    assert plain in soup(client.get("/events/new/traditional")).select_one("h1").get_text()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_negative_ratings_are_written_with_the_minus_sign(client, lang):
    from test_club import YARD, add, club_match, make_club, pid_of, result, roster

    club = make_club(client)
    add(client, club, "А", "Б", "В", "Г")
    edit = club_match(client, club, ["А", "Б", "В", "Г"], options=YARD)
    result(client, edit, "А", {1: 30, 3: 30})
    result(client, edit, "А", {1: 30, 3: 30})
    client.get(f"/lang/{lang}")
    shown = {r[1]: r[2] for r in roster(client, club)}
    assert shown["Б"].startswith("\u2212") and "-" not in shown["Б"] and shown["А"][0].isdigit()
    page = soup(client.get(f"{club}/p/{pid_of(client, club, 'Б')}"))
    text = page.select_one("main").get_text(" ")
    assert page.select_one(".rating-chip b").get_text() == shown["Б"]
    assert "\u2212" in page.select_one(".rating-move").get_text()
    assert "-" not in "".join(t.get_text() for t in page.select(".rating-chart text, .rating-move"))
    assert "\u2212" in text
