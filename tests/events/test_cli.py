"""``referee event check | standings | pair``: their outputs and exit codes (the record contract)."""

from __future__ import annotations

import json

import pytest

from referee import cli

from .helpers import event, rnd, table
from .test_standings import RR, SW_R1, SW_R2, SWISS


def run(argv, capsys):
    try:
        code = cli.main(argv)
    except SystemExit as e:
        code = int(e.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def files(tmp_path):
    def write(name, obj):
        path = tmp_path / name
        path.write_text(obj if isinstance(obj, str) else json.dumps(obj, ensure_ascii=False), encoding="utf-8")
        return str(path)
    return write


def broken_rr():
    obj = json.loads(json.dumps(RR))
    obj["round_list"][2]["tables"][0]["result"]["totals"] = {"a": 101, "b": 101, "c": 101, "d": 101}
    return obj


def test_check(files, capsys):
    good, bad, unreadable = files("rr.json", RR), files("bad.json", broken_rr()), files("x.json", "{")
    assert run(["event", "check", good, "--lang", "en"], capsys) == (0, "The event keeps every rule.\n", "")
    assert run(["event", "check", good, "--json"], capsys) == (0, '{"ok": true, "error": null}\n', "")
    code, out, err = run(["event", "check", bad, "--lang", "ru"], capsys)
    assert code == 1 and err == ""
    assert out.startswith("Нарушение (тур 3, стол 1): Матч стола 1 тура 3 окончен на цели") and \
        "[правило event.level_target]" in out
    code, out, _ = run(["event", "check", bad, "--json", "--lang", "en"], capsys)
    assert code == 1 and json.loads(out) == {"ok": False, "error": {
        "round": 3, "table": 1, "rule": "event.level_target", "record": None,
        "message": "The match of table 1 of round 3 ended at its target with the best totals level: "
                   "a tie at the top plays on."}}
    code, out, _ = run(["event", "check", unreadable, "--json", "--lang", "en"], capsys)
    assert code == 2 and json.loads(out)["error"]["rule"] == "event.json"
    code, out, _ = run(["event", "check", unreadable + ".missing", "--lang", "en"], capsys)
    assert code == 2 and "The file cannot be opened: no such file or folder." in out


def test_standings_json_and_table(files, capsys):
    path = files("rr.json", RR)
    code, out, err = run(["event", "standings", path, "--json"], capsys)
    assert code == 0 and err == ""
    rows = json.loads(out)
    assert rows[0] == {"place": 1, "unit": ["b", "d"], "names": ["Боря", "Гена"], "match_points": 2,
                       "buchholz": 4, "score_diff": 6, "played": 3, "byes": 0}
    assert [r["place"] for r in rows] == [1, 2, 3, 4]
    code, out, _ = run(["event", "standings", path, "--lang", "ru"], capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Тест: положение после тура 3"
    assert lines[1] == "Порядок: очки, личная встреча, разница, жребий (порядок записи)"
    assert lines[3].split() == ["Место", "Пара", "Очки", "Бухгольц", "Разница", "Сыграно", "Своб.", "туры"]
    assert lines[4].split() == ["1", "Боря", "+", "Гена", "2", "4", "+6", "3", "0"]
    code, out, _ = run(["event", "standings", path, "--lang", "en", "--after-round", "0"], capsys)
    assert code == 0 and out.splitlines()[0] == "Тест: standings after round 0"
    assert out.splitlines()[4].split() == ["1", "Аня", "+", "Вера", "0", "0", "+0", "0", "0"]


def test_standings_refusals(files, capsys):
    path = files("rr.json", RR)
    code, out, err = run(["event", "standings", path, "--after-round", "4", "--lang", "en"], capsys)
    assert (code, out) == (2, "") and "Round 4 is out of range: 0 to 3" in err
    code, out, err = run(["event", "standings", files("bad.json", broken_rr()), "--json", "--lang", "en"], capsys)
    assert (code, out) == (1, "") and "event.level_target" in err
    code, out, err = run(["event", "standings", files("x.json", "[]"), "--lang", "ru"], capsys)
    assert (code, out) == (2, "") and "referee-event/1" in err and "Турнир не читается" in err


def test_pair(files, capsys):
    path = files("sw.json", dict(SWISS, round_list=[SW_R1]))
    code, out, err = run(["event", "pair", path, "--round", "2", "--json"], capsys)
    assert code == 0 and err == ""
    assert json.loads(out) == {"round": 2, "tables": [{"table": 1, "seats": ["b", "a"]},
                                                      {"table": 2, "seats": ["f", "d"]},
                                                      {"table": 3, "seats": ["c", "e"]}], "byes": []}
    code, out, _ = run(["event", "pair", path, "--round", "2", "--lang", "ru"], capsys)
    assert out.splitlines() == ["Тест: тур 2", "Стол 1: Боря, Аня", "Стол 2: Егор, Гена", "Стол 3: Вера, Дина"]
    for bad in ("0", "3"):      # round 3 is two past the last listed
        code, out, err = run(["event", "pair", path, "--round", bad, "--lang", "en"], capsys)
        assert (code, out) == (2, "") and "out of range: 1 to 2" in err


def test_pair_waits_for_every_result(files, capsys):
    path = files("sw.json", dict(SWISS, round_list=[SW_R1, dict(SW_R2, tables=SW_R2["tables"][:2] + [table(3, "ce")])]))
    code, out, err = run(["event", "pair", path, "--round", "3", "--lang", "en"], capsys)
    assert (code, out) == (1, "")
    assert "Table 3 of round 2 has no result yet" in err and "event.unfinished_round" in err
    # round 2 itself can still be proposed again (its own tables are ignored)
    assert run(["event", "pair", path, "--round", "2", "--json"], capsys)[0] == 0


def test_pair_with_bye_in_words(files, capsys):
    path = files("five.json", event("abcde", rounds=2))
    code, out, _ = run(["event", "pair", path, "--round", "1", "--lang", "en"], capsys)
    assert code == 0 and out.splitlines() == ["Тест: round 1", "Table 1: Аня, Вера", "Table 2: Боря, Гена",
                                              "Bye: Дина"]


def test_a_round_robin_with_a_withdrawal(files, capsys):
    # five players and a dummy X make six in the circle. Round 1's circle a b c d e X: a v X (a's
    # bye), b v e, c v d. c withdraws before round 2, whose circle is a X b c d e: a v e, X v d
    # (d's bye), b v c (c has withdrawn: b's bye).
    obj = event("abcde", system="round_robin", rounds=5, round_list=[
        rnd(1, table(1, "be", [100, 0]), table(2, "cd", [100, 0]), byes=["a"]),
        rnd(2, withdrawn=["c"])])
    code, out, err = run(["event", "pair", files("rr5.json", obj), "--round", "2", "--json"], capsys)
    assert code == 0, err
    assert json.loads(out) == {"round": 2, "tables": [{"table": 1, "seats": ["a", "e"]}], "byes": ["d", "b"]}
    obj["round_list"][1] = rnd(2, table(1, "ae", [100, 40]), byes=["d", "b"], withdrawn=["c"])
    assert run(["event", "check", files("rr5.json", obj)], capsys)[0] == 0
    obj["round_list"][1]["byes"] = ["d"]
    code, out, _ = run(["event", "check", files("rr5.json", obj), "--json"], capsys)
    assert code == 1 and json.loads(out)["error"]["rule"] == "event.unseated"


def test_events_load_no_web_stack():
    import subprocess
    import sys

    code = ("import sys, referee.events, referee.events.rating, referee.event_cli;"
            "bad=[m for m in sys.modules if m.split('.')[0] in ('flask', 'sqlite_utils', 'sqlite3', 'weasyprint',"
            " 'wtforms', 'jinja2', 'werkzeug') or m.startswith('referee.web')];"
            "print(','.join(bad)); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
