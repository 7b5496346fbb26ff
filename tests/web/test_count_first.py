"""The viewers' poll of a match's count (``GET /s/<key>/n``) answered before Flask: the same
answer as the view function gives, byte for byte, read from the store each time (another worker's
or node's change is seen at once), and anything else left to Flask."""

from __future__ import annotations

import pytest
from werkzeug.test import Client

from referee import create_app
from referee.web import share, store


@pytest.fixture
def served(database):
    """The app on each database; its client, the same app without the fast answer, and a count of
    the requests Flask itself handled."""
    app = create_app({"DATABASE": database, "SECRET_KEY": "count-secret"})
    assert isinstance(app.wsgi_app, share.CountFirst)
    flask_only = Client(app.wsgi_app.wsgi)
    handled: list[str] = []

    @app.before_request
    def seen() -> None:
        from flask import request

        handled.append(request.path)

    return app, app.test_client(), flask_only, handled, database


def answer(resp):
    return resp.status_code, sorted(resp.headers.items()), resp.get_data()


def test_the_count_is_answered_before_flask_as_flask_answers_it(served):
    app, client, flask_only, handled, database = served
    db = store.open_db(database)
    m = store.create_match(db, "traditional", {}, ["Аня", "Боря"], [("result", {"result": {"out": None}})])
    db.close()
    path = f"/s/{m['view_key']}/n"
    for headers in ({}, {"Accept-Encoding": "gzip", "Accept-Language": "ru"}):
        fast = client.get(path, headers=headers)
        assert fast.get_json() == {"n": 1}
        assert answer(fast) == answer(flask_only.get(path, headers=headers))
    assert handled == [path, path]  # only the Flask-only client's requests reached Flask
    # a browser with a session (it opened the view): still nothing set, nothing read
    client.get(f"/s/{m['view_key']}")
    handled.clear()
    fast = client.get(path)
    assert "Set-Cookie" not in fast.headers
    cookie = client.get_cookie("session")
    assert cookie is not None
    assert answer(fast) == answer(flask_only.get(path, headers={"Cookie": f"session={cookie.value}"}))
    assert handled == [path]


def test_the_count_follows_a_change_made_elsewhere(served):
    app, client, flask_only, handled, database = served
    db = store.open_db(database)
    m = store.create_match(db, "traditional", {}, ["Аня", "Боря"], [])
    first = store.event_count(db, m["id"])
    db.close()
    path = f"/s/{m['view_key']}/n"
    assert client.get(path).get_json() == {"n": first}
    db = store.open_db(database)
    store.append(db, m["id"], first, "result", {"result": {"out": None}})
    db.close()
    assert client.get(path).get_json() == {"n": first + 1}  # never an answer kept from before
    assert handled == []


@pytest.mark.parametrize("path", ["/s/no-such-key/n", "/s/no-such-key/n/", "/s/ключ/n"])
def test_anything_else_goes_to_flask(served, path):
    app, client, flask_only, handled, database = served
    fast = client.get(path)
    assert fast.status_code == 404
    assert answer(fast) == answer(flask_only.get(path))
    assert handled == [path, path]


def test_an_edit_key_is_not_a_view_key(served):
    app, client, flask_only, handled, database = served
    db = store.open_db(database)
    m = store.create_match(db, "traditional", {}, ["Аня", "Боря"], [])
    db.close()
    assert client.get(f"/s/{m['edit_key']}/n").status_code == 404
    assert client.head(f"/s/{m['view_key']}/n").status_code == 200  # HEAD: Flask's, as before
    assert handled == [f"/s/{m['edit_key']}/n", f"/s/{m['view_key']}/n"]


def test_the_count_is_the_logs_through_a_match_s_life(client, app):
    """The poll's count (read from the log's last number) is the log's count and the view's own
    after each kind of change: a hand's start with the forced opening, moves, an undo, a redo, a
    rename; and of an imported match."""
    from bs4 import BeautifulSoup
    from webhelpers import SEED_MOVES, form_data, imported, new_match, tap, view_of

    from referee.web import get_db

    def counts(edit: str) -> tuple[int, int, int]:
        view = view_of(client, edit)
        page = BeautifulSoup(client.get(view).get_data(as_text=True), "html.parser")
        with app.app_context():
            key = edit.rsplit("/m/", 1)[1]
            logged = store.event_count(get_db(), store.match_by_key(get_db(), key, "edit_key")["id"])
        return client.get(view + "/n").get_json()["n"], int(page.select_one('meta[name="follow"]')["data-n"]), logged

    def same(edit: str) -> int:
        poll, page, logged = counts(edit)
        assert poll == page == logged
        return logged

    edit = new_match(client)
    assert same(edit) == 0
    deal = {"deal_0": "3:2 3:3 4:6 1:3 5:6 4:0 6:6", "deal_1": "0:0 2:0 1:1 0:6 2:6 2:1 0:5"}
    data = form_data(client.get(edit + "/deal"), "form.deal-form")
    assert client.post(edit + "/hand", data={**data, **deal}).status_code == 302
    assert same(edit) == 2  # the start and the rules' own opening
    for mv in SEED_MOVES[1:4]:
        assert tap(client, edit, mv).status_code in (200, 302)
    n = same(edit)
    assert n > 2
    assert client.post(edit + "/undo", data=form_data(client.get(edit), "#undo-form")).status_code == 302
    assert same(edit) == n + 1
    assert client.post(edit + "/redo", data=form_data(client.get(edit), "#redo-form")).status_code == 302
    assert same(edit) == n + 2
    with app.app_context():
        m = store.match_by_key(get_db(), edit.rsplit("/m/", 1)[1], "edit_key")
        store.rename_player(get_db(), m["id"], n + 2, 0, "Ариадна")
    assert same(edit) == n + 3
    record = client.get(edit + "/export").get_json()
    copy = imported(client, record)
    assert same(copy) > 0
