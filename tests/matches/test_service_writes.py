"""The match service's writes other than a change of play (``MatchService.create``,
``rename_players``, ``set_settings``, ``set_archived``), called as the web app, the tools and
the tests call them, with no Flask: what each accepts, and what each refuses with words in
both languages and nothing stored changed."""

from __future__ import annotations

from typing import Any

import pytest

from referee.matches import store
from referee.matches.service import Conflict, Full, IllFormed, Invalid, MatchService
from referee.matches.store import Db



def stored(db: Db) -> list[tuple[Any, ...]]:
    """Every match and every change as stored: what a refusal must leave as it was."""
    matches = [tuple(r.values()) for r in db.query("SELECT * FROM matches ORDER BY id")]
    changes = [tuple(r.values()) for r in db.query("SELECT * FROM events ORDER BY match_id, seq")]
    return matches + changes


def refused(db: Db, call: Any, why: str, ru: str, en: str) -> Invalid:
    """``call()`` raises :class:`Invalid` for ``why``, says it in Russian and English (the
    words given are in its message), and leaves the database as it was."""
    before = stored(db)
    with pytest.raises(Invalid) as caught:
        call()
    err = caught.value
    assert err.why == why
    assert ru in err.message("ru") and en in err.message("en")
    assert err.message("ru") != err.message("en")
    assert stored(db) == before
    return err


# -- a match made -------------------------------------------------------------------------------

def test_a_match_is_made_with_its_options_resolved_by_the_registry(service: MatchService, db: Db):
    m = service.create("traditional", ["Аня", "Боря"], {"target": 100}, lang="en",
                       settings={"confirm_hands": True})
    kept = store.get_match(db, m["id"])
    assert kept is not None
    assert kept["players"] == ["Аня", "Боря"] and kept["lang"] == "en"
    assert kept["options"]["target"] == 100
    assert set(kept["options"]) > {"target"}  # the defaults filled in
    assert None not in kept["options"].values()
    assert kept["settings"] == {"confirm_hands": True}
    assert store.events(db, m["id"]) == []
    # a rematch hands the options back as they are stored: resolved again, the same
    again = service.create("traditional", ["Боря", "Аня"], kept["options"])
    assert again["options"] == kept["options"]


def test_a_variant_the_registry_does_not_know_is_refused(service: MatchService, db: Db):
    refused(db, lambda: service.create("no-such-game", ["Аня", "Боря"]), "variant",
            "no-such-game", "no-such-game")


def test_the_seats_must_be_the_variants(service: MatchService, db: Db):
    refused(db, lambda: service.create("traditional", ["Аня"]), "players.count",
            "1", "you entered 1")
    refused(db, lambda: service.create("traditional", [f"Игрок {i}" for i in range(9)]), "players.count",
            "9", "you entered 9")


@pytest.mark.parametrize("names, ru, en", [
    (["Аня", "аня"], "аня", "аня"),                  # the same name but for case
    (["Anna", "Ａnna"], "Ａnna", "Ａnna"),             # the same name but for width
    (["Аня", "x" * 40], "x" * 24, "x" * 24),          # too long
    (["Аня", "Бо\u202eря"], "Бо", "Бо"),              # a direction mark
])
def test_names_refused_or_written_twice_are_refused(service: MatchService, db: Db, names: list[str],
                                                     ru: str, en: str):
    refused(db, lambda: service.create("traditional", names), "players.name", ru, en)


def test_options_the_variant_does_not_accept_are_refused(service: MatchService, db: Db):
    refused(db, lambda: service.create("traditional", ["Аня", "Боря"], {"no_such_option": 1}),
            "options", "no_such_option", "does not accept (no_such_option)")
    refused(db, lambda: service.create("traditional", ["Аня", "Боря"], {"target": "many"}),
            "options", "target", "does not accept (target)")


def test_options_that_cannot_go_together_get_the_engines_words(service: MatchService, db: Db):
    err = refused(db, lambda: service.create("traditional", ["Аня", "Боря", "Вера"], {"teams": "pairs"}),
                  "options", "3", "3")
    assert "%(" not in err.message("ru") and "%(" not in err.message("en")


@pytest.mark.parametrize("settings", [{"confirm_hands": "yes"}, {"no_such_setting": True}])
def test_settings_a_match_does_not_have_are_refused(service: MatchService, db: Db, settings: dict[str, Any]):
    key = next(iter(settings))
    refused(db, lambda: service.create("traditional", ["Аня", "Боря"], settings=settings), "settings", key, key)


def test_an_imported_log_is_stored_with_its_changes_and_bounded(service: MatchService, db: Db,
                                                                monkeypatch: pytest.MonkeyPatch):
    log = [("result", {"result": {"out": "Аня", "left": {"Боря": 12}}}, "2026-01-01T10:05:00+00:00"),
           ("result", {"result": {"out": "Боря", "left": {"Аня": 7}}}, "2026-01-01T10:09:00+00:00")]
    m = service.create("traditional", ["Аня", "Боря"], log=log, created="2026-01-01T09:00:00+00:00")
    assert [(e["kind"], e["at"]) for e in store.events(db, m["id"])] == [(k, at) for k, _d, at in log]
    assert m["created"] == "2026-01-01T09:00:00+00:00"
    assert store.checkpoint(db, m["id"]) is not None  # the import's checkpoint
    from referee import limits

    monkeypatch.setattr(limits, "MAX_EVENTS", 1)
    before = stored(db)
    with pytest.raises(Full):
        service.create("traditional", ["Аня", "Боря"], log=log)
    assert stored(db) == before


# -- players renamed, settings, the archive ------------------------------------------------------

@pytest.fixture
def match(service: MatchService) -> dict[str, Any]:
    return dict(service.create("traditional", ["Аня", "Боря", "Вера"]))


def test_a_rename_is_one_change_per_seat_that_changes(service: MatchService, db: Db, match: dict[str, Any]):
    n = service.rename_players(match, 0, ["Аня", "Борис", "Вера Павловна"])
    assert n == 2
    kept = store.get_match(db, match["id"])
    assert kept is not None and kept["players"] == ["Аня", "Борис", "Вера Павловна"]
    assert [(e["kind"], e["data"]) for e in store.events(db, match["id"])] == [
        ("rename", {"seat": 1, "from": "Боря", "to": "Борис", "via": "edit"}),
        ("rename", {"seat": 2, "from": "Вера", "to": "Вера Павловна", "via": "edit"})]
    assert service.rename_players(dict(kept), 2, list(kept["players"])) == 2  # nothing changes


def test_a_rename_of_a_form_drawn_before_another_change_is_refused(service: MatchService, db: Db,
                                                                   match: dict[str, Any]):
    service.rename_players(match, 0, ["Аня", "Борис", "Вера"])
    before = stored(db)
    with pytest.raises(Conflict):
        service.rename_players(match, 0, ["Анна", "Боря", "Вера"])
    assert stored(db) == before


@pytest.mark.parametrize("names, why, ru, en", [
    (["Аня", "", "Вера"], "players.empty", "имя", "needs a name"),
    (["Аня", "  ", "Вера"], "players.empty", "имя", "needs a name"),
    (["Аня", "АНЯ", "Вера"], "players.name", "АНЯ", "АНЯ"),
    (["Аня", "Бо\x07ря", "Вера"], "players.name", "Бо", "Бо"),
    (["Аня", "Боря"], "players.count", "3", "3 seats"),
])
def test_a_rename_with_a_name_refused_changes_nothing(service: MatchService, db: Db, match: dict[str, Any],
                                                      names: list[str], why: str, ru: str, en: str):
    refused(db, lambda: service.rename_players(match, 0, names), why, ru, en)


def test_a_rename_the_registry_refuses_changes_nothing(service: MatchService, db: Db, match: dict[str, Any]):
    before = stored(db)
    with pytest.raises(IllFormed) as caught:
        service.rename_players(match, 0, ["Анна", "Боря", "Вера"], via="elsewhere")
    assert stored(db) == before
    from referee.words import say

    words = {lang: caught.value.problem.message(lambda s, lang=lang: say(lang, s), lang) for lang in ("ru", "en")}
    assert words["ru"] and words["en"] and words["ru"] != words["en"]


def test_renames_stop_at_the_limit_of_changes(service: MatchService, db: Db, match: dict[str, Any],
                                              monkeypatch: pytest.MonkeyPatch):
    from referee import limits

    monkeypatch.setattr(limits, "MAX_EVENTS", 0)
    before = stored(db)
    with pytest.raises(Full):
        service.rename_players(match, 0, ["Анна", "Боря", "Вера"])
    assert stored(db) == before


def test_settings_are_set_only_when_they_change_and_only_those_a_match_has(service: MatchService, db: Db,
                                                                           match: dict[str, Any]):
    assert service.set_settings(match, {}) is False  # as stored: nothing written
    assert service.set_settings(match, {"confirm_hands": True}) is True
    kept = store.get_match(db, match["id"])
    assert kept is not None and kept["settings"] == {"confirm_hands": True}
    refused(db, lambda: service.set_settings(dict(kept), {"confirm_hands": 1}), "settings",
            "confirm_hands", "confirm_hands")
    refused(db, lambda: service.set_settings(dict(kept), {"theme": "dark"}), "settings", "theme", "theme")


def test_the_archive_hides_a_match_and_brings_it_back(service: MatchService, db: Db, match: dict[str, Any]):
    service.set_archived(match, True)
    assert store.get_match(db, match["id"])["archived"]
    service.set_archived(match, False)
    assert not store.get_match(db, match["id"])["archived"]
