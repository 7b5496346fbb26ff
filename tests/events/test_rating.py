"""Players' ratings from an event (openskill, Plackett–Luce): the first updates reckoned by hand from
the Weng–Lin formulas, pairs rated per player, forfeits and byes not rated, prior ratings, and the
``referee event ratings`` command."""

from __future__ import annotations

import json
import math

import pytest

import referee.events as ev
from referee import cli
from referee.events.rating import rate

from .helpers import YARD, event, forfeit, rnd, table

# openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300 (added to every sigma before a match)
SIGMA2 = (25 / 3) ** 2 + (25 / 300) ** 2
BETA2 = (25 / 6) ** 2


def by_id(rated):
    return {r.id: r for r in rated}


def test_one_game_of_two_by_hand():
    e = ev.load(event("ab", rounds=1, round_list=[rnd(1, table(1, "ab", [100, 30]))]))
    r = by_id(rate(e))
    # c² = Σ over the two teams of (σ² + τ² + β²); the winner's mu moves by (σ² + τ²)/c × (1 − 1/2),
    # the loser's by the same downwards (equal mus: each wins with probability 1/2)
    c = math.sqrt(2 * (SIGMA2 + BETA2))
    step = SIGMA2 / c / 2
    assert r["a"].mu == pytest.approx(25 + step, abs=1e-9) and r["b"].mu == pytest.approx(25 - step, abs=1e-9)
    assert round(r["a"].mu, 4) == 27.6354
    # sigma² × (1 − γ (σ²/c²) p (1 − p)), γ = σ/c, p = 1/2
    delta = math.sqrt(SIGMA2) / c * SIGMA2 / c ** 2 / 4
    assert r["a"].sigma == pytest.approx(math.sqrt(SIGMA2 * (1 - delta)), abs=1e-9)
    assert r["a"].matches == 1 and r["a"].history == [{"round": 1, "table": 1, "mu": r["a"].mu,
                                                       "sigma": r["a"].sigma}]


def test_a_kozel_pair_is_rated_per_player():
    obj = event("abcd", seats=4, options=YARD, unit="pair", rounds=1, pairs=[["a", "c"], ["b", "d"]],
                round_list=[rnd(1, table(1, "abcd", [20, 101, 20, 101]))])
    r = by_id(rate(ev.load(obj)))
    # a team's sigma² is its players' sum: 2(σ² + τ²); c² = Σ over both teams of (team σ² + β²);
    # the team's mu moves by team σ²/c × 1/2, each player by his share of the team's σ² (half)
    team = 2 * SIGMA2
    c = math.sqrt(2 * (team + BETA2))
    step = team / c / 2 / 2
    assert round(25 + step, 4) == 26.9643
    assert r["a"].mu == pytest.approx(25 + step) and r["c"].mu == pytest.approx(25 + step)
    assert r["b"].mu == pytest.approx(25 - step) and r["d"].mu == pytest.approx(25 - step)
    # partners keep ratings of their own: with different priors they move by different amounts
    r2 = by_id(rate(ev.load(obj), prior={"a": (30.0, 3.0)}))
    assert r2["a"].mu - 30 < r2["c"].mu - 25


def test_forfeits_byes_and_tables_still_playing_are_not_rated():
    obj = event("abcde", rounds=2, round_list=[
        rnd(1, table(1, "ad", [100, 20]), forfeit(2, "be", "e"), byes=["c"]),
        rnd(2, table(1, "ab"), table(2, "cd", [100, 50]), byes=["e"])])
    r = by_id(rate(ev.load(obj)))
    assert (r["b"].mu, r["b"].matches) == (25, 0)           # a forfeit won and a table still playing
    assert (r["e"].mu, r["e"].matches) == (25, 0)           # a forfeit lost and a bye
    assert r["c"].matches == 1 and r["d"].matches == 2
    assert [h["round"] for h in r["d"].history] == [1, 2]
    assert by_id(rate(ev.load(obj), after=1))["c"].matches == 0


def test_a_level_place_is_a_shared_rank():
    obj = event("abcd", variant="blitz", seats=4, rounds=1, round_list=[rnd(1, table(1, "abcd", [100, 60, 60, 10]))])
    r = by_id(rate(ev.load(obj)))
    assert r["b"].mu == pytest.approx(r["c"].mu)
    assert r["a"].mu > r["b"].mu > r["d"].mu
    assert [x.id for x in rate(ev.load(obj))] == ["a", "b", "c", "d"]


def test_the_ratings_command(tmp_path, capsys):
    path = tmp_path / "e.json"
    path.write_text(json.dumps(event("ab", rounds=1, round_list=[rnd(1, table(1, "ab", [100, 30]))])),
                    encoding="utf-8")
    assert cli.main(["event", "ratings", str(path), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [(x["id"], x["mu"], x["matches"]) for x in rows] == [("a", 27.6354, 1), ("b", 22.3646, 1)]
    assert cli.main(["event", "ratings", str(path), "--lang", "ru"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Тест: рейтинг после тура 1" and out[3].split()[:3] == ["Место", "Игрок", "Рейтинг"]
    assert cli.main(["event", "ratings", str(path), "--after-round", "2", "--lang", "en"]) == 2
    assert "out of range" in capsys.readouterr().err
