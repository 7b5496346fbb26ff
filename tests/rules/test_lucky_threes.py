"""Lucky threes (rules brief, variant 15), checked by hand.

As threes (line, Bergen's opener, doubles across/along), deal 6 (2–3 players) / 5 (4). A player may
draw up to 5 tiles a turn even when able to play, stopping at the first tile that makes a scoring
play, which he must lay at once. A scoring play (count a multiple of 3, not 0) with a tile held +5,
with a double +7, the hand's first double +8; a drawn tile that scores +10 flat; every drawn tile
that does not −5. Balance = winnings − penalties; the single highest balance wins the hand and is
credited ``literal`` (the losers' outstanding penalties − his balance, never below 0: penalties
are extinguished by winnings, so a player's figures are his balance) or ``net`` (his balance + the
losers' negative balances). The hand ends when a player is out (no bonus), nobody can move, or
the bazaar is empty at the end of a turn. Target 100.
"""

import pytest

from referee.rules import new_hand

from .inplay import T, deal, hand_of, ok, rec, refused

A, B, C, D = "Ann", "Bob", "Cid", "Dan"


def balances(variant_turns, d=None, players=(A, B)):
    """(winnings, penalties) after each turn, through the engine API."""
    h = new_hand("lucky_threes", list(players), deal=d, lead=variant_turns[0]["player"])
    out = []
    for t in variant_turns:
        for m in t["moves"]:
            h.play(m)
        h.end_turn()
        out.append((list(h.vs.win), list(h.vs.pen)))
    return out


# -- a hand with the deal known, to the empty bazaar -------------------------------------------------

DEAL2 = deal(Ann="3:3 3:6 4:5 5:5 1:2 0:4", Bob="3:0 6:6 2:5 1:4 4:6 5:6")
# the bazaar (16): 0:0 0:1 0:2 0:5 0:6 1:1 1:3 1:5 1:6 2:2 2:3 2:4 2:6 3:4 3:5 4:4
HAND2 = [
    # Ann holds the lowest double dealt (0:0, 1:1, 2:2 are in the bazaar): 3:3 leads, laid across
    (T(A, "3:3 across"), ([8, 0], [0, 0])),            # lone 6: the hand's first double scores +8
    (T(B, "3:0"), ([8, 5], [0, 0])),                   # 6 (3:3 across) + 0 = 6: a held tile +5
    (T(A, "draw 0:2", "draw 1:1", "draw 0:0", "0:0"),  # 0:2 fits without scoring (6 + 2), 1:1 does not
     ([18, 5], [10, 0])),                              # fit: −5 each; 0:0 makes 6 + 0: +10 flat
    (T(B, "draw 2:2", "draw 4:4", "pass"), ([18, 5], [10, 10])),   # Bob cannot play: two misses
    (T(A, "3:6>3:3"), ([23, 5], [10, 10])),            # 6 + 0 = 6: +5
    (T(B, "6:6 across"), ([23, 12], [10, 10])),        # 12 + 0 = 12: a later double +7
    (T(A, "draw 0:6", "0:6>0:0"), ([33, 12], [10, 10])),   # Ann could play 0:4 or 0:2 but draws;
                                                       # 0:6 on the blank: 12 + 6 = 18: +10
    (T(B, "draw 1:3", "draw 3:4", "draw 2:3", "draw 1:5", "draw 1:6", "4:6>6:6"),
     ([33, 12], [10, 35])),                            # five draws, none scores (1:6 fits: 6+1, 12+1);
                                                       # then he must play: 6 + 4 = 10
    (T(A, "0:4>4:6"), ([38, 12], [10, 35])),           # 6 + 0 = 6: +5
    (T(B, "draw 0:1", "draw 0:5", "draw 2:4", "draw 2:6", "draw 3:5", "5:6>0:6"),
     ([38, 12], [10, 60])),                            # the last five: −25; 5 + 0 = 5; the bazaar
]                                                      # is empty at the end of the turn: the end
# Ann: 38 − 10 = 28; Bob: 12 − 60 = −48. Ann keeps 4:5 5:5 1:2 0:2 1:1 = 26 pips.


def test_known_hand_step_by_step():
    turns = [t for t, _ in HAND2]
    assert balances(turns, DEAL2) == [s for _, s in HAND2]


@pytest.mark.parametrize("credit,points", [("literal", 20), ("net", 76)])
def test_known_hand_ends_with_the_bazaar_empty_and_credits_the_winner(credit, points):
    out = ok(rec("lucky_threes", [A, B], {"deal": DEAL2, "turns": [t for t, _ in HAND2]}, credit=credit))
    h = hand_of(out)
    assert (h["end"], h["winner"]) == ("block", A)
    # literal: Bob's outstanding penalties 48 − Ann's balance 28 = 20; net: 28 + 48 = 76
    assert h["points"] == {A: points, B: 0}
    assert h["left"] == {A: 26, B: 81}
    refused(rec("lucky_threes", [A, B], {"deal": DEAL2, "turns": [t for t, _ in HAND2] + [T(A, "1:1")]},
                credit=credit), "hand.over", turn=11)


@pytest.mark.parametrize("move", ["draw 0:1", "pass", "3:6>3:3", "0:4"])
def test_a_drawn_tile_that_scores_must_be_laid_at_once(move):
    turns = [t for t, _ in HAND2][:2] + [T(A, "draw 0:2", "draw 1:1", "draw 0:0", move)]
    err = refused(rec("lucky_threes", [A, B], {"deal": DEAL2, "turns": turns}), "lucky.lay_drawn", turn=3, move=move)
    assert "0:0" in err["message"]


def test_a_drawn_tile_that_fits_without_scoring_need_not_be_laid():
    # 0:2 fits (6 + 2 = 8): Ann may draw on, or stop and lay something else
    turns = [t for t, _ in HAND2][:2] + [T(A, "draw 0:2", "3:6>3:3")]
    # 3:6 on 3:3: 6 + 0 = 6 -> +5 with a held tile; the drawn 0:2 did not score: −5
    assert balances(turns, DEAL2)[-1] == ([13, 5], [5, 0])


def test_at_most_five_draws_then_must_play_applies_to_the_whole_hand():
    head = [t for t, _ in HAND2][:7]
    five = ["draw 1:3", "draw 3:4", "draw 2:3", "draw 1:5", "draw 1:6"]
    refused(rec("lucky_threes", [A, B], {"deal": DEAL2, "turns": head + [T(B, *five, "draw 0:1")]}),
            "lucky.five_draws", turn=8, move="draw 0:1")
    refused(rec("lucky_threes", [A, B], {"deal": DEAL2, "turns": head + [T(B, *five, "pass")]}),
            "pass.must_play", turn=8)
    # without drawing, a player who can play must play
    refused(rec("lucky_threes", [A, B], {"deal": DEAL2, "turns": head[:1] + [T(B, "pass")]}),
            "pass.must_play", turn=2)
    # one who cannot must draw before passing
    refused(rec("lucky_threes", [A, B], {"deal": DEAL2, "turns": head[:3] + [T(B, "pass")]}),
            "pass.must_draw", turn=4)


def test_the_opener_and_the_lead_double_orientation():
    refused(rec("lucky_threes", [A, B], {"deal": DEAL2, "turns": [T(B, "6:6 across")]}), "lead.wrong_player", turn=1)
    refused(rec("lucky_threes", [A, B], {"deal": DEAL2, "turns": [T(A, "3:6")]}), "lead.wrong_tile", turn=1)
    refused(rec("lucky_threes", [A, B], {"deal": DEAL2, "turns": [T(A, "3:3")]}), "play.ambiguous", turn=1)
    refused(rec("lucky_threes", [A, B], {"deal": DEAL2, "turns": [T(A, "draw 0:0")]}), "draw.must_play", turn=1)
    # along the lead still counts its total 6: +8; then 3:0 makes 3 + 0 = 3: +5
    assert balances([T(A, "3:3 along"), T(B, "3:0")], DEAL2) == [([8, 0], [0, 0]), ([8, 5], [0, 0])]


def test_the_first_double_only_gets_eight_when_it_is_the_hands_first():
    # 1:2 leads (3: +5); 1:1 along is the hand's first double: 2 + 1 = 3 -> +8; a later 2:2 along
    # makes 2 + 1 = 3 -> +7; a first double that does not score spends the +8
    assert balances([T(A, "1:2"), T(B, "1:1 along"), T(A, "2:2 along")]) == \
        [([5, 0], [0, 0]), ([5, 8], [0, 0]), ([12, 8], [0, 0])]
    # 1:1 across: 2 + 2 = 4 scores nothing, yet it is the first double: 2:2 across then makes
    # 4 + 2 = 6 and gets +7
    assert balances([T(A, "1:2"), T(B, "1:1 across"), T(A, "2:2 across")]) == \
        [([5, 0], [0, 0]), ([5, 0], [0, 0]), ([12, 0], [0, 0])]


# -- unknown deals: out, the empty bazaar ------------------------------------------------------------

OUT2 = [
    T(A, "2:1"),                        # 3: +5
    T(B, "1:4"),                        # 2 + 4 = 6: +5
    T(A, "4:4 along"),                  # 2 + 4 = 6: the first double, +8
    T(B, "2:2 along"),                  # 2 + 4 = 6: +7
    T(A, "4:3>4:4"),                    # 2 + 3 = 5
    T(B, "3:1"),                        # 2 + 1 = 3: +5
    T(A, "2:6"),                        # 6 + 1 = 7
    T(B, "draw", "draw", "pass"),       # −10
    T(A, "6:5"),                        # 5 + 1 = 6: +5
    T(B, "1:0"),                        # 5 + 0 = 5
    T(A, "0:4"),                        # 5 + 4 = 9: +5; Ann's sixth tile: out, no bonus
]
# Ann 5 + 8 + 5 + 5 = 23; Bob 5 + 7 + 5 − 10 = 7


@pytest.mark.parametrize("credit,points", [("literal", 0), ("net", 23)])
def test_out_ends_the_hand_without_a_bonus(credit, points):
    out = ok(rec("lucky_threes", [A, B], {"turns": OUT2}, credit=credit))
    h = hand_of(out)
    # literal: Bob owes nothing (balance 7) − Ann's balance (23) is below 0: 0; net: 23 + 0
    assert (h["end"], h["winner"], h["points"]) == ("out", A, {A: points, B: 0})


def test_an_unfinished_hand_shows_no_points_yet():
    out = ok(rec("lucky_threes", [A, B], {"turns": OUT2[:-1]}))
    assert hand_of(out)["end"] is None
    assert hand_of(out)["points"] == {A: 0, B: 0} and out["totals"] == {A: 0, B: 0}


FOUR = [
    T(A, "1:2"),                        # 3: +5
    T(B, "draw", "draw", "2:4"),        # 1 + 4 = 5: both drawn tiles missed: −10
    T(C, "draw", "4:5"),                # 1 + 5 = 6 after an unseen draw: the drawn tile scored, +10
    T(D, "1:1 along"),                  # 1 + 5 = 6: the first double, +8
    T(A, "draw", "draw", "draw", "draw", "draw", "pass"),   # the rest of the bazaar (eight): −25
]
# balances: Ann −20, Bob −10, Cid 10, Dan 8; the bazaar is empty at the end of Ann's turn


@pytest.mark.parametrize("credit,points", [("literal", 20), ("net", 40)])
def test_four_players_bazaar_empty_at_the_end_of_a_turn(credit, points):
    out = ok(rec("lucky_threes", [A, B, C, D], {"turns": FOUR}, credit=credit))
    h = hand_of(out)
    # literal: (20 + 10 + 0) − 10 = 20 (Ann's 5 won extinguish 5 of her 25 penalties); net: 10 + 20 + 10 = 40
    assert (h["end"], h["winner"]) == ("block", C)
    assert h["points"] == {A: 0, B: 0, C: points, D: 0}


def test_a_seen_draw_that_is_not_the_tile_laid():
    turns = FOUR[:2] + [T(C, "draw 6:6", "4:5")]      # 6:6 does not fit 1 or 4: −5; 4:5 held: +5
    assert balances(turns, players=(A, B, C, D))[-1] == ([5, 0, 5, 0], [0, 10, 5, 0])


def test_six_draws_are_refused():
    r = rec("lucky_threes", [A, B, C, D], {"turns": [T(A, "1:2"), T(B, *["draw"] * 6)]})
    refused(r, "lucky.five_draws", turn=2)


# -- nobody can move: a dead layout -------------------------------------------------------------------

# Ten tiles make a line whose two ends show 0 with all seven blanks on the table.
DEAD = [
    T(A, "0:0"),                        # 0 never scores (and 0:0 is the hand's first double)
    T(B, "draw 1:1", "draw 2:2", "0:1"),   # 1:1 and 2:2 do not fit: −10; 0 + 1
    T(A, "1:2"),                        # 0 + 2
    T(B, "2:0>1:2"),                    # 0 + 0
    T(A, "0:3>0:0"),                    # 3 + 0 = 3: +5
    T(B, "3:4"),                        # 4 + 0
    T(A, "4:0>3:4"),                    # 0 + 0
    T(B, "0:5>2:0"),                    # 0 + 5
    T(A, "5:6"),                        # 0 + 6 = 6: +5
    T(B, "6:0>5:6"),                    # 0 + 0; no blank is left anywhere: nobody can move
]
DEAD_DEAL = deal(Ann="0:0 1:2 0:3 4:0 5:6 6:6", Bob="0:1 2:0 3:4 0:5 6:0 1:3")


@pytest.mark.parametrize("credit,points", [("literal", 0), ("net", 20)])
def test_nobody_can_move(credit, points):
    out = ok(rec("lucky_threes", [A, B], {"deal": DEAD_DEAL, "turns": DEAD}, credit=credit))
    h = hand_of(out)
    # Ann 10 − 0, Bob 0 − 10: literal 10 − 10 = 0; net 10 + 10 = 20
    assert (h["end"], h["winner"], h["points"]) == ("block", A, {A: points, B: 0})
    assert h["left"] == {A: 12, B: 10}


# -- result-only and the match ------------------------------------------------------------------------


@pytest.mark.parametrize("scored,out_,winner,literal,net", [
    ({A: 30, B: -20}, A, A, 0, 50),
    ({A: 5, B: 20}, A, B, 0, 20),                   # the player out need not win
    ({A: -10, B: 40, C: -35}, None, B, 5, 85),      # (10 + 35) − 40 = 5; 40 + 45 = 85
    ({A: 15, B: 15}, None, None, 0, 0),             # a tie: nobody
])
def test_result_only_balances(scored, out_, winner, literal, net):
    players = sorted(scored, key=[A, B, C].index)
    for credit, pts in (("literal", literal), ("net", net)):
        out = ok(rec("lucky_threes", players, {"result": {"out": out_, "scored": scored}}, credit=credit))
        h = hand_of(out)
        assert h["winner"] == winner
        assert h["points"] == {p: (pts if p == winner else 0) for p in players}


def test_match_to_100():
    hands = [{"deal": DEAL2, "turns": [t for t, _ in HAND2]},                # Ann 76 (net)
             {"result": {"out": B, "scored": {A: 23, B: -1}}}]                 # Ann 23 + 1 = 24
    out = ok(rec("lucky_threes", [A, B], *hands, credit="net"))
    assert [h["points"][A] for h in out["hands"]] == [76, 24]
    assert out["totals"] == {A: 100, B: 0} and out["match_winner"] == A
    out = ok(rec("lucky_threes", [A, B], hands[0], {"result": {"out": B, "scored": {A: 22, B: -1}}}, credit="net"))
    assert out["totals"] == {A: 99, B: 0} and out["match_winner"] is None
    r = rec("lucky_threes", [A, B], *hands, {"result": {"out": A, "scored": {}}}, credit="net")
    assert refused(r, "match.over")["hand"] == 3


def test_tied_balances_credit_nobody_and_decide_nothing():
    out = ok(rec("lucky_threes", [A, B],
                 {"deal": DEAL2, "turns": [t for t, _ in HAND2]},                 # Ann 76 (net)
                 {"result": {"out": B, "scored": {A: 24, B: 24}}}, credit="net"))  # a tie: nobody
    assert out["hands"][1]["winner"] is None
    assert out["totals"] == {A: 76, B: 0} and out["match_winner"] is None


def test_turns_and_result_must_agree():
    turns = [t for t, _ in HAND2]
    r = rec("lucky_threes", [A, B], {"deal": DEAL2, "turns": turns, "result": {"out": None, "scored": {A: 28, B: -48}}})
    # the balances agree, and the credit is theirs (48 − 28), as by the moves alone
    assert hand_of(ok(r))["points"] == {A: 20, B: 0}
    r["hands"][0]["result"]["scored"] = {A: 38}            # winnings are not the balance
    refused(r, "result.mismatch")
    r["hands"][0]["result"] = {"out": A, "scored": {A: 28}}  # nobody went out
    refused(r, "result.mismatch")


# -- seeded random playouts against an independent scorer --------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("credit", ["literal", "net"])
def test_random_playouts_balances_and_credit(players, credit):
    import random

    from referee.rules.playout import random_hand
    from referee.rules.tiles import DOUBLE, parse_tile

    from .inplay import recount

    laid = 0
    for seed in range(20):
        rng = random.Random(seed)
        h = random_hand("lucky_threes", players, rng, {"credit": credit})
        win, pen = [0] * players, [0] * players
        first_double = False
        drawn: list[int] = []
        while not h.over:
            seat = h.to_move
            tok = rng.choice(h.legal_tokens())
            h.play(tok)
            if tok.startswith("draw"):
                drawn.append(parse_tile(tok.split()[1]))
                continue
            if tok == "pass":
                pen[seat] += 5 * len(drawn)
            else:
                laid += 1
                t = parse_tile(tok.split()[0].split(">")[0])
                count = recount(h.layout, False)
                scoring = count > 0 and count % 3 == 0
                if drawn and t == drawn[-1] and scoring:
                    win[seat] += 10
                    pen[seat] += 5 * (len(drawn) - 1)
                else:
                    pen[seat] += 5 * len(drawn)
                    if scoring:
                        win[seat] += (7 if first_double else 8) if DOUBLE[t] else 5
                first_double = first_double or DOUBLE[t]
            drawn = []
            if not h.over:
                h.end_turn()
            assert (h.vs.win, h.vs.pen) == (win, pen), h.history
        bal = [w - p for w, p in zip(win, pen)]
        top = max(bal)
        sc = h.v.score(h)
        if bal.count(top) > 1:
            assert sc.winner is None and sc.points == [0] * players
            continue
        w = bal.index(top)
        if credit == "net":
            credit_pts = bal[w] + sum(-b for s, b in enumerate(bal) if s != w and b < 0)
        else:
            credit_pts = max(0, sum(-b for s, b in enumerate(bal) if s != w and b < 0) - max(0, bal[w]))
        assert sc.winner == w
        assert sc.points == [credit_pts if s == w else 0 for s in range(players)]
    assert laid > 100


@pytest.mark.parametrize("credit", ["literal", "net"])
def test_a_hand_by_its_balances_scores_as_by_its_moves(credit):
    """Penalties are extinguished by winnings: the credit is a function of the balances, so a
    hand entered by its result (who went out, each balance) scores what its moves score."""
    import random

    from referee.rules.playout import random_hand, walk
    from referee.rules.tiles import tile_str, tiles_of

    names = [A, B, C, D]
    differ = 0
    for seed in range(40):
        rng = random.Random(f"balances/{seed}")
        n = rng.choice([2, 3, 4])
        h = random_hand("lucky_threes", n, rng, {"credit": credit})
        deal = {names[s]: [tile_str(t) for t in tiles_of(h.hands[s])] for s in range(n)}
        lead = names[h.to_move]
        for _ in walk(h, rng):
            pass
        turns = [{"player": names[s], "moves": list(m)} for s, m in h.turn_log]
        if h.t_moves and not (h.turn_log and h.turn_log[-1][1] is h.t_moves):
            turns.append({"player": names[h.to_move], "moves": list(h.t_moves)})
        by_moves = hand_of(ok(rec("lucky_threes", names[:n], {"deal": deal, "lead": lead, "turns": turns},
                                  credit=credit)))
        scored = {names[s]: h.vs.win[s] - h.vs.pen[s] for s in range(n)}
        out_ = names[h.winner] if h.end == "out" and h.winner is not None else None
        if h.end == "out":
            out_ = next(names[s] for s in range(n) if not h.hands[s])
        by_result = hand_of(ok(rec("lucky_threes", names[:n], {"result": {"out": out_, "scored": scored}},
                                   credit=credit)))
        assert by_result["winner"] == by_moves["winner"], seed
        assert by_result["points"] == by_moves["points"], (seed, scored, h.vs.win, h.vs.pen)
        differ += any(w and p for w, p in zip(h.vs.win, h.vs.pen))
    assert differ > 5  # hands where a player both won and paid: the case a gross sum would tell apart
