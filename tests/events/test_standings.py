"""Standings and proposals reckoned by hand (rules brief, "Events"): every figure below was worked
out on paper from the results; the comments give the reckoning. Each tie-break decides at least
once: match points everywhere, head to head in the round robin, Buchholz in the Swiss of rotating
partners and at the blitz tables, the score difference at the blitz tables and in the Swiss of
two-seat tables, the lot after the first Swiss round."""

from __future__ import annotations

from fractions import Fraction

import referee.events as ev

from .helpers import YARD, event, forfeit, rnd, summary, table


def load(obj):
    code, out, e = ev.check(obj, "en")
    assert code == 0, out["error"]
    return e


# -- a round robin of four «Козёл» pairs ------------------------------------------------------------
# Pairs in entry order: P1 = a+c, P2 = b+d, P3 = e+g, P4 = f+h. The circle (m = 4): round 1 is
# P1 P2 P3 P4 (table 1: P1 v P4, table 2: P2 v P3); round 2 P1 P4 P2 P3 (P1 v P3, P4 v P2);
# round 3 P1 P3 P4 P2 (P1 v P2, P3 v P4). Penalty scoring: the lower total wins, the score
# difference is the other's total minus one's own.
RR = event("abcdefgh", seats=4, options=YARD, system="round_robin", unit="pair", rounds=3, time_limit=40,
           pairs=[["a", "c"], ["b", "d"], ["e", "g"], ["f", "h"]],
           round_list=[
               rnd(1, table(1, "afch", [0, 101, 0, 101]),        # P1 wins, +101 / P4 −101
                   table(2, "bedg", [30, 101, 30, 101])),       # P2 wins, +71 / P3 −71
               rnd(2, table(1, "aecg", [0, 101, 0, 101]),        # P1 wins, +101 / P3 −101
                   table(2, "fbhd", [25, 101, 25, 101])),       # P4 wins, +76 / P2 −76
               rnd(3, table(1, "abcd", [101, 90, 101, 90]),      # P2 wins, +11 / P1 −11
                   table(2, "efgh", [95, 101, 95, 101]))])      # P3 wins, +6 / P4 −6


def test_round_robin_of_four_kozel_pairs_head_to_head_decides():
    e = load(RR)
    rows = ev.standings(e)
    # match points: P1 W W L = 2, P2 W L W = 2, P3 L L W = 1, P4 L W L = 1
    # score differences: P1 101 + 101 − 11 = 191, P2 71 − 76 + 11 = 6, P3 −71 − 101 + 6 = −166,
    #                    P4 −101 + 76 − 6 = −31
    # P1 and P2 are level on 2: head to head (before the score difference in a round robin) —
    # P2 beat P1 in round 3: P2 first though its difference is far smaller; P3 and P4 level on 1:
    # P3 beat P4 in round 3, P3 third though P4's difference is larger.
    # Buchholz: P1 met P4 (1), P3 (1), P2 (2) = 4; P2 met P3, P4, P1 = 1 + 1 + 2 = 4;
    #           P3 met P2, P1, P4 = 2 + 2 + 1 = 5; P4 met P1, P2, P3 = 2 + 2 + 1 = 5
    assert summary(rows) == [("bd", 2, 4, 6), ("ac", 2, 4, 191), ("eg", 1, 5, -166), ("fh", 1, 5, -31)]
    assert [r["place"] for r in rows] == [1, 2, 3, 4]
    assert rows[0]["names"] == ["Боря", "Гена"] and rows[0]["played"] == 3 and rows[0]["byes"] == 0


def test_round_robin_proposals_are_the_circle():
    e = load(RR)
    assert ev.propose(e, 1) == {"round": 1, "tables": [{"table": 1, "seats": ["a", "f", "c", "h"]},
                                                       {"table": 2, "seats": ["b", "e", "d", "g"]}], "byes": []}
    assert ev.propose(e, 2)["tables"] == [{"table": 1, "seats": ["a", "e", "c", "g"]},
                                          {"table": 2, "seats": ["f", "b", "h", "d"]}]
    assert ev.propose(e, 3)["tables"] == [{"table": 1, "seats": ["a", "b", "c", "d"]},
                                          {"table": 2, "seats": ["e", "f", "g", "h"]}]


def test_round_robin_after_round_two():
    rows = ev.standings(load(RR), after=2)
    # P1 W W = 2 (+202), P2 W L = 1 (+71 − 76 = −5), P4 L W = 1 (−101 + 76 = −25), P3 L L = 0;
    # P2 and P4 met (round 2: P4 won): head to head puts P4 above P2, whatever the difference.
    # Buchholz: P1 met P4 1 + P3 0; P4 met P1 2 + P2 1; P2 met P3 0 + P4 1; P3 met P2 1 + P1 2
    assert summary(rows) == [("ac", 2, 1, 202), ("fh", 1, 3, -25), ("bd", 1, 1, -5), ("eg", 0, 3, -172)]


# -- a Swiss of eight players with rotating partners ---------------------------------------------------
# Traditional in pairs (credit scoring, target 100), each player ranked alone; 40-minute rounds.
# Sides: seats 1 + 3 against 2 + 4.
ROT = event("abcdefgh", seats=4, options={"teams": "pairs"}, rounds=3, time_limit=40)


def test_rotating_partners_round_one():
    e = load(ROT)
    # round 1: entry order, T = 2 tables of four: table 1 takes a, c, e, g (1st, 3rd, 5th, 7th),
    # table 2 b, d, f, h; seats a, b, d, c in place order: a + g against c + e, b + h against d + f
    assert ev.propose(e, 1) == {"round": 1, "tables": [{"table": 1, "seats": ["a", "c", "g", "e"]},
                                                       {"table": 2, "seats": ["b", "d", "h", "f"]}], "byes": []}


ROT_R1 = rnd(1, table(1, "acge", [100, 40, 100, 40]),      # a + g win: +60, c + e −60
             table(2, "bdhf", [30, 100, 30, 100]))         # d + f win: +70, b + h −70


def test_rotating_partners_round_two_and_the_lot():
    e = load(dict(ROT, round_list=[ROT_R1]))
    rows = ev.standings(e)
    # after round 1: 1 point for a, g, d, f; Buchholz 0 for them (their opponents have 0), 2 for
    # the others; score difference d, f +70 above a, g +60; d and f level on everything: they
    # were partners, never opponents, so head to head separates nobody: the lot (entry order)
    # puts d (4th entered) above f (6th); a above g likewise; c, e (−60) above b, h (−70)
    assert [r["unit"][0] for r in rows] == list("dfagcebh")
    assert summary(rows)[:2] == [("d", 1, 0, 70), ("f", 1, 0, 70)]
    # round 2, top-down: d, then f (d's former partner, never an opponent: they may sit
    # against each other), then a, then g (a's partner): {d, f, a, g} seats as d + a against
    # f + g? In place order d, f, a, g the first way is d + g against f + a (seats d, f, g, a): no
    # partnership repeated, no two former opponents against each other. The rest c, e, b, h:
    # c, e, h, b — c + h against e + b, nothing repeated.
    assert ev.propose(e, 2)["tables"] == [{"table": 1, "seats": ["d", "f", "g", "a"]},
                                          {"table": 2, "seats": ["c", "e", "h", "b"]}]


ROT_R2 = rnd(2, table(1, "dfga", [55, 55, 55, 55], ended="time"),   # time called level: a draw, 0.5 each
             table(2, "cehb", [100, 80, 100, 80]))                   # c + h win: +20, e + b −20


def test_rotating_partners_round_three_backtracks():
    e = load(dict(ROT, round_list=[ROT_R1, ROT_R2]))
    rows = ev.standings(e)
    # after round 2: a, g, d, f 1.5; c, h 1; e, b 0. Buchholz: a = c 1 + e 0 + d 1.5 + g 1.5 = 4,
    # likewise g, d, f 4; c = a + g + e + b = 3, h = d + f + e + b = 3; e = a + g + c + h = 5, b 5.
    # Score difference: d, f 70 above a, g 60; d and f met in round 2 (a draw: 0.5 each), level:
    # the lot; a and g likewise. c (−60 + 20 = −40) above h (−70 + 20 = −50); e (−80) above b (−90).
    assert summary(rows) == [("d", 1.5, 4, 70), ("f", 1.5, 4, 70), ("a", 1.5, 4, 60), ("g", 1.5, 4, 60),
                             ("c", 1, 3, -40), ("h", 1, 3, -50), ("e", 0, 5, -80), ("b", 0, 5, -90)]
    # round 3 from d: f was d's partner and opponent (no seat left for them together); a was d's
    # opponent, so a must partner d: then no third fits ({d, a, g}: a and g were partners and
    # opponents; c, h, e, b each an old opponent of d or of a, who would then sit against him):
    # back to d's second: g (d's partner, never his opponent), then c (g's old opponent, her
    # partner now), then h: d + h against g + c. The rest f, a, e, b: f + b against a + e (f and b
    # old opponents now partners, a and e likewise; f and a old partners now opponents).
    got = ev.propose(e, 3)
    assert got["tables"] == [{"table": 1, "seats": ["d", "g", "h", "c"]},
                             {"table": 2, "seats": ["f", "a", "b", "e"]}]
    assert got["byes"] == []


def test_rotating_partners_final_buchholz_decides():
    r3 = rnd(3, table(1, "dghc", [100, 90, 100, 90]),      # d + h win: +10, g + c −10
             table(2, "fabe", [20, 100, 20, 100]))        # a + e win: +80, f + b −80
    rows = ev.standings(load(dict(ROT, round_list=[ROT_R1, ROT_R2, r3])))
    # match points: d W D W 2.5, a W D W 2.5, h L W W 2, g W D L 1.5, f W D L 1.5, c L W L 1,
    # e L L W 1, b 0. Differences: d 70 + 0 + 10 = 80, a 60 + 0 + 80 = 140, h −70 + 20 + 10 = −40,
    # g 60 + 0 − 10 = 50, f 70 + 0 − 80 = −10, c −60 + 20 − 10 = −50, e −60 − 20 + 80 = 0,
    # b −70 − 20 − 80 = −170.
    # Buchholz: d met b 0, h 2, f 1.5, a 2.5, g 1.5, c 1 = 8.5; a met c 1, e 1, d 2.5, g 1.5, f 1.5,
    # b 0 = 7.5: d above a whatever the difference. g met c, e, f, a, d, h = 1 + 1 + 1.5 + 2.5 +
    # 2.5 + 2 = 10.5 above f (b, h, d, g, a, e = 0 + 2 + 2.5 + 1.5 + 2.5 + 1 = 9.5); c (a, g, e, b,
    # d, h = 2.5 + 1.5 + 1 + 0 + 2.5 + 2 = 9.5) above e (a, g, c, h, f, b = 8.5).
    assert summary(rows) == [("d", 2.5, 8.5, 80), ("a", 2.5, 7.5, 140), ("h", 2, 7.5, -40),
                             ("g", 1.5, 10.5, 50), ("f", 1.5, 9.5, -10), ("c", 1, 9.5, -50),
                             ("e", 1, 8.5, 0), ("b", 0, 10.5, -170)]


# -- four-player blitz tables of individuals, with a bye ------------------------------------------------
# Blitz (credit, target 100), nine players at tables of four: one bye a round, worth a lone first
# place: 3 points. Places at a table: level players share the mean (two level for 2nd: 2.5 each,
# 1.5 points each). Difference: one's total minus the mean of the other three.
BLITZ = event("abcdefghi", variant="blitz", seats=4, rounds=2)
BLITZ_R1 = rnd(1, table(1, "aceg", [100, 60, 60, 20]),     # a 3; c, e 1.5; g 0
               table(2, "bdfh", [30, 100, 50, 90]),        # d 3, h 2, f 1, b 0
               byes=["i"])


def test_blitz_round_one_and_the_score_difference():
    e = load(BLITZ)
    # round 1: 9 % 4 = 1 bye, to the last entered (i); T = 2: a c e g, b d f h
    assert ev.propose(e, 1) == {"round": 1, "tables": [{"table": 1, "seats": list("aceg")},
                                                       {"table": 2, "seats": list("bdfh")}], "byes": ["i"]}
    rows = ev.standings(load(dict(BLITZ, round_list=[BLITZ_R1])))
    # differences: a 100 − (60 + 60 + 20)/3 = 160/3; c, e 60 − 60 = 0; g 20 − 220/3 = −160/3;
    # d 100 − 170/3 = 130/3; h 90 − 60 = 30; f 50 − 220/3 = −70/3; b 30 − 80 = −50; i (bye) 0.
    # Buchholz: a = c + e + g = 3, d = b + f + h = 0 + 1 + 2 = 3, i 0. a, d and i on 3 points:
    # Buchholz puts i last, the difference puts a (53.33) above d (43.33). c and e level on
    # everything (they shared 2nd place: head to head a draw): the lot. b (−50) above g (−53.33).
    assert summary(rows) == [("a", 3, 3, 53.33), ("d", 3, 3, 43.33), ("i", 3, 0, 0), ("h", 2, 4, 30),
                             ("c", 1.5, 4.5, 0), ("e", 1.5, 4.5, 0), ("f", 1, 5, -23.33), ("b", 0, 6, -50),
                             ("g", 0, 6, -53.33)]
    assert [(r["played"], r["byes"]) for r in rows][2] == (0, 1)


def test_blitz_round_two_falls_back_to_top_down():
    e = load(dict(BLITZ, round_list=[BLITZ_R1]))
    got = ev.propose(e, 2)
    # the bye: the lowest placed of those with no bye yet: g. The rest a d i h c e f b: a met c
    # and e, so a's table needs three of d, i, h, f, b who never met; d, h, f, b all met at table 2:
    # no repeat-free round exists, and the tables are taken strictly top-down.
    assert got == {"round": 2, "tables": [{"table": 1, "seats": list("adih")},
                                          {"table": 2, "seats": list("cefb")}], "byes": ["g"]}


def test_blitz_final():
    r2 = rnd(2, table(1, "adih", [40, 100, 70, 70]),       # d 3; i, h 1.5; a 0
             table(2, "cefb", [100, 10, 50, 50]),          # c 3; f, b 1.5; e 0
             byes=["g"])
    rows = ev.standings(load(dict(BLITZ, round_list=[BLITZ_R1, r2])))
    # points: d 6; i 3 + 1.5 = 4.5; c 1.5 + 3 = 4.5; h 3.5; a 3; g 0 + 3 = 3; f 2.5; b 1.5; e 1.5.
    # Buchholz: c met a, e, g, e, f, b = 3 + 1.5 + 3 + 1.5 + 2.5 + 1.5 = 13 above i (a, d, h =
    # 3 + 6 + 3.5 = 12.5); a (c, e, g, d, i, h = 4.5 + 1.5 + 3 + 6 + 4.5 + 3.5 = 23) above g
    # (a, c, e = 3 + 4.5 + 1.5 = 9); b (d, f, h, c, e, f = 6 + 2.5 + 3.5 + 4.5 + 1.5 + 2.5 = 20.5)
    # above e (a, c, g, c, f, b = 3 + 4.5 + 3 + 4.5 + 2.5 + 1.5 = 19).
    # Differences: d 130/3 + 40 = 83.33, c 0 + (100 − 110/3) = 63.33, i 0 + 0, h 30 + 0,
    # a 160/3 − 40 = 13.33, g −53.33 + 0, f −70/3 − 10/3 = −26.67, b −50 − 10/3 = −53.33,
    # e 0 + 10 − 200/3 = −56.67
    assert summary(rows) == [("d", 6, 18.5, 83.33), ("c", 4.5, 13, 63.33), ("i", 4.5, 12.5, 0),
                             ("h", 3.5, 23.5, 30), ("a", 3, 23, 13.33), ("g", 3, 9, -53.33),
                             ("f", 2.5, 18.5, -26.67), ("b", 1.5, 20.5, -53.33), ("e", 1.5, 19, -56.67)]


def test_differences_are_exact_whatever_the_rounding_shows():
    from referee.events.standings import lines_after

    e = load(dict(BLITZ, round_list=[BLITZ_R1]))
    lines = lines_after(e, 1)
    assert lines[0].score_diff == Fraction(160, 3) and lines[3].score_diff == Fraction(130, 3)


# -- a Swiss at two-seat tables: a forfeit, a draw at time, a withdrawal and a bye -------------------------
# Traditional, two players (credit, target 100: the forfeit's difference F = 100), 20-minute rounds.
SWISS = event("abcdef", rounds=3, time_limit=20)
SW_R1 = rnd(1, table(1, "ad", [100, 40]),                   # a +60, d −60
            forfeit(2, "be", "e"),                          # e did not come: b wins, +100; e −100
            table(3, "cf", [70, 100]))                      # f +30, c −30
SW_R2 = rnd(2, table(1, "ba", [50, 50], ended="time"),      # a draw at time: 0.5 each, 0
            table(2, "fd", [100, 80]),                      # f +20, d −20
            table(3, "ce", [30, 100]))                      # e +70, c −70


def test_swiss_round_two_from_a_forfeit():
    e = load(dict(SWISS, round_list=[SW_R1]))
    # round 1 was the entry order, top half against bottom half: a v d, b v e, c v f
    assert ev.propose(load(SWISS), 1)["tables"] == [{"table": 1, "seats": ["a", "d"]},
                                                    {"table": 2, "seats": ["b", "e"]},
                                                    {"table": 3, "seats": ["c", "f"]}]
    rows = ev.standings(e)
    # 1 point a, b, f (Buchholz 0: their opponents lost), then by the difference b 100, a 60,
    # f 30; c, d, e (Buchholz 1 each): c −30, d −60, e −100
    assert summary(rows) == [("b", 1, 0, 100), ("a", 1, 0, 60), ("f", 1, 0, 30),
                             ("c", 0, 1, -30), ("d", 0, 1, -60), ("e", 0, 1, -100)]
    assert [r["played"] for r in rows] == [1, 1, 1, 1, 1, 1]      # the forfeit counts as played, both sides
    # b v a (not met; the rest f c d e can still be paired: f v d, c v e), then f: c met, d free
    assert ev.propose(e, 2)["tables"] == [{"table": 1, "seats": ["b", "a"]},
                                          {"table": 2, "seats": ["f", "d"]},
                                          {"table": 3, "seats": ["c", "e"]}]


def test_swiss_withdrawal_and_bye():
    e = load(dict(SWISS, round_list=[SW_R1, SW_R2, rnd(3, withdrawn=["d"], tables=[])]))
    rows = ev.standings(e, after=2)
    # after round 2: f 2 (Buchholz c 0 + d 0); b, a 1.5 (b = e 1 + a 1.5 = 2.5 above a = d 0 + b 1.5);
    # e 1 (b 1.5 + c 0); d and c 0: Buchholz d = a 1.5 + f 2 = 3.5 above c = f 2 + e 1 = 3
    assert summary(rows) == [("f", 2, 0, 50), ("b", 1.5, 2.5, 100), ("a", 1.5, 1.5, 60), ("e", 1, 1.5, -30),
                             ("d", 0, 3.5, -80), ("c", 0, 3, -100)]
    # d withdrew: five active, one bye, to the lowest placed without one: c. Then f v b, a v e.
    assert ev.propose(e, 3) == {"round": 3, "tables": [{"table": 1, "seats": ["f", "b"]},
                                                       {"table": 2, "seats": ["a", "e"]}], "byes": ["c"]}


def test_swiss_final_with_the_withdrawn_and_the_bye():
    r3 = rnd(3, table(1, "fb", [100, 60]), table(2, "ae", [100, 90]), byes=["c"], withdrawn=["d"])
    rows = ev.standings(load(dict(SWISS, round_list=[SW_R1, SW_R2, r3])))
    # f 3 (+90), a 2.5 (+70), b 1.5 (+60), e 1 (Buchholz b 1.5 + c 1 + a 2.5 = 5), c 1 with the bye
    # (f 3 + e 1 = 4: a bye adds nothing), d 0 (withdrawn, still ranked; a 2.5 + f 3 = 5.5)
    assert summary(rows) == [("f", 3, 2.5, 90), ("a", 2.5, 2.5, 70), ("b", 1.5, 6.5, 60), ("e", 1, 5, -40),
                             ("c", 1, 4, -100), ("d", 0, 5.5, -80)]
    assert [(r["unit"][0], r["played"], r["byes"]) for r in rows][-2:] == [("c", 2, 1), ("d", 2, 0)]


# -- forfeits at tables of four, every side absent, other match points and tie-breaks -----------------------

def test_a_forfeit_at_a_blitz_table_and_every_side_absent():
    obj = event("abcdefgh", variant="blitz", seats=4, rounds=1, round_list=[
        rnd(1, forfeit(1, "abcd", "bd"), forfeit(2, "efgh", "efgh"))])
    rows = {r["unit"][0]: r for r in ev.standings(load(obj))}
    # table 1: a and c present share places 1–2 (1.5 each: 4 − 1.5 = 2.5 points), b and d absent
    # share 3–4 (3.5: 0.5 points); F = the target, 100: +100 present, −100 absent.
    # table 2: nobody came: each a loss (0 points at four seats) and −100
    assert [(x, rows[x]["match_points"], rows[x]["score_diff"], rows[x]["played"]) for x in "abcdefgh"] == [
        ("a", 2.5, 100, 1), ("b", 0.5, -100, 1), ("c", 2.5, 100, 1), ("d", 0.5, -100, 1),
        ("e", 0, -100, 1), ("f", 0, -100, 1), ("g", 0, -100, 1), ("h", 0, -100, 1)]
    # a and c met and shared their places: head to head a draw, Buchholz b 0.5 + c 2.5 + d 0.5 = 3.5
    assert rows["a"]["buchholz"] == 3.5 and rows["a"]["place"] == 1 and rows["c"]["place"] == 2


def test_two_sides_both_absent_and_one_partner_absent():
    obj = event("abcd", rounds=1, forfeit_diff=50, round_list=[rnd(1, forfeit(1, "ab", "ab"), forfeit(2, "cd", "d"))])
    rows = {r["unit"][0]: r for r in ev.standings(load(obj))}
    # table 1: both absent, each a loss and −50 (forfeit_diff); table 2: c wins +50, d −50
    assert [(x, rows[x]["match_points"], rows[x]["score_diff"]) for x in "abcd"] == [
        ("a", 0, -50), ("b", 0, -50), ("c", 1, 50), ("d", 0, -50)]
    pairs = event("abcdefgh", seats=4, options=YARD, unit="pair", rounds=1,
                  pairs=[["a", "c"], ["b", "d"], ["e", "g"], ["f", "h"]],
                  round_list=[rnd(1, forfeit(1, "abcd", "c"), table(2, "efgh", [0, 101, 0, 101]))])
    rows = ev.standings(load(pairs))
    # Вера (c) did not come: her pair forfeits, ±101 (the «Козёл»'s limit); e + g won 0 to 101.
    # b + d and e + g level on everything (Buchholz 0, +101, never met): the lot, b + d entered
    # first; a + c and f + h likewise (Buchholz 1 each): a + c first
    assert [("".join(r["unit"]), r["match_points"], r["score_diff"]) for r in rows] == [
        ("bd", 1, 101), ("eg", 1, 101), ("ac", 0, -101), ("fh", 0, -101)]


def test_other_match_points_and_head_to_head_that_separates_nobody():
    # three points a win, one a draw; head to head first, then the score difference
    obj = event("abcdef", rounds=2, time_limit=30, match_points={"win": 3, "draw": 1, "loss": 0},
                tiebreaks=["match_points", "head_to_head", "score_diff"], round_list=[
                    rnd(1, table(1, "ad", [100, 90]), table(2, "be", [100, 10]), table(3, "cf", [40, 40], ended="time")),
                    rnd(2, table(1, "ab", [50, 100]), table(2, "cd", [100, 0]), table(3, "ef", [100, 60]))])
    rows = ev.standings(load(obj))
    # points: a 3 + 0 = 3, b 3 + 3 = 6, c 1 + 3 = 4, d 0, e 0 + 3 = 3, f 1 + 0 = 1.
    # a and e level on 3 never met: head to head separates nobody; the difference: a 10 − 50 = −40,
    # e −90 + 40 = −50: a above e. Buchholz (given, not used): b met e 3 + a 3 = 6, c met f 1 + d 0,
    # a met d 0 + b 6, e met b 6 + f 1, f met c 4 + e 3, d met a 3 + c 4
    assert summary(rows) == [("b", 6, 6, 140), ("c", 4, 1, 100), ("a", 3, 6, -40), ("e", 3, 7, -50),
                             ("f", 1, 7, -40), ("d", 0, 7, -110)]


def test_a_double_round_robin_repeats_the_circle():
    e = load(event("abcd", system="round_robin", rounds=6))
    first = [ev.propose(e, r)["tables"] for r in (1, 2, 3)]
    assert [ev.propose(e, r)["tables"] for r in (4, 5, 6)] == first


def test_the_lot_ends_the_list_wherever_it_is_written():
    # round 1: a, b, c beat d, e, f; round 2: a beats b, e beats c, d beats f. b, c, d, e level on 1
    # point; Buchholz b = e 1 + a 2 = 3, c = f 0 + e 1 = 1, d = a 2 + f 0 = 2, e = b 1 + c 1 = 2:
    # b, d, e, c (d above e by the lot) — Buchholz decides although the lot is written before it
    obj = event("abcdef", rounds=2, tiebreaks=["match_points", "lot", "buchholz"], round_list=[
        rnd(1, table(1, "ad", [100, 20]), table(2, "be", [100, 20]), table(3, "cf", [100, 20])),
        rnd(2, table(1, "ab", [100, 20]), table(2, "ce", [20, 100]), table(3, "df", [100, 20]))])
    e = load(obj)
    assert e.tiebreaks == ("match_points", "buchholz", "lot")
    assert summary(ev.standings(e)) == [("a", 2, 2, 160), ("b", 1, 3, 0), ("d", 1, 2, 0), ("e", 1, 2, 0),
                                        ("c", 1, 1, 0), ("f", 0, 2, -160)]
