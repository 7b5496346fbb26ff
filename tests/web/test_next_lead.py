"""Before each hand the table page and the result page say who leads it, as the engine's start
of that hand finds it."""

from __future__ import annotations

from test_life import enter_result
from webhelpers import new_match, soup


def test_who_leads_is_said_before_each_hand(client):
    edit = new_match(client)
    assert "Начинает тот, у кого 6:6" in soup(client.get(edit)).select_one(".lead-next").get_text()
    enter_result(client, edit, "Всеволод", {0: "20"})
    for page in (client.get(edit), client.get(edit + "/result")):
        assert soup(page).select_one(".lead-next").get_text(strip=True) == \
            "Начинает: Всеволод (выиграл прошлый кон)"


def test_who_shuffles_is_said_before_each_hand(client):
    """Before each hand the table page and the result page say who shuffles: the seats in turn
    in a plain match, the loser of the last hand in the «Козёл» (again after the eggs)."""
    from test_kozel_web import PLAYERS, YARD

    edit = new_match(client)
    assert soup(client.get(edit)).select_one(".shuffle-next").get_text(strip=True) == \
        "Мешает: Анфиса (первый по списку)"
    enter_result(client, edit, "Анфиса", {1: "20"})
    for page in (client.get(edit), client.get(edit + "/result")):
        assert soup(page).select_one(".shuffle-next").get_text(strip=True) == \
            "Мешает: Всеволод (по кругу)"
    kozel = new_match(client, players=PLAYERS, options=YARD)
    enter_result(client, kozel, "Всеволод", {0: "3", 2: "20"})      # Мария holds the most
    client.get("/lang/en")
    for page in (client.get(kozel), client.get(kozel + "/result")):
        assert soup(page).select_one(".shuffle-next").get_text(strip=True) == \
            "Shuffles: Мария (lost the last hand)"
    enter_result(client, kozel, "*block*", {0: "6", 1: "5", 2: "4", 3: "5"})   # 10 and 10: the eggs
    assert soup(client.get(kozel)).select_one(".shuffle-next").get_text(strip=True) == \
        "Shuffles: Мария (again: the last hand had no winner)"
