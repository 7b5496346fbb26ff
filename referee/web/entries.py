"""What the forms that enter a hand say, read: tiles as typed or tapped, the tiles (or pips) each
player still holds, a hand's result. The one reading of each for the table (``play``), the
result screen and a correction (``life``); the engine checks the counts.
"""

from __future__ import annotations

import re
from itertools import combinations
from typing import Any

from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from referee.limits import whole_number
from referee.matches import replay
from referee.rules.errors import MoveSyntaxError
from referee.rules.tiles import parse_tile, tile_str

from .refusal import Refused


TOKEN_MAX = 80

#: a form as the request gives it (``request.form``) or as :func:`result_values` fills one
Form = MultiDict[str, str]
#: what a player still holds, as entered: his tiles, or his pips
Left = list[str] | int


def tile_of(text: str) -> int:
    """The tile a form names (``3:5``, ``5:3``, ``3-5``), read by the engine's one tile grammar
    (``referee.rules.tiles.parse_tile``); refused in words when it names none."""
    try:
        return parse_tile(text)
    except MoveSyntaxError:
        raise Refused(_("«%(tile)s» is not a domino tile (write 3:5).", tile=(text or "")[:12])) from None


def read_tiles(raw: str) -> list[str]:
    """The tiles typed or tapped in one field (``1:1 2:3``, ``3.5`` from a phone's number pad),
    each checked by :func:`tile_of` and written ``a:b`` in the order typed, as the log keeps it."""
    out: list[str] = []
    for p in (p for p in re.split(r"[\s,;]+", raw.strip()) if p):
        p = p.replace("-", ":").replace(".", ":")
        tile_of(p)
        out.append(p)
    return out


def left_needed(state: replay.MatchState) -> list[str]:
    """The players whose remaining tiles the engine asks for."""
    if state.error is None:
        return []
    params = state.error.params
    if isinstance(params.get("players"), list):
        return list(params["players"])
    # ``player`` joins the names in seat order with ", "; a name may hold a comma itself,
    # so find the players whose joined names give exactly that text
    text = str(params.get("player", ""))
    names = list(state.report.get("players") or []) or _players_of(state)
    for k in range(1, len(names) + 1):
        for combo in combinations(names, k):
            if ", ".join(combo) == text:
                return list(combo)
    return [n for n in names if n in text]


def _players_of(state: replay.MatchState) -> list[str]:
    return list((state.report.get("totals") or {}).keys())


def left_entry(form: Form, i: int, name: str) -> Left | None:
    """What player ``i`` still holds, as the form says it (``left_<i>``: his tiles, ``pips_<i>``:
    his pips); None when nothing is entered. Read by :func:`left_of`."""
    return left_of(form.getlist(f"left_{i}"), form.get(f"pips_{i}") or "", name)


def left_of(tiles_sent: list[str], pips_sent: str, name: str) -> Left | None:
    """What player ``name`` still holds, as entered: his tiles tapped on the picker (or typed:
    ``1:1 2:3``), or his pips (``27``); None when nothing is entered. The one reading of
    tiles left for the tiles-left form, the result form and the correction."""
    tiles = [v.strip() for v in tiles_sent if v and v.strip()]
    raw = " ".join(tiles)
    pips_raw = (pips_sent or "").strip()
    if raw and pips_raw:
        raise Refused(_("For %(name)s enter either the tiles or the pips, not both.", name=name))
    if raw:
        pips = whole_number(raw, 4)  # pips typed where tiles go (an old form) are pips
        if pips is not None:
            return pips
        got = read_tiles(raw)
        if len({low(t) for t in got}) != len(got):
            raise Refused(_("A tile was entered twice (%(name)s).", name=name))
        return got
    if pips_raw:
        pips = whole_number(pips_raw, 4)
        if pips is None:
            raise Refused(_("Pips are a whole number (%(name)s).", name=name))
        return pips
    return None


def low(tile: str) -> str:
    """A tile as the picker names it (the low half first); what names no tile, as it is."""
    try:
        return tile_str(parse_tile(tile))
    except MoveSyntaxError:
        return tile


def left_from_form(m: dict[str, Any], form: Form, only: list[str] | None = None) -> dict[str, Left]:
    """The tiles (or pips) left of each player asked (``only``; None: every player) who has
    something entered; the engine checks the counts."""
    out: dict[str, Left] = {}
    for i, name in enumerate(m["players"]):
        if only is not None and name not in only:
            continue
        entry = left_entry(form, i, name)
        if entry is not None:
            out[name] = entry
    return out


def result_asks_scored(m: dict[str, Any]) -> bool:
    """Whether a hand entered by its result asks for the points scored during play."""
    return replay.rules_of(m).scores_in_play()


BLOCK = "*block*"  # the «blocked (fish)» choice of the result form (never a player's name there)


def result_values(m: dict[str, Any], result: dict[str, Any] | None = None,
                  left: dict[str, Any] | None = None) -> Form:
    """The result form's fields as a stored hand reads (a correction's form starts from the
    hand as entered): how it ended, each player's tiles (as the picker names them) or pips."""
    v: Form = MultiDict()
    if result is not None:
        v["out"] = result.get("out") or BLOCK
        left = result.get("left") or {}
        if result.get("maker"):
            v["maker"] = result["maker"]
    for i, p in enumerate(m["players"]):
        entry = (left or {}).get(p)
        if isinstance(entry, list):
            for t in entry:
                v.add(f"left_{i}", low(str(t)))
        elif entry is not None and not (result is not None and p == result.get("out") and entry == 0):
            v[f"pips_{i}"] = str(entry)
        sc = ((result or {}).get("scored") or {}).get(p)
        if sc is not None:
            v[f"scored_{i}"] = str(sc)
    return v
