"""Tiles for templates: the 28 tiles, their halves, and the layout as rows to draw."""

from __future__ import annotations

from flask import Flask

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


def picker_rows() -> list[list[str]]:
    """The 28 tiles in rows by their higher half: 0:0 | 0:1 1:1 | … (7 rows)."""
    rows: list[list[str]] = [[] for _ in range(7)]
    for a, b in ALL:
        rows[b].append(f"{a}:{b}")
    return rows


def line_rows(view: dict | None) -> dict:
    """The layout as drawable pieces: ``line`` (left arm reversed, root, right arm) when
    there are at most two arms, else ``root`` and ``arms`` (each from the root outward).

    Each piece is ``{"a": near half, "b": far half, "double": bool, "across": bool,
    "down": bool, "tile": "a:b", "end": bool}`` written in drawing order (left to right).
    """
    if not view or not view.get("root"):
        return {"empty": True}
    root = view["root"]
    arms = [list(a) for a in view.get("arms", [])]

    def piece(p: dict, reverse: bool, end: bool) -> dict:
        a, b = int(p["a"]), int(p["b"])
        if reverse:
            a, b = b, a
        return {"a": a, "b": b, "double": a == b, "across": bool(p.get("across")),
                "down": bool(p.get("down")), "tile": p.get("tile", f"{a}:{b}"), "end": end}

    root_piece = piece(root, False, False)
    if len(arms) <= 2:
        left = arms[0] if len(arms) >= 1 else []
        right = arms[1] if len(arms) >= 2 else []
        line = [piece(p, True, i == len(left) - 1) for i, p in reversed(list(enumerate(left)))]
        line.append(root_piece)
        line += [piece(p, False, i == len(right) - 1) for i, p in enumerate(right)]
        return {"empty": False, "line": line}
    return {"empty": False, "root": root_piece,
            "arms": [[piece(p, False, i == len(arm) - 1) for i, p in enumerate(arm)] for arm in arms]}


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(PIPS=PIPS, picker_rows=picker_rows, split_tile=split,
                                 line_rows=line_rows)
