"""The match service: a match's kept state and its write path, without Flask.

One :class:`MatchService` is made per app (the web app makes it in ``create_app`` and keeps it in
``app.extensions``; a tool makes its own): it holds the kept states (``states.States``, sized
from the settings ``STATES_KEPT`` and ``STATES_EVENTS``) and the way to the database connection
in use (``db``: the request's, for the web app). Its owner decides its life; nothing here reads
a global.

The write path (:meth:`MatchService.apply`): a :class:`Change` is checked against the kept state
the page was drawn from (the log with it replayed by the engine, its data by the registry of event
kinds), appended in one transaction that only checks that no other change came first (and
writes the match's summary, when an event's screen keeps one: ``summary.writer``), and the
state with it is kept (and its checkpoint stored when it ends a hand). A change that cannot be
made raises one of the exceptions below and stores nothing; the caller says it in words.

The match's other writes go through it too, each with its checks: a match made (:meth:`create`:
the set-up form, an import, a rematch, an event's table), its players renamed
(:meth:`rename_players`), its house settings (:meth:`set_settings`) and the archive
(:meth:`set_archived`). Input they refuse raises :class:`Invalid`, whose words come from the
catalogue in either language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from referee import limits
from referee.rules import catalogue
from referee.words import say

from . import events as kinds
from . import replay, states, store, summary
from .kept_log import Log
from .replay import MatchState, Played, Refusal

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


class Invalid(ChangeRefused):
    """What was asked of a match cannot be (a variant, the seats, a name, an option, a setting):
    nothing was stored. ``why``: which check refused it; :meth:`message`: why, in a language."""

    def __init__(self, why: str, words: Callable[[str], str]):
        super().__init__(why)
        self.why = why
        self._words = words

    def message(self, lang: str) -> str:
        """Why, in ``lang`` (``ru`` or ``en``)."""
        return self._words(lang)


#: the match's own house settings (not rules: the replay never reads them), each with its type
SETTINGS: dict[str, type] = {"confirm_hands": bool}


def settings_problem(settings: object) -> Invalid | None:
    """Why ``settings`` cannot be a match's house settings (a key it does not have, or a value
    of another type), or None."""
    if not isinstance(settings, dict):
        return Invalid("settings", lambda lang: say(lang, "The match's settings were refused: "
                                                          "nothing was changed."))
    for key, value in settings.items():
        if key not in SETTINGS or not isinstance(value, SETTINGS[key]):
            return Invalid("settings", _setting_words(str(key)[:40]))
    return None


def _setting_words(key: str) -> Callable[[str], str]:
    return lambda lang: say(lang, "A setting of the match has a value it does not accept (%(key)s).", key=key)


def names_refused(names: Sequence[object]) -> Invalid | None:
    """Why ``names`` cannot be a match's players, seat by seat (an empty name, one the
    record's rule refuses: too long, invisible characters …; then one written twice, however
    its case or width differ), or None."""
    for name in names:
        why = limits.name_problem(name)
        if why == "empty":
            return Invalid("players.empty", lambda lang: say(lang, "Every player needs a name."))
        if why is not None:
            return Invalid("players.name", _name_words(why, name))
    clash = limits.names_problem(names)
    if clash is not None:
        return Invalid("players.name", _name_words(*clash))
    return None


def _name_words(why: str, name: object) -> Callable[[str], str]:
    """The refusal of ``name`` (the ``record.player_name`` rule's words) in a language."""
    return lambda lang: limits.name_words(why, name, lang)


def options_in_force(variant: str, players: int, given: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options of a ``variant`` match of ``players`` as the engine's registry resolves
    ``given`` (the defaults filled in; an option with no value left out); :class:`Invalid` when
    it refuses them."""
    try:
        options = catalogue.resolve_options(variant, players, given)
    except catalogue.OptionError as err:
        if err.rule in ("record.teams_players", "record.kozel_only"):
            refusal = replay.refusal(err)  # options that cannot go together: the engine's own words
            raise Invalid("options", refusal.message) from None
        key = str(err.params.get("key", ""))
        raise Invalid("options", lambda lang: say(lang, "An option has a value this variant does not "
                                                        "accept (%(key)s).", key=key)) from None
    return {k: v for k, v in options.items() if v is not None}


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

    def load(self, m: dict[str, Any], hot: bool = True) -> tuple[Log, MatchState]:
        """The match's log and its replay; ``hot=False``: a list's read (``States.put``)."""
        return states.load(self.db(), self.states, m, hot=hot)

    def after(self, m: dict[str, Any], state: MatchState, kind: str, data: dict[str, Any],
              played: Played | None = None) -> MatchState:
        """The state once a ``kind`` change with ``data`` is appended to ``state``'s log (not
        stored); ``played``: the change played already on a copy of a state's live hand
        (``states.after``)."""
        return states.after(m, state, kind, data, played)

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
              op: str | None = None, checked: MatchState | None = None, played: Played | None = None,
              then: Callable[[MatchState], tuple[Change, W] | None] | None = None) -> tuple[MatchState, list[W]]:
        """Append ``changes`` (one, or several stored together) to the match's log after
        ``state``, the replay of the ``expected`` changes the page was drawn from; returns the
        state with them (kept) and what ``then`` said.

        The log with the changes is replayed on ``state`` (only the hand they belong to;
        ``checked``: that replay, made already by the caller; ``played``: the one change
        played on a copy of ``state.live``, gone on from when it was copied from ``state``) and every
        change checked by the registry (:meth:`check`); the write transaction only checks that the log still has
        ``expected`` changes before it appends. Refused, in the order the store gives them: the
        limit of changes (:class:`Full`), the tap recorded already (:class:`AlreadyRecorded`,
        ``op``: the tap's key; asked here when ``state`` is not of ``expected`` changes, else
        refused by the store's write, which looks for it), another phone first
        (:class:`Conflict`), the limit of hands
        (:class:`Full`), the rules (:class:`RuleRefused`), the registry (:class:`IllFormed`).

        ``then(new)``: given the state with the changes, one more change that goes with them in
        the same transaction and what to say of it, or None (a hand's start and the opening the
        rules leave no choice about: both stored, or neither); refused, it is left out."""
        todo = [changes] if isinstance(changes, Change) else list(changes)
        db = self.db()
        if expected + len(todo) > limits.MAX_EVENTS:
            raise Full("events", limits.MAX_EVENTS)
        if state.count != expected:  # the tap's own change, stored already, or another phone's
            raise AlreadyRecorded() if store.has_op(db, m["id"], op) else Conflict(expected)
        if any(c.kind in ("hand", "result") for c in todo) and len(state.hands) >= limits.MAX_HANDS:
            raise Full("hands", limits.MAX_HANDS)
        new = checked
        if new is None:
            new = state
            for c in todo:
                new = self.after(m, new, c.kind, c.data, played if len(todo) == 1 else None)
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
            stored = store.append_all(db, m["id"], expected, [(c.kind, c.data) for c in todo], op=op,
                                      summary=summary.writer(m, new))
        except store.DuplicateError:
            raise AlreadyRecorded() from None
        except store.StaleError:
            raise Conflict(expected) from None
        except store.LimitError:
            raise Full("events", limits.MAX_EVENTS) from None
        self.appended(m, new, *stored)
        replay.in_force_after(state, new)
        return new, said

    # -- the match's other writes ------------------------------------------------------------------

    def create(self, variant: str, players: Sequence[str], options: Mapping[str, Any] | None = None, *,
               lang: str | None = None, settings: Mapping[str, Any] | None = None,
               log: Sequence[store.LoggedChange] | None = None, created: str | None = None) -> store.MatchRow:
        """Store a new ``variant`` match of ``players`` (in seating order) with ``options`` (as
        given: resolved here by the engine's registry, defaults filled in), its language, its
        house ``settings`` and, for an import, its ``log`` (its changes and their times, each
        read already by the registry: ``log.read_log``) and the time it was ``created``.

        Refused with :class:`Invalid`: a variant the registry does not know, a number of players
        the variant is not played by, a name refused or written twice, options the variant does
        not accept or that cannot go together, settings a match does not have; with
        :class:`Full`: a log longer than a match may hold. An imported log gets its checkpoint
        (:meth:`imported`)."""
        spec = catalogue.VARIANTS.get(variant)
        if spec is None:
            shown = limits.shown_name(variant)
            raise Invalid("variant", lambda lang: replay.Refusal("record.variant", params={"variant": shown})
                          .message(lang))
        names = list(players)
        if len(names) not in spec.player_counts:
            def count_words(lang: str) -> str:
                from referee.rulebook import variant_title

                return say(lang, "%(variant)s is played by %(lo)d to %(hi)d players; you entered %(n)d.",
                           variant=variant_title(spec.name, lang), lo=spec.min_players, hi=spec.max_players,
                           n=len(names))
            raise Invalid("players.count", count_words)
        refused = names_refused(names)
        if refused is not None:
            raise refused
        resolved = options_in_force(spec.name, len(names), options)
        kept = dict(settings or {})
        refused = settings_problem(kept)
        if refused is not None:
            raise refused
        if log is not None and len(log) > limits.MAX_EVENTS:
            raise Full("events", limits.MAX_EVENTS)
        m = store.create_match(self.db(), spec.name, resolved, names, log or (), lang=lang, settings=kept,
                               created=created)
        if log is not None:
            self.imported(dict(m))
        return m

    def rename_players(self, m: Mapping[str, Any], expected: int, names: Sequence[str], via: str = "edit") -> int:
        """Give the seats of ``m`` the ``names`` (one per seat, in seating order); each seat whose
        name changes is one ``rename`` change (the log keeps who he was), checked by the registry
        and appended after the ``expected`` changes the page was drawn from. Returns the count of
        changes after them.

        Refused, before anything is stored: another phone first (:class:`Conflict`), a number of
        names that is not the seats', an empty name, one refused or written twice
        (:class:`Invalid`), a rename the registry refuses (:class:`IllFormed`); while they are
        stored, another phone first (:class:`Conflict`) or the limit of changes (:class:`Full`)
        stops the renames that are left."""
        db = self.db()
        if store.event_count(db, m["id"]) != expected:
            raise Conflict(expected)
        names = list(names)
        if len(names) != len(m["players"]):
            seats = len(m["players"])
            raise Invalid("players.count", lambda lang: say(lang, "Enter one name for each of the %(n)d seats.",
                                                             n=seats))
        refused = names_refused(names)
        if refused is not None:
            raise refused
        seated = list(m["players"])
        renames = []
        for seat, (old, new) in enumerate(zip(m["players"], names)):
            if old != new:
                data = {"seat": seat, "from": old, "to": new, "via": via}
                try:
                    kinds.check("rename", data, kinds.At(tuple(seated), 0))
                except kinds.Problem as p:
                    raise IllFormed(p) from None
                seated[seat] = new
                renames.append((seat, new))
        n = expected
        for seat, new in renames:
            try:
                n = store.rename_player(db, m["id"], n, seat, new, via=via)
            except store.StaleError:
                raise Conflict(n) from None
            except store.LimitError:  # a match's log is bounded
                raise Full("events", limits.MAX_EVENTS) from None
        return n

    def set_settings(self, m: Mapping[str, Any], settings: Mapping[str, Any]) -> bool:
        """Set the match's own house ``settings`` (:data:`SETTINGS`: whether each hand is
        confirmed by an opponent's phone); :class:`Invalid` for a setting a match does not have
        or a value of another type. Returns whether anything changed (nothing is written when
        nothing does)."""
        kept = dict(settings)
        refused = settings_problem(kept)
        if refused is not None:
            raise refused
        if kept == m["settings"]:
            return False
        store.set_settings(self.db(), m["id"], kept)
        return True

    def set_archived(self, m: Mapping[str, Any], archived: bool) -> None:
        """Hide the match from the lists (``archived``) or bring it back; nothing is deleted."""
        store.set_archived(self.db(), m["id"], bool(archived))

    def record(self, m: dict[str, Any], state: MatchState, expected: int, change: Change) -> None:
        """Append a change that leaves the match's play as it is (a player's word on a finished
        hand: ``confirm``) after the registry's check, with no replay, and the match's summary
        (when a screen keeps one) in its transaction; :class:`IllFormed`, :class:`Conflict` or
        :class:`Full` when it cannot be."""
        self.check(m, state, change)
        try:
            store.append_all(self.db(), m["id"], expected, [(change.kind, change.data)],
                             summary=summary.noted(m, state))
        except store.StaleError:
            raise Conflict(expected) from None
        except store.LimitError:
            raise Full("events", limits.MAX_EVENTS) from None
