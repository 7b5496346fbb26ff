"""``referee serve`` holds the phones' open connections: an idle keep-alive connection (a phone
between two polls) never keeps another phone from being answered.

waitress accepts at most 100 open connections by default and then stops accepting, so that the
101st phone waited for another's connection to time out; the server raises that limit (and the
open-files limit, and waits on its sockets with poll(), which has no bound on file numbers).
"""

from __future__ import annotations

import http.client
import importlib.util
import os
from urllib.parse import urlsplit

import pytest
from servehelpers import serve

#: more than waitress's default limit of 100 connections per process
IDLE = 160


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
