"""The translation catalogues: every .po compiles, holds each message once, and its committed
.mo says exactly what the .po says (so a fresh clone shows the words the .po files hold)."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages import mofile, pofile

from tests.toolmodule import load_tool

TRANSLATIONS = Path(__file__).resolve().parent.parent / "referee" / "translations"
POS = sorted(TRANSLATIONS.glob("*/LC_MESSAGES/*.po"))


def _key(value):
    return tuple(value) if isinstance(value, (list, tuple)) else value


def _ids(catalog):
    return {_key(m.id): _key(m.string) for m in catalog if m.id}


def test_catalogues_exist():
    langs = {p.parent.parent.name for p in POS}
    assert {"ru", "en"} <= langs


@pytest.mark.parametrize("po", POS, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_po_has_no_duplicate_message(po):
    text = po.read_text(encoding="utf-8")
    seen: dict[tuple[str, str], int] = {}
    ctx, cur = "", None
    for line in text.splitlines():
        if line.startswith("msgctxt "):
            ctx = line
        elif line.startswith("msgid "):
            cur = line
        elif line.startswith("msgstr") and cur is not None:
            if cur != 'msgid ""' or ctx:
                key = (ctx, cur)
                seen[key] = seen.get(key, 0) + 1
            ctx, cur = "", None
    # multi-line ids start with msgid "" and are compared by babel below; single-line ones here
    dups = [k[1] for k, n in seen.items() if n > 1 and k[1] != 'msgid ""']
    assert dups == []


def _fuzzy(catalog, key) -> bool:
    msg = catalog.get(key[0] if isinstance(key, tuple) else key)
    return bool(msg is not None and msg.fuzzy)


@pytest.mark.parametrize("po", POS, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_mo_is_compiled_from_po(po):
    with po.open("rb") as f:
        catalog = pofile.read_po(f)
    mo = po.with_suffix(".mo")
    assert mo.exists(), f"{mo} missing: run pybabel compile -d referee/translations"
    with mo.open("rb") as f:
        compiled = mofile.read_mo(f)
    want = {k: v for k, v in _ids(catalog).items()
            if v and v != ("",) * len(v if isinstance(v, tuple) else "")
            and not _fuzzy(catalog, k)}
    got = {k: v for k, v in _ids(compiled).items() if v}
    missing = sorted(str(k) for k in set(want) - set(got))[:5]
    assert not missing, f"{mo.name} is stale (recompile): {missing}"
    changed = sorted(str(k) for k in want if k in got and got[k] != want[k])[:5]
    assert not changed, f"{mo.name} is stale (recompile): {changed}"


# -- the one catalogue: extracted from the whole source, every message in both languages ----------

ROOT = TRANSLATIONS.parent.parent


def _tool():
    return load_tool("translations")


def test_one_domain():
    """Pages, sheets and the command line speak from one catalogue: no second domain to forget."""
    assert {p.stem for p in POS} == {"messages"}
    assert sorted(p.parent.parent.name for p in POS) == ["en", "ru"]


def test_catalogue_is_current_and_every_message_has_both_languages():
    """Extracting again gives the committed .pot (but for its date), and every message extracted
    from referee/ and templates/ has its Russian and its English entry, none of them fuzzy."""
    assert _tool().problems() == []


def test_check_names_a_message_without_russian(tmp_path):
    """The check above can fail: a Russian entry emptied, a message dropped, a fuzzy one, each is named."""
    import shutil

    tool = _tool()
    copy = tmp_path / "translations"
    shutil.copytree(TRANSLATIONS, copy)
    ru = copy / "ru" / "LC_MESSAGES" / "messages.po"
    with ru.open("rb") as f:
        catalog = pofile.read_po(f)
    ids = [m.id for m in catalog if m.id and isinstance(m.id, str) and not m.context]
    emptied, dropped, fuzzy = ids[0], ids[1], ids[2]
    catalog[emptied].string = ""
    catalog.delete(dropped)
    catalog[fuzzy].flags.add("fuzzy")
    with ru.open("wb") as f:
        pofile.write_po(f, catalog)
    found = tool.problems(copy)
    assert any(repr(emptied) in p and "no Russian" in p for p in found), found
    assert any(repr(dropped) in p and "missing" in p for p in found), found
    assert any(repr(fuzzy) in p and "fuzzy" in p for p in found), found


def _cyrillic(text: str) -> bool:
    return any("а" <= ch.lower() <= "я" or ch in "ёЁ" for ch in text)


def test_message_ids_are_english():
    """The ids are the English words (an English entry may then stay empty). A Russian term the
    English quotes as it is said at the table stands in «…»; an id in Russian has its English
    written in the en catalogue."""
    import re

    with (TRANSLATIONS / "en" / "LC_MESSAGES" / "messages.po").open("rb") as f:
        english = pofile.read_po(f)
    wrong = []
    for m in english:
        if not m.id:
            continue
        bare = re.sub(r"«[^»]*»", "", "".join(_key(m.id)))
        if _cyrillic(bare) and (not "".join(_key(m.string)) or _cyrillic("".join(_key(m.string)))):
            wrong.append(m.id)
    assert wrong == []
