"""Words outside a web request (the command line, the printed sheets): the same gettext
catalogue as the pages (``referee/translations``, domain ``messages``), by language code.

A message is its English words with ``%(name)s`` placeholders; ``say(lang, message, **params)``
gives it in ``lang``. A message written down before it is said (in a table of messages) is
marked with ``N_`` so that ``tools/translations.py`` extracts it. Plain standard library: the
engine's commands read it without Flask.
"""

from __future__ import annotations

import gettext as _gettext
from functools import lru_cache
from typing import Mapping, Union

from . import paths

#: the languages the catalogue speaks, Russian first
LANGS = ("ru", "en")

#: a message marked for the catalogue: its English words (``N_``) or (context, words) (``NC_``)
Marked = Union[str, tuple[str, str]]


def pick(lang: str | None) -> str:
    """A language the catalogue speaks: English when asked for, else Russian."""
    return "en" if lang == "en" else "ru"


@lru_cache(maxsize=None)
def catalogue(lang: str) -> _gettext.NullTranslations:
    return _gettext.translation("messages", str(paths.TRANSLATIONS), languages=[pick(lang)], fallback=True)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue; it is said later (``say``)."""
    return message


def say(lang: str | None, message: str, /, **params: object) -> str:
    """``message`` (its English words, the catalogue's id) in ``lang``, placeholders filled."""
    text = catalogue(pick(lang)).gettext(message)
    return text % params if params else text


def say_n(lang: str | None, one: str, many: str, n: int, /, **params: object) -> str:
    """The form of ``one``/``many`` that ``n`` takes in ``lang`` (``%(n)d`` is ``n``)."""
    text = catalogue(pick(lang)).ngettext(one, many, n)
    return text % {"n": n, **params}


def NC_(context: str, message: str) -> tuple[str, str]:
    """Marks ``message`` for the catalogue under ``context`` (where the same English words are
    said otherwise elsewhere); it is said later (``say_in``)."""
    return context, message


def say_in(lang: str | None, marked: tuple[str, str], /, **params: object) -> str:
    """A message marked with ``NC_`` in ``lang``, placeholders filled."""
    context, message = marked
    text = catalogue(pick(lang)).pgettext(context, message)
    return text % params if params else text


def both(marked: Marked, /) -> tuple[str, str]:
    """A message marked with ``N_`` or ``NC_`` in Russian and in English, its placeholders
    unfilled (for a check that every message has its words in each language)."""
    if isinstance(marked, tuple):
        return say_in("ru", marked), say_in("en", marked)
    return say("ru", marked), say("en", marked)


class _Kept(dict[str, object]):
    """Params that leave a placeholder nobody filled as ``{name}``."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def say_marked(lang: str | None, marked: Marked, params: Mapping[str, object], /) -> str:
    """A message marked with ``N_`` or ``NC_`` (a table's entry) in ``lang``, its placeholders
    filled from ``params``; one that ``params`` lacks is left as ``{name}``, not an error (a
    refusal is said even when a caller gave too little)."""
    text = say_in(lang, marked) if isinstance(marked, tuple) else catalogue(pick(lang)).gettext(marked)
    return text % _Kept(params)
