"""Random complete hands through the engine: the benchmark's work and the tests' playouts.

Each step chooses uniformly among the legal moves of the player to move (all draws count as
one move, whose tile is then taken at random from the stock; ending a turn that may go on is
a move too), exactly as ``referee check`` would accept them.
"""

from __future__ import annotations

import random
from typing import Mapping

from .hand import Hand
from .tiles import ALL_TILES, tile_str, tiles_of
from .variants import make_variant

__all__ = ["random_deal", "random_hand", "play_random", "END_TURN"]

END_TURN = "end"


def random_deal(v, n: int, rng: random.Random) -> tuple[list[list[int]], int | None, int | None]:
    tiles = list(ALL_TILES)
    rng.shuffle(tiles)
    size = v.deal_size(n)
    deal = [tiles[i * size:(i + 1) * size] for i in range(n)]
    rest = tiles[n * size:]
    removed = starter = None
    if v.removes_one and rest:
        removed = rest.pop()
    if v.layout_kind == "ladder":
        starter = rest.pop()
    return deal, removed, starter


def random_hand(variant: str, players: int, rng: random.Random,
                options: Mapping[str, object] | None = None) -> Hand:
    v = make_variant(variant, players, options)
    names = [f"P{i + 1}" for i in range(players)]
    deal, removed, starter = random_deal(v, players, rng)
    h = Hand(v, names, deal, removed=removed, starter=starter)
    if h.to_move is None and not h.over:
        h.to_move = rng.randrange(players)
    return h


def choices(h: Hand) -> list[str]:
    toks = h.legal_tokens()
    draws = [t for t in toks if t.startswith("draw")]
    out = [t for t in toks if not t.startswith("draw")]
    if draws:
        out.append("draw")
    if h.t_laid and h.turn_open and not h.t_pending_open:
        out.append(END_TURN)
    return out


def play_random(h: Hand, rng: random.Random, max_steps: int = 5000) -> int:
    """Play ``h`` to its end with random legal moves; returns the number of tiles laid."""
    laid = 0
    steps = 0
    while not h.over:
        steps += 1
        if steps > max_steps:
            raise RuntimeError("hand did not end")
        opts = choices(h)
        if not opts:
            raise RuntimeError(f"no legal move for {h.players[h.to_move]}: {h.history[-6:]}")
        tok = rng.choice(opts)
        if tok == END_TURN:
            h.end_turn()
            continue
        if tok == "draw":
            if h.deal_known and h.stock > 0:
                pool = tiles_of(h.stock)
                tok = "draw " + tile_str(rng.choice(pool))
        before = h.t_laid
        h.play(tok)
        if h.t_laid > before:
            laid += 1
        if not h.over and not h.turn_open:
            h.end_turn()
    return laid
