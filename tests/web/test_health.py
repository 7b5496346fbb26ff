"""``/healthz`` for a service manager: 200 and a tiny JSON while the database answers, 503 when
it does not; no cookie, never cached, answered for any language, no key anywhere."""

from __future__ import annotations

import json
import os

from webhelpers import new_match


def test_healthz_is_200_while_the_database_answers(client):
    new_match(client)  # a match exists, and this browser has a session cookie
    fresh = client.application.test_client()
    resp = fresh.get("/healthz")
    assert resp.status_code == 200
    assert resp.mimetype == "application/json"
    assert json.loads(resp.get_data()) == {"status": "ok"}
    assert resp.headers["Cache-Control"] == "no-store"
    assert "Set-Cookie" not in resp.headers
    assert len(resp.get_data()) < 40
    assert fresh.get_cookie("session") is None


def test_healthz_is_503_when_the_database_does_not_answer(app, client):
    assert client.get("/healthz").status_code == 200
    path = app.config["DATABASE"]
    app.extensions["referee.db"].close()  # the pooled connections: the next request opens the file
    for extra in ("-wal", "-shm"):
        if os.path.exists(path + extra):
            os.remove(path + extra)
    with open(path, "r+b") as f:  # the file's header gone bad (a failed disk, a bad copy)
        f.write(b"this is not a database at all" * 4)
    resp = client.get("/healthz")
    assert resp.status_code == 503
    assert json.loads(resp.get_data()) == {"status": "unavailable"}
    assert resp.headers["Cache-Control"] == "no-store"

