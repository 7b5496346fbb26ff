"""referee.events: club nights and tournaments (rules brief, "Events"; the event record
``referee-event/1``). Pure, typed Python: no Flask, no database; beside it, without Flask but
with the store, ``service`` (the director's changes to a stored event, ``EventService``), ``live``
(a stored event read with its tables' matches) and ``clubs`` (a club's own changes, ``ClubService``).

    read(source) -> Event            the record's form (EventError, code 2)
    judge(event)                     the rules of events (EventError, code 1); fills each game
                                     record's totals (replayed through referee.record)
    check(source, lang)              (exit code, the ``referee event check --json`` object, event)
    standings(event, after)          ``referee event standings --json``
    propose(event, number)           ``referee event pair --json``
    to_record(event) / dumps(event)  the record again (the web app's export)
"""

from __future__ import annotations

import json
from typing import Any

from .judge import judge
from .model import FORMAT, Entrant, Event, EventError, Result, Round, Table
from .pairing import propose
from .reader import read
from .standings import number_json, standings

__all__ = ["FORMAT", "Entrant", "Event", "EventError", "Result", "Round", "Table", "read", "judge",
           "check", "examine", "load", "standings", "propose", "to_record", "dumps"]


def load(source: Any) -> Event:
    """Read and judge an event (the first fault raises ``EventError``: code 2 or 1)."""
    event = read(source)
    judge(event)
    return event


def examine(source: Any) -> tuple[Event | None, EventError | None]:
    """The event (None when it cannot be read) and its first fault (None when it keeps every rule)."""
    event: Event | None = None
    try:
        event = read(source)
        judge(event)
    except EventError as e:
        return event, e
    return event, None


def check(source: Any, lang: str = "ru") -> tuple[int, dict[str, Any], Event | None]:
    """``referee event check``: (exit code, its JSON object, the event when it could be read)."""
    event, err = examine(source)
    if err is not None:
        return err.code, {"ok": False, "error": err.to_json(lang)}, event
    return 0, {"ok": True, "error": None}, event


def to_record(event: Event) -> dict[str, Any]:
    """The event as its record (``referee-event/1``): what was given, nothing computed."""
    game: dict[str, Any] = {"variant": event.variant, "seats": event.seats}
    if event.given_options:
        game["options"] = dict(event.given_options)
    if event.hand_limit is not None:
        game["hand_limit"] = event.hand_limit
    if event.time_limit is not None:
        game["time_limit"] = event.time_limit
    out: dict[str, Any] = {"format": FORMAT, "name": event.name}
    if event.date is not None:
        out["date"] = event.date
    out.update({"game": game, "system": event.system, "unit": event.unit, "rounds": event.rounds})
    if event.given_match_points is not None:
        out["match_points"] = {k: number_json(v) for k, v in zip(("win", "draw", "loss"), event.match_points)}
    if event.given_tiebreaks is not None:
        out["tiebreaks"] = list(event.given_tiebreaks)
    if event.given_forfeit_diff is not None:
        out["forfeit_diff"] = number_json(event.forfeit_diff)
    out["entrants"] = [dict({"id": e.id, "name": e.name}, **({"joined": e.joined} if e.joined != 1 else {}))
                       for e in event.entrants]
    if event.pairs is not None:
        out["pairs"] = [list(p) for p in event.pairs]
    rounds = []
    for rnd in event.round_list:
        r: dict[str, Any] = {"round": rnd.number,
                             "tables": [dict({"table": t.number, "seats": list(t.seats)},
                                             **({"result": t.result.raw} if t.result is not None else {}))
                                        for t in rnd.tables]}
        if rnd.byes:
            r["byes"] = list(rnd.byes)
        if rnd.withdrawn:
            r["withdrawn"] = list(rnd.withdrawn)
        if rnd.changed:
            r["changed"] = True
        rounds.append(r)
    out["round_list"] = rounds
    return out


def dumps(event: Event) -> str:
    return json.dumps(to_record(event), ensure_ascii=False, indent=1)
