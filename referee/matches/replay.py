"""A match replayed: the stored log, folded (``log``), read by the rules engine's one replay path
(``referee.record.replay``) into a :class:`MatchState` (its hands, the engine's report, the live
hand), the engine's refusals as :class:`Refusal`, what the table needs next (``phase``), the
hand just ended (``hand_summary``), who leads and shuffles next, and a state's checkpoint data
(``checkpoint_of``, ``from_checkpoint``). No Flask: the web app, the command line and the tools
read matches through it; the kept states (``states``) keep its states between requests.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dataclasses import dataclass, field

from referee.record import HandReport, Report
from referee.rules import REGISTRY, catalogue, make_variant
from referee.rules.errors import RuleError
from referee.rules.hand import Hand
from referee.rules.messages import message
from referee.rules.tiles import tile_str
from referee.rules.variants import Variant
from referee.words import N_, Marked, say_marked

from . import scoreboard
from .kept_log import KeptLog, Log, settle
from .log import LASTING, UNDOABLE, Folded, LoggedHand, fold_log, goes_on, to_record, undo_replayed


def rules_of(match: dict[str, Any]) -> Variant[Any]:
    """The match's variant with its options: what it is (blind rows, points during play …)."""
    return make_variant(match["variant"], len(match["players"]), match["options"])


def variant_class(name: str) -> type[Variant[Any]] | None:
    """The registered class of variant ``name`` (its declarations), or None."""
    return REGISTRY.get(name)


def provisional(name: str) -> catalogue.Provisional | None:
    """Why ``name``'s rules are provisional (its catalogue entry's words), or None."""
    v = catalogue.VARIANTS.get(name)
    return v.provisional if v is not None else None


@dataclass
class Refusal:
    """A refused move or record: the rule id and its params (and where: ``hand``, ``turn``,
    ``move``). Its words are said on demand in the reader's language (:meth:`message`), from the
    catalogue: the rule's message, or ``words`` (a marked message) for what is not a rule
    (the engine failing); ``said`` holds words a report already said, in its own language."""

    rule: str
    places: list[str] = field(default_factory=list)
    params: dict[str, Any] = field(default_factory=dict)
    hand: int | None = None
    turn: int | None = None
    move: str | None = None
    words: Marked | None = None
    said: str | None = None

    def message(self, lang: str) -> str:
        if self.said is not None:
            return self.said
        if self.words is not None:
            return say_marked(lang, self.words, self.params)
        return message(self.rule, self.params, lang, self.places)


#: what the page says when the engine itself fails (a bug), the error's type named
FAILURE = N_("The rules engine could not handle this: %(error)s")


#: what a bug in the engine's code may raise (a refusal is a ``RuleError``, an unknown option an
#: ``OptionError``): caught where the page must go on, logged (``engine_failure``), never silent
ENGINE_BUGS = (ArithmeticError, AssertionError, AttributeError, LookupError, RuntimeError,
               TypeError, ValueError)


def refusal(err: RuleError | catalogue.OptionError) -> Refusal:
    """A Refusal from an engine error (RuleError, OptionError or RecordError)."""
    rule = getattr(err, "rule", "record.invalid")
    return Refusal(rule=rule, places=list(getattr(err, "places", [])),
                   params=dict(getattr(err, "params", {}) or {}))


@dataclass
class MatchState:
    """A match replayed: its logged hands, the engine's report and the live hand.

    A state is shared (the worker keeps it for the next request, see ``states``): nothing may
    change it or its hands; a move is tried on ``clone(state.live)``.
    """

    hands: list[LoggedHand]
    report: dict[str, Any]
    #: the hand in play (the engine's ``Hand``: what fits, ``deal_known``, ``lays_score``, its
    #: variant ``v``), None between hands
    live: Hand | None = None
    error: Refusal | None = None
    #: the last hand as it ended, while its tiles left are asked for
    ended: Hand | None = None
    #: the engine's last hand as it finished (its table and what each player kept)
    final: Hand | None = None
    #: the log it is the replay of (as a kept state holds it: ``kept_log.KeptLog``, its finished
    #: hands' events as text), its fold, and the engine's Report (``referee.record``)
    events: Log = field(default_factory=list)
    folded: Folded | None = None
    rep: Report | None = None

    @property
    def last(self) -> LoggedHand | None:
        return self.hands[-1] if self.hands else None

    #: the match's own fields the replay read (``match_of``)
    of: tuple[Any, ...] = ()
    #: whether every event of its log has its ``seq`` (a replay goes on from it only then)
    seqs: bool = False
    #: (k, the events of its first k hands as the limits count them: ``_prior``)
    prior: tuple[int, int] = (0, 0)

    @property
    def count(self) -> int:
        return len(self.events)


def in_force(state: MatchState) -> tuple[Sequence[dict[str, Any]], list[dict[str, Any]]]:
    """``log.undo_replayed`` of the state's log (the changes in force, those a redo may put
    back), read once per state and kept on it (or carried on from the state before it:
    :func:`in_force_after`). The lists are shared: never changed by the caller."""
    kept = state.__dict__.get("_in_force")
    if kept is None or kept[0] != state.count:
        kept = (state.count, *undo_replayed(state.events))
        state.__dict__["_in_force"] = kept
    return kept[1], kept[2]


def in_force_after(old: MatchState, new: MatchState) -> None:
    """Carry :func:`in_force` from ``old`` to ``new`` when ``new``'s log is ``old``'s with changes
    more that neither undo nor redo (a move, a hand's start…: each is in force, and nothing is
    left to redo), read where ``old``'s was; else ``new``'s is read from its log when asked."""
    have = old.__dict__.get("_in_force")
    if have is None or have[0] != old.count or new.count <= old.count:
        return
    if isinstance(new.events, KeptLog) and (not isinstance(old.events, KeptLog) or new.events.head is not old.events.head):
        return  # a hand ended between them: read from the new log's tail when asked
    more = new.events[old.count:]
    if any(e["kind"] in ("undo", "redo") or e["kind"] not in UNDOABLE and e["kind"] not in LASTING
           for e in more):
        return
    new.__dict__["_in_force"] = (new.count, have[1] + more, [])


def phase(state: MatchState) -> str:
    """What the table needs now: ``play``, ``left`` (remaining tiles), ``next`` or ``over``."""
    report = state.report
    if report.get("match_winner"):
        return "over"
    last = state.last
    if last is None or last.by_result:
        return "next"
    rhands = report.get("hands", [])
    if state.error is not None and state.error.rule == "left.missing" \
            and state.error.hand == len(state.hands):
        return "left"
    if rhands and len(rhands) == len(state.hands):
        end = rhands[-1].get("end")
        if end is None:
            return "play"
        return "next"
    return "play" if state.live is not None else "next"


def finished(state: MatchState, number: int) -> bool:
    """Whether hand ``number`` (from 1) has ended: only an ended hand is corrected or confirmed."""
    rhands = state.report.get("hands") or []
    if not 1 <= number <= len(state.hands) or number > len(rhands):
        return False
    if state.hands[number - 1].by_result:
        return True
    return rhands[number - 1].get("end") is not None


@dataclass(frozen=True)
class _Played:
    """What is read of a finished hand before the last once the match goes on: the in-play points
    it scored (``pdf.add_in_play``). The engine's whole hand (its table, its variant object,
    its history: about 17 KB) is kept for the last hand only."""

    scores: tuple[Any, ...]


def _slim(report: Report) -> None:
    """The engine's hands of the finished hands before the last given up for their scores (the
    state is kept by the worker; the reports are copies, never changed: an earlier state may
    share them)."""
    from dataclasses import replace

    for i, hr in enumerate(report.hands[:-1]):
        if isinstance(hr.hand, Hand) and hr.end is not None:
            # a stand-in read for its scores alone (``pdf.add_in_play``), as a checkpoint's hands
            report.hands[i] = replace(hr, hand=_Played(tuple(hr.hand.scores)))  # type: ignore[arg-type]


def match_of(match: dict[str, Any]) -> tuple[Any, ...]:
    """What a replay reads of the match itself (``log.to_record``): a kept state replayed with
    other values is not this match's replay."""
    import json

    return (match["variant"], json.dumps(match["options"], sort_keys=True), tuple(match["players"]),
            match["created"][:10], match.get("lang"))



def empty_report(match: dict[str, Any]) -> dict[str, Any]:
    return {"ok": True, "variant": match["variant"], "hands": [],
            "totals": {p: 0 for p in match["players"]}, "match_winner": None, "error": None}


def _report_refusal(report: Report) -> Refusal | None:
    if report.error is None:
        return None
    e = report.error
    obj = report.error_obj
    if obj is not None:
        r = refusal(obj)
    else:
        r = Refusal(rule=e.get("rule", ""), said=e.get("message", ""))
    r.hand, r.turn, r.move = e.get("hand"), e.get("turn"), e.get("move")
    return r


def engine_failure(err: Exception) -> Refusal:
    import logging

    logging.getLogger(__name__).exception("the engine failed on a record")
    return Refusal("engine.failure", params={"error": type(err).__name__}, words=FAILURE)


def _resume_point(folded: Folded, base: MatchState | None, events: Sequence[dict[str, Any]]) -> int:
    """How many of the first hands ``base`` finished are the same in ``folded``: the replay goes
    on after them. Hands are the same when the event that made the next hand is the same event
    at the same place and the same corrections and renames are in force (``Folded``); the last
    hand is always replayed. When every hand of ``base`` was finished and the log has only gone
    on after it (no undo, redo, correction or rename since: ``log.goes_on``), they are all the
    same: a hand's start replays that hand only."""
    if base is None or base.folded is None or base.rep is None or base.error is not None \
            and base.error.rule == "engine.failure":
        return 0
    if folded.edits != base.folded.edits:
        return 0  # a correction or a rename since: every hand is replayed
    finished = 0
    for h in base.rep.hands:
        if h.end is None:
            break
        finished += 1
    if base.error is None and finished == len(base.folded.hands) == len(base.rep.hands) \
            and len(folded.hands) > finished and goes_on(events, base.count):
        return finished
    k = min(finished, len(folded.hands) - 1, len(base.folded.marks) - 1)
    while k > 0 and folded.marks[k] != base.folded.marks[k]:
        k -= 1
    return max(k, 0)


@dataclass(frozen=True)
class Played:
    """A change at the table already played by the engine: ``hand`` is a copy of ``of.live`` (the
    live hand of the state ``of``) with the change (a move, or the end of a turn) played on it,
    as the table checked it. ``replay`` goes on from it instead of playing the hand again when
    the log it replays is ``of``'s log and that change, and only then."""

    of: MatchState
    hand: Hand


def _carried(played: Played | None, base: MatchState | None, events: Sequence[dict[str, Any]], folded: Folded,
             k: int) -> Hand | None:
    """``played.hand`` where the replay of ``events`` on ``base`` may go on from it: it was copied
    from this very state's live hand (another state, an older kept one included, is never taken),
    the log is ``base``'s and one move or end of a turn of its last hand, which is the only hand
    replayed, and the copy has that move more; else None (the hand is replayed)."""
    if played is None or base is None or played.of is not base or base.live is None or base.error is not None \
            or base.rep is None or base.folded is None or len(events) != base.count + 1:
        return None
    kind = events[-1].get("kind")
    if kind not in ("move", "end_turn") or k != len(folded.hands) - 1 \
            or len(folded.hands) != len(base.folded.hands) or len(base.rep.hands) != len(folded.hands):
        return None
    if len(played.hand.history) != len(base.live.history) + (kind == "move"):
        return None
    return played.hand


def replay(match: dict[str, Any], events: Sequence[dict[str, Any]], base: MatchState | None = None,
           played: Played | None = None) -> MatchState:
    """Replay the stored log through the engine's one replay path (``referee.record.replay``).

    A turn still open (a player who may lay more, or who has drawn) is replayed as it stands
    (``open_last``): the live hand is in that turn, as it is at the table.

    ``base``: a state replayed from the first ``base.count`` of these events (the log only
    grows). The hands it finished that the new events leave as they were are not replayed
    again: the replay goes on from their reports (``record.replay(done=...)``), so an event
    costs a replay of the hand it belongs to, whatever the match's length.

    ``played``: the one event after ``base``'s log played already on a copy of its live hand
    (:class:`Played`): the hand is not played again, the copy is ended and scored as the
    replay would (``record.replay(played=...)``); any other state or log is replayed as above.
    """
    of = match_of(match)
    # the events ``base`` was replayed from were read for their ``seq`` then (``seqs``)
    if base is not None and (base.count > len(events) or base.of != of or not base.seqs
                             or any("seq" not in e for e in events[base.count:])):
        base = None
    seqs = base is not None or all("seq" in e for e in events)
    folded = fold_log(events, base.folded if base is not None else None,
                      base.count if base is not None else 0)
    hands = folded.hands
    from referee import record as rec

    open_last = bool(hands) and hands[-1].open_turn is not None
    k = _resume_point(folded, base, events)
    # k > 0 only when base has a report (``_resume_point``)
    done = base.rep.hands[:k] if k and base is not None and base.rep is not None else []
    try:
        # the hands before k count against the limits as they do in a replay from scratch
        prior = _prior(hands, k, base)
        report = rec.replay(rec.read(to_record(match, hands[k:]), first=k + 1, prior_events=prior),
                            open_last=open_last, done=done, played=_carried(played, base, events, folded, k))
    except (RuleError, catalogue.OptionError) as err:
        return MatchState(hands=hands, report=empty_report(match), error=refusal(err), events=settle(events),
                          folded=folded, of=of, seqs=seqs)
    except ENGINE_BUGS as err:  # an engine bug must not become a server error
        return MatchState(hands=hands, report=empty_report(match), error=engine_failure(err),
                          events=settle(events), folded=folded, of=of, seqs=seqs)
    problem = _report_refusal(report)
    ended = None
    if problem is not None and problem.rule == "left.missing" and problem.hand == len(hands) \
            and hands[-1].turns:
        ended = _ended_hand(match, hands, report)
    final = report.hands[-1].hand if report.hands and len(report.hands) == len(hands) else None
    _slim(report)
    data = report.to_json()
    data["now"] = scoreboard.now_of(report)
    return MatchState(hands=hands, report=data, live=report.live, error=problem, ended=ended,
                      final=final, events=settle(events), folded=folded, rep=report, of=of, seqs=seqs,
                      prior=(k, prior))


def _hand_size(h: LoggedHand) -> int:
    """A finished hand's events as the limits count them (its start and each move, or one
    result)."""
    return 1 + (0 if h.result is not None else sum(len(t.moves) for t in h.turns))


def _prior(hands: list[LoggedHand], k: int, base: MatchState | None) -> int:
    """The events of ``hands[:k]`` as the limits count them: gone on from ``base.prior`` where
    the first hands it counted are these very hands (a fold that went on shares them), so that
    a move does not count the match's every hand again."""
    start, total = 0, 0
    if base is not None and base.folded is not None:
        kb, counted = base.prior
        if kb <= k and len(base.folded.hands) >= kb \
                and all(a is b for a, b in zip(hands[:kb], base.folded.hands[:kb])):
            start, total = kb, counted
    return total + sum(_hand_size(h) for h in hands[start:k])


def _ended_hand(match: dict[str, Any], hands: list[LoggedHand], report: Report | None = None) -> Hand | None:
    """The last hand as it stood when it ended (for drawing it while the tiles left are
    entered): its last position (``referee.record.positions``; ``report`` says who won the
    hands before, so that they are not replayed again)."""
    from referee import record as rec

    live = None
    try:
        for pos in rec.positions(to_record(match, hands), len(hands), report=report):
            live = pos.hand
    except (rec.Stopped, RuleError):
        return None          # the hand did not end where the report says: nothing to draw
    except ENGINE_BUGS as err:  # an engine bug: logged, and the page goes on without the drawing
        engine_failure(err)
        return None
    return live


def check_record(obj: object) -> tuple[dict[str, Any] | None, Refusal | None]:
    """Read and replay a record; (report, None) when every hand is legal."""
    from referee import record as rec

    try:
        report = rec.replay(rec.read(obj))
    except (RuleError, catalogue.OptionError) as err:
        return None, refusal(err)
    except ENGINE_BUGS as err:
        return None, engine_failure(err)
    return report.to_json(), _report_refusal(report)



def hand_summary(state: MatchState, players: list[str]) -> dict[str, Any] | None:
    """The last hand once it is over, for the table between hands: its number, how it ended
    (``out`` with the ``winner``, ``block``, ``redeal``), each player's points, the tiles he
    kept (when known: the deal, or the tiles entered) and their pips, and the final table
    (``layout``: the engine's view; None for a hand entered by its result)."""
    hands = state.report.get("hands") or []
    last = state.last
    if not hands or last is None or len(hands) != len(state.hands) or hands[-1].get("end") is None:
        return None
    h = hands[-1]
    hand = state.final if not last.by_result else None
    given = (last.result or {}).get("left") if last.by_result else last.left
    given = given or {}
    rows = []
    for seat, name in enumerate(players):
        tiles = None
        if hand is not None:
            known = hand.known_hand(seat)
            if known is not None:
                tiles = [tile_str(t) for t in known]
        if tiles is None and isinstance(given.get(name), list):
            tiles = [str(t) for t in given[name]]
        rows.append({"name": name, "points": int((h.get("points") or {}).get(name, 0) or 0),
                     "pips": (h.get("left") or {}).get(name), "tiles": tiles,
                     "winner": name == h.get("winner")})
    layout = None
    if hand is not None:
        try:
            layout = hand.layout_view()
        except ENGINE_BUGS as err:
            engine_failure(err)
    pairs = None
    teams = state.report.get("teams")
    if teams:
        # «Козёл» by pairs: what the pair scored, what hangs for it, the eggs (keyed by the
        # pair's first player, as the report counts them)
        by_name = {r["name"]: r for r in rows}
        hanging = h.get("hanging") or {}
        pairs = [{"names": list(t), "members": [by_name[p] for p in t if p in by_name],
                  "points": int((h.get("points") or {}).get(t[0], 0) or 0),
                  "hanging": int(hanging.get(t[0], 0) or 0),
                  "winner": h.get("winner") in t} for t in teams]
    return {"number": h.get("number") or len(hands), "end": h.get("end"), "winner": h.get("winner"),
            "rows": rows, "layout": layout, "pairs": pairs, "eggs": h.get("eggs")}


def next_lead(match: dict[str, Any], state: MatchState) -> dict[str, Any]:
    """Who leads the next hand before its deal is known (``referee.record.next_lead``): ``name``
    where the rules name him, ``tile`` where its holder leads, else nothing; and who shuffles
    for it (``shuffler``: ``name`` and ``why``, ``referee.record.next_shuffler``)."""
    from referee import record as rec

    # a state never changes (a change makes another): its answer is kept on it, by the match's
    # own fields it was found for (a rename makes other names)
    of = match_of(match)
    kept = state.__dict__.get("_next_lead")
    if kept is not None and kept[0] == of:
        return dict(kept[1], **({"shuffler": dict(kept[1]["shuffler"])} if "shuffler" in kept[1] else {}))
    data = to_record(match, state.hands)
    data["hands"] = list(data.get("hands") or []) + [{"result": {"out": None, "left": {}}}]
    try:
        read = rec.read(data)  # read once for both questions
        lead = rec.next_lead(read, len(data["hands"]), report=state.report)
        shuffler = rec.next_shuffler(read, len(data["hands"]), report=state.report)
    except (RuleError, catalogue.OptionError, rec.RecordError, rec.Stopped, IndexError):
        lead, shuffler = {}, None
    if "seat" in lead:
        lead = {"name": match["players"][lead["seat"]]}
    if shuffler is not None:
        lead["shuffler"] = {"name": match["players"][shuffler["seat"]], "why": shuffler["why"]}
    state.__dict__["_next_lead"] = (of, lead)
    return dict(lead, **({"shuffler": dict(lead["shuffler"])} if "shuffler" in lead else {}))


def left_bounds(state: MatchState) -> dict[str, dict[str, Any]]:
    """What each player's pips can be at the end of the hand in play, as its tiles left are
    asked (``referee.record.left_bounds``); empty where there is no such hand."""
    from referee import record as rec

    if state.ended is None:
        return {}
    return rec.left_bounds(state.ended)


def left_by_tiles(state: MatchState) -> bool:
    """Whether the hand waiting for its tiles left must have them named tile by tile (its
    variant's ``left_by_tiles``: Bergen's block goes by the doubles held, pips are refused)."""
    h = state.ended
    return h is not None and h.v.left_by_tiles(h.end)


def result_bounds(match: dict[str, Any], state: MatchState) -> dict[str, dict[str, Any]]:
    """What each player's pips can be in the next hand entered by its result, as the engine's
    check allows a count (``referee.record.result_bounds``): the result page's number pad
    refuses a digit beyond it at once. Empty where the engine cannot say (a stored match that
    does not replay: the check on sending still judges)."""
    from referee import record as rec

    data = to_record(match, state.hands)
    data["hands"] = list(data.get("hands") or []) + [{"result": {"out": None, "left": {}}}]
    try:
        return rec.result_bounds(data, len(data["hands"]), report=state.report)
    except (RuleError, catalogue.OptionError, rec.RecordError, rec.Stopped, IndexError):
        return {}


# -- checkpoints: a state's finished hands, kept with the log (``states``, ``store.checkpoints``) --

#: the form of a checkpoint's data; a checkpoint of another form is ignored
CHECKPOINT_FORM = 1


def checkpoint_of(state: MatchState) -> dict[str, Any] | None:
    """What a checkpoint keeps of a state between hands (every hand of its log finished, no
    refusal): the match's fields the replay read and each hand's report as the match took it
    (``HandReport``: its points, what hangs, the eggs, ``taken``, the in-play points), so that
    ``replay(base=...)`` goes on after them as after a kept state. None when a hand is in play."""
    rep = state.rep
    if rep is None or state.error is not None or not state.hands or len(rep.hands) != len(state.hands):
        return None
    hands = []
    for hr in rep.hands:
        if hr.end is None or hr.taken is None:
            return None
        scores = getattr(hr.hand, "scores", None)
        points, end, winner, left = hr.taken
        hands.append({"number": hr.number, "end": hr.end, "winner": hr.winner, "points": hr.points,
                      "left": hr.left, "scored": hr.scored, "hanging": hr.hanging, "eggs": hr.eggs,
                      "scores": list(scores) if scores is not None else None,
                      "taken": [list(points), end, winner, list(left)]})
    return {"form": CHECKPOINT_FORM, "of": list(state.of), "hands": hands}


def _hand_report(d: dict[str, Any], number: int) -> HandReport:
    """A finished hand's report from a checkpoint (``checkpoint_of``); ValueError when it is not
    one."""
    def names(x: object) -> dict[str, Any]:
        if not isinstance(x, dict) or not all(isinstance(k, str) for k in x):
            raise ValueError("not a dict of players")
        return dict(x)

    if d.get("number") != number or not isinstance(d.get("end"), str):
        raise ValueError("not the hand expected")
    points, end, winner, left = d["taken"]
    if not isinstance(points, list) or not isinstance(left, list) or end != d["end"] \
            or not (winner is None or isinstance(winner, int)):
        raise ValueError("not what the match took")
    scores = d.get("scores")
    eggs = d.get("eggs")
    if not (eggs is None or isinstance(eggs, int)) or not (scores is None or isinstance(scores, list)):
        raise ValueError("not a hand's eggs or scores")
    winner_name = d.get("winner")
    if not (winner_name is None or isinstance(winner_name, str)):
        raise ValueError("not a winner")
    return HandReport(number=number, end=d["end"], winner=winner_name, points=names(d["points"]),
                      left=names(d["left"]), scored=names(d.get("scored") or {}),
                      hand=_Played(tuple(scores)) if scores is not None else None,  # type: ignore[arg-type]
                      hanging=names(d.get("hanging") or {}), eggs=eggs,
                      taken=(list(points), end, winner, list(left)))


def from_checkpoint(match: dict[str, Any], events: Sequence[dict[str, Any]], data: object) -> MatchState | None:
    """A state to go on from (``replay(base=...)``): the checkpoint's finished hands over the fold
    of ``events`` (the events the checkpoint covers, checked against its digest by the caller).
    None when the data is not a checkpoint of this match's log: another form, other match fields,
    hands the log does not fold to, a value of the wrong kind."""
    import json

    from referee.record import Report

    try:
        if not isinstance(data, dict) or data.get("form") != CHECKPOINT_FORM:
            return None
        of = match_of(match)
        if data.get("of") != json.loads(json.dumps(list(of))):
            return None
        folded = fold_log(events)
        raw = data["hands"]
        if not isinstance(raw, list) or not raw or len(raw) != len(folded.hands):
            return None
        hands = [_hand_report(d, i) for i, d in enumerate(raw, start=1)]
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    rep = Report(match["variant"], list(match["players"]), dict(match["options"]), hands, {}, None)
    return MatchState(hands=folded.hands, report={}, events=list(events), folded=folded, rep=rep, of=of,
                      seqs=all("seq" in e for e in events))
