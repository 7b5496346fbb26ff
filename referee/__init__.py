"""Referee: a score keeper and move-by-move referee for domino players.

The package root stays light: ``referee.rules`` and the command line never load
Flask. ``create_app`` imports the web stack only when it is called.
"""

from __future__ import annotations

import os


def create_app(test_config: dict | None = None):
    """Create and configure the Flask app (``flask --app referee run``)."""
    from flask import Flask

    app = Flask(__name__, template_folder="../templates", static_folder="../static",
                instance_relative_config=True)
    app.config.from_mapping(
        DATABASE=os.path.join(app.instance_path, "referee.db"),
        MAX_CONTENT_LENGTH=512 * 1024,
        LANGUAGES=("ru", "en"),
        BABEL_DEFAULT_LOCALE="ru",
        WTF_CSRF_TIME_LIMIT=None,
        SESSION_COOKIE_SAMESITE="Lax",
        SEND_FILE_MAX_AGE_DEFAULT=86400,  # static URLs carry a version (see web.init_app)
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    os.makedirs(app.instance_path, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(app.instance_path)

    from .web import init_app

    init_app(app)
    return app


def _instance_secret(instance_path: str) -> str:
    """The secret key kept in the instance folder; made on first use."""
    path = os.path.join(instance_path, "secret_key")
    try:
        with open(path, encoding="ascii") as f:
            key = f.read().strip()
        if key:
            return key
    except FileNotFoundError:
        pass
    import secrets

    key = secrets.token_hex(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(key)
    return key
