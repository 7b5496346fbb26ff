"""An event's set-up on a phone, in a real browser: its choices (who is ranked, the system, every
house rule) stand side by side with the sentence of the one ticked under them, its numbers beside
their names, as the match set-up's house rules; a club night is set up in a few scrolls; and the
page is a plain form: without JavaScript it shows the ticked choices' sentences, refuses a wrong
field with its error in sight in the page's language, and makes the event."""

from __future__ import annotations

import pytest

from test_result_browser import context

pytestmark = pytest.mark.browser

NAMES = ("Аня", "Боря", "Вера", "Гена", "Дина", "Егор", "Жанна", "Зоя")

#: each choice of a set-up's fieldsets: its box, whether it is ticked, whether its sentence shows
CHOICES = """fs => fs.map(f => [...f.querySelectorAll('label.choice')].map(l => {
  const r = l.getBoundingClientRect(), i = l.querySelector('input');
  return [Math.round(r.top), Math.round(r.left), Math.round(r.right), i.checked,
          !!document.getElementById(i.getAttribute('aria-describedby')).offsetHeight]; }))"""

#: a director's scrolls to have an element wholly on the screen: each a screen at most (less a line
#: kept), as far as the element stays in sight
SCROLLS_TO = """e => { const H = innerHeight; let n = 0, r = e.getBoundingClientRect();
  while (r.bottom > H && n < 50) { scrollBy(0, Math.min(H - 60, r.top - 60)); n++; r = e.getBoundingClientRect(); }
  while (r.top < 0 && n < 50) { scrollBy(0, -Math.min(H - 60, H - 60 - r.bottom)); n++; r = e.getBoundingClientRect(); }
  return n; }"""

WORDS = {"ru": {"correct": "Исправьте отмеченные поля.", "name": "Дайте турниру название.",
                "target": "Введите целое число от 1 до 100000.", "swiss": "В каждом туре встречаются"},
         "en": {"correct": "Please correct the marked fields.", "name": "Give the event a name.",
                "target": "Enter a whole number from 1 to 100000.", "swiss": "Each round pairs those"}}


@pytest.mark.parametrize("size", [(390, 844), (360, 640)])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_event_set_ups_choices_stand_side_by_side(chromium, live_server, lang, size):
    ctx = context(chromium, size=size, lang=lang)
    page = ctx.new_page()
    page.goto(f"{live_server}/lang/{lang}?next=/events/new/traditional")
    page.locator("details.house-rules > summary").tap()
    sets = page.eval_on_selector_all("form.event-setup fieldset.option", CHOICES)
    assert len(sets) > 6     # who is ranked, the system, the house rules' choices
    for choices in sets:
        # the first two on one row, side by side
        (top, _, right, *_), (top2, left2, *_) = choices[:2]
        assert top == top2 and right <= left2, choices
        # the ticked one's sentence only
        assert [c[3] for c in choices] == [c[4] for c in choices], choices
    # a number beside its name
    label = page.locator('label[for="rounds"]').bounding_box()
    box = page.locator('input[name="rounds"]').bounding_box()
    assert box["x"] >= label["x"] + label["width"] and box["y"] < label["y"] + label["height"], (label, box)
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    # another choice tapped: its sentence shows, the other's no more
    page.locator('label.choice:has(input[name="system"][value="round_robin"])').tap()
    shown = page.locator('fieldset.option:has(input[name="system"]) .says:visible')
    assert shown.count() == 1 and shown.get_attribute("id") == "system-1-says"
    ctx.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_club_night_is_set_up_in_a_few_scrolls(chromium, live_server, lang):
    # a Swiss night of four rounds at 390x844: its name and entrants, the system and the rounds,
    # the house rules opened and three changed, the event made (a choice a line, the system's
    # sentences beside them, took 5 scrolls in both languages)
    ctx = context(chromium, size=(390, 844), lang=lang)
    page = ctx.new_page()
    page.goto(f"{live_server}/lang/{lang}?next=/events/new/traditional")
    scrolls = 0

    def reach(selector: str) -> None:
        nonlocal scrolls
        page.evaluate("document.activeElement.blur()")   # no field's focus scrolling the page
        scrolls += page.locator(selector).first.evaluate(SCROLLS_TO)

    reach('div.field:has([name="name"])')
    page.fill('[name="name"]', "Вторник")
    reach('div.field:has([name="entrants"])')
    page.fill('[name="entrants"]', "\n".join(NAMES))
    reach('fieldset:has([name="system"])')
    page.locator('label.choice:has([name="system"][value="swiss"])').tap()
    reach('div.field:has([name="rounds"])')
    page.fill('[name="rounds"]', "4")
    reach("details.house-rules > summary")
    page.locator("details.house-rules > summary").tap()
    for key, value in (("draw", "none"), ("scoring", "kozel"), ("eggs", "yes")):
        reach(f'fieldset:has([name="opt_{key}"])')
        page.locator(f'label.choice:has([name="opt_{key}"][value="{value}"])').tap()
        assert page.is_checked(f'[name="opt_{key}"][value="{value}"]')
    reach("details.house-rules button[type=submit]")
    with page.expect_navigation():
        page.locator("details.house-rules button[type=submit]").tap()
    assert "/e/" in page.url
    assert scrolls <= {"ru": 5, "en": 4}[lang], scrolls
    ctx.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_event_set_up_works_without_javascript(chromium, live_server, lang):
    ctx = context(chromium, size=(360, 640), lang=lang, js=False)
    page = ctx.new_page()
    page.goto(f"{live_server}/lang/{lang}?next=/events/new/traditional")
    # the ticked choice's sentence shows, another's once it is ticked: CSS alone
    swiss = page.locator("#system-0-says")
    assert swiss.is_visible() and swiss.inner_text().startswith(WORDS[lang]["swiss"])
    page.locator('label.choice:has(input[name="unit"][value="pair"])').tap()
    assert page.locator("#unit-1-says").is_visible() and page.locator("#unit-0-says").is_hidden()
    page.locator('label.choice:has(input[name="unit"][value="player"])').tap()
    # no name, a target of 0: refused, each error at its field, the house rules opened to show it
    page.fill('[name="entrants"]', "\n".join(NAMES))
    page.locator("details.house-rules > summary").tap()
    page.fill('[name="opt_target"]', "0")
    with page.expect_navigation():
        page.locator("form.event-setup > .start-buttons button").tap()
    assert page.inner_text(".problem") == WORDS[lang]["correct"]
    assert page.inner_text('div.field:has([name="name"]) .errors') == WORDS[lang]["name"]
    target = page.locator('div.field:has([name="opt_target"]) .errors')
    assert target.is_visible() and target.inner_text() == WORDS[lang]["target"]
    assert page.input_value('[name="entrants"]').split() == list(NAMES)
    # corrected, the plain form post makes the event
    page.fill('[name="name"]', "Среда")
    page.fill('[name="rounds"]', "3")
    page.fill('[name="opt_target"]', "101")
    with page.expect_navigation():
        page.locator("form.event-setup > .start-buttons button").tap()
    assert "/e/" in page.url, page.locator(".problem, .errors").all_inner_texts()
    ctx.close()
