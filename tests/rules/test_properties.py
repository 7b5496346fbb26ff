"""Property tests: the token parser, the tile parser and the record reader never crash.

Whatever they are given (text, bytes, any JSON-like object), they return a value or raise a
``RuleError`` (record errors' rules start with ``record.``); a parsed move printed back parses
to the same move; and ``check`` answers any record with exit 0, 1 or 2.
"""

from __future__ import annotations

import json
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.record import Record, RecordError, check, read
from referee.rules.catalogue import VARIANT_NAMES
from referee.rules.errors import RuleError
from referee.rules.notation import Move, parse_move
from referee.rules.tiles import parse_tile, tile_str

#: REFEREE_FUZZ=20 multiplies the examples (a longer hunt, outside the usual run)
MORE = max(1, int(os.environ.get("REFEREE_FUZZ", "1") or 1))
FAST = settings(max_examples=150 * MORE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=50 * MORE, deadline=None, suppress_health_check=[HealthCheck.too_slow])

digit = st.integers(0, 9).map(str)
sep = st.sampled_from([":", "-", " : ", ":", "-", "::", ""])
tile_text = st.builds(lambda a, s, b: f"{a}{s}{b}", digit, sep, digit)
space = st.sampled_from(["", " ", "  ", "\t"])


def _lay(t, target, at, tail):
    s = t
    if target is not None:
        s += f">{target}"
        if at is not None:
            s += f"@{at}"
    return s + tail


tail = st.sampled_from(["", " across", " along", " down", " cut", " cut give left", " cut give right",
                        " cut left", " across@3", " across@9", " across @ 2", " down along", " give left",
                        " ALONG", " across@"])
lay_text = st.builds(_lay, tile_text, st.none() | tile_text, st.none() | digit, tail)
token_text = st.one_of(
    st.just("pass"), st.just("PASS"), st.just("pass pass"),
    st.builds(lambda t: f"draw {t}", tile_text), st.just("draw"),
    st.builds(lambda t: f"miss {t}", tile_text),
    st.builds(lambda a, b, c: f"open {a} {b} {c}", tile_text, tile_text, tile_text),
    lay_text,
    st.builds(lambda a, x, b: f"{a}{x}{b}", space, lay_text, space),
)
anything_text = st.one_of(token_text, st.text(max_size=90), st.text(alphabet="0123456789:->@ adcrwsopulgnt", max_size=30))

json_like = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)


@FAST
@given(st.one_of(anything_text, json_like))
def test_parse_move_returns_or_raises_a_rule_error(x):
    try:
        m = parse_move(x)
    except RuleError as e:
        assert e.rule.startswith("token."), e.rule
        assert e.message("ru") and e.message("en")
        return
    assert isinstance(m, Move)


@FAST
@given(token_text)
def test_a_parsed_move_round_trips(x):
    try:
        m = parse_move(x)
    except RuleError:
        return
    again = parse_move(str(m))
    assert again == m
    assert str(again) == str(m)


@FAST
@given(st.one_of(tile_text, st.text(max_size=10), json_like))
def test_parse_tile_returns_or_raises_a_rule_error(x):
    try:
        t = parse_tile(x)
    except RuleError as e:
        assert e.rule == "token.tile"
        return
    assert 0 <= t < 28
    assert parse_tile(tile_str(t)) == t
    a, b = tile_str(t).split(":")
    assert parse_tile(f"{b}-{a}") == t


def _read(x):
    try:
        rec = read(x)
    except RecordError as e:
        assert e.rule.startswith("record."), e.rule
        assert e.message("en")
        return None
    assert isinstance(rec, Record)
    return rec


@FAST
@given(st.one_of(st.text(max_size=200), st.binary(max_size=200), json_like))
def test_read_never_crashes_on_anything(x):
    _read(x)


names = st.lists(st.sampled_from(["Ann", "Bob", "Cid", "Dan", "Eve", "", " ", "Ann"]), min_size=0, max_size=6)
option_values = st.one_of(st.sampled_from(["none", "draw", "until", "kozel", "yes", "no", "maker", "any"]),
                          st.integers(-5, 200), st.booleans(), st.none(), st.text(max_size=5))
options = st.dictionaries(st.sampled_from(["draw", "bazaar", "opener", "chain", "target", "limit", "lone_blank",
                                           "scoring", "deal_3_4", "open_arms_first", "close_with", "colour"]),
                          option_values, max_size=3)
tiles_list = st.lists(st.one_of(tile_text, st.integers(), st.none()), max_size=8)
hand_like = st.fixed_dictionaries({}, optional={
    "deal": st.one_of(json_like, st.dictionaries(st.sampled_from(["Ann", "Bob", "Cid", "Dan", "Zed"]), tiles_list,
                                                 max_size=4)),
    "turns": st.one_of(json_like, st.lists(st.fixed_dictionaries(
        {"player": st.sampled_from(["Ann", "Bob", "Cid", "Dan", "Zed", 3]),
         "moves": st.one_of(st.lists(anything_text, max_size=4), json_like)}), max_size=5)),
    "left": st.one_of(json_like, st.dictionaries(st.sampled_from(["Ann", "Bob", "Zed"]),
                                                 st.one_of(st.integers(-3, 99), tiles_list), max_size=3)),
    "result": st.one_of(json_like, st.fixed_dictionaries({}, optional={
        "out": st.sampled_from(["Ann", "Bob", None, "Zed", 5]),
        "left": st.dictionaries(st.sampled_from(["Ann", "Bob"]), st.one_of(st.integers(-3, 99), tiles_list), max_size=2),
        "scored": st.dictionaries(st.sampled_from(["Ann", "Bob"]), st.one_of(st.integers(-20, 50), st.text(max_size=2)), max_size=2),
        "maker": st.sampled_from(["Ann", "Bob", None])})),
    "lead": st.sampled_from(["Ann", "Bob", "Zed", None, 1]),
    "removed": st.one_of(tile_text, json_like),
    "starter": st.one_of(tile_text, json_like),
})
record_like = st.fixed_dictionaries(
    {"format": st.sampled_from(["referee-record/1", "referee-record/1", "referee-record/2", None]),
     "variant": st.one_of(st.sampled_from(VARIANT_NAMES), st.text(max_size=6)),
     "players": st.one_of(names, json_like),
     "hands": st.one_of(st.lists(hand_like, max_size=3), json_like)},
    optional={"options": st.one_of(options, json_like), "date": st.one_of(st.just("2026-11-30"), json_like),
              "lang": st.sampled_from(["ru", "en", "de", None])},
)


@SLOW
@given(record_like)
def test_read_never_crashes_on_record_shaped_objects(rec):
    _read(rec)
    _read(json.dumps(rec))


@SLOW
@given(record_like)
def test_check_answers_any_record_with_an_exit_code(rec):
    code, out, _ = check(rec, "en")
    assert code in (0, 1, 2)
    assert set(out) >= {"ok", "variant", "hands", "totals", "match_winner", "error"}
    if code == 2:
        assert out["error"]["rule"].startswith("record.")
    elif code == 1:
        assert out["error"]["rule"] and out["error"]["message"]
    else:
        assert out["ok"] is True and out["error"] is None


KNOWN = {"Ann": ["6:6", "6:5", "5:4", "4:3", "3:2", "2:1", "1:0"], "Bob": ["6:0", "0:0", "2:2", "3:3", "4:4", "1:5", "2:5"]}


@settings(max_examples=100 * MORE, deadline=None)
@given(st.sampled_from(["traditional", "spider", "two_lane", "muggins", "fives", "bergen", "lucky_threes", "sausage",
                        "matador", "french", "ladder", "blind_blitz", "dark", "six_matador", "threes"]),
       st.lists(st.tuples(st.sampled_from(["Ann", "Bob"]), st.lists(token_text, min_size=0, max_size=3)),
                max_size=8),
       st.booleans())
def test_replaying_random_tokens_never_crashes(variant, turn_list, known):
    """Random (mostly well-formed) tokens against a real deal: every answer is 0, 1 or 2."""
    from referee.rules.catalogue import spec

    size = spec(variant).deal(2, {})
    tiles = ["6:6", "6:5", "5:4", "4:3", "3:2", "2:1", "1:0", "6:0", "0:0", "2:2", "3:3", "4:4", "1:5", "2:5",
             "1:1", "0:2", "0:3", "0:4"]
    hand = {"turns": [{"player": p, "moves": ms} for p, ms in turn_list]}
    if known:
        hand["deal"] = {"Ann": tiles[:size], "Bob": tiles[size:2 * size]}
    if variant == "ladder":
        hand["starter"] = "5:5"
    rec = {"format": "referee-record/1", "variant": variant, "players": ["Ann", "Bob"], "hands": [hand]}
    code, out, _ = check(rec, "ru")
    assert code in (0, 1, 2), out
    if out["error"]:
        assert out["error"]["message"]


# -- what the properties found (kept as plain examples) ------------------------------------------------
def test_sausage_record_with_default_options_is_read():
    # sausage's target defaults to None (hands won are counted): re-checking the resolved
    # options used to raise a bare OptionError out of read()
    code, out, _ = check({"format": "referee-record/1", "variant": "sausage", "players": ["Ann", "Bob"],
                          "hands": []})
    assert (code, out["match_winner"]) == (0, None)


def test_ladder_without_lead_takes_the_first_turns_player():
    # the starter is on the table before anyone plays: the first turn's player leads
    rec = {"format": "referee-record/1", "variant": "ladder", "players": ["Ann", "Bob"],
           "hands": [{"starter": "5:5", "turns": [{"player": "Bob", "moves": []}]}]}
    code, out, _ = check(rec)
    assert (code, out["error"]["rule"]) == (1, "turn.incomplete")
    rec["hands"][0]["turns"] = [{"player": "Bob", "moves": ["5:3"]}, {"player": "Bob", "moves": ["3:1"]}]
    code, out, _ = check(rec)
    assert (code, out["error"]["rule"], out["error"]["turn"]) == (1, "turn.wrong_player", 2)
