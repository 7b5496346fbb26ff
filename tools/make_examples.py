"""Find a short complete example hand for every variant, showing its special moves.

Plays seeded random hands through the engine (tokens, as a record holds them) and keeps, per
variant, the shortest one whose tokens include the feature named below. Writes
tests/data/examples/<variant>.json (records that docs/notation.md shows and tests replay).
"""

import json
import random
import sys
from pathlib import Path

from referee.rules.playout import END_TURN, choices, random_hand
from referee.rules.tiles import tile_str, tiles_of

#: the move a variant's example should show, and its options (a variant not here: the shortest hand)
FEATURES = {
    "traditional": (">", {}), "blitz": (None, {"bazaar": "draw"}), "blind_blitz": ("open", {}),
    "dark": ("miss", {}), "sevastopol": (">", {}), "spider": ("down", {}),
    "sausage": ("cut", {}), "matador": ("across", {}), "six_matador": ("pass", {"scoring": "strict"}),
    "french": ("draw", {}), "muggins": ("along", {}), "bergen": ("draw", {}), "fives": ("across", {}),
    "threes": ("along", {}), "lucky_threes": ("draw", {}), "two_lane": ("pass", {}), "ladder": ("draw", {}),
}


def play(variant, n, seed, options):
    rng = random.Random(seed)
    h = random_hand(variant, n, rng, options)
    deal = {h.players[s]: [tile_str(t) for t in (h.rows[s] if h.v.blind else tiles_of(h.hands[s]))] for s in range(n)}
    lead = h.players[h.to_move] if h.to_move is not None else None
    turns = []
    cur = []
    seat = h.to_move
    while not h.over:
        opts = choices(h)
        tok = rng.choice(opts)
        if tok == END_TURN:
            turns.append({"player": h.players[seat], "moves": cur})
            h.end_turn()
            cur, seat = [], h.to_move
            continue
        if tok == "draw":
            tok = "draw " + tile_str(rng.choice(tiles_of(h.stock)))
        h.play(tok)
        cur.append(tok)
        if h.over or not h.turn_open:
            turns.append({"player": h.players[seat], "moves": cur})
            if not h.over:
                h.end_turn()
            cur, seat = [], h.to_move
    hand = {"deal": deal, "turns": turns}
    if h.removed_known >= 0:
        hand["removed"] = tile_str(h.removed_known)
    if h.starter >= 0:
        hand["starter"] = tile_str(h.starter)
    if lead and not h.v.fixed_leader(h):
        hand["lead"] = lead
    return hand, h


def main(*only, out_dir="tests/data/examples"):
    Path(out_dir).mkdir(parents=True, exist_ok=True)
    from referee.rules import VARIANTS, spec
    for variant in VARIANTS:              # every registered variant; FEATURES only steers a few
        feature, options = FEATURES.get(variant, (None, {}))
        if only and variant not in only:
            continue
        n = spec(variant).min_players
        best = None
        for seed in range(400):
            hand, h = play(variant, n, seed, options)
            if h.end == "redeal":
                continue
            toks = [m for t in hand["turns"] for m in t["moves"]]
            if feature and not any(feature in m for m in toks):
                continue
            if best is None or len(toks) < best[0]:
                best = (len(toks), hand, seed)
        rec = {"format": "referee-record/1", "variant": variant, "options": options,
               "players": [f"P{i + 1}" for i in range(n)], "hands": [best[1]]}
        names = {"P1": "Анна", "P2": "Борис", "P3": "Вера", "P4": "Глеб"}
        text = json.dumps(rec, ensure_ascii=False)
        for k, v in names.items():
            text = text.replace(f'"{k}"', f'"{v}"')
        Path(out_dir, f"{variant}.json").write_text(json.dumps(json.loads(text), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(variant, best[0], "moves, seed", best[2], file=sys.stderr)


if __name__ == "__main__":
    main(*sys.argv[1:])
