"""The table flow by taps alone, in a real browser at a phone's size: the moves that once needed
the folded text field or were booked to the wrong player.

- With the deal entered, a player who must draw taps the bazaar's tiles (the seed blitz hand,
  where Андрей draws three, and a traditional hand with draws).
- Blind blitz without the deal: a player who lays again is offered «X lays more», as with the
  deal, and his second tile is his.
- Ladder: the starting tile is tapped on the start form (nothing preselected, never a word of the
  record format), then the hand is played.
- Nothing is preselected that the table did not say (who leads), «Start the hand» with nothing
  marked asks, «Pass» is not offered on an empty table.
- Offline: the taps made while the server cannot be reached are recorded for the players who
  made them, the phone following the turns; where it cannot tell (a lay that may be followed by
  another), it says so at once and keeps nothing.

Screenshots: /tmp/shots-flow/.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from referee.rules import make_variant
from referee.rules.hand import Hand
from referee.rules.playout import random_deal, walk
from referee.rules.tiles import tile_str
from test_variants_browser import examples, new_match, no_problem, play_move, same_move, start_hand, tap_in_view
from test_web_browser import go

pytestmark = pytest.mark.browser
SHOTS = "/tmp/shots-flow"
RECORDS = Path(__file__).resolve().parents[1] / "data" / "records"


@pytest.fixture(autouse=True)
def _patient(phone):
    """A machine shared with other test runs answers slowly at times: a slow answer is not a
    failure of the table flow (each wait still ends on what the page shows)."""
    phone.set_default_timeout(30_000)
    phone.set_default_navigation_timeout(30_000)


def shot(page, name):
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def low(t: str) -> str:
    return ":".join(sorted(t.split(":")))


class _Shots:
    def __init__(self, page, name):
        self.page, self.name = page, name

    def __call__(self, what):
        shot(self.page, f"{self.name}-{what}")


def enter_deal(page, edit: str, rec: dict) -> None:
    """The deal tapped on the deal page, player by player, then «Start the hand»."""
    hand = rec["hands"][0]
    page.goto(edit + "/deal")
    for i, p in enumerate(rec["players"]):
        for t in hand["deal"][p]:
            tap_in_view(page, f'fieldset.deal-player[data-i="{i}"] label.pick:has(input[value="{low(t)}"])')
    if hand.get("lead"):
        page.select_option("select#lead", hand["lead"])
    go(page, "form.deal-form button.primary")
    no_problem(page, "deal entered")


def still_to_play(page, edit: str, turns: list[dict]) -> list[dict]:
    """The turns after those recorded with the start (a first move the rules fix)."""
    done = stored_turns(page, edit)
    if done and len(done[-1]["moves"]) < len(turns[len(done) - 1]["moves"]):
        # the first move recorded with the start, and the turn goes on (blitz: he lays more)
        k = len(done) - 1
        meant = dict(turns[k], moves=turns[k]["moves"][:len(done[-1]["moves"])])
        assert same(done, turns[:k] + [meant]), done
        return [dict(turns[k], moves=turns[k]["moves"][len(meant["moves"]):], more=True)] + turns[k + 1:]
    assert same(done, turns[:len(done)]), done
    return turns[len(done):]


def tap_move(page, rec: dict, player: str, move: str, shots) -> None:
    """``play_move``, and a tile of the player's own that fits two places: one button a place
    (the place's number on the drawing), the one that is ``move`` tapped."""
    if move.split()[0] not in ("pass", "draw", "miss", "open"):
        tile = low(move.split(">")[0].split()[0])
        split = page.locator(f'form.picker-form button.split[data-tile="{tile}"]')
        if split.count():
            values = [split.nth(k).get_attribute("value") for k in range(split.count())]
            match = [v for v in values if same_move(move, v)]
            assert len(match) == 1, (move, values)
            go(page, f'form.picker-form button.split[value="{match[0]}"]', in_view=True)
            return
    play_move(page, rec, player, move, shots)


def play_turns(page, rec: dict, turns: list[dict], shots, close: bool = True) -> None:
    """The turns by taps (tiles, bazaar tiles, places, «X lays more», «Turn: Y»); ``close``:
    the last turn is closed where the page offers it (False: it goes on)."""
    for k, turn in enumerate(turns):
        for i, move in enumerate(turn["moves"]):
            if (i or turn.get("more")) and page.locator(".bar button.more").count():
                go(page, ".bar button.more", in_view=True)
            tap_move(page, rec, turn["player"], move, shots)
            no_problem(page, (k, turn["player"], move))
        if not close and k == len(turns) - 1:
            return
        if page.locator(".bar button.next-turn").count():
            go(page, ".bar button.next-turn", in_view=True)
        elif page.locator('.bar button[form="end-form"]').count():
            go(page, '.bar button[form="end-form"]', in_view=True)


def stored_turns(page, edit: str) -> list[dict]:
    return [{"player": t["player"], "moves": t["moves"]}
            for t in page.request.get(edit + "/export").json()["hands"][-1]["turns"]]


def same(stored: list[dict], meant: list[dict]) -> bool:
    """The same turns, player by player and move by move (``same_move``: a tile as tapped)."""
    return [t["player"] for t in stored] == [t["player"] for t in meant] and all(
        len(a["moves"]) == len(b["moves"]) and all(same_move(y, x) for x, y in zip(a["moves"], b["moves"]))
        for a, b in zip(stored, meant))


def seeded_hand(variant: str, names: list[str], seed: int, options: dict | None = None) -> dict:
    """A hand the engine plays with seeded random legal moves, as a record (deal and turns)."""
    v = make_variant(variant, len(names), options or {})
    rng = random.Random(seed)
    deal, _removed, _starter = random_deal(v, len(names), rng)
    h = Hand(v, names, deal)
    lead = None
    if h.to_move is None:
        h.to_move = 0
        lead = names[0]
    for _h in walk(h, rng):
        pass
    hand: dict = {"deal": {p: [tile_str(t) for t in d] for p, d in zip(names, deal)},
                  "turns": [{"player": h.players[s], "moves": list(m)} for s, m in h.turn_log]}
    if lead:
        hand["lead"] = lead
    return {"variant": variant, "options": options or {}, "players": names, "hands": [hand]}


# -- the bazaar with the deal --------------------------------------------------------------------

def test_seed_blitz_draws_from_the_bazaar_by_taps(phone, live_server):
    """The seed blitz hand with its deal: Андрей draws three tiles, each a tap on the bazaar."""
    page = phone
    rec = json.loads((RECORDS / "seed-blitz-draw.json").read_text(encoding="utf-8"))
    edit = new_match(page, live_server, rec)
    enter_deal(page, edit, rec)
    turns = rec["hands"][0]["turns"]
    assert still_to_play(page, edit, turns) == turns[1:]  # Жан's 0:0: recorded with the start
    play_turns(page, rec, turns[1:2], _Shots(page, "blitz-seed"))
    assert page.locator(".picker.bazaar").is_visible()
    assert page.locator(".picker.bazaar button.pick").count() == 3
    shot(page, "blitz-seed-bazaar")
    play_turns(page, rec, turns[2:], _Shots(page, "blitz-seed"))
    assert same(stored_turns(page, edit), turns)


def test_traditional_with_the_deal_draws_by_taps(phone, live_server):
    """A traditional hand whose player must draw twice, with the deal entered: every move a tap,
    the stored hand the engine's."""
    page = phone
    rec = seeded_hand("traditional", ["Анфиса", "Всеволод"], seed=1)
    turns = rec["hands"][0]["turns"][:6]
    assert any(m.startswith("draw") for t in turns for m in t["moves"])
    edit = new_match(page, live_server, rec)
    enter_deal(page, edit, rec)
    play_turns(page, rec, still_to_play(page, edit, turns), _Shots(page, "traditional-draws"))
    assert same(stored_turns(page, edit), turns)


# -- blind blitz without the deal -----------------------------------------------------------------

@pytest.mark.parametrize("lang", ["ru", "en"])
def test_blind_blitz_without_the_deal_lays_again(phone, live_server, lang):
    """The example hand of blind blitz, the rows unknown: Борис lays two tiles in his turn
    («Борис lays more»), and the stored hand is the example's, player by player."""
    page = phone
    page.goto(f"{live_server}/lang/{lang}?next=/")
    rec = examples()["blind_blitz"]
    rec["hands"][0] = {k: v for k, v in rec["hands"][0].items() if k != "deal"}
    turns = rec["hands"][0]["turns"]
    edit = new_match(page, live_server, rec)
    go(page, 'form[action$="/hand"] button.primary')
    play_turns(page, rec, turns[:1], _Shots(page, f"{lang}-blind-blitz"))
    play_move(page, rec, "Борис", turns[1]["moves"][0], _Shots(page, f"{lang}-blind-blitz"))
    assert page.locator(".bar button.more").is_visible()
    shot(page, f"{lang}-blind-blitz-lays-more")
    go(page, ".bar button.more", in_view=True)
    play_move(page, rec, "Борис", turns[1]["moves"][1], _Shots(page, f"{lang}-blind-blitz"))
    go(page, ".bar button.next-turn", in_view=True)
    play_turns(page, rec, turns[2:], _Shots(page, f"{lang}-blind-blitz"))
    assert same(stored_turns(page, edit), turns)


@pytest.mark.parametrize("with_deal", [True, False])
def test_blind_blitz_a_miss_after_lays_then_a_draw(phone, live_server, with_deal):
    """A seeded blind blitz hand whose first turn lays three tiles, turns up one that does not
    fit and draws: after the miss «X lays more» is not offered, the draw is (by taps), and the
    draw closes the turn; with the rows entered and without."""
    page = phone
    rec = seeded_hand("blind_blitz", ["Анна", "Борис"], seed=7)
    turns = rec["hands"][0]["turns"][:3]
    assert turns[0]["moves"][3].startswith("miss") and turns[0]["moves"][4].startswith("draw")
    if not with_deal:
        rec["hands"][0].pop("deal")
    edit = new_match(page, live_server, rec)
    start_hand(page, edit, rec, _Shots(page, "blind-miss"))
    play_turns(page, rec, [dict(turns[0], moves=turns[0]["moves"][:4])], _Shots(page, "blind-miss"), close=False)
    assert page.locator(".bar button.more").count() == 0
    assert page.locator("p.blind-next").is_visible()
    shot(page, f"blind-miss-after-lays-{'deal' if with_deal else 'rows-unknown'}")
    play_turns(page, rec, [dict(turns[0], moves=turns[0]["moves"][4:])] + turns[1:], _Shots(page, "blind-miss"))
    assert same(stored_turns(page, edit), turns)


# -- ladder's starter ------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["ru", "en"])
def test_ladder_starter_by_taps(phone, live_server, lang):
    page = phone
    page.goto(f"{live_server}/lang/{lang}?next=/")
    rec = examples()["ladder"]
    edit = new_match(page, live_server, rec)
    form = 'form[action$="/hand"]'
    assert page.locator(f'{form} input[name="starter"]:checked, {form} input[name="lead"]:checked').count() == 0
    go(page, f"{form} button.primary")  # nothing tapped: said in the player's words, nothing stored
    said = page.inner_text(".problem")
    assert "starter" not in said and ("стартовую кость" in said or "starting tile" in said)
    assert page.request.get(edit + "/export").json()["hands"] == []
    shot(page, f"{lang}-ladder-no-starter")
    tap_in_view(page, f'{form} label.pick:has(input[name="starter"][value="{low("3:5")}"])')
    go(page, f"{form} button.primary")
    no_problem(page, "ladder started")
    play_turns(page, rec, rec["hands"][0]["turns"], _Shots(page, f"{lang}-ladder"))
    hand = page.request.get(edit + "/export").json()["hands"][0]
    assert hand["starter"] == "3:5"
    assert same(stored_turns(page, edit), rec["hands"][0]["turns"])


# -- nothing preselected ---------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["ru", "en"])
def test_nothing_preselected_and_no_pass_on_an_empty_table(phone, live_server, lang):
    page = phone
    page.goto(f"{live_server}/lang/{lang}?next=/")
    rec = examples()["blitz"]
    edit = new_match(page, live_server, rec)
    # the deal page sent with nothing marked asks first, and stores nothing
    page.goto(edit + "/deal")
    go(page, "form.deal-form button.primary")
    assert page.locator("form.deal-form button[name=nodeal]").is_visible()
    assert page.request.get(edit + "/export").json()["hands"] == []
    shot(page, f"{lang}-deal-asks")
    go(page, "form.deal-form button[name=nodeal]")
    assert page.url == edit
    assert page.locator("fieldset.leader input[name=leader]").count() == 4
    assert page.locator("fieldset.leader input[name=leader]:checked").count() == 0
    assert page.locator('#typed-leader option:checked').get_attribute("value") == ""
    assert page.locator('.bar button[name="pass"]').is_hidden()  # nothing on the table yet
    shot(page, f"{lang}-who-leads")
    page.click('form.picker-form button.pick[value="0:0"]')  # no leader said: asked, not sent
    page.wait_for_function("() => /\\S/.test((document.querySelector('.bar-turn') || {}).textContent || '')")
    assert page.locator(".problem").count() == 0
    assert page.request.get(edit + "/export").json()["hands"][0]["turns"] == []
    page.check('fieldset.leader input[value="Глеб"]')
    go(page, 'form.picker-form button.pick[value="0:0"]')
    assert stored_turns(page, edit) == [{"player": "Глеб", "moves": ["0:0"]}]


# -- offline ---------------------------------------------------------------------------------------

def queue_settled(page):
    page.wait_for_function("() => !document.querySelector('.bar .queue') || document.querySelector('.bar .queue').hidden",
                           timeout=15_000)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_offline_taps_follow_the_turns(phone, live_server, lang):
    """Traditional without the deal: four taps made offline (a lay, a lay, a draw and a lay)
    are recorded for the players who made them; the phone shows whose turn it is meanwhile."""
    page = phone
    page.goto(f"{live_server}/lang/{lang}?next=/")
    rec = {"variant": "traditional", "options": {}, "players": ["Анфиса", "Всеволод"]}
    edit = new_match(page, live_server, rec)
    go(page, 'form[action$="/hand"] button.primary')
    page.check('fieldset.leader input[value="Анфиса"]')
    go(page, 'form.picker-form button.pick[value="6:6"]')
    page.context.set_offline(True)
    page.click('form.picker-form button.pick[value="0:6"]')          # Всеволод
    page.locator(".bar .queue").wait_for(state="visible")
    assert "Анфиса" in page.inner_text(".bar .bar-turn")
    page.click('form.picker-form button.pick[value="5:6"]')          # Анфиса
    assert "Всеволод" in page.inner_text(".bar .bar-turn")
    page.click('.bar button[name="draw"]')                          # Всеволод draws
    assert "Всеволод" in page.inner_text(".bar .bar-turn")
    page.click('form.picker-form button.pick[value="0:1"]')          # Всеволод lays (one place)
    assert "Анфиса" in page.inner_text(".bar .bar-turn")
    shot(page, f"{lang}-offline-four")
    page.context.set_offline(False)
    queue_settled(page)
    no_problem(page, "sent")
    stored = stored_turns(page, edit)
    assert [(t["player"], [m.split(">")[0] for m in t["moves"]]) for t in stored] == [
        ("Анфиса", ["6:6"]), ("Всеволод", ["6:0"]), ("Анфиса", ["6:5"]), ("Всеволод", ["draw", "0:1"])]


def test_offline_asks_before_a_tap_it_cannot_place(phone, live_server):
    """Blitz without the deal: after a lay offline the phone cannot tell whether the player lays
    more, so it asks («Глеб кладёт ещё» / «Ход: Анна») as it does online; a tile tapped before
    the answer is not kept: it says so at once, and what was kept is recorded."""
    page = phone
    rec = examples()["blitz"]
    edit = new_match(page, live_server, rec)
    go(page, 'form[action$="/hand"] button.primary')
    page.check('fieldset.leader input[value="Глеб"]')
    page.context.set_offline(True)
    page.click('form.picker-form button.pick[value="0:0"]')
    page.locator(".bar .queue").wait_for(state="visible")
    page.click('form.picker-form button.pick[value="0:1"]')
    said = page.inner_text(".bar .bar-turn")
    assert "Сначала скажите" in said and "«Глеб кладёт ещё»" in said and "«Ход: Анна»" in said, said
    assert page.evaluate("JSON.parse(localStorage.getItem(Object.keys(localStorage)[0])).length") == 1
    shot(page, "ru-offline-cannot-tell")
    page.context.set_offline(False)
    queue_settled(page)
    assert stored_turns(page, edit) == [{"player": "Глеб", "moves": ["0:0"]}]
