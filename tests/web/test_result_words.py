"""The result screen's words for a player whose pips the rules do not ask for: «his partner went
out» only where there are partners."""

from __future__ import annotations

import pytest

from test_web_variants import defaults
from webhelpers import new_match, soup


@pytest.mark.parametrize("lang,alone,paired", [("ru", "не считается", "у партнёра кончились кости"),
                                               ("en", "not counted", "partner went out")])
def test_a_player_not_asked_is_named_as_the_game_has_it(client, lang, alone, paired):
    client.set_cookie("lang", lang)
    bergen = new_match(client, "bergen", ("Анна", "Борис"), defaults("bergen", 2))
    states = soup(client.get(bergen + "/result")).select(".pip-state")
    assert states and all(s["data-free"] == alone for s in states)
    kozel = new_match(client, "traditional", ("А", "Б", "В", "Г"),
                      {**defaults("traditional", 4), "opt_teams": "pairs"})
    states = soup(client.get(kozel + "/result")).select(".pip-state")
    assert states and all(s["data-free"] == paired for s in states)
