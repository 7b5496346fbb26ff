"""The table: tiles laid, and the open ends (places) where the next tile may go.

One class serves every variant's shape:

* ``line``: two ends; doubles crosswise or in line by the variant;
* ``spinner``: the opening double is a four-way spinner (Sevastopol, spider);
* ``muggins``: a line in which the first double laid becomes a four-way spinner;
* ``sausage``: two parallel lanes from a root laid crosswise; a cut makes a new root;
* ``ladder``: a starting tile from the bazaar; the first tile fixes the one direction.

An :class:`End` names the tile it hangs on (``anchor``), the number(s) it shows (``values``;
two for a crosswise matador under ``both_halves``) and the pips it counts for in-play scoring.
Ends that share a symmetry group (``sym >= 0``) are one place: the free sides of a lone double,
the free arms of a spinner.
"""

from __future__ import annotations

from .tiles import A, B, DOUBLE, tile_str

__all__ = ["Placement", "End", "Layout"]

#: VALUES[n]: the one-number tuple ``(n,)`` an end shows (shared, not rebuilt at every lay)
VALUES: tuple[tuple[int], ...] = tuple((n,) for n in range(7))


class Placement:
    """A tile on the table. ``inner`` touches its parent (None for a root); ``outer`` faces out."""

    __slots__ = ("tile", "inner", "outer", "across", "down", "matador", "parent", "arm", "seat", "dead", "cut")

    def __init__(self, tile: int, inner: int | None, outer: int | None, across: bool, parent: int,
                 arm: int, seat: int, matador: bool = False, down: bool = False, cut: bool = False):
        self.tile = tile
        self.inner = inner
        self.outer = outer
        self.across = across
        self.down = down
        self.matador = matador
        self.parent = parent
        self.arm = arm
        self.seat = seat
        self.dead = False
        self.cut = cut

    def label(self) -> str:
        """The tile as it lies: the half nearer the root first."""
        if self.inner is None:
            return tile_str(self.tile)
        return tile_str(self.tile, self.inner)

    def copy(self) -> "Placement":
        p = Placement(self.tile, self.inner, self.outer, self.across, self.parent, self.arm, self.seat,
                      self.matador, self.down, self.cut)
        p.dead = self.dead
        return p


class End:
    """An open end: where a tile may be laid."""

    __slots__ = ("anchor", "values", "count", "arm", "sym", "spin")

    def __init__(self, anchor: int, values: tuple[int, ...], count: int, arm: int, sym: int = -1,
                 spin: bool = False):
        self.anchor = anchor
        self.values = values
        self.count = count
        self.arm = arm
        self.sym = sym
        self.spin = spin

    def copy(self) -> "End":
        return End(self.anchor, self.values, self.count, self.arm, self.sym, self.spin)

    def key(self) -> tuple[object, ...]:
        """Ends with equal keys are one place."""
        return ("s", self.sym) if self.sym >= 0 else ("e", self.anchor, self.arm, self.values)


class Layout:
    __slots__ = ("kind", "placed", "ends", "mask", "spinner", "spin_started", "version", "lanes", "root", "closed")

    def __init__(self, kind: str):
        self.kind = kind
        self.placed: list[Placement] = []
        self.ends: list[End] = []
        self.mask = 0
        #: bumped at every change (caches of what fits key on it)
        self.version = 0
        self.spinner = -1
        #: how many of the spinner's arms are started (muggins: the side it touches counts)
        self.spin_started = 0
        #: sausage: placement indices of each lane since the root
        self.lanes: list[list[int]] = [[], []]
        self.root = -1
        #: spider: arms closed by a face-down double
        self.closed = [False, False, False, False]

    def copy(self) -> "Layout":
        c = Layout(self.kind)
        c.placed = [p.copy() for p in self.placed]
        c.ends = [e.copy() for e in self.ends]
        c.mask = self.mask
        c.version = self.version
        c.spinner = self.spinner
        c.spin_started = self.spin_started
        c.lanes = [list(self.lanes[0]), list(self.lanes[1])]
        c.root = self.root
        c.closed = list(self.closed)
        return c

    @property
    def empty(self) -> bool:
        return not self.placed

    # -- laying -----------------------------------------------------------------------------

    def lead(self, tile: int, across: bool, seat: int, matador: bool = False,
             shows: tuple[int, ...] | None = None, spinner: bool = False) -> Placement:
        """Lay the first tile (or the ladder's starter, or a sausage root)."""
        a, b = A[tile], B[tile]
        p = Placement(tile, None, None, across, -1, -1, seat, matador=matador)
        self.version += 1
        idx = len(self.placed)
        self.placed.append(p)
        self.mask |= 1 << tile
        self.root = idx
        if spinner:
            self.spinner = idx
            cnt = 0
            self.ends = [End(idx, (a,), cnt, arm, sym=idx, spin=True) for arm in range(4)]
            return p
        if shows is not None:
            # a crosswise matador under both_halves: both ends show both halves
            self.ends = [End(idx, shows, 0, 0, sym=idx), End(idx, shows, 0, 1, sym=idx)]
            return p
        if DOUBLE[tile]:
            cnt = a + b if across else a
            self.ends = [End(idx, (a,), cnt, 0, sym=idx), End(idx, (a,), cnt, 1, sym=idx)]
        else:
            self.ends = [End(idx, (a,), a, 0), End(idx, (b,), b, 1)]
        return p

    def attach(self, end_index: int, tile: int, inner: int | None, across: bool, seat: int,
               matador: bool = False, shows: tuple[int, ...] | None = None) -> Placement:
        """Lay ``tile`` at an open end. ``inner`` is the half that touches (None for a crosswise
        matador, whose shown halves are ``shows``)."""
        end = self.ends[end_index]
        if inner is None:
            outer = None
        else:
            outer = B[tile] if A[tile] == inner else A[tile]
        arm = end.arm
        p = Placement(tile, inner, outer, across, end.anchor, arm, seat, matador)
        self.version += 1
        placed = self.placed
        idx = len(placed)
        placed.append(p)
        self.mask |= 1 << tile
        kind = self.kind
        if kind == "sausage":
            self.lanes[end.arm].append(idx)
        if end.spin:
            self.spin_started += 1
        if kind == "muggins" and self.spinner < 0 and DOUBLE[tile]:
            # the first double becomes a four-way spinner; the side it touches is started
            self.spinner = idx
            d = A[tile]
            p.across = True
            self.spin_started = 1
            new = [End(idx, (d,), 0, a, sym=idx, spin=True) for a in (end.arm, 2, 3)]
            self.ends[end_index:end_index + 1] = new
            return p
        if shows is not None or outer is None:
            new_end = End(idx, shows or (), 0, arm)
        elif across and DOUBLE[tile]:
            new_end = End(idx, VALUES[outer], 2 * outer, arm)
        else:
            new_end = End(idx, VALUES[outer], outer, arm)
        self.ends[end_index] = new_end
        if kind == "ladder" and idx == 1:
            # the first tile against the starter fixes the direction: the other end closes
            self.ends = [new_end]
        return p

    def attach_line(self, end_index: int, tile: int, inner: int | None, across: bool, seat: int) -> int:
        """``attach`` on a ``line`` layout (no matador, ``inner`` given): the end becomes the
        new tile's outer half, in place. Returns the new placement's index."""
        end = self.ends[end_index]
        outer = B[tile] if A[tile] == inner else A[tile]
        placed = self.placed
        idx = len(placed)
        placed.append(Placement(tile, inner, outer, across, end.anchor, end.arm, seat, False, False, False))
        self.version += 1
        self.mask |= 1 << tile
        end.anchor = idx
        end.values = VALUES[outer]
        end.count = 2 * outer if across and DOUBLE[tile] else outer
        end.sym = -1
        return idx

    def close(self, end_index: int, tile: int, seat: int) -> Placement:
        """Spider: a double laid face down closes the leg for good."""
        end = self.ends[end_index]
        p = Placement(tile, A[tile], A[tile], True, end.anchor, end.arm, seat, down=True)
        self.version += 1
        self.placed.append(p)
        self.mask |= 1 << tile
        self.closed[end.arm] = True
        del self.ends[end_index]
        return p

    def cut(self, tile: int, seat: int, give: str) -> tuple[Placement, int]:
        """Sausage: ``tile``, showing both lanes' numbers, is laid crosswise as a new root. The
        piece cut off leaves the table (``give``: "" both lanes, level; "left" the lanes up to
        the shorter one's length, "right" what sticks out beyond it); everything else stays,
        dead. Returns the new root and the tiles of the piece (a mask)."""
        la, lb = self.lanes
        ea = self.ends[0] if self.ends[0].arm == 0 else self.ends[1]
        eb = self.ends[1] if ea is self.ends[0] else self.ends[0]
        va, vb = ea.values[0], eb.values[0]
        if give == "":
            piece = la + lb
        else:
            k = min(len(la), len(lb))
            short = la[:k] + lb[:k]
            protruding = la[k:] + lb[k:]
            piece = short if give == "left" else protruding
        gone = set(piece)
        given = 0
        for i in piece:
            given |= 1 << self.placed[i].tile
        self.mask &= ~given
        # the given tiles leave the table; what stays is dead
        self.placed = [p for i, p in enumerate(self.placed) if i not in gone]
        for p in self.placed:
            p.dead = True
        root = Placement(tile, None, None, True, -1, -1, seat, cut=True)
        self.placed.append(root)
        idx = len(self.placed) - 1
        self.root = idx
        self.mask |= 1 << tile
        sym = idx if va == vb else -1
        self.ends = [End(idx, (va,), va, 0, sym=sym), End(idx, (vb,), vb, 1, sym=sym)]
        self.lanes = [[], []]
        self.version += 1
        return root, given

    # -- counting ---------------------------------------------------------------------------

    def end_count(self) -> int:
        """The in-play count: every open end's pips (crosswise doubles both halves), the
        spinner's halves while fewer than two of its arms are started; a lone tile its total."""
        live = self.placed
        if len(live) == 1:
            t = live[0].tile
            return A[t] + B[t]
        total = 0
        for e in self.ends:
            if not e.spin:
                total += e.count
        if self.spinner >= 0 and self.spin_started < 2:
            total += 2 * A[self.placed[self.spinner].tile]
        return total

    # -- views ------------------------------------------------------------------------------

    def arms(self) -> list[list[int]]:
        """Placement indices per arm/chain from the root outward (for drawing and the record)."""
        chains: dict[int, list[int]] = {}
        for i, p in enumerate(self.placed):
            if i == self.root or p.dead:
                continue
            chains.setdefault(p.arm, []).append(i)
        return [chains[k] for k in sorted(chains)]
