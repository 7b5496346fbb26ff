"""Reading an event record (``referee-event/1``) whole: every fault of its form is a refusal of
exit 2 (``EventError``, code 2), found before anything is judged. What the rules of events say
about a well-formed event (exit 1) is ``judge.judge``'s."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from typing import Any

from .. import limits
from ..record import RecordError, is_date
from ..record import read as read_record
from ..rules.catalogue import VARIANTS, OptionError, resolve_options, spec
from ..rules.messages import json_error_params
from .model import (DEFAULT_TIEBREAKS, ENDED, FORMAT, SYSTEMS, TIEBREAKS, UNITS, Entrant, Event, EventError,
                    Result, Round, Table)

#: an event's text: a federation's evening of 50 tables a round, seven rounds, each table's whole
#: game record (a few kB each) fits many times over
MAX_EVENT_BYTES = 16_000_000
#: the event's own nesting (event, round_list, round, tables, table, result) above a game record's
MAX_EVENT_DEPTH = 7 + limits.MAX_DEPTH
#: entrants of one event (the Swiss pairing's search grows with the cube of the units)
MAX_ENTRANTS = 400
#: rounds of one event
MAX_ROUNDS = 200

EVENT_KEYS = frozenset({"format", "name", "date", "game", "system", "unit", "rounds", "match_points",
                        "tiebreaks", "forfeit_diff", "entrants", "pairs", "round_list"})
REQUIRED = ("name", "game", "system", "unit", "rounds", "entrants")
GAME_KEYS = frozenset({"variant", "options", "seats", "hand_limit", "time_limit"})
ENTRANT_KEYS = frozenset({"id", "name", "joined"})
ROUND_KEYS = frozenset({"round", "tables", "byes", "withdrawn", "changed"})
TABLE_KEYS = frozenset({"table", "seats", "result"})
MATCH_POINT_KEYS = ("win", "draw", "loss")


def _field(name: str, what: str, where: str = "event", **params: Any) -> EventError:
    return EventError("event.field", dict(params, field=name, what=what, where=where),
                      round=params.get("round"), table=params.get("table"))


def _keys(obj: dict[str, Any], known: frozenset[str], where: str, **params: Any) -> None:
    for key in obj:
        if key not in known:
            raise EventError("event.unknown_key", dict(params, key=str(key)[:40], where=where),
                             round=params.get("round"), table=params.get("table"))


def _required(obj: dict[str, Any], keys: tuple[str, ...], where: str, **params: Any) -> None:
    for key in keys:
        if key not in obj:
            raise EventError("event.missing_key", dict(params, key=key, where=where),
                             round=params.get("round"), table=params.get("table"))


def _whole(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def number(x: Any) -> Fraction | None:
    """A JSON number as an exact fraction (a float as it was written: 12.5 -> 25/2), else None."""
    if isinstance(x, bool):
        return None
    if isinstance(x, int):
        return Fraction(x)
    if isinstance(x, float) and math.isfinite(x):
        return Fraction(repr(x))
    return None


def _no_constant(text: str) -> Any:
    raise ValueError(text)


def parse(source: Any) -> Any:
    """The JSON value of an event's text (bytes, str, or an already parsed object)."""
    if isinstance(source, (bytes, bytearray)):
        if len(source) > MAX_EVENT_BYTES:
            raise EventError("event.limit", {"what": "more_bytes", "most": MAX_EVENT_BYTES})
        try:
            source = bytes(source).decode("utf-8")
        except UnicodeDecodeError:
            raise EventError("event.json", {"what": "utf8"}) from None
    if isinstance(source, str):
        if len(source) > MAX_EVENT_BYTES:
            raise EventError("event.limit", {"what": "more_bytes", "most": MAX_EVENT_BYTES})
        if limits.json_depth(source) > MAX_EVENT_DEPTH:
            raise EventError("event.limit", {"what": "more_depth", "most": MAX_EVENT_DEPTH})
        try:
            return json.loads(source, parse_constant=_no_constant)
        except (ValueError, RecursionError) as e:
            if not isinstance(e, json.JSONDecodeError) and not isinstance(e, RecursionError):
                raise EventError("event.json", {"what": "json_nan"}) from None
            raise EventError("event.json", json_error_params(e)) from None
    return source


def read(source: Any) -> Event:
    """Read a whole event; every fault of its form raises ``EventError`` (code 2)."""
    obj = parse(source)
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise EventError("event.format", {})
    _keys(obj, EVENT_KEYS, "event")
    _required(obj, REQUIRED, "event")
    name = obj["name"]
    if not isinstance(name, str) or not name.strip() or len(name) > 200:
        raise _field("name", "text")
    date = obj.get("date")
    if date is not None and not is_date(date):
        raise _field("date", "date")
    # -- the game -------------------------------------------------------------------------------
    game = obj["game"]
    if not isinstance(game, dict):
        raise _field("game", "object")
    _keys(game, GAME_KEYS, "game")
    _required(game, ("variant", "seats"), "game")
    variant = game["variant"]
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise _game_error("record.variant", {"variant": str(variant)[:40]})
    vs = spec(variant)
    seats = game["seats"]
    if not _whole(seats):
        raise _field("seats", "whole", "game")
    if seats not in vs.player_counts:
        raise EventError("event.seats", {"variant": variant, "min": vs.min_players, "max": vs.max_players,
                                         "seats": seats})
    given = game.get("options", {})
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise _field("options", "object", "game")
    try:
        options = resolve_options(variant, seats, given)
    except OptionError as e:
        raise _game_error(e.rule, {k: str(v)[:40] for k, v in e.params.items()}) from None
    limits_given: dict[str, int | None] = {}
    for key in ("hand_limit", "time_limit"):
        x = game.get(key)
        if x is not None and (not _whole(x) or not 1 <= x <= 100000):
            raise _field(key, "whole", "game")
        limits_given[key] = x
    # -- system, unit, rounds -----------------------------------------------------------------------
    system = obj["system"]
    if system not in SYSTEMS:
        raise _field("system", "system")
    unit = obj["unit"]
    if unit not in UNITS:
        raise _field("unit", "unit")
    rounds = obj["rounds"]
    if not _whole(rounds) or not 1 <= rounds <= MAX_ROUNDS:
        raise _field("rounds", "whole_in", most=MAX_ROUNDS)
    teams = options.get("teams") == "pairs"
    if unit == "pair" and not (teams and seats == 4):
        raise EventError("event.unit_pair", {})
    # -- match points, tie-breaks, the forfeit's difference -------------------------------------------
    mp_raw = obj.get("match_points")
    match_points = (Fraction(1), Fraction(1, 2), Fraction(0))
    if mp_raw is not None:
        if not isinstance(mp_raw, dict) or set(mp_raw) != set(MATCH_POINT_KEYS):
            raise EventError("event.match_points", {"what": "mp_shape"})
        got = [number(mp_raw[k]) for k in MATCH_POINT_KEYS]
        if any(g is None for g in got):
            raise EventError("event.match_points", {"what": "mp_shape"})
        match_points = (got[0] or Fraction(0), got[1] or Fraction(0), got[2] or Fraction(0))
    tb_raw = obj.get("tiebreaks")
    tiebreaks: list[str] = list(DEFAULT_TIEBREAKS[system])
    if tb_raw is not None:
        if not isinstance(tb_raw, list):
            raise EventError("event.tiebreaks", {"what": "list"})
        seen: list[str] = []
        for tb in tb_raw:
            if not isinstance(tb, str) or tb not in TIEBREAKS:
                raise EventError("event.tiebreaks", {"what": "tb_unknown", "name": str(tb)[:40]})
            if tb in seen:
                raise EventError("event.tiebreaks", {"what": "tb_twice", "name": tb})
            seen.append(tb)
        # the lot ends the list, where it is written or not (after it nobody is level)
        tiebreaks = [tb for tb in seen if tb != "lot"] + ["lot"]
    goal = vs.goal(options)
    kind = vs.scoring_kind(options)
    fd_raw = obj.get("forfeit_diff")
    forfeit_diff = Fraction(goal) if goal is not None else Fraction(0)
    if fd_raw is not None:
        fd = number(fd_raw)
        if fd is None or fd < 0:
            raise _field("forfeit_diff", "number")
        forfeit_diff = fd
    # -- the entrants and the pairs ------------------------------------------------------------------
    entrants = _entrants(obj["entrants"], rounds)
    ids = {e.id: e for e in entrants}
    pairs = _pairs(obj.get("pairs"), unit, entrants)
    event = Event(name=name, variant=variant, given_options=dict(given), options=options, seats=seats,
                  system=system, unit=unit, rounds=rounds, entrants=entrants, round_list=[], pairs=pairs,
                  date=date, hand_limit=limits_given["hand_limit"], time_limit=limits_given["time_limit"],
                  match_points=match_points, given_match_points=mp_raw, tiebreaks=tuple(tiebreaks),
                  given_tiebreaks=tb_raw, forfeit_diff=forfeit_diff, given_forfeit_diff=fd_raw, kind=kind,
                  goal=goal, raw=obj)
    if system == "round_robin":
        _round_robin_form(event)
    # -- the rounds --------------------------------------------------------------------------------
    rl = obj.get("round_list", [])
    if not isinstance(rl, list):
        raise _field("round_list", "list")
    if len(rl) > rounds:
        raise EventError("event.round_more", {"rounds": rounds})
    partner = _partner_of(event)
    withdrawn_in: dict[str, int] = {}
    for i, raw_round in enumerate(rl, 1):
        event.round_list.append(_round(raw_round, i, event, ids, partner, withdrawn_in))
    for r in event.round_list[:-1]:
        if not r.tables:
            raise EventError("event.round_empty", {}, round=r.number)
    return event


def _game_error(rule: str, params: dict[str, Any]) -> EventError:
    """A refusal of the game's variant or options, in the record reader's own words."""
    return EventError("event.game", {"game_rule": rule, "game_params": dict(params)})


def _entrants(raw: Any, rounds: int) -> list[Entrant]:
    if not isinstance(raw, list):
        raise _field("entrants", "entrants_list")
    if len(raw) > MAX_ENTRANTS:
        raise EventError("event.limit", {"what": "more_entrants", "most": MAX_ENTRANTS})
    out: list[Entrant] = []
    ids: set[str] = set()
    names: dict[str, str] = {}
    for index, e in enumerate(raw, 1):
        if not isinstance(e, dict):
            raise _field("entrants", "entrants_list")
        _keys(e, ENTRANT_KEYS, "entrant", index=index)
        _required(e, ("id", "name"), "entrant", index=index)
        eid = e["id"]
        if not isinstance(eid, str) or not eid.strip() or len(eid) > 64:
            raise _field("id", "text", "entrant", index=index)
        if eid in ids:
            raise EventError("event.entrant_twice", {"id": eid, "what": "id_twice"})
        ids.add(eid)
        name = e["name"]
        why = limits.name_problem(name)
        if why is not None:
            raise _field("name", "name", "entrant", index=index, name_why=why, most=limits.NAME_MAX)
        key = limits.name_key(name)
        if key in names:
            raise EventError("event.entrant_twice", {"id": eid, "what": "name_twice", "name": name})
        names[key] = eid
        joined = e.get("joined", 1)
        if not _whole(joined) or not 1 <= joined <= rounds:
            raise _field("joined", "whole_in", "entrant", index=index, most=rounds)
        out.append(Entrant(eid, name, joined))
    return out


def _pairs(raw: Any, unit: str, entrants: list[Entrant]) -> list[tuple[str, str]] | None:
    if unit == "player":
        if raw is not None:
            raise EventError("event.pairs", {"what": "pairs_player"})
        return None
    if raw is None:
        raise EventError("event.pairs", {"what": "pairs_missing"})
    if not isinstance(raw, list):
        raise EventError("event.pairs", {"what": "pairs_shape"})
    known = {e.id: e for e in entrants}
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    for p in raw:
        if not isinstance(p, list) or len(p) != 2 or not all(isinstance(x, str) for x in p):
            raise EventError("event.pairs", {"what": "pairs_shape"})
        for x in p:
            if x not in known:
                raise EventError("event.unknown_id", {"id": x[:64], "where": "pairs"})
            if x in seen:
                raise EventError("event.pairs", {"what": "pairs_twice", "id": x})
            seen.add(x)
        a, b = p
        if known[a].joined != known[b].joined:
            raise EventError("event.joined_pair", {"pair": _pair_words(known[a].name, known[b].name)})
        out.append((a, b))
    for e in entrants:
        if e.id not in seen:
            raise EventError("event.pairs", {"what": "pairs_left", "id": e.id})
    return out


def _pair_words(a: str, b: str) -> str:
    return f"«{a}» + «{b}»"


def _round_robin_form(event: Event) -> None:
    if event.units_per_table != 2:
        raise EventError("event.round_robin", {"what": "rr_tables"})
    for e in event.entrants:
        if e.joined != 1:
            raise EventError("event.round_robin", {"what": "rr_joined", "id": e.id, "joined": e.joined})
    n = len(event.unit_ids())
    m = n + n % 2
    cycle = m - 1
    if cycle < 1 or event.rounds % cycle:
        raise EventError("event.round_robin", {"what": "rr_rounds", "units": n, "cycle": max(cycle, 1),
                                               "rounds": event.rounds})


def _partner_of(event: Event) -> dict[str, str]:
    out: dict[str, str] = {}
    for a, b in event.pairs or ():
        out[a] = b
        out[b] = a
    return out


def _ids(raw: Any, name: str, where: str, rnd: int, ids: dict[str, Entrant], table: int | None = None) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise _field(name, "ids", where, round=rnd, table=table)
    for x in raw:
        if x not in ids:
            raise EventError("event.unknown_id", {"id": x[:64], "where": where}, round=rnd, table=table)
    return list(raw)


def _whole_pairs(listed: list[str], partner: dict[str, str], where: str, rnd: int) -> None:
    """A pair is named by both its ids (byes, withdrawals)."""
    got = set(listed)
    for x in listed:
        if x in partner and partner[x] not in got:
            raise EventError("event.pair_one_id", {"id": x, "pair": f"«{x}» + «{partner[x]}»", "where": where},
                             round=rnd)


def _round(raw: Any, expected: int, event: Event, ids: dict[str, Entrant], partner: dict[str, str],
           withdrawn_in: dict[str, int]) -> Round:
    if not isinstance(raw, dict):
        raise _field("round_list", "object", round=expected)
    _keys(raw, ROUND_KEYS, "round", round=expected)
    _required(raw, ("round",), "round", round=expected)
    number = raw["round"]
    if not _whole(number) or number != expected:
        raise EventError("event.round_order", {"round": str(number)[:20], "expected": expected}, round=expected)
    rnd = Round(number)
    changed = raw.get("changed", False)
    if not isinstance(changed, bool):
        raise _field("changed", "flag", "round", round=number)
    rnd.changed = changed
    byes = _ids(raw.get("byes", []), "byes", "byes", number, ids)
    withdrawn = _ids(raw.get("withdrawn", []), "withdrawn", "withdrawn", number, ids)
    if len(set(withdrawn)) != len(withdrawn):
        x = next(x for x in withdrawn if withdrawn.count(x) > 1)
        raise EventError("event.withdrawn_twice", {"id": x, "first": number}, round=number)
    _whole_pairs(byes, partner, "byes", number)
    _whole_pairs(withdrawn, partner, "withdrawn", number)
    for x in withdrawn:
        if x in withdrawn_in:
            raise EventError("event.withdrawn_twice", {"id": x, "first": withdrawn_in[x]}, round=number)
        withdrawn_in[x] = number
    rnd.withdrawn = tuple(withdrawn)
    tables_raw = raw.get("tables", [])
    if not isinstance(tables_raw, list):
        raise _field("tables", "list", "round", round=number)
    where_seated: dict[str, int] = {}
    numbers: set[int] = set()
    for t_raw in tables_raw:
        table = _table(t_raw, number, event, ids, partner)
        if table.number in numbers:
            raise EventError("event.table_twice", {}, round=number, table=table.number)
        numbers.add(table.number)
        for x in table.seats:
            if x in where_seated:
                raise EventError("event.unit_twice", {"id": x, "what": "twice_tables", "first": where_seated[x],
                                                      "table": table.number}, round=number)
            where_seated[x] = table.number
        rnd.tables.append(table)
    seen_bye: set[str] = set()
    for x in byes:
        if x in where_seated:
            raise EventError("event.unit_twice", {"id": x, "what": "twice_table_bye", "table": where_seated[x]},
                             round=number)
        if x in seen_bye:
            raise EventError("event.unit_twice", {"id": x, "what": "twice_list"}, round=number)
        seen_bye.add(x)
    rnd.byes = tuple(byes)
    return rnd


def _table(raw: Any, rnd: int, event: Event, ids: dict[str, Entrant], partner: dict[str, str]) -> Table:
    if not isinstance(raw, dict):
        raise _field("tables", "object", "round", round=rnd)
    _keys(raw, TABLE_KEYS, "round", round=rnd)
    _required(raw, ("table", "seats"), "round", round=rnd)
    number = raw["table"]
    if not _whole(number) or not 1 <= number <= 100000:
        raise _field("table", "whole", "round", round=rnd)
    seats = _ids(raw["seats"], "seats", "seats", rnd, ids, number)
    if len(seats) != event.seats:
        raise EventError("event.table_seats", {"seats": event.seats, "count": len(seats)}, round=rnd, table=number)
    for x in seats:
        if seats.count(x) > 1:
            raise EventError("event.seated_twice", {"id": x}, round=rnd, table=number)
    if event.unit == "pair":
        for i in range(4):
            x, other = seats[i], seats[(i + 2) % 4]
            if partner.get(x) != other:
                raise EventError("event.partners", {"what": "partners_apart", "id": x, "other": other},
                                 round=rnd, table=number)
    table = Table(number, tuple(seats))
    if raw.get("result") is not None:
        table.result = _result(raw["result"], rnd, table, event, ids)
    return table


def _result(raw: Any, rnd: int, table: Table, event: Event, ids: dict[str, Entrant]) -> Result:
    def bad(what: str, **params: Any) -> EventError:
        return EventError("event.result", dict(params, what=what), round=rnd, table=table.number)

    if not isinstance(raw, dict):
        raise bad("result_form")
    keys = set(raw)
    seated = set(table.seats)
    if "match" in raw:
        if not keys <= {"match", "ended"}:
            raise bad("result_form")
        ended = raw.get("ended")
        if ended is not None and ended not in ENDED:
            raise bad("ended")
        res = Result("match", raw, given_ended=ended)
        res.record = _match_record(raw["match"], rnd, table, event, ids)
        return res
    if "totals" in raw:
        if keys != {"totals", "ended"}:
            raise bad("result_form")
        ended = raw["ended"]
        if ended not in ENDED:
            raise bad("ended")
        totals = raw["totals"]
        if not isinstance(totals, dict):
            raise bad("totals_seats")
        for x in totals:
            if x not in ids:
                raise EventError("event.unknown_id", {"id": str(x)[:64], "where": "totals"}, round=rnd,
                                 table=table.number)
        if set(totals) != seated:
            raise bad("totals_seats")
        exact: dict[str, Fraction] = {}
        for x in table.seats:
            value = number(totals[x])
            if value is None:
                raise bad("totals_number", id=x)
            exact[x] = value
        for side in event.side_groups():
            if len(side) > 1 and len({exact[table.seats[s]] for s in side}) > 1:
                a, b = (table.seats[s] for s in side)
                raise bad("totals_partners", pair=f"«{a}» + «{b}»")
        return Result("totals", raw, totals=exact, ended=ended, given_ended=ended)
    if raw.get("ended") == "forfeit":
        if keys != {"ended", "absent"}:
            raise bad("result_form")
        absent = raw["absent"]
        if not isinstance(absent, list) or not all(isinstance(x, str) for x in absent):
            raise bad("absent_seats")
        for x in absent:
            if x not in ids:
                raise EventError("event.unknown_id", {"id": x[:64], "where": "absent"}, round=rnd, table=table.number)
        if not absent or not set(absent) <= seated or len(set(absent)) != len(absent):
            raise bad("absent_seats")
        return Result("forfeit", raw, ended="forfeit", given_ended="forfeit", absent=tuple(absent))
    raise bad("result_form")


def _match_record(raw: Any, rnd: int, table: Table, event: Event, ids: dict[str, Entrant]) -> Any:
    """The table's game record, read by the record reader (its refusal is this table's, exit 2),
    and held to the table: the event's variant and options, the seated entrants' names in order."""
    try:
        rec = read_record(raw)
    except RecordError as e:
        raise EventError("event.record", {}, round=rnd, table=table.number,
                         record=(e, e.hand, e.turn, e.move)) from None
    where = {"round": rnd, "table": table.number}
    if rec.variant != event.variant:
        raise EventError("event.record_game", dict(where, what="record_variant", variant=rec.variant,
                                                   event=event.variant), round=rnd, table=table.number)
    names = [ids[x].name for x in table.seats]
    if rec.players != names:
        raise EventError("event.record_game", dict(where, what="record_players", players=", ".join(rec.players),
                                                   seated=", ".join(names)), round=rnd, table=table.number)
    if rec.options != event.options:
        key = next(k for k in sorted(set(rec.options) | set(event.options))
                   if rec.options.get(k) != event.options.get(k))
        raise EventError("event.record_game", dict(where, what="record_options", key=key,
                                                   value=str(rec.options.get(k := key)),
                                                   event=str(event.options.get(k))),
                         round=rnd, table=table.number)
    return rec
