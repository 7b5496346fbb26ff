"""The rulebook: every rule the engine can raise has its words in both languages."""

from __future__ import annotations

import os
import pathlib

import pytest

from referee import rulebook
from referee.rules.catalogue import VARIANTS

LANGS = ("ru", "en")


def _messages():
    from referee.rules.messages import MESSAGES

    return MESSAGES


def test_every_engine_rule_id_has_words_in_both_languages():
    messages = _messages()
    missing = []
    for rule_id in sorted(messages):
        for lang in LANGS:
            try:
                text = rulebook.rule_text(rule_id, lang)
            except KeyError:
                text = ""
            if not text.strip():
                missing.append(f"{rule_id} ({lang})")
    assert not missing, "rule ids with no rulebook text: " + ", ".join(missing)


def test_every_engine_rule_id_is_on_a_rules_page():
    messages = _messages()
    homeless = []
    for rule_id in sorted(messages):
        pages = rulebook.rule_variants(rule_id)
        if not pages:
            homeless.append(rule_id)
            continue
        for v in pages:
            ids = {r.id for s in rulebook.rules_for(v, "ru") for r in s.rules}
            if rule_id not in ids:
                homeless.append(f"{rule_id} (not on {v})")
    assert not homeless, "rule ids on no rules page: " + ", ".join(homeless)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("lang", LANGS)
def test_rules_page(variant, lang):
    sections = rulebook.rules_for(variant, lang)
    assert sections
    ids = [r.id for s in sections for r in s.rules]
    assert len(ids) == len(set(ids)), "anchors must be unique on a page"
    for s in sections:
        for r in s.rules:
            assert r.text or r.options, r.id
            for o in r.options:
                assert o.values and all(meaning for _, meaning, _ in o.values), (r.id, o.key)
    # every house option of the variant is explained
    option_ids = {r.id for s in sections for r in s.rules if r.id.startswith("option.")}
    for o in VARIANTS[variant].options:
        if variant == "traditional" and o.key == "limit":
            continue
        assert f"option.{o.key}" in option_ids


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("lang", LANGS)
def test_every_option_value_has_a_sentence(variant, lang):
    v = VARIANTS[variant]
    for o in v.options:
        assert rulebook.option_title(variant, o.key, lang)
        values = o.choices or (o.default_for(v.min_players, {}) or 100,)
        for value in values:
            text = rulebook.option_text(variant, o.key, value, lang)
            assert text and "{" not in text


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("lang", LANGS)
def test_scoring_summary(variant, lang):
    for n in VARIANTS[variant].player_counts:
        text = rulebook.scoring_summary(variant, lang, n)
        assert str(n) in text
        if VARIANTS[variant].provisional:
            assert rulebook.provisional_note(variant, lang) in text


def _page_text(variant, lang):
    return "\n".join(r.text + " " + " ".join(q.text for q in r.quotes)
                     for s in rulebook.rules_for(variant, lang) for r in s.rules)


@pytest.mark.parametrize("lang", LANGS)
def test_seed_errors_and_the_provisional_ladder_are_stated(lang):
    blitz = _page_text("blitz", lang)
    assert "132" in blitz and "Владимир" in blitz and "32" in blitz
    trad = _page_text("traditional", lang)
    assert "5:5" in trad and "1:1" in trad and "Всеволод" in trad
    ladder = _page_text("ladder", lang)
    assert rulebook.provisional_note("ladder", lang) in ladder
    assert rulebook.rules_for("ladder", lang)[0].rules[0].id == "ladder.provisional"


def test_rule_text_for_unknown_id_raises():
    with pytest.raises(KeyError):
        rulebook.rule_text("no.such_rule", "ru")


SEEDS = pathlib.Path(os.environ.get("REFEREE_SEEDS", "/work/shared/seeds"))


def test_seed_quotes_are_word_for_word():
    if not SEEDS.is_dir():
        pytest.skip(f"the seed texts are not on this machine ({SEEDS})")
    texts = {k: (SEEDS / f).read_text(encoding="utf-8") for k, f in rulebook.SEED_FILES.items()}
    bad = []
    for v in VARIANTS:
        for s in rulebook.rules_for(v, "ru"):
            for r in s.rules:
                for q in r.quotes:
                    if " ".join(q.text.split()) not in " ".join(texts[q.seed].split()):
                        bad.append(f"{r.id}: {q.text[:50]}")
    assert not bad, "quotes not found in their seed: " + "; ".join(sorted(set(bad)))


def test_rule_url():
    assert rulebook.rule_url("blitz.no_bazaar") == "/rules/blitz#blitz.no_bazaar"
    assert rulebook.rule_url("blitz.no_bazaar", "traditional") == "/rules/blitz#blitz.no_bazaar"
    assert rulebook.rule_url("play.no_fit", "matador") == "/rules/matador#play.no_fit"
