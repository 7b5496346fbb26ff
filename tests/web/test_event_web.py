"""Events on the web: the set-up, a round started once, each table's state read from its match,
closing a round, the director's corrections with their audit, a forfeit, a withdrawal, a late
entrant, the clock, the hand limit, the standings (page, CSV, PDF) against ``referee.events``,
the record exported and imported again."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from referee import events as core
from referee.web import get_db, store

from eventhelpers import NAMES8, hand_by_result, new_event, post, start, table_links, win_table
from sheethelpers import pdf_text
from webhelpers import csrf_of, soup


def stored(app, director: str) -> dict:
    key = director.split("/e/")[1].split("#")[0]
    with app.app_context():
        return store.event_by_key(get_db(), key, "director_key")


def counts(app) -> tuple[int, int]:
    """(matches, events) in the database."""
    with app.app_context():
        db = get_db()
        return (db.execute("SELECT COUNT(*) FROM matches").fetchone()[0],
                db.execute("SELECT COUNT(*) FROM club_events").fetchone()[0])


def public(client, director: str) -> str:
    href = soup(client.get(director)).select_one("a.public-link")["href"]
    return href[href.index("/ev/"):]


def exported(client, director: str) -> dict:
    resp = client.get(public(client, director) + "/export")
    assert resp.status_code == 200
    return json.loads(resp.get_data(as_text=True))


def statuses(client, director: str) -> list[str]:
    return [li.select_one(".badge").get_text(strip=True) for li in soup(client.get(director)).select(".table-row")]


def page_order(client, director: str) -> list[str]:
    rows = soup(client.get(public(client, director))).select("table.standings tbody .name")
    return [r.get_text(strip=True) for r in rows]


def flashes(resp_page) -> list[str]:
    return [p.get_text(" ", strip=True) for p in soup(resp_page).select(".flash")]


def test_a_new_event_is_its_record_and_proposes_round_one(app, client):
    d = new_event(client)
    ev = stored(app, d)
    record = ev["record"]
    assert record["format"] == "referee-event/1" and record["system"] == "swiss" and record["unit"] == "player"
    assert [e["name"] for e in record["entrants"]] == list(NAMES8)
    assert record["game"]["options"]["scoring"] == "kozel" and record["game"]["seats"] == 4
    assert record["round_list"] == []
    core.load(record)  # the reader and the judge accept it
    page = soup(client.get(d))
    # round 1's proposal is the core's, drawn as sides: partners opposite
    proposal = core.propose(core.load(record), 1)
    names = {e["id"]: e["name"] for e in record["entrants"]}
    drawn = [li.get_text(" ", strip=True) for li in page.select(".plan-table")]
    for t, text in zip(proposal["tables"], drawn):
        s = [names[x] for x in t["seats"]]
        assert f"{s[0]} + {s[2]} — {s[1]} + {s[3]}" in text
    assert len(drawn) == 2
    # the director's key and the public key differ; the public page changes nothing
    assert ev["director_key"] != ev["view_key"]
    pub = client.get(public(client, d))
    assert pub.status_code == 200 and not soup(pub).select("form[method=post]")
    assert client.get("/e/not-a-key").status_code == 404 and client.get("/ev/not-a-key").status_code == 404


@pytest.mark.parametrize("lang, entrants, extra, words, field", [
    ("en", ["Аня"], {}, "at least two entrants", "entrants"),
    ("ru", ["Аня"], {}, "не меньше двух", "entrants"),
    ("en", ["Аня + Вера + Гена", "Боря + Дина"], {"unit": "pair"}, "two names joined", "entrants"),
    # a name twice: said as the entrants' lines have it (not «already seated», a table's words)
    ("en", ["Аня", "Аня", "Вера", "Гена"], {}, "The name «Аня» is entered twice", "entrants"),
    ("ru", ["Аня", "Вера", "аня", "Гена"], {}, "Имя «аня» записано дважды", "entrants"),
    ("ru", ["Аня + Вера", "Гена + аня"], {"unit": "pair"}, "Имя «аня» записано дважды", "entrants"),
    ("en", list(NAMES8), {"rounds": ""}, "number of rounds", "rounds"),
    ("ru", list(NAMES8), {"rounds": ""}, "число туров", "rounds"),
])
def test_a_bad_set_up_is_refused_in_the_users_language_and_nothing_is_stored(app, client, lang, entrants,
                                                                                extra, words, field):
    """Refused with its words; a refusal about one field is said at that field, marked (the
    page's top asks to correct the marked fields), the others at the top."""
    client.get(f"/lang/{lang}")
    page = client.get("/events/new/traditional?preset=yard")
    from eventhelpers import setup_fields

    data = {"csrf_token": csrf_of(page), "name": "X", "seats": "4", "system": "swiss", "unit": "player",
            "rounds": "3", "entrants": "\n".join(entrants)}
    data.update(setup_fields(page))
    data.update(extra)
    resp = client.post("/events/new/traditional", data=data)
    assert resp.status_code == 400
    page = soup(resp)
    if field is None:
        assert words in page.select_one(".problem").get_text() and not page.select(".has-error")
    else:
        marked = page.select(".has-error")
        assert len(marked) == 1 and marked[0].select_one(f"[name={field}]") is not None
        assert words in marked[0].select_one(".errors").get_text()
        assert page.select_one(".problem").get_text() == \
            {"en": "Please correct the marked fields.", "ru": "Исправьте отмеченные поля."}[lang]
    assert counts(app) == (0, 0)
    # what was typed is kept
    assert soup(resp).select_one("textarea[name=entrants]").get_text().strip().startswith(entrants[0])


def test_starting_a_round_twice_makes_its_matches_once(app, client):
    d = new_event(client)
    page = client.get(d)
    plan = soup(page).select_one('form[action$="/round/1/start"] input[name="plan"]')["value"]
    token = csrf_of(page)
    for _ in range(3):  # a second tap, a reload that sends the form again, a second phone
        resp = client.post(d + "/round/1/start", data={"csrf_token": token, "plan": plan})
        assert resp.status_code == 302
    assert counts(app) == (2, 1)
    ev = stored(app, d)
    assert [r["round"] for r in ev["record"]["round_list"]] == [1]
    with app.app_context():
        links = store.event_tables(get_db(), ev["id"])
        audit = store.event_audit(get_db(), ev["id"])
    assert sorted(links) == [(1, 1), (1, 2)]
    assert [a["kind"] for a in audit] == ["start"]
    # each table's match is an ordinary match: the seated names in seat order, the event's game
    names = {e["id"]: e["name"] for e in ev["record"]["entrants"]}
    with app.app_context():
        for t in ev["record"]["round_list"][0]["tables"]:
            m = store.get_match(get_db(), links[(1, t["table"])])
            assert m["players"] == [names[x] for x in t["seats"]]
            assert m["options"] == ev["record"]["game"]["options"]
    assert statuses(client, d) == ["not started", "not started"]


def test_a_plan_drawn_before_a_swap_does_not_start(app, client):
    d = new_event(client)
    page = client.get(d)
    old = soup(page).select_one('form[action$="/round/1/start"] input[name="plan"]')["value"]
    assert post(client, d, "/round/1/swap", {"a": "e1", "b": "e2"}).status_code == 302
    resp = post(client, d, "/round/1/start", {"plan": old})
    assert resp.status_code == 302
    assert any("changed since the page was drawn" in f for f in flashes(client.get(d)))
    assert counts(app) == (0, 1)
    # the swap is in the drawn tables; started, the round is marked changed and audited
    assert start(client, d, 1).status_code == 302
    rnd = stored(app, d)["record"]["round_list"][0]
    assert rnd["changed"] is True
    seats = [x for t in rnd["tables"] for x in t["seats"]]
    assert seats.index("e2") == 0  # Боря took Аня's seat at table 1
    with app.app_context():
        kinds = [a["kind"] for a in store.event_audit(get_db(), stored(app, d)["id"])]
    assert kinds == ["swap", "start"]


def test_each_tables_state_and_closing_a_round(app, client):
    d = new_event(client)
    start(client, d, 1)
    t1, t2 = table_links(client, d)
    hand_by_result(client, t2, 1, (10, 10))
    assert statuses(client, d) == ["not started", "between hands, 1 played"]
    assert soup(client.get(d)).select_one(".missing") is None  # every table missing: nothing to point at yet
    # the public page says where everyone sits, and which tables have finished
    now = [li.get_text(" ", strip=True) for li in soup(client.get(public(client, d))).select(".now-tables li")]
    assert len(now) == 2 and all("playing" in x for x in now)
    win_table(client, t1, 0)
    assert statuses(client, d) == ["finished", "between hands, 1 played"]
    now = [li.get_text(" ", strip=True) for li in soup(client.get(public(client, d))).select(".now-tables li")]
    assert "118" in now[0] and "target reached" in now[0] and "playing" in now[1]
    page = soup(client.get(d))
    assert "No result yet: table 2" in page.select_one(".missing").get_text()
    # said above the round's rows, each table a link to its row
    assert page.select_one(".missing + ul.tables") is not None
    assert [a["href"] for a in page.select(".missing a")] == ["#table-2"] and page.select_one("li#table-2")
    before = stored(app, d)["version"]
    post(client, d, "/round/1/close")
    assert any("The result of table 2 is missing" in f for f in flashes(client.get(d)))
    assert stored(app, d)["version"] == before
    win_table(client, t2, 1)
    for _ in range(2):
        assert post(client, d, "/round/1/close").status_code == 302
    ev = stored(app, d)
    rnd = ev["record"]["round_list"][0]
    assert [t["result"]["ended"] for t in rnd["tables"]] == ["target", "target"]
    t = rnd["tables"][1]["result"]["totals"]
    seats = rnd["tables"][1]["seats"]
    assert [t[x] for x in seats] == [138, 0, 138, 0]  # 20, then 59 + 59 against seats 1 and 3
    with app.app_context():
        assert [a["kind"] for a in store.event_audit(get_db(), ev["id"])] == ["start", "close"]
    # the next round is proposed from the results: the core's proposal, nobody with a partner again
    proposal = core.propose(core.load(ev["record"]), 2)
    page = soup(client.get(d))
    assert page.select_one('form[action$="/round/2/start"]') is not None
    names = {e["id"]: e["name"] for e in ev["record"]["entrants"]}
    first = page.select_one(".plan-table").get_text(" ", strip=True)
    s = [names[x] for x in proposal["tables"][0]["seats"]]
    assert f"{s[0]} + {s[2]} — {s[1]} + {s[3]}" in first
    partners = {frozenset((t["seats"][0], t["seats"][2])) for t in rnd["tables"]} | \
        {frozenset((t["seats"][1], t["seats"][3])) for t in rnd["tables"]}
    for t in proposal["tables"]:
        assert frozenset((t["seats"][0], t["seats"][2])) not in partners
        assert frozenset((t["seats"][1], t["seats"][3])) not in partners


def _played_round_one(client):
    d = new_event(client)
    start(client, d, 1)
    t1, t2 = table_links(client, d)
    win_table(client, t1, 0)
    win_table(client, t2, 1)
    return d, t1, t2


def test_a_correction_is_audited_and_reranks(app, client):
    d, t1, t2 = _played_round_one(client)
    standings_before = core.standings(core.load(exported(client, d)))
    assert page_order(client, d) == [" + ".join(w["names"]) for w in standings_before]
    version = stored(app, d)["version"]
    # a total that is not a number changes nothing
    resp = post(client, d, "/round/1/table/1/result", {"side_0": "abc", "side_1": "5", "ended": "target",
                                                       "v": str(version)})
    assert resp.status_code == 302 and stored(app, d)["version"] == version
    assert any("whole number" in f for f in flashes(client.get(d)))
    # a form drawn against another version changes nothing
    post(client, d, "/round/1/table/1/result", {"side_0": "0", "side_1": "104", "ended": "target",
                                                "v": str(version - 1)})
    assert stored(app, d)["version"] == version
    # the winners of table 1 become its losers
    resp = post(client, d, "/round/1/table/1/result", {"side_0": "104", "side_1": "31", "ended": "target",
                                                       "v": str(version), "note": "pips miscounted"})
    assert resp.status_code == 302
    record = exported(client, d)
    res = record["round_list"][0]["tables"][0]["result"]
    seats = record["round_list"][0]["tables"][0]["seats"]
    assert [res["totals"][x] for x in seats] == [104, 31, 104, 31] and res["ended"] == "target"
    after = core.standings(core.load(record))
    assert after != standings_before
    assert page_order(client, d) == [" + ".join(w["names"]) for w in after]  # the page kept is not served
    top = {tuple(r["unit"]) for r in after if r["match_points"] == 1}
    assert (seats[1],) in top and (seats[0],) not in top
    with app.app_context():
        audit = store.event_audit(get_db(), stored(app, d)["id"])
    assert audit[-1]["kind"] == "correct"
    assert audit[-1]["data"]["before"]["totals"][seats[0]] == 0
    assert audit[-1]["data"]["after"]["totals"][seats[0]] == 104
    assert audit[-1]["data"]["note"] == "pips miscounted"
    audit_page = client.get(d.split("#")[0] + "/audit").get_data(as_text=True)
    assert "pips miscounted" in audit_page and "104" in audit_page
    # the match itself is untouched: the correction is the event's
    assert "finished" in statuses(client, d)[0]
    # taken back: the match decides again
    post(client, d, "/round/1/table/1/result", {"clear": "1"})
    assert "result" not in stored(app, d)["record"]["round_list"][0]["tables"][0]
    assert core.standings(core.load(exported(client, d))) == standings_before


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_no_late_entry_or_withdrawal_is_offered_once_every_round_is_paired(app, client, lang):
    """The late entry and the withdrawal are for a round still to be paired: in the last round
    (and after it) the director's page says so instead of offering forms that are refused."""
    d = new_event(client, rounds="2", lang=lang)
    start(client, d, 1)
    page = soup(client.get(d))
    assert page.select_one('form[action$="/enter"]') and page.select_one('form[action$="/withdraw"]')
    t1, t2 = table_links(client, d)
    win_table(client, t1, 0)
    win_table(client, t2, 1)
    post(client, d, "/round/1/close")
    start(client, d, 2)
    page = soup(client.get(d))
    assert page.select_one('form[action$="/enter"]') is None and page.select_one('form[action$="/withdraw"]') is None
    words = {"ru": "ни вступить, ни сняться", "en": "nobody can enter or withdraw"}[lang]
    assert words in page.select_one("section.entrants").get_text()
    # the service refuses them as before
    post(client, d, "/withdraw", {"who": stored(app, d)["record"]["entrants"][0]["id"]})
    assert not stored(app, d)["record"]["round_list"][1].get("withdrawn")


def test_a_result_entered_by_the_director_brings_him_back_to_that_table(app, client):
    """Results entered one table after another: each answer comes back to the row just entered
    (its result in sight, the next table's row under it), the last one to the round's top,
    where «Close round» is then the first button."""
    d = new_event(client, entrants=NAMES8 + ("Ира", "Костя", "Лена", "Миша"))
    start(client, d, 1)
    assert len(table_links(client, d)) == 3
    for table, where in ((2, "#table-2"), (1, "#table-1"), (3, "#round-1")):
        resp = post(client, d, f"/round/1/table/{table}/result",
                    {"side_0": "101", "side_1": "40", "ended": "target", "v": str(stored(app, d)["version"])})
        assert resp.status_code == 302 and resp.headers["Location"].endswith(where), (table, resp.headers["Location"])
    page = soup(client.get(d))
    assert page.select_one("#round-1 h2 + form.close-form button.primary.close-round") is not None
    # the anchor is a row of the page (or the round's section)
    assert page.select_one("li#table-2") is not None and page.select_one("section#round-1") is not None


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_closed_rounds_result_is_corrected_from_its_page(app, client, lang):
    """Once a round is closed its tables leave the director's page; a link under the next round
    opens the closed round's tables, whose results are corrected there as before the close (the
    standings follow, the audit says what it was), and the answer comes back to that table."""
    d, t1, t2 = _played_round_one(client)
    client.get(f"/lang/{lang}")
    post(client, d, "/round/1/close")
    page = soup(client.get(d))
    assert page.select_one("#table-1") is None    # the round's rows are gone from the director's page
    link = page.select_one(".closed-rounds a.round-link")
    assert link is not None and link["href"].endswith("/round/1")
    words = {"ru": "Результаты закрытых туров", "en": "Results of the rounds closed"}[lang]
    assert words in page.select_one(".closed-rounds").get_text()
    rnd = soup(client.get(link["href"]))
    assert len(rnd.select("li.table-row")) == 2
    assert rnd.select_one('form.fix-form input[name="back"]')["value"] == "round"
    assert not rnd.select('input[name="clear"]')   # a closed round has no match to decide again
    standings_before = core.standings(core.load(exported(client, d)))
    form = {"csrf_token": csrf_of(client.get(link["href"])), "side_0": "104", "side_1": "31", "ended": "target",
            "v": str(stored(app, d)["version"]), "note": "pips miscounted", "back": "round"}
    resp = client.post(d.split("#")[0] + "/round/1/table/1/result", data=form)
    assert resp.status_code == 302 and resp.headers["Location"].endswith("/round/1#table-1")
    record = exported(client, d)
    seats = record["round_list"][0]["tables"][0]["seats"]
    assert [record["round_list"][0]["tables"][0]["result"]["totals"][x] for x in seats] == [104, 31, 104, 31]
    assert core.standings(core.load(record)) != standings_before
    assert page_order(client, d) == [" + ".join(w["names"]) for w in core.standings(core.load(record))]
    # a refusal comes back to the round's page, in the page's language
    form.update(side_0="abc", csrf_token=csrf_of(client.get(link["href"])), v=str(stored(app, d)["version"]))
    resp = client.post(d.split("#")[0] + "/round/1/table/1/result", data=form)
    assert resp.headers["Location"].endswith("/round/1")
    problem = soup(client.get(link["href"])).select_one(".flash.problem").get_text()
    assert {"ru": "цел", "en": "whole number"}[lang] in problem
    # the round being played, or one not yet played, has no page of its own
    assert client.get(d.split("#")[0] + "/round/3").status_code == 404


def test_forfeit_withdrawal_and_a_late_entrant(app, client):
    d = new_event(client)
    start(client, d, 1)
    t1, _t2 = table_links(client, d)
    win_table(client, t1, 0)
    rnd = stored(app, d)["record"]["round_list"][0]
    absent = rnd["tables"][1]["seats"][1]
    post(client, d, "/round/1/table/2/result", {"forfeit": "1", f"absent_{absent}": "1"})
    assert stored(app, d)["record"]["round_list"][0]["tables"][1]["result"] == {"ended": "forfeit",
                                                                               "absent": [absent]}
    assert post(client, d, "/round/1/close").status_code == 302
    # the absent one withdraws; two newcomers enter from round 2
    post(client, d, "/withdraw", {"who": absent})
    post(client, d, "/enter", {"names": "Ира"})
    post(client, d, "/enter", {"names": "Костя"})
    post(client, d, "/withdraw", {"who": "e9"})
    record = stored(app, d)["record"]
    assert record["entrants"][-2:] == [{"id": "e9", "name": "Ира", "joined": 2},
                                       {"id": "e10", "name": "Костя", "joined": 2}]
    assert record["round_list"][1] == {"round": 2, "tables": [], "withdrawn": [absent, "e9"]}
    core.load(record)
    # round 2: the seven left and the newcomer who stayed, at two tables, nobody with a bye
    start(client, d, 2)
    rnd2 = stored(app, d)["record"]["round_list"][1]
    seated = [x for t in rnd2["tables"] for x in t["seats"]]
    assert absent not in seated and "e9" not in seated and "e10" in seated
    assert len(rnd2["tables"]) == 2 and "byes" not in rnd2 and rnd2["withdrawn"] == [absent, "e9"]
    view = soup(client.get(public(client, d)))
    assert "withdrew" in view.select_one("table.standings").get_text()
    # in Russian a noun beside the name, which agrees with any name («Вера (снялся)» did not)
    client.get("/lang/ru")
    marks = {m.get_text() for m in soup(client.get(public(client, d))).select("tr.withdrawn .name small")}
    assert marks == {"(снятие)"}


def test_time_called_ends_each_table_with_the_hands_then_under_way(app, client):
    d = new_event(client, time_limit="30")
    start(client, d, 1)
    t1, t2 = table_links(client, d)
    hand_by_result(client, t1, 0, (10, 12))
    clock = soup(client.get(d)).select_one(".clock")
    assert clock.get_text().startswith("Time left: ") and 0 < int(clock["data-left"]) <= 30 * 60
    assert post(client, d, "/round/1/time").status_code == 302
    assert post(client, d, "/round/1/time").status_code == 302  # called once
    hand_by_result(client, t1, 1, (40, 40))  # played after time was called: not counted
    assert statuses(client, d) == ["finished", "finished"]
    post(client, d, "/round/1/close")
    rnd = stored(app, d)["record"]["round_list"][0]
    r1, r2 = (t["result"] for t in rnd["tables"])
    assert r1["ended"] == "time" and [r1["totals"][x] for x in rnd["tables"][0]["seats"]] == [0, 22, 0, 22]
    assert r2["ended"] == "time" and set(r2["totals"].values()) == {0}  # no hand: a draw
    with app.app_context():
        assert [a["kind"] for a in store.event_audit(get_db(), stored(app, d)["id"])] == ["start", "time", "close"]


def test_the_hand_limit_ends_a_table(app, client):
    d = new_event(client, hand_limit="1")
    start(client, d, 1)
    t1, t2 = table_links(client, d)
    hand_by_result(client, t1, 0, (10, 12))
    assert statuses(client, d) == ["finished", "not started"]
    hand_by_result(client, t1, 0, (10, 12))  # a second hand beyond the limit counts nothing
    res = exported(client, d)["round_list"][0]["tables"][0]["result"]
    assert res["ended"] == "hands" and sorted(res["totals"].values()) == [0, 0, 22, 22]


def test_confirmation_and_a_dispute_at_a_table(app, client):
    d = new_event(client, confirm_hands="y")
    start(client, d, 1)
    t1, t2 = table_links(client, d)
    win_table(client, t1, 0)
    win_table(client, t2, 0)
    assert statuses(client, d) == ["waiting for confirmation"] * 2
    for edit, verdicts in ((t1, ("confirmed", "confirmed")), (t2, ("confirmed", "disputed"))):
        for hand, verdict in enumerate(verdicts, 1):
            page = client.get(edit + "/score")
            n = soup(page).select_one("input[name=n]")["value"]
            by = _opponent(app, edit)
            resp = client.post(f"{edit}/hand/{hand}/confirm", data={"csrf_token": csrf_of(page), "n": n,
                                                                     "by": by, "verdict": verdict})
            assert resp.status_code == 302
    assert statuses(client, d) == ["finished", "disputed"]
    post(client, d, "/round/1/close")
    assert any("disputed at table 2" in f for f in flashes(client.get(d)))
    assert "result" not in stored(app, d)["record"]["round_list"][0]["tables"][1]


def _opponent(app, edit: str) -> str:
    """A player of the side that lost (seats 2 and 4): the one who confirms or disputes."""
    with app.app_context():
        return store.match_by_key(get_db(), edit.split("/m/")[1], "edit_key")["players"][1]


def test_standings_csv_pdf_export_and_import(app, client):
    d, t1, t2 = _played_round_one(client)
    post(client, d, "/round/1/close")
    record = exported(client, d)
    want = core.standings(core.load(record))
    pub = public(client, d)
    rows = soup(client.get(pub)).select("table.standings tbody tr")
    assert [r.select_one(".name").get_text(strip=True) for r in rows] == [" + ".join(w["names"]) for w in want]
    assert [r.select_one(".mp").get_text(strip=True) for r in rows] == [str(w["match_points"]) for w in want]
    assert soup(client.get(pub + "/board")).select("table.standings tbody tr")
    # the cross table: one column a round, the points scored there
    cross = soup(client.get(pub)).select("table.cross tbody tr")
    assert len(cross) == 8 and all(len(r.select("td.c")) == 1 for r in cross)
    # CSV (formulas disarmed by referee.matches.spreadsheet), places and points as numbers
    text = client.get(pub + "/results.csv").get_data(as_text=True).lstrip("\ufeff")
    table = list(csv.reader(io.StringIO(text)))
    assert [r[1] for r in table[1:]] == [" + ".join(w["names"]) for w in want]
    assert [float(r[2]) for r in table[1:]] == [float(w["match_points"]) for w in want]
    # the PDF in both languages
    for lang, word in (("en", "Standings"), ("ru", "Таблица")):
        resp = client.get(pub + f"/results.pdf?lang={lang}")
        assert resp.status_code == 200 and resp.mimetype == "application/pdf"
        got, _pages = pdf_text(resp.data)
        assert word in got and want[0]["names"][0] in got and record["name"] in got
    assert client.get(pub + "/results.pdf?lang=de").status_code == 400
    # table cards: the QR opens the table's match
    cards = soup(client.get(d.split("#")[0] + "/round/1/cards"))
    assert len(cards.select(".card")) == 2 and cards.select(".card .qr svg")
    assert cards.select_one(".card-link")["href"].endswith(t1)
    got, pages = pdf_text(client.get(d.split("#")[0] + "/round/1/cards.pdf").data)
    assert "1" in got and pages == 1
    # the record imported again: the same standings
    page = client.get("/events/import")
    resp = client.post("/events/import", data={"csrf_token": csrf_of(page), "text": json.dumps(record)})
    assert resp.status_code == 302
    again = resp.headers["Location"]
    assert core.standings(core.load(exported(client, again))) == want
    assert counts(app) == (2, 2)  # no table of a closed round gets a match
    # a damaged record is refused with the reason, nothing stored
    bad = dict(record, system="ladder")
    resp = client.post("/events/import", data={"csrf_token": csrf_of(page), "text": json.dumps(bad)})
    assert resp.status_code == 400 and "refused" in soup(resp).select_one(".problem").get_text()
    assert counts(app) == (2, 2)


def test_a_round_robin_of_fixed_pairs(app, client):
    pairs = ["Аня + Вера", "Боря + Гена", "Дина + Жанна", "Егор + Зоя"]
    d = new_event(client, entrants=pairs, system="round_robin", unit="pair", rounds="")
    record = stored(app, d)["record"]
    assert record["rounds"] == 3 and record["pairs"] == [["e1", "e2"], ["e3", "e4"], ["e5", "e6"], ["e7", "e8"]]
    for n in (1, 2, 3):
        start(client, d, n)
        for edit in table_links(client, d):
            win_table(client, edit, 0)
        post(client, d, f"/round/{n}/close")
    record = exported(client, d)
    assert core.check(record)[0] == 0
    met = {frozenset((t["seats"][0], t["seats"][1])) for r in record["round_list"] for t in r["tables"]}
    assert len(met) == 6  # everyone met everyone
    assert "Every round has been played" in client.get(d).get_data(as_text=True)


def test_an_imported_round_still_playing(app, client):
    """A record whose last round is still playing: its table with a result given as its game
    record shows that match's totals; the table without one gets its match."""
    from pathlib import Path

    record = json.loads((Path(__file__).parents[2] / "docs" / "events" / "club-night.json").read_text("utf-8"))
    record["round_list"] = record["round_list"][:1]
    del record["round_list"][0]["tables"][0]["result"]
    page = client.get("/events/import")
    resp = client.post("/events/import", data={"csrf_token": csrf_of(page), "text": json.dumps(record)})
    assert resp.status_code == 302
    d = resp.headers["Location"]
    client.get("/lang/en")
    rows = soup(client.get(d)).select(".table-row")
    assert [r.select_one(".badge").get_text(strip=True) for r in rows] == ["not started", "finished"]
    assert rows[1].select_one(".sides").get_text() == "Боря + Гена — Дина + Жанна"
    assert rows[1].select_one(".result").get_text().startswith("0 — 105 ")
    assert counts(app) == (1, 1)  # the table playing got its match; the one with a result none
    # picked names (a roster's picker) join the typed ones at the set-up
    new = client.get("/events/new/traditional?preset=yard")
    from eventhelpers import setup_fields

    data = {"csrf_token": csrf_of(new), "name": "X", "seats": "4", "system": "swiss", "unit": "player",
            "rounds": "2", "entrants": "Аня\nБоря", "pick": ["Вера", "Гена"], **setup_fields(new)}
    resp = client.post("/events/new/traditional", data=data)
    assert resp.status_code == 302
    assert [e["name"] for e in stored(app, resp.headers["Location"])["record"]["entrants"]] == \
        ["Аня", "Боря", "Вера", "Гена"]


def test_two_phones_start_and_close_a_round_at_once(app, client):
    """Two director's phones tap «start» together, then «close» together: the round is started
    once, each table keeps one match (one made by the phone that lost the race is archived,
    never linked), and closed once."""
    import threading

    d = new_event(client)
    phones = [app.test_client() for _ in range(2)]
    forms = []
    for phone in phones:
        page = phone.get(d)
        plan = soup(page).select_one('form[action$="/round/1/start"] input[name="plan"]')["value"]
        forms.append({"csrf_token": csrf_of(page), "plan": plan})

    def together(path: str, data: list[dict]) -> list[int]:
        gate = threading.Barrier(2)
        codes: list[int] = []

        def tap(phone, form):
            gate.wait()
            codes.append(phone.post(d + path, data=form).status_code)

        threads = [threading.Thread(target=tap, args=(p, f)) for p, f in zip(phones, data)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        return codes

    assert together("/round/1/start", forms) == [302, 302]
    ev = stored(app, d)
    with app.app_context():
        db = get_db()
        links = store.event_tables(db, ev["id"])
        kept = {r[0] for r in db.execute("SELECT id FROM matches WHERE archived IS NULL OR archived = 0")}
        audit = [a["kind"] for a in store.event_audit(db, ev["id"])]
    assert sorted(links) == [(1, 1), (1, 2)] and set(links.values()) == kept
    assert audit == ["start"] and len(ev["record"]["round_list"]) == 1
    for edit in table_links(client, d):
        win_table(client, edit, 0)
    forms = [{"csrf_token": f["csrf_token"]} for f in forms]
    assert together("/round/1/close", forms) == [302, 302]
    with app.app_context():
        assert [a["kind"] for a in store.event_audit(get_db(), ev["id"])] == ["start", "close"]


def test_a_free_round_leaves_someone_out(app, client):
    d = new_event(client, entrants=NAMES8 + ("Ира", "Костя", "Лена", "Миша"), system="free")
    post(client, d, "/round/1/sit-out", {"who": "e12"})
    post(client, d, "/round/1/sit-out", {"who": "e11"})
    post(client, d, "/round/1/sit-out", {"who": "e10"})
    post(client, d, "/round/1/sit-out", {"who": "e9"})
    post(client, d, "/round/1/sit-out", {"who": "e9", "back": "1"})
    page = soup(client.get(d))
    plan = page.select_one(".plan").get_text()
    assert not any(n in plan for n in ("Костя", "Лена", "Миша")) and "Bye: Ира" in page.select_one("#next").get_text()
    assert len(page.select(".plan-table")) == 2  # nine left: two tables of four, one bye
    start(client, d, 1)
    rnd = stored(app, d)["record"]["round_list"][0]
    seated = [x for t in rnd["tables"] for x in t["seats"]]
    assert not {"e10", "e11", "e12"} & set(seated + rnd.get("byes", []))
    assert len(rnd.get("byes", [])) == 1 and rnd["changed"] is True and "withdrawn" not in rnd
    core.load(exported(client, d))  # a free round may leave a unit out: the event keeps every rule
    with app.app_context():
        kinds = [a["kind"] for a in store.event_audit(get_db(), stored(app, d)["id"])]
    assert kinds == ["sit_out"] * 5 + ["start"]
    assert "Костя sits out" in client.get(d.split("#")[0] + "/audit").get_data(as_text=True)
    # a Swiss round leaves nobody out
    s = new_event(client)
    post(client, s, "/round/1/sit-out", {"who": "e1"})
    assert any("Only a free round" in f for f in flashes(client.get(s)))


def test_results_pdf_lists_each_units_matches_after_the_cross_table(app, client):
    d, _t1, _t2 = _played_round_one(client)
    post(client, d, "/round/1/close")
    record = exported(client, d)
    want = core.standings(core.load(record))
    pub = public(client, d)
    for lang, heading, rnd, table, said in (
            ("en", "Each one's matches", "Round 1", "table 1", r"(won|lost) \(match points: [\d.]+, difference: "),
            ("ru", "Матчи каждого", "Тур 1", "стол 1", r"(победа|поражение) \(очки: [\d.]+, разница: ")):
        got, _pages = pdf_text(client.get(pub + f"/results.pdf?lang={lang}").data)
        flat = " ".join(got.split())
        assert heading in flat and flat.index(heading) > flat.index(want[-1]["names"][0])
        section = flat[flat.index(heading):]
        # each unit by place, then its round, table, the table's sides (his own first: partners
        # change each round) and result, as the public page lists them
        for w in want:
            assert f"{w['place']}. " + " + ".join(w["names"]) in section
        assert re.search(rf"{rnd}, {table}: \w+ \+ \w+ — \w+ \+ \w+, \d+ : \d+ — {said}[+−]?[\d.]+\)", section), section


def test_the_home_page_lists_the_events_this_browser_directs(app, client):
    d = new_event(client)
    director = d.split("#")[0]
    # listed once made, before its page is opened
    assert [a["href"] for a in soup(client.get("/")).select(".my-events a.event-director")] == [director]
    pub = public(client, d)
    rows = soup(client.get("/")).select(".my-events li")
    assert [r.select_one("a.event-director").get_text() for r in rows] == ["Вторник в «Дупеле»"]
    assert rows[0].select_one("a.event-director")["href"] == director
    assert rows[0].select_one("a.event-standings")["href"] == pub
    # a browser that only follows the public standings lists none; one that opens the director's
    # link lists it, in its language
    viewer = app.test_client()
    assert viewer.get(pub).status_code == 200
    assert soup(viewer.get("/")).select(".my-events") == []
    helper = app.test_client()
    helper.get("/lang/ru")
    assert helper.get(director).status_code == 200
    page = soup(helper.get("/"))
    assert "Клубные вечера и турниры, которые вы ведёте" in page.select_one("h2").get_text()
    assert [a["href"] for a in page.select(".my-events a")] == [director, pub]
    # an event imported is listed in the importing browser
    importer = app.test_client()
    page = importer.get("/events/import")
    resp = importer.post("/events/import", data={"csrf_token": csrf_of(page), "text": json.dumps(exported(client, d))})
    assert resp.status_code == 302
    assert [a["href"] for a in soup(importer.get("/")).select(".my-events a.event-director")] == \
        [resp.headers["Location"].split("#")[0]]


def test_the_close_round_button_comes_first_once_every_table_has_its_result(client):
    """While a table plays, «Close round» waits under the tables, a plain button with the tables
    still without a result beside it; once every table has its result it is the round's first
    control, above the tables (at 390×844 it sat below the fold of two tables' cards and their
    links), and the primary button."""
    names = ("Аня", "Боря", "Вера", "Гена", "Дина", "Егор", "Жанна", "Зоя", "Ира", "Костя", "Лена", "Миша")
    director = new_event(client, entrants=names, rounds="2")
    start(client, director, 1)
    edits = table_links(client, director)
    assert len(edits) == 3

    def order():
        page = soup(client.get(director))
        section = page.select_one("section.round")
        marks = section.select("button.close-round, li.table-row")
        return ["close" if m.name == "button" else "table" for m in marks]

    def button():
        page = soup(client.get(director))
        close = page.select_one("button.close-round")
        said = close.find_parent("form").select_one(".close-missing")
        return "primary" in close["class"], said.get_text(strip=True) if said else None

    assert button() == (False, "No result yet: tables 1, 2, 3")
    win_table(client, edits[0], 0)
    win_table(client, edits[1], 1)
    assert order() == ["table", "table", "table", "close"]
    assert button() == (False, "No result yet: table 3")
    client.get("/lang/ru")
    assert button() == (False, "Нет результата: стол 3")
    win_table(client, edits[2], 0)
    assert order() == ["close", "table", "table", "table"]
    assert button() == (True, None)


def test_each_players_matches_name_his_partner_apart_from_his_opponents(client):
    """An individual «Козёл» night (partners change each round): a player's line in «each one's
    matches» gives the table's two sides, his own first («Аня + Вера — Боря + Гена»), where it
    listed the three others as one «with» list and the partner could not be told apart."""
    d = new_event(client, rounds="2")
    start(client, d, 1)
    t1, t2 = table_links(client, d)
    win_table(client, t1, 0)
    win_table(client, t2, 1)
    page = soup(client.get(public(client, d)))
    lines = {li.find_parent("details").select_one("summary").get_text(strip=True): li.get_text(" ", strip=True)
             for li in page.select("details li")}
    sides = soup(client.get(d)).select_one(".table-row .sides").get_text(strip=True)   # table 1's
    first = sides.split(" + ")[0]
    assert re.fullmatch(r"\S+ \+ \S+ — \S+ \+ \S+", sides)
    line = next(v for k, v in lines.items() if k.endswith(first))
    assert sides in line, line


def _all_stored(app) -> dict:
    """Every row of every table (to prove a refusal stored nothing)."""
    with app.app_context():
        db = get_db()
        return {t: list(db.query(f"SELECT * FROM [{t}]")) for t in db.table_names()}


def _refused_in_both_languages(app, client, d: str, path: str, sent: list[dict], words: dict[str, str]) -> None:
    """Each of ``sent`` posted to the director's ``path`` in Russian, then in English: refused
    with ``words`` of that language flashed on the director's page, nothing stored changed."""
    for lang in ("ru", "en"):
        client.get(f"/lang/{lang}")
        before = _all_stored(app)
        for data in sent:
            resp = post(client, d, path, data)
            assert resp.status_code == 302
            assert words[lang] in flashes(client.get(d)), (lang, data)
            assert _all_stored(app) == before, (lang, data)


def test_withdraw_and_late_entry_forms_refuse_bad_input_in_either_language(app, client):
    """The withdrawal form names an entrant; the late entry form a name typed or picked: a
    missing or unknown one is refused in the director's language and nothing stored changes."""
    d = new_event(client).split("#")[0]
    _refused_in_both_languages(app, client, d, "/withdraw", [{}, {"who": ""}, {"who": "nobody"}],
                               {"ru": "Выберите, кто снимается.", "en": "Choose who withdraws."})
    _refused_in_both_languages(app, client, d, "/enter", [{}, {"names": "   "}, {"names": "", "pick": ["", " "]}],
                               {"ru": "Впишите имя нового участника.", "en": "Enter the new entrant's name."})


def test_table_result_form_refuses_bad_input_in_either_language(app, client):
    """The director's result for a table: a total that is not a whole number, an ending that is
    not one, a forfeit with nobody absent are refused in the director's language; nothing stored
    changes."""
    d = _played_round_one(client)[0].split("#")[0]
    path = "/round/1/table/1/result"
    _refused_in_both_languages(app, client, d, path, [{"side_0": "abc", "side_1": "5", "ended": "target"}, {}],
                               {"ru": "Впишите счёт каждой стороны целым числом.",
                                "en": "Enter each side's total as a whole number."})
    _refused_in_both_languages(app, client, d, path, [{"side_0": "3", "side_1": "5", "ended": "nope"}],
                               {"ru": "Выберите, чем закончился матч.", "en": "Choose what ended the match."})
    _refused_in_both_languages(app, client, d, path, [{"forfeit": "1"}, {"forfeit": "1", "absent_e1": "0"}],
                               {"ru": "Отметьте, кто не пришёл.", "en": "Mark who did not come."})


def test_swap_and_sit_out_forms_refuse_bad_input_in_either_language(app, client):
    """The swap form names two different entrants, the sit-out form one: the same one twice, a
    missing or an unknown one is refused in the director's language and nothing stored changes."""
    d = new_event(client, entrants=NAMES8 + ("Ира", "Костя", "Лена", "Миша"), system="free").split("#")[0]
    _refused_in_both_languages(app, client, d, "/round/1/swap", [{"a": "e1", "b": "e1"}, {"a": "e1"}, {"a": "e1", "b": "zz"}],
                               {"ru": "Выберите двух разных участников для замены.",
                                "en": "Choose two different entrants to swap."})
    _refused_in_both_languages(app, client, d, "/round/1/sit-out", [{}, {"who": "zz"}, {"who": "zz", "back": "1"}],
                               {"ru": "Выберите, кто пропускает тур.", "en": "Choose who sits out."})


def test_event_import_form_refuses_what_is_not_a_record_in_either_language(app, client):
    """The import form's pasted text: nothing, text that is not JSON, JSON that is not an
    event's record are refused in the reader's language and nothing is stored."""
    words = {"ru": ["Выберите файл или вставьте запись турнира.", "Это не запись турнира: это не JSON.",
                    "Запись отклонена: Это не запись турнира referee-event/1 (поле format)."],
             "en": ["Choose a file or paste an event's record.", "This is not an event's record: it is not valid JSON.",
                    "The record was refused: This is not a referee-event/1 event record (the format field)."]}
    for lang, said in words.items():
        client.get(f"/lang/{lang}")
        before = _all_stored(app)
        for text, expected in zip(("", "not json", "{}"), said):
            resp = client.post("/events/import", data={"csrf_token": csrf_of(client.get("/events/import")), "text": text})
            assert resp.status_code == 400
            assert soup(resp).select_one(".problem").get_text(" ", strip=True) == expected
            assert _all_stored(app) == before
