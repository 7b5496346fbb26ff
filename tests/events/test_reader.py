"""The event reader refuses every malformed event (exit 2) and the judge every broken rule of
events (exit 1), each with its rule id and words in Russian and English; a table's game record is
replayed through ``referee.record`` for its totals."""

from __future__ import annotations

import json
import re
from typing import Any, Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import referee.events as ev
from referee.events.messages import DETAILS, MESSAGES, WHERE, WORDS
from referee.words import both

from .helpers import YARD, event, rnd, table

LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z_\-:/0-9.=]*")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
#: the record's own words a Russian message may name as the record writes them
EVENT_WORDS = {"referee-event/1", "JSON", "UTF-8", "format", "unit", "pair", "player", "traditional", "teams",
               "pairs", "seats", "round_robin", "swiss", "free", "joined", "changed", "match_points", "win",
               "draw", "loss", "tiebreaks", "buchholz", "score_diff", "head_to_head", "lot", "ended", "target",
               "hands", "time", "forfeit", "absent", "totals", "match", "game", "byes", "withdrawn", "true",
               "false", "rounds", "NaN", "Infinity", "id", "name", "NUL"}


def english_words(text: str) -> list[str]:
    text = re.sub(r"«[^»]*»|\{[^}]*\}|%\(\w+\)[sd]|\"[^\"]*\"", "", text)
    return [w.rstrip(".,:;)") for w in LATIN_WORD.findall(text) if w.rstrip(".,:;)") not in EVENT_WORDS]


@pytest.mark.parametrize("table_", [MESSAGES, DETAILS, WHERE, WORDS], ids=["MESSAGES", "DETAILS", "WHERE", "WORDS"])
def test_every_word_in_both_languages(table_):
    for key, marked in table_.items():
        ru, en = both(marked)
        assert english_words(ru) == [], (key, ru)
        assert not CYRILLIC.search(en), (key, en)
        assert ru != en


def test_every_rule_the_code_raises_has_words():
    from pathlib import Path

    import referee.event_cli
    import referee.events

    files = list(Path(referee.events.__file__).parent.glob("*.py")) + [Path(referee.event_cli.__file__)]
    found = set()
    for path in files:
        found.update(re.findall(r'"(event\.[a-z_]+)"', path.read_text(encoding="utf-8")))
    assert len(found) > 30
    assert found <= set(MESSAGES), found - set(MESSAGES)


# -- a valid event and what breaks it --------------------------------------------------------------------

def base() -> dict[str, Any]:
    """A round robin of four players at two seats, round 1 played, round 2 half played."""
    return event("abcd", system="round_robin", rounds=3, hand_limit=5, time_limit=30, round_list=[
        rnd(1, table(1, "ad", [100, 20]), table(2, "bc", [40, 100])),
        rnd(2, table(1, "ac", [100, 70]), table(2, "db"))])


def pairs_base() -> dict[str, Any]:
    return event("abcdefgh", seats=4, options=YARD, unit="pair", rounds=2,
                 pairs=[["a", "c"], ["b", "d"], ["e", "g"], ["f", "h"]],
                 round_list=[rnd(1, table(1, "abcd", [101, 20, 101, 20]), table(2, "efgh", [10, 101, 10, 101]))])


def test_the_bases_are_valid():
    assert ev.check(base())[0] == 0
    assert ev.check(pairs_base())[0] == 0


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """Set the value at a dotted path (list indexes as numbers); ``DELETE`` removes the key."""
    def change(obj: dict[str, Any]) -> None:
        *head, last = path.split(".")
        cur: Any = obj
        for part in head:
            cur = cur[int(part)] if isinstance(cur, list) else cur[part]
        key: Any = int(last) if isinstance(cur, list) else last
        if value is DELETE:
            del cur[key]
        else:
            cur[key] = value
    return change


DELETE = object()

#: (what is changed, the base, the rule refused with, exit code)
BROKEN: list[tuple[str, Callable[[], dict[str, Any]], Callable[[dict[str, Any]], None], str, int]] = [
    ("format", base, _set("format", "referee-event/2"), "event.format", 2),
    ("unknown top key", base, _set("colour", "red"), "event.unknown_key", 2),
    ("missing name", base, _set("name", DELETE), "event.missing_key", 2),
    ("empty name", base, _set("name", " "), "event.field", 2),
    ("bad date", base, _set("date", "2026-02-30"), "event.field", 2),
    ("unknown game key", base, _set("game.colour", 1), "event.unknown_key", 2),
    ("unknown variant", base, _set("game.variant", "poker"), "event.game", 2),
    ("unknown option", base, _set("game.options", {"colour": "red"}), "event.game", 2),
    ("bad option value", base, _set("game.options", {"target": "many"}), "event.game", 2),
    ("seats the variant refuses", base, _set("game.seats", 5), "event.seats", 2),
    ("seats not a number", base, _set("game.seats", "two"), "event.field", 2),
    ("hand limit zero", base, _set("game.hand_limit", 0), "event.field", 2),
    ("time limit fractional", base, _set("game.time_limit", 2.5), "event.field", 2),
    ("unknown system", base, _set("system", "knockout"), "event.field", 2),
    ("unknown unit", base, _set("unit", "team"), "event.field", 2),
    ("rounds zero", base, _set("rounds", 0), "event.field", 2),
    ("pairs without a pairs game", base, _set("unit", "pair"), "event.unit_pair", 2),
    ("pairs with unit player", base, _set("pairs", [["a", "b"], ["c", "d"]]), "event.pairs", 2),
    ("pairs missing", pairs_base, _set("pairs", DELETE), "event.pairs", 2),
    ("pairs incomplete", pairs_base, _set("pairs", [["a", "c"], ["b", "d"], ["e", "g"]]), "event.pairs", 2),
    ("entrant in two pairs", pairs_base, _set("pairs.3", ["f", "a"]), "event.pairs", 2),
    ("pair of three", pairs_base, _set("pairs.3", ["f", "h", "a"]), "event.pairs", 2),
    ("pair of a stranger", pairs_base, _set("pairs.3", ["f", "z"]), "event.unknown_id", 2),
    ("partners joining apart", pairs_base, _set("entrants.5.joined", 2), "event.joined_pair", 2),
    ("round robin at four seats", lambda: event("abcd", variant="blitz", seats=4, system="round_robin", rounds=3),
     lambda o: None, "event.round_robin", 2),
    ("round robin with late entry", base, _set("entrants.3.joined", 2), "event.round_robin", 2),
    ("round robin rounds not a cycle", base, _set("rounds", 4), "event.round_robin", 2),
    ("id twice", base, _set("entrants.1.id", "a"), "event.entrant_twice", 2),
    ("name twice", base, _set("entrants.1.name", "аня"), "event.entrant_twice", 2),
    ("name with a line break", base, _set("entrants.1.name", "Бо\nря"), "event.field", 2),
    ("entrant without id", base, _set("entrants.1.id", DELETE), "event.missing_key", 2),
    ("unknown entrant key", base, _set("entrants.1.rating", 1500), "event.unknown_key", 2),
    ("joined past the rounds", lambda: event("abcd", rounds=3), _set("entrants.1.joined", 4), "event.field", 2),
    ("a stranger seated", base, _set("round_list.0.tables.0.seats", ["a", "z"]), "event.unknown_id", 2),
    ("a stranger's bye", base, _set("round_list.0.byes", ["z"]), "event.unknown_id", 2),
    ("a stranger withdrawn", base, _set("round_list.1.withdrawn", ["z"]), "event.unknown_id", 2),
    ("a stranger absent", base, _set("round_list.0.tables.0.result", {"ended": "forfeit", "absent": ["z"]}),
     "event.unknown_id", 2),
    ("a stranger's total", base, _set("round_list.0.tables.0.result.totals.z", 3), "event.unknown_id", 2),
    ("three seats at a two-seat table", base, _set("round_list.0.tables.0.seats", ["a", "d", "b"]),
     "event.table_seats", 2),
    ("seated twice at a table", base, _set("round_list.0.tables.0.seats", ["a", "a"]), "event.seated_twice", 2),
    ("partners side by side", pairs_base, _set("round_list.0.tables.0.seats", ["a", "c", "b", "d"]),
     "event.partners", 2),
    ("a unit at two tables", base, _set("round_list.1.tables.1.seats", ["d", "a"]), "event.unit_twice", 2),
    ("a unit at a table and a bye", base, _set("round_list.0.byes", ["a"]), "event.unit_twice", 2),
    ("a pair at two tables", pairs_base, lambda o: o["round_list"].append(
        rnd(2, table(1, "afch"), table(2, "aecg"))), "event.unit_twice", 2),
    ("two tables numbered alike", base, _set("round_list.0.tables.1.table", 1), "event.table_twice", 2),
    ("rounds out of order", base, _set("round_list.1.round", 3), "event.round_order", 2),
    ("more rounds than planned", base, lambda o: o["round_list"].extend([rnd(3), rnd(4)]), "event.round_more", 2),
    ("an earlier round without tables", base, _set("round_list.0.tables", []), "event.round_empty", 2),
    ("unknown round key", base, _set("round_list.0.colour", 1), "event.unknown_key", 2),
    ("changed not a flag", base, _set("round_list.0.changed", "yes"), "event.field", 2),
    ("result of no form", base, _set("round_list.0.tables.0.result", {"winner": "a"}), "event.result", 2),
    ("totals without ended", base, _set("round_list.0.tables.0.result.ended", DELETE), "event.result", 2),
    ("ended unknown", base, _set("round_list.0.tables.0.result.ended", "late"), "event.result", 2),
    ("totals naming too few", base, _set("round_list.0.tables.0.result.totals", {"a": 100}), "event.result", 2),
    ("a total not a number", base, _set("round_list.0.tables.0.result.totals.a", "100"), "event.result", 2),
    ("a total true", base, _set("round_list.0.tables.0.result.totals.a", True), "event.result", 2),
    ("partners with different totals", pairs_base, _set("round_list.0.tables.0.result.totals.c", 100),
     "event.result", 2),
    ("nobody absent", base, _set("round_list.0.tables.0.result", {"ended": "forfeit", "absent": []}),
     "event.result", 2),
    ("absent not seated", base, _set("round_list.0.tables.0.result", {"ended": "forfeit", "absent": ["b"]}),
     "event.result", 2),
    ("a pair's bye by one id", pairs_base, lambda o: o["round_list"].append(
        rnd(2, table(1, "afch", [101, 20, 101, 20]), byes=["b"])), "event.pair_one_id", 2),
    ("a pair withdrawn by one id", pairs_base, lambda o: o["round_list"].append(rnd(2, withdrawn=["b"])),
     "event.pair_one_id", 2),
    ("withdrawn twice", base, lambda o: (o["round_list"][0].update(withdrawn=["d"]),
                                         o["round_list"][1].update(withdrawn=["d"])), "event.withdrawn_twice", 2),
    ("match points of two", base, _set("match_points", {"win": 2, "loss": 0}), "event.match_points", 2),
    ("match points not numbers", base, _set("match_points", {"win": "2", "draw": 1, "loss": 0}),
     "event.match_points", 2),
    ("unknown tie-break", base, _set("tiebreaks", ["match_points", "sonneborn"]), "event.tiebreaks", 2),
    ("a tie-break twice", base, _set("tiebreaks", ["buchholz", "buchholz"]), "event.tiebreaks", 2),
    ("negative forfeit difference", base, _set("forfeit_diff", -1), "event.field", 2),
    # exit 1: the rules of events
    ("ended at a hand limit the event lacks", lambda: event("abcd", rounds=1, round_list=[
        rnd(1, table(1, "ac", [50, 20], ended="hands"), table(2, "bd", [100, 20]))]), lambda o: None,
     "event.no_limit", 1),
    ("level at the target", base, _set("round_list.0.tables.0.result.totals.d", 100), "event.level_target", 1),
    ("seated before joining", lambda: event("abcde", rounds=3, round_list=[
        rnd(1, table(1, "ac", [100, 20]), table(2, "be", [100, 0]), byes=["d"])]),
     _set("entrants.4.joined", 2), "event.not_active", 1),
    ("seated after withdrawing", base, _set("round_list.1.withdrawn", ["a"]), "event.not_active", 1),
    ("an active unit left out of a Swiss round", lambda: event("abcdef", rounds=3, round_list=[
        rnd(1, table(1, "ad", [100, 20]), table(2, "be", [100, 0]))]), lambda o: None, "event.unseated", 1),
    ("a round robin round off the circle", base, _set("round_list.1.tables", [table(1, "ab"), table(2, "cd")]),
     "event.circle", 1),
    ("a round robin's bye off the circle", lambda: event("abc", system="round_robin", rounds=3, round_list=[
        rnd(1, table(1, "ac", [100, 20]), byes=["b"])]), lambda o: None, "event.circle", 1),
]


@pytest.mark.parametrize("what,make,change,rule,code", BROKEN, ids=[b[0] for b in BROKEN])
def test_refused(what, make, change, rule, code):
    obj = make()
    change(obj)
    got, out, _ = ev.check(json.dumps(obj, ensure_ascii=False), "ru")
    assert (got, out["error"]["rule"]) == (code, rule), out["error"]
    ru = out["error"]["message"]
    en = ev.check(obj, "en")[1]["error"]["message"]
    # every placeholder filled, each language its own words
    assert "{" not in ru and "{" not in en, (ru, en)
    assert english_words(ru) == [], ru
    assert not CYRILLIC.search(re.sub(r"«[^»]*»", "", en)), en


def test_a_changed_round_robin_round_is_taken():
    obj = base()
    obj["round_list"][1]["tables"] = [table(1, "ab"), table(2, "cd")]
    obj["round_list"][1]["changed"] = True
    assert ev.check(obj)[0] == 0


def test_a_free_round_may_leave_a_unit_out():
    obj = event("abcde", system="free", rounds=2, round_list=[rnd(1, table(1, "ad", [100, 20]))])
    assert ev.check(obj)[0] == 0


def test_not_json_nan_and_depth():
    assert ev.check("{", "en")[1]["error"]["rule"] == "event.json"
    assert ev.check(b"\xff\xfe", "en")[1]["error"]["rule"] == "event.json"
    text = json.dumps(base()).replace("100", "NaN", 1)
    assert ev.check(text, "en")[1]["error"]["rule"] == "event.json"
    assert ev.check("[" * 40 + "]" * 40, "en")[1]["error"]["rule"] == "event.limit"
    assert ev.check("[]", "en")[1]["error"]["rule"] == "event.format"


def test_the_first_fault_of_form_wins_over_a_broken_rule():
    obj = base()
    obj["round_list"][0]["tables"][0]["result"]["totals"]["d"] = 100      # exit 1 in round 1 …
    obj["round_list"][1]["tables"][1]["seats"] = ["d", "z"]               # … exit 2 in round 2
    code, out, _ = ev.check(obj, "en")
    assert (code, out["error"]["rule"], out["error"]["round"]) == (2, "event.unknown_id", 2)


# -- a table's game record ------------------------------------------------------------------------------

def record(players: list[str], hands: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    return {"format": "referee-record/1", "variant": "traditional", "options": options, "players": players,
            "hands": hands}


def won(out: str, loser: str, pips: int) -> dict[str, Any]:
    return {"result": {"out": out, "left": {loser: pips}}}


def with_record(rec: dict[str, Any], **more: Any) -> dict[str, Any]:
    """Two players, target 20: table 1 of round 1 carries ``rec``."""
    obj = event("ab", rounds=1, options={"target": 20}, round_list=[
        rnd(1, dict({"table": 1, "seats": ["a", "b"], "result": dict({"match": rec}, **more)}))])
    return obj


def test_a_game_record_gives_the_totals():
    # Аня goes out, Боря holds 25: Аня 25 reaches the target 20
    e = ev.load(with_record(record(["Аня", "Боря"], [won("Аня", "Боря", 25)], target=20)))
    assert [(r["unit"], r["match_points"], r["score_diff"]) for r in ev.standings(e)] == [(["a"], 1, 25),
                                                                                        (["b"], 0, -25)]
    assert e.round_list[0].tables[0].result.ended == "target"


def test_a_game_record_at_the_hand_limit_and_at_time():
    hands = [won("Аня", "Боря", 5), won("Боря", "Аня", 12)]         # Аня 5, Боря 12: neither reaches 20
    obj = with_record(record(["Аня", "Боря"], hands, target=20))
    obj["game"]["hand_limit"] = 2
    e = ev.load(obj)
    assert e.round_list[0].tables[0].result.ended == "hands"
    assert [r["score_diff"] for r in ev.standings(e)] == [7, -7]
    obj["game"]["hand_limit"] = 3
    assert ev.check(obj)[1]["error"]["rule"] == "event.no_limit"      # stopped short: no clock either
    obj["game"]["time_limit"] = 30
    assert ev.check(obj)[0] == 0
    obj["round_list"][0]["tables"][0]["result"]["ended"] = "hands"
    assert ev.check(obj, "en")[1]["error"]["rule"] == "event.ended"
    obj["game"]["hand_limit"] = 1
    assert ev.check(obj, "en")[1]["error"]["rule"] == "event.hand_limit"


def test_a_game_record_that_breaks_a_rule_or_cannot_be_read():
    obj = with_record(record(["Аня", "Боря"], [{"turns": [{"player": "Аня", "moves": ["9:9"]}]}], target=20))
    code, out, _ = ev.check(obj, "en")
    assert (code, out["error"]["rule"]) == (2, "event.record")
    assert out["error"]["record"]["rule"] == "record.token"
    assert out["error"]["message"].endswith(out["error"]["record"]["message"])
    # the highest double leads: Боря's 2:2, not Аня's 0:0
    deal = {"Аня": "0:0 0:1 1:2 2:3 3:4 4:5 5:6".split(), "Боря": "1:1 2:2 0:2 1:3 2:4 3:5 4:6".split()}
    bad = record(["Аня", "Боря"], [{"deal": deal, "turns": [{"player": "Аня", "moves": ["0:0"]}]}], target=20)
    code, out, _ = ev.check(with_record(bad), "ru")
    assert (code, out["error"]["rule"]) == (1, "event.record_rule")
    assert out["error"]["record"]["hand"] == 1 and out["error"]["record"]["rule"] == "lead.wrong_player"
    assert "Боря" in out["error"]["message"]
    unfinished = record(["Аня", "Боря"], [{"deal": deal, "turns": [{"player": "Боря", "moves": ["2:2"]}]}],
                        target=20)
    assert ev.check(with_record(unfinished))[1]["error"]["rule"] == "event.record_unfinished"


@pytest.mark.parametrize("change,what", [
    (lambda r: r.update(variant="muggins"), "record_variant"),
    (lambda r: r.update(players=["Боря", "Аня"]), "record_players"),
    (lambda r: r["options"].update(target=50), "record_options"),
])
def test_a_game_record_of_another_table(change, what):
    rec = record(["Аня", "Боря"], [won("Аня", "Боря", 25)], target=20)
    change(rec)
    code, out, _ = ev.check(with_record(rec), "ru")
    assert (code, out["error"]["rule"]) == (2, "event.record_game"), out
    assert english_words(out["error"]["message"]) == []


def test_the_record_written_back_reads_the_same():
    for obj in (base(), pairs_base(), with_record(record(["Аня", "Боря"], [won("Аня", "Боря", 25)], target=20))):
        e = ev.read(obj)
        again = ev.to_record(e)
        assert again == obj
        assert ev.to_record(ev.read(ev.dumps(e))) == obj



# -- any change to a valid event is read, judged or refused: never a crash ------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(["", "a", "b", "z", "Аня", "pair", "player", "swiss", "round_robin", "free", "target",
                       "time", "hands", "forfeit", "traditional", "blitz", "lot", "buchholz"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(list("abcdz") + [
        "round", "tables", "table", "seats", "result", "totals", "ended", "absent", "match", "byes", "withdrawn",
        "id", "name", "joined", "win", "draw", "loss"]), inner, max_size=4),
    max_leaves=8)


def _paths(obj: Any, here: tuple = ()) -> list[tuple]:
    out = [here]
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.extend(_paths(v, here + (k,)))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out.extend(_paths(v, here + (i,)))
    return out


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_any_change_is_read_judged_or_refused(data):
    obj = json.loads(json.dumps(data.draw(st.sampled_from([base, pairs_base]))()))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_paths(obj)[1:]))
        cur: Any = obj
        for part in path[:-1]:
            cur = cur[part]
        if data.draw(st.booleans()) or not isinstance(cur, dict):
            cur[path[-1]] = data.draw(JSON_VALUES)
        else:
            del cur[path[-1]]
    code, out, _ = ev.check(obj, data.draw(st.sampled_from(["ru", "en"])))
    assert code in (0, 1, 2)
    if code:
        assert out["error"]["rule"].startswith("event.") and out["error"]["message"]
        assert "{" not in re.sub(r"«[^»]*»", "", out["error"]["message"])      # every placeholder filled
    else:
        e = ev.read(obj)
        ev.judge(e)
        ev.standings(e)
        if len(e.round_list) < e.rounds:
            try:
                ev.propose(e, len(e.round_list) + 1)
            except ev.EventError as err:
                assert err.code == 1 and err.rule == "event.unfinished_round"
