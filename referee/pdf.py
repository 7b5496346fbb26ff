"""Printed sheets: the match scoresheet, blank scoresheets and hand records (WeasyPrint).

The templates live in the top-level ``templates/print/`` folder and are rendered with a plain
Jinja2 environment, so the command line needs no Flask. Each sheet has a ``*_html`` function
(the web app may show the same page) and a function that returns the PDF bytes.

The ``report`` argument is the ``referee check --json`` object (record-format.md), best with
what :func:`add_in_play` adds from the engine: ``now`` (the engine's ``Match`` as it stands: the
«козёл», a «сухой» win; asked of a replay of the record when it is missing) and each hand's
``in_play`` (or ``scores``), the points each player gathered during play, shown beside the
hand's points. The match sheet is drawn from the one scoreboard model
(``referee.matches.scoreboard``) and the one chart model (``referee.matches.chart``).
"""

from __future__ import annotations

import datetime as _dt
from functools import lru_cache
from typing import Any, Iterable, Mapping, Sequence

import jinja2
from babel.dates import format_date

from referee import rulebook
from referee.matches import chart, scoreboard
from referee.paths import TEMPLATES  # a checkout's templates/ or the installed copy
from referee.rules import REGISTRY, make_variant
from referee.rules.catalogue import PRESETS, VARIANTS, OptionError, resolve_options, spec
from referee.rules.move_words import sentence  # the one formatter of move text
from referee.words import NC_, say_in

__all__ = [
    "TEMPLATES",
    "match_sheet",
    "add_in_play",
    "match_sheet_html",
    "blank_sheet",
    "blank_sheet_html",
    "hand_record",
    "hand_record_html",
    "hand_moves",
    "SheetError",
    "PrintingUnavailable",
    "printing_unavailable",
]




class SheetError(ValueError):
    """Input a sheet cannot be made from; ``key`` picks the words, ``params`` fill them."""

    def __init__(self, kind: str, **params: object):
        self.key = kind
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str) -> str:
        return str(_words("ERRORS", lang)[self.key].format(**self.params))


def key_lang(lang: str | None) -> str:
    return "en" if lang == "en" else "ru"

@lru_cache(maxsize=None)
def _words(table: str, lang: str | None) -> dict[Any, Any]:
    """A table of this module's words (``ERRORS``, ``WORDS``, ``UNAVAILABLE``) said in ``lang``."""
    def said(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: said(v) for k, v in value.items()}
        return say_in(key_lang(lang), value)
    words: dict[str, Any] = said(globals()[table])
    return words



#: said in the reader's language from the catalogue (context "sheet"): ``_words('ERRORS', lang)``
ERRORS = {
    'variant': NC_("sheet", "Unknown variant “{variant}”. Variants: {names}."),
    'players': NC_("sheet", "{title} is played by {low}–{high} players, not {n}."),
    'hand': NC_("sheet", "The record has no hand {n} (it has {count})."),
    'record': NC_("sheet", "This is not a game record: {detail}."),
    'option': NC_("sheet", "The house rule “{key}” with the value “{value}” is not one of this variant's."),
}

#: said in the reader's language from the catalogue (context "sheet"): ``_words('WORDS', lang)``
WORDS = {
    'sheet': NC_("sheet", "Match scoresheet"),
    'blank': NC_("sheet", "Match scoresheet (blank)"),
    'hand_record': NC_("sheet", "Hand record"),
    'variant': NC_("sheet", "Variant"),
    'date': NC_("sheet", "Date"),
    'event': NC_("sheet", "Event"),
    'event_at': NC_("sheet", "{name}: round {round}, table {table}"),
    'players': NC_("sheet", "Players (clockwise)"),
    'target': NC_("sheet", "Target"),
    'limit': NC_("sheet", "Limit"),
    'no_target': NC_("sheet", "no target (hands won are counted)"),
    'points': NC_("sheet", "points"),
    'options': NC_("sheet", "House rules"),
    'hand': NC_("sheet", "Hand"),
    'no': NC_("sheet", "#"),
    'end': NC_("sheet", "Ended"),
    'winner': NC_("sheet", "Winner"),
    'pts': NC_("sheet", "hand"),
    'total': NC_("sheet", "total"),
    'in_play_note': NC_("sheet", "Small figures: points gathered during play (already in the hand's points)."),
    'in_play_decide': NC_("sheet", "Small figures: the scores made during the hand; they decide who wins it, and only the winner's credit is recorded."),
    'match_winner': NC_("sheet", "Match winner"),
    'no_winner': NC_("sheet", "not decided yet"),
    'referee': NC_("sheet", "Referee"),
    'chart': NC_("sheet", "The match so far (totals after each hand)"),
    'ends': {
        'out': NC_("sheet", "out"),
        'block': NC_("sheet", "block"),
        'redeal': NC_("sheet", "redeal"),
        None: NC_("sheet", "unfinished"),
    },
    'nobody': NC_("sheet", "nobody"),
    'corrected': NC_("sheet", "corrected"),
    'audit': NC_("sheet", "Changed after it was entered"),
    'audit_hand': NC_("sheet", "Hand %(n)s"),
    'error': NC_("sheet", "Record refused"),
    'error_at': NC_("sheet", "hand {hand}, turn {turn}"),
    'rule': NC_("sheet", "rule"),
    'page': NC_("sheet", "page"),
    'of': NC_("sheet", "of"),
    'summary': NC_("sheet", "Scoring"),
    'provisional': NC_("sheet", "Provisional rules"),
    'player': NC_("sheet", "Player"),
    'ends_legend': NC_("sheet", "Ended: out / block / redeal."),
    'move': NC_("sheet", "Move"),
    'turn': NC_("sheet", "Turn"),
    'in_words': NC_("sheet", "In words"),
    'ends_after': NC_("sheet", "Open ends after"),
    'notation': NC_("sheet", "Notation"),
    'deal': NC_("sheet", "The deal"),
    'rows': NC_("sheet", "The rows"),
    'rows_note': NC_("sheet", "left to right; the rightmost is turned up"),
    'ends_note': NC_("sheet", "Open ends: the numbers showing after the move; “1/6” is the end of a crosswise matador, which either of its halves may take."),
    'unknown_deal': NC_("sheet", "not recorded (a real table)"),
    'leader': NC_("sheet", "Leader"),
    'removed': NC_("sheet", "Removed from the bazaar"),
    'starter': NC_("sheet", "Starting tile"),
    'left': NC_("sheet", "Pips left in hand"),
    'result': NC_("sheet", "Result"),
    'refused': NC_("sheet", "REFUSED"),
    'see_rule': NC_("sheet", "see rule"),
    'match': NC_("sheet", "Match"),
    'hands_count': NC_("sheet", "hands"),
    'from_record': NC_("sheet", "From the game record"),
    'notes': NC_("sheet", "Rules"),
    'unchecked': NC_("sheet", "The moves below were not checked: the record was refused above."),
    'no_moves': NC_("sheet", "The moves of this hand were not recorded: only its result."),
    'no_moves_redeal': NC_("sheet", "No moves: the tiles are redealt."),
    'usually': NC_("sheet", "default"),
    'pair': NC_("sheet", "Pair"),
    'pairs_line': NC_("sheet", "Pair 1: {a} and {c} · Pair 2: {b} and {d} (partners opposite)"),
    'and': NC_("sheet", "and"),
    'hangs': NC_("sheet", "hangs"),
    'eggs': NC_("sheet", "eggs"),
    'eggs_note': NC_("sheet", "Eggs: an equal block writes nothing; its pips go to the next hand's losers."),
    'hangs_note': NC_("sheet", "Hangs: an amount under {n} is not written; it is added to the next one."),
    'goats': NC_("sheet", "The «козёл» (goats)"),
    'goat': NC_("sheet", "The «козёл»"),
    'dry': NC_("sheet", "A «сухой» (dry) win: not one point written against the winners."),
    'seating': NC_("sheet", "Seating (seen from above)"),
    'seat': NC_("sheet", "seat"),
    'preset': NC_("sheet", "Set of rules"),
}

# Line colours and dash patterns of the chart: each line in its colour on the screen (a player's
# line is the same colour on the phone and on the sheet), the dashes keep them apart in black and white.
CHART_STYLES = list(zip(chart.COLOURS, ("", "6 3", "2 2", "8 3 2 3", "1 3", "10 4", "4 2 1 2", "3 5")))


@lru_cache(maxsize=1)
def _env() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        autoescape=jinja2.select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["signed"] = _signed
    return env


def _signed(n: object) -> str:
    if isinstance(n, int) and n > 0:
        return f"+{n}"
    if isinstance(n, int) and n < 0:
        return f"−{-n}"
    return "" if n is None else str(n)


def _render(template: str, **context: Any) -> str:
    return _env().get_template(template).render(**context)


def _to_pdf(html: str) -> bytes:
    weasyprint = load_weasyprint()
    pdf: bytes = weasyprint.HTML(string=html, base_url=str(TEMPLATES)).write_pdf()
    return pdf


class PrintingUnavailable(Exception):
    """WeasyPrint cannot load the system's libraries it draws with (Pango, with GLib, HarfBuzz
    and Fontconfig): no PDF can be made on this machine until they are installed. ``library``
    names the one that failed to load (None when the error does not say); ``message(lang)`` is
    one line that says what is missing and how to install it here."""

    def __init__(self, library: str | None, detail: str):
        self.library = library
        self.detail = detail
        super().__init__(self.message("en"))

    def message(self, lang: str) -> str:
        words = _words("UNAVAILABLE", lang)
        missing = words["library"].format(library=self.library) if self.library else ""
        return str(words["line"].format(missing=missing, install=install_hint(lang)))


#: said in the reader's language from the catalogue (context "sheet"): ``_words('UNAVAILABLE', lang)``
UNAVAILABLE = {
    'line': NC_("sheet", "PDFs cannot be printed: they need the system library Pango (1.44 or later), which cannot be loaded here{missing}. Install it ({install}), then try again."),
    'library': NC_("sheet", " ({library} is missing)"),
    'other': NC_("sheet", "from your system's packages: Pango 1.44 or later and a font with Cyrillic letters"),
    'windows': NC_("sheet", "pacman -S mingw-w64-x86_64-pango in MSYS2; see WeasyPrint's “First steps”"),
}

#: the install command of each kind of system (the README's list of what WeasyPrint needs)
INSTALL = {
    "debian": "sudo apt install libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core",
    "fedora": "sudo dnf install pango dejavu-sans-fonts",
    "macos": "brew install pango",
    "termux": "pkg install pango",
}


def system_kind() -> str:
    """``debian``, ``fedora``, ``macos``, ``termux``, ``windows`` or ``other``: which install
    command this machine takes (Linux: from /etc/os-release's ID and ID_LIKE)."""
    import os
    import sys

    if sys.platform == "darwin":
        return "macos"
    if sys.platform.startswith("win"):
        return "windows"
    if "com.termux" in os.environ.get("PREFIX", ""):
        return "termux"
    try:
        with open("/etc/os-release", encoding="utf-8") as f:
            fields = dict(line.rstrip("\n").split("=", 1) for line in f if "=" in line)
    except OSError:
        return "other"
    ids = " ".join(fields.get(k, "").strip('"').lower() for k in ("ID", "ID_LIKE")).split()
    if any(i in ("debian", "ubuntu") for i in ids):
        return "debian"
    if any(i in ("fedora", "rhel", "centos") for i in ids):
        return "fedora"
    return "other"


def install_hint(lang: str) -> str:
    kind = system_kind()
    if kind in INSTALL:
        return INSTALL[kind]
    return str(_words("UNAVAILABLE", lang)["windows" if kind == "windows" else "other"])


def load_weasyprint() -> Any:
    """The ``weasyprint`` module, imported on first need (the rest of referee never loads it);
    :class:`PrintingUnavailable` when it cannot load the system's libraries (its import opens
    them and raises OSError when one is missing). Tried again at each call, so that a server
    prints as soon as they are installed."""
    import sys

    module = sys.modules.get("weasyprint")
    if module is not None:
        return module
    import contextlib
    import io
    import re

    try:
        # WeasyPrint prints a banner of its own on standard output before it raises: the one
        # line of PrintingUnavailable says it instead
        with contextlib.redirect_stdout(io.StringIO()):
            import weasyprint
    except OSError as e:
        found = re.search(r"cannot load library '([^']+)'", str(e))
        raise PrintingUnavailable(found.group(1) if found else None, str(e)) from None
    return weasyprint


def printing_unavailable() -> PrintingUnavailable | None:
    """Why no PDF can be made here, or None when WeasyPrint loads (``referee serve`` asks once
    at its start)."""
    try:
        load_weasyprint()
    except PrintingUnavailable as e:
        return e
    return None


def _check_variant(variant: object, lang: str) -> str:
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise SheetError("variant", variant=variant, names=", ".join(VARIANTS))
    return variant


def _common(variant: str, lang: str, kozel: bool = False) -> dict[str, Any]:
    """The words every sheet heads with; ``kozel``: the rules in force name the «козёл»
    (``Variant.names_the_kozel``): the sheet is titled «Козёл» as the table calls the game."""
    return {
        "lang": lang,
        "w": _words("WORDS", lang),
        "variant": variant,
        "variant_title": rulebook.game_title(variant, lang, kozel),
        "variant_other": rulebook.game_title(variant, "en" if lang == "ru" else "ru", kozel),
        "provisional": rulebook.provisional_note(variant, lang),
    }


def _names_the_kozel(variant: str, players: Sequence[str], given: Mapping[str, object]) -> bool:
    """The rules in force name the «козёл» (False where the options cannot be read: the sheet
    then says what is wrong elsewhere)."""
    try:
        return make_variant(variant, len(players), resolve_options(variant, len(players), given)).names_the_kozel()
    except (OptionError, ValueError, KeyError):
        return False


def _goal(variant: str, options: Mapping[str, object], lang: str) -> tuple[str, str]:
    """("Цель", "100 очков") or ("Предел", "101") for the options in force."""
    w = _words("WORDS", lang)
    v = spec(variant)
    goal = v.goal(options)
    if v.scoring_kind(options) == "penalty":
        return w["limit"], f"{goal}"
    if goal is None:
        return w["target"], w["no_target"]
    return w["target"], f"{goal} {w['points']}"


# --------------------------------------------------------------------------------------------
# The match scoresheet


def _record_parts(record: Mapping[str, Any]) -> tuple[Any, list[str], dict[str, object]]:
    if not isinstance(record, Mapping):
        raise SheetError("record", detail="not a JSON object")
    variant = record.get("variant")
    players = record.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise SheetError("record", detail="players must be a list of names")
    options = record.get("options") or {}
    if not isinstance(options, Mapping):
        raise SheetError("record", detail="options must be an object")
    return variant, players, dict(options)


def add_in_play(out: dict[str, Any], rep: Any) -> dict[str, Any]:
    """The report JSON with what the sheet reads of the engine beyond ``referee check --json``,
    taken from the engine's ``Report`` object (``referee.record.replay`` / ``check``): the
    match as its ``Match`` sees it (``now``: :func:`referee.matches.scoreboard.now_of`) and,
    where the variant has them, each hand's in-play points (``in_play``: its ``scored``, for
    result-only hands, or the replayed hand's ``scores``). Give the result to :func:`match_sheet`."""
    if rep is None:
        return out
    out = dict(out)
    out["now"] = scoreboard.now_of(rep)
    hands = getattr(rep, "hands", None)
    if not hands or not getattr(rep, "scores_in_play", False):
        return out
    players = list(getattr(rep, "players", None) or [])
    out["hands"] = [dict(h) for h in out.get("hands") or []]
    for h, hr in zip(out["hands"], hands):
        scored = getattr(hr, "scored", None)
        if not scored:
            scores = getattr(getattr(hr, "hand", None), "scores", None)
            if scores and players and len(scores) == len(players):
                scored = dict(zip(players, scores))
        if scored and any(scored.values()):
            h["in_play"] = dict(scored)
    return out


def _with_now(record: Mapping[str, Any], report: Mapping[str, Any]) -> Mapping[str, Any]:
    """``report`` with the engine's ``now`` (:func:`add_in_play`): a report as ``referee check
    --json`` gives it has none, so the record is replayed once to ask the engine's ``Match``
    (nothing when the record cannot be read: the sheet then names no «козёл»)."""
    if report.get("now") is not None:
        return report
    from referee.record import check

    rep = check(dict(record))[2]
    return dict(report, now=scoreboard.now_of(rep)) if rep is not None else report


def match_sheet_html(record: Mapping[str, Any], report: Mapping[str, Any], lang: str | None = None,
                     corrected: Iterable[int] = (), audit: Sequence[Mapping[str, Any]] = (),
                     event: Mapping[str, Any] | None = None) -> str:
    """The scoresheet as HTML for WeasyPrint (A4): the match's scoreboard
    (``referee.matches.scoreboard``, a column per player or per pair) and its chart
    (``referee.matches.chart``). ``corrected``: the numbers of the hands changed after they were
    entered (marked); ``audit``: those changes in words (``hand``, ``at``, ``lines``), printed
    below the table; ``event``: the table of an event that played the match (``name``,
    ``round``, ``table``), named under the date."""
    lang = key_lang(lang or record.get("lang"))
    variant, players, given = _record_parts(record)
    _check_variant(variant, lang)
    v = spec(variant)
    if not v.min_players <= len(players) <= v.max_players:
        raise SheetError("players", title=rulebook.variant_title(variant, lang), low=v.min_players,
                         high=v.max_players, n=len(players))
    try:
        options = resolve_options(variant, len(players), given)
    except OptionError as e:
        raise SheetError("option", key=e.params.get("key", ""), value=e.params.get("value", "")) from None
    rules = make_variant(variant, len(players), options)
    w = _words("WORDS", lang)
    score = scoreboard.build(variant, options, players, _with_now(record, report),
                             lambda a, b: f"{a} {w['and']} {b}")
    goal_label, goal_value = _goal(variant, options, lang)
    error = report.get("error")
    if error:
        error = dict(error)
        error["rule_title"] = _rule_title(error.get("rule"), lang)
    teams = [c.members for c in score.columns] if score.pairs else []
    ctx = _common(variant, lang, rules.names_the_kozel())
    ctx.update(
        title=w["sheet"],
        date=_format_date(record.get("date"), lang),
        event=w["event_at"].format(name=event["name"], round=event["round"], table=event["table"])
        if event else "",
        players=players,
        goal_label=goal_label,
        goal_value=goal_value,
        options=rulebook.options_in_force(variant, given, len(players), lang),
        score=score,
        ends={r.number: _end_word(w, r.end, record, r.number) for r in score.rows},
        corrected=set(corrected),
        any_in_play=any(r.in_play for r in score.rows),
        in_play_note=w["in_play_decide" if rules.in_play_decides() else "in_play_note"],
        chart=chart.running([c.name for c in score.columns], score.series, score.goal, chart.SHEET)
        if score.rows else None,
        chart_styles=CHART_STYLES,
        goal_word=w["limit" if score.kind == "penalty" else "target"],
        error=error,
        landscape=len(players) >= 6,
        summary=rulebook.scoring_summary(variant, lang, len(players), options),
        audit=[dict(a, title=w["audit_hand"] % {"n": a.get("hand")} if a.get("hand") else "")
               for a in audit],
        eggs_on=options.get("eggs") == "yes",
        pairs_line=w["pairs_line"].format(a=teams[0][0], c=teams[0][1], b=teams[1][0], d=teams[1][1])
        if len(teams) == 2 and all(len(t) == 2 for t in teams) else "",
    )
    return _render("print/match_sheet_pairs.html" if score.pairs else "print/match_sheet.html", **ctx)


def _end_word(w: Mapping[str, Any], end: object, record: Mapping[str, Any], number: int) -> str:
    """How a hand ended, in the sheet's words: a hand entered by its result (the report's
    ``result``) says what the record's result says (someone went out, or a block), not «итог»."""
    if end == "result":
        hands = record.get("hands") or []
        entry = hands[number - 1] if 0 < number <= len(hands) and isinstance(hands[number - 1], Mapping) else {}
        given = entry.get("result")
        result: Mapping[str, Any] = given if isinstance(given, Mapping) else {}
        end = "out" if result.get("out") else "block"
    return str(w["ends"].get(end, str(end)))


def match_sheet(record: Mapping[str, Any], report: Mapping[str, Any], lang: str | None = None,
                corrected: Iterable[int] = (), audit: Sequence[Mapping[str, Any]] = (),
                event: Mapping[str, Any] | None = None) -> bytes:
    """The match scoresheet as PDF bytes, in ``lang`` (default: the record's ``lang``, else ru)."""
    return _to_pdf(match_sheet_html(record, report, lang, corrected, audit, event))


def _rule_title(rule: object, lang: str) -> str:
    if not isinstance(rule, str):
        return ""
    try:
        return rulebook.rule_for(rule, lang).title
    except KeyError:
        return ""


def _format_date(value: object, lang: str) -> str:
    if not isinstance(value, str):
        return ""
    try:
        d = _dt.date.fromisoformat(value)
    except ValueError:
        return value
    lang = "ru" if lang == "ru" else "en"
    return format_date(d, _DATE_PATTERN[lang], locale=lang)


#: a match's date on a sheet, by language (Babel's month names, not the process's locale):
#: 01.03.2025, 1 March 2025
_DATE_PATTERN = {"ru": "dd.MM.yyyy", "en": "d MMMM yyyy"}


# --------------------------------------------------------------------------------------------
# Blank scoresheets


def blank_sheet_html(variant: str, players: int, lang: str = "ru", rows: int | None = None,
                     preset: str | None = None) -> str:
    """A blank scoresheet; ``preset`` (``catalogue.PRESETS``: «Козёл, как во дворе», «Морской
    козёл») prints its rules in force, and in pairs two pair columns with what hangs and the eggs."""
    lang = key_lang(lang)
    _check_variant(variant, lang)
    v = spec(variant)
    if not isinstance(players, int) or not v.min_players <= players <= v.max_players:
        raise SheetError("players", title=rulebook.variant_title(variant, lang), low=v.min_players,
                         high=v.max_players, n=players)
    if preset is not None:
        chosen = PRESETS.get(variant, {}).get(preset)
        if chosen is None:
            raise SheetError("option", key="preset", value=preset)
        try:
            options = resolve_options(variant, players, chosen)
        except OptionError as e:
            if e.rule == "record.teams_players":      # pairs: four players
                raise SheetError("players", title=rulebook.variant_title(variant, lang), low=4, high=4,
                                 n=players) from None
            raise SheetError("option", key=e.params.get("key", ""), value=e.params.get("value", "")) from None
        return _blank_preset_html(variant, players, lang, rows, preset, options)
    options = resolve_options(variant, players, {})
    goal_label, goal_value = _goal(variant, options, lang)
    landscape = players >= 6
    ctx = _common(variant, lang)
    ctx.update(
        title=_words("WORDS", lang)["blank"],
        players=players,
        goal_label=goal_label,
        goal_value=goal_value,
        summary=rulebook.scoring_summary(variant, lang, players).replace(ctx["provisional"], "").strip(),
        # each option's usual value in the rulebook's words (a number as it is), never the
        # record's value (``highest_double``, ``until``)
        options=[(o.key, rulebook.option_title(variant, o.key, lang),
                  rulebook.option_label(variant, o.key, options[o.key], lang)) for o in v.options
                 if o.key not in ("target", "limit") and not (o.key == "deal_3_4" and players < 3)],
        rows=rows or (13 if landscape else 24),   # a landscape page keeps its signature lines
        landscape=landscape,
    )
    return _render("print/blank_sheet.html", **ctx)


def _blank_preset_html(variant: str, players: int, lang: str, rows: int | None, preset: str,
                       options: Mapping[str, object]) -> str:
    """A blank sheet under a preset's rules: in pairs, a column per pair (hand, hangs, total) and
    the eggs between them; the options in force printed, not left to fill in."""
    goal_label, goal_value = _goal(variant, options, lang)
    rules = make_variant(variant, players, options)
    ctx = _common(variant, lang, rules.names_the_kozel())
    pairs = rules.in_pairs()
    ctx.update(
        title=_words("WORDS", lang)["blank"],
        players=players,
        goal_label=goal_label,
        goal_value=goal_value,
        preset=rulebook.preset_words(preset, lang)[0],
        summary=rulebook.scoring_summary(variant, lang, players, options),
        # each option in force by its value's short name (the setup form's), not the record's value
        options=[(key, title, rulebook.option_label(variant, key, options[key], lang), text)
                 for key, title, _value, text in rulebook.options_in_force(variant, options, players, lang)],
        rows=rows or 19,                   # one A4 page with the rules in force printed above
        landscape=False,
        pairs=pairs,
        hangs=bool(options.get("kozel_min")),
        kozel_min=options.get("kozel_min") or 0,
        eggs=options.get("eggs") == "yes",
    )
    return _render("print/blank_pairs.html", **ctx)


def blank_sheet(variant: str, players: int, lang: str = "ru", preset: str | None = None) -> bytes:
    """A blank scoresheet for ``variant`` and ``players`` (as the variant allows), as PDF bytes;
    ``preset``: under a named set of rules (``catalogue.PRESETS``)."""
    return _to_pdf(blank_sheet_html(variant, players, lang, preset=preset))


# --------------------------------------------------------------------------------------------
# Hand records



def _open_ends(h: Any) -> str:
    """The numbers the open ends show, as "6 · 0" (the engine's ``layout_view``)."""
    shows = [e["shows"] for e in h.layout_view()["ends"]]
    return " · ".join("/".join(str(x) for x in sh) for sh in shows) or "—"


def ends_after_moves(record: Mapping[str, Any], report: Mapping[str, Any] | None,
                     hand_number: int) -> list[str | None]:
    """The open ends after every move of the hand, from the engine's one partial replay
    (``referee.record.positions``); None from where the replay stops (a refused move)."""
    from referee.record import Stopped, positions
    from referee.rules.errors import RuleError

    hands = record.get("hands") or []
    hand = hands[hand_number - 1]
    out: list[str | None] = [None] * sum(len(t.get("moves") or []) for t in hand.get("turns") or [])
    try:
        # the last turn left as it stands (a sheet of a match in play): closing changes no end
        for pos in positions(dict(record), hand_number, open_last=True, report=report):
            if pos.index:
                out[pos.index - 1] = _open_ends(pos.hand)
    except (Stopped, RuleError):
        pass            # the moves from the refused one on are marked so and show no ends
    return out


def _previous(record: Mapping[str, Any], player: object) -> str | None:
    players = record.get("players") or []
    if player in players:
        previous: str = players[players.index(player) - 1]
        return previous
    return None


def hand_moves(record: Mapping[str, Any], report: Mapping[str, Any] | None, hand_number: int,
               lang: str) -> list[dict[str, Any]]:
    """Every move of a hand in order: number, turn, player, words, notation, and a refusal mark."""
    lang = key_lang(lang)
    hands = record.get("hands") or []
    if not isinstance(hand_number, int) or not 1 <= hand_number <= len(hands):
        raise SheetError("hand", n=hand_number, count=len(hands))
    hand = hands[hand_number - 1]
    error = (report or {}).get("error") or {}
    bad_turn = error.get("turn") if error.get("hand") == hand_number else None
    ends = ends_after_moves(record, report, hand_number)
    rows = []
    n = 0
    after_refusal = False
    for t, turn in enumerate(hand.get("turns") or [], start=1):
        moves = turn.get("moves") or []
        bad_index = None
        if bad_turn == t:
            bad_index = moves.index(error.get("move")) if error.get("move") in moves else len(moves) - 1
        for k, token in enumerate(moves):
            n += 1
            refused = bad_index == k
            unchecked = after_refusal
            if refused:
                after_refusal = True
            rows.append({
                "ends": ends[n - 1] if n - 1 < len(ends) and not unchecked and not refused else None,
                "unchecked": unchecked,
                "number": n,
                "turn": t,
                "player": turn.get("player", ""),
                "words": sentence(token, lang, record.get("variant"), _previous(record, turn.get("player"))),
                "token": token,
                "refused": refused,
                "message": error.get("message", "") if refused else "",
                "rule": error.get("rule", "") if refused else "",
                "first": k == 0,
            })
    return rows


def hand_record_html(record: Mapping[str, Any], report: Mapping[str, Any] | None, hand_number: int,
                     lang: str | None = None) -> str:
    lang = key_lang(lang or record.get("lang"))
    variant, players, given = _record_parts(record)
    _check_variant(variant, lang)
    rows = hand_moves(record, report, hand_number, lang)
    hand = record["hands"][hand_number - 1]
    summary = None
    for h in (report or {}).get("hands") or []:
        if h.get("number") == hand_number:
            summary = h
    w = _words("WORDS", lang)
    deal = hand.get("deal")
    error = (report or {}).get("error")
    if error and error.get("hand") != hand_number:
        error = None
    if error:
        error = dict(error)
        error["rule_title"] = _rule_title(error.get("rule"), lang)
    ctx = _common(variant, lang, _names_the_kozel(variant, players, given))
    ctx.update(
        title=say_in(key_lang(lang), NC_("sheet", "%(record)s: hand %(n)s"), record=w["hand_record"], n=hand_number),
        date=_format_date(record.get("date"), lang),
        players=players,
        hand_number=hand_number,
        deal=[(p, deal.get(p, [])) for p in players] if isinstance(deal, Mapping) else None,
        deal_label=w["rows"] if REGISTRY[variant].blind else w["deal"],
        deal_note=w["rows_note"] if REGISTRY[variant].blind else "",
        ends_note=w["ends_note"] if any("/" in (r["ends"] or "") for r in rows) else "",
        lead=hand.get("lead"),
        removed=hand.get("removed"),
        starter=hand.get("starter"),
        rows=rows,
        summary=summary,
        end_word=_end_word(w, summary.get("end"), record, hand_number) if summary and summary.get("end") else "",
        options=rulebook.options_in_force(variant, given, len(players), lang),
        error=error,
    )
    return _render("print/hand_record.html", **ctx)


def hand_record(record: Mapping[str, Any], report: Mapping[str, Any] | None, hand_number: int,
                lang: str | None = None) -> bytes:
    """Every move of hand ``hand_number`` (1-based) in order, as PDF bytes."""
    return _to_pdf(hand_record_html(record, report, hand_number, lang))
