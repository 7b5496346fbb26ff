"""Every rule id the engine or the record reader can raise has words in Russian and English."""

import ast
import re
from pathlib import Path

import pytest

import referee.record
import referee.rules
from referee.rules.errors import IllegalMove
from referee.rules.messages import MESSAGES, message

RULE_ID = re.compile(r"^[a-z_]+\.[a-z_]+$")
NOT_RULES = {"referee.rules", "referee.cli", "result.left"}  # module and field names


def rule_ids_in_source() -> set[str]:
    files = list(Path(referee.rules.__file__).parent.rglob("*.py")) + [Path(referee.record.__file__)]
    found = set()
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and RULE_ID.match(node.value):
                if node.value not in NOT_RULES and not node.value.endswith((".py", ".json")):
                    found.add(node.value)
    return found


def test_the_scan_finds_the_rules():
    ids = rule_ids_in_source()
    assert {"blitz.no_bazaar", "play.ambiguous", "record.token", "sausage.balance"} <= ids


@pytest.mark.parametrize("rule", sorted(rule_ids_in_source()))
def test_every_rule_id_has_words_in_both_languages(rule):
    assert rule in MESSAGES, f"{rule} has no message"
    ru, en = MESSAGES[rule]
    assert ru.strip() and en.strip() and ru != en
    assert re.search("[а-яА-ЯёЁ]", ru), "the Russian text is in Russian"


def test_messages_fill_their_placeholders():
    err = IllegalMove("tile.not_in_hand", {"tile": "5:5", "player": "Всеволод"})
    assert err.message("ru") == "У игрока Всеволод нет кости 5:5."
    assert err.message("en") == "Всеволод does not hold 5:5."
    assert message("no.such_rule", {}, "ru") == "no.such_rule"
