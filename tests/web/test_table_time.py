"""Times in the audit, on the page and on the scoresheet, are the table's clock (the browser's
time zone, which the page keeps in the ``tz`` cookie), not the server's UTC; without the zone
they say UTC."""

from __future__ import annotations

import io
import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from test_life import correct, enter_result
from webhelpers import new_match, soup

ZONE = "Asia/Vladivostok"      # UTC+10, no summer time: 10 hours from UTC at any date


def _near_now(shown: str, zone: str | None) -> bool:
    now = datetime.now(ZoneInfo(zone or "UTC")).replace(tzinfo=None)
    at = datetime.strptime(shown, "%Y-%m-%d %H:%M")
    return abs(at - now) < timedelta(minutes=3)


def test_the_audit_says_the_tables_time(client):
    from pypdf import PdfReader

    edit = new_match(client)
    enter_result(client, edit, "Анфиса", {1: "40"})
    correct(client, edit, 1, {"pips_1": "20"}, confirm=True)
    # no zone known: UTC, said so
    small = soup(client.get(edit + "/audit")).select_one("ol.audit small").get_text(" ", strip=True)
    shown = re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d", small).group(0)
    assert "UTC" in small and _near_now(shown, None), small
    # the browser's zone: its clock, no UTC
    client.set_cookie("tz", ZONE)
    small = soup(client.get(edit + "/audit")).select_one("ol.audit small").get_text(" ", strip=True)
    shown = re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d", small).group(0)
    assert "UTC" not in small and _near_now(shown, ZONE), small
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(client.get(edit + "/sheet.pdf?lang=ru").data)).pages)
    assert shown in text and "UTC" not in text
    # a name that is no zone, or one made to look like a path, is not used
    for bad in ("Mars/Olympus", "../etc", "x" * 80):
        client.set_cookie("tz", bad)
        small = soup(client.get(edit + "/audit")).select_one("ol.audit small").get_text(" ", strip=True)
        assert "UTC" in small
