"""Sausage: two lanes from a double, kept even; a cut gives the table back."""

from __future__ import annotations

from typing import Mapping, NamedTuple

from ..errors import IllegalMove
from ..hand import Cand, Hand
from ..layout import End, Placement
from ..tiles import A, B, DOUBLE, DOUBLES_MASK, TILE, tiles_of
from .base import HandScore, Variant
from .orders import ONE_UP
from .registry import register


#: an option that may be unset (see ``SausageOptions.target``)
MaybeNumber = int | None


class SausageOptions(NamedTuple):
    """The house options of Sausage (typed, by name)."""
    cut_when: str
    scoring: str
    lone_blank: int
    #: a quoted name: a NamedTuple compiled by mypyc (the optional build) keeps a field's type in
    #: its annotations only as a class or as a quoted name (a union would read as ``type``), and
    #: ``register`` checks it on both builds
    target: "MaybeNumber"  # noqa: UP037


class Sausage(Variant[SausageOptions]):
    name = "sausage"
    layout_kind = "sausage"
    doubles = "along"
    tiles_change_hands = True       # a cut hands the piece to the player before
    no_opener_rule = "hand.no_double"
    rule_topics = frozenset({"drawing", "one_tile", "lead_double", "no_double", "sausage"})

    Options = SausageOptions

    def __init__(self, options: Mapping[str, object], players: int) -> None:
        super().__init__(options, players)
        self.draw_rule = "none" if players == 4 else "until"

    def opener_order(self, h: Hand) -> list[int] | None:
        return ONE_UP

    def no_opener(self, h: Hand) -> None:
        h.finish("redeal", None)

    def winner_leads(self) -> bool:
        return True

    def setup(self, h: Hand, lead: int | None, previous_winner: int | None, first_hand: bool) -> None:
        if not first_hand and previous_winner is not None:
            if not h.deal_known or any(DOUBLE[t] for t in tiles_of(h.hands[previous_winner])):
                h.vs.winner_leads = True
                self.fix_leader(h, previous_winner, lead)
                return
        Variant.setup(self, h, lead, None, True)

    def check_lead(self, h: Hand, seat: int, t: int) -> None:
        if h.vs.winner_leads:
            if not DOUBLE[t]:
                raise IllegalMove("lead.double", {"player": h.players[seat]})
            return
        super().check_lead(h, seat, t)

    def lead_cands(self, h: Hand, t: int, seat: int) -> list[Cand]:
        if not DOUBLE[t]:
            return []
        return [Cand(-1, None, True)]

    def lead_fit(self, h: Hand) -> int:
        return DOUBLES_MASK

    def lead_refusal(self, h: Hand, t: int) -> str | None:
        return None if DOUBLE[t] else "lead.double"

    def extra_fit(self, h: Hand, seat: int, turn: bool) -> int:
        lay = h.layout
        if len(lay.ends) != 2 or min(len(lay.lanes[0]), len(lay.lanes[1])) < 1:
            return 0
        va, vb = lay.ends[0].values[0], lay.ends[1].values[0]
        t = TILE[va][vb]
        return 1 << t if self.extra_cands(h, t, seat, turn) else 0

    def lead(self, h: Hand, seat: int, t: int, c: Cand) -> Placement:
        lay = h.layout
        p = lay.lead(t, True, seat)
        lay.lanes = [[], []]
        return p

    def end_allowed(self, h: Hand, e: End, seat: int, turn: bool) -> str | None:
        lanes = h.layout.lanes
        if len(lanes[e.arm]) > len(lanes[1 - e.arm]):
            return "sausage.balance"
        return None

    def extra_cands(self, h: Hand, t: int, seat: int, turn: bool) -> list[Cand]:
        lay = h.layout
        if len(lay.ends) != 2:
            return []
        la, lb = len(lay.lanes[0]), len(lay.lanes[1])
        if min(la, lb) < 1:
            return []
        ea = lay.ends[0] if lay.ends[0].arm == 0 else lay.ends[1]
        eb = lay.ends[1] if ea is lay.ends[0] else lay.ends[0]
        if sorted((A[t], B[t])) != sorted((ea.values[0], eb.values[0])):
            return []
        if la == lb:
            return [Cand(-1, ea.values[0], True, cut=True)]
        if self.o.cut_when == "any" and abs(la - lb) == 1:
            return [Cand(-1, ea.values[0], True, cut=True, give="left"),
                    Cand(-1, ea.values[0], True, cut=True, give="right")]
        return []

    def cut(self, h: Hand, seat: int, t: int, c: Cand) -> Placement:
        """The cut piece goes to the player before the cutter, who moves next."""
        root, given = h.layout.cut(t, seat, c.give)
        prev = (seat - 1) % h.n
        h.receive(prev, given)
        h.next_seat = prev
        return root

    def score(self, h: Hand) -> HandScore:
        if self.o.scoring == "credit":
            return super().score(h)
        sc = super().score(h)
        points = [0] * h.n
        if sc.winner is not None:
            points[sc.winner] = 1
        return HandScore(points, sc.winner, sc.left)


# registered after the class bodies, not by a decorator: mypyc compiles no decorated
# subclass of a compiled class
register(Sausage)
