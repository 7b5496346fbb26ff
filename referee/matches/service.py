"""The match service: a match's kept state and its write path, without Flask.

One :class:`MatchService` is made per app (the web app makes it in ``create_app`` and keeps it in
``app.extensions``; a tool makes its own): it holds the kept states (``states.States``, sized
from the settings ``STATES_KEPT`` and ``STATES_EVENTS``) and the way to the database connection
in use (``db``: the request's, for the web app). Its owner decides its life; nothing here reads
a global.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import states
from .replay import MatchState


class MatchService:
    """A match's state, read and changed: ``load`` (the log and its replay, kept between calls),
    ``after`` (the state with one change more, not stored), ``appended`` (a state kept once its
    changes are stored), ``imported`` (the checkpoint of a match stored whole)."""

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
