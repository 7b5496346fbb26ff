"""The other seven variants: the matador family (matador, six matador, French), the blind
variants (blind blitz, in the dark), sausage and ladder."""

from __future__ import annotations

from ..errors import IllegalMove
from ..hand import Cand, Hand
from ..layout import End, Placement
from ..notation import Move
from ..tiles import A, B, DOUBLE, DOUBLES_MASK, PIPS, TILE, mask_of, tile_str, tiles_of
from . import register
from .base import HandScore, Variant, draw_tokens, highest_tile_key, lowest_tile_key
from .equal import DOUBLES_UP, LIGHTEST, ONE_UP

MATADORS_7 = mask_of([TILE[6][1], TILE[5][2], TILE[4][3], TILE[0][0]])
MATADORS_6 = mask_of([TILE[0][6], TILE[1][5], TILE[2][4], TILE[3][3], TILE[0][0]])


# -- the matador family ---------------------------------------------------------------------------


class MatadorBase(Variant):
    match_sum = 7
    matadors = MATADORS_7
    matador_along = True
    draw_rule = "one"
    no_fit_rule = "matador.no_fit"

    def _fit_sum(self):
        return self.match_sum

    def matador_matters(self) -> bool:
        return False

    def out_ends(self, h):
        return self.o.get("hand_end", "out") == "out"

    def check_lay_turn(self, h, seat, t):
        super().check_lay_turn(h, seat, t)
        # one draw a turn: the drawn tile is laid if it fits, else pass ("a failed draw is
        # followed by pass"): a matador kept in hand may not be laid after the draw
        if self.draw_rule == "one" and h.t_draws and h.t_drawn >= 0 and t != h.t_drawn:
            # house option matador_after_draw=yes (a gap in the sources): after a draw that
            # does not fit, a matador kept in hand may still be laid instead of passing
            if not (self.o.get("matador_after_draw") == "yes" and self.matadors >> t & 1
                    and not self.drawn_fits(h, seat)):
                raise IllegalMove("turn.over", {"player": h.players[seat]})
        # drawing until playable: a drawn tile that fits is the one laid (must-play), not an
        # honour kept in hand
        if h.t_draws and h.t_drawn >= 0 and t != h.t_drawn and self.drawn_fits(h, seat):
            raise IllegalMove("draw.lay_drawn", {"player": h.players[seat], "tile": tile_str(h.t_drawn)})

    def check_end(self, h, turn_end):
        # block_only: nobody holding tiles can play or draw once nobody holds tiles at all
        if h.first_out is not None and not self.draw_when_out and not any(h.counts):
            h.finish("out", h.first_out)
            return
        super().check_end(h, turn_end)

    def block(self, h):
        if h.first_out is not None:
            h.finish("out", h.first_out)
        else:
            h.finish("block", None)


@register
class Matador(MatadorBase):
    name = "matador"

    def matador_matters(self):
        return int(self.o.get("matador_bonus", 0)) > 0

    def on_lay(self, h, seat, t, c, p):
        if c.matador:
            h.scores[seat] += int(self.o.get("matador_bonus", 0))

    def score(self, h):
        # the matador bonuses were credited when laid and are kept whoever wins
        sc = super().score(h)
        sc.points = [p + b for p, b in zip(sc.points, h.scores)]
        return sc


@register
class SixMatador(MatadorBase):
    name = "six_matador"
    match_sum = 6
    matadors = MATADORS_6
    matador_along = False
    doubles = "along"
    traditional_pips = False

    def matador_matters(self):
        return True

    def on_lay(self, h, seat, t, c, p):
        if c.matador:
            h.scores[seat] += 10
            return
        if self.o.get("scoring") != "strict":
            return
        lead = len(h.layout.placed) == 1
        if not lead:
            h.scores[seat] += 1
        shows_six = (A[t] == 6 or B[t] == 6) if lead else p.outer == 6
        if shows_six:
            h.scores[seat] += 5

    def on_pass(self, h, seat):
        if self.o.get("scoring") == "strict" and h.counts[seat] > 0:
            h.scores[seat] -= 6

    def needs_left(self, h):
        return False

    def live_points(self, h):
        # the scores only decide the hand: nothing reaches the scoresheet before its end
        return [0] * h.n

    def score(self, h):
        left = self.left_pips(h)
        sc = list(h.scores)
        points = [0] * h.n
        w = self.highest(sc) if h.end in ("out", "block") else None
        if w is not None:
            points[w] = max(0, sc[w] - sum(sc[s] for s in range(h.n) if s != w))
        return HandScore(points, w, left)


@register
class French(MatadorBase):
    name = "french"
    draw_rule = "until"
    traditional_pips = False
    draw_when_out = True

    def setup(self, h, lead, previous_winner, first_hand):
        h.vs["lead_given"] = lead
        if not h.deal_known:
            h.to_move = lead
            return
        top = max(PIPS[t] for s in range(h.n) for t in tiles_of(h.hands[s]))
        for s in range(h.n):
            heavy = [t for t in tiles_of(h.hands[s]) if PIPS[t] == top]
            if heavy:
                self.fix_leader(h, s, lead)
                h.vs["lead_tiles"] = mask_of(heavy)
                return

    def check_lead(self, h, seat, t):
        m = h.vs.get("lead_tiles")
        if m and not (m >> t & 1):
            req = " / ".join(tile_str(x) for x in tiles_of(m))
            raise IllegalMove("lead.wrong_tile", {"tile": tile_str(t), "required": req, "player": h.players[seat]})

    def out_ends(self, h):
        return False

    def check_end(self, h, turn_end):
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

    def block(self, h):
        h.finish("block", None)

    def score(self, h):
        left = self.left_pips(h)
        points = [x or 0 for x in left]
        w = self.fewest(left) if h.end in ("out", "block") else None
        if h.end == "out" and h.winner is not None and w is None:
            w = None
        return HandScore(points, w, left)


# -- the blind variants ----------------------------------------------------------------------------


class Blind(Variant):
    blind = True
    multi_before_open = True

    def setup(self, h, lead, previous_winner, first_hand):
        h.vs["lead_given"] = lead
        rule = self.o.get("opener", "agreed")
        h.to_move = lead
        if rule == "agreed" or not h.deal_known:
            return
        if rule == "lowest_tile":
            order = sorted(range(28), key=lowest_tile_key)
        elif rule == "highest_tile":
            order = sorted(range(28), key=highest_tile_key)
        else:
            order = DOUBLES_UP + LIGHTEST
        for t in order:
            for s in range(h.n):
                if h.hands[s] >> t & 1:
                    self.fix_leader(h, s, lead)
                    return

    def check_lead(self, h, seat, t):
        return None

    def multi_lay_now(self, h, seat):
        if seat is None:
            return False
        if h.opened[seat] and not h.t_opened:
            return not h.t_draws
        if h.t_opened:
            return self.multi_before_open
        return self.multi_before_open and not h.t_missed

    def blind_turn_open(self, h: Hand) -> bool:
        seat = h.to_move
        if h.t_passed:
            return False
        if h.t_pending_open:
            return True
        if h.t_missed or h.t_draws:
            if h.t_laid == 0:
                return True            # a pass must still close it
            return h.t_missed and not h.t_draws and h.drawable_n > 0
        if h.t_laid:
            return self.multi_lay_now(h, seat)
        return True

    def blind_may_lay(self, h: Hand, seat: int, t: int) -> bool:
        """Whether the blind turn lets ``t`` be laid now (the placement aside)."""
        if h.t_pending_open:
            return False
        if not h.opened[seat] and not h.t_opened:
            if h.t_missed or h.t_draws or (h.t_laid and not self.multi_before_open):
                return False
            return not (h.known[seat] and h.rows[seat] and h.rows[seat][-1] != t)
        return not h.t_draws and not (h.t_opened and not self.multi_before_open)

    def _rightmost(self, h, seat, t, rule="blind.not_rightmost"):
        if h.known[seat] and not h.opened[seat]:
            row = h.rows[seat]
            if not row or row[-1] != t:
                raise IllegalMove(rule, {"tile": tile_str(t), "expected": tile_str(row[-1]) if row else "—",
                                         "player": h.players[seat]})

    def blind_move(self, h: Hand, seat: int, m: Move) -> None:
        kind = m.kind
        name = h.players[seat]
        if kind == "open":
            if h.opened[seat] or h.counts[seat] != 3 or not h.t_pending_open:
                raise IllegalMove("blind.not_yet", {"player": name})
            tiles = mask_of(m.tiles)
            if h.known[seat]:
                if tiles != h.hands[seat]:
                    raise IllegalMove("blind.open_wrong", {"player": name})
            else:
                for t in m.tiles:
                    if (h.layout.mask | h.seen_elsewhere(seat)) >> t & 1:
                        raise IllegalMove("blind.open_wrong", {"player": name})
                if h.known_in[seat] & ~tiles:
                    raise IllegalMove("blind.open_wrong", {"player": name})
                h.known[seat] = True
                h.hands[seat] = tiles
                h.rows[seat] = list(m.tiles)
                h.known_in[seat] = 0
            h.opened[seat] = True
            h.t_pending_open = False
            h.t_opened = True
            return
        if h.t_pending_open:
            raise IllegalMove("blind.must_open", {"player": name})
        if kind == "miss" and h.opened[seat]:
            raise IllegalMove("blind.no_miss_open", {"player": name})
        if not h.opened[seat] and not h.t_opened:
            self._closed_move(h, seat, m)
        else:
            self._open_move(h, seat, m)

    def _closed_move(self, h: Hand, seat: int, m: Move) -> None:
        name = h.players[seat]
        kind = m.kind
        if kind in ("lay", "miss"):
            if h.t_missed:
                raise IllegalMove("blind.after_miss", {"player": name})
            if h.t_laid and not self.multi_before_open:
                raise IllegalMove("dark.one_tile", {"player": name})
            t = m.tile
            self._rightmost(h, seat, t)
            h._source_check(seat, t)
            if kind == "lay":
                c = h.resolve(seat, m)
                h.apply_lay(seat, t, c)
                return
            if h.layout.empty or h.cands(t, seat, True)[0]:
                raise IllegalMove("blind.miss_fits", {"tile": tile_str(t), "player": name})
            if h.known[seat]:
                h.rows[seat].pop()
                h.rows[seat].insert(0, t)
            else:
                h.known_in[seat] |= 1 << t
            h.t_missed = True
            return
        if kind == "draw":
            if not h.t_missed:
                raise IllegalMove("blind.draw_after_miss", {"player": name})
            if h.t_draws:
                raise IllegalMove("draw.one_per_turn", {"player": name})
            if h.drawable_n <= 0:
                raise IllegalMove("draw.empty", {"player": name})
            h._take(seat, m)
            return
        if kind == "pass":
            if h.t_laid:
                raise IllegalMove("pass.after_lay", {"player": name})
            if not h.t_missed and h.counts[seat] > 0:
                raise IllegalMove("blind.must_turn", {"player": name})
            h.t_passed = True
            h.passes_in_row += 1
            return
        raise IllegalMove("token.syntax", {"token": str(m)})  # pragma: no cover

    def _open_move(self, h: Hand, seat: int, m: Move) -> None:
        name = h.players[seat]
        kind = m.kind
        if kind == "lay":
            if h.t_draws:
                raise IllegalMove("blind.drawn_not_played", {"player": name})
            if h.t_opened and not self.multi_before_open:
                raise IllegalMove("dark.one_tile", {"player": name})
            t = m.tile
            h._source_check(seat, t)
            c = h.resolve(seat, m)
            h.apply_lay(seat, t, c)
            return
        if kind == "draw":
            if h.t_laid:
                raise IllegalMove("draw.after_lay", {"player": name})
            if h.t_draws:
                raise IllegalMove("draw.one_per_turn", {"player": name})
            if h.drawable_n <= 0:
                raise IllegalMove("draw.empty", {"player": name})
            if h.compulsory_playable(seat):
                raise IllegalMove("draw.must_play", {"player": name})
            if m.tile < 0 and h.known[seat] and not h.deal_known:
                # a draw not named at a real table: his open hand is no longer known tile by tile
                h.known_in[seat] = h.hands[seat]
                h.hands[seat] = 0
                h.known[seat] = False
            h._take(seat, m)
            return
        if kind == "pass":
            if h.t_laid:
                raise IllegalMove("pass.after_lay", {"player": name})
            if not h.t_draws and h.compulsory_playable(seat):
                raise IllegalMove("pass.must_play", {"player": name})
            h.t_passed = True
            h.passes_in_row += 1
            return
        raise IllegalMove("blind.no_miss_open", {"player": name})

    def candidate_tokens(self, h: Hand) -> list[str]:
        """Every token that might be legal now (a superset; ``legal_tokens`` keeps the legal)."""
        seat = h.to_move
        toks: list[str] = []
        if h.t_pending_open:
            if h.known[seat]:
                toks.append("open " + " ".join(tile_str(t) for t in h.rows[seat]))
            return toks
        if not h.opened[seat] and not h.t_opened:
            if h.known[seat] and h.rows[seat] and not h.t_missed:
                t = h.rows[seat][-1]
                toks.extend(h.places_for(t) if not h.t_draws else [])
                toks.append(f"miss {tile_str(t)}")
        else:
            for t in tiles_of(h.hands[seat]):
                toks.extend(h.places_for(t))
        if h.deal_known and h.stock > 0:
            toks.extend(f"draw {tile_str(t)}" for t in tiles_of(h.stock))
        else:
            toks.append("draw")
        toks.append("pass")
        return list(dict.fromkeys(toks))

    def legal_tokens_by_trial(self, h: Hand) -> list[str]:
        """The legal tokens found by trying each candidate on a copy (slow; the tests' oracle)."""
        from .base import _legal

        if h.over or h.to_move is None:
            return []
        return [t for t in self.candidate_tokens(h) if _legal(h, t)]

    def legal_tokens(self, h: Hand) -> list[str]:
        if h.over or h.to_move is None:
            return []
        seat = h.to_move
        if h.t_pending_open:
            return self.candidate_tokens(h)
        toks: list[str] = []
        drawable = h.drawable_n > 0
        if not h.opened[seat] and not h.t_opened:
            turning = not h.t_missed and not h.t_draws and (self.multi_before_open or not h.t_laid)
            if turning and h.known[seat] and h.rows[seat]:
                t = h.rows[seat][-1]
                places = h.places_for(t)
                toks.extend(places if places else [f"miss {tile_str(t)}"])
            if h.t_missed and not h.t_draws and drawable:
                toks.extend(draw_tokens(h))
            if not h.t_laid and (h.t_missed or h.counts[seat] == 0):
                toks.append("pass")
            return toks
        if not h.t_draws and not (h.t_opened and not self.multi_before_open):
            for t in tiles_of(h.hands[seat]):
                toks.extend(h.places_for(t))
        if not h.t_laid:
            must = bool(h.compulsory_playable(seat))
            if not h.t_draws and drawable and not must:
                toks.extend(draw_tokens(h))
            if h.t_draws or not must:
                toks.append("pass")
        return toks


@register
class BlindBlitz(Blind):
    name = "blind_blitz"


@register
class Dark(Blind):
    name = "dark"
    multi_before_open = False
    one_tile_rule = "dark.one_tile"


# -- sausage --------------------------------------------------------------------------------------


@register
class Sausage(Variant):
    name = "sausage"
    layout_kind = "sausage"
    doubles = "along"

    def __init__(self, options, players):
        super().__init__(options, players)
        self.draw_rule = "none" if players == 4 else "until"

    def opener_order(self, h):
        return ONE_UP

    def no_opener(self, h):
        h.vs["redeal"] = True
        h.vs["no_double"] = True
        h.finish("redeal", None)

    def winner_leads(self):
        return True

    def setup(self, h, lead, previous_winner, first_hand):
        if not first_hand and previous_winner is not None:
            if not h.deal_known or any(DOUBLE[t] for t in tiles_of(h.hands[previous_winner])):
                h.vs["winner_leads"] = True
                self.fix_leader(h, previous_winner, lead)
                return
        Variant.setup(self, h, lead, None, True)

    def check_lead(self, h, seat, t):
        if h.vs.get("winner_leads"):
            if not DOUBLE[t]:
                raise IllegalMove("lead.double", {"player": h.players[seat]})
            return
        super().check_lead(h, seat, t)

    def lead_cands(self, h, t, seat):
        if not DOUBLE[t]:
            return []
        return [Cand(-1, None, True)]

    def lead_fit(self, h):
        return DOUBLES_MASK

    def lead_refusal(self, h, t):
        return None if DOUBLE[t] else "lead.double"

    def extra_fit(self, h, seat, turn):
        lay = h.layout
        if len(lay.ends) != 2 or min(len(lay.lanes[0]), len(lay.lanes[1])) < 1:
            return 0
        va, vb = lay.ends[0].values[0], lay.ends[1].values[0]
        t = TILE[va][vb]
        return 1 << t if self.extra_cands(h, t, seat, turn) else 0

    def lead(self, h, seat, t, c):
        lay = h.layout
        p = lay.lead(t, True, seat)
        lay.lanes = [[], []]
        return p

    def end_allowed(self, h, e, seat, turn):
        lanes = h.layout.lanes
        if len(lanes[e.arm]) > len(lanes[1 - e.arm]):
            return "sausage.balance"
        return None

    def extra_cands(self, h, t, seat, turn):
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
        if self.o.get("cut_when") == "any" and abs(la - lb) == 1:
            return [Cand(-1, ea.values[0], True, cut=True, give="left"),
                    Cand(-1, ea.values[0], True, cut=True, give="right")]
        return []

    def cut(self, h: Hand, seat: int, t: int, c: Cand) -> Placement:
        lay = h.layout
        la, lb = lay.lanes
        ea = lay.ends[0] if lay.ends[0].arm == 0 else lay.ends[1]
        eb = lay.ends[1] if ea is lay.ends[0] else lay.ends[0]
        va, vb = ea.values[0], eb.values[0]
        if c.give == "":
            piece = la + lb
            dead: list[int] = []
        else:
            k = min(len(la), len(lb))
            short = la[:k] + lb[:k]
            protruding = (la[k:] + lb[k:])
            piece, dead = (short, protruding) if c.give == "left" else (protruding, short)
        prev = (seat - 1) % h.n
        given = 0
        for i in piece:
            p = lay.placed[i]
            p.dead = True
            given |= 1 << p.tile
        lay.mask &= ~given
        for i in dead:
            lay.placed[i].dead = True
        old_root = lay.root
        lay.placed[old_root].dead = True
        # the given tiles leave the table: keep only what stays there
        keep = [p for i, p in enumerate(lay.placed) if i not in set(piece)]
        lay.placed = keep
        for p in lay.placed:
            p.dead = True
        root = Placement(t, None, None, True, -1, -1, seat, cut=True)
        lay.placed.append(root)
        idx = len(lay.placed) - 1
        lay.root = idx
        lay.mask |= 1 << t
        sym = idx if va == vb else -1
        lay.ends = [End(idx, (va,), va, 0, sym=sym), End(idx, (vb,), vb, 1, sym=sym)]
        lay.lanes = [[], []]
        lay.version += 1
        n_given = len(piece)
        h.counts[prev] += n_given
        if h.known[prev]:
            h.hands[prev] |= given
        else:
            h.known_in[prev] |= given
        h.next_seat = prev
        h.vs["cuts"] = h.vs.get("cuts", 0) + 1
        return root

    def token_cut_ok(self) -> bool:
        return True

    def score(self, h):
        if self.o.get("scoring") == "credit":
            return super().score(h)
        sc = super().score(h)
        points = [0] * h.n
        if sc.winner is not None:
            points[sc.winner] = 1
        return HandScore(points, sc.winner, sc.left)


# -- ladder (provisional) -------------------------------------------------------------------------


@register
class Ladder(Variant):
    name = "ladder"
    layout_kind = "ladder"
    doubles = "along"
    draw_rule = "one"
