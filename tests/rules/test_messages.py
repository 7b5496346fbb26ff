"""Every rule id the engine or the record reader can raise has words in Russian and English, both
from the catalogue (an English message id, its Russian in the Russian catalogue); so have a
move's words, the event reader's refusals and reports, the settings' and the command line's own
refusals (argparse's), and the engine's failure."""

import ast
import re
from pathlib import Path

import pytest

import referee.record
import referee.rules
from referee import cli, settings
from referee.matches import replay
from referee.events import messages as events
from referee.rules import move_words
from referee.rules.errors import IllegalMove
from referee.rules.messages import _WHERE, DETAILS, MESSAGES, NAME_REASONS, REASONS, SIZES, message
from referee.words import both

RULE_ID = re.compile(r"^[a-z_]+\.[a-z_]+$")
NOT_RULES = {"referee.rules", "referee.cli", "result.left"}  # module and field names


def rule_ids_in_source() -> set[str]:
    files = list(Path(referee.rules.__file__).parent.rglob("*.py")) + [Path(referee.record.__file__)]
    found = set()
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and RULE_ID.match(node.value):
                if node.value not in NOT_RULES and not node.value.endswith((".py", ".json", ".toml")):
                    found.add(node.value)
    return found


def test_the_scan_finds_the_rules():
    ids = rule_ids_in_source()
    assert {"blitz.no_bazaar", "play.ambiguous", "record.token", "sausage.balance"} <= ids


@pytest.mark.parametrize("rule", sorted(rule_ids_in_source()))
def test_every_rule_id_has_words_in_both_languages(rule):
    assert rule in MESSAGES, f"{rule} has no message"
    ru, en = both(MESSAGES[rule])
    assert ru.strip() and en.strip() and ru != en
    assert re.search("[а-яА-ЯёЁ]", ru), "the Russian text is in Russian"


def _untranslated(tables, translations) -> list[object]:
    """The marked messages of ``tables`` that ``translations`` (a Russian catalogue) leaves in
    English: no Russian entry, so gettext answers with the English id."""
    out = []
    for table in tables:
        for marked in table.values():
            said = translations.pgettext(*marked) if isinstance(marked, tuple) else translations.gettext(marked)
            if said == (marked[1] if isinstance(marked, tuple) else marked) or not re.search("[а-яА-ЯёЁ]", said):
                out.append(marked)
    return out


TABLES = (MESSAGES, REASONS, DETAILS, _WHERE, SIZES, NAME_REASONS, move_words.WORDS, events.MESSAGES, events.DETAILS, events.WHERE,
          events.WORDS, settings.ConfigError.TEXT, {m: m for m in cli.ARGPARSE}, {"failure": replay.FAILURE})


def _russian(drop: str | None = None):
    """The Russian catalogue as the app loads it, compiled from the .po (less ``drop``)."""
    import gettext
    import io

    from babel.messages import mofile, pofile

    po = Path(referee.rules.__file__).parents[1] / "translations" / "ru" / "LC_MESSAGES" / "messages.po"
    with po.open("rb") as f:
        catalog = pofile.read_po(f)
    if drop is not None:
        catalog.delete(drop)
    buf = io.BytesIO()
    mofile.write_mo(buf, catalog)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def test_every_refusal_has_its_russian_in_the_catalogue():
    assert _untranslated(TABLES, _russian()) == []


def test_a_refusal_without_its_russian_is_found():
    dropped = MESSAGES["tile.not_in_hand"]
    assert isinstance(dropped, str)
    assert _untranslated(TABLES, _russian(drop=dropped)) == [dropped]


def test_messages_fill_their_placeholders():
    err = IllegalMove("tile.not_in_hand", {"tile": "5:5", "player": "Всеволод"})
    assert err.message("ru") == "У игрока Всеволод нет кости 5:5."
    assert err.message("en") == "Всеволод does not hold 5:5."
    assert message("no.such_rule", {}, "ru") == "no.such_rule"
