"""What one match or record may hold, and the checks of names and numbers shared by the setup
form, the import and the command line. Pure Python: no Flask, no database.

Every figure here bounds the work of one request: a match never holds more than
``MAX_HANDS`` hands or ``MAX_EVENTS`` logged changes, a record never more than
``MAX_RECORD_BYTES`` bytes nested ``MAX_DEPTH`` deep, so that replaying a match (which every
page does) and printing its scoresheet stay well under a second. ``docs/reliability.md`` gives
the measured figures.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from itertools import accumulate

from .rules.messages import message

#: a record's text, as pasted or uploaded, in characters that are not whitespace between JSON
#: values (:func:`significant_size`: an export indented or not is the same size). It bounds
#: nothing the limits below do not bound already: it is sized so that every export the app
#: can make fits, at the limits below. A change's data is bounded by its fields (a name of
#: NAME_MAX characters, a move of 80, a deal of 28 tiles, pips of 4 digits): at most about 600
#: characters with its time, so MAX_EVENTS changes take at most 2.4 million; the hands the log
#: rebuilds, at most 0.6 million; the corrections (two hands each) at most
#: MAX_CORRECTION_CHARS. The request limit (MAX_CONTENT_LENGTH) is twice this: whitespace.
MAX_RECORD_BYTES = 4_000_000
#: the data of a match's corrections, in characters of JSON, all of them together (a
#: correction holds the hand twice, as it was and as it is: without this bound a match's log,
#: and so its export, would have no size a record may be refused above)
MAX_CORRECTION_CHARS = 500_000
#: JSON nesting: a record needs 5 levels (record, hands, hand, turns, turn, moves)
MAX_DEPTH = 10
#: hands in one match (a club match to 101 takes 5 to 30): WeasyPrint spends about 4 ms of
#: CPU on each row of the scoresheet, so 60 hands print in about 0.3 s (tools/limits_bench.py)
MAX_HANDS = 60
#: turns in one hand, and moves in one turn (28 tiles, the draws and passes fit easily)
MAX_TURNS = 200
MAX_MOVES = 60
#: changes logged for one match (every move, hand, undo ...): the replay of every page reads them all
MAX_EVENTS = 4000
#: a player's name, in characters, as the setup form has always said
NAME_MAX = 24

_ASCII_NUMBER = re.compile(r"[0-9]+")
_ASCII_SIGNED = re.compile(r"-?[0-9]+")


def whole_number(text: str, digits: int, signed: bool = False) -> int | None:
    """``text`` as a whole number written in ASCII digits (at most ``digits`` of them), else None.

    ``str.isdigit()`` is true for ``²`` or ``٣``, which ``int()`` refuses or reads as
    another digit; only 0-9 are taken here."""
    if not isinstance(text, str):
        return None
    body = text[1:] if signed and text.startswith("-") else text
    if not 1 <= len(body) <= digits or not (_ASCII_SIGNED if signed else _ASCII_NUMBER).fullmatch(text):
        return None
    return int(text)


#: a JSON string from its opening quote to its closing one (escapes skipped; an unclosed one,
#: or one whose last character is a lone backslash, to the end of the text)
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
#: every character but a bracket
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_BRACKET_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


_WHITESPACE = re.compile(r"[ \t\n\r]+")


def significant_size(text: str) -> int:
    """The characters of a JSON text that are not whitespace between its values (strings
    kept whole): what :data:`MAX_RECORD_BYTES` bounds, the same for a record indented or not."""
    outside = _JSON_STRING.sub("", text)
    return len(text) - sum(map(len, _WHITESPACE.findall(outside)))


def json_depth(text: str) -> int:
    """How deep the brackets of a JSON text nest (strings skipped), without recursion.

    ``json.loads`` recurses once per level and raises RecursionError near 1,000 levels; this
    is asked first, so a deep text is refused before it is parsed. (The strings and all but the
    brackets are taken out by regular expressions, the running depth summed by ``accumulate``:
    no Python loop over the characters of a record.)"""
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    return max(0, max(accumulate(map(_BRACKET_STEP.__getitem__, brackets)), default=0))


def object_depth(obj: object) -> int:
    """How deep a parsed JSON value nests (lists and objects), without recursion: read a level at
    a time, only its lists and objects walked (a record is mostly strings and numbers)."""
    level = 0
    containers = [obj] if isinstance(obj, (dict, list)) else []
    while containers:
        level += 1
        if level > MAX_DEPTH + 1:
            return level  # deep enough to refuse: the rest need not be walked
        values: list[object] = []
        for c in containers:
            values.extend(c.values() if isinstance(c, dict) else c)
        containers = [x for x in values if isinstance(x, (dict, list))]
    return level


#: the greatest size of a record, by what is counted (``record.limit``'s ``size`` param)
SIZES = {"bytes": MAX_RECORD_BYTES, "depth": MAX_DEPTH, "hands": MAX_HANDS, "turns": MAX_TURNS,
         "moves": MAX_MOVES, "events": MAX_EVENTS}


def limit_params(kind: str) -> dict[str, object]:
    """The parameters of the ``record.limit`` message for one limit (its words:
    ``referee.rules.messages.SIZES``)."""
    return {"size": kind, "most": SIZES[kind]}


# -- names -----------------------------------------------------------------------------------------

#: characters a name cannot hold: bidirectional overrides and isolates (they turn the text
#: around it backwards), zero-width and other invisible format characters
_BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")


def name_problem(name: object) -> str | None:
    """Why a player's name is refused (``empty``, ``long``, ``control``, ``bidi``,
    ``invisible``), or None. The name is taken as given: callers strip it first."""
    if not isinstance(name, str) or not name.strip():
        return "empty"
    if len(name) > NAME_MAX:
        return "long"
    for c in name:
        if c in _BIDI:
            return "bidi"
        cat = unicodedata.category(c)
        if cat in ("Cc", "Zl", "Zp"):
            return "control"
        if cat in ("Cf", "Cs", "Co", "Cn"):
            return "invisible"
    if name != name.strip():
        return "space"
    return None


def name_key(name: str) -> str:
    """What two names are compared by: case, width and compatibility forms folded, spaces
    squeezed (so «Анна», «АННА» and «Ａнна» are one player)."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return " ".join(folded.split())


def names_problem(names: Sequence[object]) -> tuple[str, str] | None:
    """(why, the name) for the first name refused, or for a name used twice (``twice``); None
    when every name may be seated."""
    seen: set[str] = set()
    for name in names:
        why = name_problem(name)
        if why is not None:
            return why, str(name)[:NAME_MAX * 2]
        key = name_key(str(name))
        if key in seen:
            return "twice", str(name)
        seen.add(key)
    return None


def shown_name(name: object) -> str:
    """A name as it may be printed in a message: control and invisible characters shown as �."""
    return "".join(c if unicodedata.category(c)[0] != "C" and c not in _BIDI else "\ufffd"
                   for c in str(name)[:NAME_MAX + 8])


def name_params(why: str, name: object) -> dict[str, object]:
    """The parameters of the ``record.player_name`` message (why in words:
    ``referee.rules.messages.NAME_REASONS``)."""
    return {"name": shown_name(name), "name_why": why, "most": NAME_MAX}


def name_words(why: str, name: object, lang: str) -> str:
    """The refusal of a name in words (``lang`` ``ru`` or ``en``): the words of the
    ``record.player_name`` rule, so the form, the import and the command line say the same."""
    return message("record.player_name", name_params(why, name), lang)
