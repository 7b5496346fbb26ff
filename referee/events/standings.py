"""Standings (rules brief, "Events"): each table's places, match points and score differences,
the byes, and the order by the event's tie-breaks. Every figure is exact (fractions); nothing of
it is stored in the record."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .model import Event, Round, Table


class Units:
    """The event's units in entry order and which unit each entrant belongs to."""

    def __init__(self, event: Event):
        self.ids: list[tuple[str, ...]] = event.unit_ids()
        self.of: dict[str, int] = {x: i for i, unit in enumerate(self.ids) for x in unit}
        self.event = event

    def __len__(self) -> int:
        return len(self.ids)

    def at(self, seats: tuple[str, ...] | list[str]) -> list[int]:
        """The units seated, in seat order (a fixed pair once, at its first seat)."""
        out: list[int] = []
        for x in seats:
            u = self.of[x]
            if u not in out:
                out.append(u)
        return out

    def listed(self, ids: tuple[str, ...] | list[str]) -> list[int]:
        """The units a list of ids names (byes, withdrawals), in the list's order."""
        return self.at(ids)

    def names(self, u: int) -> list[str]:
        return [self.event.entrant(x).name for x in self.ids[u]]


@dataclass
class Seat:
    """One unit's outcome at one table."""

    unit: int
    place: Fraction | None          # None: every side absent (each a loss)
    match_points: Fraction
    score_diff: Fraction
    side: int


@dataclass
class TableOutcome:
    table: Table
    seats: list[Seat]
    #: the units of each side
    sides: list[list[int]]

    def of(self, u: int) -> Seat:
        return next(s for s in self.seats if s.unit == u)

    def opponents(self, u: int) -> list[int]:
        """The units ``u`` met at this table: everyone on another side."""
        mine = self.of(u).side
        return [s.unit for s in self.seats if s.side != mine]


def side_units(event: Event, units: Units, table: Table) -> list[list[int]]:
    out: list[list[int]] = []
    for group in event.side_groups():
        side: list[int] = []
        for s in group:
            u = units.of[table.seats[s]]
            if u not in side:
                side.append(u)
        out.append(side)
    return out


def outcome(event: Event, units: Units, table: Table) -> TableOutcome | None:
    """Places, match points and score differences at a table with a result (None without one)."""
    res = table.result
    if res is None or res.ended is None:
        return None
    sides = side_units(event, units, table)
    groups = event.side_groups()
    k = len(sides)
    win, draw, loss = event.match_points
    F = event.forfeit_diff

    def mp_of(place: Fraction) -> Fraction:
        if k == 2:
            return win if place == 1 else (draw if place == Fraction(3, 2) else loss)
        return k - place

    seats: list[Seat] = []
    if res.kind == "forfeit":
        absent = set(res.absent)
        gone = [any(table.seats[s] in absent for s in g) for g in groups]
        present = k - sum(gone)
        for i, side in enumerate(sides):
            if present == 0:
                seats.extend(Seat(u, None, loss if k == 2 else Fraction(0), -F, i) for u in side)
                continue
            place = Fraction(present + 1, 2) if not gone[i] else Fraction(present + 1 + k, 2)
            seats.extend(Seat(u, place, mp_of(place), F if not gone[i] else -F, i) for u in side)
        return TableOutcome(table, seats, sides)
    totals = [res.totals[table.seats[g[0]]] for g in groups]
    better_low = event.kind == "penalty"
    for i, side in enumerate(sides):
        mine = totals[i]
        ahead = sum(1 for t in totals if (t < mine if better_low else t > mine))
        level = sum(1 for t in totals if t == mine)          # itself included
        place = ahead + Fraction(level + 1, 2)               # the mean of places ahead+1 … ahead+level
        others = [t for j, t in enumerate(totals) if j != i]
        mean = sum(others, Fraction(0)) / len(others)
        diff = mean - mine if better_low else mine - mean
        seats.extend(Seat(u, place, mp_of(place), diff, i) for u in side)
    return TableOutcome(table, seats, sides)


@dataclass
class Line:
    """One unit's figures after some round."""

    unit: int
    match_points: Fraction = Fraction(0)
    score_diff: Fraction = Fraction(0)
    buchholz: Fraction = Fraction(0)
    played: int = 0
    byes: int = 0
    #: every opponent met, once per meeting (units)
    met: list[int] = field(default_factory=list)
    #: (opponent, the win/draw/loss match points by the two places) for each meeting
    against: list[tuple[int, Fraction]] = field(default_factory=list)
    withdrawn: int | None = None
    place: int = 0


def bye_points(event: Event) -> Fraction:
    """A bye scores a win's match points (k ≥ 3 sides: k − 1, a lone first place)."""
    return event.match_points[0] if event.two_sides else Fraction(event.seats - 1)


def lines_after(event: Event, after: int, units: Units | None = None) -> list[Line]:
    """Every unit's figures over rounds 1…``after`` (a table with no result counts nothing)."""
    units = units or Units(event)
    lines = [Line(u) for u in range(len(units))]
    win, draw, loss = event.match_points
    for rnd in event.round_list[:after]:
        _take_round(event, units, rnd, lines, win, draw, loss)
    for rnd in event.round_list:
        for u in units.listed(rnd.withdrawn):
            lines[u].withdrawn = rnd.number
    for line in lines:
        line.buchholz = sum((lines[o].match_points for o in line.met), Fraction(0))
    return lines


def _take_round(event: Event, units: Units, rnd: Round, lines: list[Line], win: Fraction, draw: Fraction,
                loss: Fraction) -> None:
    for table in rnd.tables:
        out = outcome(event, units, table)
        if out is None:
            continue
        for seat in out.seats:
            line = lines[seat.unit]
            line.match_points += seat.match_points
            line.score_diff += seat.score_diff
            line.played += 1
            for o in out.opponents(seat.unit):
                line.met.append(o)
                other = out.of(o).place
                if seat.place is None or other is None:
                    value = loss
                elif seat.place < other:
                    value = win
                elif seat.place == other:
                    value = draw
                else:
                    value = loss
                line.against.append((o, value))
    bp = bye_points(event)
    for u in units.listed(rnd.byes):
        lines[u].match_points += bp
        lines[u].byes += 1


def _head_to_head(group: list[int], lines: list[Line]) -> dict[int, Fraction] | None:
    """Each unit's score against the others of ``group``, or None where two of them never met."""
    members = set(group)
    for i, a in enumerate(group):
        for b in group[i + 1:]:
            if b not in lines[a].met:
                return None
    return {u: sum((v for o, v in lines[u].against if o in members), Fraction(0)) for u in group}


def order(event: Event, lines: list[Line]) -> list[int]:
    """The units best first: the tie-breaks in turn to the units still level; ``lot`` (the entry
    order) last, so that no place is shared."""
    groups: list[list[int]] = [sorted(range(len(lines)))]
    for tb in event.tiebreaks:
        split: list[list[int]] = []
        for g in groups:
            if len(g) == 1:
                split.append(g)
                continue
            if tb == "lot":
                split.extend([u] for u in sorted(g))
                continue
            if tb == "head_to_head":
                scores = _head_to_head(g, lines)
                if scores is None:
                    split.append(g)
                    continue
                value: dict[int, Fraction] = scores
            elif tb == "match_points":
                value = {u: lines[u].match_points for u in g}
            elif tb == "buchholz":
                value = {u: lines[u].buchholz for u in g}
            else:
                value = {u: lines[u].score_diff for u in g}
            ranked = sorted(g, key=lambda u: -value[u])
            run = [ranked[0]]
            for u in ranked[1:]:
                if value[u] == value[run[-1]]:
                    run.append(u)
                else:
                    split.append(run)
                    run = [u]
            split.append(run)
        groups = split
    out = [u for g in groups for u in g]
    for place, u in enumerate(out, 1):
        lines[u].place = place
    return out


def number_json(x: Fraction, digits: int | None = None) -> int | float:
    """An exact figure as a JSON number: a whole number as such, else a float (``digits``: rounded)."""
    if x.denominator == 1:
        return int(x)
    if digits is not None:
        r = round(x, digits)
        return int(r) if r.denominator == 1 else float(r)
    return float(x)


def standings(event: Event, after: int | None = None) -> list[dict[str, Any]]:
    """``referee event standings --json``: one object per unit, best first (of an event read and
    judged: ``referee.events.load``; a game record's totals are the judge's)."""
    units = Units(event)
    n = len(event.round_list) if after is None else after
    lines = lines_after(event, n, units)
    out = []
    for u in order(event, lines):
        line = lines[u]
        out.append({"place": line.place, "unit": list(units.ids[u]), "names": units.names(u),
                    "match_points": number_json(line.match_points), "buchholz": number_json(line.buchholz),
                    "score_diff": number_json(line.score_diff, 2), "played": line.played, "byes": line.byes})
    return out
