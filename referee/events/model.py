"""The event record's parts, as the reader makes them (``referee-event/1``), and its refusal."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .messages import message

FORMAT = "referee-event/1"
SYSTEMS = ("swiss", "round_robin", "free")
UNITS = ("player", "pair")
TIEBREAKS = ("match_points", "buchholz", "score_diff", "head_to_head", "lot")
#: the tie-breaks of each system when the event lists none (rules brief)
DEFAULT_TIEBREAKS: dict[str, tuple[str, ...]] = {
    "swiss": ("match_points", "buchholz", "score_diff", "head_to_head", "lot"),
    "round_robin": ("match_points", "head_to_head", "score_diff", "lot"),
    "free": ("match_points", "score_diff", "lot"),
}
ENDED = ("target", "hands", "time")


class EventError(ValueError):
    """A refusal of an event: ``code`` 2 (the file cannot be read as an event) or 1 (a rule of
    events is broken); ``round``/``table`` say where; ``record`` is a table's game-record error
    (its refusal, hand, turn and move) when the fault is in that record."""

    def __init__(self, rule: str, params: dict[str, Any] | None = None, *, code: int = 2,
                 round: int | None = None, table: int | None = None,
                 record: tuple[Any, int | None, int | None, str | None] | None = None):
        super().__init__(rule)
        self.rule = rule
        self.params = dict(params or {})
        if round is not None:
            self.params.setdefault("round", round)
        if table is not None:
            self.params.setdefault("table", table)
        self.code = code
        self.round = round
        self.table = table
        #: the game record's own refusal: (its RuleError, hand, turn, move)
        self.record = record

    def record_json(self, lang: str = "ru") -> dict[str, Any] | None:
        """The table's game-record ``error`` as ``referee check --json`` reports it, or None."""
        if self.record is None:
            return None
        err, hand, turn, move = self.record
        return {"hand": hand, "turn": turn, "move": move, "rule": err.rule, "message": err.message(lang)}

    def message(self, lang: str = "ru") -> str:
        """The refusal in ``lang``'s words (a game record's own refusal said in them too)."""
        if self.record is not None and "message" not in self.params:
            return message(self.rule, dict(self.params, message=self.record[0].message(lang)), lang)
        return message(self.rule, self.params, lang)

    def __str__(self) -> str:
        return self.message("en")

    def to_json(self, lang: str = "ru") -> dict[str, Any]:
        return {"round": self.round, "table": self.table, "rule": self.rule,
                "message": self.message(lang), "record": self.record_json(lang)}


@dataclass(frozen=True)
class Entrant:
    id: str
    name: str
    joined: int = 1


@dataclass
class Result:
    """A table's result. ``kind``: ``match`` (a game record), ``totals`` or ``forfeit``.
    ``totals`` (entrant id -> total, exact) is filled for ``totals`` at once and for ``match``
    once the record is replayed (``judge``); ``ended`` likewise."""

    kind: str
    raw: dict[str, Any]
    totals: dict[str, Fraction] = field(default_factory=dict)
    ended: str | None = None
    given_ended: str | None = None
    absent: tuple[str, ...] = ()
    #: the table's game record, read (``referee.record.Record``)
    record: Any = None


@dataclass
class Table:
    number: int
    seats: tuple[str, ...]
    result: Result | None = None


@dataclass
class Round:
    number: int
    tables: list[Table] = field(default_factory=list)
    byes: tuple[str, ...] = ()
    withdrawn: tuple[str, ...] = ()
    changed: bool = False


@dataclass
class Event:
    name: str
    variant: str
    given_options: dict[str, Any]
    options: dict[str, Any]
    seats: int
    system: str
    unit: str
    rounds: int
    entrants: list[Entrant]
    round_list: list[Round]
    pairs: list[tuple[str, str]] | None = None
    date: str | None = None
    hand_limit: int | None = None
    time_limit: int | None = None
    match_points: tuple[Fraction, Fraction, Fraction] = (Fraction(1), Fraction(1, 2), Fraction(0))
    given_match_points: dict[str, Any] | None = None
    tiebreaks: tuple[str, ...] = ()
    given_tiebreaks: list[str] | None = None
    forfeit_diff: Fraction = Fraction(0)
    given_forfeit_diff: Any = None
    #: "credit", "penalty" or "wins": how the variant's totals are compared (penalty: lower is better)
    kind: str = "credit"
    #: the game's target (penalty scoring: its limit), None without one
    goal: int | None = None
    raw: dict[str, Any] = field(default_factory=dict)

    # -- what the rules brief derives from the record -----------------------------------------

    @property
    def teams(self) -> bool:
        """A pairs game: two sides of two partners (1st and 3rd seat against 2nd and 4th)."""
        return self.options.get("teams") == "pairs"

    @property
    def rotating(self) -> bool:
        """A pairs game of individuals: the app forms the partners of each round."""
        return self.teams and self.unit == "player"

    @property
    def units_per_table(self) -> int:
        return 2 if self.unit == "pair" else self.seats

    @property
    def two_sides(self) -> bool:
        return self.teams or self.seats == 2

    def side_groups(self) -> list[tuple[int, ...]]:
        """The seat indexes of each side at a table."""
        if self.teams:
            return [(0, 2), (1, 3)]
        return [(s,) for s in range(self.seats)]

    def unit_ids(self) -> list[tuple[str, ...]]:
        """Every unit in entry order: a player's id alone, or a pair's two ids as ``pairs`` lists them."""
        if self.unit == "pair":
            return [tuple(p) for p in (self.pairs or [])]
        return [(e.id,) for e in self.entrants]

    def entrant(self, eid: str) -> Entrant:
        # where each id stood when last asked (checked against the list as it is now)
        index: dict[str, int] = self.__dict__.setdefault("_position", {})
        pos = index.get(eid)
        if pos is None or pos >= len(self.entrants) or self.entrants[pos].id != eid:
            index.clear()
            index.update((e.id, i) for i, e in enumerate(self.entrants))
            pos = index[eid]
        return self.entrants[pos]
