"""The club service without Flask: a club made and renamed, its roster's players added, renamed,
retired and merged, a match rated or not; each refusal said in Russian and in English, with
nothing stored changed."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from referee.events.clubs import CLUB_NAME_MAX, ClubRefused, ClubService
from referee.matches import store


@pytest.fixture
def svc(tmp_path) -> ClubService:
    db = store.open_db(str(tmp_path / "clubs.sqlite"))
    return ClubService(lambda: db)


def stored(svc: ClubService) -> tuple[Any, ...]:
    db = svc.db()
    return (list(map(dict, db.query("SELECT * FROM clubs ORDER BY id"))),
            list(map(dict, db.query("SELECT * FROM club_players ORDER BY id"))),
            list(map(dict, db.query("SELECT * FROM club_matches ORDER BY match_id"))))


def refused(svc: ClubService, call: Callable[[], object], rule: str, ru: str, en: str) -> None:
    before = stored(svc)
    with pytest.raises(ClubRefused) as got:
        call()
    assert got.value.rule == rule
    assert got.value.words("ru") == ru and got.value.words("en") == en
    assert stored(svc) == before


def test_a_club_is_made_and_renamed_with_its_name_checked(svc):
    club = svc.create("  Дупель   у  моря ")
    assert club["name"] == "Дупель у моря" and club["director_key"] != club["view_key"]
    assert svc.rename(club, "Дупель") == "Дупель"
    assert store.get_club(svc.db(), club["id"])["name"] == "Дупель"
    refused(svc, lambda: svc.create("   "), "club.name_empty", "Впишите название клуба.", "Write the club's name.")
    refused(svc, lambda: svc.rename(club, "Я" * (CLUB_NAME_MAX + 1)), "club.name_long",
            f"Название клуба — не длиннее {CLUB_NAME_MAX} знаков.",
            f"A club's name is at most {CLUB_NAME_MAX} characters.")
    with pytest.raises(ClubRefused) as got:
        svc.rename(club, "Дупель\u202e")
    assert got.value.rule == "club.name_unshown" and got.value.words("ru") != got.value.words("en")


def test_the_roster_is_changed_and_its_refusals_said(svc):
    club = svc.create("Дупель")
    anya = svc.add_player(club, " Аня ")
    vera = svc.add_player(club, "Вера")
    assert anya["name"] == "Аня"
    refused(svc, lambda: svc.add_player(club, "аня"), "club.name_taken",
            "«аня» уже есть в составе (имена должны различаться не только регистром).",
            "«аня» is on the roster already (names must differ by more than case).")
    refused(svc, lambda: svc.add_player(club, ""), "club.player_empty", "Впишите имя игрока.",
            "Write the player's name.")
    assert svc.rename_player(club, anya["id"], "Анна") == "Анна"
    refused(svc, lambda: svc.rename_player(club, anya["id"], "Вера"), "club.name_taken",
            "«Вера» уже есть в составе (имена должны различаться не только регистром).",
            "«Вера» is on the roster already (names must differ by more than case).")
    refused(svc, lambda: svc.rename_player(club, 999, "Ира"), "club.no_player",
            "В этом клубе нет такого игрока.", "There is no such player in this club.")
    svc.retire(club, vera["id"], True)
    assert store.club_player(svc.db(), club["id"], vera["id"])["retired"]
    refused(svc, lambda: svc.merge(club, anya["id"], anya["id"]), "club.merge_self",
            "Выберите другого игрока, чтобы объединить с этим.", "Choose another player to merge with this one.")
    gone = svc.merge(club, anya["id"], vera["id"])
    assert gone["name"] == "Вера"
    assert store.club_player(svc.db(), club["id"], vera["id"])["merged_into"] == anya["id"]
    with pytest.raises(ClubRefused) as bad:
        svc.add_player(club, "\u202eАня")
    assert bad.value.why is not None and bad.value.words("ru") != bad.value.words("en")


def test_a_match_and_an_event_are_made_the_clubs_and_a_match_rated_or_not(svc):
    club, other = svc.create("Дупель"), svc.create("Рыба")
    anya = svc.add_player(club, "Аня")
    db = svc.db()
    m = store.create_match(db, "traditional", {}, ["Аня", "Боря"])
    refused(svc, lambda: svc.link_match(club, m["id"], [anya["id"], anya["id"]], True), "club.seated_twice",
            "Один игрок не может сидеть на двух местах.", "One player cannot sit in two seats.")
    svc.link_match(club, m["id"], [anya["id"], "Боря"], True)
    assert sorted(p["name"] for p in store.club_players(db, club["id"])) == ["Аня", "Боря"]
    refused(svc, lambda: svc.link_match(other, m["id"], ["Аня", "Боря"], True), "club.other_club",
            "Этот матч уже принадлежит другому клубу.", "This match is another club's already.")
    svc.set_rated(club, m["id"], False)
    assert [x["rated"] for x in store.club_matches(db, club["id"])] == [0]
    ev = store.create_event(db, {"format": "referee-event/1", "name": "Вторник", "round_list": []}, {})
    svc.link_event(club, ev["id"])
    assert [e["id"] for e in store.club_events(db, club["id"])] == [ev["id"]]
    refused(svc, lambda: svc.link_event(other, ev["id"]), "club.event_other_club",
            "Этот турнир уже принадлежит другому клубу.", "This event is another club's already.")
