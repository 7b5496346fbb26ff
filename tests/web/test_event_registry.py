"""One registry of what a match's log may hold (``referee.matches.events``): every kind of change
the app writes, made through the app, exported and imported again, is the same match; the
export fits the published schema; a crafted change of every kind is refused by the import with
400 and the reason in the page's language, never a 500, nothing stored; the log reader, the
import, the audit and the schema read the same list of kinds."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import jsonschema
import pytest

from referee.matches import events as kinds
from referee.matches import replay, turns
from referee.web import get_db, store
from test_life import _db_snapshot, _settings, correct, enter_result, played_seed
from webhelpers import form_data, new_match, soup

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "docs" / "record.schema.json").read_text("utf-8"))


def _state(app, edit: str):
    with app.app_context():
        m = store.match_by_key(get_db(), edit.rsplit("/", 1)[1], "edit_key")
        return m, replay.replay(m, store.events(get_db(), m["id"]))


def _post(client, edit: str, path: str, data: dict) -> None:
    resp = client.post(edit + path, data={**form_data(client.get(edit), "form.picker-form, #undo-form"), **data})
    assert resp.status_code in (200, 302), (path, data, soup(resp).get_text(" ", strip=True)[:300])


def _play_with_the_deal(app, client, edit: str, rng: random.Random) -> None:
    """A hand with the deal entered, played by random legal moves through the table (the turn
    closed by «end of turn» where the rules leave it open)."""
    from referee.rules.playout import END_TURN, _random_draw, choices, random_deal
    from referee.rules.tiles import tile_str
    from referee.matches.replay import phase

    m, state = _state(app, edit)
    deal, _removed, _starter = random_deal(replay.rules_of(m), len(m["players"]), rng)
    _post(client, edit, "/hand", {f"deal_{s}": " ".join(tile_str(t) for t in tiles) for s, tiles in enumerate(deal)})
    for _ in range(300):
        m, state = _state(app, edit)
        if phase(state) != "play":
            return
        h = turns.clone(state.live)
        data = {}
        if h.to_move is None:
            lead = rng.randrange(len(m["players"]))
            h.set_leader(lead)
            data["leader"] = m["players"][lead]
        if h.turn_open and h.t_laid:
            data["more"] = "1"  # «he lays more» tapped first
        tok = rng.choice(choices(h))
        if tok == END_TURN:
            _post(client, edit, "/end-turn", {})
        else:
            _post(client, edit, "/move", {**data, "token": _random_draw(h, rng) if tok == "draw" else tok})


def _every_kind(app, client) -> str:
    """A match whose log holds every kind of change, each made through the app's pages."""
    edit = played_seed(client)
    enter_result(client, edit, "Всеволод", {0: "7"})
    asked = client.post(edit + "/undo", data=form_data(client.get(edit), "#undo-form"))
    assert client.post(edit + "/undo", data=form_data(asked, "form.confirm-undo")).status_code == 302
    assert client.post(edit + "/redo", data=form_data(client.get(edit), "#redo-form")).status_code == 302
    assert correct(client, edit, 2, {"pips_0": "9"}, confirm=True).status_code == 302
    _play_with_the_deal(app, client, edit, random.Random(3))
    assert _settings(client, edit, confirm_hands="1", name_1="Сева").status_code == 302
    page = soup(client.get(edit + "/score"))
    form = page.select_one("form.confirm-form")
    fields = {i["name"]: i.get("value", "") for i in form.select("input[type=hidden]")}
    assert client.post(form["action"], data={**fields, "by": "Сева", "verdict": "disputed"}).status_code == 302
    return edit


def _several_tiles_a_turn(app, client) -> str:
    """Blitz, four players, the deal entered: hands played until a turn was closed by «end of
    turn» (a player who may lay more says he is done)."""
    from referee.rules import catalogue

    players = ("Жан", "Владимир", "Андрей", "Стас")
    options = {f"opt_{o.key}": "" if o.default_for(4, {}) is None else str(o.default_for(4, {}))
               for o in catalogue.spec("blitz").options}
    edit = new_match(client, "blitz", players, options)
    rng = random.Random(5)
    for _ in range(8):
        _play_with_the_deal(app, client, edit, rng)
        if any(e["kind"] == "end_turn" for e in client.get(edit + "/export").get_json()["log"]):
            break
    return edit


def _import(client, record: dict):
    data = dict(form_data(client.get("/import"), "form"), text=json.dumps(record, ensure_ascii=False))
    return client.post("/import", data=data)


def _same(a: dict, b: dict) -> None:
    for k in ("variant", "options", "players", "hands", "lang", "created"):
        assert a[k] == b[k], k
    assert [(e["kind"], e["data"], e["at"]) for e in a["log"]] == [(e["kind"], e["data"], e["at"]) for e in b["log"]]


def test_every_kind_the_app_writes_is_in_the_registry_and_imports_again(app, client):
    written: set[str] = set()
    for edit in (_every_kind(app, client), _several_tiles_a_turn(app, client)):
        record = client.get(edit + "/export").get_json()
        written |= {e["kind"] for e in record["log"]}
        jsonschema.Draft202012Validator(SCHEMA).validate(record)  # the published schema takes it
        resp = _import(client, record)
        assert resp.status_code == 302, soup(resp).get_text(" ", strip=True)[:400]
        copy_of = resp.headers["Location"].rsplit("/", 1)[0]
        _same(record, client.get(copy_of + "/export").get_json())
        for path in ("/score", "", "/audit"):  # the imported match's pages answer
            assert client.get(copy_of + path).status_code == 200
        original = soup(client.get(edit + "/audit")).select("ol.audit > li")
        imported = soup(client.get(copy_of + "/audit")).select("ol.audit > li")
        assert [li.get_text(" ", strip=True) for li in original] == [li.get_text(" ", strip=True) for li in imported]
    assert written == set(kinds.KINDS)  # the app writes each kind of the registry, and no other


#: for each kind, data the app never writes (odd shapes, wrong types, out of range)
CRAFTED = {
    "hand": [{"deal": "x"}, {"lead": "Никто"}, {"removed": 5}, {"extra": 1}, {"deal": {"Анфиса": ["9:9"]}}],
    "move": [{}, {"player": "Никто", "token": "6:6"}, {"player": "Анфиса", "token": 66},
             {"player": "Анфиса", "token": "nonsense!"}, {"player": "Анфиса", "token": "6:6", "open": "yes"}],
    "end_turn": [{"x": 1}],
    "left": [{}, {"left": []}, {"left": {"Никто": 3}}, {"left": {"Анфиса": ["7:7"]}}, {"left": {"Анфиса": True}}],
    "result": [{}, {"result": "x"}, {"result": {"out": "Никто"}}, {"result": {"left": {"Анфиса": "x"}}}],
    "undo": [{"what": 1}],
    "redo": [{"what": 1}],
    "correct": [{}, {"hand": 99, "record": {}, "was": {}}, {"hand": -1, "record": {}, "was": {}},
                {"hand": "1", "record": {}, "was": {}}, {"hand": 1, "record": [], "was": {}},
                {"hand": 1, "record": {"turns": "x"}, "was": {}}, {"hand": 1, "record": {}, "was": {}, "via": "x"}],
    "rename": [{}, {"seat": 9, "from": "Анфиса", "to": "Аня"}, {"seat": "0", "from": "Анфиса", "to": "Аня"},
               {"seat": 0, "from": "Анфиса", "to": ""}, {"seat": 0, "from": "Анфиса", "to": "Всеволод"}],
    "confirm": [{}, {"hand": "x", "by": "Анфиса", "verdict": "confirmed"},
                {"hand": [1], "by": "Анфиса", "verdict": "confirmed"}, {"hand": 1, "by": "Анфиса"},
                {"hand": 1, "by": "Никто", "verdict": "confirmed"}, {"hand": 99, "by": "Анфиса", "verdict": "confirmed"},
                {"hand": -1, "by": "Анфиса", "verdict": "confirmed"}, {"hand": 1, "by": "Анфиса", "verdict": "maybe"}],
}


def _crafted_records():
    base = {"format": "referee-record/1", "variant": "traditional", "players": ["Анфиса", "Всеволод"],
            "options": {"target": 101}, "created": "2026-01-01T10:00:00+00:00",
            "hands": [{"result": {"out": "Анфиса", "left": {"Всеволод": 12}}}],
            "log": [{"kind": "result", "data": {"result": {"out": "Анфиса", "left": {"Всеволод": 12}}},
                     "at": "2026-01-01T10:01:00+00:00"}]}
    for kind, datas in CRAFTED.items():
        for data in datas:
            r = copy.deepcopy(base)
            r["log"].append({"kind": kind, "data": data, "at": "2026-01-01T10:02:00+00:00"})
            yield pytest.param(kind, r, id=f"{kind}-{json.dumps(data, ensure_ascii=False)[:40]}")


def test_crafted_data_of_every_kind_is_in_the_list():
    assert set(CRAFTED) == set(kinds.KINDS)


def test_the_schema_and_the_log_reader_read_the_registry():
    from referee.matches import log

    item = SCHEMA["properties"]["log"]["items"]
    assert item["properties"]["kind"]["enum"] == list(kinds.KINDS)
    assert [c["if"]["properties"]["kind"]["const"] for c in item["allOf"]] == list(kinds.KINDS)
    assert log.UNDOABLE | log.LASTING | {"undo", "redo"} == set(kinds.KINDS)
    # the schema refuses what a type tells: a confirmation whose hand is not a number, a key
    # that its kind does not have
    v = jsonschema.Draft202012Validator(item)
    assert not v.is_valid({"kind": "confirm", "at": "x", "data": {"hand": "x", "by": "A", "verdict": "confirmed"}})
    assert not v.is_valid({"kind": "confirm", "at": "x", "data": {"hand": 1, "by": "A"}})
    assert not v.is_valid({"kind": "undo", "at": "x", "data": {"what": 1}})
    assert v.is_valid({"kind": "confirm", "at": "x", "data": {"hand": 1, "by": "A", "verdict": "disputed"}})


@pytest.mark.parametrize("kind,record", list(_crafted_records()))
def test_a_crafted_change_is_refused_with_its_reason(app, client, kind, record):
    before = _db_snapshot(app)
    for lang, words in (("ru", "изменение 2"), ("en", "change 2")):
        client.get(f"/lang/{lang}")
        resp = _import(client, record)
        assert resp.status_code == 400, soup(resp).get_text(" ", strip=True)[:300]
        problem = soup(resp).select_one(".problem, .error, [role=alert]")
        text = (problem or soup(resp)).get_text(" ", strip=True)
        assert words in text.lower(), text[:300]
        assert _db_snapshot(app) == before


def test_the_same_log_without_the_crafted_change_imports():
    """(The crafted records differ from an accepted one by that change only.)"""
    from referee.matches.log import read_log

    r = next(iter(_crafted_records())).values[1]
    r = dict(r, log=r["log"][:1])
    assert [e["kind"] for e in read_log(r, 10)] == ["result"]
