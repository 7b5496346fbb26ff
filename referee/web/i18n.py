"""Languages: Russian first, English second; from the browser, switchable, remembered."""

from __future__ import annotations

from flask import Flask, current_app, request
from flask_babel import Babel, get_locale

COOKIE = "lang"


def select_locale() -> str:
    langs = current_app.config["LANGUAGES"]
    chosen = request.cookies.get(COOKIE)
    if chosen in langs:
        return chosen
    return request.accept_languages.best_match(langs) or langs[0]


def lang() -> str:
    """The current page's language code (``ru`` or ``en``)."""
    loc = get_locale()
    return loc.language if loc is not None else "ru"


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=select_locale)
    app.jinja_env.globals["lang"] = lang
