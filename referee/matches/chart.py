"""The chart of running totals: one model of its geometry for every drawing of it (the score
page's SVG, a player's form, the printed scoresheet's). Each drawing renders the same model in
its own way (its colours, its labels); this module only places things in a box. Pure Python.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

#: the lines' colours on a screen (a drawing on paper may choose its own, by the line's ``index``)
COLOURS = ("#c0392b", "#1f6fb2", "#2e8b57", "#8e44ad", "#d35400", "#16a085", "#7f6000", "#555")


@dataclass(frozen=True)
class Box:
    """Where a chart is drawn: its size, the margins around the plot, and how many hand numbers
    may be written under it before only every few are."""

    w: float
    h: float
    left: float
    right: float
    top: float
    bottom: float
    ticks: int = 16


#: the score page's and a player's page's chart (a phone's width)
PAGE = Box(360, 190, 34, 10, 10, 24)
#: the printed scoresheet's chart (A4, the width of the table)
SHEET = Box(640, 150, 40, 10, 10, 24, ticks=20)


@dataclass(frozen=True)
class Line:
    """One column's running totals: its name, its place among the lines, its screen colour,
    its points (``(x, y)`` from hand 0) and the same as SVG ``points`` text."""

    player: str
    index: int
    colour: str
    xy: tuple[tuple[float, float], ...]

    @property
    def points(self) -> str:
        return " ".join(f"{x},{y}" for x, y in self.xy)

    @property
    def last(self) -> tuple[float, float]:
        return self.xy[-1]


@dataclass(frozen=True)
class Chart:
    """The running totals placed in a :class:`Box`: a line per column, the goal's height (None:
    no goal), zero's, the value of the plot's top and bottom, the hand numbers under the plot
    (``ticks``: (x, hand)) and the values of a grid (``grid``: (y, value), in round steps)."""

    w: float
    h: float
    x0: float
    x1: float
    plot_top: float
    plot_bottom: float
    lines: tuple[Line, ...]
    hands: int
    goal: int | None
    goal_y: float | None
    zero_y: float
    top: int
    top_y: float
    bottom: int
    ticks: tuple[tuple[float, int], ...]
    grid: tuple[tuple[float, int], ...]

    @property
    def base_y(self) -> float:
        return self.plot_bottom


def nice_step(span: float, most: int = 6) -> int:
    """A round step (1, 2, 5, 10, 20, 25, 50, …) that cuts ``span`` in at most ``most`` parts."""
    for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000):
        if span / s <= most:
            return s
    return 20000


def running(names: Sequence[str], series: Mapping[str, Sequence[int]], goal: int | None,
            box: Box = PAGE) -> Chart:
    """The chart of ``series`` (each name's running totals from 0, as the scoreboard model's
    ``series``), a line per name in ``names``' order, with ``goal`` (a target or a limit) as a
    level of its own, in ``box``."""
    n = max((len(s) for s in series.values()), default=1)
    values = [v for s in series.values() for v in s] + [0]
    if goal:
        values.append(goal)
    top, bottom = max(values), min(values)
    if top == bottom:
        top = bottom + 1
    iw, ih = box.w - box.left - box.right, box.h - box.top - box.bottom

    def x(i: int) -> float:
        return round(box.left + (iw * i / (n - 1) if n > 1 else 0), 1)

    def y(v: int) -> float:
        return round(box.top + ih * (top - v) / (top - bottom), 1)

    lines = tuple(Line(p, k, COLOURS[k % len(COLOURS)],
                       tuple((x(i), y(v)) for i, v in enumerate(series.get(p) or [0])))
                  for k, p in enumerate(names))
    hands = n - 1
    every = max(1, -(-hands // box.ticks))
    ticks = [(x(i), i) for i in range(0, n, every)]
    if ticks[-1][1] != hands and hands % every > every / 2:
        ticks.append((x(hands), hands))
    step = nice_step(top - bottom)
    first = -(-bottom // step) * step
    grid = tuple((y(g), g) for g in range(first, top + 1, step))
    return Chart(w=box.w, h=box.h, x0=box.left, x1=box.w - box.right, plot_top=box.top,
                 plot_bottom=box.h - box.bottom, lines=lines, hands=hands, goal=goal,
                 goal_y=y(goal) if goal else None, zero_y=y(0), top=top, top_y=y(top), bottom=bottom,
                 ticks=tuple(ticks), grid=grid)
