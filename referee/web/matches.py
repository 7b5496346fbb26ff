"""Matches: the list, starting a match, importing a record, the language switch."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from flask import (Blueprint, abort, current_app, flash, g, make_response, redirect, render_template,
                   request, session, url_for)
from flask_babel import gettext as _

from referee.rules import catalogue

from referee import rulebook
from referee.matches import imports, replay
from referee.matches.service import Invalid

from . import forms, get_db, service, store, summaries
from .i18n import COOKIE, lang
from .rules import rule_link

if TYPE_CHECKING:
    from flask.typing import ResponseReturnValue

    from .clubs import ClubSetup

#: a match as the store gives it (``store.get_match``; the lists add ``n``, ``archived`` …)
MatchRow = dict[str, Any]  # the store's MatchRow copied: the pages add keys of their own
#: what an import answers: (the refusal, None, the link to the rule refused, if any), or (None, the
#: match stored, None)
Imported = tuple[str | None, MatchRow | None, str | None]

bp = Blueprint("matches", __name__)

MY_KEYS = "mine"  # formerly: the edit keys of this browser's matches, in the (readable) cookie
BROWSER = "bid"  # the browser's random id: its list of matches is kept in the database
MY_MATCHES_MAX = 60


def browser_id() -> str:
    """This browser's random id, kept in its signed session cookie (made on first need).
    The session cookie is signed, not encrypted: it holds this id and nothing else of the
    matches (an edit key in it could be read by anyone who sees the cookie)."""
    import secrets

    bid = session.get(BROWSER)
    if not isinstance(bid, str) or len(bid) != 22:
        bid = session[BROWSER] = secrets.token_urlsafe(16)
    if MY_KEYS in session:  # a list of keys from before: moved to the database, out of the cookie
        db = get_db()
        for key in session.pop(MY_KEYS) or []:
            m = store.match_by_key(db, key, "edit_key") if isinstance(key, str) else None
            if m is not None:
                store.remember(db, bid, m["id"], edit=True)
    return bid


def remember(m: MatchRow | str, edit: bool = True) -> None:
    """Put the match (or the match of this edit key) in this browser's list (``edit``: opened
    by its edit link)."""
    db = get_db()
    match = store.match_by_key(db, m, "edit_key") if isinstance(m, str) else m
    if match is None:
        return
    store.remember(db, browser_id(), match["id"], edit)


def variant_title(name: str) -> str:
    return rulebook.variant_title(name, lang())


def variant_summary(name: str) -> str:
    return rulebook.variant_summary(name, lang())


def match_title(m: MatchRow) -> str:
    """What the table calls the game of match ``m``: the variant's title, or «Козёл» where the
    variant says its scoring names the «козёл» (asked of the engine); kept per what it depends
    on (a page says it up to three times)."""
    return _match_title(m["variant"], json.dumps(m["options"], sort_keys=True, default=str),
                        len(m["players"]), lang())


@lru_cache(maxsize=1024)
def _match_title(variant: str, options: str, players: int, language: str) -> str:
    """:func:`match_title` of a match of ``variant`` with ``options`` (JSON) and that many
    players, in ``language`` (the request's: the words below are said in it)."""
    try:
        if replay.rules_of({"variant": variant, "players": [""] * players,
                            "options": json.loads(options)}).names_the_kozel():
            return str(_("Kozel"))
    except catalogue.OptionError:
        pass
    return variant_title(variant)


@bp.app_context_processor
def helpers() -> dict[str, Any]:
    return {"variant_title": variant_title, "variant_summary": variant_summary, "match_title": match_title,
            "variant_count": len(catalogue.VARIANTS),  # the registry's: no count is written anywhere
            "option_label": lambda variant, key: rulebook.option_title(variant, key, lang()),
            "option_value": lambda variant, key, value: rulebook.option_label(variant, key, value, lang())}


def known_matches(db: Any) -> list[MatchRow]:
    """The matches this browser's list shows (archived ones included): those it started or
    opened by a link (a visitor sees no one else's), each with ``mine`` (it came by
    the edit link). The player pages and the CSV exports count these."""
    if BROWSER not in session and MY_KEYS not in session:
        return []  # a browser that never opened a match: no id is made for it
    return [dict(m) for m in store.browser_matches(db, browser_id(), MY_MATCHES_MAX)]


@bp.get("/")
def index() -> ResponseReturnValue:
    """The list of matches to resume or follow."""
    archived = request.args.get("archived") == "1"
    db = get_db()
    everything = known_matches(db)
    n_archived = sum(1 for m in everything if m["archived"])
    matches = [m for m in everything if m["archived"] == archived]
    # the events this browser directs (made here, or opened by the director's link)
    events = [] if archived or BROWSER not in session else store.browser_events(db, browser_id(), MY_MATCHES_MAX)
    g.lists_matches = bool(matches or events)  # their links carry keys: the page is not for search engines
    for m in matches:
        # kept by the worker while the match is unchanged; a replay never evicts a table's state
        s = summaries.of(m, lang())
        m["hands"], m["winner"], m["leader"] = s["hands"], s["winner"], s["leader"]
    return render_template("matches/index.html", matches=matches, archived=archived,
                           n_archived=n_archived, events=events)


@bp.get("/new")
def new() -> ResponseReturnValue:
    """Choose the variant of a new match."""
    return games_page(lambda v, preset=None: url_for("matches.setup", variant=v, preset=preset))


def games_page(setup_url: Callable[..., str], **context: Any) -> ResponseReturnValue:
    """The list of games (a new match's, a club's): each game, and under it its ready sets of
    rules (the «Козёл» of the yard and of the sea: games of their own to the players who ask for
    them by name), one tap to ``setup_url(variant)`` or ``setup_url(variant, preset=name)``."""
    from referee.rulebook import preset_words

    presets = {v: [{"name": k, "title": preset_words(k, lang())[0], "url": setup_url(v, preset=k)} for k in ps]
               for v, ps in catalogue.PRESETS.items()}
    return render_template("matches/new.html", variants=list(catalogue.VARIANTS.values()),
                           presets=presets, setup_url=setup_url, **context)


@bp.route("/new/<variant>", methods=["GET", "POST"])
def setup(variant: str) -> ResponseReturnValue:
    """Start a match: players in seating order, target and house options."""
    return setup_page(variant)


def setup_page(variant: str, club: ClubSetup | None = None) -> ResponseReturnValue:
    """The setup page of ``variant``; ``club`` (``clubs.ClubSetup``), a club's match: the page
    offers the club's roster for the seats, and the club takes the match once it is stored."""
    spec = catalogue.VARIANTS.get(variant)
    if spec is None:
        abort(404)
    form = forms.setup_form(spec, lang())
    problem = None
    presets = catalogue.PRESETS.get(spec.name, {})
    preset = request.args.get("preset", "")
    if request.method == "GET" and preset in presets:
        forms.fill_options(form, spec, presets[preset])   # only fills: every option stays changeable
    else:
        preset = ""
    if form.validate_on_submit():
        try:
            m = dict(service().create(spec.name, forms.players_of(form, spec), forms.options_of(form, spec),
                                      lang=lang()))
        except Invalid as err:
            problem = err.message(lang())
        else:
            remember(m)
            if club is not None:
                club.started(m)
            if request.form.get("with_deal") == "1":
                # «with the deal»: straight to the deal page (no tap on its link)
                return redirect(url_for("play.deal", key=m["edit_key"]))
            return redirect(url_for("play.table", key=m["edit_key"]))
    elif request.method == "POST":
        problem = _("Please correct the marked fields.")
    help_for = forms.option_sentences(spec, lang())
    from referee.rulebook import preset_words

    preset_list = [{"name": k, "words": preset_words(k, lang())} for k in presets]
    if club is not None:
        setup_url = club.setup_url
    else:
        def setup_url(**kw: Any) -> str:
            return url_for("matches.setup", variant=spec.name, **kw)
    return render_template("matches/setup.html", spec=spec, form=form, problem=problem,
                           help_for=help_for, presets=preset_list, preset=preset,
                           pairs_seats="teams" in spec.option_keys, setup_url=setup_url,
                           club=club), (400 if problem else 200)


@bp.route("/import", methods=["GET", "POST"])
def import_record() -> ResponseReturnValue:
    """Import a game record; it is checked by the engine before anything is stored."""
    form = forms.ImportForm()
    problem = None
    link = None
    if form.validate_on_submit():
        text = form.text.data or ""
        upload = form.file.data
        if upload is not None and getattr(upload, "filename", None):
            raw = upload.read(current_app.config["MAX_CONTENT_LENGTH"] + 1)
            try:
                text = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                problem = _("The file is not UTF-8 text.")
        if problem is None:
            problem, match, link = _import_text(text)
            if match is not None:
                remember(match)
                flash(_("The record was checked and imported."), "ok")
                return redirect(url_for("play.score", key=match["edit_key"]))
    elif request.method == "POST":
        problem = _("The form was not accepted; nothing was imported.")
    return render_template("matches/import.html", form=form, problem=problem, link=link), \
        (400 if problem else 200)


def _import_text(text: str) -> Imported:
    """(problem, None, rule link or None) or (None, the stored match, None): the record checked
    and stored by the match service (``imports.import_text``)."""
    if not text or not text.strip():
        return _("Choose a file or paste a record."), None, None
    try:
        m = dict(imports.import_text(service(), text, lang()))
    except imports.NotImported as err:
        return err.message(lang()), None, rule_link(err.variant, err.rule) if err.rule else None
    return None, m, None


def same_site(target: str) -> str | None:
    """``target`` when it is a path on this site (``/…``, never ``//host`` however written),
    else None. Browsers drop tabs and line breaks from a URL and read ``\\`` as ``/``, so
    ``/\t/evil.example`` would leave the site: any whitespace, control character or
    backslash refuses the target (the app's own links never hold one)."""
    from urllib.parse import urlsplit

    if not isinstance(target, str) or not target.startswith("/") or len(target) > 2000:
        return None
    if target.startswith("//") or "\\" in target:
        return None
    if any(c.isspace() or not c.isprintable() for c in target):
        return None
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not parts.path.startswith("/") or parts.path.startswith("//"):
        return None
    return target


@bp.get("/lang/<code>")
def set_lang(code: str) -> ResponseReturnValue:
    """Switch the language and remember it in a cookie."""
    if code not in current_app.config["LANGUAGES"]:
        abort(404)
    target = same_site(request.args.get("next", "")) or url_for("matches.index")
    resp = make_response(redirect(target))
    resp.set_cookie(COOKIE, code, max_age=400 * 24 * 3600, samesite="Lax", httponly=True)
    return resp
