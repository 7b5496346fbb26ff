"""A club's ratings (``rate_games``): matches rated one after another, reckoned by hand from the
Weng–Lin formulas for the first ones, pairs rated per player, the ranks of a match's sides, the
seeding order; and, for any game, a winner's mu rises and a loser's falls."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from referee.events.rating import Game, rate_games, ranks_of, seeded

# openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300 (added to every sigma before a match)
SIGMA2 = (25 / 3) ** 2 + (25 / 300) ** 2
BETA2 = (25 / 6) ** 2


def test_one_match_of_two_by_hand():
    r = rate_games([Game("1", (("a",), ("b",)), (1.0, 2.0), "2026-12-01")])
    c = math.sqrt(2 * (SIGMA2 + BETA2))
    step = SIGMA2 / c / 2               # equal mus: each wins with probability 1/2
    assert r["a"].mu == pytest.approx(25 + step, abs=1e-9) and r["b"].mu == pytest.approx(25 - step, abs=1e-9)
    assert round(r["a"].mu, 4) == 27.6354
    delta = math.sqrt(SIGMA2) / c * SIGMA2 / c ** 2 / 4
    assert r["a"].sigma == pytest.approx(math.sqrt(SIGMA2 * (1 - delta)), abs=1e-9)
    assert r["a"].history == [{"game": "1", "date": "2026-12-01", "mu": r["a"].mu, "sigma": r["a"].sigma}]
    assert r["a"].matches == r["b"].matches == 1


def test_a_second_match_starts_from_the_first_ones_ratings():
    """The second match is rated from where the first left its players (openskill asked
    directly, one match at a time), and a player who sat out keeps his rating."""
    games = [Game("1", (("a",), ("b",)), (1.0, 2.0)), Game("2", (("b",), ("c",)), (1.0, 2.0))]
    r = rate_games(games, names={"a": "Аня", "b": "Боря", "c": "Вера", "d": "Гоша"})
    m = PlackettLuce()
    a, b, c = m.rating(), m.rating(), m.rating()
    [[a], [b]] = m.rate([[a], [b]], ranks=[1.0, 2.0])
    [[b], [c]] = m.rate([[b], [c]], ranks=[1.0, 2.0])
    assert (r["a"].mu, r["b"].mu, r["c"].mu) == (pytest.approx(a.mu), pytest.approx(b.mu), pytest.approx(c.mu))
    assert r["b"].sigma == pytest.approx(b.sigma)
    assert [h["game"] for h in r["b"].history] == ["1", "2"]
    assert r["b"].name == "Боря"
    # a player with no match yet is listed, unrated
    assert (r["d"].mu, r["d"].sigma, r["d"].matches) == (25, pytest.approx(25 / 3), 0)


def test_a_kozel_pair_is_rated_per_player():
    r = rate_games([Game("1", (("a", "c"), ("b", "d")), (1.0, 2.0))])
    team = 2 * SIGMA2
    c = math.sqrt(2 * (team + BETA2))
    step = team / c / 2 / 2             # the team's move, shared by its two players' variances
    assert r["a"].mu == pytest.approx(25 + step) and r["c"].mu == pytest.approx(25 + step)
    assert r["b"].mu == pytest.approx(25 - step) and r["d"].mu == pytest.approx(25 - step)
    # partners keep ratings of their own: with different priors they move by different amounts
    r2 = rate_games([Game("1", (("a", "c"), ("b", "d")), (1.0, 2.0))], prior={"a": (30.0, 3.0)})
    assert r2["a"].mu - 30 < r2["c"].mu - 25


def test_ranks_of_a_matchs_sides():
    assert ranks_of([0, 120], lower_wins=True, winners=[0]) == (1.0, 2.0)          # «козёл»: fewer is better
    assert ranks_of([100, 60, 60, 10], lower_wins=False, winners=[0]) == (1.0, 2.5, 2.5, 4.0)
    assert ranks_of([7, 7], lower_wins=False) == (1.5, 1.5)
    # the match's winner ranks first even where its total is not the best (the variant decides)
    assert ranks_of([90, 110, 20], lower_wins=False, winners=[0]) == (1.0, 2.0, 3.0)


def test_seeding_puts_the_best_rating_first_and_the_unrated_last():
    ratings = {"a": (20.0, 2.0), "b": (30.0, 2.0), "c": (25.0, 25 / 3), "e": (20.0, 2.0)}
    # ordinals: a 14, b 24, c 0, e 14 (level with a: the order given); d has no rating: last
    assert seeded(["a", "b", "c", "d", "e"], ratings) == ["b", "a", "e", "c", "d"]
    assert seeded(["d", "e", "c", "b", "a"], ratings) == ["b", "e", "a", "c", "d"]
    assert seeded(["x", "d"], ratings) == ["x", "d"]
    assert seeded([], ratings) == []


def test_a_game_needs_two_sides_each_ranked():
    with pytest.raises(ValueError):
        rate_games([Game("1", (("a",),), (1.0,))])
    with pytest.raises(ValueError):
        rate_games([Game("1", (("a",), ("b",)), (1.0,))])


prior = st.tuples(st.floats(10, 40), st.floats(1, 9))


@settings(max_examples=60, deadline=None)
@given(sides=st.integers(2, 4), pairs=st.booleans(), priors=st.lists(prior, min_size=8, max_size=8))
def test_a_winner_rises_and_the_last_falls(sides, pairs, priors):
    """Whoever the players and their ratings before, the side ranked first gains mu, the side
    ranked last loses it, and every sigma shrinks or stays (a result is information)."""
    size = 2 if pairs and sides == 2 else 1
    ids = [str(i) for i in range(sides * size)]
    groups = tuple(tuple(ids[s * size:(s + 1) * size]) for s in range(sides))
    ranks = tuple(float(i + 1) for i in range(sides))
    start = {pid: priors[int(pid)] for pid in ids}
    r = rate_games([Game("1", groups, ranks)], prior=start)
    for pid in groups[0]:
        assert r[pid].mu > start[pid][0]
    for pid in groups[-1]:
        assert r[pid].mu < start[pid][0]
    for pid in ids:
        assert r[pid].sigma <= math.sqrt(start[pid][1] ** 2 + (25 / 300) ** 2) + 1e-9
