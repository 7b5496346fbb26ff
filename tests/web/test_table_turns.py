"""The table's taps through the test client: a tap sent twice is recorded once;
a background send is answered with the table itself; a stale tap is refused."""

from __future__ import annotations

import pytest

from webhelpers import form_data, new_match, soup, table_form


def start(client, edit):
    data = form_data(client.get(edit), 'form[action$="/hand"]')
    assert client.post(edit + "/hand", data=data).status_code == 302


def events(client, edit):
    hand = client.get(edit + "/export").get_json()["hands"][-1]
    return [m for t in hand["turns"] for m in t["moves"]]


def test_the_same_tap_sent_twice_is_recorded_once(client):
    edit = new_match(client)
    start(client, edit)
    data = {**table_form(client, edit), "tile": "6:6", "leader": "Анфиса", "op": "tap-0001-abcdef"}
    first = client.post(edit + "/move", data=data, headers={"X-Referee": "fetch"})
    assert first.status_code == 200
    # answered with the table itself (the part inside <main>), not a page nor a redirect
    body = first.get_data(as_text=True)
    assert "<html" not in body and 'id="table-state"' in body
    again = client.post(edit + "/move", data=data, headers={"X-Referee": "fetch"})
    assert again.status_code == 200
    assert soup(again).select_one("p.note[role=status]") is not None
    assert events(client, edit) == ["6:6"]
    # the same without the key is judged as a new tap: stale (made against one event less)
    resp = client.post(edit + "/move", data={k: v for k, v in data.items() if k != "op"})
    assert resp.status_code == 409
    assert events(client, edit) == ["6:6"]


def test_a_bad_key_is_ignored_not_stored(client):
    edit = new_match(client)
    start(client, edit)
    data = {**table_form(client, edit), "tile": "6:6", "leader": "Анфиса", "op": "x" * 300}
    assert client.post(edit + "/move", data=data).status_code == 302
    assert events(client, edit) == ["6:6"]


def test_a_bad_deal_keeps_every_tile_marked_and_says_why(client):
    edit = new_match(client)
    page = client.get(edit + "/deal")
    assert soup(page).select_one(".deal-form")["data-size"] == "7"
    data = form_data(page, "form.deal-form")
    assert data["from"] == "deal"
    # Анфиса's 6:6 given to Всеволод too: refused with the reason, on the deal page
    data.update({"deal_0": "3:2 3:3 4:6 1:3 5:6 4:0 6:6".split(),
                 "deal_1": "0:0 2:0 1:1 0:6 2:6 2:1 6:6".split()})
    resp = client.post(edit + "/hand", data=data)
    assert resp.status_code in (400, 422)
    page = soup(resp)
    assert page.select_one(".problem[role=alert]") is not None
    assert page.select_one("form.deal-form") is not None  # still the deal page
    marked = {i: sorted(x["value"] for x in page.select(f'input[name="deal_{i}"][checked]')) for i in (0, 1)}
    low = lambda ts: sorted(":".join(sorted(t.split(":"))) for t in ts)  # noqa: E731
    assert marked[0] == low(data["deal_0"]) and marked[1] == low(data["deal_1"])
    assert client.get(edit + "/export").get_json()["hands"] == []
    client.set_cookie("lang", "en")
    resp = client.post(edit + "/hand", data={**data, "csrf_token": form_data(client.get(edit + "/deal"), "form.deal-form")["csrf_token"]})
    text = soup(resp).select_one(".problem").get_text(" ", strip=True)
    assert "6:6" in text and not any("а" <= c <= "я" for c in text.lower()), text


def test_undo_says_what_it_undid_and_the_last_undo_can_be_redone(client):
    edit = new_match(client)
    start(client, edit)
    data = {**table_form(client, edit), "tile": "6:6", "leader": "Анфиса"}
    assert client.post(edit + "/move", data=data).status_code == 302
    data = {**table_form(client, edit), "tile": "0:6"}
    assert client.post(edit + "/move", data=data).status_code == 302
    undo = form_data(client.get(edit), "#undo-form")
    resp = client.post(edit + "/undo", data=undo, headers={"X-Referee": "fetch"})
    assert resp.status_code == 200
    page = soup(resp)
    assert page.select_one("p.note[role=status]").get_text() == "Отменено: Всеволод: 6:0."
    assert events(client, edit) == ["6:6"]
    # redo: a log event that puts the move back
    assert page.select_one(".bar button.redo") is not None
    redo = form_data(client.get(edit), "#redo-form")
    resp = client.post(edit + "/redo", data=redo)
    assert resp.status_code == 302
    assert events(client, edit) == ["6:6", "6:0>6:6"]
    assert soup(client.get(edit)).select_one(".bar button.redo") is None  # nothing left to redo
    kinds = [e for e in client.get(edit + "/export").get_json()["hands"][0]["turns"]]
    assert len(kinds) == 2
    # a new change forgets what was undone: no redo after it
    client.post(edit + "/undo", data=form_data(client.get(edit), "#undo-form"))
    data = {**table_form(client, edit), "tile": "6:5"}
    assert client.post(edit + "/move", data=data).status_code == 302
    assert soup(client.get(edit)).select_one(".bar button.redo") is None
    resp = client.post(edit + "/redo", data=form_data(client.get(edit), "#undo-form"))
    assert resp.status_code == 400 and events(client, edit) == ["6:6", "6:5>6:6"]


def test_undo_asks_before_it_removes_a_whole_hand(client):
    edit = new_match(client)
    start(client, edit)
    undo = form_data(client.get(edit), "#undo-form")
    resp = client.post(edit + "/undo", data=undo)
    assert resp.status_code == 200
    box = soup(resp).select_one("form.confirm-undo")
    assert box is not None and "кона 1" in box.get_text()
    assert len(client.get(edit + "/export").get_json()["hands"]) == 1  # nothing undone yet
    resp = client.post(edit + "/undo", data=form_data(resp, "form.confirm-undo"))
    assert resp.status_code == 302
    assert client.get(edit + "/export").get_json()["hands"] == []


def test_a_hand_by_result_is_tapped_with_nothing_preselected(client):
    edit = new_match(client)
    page = soup(client.get(edit + "/result"))
    form = page.select_one("form.result-form")
    assert form.select('input[name="out"]') and not form.select('input[name="out"][checked]')
    assert len(form.select('input[type=checkbox][name="left_1"]')) == 28  # the tile picker
    assert form.select_one("textarea, input[type=text][name^=left_]") is None  # nothing typed
    data = form_data(client.get(edit + "/result"), "form.result-form")
    # nothing said: refused with the reason, nothing stored
    resp = client.post(edit + "/result", data={**data, "left_1": ["1:1"]})
    assert resp.status_code == 400 and "кон" in soup(resp).select_one(".problem").get_text()
    # the player who went out listed with tiles left: a contradiction, refused with the reason
    resp = client.post(edit + "/result", data={**data, "out": "Анфиса", "left_0": ["6:6"], "left_1": ["1:1"]})
    assert resp.status_code == 400
    assert "Анфиса" in soup(resp).select_one(".problem").get_text()
    assert soup(resp).select_one('input[name="left_0"][value="6:6"][checked]') is not None  # kept
    assert client.get(edit + "/export").get_json()["hands"] == []
    resp = client.post(edit + "/result", data={**data, "out": "Анфиса", "left_1": ["1:1", "2:3"]})
    assert resp.status_code == 302
    hand = client.get(edit + "/export").get_json()["hands"][0]["result"]
    assert hand["out"] == "Анфиса" and sorted(hand["left"]["Всеволод"]) == ["1:1", "2:3"]


def test_a_block_is_said_not_assumed(client):
    edit = new_match(client)
    data = form_data(client.get(edit + "/result"), "form.result-form")
    block = soup(client.get(edit + "/result")).select_one("input[name=out][value*=block]")["value"]
    resp = client.post(edit + "/result", data={**data, "out": block, "pips_0": "7", "pips_1": "9"})
    assert resp.status_code == 302, soup(resp).select_one(".problem")
    assert client.get(edit + "/export").get_json()["hands"][0]["result"]["out"] is None


def test_lucky_threes_asks_for_the_tile_drawn(client):
    """Lucky threes without the deal: a tile drawn is +10 when it is laid at once and scores, −5
    otherwise, so the table takes no draw unseen: no «Draw» button, a line that says why, and a
    draw sent without its tile refused in words, nothing stored; the tile drawn tapped is."""
    edit = new_match(client, "lucky_threes", ("Анна", "Борис"), {"opt_credit": "literal", "opt_target": "100"})
    start(client, edit)
    data = {**table_form(client, edit), "tile": "1:2", "mode": "lay", "leader": "Анна"}
    assert client.post(edit + "/move", data=data).status_code == 302
    page = soup(client.get(edit))
    assert page.select_one('.bar button[name="draw"]') is None
    assert "от неё зависят очки" in page.select_one("fieldset.mode .draw-named").get_text()
    resp = client.post(edit + "/move", data={**table_form(client, edit), "draw": "1"})
    assert resp.status_code == 422
    assert "«записывает взятие», затем взятую кость" in soup(resp).select_one(".problem").get_text()
    assert events(client, edit) == ["1:2"]
    resp = client.post(edit + "/move", data={**table_form(client, edit), "tile": "4:5", "mode": "draw"})
    assert resp.status_code == 302
    assert events(client, edit) == ["1:2", "draw 4:5"]


def test_an_unseen_draw_is_still_a_tap_where_the_tile_changes_nothing(client):
    edit = new_match(client)
    start(client, edit)
    data = {**table_form(client, edit), "tile": "6:6", "leader": "Анфиса"}
    assert client.post(edit + "/move", data=data).status_code == 302
    assert soup(client.get(edit)).select_one('.bar button[name="draw"]') is not None
    assert client.post(edit + "/move", data={**table_form(client, edit), "draw": "1"}).status_code == 302
    assert events(client, edit) == ["6:6", "draw"]


def test_a_first_double_that_fits_two_ways_is_previewed_for_the_leader_named(client, caplog):
    """Threes without the deal: the first tile, a double, fits across or along; the places are
    offered with the points each scores for the leader the tap named (3:3 across: 6, +2), and
    the engine is never asked a preview of a hand whose leader is not recorded yet."""
    import logging

    edit = new_match(client, "threes", ("Анна", "Борис"), {"opt_reserve_two": "no", "opt_hand_end": "empty_bazaar", "opt_target": "33"})
    start(client, edit)
    with caplog.at_level(logging.ERROR):
        resp = client.post(edit + "/move", data={**table_form(client, edit), "tile": "3:3", "mode": "lay",
                                                 "leader": "Анна"})
    assert resp.status_code == 200
    page = soup(resp)
    places = {b["value"]: b.select_one(".place-points") for b in page.select("form.choose button.place")}
    assert sorted(places) == ["3:3 across", "3:3 along"], places
    assert all(p is not None for p in places.values()), places
    assert not [r for r in caplog.records if "engine failed" in r.getMessage()]
    assert events(client, edit) == []


def test_no_drawing_offers_no_draw_and_a_round_of_passes_is_the_block(client):
    """Three players under «no drawing», without the deal: the seven tiles not dealt are out of
    play, so the table offers no «Draw» and no «records drawing it» and says what those tiles
    are; a player who cannot lay passes, and a whole round of passes is the block (the tiles
    left asked for next)."""
    from webhelpers import TRAD_OPTIONS

    edit = new_match(client, "traditional", ("Анна", "Борис", "Вера"), {**TRAD_OPTIONS, "opt_draw": "none"})
    start(client, edit)
    data = {**table_form(client, edit), "tile": "6:6", "mode": "lay", "leader": "Анна"}
    assert client.post(edit + "/move", data=data).status_code == 302
    page = soup(client.get(edit))
    assert page.select_one('.bar button[name="draw"]') is None
    assert page.select_one('input[name="mode"][value="draw"]') is None
    assert page.select_one(".bazaar").get_text(strip=True) == "Не розданы, вне игры: 7"
    assert client.post(edit + "/move", data={**table_form(client, edit), "draw": "1"}).status_code == 422
    assert events(client, edit) == ["6:6"]
    for _ in range(3):
        assert not soup(client.get(edit)).select_one('.bar button[name="pass"]').has_attr("hidden")
        assert client.post(edit + "/move", data={**table_form(client, edit), "pass": "1"}).status_code == 302
    assert events(client, edit) == ["6:6", "pass", "pass", "pass"]
    assert soup(client.get(edit)).select_one("form.left-form") is not None


def test_the_bazaar_is_offered_where_the_rules_let_players_draw(client):
    edit = new_match(client, "traditional", ("Анна", "Борис", "Вера"))
    start(client, edit)
    data = {**table_form(client, edit), "tile": "6:6", "mode": "lay", "leader": "Анна"}
    assert client.post(edit + "/move", data=data).status_code == 302
    page = soup(client.get(edit))
    assert page.select_one('.bar button[name="draw"]') is not None
    assert page.select_one('input[name="mode"][value="draw"]') is not None
    assert page.select_one(".bazaar").get_text(strip=True) == "Базар: 7"


@pytest.mark.parametrize("lang, word", [("ru", "Из базара"), ("en", "Draw")])
def test_the_draw_button_says_it_in_two_words_at_most(client, lang, word):
    """The bar shares a 360-px line between the draw, the pass and the undo: «Взять из базара»
    broke into three lines there; the words the table's help line quotes are the button's."""
    client.get(f"/lang/{lang}")
    edit = new_match(client)
    start(client, edit)
    data = {**table_form(client, edit), "tile": "6:6", "leader": "Анфиса"}
    assert client.post(edit + "/move", data=data).status_code == 302
    assert soup(client.get(edit)).select_one('.bar button[name="draw"]').get_text(strip=True) == word
    assert len(word.split()) <= 2
    from flask_babel import force_locale, gettext
    with client.application.test_request_context(), force_locale(lang):
        assert f"«{word}»" in gettext("The tile went back. %(name)s may draw one tile (tap «records drawing it»,"
                                      " then the tile, or «Draw»), then «Pass».", name="X")
