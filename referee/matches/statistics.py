"""The statistics of players who come back, and the CSVs: counted from each match's scoreboard
(``referee.matches.scoreboard``, the model the score page draws), one source for the player
pages, the web app's CSV exports and ``referee csv``. Pure Python: no Flask."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Mapping
from typing import Any

from referee.matches import scoreboard

#: one match as the statistics read it (:func:`match_facts`)
Facts = dict[str, Any]


def _listed(a: str, b: str) -> str:
    return f"{a}, {b}"


def match_facts(m: Mapping[str, Any], report: Mapping[str, Any]) -> Facts:
    """One match as the statistics read it (``report``: its replay's, with ``now``): its hands'
    points and winners, the totals, the match winner(s) and every player who reached the limit
    (two may pass it on the same hand; a pair: both), from its scoreboard."""
    score = scoreboard.of_match(m, report, _listed)
    hands = [{"number": r.number, "winner": r.winner, "end": r.end,
              "points": {p: int(v or 0) for p, v in r.points.items()}} for r in score.rows]
    return {"id": m["id"], "variant": m["variant"], "players": list(m["players"]),
            "date": (m.get("created") or "")[:10], "hands": hands, "winners": list(score.winners),
            "over": score.over, "totals": dict(score.totals), "goats": list(score.goats),
            "kind": score.kind}


def player_stats(name: str, facts: list[Facts]) -> dict[str, Any]:
    """Everything the player page shows, counted from ``facts`` (see :func:`match_facts`)."""
    mine = [f for f in facts if name in f["players"]]
    per_variant: dict[str, dict[str, Any]] = defaultdict(lambda: {"matches": 0, "won": 0, "finished": 0, "hands": 0,
                                                        "hands_won": 0, "points": 0, "kozel": 0})
    h2h: dict[str, dict[str, Any]] = defaultdict(lambda: {"matches": 0, "won": 0, "lost": 0})
    form: list[int] = [0]
    for f in mine:
        v = per_variant[f["variant"]]
        v["matches"] += 1
        v["finished"] += 1 if f["over"] else 0
        won = name in f["winners"]
        v["won"] += 1 if won else 0
        v["kozel"] += 1 if name in f["goats"] else 0
        for h in f["hands"]:
            if h["end"] in (None, "redeal"):
                continue
            v["hands"] += 1
            v["hands_won"] += 1 if h["winner"] == name else 0
            v["points"] += h["points"].get(name, 0)
        for other in f["players"]:
            if other == name:
                continue
            row = h2h[other]
            row["matches"] += 1
            if f["over"] and won and other not in f["winners"]:
                row["won"] += 1
            elif f["over"] and other in f["winners"] and not won:
                row["lost"] += 1
        if f["over"]:
            form.append(form[-1] + (1 if won else -1))
    total: dict[str, Any] = {"matches": 0, "won": 0, "finished": 0, "hands": 0, "hands_won": 0, "points": 0, "kozel": 0}
    for v in per_variant.values():
        for k in total:
            total[k] += v[k]
    for row in list(per_variant.values()) + [total]:
        row["per_hand"] = round(row["points"] / row["hands"], 1) if row["hands"] else None
    return {"name": name, "total": total, "per_variant": dict(per_variant), "h2h": dict(h2h),
            "form": form, "matches": list(reversed(mine))}


def names(facts: list[Facts]) -> list[dict[str, Any]]:
    """Every player of these matches, with how many matches he played, most first."""
    count: dict[str, int] = defaultdict(int)
    for f in facts:
        for p in f["players"]:
            count[p] += 1
    return [{"name": n, "matches": c} for n, c in sorted(count.items(), key=lambda x: (-x[1], x[0]))]


CSV_HEAD = ("match", "date", "variant", "hand", "player", "points", "total", "hand_winner",
            "match_winner")


def csv_rows(facts: list[Facts], only: str | None = None) -> Iterator[tuple[Any, ...]]:
    """One row per player per hand: for a spreadsheet."""
    for f in facts:
        running = {p: 0 for p in f["players"]}
        for h in f["hands"]:
            for p in f["players"]:
                running[p] += h["points"].get(p, 0)
                if only is not None and p != only:
                    continue
                yield (f["id"], f["date"], f["variant"], h["number"], p, h["points"].get(p, 0),
                       running[p], h["winner"] or "", ";".join(f["winners"]))
