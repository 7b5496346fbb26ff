"""The installed app, away from the checkout: build, install, serve, check, print.

    python3 tools/wheel_smoke.py            (CI runs it from .ci/run; needs PyPI, ~1-2 min)

1. builds the sdist and, from the sdist, the wheel (``python -m build``), and checks that both
   carry every template, static file, compiled translation and variant words file of the checkout, that the sdist
   carries every tracked file of docs/, tests/ and tools/, LICENSE and CHANGELOG.md (no compiled
   Python), and that the wheel declares the licence and carries its text;
2. installs the wheel into a fresh virtual environment in a temporary folder;
3. from another folder, with its own HOME: ``referee --version``, ``python -m referee
   --version`` (pyproject.toml's version); ``referee serve`` on 127.0.0.1, ``/healthz``, a match started through the setup form, its
   table page, a static file (cached for a year), the manifest, the service worker, the
   printed sheet; the access log holds no edit key; the data is in the per-user data folder,
   not in the environment;
4. ``referee check`` and ``referee sheet`` on an exported record and on a full example match,
   ``referee blank``; ``referee backup`` while the server runs and ``referee restore`` of it;
5. stops the server with SIGTERM (it says so and exits 0).

Stops at the first failure with a line saying what failed, and exits 1.
"""

from __future__ import annotations

import html.parser
import http.cookiejar
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from email.message import Message
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def fail(what: str) -> None:
    print(f"wheel smoke: FAILED: {what}", file=sys.stderr, flush=True)
    sys.exit(1)


def step(what: str) -> None:
    print(f"wheel smoke: {what}", flush=True)


def run(cmd: list[str], cwd: Path, env: dict, ok=(0,), timeout=600) -> subprocess.CompletedProcess:
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    if done.returncode not in ok:
        fail(f"{' '.join(map(str, cmd))} exited {done.returncode}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return done


def tracked(*folders: str) -> list[str]:
    out = subprocess.run(["git", "ls-files", *folders], cwd=ROOT, capture_output=True, text=True, check=True)
    return [line for line in out.stdout.splitlines() if line]


class Form(html.parser.HTMLParser):
    """The fields of the first form posting to ``action`` (no action: the page's own address),
    with the values a browser sends when nothing is changed."""

    def __init__(self, action: str):
        super().__init__()
        self.action, self.inside, self.fields, self.select = action, False, {}, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and (a.get("action") or self.action).endswith(self.action) and not self.fields:
            self.inside = True
        elif not self.inside:
            return
        elif tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            if kind in ("radio", "checkbox"):
                if "checked" in a:
                    self.fields[a["name"]] = a.get("value", "on")
            elif kind != "submit":
                self.fields.setdefault(a["name"], a.get("value", ""))
        elif tag == "select":
            self.select = a.get("name")
        elif tag == "option" and self.select:
            if "selected" in a or self.select not in self.fields:
                self.fields[self.select] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "select":
            self.select = None
        elif tag == "form":
            self.inside = False


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="referee-wheel-"))
    server = None
    try:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("REFEREE_", "VIRTUAL_ENV", "PYTHON"))}
        env["HOME"] = str(tmp / "home")
        env.pop("XDG_DATA_HOME", None)
        env["LANG"] = "en_US.UTF-8"
        (tmp / "home").mkdir()

        step("building the sdist, then the wheel from the sdist")
        run([sys.executable, "-m", "venv", str(tmp / "buildenv")], tmp, env)
        run([str(tmp / "buildenv/bin/pip"), "install", "-q", "build"], tmp, env)
        dist = tmp / "dist"
        run([str(tmp / "buildenv/bin/python"), "-m", "build", "-o", str(dist), str(ROOT)], tmp, env)
        wheels, sdists = list(dist.glob("*.whl")), list(dist.glob("*.tar.gz"))
        if len(wheels) != 1 or len(sdists) != 1:
            fail(f"expected one wheel and one sdist, found {os.listdir(dist)}")
        shipped = tracked("templates", "static")
        mos = [p for p in tracked("referee/translations") if p.endswith((".mo", ".po"))]
        mos += [p for p in tracked("referee/rules/variants/words") if p.endswith(".toml")]  # the variants' words
        in_wheel = set(zipfile.ZipFile(wheels[0]).namelist())
        missing = [p for p in shipped if "referee/" + p not in in_wheel] + [p for p in mos if p not in in_wheel]
        if missing:
            fail(f"the wheel lacks {missing[:10]}")
        with tarfile.open(sdists[0]) as t:
            in_sdist = {n.split("/", 1)[1] for n in t.getnames() if "/" in n}
        missing = [p for p in shipped + mos if p not in in_sdist]
        if missing:
            fail(f"the sdist lacks {missing[:10]}")
        # beside the app, the sdist carries what a packager or a club checks it with
        beside = tracked("docs", "tests", "tools") + ["LICENSE", "CHANGELOG.md", "README.md"]
        missing = [p for p in beside if p not in in_sdist]
        if missing:
            fail(f"the sdist lacks {missing[:10]}")
        if any("__pycache__" in n or n.endswith(".pyc") for n in in_sdist):
            fail("the sdist carries compiled Python files")
        metadata = next(n for n in in_wheel if n.endswith(".dist-info/METADATA"))
        meta = zipfile.ZipFile(wheels[0]).read(metadata).decode()
        if "License: MIT" not in meta and "License-Expression: MIT" not in meta:
            fail("the wheel's metadata declares no licence")
        if not any(n.endswith(("dist-info/LICENSE", "dist-info/licenses/LICENSE")) for n in in_wheel):
            fail("the wheel does not carry LICENSE")
        step(f"{wheels[0].name}: {len(shipped)} templates and static files, {len(mos)} catalogues; "
             f"the sdist: {len(beside)} files of docs, tests and tools, LICENSE and the changelog")

        step("installing the wheel into a fresh environment")
        venv = tmp / "venv"
        run([sys.executable, "-m", "venv", str(venv)], tmp, env)
        run([str(venv / "bin/pip"), "install", "-q", str(wheels[0])], tmp, env)
        here = tmp / "elsewhere"
        here.mkdir()
        referee = str(venv / "bin/referee")
        py = str(venv / "bin/python")
        where = run([py, "-c", "import referee, referee.paths as p; print(referee.__file__); print(p.TEMPLATES)"],
                    here, env).stdout.split()
        if not where[0].startswith(str(venv)) or not where[1].startswith(str(venv)):
            fail(f"the app is not loaded from the installed wheel: {where}")
        for cmd in ([referee, "--version"], [py, "-m", "referee", "--version"]):
            out = run(cmd, here, env).stdout.strip()
            if not re.fullmatch(r"referee \d+\.\d+\.\d+\S*", out):
                fail(f"{cmd} printed {out!r}")
        step(out)
        declared = re.search(r'^version = "([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.M)
        if declared is None or out != f"referee {declared.group(1)}":
            fail(f"referee --version says {out!r}, pyproject.toml {declared.group(1) if declared else None!r}")

        step("referee serve (127.0.0.1, any free port)")
        # the server's lines read through files of their own: a seek on the files it writes to
        # would move its writing place (one open file shared with it), and lines were written over
        log_out, log_err = open(tmp / "serve.out", "w"), open(tmp / "serve.err", "w")
        server = subprocess.Popen([referee, "serve", "--host", "127.0.0.1", "--port", "0", "--lang", "en"],
                                  cwd=here, env=env, stdout=log_out, stderr=log_err)
        base = None
        for _ in range(600):  # a minute: a loaded machine starts it slowly
            m = re.search(r"(http://127\.0\.0\.1:\d+/)", (tmp / "serve.out").read_text())
            if m:
                base = m.group(1)
                break
            if server.poll() is not None:
                fail(f"referee serve exited {server.returncode}: {(tmp / 'serve.err').read_text()[-2000:]}")
            time.sleep(0.1)
        if base is None:
            fail("referee serve printed no address")
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

        def get(path: str) -> tuple[int, Message, bytes]:
            # the headers as read (their names matched in any case: granian writes them in lower case)
            try:
                with opener.open(base + path.lstrip("/"), timeout=30) as r:
                    return r.status, r.headers, r.read()
            except urllib.error.HTTPError as e:
                fail(f"GET {path}: {e.code}")
                raise

        status, _, body = get("/")
        if status != 200 or b"<h1>" not in body:
            fail("the home page")
        status, _, body = get("/rules/ladder")
        if status != 200 or b'id="ladder.deal"' not in body:
            fail("the rules page lacks its words file's rules")
        status, headers, body = get("/healthz")
        if json.loads(body) != {"status": "ok"} or "Set-Cookie" in headers:
            fail(f"/healthz: {body!r}")
        status, _, body = get("/new/traditional")
        form = Form("/new/traditional")
        form.feed(body.decode())
        form.fields.update({"player_1": "Anfisa", "player_2": "Vsevolod"})
        req = urllib.request.Request(base + "new/traditional", data=urllib.parse.urlencode(form.fields).encode(),
                                     method="POST")
        try:
            r = opener.open(req, timeout=30)
        except urllib.error.HTTPError as e:
            fail(f"starting a match: {e.code} {e.read()[:2000]!r}")
        with r:
            table_path = urllib.parse.urlsplit(r.url).path
            table = r.read().decode()
        if not table_path.startswith("/m/") or "Vsevolod" not in table:
            fail(f"starting a match did not lead to its table page ({table_path})")
        key = table_path.split("/")[2]
        step(f"a table page served: {table_path[:6]}…")
        css = re.search(r'href="(/static/app\.css\?v=[^"]+)"', table)
        if not css:
            fail("the table page links no versioned stylesheet")
        status, headers, _ = get(css.group(1))
        if "immutable" not in headers.get("Cache-Control", ""):
            fail(f"a versioned static file is not cached for long: {headers.get('Cache-Control')}")
        status, headers, body = get("/manifest.webmanifest?lang=en")
        icons = json.loads(body)["icons"]
        for icon in icons:
            if get(icon["src"])[2][:8] != b"\x89PNG\r\n\x1a\n":
                fail(f"the manifest's icon {icon['src']} is not a PNG")
        if b"addEventListener" not in get("/sw.js")[2]:
            fail("no service worker")
        status, headers, pdf = get(f"/m/{key}/sheet.pdf")
        if pdf[:5] != b"%PDF-":
            fail("the web app's printed sheet")
        status, _, record = get(f"/m/{key}/export")
        (here / "exported.json").write_bytes(record)

        step("referee check / sheet / blank")
        example = here / "example.json"
        shutil.copy(ROOT / "tests/data/records/seed-traditional.json", example)
        for rec in ("exported.json", "example.json"):
            out = run([referee, "check", rec, "--lang", "en"], here, env).stdout
            if "legal" not in out:
                fail(f"referee check {rec}: {out}")
            run([referee, "sheet", rec, "--output", rec + ".pdf", "--lang", "en"], here, env)
            if (here / (rec + ".pdf")).read_bytes()[:5] != b"%PDF-":
                fail(f"referee sheet {rec} wrote no PDF")
        run([referee, "blank", "traditional", "--players", "4", "--output", "blank.pdf"], here, env)

        data = tmp / "home/.local/share/referee/referee.db"
        if not data.is_file():
            fail(f"the database is not in the per-user data folder ({data})")
        if list(venv.rglob("referee.db")):
            fail("a database was made inside the virtual environment")
        step(f"the data is kept outside the environment: {data}")

        step("referee backup while serving, referee restore")
        out = run([referee, "backup", str(tmp / "backup.db")], here, env).stdout
        if "1 matches" not in out:
            fail(f"referee backup: {out}")
        run([referee, "restore", str(tmp / "backup.db"), "--database", str(tmp / "restored.db")], here, env)
        if get(f"/m/{key}")[0] != 200:
            fail("the table page after the backup")

        server.send_signal(signal.SIGTERM)
        if server.wait(30) != 0:
            fail(f"referee serve exited {server.returncode} on SIGTERM")
        access = (tmp / "serve.err").read_text()
        if key in access or key in (tmp / "serve.out").read_text():
            fail("an edit key is in the server's log")
        if "/m/***" not in access:
            fail(f"the access log does not show the table's requests: {access[-500:]}")
        server = None
        step("OK")
    finally:
        if server is not None and server.poll() is None:
            server.kill()
            server.wait(10)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
