"""`referee check` in words points a refusal at its rule on the rules page."""

import json

from referee.cli import main

from ..conftest import load_record


def test_refusal_in_words_names_the_rule_and_its_page(tmp_path, capsys):
    rec = load_record("seed-blitz-draw.json")
    rec["options"] = {}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(rec, ensure_ascii=False), encoding="utf-8")
    assert main(["check", str(path), "--lang", "en"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[-2].startswith("Broken rule (hand 1, turn 3, «draw 5:5» — draws 5:5 from the bazaar): "
                                "Blitz has no bazaar")
    assert lines[-1] == "The rule on the rules page: /rules/blitz#blitz.no_bazaar"
    assert main(["check", str(path), "--lang", "ru"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[-2].startswith("Нарушение (кон 1, ход 3, «draw 5:5» — берёт из базара 5:5): В блице базара нет")
    assert lines[-1] == "Правило на странице правил: /rules/blitz#blitz.no_bazaar"
