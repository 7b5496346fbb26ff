"""A club: its roster kept on the server under the director's key (add, rename, retire, merge;
every refusal changes nothing stored), its matches (started from the club, or a played match's
seats claimed for its players), each player's statistics gathered from every match of the club,
and the ratings that the finished rated matches move."""

from __future__ import annotations

import re

import pytest

from referee.events.rating import Game, rate_games

from webhelpers import TRAD_OPTIONS, csrf_of, form_data, new_match, soup

YARD = {**TRAD_OPTIONS, "opt_teams": "pairs", "opt_scoring": "kozel", "opt_limit": "101",
        "opt_kozel_min": "13", "opt_eggs": "yes", "opt_lone_blank": "25", "opt_opener": "kozel"}


def make_club(client, name="Клуб «Рыба»") -> str:
    """A new club; its director's page."""
    page = client.get("/club/")
    resp = client.post("/club/", data={"csrf_token": csrf_of(page), "name": name})
    assert resp.status_code == 302, soup(resp).get_text(" ", strip=True)[:300]
    return resp.headers["Location"]


def post(client, club: str, path: str, **fields):
    return client.post(club + path, data={"csrf_token": csrf_of(client.get(club)), **fields})


def add(client, club: str, *names: str) -> None:
    for name in names:
        resp = post(client, club, "/players", name=name)
        assert resp.status_code == 302, soup(resp).get_text(" ", strip=True)[:300]


def roster(client, club: str, sort: str = "rating") -> list[tuple[str, str, str, str]]:
    """The roster's rows as drawn: (place, name, rating, matches)."""
    page = soup(client.get(f"{club}?sort={sort}"))
    return [tuple(td.get_text(" ", strip=True) for td in tr.select("td")) for tr in page.select("table.roster tbody tr")]


def pid_of(client, club: str, name: str) -> int:
    page = soup(client.get(club))
    for a in page.select("table.roster a.player-link"):
        if a.get_text(strip=True) == name:
            return int(a["href"].rsplit("/", 1)[1])
    raise AssertionError(f"{name} is not on the roster")


def club_match(client, club: str, players, options=None, rated: bool = True, variant="traditional") -> str:
    """A match started from the club's page; its edit URL."""
    page = client.get(f"{club}/new/{variant}")
    assert page.status_code == 200
    data = {"csrf_token": csrf_of(page), **(TRAD_OPTIONS if options is None else options)}
    for i, p in enumerate(players, start=1):
        data[f"player_{i}"] = p
    data["rated"] = ["1", "0"] if rated else ["0"]      # the box and the hidden «0» after it
    resp = client.post(f"{club}/new/{variant}", data=data)
    assert resp.status_code == 302, soup(resp).get_text(" ", strip=True)[:500]
    return resp.headers["Location"]


def result(client, edit: str, out: str, pips: dict[int, int]) -> None:
    """One hand entered by its result: who went out, the pips left in the other seats."""
    page = client.get(edit + "/result")
    data = form_data(page, "form.result-form")
    data["out"] = out
    for seat, v in pips.items():
        data[f"pips_{seat}"] = str(v)
    resp = client.post(edit + "/result", data=data)
    assert resp.status_code == 302, soup(resp).get_text(" ", strip=True)[:500]


def db_rows(app) -> tuple:
    """Every row of the clubs' tables (to prove that a refusal stored nothing)."""
    from referee.web.store import open_db

    db = open_db(app.config["DATABASE"])
    try:
        return tuple(list(db.query(f"SELECT * FROM {t} ORDER BY 1, 2")) for t in
                     ("clubs", "club_players", "club_matches", "club_seats"))
    finally:
        db.conn.close()


def chips(client, club: str, pid: int) -> list[str]:
    page = soup(client.get(f"{club}/p/{pid}"))
    return [b.get_text(strip=True) for b in page.select(".stat-chips b")]


# -- the roster -------------------------------------------------------------------------------------


def test_a_club_is_made_with_a_name_and_listed_for_its_browser(client):
    club = make_club(client)
    assert re.fullmatch(r"/club/[A-Za-z0-9_-]{24}", club)
    page = soup(client.get(club))
    assert page.h1.get_text() == "Клуб «Рыба»"
    listed = soup(client.get("/club/"))
    assert [a["href"] for a in listed.select("ul.clubs a")] == [club]
    # another browser has no list and cannot guess the key
    other = client.application.test_client()
    assert soup(other.get("/club/")).select("ul.clubs a") == []
    assert other.get("/club/" + "x" * 24).status_code == 404
    page = other.get("/club/")
    resp = other.post("/club/", data={"csrf_token": csrf_of(page), "name": "  "})
    assert resp.status_code == 400 and "Впишите название клуба" in soup(resp).select_one(".problem").get_text()


def test_roster_add_rename_retire_and_refusals_that_change_nothing(app, client):
    club = make_club(client)
    add(client, club, "Аня", "Боря")
    assert [r[1] for r in roster(client, club, "name")] == ["Аня", "Боря"]
    before = db_rows(app)
    for name, words in (("аня", "уже есть в составе"), ("", "Впишите имя игрока"),
                        ("Я" * 25, "длиннее 24 знаков"), ("Аня\u202e", "меняющие направление")):
        resp = post(client, club, "/players", name=name)
        assert resp.status_code == 400
        assert words in soup(resp).select_one(".problem").get_text(), name
    assert db_rows(app) == before
    bo = pid_of(client, club, "Боря")
    resp = post(client, club, f"/p/{bo}/name", name="АНЯ")
    assert resp.status_code == 400 and "уже есть в составе" in soup(resp).select_one(".problem").get_text()
    assert db_rows(app) == before
    assert post(client, club, f"/p/{bo}/name", name="Борис").status_code == 302
    assert [r[1] for r in roster(client, club, "name")] == ["Аня", "Борис"]
    # retired: kept, marked, and no longer offered for a seat; brought back
    assert post(client, club, f"/p/{bo}/retire", retired="1").status_code == 302
    assert roster(client, club, "name")[1][1] == "Борис выбыл"
    offered = soup(client.get(f"{club}/new/traditional")).select(".roster-chip")
    assert [b["data-name"] for b in offered] == ["Аня"]
    assert post(client, club, f"/p/{bo}/retire", retired="0").status_code == 302
    assert roster(client, club, "name")[1][1] == "Борис"
    # another club's player is not this club's
    other = make_club(client, "Другой")
    assert post(client, other, f"/p/{bo}/name", name="Вова").status_code == 404


def test_the_read_only_link_shows_the_roster_and_changes_nothing(app, client):
    club = make_club(client)
    add(client, club, "Аня")
    view_link = soup(client.get(club)).select_one("a.view-link")["href"]
    view = "/club/" + view_link.rsplit("/club/", 1)[1]
    director_key = club.rsplit("/", 1)[1]
    visitor = app.test_client()
    page = visitor.get(view)
    assert page.status_code == 200 and director_key not in page.get_data(as_text=True)
    assert soup(page).select("form") == [] and [r[1] for r in roster(visitor, view)] == ["Аня"]
    before = db_rows(app)
    token = csrf_of(visitor.get("/club/"))
    resp = visitor.post(view + "/players", data={"csrf_token": token, "name": "Чужой"})
    assert resp.status_code == 403 and "только для просмотра" in soup(resp).get_text()
    pid = pid_of(visitor, view, "Аня")
    assert visitor.post(f"{view}/p/{pid}/retire", data={"csrf_token": token, "retired": "1"}).status_code == 403
    assert visitor.get(f"{view}/new/traditional").status_code == 403
    assert db_rows(app) == before
    # a form without its token changes nothing either
    assert client.post(club + "/players", data={"name": "Без токена"}).status_code == 400
    assert db_rows(app) == before


def test_club_pages_carry_a_key_no_cache_keeps_them_and_logs_hide_the_directors_key(client):
    from referee.netaddr import redact

    club = make_club(client)
    for url in (club, "/club/"):
        resp = client.get(url)
        assert resp.headers["Cache-Control"] == "no-store"
        assert "noindex" in resp.headers.get("X-Robots-Tag", "")
    key = club.rsplit("/", 1)[1]
    assert key not in redact(f'"GET {club}/p/3 HTTP/1.1" 200')
    assert redact('"GET /club/ HTTP/1.1" 200') == '"GET /club/ HTTP/1.1" 200'


# -- matches and statistics -------------------------------------------------------------------------


def test_a_club_match_seats_the_roster_and_adds_new_names(client):
    club = make_club(client)
    add(client, club, "Аня", "Боря")
    page = soup(client.get(f"{club}/new/traditional"))
    assert [b["data-name"] for b in page.select(".roster-chip")] == ["Аня", "Боря"]
    assert page.select_one('input[name="player_1"]')["list"] == "club-roster"
    club_match(client, club, ["аня", "Вера"])     # the roster's Аня (case aside), and a new player
    rows = {r[1]: r for r in roster(client, club, "name")}
    assert list(rows) == ["Аня", "Боря", "Вера"]
    assert rows["Аня"][3] == "1" and rows["Вера"][3] == "1" and rows["Боря"][3] == "0"


def test_statistics_gather_every_match_of_the_club(client):
    """Reckoned by hand: a match won by Аня (60 + 50 against Боря, to 100), an unfinished one of
    three (Боря out, Аня 10 and Вера 20 left: 30 to Боря), and a match played outside the club
    whose seats are claimed afterwards (Anya, as she was written there, loses 40 + 61 to Вера)."""
    club = make_club(client)
    add(client, club, "Аня", "Боря", "Вера")
    m1 = club_match(client, club, ["Аня", "Боря"])
    result(client, m1, "Аня", {1: 60})
    result(client, m1, "Аня", {1: 50})
    m2 = club_match(client, club, ["Аня", "Боря", "Вера"])
    result(client, m2, "Боря", {0: 10, 2: 20})
    m3 = new_match(client, players=("Anya", "Вера"))
    result(client, m3, "Вера", {0: 40})
    result(client, m3, "Вера", {0: 61})
    # claimed from the club's page: this phone's match picked, then a player for each seat
    pick = soup(client.get(club + "/attach")).select("ul.matches form")
    assert len(pick) == 1                           # the two club matches are not offered again
    seats = client.post(club + "/attach", data={"csrf_token": csrf_of(client.get(club)),
                                                 "link": pick[0].select_one('input[name="link"]')["value"]})
    assert seats.status_code == 200
    form = soup(seats).select_one("form.seats-form")
    anya, vera = pid_of(client, club, "Аня"), pid_of(client, club, "Вера")
    assert form.select_one('select[name="seat_1"] option[selected]')["value"] == str(vera)
    data = {**form_data(seats, "form.seats-form"), "seat_0": str(anya), "seat_1": str(vera), "rated": "1"}
    assert client.post(club + "/seats", data=data).status_code == 302
    # Аня: 3 matches, 1 won of 2 finished, 5 hands of which 2 won, 110 points: 22.0 a hand
    assert chips(client, club, anya)[1:] == ["3", "1", "5", "22.0"]
    page = soup(client.get(f"{club}/p/{anya}"))
    h2h = {li.select_one(".opponent").get_text(): li.span.get_text(" ", strip=True) for li in page.select("ul.h2h li")}
    assert h2h == {"Боря": "Матчи: 2 · Выиграно: 1 · Проиграно: 0", "Вера": "Матчи: 2 · Выиграно: 0 · Проиграно: 1"}
    assert len(page.select("ul.matches li")) == 3
    # Боря: 2 matches, 0 won, 3 hands, 1 won, 30 points: 10.0; Вера 2 matches, 1 won, 3 hands, 2 won, 101
    assert chips(client, club, pid_of(client, club, "Боря"))[1:] == ["2", "0", "3", "10.0"]
    assert chips(client, club, vera)[1:] == ["2", "1", "3", "33.7"]
    # renamed on the roster, she keeps every match; the matches keep the names they were played under
    assert post(client, club, f"/p/{anya}/name", name="Анна").status_code == 302
    assert chips(client, club, anya)[1:] == ["3", "1", "5", "22.0"]
    assert "Anya" in soup(client.get(m3 + "/score")).get_text()
    # a seat claimed twice for one player is refused, nothing changed
    m3_id = [li for li in soup(client.get(club)).select(".club-matches li")][0]
    seats_link = m3_id.select_one('a[href$="/seats"]')["href"]
    again = client.get(seats_link)
    resp = client.post(seats_link, data={**form_data(again, "form.seats-form"), "seat_0": str(vera),
                                         "seat_1": str(vera), "rated": "1"})
    assert resp.status_code == 400 and "на двух местах" in soup(resp).select_one(".problem").get_text()
    assert chips(client, club, anya)[1:] == ["3", "1", "5", "22.0"]


def test_merging_two_names_moves_the_matches_and_refuses_two_who_met(app, client):
    club = make_club(client)
    add(client, club, "Аня", "Боря")
    m1 = club_match(client, club, ["Аня", "Боря"])
    result(client, m1, "Аня", {1: 60})
    m2 = club_match(client, club, ["Анечка", "Боря"])      # the same person, written otherwise
    result(client, m2, "Анечка", {1: 30})
    anya, anechka, bo = (pid_of(client, club, n) for n in ("Аня", "Анечка", "Боря"))
    before = db_rows(app)
    resp = post(client, club, f"/p/{anya}/merge", other=str(bo))
    assert resp.status_code == 400 and "сидели за одним матчем" in soup(resp).select_one(".problem").get_text()
    resp = post(client, club, f"/p/{anya}/merge", other=str(anya))
    assert resp.status_code == 400
    assert db_rows(app) == before
    assert post(client, club, f"/p/{anya}/merge", other=str(anechka)).status_code == 302
    assert [r[1] for r in roster(client, club, "name")] == ["Аня", "Боря"]
    assert chips(client, club, anya)[1:] == ["2", "0", "2", "45.0"]
    # the merged name's page leads to the player it was merged into
    resp = client.get(f"{club}/p/{anechka}")
    assert resp.status_code == 302 and resp.headers["Location"].endswith(f"/p/{anya}")


# -- ratings ----------------------------------------------------------------------------------------


def _ratings(client, club: str) -> dict[str, float]:
    # a negative rating is written with the minus sign «−»
    return {r[1]: float(r[2].replace("\u2212", "-")) for r in roster(client, club) if r[2] != "—"}


def test_ratings_follow_the_finished_rated_matches_in_order(app, client):
    club = make_club(client)
    add(client, club, "Аня", "Боря", "Вера", "Гоша")
    ids = {n: str(pid_of(client, club, n)) for n in ("Аня", "Боря", "Вера", "Гоша")}
    m1 = club_match(client, club, ["Аня", "Боря"])
    result(client, m1, "Аня", {1: 60})
    assert _ratings(client, club) == {}                       # not finished: nothing rated yet
    result(client, m1, "Аня", {1: 50})
    m2 = club_match(client, club, ["Вера", "Аня"])
    result(client, m2, "Вера", {1: 60})
    result(client, m2, "Вера", {1: 60})
    m3 = club_match(client, club, ["Боря", "Гоша"], rated=False)   # not rated: moves nothing
    result(client, m3, "Гоша", {0: 60})
    result(client, m3, "Гоша", {0: 60})
    want = rate_games([Game("1", ((ids["Аня"],), (ids["Боря"],)), (1.0, 2.0)),
                       Game("2", ((ids["Вера"],), (ids["Аня"],)), (1.0, 2.0))])
    got = _ratings(client, club)
    assert got == {n: round(want[ids[n]].ordinal, 1) for n in ("Аня", "Боря", "Вера")}
    # the roster sorted by rating, places numbered; Гоша, unrated, last
    assert [(r[0], r[1]) for r in roster(client, club)] == [("1", "Вера"), ("2", "Аня"), ("3", "Боря"), ("", "Гоша")]
    # the player's page: the rating, its history drawn, each match's move
    page = soup(client.get(f"{club}/p/{ids['Аня']}"))
    assert page.select_one(".rating-chip b").get_text() == f"{want[ids['Аня']].ordinal:.1f}".replace("-", "\u2212")
    assert page.select_one(".rating-chart polyline")["points"].count(",") == 3   # the start and 2 matches
    moves = [b.get_text() for b in page.select(".rating-move")]
    first = want[ids["Аня"]].history[0]
    assert moves[-1] == f"рейтинг {first['mu'] - 3 * first['sigma']:+.1f} → {first['mu'] - 3 * first['sigma']:.1f}".replace("-", "\u2212")
    # the director turns the match of Гоша on: he is rated at once; turns Вера's off: she is not
    matches = soup(client.get(club)).select(".club-matches li")
    toggle = {li.select_one(".match-title").get_text(): li.select_one('form[action$="/rated"]')["action"]
              for li in matches}
    token = csrf_of(client.get(club))
    assert client.post(toggle["Традиционное: Боря, Гоша"], data={"csrf_token": token, "rated": "1"}).status_code == 302
    assert client.post(toggle["Традиционное: Вера, Аня"], data={"csrf_token": token, "rated": "0"}).status_code == 302
    want = rate_games([Game("1", ((ids["Аня"],), (ids["Боря"],)), (1.0, 2.0)),
                       Game("3", ((ids["Гоша"],), (ids["Боря"],)), (1.0, 2.0))])
    assert _ratings(client, club) == {n: round(want[ids[n]].ordinal, 1) for n in ("Аня", "Боря", "Гоша")}


def test_a_kozel_pair_is_rated_per_player(client):
    club = make_club(client)
    edit = club_match(client, club, ["А", "Б", "В", "Г"], options=YARD)
    result(client, edit, "А", {1: 30, 3: 30})
    result(client, edit, "А", {1: 30, 3: 30})
    got = _ratings(client, club)
    assert got["А"] == got["В"] > 0 > got["Б"] == got["Г"]
    ids = {n: str(pid_of(client, club, n)) for n in "АБВГ"}
    want = rate_games([Game("1", ((ids["А"], ids["В"]), (ids["Б"], ids["Г"])), (1.0, 2.0))])
    assert got == {n: round(want[ids[n]].ordinal, 1) for n in "АБВГ"}


def test_the_seeding_and_the_picker_of_entrants(app, client):
    from referee.web import clubs, get_db, store

    club = make_club(client)
    add(client, club, "Аня", "Боря", "Вера")
    m = club_match(client, club, ["Вера", "Аня"])
    result(client, m, "Вера", {1: 60})
    result(client, m, "Вера", {1: 60})
    ids = {n: pid_of(client, club, n) for n in ("Аня", "Боря", "Вера")}
    with app.test_request_context():
        db = get_db()
        club_id = store.club_player(db, 1, ids["Аня"])["club_id"]
        # Вера won, Аня lost, Боря has no rated match: seeded after the rated
        assert clubs.seed_order(db, club_id, [ids["Боря"], ids["Аня"], ids["Вера"]]) == \
            [ids["Вера"], ids["Аня"], ids["Боря"]]
        picked = clubs.picked(db, club_id, [str(ids["Аня"]), str(ids["Вера"]), str(ids["Аня"])])
        assert [p["name"] for p in picked] == ["Вера", "Аня"]
        assert [p["name"] for p in clubs.picked(db, club_id, [str(ids["Аня"]), str(ids["Вера"])], seed=False)] == \
            ["Аня", "Вера"]
        for bad in (["x"], ["999"]):
            with pytest.raises(store.ClubError):
                clubs.picked(db, club_id, bad)
        assert [p["name"] for p in clubs.picker_players(db, store.get_club(db, club_id))] == ["Вера", "Аня", "Боря"]


def test_an_events_entrants_are_offered_from_the_clubs_this_browser_directs(app, client):
    club = make_club(client)
    add(client, club, "Аня", "Боря")
    retired = pid_of(client, club, "Боря")
    assert post(client, club, f"/p/{retired}/retire", retired="1").status_code == 302
    page = soup(client.get("/events/new/traditional"))
    picker = page.select_one(".event-picker")
    assert picker.summary.get_text() == "Игроки — Клуб «Рыба»"
    assert [b["data-name"] for b in picker.select(".roster-chip")] == ["Аня"]    # the retired are not offered
    assert picker.select_one(".pick-all") is not None
    # a browser that only follows the club by its read-only link, or knows no club, is offered nothing
    view = "/club/" + soup(client.get(club)).select_one("a.view-link")["href"].rsplit("/club/", 1)[1]
    visitor = app.test_client()
    visitor.get(view)
    assert soup(visitor.get("/events/new/traditional")).select(".event-picker") == []
    assert soup(app.test_client().get("/events/new/traditional")).select(".event-picker") == []


def test_an_events_tables_count_for_the_clubs_players(app, client):
    """An event of the club's players (and a guest, who has the bye) made the club's by its
    director's link: its tables' matches become club matches, each seat its roster player,
    rated; the player's page names the event, his place in its standings, and the round and table
    of each match."""
    from eventhelpers import new_event, start, table_links

    club = make_club(client)
    add(client, club, "Аня", "Боря", "Вера", "Гоша")
    director = new_event(client, entrants=["Аня", "Боря", "Вера", "Гоша", "Гость"], system="swiss", unit="player",
                         rounds="1", preset=None, variant="traditional", seats="2", lang="ru")
    # the director's page offers the roster for a late entrant: one name a tap, no «Everyone»
    late = soup(client.get(director)).select_one('.event-picker[data-late="1"]')
    assert late is not None and late.select_one(".pick-all") is None
    assert [b["data-name"] for b in late.select(".roster-chip")] == ["Аня", "Боря", "Вера", "Гоша"]
    assert start(client, director, 1).status_code == 302
    tables = table_links(client, director)
    assert len(tables) == 2                          # round 1: 1–3 and 2–4 (top half against bottom), Гость's bye
    for edit in tables:
        result(client, edit, soup(client.get(edit + "/result")).select('input[name="out"]')[0]["value"], {1: 60})
        result(client, edit, soup(client.get(edit + "/result")).select('input[name="out"]')[0]["value"], {1: 60})
    resp = post(client, club, "/events", link="https://club.example" + director)
    assert resp.status_code == 302
    page = soup(client.get(club))
    assert [a.get_text() for a in page.select(".club-events a")] == ["Вторник в «Дупеле»"]
    assert len(page.select(".club-matches li")) == 2 and "в рейтинге" in page.select_one(".club-matches").get_text()
    rows = {r[1]: r for r in roster(client, club)}
    # the seats of round 1: Аня against Вера, Боря against Гоша; the first seat won each
    assert rows["Аня"][0] in ("1", "2") and rows["Боря"][0] in ("1", "2")
    assert rows["Вера"][2] == rows["Гоша"][2] != "—"
    assert "Гость" not in rows                     # his bye is no match: he never sat at a club table
    anya = pid_of(client, club, "Аня")
    player = soup(client.get(f"{club}/p/{anya}"))
    assert [a.get_text() for a in player.select(".player-events a")] == ["Вторник в «Дупеле»"]
    assert "Вторник в «Дупеле», тур 1, стол 1" in player.select("ul.matches")[-1].get_text(" ")
    # and his place in each event's standings, those of the event's public page
    href = soup(client.get(director)).select_one("a.public-link")["href"]
    places = {r.select_one(".name").get_text(strip=True): r.select_one(".rank").get_text(strip=True)
              for r in soup(client.get(href[href.index("/ev/"):])).select("table.standings tbody tr")}
    assert places["Аня"] != places["Вера"]       # Аня beat Вера
    for name in ("Аня", "Вера"):
        page = soup(client.get(f"{club}/p/{pid_of(client, club, name)}"))
        assert page.select_one(".player-events .event-place").get_text() == f"место {places[name]} из 5 после тура 1"
    # a bad link, and the same event for another club, are refused; nothing changes
    before = db_rows(app)
    assert post(client, club, "/events", link="/e/nothing-of-the-sort").status_code == 400
    other = make_club(client, "Другой")
    resp = post(client, other, "/events", link=director)
    assert resp.status_code == 400 and "другому клубу" in soup(resp).select_one(".problem").get_text()
    assert db_rows(app)[1:] == before[1:]


def test_the_latest_matches_on_the_clubs_page_and_every_match_page_by_page(client, monkeypatch):
    from referee.web import clubs

    monkeypatch.setattr(clubs, "SHOWN", 2)
    monkeypatch.setattr(clubs, "PAGE", 2)
    club = make_club(client)
    for pair in (["Аня", "Боря"], ["Вера", "Гоша"], ["Аня", "Вера"]):
        club_match(client, club, pair)
    titles = [a.get_text() for a in soup(client.get(club)).select(".club-matches .match-title")]
    assert titles == ["Традиционное: Аня, Вера", "Традиционное: Вера, Гоша"]
    link = soup(client.get(club)).select_one("a.all-matches")
    assert link.get_text() == "Все 3 матча"
    second = soup(client.get(link["href"] + "?page=2"))
    assert [a.get_text() for a in second.select(".club-matches .match-title")] == ["Традиционное: Аня, Боря"]
    assert "Матчи 3–3 из 3" in second.get_text()
    assert client.get(link["href"] + "?page=3").status_code == 404
    anya = pid_of(client, club, "Аня")
    player = soup(client.get(f"{club}/p/{anya}"))
    assert len(player.select("ul.matches li")) == 2 and player.select_one("a.all-matches") is None


def test_the_club_pages_speak_english_too(client):
    client.get("/lang/en")
    club = make_club(client, "Dominoes Club")
    add(client, club, "Ann", "Bob")
    edit = club_match(client, club, ["Ann", "Bob"])
    result(client, edit, "Ann", {1: 60})
    result(client, edit, "Ann", {1: 50})
    page = soup(client.get(club))
    words = page.select_one("main").get_text(" ", strip=True)
    for want in ("Players", "Rating", "Add a player", "New club match", "Add a match played", "won by Ann", "rated"):
        assert want in words, want
    assert not any("а" <= ch.lower() <= "я" for ch in words)
    ann = pid_of(client, club, "Ann")
    words = soup(client.get(f"{club}/p/{ann}")).select_one("main").get_text(" ", strip=True)
    for want in ("Rating: 3.4", "place 1 of 2", "Rating, match by match", "rating +3.4 → 3.4", "Merge another name"):
        assert want in words, want
    resp = post(client, club, "/players", name="ann")
    assert "is on the roster already" in soup(resp).select_one(".problem").get_text()


def test_the_roster_pickers_checkboxes_come_back_as_the_players(app, client):
    """The reusable picker (``roster_picker``, mode "check") draws a checkbox chip per player
    whose values ``clubs.picked`` reads back as the club's players, in seeding order."""
    from flask import render_template_string

    from referee.web import clubs, get_db, store

    club = make_club(client)
    add(client, club, "Аня", "Боря")
    m = club_match(client, club, ["Боря", "Аня"])
    result(client, m, "Боря", {1: 60})
    result(client, m, "Боря", {1: 60})
    with app.test_request_context():
        db = get_db()
        the_club, _director = store.club_by_key(db, club.rsplit("/", 1)[1])
        players = clubs.picker_players(db, the_club)
        html = render_template_string('{% from "club/_picker.html" import roster_picker %}'
                                      '<form>{{ roster_picker(players, name="entrant") }}</form>', players=players)
        boxes = soup_of(html).select('input[type="checkbox"][name="entrant"]')
        assert [b.parent.get_text(" ", strip=True).split()[0] for b in boxes] == ["Боря", "Аня"]
        sent = [b["value"] for b in reversed(boxes)]            # ticked in any order
        assert [p["name"] for p in clubs.picked(db, the_club["id"], sent)] == ["Боря", "Аня"]


def soup_of(html: str):
    from bs4 import BeautifulSoup

    return BeautifulSoup(html, "html.parser")


def test_an_event_made_by_a_clubs_director_is_offered_to_the_club_in_one_tap(client):
    """A club's director sets an evening up in the same browser: the event's page offers to
    count it for the club (it was easy to forget: the club then showed no event and no match);
    one tap makes it the club's and comes back to the event's page, which then offers no more."""
    from eventhelpers import new_event

    club = make_club(client, "Среда")
    director = new_event(client, lang="ru")
    page = soup(client.get(director))
    offer = page.select_one("form.club-offer")
    assert offer is not None and "Среда" in offer.get_text()
    # under the round's own work: «Start round 1» comes first
    start = page.select_one("button.start-round")
    assert start is not None and start in offer.find_all_previous("button")
    data = {i["name"]: i.get("value", "") for i in offer.select("input[name]")}
    resp = client.post(offer["action"], data=data)
    assert resp.status_code == 302 and resp.headers["Location"].endswith(director)
    assert soup(client.get(director)).select_one("form.club-offer") is None
    assert "Вторник в «Дупеле»" in soup(client.get(club)).select_one("#events").find_next("ul").get_text()


@pytest.mark.parametrize("lang,off,on", [("ru", "Не учитывать в рейтинге", "Учитывать в рейтинге"),
                                         ("en", "Do not rate", "Rate")])
def test_a_club_matchs_rating_toggle_says_what_it_does(client, lang, off, on):
    """The toggle beside a club match is an action, not a state: beside «в рейтинге» it read
    «Вне рейтинга», as if the match were already left out."""
    client.set_cookie("lang", lang)
    club = make_club(client)
    club_match(client, club, ["Аня", "Боря"])
    form = soup(client.get(club)).select_one('.club-matches form[action$="/rated"]')
    assert form.select_one("button").get_text(strip=True) == off
    client.post(form["action"], data={"csrf_token": csrf_of(client.get(club)), "rated": "0"})
    assert soup(client.get(club)).select_one('.club-matches form[action$="/rated"] button').get_text(strip=True) == on


def test_the_clubs_list_of_games_opens_with_its_ready_rules(client):
    """«Новый матч клуба» lists the games with their ready sets of rules (it answered 500 once
    the list drew them: the club's page gave it none); each leads to the club's set-up page
    with the preset filled in."""
    club = make_club(client)
    page = client.get(club + "/new")
    assert page.status_code == 200
    presets = soup(page).select("a.variant-preset")
    assert presets and all(a["href"].startswith(club + "/new/") and "preset=" in a["href"] for a in presets)
    setup = soup(client.get(presets[0]["href"]))
    assert setup.select_one('input[name="opt_scoring"][value="kozel"]').has_attr("checked")


def _stored(app) -> dict:
    """Every row of every table (to prove a refusal stored nothing)."""
    from referee.web.store import open_db

    db = open_db(app.config["DATABASE"])
    try:
        return {t: list(db.query(f"SELECT * FROM [{t}]")) for t in db.table_names()}
    finally:
        db.close()


def _problem(resp) -> str:
    return soup(resp).select_one(".problem").get_text(" ", strip=True)


def test_club_name_form_refuses_bad_names_in_either_language_and_stores_nothing(app, client):
    """The club's name form (a new club, the club renamed) refuses an empty name, a long one and
    one that cannot be shown, in the reader's language; nothing stored changes."""
    club = make_club(client)
    words = {"ru": ("Впишите название клуба.", "Название клуба — не длиннее 60 знаков.",
                    "В названии клуба есть знаки, которые нельзя показать."),
             "en": ("Write the club's name.", "A club's name is at most 60 characters.",
                    "The club's name holds characters that cannot be shown.")}
    for lang, (empty, long, unshown) in words.items():
        client.set_cookie("lang", lang)
        before = _stored(app)
        for name, said in (("  ", empty), ("я" * 61, long), ("a\x07b", unshown)):
            for resp in (post(client, "/club/", "", name=name), post(client, club, "/name", name=name)):
                assert resp.status_code == 400 and _problem(resp) == said
                assert _stored(app) == before


def test_roster_name_form_refuses_bad_names_in_either_language_and_stores_nothing(app, client):
    """A roster's name form (a player added, a player renamed) refuses an empty name and one
    the record's rule refuses, in the reader's language; nothing stored changes."""
    club = make_club(client)
    add(client, club, "Анфиса")
    pid = pid_of(client, club, "Анфиса")
    words = {"ru": ("Впишите имя игрока.", "в нём невидимые знаки"),
             "en": ("Write the player's name.", "it holds invisible characters")}
    for lang, (empty, invisible) in words.items():
        client.set_cookie("lang", lang)
        before = _stored(app)
        for name, said in ((" ", empty), ("A\u200b", invisible)):
            for resp in (post(client, club, "/players", name=name), post(client, club, f"/p/{pid}/name", name=name)):
                assert resp.status_code == 400 and said in _problem(resp)
                assert _stored(app) == before


def test_merge_form_refuses_a_name_that_is_not_a_number_in_either_language(app, client):
    """The merge form takes the other name's number on the roster; a missing or damaged one is
    refused in the reader's language and nothing stored changes."""
    club = make_club(client)
    add(client, club, "Анфиса", "Аня")
    pid = pid_of(client, club, "Анфиса")
    for lang, said in (("ru", "Выберите второе имя."), ("en", "Choose the other name.")):
        client.set_cookie("lang", lang)
        before = _stored(app)
        for other in ("", "x", "1x"):
            resp = post(client, club, f"/p/{pid}/merge", other=other)
            assert resp.status_code == 400 and _problem(resp) == said
            assert _stored(app) == before
        resp = client.post(f"{club}/p/{pid}/merge", data={"csrf_token": csrf_of(client.get(club))})
        assert resp.status_code == 400 and _problem(resp) == said and _stored(app) == before


def test_seats_form_refuses_a_seat_without_a_player_in_either_language(app, client):
    """The seats' form of a match made the club's gives each seat a roster player or «new»: a
    seat left empty or damaged is refused in the reader's language and nothing stored changes."""
    club = make_club(client)
    add(client, club, "Аня")
    anya = pid_of(client, club, "Аня")
    m = new_match(client, players=("Anya", "Вера"))
    seats = client.post(club + "/attach", data={"csrf_token": csrf_of(client.get(club)), "link": m})
    assert seats.status_code == 200
    base = form_data(seats, "form.seats-form")
    for lang, said in (("ru", "На каждом месте должен быть игрок."), ("en", "Every seat needs a player.")):
        client.set_cookie("lang", lang)
        before = _stored(app)
        for sent in ({"seat_0": str(anya)}, {"seat_0": "x", "seat_1": "new"}, {"seat_0": str(anya), "seat_1": ""}):
            resp = client.post(club + "/seats", data={**base, **sent, "rated": "1"})
            assert resp.status_code == 400 and _problem(resp) == said
            assert _stored(app) == before


def test_event_link_form_refuses_what_is_not_a_directors_link_in_either_language(app, client):
    """The form that makes an event the club's takes its director's link: anything else is
    refused in the reader's language and nothing stored changes."""
    club = make_club(client)
    for lang, said in (("ru", "Это не ссылка директора турнира (/e/…)."),
                       ("en", "That is not an event's director's link (/e/…).")):
        client.set_cookie("lang", lang)
        before = _stored(app)
        for link in ("", "   ", "/e/nosuchevent12", "http://example.org/"):
            resp = post(client, club, "/events", link=link, back="event")
            assert resp.status_code == 400 and _problem(resp) == said
            assert _stored(app) == before
