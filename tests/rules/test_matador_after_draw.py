"""House option matador_after_draw (a gap the sources leave open): after one draw that does not
fit, may a matador kept in hand still be laid instead of passing?

Hand, worked out by hand: B leads 2:6 (ends 2, 6). A lays the matador 2:5 across on the 2 (the
end shows 2 and 5). B: 5:0 on it (5 + 2 = 7; the end shows 0). A: 1:5 on 2:6 (1 + 6 = 7; shows 5).
Ends 0 and 5: B holds 1:4 3:4 3:6 4:4 — a 5 needs a 2 (none), the 0 takes only a matador, and his
only matador 3:4 need not be spent (matador_compulsory=no), so he draws: 4:5 fits nowhere.
"""

import pytest

from referee.record import check

DEAL = {"A": ["0:6", "1:5", "2:3", "2:5", "3:3", "6:6"], "B": ["0:5", "1:4", "2:6", "3:4", "3:6", "4:4"]}
HEAD = [{"player": "B", "moves": ["2:6"]}, {"player": "A", "moves": ["2:5>2:6@2 across"]},
        {"player": "B", "moves": ["5:0>2:5"]}, {"player": "A", "moves": ["1:5>2:6"]}]


def record(option, last_turn, variant="matador"):
    opts = {} if option is None else {"matador_after_draw": option}
    return {"format": "referee-record/1", "variant": variant, "options": opts, "players": ["A", "B"],
            "hands": [{"deal": DEAL, "lead": "B", "turns": HEAD + [{"player": "B", "moves": last_turn}]}]}


@pytest.mark.parametrize("option", [None, "no"])
def test_by_default_a_failed_draw_is_followed_by_pass(option):
    code, out, _ = check(record(option, ["draw 4:5", "3:4>5:0 across"]), "en")
    assert code == 1
    assert (out["error"]["turn"], out["error"]["move"], out["error"]["rule"]) == (5, "3:4>5:0 across", "turn.over")
    code, out, _ = check(record(option, ["draw 4:5", "pass"]), "en")
    assert code == 0 and out["hands"][0]["end"] is None


def test_with_the_option_the_matador_kept_may_be_laid_after_the_draw():
    code, out, rep = check(record("yes", ["draw 4:5", "3:4>5:0 across"]), "en")
    assert code == 0, out["error"]
    live = rep.live
    assert live.players[live.to_move] == "A"
    assert sorted(e["shows"] for e in live.layout_view()["ends"]) == [[3, 4], [5]]
    # passing stays allowed: the matador is never compulsory
    assert check(record("yes", ["draw 4:5", "pass"]), "en")[0] == 0


def test_the_option_never_lets_an_ordinary_tile_replace_the_draw():
    # B's 1:4 fits nowhere anyway; 3:6 neither: only a matador may be laid after the failed draw
    code, out, _ = check(record("yes", ["draw 4:5", "3:6"]), "en")
    assert code == 1 and out["error"]["rule"] in ("turn.over", "matador.no_fit")


def test_six_matador_knows_the_option_and_french_does_not():
    assert check(record("yes", ["draw 4:5", "pass"], "six_matador"), "en")[1]["error"]["rule"] != "record.option_key"
    rec = record("yes", [], "french")
    code, out, _ = check(rec, "en")
    assert code == 2 and out["error"]["rule"] == "record.option_key"
