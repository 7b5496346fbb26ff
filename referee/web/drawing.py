"""The layout drawn as it lies on the table, as geometry for one server-side SVG.

The engine says how the table lies (``Hand.layout_view()``: ``shape``, ``center``, ``chains``
with their sides and open ends); this module only places the tiles on a plane, no rule is
applied here. The unit is half a tile: a tile in line is 2 units long and 1 wide, a crosswise
one (a double, a matador, a face-down double) 1 along the chain and 2 across it.

* ``line``: the first tile in the middle, one arm to the left, one to the right; at the edge of
  the screen the left arm bends upward and the right arm downward, row after row (a snake);
* ``cross``: the spinner upright in the middle, arms left, right, up and down; the side arms
  snake in their own half, the upper and lower arms run two tiles and then snake away from the
  middle (upper to the right, lower to the left), so that no arm crosses another;
* ``lanes``: the first tile upright at the left, two lanes side by side to the right from its
  two halves (the upper lane bends upward, the lower downward at the edge);
* ``one_way``: the first tile at the left, the one arm to the right, bending downward.

A chain turns with a corner tile: its first half lies in front of the last tile's open half,
the tile itself along the new direction. Every rectangle is checked against those already
placed; a width in units is tried from narrow to wide until the drawing is short enough.
"""

from __future__ import annotations

from typing import Any

import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from flask import Flask
from markupsafe import Markup, escape

#: px one unit (half a tile) may take at most, the width a phone leaves for the drawing, and the
#: height the drawing should keep under (the picker follows it on the first screen)
UNIT_MAX = 28.0
AVAILABLE = 350.0
HEIGHT_AIM = 300.0
UNIT_MIN = 15.0
WIDTHS = (12, 14, 16, 18, 20, 22)
#: tiles the upper and lower arms of a cross run straight before they bend
STRAIGHT_V = 2
EPS = 1e-6

Vec = tuple[int, int]
L_, R_, U_, D_ = (-1, 0), (1, 0), (0, -1), (0, 1)


@dataclass
class Rect:
    x0: float
    y0: float
    x1: float
    y1: float

    def hits(self, o: "Rect") -> bool:
        return (self.x0 < o.x1 - EPS and o.x0 < self.x1 - EPS
                and self.y0 < o.y1 - EPS and o.y0 < self.y1 - EPS)


@dataclass
class Tile:
    """A tile drawn: its rectangle, upright or not, its halves in drawing order (left then
    right, or top then bottom) and the engine's piece."""

    rect: Rect
    vertical: bool
    first: int
    second: int
    piece: dict[str, Any]


@dataclass
class Mark:
    """An open end: where a tile laid there would go (``x``, ``y``) and the place's name."""

    x: float
    y: float
    target: str
    shows: list[Any]


@dataclass
class Plan:
    tiles: list[Tile] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)
    width: int = 0

    def bbox(self) -> Rect:
        xs0 = [t.rect.x0 for t in self.tiles] + [m.x - 0.6 for m in self.marks]
        ys0 = [t.rect.y0 for t in self.tiles] + [m.y - 0.6 for m in self.marks]
        xs1 = [t.rect.x1 for t in self.tiles] + [m.x + 0.6 for m in self.marks]
        ys1 = [t.rect.y1 for t in self.tiles] + [m.y + 0.6 for m in self.marks]
        return Rect(min(xs0), min(ys0), max(xs1), max(ys1))

    def scale(self) -> float:
        """Px per unit when drawn on a phone."""
        return _scale_of(self.bbox())


def _scale_of(b: Rect) -> float:
    """Px per unit of a drawing whose box is ``b``, on a phone."""
    return min(UNIT_MAX, AVAILABLE / max(b.x1 - b.x0, 1.0))


def _halves(piece: dict[str, Any], d: Vec) -> tuple[int, int]:
    """Halves in drawing order for a tile whose first half (``a``) comes first along ``d``."""
    a, b = int(piece["a"]), int(piece["b"])
    return (b, a) if d in (L_, U_) else (a, b)


class _Board:
    """The tiles placed so far: each rectangle kept as the four numbers ``Rect.hits`` compares
    it by (``x0``, ``y0``, ``x1 - EPS``, ``y1 - EPS``), so that a chain's every step checks its
    rectangle against them in one loop (a layout of twenty-odd tiles checks some three hundred
    pairs per width tried)."""

    def __init__(self) -> None:
        self.boxes: list[tuple[float, float, float, float]] = []
        self.plan = Plan()

    def free(self, r: Rect) -> bool:
        """No rectangle placed overlaps ``r`` (``r.hits`` of each, the same comparisons)."""
        x0, y0, x1, y1 = r.x0, r.y0, r.x1 - EPS, r.y1 - EPS
        for ox0, oy0, ox1, oy1 in self.boxes:
            if x0 < ox1 and ox0 < x1 and y0 < oy1 and oy0 < y1:
                return False
        return True

    def put(self, r: Rect, vertical: bool, halves: tuple[int, int], piece: dict[str, Any]) -> None:
        self.boxes.append((r.x0, r.y0, r.x1 - EPS, r.y1 - EPS))
        self.plan.tiles.append(Tile(r, vertical, halves[0], halves[1], piece))


def _straight(ex: float, ey: float, d: Vec, length: float, width: float) -> Rect:
    """The rectangle from the end point (ex, ey) along ``d``, centred on the chain's line."""
    dx, dy = d
    if dx:
        x_a, x_b = ex, ex + dx * length
        return Rect(min(x_a, x_b), ey - width / 2, max(x_a, x_b), ey + width / 2)
    y_a, y_b = ey, ey + dy * length
    return Rect(ex - width / 2, min(y_a, y_b), ex + width / 2, max(y_a, y_b))


def _corner(ex: float, ey: float, d: Vec, d2: Vec) -> tuple[Rect, float, float]:
    """A tile whose first half lies in front of the end point (along ``d``), itself along
    ``d2``; returns it and the new end point."""
    cx, cy = ex + d[0] * 0.5, ey + d[1] * 0.5          # centre of the first half
    fx, fy = cx + d2[0], cy + d2[1]                    # centre of the second half
    r = Rect(min(cx, fx) - 0.5, min(cy, fy) - 0.5, max(cx, fx) + 0.5, max(cy, fy) + 0.5)
    return r, cx + d2[0] * 1.5, cy + d2[1] * 1.5


def _room(ex: float, d: Vec, need: float, x0: float, x1: float) -> bool:
    if d == R_:
        return ex + need <= x1 + EPS
    if d == L_:
        return ex - need >= x0 - EPS
    return True


def _chain(board: _Board, pieces: list[dict[str, Any]], end: dict[str, Any] | None, ex: float, ey: float, d: Vec,
           grow: Vec, x0: float, x1: float, first_h: Vec | None = None) -> None:
    """Lay one chain from the end point (ex, ey) going ``d``: straight while the row has room,
    then a corner toward ``grow`` and a corner back (a snake). A chain that starts upright
    (``first_h`` given) runs STRAIGHT_V tiles, then turns to ``first_h`` and snakes."""
    mode = "h" if d[0] else "v"
    h = d if d[0] else (first_h or R_)
    run = 0
    n = len(pieces)
    for i, p in enumerate(pieces):
        across = bool(p.get("across"))
        length, width = (1.0, 2.0) if across else (2.0, 1.0)
        if mode == "h":
            need = length if i == n - 1 and end is None else length + 1
            r = _straight(ex, ey, d, length, width)
            if _room(ex, d, need, x0, x1) and board.free(r):
                board.put(r, across, _halves(p, d), p)
                ex, ey = ex + d[0] * length, ey + d[1] * length
                continue
            d2 = grow
            mode = "turn"
        elif mode == "v":
            r = _straight(ex, ey, d, length, width)
            if run < STRAIGHT_V and board.free(r):
                board.put(r, not across, _halves(p, d), p)
                ex, ey = ex + d[0] * length, ey + d[1] * length
                run += 1
                continue
            d2 = h
            mode = "h"
        else:  # one tile along ``grow`` after a corner: now back the other way
            d2 = (-h[0], -h[1])
            h = d2
            mode = "h"
        r, nx, ny = _corner(ex, ey, d, d2)
        if not board.free(r):  # the other way round, else as it comes (never seen in play)
            alt = (-d2[0], -d2[1])
            r2, ax, ay = _corner(ex, ey, d, alt)
            if board.free(r2):
                r, nx, ny, d2 = r2, ax, ay, alt
        board.put(r, d2[0] == 0, _halves(p, d2), p)
        ex, ey, d = nx, ny, d2
    if end is not None:
        board.plan.marks.append(Mark(ex + d[0] * 0.65, ey + d[1] * 0.65, str(end["target"]),
                                     list(end.get("shows") or [])))


def plan(view: dict[str, Any], width: int, shift: int = 0) -> Plan:
    """Place every tile of ``view`` within ``width`` units (a line's first tile ``shift``
    units left of the middle, for arms of unequal length)."""
    board = _Board()
    center = view["center"]
    shape = view.get("shape")
    chains = {c["side"]: c for c in view.get("chains") or []}
    upright = shape in ("cross", "lanes") or bool(center.get("across"))
    half = width / 2
    if upright:
        r = Rect(-0.5, -1, 0.5, 1)
    else:
        r = Rect(-1, -0.5, 1, 0.5)
    board.put(r, upright, (int(center["a"]), int(center["b"])), center)
    hw = 0.5 if upright else 1.0

    def go(side: str, *args: Any, **kw: Any) -> None:
        c = chains.get(side)
        if c is not None:
            _chain(board, list(c["pieces"]), c.get("end"), *args, **kw)

    if shape == "cross":
        go("left", -0.5, 0, L_, U_, -half, -1)
        go("right", 0.5, 0, R_, D_, 1, half)
        go("up", 0, -1, U_, U_, -1, half, first_h=R_)
        go("down", 0, 1, D_, D_, -half, 1, first_h=L_)
    elif shape == "lanes":
        go("top", 0.5, -0.5, R_, U_, -0.5, width - 0.5)
        go("bottom", 0.5, 0.5, R_, D_, -0.5, width - 0.5)
    elif shape == "one_way" and set(chains) == {"right"}:
        go("right", hw, 0, R_, D_, -hw, width - hw)
    else:
        go("left", -hw, 0, L_, U_, -half + shift, half + shift)
        go("right", hw, 0, R_, D_, -half + shift, half + shift)
    board.plan.width = width
    return board.plan


def _height(p: Plan) -> float:
    """The drawing's height in px on a phone (its box made once)."""
    b = p.bbox()
    return (b.y1 - b.y0) * _scale_of(b)


def _best_plan_searched(view: dict[str, Any]) -> tuple[Plan, int, int]:
    """``best_plan`` searched: the plan, its width and its first tile's shift. The widths are
    tried from narrow to wide and the search stops at the first that does."""
    chains = {c["side"]: len(c["pieces"]) for c in view.get("chains") or []}
    line = view.get("shape") != "cross" and set(chains) == {"left", "right"}
    plans = []
    for w in WIDTHS:
        shifts = [0]
        if line and chains["left"] != chains["right"]:
            sign = 1 if chains["left"] < chains["right"] else -1
            shifts += [sign * k for k in range(2, w // 2 - 2, 2)]
        p, shift = min(((plan(view, w, sh), sh) for sh in shifts), key=lambda ps: round(_height(ps[0]), 1))
        if p.scale() >= UNIT_MIN and _height(p) <= HEIGHT_AIM:
            return p, w, shift
        plans.append((p, w, shift))
    return min(plans, key=lambda pws: (_height(pws[0]), -pws[0].width))


def _geometry(view: dict[str, Any]) -> tuple[Any, ...]:
    """All that the places of a layout's tiles depend on: its shape, whether its first tile and
    each chain's tiles lie across, and which chains have an open end marked (the numbers on the
    tiles and the ends' labels move nothing)."""
    return (view.get("shape"), bool(view["center"].get("across")),
            tuple((c["side"], tuple(bool(p.get("across")) for p in c["pieces"]), c.get("end") is not None)
                  for c in view.get("chains") or []))


#: the width and shift ``best_plan`` chose, by the layout's geometry (``_geometry``): the table
#: page, the read-only view and every table whose layout has the same shape ask for the same
#: choice, and a drawing's search tries up to twenty widths and shifts
_CHOSEN: OrderedDict[tuple[Any, ...], tuple[int, int]] = OrderedDict()
_CHOSEN_KEPT = 4096
_chosen_lock = threading.Lock()


def best_plan(view: dict[str, Any]) -> Plan:
    """The narrowest width whose drawing keeps under HEIGHT_AIM px on a phone with tiles no
    smaller than UNIT_MIN, else the shortest drawing. A line also tries its first tile off the
    middle (toward the shorter arm), keeping the shortest drawing of each width. The width and
    shift found are kept by the layout's geometry; the drawing itself is made again from
    ``view`` each time (one plan instead of the search)."""
    key = _geometry(view)
    with _chosen_lock:
        chosen = _CHOSEN.get(key)
        if chosen is not None:
            _CHOSEN.move_to_end(key)
    if chosen is not None:
        return plan(view, *chosen)
    p, w, shift = _best_plan_searched(view)
    with _chosen_lock:
        _CHOSEN[key] = (w, shift)
        while len(_CHOSEN) > _CHOSEN_KEPT:
            _CHOSEN.popitem(last=False)
    return p


def reading_order(view: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The pieces in the order the page lists them, each with ``label`` (its halves as read):
    a line from its left end to its right end, otherwise the center, then each chain outward."""
    if not view or not view.get("center"):
        return []

    def item(p: dict[str, Any], reverse: bool = False) -> dict[str, Any]:
        a, b = (p["b"], p["a"]) if reverse else (p["a"], p["b"])
        return {"piece": p, "label": f"{a}:{b}"}

    chains = {c["side"]: c for c in view.get("chains") or []}
    if set(chains) == {"left", "right"} and view.get("shape") != "cross":
        return ([item(p, True) for p in reversed(chains["left"]["pieces"])] + [item(view["center"])]
                + [item(p) for p in chains["right"]["pieces"]])
    out = [item(view["center"])]
    for c in view.get("chains") or []:
        out.extend(item(p) for p in c["pieces"])
    return out


S = 100  # SVG user units per drawing unit


def svg_data(view: dict[str, Any] | None, labels: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """What the template draws: the viewBox, the tiles (in reading order, each with its
    position in SVG units and its label) and the marks of the places offered (``labels``:
    place name -> the labels of the buttons that lay there)."""
    if not view or not view.get("center"):
        return None
    p = best_plan(view)
    labels = labels or {}
    # the box holds the tiles and the places marked now (an open end with no button to name it
    # takes no room: the drawing fills its box, and the picker below it stays on the first screen)
    b = Plan(tiles=p.tiles, marks=[m for m in p.marks if labels.get(m.target)], width=p.width).bbox()
    pad = 0.15
    by_piece = {id(t.piece): t for t in p.tiles}
    side = {id(view["center"]): "center"}
    for c in view.get("chains") or []:
        side.update((id(q), c["side"]) for q in c["pieces"])
    tiles = []
    for it in reading_order(view):
        t = by_piece.get(id(it["piece"]))
        if t is None:
            continue
        r = t.rect
        tiles.append({"x": round(r.x0 * S), "y": round(r.y0 * S), "w": round((r.x1 - r.x0) * S),
                      "h": round((r.y1 - r.y0) * S), "vertical": t.vertical, "first": t.first,
                      "second": t.second, "label": it["label"], "piece": t.piece,
                      "chain": side.get(id(t.piece), "")})
    marks = []
    for m in p.marks:
        names = labels.get(m.target) or []
        marks.append({"x": round(m.x * S), "y": round(m.y * S), "labels": names, "target": m.target})
    w, h = b.x1 - b.x0 + 2 * pad, b.y1 - b.y0 + 2 * pad
    return {"viewbox": f"{round((b.x0 - pad) * S)} {round((b.y0 - pad) * S)} {round(w * S)} {round(h * S)}",
            "max_width": round(w * UNIT_MAX), "tiles": tiles, "marks": marks,
            "shape": view.get("shape") or "line"}


#: the layout's markup (``kept_layout``) by language, layout and marks: the table, the read-only
#: view and every page that draws the same layout in the same language draw it once
_MARKUP: OrderedDict[tuple[str, str], Markup] = OrderedDict()
_MARKUP_KEPT = 2048
_markup_lock = threading.Lock()


def kept_layout(view: dict[str, Any] | None, marks: dict[str, Any] | None = None) -> Markup:
    """The layout's markup (``layout_markup``) drawn for ``view`` and ``marks``, kept by the
    page's language and everything the macro reads (the layout and the marks, by their ``repr``:
    equal layouts built alike say the same, and one said otherwise is only drawn again; half the
    cost of JSON with sorted keys): the very markup the macro draws, made once per layout while
    it lies so."""
    from flask_babel import get_locale

    key = (str(get_locale()), repr((view, marks)))
    with _markup_lock:
        kept = _MARKUP.get(key)
        if kept is not None:
            _MARKUP.move_to_end(key)
            return kept
    drawn = layout_markup(view, marks)
    with _markup_lock:
        _MARKUP[key] = drawn
        while len(_MARKUP) > _MARKUP_KEPT:
            _MARKUP.popitem(last=False)
    return drawn


#: the templates' URLs (``kept_url_for``) by where the request was addressed, the endpoint and the
#: values: a table page asks for some fifteen, the same ones on every page of the match
_URLS: dict[tuple[Any, ...], str] = {}
_URLS_KEPT = 16384


def kept_url_for(endpoint: str, **values: Any) -> str:
    """The templates' ``url_for``: Flask's, its answer kept by everything the answer depends on
    inside a request (the request's script root, server name, subdomain and scheme, the
    endpoint, the values in their order); the first of each is Flask's own. Built by Flask each
    time: outside a request, with ``_external``, ``_anchor`` and the like, an endpoint relative
    to the blueprint, values that are not plain strings or numbers, or where the app sets URL
    defaults."""
    from flask import current_app, url_for
    from flask.globals import _cv_request

    ctx = _cv_request.get(None)
    if ctx is None or endpoint[:1] == "." or current_app.url_default_functions:
        return url_for(endpoint, **values)
    for k, v in values.items():
        if k[:1] == "_" or type(v) not in (str, int):
            return url_for(endpoint, **values)
    a = ctx.url_adapter
    key = (a.script_name, a.server_name, a.subdomain, a.url_scheme, endpoint, *values.items())  # type: ignore[union-attr]
    url = _URLS.get(key)
    if url is None:
        url = url_for(endpoint, **values)
        if len(_URLS) >= _URLS_KEPT:
            _URLS.clear()
        _URLS[key] = url
    return url


def _pips(half: Any) -> Any:
    """A half's pips as the markup says them: a number as it is (no escaping changes one), else
    escaped."""
    return half if type(half) is int else escape(half)


def layout_tiles(tiles: list[dict[str, Any]]) -> Markup:
    """The tiles of ``_macros.html``'s layout drawing (``svg_data``'s ``tiles``), as its two loops
    drew them: the last tiles' marks behind them, then each tile its own ``<svg>`` (the pips'
    halves unless it lies face down). One call for the drawing: a layout's twenty-odd tiles were
    some 350 attributes looked up and escaped one by one by the template, drawn again for every
    new layout (a move's answer)."""
    out = []
    for t in tiles:
        if t["piece"].get("last"):
            out.append(f'<rect class="last-mark" x="{t["x"] - 14}" y="{t["y"] - 14}" width="{t["w"] + 28}" '
                       f'height="{t["h"] + 28}" rx="26"/>')
    for t in tiles:
        piece, w, h = t["piece"], t["w"], t["h"]
        out.append(f'\n  <svg class="tile{" end" if piece.get("end") else ""}{" down" if piece.get("down") else ""}'
                   f'{" last" if piece.get("last") else ""}" data-chain="{escape(t["chain"])}" x="{t["x"]}" '
                   f'y="{t["y"]}" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img" '
                   f'aria-label="{escape(t["label"])}"><use class="base" href="#{"tv" if t["vertical"] else "th"}" '
                   f'width="{w}" height="{h}"/>')
        if not piece.get("down"):
            out.append(f'<use class="pips" href="#p{_pips(t["first"])}" width="100" height="100"/><use class="pips" '
                       f'href="#p{_pips(t["second"])}" {"y" if t["vertical"] else "x"}="100" width="100" height="100"/>')
        out.append("</svg>")
    return Markup("".join(out))


def layout_names(tiles: list[dict[str, Any]], face_down: Any) -> list[Any]:
    """The layout drawing's tiles named for a screen reader in reading order (``svg_data``'s
    ``tiles``): each its label, a face-down tile ``face_down`` (the page's word), as the
    template's loop listed them."""
    return [face_down if t["piece"].get("down") else t["label"] for t in tiles]


def _joined(items: Any, sep: str) -> str:
    """Jinja's ``join`` filter on an autoescaped page: the items as text, or marked safe (each
    other item escaped) when one of them is markup."""
    items = list(items)
    if any(hasattr(i, "__html__") for i in items):
        return escape(sep).join(items)
    return sep.join(map(str, items))


def layout_markup(view: dict[str, Any] | None, marks: dict[str, Any] | None = None) -> Markup:
    """The layout's drawing (``svg_data`` of ``view`` and ``marks``) as one block of markup: the
    ``<svg>`` named in words for a screen reader (every tile in reading order, then the open
    ends), the marks of the places offered, the open ends and the tile laid last under it; the
    table empty, a line saying so. The words are the page's (``i18n.page_word``)."""
    from .i18n import page_word as _, page_words as ngettext

    d = svg_data(view, marks)
    ends = view.get("ends") if view else None
    open_ends = _("Open ends") if ends else ""
    out = ['<div class="layout">\n']
    # (the words said outside the f-strings and other calls: the catalogue's extraction reads
    # plain calls only)
    if not d:
        empty = _("The table is empty: lay the first tile.")
        out.append(f'\n  <p class="muted">{empty}</p>\n')
    else:
        assert view is not None
        tiles = d["tiles"]
        # the drawing is one image to a screen reader, named in words: every tile in reading
        # order, then the open ends
        face_down = _("face down")
        named = _joined(layout_names(tiles, face_down), ", ")
        said = ngettext("Layout, %(num)d tile: %(tiles)s.", "Layout, %(num)d tiles: %(tiles)s.", len(tiles),
                        tiles=named)
        if ends:
            said = Markup("").join((said, " ", open_ends, ": ",
                                    _joined((_joined(e["shows"], "/") for e in ends), ", "), "."))
        shape = d["shape"]
        out.append(f'\n  <svg class="table shape-{escape(shape)}{" line" if shape == "line" else ""}" '
                   f'viewBox="{escape(d["viewbox"])}" style="max-width: {escape(d["max_width"])}px" role="img" '
                   f'aria-label="{escape(said)}"><title>{escape(said)}</title>')
        out.append(layout_tiles(tiles))
        for m in d["marks"]:
            if m["labels"]:
                txt = _joined(m["labels"], " ")
                x, y, k = m["x"], m["y"], len(txt) - 1
                out.append(f'\n  <g class="place-mark" data-target="{escape(m["target"])}"><rect x="{x - 30 - 26 * k}" '
                           f'y="{y - 42}" width="{60 + 52 * k}" height="84" rx="30"/><text x="{x}" y="{y + 22}" '
                           f'text-anchor="middle">{escape(txt)}</text></g>')
        out.append("\n  </svg>\n")
    out.append("\n")
    if view and ends:
        out.append(f'\n<p class="ends">{open_ends}: ')
        out.append(_end_marks(ends))
        for t in d["tiles"] if d else ():
            if t["piece"].get("last"):
                last = _("Laid last: %(tile)s", tile=t["piece"].get("tile", ""))
                out.append(f' <span class="last-laid">{last}</span>')
        out.append("</p>\n")
    out.append("\n</div>")
    return Markup("".join(out))


def _end_marks(ends: list[dict[str, Any]]) -> str:
    return "".join(f'<b class="end-mark">{escape(_joined(e["shows"], "/"))}</b>' for e in ends)


def ends_line(view: dict[str, Any] | None) -> Markup:
    """The open ends of the layout ``view`` in one line (the line under the drawing without the
    tile laid last), for a choice of places: said with the buttons, where the drawing may be
    below the screen."""
    from .i18n import page_word as _

    ends = view.get("ends") if view else None
    if not ends:
        return Markup("")
    return Markup(f'<p class="ends">{_("Open ends")}: {_end_marks(ends)}</p>')


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(kept_layout=kept_layout, url_for=kept_url_for, layout_names=layout_names,
                                 layout_markup=layout_markup, ends_line=ends_line)
