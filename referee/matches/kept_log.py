"""A match's log as a kept state holds it: the events before its last hand's start as text, the
rest as events (:class:`KeptLog`). Pure Python: no Flask, no database.

A worker keeps the replay of every match it serves (``states``), and with it the match's log:
about 780 events for a 30-hand match of four players. As a list of dicts that is some 900 objects
the garbage collector walks at every collection of the generation they are in, and about 430 KB,
for events nothing reads again once their hand is over (a page reads the hand in play, a move
the events after the kept ones). A :class:`KeptLog` keeps those of the finished hands as one compressed
``marshal`` text a hand (the ``head``: bytes, kinds and numbers, which the collector does not
track; ``marshal`` writes a hand's events seven times faster than ``json``, and reads back
only what this process wrote) and the
events from the last hand's start on as they are (the ``tail``). It is a sequence of events like
the list it stands for: an event of the head is read back from its bytes when it is asked for
(an undo that reaches into a finished hand, an export), equal to the one kept, not the same
object.

The head also keeps what an undo left in force at its end (``kept``, ``undone``: the places of
its events), so that the changes in force (``log.undo_replayed``) are read from the tail alone
(:func:`in_force`).
"""

from __future__ import annotations

import bisect
import marshal
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias, overload

from . import events as kinds
from .fold import Event

#: an event in force as :func:`undo_fold` keeps it: an event, or the place of one in a head
Item = Any


def undo_fold(kept: list[Item], undone: list[tuple[int, Item]], items: Iterable[Item],
              kind: Callable[[Item], str]) -> None:
    """The undos and redos of ``items`` applied in order to ``kept`` (the events in force) and
    ``undone`` (what a redo may put back: (where it stood among those in force, the event)); an
    undo cancels the latest undoable change in force (renames and words on a hand stay), a redo
    puts back the last one undone while nothing new came after it. ``kind``: an item's kind."""
    for e in items:
        k = kind(e)
        if k == "undo":
            for i in range(len(kept) - 1, -1, -1):
                if kind(kept[i]) in kinds.UNDOABLE:
                    undone.append((i, kept.pop(i)))
                    break
        elif k == "redo":
            if undone:
                # back where it stood: before a rename or a confirmation that came after it (an
                # undo passes over those), so the log in force is again the log before the undo
                i, back = undone.pop()
                kept.insert(i, back)
        elif k in kinds.UNDOABLE or k in kinds.LASTING:
            kept.append(e)
            undone.clear()  # a new change (or a rename) forgets what was undone


@dataclass(frozen=True, slots=True)
class Head:
    """The events of a log's finished hands as text: ``texts`` (a list of events each, in
    order, written by ``marshal`` and compressed), ``ends`` (the events up to the end of each
    text), ``kinds`` (each event's kind)
    and what an undo left in force at the end (``kept``: places of events; ``undone``: (where
    it stood among those in force, its place))."""

    texts: tuple[bytes, ...] = ()
    ends: tuple[int, ...] = ()
    kinds: tuple[str, ...] = ()
    kept: tuple[int, ...] = ()
    undone: tuple[tuple[int, int], ...] = ()

    @property
    def n(self) -> int:
        return len(self.kinds)

    def chunk(self, c: int) -> list[Event]:
        """The events of text ``c`` (the last one read is kept, for the next event asked for:
        shared, never changed, as a list's events are)."""
        global _last
        blob = self.texts[c]
        last = _last
        if last is not None and last[0] is blob:
            return last[1]
        out: list[Event] = marshal.loads(zlib.decompress(blob))
        _last = (blob, out)
        return out

    def event(self, i: int) -> Event:
        c = bisect.bisect_right(self.ends, i)
        return self.chunk(c)[i - (self.ends[c - 1] if c else 0)]

    def events(self) -> Iterator[Event]:
        for c in range(len(self.texts)):
            yield from self.chunk(c)

    def more(self, events: Sequence[Event]) -> Head:
        """This head with ``events`` after it, one text a hand (split where a hand starts)."""
        if not events:
            return self
        texts, ends, n = list(self.texts), list(self.ends), self.n
        start = 0
        for j in range(1, len(events) + 1):
            if j == len(events) or events[j]["kind"] in kinds.STARTS_HAND:
                texts.append(zlib.compress(marshal.dumps(list(events[start:j])), 1))
                n += j - start
                ends.append(n)
                start = j
        more = tuple(kinds.KINDS[e["kind"]].name for e in events)  # (each kind's one str)
        every = self.kinds + more
        first = self.n
        if "undo" in more or "redo" in more:
            kept: list[Item] = list(self.kept)
            undone: list[tuple[int, Item]] = list(self.undone)
            undo_fold(kept, undone, range(first, n), every.__getitem__)
            return Head(tuple(texts), tuple(ends), every, tuple(kept), tuple(undone))
        # no undo nor redo among them: each change is in force, and nothing is left to redo
        # when one came (``undo_fold``, read in one pass)
        added = tuple(i for i, k in enumerate(more, start=first) if k in kinds.UNDOABLE or k in kinds.LASTING)
        return Head(tuple(texts), tuple(ends), every, self.kept + added, () if added else self.undone)


EMPTY = Head()

#: the text a head read last and its events (``Head.chunk``)
_last: tuple[bytes, list[Event]] | None = None


class _ReadAsList(Sequence[Event]):
    """A sequence of events equal to a list (or another such sequence) of the same events."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _ReadAsList | list):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]


class KeptLog(_ReadAsList):
    """A log: its ``head`` (:class:`Head`: the events before the last hand's start, as text) and
    its ``tail`` (the events from there on). Read as the list of its events; ``log + more`` is
    the log with ``more`` after it (the head shared). Never changed once made."""

    __slots__ = ("head", "tail")

    def __init__(self, head: Head, tail: list[Event]):
        self.head = head
        self.tail = tail

    def __len__(self) -> int:
        return self.head.n + len(self.tail)

    @overload
    def __getitem__(self, i: int) -> Event: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[Event]: ...

    def __getitem__(self, i: int | slice) -> Event | Sequence[Event]:
        n = self.head.n
        if isinstance(i, slice):
            start, stop, step = i.indices(len(self))
            if step == 1 and start >= n:
                return self.tail[start - n:stop - n]
            if step == 1 and start == 0 and stop >= n:
                return KeptLog(self.head, self.tail[:stop - n])
            return list(self)[i]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError("the log has no such event")
        return self.tail[i - n] if i >= n else self.head.event(i)

    def __iter__(self) -> Iterator[Event]:
        yield from self.head.events()
        yield from self.tail

    def __add__(self, more: Sequence[Event]) -> KeptLog:
        return KeptLog(self.head, self.tail + list(more))

    def __repr__(self) -> str:
        return f"KeptLog({self.head.n} events as text, {len(self.tail)} more)"

    def with_last(self, stored: Sequence[Event]) -> KeptLog:
        """The log with its last ``len(stored)`` events replaced by ``stored`` (as stored: with
        their ``seq``, time and id)."""
        k = len(stored)
        if k > len(self.tail):
            return settle(list(self)[:len(self) - k] + list(stored))
        return KeptLog(self.head, self.tail[:len(self.tail) - k] + list(stored))


#: a match's log: as read from the store (a list), or as a kept state holds it
Log: TypeAlias = list[Event] | KeptLog


def with_last(log: Log, stored: Sequence[Event]) -> Log:
    """``log`` with its last ``len(stored)`` events replaced by ``stored`` (as stored)."""
    if isinstance(log, KeptLog):
        return log.with_last(stored)
    return log[:len(log) - len(stored)] + list(stored)


def settle(events: Sequence[Event]) -> KeptLog:
    """``events`` as a :class:`KeptLog` whose head holds every event before the last start of a
    hand (a log only grows, so that place only moves on: a head is only ever added to)."""
    head, tail = (events.head, events.tail) if isinstance(events, KeptLog) else (EMPTY, list(events))
    cut = next((j for j in range(len(tail) - 1, 0, -1) if tail[j]["kind"] in kinds.STARTS_HAND), 0)
    if cut == 0:
        return events if isinstance(events, KeptLog) else KeptLog(head, tail)
    return KeptLog(head.more(tail[:cut]), tail[cut:])


class InForce(_ReadAsList):
    """The changes in force of a :class:`KeptLog` (as ``log.effective`` lists them): events, and
    places of events in its head, read from their text when asked for."""

    __slots__ = ("head", "items")

    def __init__(self, head: Head, items: list[Item]):
        self.head = head
        self.items = items

    def __len__(self) -> int:
        return len(self.items)

    def _event(self, item: Item) -> Event:
        return self.head.event(item) if isinstance(item, int) else item

    @overload
    def __getitem__(self, i: int) -> Event: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[Event]: ...

    def __getitem__(self, i: int | slice) -> Event | Sequence[Event]:
        if isinstance(i, slice):
            return [self._event(x) for x in self.items[i]]
        return self._event(self.items[i])

    def __iter__(self) -> Iterator[Event]:
        if any(isinstance(x, int) for x in self.items):
            every = list(self.head.events())
            return iter([every[x] if isinstance(x, int) else x for x in self.items])
        return iter(self.items)

    def __add__(self, more: Sequence[Event]) -> InForce:
        return InForce(self.head, self.items + list(more))

    def __repr__(self) -> str:
        return f"InForce({len(self.items)} changes)"

    def kind(self, i: int) -> str:
        x = self.items[i]
        return self.head.kinds[x] if isinstance(x, int) else x["kind"]


def kinds_of(events: Sequence[Event]) -> Iterator[str]:
    """The kind of each event of a log, in order (a kept log's head's without reading its text)."""
    if isinstance(events, KeptLog):
        yield from events.head.kinds
        events = events.tail
    for e in events:
        yield e["kind"]


def in_force(log: KeptLog) -> tuple[InForce, list[Event]]:
    """``log.undo_replayed`` of a kept log: the changes in force (an :class:`InForce`) and those
    undone that a redo may put back (the head's read from text), from its tail alone."""
    head = log.head
    kept: list[Item] = list(head.kept)
    undone: list[tuple[int, Item]] = list(head.undone)
    undo_fold(kept, undone, log.tail, lambda x: head.kinds[x] if isinstance(x, int) else x["kind"])
    return InForce(head, kept), [head.event(x) if isinstance(x, int) else x for _i, x in undone]
