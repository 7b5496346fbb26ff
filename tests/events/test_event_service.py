"""The event service without Flask: each change of the director's made on an event stored in a
database of its own, refused with its words in Russian and in English (nothing stored changed),
and refused as a conflict when it was drawn against another version of the event."""

from __future__ import annotations

import dataclasses
import json
from typing import Any, Callable

import pytest

from referee import events as core
from referee.events import changes, live
from referee.events import service as evs
from referee.events.service import Conflict, EventService, NoTable, Refused, TableResult
from referee.matches import store
from referee.matches.service import MatchService
from referee.rules import catalogue

NAMES = ("Аня", "Боря", "Вера", "Гена", "Дина", "Егор")


@pytest.fixture
def svc(tmp_path) -> EventService:
    db = store.open_db(str(tmp_path / "events.sqlite"))
    return EventService(lambda: db, MatchService(lambda: db))


def make(svc: EventService, system: str = "swiss", rounds: int | None = 3, time_limit: int | None = None,
         names: tuple[str, ...] = NAMES) -> store.EventRecord:
    """A two-seat event of the traditional game, stored through the service."""
    options = {k: v for k, v in catalogue.resolve_options("traditional", 2, {}).items() if v is not None}
    record = evs.new_record("Вторник", "traditional", options, 2, system, "player", rounds, None, time_limit,
                            list(names), None)
    return svc.create(record, confirm_hands=False)


def fresh(svc: EventService, ev: store.EventRecord) -> store.EventRecord:
    got = store.get_event(svc.db(), ev["id"])
    assert got is not None
    return got


def snapshot(svc: EventService, ev: store.EventRecord) -> tuple[Any, ...]:
    """Everything stored about the event: its row, its audit, its tables' matches."""
    now = fresh(svc, ev)
    matches = svc.db().execute("SELECT COUNT(*) FROM matches").fetchone()[0]
    return (now["version"], json.dumps(now["record"], sort_keys=True), json.dumps(now["state"], sort_keys=True),
            len(store.event_audit(svc.db(), ev["id"])), store.event_tables(svc.db(), ev["id"]), matches)


def refused(svc: EventService, ev: store.EventRecord, call: Callable[[], object], kind: type[Refused] = Refused
            ) -> Refused:
    """The refusal ``call`` raises, having changed nothing stored."""
    before = snapshot(svc, ev)
    with pytest.raises(kind) as got:
        call()
    assert snapshot(svc, ev) == before
    return got.value


def said(r: Refused, ru: str, en: str) -> None:
    assert r.words("ru") == ru
    assert r.words("en") == en


def audit_kinds(svc: EventService, ev: store.EventRecord) -> list[str]:
    return [a["kind"] for a in store.event_audit(svc.db(), ev["id"])]


def started(svc: EventService, ev: store.EventRecord, number: int = 1) -> store.EventRecord:
    return svc.start_round(fresh(svc, ev), number)


def finish_round(svc: EventService, ev: store.EventRecord, number: int) -> store.EventRecord:
    """Every table of the round given the director's result (the first seat wins 101 to 20)."""
    ev = fresh(svc, ev)
    for t in live.round_of(ev["record"], number)["tables"]:  # type: ignore[index]
        ev = svc.correct(ev, number, t["table"], TableResult(sides=["101", "20"], ended="target"))
    return ev


# -- a new event, an import -----------------------------------------------------------------------


def test_an_event_is_created_only_when_it_keeps_the_rules(svc):
    ev = make(svc)
    assert ev["version"] == 1 and ev["state"] == {"confirm_hands": False, "rounds": {}}
    core.load(ev["record"])
    record = dict(ev["record"], game=dict(ev["record"]["game"], seats=7))
    with pytest.raises(Refused) as got:
        svc.create(record, confirm_hands=False)
    assert got.value.rule == "event" and got.value.error is not None
    assert "7" in got.value.words("en") and got.value.words("ru") != got.value.words("en")
    assert svc.db().execute("SELECT COUNT(*) FROM club_events").fetchone()[0] == 1


def test_an_event_is_set_up_from_its_form_or_refused_with_nothing_stored(svc):
    given = evs.Setup(name=" Вторник ", variant="traditional", seats=4, system="swiss", unit="pair", rounds=2,
                      entrants="Аня + Вера\nБоря / Гена", options={"teams": "pairs"}, confirm_hands=True)
    ev = svc.set_up(given)
    assert ev["record"]["name"] == "Вторник" and ev["record"]["pairs"] == [["e1", "e2"], ["e3", "e4"]]
    assert ev["record"]["game"]["options"]["teams"] == "pairs" and ev["state"]["confirm_hands"] is True
    count = svc.db().execute("SELECT COUNT(*) FROM club_events").fetchone()[0]
    refusals = [
        (dict(seats=5), "setup.seats", "В эту игру играют от 2 до 4 игроков за столом.",
         "This game is played by 2 to 4 players at a table."),
        (dict(rounds=None), "setup.rounds", "Укажите число туров.", "Enter the number of rounds."),
        (dict(entrants=" \n "), "setup.entrants", "Впишите не меньше двух участников.",
         "Enter at least two entrants."),
        (dict(entrants="Аня + Вера"), "setup.pairs", "Впишите не меньше двух пар: за столом сидят две пары.",
         "Enter at least two pairs: a table seats two pairs."),
        (dict(unit="player", options={}, entrants="Аня\nВера\nГена"), "setup.table",
         "Игроков за столом в этой игре: 4. Впишите не меньше участников.",
         "This game seats 4 players at a table: enter at least as many entrants."),
    ]
    for changed, rule, ru, en in refusals:
        with pytest.raises(Refused) as got:
            svc.set_up(dataclasses.replace(given, **changed))
        assert got.value.rule == rule
        said(got.value, ru, en)
    with pytest.raises(Refused) as bad:
        svc.set_up(dataclasses.replace(given, options={"target": "сто"}))
    assert bad.value.rule == "options" and bad.value.words("ru") != bad.value.words("en")
    assert svc.db().execute("SELECT COUNT(*) FROM club_events").fetchone()[0] == count


def test_the_entrants_text_is_split_or_refused_in_both_languages():
    assert evs.split_entrants("Аня + Вера\nБоря/Гена\n", pairs=True) == (
        ["Аня", "Вера", "Боря", "Гена"], [("Аня", "Вера"), ("Боря", "Гена")])
    with pytest.raises(Refused) as got:
        evs.split_entrants("Аня + Вера + Боря", pairs=True)
    assert got.value.rule == "change.pair_line"
    assert got.value.words("en") == "Each line names one pair: two names joined by «+» (Аня + Вера + Боря)."
    assert "Аня + Вера + Боря" in got.value.words("ru") and got.value.words("ru") != got.value.words("en")
    with pytest.raises(Refused) as twice:
        evs.split_entrants("Аня\nаня", pairs=False)
    assert twice.value.rule == "change.entrant_twice"
    assert twice.value.words("en") == "The name «аня» is entered twice (names must differ by more than case)."
    assert twice.value.words("ru") == "Имя «аня» записано дважды (имена должны различаться не только регистром)."
    with pytest.raises(Refused) as empty:
        evs.split_entrants("Аня\n" + "Я" * 200, pairs=False)
    assert empty.value.rule == "name"  # a name refused for itself keeps the names' own words


def test_an_import_is_checked_whole_and_a_round_being_played_gets_its_matches(svc):
    ev = started(svc, make(svc))
    text = json.dumps(fresh(svc, ev)["record"], ensure_ascii=False)
    copy = svc.import_text(text, "en")
    assert copy["record"] == fresh(svc, ev)["record"] and copy["id"] != ev["id"]
    assert len(store.event_tables(svc.db(), copy["id"])) == 3
    count = svc.db().execute("SELECT COUNT(*) FROM club_events").fetchone()[0]
    for text, rule, en in [(" ", "import.empty", "Choose a file or paste an event's record."),
                           ("{", "import.json", "This is not an event's record: it is not valid JSON.")]:
        with pytest.raises(Refused) as got:
            svc.import_text(text)
        assert got.value.rule == rule and got.value.words("en") == en
        assert got.value.words("ru") != en
    with pytest.raises(Refused) as bad:
        svc.import_text(json.dumps(dict(fresh(svc, ev)["record"], system="ladder")))
    assert bad.value.words("en").startswith("The record was refused: ")
    assert bad.value.words("ru").startswith("Запись отклонена: ")
    assert svc.db().execute("SELECT COUNT(*) FROM club_events").fetchone()[0] == count


# -- the rounds ---------------------------------------------------------------------------------


def test_a_round_is_started_once_with_its_tables_matches(svc):
    ev = make(svc)
    plan = live.plan_of(svc.live(ev), 1)[0]
    after = svc.start_round(ev, 1, live.digest(plan), "en")
    rnd = live.round_of(after["record"], 1)
    assert rnd is not None and [t["seats"] for t in rnd["tables"]] == [t["seats"] for t in plan["tables"]]
    assert after["version"] == 2 and "started" in after["state"]["rounds"]["1"]
    assert len(store.event_tables(svc.db(), ev["id"])) == 3
    again = svc.start_round(ev, 1)  # a second tap, drawn against the first version: made already
    assert again["version"] == 2 and audit_kinds(svc, ev) == ["start"]
    assert len(store.event_tables(svc.db(), ev["id"])) == 3


def test_a_round_that_cannot_start_is_refused_in_both_languages(svc):
    ev = make(svc)
    r = refused(svc, ev, lambda: svc.start_round(ev, 2))
    said(r, "Тур 2 сейчас начать нельзя.", "Round 2 cannot be started now.")


def test_a_start_drawn_against_other_tables_or_another_version_is_a_conflict(svc):
    ev = make(svc)
    r = refused(svc, ev, lambda: svc.start_round(ev, 1, "0" * 16), Conflict)
    assert r.rule == "change.plan_changed" and r.status == 409 and r.words("ru") != r.words("en")
    r = refused(svc, ev, lambda: svc.start_round(ev, 1, expected=ev["version"] - 1), Conflict)
    assert r.rule == "change.stale" and r.status == 409
    assert r.words("en") == ("The event was changed from another phone since this page was drawn. "
                             "Nothing was changed: look at it again.")
    assert r.words("ru") != r.words("en")


def test_a_swap_makes_the_rounds_draft(svc):
    ev = make(svc)
    plan = live.plan_of(svc.live(ev), 1)[0]
    a, b = plan["tables"][0]["seats"][0], plan["tables"][1]["seats"][0]
    after = svc.swap(ev, 1, a, b)
    draft = after["state"]["draft"]
    assert draft["tables"][0]["seats"][0] == b and draft["tables"][1]["seats"][0] == a
    assert audit_kinds(svc, ev) == ["swap"]
    r = refused(svc, after, lambda: svc.swap(fresh(svc, ev), 1, a, a))
    said(r, "Выберите двух разных участников для замены.", "Choose two different entrants to swap.")
    r = refused(svc, after, lambda: svc.swap(fresh(svc, ev), 1, a, b, expected=1), Conflict)
    assert r.rule == "change.stale"


def test_a_reset_forgets_the_draft_once(svc):
    ev = make(svc)
    plan = live.plan_of(svc.live(ev), 1)[0]
    ev = svc.swap(ev, 1, plan["tables"][0]["seats"][0], plan["tables"][1]["seats"][0])
    after = svc.reset(ev, 1)
    assert "draft" not in after["state"] and audit_kinds(svc, ev) == ["swap", "reset"]
    assert svc.reset(after, 1)["version"] == after["version"]  # nothing left to reset: nothing stored
    r = refused(svc, after, lambda: svc.reset(after, 1, expected=after["version"] + 1), Conflict)
    assert r.rule == "change.stale"


def test_a_free_round_leaves_a_unit_out_and_another_system_refuses(svc):
    free = make(svc, system="free")
    after = svc.sit_out(free, 1, "e1")
    assert after["state"]["sit_out"] == {"round": 1, "ids": ["e1"]}
    plan, mine = live.plan_of(svc.live(after), 1)
    assert mine and all("e1" not in t["seats"] for t in plan["tables"])
    back = svc.sit_out(after, 1, "e1", back=True)
    assert back["state"]["sit_out"] == {"round": 1, "ids": []}
    assert audit_kinds(svc, free) == ["sit_out", "sit_out"]
    r = refused(svc, back, lambda: svc.sit_out(back, 1, "nobody"))
    assert r.rule == "change.sit_out_who" and r.words("en") == "Choose who sits out."
    swiss = make(svc)
    r = refused(svc, swiss, lambda: svc.sit_out(swiss, 1, "e1"))
    said(r, "Оставить кого-то без игры можно только в свободном туре, пока он не начат.",
         "Only a free round that has not started may leave someone out.")
    r = refused(svc, back, lambda: svc.sit_out(back, 1, "e2", expected=1), Conflict)
    assert r.rule == "change.stale"


def test_time_is_called_once_on_a_round_with_a_clock(svc):
    ev = make(svc, time_limit=30)
    r = refused(svc, ev, lambda: svc.call_time(ev, 1))
    said(r, "Тур 1 ещё не начат.", "Round 1 has not started.")
    ev = started(svc, ev)
    after = svc.call_time(ev, 1)
    assert after["state"]["rounds"]["1"]["at_call"] == {"1": 0, "2": 0, "3": 0}
    assert svc.call_time(after, 1)["version"] == after["version"]
    r = refused(svc, after, lambda: svc.call_time(after, 1, expected=1), Conflict)
    assert r.rule == "change.stale"
    plain = started(svc, make(svc))
    r = refused(svc, plain, lambda: svc.call_time(plain, 1))
    said(r, "У туров этого турнира нет контроля времени.", "This event's rounds have no clock.")


def test_a_round_closes_once_every_table_has_its_result(svc):
    ev = started(svc, make(svc))
    r = refused(svc, ev, lambda: svc.close_round(ev, 1))
    said(r, "Нет результатов столов 1, 2, 3: тур пока закрыть нельзя.",
         "Results missing at tables 1, 2, 3: the round cannot be closed yet.")
    # one table still playing is said as one
    for t in (1, 2):
        ev = svc.correct(fresh(svc, ev), 1, t, TableResult(sides=["101", "20"], ended="target"))
    r = refused(svc, ev, lambda: svc.close_round(ev, 1))
    said(r, "Нет результата стола 3: тур пока закрыть нельзя.",
         "The result of table 3 is missing: the round cannot be closed yet.")
    ev = finish_round(svc, ev, 1)
    r = refused(svc, ev, lambda: svc.close_round(ev, 1, expected=ev["version"] - 1), Conflict)
    assert r.rule == "change.stale"
    closed = svc.close_round(ev, 1)
    assert live.is_closed(closed["state"], 1) and audit_kinds(svc, ev)[-1] == "close"
    assert svc.close_round(closed, 1)["version"] == closed["version"]
    r = refused(svc, closed, lambda: svc.close_round(closed, 2))
    said(r, "Тур 2 сейчас не играется.", "Round 2 is not being played.")
    assert live.next_round(svc.live(closed)) == 2


def test_a_tables_result_is_corrected_forfeited_and_cleared_with_its_audit(svc):
    ev = started(svc, make(svc))
    seats = live.round_of(ev["record"], 1)["tables"][0]["seats"]  # type: ignore[index]
    ev = svc.correct(ev, 1, 1, TableResult(sides=["+101", "20"], ended="target", note="по протоколу"))
    table = live.round_of(ev["record"], 1)["tables"][0]  # type: ignore[index]
    assert table["result"] == {"totals": {seats[0]: 101, seats[1]: 20}, "ended": "target"}
    ev = svc.correct(ev, 1, 1, TableResult(sides=["+101", "20"], ended="target"))  # sent again: once
    other = live.round_of(ev["record"], 1)["tables"][1]["seats"]  # type: ignore[index]
    ev = svc.correct(ev, 1, 2, TableResult(forfeit=True, absent=[other[1], "e99"]))
    assert live.round_of(ev["record"], 1)["tables"][1]["result"] == {  # type: ignore[index]
        "ended": "forfeit", "absent": [other[1]]}
    ev = svc.correct(ev, 1, 1, TableResult(clear=True))
    assert "result" not in live.round_of(ev["record"], 1)["tables"][0]  # type: ignore[index]
    audit = store.event_audit(svc.db(), ev["id"])
    assert [a["kind"] for a in audit] == ["start", "correct", "forfeit", "clear"]
    assert audit[1]["data"]["note"] == "по протоколу"
    refusals = [
        (TableResult(sides=["сто", "20"], ended="target"), "Впишите счёт каждой стороны целым числом.",
         "Enter each side's total as a whole number."),
        (TableResult(sides=["101", "20"], ended="late"), "Выберите, чем закончился матч.",
         "Choose what ended the match."),
        (TableResult(forfeit=True, absent=["e99"]), "Отметьте, кто не пришёл.", "Mark who did not come."),
    ]
    for given, ru, en in refusals:
        said(refused(svc, ev, lambda given=given: svc.correct(ev, 1, 1, given)), ru, en)
    r = refused(svc, ev, lambda: svc.correct(ev, 1, 9, TableResult(clear=True)), NoTable)
    assert r.status == 404
    said(r, "В туре 1 нет стола 9.", "There is no table 9 in round 1.")
    r = refused(svc, ev, lambda: svc.correct(ev, 1, 1, TableResult(sides=["1", "2"], ended="target"),
                                              expected=ev["version"] - 1), Conflict)
    assert r.rule == "change.stale"


def test_a_closed_rounds_result_is_not_cleared(svc):
    ev = svc.close_round(finish_round(svc, started(svc, make(svc)), 1), 1)
    r = refused(svc, ev, lambda: svc.correct(ev, 1, 1, TableResult(clear=True)))
    assert r.rule == "change.closed" and r.words("en") == "The round is closed: enter the table's result instead."
    assert r.words("ru") != r.words("en")


def test_a_withdrawal_is_announced_before_the_next_round(svc):
    ev = make(svc)
    after = svc.withdraw(ev, "e2")
    assert live.round_of(after["record"], 1) == {"round": 1, "tables": [], "withdrawn": ["e2"]}
    assert svc.withdraw(after, "e2")["version"] == after["version"]
    r = refused(svc, after, lambda: svc.withdraw(after, "nobody"))
    said(r, "Выберите, кто снимается.", "Choose who withdraws.")
    r = refused(svc, after, lambda: svc.withdraw(after, "e3", expected=1), Conflict)
    assert r.rule == "change.stale"
    one = make(svc, rounds=1)
    one = svc.close_round(finish_round(svc, started(svc, one), 1), 1)
    r = refused(svc, one, lambda: svc.withdraw(one, "e1"))
    assert r.rule == "change.all_paired" and r.words("en") == "Every round of the event has been paired."


def test_a_late_entrant_joins_from_the_next_round(svc):
    ev = started(svc, make(svc))
    after = svc.late_entry(ev, "Жанна\nЗоя")
    assert after["record"]["entrants"][-2:] == [{"id": "e7", "name": "Жанна", "joined": 2},
                                                {"id": "e8", "name": "Зоя", "joined": 2}]
    assert audit_kinds(svc, ev)[-1] == "enter"
    r = refused(svc, after, lambda: svc.late_entry(after, "  "))
    said(r, "Впишите имя нового участника.", "Enter the new entrant's name.")
    r = refused(svc, after, lambda: svc.late_entry(after, "Аня"))  # a name the event has already
    assert r.rule == "event" and r.words("ru") != r.words("en")
    r = refused(svc, after, lambda: svc.late_entry(after, "Ира", expected=1), Conflict)
    assert r.rule == "change.stale"


def test_a_change_made_again_after_another_phone_sees_what_it_did(svc):
    ev = make(svc)
    first = svc.start_round(ev, 1)
    # a withdrawal drawn on the first version is made on the event as it now stands: before round 2
    after = svc.withdraw(ev, "e1")
    assert after["version"] == first["version"] + 1
    assert live.round_of(after["record"], 2) == {"round": 2, "tables": [], "withdrawn": ["e1"]}


def test_every_kind_of_change_is_in_the_registry_and_said_in_both_languages(svc):
    ev = make(svc, system="free", time_limit=30)
    ev = svc.sit_out(ev, 1, "e1")
    ev = svc.sit_out(ev, 1, "e1", back=True)
    plan = live.plan_of(svc.live(ev), 1)[0]
    ev = svc.swap(ev, 1, plan["tables"][0]["seats"][0], plan["tables"][1]["seats"][0])
    ev = svc.reset(ev, 1)
    ev = svc.start_round(ev, 1)
    ev = svc.call_time(ev, 1)
    seats = live.round_of(ev["record"], 1)["tables"][0]["seats"]  # type: ignore[index]
    ev = svc.correct(ev, 1, 1, TableResult(forfeit=True, absent=[seats[0]]))
    ev = svc.correct(ev, 1, 1, TableResult(clear=True))
    ev = svc.close_round(finish_round(svc, ev, 1), 1)
    ev = svc.withdraw(ev, "e2")
    ev = svc.late_entry(ev, "Жанна")
    audit = store.event_audit(svc.db(), ev["id"])
    assert {a["kind"] for a in audit} == set(changes.KINDS)
    names = {e["id"]: e["name"] for e in ev["record"]["entrants"]}
    for entry in audit:
        kind = changes.KINDS[entry["kind"]]
        assert callable(getattr(EventService, kind.method))
        ru, en = (changes.said(entry["kind"], entry["data"], names, lang) for lang in ("ru", "en"))
        assert ru != en and "{" not in ru + en and "%(" not in ru + en
    said_en = [changes.said(a["kind"], a["data"], names, "en") for a in audit]
    assert said_en[0] == "Round 1: Аня sits out" and said_en[4] == "Round 1 started"
    assert said_en[6].startswith("Round 1, table 1: ") and said_en[6].endswith(f"→ forfeit: {names[seats[0]]} absent")
    assert said_en[7].endswith("→ the match's result")
    assert said_en[-1] == "Жанна entered from round 2"
    # in Russian a noun first, so that no verb has to agree with a name's gender or number
    said_ru = [changes.said(a["kind"], a["data"], names, "ru") for a in audit]
    assert said_ru[6].endswith(f"→ неявка: {names[seats[0]]}")
    assert said_ru[-2] == f"Снятие перед туром 2: {names['e2']}" and said_ru[-1] == "Вступление с тура 2: Жанна"


def test_a_corrected_result_lists_the_players_as_before():
    """The audit's «before → after» names the players in one order (the entrants'), where a
    match's totals come in seat order and the director's by sides."""
    names = {"a": "Аня", "b": "Боря", "c": "Вера", "d": "Гена"}
    data = {"round": 1, "table": 1, "note": "ошибка в счёте",
            "before": {"totals": {"a": 0, "d": 134, "c": 0, "b": 134}, "ended": "target"},
            "after": {"totals": {"a": 0, "c": 0, "b": 105, "d": 105}, "ended": "target"}}
    assert changes.said("correct", data, names, "ru") == \
        "Тур 1, стол 1: Аня 0, Боря 134, Вера 0, Гена 134 → Аня 0, Боря 105, Вера 0, Гена 105 (ошибка в счёте)"
    assert changes.said("correct", data, names, "en").startswith(
        "Round 1, table 1: Аня 0, Боря 134, Вера 0, Гена 134 → Аня 0, Боря 105, Вера 0, Гена 105")
