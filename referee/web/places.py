"""Placement tokens in words, for the choice of places on the table page.

The engine names every truly different way to lay a tile as a token (``places_for``):
``5:1>5:5``, ``0:0>2:6@6``, ``3:3>2:3 across``, ``2:5>2:3 across@5``, ``6:6>2:6 down``,
``6:5 cut give left`` … This module only reads those tokens back (no rule is applied here)
so that each choice can be a big button labelled in the player's language.
"""

from __future__ import annotations

from flask import Flask
from flask_babel import gettext as _

from referee.rules.errors import RuleError
from referee.rules.notation import Move, parse_move, written_tiles
from flask_babel import ngettext

def _lay(token: object) -> Move | None:
    """The token read by the engine's one parser, if it is a lay."""
    try:
        mv = parse_move(token)
    except RuleError:
        return None
    return mv if mv.kind == "lay" else None


def describe(token: str, others=()) -> dict:
    """A placement token as parts to draw: ``tile`` (as laid, the touching half first),
    ``target`` (the tile it goes against, or None), ``words`` (the main label), ``detail``
    (a second, smaller line, or ""; ``others`` are the other tokens offered), ``kind`` (``lead``, ``attach``, ``across``, ``along``,
    ``down``, ``cut``) and ``token`` itself. A token it cannot read keeps the token as words."""
    mv = _lay(token)
    if mv is None:
        return {"token": token, "tile": None, "target": None, "target_drawn": None,
                "words": token, "detail": "",
                "kind": "other"}
    written = written_tiles(token)          # the tiles as the token writes them (touching half first)
    a, b = (int(x) for x in written[mv.tile].split(":"))
    target = written.get(mv.target) if mv.target >= 0 else None
    at = mv.at if mv.at >= 0 else None
    details = []
    if target is not None:
        if at is not None:
            details.append(_("against %(tile)s, on its %(n)s side", tile=target, n=at))
        else:
            details.append(_("against %(tile)s", tile=target))
    if mv.cut:
        kind = "cut"
        if mv.give == "left":
            words = _("cut: give the left piece")
            details.append(_("the lanes up to the shorter lane's length go to the previous player"))
        elif mv.give == "right":
            words = _("cut: give the right piece")
            details.append(_("the protruding tile goes to the previous player"))
        else:
            words = _("cut across both lanes")
            details.append(_("the lanes go to the previous player"))
    elif mv.down:
        kind = "down"
        words = _("close the leg (face down)")
    elif mv.orient == "across":
        kind = "across"
        if mv.out >= 0:
            words = _("across, %(n)s facing out", n=mv.out)
        else:
            words = _("across (crosswise)")
    elif mv.orient == "along":
        kind = "along"
        words = _("along (lengthwise)")
    elif target is None:
        kind = "lead"
        words = _("first on the table")
    else:
        kind = "attach"
        if any(str(o).startswith(token + " ") and str(o).endswith(" down") for o in others):
            words = _("face up: the leg goes on")  # spider: the same double may close the leg
        else:
            words = _("leaves %(n)s open", n=b) if a != b else _("a double: leaves %(n)s open", n=b)
    if target is None and kind in ("across", "along", "lead"):
        details.insert(0, _("first on the table") if kind != "lead" else "")
    drawn = target
    if target is not None:  # the target drawn with the half the tile touches next to it
        p, q = (int(x) for x in target.split(":"))
        if at is not None:
            drawn = f"{q}:{p}" if at == p and p != q else target
        elif a == p and a != q:
            drawn = f"{q}:{p}"
    return {"token": token, "tile": f"{a}:{b}", "target": target, "target_drawn": drawn,
            "words": words,
            "detail": " · ".join(d for d in details if d), "kind": kind}


def points_words(n: int) -> str:
    """The in-play points a lay scores, as a place button shows them (``+10 points``)."""
    sign = "+" if n > 0 else ("−" if n < 0 else "")
    return ngettext("%(points)s point", "%(points)s points", abs(n), points=f"{sign}{abs(n)}")


def init_app(app: Flask) -> None:
    app.jinja_env.globals["describe_place"] = describe
    app.jinja_env.globals["points_words"] = points_words
