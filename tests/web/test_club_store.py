"""A club's store on each database (SQLite's file, PostgreSQL): the roster's changes and their
refusals, a match's seats, the club's matches with their counts, the browser's list, an event
made the club's."""

from __future__ import annotations

import pytest

from referee.web import store


@pytest.fixture
def db(database):
    d = store.open_db(database)
    yield d
    d.close()


def test_the_roster_and_the_clubs_matches(db):
    club = store.create_club(db, "Клуб")
    assert store.club_by_key(db, club["director_key"]) == (club, True)
    assert store.club_by_key(db, club["view_key"]) == (club, False)
    assert store.club_by_key(db, "x" * 24) is None
    anya = store.add_club_player(db, club["id"], "Аня")["id"]
    with pytest.raises(store.ClubError) as e:
        store.add_club_player(db, club["id"], "АНЯ")
    assert e.value.rule == "club.name_taken"
    bo = store.add_club_player(db, club["id"], "Боря")["id"]
    store.rename_club_player(db, club["id"], bo, "Борис")
    store.retire_club_player(db, club["id"], bo, True)
    assert [(p["name"], p["retired"]) for p in store.club_players(db, club["id"])] == [("Аня", False), ("Борис", True)]
    m = store.create_match(db, "traditional", {"target": 100}, ["аня", "Вера"])
    ids = store.link_match(db, club["id"], m["id"], ["аня", "Вера"])       # Вера joins the roster
    assert ids[0] == anya and store.club_player(db, club["id"], ids[1])["name"] == "Вера"
    [row] = store.club_matches(db, club["id"])
    assert (row["id"], row["rated"], row["n"], row["seat_players"]) == (m["id"], True, 0, ids)
    store.set_club_rated(db, club["id"], m["id"], False)
    assert store.club_matches(db, club["id"])[0]["rated"] is False
    # another club may not take it; one player may not hold two seats
    other = store.create_club(db, "Другой")
    with pytest.raises(store.ClubError) as e:
        store.link_match(db, other["id"], m["id"], ["Аня", "Вера"])
    assert e.value.rule == "club.other_club"
    with pytest.raises(store.ClubError) as e:
        store.link_match(db, club["id"], m["id"], [anya, anya])
    assert e.value.rule == "club.seated_twice"
    # a merge moves the seats; two who met are refused
    with pytest.raises(store.ClubError) as e:
        store.merge_club_players(db, club["id"], anya, ids[1])
    assert e.value.rule == "club.merge_met"
    store.merge_club_players(db, club["id"], bo, anya)
    assert store.club_matches(db, club["id"])[0]["seat_players"] == [bo, ids[1]]
    assert [p["name"] for p in store.club_players(db, club["id"])] == ["Борис", "Вера"]
    assert store.club_player(db, club["id"], anya)["merged_into"] == bo
    # the browser's list: a read-only visit never takes the director's right away
    store.remember_club(db, "b" * 22, club["id"], True)
    store.remember_club(db, "b" * 22, club["id"], False)
    store.remember_club(db, "b" * 22, other["id"], False)
    assert [(c["name"], c["director"]) for c in store.browser_clubs(db, "b" * 22)] == [("Другой", False), ("Клуб", True)]


def test_an_event_made_the_clubs(db):
    club, other = store.create_club(db, "Клуб"), store.create_club(db, "Другой")
    ev = store.create_event(db, {"name": "Вторник", "entrants": []}, {})
    m = store.create_match(db, "traditional", {"target": 100}, ["Аня", "Вера"])
    store.link_table(db, ev["id"], 1, 1, m["id"])
    store.link_event(db, club["id"], ev["id"])
    store.link_event(db, club["id"], ev["id"])                       # twice: once
    with pytest.raises(store.ClubError):
        store.link_event(db, other["id"], ev["id"])
    [e] = store.club_events(db, club["id"])
    assert (e["name"], e["tables"]) == ("Вторник", {m["id"]: (1, 1)})
    assert [x["id"] for x in store.unlinked_event_matches(db, club["id"])] == [m["id"]]
    store.link_match(db, club["id"], m["id"], ["Аня", "Вера"])
    assert store.unlinked_event_matches(db, club["id"]) == []
