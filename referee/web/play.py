"""Refereeing a match: the table (move by move), hand results, the scoreboard, export.

Every POST carries the CSRF token and ``n``, the number of events the page was
drawn from. The match's state is the engine's replay of the stored log, kept in the
worker between requests (``states``); a move is checked on a copy of its live hand,
the state with the move goes on from that copy (a refused result stores nothing), and
the write transaction only checks that the count of events is unchanged and appends.
Nothing here knows a rule.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from markupsafe import Markup, escape
from werkzeug.datastructures import MultiDict

from referee.matches.log import (fold, hand_number, laid_tiles, last_undoable, log_of, redoable,
                                 to_record)
from referee.rules import catalogue
from referee.rules.hand import Hand
from referee.rules.move_words import move_words
from referee.matches import replay, turns
from referee.matches.fold import Event
from referee.matches.service import Change
from referee.rules.errors import MoveSyntaxError
from referee.rules.notation import Move, parse_move
from referee.rules.tiles import parse_tile, tile_str

from . import boards, entries, forms, get_db, life, service, store, write
from .i18n import lang
from .matches import remember
from .places import describe
from .tiles import ALL_STR, picker_rows
from .urls import public_url, reach_problem

bp = Blueprint("play", __name__, url_prefix="/m/<key>")
bp.app_template_global("scoreboard_chart")(boards.scoreboard_chart)


def _table(m: dict[str, Any], problem: str | None = None, status: int = 200, refusal: replay.Refusal | None = None,
           places: list[str] | None = None, tile: str | None = None, miss: str | None = None,
           note: str | None = None, confirm: dict[str, Any] | None = None) -> ResponseReturnValue:
    evs, state = write.load(m)
    in_force = replay.in_force(state)  # read once for the list back and the redo (kept on the state)
    ph = replay.phase(state)
    hv = turns.hand_view(state.live) if ph == "play" else None
    tv = turns.turn_view(state.live) if ph == "play" else None
    # «X lays more» said for this very state (the page's own event count): the picker is open
    more = (request.form.get("more") == "1" and request.form.get("n") == str(len(evs))) or \
        request.args.get("more") == str(len(evs))
    # (None where the hand's rules are not blind: its variant says, as the match's would)
    blind = turns.blind_view(state.live) if ph == "play" else None
    if ph == "left" and state.ended is not None:
        hv = turns.hand_view(state.ended)
    offered = list(places or []) or (list(blind["places"]) if blind and blind.get("rightmost") else [])
    preview = turns.lay_previews(state.live if ph == "play" else None, offered, request.form.get("leader"))
    return render_template(
        "play/table.html", m=m, n=len(evs), state=state, phase=ph, hv=hv, problem=problem,
        refusal=refusal, places=places or [], tile=tile, form=forms.action_form(),
        # while a hand is played only the totals are read (beside the names): not every hand's row
        edit=True,
        score=boards.score_of(m, state.report) if ph in ("next", "over") else boards.totals_of(state.report),
        # greyed out on the tiles-left picker: what lies on the table at the end (a tile laid
        # and cut back into a hand, as in the sausage, may be left)
        laid=hv["on_table"] if ph == "left" and hv else laid_tiles(state.last) if state.last else [],
        asked=entries.left_needed(state) if ph == "left" else [],
        bounds=replay.left_bounds(state) if ph == "left" else {},
        by_tiles=ph == "left" and replay.left_by_tiles(state),
        back=moves_back(evs, in_force[0]) if ph in ("play", "left") else [],
        can_end_turn=ph == "play" and state.live is not None and state.live.can_end_turn(),
        spec=catalogue.spec(m["variant"]), blind=blind, miss=miss,
        leader=request.form.get("leader") if (places or miss) else None,
        # the leader the table named for a tap that was refused or asked where: kept, never guessed
        said_leader=request.form.get("leader") if problem or places or miss else None,
        tv=tv, more=more, note=note, confirm=confirm, redo=_redo_words(evs, in_force[1]), fragment=write.fetched(),
        groups=(groups := _groups(hv, tv, state.live if ph == "play" else None)) if blind is None else [],
        plan=turns.offline_plan(state.live) if ph == "play" and not (places or miss) else None,
        needs_starter=ph == "play" and _needs_starter(m, state),
        preview=preview, place_marks=preview["labels"] or _split_marks(groups if blind is None else []),
        summary=replay.hand_summary(state, m["players"]) if ph in ("next", "over") else None,
        next_lead=replay.next_lead(m, state) if ph == "next" else {},
        unlaid=unlaid(evs, in_force[0]) if ph == "play" else None,
    ), status


@bp.app_template_global("back_items")
def back_items(back: list[dict[str, Any]], undo_to: str, csrf: Any, n: int) -> Markup:
    """The items of ``play/_back.html``'s list back, as its loop drew them: each move of ``back``
    (``moves_back``) a form posting to ``undo_to`` with the CSRF field ``csrf`` and the count ``n``,
    its button saying the move. One call for the list: a hand's moves are a table's longest loop."""
    from .i18n import request_translations

    word = request_translations().ugettext("back to before move %(k)d")
    head = f'\n    <li><form method="post" action="{escape(undo_to)}">{escape(csrf)}<input type="hidden" name="n" value="{escape(n)}">'
    return Markup("".join([
        f'{head}<input type="hidden" name="seq" value="{escape(b["seq"])}">\n      <button type="submit" class="back-move"'
        f' data-label="{_back_label(word, b["number"])}"><span class="back-no">{escape(b["number"])}</span>'
        f' {escape(b["words"])}</button></form></li>\n  '
        for b in back]))


@bp.app_template_global("seat_items")
def seat_items(hv: dict[str, Any], totals: dict[str, int] | None) -> Markup:
    """The seats of ``play/_hand.html``, as its loop drew them: each player of the hand view
    ``hv`` (``turns.hand_view``) by name, the one to move marked, his total from ``totals`` (the
    page's score; none without it), his tiles in hand in words, his points in play."""
    from .i18n import request_translations

    tr = request_translations()
    # (the words said outside the f-strings: the catalogue's extraction reads calls, not f-strings)
    said_total = Markup(tr.ugettext("Total")) % {}
    said_count = Markup(tr.ugettext("tiles in hand")) % {}
    total = f' <b class="total" title="{said_total}">' if totals is not None else ""
    count = f' <span class="count" title="{said_count}">'
    out = []
    for p in hv["players"]:
        n = hv["counts"][p]
        tiles = Markup(tr.ungettext("%(num)d tile", "%(num)d tiles", n)) % {"num": n}
        out.append(f'\n    <li class="seat{" current" if p == hv.get("to_move") else ""}"><b class="name">{escape(p)}</b>')
        if totals is not None:
            out.append(f'{total}{escape(totals.get(p, 0))}</b>')
        out.append(f'{count}{tiles}</span>')
        if hv["scores"][p]:
            out.append(f' <span class="inplay">+{escape(hv["scores"][p])}</span>')
        out.append("</li>\n    ")
    return Markup("".join(out))


@lru_cache(maxsize=1024)
def _back_label(word: str, number: int) -> Markup:
    """«back to before move k» as the template's ``_()`` made it (the catalogue's ``word``, marked
    safe, formatted with ``k``), kept by word and number."""
    return Markup(word) % {"k": number}


def _redo_words(evs: Sequence[dict[str, Any]], undone: list[Event] | None = None) -> str | None:
    """The change a redo puts back, in words (``undone``: the log's changes undone, as
    ``log.undo_replayed`` read them, when the caller has read them)."""
    back = redoable(evs) if undone is None else (undone[-1] if undone else None)
    return describe_event([*evs, {"kind": "redo", "data": {}}], back) if back else None


def _split(live: Hand | None, hv: dict[str, Any], tiles: list[str]) -> dict[str, list[dict[str, Any]]]:
    """The player's own tiles that fit more than one place, each place a button of its own
    (one tap lays it there, no second question): tile -> [{token, label, points}], ``label``
    the number of the open end on the drawing. Only plain places, each at an end of its own;
    a tile with a crosswise, closing or cutting choice keeps the choice in words."""
    if live is None:
        return {}
    ends = [e.get("target") for e in (hv.get("layout") or {}).get("ends") or []]
    scores = live.lays_score
    out: dict[str, list[dict[str, Any]]] = {}
    for t in tiles:
        places = turns.places_for(live, parse_tile(t))
        if len(places) < 2 or any(describe(p, places)["kind"] != "attach" for p in places):
            continue
        buttons = []
        for p in places:
            pv = turns.lay_previews(live, [p])
            targets = [tg for tg, _nums in pv["labels"].items()]
            if len(targets) != 1 or targets[0] not in ends:
                break
            buttons.append({"token": p, "target": targets[0], "label": str(ends.index(targets[0]) + 1),
                            "points": pv["points"].get(p) if scores else None})
        else:
            if len({b["label"] for b in buttons}) == len(buttons):
                out[t] = buttons
    return out


def _split_marks(groups: list[dict[str, Any]]) -> dict[str, list[str]]:
    """The open ends that the split buttons name, marked so on the drawing."""
    marks: dict[str, list[str]] = {}
    for g in groups:
        for buttons in (g.get("split") or {}).values():
            for b in buttons:
                marks[b["target"]] = [b["label"]]
    return marks


def _groups(hv: dict[str, Any] | None, tv: dict[str, Any] | None, live: Hand | None = None) -> list[dict[str, Any]]:
    """With the deal known, the picker's tiles in groups: the player's own first (a tile that
    fits several places as one button a place), then the bazaar's when he may draw, then the
    others (folded). Empty: the plain 28-tile picker."""
    if not hv or not hv.get("deal_known") or not hv.get("to_move"):
        return []
    order = [t for row in picker_rows() for t in row]
    own = set(hv["known"].get(hv["to_move"]) or [])
    held = {t for tiles in hv["known"].values() for t in (tiles or [])}
    bazaar = [t for t in order if t not in held and t not in hv["on_table"]]
    mine = [t for t in order if t in own]
    out = [{"kind": "own", "label": _("Tiles of %(name)s", name=hv["to_move"]),
            "tiles": mine, "split": _split(live, hv, mine)}]
    shown = set(own)
    if tv and tv.get("can_draw") and bazaar:
        out.append({"kind": "bazaar", "label": _("The bazaar: a tap draws the tile"), "tiles": bazaar})
        shown |= set(bazaar)
    rest = [t for t in order if t not in shown]
    if rest:
        out.append({"kind": "others", "label": _("Other tiles"), "tiles": rest})
    assert len(ALL_STR) == 28
    return out


def _guard(m: dict[str, Any], action: Callable[[write.Writing], None]) -> ResponseReturnValue:
    """Run a change from the table: ``action(w)`` given the form sent (``write.sent``: checked,
    the log and its kept state, refused when another phone moved first) checks the change and
    makes it (``w.apply``) or raises ``write.Refused``; a refusal redraws the table with the
    message, nothing stored, and the table is drawn after the change with what it said."""
    said: list[str] = []
    try:
        action(write.sent(m, said))
    except write.Recorded:
        return _table(m, note=_("This move had been recorded already: it was recorded once."))
    except write.Refused as r:
        return _table(m, problem=r.message, status=r.status, refusal=r.refusal, places=r.places,
                      tile=r.tile, miss=r.miss)
    return _made(m, said)


def _made(m: dict[str, Any], said: list[str]) -> ResponseReturnValue:
    """The table after a change: in place for app.js, else a redirect to it with what the change
    said."""
    note = " ".join(said) if said else None
    if write.fetched():
        return _table(m, note=note)
    if note:
        flash(note, "note")
    return redirect(url_for("play.table", key=m["edit_key"]))


def _write(key: str, action: Callable[[write.Writing], None]) -> ResponseReturnValue:
    """A view that changes the match from its table (:func:`_guard`), the match behind the edit
    link."""
    return _guard(write.edit_match(key), action)


@bp.get("")
def table(key: str) -> ResponseReturnValue:
    """The table: the layout, whose turn, the tile picker and the moves."""

    m = write.edit_match(key)
    remember(m)  # whoever opens the edit link finds the match in his list
    return _table(m)


@bp.post("/hand")
def start_hand(key: str) -> ResponseReturnValue:
    """Start the next hand, move by move (optionally with the deal entered)."""
    m = write.edit_match(key)

    def action(w: write.Writing) -> None:
        state = w.state
        if replay.phase(state) not in ("next",):
            raise write.Refused(_("Finish the hand in play first."))
        data: dict[str, Any] = {}
        deal = _deal_from_form(m)
        if deal:
            data["deal"] = deal
        elif request.form.get("from") == "deal" and request.form.get("nodeal") != "1":
            # «Start the hand» on the deal page with no tile marked: asked, never assumed
            raise NoDeal(_("No tile is marked. Start the hand without the deal (the referee then "
                           "cannot check must-play)?"), status=200)
        for key in ("starter", "removed"):
            raw = (request.form.get(key) or "").strip()
            if raw:
                tiles = entries.read_tiles(raw)
                if len(tiles) != 1:
                    raise write.Refused(_("Enter one tile (write 3:5)."))
                data[key] = tiles[0]
        vc = replay.variant_class(m["variant"])
        if vc is not None and vc.starter_from_bazaar and "starter" not in data:
            # the hand is played from a tile turned up from the bazaar: without it no tile can be
            # laid, so the hand does not start without it
            raise write.Refused(_("Tap the starting tile turned up from the bazaar, then start the hand."))
        lead = request.form.get("lead", "")
        if lead:
            if lead not in m["players"]:
                raise write.Refused(_("Choose a player from the list."))
            data["lead"] = lead
        w.apply(Change("hand", data), then=_forced_opening if deal else None)

    if request.form.get("from") != "deal":
        return _guard(m, action)
    # from the deal page: a refusal draws that page again with every tile still marked
    said: list[str] = []
    try:
        action(write.sent(m, said))
    except write.Recorded:
        pass
    except write.Refused as r:
        return _deal_page(m, problem=r.message, status=r.status, refusal=r.refusal,
                          ask_nodeal=isinstance(r, NoDeal))
    return _made(m, said)


def _forced_opening(started: replay.MatchState) -> tuple[Change, str] | None:
    """With the deal known, the first lay of a hand that the rules leave no choice about (the
    opener's tile, as the highest double in traditional) is recorded with the start, in the same
    transaction (``write.apply``'s ``then``: both or neither): the referee knows it, the player lays
    it; it is undone like any move. Not in the blind variants (the turned-up tile is said at the
    table). ``started``: the state with the hand's start; returns the move's event and what to
    say on the table, or None."""
    live = started.live
    if live is None or live.to_move is None or live.v.blind or not live.deal_known or live.on_table:
        return None
    seat = live.to_move
    live = turns.clone(live)  # the kept state is never changed
    tokens = live.legal_tokens()
    if len(tokens) != 1 or parse_move(tokens[0]).kind != "lay":
        return None
    token, player = tokens[0], live.players[seat]
    move = parse_move(token)
    still_open, refusal = turns.try_play(live, move, token)
    if refusal is not None:
        return None
    return (Change("move", {"player": player, "token": token, "open": still_open}),
            _("By the rules the first move is %(tile)s (%(name)s): recorded.", name=player,
              tile=tile_str(move.tile)))


class NoDeal(write.Refused):
    """The deal page sent with no tile marked: the hand starts without the deal only once the
    table says so (``nodeal``)."""


def _deal_page(m: dict[str, Any], problem: str | None = None, status: int = 200, refusal: replay.Refusal | None = None,
               ask_nodeal: bool = False) -> ResponseReturnValue:
    evs = store.events(get_db(), m["id"])
    spec = catalogue.spec(m["variant"])
    try:
        size = spec.deal(len(m["players"]), m["options"])
    except Exception:  # a deal size the catalogue does not fix: no counter's target
        size = None
    # the tiles marked, as the picker names them (low half first); a blind row as typed
    marked = {f"deal_{i}": [entries.low(t) for v in request.form.getlist(f"deal_{i}") for t in v.split()]
              for i in range(len(m["players"]))} if request.method == "POST" else {}
    return render_template("play/deal.html", m=m, n=len(evs), form=forms.action_form(), size=size,
                           problem=problem, refusal=refusal, marked=marked, values=request.form,
                           fragment=write.fetched(), ask_nodeal=ask_nodeal), status


def _deal_from_form(m: dict[str, Any]) -> dict[str, Any] | None:
    deal = {}
    for i, name in enumerate(m["players"]):
        # the picker sends one value per tile; the text field (blind rows, in order) one string
        raw = " ".join(v for v in request.form.getlist(f"deal_{i}") if v).strip()
        if not raw:
            continue
        tiles = entries.read_tiles(raw)
        deal[name] = tiles
    if deal and len(deal) != len(m["players"]):
        raise write.Refused(_("Enter every player's tiles, or none."))
    return deal or None


@bp.get("/deal")
def deal(key: str) -> ResponseReturnValue:
    """Enter the deal (and who leads) before the hand starts, for full checking."""
    return _deal_page(write.edit_match(key))


@bp.post("/move")
def move(key: str) -> ResponseReturnValue:
    """One tap: lay a tile (or choose where), draw, pass, or a typed move."""

    def action(w: write.Writing) -> None:
        state = w.state
        if state.live is None or replay.phase(state) != "play":
            raise write.Refused(_("No hand is being played now."))
        live = turns.clone(state.live)  # the kept state is never changed
        if live.to_move is None:
            leader = request.form.get("leader", "")
            if leader not in live.players:
                raise write.Refused(_("Choose who leads first."))
            refusal = turns.set_leader(live, leader)
            if refusal is not None:
                raise write.Refused(refusal.message(lang()), status=422, refusal=refusal)
        seat = live.to_move
        player = live.players[seat] if seat is not None else None
        if player is None:
            raise write.Refused(_("No hand is being played now."))
        said = request.form.get("turn", "")
        if said and said != player:
            # the page was drawn for another player's turn: never book it to this one
            raise write.Refused(_("This tap was made for the turn of %(said)s, but %(name)s is to move "
                            "now: nothing was recorded.", said=said, name=player), status=409)
        # whether the open turn must first be said to go on or pass (not the whole turn's view)
        nxt = turns.turn_choice(live)
        if "pass" in request.form:
            move, token = Move("pass"), "pass"
        else:
            if nxt is not None and request.form.get("more") != "1":
                raise write.Refused(_("%(name)s has laid a tile and the turn is still open: tap «%(more)s» "
                                "or «%(next)s» first.", name=player,
                                more=_("%(name)s lays more", name=player),
                                next=_("Turn: %(name)s", name=nxt)), status=409)
            move, token = _move_from_form(live)
        if move.kind == "draw" and move.tile < 0 and live.v.draw_tile_scores:
            # a draw unseen would be booked as lucky whatever tile was laid after it
            raise write.Refused(_("Here the points depend on the tile drawn (+10 when it is laid at once "
                            "and scores, −5 otherwise): tap «%(mode)s», then the tile drawn.",
                            mode=_("records drawing it")), status=422)
        still_open, refusal = turns.try_play(live, move, token)
        if refusal is not None:
            message = refusal.message(lang())
            if move.kind == "pass":
                message += " " + _instead(live, nxt)
            raise write.Refused(message, status=422, refusal=refusal, places=refusal.places)
        # the copy the move was checked on: the replay goes on from it (``MatchService.apply``)
        w.apply(Change("move", {"player": player, "token": token, "open": still_open}),
                played=replay.Played(state, live))

    return _write(key, action)


def _move_from_form(live: Hand) -> tuple[Move, str]:
    """The move the table's form asks for, read once into the engine's :class:`Move`, and the
    token the log records: a typed move as typed, a tapped one as the engine writes it."""
    f = request.form
    if "pass" in f:
        return Move("pass"), "pass"
    if "open" in f:
        opened = tuple(entries.tile_of(t) for t in f.getlist("open_tile") if t)
        if len(opened) != 3 or len(set(opened)) != 3:
            raise write.Refused(_("Choose the three tiles turned up."))
        return _written(Move("open", tiles=opened))
    if "draw" in f:
        tile = f.get("tile", "")
        return _written(Move("draw", tile=entries.tile_of(tile)) if tile else Move("draw"))
    if f.get("token") and not f.get("tile"):
        token = " ".join(f["token"].split())
        if len(token) > entries.TOKEN_MAX or any(ord(c) < 32 for c in token):
            raise write.Refused(_("That move cannot be read."))
        try:
            return parse_move(token), token
        except MoveSyntaxError as err:
            refusal = replay.refusal(err)
            raise write.Refused(refusal.message(lang()), status=422, refusal=refusal) from None
    t = entries.tile_of(f.get("tile", ""))
    tile = tile_str(t)
    if f.get("mode") == "draw":
        return _written(Move("draw", tile=t))
    if f.get("mode") == "miss":
        return _written(Move("miss", tile=t))
    places = turns.places_for(live, t)
    if len(places) == 1:
        return parse_move(places[0]), places[0]
    if not places and live.deal_known and turns.trial(live, Move("draw", tile=t)):
        # with the deal known a tile of the bazaar can only be drawn: one tap a draw
        return _written(Move("draw", tile=t))
    if not places:
        why = turns.explain(live, t)
        if m_blind(live) and turns.trial(live, Move("miss", tile=t)):
            # the tile turned up fits nowhere: offer to send it back (miss)
            raise write.Refused(_("%(tile)s fits nowhere: it goes back to the left end of the row.",
                            tile=tile), status=200, refusal=why, tile=tile, miss=tile)
        if why is None:
            raise write.Refused(_("%(tile)s cannot be laid now.", tile=tile), status=422, tile=tile)
        raise write.Refused(why.message(lang()), status=422, refusal=why, tile=tile)
    raise write.Refused(_("%(tile)s fits in more than one place: choose where.", tile=tile), status=200,
                  places=places, tile=tile)


def _written(move: Move) -> tuple[Move, str]:
    """A tapped move and its token as the engine writes it."""
    return move, str(move)


def _instead(live: Hand, nxt: str | None) -> str:
    """What the player may do instead of a refused pass, in words (asked of the engine; ``nxt``:
    who the open turn passes to, :func:`turns.turn_choice`)."""
    words = {"lay": _("lay a tile that fits"),
             "draw": _("draw from the bazaar (tap the tile drawn)") if live.deal_known
             else _("draw from the bazaar (tap «records drawing it», then the tile)"),
             "end": _("end the turn («%(next)s»)", next=_("Turn: %(name)s", name=nxt))
             if nxt else _("end the turn"),
             "pass": _("pass")}
    kinds = [k for k in turns.instead(live) if k != "pass"]
    if not kinds:
        return ""
    return str(_("Instead: %(what)s.", what=_(" or ").join(words[k] for k in kinds)))


def m_blind(live: Hand) -> bool:
    """Whether the hand is of a blind variant (rows turned up one by one)."""
    return live.v.blind


def _needs_starter(m: dict[str, Any], state: replay.MatchState) -> bool:
    """A hand in play of a variant played from a tile turned up from the bazaar, started without
    that tile and with no move yet (an imported record, or a match from before the start form
    asked for it): no tile can be laid until it is entered."""
    vc = replay.variant_class(m["variant"])
    last = state.last
    return bool(vc is not None and vc.starter_from_bazaar and last is not None and not last.by_result
                and not last.turns and not last.meta.get("starter"))


@bp.post("/starter")
def starter(key: str) -> ResponseReturnValue:
    """The starting tile of a hand started without it (``_needs_starter``), tapped on the table:
    recorded as the hand's start made again with the tile (an undo of the start and the start
    with the tile, in one transaction: both or neither)."""

    def action(w: write.Writing) -> None:
        m, state, last = w.m, w.state, w.state.last
        if last is None or replay.phase(state) != "play" or not _needs_starter(m, state):
            raise write.Refused(_("The starting tile is entered before the first move of a hand."))
        tile = request.form.get("starter", "")
        if not tile:
            raise write.Refused(_("Tap the starting tile turned up from the bazaar."))
        entries.tile_of(tile)  # refused unless it names a tile
        data = last.start()
        data["starter"] = tile
        undone = service().after(m, state, "undo", {})
        again = service().after(m, undone, "hand", data)
        if again.error is not None and again.error.rule != "left.missing":
            raise write.Refused(again.error.message(lang()), status=422, refusal=again.error)
        words = _("Starting tile: %(tile)s.", tile=tile)
        w.apply(Change("undo", {}), checked=undone, then=lambda new: (Change("hand", data), words))

    return _write(key, action)


@bp.post("/end-turn")
def end_turn(key: str) -> ResponseReturnValue:
    """Close a turn in the variants where a turn may lay several tiles."""

    def action(w: write.Writing) -> None:
        state = w.state
        if state.live is None or not state.last or state.last.open_turn is None:
            raise write.Refused(_("There is no turn to end."))
        live = turns.clone(state.live)
        refusal = turns.try_end_turn(live)
        if refusal is not None:
            raise write.Refused(refusal.message(lang()), status=422, refusal=refusal)
        w.apply(Change("end_turn", {}), played=replay.Played(state, live))

    return _write(key, action)


def describe_event(evs: Sequence[dict[str, Any]], e: dict[str, Any]) -> str:
    """A change in words, for «Undone: …» and «Redo: …»."""
    kind, data = e["kind"], e.get("data") or {}
    if kind == "move":
        return _move_said(data, lang())
    if kind == "end_turn":
        return str(_("the end of a turn"))
    if kind == "hand":
        return str(_("the start of hand %(num)d", num=hand_number(evs, e)))
    if kind == "result":
        return str(_("hand %(num)d entered by its result", num=hand_number(evs, e)))
    if kind == "left":
        return str(_("the tiles left in hand %(num)d", num=hand_number(evs, e)))
    if kind == "correct":
        return str(_("the correction of hand %(num)s", num=data.get("hand", "?")))
    return str(kind)


class Confirm(Exception):
    """An undo that removes a whole hand or changes a finished one: asked first, naming what
    changes (``question``: :func:`life.undo_question` with ``what`` and ``seq``)."""

    def __init__(self, question: dict[str, Any]):
        super().__init__(question["what"])
        self.question = question


def _back_or_forth(key: str, kind: str, target_of: Callable[[Sequence[Event]], Event | None], nothing: str,
                   words: Callable[[Sequence[Event], Event], str], said: str,
                   ask: Callable[[dict[str, Any], replay.MatchState, Event, str], replay.MatchState] | None = None
                   ) -> ResponseReturnValue:
    """The undo and the redo: one change recorded as an event (``kind``; nothing is deleted).
    ``target_of(evs)`` is the change it takes back or puts back (None: ``nothing`` is said);
    ``words(evs, target)`` names it, and ``said`` (``%(what)s``) is said once it is made. ``ask``
    (the undo's): ``ask(m, state, target, what)`` gives the replay with the event (made once,
    for the question and the append) or raises :class:`Confirm` when the change is asked first."""

    def action(w: write.Writing) -> None:
        target = target_of(w.evs)
        if target is None:
            raise write.Refused(nothing)
        what = words(w.evs, target)
        checked = ask(w.m, w.state, target, what) if ask is not None else None
        w.apply(Change(kind, {}), checked=checked)
        w.said.append(said % {"what": what})

    try:
        return _write(key, action)
    except Confirm as c:
        return _table(write.edit_match(key), confirm=c.question)


def _undo_asks(m: dict[str, Any], state: replay.MatchState, target: dict[str, Any], what: str) -> replay.MatchState:
    """The undo's replay; an undo that removes a whole hand or changes a finished one asks
    first (:func:`life.undo_question`) unless the form's ``confirm`` names this very change."""

    after = service().after(m, state, "undo", {})
    question = life.undo_question(m, target, state, after)
    if question is not None and request.form.get("confirm") != str(target["seq"]):
        raise Confirm(dict(question, what=what, seq=target["seq"]))
    return after


@bp.post("/undo")
def undo(key: str) -> ResponseReturnValue:
    """Undo the latest change (recorded as an event; nothing is deleted). An undo that removes
    a whole hand (its start, a hand entered by its result) or changes a finished hand (its
    tiles left, its result, a correction, the move that ended it) is asked first, naming the
    totals that change and whether the match winner changes; «yes» names the change it
    confirms (another phone's change in between refuses it)."""
    return _back_or_forth(key, "undo", last_undoable, _("There is nothing to undo."), describe_event,
                          _("Undone: %(what)s."), ask=_undo_asks)


def _move_said(data: dict[str, Any], language: str) -> str:
    """A move's event ``data`` in words: its player and the move's short form, from the one
    formatter of move text."""
    return f"{data.get('player', '')}: {_move_short(str(data.get('token', '')), language)}"


@lru_cache(maxsize=4096)
def _move_short(token: str, language: str) -> str:
    """A move's short form in words (``move_words``, a pure function of the two), kept: the list
    back says every move of the hand on every table drawn."""
    return move_words(token, language).short


def moves_back(evs: Sequence[dict[str, Any]], kept: Sequence[Event] | None = None) -> list[dict[str, Any]]:
    """The moves of the hand in play (or ended, its tiles left still to say), latest first, each
    a point to go back to: ``number`` (its place in the hand), ``words``, ``seq`` (the event),
    ``undos`` (the changes in force from it on, which «back to before it» undoes). ``kept``: the
    events in force (``log.effective``), when the caller has read them."""
    from referee.matches.events import STARTS_HAND, UNDOABLE
    from referee.matches.log import effective

    if kept is None:
        kept = effective(evs)
    # the last hand's start, looked for from the end
    start = next((i for i in range(len(kept) - 1, -1, -1) if kept[i]["kind"] in STARTS_HAND), None)
    if start is None or kept[start]["kind"] != "hand":
        return []
    after = kept[start + 1:]
    if any(e["kind"] not in ("move", "end_turn") for e in after):
        return []       # the hand is finished (its tiles left, a result): the undo asks first
    # latest first in one pass from the end: the changes in force from each move on counted as
    # they are passed, the move's number its place among the hand's moves
    language = lang() if after else ""
    moves = sum(1 for e in after if e["kind"] == "move")
    out: list[dict[str, Any]] = []
    undos = 0
    for e in reversed(after):
        kind = e["kind"]
        if kind in UNDOABLE:
            undos += 1
        if kind == "move":
            out.append({"number": moves - len(out), "words": _move_said(e.get("data") or {}, language),
                        "seq": e["seq"], "undos": undos})
    return out


@bp.post("/undo-to")
def undo_to(key: str) -> ResponseReturnValue:
    """Back to before a move of the hand in play, chosen from its list (``seq``): the changes
    after it undone one by one (``undo`` events, stored together; a redo puts them back one at
    a time), then the table goes on from there."""

    def action(w: write.Writing) -> None:
        chosen = next((b for b in moves_back(w.evs) if str(b["seq"]) == request.form.get("seq", "")), None)
        if chosen is None:
            raise write.Refused(_("That move is no longer on the table: nothing was undone."))
        w.apply([Change("undo", {})] * chosen["undos"])  # the limit of changes is asked first
        w.said.append(_("Back to before move %(k)d (%(what)s): %(n)d changes undone; a redo puts "
                        "them back one at a time.", k=chosen["number"], what=chosen["words"],
                        n=chosen["undos"]))

    return _write(key, action)


@bp.post("/redo")
def redo(key: str) -> ResponseReturnValue:
    """Put back the change the latest undo cancelled (a ``redo`` event)."""
    return _back_or_forth(key, "redo", redoable, _("There is nothing to redo."),
                          lambda evs, back: describe_event([*evs, {"kind": "redo", "data": {}}], back),
                          _("Redone: %(what)s."))


@bp.post("/left")
def left(key: str) -> ResponseReturnValue:
    """The tiles (or pips) each player still holds when the hand ends."""

    def action(w: write.Writing) -> None:
        if replay.phase(w.state) != "left":
            raise write.Refused(_("No hand is waiting for the tiles left."))
        left = entries.left_from_form(w.m, request.form, only=entries.left_needed(w.state))
        w.apply(Change("left", {"left": left}))

    return _write(key, action)


@bp.route("/result", methods=["GET", "POST"])
def result(key: str) -> ResponseReturnValue:
    """Enter a hand by its result only, on one screen: who went out (or a fish), each other
    player's pips on the number pad (or his tiles on the picker), the hand's points and the new
    totals as the engine scores them while the numbers go in (``/result/preview``), and
    «Record», which writes the hand and opens the next one. A refusal draws the page again with
    the reason and everything typed kept; without JavaScript it is a plain form."""
    m = write.edit_match(key)
    if request.method != "POST":
        return _result_page(m)
    try:
        w = write.sent(m, table=False)
        number = len(w.state.hands) + 1
        asked, undos = _asked(m, w.evs, w.state)
        if replay.phase(asked) != "next":
            raise write.Refused(_("Finish the hand in play first."))
        data = {"result": _result_of(m, request.form)}
        new = service().after(m, asked, "result", data)
        if new.error is not None and new.error.rule == "left.missing":
            # a result is whole: a hand entered by it never waits for tiles left
            names = ", ".join(entries.left_needed(new))
            if replay.rules_of(m).left_by_tiles("out" if data["result"].get("out") else "block"):
                raise write.Refused(_("Tap the tiles %(names)s still hold.", names=names), status=422)
            raise write.Refused(_("Enter what %(names)s still hold: the pips or the tiles.", names=names), status=422)
        w.apply([Change("undo", {})] * undos + [Change("result", data)], checked=new)
        note = _("Hand %(num)d is recorded.", num=number)
        if undos:
            note += " " + _("Its start move by move was discarded (an undo, kept in the match's log).")
    except write.Recorded:
        note = _("This move had been recorded already: it was recorded once.")
    except write.Refused as r:
        return _result_page(m, problem=r.message, status=r.status, values=request.form)
    if write.fetched():
        return _result_page(m, note=note)
    flash(note, "note")
    _evs, now = write.load(m)
    if replay.phase(now) == "over":
        return redirect(url_for("play.score", key=m["edit_key"]))
    return redirect(url_for("play.result", key=m["edit_key"]))


@bp.post("/result/preview")
def result_preview(key: str) -> ResponseReturnValue:
    """The hand's points and the new totals for the result form as it stands, scored by the
    engine (the same replay that records it), nothing stored: a fragment the result page puts
    in place while the numbers go in."""
    m = write.edit_match(key)
    if not forms.ActionForm().validate_on_submit():
        abort(400)
    evs, state = write.load(m)
    state, _undos = _asked(m, evs, state)
    return render_template("play/_result_preview.html", m=m, preview=_preview(m, state, request.form),
                           fragment=True)


def unlaid(evs: Sequence[Event], kept: Sequence[Event] | None = None) -> int | None:
    """A hand started move by move with no tile laid yet (its start, and any draws or passes
    since): the number of undos that take it back, so that it can be entered by its result
    instead; None when no hand is in play or a tile is laid (then it is finished, or undone).
    ``kept``: the events in force (``log.effective``), when the caller has read them."""
    from referee.matches.events import STARTS_HAND, UNDOABLE
    from referee.matches.log import effective

    if kept is None:
        kept = effective(evs)
    # the last hand's start, looked for from the end
    start = next((i for i in range(len(kept) - 1, -1, -1) if kept[i]["kind"] in STARTS_HAND), None)
    if start is None or kept[start]["kind"] != "hand":
        return None
    for e in kept[start + 1:]:
        if e["kind"] == "move":
            try:
                if parse_move(str((e.get("data") or {}).get("token", ""))).kind not in ("draw", "pass"):
                    return None
            except MoveSyntaxError:
                return None
        elif e["kind"] != "end_turn":
            return None
    return sum(1 for e in kept[start:] if e["kind"] in UNDOABLE)


def _asked(m: dict[str, Any], evs: Sequence[Event], state: replay.MatchState) -> tuple[replay.MatchState, int]:
    """The state a hand's result is entered on: ``state``, or, while a hand started move by
    move has no tile laid (:func:`unlaid`), ``state`` with that start taken back (not stored);
    and the number of undos that takes (0: none)."""
    undos = (unlaid(evs) or 0) if replay.phase(state) == "play" else 0
    for _i in range(undos):
        state = service().after(m, state, "undo", {})
    return state, undos


def _result_page(m: dict[str, Any], problem: str | None = None, status: int = 200, values: entries.Form | None = None,
                 note: str | None = None) -> ResponseReturnValue:
    evs, state = write.load(m)
    state, discards = _asked(m, evs, state)
    ph = replay.phase(state)
    values = values if values is not None else MultiDict()
    asking = ph == "next"
    return render_template(
        "play/result.html", m=m, n=len(evs), spec=catalogue.spec(m["variant"]),
        rules=replay.rules_of(m), form=forms.action_form(), problem=problem, values=values,
        in_play=entries.result_asks_scored(m), phase=ph, number=len(state.hands) + 1, note=note, discards=discards,
        bounds=replay.result_bounds(m, state) if asking else {},
        lead=replay.next_lead(m, state) if asking else {},
        asks=_asks(m, state) if asking else {},
        preview=_preview(m, state, values), fragment=write.fetched()), status


def _asks(m: dict[str, Any], state: replay.MatchState) -> dict[str, list[str]]:
    """For each way the hand can end (a player out, or ``entries.BLOCK``), the players whose pips the
    engine then asks for (with pairs, the partner of the player out is not asked): the result
    page moves the number pad only through them."""
    out: dict[str, list[str]] = {}
    for choice in list(m["players"]) + [entries.BLOCK]:
        who = None if choice == entries.BLOCK else choice
        new = service().after(m, state, "result", {"result": {"out": who, "left": {}}})
        if new.error is not None and new.error.rule == "left.missing":
            out[choice] = entries.left_needed(new)
        elif new.error is None:
            out[choice] = []
        else:
            out[choice] = [p for p in m["players"] if p != who]
    return out


def _preview(m: dict[str, Any], state: replay.MatchState, values: entries.Form) -> dict[str, Any]:
    """What the result form as it stands makes of the match, asked of the engine (the replay
    with the result, not stored): ``score`` (the scoreboard after it, or as it is while the form
    says nothing yet), ``row`` (this hand's line of it), ``waiting`` (the players whose pips are
    still to come) or ``problem`` (why it cannot be, in words)."""
    out: dict[str, Any] = {"score": None, "row": None, "waiting": [], "problem": None}
    if replay.phase(state) != "next" or not values.get("out"):
        out["score"] = boards.score_of(m, state.report)
        return out
    try:
        res = _result_of(m, values)
    except write.Refused as r:
        out["problem"] = r.message
        out["score"] = boards.score_of(m, state.report)
        return out
    new = service().after(m, state, "result", {"result": res})
    if new.error is not None and new.error.rule == "left.missing":
        out["waiting"] = entries.left_needed(new)
        out["score"] = boards.score_of(m, state.report)
    elif new.error is not None:
        out["problem"] = new.error.message(lang())
        out["score"] = boards.score_of(m, state.report)
    else:
        out["score"] = boards.score_of(m, new.report)
        out["row"] = out["score"].rows[-1] if out["score"].rows else None
        out["in_play"] = _in_play_of(m, res)
    return out


def _result_of(m: dict[str, Any], values: entries.Form) -> dict[str, Any]:
    """The hand's result the result pad (``forms.result_form``) says, or its first refusal."""
    pad = forms.result_form(m["players"], values)
    if not pad.validate():
        raise write.Refused(forms.first_error(pad) or _("Choose a player from the list."))
    return dict(pad.result())


def _in_play_of(m: dict[str, Any], res: dict[str, Any]) -> dict[str, Any] | None:
    """The points a hand entered by its result ``res`` (as the engine took it) gathered during
    play, where the game counts them: ``bonus`` (the matadors' bonus, part of the hand's
    points) and ``scored`` (name and points, in seating order, those who scored)."""
    rules = replay.rules_of(m)
    scored = res.get("scored") or {}
    if not rules.scores_in_play() or not scored:
        return None
    return {"bonus": rules.in_play_bonus(),
            "scored": [(p, scored[p]) for p in m["players"] if scored.get(p)]}


@bp.get("/score")
def score(key: str) -> ResponseReturnValue:
    """The scoreboard: hands, points, running totals, progress, chart, winner."""
    m = write.edit_match(key)
    evs, state = write.load(m)

    return render_template("play/score.html", m=m, n=len(evs), state=state, score=boards.score_of(m, state.report),
                           phase=replay.phase(state), edit=True, form=forms.action_form(),
                           life=life.score_extras(m, evs, state))


@bp.get("/board")
def board(key: str) -> ResponseReturnValue:
    """The table scoreboard for a phone laid in the middle of the table."""
    m = write.edit_match(key)
    return boards.board_page(m, url_for("play.score", key=m["edit_key"]))


@bp.get("/share")
def share(key: str) -> ResponseReturnValue:
    """The read-only link and its QR code, and the edit link."""
    import segno  # (loaded for the share page only)

    m = write.edit_match(key)
    view_url = public_url("share.view", key=m["view_key"])
    edit_url = public_url("play.table", key=m["edit_key"])
    qr = segno.make(view_url, error="m").svg_inline(border=2, dark="#111", light="#fff", omitsize=True)
    seats = []
    pairs = replay.rules_of(m).in_pairs()
    if m["settings"].get("confirm_hands"):
        # each seat's own link (made the first time it is shown): its phone confirms for it only;
        # pair against pair, one link a pair (its first partner's seat: partners are one side)
        keys = store.seat_keys(get_db(), m["id"], len(m["players"]))
        players = m["players"]
        units = [(0, 2), (1, 3)] if pairs and len(players) == 4 else [(s,) for s in range(len(players))]
        for unit in units:
            name = players[unit[0]] if len(unit) == 1 else _("%(a)s and %(b)s", a=players[unit[0]],
                                                             b=players[unit[1]])
            url = public_url("seats.page", key=keys[unit[0]])
            seats.append({"name": name, "url": url, "qr": segno.make(url, error="m").svg_inline(
                border=2, dark="#111", light="#fff", omitsize=True)})
    return render_template("play/share.html", m=m, view_url=view_url, edit_url=edit_url, qr=qr,
                           problem=reach_problem(), seats=seats, pairs=pairs)


@bp.get("/export")
def export(key: str) -> ResponseReturnValue:
    """The match as a game record (JSON), as ``referee check`` reads it."""
    m = write.edit_match(key)
    evs = store.events(get_db(), m["id"])
    record = to_record(m, fold(evs))
    record["lang"] = m.get("lang") or lang()
    record["created"] = m["created"]  # with ``log``: the whole match, undos and times
    record["log"] = log_of(evs)
    body = json.dumps(record, ensure_ascii=False, indent=1)
    return Response(body, mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="match-{m["id"]}.json"'})
