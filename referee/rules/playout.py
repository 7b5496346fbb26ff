"""Random complete hands through the engine: the benchmark's work and the tests' playouts.

Each step chooses uniformly among the legal moves of the player to move (all draws count as
one move, whose tile is then taken at random from the stock; ending a turn that may go on is
a move too), exactly as ``referee check`` would accept them.
"""

from __future__ import annotations

import random
from typing import Any, Iterator, Mapping, Sequence

from .hand import Hand
from .notation import Move
from .tiles import ALL_TILES, tile_str, tiles_of
from .variants import Variant, make_variant

__all__ = ["random_deal", "random_hand", "play_random", "walk", "played_turns", "choices", "END_TURN"]

END_TURN = "end"


#: random.Random.shuffle's steps for 28 tiles: (i, the bit length of i + 1), i from 27 down to 1
_SHUFFLE = [(i, (i + 1).bit_length()) for i in reversed(range(1, 28))]


def random_deal(v: Variant[Any], n: int, rng: random.Random) -> tuple[list[list[int]], int | None, int | None]:
    tiles = list(ALL_TILES)
    by_bits = getattr(random.Random, "_randbelow_with_getrandbits", None)
    if by_bits is not None and getattr(type(rng), "_randbelow", None) is by_bits:
        # rng.shuffle(tiles) written out: the same numbers, drawn as _randbelow draws them
        bits = rng.getrandbits
        for i, b in _SHUFFLE:
            j = bits(b)
            while j > i:
                j = bits(b)
            tiles[i], tiles[j] = tiles[j], tiles[i]
    else:
        rng.shuffle(tiles)
    size = v.deal_size(n)
    deal = [tiles[i * size:(i + 1) * size] for i in range(n)]
    rest = tiles[n * size:]
    removed = starter = None
    if v.removes_one and rest:
        removed = rest.pop()
    if v.starter_from_bazaar:
        starter = rest.pop()
    return deal, removed, starter


def random_hand(variant: str, players: int, rng: random.Random,
                options: Mapping[str, object] | None = None, v: Variant[Any] | None = None) -> Hand:
    """A hand with a random deal (and a random leader where the rules leave it to lot).
    ``v``: a variant object to reuse (the benchmark makes it once)."""
    if v is None:
        v = make_variant(variant, players, options)
    names = [f"P{i + 1}" for i in range(players)]
    deal, removed, starter = random_deal(v, players, rng)
    h = Hand(v, names, deal, removed=removed, starter=starter)
    if h.to_move is None and not h.over:
        h.to_move = rng.randrange(players)
    return h


def choices(h: Hand) -> list[str]:
    """Every legal move now as tokens (all draws as one ``draw``), plus ``end`` where the turn
    may end here."""
    toks = h.legal_tokens()
    draws = [t for t in toks if t.startswith("draw")]
    out = [t for t in toks if not t.startswith("draw")]
    if draws:
        out.append("draw")
    if h.t_laid and h.turn_open and not h.t_pending_open:
        out.append(END_TURN)
    return out


def _random_draw(h: Hand, rng: random.Random) -> str:
    if h.deal_known and h.stock > 0:
        return "draw " + tile_str(rng.choice(tiles_of(h.stock)))
    return "draw"


#: the parsed draws and pass (``Hand.play`` takes a Move as it takes its token)
_DRAWS = [Move("draw", t) for t in ALL_TILES]
_DRAW_UNSEEN = Move("draw")
_PASS = Move("pass")


def _random_draw_move(h: Hand, rng: random.Random) -> Move:
    """``_random_draw`` as a Move (the same random choice)."""
    if h.deal_known and h.stock > 0:
        return _DRAWS[rng.choice(tiles_of(h.stock))]
    return _DRAW_UNSEEN


def walk(h: Hand, rng: random.Random, max_steps: int = 5000) -> Iterator[Hand]:
    """Play ``h`` with random legal tokens (as a record holds them), yielding the hand before
    each step; the caller may look at it (or copy it) and the walk goes on from there."""
    steps = 0
    while not h.over and steps < max_steps:
        steps += 1
        yield h
        _step(h, rng)


def _step(h: Hand, rng: random.Random) -> tuple[str, bool]:
    """One random step of :func:`walk`: the token played (``END_TURN`` for ending the turn) and
    whether playing it ended the turn."""
    tok = rng.choice(choices(h))
    if tok == END_TURN:
        h.end_turn()
        return tok, True
    if tok == "draw":
        tok = _random_draw(h, rng)
    h.play(tok)
    if not h.over and not h.turn_open:
        h.end_turn()
        return tok, True
    return tok, False


def played_turns(h: Hand, rng: random.Random, names: Sequence[str] | None = None,
                 max_steps: int = 5000) -> list[dict[str, Any]]:
    """Play ``h`` on as :func:`walk` does and return its turns as a record writes them
    (``{"player", "moves"}``, each token as chosen), the players called by ``names`` (one a
    seat; by default the hand's own)."""
    who = list(names) if names is not None else list(h.players)
    turns: list[dict[str, Any]] = []
    going_on = False            # the last turn written may take another move
    steps = 0
    while not h.over and steps < max_steps:
        steps += 1
        seat = h.to_move
        tok, ended = _step(h, rng)
        if tok == END_TURN or seat is None:
            continue
        if not turns or turns[-1]["player"] != who[seat] or not going_on:
            turns.append({"player": who[seat], "moves": []})
        turns[-1]["moves"].append(tok)
        going_on = not ended
    return turns


def play_random(h: Hand, rng: random.Random, max_steps: int = 5000) -> int:
    """Play ``h`` to its end with uniformly random legal moves; returns the tiles laid.

    Lays are chosen among :meth:`Hand.lay_options` (asked with the draw and the pass through
    :meth:`Hand.turn_choices` at the start of a turn) and played with :meth:`Hand.play_lay`
    (the same checks and the same end detection as a token); draws and passes go through
    :meth:`Hand.play` like any token. The blind variants go through tokens throughout.
    """
    v = h.v
    if v.blind:
        return _play_random_tokens(h, rng, max_steps)
    laid = 0
    steps = 0
    # the moves now: the lays (in lay_options' order), then a draw, a pass (before a lay) or
    # the end of the turn (after one, where the turn may go on); one uniform choice among them
    lay_options = h.lay_options
    turn_choices = h.turn_choices
    play_lay = h.play_lay
    play_lay_end = h.play_lay_end
    end_turn = h.end_turn
    play = h.play
    # one tile a turn (no multi-lay rule, not blind): a turn ends with its lay or its pass
    # (``turn_open`` says so there); a draw leaves it open
    single = not v.multi_lay and not v._multi_rule
    # rng.randrange(n) for n > 0 is rng._randbelow(n): in random.Random, getrandbits of n's
    # bit length until below n (the same numbers, without the calls)
    by_bits = getattr(random.Random, "_randbelow_with_getrandbits", None)
    bits = rng.getrandbits if by_bits is not None and getattr(type(rng), "_randbelow", None) is by_bits else None
    randrange = getattr(rng, "_randbelow", None) or rng.randrange
    if single and bits is not None:
        # the same moves as the loop below, for the single-lay games: every turn starts with
        # nothing laid, and ends with its lay or its pass
        if h.over:
            return laid
        for _ in range(max_steps):
            lays, draw, pass_ = turn_choices()
            nl = len(lays)
            n = nl + draw + pass_
            if not n:
                raise RuntimeError(f"no legal move for seat {h.to_move}: {h.history[-6:]}")
            b = n.bit_length()
            k = bits(b)
            while k >= n:
                k = bits(b)
            if k < nl:
                t, c = lays[k]
                play_lay_end(t, c)
                laid += 1
                if h.over:
                    return laid
                continue
            if draw and k == nl:
                play(_random_draw_move(h, rng))
                if h.over:
                    return laid
                if h.turn_open:
                    continue
            else:
                play(_PASS)
            if h.over:
                return laid
            end_turn()
            if h.over:
                return laid
        raise RuntimeError("hand did not end")
    while not h.over:
        steps += 1
        if steps > max_steps:
            raise RuntimeError("hand did not end")
        if not h.t_laid:
            lays, draw, pass_ = turn_choices()
            nl = len(lays)
            n = nl + draw + pass_
            if not n:
                raise RuntimeError(f"no legal move for seat {h.to_move}: {h.history[-6:]}")
            if bits is not None:
                b = n.bit_length()
                k = bits(b)
                while k >= n:
                    k = bits(b)
            else:
                k = randrange(n)
            if k < nl:
                t, c = lays[k]
                play_lay(t, c)
                laid += 1
                if single:
                    if not h.over:
                        end_turn()
                    continue
            elif draw and k == nl:
                play(_random_draw_move(h, rng))
            else:
                play(_PASS)
                if single:
                    if not h.over:
                        end_turn()
                    continue
        else:
            lays = lay_options()
            nl = len(lays)
            n = nl + 1 if h.turn_open else nl
            if not n:
                raise RuntimeError(f"no legal move for seat {h.to_move}: {h.history[-6:]}")
            k = randrange(n)
            if k < nl:
                t, c = lays[k]
                play_lay(t, c)
                laid += 1
            else:
                end_turn()
                continue
        if not h.over and not h.turn_open:
            end_turn()
    return laid


def _play_random_tokens(h: Hand, rng: random.Random, max_steps: int) -> int:
    """``play_random`` by tokens (the blind variants)."""
    laid = 0
    steps = 0
    while not h.over:
        steps += 1
        if steps > max_steps:
            raise RuntimeError("hand did not end")
        opts = choices(h)
        if not opts:
            raise RuntimeError(f"no legal move for seat {h.to_move}: {h.history[-6:]}")
        tok = rng.choice(opts)
        if tok == END_TURN:
            h.end_turn()
            continue
        before = h.t_laid
        if tok == "draw":
            h.play(_random_draw_move(h, rng))
        else:
            h.play(_PASS if tok == "pass" else tok)
        laid += h.t_laid > before
        if not h.over and not h.turn_open:
            h.end_turn()
    return laid
