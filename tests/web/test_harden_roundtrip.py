"""Round trips: an export taken at any moment (mid-turn, a hand waiting for the tiles
left, after an undo) imports again as the same match: every change, undone ones included, with
its time; the export stays a record that `referee check` reads (its ``log`` is an addition)."""

from __future__ import annotations

import json

import pytest

from referee import record as rec
from referee.web import get_db, store
from webhelpers import SEED_MOVES, csrf_of, form_data, new_match, soup, table_form, tap


def post_import(client, text, lang="en"):
    headers = {"Accept-Language": lang}
    page = client.get("/import", headers=headers)
    return client.post("/import", data={"csrf_token": csrf_of(page), "text": text}, headers=headers)


def log_by_key(app, edit):
    with app.app_context():
        m = store.match_by_key(get_db(), edit.rsplit("/", 1)[1], "edit_key")
        return m, [(e["kind"], e["data"], e["at"]) for e in store.events(get_db(), m["id"])]


def round_trip(client, app, edit):
    """Export, import, and the imported match beside the first."""
    exported = client.get(edit + "/export").get_data(as_text=True)
    resp = post_import(client, exported)
    assert resp.status_code == 302, (soup(resp).select_one(".problem[role=alert]"), exported[-600:])
    copy = resp.headers["Location"].removesuffix("/score")
    (m1, log1), (m2, log2) = log_by_key(app, edit), log_by_key(app, copy)
    assert log2 == log1, "every change, undone ones included, with its time"
    assert (m2["variant"], m2["options"], m2["players"], m2["created"], m2["lang"]) == \
        (m1["variant"], m1["options"], m1["players"], m1["created"], m1["lang"])
    again = client.get(copy + "/export").get_json()
    first = json.loads(exported)
    assert again == first, "the copy exports exactly what the first did"
    return copy, first


def steps(client, edit):
    """A hand played with a draw, an undo and a pass-free stretch, yielding after each change."""
    data = form_data(client.get(edit), 'form[action$="/hand"]')
    assert client.post(edit + "/hand", data=data).status_code == 302
    yield "hand"
    for i, mv in enumerate(SEED_MOVES):
        assert tap(client, edit, mv, leader="Анфиса" if i == 0 else None).status_code == 302
        yield mv
        if i == 1:
            form = table_form(client, edit)
            assert client.post(edit + "/move", data={**form, "draw": "1"}).status_code == 302
            yield "draw (the turn stays open)"
            undo = form_data(client.get(edit), "form.undo-form")
            assert client.post(edit + "/undo", data=undo).status_code == 302
            yield "undo"
    data = form_data(client.get(edit), "form.left-form")
    data["left_1"] = ["1:1"]
    assert client.post(edit + "/left", data=data).status_code == 302
    yield "left"


def test_an_export_taken_after_every_change_imports_as_the_same_match(client, app):
    edit = new_match(client)
    round_trip(client, app, edit)  # no hand yet
    seen = 0
    for _ in steps(client, edit):
        round_trip(client, app, edit)
        seen += 1
    assert seen == len(SEED_MOVES) + 4
    _, record = round_trip(client, app, edit)
    assert [e["kind"] for e in record["log"]].count("undo") == 1


def test_an_export_mid_turn_imports_and_the_table_goes_on(client, app):
    """Blitz: a turn may lay several tiles; exported while it is open, the copy is open too."""
    from referee.rules import catalogue

    players = ("Жан", "Владимир", "Андрей", "Стас", "Дмитрий")
    options = {f"opt_{o.key}": "" if o.default_for(5, {}) is None else str(o.default_for(5, {}))
               for o in catalogue.spec("blitz").options}
    edit = new_match(client, "blitz", players, options)
    data = form_data(client.get(edit), 'form[action$="/hand"]')
    assert client.post(edit + "/hand", data=data).status_code == 302
    assert tap(client, edit, "1:1", leader="Жан").status_code == 302
    copy, record = round_trip(client, app, edit)
    assert record["log"][-1]["data"]["open"] is True  # Жан may lay more
    page1, page2 = soup(client.get(edit)), soup(client.get(copy))
    assert page2.select_one(".turn .to-move").get_text() == "Жан"
    assert page1.select_one(".bar").get_text(" ", strip=True) == page2.select_one(".bar").get_text(" ", strip=True)


def test_the_export_is_still_a_record_for_referee_check(client, app):
    edit = new_match(client)
    for _ in steps(client, edit):
        pass
    record = client.get(edit + "/export").get_json()
    code, out = rec.check(record, "en")[:2]
    assert code == 0 and out["totals"] == {"Анфиса": 2, "Всеволод": 0}


@pytest.mark.parametrize("damage", [
    lambda r: r["log"].pop(),  # the log no longer rebuilds the hands
    lambda r: r["log"].append({"kind": "move", "data": {"player": "Никто", "token": "1:1"}, "at": r["log"][0]["at"]}),
    lambda r: r["log"][0].update(at="yesterday"),
    lambda r: r["log"][0].update(kind="erase"),
    lambda r: r["log"][1]["data"].update(extra=1),
    lambda r: r.update(log={"not": "a list"}),
    lambda r: r["log"].insert(1, {"kind": "undo", "data": {}, "at": r["log"][0]["at"]}),
])
def test_a_damaged_log_is_refused_and_nothing_is_stored(client, app, damage):
    edit = new_match(client)
    steps_ = steps(client, edit)
    for _ in range(4):
        next(steps_)
    record = client.get(edit + "/export").get_json()
    damage(record)
    with app.app_context():
        before = len(store.list_matches(get_db()))
    resp = post_import(client, json.dumps(record, ensure_ascii=False))
    assert resp.status_code == 400
    assert soup(resp).select_one(".problem[role=alert]") is not None
    with app.app_context():
        assert len(store.list_matches(get_db())) == before


def test_an_illegal_log_is_refused_in_words(client, app):
    edit = new_match(client)
    steps_ = steps(client, edit)
    for _ in range(3):
        next(steps_)
    record = client.get(edit + "/export").get_json()
    record["log"][-1]["data"]["token"] = "3:3"  # 3:3 does not fit on 6:6 ...
    record["hands"][0]["turns"][-1]["moves"][-1] = "3:3"  # ... however the hands say it
    resp = post_import(client, json.dumps(record, ensure_ascii=False))
    assert resp.status_code == 400
    assert "3:3" in soup(resp).select_one(".problem[role=alert]").get_text()


def test_a_match_with_a_renamed_player_moves_whole(client, app):
    """A match's renames travel in the log too: the
    moves before the rename name the player as he was."""
    edit = new_match(client)
    for i, _ in enumerate(steps(client, edit)):
        if i == 3:
            break
    page = client.get(edit + "/players")
    data = form_data(page, "form")
    data.update({k: v for k, v in {"name_0": "Аня", "name_1": "Всеволод"}.items()})
    assert client.post(edit + "/players", data=data).status_code == 302
    copy, record = round_trip(client, app, edit)
    assert record["players"] == ["Аня", "Всеволод"]
    assert [e["kind"] for e in record["log"]].count("rename") == 1
    assert record["log"][1]["data"]["player"] == "Анфиса"  # as he was when he moved
