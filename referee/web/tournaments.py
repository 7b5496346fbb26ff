"""Club nights and tournaments run from phones: the director's set-up, each round's tables (each
an ordinary referee match), the director's page, the live standings.

The views parse the request, ask the event service (``referee.events.service.EventService``,
``web.events()``) and draw: the event as it stands (its record, each table read from its match,
``referee.events.live``), every change of the director's (checked, stored with its audit, refused
in words) and a new event, set up or imported. What only the pages need stays here: the forms,
the standings' view (places, the cross table, each unit's matches, with their links to the
tables' matches), the cards, the PDFs and the CSV, the audit in words.

Routes: ``/events/new`` (a game), ``/events/new/<variant>`` (the set-up), ``/events/import``;
``/e/<key>`` the director's page (its key is the director's) and its forms; ``/ev/<key>`` the
public standings, ``/ev/<key>/board`` for a big screen, ``/ev/<key>/results.pdf|.csv``,
``/ev/<key>/export``. Their words are in the app's one catalogue (``tools/translations.py``).
"""

from __future__ import annotations

import io
import json
from datetime import datetime
from fractions import Fraction
from typing import Any, Callable, NotRequired, ParamSpec, TypedDict

from markupsafe import Markup, escape

from flask import (Blueprint, Response, abort, current_app, flash, redirect, render_template, request, url_for)
from flask.typing import ResponseReturnValue
from werkzeug.wrappers import Response as Redirect
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import pgettext
from flask_wtf import FlaskForm
from wtforms import BooleanField, IntegerField, RadioField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from referee import limits
from referee.events import changes
from referee.events import service as ev_service
from referee.events.model import Event, EventError
from referee.events.live import (Kept, Live, Stored, TableView, digest, next_round, now, plan_of, round_of,
                                 sitting_out)
from referee.events.service import MAX_ROUNDS
from referee.events.standings import Line, Units, lines_after, order, outcome
from referee.rules import catalogue

from . import events, forms, get_db, store
from .i18n import lang

bp = Blueprint("events", __name__)

#: a match as the store gives it (``store.get_match``)
MatchRow = store.MatchRow


class Clock(TypedDict):
    """A round's clock: the seconds left (negative: over), as minutes and seconds, and when time
    was called (None: not yet)."""

    left: int
    minutes: int
    seconds: int
    over: bool
    called: str | None


class Place(TypedDict):
    """Where a unit stands: its place of the units ranked, after the rounds counted."""

    place: int
    of: int
    after: int


class Cell(TypedDict, total=False):
    """A unit's round in the cross table: a bye, a table being played, or its outcome (match
    points and score difference as printed, the opponents' places, each side's total)."""

    bye: bool
    table: int
    #: the public key of the table's match (None: it has none)
    view: str | None
    opponents: list[int]
    mp: str | None
    diff: str | None
    totals: str | None
    forfeit: bool
    playing: bool
    #: the unit's place at the table as printed (None: every side absent) and the sides there
    place: str | None
    of: int
    names: list[str]
    #: the table's sides, the unit's first («Аня + Вера»), where a side is more than one seat
    sides: list[str]


class StandingsRow(TypedDict):
    """A unit's line of the standings: its place, numbers as printed, and each round's cell
    (the cross table's, its line of matches with and without the link to the match)."""

    cross: list[Markup | str]
    matches: list[Markup]
    printed: list[Markup]
    place: int
    names: list[str]
    ids: list[str]
    mp: str
    buchholz: str
    diff: str
    played: int
    byes: int
    withdrawn: bool
    cells: dict[int, Cell]
    h2h: str


class StandingsView(TypedDict):
    """Everything the standings pages draw (empty when the event breaks a rule)."""

    rows: list[StandingsRow]
    rounds: list[int]
    after: int
    tiebreaks: NotRequired[list[str]]

#: where the club's roster may offer its players at the set-up and the late entry: each function
#: returns HTML (``markupsafe.Markup``) drawn under the entrants' field, or None; the names it offers are
#: sent as ``pick`` fields (``picked_entrants``)
ENTRANT_PICKERS: list[Callable[[], Any]] = []

#: what the director's page may offer about the event's place elsewhere (a club it may count for):
#: each function is given the event and returns HTML drawn under the event's title, or None
DIRECTOR_OFFERS: list[Callable[[Any], Any]] = []


def picked_entrants() -> list[str]:
    """The names a picker (``ENTRANT_PICKERS``) sent as ``pick`` fields (each a line of the
    entrants' field: a name, or a fixed pair «Аня + Вера»), after those typed."""
    return [p.strip() for p in request.form.getlist("pick") if p and p.strip()]


# -- the event as stored -------------------------------------------------------------------


def _director(key: str) -> Stored:
    ev = events().by_key(key, director=True)
    if ev is None:
        abort(404)
    return ev


def _public(key: str) -> Stored:
    ev = events().by_key(key, director=False)
    if ev is None:
        abort(404)
    return ev


def event_words(err: EventError) -> str:
    """A refusal of the event's rules in the page's language, with where it is."""
    return ev_service.event_words(err, lang())


def kept() -> Kept:
    """What this worker keeps of its events (the event service's)."""
    return events().kept


def live(ev: Stored) -> Live:
    """The event as it stands (``EventService.live``)."""
    return events().live(ev)


# -- the set-up ----------------------------------------------------------------------------


class EventForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF has no types: its form is Any
    """An event's own fields; the game's options are added beside them (``forms.setup_form``)."""

    name = StringField(_l("Name of the event"), validators=[InputRequired(_l("Give the event a name.")),
                                                             Length(max=120)])
    seats = IntegerField(_l("Players at each table"), validators=[InputRequired(_l("Enter a whole number.")),
                                                                 NumberRange(2, 8)],
                         render_kw={"inputmode": "numeric"})
    # each choice a short name, side by side with the others (its sentence: ``EVENT_SAYS``)
    system = RadioField(_l("System"), default="swiss", choices=[
        SelectChoice("swiss", _l("Swiss system")), SelectChoice("round_robin", _l("Round robin")),
        SelectChoice("free", _l("Free seating"))])
    unit = RadioField(_l("Who is ranked"), default="player", choices=[
        SelectChoice("player", _l("Each player")), SelectChoice("pair", _l("Fixed pairs"))])
    rounds = IntegerField(_l("Rounds"), validators=[Optional(), NumberRange(1, MAX_ROUNDS)],
                          render_kw={"inputmode": "numeric"})
    hand_limit = IntegerField(_l("Hands per round at most (empty: no limit)"),
                              validators=[Optional(), NumberRange(1, 999)], render_kw={"inputmode": "numeric"})
    time_limit = IntegerField(_l("Minutes per round (empty: no clock)"),
                              validators=[Optional(), NumberRange(1, 999)], render_kw={"inputmode": "numeric"})
    confirm_hands = BooleanField(_l("Each hand is confirmed by an opponent's phone"))
    entrants = TextAreaField(_l("Entrants, one a line (fixed pairs: «Ann + Vera»)"),
                             validators=[Length(max=40_000)],
                             render_kw={"rows": 8, "autocapitalize": "words", "spellcheck": "false"})


#: what the set-up says under the system's and the ranking's choices (the one ticked), as the
#: rulebook's sentences are said under a house rule's
EVENT_SAYS = {
    "system": {"swiss": _l("each round pairs those with the same score"),
               "round_robin": _l("everyone meets everyone"),
               "free": _l("the director seats each round (the app proposes the tables)")},
    "unit": {"player": _l("everyone ranked on their own; in a pairs game the partners change each round"),
             "pair": _l("the same two partners every round, ranked together")}}


@bp.get("/events/new")
def new() -> ResponseReturnValue:
    """Choose the game of a new event."""
    presets = [(v, p) for v in catalogue.VARIANTS for p in catalogue.PRESETS.get(v, {})]
    from referee.rulebook import preset_words

    return render_template("event/new.html", variants=list(catalogue.VARIANTS.values()),
                           presets=[{"variant": v, "name": p, "words": preset_words(p, lang())} for v, p in presets])


@bp.route("/events/new/<variant>", methods=["GET", "POST"])
def setup(variant: str) -> ResponseReturnValue:
    """An event's set-up: its name, the game, the system, the rounds and the entrants."""
    spec = catalogue.VARIANTS.get(variant)
    if spec is None:
        abort(404)
    form = forms.setup_form(spec, lang(), base=EventForm, players=False)
    presets = catalogue.PRESETS.get(spec.name, {})
    preset = request.args.get("preset", "")
    if request.method == "GET":
        form.seats.data = spec.min_players if spec.min_players > 2 else max(spec.player_counts)
        if preset in presets:
            forms.fill_options(form, spec, presets[preset])
            if presets[preset].get("teams") == "pairs":
                form.seats.data = 4
    problem = None
    if form.validate_on_submit():
        given = ev_service.Setup(
            name=form.name.data, variant=spec.name, seats=int(form.seats.data), system=form.system.data,
            unit=form.unit.data, entrants="\n".join([form.entrants.data or ""] + picked_entrants()),
            options=forms.options_of(form, spec), rounds=form.rounds.data, hand_limit=form.hand_limit.data,
            time_limit=form.time_limit.data, confirm_hands=bool(form.confirm_hands.data))
        made, problem = _made(lambda: events().set_up(given),
                              _("The event is ready. Keep this page's address: it is the director's link."),
                              form=form)
        if made is not None:
            return made
    elif request.method == "POST":
        problem = _("Please correct the marked fields.")
    from referee.rulebook import preset_words

    preset_list = [{"name": k, "words": preset_words(k, lang())} for k in presets]
    return render_template("event/setup.html", spec=spec, form=form, problem=problem, presets=preset_list,
                           preset=preset, pickers=[p() for p in ENTRANT_PICKERS], says=EVENT_SAYS,
                           help_for=forms.option_sentences(spec, lang()),
                           rules_refused=any(k.startswith("opt_") for k in form.errors)), (400 if problem else 200)


#: the set-up's refusals that are about one field: said at that field (marked, where the eye and
#: the thumb are), the page's top line asking to correct the marked fields
SETUP_FIELDS = {"setup.seats": "seats", "setup.rounds": "rounds", "setup.entrants": "entrants",
                "setup.pairs": "entrants", "setup.table": "entrants", "change.entrant_twice": "entrants",
                "name": "entrants", "change.pair_line": "entrants"}


def _made(make: Callable[[], Stored], done: str, form: FlaskForm | None = None) -> tuple[Redirect | None, str | None]:
    """A new event from ``make`` (set up or imported): remembered by this browser, ``done``
    flashed and the way to its director's page; or the service's refusal in the page's words
    (at its field of ``form`` where it is about one)."""
    try:
        ev = make()
    except ev_service.Refused as r:
        name = SETUP_FIELDS.get(r.rule)
        if form is not None and name is not None:
            form[name].errors = [r.words(lang())]
            return None, _("Please correct the marked fields.")
        return None, r.words(lang())
    _remember(ev)
    flash(done, "ok")
    return redirect(url_for("events.director", key=ev["director_key"])), None


def _remember(ev: Stored) -> None:
    """Put the event in this browser's list of the events it directs (the home page's)."""
    from .matches import browser_id

    store.remember_event(get_db(), browser_id(), ev["id"])


@bp.route("/events/import", methods=["GET", "POST"])
def import_event() -> ResponseReturnValue:
    """An event's record imported: checked whole before anything is stored."""
    problem = None
    text = ""
    if request.method == "POST":
        form = forms.EventImportForm()
        if not form.validate_on_submit():
            problem = _("The form has expired. Nothing was imported.")
        else:
            upload = request.files.get("file")
            text = form.text.data or ""
            if upload is not None and upload.filename:
                try:
                    text = upload.read(limits.MAX_RECORD_BYTES * 4 + 1).decode("utf-8-sig")
                except UnicodeDecodeError:
                    problem = _("The file is not UTF-8 text.")
            if problem is None:
                made, problem = _made(lambda: events().import_text(text, lang()),
                                      _("The event was checked and imported."))
                if made is not None:
                    return made
    return render_template("event/import.html", form=FlaskForm(), problem=problem, text=text), \
        (400 if problem else 200)


# -- rounds ----------------------------------------------------------------------------------


def _go(key: str, anchor: str = "") -> Redirect:
    return redirect(url_for("events.director", key=key) + anchor)


P = ParamSpec("P")


def _refusable(view: Callable[P, ResponseReturnValue]) -> Callable[P, ResponseReturnValue]:
    """A director's change (a view of ``/e/<key>/…``): a refusal is shown on the director's page,
    nothing changed."""
    from functools import wraps

    @wraps(view)
    def wrapped(*args: P.args, **kwargs: P.kwargs) -> ResponseReturnValue:
        try:
            return view(*args, **kwargs)
        except ev_service.Refused as r:
            flash(r.words(lang()), "problem")
            return _back()
        except _FormRefused as r:
            flash(str(r), "problem")
            return _back()
    return wrapped


def _back() -> Redirect:
    """Where a refused change of the director's returns: the closed round's page its form was
    sent from (``back=round``), else the director's page."""
    args = request.view_args or {}
    if request.form.get("back") == "round" and "number" in args:
        return redirect(url_for("events.round_page", key=args["key"], number=args["number"]))
    return _go(str(args["key"]))


class _FormRefused(Exception):
    """A director's form refused before the event service is asked (its first error's words)."""


def _valid(form: Any) -> Any:
    """``form`` read from the request and validated; its first refusal flashed, as the event
    service's are (:func:`_refusable`)."""
    if not form.validate():
        raise _FormRefused(forms.first_error(form) or _("Nothing was changed."))
    return form


@bp.post("/e/<key>/round/<int:number>/start")
@_refusable
def start_round(key: str, number: int) -> ResponseReturnValue:
    """Start round ``number`` with its tables as drawn on the director's page. A second tap, a
    second phone, a reload: the round is started once; its tables get their matches."""
    events().start_round(_director(key), number, request.form.get("plan", ""), lang())
    return _go(key, f"#round-{number}")


@bp.post("/e/<key>/round/<int:number>/swap")
@_refusable
def swap(key: str, number: int) -> ResponseReturnValue:
    """Swap two units in the tables proposed for round ``number`` (before it starts)."""
    form = _valid(forms.SwapForm())
    events().swap(_director(key), number, form.a.data, form.b.data)
    return _go(key, "#next")


@bp.post("/e/<key>/round/<int:number>/sit-out")
@_refusable
def sit_out(key: str, number: int) -> ResponseReturnValue:
    """A free round: a unit left out of it (``back=1``: seated again); the tables are proposed
    again without it."""
    form = _valid(forms.SitOutForm())
    events().sit_out(_director(key), number, form.who.data, form.back.data)
    return _go(key, "#next")


@bp.post("/e/<key>/round/<int:number>/reset")
@_refusable
def reset(key: str, number: int) -> ResponseReturnValue:
    """Back to the app's proposal for round ``number``."""
    events().reset(_director(key), number)
    return _go(key, "#next")


@bp.post("/e/<key>/round/<int:number>/time")
@_refusable
def call_time(key: str, number: int) -> ResponseReturnValue:
    """Time is called: each table finishes the hand it plays (the hands started now count) and
    its match stands as it is then."""
    events().call_time(_director(key), number)
    return _go(key, f"#round-{number}")


@bp.post("/e/<key>/round/<int:number>/close")
@_refusable
def close_round(key: str, number: int) -> ResponseReturnValue:
    """Close round ``number``: every table's result is written into the record (none may be
    missing or disputed); the next round's tables are then proposed. Idempotent."""
    events().close_round(_director(key), number)
    return _go(key, "#next")


@bp.post("/e/<key>/round/<int:number>/table/<int:table>/result")
@_refusable
def correct(key: str, number: int, table: int) -> ResponseReturnValue:
    """The director's result for a table (a correction, or a result entered for a table without
    a phone): each side's total and what ended the match; audited with what it replaces. The
    match itself is not changed. ``clear``: the table's match decides again."""
    form = _valid(forms.TableResultForm())
    given = ev_service.TableResult(clear=form.clear.data, forfeit=form.forfeit.data, absent=form.absent,
                                   sides=form.sides, ended=form.ended.data or "", note=form.note.data or "")
    ev = events().correct(_director(key), number, table, given, expected=form.version())
    flash(_("Table %(t)d: the result was changed (see the audit).", t=table), "ok")
    if request.form.get("back") == "round":   # a closed round's page: back there, to the table
        return redirect(url_for("events.round_page", key=key, number=number) + f"#table-{table}")
    # results still missing: back at the table's row, its result in sight and the next table's
    # row under it (a director enters them one after another); the last one: the round's top,
    # where «Close round» is then the first button
    return _go(key, f"#table-{table}" if live(ev).missing(number) else f"#round-{number}")


@bp.post("/e/<key>/withdraw")
@_refusable
def withdraw(key: str) -> ResponseReturnValue:
    """A unit withdraws before the next round; its results stand."""
    form = _valid(forms.WithdrawForm())
    events().withdraw(_director(key), form.who.data)
    return _go(key)


@bp.post("/e/<key>/enter")
@_refusable
def late_entry(key: str) -> ResponseReturnValue:
    """A late entrant (a fixed pair's two names), paired from the next round."""
    form = _valid(forms.LateEntryForm())
    events().late_entry(_director(key), form.entrants())
    return _go(key)


# -- pages -----------------------------------------------------------------------------------


STATUS_WORDS = {
    "not_started": _l("not started"),
    "playing": _l("playing hand %(hand)d"),
    "between": _l("between hands, %(hand)d played"),
    "finished": _l("finished"),
    "unconfirmed": _l("waiting for confirmation"),
    "disputed": _l("disputed"),
}


def status_words(tv: TableView) -> str:
    return str(STATUS_WORDS[tv.status]) % {"hand": tv.hand}


def clock(ev: Stored, number: int) -> Clock | None:
    """The round's clock: minutes and seconds left (negative: over), whether time was called."""
    limit = (ev["record"].get("game") or {}).get("time_limit")
    rs = ev["state"].get("rounds", {}).get(str(number), {})
    if not limit or not rs.get("started"):
        return None
    started = datetime.fromisoformat(rs["started"])
    left = int(limit * 60 - (now() - started).total_seconds())
    return {"left": left, "minutes": abs(left) // 60, "seconds": abs(left) % 60, "over": left < 0,
            "called": rs.get("called")}


def standings_view(lv: Live, after: int | None = None) -> StandingsView:
    """Everything the standings pages draw: the rows (places, match points, every tie-break),
    the cross table and each unit's matches (their cells' words in the page's language); kept by
    the worker under the event's key (``Live.key``) and the language."""
    key = ("view", lv.key, after, lang())
    got = kept().get(key) if lv.key else None
    if got is None:
        got = _standings_view(lv, after)
        if lv.key:
            kept().put(key, got)
    return got


def unit_place(ev: Stored, seats: list[tuple[int, int, int]]) -> Place | None:
    """Where the unit that sat at ``seats`` (its tables' (round, table, seat index)) stands in the
    event's standings, those the public page shows (kept under the event's key): ``place``, ``of``
    (the units ranked) and ``after`` (the rounds counted); None when it is not ranked (the event
    breaks a rule, or no such seat)."""
    lv = live(ev)
    view = standings_view(lv)
    ids = set()
    for number, table, seat in seats:
        for t in (round_of(lv.record, number) or {}).get("tables", []):
            if t["table"] == table and 0 <= seat < len(t["seats"]):
                ids.add(t["seats"][seat])
    for row in view["rows"]:
        if ids & set(row["ids"]):
            return {"place": row["place"], "of": len(view["rows"]), "after": view["after"]}
    return None


def _outcome_words(cell: Cell) -> str:
    """A unit's outcome at a table in words: won, drawn or lost where two sides met, else its
    place (shared places are halves: «2.5»)."""
    place, of = cell.get("place"), cell.get("of", 2)
    if of == 2:
        return str(pgettext("outcome", "won") if place == "1" else (
            pgettext("outcome", "drawn") if place == "1.5" else pgettext("outcome", "lost")))
    if place is None:
        return str(pgettext("outcome", "lost"))
    return str(_("place %(p)s of %(k)d", p=place, k=of))


def _cell_words(cell: Cell, names: str) -> tuple[Markup, Markup, Markup]:
    """A round's cell of the cross table and its line in the unit's matches (HTML, escaped), with
    and without the link to the table's match (the printed results have no link)."""
    from markupsafe import Markup, escape

    if cell.get("bye"):
        word = escape(_("bye"))
        return word, word, word
    if cell.get("playing"):
        cross = Markup("<i>%s…</i>") % _("T%(t)d", t=cell["table"])
    else:
        cross = Markup("<b>%s</b> <small>%s %s</small>") % (cell["mp"], _("vs"), ",".join(map(str, cell["opponents"])))
    if cell.get("sides"):
        line = escape(_("table %(t)d", t=cell["table"])) + ": " + escape(" — ".join(cell["sides"]))
    else:
        line = escape(_("table %(t)d", t=cell["table"])) + ", " + escape(_("with")) + " " + escape(names)
    if cell.get("forfeit") or cell.get("totals"):
        # as a player reads it: the score (the unit's own first), who won, what it counted
        score = _("forfeit") if cell.get("forfeit") else cell["totals"]
        line += escape(f", {score} — {_outcome_words(cell)} (") + escape(
            _("match points: %(mp)s, difference: %(diff)s", mp=cell["mp"], diff=cell["diff"])) + ")"
    elif cell.get("playing"):
        line += " — " + escape(_("playing"))
    plain = line
    if cell.get("view"):
        line += Markup(' · <a href="%s">%s</a>') % (url_for("share.view", key=cell["view"]), _("the match"))
    return cross, line, plain


def _standings_view(lv: Live, after: int | None = None) -> StandingsView:
    event = lv.event
    if event is None or lv.error is not None:
        return {"rows": [], "rounds": [], "after": 0}
    units = Units(event)
    n = len(event.round_list) if after is None else after
    lines = lines_after(event, n, units)
    ranked = order(event, lines)
    place = {u: lines[u].place for u in ranked}
    cells: dict[int, dict[int, Cell]] = {u: {} for u in ranked}
    matches = store.event_matches(get_db(), lv.ev["id"])
    for rnd in event.round_list[:n]:
        for table in rnd.tables:
            out = outcome(event, units, table)
            m = matches.get((rnd.number, table.number))
            for u in units.at(table.seats):
                cell: Cell = {"table": table.number, "view": m["view_key"] if m else None,
                                        "opponents": [], "mp": None, "diff": None, "totals": None}
                if out is not None:
                    seat = out.of(u)
                    cell["mp"] = _num(seat.match_points)
                    cell["diff"] = _signed(seat.score_diff)
                    cell["opponents"] = [place[o] for o in out.opponents(u)]
                    cell["place"] = None if seat.place is None else _num(seat.place)
                    cell["of"] = len(out.sides)
                    res = table.result
                    if res is not None and res.kind == "forfeit":
                        cell["forfeit"] = True
                    elif res is not None:
                        mine = res.totals[units.ids[u][0]]
                        others = [res.totals[table.seats[g[0]]] for i, g in enumerate(event.side_groups())
                                  if i != seat.side]
                        cell["totals"] = " : ".join(_num(x) for x in [mine] + others)
                else:
                    cell["playing"] = True
                    cell["opponents"] = [place[o] for o in units.at(table.seats) if o != u]
                cell["names"] = [lv.names[x] for x in table.seats if units.of[x] != u]
                groups = event.side_groups()
                if any(len(g) > 1 for g in groups):
                    sides = [[table.seats[i] for i in g] for g in groups]
                    sides.sort(key=lambda side: not any(units.of[x] == u for x in side))
                    cell["sides"] = [" + ".join(lv.names[x] for x in side) for side in sides]
                cells[u][rnd.number] = cell
        for u in units.listed(rnd.byes):
            cells[u][rnd.number] = {"bye": True}
    h2h = _head_to_head_values(event, lines, ranked)
    withdrawn = {u for u, line in enumerate(lines) if line.withdrawn is not None}
    rounds = list(range(1, n + 1))
    round_words = [_("Round %(n)d", n=r) for r in rounds]
    rows: list[StandingsRow] = []
    for u in ranked:
        line = lines[u]
        cross: list[Markup | str] = []
        played: list[Markup] = []
        printed: list[Markup] = []
        for r, words in zip(rounds, round_words):
            got = cells[u].get(r)
            if got is None:
                cross.append("·")
                continue
            c, linked, plain = _cell_words(got, ", ".join(got.get("names", [])))
            cross.append(c)
            played.append(escape(words) + ", " + linked)
            printed.append(escape(words) + ", " + plain)
        rows.append({"cross": cross, "matches": played, "printed": printed, "place": line.place, "names": units.names(u), "ids": list(units.ids[u]),
                     "mp": _num(line.match_points), "buchholz": _num(line.buchholz),
                     "diff": _signed(line.score_diff), "played": line.played, "byes": line.byes,
                     "withdrawn": u in withdrawn, "cells": cells[u],
                     "h2h": _num(h2h[u]) if u in h2h else "—"})
    return {"rows": rows, "rounds": rounds, "after": n, "tiebreaks": list(event.tiebreaks)}


def _head_to_head_values(event: Event, lines: list[Line], ranked: list[int]) -> dict[int, Fraction]:
    """Each unit's head-to-head score where the tie-break is reckoned: against the others level
    with it on every tie-break before it, when all of them met (``standings._head_to_head``)."""
    from referee.events.standings import _head_to_head

    if "head_to_head" not in event.tiebreaks:
        return {}
    before = event.tiebreaks[:event.tiebreaks.index("head_to_head")]

    def key(u: int) -> tuple[Fraction | int, ...]:
        line = lines[u]
        return tuple({"match_points": line.match_points, "buchholz": line.buchholz,
                      "score_diff": line.score_diff}.get(tb, 0) for tb in before)

    out: dict[int, Fraction] = {}
    groups: dict[tuple[Fraction | int, ...], list[int]] = {}
    for u in ranked:
        groups.setdefault(key(u), []).append(u)
    for group in groups.values():
        if len(group) > 1:
            out.update(_head_to_head(group, lines) or {})
    return out


def _num(x: Fraction | int) -> str:
    x = Fraction(x)
    if x.denominator == 1:
        return str(int(x))
    return f"{float(x):.2f}".rstrip("0").rstrip(".")


def _signed(x: Fraction) -> str:
    s = _num(x)
    return ("+" + s) if x > 0 else s.replace("-", "−")


TIEBREAK_WORDS = {"match_points": _l("match points"), "buchholz": _l("Buchholz"),
                  "score_diff": _l("score difference"), "head_to_head": _l("head to head"),
                  "lot": _l("lot (entry order)")}
#: the standings' column headings, short enough for a phone's width (the full words in the heading's title)
TIEBREAK_SHORT = {"buchholz": _l("Buch."), "score_diff": _l("Diff."), "head_to_head": _l("H2H")}


def _common(lv: Live) -> dict[str, Any]:
    from .matches import match_title

    ev = lv.ev
    game = ev["record"]["game"]
    probe = {"variant": game["variant"], "options": game.get("options") or {},
             "players": [str(i) for i in range(game["seats"])]}
    names = lv.names
    groups = lv.event.side_groups() if lv.event is not None else [(i,) for i in range(game["seats"])]

    def plan_sides(seats: list[str]) -> list[str]:
        return [" + ".join(names[seats[s]] for s in g) for g in groups]

    def sides_of_table(tv: TableView) -> list[dict[str, Any]]:
        res = tv.result or {}
        totals = res.get("totals") or {}
        return [{"names": " + ".join(names[tv.seats[s]] for s in g),
                 "total": totals.get(tv.seats[g[0]], _side_total(tv, g))} for g in groups]

    def result_words(tv: TableView) -> str:
        res = tv.result or {}
        if res.get("ended") == "forfeit":
            return str(_("forfeit: %(who)s did not come", who=", ".join(names.get(x, x) for x in res["absent"])))
        totals = res.get("totals") or _judged_totals(lv, tv)
        # only the totals, in the order of the sides the line above names (their names not said twice)
        parts = [_num(Fraction(str(totals.get(tv.seats[g[0]], 0)))) for g in groups]
        won = _winner_words(lv, tv, [" + ".join(names[tv.seats[s]] for s in g) for g in groups])
        return " — ".join(parts) + " (" + str(ENDED_WORDS[res.get("ended") or "target"]) + ")" + won

    ended = [("target", ENDED_WORDS["target"])]
    if game.get("hand_limit"):
        ended.append(("hands", ENDED_WORDS["hands"]))
    if game.get("time_limit"):
        ended.append(("time", ENDED_WORDS["time"]))
    return {"ev": ev, "lv": lv, "record": ev["record"], "game_title": match_title(probe),
            "tiebreak_words": TIEBREAK_WORDS, "tiebreak_short": TIEBREAK_SHORT, "status_words": status_words, "plan_sides": plan_sides,
            "sides_words": lambda tv: plan_sides(tv.seats), "sides_of_table": sides_of_table,
            "result_words": result_words, "ended_choices": ended, "event_words": event_words,
            "names_of": lambda ids: ", ".join(names.get(x, x) for x in ids)}


def _winner_words(lv: Live, tv: TableView, sides: list[str]) -> str:
    """« · won by …» (the side the event's judge places first at the table: the lower total in
    a game of penalty points such as «Козёл») or « · a draw»; empty while the judge has no
    outcome for the table. ``sides``: each side's names, in the event's order of sides."""
    if lv.event is None or lv.error is not None:
        return ""
    table = next((t for rnd in lv.event.round_list if rnd.number == tv.round for t in rnd.tables
                  if t.number == tv.number), None)
    out = outcome(lv.event, Units(lv.event), table) if table is not None else None
    if out is None:
        return ""
    first = sorted({s.side for s in out.seats if s.place == 1})
    if len(first) == 1 and first[0] < len(sides):
        return " · " + str(_("won by %(name)s", name=sides[first[0]]))
    if all(s.place == out.seats[0].place for s in out.seats):
        return " · " + str(_("a draw"))
    return ""


def _judged_totals(lv: Live, tv: TableView) -> dict[str, Any]:
    """A table's totals as the judge read them (a result given as the table's game record)."""
    if lv.event is None or lv.error is not None:
        return {}
    for rnd in lv.event.round_list:
        if rnd.number == tv.round:
            for t in rnd.tables:
                if t.number == tv.number and t.result is not None:
                    return dict(t.result.totals)
    return {}


def _side_total(tv: TableView, group: tuple[int, ...]) -> str:
    """What the table's match shows for a side now (the field's first value), or empty."""
    if tv.match is None or not tv.totals:
        return ""
    value = tv.totals.get(tv.match["players"][group[0]])
    return "" if value is None else str(value)


ENDED_WORDS = {"target": _l("the target reached"), "hands": _l("the hand limit"), "time": _l("time called")}


@bp.get("/e/<key>")
def director(key: str) -> ResponseReturnValue:
    """The director's page: the round being played (every table at a glance, the clock, the
    results missing, a table's result changed, a forfeit), the next round's tables, the
    entrants (a late one, a withdrawal), the links."""
    from .urls import public_url

    ev = _director(key)
    _remember(ev)   # the home page lists it for this browser (a director's link opened here)
    lv = live(ev)
    current = lv.open_round()
    nxt = next_round(lv)
    plan = None
    plan_problem = None
    mine = False
    if nxt is not None and lv.error is None:
        try:
            plan, mine = plan_of(lv, nxt)
        except EventError as err:
            plan_problem = event_words(err)
    units = Units(lv.event) if lv.event is not None else None
    gone = {x for r in ev["record"]["round_list"] for x in r.get("withdrawn", [])}
    unit_choices = [(ids[0], " + ".join(lv.names[x] for x in ids)) for ids in (units.ids if units else [])]
    links = {"public": public_url("events.standings", key=ev["view_key"]),
             "director": public_url("events.director", key=key)}
    audit = store.event_audit(get_db(), ev["id"])
    common = _common(lv)
    rows = _rows(lv, key, current, common) if current else Markup("")
    closed = lv.closed_rounds()
    return render_template("event/director.html", **common, key=key, current=current, nxt=nxt, plan=plan, rows=rows,
                           plan_digest=digest(plan) if plan else "", mine=mine, plan_problem=plan_problem,
                           out=sitting_out(ev["state"], nxt) if nxt else [],
                           clock=clock(ev, current) if current else None, unit_choices=unit_choices,
                           active_choices=[c for c in unit_choices if c[0] not in gone], links=links,
                           audit=audit[-30:], audit_words=audit_words, follow=request.args.get("follow") == "1",
                           pickers=[p() for p in ENTRANT_PICKERS], offers=[o(ev) for o in DIRECTOR_OFFERS],
                           closed=closed)


@bp.get("/e/<key>/round/<int:number>")
def round_page(key: str, number: int) -> ResponseReturnValue:
    """A closed round's tables and results, each table's result correctable as on the director's
    page (the standings after it follow); the round being played is the director's page."""
    ev = _director(key)
    lv = live(ev)
    if number == lv.open_round():
        return _go(key, f"#round-{number}")
    if number not in lv.closed_rounds():
        abort(404)
    common = _common(lv)
    rows = _rows(lv, key, number, common, closed=True)
    byes = lv.record["round_list"][number - 1].get("byes", [])
    return render_template("event/round.html", **common, key=key, number=number, rows=rows, byes=byes)


#: what a kept row is drawn with in place of the page's CSRF token, replaced by the token on every
#: answer (unescaped: no name or word on the page can draw it, their «<» is escaped)
_CSRF_MARK = Markup("<csrf-token>")


def _rows(lv: Live, key: str, current: int, common: dict[str, Any], closed: bool = False) -> Markup:
    """The rows of the round being played (``event/_table_row.html``), each drawn once per what
    it shows and kept for the event, the language and the address: its table's state as read
    (status, hand, result and its source, totals, the match's players and links), the event's
    version (its names, rules and forms) and whether it breaks a rule (the winner said). A hand
    played at one table draws that row again, not the round's."""
    from flask_wtf.csrf import generate_csrf

    ev = lv.ev
    slot = ("rows", ev["id"], key, current, closed, lang(), request.host_url, request.script_root)
    old: dict[int, tuple[Any, str]] = kept().get(slot) or {}
    new: dict[int, tuple[Any, str]] = {}
    draw = None
    for tv in lv.tables[current]:
        m = tv.match
        state = (ev["version"], lv.error is None, tv.round, tv.status, tv.hand, tv.result, tv.source, tv.totals,
                 tv.seats, None if m is None else (m["players"], m["edit_key"], m["view_key"]))
        got = old.get(tv.number)
        if got is None or got[0] != state:
            if draw is None:
                context = dict(common, key=key, current=current, closed=closed, csrf_token=lambda: _CSRF_MARK)
                module: Any = current_app.jinja_env.get_template("event/_table_row.html").make_module(context)
                draw = module.row  # the template's macro
            got = (state, str(draw(tv)))
        new[tv.number] = got
    kept().put(slot, new)
    return Markup("".join(html for _state, html in new.values()).replace(_CSRF_MARK, generate_csrf()))


def audit_words(entry: dict[str, Any], names: dict[str, str]) -> str:
    """A change of the director's in the page's words (``referee.events.changes``)."""
    return changes.said(entry["kind"], entry["data"], names, lang())


def _cards(ev: Stored, number: int) -> list[dict[str, Any]]:
    import segno

    from .urls import public_url

    lv = live(ev)
    out = []
    for tv in lv.tables.get(number, []):
        if tv.match is None:
            continue
        edit = public_url("play.table", key=tv.match["edit_key"])
        view = public_url("share.view", key=tv.match["view_key"])
        qr = segno.make(edit, error="m")
        out.append({"table": tv.number, "names": tv.names, "edit": edit, "view": view,
                    "qr": qr.svg_inline(border=2, dark="#111", light="#fff", omitsize=True),
                    "qr_uri": qr.svg_data_uri(border=2, dark="#111", light="#fff"),
                    "sides": _sides_of(lv, tv)})
    return out


def _sides_of(lv: Live, tv: TableView) -> list[str]:
    if lv.event is None:
        return tv.names
    return [" + ".join(tv.names[s] for s in g) for g in lv.event.side_groups()]


@bp.get("/e/<key>/round/<int:number>/cards")
def cards(key: str, number: int) -> ResponseReturnValue:
    """Each table's card on screen: its number, its seats and the QR that opens its match on the
    scorer's phone."""
    ev = _director(key)
    got = _cards(ev, number)
    if not got:
        abort(404)
    return render_template("event/cards.html", **_common(live(ev)), key=key, number=number, cards=got)


@bp.get("/e/<key>/round/<int:number>/cards.pdf")
def cards_pdf(key: str, number: int) -> ResponseReturnValue:
    """The same cards, printable (A4, four a page)."""
    from .sheets import bad_lang, pdf_response

    ev = _director(key)
    got = _cards(ev, number)
    if not got:
        abort(404)
    want = _pdf_lang()
    if want is None:
        return bad_lang()
    return _pdf("print/event_cards.html", want, f"event-{ev['id']}-round-{number}-tables.pdf",
                pdf_response, ev=ev, number=number, cards=got, game_title=_common(live(ev))["game_title"])


def _pdf_lang() -> str | None:
    asked = request.args.get("lang") or lang()
    return asked if asked in ("ru", "en") else None


def _pdf(template: str, want: str, filename: str, respond: Callable[[bytes, str], Response],
         **context: Any) -> ResponseReturnValue:
    from flask_babel import force_locale

    from referee import pdf

    from .sheets import unavailable

    with force_locale(want):
        html = render_template(template, lang=want, **context)
    try:
        data = pdf.load_weasyprint().HTML(string=html, base_url=str(pdf.TEMPLATES)).write_pdf()
    except pdf.PrintingUnavailable as err:
        return unavailable(err)
    return respond(data, filename)


@bp.get("/e/<key>/audit")
def audit(key: str) -> ResponseReturnValue:
    """Every change of the director's, oldest first."""
    ev = _director(key)
    lv = live(ev)
    return render_template("event/audit.html", **_common(lv), key=key,
                           audit=store.event_audit(get_db(), ev["id"]), audit_words=audit_words)


@bp.get("/ev/<key>")
def standings(key: str) -> ResponseReturnValue:
    """The live standings, read only: places, match points, every tie-break, the cross table,
    each unit's matches."""
    from flask import session

    ev = _public(key)
    lv = live(ev)
    cache = ("page", lv.key, lang(), request.full_path)
    page: str | None = kept().get(cache)
    if page is None or "_flashes" in session:
        page = render_template("event/standings.html", **_common(lv), key=key, view=standings_view(lv),
                               current=lv.open_round(), big=False, follow=request.args.get("follow") != "0")
        kept().put(cache, page)
    return page


@bp.get("/ev/<key>/board")
def board(key: str) -> ResponseReturnValue:
    """The standings for a big screen in the hall (large type, following the results)."""
    from flask import session

    ev = _public(key)
    lv = live(ev)
    current = lv.open_round()
    now_clock = clock(ev, current) if current else None
    if "_flashes" in session:
        return render_template("event/board.html", **_common(lv), key=key, view=standings_view(lv),
                               current=current, clock=now_clock)
    # drawn once per the event's key (its version, the results read), language and address, and
    # answered to every screen; a running clock is drawn with a mark put in its place each time
    running = now_clock is not None and not now_clock["called"] and not now_clock["over"]
    cache = ("board", lv.key, lang(), request.full_path,
             None if now_clock is None else (bool(now_clock["called"]), now_clock["over"]))
    page: str | None = kept().get(cache)
    if page is None:
        drawn = dict(now_clock, **_CLOCK_MARK) if running and now_clock is not None else now_clock
        page = render_template("event/board.html", **_common(lv), key=key, view=standings_view(lv),
                               current=current, clock=drawn)
        kept().put(cache, page)
    if running and now_clock is not None:
        page = page.replace(f'data-left="{_CLOCK_MARK["left"]}"', f'data-left="{now_clock["left"]}"').replace(
            '>%d:%02d<' % (_CLOCK_MARK["minutes"], _CLOCK_MARK["seconds"]),
            '>%d:%02d<' % (now_clock["minutes"], now_clock["seconds"]))
    return page


#: the clock's values a kept board is drawn with, each replaced by the clock's own on every answer
_CLOCK_MARK = {"left": 987654321, "minutes": 98765, "seconds": 43}


@bp.get("/ev/<key>/results.pdf")
def results_pdf(key: str) -> ResponseReturnValue:
    """The standings, the cross table and each unit's matches, printable, in Russian or English
    (``?lang=``)."""
    from .sheets import bad_lang, pdf_response

    ev = _public(key)
    want = _pdf_lang()
    if want is None:
        return bad_lang()
    from flask_babel import force_locale

    lv = live(ev)
    with force_locale(want):             # the cells' words in the PDF's language, not the page's
        view = standings_view(lv)
    return _pdf("print/event_results.html", want, f"event-{ev['id']}-results.pdf", pdf_response,
                **_common(lv), view=view)


@bp.get("/ev/<key>/results.csv")
def results_csv(key: str) -> ResponseReturnValue:
    """The standings as CSV for a spreadsheet (``referee.matches.spreadsheet``)."""
    from referee.matches import spreadsheet

    ev = _public(key)
    lv = live(ev)
    view = standings_view(lv)
    head = [_("Place"), _("Name"), _("Match points"), _("Buchholz"), _("Score difference"), _("Played"),
            _("Byes")] + [_("Round %(n)d", n=n) for n in view["rounds"]]
    rows = []
    for r in view["rows"]:
        cells = []
        for n in view["rounds"]:
            c = r["cells"].get(n)
            if c is None:
                cells.append("")
            elif c.get("bye"):
                cells.append(_("bye"))
            elif c.get("mp") is None:
                cells.append(_("playing"))
            else:
                cells.append(f"{c['mp']} ({c['diff']})")
        rows.append([r["place"], " + ".join(r["names"]), _number(r["mp"]), _number(r["buchholz"]),
                     _number(r["diff"].replace("−", "-")), r["played"], r["byes"]] + cells)
    out = io.StringIO()
    spreadsheet.write(out, head, rows)
    return Response("\ufeff" + out.getvalue(), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="event-{ev["id"]}-standings.csv"'})


def _number(text: str) -> int | float:
    return float(text) if "." in text else int(text)


@bp.get("/ev/<key>/export")
def export(key: str) -> ResponseReturnValue:
    """The event as its record (``referee-event/1``), every finished table's result in it."""
    ev = _public(key)
    lv = live(ev)
    body = json.dumps(lv.record, ensure_ascii=False, indent=1)
    return Response(body, mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="event-{ev["id"]}.json"'})
