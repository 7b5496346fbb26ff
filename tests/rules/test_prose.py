"""Each variant's words file (referee/rules/variants/words/<variant>.toml), read into typed
records: every variant has one, it says only what the variant has (its sections, its house
rules, the sources quoted), and a file that does not say what it must is refused by name."""

from __future__ import annotations

import pytest

from referee import rulebook
from referee.rules import prose
from referee.rules.catalogue import PRESETS, VARIANT_NAMES, VARIANTS
from referee.sources import TITLES


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_every_variant_has_its_words(variant):
    words = prose.words_of(variant)
    assert words is not None and words.variant == variant and words.rules
    keys = set(VARIANTS[variant].option_keys)
    for rule in words.rules:
        assert rule.id.startswith(variant + ".") or rule.id in rulebook.ENGINE_RULES, rule.id
        assert rule.section in rulebook.SECTIONS, rule.id
        assert set(rule.options) <= keys, rule.id
        assert rule.ru and rule.en and rule.ru != rule.en, rule.id
        assert all(q.source in TITLES and q.text for q in rule.quotes), rule.id
    assert set(words.options) <= keys
    assert set(words.presets) == set(PRESETS.get(variant, {}))


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_every_house_rule_has_words(variant):
    """No option key without words (the setup form, the rules page and the sheets read them)."""
    for o in VARIANTS[variant].options:
        for lang in ("ru", "en"):
            assert rulebook.option_title(variant, o.key, lang)
            for value in o.choices or (o.default if o.default is not None else 1,):
                assert rulebook.option_text(variant, o.key, value, lang)


def test_a_rule_of_a_words_file_is_on_its_page():
    words = prose.words_of("ladder")
    assert words is not None
    page = [r for section in rulebook.rules_for("ladder", "en") for r in section.rules]
    rule = next(r for r in page if r.id == words.rules[0].id)
    assert rule.text.startswith(words.rules[0].en[:30])


def test_same_as_takes_another_variants_words():
    six = prose.words_of("six_matador")
    matador = prose.words_of("matador")
    assert six is not None and matador is not None
    assert six.options["hand_end"] is matador.options["hand_end"]


@pytest.mark.parametrize("text, says", [
    ('[[rule]]\nid = "toy.deal"\nsection = "players"\nru = "по пять"\n', "rule 1"),
    ('[option.stake]\ntitle = ["Ставка"]\n', "option stake title"),
    ('[option.stake]\nsame_as = "nothing"\n', "same_as"),
    ('[[rule]\n', "toy_words.toml"),
])
def test_a_file_that_does_not_say_what_it_must(tmp_path, monkeypatch, text, says):
    (tmp_path / "toy_words.toml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(prose, "WORDS_DIRS", [tmp_path])
    with pytest.raises(prose.WordsError, match=says):
        prose.words_of("toy_words")


def test_the_shared_words_are_read_into_typed_records():
    """The engine's rules, the page's words and the shared house rules come from
    ``words/shared/``: every engine rule has a known section, both languages (or the fit words of
    the variant's sum), and quotes from known sources; each variant's quotes for an engine rule
    name one its page shows."""
    shared = prose.shared()
    assert shared.engine and set(shared.engine) == set(rulebook.ENGINE_RULES)
    for rid, e in shared.engine.items():
        assert e.section in shared.sections, rid
        assert e.title[0] and e.title[1] and e.title[0] != e.title[1], rid
        assert (e.fit in shared.fit) if e.fit is not None else (e.text[0] and e.text[1] and e.text[0] != e.text[1]), rid
        assert all(q.source in TITLES and q.text for q in e.quotes), rid
    for variant in VARIANT_NAMES:
        words = prose.words_of(variant)
        assert words is not None
        for rid, quotes in words.engine_quotes.items():
            assert variant in rulebook.rule_variants(rid), (variant, rid)
            assert quotes and all(q.source in TITLES for q in quotes), (variant, rid)
    assert {"target", "limit", "lone_blank"} <= set(shared.options)


def test_the_rulebook_holds_no_words():
    """rulebook.py assembles pages from the words files: no Russian sentence is written in it
    (outside its docstrings)."""
    import ast
    import re
    from pathlib import Path

    tree = ast.parse(Path(rulebook.__file__).read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and node.body
                  and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    russian = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Constant)
               and isinstance(node.value, str) and id(node) not in docstrings
               and re.search("[а-яё]", node.value, re.I)]
    assert russian == []


def test_a_rule_names_the_facts_not_a_copy_of_them():
    """The record's rules name the limits and the variants as the code has them."""
    from referee import limits

    text = rulebook.rule_text("record.variant", "en")
    assert text == f"variant is one of the {len(VARIANTS)} names: {', '.join(VARIANTS)}."
    assert str(limits.NAME_MAX) in rulebook.rule_text("record.player_name", "ru")
    assert "{out, left, scored, maker}" in rulebook.rule_text("record.result", "en")   # not a fact: kept


@pytest.mark.parametrize("text, says", [
    ('[engine."x.y"]\nsection = "nowhere"\ntitle = ["а", "a"]\nru = "б"\nen = "b"\n', "no section"),
    ('[engine."x.y"]\nsection = "play"\ntitle = ["а", "a"]\nfit = 9\n', "fit"),
    ('[engine."x.y"]\nsection = "play"\ntitle = ["а"]\nru = "б"\nen = "b"\n', "x.y title"),
])
def test_shared_words_that_do_not_say_what_they_must(text, says):
    import tomllib

    rules = tomllib.loads('[section]\nplay = ["Ход", "Play"]\n' + text)
    with pytest.raises(prose.WordsError, match=says):
        prose.parse_shared(rules, {}, {})
