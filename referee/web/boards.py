"""The scoreboard as the pages draw it: the match's scoreboard model
(``referee.matches.scoreboard``) with its names in the page's language, its chart, and the table
scoreboard (large type) that both links open.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import render_template
from flask.typing import ResponseReturnValue

from referee.matches import chart, replay, scoreboard

from .write import load
from .i18n import pair_words


def score_of(m: dict[str, Any], report: dict[str, Any]) -> scoreboard.Scoreboard:
    """The match's scoreboard (``referee.matches.scoreboard``) from its replay's report, its
    names in the page's language."""
    return scoreboard.of_match(m, report, pair_words)


@dataclass(frozen=True)
class Totals:
    """What the table reads of the scoreboard while a hand is played (each player's total beside
    his name: ``play/_hand.html``): the totals as :func:`score_of`'s, without its hands' rows."""

    totals: dict[str, int]


def totals_of(report: dict[str, Any]) -> Totals:
    """:func:`score_of`'s totals alone: the report's (``scoreboard.build``'s when it has any;
    else its running sums, 0 for every player)."""
    return Totals(dict(report.get("totals") or {}))


def scoreboard_chart(score: scoreboard.Scoreboard) -> chart.Chart:
    """The running totals' chart of a scoreboard (``play/_scoreboard.html``)."""
    return chart.running([c.name for c in score.columns], score.series, score.goal)


def board_page(m: dict[str, Any], back: str) -> ResponseReturnValue:
    """The table scoreboard (large type, following the match): from either link."""
    evs, state = load(m)
    return render_template("play/board.html", m=m, n=len(evs), state=state, score=score_of(m, state.report),
                           back=back, lead=replay.next_lead(m, state) if replay.phase(state) == "next" else {})
