"""Wherever ladder appears, it says that its source text is cut off and its rules are provisional."""

import pytest

from webhelpers import new_match, soup

LADDER = {"opt_lone_blank": "24", "opt_target": "100"}


@pytest.mark.parametrize("lang, words", [("ru", "правила предварительные"), ("en", "the rules are provisional")])
def test_every_page_of_a_ladder_match_says_the_rules_are_provisional(client, lang, words):
    client.get(f"/lang/{lang}")
    edit = new_match(client, "ladder", ("Анна", "Борис"), LADDER)
    pages = [edit, edit.rstrip("/") + "/score", edit.rstrip("/") + "/share"]
    for url in pages:
        note = soup(client.get(url)).select_one("p.provisional")
        assert note is not None and words in note.get_text(), url


def test_other_variants_carry_no_such_note(client):
    edit = new_match(client)
    assert soup(client.get(edit)).select_one("p.provisional") is None
