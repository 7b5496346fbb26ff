"""A move token in words, Russian or English: the one formatter of move text.

Every door that says a move reads it here: the printed hand record and the dispute pages (a
sentence: «кладёт 0:2 к 0:0»), the table page's place buttons (a short label and a second line:
«снаружи будет 1» · «к 5:5»), ``referee check``'s readable report (the refused move in words).
The token is read by the engine's one parser (:func:`referee.rules.notation.parse_move`), each
tile as the token writes it (the touching half first). No rule is applied here.

    >>> move_words("5:1>5:5", "ru").label
    'снаружи будет 1'
    >>> sentence("draw 5-5", "en")
    'draws 5:5 from the bazaar'
"""

from __future__ import annotations

from typing import Callable, Iterable, NamedTuple, Union

from ..words import N_, NC_, say, say_in
from .errors import RuleError
from .notation import Move, parse_move, written_tiles
from .tiles import tile_str

__all__ = ["MoveWords", "move_words", "sentence", "WORDS"]

#: every phrase: an English message of the catalogue (its Russian in the Russian catalogue, said
#: through :mod:`referee.words`, as the engine's refusals are); ``%(…)s`` filled from the token
WORDS: dict[str, Union[str, tuple[str, str]]] = {
    # the sentence (a sheet's row, the dispute step, the command line)
    "unread": N_("(token not understood)"),
    "pass": N_("passes"),
    "draw_unseen": N_("draws a tile from the bazaar (unseen)"),
    "draw_row": N_("draws %(tile)s into his row (not played this turn)"),
    "draw": N_("draws %(tile)s from the bazaar"),
    "miss": N_("turns up %(tile)s: no fit, it goes back to the left"),
    "open": N_("turns up his last tiles: %(tiles)s"),
    "lays": N_("lays %(tile)s"),
    "to_half": N_("against %(target)s, at its half %(at)s"),
    "to": N_("against %(target)s"),
    "crosswise": N_("crosswise"),
    "out_half": N_("half %(out)s facing out"),
    "lengthwise": N_("lengthwise"),
    "face_down": N_("face down, closing the leg"),
    "cut_to": N_("across both lanes: a cut, the piece goes to %(previous)s"),
    "cut_previous": N_("across both lanes: a cut, the piece goes to the previous player"),
    "gives_left": N_("gives the left piece"),
    "gives_right": N_("gives the right piece"),
    # the label of a place button, and its second line
    "l_against_half": N_("against %(target)s, on its %(at)s side"),
    "l_against": N_("against %(target)s"),
    "l_cut_left": N_("cut: give the left piece"),
    "l_cut_left_detail": N_("the lanes up to the shorter lane's length go to the previous player"),
    "l_cut_right": N_("cut: give the right piece"),
    "l_cut_right_detail": N_("the protruding tile goes to the previous player"),
    "l_cut": N_("cut across both lanes"),
    "l_cut_detail": N_("the lanes go to the previous player"),
    # the same with the previous player named (who receives which piece, and what stays)
    "l_cut_left_detail_to": N_("%(previous)s receives the lanes up to the shorter lane's length; the protruding tile stays on the table"),
    "l_cut_right_detail_to": N_("%(previous)s receives the protruding tile; the lanes up to the shorter lane's length stay on the table"),
    "l_cut_detail_to": N_("%(previous)s receives both lanes"),
    "l_down": N_("close the leg (face down)"),
    "l_across_out": N_("across, %(out)s facing out"),
    "l_across": N_("across (crosswise)"),
    "l_along": N_("along (lengthwise)"),
    "l_first": N_("first on the table"),
    "l_face_up": N_("face up: the leg goes on"),
    "l_leaves": N_("leaves %(n)s open"),
    "l_double_leaves": N_("a double: leaves %(n)s open"),
    "l_draw": N_("draw %(tile)s"),
    "l_draw_unseen": N_("draw from the bazaar"),
    "l_pass": NC_("place button", "pass"),
    "l_miss": N_("does not fit"),
    "l_miss_detail": N_("back to the left end of the row"),
    "l_open": N_("turn up the last tiles: %(tiles)s"),
    # the short form (what an undo or a redo names: «Отменено: Всеволод: 6:0.»)
    "s_pass": N_("pass"),
    "s_draw": N_("drew %(tile)s"),
    "s_draw_unseen": N_("drew from the bazaar"),
    "s_miss": N_("%(tile)s does not fit"),
    "s_open": N_("turned up %(tiles)s"),
}


class MoveWords(NamedTuple):
    """One move in words, in the forms the doors need.

    ``sentence``: what the mover does, as a sheet's row says it («кладёт 6:1, к 5:1, к половине 1,
    поперёк»); ``short``: the move in a word or two, after the mover's name (a lay: the tile as
    written, «взятие 5:5», «пропуск»: what an undo names); ``label``: a place button's main words («снаружи будет 1»), ``detail``: its second,
    smaller line (or ""); ``kind``: ``lead``, ``attach``, ``across``, ``along``, ``down``,
    ``cut``, ``draw``, ``pass``, ``miss``, ``open`` or ``other`` (a token that does not read);
    ``tile`` the tile as laid (the touching half first), ``target`` the tile it goes against as
    the token writes it and ``target_drawn`` that tile turned so that the half it touches is
    next to the laid tile (None where there is none); ``token`` itself."""

    token: str
    kind: str
    sentence: str
    short: str
    label: str
    detail: str
    tile: str | None
    target: str | None
    target_drawn: str | None


def _say(key: str, ru: bool, **params: object) -> str:
    marked, lang = WORDS[key], "ru" if ru else "en"
    text = say_in(lang, marked) if isinstance(marked, tuple) else say(lang, marked)
    return text % params


def _blind(variant: str | None) -> bool:
    if variant is None:
        return False
    from .variants.registry import REGISTRY

    cls = REGISTRY.get(variant)
    return bool(cls is not None and cls.blind)


def move_words(token: str, lang: str, *, variant: str | None = None, previous: str | None = None,
               others: Iterable[str] = ()) -> MoveWords:
    """``token`` in words in ``lang`` (``ru``, else English). ``variant`` (its name) and
    ``previous`` (the player before the mover, who gets a sausage cut's piece) make the sentence
    more exact; ``others`` are the other tokens offered with it (a spider double that may also
    close the leg is labelled «лицом вверх»)."""
    ru = lang == "ru"
    text = str(token)
    try:
        mv = parse_move(text)
    except RuleError:
        return MoveWords(text, "other", _say("unread", ru), text, text, "", None, None, None)
    written = written_tiles(text)

    def w(t: int) -> str:
        return written.get(t, tile_str(t))

    if mv.kind != "lay":
        return _not_a_lay(text, mv, ru, w, _blind(variant))
    return _lay(text, mv, ru, w, previous, tuple(str(o) for o in others))


def sentence(token: str, lang: str, variant: str | None = None, previous: str | None = None) -> str:
    """The move as a sentence (a sheet's row, the dispute step, the command line)."""
    return move_words(token, lang, variant=variant, previous=previous).sentence


def _not_a_lay(text: str, mv: Move, ru: bool, w: Callable[[int], str], blind: bool) -> MoveWords:
    if mv.kind == "pass":
        return MoveWords(text, "pass", _say("pass", ru), _say("s_pass", ru), _say("l_pass", ru), "", None, None, None)
    if mv.kind == "draw":
        if mv.tile < 0:
            return MoveWords(text, "draw", _say("draw_unseen", ru), _say("s_draw_unseen", ru), _say("l_draw_unseen", ru),
                             "", None, None, None)
        said = _say("draw_row" if blind else "draw", ru, tile=w(mv.tile))
        return MoveWords(text, "draw", said, _say("s_draw", ru, tile=w(mv.tile)), _say("l_draw", ru, tile=w(mv.tile)), "",
                         w(mv.tile), None, None)
    if mv.kind == "miss":
        return MoveWords(text, "miss", _say("miss", ru, tile=w(mv.tile)), _say("s_miss", ru, tile=w(mv.tile)), _say("l_miss", ru),
                         _say("l_miss_detail", ru), w(mv.tile), None, None)
    tiles = ", ".join(w(t) for t in mv.tiles)
    return MoveWords(text, "open", _say("open", ru, tiles=tiles), _say("s_open", ru, tiles=tiles), _say("l_open", ru, tiles=tiles), "",
                     None, None, None)


def _lay(text: str, mv: Move, ru: bool, w: Callable[[int], str], previous: str | None, others: tuple[str, ...]) -> MoveWords:
    tile = w(mv.tile)
    a, b = (int(x) for x in tile.split(":"))
    target = w(mv.target) if mv.target >= 0 else None
    at = mv.at if mv.at >= 0 else None
    # the sentence
    said = [_say("lays", ru, tile=tile)]
    if target is not None:
        said.append(_say("to_half", ru, target=target, at=at) if at is not None else _say("to", ru, target=target))
    if mv.orient == "across":
        said.append(_say("crosswise", ru))
        if mv.out >= 0:
            said.append(_say("out_half", ru, out=mv.out))
    elif mv.orient == "along":
        said.append(_say("lengthwise", ru))
    if mv.down:
        said.append(_say("face_down", ru))
    if mv.cut:
        said.append(_say("cut_to", ru, previous=previous) if previous else _say("cut_previous", ru))
        if mv.give:
            said.append(_say("gives_" + mv.give, ru))
    words = ", ".join(said) if len(said) > 2 else " ".join(said)
    # the button: its label and its second line
    details = []
    if target is not None:
        details.append(_say("l_against_half", ru, target=target, at=at) if at is not None
                       else _say("l_against", ru, target=target))
    if mv.cut:
        kind = "cut"
        key = {"left": "l_cut_left", "right": "l_cut_right"}.get(mv.give, "l_cut")
        label = _say(key, ru)
        details.append(_say(key + "_detail_to", ru, previous=previous) if previous else _say(key + "_detail", ru))
    elif mv.down:
        kind, label = "down", _say("l_down", ru)
    elif mv.orient == "across":
        kind = "across"
        label = _say("l_across_out", ru, out=mv.out) if mv.out >= 0 else _say("l_across", ru)
    elif mv.orient == "along":
        kind, label = "along", _say("l_along", ru)
    elif target is None:
        kind, label = "lead", _say("l_first", ru)
    else:
        kind = "attach"
        if any(o.startswith(text + " ") and o.endswith(" down") for o in others):
            label = _say("l_face_up", ru)           # spider: the same double may close the leg
        else:
            label = _say("l_leaves", ru, n=b) if a != b else _say("l_double_leaves", ru, n=b)
    if target is None and kind in ("across", "along"):
        details.insert(0, _say("l_first", ru))
    drawn = target
    if target is not None:  # the target drawn with the half the tile touches next to it
        p, q = (int(x) for x in target.split(":"))
        if at is not None:
            drawn = f"{q}:{p}" if at == p and p != q else target
        elif a == p and a != q:
            drawn = f"{q}:{p}"
    return MoveWords(text, kind, words, tile, label, " · ".join(d for d in details if d), tile, target, drawn)
