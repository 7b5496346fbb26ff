"""What the table's page keeps between requests, or reads in short, is what it would say afresh:
the match's title (kept per its variant, options, number of players and language), the totals
beside the players' names while a hand is played."""

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


def test_the_totals_beside_the_names_are_the_scoreboards(app):
    """While a hand is played the table reads only the totals (``boards.totals_of``): for every
    player they are the scoreboard's, by pairs too, at every change of seeded matches."""
    import random

    from referee.matches import replay
    from referee.matches.service import MatchService
    from referee.web import boards, get_db

    from tests.matches.test_carried_on import start, tap

    for variant, names, options, seed in (("traditional", ["Аня", "Боря", "Вера", "Гоша"], KOZEL, 1),
                                          ("muggins", ["Аня", "Боря"], {"target": 60}, 2)):
        rng = random.Random(seed)
        with app.test_request_context("/", headers={"Accept-Language": "ru"}):
            service = MatchService(get_db)
            m = dict(service.create(variant, names, options))
            seen = 0
            for _ in range(150):
                evs, state = service.load(m)
                ph = replay.phase(state)
                if ph == "over":
                    break
                if ph != "play":
                    start(service, get_db(), m, rng)
                    continue
                kept = boards.totals_of(state.report).totals
                whole = boards.score_of(m, state.report).totals
                assert {p: kept.get(p, 0) for p in names} == {p: whole.get(p, 0) for p in names}
                seen += any(whole.get(p, 0) for p in names)
                change, played = tap(state, rng)
                service.apply(m, state, len(evs), change, played=played)
            assert seen  # totals other than 0 were compared
