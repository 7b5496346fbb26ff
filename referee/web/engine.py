"""The web app's one door to the rules engine (``referee.rules`` and ``referee.record``).

The web layer never applies a rule itself: it turns the stored log into a game
record and replays it here, then asks the live hand what fits. Everything the
app needs from the engine goes through this module.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.matches import scoreboard
from referee.record import Report
from referee.rules import REGISTRY, catalogue, make_variant
from referee.rules.errors import RuleError
from referee.rules.hand import Hand
from referee.rules.messages import message
from referee.rules.variants import Variant

from referee.matches.log import Folded, LoggedHand, fold_log, goes_on, to_record


def rules_of(match: dict) -> Variant:
    """The match's variant with its options: what it is (blind rows, points during play …)."""
    return make_variant(match["variant"], len(match["players"]), match["options"])


def variant_class(name: str) -> type[Variant] | None:
    """The registered class of variant ``name`` (its declarations), or None."""
    return REGISTRY.get(name)


def provisional(name: str) -> catalogue.Provisional | None:
    """Why ``name``'s rules are provisional (its catalogue entry's words), or None."""
    v = catalogue.VARIANTS.get(name)
    return v.provisional if v is not None else None


@dataclass
class Refusal:
    """A refused move or record: the rule id and its words in both languages."""

    rule: str
    message_ru: str
    message_en: str
    places: list[str] = field(default_factory=list)
    params: dict = field(default_factory=dict)
    hand: int | None = None
    turn: int | None = None
    move: str | None = None

    def message(self, lang: str) -> str:
        return self.message_en if lang == "en" else self.message_ru


#: what a bug in the engine's code may raise (a refusal is a ``RuleError``, an unknown option an
#: ``OptionError``): caught where the page must go on, logged (``engine_failure``), never silent
ENGINE_BUGS = (ArithmeticError, AssertionError, AttributeError, LookupError, RuntimeError,
               TypeError, ValueError)


def refusal(err: RuleError | catalogue.OptionError) -> Refusal:
    """A Refusal from an engine error (RuleError, OptionError or RecordError)."""
    rule = getattr(err, "rule", "record.invalid")
    if isinstance(err, RuleError):
        ru, en = err.message("ru"), err.message("en")
    else:  # an OptionError has no words of its own: the catalogue's
        ru, en = message(rule, err.params, "ru"), message(rule, err.params, "en")
    return Refusal(rule=rule, message_ru=ru, message_en=en, places=list(getattr(err, "places", [])),
                   params=dict(getattr(err, "params", {}) or {}))


@dataclass
class MatchState:
    """A match replayed: its logged hands, the engine's report and the live hand.

    A state is shared (the worker keeps it for the next request, see ``states``): nothing may
    change it or its hands; a move is tried on ``clone(state.live)``.
    """

    hands: list[LoggedHand]
    report: dict
    #: the hand in play (the engine's ``Hand``: what fits, ``deal_known``, ``lays_score``, its
    #: variant ``v``), None between hands
    live: Hand | None = None
    error: Refusal | None = None
    #: the last hand as it ended, while its tiles left are asked for
    ended: Hand | None = None
    #: the engine's last hand as it finished (its table and what each player kept)
    final: Hand | None = None
    #: the log it is the replay of, its fold, and the engine's Report (``referee.record``)
    events: list[dict] = field(default_factory=list)
    folded: Folded | None = None
    rep: Report | None = None

    @property
    def last(self) -> LoggedHand | None:
        return self.hands[-1] if self.hands else None

    #: the match's own fields the replay read (``match_of``)
    of: tuple = ()

    @property
    def count(self) -> int:
        return len(self.events)


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

    scores: tuple


def _slim(report) -> None:
    """The engine's hands of the finished hands before the last given up for their scores (the
    state is kept by the worker; the reports are copies, never changed: an earlier state may
    share them)."""
    from dataclasses import replace

    from referee.rules.hand import Hand

    for i, hr in enumerate(report.hands[:-1]):
        if isinstance(hr.hand, Hand) and hr.end is not None:
            report.hands[i] = replace(hr, hand=_Played(tuple(hr.hand.scores)))


def match_of(match: dict) -> tuple:
    """What a replay reads of the match itself (``log.to_record``): a kept state replayed with
    other values is not this match's replay."""
    import json

    return (match["variant"], json.dumps(match["options"], sort_keys=True), tuple(match["players"]),
            match["created"][:10], match.get("lang"))


def clone(live):
    """An independent copy of a live hand (a move is tried on it, never on a kept state)."""
    if live is None:
        return None
    from referee.rules import clone as engine_clone

    return engine_clone(live)


def empty_report(match: dict) -> dict:
    return {"ok": True, "variant": match["variant"], "hands": [],
            "totals": {p: 0 for p in match["players"]}, "match_winner": None, "error": None}


def _report_refusal(report) -> Refusal | None:
    if report.error is None:
        return None
    e = report.error
    obj = report.error_obj
    if obj is not None:
        r = refusal(obj)
    else:
        r = Refusal(rule=e.get("rule", ""), message_ru=e.get("message", ""), message_en=e.get("message", ""))
    r.hand, r.turn, r.move = e.get("hand"), e.get("turn"), e.get("move")
    return r


def engine_failure(err: Exception) -> Refusal:
    import logging

    logging.getLogger(__name__).exception("the engine failed on a record")
    return Refusal("engine.failure", "Движок правил не смог разобрать эти данные: %s" % type(err).__name__,
                   "The rules engine could not handle this: %s" % type(err).__name__)


def _resume_point(folded: Folded, base: MatchState | None, events: list[dict]) -> int:
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


def replay(match: dict, events: list[dict], base: MatchState | None = None) -> MatchState:
    """Replay the stored log through the engine's one replay path (``referee.record.replay``).

    A turn still open (a player who may lay more, or who has drawn) is replayed as it stands
    (``open_last``): the live hand is in that turn, as it is at the table.

    ``base``: a state replayed from the first ``base.count`` of these events (the log only
    grows). The hands it finished that the new events leave as they were are not replayed
    again: the replay goes on from their reports (``record.replay(done=...)``), so an event
    costs a replay of the hand it belongs to, whatever the match's length.
    """
    of = match_of(match)
    if base is not None and (base.count > len(events) or base.of != of
                             or any("seq" not in e for e in events)):
        base = None
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
        prior = sum(1 + (0 if h.result is not None else sum(len(t.moves) for t in h.turns))
                    for h in hands[:k])
        report = rec.replay(rec.read(to_record(match, hands[k:]), first=k + 1, prior_events=prior),
                            open_last=open_last, done=done)
    except (RuleError, catalogue.OptionError) as err:
        return MatchState(hands=hands, report=empty_report(match), error=refusal(err), events=events,
                          folded=folded, of=of)
    except ENGINE_BUGS as err:  # an engine bug must not become a server error
        return MatchState(hands=hands, report=empty_report(match), error=engine_failure(err),
                          events=events, folded=folded, of=of)
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
                      final=final, events=events, folded=folded, rep=report, of=of)


def _ended_hand(match: dict, hands: list[LoggedHand], report=None):
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


def check_record(obj) -> tuple[dict | None, Refusal | None]:
    """Read and replay a record; (report, None) when every hand is legal."""
    from referee import record as rec

    try:
        report = rec.replay(rec.read(obj))
    except (RuleError, catalogue.OptionError) as err:
        return None, refusal(err)
    except ENGINE_BUGS as err:
        return None, engine_failure(err)
    return report.to_json(), _report_refusal(report)


def parse_tile(text: str) -> int:
    from referee.rules.tiles import parse_tile as p

    return p(text)


def tile_str(t: int) -> str:
    from referee.rules.tiles import tile_str as s

    return s(t)


def hand_view(live) -> dict | None:
    """What the pages draw of the live hand, as plain data."""
    if live is None:
        return None
    to_move = live.to_move
    players = list(live.players)
    on_table = [tile_str(t) for t in live.on_table]
    known = {}
    for seat, name in enumerate(players):
        k = live.known_hand(seat)
        known[name] = [tile_str(t) for t in k] if k is not None else None
    return {
        "players": players,
        "to_move": players[to_move] if to_move is not None else None,
        # the player before the mover: who receives a sausage cut's piece
        "previous": players[(to_move - 1) % len(players)] if to_move is not None else None,
        "over": bool(live.over),
        "end": live.end,
        "turn_open": bool(live.turn_open),
        "turn_started": bool(live.turn_started),
        "counts": dict(zip(players, live.counts)),
        "scores": dict(zip(players, live.scores)),
        "bazaar": live.bazaar_count,
        # with the deal known every draw names its tile: the plain «Draw» button is not offered
        "deal_known": bool(live.deal_known),
        "on_table": on_table,
        "known": known,
        "layout": layout_view(live),
        "winner": players[live.winner] if live.winner is not None else None,
    }


def layout_view(live) -> dict:
    """The table as plain data: ``root`` and ``arms`` ({arm number: [pieces from the root
    outward]}), each piece ``{"tile", "a" (half nearer the root), "b", "across", "down",
    "end"}``, and ``ends`` (the numbers each open end shows).

    The engine's own ``Hand.layout_view()``.
    """
    return live.layout_view()


def places_for(live, tile: str) -> list[str]:
    try:
        return list(live.places_for(parse_tile(tile)))
    except RuleError:  # a refusal is drawn by explain()
        return []
    except ENGINE_BUGS as err:  # nothing here may become a 500
        engine_failure(err)
        return []


def explain(live, tile: str) -> Refusal | None:
    try:
        err = live.explain(parse_tile(tile))
    except RuleError as e:
        return refusal(e)
    except ENGINE_BUGS as e:
        return engine_failure(e)
    return refusal(err) if err is not None else None


def try_play(live, token: str) -> tuple[bool, Refusal | None]:
    """Play one token on the live hand; (turn still open, None) or (False, refusal)."""
    try:
        live.play(token)
        if live.over:
            return False, None
        if not live.turn_open:
            live.end_turn()  # one-tile variants, passes: the turn closes by itself
            return False, None
        if live.t_laid and not more_possible(live):
            # a tile laid and nothing more may or can be added (with the deal known: nothing
            # of his fits): the turn closes by itself where the engine lets it
            try:
                live.end_turn()
            except RuleError:
                return True, None
            return False, None
    except RuleError as err:
        from referee.rules.notation import in_words_as_written

        err.params = in_words_as_written(err.params, token)   # the tile as the player typed it
        return False, refusal(err)
    except ENGINE_BUGS as err:
        return False, engine_failure(err)
    return True, None


def set_leader(live, name: str) -> Refusal | None:
    """Name the leader of a hand whose rules leave it to lot, or whose deal is unknown."""
    try:
        live.set_leader(list(live.players).index(name))
    except RuleError as err:
        return refusal(err)
    except ENGINE_BUGS as err:
        return engine_failure(err)
    return None


def try_end_turn(live) -> Refusal | None:
    try:
        live.end_turn()
    except RuleError as err:
        return refusal(err)
    except ENGINE_BUGS as err:
        return engine_failure(err)
    return None


def trial(live, token: str) -> bool:
    """Whether ``token`` would be accepted now, tried on a copy (the live hand is unchanged)."""
    return _on_copy(live, lambda h: h.play(token)) is not None


def _on_copy(live, change):
    """A copy of the live hand with ``change(copy)`` made on it, or None when the engine refuses
    it (an engine bug is logged, and refuses it too)."""
    from copy import deepcopy

    try:
        h = deepcopy(live)
        change(h)
    except RuleError:
        return None
    except ENGINE_BUGS as err:
        engine_failure(err)
        return None
    return h


def blind_view(live) -> dict | None:
    """The blind variants' turn as the table page offers it: the reveal at three
    (``pending_open``, with the row when it is known), and the rightmost tile of a known
    closed row with the places it fits (``places``) or whether it may be missed (``miss``)."""
    if live is None or live.over or live.to_move is None or not live.v.blind:
        return None
    seat = live.to_move
    row = live.known_hand(seat)
    row = [tile_str(t) for t in row] if row is not None else None
    opened = bool(live.opened[seat])
    out = {"pending_open": bool(live.t_pending_open), "row": row,
           "opened": opened, "rightmost": None, "places": [], "miss": False,
           # after «does not fit»: one draw may follow, then a pass (or the pass at once)
           "missed": bool(live.t_missed),
           "laid": bool(live.t_laid),   # after lays: the turn ends with «End the turn», no pass
           "drawn": bool(live.t_draws)}
    if out["pending_open"]:
        return out
    if row and not opened and not live.t_missed and not live.t_draws:
        t = row[-1]
        places = [p for p in places_for(live, t) if trial(live, p)]
        miss = not places and trial(live, f"miss {t}")
        if places or miss:
            out.update(rightmost=t, places=places, miss=miss)
    return out


# -- the turn as the table page offers it: asked of the engine, never decided here ----

def _copy_closed(live):
    """A copy of the live hand with the open turn closed, or None when it cannot close."""
    return _on_copy(live, lambda h: h.end_turn())


def next_player(live) -> str | None:
    """Who moves once the player to move closes his turn (the engine's own seat order,
    skips and all), or None when the turn cannot be closed now or the hand would end."""
    if live is None or live.over or live.to_move is None:
        return None
    h = _copy_closed(live)
    if h is None or h.over or h.to_move is None:
        return None
    return h.players[h.to_move]


def more_possible(live) -> bool:
    """Whether the player to move may still add any move to his turn (the engine's legal
    tokens: a lay, a draw, a pass). With the deal unknown, any unseen tile that fits counts.
    A closed row nobody has entered (a blind variant without the deal) hides the tile turned up
    next: the engine lists no token then, and its open turn is the answer (the same player may
    turn up and lay the next tile)."""
    try:
        if live.legal_tokens():
            return True
        seat = live.to_move
        return bool(live.v.blind and seat is not None and live.known_hand(seat) is None
                    and live.turn_open)
    except RuleError:
        return True
    except ENGINE_BUGS as err:
        engine_failure(err)
        return True


def turn_view(live) -> dict:
    """The open turn: whether a tile was laid in it (then the next tap must say whether the
    same player lays more or the turn passes), the next player, the last move a draw."""
    if live is None or live.over or live.to_move is None:
        return {"laid": False, "choose": False, "next": None, "drew": False,
                "can_draw": False, "can_pass": False, "may_pass": False}
    moves = list(live.t_moves)
    laid = bool(live.t_laid)
    is_open = bool(live.turn_open) and bool(moves)
    try:
        # «X lays more» only while the engine lets him lay again (not after a blind row's
        # «does not fit»: then one draw may follow, or the end of the turn)
        lay_again = bool(live.v.multi_lay_now(live, live.to_move))
    except ENGINE_BUGS as err:
        engine_failure(err)
        lay_again = True
    choose = is_open and laid and lay_again and next_player(live) is not None
    try:
        can_draw, can_pass = bool(live.can_draw()), bool(live.can_pass())
    except RuleError:
        can_draw = can_pass = False
    except ENGINE_BUGS as err:
        engine_failure(err)
        can_draw = can_pass = False
    if not can_draw and laid and is_open:
        # Hand.can_draw refuses once a tile is laid; the blind turn lets one draw follow a
        # «does not fit» after lays: tried on a copy (a known bazaar's tile, or an unseen one)
        from referee.rules.tiles import tiles_of

        stock = tiles_of(live.stock) if live.deal_known else []
        can_draw = trial(live, f"draw {tile_str(stock[0])}" if stock else "draw")
    return {"laid": laid, "choose": choose, "next": next_player(live) if choose else None,
            "drew": is_open and moves[-1].startswith("draw"), "can_draw": can_draw,
            "can_pass": can_pass,
            # a pass tried on a copy (the blind turn's pass after «does not fit» included)
            "may_pass": not choose and trial(live, "pass")}


def offline_plan(live) -> dict | None:
    """What a phone without a connection may assume about the turns after the one shown, so that
    the taps it keeps for later are made for the player who makes them (``static/app.js``).

    ``players`` in seat order, ``to_move`` (a seat, or None before the leader is named), each
    seat's ``counts``, the ``bazaar``, the tiles each seat holds when the deal is known
    (``hands``, else None: a tile tapped from another hand is a draw), ``next`` (the seat the
    open turn passes to, when it may be closed now), and whether a lay closes the turn and
    play goes on at the next seat clockwise (``plain``: one tile a turn, no turned-up rows, no
    lay that names the next player, as the sausage's cut does). ``multi``: a lay leaves the turn
    open for «X lays more» or «Turn: Y» (the next seat clockwise), which the phone then offers
    itself: the games of several tiles a turn without the deal (where the deal is known the
    engine closes a turn when nothing more of his fits, which the phone cannot tell); in the
    blind games only while the player's row is still face down and unknown (``closed``: a seat
    each), and never past the reveal at three. Where neither holds the phone cannot tell what
    follows a lay, and says so."""
    if live is None or live.over:
        return None
    from referee.rules.variants.base import Variant as Base

    v = live.v
    hands = None
    if live.deal_known:
        known = [live.known_hand(s) for s in range(live.n)]
        hands = [[tile_str(t) for t in k] for k in known if k is not None]
        if len(hands) != live.n:
            hands = None
    nxt = next_player(live)
    plain = not v.multi_lay and not v.blind and type(v).cut is Base.cut
    multi = not plain and not live.deal_known and type(v).cut is Base.cut and (
        (v.blind and bool(getattr(v, "multi_before_open", False))) or (v.multi_lay and not v.blind))
    closed = [bool(v.blind and not live.opened[s] and live.known_hand(s) is None) for s in range(live.n)]
    return {"players": list(live.players), "to_move": live.to_move, "counts": list(live.counts),
            "bazaar": int(live.bazaar_count or 0), "hands": hands,
            "next": list(live.players).index(nxt) if nxt is not None else None,
            "plain": plain, "multi": multi, "blind": bool(v.blind), "closed": closed}


def instead(live) -> list[str]:
    """What the player to move may do instead of a refused move, as kinds: ``lay``, ``draw``,
    ``pass``, ``end`` (close the turn). Asked of the engine's legal tokens."""
    out: list[str] = []
    try:
        tokens = live.legal_tokens()
    except RuleError:
        tokens = []
    except ENGINE_BUGS as err:
        engine_failure(err)
        tokens = []
    if any(t.split()[0] not in ("draw", "pass", "miss", "open") for t in tokens):
        out.append("lay")
    if any(t.startswith("draw") for t in tokens):
        out.append("draw")
    if "pass" in tokens:
        out.append("pass")
    if live.turn_open and live.t_moves and _copy_closed(live) is not None:
        out.append("end")
    return out


def lay_previews(live, tokens: list[str], leader: str | None = None) -> dict:
    """The places offered, numbered for the page: ``labels`` (each place's name on the drawing
    -> the numbers of the buttons that lay there), ``points`` (token -> the in-play points the
    engine says that lay scores, only in the games where lays score) and ``number`` (token ->
    its button's number, from 1). The hand's first tile, its leader not yet recorded: previewed
    as laid by ``leader`` (the one the tap named), else numbered only."""
    out: dict = {"labels": {}, "points": {}, "number": {}}
    if live is None or not tokens:
        return out
    if live.to_move is None:
        said = clone(live)
        if leader is None or leader not in list(live.players) or set_leader(said, leader) is not None \
                or said.to_move is None:
            out["number"] = {token: i for i, token in enumerate(tokens, start=1)}
            return out
        live = said
    scores = bool(live.lays_score)
    for i, token in enumerate(tokens, start=1):
        out["number"][token] = i
        try:
            pv = live.lay_preview(token)
        except RuleError:
            continue
        except ENGINE_BUGS as err:  # an engine bug must not become a server error
            engine_failure(err)
            continue
        for target in pv.targets:
            out["labels"].setdefault(target, []).append(str(i))
        if scores:
            out["points"][token] = pv.points
    return out


def hand_summary(state: MatchState, players: list[str]) -> dict | None:
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


def next_lead(match: dict, state: MatchState) -> dict:
    """Who leads the next hand before its deal is known (``referee.record.next_lead``): ``name``
    where the rules name him, ``tile`` where its holder leads, else nothing; and who shuffles
    for it (``shuffler``: ``name`` and ``why``, ``referee.record.next_shuffler``)."""
    from referee import record as rec

    data = to_record(match, state.hands)
    data["hands"] = list(data.get("hands") or []) + [{"result": {"out": None, "left": {}}}]
    try:
        lead = rec.next_lead(data, len(data["hands"]), report=state.report)
        shuffler = rec.next_shuffler(data, len(data["hands"]), report=state.report)
    except (RuleError, catalogue.OptionError, rec.RecordError, rec.Stopped, IndexError):
        return {}
    if "seat" in lead:
        lead = {"name": match["players"][lead["seat"]]}
    lead["shuffler"] = {"name": match["players"][shuffler["seat"]], "why": shuffler["why"]}
    return lead


def left_bounds(state: MatchState) -> dict[str, dict]:
    """What each player's pips can be at the end of the hand in play, as its tiles left are
    asked (``referee.record.left_bounds``); empty where there is no such hand."""
    from referee import record as rec

    if state.ended is None:
        return {}
    return rec.left_bounds(state.ended)


def result_bounds(match: dict, state: MatchState) -> dict[str, dict]:
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


def checkpoint_of(state: MatchState) -> dict | None:
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


def _hand_report(d: dict, number: int):
    """A finished hand's report from a checkpoint (``checkpoint_of``); ValueError when it is not
    one."""
    from referee.record import HandReport

    def names(x) -> dict:
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


def from_checkpoint(match: dict, events: list[dict], data: object) -> MatchState | None:
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
    return MatchState(hands=folded.hands, report={}, events=list(events), folded=folded, rep=rep, of=of)
