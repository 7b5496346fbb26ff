"""The `referee` command as a user runs it: `check` exit codes and JSON, `bench` output."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from referee.rules import compiled

from .recs import hand, record, turns

ROOT = Path(__file__).resolve().parents[2]

GOOD = record("traditional", ["Ann", "Bob"], [hand(
    {"Ann": "6:6 6:5 5:5 5:4 4:4 4:3 3:3", "Bob": "6:0 0:1 1:1 1:2 2:2 2:6 0:0"},
    turns(("Ann", "6:6"), ("Bob", "6:0"), ("Ann", "6:5"), ("Bob", "0:1"), ("Ann", "5:5"), ("Bob", "1:1"),
          ("Ann", "5:4"), ("Bob", "1:2"), ("Ann", "4:4"), ("Bob", "2:2"), ("Ann", "4:3"), ("Bob", "2:6"),
          ("Ann", "3:3")))])
RULE_BROKEN = record("blitz", ["P1", "P2", "P3", "P4", "P5"], [hand(
    {"P1": "1:5 3:4 3:5 4:6 5:6", "P2": "0:4 0:6 2:2 3:3 6:6", "P3": "0:0 0:2 0:5 1:6 4:5",
     "P4": "0:1 1:3 1:4 2:4 4:4", "P5": "0:3 1:2 2:5 2:6 5:5"},
    turns(("P3", "0:0"), ("P4", "draw 1:1", "0:1")))])


def referee(*args, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "referee.cli", *args], cwd=ROOT, input=stdin,
                          capture_output=True, timeout=120)


def write(tmp_path, obj, name="rec.json") -> str:
    p = tmp_path / name
    p.write_text(obj if isinstance(obj, str) else json.dumps(obj, ensure_ascii=False), encoding="utf-8")
    return str(p)


KEYS = {"ok", "variant", "hands", "totals", "match_winner", "error"}


def test_check_exit_0_and_json(tmp_path):
    r = referee("check", write(tmp_path, GOOD), "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert set(out) == KEYS
    assert out["ok"] is True and out["error"] is None and out["variant"] == "traditional"
    assert out["hands"] == [{"number": 1, "end": "out", "winner": "Ann", "points": {"Ann": 24, "Bob": 0},
                             "left": {"Ann": 0, "Bob": 24}}]
    assert out["totals"] == {"Ann": 24, "Bob": 0} and out["match_winner"] is None


def test_check_exit_1_names_the_rule(tmp_path):
    path = write(tmp_path, RULE_BROKEN)
    r = referee("check", path, "--json", "--lang", "en")
    assert r.returncode == 1
    out = json.loads(r.stdout)
    assert set(out) == KEYS and out["ok"] is False
    assert set(out["error"]) == {"hand", "turn", "move", "rule", "message"}
    assert (out["error"]["hand"], out["error"]["turn"], out["error"]["move"], out["error"]["rule"]) == (
        1, 2, "draw 1:1", "blitz.no_bazaar")
    assert "bazaar" in out["error"]["message"]
    ru = json.loads(referee("check", path, "--json", "--lang", "ru").stdout)
    assert ru["error"]["rule"] == "blitz.no_bazaar" and "базар" in ru["error"]["message"]
    text = referee("check", path, "--lang", "en")
    assert text.returncode == 1
    assert "blitz.no_bazaar" in text.stdout.decode()


@pytest.mark.parametrize("content, rule", [
    ("{not json", "record.json"),
    (json.dumps({"format": "referee-record/1", "variant": "traditional", "players": ["A"], "hands": []}),
     "record.player_count"),
    (json.dumps(dict(GOOD, options={"colour": "red"})), "record.option_key"),
    (json.dumps(dict(GOOD, options={"draw": "sometimes"})), "record.option_value"),
    (json.dumps(record("traditional", ["Ann", "Bob"], [hand(None, turns(("Ann", "7:1")))])), "record.token"),
])
def test_check_exit_2(tmp_path, content, rule):
    r = referee("check", write(tmp_path, content), "--json")
    assert r.returncode == 2
    out = json.loads(r.stdout)
    assert set(out) == KEYS and out["ok"] is False and out["error"]["rule"] == rule
    assert out["error"]["message"]
    text = referee("check", write(tmp_path, content), "--lang", "en")
    assert text.returncode == 2 and rule in text.stdout.decode()


def test_check_missing_file_and_stdin(tmp_path):
    r = referee("check", str(tmp_path / "nope.json"), "--json")
    assert r.returncode == 2 and json.loads(r.stdout)["error"]["rule"] == "record.file"
    r = referee("check", "-", "--json", stdin=json.dumps(GOOD).encode("utf-8"))
    assert r.returncode == 0 and json.loads(r.stdout)["totals"] == {"Ann": 24, "Bob": 0}


def test_check_readable_report(tmp_path):
    r = referee("check", write(tmp_path, GOOD), "--lang", "en")
    assert r.returncode == 0
    assert "Every hand is legal." in r.stdout.decode()
    r = referee("check", write(tmp_path, GOOD), "--lang", "ru")
    assert "Всё по правилам." in r.stdout.decode()


def test_bench_json_keys():
    r = referee("bench", "traditional", "--hands", "20", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert set(out) == {"variant", "players", "hands", "moves", "seconds", "hands_per_s", "moves_per_s", "engine"}
    assert (out["variant"], out["players"], out["hands"]) == ("traditional", 2, 20)
    assert out["engine"] == ("mypyc" if compiled() else "interpreted")     # the build that ran
    assert out["moves"] > 20 and out["seconds"] > 0
    r = referee("bench", "blitz", "--players", "6", "--hands", "5", "--seed", "3", "--option", "bazaar=draw", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["players"] == 6
    r = referee("bench", "muggins", "--hands", "3", "--lang", "en")
    assert r.returncode == 0 and r.stdout.decode().rstrip().endswith(
        "(mypyc engine)" if compiled() else "(interpreted engine)"), r.stdout
    r = referee("bench", "muggins", "--hands", "3", "--lang", "ru")
    assert r.returncode == 0 and r.stdout.decode().rstrip().endswith(
        "(движок: mypyc)" if compiled() else "(движок: interpreted)"), r.stdout


def test_bench_refuses_bad_input():
    assert referee("bench", "chess", "--hands", "1").returncode == 2
    assert referee("bench", "sevastopol", "--players", "2", "--hands", "1").returncode == 2
    assert referee("bench", "traditional", "--hands", "1", "--option", "draw=sometimes").returncode == 2
