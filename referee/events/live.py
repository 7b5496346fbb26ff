"""An event as it stands, read without Flask: its record with each table's result read from
the table's match (:func:`read_table`, :class:`TableView`, :class:`Live`), what a worker keeps of
its events (:class:`Kept`), the rounds' helpers (the next round, its plan: the director's draft or
the app's proposal). The event service (:mod:`referee.events.service`) reads an event through
these and the pages draw them."""

from __future__ import annotations

import copy
import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, TypedDict

from referee.matches import store
from referee.matches import summary as summaries
from referee.matches.service import MatchService

from . import load as judged
from . import propose, read
from .model import Event, EventError

#: an event's record (``referee-event/1``) as JSON, and the app's own state beside it
Record = dict[str, Any]
State = dict[str, Any]
#: an event as the store gives it (``store.get_event``)
Stored = store.EventRecord
MatchRow = store.MatchRow
#: what a change of the director's writes into the event's audit: (kind, data) entries
Audit = list[tuple[str, dict[str, Any]]]

class Result(TypedDict, total=False):
    """A table's result in the record's form (``docs/event.schema.json``): each seat's total (by
    entrant id) and what ended the match (``target``, ``hands``, ``time``); or ``ended: forfeit``
    and who was absent; or, imported, the table's game record (``match``)."""

    totals: Mapping[str, float]
    ended: str
    absent: list[str]
    match: dict[str, Any]


def now() -> datetime:
    return datetime.now(timezone.utc)


def iso(t: datetime) -> str:
    return t.isoformat(timespec="seconds")


def checked(record: Record) -> Event:
    """The record read and judged (``EventError`` when it breaks a rule)."""
    return judged(record)


def round_of(record: Record, number: int) -> dict[str, Any] | None:
    found: dict[str, Any] | None = next((r for r in record["round_list"] if r["round"] == number), None)
    return found


def paired_rounds(record: Record) -> int:
    """How many rounds have their tables (the last listed may be announced only)."""
    return sum(1 for r in record["round_list"] if r.get("tables"))


def round_state(state: State, number: int) -> dict[str, Any]:
    rounds: dict[str, dict[str, Any]] = state.setdefault("rounds", {})
    return rounds.setdefault(str(number), {})


def is_closed(state: State, number: int) -> bool:
    return bool(state.get("rounds", {}).get(str(number), {}).get("closed"))


def sitting_out(state: State, number: int) -> list[str]:
    """The entrants the director leaves out of a free round (they score nothing: no bye)."""
    got = state.get("sit_out") or {}
    return list(got.get("ids", [])) if got.get("round") == number else []


def digest(plan: dict[str, Any]) -> str:
    """A round's tables and byes in a few characters (the director's page sends it back with the
    start: the tables started are those it showed)."""
    text = json.dumps([plan["tables"], plan.get("byes", [])], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# -- each table's match, read ----------------------------------------------------------------


@dataclass
class TableView:
    round: int
    number: int
    seats: list[str]
    names: list[str]
    #: the result as the record holds it (the director's or frozen), else None
    stored: Result | None = None
    #: the result read from the match (None while it plays on)
    derived: Result | None = None
    match: MatchRow | None = None
    #: not_started, playing, between, finished, unconfirmed, disputed
    status: str = "not_started"
    hand: int = 0
    totals: dict[str, Any] = field(default_factory=dict)
    #: what was read of the match (``referee.matches.summary``), None when it was not read
    summary: summaries.Summary | None = None

    @property
    def result(self) -> Result | None:
        return self.stored if self.stored is not None else self.derived

    @property
    def source(self) -> str | None:
        if self.stored is not None:
            return "forfeit" if self.stored.get("ended") == "forfeit" else "record"
        return "match" if self.derived is not None else None


def read_table(matches: MatchService, event_raw: Record, state: State, number: int, table: dict[str, Any],
               match: MatchRow | None, names: dict[str, str], kept: summaries.Summary | None = None) -> TableView:
    """What a table's match says now: its state at a glance and, once it has ended for the event
    (its target, the hand limit, or time called and the hands then under way finished), its
    result in the record's ``totals`` form. Read from the match's summary (``kept``: one valid
    for its log as it is now, ``referee.matches.summary``), else from its replay; the summary
    read is ``TableView.summary``."""
    seats = list(table["seats"])
    tv = TableView(number, table["table"], seats, [names[x] for x in seats], stored=table.get("result"),
                   match=match)
    if tv.stored is not None:
        tv.status = "finished"
        return tv  # the record's result wins: the match is not read
    if match is None:
        return tv
    if kept is None:
        evs, st = matches.load(dict(match), hot=False)
        kept = summaries.of(dict(match), evs, st)
    tv.summary = kept
    hands, done = kept["hands"], kept["done"]
    tv.totals = dict(kept["totals"])
    hand_limit = (event_raw.get("game") or {}).get("hand_limit")
    at_call = round_state(state, number).get("at_call", {}).get(str(table["table"]))
    cut: int | None = hand_limit
    ended_by = "hands"
    if at_call is not None and (cut is None or at_call < cut):
        cut, ended_by = int(at_call), "time"
    players = match["players"]
    result: Result | None = None
    if kept["winner"] and (cut is None or hands <= cut):
        result = {"totals": _by_seat(kept["totals"], players, seats), "ended": "target"}
    elif cut is not None and len(done) >= cut:
        if cut == len(done) == hands and kept["totals"]:
            totals = kept["totals"]
        else:
            totals = {p: sum(h.get(p) or 0 for h in done[:cut]) for p in players}
        result = {"totals": _by_seat(totals, players, seats), "ended": ended_by}
    said: dict[str, str] = kept["verdicts"] if match["settings"].get("confirm_hands") else {}
    disputed = any(v == "disputed" for v in said.values())
    tv.derived = result
    if result is not None:
        counted = hands if cut is None else min(cut, hands)
        unconfirmed = match["settings"].get("confirm_hands") and any(
            said.get(str(i)) != "confirmed" for i in range(1, counted + 1))
        tv.status = "disputed" if disputed else ("unconfirmed" if unconfirmed else "finished")
    elif disputed:
        tv.status = "disputed"
    elif not kept["count"]:
        tv.status = "not_started"
    elif kept["open"]:
        tv.status, tv.hand = "playing", hands
    else:
        tv.status, tv.hand = "between", len(done)
    return tv


def _by_seat(totals: dict[str, Any], players: list[str], seats: list[str]) -> dict[str, int]:
    """A match's totals (by its players' names, renamed ones too) as the event's, by entrant id."""
    return {eid: int(totals.get(name) or 0) for eid, name in zip(seats, players)}


@dataclass
class Live:
    """The event as it stands: the record with every finished table's result, each table read."""

    ev: Stored
    record: Record
    tables: dict[int, list[TableView]]
    event: Event | None
    error: EventError | None
    names: dict[str, str]
    #: what the event's standings depend on: its version and every result read from a match
    key: tuple[Any, ...] = ()

    @property
    def paired(self) -> int:
        return paired_rounds(self.record)

    def open_round(self) -> int | None:
        """The round being played (paired and not closed), or None."""
        n = self.paired
        return n if n and not is_closed(self.ev["state"], n) else None

    def missing(self, number: int) -> list[int]:
        """The tables of round ``number`` without a result yet (still playing, or not started)."""
        return [tv.number for tv in self.tables.get(number, []) if tv.result is None]

    def closed_rounds(self) -> list[int]:
        """The rounds closed, first to last: their results stand in the record, and the director
        may still correct one (the standings after it follow)."""
        return [n for n in range(1, self.paired + 1) if is_closed(self.ev["state"], n)]


class Kept:
    """What a worker keeps of its events, each under the event's version and the results read from
    its matches (``Live.key``): the event read and judged, and the public pages drawn; a change
    of the director's or a table's new result is another key. At most :data:`KEPT` entries, the
    one unused the longest going first (older keys of an event are never asked for again)."""

    #: up to seven entries a key (judged; the standings, their page and the board, each per
    #: language) and the director's rows per language: ten events of 100 tables (1,000 tables)
    #: keep theirs without pushing each other out
    KEPT = 128

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._kept: OrderedDict[tuple[Any, ...], Any] = OrderedDict()

    def get(self, key: tuple[Any, ...]) -> Any:
        with self._lock:
            value = self._kept.get(key)
            if value is not None:
                self._kept.move_to_end(key)
            return value

    def put(self, key: tuple[Any, ...], value: Any) -> None:
        with self._lock:
            self._kept[key] = value
            self._kept.move_to_end(key)
            while len(self._kept) > self.KEPT:
                self._kept.popitem(last=False)


# -- rounds ----------------------------------------------------------------------------------


def proposal_of(lv: Live, number: int) -> dict[str, Any]:
    """The app's tables for round ``number`` (``referee.events.propose``)."""
    assert lv.event is not None
    return propose(lv.event, number)


def proposal_without(lv: Live, number: int, out: list[str]) -> dict[str, Any]:
    """The app's proposal for a free round with some units left out: proposed as if they had
    withdrawn before it (in a copy: nothing of it is written)."""
    record = copy.deepcopy(lv.record)
    rnd = round_of(record, number)
    if rnd is None:
        rnd = {"round": number, "tables": []}
        record["round_list"].append(rnd)
    rnd["withdrawn"] = list(rnd.get("withdrawn", [])) + [x for x in out if x not in rnd.get("withdrawn", [])]
    return propose(read(record), number)


def plan_of(lv: Live, number: int) -> tuple[dict[str, Any], bool]:
    """The tables the round will start with: the director's draft, else the app's proposal;
    and whether it is the director's."""
    draft = lv.ev["state"].get("draft")
    if draft and draft.get("round") == number:
        return draft, True
    out = sitting_out(lv.ev["state"], number)
    if out:
        return proposal_without(lv, number, out), True
    return proposal_of(lv, number), False


def next_round(lv: Live) -> int | None:
    """The round that can be started now, or None (one is being played, or all were)."""
    if lv.open_round() is not None:
        return None
    n = lv.paired + 1
    if lv.event is None or n > lv.event.rounds:
        return None
    return n


def frozen(record: Record, lv: Live, upto: int) -> Record:
    """The record with the results read from the matches of rounds before ``upto`` (to judge a
    change against the event as it stands)."""
    out = copy.deepcopy(record)
    for rnd in out["round_list"]:
        if rnd["round"] >= upto:
            continue
        for t in rnd.get("tables", []):
            if "result" not in t:
                got = next((tv for tv in lv.tables.get(rnd["round"], []) if tv.number == t["table"]), None)
                if got is not None and got.derived is not None:
                    t["result"] = got.derived
    return out
