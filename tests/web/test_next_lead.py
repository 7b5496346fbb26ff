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
