"""The line games: traditional (the classic, with kozel scoring among its options) and blitz."""

from __future__ import annotations

from typing import Mapping, NamedTuple

from ..hand import Hand
from ..layout import End
from ..match import traditional_score
from ..tiles import A, DOUBLE, PIPS, SUIT
from .base import HandScore, Variant
from .orders import DOUBLES_DOWN, DOUBLES_UP, HEAVIEST, KOZEL, LIGHTEST
from .registry import register


def monotonous(mask: int, threshold: int) -> bool:
    """At least ``threshold`` tiles of the hand share one number."""
    for suit in SUIT:
        if (mask & suit).bit_count() >= threshold:
            return True
    return False


#: the opener orders (shared: ``Variant.setup`` only reads them)
_LOWEST_FIRST = DOUBLES_UP + LIGHTEST
_KOZEL_FIRST = KOZEL + HEAVIEST
_HIGHEST_FIRST = DOUBLES_DOWN + HEAVIEST


class TraditionalOptions(NamedTuple):
    """The house options of Traditional (typed, by name)."""
    deal_3_4: int
    opener: str
    later_lead: str
    draw: str
    monotonous_threshold: int
    redeal_when: str
    scoring: str
    fish_winner: str
    lone_blank: int
    teams: str
    kozel_min: int
    eggs: str
    target: int
    limit: int


class Traditional(Variant[TraditionalOptions]):
    name = "traditional"
    rule_topics = frozenset({"drawing", "one_tile", "redeal", "fish_maker", "kozel"})
    options_not_on_rules_page = frozenset({"limit"})    # the kozel scoring's words say it

    Options = TraditionalOptions

    def __init__(self, options: Mapping[str, object], players: int) -> None:
        super().__init__(options, players)
        self.draw_rule = "none" if self.o.draw == "none" else "until"

    def opener_order(self, h: Hand) -> list[int] | None:
        rule = self.o.opener
        if rule == "lowest_double":
            return _LOWEST_FIRST
        if rule == "kozel":
            return _KOZEL_FIRST
        return _HIGHEST_FIRST

    def winner_leads(self) -> bool:
        return self.o.later_lead == "winner"

    def setup(self, h: Hand, lead: int | None, previous_winner: int | None, first_hand: bool) -> None:
        super().setup(h, lead, previous_winner, first_hand)
        if h.deal_known:
            o = self.o
            thr = o.monotonous_threshold
            need = 1 if o.redeal_when == "any" else 2
            bad = 0
            for m in h.hands:
                if monotonous(m, thr):
                    bad += 1
            if bad >= need:
                h.finish("redeal", None)

    def maker_wins_block(self) -> bool:
        return self.o.fish_winner == "maker"

    def names_the_kozel(self) -> bool:
        return self.o.scoring == "kozel"

    def loser_shuffles(self) -> bool:
        return self.names_the_kozel()

    def in_pairs(self) -> bool:
        return self.o.teams == "pairs"

    def option_applies(self, key: str) -> bool:
        if key == "limit":
            return self.o.scoring == "kozel"
        if key == "target":
            return self.o.scoring != "kozel"
        if key in ("kozel_min", "eggs"):
            return self.o.scoring == "kozel"
        if key == "teams":
            return self.np == 4
        if key == "deal_3_4":
            return self.np >= 3
        return True

    def score(self, h: Hand) -> HandScore:
        """Credit or kozel scoring, alone or in pairs (:func:`referee.rules.match.traditional_score`)."""
        left = self.left_pips(h)
        if h.end not in ("out", "block"):
            return HandScore([0] * h.n, None, left)
        points, w = traditional_score(self.options, h.end, h.winner, h.maker, left)
        return HandScore(points, w, left)


class BlitzOptions(NamedTuple):
    """The house options of Blitz (typed, by name)."""
    bazaar: str
    opener: str
    chain: str
    lone_blank: int
    target: int


class Blitz(Variant[BlitzOptions]):
    name = "blitz"
    multi_lay = True
    turn_rules = True
    no_bazaar_rule = "blitz.no_bazaar"
    rule_topics = frozenset({"drawing", "blitz"})

    Options = BlitzOptions

    def __init__(self, options: Mapping[str, object], players: int) -> None:
        super().__init__(options, players)
        self.undealt_dead = self.o.bazaar != "draw"
        self.draw_rule = "none" if self.undealt_dead else "until"

    def opener_order(self, h: Hand) -> list[int] | None:
        if self.o.opener == "nearest_sum":
            return sorted(range(28), key=lambda t: (PIPS[t], 0 if DOUBLE[t] else 1, A[t]))
        return DOUBLES_UP + LIGHTEST

    def end_allowed(self, h: Hand, e: End, seat: int, turn: bool) -> str | None:
        if turn and h.t_laid and self.o.chain == "one_end" and e.anchor != h.t_last:
            return "blitz.chain"
        return None


# registered after the class bodies, not by a decorator: mypyc compiles no decorated
# subclass of a compiled class
register(Traditional)
register(Blitz)
