"""Small events for the tests: entrants named after their ids, rounds of tables with totals."""

from __future__ import annotations

import json
from referee.rules.catalogue import PRESETS
from typing import Any

#: a Russian name for each one-letter id (names are unique in an event)
NAMES = {"a": "Аня", "b": "Боря", "c": "Вера", "d": "Гена", "e": "Дина", "f": "Егор", "g": "Жанна",
         "h": "Зоя", "i": "Игорь", "j": "Катя", "k": "Лёва", "l": "Маша"}
YARD = dict(PRESETS["traditional"]["yard"])       # «Козёл, как во дворе»


def event(ids: str, *, variant: str = "traditional", seats: int = 2, options: dict[str, Any] | None = None,
          system: str = "swiss", unit: str = "player", rounds: int = 3, **more: Any) -> dict[str, Any]:
    game: dict[str, Any] = {"variant": variant, "seats": seats}
    if options:
        game["options"] = json.loads(json.dumps(options))
    for key in ("time_limit", "hand_limit"):
        if key in more:
            game[key] = more.pop(key)
    out: dict[str, Any] = {"format": "referee-event/1", "name": "Тест", "game": game, "system": system,
                           "unit": unit, "rounds": rounds,
                           "entrants": [{"id": x, "name": NAMES[x]} for x in ids], "round_list": []}
    out.update(more)
    return out


def table(number: int, seats: str, totals: list[int | float] | None = None, ended: str = "target",
          **result: Any) -> dict[str, Any]:
    """A table seating the one-letter ids of ``seats``; ``totals`` in seat order."""
    t: dict[str, Any] = {"table": number, "seats": list(seats)}
    if totals is not None:
        t["result"] = {"totals": dict(zip(seats, totals)), "ended": ended}
    elif result:
        t["result"] = result
    return t


def forfeit(number: int, seats: str, absent: str) -> dict[str, Any]:
    return {"table": number, "seats": list(seats), "result": {"ended": "forfeit", "absent": list(absent)}}


def rnd(number: int, *tables: dict[str, Any], **more: Any) -> dict[str, Any]:
    return dict({"round": number, "tables": list(tables)}, **more)


def summary(rows: list[dict[str, Any]]) -> list[tuple[str, Any, Any, Any]]:
    """(unit, match points, Buchholz, score difference) per line, best first."""
    return [("".join(r["unit"]), r["match_points"], r["buchholz"], r["score_diff"]) for r in rows]
