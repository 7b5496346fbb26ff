"""The spinner games: Sevastopol and spider, whose opening double spins four ways."""

from __future__ import annotations

from typing import NamedTuple, TypeVar

from ..hand import Cand, Hand
from ..layout import End
from ..tiles import A, DOUBLE, DOUBLES_MASK, TILE
from .base import Variant
from .families import SpinnerOptions
from .orders import ONE_UP
from .registry import register


#: the options of a spinner: each has those both read (``families.SpinnerOptions``)
SO = TypeVar("SO", bound=SpinnerOptions)


class Spinner(Variant[SO]):
    """Sevastopol and spider: the opening double spins four ways."""

    layout_kind = "spinner"
    arms_rule = "sevastopol.arms_first"

    def lead_spinner(self, t: int) -> bool:
        return True

    def lead_fit(self, h: Hand) -> int:
        return DOUBLES_MASK

    def lead_cands(self, h: Hand, t: int, seat: int) -> list[Cand]:
        if not DOUBLE[t]:
            return []
        return [Cand(-1, None, True)]

    def lead_refusal(self, h: Hand, t: int) -> str | None:
        return None if DOUBLE[t] else "lead.double"

    def arms_first(self) -> bool:
        return self.o.open_arms_first == "yes"

    def end_allowed(self, h: Hand, e: End, seat: int, turn: bool) -> str | None:
        if self.arms_first() and h.layout.spin_started < 4 and not e.spin:
            return self.arms_rule
        return None


class SevastopolOptions(NamedTuple):
    """The house options of Sevastopol (typed, by name)."""
    open_arms_first: str
    lone_blank: int
    target: int


class Sevastopol(Spinner[SevastopolOptions]):
    name = "sevastopol"
    draw_rule = "none"
    rule_topics = frozenset({"one_tile", "lead_double", "sevastopol"})

    Options = SevastopolOptions

    def opener_order(self, h: Hand) -> list[int] | None:
        return [TILE[6][6]]


class SpiderOptions(NamedTuple):
    """The house options of Spider (typed, by name)."""
    open_arms_first: str
    close_with: str
    lone_blank: int
    target: int


class Spider(Spinner[SpiderOptions]):
    name = "spider"
    removes_one = True
    arms_rule = "spider.arms_first"
    no_opener_rule = "hand.no_double"
    rule_topics = frozenset({"drawing", "one_tile", "lead_double", "no_double", "spider"})

    Options = SpiderOptions

    def no_fit_reason(self, h: Hand, t: int, why: str) -> str:
        if DOUBLE[t] and self.arms_first() and 0 < len(h.layout.placed) and h.layout.spin_started < 4:
            # a double that could close a started leg, but not before all four legs are started
            if any(not e.spin and (self.o.close_with == "any_double" or A[t] in e.values)
                   for e in h.layout.ends):
                return self.arms_rule
        return why

    def opener_order(self, h: Hand) -> list[int] | None:
        return ONE_UP

    def no_opener(self, h: Hand) -> None:
        h.finish("redeal", None)

    def extra_fit(self, h: Hand, seat: int, turn: bool) -> int:
        lay = h.layout
        if not lay.placed or (self.arms_first() and lay.spin_started < 4):
            return 0
        m = 0
        for e in lay.ends:
            if not e.spin:
                if self.o.close_with == "any_double":
                    return DOUBLES_MASK
                m |= 1 << TILE[e.values[0]][e.values[0]]
        return m

    def extra_cands(self, h: Hand, t: int, seat: int, turn: bool) -> list[Cand]:
        if not DOUBLE[t] or h.layout.empty:
            return []
        lay = h.layout
        if self.arms_first() and lay.spin_started < 4:
            return []
        d = A[t]
        out = []
        for i, e in enumerate(lay.ends):
            if e.spin:
                continue
            if self.o.close_with == "any_double" or d in e.values:
                out.append(Cand(i, d, True, down=True))
        return out


# registered after the class bodies, not by a decorator: mypyc compiles no decorated
# subclass of a compiled class
register(Sevastopol)
register(Spider)
