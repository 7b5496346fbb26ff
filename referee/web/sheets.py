"""Sheets and hand records: the match scoresheet (PDF), blank scoresheets, each hand's moves.

Routes (``door`` is ``m`` with the edit key or ``s`` with the read-only view key; a viewer
reaches everything here too, and nothing here changes the match):

- ``/sheets/blank``: choose a variant, the number of players and the language of a blank sheet;
  ``/sheets/blank/<variant>/<players>.pdf?lang=ru|en`` is the sheet.
- ``/<door>/<key>/sheets``: the match's printouts (scoresheet, hand records, the dispute tool).
- ``/<door>/<key>/sheet.pdf?lang=ru|en``: the match scoresheet.
- ``/<door>/<key>/hands/<n>``: hand ``n`` move by move, for players who were not there;
  ``/<door>/<key>/hands/<n>.pdf`` the same as a PDF.

The PDFs come from ``referee.pdf`` (WeasyPrint); the report they print is the engine's
(``referee.record``). Their words are in the app's one catalogue (``tools/translations.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from flask import Blueprint, Response, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from referee import rulebook
from referee.rules import catalogue
from referee.matches import replay
from referee.matches.kept_log import Log

from . import get_db, life, service, store
from .i18n import lang, table_time
from .write import match_at
from referee.matches.log import LoggedHand, to_record
from referee.rules.errors import RuleError

if TYPE_CHECKING:
    from referee.pdf import PrintingUnavailable

LANGS = ("ru", "en")

#: (a report as JSON: ``referee check --json``'s, with what the sheets add; None), or (None, the
#: refusal that stopped the replay)
Reported = tuple[dict[str, Any], None] | tuple[None, replay.Refusal]
#: a hand's record, the match's replay and the hand as logged (``_hand_parts``)
HandParts = tuple[dict[str, Any], replay.MatchState, LoggedHand]

bp = Blueprint("sheets", __name__)


# -- shared with the dispute tool ----------------------------------------------------------------


def problem(title: str, message: str, status: int) -> tuple[str, int]:
    """A clear page in the user's language for input that cannot be served."""
    return render_template("error.html", title=title, message=message), status


def no_hand(number: int, count: int) -> tuple[str, int]:
    return problem(_("No such hand"),
                   _("This match has no hand %(n)d (it has %(count)d).", n=number, count=count), 404)


def sheet_lang(m: Mapping[str, Any] | None = None) -> str | None:
    """The language asked for a PDF (``?lang=``), else the match's own, else the page's; None
    when it is not one we speak."""
    asked = request.args.get("lang")
    if asked is None or asked == "":
        own: str | None = (m or {}).get("lang")
        return own or lang()
    return asked if asked in LANGS else None


def unavailable(err: PrintingUnavailable) -> tuple[str, int]:
    """No PDF can be made on this server (the system library Pango is missing): what is missing
    and how to install it, in the page's language; 503, as for anything the server lacks."""
    return problem(_("Sheets cannot be printed on this server"),
                   _("Everything else works as before. Whoever runs this server can mend it: %(line)s",
                     line=err.message(lang())), 503)


def printing_note() -> str | None:
    """What the sheets pages say first where no PDF can be made here (None where it can)."""
    from referee import pdf

    missing = pdf.printing_unavailable()
    if missing is None:
        return None
    return str(_("Sheets cannot be printed on this server") + ". "
               + _("Everything else works as before. Whoever runs this server can mend it: %(line)s",
                   line=missing.message(lang())))


def bad_lang() -> tuple[str, int]:
    return problem(_("Unknown language"), _("Sheets are printed in Russian (ru) or English (en)."), 400)


def pdf_response(data: bytes, filename: str) -> Response:
    return Response(data, mimetype="application/pdf",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"',
                             "Cache-Control": "no-store"})


def loaded(m: dict[str, Any]) -> tuple[Log, replay.MatchState]:
    """The match's events, its logged hands and the app's replay of them (``replay.replay``,
    kept by the worker: ``MatchService.load``)."""
    return service().load(m)


def report_for_sheet(state: replay.MatchState, record: dict[str, Any], report_lang: str) -> Reported:
    """(the engine's report with in-play points and its refusal in ``report_lang``, None), as
    ``engine_report`` gives it, from the state's replay when it has one (no second replay)."""
    from referee import pdf

    rep = state.rep
    if rep is None:
        return engine_report(record, report_lang)
    out = rep.to_json()
    if out.get("error") and rep.error_obj is not None:
        out["error"] = dict(out["error"], message=rep.error_obj.message(report_lang))
    return pdf.add_in_play(out, rep), None


def engine_report(record: dict[str, Any], report_lang: str) -> Reported:
    """(report JSON with in-play points, None) from ``referee.record``; or (None, refusal)."""
    from referee import pdf
    from referee import record as rec

    try:
        code, out, rep = rec.check(record, report_lang)[:3]
    except Exception as err:  # noqa: BLE001 - a broken log is drawn as a refusal, never a 500
        return None, replay.refusal(err) if isinstance(err, (RuleError, catalogue.OptionError)) else replay.Refusal(
            "replay.failure", said=type(err).__name__)
    return pdf.add_in_play(out, rep), None


def report_in(state: replay.MatchState, report_lang: str) -> dict[str, Any]:
    """The app's report with its refusal in ``report_lang``; a hand waiting for the tiles left
    is not a refusal."""
    report = dict(state.report)
    err = state.error
    if err is None or err.rule == "left.missing":
        report["error"] = None
    elif report.get("error"):
        report["error"] = dict(report["error"], message=err.message(report_lang))
    return report


def hand_summary(report: dict[str, Any], number: int) -> dict[str, Any] | None:
    hands: list[dict[str, Any]] = report.get("hands") or []
    for h in hands:
        if h.get("number") == number:
            return h
    return None


# -- blank scoresheets ---------------------------------------------------------------------------


@bp.get("/sheets/blank")
def blank() -> ResponseReturnValue:
    """Choose the variant, the number of players and the language of a blank scoresheet."""
    chosen = request.args.get("sheet_lang") or lang()
    if chosen not in LANGS:
        return bad_lang()
    from referee.rulebook import preset_words

    presets = {v: [{"name": k, "title": preset_words(k, lang())[0], "players": 4 if o.get("teams") == "pairs"
                    else catalogue.spec(v).min_players} for k, o in ps.items()]
               for v, ps in catalogue.PRESETS.items()}
    return render_template("sheets/blank.html", variants=list(catalogue.VARIANTS.values()),
                           sheet_lang=chosen, presets=presets, no_printing=printing_note())


@bp.get("/sheets/blank/<variant>/<int:players>.pdf")
def blank_pdf(variant: str, players: int) -> ResponseReturnValue:
    """A blank scoresheet as PDF, with the variant's scoring summary and target."""
    from referee import pdf

    spec = catalogue.VARIANTS.get(variant)
    if spec is None:
        return problem(_("Unknown variant"), _("There is no variant “%(name)s”.", name=variant[:40]), 404)
    chosen = sheet_lang()
    if chosen is None:
        return bad_lang()
    if players not in spec.player_counts:
        return problem(_("Wrong number of players"),
                       _("%(variant)s is played by %(lo)d to %(hi)d players, not %(n)d.",
                         variant=rulebook.variant_title(spec.name, lang()),
                         lo=spec.min_players, hi=spec.max_players, n=players), 400)
    preset = request.args.get("preset") or None        # a named set of rules (pairs: «Козёл»)
    try:
        data = pdf.blank_sheet(variant, players, chosen, preset=preset)
    except pdf.SheetError as err:
        return problem(_("The sheet cannot be made"), err.message(lang()), 400)
    except pdf.PrintingUnavailable as err:
        return unavailable(err)
    name = f"blank-{variant}-{preset}-{chosen}.pdf" if preset else f"blank-{variant}-{players}-{chosen}.pdf"
    return pdf_response(data, name)


# -- a match's printouts -------------------------------------------------------------------------


@bp.get("/<any(m, s):door>/<key>/sheets")
def match(door: str, key: str) -> ResponseReturnValue:
    """The match's sheets: the scoresheet, every hand's record, the dispute tool."""
    m = match_at(door, key)
    evs, state = loaded(m)
    rows = []
    for i, h in enumerate(state.hands, start=1):
        moves = sum(len(t.moves) for t in h.turns)
        rows.append({"number": i, "moves": moves, "by_result": h.by_result,
                     "summary": hand_summary(state.report, i),
                     "counting": i == len(state.hands) and replay.phase(state) == "left"})
    # the blank for this match: the ready set of rules it was set up with (pairs: «Козёл»), if any
    options = m.get("options") or {}
    preset = next((name for name, given in catalogue.PRESETS.get(m["variant"], {}).items()
                   if all(str(options.get(k)) == str(v) for k, v in given.items())), None)
    return render_template("sheets/match.html", m=m, n=len(evs), rows=rows, state=state, preset=preset,
                           in_play=replay.phase(state) == "play" and state.live is not None,
                           spec=catalogue.spec(m["variant"]), other="en" if lang() == "ru" else "ru",
                           no_printing=printing_note())


@bp.get("/<any(m, s):door>/<key>/sheet.pdf")
def match_pdf(door: str, key: str) -> ResponseReturnValue:
    """The match scoresheet (PDF) in the language asked for, else the page's."""
    from referee import pdf

    m = match_at(door, key)
    chosen = sheet_lang(m)
    if chosen is None:
        return bad_lang()
    evs, state = loaded(m)
    record = to_record(m, state.hands, include_open=False)
    record["lang"] = chosen
    reported = report_for_sheet(state, record, chosen)
    if reported[0] is None:
        return problem(_("The sheet cannot be made"), reported[1].message(lang()), 422)
    report = reported[0]
    from flask_babel import force_locale

    hands = state.hands
    with force_locale(chosen):
        audit = [dict(a, when=table_time(a["at"])) for a in life.audit_entries(m, evs)
                 if a["kind"] == "correct" and not a["undone"]]
    try:
        data = pdf.match_sheet(record, report, chosen, corrected=life.corrected_numbers(hands),
                               audit=audit, event=store.event_table_of(get_db(), int(m["id"])))
    except pdf.SheetError as err:
        return problem(_("The sheet cannot be made"), err.message(lang()), 400)
    except pdf.PrintingUnavailable as err:
        return unavailable(err)
    return pdf_response(data, f"match-{m['id']}-{chosen}.pdf")


def _hand_parts(m: dict[str, Any], number: int) -> tuple[HandParts, None] | tuple[None, tuple[str, int]]:
    """((record with every move logged, the app's replay, the logged hand), None) or (None, an
    error page)."""
    evs, state = loaded(m)
    if not 1 <= number <= len(state.hands):
        return None, no_hand(number, len(state.hands))
    record = to_record(m, state.hands, include_open=True)
    return (record, state, state.hands[number - 1]), None


@bp.get("/<any(m, s):door>/<key>/hands/<int:number>")
def hand(door: str, key: str, number: int) -> ResponseReturnValue:
    """Every move of a hand in order: number, player, the move in words and in notation."""
    from referee import pdf

    m = match_at(door, key)
    parts = _hand_parts(m, number)
    if parts[0] is None:
        return parts[1]
    record, state, logged = parts[0]
    report = report_in(state, lang())
    rows = pdf.hand_moves(record, report, number, lang())
    raw = record["hands"][number - 1]
    error = report["error"] if report["error"] and report["error"].get("hand") == number else None
    return render_template("sheets/hand.html", m=m, number=number, rows=rows, hand=raw,
                           logged=logged, summary=hand_summary(state.report, number), error=error,
                           count=len(state.hands), other="en" if lang() == "ru" else "ru")


@bp.get("/<any(m, s):door>/<key>/hands/<int:number>.pdf")
def hand_pdf(door: str, key: str, number: int) -> ResponseReturnValue:
    """A hand's record as PDF, in the language asked for, else the page's."""
    from referee import pdf

    m = match_at(door, key)
    chosen = sheet_lang(m)
    if chosen is None:
        return bad_lang()
    parts = _hand_parts(m, number)
    if parts[0] is None:
        return parts[1]
    record, state, _logged = parts[0]
    record["lang"] = chosen
    report = report_in(state, chosen)
    report["hands"] = [h for h in report.get("hands") or [] if h.get("end")]  # no result yet: none printed
    try:
        data = pdf.hand_record(record, report, number, chosen)
    except pdf.SheetError as e:
        return problem(_("The sheet cannot be made"), e.message(lang()), 400)
    except pdf.PrintingUnavailable as err:
        return unavailable(err)
    return pdf_response(data, f"match-{m['id']}-hand-{number}-{chosen}.pdf")
