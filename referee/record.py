"""The game record (referee-record/1): read it whole, replay it through the engine, report.

One replay path serves the command line, the web app and the printed sheets:
``read`` checks the record's form (any fault: a ``record.*`` error, exit 2), ``replay``
plays every hand through :mod:`referee.rules` and returns a :class:`Report` whose
``to_json()`` is exactly what ``referee check --json`` prints.
"""

from __future__ import annotations

import datetime as _dt
import json
import re
from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping, NamedTuple, Sequence

from . import limits
from .rules.catalogue import OptionError, VARIANTS, resolve_options, spec
from .rules.errors import RuleError
from .rules.messages import json_error_params
from .rules.hand import Hand
from .rules.match import Match, partners
from .rules.notation import Move, in_words_as_written, parse_move
from .rules.tiles import ALL_MASK, PIPS, parse_tile, tile_str, tiles_of
from .rules.variants import make_variant
from .rules.variants.base import HandScore, Variant

__all__ = ["FORMAT", "RecordError", "Record", "HandRecord", "Report", "Position", "Stopped", "read", "replay", "result_bounds", "left_bounds", "next_lead", "next_shuffler",
           "positions", "check", "dumps"]

FORMAT = "referee-record/1"
MAX_NAME = limits.NAME_MAX
#: the keys each part of a record may hold (anything else is refused, naming the key: a
#: misspelt ``turnz`` must not silently drop a hand's moves)
RECORD_KEYS = frozenset({"format", "variant", "options", "players", "date", "lang", "hands",
                         # the web app's additions: the match's creation time and its
                         # whole log of changes; `referee check` reads the hands and ignores them
                         "created", "log"})
HAND_KEYS = frozenset({"deal", "removed", "starter", "lead", "turns", "left", "result"})
TURN_KEYS = frozenset({"player", "moves"})
RESULT_KEYS = frozenset({"out", "left", "scored", "maker"})
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class RecordError(RuleError):
    """The record cannot be read as a game at all (exit 2). ``hand``/``turn``: where."""

    def __init__(self, rule: str, params: dict[str, Any] | None = None, hand: int | None = None,
                 turn: int | None = None, move: str | None = None):
        super().__init__(rule, params)
        self.hand = hand
        self.turn = turn
        self.move = move


@dataclass
class HandRecord:
    deal: dict[str, list[int]] | None = None
    removed: int | None = None
    starter: int | None = None
    lead: str | None = None
    turns: list[tuple[str, list[str]]] | None = None
    left: dict[str, list[int] | int] | None = None
    result: dict[str, Any] | None = None
    raw: dict[str, Any] = field(default_factory=dict)
    #: each tile of the left lists as the player wrote it ("5:2", not the engine's "2:5")
    written: dict[tuple[str, int], str] = field(default_factory=dict)
    #: each turn's moves as parsed once by the reader (the replay plays these, not the text)
    parsed: list[list[Move]] = field(default_factory=list)


@dataclass
class Record:
    variant: str
    options: dict[str, Any]
    given_options: dict[str, Any]
    players: list[str]
    hands: list[HandRecord]
    date: str | None = None
    lang: str | None = None
    raw: dict[str, Any] = field(default_factory=dict)
    #: the variant object, made once by the reader: every hand is played under it (its caches
    #: warm across hands)
    v: Any = None


# -- reading -------------------------------------------------------------------------------------


def _field(name: str, what: str, hand: int | None = None, turn: int | None = None) -> RecordError:
    """The field ``name`` is not what it must be; ``what`` names the words that say what it must
    be (``messages.DETAILS``: a refusal is said in the reader's language, every word of it)."""
    return RecordError("record.field", {"field": name, "what": what}, hand=hand, turn=turn)


def _deal(what: str, number: int, **params: Any) -> RecordError:
    return RecordError("record.deal", dict(params, what=what), hand=number)


def _unknown_keys(obj: dict[str, Any], known: frozenset[str], where: str, hand: int | None = None,
                  turn: int | None = None) -> None:
    for key in obj:
        if key not in known:
            raise RecordError("record.unknown_key", {"key": str(key)[:40], "where": where, "hand": hand,
                                                     "turn": turn}, hand=hand, turn=turn)


def as_written(text: str) -> str:
    """A tile as the player wrote it, spaces taken out and ``-`` read as ``:`` ("5 - 2" -> "5:2")."""
    return "".join(text.split()).replace("-", ":")


def _tile(text: Any, where: str, hand: int | None) -> int:
    if not isinstance(text, str):
        raise RecordError("record.tile", {"token": str(text)[:40]}, hand=hand)
    try:
        return parse_tile(text)
    except RuleError:
        raise RecordError("record.tile", {"token": text[:40]}, hand=hand) from None


def read(source: Any, *, first: int = 1, prior_events: int = 0) -> Record:
    """Read a whole record (a JSON text, bytes or an already parsed object).

    ``first``: the number of the record's first hand (``replay(done=...)`` goes on from the
    hands before it; errors then name the hand as the whole match numbers it, and the limits
    count them: ``prior_events`` is what their hands and moves count against ``MAX_EVENTS``)."""
    if isinstance(source, (bytes, bytearray)):
        if len(source) > 2 * limits.MAX_RECORD_BYTES:  # the request limit; then as a text
            raise RecordError("record.limit", limits.limit_params("bytes"))
        try:
            source = source.decode("utf-8")
        except UnicodeDecodeError as e:
            raise RecordError("record.json", {"what": "utf8"}) from e
    if isinstance(source, str):
        if len(source) > 2 * limits.MAX_RECORD_BYTES or limits.significant_size(source) > limits.MAX_RECORD_BYTES:
            raise RecordError("record.limit", limits.limit_params("bytes"))
        if limits.json_depth(source) > limits.MAX_DEPTH:
            raise RecordError("record.limit", limits.limit_params("depth"))
        try:
            obj = json.loads(source)
        except (ValueError, RecursionError) as e:
            raise RecordError("record.json", json_error_params(e)) from None
    else:
        obj = source
        if limits.object_depth(obj) > limits.MAX_DEPTH:
            raise RecordError("record.limit", limits.limit_params("depth"))
    if not isinstance(obj, dict):
        raise RecordError("record.format", {})
    if obj.get("format") != FORMAT:
        raise RecordError("record.format", {})
    _unknown_keys(obj, RECORD_KEYS, "record")
    variant = obj.get("variant")
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise RecordError("record.variant", {"variant": str(variant)[:40]})
    vs = spec(variant)
    players = obj.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise _field("players", "names")
    refused = limits.names_problem(players)  # the setup form's own check of names
    if refused is not None:
        why, name = refused
        raise RecordError("record.player_name", limits.name_params(why, name))
    if not (vs.min_players <= len(players) <= vs.max_players):
        raise RecordError("record.player_count", {"min": vs.min_players, "max": vs.max_players,
                                                  "count": len(players)})
    given = obj.get("options", {})
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise _field("options", "object")
    try:
        options = resolve_options(variant, len(players), given)
    except OptionError as e:
        raise RecordError(e.rule, {k: str(v)[:40] for k, v in e.params.items()}) from None
    date = obj.get("date")
    if date is not None and not is_date(date):
        raise _field("date", "date")
    lang = obj.get("lang")
    if lang is not None and lang not in ("ru", "en"):
        raise _field("lang", "lang")
    if obj.get("created") is not None and (not isinstance(obj["created"], str) or len(obj["created"]) > 40):
        raise _field("created", "time")
    if obj.get("log") is not None and not isinstance(obj["log"], list):
        raise _field("log", "changes")
    hands_raw = obj.get("hands", [])
    if not isinstance(hands_raw, list):
        raise _field("hands", "list")
    if first - 1 + len(hands_raw) > limits.MAX_HANDS:
        raise RecordError("record.limit", limits.limit_params("hands"))
    v = make_variant(variant, len(players), given)   # the given options: defaults may be None
    size = v.deal_size(len(players))
    hands = [_read_hand(h, first + i, players, size, v) for i, h in enumerate(hands_raw)]
    # what the web app would log for it: a hand, and each move (no more than a match may hold)
    if prior_events + len(hands) + sum(len(m) for h in hands for _, m in h.turns or ()) > limits.MAX_EVENTS:
        raise RecordError("record.limit", limits.limit_params("events"))
    return Record(variant, options, dict(given), list(players), hands, date, lang, obj, v)


def is_date(value: Any) -> bool:
    """``value`` is a date as a record and an event write it: ``YYYY-MM-DD``, a real day."""
    if not isinstance(value, str) or not _DATE.match(value):
        return False
    try:
        _dt.date.fromisoformat(value)
    except ValueError:
        return False
    return True


def read_hand(raw: Any, number: int, players: list[str], v: Variant[Any]) -> HandRecord:
    """One hand of a record read for form as :func:`read` reads it (hand ``number``, these
    players, variant object ``v``); raises :class:`RecordError`. The log's registry of event
    kinds reads a logged hand's parts (a start's deal, the tiles left, a result, a correction)
    with it."""
    return _read_hand(raw, number, players, v.deal_size(len(players)), v)


def _read_hand(raw: Any, number: int, players: list[str], size: int, v: Variant[Any]) -> HandRecord:
    if not isinstance(raw, dict):
        raise _field("hands", "hand_object", hand=number)
    _unknown_keys(raw, HAND_KEYS, "hand", number)
    hr = HandRecord(raw=raw)
    seated = set(players)
    seen: set[int] = set()
    deal = raw.get("deal")
    if deal is not None:
        if not isinstance(deal, dict) or set(deal) != seated:
            raise _deal("deal_everyone", number)
        hr.deal = {}
        for name in players:
            tiles = deal[name]
            if not isinstance(tiles, list):
                raise _deal("deal_list", number, player=name)
            ts = [_tile(x, "deal", number) for x in tiles]
            if len(ts) != size:
                raise _deal("deal_size", number, player=name, count=len(ts), size=size)
            for t in ts:
                if t in seen:
                    raise _deal("deal_twice", number, tile=tile_str(t))
                seen.add(t)
            hr.deal[name] = ts
    for key in ("removed", "starter"):
        if raw.get(key) is not None:
            if key == "removed" and (not v.removes_one or size * len(players) == 28):
                raise _field("removed", "no_removed", hand=number)
            if key == "starter" and not v.starter_from_bazaar:
                raise _field("starter", "no_starter", hand=number)
            t = _tile(raw[key], key, number)
            if t in seen:
                raise _deal("deal_" + key, number, tile=tile_str(t))
            seen.add(t)
            setattr(hr, key, t)
    if v.starter_from_bazaar and raw.get("turns") and hr.starter is None:
        raise _field("starter", "needs_starter", hand=number)
    lead = raw.get("lead")
    if lead is not None:
        if not isinstance(lead, str) or lead not in seated:
            raise RecordError("record.unknown_player", {"name": str(lead)[:MAX_NAME]}, hand=number)
        hr.lead = lead
    turns = raw.get("turns")
    if turns is not None:
        if not isinstance(turns, list):
            raise _field("turns", "list", hand=number)
        if len(turns) > limits.MAX_TURNS:
            raise RecordError("record.limit", limits.limit_params("turns"), hand=number)
        hr.turns = []
        for ti, turn in enumerate(turns, 1):
            if not isinstance(turn, dict):
                raise _field("turns", "turn_object", hand=number, turn=ti)
            _unknown_keys(turn, TURN_KEYS, "turn", number, ti)
            who = turn.get("player")
            if not isinstance(who, str) or who not in seated:
                raise RecordError("record.unknown_player", {"name": str(who)[:MAX_NAME]}, hand=number, turn=ti)
            name = who
            moves = turn.get("moves")
            if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
                raise _field("moves", "moves", hand=number, turn=ti)
            if len(moves) > limits.MAX_MOVES:
                raise RecordError("record.limit", limits.limit_params("moves"),
                                  hand=number, turn=ti)
            parsed = []
            for m in moves:
                try:
                    mv = parse_move(m)
                except RuleError:
                    raise RecordError("record.token", {"token": m[:60]}, hand=number, turn=ti, move=m[:60]) from None
                if mv.kind == "draw" and mv.tile < 0 and hr.deal is not None:
                    raise RecordError("record.unseen_draw", {"player": name}, hand=number, turn=ti, move=m)
                parsed.append(mv)
            hr.turns.append((name, list(moves)))
            hr.parsed.append(parsed)
    if raw.get("left") is not None:
        hr.left = _read_left(raw["left"], seated, number, "left", hr.written)
    result = raw.get("result")
    if result is not None:
        if not isinstance(result, dict):
            raise _field("result", "object", hand=number)
        _unknown_keys(result, RESULT_KEYS, "result", number)
        out = result.get("out")
        if out is not None and (not isinstance(out, str) or out not in seated):
            raise RecordError("record.unknown_player", {"name": str(out)[:MAX_NAME]}, hand=number)
        maker = result.get("maker")
        if maker is not None and (not isinstance(maker, str) or maker not in seated):
            raise RecordError("record.unknown_player", {"name": str(maker)[:MAX_NAME]}, hand=number)
        left = _read_left(result.get("left") or {}, seated, number, "result.left", hr.written)
        scored = result.get("scored") or {}
        if not isinstance(scored, dict):
            raise _field("result.scored", "points_object", hand=number)
        for k, x in scored.items():
            if k not in seated:
                raise RecordError("record.unknown_player", {"name": str(k)[:MAX_NAME]}, hand=number)
            if isinstance(x, bool) or not isinstance(x, int):
                raise _field("result.scored", "whole", hand=number)
        hr.result = {"out": out, "left": left, "scored": dict(scored), "maker": maker}
    return hr


def _read_left(raw: Any, seated: set[str], number: int, name: str,
               written: dict[tuple[str, int], str]) -> dict[str, list[int] | int]:
    """Each player's tiles (a list, kept as written: a tile twice is a rule the replay checks,
    exit 1) or pips."""
    if not isinstance(raw, dict):
        raise _field(name, "left_object", hand=number)
    out: dict[str, list[int] | int] = {}
    for k, x in raw.items():
        if k not in seated:
            raise RecordError("record.unknown_player", {"name": str(k)[:MAX_NAME]}, hand=number)
        if isinstance(x, bool):
            raise _field(name, "tiles_or_pips", hand=number)
        if isinstance(x, int):
            out[k] = x
        elif isinstance(x, list):
            ts = [_tile(t, name, number) for t in x]
            for t, text in zip(ts, x):
                written.setdefault((k, t), as_written(text))
            out[k] = ts
        else:
            raise _field(name, "tiles_or_pips", hand=number)
    return out


# -- replaying -----------------------------------------------------------------------------------


@dataclass
class HandReport:
    number: int
    end: str | None
    winner: str | None
    points: dict[str, int]
    left: dict[str, int | None]
    scored: dict[str, int] = field(default_factory=dict)
    hand: Hand | None = None
    #: kozel_min: what each player has hanging after this hand (nothing hanging: left out)
    hanging: dict[str, int] = field(default_factory=dict)
    #: eggs: the amount carried out of this hand (an equal block), else None
    eggs: int | None = None
    #: what the match took from this hand (``Match.add``'s arguments) and the hand's winner
    #: seat: ``replay(done=...)`` goes on from them
    taken: tuple[list[int], str | None, int | None, list[int | None]] | None = field(
        default=None, repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"number": self.number, "end": self.end, "winner": self.winner,
                               "points": dict(self.points), "left": dict(self.left)}
        if self.hanging:
            out["hanging"] = dict(self.hanging)
        if self.eggs is not None:
            out["eggs"] = self.eggs
        return out


@dataclass
class Report:
    variant: str
    players: list[str]
    options: dict[str, Any]
    hands: list[HandReport]
    totals: dict[str, int]
    match_winner: str | None
    error: dict[str, Any] | None = None
    error_obj: RuleError | None = None
    live: Hand | None = None
    provisional: bool = False
    kind: str = "credit"
    goal: int | None = None
    #: teams=pairs: the two pairs (partners, in seating order), else None
    teams: list[list[str]] | None = None
    #: everyone who won the match (a pair: both partners), None while it goes on
    match_winners: list[str] | None = None
    #: penalty scoring, once decided: whose total reached the limit (the «козёл»)
    goats: list[str] = field(default_factory=list)
    #: decided with nothing written against the winners (a «сухой» win, kozel scoring)
    dry: bool = False
    #: eggs: the amount carried into the next hand now (0: none)
    eggs: int = 0
    #: kozel_min: what each player has hanging now (nothing hanging: left out)
    hanging: dict[str, int] = field(default_factory=dict)
    #: the variant gathers points during play (each hand's ``scored`` / its hand's ``scores``)
    scores_in_play: bool = False

    @property
    def ok(self) -> bool:
        return self.error is None

    def to_json(self) -> dict[str, Any]:
        out = {"ok": self.ok, "variant": self.variant, "hands": [h.to_json() for h in self.hands],
               "totals": dict(self.totals), "match_winner": self.match_winner, "error": self.error}
        if self.teams is not None:
            out["teams"] = [list(t) for t in self.teams]
            out["match_winners"] = list(self.match_winners) if self.match_winners else None
        return out


class Stopped(Exception):
    """The replay stopped at a broken rule: ``err`` (a RuleError), where (``hand``, ``turn`` as
    the 1-based index into that hand's turns, ``move``: the token, or None for the hand's own)."""

    def __init__(self, err: RuleError, hand: int | None, turn: int | None, move: str | None):
        super().__init__(err.rule)
        self.err, self.hand, self.turn, self.move = err, hand, turn, move


_Stop = Stopped


class Position(NamedTuple):
    """A hand as it stands after ``index`` of its moves (0: before the first), as ``positions``
    yields it. ``turn`` is the 1-based index of the move's turn in the record (0 before any),
    ``player`` and ``move`` the mover and his token as written. ``hand`` is the one live
    :class:`Hand` the replay plays on: it moves on with the next step (``clone`` it to keep it)."""

    index: int  # type: ignore[assignment]  # a field named like tuple.index (which it hides)
    turn: int
    player: str | None
    move: str | None
    hand: Hand


def _error_json(err: RuleError, hand: int | None, turn: int | None, move: str | None, lang: str) -> dict[str, Any]:
    return {"hand": hand, "turn": turn, "move": move, "rule": err.rule, "message": err.message(lang)}


def replay(record: Record | Any, lang: str | None = None, open_last: bool = False, *,
           done: Sequence[HandReport] = (), played: Hand | None = None) -> Report:
    """Replay every hand; stop at the first broken rule (reported in ``error``).

    ``open_last``: the last turn of the record is still being played at the table (a player who
    may lay more, or who has drawn): it is not closed, and ``live`` is the hand in that turn.

    ``done``: the reports of finished hands that come before ``record.hands`` (an earlier
    replay of the same match's first hands, as ``replay`` made them; ``record`` then holds
    the hands after them, read with ``read(..., first=len(done) + 1)``). The match takes them
    again as it took them (``HandReport.taken``: totals, what hangs, the eggs), and the replay
    goes on exactly as it would have gone on from its own.

    ``played``: the last hand of ``record`` as its turns leave it (its last turn open where
    ``open_last``), played already by the caller on its own copy through the same engine (a
    move checked at the table on a copy of the hand before it): it is not dealt and played
    again, only ended and scored as a replayed one is. The caller vouches that it is that hand
    after those very moves; it becomes the report's hand (``live``), and is changed no more by
    the caller."""
    if not isinstance(record, Record):
        record = read(record, first=len(done) + 1)
    lang = lang or record.lang or "ru"
    players = record.players
    n = len(players)
    v0 = record.v if record.v is not None else make_variant(record.variant, n, record.given_options)
    kind = v0.kind()
    goal = v0.goal()
    rep = Report(record.variant, players, record.options, [], {p: 0 for p in players}, None,
                 provisional=v0.spec.provisional is not None, kind=kind, goal=goal,
                 scores_in_play=v0.scores_in_play())
    match = Match(record.options, n, kind, goal)
    if match.teams:
        rep.teams = [[players[s] for s in seats] for seats in match.units]
    prev_winner: int | None = None
    for hrep in done:
        if hrep.end is None or hrep.taken is None:
            raise ValueError("replay(done=...) takes the finished hands of a replay")
        points, end, winner, left = hrep.taken
        match.add(points, end, winner, left)
        rep.hands.append(hrep)
        if hrep.end != "redeal":
            prev_winner = winner
    if done:
        # what the match says once it has taken them (the totals, what hangs, the eggs, a winner)
        # is read once, after the last: a replay ends its hands at the match's winner (the next
        # is refused), so no finished hand of one but the last can have made a winner
        _counted(rep, match, done[-1])
    for i, hr in enumerate(record.hands):
        number = len(done) + i + 1
        try:
            if rep.match_winner is not None:
                raise _Stop(RuleError("match.over", {}), number, None, None)
            last = i == len(record.hands) - 1
            hrep, winner = _replay_hand(record, hr, number, prev_winner, number == 1, last,
                                        open_last and last, played if last else None)
        except _Stop as stop:
            rep.error = _error_json(stop.err, stop.hand, stop.turn, stop.move, lang)
            rep.error_obj = stop.err
            break
        taken = ([hrep.points.get(p, 0) for p in players], hrep.end, winner,
                 [hrep.left.get(p) for p in players])
        entry = match.add(*taken)
        hrep.taken = taken
        hrep.points = {p: entry.points[s] for s, p in enumerate(players)}
        hrep.hanging = {p: entry.hanging[s] for s, p in enumerate(players) if entry.hanging[s]}
        hrep.eggs = entry.eggs
        rep.hands.append(hrep)
        _counted(rep, match, hrep)
        if hrep.end is None:
            rep.live = hrep.hand
            break
        if hrep.end != "redeal":
            prev_winner = winner
    return rep


def _counted(rep: Report, match: Match, hrep: HandReport) -> None:
    """The report once ``match`` has taken ``hrep``: totals, what hangs, the eggs, the winners."""
    players = rep.players
    rep.totals = dict(zip(players, match.seat_totals()))
    rep.hanging = dict(hrep.hanging) if hrep.end is not None else rep.hanging
    rep.eggs = match.carry
    if hrep.end is None:
        return
    won = match.winners()
    if won is not None:
        rep.match_winners = [players[s] for s in won]
        rep.match_winner = rep.match_winners[0]
        rep.goats = [players[s] for s in match.goats()]
        rep.dry = match.dry()


def _start_hand(record: Record, hr: HandRecord, number: int, prev_winner: int | None,
                first: bool) -> tuple[Hand, Any]:
    """The hand as dealt (and the variant it is played under), or Stopped where its deal or
    lead already breaks a rule."""
    players = record.players
    n = len(players)
    seat = {p: s for s, p in enumerate(players)}
    v = record.v if record.v is not None else make_variant(record.variant, n, record.given_options)
    deal = [hr.deal[p] for p in players] if hr.deal is not None else None
    h = Hand(v, players, deal, lead=seat[hr.lead] if hr.lead is not None else None,
             removed=hr.removed, starter=hr.starter, previous_winner=prev_winner, first_hand=first)
    if h.vs.lead_conflict is not None and h.to_move is not None:
        raise _Stop(RuleError("lead.wrong_player", {"player": players[h.vs.lead_conflict],
                                                   "leader": players[h.to_move]}), number, None, None)
    if h.over and h.end == "redeal" and (hr.turns or hr.result is not None):
        # a hand whose known deal calls for a redeal has no turns (and so no result)
        rule = v.no_opener_rule
        first_move = hr.turns[0][1][0] if hr.turns and hr.turns[0][1] else None
        raise _Stop(RuleError(rule, {}), number, 1 if hr.turns else None, first_move)
    return h, v


def _steps(h: Hand, hr: HandRecord, number: int, open_last: bool) -> Iterator[Position]:
    """The one loop over a hand's moves: each move played on ``h`` (each turn closed after its
    last move, but for the last turn where ``open_last``), the position yielded after it;
    Stopped at the first broken rule."""
    players = h.players
    seat = {p: s for s, p in enumerate(players)}
    turns = hr.turns or []
    parsed = hr.parsed if len(hr.parsed) == len(turns) else [[parse_move(m) for m in ms] for _, ms in turns]
    k = 0
    for ti, (name, moves) in enumerate(turns, 1):
        s = seat[name]
        if h.over:
            raise _Stop(RuleError("hand.over", {}), number, ti, moves[0] if moves else None)
        if h.to_move is None and not h.history:      # (ladder: the starter is already laid)
            h.set_leader(s)     # the rules leave the lead open and the record names none: he led
        if s != h.to_move:
            due = "—" if h.to_move is None else players[h.to_move]
            if h.layout.empty and not h.history:
                raise _Stop(RuleError("lead.wrong_player", {"player": name, "leader": due}),
                            number, ti, moves[0] if moves else None)
            raise _Stop(RuleError("turn.wrong_player", {"player": name, "expected": due}),
                        number, ti, moves[0] if moves else None)
        close = not (open_last and ti == len(turns))
        if not moves and close:
            try:
                h.end_turn()
            except RuleError as e:
                raise _Stop(e, number, ti, None) from None
        for i, (mv, pm) in enumerate(zip(moves, parsed[ti - 1]), 1):
            if h.over:
                raise _Stop(RuleError("hand.over", {}), number, ti, mv)
            try:
                h.play(pm)
            except RuleError as e:
                e.params = in_words_as_written(e.params, mv)
                raise _Stop(e, number, ti, mv) from None
            if close and i == len(moves):
                try:
                    h.end_turn()
                except RuleError as e:
                    raise _Stop(e, number, ti, mv) from None
            k += 1
            yield Position(k, ti, name, mv, h)


def _previous_winner(record: Record, number: int, report: Any) -> int | None:
    """The seat of the winner of the last hand before ``number`` that was not redealt (from
    ``report``, a Report or its JSON, or else by replaying those hands)."""
    if number == 1:
        return None
    if report is None:
        before = Record(record.variant, record.options, record.given_options, record.players,
                        record.hands[:number - 1], record.date, record.lang, record.raw, record.v)
        report = replay(before)
        if report.error_obj is not None:
            e = report.error or {}
            raise _Stop(report.error_obj, e.get("hand"), e.get("turn"), e.get("move"))
    hands = report.hands if isinstance(report, Report) else (report.get("hands") or [])
    winner = None
    for h in hands:
        num, end, who = (h.number, h.end, h.winner) if isinstance(h, HandReport) else (
            h.get("number", 0), h.get("end"), h.get("winner"))
        if num < number and end != "redeal":
            winner = who
    return record.players.index(winner) if winner in record.players else None


def _hand_started(record: Record | Any, number: int, report: Report | Mapping[str, Any] | None
                  ) -> tuple[Record, HandRecord, Hand, Variant[Any]]:
    """Hand ``number`` (1-based) of a record (read if it is not yet) at its start, as the replay
    starts it (who won the hands before from ``report``, else replayed)."""
    if not isinstance(record, Record):
        record = read(record)
    if not 1 <= number <= len(record.hands):
        raise IndexError(f"hand {number} of {len(record.hands)}")
    hr = record.hands[number - 1]
    prev = _previous_winner(record, number, report)
    h, v = _start_hand(record, hr, number, prev, number == 1)
    return record, hr, h, v


def positions(record: Record | Any, number: int, *, open_last: bool = False,
              report: Report | Mapping[str, Any] | None = None) -> Iterator[Position]:
    """Hand ``number`` of a record (1-based), position by position: as dealt (``index`` 0), then
    after each move, played through the same loop as ``replay``; raises Stopped where a move
    breaks a rule (a RecordError where the record cannot be read). What comes after the moves
    (the tiles left, a result, the score) is ``replay``'s.

    ``open_last``: the hand's last turn is still being played: it is not closed. ``report``: the
    match's report, if the caller has it (it says who won the hands before; else they are replayed).
    The web app's table, the dispute tool's steps and the sheets' open ends all come from here."""
    record, hr, h, _v = _hand_started(record, number, report)
    yield Position(0, 0, None, None, h)
    yield from _steps(h, hr, number, open_last)


def _replay_hand(record: Record, hr: HandRecord, number: int, prev_winner: int | None,
                 first: bool, last: bool, open_last: bool = False,
                 played: Hand | None = None) -> tuple[HandReport, int | None]:
    players = record.players
    if played is not None:
        h, v = played, played.v  # its moves played already (``replay``'s ``played``)
    else:
        h, v = _start_hand(record, hr, number, prev_winner, first)
        for _ in _steps(h, hr, number, open_last):
            pass
    # only the last hand may be unfinished (a hand with no turns, or "turns": [], included)
    if not h.over and hr.result is None and not last:
        raise _Stop(RuleError("hand.unfinished", {"hand": number}), number, None, None)
    # -- the end --------------------------------------------------------------------------------
    if hr.result is not None and not (h.over and h.end == "redeal"):
        return _result_hand(record, hr, h, v, number)
    if not h.over:
        shown = h
        if hr.left:
            # a left given for a hand still in play is checked like any left (on a copy: the live
            # hand goes on from the tiles, not from a count)
            from .rules import clone

            shown = clone(h)
            _apply_left(shown, v, hr.left, number, hr.written)
        left = {p: shown.pips_of(s, v.lone_blank) for s, p in enumerate(players)}
        pts = v.live_points(h)
        return HandReport(number, None, None, {p: pts[s] for s, p in enumerate(players)}, left, hand=h), None
    if h.end == "redeal":
        return HandReport(number, "redeal", None, {p: 0 for p in players}, {p: None for p in players}, hand=h), None
    return _scored(h, v, hr.left, number, hr.written, players)


def _scored(h: Hand, v: Variant[Any], left: dict[str, list[int] | int] | None, number: int,
            written: dict[tuple[str, int], str] | None, players: list[str]) -> tuple[HandReport, int | None]:
    """A hand that ended, with the tiles left given (``left``, as the record wrote them), scored
    by its variant: its report and its winner's seat (a refusal of the score stops the replay)."""
    _apply_left(h, v, left, number, written)
    try:
        sc = v.score(h)
    except RuleError as e:
        raise _Stop(e, number, None, None) from None
    _require_left(h, v, sc, number)
    return _hand_report(number, h.end, sc, players, h), sc.winner


def _hand_report(number: int, end: str | None, sc: HandScore, players: list[str], h: Hand | None) -> HandReport:
    scored = {p: h.scores[s] for s, p in enumerate(players)} if h is not None else {}
    return HandReport(number, end, players[sc.winner] if sc.winner is not None else None,
                      {p: sc.points[s] for s, p in enumerate(players)},
                      {p: sc.left[s] for s, p in enumerate(players)}, scored=scored, hand=h)


def _require_left(h: Hand, v: Variant[Any], sc: HandScore, number: int) -> None:
    if not v.needs_left(h):
        return
    # pairs: when a partner goes out (or the maker's pair wins a block) the winners' pips count
    # for nothing, and the table need not say them
    exempt = set(partners(v.options, h.n, sc.winner)) if sc.winner is not None and (
        h.end == "out" or (h.end == "block" and v.maker_wins_block())) else set()
    missing = [h.players[s] for s in range(h.n) if sc.left[s] is None and s not in exempt]
    if missing:
        raise _Stop(RuleError("left.missing", {"player": ", ".join(missing), "players": missing}),
                    number, None, None)


def _left_error(rule: str, why: str, number: int, **params: Any) -> _Stop:
    return _Stop(RuleError(rule, dict(params, why=why)), number, None, None)


def _spelt(written: dict[tuple[str, int], str], name: str, t: int) -> str:
    return written.get((name, t)) or tile_str(t)


def _no_tile_twice(left: dict[str, list[int] | int] | None, written: dict[tuple[str, int], str],
                   number: int) -> None:
    """A tile listed twice in one player's ``left`` is a remainder that cannot be (exit 1)."""
    for name, val in (left or {}).items():
        if isinstance(val, list) and len(set(val)) != len(val):
            t = next(t for t in val if val.count(t) > 1)
            raise _left_error("left.impossible", "left_twice", number, player=name,
                              tile=_spelt(written, name, t))


def _apply_left(h: Hand, v: Variant[Any], left: dict[str, list[int] | int] | None, number: int,
                written: dict[tuple[str, int], str] | None = None) -> None:
    """Check ``left`` against the replay and, for unknown hands, take it in."""
    if not left:
        return
    spelt = written or {}
    _no_tile_twice(left, spelt, number)
    players = h.players
    pips_given: list[int | None] = [None] * h.n
    tiles_given: list[int | None] = [None] * h.n
    used = 0
    owner: dict[int, str] = {}
    for name, val in left.items():
        s = players.index(name)
        if h.known[s]:
            held = tiles_of(h.hands[s])
            if isinstance(val, list):
                if sorted(val) != sorted(held):
                    raise _left_error("left.mismatch", "left_tiles", number, player=name,
                                      tiles=" ".join(tile_str(t) for t in held) or "—",
                                      listed=" ".join(_spelt(spelt, name, t) for t in val) or "—")
            else:
                real = h.pips_of(s, v.lone_blank)
                if val != real:
                    raise _left_error("left.mismatch", "left_pips", number, player=name, real=real, pips=val)
            continue
        if isinstance(val, list):
            m = 0
            for t in val:
                if h.layout.mask >> t & 1:
                    raise _left_error("left.impossible", "left_on_table", number, player=name, tile=_spelt(spelt, name, t))
                if used >> t & 1:
                    raise _left_error("left.impossible", "left_other", number, player=name, tile=_spelt(spelt, name, t),
                                      other=owner[t])
                if h.seen_elsewhere(s) >> t & 1:
                    raise _left_error("left.impossible", "left_elsewhere", number, player=name, tile=_spelt(spelt, name, t))
                m |= 1 << t
                owner[t] = name
            if len(val) != h.counts[s]:
                raise _left_error("left.impossible", "left_count", number, player=name, count=h.counts[s],
                                  listed=len(val))
            if h.known_in[s] & ~m:
                t = tiles_of(h.known_in[s] & ~m)[0]
                raise _left_error("left.impossible", "left_known", number, player=name, tile=tile_str(t))
            used |= m
            tiles_given[s] = m
            lb = v.lone_blank
            pips_given[s] = lb if (lb is not None and val == [0]) else sum(PIPS[t] for t in val)
        else:
            cap, one = _pips_cap(h, v, s, used)
            if val < 0:
                raise _left_error("left.impossible", "left_negative", number, player=name, pips=val)
            if h.counts[s] == 0 and val != 0:
                raise _left_error("left.impossible", "left_none", number, player=name, pips=val)
            if one is not None and val not in one:
                raise _left_error("left.impossible", "left_one", number, player=name, pips=val)
            if val > cap and one is None:
                raise _left_error("left.impossible", "left_cap", number, player=name, count=h.counts[s],
                                  cap=cap, pips=val)
            pips_given[s] = val
    h.take_left(pips_given, tiles_given)


def _pips_cap(h: Hand, v: Variant[Any], s: int, used: int = 0,
              count: int | None = None) -> tuple[int, set[int] | None]:
    """The most pips seat ``s`` can hold (what his count of the heaviest tiles off the table
    carries, ``used``: tiles listed for others; ``count``: his tiles, the hand's own count when
    None), and with one tile the only counts it can show (a lone 0:0 as ``lone_blank``), else None."""
    if count is None:
        count = h.counts[s]
    free = ALL_MASK & ~h.layout.mask & ~h.seen_elsewhere(s) & ~used
    cap = sum(sorted((PIPS[t] for t in tiles_of(free)), reverse=True)[:count])
    one = None
    if count == 1:
        lb = v.lone_blank
        one = {lb if (t == 0 and lb is not None) else PIPS[t] for t in tiles_of(free)}
    return cap, one


def _result_counts(h: Hand, v: Variant[Any], players: list[str], left: dict[str, Any], out_seat: int | None) -> list[int]:
    """How many tiles each holds at the end of a hand entered by its result: none who went out;
    a list's length; for a count the most he could hold (his deal and every tile he could have
    drawn; the sausage: any tile, as a cut hands tiles over); else at least one."""
    more = 28 if v.tiles_change_hands else max(h.drawable_n, 0)
    counts = []
    for s, name in enumerate(players):
        val = left.get(name)
        if s == out_seat:
            counts.append(0)
        elif isinstance(val, list):
            counts.append(len(val))
        elif val is not None:
            counts.append(max(1, min(28, h.counts[s] + more)))
        else:
            counts.append(max(h.counts[s], 1))
    return counts


def result_bounds(record: Record | Any, number: int, *,
                  report: Report | Mapping[str, Any] | None = None) -> dict[str, dict[str, Any]]:
    """What each player's pips can be in hand ``number`` (1-based) entered by its result, as
    the check of that result allows a count: ``most`` (the heaviest tiles he can hold), ``one``
    (the only counts, sorted, where he can hold one tile only, else None), ``tiles`` (how many
    he can hold at most), and ``step`` (the in-play points are a multiple of it, or None).
    The result page's number pad asks this; the check itself still judges what is entered."""
    record, hr, h, v = _hand_started(record, number, report)
    players = record.players
    known = [h.pips_of(s, v.lone_blank) if h.known[s] else None for s in range(h.n)]
    counts = _result_counts(h, v, players, {p: 0 for p in players}, None)
    out: dict[str, dict[str, Any]] = {}
    for s, name in enumerate(players):
        cap, one = (known[s], {known[s]}) if known[s] is not None else _pips_cap(h, v, s, count=counts[s])
        out[name] = {"most": cap, "one": sorted(one) if one is not None else None, "tiles": counts[s],
                     "step": v.in_play_step or None}
    return out


def left_bounds(h: Hand) -> dict[str, dict[str, Any]]:
    """What each player's pips can be at the end of hand ``h`` played move by move, where the
    tiles he still holds are to be said: ``most``, ``one`` and ``tiles`` as ``result_bounds``
    says them, from the hand as played (his count of tiles, the tiles off the table and not
    seen elsewhere). The tiles-left form's number pad asks this; the check still judges."""
    v = h.v
    out: dict[str, dict[str, Any]] = {}
    for s, name in enumerate(h.players):
        cap, one = _pips_cap(h, v, s)
        real = h.pips_of(s, v.lone_blank) if h.known[s] else None
        if real is not None:
            cap, one = real, {real}
        out[name] = {"most": cap, "one": sorted(one) if one is not None else None, "tiles": h.counts[s],
                     "step": None}
    return out


def next_lead(record: Record | Any, number: int, *,
               report: Report | Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Who leads hand ``number`` (1-based) before its deal is known, as its start finds it:
    ``{"seat": s}`` where the rules name the player (the last hand's winner leads), ``{"tile":
    "6:6"}`` where the holder of a tile leads (the first of the variant's opener order), else
    ``{}`` (the table chooses: by lot or agreement)."""
    record, hr, h, v = _hand_started(record, number, report)
    if h.to_move is not None:
        return {"seat": h.to_move}
    order = v.opener_order(h)
    if order:
        return {"tile": tile_str(order[0])}
    return {}


def next_shuffler(record: Record | Any, number: int, *,
                  report: Report | Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Who shuffles the tiles for hand ``number`` (1-based): ``{"seat": s, "why": w}``. Where the
    variant's loser shuffles (``Variant.loser_shuffles``, the «Козёл»), the loser of the last hand
    with a winner: of the side that lost (the other pair, in pairs), the one left with the most
    pips, the first after the winner clockwise on a tie (``why``: ``lost``); after a hand with no
    winner (an equal block, a redeal) the same player again (``again``). Else the seats in turn,
    clockwise (``turn``). The first hand: the first player listed (``first``). ``report``: the
    match's report, if the caller has it (else the hands before are replayed)."""
    if not isinstance(record, Record):
        record = read(record)
    if not 1 <= number <= len(record.hands):
        raise IndexError(f"hand {number} of {len(record.hands)}")
    players = record.players
    n = len(players)
    v = record.v if record.v is not None else make_variant(record.variant, n, record.given_options)
    if number == 1:
        return {"seat": 0, "why": "first"}
    if not v.loser_shuffles():
        return {"seat": (number - 1) % n, "why": "turn"}
    if report is None:
        before = Record(record.variant, record.options, record.given_options, players,
                        record.hands[:number - 1], record.date, record.lang, record.raw, record.v)
        report = replay(before)
    hands = report.hands if isinstance(report, Report) else (report.get("hands") or [])
    seat, why = 0, "first"
    for h in hands:
        num, winner, left = (h.number, h.winner, h.left) if isinstance(h, HandReport) else (
            h.get("number", 0), h.get("winner"), h.get("left") or {})
        if num >= number:
            break
        if winner not in players:
            why = "again"
            continue
        w = players.index(winner)
        side = partners(record.options, n, w)
        losers = sorted((s for s in range(n) if s not in side), key=lambda s: (s - w) % n)
        if not losers:
            continue
        seat = max(losers, key=lambda s: left.get(players[s]) or 0)
        why = "lost"
    return {"seat": seat, "why": why}


def _left_agree(a: dict[str, Any] | None, b: dict[str, Any] | None, lone_blank: int | None, number: int) -> None:
    """A hand's ``left`` and its ``result.left``, where both are given, say the same."""
    if not a or not b:
        return

    def pips(val: int | list[int]) -> int | None:
        if isinstance(val, int):
            return val
        return lone_blank if (lone_blank is not None and val == [0]) else sum(PIPS[t] for t in val)

    for name in set(a) & set(b):
        x, y = a[name], b[name]
        same = sorted(x) == sorted(y) if isinstance(x, list) and isinstance(y, list) else pips(x) == pips(y)
        if not same:
            raise _left_error("result.mismatch", "mismatch_left", number, player=name)


def _result_hand(record: Record, hr: HandRecord, played: Hand, v: Variant[Any], number: int) -> tuple[HandReport, int | None]:
    """A hand entered by its result only (or turns and a result that must agree)."""
    res = hr.result or {}
    players = record.players
    seat = {p: s for s, p in enumerate(players)}
    scored = res.get("scored", {})
    bad = v.scored_problem(scored)
    if bad is not None:
        raise _left_error("result.scored", bad[1], number, player=bad[0], **bad[2])
    out = res.get("out")
    maker = res.get("maker")
    _no_tile_twice(res.get("left"), hr.written, number)
    _no_tile_twice(hr.left, hr.written, number)
    _left_agree(res.get("left"), hr.left, v.lone_blank, number)
    if played.history:
        # turns and a result: they must agree
        if not played.over:
            raise _left_error("result.mismatch", "mismatch_unfinished", number)
        w = played.winner if played.end == "out" else None     # French: not the first to empty his hand
        if (out is not None and seat[out] != w) or (out is None and played.end == "out"):
            why = "mismatch_out" if w is not None and out is not None else (
                "mismatch_out_block" if w is None else "mismatch_out_none")
            raise _left_error("result.mismatch", why, number, real=players[w] if w is not None else "—",
                              said=out or "—")
        for name, x in scored.items():
            if played.scores[seat[name]] != x:
                raise _left_error("result.mismatch", "mismatch_scored", number, player=name,
                                  real=played.scores[seat[name]], points=x)
        if maker is not None and played.maker != seat[maker]:
            # the fish maker is the player who laid the last tile
            raise _left_error("result.mismatch", "mismatch_maker", number, maker=maker,
                              real=players[played.maker] if played.maker is not None else "—")
        return _scored(played, v, res.get("left") or hr.left, number, hr.written, players)
    # result only: a hand with no moves, finished as the result says
    h = played
    if out is None and maker is None and v.maker_wins_block():
        # a block whose winner is the fish maker: the result must say who made it
        raise _Stop(RuleError("result.maker", {}), number, None, None)
    left = res.get("left") or hr.left or {}
    if h.deal_known and not v.tiles_change_hands:
        # a known deal: each tile left was dealt to that player or drawn (never another's)
        drawable = h.drawable_n > 0
        for name, val in left.items():
            if not isinstance(val, list):
                continue
            s = seat[name]
            for t in val:
                if not (h.hands[s] >> t & 1) and (not drawable or not (h.stock >> t & 1)):
                    raise _left_error("left.impossible", "left_not_dealt", number, player=name,
                                      tile=_spelt(hr.written, name, t))
    if out is not None and left.get(out) not in (None, 0, []):
        # the player who went out holds nothing
        given = left[out]
        kept = given if isinstance(given, int) else " ".join(_spelt(hr.written, out, t) for t in given)
        raise _left_error("result.out", "out_holds", number, player=out, kept=kept)
    out_seat = seat[out] if out is not None else None
    # at most his deal and every tile he could have drawn (sausage: any tile, as a cut hands
    # tiles over)
    more = 28 if v.tiles_change_hands else max(h.drawable_n, 0)
    for name, val in left.items():
        most = min(28, h.counts[seat[name]] + more)
        if seat[name] != out_seat and isinstance(val, list) and len(val) > most:
            raise _left_error("left.impossible", "left_most", number, player=name, most=most,
                              listed=len(val))
    # how many tiles each holds at the end (the cap is what that many of the heaviest tiles carry)
    counts = _result_counts(h, v, players, left, out_seat)
    # the deal, if known, is not the remainder: the remainder is what result.left says
    h.end_by_result(out_seat, seat[maker] if maker is not None else None, counts)
    _apply_left(h, v, left, number, hr.written)
    v.load_scored(h, [scored.get(p, 0) for p in players])
    try:
        sc = v.score(h)
    except RuleError as e:
        raise _Stop(e, number, None, None) from None
    _require_left(h, v, sc, number)
    return _hand_report(number, "result", sc, players, None), sc.winner


# -- the whole check -----------------------------------------------------------------------------


def check(source: Any, lang: str | None = None) -> tuple[int, dict[str, Any], Report | None]:
    """(exit code, the JSON report, the report) for ``referee check``."""
    try:
        rec = read(source)
    except RecordError as e:
        obj = source
        if isinstance(source, (str, bytes, bytearray)):
            try:
                obj = json.loads(source)
            except (ValueError, RecursionError):
                obj = None
        if lang is None and isinstance(obj, dict) and obj.get("lang") in ("ru", "en"):
            lang = obj["lang"]
        lang = lang or "ru"
        variant = obj.get("variant") if isinstance(obj, dict) else None
        if not isinstance(variant, str) or variant not in VARIANTS:
            variant = None
        return 2, {"ok": False, "variant": variant, "hands": [],
                   "totals": {}, "match_winner": None,
                   "error": _error_json(e, e.hand, e.turn, e.move, lang)}, None
    rep = replay(rec, lang)
    return (0 if rep.ok else 1), rep.to_json(), rep


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1)
