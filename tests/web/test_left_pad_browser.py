"""The tiles left at the end of a hand played move by move, on the table page, by the number pad
as on the result screen (a count the hand cannot hold refused at once, with the reason), or by
the tiles on the picker, a player at a time; at 390x844, 360x640 and 844x390, ru and en.
Screenshots: /tmp/shots/left-pad-*.png."""

from __future__ import annotations

import pytest

from test_result_browser import IN_VIEW, ON_SCREEN, Phone, context, new_match
from test_web_browser import phone_checks, shoot, tap_move
from webhelpers import SEED_MOVES

pytestmark = pytest.mark.browser

NAMES = {"ru": ("Анфиса", "Всеволод"), "en": ("Ann", "Bob")}
NAMES3 = {"ru": ("Анфиса", "Всеволод", "Мария"), "en": ("Ann", "Bob", "Cid")}
WORDS = {"ru": {"one": "может остаться только одна кость", "first": "Первый кон: по ходам"},
         "en": {"one": "can hold one tile only", "first": "First hand: move by move"}}


def _seed_hand_to_its_end(page, lang: str) -> None:
    """The seed hand tap by tap (the deal not entered): Анфиса goes out, Всеволод holds 1:1."""
    page.click(f"text={WORDS[lang]['first']}")
    page.wait_for_selector("fieldset.leader")
    page.check(f'input[name="leader"][value="{NAMES[lang][0]}"]')
    for mv in SEED_MOVES:
        tap_move(page, mv if mv != "5:0>6:5" else "5:0>6:5")
    page.wait_for_selector("form.left-form.js")


@pytest.mark.parametrize("size", [(390, 844), (360, 640), (844, 390)], ids=["390x844", "360x640", "844x390"])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_tiles_left_by_the_number_pad_on_the_table(chromium, live_server, lang, size):
    a, b = NAMES[lang]
    ctx = context(chromium, size=size, lang=lang)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    new_match(page, live_server, lang, "traditional", NAMES[lang])
    _seed_hand_to_its_end(page, lang)
    ph = Phone(page)
    # the pad is there; Bob's row (the one asked) is being entered; he holds one tile
    assert page.locator(".pad-dock .keys").is_visible() and ph.active() == "1"
    assert page.locator(".bar").is_hidden()          # its undo is in the pad, beside «Score the hand»
    assert page.locator(".pad-dock .pad-undo").is_visible()
    if size == (390, 844):
        phone_checks(page, "tiles left, the pad")
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    shoot(page, f"left-pad-{lang}-{size[0]}x{size[1]}")
    # one tile cannot carry 15 pips: the 5 is refused in place, with the reason, the 1 kept
    ph.digits("15")
    assert WORDS[lang]["one"] in page.inner_text(".pad-msg")
    assert page.input_value('input[name="pips_1"]') == "1"
    ph.tap('.keys .key[data-key="back"]')
    ph.digits("2")
    gen = ph.gen()
    ph.tap(".pad-dock .record")
    page.wait_for_function("g => (document.querySelector('main').getAttribute('data-gen') || '0') !== g", arg=gen)
    # recorded in place: Ann is credited Bob's 2 pips
    assert ph.loads == 0
    assert page.locator("form.left-form").count() == 0
    assert [c.strip() for c in page.locator("table.score tfoot td").all_inner_texts()][:2] == ["2", "0"]
    # every tap was in sight (the pad's keys, «Score the hand»): no scroll
    if size != (844, 390):
        assert ph.scrolls == 0, ph.scrolls
    ctx.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_tiles_left_by_the_tiles_and_undone_from_the_pad(chromium, live_server, lang):
    """Bob's tiles on the picker (a tab, the tiles on the table greyed out), then back to the pad
    and «Score the hand»; before that the pad's undo takes the last move back."""
    a, b = NAMES[lang]
    ctx = context(chromium, lang=lang)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    new_match(page, live_server, lang, "traditional", NAMES[lang])
    _seed_hand_to_its_end(page, lang)
    ph = Phone(page)
    # the undo in the pad takes the last move back: the hand is in play again
    gen = ph.gen()
    ph.tap(".pad-dock .pad-undo")
    page.wait_for_function("g => (document.querySelector('main').getAttribute('data-gen') || '0') !== g", arg=gen)
    assert page.locator("form.left-form").count() == 0 and page.locator("form.picker-form").count() == 1
    tap_move(page, SEED_MOVES[-1])
    page.wait_for_selector("form.left-form.js")
    ph.reset()
    ph.tap('.pip-row[data-i="1"] .tiles-open')
    assert page.locator(".keys").is_hidden() and page.locator('details.left-tiles[data-i="1"] .picker').is_visible()
    assert page.locator('details.left-tiles[data-i="1"] input[value="6:6"]').is_disabled()
    ph.tap('details.left-tiles[data-i="1"] label.pick:has(input[value="1:1"])')
    assert page.locator('.pad-dock .record').evaluate(ON_SCREEN)
    shoot(page, f"left-pad-{lang}-tiles")
    ph.tap(".tile-tabs .pad-back")
    assert page.locator('.pip-row[data-i="1"] .tiles-open').evaluate(IN_VIEW)
    gen = ph.gen()
    ph.tap(".pad-dock .record")
    page.wait_for_function("g => (document.querySelector('main').getAttribute('data-gen') || '0') !== g", arg=gen)
    assert [c.strip() for c in page.locator("table.score tfoot td").all_inner_texts()][:2] == ["2", "0"]
    assert (ph.taps, ph.loads, ph.scrolls) == (4, 0, 0)
    ctx.close()


def test_the_tiles_tapped_open_come_into_view_above_the_pads_dock(chromium, live_server):
    """On a 360x640 phone the tabs of the tiles left sit low on the page: «Tiles» brings them to
    the top, and the whole picker under them is above the dock with «Score the hand»."""
    ctx = context(chromium, size=(360, 640), lang="ru")
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    new_match(page, live_server, "ru", "traditional", NAMES["ru"])
    _seed_hand_to_its_end(page, "ru")
    page.locator(".tiles-open").first.tap()
    page.wait_for_selector(".tile-tabs:not([hidden])")
    tabs = page.locator(".tile-tabs").bounding_box()
    picker = page.locator(".left-tiles:not([hidden]) .picker").bounding_box()
    dock = page.locator(".pad-dock").bounding_box()
    assert tabs["y"] >= 0 and picker["y"] + picker["height"] <= dock["y"]
    shoot(page, "left-pad-tiles-ru-360x640")
    ctx.close()


@pytest.mark.parametrize("size", [(390, 844), (360, 640)], ids=["390x844", "360x640"])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_bergen_block_takes_the_tiles_left_tile_by_tile(chromium, tmp_path, size, lang):
    """A Bergen block goes by the doubles held: pips alone are refused, so the form offers the
    tiles only (no pad, no pips), the first player's tiles up, a tab a player."""
    from referee import create_app
    from servehelpers import in_thread
    from test_left_picker import blocked_hand

    app = create_app({"DATABASE": str(tmp_path / "live.db"), "SECRET_KEY": "live-secret"})
    edit, players, left = blocked_hand(app.test_client(), "bergen", 3, 3)
    ctx = context(chromium, size=size, lang=lang)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    with in_thread(app) as base:
        page.context.add_cookies([{"name": "lang", "value": lang, "url": base}])
        page.goto(base + edit)
        page.wait_for_selector("form.left-form.js")
        ph = Phone(page)
        assert page.locator('input[name^="pips_"]').count() == 0 and page.locator(".keys").count() == 0
        assert page.locator('details.left-tiles[data-i="0"] .picker').is_visible()
        page.screenshot(path=f"/tmp/shots/left-bergen-{lang}-{size[0]}x{size[1]}.png")
        for i, p in enumerate(players):
            if i:
                ph.tap(f'button.tile-tab[data-i="{i}"]')
            for tile in left[p]:
                ph.tap(f'details.left-tiles[data-i="{i}"] label.pick:has(input[value="{tile}"])')
        gen = ph.gen()
        ph.tap(".pad-dock .record")
        page.wait_for_function("g => (document.querySelector('main').getAttribute('data-gen') || '0') !== g", arg=gen)
        assert page.locator("form.left-form").count() == 0
        assert page.locator(".problem").count() == 0
        assert (ph.scrolls, ph.loads) == (0, 0)       # every tile in sight, tapped in place
        shoot(page, f"left-bergen-{lang}-{size[0]}x{size[1]}-scored")
    ctx.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_bergen_fish_by_its_result_takes_the_tiles_not_the_pips(chromium, live_server, lang):
    """The result screen: «Fish» in Bergen hides the pips (they would be refused) and brings up
    the first player's tiles, a tab a player."""
    ctx = context(chromium, lang=lang)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    edit = new_match(page, live_server, lang, "bergen", NAMES3[lang])
    page.goto(edit + "/result")
    page.wait_for_selector("form.result-form.js")
    ph = Phone(page)
    ph.tap('.chip:has(input[value="*block*"])')
    assert page.locator('input[name^="pips_"]:visible').count() == 0
    assert page.locator('details.left-tiles[data-i="0"] .picker').is_visible()
    shoot(page, f"result-bergen-fish-{lang}")
    for i, tiles in enumerate((("6:6", "1:2"), ("0:1",), ("2:3", "4:5"))):
        if i:
            ph.tap(f'button.tile-tab[data-i="{i}"]')
        for tile in tiles:
            ph.tap(f'details.left-tiles[data-i="{i}"] label.pick:has(input[value="{tile}"])')
    gen = ph.gen()
    ph.tap("form.result-form .record")
    page.wait_for_function("g => (document.querySelector('main').getAttribute('data-gen') || '0') !== g", arg=gen)
    assert page.locator(".problem").count() == 0, page.locator(".problem").all_inner_texts()
    assert page.locator("p.note[role=status]").count() == 1
    assert ph.scrolls == 0                          # every tile tapped in sight
    ctx.close()
