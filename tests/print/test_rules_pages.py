"""The rules pages in the web app (templates/rules/): every rule has its anchor, with its words,
its sources and its house options; every refusal the engine can raise lands on an anchor."""

from __future__ import annotations

import re

import pytest
from bs4 import BeautifulSoup

from referee import rulebook
from referee.rules.catalogue import VARIANTS


@pytest.fixture
def client(tmp_path):
    from referee import create_app

    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.db"), "SECRET_KEY": "test"})
    return app.test_client()


def page(client, path, lang):
    client.set_cookie("lang", lang)
    r = client.get(path)
    assert r.status_code == 200
    return BeautifulSoup(r.data.decode("utf-8"), "html.parser")


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_rules_page_has_every_rule_at_its_anchor(client, variant, lang):
    soup = page(client, f"/rules/{variant}", lang)
    for s in rulebook.rules_for(variant, lang):
        assert soup.find(id=s.id) is not None, s.id
        for r in s.rules:
            el = soup.find(id=r.anchor)
            assert el is not None, r.anchor
            # the record's own words are set as code: no space before the punctuation after them
            words = re.sub(r" ([;:,.)»}])", r"\1", re.sub(r"([(«{]) ", r"\1", " ".join(el.get_text(" ").split())))
            if r.text:
                assert " ".join(r.text.split()) in words
            if r.note:
                assert " ".join(r.note.split()) in words
            for q in r.quotes:
                assert " ".join(q.text.split()) in words
                assert q.cite(lang) in words          # the source by its title and section
                assert q.file not in words            # never by its file name
            for o in r.options:
                for _value, meaning, _ in o.values:
                    assert " ".join(meaning.split()) in words   # each value in words
                assert f"({o.key})" not in words        # the option by its title, not its key
    if VARIANTS[variant].provisional:
        first = soup.select(".rule")[0]
        assert first["id"] == "ladder.provisional"


def test_every_refusal_lands_on_an_anchor(client):
    from referee.rules.messages import MESSAGES

    pages = {}
    for rule_id in MESSAGES:
        variant = rulebook.rule_variants(rule_id)[0]
        if variant not in pages:
            pages[variant] = page(client, f"/rules/{variant}", "ru")
        assert pages[variant].find(id=rule_id) is not None, f"{rule_id} has no anchor on /rules/{variant}"


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_rules_index_lists_every_variant(client, lang):
    soup = page(client, "/rules", lang)
    for v in VARIANTS:
        li = soup.find(id=v)
        assert li is not None and li.find("a")["href"].endswith(f"/rules/{v}")
    assert ("предварительные" if lang == "ru" else "provisional") in soup.find(id="ladder").get_text()
