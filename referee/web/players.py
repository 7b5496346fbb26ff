"""Players who come back: a page per player with his matches, hands and wins, points
per hand, «козёл» counts, per variant, a head-to-head table and a chart of his form; CSV exports.

Every figure is counted from the matches' scoreboards (``referee.matches.statistics``, from the
same replay of the logs and the same model the score page draws): one source, each match's summary kept by the worker
(``summaries.of``: a visit replays only the matches changed since, and never evicts a table's
kept state for them). The matches counted are the ones this
browser's match list shows (``matches.known_matches``); a player is known by his name.
"""

from __future__ import annotations

from typing import Any, Iterable

import io

from flask import Blueprint, Response, abort, render_template
from flask.typing import ResponseReturnValue

from referee.matches import chart, spreadsheet
from referee.matches.statistics import CSV_HEAD, csv_rows, names, player_stats

from . import get_db, summaries
from .i18n import lang
from .matches import known_matches

bp = Blueprint("players", __name__, url_prefix="/players")


def all_facts(matches: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = [summaries.of(m, lang())["facts"] for m in matches]  # no replay while unchanged
    out.sort(key=lambda f: (f["date"], f["id"]))
    return out


def _known() -> list[dict[str, Any]]:
    return known_matches(get_db())


@bp.get("")
def index() -> ResponseReturnValue:
    """The players of the matches this browser knows."""
    return render_template("players/index.html", players=names(all_facts(_known())))


@bp.get("/<path:name>")
def player(name: str) -> ResponseReturnValue:
    """One player's page."""
    if name.endswith(".csv"):
        return player_csv(name[:-4])
    facts = all_facts(_known())
    stats = player_stats(name, facts)
    if not stats["matches"]:
        abort(404)
    form = chart.running([name], {name: stats["form"]}, None)
    return render_template("players/player.html", s=stats, chart=form)


def _csv(rows: Iterable[Iterable[object]], filename: str) -> Response:
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
def all_csv() -> ResponseReturnValue:
    """Every hand of the matches this browser knows, as CSV."""
    return _csv(csv_rows(all_facts(_known())), "matches.csv")
