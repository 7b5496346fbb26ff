"""Refereeing move by move through the test client: the seed traditional hand, refusals,
undo, stale forms, the end of the hand and the score."""

from __future__ import annotations

import pytest

from referee.matches import replay
from referee.web import service
from webhelpers import SEED_MOVES, form_data, new_match, soup, table_form, tap



def start_hand(client, edit):
    data = form_data(client.get(edit), 'form[action$="/hand"]')
    resp = client.post(edit + "/hand", data=data)
    assert resp.status_code == 302
    return resp


def play_seed(client, edit):
    start_hand(client, edit)
    for i, mv in enumerate(SEED_MOVES):
        resp = tap(client, edit, mv, leader="Анфиса" if i == 0 else None)
        assert resp.status_code == 302, (mv, soup(resp).select_one(".problem"))


def test_seed_hand_tap_by_tap_credits_anfisa_2(client):
    edit = new_match(client)
    play_seed(client, edit)
    page = soup(client.get(edit))
    form = page.select_one("form.left-form")
    assert form is not None, "the end of the hand is recognised"
    assert "Анфиса" in page.select_one(".hand-end .end-note b").get_text()
    assert len(page.select(".hand-end .layout svg.tile")) == 13
    # only Всеволод is asked for his tiles; the tiles on the table are greyed out
    assert [r.select_one(".pip-name").get_text() for r in form.select(".pip-row")] == ["Всеволод"]
    assert form.select_one('input[value="6:6"]').has_attr("disabled")
    data = form_data(client.get(edit), "form.left-form")
    data["left_1"] = ["1:1"]
    resp = client.post(edit + "/left", data=data)
    assert resp.status_code == 302
    page = soup(client.get(edit + "/score"))
    row = page.select("table.score tbody tr.hand-row")
    assert len(row) == 1
    cells = row[0].select("td")
    assert cells[0].select_one(".pts").get_text() == "2"
    assert cells[1].select_one(".pts") is None
    totals = [td.get_text() for td in page.select("table.score tfoot td")]
    assert totals == ["2", "0"]
    assert page.select_one("figure.chart svg polyline") is not None


def test_export_of_the_seed_hand_is_accepted_by_the_engine(client):
    edit = new_match(client)
    play_seed(client, edit)
    data = form_data(client.get(edit), "form.left-form")
    data["left_1"] = ["1:1"]
    client.post(edit + "/left", data=data)
    record = client.get(edit + "/export").get_json()
    assert record["hands"][0]["turns"][0] == {"player": "Анфиса", "moves": ["6:6"]}
    assert len(record["hands"][0]["turns"]) == 13
    report, refusal = replay.check_record(record)
    assert refusal is None
    assert report["hands"][0]["points"] == {"Анфиса": 2, "Всеволод": 0}


def test_layout_and_picker(client):
    edit = new_match(client)
    start_hand(client, edit)
    tap(client, edit, "6:6", leader="Анфиса")
    tap(client, edit, "6:0")
    page = soup(client.get(edit))
    assert page.select_one(".turn .to-move").get_text() == "Анфиса"
    tiles = page.select(".layout .line svg.tile")
    assert [t["aria-label"] for t in tiles] == ["0:6", "6:6"]
    assert [b.get_text() for b in page.select(".layout .end-mark")] == ["0", "6"]
    disabled = {b["value"] for b in page.select("form.picker-form button.pick[disabled]")}
    assert disabled == {"6:6", "0:6"}
    assert len(page.select("form.picker-form button.pick")) == 28


def test_a_refused_move_is_explained_with_a_rule_link_and_changes_nothing(client):
    edit = new_match(client)
    start_hand(client, edit)
    tap(client, edit, "6:6", leader="Анфиса")
    before = client.get(edit + "/export").get_json()
    resp = tap(client, edit, "3:3")
    assert resp.status_code == 422
    page = soup(resp)
    problem = page.select_one(".problem[role=alert]")
    assert "3:3" in problem.get_text()
    link = problem.select_one("a.rule-link")
    assert link["href"] == "/rules/traditional#play.no_fit"
    assert client.get(edit + "/export").get_json() == before


def test_undo_is_an_event_and_restores_the_table(client, app):
    edit = new_match(client)
    start_hand(client, edit)
    tap(client, edit, "6:6", leader="Анфиса")
    tap(client, edit, "6:0")
    data = form_data(client.get(edit), "form.undo-form")
    assert client.post(edit + "/undo", data=data).status_code == 302
    page = soup(client.get(edit))
    assert [t["aria-label"] for t in page.select(".layout .line svg.tile")] == ["6:6"]
    assert page.select_one(".turn .to-move").get_text() == "Всеволод"
    from referee.web import get_db, store

    with app.app_context():
        m = store.list_matches(get_db())[0]
        kinds = [e["kind"] for e in store.events(get_db(), m["id"])]
    assert kinds == ["hand", "move", "move", "undo"]


def test_a_stale_form_is_refused(client):
    edit = new_match(client)
    start_hand(client, edit)
    old = table_form(client, edit)
    tap(client, edit, "6:6", leader="Анфиса")
    resp = client.post(edit + "/move", data={**old, "tile": "6:0", "mode": "lay"})
    assert resp.status_code == 409
    assert soup(resp).select_one(".problem[role=alert]") is not None
    record = client.get(edit + "/export").get_json()
    assert [t["moves"] for t in record["hands"][0]["turns"]] == [["6:6"]]


@pytest.mark.parametrize("data", [
    {"tile": "7:7"}, {"tile": "66"}, {"tile": ""}, {"token": "lay everything"},
    {"token": "x" * 200}, {"n": "abc", "tile": "6:6"}, {"n": "-1", "tile": "6:6"},
])
def test_bad_moves_are_refused_cleanly(client, data):
    edit = new_match(client)
    start_hand(client, edit)
    tap(client, edit, "6:6", leader="Анфиса")
    before = client.get(edit + "/export").get_json()
    form = table_form(client, edit)
    resp = client.post(edit + "/move", data={**form, "mode": "lay", **data})
    assert 400 <= resp.status_code < 500
    assert soup(resp).select_one(".problem[role=alert]") is not None
    assert client.get(edit + "/export").get_json() == before


def test_draw_and_pass_buttons(client):
    edit = new_match(client)
    start_hand(client, edit)
    tap(client, edit, "6:6", leader="Анфиса")
    form = table_form(client, edit)
    resp = client.post(edit + "/move", data={**form, "draw": "1"})
    assert resp.status_code == 302
    page = soup(client.get(edit))
    assert page.select_one(".turn .to-move").get_text() == "Всеволод"
    assert page.select_one(".bazaar").get_text().strip().endswith("13")
    record = client.get(edit + "/export").get_json()
    assert record["hands"][0]["turns"][-1] == {"player": "Всеволод", "moves": ["draw"]}


def test_hand_by_result(client):
    edit = new_match(client)
    page = client.get(edit + "/result")
    data = form_data(page, "form.result-form")
    data.update({"out": "Анфиса", "left_1": "1:1"})
    resp = client.post(edit + "/result", data=data)
    assert resp.status_code == 302, soup(resp).select_one(".problem")
    page = soup(client.get(edit + "/score"))
    assert [td.get_text() for td in page.select("table.score tfoot td")] == ["2", "0"]


def test_a_refused_result_stores_nothing(client):
    edit = new_match(client)
    data = form_data(client.get(edit + "/result"), "form.result-form")
    data.update({"out": "Анфиса", "left_1": "9:9"})
    resp = client.post(edit + "/result", data=data)
    assert resp.status_code == 400
    assert soup(resp).select_one(".problem[role=alert]") is not None
    assert client.get(edit + "/export").get_json()["hands"] == []


def result_hand(client, edit, **fields):
    data = form_data(client.get(edit + "/result"), "form.result-form")
    data.update(fields)
    return client.post(edit + "/result", data=data)


def test_kozel_scoring_names_the_goat_and_the_winner(client):
    from webhelpers import TRAD_OPTIONS

    edit = new_match(client, options={**TRAD_OPTIONS, "opt_scoring": "kozel", "opt_limit": "10"})
    resp = result_hand(client, edit, out="Анфиса", left_1="6:6")
    assert resp.status_code == 302, soup(resp).select_one(".problem")
    page = soup(client.get(edit + "/score"))
    winner = page.select_one(".winner").get_text()
    assert "Анфиса" in winner and "«Козёл»: Всеволод" in winner
    assert [td.get_text() for td in page.select("table.score tfoot td")] == ["0", "12"]
    assert page.select_one("meter") is not None
    # the match is over: no next hand is offered
    table = soup(client.get(edit))
    assert table.select_one('form[action$="/hand"]') is None
    # nor a result form; one sent anyway (the token and count of the table's undo form) is refused
    assert soup(client.get(edit + "/result")).select_one("form.result-form") is None
    data = form_data(client.get(edit), "form.undo-form")
    resp = client.post(edit + "/result", data={**data, "out": "Анфиса", "left_1": "1:1"})
    assert resp.status_code == 400


def test_match_winner_at_the_target(client):
    from webhelpers import TRAD_OPTIONS

    edit = new_match(client, options={**TRAD_OPTIONS, "opt_target": "10"})
    assert result_hand(client, edit, out="Всеволод", left_0="6:6").status_code == 302
    page = soup(client.get(edit + "/score"))
    assert "Всеволод" in page.select_one(".winner").get_text()
    assert page.select_one("figure.chart line.goal") is not None


def test_another_browser_sees_the_match_only_once_it_opened_the_read_only_link(client, app):
    """The list holds only the matches this browser started or opened by a link."""
    edit = new_match(client)
    other = app.test_client()
    assert soup(other.get("/")).select("li.match") == []
    view = soup(client.get(edit + "/share")).select_one("a[href*='/s/'], input[value*='/s/']")
    view_url = view.get("href") or view.get("value")
    other.get(view_url[view_url.index("/s/"):])
    link = soup(other.get("/")).select_one("li.match a.match-title")["href"]
    assert link.startswith("/s/")
    assert soup(client.get("/")).select_one("li.match a.match-title")["href"] == edit


def test_opening_the_edit_link_puts_the_match_in_that_browsers_list(client, app):
    edit = new_match(client)
    other = app.test_client()
    other.get(edit)
    assert soup(other.get("/")).select_one("li.match a.match-title")["href"] == edit


def test_an_engine_failure_is_a_clear_refusal_not_a_server_error(client, monkeypatch):
    from referee.rules.hand import Hand

    edit = new_match(client)
    start_hand(client, edit)
    tap(client, edit, "6:6", leader="Анфиса")

    real_play = Hand.play

    def boom(self, token=None, *a, **k):
        # the tile 6:0 laid, as text or as the engine's Move the table reads a typed move into
        if token is None or str(token) in ("6:0", "0:6"):
            raise ZeroDivisionError("engine bug")
        return real_play(self, token, *a, **k)

    form = table_form(client, edit)
    monkeypatch.setattr(Hand, "play", boom)
    resp = client.post(edit + "/move", data={**form, "token": "6:0"})
    assert resp.status_code == 422
    assert "ZeroDivisionError" in soup(resp).select_one(".problem").get_text()
    monkeypatch.setattr("referee.record.replay", boom)
    with client.application.app_context():  # as after a restart: the page replays the log
        service().states.clear()
    resp = client.get(edit)
    assert resp.status_code == 200
    assert soup(resp).select_one(".problem[role=alert]") is not None


def test_typed_move_has_its_own_form_so_enter_cannot_tap_a_tile(client):
    edit = new_match(client)
    start_hand(client, edit)
    page = soup(client.get(edit))
    typed = page.select_one("form.typed-form")
    assert typed.select_one('input[name="token"]') is not None
    assert typed.select("button.pick") == []
    assert page.select_one("form.picker-form").select_one('input[name="token"]') is None
    data = form_data(client.get(edit), "form.typed-form")
    resp = client.post(edit + "/move", data={**data, "leader": "Анфиса", "token": "6:6"})
    assert resp.status_code == 302
    # a tile tapped wins over any token sent with it
    form = table_form(client, edit)
    resp = client.post(edit + "/move", data={**form, "tile": "0:6", "mode": "lay", "token": "pass"})
    assert resp.status_code == 302
    assert client.get(edit + "/export").get_json()["hands"][0]["turns"][1]["moves"] == ["6:0>6:6"]


def test_a_name_with_a_comma_is_asked_for_its_tiles(client):
    edit = new_match(client, players=("Анфиса", "Сева, младший"))
    start_hand(client, edit)
    for i, mv in enumerate(SEED_MOVES):
        assert tap(client, edit, mv, leader="Анфиса" if i == 0 else None).status_code == 302
    form = soup(client.get(edit)).select_one("form.left-form")
    assert [r.select_one(".pip-name").get_text() for r in form.select(".pip-row")] == ["Сева, младший"]


def test_two_phones_moving_at_once_store_one_move(client, app):
    """Two taps sent together against the same view: one is stored, the other refused."""
    import threading

    edit = new_match(client)
    start_hand(client, edit)
    tap(client, edit, "6:6", leader="Анфиса")
    form = table_form(client, edit)
    session = client.get_cookie("session").value
    results = []

    def post(tile):
        c = app.test_client()
        c.set_cookie("session", session)
        results.append(c.post(edit + "/move", data={**form, "tile": tile, "mode": "lay"}).status_code)

    threads = [threading.Thread(target=post, args=(t,)) for t in ("0:6", "2:6")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [302, 409]
    turns = client.get(edit + "/export").get_json()["hands"][0]["turns"]
    assert len(turns) == 2


def test_no_end_turn_button_after_a_draw_only(client):
    edit = new_match(client)
    start_hand(client, edit)
    tap(client, edit, "6:6", leader="Анфиса")
    form = table_form(client, edit)
    client.post(edit + "/move", data={**form, "draw": "1"})
    page = soup(client.get(edit))
    assert page.select_one(".turn .to-move").get_text() == "Всеволод"
    assert page.select_one('form[action$="/end-turn"]') is None


def test_the_next_hand_is_led_by_the_previous_winner(client):
    edit = new_match(client)
    play_seed(client, edit)
    data = form_data(client.get(edit), "form.left-form")
    data["left_1"] = ["1:1"]
    client.post(edit + "/left", data=data)
    start_hand(client, edit)
    page = soup(client.get(edit))
    assert page.select_one("h1").get_text().endswith("2")
    assert page.select_one(".turn .to-move").get_text() == "Анфиса"
    assert page.select_one("fieldset.leader") is None
    assert tap(client, edit, "1:2").status_code == 302  # she leads any tile
