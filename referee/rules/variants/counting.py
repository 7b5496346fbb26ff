"""The counting games, scored during play: Muggins, Bergen, fives, threes and lucky threes."""

from __future__ import annotations

from typing import Mapping, NamedTuple, cast

from ..errors import IllegalMove
from ..hand import Cand, Hand
from ..layout import Layout, Placement
from ..tiles import A, B, DOUBLE, PIPS, tile_str, tiles_of
from .base import HandScore, HandState, Variant
from .orders import DOUBLES_UP, LIGHTEST
from .registry import register


def round5(x: int) -> int:
    """To the nearest multiple of 5 (…2 down, …3 up)."""
    return (x + 2) // 5 * 5


def count_after(lay: Layout, t: int, c: Cand) -> int:
    """The in-play count (``Layout.end_count``) that laying ``t`` as ``c`` would make, without
    laying it: on a line the open ends' pips with the one end ``c`` takes replaced by the end
    ``t`` leaves (as ``Layout.attach`` makes it); other shapes lay it on a copy."""
    if c.end < 0:
        return PIPS[t]                  # the lead: a lone tile counts its total
    if lay.kind != "line" or lay.spinner >= 0 or c.down or c.cut:
        trial = lay.copy()
        trial.attach(c.end, t, c.inner, c.across, 0, c.matador, c.shows)
        return trial.end_count()
    inner = c.inner
    if inner is None or c.shows is not None:
        count = 0                       # a crosswise matador's end counts nothing
    else:
        outer = B[t] if A[t] == inner else A[t]
        count = 2 * outer if c.across and DOUBLE[t] else outer
    k = c.end
    i = 0
    for e in lay.ends:
        if i != k and not e.spin:
            count += e.count
        i += 1
    return count


class MugginsOptions(NamedTuple):
    """The house options of Muggins (typed, by name)."""
    out_bonus_pips: str
    target: int


class Muggins(Variant):
    name = "muggins"
    rule_topics = frozenset({"drawing", "one_tile"})
    in_play_step = 5

    Options = MugginsOptions

    def scores_in_play(self) -> bool:
        return True
    layout_kind = "muggins"
    doubles = "choice"
    traditional_pips = False

    def lays_score(self) -> bool:
        return True

    def lead_spinner(self, t: int) -> bool:
        return DOUBLE[t]

    def lead_cands(self, h: Hand, t: int, seat: int) -> list[Cand]:
        if DOUBLE[t]:
            return [Cand(-1, None, True)]
        return [Cand(-1, None, False)]

    def cand_state(self, h: Hand) -> object:
        return h.layout.spinner >= 0

    def double_across(self, h: Hand) -> list[bool]:
        if h.layout.spinner < 0:
            return [True]
        return [True, False]

    def orientation_choice(self, h: Hand, t: int) -> bool:
        return DOUBLE[t] and h.layout.spinner >= 0

    def on_lay(self, h: Hand, seat: int, t: int, c: Cand, p: Placement) -> None:
        count = h.layout.end_count()
        if count and count % 5 == 0:
            h.scores[seat] += count

    def needs_left(self, h: Hand) -> bool:
        return h.end == "block" or (h.end == "out" and self.o.out_bonus_pips == "yes")

    def score(self, h: Hand) -> HandScore:
        left = self.left_pips(h)
        points = list(h.scores)
        w: int | None = None
        if h.end == "out":
            w = h.out_seat()
            bonus = 10
            if self.o.out_bonus_pips == "yes":
                bonus += round5(sum(x or 0 for i, x in enumerate(left) if i != w))
            points[w] += bonus
        elif h.end == "block":
            w = self.fewest(left)
            if w is not None:
                points[w] += round5(sum(x or 0 for i, x in enumerate(left) if i != w) - (left[w] or 0))
        return HandScore(points, w, left)


class BergenOptions(NamedTuple):
    """The house options of Bergen (typed, by name)."""
    draws: str
    target: int


class Bergen(Variant):
    name = "bergen"
    rule_topics = frozenset({"drawing", "one_tile", "bergen"})
    in_play_least = 2               # Bergen's points come in 2s and 3s
    in_play_least_words = "scored_bergen"

    Options = BergenOptions

    def scores_in_play(self) -> bool:
        return True
    traditional_pips = False

    def lays_score(self) -> bool:
        return True

    def __init__(self, options: Mapping[str, object], players: int) -> None:
        super().__init__(options, players)
        self.draw_rule = "until" if self.o.draws == "until" else "one"

    def reserved_count(self) -> int:
        return 2

    def opener_order(self, h: Hand) -> list[int] | None:
        return DOUBLES_UP + LIGHTEST

    def on_lay(self, h: Hand, seat: int, t: int, c: Cand, p: Placement) -> None:
        lay = h.layout
        if len(lay.placed) == 1:
            if DOUBLE[t]:
                h.scores[seat] += 2
            return
        ends = lay.ends
        if len(ends) == 2 and ends[0].values == ends[1].values:
            dbl = any(DOUBLE[lay.placed[e.anchor].tile] and lay.placed[e.anchor].across for e in ends)
            h.scores[seat] += 3 if dbl else 2

    def needs_left(self, h: Hand) -> bool:
        return False

    def left_tiles(self, h: Hand, s: int) -> int | None:
        """The tiles seat ``s`` is left with (a mask; None where unknown)."""
        given = h.vs.left_tiles
        if given and given[s] is not None:
            return given[s]
        if h.known[s]:
            return h.hands[s]
        if h.counts[s] == 0:
            return 0
        return None

    def score(self, h: Hand) -> HandScore:
        left = self.left_pips(h)
        points = list(h.scores)
        w: int | None = None
        if h.end == "out":
            w = h.out_seat()
            points[w] += 2
        elif h.end == "block":
            maybe = [self.left_tiles(h, s) for s in range(h.n)]
            tiles = [m for m in maybe if m is not None]
            if len(tiles) < h.n:
                raise IllegalMove("bergen.left_tiles", {})
            no_double = [s for s in range(h.n) if not any(DOUBLE[t] for t in tiles_of(tiles[s]))]
            if len(no_double) == 1:
                w = no_double[0]
            elif no_double:
                w = self.fewest(left, no_double)
            else:
                lows: dict[int, int] = {}
                for s in range(h.n):
                    ds = [A[t] for t in tiles_of(tiles[s]) if DOUBLE[t]]
                    lows[s] = min(ds)
                w = min(lows, key=lambda s: lows[s])
            if w is not None:
                points[w] += 2
        return HandScore(points, w, left)


class FivesOptions(NamedTuple):
    """The house options of Fives (typed, by name)."""
    reserve_two: str
    hand_end: str
    target: int


class Fives(Variant):
    name = "fives"
    rule_topics = frozenset({"drawing", "one_tile"})

    Options = FivesOptions

    def scores_in_play(self) -> bool:
        return True
    doubles = "choice"
    draw_rule = "one"
    traditional_pips = False
    divisor = 5

    def lays_score(self) -> bool:
        return True

    def __init__(self, options: Mapping[str, object], players: int) -> None:
        super().__init__(options, players)
        if self.o.hand_end != "empty_bazaar":
            # on_turn_end does nothing under these options: not called at every turn's end,
            # and the end test after a lay then holds for the end of its turn (Variant.__init__)
            cls = type(self)
            self._turn_end = False
            self._end_once = ((cls.check_end is Variant.check_end or cls.end_check_turn_free)
                              and not self._after_move)

    def reserved_count(self) -> int:
        return 2 if self.o.reserve_two == "yes" else 0

    def opener_order(self, h: Hand) -> list[int] | None:
        return DOUBLES_UP + LIGHTEST

    def on_lay(self, h: Hand, seat: int, t: int, c: Cand, p: Placement) -> None:
        count = h.layout.end_count()
        if count and count % self.divisor == 0:
            h.scores[seat] += count // self.divisor

    def needs_left(self, h: Hand) -> bool:
        return h.end == "block"

    def on_turn_end(self, h: Hand, seat: int) -> None:
        if self.o.hand_end == "empty_bazaar" and h.t_draws and h.drawable_n == 0:
            h.finish("block", None)

    def score(self, h: Hand) -> HandScore:
        left = self.left_pips(h)
        points = list(h.scores)
        w: int | None = None
        if h.end == "out":
            w = h.out_seat()
            points[w] += 2
        elif h.end == "block":
            w = self.fewest(left)
            if w is not None:
                points[w] += 1
        return HandScore(points, w, left)


class Threes(Fives):
    name = "threes"
    divisor = 3


class LuckyState(HandState):
    """Lucky threes' tally of a hand: winnings and penalties per seat, the drawn tile not yet
    judged, whether a double has scored yet."""

    __slots__ = ("win", "pen", "pending", "first_double", "drawn_key", "drawn_val")

    def __init__(self) -> None:
        super().__init__()
        self.win: list[int] = []
        self.pen: list[int] = []
        #: a drawn tile not yet judged: (seat, tile or -1)
        self.pending: tuple[int, int] | None = None
        self.first_double = False
        #: ``LuckyThrees.drawn_scores`` of the position it was last asked in (its key: the
        #: layout's version, the drawn tile, the pending draw, the seat), asked by every tile's
        #: lay check, the draw and the pass there
        self.drawn_key: tuple[int, int, tuple[int, int], int] | None = None
        self.drawn_val = False

    def copy_into(self, c: HandState) -> None:
        super().copy_into(c)
        c = cast(LuckyState, c)
        c.win, c.pen = list(self.win), list(self.pen)
        c.pending = self.pending
        c.first_double = self.first_double
        c.drawn_key = None              # a copy asks again (its layout goes its own way)


def _lucky(h: Hand) -> LuckyState:
    return cast(LuckyState, h.vs)


class LuckyThreesOptions(NamedTuple):
    """The house options of LuckyThrees (typed, by name)."""
    credit: str
    target: int


class LuckyThrees(Variant):
    name = "lucky_threes"
    rule_topics = frozenset({"drawing", "one_tile", "lucky"})
    in_play_negative = True         # a missed lucky draw costs 5
    State = LuckyState

    Options = LuckyThreesOptions

    def scores_in_play(self) -> bool:
        return True

    def in_play_decides(self) -> bool:
        return True
    doubles = "choice"
    draw_rule = "lucky"
    traditional_pips = False

    def lays_score(self) -> bool:
        return True

    def opener_order(self, h: Hand) -> list[int] | None:
        return DOUBLES_UP + LIGHTEST

    def setup(self, h: Hand, lead: int | None, previous_winner: int | None, first_hand: bool) -> None:
        super().setup(h, lead, previous_winner, first_hand)
        st = _lucky(h)
        st.win = [0] * h.n
        st.pen = [0] * h.n
        self._sync(h)

    def scoring_play(self, h: Hand, t: int, c: Cand) -> bool:
        """Would laying ``t`` as ``c`` make the count a multiple of 3 (not 0)?"""
        count = count_after(h.layout, t, c)
        return bool(count > 0 and count % 3 == 0)

    def drawn_scores(self, h: Hand, seat: int) -> bool:
        """The tile just drawn (seen, not yet judged) would score where it can be laid."""
        t = h.t_drawn
        if t < 0:
            return False
        st = _lucky(h)
        p = st.pending
        if p is None:
            return False
        key = (h.layout.version, t, p, seat)
        if st.drawn_key == key:
            return st.drawn_val
        val = any(self.scoring_play(h, t, c) for c in h.cands(t, seat, True)[0])
        st.drawn_key = key
        st.drawn_val = val
        return val

    def draw_refusal(self, h: Hand, seat: int) -> str | None:
        if h.layout.empty:
            return "draw.must_play"
        if h.drawable_n <= 0:
            return "draw.empty"
        if h.t_draws >= 5:
            return "lucky.five_draws"
        if self.drawn_scores(h, seat):
            return "lucky.lay_drawn"
        return None

    def pass_refusal(self, h: Hand, seat: int) -> str | None:
        if self.drawn_scores(h, seat):
            return "lucky.lay_drawn"
        return super().pass_refusal(h, seat)

    def refusal_params(self, h: Hand, seat: int, rule: str) -> dict[str, object]:
        if rule == "lucky.lay_drawn":
            return {"player": h.players[seat], "tile": tile_str(h.t_drawn)}
        return super().refusal_params(h, seat, rule)

    def check_lay_turn(self, h: Hand, seat: int, t: int) -> None:
        # Variant.check_lay_turn (the lead's check), then the drawn tile's
        if not h.layout.placed:
            self.check_lead(h, seat, t)
        drawn = h.t_drawn
        if drawn >= 0 and t != drawn and self.drawn_scores(h, seat):
            raise IllegalMove("lucky.lay_drawn", {"player": h.players[seat], "tile": tile_str(drawn)})

    @staticmethod
    def _credit(h: Hand, st: LuckyState, seat: int) -> None:
        """``seat``'s in-play balance into ``h.scores`` (the others' are as they were)."""
        h.scores[seat] = st.win[seat] - st.pen[seat]

    def _settle_pending(self, h: Hand, laid_tile: int | None = None, scored: bool = False) -> bool:
        """Judge the last drawn tile: +10 when it is laid at once and scores, else −5.
        Returns True when the lay is the drawn tile's."""
        st = _lucky(h)
        p = st.pending
        if p is None:
            return False
        st.pending = None
        seat, t = p
        if laid_tile is not None and scored and (t == laid_tile or t < 0):
            st.win[seat] += 10
            self._credit(h, st, seat)
            return True
        st.pen[seat] += 5
        self._credit(h, st, seat)
        return False

    def on_draw(self, h: Hand, seat: int, t: int) -> None:
        st = _lucky(h)
        if st.pending is not None:
            self._settle_pending(h)
        st.pending = (seat, t)

    def on_lay(self, h: Hand, seat: int, t: int, c: Cand, p: Placement) -> None:
        count = h.layout.end_count()
        scored = count > 0 and count % 3 == 0
        st = _lucky(h)
        if st.pending is not None and self._settle_pending(h, t, scored):
            pass
        elif scored:
            if DOUBLE[t]:
                st.win[seat] += 7 if st.first_double else 8
            else:
                st.win[seat] += 5
            self._credit(h, st, seat)
        if DOUBLE[t]:
            st.first_double = True

    def on_pass(self, h: Hand, seat: int) -> None:
        self._settle_pending(h)

    def on_turn_end(self, h: Hand, seat: int) -> None:
        self._settle_pending(h)
        if h.drawable_n == 0 and not h.over:
            h.finish("block", None)

    def _sync(self, h: Hand) -> None:
        """Every seat's in-play balance into ``h.scores`` (the moves keep it so seat by seat)."""
        h.scores = [w - p for w, p in zip(_lucky(h).win, _lucky(h).pen)]

    def score(self, h: Hand) -> HandScore:
        left = self.left_pips(h)
        bal = [w - p for w, p in zip(_lucky(h).win, _lucky(h).pen)]
        points = [0] * h.n
        w = self.highest(bal)
        if w is not None and h.end in ("out", "block"):
            losers = [s for s in range(h.n) if s != w]
            if self.o.credit == "net":
                points[w] = bal[w] + sum(max(0, -bal[s]) for s in losers)
            else:
                points[w] = max(0, sum(_lucky(h).pen[s] for s in losers) - _lucky(h).win[w])
        else:
            w = None
        return HandScore(points, w, left)

    def live_points(self, h: Hand) -> list[int]:
        return [0] * h.n

    def needs_left(self, h: Hand) -> bool:
        return False

    def load_scored(self, h: Hand, scored: list[int]) -> None:
        _lucky(h).win = [max(0, x) for x in scored]
        _lucky(h).pen = [max(0, -x) for x in scored]
        self._sync(h)


# registered after the class bodies, not by a decorator: mypyc compiles no decorated
# subclass of a compiled class
register(Muggins)
register(Bergen)
register(Fives)
register(Threes)
register(LuckyThrees)
