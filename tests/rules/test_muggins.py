"""Muggins (rules brief, variant 11), checked by hand.

Count after every play, the lead included: the pips of every started arm's or line's end (a
crosswise double there both halves, a lengthwise one half), plus the spinner's two halves while
fewer than two of its arms are started; a multiple of 5 scores the count. Out +10 (and with
``out_bonus_pips=yes`` the opponents' pips rounded to the nearest 5); block: the fewest pips wins
(others' pips − his own), rounded to the nearest 5. 0:0 counts 0. Target 200.
"""

import pytest

from referee.rules import new_hand, parse_tile

from .inplay import T, deal, hand_of, ledger, ok, rec, refused

A, B, C = "Ann", "Bob", "Cid"


# -- counting during play --------------------------------------------------------------------

# The lead 5:5 is the spinner. Scores after each turn, worked out:
SPINNER_LEAD = [
    (T(A, "5:5"), [10, 0]),            # a lone tile counts its total: 10
    (T(B, "5:0"), [10, 10]),           # arm 1 shows 0, the spinner (1 arm started) counts 10: 10
    (T(A, "5:1"), [10, 10]),           # 2 arms started, the spinner stops counting: 0 + 1
    (T(B, "1:4"), [10, 10]),           # 0 + 4
    (T(A, "0:6"), [20, 10]),           # 6 + 4 = 10
    (T(B, "4:4 along"), [20, 20]),     # 6 + 4 (lengthwise: one half) = 10; across would be 14
    (T(A, "6:3"), [20, 20]),           # 3 + 4
    (T(B, "3:3 across"), [20, 30]),    # 6 (crosswise: both halves) + 4 = 10
    (T(A, "5:6"), [20, 30]),           # the third arm: 6 + 4 + 6 = 16
    (T(B, "5:4>5:5"), [20, 50]),       # the last arm: 6 + 4 + 6 + 4 = 20
]


def test_spinner_lead_counts_step_by_step():
    turns = [t for t, _ in SPINNER_LEAD]
    assert ledger("muggins", [A, B], turns) == [s for _, s in SPINNER_LEAD]
    out = ok(rec("muggins", [A, B], {"turns": turns}))
    h = hand_of(out)
    assert (h["end"], h["winner"]) == (None, None)
    assert h["points"] == {A: 20, B: 50}
    assert out["totals"] == {A: 20, B: 50} and out["match_winner"] is None


# A line lead; the first double (3:3) becomes the spinner in the line.
LINE_THEN_SPINNER = [
    (T(A, "4:3"), [0, 0]),             # lone tile 7: no score
    (T(B, "3:3"), [0, 10]),            # first double: crosswise, spinner; 4 + 3+3 (1 arm started) = 10
    (T(A, "4:4 along"), [10, 10]),     # a later double, stated: 4 + the spinner's 6 = 10
    (T(B, "3:6"), [10, 20]),           # a second arm of the spinner: it stops counting; 4 + 6
    (T(A, "3:0"), [20, 20]),           # 4 + 6 + 0 = 10
    (T(B, "3:5"), [20, 35]),           # the last arm: 4 + 6 + 0 + 5 = 15 scores 15
    (T(A, "0:0"), [35, 35]),           # 0:0 counts 0 and needs no orientation: still 15
]


def test_first_double_in_the_line_becomes_the_spinner():
    turns = [t for t, _ in LINE_THEN_SPINNER]
    assert ledger("muggins", [A, B], turns) == [s for _, s in LINE_THEN_SPINNER]
    out = ok(rec("muggins", [A, B], {"turns": turns}))
    assert hand_of(out)["points"] == {A: 35, B: 35}


def test_the_spinner_has_four_arms_that_are_one_place():
    h = new_hand("muggins", [A, B], lead=A)
    for tok in ("4:3", "3:3"):
        h.play(tok)
        h.end_turn()
    # the spinner's three free arms are one place; 4:4 may lie across or along at the 4 end
    assert h.places_for(parse_tile("3:6")) == ["3:6>3:3"]
    assert sorted(h.places_for(parse_tile("4:4"))) == ["4:4>3:4 across", "4:4>3:4 along"]
    assert len([e for e in h.layout.ends if e.spin]) == 3


@pytest.mark.parametrize("lead,points", [("5:5", 10), ("4:1", 5), ("6:4", 10), ("3:2", 5),
                                         ("6:1", 0), ("0:0", 0), ("2:2", 0), ("5:0", 5)])
def test_a_lone_lead_counts_its_total(lead, points):
    out = ok(rec("muggins", [A, B], {"turns": [T(A, lead)]}))
    assert hand_of(out)["points"] == {A: points, B: 0}


def test_double_blank_lead_counts_nothing_then_its_arm_counts():
    # 0:0 is the spinner: 0; then 5 + 0 + 0 = 5
    assert ledger("muggins", [A, B], [T(A, "0:0"), T(B, "0:5")]) == [[0, 0], [0, 5]]


def test_crosswise_and_lengthwise_later_doubles_count_differently():
    head = [T(A, "4:3"), T(B, "3:3")]
    across = ok(rec("muggins", [A, B], {"turns": head + [T(A, "4:4 across")]}))
    along = ok(rec("muggins", [A, B], {"turns": head + [T(A, "4:4 along")]}))
    # across: 8 + 6 = 14 (no score); along: 4 + 6 = 10
    assert hand_of(across)["points"] == {A: 0, B: 10}
    assert hand_of(along)["points"] == {A: 10, B: 10}


def test_a_bare_later_double_is_ambiguous():
    r = rec("muggins", [A, B], {"turns": [T(A, "4:3"), T(B, "3:3"), T(A, "4:4")]})
    err = refused(r, "play.ambiguous", turn=3, move="4:4")
    assert "4:4>3:4 across" in err["message"] and "4:4>3:4 along" in err["message"]
    # with the deal known too
    d = deal(Ann="4:3 4:4 0:1 0:2 0:3 0:4 0:5", Bob="3:3 1:1 1:2 1:3 1:4 1:5 1:6")
    refused(rec("muggins", [A, B], {"deal": d, "turns": [T(A, "4:3"), T(B, "3:3"), T(A, "4:4")]}),
            "play.ambiguous", turn=3)


def test_the_first_double_lies_crosswise_stating_it_is_accepted():
    ok(rec("muggins", [A, B], {"turns": [T(A, "4:3"), T(B, "3:3 across")]}))
    refused(rec("muggins", [A, B], {"turns": [T(A, "4:3"), T(B, "3:3 along")]}), "play.orientation", turn=2)
    refused(rec("muggins", [A, B], {"turns": [T(A, "5:5 along")]}), "play.orientation", turn=1)


def test_a_later_double_blank_needs_no_orientation_and_accepts_either():
    for tok in ("0:0", "0:0 across", "0:0 along"):
        out = ok(rec("muggins", [A, B], {"turns": [T(A, "5:0"), T(B, "5:5"), T(A, "5:3"), T(B, tok)]}))
        # 5:0 lead: 5 -> Ann 5; 5:5 (the spinner) on the 5: 0 + 10 = 10 -> Bob 10;
        # 5:3 on a second arm: 0 + 3; 0:0 on the 0 end: 0 + 3 (0:0 counts 0)
        assert hand_of(out)["points"] == {A: 5, B: 10}
