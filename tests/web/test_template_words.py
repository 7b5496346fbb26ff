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
