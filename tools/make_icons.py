"""Draw the app's PNG icons from static/icon.svg with a real browser (Debian's chromium).

    .venv/bin/python tools/make_icons.py

Writes static/icon-32.png (favicon), icon-192.png and icon-512.png (the manifest's "any": the
tile on a rounded green square), icon-maskable-512.png (full-bleed green, the tile inside the
central 80 % that every mask keeps) and apple-touch-icon.png (180 px, opaque: iOS rounds it).
The PNGs are committed; run this again only when the SVG changes.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parent.parent / "static"
GREEN = "#14683c"

# (file, size, corner radius as a share of the size, tile height as a share of the size)
ICONS = [
    ("icon-32.png", 32, 0.18, 0.92),
    ("icon-192.png", 192, 0.18, 0.80),
    ("icon-512.png", 512, 0.18, 0.80),
    ("icon-maskable-512.png", 512, 0.0, 0.62),
    ("apple-touch-icon.png", 180, 0.0, 0.74),
]


def page(svg: str, size: int, radius: float, tile: float) -> str:
    return f"""<!doctype html><html><body style="margin:0;background:transparent">
<div style="width:{size}px;height:{size}px;background:{GREEN};border-radius:{radius * size}px;
display:flex;align-items:center;justify-content:center">
<div style="width:{tile * size}px;height:{tile * size}px">{svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div>
</div></body></html>"""


def main() -> None:
    svg = (STATIC / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium",
                                     args=["--no-sandbox", "--disable-gpu"])
        for name, size, radius, tile in ICONS:
            ctx = browser.new_context(viewport={"width": size, "height": size}, device_scale_factor=1)
            p = ctx.new_page()
            p.set_content(page(svg, size, radius, tile))
            p.screenshot(path=str(STATIC / name), omit_background=radius > 0,
                         clip={"x": 0, "y": 0, "width": size, "height": size})
            ctx.close()
            print(name, size)
        browser.close()


if __name__ == "__main__":
    main()
