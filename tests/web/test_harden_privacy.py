"""Headers, keys and privacy. A visitor's list holds only the matches this browser
started or opened by a link; the session cookie (signed, readable) holds no key; pages that
carry an edit key are never cached; matches are found by their keys' hashes."""

from __future__ import annotations

import hashlib

import pytest

from referee.web import get_db, store
from webhelpers import form_data, new_match, soup


def session_of(app, client) -> dict:
    cookie = client.get_cookie("session")
    return app.session_interface.get_signing_serializer(app).loads(cookie.value) if cookie else {}


def keys_of(app, edit):
    with app.app_context():
        m = store.match_by_key(get_db(), edit.rsplit("/", 1)[1], "edit_key")
    return m["edit_key"], m["view_key"]


def test_the_headers_of_every_page(client):
    edit = new_match(client)
    for path in ("/", "/new", "/rules", edit, "/lang/en?next=/new", "/no/such/page"):
        h = client.get(path).headers
        assert h["X-Frame-Options"] == "DENY", path
        assert "camera=()" in h["Permissions-Policy"] and "geolocation=()" in h["Permissions-Policy"]
        assert h["X-Content-Type-Options"] == "nosniff"
        assert h["Referrer-Policy"] == "same-origin"
        assert "frame-ancestors 'none'" in h["Content-Security-Policy"]


def test_no_page_with_an_edit_key_is_cached(client, app):
    edit = new_match(client)
    assert client.post(edit + "/hand", data=form_data(client.get(edit), 'form[action$="/hand"]')
                       ).headers["Cache-Control"] == "no-store"  # the redirect names the edit link
    _, view = keys_of(app, edit)
    for path in (edit, edit + "/score", edit + "/result", edit + "/deal", edit + "/share",
                 edit + "/export", edit + "/sheets", edit + "/check", edit + "/hands/1", "/",
                 f"/s/{view}", f"/s/{view}/n", f"/s/{view}/sheets"):
        resp = client.get(path)
        assert resp.status_code == 200, path
        assert resp.headers.get("Cache-Control") == "no-store", path
    assert "no-store" not in client.get("/rules/traditional").headers.get("Cache-Control", "")


def test_the_session_cookie_holds_no_key(client, app):
    edit = new_match(client)
    edit_key, view_key = keys_of(app, edit)
    raw = client.get_cookie("session").value
    content = session_of(app, client)
    assert edit_key not in raw and view_key not in raw
    assert edit_key not in repr(content) and view_key not in repr(content)
    assert set(content) <= {"bid", "csrf_token"}


def test_a_visitors_list_holds_only_what_his_browser_started_or_opened(client, app):
    mine = new_match(client)
    stranger = app.test_client()
    theirs = new_match(stranger, players=("Пётр", "Павел"))
    assert [a["href"] for a in soup(client.get("/")).select("li.match a.match-title")] == [mine]
    assert [a["href"] for a in soup(stranger.get("/")).select("li.match a.match-title")] == [theirs]
    nobody = app.test_client()
    page = soup(nobody.get("/"))
    assert page.select("li.match") == []
    assert "Пётр" not in page.get_text() and "Анфиса" not in page.get_text()
    # opened by the edit link: in the list, to edit
    nobody.get(theirs)
    assert [a["href"] for a in soup(nobody.get("/")).select("li.match a.match-title")] == [theirs]


def test_a_view_never_takes_the_edit_link_away(client, app):
    edit = new_match(client)
    _, view = keys_of(app, edit)
    client.get(f"/s/{view}")
    assert soup(client.get("/")).select_one("li.match a.match-title")["href"] == edit


def test_an_old_cookie_with_keys_is_moved_out_of_the_cookie(client, app):
    edit = new_match(client)
    edit_key, _ = keys_of(app, edit)
    old = app.test_client()
    with old.session_transaction() as sess:
        sess["mine"] = [edit_key, "no-such-key"]
    assert soup(old.get("/")).select_one("li.match a.match-title")["href"] == edit
    content = session_of(app, old)
    assert "mine" not in content and edit_key not in repr(content)


def test_matches_are_found_by_the_hash_of_their_key(client, app):
    edit = new_match(client)
    edit_key, view_key = keys_of(app, edit)
    with app.app_context():
        db = get_db()
        row = next(db.query("SELECT edit_hash, view_hash FROM matches"))
        assert row["edit_hash"] == hashlib.sha256(edit_key.encode()).hexdigest()
        assert row["view_hash"] == hashlib.sha256(view_key.encode()).hexdigest()
        assert store.match_by_key(db, edit_key, "edit_key")["edit_key"] == edit_key
        assert store.match_by_key(db, view_key, "edit_key") is None  # a view key opens no edit page
        assert store.match_by_key(db, edit_key[:-1] + ("A" if edit_key[-1] != "A" else "B"), "edit_key") is None
        for bad in ("", "x" * 65, "\udcff", None):
            assert store.match_by_key(db, bad, "edit_key") is None


def test_older_databases_get_the_hashes(tmp_path):
    """A database made before migration m004 finds its matches after it."""
    import sqlite3

    path = str(tmp_path / "old.db")
    db = store.open_db(path)
    m = store.create_match(db, "traditional", {}, ["А", "Б"])
    db.execute("UPDATE matches SET edit_hash = NULL, view_hash = NULL")
    db.execute("DELETE FROM _sqlite_migrations WHERE name LIKE 'm00%_harden_%'")
    db.execute("DROP TABLE browser_matches")
    db.conn.commit()
    conn = sqlite3.connect(path)
    conn.execute("DROP INDEX idx_matches_edit_hash")
    conn.execute("DROP INDEX idx_matches_view_hash")
    conn.execute("ALTER TABLE matches DROP COLUMN edit_hash")
    conn.execute("ALTER TABLE matches DROP COLUMN view_hash")
    conn.commit()
    conn.close()
    db.conn.close()
    store._migrated.clear()
    again = store.open_db(path)
    assert store.match_by_key(again, m["edit_key"], "edit_key")["id"] == m["id"]
    assert store.match_by_key(again, m["view_key"], "view_key")["id"] == m["id"]
    again.conn.close()


@pytest.mark.parametrize("door", ["m", "s"])
def test_a_forged_key_is_not_found(client, door):
    new_match(client)
    for key in ("A" * 24, "../../etc/passwd", "%00", "' OR 1=1 --", "ключ"):
        assert client.get(f"/{door}/{key}").status_code == 404


def test_a_server_error_logs_no_edit_key(app, client, caplog, monkeypatch):
    """A 500 on a page under the edit link: Flask's error log names the path (``Exception on
    /m/<key>/score [GET]``) and the traceback may quote it; neither holds the key, nor does a
    line any other logger of the process writes with it."""
    import logging

    from referee.matches import replay

    edit = new_match(client)
    key = edit.rsplit("/", 1)[1]

    def broken(state):
        raise RuntimeError(f"the scoreboard failed at {edit}/score")

    monkeypatch.setattr(replay, "phase", broken)
    app.testing = False  # answered by the error page and logged, as on a server
    app.config["PROPAGATE_EXCEPTIONS"] = False
    with caplog.at_level(logging.INFO):
        assert client.get(edit + "/score").status_code == 500
        logging.getLogger("waitress").error("Exception while serving %s", edit + "/score")
        logging.getLogger("referee.anything").warning("seen %s", f"/lang/en?next=%2Fm%2F{key}")
    assert "Exception on /m/***/score [GET]" in caplog.text
    assert "RuntimeError: the scoreboard failed at /m/***/score" in caplog.text  # the traceback
    assert "Exception while serving /m/***/score" in caplog.text
    assert key not in caplog.text and all(key not in r.getMessage() for r in caplog.records)
