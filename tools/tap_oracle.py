"""The tap oracle: seeded random legal hands of every variant played on the table page by taps.

The script of each hand is the engine's own random playout (``referee.rules.playout``:
``random_hand`` deals, ``walk`` plays uniformly random legal tokens as a record holds them).
A real Chromium (Playwright, Debian's ``/usr/bin/chromium``) at a phone's size then plays that
hand on the app through taps only: the tiles of the deal, the tiles and places, draw, pass,
«X lays more» / «Turn: Y», the blind rows, the reveal, the sausage's cut, the ladder's starter.
Never the folded text field. Three modes:

- ``deal``: the match started «with the deal entered», every tile of the deal tapped;
- ``nodeal``: move by move without the deal (the tiles drawn tapped on the picker, the tiles
  left tapped at the end);
- ``result``: the hand entered by its result only (who went out or a block, the tiles left
  tapped, the points scored during play where the game counts them).

After each hand the match is read back (the app's export of the game record) and compared with
the hand meant, move for move (the result, in ``result`` mode), and the scoreboard's totals
with the engine's replay of the meant hand.

Every variant of the engine's catalogue (``catalogue.VARIANT_NAMES``) is a case, and «Козёл»
(traditional with the yard preset, pair against pair) one more.

    python tools/tap_oracle.py --hands 3 --seed 1 [--variant blitz] [--mode deal|nodeal|result]
                               [--lang ru|en] [--viewport 390x844] [--json FILE]

prints the hands played and failed, and each failure with its case, mode and seed (replay
one with ``--variant V --mode M --seed S --hands 1``), the taps, page loads and scrolls per hand
(a scroll: a tap on something out of sight, above the screen or under the bar or the number pad).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from referee.rules import catalogue
from referee.rules.playout import random_hand, walk
from referee.rules.tiles import tile_str, tiles_of

# the tests' helper that serves the app in a thread (the tests and this tool serve it alike)
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "web"))
from servehelpers import in_thread  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]
MODES = ("deal", "nodeal", "result")
NAMES = {"ru": ["Анна", "Борис", "Вера", "Глеб", "Дарья", "Егор", "Жанна", "Зоя"],
         "en": ["Ann", "Bob", "Cleo", "Dan", "Eve", "Fred", "Gwen", "Hugo"]}
#: the «Козёл» preset, pair against pair: a case of its own
KOZEL = "kozel"


def cases() -> list[str]:
    """Every variant of the engine's catalogue, and «Козёл» in pairs."""
    return list(catalogue.VARIANT_NAMES) + [KOZEL]


def low(tile: str) -> str:
    """A tile as the picker names it (the low half first)."""
    return ":".join(sorted(tile.split(":")))


# -- the script: the engine's random playout ---------------------------------------------------

@dataclass
class Script:
    """One hand as the engine's random playout played it, and what it scores."""

    case: str
    seed: int
    variant: str
    preset: str | None
    options: dict[str, Any]
    players: list[str]
    hand: dict[str, Any]          # the record's hand: deal, lead, removed, starter, turns
    end: str | None
    winner: str | None
    left: dict[str, list[str]]    # what each player still holds at the end
    scored: dict[str, int]        # points scored during play (counting games)
    maker: str | None
    totals: dict[str, int]        # the engine's totals after the hand (per pair in pairs)
    blind: bool
    bazaar: bool
    #: the hands of the match before this one, as the table entered them
    before: list[dict[str, Any]] = field(default_factory=list)

    @property
    def record(self) -> dict[str, Any]:
        return {"format": "referee-record/1", "variant": self.variant, "options": self.options,
                "players": self.players, "hands": [*self.before, self.hand]}

    @property
    def number(self) -> int:
        return len(self.before) + 1


def random_house_rules(variant: str, n: int, rng: random.Random, given: dict[str, Any]) -> dict[str, Any]:
    """Every house option with a choice of values given one at random (numbers kept at their
    defaults), drawn again until the options go together."""
    sp = catalogue.spec(variant)
    for _ in range(50):
        pick = dict(given)
        for o in sp.options:
            if o.choices and not o.numeric and o.key not in given:
                pick[o.key] = rng.choice(list(o.choices))
        try:
            return {k: v for k, v in catalogue.resolve_options(variant, n, pick).items() if v is not None}
        except catalogue.OptionError:
            continue
    return {k: v for k, v in catalogue.resolve_options(variant, n, given).items() if v is not None}


def make_script(case: str, seed: int, lang: str = "ru", players: int | None = None, house: str | None = None,
                before: list[dict[str, Any]] | None = None, options: dict[str, Any] | None = None,
                redeal: int = 0) -> Script:
    """The hand of ``case`` and ``seed``: players, deal, leader and moves from the engine.
    ``house="random"``: house options drawn at random (``random_house_rules``). ``before``: the
    hands of the match already played (as entered), with its ``players`` and ``options``: the
    next hand, its leader as the rules make him (the last winner, where they say so).
    ``redeal``: another hand of the same seed (the ``redeal``-th drawn after it)."""
    from referee.record import replay
    from referee.rules import new_hand
    from referee.rules.playout import random_deal

    rng = random.Random(f"{case}/{seed}" + (f"/hand{len(before) + 1}" if before else "")
                        + (f"/redeal{redeal}" if redeal else ""))
    variant, preset = ("traditional", "yard") if case == KOZEL else (case, None)
    sp = catalogue.spec(variant)
    given = dict(catalogue.PRESETS[variant][preset]) if preset else {}
    if before:
        assert players is not None and options is not None
        n = players
    else:
        n = 4 if preset else rng.choice(list(sp.player_counts))
        if players is not None:
            n = players
        if house == "random":
            options = random_house_rules(variant, n, random.Random(f"house/{case}/{seed}"), given)
            if options.get("teams") == "pairs" and n != 4:
                options = random_house_rules(variant, n, random.Random(f"house/{case}/{seed}"),
                                             {**given, "teams": "none"})
        else:
            options = {k: v for k, v in catalogue.resolve_options(variant, n, given).items() if v is not None}
    assert options is not None
    names = NAMES[lang][:n]
    if before:
        rec = {"format": "referee-record/1", "variant": variant, "options": options, "players": names,
               "hands": before}
        rep = replay(rec, lang)
        if rep.error:
            raise RuntimeError(f"{case} seed {seed}: the engine refuses the hands before: {rep.error}")
        if rep.match_winner:
            raise MatchOver(rep.match_winner)
        won = [hr.winner for hr in rep.hands if hr.end != "redeal"]
        prev = won[-1] if won else None
        for _ in range(50):
            from referee.rules.variants import make_variant

            dealt, removed, starter = random_deal(make_variant(variant, n, options), n, rng)
            h = new_hand(variant, names, options, deal={names[k]: [tile_str(t) for t in dealt[k]] for k in range(n)},
                         removed=tile_str(removed) if removed is not None else None,
                         starter=tile_str(starter) if starter is not None else None,
                         previous_winner=prev if prev in names else None, first_hand=False)
            if h.to_move is None and not h.over:
                h.to_move = rng.randrange(n)
            if h.end != "redeal":
                break
    else:
        for _ in range(50):
            h = random_hand(variant, n, rng, options)
            if h.end != "redeal":
                break
    v = h.v
    deal = {names[s]: [tile_str(t) for t in (h.rows[s] if v.blind else tiles_of(h.hands[s]))]
            for s in range(n)}
    lead = names[h.to_move] if h.to_move is not None and not v.fixed_leader(h) else None
    bazaar = h.stock_n > 0
    for _ in walk(h, rng):
        pass
    if not h.over:
        raise RuntimeError(f"{case} seed {seed}: the playout did not end")
    turns = [{"player": names[s], "moves": list(m)} for s, m in h.turn_log]
    if h.t_moves and not (h.turn_log and h.turn_log[-1][1] is h.t_moves):
        turns.append({"player": names[h.to_move], "moves": list(h.t_moves)})
    hand: dict[str, Any] = {"deal": deal, "turns": turns}
    if h.removed_known >= 0:
        hand["removed"] = tile_str(h.removed_known)
    if h.starter >= 0:
        hand["starter"] = tile_str(h.starter)
    if lead:
        hand["lead"] = lead
    script = Script(case, seed, variant, preset, options, names, hand, h.end,
                    names[h.winner] if h.winner is not None else None,
                    {names[s]: [tile_str(t) for t in tiles_of(h.hands[s])] for s in range(n)},
                    {names[s]: h.scores[s] for s in range(n)},
                    names[h.maker] if h.maker is not None else None, {}, v.blind, bazaar, list(before or []))
    rep = replay(script.record, lang)
    if rep.error:
        raise RuntimeError(f"{case} seed {seed}: the engine refuses its own playout: {rep.error}")
    script.totals = dict(rep.totals)
    return script


#: the kinds of move a hand may show (a token's first word, or a word after the tile)
FEATURES = ("draw", "pass", "miss", "open", "cut", "down", "across", "along")


def features(s: Script) -> set[str]:
    """The kinds of move the hand shows; ``multi``: a turn of several lays."""
    toks = [m for t in s.hand["turns"] for m in t["moves"]]
    out = {w for w in FEATURES if any(m.split()[0] == w or f" {w}" in m for m in toks)}
    if any(sum(1 for m in t["moves"] if m.split()[0] not in ("draw", "pass")) > 1 for t in s.hand["turns"]):
        out.add("multi")
    return out


#: the kinds of move a short sample must still show where the variant's hands show them
NEEDED = frozenset({"draw", "open", "miss", "multi", "cut", "down", "across"})


def sample_seeds(day: int | None = None) -> range:
    """The seeds the CI sample chooses its hands among: twelve, a window that moves on each day
    (``TAP_ORACLE_SEEDS=S`` fixes it at S..S+11, to replay a day's sample), so that the sample
    covers more hands over time; a failure names its seed."""
    import datetime

    fixed = os.environ.get("TAP_ORACLE_SEEDS")
    if fixed:
        first = int(fixed)
    else:
        first = 1 + 12 * ((day if day is not None else datetime.date.today().toordinal()) % 25)
    return range(first, first + 12)


def featured_seed(case: str, seeds: range = range(1, 13)) -> int:
    """Among ``seeds``, the shortest hand that shows every kind of move of ``NEEDED`` that any
    of them shows: a short sample that still draws, reveals, misses, lays several tiles in a
    turn, cuts, closes a leg or lays across where the variant does."""
    scripts = {seed: make_script(case, seed) for seed in seeds}
    shown = set().union(*(features(s) for s in scripts.values())) & NEEDED
    return min(scripts, key=lambda seed: (len(shown - features(scripts[seed])),
                                          sum(len(t["moves"]) for t in scripts[seed].hand["turns"]), seed))


# -- the driver --------------------------------------------------------------------------------

class MatchOver(Exception):
    """The match has a winner: no further hand."""


class Failed(AssertionError):
    """The app did not play the hand as meant (what happened, in words)."""


#: whether the first element of a selector is on the page and shown
_SHOWN = """s => { const e = document.querySelector(s);
    return !!e && !!(e.offsetWidth || e.offsetHeight || e.getClientRects().length); }"""

#: whether the first element of a selector is out of sight: above the screen's top, or below its
#: bottom or under the bar fixed there (a person scrolls once to reach it); a dock beside it
#: (sideways, the number pad stands at the right of the form) covers nothing of it
_OUT_OF_SIGHT = """s => { const el = document.querySelector(s);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    let bottom = innerHeight;
    if (!el.closest('.bar, .pad-dock')) for (const b of document.querySelectorAll('.bar, .pad-dock')) {
        const br = b.getBoundingClientRect();
        if (br.height && br.left < r.right && br.right > r.left && getComputedStyle(b).position === 'fixed')
            bottom = Math.min(bottom, br.top);
    }
    return r.top < 0 || r.bottom > bottom + 1; }"""

#: what a tap on the first element of a selector will do: [found, shown, sent in the background
#: by app.js (the table redrawn in place: <main>'s data-gen changes), loads a page, data-gen]
_TAP_INFO = r"""s => {
    const el = document.querySelector(s);
    const gen = (document.querySelector('main') || document.body).getAttribute('data-gen') || '0';
    if (!el) return [false, false, false, false, gen];
    const shown = !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
    const submit = el.tagName === 'BUTTON' && el.type === 'submit';
    const f = submit ? (el.form || el.closest('form')) : null;
    let live = false;
    if (f && window.refereeBusy) {
        live = f.id === 'more-form' || (f.method.toLowerCase() === 'post' &&
            /\/m\/[^/]+\/(move|end-turn|undo|redo|hand|left)$/.test(new URL(f.action, location.href).pathname));
    }
    return [true, shown, live, el.tagName === 'A' || !!f, gen];
}"""


@dataclass
class Tally:
    taps: int = 0
    loads: int = 0
    scrolls: int = 0  # taps on something out of sight (off the screen, or under the bar)
    log: list[str] = field(default_factory=list)
    #: what each scroll was for (the tap's words, or its selector), in the hand's order
    scrolled: list[str] = field(default_factory=list)


def problem_of(page) -> str:
    """What the page refuses or warns of (its ``.problem`` boxes), in words."""
    return str(page.eval_on_selector_all(".problem", "ps => ps.map(p => p.innerText).join(' ')")).strip()


class Table:
    """One phone on the app: taps, and what the page says."""

    def __init__(self, page, base: str, shots: str | None = None, looks: str | None = None):
        self.page, self.base, self.shots = page, base, shots
        self.looks, self.looked, self.name = looks, 0, ""  # ``look``: the screens a player sees
        self.tally = Tally()
        self.wait = True  # False: offline, a tap waits on the phone (nothing is redrawn)
        page.on("framenavigated", self._navigated)

    def _navigated(self, frame) -> None:
        if frame == self.page.main_frame:
            self.tally.loads += 1

    def shot(self, name: str) -> str | None:
        if not self.shots:
            return None
        os.makedirs(self.shots, exist_ok=True)
        safe = re.sub(r"[^\w.-]+", "_", name)[:120]
        path = f"{self.shots}/{safe}.png"
        self.page.screenshot(path=path, full_page=True)
        return path

    def look(self, step: str) -> None:
        """The screen as the player sees it now (the viewport, not the whole page), into the
        ``--look`` folder, numbered in the hand's order: to be looked at by a person."""
        if not self.looks:
            return
        os.makedirs(self.looks, exist_ok=True)
        self.looked += 1
        self.page.screenshot(path=f"{self.looks}/{self.name}-{self.looked:02d}-{step}.png")

    def problem(self) -> str:
        return problem_of(self.page)

    def sight(self, selector: str, what: str = "") -> None:
        """Counts a scroll when what is about to be tapped is out of sight."""
        if self.page.evaluate(_OUT_OF_SIGHT, selector):
            self.tally.scrolls += 1
            self.tally.scrolled.append(what or selector)

    def has(self, selector: str) -> bool:
        """Something shown on the page (one question to the browser)."""
        return bool(self.page.evaluate(_SHOWN, selector))

    def tap(self, selector: str, what: str = "", wait: bool | None = None) -> None:
        """A tap on something shown; waits for what it does (the table redrawn in place, or
        a page loaded). Something not shown is a failure (a person could not tap it)."""
        page = self.page
        if wait is None:
            wait = self.wait
        found, shown, live, loads, gen = page.evaluate(_TAP_INFO, selector)
        if not found:
            raise Failed(f"{what or selector}: not on the page")
        if not shown:
            raise Failed(f"{what or selector}: on the page but not shown")
        self.sight(selector, what)
        self.tally.taps += 1
        self.tally.log.append(what or selector)
        el = page.locator(selector).first
        if live and wait:
            el.tap()
            page.wait_for_function(
                "g => (document.querySelector('main').getAttribute('data-gen') || '0') !== g", arg=gen)
        elif loads and not live:
            with page.expect_navigation():
                el.tap()
        else:
            el.tap()  # a picker, a radio, a tab (nothing loaded), or a tap waiting offline

    def choose(self, selector: str, value: str, what: str = "") -> None:
        """A tap on a select, then on the option."""
        self.sight(selector, what)
        self.tally.taps += 2
        self.tally.log.append(what or selector)
        self.page.select_option(selector, value)


def export(table: Table, edit: str) -> dict:
    return table.page.request.get(edit + "/export").json()


def new_match(t: Table, s: Script, with_deal: bool, lang: str) -> str:
    """The match set up: the language chosen, the players' names typed, «Start the match»
    (or «Start with the deal entered»)."""
    from urllib.parse import quote

    page = t.page
    url = f"/new/{s.variant}" + (f"?preset={s.preset}" if s.preset else "")
    said = {c["name"]: c["value"] for c in page.context.cookies(t.base)}
    if said.get("lang") == lang:
        page.goto(t.base + url)  # the phone speaks it already (its cookie): no detour
    else:
        page.goto(f"{t.base}/lang/{lang}?next={quote(url)}")
    for i, p in enumerate(s.players, start=1):
        page.fill(f'input[name="player_{i}"]', p)
    def open_rules() -> None:  # the house rules are folded under the names: one tap opens them
        if not page.locator("details.house-rules[open]").count():
            t.tap("details.house-rules > summary", "open the house rules")

    for key, value in s.options.items():  # the house rules: each one not ticked as meant, tapped
        radio = f'input[name="opt_{key}"][value="{value}"]'
        if isinstance(value, str) and page.locator(radio).count() and not page.locator(radio).is_checked():
            open_rules()
            t.tap(f"label.choice:has({radio})", f"house rule {key}: {value}")
        elif isinstance(value, int) and page.locator(f'input[name="opt_{key}"]').count() and \
                page.input_value(f'input[name="opt_{key}"]') != str(value):
            open_rules()
            t.tally.taps += 1
            page.fill(f'input[name="opt_{key}"]', str(value))
    t.look("setup")
    t.tap("button.with-deal" if with_deal else "button.primary[type=submit]", "start the match")
    if "/m/" not in page.url:
        raise Failed(f"the match was not started: {t.problem() or page.inner_text('main')[:300]}")
    return page.url.removesuffix("/deal")


def enter_deal(t: Table, s: Script) -> None:
    """The deal page: every player's tiles (a blind row left to right), the bazaar's tile put
    aside or turned up, who leads."""
    hand = s.hand
    for i, p in enumerate(s.players):
        for tile in hand["deal"][p]:
            if s.blind:
                t.tap(f'fieldset.blind-row[data-row="deal_{i}"] button[data-tile="{low(tile)}"]', f"row {p} {tile}")
            else:
                t.tap(f'fieldset.deal-player[data-i="{i}"] label.pick:has(input[value="{low(tile)}"])',
                      f"deal {p} {tile}")
    for key in ("starter", "removed"):
        if key in hand:
            t.tap(f'fieldset[data-one="{key}"] label.pick:has(input[value="{low(hand[key])}"])', f"{key} {hand[key]}")
    if hand.get("lead"):
        t.choose("select#lead", hand["lead"], f"lead {hand['lead']}")
    t.tap("form.deal-form button.primary", "start the hand")
    if t.problem():
        raise Failed(f"the deal was refused: {t.problem()}")


def start_without_deal(t: Table, s: Script, edit: str, preselected: list[str], skip: tuple[str, ...] = ()) -> None:
    hand = s.hand
    for key in ("starter", "removed"):
        if key in hand and key not in skip:
            t.tap(f'form[action$="/hand"] label.pick:has(input[name="{key}"][value="{low(hand[key])}"])',
                  f"{key} {hand[key]}")
    if t.has("fieldset.start-lead"):
        lead = hand.get("lead") or hand["turns"][0]["player"]
        checked = t.page.locator("fieldset.start-lead input:checked")
        if checked.count() and checked.first.get_attribute("value"):
            preselected.append("who leads: " + str(checked.first.get_attribute("value")))
        t.tap(f'fieldset.start-lead label:has(input[value="{lead}"])', f"lead {lead}")
    t.tap('form[action$="/hand"] button[type=submit]', "start the hand")


def lead_if_asked(t: Table, player: str, preselected: list[str]) -> None:
    if t.has("fieldset.leader"):
        checked = t.page.locator("fieldset.leader input:checked")
        if checked.count():
            preselected.append("who leads: " + str(checked.first.get_attribute("value")))
        t.tap(f'fieldset.leader label:has(input[value="{player}"])', f"leader {player}")


def norm(token: str) -> tuple:
    """A token's meaning: the tile and the tile it is laid against with their halves in
    either order (``4:0>4:4`` is ``0:4>4:4``), the rest as written."""
    words = token.split()
    if words[0] in ("pass", "draw", "miss", "open"):
        tiles = [low(x) for x in words[1:]]
        return (words[0], *(sorted(tiles) if words[0] == "open" else tiles))
    tile, _, rest = words[0].partition(">")
    target, _, at = rest.partition("@")
    return ("lay", low(tile), low(target) if target else "", at, *words[1:])


def _find(t: Table, selector: str, move: str) -> str | None:
    """The value among the buttons of ``selector`` that means ``move``."""
    for value in t.page.eval_on_selector_all(selector, "bs => bs.map(b => b.value || '')"):
        if value and norm(value) == norm(move):
            return value
    return None


def _place(t: Table, form: str, move: str) -> None:
    """In a form of places in words, tap the one that is ``move`` (or «does not fit»)."""
    if move.startswith("miss"):
        t.tap(f"{form} button.place-miss", move)
        return
    t.look("places")
    value = _find(t, f"{form} button.place[name=token]", move)
    if value is None:
        buttons = t.page.locator(f"{form} button.place[name=token]")
        values = [buttons.nth(k).get_attribute("value") for k in range(buttons.count())]
        raise Failed(f"{move}: not among the places offered {values}")
    t.tap(f'{form} button.place[value="{value}"]', move)


def _tile_of(move: str) -> str:
    words = move.split()
    if words[0] in ("miss", "draw"):
        return low(words[1])
    return low(words[0].split(">")[0].split("@")[0])


def play_move(t: Table, s: Script, player: str, move: str, known: bool, rng: random.Random,
              preselected: list[str]) -> str:
    """One move by taps; returns the token the app should have stored."""
    lead_if_asked(t, player, preselected)
    kind = move.split()[0]
    if kind == "pass":
        t.tap('.bar button[name="pass"]', f"{player}: pass")
        return move
    if kind == "open":
        if not t.has("form.open-form"):
            raise Failed(f"{player}: {move}: the reveal is not offered")
        if not t.page.locator('form.open-form input[name="open_tile"][type="hidden"]').count():
            for tile in move.split()[1:]:
                t.tap(f'form.open-form label.pick:has(input[value="{low(tile)}"])', f"open {tile}")
        t.tap('form.open-form button[name="open"]', f"{player}: {move}")
        return move
    if kind == "draw":
        tile = low(move.split()[1])
        bazaar = f'form.picker-form .picker.bazaar button.pick[value="{tile}"]'
        if known and t.page.locator(bazaar).count():
            t.tap(bazaar, f"{player}: {move}")  # the deal known: the bazaar's tiles, a tap draws
            return move
        mode = 'form.picker-form input[name="mode"][value="draw"]'
        if known or s.blind or rng.random() < 0.7 or not t.has('.bar button[name="draw"]'):
            if t.page.locator(mode).count() and not t.page.locator(mode).is_checked():
                t.tap(f'form.picker-form label:has({mode.removeprefix("form.picker-form ")})', "records drawing it")
            t.tap(f'form.picker-form button.pick[value="{tile}"]', f"{player}: {move}")
            return move
        t.tap('.bar button[name="draw"]', f"{player}: draw (unseen)")
        return "draw"
    tile = _tile_of(move)
    if t.has("form.turned-up") and (
            (move.startswith("miss") and t.page.locator("form.turned-up button.place-miss").count())
            or _find(t, "form.turned-up button.place[name=token]", move)):
        _place(t, "form.turned-up", move)  # a known row's rightmost tile
        return move
    if t.has('form.picker-form input[name="mode"][value="lay"]') and \
            not t.page.locator('form.picker-form input[name="mode"][value="lay"]').is_checked():
        t.tap('form.picker-form label:has(input[name="mode"][value="lay"])', "lays it")
    split = _find(t, f'form.picker-form .picker.own button.pick.split[data-tile="{tile}"]', move) if known else None
    if split:
        t.tap(f'form.picker-form .picker.own button.pick.split[value="{split}"]', f"{player}: {move}")
        return move
    own = t.page.locator("form.picker-form .picker.own").count()
    sel = (f'form.picker-form .picker.own button.pick[value="{tile}"]' if known and own
           else f'form.picker-form button.pick[value="{tile}"]')
    t.tap(sel, f"{player}: {tile}")
    if t.has("form.choose:not(.turned-up)"):
        _place(t, "form.choose:not(.turned-up)", move)
    return move


def close_turn(t: Table, player: str) -> None:
    """A turn the script ended by choice: «Turn: Y» (or «End the turn»)."""
    if t.has(".bar button.next-turn"):
        t.tap(".bar button.next-turn", f"{player}: turn ends")
    elif t.has('.bar button[form="end-form"]'):
        t.tap('.bar button[form="end-form"]', f"{player}: end the turn")


def _open_tiles(t: Table, i: int, p: str) -> None:
    """The picker of player ``i``'s tiles brought up where the form keeps it behind the number
    pad («Tiles», or his tab)."""
    details = f'details.left-tiles[data-i="{i}"]'
    if t.page.locator(details).count() and not t.has(f"{details} .picker"):
        for opener in (f'button.tile-tab[data-i="{i}"]', f'button.tiles-open[data-i="{i}"]', f"{details} > summary"):
            if t.has(opener):
                t.tap(opener, f"tiles of {p}")
                break


def _open_pad(t: Table, i: int) -> None:
    """The number pad brought back where another player's tiles are up in its place (a player
    who holds none is given 0 pips on it)."""
    if not t.has(f'input[name="pips_{i}"]') and t.has(".tile-tabs .pad-back"):
        t.tap(".tile-tabs .pad-back", "the number pad")


def enter_left(t: Table, s: Script) -> None:
    """The hand over without the deal: the tiles each player asked still holds, tapped (his
    pips, 0, where he holds none)."""
    if not t.has("form.left-form"):
        return
    page = t.page
    for i, p in enumerate(s.players):
        if not page.locator(f'form.left-form input[name="left_{i}"]').count():
            continue
        if not s.left[p]:
            if page.locator(f'form.left-form input[name="pips_{i}"]').count():
                _open_pad(t, i)
                t.sight(f'form.left-form input[name="pips_{i}"]')
                t.tally.taps += 1
                page.fill(f'form.left-form input[name="pips_{i}"]', "0")
            continue
        _open_tiles(t, i, p)
        t.look(f"left-tiles-{i}")
        for tile in s.left[p]:
            t.tap(f'form.left-form label.pick:has(input[name="left_{i}"][value="{low(tile)}"])', f"left {p} {tile}")
    t.tap("form.left-form button.primary", "score the hand")


def enter_result(t: Table, s: Script, edit: str, preselected: list[str]) -> dict:
    """The hand by its result: how it ended, the tiles left, the points scored in play."""
    page = t.page
    t.tap('a[href$="/result"]', "enter a hand by result")
    checked = page.locator("fieldset.result-end input:checked")
    if checked.count():
        preselected.append("how the hand ended: " + str(checked.first.get_attribute("value")))
    out = s.winner if s.end == "out" else "*block*"
    t.tap(f'fieldset.result-end label:has(input[value="{out}"])', f"out: {out}")
    res: dict[str, Any] = {"out": s.winner if s.end == "out" else None, "left": {}}
    for i, p in enumerate(s.players):
        if p == s.winner:
            continue
        row = f'.pip-row[data-i="{i}"]'
        if page.locator(row).count() and page.evaluate(
                "s => { const r = document.querySelector(s); const i = r && r.querySelector('input');"
                " return !!(i && (i.disabled || i.readOnly) && !r.classList.contains('tiles'))"
                " || (r && r.classList.contains('free')); }", row):
            continue  # the form says his tiles do not count (his partner went out); «tiles»: asked by them
        res["left"][p] = [low(x) for x in s.left[p]]
        if not s.left[p]:  # nothing left (a block where he laid his last tile): his pips, 0
            _open_pad(t, i)
            t.sight(f'input[name="pips_{i}"]')
            t.tally.taps += 1
            page.fill(f'input[name="pips_{i}"]', "0")
            continue
        _open_tiles(t, i, p)
        t.look(f"result-tiles-{i}")
        for tile in s.left[p]:
            t.tap(f'details.left-tiles[data-i="{i}"] label.pick:has(input[value="{low(tile)}"])', f"left {p} {tile}")
    if page.locator('input[name^="scored_"]').count():
        scored = {}
        for i, p in enumerate(s.players):
            if s.scored.get(p):
                t.sight(f'input[name="scored_{i}"]')
                t.tally.taps += 1
                page.fill(f'input[name="scored_{i}"]', str(s.scored[p]))
                scored[p] = s.scored[p]
        if scored:
            res["scored"] = scored
    if page.locator("select#maker").count() and s.end != "out" and s.maker:
        t.choose("select#maker", s.maker, f"maker {s.maker}")
        res["maker"] = s.maker
    # «Record»: a page loaded, or the form sent in the background and the next hand's form
    # drawn in its place; either way the export holds the hand
    if not t.has("form.result-form button.primary"):
        raise Failed("no «Record» button")
    t.sight("form.result-form button.primary")
    t.tally.taps += 1
    t.tally.log.append("record")
    page.locator("form.result-form button.primary").first.tap()
    for _ in range(60):
        page.wait_for_timeout(500)
        if t.problem() or export(t, edit).get("hands"):
            break
    page.wait_for_load_state()
    t.look("recorded")
    if t.problem():
        raise Failed(f"the result was refused: {t.problem()}")
    return res


def window_of(s: Script, disturb: str | None, known: bool) -> list[int] | None:
    """The moves (indices in the hand's order) ``disturb`` is made on: two turns of one tap in
    a row, mid-hand (``offline``), or one such turn (``twophones``); none for the others. None
    where the hand has no such moves."""
    if disturb not in ("offline", "twophones"):
        return []
    simple = simple_moves(s, known)
    if disturb == "offline":
        pairs = [j for j in simple if j + 1 in simple]
        return [pairs[len(pairs) // 2], pairs[len(pairs) // 2] + 1] if pairs else None
    return [simple[len(simple) // 2]] if simple else None


def fits(s: Script, disturb: str | None, known: bool) -> bool:
    """Whether the hand has the moves ``disturb`` needs (``window_of``)."""
    return window_of(s, disturb, known) is not None


#: how many other hands of a seed are drawn, at most, for one the disturbance fits
REDEALS = 40


def script_for(case: str, seed: int, disturb: str | None, known: bool, lang: str, players: int | None,
               house: str | None, before: list[dict[str, Any]] | None = None,
               options: dict[str, Any] | None = None) -> tuple[Script, int]:
    """The seed's hand, or where the disturbance does not fit it (no turn of one tap to make
    offline or on two phones), the first hand drawn after it that it fits: the same seed
    replays the same hands. Returns the script and how many hands were drawn again."""
    for r in range(REDEALS + 1):
        s = make_script(case, seed, lang, players, house, before, options, redeal=r)
        if fits(s, disturb, known):
            return s, r
    return s, r


def simple_moves(s: Script, known: bool) -> list[int]:
    """The moves (indices in the hand's order) that one tap makes whatever the phone knows:
    a lay that fits one place only, by a player who laid nothing before in his turn, not the
    hand's first move; a turn of that one move. (Offline, the phone cannot ask where.)"""
    from referee.record import positions
    from referee.rules.tiles import parse_tile

    hand = dict(s.hand) if known else {k: v for k, v in s.hand.items() if k != "deal"}
    rec = dict(s.record, hands=[*s.before, hand])
    flat = [(k, i, mv) for k, tu in enumerate(s.hand["turns"]) for i, mv in enumerate(tu["moves"])]
    single = {k for k, tu in enumerate(s.hand["turns"]) if len(tu["moves"]) == 1}
    out = []
    for pos in positions(rec, s.number):
        j = pos.index
        if j >= len(flat):
            break
        k, i, mv = flat[j]
        if j == 0 or k not in single or mv.split()[0] in ("pass", "draw", "miss", "open"):
            continue
        if pos.hand.to_move is None or s.players[pos.hand.to_move] != s.hand["turns"][k]["player"]:
            continue
        if len(pos.hand.places_for(parse_tile(_tile_of(mv)))) == 1:
            out.append(j)
    return out


#: how many taps the phone keeps waiting for the connection
_QUEUED = """() => { const st = document.getElementById('table-state');
    try { return JSON.parse(localStorage.getItem('referee-queue:' + st.getAttribute('data-key')) || '[]').length; }
    catch (e) { return 0; } }"""


def offline_tap(t: Table, out: "Outcome", action):
    """``action`` (the taps of one move, or the turn's end) on a phone that may be offline. A tap
    the phone did not keep must have been refused at once, in the words that say the phone
    cannot tell what follows; then, as a player would, the phone is back online, sends what it
    kept and the move is made again there."""
    page = t.page
    if t.wait:
        return action()
    n0, taps0 = page.evaluate(_QUEUED), t.tally.taps
    got = action()
    if t.tally.taps == taps0 or page.evaluate(_QUEUED) > n0:
        return got
    unknown = page.get_attribute("#table-state", "data-unknown") or ""
    said = page.inner_text(".bar-turn") if t.has(".bar-turn") else ""
    if not unknown or unknown not in said:
        raise Failed(f"a tap made offline was neither kept nor refused at once (the bar says {said!r})")
    out.declined += 1
    page.context.set_offline(False)
    t.wait = True
    _settle(page)
    return action()


def _settle(page) -> None:
    """Wait until the phone has sent every tap waiting on it and drawn the answer."""
    page.wait_for_function("() => window.refereeBusy && !window.refereeBusy() && "
                           "!document.querySelector('main.sending')", timeout=20_000)


@dataclass
class Outcome:
    case: str
    mode: str
    seed: int
    lang: str
    viewport: str
    ok: bool
    why: str = ""
    taps: int = 0
    loads: int = 0
    scrolls: int = 0
    #: what each scroll was for
    scrolled: list[str] = field(default_factory=list)
    moves: int = 0
    preselected: list[str] = field(default_factory=list)
    shot: str | None = None
    seconds: float = 0.0
    #: taps made offline that the phone said at once it could not follow (then made again online)
    declined: int = 0
    house: str | None = None
    hands_meant: int = 1
    #: hands played (a match may end before the hands meant)
    hands: int = 0
    #: hands started without their starter, entered on the table
    starters_later: int = 0
    #: hands drawn again for one the disturbance fits (``script_for``)
    redealt: int = 0

    def line(self) -> str:
        head = f"{self.case} --mode {self.mode} --seed {self.seed} --lang {self.lang} --viewport {self.viewport}"
        if self.house:
            head += f" --house-rules {self.house}"
        if self.hands_meant > 1:
            head += f" --match-hands {self.hands_meant}"
        said = f" [{self.declined} taps made offline refused at once, made again online]" if self.declined else ""
        if self.redealt:
            said += f" [dealt again {self.redealt} times for a hand the disturbance fits]"
        tally = f" ({self.taps} taps, {self.loads} loads, {self.scrolls} scrolls)" if self.ok else ""
        return head + said + tally + ("" if self.ok else f": {self.why}")


def _same(meant: str, stored: str) -> bool:
    return norm(meant) == norm(stored)


def compare(s: Script, got: dict, meant_tokens: list[tuple[str, str]] | None, result: dict | None) -> None:
    """The export against the hand meant: move for move (or the result), and the deal."""
    hands = got.get("hands") or []
    if len(hands) != s.number:
        raise Failed(f"the export holds {len(hands)} hands, {s.number} meant")
    h = hands[-1]
    if meant_tokens is not None:
        stored = [(t["player"], mv) for t in h.get("turns", []) for mv in t["moves"]]
        for k, (a, b) in enumerate(zip(meant_tokens, stored)):
            if a[0] != b[0] or not _same(a[1], b[1]):
                raise Failed(f"move {k + 1}: meant {a[0]} {a[1]}, stored {b[0]} {b[1]}")
        if len(stored) != len(meant_tokens):
            raise Failed(f"{len(meant_tokens)} moves meant, {len(stored)} stored")
        turns = [t["player"] for t in h.get("turns", [])]
        want = [t["player"] for t in meant_turns(s, meant_tokens)]
        if turns != want:
            raise Failed(f"turns meant {want}, stored {turns}")
    if result is not None:
        stored_res = h.get("result") or {}
        left = {p: sorted(low(x) for x in v) if isinstance(v, list) else v
                for p, v in (stored_res.get("left") or {}).items()}
        meant_left = {p: sorted(v) for p, v in result["left"].items() if v}
        if stored_res.get("out") != result["out"] or {p: v for p, v in left.items() if v} != meant_left:
            raise Failed(f"result meant {result}, stored {stored_res}")


def scoreboard(t: Table, edit: str, s: Script) -> dict[str, int]:
    """The totals the app shows on its scoreboard, per column (player or pair)."""
    page = t.page
    if not page.locator("table.score tfoot td").count():
        page.goto(edit + "/score")
    cells = page.locator("table.score tfoot td")
    heads = page.locator("table.score thead th")
    names = [heads.nth(k).inner_text().strip() for k in range(heads.count())]
    values = [cells.nth(k).inner_text().strip() for k in range(cells.count())]
    return {"names": names, "values": values}  # type: ignore[dict-item]


def back_and_forth(t: Table, edit: str) -> None:
    """Back from the table in the middle of a hand, then Forward: nothing sent again, nothing
    lost, the table as it was."""
    page = t.page
    before = export(t, edit)
    html_n = page.locator("#table-state").get_attribute("data-n")
    page.go_back()
    if page.url.rstrip("/") == edit:
        raise Failed("Back stayed on the table (a tap added a history entry)")
    if export(t, edit) != before:
        raise Failed("Back changed the match")
    page.go_forward()
    if page.url != edit:
        raise Failed(f"Forward did not come back to the table ({page.url})")
    if export(t, edit) != before:
        raise Failed("Forward changed the match")
    if page.locator("#table-state").get_attribute("data-n") != html_n:
        page.reload()  # a table restored from the cache behind the log: drawn again
        if page.locator("#table-state").get_attribute("data-n") != html_n:
            raise Failed("the table after Forward is not the match's")


def twice(t: Table, edit: str, s: Script, player: str, move: str, known: bool, rng: random.Random,
          preselected: list[str]) -> str:
    """A second phone opens the same table; the same move is tapped on both phones at once.
    The log must hold it once; the other phone says so and shows the table as it is."""
    page = t.page
    other = page.context.browser.new_context(
        viewport=page.viewport_size, device_scale_factor=2, is_mobile=True, has_touch=True,
        locale=page.evaluate("navigator.language"))
    try:
        p2 = other.new_page()
        p2.set_default_timeout(20_000)
        p2.goto(edit)
        before = export(t, edit)["hands"][-1].get("turns") or []
        n0 = sum(len(tu["moves"]) for tu in before)
        tile = _tile_of(move)
        sel = (f'form.picker-form .picker.own button.pick[value="{tile}"]'
               if known and page.locator("form.picker-form .picker.own").count()
               else f'form.picker-form button.pick[value="{tile}"]')
        for pg in (page, p2):
            if not pg.locator(sel).count() or not pg.locator(sel).first.is_visible():
                raise Failed(f"{move}: {sel} not shown on both phones")
        gens = [pg.evaluate("document.querySelector('main').getAttribute('data-gen') || '0'") for pg in (page, p2)]
        # both taps before either answer comes back
        page.locator(sel).first.dispatch_event("click")
        p2.locator(sel).first.dispatch_event("click")
        t.tally.taps += 1
        for pg, g in zip((page, p2), gens):
            pg.wait_for_function("g => (document.querySelector('main').getAttribute('data-gen') || '0') !== g",
                                 arg=g)
            _settle(pg)
        after = export(t, edit)["hands"][-1].get("turns") or []
        n1 = sum(len(tu["moves"]) for tu in after)
        if n1 != n0 + 1:
            raise Failed(f"{move} tapped on two phones at once: {n1 - n0} moves stored")
        said = [problem_of(pg) for pg in (page, p2)]
        if sum(1 for x in said if x) != 1:
            raise Failed(f"{move} on two phones: what each phone said: {said}")
        if said[0]:
            page.reload()  # the phone that came second: its table is the match's again
    finally:
        other.close()
    return move


def meant_turns(s: Script, meant: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """The turns as the table should store them without the deal: the script's, each move as
    it was entered, then one turn for each pass tapped after them (a block the table could
    not see without the deal)."""
    flat = iter(mv for _, mv in meant)
    turns = [{"player": tu["player"], "moves": [next(flat) for _ in tu["moves"]]} for tu in s.hand["turns"]]
    done = sum(len(tu["moves"]) for tu in turns)
    return turns + [{"player": p, "moves": [mv]} for p, mv in meant[done:]]


def entered(s: Script, mode: str, meant: list[tuple[str, str]] | None, result: dict | None) -> dict[str, Any]:
    """The hand as the table was told it: with its deal; move by move without it (a draw
    entered unseen, the tiles left); by its result."""
    if mode == "result":
        assert result is not None
        return {"result": {k: v for k, v in result.items() if v is not None or k == "out"}}
    if mode == "deal" or meant is None:
        return s.hand
    hand = {k: v for k, v in s.hand.items() if k not in ("deal", "turns")}
    hand.update(turns=meant_turns(s, meant))
    left = {p: v for p, v in s.left.items() if v}
    if left:
        hand["left"] = left
    return hand


def expected_totals(s: Script, meant: list[tuple[str, str]] | None = None) -> list[int]:
    """The engine's totals in the scoreboard's column order (pairs: one column a pair): of the
    match with the hand played; with a draw entered unseen or a block passed round (``meant``:
    the moves entered without the deal), of the hand as entered (the table was told less)."""
    totals = s.totals
    if meant is not None and (any(mv == "draw" for _, mv in meant)
                              or len(meant) > sum(len(tu["moves"]) for tu in s.hand["turns"])):
        from referee.record import replay

        rep = replay(dict(s.record, hands=[*s.before, entered(s, "nodeal", meant, None)]))
        if rep.error:
            raise Failed(f"the engine refuses the hand as entered: {rep.error}")
        totals = dict(rep.totals)
    if s.options.get("teams") == "pairs":
        return [totals[s.players[0]], totals[s.players[1]]]
    return [totals[p] for p in s.players]


DISTURB = ("reload", "back", "offline", "twophones")


def play_hand(page, base: str, case: str, mode: str, seed: int, lang: str = "ru",
              viewport: str = "390x844", shots: str | None = None, disturb: str | None = None,
              players: int | None = None, hands: int = 1, house: str | None = None,
              starter_later: bool | None = None, looks: str | None = None) -> Outcome:
    """A match of ``hands`` seeded hands of ``case`` played in ``mode`` on ``page`` (one by
    default), the scoreboard's running totals compared with the engine's after each; never
    raises for the app's failures (the outcome says what went wrong).

    ``house="random"``: the match set up with its house options drawn at random (every choice
    tapped on the setup page). ``starter_later`` (a hand started from a tile turned up from
    the bazaar, the ladder, without the deal): the hand is started without it and the starter
    tapped on the table («Starting tile: unknown» at the start); None: by the seed.

    ``disturb`` (not in ``result`` mode): ``reload``: the page reloaded after every third move
    and inside every turn of several moves; ``back``: Back in the middle of the hand (nothing
    may be sent again or lost), then Forward; ``offline``: two turns of one tap each made with
    the phone offline, sent when it is back; ``twophones``: a second phone on the same table,
    and the same move tapped on both at once (recorded once)."""
    t0 = time.monotonic()
    out = Outcome(case, mode + (f"+{disturb}" if disturb else ""), seed, lang, viewport, False,
                  house=house, hands_meant=hands)
    try:
        s, out.redealt = script_for(case, seed, disturb, mode == "deal", lang, players, house)
    except Exception as e:  # the engine's own playout: a bug there, not the table's
        out.why = f"script: {e}"
        return out
    t = Table(page, base, shots, looks)
    t.name = re.sub(r"[^\w.-]+", "_", f"{case}-{mode}-{seed}-{lang}-{viewport}")
    errors0 = len(SERVER_ERRORS)
    preselected: list[str] = []
    step = "start"
    where = [step]  # where the hand is, for the failure's words
    moves = 0
    before: list[dict[str, Any]] = []
    try:
        edit = new_match(t, s, mode == "deal", lang)
        for number in range(1, hands + 1):
            if number > 1:
                try:
                    s, r = script_for(case, seed, disturb, mode == "deal", lang, len(s.players), house,
                                      before, s.options)
                    out.redealt += r
                except MatchOver:
                    break
                step = where[0] = f"hand {number}: start"
                page.goto(edit)
                if mode == "deal":
                    t.tap('.next a.button[href$="/deal"]', "the next hand's deal")
            before = [*s.before]
            moves += sum(len(tu["moves"]) for tu in s.hand["turns"])
            meant, result = _play_one(t, s, edit, mode, disturb, preselected, out, starter_later, where)
            step = where[0] = f"hand {number}: the export"
            got = export(t, edit)
            compare(s, got, meant, result)
            step = where[0] = f"hand {number}: the scoreboard"
            board = scoreboard(t, edit, s)
            t.look(f"hand{number}-scoreboard")
            want = [str(x) for x in expected_totals(s, meant if mode == "nodeal" else None)]
            if board["values"][:len(want)] != want:
                raise Failed(f"totals shown {board['values']} ({board['names']}), the engine's {want}")
            if len(SERVER_ERRORS) > errors0:
                raise Failed(f"the server logged an error: {SERVER_ERRORS[errors0][:300]}")
            before.append(entered(s, mode, meant, result))
            out.hands = number
        out.ok = True
        out.taps, out.loads, out.scrolls = t.tally.taps, t.tally.loads, t.tally.scrolls
        out.scrolled = t.tally.scrolled
    except Failed as e:
        out.why = f"{where[0]}: {e}"
        out.shot = t.shot(f"fail-{case}-{mode}-{seed}-{lang}")
    except Exception as e:  # a timeout, a page error: a failure of the hand too
        out.why = f"{where[0]}: {type(e).__name__}: {str(e).splitlines()[0][:300]}"
        out.shot = t.shot(f"fail-{case}-{mode}-{seed}-{lang}")
    out.preselected = preselected
    out.moves = moves
    if not out.ok:
        out.taps, out.loads, out.scrolls = t.tally.taps, t.tally.loads, t.tally.scrolls
    out.seconds = time.monotonic() - t0
    return out


def _play_one(t: Table, s: Script, edit: str, mode: str, disturb: str | None, preselected: list[str],
              out: Outcome, starter_later: bool | None, where: list[str]
              ) -> tuple[list[tuple[str, str]] | None, dict | None]:
    """One hand of a match already set up, from its start to its end; returns the moves meant
    (as the table should have stored them) or the result entered. ``where[0]``: where the hand
    is (for the failure's words)."""
    page = t.page

    def said(x: str) -> None:
        where[0] = x

    rng = random.Random(f"taps/{s.case}/{s.seed}" + (f"/hand{s.number}" if s.number > 1 else ""))
    said(f"hand {s.number}: start" if s.number > 1 else "start")
    if mode == "result":
        return None, enter_result(t, s, edit, preselected)
    later = "starter" in s.hand and mode == "nodeal" and (
        starter_later if starter_later is not None else random.Random(f"starter/{s.case}/{s.seed}/{s.number}").random() < 0.5)
    if mode == "deal":
        t.look("deal")
        enter_deal(t, s)
    else:
        start_without_deal(t, s, edit, preselected, skip=("starter",) if later else ())
    if later:
        # started with «Starting tile: unknown»: the start refused in words and the starter asked
        # for on the same page, or the hand started and the table asks for it before any tile
        said("the starter, asked after the start")
        tile = low(s.hand["starter"])
        if t.has("form.starter-form"):
            t.tap(f'form.starter-form label.pick:has(input[value="{tile}"])', f"starter {tile}")
            t.tap("form.starter-form button.primary", "record the starting tile")
        elif t.problem() and t.has('form[action$="/hand"] fieldset[data-one="starter"]'):
            t.tap(f'form[action$="/hand"] label.pick:has(input[name="starter"][value="{tile}"])', f"starter {tile}")
            t.tap('form[action$="/hand"] button[type=submit]', "start the hand")
        else:
            raise Failed(f"a hand started without its starter: neither asked nor refused ({t.problem()!r})")
        if t.problem():
            raise Failed(f"the starter was refused: {t.problem()}")
        out.starters_later += 1
    known = mode == "deal"
    meant: list[tuple[str, str]] = []
    stored_before = 0
    flat = 0
    window = window_of(s, disturb, known)
    if window is None:
        raise Failed(f"no two turns of one tap in a row to make offline in {REDEALS + 1} hands of the seed"
                     if disturb == "offline" else
                     f"no move of one tap to make on two phones in {REDEALS + 1} hands of the seed")
    total = sum(len(tu["moves"]) for tu in s.hand["turns"])
    t.look("table")
    for k, turn in enumerate(s.hand["turns"]):
        p = turn["player"]
        for i, mv in enumerate(turn["moves"]):
            said(f"hand {s.number}, turn {k + 1} ({p}), move {i + 1}: {mv}" if s.number > 1
                 else f"turn {k + 1} ({p}), move {i + 1}: {mv}")
            j, flat = flat, flat + 1
            if known and k == 0 and i == 0 and stored_before == 0:
                # a first move the rules fix is recorded with the start
                first = export(t, edit)["hands"][-1].get("turns") or []
                if first:
                    meant.append((p, mv))
                    continue
            if i and t.has(".bar button.more"):
                t.tap(".bar button.more", f"{p} lays more")
            if disturb == "offline" and window and j == window[0]:
                page.context.set_offline(True)
                t.wait = False
            if disturb == "twophones" and window and j == window[0]:
                meant.append((p, twice(t, edit, s, p, mv, known, rng, preselected)))
                continue
            meant.append((p, offline_tap(t, out, lambda p=p, mv=mv: play_move(t, s, p, mv, known, rng, preselected))))
            if disturb == "offline" and window and j == window[-1] and not t.wait:
                page.context.set_offline(False)
                t.wait = True
                _settle(page)
            if t.problem():
                raise Failed(f"refused: {t.problem()}")
            if disturb == "reload" and (j % 3 == 2 or i + 1 < len(turn["moves"])) and j + 1 < total:
                page.reload()
                if t.problem():
                    raise Failed(f"after a reload: {t.problem()}")
            if disturb == "back" and j == total // 2:
                back_and_forth(t, edit)
            if j == total // 2:
                t.look("mid-hand")
        stored_before += 1
        if k + 1 < len(s.hand["turns"]) or not s.end:
            offline_tap(t, out, lambda p=p: close_turn(t, p))
            if t.problem():
                raise Failed(f"refused: {t.problem()}")
    if mode == "nodeal" and s.end == "block" and not t.has("form.left-form"):
        # without the deal the table cannot see a block the tiles out of play make (a bazaar
        # nobody may draw from, tiles never dealt): each player in turn says he cannot lay,
        # until a whole round has passed
        said(f"hand {s.number}: the block, passed round" if s.number > 1 else "the block, passed round")
        offline_tap(t, out, lambda p=s.hand["turns"][-1]["player"]: close_turn(t, p))
        for _ in range(len(s.players)):
            if not t.has(".bar .to-move"):
                break
            p = t.page.locator(".bar .to-move").first.inner_text().strip()
            t.tap('.bar button[name="pass"]', f"{p}: pass (nobody can lay)")
            if t.problem():
                raise Failed(f"a pass at the block refused: {t.problem()}")
            meant.append((p, "pass"))
    said(f"hand {s.number}: the tiles left" if s.number > 1 else "the tiles left")
    t.look("hand-end")
    if mode == "nodeal":
        if t.has(".bar .to-move"):
            raise Failed("the hand is over, the table still asks for a move")
        enter_left(t, s)
        t.look("left-entered")
        if t.problem():
            raise Failed(f"the tiles left were refused: {t.problem()}")
    return meant, None


# -- the long run ------------------------------------------------------------------------------

#: what the app logged as errors while it served (an engine failure caught and drawn around)
SERVER_ERRORS: list[str] = []


@contextmanager
def served(folder: str) -> Iterator[str]:
    """The app on a real HTTP server in a thread, with its own database in ``folder``; its
    errors kept in ``SERVER_ERRORS`` (a hand during which one was logged fails)."""
    import logging

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            SERVER_ERRORS.append(f"{record.name}: {record.getMessage()}"
                                 + (f" ({record.exc_info[1]!r})" if record.exc_info else ""))

    logging.getLogger("referee").addHandler(Keep(logging.ERROR))

    from referee import create_app

    logging.getLogger("werkzeug").setLevel(logging.ERROR)

    app = create_app({"DATABASE": os.path.join(folder, "oracle.db"), "SECRET_KEY": "oracle"})
    with in_thread(app) as base:
        yield base


def phone(browser, viewport: str, lang: str):
    w, h = (int(x) for x in viewport.split("x"))
    context = browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True,
                                  locale="ru-RU" if lang == "ru" else "en-GB")
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.set_default_navigation_timeout(30_000)
    return context, page


class Phones:
    """One browser context a phone size and language, kept between hands (its cache too, as a
    phone's), a fresh page (tab) a hand; a context that went offline is put back online."""

    def __init__(self, browser):
        self.browser = browser
        self.contexts: dict[tuple[str, str], Any] = {}

    @contextmanager
    def page(self, viewport: str, lang: str) -> Iterator[Any]:
        key = (viewport, lang)
        if key not in self.contexts:
            self.contexts[key] = phone(self.browser, viewport, lang)[0]
        context = self.contexts[key]
        page = context.pages[0] if context.pages else context.new_page()
        page.set_default_timeout(20_000)  # a loaded machine: a page load may take seconds
        page.set_default_navigation_timeout(30_000)
        try:
            yield page
        finally:
            context.set_offline(False)
            for p in context.pages:
                p.close()

    def close(self) -> None:
        for c in self.contexts.values():
            c.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=1, help="hands per case and mode")
    ap.add_argument("--seed", type=int, default=1, help="the first seed (then seed+1, ...)")
    ap.add_argument("--variant", action="append", help="a case (a variant, or kozel); default: all")
    ap.add_argument("--mode", action="append", choices=MODES, help="default: all three")
    ap.add_argument("--lang", choices=("ru", "en", "both"), default="both",
                    help="both: ru and en alternating")
    ap.add_argument("--viewport", default="390x844,360x640", help="WxH[,WxH]: alternating")
    ap.add_argument("--disturb", choices=DISTURB, default=None,
                    help="reload, Back, offline or two phones during each hand (modes deal, nodeal)")
    ap.add_argument("--players", type=int, default=None, help="the number of players (default: by the seed)")
    ap.add_argument("--house-rules", choices=("default", "random"), default="default",
                    help="random: every house option with a choice drawn at random, by the seed")
    ap.add_argument("--match-hands", type=int, default=1,
                    help="hands a match (fewer where the match ends first), the running totals compared")
    ap.add_argument("--shots", default=None, help="a folder for screenshots of the failures")
    ap.add_argument("--look", default=None, metavar="DIR",
                    help="a folder for the screens a player sees in each hand (the set-up, the deal, the "
                         "table, mid-hand, the places offered, the hand's end, the tiles left, the result recorded, "
                         "the scoreboard): to look at")
    ap.add_argument("--json", default=None, help="write every outcome to this file")
    args = ap.parse_args(argv)
    import tempfile

    from playwright.sync_api import sync_playwright

    todo = args.variant or cases()
    bad = [c for c in todo if c not in cases()]
    if bad:
        ap.error(f"unknown case {bad}; the cases: {', '.join(cases())}")
    modes = args.mode or (["deal", "nodeal"] if args.disturb else list(MODES))
    langs = ["ru", "en"] if args.lang == "both" else [args.lang]
    views = args.viewport.split(",")
    outcomes: list[Outcome] = []
    t0 = time.monotonic()
    load0 = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp, served(tmp) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        phones = Phones(browser)
        k = 0
        for i in range(args.hands):
            seed = args.seed + i
            for case in todo:
                for mode in modes:
                    lang, view = langs[k % len(langs)], views[(k // len(langs)) % len(views)]
                    k += 1
                    with phones.page(view, lang) as page:
                        o = play_hand(page, base, case, mode, seed, lang, view, args.shots,
                                      args.disturb, args.players, hands=args.match_hands,
                                      house=None if args.house_rules == "default" else args.house_rules,
                                      looks=args.look)
                    outcomes.append(o)
                    print(("ok   " if o.ok else "FAIL ") + o.line(), flush=True)
        phones.close()
        browser.close()
    load1 = os.getloadavg()
    failed = [o for o in outcomes if not o.ok]
    print(f"\nmatches played: {len(outcomes)}, hands {sum(max(o.hands, 1) for o in outcomes)}, failed: {len(failed)} "
          f"({time.monotonic() - t0:.0f} s, load average {load0[0]:.1f} -> {load1[0]:.1f})")
    for mode in dict.fromkeys(o.mode for o in outcomes):
        done = [o for o in outcomes if o.mode == mode and o.ok]
        if done:
            h = sum(max(o.hands, 1) for o in done)
            print(f"  {mode}: {h} hands passed, taps per hand {sum(o.taps for o in done) / h:.1f}, "
                  f"page loads per hand {sum(o.loads for o in done) / h:.1f}, "
                  f"scrolls per hand {sum(o.scrolls for o in done) / h:.1f}, "
                  f"moves per hand {sum(o.moves for o in done) / h:.1f}")
    later = sum(o.starters_later for o in outcomes)
    declined = sum(o.declined for o in outcomes)
    if later or declined:
        print(f"  starters asked for after a start without them: {later}; taps made offline refused at once: {declined}")
    pre = [o for o in outcomes if o.preselected]
    if pre:
        print(f"  a leader preselected before the tap in {len(pre)} hands")
    for o in failed:
        print("FAILED " + o.line() + (f" [{o.shot}]" if o.shot else ""))
    if args.json:
        Path(args.json).write_text(json.dumps([o.__dict__ for o in outcomes], ensure_ascii=False, indent=1))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
