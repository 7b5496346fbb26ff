"""Each seat's own link: the player's phone confirms or disputes each hand for his seat only.

A seat key (``/c/<key>``) is made for each seat when the share page shows it (the match asks
for its hands to be confirmed); it is as unguessable as the edit key and reads the match like
the read-only link. Its one change is a ``confirm`` event for its own seat (``via: "seat"``):
the seat comes from the key, never from the form, so one seat's link cannot speak for another.
The scorekeeper's phone may still confirm for a seat whose player has no phone (``via:
"edit"``), and the audit and the scoreboard say which it was.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Sequence

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from referee.matches.log import in_force_of
from referee.matches import replay
from referee.matches.service import Change

from . import boards, forms, get_db, life, service, store, write

bp = Blueprint("seats", __name__, url_prefix="/c/<key>")


def _seat(key: str) -> tuple[dict[str, Any], int]:
    found = store.seat_by_key(get_db(), key)
    if found is None or not 0 <= found[1] < len(found[0]["players"]):
        abort(404)
    return dict(found[0]), found[1]  # the store's MatchRow as the pages take a match


def own_words(evs: Sequence[dict[str, Any]], name: str) -> dict[int, str]:
    """This seat's own latest word on each hand (from its link), a correction of the hand
    after it asking for a new one."""
    out: dict[int, str] = {}
    for e in in_force_of(evs, frozenset(("confirm", "correct"))):
        d = e["data"]
        if e["kind"] == "confirm" and d.get("by") == name and d.get("via") == "seat":
            out[int(d["hand"])] = d["verdict"]
        elif e["kind"] == "correct":
            out.pop(int(d["hand"]), None)
    return out


def _page(m: dict[str, Any], seat: int, problem: str | None = None, status: int = 200) -> ResponseReturnValue:
    evs, state = service().load(m)
    extras = life.score_extras(m, evs, state)
    name = m["players"][seat]
    score = boards.score_of(m, state.report)
    rows = {r.number: r for r in score.rows}
    # pair against pair: the link speaks for the pair (its word is recorded with this seat)
    pair = None
    if replay.rules_of(m).in_pairs() and len(m["players"]) == 4:
        a, b = sorted((seat, (seat + 2) % 4))
        pair = _("%(a)s and %(b)s", a=m["players"][a], b=m["players"][b])
    return render_template("seats/seat.html", m=m, n=len(evs), seat=seat, name=name, pair=pair, state=state,
                           score=score, life=extras, phase=replay.phase(state), rows=rows,
                           own=own_words(evs, name), form=forms.ActionForm(), problem=problem), status


@bp.get("")
def page(key: str) -> ResponseReturnValue:
    """The match read-only, and each finished hand with this seat's «confirm» and «dispute»."""
    m, seat = _seat(key)
    return _page(m, seat)


@bp.post("/hand/<int:number>")
def verdict(key: str, number: int) -> ResponseReturnValue:
    """This seat's word on a finished hand, recorded with the seat (from its key)."""
    m, seat = _seat(key)
    name = m["players"][seat]
    if not forms.ActionForm().validate_on_submit():
        return _page(m, seat, _("The form was damaged: nothing was changed."), 400)
    said = request.form.get("by")
    if said not in (None, "", name):
        return _page(m, seat, _("This link is the seat of %(name)s: it confirms or disputes for "
                                "%(name)s only. Nothing was changed.", name=name), 403)
    evs, state = service().load(m)
    if not m["settings"].get("confirm_hands"):
        return _page(m, seat, _("This match does not ask for hands to be confirmed."), 400)
    if not replay.finished(state, number):
        return _page(m, seat, _("Only a finished hand can be confirmed."), 400)
    word = request.form.get("verdict", "")
    if word not in life.VERDICTS:
        abort(400)
    data = {"hand": number, "by": name, "verdict": word, "via": "seat"}
    try:
        write.record(m, len(evs), Change("confirm", data), state)  # the registry's check, as every write's
    except write.Refused as r:
        return _page(m, seat, r.message, r.status)
    return redirect(url_for("seats.page", key=key, _anchor=f"hand-{number}"))
