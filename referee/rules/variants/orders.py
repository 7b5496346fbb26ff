"""The opening orders the families share: which tile opens a hand, by whom it is held."""

from __future__ import annotations

from ..tiles import DOUBLE, TILE
from .base import highest_tile_key, lowest_tile_key

DOUBLES_UP = [TILE[d][d] for d in range(7)]                    # 0:0 … 6:6
DOUBLES_DOWN = DOUBLES_UP[::-1]                                # 6:6 … 0:0
NON_DOUBLES = [t for t in range(28) if not DOUBLE[t]]
HEAVIEST = sorted(NON_DOUBLES, key=highest_tile_key)
LIGHTEST = sorted(NON_DOUBLES, key=lowest_tile_key)
KOZEL = [TILE[d][d] for d in (1, 2, 3, 4, 5, 6, 0)]
ONE_UP = [TILE[d][d] for d in (1, 2, 3, 4, 5, 6, 0)]           # spider, sausage
