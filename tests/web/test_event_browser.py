"""A whole club evening in a real browser: the director's phone and four table phones (browser
contexts at 390x844), three rounds of a Swiss «Козёл» night of sixteen players with rotating
partners, every hand entered by its result on the table phones, one result corrected by the
director, the standings checked on the public page and in the results PDF against
``referee.events``. Screenshots: /tmp/shots/event-*.png."""

from __future__ import annotations

import io
import json

import pytest

from referee import events as core

from test_web_browser import go, phone_checks, shoot

pytestmark = pytest.mark.browser

NAMES = ("Аня", "Боря", "Вера", "Гена", "Дина", "Егор", "Жанна", "Зоя",
         "Ира", "Костя", "Лена", "Миша", "Нина", "Олег", "Поля", "Рома")


def new_phone(chromium):
    context = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1,
                                   is_mobile=True, has_touch=True, locale="ru-RU")
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


def enter_hand(page, edit: str, out_seat: int, pips: tuple[int, int]) -> None:
    """One hand by its result on the table's phone: who went out, the two opponents' pips."""
    page.goto(edit + "/result")
    outs = page.locator('input[name="out"]')
    page.check(f'input[name="out"] >> nth={out_seat}')
    assert outs.nth(out_seat).get_attribute("value") != "*block*"
    for seat, value in zip(((out_seat + 1) % 4, (out_seat + 3) % 4), pips):
        page.fill(f'input[name="pips_{seat}"]', str(value))
    go(page, ".result-form button[type=submit]")
    assert not page.locator(".problem").count(), page.inner_text(".problem")


def test_a_swiss_kozel_night_from_phones(chromium, live_server):
    base = live_server
    director_ctx, director = new_phone(chromium)
    tables = [new_phone(chromium) for _ in range(4)]
    try:
        # the director sets the evening up from the «Козёл» preset
        director.goto(base + "/events/new")
        phone_checks(director, "event-new")
        go(director, "a.variant.preset >> nth=0")
        assert director.is_checked('input[name="opt_scoring"][value="kozel"]')
        director.fill('input[name="name"]', "Вторник в «Дупеле»")
        director.fill('textarea[name="entrants"]', "\n".join(NAMES))
        director.check('input[name="system"][value="swiss"]')
        director.check('input[name="unit"][value="player"]')
        director.fill('input[name="rounds"]', "3")
        assert director.input_value('input[name="seats"]') == "4"
        # the box «each hand confirmed by an opponent» beside its words, on their first line
        tick = director.locator('input[name="confirm_hands"]').bounding_box()
        words = director.locator('label.choice:has(input[name="confirm_hands"]) span').bounding_box()
        assert tick["x"] + tick["width"] <= words["x"] and tick["y"] < words["y"] + 30, (tick, words)
        phone_checks(director, "event-setup")
        go(director, "button.primary[type=submit]")
        assert "/e/" in director.url
        director_url = director.url.split("#")[0]
        public_url = director.locator("a.public-link").get_attribute("href")
        for number in (1, 2, 3):
            assert director.locator(".plan-table").count() == 4
            phone_checks(director, f"event-plan-{number}")
            go(director, "button.start-round")
            # a second tap on a stale page starts nothing more
            assert director.locator(".table-row").count() == 4
            shoot(director, f"event-round-{number}")
            go(director, f"a[href$='/round/{number}/cards']")
            phone_checks(director, "event-cards")
            assert director.locator(".card .qr svg").count() == 4
            links = [director.locator(".card-link").nth(i).get_attribute("href") for i in range(4)]
            director.goto(director_url)
            if number == 1:
                # closing the round before its results is refused, in the red of a refusal
                go(director, "button.close-round")
                said = director.locator('.flash.problem[role="alert"]')
                assert "закрыть нельзя" in said.inner_text()
                look = said.evaluate("e => getComputedStyle(e).backgroundColor")
                assert look == "rgb(253, 236, 234)", look       # the flash of «done» is rgb(230, 244, 234)
            # each table's phone opens its card's link (what its QR holds) and enters the hands
            for t, ((_ctx, phone), link) in enumerate(zip(tables, links)):
                winner = (t + number) % 2
                enter_hand(phone, link, winner, (30, 29))
                enter_hand(phone, link, winner, (20 + t, 25 + number))
            director.goto(director_url)
            states = director.locator(".table-row .badge").all_inner_texts()
            assert states == ["закончен"] * 4, states
            if number == 2:
                # the director corrects table 1: its losers win 31 to 104
                director.locator("#table-1 details.fix summary").click()
                form = director.locator("#table-1 form.fix-form")
                form.locator('input[name="side_0"]').fill("104")
                form.locator('input[name="side_1"]').fill("31")
                form.locator('input[name="note"]').fill("пересчитали очки")
                go(director, "#table-1 form.fix-form button[type=submit]")
                assert "вписано судьёй" in director.inner_text("#table-1")
                assert "пересчитали очки" in director.inner_text(".audit")
            go(director, "button.close-round")
        assert "Все туры сыграны" in director.inner_text("main")
        shoot(director, "event-director-done")
        # the record the app exports: three rounds, the correction in it, every rule kept
        record = json.loads(director.context.request.get(public_url.replace("/ev/", "/ev/", 1) + "/export").text())
        assert core.check(record)[0] == 0
        assert len(record["round_list"]) == 3 and record["round_list"][1]["tables"][0]["result"]["totals"]
        seats = record["round_list"][1]["tables"][0]["seats"]
        assert [record["round_list"][1]["tables"][0]["result"]["totals"][x] for x in seats] == [104, 31, 104, 31]
        want = core.standings(core.load(record))
        # the public page, on a viewer's phone
        viewer_ctx, viewer = new_phone(chromium)
        try:
            viewer.goto(public_url)
            names = viewer.locator("table.standings tbody .name").all_inner_texts()
            points = viewer.locator("table.standings tbody .mp").all_inner_texts()
            assert names == [" + ".join(w["names"]) for w in want]
            assert points == [str(w["match_points"]) for w in want]
            assert viewer.locator("table.cross tbody tr").count() == 16
            shoot(viewer, "event-standings")
            assert not viewer.locator("form[method=post]").count()
            # the results PDF: the same order
            import pypdf

            pdf = viewer.context.request.get(public_url + "/results.pdf?lang=ru")
            assert pdf.headers["content-type"] == "application/pdf"
            text = "\n".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(pdf.body())).pages)
            at = [text.index(w["names"][0]) for w in want]
            assert at == sorted(at) and "Таблица" in text
        finally:
            viewer_ctx.close()
    finally:
        director_ctx.close()
        for ctx, _page in tables:
            ctx.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_big_screen_shows_every_row_of_a_club_night_on_a_tv(chromium, app, client, lang):
    """A TV at 1280x720 is not scrolled: the board of seventeen players, after a round, shows
    every row (the type shares the screen's height); a few players keep the large type; while a
    round is played its tables stand beside the standings, every row of both in sight."""
    from eventhelpers import new_event, post, start
    from servehelpers import in_thread
    from webhelpers import soup

    for n, large, playing in ((17, False, False), (8, True, False), (16, False, True)):
        d = new_event(client, entrants=[f"Игрок {i}" for i in range(1, n + 1)], lang=lang)
        start(client, d, 1)
        for row in soup(client.get(d)).select("li.table-row"):
            t = row["id"].split("-")[1]
            post(client, d, f"/round/1/table/{t}/result", {"side_0": "101", "side_1": t, "ended": "target"})
        post(client, d, "/round/1/close")
        if playing:
            start(client, d, 2)
        board = soup(client.get(d)).select_one(".event-links a[href*='/board']")["href"]
        with in_thread(app) as base:
            context = chromium.new_context(viewport={"width": 1280, "height": 720})
            page = context.new_page()
            page.goto(f"{base}/lang/{lang}")
            page.goto(base + board)
            rows = page.locator("table.standings tbody tr")
            assert rows.count() == n
            last = rows.last.bounding_box()
            assert last["y"] + last["height"] <= 720, (n, last)
            size = float(page.evaluate("getComputedStyle(document.querySelector('table.standings')).fontSize")[:-2])
            assert size >= 16 and (size > 25 if large else True), size
            if playing:
                tables = page.locator(".now-tables li")
                assert tables.count() == 4
                last = tables.last.bounding_box()
                assert last["y"] + last["height"] <= 720, last
            shoot(page, f"event-board-{lang}-{n}")
            context.close()
