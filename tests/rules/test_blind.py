"""Blind blitz (variant 3) and in the dark (variant 4), hands checked by hand against the brief.

Each deal lists a face-down row from left to right: the rightmost tile (last) is turned up.
A tile that fits must be laid; a `miss` goes back to the left end; one optional draw after a miss
goes to the right end and is not played this turn; at three tiles the row is turned up (`open`).
"""

import pytest

from referee.rules import new_hand, tile_str

from .seven import T, deal, hand, live, ok, one, record, refused

AB = ["A", "B"]
D = deal(A="0:0 1:4 4:4 0:6 6:6 1:1 3:5 2:3", B="1:2 0:1 0:4 2:2 5:6 4:5 5:5 0:2")

# -- blind blitz ------------------------------------------------------------------------------------
HB = [
    T("A", "2:3", "3:5", "miss 1:1"),                    # lead 2:3, 3:5 fits: 2 | 5; 1:1 back left
    T("B", "0:2", "5:5", "4:5", "miss 5:6", "draw 3:3"),  # 0 | 4; 3:3 goes face down to the right
    T("A", "miss 6:6", "pass"),                          # nothing laid: the turn ends with pass
    T("B", "miss 3:3", "draw 3:6", "pass"),
    T("A", "0:6", "4:4", "1:4", "open 6:6 1:1 0:0", "6:6", "1:1"),  # three left: turned up at once,
    #                                                      then open tiles in the same turn: 6 | 1
    T("B", "3:6", "miss 2:2"),                           # 3 | 1
    T("A", "draw 0:3", "pass"),                          # open: nothing fits, one draw, face up
    T("B", "miss 0:4", "pass"),
    T("A", "0:3", "0:0"),                                # A is out
]
# B's row at the end: 0:4 2:2 3:3 5:6 1:2 0:1


def recb(turns=HB, deal_=D, opts=None, **extra):
    return record("blind_blitz", AB, [hand(deal_, turns, **extra)], **(opts or {}))


def test_blind_blitz_hand_out_traditional_scoring():
    h = one(recb())
    assert (h["end"], h["winner"]) == ("out", "A")
    assert h["left"] == {"A": 0, "B": 4 + 4 + 6 + 11 + 3 + 1}
    assert h["points"] == {"A": 29, "B": 0}


def test_rows_move_as_the_brief_says():
    h = live("blind_blitz", AB, {}, D, HB[:2])
    rows = {p: h.known_hand(s) for s, p in enumerate(AB)}
    assert [tile_str(t) for t in rows["A"]] == ["1:1", "0:0", "1:4", "4:4", "0:6", "6:6"]
    # B: 5:6 went to the left end, the drawn 3:3 to the right end
    assert [tile_str(t) for t in rows["B"]] == ["5:6", "1:2", "0:1", "0:4", "2:2", "3:3"]
    assert h.counts == [6, 6] and h.bazaar_count == 12 - 1


def test_the_rightmost_tile_is_turned_up():
    refused(recb([T("A", "3:5")]), "blind.not_rightmost", turn=1)
    refused(recb(HB[:1] + [T("B", "miss 5:5")]), "blind.not_rightmost", turn=2)


def test_a_tile_that_fits_must_be_laid():
    refused(recb(HB[:1] + [T("B", "miss 0:2")]), "blind.miss_fits", turn=2)
    # the lead always fits
    refused(recb([T("A", "miss 2:3")]), "blind.miss_fits", turn=1)


def test_draw_only_after_a_miss_and_only_one():
    refused(recb(HB[:2] + [T("A", "draw 0:3")]), "blind.draw_after_miss", turn=3)
    refused(recb(HB[:2] + [T("A", "miss 6:6", "draw 0:3", "draw 0:5")]), "draw.one_per_turn", turn=3)


def test_nothing_is_laid_after_a_miss_the_drawn_tile_waits():
    refused(recb([T("A", "2:3", "3:5", "miss 1:1", "0:0")]), "blind.after_miss", turn=1)
    # 3:6 drawn after the miss at turn 4 is not played in that turn
    refused(recb(HB[:3] + [T("B", "miss 3:3", "draw 3:6", "3:6")]), "blind.after_miss", turn=4)


def test_a_turn_without_a_tile_laid_ends_with_pass():
    refused(recb(HB[:2] + [T("A", "miss 6:6")]), "turn.incomplete", turn=3)
    refused(recb(HB[:2] + [T("A", "pass")]), "blind.must_turn", turn=3)


def test_may_stop_after_any_tile_laid():
    h = one(recb([T("A", "2:3")]))
    assert h["end"] is None


def test_the_reveal_at_three_comes_at_once():
    refused(recb(HB[:4] + [T("A", "0:6", "4:4", "1:4", "6:6")]), "blind.must_open", turn=5)
    refused(recb(HB[:4] + [T("A", "0:6", "4:4", "1:4")]), "blind.must_open", turn=5)
    refused(recb(HB[:4] + [T("A", "0:6", "4:4", "1:4", "open 6:6 1:1 0:3")]), "blind.open_wrong", turn=5)
    refused(recb(HB[:4] + [T("A", "0:6", "4:4", "open 6:6 1:1 0:0")]), "blind.not_yet", turn=5)


def test_open_play_no_miss_must_play_one_face_up_draw():
    refused(recb(HB[:6] + [T("A", "miss 0:0")]), "blind.no_miss_open", turn=7)
    # the drawn tile (face up) is not played this turn
    refused(recb(HB[:6] + [T("A", "draw 0:3", "0:3")]), "blind.drawn_not_played", turn=7)
    # at turn 9, 0:3 fits: no pass and no draw
    refused(recb(HB[:8] + [T("A", "pass")]), "pass.must_play", turn=9)
    refused(recb(HB[:8] + [T("A", "draw 5:5")]), "draw.must_play", turn=9)
    # with nothing that fits, the draw is optional: he may pass
    ok(recb(HB[:6] + [T("A", "pass")]))


def test_unknown_rows_counts_only():
    h = one(recb(deal_=None, turns=HB, left={"B": 29}))
    assert (h["end"], h["winner"], h["points"]) == ("out", "A", {"A": 29, "B": 0})
    # B's missed tiles are known to be his: a remainder without them is impossible
    refused(recb(deal_=None, turns=HB, left={"B": ["1:2", "0:1", "6:6", "5:5", "4:5", "2:4"]}),
            "left.impossible")
    # a miss is checked against the table even when the row is unknown: 2:6 would fit the 2
    refused(recb(deal_=None, turns=HB[:1] + [T("B", "miss 2:6")]), "blind.miss_fits", turn=2)


def test_unknown_rows_all_turned_up_do_not_make_the_bazaar_known():
    # both rows turned up at a real table: the 12 unseen tiles may still be drawn and may fit
    turns = [T("A", "1:2", "2:3", "3:4", "4:5", "5:6", "open 0:0 0:4 0:5"),
             T("B", "6:6", "6:2", "2:2", "1:1", "1:3", "open 5:5 4:4 4:6")]
    out = ok(record("blind_blitz", AB, [hand(None, turns, lead="A")]))
    assert out["hands"][0]["end"] is None
    # an unnamed face-up draw: the hand is then known only by its count
    out = ok(record("blind_blitz", AB, [hand(None, turns + [T("A", "draw", "pass"), T("B", "draw 3:3", "pass")],
                                             lead="A")]))
    assert out["hands"][0]["end"] is None
    assert out["hands"][0]["left"]["A"] is None


@pytest.mark.parametrize("opener,leader", [("lowest_tile", "B"), ("highest_tile", "A"),
                                           ("double_blank", "A")])
def test_openers(opener, leader):
    # the lightest dealt tile is 0:1 (B), the heaviest 6:6 (A); no 0:0 dealt, lowest double 1:1 (A)
    d = deal(A="1:1 6:6 2:3 2:4 2:5 2:6 3:3 3:4", B="0:1 0:2 0:3 0:4 0:5 0:6 1:2 1:3")
    h = new_hand("blind_blitz", AB, {"opener": opener}, deal=d)
    assert h.players[h.to_move] == leader
    other = "A" if leader == "B" else "B"
    refused(record("blind_blitz", AB, [hand(d, [T(other, "1:3" if other == "B" else "3:4")])], opener=opener),
            "lead.wrong_player", turn=1)


def test_opener_agreed_the_lead_field_names_him_and_he_turns_up_his_rightmost():
    h = one(recb([T("B", "0:2")], opts={"opener": "agreed"}))
    assert h["end"] is None
    refused(record("blind_blitz", AB, [hand(D, [T("B", "0:2")], lead="A")], opener="agreed"),
            "lead.wrong_player", turn=1)
    # the opener turns up his rightmost tile like anyone else
    refused(record("blind_blitz", AB, [hand(D, [T("A", "0:0")])]), "blind.not_rightmost", turn=1)


def test_deal_sizes():
    assert new_hand("blind_blitz", AB).size == 8
    assert new_hand("blind_blitz", list("ABC")).size == 8
    assert new_hand("blind_blitz", list("ABCD")).size == 7
    assert new_hand("dark", list("ABCD")).size == 7


# -- in the dark ----------------------------------------------------------------------------------
HD = [
    T("A", "2:3"),                                # the starter's rightmost, whatever it is
    T("B", "0:2"),                                # one tile a turn: 0 | 3
    T("A", "3:5"),                                # 0 | 5
    T("B", "5:5"),
    T("A", "miss 1:1", "pass"),
    T("B", "4:5"),                                # 0 | 4
    T("A", "miss 6:6", "pass"),
    T("B", "miss 5:6", "draw 3:3", "pass"),
    T("A", "0:6"),                                # 6 | 4
    T("B", "miss 3:3", "pass"),
    T("A", "4:4"),
    T("B", "miss 2:2", "pass"),
    T("A", "1:4", "open 6:6 1:1 0:0"),            # 6 | 1; three left: turned up, nothing more now
    T("B", "miss 0:4", "pass"),
    T("A", "6:6", "1:1"),                         # from his next turn: several open tiles
    T("B", "0:1"),                                # 6 | 0
    T("A", "0:0"),                                # out
]


def recd(turns=HD, deal_=D, **extra):
    return record("dark", AB, [hand(deal_, turns, **extra)])


def test_dark_hand_out():
    h = one(recd())
    assert (h["end"], h["winner"]) == ("out", "A")
    # B: 0:4 2:2 3:3 5:6 1:2
    assert h["left"] == {"A": 0, "B": 28}
    assert h["points"] == {"A": 28, "B": 0}


def test_dark_one_tile_a_turn_before_the_reveal():
    refused(recd(HD[:1] + [T("B", "0:2", "5:5")]), "dark.one_tile", turn=2)
    refused(recd([T("A", "2:3", "3:5")]), "dark.one_tile", turn=1)
    # no second tile after a miss either, nor a miss after a tile laid
    refused(recd(HD[:2] + [T("A", "3:5", "miss 1:1")]), "dark.one_tile", turn=3)


def test_dark_no_more_tiles_in_the_turn_of_the_reveal():
    refused(recd(HD[:12] + [T("A", "1:4", "open 6:6 1:1 0:0", "6:6")]), "dark.one_tile", turn=13)


def test_dark_starter_by_lot():
    refused(recd(HD, lead="B"), "lead.wrong_player", turn=1)
    ok(recd(HD[:1], lead="A"))
    # any starter may be named: B leads his rightmost 0:2
    ok(recd([T("B", "0:2")], lead="B"))


def test_dark_at_a_real_table():
    h = one(recd(deal_=None, left={"B": ["0:4", "2:2", "3:3", "5:6", "1:2"]}))
    assert (h["winner"], h["points"]) == ("A", {"A": 28, "B": 0})


def test_block_judged_on_the_dead_layout_at_a_real_table():
    # ends 0 | 0 with all seven blanks on the table: no tile off the table can fit
    turns = [T("A", "0:0", "0:1", "1:2", "0:2>1:2", "miss 4:4"),
             T("B", "0:3>0:0", "3:4", "0:4>3:4", "0:5>0:4", "5:6", "open 0:6 1:1 2:2", "0:6>5:6")]
    left = {"A": ["4:4", "3:3", "1:3", "2:4"]}
    h = one(record("blind_blitz", AB, [hand(None, turns, lead="A", left=left)]))
    # A 8 + 6 + 4 + 6 = 24, B (1:1 2:2, turned up) 6: B wins 24 − 6
    assert (h["end"], h["winner"]) == ("block", "B")
    assert h["left"] == {"A": 24, "B": 6}
    assert h["points"] == {"A": 0, "B": 18}
    # A's missed 4:4 is his: a remainder without it is impossible
    refused(record("blind_blitz", AB, [hand(None, turns, lead="A", left={"A": ["5:5", "3:3", "1:3", "2:4"]})]),
            "left.impossible")


def test_unknown_rows_the_three_turned_up_are_checked():
    # A's missed 1:1 is his: it must be among the three he turns up
    turns = HB[:4] + [T("A", "0:6", "4:4", "1:4", "open 6:6 5:6 0:0")]
    refused(recb(deal_=None, turns=turns), "blind.open_wrong", turn=5)
    # a tile on the table cannot be turned up
    turns = HB[:4] + [T("A", "0:6", "4:4", "1:4", "open 6:6 1:1 2:3")]
    refused(recb(deal_=None, turns=turns), "blind.open_wrong", turn=5)
    # once turned up, the row is known: must-play is checked (0:3 fits at turn 9)
    refused(recb(deal_=None, turns=HB[:8] + [T("A", "pass")]), "pass.must_play", turn=9)
