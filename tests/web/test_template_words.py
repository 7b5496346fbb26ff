"""The templates' words are looked up in the catalogue kept for the request beside its locale
(``referee.web.i18n``): a page drawn in another language within the request (``force_locale``)
gets that language's words, and the request's own language comes back after it."""

from __future__ import annotations

from flask import render_template_string
from flask_babel import force_locale


def test_a_locale_forced_in_the_request_changes_the_words_and_its_end_changes_them_back(app):
    page = "{{ _('Not found') }}|{{ ngettext('%(num)d hand', '%(num)d hands', 5) }}"
    with app.test_request_context("/", headers={"Accept-Language": "ru"}):
        ru = render_template_string(page)
        assert ru.startswith("Не найдено|")
        with force_locale("en"):
            assert render_template_string(page) == "Not found|5 hands"
            with force_locale("ru"):
                assert render_template_string(page) == ru
            assert render_template_string(page) == "Not found|5 hands"
        assert render_template_string(page) == ru
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert render_template_string(page) == "Not found|5 hands"


def test_a_word_kept_once_made_is_what_jinjas_gettext_makes_in_each_language(app):
    """The templates' ``_`` keeps a word without variables per catalogue once made: asked again,
    in the other language between, and in a new request, it is what ``jinja2.ext``'s new-style
    gettext makes (the catalogue's word marked safe and formatted: ``%%`` read as ``%``), and a
    word with variables is formatted with them, escaped."""
    from jinja2.ext import _make_new_gettext

    from referee.web.i18n import _translations

    words = ["Not found", "Turn", "Undo", "%(name)s lays more"]
    page = "|".join("{{ _(%r) }}" % w for w in words[:3]) + "|{{ _(%r, name='<b>') }}|{{ _('100%%%%') }}" % words[3]
    for lang in ("ru", "en", "ru", "en"):
        with app.test_request_context("/", headers={"Accept-Language": lang}):
            fresh = _make_new_gettext(lambda s: _translations().ugettext(s))
            want = "|".join(str(app.jinja_env.from_string("{{ f(w) }}").render(f=fresh, w=w)) for w in words[:3])
            want += "|" + str(app.jinja_env.from_string("{{ f(w, name='<b>') }}").render(f=fresh, w=words[3]))
            got = render_template_string(page)
            assert got == want + "|100%", lang
            assert ("Не найдено" in got) == (lang == "ru") and "&lt;b&gt;" in got


def test_the_request_language_is_what_the_browsers_accept_languages_best_match_says(app):
    """The request's language (``i18n.select_locale``, its choice of the header kept): the
    ``lang`` cookie's when it names one of the app's, else ``request.accept_languages``'
    best match of the app's languages, else the first; asked twice in turn for each header, the
    kept choice follows the header (it fails when the choice is kept by anything less)."""
    from babel import Locale
    from flask import request
    from flask_babel import get_locale

    langs = tuple(app.config["LANGUAGES"])
    headers = [None, "", "ru", "en", "en-US,en;q=0.9", "ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", "de",
               "*", "en;q=0.1, ru;q=0.2", "fr, en;q=0.5", "EN-gb", "en;q=0", "ru;q=0, en;q=0", ";;,", "x" * 300]
    for cookie in (None, "en", "ru", "de"):
        for _twice in (1, 2):
            for header in headers:
                sent = {} if header is None else {"Accept-Language": header}
                if cookie is not None:
                    sent["Cookie"] = f"lang={cookie}"
                with app.test_request_context("/", headers=sent):
                    want = cookie if cookie in langs else str(request.accept_languages.best_match(langs) or langs[0])
                    got = get_locale()
                    assert got == Locale.parse(want) and str(got) == want, (cookie, header)
