"""Each seat's own link (test client): made for each seat when the match asks for hands to be
confirmed, shown on the share page; its confirm or dispute is recorded with its seat, never
another's; it changes nothing else; the scorekeeper's confirmation is marked as his."""

from __future__ import annotations

from test_life import _db_snapshot, _settings, enter_result
from webhelpers import new_match, soup


def _seat_links(client, edit: str) -> dict[str, str]:
    page = soup(client.get(edit + "/share"))
    return {li.select_one("summary").get_text(strip=True): li.select_one("a.link")["href"]
            for li in page.select(".seat-links li")}


def test_a_seat_link_confirms_for_its_own_seat_only(app, client):
    edit = new_match(client)
    enter_result(client, edit, "Анфиса", {1: "40"})
    assert _seat_links(client, edit) == {}          # not asked for: no seat links
    assert _settings(client, edit, confirm_hands="1").status_code == 302
    links = _seat_links(client, edit)
    assert set(links) == {"Анфиса", "Всеволод"} and len(set(links.values())) == 2
    assert _seat_links(client, edit) == links       # made once, the same afterwards
    other = app.test_client()                        # another phone: no cookie of the scorekeeper
    seat = links["Всеволод"].split("://", 1)[1].split("/", 1)[1]
    page = other.get("/" + seat)
    assert page.status_code == 200 and edit.split("/m/")[1] not in page.get_data(as_text=True)
    form = soup(page).select_one("form.seat-verdict")
    data = {i["name"]: i.get("value", "") for i in form.select("input[type=hidden]")}
    # the seat comes from the key: a form that names another player is refused, nothing stored
    before = _db_snapshot(app)
    resp = other.post(form["action"], data={**data, "by": "Анфиса", "verdict": "confirmed"})
    assert resp.status_code == 403 and _db_snapshot(app) == before
    assert "Всеволод" in soup(resp).select_one(".problem").get_text()
    resp = other.post(form["action"], data={**data, "verdict": "disputed"})
    assert resp.status_code == 302
    events = _db_snapshot(app)[1]
    assert events[-1]["kind"] == "confirm" and '"by": "Всеволод"' in events[-1]["data"] \
        and '"via": "seat"' in events[-1]["data"]
    # an unknown key, and a seat link's only change is its word: no other route under it
    assert other.get("/c/" + "x" * 24).status_code == 404
    assert other.post("/" + seat + "/result", data=data).status_code in (404, 405)
    board = soup(client.get(edit + "/score"))
    assert "Всеволод" in board.select_one(".verdict.disputed").get_text()
    audit = soup(client.get(edit + "/audit")).get_text(" ", strip=True)
    assert "со своего телефона" in audit


def test_the_scorekeepers_confirmation_is_marked_as_his(app, client):
    edit = new_match(client)
    enter_result(client, edit, "Анфиса", {1: "40"})
    assert _settings(client, edit, confirm_hands="1").status_code == 302
    form = soup(client.get(edit + "/score")).select_one("form.confirm-form")
    data = {i["name"]: i.get("value", "") for i in form.select("input[type=hidden]")}
    assert client.post(edit + "/hand/1/confirm", data={**data, "by": "Всеволод",
                                                      "verdict": "confirmed"}).status_code == 302
    verdict = soup(client.get(edit + "/score")).select_one(".verdict.confirmed").get_text()
    assert "Всеволод" in verdict and "на телефоне счётчика" in verdict
    audit = soup(client.get(edit + "/audit")).get_text(" ", strip=True)
    assert "на телефоне счётчика" in audit


def test_pair_against_pair_one_link_a_pair(app, client):
    """In the «Козёл» in pairs the share page gives one link a pair (partners are one side); its
    page speaks for the pair, and its word is recorded with its seat."""
    from test_kozel_web import PLAYERS, YARD

    edit = new_match(client, players=PLAYERS, options=YARD)
    enter_result(client, edit, "Анфиса", {1: "20", 3: "10"})
    assert _settings(client, edit, confirm_hands="1").status_code == 302
    links = _seat_links(client, edit)
    assert list(links) == ["Анфиса и Мария", "Всеволод и Пётр"] and len(set(links.values())) == 2
    assert "ссылка для каждой пары" in soup(client.get(edit + "/share")).select_one("h2#seats").get_text()
    other = app.test_client()
    seat = links["Всеволод и Пётр"].split("://", 1)[1].split("/", 1)[1]
    page = soup(other.get("/" + seat))
    assert page.select_one(".seat-who").get_text(strip=True) == "Пара Всеволод и Пётр"
    form = page.select_one("form.seat-verdict")
    data = {i["name"]: i.get("value", "") for i in form.select("input[type=hidden]")}
    assert other.post(form["action"], data={**data, "verdict": "confirmed"}).status_code == 302
    events = _db_snapshot(app)[1]
    assert '"by": "Всеволод"' in events[-1]["data"] and '"via": "seat"' in events[-1]["data"]
    # a match each for himself keeps a link a player
    plain = new_match(client, players=PLAYERS)
    assert _settings(client, plain, confirm_hands="1").status_code == 302
    assert list(_seat_links(client, plain)) == list(PLAYERS)
