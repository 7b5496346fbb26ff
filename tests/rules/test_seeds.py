"""The two illustrative hands of the source texts (seed 000: blitz, seed 003: traditional)."""


from referee.record import check

from ..conftest import load_record


def test_blitz_seed_hand_with_bazaar_draw_credits_zhan_132():
    code, out, _ = check(load_record("seed-blitz-draw.json"))
    assert code == 0, out["error"]
    hand = out["hands"][0]
    assert hand["end"] == "out"
    assert hand["winner"] == "Жан"
    assert hand["points"]["Жан"] == 132
    # the text forgets Владимир's 32: 22 + 19 + 59 + 32
    assert hand["left"] == {"Жан": 0, "Владимир": 32, "Андрей": 59, "Стас": 19, "Дмитрий": 22}
    assert out["match_winner"] == "Жан"


def test_blitz_seed_hand_under_default_is_refused_at_andrey_draw():
    rec = load_record("seed-blitz-draw.json")
    rec["options"] = {}
    code, out, _ = check(rec, "en")
    assert code == 1
    err = out["error"]
    assert (err["hand"], err["turn"], err["move"], err["rule"]) == (1, 3, "draw 5:5", "blitz.no_bazaar")
    assert "bazaar" in err["message"]


def test_traditional_seed_hand_credits_anfisa_2():
    code, out, _ = check(load_record("seed-traditional.json"))
    assert code == 0, out["error"]
    hand = out["hands"][0]
    assert (hand["end"], hand["winner"]) == ("out", "Анфиса")
    assert hand["points"] == {"Анфиса": 2, "Всеволод": 0}
    assert hand["left"] == {"Анфиса": 0, "Всеволод": 2}


def test_traditional_seed_claim_of_5_5_is_refused():
    rec = load_record("seed-traditional.json")
    rec["hands"][0]["left"] = {"Всеволод": ["5:5"]}
    code, out, _ = check(rec)
    assert code == 1
    assert out["error"]["rule"] == "left.mismatch"
    assert out["error"]["turn"] is None


def test_traditional_seed_targets_are_needed_where_a_tile_fits_two_ends():
    rec = load_record("seed-traditional.json")
    rec["hands"][0]["turns"][3]["moves"] = ["5:0"]
    code, out, _ = check(rec, "en")
    assert code == 1
    assert out["error"]["rule"] == "play.ambiguous"
    assert "5:0>6:5" in out["error"]["message"] and "0:5>6:0" in out["error"]["message"]
