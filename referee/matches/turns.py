"""The live hand of a match as the table offers it: what it draws of the hand (``hand_view``,
``blind_view``, ``turn_view``, ``offline_plan``), where a tile fits (``places_for``, ``explain``,
``lay_previews``), and a move tried on a copy of the kept hand (``try_play``, ``set_leader``,
``try_end_turn``). Every rule question is asked of the engine's ``Hand``, never decided here;
an engine bug is logged (``replay.engine_failure``) and never becomes a server error.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, overload

from referee.rules.errors import RuleError
from referee.rules.hand import Hand
from referee.rules.notation import Move, in_words_as_written, parse_move
from referee.rules.tiles import tile_str

from .replay import ENGINE_BUGS, Refusal, engine_failure, refusal


@overload
def clone(live: Hand) -> Hand: ...
@overload
def clone(live: None) -> None: ...


def clone(live: Hand | None) -> Hand | None:
    """An independent copy of a live hand (a move is tried on it, never on a kept state)."""
    if live is None:
        return None
    from referee.rules import clone as engine_clone

    return engine_clone(live)


def hand_view(live: Hand | None) -> dict[str, Any] | None:
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
        # whether anyone may still draw from it (not under «no drawing»: the undealt tiles are
        # out of play; not when only the tiles the rules keep back are left)
        "drawable": live.drawable_n > 0,
        # with the deal known every draw names its tile: the plain «Draw» button is not offered
        "deal_known": bool(live.deal_known),
        "on_table": on_table,
        "known": known,
        "layout": layout_view(live),
        "winner": players[live.winner] if live.winner is not None else None,
    }


def layout_view(live: Hand) -> dict[str, Any]:
    """The table as plain data: ``root`` and ``arms`` ({arm number: [pieces from the root
    outward]}), each piece ``{"tile", "a" (half nearer the root), "b", "across", "down",
    "end"}``, and ``ends`` (the numbers each open end shows).

    The engine's own ``Hand.layout_view()``.
    """
    return live.layout_view()


def places_for(live: Hand, tile: int) -> list[str]:
    """Every truly different legal way to lay ``tile`` now, as the engine's tokens (none when it
    cannot be laid: :func:`explain` says why)."""
    try:
        return list(live.places_for(tile))
    except RuleError:  # a refusal is drawn by explain()
        return []
    except ENGINE_BUGS as err:  # nothing here may become a 500
        engine_failure(err)
        return []


def explain(live: Hand, tile: int) -> Refusal | None:
    """Why ``tile`` cannot be laid now, or None when it can."""
    try:
        err = live.explain(tile)
    except RuleError as e:
        return refusal(e)
    except ENGINE_BUGS as e:
        return engine_failure(e)
    return refusal(err) if err is not None else None


def try_play(live: Hand, move: Move, written: str | None = None) -> tuple[bool, Refusal | None]:
    """Play ``move`` on the live hand; (turn still open, None) or (False, refusal). ``written``:
    the move as the player wrote it (a refusal names its tiles that way)."""
    try:
        live.play(move)
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
        err.params = in_words_as_written(err.params, written if written is not None else str(move))
        return False, refusal(err)
    except ENGINE_BUGS as err:
        return False, engine_failure(err)
    return True, None


def set_leader(live: Hand, name: str) -> Refusal | None:
    """Name the leader of a hand whose rules leave it to lot, or whose deal is unknown."""
    try:
        live.set_leader(list(live.players).index(name))
    except RuleError as err:
        return refusal(err)
    except ENGINE_BUGS as err:
        return engine_failure(err)
    return None


def try_end_turn(live: Hand) -> Refusal | None:
    try:
        live.end_turn()
    except RuleError as err:
        return refusal(err)
    except ENGINE_BUGS as err:
        return engine_failure(err)
    return None


def trial(live: Hand, move: Move) -> bool:
    """Whether ``move`` would be accepted now, tried on a copy (the live hand is unchanged)."""
    return _on_copy(live, lambda h: h.play(move)) is not None


def _on_copy(live: Hand, change: Callable[[Hand], object]) -> Hand | None:
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


def blind_view(live: Hand | None) -> dict[str, Any] | None:
    """The blind variants' turn as the table page offers it: the reveal at three
    (``pending_open``, with the row when it is known), and the rightmost tile of a known
    closed row with the places it fits (``places``) or whether it may be missed (``miss``)."""
    if live is None or live.over or live.to_move is None or not live.v.blind:
        return None
    seat = live.to_move
    known = live.known_hand(seat)
    row = [tile_str(t) for t in known] if known is not None else None
    opened = bool(live.opened[seat])
    out: dict[str, Any] = {"pending_open": bool(live.t_pending_open), "row": row,
           "opened": opened, "rightmost": None, "places": [], "miss": False,
           # after «does not fit»: one draw may follow, then a pass (or the pass at once)
           "missed": bool(live.t_missed),
           "laid": bool(live.t_laid),   # after lays: the turn ends with «End the turn», no pass
           "drawn": bool(live.t_draws)}
    if out["pending_open"]:
        return out
    if known and not opened and not live.t_missed and not live.t_draws:
        t = known[-1]
        places = [p for p in places_for(live, t) if trial(live, parse_move(p))]
        miss = not places and trial(live, Move("miss", tile=t))
        if places or miss:
            out.update(rightmost=tile_str(t), places=places, miss=miss)
    return out


# -- the turn as the table page offers it: asked of the engine, never decided here ----

def _copy_closed(live: Hand) -> Hand | None:
    """A copy of the live hand with the open turn closed, or None when it cannot close."""
    return _on_copy(live, lambda h: h.end_turn())


def next_player(live: Hand | None) -> str | None:
    """Who moves once the player to move closes his turn (the engine's own seat order,
    skips and all), or None when the turn cannot be closed now or the hand would end."""
    if live is None or live.over or live.to_move is None:
        return None
    h = _copy_closed(live)
    if h is None or h.over or h.to_move is None:
        return None
    return h.players[h.to_move]


def more_possible(live: Hand) -> bool:
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


def turn_choice(live: Hand | None) -> str | None:
    """The player the open turn passes to when the next tap must say whether the same player lays
    more or the turn passes (a tile laid in the turn, the engine lets him lay again, the turn
    may be closed now): :func:`turn_view`'s ``next``, without the rest of it; else None."""
    if live is None or live.over or live.to_move is None:
        return None
    if not (live.turn_open and live.t_moves and live.t_laid):
        return None
    try:
        # «X lays more» only while the engine lets him lay again (not after a blind row's
        # «does not fit»: then one draw may follow, or the end of the turn)
        lay_again = bool(live.v.multi_lay_now(live, live.to_move))
    except ENGINE_BUGS as err:
        engine_failure(err)
        lay_again = True
    return next_player(live) if lay_again else None


def turn_view(live: Hand | None) -> dict[str, Any]:
    """The open turn: whether a tile was laid in it (then the next tap must say whether the
    same player lays more or the turn passes), the next player, the last move a draw."""
    if live is None or live.over or live.to_move is None:
        return {"laid": False, "choose": False, "next": None, "drew": False,
                "can_draw": False, "can_pass": False, "may_pass": False}
    moves = list(live.t_moves)
    laid = bool(live.t_laid)
    is_open = bool(live.turn_open) and bool(moves)
    nxt = turn_choice(live)
    choose = nxt is not None
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
        can_draw = trial(live, Move("draw", tile=stock[0]) if stock else Move("draw"))
    return {"laid": laid, "choose": choose, "next": nxt,
            "drew": is_open and parse_move(moves[-1]).kind == "draw", "can_draw": can_draw,
            "can_pass": can_pass,
            # a pass tried on a copy (the blind turn's pass after «does not fit» included)
            "may_pass": not choose and trial(live, Move("pass"))}


def offline_plan(live: Hand | None) -> dict[str, Any] | None:
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


def instead(live: Hand) -> list[str]:
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
    kinds = {parse_move(t).kind for t in tokens}
    if "lay" in kinds:
        out.append("lay")
    if "draw" in kinds:
        out.append("draw")
    if "pass" in kinds:
        out.append("pass")
    if live.turn_open and live.t_moves and _copy_closed(live) is not None:
        out.append("end")
    return out


def lay_previews(live: Hand | None, tokens: list[str], leader: str | None = None) -> dict[str, Any]:
    """The places offered, numbered for the page: ``labels`` (each place's name on the drawing
    -> the numbers of the buttons that lay there), ``points`` (token -> the in-play points the
    engine says that lay scores, only in the games where lays score) and ``number`` (token ->
    its button's number, from 1). The hand's first tile, its leader not yet recorded: previewed
    as laid by ``leader`` (the one the tap named), else numbered only."""
    out: dict[str, Any] = {"labels": {}, "points": {}, "number": {}}
    if live is None or not tokens:
        return out
    if live.to_move is None:
        said = clone(live)
        if said is None or leader is None or leader not in list(live.players) \
                or set_leader(said, leader) is not None or said.to_move is None:
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

