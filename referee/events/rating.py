"""Players' ratings from an event's results, with ``openskill`` (Weng–Lin Bayesian rating, the
Plackett–Luce model): every table with a result is one rated match whose teams are its sides and
whose ranks are their places (level sides share a rank), so a «Козёл» pair is rated per player —
each partner keeps a rating of his own, moved by the pair's result in proportion to his
uncertainty. Rounds are rated in order; a round's tables are one step each (a player sits at one
table a round). Byes, forfeits (nothing was played) and tables still playing are not rated.

A rating is (mu, sigma): the skill's estimate and its uncertainty; ``ordinal`` = mu − 3·sigma is
the conservative figure to rank by (openskill's own), which rises as a player's results accumulate."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from openskill.models import PlackettLuce, PlackettLuceRating

from .model import Event
from .standings import Units, outcome


@dataclass
class Rated:
    """One entrant's rating after the rounds rated, and its history (one entry per rated match)."""

    id: str
    name: str
    mu: float
    sigma: float
    matches: int = 0
    history: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "mu": round(self.mu, 4), "sigma": round(self.sigma, 4),
                "ordinal": round(self.ordinal, 4), "matches": self.matches,
                "history": [dict(h, mu=round(h["mu"], 4), sigma=round(h["sigma"], 4)) for h in self.history]}


def model() -> PlackettLuce:
    """openskill's Plackett–Luce model with its defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300)."""
    return PlackettLuce()


def rate(event: Event, after: int | None = None,
         prior: Mapping[str, tuple[float, float]] | None = None) -> list[Rated]:
    """Every entrant's rating after rounds 1…``after`` (default: every round listed), starting
    from ``prior`` (entrant id -> (mu, sigma), e.g. a club's ratings before the event; the model's
    default for anyone not in it). Returned best first (by ordinal, then entry order)."""
    m = model()
    ratings: dict[str, PlackettLuceRating] = {}
    for e in event.entrants:
        mu, sigma = (prior or {}).get(e.id, (None, None))
        ratings[e.id] = m.rating(mu=mu, sigma=sigma, name=e.id)
    out = {e.id: Rated(e.id, e.name, ratings[e.id].mu, ratings[e.id].sigma) for e in event.entrants}
    units = Units(event)
    n = len(event.round_list) if after is None else after
    for rnd in event.round_list[:n]:
        for table in rnd.tables:
            res = table.result
            if res is None or res.kind == "forfeit":
                continue
            got = outcome(event, units, table)
            if got is None:
                continue
            groups = event.side_groups()
            teams = [[ratings[table.seats[s]] for s in g] for g in groups]
            places = [float(got.of(units.of[table.seats[g[0]]]).place or 0) for g in groups]
            new = m.rate(teams, ranks=places)
            for g, team in zip(groups, new):
                for s, r in zip(g, team):
                    x = table.seats[s]
                    ratings[x] = r
                    rated = out[x]
                    rated.mu, rated.sigma = r.mu, r.sigma
                    rated.matches += 1
                    rated.history.append({"round": rnd.number, "table": table.number, "mu": r.mu,
                                          "sigma": r.sigma})
    position = {e.id: i for i, e in enumerate(event.entrants)}
    return sorted(out.values(), key=lambda r: (-r.ordinal, position[r.id]))


# -- a club's ratings: every rated match of the club, one after another --------------------------


@dataclass(frozen=True)
class Game:
    """One rated match: its ``sides`` (each a list of player ids: a player alone, or partners)
    and each side's ``rank`` (1 the best; level sides share one), ``key`` naming it in the
    history (e.g. the match's number) and ``date``."""

    key: str
    sides: tuple[tuple[str, ...], ...]
    ranks: tuple[float, ...]
    date: str = ""


def rate_games(games: Iterable[Game], names: Mapping[str, str] | None = None,
               prior: Mapping[str, tuple[float, float]] | None = None) -> dict[str, Rated]:
    """Every player's rating after ``games``, taken in the order given, each moving the ratings
    of its players only (the model of :func:`rate`: the sides are teams, the ranks their places).
    ``names``: player id -> name (and the players who have no game yet, unrated); ``prior``: the
    ratings to start from. The history holds one entry per game a player sat in
    (``game``, ``date``, ``mu``, ``sigma``)."""
    m = model()
    ratings: dict[str, PlackettLuceRating] = {}
    out: dict[str, Rated] = {}

    def of(pid: str) -> PlackettLuceRating:
        if pid not in ratings:
            mu, sigma = (prior or {}).get(pid, (None, None))
            ratings[pid] = m.rating(mu=mu, sigma=sigma, name=pid)
            out[pid] = Rated(pid, (names or {}).get(pid, pid), ratings[pid].mu, ratings[pid].sigma)
        return ratings[pid]

    for pid in names or {}:
        of(pid)
    for game in games:
        if len(game.sides) < 2 or len(game.ranks) != len(game.sides):
            raise ValueError("a rated game has two sides or more, each with its rank")
        teams = [[of(pid) for pid in side] for side in game.sides]
        new = m.rate(teams, ranks=[float(r) for r in game.ranks])
        for side, team in zip(game.sides, new):
            for pid, r in zip(side, team):
                ratings[pid] = r
                rated = out[pid]
                rated.mu, rated.sigma = r.mu, r.sigma
                rated.matches += 1
                rated.history.append({"game": game.key, "date": game.date, "mu": r.mu, "sigma": r.sigma})
    return out


def ranks_of(totals: Sequence[float], lower_wins: bool, winners: Sequence[int] = ()) -> tuple[float, ...]:
    """Each side's rank from its final total (``lower_wins``: penalty scoring); ``winners``, the
    sides the match named its winners, rank first whatever their totals (the variant decides who
    won), the others after them by their totals; level sides share the mean of the places they
    cover (two level for 2nd of 4: 2.5 each)."""
    def better(a: int, b: int) -> bool:
        """Side a ranks ahead of side b."""
        if (a in winners) != (b in winners):
            return a in winners
        return totals[a] < totals[b] if lower_wins else totals[a] > totals[b]

    n = len(totals)
    out = []
    for i in range(n):
        ahead = sum(1 for j in range(n) if j != i and better(j, i))
        level = sum(1 for j in range(n) if not better(j, i) and not better(i, j))   # itself included
        out.append(ahead + (level + 1) / 2)           # the mean of the places they cover, as an event's
    return tuple(out)


def seeded(ids: Sequence[str], ratings: Mapping[str, tuple[float, float]]) -> list[str]:
    """``ids`` in seeding order for a Swiss event's entry list (round 1 pairs by entry order):
    the rated players first, the best rating first (by ordinal, mu − 3·sigma), then the players
    without a rating (as a chess arbiter seeds the unrated last); equals, and the unrated among
    themselves, keep the order given."""
    position = {pid: i for i, pid in enumerate(ids)}

    def key(pid: str) -> tuple[int, float, int]:
        if pid not in ratings:
            return (1, 0.0, position[pid])
        mu, sigma = ratings[pid]
        return (0, -(mu - 3 * sigma), position[pid])

    return sorted(ids, key=key)
