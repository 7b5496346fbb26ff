"""The line games: traditional (the classic, with kozel scoring among its options) and blitz."""

from __future__ import annotations

from ..match import traditional_score
from ..tiles import A, DOUBLE, PIPS, SUIT
from .base import HandScore, Variant
from .orders import DOUBLES_DOWN, DOUBLES_UP, HEAVIEST, KOZEL, LIGHTEST
from .registry import register


def monotonous(mask: int, threshold: int) -> bool:
    """At least ``threshold`` tiles of the hand share one number."""
    for n in range(7):
        if (mask & SUIT[n]).bit_count() >= threshold:
            return True
    return False


@register
class Traditional(Variant):
    name = "traditional"

    def __init__(self, options, players):
        super().__init__(options, players)
        self.draw_rule = "none" if self.o.get("draw") == "none" else "until"

    def opener_order(self, h):
        rule = self.o.get("opener")
        if rule == "lowest_double":
            return DOUBLES_UP + LIGHTEST
        if rule == "kozel":
            return KOZEL + HEAVIEST
        return DOUBLES_DOWN + HEAVIEST

    def winner_leads(self):
        return self.o.get("later_lead") == "winner"

    def setup(self, h, lead, previous_winner, first_hand):
        super().setup(h, lead, previous_winner, first_hand)
        if h.deal_known:
            thr = int(self.o["monotonous_threshold"])
            bad = sum(1 for s in range(h.n) if monotonous(h.hands[s], thr))
            need = 1 if self.o.get("redeal_when") == "any" else 2
            if bad >= need:
                h.vs["redeal"] = True
                h.finish("redeal", None)

    def score(self, h):
        """Credit or kozel scoring, alone or in pairs (:func:`referee.rules.match.traditional_score`)."""
        left = self.left_pips(h)
        if h.end not in ("out", "block"):
            return HandScore([0] * h.n, None, left)
        points, w = traditional_score(self.o, h.end, h.winner, h.maker, left)
        return HandScore(points, w, left)


@register
class Blitz(Variant):
    name = "blitz"
    multi_lay = True
    turn_rules = True
    no_bazaar_rule = "blitz.no_bazaar"

    def __init__(self, options, players):
        super().__init__(options, players)
        self.undealt_dead = self.o.get("bazaar") != "draw"
        self.draw_rule = "none" if self.undealt_dead else "until"

    def opener_order(self, h):
        if self.o.get("opener") == "nearest_sum":
            return sorted(range(28), key=lambda t: (PIPS[t], 0 if DOUBLE[t] else 1, A[t]))
        return DOUBLES_UP + LIGHTEST

    def end_allowed(self, h, e, seat, turn):
        if turn and h.t_laid and self.o.get("chain") == "one_end" and e.anchor != h.t_last:
            return "blitz.chain"
        return None
