"""A match's whole life: corrections with an audit, confirmations, renames, rematches
and the archive.

A correction is one ``correct`` event naming the hand and the hand as it should read; it is
checked by the same replay as every entry (a refused correction stores nothing) and every later
hand and total is re-scored from it. Nothing is deleted: the audit lists every change with what
it was, when and from which link.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Sequence

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from referee import limits
from referee.matches import events as kinds
from referee.matches import replay
from referee.matches.replay import MatchState, Refusal
from referee.matches.service import Change, ChangeRefused

from . import entries, forms, get_db, service, store, write
from .i18n import lang
from .matches import remember
from referee.matches.kept_log import kinds_of
from referee.matches.log import LoggedHand, effective, fold, verdicts

bp = Blueprint("life", __name__, url_prefix="/m/<key>")



def _values_of(m: dict[str, Any], hand: LoggedHand) -> entries.Form:
    """The form's fields for a hand as it reads now (the result form's own, and the turns)."""
    if hand.by_result:
        return entries.result_values(m, result=hand.result or {})
    v = entries.result_values(m, left=hand.left or {})
    for j, t in enumerate(hand.turns):
        v[f"turn_player_{j}"] = t.player
        v[f"turn_moves_{j}"] = ", ".join(t.moves)
    return v


def _as_before(new: dict[str, Any], old: dict[str, Any] | None) -> dict[str, Any]:
    """Tiles left as they were written before where the same tiles are entered again (the
    picker names them low half first, in its own order): no change where nothing changed."""
    if not old:
        return new
    out = dict(new)
    for p, tiles in new.items():
        was = old.get(p)
        if isinstance(tiles, list) and isinstance(was, list) \
                and sorted(entries.low(str(t)) for t in tiles) == sorted(entries.low(str(t)) for t in was):
            out[p] = was
    return out


def _corrected_record(m: dict[str, Any], hand: LoggedHand) -> dict[str, Any]:
    """The hand as the form says it should read (a game record's hand): a result read by the
    result pad's own form (``forms.result_form``), or the turns and the tiles left."""
    players = m["players"]
    out: dict[str, Any] = hand.start()
    if hand.by_result:
        pad = forms.result_form(players, request.form)
        if not pad.validate():
            raise write.Refused(forms.first_error(pad) or _("Choose a player from the list."))
        res = pad.result()
        was = hand.result or {}
        res["left"] = _as_before(res["left"], was.get("left"))
        if "scored" not in res and was.get("scored") and not entries.result_asks_scored(m):
            res["scored"] = was["scored"]  # not asked by this game's form: kept as entered
        out["result"] = res
        return out
    sent = forms.turns_form(players, request.form)
    if not sent.validate():
        raise write.Refused(forms.first_error(sent) or _("Choose a player from the list."))
    out["turns"] = sent.turns()
    left = _as_before(sent.left(), hand.left)
    if left or hand.left is not None:
        out["left"] = left
    return out


def _winner_words(report: dict[str, Any]) -> str | None:
    """The match winner as the scoreboard names him (a pair: both partners)."""
    winners = report.get("match_winners") or ([report["match_winner"]] if report.get("match_winner") else [])
    if not winners:
        return None
    if len(winners) == 2 and report.get("teams"):
        return str(_("%(a)s and %(b)s", a=winners[0], b=winners[1]))
    return ", ".join(winners)


def changes(m: dict[str, Any], before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """What a change (a correction or an undo) does to the match: each total that moves (a pair's
    once, by both names), and the match winner, as :file:`life/_changes.html` says it."""
    tb, ta = before.get("totals") or {}, after.get("totals") or {}
    teams = after.get("teams") or before.get("teams")
    columns = [(t[0], _("%(a)s and %(b)s", a=t[0], b=t[1])) for t in teams] if teams \
        else [(p, p) for p in m["players"]]
    totals = [{"player": name, "before": tb.get(k, 0), "after": ta.get(k, 0)}
              for k, name in columns if tb.get(k, 0) != ta.get(k, 0)]
    wb, wa = _winner_words(before), _winner_words(after)
    return {"totals": totals, "winner_before": wb, "winner_after": wa, "winner_changes": wb != wa,
            "any": bool(totals) or wb != wa}


def finished_changed(before: MatchState, after: MatchState) -> bool:
    """Whether a finished hand of ``before`` (a match state) reads otherwise in ``after``: ended
    no longer, gone, or scored otherwise."""
    rb = before.report.get("hands") or []
    ra = after.report.get("hands") or []
    for i, h in enumerate(rb):
        if h.get("end") is None:
            continue
        if i >= len(ra) or ra[i] != h:
            return True
    return False


#: the changes whose undo gives a finished hand back as it read before, or takes it away
REWRITES = ("result", "left", "correct")


def undo_question(m: dict[str, Any], target: dict[str, Any], before: MatchState, after: MatchState) -> dict[str, Any] | None:
    """What an undo asks before it is made, or None when it changes no finished hand and
    removes no hand: ``removes`` (a whole hand goes) and ``diff`` (:func:`changes`)."""
    removes = target["kind"] in ("hand", "result")
    if not removes and target["kind"] not in REWRITES and not finished_changed(before, after):
        return None
    return {"removes": removes, "diff": changes(m, before.report, after.report)}


def _digest(record: dict[str, Any]) -> str:
    """A short fingerprint of a proposed hand: «yes» confirms that very hand, not one edited
    after the question was asked."""
    import hashlib
    import json

    raw = json.dumps(record, ensure_ascii=False, sort_keys=True).encode()
    return hashlib.sha256(raw).hexdigest()[:16]


@bp.route("/hand/<int:number>/correct", methods=["GET", "POST"])
def correct(key: str, number: int) -> ResponseReturnValue:
    """Correct a past hand: its result, its tiles left or any move."""
    m = write.edit_match(key)
    evs, state = write.load(m)
    if not replay.finished(state, number):
        abort(404)
    hand = state.hands[number - 1]
    scored_asked = entries.result_asks_scored(m)
    problem = status = None
    values = _values_of(m, hand)
    confirm = None
    if request.method == "POST":
        values = request.form
        try:
            w = write.sent(m, table=False)
            new = _corrected_record(m, hand)
            old = hand.to_record()
            if new == old:
                raise write.Refused(_("This is how the hand reads already: nothing was changed."))
            data = {"hand": number, "record": new, "was": old, "via": "edit"}
            if kinds.correction_chars(evs + [{"kind": "correct", "data": data}]) > limits.MAX_CORRECTION_CHARS:
                raise write.Refused(_("This match holds as many corrections as a match may. Export it "
                                     "and start a new match to go on."), status=422)
            # replayed once: the write takes this replay (it only checks the log's count)
            after = service().after(m, state, "correct", data)
            if after.error is not None and not _same_error(after.error, state.error):
                r = after.error
                raise write.Refused(_("The correction was refused: %(why)s", why=r.message(lang())),
                                   status=422, refusal=r)
            digest = _digest(new)
            if request.form.get("confirm") != digest:
                # a finished hand changes: asked first, naming what changes (nothing stored)
                confirm = dict(changes(m, state.report, after.report), digest=digest)
            else:
                w.apply(Change("correct", data), checked=after)
                return redirect(url_for("play.score", key=m["edit_key"], _anchor=f"hand-{number}"))
        except write.Recorded:
            return redirect(url_for("play.score", key=m["edit_key"]))
        except write.Refused as r:
            problem, status = r.message, r.status
    return render_template("life/correct.html", m=m, n=len(evs), number=number, hand=hand,
                           rules=replay.rules_of(m),
                           values=values, scored_asked=scored_asked, problem=problem,
                           confirm=confirm, form=forms.ActionForm(),
                           rows=len(hand.turns) + 1), status or 200


def _same_error(a: Refusal, b: Refusal | None) -> bool:
    """A refusal that was there before the change (the hand in play waiting for its tiles)."""
    return b is not None and a.rule == b.rule and a.hand == b.hand


# -- the audit ----------------------------------------------------------------------------

def describe(m: dict[str, Any], data: dict[str, Any]) -> list[str]:
    """A correction in words: each field that changed, as it was and as it is (the registry's
    audit words of a ``correct``)."""
    return kinds.audit_lines("correct", data, m["players"], _) or []


def audit_entries(m: dict[str, Any], evs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every change the audit lists (the registry's kinds with audit words: corrections, undone
    ones marked, renames, confirmations), oldest first."""
    in_force = {e["seq"] for e in effective(evs)}
    out = []
    for e in evs:
        d = e["data"]
        lines = kinds.audit_lines(e["kind"], d, m["players"], _)
        if lines is None:
            continue
        out.append({"kind": e["kind"], "at": e["at"], "hand": d.get("hand"), "via": d.get("via"),
                    "lines": lines, "undone": kinds.KINDS[e["kind"]].undoable and e["seq"] not in in_force})
    return out


#: the audit is read from either link (the opponents' read-only phones included)
audit_bp = Blueprint("audit", __name__)


@audit_bp.get("/<any(m, s):door>/<key>/audit")
def audit(door: str, key: str) -> ResponseReturnValue:
    """What was changed after it was entered, when and from which link (printable)."""
    m = write.match_at(door, key)
    evs = store.events(get_db(), m["id"])
    return render_template("life/audit.html", m=m, entries=audit_entries(m, evs))


# -- confirmation of each hand by an opponent's phone ----------------------------------------

VERDICTS = kinds.VERDICTS


@bp.post("/hand/<int:number>/confirm")
def confirm_hand(key: str, number: int) -> ResponseReturnValue:
    """An opponent's word on a finished hand: confirmed, or disputed."""
    m = write.edit_match(key)

    def action() -> None:
        w = write.sent(m, table=False)
        if not m["settings"].get("confirm_hands"):
            raise write.Refused(_("This match does not ask for hands to be confirmed."))
        if not replay.finished(w.state, number):
            raise write.Refused(_("Only a finished hand can be confirmed."))
        form = forms.confirm_form(m["players"], VERDICTS)
        if not form.validate():
            raise write.Refused(forms.first_error(form) or _("Choose a player from the list."))
        data = {"hand": number, "by": form.by.data, "verdict": form.verdict.data, "via": "edit"}
        write.record(m, w.n, Change("confirm", data), w.state)

    try:
        action()
    except write.Recorded:
        pass  # sent twice: the first made the change
    except write.Refused as r:
        return render_template("error.html", title=_("Nothing was changed"), message=r.message), r.status
    return redirect(url_for("play.score", key=m["edit_key"], _anchor=f"hand-{number}"))


# -- players and settings: rename, confirmation setting, archive ---------------------------

@bp.route("/players", methods=["GET", "POST"])
def players(key: str) -> ResponseReturnValue:
    """Rename players and set the match's own house settings."""
    m = write.edit_match(key)
    evs = store.events(get_db(), m["id"])
    problem = None
    status = 200
    seats = len(m["players"])
    form = forms.players_form(seats)
    if request.method == "POST":
        try:
            w = write.sent(m, table=False)
            if not form.validate():
                raise write.Refused(forms.first_error(form) or _("Nothing was changed."))
            names = forms.names_of(form, seats)
            settings = dict(m["settings"], confirm_hands=form.confirm_hands.data)
            try:
                service().rename_players(m, w.n, names)
                service().set_settings(m, settings)
            except ChangeRefused as err:
                raise write.off_table(err) from None
        except write.Recorded:
            pass  # sent twice: the first made the change
        except write.Refused as r:
            problem, status = r.message, r.status
        if problem is None:
            return redirect(url_for("play.score", key=m["edit_key"]))
    return render_template("life/players.html", m=m, n=len(evs), problem=problem,
                           values=request.form if request.method == "POST" else None,
                           form=form), status


@bp.post("/archive")
def archive(key: str) -> ResponseReturnValue:
    """Hide the match from the list (or bring it back); nothing is deleted."""
    m = write.edit_match(key)
    if not forms.ActionForm().validate_on_submit():
        return render_template("error.html", title=_("The form has expired"),
                               message=_("Nothing was changed.")), 400
    service().set_archived(m, request.form.get("archived") == "1")
    return redirect(url_for("play.score", key=m["edit_key"]))


def rotated(players: list[str], how: str) -> list[str]:
    """The seats of a rematch: kept, or moved one place (the first player sits last)."""
    if how == "rotated" and players:
        return players[1:] + players[:1]
    return list(players)


@bp.post("/rematch")
def rematch(key: str) -> ResponseReturnValue:
    """A new match with the same players (seats kept or moved one place) and the same options."""
    m = write.edit_match(key)
    if not forms.ActionForm().validate_on_submit():
        return render_template("error.html", title=_("The form has expired"),
                               message=_("Nothing was changed.")), 400
    how = request.form.get("seats", "rotated")
    if how not in ("kept", "rotated"):
        how = "rotated"
    try:
        new = service().create(m["variant"], rotated(m["players"], how), m["options"],
                               lang=m.get("lang") or lang(), settings=m["settings"])
    except ChangeRefused as err:
        return render_template("error.html", title=_("Nothing was changed"),
                               message=write.refused(err).message), 400
    remember(new["edit_key"])
    return redirect(url_for("play.table", key=new["edit_key"]))


def corrected_numbers(hands: list[LoggedHand]) -> set[int]:
    return {i + 1 for i, h in enumerate(hands) if h.corrected}


def score_extras(m: dict[str, Any], evs: Sequence[dict[str, Any]], state: MatchState) -> dict[str, Any]:
    """What the scoreboard adds for a match's life: the corrected hands, the hands that can be
    corrected, each hand's confirmation."""
    n_hands = len(state.hands)
    return {"corrected": corrected_numbers(state.hands),
            "correctable": {k for k in range(1, n_hands + 1) if replay.finished(state, k)},
            "verdicts": verdicts(evs), "confirm": bool(m["settings"].get("confirm_hands")),
            "audit": any(k in kinds.in_audit() for k in kinds_of(evs))}


__all__ = ["bp", "audit_bp", "changes", "undo_question", "finished_changed", "describe", "audit_entries", "verdicts", "rotated", "corrected_numbers",
           "fold"]
