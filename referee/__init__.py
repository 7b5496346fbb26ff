"""Referee: a score keeper and move-by-move referee for domino players.

The package root stays light: ``referee.rules`` and the command line never load
Flask. ``create_app`` imports the web stack only when it is called.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(test_config: dict[str, Any] | None = None, instance_path: str | None = None) -> Flask:
    """Create and configure the Flask app (``referee serve``, ``flask --app referee run``).

    Settings (see :mod:`referee.settings`): defaults, the instance folder's ``config.py`` and the
    ``REFEREE_*`` environment variables; a ``test_config`` replaces the last two.
    """
    from flask import Flask

    from . import limits, paths, settings

    if test_config is None:
        cfg = settings.load(instance_path)
    else:
        cfg = dict(test_config)
        cfg.setdefault("INSTANCE_PATH", str(instance_path or paths.default_instance()))
        cfg = settings.normalise(cfg)
    app = Flask(__name__, template_folder=str(paths.TEMPLATES), static_folder=str(paths.STATIC),
                instance_path=cfg["INSTANCE_PATH"], instance_relative_config=True)
    app.config.from_mapping(
        DATABASE=os.path.join(app.instance_path, "referee.db"),
        # a record of limits.MAX_RECORD_BYTES characters, indented: every export imports again
        MAX_CONTENT_LENGTH=2 * limits.MAX_RECORD_BYTES,
        MAX_FORM_MEMORY_SIZE=2 * limits.MAX_RECORD_BYTES,  # a pasted record is one form field
        LANGUAGES=("ru", "en"),
        BABEL_DEFAULT_LOCALE="ru",
        WTF_CSRF_TIME_LIMIT=None,
        SESSION_COOKIE_SAMESITE="Lax",
        SEND_FILE_MAX_AGE_DEFAULT=None,  # set per response: a year for versioned URLs (web.init_app)
        BASE_URL=None,  # the public address of links and QR codes (web.urls)
        PROXIES=0,
    )
    app.config.from_mapping(cfg)
    os.makedirs(app.instance_path, mode=0o700, exist_ok=True)
    from .matches.store import is_postgres

    if not is_postgres(app.config["DATABASE"]):  # a file: its folder is made (a URL: a server's)
        db_dir = os.path.dirname(os.path.abspath(app.config["DATABASE"]))
        os.makedirs(db_dir, mode=0o700, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(app.instance_path)
    if app.config["PROXIES"]:
        from werkzeug.middleware.proxy_fix import ProxyFix

        n = app.config["PROXIES"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=n, x_proto=n, x_host=n, x_port=n,  # type: ignore[method-assign]
                                x_prefix=n)

    from .web import init_app

    init_app(app)
    return app


def _instance_secret(instance_path: str) -> str:
    """The secret key kept in the instance folder (mode 0600); made once, on first use.

    Every worker must sign with the same key (a form signed by one is checked by another), so
    the key is written whole to a temporary file and then linked to its name, which fails if
    another worker got there first: the loser reads the winner's key. No worker ever reads a
    half-written key, and none overwrites another's."""
    path = os.path.join(instance_path, "secret_key")
    key = _read_secret(path)
    if key:
        return key
    import secrets
    import tempfile

    fd, tmp = tempfile.mkstemp(prefix=".secret_key.", dir=instance_path)  # mode 0600
    try:
        with os.fdopen(fd, "w", encoding="ascii") as f:
            f.write(secrets.token_hex(32))
            f.flush()
            os.fsync(f.fileno())
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass
    finally:
        os.unlink(tmp)
    key = _read_secret(path)
    if not key:
        raise RuntimeError(f"the secret key file {path} is empty: remove it and start again")
    return key


def _read_secret(path: str) -> str | None:
    try:
        with open(path, encoding="ascii") as f:
            return f.read().strip() or None
    except FileNotFoundError:
        return None
