"""``clone`` copies every field of a hand: equal values, nothing that can change shared.

The copy is written out field by field (the look-ahead's hot path), so these tests walk the
fields themselves: every field of the hand, of its layout, of each tile on the table and each
open end, and of its ``vs``. A field added to any of them and forgotten by the copy fails here,
whether the copy leaves it shared (a list the two hands would both change) or leaves it at its
starting value (an int the copy never takes).
"""

from __future__ import annotations

import random

import pytest

from referee.rules import CLONE_RESETS, CLONE_SHARES, Hand, clone
from referee.rules.catalogue import spec
from referee.rules.playout import random_hand, walk
from referee.rules.variants import REGISTRY

#: values that cannot change in place (shared freely)
_IMMUTABLE = (int, float, str, bytes, bool, type(None), frozenset)


def _fields(obj: object) -> list[str]:
    """The names of an object's fields, on either build (a compiled class lists them in
    ``__mypyc_attrs__``, an interpreted one keeps them in ``__slots__`` or ``__dict__``)."""
    names: list[str] = []
    for klass in type(obj).__mro__:
        for name in (getattr(klass, "__mypyc_attrs__", None) or vars(klass).get("__slots__", ())):
            if name not in names and name != "__dict__":
                names.append(name)
    names.extend(k for k in getattr(obj, "__dict__", {}) if k not in names)
    return [k for k in names if hasattr(obj, k)]


def _apart(a: object, b: object, path: str, resets: tuple[str, ...] = ()) -> None:
    """``b`` is a copy of ``a``: the same values all through, no changeable part shared."""
    if isinstance(a, _IMMUTABLE):
        assert a == b, f"{path}: {a!r} copied as {b!r}"
        return
    if isinstance(a, tuple):
        assert a == b, f"{path}: {a!r} copied as {b!r}"       # a tuple (a NamedTuple too)
        for i, (x, y) in enumerate(zip(a, b)):
            _apart(x, y, f"{path}[{i}]")
        return
    if a is b and path.endswith("]") and ".turn_log[" in path and path.endswith("[1]"):
        return                          # a logged turn's moves (never changed once logged)
    assert a is not b, f"{path} is shared by the hand and its copy"
    assert type(a) is type(b), f"{path}: {type(a).__name__} copied as {type(b).__name__}"
    if isinstance(a, list):
        assert len(a) == len(b), f"{path}: {len(a)} items copied as {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            _apart(x, y, f"{path}[{i}]")
        return
    if isinstance(a, dict):
        assert a.keys() == b.keys(), path
        for k in a:
            _apart(a[k], b[k], f"{path}[{k!r}]")
        return
    own_resets = getattr(type(a), "copy_resets", ())
    names = _fields(a)
    assert names, f"{path}: a {type(a).__name__} with no fields to compare"
    for k in names:
        if k in resets or k in own_resets:
            continue
        _apart(getattr(a, k), getattr(b, k), f"{path}.{k}")


def _check_clone(h: Hand, where: str) -> None:
    c = clone(h)
    names = _fields(h)
    assert set(CLONE_SHARES) <= set(names) and set(CLONE_RESETS) <= set(names)
    for k in names:
        if k in CLONE_SHARES:
            assert getattr(c, k) is getattr(h, k), f"{where}: {k} is to be shared"
        elif k not in CLONE_RESETS:
            _apart(getattr(h, k), getattr(c, k), f"{where}: hand.{k}")


CASES = [(name, n) for name in sorted(REGISTRY) for n in (spec(name).min_players, spec(name).max_players)]


@pytest.mark.parametrize("name, n", CASES)
def test_a_clone_has_every_field_and_shares_none_that_changes(name, n):
    rng = random.Random(f"{name}/{n}")
    for hand in range(2):
        h = random_hand(name, n, rng)
        for i, _ in enumerate(walk(h, rng)):
            _check_clone(h, f"{name} n={n} hand {hand} step {i}")
        _check_clone(h, f"{name} n={n} hand {hand} at the end")


def test_the_walk_finds_a_field_the_copy_forgets():
    """The check above fails for a copy that shares a list or drops a value."""
    h = random_hand("muggins", 2, random.Random(1))
    for _ in zip(range(6), walk(h, random.Random(2))):
        pass
    c = clone(h)
    c.scores = h.scores                       # shared: both hands would change it
    with pytest.raises(AssertionError, match="hand.scores is shared"):
        _apart(h.scores, c.scores, "hand.scores")
    c = clone(h)
    c.layout.mask = 0                         # a value the copy did not take
    with pytest.raises(AssertionError, match="layout.mask"):
        _apart(h.layout, c.layout, "hand.layout")
    c = clone(h)
    c.layout.placed[0].dead = not h.layout.placed[0].dead
    with pytest.raises(AssertionError, match=r"layout.placed\[0\].dead"):
        _apart(h.layout, c.layout, "hand.layout")
