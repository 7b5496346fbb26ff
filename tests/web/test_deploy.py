"""Running the app for a table or a club: settings, public links, the join QR,
manifest and service worker, caching, compression, keys kept out of logs, the command line."""

from __future__ import annotations

import gzip
import json
import logging
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from referee import create_app, settings
from referee.netaddr import is_loopback, lan_ip, redact
from webhelpers import new_match, soup


def _env_app(tmp_path, monkeypatch, **env):
    for k in list(os.environ):
        if k.startswith("REFEREE_"):
            monkeypatch.delenv(k)
    monkeypatch.setenv("REFEREE_INSTANCE", str(tmp_path / "inst"))
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    return create_app()


def test_settings_come_from_the_instance_folder_then_the_environment(tmp_path, monkeypatch):
    inst = tmp_path / "inst"
    inst.mkdir()
    (inst / "config.py").write_text("SECRET_KEY = 'from-file'\nBASE_URL = 'http://file.example/'\n")
    app = _env_app(tmp_path, monkeypatch)
    assert app.instance_path == str(inst)
    assert app.config["DATABASE"] == str(inst / "referee.db") and (inst / "referee.db").is_file()
    assert app.config["SECRET_KEY"] == "from-file"
    assert app.config["BASE_URL"] == "http://file.example"
    app = _env_app(tmp_path, monkeypatch, REFEREE_DATABASE=str(tmp_path / "elsewhere" / "x.db"),
                   REFEREE_SECRET_KEY="from-env", REFEREE_BASE_URL="https://club.example/dom/",
                   REFEREE_TRUSTED_HOSTS="club.example, 192.168.1.5")
    assert app.config["DATABASE"] == str(tmp_path / "elsewhere" / "x.db")
    assert (tmp_path / "elsewhere" / "x.db").is_file()
    assert app.config["SECRET_KEY"] == "from-env"
    assert app.config["BASE_URL"] == "https://club.example/dom"
    assert app.config["TRUSTED_HOSTS"] == ["club.example", "192.168.1.5"]


@pytest.mark.parametrize("name, value, words", [
    ("REFEREE_BASE_URL", "club.example", "REFEREE_BASE_URL must be an http(s) address"),
    ("REFEREE_BASE_URL", "ftp://club.example", "REFEREE_BASE_URL must be an http(s) address"),
    ("REFEREE_PROXIES", "yes", "REFEREE_PROXIES must be a number"),
])
def test_a_bad_setting_is_one_clear_line(tmp_path, monkeypatch, name, value, words):
    with pytest.raises(settings.ConfigError, match=re.escape(words)):
        _env_app(tmp_path, monkeypatch, **{name: value})
    env = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")}
    env.update({"REFEREE_INSTANCE": str(tmp_path / "i"), name: value})
    for lang, said in (("en", words), ("ru", name + " — это")):
        done = subprocess.run([sys.executable, "-m", "referee", "backup", str(tmp_path / "b.db"), "--lang", lang],
                              capture_output=True, text=True, env=env, timeout=60)
        assert done.returncode == 4
        assert done.stderr.count("\n") == 1 and said in done.stderr and "Traceback" not in done.stderr


def _share_links(client, edit, **kw):
    page = soup(client.get(edit + "/share", **kw))
    return page.select_one("a.view-link")["href"], page.select_one("a.edit-link")["href"], page


def test_links_use_the_base_url_never_the_host_header(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "t.db"), "SECRET_KEY": "k",
                      "BASE_URL": "https://club.example/"})
    client = app.test_client()
    edit = new_match(client)
    view, edit_url, page = _share_links(client, edit, headers={"Host": "evil.example"})
    assert view.startswith("https://club.example/s/") and edit_url == "https://club.example" + edit
    assert "evil" not in page.decode() and page.select_one(".reach") is None
    join = soup(client.get("/join", headers={"Host": "evil.example"}))
    assert join.select_one("a.join-link")["href"] == "https://club.example/"
    assert join.select_one(".qr svg") is not None


def test_without_a_base_url_links_use_the_machines_network_address(client):
    edit = new_match(client)
    # a server listening on every network: this machine's LAN address and the server's port
    every = {"SERVER_NAME": "0.0.0.0", "SERVER_PORT": "8000"}
    view, _, page = _share_links(client, edit, headers={"Host": "evil.example"}, environ_overrides=every)
    ip = lan_ip()
    assert "evil" not in page.decode()
    if ip:
        assert view.startswith(f"http://{ip}:8000/s/") and page.select_one(".reach") is None
    else:
        assert view.startswith("http://127.0.0.1:8000/s/") and page.select_one(".reach") is not None
    # a server listening on this machine only (the test client's "localhost"): its own address,
    # and the page says the phones cannot open it
    view, _, page = _share_links(client, edit, headers={"Host": "evil.example"})
    assert view.startswith("http://localhost/s/") and "evil" not in page.decode()
    assert "only" in page.select_one(".reach").get_text() or "только" in page.select_one(".reach").get_text()


def test_untrusted_hosts_are_refused_and_trusted_ones_used(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "t.db"), "SECRET_KEY": "k",
                      "TRUSTED_HOSTS": "club.example"})
    client = app.test_client()
    assert client.get("/", headers={"Host": "evil.example"}).status_code == 400
    page = client.get("/join", headers={"Host": "club.example"})
    assert soup(page).select_one("a.join-link")["href"] == "http://club.example/"


def test_behind_a_tls_proxy_links_are_https_when_proxies_are_trusted(tmp_path):
    headers = {"Host": "club.example", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "club.example"}
    conf = {"DATABASE": str(tmp_path / "t.db"), "SECRET_KEY": "k", "TRUSTED_HOSTS": "club.example"}
    plain = create_app(dict(conf)).test_client()
    assert soup(plain.get("/join", headers=headers)).select_one("a.join-link")["href"] == "http://club.example/"
    proxied = create_app(dict(conf, PROXIES=1)).test_client()
    assert soup(proxied.get("/join", headers=headers)).select_one("a.join-link")["href"] == "https://club.example/"


def test_network_address_is_never_loopback():
    ip = lan_ip()
    assert ip is None or not is_loopback(ip)
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("192.168.1.5") and not is_loopback("0.0.0.0")


@pytest.mark.parametrize("lang, name, short", [("ru", "Судья домино", "Судья"), ("en", "Domino referee", "Referee")])
def test_manifest_and_its_icons(client, lang, name, short):
    from PIL import Image
    import io

    page = soup(client.get("/"))
    link = page.select_one('link[rel="manifest"]')["href"]
    assert link.startswith("/manifest.webmanifest")
    resp = client.get(f"/manifest.webmanifest?lang={lang}")
    assert resp.mimetype == "application/manifest+json"
    man = json.loads(resp.data)
    assert man["name"] == name and man["short_name"] == short and man["lang"] == lang
    assert man["display"] == "standalone" and man["start_url"] == "/"
    sizes = set()
    for icon in man["icons"]:
        img = client.get(icon["src"])
        assert img.status_code == 200 and img.mimetype == "image/png"
        w, h = Image.open(io.BytesIO(img.data)).size
        img.close()
        assert f"{w}x{h}" == icon["sizes"]
        sizes.add((w, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes
    apple = client.get(page.select_one('link[rel="apple-touch-icon"]')["href"])
    im = Image.open(io.BytesIO(apple.data))
    apple.close()
    assert im.size == (180, 180) and im.mode == "RGB"  # opaque: iOS draws its own corners


def test_the_service_worker_is_served_from_the_root(client):
    resp = client.get("/sw.js")
    assert resp.status_code == 200 and resp.mimetype == "text/javascript"
    assert resp.headers["Cache-Control"] == "no-cache"
    body = resp.get_data(as_text=True)
    assert '"/rules/traditional"' in body and '"/offline"' in body
    for asset in json.loads(body.split("var ASSETS = ")[1].split(";\n")[0]):
        got = client.get(asset)
        assert got.status_code == 200, asset
        got.close()
    assert soup(client.get("/offline")).select_one("h1").get_text() in ("Нет связи", "No connection")


def test_versioned_static_files_are_cached_for_a_year(client):
    page = soup(client.get("/"))
    css = page.select_one('link[rel="stylesheet"]')["href"]
    assert "?v=" in css
    resp = client.get(css)
    cc = resp.headers["Cache-Control"]
    assert "max-age=31536000" in cc and "immutable" in cc and "public" in cc
    assert "no-cache" not in cc and "no-store" not in cc, cc
    resp.close()
    stale = client.get(css.split("?")[0] + "?v=old")
    assert "no-cache" in stale.headers["Cache-Control"] and "immutable" not in stale.headers["Cache-Control"]
    stale.close()


def test_the_asset_version_is_the_files_content(tmp_path):
    from referee.web import _asset_version

    (tmp_path / "a.css").write_text("a{}")
    v1 = _asset_version(str(tmp_path))
    os.utime(tmp_path / "a.css", (1, 1))
    assert _asset_version(str(tmp_path)) == v1  # a new mtime alone (a wheel's) changes nothing
    (tmp_path / "a.css").write_text("a{color:red}")
    assert _asset_version(str(tmp_path)) != v1


def test_pages_and_assets_are_compressed(client):
    edit = new_match(client)
    for url in (edit, "/rules/traditional", "/static/app.css", "/static/app.js"):
        plain = client.get(url)
        packed = client.get(url, headers={"Accept-Encoding": "gzip, deflate"})
        assert packed.status_code == 200
        if packed.headers.get("Content-Encoding") == "gzip":
            body = gzip.decompress(packed.data)
        else:
            import zlib

            assert packed.headers.get("Content-Encoding") == "deflate", url
            body = zlib.decompress(packed.data)
        if url.startswith("/static/"):
            assert body == plain.data, url
        else:  # the page's CSRF token differs from one response to the next, not its length
            assert body.startswith(b"<!doctype html>") and len(body) == len(plain.data), url
        assert len(packed.data) < len(plain.data) / 2, url
        assert "Accept-Encoding" in packed.headers.get("Vary", "")
        plain.close()
        packed.close()


def test_pages_are_compressed_at_the_fastest_level_unless_configured(tmp_path):
    """A page goes out at gzip's level 1 (brotli's 1 too), not flask-compress's default 6: the
    same page inflated, a little larger, a quarter of the CPU; a server's config sets another."""
    import brotli

    from referee import create_app

    def served(config: dict) -> tuple[bytes, bytes, bytes]:
        app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "c.db"), "SECRET_KEY": "s", **config})
        client = app.test_client()
        packed = client.get("/rules/traditional", headers={"Accept-Encoding": "gzip"})
        assert packed.headers.get("Content-Encoding") == "gzip"
        br = client.get("/rules/traditional", headers={"Accept-Encoding": "br"})
        assert br.headers.get("Content-Encoding") == "br"
        return gzip.decompress(packed.data), packed.data, br.data

    page, packed, br = served({})
    assert brotli.decompress(br) == page
    # deflate's output depends only on the input and the level (the gzip header's time aside)
    assert len(packed) == len(gzip.compress(page, 1)) < len(page) / 2
    assert len(gzip.compress(page, 1)) != len(gzip.compress(page, 6))
    assert len(br) == len(brotli.compress(page, quality=1, lgwin=22))
    page6, packed6, br4 = served({"COMPRESS_LEVEL": 6, "COMPRESS_BR_LEVEL": 4})
    assert page6 == page
    assert len(packed6) == len(gzip.compress(page, 6))
    assert len(br4) == len(brotli.compress(page, quality=4, lgwin=22))


def test_edit_keys_never_reach_the_log(client, caplog):
    edit = new_match(client)
    key = edit.split("/m/")[1]
    assert redact(f'"GET {edit}/share HTTP/1.1" 200') == '"GET /m/***/share HTTP/1.1" 200'
    assert key not in redact(f"/lang/en?next=%2Fm%2F{key}%2Ftable")
    assert redact("/s/abc/n") == "/s/abc/n"
    logger = logging.getLogger("werkzeug")
    with caplog.at_level(logging.INFO, logger="werkzeug"):
        logger.info('%s - - "%s" %s -', "127.0.0.1", f"GET {edit}/table HTTP/1.1", 200)
    assert caplog.records and key not in caplog.text and "/m/***/table" in caplog.text


def test_the_access_log_of_referee_serve_hides_edit_keys():
    import io

    from referee.server import AccessLog

    out = io.StringIO()

    def app(environ, start_response):
        start_response("200 OK", [])
        return [b"ok"]

    log = AccessLog(app, out)
    environ = {"REQUEST_METHOD": "POST", "PATH_INFO": "/m/Zx_9-abcdefghijklmnop12/move",
               "QUERY_STRING": "next=%2Fm%2FZx_9-abcdefghijklmnop12", "REMOTE_ADDR": "192.168.1.7"}
    assert list(log(environ, lambda s, h, e=None: None)) == [b"ok"]
    line = out.getvalue()
    assert "Zx_9" not in line and '"POST /m/***/move?next=%2Fm%2F***" 200' in line and "192.168.1.7" in line


def test_public_address_printed_by_serve():
    from referee.server import public_address

    assert public_address("0.0.0.0", 8000, "https://club.example") == ("https://club.example/", None)
    assert public_address("127.0.0.1", 8000, None) == ("http://127.0.0.1:8000/", "local")
    url, problem = public_address("0.0.0.0", 8000, None)
    ip = lan_ip()
    assert (url, problem) == ((f"http://{ip}:8000/", None) if ip else ("http://127.0.0.1:8000/", "offline"))
    assert public_address("192.168.1.5", 81, None) == ("http://192.168.1.5:81/", None)


def _cli(*args, env=None, cwd=None):
    return subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True, text=True,
                          timeout=60, env=env, cwd=cwd)


def test_python_dash_m_and_version():
    from referee.cli import version

    done = _cli("--version")
    assert done.returncode == 0 and done.stdout.strip() == f"referee {version()}"
    assert version()[0].isdigit()


def test_an_internal_failure_is_one_line_and_its_own_exit_code(tmp_path, monkeypatch):
    from referee import cli

    def broken(args):
        raise ZeroDivisionError("division by zero")

    parser = cli.build_parser()
    monkeypatch.setattr(cli, "build_parser", lambda only=None: parser)
    for action in parser._subparsers._group_actions[0].choices.values():
        action.set_defaults(func=broken)
    import io

    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.delenv("REFEREE_DEBUG", raising=False)
    for var in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")  # the line is said in the terminal's language
    code = cli.main(["check", "x.json"])
    assert code == cli.EXIT_INTERNAL == 3
    assert err.getvalue() == ("referee check: internal error, please report it: "
                              "ZeroDivisionError: division by zero\n")
    monkeypatch.setenv("REFEREE_DEBUG", "1")
    with pytest.raises(ZeroDivisionError):
        cli.main(["check", "x.json"])


def test_serve_refuses_a_taken_port_in_one_line(tmp_path):
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen()
    port = s.getsockname()[1]
    try:
        env = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")}
        done = _cli("serve", "--host", "127.0.0.1", "--port", str(port), "--instance", str(tmp_path),
                    "--lang", "en", env=env)
    finally:
        s.close()
    assert done.returncode == 4
    assert done.stderr.strip() == f"referee: Port {port} is taken by another program: choose another, e.g. --port {port + 1}"


def test_an_installed_app_keeps_its_data_outside_the_environment(tmp_path, monkeypatch):
    """Away from a checkout, the default data folder is the user's, not the virtual environment's."""
    import referee.paths as paths

    monkeypatch.delenv("REFEREE_INSTANCE", raising=False)
    monkeypatch.setattr(paths, "CHECKOUT", None)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    if sys.platform.startswith("linux"):
        assert paths.default_instance() == tmp_path / "xdg" / "referee"
    assert not str(paths.default_instance()).startswith(sys.prefix)
    monkeypatch.setenv("REFEREE_INSTANCE", str(tmp_path / "named"))
    assert paths.default_instance() == tmp_path / "named"
    monkeypatch.delenv("REFEREE_INSTANCE")
    monkeypatch.setattr(paths, "CHECKOUT", Path("/repo"))
    assert paths.default_instance() == Path("/repo/instance")


def test_join_page_in_both_languages(client):
    for lang, title in (("ru", "Подключиться к столу"), ("en", "Join this table")):
        client.get(f"/lang/{lang}")
        page = soup(client.get("/join"))
        assert page.select_one("h1").get_text() == title
        assert page.select_one(".qr svg") is not None
        assert soup(client.get("/")).select_one("a.join-entry")["href"] == "/join"


@pytest.mark.parametrize("server", ["granian", "waitress"])
@pytest.mark.parametrize("proxies, scheme", [("1", "https"), ("0", "http")])
def test_referee_serve_behind_a_tls_proxy_gives_https_links(tmp_path, proxies, scheme, server):
    """Through the real server (waitress, and referee serve in front of granian, drop X-Forwarded-*
    unless told the proxies are trusted)."""
    import importlib.util
    import urllib.error
    import urllib.request

    from servehelpers import serve

    if server == "granian" and importlib.util.find_spec("granian") is None:
        pytest.skip("granian is not installed")
    env = {"REFEREE_PROXIES": proxies, "REFEREE_TRUSTED_HOSTS": "club.example"}
    with serve(tmp_path / "data", "--server", server, env=env) as (base, proc, log):
        req = urllib.request.Request(base + "join", headers={
            "Host": "club.example", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "club.example"})
        with urllib.request.urlopen(req, timeout=30) as r:
            from bs4 import BeautifulSoup

            page = BeautifulSoup(r.read(), "html.parser")
        assert page.select_one("a.join-link")["href"] == f"{scheme}://club.example/"
        req = urllib.request.Request(base, headers={"Host": "evil.example"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(req, timeout=30)
        assert refused.value.code == 400
        refused.value.close()


@pytest.mark.parametrize("conditional", [False, True], ids=["200", "304"])
def test_a_static_file_is_closed_when_its_answer_is_made(client, monkeypatch, conditional):
    """A static file's answer holds no open file once made (a 304 sends none of it): a file
    left to the server's close of the answer stays open when the phone drops the connection
    first, and is reported unclosed later."""
    import builtins

    opened = []
    real_open = builtins.open

    def tracked(*a, **k):
        f = real_open(*a, **k)
        if str(a[0]).endswith("icon.svg"):
            opened.append(f)
        return f

    first = client.get("/static/icon.svg")
    assert first.status_code == 200
    headers = {"If-None-Match": first.headers["ETag"]} if conditional else {}
    first.close()
    monkeypatch.setattr(builtins, "open", tracked)
    resp = client.get("/static/icon.svg", headers=headers)  # not closed: as a dropped phone
    assert resp.status_code == (304 if conditional else 200)
    assert opened and all(f.closed for f in opened)
    if not conditional:
        assert resp.data.startswith(b"<svg") or b"<svg" in resp.data[:200]
