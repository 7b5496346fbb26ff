"""Judging a well-formed event (exit 1, ``EventError`` code 1): every table's game record replayed
through ``referee.record`` (the one replay path) for its totals, the limits and what ended each
match, who may sit in each round, and the round robin's circle."""

from __future__ import annotations

from fractions import Fraction

from ..record import replay
from .model import Event, EventError, Result, Round, Table
from .pairing import active, circle
from .standings import Units


def _fault(rule: str, rnd: int, table: int | None = None, **params: object) -> EventError:
    return EventError(rule, dict(params), code=1, round=rnd, table=table)


def judge(event: Event) -> None:
    """Raise the first broken rule of events (round by round, table by table); fill in each game
    record's totals and what ended it."""
    units = Units(event)
    joined_by_unit = [event.entrant(ids[0]).joined for ids in units.ids]
    gone_in: dict[int, int] = {}
    for rnd in event.round_list:
        for u in units.listed(rnd.withdrawn):
            gone_in.setdefault(u, rnd.number)
    for rnd in event.round_list:
        for table in rnd.tables:
            if table.result is not None:
                _result(event, rnd, table, table.result)
        _who_sits(event, units, rnd, joined_by_unit, gone_in)


def _who_sits(event: Event, units: Units, rnd: Round, joined: list[int], gone_in: dict[int, int]) -> None:
    there: list[int] = []
    for table in rnd.tables:
        there.extend(units.at(table.seats))
    byes = units.listed(rnd.byes)
    for u in there + byes:
        first = units.ids[u][0]
        if joined[u] > rnd.number:
            raise _fault("event.not_active", rnd.number, id=first, what="before_joined", joined=joined[u])
        if u in gone_in and gone_in[u] <= rnd.number:
            raise _fault("event.not_active", rnd.number, id=first, what="after_withdrawn", withdrawn=gone_in[u])
    if not rnd.tables or event.system == "free":
        return
    for u in active(event, units, rnd.number):
        if u not in there and u not in byes:
            raise _fault("event.unseated", rnd.number, id=units.ids[u][0])
    if event.system == "round_robin" and not rnd.changed:
        tables, want_byes = circle(event, units, rnd.number)
        meetings = {frozenset(units.at(t.seats)) for t in rnd.tables}
        if meetings != {frozenset(t) for t in tables}:
            raise _fault("event.circle", rnd.number, what="circle_meetings")
        if set(byes) != set(want_byes):
            raise _fault("event.circle", rnd.number, what="circle_byes")


def _result(event: Event, rnd: Round, table: Table, res: Result) -> None:
    where = {"rnd": rnd.number, "table": table.number}
    if res.kind == "match":
        rec = res.record
        rep = replay(rec)
        if rep.error_obj is not None:
            e = rep.error or {}
            raise EventError("event.record_rule", {}, code=1, round=rnd.number, table=table.number,
                             record=(rep.error_obj, e.get("hand"), e.get("turn"), e.get("move")))
        if any(h.end is None for h in rep.hands):
            raise _fault("event.record_unfinished", **where)
        played = sum(1 for h in rep.hands if h.end != "redeal")
        if event.hand_limit is not None and played > event.hand_limit:
            raise _fault("event.hand_limit", **where, hands=played, limit=event.hand_limit)
        if rep.match_winner is not None:
            real = "target"
        elif event.hand_limit is not None and played == event.hand_limit:
            real = "hands"
        else:
            real = "time"
        if res.given_ended is not None and res.given_ended != real:
            raise _fault("event.ended", **where, ended=res.given_ended, real=real)
        by_name = {event.entrant(x).name: x for x in table.seats}
        res.totals = {by_name[name]: Fraction(total) for name, total in rep.totals.items()}
        res.ended = real
    if res.ended == "hands" and event.hand_limit is None or res.ended == "time" and event.time_limit is None:
        raise _fault("event.no_limit", **where, ended=res.ended)
    if res.ended == "target":
        sides = [res.totals[table.seats[g[0]]] for g in event.side_groups()]
        best = min(sides) if event.kind == "penalty" else max(sides)
        if sides.count(best) > 1:
            raise _fault("event.level_target", **where)
