"""Every variant played by taps in a real browser at a phone's size (390x844).

Each variant's example hand from docs/notation.md is played on the table page with taps only:
the tile picker, the choice of places in words (spider's leg closed face down, sausage's cut,
matador's crosswise lay, across/along doubles), the blind variants' rows entered tile by tile,
the turned-up tile laid or missed and the reveal at three, ladder's starter and spider's
put-aside tile chosen on the picker. The moves stored must be the example's moves.

Screenshots of every new state go to /tmp/shots7/ (ru and en).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from referee.rules.catalogue import VARIANTS
from test_web_browser import SCREEN_BOX, TALLY, go, phone_checks

pytestmark = pytest.mark.browser

SHOTS = "/tmp/shots7"
DOC = Path(__file__).resolve().parents[2] / "docs" / "notation.md"
BLOCK = re.compile(r"### (\w+)\n\n.*?```json\n(.*?)\n```\n\n`referee check`: .*?points: (.*?)\.\n", re.S)
#: the moves that need more than one tap or a choice in words
SPECIAL_WORDS = ("across", "along", "down", "cut", "miss", "open")
BLIND = ("blind_blitz", "dark")
#: the variants whose example has a special move, shot in English too
SPECIAL = ["spider", "sausage", "matador", "blind_blitz", "dark", "ladder"]


def examples() -> dict:
    out = {}
    for m in BLOCK.finditer(DOC.read_text(encoding="utf-8")):
        rec = json.loads(m.group(2))
        rec["points"] = {k: int(v) for k, v in (part.rsplit(" ", 1) for part in m.group(3).split(", "))}
        out[m.group(1)] = rec
    return out


def turns_to_play(rec: dict, lang: str) -> int:
    """The whole example hand, in both languages."""
    return len(rec["hands"][0]["turns"])


def _in_view(page, selector: str) -> None:
    """``selector``'s first element (its label) stands inside the screen as it is, above the bar,
    with no scroll (else a screenshot and an error); the tap is counted."""
    box = page.locator(selector).first.evaluate(SCREEN_BOX)
    if not (box[0] >= 0 and box[1] <= box[2] and box[3] == 0):
        os.makedirs("/tmp/shots-fail", exist_ok=True)
        page.screenshot(path="/tmp/shots-fail/" + re.sub(r"[^\w]+", "_", selector)[:80] + ".png")
        raise AssertionError(f"{selector}: outside the screen {box}")
    TALLY["taps"] += 1


def tap_in_view(page, selector: str) -> None:
    """A tap that loads nothing (a picker on the deal or start form): inside the screen as it
    is, above the bar, no scroll."""
    _in_view(page, selector)
    page.click(selector)


def low(tile: str) -> str:
    return ":".join(sorted(tile.replace("-", ":").split(":")))


def parse(token: str) -> dict:
    """A move token's parts: kind, tile (low half first), target, at, how."""
    words = token.split()
    if words[0] in ("pass", "draw", "miss", "open"):
        return {"kind": words[0], "tiles": [low(t) for t in words[1:]]}
    tile, _, rest = words[0].partition(">")
    target, _, at = rest.partition("@")
    how = " ".join(words[1:])
    return {"kind": "lay", "tile": low(tile), "target": low(target) if target else None,
            "at": at or None, "how": how.split("@")[0] if how.startswith("across") else how,
            "out": how.partition("@")[2] or None}


def same_move(example: str, stored: str) -> bool:
    a, b = parse(example), parse(stored)
    if a["kind"] != b["kind"]:
        return False
    if a["kind"] != "lay":
        return a["tiles"] == b["tiles"] or (a["kind"] == "open" and sorted(a["tiles"]) == sorted(b["tiles"]))
    if a["tile"] != b["tile"] or a["how"] != b["how"] or a["out"] != b["out"]:
        return False
    if a["target"] and a["target"] != b["target"]:
        return False
    return not (a["at"] and a["at"] != b["at"])


class Shots:
    def __init__(self, page, lang: str, variant: str):
        self.page, self.lang, self.variant, self.taken = page, lang, variant, set()

    def __call__(self, what: str) -> None:
        """Phone checks and one screenshot per state and variant."""
        phone_checks(self.page, f"{self.variant} {what}")
        if what in self.taken:
            return
        self.taken.add(what)
        os.makedirs(SHOTS, exist_ok=True)
        self.page.screenshot(path=f"{SHOTS}/{self.lang}-{self.variant}-{what}.png", full_page=True)


def no_problem(page, context: str) -> None:
    assert page.locator(".problem").count() == 0, (context, page.inner_text("main")[:1500])
    assert page.locator("h1").count() and "error" not in (page.title() or "").lower()


def new_match(page, base: str, rec: dict) -> str:
    page.goto(f"{base}/new/{rec['variant']}")
    for i, p in enumerate(rec["players"], start=1):
        page.fill(f'input[name="player_{i}"]', p)
    if rec["options"]:
        page.click("details.house-rules > summary")   # the house rules are folded: one tap opens them
    for key, value in rec["options"].items():
        page.check(f'input[name="opt_{key}"][value="{value}"]')
    go(page, "button.primary[type=submit]")
    assert "/m/" in page.url, page.inner_text("main")[:800]
    return page.url


def start_hand(page, edit: str, rec: dict, shot: Shots) -> None:
    hand = rec["hands"][0]
    if rec["variant"] in BLIND and "deal" in hand:
        # the rows, left to right, tapped on each player's picker
        page.goto(edit + "/deal")
        for i, p in enumerate(rec["players"]):
            # one row at a time: the next player's row comes up when one is full
            assert page.locator(f'fieldset.blind-row[data-row="deal_{i}"]').is_visible()
            for t in hand["deal"][p]:
                tap_in_view(page, f'fieldset.blind-row[data-row="deal_{i}"] button[data-tile="{low(t)}"]')
            assert page.input_value(f'input[name="deal_{i}"]') == " ".join(low(t) for t in hand["deal"][p])
        assert page.locator(".row-view .row-tile").count() == sum(len(r) for r in hand["deal"].values())
        if hand.get("lead"):
            page.select_option("select#lead", hand["lead"])
        shot("deal-rows")
        go(page, "form.deal-form button.primary", in_view=True)
        return
    page.goto(edit)
    for key in ("starter", "removed"):
        if key in hand:
            tap_in_view(page, f'form[action$="/hand"] label.pick:has(input[name="{key}"][value="{low(hand[key])}"])')
            shot(f"start-{key}")
    if page.locator("fieldset.start-lead").count() and hand.get("lead"):
        tick(page, f'fieldset.start-lead input[value="{hand["lead"]}"]')
    go(page, 'form[action$="/hand"] button.primary', in_view=True)


def choose(page, move: str, form: str, shot: Shots) -> None:
    """In a form of choices (places in words, or «does not fit»), tap the one that is ``move``."""
    buttons = page.locator(f"{form} button.place")
    values = [buttons.nth(k).get_attribute("value") if buttons.nth(k).get_attribute("name") == "token"
              else "miss" for k in range(buttons.count())]
    if move.startswith("miss"):
        assert page.locator(f"{form} button.place-miss").count() == 1, values
        shot("turned-up-miss" if "turned-up" in form else "choose-miss")
        go(page, f"{form} button.place-miss", in_view=True, moved=form == "form.choose")
        given_back(page, form)
        assert page.locator("p.blind-next").is_visible()  # what may follow: a draw, then a pass
        shot("after-miss")
        return
    match = [v for v in values if v != "miss" and same_move(move, v)]
    assert len(match) == 1, (move, values)
    kinds = page.locator(f"{form} button.place").evaluate_all("bs => bs.map(b => b.className)")
    special = [k.split("place-")[1] for k in kinds if any(w in k for w in ("down", "cut", "across", "along"))]
    what = special[0] if special else "place"
    if any("across@" in v for v in values):
        what = "across-half"
    elif any(" give " in v for v in values):
        what = "cut-give"
    shot(("turned-up-" if "turned-up" in form else "choose-") + what)
    go(page, f'{form} button.place[value="{match[0]}"]', in_view=True, moved=form == "form.choose")
    given_back(page, form)


def given_back(page, form: str) -> None:
    """A choice of places answered, the hand still in play: the page is where it was when its
    tile was tapped (that tap was made with the page never scrolled); the choice (under the
    layout, above the tiles) may have scrolled the page to bring its places above the bar, never
    the player. (The hand over, the tiles left are asked where that screen puts them.)"""
    if form == "form.choose" and page.locator("body.phase-play").count():
        assert page.evaluate("scrollY") == 0, "the page not given back after the choice"


def tick(page, selector: str) -> None:
    """Tick a radio or checkbox on the table page: a tap inside the screen as it is."""
    _in_view(page, selector)
    page.check(selector)


def play_move(page, rec: dict, player: str, move: str, shot: Shots) -> None:
    if page.locator("fieldset.leader").count():
        tick(page, f'fieldset.leader input[value="{player}"]')
    kind = move.split()[0]
    if kind == "pass":
        go(page, '.bar button[name="pass"]', in_view=True)
        return
    if kind == "open":
        assert page.locator("form.open-form").is_visible()
        shown = page.locator('form.open-form input[name="open_tile"][type="hidden"]')
        if shown.count():  # the row is known: the three tiles are there already
            assert sorted(shown.nth(k).get_attribute("value") for k in range(3)) == \
                sorted(low(t) for t in move.split()[1:])
        else:
            for t in move.split()[1:]:
                tap_in_view(page, f'form.open-form label.pick:has(input[value="{low(t)}"])')
        shot("open")
        go(page, 'form.open-form button[name="open"]', in_view=True)
        return
    if kind == "draw":
        if len(move.split()) == 1:
            go(page, '.bar button[name="draw"]', in_view=True)
            return
        mode = 'form.picker-form input[name="mode"][value="draw"]'
        if page.locator(mode).count() and not page.locator(mode).is_checked():
            tick(page, mode)  # with the deal known there is no mode: a bazaar tile is drawn
        go(page, f'form.picker-form button.pick[value="{low(move.split()[1])}"]', in_view=True)
        return
    tile = low(move.split()[1] if kind == "miss" else move.split(">")[0].split()[0])
    up = page.locator("form.turned-up")
    if up.count() and up.locator(f'svg[aria-label="{tile}"]').count() + \
            up.locator(f'svg[aria-label="{tile[::-1]}"]').count():
        choose(page, move, "form.turned-up", shot)  # the rightmost tile of a known row
        return
    lay = 'form.picker-form input[name="mode"][value="lay"]'
    if page.locator(lay).count() and not page.locator(lay).is_checked():
        tick(page, lay)  # draw mode stays on while he may draw: a lay after draws says so
    go(page, f'form.picker-form button.pick[value="{tile}"]', in_view=True)
    if page.locator("form.choose").count():
        choose(page, move, "form.choose", shot)


def play_example(page, base: str, rec: dict, lang: str, name: str | None = None) -> str:
    shot = Shots(page, lang, name or rec["variant"])
    edit = new_match(page, base, rec)
    start_hand(page, edit, rec, shot)
    no_problem(page, "start")
    turns = rec["hands"][0]["turns"][:turns_to_play(rec, lang)]
    for k, turn in enumerate(turns):
        for i, move in enumerate(turn["moves"]):
            if i and page.locator(".bar button.more").count():
                go(page, ".bar button.more", in_view=True)  # «X lays more»
            play_move(page, rec, turn["player"], move, shot)
            no_problem(page, (k, turn["player"], move))
        if page.locator(".bar button.next-turn").count():
            shot("turn-open")
            go(page, ".bar button.next-turn", in_view=True)  # «Turn: Y»
            no_problem(page, (k, "next turn"))
        elif page.locator('.bar button[form="end-form"]').count():
            go(page, '.bar button[form="end-form"]', in_view=True)
            no_problem(page, (k, "end turn"))
    if len(turns) == len(rec["hands"][0]["turns"]) and rec["variant"] in BLIND and "deal" in rec["hands"][0]:
        # a known deal played to the end: the score is the example's
        shot("after")
        cells = page.locator("table.score tfoot td")
        assert [int(cells.nth(i).inner_text()) for i in range(len(rec["players"]))] == \
            [rec["points"][p] for p in rec["players"]]
    stored = page.request.get(edit + "/export").json()["hands"][0]["turns"]
    assert [t["player"] for t in stored] == [t["player"] for t in turns]
    for mine, theirs in zip(stored, turns):
        assert len(mine["moves"]) == len(theirs["moves"]), (mine, theirs)
        for a, b in zip(theirs["moves"], mine["moves"]):
            assert same_move(a, b), (a, b)
    return edit


CASES = [(v, lang) for v in examples() for lang in ("ru", "en")]


def test_every_variant_has_its_example():
    assert len(examples()) == len(VARIANTS)


@pytest.mark.parametrize("variant,lang", CASES)
def test_every_variant_by_taps(phone, live_server, variant, lang):
    page = phone
    page.goto(f"{live_server}/lang/{lang}?next=/")
    rec = examples()[variant]
    play_example(page, live_server, rec, lang)
    assert page.locator("main").count()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_blind_hand_at_a_real_table(phone, live_server, lang):
    """Dark with the rows unknown (the usual case): each turned-up tile tapped on the picker,
    «does not fit» offered for a tile that fits nowhere, the three tiles of the reveal tapped."""
    page = phone
    page.goto(f"{live_server}/lang/{lang}?next=/")
    rec = examples()["dark"]
    rec["hands"][0] = {k: v for k, v in rec["hands"][0].items() if k != "deal"}
    rec["hands"][0]["turns"] = rec["hands"][0]["turns"][:10]  # up to the reveal
    play_example(page, live_server, rec, lang, name="dark-unknown")


HOUSE = {
    # sausage with cut_when=any: lanes one tile apart, the piece given chosen in words
    "sausage-give": {"variant": "sausage", "options": {"cut_when": "any"}, "players": ["Анна", "Борис"],
                     "hands": [{"turns": [
                         {"player": "Анна", "moves": ["3:3"]}, {"player": "Борис", "moves": ["3:6>3:3"]},
                         {"player": "Анна", "moves": ["3:5>3:3"]}, {"player": "Борис", "moves": ["6:4>3:6"]},
                         {"player": "Анна", "moves": ["4:5 cut give right"]}]}]},
    # matador with matador_end=chosen_half: the half facing out chosen in words
    "matador-half": {"variant": "matador", "options": {"matador_end": "chosen_half"},
                     "players": ["Анна", "Борис"],
                     "hands": [{"turns": [
                         {"player": "Анна", "moves": ["3:4 across"]}, {"player": "Борис", "moves": ["3:6>3:4"]},
                         {"player": "Анна", "moves": ["2:5>3:4 across@5"]}, {"player": "Борис", "moves": ["2:1>2:5"]}]}]},
}


@pytest.mark.parametrize("name,lang", [(n, lang) for n in HOUSE for lang in ("ru", "en")])
def test_house_options_by_taps(phone, live_server, name, lang):
    """House options that add choices: the sausage's piece given, the matador's half out."""
    page = phone
    page.goto(f"{live_server}/lang/{lang}?next=/")
    play_example(page, live_server, json.loads(json.dumps(HOUSE[name])), lang, name=name)
