"""The app factory: light package root, instance folder and secret made on first start."""

from __future__ import annotations

import subprocess
import sys

from referee import create_app


def test_the_engine_and_the_cli_never_load_flask():
    code = ("import sys, referee, referee.rules, referee.record, referee.cli; "
            "bad = [m for m in ('flask', 'flask_babel', 'flask_wtf', 'sqlite_utils', 'segno') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


def test_first_start_makes_the_database_and_a_secret(tmp_path):

    app = create_app({"DATABASE": str(tmp_path / "x.db"), "SECRET_KEY": "k"})
    from referee import _instance_secret

    key = _instance_secret(str(tmp_path))
    assert len(key) == 64 and _instance_secret(str(tmp_path)) == key
    assert (tmp_path / "x.db").exists()
    assert app.config["SECRET_KEY"]


def test_secret_is_kept_across_starts(tmp_path):
    from referee import _instance_secret

    a = _instance_secret(str(tmp_path))
    b = _instance_secret(str(tmp_path))
    assert a == b
    assert oct((tmp_path / "secret_key").stat().st_mode)[-3:] == "600"


def test_the_kept_asset_urls_are_url_fors_own_under_any_script_root(app):
    """``asset_url`` (kept per script root and file) is the versioned URL ``url_for`` builds, at
    the site's root and under a prefix asked in turn, and a full page links its assets by it."""
    from flask import url_for

    from referee.web import asset_url

    version = app.jinja_env.globals["asset_version"]
    for base in ("http://localhost/", "http://localhost/club/", "http://localhost/"):
        with app.test_request_context("/", base_url=base):
            for name in ("app.css", "app.js", "icon.svg"):
                assert asset_url(name) == url_for("static", filename=name, v=version)
                assert asset_url(name).startswith("/club/static/" if "club" in base else "/static/")
    page = app.test_client().get("/").get_data(as_text=True)
    assert f'href="/static/app.css?v={version}"' in page and f'src="/static/app.js?v={version}"' in page
