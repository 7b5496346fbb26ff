"""``referee serve --server granian``: granian's Rust server in front of the same app.

Through a real server with two worker processes: a page, the match's poll and a page again over
one kept-open connection (HTTP/1.1 keep-alive, as a phone holds it), a form sent with its CSRF
token, forged proxy headers dropped, the access log with the edit keys hidden, SIGTERM stopping
every process; workers that cannot start stopping the server (exit 4); and the words when
granian is asked for and not installed.
"""

from __future__ import annotations

import http.client
import os
import re
import signal
import subprocess
import sys
import time
import urllib.parse

import pytest
from servehelpers import Phone, serve

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or not os.path.isdir("/proc"),
                                reason="granian's workers are forked here (Linux and macOS); the test reads /proc")


def children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(x) for x in f.read().split()]
    except OSError:
        return []


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def wait_for(check, seconds: float = 20.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return check()


def test_granian_serves_pages_polls_and_forms_on_kept_connections_and_stops_on_sigterm(tmp_path):
    pytest.importorskip("granian")
    instance = tmp_path / "i"
    with serve(instance, "--server", "granian", "--workers", "2") as (base, proc, err):
        assert wait_for(lambda: len(children(proc.pid)) == 2), "granian did not start its two workers"
        workers = children(proc.pid)
        phone = Phone(base)
        edit = phone.new_match()  # the set-up form sent with its CSRF token and the session's cookie
        key = edit.split("/")[2]
        assert len(key) >= 16
        host, port = urllib.parse.urlsplit(base).netloc.split(":")
        conn = http.client.HTTPConnection(host, int(port), timeout=30)
        try:
            conn.request("GET", edit, headers={"Accept-Language": "en"})
            page = conn.getresponse()
            html = page.read().decode()
            assert page.status == 200 and "Anfisa" in html
            opened = conn.sock
            view = re.search(r'/s/([A-Za-z0-9_-]+)', html)
            assert view, "the table page links its read-only view"
            for _ in range(3):  # the phone's poll, on the same connection
                conn.request("GET", f"/s/{view.group(1)}/n")
                poll = conn.getresponse()
                assert poll.status == 200 and poll.read() == b'{"n":0}\n'
                assert (poll.getheader("Connection") or "").lower() != "close"
            # a form refused without its token, on the same connection: the app's CSRF check
            conn.request("POST", f"{edit}/hand", body="", headers={"Content-Type": "application/x-www-form-urlencoded"})
            refused = conn.getresponse()
            refused.read()
            assert refused.status == 400
            # a client's forged address is not taken (no REFEREE_PROXIES: the proxy headers are dropped)
            conn.request("GET", "/healthz", headers={"X-Forwarded-For": "203.0.113.9"})
            health = conn.getresponse()
            health.read()
            assert health.status == 200
            assert conn.sock is opened, "the connection was kept open from the first request to the last"
        finally:
            conn.close()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0
        assert wait_for(lambda: not any(alive(p) for p in workers), 10)
    out = (instance / "serve.out").read_text()
    assert "Worker processes: 2" in out and out.count("The server has stopped.") == 1
    log = err.read_text()
    assert "Traceback" not in log
    lines = [line for line in log.splitlines() if line.strip()]
    assert any('"POST /new/traditional" 302' in line for line in lines), log
    assert any(f'"GET /s/{view.group(1)}/n" 200' in line for line in lines), log
    assert any('"GET /m/***" 200' in line for line in lines) and any('"POST /m/***/hand" 400' in line for line in lines)
    assert key not in log, "an edit key reached the server's log"
    health_line = next(line for line in lines if '"GET /healthz"' in line)
    assert " 127.0.0.1 " in health_line and "203.0.113.9" not in log


def test_granian_asked_for_and_missing_is_said_in_one_line(tmp_path, monkeypatch):
    from referee import server

    monkeypatch.setattr(server, "granian_installed", lambda: False)
    assert server.default_server() == "waitress"
    env = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")}
    # the words, through the command as an operator sees them (granian hidden from the import)
    hide = ("import sys, importlib.util as u; f = u.find_spec; "
            "u.find_spec = lambda n, *a: None if n == 'granian' else f(n, *a); "
            "from referee.cli import main; sys.exit(main(sys.argv[1:]))")
    for lang, words in (("ru", "referee: Сервер granian здесь не установлен (pip install granian; Linux и macOS): "
                               "запустите с --server waitress или установите его."),
                        ("en", "referee: The granian server is not installed here (pip install granian; Linux and "
                               "macOS): start with --server waitress, or install it.")):
        done = subprocess.run([sys.executable, "-c", hide, "serve", "--server", "granian", "--host", "127.0.0.1",
                               "--port", "0", "--instance", str(tmp_path), "--lang", lang],
                              capture_output=True, text=True, env=env, timeout=60)
        assert done.returncode == 4, done.stderr
        assert done.stderr.strip() == words


def test_granian_workers_that_stop_as_soon_as_they_start_stop_the_server(tmp_path):
    """A worker that cannot make its app (here a config.py that fails in granian's workers only,
    after the first process's checks passed) is replaced once; the second at once stops the
    server, exit 4, the reason above the last line."""
    pytest.importorskip("granian")
    instance = tmp_path / "i"
    instance.mkdir()
    (instance / "config.py").write_text("import multiprocessing\n"
                                        "if multiprocessing.current_process().name == 'granian-worker':\n"
                                        "    raise RuntimeError('this worker cannot start')\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")}
    done = subprocess.run([sys.executable, "-m", "referee", "serve", "--server", "granian", "--host", "127.0.0.1",
                           "--port", "0", "--instance", str(instance), "--lang", "en"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 4, done.stderr[-2000:]
    lines = done.stdout.strip().splitlines()
    assert lines[-1] == ("The worker processes stop as soon as they start: the server has stopped. "
                         "The reason is in the messages above.")
    assert len([line for line in lines if re.fullmatch(r"Worker process \d+ stopped \(exit code 1\): "
                                                       r"a new one was started\.", line)]) == 1, done.stdout
    assert "this worker cannot start" in done.stderr
    assert "The server has stopped." not in done.stdout
