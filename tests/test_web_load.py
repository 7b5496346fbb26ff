"""The load driver's parsing and accounting (``tools/web_load.py``): no app server is started
(a phone's reading of answers is checked against a few bytes served on this machine's loopback)
and no timing is asserted; the driver's runs are a tool's, not a test's."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests.toolmodule import load_tool

wl = load_tool("web_load")


def test_viewers_counts_ranges_and_weights() -> None:
    assert wl.parse_viewers("2") == [(2, 1.0)]
    assert wl.parse_viewers("0-3") == [(0, 1.0), (1, 1.0), (2, 1.0), (3, 1.0)]
    assert wl.parse_viewers("0:3,1:4,2:2,3:1") == [(0, 3.0), (1, 4.0), (2, 2.0), (3, 1.0)]
    for bad in ("", "x", "4-", "11", "1:-1", "0:0", "1:2,x"):
        with pytest.raises(ValueError, match="--viewers"):
            wl.parse_viewers(bad)


def test_viewers_dealt_from_the_distribution_the_same_every_run() -> None:
    dist = wl.parse_viewers(wl.DEFAULT_VIEWERS)
    dealt = wl.deal_viewers(dist, 400, seed=7)
    assert dealt == wl.deal_viewers(dist, 400, seed=7)
    assert set(dealt) == {0, 1, 2, 3}
    assert wl.deal_viewers(wl.parse_viewers("2"), 5, seed=1) == [2] * 5
    assert wl.deal_viewers(wl.parse_viewers("1:1,3:0"), 50, seed=1) == [1] * 50


def test_curve_steps() -> None:
    assert wl.parse_curve("100,250,500,1000") == [100, 250, 500, 1000]
    for bad in ("", "0", "100,x", "6000"):
        with pytest.raises(ValueError, match="--curve"):
            wl.parse_curve(bad)


def test_a_bad_option_stops_before_any_server(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        wl.main(["--viewers", "lots"])
    assert stop.value.code == 2
    assert "--viewers 'lots'" in capsys.readouterr().err


def test_a_form_read_as_a_browser_sends_it() -> None:
    page = ('<form method="post" action="/e/k/round/1/swap"><input name="csrf_token" type="hidden" value="x">'
            '</form><form method="post" action="/e/k/round/1/start">'
            '<input type="hidden" name="csrf_token" value="t&amp;1"><input type="hidden" name="plan" value="d">'
            '<input type="radio" name="unit" value="player" checked><input type="radio" name="unit" value="pair">'
            '<input type="checkbox" name="confirm" value="y"><textarea name="entrants"></textarea>'
            '<button type="submit" name="go">Start</button></form>')
    action, fields = wl.form_fields(page, r"/round/1/start$")
    assert action == "/e/k/round/1/start"
    assert fields == {"csrf_token": "t&1", "plan": "d", "unit": "player", "entrants": ""}
    assert wl.form_fields(page, r"/round/2/start$") is None


def test_an_event_tables_plan_is_the_same_hands_with_its_players() -> None:
    plan = wl.plan_hands(wl.VARIANT, wl.NAMES, 2, seed=3, options=wl.OPTIONS)
    names = ["P1", "P2", "P3", "P4"]
    moved = wl.renamed(plan, names)
    for a, b in zip(plan, moved):
        assert [b.deal[n] for n in names] == [a.deal[n] for n in wl.NAMES]
        assert [tok for _w, tok in b.steps] == [tok for _w, tok in a.steps]
        assert {w for w, _tok in b.steps} <= set(names)
        assert b.record.get("lead") == (names[wl.NAMES.index(a.record["lead"])] if "lead" in a.record else None)


def _stored(tmp_path) -> tuple[str, dict, list]:
    from referee import create_app
    from referee.web import store

    db_path = str(tmp_path / "load.db")
    create_app({"DATABASE": db_path, "SECRET_KEY": "t"})  # the schema
    plan = wl.plan_hands(wl.VARIANT, wl.NAMES, 1, seed=5, options=wl.OPTIONS)
    events = wl.hand_events(plan[0], 3)  # the hand's start and its first three moves
    db = store.open_db(db_path)
    m = store.create_match(db, wl.VARIANT, dict(wl.OPTIONS), list(wl.NAMES), events, lang="ru")
    db.close()
    acked = [(kind, data.get("token", "")) for kind, data in events]
    return db_path, m, acked


def test_every_acknowledged_change_found_in_the_log(tmp_path) -> None:
    db_path, m, acked = _stored(tmp_path)
    got = wl.check_log(db_path, [SimpleNamespace(m=m, acked=acked[1:])], [1])
    assert got == {"acknowledged": 3, "missing": 0, "unacknowledged_stored": 0, "every_move_present": True}


def test_a_lost_acknowledged_change_is_reported(tmp_path) -> None:
    db_path, m, acked = _stored(tmp_path)
    lost = acked[1:] + [("move", "6:6")]  # answered as recorded, not in the log
    got = wl.check_log(db_path, [SimpleNamespace(m=m, acked=lost)], [1])
    assert got["missing"] == 1 and got["every_move_present"] is False
    step = {"tables": 1, "duration_s": 60.0, "started_utc": "10:00:00", "ended_utc": "10:01:00", "viewers": 1,
            "load_average_before": [1.0, 1.0, 1.0], "load_average_after": [2.0, 1.0, 1.0],
            "server_cpu_share": 0.1, "server_cpu_ms_per_table_s": 3.0, "client_cpu_s": 0.5,
            "errors": {"POST move: TimeoutError": 2}, "timeouts": 2,
            "routes": {"POST move": {"requests": 6, "p50_ms": 20.0, "p95_ms": 40.0, "p99_ms": 50.0, "max_ms": 60.0}},
            **got}
    assert "1 MISSING" in wl.report_table(step)
    row = wl.curve_table({"steps": [step]}, "cmd").splitlines()[-1]
    assert "20/50" in row and "2 (2)" in row and "1 MISSING" in row


def test_a_change_stored_but_never_acknowledged_is_reported(tmp_path) -> None:
    db_path, m, acked = _stored(tmp_path)
    got = wl.check_log(db_path, [SimpleNamespace(m=m, acked=acked[1:-1])], [1])
    assert got["unacknowledged_stored"] == 1 and got["missing"] == 0 and got["every_move_present"] is False


def test_timeouts_counted_among_the_errors() -> None:
    stats = wl.Stats()
    stats.error("POST move", "TimeoutError")
    stats.error("GET view", "TimeoutError")
    stats.error("GET view", "HTTP 503")
    assert stats.timeouts() == 2
    for t in (0.010, 0.020, 0.030):
        stats.add("GET view", t)
    assert stats.summary()["GET view"] == {"requests": 3, "p50_ms": 20.0, "p95_ms": 30.0, "p99_ms": 30.0,
                                           "max_ms": 30.0}


def _answered_by(answers: list[bytes], requests: list[tuple[str, str]], timeout: float = 5.0) -> tuple[list, "wl.Stats"]:
    """What a phone reads of a server on this machine that answers each request it reads with the
    next of ``answers`` as written (an empty one: no answer at all), and its stats."""
    import asyncio

    stats = wl.Stats()

    async def run() -> list:
        writers = []

        async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            writers.append(writer)
            while answers:
                try:
                    await reader.readuntil(b"\r\n\r\n")
                except (asyncio.IncompleteReadError, ConnectionError):
                    break
                out = answers.pop(0)
                if not out:
                    continue  # never answered
                writer.write(out)
                await writer.drain()
                if b"Connection: close" in out or b"Content-Length" not in out and b"chunked" not in out:
                    writer.close()
                    break

        server = await asyncio.start_server(serve, wl.HOST, 0)
        port = server.sockets[0].getsockname()[1]
        phone = wl.Phone(port, stats, timeout=timeout)
        got = []
        for route, path in requests:
            ans = await phone.request(route, "GET", path)
            got.append(None if ans is None else (ans.status, ans.text(), ans.location))
        phone.close()
        server.close()
        for writer in writers:
            writer.close()
        await server.wait_closed()
        await asyncio.sleep(0)
        return got

    return asyncio.run(run()), stats


def test_a_phone_reads_answers_by_length_chunked_and_until_closed() -> None:
    import gzip

    page = gzip.compress("<p>стол</p>".encode())
    got, stats = _answered_by(
        [b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\nContent-Encoding: gzip\r\nSet-Cookie: session=abc; Path=/\r\n\r\n"
         % len(page) + page,
         b"HTTP/1.1 302 FOUND\r\nLocation: /m/key\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nab\n\r\n2\r\ncd\r\n0\r\n\r\n",
         b"HTTP/1.1 404 NOT FOUND\r\nConnection: close\r\n\r\nnone here"],
        [("GET a", "/a"), ("GET b", "/b"), ("GET c", "/c")])
    assert got == [(200, "<p>стол</p>", None), (302, "ab\ncd", "/m/key"), (404, "none here", None)]
    assert stats.errors == {"GET c: HTTP 404": 1}
    assert stats.connections == 1  # kept open until the server closed it
    assert {k: len(v) for k, v in stats.times.items()} == {"GET a": 1, "GET b": 1, "GET c": 1}


def test_an_answer_that_never_comes_is_a_timeout_and_the_next_request_reconnects() -> None:
    got, stats = _answered_by([b"", b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"],
                              [("GET slow", "/slow"), ("GET next", "/next")], timeout=1.0)
    assert got == [None, (200, "ok", None)]
    assert stats.errors == {"GET slow: TimeoutError": 1} and stats.timeouts() == 1
    assert stats.connections == 2
