"""The dispute tool: check a tile against the table without playing it; step through a hand.

- ``GET /<door>/<key>/check?tile=3:5``: on the hand in play, where the tile fits now (the
  engine's ``places_for``) or exactly why not (``explain``), for the player to move. A GET:
  nothing is ever written.
- ``GET /<door>/<key>/hands/<n>/step/<k>[?tile=3:5]``: hand ``n`` as it stood after its first
  ``k`` moves (and where a tile would have fitted then, or why not).
  The position comes from the engine's one replay path (``referee.record.replay`` over the
  match cut after move ``k``; the moves of a turn cut short are then played on the live hand,
  as ``replay.replay`` does for an open turn). No rule is applied here.

``door`` is ``m`` (edit link) or ``s`` (read-only link): a viewer may use all of it.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from referee.record import Report
from referee.rules import catalogue
from referee.rules.errors import MoveSyntaxError, RuleError
from referee.rules.tiles import parse_tile
from referee.rules.hand import Hand
from referee.rules.move_words import sentence
from referee.matches import replay, turns
from .i18n import lang
from referee.matches.log import LoggedHand, to_record
from .sheets import hand_summary, loaded, no_hand, problem, report_in
from .write import match_at
from .tiles import place_target

bp = Blueprint("dispute", __name__)

def _asked() -> tuple[str | None, int | None, str | None]:
    """The tile the question names (``?tile=``): as asked, and read by the engine's one tile
    grammar (``referee.rules.tiles.parse_tile``); or why it names none, in words."""
    text = request.args.get("tile")
    if text is None:
        return None, None, None
    text = text.strip().replace("-", ":")
    try:
        return text, parse_tile(text), None
    except MoveSyntaxError:
        return None, None, str(_("«%(tile)s» is not a domino tile (write 3:5).", tile=text[:12]))


def _answer(m: dict[str, Any], live: Hand, t: int, tile: str) -> dict[str, Any]:
    """Where tile ``t`` (``tile``, as asked) fits now, or why not: words from the engine, in the
    page's language."""
    places = turns.places_for(live, t)
    if places:
        preview = turns.lay_previews(live, places)
        return {"fits": True, "preview": preview, "places": [
            {"token": p, "target": place_target(p),
             "words": sentence(p, lang(), m["variant"],
                               live.players[(live.to_move - 1) % len(live.players)] if live.to_move is not None else None),
             "number": preview["number"][p], "points": preview["points"].get(p)}
            for p in places]}
    refusal = turns.explain(live, t)
    if refusal is None:
        if live.to_move is None:
            return {"fits": None, "message": _("Nobody has led yet: who leads decides the first tile, "
                                               "and it is checked when it is laid.")}
        return {"fits": False, "message": _("%(tile)s cannot be laid now.", tile=tile)}
    rule = refusal.rule if "." in refusal.rule and not refusal.rule.startswith(("record.", "token.", "engine.")) else None
    title = None
    if rule:
        from referee import rulebook

        try:
            title = rulebook.rule_for(rule, lang(), m["variant"]).title
        except (KeyError, ValueError):
            title = None
    return {"fits": False, "message": refusal.message(lang()), "rule": rule, "rule_title": title}


@bp.get("/<any(m, s):door>/<key>/check")
def check(door: str, key: str) -> ResponseReturnValue:
    """Check any tile against the hand in play, for the player to move; nothing is recorded."""

    m = match_at(door, key)
    evs, state = loaded(m)
    live = state.live if replay.phase(state) == "play" else None
    tile, t, bad = _asked()
    answer, status = None, 400 if bad else 200
    if tile is not None and t is not None:
        if live is None:
            status = 409
        else:
            answer = _answer(m, live, t, tile)
    hv = turns.hand_view(live) if live is not None else None
    return render_template("dispute/check.html", m=m, n=len(evs), hv=hv, tile=tile, answer=answer,
                           bad=bad, state=state, hands=len(state.hands),
                           spec=catalogue.spec(m["variant"])), status


def hand_at(m: dict[str, Any], hands: list[LoggedHand], number: int, k: int,
            report: Report | None = None) -> tuple[Hand | None, replay.Refusal | None]:
    """(live hand after the first ``k`` moves of hand ``number``, None) or (None, refusal).

    The hand's positions come from the engine's one partial replay (``referee.record.positions``):
    each turn closed where the record closed it, the turn still open at the table left open.
    ``report``: the match's replay (the kept state's), which says who won the hands before, so
    that only this hand is replayed."""
    from referee import record as rec

    open_last = number == len(hands) and hands[-1].open_turn is not None
    try:
        for pos in rec.positions(to_record(m, hands[:number]), number, open_last=open_last,
                                 report=report):
            if pos.index == k:
                return pos.hand, None
    except rec.Stopped as stop:
        return None, replay.refusal(stop.err)
    except RuleError as err:
        return None, replay.refusal(err)
    except Exception as err:  # noqa: BLE001 - an engine failure is a message, never a 500
        return None, replay.engine_failure(err)
    return None, None


def _report_before(state: replay.MatchState, number: int) -> Report | None:
    """The kept replay's report where it holds every hand before ``number`` (else None: the
    hands before are replayed, and a broken one is the answer)."""
    rep = state.rep
    if rep is None or len(rep.hands) < number - 1:
        return None
    if rep.error is not None and (rep.error.get("hand") or 0) < number:
        return None
    return rep


@bp.get("/<any(m, s):door>/<key>/hands/<int:number>/step/<int:k>")
def step(door: str, key: str, number: int, k: int) -> ResponseReturnValue:
    """Hand ``number`` after its first ``k`` moves: the table drawn, the move in words."""
    from referee import pdf

    m = match_at(door, key)
    evs, state = loaded(m)
    if not 1 <= number <= len(state.hands):
        return no_hand(number, len(state.hands))
    logged = state.hands[number - 1]
    record = to_record(m, state.hands, include_open=True)
    report = report_in(state, lang())
    rows = pdf.hand_moves(record, report, number, lang())
    total = len(rows)
    if k > total:
        return problem(_("No such move"), _("Hand %(hand)d has %(count)d moves; there is no move %(k)d.",
                                            hand=number, count=total, k=k), 404)
    live, refusal = (None, None)
    if not logged.by_result:
        live, refusal = hand_at(m, state.hands, number, k, report=_report_before(state, number))
    # a tile checked against the table as it stood after move k (the same answer as /check)
    tile, t, bad = _asked()
    answer, status = None, 400 if bad else 200
    can_check = live is not None and not live.over
    if tile is not None and t is not None:
        if live is None or not can_check:
            bad, status, tile = _("The hand is over at this move: there is no tile to check."), 409, None
        else:
            answer = _answer(m, live, t, tile)
    return render_template("dispute/step.html", m=m, number=number, k=k, total=total, rows=rows,
                           row=rows[k - 1] if k else None, hv=turns.hand_view(live), refusal=refusal,
                           logged=logged, summary=hand_summary(state.report, number) if k == total else None,
                           tile=tile, answer=answer, bad=bad, can_check=can_check), status
