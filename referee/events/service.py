"""The event service: a club night's or tournament's kept record, read with its tables' matches,
and the director's changes to it, without Flask.

One :class:`EventService` is made per app (the web app makes it in ``create_app`` beside the match
service and keeps it in ``app.extensions``; a tool makes its own): it holds the way to the database
connection in use (``db``), the match service (each table's match is read through it, and made with
it) and what the worker keeps of its events (:class:`Kept`). Nothing here reads a global.

An event is kept as its record (``referee-event/1``) with, beside it, what only the app needs
(``state``: each round's clock and whether it is closed, a draft of the next round's tables, the
event's own settings) and the match each table plays. A table's result is read from its match while
the round is open (:mod:`referee.events.live`: ``read_table``); closing the round writes them into
the record.

Each change of the director's is one method (:meth:`EventService.start_round`, ``swap``,
``sit_out``, ``reset``, ``call_time``, ``close_round``, ``correct``, ``withdraw``, ``late_entry``):
it is checked against the event as it stands (the round open or closed, who is seated, the rules of
events), made on copies of the record and state and stored with its audit entries in one store
call. A change drawn against an older version (``expected``) raises :class:`Conflict`; one that
cannot be made raises :class:`Refused` (a rule id of ``messages.CHANGES`` and its params, or the
event's own fault), and nothing is stored. A second tap, a second phone or a reload that sends the
same change again finds it made and changes nothing; when another phone wrote between the read and
the write, the change is made again on the event as it now is.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from referee import limits
from referee.matches import summary as summaries
from referee.matches import replay, store
from referee.matches.service import MatchService
from referee.rules import catalogue

from . import examine, read, to_record
from .live import (Audit, Kept, Live, Record, Result, State, Stored, TableView, checked, digest, frozen,
                   is_closed, iso, next_round, now, paired_rounds, plan_of, proposal_of, proposal_without,
                   read_table, round_of, round_state, sitting_out)
from .messages import change_words
from .model import ENDED, FORMAT, Event, EventError
from .standings import Units

#: the most entrants an event takes, and the most rounds
MAX_ENTRANTS = 400
MAX_ROUNDS = 30


class Refused(Exception):
    """A change (or an event made or imported) that cannot be: nothing was stored. ``rule`` is
    a message of ``messages.CHANGES`` with its ``params``; ``error``: the event's own fault (the
    rules of events, ``rule`` is then ``event``); ``why``: a name refused (``rule`` is then
    ``name``, said by the record's rule of names); ``said``: the words of another part's refusal
    (the game's options: ``rule`` is then ``options``); ``status``: the HTTP status a page answers."""

    status = 400

    def __init__(self, rule: str, params: Mapping[str, object] | None = None, *, error: EventError | None = None,
                 why: tuple[str, str] | None = None, said: Callable[[str], str] | None = None,
                 status: int | None = None):
        super().__init__(rule)
        self.rule = rule
        self.params = dict(params or {})
        self.error = error
        self.why = why
        self.said = said
        if status is not None:
            self.status = status

    @classmethod
    def of(cls, err: EventError) -> Refused:
        return cls("event", error=err)

    def words(self, lang: str) -> str:
        """The refusal in ``lang``'s words (``ru`` or ``en``)."""
        if self.error is not None:
            said = event_words(self.error, lang)
        elif self.why is not None:
            said = limits.name_words(*self.why, lang)
        elif self.said is not None:
            said = self.said(lang)
        else:
            said = change_words(self.rule, self.params, lang)
        if self.rule == "import.refused":
            return change_words(self.rule, {"why": said if self.error is not None else ""}, lang)
        return said


class Conflict(Refused):
    """The change was drawn against another version of the event (or another draft of its
    tables): nothing was changed."""

    status = 409


class NoTable(Refused):
    """The change names a table the round does not have."""

    status = 404


def event_words(err: EventError, lang: str) -> str:
    """A refusal of the event's rules in ``lang``, with where it is."""
    where = ""
    if err.table is not None:
        where = change_words("where.table", {"round": err.round, "table": err.table}, lang) + ": "
    elif err.round is not None:
        where = change_words("where.round", {"round": err.round}, lang) + ": "
    return where + err.message(lang)


def _judge(record: Record) -> None:
    try:
        checked(record)
    except EventError as err:
        raise Refused.of(err) from None


# -- the entrants and a new record -------------------------------------------------------------


def split_entrants(text: str, pairs: bool) -> tuple[list[str], list[tuple[str, str]] | None]:
    """The names a text gives (one a line; a pair's two joined by ``+``, ``,`` or ``/``) and the
    pairs; :class:`Refused` when a line or a name is refused."""
    names: list[str] = []
    couples: list[tuple[str, str]] = []
    for line in (text or "").splitlines():
        line = line.strip()
        if not line:
            continue
        if pairs:
            parts = [p.strip() for p in line.replace(",", "+").replace("/", "+").split("+")]
            parts = [p for p in parts if p]
            if len(parts) != 2:
                raise Refused("change.pair_line", {"line": line})
            couples.append((parts[0], parts[1]))
            names.extend(parts)
        else:
            names.append(line)
    problem = limits.names_problem(names)  # a name refused, or two names equal but for case, width …
    if problem is not None:
        if problem[0] == "twice":  # said as the entrants' field has it (not «already seated»)
            raise Refused("change.entrant_twice", {"name": limits.shown_name(problem[1])})
        raise Refused("name", why=problem)
    if len(names) > MAX_ENTRANTS:
        raise Refused("change.entrants_most", {"n": MAX_ENTRANTS})
    return names, (couples if pairs else None)


def new_record(name: str, variant: str, options: dict[str, Any], seats: int, system: str, unit: str,
               rounds: int | None, hand_limit: int | None, time_limit: int | None,
               names: list[str], couples: list[tuple[str, str]] | None) -> Record:
    """An event's record before its first round (ids ``e1``, ``e2``, … in entry order)."""
    ids = {n: f"e{i}" for i, n in enumerate(names, 1)}
    game: dict[str, Any] = {"variant": variant, "seats": seats, "options": options}
    if hand_limit:
        game["hand_limit"] = hand_limit
    if time_limit:
        game["time_limit"] = time_limit
    units = len(couples) if couples is not None else len(names)
    if rounds is None and system == "round_robin":
        rounds = max(1, units - 1 + units % 2)
    record: dict[str, Any] = {"format": FORMAT, "name": name, "date": now().date().isoformat(),
                              "game": game, "system": system, "unit": unit, "rounds": rounds or 1,
                              "entrants": [{"id": ids[n], "name": n} for n in names]}
    if couples is not None:
        record["pairs"] = [[ids[a], ids[b]] for a, b in couples]
    record["round_list"] = []
    return record


def _table_of(record: Record, number: int, table: int) -> dict[str, Any]:
    rnd = round_of(record, number)
    t: dict[str, Any] | None = next((t for t in (rnd or {}).get("tables", []) if t["table"] == table), None)
    if t is None:
        raise NoTable("change.no_table", {"t": table, "n": number})
    return t


def _announced(record: Record) -> dict[str, Any]:
    """The next round not yet paired (announced in the record when it was not)."""
    n = paired_rounds(record) + 1
    if n > record["rounds"]:
        raise Refused("change.all_paired")
    rnd = round_of(record, n)
    if rnd is None:
        rnd = {"round": n, "tables": []}
        record["round_list"].append(rnd)
    return rnd


@dataclass(frozen=True)
class Setup:
    """A new event as the director sets it up: its name, the game (``variant``, ``seats``, the
    house rules as given: ``options``), the system, who is ranked (``unit``), the rounds (None: a
    round robin's own), the limits, the entrants (one a line; fixed pairs «Аня + Вера») and
    whether each hand is confirmed by an opponent's phone."""

    name: str
    variant: str
    seats: int
    system: str
    unit: str
    entrants: str
    options: Mapping[str, Any] = field(default_factory=dict)
    rounds: int | None = None
    hand_limit: int | None = None
    time_limit: int | None = None
    confirm_hands: bool = False


@dataclass(frozen=True)
class TableResult:
    """A table's result as the director gives it: ``clear`` (the table's match decides again), a
    forfeit (``absent``: who did not come), or each side's total as typed (``sides``, in the order
    of the game's sides) and what ended the match (``ended``); ``note`` goes into the audit."""

    clear: bool = False
    forfeit: bool = False
    absent: Sequence[str] = ()
    sides: Sequence[str] = ()
    ended: str = ""
    note: str = ""


#: a change of the director's: given copies of the record and the state, it changes them and
#: returns its audit entries (None: nothing to change, it was made already), or raises Refused
Change = Callable[[Record, State], "Audit | None"]


class EventService:
    """An event's state, read and changed: ``live`` (the record with its tables' matches read),
    the director's changes (one method each), ``create`` and ``import_text`` (a new event), and
    ``ensure_matches`` (each table of a started round given its match)."""

    def __init__(self, db: Callable[[], Any], matches: MatchService, clock: Callable[[], datetime] = now):
        self.db = db
        self.matches = matches
        self.clock = clock
        self.kept = Kept()

    # -- reading ---------------------------------------------------------------------------

    def by_key(self, key: str, director: bool) -> Stored | None:
        """The event of a director's key (``director``) or of a public key, or None."""
        return store.event_by_key(self.db(), key, "director_key" if director else "view_key")

    def live(self, ev: Stored) -> Live:
        """The event as it stands: each table's match read, every finished table's result in a
        copy of the record, the copy judged (kept under ``Live.key``)."""
        db = self.db()
        # the record's rounds and tables copied (a result read from a match is written into the copy)
        record = dict(ev["record"])
        record["round_list"] = [dict(r, tables=[dict(t) for t in r.get("tables", [])]) if "tables" in r else dict(r)
                                for r in ev["record"]["round_list"]]
        names = {e["id"]: e["name"] for e in record.get("entrants", [])}
        matches = store.event_matches(db, ev["id"])
        # what each table's match says, kept beside its log: taken when it is the log's as it is now
        stored = store.event_summaries(db, ev["id"]) if matches else {}
        tables: dict[int, list[TableView]] = {}
        for rnd in record["round_list"]:
            views = []
            for t in rnd.get("tables", []):
                m = matches.get((rnd["round"], t["table"]))
                known = summaries.valid(m, *stored[m["id"]]) if m is not None and m["id"] in stored else None
                tv = read_table(self.matches, record, ev["state"], rnd["round"], t, m, names, known)
                if m is not None and known is None and tv.summary is not None:
                    summaries.put(db, m, tv.summary)  # the next screen reads it, until the log moves on
                if tv.stored is None and tv.derived is not None and tv.status != "disputed":
                    t["result"] = tv.derived
                views.append(tv)
            tables[rnd["round"]] = views
        key = ("judged", ev["id"], ev["version"],
               json.dumps([[tv.round, tv.number, tv.result, tv.status == "disputed"] for r in tables.values()
                           for tv in r if tv.stored is None], sort_keys=True))  # a disputed result is not counted
        got: tuple[Event | None, EventError | None] | None = self.kept.get(key)
        if got is None:
            event: Event | None = None
            error: EventError | None = None
            try:
                event = checked(record)
            except EventError as e:
                error = e
                try:
                    event = read(ev["record"])
                except EventError:
                    event = None
            got = (event, error)
            self.kept.put(key, got)
        lv = Live(ev, record, tables, got[0], got[1], names)
        lv.key = key
        return lv

    def _live(self, ev: Stored, record: Record, state: State) -> Live:
        return self.live({**ev, "record": record, "state": state})

    # -- the write path ----------------------------------------------------------------------

    def mutate(self, ev: Stored, change: Change, expected: int | None = None) -> Stored:
        """Make ``change`` on the event's record and state (copies) and store them in one
        transaction with its audit entries; when another phone changed the event first, the
        change is made again on the event as it now is (it sees what that phone did: a round
        started twice is started once). ``expected``: the version the change was drawn against
        (:class:`Conflict` when the event is at another). The event, stored."""
        if expected is not None and expected != ev["version"]:
            raise Conflict("change.stale")
        db = self.db()
        for _attempt in range(5):
            record, state = copy.deepcopy(ev["record"]), copy.deepcopy(ev["state"])
            audit = change(record, state)
            if audit is None:  # nothing to change (already done)
                return ev
            try:
                store.update_event(db, ev["id"], ev["version"], record, state, audit)
            except store.StaleError:
                fresh = store.get_event(db, ev["id"])
                assert fresh is not None
                ev = fresh
                continue
            fresh = store.get_event(db, ev["id"])
            assert fresh is not None
            return fresh
        raise Conflict("change.busy")

    # -- a new event -------------------------------------------------------------------------

    def create(self, record: Record, confirm_hands: bool) -> Stored:
        """Store a new event's record (:func:`new_record`) once it keeps the rules of events."""
        _judge(record)
        return store.create_event(self.db(), record, {"confirm_hands": confirm_hands, "rounds": {}})

    def set_up(self, given: Setup) -> Stored:
        """A new event from its set-up (:class:`Setup`): the entrants read, the seats, rounds and
        entrants enough, the game's house rules resolved by the engine's registry, the record
        (:func:`new_record`) judged and stored; :class:`Refused` and nothing stored otherwise."""
        spec = catalogue.VARIANTS.get(given.variant)
        if spec is None:
            raise Refused("options", said=replay.Refusal("record.variant", params={
                "variant": limits.shown_name(given.variant)}).message)
        names, couples = split_entrants(given.entrants, given.unit == "pair")
        if given.seats not in spec.player_counts:
            raise Refused("setup.seats", {"lo": spec.min_players, "hi": spec.max_players})
        if given.system != "round_robin" and not given.rounds:
            raise Refused("setup.rounds")
        if len(names) < 2:
            raise Refused("setup.entrants")
        if couples is not None and len(couples) < 2:
            raise Refused("setup.pairs")
        if couples is None and len(names) < given.seats:
            raise Refused("setup.table", {"n": given.seats})   # a first round of byes only
        try:
            options = catalogue.resolve_options(spec.name, given.seats, dict(given.options))
        except catalogue.OptionError as err:
            raise Refused("options", said=replay.refusal(err).message) from None
        record = new_record(given.name.strip(), spec.name, {k: v for k, v in options.items() if v is not None},
                            given.seats, given.system, given.unit, given.rounds, given.hand_limit,
                            given.time_limit, names, couples)
        return self.create(record, given.confirm_hands)

    def import_text(self, text: str, lang: str | None = None) -> Stored:
        """An event's record (JSON text) checked whole and stored; a round being played gets its
        tables' matches. :class:`Refused` (``import.*``) and nothing stored when it is refused."""
        if not text.strip():
            raise Refused("import.empty")
        if len(text.encode("utf-8", "surrogatepass")) > limits.MAX_RECORD_BYTES * 4:
            raise Refused("import.large")
        try:
            obj = json.loads(text)
        except (ValueError, RecursionError):
            raise Refused("import.json") from None
        event, err = examine(obj)
        if err is not None or event is None:
            raise Refused("import.refused", error=err)
        record = to_record(event)
        state: dict[str, Any] = {"confirm_hands": False, "rounds": {}}
        for rnd in record["round_list"]:
            if rnd.get("tables") and all("result" in t for t in rnd["tables"]):
                round_state(state, rnd["round"])["closed"] = True
        ev = store.create_event(self.db(), record, state)
        last = record["round_list"][-1] if record["round_list"] else None
        if last and last.get("tables") and not is_closed(state, last["round"]):
            self.ensure_matches(ev, last["round"], lang)
        return ev

    def ensure_matches(self, ev: Stored, number: int, lang: str | None = None) -> None:
        """Give every table of round ``number`` its match (those that have none): made as the
        match page makes one, the players the seated entrants' names, in ``lang``. A match made by
        a phone that lost the race for the table is archived, never used."""
        db = self.db()
        record = ev["record"]
        rnd = round_of(record, number)
        if rnd is None:
            return
        links = store.event_tables(db, ev["id"])
        names = {e["id"]: e["name"] for e in record["entrants"]}
        game = record["game"]
        for t in rnd.get("tables", []):
            if (number, t["table"]) in links or "result" in t:
                continue
            players = [names[x] for x in t["seats"]]
            m = self.matches.create(game["variant"], players, game.get("options"), lang=lang,
                                    settings={"confirm_hands": bool(ev["state"].get("confirm_hands"))})
            kept = store.link_table(db, ev["id"], number, t["table"], m["id"])
            if kept != m["id"]:
                self.matches.set_archived(m, True)

    # -- the director's changes ------------------------------------------------------------------

    def start_round(self, ev: Stored, number: int, plan_digest: str = "", lang: str | None = None,
                    expected: int | None = None) -> Stored:
        """Start round ``number`` with its tables as drawn (``plan_digest``: :func:`digest` of
        the tables the director saw; :class:`Conflict` when they changed since). A second tap, a
        second phone, a reload: the round is started once; its tables get their matches."""

        def change(record: Record, state: State) -> Audit | None:
            rnd = round_of(record, number)
            if rnd is not None and rnd.get("tables"):
                return None  # started already
            lv = self._live(ev, record, state)
            if next_round(lv) != number:
                raise Refused("change.cannot_start", {"n": number})
            if lv.error is not None:
                raise Refused.of(lv.error)
            plan, _mine = plan_of(lv, number)
            if plan_digest and plan_digest != digest(plan):
                raise Conflict("change.plan_changed")
            proposal = proposal_of(lv, number)
            new = {"round": number, "tables": [{"table": t["table"], "seats": list(t["seats"])}
                                               for t in plan["tables"]]}
            if plan.get("byes"):
                new["byes"] = list(plan["byes"])
            if rnd is not None and rnd.get("withdrawn"):
                new["withdrawn"] = list(rnd["withdrawn"])
            changed = digest(plan) != digest(proposal)
            if changed:
                new["changed"] = True
            if rnd is None:
                record["round_list"].append(new)
            else:
                rnd.clear()
                rnd.update(new)
            _judge(frozen(record, lv, number))
            round_state(state, number)["started"] = iso(self.clock())
            state.pop("draft", None)
            state.pop("sit_out", None)
            return [("start", {"round": number, "changed": changed, "tables": new["tables"],
                               "byes": new.get("byes", [])})]

        stored = self.mutate(ev, change, expected)
        self.ensure_matches(stored, number, lang)
        return stored

    def swap(self, ev: Stored, number: int, a: str, b: str, expected: int | None = None) -> Stored:
        """Swap two units (named by one of their entrants' ids) in the tables proposed for round
        ``number`` (before it starts): the round's draft."""

        def change(record: Record, state: State) -> Audit | None:
            lv = self._live(ev, record, state)
            if next_round(lv) != number or lv.event is None:
                raise Refused("change.cannot_change", {"n": number})
            plan, _mine = plan_of(lv, number)
            units = Units(lv.event)
            if a not in units.of or b not in units.of or units.of[a] == units.of[b]:
                raise Refused("change.swap_two")
            ua, ub = units.ids[units.of[a]], units.ids[units.of[b]]
            swap_map = dict(zip(ua, ub)) | dict(zip(ub, ua))
            plan = copy.deepcopy(plan)
            for t in plan["tables"]:
                t["seats"] = [swap_map.get(x, x) for x in t["seats"]]
            plan["byes"] = [swap_map.get(x, x) for x in plan.get("byes", [])]
            state["draft"] = {"round": number, "tables": plan["tables"], "byes": plan["byes"]}
            return [("swap", {"round": number, "a": a, "b": b})]

        return self.mutate(ev, change, expected)

    def sit_out(self, ev: Stored, number: int, who: str, back: bool = False, expected: int | None = None) -> Stored:
        """A free round: a unit left out of it (``back``: seated again); the tables are proposed
        again without it."""

        def change(record: Record, state: State) -> Audit | None:
            lv = self._live(ev, record, state)
            if record["system"] != "free" or next_round(lv) != number or lv.event is None:
                raise Refused("change.sit_out_free")
            units = Units(lv.event)
            if who not in units.of:
                raise Refused("change.sit_out_who")
            ids = list(units.ids[units.of[who]])
            out = sitting_out(state, number)
            new = [x for x in out if x not in ids] if back else out + [x for x in ids if x not in out]
            if new == out:
                return None
            state["sit_out"] = {"round": number, "ids": new}
            state.pop("draft", None)
            try:
                proposal_without(self._live(ev, record, state), number, new)
            except EventError as err:
                raise Refused.of(err) from None
            return [("sit_out", {"round": number, "ids": ids, "back": back})]

        return self.mutate(ev, change, expected)

    def reset(self, ev: Stored, number: int, expected: int | None = None) -> Stored:
        """Back to the app's proposal for round ``number`` (the draft and those sitting out
        forgotten)."""

        def change(record: Record, state: State) -> Audit | None:
            if not state.get("draft") and not state.get("sit_out"):
                return None
            state.pop("draft", None)
            state.pop("sit_out", None)
            return [("reset", {"round": number})]

        return self.mutate(ev, change, expected)

    def call_time(self, ev: Stored, number: int, expected: int | None = None) -> Stored:
        """Time is called: each table finishes the hand it plays (the hands started now count)
        and its match stands as it is then."""
        matches = store.event_matches(self.db(), ev["id"])

        def change(record: Record, state: State) -> Audit | None:
            rs = round_state(state, number)
            if rs.get("called") or is_closed(state, number):
                return None
            rnd = round_of(record, number)
            if rnd is None or not rnd.get("tables"):
                raise Refused("change.not_started", {"n": number})
            if not record["game"].get("time_limit"):
                raise Refused("change.no_clock")
            at_call = {}
            for t in rnd["tables"]:
                m = matches.get((number, t["table"]))
                if m is not None:
                    _evs, st = self.matches.load(dict(m), hot=False)
                    at_call[str(t["table"])] = len(st.report.get("hands") or [])
            rs["called"] = iso(self.clock())
            rs["at_call"] = at_call
            return [("time", {"round": number, "hands": at_call})]

        return self.mutate(ev, change, expected)

    def close_round(self, ev: Stored, number: int, expected: int | None = None) -> Stored:
        """Close round ``number``: every table's result is written into the record (none may be
        missing or disputed); the next round's tables are then proposed. Idempotent."""

        def change(record: Record, state: State) -> Audit | None:
            if is_closed(state, number):
                return None
            lv = self._live(ev, record, state)
            if lv.open_round() != number:
                raise Refused("change.not_playing", {"n": number})
            views = lv.tables.get(number, [])
            missing = [tv.number for tv in views if tv.result is None]
            # one table is said as one («table 3»), several as a list
            if missing:
                raise Refused("change.missing_one" if len(missing) == 1 else "change.missing",
                              {"tables": ", ".join(map(str, missing))})
            disputed = [tv.number for tv in views if tv.stored is None and tv.status == "disputed"]
            if disputed:
                raise Refused("change.disputed_one" if len(disputed) == 1 else "change.disputed",
                              {"tables": ", ".join(map(str, disputed))})
            rnd = round_of(record, number)
            assert rnd is not None
            for t, tv in zip(rnd["tables"], views):
                t.setdefault("result", tv.result)
            _judge(frozen(record, lv, number))
            round_state(state, number)["closed"] = True
            round_state(state, number)["closed_at"] = iso(self.clock())
            return [("close", {"round": number, "results": {str(t["table"]): t["result"] for t in rnd["tables"]}})]

        return self.mutate(ev, change, expected)

    def correct(self, ev: Stored, number: int, table: int, given: TableResult,
                expected: int | None = None) -> Stored:
        """The director's result for a table (a correction, a forfeit, or a result entered for a
        table without a phone), audited with what it replaces; ``given.clear``: the table's match
        decides again. The match itself is not changed."""
        if expected is not None and expected != ev["version"]:
            raise Conflict("change.stale")
        before_view = next((tv for tv in self.live(ev).tables.get(number, []) if tv.number == table), None)

        def change(record: Record, state: State) -> Audit | None:
            t = _table_of(record, number, table)
            before = t.get("result") or (before_view.derived if before_view else None)
            if given.clear:
                if "result" not in t:
                    return None
                if is_closed(state, number):
                    raise Refused("change.closed")
                del t["result"]
                return [("clear", {"round": number, "table": table, "before": before})]
            after: Result
            if given.forfeit:
                absent = [x for x in t["seats"] if x in given.absent]
                if not absent:
                    raise Refused("change.absent")
                after = {"ended": "forfeit", "absent": absent}
                kind = "forfeit"
            else:
                lv = self._live(ev, record, state)
                assert lv.event is not None
                totals: dict[str, int] = {}
                for i, group in enumerate(lv.event.side_groups()):
                    raw = (given.sides[i] if i < len(given.sides) else "").strip().lstrip("+")
                    if not (raw.lstrip("-").isdigit() and len(raw) <= 7):
                        raise Refused("change.side_total")
                    for s in group:
                        totals[t["seats"][s]] = int(raw)
                if given.ended not in ENDED:
                    raise Refused("change.ended")
                after = {"totals": totals, "ended": given.ended}
                kind = "correct"
            if t.get("result") == after:
                return None  # sent again (a second tap, a reload): recorded once
            t["result"] = after
            _judge(frozen(record, self._live(ev, record, state), number))
            note = given.note.strip()[:200]
            return [(kind, {"round": number, "table": table, "before": before, "after": after, "note": note})]

        return self.mutate(ev, change)

    def withdraw(self, ev: Stored, who: str, expected: int | None = None) -> Stored:
        """A unit (named by one of its entrants' ids) withdraws before the next round; its results
        stand."""

        def change(record: Record, state: State) -> Audit | None:
            lv = self._live(ev, record, state)
            if lv.event is None:
                raise Refused("change.unreadable")
            units = Units(lv.event)
            if who not in units.of:
                raise Refused("change.withdraw_who")
            ids = list(units.ids[units.of[who]])
            gone = {x for r in record["round_list"] for x in r.get("withdrawn", [])}
            if who in gone:
                return None
            rnd = _announced(record)
            rnd["withdrawn"] = list(rnd.get("withdrawn", [])) + ids
            if state.get("draft"):
                state.pop("draft")
            _judge(frozen(record, lv, rnd["round"]))
            return [("withdraw", {"round": rnd["round"], "ids": ids})]

        return self.mutate(ev, change, expected)

    def late_entry(self, ev: Stored, text: str, expected: int | None = None) -> Stored:
        """A late entrant (one a line; a fixed pair's two names joined), paired from the next
        round."""

        def change(record: Record, state: State) -> Audit | None:
            names, couples = split_entrants(text, record["unit"] == "pair")
            if not names:
                raise Refused("change.entrant_name")
            n = paired_rounds(record) + 1
            if n > record["rounds"]:
                raise Refused("change.all_paired")
            taken = {e["id"] for e in record["entrants"]}
            seq = len(taken) + 1
            ids = {}
            for name in names:
                while f"e{seq}" in taken:
                    seq += 1
                ids[name] = f"e{seq}"
                taken.add(f"e{seq}")
                entrant: dict[str, Any] = {"id": ids[name], "name": name}
                if n > 1:
                    entrant["joined"] = n
                record["entrants"].append(entrant)
            if couples:
                record.setdefault("pairs", []).extend([ids[a], ids[b]] for a, b in couples)
            state.pop("draft", None)
            _judge(frozen(record, self._live(ev, record, state), n))
            return [("enter", {"round": n, "names": names})]

        return self.mutate(ev, change, expected)

