"""A small SVG chart of the running totals, drawn on the server (no JS library)."""

from __future__ import annotations

from typing import Any

COLOURS = ("#c0392b", "#1f6fb2", "#2e8b57", "#8e44ad", "#d35400", "#16a085", "#7f6000", "#555")
W, H, PAD_L, PAD_R, PAD_T, PAD_B = 360, 190, 34, 10, 10, 24


def running_chart(players: list[str], series: dict[str, list[int]], goal: int | None) -> dict[str, Any]:
    """Polylines (one per player) in a W x H box, with the goal as a dashed line."""
    n = max((len(s) for s in series.values()), default=1)
    values = [v for s in series.values() for v in s] + [0]
    if goal:
        values.append(goal)
    top, bottom = max(values), min(values)
    if top == bottom:
        top = bottom + 1
    iw, ih = W - PAD_L - PAD_R, H - PAD_T - PAD_B

    def x(i: int) -> float:
        return round(PAD_L + (iw * i / (n - 1) if n > 1 else 0), 1)

    def y(v: int) -> float:
        return round(PAD_T + ih * (top - v) / (top - bottom), 1)

    lines = []
    for k, p in enumerate(players):
        pts = series.get(p, [0])
        lines.append({"player": p, "colour": COLOURS[k % len(COLOURS)],
                      "points": " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(pts)),
                      "last": (x(len(pts) - 1), y(pts[-1]))})
    return {"w": W, "h": H, "lines": lines, "hands": n - 1,
            "goal_y": y(goal) if goal else None, "goal": goal,
            "zero_y": y(0), "top": top, "top_y": y(top), "x0": PAD_L, "x1": W - PAD_R,
            "ticks": [(x(i), i) for i in range(n)] if n <= 16 else [(x(0), 0), (x(n - 1), n - 1)],
            "base_y": H - PAD_B}
