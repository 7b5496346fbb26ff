"""Move tokens: parse and format (context-free; the hand resolves places).

Grammar (case and extra spaces ignored)::

    pass
    draw [TILE]
    miss TILE
    open TILE TILE TILE
    TILE [> TILE [@N]] [across [@N] | along | down | cut [give left|give right]]

A TILE is ``a:b`` or ``a-b`` with a, b from 0 to 6, in either order.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from .errors import MoveSyntaxError
from .tiles import WRITTEN, parse_tile, tile_str

__all__ = ["Move", "parse_move", "MAX_TOKEN", "written_tiles", "in_words_as_written", "target_as_written"]

MAX_TOKEN = 80
_TILE_GAP = re.compile(r"\s*([:\-])\s*")


class Move(NamedTuple):
    """A parsed token. ``kind`` is lay, draw, pass, miss or open."""

    kind: str
    tile: int = -1
    target: int = -1
    at: int = -1
    orient: str = ""        # "", "across", "along"
    out: int = -1           # across@n: the half facing out
    down: bool = False
    cut: bool = False
    give: str = ""          # "", "left", "right"
    tiles: tuple[int, ...] = ()   # open

    def __str__(self) -> str:
        k = self.kind
        if k == "pass":
            return "pass"
        if k == "draw":
            return "draw" if self.tile < 0 else f"draw {tile_str(self.tile)}"
        if k == "miss":
            return f"miss {tile_str(self.tile)}"
        if k == "open":
            return "open " + " ".join(tile_str(t) for t in self.tiles)
        s = tile_str(self.tile)
        if self.target >= 0:
            s += ">" + tile_str(self.target)
            if self.at >= 0:
                s += f"@{self.at}"
        if self.orient:
            s += " " + self.orient
            if self.out >= 0:
                s += f"@{self.out}"
        if self.down:
            s += " down"
        if self.cut:
            s += " cut"
            if self.give:
                s += " give " + self.give
        return s


def _bad(token: str) -> MoveSyntaxError:
    return MoveSyntaxError("token.syntax", {"token": token})


def _digit(text: str, token: str) -> int:
    if len(text) != 1 or not text.isdigit() or int(text) > 6:
        raise _bad(token)
    return int(text)


_PARSED: dict[str, Move] = {}     # tokens already read (a Move is immutable): a record repeats them


def parse_move(token: object) -> Move:
    """Parse one move token; a MoveSyntaxError (``token.syntax``/``token.tile``) otherwise."""
    if not isinstance(token, str):
        return _parse_move(token)       # (refused)
    known = _PARSED.get(token)
    if known is not None:
        return known
    mv = _parse_move(token)
    if len(_PARSED) >= 4096:
        _PARSED.clear()
    _PARSED[token] = mv
    return mv


def _parse_move(token: object) -> Move:
    if not isinstance(token, str):
        raise MoveSyntaxError("token.syntax", {"token": str(token)[:MAX_TOKEN]})
    if len(token) > MAX_TOKEN:
        raise MoveSyntaxError("token.syntax", {"token": token[:MAX_TOKEN] + "…"})
    text = token.strip().lower()
    # glue "6:5 > 5:0 @ 5" and "across @ 6" together
    text = text.replace(" >", ">").replace("> ", ">").replace(" @", "@").replace("@ ", "@")
    if " :" in text or ": " in text or " -" in text or "- " in text:     # "6 : 5", "6 - 5"
        text = _TILE_GAP.sub(r"\1", text)
    words = text.split()
    if not words:
        raise _bad(token)
    head = words[0]
    if head == "pass":
        if len(words) != 1:
            raise _bad(token)
        return Move("pass")
    if head == "draw":
        if len(words) == 1:
            return Move("draw")
        if len(words) == 2:
            return Move("draw", tile=parse_tile(words[1]))
        raise _bad(token)
    if head == "miss":
        if len(words) != 2:
            raise _bad(token)
        return Move("miss", tile=parse_tile(words[1]))
    if head == "open":
        if len(words) != 4:
            raise _bad(token)
        tiles = tuple(parse_tile(w) for w in words[1:])
        if len(set(tiles)) != 3:
            raise MoveSyntaxError("token.open_twice", {"token": token})
        return Move("open", tiles=tiles)
    # a lay
    place = head
    target = -1
    at = -1
    if ">" in place:
        tile_part, _, rest = place.partition(">")
        if "@" in rest:
            rest, _, n = rest.partition("@")
            at = _digit(n, token)
        target = parse_tile(rest)
    else:
        tile_part = place
        if "@" in place:
            raise _bad(token)
    tile = parse_tile(tile_part)
    orient = ""
    out = -1
    down = cut = False
    give = ""
    rest_words = words[1:]
    i = 0
    while i < len(rest_words):
        w = rest_words[i]
        if w.startswith("across") and not orient and not down and not cut:
            orient = "across"
            if w != "across":
                if not w.startswith("across@"):
                    raise _bad(token)
                out = _digit(w[len("across@"):], token)
        elif w == "along" and not orient and not down and not cut:
            orient = "along"
        elif w == "down" and not orient and not down and not cut:
            down = True
        elif w == "cut" and not orient and not down and not cut:
            cut = True
        elif w == "give" and cut and not give and i + 1 < len(rest_words) and rest_words[i + 1] in ("left", "right"):
            give = rest_words[i + 1]
            i += 1
        elif w in ("left", "right") and cut and not give:
            give = w
        else:
            raise _bad(token)
        i += 1
    if out >= 0 and out not in (a for a in (tile_half(tile))):
        raise MoveSyntaxError("token.across_half", {"token": token})
    return Move("lay", tile=tile, target=target, at=at, orient=orient, out=out, down=down, cut=cut, give=give)


_WRITTEN = re.compile(WRITTEN)


def written_tiles(token: str) -> dict[int, str]:
    """The tiles a token names, each as the player wrote it ("5 - 2>6:5" -> {2:5 → "5:2", 5:6 → "6:5"})."""
    out: dict[int, str] = {}
    for a, b in _WRITTEN.findall(token):
        if int(a) <= 6 and int(b) <= 6:
            out.setdefault(parse_tile(f"{a}:{b}"), f"{a}:{b}")
    return out


def target_as_written(token: object) -> str | None:
    """The tile a lay token goes against, as the token writes it (``0:5>6:0@0`` -> ``6:0``), or
    None (no target named, or not a lay, or not a token)."""
    try:
        mv = parse_move(token)
    except MoveSyntaxError:
        return None
    if mv.kind != "lay" or mv.target < 0 or not isinstance(token, str):
        return None
    return written_tiles(token).get(mv.target, tile_str(mv.target))


def in_words_as_written(params: dict[str, Any], token: str) -> dict[str, Any]:
    """A refusal's params with each tile the token names spelt as the player wrote it (the engine
    says "2:5"; the player who wrote "5:2" reads "5:2")."""
    if not isinstance(token, str):
        return params
    spelt = {tile_str(t): w for t, w in written_tiles(token).items()}
    return {k: spelt.get(v, v) if isinstance(v, str) and k in ("tile", "target") else v
            for k, v in params.items()}


def tile_half(t: int) -> tuple[int, int]:
    from .tiles import A, B

    return A[t], B[t]
