"""Players who come back: a page per player with his matches, hands and wins, points
per hand, «козёл» counts, per variant, a head-to-head table and a chart of his form; CSV exports.

Every figure comes from the same replay of the logs that the scoreboard uses
(``engine.replay`` and ``play._score``): one source, each match's summary kept by the worker
(``summaries.of``: a visit replays only the matches changed since, and never evicts a table's
kept state for them). The matches counted are the ones this
browser's match list shows (``matches.known_matches``); a player is known by his name.
"""

from __future__ import annotations

import io
from collections import defaultdict

from flask import Blueprint, Response, abort, render_template

from . import get_db
from .chart import running_chart

bp = Blueprint("players", __name__, url_prefix="/players")


def match_facts(m: dict, state) -> dict:
    """One match as the statistics read it (``state``: its replay, ``engine.replay``): its hands'
    points and winners, totals, the match winner(s) and the «козёл» (from the scoreboard's own
    figures)."""
    from .play import _score

    score = _score(m, state)
    report = state.report
    winners = report.get("match_winners") or ([report["match_winner"]] if report.get("match_winner") else [])
    hands = []
    for h in report.get("hands") or []:
        hands.append({"number": h.get("number"), "winner": h.get("winner"),
                      "points": {p: int(v or 0) for p, v in (h.get("points") or {}).items()},
                      "end": h.get("end")})
    return {"id": m["id"], "variant": m["variant"], "players": list(m["players"]),
            "date": (m.get("created") or "")[:10], "hands": hands, "winners": list(winners),
            "over": bool(winners), "kozel": score.get("kozel"), "totals": dict(score.get("totals") or {}),
            # every player who reached the limit (two may pass it on the same hand; a pair: both)
            "goats": list((report.get("now") or {}).get("goats") or []),
            "kind": score.get("kind")}


def all_facts(matches: list[dict]) -> list[dict]:
    from . import summaries
    from .i18n import lang

    out = [summaries.of(m, lang())["facts"] for m in matches]  # no replay while unchanged
    out.sort(key=lambda f: (f["date"], f["id"]))
    return out


def player_stats(name: str, facts: list[dict]) -> dict:
    """Everything the player page shows, counted from ``facts`` (see :func:`match_facts`)."""
    mine = [f for f in facts if name in f["players"]]
    per_variant: dict[str, dict] = defaultdict(lambda: {"matches": 0, "won": 0, "finished": 0, "hands": 0,
                                                        "hands_won": 0, "points": 0, "kozel": 0})
    h2h: dict[str, dict] = defaultdict(lambda: {"matches": 0, "won": 0, "lost": 0})
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
    total = {"matches": 0, "won": 0, "finished": 0, "hands": 0, "hands_won": 0, "points": 0, "kozel": 0}
    for v in per_variant.values():
        for k in total:
            total[k] += v[k]
    for row in list(per_variant.values()) + [total]:
        row["per_hand"] = round(row["points"] / row["hands"], 1) if row["hands"] else None
    return {"name": name, "total": total, "per_variant": dict(per_variant), "h2h": dict(h2h),
            "form": form, "matches": list(reversed(mine))}


def names(facts: list[dict]) -> list[dict]:
    """Every player of these matches, with how many matches he played, most first."""
    count: dict[str, int] = defaultdict(int)
    for f in facts:
        for p in f["players"]:
            count[p] += 1
    return [{"name": n, "matches": c} for n, c in sorted(count.items(), key=lambda x: (-x[1], x[0]))]


def _known() -> list[dict]:
    from .matches import known_matches

    return known_matches(get_db())


@bp.get("")
def index():
    """The players of the matches this browser knows."""
    return render_template("players/index.html", players=names(all_facts(_known())))


@bp.get("/<path:name>")
def player(name: str):
    """One player's page."""
    if name.endswith(".csv"):
        return player_csv(name[:-4])
    facts = all_facts(_known())
    stats = player_stats(name, facts)
    if not stats["matches"]:
        abort(404)
    chart = running_chart([name], {name: stats["form"]}, None)
    return render_template("players/player.html", s=stats, chart=chart)


CSV_HEAD = ("match", "date", "variant", "hand", "player", "points", "total", "hand_winner",
            "match_winner")


def csv_rows(facts: list[dict], only: str | None = None):
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


def _csv(rows, filename: str) -> Response:
    from referee.matches import spreadsheet

    buf = io.StringIO()
    spreadsheet.write(buf, CSV_HEAD, rows)  # a name that reads as a formula is written as text
    # a BOM so that spreadsheets read the names (Cyrillic) as UTF-8
    return Response("\ufeff" + buf.getvalue(), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


def player_csv(name: str) -> Response:
    facts = [f for f in all_facts(_known()) if name in f["players"]]
    if not facts:
        abort(404)
    return _csv(csv_rows(facts, only=name), "player.csv")


@bp.get("/all.csv")
def all_csv():
    """Every hand of the matches this browser knows, as CSV."""
    return _csv(csv_rows(all_facts(_known())), "matches.csv")
