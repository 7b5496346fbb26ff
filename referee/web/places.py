"""Placement tokens in words, for the choice of places on the table page.

The engine names every truly different way to lay a tile as a token (``places_for``):
``5:1>5:5``, ``0:0>2:6@6``, ``3:3>2:3 across``, ``2:5>2:3 across@5``, ``6:6>2:6 down``,
``6:5 cut give left`` … and says each in words (``referee.rules.move_words``, the one
formatter of move text); this module hands those words to the templates in the page's language
so that each choice can be a big button labelled in the player's language.
"""

from __future__ import annotations

from typing import Any, Sequence

from flask import Flask
from flask_babel import ngettext

from referee.rules.move_words import move_words

from .i18n import lang


def describe(token: str, others: Sequence[str] = (), previous: str | None = None) -> dict[str, Any]:
    """A placement token as parts to draw, in the page's language: ``tile`` (as laid, the
    touching half first), ``target`` (the tile it goes against, or None), ``target_drawn`` (that
    tile turned so that the half touched is next to the laid tile), ``words`` (the main label),
    ``detail`` (a second, smaller line, or ""; ``others`` are the other tokens offered),
    ``kind`` (``lead``, ``attach``, ``across``, ``along``, ``down``, ``cut``, ``other``) and
    ``token`` itself; the engine's one formatter of move text says them
    (:mod:`referee.rules.move_words`). A token it cannot read keeps the token as words.
    ``previous``: the player before the mover, named as the one who receives a sausage cut's piece."""
    mw = move_words(token, lang(), others=others, previous=previous)
    return {"token": token, "tile": mw.tile, "target": mw.target, "target_drawn": mw.target_drawn,
            "words": mw.label, "detail": mw.detail, "kind": mw.kind}


def points_words(n: int) -> str:
    """The in-play points a lay scores, as a place button shows them (``+10 points``)."""
    sign = "+" if n > 0 else ("−" if n < 0 else "")
    shown = f"{sign}{abs(n)}"
    return str(ngettext("%(points)s point", "%(points)s points", abs(n), points=shown))


def init_app(app: Flask) -> None:
    app.jinja_env.globals["describe_place"] = describe
    app.jinja_env.globals["points_words"] = points_words
