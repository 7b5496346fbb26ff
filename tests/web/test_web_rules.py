"""The rules pages' routes: every rule id a refusal links to has its anchor."""

from __future__ import annotations

import pytest

from referee.rules import catalogue
from webhelpers import soup


def test_rules_index_lists_every_variant(client):
    page = soup(client.get("/rules"))
    hrefs = [a["href"] for a in page.select('main a[href^="/rules/"]')]
    assert [h for h in hrefs if h.count("/") == 2] == [f"/rules/{v}" for v in catalogue.VARIANT_NAMES]


@pytest.mark.parametrize("variant", catalogue.VARIANT_NAMES)
def test_rules_page_has_anchors(client, variant):
    resp = client.get(f"/rules/{variant}")
    assert resp.status_code == 200
    page = soup(resp)
    assert len(page.select("h1")) == 1
    assert page.select("[id]")


def test_refusal_anchor_exists(client):
    page = soup(client.get("/rules/traditional"))
    assert page.select_one('[id="play.no_fit"]') is not None


def test_unknown_variant_404(client):
    assert client.get("/rules/chess").status_code == 404
