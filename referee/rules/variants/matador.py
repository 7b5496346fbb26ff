"""The matador family: matador, six matador and French (touching halves sum to 7 or 6)."""

from __future__ import annotations

from typing import Mapping, NamedTuple, TypeVar

from ..errors import IllegalMove
from ..hand import Cand, Hand
from ..layout import Placement
from ..tiles import A, B, PIPS, TILE, mask_of, tile_str, tiles_of
from .base import HandScore, Variant
from .families import MatadorOptions, OneDrawOptions
from .registry import register

MATADORS_7 = mask_of([TILE[6][1], TILE[5][2], TILE[4][3], TILE[0][0]])
MATADORS_6 = mask_of([TILE[0][6], TILE[1][5], TILE[2][4], TILE[3][3], TILE[0][0]])


#: the options of a member of the family (each has those its bases read, ``families.py``)
MO = TypeVar("MO", bound=MatadorOptions)
OO = TypeVar("OO", bound=OneDrawOptions)


class MatadorBase(Variant[MO]):
    match_sum = 7
    matadors = MATADORS_7
    matador_along = True
    draw_rule = "one"
    no_fit_rule = "matador.no_fit"
    end_check_turn_free = True      # its check_end passes turn_end on, unread
    rule_topics = frozenset({"drawing", "one_tile", "matadors", "matador_half"})


    def matadors_kept(self) -> bool:
        return self.o.matador_compulsory == "no"

    def matador_after_draw(self) -> bool:
        """After a drawn tile that does not fit, a matador kept in hand may still be laid."""
        return False

    def check_lay_turn(self, h: Hand, seat: int, t: int) -> None:
        super().check_lay_turn(h, seat, t)
        # one draw a turn: the drawn tile is laid if it fits, else pass ("a failed draw is
        # followed by pass"): a matador kept in hand may not be laid after the draw
        if self.draw_rule == "one" and h.t_draws and h.t_drawn >= 0 and t != h.t_drawn:
            # house option matador_after_draw=yes (a gap in the sources): after a draw that
            # does not fit, a matador kept in hand may still be laid instead of passing
            if not (self.matador_after_draw() and self.matadors >> t & 1
                    and not self.drawn_fits(h, seat)):
                raise IllegalMove("turn.over", {"player": h.players[seat]})
        # drawing until playable: a drawn tile that fits is the one laid (must-play), not an
        # honour kept in hand
        if h.t_draws and h.t_drawn >= 0 and t != h.t_drawn and self.drawn_fits(h, seat):
            raise IllegalMove("draw.lay_drawn", {"player": h.players[seat], "tile": tile_str(h.t_drawn)})

    def check_end(self, h: Hand, turn_end: bool) -> None:
        # block_only: nobody holding tiles can play or draw once nobody holds tiles at all
        if h.first_out is not None and not self.draw_when_out and not any(h.counts):
            h.finish("out", h.first_out)
            return
        super().check_end(h, turn_end)

    def block(self, h: Hand) -> None:
        if h.first_out is not None:
            h.finish("out", h.first_out)
        else:
            h.finish("block", None)


class OneDrawMatador(MatadorBase[OO]):
    """Matador and six matador: one draw a turn, and house options for the matador's half and
    the end of the hand."""


    def chosen_half(self) -> bool:
        return self.o.matador_end == "chosen_half"

    def out_ends(self, h: Hand) -> bool:
        return self.o.hand_end == "out"

    def matador_after_draw(self) -> bool:
        return self.o.matador_after_draw == "yes"


class MatadorHouseOptions(NamedTuple):
    """The house options of Matador (typed, by name)."""
    deal_seven: str
    matador_end: str
    hand_end: str
    matador_bonus: int
    matador_compulsory: str
    matador_after_draw: str
    lone_blank: int
    target: int


class Matador(OneDrawMatador[MatadorHouseOptions]):
    name = "matador"

    Options = MatadorHouseOptions
    in_play = "points"

    def matador_matters(self) -> bool:
        return self.o.matador_bonus > 0

    def scores_in_play(self) -> bool:
        return self.matador_matters()        # none without a bonus

    def in_play_bonus(self) -> bool:
        return self.scores_in_play()

    def __init__(self, options: Mapping[str, object], players: int) -> None:
        super().__init__(options, players)
        self.in_play_step = self.o.matador_bonus          # the bonus a matador laid

    def in_play_most(self) -> int | None:
        return 4 * self.o.matador_bonus    # four matadors

    def on_lay(self, h: Hand, seat: int, t: int, c: Cand, p: Placement) -> None:
        if c.matador:
            h.scores[seat] += self.o.matador_bonus

    def score(self, h: Hand) -> HandScore:
        # the matador bonuses were credited when laid and are kept whoever wins
        sc = super().score(h)
        sc.points = [p + b for p, b in zip(sc.points, h.scores)]
        return sc


class SixMatadorOptions(NamedTuple):
    """The house options of SixMatador (typed, by name)."""
    matador_end: str
    hand_end: str
    scoring: str
    matador_compulsory: str
    matador_after_draw: str
    target: int


class SixMatador(OneDrawMatador[SixMatadorOptions]):
    name = "six_matador"
    match_sum = 6
    matadors = MATADORS_6
    matador_along = False
    doubles = "along"
    traditional_pips = False

    Options = SixMatadorOptions
    in_play = "decides"

    def matador_matters(self) -> bool:
        return True

    def __init__(self, options: Mapping[str, object], players: int) -> None:
        super().__init__(options, players)
        strict = self.o.scoring == "strict"
        self.in_play_step = 0 if strict else 10    # 10 a matador laid; strict: ones and fives too
        self.in_play_negative = strict              # strict: 6 off for a pass

    def in_play_most(self) -> int | None:
        return None if self.o.scoring == "strict" else 50     # five matadors

    def on_lay(self, h: Hand, seat: int, t: int, c: Cand, p: Placement) -> None:
        if c.matador:
            h.scores[seat] += 10
            return
        if self.o.scoring != "strict":
            return
        lead = len(h.layout.placed) == 1
        if not lead:
            h.scores[seat] += 1
        shows_six = (A[t] == 6 or B[t] == 6) if lead else p.outer == 6
        if shows_six:
            h.scores[seat] += 5

    def on_pass(self, h: Hand, seat: int) -> None:
        if self.o.scoring == "strict" and h.counts[seat] > 0:
            h.scores[seat] -= 6

    def needs_left(self, h: Hand) -> bool:
        return False

    def score(self, h: Hand) -> HandScore:
        left = self.left_pips(h)
        sc = list(h.scores)
        points = [0] * h.n
        w = self.highest(sc) if h.end in ("out", "block") else None
        if w is not None:
            points[w] = max(0, sc[w] - sum(sc[s] for s in range(h.n) if s != w))
        return HandScore(points, w, left)


class FrenchOptions(NamedTuple):
    """The house options of French (typed, by name)."""
    matador_compulsory: str
    limit: int


class French(MatadorBase[FrenchOptions]):
    name = "french"
    draw_rule = "until"
    traditional_pips = False
    draw_when_out = True
    rule_topics = frozenset({"drawing", "one_tile", "matadors"})

    Options = FrenchOptions

    def setup(self, h: Hand, lead: int | None, previous_winner: int | None, first_hand: bool) -> None:
        if not h.deal_known:
            h.to_move = lead
            return
        top = max(PIPS[t] for s in range(h.n) for t in tiles_of(h.hands[s]))
        for s in range(h.n):
            heavy = [t for t in tiles_of(h.hands[s]) if PIPS[t] == top]
            if heavy:
                self.fix_leader(h, s, lead)
                h.vs.lead_tiles = mask_of(heavy)
                return

    def check_lead(self, h: Hand, seat: int, t: int) -> None:
        m = h.vs.lead_tiles
        if m and not (m >> t & 1):
            req = " / ".join(tile_str(x) for x in tiles_of(m))
            raise IllegalMove("lead.wrong_tile", {"tile": tile_str(t), "required": req, "player": h.players[seat]})

    def out_ends(self, h: Hand) -> bool:
        return False

    def check_end(self, h: Hand, turn_end: bool) -> None:
        if h.drawable_n == 0:
            for s in range(h.n):
                if h.counts[s] == 0:
                    h.finish("out", s)
                    return
        lay = h.layout
        if not lay.empty and lay.ends and all(set(e.values) == {0} for e in lay.ends):
            honours = MATADORS_7 & lay.mask
            if honours == MATADORS_7:
                h.finish("block", None)
                return
        super().check_end(h, turn_end)

    def block(self, h: Hand) -> None:
        h.finish("block", None)

    def score(self, h: Hand) -> HandScore:
        left = self.left_pips(h)
        points = [x or 0 for x in left]
        w = self.fewest(left) if h.end in ("out", "block") else None
        if h.end == "out" and h.winner is not None and w is None:
            w = None
        return HandScore(points, w, left)


# registered after the class bodies, not by a decorator: mypyc compiles no decorated
# subclass of a compiled class
register(Matador)
register(SixMatador)
register(French)
