"""``/healthz``: whether this server can serve the tables, for a service manager or a monitor.

200 with ``{"status": "ok"}`` when the database answers a read; 503 with ``{"status":
"unavailable"}`` when it does not (the file gone bad, unreadable, locked past the busy timeout).
No key, no cookie, no page: one small read on a pooled connection, never cached.
``docs/running-a-server.md`` shows a systemd and a monitoring example.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app

from . import get_db, store

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz() -> Response:
    refusals: tuple[type[BaseException], ...] = (*store.errors(), OSError)
    try:
        # a real read of the store (the events table's first row), not only of the database itself
        store.ping(get_db())
    except refusals as e:
        current_app.logger.error("health check: the database does not answer: %s", e)
        return _answer('{"status": "unavailable"}', 503)
    return _answer('{"status": "ok"}', 200)


def _answer(body: str, status: int) -> Response:
    resp = Response(body + "\n", status=status, mimetype="application/json")
    resp.headers["Cache-Control"] = "no-store"
    return resp
