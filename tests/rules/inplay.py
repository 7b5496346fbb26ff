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


# -- an independent recount of the open ends (for seeded random playouts) ----------------------------


def open_ends(lay, spinner_kind: bool) -> tuple[list[tuple[int, int, bool]], int]:
    """Walk the tiles on the table (parents and children, not the engine's list of ends) and
    return the open line ends as (shown number, count, crosswise double) and the spinner's extra
    count. ``spinner_kind``: the first double laid is a four-way spinner (Muggins)."""
    from referee.rules.tiles import A as LO, B as HI, DOUBLE

    placed = lay.placed
    kids: dict[int, list[int]] = {i: [] for i in range(len(placed))}
    for i, p in enumerate(placed):
        if p.parent >= 0:
            kids[p.parent].append(i)
    first_double = next((i for i, p in enumerate(placed) if DOUBLE[p.tile]), -1) if spinner_kind else -1
    ends: list[tuple[int, int, bool]] = []
    extra = 0
    for i, p in enumerate(placed):
        lo, hi = LO[p.tile], HI[p.tile]
        if i == first_double:
            started = len(kids[i]) + (0 if p.parent < 0 else 1)
            assert started <= 4
            if started < 2:
                extra += 2 * lo
            continue
        if p.parent < 0:
            if lo == hi:
                for _ in range(2 - len(kids[i])):
                    ends.append((lo, 2 * lo if p.across else lo, p.across))
            else:
                covered = [placed[k].inner for k in kids[i]]
                for half in (lo, hi):
                    if half not in covered:
                        ends.append((half, half, False))
            continue
        if not kids[i]:
            crosswise = lo == hi and p.across
            ends.append((p.outer, 2 * p.outer if crosswise else p.outer, crosswise))
    return ends, extra


def recount(lay, spinner_kind: bool) -> int:
    """The in-play count, worked out from :func:`open_ends` (a lone tile: its total)."""
    from referee.rules.tiles import PIPS

    if len(lay.placed) == 1:
        return PIPS[lay.placed[0].tile]
    ends, extra = open_ends(lay, spinner_kind)
    return sum(c for _, c, _ in ends) + extra


def random_playout(variant: str, players: int, seed: int, check, **options) -> int:
    """Play one random hand with a random known deal through tokens (``legal_tokens``), calling
    ``check(hand, seat, before_scores)`` after every tile laid. Returns the number of tiles laid."""
    import random

    from referee.rules.playout import random_hand

    rng = random.Random(seed)
    h = random_hand(variant, players, rng, options)
    laid = 0
    guard = 0
    while not h.over and guard < 500:
        guard += 1
        seat = h.to_move
        toks = h.legal_tokens()
        if h.t_laid and h.turn_open:
            toks.append("end")
        tok = rng.choice(toks)
        if tok == "end":
            h.end_turn()
            continue
        before = list(h.scores)
        h.play(tok)
        if not tok.startswith(("draw", "pass")):
            laid += 1
            check(h, seat, before)
        if not h.over and (tok == "pass" or not h.turn_open):
            h.end_turn()
    assert h.over
    return laid
