"""Small helpers to build records for the hand-checked tests (the project's own data), and
positions met along random playouts."""

from __future__ import annotations

import copy
import random

from referee.record import check
from referee.rules import clone
from referee.rules.playout import random_hand, walk

FORMAT = "referee-record/1"


def record(variant: str, players: list[str], hands: list[dict], **options) -> dict:
    return {"format": FORMAT, "variant": variant, "options": dict(options), "players": list(players),
            "hands": copy.deepcopy(hands)}


def turn(player: str, *moves: str) -> dict:
    return {"player": player, "moves": list(moves)}


def turns(*spec: tuple) -> list[dict]:
    """turns(("A", "6:6"), ("B", "draw 1:2", "6:1")) -> the turns list."""
    return [turn(p, *ms) for p, *ms in spec]


def hand(deal: dict[str, str] | None = None, turns_: list[dict] | None = None, **extra) -> dict:
    """A hand; ``deal`` maps a player to his tiles as one string: "6:6 6:5 5:4"."""
    h: dict = {}
    if deal is not None:
        h["deal"] = {p: tiles.split() for p, tiles in deal.items()}
    if turns_ is not None:
        h["turns"] = turns_
    h.update(extra)
    return h


def run(rec: dict, lang: str = "en") -> tuple[int, dict]:
    code, out, _ = check(rec, lang)
    return code, out


def ok(rec: dict) -> dict:
    code, out = run(rec)
    assert code == 0, out["error"]
    return out


def refused(rec: dict, rule: str, turn_no: int | None = None, move: str | None = None,
            code_: int = 1) -> dict:
    code, out = run(rec)
    assert out["error"] is not None, out
    assert (code, out["error"]["rule"]) == (code_, rule), out["error"]
    # every refusal says in words what is wrong, in both languages
    assert out["error"]["message"] and out["error"]["message"] != rule
    ru = check(rec, "ru")[1]["error"]["message"]
    assert ru and ru != rule and ru != out["error"]["message"]
    if turn_no is not None:
        assert out["error"]["turn"] == turn_no, out["error"]
    if move is not None:
        assert out["error"]["move"] == move, out["error"]
    return out


def bad_record(rec, rule_prefix: str = "record.") -> dict:
    code, out = run(rec)
    assert code == 2, out
    assert out["ok"] is False
    assert out["error"]["rule"].startswith(rule_prefix), out["error"]
    return out


def pips(tiles: str) -> int:
    return sum(int(a) + int(b) for a, b in (t.split(":") for t in tiles.split()))


def positions(variant, players, seed, count):
    """The first ``count`` positions of random hands of ``variant`` for ``players`` (seeded),
    each a copy of the hand as it stood."""
    rng = random.Random(seed)
    out = []
    for h in walk(random_hand(variant, players, rng), rng):
        out.append(clone(h))
        if len(out) == count:
            break
    return out
