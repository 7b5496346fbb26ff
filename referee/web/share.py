"""The read-only view for the other players' phones: no forms, nothing can change."""

from __future__ import annotations

from flask import Blueprint, abort, jsonify, render_template, url_for

from referee.rules import catalogue

from . import engine, get_db, states, store
from .play import _score, phase

bp = Blueprint("share", __name__, url_prefix="/s/<key>")


def _match(key: str) -> dict:
    m = store.match_by_key(get_db(), key, "view_key")
    if m is None:
        abort(404)
    return m


@bp.get("")
def view(key: str):
    """The match as it stands, read only; follows new moves within seconds."""
    from .matches import remember

    m = _match(key)
    remember(m, edit=False)  # whoever opens the read-only link finds the match in his list
    evs, state = states.load(m)
    ph = phase(m, state)
    hv = engine.hand_view(state.live) if ph == "play" else None
    if ph == "left" and state.ended is not None:
        hv = engine.hand_view(state.ended)
    return render_template("share/view.html", m=m, n=len(evs), state=state, phase=ph, hv=hv,
                           score=_score(m, state), edit=False, spec=catalogue.spec(m["variant"]),
                           summary=engine.hand_summary(state, m["players"]) if ph in ("next", "over") else None)


@bp.get("/board")
def board(key: str):
    """The table scoreboard from the read-only link."""
    from .play import board_page

    m = _match(key)
    return board_page(m, url_for("share.view", key=m["view_key"]))


@bp.get("/n")
def count(key: str):
    """How many events the match has: the view polls this to know when to refresh."""
    m = _match(key)
    return jsonify(n=store.event_count(get_db(), m["id"]))
