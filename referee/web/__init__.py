"""The web app: blueprints, database per request, languages, CSRF, error pages."""

from __future__ import annotations

from typing import Any, cast

from flask import Flask, Response, g, current_app, render_template, request
from flask.typing import ResponseReturnValue

from referee.events.clubs import ClubService
from referee.events.service import EventService
from referee.matches.service import MatchService
from referee.matches.store import Db


def get_db() -> Db:
    """The request's database connection, taken from the worker's pool (opened, and
    migrated, once per worker; see ``store.Pool``) and given back when the request ends."""
    if "db" not in g:
        g.db = current_app.extensions["referee.db"].take()
    db: Db = g.db
    return db


def service() -> MatchService:
    """This app's match service (its kept states, the write path), made once in ``init_app``."""
    svc: MatchService = current_app.extensions["referee.matches"]
    return svc


def events() -> EventService:
    """This app's event service (the director's changes, the events kept), made once in
    ``init_app``."""
    svc: EventService = current_app.extensions["referee.events"]
    return svc


def clubs_service() -> ClubService:
    """This app's club service (a club's own changes), made once in ``init_app``."""
    svc: ClubService = current_app.extensions["referee.club_service"]
    return svc


def event_table(m: dict[str, Any]) -> Any:
    """The event, round and table that play match ``m`` (``store.event_table_of``), or None:
    the match's pages name them."""
    from .store import event_table_of

    return event_table_of(get_db(), int(m["id"])) if m.get("id") is not None else None


def close_db(exc: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        current_app.extensions["referee.db"].give(db)


def asset_url(filename: str) -> str:
    """``url_for('static', filename=filename, v=asset_version)``, kept per script root and file:
    every full page links the same seven assets."""
    from flask import url_for

    kept: dict[tuple[str, str], str] = current_app.extensions.setdefault("referee.asset_urls", {})
    key = (request.script_root, filename)
    url = kept.get(key)
    if url is None:
        url = kept[key] = url_for("static", filename=filename, v=current_app.jinja_env.globals["asset_version"])
    return url


def _asset_version(folder: str) -> str:
    """A digest of every static file: it changes whenever one does, so the versioned URLs
    (``?v=``) may be cached for a year and a new release is fetched at once."""
    import hashlib
    import os

    digest = hashlib.sha256()
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            digest.update(name.encode() + b"\0")
            with open(path, "rb") as f:
                digest.update(f.read())
    return digest.hexdigest()[:12]


YEAR = 365 * 24 * 3600


def init_app(app: Flask) -> None:
    from flask_wtf.csrf import CSRFError, CSRFProtect

    from flask_compress import Compress

    from referee.matches import replay

    from . import i18n, matches, play, rules, share, shell, tiles
    from .store import Pool, open_db, operational_errors

    app.extensions["referee.db"] = Pool(app.config["DATABASE"])
    # the match service: the kept states of this app (one per worker process) and the write path
    app.extensions["referee.matches"] = MatchService.from_config(get_db, app.config)
    # the event service: the director's changes, what this worker keeps of its events
    app.extensions["referee.events"] = EventService(get_db, app.extensions["referee.matches"])
    app.extensions["referee.club_service"] = ClubService(get_db)
    # create (and migrate) the database on first start; that connection is closed, not pooled:
    # a server that forks its workers after making the app must not hand it down to them
    open_db(app.config["DATABASE"]).close()
    CSRFProtect(app)
    i18n.init_app(app)
    app.teardown_appcontext(close_db)
    app.register_blueprint(matches.bp)
    app.register_blueprint(play.bp)
    app.register_blueprint(share.bp)
    app.register_blueprint(rules.bp)
    app.register_blueprint(shell.bp)  # join QR, manifest, service worker
    from . import dispute, sheets

    app.register_blueprint(sheets.bp)  # sheets, hand records
    app.register_blueprint(dispute.bp)  # the dispute tool
    from . import life, seats

    app.register_blueprint(life.bp)  # corrections, audit, renames, rematches
    app.register_blueprint(life.audit_bp)
    app.register_blueprint(seats.bp)  # each seat's own link: confirm or dispute from its phone
    from . import players

    app.register_blueprint(players.bp)  # players who come back: statistics, CSV
    from . import clubs

    app.register_blueprint(clubs.bp)  # a club's roster, its matches, its players' ratings
    from . import tournaments

    if clubs.event_picker not in tournaments.ENTRANT_PICKERS:  # an event's entrants from the roster
        tournaments.ENTRANT_PICKERS.append(clubs.event_picker)
    if clubs.event_offer not in tournaments.DIRECTOR_OFFERS:  # count the event for a club, one tap
        tournaments.DIRECTOR_OFFERS.append(clubs.event_offer)
    from . import health

    app.register_blueprint(health.bp)  # /healthz for a service manager or a monitor
    from . import tournaments

    app.register_blueprint(tournaments.bp)  # club nights and tournaments: director, tables, standings
    tiles.init_app(app)
    from . import drawing, places

    places.init_app(app)
    drawing.init_app(app)
    version = _asset_version(app.static_folder or ".")  # (os.listdir(None) lists the current folder)
    app.jinja_env.globals["asset_version"] = version
    app.jinja_env.globals["asset_url"] = asset_url
    app.jinja_env.globals["provisional"] = replay.provisional
    app.jinja_env.globals["variant_class"] = replay.variant_class
    app.jinja_env.globals["event_table"] = event_table
    # gzip/deflate (and br, zstd where the browser offers them) for pages, CSS, JS, JSON, SVG
    app.config.setdefault("COMPRESS_MIMETYPES", [
        "text/html", "text/css", "text/javascript", "application/javascript", "application/json",
        "application/manifest+json", "image/svg+xml"])
    # the fastest levels of gzip and brotli (zstd's default, 3, is cheaper than either already): a
    # page is 15-30 % larger than at their defaults (6 and 4; the read-only view at hand 30: 4.7 kB
    # gzipped against 4.0), still within the first round trip of a phone's connection, and costs a
    # quarter of the CPU (0.09 ms against 0.40 a page); ``COMPRESS_LEVEL`` / ``COMPRESS_BR_LEVEL``
    # in the data folder's config.py set others
    app.config.setdefault("COMPRESS_LEVEL", 1)
    app.config.setdefault("COMPRESS_BR_LEVEL", 1)
    # a kept read-only view's compressed body is kept with it (``share.PackedViews``): the
    # second viewer of a state is sent the same bytes, not compressed again; nothing else is kept
    app.config.setdefault("COMPRESS_CACHE_BACKEND", share.PackedViews)
    app.config.setdefault("COMPRESS_CACHE_KEY", share.packed_key)
    Compress(app)
    # the viewers' poll of the count, answered before Flask (it is most of the requests)
    app.wsgi_app = share.CountFirst(app, app.wsgi_app)  # type: ignore[method-assign]
    from referee.netaddr import redact_all_logs

    redact_all_logs()  # no edit key in any log line: errors, access, waitress

    @app.after_request
    def static_cache(resp: Response) -> Response:
        """Versioned static URLs are kept for a year; others are checked each time."""
        if request.endpoint == "static" and resp.status_code in (200, 304):
            if resp.is_streamed:
                # read the (small) file so that it is compressed whole, with gzip too, and close
                # it now (a 304 sends none of it): a file left to the server's close of the
                # answer stays open when the phone drops the connection first
                body: Any = resp.response
                data = b"".join(body) if resp.status_code == 200 else b""
                close = getattr(body, "close", None)
                if close is not None:
                    close()
                resp.direct_passthrough = False
                if resp.status_code == 200:
                    resp.set_data(data)
                else:
                    resp.response = []  # its headers (the file's length, its tag) stay
            if request.args.get("v") == version:
                resp.cache_control.no_cache = None  # send_file's default when no max-age is set
                resp.cache_control.public = True
                resp.cache_control.max_age = YEAR
                resp.cache_control.immutable = True
            else:
                resp.cache_control.no_cache = True
        return resp

    @app.errorhandler(CSRFError)
    def csrf_error(e: Exception) -> ResponseReturnValue:
        from flask_babel import gettext as _

        return render_template("error.html", title=_("The form has expired"),
                               message=_("The page was out of date or the form was not sent by this "
                                         "app. Nothing was changed. Go back, reload and try again.")), 400

    @app.errorhandler(404)
    def not_found(e: Exception) -> ResponseReturnValue:
        from flask_babel import gettext as _

        return render_template("error.html", title=_("Not found"),
                               message=_("There is no such page or match.")), 404

    @app.errorhandler(405)
    def not_allowed(e: Exception) -> ResponseReturnValue:
        from flask_babel import gettext as _

        return render_template("error.html", title=_("Not allowed"),
                               message=_("This page cannot be changed from here.")), 405

    @app.errorhandler(500)
    def server_error(e: Exception) -> ResponseReturnValue:
        from flask_babel import gettext as _

        return render_template("error.html", title=_("Something went wrong"),
                               message=_("The app could not finish this. Nothing was changed. "
                                         "Go back and try again.")), 500

    def database_busy(e: Exception) -> ResponseReturnValue:
        """The database stayed locked past the busy timeout, or did not answer (the disk failed,
        the PostgreSQL server is gone, no pooled connection came free in time): the change was
        not made, and the player is told so; never a bare 500."""
        from flask_babel import gettext as _

        current_app.logger.error("database error: %s", e)
        return render_template("error.html", title=_("The server is busy"),
                               message=_("The match could not be read or saved just now. Nothing "
                                         "was changed. Wait a moment and try again.")), 503

    for error in operational_errors():  # SQLite's, and PostgreSQL's when it is the database
        app.register_error_handler(cast("type[Exception]", error), database_busy)

    @app.errorhandler(413)
    def too_large(e: Exception) -> ResponseReturnValue:
        from flask_babel import gettext as _

        return render_template("error.html", title=_("Too large"),
                               message=_("What was sent is too large. Nothing was changed.")), 413

    @app.after_request
    def security_headers(resp: Response) -> Response:
        resp.headers.setdefault("X-Content-Type-Options", "nosniff")
        resp.headers.setdefault("Referrer-Policy", "same-origin")
        resp.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        resp.headers.setdefault("X-Frame-Options", "DENY")
        resp.headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        if _carries_a_key(resp):
            resp.headers["Cache-Control"] = "no-store"
        if page_carries_a_key():
            resp.headers["X-Robots-Tag"] = "noindex, nofollow"
        return resp

    app.jinja_env.globals["page_carries_a_key"] = page_carries_a_key


#: what a page may load and where it may send: this server only, no inline script
CONTENT_SECURITY_POLICY = ("default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                           "script-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'")
#: the app asks for no device: none may be used by the page or anything it embeds
PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()"


def page_carries_a_key() -> bool:
    """Whether the page holds a match's key, so that no search engine may index it (the
    ``X-Robots-Tag`` header and the page's robots meta tag say ``noindex``): everything under an
    edit or a read-only link (``/m/<key>``, ``/s/<key>``, the sheets, the dispute tool and the
    audit reached by either, a club's pages), and the lists of this browser's matches and clubs
    when they list one."""
    if "key" in (request.view_args or {}):
        return True
    if request.endpoint == "club.index":
        return bool(g.get("lists_clubs"))
    return request.endpoint == "matches.index" and bool(g.get("lists_matches"))


def _carries_a_key(resp: Response) -> bool:
    """Whether the answer holds or points to a match's key, so no cache may keep it: every page
    under an edit link (``/m/<key>``, the sheets and the dispute tool reached by it), the list of
    this browser's matches (its edit links), a redirect to an edit link, the read-only pages,
    every club page (a director's or read-only key, or the list of this browser's clubs)."""
    endpoint = request.endpoint or ""
    if endpoint.startswith(("play.", "share.", "seats.", "events.", "club.")) or endpoint == "matches.index":
        return True
    if page_carries_a_key():
        return True
    location = resp.headers.get("Location", "")
    return "/m/" in location or "/s/" in location or "/c/" in location or "/club/" in location
