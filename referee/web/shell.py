"""The app on the phone: "join this table" QR, web app manifest, service worker, offline page.

The service worker is served from the site's root (``/sw.js``) so that its scope is the whole
app; browsers run it only on secure origins (HTTPS, and http://localhost / 127.0.0.1). It keeps
the versioned static files and the rules pages for reading offline and passes every other
request straight to the network (moves are never answered from a cache).
"""

from __future__ import annotations

import json

from flask import Blueprint, Response, current_app, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import force_locale, ngettext
from flask_babel import gettext as _

from referee.rules import catalogue

from .i18n import lang
from .urls import public_root, reach_problem

bp = Blueprint("shell", __name__)

ICONS = (("icon-192.png", "192x192", "any"), ("icon-512.png", "512x512", "any"),
         ("icon-maskable-512.png", "512x512", "maskable"))
THEME = "#14683c"  # the header's green (static/app.css --accent)
BACKGROUND = "#f6f3ea"  # the page (--bg)


def _static(filename: str) -> str:
    return url_for("static", filename=filename, v=current_app.jinja_env.globals["asset_version"])


@bp.get("/join")
def join() -> ResponseReturnValue:
    """A QR code of the app's own address, for the other phones at the table to open it."""
    import segno

    url = public_root()
    qr = segno.make(url, error="m").svg_inline(border=2, dark="#111", light="#fff", omitsize=True)
    return render_template("shell/join.html", url=url, qr=qr, problem=reach_problem())


@bp.get("/manifest.webmanifest")
def manifest() -> ResponseReturnValue:
    """The web app manifest (the home-screen app), in the language the link asks for."""
    code = request.args.get("lang")
    code = code if code in current_app.config["LANGUAGES"] else lang()
    with force_locale(code):
        name, short_name = _("Domino referee"), _("Referee")
        description = ngettext("Score keeper and move-by-move referee for dominoes at the table: %(num)d variant.",
                               "Score keeper and move-by-move referee for dominoes at the table: %(num)d variants.",
                               len(catalogue.VARIANTS))
    body = {
        "name": name,
        "short_name": short_name,
        "description": description,
        "lang": code,
        "dir": "ltr",
        "id": url_for("matches.index"),
        "start_url": url_for("matches.index"),
        "scope": url_for("matches.index"),
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": [{"src": _static(f), "sizes": s, "type": "image/png", "purpose": p} for f, s, p in ICONS],
    }
    resp = Response(json.dumps(body, ensure_ascii=False, indent=1), mimetype="application/manifest+json")
    resp.cache_control.max_age = 3600
    return resp


def _precache() -> dict[str, list[str]]:
    assets = [_static(f) for f in ("app.css", "app.js", "table.js", "result.js", "result.css", "board.css", "shell.js", "print.css", "icon.svg",
                                   "icon-192.png", "apple-touch-icon.png")]
    pages = [url_for("rules.index")] + [url_for("rules.variant", variant=v) for v in catalogue.VARIANTS]
    return {"assets": assets, "pages": pages}


@bp.get("/sw.js")
def service_worker() -> ResponseReturnValue:
    """The service worker; it changes (and is installed again) whenever a static file does."""
    lists = _precache()
    body = render_template("shell/sw.js", version=current_app.jinja_env.globals["asset_version"],
                           assets=json.dumps(lists["assets"]), pages=json.dumps(lists["pages"]),
                           offline=json.dumps(url_for("shell.offline")),
                           static=json.dumps(url_for("static", filename="")),
                           rules=json.dumps(url_for("rules.index")))
    resp = Response(body, mimetype="text/javascript")
    resp.headers["Cache-Control"] = "no-cache"
    return resp


@bp.get("/offline")
def offline() -> ResponseReturnValue:
    """What a phone shows for a page it cannot fetch (kept by the service worker)."""
    return render_template("shell/offline.html")
