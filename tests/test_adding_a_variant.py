"""docs/adding-a-variant.md is true: its two files (the code and the words), taken from the page
alone, make a variant the setup form (with its own house rule), the rules pages (with its prose),
the printed sheets, the record's schema and ``referee check`` all know."""

from __future__ import annotations

import io
import json
import re
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pypdf
import pytest

sys.path.insert(0, str(Path(__file__).parent / "print"))
sys.path.insert(0, str(Path(__file__).parent / "web"))

from print_fixtures import random_record  # noqa: E402
from webhelpers import csrf_of, soup  # noqa: E402

from referee import cli, create_app, pdf  # noqa: E402
from referee.rules import REGISTRY, VARIANTS, make_variant  # noqa: E402
from referee.rules.variants import unregister  # noqa: E402

DOC = Path(__file__).resolve().parents[1] / "docs" / "adding-a-variant.md"
NAME = "five_tiles"


def _code() -> str:
    return re.search(r"```python\n(.*?)\n```", DOC.read_text(encoding="utf-8"), re.S).group(1)


def _words() -> str:
    return re.search(r"```toml\n(.*?)\n```", DOC.read_text(encoding="utf-8"), re.S).group(1)


@pytest.fixture
def toy(tmp_path, monkeypatch):
    from referee.rules import prose

    assert NAME not in REGISTRY and NAME not in VARIANTS
    (tmp_path / f"{NAME}.toml").write_text(_words(), encoding="utf-8")
    monkeypatch.setattr(prose, "WORDS_DIRS", [*prose.WORDS_DIRS, tmp_path])
    ns: dict = {}
    exec(compile(_code(), str(DOC), "exec"), ns)
    yield ns["FiveTiles"]
    unregister(NAME)
    assert NAME not in REGISTRY and NAME not in VARIANTS


@pytest.fixture
def client(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "test.db"), "SECRET_KEY": "t"})
    return app.test_client()


def _pdf_text(data: bytes) -> str:
    reader = pypdf.PdfReader(io.BytesIO(data))
    return " ".join(" ".join((p.extract_text() or "").split()) for p in reader.pages)


def test_registered_with_its_declarations(toy):
    assert REGISTRY[NAME] is toy and VARIANTS[NAME] is toy.catalogue
    v = make_variant(NAME, 3, {})
    assert v.o.target == 50 and v.deal_size(3) == 5 and v.draw_rule == "none"


def test_a_class_whose_options_differ_from_its_entry_is_refused(toy):
    from referee.rules.catalogue import VariantSpec
    from referee.rules.variants import register

    class Wrong(toy):
        name = "wrong_toy"
        catalogue = VariantSpec("wrong_toy", 2, 2, lambda p, o: 5, toy.catalogue.options)

        class Options(toy.Options.__bases__[0]):   # a NamedTuple with no fields
            pass

    with pytest.raises(TypeError, match="Options"):
        register(Wrong)
    assert "wrong_toy" not in REGISTRY and "wrong_toy" not in VARIANTS   # nothing half-registered


def test_a_house_rule_without_words_is_refused_at_declaration(tmp_path, monkeypatch):
    """A variant whose words file lacks a house rule of its own is refused when it is declared,
    naming what to add and where (not a setup form or a rules page that cannot be drawn)."""
    from referee.rules import prose

    words = _words().split("[option.first_lead]", 1)[0]       # its rules, not its option's words
    (tmp_path / f"{NAME}.toml").write_text(words, encoding="utf-8")
    monkeypatch.setattr(prose, "WORDS_DIRS", [*prose.WORDS_DIRS, tmp_path])
    with pytest.raises(TypeError, match=rf"no words for \[option\.first_lead\] title.*{NAME}\.toml"):
        exec(compile(_code(), str(DOC), "exec"), {})
    assert NAME not in REGISTRY and NAME not in VARIANTS                 # nothing half-registered


def test_the_setup_form_offers_it_and_starts_a_match(toy, client):
    index = client.get("/new")
    assert index.status_code == 200
    link = soup(index).select_one(f'a[href$="/new/{NAME}"]')
    assert link is not None and "Пятёрка" in index.get_data(as_text=True)
    page = client.get(f"/new/{NAME}")
    assert page.status_code == 200
    assert soup(page).select_one('input[name="opt_target"]')["value"] == "50"
    text = page.get_data(as_text=True)   # its own house rule, in its words file's words
    assert soup(page).select('input[name="opt_first_lead"]') or soup(page).select('select[name="opt_first_lead"]')
    assert "Кто начинает" in text and "старший дубль" in text and "по жребию" in text
    resp = client.post(f"/new/{NAME}", data={"csrf_token": csrf_of(page), "player_1": "Анфиса",
                                           "player_2": "Всеволод", "opt_target": "50",
                                           "opt_first_lead": "lot"})
    assert resp.status_code == 302
    table = client.get(resp.headers["Location"])
    assert table.status_code == 200 and "Пятёрка" in table.get_data(as_text=True)


def test_the_rules_pages_show_it_with_its_topics(toy, client):
    index = client.get("/rules", headers={"Accept-Language": "en"})
    assert "Five tiles" in index.get_data(as_text=True)
    assert soup(index).select_one(f'a[href$="/rules/{NAME}"]') is not None
    page = client.get(f"/rules/{NAME}", headers={"Accept-Language": "en"})
    assert page.status_code == 200
    ids = {el["id"] for el in soup(page).select("[id]")}
    assert "turn.one_tile" in ids               # its topic
    assert "draw.empty" not in ids              # "drawing" is not one of its topics
    assert "option.target" in ids               # its house rule, explained
    assert {"five_tiles.deal", "five_tiles.scoring"} <= ids   # its prose, from its words file
    text = page.get_data(as_text=True)
    assert "five tiles each; there is no bazaar" in text and "a lot decides who leads" in text
    ru = client.get(f"/rules/{NAME}", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "по пять костей; базара нет" in ru and "кто начинает, решает жребий" in ru
    names = soup(page).select_one('[id="record.variant"]').get_text(" ", strip=True)   # no count written
    assert f"one of the {len(VARIANTS)} names" in names and names.rstrip(" .").endswith(NAME)


def test_the_record_schema_names_it_with_its_house_rules(toy):
    from tests.test_record_schema import made

    schema = json.loads(made())
    assert NAME in json.dumps(schema) and '"lot"' in json.dumps(schema)


def test_a_printed_sheet_and_referee_check(toy, tmp_path):
    record, report = random_record(NAME, 2, 3, seed=3, lang="en")
    assert report["error"] is None and report["hands"]
    t = _pdf_text(pdf.match_sheet(record, report, "en"))
    assert "Five tiles" in t and all(p in t for p in record["players"])
    blank = _pdf_text(pdf.blank_sheet(NAME, 3, "ru"))
    assert "Пятёрка" in blank and "Кто начинает" in blank
    path = tmp_path / "toy.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    out = io.StringIO()
    with redirect_stdout(out):
        code = cli.main(["check", str(path), "--json"])
    assert code == 0
    assert json.loads(out.getvalue()) == report
    # a broken rule: the first lay of the second hand replaced by a tile its player was not dealt
    bad = json.loads(json.dumps(record))
    hand = next(h for h in bad["hands"] if h.get("turns"))
    first = hand["turns"][0]
    dealt = set(hand["deal"][first["player"]])
    foreign = next(t for p, ts in hand["deal"].items() if p != first["player"] for t in ts)
    assert foreign not in dealt
    first["moves"] = [foreign]
    path.write_text(json.dumps(bad, ensure_ascii=False), encoding="utf-8")
    out = io.StringIO()
    with redirect_stdout(out):
        code = cli.main(["check", str(path), "--json"])
    assert code == 1 and json.loads(out.getvalue())["error"]["rule"]


def test_the_docs_checks_ask_for_it_and_hold_once_it_ships(toy):
    """The checks of the documents a shipped variant publishes itself in (docs/notation.md's
    example per variant, docs/record.schema.json) read the registry, as the schema's tool does:
    they ask for the toy's example (a variant declared outside the catalogue is a variant like
    any other), and hold with it and with the schema the tool makes now."""
    from tests import test_docs, test_record_schema

    notation = test_docs.DOC.read_text(encoding="utf-8")
    with pytest.raises(AssertionError):
        test_docs.assert_every_variant_has_an_example(notation)          # the toy's is missing
    schema = test_record_schema.made()
    assert schema != test_record_schema.SCHEMA_FILE.read_text(encoding="utf-8")   # it names the toy
    record, report = random_record(NAME, 2, 1, seed=5, lang="en")
    hand = report["hands"][0]
    assert hand["winner"] and hand["end"] in ("out", "block")
    points = ", ".join(f"{p} {x}" for p, x in hand["points"].items())
    block = (f"### {NAME}\n\nFive tiles each, no bazaar.\n\n```json\n"
             f"{json.dumps({k: v for k, v in record.items() if k not in ('date', 'lang')}, ensure_ascii=False, indent=1)}"
             f"\n```\n\n`referee check`: {hand['end']}, winner {hand['winner']}; points: {points}.\n")
    shipped = notation.rstrip("\n") + "\n\n" + block
    test_docs.assert_every_variant_has_an_example(shipped)
    test_docs.assert_example_replays_as_documented(NAME, shipped)
    test_record_schema.assert_a_valid_schema_naming_every_variant(schema)
    test_record_schema.assert_every_record_in_the_notation_page_fits(shipped, schema)


def test_every_declaration_the_page_explains_exists():
    """The names in «What each declaration means» are the engine's own (a rename breaks this)."""
    from referee.rules import catalogue
    from referee.rules.variants import base, registry

    text = DOC.read_text(encoding="utf-8")
    section = text.split("## What each declaration means", 1)[1].split("## Words", 1)[0]
    owners = [make_variant("traditional", 2), base.Variant, base.HandState, catalogue.VariantSpec,
              catalogue.OptionSpec, catalogue.Provisional, catalogue, base, registry]
    record_fields = {"removed", "starter", "scored", "left"}      # the record's, named as such
    unknown = []
    for span in re.findall(r"`([^`]+)`", section):
        m = re.fullmatch(r"(?:self\.)?([A-Za-z_]\w*)(?:\(.*\))?", span)
        if not m or span.startswith(("'", '"')):
            continue                                # a value ("line") or a path
        name = m.group(1)
        if name not in record_fields and not any(hasattr(o, name) for o in owners):
            unknown.append(span)
    assert not unknown, f"docs/adding-a-variant.md names what the engine does not have: {unknown}"
