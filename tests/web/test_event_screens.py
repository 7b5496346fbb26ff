"""What the event's screens read of each table's match is kept beside its log
(``referee.matches.summary``) and taken only when it is the log's as it is now: a result entered at
a table shows at the next load, from whichever worker or machine entered it."""

from __future__ import annotations

from referee import create_app
from referee.matches import replay
from referee.matches import summary as summaries
from referee.web import get_db, store

from eventhelpers import hand_by_result, new_event, post, start, table_links, win_table
from webhelpers import csrf_of, soup


def statuses(client, director: str) -> list[str]:
    return [li.select_one(".badge").get_text(strip=True) for li in soup(client.get(director)).select(".table-row")]


def _match(app, edit: str) -> dict:
    with app.app_context():
        return dict(store.match_by_key(get_db(), edit.split("/m/")[1], "edit_key"))


def _row(app, match_id: int):
    with app.app_context():
        return get_db().execute("SELECT count, data FROM match_summaries WHERE match_id = ?", [match_id]).fetchone()


def _replayed(app, m: dict) -> dict:
    with app.app_context():
        evs = store.events(get_db(), m["id"])
    return summaries.of(m, evs, replay.replay(m, evs))


def test_each_change_keeps_the_summary_the_logs_once_a_screen_read_it(app, client):
    d = new_event(client)
    start(client, d, 1)
    t1, t2 = table_links(client, d)  # the director's page read the tables: their summaries are kept
    m1 = _match(app, t1)
    assert _row(app, m1["id"])[0] == 0
    for side in (0, 0):
        hand_by_result(client, t1, side, (30, 29))
        count, data = _row(app, m1["id"])
        with app.app_context():
            assert count == store.event_count(get_db(), m1["id"])
        assert summaries.valid(m1, count, count, data) == _replayed(app, m1)
    assert statuses(client, d) == ["finished", "not started"]


def _app(database: str, secret: str = "x"):
    return create_app({"TESTING": True, "DATABASE": database, "SECRET_KEY": secret})


def test_a_summary_behind_the_log_is_read_again_from_the_log(new_database):
    app = _app(new_database())
    client = app.test_client()
    d = new_event(client)
    start(client, d, 1)
    t1, t2 = table_links(client, d)
    m2 = _match(app, t2)
    assert statuses(client, d) == ["not started", "not started"]
    before = _row(app, m2["id"])
    hand_by_result(client, t2, 1, (10, 10))
    # as if the summary's write after the hand had been lost: the one before it is stored
    with app.app_context():
        db = get_db()
        db.execute("UPDATE match_summaries SET count = ?, data = ? WHERE match_id = ?", [*before, m2["id"]])
        db.conn.commit()
        assert store.event_count(db, m2["id"]) == before[0] + 1
    assert statuses(client, d) == ["not started", "between hands, 1 played"]
    assert _row(app, m2["id"])[1] == summaries.text(_replayed(app, m2))  # stored again, read from the log


def test_a_result_entered_through_another_machine_shows_at_the_next_load(new_database):
    database = new_database()
    app = _app(database)
    client = app.test_client()
    d = new_event(client)
    start(client, d, 1)
    t1, t2 = table_links(client, d)
    view = soup(client.get(d)).select_one("a.public-link")["href"]
    view = view[view.index("/ev/"):]
    board = soup(client.get(view + "/board")).get_text(" ", strip=True)
    assert "118" not in board
    phone = _app(database, "other").test_client()  # another server on the same database
    phone.get("/lang/en")
    win_table(phone, t1, 0)
    assert "118" in soup(client.get(view + "/board")).get_text(" ", strip=True)
    assert statuses(client, d) == ["finished", "not started"]
    hand_by_result(phone, t2, 1, (10, 10))
    assert statuses(client, d) == ["finished", "between hands, 1 played"]


def _public(client, director: str) -> str:
    href = soup(client.get(director)).select_one("a.public-link")["href"]
    return href[href.index("/ev/"):]


def test_a_dispute_after_a_finished_table_changes_the_screens(app, client):
    d = new_event(client, confirm_hands="y")
    start(client, d, 1)
    t1, _t2 = table_links(client, d)
    win_table(client, t1, 0)
    board = _public(client, d) + "/board"
    first = soup(client.get(board)).select_one(".now-tables li").get_text(" ", strip=True)
    assert "won by" in first
    page = client.get(t1 + "/score")
    by = _match(app, t1)["players"][1]
    resp = client.post(f"{t1}/hand/1/confirm", data={"csrf_token": csrf_of(page), "by": by, "verdict": "disputed",
                                                     "n": soup(page).select_one("input[name=n]")["value"]})
    assert resp.status_code == 302
    assert statuses(client, d)[0] == "disputed"
    now = soup(client.get(board)).select_one(".now-tables li").get_text(" ", strip=True)
    assert "118" in now and "won by" not in now  # a disputed result is not counted


def test_the_boards_clock_is_the_rounds_at_each_load(app, client, monkeypatch):
    from datetime import timedelta

    from referee.web import tournaments

    d = new_event(client, time_limit="30")
    start(client, d, 1)
    board = _public(client, d) + "/board"
    lefts = []
    for minutes in (0, 7):
        later = tournaments.now() + timedelta(minutes=minutes)
        monkeypatch.setattr(tournaments, "now", lambda later=later: later)
        clock = soup(client.get(board)).select_one(".clock")
        lefts.append(int(clock["data-left"]))
        left = lefts[-1]
        assert clock.select_one(".mmss").get_text() == "%d:%02d" % (left // 60, left % 60)
    assert 0 < lefts[0] <= 30 * 60 and 7 * 60 <= lefts[0] - lefts[1] <= 7 * 60 + 2  # a second or two between loads


def _rows(client, director: str) -> list[dict]:
    """Each row of the round being played as the director's page draws it."""
    page = soup(client.get(director))
    token = page.select_one('form[action$="/close"] input[name=csrf_token]')["value"]
    out = []
    for li in page.select(".table-row"):
        result = li.select_one(".result")
        out.append({"status": li.select_one(".badge").get_text(strip=True),
                    "sides": li.select_one(".sides").get_text(strip=True),
                    "result": result.get_text(" ", strip=True) if result else "",
                    "v": {i["value"] for i in li.select("input[name=v]")},
                    "csrf": {i["value"] for i in li.select("input[name=csrf_token]")} == {token}})
    return out


def test_the_directors_rows_are_drawn_again_when_their_table_changes(app, client):
    d = new_event(client, confirm_hands="y")
    start(client, d, 1)
    t1, t2 = table_links(client, d)  # the rows drawn and kept
    first = _rows(client, d)
    assert [r["status"] for r in first] == ["not started", "not started"] and all(r["csrf"] for r in first)
    hand_by_result(client, t2, 1, (10, 10))  # a hand played
    assert [r["status"] for r in _rows(client, d)] == ["not started", "between hands, 1 played"]
    win_table(client, t1, 0)  # a table's result
    row = _rows(client, d)[0]
    assert row["status"] == "waiting for confirmation" and "118" in row["result"]
    page = client.get(t1 + "/score")  # an opponent disputes the first hand
    resp = client.post(f"{t1}/hand/1/confirm", data={"csrf_token": csrf_of(page), "by": _match(app, t1)["players"][1],
                                                     "verdict": "disputed",
                                                     "n": soup(page).select_one("input[name=n]")["value"]})
    assert resp.status_code == 302
    assert _rows(client, d)[0]["status"] == "disputed"
    # the director's result for table 2: the event's next version, in every row's forms
    (version,) = _rows(client, d)[1]["v"]
    resp = client.post(d + "/round/1/table/2/result", data={
        "csrf_token": csrf_of(client.get(d)), "v": version, "side_0": "60", "side_1": "101", "ended": "target"})
    assert resp.status_code == 302
    rows = _rows(client, d)
    assert rows[1]["result"].startswith("60 — 101") and "entered by the director" in rows[1]["result"]
    assert rows[0]["v"] == rows[1]["v"] == {str(int(version) + 1)}
    # a late entrant: another version; a row's form drawn before it would be refused as stale
    post(client, d, "/enter", {"names": "Ира"})
    (version,) = _rows(client, d)[0]["v"]
    resp = client.post(d + "/round/1/table/1/result", data={
        "csrf_token": csrf_of(client.get(d)), "v": version, "side_0": "101", "side_1": "0", "ended": "target"})
    assert resp.status_code == 302
    assert _rows(client, d)[0]["result"].startswith("101 — 0")
    client.get("/lang/ru")  # the language switched: the rows in its words
    rows = _rows(client, d)
    assert [r["status"] for r in rows] == ["закончен", "закончен"] and "вписано судьёй" in rows[1]["result"]


def test_the_next_rounds_rows_are_its_tables_after_a_swap(app, client):
    d = new_event(client)
    start(client, d, 1)
    t1, t2 = table_links(client, d)
    before = [r["sides"] for r in _rows(client, d)]
    win_table(client, t1, 0)
    win_table(client, t2, 1)
    assert post(client, d, "/round/1/close").status_code == 302
    assert post(client, d, "/round/2/swap", {"a": "e1", "b": "e5"}).status_code == 302
    plan = [li.get_text(strip=True).split(":", 1)[1].strip() for li in soup(client.get(d)).select(".plan-table")]
    start(client, d, 2)
    after = [r["sides"] for r in _rows(client, d)]
    assert after == plan and after != before
    assert [r["status"] for r in _rows(client, d)] == ["not started", "not started"]


def test_an_opponents_word_on_a_hand_keeps_the_summary_the_logs(app, client):
    d = new_event(client, confirm_hands="y")
    start(client, d, 1)
    t1, _t2 = table_links(client, d)
    win_table(client, t1, 0)
    assert statuses(client, d)[0] == "waiting for confirmation"
    m1 = _match(app, t1)
    page = client.get(t1 + "/score")  # hand 1 confirmed on the scorekeeper's phone
    resp = client.post(f"{t1}/hand/1/confirm", data={"csrf_token": csrf_of(page), "by": m1["players"][1],
                                                     "verdict": "confirmed",
                                                     "n": soup(page).select_one("input[name=n]")["value"]})
    assert resp.status_code == 302
    share = soup(client.get(t1 + "/share"))  # hand 2 on the seat link of a player of the side that lost
    link = next(li.select_one("a.link")["href"] for li in share.select(".seat-links li")
                if m1["players"][1] in li.select_one("summary").get_text(strip=True))
    seat = "/" + link.split("://", 1)[1].split("/", 1)[1]
    phone = app.test_client()
    form = next(f for f in soup(phone.get(seat)).select("form.seat-verdict") if f["action"].endswith("/hand/2"))
    data = {i["name"]: i.get("value", "") for i in form.select("input[type=hidden]")}
    assert phone.post(form["action"], data={**data, "verdict": "confirmed"}).status_code == 302
    count, data = _row(app, m1["id"])  # written with each word, in its transaction
    with app.app_context():
        assert count == store.event_count(get_db(), m1["id"])
    kept = summaries.valid(m1, count, count, data)
    assert kept == _replayed(app, m1) and kept["verdicts"] == {"1": "confirmed", "2": "confirmed"}
    assert statuses(client, d)[0] == "finished"
