"""One hand: seats, tiles in hands (known or not), the bazaar, the turn, the end.

The :class:`Hand` takes move tokens one at a time (``play``) and turn boundaries
(``end_turn``); every move is checked against the variant's rules before anything changes,
so a refused move leaves the hand exactly as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from .errors import AmbiguousMove, IllegalMove, RuleError
from .layout import VALUES, End, Layout, Placement
from .notation import Move, parse_move
from .tiles import A, ALL_MASK, B, DOUBLE, PIPS, TILE_NAMES, tile_str, tiles_of

if TYPE_CHECKING:  # pragma: no cover
    from .variants.base import Variant

__all__ = ["Hand", "Cand", "LayPreview"]


class Cand(NamedTuple):
    """A way to lay a tile: at end ``end`` (-1: the lead), touching with ``inner``."""

    end: int
    inner: int | None
    across: bool
    matador: bool = False
    shows: tuple[int, ...] | None = None
    down: bool = False
    cut: bool = False
    give: str = ""


#: ``str(Move("draw", t))`` for each tile
_DRAW_TOKENS: tuple[str, ...] = tuple("draw " + name for name in TILE_NAMES)

#: ``str(parse_move(text))`` for the texts played (``Hand.play``; cleared when it grows large)
_WRITTEN: dict[str, str] = {}

#: a slot of a plain line's table (``Hand._line_table``) where no tile fits: never offered
_NO_CAND = Cand(-2, None, False)


class LayPreview(NamedTuple):
    """What a lay would do (:meth:`Hand.lay_preview`): its in-play points and its places."""

    points: int
    targets: tuple[str, ...]


class Hand:
    """A hand in play. Seats are 0..n-1 clockwise; ``players`` holds their names."""

    def __init__(self, variant: "Variant[Any]", players: list[str], deal: list[list[int]] | None = None,
                 lead: int | None = None, removed: int | None = None, starter: int | None = None,
                 previous_winner: int | None = None, first_hand: bool = True):
        v = variant
        self.v = v
        self.players = list(players)
        n = self.n = len(players)
        size = v.deal_size(n)
        self.size = size
        self.layout = Layout(v.layout_kind)
        self.known = [deal is not None] * n
        self.hands = [0] * n
        self.rows: list[list[int]] = [[] for _ in range(n)]
        self.counts = [size] * n
        self.known_in = [0] * n       # tiles known to be in a seat's hand (unknown deals)
        self.opened = [False] * n     # blind variants: turned up at three
        self.removed_known = removed if removed is not None else -1
        self.starter = starter if starter is not None else -1
        dealt = 0
        if deal is not None:
            for s, tiles in enumerate(deal):
                m = 0
                for t in tiles:
                    m |= 1 << t
                self.hands[s] = m
                self.rows[s] = list(tiles)
                self.counts[s] = len(tiles)
                dealt |= m
        # the stock: undealt tiles that may still be drawn
        undealt_n = 28 - size * n
        excluded = 0
        if v.undealt_dead:            # blitz without a bazaar: the rest stays face down
            excluded = undealt_n
        elif v.removes_one and undealt_n > 0:
            excluded = 1
        if self.starter >= 0:
            excluded += 1
        self.stock_n = undealt_n - excluded
        if deal is not None:
            stock = ALL_MASK & ~dealt
            if removed is not None:
                stock &= ~(1 << removed)
            if self.starter >= 0:
                stock &= ~(1 << self.starter)
            self.stock = 0 if v.undealt_dead else stock
        else:
            self.stock = -1
        self.reserved = v.reserved_count()
        # who plays
        self.to_move: int | None = None
        self.lead_tile = -1
        self.over = False
        self.end: str | None = None
        self.winner: int | None = None
        self.maker: int | None = None
        self.first_out: int | None = None
        self.scores = [0] * n
        self.passes_in_row = 0
        self.history: list[tuple[int, str]] = []
        #: the length of ``history`` once the last lay's end test is in it (see ``end_turn``)
        self._end_seen = -1
        self.turn_log: list[tuple[int, list[str]]] = []
        self._new_turn()
        self.next_seat: int | None = None
        # fit masks cached by layout version: (version, mask); with the turn's chain
        # (version, t_last, mask)
        self._fit_any: tuple[int, int] = (-1, 0)
        self._fit_turn: tuple[int, int, int] = (-1, -2, 0)
        self.vs = v.State()
        #: a plain line (``Variant.line_plain``): the lays and the end test read its tables
        self._line = v.line_plain()
        self.left_pips: list[int | None] | None = None
        v.setup(self, lead, previous_winner, first_hand)
        if self.starter >= 0:
            self.layout.lead(self.starter, False, -1)
        if deal is not None and not self.over:
            self._check_end()

    # -- copies (``referee.rules.clone`` makes an independent one from ``copy.copy``) ---------

    def __copy__(self) -> Hand:
        """A shallow copy: the same attribute values (``clone`` then copies what changes)."""
        names: tuple[str, ...] | None = getattr(Hand, "__mypyc_attrs__", None)
        if names is None:               # interpreted: the attributes are the instance's dict
            c = object.__new__(Hand)
            c.__dict__.update(self.__dict__)
            return c
        # compiled (mypyc): no instance without __init__, and no __dict__ to copy
        c = Hand(self.v, self.players)
        for k in names:
            if hasattr(self, k):
                setattr(c, k, getattr(self, k))
        return c

    def __deepcopy__(self, memo: dict[int, object]) -> Hand:
        """An independent copy, as ``referee.rules.clone`` makes it (the variant, which holds
        the rules and caches of what they allow, is shared)."""
        from . import clone

        return clone(self)

    # -- small views --------------------------------------------------------------------------

    def _new_turn(self) -> None:
        self.t_draws = 0
        self.t_laid = 0
        self.t_passed = False
        self.t_missed = False
        self.t_last = -1
        self.t_drawn = -2          # last tile drawn this turn (-1: unseen; -2: none)
        self.t_pending_open = False
        self.t_opened = False
        self.t_moves: list[str] = []

    @property
    def drawable_n(self) -> int:
        if self.v.draw_rule == "none":    # undealt tiles that can never be drawn are out of play
            return 0
        n = self.stock_n - self.reserved
        return n if n > 0 else 0

    def fit(self, turn: bool) -> int:
        """The variant's fit mask for the player to move, cached until the layout or the
        turn's chain changes."""
        ver = self.layout.version
        if turn and self.v.turn_rules:        # elsewhere the turn changes nothing
            last = self.t_last
            slot = self._fit_turn
            if slot[0] == ver and slot[1] == last:
                return slot[2]
            m = self.v.fit_mask(self, self.to_move or 0, True)
            self._fit_turn = (ver, last, m)
            return m
        any_slot = self._fit_any
        if any_slot[0] == ver:
            return any_slot[1]
        m = self.v.fit_mask(self, self.to_move or 0, False)
        self._fit_any = (ver, m)
        return m

    def blocked(self) -> bool:
        """A block: no tile that may still be laid fits (a dead layout), or, with the deal
        known, nobody holding tiles can lay one and nothing can be drawn."""
        lay = self.layout
        if not lay.placed:
            return False
        slot = self._fit_any
        f = slot[1] if slot[0] == lay.version else self.fit(False)
        stock = self.stock
        if stock >= 0 and False not in self.known:
            held = 0
            for m in self.hands:
                held |= m
            if stock > 0 and self.drawable_n > 0:
                return not ((held | stock) & f)
            return not (held & f)
        return not (self.live_mask() & f)

    def _line_blocked(self) -> bool:
        """``blocked()`` on a plain line, its fit mask the two ends' (kept for the next asks)."""
        lay = self.layout
        e0, e1 = lay.ends
        v = self.v
        vfit = v._vfit
        f = vfit[e0.values[0]] | vfit[e1.values[0]]
        self._fit_any = (lay.version, f)
        stock = self.stock
        if stock < 0 or False in self.known:
            return self.blocked()
        held = 0
        for m in self.hands:
            held |= m
        # ``drawable_n > 0``, without the call
        if stock > 0 and v.draw_rule != "none" and self.stock_n > self.reserved:
            held |= stock
        return not (held & f)

    @property
    def bazaar_count(self) -> int:
        return self.stock_n

    @property
    def deal_known(self) -> bool:
        # the deal was given (stock known): rows turned up at a real table leave the bazaar unknown
        return self.stock >= 0 and all(self.known)

    @property
    def turn_open(self) -> bool:
        """Whether the player to move may still add to this turn."""
        if self.over:
            return False
        v = self.v
        if v.blind:
            return v.blind_turn_open(self)
        if self.t_passed:
            return False
        if self.t_laid and not (v.multi_lay_now(self, self.to_move) if v._multi_rule else v.multi_lay):
            return self.t_pending_open
        return True

    @property
    def turn_started(self) -> bool:
        return bool(self.t_moves)

    def can_end_turn(self) -> bool:
        """Whether the player to move may close his turn now (:meth:`end_turn` would not refuse
        it): he has laid (or passed) in it, and no turned-up row waits to be opened. A turn that
        has only drawn, or only sent back a tile that fits nowhere, must still lay or pass."""
        if self.over or self.to_move is None or self.t_pending_open:
            return False
        return bool(self.t_laid or self.t_passed)

    @property
    def on_table(self) -> list[int]:
        return [p.tile for p in self.layout.placed]

    def known_hand(self, seat: int) -> list[int] | None:
        if self.known[seat]:
            if self.v.blind:
                return list(self.rows[seat])
            return tiles_of(self.hands[seat])
        return None

    def seen_elsewhere(self, seat: int) -> int:
        """Tiles whose place off the table is known and is not ``seat``'s hand."""
        m = 0
        for s in range(self.n):
            if s != seat:
                m |= self.hands[s] if self.known[s] else self.known_in[s]
        if self.removed_known >= 0:
            m |= 1 << self.removed_known
        return m

    def holds(self, seat: int, t: int) -> bool:
        if self.known[seat]:
            return bool(self.hands[seat] >> t & 1)
        if self.counts[seat] <= 0:
            return False
        if self.layout.mask >> t & 1:
            return False
        if self.seen_elsewhere(seat) >> t & 1:
            return False
        return True

    def live_mask(self) -> int:
        """Tiles that may still be laid: in a hand or drawable (unknown deals: any unseen)."""
        if self.deal_known:
            m = 0
            for s in range(self.n):
                m |= self.hands[s]
            if self.drawable_n > 0 and self.stock > 0:
                m |= self.stock
            return m
        m = ALL_MASK & ~self.layout.mask
        if self.removed_known >= 0:
            m &= ~(1 << self.removed_known)
        if self.starter >= 0:
            m &= ~(1 << self.starter)
        return m

    # -- placing ------------------------------------------------------------------------------

    def fits(self, t: int, seat: int | None = None, turn: bool = False) -> bool:
        """Whether tile ``t`` can be laid now somewhere (position rules only, unless ``turn``)."""
        if seat is None or seat == self.to_move:
            return bool(self.fit(turn) >> t & 1)
        return bool(self.v.fit_mask(self, seat, turn) >> t & 1)

    def cands(self, t: int, seat: int, turn: bool = True) -> tuple[list[Cand], str | None]:
        """The ways to lay ``t`` now, and (when there are none) the rule that stops it."""
        lay = self.layout
        if self._line and lay.placed:
            # a plain line: ``Variant.candidates`` from the line's tables (the one way at each
            # end whose number ``t`` shows, end 0 first)
            e0, e1 = lay.ends
            v = self.v
            vfit = v._vfit
            ltab = v._ltab
            bit = 1 << t
            out: list[Cand] = []
            x0 = e0.values[0]
            if vfit[x0] & bit:
                out.append((ltab[x0] or self._line_table(0, e0))[t][1])
            x1 = e1.values[0]
            if vfit[x1] & bit:
                out.append((ltab[7 + x1] or self._line_table(1, e1))[t][1])
            if out:
                return out, None
            return out, v.no_fit_reason(self, t, v.no_fit_rule)
        return self.v.candidates(self, t, seat, turn)

    def compulsory_playable(self, seat: int) -> int:
        """Tiles of a known hand that may be laid now and must be (must-play)."""
        if not self.known[seat]:
            return 0
        return self.hands[seat] & self.fit(True) & self.v.compulsory_mask(self)

    # -- the moves --------------------------------------------------------------------------

    def play(self, token: str | Move) -> None:
        """Apply one move of the player to move; refused moves change nothing."""
        if self.over:
            raise IllegalMove("hand.over", {})
        if isinstance(token, str):
            text: str | None = token
            m = parse_move(token)
        else:
            text = None
            m = token
        seat = self.to_move
        if seat is None:
            raise IllegalMove("lead.unknown", {})
        if self.t_passed:
            raise IllegalMove("turn.over", {"player": self.players[seat]})
        kind = m.kind
        if kind == "draw" and self.v._fast and self.v.fast_draw(self, seat, m.tile):
            return
        if self.v.blind:
            self.v.blind_move(self, seat, m)
        elif kind == "lay":
            self._lay(seat, m)
        elif kind == "draw":
            self._draw(seat, m)
        elif kind == "pass":
            self._pass(seat)
        else:
            raise IllegalMove("blind.only", {"move": str(m)})
        # the token as the record writes it (``str(m)``): a pass's and a draw's without the
        # call, a text's looked up once written (a record repeats its tokens)
        if kind == "pass":
            tok = "pass"
        elif kind == "draw":
            tok = _DRAW_TOKENS[m.tile] if m.tile >= 0 else "draw"
        elif text is not None:
            known = _WRITTEN.get(text)
            if known is None:
                if len(_WRITTEN) >= 4096:
                    _WRITTEN.clear()
                known = _WRITTEN[text] = str(m)
            tok = known
        else:
            tok = str(m)
        self.t_moves.append(tok)
        self.history.append((seat, tok))
        if not self.over and self.v._after_move:
            self.v.after_move(self, seat, m)

    def set_leader(self, seat: int) -> None:
        """Name the leader where the variant leaves it to lot or agreement."""
        if self.to_move is not None and self.layout.empty and not self.turn_started and self.v.fixed_leader(self):
            if seat != self.to_move:
                raise IllegalMove("lead.wrong_player", {"player": self.players[seat],
                                                         "leader": self.players[self.to_move]})
        # ladder's starter lies on the table before anyone plays: only a move makes it too late
        if self.history or len(self.layout.placed) > (1 if self.starter >= 0 else 0):
            raise IllegalMove("lead.too_late", {})
        self.to_move = seat

    def end_turn(self) -> None:
        """Close the current turn; play passes to the next seat (clockwise)."""
        if self.over:
            return
        seat = self.to_move
        if seat is None:
            raise IllegalMove("lead.unknown", {})
        if self.t_pending_open:
            raise IllegalMove("blind.must_open", {"player": self.players[seat]})
        if not (self.t_laid or self.t_passed):
            if self.v.blind and not self.t_missed and self.counts[seat] > 0:
                raise IllegalMove("blind.must_turn", {"player": self.players[seat]})
            raise IllegalMove("turn.incomplete", {"player": self.players[seat]})
        # the turn's own list: _new_turn starts a fresh one, and nothing is added once over
        self.turn_log.append((seat, self.t_moves))
        v = self.v
        if v._turn_end:
            v.on_turn_end(self, seat)
            if self.over:
                return
        if self.next_seat is not None:
            self.to_move = self.next_seat
            self.next_seat = None
        else:
            seat += 1
            self.to_move = seat if seat < self.n else 0
        # a new turn (``_new_turn``, here without the call)
        self.t_draws = 0
        self.t_laid = 0
        self.t_passed = False
        self.t_missed = False
        self.t_last = -1
        self.t_drawn = -2
        self.t_pending_open = False
        self.t_opened = False
        self.t_moves = []
        if self._end_seen == len(self.history) and v._end_once:
            return          # the turn ended on a lay, whose end test said all (see apply_lay)
        if self._line:
            # Variant.check_end(turn_end=True) on a plain line (``_line_blocked`` its block test)
            if self.first_out is not None:
                self.finish("out", self.first_out)
            elif self.layout.placed and (self._line_blocked()
                                         or (self.passes_in_row >= self.n and self.drawable_n == 0)):
                self.finish("block", None)
            return
        v.check_end(self, True)

    # -- laying -----------------------------------------------------------------------------

    def check_source(self, seat: int, t: int) -> None:
        if self.known[seat] and self.hands[seat] >> t & 1 and not self.layout.mask >> t & 1:
            return                      # a known hand holds it: the checks below all pass
        if self.layout.mask >> t & 1:
            raise IllegalMove("tile.on_table", {"tile": tile_str(t)})
        if not self.holds(seat, t):
            if self.known[seat]:
                raise IllegalMove("tile.not_in_hand", {"tile": tile_str(t), "player": self.players[seat]})
            if self.counts[seat] <= 0:
                raise IllegalMove("tile.no_tiles", {"player": self.players[seat]})
            raise IllegalMove("tile.elsewhere", {"tile": tile_str(t), "player": self.players[seat]})

    def resolve(self, seat: int, m: Move) -> Cand:
        """The one placement a lay token names, or the rule that refuses it."""
        t = m.tile
        cands, why = self.cands(t, seat, True)
        if not cands:
            raise IllegalMove(why or "play.no_fit", self._fit_params(t))
        chosen = [c for c in cands if self._token_matches(m, c)]
        if not chosen:
            raise IllegalMove(self._mismatch_rule(m, cands), self._fit_params(t))
        if len(chosen) == 1:
            return chosen[0]            # (one way: nothing for the effect keys below to merge)
        keys = {}
        for c in chosen:
            k = self.effect_key(c, t)
            if k not in keys:
                keys[k] = c
        if len(keys) > 1:
            places = [self.token_for(t, c) for c in keys.values()]
            # a sausage cut across lanes one tile apart: only the piece to give is missing
            rule = "sausage.give" if all(c.cut for c in keys.values()) else "play.ambiguous"
            raise AmbiguousMove(rule, {"tile": tile_str(t), "places": ", ".join(places)}, places)
        return next(iter(keys.values()))

    def _fit_params(self, t: int) -> dict[str, object]:
        ends = []
        for e in self.layout.ends:
            ends.append("/".join(str(x) for x in e.values))
        return {"tile": tile_str(t), "ends": ", ".join(ends) or "—", "sum": self.v.match_sum}

    def _token_matches(self, m: Move, c: Cand) -> bool:
        lay = self.layout
        if c.end >= 0:
            e = lay.ends[c.end]
            if m.target >= 0 and lay.placed[e.anchor].tile != m.target:
                return False
            if m.at >= 0 and m.at not in e.values:
                return False
        elif m.target >= 0 and not c.cut:
            return False
        if c.cut:
            if not m.cut:
                return False
            if m.give and c.give and m.give != c.give:
                return False
            if not m.give and c.give and c.give != "":
                return True
            return True
        if m.cut:
            return False
        if m.down != c.down:
            return False
        if m.orient == "across" and not c.across:
            return False
        if m.orient == "along" and c.across:
            return False
        if m.out >= 0:
            if not c.across or c.shows is None or m.out not in c.shows:
                return False
        return True

    def _mismatch_rule(self, m: Move, cands: list[Cand]) -> str:
        if m.cut:
            return "sausage.cut"
        if m.down:
            return "spider.close"
        if m.target >= 0:
            if DOUBLE[m.tile] and m.orient and any(
                    self._token_matches(Move("lay", m.tile, m.target, m.at), c) for c in cands):
                return "play.orientation"     # a double at the right place, lying the wrong way
            return "play.wrong_end"
        if m.orient or m.out >= 0:
            return "play.orientation"
        return "play.no_fit"

    def effect_key(self, c: Cand, t: int = -1) -> tuple[object, ...]:
        """What a placement changes; 0:0 (tile 0) lies alike across or along."""
        if c.end >= 0:
            where = self.layout.ends[c.end].key()
        else:
            where = ("lead",)
        mat = c.matador and self.v.matador_matters()
        across = c.across if t != 0 else None
        return (where, c.inner, across, mat, c.shows, c.down, c.cut, c.give)

    def token_for(self, t: int, c: Cand) -> str:
        """The token that names exactly this placement."""
        lay = self.layout
        if c.inner is not None:
            s = tile_str(t, c.inner)
        else:
            s = tile_str(t)
        if c.end >= 0 and not c.cut:
            e = lay.ends[c.end]
            anchor = lay.placed[e.anchor]
            s += ">" + anchor.label()
            siblings = {x.key() for x in lay.ends if x.anchor == e.anchor}
            if len(siblings) > 1 and len(e.values) == 1:
                s += f"@{e.values[0]}"
        if c.down:
            s += " down"
        elif c.cut:
            s += " cut"
            if c.give:
                s += " give " + c.give
        elif (c.across and c.matador and c.shows is not None and len(c.shows) == 1 and not DOUBLE[t]
              and self.v.chosen_half()):
            s += f" across@{c.shows[0]}"   # chosen_half: the half facing out (six matador too)
        elif t != 0 and self.v.orientation_choice(self, t):
            if c.across:
                s += " across"
                if c.shows is not None and len(c.shows) == 1 and not DOUBLE[t] and self.v.chosen_half():
                    s += f"@{c.shows[0]}"
            else:
                s += " along"
        return s

    def end_target(self, e: End) -> str:
        """The name of the place ``e`` in a token: the tile it hangs on, with ``@n`` where that
        tile has more than one place (``6:5@5`` in ``a:b>6:5@5``)."""
        lay = self.layout
        target = lay.placed[e.anchor].label()
        siblings = {x.key() for x in lay.ends if x.anchor == e.anchor}
        if len(siblings) > 1 and len(e.values) == 1:
            target += f"@{e.values[0]}"
        return target

    def layout_view(self) -> dict[str, Any]:
        """The table as plain data for drawing: ``kind``, ``root`` and ``arms`` ({arm number:
        [pieces from the root outward]}), each piece ``{"tile", "a" (the half nearer the root),
        "b", "across", "down", "end", "double", "last"}``, and ``ends`` (one per place: the
        numbers it shows and the ``target`` suffix that names it in a token, e.g. ``6:5@5``).

        How it lies on the table: ``shape`` (``line``: two arms left and right of the first
        tile; ``cross``: a spinner with arms left, right, up and down; ``lanes``: two lanes side
        by side from the long side of an upright first tile; ``one_way``: one arm, to the
        right), ``center`` (the piece the drawing grows from: the spinner of a cross, else the
        first tile; ``a`` is its left or upper half) and ``chains``: one per arm, ``{"side":
        "left" | "right" | "up" | "down" | "top" | "bottom", "pieces": [...] (from the center
        outward, ``a`` the half nearer the center), "end": {"target", "shows"} or None (closed)}``.
        """
        lay = self.layout
        if not lay.placed:
            return {"kind": lay.kind, "root": None, "arms": {}, "ends": [], "shape": self.v.shape(lay),
                    "center": None, "chains": []}
        anchors = {e.anchor for e in lay.ends}
        live = [i for i, p in enumerate(lay.placed) if not p.dead and p.seat >= 0]
        last = live[-1] if live else -1

        def piece(i: int, flip: bool = False) -> dict[str, Any]:
            p = lay.placed[i]
            if p.inner is None or p.outer is None:
                a, b = A[p.tile], B[p.tile]
            else:
                a, b = p.inner, p.outer
            if flip:
                a, b = b, a
            return {"tile": tile_str(p.tile), "a": a, "b": b, "across": bool(p.across),
                    "down": bool(p.down), "end": i in anchors, "double": A[p.tile] == B[p.tile],
                    "last": i == last}

        arm_idx: dict[int, list[int]] = {}
        for i, p in enumerate(lay.placed):
            if i == lay.root or p.dead:
                continue
            arm_idx.setdefault(int(p.arm), []).append(i)
        arms = {k: [piece(i) for i in v] for k, v in arm_idx.items()}
        seen: set[tuple[object, ...]] = set()
        ends = []
        for e in lay.ends:
            k = e.key()
            if k in seen:
                continue
            seen.add(k)
            ends.append({"shows": list(e.values), "target": self.end_target(e)})
        shape = self.v.shape(lay)
        center, chains = self._chains(shape, arm_idx, piece)
        return {"kind": lay.kind, "root": piece(lay.root), "arms": arms, "ends": ends,
                "shape": shape, "center": center, "chains": chains}

    def _chains(self, shape: str, arm_idx: dict[int, list[int]],
                piece: Callable[..., dict[str, Any]]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The drawing's center piece and its chains (see :meth:`layout_view`)."""
        lay = self.layout

        def end_of(arm: int) -> dict[str, Any] | None:
            for e in lay.ends:
                if e.arm == arm:
                    return {"target": self.end_target(e), "shows": list(e.values)}
            return None

        def chain(side: str, arm: int, pieces: list[dict[str, Any]] | None = None) -> dict[str, Any]:
            if pieces is None:
                pieces = [piece(i) for i in arm_idx.get(arm, [])]
            return {"side": side, "pieces": pieces, "end": end_of(arm)}

        root = lay.root
        if shape == "cross":
            spin = lay.spinner
            if spin == root:
                return piece(root), [chain(s, k) for k, s in enumerate(("left", "right", "up", "down"))]
            # a spinner inside the line (muggins): the drawing grows from it; the line back
            # through the first tile is one of its arms, every piece turned to face the spinner
            k = int(lay.placed[spin].arm)
            line = arm_idx.get(k, [])
            at = line.index(spin)
            away = [piece(i) for i in line[at + 1:]]
            back = [piece(i, flip=True) for i in reversed(line[:at])]
            back.append(piece(root, flip=(k == 1)))
            back.extend(piece(i) for i in arm_idx.get(1 - k, []))
            pair = [chain("left", k, away), chain("right", 1 - k, back)] if k == 0 \
                else [chain("left", 0, back), chain("right", 1, away)]
            return piece(spin), pair + [chain("up", 2), chain("down", 3)]
        if shape == "lanes":
            # the upper half of the upright first tile is the one lane 0 starts from
            c = piece(root)
            top = next((e.values[0] for e in lay.ends if e.arm == 0 and e.anchor == root), None)
            if top is None and arm_idx.get(0):
                top = piece(arm_idx[0][0])["a"]
            if top is not None and top != c["a"]:
                c["a"], c["b"] = c["b"], c["a"]
            return c, [chain("top", 0), chain("bottom", 1)]
        if shape == "one_way" and (arm_idx or len(lay.ends) == 1):
            k = next(iter(arm_idx)) if arm_idx else int(lay.ends[0].arm)
            return piece(root, flip=(k == 0)), [chain("right", k)]
        return piece(root), [chain("left", 0), chain("right", 1)]

    def lay_preview(self, token: str) -> LayPreview:
        """What laying ``token`` now would do, without changing the hand: the places it takes
        (``targets``, as :meth:`layout_view` names its ends; both lanes' ends for a cut, none for
        the first tile) and the in-play points the player to move would score (``points``: the
        change of his ``scores``). Raises :class:`RuleError` when the lay is refused, and
        ``ValueError`` for a token that is no lay (a draw, a pass) or when nobody is to move."""
        from . import clone

        m = parse_move(token)
        seat = self.to_move
        if m.kind != "lay" or seat is None:
            raise ValueError(f"lay_preview takes a lay by the player to move, not {token[:40]!r}")
        c = self.resolve(seat, m)
        lay = self.layout
        if c.cut:
            targets = tuple(self.end_target(e) for e in lay.ends)
        elif c.end >= 0:
            targets = (self.end_target(lay.ends[c.end]),)
        else:
            targets = ()
        trial = clone(self)
        before = trial.scores[seat]
        trial.play(m)
        return LayPreview(trial.scores[seat] - before, targets)

    @property
    def lays_score(self) -> bool:
        """Whether a lay may score in-play points in this hand (the counting games)."""
        return self.v.lays_score()

    def places_for(self, t: int) -> list[str]:
        """Every truly different legal way to lay ``t`` now, as tokens."""
        if self.over or self.to_move is None:
            return []
        seat = self.to_move
        if self.v.blind and not self.v.blind_may_lay(self, seat, t):
            return []
        try:
            self._turn_allows_lay(seat, t)
            self.check_source(seat, t)
        except RuleError:
            return []
        cands, _ = self.cands(t, seat, True)
        seen = {}
        for c in cands:
            k = self.effect_key(c, t)
            if k not in seen:
                seen[k] = self.token_for(t, c)
        return list(seen.values())

    def explain(self, t: int) -> RuleError | None:
        """Why ``t`` cannot be laid now (None when it can)."""
        if self.over:
            return IllegalMove("hand.over", {})
        seat = self.to_move
        if seat is None:
            return None if self.layout.empty else IllegalMove("lead.unknown", {})
        try:
            self._turn_allows_lay(seat, t)
            self.check_source(seat, t)
            cands, why = self.cands(t, seat, True)
            if not cands:
                return IllegalMove(why or "play.no_fit", self._fit_params(t))
        except RuleError as err:
            return err
        return None

    def lay_options(self) -> list[tuple[int, Cand]]:
        """Every truly different legal lay now, as (tile, placement) pairs (no tokens built)."""
        seat = self.to_move
        if self.over or seat is None or self.t_passed:
            return []
        v = self.v
        if self.t_laid and not v.multi_lay_now(self, seat):
            return []
        return self._lays(seat, v)

    def turn_choices(self) -> tuple[list[tuple[int, Cand]], bool, bool]:
        """``(lay_options(), can_draw(), can_pass())`` at once: what the random player asks at
        every turn, with the fit and must-play masks made once (the same checks)."""
        v = self.v
        if v._fast:
            got = v.fast_choices(self)
            if got is not None:
                return got
        seat = self.to_move
        if self.over or seat is None or self.t_passed:
            return [], False, False
        lay = self.layout
        if self._line and not self.t_laid and self.known[seat] and lay.placed:
            # ``_line_lays`` written out (the random player asks this at every turn)
            e0, e1 = lay.ends
            held = self.hands[seat]
            vfit = v._vfit
            x0 = e0.values[0]
            x1 = e1.values[0]
            m0 = vfit[x0] & held
            m1 = vfit[x1] & held if e0.sym < 0 or e0.sym != e1.sym else 0
            both = m0 | m1
            if not both:
                draw, pass_ = v.draw_pass(self, seat)
                return [], draw, pass_
            # a tile of his fits: he must lay (a plain line's compulsory mask is every tile)
            ltab = v._ltab
            tab0 = ltab[x0] or self._line_table(0, e0)
            tab1 = ltab[7 + x1] or self._line_table(1, e1)
            lays: list[tuple[int, Cand]] = []
            while both:
                low = both & -both
                both ^= low
                t = low.bit_length() - 1
                if m0 & low:
                    lays.append(tab0[t])
                if m1 & low:
                    lays.append(tab1[t])
            return lays, False, False
        if self.t_laid:
            if not v.multi_lay_now(self, seat):
                return [], False, False
            return self._lays(seat, v), False, False
        draw, pass_ = v.draw_pass(self, seat)
        return self._lays(seat, v), draw, pass_

    def _lays(self, seat: int, v: "Variant[Any]") -> list[tuple[int, Cand]]:
        """``lay_options`` once the turn allows a lay."""
        if self._line and self.known[seat] and self.layout.placed:
            return self._line_lays(self.hands[seat])
        if self.known[seat]:
            mask = self.hands[seat]
        else:
            mask = self.live_mask() & ~self.seen_elsewhere(seat)
        mask &= self.fit(True)
        out: list[tuple[int, Cand]] = []
        if not mask:
            return out
        if v._lay_checks or v._lead_rule:
            if v._lay_checks or not self.layout.placed:
                m = mask
                while m:
                    low = m & -m
                    m ^= low
                    try:
                        v.check_lay_turn(self, seat, low.bit_length() - 1)
                    except RuleError:
                        mask ^= low
        elif not self.layout.placed and self.lead_tile >= 0:
            # the default lead check: only the tile the rules name may lead
            mask &= 1 << self.lead_tile
        for t, cands in v.placements(self, mask, seat, True, True):
            if len(cands) == 1:
                out.append((t, cands[0]))
            else:
                out.extend([(t, c) for c in cands])
        return out

    def _line_lays(self, held: int) -> list[tuple[int, Cand]]:
        """``_lays`` on a plain line (``Variant.line_plain``) for a known hand ``held``: the
        tiles that fit each end by its number (``value_fit``), in tile order, each tile at end 0
        before end 1, the second end left out where both are one place (the free sides of a
        lone double), as ``placements`` gives them."""
        e0, e1 = self.layout.ends
        v = self.v
        vfit = v._vfit
        x0 = e0.values[0]
        x1 = e1.values[0]
        m0 = vfit[x0] & held
        m1 = vfit[x1] & held if e0.sym < 0 or e0.sym != e1.sym else 0
        both = m0 | m1
        out: list[tuple[int, Cand]] = []
        if not both:
            return out
        ltab = v._ltab
        tab0 = ltab[x0] or self._line_table(0, e0)
        tab1 = ltab[7 + x1] or self._line_table(1, e1)
        while both:
            low = both & -both
            both ^= low
            t = low.bit_length() - 1
            if m0 & low:
                out.append(tab0[t])
            if m1 & low:
                out.append(tab1[t])
        return out

    def _line_table(self, i: int, e: End) -> list[tuple[int, Cand]]:
        """The lays at end ``i`` of a plain line showing ``e``'s number, tile by tile (28 slots;
        ``(t, the one Cand of Variant.end_cands)`` for the tiles that fit there), made once per
        variant object and kept in ``Variant._ltab``."""
        v = self.v
        x = e.values[0]
        tab: list[tuple[int, Cand]] = [(-1, _NO_CAND)] * 28
        for t in tiles_of(v._vfit[x]):
            tab[t] = (t, v.end_cands(self, t, i, e)[0])
        v._ltab[7 * i + x] = tab
        return tab

    def play_lay(self, t: int, c: Cand) -> None:
        """Lay ``t`` as ``c`` (one of :meth:`lay_options`), with the turn and tile checks."""
        if self.v._fast and self.v.fast_lay(self, t, c):
            return
        if self.over:
            raise IllegalMove("hand.over", {})
        seat = self.to_move
        if seat is None:
            raise IllegalMove("lead.unknown", {})
        lay = self.layout
        if (self.t_laid or self.t_passed or self.v._lay_checks or not lay.placed or not self.known[seat]
                or not self.hands[seat] >> t & 1 or lay.mask >> t & 1):
            self._turn_allows_lay(seat, t)
            self.check_source(seat, t)
        # (else: the first tile of a turn after the lead, held in a known hand: both pass)
        self.apply_lay(seat, t, c)
        tok = TILE_NAMES[t]
        self.t_moves.append(tok)
        self.history.append((seat, tok))
        if not self.over and self.v._after_move:
            self.v.after_move(self, seat, None)

    def play_lay_end(self, t: int, c: Cand) -> None:
        """``play_lay(t, c)``, then ``end_turn()`` unless the lay ended the hand: a lay that
        closes the turn, as the random player of the one-tile games plays every lay (the same
        checks, the same end tests)."""
        if self.over:
            raise IllegalMove("hand.over", {})
        seat = self.to_move
        if seat is None:
            raise IllegalMove("lead.unknown", {})
        lay = self.layout
        if self._line and not self.t_laid and not self.t_passed and lay.placed and self.known[seat]:
            hands = self.hands
            held = hands[seat]
            bit = 1 << t
            end = c[0]
            if held & bit and not lay.mask & bit and end >= 0:
                # a plain line (``Variant.line_plain``), the first tile of a turn after the
                # lead, held in a known hand: the turn and tile checks pass. What ``play_lay``
                # and ``end_turn`` do there (``apply_lay``'s plain line branch:
                # ``Layout.attach_line``, then ``Variant.check_end`` on the line's fits as
                # ``_line_blocked``; the next turn), written out: the random player's every tile
                hands[seat] = held ^ bit
                counts = self.counts
                left = counts[seat] = counts[seat] - 1
                # Layout.attach_line
                e = lay.ends[end]
                inner = c[1]
                outer = B[t] if A[t] == inner else A[t]
                placed = lay.placed
                idx = len(placed)
                placed.append(Placement(t, inner, outer, c[2], e.anchor, e.arm, seat, False, False, False))
                ver = lay.version = lay.version + 1
                lay.mask |= bit
                e.anchor = idx
                e.values = VALUES[outer]
                e.count = 2 * outer if c[2] and DOUBLE[t] else outer
                e.sym = -1
                self.t_last = idx
                self.t_laid = 1
                self.passes_in_row = 0
                self.maker = seat
                tok = TILE_NAMES[t]
                self.t_moves.append(tok)
                history = self.history
                history.append((seat, tok))
                if left == 0 and self.first_out is None:
                    self.first_out = seat
                if self.first_out is not None:
                    self.finish("out", self.first_out)
                    return
                # _line_blocked
                e0, e1 = lay.ends
                v = self.v
                vfit = v._vfit
                f = vfit[e0.values[0]] | vfit[e1.values[0]]
                self._fit_any = (ver, f)
                stock = self.stock
                if stock < 0 or False in self.known:
                    if self.blocked():
                        self.finish("block", None)
                        return
                else:
                    for m in hands:
                        if m & f:
                            break
                    else:
                        if not (stock > 0 and v.draw_rule != "none" and self.stock_n > self.reserved
                                and stock & f):
                            self.finish("block", None)
                            return
                self._end_seen = len(history)
                # end_turn(): the end test of the turn is the lay's (``_end_once``: a plain
                # line's end rules are the base's); the next seat's turn starts
                self.turn_log.append((seat, self.t_moves))
                if self.next_seat is not None:
                    self.to_move = self.next_seat
                    self.next_seat = None
                else:
                    seat += 1
                    self.to_move = seat if seat < self.n else 0
                self.t_laid = 0
                self.t_last = -1
                self.t_moves = []
                if self.t_draws:
                    self.t_draws = 0
                    self.t_drawn = -2
                return
        self.play_lay(t, c)
        if not self.over:
            self.end_turn()

    def draw_error(self) -> RuleError | None:
        """Why the player to move may not draw now (None: he may)."""
        seat = self.to_move
        if self.over or seat is None or self.t_passed:
            return IllegalMove("turn.over", {})
        if self.t_laid:
            return IllegalMove("draw.after_lay", {})
        rule = self.v.draw_refusal(self, seat)
        return None if rule is None else IllegalMove(rule, self.v.refusal_params(self, seat, rule))

    def pass_error(self) -> RuleError | None:
        """Why the player to move may not pass now (None: he may)."""
        seat = self.to_move
        if self.over or seat is None or self.t_passed:
            return IllegalMove("turn.over", {})
        if self.t_laid:
            return IllegalMove("pass.after_lay", {})
        rule = self.v.pass_refusal(self, seat)
        return None if rule is None else IllegalMove(rule, self.v.refusal_params(self, seat, rule))

    def can_draw(self) -> bool:
        """``draw_error() is None`` without building the error (the same checks)."""
        seat = self.to_move
        if self.over or seat is None or self.t_passed or self.t_laid:
            return False
        return self.v.draw_refusal(self, seat) is None

    def can_pass(self) -> bool:
        """``pass_error() is None`` without building the error (the same checks)."""
        seat = self.to_move
        if self.over or seat is None or self.t_passed or self.t_laid:
            return False
        return self.v.pass_refusal(self, seat) is None

    def legal_tokens(self) -> list[str]:
        """Every legal token now (for the random playouts and the move-tree counts)."""
        return self.v.legal_tokens(self)

    def _turn_allows_lay(self, seat: int, t: int) -> None:
        v = self.v
        if self.t_passed:
            raise IllegalMove("turn.over", {"player": self.players[seat]})
        if self.t_laid and not v.multi_lay_now(self, seat):
            raise IllegalMove(v.one_tile_rule, {"player": self.players[seat]})
        if v._lay_checks or not self.layout.placed:   # the default checks only the lead
            v.check_lay_turn(self, seat, t)

    def _lay(self, seat: int, m: Move) -> None:
        t = m.tile
        self._turn_allows_lay(seat, t)
        self.check_source(seat, t)
        c = self.resolve(seat, m)
        self.apply_lay(seat, t, c)

    def apply_lay(self, seat: int, t: int, c: Cand) -> None:
        """Lay ``t`` as ``c`` (already checked)."""
        end, inner, across, matador, shows, down, cut, _ = c
        lay = self.layout
        if self._line and end >= 0 and self.known[seat]:
            # a plain line (``Variant.line_plain``): the general steps below, those that do
            # something there, with ``Variant.check_end`` made on the line's own fits
            self.hands[seat] &= ~(1 << t)
            counts = self.counts
            left = counts[seat] = counts[seat] - 1
            self.t_last = lay.attach_line(end, t, inner, across, seat)
            self.t_laid += 1
            self.passes_in_row = 0
            self.maker = seat
            if left == 0 and self.first_out is None:
                self.first_out = seat
            if self.first_out is not None:
                self.finish("out", self.first_out)
            elif self._line_blocked():
                self.finish("block", None)
            else:
                self._end_seen = len(self.history) + 1
            return
        v = self.v
        if self.known[seat]:
            self.hands[seat] &= ~(1 << t)
            if v.blind and t in self.rows[seat]:
                self.rows[seat].remove(t)
        else:
            self.known_in[seat] &= ~(1 << t)
        counts = self.counts
        left = counts[seat] = counts[seat] - 1
        if cut:
            p = v.cut(self, seat, t, c)
        elif end < 0:
            p = v.lead(self, seat, t, c)
        elif down:
            p = lay.close(end, t, seat)
        else:
            p = lay.attach(end, t, inner, across, seat, matador, shows)
        self.t_laid += 1
        self.t_last = len(lay.placed) - 1
        self.passes_in_row = 0
        self.maker = seat
        if v._on_lay:
            v.on_lay(self, seat, t, c, p)
        if left == 0 and self.first_out is None:
            self.first_out = seat
        if left == 3 and v.blind and not self.opened[seat]:
            self.t_pending_open = True
        if not self.over:
            v.check_end(self, False)
            # nothing moves between this test and the end of the turn (if the next move is
            # not made first): the test there would say the same (a lay leaves no passes in a
            # row, and the default end test reads ``turn_end`` only for those)
            self._end_seen = len(self.history) + 1

    # -- drawing and passing ------------------------------------------------------------------

    def _draw(self, seat: int, m: Move) -> None:
        v = self.v
        if self.t_laid:
            raise IllegalMove("draw.after_lay", {"player": self.players[seat]})
        v.check_draw(self, seat)
        self.take_drawn(seat, m)

    def take_drawn(self, seat: int, m: Move) -> None:
        """Move one tile from the stock into ``seat``'s hand (all checks done but the tile's)."""
        t = m.tile
        if t < 0:
            if self.deal_known:
                raise IllegalMove("record.unseen_draw", {"player": self.players[seat]})
        else:
            if self.layout.mask >> t & 1:
                raise IllegalMove("draw.not_in_bazaar", {"tile": tile_str(t)})
            if self.deal_known:
                if not (self.stock >> t & 1):
                    raise IllegalMove("draw.not_in_bazaar", {"tile": tile_str(t)})
            else:
                other = self.seen_elsewhere(seat) | self.known_in[seat]
                if self.known[seat]:
                    other |= self.hands[seat]
                if other >> t & 1:
                    raise IllegalMove("draw.not_in_bazaar", {"tile": tile_str(t)})
        self.stock_n -= 1
        self.counts[seat] += 1
        if t >= 0:
            if self.stock > 0:
                self.stock &= ~(1 << t)
            if self.known[seat]:
                self.hands[seat] |= 1 << t
                if self.v.blind:
                    self.rows[seat].append(t)
            else:
                self.known_in[seat] |= 1 << t
        self.t_draws += 1
        self.t_drawn = t
        if self.v._on_draw:
            self.v.on_draw(self, seat, t)

    def _pass(self, seat: int) -> None:
        v = self.v
        if self.t_laid:
            raise IllegalMove("pass.after_lay", {"player": self.players[seat]})
        if not (v._plain_refusals and v.draw_pass(self, seat)[1]):
            v.check_pass(self, seat)       # (``draw_pass`` answers as ``pass_refusal``; this raises)
        self.t_passed = True
        self.passes_in_row += 1
        if v._on_pass:
            v.on_pass(self, seat)

    # -- the end ----------------------------------------------------------------------------

    def receive(self, seat: int, tiles: int) -> None:
        """``seat`` takes ``tiles`` (a mask) into his hand from the table (a sausage cut)."""
        self.counts[seat] += tiles.bit_count()
        if self.known[seat]:
            self.hands[seat] |= tiles
        else:
            self.known_in[seat] |= tiles

    def end_by_result(self, out: int | None, maker: int | None, counts: list[int]) -> None:
        """End a hand entered by its result only: ``out`` went out (None: a block, ``maker``
        its maker where said), each seat holding ``counts`` tiles. What was dealt is no longer
        what they hold (the record's ``left`` says that), nor is the table known."""
        self.over = True
        self.end = "out" if out is not None else "block"
        self.winner = self.first_out = out
        self.maker = maker
        self.counts = list(counts)
        if out is not None:
            self.hands[out] = 0
        self.known = [False] * self.n
        self.layout.mask = 0

    def take_left(self, pips: list[int | None], tiles: list[int | None]) -> None:
        """What the table says each seat whose tiles are not known was left with at the end:
        ``pips`` (None: not said, or his tiles are known and count for themselves) and ``tiles``
        (a mask of the tiles listed, None where only a count was given). ``pips_of`` answers
        from them; a variant that asks which tiles were left (Bergen's doubles) reads
        ``vs.left_tiles``."""
        self.left_pips = [pips[s] if not self.known[s] else None for s in range(self.n)]
        self.vs.left_tiles = list(tiles)

    def out_seat(self) -> int:
        """The seat that went out (a hand that ended "out")."""
        if self.winner is None:
            raise ValueError("the hand did not end with a player out")
        return self.winner

    def finish(self, end: str, winner: int | None) -> None:
        self.over = True
        self.end = end
        self.winner = winner

    def _check_end(self, turn_end: bool = False) -> None:
        if self.over:
            return
        self.v.check_end(self, turn_end)

    def pips_of(self, seat: int, lone_blank: int | None = None) -> int | None:
        """The pips a seat holds (the lone 0:0 rule when ``lone_blank`` is given)."""
        if self.left_pips is not None and self.left_pips[seat] is not None:
            return self.left_pips[seat]
        if not self.known[seat]:
            if self.counts[seat] == 0:
                return 0
            return None
        m = self.hands[seat]
        if lone_blank is not None and m == 1:   # 0:0 is tile 0
            return lone_blank
        return sum(PIPS[t] for t in tiles_of(m))
