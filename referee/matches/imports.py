"""A game record imported as a match, without Flask: the record read within the limits, checked
by the engine (a record of hands replayed; a record that carries its whole ``log``, as this
app's exports do, read by the registry of event kinds and replayed as the app replays a match),
and only then stored (``MatchService.create``). The web's import page and any tool call
:func:`import_text` with the app's match service; a record refused raises :class:`NotImported`, which says why
in either language and names the rule refused (the page links to its words).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from referee import limits
from referee.rules.errors import RuleError
from referee.words import N_, say

from . import replay
from .log import LogError, read_log, record_to_events, timestamp
from .service import ChangeRefused

if TYPE_CHECKING:
    from . import store
    from .service import MatchService


class NotImported(ChangeRefused):
    """A record that cannot be imported: nothing was stored. :meth:`message` says why in a
    language; ``rule``: the engine's rule refused and ``variant`` the record's game, when a rule
    refused it (a page links to the rule's words)."""

    def __init__(self, words: Callable[[str], str], rule: str | None = None, variant: str = ""):
        super().__init__(rule)
        self._words = words
        self.rule, self.variant = rule, variant

    def message(self, lang: str) -> str:
        return self._words(lang)


def _refused(why: Callable[[str], str], rule: str | None = None, variant: str = "") -> NotImported:
    """«The record was refused: …» with ``why(lang)``."""
    return NotImported(lambda lang: say(lang, "The record was refused: %(why)s", why=why(lang)), rule, variant)


def _plain(message: str) -> NotImported:
    """A refusal said by ``message`` alone (an id of the catalogue)."""
    return NotImported(lambda lang: say(lang, message))


def import_text(service: MatchService, text: str, lang: str | None) -> store.MatchRow:
    """Import the game record ``text`` (JSON) as a match stored by ``service``, the record's
    language or else ``lang``; :class:`NotImported` when it cannot be."""
    from referee.record import RecordError

    too_big = None
    if limits.significant_size(text) > limits.MAX_RECORD_BYTES:  # whitespace is not work
        too_big = "bytes"
    elif limits.json_depth(text) > limits.MAX_DEPTH:  # json.loads would recurse itself to death
        too_big = "depth"
    if too_big is not None:
        raise _refused(replay.refusal(RecordError("record.limit", limits.limit_params(too_big))).message)
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        raise _plain(N_("This is not a game record: it is not valid JSON.")) from None
    if not isinstance(obj, dict):
        raise _plain(N_("This is not a game record: a JSON object is expected."))
    kept_lang = obj.get("lang") if obj.get("lang") in ("ru", "en") else lang
    if "log" in obj:
        return _import_log(service, obj, kept_lang)
    _report, refusal = replay.check_record(obj)
    if refusal is not None:
        found = refusal

        def where(lang: str) -> str:
            if not found.hand:
                return found.message(lang)
            out = say(lang, "Hand %(hand)s", hand=found.hand)
            if found.turn:
                out += ", " + say(lang, "turn %(turn)s", turn=found.turn)
            if found.move:
                out += f" ({found.move})"
            return out + ": " + found.message(lang)
        variant = obj.get("variant")
        raise _refused(where, refusal.rule, variant if isinstance(variant, str) else "")
    try:
        return service.create(obj["variant"], list(obj["players"]), obj.get("options"),
                              log=record_to_events(obj), lang=kept_lang)
    except (KeyError, TypeError, ChangeRefused):
        raise _plain(N_("This is not a game record.")) from None


def _import_log(service: MatchService, obj: dict[str, Any], lang: str | None) -> store.MatchRow:
    """Import a record that carries its whole ``log``: the record is read for form as ``referee
    check`` reads it (names, options, tokens, limits), its log must rebuild its hands, and the
    log is replayed as the app replays a match (an open turn, a hand waiting for the tiles left:
    an export taken at any moment imports again). The match is then stored with every change and
    its time, undone ones included."""
    from referee import record as rec
    from referee.rules import make_variant

    from .service import options_in_force

    try:
        rec.read(obj)
    except RuleError as err:
        raise _refused(replay.refusal(err).message) from None
    rules = make_variant(obj["variant"], len(obj["players"]), obj.get("options") or {})
    try:
        log = read_log(obj, limits.MAX_EVENTS, variant=lambda: rules)
    except LogError as err:
        damaged = err
        raise NotImported(lambda lang: say(lang, "The record was refused: its log of changes is damaged "
                                                 "(%(why)s).",
                                           why=damaged.message(lambda s: say(lang, s), lang))) from None
    options = options_in_force(obj["variant"], len(obj["players"]), obj.get("options"))
    probe = {"variant": obj["variant"], "options": options, "players": list(obj["players"]),
             "created": "2000-01-01", "lang": obj.get("lang")}  # a date: no rule reads it
    state = replay.replay(probe, log)
    if state.error is not None and not (state.error.rule == "left.missing"
                                        and state.error.hand == len(state.hands)):
        raise _refused(state.error.message, state.error.rule, obj["variant"])
    created = obj.get("created")
    try:
        return service.create(obj["variant"], list(obj["players"]), options,
                              log=[(e["kind"], e["data"], e["at"]) for e in log], lang=lang,
                              created=created if timestamp(created) else None)
    except ChangeRefused as err:
        kept = err
        raise _refused(lambda lang: _said(kept, lang)) from None


def _said(err: ChangeRefused, lang: str) -> str:
    """What ``create`` refused, in ``lang``."""
    from .service import Full, Invalid

    if isinstance(err, Invalid):
        return err.message(lang)
    if isinstance(err, Full):
        return say(lang, "A match holds at most %(n)d recorded changes. Export this one and start "
                         "a new match to go on.", n=err.most)
    return str(err)
