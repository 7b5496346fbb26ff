"""How the pages look and what they say, in a real browser at phone sizes (Debian's chromium):
a name longer than the limit is refused with the limit named and never cut (the new match, the
rename, the import), points that hurt are not the green of points won, a picker's tick never
covers a pip. Screenshots: /tmp/shots-looks/."""

from __future__ import annotations

import json
import os

import pytest

from test_web_browser import go

pytestmark = pytest.mark.browser
SHOTS = "/tmp/shots-looks"
LIMIT = {"ru": "24 знаков", "en": "24 characters"}


def phone_at(chromium, w: int, h: int, lang: str):
    context = chromium.new_context(viewport={"width": w, "height": h}, device_scale_factor=1,
                                   is_mobile=True, has_touch=True, locale=f"{lang}-RU")
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


def shot(page, name: str) -> None:
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_long_name_is_refused_with_its_limit_never_cut(chromium, live_server, lang):
    context, page = phone_at(chromium, 360, 640, lang)
    long = "Александра-Константинова-Х"                # 26 characters: 2 over the limit
    try:
        page.goto(f"{live_server}/lang/{lang}?next=/new/traditional")
        page.fill('input[name="player_1"]', "Анфиса")
        page.fill('input[name="player_2"]', long)
        # the field keeps every character typed (a browser's maxlength cut it to 24 silently)
        assert page.input_value('input[name="player_2"]') == long
        go(page, "button.primary[type=submit]")
        assert "/m/" not in page.url
        said = page.inner_text(".errors")
        assert LIMIT[lang] in said, said
        assert page.input_value('input[name="player_2"]') == long
        shot(page, f"{lang}-name-refused-setup")
        # a name that fits starts the match; the rename refuses the long one the same way
        page.fill('input[name="player_2"]', "Всеволод")
        go(page, "button.primary[type=submit]")
        assert "/m/" in page.url
        edit = page.url.split("?")[0].rstrip("/")
        page.goto(edit + "/players")
        page.fill('input[name="name_1"]', long)
        assert page.input_value('input[name="name_1"]') == long
        go(page, "main form button.primary[type=submit]")
        said = page.inner_text(".problem")
        assert LIMIT[lang] in said, said
        assert page.input_value('input[name="name_1"]') == long
        shot(page, f"{lang}-name-refused-rename")
        names = page.request.get(edit + "/export").json()["players"]
        assert names == ["Анфиса", "Всеволод"]
        # the import: a record with the long name is refused naming the limit, nothing stored
        record = {"format": "referee-record/1", "variant": "traditional", "options": {},
                  "players": ["Анфиса", long], "hands": []}
        page.goto(live_server + "/import")
        page.fill("textarea", json.dumps(record, ensure_ascii=False))
        go(page, "form button.primary")
        assert "/m/" not in page.url
        said = page.inner_text(".problem")
        assert LIMIT[lang] in said, said
        shot(page, f"{lang}-name-refused-import")
    finally:
        context.close()


#: each ticked pick: does the visible tick overlap the tile's pips (the tile inset by where
#: its pips may lie: 16 % of its width from each side, 6.5 % of its height from each end)?
TICKS = """() => [...document.querySelectorAll('label.pick')].filter(l => l.offsetParent !== null
    && l.querySelector('input').checked).map(l => {
  const i = l.querySelector('input'), t = l.querySelector('svg.tile');
  const a = i.getBoundingClientRect(), b = t.getBoundingClientRect();
  const z = {left: b.left + b.width * .16, right: b.right - b.width * .16,
             top: b.top + b.height * .065, bottom: b.bottom - b.height * .065};
  const seen = parseFloat(getComputedStyle(i).opacity) > 0;
  const over = a.left < z.right && a.right > z.left && a.top < z.bottom && a.bottom > z.top;
  return [i.value, seen, seen && over];
})"""


@pytest.mark.parametrize("size", [(360, 640), (390, 844)])
def test_a_pickers_tick_covers_no_pip(chromium, live_server, size):
    context, page = phone_at(chromium, *size, "ru")
    try:
        page.goto(live_server + "/new/traditional")
        page.fill('input[name="player_1"]', "Анфиса")
        page.fill('input[name="player_2"]', "Всеволод")
        go(page, "button.primary[type=submit]")
        edit = page.url.split("?")[0].rstrip("/")
        page.goto(edit + "/deal")
        picker = page.locator("fieldset.deal-player").first
        for t in ("6:6", "5:6", "5:5", "4:6", "1:1"):
            picker.locator(f'label.pick:has(input[value="{t}"])').click()
        got = page.evaluate(TICKS)
        assert len(got) == 5, got
        assert all(seen for _, seen, _ in got), got          # the tick says the tile is ticked
        assert [v for v, _, over in got if over] == [], got  # and covers none of its pips
        page.locator("fieldset.deal-player").first.screenshot(path=f"{SHOTS}/ticks-{size[0]}.png")
    finally:
        context.close()


def _ticked(page) -> dict:
    return page.evaluate("""() => { const out = {};
        document.querySelectorAll('form.deal-form input[type=checkbox]:checked').forEach(c => {
            (out[c.name] = out[c.name] || []).push(c.value); });
        return out; }""")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_deal_being_entered_survives_a_reload(chromium, live_server, lang):
    context, page = phone_at(chromium, 390, 844, lang)
    try:
        page.goto(f"{live_server}/lang/{lang}?next=/new/traditional")
        page.fill('input[name="player_1"]', "Анфиса")
        page.fill('input[name="player_2"]', "Всеволод")
        go(page, "button.primary[type=submit]")
        edit = page.url.split("?")[0].rstrip("/")
        page.goto(edit + "/deal")
        for t in ("6:6", "5:6", "1:3"):
            page.locator(f'fieldset.deal-player[data-i="0"] label.pick:has(input[value="{t}"])').click()
        page.locator('button.deal-tab[data-i="1"]').click()
        for t in ("0:0", "2:4"):
            page.locator(f'fieldset.deal-player[data-i="1"] label.pick:has(input[value="{t}"])').click()
        before = _ticked(page)
        assert {k: sorted(v) for k, v in before.items()} == {"deal_0": ["1:3", "5:6", "6:6"], "deal_1": ["0:0", "2:4"]}
        page.reload()
        after = {k: sorted(v) for k, v in _ticked(page).items()}
        assert after == {"deal_0": ["1:3", "5:6", "6:6"], "deal_1": ["0:0", "2:4"]}, after
        # the counters say so too, and each tile is still one player's
        counts = page.locator("button.deal-tab .count").all_inner_texts()
        assert counts == ["3", "2"], counts
        assert page.locator('fieldset.deal-player[data-i="1"] input[value="6:6"]').is_disabled()
        # the same page opened anew in this tab starts from what was kept
        page.goto(edit + "/deal")
        assert {k: sorted(v) for k, v in _ticked(page).items()} == after
    finally:
        context.close()


#: the deal's tabs, the picker and «Start the hand»: their top and bottom edges, and each tab's name
#: wider than its tab (words cut or sticking out)
DEAL_FIT = """() => {
  const box = s => { const r = document.querySelector(s).getBoundingClientRect(); return [r.top, r.bottom]; };
  const picker = [...document.querySelectorAll('fieldset.deal-player')].find(f => !f.hidden);
  const names = [...document.querySelectorAll('button.deal-tab .name')];
  return {tabs: box('.deal-tabs'), picker: [picker.getBoundingClientRect().top, picker.getBoundingClientRect().bottom],
          start: box('form.deal-form button.primary'), height: innerHeight,
          cut: names.filter(n => n.scrollWidth > n.clientWidth + 1 || n.getBoundingClientRect().width > n.parentElement.getBoundingClientRect().width + 1).map(n => n.textContent),
          words: names.map(n => n.getClientRects().length)};
}"""


@pytest.mark.parametrize("players,size", [(5, (360, 640)), (4, (360, 640)), (8, (360, 640)), (5, (390, 844)),
                                          (4, (844, 390))])
def test_the_deal_picker_fits_the_screen(chromium, live_server, players, size):
    """Blitz with the deal: the players' tabs, the picker and «Start the hand» on the screen as it
    opens, with no scroll (five players at 360x640 included), each name whole in its tab."""
    names = ["Анна", "Борис", "Вера", "Глеб", "Дарья", "Егор", "Жанна", "Зоя"][:players]
    context, page = phone_at(chromium, *size, "ru")
    try:
        page.goto(f"{live_server}/lang/ru?next=/new/blitz")
        for i, p in enumerate(names, 1):
            page.fill(f'input[name="player_{i}"]', p)
        go(page, "button.with-deal")
        page.wait_for_selector(".deal-tabs:not([hidden])")
        fit = page.evaluate(DEAL_FIT)
        shot(page, f"deal-fit-{players}-{size[0]}x{size[1]}")
        assert fit["tabs"][0] < fit["picker"][0] < fit["start"][0], fit
        assert fit["start"][1] <= fit["height"], fit        # the start button on the first screen
        assert fit["cut"] == [], fit
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    finally:
        context.close()


SPLIT_WORDS = """() => [...document.querySelectorAll('.variant')].flatMap(card => {
    const pad = parseFloat(getComputedStyle(card).paddingLeft);
    const text = card.querySelector('.summary').firstChild;
    const out = pad < 8 ? [card.textContent.trim().slice(0, 30) + ': padding ' + pad] : [];
    let at = 0;
    for (const word of text.textContent.split(' ')) {
        const range = document.createRange();
        range.setStart(text, at); range.setEnd(text, at + word.length);
        if (word && range.getClientRects().length > 1) out.push(word);
        at += word.length + 1;
    }
    return out;
})"""


@pytest.mark.parametrize("path", ["/events/new", "/new"])
def test_the_games_cards_break_lines_between_words(chromium, live_server, path):
    """The list of games (an evening's and a match's) at 360 px: each card's words stay whole on
    their line and its text keeps off the card's border."""
    context, page = phone_at(chromium, 360, 640, "ru")
    try:
        page.goto(live_server + path)
        assert page.locator(".variant").count() > 10
        assert page.evaluate(SPLIT_WORDS) == []
    finally:
        context.close()


def test_the_big_screens_standings_give_the_names_their_room(chromium, live_server):
    """The standings on a 1280×720 screen: the place column is as narrow as its figures (the
    play page's rule for «.place» buttons, width 100%, took it and pushed the names and figures
    into the screen's right third), its column heads are big enough to read from afar, and the
    names' heading is aligned as the names are; the round's table cards stand side by side."""
    from bs4 import BeautifulSoup

    from eventhelpers import NAMES8

    context = chromium.new_context(viewport={"width": 1280, "height": 720}, locale="ru-RU")
    page = context.new_page()
    try:
        setup = page.request.get(live_server + "/events/new/traditional?preset=yard")
        form = BeautifulSoup(setup.text(), "html.parser")
        data = {i["name"]: i.get("value", "") for i in form.select("input[name^=opt_]")
                if i.get("type") != "radio" or i.has_attr("checked")}
        data.update({"csrf_token": form.select_one("input[name=csrf_token]")["value"], "name": "Среда",
                     "seats": "4", "system": "swiss", "unit": "player", "rounds": "2",
                     "entrants": "\n".join(NAMES8)})
        made = page.request.post(live_server + "/events/new/traditional", form=data)
        assert made.ok
        public = BeautifulSoup(made.text(), "html.parser").select_one('a[href^="/ev/"]')["href"]
        page.goto(live_server + public.split("?")[0].rstrip("/") + "/board")
        widths = page.evaluate("[...document.querySelectorAll('table.standings tbody tr:first-child td')]"
                               ".map(td => td.getBoundingClientRect().width)")
        assert len(widths) > 3 and widths[0] < widths[1] and widths[0] < 200, widths
        # the column heads read from across the room too (they were 12.8 px over 25.6 px figures)
        heads = page.evaluate("[...document.querySelectorAll('table.standings th')]"
                              ".map(th => parseFloat(getComputedStyle(th).fontSize))")
        assert heads and min(heads) >= 18, heads
        # the names' heading stands over the names, at their left (it was centred), on the board
        # and on the public page
        def names_aligned():
            head = page.locator("table.standings th").nth(1)
            assert head.get_attribute("class") == "name"
            return set(page.evaluate("[...document.querySelectorAll('table th.name, table td.name')]"
                                     ".map(x => getComputedStyle(x).textAlign)"))

        assert names_aligned() <= {"left", "start"}   # a cell's own default is «start»
        # a gap between the place and the name («10Гена» touched: 4 px at 26 px letters)
        gap = page.evaluate("""(() => { const rank = document.querySelector('table.standings tbody td.rank');
            const text = el => { const r = document.createRange(); r.selectNodeContents(el); return r.getBoundingClientRect(); };
            return text(rank.nextElementSibling).left - text(rank).right; })()""")
        assert gap >= 8, gap
        page.goto(live_server + public.split("?")[0])
        assert names_aligned() <= {"left", "start"}
        # round 1's table cards stand side by side on the wide screen (they were one narrow column)
        director = BeautifulSoup(page.request.get(made.url).text(), "html.parser")
        start = director.select_one('form[action$="/round/1/start"]')
        assert page.request.post(live_server + start["action"], form={
            i["name"]: i["value"] for i in start.select("input[type=hidden]")}).ok
        page.goto(made.url.split("#")[0] + "/round/1/cards")
        tops = page.evaluate("[...document.querySelectorAll('.card')].map(c => c.getBoundingClientRect().top)")
        assert len(tops) == 2 and tops[0] == tops[1], tops
    finally:
        context.close()
