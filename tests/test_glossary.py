"""The glossary (docs/glossary.md) names each thing once: no word it forbids appears where a
reader meets words (the catalogues, the strings of referee/ other than docstrings and the
sources' quotations, the variants' words files and the shared ones, the templates)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from babel.messages import pofile

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "docs" / "glossary.md"
TRANSLATIONS = ROOT / "referee" / "translations"
#: the sources' own words, quoted as they are
QUOTES = {ROOT / "referee" / "sources.py"}


def _split(cell: str) -> list[str]:
    return [w.strip() for w in cell.split(";") if w.strip()]


def terms() -> list[dict]:
    """The glossary's rows: ru, en, the words forbidden in each language, the names kept."""
    rows = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 6 or cells[0] in ("Russian", "") or set(cells[0]) <= {"-"}:
            continue
        rows.append({"ru": cells[0], "en": cells[1], "not_ru": _split(cells[2]),
                     "not_en": _split(cells[3]), "kept": _split(cells[4])})
    return rows


def _forbidden(word: str) -> re.Pattern[str]:
    """``word`` at the start of a word, any case, any ending."""
    return re.compile(r"(?<![^\W\d_])" + re.escape(word), re.IGNORECASE)


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            out.add(id(body[0].value))
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            out.add(id(node.value))  # attribute docstrings and bare strings
    return out


def _quoted(tree: ast.AST) -> set[int]:
    """The strings inside ``Q(...)``: a source's own words."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Q":
            out.update(id(n) for n in ast.walk(node))
    return out


def texts() -> list[tuple[str, str]]:
    """(where, words) for every place a reader meets words."""
    out: list[tuple[str, str]] = []
    for lang in ("ru", "en"):
        po = TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po"
        with po.open("rb") as f:
            catalog = pofile.read_po(f)
        for m in catalog:
            if not m.id:
                continue
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            where = f"{lang}/messages.po {ids[0]!r}"
            out += [(where, s) for s in strings if s]
            if lang == "en":
                out += [(where, s) for s in ids]
    for path in sorted((ROOT / "referee").rglob("*.py")):
        if path in QUOTES:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _docstrings(tree) | _quoted(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
                out.append((f"{path.relative_to(ROOT)}:{node.lineno}", node.value))
    import tomllib

    for path in sorted((ROOT / "referee" / "rules" / "variants" / "words").glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for rule in data.get("rule", []):   # its quotations are the sources' words
            out += [(f"{path.name} {rule['id']}", rule[lang]) for lang in ("ru", "en")]
        for key, option in data.get("option", {}).items():
            for text in option.get("title", []) + [t for v in option.get("values", {}).values()
                                                   for t in v.get("label", []) + v.get("text", [])]:
                out.append((f"{path.name} option {key}", text))
        for name, preset in data.get("preset", {}).items():
            out += [(f"{path.name} preset {name}", t) for t in preset["title"] + preset["text"]]
        out += [(f"{path.name} sheet", t) for t in data.get("sheet", {}).get("scoring", [])]
    from referee.rules import prose

    shared = prose.shared()      # the words every variant shares (words/shared/); not the quotes
    for name, table in (("section", shared.sections), ("title", shared.titles), ("page", shared.page),
                        ("sheet", shared.sheet), ("fit", shared.fit)):
        out += [(f"shared {name} {key}", t) for key, pair in table.items() for t in pair]
    for rid, rule in shared.engine.items():
        out += [(f"shared engine {rid}", t) for t in rule.title + rule.text + rule.note if t]
    for key, o in shared.options.items():
        out += [(f"shared option {key}", t) for t in o.title + (o.unset or ("", "")) if t]
        out += [(f"shared option {key}", t) for v in o.values.values() for t in v.label + v.text if t]
    for path in sorted((ROOT / "templates").rglob("*.html")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            out.append((f"{path.relative_to(ROOT)}:{n}", line))
    return out


TERMS = terms()


def test_glossary_is_read():
    names = {t["en"] for t in TERMS}
    assert len(TERMS) >= 15
    assert "house rules (one: a house rule)" in names
    assert next(t for t in TERMS if t["en"].startswith("house rules"))["not_ru"] == [
        "правила стола", "правила дома", "правило стола", "правило дома"]


@pytest.fixture(scope="module")
def all_texts():
    return texts()


@pytest.mark.parametrize("term", TERMS, ids=lambda t: t["en"].split(" (")[0])
def test_one_name(term, all_texts):
    """No synonym the glossary forbids, in either language, anywhere a reader meets words."""
    found = []
    for lang_words in ("not_ru", "not_en"):
        for word in term[lang_words]:
            pattern = _forbidden(word)
            for where, text in all_texts:
                for kept in term["kept"]:
                    text = _forbidden(kept).sub("", text)
                if pattern.search(text):
                    found.append(f"{where}: «{word}» in {text[:90]!r}")
    assert found == [], f"say «{term['ru']}» / “{term['en']}”:\n" + "\n".join(found)


def test_a_forbidden_word_is_found():
    """The check above can fail: a forbidden word, any case and ending, is caught; the word
    that only ends like it is not."""
    assert _forbidden("сдач").search("Начать без Сдачи")
    assert not _forbidden("сдач").search("кон кончился пересдачей")
    assert _forbidden("house option").search("The House options of this match")
