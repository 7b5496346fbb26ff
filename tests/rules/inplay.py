"""Helpers for the hand-checked in-play scoring tests (Muggins, Bergen, fives, threes, lucky threes).

Every expected number in those tests is worked out by hand from ``../shared/rules-brief.md``;
these helpers only build records and run them through ``referee.record.check``.
"""

from __future__ import annotations

import copy

from referee.record import check
from referee.rules import new_hand

FORMAT = "referee-record/1"


def rec(variant: str, players: list[str], *hands: dict, **options) -> dict:
    return {"format": FORMAT, "variant": variant, "options": dict(options), "players": list(players),
            "hands": copy.deepcopy(list(hands))}


def T(player: str, *moves: str) -> dict:
    """One turn: ``T("Ann", "draw 1:2", "2:5")``."""
    return {"player": player, "moves": list(moves)}


def deal(**tiles: str) -> dict[str, list[str]]:
    """``deal(Ann="5:5 5:0", Bob="4:4 1:1")`` -> the record's deal."""
    return {p: ts.split() for p, ts in tiles.items()}


def ok(r: dict) -> dict:
    code, out, _ = check(r, "en")
    assert code == 0, out["error"]
    assert out["ok"] is True
    return out


def refused(r: dict, rule: str, turn: int | None = None, move: str | None = None, code: int = 1) -> dict:
    """The error of a refused record (exit ``code``, rule id ``rule``)."""
    got, out, _ = check(r, "en")
    assert out["error"] is not None, out
    assert (got, out["error"]["rule"]) == (code, rule), out["error"]
    if turn is not None:
        assert out["error"]["turn"] == turn, out["error"]
    if move is not None:
        assert out["error"]["move"] == move, out["error"]
    return out["error"]


def ledger(variant: str, players: list[str], turns: list[dict], deal_: dict | None = None,
           **options) -> list[list[int]]:
    """The in-play scores (``Hand.scores``) after each turn, played through the engine API."""
    h = new_hand(variant, players, options, deal=deal_, lead=turns[0]["player"])
    out = []
    for t in turns:
        assert players[h.to_move] == t["player"]
        for m in t["moves"]:
            h.play(m)
        h.end_turn()
        out.append(list(h.scores))
    return out


def hand_of(out: dict, number: int = 1) -> dict:
    return out["hands"][number - 1]
