"""The one formatter of move text (referee.rules.move_words): every form of every kind of move
in Russian and in English, and the doors that say a move (the sheets, the dispute pages, the
table's place buttons, referee check) say it through it."""

from __future__ import annotations

import pathlib
import re

import pytest

from referee.rules.move_words import WORDS, move_words, sentence
from referee.words import both

ROOT = pathlib.Path(__file__).resolve().parents[2]

TOKENS = [
    "pass", "draw", "draw 5-5", "miss 3:1", "open 1:2 3:4 5:6", "6:6", "3:4 along", "3:3 across",
    "0:2>0:0", "5:1>5:5", "1:3>1:2", "0:0>2:6@6", "3:3>2:3 across", "2:5>3:4 across@5",
    "6:1>5:1@1 across@6", "6:6>2:6 down", "4:4 down", "6:5 cut", "4:5 cut give left",
    "4:5 cut give right",
]
LATIN = re.compile(r"[A-Za-z]")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


@pytest.mark.parametrize("token", TOKENS)
def test_every_form_in_both_languages(token):
    ru, en = move_words(token, "ru", previous="Пётр"), move_words(token, "en", previous="Bob")
    assert ru.kind == en.kind != "other"
    for form in ("sentence", "short", "label"):
        assert getattr(ru, form) and getattr(en, form)
    for text in (ru.sentence, ru.short, ru.label, ru.detail):
        assert not LATIN.search(text), text        # tiles are written with digits
    for text in (en.sentence, en.short, en.label, en.detail):
        assert not CYRILLIC.search(text), text


def test_every_phrase_has_both_languages():
    for key, marked in WORDS.items():
        ru, en = both(marked)
        assert CYRILLIC.search(ru) or key == "unread", key
        assert not CYRILLIC.search(en), key


def test_the_forms_say_the_same_move():
    mw = move_words("0:0>2:6@6", "ru")
    assert (mw.tile, mw.target, mw.target_drawn, mw.kind) == ("0:0", "2:6", "2:6", "attach")
    assert mw.sentence == "кладёт 0:0 к 2:6, к половине 6"
    assert (mw.label, mw.detail) == ("дубль, снаружи будет 0", "к 2:6, со стороны 6")
    assert mw.short == "0:0" and move_words("draw 5-5", "ru").short == "взятие 5:5"
    # a sausage cut: the lanes are «ленты» on the button as on the sheet
    cut = move_words("4:5 cut give left", "ru")
    assert "лент" in cut.sentence and "лент" in cut.detail
    assert sentence("nonsense", "en") == "(token not understood)"
    assert move_words("nonsense", "en").label == "nonsense"


def test_the_doors_ask_the_one_formatter():
    """No other module of the app words a move: its phrases, as a string of their own (in quotes),
    live in move_words alone."""
    phrases = [f'"{said}"' for marked in WORDS.values() for said in both(marked)
               if "%(" not in said and len(said) > 8]
    found = []
    for path in list((ROOT / "referee").rglob("*.py")) + list((ROOT / "templates").rglob("*.html")):
        if path.name == "move_words.py":
            continue
        text = path.read_text(encoding="utf-8")
        found += [(path.name, p) for p in phrases if p in text]
    assert found == []
    for door in ("referee/pdf.py", "referee/web/places.py", "referee/web/dispute.py", "referee/cli.py",
                 "referee/web/play.py"):
        assert "move_words" in (ROOT / door).read_text(encoding="utf-8"), door
