"""referee.rules: the pure rules engine (no Flask, SQLite or WeasyPrint here).

    >>> from referee.rules import new_hand
    >>> h = new_hand("traditional", ["Анфиса", "Всеволод"], deal={
    ...     "Анфиса": ["3:2", "3:3", "4:6", "1:3", "5:6", "4:0", "6:6"],
    ...     "Всеволод": ["0:0", "2:0", "1:1", "0:6", "2:6", "2:1", "0:5"]})
    >>> h.players[h.to_move]
    'Анфиса'
    >>> h.play("6:6"); h.end_turn()
"""

from __future__ import annotations

import copy
from typing import Mapping

from .catalogue import VARIANTS, OptionError, resolve_options, spec
from .errors import AmbiguousMove, IllegalMove, MoveSyntaxError, RuleError
from .hand import Cand, Hand
from .notation import Move, parse_move
from .tiles import parse_tile, tile_str
from .variants import REGISTRY, VARIANT_NAMES, make_variant

__all__ = [
    "VARIANTS", "VARIANT_NAMES", "OptionError", "resolve_options", "spec",
    "RuleError", "MoveSyntaxError", "IllegalMove", "AmbiguousMove",
    "Hand", "Cand", "Move", "parse_move", "parse_tile", "tile_str",
    "REGISTRY", "make_variant", "new_hand", "clone", "compiled",
]


def compiled() -> bool:
    """Whether the engine running is the optional build compiled by mypyc (``setup.py``,
    ``REFEREE_MYPYC=1``): its hot path (``referee.rules.hand``, ``referee.rules.variants.base``
    and the rest setup.py lists) loaded from extension modules rather than from their ``.py``
    sources. False for the interpreted engine, the reference that ``pip install`` gives."""
    from . import hand
    from .variants import base

    return not hand.__file__.endswith(".py") and not base.__file__.endswith(".py")


def new_hand(variant: str, players: list[str], options: Mapping[str, object] | None = None,
             deal: Mapping[str, list[str]] | None = None, lead: str | None = None,
             removed: str | None = None, starter: str | None = None,
             previous_winner: str | None = None, first_hand: bool = True) -> Hand:
    """A hand of ``variant`` for ``players`` (names clockwise), deal given by name or unknown."""
    v = make_variant(variant, len(players), options)
    seat = {p: i for i, p in enumerate(players)}
    deal_list = None
    if deal is not None:
        deal_list = [[parse_tile(x) for x in deal[p]] for p in players]
    return Hand(v, players, deal_list,
                lead=seat[lead] if lead is not None else None,
                removed=parse_tile(removed) if removed is not None else None,
                starter=parse_tile(starter) if starter is not None else None,
                previous_winner=seat.get(previous_winner) if previous_winner is not None else None,
                first_hand=first_hand)


#: what a hand's copy shares with it (neither changes during a hand: the variant, holding the
#: rules and the caches of what they allow, and the players' names); the lists of moves of the
#: turns in ``turn_log`` are shared too (a turn logged is never changed: the hand starts a new
#: list for the next one)
CLONE_SHARES = ("v", "players")
#: what a copy does not take (caches of what fits, keyed on the layout: the copy asks again)
CLONE_RESETS = ("_fit_any", "_fit_turn")


def clone(h: Hand) -> Hand:
    """An independent copy of a hand (for look-ahead: move-tree counts, legality probes): every
    field equal, none that can change shared with ``h`` but ``CLONE_SHARES``, the caches of
    ``CLONE_RESETS`` emptied (``tests/rules/test_clone.py`` walks every field of the hand, its
    layout, its tiles on the table and its ``vs``, so a new field that is not copied fails it).
    Written out, not a loop over the fields: the look-ahead's hot path."""
    c = copy.copy(h)
    c.layout = h.layout.copy()
    c.hands = list(h.hands)
    c.rows = [list(r) for r in h.rows]
    c.counts = list(h.counts)
    c.known = list(h.known)
    c.known_in = list(h.known_in)
    c.opened = list(h.opened)
    c.scores = list(h.scores)
    c.history = list(h.history)
    c.turn_log = list(h.turn_log)
    c.t_moves = list(h.t_moves)
    c.vs = h.vs.copy()
    c._fit_any = (-1, 0)
    c._fit_turn = (-1, -2, 0)
    if h.left_pips is not None:
        c.left_pips = list(h.left_pips)
    return c
