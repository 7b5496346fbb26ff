"""Tiles of the double-six set as small integers, and sets of tiles as bitmasks.

A tile is an ``int`` from 0 to 27; tile ``t`` has halves ``A[t] <= B[t]``.
A set of tiles is an ``int`` bitmask (bit ``t`` set when tile ``t`` is in it).
"""

from __future__ import annotations

import re
from typing import Iterable

from .errors import MoveSyntaxError

__all__ = [
    "A", "B", "PIPS", "TILE_NAMES", "DOUBLE", "TILE", "ALL_TILES", "ALL_MASK", "SUIT", "DOUBLES_MASK",
    "parse_tile", "tile_str", "halves", "pips", "is_double", "tiles_of", "mask_of", "popcount",
]

A: list[int] = []
B: list[int] = []
TILE: list[list[int]] = [[-1] * 7 for _ in range(7)]
for _a in range(7):
    for _b in range(_a, 7):
        TILE[_a][_b] = TILE[_b][_a] = len(A)
        A.append(_a)
        B.append(_b)

PIPS: list[int] = [a + b for a, b in zip(A, B)]
#: TILE_NAMES[t]: ``"a:b"`` with a <= b (what ``tile_str(t)`` gives)
TILE_NAMES: tuple[str, ...] = tuple(f"{a}:{b}" for a, b in zip(A, B))
DOUBLE: list[bool] = [a == b for a, b in zip(A, B)]
ALL_TILES: tuple[int, ...] = tuple(range(28))
ALL_MASK: int = (1 << 28) - 1
#: SUIT[n]: the mask of tiles with a half showing n.
SUIT: list[int] = [sum(1 << t for t in ALL_TILES if A[t] == n or B[t] == n) for n in range(7)]
DOUBLES_MASK: int = sum(1 << t for t in ALL_TILES if DOUBLE[t])

#: a tile as written: its two halves with ``:`` or ``-`` between them, each a digit (one above 6
#: names no tile): the one tile grammar, read whole by :func:`parse_tile` and found inside a move
#: token by ``notation.written_tiles``
WRITTEN = r"([0-9])\s*[:\-]\s*([0-9])"
_TOKEN = re.compile(rf"^\s*{WRITTEN}\s*$")


def parse_tile(text: object) -> int:
    """``"3:5"``, ``"5:3"`` and ``"3-5"`` are one tile; anything else is a MoveSyntaxError."""
    if isinstance(text, str):
        t = _PLAIN.get(text)
        if t is not None:
            return t
    return _parse_tile(text)


def _parse_tile(text: object) -> int:
    if not isinstance(text, str):
        raise MoveSyntaxError("token.tile", {"token": str(text)})
    m = _TOKEN.match(text)
    if not m:
        raise MoveSyntaxError("token.tile", {"token": text})
    a, b = int(m.group(1)), int(m.group(2))
    if a > 6 or b > 6:
        raise MoveSyntaxError("token.tile", {"token": text})
    return TILE[a][b]


#: "a:b" and "a-b" for every tile, both ways round: the spellings a record nearly always uses
_PLAIN: dict[str, int] = {f"{a}{sep}{b}": _parse_tile(f"{a}:{b}") for a in range(7) for b in range(7)
                          for sep in ":-"}


def tile_str(t: int, first: int | None = None) -> str:
    """``"a:b"``; with ``first`` given, that half is written first."""
    a, b = A[t], B[t]
    if first is not None and first == b and first != a:
        a, b = b, a
    return f"{a}:{b}"


def halves(t: int) -> tuple[int, int]:
    return A[t], B[t]


def pips(t: int) -> int:
    return PIPS[t]


def is_double(t: int) -> bool:
    return DOUBLE[t]


def tiles_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(tiles: Iterable[int]) -> int:
    m = 0
    for t in tiles:
        m |= 1 << t
    return m


def popcount(mask: int) -> int:
    return mask.bit_count()
