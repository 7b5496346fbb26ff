"""Tiles for templates: the 28 tiles and their halves (the layout: ``drawing``)."""

from __future__ import annotations

from collections.abc import Container, Iterable
from functools import lru_cache

from flask import Flask
from markupsafe import Markup, escape

ALL = [(a, b) for a in range(7) for b in range(a, 7)]  # 0:0, 0:1 … 6:6 (the engine's order)
ALL_STR = [f"{a}:{b}" for a, b in ALL]

# Pip centres on a 100x100 half, for 0..6 pips.
PIPS = {
    0: [],
    1: [(50, 50)],
    2: [(27, 27), (73, 73)],
    3: [(25, 25), (50, 50), (75, 75)],
    4: [(27, 27), (73, 27), (27, 73), (73, 73)],
    5: [(25, 25), (75, 25), (50, 50), (25, 75), (75, 75)],
    6: [(27, 22), (73, 22), (27, 50), (73, 50), (27, 78), (73, 78)],
}


def split(tile: str) -> tuple[int, int]:
    """``"3:5"`` -> (3, 5), as written (no reordering)."""
    a, _, b = str(tile).partition(":")
    return int(a), int(b)


@lru_cache(maxsize=1024)
def _tile_markup(tile: str, vertical: bool, cls: str) -> Markup:
    a, b = split(tile)
    v = vertical
    return Markup(f'<svg class="tile {"v" if v else "h"} {escape(cls)}" viewBox="{"0 0 100 200" if v else "0 0 200 100"}"'
                  f' role="img" aria-label="{a}:{b}"><use class="base" href="#{"tv" if v else "th"}"/>'
                  f'<use class="pips" href="#p{a}"/><use class="pips" href="#p{b}" {"y" if v else "x"}="100"/></svg>')


def tile_markup(tile: object, vertical: object = False, cls: object = "") -> Markup:
    """A tile as written (``3:5``), drawn upright or across with its classes (the templates'
    ``tile_str`` and ``tile_markup``), made once per tile, way and classes: a table page draws
    some thirty, the same 28 tiles on every page."""
    return _tile_markup(str(tile), bool(vertical), str(cls))


def pick_button(tile: object, chosen: object = False, gone: object = False) -> Markup:
    """A tile of the table's picker: its button (a tap sends the tile), upright, marked
    ``chosen`` (the tile a question was asked about) or ``gone`` (on the table: disabled), made
    once per tile and marks: a table page draws the same 28 on every page."""
    return _pick_button(str(tile), bool(chosen), bool(gone))


def pick_buttons(tiles: Iterable[str] | None = None, chosen: object = None, gone: Container[str] = ()) -> Markup:
    """``pick_button`` of each of ``tiles`` in turn (all 28 by ``picker_rows`` when None), the one
    that is ``chosen`` marked so and those ``gone`` disabled: one call for a whole picker."""
    order = _ORDER if tiles is None else tiles
    return Markup("".join([_pick_button(t, t == chosen, t in gone) for t in order]))


@lru_cache(maxsize=256)
def _pick_button(tile: str, chosen: bool, gone: bool) -> Markup:
    t = escape(tile)
    marks = (" chosen" if chosen else "") + '"' + (' disabled aria-disabled="true"' if gone else "")
    return Markup(f'<button data-suit="{escape(tile[:1])}" type="submit" name="tile" value="{t}" class="pick{marks}'
                  f' aria-label="{t}">{_tile_markup(tile, True, "")}</button>')


def kept_sprite() -> Markup:
    """``_sprite.html`` (the tiles' and pips' shapes every page's drawings use), drawn once per
    app: it reads nothing but the pips' places."""
    from flask import current_app

    env = current_app.jinja_env
    drawn: Markup | None = getattr(env, "referee_sprite", None)
    if drawn is None:
        drawn = Markup(env.get_template("_sprite.html").render())
        env.referee_sprite = drawn  # type: ignore[attr-defined]
    return drawn


def picker_rows() -> list[list[str]]:
    """The 28 tiles packed in 4 rows of 7, each row read by suits:
    0:0–0:6 | 1:1–1:6 and 6:6 | 2:2–2:6 and 5:5 5:6 | 3:3–3:6 and 4:4 4:5 4:6."""
    suit = {a: [f"{a}:{b}" for b in range(a, 7)] for a in range(7)}
    return [suit[0], suit[1] + suit[6], suit[2] + suit[5], suit[3] + suit[4]]


def place_target(token: str) -> str | None:
    """The tile a placement token lays against (``0:5>6:0@0`` -> ``6:0``, as the token writes it),
    if it names one (read by the engine's one parser, ``referee.rules.notation``)."""
    from referee.rules.notation import target_as_written

    return target_as_written(token)


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(PIPS=PIPS, picker_rows=picker_rows, split_tile=split,
                                 place_target=place_target, tile_markup=tile_markup, tile_str=tile_markup,
                                 pick_button=pick_button, pick_buttons=pick_buttons, kept_sprite=kept_sprite)


#: the 28 tiles in the picker's order (its rows one after the other)
_ORDER = tuple(t for row in picker_rows() for t in row)
