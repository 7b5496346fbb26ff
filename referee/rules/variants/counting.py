"""The counting games, scored during play: Muggins, Bergen, fives, threes and lucky threes."""

from __future__ import annotations

from typing import NamedTuple

from ..errors import IllegalMove
from ..hand import Cand
from ..tiles import A, DOUBLE, PIPS, tile_str, tiles_of
from .base import HandScore, Variant
from .orders import DOUBLES_UP, LIGHTEST
from .registry import register


def round5(x: int) -> int:
    """To the nearest multiple of 5 (…2 down, …3 up)."""
    return (x + 2) // 5 * 5


@register
class Muggins(Variant):
    name = "muggins"
    rule_topics = frozenset({"drawing", "one_tile"})
    in_play_step = 5

    class Options(NamedTuple):
        out_bonus_pips: str
        target: int

    o: Options

    def scores_in_play(self):
        return True
    layout_kind = "muggins"
    doubles = "choice"
    traditional_pips = False

    def lays_score(self) -> bool:
        return True

    def lead_spinner(self, t):
        return DOUBLE[t]

    def lead_cands(self, h, t, seat):
        if DOUBLE[t]:
            return [Cand(-1, None, True)]
        return [Cand(-1, None, False)]

    def cand_state(self, h):
        return h.layout.spinner >= 0

    def double_across(self, h):
        if h.layout.spinner < 0:
            return [True]
        return [True, False]

    def orientation_choice(self, h, t):
        return DOUBLE[t] and h.layout.spinner >= 0

    def on_lay(self, h, seat, t, c, p):
        count = h.layout.end_count()
        if count and count % 5 == 0:
            h.scores[seat] += count

    def needs_left(self, h):
        return h.end == "block" or (h.end == "out" and self.o.out_bonus_pips == "yes")

    def score(self, h):
        left = self.left_pips(h)
        points = list(h.scores)
        w = None
        if h.end == "out":
            w = h.winner
            bonus = 10
            if self.o.out_bonus_pips == "yes":
                bonus += round5(sum(x or 0 for i, x in enumerate(left) if i != w))
            points[w] += bonus
        elif h.end == "block":
            w = self.fewest(left)
            if w is not None:
                points[w] += round5(sum(x or 0 for i, x in enumerate(left) if i != w) - (left[w] or 0))
        return HandScore(points, w, left)


@register
class Bergen(Variant):
    name = "bergen"
    rule_topics = frozenset({"drawing", "one_tile", "bergen"})
    in_play_least = 2               # Bergen's points come in 2s and 3s
    in_play_least_words = "scored_bergen"

    class Options(NamedTuple):
        draws: str
        target: int

    o: Options

    def scores_in_play(self):
        return True
    traditional_pips = False

    def lays_score(self) -> bool:
        return True

    def __init__(self, options, players):
        super().__init__(options, players)
        self.draw_rule = "until" if self.o.draws == "until" else "one"

    def reserved_count(self):
        return 2

    def opener_order(self, h):
        return DOUBLES_UP + LIGHTEST

    def on_lay(self, h, seat, t, c, p):
        lay = h.layout
        if len(lay.placed) == 1:
            if DOUBLE[t]:
                h.scores[seat] += 2
            return
        ends = lay.ends
        if len(ends) == 2 and ends[0].values == ends[1].values:
            dbl = any(DOUBLE[lay.placed[e.anchor].tile] and lay.placed[e.anchor].across for e in ends)
            h.scores[seat] += 3 if dbl else 2

    def needs_left(self, h):
        return False

    def left_tiles(self, h, s):
        if h.vs.get("left_tiles") and h.vs["left_tiles"][s] is not None:
            return h.vs["left_tiles"][s]
        if h.known[s]:
            return h.hands[s]
        if h.counts[s] == 0:
            return 0
        return None

    def score(self, h):
        left = self.left_pips(h)
        points = list(h.scores)
        w = None
        if h.end == "out":
            w = h.winner
            points[w] += 2
        elif h.end == "block":
            tiles = [self.left_tiles(h, s) for s in range(h.n)]
            if any(m is None for m in tiles):
                raise IllegalMove("bergen.left_tiles", {})
            no_double = [s for s in range(h.n) if not any(DOUBLE[t] for t in tiles_of(tiles[s]))]
            if len(no_double) == 1:
                w = no_double[0]
            elif no_double:
                w = self.fewest(left, no_double)
            else:
                lows = {}
                for s in range(h.n):
                    ds = [A[t] for t in tiles_of(tiles[s]) if DOUBLE[t]]
                    lows[s] = min(ds)
                w = min(lows, key=lows.get)
            if w is not None:
                points[w] += 2
        return HandScore(points, w, left)


@register
class Fives(Variant):
    name = "fives"
    rule_topics = frozenset({"drawing", "one_tile"})

    class Options(NamedTuple):
        reserve_two: str
        hand_end: str
        target: int

    o: Options

    def scores_in_play(self):
        return True
    doubles = "choice"
    draw_rule = "one"
    traditional_pips = False
    divisor = 5

    def lays_score(self) -> bool:
        return True

    def reserved_count(self):
        return 2 if self.o.reserve_two == "yes" else 0

    def opener_order(self, h):
        return DOUBLES_UP + LIGHTEST

    def on_lay(self, h, seat, t, c, p):
        count = h.layout.end_count()
        if count and count % self.divisor == 0:
            h.scores[seat] += count // self.divisor

    def needs_left(self, h):
        return h.end == "block"

    def on_turn_end(self, h, seat):
        if self.o.hand_end == "empty_bazaar" and h.t_draws and h.drawable_n == 0:
            h.finish("block", None)

    def score(self, h):
        left = self.left_pips(h)
        points = list(h.scores)
        w = None
        if h.end == "out":
            w = h.winner
            points[w] += 2
        elif h.end == "block":
            w = self.fewest(left)
            if w is not None:
                points[w] += 1
        return HandScore(points, w, left)


@register
class Threes(Fives):
    name = "threes"
    divisor = 3


@register
class LuckyThrees(Variant):
    name = "lucky_threes"
    rule_topics = frozenset({"drawing", "one_tile", "lucky"})
    in_play_negative = True         # a missed lucky draw costs 5

    class Options(NamedTuple):
        credit: str
        target: int

    o: Options

    def scores_in_play(self):
        return True

    def in_play_decides(self):
        return True
    doubles = "choice"
    draw_rule = "lucky"
    traditional_pips = False

    def lays_score(self) -> bool:
        return True

    def opener_order(self, h):
        return DOUBLES_UP + LIGHTEST

    def setup(self, h, lead, previous_winner, first_hand):
        super().setup(h, lead, previous_winner, first_hand)
        h.vs["win"] = [0] * h.n
        h.vs["pen"] = [0] * h.n
        h.vs["pending"] = None      # a drawn tile not yet judged: (seat, tile or -1)
        h.vs["first_double"] = False

    def scoring_play(self, h, t, c) -> bool:
        """Would laying ``t`` as ``c`` make the count a multiple of 3 (not 0)?"""
        lay = h.layout.copy()
        if c.end < 0:
            count = PIPS[t]
        else:
            lay.attach(c.end, t, c.inner, c.across, 0, c.matador, c.shows)
            count = lay.end_count()
        return count > 0 and count % 3 == 0

    def drawn_scores(self, h, seat) -> bool:
        t = h.t_drawn
        if t < 0 or h.vs["pending"] is None:
            return False
        return any(self.scoring_play(h, t, c) for c in h.cands(t, seat, True)[0])

    def draw_refusal(self, h, seat):
        if h.layout.empty:
            return "draw.must_play"
        if h.drawable_n <= 0:
            return "draw.empty"
        if h.t_draws >= 5:
            return "lucky.five_draws"
        if self.drawn_scores(h, seat):
            return "lucky.lay_drawn"
        return None

    def pass_refusal(self, h, seat):
        if self.drawn_scores(h, seat):
            return "lucky.lay_drawn"
        return super().pass_refusal(h, seat)

    def refusal_params(self, h, seat, rule):
        if rule == "lucky.lay_drawn":
            return {"player": h.players[seat], "tile": tile_str(h.t_drawn)}
        return super().refusal_params(h, seat, rule)

    def check_lay_turn(self, h, seat, t):
        super().check_lay_turn(h, seat, t)
        if self.drawn_scores(h, seat) and t != h.t_drawn:
            raise IllegalMove("lucky.lay_drawn", {"player": h.players[seat], "tile": tile_str(h.t_drawn)})

    def _settle_pending(self, h, laid_tile=None, scored=False) -> bool:
        """Judge the last drawn tile: +10 when it is laid at once and scores, else −5.
        Returns True when the lay is the drawn tile's."""
        p = h.vs["pending"]
        if p is None:
            return False
        h.vs["pending"] = None
        seat, t = p
        if laid_tile is not None and scored and (t == laid_tile or t < 0):
            h.vs["win"][seat] += 10
            return True
        h.vs["pen"][seat] += 5
        return False

    def on_draw(self, h, seat, t):
        if h.vs["pending"] is not None:
            self._settle_pending(h)
        h.vs["pending"] = (seat, t)
        self._sync(h)

    def on_lay(self, h, seat, t, c, p):
        count = h.layout.end_count()
        scored = count > 0 and count % 3 == 0
        if self._settle_pending(h, t, scored):
            pass
        elif scored:
            if DOUBLE[t]:
                h.vs["win"][seat] += 7 if h.vs["first_double"] else 8
            else:
                h.vs["win"][seat] += 5
        if DOUBLE[t]:
            h.vs["first_double"] = True
        self._sync(h)

    def on_pass(self, h, seat):
        self._settle_pending(h)
        self._sync(h)

    def on_turn_end(self, h, seat):
        self._settle_pending(h)
        self._sync(h)
        if h.drawable_n == 0 and not h.over:
            h.finish("block", None)

    def _sync(self, h):
        h.scores = [w - p for w, p in zip(h.vs["win"], h.vs["pen"])]

    def score(self, h):
        left = self.left_pips(h)
        bal = [w - p for w, p in zip(h.vs["win"], h.vs["pen"])]
        points = [0] * h.n
        w = self.highest(bal)
        if w is not None and h.end in ("out", "block"):
            losers = [s for s in range(h.n) if s != w]
            if self.o.credit == "net":
                points[w] = bal[w] + sum(max(0, -bal[s]) for s in losers)
            else:
                points[w] = max(0, sum(h.vs["pen"][s] for s in losers) - h.vs["win"][w])
        else:
            w = None
        return HandScore(points, w, left)

    def live_points(self, h):
        return [0] * h.n

    def needs_left(self, h):
        return False

    def load_scored(self, h, scored):
        h.vs["win"] = [max(0, x) for x in scored]
        h.vs["pen"] = [max(0, -x) for x in scored]
        self._sync(h)
