"""Words a player understands: no internal value anywhere a player reads.

Every page type of a match is crawled for every variant, in Russian and in English (the
setup form, the table before, during and between hands, the check-a-tile page, the score,
the share page, the read-only view, the sheets, a hand's record and its step-through, the
result and deal forms, the rules pages), and the visible text (text, ``title``,
``aria-label``, ``placeholder``, the options of a list) is searched for what only the program
knows: option keys and values (``highest_double``, ``two_or_more``; on Russian pages also the
one-word ones such as ``until``), rule ids (``play.no_fit``), variant ids (``lucky_threes``) and
source file names or numbers (``002_88db4a35d7fb6aa7.txt``, «seed 002»). Move notation (in
``<code>``, and the typed-move field) is the record's notation and is left alone.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import re
from pathlib import Path

import pytest

from referee.rules import catalogue
from referee.rules.messages import MESSAGES
from test_web_variants import defaults, start
from webhelpers import csrf_of, imported, new_match, soup, table_form, view_of

_spec = importlib.util.spec_from_file_location(
    "print_fixtures_for_words", Path(__file__).resolve().parents[1] / "print" / "print_fixtures.py")
fixtures = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fixtures)

NAMES = ("Анфиса", "Всеволод", "Жан", "Владимир", "Андрей", "Стас", "Дмитрий", "Игорь")


def internal_words() -> tuple[set[str], set[str]]:
    """(snake_case ids: never shown; one-word ids: not shown on a Russian page)."""
    ids: set[str] = set(catalogue.VARIANTS)
    for v in catalogue.VARIANTS.values():
        for o in v.options:
            ids.add(o.key)
            ids.update(str(c) for c in o.choices if not o.numeric and c is not None)
    snake = {w for w in ids if "_" in w}
    single = {w for w in ids if "_" not in w and re.fullmatch(r"[a-z]+", w)}
    return snake, single


SNAKE, SINGLE = internal_words()
RULE_IDS = set(MESSAGES)
FILES = re.compile(r"\b\w+\.(?:txt|py|json|md|html)\b|\b\d{3}_[0-9a-f]{6,}|\bseed \d{3}\b|источник \d{3}\b", re.I)
WORD = re.compile(r"[A-Za-z_]+(?:\.[a-z_]+)?")


def visible(page) -> list[str]:
    """The texts a player reads on a page."""
    page = copy.copy(page)
    for tag in page(["script", "style", "code", "textarea", "template"]):
        tag.decompose()
    for tag in page.select('input[name="token"], svg.sprite'):
        tag.decompose()
    out = [s for s in page.stripped_strings]
    for tag in page.find_all(True):
        for attr in ("title", "aria-label", "placeholder", "alt"):
            if tag.get(attr):
                out.append(str(tag[attr]))
    return out


#: Russian a player reads: no «(а)» forms (a name is never declined or gendered), a hand is
#: «кон» (never «партия»: «Французская партия» is a variant's name), a tile is «кость»
RU_FORMS = re.compile(r"\w\((?:а|ла|ло|на|ен|ы|и)\)")
RU_WORDS = re.compile(r"(?<!Французская )(?<!Французской )\b[Пп]арти(?:я|и|ю|ей|й|ям|ями|ях)\b|\b[Кк]ам(?:ень|ня|ню|нем|не|ни|ней|ням|нями|нях)\b")


def ru_offenders(page) -> list[str]:
    page = copy.copy(page)
    for tag in page(["blockquote"]):  # the sources quoted as they are written
        tag.decompose()
    found = []
    for text in visible(page):
        for m in RU_FORMS.finditer(text):
            found.append(f"form: {m.group(0)!r} in {text[:80]!r}")
        for m in RU_WORDS.finditer(text):
            found.append(f"word: {m.group(0)!r} in {text[:80]!r}")
    return found


#: a web address or a match's path with its key, left out of the words looked at
ADDRESS = re.compile(r"https?://\S+|/[ms]/[\w-]+")

def offenders(page, lang: str) -> list[str]:
    found = ru_offenders(page) if lang == "ru" else []
    for text in visible(page):
        for m in FILES.finditer(text):
            found.append(f"file: {m.group(0)!r} in {text[:80]!r}")
        # a link's own text (the share page shows the table's address) carries the match's random
        # key, whose letters may spell a value («…S0no-z…»): addresses are not words
        for w in WORD.findall(ADDRESS.sub(" ", text)):
            if w in SNAKE or w in RULE_IDS or ("." in w and w in RULE_IDS):
                found.append(f"id: {w!r} in {text[:80]!r}")
            elif lang == "ru" and w in SINGLE:
                found.append(f"value: {w!r} in {text[:80]!r}")
    return found


def in_lang(client, lang: str) -> None:
    client.get(f"/lang/{lang}")


def crawl(client, urls: list[str], lang: str) -> dict[str, list[str]]:
    bad = {}
    for url in urls:
        resp = client.get(url)
        assert resp.status_code in (200, 409), (url, resp.status_code)
        found = offenders(soup(resp), lang)
        if found:
            bad[url] = found[:6]
    return bad


def match_pages(client, variant: str) -> list[str]:
    """Every page type of a match of ``variant``: one played move by move from the table (a
    hand in play) and one imported whole (hands over, sheets, step-through)."""
    spec = catalogue.spec(variant)
    n = spec.min_players
    urls = [f"/new/{variant}", f"/rules/{variant}"]
    edit = new_match(client, variant, NAMES[:n], defaults(variant, n))
    urls += [edit, edit + "/deal", edit + "/result", edit + "/score", edit + "/share"]
    start(client, edit, **({"starter": "3:5"} if variant == "ladder" else {}))
    urls += [edit, edit + "/check?tile=6:6", edit + "/check?tile=0:1", view_of(client, edit)]
    record = fixtures.random_record(variant, n, 2, seed=7)[0]
    done = imported(client, record)
    moves = sum(len(t["moves"]) for t in record["hands"][0].get("turns", []))
    view = view_of(client, done)
    urls += [done, done + "/score", done + "/sheets", done + "/hands/1", done + "/hands/1/step/1",
             f"{done}/hands/1/step/{moves}", view, view + "/sheets"]
    return urls


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("variant", catalogue.VARIANT_NAMES)
def test_no_internal_value_on_any_page_of_a_match(client, variant, lang):
    in_lang(client, lang)
    urls = match_pages(client, variant)
    assert len(urls) > 15
    bad = crawl(client, urls, lang)
    # the table's answers to taps: every tile tapped on the first hand's table in turn (a lay,
    # a choice of places, a refusal with its rule, a pass refused)
    edit = urls[2]
    for tile in ("6:6", "0:1", "1:1", "2:5", "3:3"):
        form = table_form(client, edit)
        if not form:
            break
        resp = client.post(edit + "/move", data={**form, "tile": tile, "mode": "lay",
                                                 "leader": NAMES[0]}, follow_redirects=True)
        found = offenders(soup(resp), lang)
        if found:
            bad[f"tap {tile}"] = found[:6]
    assert not bad, json.dumps(bad, ensure_ascii=False, indent=1)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_no_internal_value_on_the_pages_outside_a_match(client, lang):
    in_lang(client, lang)
    imported(client, fixtures.random_record("traditional", 2, 2, seed=3)[0])
    player = NAMES[0]
    bad = crawl(client, ["/", "/new", "/import", "/rules", "/sheets/blank", "/sheets/blank?preset=yard",
                         "/new/traditional?preset=yard", "/new/traditional?preset=sea", "/players",
                         f"/players/{player}"], lang)
    assert not bad, json.dumps(bad, ensure_ascii=False, indent=1)


SEED_DEAL = {"deal_0": ["2:3", "3:3", "4:6", "1:3", "5:6", "0:4", "6:6"],
             "deal_1": ["0:0", "0:2", "1:1", "0:6", "2:6", "1:2", "0:5"]}


def _play_seed(client, edit: str, opened: bool = False) -> None:
    """The seed hand by taps (``opened``: its forced opening recorded with the deal)."""
    from webhelpers import SEED_MOVES, tap

    for k, mv in enumerate(SEED_MOVES):
        if opened and not k:
            continue
        resp = tap(client, edit, mv, leader=None if k else "Анфиса")
        assert resp.status_code == 302, soup(resp).select_one(".problem")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_no_internal_value_when_a_hand_is_played_to_its_end(client, lang):
    """The pages the match crawl does not reach: the tiles left asked after a hand played by
    moves, the hand's summary between hands (with the deal, and by pairs), a correction's
    form and the audit of a match."""
    from webhelpers import form_data

    in_lang(client, lang)
    bad = {}
    # move by move without the deal: the hand over, the tiles left asked
    edit = new_match(client)
    start(client, edit)
    _play_seed(client, edit)
    bad.update(crawl(client, [edit], lang))
    # with the deal: the summary between hands, then the score and the correction form
    dealt = new_match(client)
    data = form_data(client.get(dealt + "/deal"), "form.deal-form")
    assert client.post(dealt + "/hand", data={**data, **SEED_DEAL}).status_code == 302
    _play_seed(client, dealt, opened=True)
    bad.update(crawl(client, [dealt, dealt + "/score", dealt + "/hand/1/correct", f"/m/{dealt.split('/m/')[1]}/audit"], lang))
    # «Козёл» by pairs: a hand by its result, what hangs, the summary a row a pair
    from test_kozel_web import PLAYERS, YARD

    pairs = new_match(client, players=PLAYERS, options=YARD)
    page = client.get(pairs + "/result")
    form = {"csrf_token": csrf_of(page), "n": soup(page).select_one('input[name="n"]')["value"],
            "out": PLAYERS[0], "left_1": "5", "left_3": "4"}
    assert client.post(pairs + "/result", data=form).status_code == 302
    bad.update(crawl(client, [pairs, pairs + "/score", pairs + "/sheets"], lang))
    assert not bad, json.dumps(bad, ensure_ascii=False, indent=1)


def test_the_search_finds_what_it_looks_for():
    """The crawler is not blind: each kind of internal value is caught on a page made for it."""
    from bs4 import BeautifulSoup

    page = BeautifulSoup("<p>Opener: highest_double</p><p title='play.no_fit'>x</p>"
                         "<p>источник 002, 002_88db4a35d7fb6aa7.txt</p><p>тянуть until</p>"
                         "<code>6:6>2:6 down</code>", "html.parser")
    found = " ".join(offenders(page, "ru"))
    for what in ("highest_double", "play.no_fit", "002_88db4a35d7fb6aa7.txt", "источник 002", "until"):
        assert what in found, what
    ru = BeautifulSoup("<p>Анфиса вышел(а)</p><p>Партия 2 окончена</p><p>камень 3:5</p>"
                       "<p>Французская партия</p><blockquote>Партия может закончиться</blockquote>", "html.parser")
    found = " ".join(ru_offenders(ru))
    assert "л(а)" in found and "Партия" in found and "камень" in found
    assert found.count("word:") == 2  # the variant's name and a quoted source are left alone
    assert "down" not in found
    assert offenders(page, "en") and "until" not in " ".join(offenders(page, "en"))
