"""Properties of the proposals over random events (8–40 units, 3–9 rounds, every kind of table),
each round proposed, played with random results and judged before the next: no unit twice in a
round, every active unit seated or given a bye, byes to those with the fewest so far (so at most
once each while anyone active has none), no repeat meeting (nor partnership) where an independent
exhaustive search finds a round without one, round robin schedules complete; and the blossom
matching against brute force."""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import referee.events as ev
from referee.events.matching import Graph, perfect

from .helpers import YARD

KINDS = {
    # name: (variant, seats, options, unit)
    "two": ("traditional", 2, {}, "player"),
    "pairs": ("traditional", 4, YARD, "pair"),
    "rotating": ("traditional", 4, {"teams": "pairs"}, "player"),
    "blitz": ("blitz", 4, {}, "player"),
}
#: the exhaustive searches that judge "no round without a repeat exists" at tables of four
SMALL = 12


def make(kind: str, n: int, rounds: int, system: str, joined: dict[int, int]) -> dict[str, Any]:
    variant, seats, options, unit = KINDS[kind]
    people = n * 2 if unit == "pair" else n
    entrants = [{"id": f"p{i}", "name": f"Игрок {i}"} for i in range(people)]
    for i, r in joined.items():
        for x in ([2 * i, 2 * i + 1] if unit == "pair" else [i]):
            entrants[x]["joined"] = r
    obj: dict[str, Any] = {"format": "referee-event/1", "name": "Свойства",
                           "game": {"variant": variant, "seats": seats, "options": options, "time_limit": 30},
                           "system": system, "unit": unit, "rounds": rounds, "entrants": entrants, "round_list": []}
    if unit == "pair":
        obj["pairs"] = [[f"p{2 * i}", f"p{2 * i + 1}"] for i in range(n)]
    return obj


def result(seats: list[str], teams: bool, rng: random.Random) -> dict[str, Any]:
    if rng.random() < 0.05:
        return {"ended": "forfeit", "absent": [rng.choice(seats)]}
    totals = {x: rng.randrange(0, 6) * 20 for x in seats}
    if teams:
        totals[seats[2]], totals[seats[3]] = totals[seats[0]], totals[seats[1]]
    return {"totals": totals, "ended": "time"}


def two_unit_round_exists(units: list[int], met: dict[int, set[int]]) -> bool:
    """Brute force: can ``units`` all be paired with no two who met?"""
    # every unit met at most rounds − 1 ≤ 8 others: where each may meet at least half of the
    # rest, a repeat-free pairing exists (Dirac: the graph of allowed meetings is Hamiltonian)
    if all(len(units) - 1 - len(met[u] & set(units)) >= len(units) / 2 for u in units):
        return len(units) % 2 == 0
    index = {u: i for i, u in enumerate(units)}
    allowed = [sum(1 << index[w] for w in units if w != u and w not in met[u]) for u in units]

    @lru_cache(maxsize=None)
    def f(mask: int) -> bool:
        if not mask:
            return True
        v = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << v)
        m = allowed[v] & rest
        while m:
            w = m & -m
            if f(rest & ~w):
                return True
            m &= m - 1
        return False

    return f((1 << len(units)) - 1)


def groups_exist(units: list[int], k: int, ok) -> bool:
    """Brute force: can ``units`` be split into tables of ``k`` each passing ``ok``?"""
    @lru_cache(maxsize=None)
    def f(left: tuple[int, ...]) -> bool:
        if not left:
            return True
        first, rest = left[0], left[1:]
        for others in combinations(rest, k - 1):
            group = (first,) + others
            if ok(group) and f(tuple(x for x in rest if x not in others)):
                return True
        return False

    return f(tuple(units))


def rotating_ok(group, met, partners, strict=True) -> bool:
    a, b, c, d = group
    for s1, s3, s2, s4 in ((a, b, c, d), (a, c, b, d), (a, d, b, c)):
        if s3 in partners[s1] or s4 in partners[s2]:
            continue
        if strict and any(y in met[x] for x in (s1, s3) for y in (s2, s4)):
            continue
        return True
    return False


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(sorted(KINDS)), n=st.integers(8, 40), rounds=st.integers(3, 9),
       system=st.sampled_from(["swiss", "swiss", "round_robin"]), seed=st.integers(0, 2**32 - 1))
def test_random_events(kind, n, rounds, system, seed):
    rng = random.Random(seed)
    variant, seats, options, unit = KINDS[kind]
    per_table = 2 if unit == "pair" else seats
    if system == "round_robin" and per_table != 2:
        system = "swiss"
    joined: dict[int, int] = {}
    if system == "round_robin":
        rounds = n - 1 + n % 2
    elif rng.random() < 0.5:
        joined = {rng.randrange(n): rng.randint(2, rounds) for _ in range(rng.randint(1, 3))}
    obj = make(kind, n, rounds, system, joined)
    ids = [tuple(p) for p in obj["pairs"]] if unit == "pair" else [(e["id"],) for e in obj["entrants"]]
    unit_of = {x: u for u, t in enumerate(ids) for x in t}
    met: dict[int, set[int]] = {u: set() for u in range(n)}
    partners: dict[int, set[int]] = {u: set() for u in range(n)}
    byes = [0] * n
    gone: set[int] = set()
    meetings: list[frozenset[int]] = []
    for r in range(1, rounds + 1):
        withdrawn: list[str] = []
        if system != "round_robin" and r > 1 and rng.random() < 0.2:
            u = rng.randrange(n)
            if u not in gone:
                gone.add(u)
                withdrawn = list(ids[u])
        if withdrawn:
            obj["round_list"].append({"round": r, "tables": [], "withdrawn": withdrawn})
        code, out, e = ev.check(obj)
        assert code == 0, out
        got = ev.propose(e, r)
        active = [u for u in range(n) if u not in gone and joined.get(u, 1) <= r]
        seated = [[unit_of[x] for x in t["seats"]] for t in got["tables"]]
        units_at = [list(dict.fromkeys(t)) for t in seated]
        bye_units = list(dict.fromkeys(unit_of[x] for x in got["byes"]))
        flat = [u for t in units_at for u in t] + bye_units
        # no unit twice, every active unit seated or given a bye, nobody else
        assert len(flat) == len(set(flat)) and sorted(flat) == sorted(active), (r, got)
        assert all(len(t) == per_table for t in units_at)
        assert [t["table"] for t in got["tables"]] == list(range(1, len(got["tables"]) + 1))
        if system != "round_robin":
            # the byes: as few as the tables leave over, to those with the fewest byes so far
            assert len(bye_units) == len(active) % per_table
            if bye_units:
                assert max(byes[u] for u in bye_units) <= min((byes[u] for u in active if u not in bye_units),
                                                             default=99)
            # no repeat where a round without one exists (an independent search decides)
            rest = [u for u in active if u not in bye_units]
            if kind in ("two", "pairs"):
                repeats = any(t[1] in met[t[0]] for t in units_at)
                if repeats:
                    assert not two_unit_round_exists(rest, met), (r, got)
            elif len(rest) <= SMALL:
                if kind == "blitz":
                    repeats = any(y in met[x] for t in units_at for x, y in combinations(t, 2))
                    if repeats:
                        assert not groups_exist(rest, 4, lambda g: all(y not in met[x] for x, y in combinations(g, 2)))
                else:
                    sides = [((t[0], t[2]), (t[1], t[3])) for t in seated]
                    repeats = any(b in partners[a] or any(y in met[x] for x in s1 for y in s2)
                                  for s1, s2 in sides for a, b in (s1, s2))
                    if repeats:
                        assert not groups_exist(rest, 4, lambda g: rotating_ok(g, met, partners))
        # play the round
        tables = []
        for t, s in zip(got["tables"], seated):
            tables.append(dict(t, result=result(t["seats"], options.get("teams") == "pairs", rng)))
            side_of = [0, 1, 0, 1] if options.get("teams") == "pairs" else list(range(seats))
            for i, a in enumerate(s):
                for j, b in enumerate(s):
                    if a != b:
                        (partners if side_of[i] == side_of[j] else met)[a].add(b)
        meetings.extend(frozenset(t) for t in units_at if len(t) == 2)
        for u in bye_units:
            byes[u] += 1
        entry = {"round": r, "tables": tables, "byes": got["byes"]}
        if withdrawn:
            entry["withdrawn"] = withdrawn
            obj["round_list"][-1] = entry
        else:
            obj["round_list"].append(entry)
        code, out, _ = ev.check(obj)
        assert code == 0, (r, out)
    if system == "round_robin":
        # the schedule is complete: every two units met exactly once
        assert sorted(map(sorted, set(meetings))) == sorted(map(sorted, map(set, combinations(range(n), 2))))
        assert len(meetings) == len(set(meetings))
    rows = ev.standings(ev.load(obj))
    assert [r["place"] for r in rows] == list(range(1, n + 1))


# -- the matching ---------------------------------------------------------------------------------------

@st.composite
def graphs(draw):
    n = draw(st.integers(0, 11))
    edges = draw(st.sets(st.tuples(st.integers(0, max(n - 1, 0)), st.integers(0, max(n - 1, 0))), max_size=30))
    adj: list[set[int]] = [set() for _ in range(n)]
    for a, b in edges:
        if a != b and n:
            adj[a].add(b)
            adj[b].add(a)
    return [sorted(a) for a in adj]


def brute_maximum(adj) -> int:
    n = len(adj)

    @lru_cache(maxsize=None)
    def f(mask: int) -> int:
        if not mask:
            return 0
        v = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << v)
        best = f(rest)
        for w in adj[v]:
            if rest >> w & 1:
                best = max(best, 1 + f(rest & ~(1 << w)))
        return best

    return f((1 << n) - 1)


@settings(max_examples=300, deadline=None)
@given(adj=graphs())
def test_the_blossom_matching_is_maximum(adj):
    match = Graph(adj).maximum()
    pairs = {frozenset((v, m)) for v, m in enumerate(match) if m != -1}
    assert all(match[m] == v for v, m in enumerate(match) if m != -1)
    assert all(b in adj[a] for a, b in map(tuple, pairs))
    assert len(pairs) == brute_maximum(adj)
    assert perfect(len(adj), adj) == (2 * brute_maximum(adj) == len(adj))


@settings(max_examples=200, deadline=None)
@given(adj=graphs(), data=st.data())
def test_taking_a_pair_out_keeps_the_rest_perfect_exactly_when_it_can(adj, data):
    g = Graph(adj)
    g.maximum()
    if not g.perfect() or not adj:
        return
    u = data.draw(st.integers(0, len(adj) - 1))
    if not adj[u]:
        return
    v = data.draw(st.sampled_from(adj[u]))
    rest = [w for w in range(len(adj)) if w not in (u, v)]
    index = {w: i for i, w in enumerate(rest)}
    sub = [[index[x] for x in adj[w] if x in index] for w in rest]
    assert g.take(u, v) == perfect(len(rest), sub)
    assert g.perfect()
