"""A match's whole life: corrections with an audit, confirmations, renames, rematches,
the archive, player pages and CSV. Every refusal is checked to change nothing stored."""

from __future__ import annotations

import csv
import io
import random

import pytest

from referee.matches import log
from referee.matches.log import fold

from webhelpers import SEED_MOVES, TRAD_OPTIONS, form_data, new_match, soup, tap


def _db_snapshot(app):
    """Every row of the matches and events tables (to prove a refusal stored nothing)."""
    from referee.web.store import open_db

    db = open_db(app.config["DATABASE"])
    try:
        return (list(db.query("SELECT * FROM matches ORDER BY id")),
                list(db.query("SELECT * FROM events ORDER BY id")))
    finally:
        db.close()


def enter_result(client, edit: str, out: str, left: dict[int, str]) -> None:
    page = client.get(edit + "/result")
    data = form_data(page, "form.result-form")
    data["out"] = out
    for i, v in left.items():
        data[f"left_{i}"] = v
    resp = client.post(edit + "/result", data=data)
    assert resp.status_code == 302, soup(resp).get_text(" ", strip=True)[:500]


def totals(client, edit: str) -> list[str]:
    page = soup(client.get(edit + "/score"))
    return [td.get_text(strip=True) for td in page.select("table.score tfoot td")]


def all_fields(resp, selector: str) -> dict:
    """Every field a browser would send from a form as drawn (checked boxes and radios, the
    chosen option, the text fields), without any button's value."""
    form = soup(resp).select_one(selector)
    assert form is not None, f"no form {selector}"
    out: dict = {}
    for i in form.select("input[name]"):
        kind = i.get("type", "text")
        if kind in ("checkbox", "radio") and not i.has_attr("checked"):
            continue
        if kind in ("submit", "button"):
            continue
        value = i.get("value", "on" if kind in ("checkbox", "radio") else "")
        if kind == "checkbox":
            out.setdefault(i["name"], []).append(value)
        else:
            out[i["name"]] = value
    for sel in form.select("select[name]"):
        chosen = sel.select_one("option[selected]") or sel.select_one("option")
        out[sel["name"]] = chosen.get("value", chosen.get_text()) if chosen else ""
    return out


def correct(client, edit: str, number: int, fields: dict, confirm: bool = False):
    """The correction form sent as drawn with ``fields`` changed; ``confirm``: «yes» said to the
    question it asks (the answer to that)."""
    page = client.get(f"{edit}/hand/{number}/correct")
    assert page.status_code == 200
    data = all_fields(page, "form.correct-form")
    data.update(fields)
    resp = client.post(f"{edit}/hand/{number}/correct", data=data)
    if confirm and resp.status_code == 200 and soup(resp).select_one(".confirm"):
        return client.post(f"{edit}/hand/{number}/correct", data=all_fields(resp, "form.correct-form"))
    return resp


# -- the log ------------------------------------------------------------------------------------

def test_fold_applies_corrections_renames_and_undo():
    evs = [
        {"seq": 1, "kind": "result", "data": {"result": {"out": "A", "left": {"B": 10}}}},
        {"seq": 2, "kind": "result", "data": {"result": {"out": "B", "left": {"A": 5}}}},
        {"seq": 3, "kind": "correct", "data": {"hand": 1, "record": {"result": {"out": "A", "left": {"B": 20}}},
                                               "was": {"result": {"out": "A", "left": {"B": 10}}}}},
        {"seq": 4, "kind": "rename", "data": {"seat": 0, "from": "A", "to": "Ann"}},
    ]
    hands = fold(evs)
    assert [h.result for h in hands] == [{"out": "Ann", "left": {"B": 20}}, {"out": "B", "left": {"Ann": 5}}]
    assert hands[0].corrected == [3] and hands[1].corrected == []
    # an undo passes over the rename and cancels the correction
    hands = fold(evs + [{"seq": 5, "kind": "undo", "data": {}}])
    assert hands[0].result == {"out": "Ann", "left": {"B": 10}} and hands[0].corrected == []
    assert log.last_undoable(evs)["seq"] == 3


def test_rename_reaches_every_field_that_names_a_player():
    h = log.hand_from_record({"deal": {"A": ["0:0"], "B": ["1:1"]}, "lead": "A",
                              "turns": [{"player": "A", "moves": ["0:0"]}, {"player": "B", "moves": ["pass"]}],
                              "left": {"B": ["1:1"]}})
    log.rename_in_hand(h, "A", "Z")
    rec = h.to_record()
    assert rec["deal"] == {"Z": ["0:0"], "B": ["1:1"]} and rec["lead"] == "Z"
    assert [t["player"] for t in rec["turns"]] == ["Z", "B"]
    r = log.LoggedHand(result={"out": "A", "maker": "A", "left": {"A": 3}, "scored": {"A": 10}})
    log.rename_in_hand(r, "A", "Z")
    assert r.result == {"out": "Z", "maker": "Z", "left": {"Z": 3}, "scored": {"Z": 10}}


# -- corrections --------------------------------------------------------------------------------

def test_correction_rescores_later_hands_and_asks_before_changing_the_winner(app, client):
    edit = new_match(client, options=dict(TRAD_OPTIONS, opt_target="100"))
    enter_result(client, edit, "Анфиса", {1: "40"})
    enter_result(client, edit, "Всеволод", {0: "30"})
    enter_result(client, edit, "Анфиса", {1: "65"})  # Анфиса 105: she wins the match
    assert totals(client, edit) == ["105", "30"]
    assert "Анфиса" in soup(client.get(edit + "/score")).select_one(".winner").get_text()
    before = _db_snapshot(app)
    # hand 1 was really 4 pips, not 40: the winner changes, so the app asks first
    resp = correct(client, edit, 1, {"pips_1": "4"})
    assert resp.status_code == 200
    box = soup(resp).select_one(".confirm").get_text(" ", strip=True)
    assert "105 → 69" in box and "Анфиса" in box
    assert _db_snapshot(app) == before  # asking stored nothing
    resp = correct(client, edit, 1, {"pips_1": "4"}, confirm=True)
    assert resp.status_code == 302
    assert totals(client, edit) == ["69", "30"]
    page = soup(client.get(edit + "/score"))
    assert page.select_one(".winner") is None
    assert [r.get("id") for r in page.select("tr.hand-row") if r.select_one(".corrected")] == ["hand-1"]
    audit = soup(client.get(edit + "/audit")).select("ol.audit li.audit-correct")
    assert len(audit) == 1 and "40 → 4" in audit[0].get_text()


def test_refused_correction_changes_nothing(app, client):
    edit = new_match(client)
    enter_result(client, edit, "Анфиса", {1: "40"})
    enter_result(client, edit, "Всеволод", {0: "30"})
    before = _db_snapshot(app)
    # a single tile carries at most 12 pips
    resp = correct(client, edit, 1, {"left_1": ["6:6", "6:6"], "pips_1": ""})
    assert resp.status_code in (400, 422)
    assert soup(resp).select_one(".problem")
    assert _db_snapshot(app) == before
    resp = correct(client, edit, 1, {"pips_1": "40"})  # as it reads already
    assert resp.status_code == 400 and _db_snapshot(app) == before
    assert client.get(edit + "/hand/3/correct").status_code == 404
    assert client.get(edit + "/hand/0/correct").status_code == 404


def _fields_of(form) -> list:
    return sorted({(i.get("type", "text"), i["name"], i.get("value", "") if i.get("type") in ("radio", "checkbox")
                    else "") for i in form.select("input[name]") if i["name"] not in ("csrf_token", "n", "confirm")})


def test_a_result_is_corrected_on_the_result_forms_own_fields_with_its_refusals(app, client):
    edit = new_match(client)
    enter_result(client, edit, "Анфиса", {1: "40"})
    page = client.get(edit + "/hand/1/correct")
    fixing = soup(page).select_one("form.correct-form")
    entering = soup(client.get(edit + "/result")).select_one("form.result-form")
    # one partial: the same radios, the same 28-tile picker per player, the same pips fields
    assert _fields_of(fixing) == _fields_of(entering)
    assert len(fixing.select('input[type=checkbox][name="left_0"]')) == 28
    assert not entering.select("input[checked]")  # a new hand: nothing preselected
    # a correction starts from the hand as it reads
    assert [i["value"] for i in fixing.select('input[name="out"][checked]')] == ["Анфиса"]
    assert fixing.select_one('input[name="pips_1"]')["value"] == "40"
    before = _db_snapshot(app)
    # the player who went out listed with tiles left: refused with the reason, the tile kept marked
    resp = correct(client, edit, 1, {"left_0": ["6:6"]})
    assert resp.status_code == 400 and _db_snapshot(app) == before
    assert "Анфиса" in soup(resp).select_one(".problem").get_text()
    assert soup(resp).select_one('form.correct-form input[name="left_0"][value="6:6"][checked]')
    # nothing said about how it ended; tiles and pips both; a tile twice; not a number
    for fields in ({"out": ""}, {"left_1": ["1:1"]}, {"left_1": ["1:1", "1:1"], "pips_1": ""},
                   {"pips_1": "сорок"}, {"out": "Никто"}):
        resp = correct(client, edit, 1, fields)
        assert resp.status_code == 400 and soup(resp).select_one(".problem"), fields
        assert _db_snapshot(app) == before, fields
    # the counts are the engine's: one tile held by both players
    resp = correct(client, edit, 1, {"out": "*block*", "left_0": ["6:6"], "left_1": ["6:6"], "pips_1": ""})
    assert resp.status_code == 422 and _db_snapshot(app) == before
    assert "6:6" in soup(resp).select_one(".problem").get_text()
    # corrected to a block: Анфиса 10, Всеволод 30: she had the fewest and is credited 20
    resp = correct(client, edit, 1, {"out": "*block*", "pips_0": "10", "pips_1": "30"}, confirm=True)
    assert resp.status_code == 302 and totals(client, edit) == ["20", "0"]
    assert client.get(edit + "/export").get_json()["hands"][0]["result"] == \
        {"out": None, "left": {"Анфиса": 10, "Всеволод": 30}}


def test_a_played_hand_corrected_move_by_move(app, client):
    """The seed hand (Анфиса out, Всеволод left with 1:1: 2 points) with his tiles left
    corrected; a move corrected to one that does not fit is refused with the rule."""
    edit = new_match(client)
    resp = client.post(edit + "/hand", data=form_data(client.get(edit), 'form[action$="/hand"]'))
    assert resp.status_code == 302
    for i, mv in enumerate(SEED_MOVES):
        assert tap(client, edit, mv, leader="Анфиса" if i == 0 else None).status_code == 302
    data = form_data(client.get(edit), "form.left-form")
    data["left_1"] = ["1:1"]
    assert client.post(edit + "/left", data=data).status_code == 302
    assert totals(client, edit) == ["2", "0"]
    page = soup(client.get(edit + "/hand/1/correct"))
    assert page.select_one("#turn_moves_0")["value"] == "6:6"
    # the tiles left on the result form's own picker, as entered
    assert [i["value"] for i in page.select('input[name="left_1"][checked]')] == ["1:1"]
    assert page.select_one('input[name="out"]') is None  # the moves say how it ended
    before = _db_snapshot(app)
    resp = correct(client, edit, 1, {"turn_moves_1": "5:5"})
    assert resp.status_code == 422 and _db_snapshot(app) == before
    assert "5:5" in soup(resp).select_one(".problem").get_text()
    resp = correct(client, edit, 1, {"left_1": ["1:4"]}, confirm=True)
    assert resp.status_code == 302
    assert totals(client, edit) == ["5", "0"]
    record = client.get(edit + "/export").get_json()
    assert record["hands"][0]["left"] == {"Всеволод": ["1:4"]}
    assert len(record["hands"][0]["turns"]) == 13


def _undo(client, edit: str):
    """Tap «undo» on the table; the answer (a question, or the table after it)."""
    return client.post(edit + "/undo", data=form_data(client.get(edit), "#undo-form"))


def _yes(client, edit: str, asked):
    """«Yes» on the question an undo asked."""
    return client.post(edit + "/undo", data=form_data(asked, "form.confirm-undo"))


def test_undo_cancels_a_correction(app, client):
    edit = new_match(client)
    enter_result(client, edit, "Анфиса", {1: "40"})
    correct(client, edit, 1, {"pips_1": "20"}, confirm=True)
    assert totals(client, edit) == ["20", "0"]
    before = _db_snapshot(app)
    asked = _undo(client, edit)
    assert asked.status_code == 200 and _db_snapshot(app) == before  # asked, nothing stored
    box = soup(asked).select_one("form.confirm-undo").get_text(" ", strip=True)
    assert "исправление кона 1" in box and "Анфиса: 20 → 40" in box
    assert "Победителя матча по-прежнему нет" in box
    assert _yes(client, edit, asked).status_code == 302
    assert totals(client, edit) == ["40", "0"]
    entries = soup(client.get(edit + "/audit")).select("ol.audit > li")
    assert len(entries) == 1 and "undone" in entries[0]["class"]


def played_seed(client) -> str:
    """The seed hand played move by move and its tiles left entered (Анфиса 2)."""
    edit = new_match(client)
    assert client.post(edit + "/hand", data=form_data(client.get(edit), 'form[action$="/hand"]')).status_code == 302
    for i, mv in enumerate(SEED_MOVES):
        assert tap(client, edit, mv, leader="Анфиса" if i == 0 else None).status_code == 302
    data = form_data(client.get(edit), "form.left-form")
    data["left_1"] = ["1:1"]
    assert client.post(edit + "/left", data=data).status_code == 302
    return edit


def test_undo_of_a_finished_hands_tiles_left_asks_naming_the_totals(app, client):
    edit = played_seed(client)
    assert totals(client, edit) == ["2", "0"]
    before = _db_snapshot(app)
    asked = _undo(client, edit)
    assert asked.status_code == 200 and _db_snapshot(app) == before
    box = soup(asked).select_one("form.confirm-undo")
    words = box.get_text(" ", strip=True)
    assert "Отмена изменит законченный кон" in words and "Анфиса: 2 → 0" in words
    # «cancel» is a link back to the table: nothing was stored
    assert box.select_one("a.button")["href"] == edit
    # another phone moves in between: the «yes» drawn before it is refused, nothing stored
    other = _db_snapshot(app)
    client.post(edit + "/undo", data={**form_data(asked, "form.confirm-undo"), "n": "3"})
    assert _db_snapshot(app) == other
    resp = _yes(client, edit, asked)
    assert resp.status_code == 302 and totals(client, edit) == ["0", "0"]
    # the hand waits for its tiles left again; undoing a move in play asks nothing
    page = client.get(edit)
    assert soup(page).select_one("form.left-form") is not None
    resp = _undo(client, edit)
    assert resp.status_code == 302
    assert len(client.get(edit + "/export").get_json()["hands"][0]["turns"]) == 12


def test_an_undo_that_changes_the_match_winner_says_so_and_a_stale_yes_asks_again(app, client):
    edit = new_match(client, options=dict(TRAD_OPTIONS, opt_target="100"))
    enter_result(client, edit, "Анфиса", {1: "60"})
    enter_result(client, edit, "Анфиса", {1: "45"})  # 105: Анфиса wins
    client.get("/lang/en")
    asked = _undo(client, edit)
    box = soup(asked).select_one("form.confirm-undo").get_text(" ", strip=True)
    assert "Undo removes a whole hand: hand 2 entered by its result" in box
    assert "Анфиса: 105 → 60" in box and "Анфиса no longer wins the match" in box
    before = _db_snapshot(app)
    # a «yes» that names another change (the form of an older question) is asked again
    data = form_data(asked, "form.confirm-undo")
    resp = client.post(edit + "/undo", data={**data, "confirm": "1"})
    assert resp.status_code == 200 and soup(resp).select_one("form.confirm-undo")
    assert _db_snapshot(app) == before
    assert _yes(client, edit, asked).status_code == 302
    assert totals(client, edit) == ["60", "0"]


def test_a_correction_that_changes_no_total_still_asks_and_yes_confirms_that_very_hand(app, client):
    edit = new_match(client)
    enter_result(client, edit, "Анфиса", {1: "40"})
    enter_result(client, edit, "Всеволод", {0: "30"})
    before = _db_snapshot(app)
    resp = correct(client, edit, 1, {"left_1": ["6:6", "5:5", "4:4", "4:6"], "pips_1": ""})  # still 40 pips
    assert resp.status_code == 200 and _db_snapshot(app) == before
    box = soup(resp).select_one(".confirm").get_text(" ", strip=True)
    assert "Итоги не меняются" in box and "Победителя матча по-прежнему нет" in box
    # the fields edited after the question: «yes» is for the hand that was asked about
    data = all_fields(resp, "form.correct-form")
    data["left_1"], data["pips_1"] = [], "30"
    resp2 = client.post(edit + "/hand/1/correct", data=data)
    assert resp2.status_code == 200 and "Анфиса: 40 → 30" in soup(resp2).select_one(".confirm").get_text()
    assert _db_snapshot(app) == before
    resp3 = client.post(edit + "/hand/1/correct", data=all_fields(resp2, "form.correct-form"))
    assert resp3.status_code == 302
    assert totals(client, edit) == ["30", "30"]


# -- confirmations ------------------------------------------------------------------------------

def _settings(client, edit, **fields):
    page = client.get(edit + "/players")
    data = form_data(page, "form:not([action])")
    for inp in soup(page).select('input[name^="name_"]'):
        data[inp["name"]] = inp["value"]
    data.update(fields)
    return client.post(edit + "/players", data=data)


def test_opponent_confirms_or_disputes_a_hand(app, client):
    edit = new_match(client)
    enter_result(client, edit, "Анфиса", {1: "40"})
    page = client.get(edit + "/score")
    assert soup(page).select_one("form.confirm-form") is None  # not asked for: no buttons
    forms = {i["name"]: i.get("value", "") for i in soup(page).select("form.rematch input[type=hidden]")}
    before = _db_snapshot(app)
    resp = client.post(edit + "/hand/1/confirm", data={**forms, "n": "1", "by": "Всеволод",
                                                      "verdict": "confirmed"})
    assert resp.status_code == 400 and _db_snapshot(app) == before
    assert _settings(client, edit, confirm_hands="1").status_code == 302
    page = soup(client.get(edit + "/score"))
    assert page.select_one(".verdict.unconfirmed")
    form = page.select_one("form.confirm-form")
    data = {i["name"]: i.get("value", "") for i in form.select("input[type=hidden]")}
    resp = client.post(edit + "/hand/1/confirm", data={**data, "by": "Всеволод", "verdict": "disputed"})
    assert resp.status_code == 302
    page = soup(client.get(edit + "/score"))
    assert "Всеволод" in page.select_one(".verdict.disputed").get_text()
    # a disputed hand links to the rule pages and the step-through, and they open
    disputed = page.select_one("span.verdict.disputed")
    rules = disputed.select_one('a[href*="/rules/"]')["href"]
    step = disputed.select_one('a[href*="/hands/1/step/0"]')["href"]
    assert client.get(rules).status_code == 200 and client.get(step).status_code == 200
    # a correction of the hand asks for a new word
    correct(client, edit, 1, {"pips_1": "41"}, confirm=True)
    assert soup(client.get(edit + "/score")).select_one("tr#hand-1 .verdict.unconfirmed")


# -- players, renames, rematches, archive -------------------------------------------------------

def test_rename_keeps_the_old_name_in_the_log_and_shows_the_new_one_everywhere(app, client):
    edit = new_match(client)
    enter_result(client, edit, "Анфиса", {1: "40"})
    resp = _settings(client, edit, name_0="Аня")
    assert resp.status_code == 302
    record = client.get(edit + "/export").get_json()
    assert record["players"] == ["Аня", "Всеволод"]
    assert record["hands"][0]["result"]["out"] == "Аня"
    assert "Анфиса" in soup(client.get(edit + "/audit")).select_one("li.audit-rename").get_text()
    # a name the setup form refuses is refused here too, nothing stored
    before = _db_snapshot(app)
    for bad in ("Всеволод", "всеволод", "", "x" * 40, "a\u202eb"):
        assert _settings(client, edit, name_0=bad).status_code in (400, 409), bad
        assert _db_snapshot(app) == before


def test_rematch_keeps_or_moves_the_seats_and_the_options(client):
    edit = new_match(client, players=("А", "Б", "В"), options=dict(TRAD_OPTIONS, opt_target="150"))
    page = client.get(edit + "/score")
    assert soup(page).select_one("form.rematch") is None  # only a finished match offers it
    enter_result(client, edit, "А", {1: "100", 2: "60"})
    page = client.get(edit + "/score")
    form = soup(page).select_one("form.rematch")
    data = {i["name"]: i.get("value", "") for i in form.select("input[type=hidden]")}
    new = client.post(edit + "/rematch", data={**data, "seats": "rotated"}).headers["Location"]
    rec = client.get(new + "/export").get_json()
    assert rec["players"] == ["Б", "В", "А"] and rec["options"]["target"] == 150 and rec["hands"] == []
    new2 = client.post(edit + "/rematch", data={**data, "seats": "kept"}).headers["Location"]
    assert client.get(new2 + "/export").get_json()["players"] == ["А", "Б", "В"]


def test_archive_hides_a_match_and_brings_it_back(app, client):
    edit = new_match(client)
    enter_result(client, edit, "Анфиса", {1: "40"})
    assert len(soup(client.get("/")).select("li.match")) == 1
    page = client.get(edit + "/players")
    form = soup(page).select_one('form[action$="/archive"]')
    data = {i["name"]: i.get("value", "") for i in form.select("input[type=hidden]")}
    assert data["archived"] == "1"
    events_before = _db_snapshot(app)[1]
    client.post(edit + "/archive", data=data)
    assert soup(client.get("/")).select("li.match") == []
    archived = soup(client.get("/?archived=1")).select("li.match")
    assert len(archived) == 1 and "40" not in archived[0].get_text()
    assert _db_snapshot(app)[1] == events_before  # nothing deleted
    client.post(edit + "/archive", data={**data, "archived": "0"})
    assert len(soup(client.get("/")).select("li.match")) == 1


def test_match_list_names_the_leader_and_the_winner(client):
    edit = new_match(client)
    enter_result(client, edit, "Всеволод", {0: "40"})
    item = soup(client.get("/")).select_one("li.match").get_text(" ", strip=True)
    assert "Всеволод" in item.split("·")[-1]
    enter_result(client, edit, "Всеволод", {0: "70"})
    item = soup(client.get("/")).select_one("li.match").get_text(" ", strip=True)
    assert "победа: Всеволод" in item


# -- statistics against a recount from the records -----------------------------------------------
#
# The recount below is the test's own: it scores the seeded records' hands by the rules as the
# brief states them (credit: the player out takes every other player's pips, a block the unique
# fewest the difference; «козёл»: each loser writes his own pips, the one out or the unique
# fewest of a block nothing, a tied block everyone's own; the match ends at the target for the
# single highest, at the limit for the single lowest, and who reached the limit is the «козёл»).
# It never calls the engine or the app's statistics.

NAMES = ["Анфиса", "Всеволод", "Жан", "Стас"]
KINDS = {"credit": {"target": 100}, "kozel": {"scoring": "kozel", "limit": 101}}


def _score_hand(kind: str, players: list[str], out: str | None, left: dict) -> tuple[dict, str | None]:
    """(points per player, the hand's winner) by the rules, from the pips left."""
    pts = {p: 0 for p in players}
    if out is not None:
        winner = out
    else:
        fewest = min(left.values())
        who = [p for p in players if left[p] == fewest]
        winner = who[0] if len(who) == 1 else None
    if kind == "credit":
        if winner is not None:
            pts[winner] = sum(v for p, v in left.items() if p != winner) - (left.get(winner, 0) if out is None else 0)
    else:
        for p in players:
            if p != winner:
                pts[p] = left.get(p, 0)
    return pts, winner


def _decided(kind: str, totals: dict) -> tuple[list[str], list[str]]:
    """(the match winners, the «козлы»): empty while the match goes on."""
    goal = 100 if kind == "credit" else 101
    if max(totals.values()) < goal:
        return [], []
    best = (max if kind == "credit" else min)(totals.values())
    who = [p for p, v in totals.items() if v == best]
    if len(who) != 1:
        return [], []
    return who, ([p for p, v in totals.items() if v >= goal] if kind == "kozel" else [])


def _seeded_records(seed: int, n: int) -> list[dict]:
    """Whole and unfinished matches of random result-only hands (outs and blocks, ties among
    them), credit and «козёл» scoring, traditional and blitz, as game records."""
    rng = random.Random(seed)
    out = []
    for k in range(n):
        kind = "kozel" if k % 3 == 2 else "credit"
        variant = "blitz" if kind == "credit" and k % 2 else "traditional"
        players = rng.sample(NAMES, 4 if variant == "blitz" else rng.choice((2, 3, 4)))  # blitz: 4 to 8
        hands: list[dict] = []
        totals = {p: 0 for p in players}
        while not _decided(kind, totals)[0] and len(hands) < 40:
            if rng.random() < 0.25:  # a block: everybody shows his pips (ties happen)
                left = {p: rng.randint(3, 12) for p in players}
                hands.append({"result": {"out": None, "left": left}})
                pts, _w = _score_hand(kind, players, None, left)
            else:
                out_p = rng.choice(players)
                left = {p: rng.randint(1, 30) for p in players if p != out_p}
                hands.append({"result": {"out": out_p, "left": left}})
                pts, _w = _score_hand(kind, players, out_p, left)
            for p in players:
                totals[p] += pts[p]
        if rng.random() < 0.3:
            hands = hands[:-1]  # a match not finished
        out.append({"format": "referee-record/1", "variant": variant, "players": players,
                    "options": dict(KINDS[kind]), "hands": hands, "_kind": kind})
    return out


def _recount(records: list[dict], name: str) -> dict:
    """A player page's figures, per variant and in all, recounted from the records."""
    zero = {"matches": 0, "won": 0, "finished": 0, "hands": 0, "hands_won": 0, "points": 0, "kozel": 0}
    per: dict = {}
    h2h: dict = {}
    for r in records:
        players = r["players"]
        if name not in players:
            continue
        kind = r["_kind"]
        row = per.setdefault(r["variant"], dict(zero))
        totals = {p: 0 for p in players}
        winners: list[str] = []
        goats: list[str] = []
        for h in r["hands"]:
            res = h["result"]
            pts, winner = _score_hand(kind, players, res["out"], res["left"])
            row["hands"] += 1
            row["hands_won"] += winner == name
            row["points"] += pts[name]
            for p in players:
                totals[p] += pts[p]
            winners, goats = _decided(kind, totals)
        row["matches"] += 1
        row["finished"] += bool(winners)
        row["won"] += name in winners
        row["kozel"] += name in goats
        for other in players:
            if other != name:
                cell = h2h.setdefault(other, [0, 0, 0])
                cell[0] += 1
                cell[1] += bool(winners) and name in winners and other not in winners
                cell[2] += bool(winners) and other in winners and name not in winners
    total = dict(zero)
    for row in per.values():
        for k in total:
            total[k] += row[k]
    return {"per": per, "total": total, "h2h": h2h}


def _import(client, records: list[dict]) -> None:
    import json

    for r in records:
        page = client.get("/import")
        data = form_data(page, "form")
        data["text"] = json.dumps({k: v for k, v in r.items() if not k.startswith("_")}, ensure_ascii=False)
        resp = client.post("/import", data=data)
        assert resp.status_code == 302, soup(resp).get_text(" ", strip=True)[:300]


def test_the_recount_knows_the_rules():
    """The test's own scoring, on hands worked out by hand."""
    assert _score_hand("credit", ["A", "B", "C"], "A", {"B": 10, "C": 5}) == ({"A": 15, "B": 0, "C": 0}, "A")
    assert _score_hand("credit", ["A", "B"], None, {"A": 4, "B": 10}) == ({"A": 6, "B": 0}, "A")
    assert _score_hand("credit", ["A", "B"], None, {"A": 4, "B": 4}) == ({"A": 0, "B": 0}, None)
    assert _score_hand("kozel", ["A", "B", "C"], "A", {"B": 10, "C": 5}) == ({"A": 0, "B": 10, "C": 5}, "A")
    assert _score_hand("kozel", ["A", "B"], None, {"A": 4, "B": 4}) == ({"A": 4, "B": 4}, None)
    assert _decided("kozel", {"A": 101, "B": 30, "C": 120}) == (["B"], ["A", "C"])
    assert _decided("credit", {"A": 100, "B": 100}) == ([], [])


def test_player_statistics_agree_with_a_recount_of_the_records(client):
    records = _seeded_records(7, 18)
    # and a «козёл» match where two players pass the limit on the same hand: two «козлы»
    two = [{"result": {"out": "Жан", "left": {"Анфиса": 30, "Всеволод": 30}}}] * 3 + \
        [{"result": {"out": "Жан", "left": {"Анфиса": 20, "Всеволод": 25}}}]
    records.append({"format": "referee-record/1", "variant": "traditional", "players": ["Анфиса", "Всеволод", "Жан"],
                    "options": dict(KINDS["kozel"]), "hands": two, "_kind": "kozel"})
    assert {r["_kind"] for r in records} == {"credit", "kozel"}
    _import(client, records)
    from referee.web import players

    # the list of this browser (a browser knows the matches it started or opened)
    cookie = "session=" + client.get_cookie("session").value
    with client.application.test_request_context(headers={"Cookie": cookie}):
        from referee.web.matches import known_matches
        from referee.web import get_db

        facts = players.all_facts(known_matches(get_db()))
    keys = ("matches", "won", "finished", "hands", "hands_won", "points", "kozel")
    goats_seen = 0
    for name in NAMES:
        want = _recount(records, name)
        s = players.player_stats(name, facts)
        assert {k: s["total"][k] for k in keys} == want["total"], name
        assert {v: {k: row[k] for k in keys} for v, row in s["per_variant"].items()} == want["per"], name
        assert {o: [r["matches"], r["won"], r["lost"]] for o, r in s["h2h"].items()} == want["h2h"], name
        goats_seen += want["total"]["kozel"]
        # the page says the same: its figures and its head-to-head rows
        page = soup(client.get(f"/players/{name}"))
        assert len(page.select("ul.h2h li")) == len(want["h2h"])
        t = want["total"]
        per_hand = str(round(t["points"] / t["hands"], 1)) if t["hands"] else "—"
        chips = [b.get_text(strip=True) for b in page.select(".stat-chips b")]
        assert chips == [str(t["matches"]), str(t["won"]), str(t["hands"]), per_hand] + \
            ([str(t["kozel"])] if t["kozel"] else []), (name, chips)
        # and the CSV: a row per hand played, the points summed
        rows = list(csv.reader(io.StringIO(client.get(f"/players/{name}.csv").get_data(as_text=True).lstrip("\ufeff"))))
        assert rows[0][0] == "match"
        assert sum(int(r[5]) for r in rows[1:]) == want["total"]["points"]
        assert len(rows) - 1 == want["total"]["hands"]
    assert goats_seen > 0  # the seeded set has «козлы» to count
    assert client.get("/players/Никто").status_code == 404


def test_scoresheet_marks_a_corrected_hand_and_prints_the_audit(client):
    from pypdf import PdfReader

    edit = new_match(client)
    enter_result(client, edit, "Анфиса", {1: "40"})
    correct(client, edit, 1, {"pips_1": "20"}, confirm=True)
    resp = client.get(edit + "/sheet.pdf?lang=ru")
    assert resp.status_code == 200
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(resp.data)).pages)
    assert "исправлен" in text and "40 → 20" in text
    resp = client.get(edit + "/sheet.pdf?lang=en")
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(resp.data)).pages)
    assert "corrected" in text and "Changed after it was entered" in text


def test_audit_from_the_read_only_link_shows_no_edit_key(client):
    edit = new_match(client)
    enter_result(client, edit, "Анфиса", {1: "40"})
    correct(client, edit, 1, {"pips_1": "20"}, confirm=True)
    share = soup(client.get(edit + "/share"))
    view = next(a["href"] for a in share.select("a") if "/s/" in a.get("href", ""))
    view_path = "/s/" + view.split("/s/")[1].split("/")[0]
    resp = client.get(view_path + "/audit")
    assert resp.status_code == 200
    key = edit.split("/m/")[1]
    assert key not in resp.get_data(as_text=True)
    assert "40 → 20" in resp.get_data(as_text=True)


def test_referee_csv_exports_every_match_on_the_server(app, client, tmp_path, capsys):

    from referee.cli import main

    _import(client, _seeded_records(3, 4))
    out = tmp_path / "all.csv"
    assert main(["csv", "--database", app.config["DATABASE"], "--output", str(out), "--lang", "en"]) == 0
    rows = list(csv.reader(io.StringIO(out.read_text(encoding="utf-8-sig"))))
    web = list(csv.reader(io.StringIO(client.get("/players/all.csv").get_data(as_text=True).lstrip("\ufeff"))))
    assert rows == web and len(rows) > 1
    assert "4 matches" in capsys.readouterr().err
    assert main(["csv", "--database", str(tmp_path / "none.db")]) == 4
    assert not (tmp_path / "none.db").exists()


def test_every_change_of_a_matchs_life_refused_changes_nothing_stored(app, client):
    """Each POST route of a match's life refused (a form without its token, drawn before another
    phone's change, or saying what cannot be): the whole stored database is as it was."""
    edit = new_match(client, options=dict(TRAD_OPTIONS, opt_target="100"))
    enter_result(client, edit, "Анфиса", {1: "40"})
    assert _settings(client, edit, confirm_hands="1").status_code == 302
    enter_result(client, edit, "Анфиса", {1: "65"})  # over: the rematch is offered
    page = client.get(edit + "/score")
    token = form_data(page, "form.rematch")["csrf_token"]
    n = str(len(client.get(edit + "/export").get_json()["log"]))
    fixing = all_fields(client.get(edit + "/hand/1/correct"), "form.correct-form")
    before = _db_snapshot(app)
    refused = [
        # no token / a forged one
        ("/hand/1/correct", {**fixing, "csrf_token": "x", "pips_1": "4"}),
        ("/hand/1/confirm", {"n": n, "by": "Всеволод", "verdict": "confirmed"}),
        ("/players", {"n": n, "name_0": "Аня", "name_1": "Всеволод"}),
        ("/archive", {"archived": "1"}),
        ("/rematch", {"seats": "kept"}),
        ("/undo", {"n": n, "confirm": "99"}),
        # drawn before another phone's change
        ("/hand/1/correct", {**fixing, "n": "1", "pips_1": "4", "confirm": "x"}),
        ("/hand/1/confirm", {"csrf_token": token, "n": "1", "by": "Всеволод", "verdict": "confirmed"}),
        ("/players", {"csrf_token": token, "n": "1", "name_0": "Аня", "name_1": "Всеволод"}),
        ("/undo", {"csrf_token": token, "n": "1"}),
        # what cannot be
        ("/hand/1/confirm", {"csrf_token": token, "n": n, "by": "Никто", "verdict": "confirmed"}),
        ("/hand/1/confirm", {"csrf_token": token, "n": n, "by": "Всеволод", "verdict": "maybe"}),
        ("/hand/9/confirm", {"csrf_token": token, "n": n, "by": "Всеволод", "verdict": "confirmed"}),
        ("/hand/9/correct", {**fixing, "pips_1": "4"}),
        ("/hand/1/correct", {**fixing, "pips_1": "4", "left_1": ["1:1"]}),
        ("/players", {"csrf_token": token, "n": n, "name_0": "Всеволод", "name_1": "Всеволод"}),
    ]
    for path, data in refused:
        resp = client.post(edit + path, data=data)
        assert resp.status_code in (400, 404, 409, 422), (path, data, resp.status_code)
        assert _db_snapshot(app) == before, (path, data)
    # and a question asked is not a change: the undo and the correction that ask store nothing
    assert client.post(edit + "/undo", data=form_data(client.get(edit), "#undo-form")).status_code == 200
    assert client.post(edit + "/hand/1/correct", data={**fixing, "pips_1": "4"}).status_code == 200
    assert _db_snapshot(app) == before


def test_players_form_refuses_a_missing_name_in_either_language_and_stores_nothing(app, client):
    """The players' form (names, one per seat) refuses an empty name, a blank one and a seat
    left out, saying why on the page in the reader's language; nothing stored changes."""
    edit = new_match(client)
    for lang, words in (("ru", "У каждого игрока должно быть имя."), ("en", "Every player needs a name.")):
        client.set_cookie("lang", lang)
        data = form_data(client.get(edit + "/players"), "form:not([action])")
        before = _db_snapshot(app)
        for names in ({"name_0": "", "name_1": "Всеволод"}, {"name_0": "   ", "name_1": "Всеволод"},
                      {"name_1": "Всеволод"}):
            resp = client.post(edit + "/players", data={**data, **names, "confirm_hands": "1"})
            assert resp.status_code == 400
            assert soup(resp).select_one(".problem").get_text(" ", strip=True).startswith(words)
            assert _db_snapshot(app) == before


def test_confirm_form_refuses_a_stranger_or_an_unknown_verdict_in_either_language(app, client):
    """The form of an opponent's word on a hand takes one of the match's players and one of
    the two verdicts; anything else is refused in the reader's language and stores nothing."""
    edit = new_match(client)
    enter_result(client, edit, "Анфиса", {1: "40"})
    assert _settings(client, edit, confirm_hands="1").status_code == 302
    for lang, words in (("ru", "Выберите игрока из списка."), ("en", "Choose a player from the list.")):
        client.set_cookie("lang", lang)
        form = soup(client.get(edit + "/score")).select_one("form.confirm-form")
        data = {i["name"]: i.get("value", "") for i in form.select("input[type=hidden]")}
        before = _db_snapshot(app)
        for sent in ({"by": "Никто", "verdict": "confirmed"}, {"by": "Всеволод", "verdict": "maybe"},
                     {"verdict": "confirmed"}, {"by": "Всеволод"}):
            resp = client.post(edit + "/hand/1/confirm", data={**data, **sent})
            assert resp.status_code == 400 and words in soup(resp).get_text(" ", strip=True)
            assert _db_snapshot(app) == before


@pytest.mark.parametrize("lang,words", [
    ("ru", ["Выберите игрока из списка.", "Поле слишком длинное; ничего не изменено.",
            "Ход записан слишком длинно; ничего не изменено.", "Одна кость введена дважды (Всеволод)."]),
    ("en", ["Choose a player from the list.", "A field is too long; nothing was changed.",
            "A move is too long; nothing was changed.", "A tile was entered twice (Всеволод)."])])
def test_a_correction_of_turns_refuses_bad_input_in_words_and_stores_nothing(app, client, lang, words):
    """A hand played move by move, corrected: a turn's player not of the match, a field too
    long, a move too long, a tile left twice are refused in the page's language (a turn's
    fields before the tiles left) and nothing stored changes; an emptied turn is taken out."""
    edit = new_match(client)
    client.post(edit + "/hand", data=form_data(client.get(edit), 'form[action$="/hand"]'))
    for i, mv in enumerate(SEED_MOVES):
        assert tap(client, edit, mv, leader="Анфиса" if i == 0 else None).status_code == 302
    data = form_data(client.get(edit), "form.left-form")
    data["left_1"] = ["1:1"]
    assert client.post(edit + "/left", data=data).status_code == 302
    client.set_cookie("lang", lang)
    bad = [{"turn_player_0": "Зоя", "left_1": ["1:1", "1:1"]}, {"turn_player_2": "x" * 401},
           {"turn_moves_3": "6:2, " + "a" * 81}, {"left_1": ["1:1", "1:1"]}]
    for fields, said in zip(bad, words):
        before = _db_snapshot(app)
        resp = correct(client, edit, 1, fields)
        assert resp.status_code == 400
        assert said in soup(resp).select_one(".problem").get_text(" ", strip=True)
        assert _db_snapshot(app) == before
    # an emptied turn is taken out (and then the engine judges the hand)
    resp = correct(client, edit, 1, {"turn_moves_0": "", "turn_player_0": "Зоя"})
    assert resp.status_code == 422 and _db_snapshot(app) == before
