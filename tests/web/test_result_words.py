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


@pytest.mark.parametrize("lang,bonus,during", [
    ("ru", "Бонус за матадоры, уже в очках кона: Анна 20, Борис 10", "Набрано за кон: Анна 15"),
    ("en", "Matador bonus, in this hand's points: Анна 20, Борис 10", "Scored during the hand: Анна 15")])
def test_the_live_preview_names_the_points_scored_in_play(client, lang, bonus, during):
    """While the numbers go in, the preview says the matador bonus (part of the hand's points)
    in the matador game, the points scored during play in a game that counts them so, and
    nothing of the kind in a game without them."""
    from webhelpers import csrf_of

    client.set_cookie("lang", lang)

    def preview(edit, **fields):
        data = {"csrf_token": csrf_of(client.get(edit + "/result")), **fields}
        return soup(client.post(edit + "/result/preview", data=data))

    matador = new_match(client, "matador", ("Анна", "Борис"), {**defaults("matador", 2), "opt_matador_bonus": "10"})
    page = preview(matador, out="Анна", pips_1="12", scored_0="20", scored_1="10")
    assert page.select_one(".in-play-now").get_text(strip=True) == bonus
    # 12 for going out, 20 of bonus: the hand's points hold the bonus the line names
    assert [td.get_text(strip=True) for td in page.select(".hand-pts")] == ["32", "10"]
    muggins = new_match(client, "muggins", ("Анна", "Борис"), defaults("muggins", 2))
    page = preview(muggins, out="Анна", pips_1="10", scored_0="15")
    assert page.select_one(".in-play-now").get_text(strip=True) == during
    plain = new_match(client, "matador", ("Анна", "Борис"), defaults("matador", 2))
    page = preview(plain, out="Анна", pips_1="12")
    assert page.select_one(".hand-pts") is not None and page.select_one(".in-play-now") is None


@pytest.mark.parametrize("lang,won,hand", [("ru", "Победа в матче: Анфиса", "кон"),
                                             ("en", "Match won by Анфиса", "hand")])
def test_the_result_screen_of_a_match_won_names_no_next_hand(client, lang, won, hand):
    """After the hand that ends the match, the result screen says who won and names no hand
    that will not be played (it named «кон 2» of a finished one-hand match), nor a column of
    this hand's points that stays empty (only the totals)."""
    from test_web_play import result_hand
    from webhelpers import TRAD_OPTIONS

    client.set_cookie("lang", lang)
    edit = new_match(client, options={**TRAD_OPTIONS, "opt_scoring": "kozel", "opt_limit": "10"})
    heading = soup(client.get(edit + "/result")).select_one("h1").get_text()
    assert heading.endswith(f"{hand} 1")
    assert result_hand(client, edit, out="Анфиса", left_1="6:6").status_code == 302
    page = soup(client.get(edit + "/result"))
    assert won in page.select_one("main").get_text()
    assert hand not in page.select_one("h1").get_text()
    table = page.select_one(".preview-table")
    assert [th.get_text(strip=True) for th in table.select("thead th")] == ["Всего" if lang == "ru" else "Total"]
    assert table.select(".total") and not table.select(".hand-pts")


@pytest.mark.parametrize("lang,words", [
    ("ru", ["Скажите, чем закончился кон", "Выберите игрока из списка.", "У игрока Анна кости кончились",
            "Одна кость введена дважды (Борис).", "Очки — целое число (Анна)."]),
    ("en", ["Say how the hand ended: who went out, or that it was blocked.", "Choose a player from the list.",
            "Анна went out and so holds no tiles", "A tile was entered twice (Борис).",
            "Points are a whole number (Анна)."])])
def test_the_result_pad_refuses_bad_input_in_words_and_stores_nothing(app, client, lang, words):
    """The result pad (the by-result page and a result's correction read the same form) refuses
    what cannot be a hand's result, in the page's language, its first refusal in field order,
    and nothing stored changes."""
    from test_life import _db_snapshot
    from test_web_play import result_hand
    from webhelpers import form_data

    client.set_cookie("lang", lang)
    edit = new_match(client, "muggins", ("Анна", "Борис"), defaults("muggins", 2))
    bad = [{}, {"out": "Зоя"}, {"out": "Анна", "pips_0": "5", "pips_1": "x"},
           {"out": "Анна", "left_1": "1:1 1:1", "scored_1": "abc"}, {"out": "Анна", "pips_1": "10", "scored_0": "abc"}]
    for fields, said in zip(bad, words):
        before = _db_snapshot(app)
        resp = result_hand(client, edit, **fields)
        assert resp.status_code == 400
        assert said in soup(resp).select_one(".problem").get_text(" ", strip=True)
        assert _db_snapshot(app) == before
    assert result_hand(client, edit, out="Анна", pips_1="10").status_code == 302
    for fields, said in zip(bad, words):
        before = _db_snapshot(app)
        data = form_data(client.get(edit + "/hand/1/correct"), "form.correct-form")
        resp = client.post(edit + "/hand/1/correct", data={**data, **fields})
        assert resp.status_code == 400
        page = soup(resp)
        assert said in page.select_one(".problem").get_text(" ", strip=True)
        # what was typed is drawn again
        if fields.get("out") == "Анна":
            for name in ("scored_0", "scored_1"):
                assert page.select_one(f'input[name="{name}"]')["value"] == fields.get(name, "")
        assert _db_snapshot(app) == before
