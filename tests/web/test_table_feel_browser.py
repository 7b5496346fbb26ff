"""What a player sees before the first hand and on the set-up, in a real browser: a legend of two
lines stands inside its box (not across its border), the bar at the bottom is not drawn while it
has nothing to tap (sideways it covered «Enter a hand by result»), the choices of who leads at a
hand's start stand in a row without lines between them; a choice of places opens under the layout,
near the tile tapped, above the bar (the page given back once it is answered, without the script too);
sideways the tiles left at a hand's end fit the screen, and
mid-hand every player's name stands above the bar; who leads is asked before a tile is taken;
the set-up's folded house rules say the values in force."""

from __future__ import annotations

import pytest

from referee import create_app
from test_result_browser import IN_VIEW, NAMES, ON_SCREEN, context
from test_web_taps import defaults
from webhelpers import new_match

pytestmark = pytest.mark.browser

#: the legends of two lines or more (shown) that stand on their fieldset's top border: the box
#: starts at the legend's top and its border is drawn through the legend's middle, between its
#: lines (a legend inside the box starts under the border and the padding)
ACROSS = """() => [...document.querySelectorAll('fieldset > legend')].filter(l => l.offsetHeight > 30)
  .filter(l => l.getBoundingClientRect().top - l.parentElement.getBoundingClientRect().top < 1)
  .map(l => l.innerText)"""


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_set_ups_legends_stand_inside_their_boxes_at_360(chromium, live_server, lang):
    ctx = context(chromium, size=(360, 640), lang=lang)
    page = ctx.new_page()
    for url in ("/new/traditional?preset=sea", "/new/matador"):
        page.goto(f"{live_server}/lang/{lang}?next={url}")
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        heights = page.eval_on_selector_all(".setup fieldset > legend", "ls => ls.map(l => l.offsetHeight)")
        assert max(heights) > 40, heights      # a legend of two lines there (the players', in both)
        assert page.evaluate(ACROSS) == [], url
    ctx.close()


def opened(chromium, live_server, tmp_path, lang: str, size: tuple[int, int], moves: tuple[str, ...] = (),
           js: bool = True):
    """A traditional match of four (``NAMES[lang]``) and its table opened at ``size`` in ``lang``:
    (context, page). With ``moves``, its first hand started and those tiles tapped before (the
    first name leads)."""
    from webhelpers import form_data, tap

    client = create_app({"DATABASE": str(tmp_path / "live.db"), "SECRET_KEY": "live-secret"}).test_client()
    edit = new_match(client, "traditional", NAMES[lang])
    if moves:
        client.post(edit + "/hand", data=form_data(client.get(edit), 'form[action$="/hand"]'))
        for i, move in enumerate(moves):
            tap(client, edit, move, leader=NAMES[lang][0] if i == 0 else None)
    ctx = context(chromium, size=size, lang=lang, js=js)
    page = ctx.new_page()
    page.goto(f"{live_server}/lang/{lang}?next={edit}")
    return ctx, page


def start_hand(page) -> None:
    """«First hand: move by move» tapped: the tiles drawn in place."""
    page.locator("#start-form button[type=submit]").tap()
    page.wait_for_selector("form.picker-form")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_before_the_first_hand_no_empty_bar_sideways(chromium, live_server, tmp_path, lang):
    ctx, page = opened(chromium, live_server, tmp_path, lang, (844, 390))
    assert page.locator(".bar").is_hidden()           # only the undo, with nothing to undo
    assert page.locator("a.result-entry").evaluate(IN_VIEW)
    start_hand(page)
    assert page.locator(".bar").is_visible()          # whose turn, the undo
    ctx.close()


def test_who_leads_at_a_hands_start_has_no_lines_between_the_names(chromium, live_server, tmp_path):
    client = create_app({"DATABASE": str(tmp_path / "live.db"), "SECRET_KEY": "live-secret"}).test_client()
    edit = new_match(client, "ladder", NAMES["ru"], defaults("ladder", 4))
    ctx = context(chromium, size=(360, 640))
    page = ctx.new_page()
    page.goto(f"{live_server}/lang/ru?next={edit}")
    tops = page.eval_on_selector_all(".start-lead .choice", "cs => cs.map(c => getComputedStyle(c).borderTopWidth)")
    assert len(tops) == 5 and set(tops) == {"0px"}, tops
    # the starting tile's legend (two lines in Russian at 360 px) inside its box
    assert page.locator(".one-tile > legend").first.evaluate("l => l.offsetHeight") > 30
    assert page.evaluate(ACROSS) == []
    ctx.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_sea_kozels_card_says_what_it_is_like_when_chosen(chromium, live_server, lang):
    # chosen, the card's title is the page's heading (hidden on the card): its sentence alone
    # names the set it changes, and fits the card at 360 px
    ctx = context(chromium, size=(360, 640), lang=lang)
    page = ctx.new_page()
    page.goto(f"{live_server}/lang/{lang}?next=/new/traditional?preset=sea")
    card = page.locator("a.preset.on")
    assert card.locator("small").inner_text().startswith({"ru": "Как во дворе, но до 125", "en": "As in the yard, but to 125"}[lang])
    assert card.evaluate("c => c.scrollWidth <= c.clientWidth && c.getBoundingClientRect().right <= innerWidth")
    ctx.close()


def test_sideways_a_tile_brought_into_view_is_not_under_the_players_tabs(chromium, live_server, tmp_path):
    # 640x360: the tabs over the tiles left are stuck at the screen's top; a tile brought into
    # view stops below them (it was scrolled to the top, under the tabs: a tap on it hit a tab)
    client = create_app({"DATABASE": str(tmp_path / "live.db"), "SECRET_KEY": "live-secret"}).test_client()
    edit = new_match(client, "traditional", NAMES["ru"])
    ctx = context(chromium, size=(640, 360))
    page = ctx.new_page()
    page.goto(f"{live_server}/lang/ru?next={edit}/result")
    page.wait_for_selector("form.result-form.js")
    page.locator(f'.chip:has(input[value="{NAMES["ru"][2]}"])').tap()
    page.locator('button.tiles-open[data-i="0"]').tap()
    assert page.locator(".tile-tabs").evaluate("t => t.offsetHeight") >= 44
    for i in (0, 6):                                                            # the first row's ends
        tile = page.locator('details.left-tiles[data-i="0"] label.pick').nth(i)
        tile.evaluate("e => e.scrollIntoView()")
        assert tile.evaluate(ON_SCREEN), i
    ctx.close()


#: how far the thumb goes from the tile it tapped (its middle, before the tap) to each place of the
#: choice (its middle), in px
TRAVEL = """([x, y]) => [...document.querySelectorAll('form.choose button.place')].map(b => {
  const r = b.getBoundingClientRect(); return Math.round(Math.hypot(r.left + r.width / 2 - x, r.top + r.height / 2 - y)); })"""
#: the choice drawn under the layout (upright) or beside it (sideways): not over its marks
UNDER = """() => { const l = document.querySelector('.layout').getBoundingClientRect(),
  c = document.querySelector('form.choose').getBoundingClientRect(); return c.top >= l.bottom || c.left >= l.right; }"""
#: after these three taps 4:6 fits either end
TWO_ENDS = ("6:6", "6:5", "5:4")


def places_shown(page, count: int) -> None:
    """The choice of places drawn after a tap: ``count`` places, each in sight above the bar (the
    page may have scrolled itself to show them: the player does not), under the layout."""
    page.wait_for_selector("form.choose button.place")
    page.wait_for_timeout(200)        # brought into view after the redraw
    places = page.locator("form.choose button.place")
    assert places.count() == count
    assert [places.nth(i).evaluate(IN_VIEW) for i in range(count)] == [True] * count
    assert page.evaluate(UNDER)


def answered(page, what: str) -> None:
    """``what`` tapped in the choice («Cancel» or a place): the choice gone, redrawn in place."""
    gen = page.evaluate("document.querySelector('main').getAttribute('data-gen') || '0'")
    page.locator(what).first.tap()
    page.wait_for_function("g => (document.querySelector('main').getAttribute('data-gen') || '0') !== g", arg=gen)
    assert page.locator("form.choose").count() == 0


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [(360, 640), (390, 844), (844, 390)])
def test_six_matadors_places_across_fit_above_the_bar(chromium, live_server, tmp_path, lang, size):
    # six matador, the matador's half named: 0:3 led, 2:4 goes across either end, either half
    # facing out (four places, each a tile drawn upright): every place in sight above the bar
    # after the tap, as the thumb has to reach it, none of them over the layout; «Cancel» gives
    # the page back where it was
    from webhelpers import form_data, tap

    client = create_app({"DATABASE": str(tmp_path / "live.db"), "SECRET_KEY": "live-secret"}).test_client()
    edit = new_match(client, "six_matador", NAMES[lang][:2],
                     {**defaults("six_matador", 2), "opt_matador_end": "chosen_half"})
    client.post(edit + "/hand", data=form_data(client.get(edit), 'form[action$="/hand"]'))
    tap(client, edit, "0:3", leader=NAMES[lang][0])
    ctx = context(chromium, size=size, lang=lang)
    page = ctx.new_page()
    page.goto(f"{live_server}/lang/{lang}?next={edit}")
    y = page.evaluate("scrollY")
    page.locator('form.picker-form button.pick[value="2:4"]').tap()
    places_shown(page, 4)
    answered(page, "form.choose a.button")
    assert page.evaluate("scrollY") == y
    ctx.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [(390, 844), (360, 640), (844, 390)])
def test_a_choice_of_places_opens_where_the_thumb_is(chromium, live_server, tmp_path, lang, size):
    # 4:6 fits either end: the choice is drawn under the layout, just above the tiles (it was at
    # the page's top, over the layout, 310-368 px from the tile upright): every place in sight
    # above the bar, upright no farther from the tile tapped than a third of the screen; a place
    # tapped, the page is where it was
    ctx, page = opened(chromium, live_server, tmp_path, lang, size, TWO_ENDS)
    tile = page.locator('form.picker-form button.pick[value="4:6"]')
    assert tile.evaluate(IN_VIEW)
    box, y = tile.bounding_box(), page.evaluate("scrollY")
    tile.tap()
    places_shown(page, 2)
    if size[0] < size[1]:
        travel = page.evaluate(TRAVEL, [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
        assert max(travel) <= size[1] / 3, travel
    answered(page, "form.choose button.place")
    assert page.evaluate("scrollY") == y
    assert page.locator(".layout svg.tile").count() == 4
    ctx.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_without_the_script_a_choice_of_places_opens_in_sight(chromium, live_server, tmp_path, lang):
    # the picker sent as a form, the page loaded again: it opens at the choice (under the layout),
    # its places above the bar, and a place tapped lays the tile
    ctx, page = opened(chromium, live_server, tmp_path, lang, (360, 640), TWO_ENDS, js=False)
    with page.expect_navigation():
        page.locator('form.picker-form button.pick[value="4:6"]').tap()
    places = page.locator("form.choose button.place")
    assert places.count() == 2
    assert [places.nth(i).evaluate(IN_VIEW) for i in range(2)] == [True] * 2
    with page.expect_navigation():
        places.first.tap()
    assert page.locator("form.choose").count() == 0 and page.locator(".layout svg.tile").count() == 4
    ctx.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_sideways_the_tiles_left_at_a_hands_end_fit_the_screen(chromium, live_server, tmp_path, lang):
    # 640x360, a hand over without the deal: «Tiles» of the player asked brings up all 28 tiles
    # in sight at once (the picker the whole width, two rows of 14), none behind the dock, and
    # they stay so with the page scrolled to its end (the four rows of 7 were taller than the
    # screen under the players' tabs: its first row went under them)
    from test_harden_input import played_to_the_left_tiles

    client = create_app({"DATABASE": str(tmp_path / "live.db"), "SECRET_KEY": "live-secret"}).test_client()
    edit = new_match(client)
    played_to_the_left_tiles(client, edit)
    ctx = context(chromium, size=(640, 360), lang=lang)
    page = ctx.new_page()
    page.goto(f"{live_server}/lang/{lang}?next={edit}")
    page.wait_for_selector("form.left-form.js")
    page.locator('button.tiles-open[data-i="1"]').tap()
    tiles = page.locator('details.left-tiles[data-i="1"] label.pick')
    assert tiles.count() == 28
    for end in (False, True):
        if end:
            page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
        assert [i for i in range(28) if not tiles.nth(i).evaluate(IN_VIEW)] == [], end
        # none under the players' tabs stuck at the top
        assert [i for i in range(28) if not tiles.nth(i).evaluate(ON_SCREEN)] == [], end
    ctx.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_set_ups_house_rules_say_the_values_in_force_and_open_short(chromium, live_server, lang):
    # folded, the house rules' summary says each rule's value in force; opened, a choice a line
    # with the sentence of the one ticked only (another's sentence shows once it is tapped)
    ctx = context(chromium, size=(360, 640), lang=lang)
    page = ctx.new_page()
    page.goto(f"{live_server}/lang/{lang}?next=/new/traditional")
    said = page.locator("details.house-rules > summary .in-force").inner_text()
    page.locator("details.house-rules > summary").tap()
    rules = page.eval_on_selector_all(
        "details.house-rules fieldset.option",
        "fs => fs.map(f => [f.querySelector('legend').innerText, f.querySelector('input:checked').closest('label').querySelector('b').innerText])")
    assert len(rules) > 5
    for title, value in rules:
        assert f"{title}: {value}" in said, (title, value)
    # each choice's sentence under the choices (the input names it as its description)
    shown = page.eval_on_selector_all("details.house-rules label.choice", "ls => ls.map(l => [l.querySelector('input').checked, !!document.getElementById(l.querySelector('input').getAttribute('aria-describedby')).offsetHeight, !!l.offsetHeight])")
    assert all(visible for _, _, visible in shown)
    assert [ticked for ticked, _, _ in shown] == [sentence for _, sentence, _ in shown]
    other = page.locator("details.house-rules label.choice").nth([t for t, _, _ in shown].index(False))
    other.tap()
    says = other.locator("input").get_attribute("aria-describedby")
    assert page.locator(f"#{says}").is_visible()
    ctx.close()


#: a player's scrolls to reach an element on the set-up: a screen each (the bar's top its bottom),
#: less a line kept from the screen before, until the element is wholly above the bar
SCROLLS_TO = """e => { const bar = document.querySelector('.bar').getBoundingClientRect().top;
  let n = 0;
  while (e.getBoundingClientRect().bottom > bar && n < 50) { scrollBy(0, bar - 60); n++; }
  return n; }"""
BAR_TOP = "document.querySelector('.bar').getBoundingClientRect().top"


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_changing_three_house_rules_takes_two_scrolls_at_390(chromium, live_server, lang):
    # the house rules opened at the top of the screen, three rules changed down the list (the
    # bazaar, the scoring «в козла», the eggs) and the target written: each rule's name, its
    # choices and the ticked one's sentence a few lines, the number beside its name; these took
    # a scroll each (a choice a line, the sentence beside it, the number under its name)
    ctx = context(chromium, size=(390, 844), lang=lang)
    page = ctx.new_page()
    page.goto(f"{live_server}/lang/{lang}?next=/new/traditional")
    page.locator("details.house-rules > summary").evaluate("e => e.scrollIntoView()")
    page.locator("details.house-rules > summary").tap()
    scrolls = 0
    for key, value in (("draw", "none"), ("scoring", "kozel"), ("eggs", "yes"), ("target", None)):
        where = f'input[name="opt_{key}"]' + (f'[value="{value}"]' if value else "")
        tap = page.locator(f"label.choice:has({where})") if value else page.locator(where)
        scrolls += page.locator(f"details.house-rules > :has({where})").evaluate(SCROLLS_TO)  # the whole rule
        assert tap.evaluate(ON_SCREEN), key
        if value:
            tap.tap()
            assert page.locator(where).is_checked()
            # what the value does is said as soon as it is ticked, above the bar
            says = page.locator(f'fieldset.option:has({where}) small:visible')
            assert says.count() == 1 and says.evaluate(f"e => e.getBoundingClientRect().top < {BAR_TOP}"), key
        else:
            tap.fill("101")
    assert scrolls <= 2, scrolls
    ctx.close()


#: the room between the undo's arrow and its word (a flex button drops the space between them)
ARROW_GAP = """b => { const r = document.createRange(); r.selectNodeContents(b.firstChild);
  return b.querySelector('.word').getBoundingClientRect().left - r.getBoundingClientRect().right; }"""


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_undos_arrow_and_word_stand_apart(chromium, live_server, tmp_path, lang):
    ctx, page = opened(chromium, live_server, tmp_path, lang, (390, 844))
    start_hand(page)
    undo = page.locator(".bar button.undo")
    assert undo.locator(".word").is_visible()
    assert undo.evaluate(ARROW_GAP) >= 3
    ctx.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [(844, 390), (740, 360)])
def test_sideways_mid_hand_every_players_name_is_above_the_bar(chromium, live_server, tmp_path, lang, size):
    # 13 tiles laid (the layout three rows high), the seats under it in the left half: each name
    # wholly in sight, none under the bar (the last ones were), as the table opens and after a tap
    from webhelpers import SEED_MOVES

    ctx, page = opened(chromium, live_server, tmp_path, lang, size, tuple(SEED_MOVES))
    names = page.locator(".seats .seat .name")
    assert names.count() == 4
    assert [names.nth(i).evaluate(IN_VIEW) for i in range(4)] == [True] * 4
    gen = page.evaluate("document.querySelector('main').getAttribute('data-gen') || '0'")
    page.locator(".bar button.undo").tap()
    page.wait_for_function("g => (document.querySelector('main').getAttribute('data-gen') || '0') !== g", arg=gen)
    assert [names.nth(i).evaluate(IN_VIEW) for i in range(4)] == [True] * 4
    ctx.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_who_leads_is_asked_before_a_tile_is_taken(chromium, live_server, tmp_path, lang):
    # the first lead left to the players: the tiles greyed until a name is tapped; a tile tapped
    # before it is not sent (no refusal, nothing stored): the bar says to choose who leads first
    ctx, page = opened(chromium, live_server, tmp_path, lang, (390, 844))
    start_hand(page)
    tile = page.locator('form.picker-form button.pick[value="6:6"]')
    assert float(page.locator("form.picker-form .picker").first.evaluate("e => getComputedStyle(e).opacity")) < 1
    assert page.locator("fieldset.leader").evaluate(IN_VIEW)
    gen = page.evaluate("document.querySelector('main').getAttribute('data-gen') || '0'")
    tile.tap()
    said = {"ru": "Сначала выберите, кто начинает.", "en": "Choose who leads first."}[lang]
    page.wait_for_function("s => (document.querySelector('.bar-turn') || {}).textContent === s", arg=said)
    assert page.evaluate("document.querySelector('main').getAttribute('data-gen') || '0'") == gen
    assert page.locator(".problem").count() == 0
    page.locator(f'fieldset.leader label:has(input[value="{NAMES[lang][1]}"])').tap()
    assert page.locator("form.picker-form .picker").first.evaluate("e => getComputedStyle(e).opacity") == "1"
    tile.tap()
    page.wait_for_function("g => (document.querySelector('main').getAttribute('data-gen') || '0') !== g", arg=gen)
    assert page.locator(".problem").count() == 0
    assert page.locator(".bar .to-move").inner_text() == NAMES[lang][2]
    ctx.close()
