"""A real ``referee serve`` process on 127.0.0.1 for tests, and a phone that talks HTTP to it."""

from __future__ import annotations

import http.client
import http.cookiejar
import os
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import contextmanager
from pathlib import Path

from bs4 import BeautifulSoup


@contextmanager
def in_thread(app):
    """``app`` on a real HTTP server (werkzeug's, threaded) on a free port of 127.0.0.1, in a
    thread of this process; yields its base URL (no trailing /) and stops it on leaving."""
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(5)
        server.server_close()


@contextmanager
def serve(instance: Path, *args: str, env: dict | None = None):
    """``python -m referee serve --host 127.0.0.1 --port 0`` on the data folder ``instance``;
    yields (base URL ending in /, the process, the path of its log). Stopped with SIGTERM."""
    instance.mkdir(parents=True, exist_ok=True)
    full = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")}
    full.update(env or {})
    out = open(instance / "serve.out", "w", encoding="utf-8")
    err = instance / "serve.err"
    err_file = open(err, "w", encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "referee", "serve", "--host", "127.0.0.1", "--port", "0",
                             "--instance", str(instance), "--lang", "en", *args],
                            stdout=out, stderr=err_file, env=full)
    try:
        base = None
        deadline = time.monotonic() + 60
        while base is None and time.monotonic() < deadline:
            # read through a file of its own: a seek on ``out`` would move the server's own
            # writing place (one open file shared with it), and its lines were written over
            m = re.search(r"(http://127\.0\.0\.1:\d+/)", (instance / "serve.out").read_text(encoding="utf-8"))
            if m:
                base = m.group(1)
            elif proc.poll() is not None:
                raise AssertionError(f"referee serve exited {proc.returncode}: {err.read_text()[-2000:]}")
            else:
                time.sleep(0.05)
        assert base, "referee serve printed no address"
        yield base, proc, err
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(10)
        out.close()
        err_file.close()


class Phone:
    """A browser without a screen: cookies, forms with their hidden fields, no redirects followed."""

    def __init__(self, base: str):
        self.base = base
        self.jar = http.cookiejar.CookieJar()

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *a, **k):
                return None

        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirect)

    def request(self, path: str, data: dict | None = None) -> tuple[int, "http.client.HTTPMessage", str]:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        req = urllib.request.Request(self.base + path.lstrip("/"), data=body)
        try:
            with self.opener.open(req, timeout=30) as r:
                return r.status, r.headers, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.headers, e.read().decode()

    def hidden(self, path: str, selector: str = "form") -> dict:
        status, _, page = self.request(path)
        assert status == 200, (path, status)
        form = BeautifulSoup(page, "html.parser").select_one(selector)
        return {i["name"]: i.get("value", "") for i in form.select('input[type="hidden"]')}

    def new_match(self, players=("Anfisa", "Vsevolod")) -> str:
        """Start a traditional match through the setup form (its defaults); the edit path."""
        _, _, page = self.request("/new/traditional")
        form = BeautifulSoup(page, "html.parser").select_one("form.setup")
        data = {}
        for i in form.select("input[name]"):
            if i.get("type") in ("radio", "checkbox"):
                if i.has_attr("checked"):
                    data[i["name"]] = i.get("value", "on")
            elif i.get("type") != "submit":
                data.setdefault(i["name"], i.get("value", ""))
        for s in form.select("select[name]"):
            chosen = s.select_one("option[selected]") or s.select_one("option")
            data[s["name"]] = chosen.get("value", chosen.get_text())
        for k, p in enumerate(players, start=1):
            data[f"player_{k}"] = p
        status, headers, page = self.request("/new/traditional", data)
        assert status == 302, page[:2000]
        return urllib.parse.urlsplit(headers["Location"]).path
