"""What the table's page keeps between requests is what it would say afresh: the match's title
(kept per its variant, options, number of players and language)."""

from __future__ import annotations

from referee.rulebook import variant_title
from referee.web.matches import match_title

KOZEL = {"scoring": "kozel", "teams": "pairs", "kozel_min": 40, "eggs": "yes", "limit": 90}


def title(app, m: dict, language: str) -> str:
    with app.test_request_context("/", headers={"Accept-Language": language}):
        return match_title(m)


def test_the_match_title_is_kept_per_options_players_and_language(app):
    four = ["Аня", "Боря", "Вера", "Гоша"]
    kozel = {"variant": "traditional", "options": KOZEL, "players": four}
    plain = {"variant": "traditional", "options": {"target": 100}, "players": four}
    # asked again and again, in turns: each answer is its own, never the one kept for another
    for _ in range(2):
        assert title(app, kozel, "ru") == "Козёл"
        assert title(app, kozel, "en") == "Kozel"
        assert title(app, plain, "ru") == variant_title("traditional", "ru")
        assert title(app, plain, "en") == variant_title("traditional", "en")
        assert title(app, dict(kozel, variant="blitz", options={}), "en") == variant_title("blitz", "en")
    assert variant_title("traditional", "ru") != variant_title("traditional", "en")
