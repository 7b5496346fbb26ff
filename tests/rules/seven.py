"""Helpers for the hand-checked tests of the other seven variants (matador family, blind
variants, sausage, ladder): build records, run ``referee check``, read the answer."""

from __future__ import annotations

import copy

from referee.record import check
from referee.rules import new_hand

FORMAT = "referee-record/1"


def record(variant: str, players: list[str], hands: list[dict], **options) -> dict:
    return {"format": FORMAT, "variant": variant, "options": dict(options), "players": list(players),
            "hands": copy.deepcopy(hands)}


def T(player: str, *moves: str) -> dict:
    """One turn."""
    return {"player": player, "moves": list(moves)}


def deal(**rows: str) -> dict[str, list[str]]:
    """deal(A="6:6 6:5", B="1:2 2:2") -> the record's deal (in the order given)."""
    return {p: tiles.split() for p, tiles in rows.items()}


def hand(deal_: dict | None = None, turns: list[dict] | None = None, **extra) -> dict:
    h: dict = {}
    if deal_ is not None:
        h["deal"] = deal_
    if turns is not None:
        h["turns"] = turns
    h.update(extra)
    return h


def run(rec: dict, lang: str = "en") -> tuple[int, dict]:
    code, out, _ = check(copy.deepcopy(rec), lang)
    return code, out


def ok(rec: dict) -> dict:
    code, out = run(rec)
    assert code == 0, out["error"]
    assert out["error"] is None
    return out


def one(rec: dict) -> dict:
    """The single hand of a legal record."""
    out = ok(rec)
    assert len(out["hands"]) == len(rec["hands"])
    return out["hands"][-1]


def refused(rec: dict, rule: str, turn: int | None = None, move: str | None = None, code: int = 1) -> dict:
    got, out = run(rec)
    err = out["error"]
    assert err is not None, out
    assert (got, err["rule"]) == (code, rule), err
    if turn is not None:
        assert err["turn"] == turn, err
    if move is not None:
        assert err["move"] == move, err
    return err


def pips(tiles: str) -> int:
    return sum(int(a) + int(b) for a, b in (t.split(":") for t in tiles.split()))


def live(variant: str, players: list[str], options: dict | None = None, deal_: dict | None = None,
         turns: list[dict] | None = None, **kw):
    """A hand object played up to the given turns (each turn closed), for API-level checks."""
    h = new_hand(variant, players, options or {}, deal=deal_, **kw)
    for t in turns or []:
        if h.to_move is None:
            h.set_leader(players.index(t["player"]))
        assert h.players[h.to_move] == t["player"], (h.players[h.to_move], t)
        for m in t["moves"]:
            h.play(m)
        h.end_turn()
    return h
