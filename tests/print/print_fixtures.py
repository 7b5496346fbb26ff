"""Records and reports for the printed-sheet tests.

The reports have exactly the ``referee check --json`` shape (record-format.md). The hand-made ones
(the record-format example: blitz, Жан credited 132; the traditional seed hand: Анфиса credited 2)
are what the engine's replay must report for them; the long synthetic matches are result-only
hands the engine scores.
"""

from __future__ import annotations

import copy

BLITZ_RECORD = {
    "format": "referee-record/1",
    "variant": "blitz",
    "options": {"bazaar": "draw"},
    "date": "2026-11-28",
    "lang": "ru",
    "players": ["Жан", "Владимир", "Андрей", "Стас", "Дмитрий"],
    "hands": [{
        "deal": {"Жан": ["4:5", "1:1", "0:0", "1:4", "5:1"], "Владимир": ["0:3", "6:6", "3:5", "3:4", "3:2"],
                 "Андрей": ["5:2", "4:2", "4:4", "5:6", "1:6"], "Стас": ["2:2", "5:0", "3:3", "6:0", "3:1"],
                 "Дмитрий": ["6:2", "4:0", "3:6", "2:1", "0:1"]},
        "turns": [
            {"player": "Жан", "moves": ["0:0"]},
            {"player": "Владимир", "moves": ["0:3"]},
            {"player": "Андрей", "moves": ["draw 5:5", "draw 6:4", "draw 0:2", "0:2>0:0"]},
            {"player": "Стас", "moves": ["3:3"]},
            {"player": "Дмитрий", "moves": ["2:1"]},
            {"player": "Жан", "moves": ["1:1", "1:5", "5:4", "4:1"]},
        ],
    }],
}

BLITZ_REPORT = {
    "ok": True,
    "variant": "blitz",
    "hands": [{"number": 1, "end": "out", "winner": "Жан",
               "points": {"Жан": 132, "Владимир": 0, "Андрей": 0, "Стас": 0, "Дмитрий": 0},
               "left": {"Жан": 0, "Владимир": 32, "Андрей": 59, "Стас": 19, "Дмитрий": 22}}],
    "totals": {"Жан": 132, "Владимир": 0, "Андрей": 0, "Стас": 0, "Дмитрий": 0},
    "match_winner": "Жан",
    "error": None,
}

# Under the default bazaar=none the same hand is refused at Андрей's draw.
BLITZ_REFUSED_RECORD = {k: v for k, v in BLITZ_RECORD.items() if k != "options"}
BLITZ_REFUSED_REPORT = {
    "ok": False, "variant": "blitz", "hands": [], "totals": {p: 0 for p in BLITZ_RECORD["players"]},
    "match_winner": None,
    "error": {"hand": 1, "turn": 3, "move": "draw 5:5", "rule": "blitz.no_bazaar",
              "message": "В блице нет базара: брать кости нельзя."},
}

TRAD_RECORD = {
    "format": "referee-record/1",
    "variant": "traditional",
    "options": {},
    "lang": "ru",
    "players": ["Анфиса", "Всеволод"],
    "hands": [{
        "deal": {"Анфиса": ["3:2", "3:3", "4:6", "1:3", "5:6", "4:0", "6:6"],
                 "Всеволод": ["0:0", "2:0", "1:1", "0:6", "2:6", "2:1", "0:5"]},
        "turns": [{"player": p, "moves": [m]} for p, m in zip(
            ["Анфиса", "Всеволод"] * 7,
            ["6:6", "6:0", "6:5", "5:0>6:5", "0:4>5:0", "0:0>6:0", "4:6", "6:2", "2:3", "0:2", "3:3",
             "2:1", "1:3>2:1"])],
    }],
}

TRAD_REPORT = {
    "ok": True,
    "variant": "traditional",
    "hands": [{"number": 1, "end": "out", "winner": "Анфиса", "points": {"Анфиса": 2, "Всеволод": 0},
               "left": {"Анфиса": 0, "Всеволод": 2}}],
    "totals": {"Анфиса": 2, "Всеволод": 0},
    "match_winner": None,
    "error": None,
}

FOUR = ["Анфиса", "Всеволод", "Жан", "Владимир"]
FOUR_EN = ["Alice", "Bob", "Carol", "Dave"]


def long_match(n_hands: int, players=FOUR, target: int = 100, variant: str = "traditional"):
    """A result-only match of ``n_hands`` hands (winners cycle round the table); the engine scores it."""
    hands = []
    for i in range(n_hands):
        w = players[i % len(players)]
        left = {p: (0 if p == w else 1 + (i + k) % 9) for k, p in enumerate(players)}
        end = "block" if i % 5 == 4 else "out"
        hands.append({"result": {"out": w if end == "out" else None, "left": left, "scored": {}}})
    return {"format": "referee-record/1", "variant": variant, "options": {"target": target},
            "players": list(players), "date": "2026-11-29", "hands": hands}


def report_for(record):
    """The engine's report for ``record``."""
    from referee.record import replay

    return replay(copy.deepcopy(record)).to_json()


NAMES = ["Анфиса", "Всеволод", "Жан", "Владимир", "Стас", "Дмитрий", "Андрей", "Ольга"]


def random_record(variant: str, players: int, hands: int, seed: int = 1, options=None, lang: str = "ru"):
    """A real record of up to ``hands`` random hands (stopping when the match is decided), made
    move by move through the engine with tokens, as a table would record it; and its replay."""
    import random

    from referee.record import replay
    from referee.rules.hand import Hand
    from referee.rules.playout import random_deal, walk
    from referee.rules.variants import make_variant

    rng = random.Random(seed)
    names = NAMES[:players]
    v = make_variant(variant, players, options or {})
    record = {"format": "referee-record/1", "variant": variant, "options": dict(options or {}),
              "players": names, "date": "2026-11-30", "lang": lang, "hands": []}
    prev = None
    report = None
    for k in range(hands):
        deal, removed, starter = random_deal(v, players, rng)
        kw = dict(removed=removed, starter=starter, previous_winner=prev, first_hand=k == 0)
        h = Hand(v, names, deal, **kw)
        entry = {"deal": {names[s]: [_ts(t) for t in deal[s]] for s in range(players)}}
        if removed is not None:
            entry["removed"] = _ts(removed)
        if starter is not None:
            entry["starter"] = _ts(starter)
        if h.to_move is None and not h.over:
            lead = rng.randrange(players)
            h = Hand(v, names, deal, lead=lead, **kw)
            entry["lead"] = names[lead]
        for _ in walk(h, rng, max_steps=3000):
            pass
        turns = [{"player": names[s], "moves": list(m)} for s, m in h.turn_log]
        if h.t_moves and not (h.turn_log and h.turn_log[-1] == (h.history[-1][0], list(h.t_moves))):
            turns.append({"player": names[h.history[-1][0]], "moves": list(h.t_moves)})
        if turns:
            entry["turns"] = turns
        record["hands"].append(entry)
        report = replay(copy.deepcopy(record)).to_json()
        assert report["error"] is None, report["error"]
        last = report["hands"][-1]
        if last["end"] != "redeal":
            prev = names.index(last["winner"]) if last["winner"] else None
        if report["match_winner"]:
            break
    return record, report


def _ts(t: int) -> str:
    from referee.rules.tiles import tile_str

    return tile_str(t)
