"""The share page (links, QR) and the read-only view: nothing editable, POSTs refused."""

from __future__ import annotations

from webhelpers import new_match, soup


def test_share_page_has_view_link_qr_and_edit_link(client):
    edit = new_match(client)
    page = soup(client.get(edit + "/share"))
    view = page.select_one("a.view-link")["href"]
    assert "/s/" in view
    assert page.select_one(".qr svg") is not None
    assert page.select_one("a.edit-link")["href"].endswith(edit)
    assert edit.split("/m/")[1] not in view


def test_view_has_no_forms_and_refuses_posts(client):
    edit = new_match(client)
    view = soup(client.get(edit + "/share")).select_one("a.view-link")["href"]
    path = view[view.index("/s/"):]
    resp = client.get(path)
    assert resp.status_code == 200
    page = soup(resp)
    assert page.select("form") == []
    assert page.select("button") == []
    assert page.select("input, select, textarea") == []
    assert page.select_one('meta[name="follow"]') is not None
    assert page.select_one("noscript meta[http-equiv=refresh]") is not None
    assert client.post(path, data={}).status_code in (400, 405)
    assert client.post(path + "/move", data={}).status_code in (400, 404, 405)


def test_view_count_follows_events(client):
    edit = new_match(client)
    view = soup(client.get(edit + "/share")).select_one("a.view-link")["href"]
    path = view[view.index("/s/"):]
    assert client.get(path + "/n").get_json() == {"n": 0}


def test_export_is_a_record(client):
    edit = new_match(client)
    resp = client.get(edit + "/export")
    assert resp.mimetype == "application/json"
    record = resp.get_json()
    assert record["format"] == "referee-record/1"
    assert record["variant"] == "traditional"
    assert record["players"] == ["Анфиса", "Всеволод"]
    assert record["hands"] == []
    assert record["options"]["target"] == 100


def test_pages_of_a_new_match(client):
    edit = new_match(client)
    for suffix in ("", "/score", "/share", "/deal", "/result"):
        resp = client.get(edit + suffix)
        assert resp.status_code == 200, suffix
        page = soup(resp)
        assert page.select_one("nav.tabs") is not None
        for form in page.select("form[method=post]"):
            assert form.select_one('input[name="csrf_token"]') is not None


def test_every_post_without_csrf_is_refused(client):
    edit = new_match(client)
    for suffix in ("/hand", "/move", "/undo", "/end-turn", "/left", "/result"):
        resp = client.post(edit + suffix, data={"n": "0", "tile": "6:6"})
        assert resp.status_code == 400, suffix
    assert client.post("/import", data={"text": "{}"}).status_code == 400
