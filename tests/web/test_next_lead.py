"""Before each hand the table page and the result page say who leads it, as the engine's start
of that hand finds it."""

from __future__ import annotations

from test_life import enter_result
from webhelpers import form_data, new_match, soup


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


def test_the_view_and_the_table_scoreboard_say_who_shuffles_and_leads(app, client):
    """The read-only view and the table scoreboard (a phone laid in the middle of the table) say
    it too, between hands; not while a hand is played."""
    from referee.web import get_db, store

    edit = new_match(client)
    enter_result(client, edit, "Анфиса", {1: "20"})
    with app.app_context():
        m = store.match_by_key(get_db(), edit.rsplit("/", 1)[1], "edit_key")
    for url in (f"/s/{m['view_key']}", f"/s/{m['view_key']}/board", edit + "/board"):
        page = soup(client.get(url))
        assert page.select_one(".shuffle-next").get_text(strip=True) == "Мешает: Всеволод (по кругу)", url
        assert page.select_one(".lead-next").get_text(strip=True) == \
            "Начинает: Анфиса (выиграл прошлый кон)", url
    # the next hand started: nobody is said to shuffle or lead any more
    data = form_data(client.get(edit), 'form[action$="/hand"]')
    assert client.post(edit + "/hand", data=data).status_code == 302
    for url in (f"/s/{m['view_key']}", f"/s/{m['view_key']}/board"):
        page = soup(client.get(url))
        assert page.select_one(".shuffle-next") is None and page.select_one(".lead-next") is None, url
