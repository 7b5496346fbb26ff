"""The app's proposal for a round (rules brief, "Events"): the round robin's circle, or the Swiss
pairing (also the starting point of a ``free`` round).

The Swiss search fills the tables top-down, each time taking the highest-placed unit that keeps
the table free of repeats, and backtracks wherever the rest of the round could not be completed
so: the proposal is the first repeat-free round in that order. At tables of two units the
question "can the rest still be completed?" is a perfect matching in the graph of meetings still
allowed (``matching``), so the search never backtracks blindly and never misses a repeat-free
round; at tables of three or more units (and rotating partners) it is a depth-first search that
remembers the sets of units it found no completion for, within ``SEARCH_STEPS`` steps."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .matching import Graph
from .model import Event, EventError
from .standings import Units, lines_after, order

#: the depth-first search's budget (units tried) for one stage of a round at tables of three or
#: more units, or of rotating partners; past it the stage counts as failed and the next, looser
#: one is tried (a setting: the two-unit search needs none)
SEARCH_STEPS = 200_000


class _Budget(Exception):
    pass


@dataclass
class History:
    """What rounds 1…N−1 did: who met whom, who partnered whom, the byes."""

    met: list[set[int]]
    partners: list[set[int]]
    byes: list[int]


def history(event: Event, units: Units, before: int) -> History:
    n = len(units)
    h = History([set() for _ in range(n)], [set() for _ in range(n)], [0] * n)
    from .standings import side_units

    for rnd in event.round_list[:before - 1]:
        for table in rnd.tables:
            if table.result is None:
                raise EventError("event.unfinished_round", {}, code=1, round=rnd.number, table=table.number)
            sides = side_units(event, units, table)
            for i, side in enumerate(sides):
                for u in side:
                    for j, other in enumerate(sides):
                        if j == i:
                            h.partners[u].update(x for x in other if x != u)
                        else:
                            h.met[u].update(other)
        for u in units.listed(rnd.byes):
            h.byes[u] += 1
    return h


def withdrawn_by(event: Event, units: Units, number: int) -> set[int]:
    """The units withdrawn before round ``number`` (that round's ``withdrawn`` included)."""
    out: set[int] = set()
    for rnd in event.round_list[:number]:
        out.update(units.listed(rnd.withdrawn))
    return out


def active(event: Event, units: Units, number: int) -> list[int]:
    """The units active in round ``number``, in entry order: joined by then, not withdrawn."""
    gone = withdrawn_by(event, units, number)
    return [u for u, ids in enumerate(units.ids)
            if u not in gone and event.entrant(ids[0]).joined <= number]


def circle(event: Event, units: Units, number: int) -> tuple[list[list[int]], list[int]]:
    """The round robin's round ``number``: its tables (units, the first in the first seat) and byes."""
    n = len(units)
    m = n + n % 2
    ring = list(range(m))
    for _ in range((number - 1) % max(m - 1, 1)):
        ring = [ring[0], ring[-1]] + ring[1:-1]
    gone = withdrawn_by(event, units, number)
    tables: list[list[int]] = []
    byes: list[int] = []
    for k in range(1, m // 2 + 1):
        a, b = ring[k - 1], ring[m - k]
        out_a = a >= n or a in gone
        out_b = b >= n or b in gone
        if out_a and out_b:
            continue
        if out_a or out_b:
            byes.append(b if out_a else a)
            continue
        tables.append([a, b])
    return tables, byes


# -- seats -----------------------------------------------------------------------------------------


def seats_of(event: Event, units: Units, table: list[int], h: History | None) -> list[str]:
    """The seats of a table whose units are given in place order (rules brief, "Seats")."""
    if event.unit == "pair":
        first, second = units.ids[table[0]], units.ids[table[1]]
        return [first[0], second[0], first[1], second[1]]
    ids = [units.ids[u][0] for u in table]
    if not event.rotating:
        return ids
    a, b, c, d = table
    ways: list[tuple[int, ...]] = [(a, b, d, c), (a, b, c, d), (a, c, b, d)]
    if h is not None:
        for strict in (True, False):
            for way in ways:
                if _seating_ok(way, h, strict):
                    return [units.ids[u][0] for u in way]
    return [units.ids[u][0] for u in ways[0]]


def _seating_ok(way: tuple[int, ...], h: History, strict: bool) -> bool:
    """Seats 1+3 against 2+4: no former partners together, and (``strict``) no former opponents against."""
    s1, s2, s3, s4 = way
    if s3 in h.partners[s1] or s4 in h.partners[s2]:
        return False
    if strict:
        for x in (s1, s3):
            for y in (s2, s4):
                if y in h.met[x]:
                    return False
    return True


# -- the Swiss ---------------------------------------------------------------------------------------


def _two_unit_tables(rest: list[int], h: History) -> list[list[int]] | None:
    """The first repeat-free round of two-unit tables in place order, or None if there is none."""
    index = {u: i for i, u in enumerate(rest)}
    adjacency = [[index[v] for v in rest if v != u and v not in h.met[u]] for u in rest]
    g = Graph(adjacency)
    g.maximum()
    if not g.perfect():
        return None
    tables: list[list[int]] = []
    left = list(rest)
    while left:
        u = left[0]
        for v in left[1:]:
            if v not in h.met[u] and g.take(index[u], index[v]):
                tables.append([u, v])
                left.remove(u)
                left.remove(v)
                break
        else:   # pragma: no cover - a perfect matching guarantees a mate
            raise AssertionError("no mate in a perfect matching")
    return tables


#: rotating partners: the ways a group of 2, 3 or 4 players (by position) splits into two sides of
#: at most two, each as (one side, the other)
_SPLITS: dict[int, list[tuple[tuple[int, ...], tuple[int, ...]]]] = {
    n: [(tuple(i for i in range(n) if mask >> i & 1), tuple(i for i in range(n) if not mask >> i & 1))
        for mask in range(1 << n) if mask & 1 and mask.bit_count() <= 2 and n - mask.bit_count() <= 2]
    for n in (2, 3, 4)}


def _split_ok(group: list[int], h: History, strict: bool) -> bool:
    """Rotating partners: ``group`` (2 to 4 players) can be split into two sides of at most two,
    no former partners together and (``strict``) no former opponents against each other."""
    for side, other in _SPLITS[len(group)]:
        if len(side) == 2 and group[side[1]] in h.partners[group[side[0]]]:
            continue
        if len(other) == 2 and group[other[1]] in h.partners[group[other[0]]]:
            continue
        if strict and any(group[j] in h.met[group[i]] for i in side for j in other):
            continue
        return True
    return False


def _search(rest: list[int], k: int, together: Callable[[int, int], bool],
            ok: Callable[[list[int]], bool] | None, budget: int) -> list[list[int]] | None:
    """Tables of ``k`` filled top-down (the highest-placed unit not yet seated, then one unit at a
    time the highest-placed one that may join), backtracking where the rest of the round cannot be
    completed; None when there is no such round (or the budget runs out).

    ``together(a, b)``: a and b may sit at one table at all; ``ok(group)`` (if given): the group so
    far can still be seated. Units are handled as bits of their place in ``rest``; a set of units
    left that was found impossible is remembered, and a branch that leaves a unit with fewer than
    k − 1 possible table-mates is cut at once (neither changes which round is found first)."""
    n = len(rest)
    compat = [sum(1 << j for j in range(n) if j != i and together(rest[i], rest[j])) for i in range(n)]
    failed: set[int] = set()
    steps = 0

    def viable(left: int) -> bool:
        m = left
        while m:
            low = m & -m
            i = low.bit_length() - 1
            if (compat[i] & left).bit_count() < k - 1:
                return False
            m ^= low
        return True

    def complete(left: int) -> list[list[int]] | None:
        if not left:
            return []
        if left in failed:
            return None
        first = (left & -left).bit_length() - 1
        got = extend([first], compat[first] & left, left)
        if got is None:
            failed.add(left)
        return got

    def extend(table: list[int], cands: int, left: int) -> list[list[int]] | None:
        nonlocal steps
        if len(table) == k:
            rest_left = left
            for i in table:
                rest_left &= ~(1 << i)
            if not viable(rest_left):
                return None
            sub = complete(rest_left)
            return None if sub is None else [table] + sub
        need = k - len(table)
        while cands and cands.bit_count() >= need:
            low = cands & -cands
            cands ^= low
            j = low.bit_length() - 1
            steps += 1
            if steps > budget:
                raise _Budget
            joined = table + [j]
            if ok is not None and not ok([rest[i] for i in joined]):
                continue
            got = extend(joined, cands & compat[j], left)
            if got is not None:
                return got
        return None

    try:
        found = complete((1 << n) - 1)
    except _Budget:
        return None
    return None if found is None else [[rest[i] for i in t] for t in found]


def swiss_tables(event: Event, rest: list[int], h: History, budget: int = SEARCH_STEPS) -> list[list[int]]:
    """The tables of a later Swiss round for ``rest`` (the units to seat, in place order)."""
    k = event.units_per_table
    found: list[list[int]] | None = None
    if k == 2:
        found = _two_unit_tables(rest, h)
    elif event.rotating:
        # two who were partners and opponents cannot share a table any more (strictly); with
        # only the partners new, any two may
        found = _search(rest, k, lambda a, b: not (b in h.partners[a] and b in h.met[a]),
                        lambda t: _split_ok(t, h, True), budget)
        if found is None:
            found = _search(rest, k, lambda a, b: True, lambda t: _split_ok(t, h, False), budget)
    else:
        found = _search(rest, k, lambda a, b: b not in h.met[a], None, budget)
    if found is None:
        found = [rest[i:i + k] for i in range(0, len(rest), k)]
    return found


def propose(event: Event, number: int, budget: int = SEARCH_STEPS) -> dict[str, Any]:
    """``referee event pair --json``: round ``number``'s tables and byes, from rounds 1…number−1."""
    units = Units(event)
    h = history(event, units, number)
    act = active(event, units, number)
    k = event.units_per_table
    if event.system == "round_robin":
        tables, byes = circle(event, units, number)
        seated = [seats_of(event, units, t, None) for t in tables]
    elif number == 1:
        leftover = len(act) % k
        byes = act[len(act) - leftover:] if leftover else []
        rest = act[:len(act) - leftover]
        count = len(rest) // k
        tables = [[rest[t + i * count] for i in range(k)] for t in range(count)]
        seated = [seats_of(event, units, t, h) for t in tables]
    else:
        lines = lines_after(event, number - 1, units)
        ranked = [u for u in order(event, lines) if u in set(act)]
        byes = []
        for _ in range(len(ranked) % k):
            fewest = min(h.byes[u] for u in ranked if u not in byes)
            byes.append(next(u for u in reversed(ranked) if u not in byes and h.byes[u] == fewest))
        rest = [u for u in ranked if u not in byes]
        tables = swiss_tables(event, rest, h, budget)
        seated = [seats_of(event, units, t, h) for t in tables]
    return {"round": number,
            "tables": [{"table": i, "seats": s} for i, s in enumerate(seated, 1)],
            "byes": [x for u in byes for x in units.ids[u]]}
