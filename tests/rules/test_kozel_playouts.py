"""Seeded playouts of whole «Козёл» matches (traditional in pairs, what hangs, «яйца»).

Each hand is dealt at random and played with random legal moves (the next hand led by the
previous winner where ``later_lead=winner``), with every tile accounted for after every move
(as in test_playouts); the whole match is then replayed as one record, and every hand's
points, what hangs, the eggs, the totals and the winners are recounted here from the brief.
"""

from __future__ import annotations

import random

import pytest

from referee.record import check
from referee.rules.hand import Hand
from referee.rules.playout import random_deal
from referee.rules.variants import make_variant
from referee.rules.catalogue import PRESETS

from .test_playouts import check_points, recount, start_record, step_through

NAMES = ["P1", "P2", "P3", "P4"]
YARD = dict(PRESETS["traditional"]["yard"])       # «Козёл, как во дворе»
SEA = dict(YARD, limit=125, kozel_min=25)

MATCHES = [
    (4, YARD, 11), (4, SEA, 12), (4, dict(YARD, draw="none", deal_3_4=5), 13),
    (4, dict(YARD, eggs="no"), 14), (4, dict(YARD, fish_winner="maker"), 15),
    (4, {"teams": "pairs", "target": 60}, 16), (3, {"scoring": "kozel", "kozel_min": 13, "eggs": "yes",
                                                   "limit": 60}, 17),
    (2, {"scoring": "kozel", "kozel_min": 7, "eggs": "yes", "limit": 50}, 18),
]


def expected(options: dict, n: int, hands: list[tuple[list[int], int | None, list[int]]]):
    """Per hand (points, hanging, eggs) and the totals and winners, from the brief's words."""
    units = [[0, 2], [1, 3]] if options.get("teams") == "pairs" else [[s] for s in range(n)]
    unit = {s: u for u, seats in enumerate(units) for s in seats}
    kozel = options.get("scoring") == "kozel"
    low = options.get("kozel_min", 0)
    eggs_on = options.get("eggs") == "yes"
    goal = options.get("limit", 101) if kozel else options.get("target", 100)
    totals = [0] * len(units)
    hang = [0] * len(units)
    carry = 0
    out = []
    won = None
    for raw, w, left in hands:
        amounts = [raw[seats[0]] for seats in units]
        egg = None
        if kozel and w is None and eggs_on:
            carry += sum(left)
            egg = carry
            amounts = [0] * len(units)
        elif kozel:
            spent = carry if w is not None else 0
            if w is not None:
                carry = 0
            for u in range(len(units)):
                if w is not None and unit[w] == u:
                    amounts[u] = 0
                    continue
                x = hang[u] + amounts[u] + spent
                hang[u], amounts[u] = (x, 0) if x < low else (0, x)
        for u in range(len(units)):
            totals[u] += amounts[u]
        out.append(([amounts[unit[s]] for s in range(n)], [hang[unit[s]] for s in range(n)], egg))
        if max(totals) >= goal:
            best = min(totals) if kozel else max(totals)
            if totals.count(best) == 1:
                won = units[totals.index(best)]
                break
    return out, [totals[unit[s]] for s in range(n)], won


@pytest.mark.parametrize("n, options, seed", MATCHES)
def test_whole_matches_replay_to_the_recount(n, options, seed):
    carried = sum(play_match(n, options, random.Random(seed * 100 + i)) for i in range(4))
    if options.get("kozel_min"):
        assert carried > 0          # the matches did meet what hangs (or eggs)


def play_match(n: int, options: dict, rng: random.Random) -> int:
    """One match to its end; returns how many hands had something hanging or eggs."""
    v = make_variant("traditional", n, options)
    names = NAMES[:n]
    rec_hands = []
    scored = []                     # (raw points, winner, pips left) of each finished hand
    prev = None
    carried = 0                     # eggs and hanging seen at least once, for the test's own sake
    for k in range(40):
        deal, _, _ = random_deal(v, n, rng)
        h = Hand(v, names, deal, previous_winner=prev, first_hand=k == 0)
        if h.to_move is None and not h.over:
            h.to_move = rng.randrange(n)
        hr = start_record(h)
        if h.over:                  # a redeal: no turns, nothing changes
            del hr["lead"]
            rec_hands.append(hr)
            continue
        hr["turns"] = step_through(h, rng)
        check_points(h)
        raw, w = recount(h)
        left = [h.pips_of(s, v.lone_blank) for s in range(n)]
        rec_hands.append(hr)
        scored.append((raw, w, left))
        prev = w
        want, totals, won = expected(options, n, scored)
        if won is not None:
            break
    assert won is not None, "the match did not end in 40 hands"
    code, out, rep = check({"format": "referee-record/1", "variant": "traditional", "options": options,
                            "players": names, "hands": rec_hands}, "en")
    assert code == 0, out["error"]
    got = [h for h in out["hands"] if h["end"] != "redeal"]
    assert len(got) == len(want)
    for h, (pts, hang, egg) in zip(got, want):
        assert h["points"] == dict(zip(names, pts)), (h, pts)
        assert h.get("hanging", {}) == {p: x for p, x in zip(names, hang) if x}
        assert h.get("eggs") == egg
        carried += bool(egg) + bool(h.get("hanging"))
    assert out["totals"] == dict(zip(names, totals))
    winners = [names[s] for s in won]
    if options.get("teams") == "pairs":
        assert out["teams"] == [["P1", "P3"], ["P2", "P4"]]
        assert out["match_winners"] == winners
    assert out["match_winner"] == winners[0]
    if options.get("scoring") == "kozel":
        assert rep.goats and not set(rep.goats) & set(winners)
        assert rep.dry == (out["totals"][winners[0]] == 0)
    return carried
