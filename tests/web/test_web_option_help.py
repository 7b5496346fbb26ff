"""Every house option of every variant has a label, value labels and a sentence, ru and en."""

from __future__ import annotations

import pytest

from referee.rules import catalogue
from referee.web import option_help

CASES = [(v.name, o.key, value)
         for v in catalogue.VARIANTS.values() for o in v.options for value in (o.choices or (None,))]


@pytest.mark.parametrize("variant, key, value", CASES)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_option_words(variant, key, value, lang):
    assert option_help.label(key, lang) != key
    sentence = option_help.help_text(variant, key, value, lang)
    assert sentence.endswith(".") and len(sentence) > 15
    if value is not None:
        assert option_help._lookup(option_help.VALUES, variant, key, value) is not None
        assert option_help.value_label(variant, key, value, lang).strip()


def test_languages_differ():
    assert option_help.help_text("traditional", "scoring", "kozel", "ru") != \
        option_help.help_text("traditional", "scoring", "kozel", "en")
    assert "козёл" in option_help.help_text("traditional", "scoring", "kozel", "ru")
