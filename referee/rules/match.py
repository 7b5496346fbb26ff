"""The match: each hand's points into totals, and who has won.

Most variants need nothing here but sums and a target (or a limit). Traditional adds the
«Козёл» as Russian tables play it (rules brief, variant 1, "Pairs and the «Козёл»"):

- ``teams=pairs``: four players, partners opposite (seats 0 and 2 against 1 and 3); a pair is one
  unit of the match (one total, one amount hanging), both partners show its figure;
- ``kozel_min``: an amount below it is not written but hangs, and is added to the next one;
- ``eggs`` («яйца»): an equal block writes nothing; its pips are carried and every loser of the
  next hand with a winner adds them to his own amount.

:func:`traditional_score` scores one traditional hand (pairs included); :class:`Match` carries
what passes from hand to hand (totals, what hangs, the eggs) and names the winners.
"""

from __future__ import annotations

from typing import Mapping, NamedTuple, Sequence

__all__ = ["PAIRS", "pairs", "units_of", "partners", "pair_pips", "traditional_winner", "traditional_score",
           "Entry", "Match"]

#: the two pairs by seat: the 1st and 3rd players listed against the 2nd and 4th
PAIRS: tuple[tuple[int, int], tuple[int, int]] = ((0, 2), (1, 3))


def pairs(options: Mapping[str, object]) -> bool:
    """Whether the match is played in pairs."""
    return options.get("teams") == "pairs"


def units_of(options: Mapping[str, object], n: int) -> list[tuple[int, ...]]:
    """The units that keep a total: the two pairs, or each player alone."""
    if pairs(options) and n == 4:
        return [PAIRS[0], PAIRS[1]]
    return [(s,) for s in range(n)]


def partners(options: Mapping[str, object], n: int, seat: int) -> tuple[int, ...]:
    """``seat`` and his partner (pairs), or ``seat`` alone."""
    for seats in units_of(options, n):
        if seat in seats:
            return seats
    return (seat,)


def pair_pips(left: Sequence[int | None]) -> list[int | None]:
    """Each pair's pips (both partners' hands; None where one is unknown)."""
    out: list[int | None] = []
    for a, b in PAIRS:
        x, y = left[a], left[b]
        out.append(None if x is None or y is None else x + y)
    return out


def traditional_winner(options: Mapping[str, object], end: str, out: int | None, maker: int | None,
                       left: Sequence[int | None]) -> int | None:
    """The hand's winner (a seat): who went out; with ``fish_winner=maker`` the maker; on a block
    the single fewest pips, or with pairs the partner with fewer pips (equal: the one listed
    first) of the pair with fewer pips. None: nobody (a tie, or pips still unknown)."""
    if end == "out":
        return out
    if options.get("fish_winner") == "maker":
        return maker
    if any(x is None for x in left):
        return None
    known = [int(x or 0) for x in left]
    if pairs(options) and len(left) == 4:
        pp = [known[a] + known[b] for a, b in PAIRS]
        if pp[0] == pp[1]:
            return None
        a, b = PAIRS[0] if pp[0] < pp[1] else PAIRS[1]
        return a if known[a] <= known[b] else b
    low = min(known)
    who = [s for s, x in enumerate(known) if x == low]
    return who[0] if len(who) == 1 else None


def traditional_score(options: Mapping[str, object], end: str, out: int | None, maker: int | None,
                      left: Sequence[int | None]) -> tuple[list[int], int | None]:
    """(points per seat, winner) of a finished traditional hand (``end`` ``out`` or ``block``),
    before anything that passes from hand to hand (what hangs, the eggs: :class:`Match`).

    Credit: the winner (with pairs, both partners) is credited the others' pips (the other
    pair's), less his own (his pair's) on a block won by fewer pips. Kozel: each loser (the
    losing pair, both partners showing its amount) records his own pips; the winners nothing;
    an equal block: everyone (each pair) records his own, or with ``eggs=yes`` nobody.
    """
    n = len(left)
    w = traditional_winner(options, end, out, maker, left)
    units = units_of(options, n)
    unit_of = {s: u for u, seats in enumerate(units) for s in seats}
    pips = [sum(int(left[s] or 0) for s in seats) for seats in units]
    up = [0] * len(units)
    if options.get("scoring") == "kozel":
        if w is None and options.get("eggs") == "yes":
            pass                          # «яйца»: nothing written, the pips carried (Match)
        else:
            for u in range(len(units)):
                if w is None or unit_of[w] != u:
                    up[u] = pips[u]
    elif w is not None:
        wu = unit_of[w]
        up[wu] = sum(x for u, x in enumerate(pips) if u != wu)
        if end == "block" and options.get("fish_winner") != "maker":
            up[wu] -= pips[wu]
    return [up[unit_of[s]] for s in range(n)], w


class Entry(NamedTuple):
    """What the scoresheet writes for one hand: ``points`` per seat (after what hangs and the
    eggs), ``hanging`` per seat after the hand, ``eggs``: the amount carried out of this hand
    (an equal block with eggs), else None."""

    points: list[int]
    hanging: list[int]
    eggs: int | None


class Match:
    """Totals, what hangs and the eggs from hand to hand; the match's winners.

    ``kind``: ``credit`` (the highest total at or over the target wins), ``penalty`` (once a
    total reaches the limit the lowest wins) or ``wins``; ``goal``: the target or limit (None:
    open-ended).
    """

    def __init__(self, options: Mapping[str, object], n: int, kind: str, goal: int | None):
        self.n = n
        self.kind = kind
        self.goal = goal
        self.units = units_of(options, n)
        self.unit_of = [0] * n
        for u, seats in enumerate(self.units):
            for s in seats:
                self.unit_of[s] = u
        m = options.get("kozel_min")
        self.minimum = m if isinstance(m, int) else 0
        self.eggs_on = options.get("eggs") == "yes"
        self.carrying = self.minimum > 0 or self.eggs_on
        self.totals = [0] * len(self.units)
        self.hanging = [0] * len(self.units)
        self.carry = 0

    @property
    def teams(self) -> bool:
        return len(self.units) == 2 and len(self.units[0]) == 2

    def seat_totals(self) -> list[int]:
        return [self.totals[self.unit_of[s]] for s in range(self.n)]

    def add(self, points: Sequence[int], end: str | None, winner: int | None,
            left: Sequence[int | None]) -> Entry:
        """Take one hand: ``points`` per seat as the hand scored them (both partners showing
        their pair's figure), its ``end`` (``out``, ``block``, ``result``, ``redeal`` or None while
        unfinished), its winner and the pips left."""
        up = [int(points[seats[0]]) for seats in self.units]
        eggs: int | None = None
        if self.carrying and end in ("out", "block", "result"):
            if winner is None and self.eggs_on:
                # an equal block: nothing written, every pip left carried («яйца»)
                self.carry += sum(int(x or 0) for x in left)
                eggs = self.carry
                up = [0] * len(self.units)
            else:
                carried = 0
                if winner is not None:
                    carried, self.carry = self.carry, 0
                wu = self.unit_of[winner] if winner is not None else -1
                for u in range(len(self.units)):
                    if u == wu:
                        up[u] = 0
                        continue
                    amount = self.hanging[u] + up[u] + carried
                    if amount < self.minimum:
                        self.hanging[u], up[u] = amount, 0
                    else:
                        self.hanging[u], up[u] = 0, amount
        for u, x in enumerate(up):
            self.totals[u] += x
        return Entry([up[self.unit_of[s]] for s in range(self.n)],
                     [self.hanging[self.unit_of[s]] for s in range(self.n)], eggs)

    def winners(self) -> list[int] | None:
        """The seats that have won the match (a pair: both partners, in seating order), or None
        while it goes on (the goal not reached, or a tie at the top)."""
        if self.goal is None or not self.totals or max(self.totals) < self.goal:
            return None
        best = min(self.totals) if self.kind == "penalty" else max(self.totals)
        who = [u for u, x in enumerate(self.totals) if x == best]
        if len(who) != 1:
            return None
        return list(self.units[who[0]])

    def goats(self) -> list[int]:
        """Kozel (penalty) scoring, once decided: the seats whose total reached the limit."""
        if self.kind != "penalty" or self.goal is None or self.winners() is None:
            return []
        return [s for s in range(self.n) if self.totals[self.unit_of[s]] >= self.goal]

    def dry(self) -> bool:
        """Decided with the winners' total 0 (a «сухой» win: nothing written against them)."""
        w = self.winners()
        return w is not None and self.kind == "penalty" and self.totals[self.unit_of[w[0]]] == 0
