"""From a match's event log to a game record (pure: no Flask, no database).

Event kinds (``data`` is a dict; each kind, the shape of its data, its fold into the hands, its
words and its part of the schema are declared once in ``referee.matches.events``):

- ``hand``: a new hand played move by move; optional ``deal``, ``lead``, ``removed``, ``starter``.
- ``move``: ``player``, ``token``, ``open`` (the turn may still go on after it).
  A move joins the current turn while that turn is open, else it starts a new one.
- ``end_turn``: closes the open turn (variants with several tiles a turn).
- ``left``: ``left`` for the hand just ended ({name: [tiles] or pips}).
- ``result``: a whole hand entered by its result (``result``, a record ``result`` dict).
- ``undo``: cancels the latest change still in force (events are never deleted).
- ``correct``: a past hand corrected (``hand``: its number from 1, ``record``: the hand as it
  should read, ``was``: the hand as it read before, ``via``: which link made it). It replaces that
  hand from here on; every later hand and total is re-scored by the replay. Undoable.
- ``rename``: a player renamed (``seat``, ``from``, ``to``). The hands before it are read with
  the new name; the log keeps who he was. An undo passes over it (a rename is undone by
  renaming back).
- ``confirm``: an opponent's word on a finished hand (``hand``, ``by``, ``verdict``:
  ``confirmed`` or ``disputed``). The replay never reads it; an undo passes over it.
- ``redo``: puts back the change the latest undo cancelled (only while nothing new was
  recorded since: a new change forgets what was undone).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import datetime
from typing import Any

from referee.matches import events as kinds
from referee.matches.fold import (HAND_KEYS, Event, Folded, LoggedHand, Turn, hand_from_record,
                                  rename_in_hand)
from referee.matches.kept_log import InForce, KeptLog, undo_fold
from referee.matches.kept_log import in_force as kept_in_force
from referee.rules.errors import MoveSyntaxError
from referee.rules.notation import parse_move
from referee.rules.tiles import tile_str

__all__ = ["HAND_KEYS", "Event", "Folded", "LoggedHand", "Turn", "hand_from_record", "rename_in_hand"]

#: what an undo may take back, and what it passes over (kept in force for good): the registry's
UNDOABLE = kinds.UNDOABLE
LASTING = kinds.LASTING


def _replay_undo(events: Sequence[Event]) -> tuple[Sequence[Event], list[Event]]:
    """The events in force, and the changes undone that a redo may still put back (a kept log's
    from its tail: ``kept_log.in_force``)."""
    if isinstance(events, KeptLog):
        return kept_in_force(events)
    kept: list[Event] = []
    undone: list[tuple[int, Event]] = []  # (where it stood among the events in force, the event)
    undo_fold(kept, undone, events, _kind)
    return kept, [e for _i, e in undone]


def _kind(e: Event) -> str:
    return e["kind"]  # type: ignore[no-any-return]


def undo_replayed(events: Sequence[Event]) -> tuple[Sequence[Event], list[Event]]:
    """The events in force (``effective``) and the changes undone that a redo may still put back
    (the last is ``redoable``'s), from one reading of the log."""
    return _replay_undo(events)


def effective(events: Sequence[Event]) -> Sequence[Event]:
    """The events still in force once every undo has cancelled its target (the latest
    undoable change still in force; renames stay) and every redo put back the last one undone."""
    return _replay_undo(events)[0]


def in_force_of(events: Sequence[Event], wanted: frozenset[str]) -> Iterator[Event]:
    """The events in force of the kinds ``wanted``, in order (of a kept log only those are read
    from their text)."""
    kept = effective(events)
    if isinstance(kept, InForce):
        for i in range(len(kept)):
            if kept.kind(i) in wanted:
                yield kept[i]
        return
    for e in kept:
        if e["kind"] in wanted:
            yield e


_WORDS = frozenset(("confirm", "correct"))


def verdicts(evs: Sequence[Event]) -> dict[int, dict[str, Any]]:
    """The latest word on each hand ({hand number: {verdict, by, at, via}}: ``via`` "seat" from
    the player's own link, "edit" on the scorekeeper's phone); a correction of the hand
    after it asks for a new one."""
    out: dict[int, dict[str, Any]] = {}
    for e in in_force_of(evs, _WORDS):
        d = e["data"]
        if e["kind"] == "confirm":
            out[int(d["hand"])] = {"verdict": d["verdict"], "by": d["by"], "at": e["at"], "via": d.get("via")}
        elif e["kind"] == "correct":
            out.pop(int(d["hand"]), None)
    return out


def redoable(events: Sequence[Event]) -> Event | None:
    """The change a redo would put back: the latest one undone, if nothing came after."""
    undone = _replay_undo(events)[1]
    return undone[-1] if undone else None


def hand_number(events: Sequence[Event], event: Event) -> int:
    """The number of the hand an event in force belongs to (1 for the first): the event itself,
    or the stored event of its ``seq`` (a kept log reads its finished hands' events again from
    their text: equal, not the same objects)."""
    n = 0
    seq = event.get("seq")
    for e in effective(events):
        if e["kind"] in kinds.STARTS_HAND:
            n += 1
        if e is event or seq is not None and e.get("seq") == seq:
            return max(n, 1)
    return max(n, 1)


def last_undoable(events: Sequence[Event]) -> Event | None:
    """The change an undo would cancel now, or None when there is nothing to undo."""
    for e in reversed(effective(events)):
        if e["kind"] in UNDOABLE:
            return e
    return None


#: the events that change only the last hand (or start a new one): a fold goes on over them
_LAST_ONLY = kinds.LAST_ONLY


def goes_on(events: Sequence[Event], done: int) -> bool:
    """Whether the events after the first ``done`` only go on after them (a move, a hand, a
    result, the tiles left, a confirmation): the hands they fold to before the last are those of
    ``events[:done]``."""
    return all(e["kind"] in _LAST_ONLY for e in events[done:])


def fold(events: Sequence[Event]) -> list[LoggedHand]:
    """The hands the log describes, in order."""
    return fold_log(events).hands


def fold_log(events: Sequence[Event], base: Folded | None = None, done: int = 0) -> Folded:
    """``fold`` with the marks; ``base``: the fold of ``events[:done]``, gone on from when the
    events after it change only the last hand (its hands are never changed: the last is copied)."""
    if base is None or any(e["kind"] not in _LAST_ONLY for e in events[done:]):
        out = Folded([], [], 0)
        for e in effective(events):
            _apply(out, e)
            out.depth += 1
        return out
    hands = list(base.hands)
    if hands:
        hands[-1] = hands[-1].copy()
    out = Folded(hands, list(base.marks), base.depth, list(base.edits))
    for e in events[done:]:
        if e["kind"] in UNDOABLE or e["kind"] in LASTING:
            _apply(out, e)
            out.depth += 1
    return out


def _apply(out: Folded, e: Event) -> None:
    """The event folded into the hands by its kind's fold (the registry's ``Kind.fold``)."""
    fold_kind = kinds.KINDS[e["kind"]].fold
    if fold_kind is not None:
        fold_kind(out, e)


def to_record(match: Mapping[str, Any], hands: list[LoggedHand],
              include_open: bool = True) -> dict[str, Any]:
    """The match as a game record (version 1)."""
    record: dict[str, Any] = {
        "format": "referee-record/1",
        "variant": match["variant"],
        "options": {k: v for k, v in match["options"].items() if v is not None},
        "players": list(match["players"]),
        "date": match["created"][:10],
        "hands": [h.to_record(include_open=include_open) for h in hands],
    }
    if match.get("lang") in ("ru", "en"):
        record["lang"] = match["lang"]
    return record


def record_to_events(record: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The events that rebuild an imported record's hands, in order."""
    out: list[tuple[str, dict[str, Any]]] = []
    for hand in record.get("hands", []):
        if "turns" not in hand and "result" in hand:
            out.append(("result", {"result": hand["result"]}))
            continue
        out.append(("hand", {k: hand[k] for k in HAND_KEYS if k in hand}))
        for turn in hand.get("turns", []):
            moves = turn.get("moves", [])
            for i, token in enumerate(moves):
                out.append(("move", {"player": turn["player"], "token": token,
                                     "open": i < len(moves) - 1}))
        if "left" in hand:
            out.append(("left", {"left": hand["left"]}))
    return out


def laid_tiles(hand: LoggedHand) -> list[str]:
    """The tiles laid in a hand's moves, as written (for greying them out in a picker)."""
    out: list[str] = []
    for t in hand.turns:
        for token in t.moves:
            try:
                mv = parse_move(token)        # the engine's one parser of move tokens
            except MoveSyntaxError:
                continue
            if mv.kind == "lay":
                out.append(tile_str(mv.tile))
    return out


# -- the whole log in a record (a match moved to another server is the same match) --------------


def log_of(events: Sequence[Event]) -> list[Event]:
    """The event log as a record's ``log``: every change in order, undone ones and undos
    included, each with its time (``at``)."""
    return [{"kind": e["kind"], "data": e["data"], "at": e["at"]} for e in events]


class LogError(ValueError):
    """A record's ``log`` that cannot be the log of a match: a catalogue message
    (``referee.matches.events.Problem``); ``message(gettext, lang)`` says why."""

    def __init__(self, problem: kinds.Problem):
        super().__init__(str(problem))
        self.problem = problem

    def message(self, gettext: Callable[[str], str], lang: str) -> str:
        return self.problem.message(gettext, lang)


def timestamp(value: Any) -> bool:
    """Whether ``value`` is a time as a log keeps it (ISO 8601)."""
    if not isinstance(value, str) or not 10 <= len(value) <= 40:
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def read_log(record: Mapping[str, Any], max_events: int,
             variant: Callable[[], Any] | None = None) -> list[Event]:
    """The events of a record's ``log``, each checked where it stands by the registry of event
    kinds (``referee.matches.events.check_log``: its keys, types and ranges, the players seated
    then, the hands in force); ``variant()`` gives the variant object a hand is read with. The log
    must rebuild the record's own hands exactly (``hands`` is what ``referee check`` reads; the
    log adds what it cannot hold: undone changes and times). Raises :class:`LogError`."""
    N_ = kinds.N_
    raw = record.get("log")
    if not isinstance(raw, list):
        raise LogError(kinds.Problem(N_("it must be a list of changes")))
    if len(raw) > max_events:
        raise LogError(kinds.Problem(N_("it holds more than %(max)d changes"), max=max_events))
    out: list[Event] = []
    for i, e in enumerate(raw, start=1):
        if not isinstance(e, dict) or set(e) - {"kind", "data", "at"}:
            raise LogError(kinds.Problem(N_("change %(i)d is not an object of kind, data and at"), i=i))
        kind, data, at = e.get("kind"), e.get("data", {}), e.get("at")
        if kind not in kinds.KINDS:
            raise LogError(kinds.Problem(N_("change %(i)d is of an unknown kind"), i=i))
        if not timestamp(at):
            raise LogError(kinds.Problem(N_("change %(i)d has no time (ISO 8601) in at"), i=i))
        out.append({"seq": i, "kind": kind, "data": data, "at": at})
    try:
        kinds.check_log(out, list(record.get("players") or []), variant)
    except kinds.Problem as p:
        raise LogError(p) from None
    hands = [h.to_record(include_open=True) for h in fold(out)]
    if hands != record.get("hands", []):
        raise LogError(kinds.Problem(N_("it does not rebuild the record's hands")))
    return out
