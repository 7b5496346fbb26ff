"""The engine's public API (docs/engine-api.md) and its internal agreements."""

import pytest

from referee.rules import clone, new_hand, parse_tile
from referee.rules.catalogue import VARIANTS
from referee.rules.tiles import tile_str

from .recs import positions

SEED_DEAL = {"Анфиса": ["3:2", "3:3", "4:6", "1:3", "5:6", "4:0", "6:6"],
             "Всеволод": ["0:0", "2:0", "1:1", "0:6", "2:6", "2:1", "0:5"]}


def test_layout_view_names_every_place_by_its_token_target():
    h = new_hand("traditional", ["Анфиса", "Всеволод"], deal=SEED_DEAL)
    for tok in ["6:6", "6:0", "6:5"]:
        h.play(tok)
        h.end_turn()
    view = h.layout_view()
    assert view["root"]["tile"] == "6:6" and view["root"]["across"] is True
    assert sorted(e["target"] for e in view["ends"]) == ["6:0", "6:5"]
    assert sorted(e["shows"][0] for e in view["ends"]) == [0, 5]
    arms = sorted(view["arms"].values(), key=lambda arm: arm[0]["tile"])
    assert [(p["a"], p["b"]) for arm in arms for p in arm] == [(6, 0), (6, 5)]
    # every listed target, used in a token, lays a tile there
    assert h.places_for(parse_tile("5:0")) == ["0:5>6:0", "5:0>6:5"]


def test_lone_first_tile_places_are_named_by_half():
    h = new_hand("muggins", ["A", "B"], lead="A")
    h.play("3:5")
    h.end_turn()
    assert sorted(e["target"] for e in h.layout_view()["ends"]) == ["3:5@3", "3:5@5"]


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_fit_masks_agree_with_the_placements_found_tile_by_tile(variant):
    """The bitmask fast path (blocks, must-play) and the placement search never disagree."""
    spec = VARIANTS[variant]
    for seed in range(6):
        for h in positions(variant, spec.max_players, seed, 40):
            seat = h.to_move or 0
            for turn in (False, True):
                mask = h.v.fit_mask(h, seat, turn)
                for t in range(28):
                    if h.layout.mask >> t & 1:
                        continue
                    found = bool(h.cands(t, seat, turn)[0])
                    assert bool(mask >> t & 1) == found, (variant, seed, tile_str(t), turn, h.history[-4:])


def test_result_only_out_player_may_be_listed_with_nothing_left():
    from referee.record import check

    rec = {"format": "referee-record/1", "variant": "traditional", "players": ["A", "B", "C"],
           "hands": [{"result": {"out": "A", "left": {"A": 0, "B": 7, "C": ["6:6"]}}},
                     {"result": {"out": "B", "left": {"A": 3, "B": [], "C": 4}}}]}
    code, out, _ = check(rec, "en")
    assert code == 0, out["error"]
    assert [h["points"] for h in out["hands"]] == [{"A": 19, "B": 0, "C": 0}, {"A": 0, "B": 7, "C": 0}]


def test_ladder_leader_may_be_named_with_the_starter_on_the_table():
    h = new_hand("ladder", ["A", "B", "C"], starter="3:5")
    h.set_leader(1)
    assert h.players[h.to_move] == "B"


def test_blind_places_follow_the_turn():
    deal = {"A": ["1:1", "2:2", "0:1", "3:3", "4:4", "5:5", "6:6", "0:6"],
            "B": ["0:2", "0:3", "0:4", "0:5", "1:2", "1:3", "1:4", "1:5"]}
    h = new_hand("blind_blitz", ["A", "B"], {"opener": "agreed"}, deal=deal, lead="A")
    assert h.places_for(parse_tile("0:6")) == ["0:6"]          # the rightmost tile leads
    assert h.places_for(parse_tile("1:1")) == []               # not the rightmost: nothing
    h.play("0:6")
    h.end_turn()
    h.play("miss 1:5")                                         # B's rightmost fits nowhere
    assert h.places_for(parse_tile("1:4")) == []               # after a miss nothing is laid
    assert sorted(h.legal_tokens())[-1] == "pass"


def test_matador_refusal_names_the_sum():
    h = new_hand("matador", ["A", "B"], lead="A")
    h.play("2:3")
    h.end_turn()
    err = h.explain(parse_tile("2:2"))
    assert "7" in err.message("en") and "{sum}" not in err.message("ru")


def _closes(h) -> bool:
    from referee.rules.errors import RuleError

    c = clone(h)
    try:
        c.end_turn()
    except RuleError:
        return False
    return True


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_can_end_turn_says_what_end_turn_does(variant):
    """The table offers «End the turn» where the engine says it may be: ``can_end_turn()`` is
    true exactly where ``end_turn()`` on a copy is accepted (a turn that has only drawn, a
    blind row still to open, the leader not yet named: refused), before and after each legal
    token of the player to move."""
    seen = set()
    for seed in range(3):
        for h in positions(variant, VARIANTS[variant].max_players, seed, 30):
            tried = [h]
            for token in h.legal_tokens()[:4] if h.to_move is not None else []:
                after = clone(h)
                after.play(token)
                if not after.over:
                    tried.append(after)
            for x in tried:
                assert x.can_end_turn() == _closes(x), (seed, x.t_moves)
                seen.add(x.can_end_turn())
    assert seen == {True, False}
