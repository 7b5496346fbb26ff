"""Placement tokens in words, for the choice of places on the table page.

The engine names every truly different way to lay a tile as a token (``places_for``):
``5:1>5:5``, ``0:0>2:6@6``, ``3:3>2:3 across``, ``2:5>2:3 across@5``, ``6:6>2:6 down``,
``6:5 cut give left`` … This module only reads those tokens back (no rule is applied here)
so that each choice can be a big button labelled in the player's language.
"""

from __future__ import annotations

import re

from flask import Flask
from flask_babel import gettext as _
from flask_babel import ngettext

PLACE_RE = re.compile(
    r"^(?P<a>[0-6]):(?P<b>[0-6])"
    r"(?:>(?P<ta>[0-6]):(?P<tb>[0-6])(?:@(?P<at>[0-6]))?)?"
    r"(?:\s+(?P<how>across(?:@(?P<out>[0-6]))?|along|down|cut(?:\s+give\s+(?P<give>left|right))?))?$")


def describe(token: str, others=()) -> dict:
    """A placement token as parts to draw: ``tile`` (as laid, the touching half first),
    ``target`` (the tile it goes against, or None), ``words`` (the main label), ``detail``
    (a second, smaller line, or ""; ``others`` are the other tokens offered), ``kind`` (``lead``, ``attach``, ``across``, ``along``,
    ``down``, ``cut``) and ``token`` itself. A token it cannot read keeps the token as words."""
    m = PLACE_RE.match(" ".join(str(token).split()))
    if m is None:
        return {"token": token, "tile": None, "target": None, "target_drawn": None,
                "words": token, "detail": "",
                "kind": "other"}
    a, b = int(m["a"]), int(m["b"])
    target = f"{m['ta']}:{m['tb']}" if m["ta"] is not None else None
    how = m["how"] or ""
    details = []
    if target is not None:
        if m["at"] is not None:
            details.append(_("against %(tile)s, on its %(n)s side", tile=target, n=m["at"]))
        else:
            details.append(_("against %(tile)s", tile=target))
    if how.startswith("cut"):
        kind = "cut"
        if m["give"] == "left":
            words = _("cut: give the left piece")
            details.append(_("the lanes up to the shorter lane's length go to the previous player"))
        elif m["give"] == "right":
            words = _("cut: give the right piece")
            details.append(_("the protruding tile goes to the previous player"))
        else:
            words = _("cut across both lanes")
            details.append(_("the lanes go to the previous player"))
    elif how == "down":
        kind = "down"
        words = _("close the leg (face down)")
    elif how.startswith("across"):
        kind = "across"
        if m["out"] is not None:
            words = _("across, %(n)s facing out", n=m["out"])
        else:
            words = _("across (crosswise)")
    elif how == "along":
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
        p, q = int(m["ta"]), int(m["tb"])
        if m["at"] is not None:
            drawn = f"{q}:{p}" if int(m["at"]) == p and p != q else target
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
