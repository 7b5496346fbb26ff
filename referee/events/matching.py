"""Maximum matchings in a general graph (Edmonds' blossom algorithm), for the Swiss pairing of
tables of two units: whether the units not yet seated can still all be paired without a repeat
meeting is whether their graph of allowed meetings has a perfect matching.

Plain Python, O(V³) for a whole matching; the pairing asks it for a few hundred units at most."""

from __future__ import annotations

from collections import deque
from typing import Sequence


class Graph:
    """An undirected graph on vertices 0…n−1 given by adjacency lists, and a matching in it."""

    def __init__(self, adjacency: Sequence[Sequence[int]]):
        self.n = len(adjacency)
        self.adj = [list(a) for a in adjacency]
        self.match = [-1] * self.n
        #: vertices taken out (``take``) are no more part of the graph
        self.alive = [True] * self.n

    def _augment_from(self, root: int) -> bool:
        """Find an augmenting path from the exposed ``root`` and flip it (True), else False."""
        n, adj, match, alive = self.n, self.adj, self.match, self.alive
        used = [False] * n
        parent = [-1] * n
        base = list(range(n))
        used[root] = True
        queue = deque([root])

        def lca(a: int, b: int) -> int:
            seen = [False] * n
            while True:
                a = base[a]
                seen[a] = True
                if match[a] == -1:
                    break
                a = parent[match[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[match[b]]

        def mark_path(v: int, b: int, child: int, blossom: list[bool]) -> None:
            while base[v] != b:
                blossom[base[v]] = blossom[base[match[v]]] = True
                parent[v] = child
                child = match[v]
                v = parent[match[v]]

        while queue:
            v = queue.popleft()
            for to in adj[v]:
                if not alive[to] or base[v] == base[to] or match[v] == to:
                    continue
                if to == root or (match[to] != -1 and parent[match[to]] != -1):
                    cur = lca(v, to)
                    blossom = [False] * n
                    mark_path(v, cur, to, blossom)
                    mark_path(to, cur, v, blossom)
                    for i in range(n):
                        if blossom[base[i]]:
                            base[i] = cur
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if match[to] == -1:
                        # flip the path root … v, to
                        while to != -1:
                            pv = parent[to]
                            ppv = match[pv]
                            match[to] = pv
                            match[pv] = to
                            to = ppv
                        return True
                    used[match[to]] = True
                    queue.append(match[to])
        return False

    def maximum(self) -> list[int]:
        """A maximum matching: ``match[v]`` is v's mate, −1 for an exposed vertex."""
        # a greedy start, then one search from each exposed vertex
        alive = self.alive
        for v in range(self.n):
            if alive[v] and self.match[v] == -1:
                for to in self.adj[v]:
                    if alive[to] and self.match[to] == -1:
                        self.match[v], self.match[to] = to, v
                        break
        for v in range(self.n):
            if alive[v] and self.match[v] == -1:
                self._augment_from(v)
        return self.match

    def perfect(self) -> bool:
        """Whether the matching covers every vertex still in the graph (after ``maximum``)."""
        return all(m != -1 for v, m in enumerate(self.match) if self.alive[v])

    def take(self, u: int, v: int) -> bool:
        """Take ``u`` and ``v`` out as a pair if the rest still has a perfect matching (the
        matching held is perfect: one augmenting search repairs it), else change nothing."""
        match = self.match
        if match[u] == v:
            self.alive[u] = self.alive[v] = False
            match[u] = match[v] = -1
            return True
        saved = list(match)
        a, b = match[u], match[v]
        self.alive[u] = self.alive[v] = False
        match[u] = match[v] = -1
        if a != -1:
            match[a] = -1
        if b != -1:
            match[b] = -1
        if a == -1 or self._augment_from(a):
            return True
        self.match = saved
        self.alive[u] = self.alive[v] = True
        return False


def perfect(n: int, allowed: Sequence[Sequence[int]]) -> bool:
    """Whether the graph on 0…n−1 (``allowed[v]``: v's neighbours) has a perfect matching."""
    if n % 2:
        return False
    return all(m != -1 for m in Graph(allowed).maximum())


def matchable(vertices: Sequence[int], can_meet: Sequence[set[int]] | dict[int, set[int]]) -> bool:
    """Whether ``vertices`` can all be paired, each pair allowed by ``can_meet``."""
    index = {v: i for i, v in enumerate(vertices)}
    adjacency = [[index[w] for w in can_meet[v] if w in index] for v in vertices]
    return perfect(len(vertices), adjacency)
