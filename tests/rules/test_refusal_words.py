"""Every refusal of the record reader and of the command line is said in the reader's language to
the last word: Russian with no English word but the record's own (its field names, the move
notation, the option keys and values), English with no Russian word.

Walked twice: the tables of words themselves, and a corpus of broken records (one for each way
the reader refuses, every detail of ``record.field``, ``record.deal`` and ``record.json`` among
them) read in both languages, with the command line's refusals of files."""

from __future__ import annotations

import json
import re

import pytest

from referee import cli, cli_print, limits
from referee.record import check
from referee.rules.catalogue import VARIANTS
from referee.rules.messages import _WHERE, DETAILS, MESSAGES, REASONS
from referee.words import both

LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z_\-:/0-9.=]*")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")

#: the record's own words, which a Russian message may name as the record writes them
RECORD_WORDS = {"ISO", "JSON", "UTF-8", "referee-record/1", "format", "lead", "left", "result",
                "result.left", "starter", "maker", "ru", "en", "draw", "pass", "open", "miss",
                "across", "along", "down", "cut", "give", "right", "a:b", "c:d", "e:f",
                "fish_winner=maker", "PDF"}
for _spec in VARIANTS.values():
    for _o in _spec.options:
        RECORD_WORDS.add(_o.key)
        RECORD_WORDS.update(str(c) for c in _o.choices)


#: the command line's own words a Russian line may name (commands, files, programs)
CLI_WORDS = {"referee", "SQLite", "CSV", "QR", "URL", "HTTP", "HTTPS", "IP", "Ctrl", "C", "Ctrl+C",
             "REFEREE_BASE_URL", "REFEREE_PROXIES", "REFEREE_HOST", "gunicorn", "waitress", "granian", "Wi-Fi",
             "pip", "install",  # a command to type, as typed
             "Linux", "macOS", "Windows", "Debian",  # the systems' own names, as Russian writes them
             "PostgreSQL", "pg_dump"}


def english_words(text: str) -> list[str]:
    """Latin words of a Russian text that are not the record's own (quoted values left out)."""
    text = re.sub(r"«[^»]*»|“[^”]*”|\{[^}]*\}|%\(\w+\)[sd]|--\w+(?: [A-Z][\w.]*)?", "", text)   # values, the command's options
    return [w.rstrip(".,:;)") for w in LATIN_WORD.findall(text) if w.rstrip(".,:;)") not in RECORD_WORDS]


@pytest.mark.parametrize("table", [MESSAGES, REASONS, DETAILS, _WHERE],
                         ids=["MESSAGES", "REASONS", "DETAILS", "WHERE"])
def test_the_words_of_every_refusal(table):
    for key, marked in table.items():
        ru, en = both(marked)
        assert english_words(ru) == [], (key, ru)
        assert not CYRILLIC.search(en), (key, en)


def test_the_command_lines_own_words():
    """The commands' messages (English ids in the catalogue): each has its Russian, with no
    English word left in it but the command's own, and no Russian in the English."""
    from referee import backup, export_cli, server
    from referee.words import say

    for table in (cli_print.TEXT, backup.TEXT, export_cli.WORDS, server.TEXT, cli.TEXT, cli.ENDS):
        for key, message in table.items():
            ru = say("ru", message)
            assert ru != message, (key, message)  # translated
            if not str(key).startswith("help"):
                assert [w for w in english_words(ru) if w not in CLI_WORDS] == [], (key, ru)
            assert not CYRILLIC.search(say("en", message)), (key, message)


NAMES = {"ru": ["Анна", "Борис"], "en": ["Ann", "Bob"]}
DEAL = ["0:0 0:1 0:2 0:3 0:4 0:5 0:6".split(), "1:1 1:2 1:3 1:4 1:5 1:6 2:2".split()]


def _rec(names: list[str], **fields) -> dict:
    out = {"format": "referee-record/1", "variant": "traditional", "players": list(names), "hands": []}
    out.update(fields)
    return out


def _hand(names, **fields) -> dict:
    return _rec(names, hands=[fields])


def corpus(names: list[str]) -> list[tuple[str, object]]:
    """(what it shows, the record as text or object) for each way the reader refuses."""
    a, b = names
    deal = {a: DEAL[0], b: DEAL[1]}
    big = "x" * (limits.MAX_RECORD_BYTES + 1)
    deep = "[" * (limits.MAX_DEPTH + 2) + "]" * (limits.MAX_DEPTH + 2)
    out: list[tuple[str, object]] = [
        ("utf8", b"\xff\xfe"),
        ("json_value", "{\"format\": }"),
        ("json_name", "{\"a\": 1,}"),
        ("json_colon", "{\"a\" 1}"),
        ("json_comma", "[1 2]"),
        ("json_string", "\"abc"),
        ("json_control", "\"a\x01b\""),
        ("json_escape", "\"\\q\""),
        ("json_extra", "{} {}"),
        ("record.limit bytes", big),
        ("record.limit depth", deep),
        ("record.format", {"format": "other"}),
        ("record.unknown_key top", _rec(names, turnz=[])),
        ("record.variant", _rec(names, variant="no_such")),
        ("names", _rec(names, players="Анна")),
        ("record.player_name", _rec([a, a])),
        ("record.player_count", _rec([a])),
        ("object", _rec(names, options=[])),
        ("record.option_key", _rec(names, options={"nope": 1})),
        ("record.option_value", _rec(names, options={"target": -5})),
        ("record.option_type", _rec(names, options={"target": "many"})),
        ("record.teams_players", _rec(names, options={"teams": "pairs"})),
        ("record.kozel_only", _rec(names, options={"eggs": "yes"})),
        ("date", _rec(names, date="1 Dec")),
        ("lang", _rec(names, lang="de")),
        ("time", _rec(names, created=5)),
        ("changes", _rec(names, log={})),
        ("list", _rec(names, hands={})),
        ("record.limit hands", _rec(names, hands=[{}] * (limits.MAX_HANDS + 1))),
        ("hand_object", _rec(names, hands=[5])),
        ("record.unknown_key hand", _hand(names, turnz=[])),
        ("deal_everyone", _hand(names, deal={a: DEAL[0]})),
        ("deal_list", _hand(names, deal={a: "0:0", b: DEAL[1]})),
        ("deal_size", _hand(names, deal={a: DEAL[0][:3], b: DEAL[1]})),
        ("deal_twice", _hand(names, deal={a: DEAL[0], b: DEAL[0]})),
        ("record.tile", _hand(names, deal={a: ["9:9"] + DEAL[0][1:], b: DEAL[1]})),
        ("no_removed", _hand(names, removed="6:6")),
        ("no_starter", _hand(names, starter="6:6")),
        ("record.unknown_player lead", _hand(names, lead="Zed")),
        ("list turns", _hand(names, turns={})),
        ("record.limit turns", _hand(names, turns=[{"player": a, "moves": ["pass"]}] * (limits.MAX_TURNS + 1))),
        ("turn_object", _hand(names, turns=[5])),
        ("record.unknown_key turn", _hand(names, turns=[{"player": a, "moves": [], "move": 1}])),
        ("record.unknown_player turn", _hand(names, turns=[{"player": "Zed", "moves": []}])),
        ("moves", _hand(names, turns=[{"player": a, "moves": "6:6"}])),
        ("record.limit moves", _hand(names, turns=[{"player": a, "moves": ["pass"] * (limits.MAX_MOVES + 1)}])),
        ("record.token", _hand(names, turns=[{"player": a, "moves": ["6:6 sideways"]}])),
        ("record.unseen_draw", _hand(names, deal=deal, turns=[{"player": a, "moves": ["draw"]}])),
        ("left_object", _hand(names, left=[1])),
        ("tiles_or_pips", _hand(names, left={a: "many"})),
        ("tiles_or_pips bool", _hand(names, left={a: True})),
        ("record.unknown_player left", _hand(names, left={"Zed": 3})),
        ("object result", _hand(names, result=[])),
        ("record.unknown_key result", _hand(names, result={"winner": a})),
        ("record.unknown_player out", _hand(names, result={"out": "Zed"})),
        ("record.unknown_player maker", _hand(names, result={"maker": "Zed"})),
        ("points_object", _hand(names, result={"scored": 5})),
        ("record.unknown_player scored", _hand(names, result={"scored": {"Zed": 1}})),
        ("whole", _hand(names, result={"scored": {a: 1.5}})),
    ]
    ladder = {"format": "referee-record/1", "variant": "ladder", "players": list(names)}
    out.append(("needs_starter", dict(ladder, hands=[{"turns": [{"player": a, "moves": ["pass"]}]}])))
    spider = {"format": "referee-record/1", "variant": "spider", "players": list(names)}
    spider_deal = {a: DEAL[0], b: DEAL[1]}
    out.append(("deal_removed", dict(spider, hands=[{"deal": spider_deal, "removed": "0:0"}])))
    out.append(("deal_starter", dict(ladder, hands=[{"deal": {a: DEAL[0][:6], b: DEAL[1][:6]},
                                                     "starter": "0:1"}])))
    many = {"format": "referee-record/1", "variant": "traditional", "players": list(names),
            "hands": [{"turns": [{"player": a, "moves": ["pass"] * limits.MAX_MOVES}] * 70}] * 1}
    out.append(("record.limit events", many))
    return out


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_refusal_of_the_reader_in_the_readers_language(lang):
    seen_rules, seen_details, problems = set(), set(), []
    for what, source in corpus(NAMES[lang]):
        text = source if isinstance(source, (str, bytes)) else json.dumps(source, ensure_ascii=False)
        code, out, _ = check(text, lang)
        assert code == 2, (what, out)
        err = out["error"]
        seen_rules.add(err["rule"])
        seen_details.add(what.split()[0])
        msg = err["message"]
        bad = english_words(msg) if lang == "ru" else CYRILLIC.findall(msg)
        if bad:
            problems.append((what, msg, bad))
    assert problems == []
    # the corpus reaches every refusal the reader has (a new one needs its case here)
    reader_rules = {r for r in MESSAGES if r.startswith("record.")} - {"record.file", "record.left", "record.result"}
    assert reader_rules - seen_rules == set()
    assert set(DETAILS) - seen_details - {"json_comma_end", "json_other", "json_deep"} == set()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_command_line_refuses_a_file_in_the_readers_language(lang, tmp_path, capsys):
    assert cli.main(["check", str(tmp_path / "missing.json"), "--lang", lang]) == 2
    assert cli.main(["check", str(tmp_path), "--lang", lang]) == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{\"format\" 1}", encoding="utf-8")
    assert cli.main(["sheet", str(bad), "-o", str(tmp_path / "x.pdf"), "--lang", lang]) == 2
    assert cli.main(["sheet", str(tmp_path / "missing.json"), "-o", str(tmp_path / "x.pdf"), "--lang", lang]) == 2
    said = capsys.readouterr()
    lines = [line for line in (said.out + said.err).splitlines() if line]
    assert len(lines) == 4
    for line in lines:
        line = re.sub(r"«[^»]*»|“[^”]*”", "", line)
        assert (english_words(line) if lang == "ru" else CYRILLIC.findall(line)) == [], line


def test_a_damaged_log_is_refused_in_the_readers_language():
    """The web import's refusals of a record's ``log`` (the registry of event kinds' words and
    the log reader's, from the catalogue), each said with its params, in Russian and English."""
    import re
    from pathlib import Path

    from babel.support import Translations

    root = Path(__file__).resolve().parents[2]
    msgids = set()
    for path in (root / "referee" / "matches" / "events.py", root / "referee" / "matches" / "log.py"):
        msgids |= set(re.findall(r'N_\("((?:[^"\\]|\\.)*)"\)', path.read_text(encoding="utf-8")))
    assert len(msgids) > 20
    params = {"i": 3, "max": 4000, "n": 5, "key": "kind", "kind": "kind", "values": "at", "why": "data"}
    log_words = RECORD_WORDS | {"kind", "data", "at", "from", "to", "true", "false", "iso"}
    ru = Translations.load(str(root / "referee" / "translations"), ["ru"])
    for msgid in sorted(msgids):
        said = ru.gettext(msgid) % params if "%(" in msgid else ru.gettext(msgid)
        assert said != msgid, msgid  # translated
        assert not [w for w in english_words(said) if w not in log_words], (msgid, said)
        assert not CYRILLIC.search(msgid % params if "%(" in msgid else msgid), msgid


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_server_refuses_an_address_in_the_readers_language(lang, tmp_path):
    """``referee serve`` on an address this machine does not have (TEST-NET-3): the system's
    reason in words, not its English strerror (a process of its own: waitress leaves the socket
    of a failed bind to the garbage collector)."""
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "referee", "serve", "--host", "203.0.113.7", "--port", "0",
                        "--instance", str(tmp_path), "--lang", lang], capture_output=True, text=True, timeout=120)
    assert r.returncode == cli.EXIT_ENVIRONMENT, r.stderr
    line = r.stderr.strip().splitlines()[-1]
    assert ("у этой машины нет такого адреса" if lang == "ru" else "this machine has no such address") in line
    assert (english_words(line.removeprefix("referee:")) if lang == "ru" else CYRILLIC.findall(line)) == [], line


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_command_lines_own_refusals_of_its_arguments(lang, capsys, monkeypatch):
    """argparse's refusals (exit 2) in the reader's language: its --lang, else the terminal's."""
    monkeypatch.setenv("LC_ALL", "ru_RU.UTF-8" if lang == "ru" else "en_US.UTF-8")
    for argv in (["check", "--lang", lang], ["chek", "x"], ["check", "r.json", "--lang", "de"],
                 ["sheet", "r.json", "--hand"]):
        with pytest.raises(SystemExit) as stop:
            cli.main(argv)
        assert stop.value.code == 2
        err = capsys.readouterr().err.strip().splitlines()[-1]
        words = {"referee", "check", "sheet", "command", "record", "bench", "blank", "serve", "backup",
                 "restore", "db", "csv", "event", "chek", "de", "N"}
        if lang == "ru":
            assert "ошибка" in err and [w for w in english_words(err) if w not in words] == [], err
        else:
            assert "error" in err and not CYRILLIC.search(err), err
