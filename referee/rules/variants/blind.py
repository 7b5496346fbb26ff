"""The blind variants: blind blitz and in the dark (tiles kept face down in a row)."""

from __future__ import annotations

from typing import NamedTuple

from ..errors import IllegalMove
from ..hand import Hand
from ..notation import Move
from ..tiles import mask_of, tile_str, tiles_of
from .base import Opts, Variant, draw_tokens, highest_tile_key, lowest_tile_key
from .orders import DOUBLES_UP, LIGHTEST
from .registry import register


class Blind(Variant[Opts]):
    blind = True
    multi_before_open = True
    rule_topics = frozenset({"drawing", "blind"})

    def opener(self) -> str:
        """Who leads: "agreed" (by lot or agreement), "lowest_tile", "highest_tile" or
        "double_blank" (0:0, else the lowest double, else the lightest tile)."""
        return "agreed"

    def setup(self, h: Hand, lead: int | None, previous_winner: int | None, first_hand: bool) -> None:
        rule = self.opener()
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

    def check_lead(self, h: Hand, seat: int, t: int) -> None:
        return None

    def multi_lay_now(self, h: Hand, seat: int | None) -> bool:
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

    def _rightmost(self, h: Hand, seat: int, t: int, rule: str = "blind.not_rightmost") -> None:
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
            h.check_source(seat, t)
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
            h.take_drawn(seat, m)
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
            h.check_source(seat, t)
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
            h.take_drawn(seat, m)
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
        if seat is None:
            return toks
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


class BlindBlitzOptions(NamedTuple):
    """The house options of BlindBlitz (typed, by name)."""
    opener: str
    lone_blank: int
    target: int


class BlindBlitz(Blind[BlindBlitzOptions]):
    name = "blind_blitz"

    Options = BlindBlitzOptions

    def opener(self) -> str:
        return self.o.opener


class DarkOptions(NamedTuple):
    """The house options of Dark (typed, by name)."""
    lone_blank: int
    target: int


class Dark(Blind[DarkOptions]):
    name = "dark"
    multi_before_open = False
    one_tile_rule = "dark.one_tile"
    rule_topics = frozenset({"drawing", "blind", "dark"})

    Options = DarkOptions

# registered after the class bodies, not by a decorator: mypyc compiles no decorated
# subclass of a compiled class
register(BlindBlitz)
register(Dark)
