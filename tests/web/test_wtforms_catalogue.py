"""WTForms' own messages (Flask-WTF) without reading their catalogue for every request."""

from __future__ import annotations


def test_wtforms_messages_follow_the_pages_language_with_their_catalogue_read_once():
    """WTForms' own messages are read from their catalogue once per language and worker (not for
    every request that makes a form), and still follow each request's language."""
    import flask_wtf.i18n

    from referee import create_app
    from referee.web import i18n

    app = create_app({"TESTING": True, "DATABASE": ":memory:", "SECRET_KEY": "x"})
    i18n._wtforms_catalogue.cache_clear()
    said = []
    for lang in ("ru", "en", "ru", "en"):
        with app.test_request_context(headers={"Accept-Language": lang}):
            said.append(flask_wtf.i18n.translations.gettext("This field is required."))
    assert said == ["Обязательное поле.", "This field is required."] * 2
    assert i18n._wtforms_catalogue.cache_info().misses == 2
