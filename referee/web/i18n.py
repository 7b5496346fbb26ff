"""Languages: Russian first, English second; from the browser, switchable, remembered. And the
time zone of the table: the browser's own (shell.js keeps its name in a cookie), so that the
times a page or a sheet prints are the table's clock, not the server's UTC."""

from __future__ import annotations

import re
from typing import Any, cast
from datetime import datetime, timezone, tzinfo
from functools import lru_cache

from babel import Locale, support
from flask import Flask, current_app, request
from flask_babel import Babel, get_locale
from jinja2 import pass_eval_context
from jinja2.nodes import EvalContext
from markupsafe import Markup
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

COOKIE = "lang"
TZ_COOKIE = "tz"
_TZ_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_+\-]*(?:/[A-Za-z0-9_+\-]+){0,2}")


def select_locale() -> Locale:
    """The request's language (Flask-Babel's locale selector): the ``lang`` cookie's, else the
    best of the browser's ``Accept-Language``, else the first; the header's choice and the
    ``Locale`` kept once made (every page asks them: about 0.04 ms a request made afresh)."""
    langs = current_app.config["LANGUAGES"]
    chosen = request.cookies.get(COOKIE)
    if chosen is None or chosen not in langs:
        chosen = _best_language(request.headers.get("Accept-Language", ""), tuple(langs))
    return _locale(chosen)


@lru_cache(maxsize=256)
def _best_language(header: str, langs: tuple[str, ...]) -> str:
    """What ``request.accept_languages.best_match(langs)`` says of an ``Accept-Language``
    header (the first of ``langs`` when it says none)."""
    return str(parse_accept_header(header, LanguageAccept).best_match(langs) or langs[0])


@lru_cache(maxsize=16)
def _locale(code: str) -> Locale:
    return Locale.parse(code)


def lang() -> str:
    """The current page's language code (``ru`` or ``en``)."""
    loc = get_locale()
    return loc.language if loc is not None else "ru"


def table_zone() -> tzinfo | None:
    """The browser's time zone (an IANA name in the ``tz`` cookie), or None when the page does
    not know it (no cookie yet, no JavaScript, a name this machine's zone data lacks)."""
    name = request.cookies.get(TZ_COOKIE, "") if request else ""
    if not name or len(name) > 64 or not _TZ_NAME.fullmatch(name):
        return None
    try:
        from zoneinfo import ZoneInfo

        return ZoneInfo(name)
    except Exception:          # unknown name, no zone data (Windows without tzdata)
        return None


def table_time(at: str) -> str:
    """A stored moment (ISO 8601, UTC) as the table's clock reads it, ``YYYY-MM-DD HH:MM``; in
    UTC, said so, when the browser's time zone is not known."""
    try:
        moment = datetime.fromisoformat(str(at))
    except ValueError:
        return str(at)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    zone = table_zone()
    if zone is None:
        return moment.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M") + " UTC"
    return moment.astimezone(zone).strftime("%Y-%m-%d %H:%M")


@lru_cache(maxsize=8)
def _wtforms_catalogue(locale: str) -> support.NullTranslations:
    """WTForms' own messages in ``locale``, read from their catalogue once per worker."""
    from wtforms.i18n import messages_path

    return support.Translations.load(messages_path(), [locale], domain="wtforms")


def _wtforms_translations() -> support.NullTranslations | None:
    """Flask-WTF's ``_get_translations``, without reading WTForms' catalogue from the disk again
    for every request that makes a form (a table page, every move: about a millisecond each)."""
    if not request or "babel" not in current_app.extensions:
        return None
    return _wtforms_catalogue(str(get_locale()))


def _translations() -> support.NullTranslations:
    """Flask-Babel's ``get_translations()`` for the templates' words (a page says some two hundred),
    kept for the request beside the locale they are of: the same catalogue while the locale is
    the same object, found again when it changes (``force_locale``, a page drawn in another
    language, sets another; its end puts the first back)."""
    from flask_babel import _get_current_context, get_translations

    ctx = _get_current_context()
    if ctx is None:
        return cast(support.NullTranslations, get_translations())
    locale = getattr(ctx, "babel_locale", None)
    kept = getattr(ctx, "referee_translations", None)
    if locale is not None and kept is not None and kept[0] is locale:
        return kept[1]  # type: ignore[no-any-return]
    found = cast(support.NullTranslations, get_translations())
    ctx.referee_translations = (getattr(ctx, "babel_locale", None), found)
    return found


def request_translations() -> support.NullTranslations:
    """:func:`_translations` read straight from the app context's Flask-Babel state (no proxy):
    the catalogue kept for the request while its locale is the same object, else found again."""
    from flask.globals import _cv_app

    app_ctx = _cv_app.get(None)
    if app_ctx is not None:
        babel = getattr(app_ctx.g, "_flask_babel", None)
        kept = getattr(babel, "referee_translations", None)
        if kept is not None and kept[0] is not None and kept[0] is getattr(babel, "babel_locale", None):
            return kept[1]  # type: ignore[no-any-return]
    return _translations()


@pass_eval_context
def _page_gettext(eval_ctx: EvalContext, string: str, **variables: Any) -> str:
    """The templates' ``_``/``gettext``: what ``jinja2.ext``'s new-style gettext makes of the
    catalogue's word (marked safe on an autoescaped page, then always formatted with the
    variables), a word without variables kept per catalogue once made (a page says some sixty).
    It reads only whether the page escapes (its evaluation context): Jinja passes a function
    that asks for the whole context, inside a block or loop that sets variables, a copy of
    every variable of the page made for each call."""
    if not eval_ctx.autoescape:
        return request_translations().ugettext(string) % variables
    return page_word(string, **variables)


def page_word(string: str, **variables: Any) -> Markup:
    """What the templates' ``_`` gives on an autoescaped page (the catalogue's word marked safe,
    formatted with the variables, each escaped), for markup drawn in Python."""
    tr = request_translations()
    if variables:
        return Markup(tr.ugettext(string)) % variables
    made: dict[str, Markup] | None = getattr(tr, "referee_marked", None)
    if made is None:
        made = {}
        tr.referee_marked = made  # type: ignore[attr-defined]
    word = made.get(string)
    if word is None:
        word = made[string] = Markup(tr.ugettext(string)) % {}
    return word


@pass_eval_context
def _page_ngettext(eval_ctx: EvalContext, singular: str, plural: str, num: int, **variables: Any) -> str:
    """The templates' ``ngettext``: what ``jinja2.ext``'s new-style ngettext makes (the word for
    ``num`` in the request's catalogue, marked safe on an autoescaped page, formatted with the
    variables and ``num``), reading only the evaluation context (see :func:`_page_gettext`)."""
    if eval_ctx.autoescape:
        return page_words(singular, plural, num, **variables)
    variables.setdefault("num", num)
    return request_translations().ungettext(singular, plural, num) % variables


def page_words(singular: str, plural: str, num: int, **variables: Any) -> Markup:
    """What the templates' ``ngettext`` gives on an autoescaped page, for markup drawn in Python."""
    variables.setdefault("num", num)
    return Markup(request_translations().ungettext(singular, plural, num)) % variables


def init_app(app: Flask) -> None:
    import flask_wtf.i18n

    Babel(app, locale_selector=select_locale)
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]  # (jinja2.ext.i18n's)
        gettext=lambda s: _translations().ugettext(s),
        ngettext=lambda s, p, n: _translations().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: _translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: _translations().unpgettext(c, s, p, n))
    app.jinja_env.globals.update({"_": _page_gettext, "gettext": _page_gettext, "ngettext": _page_ngettext})
    app.jinja_env.globals["lang"] = lang
    app.jinja_env.filters["table_time"] = table_time
    app.jinja_env.filters["decimal"] = decimal
    flask_wtf.i18n._get_translations = _wtforms_translations


def decimal(x: float, places: int = 1, signed: bool = False) -> str:
    """A number as a page writes it (a rating, its change): ``places`` decimals, a negative one
    with the minus sign «−» (U+2212), not the hyphen; ``signed``: a positive one with «+»."""
    text = f"{x:+.{places}f}" if signed else f"{x:.{places}f}"
    if text.lstrip("+-").strip("0.") == "":
        text = text.lstrip("+-")   # −0.0 is 0.0
    return text.replace("-", "\u2212")


def pair_words(a: str, b: str) -> str:
    """Two players named together (a pair, two winners) in the page's language."""
    from flask_babel import gettext as _

    return str(_("%(a)s and %(b)s", a=a, b=b))
