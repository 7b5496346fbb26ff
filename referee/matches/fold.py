"""The hands a match's log folds into, and the fold of each kind of change.

A log (``referee.matches.log``) is read in order, every undo and redo applied; each change
still in force is folded into the hands by its kind's ``fold`` (``referee.matches.events``:
``Kind.fold``, one of the functions below). Pure Python: no Flask, no database.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any, NamedTuple

#: an event of a log: ``kind``, ``data``, ``at`` and, when stored, ``seq``
Event = dict[str, Any]

#: the keys of a hand's start (as a record's hand has them)
HAND_KEYS = ("deal", "lead", "removed", "starter")


class Turn(NamedTuple):
    """A turn of a hand as read: who played, his moves (tokens) in order, whether it is still
    open (he may lay more)."""

    player: str
    moves: tuple[str, ...] = ()
    open: bool = False


#: a turn as a hand keeps it: (player, moves, open), a plain tuple of texts and a flag, which
#: the garbage collector stops tracking after its first look (a worker keeps the hands of every
#: match it serves: about 25 turns a hand, 750 a 30-hand match)
Play = tuple[str, tuple[str, ...], bool]


@dataclass
class LoggedHand:
    #: its start (``deal``, ``lead``, ``removed``, ``starter``) as a hand keeps it: the deal's
    #: and the removed tiles as tuples of shared texts (read as a record's: :meth:`start`)
    meta: dict[str, Any] = field(default_factory=dict)
    #: its turns in order (:data:`Play`; read as :class:`Turn`: ``turns``); a fold replaces a
    #: turn, never changes one; a tuple once the hand after it has started (then nothing
    #: changes them, and the collector stops tracking them)
    plays: list[Play] | tuple[Play, ...] = field(default_factory=list)
    left: dict[str, Any] | None = None
    result: dict[str, Any] | None = None
    #: the seq of each correction that changed this hand (empty: as first entered)
    corrected: list[int] = field(default_factory=list)

    @property
    def by_result(self) -> bool:
        return self.result is not None

    @property
    def turns(self) -> list[Turn]:
        """Its turns, each read as a :class:`Turn` (a new list: changing it changes nothing)."""
        return [Turn(*p) for p in self.plays]

    @property
    def open_turn(self) -> Turn | None:
        if self.plays and self.plays[-1][2]:
            return Turn(*self.plays[-1])
        return None

    def start(self) -> dict[str, Any]:
        """Its start as a game record's hand has it (lists where a record has lists)."""
        return {k: _thawed(self.meta[k]) for k in HAND_KEYS if self.meta.get(k) is not None}

    def to_record(self, include_open: bool = True) -> dict[str, Any]:
        out = self.start()
        if self.result is not None:
            out["result"] = self.result
            return out
        plays = self.plays if include_open or not self.open_turn else self.plays[:-1]
        out["turns"] = [{"player": p[0], "moves": list(p[1])} for p in plays]
        if self.left is not None:
            out["left"] = self.left
        return out

    def copy(self) -> LoggedHand:
        """A copy that a fold may change (its list of turns copied: a turn is replaced, never
        changed; the rest is replaced, never changed)."""
        return LoggedHand(meta=dict(self.meta), left=self.left, result=self.result,
                          plays=list(self.plays), corrected=list(self.corrected))


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


def hand_from_record(hand: dict[str, Any]) -> LoggedHand:
    """A hand of a game record as the log folds it (a correction's ``record``)."""
    out = LoggedHand(meta={k: _shared(hand[k]) for k in HAND_KEYS if hand.get(k) is not None})
    if "result" in hand and "turns" not in hand:
        out.result = hand["result"]
        return out
    out.plays = [(t["player"], tuple(t.get("moves", [])), False) for t in hand.get("turns", [])]
    if hand.get("left") is not None:
        out.left = hand["left"]
    return out


def _tiles(v: Any) -> Any:
    return tuple(sys.intern(t) if isinstance(t, str) else t for t in v) if isinstance(v, list) else v


def _shared(value: Any) -> Any:
    """A part of a hand's start as a hand keeps it: the deal's and the removed tiles (texts such
    as ``6:6``) as tuples of the very strings every other hand holds (a worker keeps the hands
    of every match it serves; a tuple of texts is not tracked by the garbage collector)."""
    if isinstance(value, dict):
        return {k: _tiles(v) for k, v in value.items()}
    return _tiles(value)


def _thawed(value: Any) -> Any:
    """:func:`_shared`'s tuples as a record's lists."""
    if isinstance(value, dict):
        return {k: list(v) if isinstance(v, tuple) else v for k, v in value.items()}
    return list(value) if isinstance(value, tuple) else value


def _settle_last(out: Folded) -> None:
    """The last hand's turns as a tuple, before a hand after it starts: nothing changes them."""
    if out.hands and isinstance(out.hands[-1].plays, list):
        out.hands[-1].plays = tuple(out.hands[-1].plays)


def _last_plays(out: Folded) -> list[Play]:
    """The last hand's turns, as a list a move may change (the hand is the fold's own: a fold
    gone on from another copies its last hand)."""
    hand = out.hands[-1]
    if not isinstance(hand.plays, list):
        hand.plays = list(hand.plays)
    return hand.plays


def _renamed(value: Any, old: str, new: str) -> Any:
    return new if value == old else value


def _rename_keys(d: Any, old: str, new: str) -> Any:
    if not isinstance(d, dict):
        return d
    return {(new if k == old else k): v for k, v in d.items()}


def rename_in_hand(hand: LoggedHand, old: str, new: str) -> None:
    """Every place a game record names a player, in one hand: the turns, the deal, the leader,
    the tiles left and the result's out, maker, left and scored."""
    renamed = [(_renamed(p, old, new), moves, still) for p, moves, still in hand.plays]
    hand.plays = renamed if isinstance(hand.plays, list) else tuple(renamed)
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


# -- the fold of each kind (``Kind.fold``): the event ``e`` into ``out`` ----------------------------

def hand(out: Folded, e: Event) -> None:
    """A new hand played move by move: its start."""
    _settle_last(out)
    out.hands.append(LoggedHand(meta={k: _shared(e["data"][k]) for k in HAND_KEYS if k in e["data"]}))
    out.marks.append((out.depth, e.get("seq", 0)))


def result(out: Folded, e: Event) -> None:
    """A whole hand entered by its result."""
    _settle_last(out)
    out.hands.append(LoggedHand(result=e["data"]["result"]))
    out.marks.append((out.depth, e.get("seq", 0)))


def rename(out: Folded, e: Event) -> None:
    """Every hand read with the new name."""
    out.edits.append((out.depth, e.get("seq", 0)))
    for h in out.hands:
        rename_in_hand(h, e["data"]["from"], e["data"]["to"])


def correct(out: Folded, e: Event) -> None:
    """A finished hand replaced by the record the correction holds."""
    out.edits.append((out.depth, e.get("seq", 0)))
    i = int(e["data"]["hand"]) - 1
    if 0 <= i < len(out.hands):
        fixed = hand_from_record(e["data"]["record"])
        fixed.corrected = out.hands[i].corrected + [e.get("seq", 0)]
        out.hands[i] = fixed


def move(out: Folded, e: Event) -> None:
    """A move of the last hand: it joins the player's open turn, else starts a turn."""
    if not out.hands:
        return
    data, plays = e["data"], _last_plays(out)
    still = bool(data.get("open"))
    if plays and plays[-1][2] and plays[-1][0] == data["player"]:
        player, moves, _ = plays[-1]
        plays[-1] = (player, moves + (data["token"],), still)
        return
    if plays and plays[-1][2]:
        plays[-1] = (plays[-1][0], plays[-1][1], False)
    plays.append((data["player"], (data["token"],), still))


def end_turn(out: Folded, e: Event) -> None:
    """The open turn of the last hand closed."""
    plays = _last_plays(out) if out.hands else None
    if plays and plays[-1][2]:
        plays[-1] = (plays[-1][0], plays[-1][1], False)


def left(out: Folded, e: Event) -> None:
    """What each player held when the last hand ended."""
    if out.hands:
        out.hands[-1].left = e["data"]["left"]
