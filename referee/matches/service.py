"""The match service: a match's kept state and its write path, without Flask.

One :class:`MatchService` is made per app (the web app makes it in ``create_app`` and keeps it in
``app.extensions``; a tool makes its own): it holds the kept states (``states.States``, sized
from the settings ``STATES_KEPT`` and ``STATES_EVENTS``) and the way to the database connection
in use (``db``: the request's, for the web app). Its owner decides its life; nothing here reads
a global.

The write path (:meth:`MatchService.apply`): a :class:`Change` is checked against the kept state
the page was drawn from (the log with it replayed by the engine, its data by the registry of event
kinds), appended in one transaction that only checks that no other change came first, and the
state with it is kept (and its checkpoint stored when it ends a hand). A change that cannot be
made raises one of the exceptions below and stores nothing; the caller says it in words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from referee import limits

from . import events as kinds
from . import replay, states, store
from .replay import MatchState, Refusal

W = TypeVar("W")


@dataclass(frozen=True)
class Change:
    """One change of a match's log: a kind of the registry (``events.KINDS``) and its data."""

    kind: str
    data: dict[str, Any]


class ChangeRefused(Exception):
    """A change that cannot be made: nothing was stored."""


class RuleRefused(ChangeRefused):
    """The rules refuse the log with the change: ``refusal`` says which rule, in both languages."""

    def __init__(self, refusal: Refusal):
        super().__init__(refusal.rule)
        self.refusal = refusal


class IllFormed(ChangeRefused):
    """The change's data is not what its kind may hold where it would be logged (the registry's
    check, as an import's): ``problem`` says why."""

    def __init__(self, problem: kinds.Problem):
        super().__init__(problem.msgid)
        self.problem = problem


class Conflict(ChangeRefused):
    """Another phone changed the match first: the change was made against ``expected`` changes."""

    def __init__(self, expected: int):
        super().__init__(expected)
        self.expected = expected


class Full(ChangeRefused):
    """The match holds as many ``what`` (``"events"``: recorded changes, ``"hands"``) as one match
    may: ``most``."""

    def __init__(self, what: str, most: int):
        super().__init__(what, most)
        self.what, self.most = what, most


class AlreadyRecorded(Exception):
    """The tap that made the change is in the log already (it was sent twice): nothing is stored
    again."""


def in_force(state: MatchState) -> bool:
    """Whether ``state`` is a log the rules accept (the tiles left of an ended hand may still be
    asked)."""
    return state.error is None or state.error.rule == "left.missing"


class MatchService:
    """A match's state, read and changed: ``load`` (the log and its replay, kept between calls),
    ``after`` (the state with one change more, not stored), ``apply`` (the write path),
    ``appended`` (a state kept once its changes are stored), ``imported`` (the checkpoint of a
    match stored whole)."""

    def __init__(self, db: Callable[[], Any], size: int = states.SIZE, events: int = states.EVENTS):
        self.db = db
        self.states = states.States(size, events)

    @classmethod
    def from_config(cls, db: Callable[[], Any], config: dict[str, Any]) -> MatchService:
        """A service sized by the settings ``STATES_KEPT`` and ``STATES_EVENTS`` (the defaults
        where they are not set)."""
        return cls(db, int(config.get("STATES_KEPT", states.SIZE)), int(config.get("STATES_EVENTS", states.EVENTS)))

    def load(self, m: dict[str, Any], hot: bool = True) -> tuple[list[dict[str, Any]], MatchState]:
        """The match's log and its replay; ``hot=False``: a list's read (``States.put``)."""
        return states.load(self.db(), self.states, m, hot=hot)

    def after(self, m: dict[str, Any], state: MatchState, kind: str, data: dict[str, Any]) -> MatchState:
        """The state once a ``kind`` change with ``data`` is appended to ``state``'s log (not
        stored)."""
        return states.after(m, state, kind, data)

    def appended(self, m: dict[str, Any], state: MatchState, *stored: dict[str, Any]) -> None:
        """Keep ``state`` now that its last changes are stored as ``stored``; its checkpoint
        when it is between hands."""
        states.appended(self.db(), self.states, m, state, *stored)

    def imported(self, m: dict[str, Any]) -> None:
        """After an import: the match's checkpoint (a failure is logged; the match is stored)."""
        states.imported(self.db(), m)

    def check(self, m: dict[str, Any], state: MatchState, change: Change) -> None:
        """Raise :class:`IllFormed` unless ``change`` may be logged after ``state``'s log (the
        registry of event kinds: its keys, types and ranges, the players seated, the hands in
        force; the import checks every change of a log the same way)."""
        try:
            kinds.check(change.kind, change.data,
                        kinds.At(tuple(m["players"]), len(state.hands), lambda: replay.rules_of(m)))
        except kinds.Problem as p:
            raise IllFormed(p) from None

    def apply(self, m: dict[str, Any], state: MatchState, expected: int, changes: Change | Sequence[Change], *,
              op: str | None = None, checked: MatchState | None = None,
              then: Callable[[MatchState], tuple[Change, W] | None] | None = None) -> tuple[MatchState, list[W]]:
        """Append ``changes`` (one, or several stored together) to the match's log after
        ``state``, the replay of the ``expected`` changes the page was drawn from; returns the
        state with them (kept) and what ``then`` said.

        The log with the changes is replayed on ``state`` (only the hand they belong to;
        ``checked``: that replay, made already by the caller) and every change checked by the
        registry (:meth:`check`); the write transaction only checks that the log still has
        ``expected`` changes before it appends. Refused, in the order the store gives them: the
        limit of changes (:class:`Full`), the tap recorded already (:class:`AlreadyRecorded`,
        ``op``: the tap's key), another phone first (:class:`Conflict`), the limit of hands
        (:class:`Full`), the rules (:class:`RuleRefused`), the registry (:class:`IllFormed`).

        ``then(new)``: given the state with the changes, one more change that goes with them in
        the same transaction and what to say of it, or None (a hand's start and the opening the
        rules leave no choice about: both stored, or neither); refused, it is left out."""
        todo = [changes] if isinstance(changes, Change) else list(changes)
        db = self.db()
        if expected + len(todo) > limits.MAX_EVENTS:
            raise Full("events", limits.MAX_EVENTS)
        if store.has_op(db, m["id"], op):
            raise AlreadyRecorded()
        if state.count != expected:
            raise Conflict(expected)
        if any(c.kind in ("hand", "result") for c in todo) and len(state.hands) >= limits.MAX_HANDS:
            raise Full("hands", limits.MAX_HANDS)
        new = checked
        if new is None:
            new = state
            for c in todo:
                new = self.after(m, new, c.kind, c.data)
        if not in_force(new):
            assert new.error is not None
            raise RuleRefused(new.error)
        for c in todo:  # several together are undos: each checked where the first stands
            self.check(m, state, c)
        said: list[W] = []
        more = then(new) if then is not None and expected + len(todo) < limits.MAX_EVENTS else None
        if more is not None:
            extra, words = more
            with_more = self.after(m, new, extra.kind, extra.data)
            try:
                self.check(m, new, extra)
            except IllFormed:
                pass
            else:
                if in_force(with_more):
                    todo.append(extra)
                    new, said = with_more, [words]
        try:
            stored = store.append_all(db, m["id"], expected, [(c.kind, c.data) for c in todo], op=op)
        except store.DuplicateError:
            raise AlreadyRecorded() from None
        except store.StaleError:
            raise Conflict(expected) from None
        except store.LimitError:
            raise Full("events", limits.MAX_EVENTS) from None
        self.appended(m, new, *stored)
        return new, said

    def record(self, m: dict[str, Any], state: MatchState, expected: int, change: Change) -> None:
        """Append a change that leaves the match's play as it is (a player's word on a finished
        hand: ``confirm``) after the registry's check, with no replay; :class:`IllFormed`,
        :class:`Conflict` or :class:`Full` when it cannot be."""
        self.check(m, state, change)
        try:
            store.append_event(self.db(), m["id"], expected, change.kind, change.data)
        except store.StaleError:
            raise Conflict(expected) from None
        except store.LimitError:
            raise Full("events", limits.MAX_EVENTS) from None
