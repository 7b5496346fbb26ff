"""``referee serve`` holds the phones' open connections: an idle keep-alive connection (a phone
between two polls) never keeps another phone from being answered.

waitress accepts at most 100 open connections by default and then stops accepting, so that the
101st phone waited for another's connection to time out; the server raises that limit (and the
open-files limit, and waits on its sockets with poll(), which has no bound on file numbers).
"""

from __future__ import annotations

import contextlib
import http.client
import importlib.util
import os
import time
from urllib.parse import urlsplit

import pytest
from servehelpers import serve

#: more than waitress's default limit of 100 connections per process
IDLE = 160
#: the standings screen's refresh, in seconds (its meta refresh)
REFRESH = 30


def _get(conn: http.client.HTTPConnection, path: str) -> int:
    conn.request("GET", path, headers={"Accept-Language": "en"})
    r = conn.getresponse()
    r.read()
    assert not r.will_close, "the server closed a keep-alive connection"
    return r.status


@pytest.mark.parametrize("server", ["granian", "waitress"])
@pytest.mark.parametrize("workers", [1, 2])
def test_idle_keep_alive_connections_never_starve_a_new_phone(tmp_path, workers, server):
    if workers > 1 and not hasattr(os, "fork"):
        pytest.skip("--workers forks (Linux and macOS)")
    if server == "granian" and importlib.util.find_spec("granian") is None:
        pytest.skip("granian is not installed")
    idle = IDLE * workers  # each waitress process had its own limit of 100
    with serve(tmp_path / "club", "--no-access-log", "--workers", str(workers), "--server", server) as (base, _proc, _err):
        addr = urlsplit(base)
        opened = []
        try:
            for _ in range(idle):
                conn = http.client.HTTPConnection(addr.hostname, addr.port, timeout=20)
                # each phone loads a page and keeps its connection open, as a browser does
                assert _get(conn, "/offline") == 200
                opened.append(conn)
            fresh = http.client.HTTPConnection(addr.hostname, addr.port, timeout=20)
            assert _get(fresh, "/offline") == 200
            fresh.close()
            # and the phones that kept theirs open are still answered on them
            assert all(_get(conn, "/offline") == 200 for conn in opened[::16])
        finally:
            for conn in opened:
                conn.close()


def test_a_connection_idle_longer_than_a_screen_refresh_is_kept(tmp_path):
    """A screen that loads its page again every 30 s (the standings) finds its connection open:
    both servers keep an idle connection for two minutes (granian's own closed it at 30 s, just
    as the next refresh came). Both servers wait side by side, so the test waits once."""
    servers = ["waitress"] + (["granian"] if importlib.util.find_spec("granian") is not None else [])
    with contextlib.ExitStack() as stack:
        conns = []
        for name in servers:
            base, _proc, _err = stack.enter_context(
                serve(tmp_path / name, "--no-access-log", "--workers", "1", "--server", name))
            addr = urlsplit(base)
            conn = http.client.HTTPConnection(addr.hostname, addr.port, timeout=20)
            stack.callback(conn.close)
            assert _get(conn, "/offline") == 200
            conns.append((name, conn))
        time.sleep(REFRESH + 5)
        for name, conn in conns:
            sock = conn.sock
            assert _get(conn, "/offline") == 200, name
            assert conn.sock is sock, f"{name} closed the idle connection"


#: more phones than granian's own limit of held connections for two workers (its backpressure,
#: backlog / workers: 512 each)
MANY = 1_100


def test_granian_holds_more_phones_than_its_own_default_allows(tmp_path):
    """granian counts a phone's idle keep-alive connection against its backpressure: left at its
    default, two workers stopped accepting at 1,024 connections and the next phone waited in the
    kernel's queue until one closed (two minutes). The server sets it from the open-files limit."""
    if importlib.util.find_spec("granian") is None:
        pytest.skip("granian is not installed")
    resource = pytest.importorskip("resource")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = MANY + 200  # the test's own files beside its connections
    if soft != resource.RLIM_INFINITY and soft < wanted:
        if hard != resource.RLIM_INFINITY and hard < wanted:
            pytest.skip(f"this machine lets a process open {hard} files")
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    try:
        with serve(tmp_path / "club", "--no-access-log", "--workers", "2", "--server", "granian") as (base, _p, _e):
            addr = urlsplit(base)
            opened = []
            try:
                for _ in range(MANY):
                    conn = http.client.HTTPConnection(addr.hostname, addr.port, timeout=20)
                    opened.append(conn)
                    assert _get(conn, "/offline") == 200, len(opened)
                fresh = http.client.HTTPConnection(addr.hostname, addr.port, timeout=20)
                assert _get(fresh, "/offline") == 200
                fresh.close()
            finally:
                for conn in opened:
                    conn.close()
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
