"""A game record imported through the match service (``matches.imports.import_text``), with no
Flask: a record of hands and an export with its whole log are stored as matches; a record
refused says why in both languages, names the rule where one refused it, and stores nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from referee.matches import store
from referee.matches.imports import NotImported, import_text
from referee.matches.log import fold, log_of, to_record
from referee.matches.service import MatchService
from referee.matches.store import Db



def count(db: Db) -> tuple[int, int]:
    return (db.execute("SELECT count(*) FROM matches").fetchone()[0],
            db.execute("SELECT count(*) FROM events").fetchone()[0])


def exported(service: MatchService, db: Db) -> dict[str, Any]:
    """A match as the export writes it: its record, language, time and whole log."""
    m = service.create("traditional", ["Аня", "Боря"], {"target": 100}, lang="ru", log=[
        ("result", {"result": {"out": "Аня", "left": {"Боря": 12}}}),
        ("undo", {}),
        ("result", {"result": {"out": "Боря", "left": {"Аня": 7}}})])
    evs = store.events(db, m["id"])
    record = to_record(m, fold(evs))
    record.update(lang="ru", created=m["created"], log=log_of(evs))
    return record


def test_a_record_of_hands_is_stored_as_a_match(service: MatchService, db: Db, record_of: Any):
    record = record_of("seed-traditional.json")
    m = import_text(service, json.dumps(record, ensure_ascii=False), "en")
    assert m["variant"] == record["variant"] and m["players"] == record["players"]
    assert m["lang"] == "en"  # the record names none: the reader's
    assert len(fold(store.events(db, m["id"]))) == len(record["hands"])


def test_an_export_with_its_log_imports_as_it_was(service: MatchService, db: Db):
    record = exported(service, db)
    m = import_text(service, json.dumps(record, ensure_ascii=False), "en")
    assert m["lang"] == "ru" and m["created"] == record["created"]
    assert log_of(store.events(db, m["id"])) == record["log"]


def refused(service: MatchService, db: Db, text: str, ru: str, en: str) -> NotImported:
    before = count(db)
    with pytest.raises(NotImported) as caught:
        import_text(service, text, "ru")
    err = caught.value
    assert ru in err.message("ru") and en in err.message("en")
    assert err.message("ru") != err.message("en")
    assert count(db) == before
    return err


def test_text_that_is_no_record_is_refused(service: MatchService, db: Db):
    refused(service, db, "{not json", "JSON", "not valid JSON")
    refused(service, db, "[1, 2]", "JSON", "a JSON object is expected")
    refused(service, db, "[" * 50 + "]" * 50, "", "The record was refused")


def test_a_hand_the_rules_refuse_names_the_rule_and_where(service: MatchService, db: Db, record_of: Any):
    record = record_of("seed-traditional.json")
    hand = record["hands"][0]
    first = next(t for t in hand["turns"] if t["moves"])
    other = next(p for p in record["players"] if p != first["player"])
    first["moves"] = [hand["deal"][other][0]] + first["moves"][1:]  # a tile the other player holds
    err = refused(service, db, json.dumps(record, ensure_ascii=False), "1", "Hand 1")
    assert err.rule and err.variant == "traditional"


def test_a_damaged_log_is_refused(service: MatchService, db: Db):
    record = exported(service, db)
    record["log"][0]["kind"] = "no-such-kind"
    refused(service, db, json.dumps(record, ensure_ascii=False), "", "log of changes is damaged")
    record = exported(service, db)
    record["log"][-1]["data"]["result"]["out"] = "Вера"  # a player not seated
    refused(service, db, json.dumps(record, ensure_ascii=False), "", "The record was refused")
