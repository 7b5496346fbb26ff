"""The web app: blueprints, database per request, languages, CSRF, error pages."""

from __future__ import annotations

from flask import Flask, g, current_app, render_template, request


def get_db():
    """The request's database connection (opened, and migrated, on first use)."""
    if "db" not in g:
        from .store import open_db

        g.db = open_db(current_app.config["DATABASE"])
    return g.db


def close_db(exc=None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()


def _asset_version(folder: str) -> str:
    """Changes whenever a static file changes, so phones may cache them for a day."""
    import os

    stamps = [int(os.stat(os.path.join(folder, f)).st_mtime) for f in sorted(os.listdir(folder))
              if os.path.isfile(os.path.join(folder, f))]
    return format(max(stamps, default=0) % 1_000_000_007, "x")


def init_app(app: Flask) -> None:
    from flask_wtf.csrf import CSRFError, CSRFProtect

    from . import i18n, matches, play, rules, share, tiles
    from .store import open_db

    open_db(app.config["DATABASE"]).close()  # create the database on first start
    CSRFProtect(app)
    i18n.init_app(app)
    app.teardown_appcontext(close_db)
    app.register_blueprint(matches.bp)
    app.register_blueprint(play.bp)
    app.register_blueprint(share.bp)
    app.register_blueprint(rules.bp)
    from . import dispute, sheets

    app.register_blueprint(sheets.bp)  # sheets, hand records (issue 5)
    app.register_blueprint(dispute.bp)  # the dispute tool (issue 5)
    tiles.init_app(app)
    from . import drawing, places

    places.init_app(app)
    drawing.init_app(app)
    drawing.init_app(app)
    app.jinja_env.globals["asset_version"] = _asset_version(app.static_folder)

    @app.errorhandler(CSRFError)
    def csrf_error(e):
        from flask_babel import gettext as _

        return render_template("error.html", title=_("The form has expired"),
                               message=_("The page was out of date or the form was not sent by this "
                                         "app. Nothing was changed. Go back, reload and try again.")), 400

    @app.errorhandler(404)
    def not_found(e):
        from flask_babel import gettext as _

        return render_template("error.html", title=_("Not found"),
                               message=_("There is no such page or match.")), 404

    @app.errorhandler(405)
    def not_allowed(e):
        from flask_babel import gettext as _

        return render_template("error.html", title=_("Not allowed"),
                               message=_("This page cannot be changed from here.")), 405

    @app.errorhandler(500)
    def server_error(e):
        from flask_babel import gettext as _

        return render_template("error.html", title=_("Something went wrong"),
                               message=_("The app could not finish this. Nothing was changed. "
                                         "Go back and try again.")), 500

    @app.errorhandler(413)
    def too_large(e):
        from flask_babel import gettext as _

        return render_template("error.html", title=_("Too large"),
                               message=_("What was sent is too large. Nothing was changed.")), 413

    @app.after_request
    def security_headers(resp):
        resp.headers.setdefault("X-Content-Type-Options", "nosniff")
        resp.headers.setdefault("Referrer-Policy", "same-origin")
        resp.headers.setdefault(
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
            "script-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'")
        if request.endpoint and request.endpoint.startswith("share."):
            resp.headers.setdefault("Cache-Control", "no-store")
        return resp
