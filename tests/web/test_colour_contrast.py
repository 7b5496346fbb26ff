"""The pages' colours read in both schemes (the phone's light and dark settings), checked
without a browser (``tools/page_judges.py --dark`` runs axe-core itself):

- in each scheme of ``static/app.css`` the body text stands 7:1 on the page and on a card (a
  table in sunlight), muted text and text in the accent 4.5:1 (WCAG AA), and the words on an
  accent button or on the header's green 4.5:1;
- a page's own ``<style>`` sets no text colour or light ground as a fixed colour: it would stay
  the same in the dark scheme (grey on black, light text on white); it takes the scheme's
  variables, or a tint that lets the ground through (``#rrggbbaa``);
- the boxes that axe-core found light in the dark scheme (the result form's chips, its player
  row being filled, the pad's ⌫ and → keys, the sheets' «dispute at the table?», the ready set
  chosen at a match's set-up) take their ground from the scheme or a tint (``#rgba``,
  ``#rrggbbaa``);
- the open ends' numbers (white, bold, 16 px in play) stand 4.5:1 on their orange.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APP_CSS = (ROOT / "static" / "app.css").read_text()


def luminance(colour: str) -> float:
    h = colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)

    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(int(h[i:i + 2], 16) / 255) for i in (0, 2, 4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def dark_block(css: str) -> str:
    start = css.index("@media (prefers-color-scheme: dark)")
    depth, i = 0, css.index("{", start)
    for j in range(i, len(css)):
        depth += {"{": 1, "}": -1}.get(css[j], 0)
        if depth == 0:
            return css[i + 1:j]
    raise AssertionError("the dark block does not close")


def variables(block: str) -> dict[str, str]:
    root = re.search(r":root\s*\{([^}]*)\}", block)
    assert root is not None
    return dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{3,6})\b", root.group(1)))


def schemes() -> dict[str, dict[str, str]]:
    light = variables(APP_CSS)
    dark = {**light, **variables(dark_block(APP_CSS))}
    # the header: the accent's green in the light scheme, its own darker green in the dark
    light["top"], light["top-ink"] = light["accent"], light["accent-ink"]
    top = re.search(r"\.top\s*\{([^}]*)\}", dark_block(APP_CSS))
    assert top is not None
    dark["top"] = re.search(r"background:\s*(#\w+)", top.group(1)).group(1)
    own = re.search(r"--accent-ink:\s*(#\w+)", top.group(1))
    dark["top-ink"] = own.group(1) if own else dark["accent-ink"]
    return {"light": light, "dark": dark}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_each_scheme_reads(scheme):
    v = schemes()[scheme]
    low = []
    for fg, bg, least in (("ink", "bg", 7), ("ink", "card", 7), ("muted", "bg", 4.5), ("muted", "card", 4.5),
                          ("accent", "bg", 4.5), ("accent", "card", 4.5), ("accent-ink", "accent", 4.5),
                          ("top-ink", "top", 4.5), ("bad", "bg", 4.5), ("bad", "card", 4.5)):
        ratio = contrast(v[fg], v[bg])
        if ratio < least:
            low.append(f"{fg} {v[fg]} on {bg} {v[bg]}: {ratio:.2f} < {least}")
    assert low == [], scheme


#: a text colour or a light ground written as a fixed colour in a rule (not a border's)
FIXED = re.compile(r"(?<![-\w])(color|background(?:-color)?):\s*(#[0-9a-fA-F]{3}\b|#[0-9a-fA-F]{6}\b|white)")


def fixed_colours(css: str) -> list[str]:
    found = []
    for prop, colour in FIXED.findall(css):
        light_ground = prop != "color" and colour != "white" and luminance(colour) > 0.5
        if prop == "color" or light_ground or colour == "white":
            found.append(f"{prop}: {colour}")
    return found


def test_the_pages_own_styles_follow_the_scheme():
    own = {}
    for path in sorted((ROOT / "templates").rglob("*.html")):
        if path.parent.name == "print":  # the PDFs: paper, no dark scheme
            continue
        for style in re.findall(r"<style>(.*?)</style>", path.read_text(), flags=re.S):
            if fixed_colours(style):
                own[str(path.relative_to(ROOT))] = fixed_colours(style)
    assert own == {}


def test_the_boxes_found_light_in_the_dark_take_the_schemes_ground():
    for name, selector in (("result.css", r"\.chip span"), ("result.css", r"\.pip-row\.active"),
                           ("result.css", r"\.keys \.key\.next, \.keys \.key\.back"),
                           ("sheets.css", r"\.dispute-entry"), ("app.css", r"\.presets \.preset\.on")):
        css = (ROOT / "static" / name).read_text()
        rule = re.search(selector + r"\s*\{([^}]*)\}", css)
        assert rule is not None, (name, selector)
        ground = re.search(r"background:\s*([^;}]+)", rule.group(1)).group(1).strip()
        assert ground.startswith("var(--") or re.fullmatch(r"#[0-9a-fA-F]{4}|#[0-9a-fA-F]{8}", ground), (name, ground)


def test_no_fixed_light_ground_under_the_dark_schemes_light_words():
    """A light ground written as a fixed colour in a stylesheet comes with its own words' colour
    (a fixed pair, as the pairs' colours), or the dark scheme gives its selector another ground:
    else the dark scheme's light words land on it. Tints (``#rgba``, ``#rrggbbaa``) let the
    scheme's ground through."""
    dark_app = dark_block(APP_CSS)
    light = []
    for path in sorted((ROOT / "static").glob("*.css")):
        if path.name == "print.css":  # paper
            continue
        css = path.read_text()
        cut = css.find("@media (prefers-color-scheme: dark)")
        dark = dark_app + (dark_block(css) if cut >= 0 else "")
        for rule in re.finditer(r"([^{}]+)\{([^{}]*)\}", css[:cut] if cut >= 0 else css):
            selector, body = rule.group(1).strip(), rule.group(2)
            if re.search(r"(?<![-\w])color:", body) or selector == ".qr svg":  # a QR code: no words, white
                continue
            for ground in re.findall(r"background(?:-color)?:\s*(#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b)", body):
                if luminance(ground) > 0.5 and selector.split(",")[0].strip() not in dark:
                    light.append(f"{path.name}: {selector} {{ background: {ground} }}")
    assert light == []


def test_the_open_ends_numbers_read_on_their_orange():
    rule = re.search(r"\n\.end-mark\s*\{([^}]*)\}", APP_CSS)
    assert rule is not None
    ground = re.search(r"background:\s*(#\w+)", rule.group(1)).group(1)
    ink = re.search(r"(?<![-\w])color:\s*(#\w+)", rule.group(1)).group(1)
    assert contrast(ink, ground) >= 4.5, (ink, ground)


def test_the_checks_see_what_they_check():
    assert round(contrast("#fff", "#000"), 1) == 21.0
    assert fixed_colours(".a { color: #666; border: 1px solid #ccc; background: #fff6e5; }") == \
        ["color: #666", "background: #fff6e5"]
    assert fixed_colours(".a { color: var(--muted); background: #ffaa0024; border-left-color: #c0392b; }") == []
