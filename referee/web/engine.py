"""The web app's one door to the rules engine (``referee.rules`` and ``referee.record``).

The web layer never applies a rule itself: it turns the stored log into a game
record and replays it here, then asks the live hand what fits. Everything the
app needs from the engine goes through this module.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field

from referee.rules import catalogue

from .log import LoggedHand, fold, to_record


def available() -> bool:
    """Whether the engine's replay has landed."""
    try:
        mod = importlib.import_module("referee.record")
    except ImportError:
        return False
    return hasattr(mod, "replay")


def rule_error_types():
    from referee.rules.errors import RuleError

    return RuleError


def option_error_types():
    return catalogue.OptionError


@dataclass
class Refusal:
    """A refused move or record: the rule id and its words in both languages."""

    rule: str
    message_ru: str
    message_en: str
    places: list[str] = field(default_factory=list)
    hand: int | None = None
    turn: int | None = None
    move: str | None = None

    def message(self, lang: str) -> str:
        return self.message_en if lang == "en" else self.message_ru

    @property
    def rule_page(self) -> str:
        """The rules page's anchor for this refusal: variant page, rule id."""
        return self.rule


def refusal(err) -> Refusal:
    """A Refusal from an engine error (RuleError, OptionError or RecordError)."""
    rule = getattr(err, "rule", "record.invalid")
    try:
        ru, en = err.message("ru"), err.message("en")
    except Exception:  # an OptionError has no words of its own
        from referee.rules.messages import message

        params = getattr(err, "params", {})
        try:
            ru, en = message(rule, params, "ru"), message(rule, params, "en")
        except Exception:
            ru = en = rule
    return Refusal(rule=rule, message_ru=ru, message_en=en, places=list(getattr(err, "places", [])))


@dataclass
class MatchState:
    """A match replayed: its logged hands, the engine's report and the live hand."""

    hands: list[LoggedHand]
    report: dict
    live: object | None = None
    error: Refusal | None = None

    @property
    def last(self) -> LoggedHand | None:
        return self.hands[-1] if self.hands else None


def empty_report(match: dict) -> dict:
    return {"ok": True, "variant": match["variant"], "hands": [],
            "totals": {p: 0 for p in match["players"]}, "match_winner": None, "error": None}


def replay(match: dict, events: list[dict]) -> MatchState:
    """Replay the stored log through the engine's one replay path."""
    hands = fold(events)
    if not available():
        return MatchState(hands=hands, report=empty_report(match))
    from referee import record as rec

    record = to_record(match, hands)
    RuleError = rule_error_types()
    try:
        report = rec.replay(rec.read(record))
    except (RuleError, catalogue.OptionError) as err:
        return MatchState(hands=hands, report=empty_report(match), error=refusal(err))
    data = report.to_json()
    err = None
    if data.get("error"):
        e = data["error"]
        err = Refusal(rule=e.get("rule", ""), message_ru=e.get("message", ""),
                      message_en=e.get("message", ""), hand=e.get("hand"), turn=e.get("turn"),
                      move=e.get("move"))
    return MatchState(hands=hands, report=data, live=getattr(report, "live", None), error=err)


def check_record(obj) -> tuple[dict | None, Refusal | None]:
    """Read and replay a record; (report, None) when every hand is legal."""
    if not available():
        return None, Refusal("record.engine", "Движок правил ещё не подключён.",
                             "The rules engine is not available yet.")
    from referee import record as rec

    RuleError = rule_error_types()
    try:
        report = rec.replay(rec.read(obj)).to_json()
    except (RuleError, catalogue.OptionError) as err:
        return None, refusal(err)
    if report.get("error"):
        e = report["error"]
        return report, Refusal(rule=e.get("rule", ""), message_ru=e.get("message", ""),
                               message_en=e.get("message", ""), hand=e.get("hand"),
                               turn=e.get("turn"), move=e.get("move"))
    return report, None


def parse_tile(text: str) -> int:
    from referee.rules.tiles import parse_tile as p

    return p(text)


def tile_str(t: int) -> str:
    from referee.rules.tiles import tile_str as s

    return s(t)


def hand_view(live) -> dict | None:
    """What the pages draw of the live hand, as plain data."""
    if live is None:
        return None
    to_move = getattr(live, "to_move", None)
    players = list(live.players)
    on_table = [tile_str(t) for t in getattr(live, "on_table", [])]
    known = {}
    for seat, name in enumerate(players):
        try:
            k = live.known_hand(seat)
        except Exception:
            k = None
        known[name] = [tile_str(t) for t in k] if k is not None else None
    return {
        "players": players,
        "to_move": players[to_move] if to_move is not None else None,
        "over": bool(getattr(live, "over", False)),
        "end": getattr(live, "end", None),
        "turn_open": bool(getattr(live, "turn_open", False)),
        "counts": dict(zip(players, getattr(live, "counts", [0] * len(players)))),
        "scores": dict(zip(players, getattr(live, "scores", [0] * len(players)))),
        "bazaar": getattr(live, "bazaar_count", None),
        "on_table": on_table,
        "known": known,
        "layout": live.layout_view(),
    }


def places_for(live, tile: str) -> list[str]:
    return list(live.places_for(parse_tile(tile)))


def explain(live, tile: str) -> Refusal | None:
    err = live.explain(parse_tile(tile))
    return refusal(err) if err is not None else None


def try_play(live, token: str) -> tuple[bool, Refusal | None]:
    """Play one token on the live hand; (turn still open, None) or (False, refusal)."""
    RuleError = rule_error_types()
    try:
        live.play(token)
    except RuleError as err:
        return False, refusal(err)
    return bool(getattr(live, "turn_open", False)), None


def try_end_turn(live) -> Refusal | None:
    RuleError = rule_error_types()
    try:
        live.end_turn()
    except RuleError as err:
        return refusal(err)
    return None
