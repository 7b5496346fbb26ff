"""A hand's result on one screen, in a real browser (Playwright, Debian's chromium), ru and en:
the «Козёл» by the number pad hand after hand with the engine's points and totals shown before
«Record», a hand by its tiles on the picker, a count the engine refuses refused in place, a
refused result keeping what was typed, the other phone sizes, and the plain form without
JavaScript. Taps, page loads and scrolls are counted (``tools/result_taps.py`` reports them).
Screenshots: /tmp/shots/result-*.png."""

from __future__ import annotations

import pytest

from test_web_browser import phone_checks, shoot

pytestmark = pytest.mark.browser

NAMES = {"ru": ("Анфиса", "Всеволод", "Мария", "Пётр"), "en": ("Ann", "Bob", "Cid", "Dan")}
WORDS = {"ru": {"recorded": "записан", "most": "не больше 69 очков", "won": "Матч выиграла пара",
                "still": "Ещё ввести", "fish": "Рыба"},
         "en": {"recorded": "is recorded", "most": "69 pips at most", "won": "Match won by the pair",
                "still": "Still to enter", "fish": "Fish"}}

#: who shuffles for the next hand, as the screen says it
SHUFFLES = {"ru": {"turn": "Мешает: %s (по кругу)", "lost": "Мешает: %s (проиграл прошлый кон)"},
            "en": {"turn": "Shuffles: %s (in turn)", "lost": "Shuffles: %s (lost the last hand)"}}

#: where an element is on the screen as it is: above what is fixed at the bottom (not its own)
IN_VIEW = """e => { const r = e.getBoundingClientRect();
  const docks = [...document.querySelectorAll('.bar, .pad-dock')].filter(d => getComputedStyle(d).position === 'fixed' && d.getClientRects().length);
  let limit = innerHeight;
  for (const d of docks) { const b = d.getBoundingClientRect();  // a dock beside it covers nothing of it
    if (!d.contains(e) && b.left < r.right && b.right > r.left) limit = Math.min(limit, b.top); }
  return r.top >= 0 && r.bottom <= limit + 0.5 && r.height > 0; }"""


#: an element inside the screen and not covered (what is drawn at its middle is its own)
ON_SCREEN = """e => { const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.top >= 0 && r.bottom <= innerHeight && r.height > 0 && !!hit && e.contains(hit); }"""


class Phone:
    """A page that counts its taps, the documents it loads and the controls out of sight."""

    def __init__(self, page):
        self.page = page
        self.taps = self.loads = self.scrolls = 0
        page.on("load", lambda _p: setattr(self, "loads", self.loads + 1))

    def tap(self, selector: str) -> None:
        el = self.page.locator(selector).first
        el.wait_for(state="attached")
        self.scrolls += 0 if el.evaluate(IN_VIEW) else 1
        self.taps += 1
        el.click()

    def digits(self, text: str) -> None:
        for d in text:
            self.tap(f'.keys .key[data-key="{d}"]')

    def reset(self) -> None:
        self.taps = self.loads = self.scrolls = 0

    def active(self) -> str | None:
        return self.page.evaluate("(document.querySelector('.pad-row.active') || {}).dataset?.i ?? null")

    def gen(self) -> str:
        return self.page.evaluate("document.querySelector('main').getAttribute('data-gen') || '0'")

    def record(self) -> None:
        gen = self.gen()
        self.tap(".pad-dock .record")
        self.page.wait_for_function(
            "g => (document.querySelector('main').getAttribute('data-gen') || '0') !== g", arg=gen)

    def preview_says(self, text: str) -> None:
        self.page.wait_for_function("t => document.querySelector('#result-preview').innerText.includes(t)",
                                    arg=text)


def new_match(page, base: str, lang: str, variant: str, players, preset: str | None = None) -> str:
    page.goto(f"{base}/lang/{lang}?next=/new/{variant}" + (f"%3Fpreset%3D{preset}" if preset else ""))
    for i, p in enumerate(players, 1):
        page.fill(f'input[name="player_{i}"]', p)
    with page.expect_navigation():
        page.click("button.primary[type=submit]")
    return page.url.split("?")[0].rstrip("/")


def context(chromium, size=(390, 844), lang="ru", js=True):
    return chromium.new_context(viewport={"width": size[0], "height": size[1]}, device_scale_factor=2,
                                is_mobile=True, has_touch=True, java_script_enabled=js,
                                locale="ru-RU" if lang == "ru" else "en-GB")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_kozel_hands_by_the_number_pad_on_one_screen(chromium, live_server, lang):
    a, b, c, d = NAMES[lang]
    w = WORDS[lang]
    ctx = context(chromium, lang=lang)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    edit = new_match(page, live_server, lang, "traditional", NAMES[lang], preset="yard")
    page.goto(edit + "/score")
    ph = Phone(page)
    # from the score page: the result screen opens in place
    ph.tap("a.result-entry")
    page.wait_for_selector("form.result-form.js")
    assert page.url.endswith("/result") and ph.loads == 0
    # nothing is chosen before the table says it
    assert page.locator("input[name=out]:checked").count() == 0 and ph.active() is None
    phone_checks(page, "result screen")
    shoot(page, f"result-{lang}-empty")

    # hand 1: Ann out; Bob 23, Dan 17 (Cid, her partner, is not asked): 40 for Bob and Dan
    ph.tap(f'.chip:has(input[value="{a}"])')
    assert ph.active() == "1"
    assert page.locator('.pip-row[data-i="2"]').get_attribute("class").count("free") == 1
    ph.digits("2")
    assert ph.active() == "1"           # 2 may grow (20-29): the pad waits
    ph.digits("3")
    assert ph.active() == "3"           # 230 pips cannot be (69 at most): Dan is next by himself
    ph.digits("17")
    assert (ph.taps, ph.loads, ph.scrolls) == (6, 0, 0)
    ph.preview_says("40")
    row = page.locator("#result-preview tbody tr").nth(1)
    assert row.locator("th").inner_text() == f"{b} {'и' if lang == 'ru' else 'and'} {d}"
    assert row.locator(".hand-pts").inner_text() == "40" and row.locator(".total").inner_text().startswith("40")
    shoot(page, f"result-{lang}-typed")
    # a count the engine refuses is refused in place, with the reason: back to Bob's row, a
    # third digit would make 230
    ph.tap('.pip-row[data-i="1"]')
    ph.digits("0")
    assert page.input_value('input[name="pips_1"]') == "23"
    assert w["most"] in page.inner_text(".pad-msg")
    ph.tap('.pip-row[data-i="3"]')
    ph.record()
    assert w["recorded"] in page.inner_text(".note")
    assert ph.loads == 0 and ph.scrolls == 0, (ph.loads, ph.scrolls)
    # the next hand is shuffled by the loser holding the most (Bob, 23), as the screen says
    assert page.locator(".shuffle-next").evaluate(IN_VIEW)
    assert page.inner_text(".shuffle-next") == SHUFFLES[lang]["lost"] % b
    phone_checks(page, "result screen, next hand")

    # hand 2: Bob out; Ann 8 (80 cannot be: the pad moves on by itself), Cid 31: 39 for Ann and Cid
    ph.reset()
    ph.tap(f'.chip:has(input[value="{b}"])')
    ph.digits("8")
    assert ph.active() == "2"
    ph.digits("31")
    ph.preview_says("39")
    ph.record()
    assert (ph.taps, ph.loads, ph.scrolls) == (5, 0, 0)   # 3 digits + the out + «Record»

    # hand 3 by the tiles: Cid out; Bob's 6:6 and 5:6 on the picker (23), Dan 40 by the pad:
    # 63 more, 103 for Bob and Dan: past 101, the match is over, Ann and Cid win
    ph.reset()
    ph.tap(f'.chip:has(input[value="{c}"])')
    ph.tap('.pip-row[data-i="1"] .tiles-open')
    assert page.locator(".tile-tabs").is_visible() and page.locator(".keys").is_hidden()
    ph.tap('details.left-tiles[data-i="1"] label.pick:has(input[value="6:6"])')
    ph.tap('details.left-tiles[data-i="1"] label.pick:has(input[value="5:6"])')
    assert "(2)" in page.inner_text('.tile-tab[data-i="1"]')
    shoot(page, f"result-{lang}-tiles")
    ph.tap(".tile-tabs .pad-back")
    assert ph.active() == "3"
    ph.digits("40")
    ph.preview_says(w["won"])
    assert "103" in page.inner_text("#result-preview")
    shoot(page, f"result-{lang}-winner")
    ph.record()
    assert ph.loads == 0 and ph.scrolls == 0
    assert page.locator("form.result-form").count() == 0 and w["won"] in page.inner_text("main")
    page.goto(edit + "/score")
    assert page.inner_text(".scoreboard tfoot").split()[1:] == ["39", "103"]
    ctx.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_refused_result_keeps_what_was_typed(chromium, live_server, lang):
    """A fish with one player's pips missing: the engine's reason in place, every count kept."""
    a, b, c, d = NAMES[lang]
    ctx = context(chromium, lang=lang)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    edit = new_match(page, live_server, lang, "traditional", NAMES[lang])
    page.goto(edit + "/result")
    ph = Phone(page)
    ph.tap(".chip.fish")
    ph.digits("12")
    ph.digits("9")
    ph.preview_says(WORDS[lang]["still"])
    ph.record()
    assert c in page.inner_text(".problem[role=alert]") and d in page.inner_text(".problem[role=alert]")
    assert page.is_checked('input[name="out"][value="*block*"]')
    assert page.input_value('input[name="pips_0"]') == "12" and page.input_value('input[name="pips_1"]') == "9"
    assert ph.loads == 0
    shoot(page, f"result-{lang}-refused")
    ctx.close()


@pytest.mark.parametrize("size", [(360, 640), (844, 390)], ids=["360x640", "844x390"])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_result_screen_on_other_phones(chromium, live_server, lang, size):
    """Four players each for himself: everything fits the width, and the hand is recorded."""
    a, b, c, d = NAMES[lang]
    ctx = context(chromium, size=size, lang=lang)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    edit = new_match(page, live_server, lang, "traditional", NAMES[lang])
    page.goto(edit + "/result")
    ph = Phone(page)
    ph.tap(f'.chip:has(input[value="{d}"])')
    for seat, pips in ((0, "30"), (1, "4"), (2, "12")):
        if ph.active() != str(seat):
            ph.tap(".keys .key.next")
        ph.digits(pips)
    ph.preview_says("46")
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    shoot(page, f"result-{lang}-{size[0]}x{size[1]}")
    ph.record()
    assert WORDS[lang]["recorded"] in page.inner_text(".note") and ph.loads == 0
    # who shuffles for the next hand: the seats in turn, said at the top of the screen
    page.evaluate("scrollTo(0, 0)")
    assert page.locator(".shuffle-next").evaluate(ON_SCREEN)
    assert page.inner_text(".shuffle-next") == SHUFFLES[lang]["turn"] % b
    ctx.close()


def test_the_plain_form_without_javascript(chromium, live_server):
    """No JavaScript: radios, the pips typed, the pickers folded; a refused count comes back with
    the reason and what was typed, a good one is recorded and the next hand's form is drawn."""
    a, b, c, d = NAMES["ru"]
    ctx = context(chromium, js=False)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    edit = new_match(page, live_server, "ru", "traditional", NAMES["ru"])
    page.goto(edit + "/result")
    assert page.locator(".keys").is_hidden()
    page.check(f'input[name="out"][value="{a}"]')
    page.fill('input[name="pips_1"]', "70")
    page.fill('input[name="pips_2"]', "5")
    page.fill('input[name="pips_3"]', "6")
    with page.expect_navigation():
        page.click(".result-form button.record")
    assert "69" in page.inner_text(".problem")
    assert page.input_value('input[name="pips_1"]') == "70" and page.is_checked(f'input[name="out"][value="{a}"]')
    page.fill('input[name="pips_1"]', "7")
    with page.expect_navigation():
        page.click(".result-form button.record")
    assert page.url.endswith("/result") and "Кон 1 записан" in page.inner_text("main")
    assert "18" in page.inner_text("#result-preview")
    shoot(page, "result-ru-nojs")
    ctx.close()


EIGHT = {"ru": ("Анфиса", "Всеволод", "Мария", "Пётр", "Ольга", "Борис", "Зоя", "Яков"),
         "en": ("Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal")}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_eight_players_on_the_result_screen(chromium, live_server, lang):
    """Blitz for eight at 390x844: every row and the pad on the screen or a short scroll away
    (what lies under the pad at most a third of a screen), the taps in sight."""
    names = EIGHT[lang]
    ctx = context(chromium, lang=lang)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    edit = new_match(page, live_server, lang, "blitz", names)
    page.goto(edit + "/result")
    ph = Phone(page)
    ph.tap(f'.chip:has(input[value="{names[0]}"])')
    for seat in range(1, 8):
        if ph.active() != str(seat):
            ph.tap(".keys .key.next")
        ph.digits(str(seat + 1))
    ph.preview_says("35")
    shoot(page, f"result-{lang}-eight")
    # what lies below the screen above the pad: half a screen at most
    page.evaluate("scrollTo(0, 0)")
    below = page.evaluate("document.querySelector('#result-preview').getBoundingClientRect().bottom"
                          " - document.querySelector('.pad-dock').getBoundingClientRect().top")
    assert below <= 844 / 3, below
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    ph.record()
    assert WORDS[lang]["recorded"] in page.inner_text(".note")
    assert (ph.loads, ph.scrolls) == (0, 0), (ph.loads, ph.scrolls)
    ctx.close()
