"""What an event's screens read of a match, kept beside its log (``store.match_summaries``).

The director's page and the standings read every table of a round: its hands, its totals, its
winner and, when the hands are confirmed, each hand's verdict. Read from the replay, that is a
replay for every table a worker does not hold. A summary is those values as of the log's
``count`` events and of the match's own fields the replay read (``replay.match_of``), written
by a reader that had to replay (:func:`of`, :func:`put`: the event's screens) and then again
with each change the match service stores, in the change's own transaction (:func:`writer`,
``store.append_all``: only over one stored already, so a match no screen reads has none; a
player's word on a hand, which leaves the play as it is, too: :func:`noted`). It is
never trusted over the log: :func:`valid` takes it only when its count is the log's and it was
read with the match's fields as they are now; anything else is read again.

No Flask: every function is given what it reads.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from . import replay, store
from .fold import Event
from .kept_log import with_last
from .log import verdicts
from .replay import MatchState

Summary = dict[str, Any]


def _of(m: Mapping[str, Any]) -> list[Any]:
    # ``replay.match_of`` as it reads back from the store (its tuples JSON's lists)
    of = replay.match_of(dict(m))
    return [of[0], of[1], list(of[2]), *of[3:]]


def _confirm(m: Mapping[str, Any]) -> bool:
    return bool((m.get("settings") or {}).get("confirm_hands"))


def of(m: Mapping[str, Any], evs: Sequence[dict[str, Any]], state: MatchState) -> Summary:
    """The summary of ``state``, the replay of the log ``evs`` of match ``m``."""
    report = state.report
    hands = report.get("hands") or []
    return {
        "count": len(evs),
        "of": _of(m),
        "confirm": _confirm(m),
        "hands": len(hands),
        "open": bool(hands) and not hands[-1].get("end"),
        # each finished hand's points, in the order the report lists them
        "done": [h["points"] for h in hands if h.get("end")],
        "totals": report.get("totals") or {},
        "winner": report.get("match_winner"),
        "verdicts": {str(i): v["verdict"] for i, v in verdicts(evs).items()} if _confirm(m) else {},
    }


def text(summary: Summary) -> str:
    return json.dumps(summary, ensure_ascii=False, separators=(",", ":"))


#: the summaries read, by their stored text: each screen's load reads every table's, mostly the
#: same as at the last load (at most :data:`_READ`, then all read again); shared, never changed
_read: dict[str, Any] = {}
_READ = 2048  # a thousand tables twice over (a few kB each)


def valid(m: Mapping[str, Any], count: int, stored_count: int | None, data: str | None) -> Summary | None:
    """The stored summary when it is the log's as it is now (``count``: the log's count), else
    None. Read once per text (:data:`_read`): what it gives is shared, not to be changed."""
    if data is None or stored_count != count:
        return None
    got = _read.get(data)
    if got is None:
        try:
            got = json.loads(data)
        except ValueError:
            return None
        if len(_read) >= _READ:
            _read.clear()
        _read[data] = got
    if not isinstance(got, dict) or got.get("count") != count or got.get("of") != _of(m) \
            or got.get("confirm") != _confirm(m):
        return None
    return got


def put(db: Any, m: Mapping[str, Any], summary: Summary, new: bool = True) -> None:
    """Store ``summary`` (``new=False``: only over one stored already, see ``store.put_summary``);
    a failure of the store is logged and changes nothing else (it is a cache)."""
    try:
        store.put_summary(db, m["id"], summary["count"], text(summary), new=new)
    except store.errors():
        logging.getLogger(__name__).exception("match %s: the summary was not stored", m["id"])


def writer(m: Mapping[str, Any], state: MatchState) -> Callable[[list[Event]], str | None]:
    """What ``store.append_all`` writes as the summary in the transaction that stores the last
    changes of ``state``'s log (given them as they will be stored, made before the transaction
    and only when the match has a summary kept): the summary of ``state``, or None when it
    cannot be made (logged: the change is stored all the same, and the summary kept, behind the
    log now, is read again by the next screen)."""
    def text_of(stored: list[Event]) -> str | None:
        try:
            evs = with_last(state.events, stored) if stored else state.events
            return text(of(m, evs, state))
        except Exception:  # noqa: BLE001 - a cache: the change it follows must not fail for it
            logging.getLogger(__name__).exception("match %s: the summary was not made", m["id"])
            return None
    return text_of


def noted(m: Mapping[str, Any], state: MatchState) -> Callable[[list[Event]], str | None]:
    """:func:`writer` for changes that leave the play of ``state`` as it is (a player's word on a
    finished hand, ``confirm``: the match service stores it without a replay): the summary of
    ``state``'s log with them (their verdicts, their count), the hands and totals as they were."""
    def text_of(stored: list[Event]) -> str | None:
        try:
            return text(of(m, state.events + list(stored), state))
        except Exception:  # noqa: BLE001 - a cache: the change it follows must not fail for it
            logging.getLogger(__name__).exception("match %s: the summary was not made", m["id"])
            return None
    return text_of
