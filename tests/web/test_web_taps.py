"""Every special move reachable by taps (Flask test client): places in words (spider's leg
closed face down, sausage's cut and the piece given, matador's crosswise lay with the half out),
the blind turn (the turned-up tile laid or missed, the reveal at three), ladder's starter and
spider's put-aside tile from the picker. Bad input: a clear message, nothing stored."""

from __future__ import annotations

import pytest

from referee.web.places import describe
from test_web_variants import defaults, start
from webhelpers import form_data, new_match, soup, table_form



def tap_tile(client, edit, tile, **extra):
    data = table_form(client, edit)
    data.update({"tile": tile, "mode": "lay", **extra})
    return client.post(edit + "/move", data=data)


def typed(client, edit, token, **extra):
    data = table_form(client, edit)
    data.update({"token": token, **extra})
    resp = client.post(edit + "/move", data=data)
    assert resp.status_code == 302, soup(resp).select_one(".problem")


def sausage_at_the_cut(client) -> str:
    """A sausage match of Анна and Борис (a cut allowed at any time) with four tiles laid: 4:5
    may now cut (or go on the 3:5 lane); its edit URL."""
    opts = {**defaults("sausage", 2), "opt_cut_when": "any"}
    edit = new_match(client, "sausage", ("Анна", "Борис"), opts)
    start(client, edit)
    assert tap_tile(client, edit, "3:3", leader="Анна").status_code == 302
    for t in ["3:6>3:3", "3:5>3:3", "6:4>3:6"]:
        typed(client, edit, t)
    return edit


def choices(resp) -> dict:
    """The choice form's buttons: token -> (class, words)."""
    page = soup(resp)
    form = page.select_one("form.choose")
    assert form is not None, page.select_one("main").get_text(" ", strip=True)[:600]
    return {b["value"] if b.get("name") == "token" else "miss":
            (b["class"], b.select_one(".words b").get_text(" ", strip=True))
            for b in form.select("button.place")}


def press(client, edit, resp, token):
    data = form_data(resp, "form.choose")
    data["token"] = token
    return client.post(edit + "/move", data=data)


def moves(client, edit) -> list[str]:
    hand = client.get(edit + "/export").get_json()["hands"][-1]
    return [m for t in hand.get("turns", []) for m in t["moves"]]


def test_place_words(app):
    with app.test_request_context(headers={"Accept-Language": "ru"}):
        assert describe("6:6>2:6 down")["words"] == "закрыть ногу (рубашкой вверх)"
        assert describe("6:6>2:6", ["6:6>2:6", "6:6>2:6 down"])["words"] == "лицом вверх: нога продолжается"
        assert describe("4:5 cut give left")["words"] == "отрезать, отдать левый кусок"
        assert describe("3:3>2:3 across")["words"] == "поперёк"
        assert describe("2:5>3:4 across@5")["words"] == "поперёк, наружу 5"
        d = describe("0:0>2:6@6")
        assert d["detail"] == "к 2:6, со стороны 6" and d["target_drawn"] == "2:6"
        assert describe("5:1>5:5")["words"] == "снаружи будет 1"
        assert describe("1:3>2:1")["target_drawn"] == "2:1"
        assert describe("1:3>1:2")["target_drawn"] == "2:1"  # the touching half drawn next to the tile
        assert describe("nonsense")["words"] == "nonsense"
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert describe("6:5 cut")["words"] == "cut across both lanes"
        assert describe("3:4 along")["words"] == "along (lengthwise)"
        assert describe("3:4 along")["detail"] == "first on the table"


def test_spider_leg_closed_by_taps(client):
    edit = new_match(client, "spider", ("Анна", "Борис"), defaults("spider", 2))
    start(client, edit, removed="1:2")
    assert client.get(edit + "/export").get_json()["hands"][0]["removed"] == "1:2"
    assert tap_tile(client, edit, "2:2", leader="Борис").status_code == 302
    for t in ["2:3>2:2", "2:5>2:2", "3:3>2:3", "2:6>2:2"]:
        typed(client, edit, t)
    resp = tap_tile(client, edit, "6:6")
    assert resp.status_code == 200
    got = choices(resp)
    assert set(got) == {"6:6>2:6", "6:6>2:6 down"}
    assert "place-down" in got["6:6>2:6 down"][0]
    assert got["6:6>2:6 down"][1] == "закрыть ногу (рубашкой вверх)"
    assert press(client, edit, resp, "6:6>2:6 down").status_code == 302
    assert moves(client, edit)[-1] == "6:6>2:6 down"
    # the closed leg is drawn face down
    assert soup(client.get(edit)).select(".layout svg.tile.down")


@pytest.mark.parametrize("give", ["left", "right"])
def test_sausage_cut_and_the_piece_given(client, give):
    edit = sausage_at_the_cut(client)
    resp = tap_tile(client, edit, "4:5")
    got = choices(resp)
    assert set(got) == {"5:4>3:5", "4:5 cut give left", "4:5 cut give right"}
    client.set_cookie("lang", "en")
    words = choices(tap_tile(client, edit, "4:5"))
    assert words["4:5 cut give left"][1] == "cut: give the left piece"
    assert press(client, edit, resp, f"4:5 cut give {give}").status_code == 302
    assert moves(client, edit)[-1] == f"4:5 cut give {give}"


def test_matador_across_with_the_half_out(client):
    opts = {**defaults("matador", 2), "opt_matador_end": "chosen_half"}
    edit = new_match(client, "matador", ("Анна", "Борис"), opts)
    start(client, edit)
    resp = tap_tile(client, edit, "3:4", leader="Анна")
    got = choices(resp)
    assert set(got) == {"3:4 across", "3:4 along"}
    assert press(client, edit, resp, "3:4 across").status_code == 302  # the leader travels along
    typed(client, edit, "3:6>3:4")
    resp = tap_tile(client, edit, "2:5")
    got = choices(resp)
    assert "2:5>3:4 across@5" in got and got["2:5>3:4 across@5"][1] == "поперёк, наружу 5"
    assert press(client, edit, resp, "2:5>3:4 across@5").status_code == 302
    assert moves(client, edit) == ["3:4 across", "3:6>3:4", "2:5>3:4 across@5"]


def test_blind_unknown_row_miss_draw_pass_and_open(client):
    edit = new_match(client, "dark", ("Анна", "Борис"), defaults("dark", 2))
    start(client, edit)
    assert tap_tile(client, edit, "0:1", leader="Анна").status_code == 302
    # Борис turns up 3:4: it fits nowhere, the choice offers «does not fit»
    resp = tap_tile(client, edit, "3:4")
    assert resp.status_code == 200
    got = choices(resp)
    assert list(got) == ["miss"] and got["miss"][1] == "не подходит"
    before = moves(client, edit)
    data = form_data(resp, "form.choose")
    data.update({n["name"]: n.get("value", "") for n in soup(resp).select("form.choose input[type=hidden]")})
    data["miss"] = "1"
    assert client.post(edit + "/move", data=data).status_code == 302
    assert moves(client, edit) == before + ["miss 3:4"]
    page = soup(client.get(edit))
    assert page.select_one("p.blind-next[role=status]") is not None
    assert page.select_one('form[action$="/end-turn"]') is None  # a pass must close this turn
    # then pass
    form = table_form(client, edit)
    assert client.post(edit + "/move", data={**form, "pass": "1"}).status_code == 302
    assert moves(client, edit)[-1] == "pass"
    # a tile that fits is laid, not missed
    resp = tap_tile(client, edit, "1:1")
    assert resp.status_code == 302


def test_blind_known_rows_turned_up_and_reveal(client):
    rows = {"deal_0": "0:3 5:5 1:4 1:5 1:2 2:5 6:6 1:6", "deal_1": "2:3 4:4 3:4 2:6 5:6 0:6 3:5 1:3"}
    edit = new_match(client, "blind_blitz", ("Анна", "Борис"), defaults("blind_blitz", 2))
    start(client, edit, **rows)
    page = soup(client.get(edit))
    up = page.select_one("form.turned-up")
    assert up is not None and up.select_one("button.place")["value"] == "1:6"

    def end_turn():
        form = form_data(client.get(edit), 'form[action$="/end-turn"]')
        assert client.post(edit + "/end-turn", data=form).status_code == 302

    typed(client, edit, "1:6")
    end_turn()
    typed(client, edit, "1:3>1:6@1")
    typed(client, edit, "3:5>1:3", more="1")  # «Борис lays more» said first
    end_turn()
    typed(client, edit, "6:6>1:6")
    end_turn()
    for t in ["6:0>6:6", "5:6>3:5", "6:2>5:6"]:
        typed(client, edit, t, more="1")
    page = soup(client.get(edit))
    opener = page.select_one("form.open-form")
    assert opener is not None
    assert [i["value"] for i in opener.select('input[name="open_tile"]')] == ["2:3", "4:4", "3:4"]
    assert page.select_one("form.picker-form") is None  # nothing else may be done now
    assert page.select_one('form[action$="/end-turn"]') is None
    # a forged reveal (a tile twice) is refused with words, nothing stored
    data = form_data(client.get(edit), "form.open-form")
    before = moves(client, edit)
    resp = client.post(edit + "/move", data={**data, "open": "1", "open_tile": ["2:3", "2:3", "4:4"]})
    assert resp.status_code == 400
    assert "три" in soup(resp).select_one(".problem").get_text()
    resp = client.post(edit + "/move", data={**data, "open": "1", "open_tile": ["2:3", "4:4", "9:9"]})
    assert resp.status_code == 400
    assert moves(client, edit) == before
    resp = client.post(edit + "/move", data={**data, "open": "1", "open_tile": ["2:3", "4:4", "3:4"]})
    assert resp.status_code == 302
    assert moves(client, edit)[-1] == "open 2:3 4:4 3:4"


def test_blind_deal_page_has_a_row_picker(client):
    edit = new_match(client, "blind_blitz", ("Анна", "Борис"), defaults("blind_blitz", 2))
    page = soup(client.get(edit + "/deal"))
    rows = page.select("fieldset.blind-row")
    assert len(rows) == 2
    assert len(rows[0].select("button.pick[data-tile]")) == 28
    assert rows[0].select_one('input[name="deal_0"]') is not None


def test_ladder_starter_and_leader_from_the_picker(client):
    edit = new_match(client, "ladder", ("Анна", "Борис"), defaults("ladder", 2))
    page = soup(client.get(edit))
    form = page.select_one('form[action$="/hand"]')
    # the 28 tiles, none ticked: no «not known» (a hand without it cannot lay a tile)
    assert len(form.select('input[type=radio][name="starter"]')) == 28
    assert not form.select('input[name="starter"][checked], input[name="lead"][checked]')
    assert form.select('fieldset.start-lead input[name="lead"]')
    before = client.get(edit + "/export").get_json()["hands"]
    data = form_data(client.get(edit), 'form[action$="/hand"]')
    for lang in ("ru", "en"):
        resp = client.post(edit + "/hand", data=data, headers={"Accept-Language": lang})
        said = soup(resp).select_one(".problem[role=alert]").get_text(" ")
        assert resp.status_code == 400 and "starter" not in said
        assert ("стартовую кость" if lang == "ru" else "starting tile") in said
    assert client.get(edit + "/export").get_json()["hands"] == before
    resp = client.post(edit + "/hand", data={**data, "starter": "9:9", "lead": "Анна"})
    assert resp.status_code == 400 and soup(resp).select_one(".problem[role=alert]")
    assert client.get(edit + "/export").get_json()["hands"] == before
    start(client, edit, starter="3:5", lead="Анна")
    hand = client.get(edit + "/export").get_json()["hands"][0]
    assert hand["starter"] == "3:5" and hand["lead"] == "Анна"
    assert tap_tile(client, edit, "3:6").status_code == 302
    assert moves(client, edit) == ["3:6>3:5@3"]


def test_spider_removed_picker_on_the_deal_page(client):
    edit = new_match(client, "spider", ("Анна", "Борис"), defaults("spider", 2))
    page = soup(client.get(edit + "/deal"))
    assert len(page.select('input[type=radio][name="removed"]')) == 29
    page = soup(client.get(edit))
    assert page.select_one('form[action$="/hand"] input[name="removed"][value=""][checked]') is not None


def test_new_states_are_light(client):
    """The heaviest new pages (four blind row pickers, the one-tile pickers, the blind turn,
    the reveal) weigh at most 110 KB (test_web_pages.LIMIT) with their assets, in both languages."""
    from test_web_pages import LIMIT, weight

    four = ("А", "Б", "В", "Г")
    blind = new_match(client, "blind_blitz", four, defaults("blind_blitz", 4))
    spider = new_match(client, "spider", four, defaults("spider", 4))
    ladder = new_match(client, "ladder", four, defaults("ladder", 4))
    dark = new_match(client, "dark", ("Анна", "Борис"), defaults("dark", 2))
    start(client, dark, deal_0="1:1 4:6 1:4 4:4 2:5 1:5 0:6 0:1", deal_1="0:5 0:4 3:3 3:6 5:5 5:6 2:6 0:0",
          lead="Анна")
    for lang in ("ru", "en"):
        client.set_cookie("lang", lang)
        for url in (blind + "/deal", spider, spider + "/deal", ladder, ladder + "/deal", dark):
            size, _ = weight(client, url)
            assert size <= LIMIT, (url, lang, size)


def test_blind_reveal_with_the_row_unknown(client):
    """Dark at a real table (no deal): the reveal at three is chosen on a picker."""
    edit = new_match(client, "dark", ("Анна", "Борис"), defaults("dark", 2))
    start(client, edit)
    typed(client, edit, "0:1", leader="Анна")
    for t in ["0:0>0:1@0", "0:6>0:0", "6:2>0:6", "1:5>0:1", "5:6>1:5", "2:5>6:2", "5:5>2:5",
              "miss 4:4", "pass", "6:3>5:6"]:
        typed(client, edit, t)
    page = soup(client.get(edit))
    opener = page.select_one("form.open-form")
    assert opener is not None
    boxes = opener.select('input[type=checkbox][name="open_tile"]')
    assert len(boxes) == 28 and opener.select_one('input[type=hidden][name="open_tile"]') is None
    data = form_data(client.get(edit), "form.open-form")
    resp = client.post(edit + "/move", data={**data, "open": "1", "open_tile": ["0:5", "0:4"]})
    assert resp.status_code == 400 and soup(resp).select_one(".problem[role=alert]")
    resp = client.post(edit + "/move", data={**data, "open": "1", "open_tile": ["0:5", "0:4", "3:3"]})
    assert resp.status_code == 302
    assert moves(client, edit)[-1] == "open 0:5 0:4 3:3"


def test_ladder_hand_stored_without_its_starter_gets_it_on_the_table(app, client):
    """A ladder hand stored without its starting tile (an imported record, a match from before
    the start form asked for it): the table offers the starter's picker instead of the tiles,
    never the record's wording; the tile tapped is recorded with the hand, and play goes on."""
    from referee.web import get_db, store

    edit = new_match(client, "ladder", ("Анна", "Борис"), defaults("ladder", 2))
    with app.app_context():
        m = store.match_by_key(get_db(), edit.rsplit("/", 1)[1], "edit_key")
        store.append_all(get_db(), m["id"], 0, [("hand", {"lead": "Анна"})])
    for lang in ("ru", "en"):
        page = soup(client.get(edit, headers={"Accept-Language": lang}))
        form = page.select_one('form.starter-form')
        assert form is not None and not page.select_one("form.picker-form")
        assert len(form.select('input[name="starter"]')) == 28 and not form.select("input[checked]")
        assert "starter" not in page.select_one("main").get_text(" ").replace('name="starter"', "")
    data = form_data(client.get(edit), "form.starter-form")
    resp = client.post(edit + "/starter", data=data)  # nothing tapped: asked again, nothing stored
    assert resp.status_code == 400 and soup(resp).select_one(".problem[role=alert]")
    assert client.get(edit + "/export").get_json()["hands"][0].get("starter") is None
    assert client.post(edit + "/starter", data={**data, "starter": "3:5"}).status_code == 302
    hand = client.get(edit + "/export").get_json()["hands"][0]
    assert hand["starter"] == "3:5" and hand["lead"] == "Анна"
    assert not soup(client.get(edit)).select_one("form.starter-form")
    assert tap_tile(client, edit, "3:6").status_code == 302
    assert moves(client, edit) == ["3:6>3:5@3"]
