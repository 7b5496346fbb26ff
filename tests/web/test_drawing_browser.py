"""The layout drawing in a real browser at a phone's size (390x844), ru and en.

Real records (random hands played through the engine) are imported; the table page, the
step-through and the read-only view are measured: the spinner variants' arms lie left, right,
above and below the spinner, a long line stays inside the screen (no element beyond 390 px, no
sideways scroll), the lanes run side by side; a tile that fits several places numbers its
buttons, marks each place on the drawing with its button's number, and in the counting games
shows the points the engine says each lay scores. Screenshots go to /tmp/shots-draw/.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import os
from pathlib import Path

import pytest

from referee import record as rec
from referee.rules.tiles import tile_str
from test_web_browser import go

pytestmark = pytest.mark.browser

SHOTS = "/tmp/shots-draw"
_spec = importlib.util.spec_from_file_location(
    "print_fixtures_for_drawing", Path(__file__).resolve().parents[1] / "print" / "print_fixtures.py")
fixtures = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fixtures)

INSIDE = """() => {
  const out = [];
  for (const e of document.querySelectorAll('body *')) {
    const r = e.getBoundingClientRect();
    if (r.width && (r.right > 390.5 || r.left < -0.5)) out.push(e.tagName + '.' + e.getAttribute('class') + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
  }
  return {out: out.slice(0, 5), scroll: document.documentElement.scrollWidth};
}"""

CHAINS = """() => {
  const out = {};
  for (const e of document.querySelectorAll('.layout svg.tile')) {
    const r = e.getBoundingClientRect();
    (out[e.dataset.chain] = out[e.dataset.chain] || []).push({l: r.left, r: r.right, t: r.top, b: r.bottom,
      cx: (r.left + r.right) / 2, cy: (r.top + r.bottom) / 2, w: r.width, h: r.height, label: e.getAttribute('aria-label')});
  }
  return out;
}"""


def shoot(page, name: str) -> None:
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def import_record(page, base: str, record: dict, lang: str) -> str:
    page.context.add_cookies([{"name": "lang", "value": lang, "url": base}])
    record = {**record, "lang": lang}
    page.goto(f"{base}/import")
    page.fill("textarea[name=text]", json.dumps(record, ensure_ascii=False))
    go(page, "form button[type=submit]")
    assert "/m/" in page.url, page.locator(".problem").all_inner_texts()
    return page.url.removesuffix("/score")


def cut(record: dict, turns: int) -> dict:
    """The record with its last hand stopped after ``turns`` turns (a hand in play)."""
    r = copy.deepcopy(record)
    r["hands"] = r["hands"][:1]
    r["hands"][0]["turns"] = r["hands"][0]["turns"][:turns]
    return r


def moves(record: dict) -> int:
    return sum(len(t["moves"]) for t in record["hands"][0]["turns"])


def check_inside(page, name: str) -> None:
    got = page.evaluate(INSIDE)
    assert got["scroll"] <= 390, f"{name}: the page scrolls sideways ({got['scroll']} px)"
    assert got["out"] == [], f"{name}: beyond the screen: {got['out']}"


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("variant,players,seed", [("sevastopol", 4, 3), ("spider", 4, 3), ("muggins", 2, 3)])
def test_the_spinner_variants_are_a_cross_on_the_phone(phone, live_server, variant, players, seed, lang):
    record = fixtures.random_record(variant, players, 1, seed=seed)[0]
    edit = import_record(phone, live_server, cut(record, len(record["hands"][0]["turns"]) - 1), lang)
    phone.goto(edit)
    chains = phone.evaluate(CHAINS)
    assert set(chains) >= {"center", "left", "right", "up", "down"}, chains.keys()
    c = chains["center"][0]
    assert c["h"] > c["w"], "the spinner lies crosswise"
    left, right, up, down = (chains[s][0] for s in ("left", "right", "up", "down"))
    assert left["r"] <= c["l"] + 1 and c["t"] < left["cy"] < c["b"], ("left arm", left, c)
    assert right["l"] >= c["r"] - 1 and c["t"] < right["cy"] < c["b"], ("right arm", right, c)
    assert up["b"] <= c["t"] + 1 and c["l"] < up["cx"] < c["r"], ("upper arm", up, c)
    assert down["t"] >= c["b"] - 1 and c["l"] < down["cx"] < c["r"], ("lower arm", down, c)
    check_inside(phone, f"{variant} {lang}")
    shoot(phone, f"cross-{variant}-{lang}")
    # the read-only view draws the same table
    phone.goto(edit + "/share")
    view = phone.locator("a[href*='/s/']").first.get_attribute("href")
    phone.goto(view)
    seen = phone.evaluate(CHAINS)
    assert {k: [t["label"] for t in v] for k, v in seen.items()} == {k: [t["label"] for t in v] for k, v in chains.items()}
    check_inside(phone, f"{variant} view {lang}")


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("variant,players,seed", [("traditional", 2, 3), ("matador", 2, 3), ("ladder", 3, 3)])
def test_a_long_line_stays_inside_the_screen(phone, live_server, variant, players, seed, lang):
    record = fixtures.random_record(variant, players, 1, seed=seed)[0]
    edit = import_record(phone, live_server, record, lang)
    total = moves(record)
    phone.goto(f"{edit}/hands/1/step/{total}")
    tiles = phone.locator(".layout svg.tile")
    assert tiles.count() >= 15
    boxes = [tiles.nth(i).bounding_box() for i in range(tiles.count())]
    assert max(b["x"] + b["width"] for b in boxes) <= 390
    assert len({round(b["y"] + b["height"] / 2) for b in boxes}) >= 3, "the line bends into rows"
    assert min(b["height"] for b in boxes) >= 15, "tiles big enough to read"
    check_inside(phone, f"{variant} step {lang}")
    shoot(phone, f"line-{variant}-{lang}")


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("variant,players,seed", [("sausage", 3, 3), ("two_lane", 2, 3)])
def test_the_lanes_lie_side_by_side(phone, live_server, variant, players, seed, lang):
    record = fixtures.random_record(variant, players, 1, seed=seed)[0]
    edit = import_record(phone, live_server, cut(record, 8), lang)
    phone.goto(edit)
    chains = phone.evaluate(CHAINS)
    c, top, bottom = chains["center"][0], chains["top"][0], chains["bottom"][0]
    assert c["h"] > c["w"], "the first tile stands upright"
    assert abs(top["l"] - c["r"]) < 3 and abs(bottom["l"] - c["r"]) < 3
    assert top["b"] <= bottom["t"] + 1 and top["cy"] < c["cy"] < bottom["cy"]
    check_inside(phone, f"{variant} {lang}")
    shoot(phone, f"lanes-{variant}-{lang}")


def several_places(record: dict):
    """The first point of the hand where the player to move holds a tile that fits two or
    more places: (turns played, tile, places)."""
    for k in range(2, len(record["hands"][0]["turns"])):
        report = rec.replay(rec.read(cut(record, k)))
        live = report.live
        if live is None or live.to_move is None:
            continue
        for t in live.known_hand(live.to_move) or []:
            places = live.places_for(t)
            if len(places) >= 2 and not live.t_moves:
                return k, tile_str(t), places, live
    raise AssertionError("no tile with several places in this hand")


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("variant,players,seed", [("fives", 2, 2), ("muggins", 2, 5), ("traditional", 2, 1)])
def test_each_place_is_marked_with_its_buttons_number_and_its_points(phone, live_server, variant, players, seed, lang):
    record = fixtures.random_record(variant, players, 1, seed=seed)[0]
    k, tile, places, live = several_places(record)
    edit = import_record(phone, live_server, cut(record, k), lang)
    phone.goto(edit)
    split = phone.locator(f'.picker.own button.pick.split[data-tile="{tile}"]')
    if split.count():
        # the deal known: one button a place, named by the open end it takes, marked so on
        # the drawing, with the points it scores in the counting games (no second question)
        assert split.count() == len(places)
        ends = [e["target"] for e in live.layout_view()["ends"]]
        want = {}
        for i in range(split.count()):
            b = split.nth(i)
            token = b.get_attribute("value")
            pv = live.lay_preview(token)
            label = str(ends.index(pv.targets[0]) + 1)
            assert b.locator(".place-no").inner_text() == label, token
            want[pv.targets[0]] = [label]
            if live.lays_score:
                text = b.locator(".pick-points").inner_text()
                assert text.split()[0] == (f"+{pv.points}" if pv.points > 0 else str(pv.points)), (token, text)
            else:
                assert b.locator(".pick-points").count() == 0
        marks = phone.locator(".layout svg.table g.place-mark")
        got = {marks.nth(i).get_attribute("data-target"): marks.nth(i).text_content().split()
               for i in range(marks.count())}
        assert got == want
        check_inside(phone, f"split {variant} {lang}")
        shoot(phone, f"split-{variant}-{lang}")
        # the choice in words stays where the deal is not known: the check-a-tile page below
        phone.goto(f"{edit}/check?tile={tile}")
        assert phone.locator("#answer .place-no").count() == len(places)
        shoot(phone, f"check-{variant}-{lang}")
        return
    go(phone, f'form.picker-form button.pick[value="{tile}"]')
    buttons = phone.locator("form.choose button.place")
    assert buttons.count() == len(places)
    expected_marks: dict[str, list[str]] = {}
    for i in range(buttons.count()):
        b = buttons.nth(i)
        token = b.get_attribute("value")
        assert b.locator(".place-no").inner_text() == str(i + 1)
        pv = live.lay_preview(token)
        for target in pv.targets:
            expected_marks.setdefault(target, []).append(str(i + 1))
        points = b.locator(".place-points")
        if live.lays_score:
            text = points.inner_text()
            assert text.split()[0] == (f"+{pv.points}" if pv.points > 0 else str(pv.points)), (token, text)
            assert ("очк" in text) if lang == "ru" else ("point" in text), text
        else:
            assert points.count() == 0
    marks = phone.locator(".layout svg.table g.place-mark")
    got = {marks.nth(i).get_attribute("data-target"): marks.nth(i).text_content().split()
           for i in range(marks.count())}
    assert {t: sorted(set(v)) for t, v in got.items()} == {t: sorted(set(v)) for t, v in expected_marks.items()}
    for i in range(marks.count()):
        box = marks.nth(i).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    check_inside(phone, f"places {variant} {lang}")
    shoot(phone, f"places-{variant}-{lang}")
    # the same marks on the check-a-tile page
    phone.goto(f"{edit}/check?tile={tile}")
    assert phone.locator("#answer .place-no").count() == len(places)
    assert phone.locator(".layout svg.table g.place-mark").count() == marks.count()
    shoot(phone, f"check-{variant}-{lang}")


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("variant,players,seed", [("traditional", 4, 2), ("muggins", 3, 2)])
def test_the_hand_just_over_stays_on_screen(phone, live_server, variant, players, seed, lang):
    record = fixtures.random_record(variant, players, 1, seed=seed)[0]
    record["hands"] = record["hands"][:1]
    edit = import_record(phone, live_server, record, lang)
    phone.goto(edit)
    box = phone.locator("section.hand-summary")
    assert box.count() == 1
    assert box.locator(".layout svg.tile").count() == len(
        [mv for t in record["hands"][0]["turns"] for mv in t["moves"] if mv.split()[0] not in ("draw", "pass")])
    assert box.locator("tbody tr").count() == players
    check_inside(phone, f"summary {variant} {lang}")
    shoot(phone, f"summary-{variant}-{lang}")
