"""What a match's log may hold: one registry of event kinds.

Every change to a match is one event appended to its log (``kind``, ``data``, ``at``). Each kind
is declared once, here, with:

- the shape of its data: each key, whether it is required, its type and its range, checked
  against the match as it stands at that point of the log (the players seated then, the hands
  in force): :func:`check` on every write of the web app and on every change of an imported
  log, so that an import stores nothing the app itself could not have written;
- how the log treats it: ``undoable`` (an undo may take it back), ``lasting`` (kept in force for
  good: an undo passes over it), ``starts_hand``, ``last_only`` (it changes only the last hand:
  the fold goes on from a kept one);
- its fold into the match's hands (``fold``: one of ``referee.matches.fold``'s; None for the
  kinds the fold never reads: an undo and a redo are applied before it, a confirmation is
  read by the audit only);
- its words for the audit (:func:`audit_lines`, the gettext catalogue's words: the caller gives
  its ``gettext``);
- its part of the published JSON Schema (:func:`data_schema`; ``tools/make_schema.py``).

The log reader (``referee.matches.log``), the import, the audit and the schema all read
:data:`KINDS`. Pure Python: no Flask, no database.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee import limits
from referee.matches import fold as folds
from referee.rules.catalogue import VARIANTS
from referee.rules.errors import RuleError


def N_(msgid: str) -> str:
    """Marks a message for the catalogue (``pybabel extract``); translated where it is said."""
    return msgid


Gettext = Callable[[str], str]


class Problem(ValueError):
    """Why an event's data cannot be in a match's log: a catalogue message (``msgid``) and its
    parameters; ``engine``: the record reader's refusal behind it (its words in ru and en)."""

    def __init__(self, msgid: str, engine: RuleError | None = None, **params: Any):
        super().__init__(msgid)
        self.msgid, self.params, self.engine = msgid, params, engine

    def message(self, gettext: Gettext, lang: str) -> str:
        """In words (``gettext``: the catalogue of ``lang``; the engine's refusal in ``lang``)."""
        return message(self, gettext, lang)


@dataclass(frozen=True)
class At:
    """The match as it stands where an event is (or is to be) logged: the players' names then,
    the number of hands in force before it, and a way to the variant object (deal sizes, what
    a hand may hold) made only when a hand is read."""

    players: tuple[str, ...]
    hands: int
    variant: Callable[[], Any] | None = None


# -- the fields -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Field:
    """One key of an event's data: ``check(value, at)`` raises :class:`Problem`; ``schema``: its
    JSON Schema."""

    check: Callable[[str, Any, At], None]
    schema: dict[str, Any]
    required: bool = True


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _hand_number(key: str, value: Any, at: At) -> None:
    if not _whole(value) or not 1 <= value <= at.hands:
        raise Problem(N_("%(key)s must name a hand of the match (it has %(n)d hands at that point)"),
                      key=key, n=at.hands)


def _seat(key: str, value: Any, at: At) -> None:
    if not _whole(value) or not 0 <= value < len(at.players):
        raise Problem(N_("%(key)s must be a seat of the match (from 0 to %(n)d)"), key=key,
                      n=len(at.players) - 1)


def _player(key: str, value: Any, at: At) -> None:
    if not isinstance(value, str) or value not in at.players:
        raise Problem(N_("%(key)s must name a player seated at that point"), key=key)


def _text(key: str, value: Any, at: At) -> None:
    if not isinstance(value, str) or not 1 <= len(value) <= limits.NAME_MAX:
        raise Problem(N_("%(key)s must be a name of 1 to %(n)d characters"), key=key, n=limits.NAME_MAX)


def _new_name(key: str, value: Any, at: At) -> None:
    _text(key, value, at)
    why = limits.name_problem(value)
    if why is not None:
        raise Problem(N_("%(key)s is not a name a player may have"), key=key)


def _flag(key: str, value: Any, at: At) -> None:
    if not isinstance(value, bool):
        raise Problem(N_("%(key)s must be true or false"), key=key)


def _choice(values: Sequence[str]) -> Callable[[str, Any, At], None]:
    def check(key: str, value: Any, at: At) -> None:
        if value not in values:
            raise Problem(N_("%(key)s must be one of: %(values)s"), key=key, values=", ".join(values))

    return check


def _token(key: str, value: Any, at: At) -> None:
    from referee.rules.notation import MAX_TOKEN, parse_move

    if not isinstance(value, str) or not value or len(value) > MAX_TOKEN:
        raise Problem(N_("%(key)s must be a move in the notation"), key=key)
    try:
        parse_move(value)
    except RuleError:
        raise Problem(N_("%(key)s must be a move in the notation"), key=key) from None


def _as_record(raw: dict[str, Any], key: str, at: At, number: int) -> None:
    """``raw`` read as a hand of a game record is read (``referee.record``: players, tiles, the
    deal's size, pips), with the players seated at that point."""
    from referee import record as rec

    if at.variant is None:
        return
    v = at.variant()
    try:
        rec.read_hand(raw, number, list(at.players), v)
    except RuleError as err:
        raise Problem(N_("%(key)s is not as a game record has it: %(why)s"), engine=err, key=key) from None


def _object(key: str, value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise Problem(N_("%(key)s must be an object"), key=key)
    return value


def _left(key: str, value: Any, at: At) -> None:
    _as_record({"left": _object(key, value)}, key, at, max(at.hands, 1))


def _result(key: str, value: Any, at: At) -> None:
    _as_record({"result": _object(key, value)}, key, at, at.hands + 1)


def _hand(key: str, value: Any, at: At) -> None:
    _as_record(_object(key, value), key, at, max(at.hands, 1))


TILE_REF = {"$ref": "#/$defs/tile"}
NAME = {"type": "string", "minLength": 1, "maxLength": limits.NAME_MAX}
VIA = ("edit", "seat")  # the edit link; a seat's own link (its confirm or dispute)
#: the most players a variant seats
MAX_PLAYERS = max(v.max_players for v in VARIANTS.values())
VERDICTS = ("confirmed", "disputed")


def _via() -> Field:
    return Field(_choice(VIA), {"enum": list(VIA), "description": "the link that made it"}, required=False)


# -- the kinds --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Kind:
    """One kind of change a match's log may hold."""

    name: str
    #: what it is, for the schema's description
    about: str
    fields: dict[str, Field] = field(default_factory=dict)
    undoable: bool = False
    lasting: bool = False
    starts_hand: bool = False
    #: it changes only the last hand (or starts a new one): a fold goes on over it
    last_only: bool = False
    #: a check of the data as a whole, after each field's
    whole: Callable[[dict[str, Any], At], None] | None = None
    #: its words in the audit (``data``, ``gettext``) -> lines; None: not in the audit
    audit: Callable[[dict[str, Any], Sequence[str], Gettext], list[str]] | None = None
    #: its fold into the match's hands (``referee.matches.fold``); None: the fold never reads it
    fold: Callable[[folds.Folded, folds.Event], None] | None = None


def _hand_meta(data: dict[str, Any], at: At) -> None:
    """A hand's start: its deal, leader, removed and starter tiles as a record's hand has them."""
    _as_record({k: data[k] for k in ("deal", "lead", "removed", "starter") if k in data}, "data", at,
               at.hands + 1)


def _rename_whole(data: dict[str, Any], at: At) -> None:
    seat = data["seat"]
    if at.players[seat] != data["from"]:
        raise Problem(N_("from must be the name of that seat at that point"))
    others = [p for i, p in enumerate(at.players) if i != seat]
    if limits.names_problem(others + [data["to"]]) is not None:
        raise Problem(N_("to is the name of another player"))


def _correct_words(data: dict[str, Any], players: Sequence[str], _: Gettext) -> list[str]:
    """A correction in words: each field that changed, as it was and as it is."""
    was, now = data.get("was") or {}, data.get("record") or {}
    out: list[str] = []
    if "result" in was or "result" in now:
        rw, rn = was.get("result") or {}, now.get("result") or {}
        if rw.get("out") != rn.get("out"):
            nobody = _("nobody (a block)")
            out.append(_("Who went out: %(was)s → %(now)s") % {"was": rw.get("out") or nobody,
                                                               "now": rn.get("out") or nobody})
        for fld, words in (("left", _("left in hand")), ("scored", _("points during the hand"))):
            a, b = rw.get(fld) or {}, rn.get(fld) or {}
            for p in sorted(set(a) | set(b), key=lambda x: (x not in players, str(x))):
                if a.get(p) != b.get(p):
                    out.append(f"{p}, {words}: {_left_words(a.get(p))} → {_left_words(b.get(p))}")
        if rw.get("maker") != rn.get("maker"):
            out.append(_("Who made the fish: %(was)s → %(now)s") % {"was": rw.get("maker") or "—",
                                                                    "now": rn.get("maker") or "—"})
        return out
    tw, tn = was.get("turns") or [], now.get("turns") or []
    for j in range(max(len(tw), len(tn))):
        a = tw[j] if j < len(tw) else None
        b = tn[j] if j < len(tn) else None
        if a == b:
            continue
        fa = f"{a['player']}: {', '.join(a['moves'])}" if a else "—"
        fb = f"{b['player']}: {', '.join(b['moves'])}" if b else "—"
        out.append(_("Turn %(n)d: %(was)s → %(now)s") % {"n": j + 1, "was": fa, "now": fb})
    la, lb = was.get("left") or {}, now.get("left") or {}
    for p in sorted(set(la) | set(lb), key=str):
        if la.get(p) != lb.get(p):
            out.append(f"{p}, {_('left in hand')}: {_left_words(la.get(p))} → {_left_words(lb.get(p))}")
    return out


def _left_words(left: Any) -> str:
    if left is None:
        return "—"
    text = " ".join(str(t) for t in left) if isinstance(left, list) else str(left)
    return text or "—"


def _rename_words(data: dict[str, Any], players: Sequence[str], _: Gettext) -> list[str]:
    return [_("%(was)s is now called %(now)s") % {"was": data.get("from"), "now": data.get("to")}]


def _confirm_words(data: dict[str, Any], players: Sequence[str], _: Gettext) -> list[str]:
    words = _("confirmed by %(name)s") if data.get("verdict") == "confirmed" else _("disputed by %(name)s")
    return [words % {"name": data.get("by")}]


def _hand_field(check: Callable[[str, Any, At], None], ref: str, required: bool = True) -> Field:
    return Field(check, {"$ref": f"#/$defs/{ref}"}, required)


KINDS: dict[str, Kind] = {k.name: k for k in (
    Kind("hand", "a new hand played move by move (its deal, leader, removed and starter tiles)",
         {"deal": _hand_field(lambda k, v, a: None, "deal", required=False),
          "lead": Field(lambda k, v, a: None, NAME, required=False),
          "removed": Field(lambda k, v, a: None, TILE_REF, required=False),
          "starter": Field(lambda k, v, a: None, TILE_REF, required=False)},
         undoable=True, starts_hand=True, last_only=True, whole=_hand_meta, fold=folds.hand),
    Kind("move", "a move of the hand in play: it joins the player's turn while that turn is open",
         {"player": Field(_player, NAME),
          "token": Field(_token, {"type": "string", "minLength": 1, "maxLength": 80,
                                  "description": "a move token (docs/notation.md)"}),
          "open": Field(_flag, {"type": "boolean"}, required=False)},
         undoable=True, last_only=True, fold=folds.move),
    Kind("end_turn", "closes the open turn (variants with several tiles a turn)", undoable=True,
         last_only=True, fold=folds.end_turn),
    Kind("left", "the tiles (or pips) each player held when the hand ended",
         {"left": _hand_field(_left, "left")}, undoable=True, last_only=True, fold=folds.left),
    Kind("result", "a whole hand entered by its result",
         {"result": _hand_field(_result, "result")}, undoable=True, starts_hand=True, last_only=True,
         fold=folds.result),
    Kind("undo", "cancels the latest undoable change still in force (nothing is deleted)"),
    Kind("redo", "puts back the change the latest undo cancelled, while nothing new was recorded"),
    Kind("correct", "a finished hand corrected: it reads as `record` from here on (`was`: as before)",
         {"hand": Field(_hand_number, {"type": "integer", "minimum": 1, "maximum": limits.MAX_HANDS}),
          "record": _hand_field(_hand, "hand"), "was": _hand_field(_hand, "hand"), "via": _via()},
         undoable=True, audit=_correct_words, fold=folds.correct),
    Kind("rename", "a player renamed; the log keeps who he was",
         {"seat": Field(_seat, {"type": "integer", "minimum": 0, "maximum": MAX_PLAYERS - 1}),
          "from": Field(_text, NAME), "to": Field(_new_name, NAME), "via": _via()},
         lasting=True, whole=_rename_whole, audit=_rename_words, fold=folds.rename),
    Kind("confirm", "an opponent's word on a finished hand (the replay never reads it)",
         {"hand": Field(_hand_number, {"type": "integer", "minimum": 1, "maximum": limits.MAX_HANDS}),
          "by": Field(_player, NAME), "verdict": Field(_choice(VERDICTS), {"enum": list(VERDICTS)}),
          "via": _via()},
         lasting=True, last_only=True, audit=_confirm_words),
)}

#: the kinds an undo may take back, those it passes over, those that make a hand, those after
#: which a fold goes on
UNDOABLE = frozenset(k.name for k in KINDS.values() if k.undoable)
LASTING = frozenset(k.name for k in KINDS.values() if k.lasting)
STARTS_HAND = frozenset(k.name for k in KINDS.values() if k.starts_hand)
LAST_ONLY = frozenset(k.name for k in KINDS.values() if k.last_only)


def check(kind: str, data: Any, at: At) -> None:
    """Raise :class:`Problem` unless ``data`` may be the data of a ``kind`` event logged where
    ``at`` says: every key known, every required one there, each of the type and in the range
    its field says, the whole as the kind says."""
    k = KINDS.get(kind)
    if k is None:
        raise Problem(N_("it is of an unknown kind"))
    if not isinstance(data, dict):
        raise Problem(N_("its data must be an object"))
    for key in data:
        if key not in k.fields:
            raise Problem(N_("%(key)s is not a key of this kind of change"), key=str(key)[:40])
    for key, f in k.fields.items():
        if key not in data:
            if f.required:
                raise Problem(N_("%(key)s is missing"), key=key)
            continue
        f.check(key, data[key], at)
    if k.whole is not None:
        k.whole(data, at)


def data_schema(kind: str) -> dict[str, Any]:
    """The JSON Schema of a ``kind`` event's data (its fields; ``#/$defs/...`` are the record's)."""
    k = KINDS[kind]
    out: dict[str, Any] = {"type": "object", "description": k.about,
                           "properties": {key: f.schema for key, f in k.fields.items()},
                           "additionalProperties": False}
    required = [key for key, f in k.fields.items() if f.required]
    if required:
        out["required"] = required
    return out


def audit_lines(kind: str, data: dict[str, Any], players: Sequence[str], gettext: Gettext) -> list[str] | None:
    """An event in the audit's words, or None when its kind is not in the audit."""
    k = KINDS.get(kind)
    if k is None or k.audit is None:
        return None
    return k.audit(data, players, gettext)


def in_audit() -> frozenset[str]:
    return frozenset(k.name for k in KINDS.values() if k.audit is not None)


# -- a whole log ------------------------------------------------------------------------------------

def correction_chars(events: Iterable[dict[str, Any]]) -> int:
    """The characters of JSON the corrections of a log hold, all together (bounded by
    ``limits.MAX_CORRECTION_CHARS``: a correction holds a whole hand twice)."""
    import json

    return sum(len(json.dumps(e.get("data"), ensure_ascii=False)) for e in events if e.get("kind") == "correct")


def walk(events: Iterable[dict[str, Any]]) -> Iterator[int]:
    """For each event of a log, in order: the number of hands in force before it (every undo
    and redo applied as the log reader applies them)."""
    kept: list[str] = []
    undone: list[tuple[int, str]] = []
    hands = 0
    for e in events:
        kind = e.get("kind")
        yield hands
        if kind == "undo":
            for i in range(len(kept) - 1, -1, -1):
                if kept[i] in UNDOABLE:
                    gone = kept.pop(i)
                    undone.append((i, gone))
                    hands -= gone in STARTS_HAND
                    break
        elif kind == "redo":
            if undone:
                i, back = undone.pop()
                kept.insert(i, back)
                hands += back in STARTS_HAND
        elif kind in UNDOABLE or kind in LASTING:
            kept.append(str(kind))
            hands += kind in STARTS_HAND
            undone.clear()


def names_at_start(final: Sequence[str], events: Sequence[dict[str, Any]]) -> list[str]:
    """The players' names before the log's first change, from their names now and the renames
    (each taken back, latest first); a rename that does not fit raises :class:`Problem` naming
    it (``params['i']``, from 1)."""
    names = list(final)
    for i in range(len(events), 0, -1):
        e = events[i - 1]
        if e.get("kind") != "rename":
            continue
        d = e.get("data")
        d = d if isinstance(d, dict) else {}
        seat = d.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(names) \
                or names[seat] != d.get("to") or not isinstance(d.get("from"), str):
            raise Problem(N_("change %(i)d: the rename does not lead to the record's players"), i=i)
        names[seat] = d["from"]
    return names


def check_log(events: Sequence[dict[str, Any]], players: Sequence[str],
              variant: Callable[[], Any] | None) -> None:
    """Check every event of a log (each ``{"kind", "data"}``) where it stands: the players then
    (``players``: their names now) and the hands in force. Raises :class:`Problem` with ``i``
    (the change's number, from 1) and ``kind`` among its parameters."""
    if correction_chars(events) > limits.MAX_CORRECTION_CHARS:
        raise Problem(N_("its corrections hold more than %(n)d characters"), n=limits.MAX_CORRECTION_CHARS)
    names = names_at_start(players, events)
    for i, (e, hands) in enumerate(zip(events, walk(events)), start=1):
        kind, data = e.get("kind"), e.get("data", {})
        try:
            check(str(kind), data, At(tuple(names), hands, variant))
        except Problem as p:
            raise Problem(N_("change %(i)d (%(kind)s): %(why)s"), engine=None, i=i,
                          kind=str(kind)[:20], why=_Inner(p)) from None
        if kind == "rename":
            names[data["seat"]] = data["to"]


class _Inner:
    """A problem inside another's message: said in the same language when the outer one is."""

    def __init__(self, problem: Problem):
        self.problem = problem

    def __str__(self) -> str:
        return str(self.problem)


def message(problem: Problem, gettext: Gettext, lang: str) -> str:
    """A problem in words, the problem inside it (:func:`check_log`'s) in the same language."""
    params = {k: (message(v.problem, gettext, lang) if isinstance(v, _Inner) else v)
              for k, v in problem.params.items()}
    if problem.engine is not None:
        params["why"] = problem.engine.message(lang)
    return gettext(problem.msgid) % params if params else gettext(problem.msgid)
