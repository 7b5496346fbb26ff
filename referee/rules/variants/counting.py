"""The counting games, scored during play: Muggins, Bergen, fives, threes and lucky threes."""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple, cast

from ..errors import IllegalMove
from ..hand import Cand, Hand
from ..layout import VALUES, End, Layout, Placement
from ..tiles import A, B, DOUBLE, PIPS, TILE_NAMES, tile_str, tiles_of
from .base import DRAW_TOKENS, HandScore, HandState, Opts, Variant
from .orders import DOUBLES_UP, LIGHTEST
from .registry import register


def round5(x: int) -> int:
    """To the nearest multiple of 5 (…2 down, …3 up)."""
    return (x + 2) // 5 * 5


def _end_count(lay: Layout) -> int:
    """``Layout.end_count`` (the in-play count), written out for the counting games' lays."""
    placed = lay.placed
    if len(placed) == 1:
        return PIPS[placed[0].tile]
    total = 0
    for e in lay.ends:
        if not e.spin:
            total += e.count
    spinner = lay.spinner
    if spinner >= 0 and lay.spin_started < 2:
        total += 2 * A[placed[spinner].tile]
    return total


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


def _plain_counting(v: Variant[Any]) -> bool:
    """Whether ``v`` plays by the base class's turn, placement and end rules with a known hand
    (no matadors, no closed ends, no ways beyond the ends', no turn rules, the default draw,
    pass and end tests): what ``fast_choices`` and ``fast_lay`` write out."""
    cls = type(v)
    return (not v.matadors and not v.multi_lay and not v.blind and not v.turn_rules
            and v.layout_kind in ("line", "muggins") and v._plain_refusals and not v._lay_checks
            and not v._end_rules and not v._extra and not v._extra_fit and not v._after_move
            and cls.check_end is Variant.check_end and cls.out_ends is Variant.out_ends
            and cls.block is Variant.block and cls.lead_fit is Variant.lead_fit
            and cls.compulsory_mask is Variant.compulsory_mask and cls.fit_mask is Variant.fit_mask)


def fast_choices(v: Counting[Any], h: Hand) -> tuple[list[tuple[int, Cand]], bool, bool] | None:
    """``Hand.turn_choices`` at the start of a turn with the table started and the hand known,
    for a variant of ``_plain_counting``: the lays (in ``lay_options``' order: tile by tile,
    each end's ways in the ends' order, an end that is one place with an earlier one left out),
    and the draw and the pass as ``Variant.draw_pass`` answers them. None where it does not
    apply (the caller then asks the general way)."""
    seat = h.to_move
    if seat is None or h.over or h.t_passed or h.t_laid or not h.known[seat]:
        return None
    lay = h.layout
    if not lay.placed or not h.counts[seat]:
        return None
    slot = h._fit_any
    f = slot[1] if slot[0] == lay.version else h.fit(False)
    must = h.hands[seat] & f
    if not must:
        # Variant.draw_pass, no tile to lay: the rest of each refusal
        rule = v.draw_rule
        d = h.drawable_n
        if rule == "none" or d <= 0:
            return [], False, True
        if h.t_draws:
            if rule == "one":
                return [], False, True
            return [], True, rule != "until"
        return [], True, False
    # Variant.placements (distinct), each end's ways from its table of (tile, Cand) pairs
    fits = v._end_fit
    pairs = v._pairs
    state = v.cand_state(h) if v._stateful else None
    ends = []
    syms = 0
    i = -1
    for e in lay.ends:
        i += 1
        vals = e.values
        fe = fits.get(vals)
        if fe is None:
            fe = v.end_fit(e)
        m = fe & must
        if m:
            key = (vals, state, i)
            pt = pairs.get(key)
            if pt is None:
                pt = pairs[key] = [None] * 28
            ends.append((m, pt, i, e))
            if e.sym >= 0:
                syms += 1
    out: list[tuple[int, Cand]] = []
    if len(ends) == 1:
        m, pt, i, e = ends[0]
        while m:
            low = m & -m
            m ^= low
            t = low.bit_length() - 1
            w = pt[t]
            out += w if w is not None else _pairs_at(v, h, pt, t, i, e, state)
        return out, False, False
    if syms > 1:
        # ends that are one place (a lone double's sides, the spinner's free arms): one place
        # shows one number on these tables, or the general way sorts them out
        first = -1
        shown: tuple[int, ...] = ()
        for _m, _pt, _i, e in ends:
            if e.sym >= 0:
                if first < 0:
                    first, shown = e.sym, e.values
                elif e.sym != first or e.values != shown:
                    return None
    while must:
        low = must & -must
        must ^= low
        t = low.bit_length() - 1
        one_place = False
        for m, pt, i, e in ends:
            if m & low:
                sym = e.sym >= 0
                if sym and one_place:
                    continue                # the same place, showing the same number
                w = pt[t]
                if w is None:
                    w = _pairs_at(v, h, pt, t, i, e, state)
                if w:
                    if sym:
                        one_place = True
                    out += w
    return out, False, False


def _pairs_at(v: Counting[Any], h: Hand, pt: list[Any], t: int, i: int, e: End, state: object) -> tuple[tuple[int, Cand], ...]:
    """``pt[t]``: the distinct ways of ``t`` at end ``i`` (``Variant._fill``'s) as (tile, Cand)."""
    vals = e.values
    tab = v._tables.get((vals, state, i))
    if tab is None:
        tab = v._end_table(vals, state, i)
    w = tab[t]
    distinct = (w if w is not None else v._fill(h, tab, t, i, e))[1]
    got = pt[t] = tuple([(t, c) for c in distinct])
    return got


def fast_lay(v: Counting[Any], h: Hand, t: int, c: Cand) -> bool:
    """``Hand.play_lay`` for the first tile of a turn, at an open end, from a known hand that
    holds it, for a variant of ``_plain_counting``: the turn and tile checks pass there; the
    tile is laid, scored (``on_lay``) and the end tested as ``Variant.check_end`` tests it after
    a lay, written out. False (nothing done) where it does not apply."""
    seat = h.to_move
    if seat is None or h.over or h.t_laid or h.t_passed or not h.known[seat]:
        return False
    lay = h.layout
    bit = 1 << t
    hands = h.hands
    held = hands[seat]
    end, inner, across, matador, shows, down, cut, _ = c
    if not lay.placed or not held & bit or lay.mask & bit or end < 0 or down or cut:
        return False
    # Hand.apply_lay
    hands[seat] = held ^ bit
    counts = h.counts
    left = counts[seat] = counts[seat] - 1
    e = lay.ends[end]
    if inner is None or matador or shows is not None or (
            lay.kind == "muggins" and lay.spinner < 0 and DOUBLE[t]):
        p = lay.attach(end, t, inner, across, seat, matador, shows)   # (the spinner is made there)
        h.t_last = len(lay.placed) - 1
    else:
        # Layout.attach on a line or a Muggins table: the end becomes the tile's outer half
        # (in place: a started arm of the spinner is an end like any other)
        outer = B[t] if A[t] == inner else A[t]
        placed = lay.placed
        idx = len(placed)
        p = Placement(t, inner, outer, across, e.anchor, e.arm, seat, False, False, False)
        placed.append(p)
        lay.version += 1
        lay.mask |= bit
        if e.spin:
            lay.spin_started += 1
            e.spin = False
        e.anchor = idx
        e.values = VALUES[outer]
        e.count = 2 * outer if across and DOUBLE[t] else outer
        e.sym = -1
        h.t_last = idx
    h.t_laid = 1
    h.passes_in_row = 0
    h.maker = seat
    if v._on_lay:
        v.on_lay(h, seat, t, c, p)
    if left == 0 and h.first_out is None:
        h.first_out = seat
    history = h.history
    if not h.over:
        # Variant.check_end after a lay (h.blocked(), the fit mask kept for the next asks)
        if h.first_out is not None:
            h.finish("out", h.first_out)
        else:
            fits = v._end_fit
            f = 0
            for e in lay.ends:
                x = fits.get(e.values)
                f |= x if x is not None else v.end_fit(e)
            h._fit_any = (lay.version, f)
            stock = h.stock
            if stock >= 0 and False not in h.known:
                m = 0
                for x in hands:
                    m |= x
                if stock > 0 and v.draw_rule != "none" and h.stock_n > h.reserved:
                    m |= stock              # (drawable_n > 0)
                blocked = not (m & f)
            else:
                blocked = not (h.live_mask() & f)
            if blocked:
                h.finish("block", None)
        h._end_seen = len(history) + 1
    # Hand.play_lay, after apply_lay
    tok = TILE_NAMES[t]
    h.t_moves.append(tok)
    history.append((seat, tok))
    return True


def fast_draw(v: Counting[Any], h: Hand, seat: int, t: int) -> bool:
    """``Hand.play`` of a draw of the seen tile ``t`` from a known stock (the deal known), for a
    variant of ``_plain_counting``, where ``Variant.draw_refusal`` lets ``seat`` draw and the
    stock holds it: ``Hand.take_drawn`` and the move's record, written out. False (nothing done)
    anywhere else: the general way then plays the draw or says why it is refused."""
    if t < 0 or h.t_laid or not h.known[seat]:
        return False
    stock = h.stock
    bit = 1 << t
    if stock <= 0 or not stock & bit or False in h.known:
        return False
    lay = h.layout
    # Variant.draw_refusal (a known hand; the stock known)
    rule = v.draw_rule
    if rule == "none" or not lay.placed or (h.counts[seat] == 0 and not v.draw_when_out):
        return False
    if h.stock_n <= h.reserved or (rule == "one" and h.t_draws >= 1):
        return False                    # (drawable_n <= 0, or one draw a turn)
    slot = h._fit_any
    f = slot[1] if slot[0] == lay.version else h.fit(False)
    if h.hands[seat] & f:
        return False                    # he must lay (no matadors: every tile is compulsory)
    # Hand.take_drawn
    h.stock_n -= 1
    h.counts[seat] += 1
    h.stock = stock ^ bit
    h.hands[seat] |= bit
    h.t_draws += 1
    h.t_drawn = t
    v.on_draw(h, seat, t)
    # Hand.play, after the move
    tok = DRAW_TOKENS[t]
    h.t_moves.append(tok)
    h.history.append((seat, tok))
    return True


class Counting(Variant[Opts]):
    """The counting games that play by the base class's rules beside their scoring (Muggins,
    Bergen, fives and threes): the random player's common moves written out where they apply
    (``fast_choices``, ``fast_lay``)."""

    def __init__(self, options: Mapping[str, object], players: int) -> None:
        super().__init__(options, players)
        #: the rules are the base class's (``_plain_counting``): the written-out moves apply
        self._plain = _plain_counting(self)
        #: (end values, cand_state, end index) -> per tile the distinct ways there as
        #: (tile, Cand) pairs, None until asked (see ``fast_choices``)
        self._pairs: dict[tuple[object, ...], list[Any]] = {}

    def fast_choices(self, h: Hand) -> tuple[list[tuple[int, Cand]], bool, bool] | None:
        return fast_choices(self, h) if self._plain else None

    def fast_lay(self, h: Hand, t: int, c: Cand) -> bool:
        return self._plain and fast_lay(self, h, t, c)

    def fast_draw(self, h: Hand, seat: int, t: int) -> bool:
        return self._plain and fast_draw(self, h, seat, t)


class MugginsOptions(NamedTuple):
    """The house options of Muggins (typed, by name)."""
    out_bonus_pips: str
    target: int


class Muggins(Counting[MugginsOptions]):
    name = "muggins"
    rule_topics = frozenset({"drawing", "one_tile"})
    in_play_step = 5

    Options = MugginsOptions
    in_play = "points"
    layout_kind = "muggins"
    doubles = "choice"
    traditional_pips = False

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
        count = _end_count(h.layout)
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


class Bergen(Counting[BergenOptions]):
    name = "bergen"
    rule_topics = frozenset({"drawing", "one_tile", "bergen"})
    in_play_least = 2               # Bergen's points come in 2s and 3s
    in_play_least_words = "scored_bergen"

    Options = BergenOptions
    in_play = "points"
    traditional_pips = False

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
        # a block's bonus goes by the doubles held: without the deal the table asks for the tiles
        return h.end == "block"

    def left_by_tiles(self, end: str | None) -> bool:
        return end == "block"  # pips alone are refused (bergen.left_tiles)

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
                if all(left[s] is None for s in range(h.n) if maybe[s] is None):
                    return HandScore(points, None, left)  # nothing said yet: asked for (left.missing)
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


class Fives(Counting[FivesOptions]):
    name = "fives"
    rule_topics = frozenset({"drawing", "one_tile"})

    Options = FivesOptions
    in_play = "points"
    doubles = "choice"
    draw_rule = "one"
    traditional_pips = False
    divisor = 5

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
        count = _end_count(h.layout)
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
    copy_resets = ("drawn_key", "drawn_val")

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


class LuckyThrees(Variant[LuckyThreesOptions]):
    name = "lucky_threes"
    rule_topics = frozenset({"drawing", "one_tile", "lucky"})
    in_play_negative = True         # a missed lucky draw costs 5
    draw_tile_scores = True         # +10 or −5: which tile was drawn decides
    State = LuckyState

    Options = LuckyThreesOptions
    in_play = "decides"
    doubles = "choice"
    draw_rule = "lucky"
    traditional_pips = False

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
                # penalties are extinguished by winnings: what a loser still owes is his
                # negative balance, what the winner has won his balance (a player with 5
                # penalty points and then 5 won has no points at all); so the credit is the
                # same whether the hand was entered move by move or by its balances
                points[w] = max(0, sum(max(0, -bal[s]) for s in losers) - max(0, bal[w]))
        else:
            w = None
        return HandScore(points, w, left)

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
