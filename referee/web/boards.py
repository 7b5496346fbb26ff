"""The scoreboard as the pages draw it: the match's scoreboard model
(``referee.matches.scoreboard``) with its names in the page's language, its chart, and the table
scoreboard (large type) that both links open.
"""

from __future__ import annotations

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


def scoreboard_chart(score: scoreboard.Scoreboard) -> chart.Chart:
    """The running totals' chart of a scoreboard (``play/_scoreboard.html``)."""
    return chart.running([c.name for c in score.columns], score.series, score.goal)


def board_page(m: dict[str, Any], back: str) -> ResponseReturnValue:
    """The table scoreboard (large type, following the match): from either link."""
    evs, state = load(m)
    return render_template("play/board.html", m=m, n=len(evs), state=state, score=score_of(m, state.report),
                           back=back, lead=replay.next_lead(m, state) if replay.phase(state) == "next" else {})
