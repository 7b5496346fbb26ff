"""Other variants through the same pages: several tiles a turn (blitz), a known deal, a
spinner layout (Sevastopol)."""

from __future__ import annotations

import pytest

from referee.rules import catalogue
from webhelpers import form_data, new_match, soup, table_form, tap



def defaults(variant: str, players: int) -> dict:
    spec = catalogue.spec(variant)
    out = {}
    for o in spec.options:
        d = o.default_for(players, {})
        out[f"opt_{o.key}"] = "" if d is None else str(d)
    return out


def start(client, edit, **extra):
    data = form_data(client.get(edit), 'form[action$="/hand"]')
    data.update(extra)
    resp = client.post(edit + "/hand", data=data)
    assert resp.status_code == 302, soup(resp).select_one(".problem")
    return resp


def test_blitz_several_tiles_then_end_turn(client):
    players = ("Жан", "Владимир", "Андрей", "Стас", "Дмитрий")
    edit = new_match(client, "blitz", players, defaults("blitz", 5))
    start(client, edit)
    assert tap(client, edit, "1:1", leader="Жан").status_code == 302
    page = soup(client.get(edit))
    assert page.select_one(".turn .to-move").get_text() == "Жан"
    # the turn is open: the two outcomes, one tap each, and the picker waits for one of them
    bar = page.select_one(".bar")
    assert bar.select_one("button.more").get_text(strip=True) == "Жан кладёт ещё"
    assert bar.select_one("button.next-turn").get_text(strip=True).startswith("Ход: Владимир")
    assert "locked" in page.select_one("form.picker-form")["class"]
    # a tile tapped without saying who is refused: nothing is booked to Жан
    resp = tap(client, edit, "1:5")
    assert resp.status_code == 409 and "Жан" in soup(resp).select_one(".problem").get_text()
    assert client.get(edit + "/export").get_json()["hands"][0]["turns"] == [{"player": "Жан", "moves": ["1:1"]}]
    # «Жан lays more» (without JavaScript: the table drawn for this state with the picker open)
    more = soup(client.get(edit + "?" + "more=" + page.select_one("#more-form input[name=more]")["value"]))
    assert "locked" not in more.select_one("form.picker-form")["class"]
    assert more.select_one("form.picker-form input[name=more]")["value"] == "1"
    data = form_data(client.get(edit), "form.picker-form")
    assert client.post(edit + "/move", data={**data, "more": "1", "tile": "1:5"}).status_code == 302
    data = form_data(client.get(edit), 'form[action$="/end-turn"]')
    assert client.post(edit + "/end-turn", data=data).status_code == 302
    page = soup(client.get(edit))
    assert page.select_one(".turn .to-move").get_text() == "Владимир"
    assert page.select_one('form[action$="/end-turn"]') is None
    assert page.select_one(".bar button.more") is None
    record = client.get(edit + "/export").get_json()
    assert record["hands"][0]["turns"] == [{"player": "Жан", "moves": ["1:1", "1:5>1:1"]}]
    # a tap made on a page drawn for Жан's turn is never booked to Владимир
    resp = client.post(edit + "/move", data={**table_form(client, edit), "turn": "Жан", "tile": "5:5"})
    assert resp.status_code == 409
    assert client.get(edit + "/export").get_json()["hands"][0]["turns"] == record["hands"][0]["turns"]


def test_blitz_pass_in_an_open_turn_says_what_to_do(client):
    edit = new_match(client, "blitz", ("Жан", "Владимир", "Андрей", "Стас"), defaults("blitz", 4))
    start(client, edit)
    assert tap(client, edit, "0:0", leader="Жан").status_code == 302
    resp = client.post(edit + "/move", data={**table_form(client, edit), "pass": "1"})
    assert resp.status_code == 422
    text = soup(resp).select_one(".problem").get_text(" ", strip=True)
    assert "Instead" in text or "Вместо" in text, text
    assert "Turn: Владимир" in text or "Ход: Владимир" in text, text


def test_blitz_turn_closes_by_itself_when_nothing_more_fits(client):
    """With the deal known the engine knows when nothing of his fits: no question asked."""
    edit = new_match(client, "blitz", ("Жан", "Владимир", "Андрей", "Стас"), defaults("blitz", 4))
    start(client, edit, deal_0="0:0 1:1 2:2 3:3 4:4 5:5 6:6", deal_1="0:1 0:2 0:3 0:4 0:5 0:6 1:2",
          deal_2="1:3 1:4 1:5 1:6 2:3 2:4 2:5", deal_3="2:6 3:4 3:5 3:6 4:5 4:6 5:6", lead="Жан")
    # Жан must open with 0:0 (the rules leave no other first move): recorded with the start,
    # and his turn closed by itself (nothing else of his fits 0:0)
    assert client.get(edit + "/export").get_json()["hands"][0]["turns"] == [{"player": "Жан", "moves": ["0:0"]}]
    page = soup(client.get(edit))
    assert page.select_one(".turn .to-move").get_text() == "Владимир"
    assert page.select_one(".bar button.more") is None


def test_known_deal_checks_must_play(client):
    edit = new_match(client)
    start(client, edit, deal_0="3:2 3:3 4:6 1:3 5:6 4:0 6:6", deal_1="0:0 2:0 1:1 0:6 2:6 2:1 0:5")
    # she holds 6:6 and must open with it: recorded with the start
    assert client.get(edit + "/export").get_json()["hands"][0]["turns"] == [{"player": "Анфиса", "moves": ["6:6"]}]
    page = soup(client.get(edit))
    assert page.select_one(".turn .to-move").get_text() == "Всеволод"
    assert page.select_one("fieldset.leader") is None
    form = table_form(client, edit)
    resp = client.post(edit + "/move", data={**form, "pass": "1"})
    assert resp.status_code == 422  # Всеволод holds 6:0: he may not pass
    assert soup(resp).select_one(".problem a.rule-link") is not None


@pytest.mark.parametrize("deal", [{"deal_0": "3:2 9:9"}, {"deal_0": "3:2", "deal_1": ""},
                                  {"deal_0": "6:6 6:6 1:1 1:2 1:3 1:4 1:5", "deal_1": "0:0 0:1 0:2 0:3 0:4 0:5 0:6"}])
def test_a_bad_deal_is_refused(client, deal):
    edit = new_match(client)
    data = form_data(client.get(edit), 'form[action$="/hand"]')
    resp = client.post(edit + "/hand", data={**data, **deal})
    assert resp.status_code in (400, 422)
    assert soup(resp).select_one(".problem[role=alert]") is not None
    assert client.get(edit + "/export").get_json()["hands"] == []


def test_sevastopol_draws_arms(client):
    players = ("А", "Б", "В", "Г")
    edit = new_match(client, "sevastopol", players, defaults("sevastopol", 4))
    start(client, edit)
    assert tap(client, edit, "6:6", leader="А").status_code == 302
    assert tap(client, edit, "6:1").status_code == 302
    assert tap(client, edit, "6:2").status_code == 302
    page = soup(client.get(edit))
    assert page.select_one(".layout svg.table.shape-cross") is not None
    assert [t["aria-label"] for t in page.select(".layout svg.tile")] == ["6:6", "6:1", "6:2"]


def test_sausage_counting_wins_has_no_target_and_plays(client):
    """An option whose default is 'none' (sausage's target when counting wins) is left out of
    the record rather than stored as null."""
    edit = new_match(client, "sausage", ("А", "Б"), defaults("sausage", 2))
    record = client.get(edit + "/export").get_json()
    assert "target" not in record["options"]
    start(client, edit)
    for i, mv in enumerate(["1:1", "1:3>1:1", "1:4>1:1"]):
        form = table_form(client, edit)
        if i == 0:
            form["leader"] = "А"
        assert client.post(edit + "/move", data={**form, "token": mv}).status_code == 302
    page = soup(client.get(edit))
    assert page.select_one(".layout svg.table.shape-lanes") is not None
    assert [t["aria-label"] for t in page.select(".layout svg.tile")] == ["1:1", "1:3", "1:4"]
    assert [b.get_text() for b in page.select(".layout .end-mark")] == ["3", "4"]


def test_in_play_points_show_as_they_happen(client):
    edit = new_match(client, "muggins", ("А", "Б"), defaults("muggins", 2))
    start(client, edit)
    form = table_form(client, edit)
    assert client.post(edit + "/move", data={**form, "leader": "А", "token": "5:5"}).status_code == 302
    page = soup(client.get(edit))
    seat = page.select("ul.seats li.seat")[0]
    assert seat.select_one(".inplay").get_text() == "+10"


@pytest.mark.parametrize("variant", catalogue.VARIANT_NAMES)
def test_every_variant_starts_a_hand_with_its_defaults(client, variant):
    spec = catalogue.spec(variant)
    players = tuple(f"Игрок{i}" for i in range(1, spec.min_players + 1))
    edit = new_match(client, variant, players, defaults(variant, spec.min_players))
    start(client, edit, **({"starter": "3:5"} if variant == "ladder" else {}))
    resp = client.get(edit)
    assert resp.status_code == 200
    page = soup(resp)
    assert page.select(".problem") == [], page.select_one(".problem").get_text()
    assert page.select_one("form.picker-form") is not None
    assert len(page.select("form.picker-form button.pick")) == 28


def test_ladder_starts_from_the_starter(client):
    edit = new_match(client, "ladder", ("А", "Б"), defaults("ladder", 2))
    start(client, edit, starter="3:5")
    page = soup(client.get(edit))
    assert [t["aria-label"] for t in page.select(".layout svg.tile")] == ["3:5"]
    assert client.get(edit + "/export").get_json()["hands"][0]["starter"] == "3:5"


def test_result_entry_with_in_play_points_is_checked(client):
    edit = new_match(client, "muggins", ("А", "Б"), defaults("muggins", 2))
    page = soup(client.get(edit + "/result"))
    assert page.select_one('input[name="scored_0"]') is not None
    data = form_data(client.get(edit + "/result"), "form.result-form")
    bad = client.post(edit + "/result", data={**data, "out": "А", "left_1": "12", "scored_0": "7"})
    assert bad.status_code in (400, 422)
    assert soup(bad).select_one(".problem[role=alert]") is not None
    assert client.get(edit + "/export").get_json()["hands"] == []
    good = client.post(edit + "/result", data={**data, "out": "А", "left_1": "12", "scored_0": "15"})
    assert good.status_code == 302, soup(good).select_one(".problem")
    totals = [td.get_text() for td in soup(client.get(edit + "/score")).select("table.score tfoot td")]
    assert int(totals[0]) > 0


def test_traditional_result_form_has_no_in_play_points(client):
    edit = new_match(client)
    assert soup(client.get(edit + "/result")).select_one('input[name="scored_0"]') is None


def test_deal_entered_with_the_picker(client):
    edit = new_match(client)
    page = soup(client.get(edit + "/deal"))
    assert len(page.select('input[type=checkbox][name="deal_0"]')) == 28
    data = form_data(client.get(edit + "/deal"), "form.deal-form")
    data["deal_0"] = ["3:2", "3:3", "4:6", "1:3", "5:6", "0:4", "6:6"]
    data["deal_1"] = ["0:0", "0:2", "1:1", "0:6", "2:6", "1:2", "0:5"]
    resp = client.post(edit + "/hand", data=data)
    assert resp.status_code == 302, soup(resp).select_one(".problem")
    hand = client.get(edit + "/export").get_json()["hands"][0]
    assert sorted(hand["deal"]["Анфиса"]) == sorted(["3:2", "3:3", "4:6", "1:3", "5:6", "0:4", "6:6"])
    # Анфиса holds 6:6 and must open with it: recorded with the start, said on the table
    assert hand["turns"] == [{"player": "Анфиса", "moves": ["6:6"]}]
    page = soup(client.get(edit))
    assert page.select_one(".turn .to-move").get_text() == "Всеволод"
    assert "6:6" in page.select_one(".note, .flash").get_text()
