"""The scoreboard of a match: one model for the score page, the table scoreboard, the read-only
view, the sheets (``referee.pdf``), the statistics and the CSVs.

It is built from the engine's report of the match's replay (``referee.record.Report``, as
``to_json`` gives it, with ``now``: what the engine's ``Match`` says of the match as it stands,
:func:`now_of`), never re-derived: who won, the «козёл», a «сухой» win, the eggs and what hangs
are the engine's. The words a page joins names with are the caller's (``pair``: «A and B»).
Pure Python: no Flask.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.record import Report
from referee.rules.catalogue import spec
from referee.rules.variants import make_variant

#: how a page names two players together (a pair): «A and B» in its language
PairWords = Callable[[str, str], str]


@dataclass(frozen=True)
class Column:
    """A column of the scoreboard: a player, or a pair (``key``: the pair's first player, as the
    engine's report counts a pair)."""

    key: str
    name: str
    members: tuple[str, ...]


@dataclass(frozen=True)
class Row:
    """One hand: how it ended, who won it, the points of each column, the running totals after
    it, what hangs after it, the eggs it carried (None: none) and, where the variant gathers
    points during play, each player's (``in_play``: the report's, as ``pdf.add_in_play`` adds
    it; a player with none is left out)."""

    number: int
    end: str | None
    winner: str | None
    points: dict[str, int]
    totals: dict[str, int]
    hanging: dict[str, int] = field(default_factory=dict)
    eggs: int | None = None
    in_play: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Hang:
    """What hangs now for a column (written once it reaches ``kozel_min``)."""

    name: str
    n: int


@dataclass(frozen=True)
class Scoreboard:
    """The match's scoreboard: a column per player (with pairs: per pair), each hand's row, the
    totals, the goal and the kind of scoring, the winners and the «козёл» (``winner`` and
    ``kozel``: their names as the page says them), what carries into the next hand."""

    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    totals: dict[str, int]
    goal: int | None
    kind: str
    #: everyone who won the match (a pair: both partners); empty while it goes on
    winners: tuple[str, ...]
    winner: str | None
    #: every player whose total reached the limit (penalty scoring), as the engine's Match says
    goats: tuple[str, ...]
    kozel: str | None
    pairs: bool
    dry: bool
    eggs: int
    hangs: tuple[Hang, ...]
    kozel_min: int
    #: each column's running totals from 0, by its name (for a chart)
    series: dict[str, list[int]]

    @property
    def over(self) -> bool:
        return bool(self.winners)


def now_of(report: Report) -> dict[str, Any]:
    """What the scoreboard reads of the engine's ``Match`` beyond the record's report: the
    «козёл» (who reached the limit), a «сухой» win, the eggs carried into the next hand and
    what hangs now (the report's ``now``)."""
    return {"goats": list(report.goats), "dry": bool(report.dry), "eggs": int(report.eggs),
            "hanging": dict(report.hanging)}


def _whole(value: Any) -> int:
    return int(value or 0)


def build(variant: str, options: Mapping[str, Any], players: list[str], report: Mapping[str, Any],
          pair: PairWords) -> Scoreboard:
    """The scoreboard of a match of ``variant`` with ``options`` and ``players`` from its
    report (``Report.to_json()`` with ``now``: :func:`now_of`)."""
    teams = report.get("teams")
    if teams:
        columns = tuple(Column(t[0], pair(t[0], t[1]), tuple(t)) for t in teams)
    else:
        columns = tuple(Column(p, p, (p,)) for p in players)
    running = {c.key: 0 for c in columns}
    series = {c.name: [0] for c in columns}
    rows = []
    for i, h in enumerate(report.get("hands") or [], start=1):
        pts = h.get("points") or {}
        for c in columns:
            running[c.key] += _whole(pts.get(c.key, 0))
            series[c.name].append(running[c.key])
        in_play = h.get("in_play") or h.get("scores") or {}
        if isinstance(in_play, list):       # a hand's scores in seating order
            in_play = dict(zip(players, in_play))
        rows.append(Row(number=h.get("number") or i, end=h.get("end"), winner=h.get("winner"),
                        points=dict(pts), totals=dict(running), hanging=dict(h.get("hanging") or {}),
                        eggs=h.get("eggs"), in_play={p: n for p, n in in_play.items() if n}))
    s = spec(variant)
    now = report.get("now") or {}
    winners = report.get("match_winners") or ([report["match_winner"]] if report.get("match_winner") else [])
    goats = list(now.get("goats") or [])
    kozel = None
    if goats and make_variant(variant, len(players), dict(options)).names_the_kozel():
        kozel = pair(goats[0], goats[1]) if teams and len(goats) == 2 else ", ".join(goats)
    winner = None
    if winners:
        winner = pair(winners[0], winners[1]) if len(winners) == 2 else winners[0]
    hanging = now.get("hanging") or {}
    return Scoreboard(
        columns=columns, rows=tuple(rows), totals=dict(report.get("totals") or running),
        goal=s.goal(options), kind=s.scoring_kind(options), winners=tuple(winners), winner=winner,
        goats=tuple(goats), kozel=kozel, pairs=bool(teams), dry=bool(now.get("dry")),
        eggs=_whole(now.get("eggs")),
        hangs=tuple(Hang(c.name, hanging[c.key]) for c in columns if hanging.get(c.key)),
        kozel_min=_whole(options.get("kozel_min")), series=series)


#: what :func:`of_match` reads of the replay's report: a scoreboard made from a report with the
#: same values of these is the same (the read-only view keeps its drawing by them)
READS = ("teams", "hands", "totals", "now", "match_winners", "match_winner")
#: what :func:`build` reads of each of the report's hands (the hand in play carries more, its
#: players' pips left, which change with every move and move nothing on the scoreboard)
HAND_READS = ("number", "end", "winner", "points", "in_play", "scores", "hanging", "eggs")


def made_of(report: Mapping[str, Any]) -> list[Any]:
    """The values of ``READS`` a scoreboard is made from, each hand's as ``HAND_READS`` says: two
    reports with the same make the same scoreboard."""
    return [[[h.get(k) for k in HAND_READS] for h in report.get("hands") or []] if k == "hands"
            else report.get(k) for k in READS]


def of_match(match: Mapping[str, Any], report: Mapping[str, Any], pair: PairWords) -> Scoreboard:
    """:func:`build` for a stored match (its ``variant``, ``options`` and ``players``)."""
    return build(match["variant"], match["options"], list(match["players"]), report, pair)
