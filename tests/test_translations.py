"""The translation catalogues: every .po compiles, holds each message once, and its committed
.mo says exactly what the .po says (so a fresh clone shows the words the .po files hold)."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages import mofile, pofile

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
