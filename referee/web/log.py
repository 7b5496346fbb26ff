"""From a match's event log to a game record (pure: no Flask, no database).

Event kinds (``data`` is a dict; each kind, the shape of its data, its words and its part of the
schema are declared once in ``referee.matches.events``; the fold of each is ``_apply`` below):

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

from dataclasses import dataclass, field

from referee.matches import events as kinds

#: what an undo may take back, and what it passes over (kept in force for good): the registry's
UNDOABLE = kinds.UNDOABLE
LASTING = kinds.LASTING
HAND_KEYS = ("deal", "lead", "removed", "starter")


@dataclass
class Turn:
    player: str
    moves: list[str] = field(default_factory=list)
    open: bool = False


@dataclass
class LoggedHand:
    meta: dict = field(default_factory=dict)
    turns: list[Turn] = field(default_factory=list)
    left: dict | None = None
    result: dict | None = None
    #: the seq of each correction that changed this hand (empty: as first entered)
    corrected: list[int] = field(default_factory=list)

    @property
    def by_result(self) -> bool:
        return self.result is not None

    @property
    def open_turn(self) -> Turn | None:
        if self.turns and self.turns[-1].open:
            return self.turns[-1]
        return None

    def to_record(self, include_open: bool = True) -> dict:
        out: dict = {k: self.meta[k] for k in HAND_KEYS if self.meta.get(k) is not None}
        if self.result is not None:
            out["result"] = self.result
            return out
        turns = self.turns if include_open or not self.open_turn else self.turns[:-1]
        out["turns"] = [{"player": t.player, "moves": list(t.moves)} for t in turns]
        if self.left is not None:
            out["left"] = self.left
        return out


def _replay_undo(events: list[dict]) -> tuple[list[dict], list[dict]]:
    """The events in force, and the changes undone that a redo may still put back."""
    kept: list[dict] = []
    undone: list[tuple[int, dict]] = []  # (where it stood among the events in force, the event)
    for e in events:
        if e["kind"] == "undo":
            for i in range(len(kept) - 1, -1, -1):
                if kept[i]["kind"] in UNDOABLE:
                    undone.append((i, kept.pop(i)))
                    break
        elif e["kind"] == "redo":
            if undone:
                # back where it stood: before a rename or a confirmation that came after it (an
                # undo passes over those), so the log in force is again the log before the undo
                i, back = undone.pop()
                kept.insert(i, back)
        elif e["kind"] in UNDOABLE or e["kind"] in LASTING:
            kept.append(e)
            undone.clear()  # a new change (or a rename) forgets what was undone
    return kept, [e for _i, e in undone]


def effective(events: list[dict]) -> list[dict]:
    """The events still in force once every undo has cancelled its target (the latest
    undoable change still in force; renames stay) and every redo put back the last one undone."""
    return _replay_undo(events)[0]


def redoable(events: list[dict]) -> dict | None:
    """The change a redo would put back: the latest one undone, if nothing came after."""
    undone = _replay_undo(events)[1]
    return undone[-1] if undone else None


def hand_number(events: list[dict], event: dict) -> int:
    """The number of the hand an event in force belongs to (1 for the first)."""
    n = 0
    for e in effective(events):
        if e["kind"] in kinds.STARTS_HAND:
            n += 1
        if e is event:
            return max(n, 1)
    return max(n, 1)


def last_undoable(events: list[dict]) -> dict | None:
    """The change an undo would cancel now, or None when there is nothing to undo."""
    for e in reversed(effective(events)):
        if e["kind"] in UNDOABLE:
            return e
    return None


def hand_from_record(hand: dict) -> LoggedHand:
    """A hand of a game record as the log folds it (a correction's ``record``)."""
    out = LoggedHand(meta={k: hand[k] for k in HAND_KEYS if hand.get(k) is not None})
    if "result" in hand and "turns" not in hand:
        out.result = hand["result"]
        return out
    out.turns = [Turn(player=t["player"], moves=list(t.get("moves", []))) for t in hand.get("turns", [])]
    if hand.get("left") is not None:
        out.left = hand["left"]
    return out


def _renamed(value, old: str, new: str):
    return new if value == old else value


def _rename_keys(d, old: str, new: str):
    if not isinstance(d, dict):
        return d
    return {(new if k == old else k): v for k, v in d.items()}


def rename_in_hand(hand: LoggedHand, old: str, new: str) -> None:
    """Every place a game record names a player, in one hand: the turns, the deal, the leader,
    the tiles left and the result's out, maker, left and scored."""
    for t in hand.turns:
        t.player = _renamed(t.player, old, new)
    if isinstance(hand.meta.get("deal"), dict):
        hand.meta["deal"] = _rename_keys(hand.meta["deal"], old, new)
    if "lead" in hand.meta:
        hand.meta["lead"] = _renamed(hand.meta["lead"], old, new)
    hand.left = _rename_keys(hand.left, old, new)
    if isinstance(hand.result, dict):
        r = dict(hand.result)
        for k in ("out", "maker"):
            if k in r:
                r[k] = _renamed(r[k], old, new)
        for k in ("left", "scored"):
            if k in r:
                r[k] = _rename_keys(r[k], old, new)
        hand.result = r


@dataclass
class Folded:
    """The hands a log describes, and where each began: ``marks[i]`` is (the place among the
    events in force, the ``seq``) of the event that made hand ``i``; ``depth`` is the number of
    events in force; ``edits``: (place, ``seq``) of each correction and rename in force (they
    change hands before the last). Two folds of one log (one a prefix of the other) with the same
    ``edits`` agree on hands ``0..k-1`` exactly when they agree on ``marks[k]``: an undo takes away
    the latest undoable event in force, so the same undoable event at the same place has the same
    events below it."""

    hands: list[LoggedHand]
    marks: list[tuple[int, int]]
    depth: int
    edits: list[tuple[int, int]] = field(default_factory=list)


#: the events that change only the last hand (or start a new one): a fold goes on over them
_LAST_ONLY = kinds.LAST_ONLY


def goes_on(events: list[dict], done: int) -> bool:
    """Whether the events after the first ``done`` only go on after them (a move, a hand, a
    result, the tiles left, a confirmation): the hands they fold to before the last are those of
    ``events[:done]``."""
    return all(e["kind"] in _LAST_ONLY for e in events[done:])


def fold(events: list[dict]) -> list[LoggedHand]:
    """The hands the log describes, in order."""
    return fold_log(events).hands


def fold_log(events: list[dict], base: Folded | None = None, done: int = 0) -> Folded:
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
        last = hands[-1]
        hands[-1] = LoggedHand(meta=dict(last.meta), left=last.left, result=last.result,
                               turns=[Turn(t.player, list(t.moves), t.open) for t in last.turns],
                               corrected=list(last.corrected))
    out = Folded(hands, list(base.marks), base.depth, list(base.edits))
    for e in events[done:]:
        if e["kind"] in UNDOABLE or e["kind"] in LASTING:
            _apply(out, e)
            out.depth += 1
    return out


def _apply(out: Folded, e: dict) -> None:
    hands = out.hands
    kind, data = e["kind"], e["data"]
    if kind == "hand":
        hands.append(LoggedHand(meta={k: data[k] for k in HAND_KEYS if k in data}))
        out.marks.append((out.depth, e.get("seq", 0)))
    elif kind == "result":
        hands.append(LoggedHand(result=data["result"]))
        out.marks.append((out.depth, e.get("seq", 0)))
    elif kind == "rename":
        out.edits.append((out.depth, e.get("seq", 0)))
        for h in hands:
            rename_in_hand(h, data["from"], data["to"])
    elif kind == "correct":
        out.edits.append((out.depth, e.get("seq", 0)))
        i = int(data["hand"]) - 1
        if 0 <= i < len(hands):
            fixed = hand_from_record(data["record"])
            fixed.corrected = hands[i].corrected + [e.get("seq", 0)]
            hands[i] = fixed
    elif not hands:
        return
    elif kind == "move":
        hand = hands[-1]
        turn = hand.open_turn
        if turn is None or turn.player != data["player"]:
            if turn is not None:
                turn.open = False
            turn = Turn(player=data["player"])
            hand.turns.append(turn)
        turn.moves.append(data["token"])
        turn.open = bool(data.get("open"))
    elif kind == "end_turn":
        if hands[-1].open_turn is not None:
            hands[-1].open_turn.open = False
    elif kind == "left":
        hands[-1].left = data["left"]


def to_record(match: dict, hands: list[LoggedHand], include_open: bool = True) -> dict:
    """The match as a game record (version 1)."""
    record = {
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


def record_to_events(record: dict) -> list[tuple[str, dict]]:
    """The events that rebuild an imported record's hands, in order."""
    out: list[tuple[str, dict]] = []
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
    from referee.rules.errors import MoveSyntaxError
    from referee.rules.notation import parse_move
    from referee.rules.tiles import tile_str

    out = []
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


def log_of(events: list[dict]) -> list[dict]:
    """The event log as a record's ``log``: every change in order, undone ones and undos
    included, each with its time (``at``)."""
    return [{"kind": e["kind"], "data": e["data"], "at": e["at"]} for e in events]


class LogError(ValueError):
    """A record's ``log`` that cannot be the log of a match: a catalogue message
    (``referee.matches.events.Problem``); ``message(gettext, lang)`` says why."""

    def __init__(self, problem: kinds.Problem):
        super().__init__(str(problem))
        self.problem = problem

    def message(self, gettext, lang: str) -> str:
        return self.problem.message(gettext, lang)


def _timestamp(value) -> bool:
    from datetime import datetime

    if not isinstance(value, str) or not 10 <= len(value) <= 40:
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def read_log(record: dict, max_events: int, variant=None) -> list[dict]:
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
    out = []
    for i, e in enumerate(raw, start=1):
        if not isinstance(e, dict) or set(e) - {"kind", "data", "at"}:
            raise LogError(kinds.Problem(N_("change %(i)d is not an object of kind, data and at"), i=i))
        kind, data, at = e.get("kind"), e.get("data", {}), e.get("at")
        if kind not in kinds.KINDS:
            raise LogError(kinds.Problem(N_("change %(i)d is of an unknown kind"), i=i))
        if not _timestamp(at):
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
