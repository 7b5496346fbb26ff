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
from typing import Any, Mapping

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
