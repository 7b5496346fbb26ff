"""The QR code ``referee serve`` draws in the terminal: the quiet zone the standard asks for and
both colours set on every cell, so that it scans on a light terminal as on a dark one.

The drawn text is read back cell by cell (the escape sequences in force at each half block) into
modules and compared with segno's matrix of the address."""

from __future__ import annotations

import io
import re

import pytest
import segno

from referee import server

URL = "http://192.168.1.23:8000/"
SGR = re.compile(r"\x1b\[([0-9;]*)m")


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def read_back(text: str) -> list[list[bool]]:
    """The modules a terminal shows for ``text`` (True: dark), whatever its own colours: a cell
    drawn in a colour the text did not set fails here."""
    rows: list[list[bool]] = []
    for line in text.splitlines():
        top: list[bool] = []
        bottom: list[bool] = []
        fg = bg = None
        pos = 0
        for m in SGR.finditer(line + "\x1b[m"):
            for ch in line[pos:m.start()]:
                assert ch == server.UPPER_HALF, repr(ch)
                assert fg is not None and bg is not None, "a cell in the terminal's own colours"
                top.append(fg == "30")
                bottom.append(bg == "40")
            codes = m.group(1).split(";") if m.group(1) else ["0"]
            if codes == ["0"]:
                fg = bg = None
            else:
                assert len(codes) == 2 and codes[0] in ("30", "97") and codes[1] in ("40", "107"), codes
                fg, bg = codes
            pos = m.end()
        assert line.endswith("\x1b[0m"), "the line leaves the terminal's colours as they were"
        rows += [top, bottom]
    return rows


def test_on_a_terminal_every_cell_sets_both_colours_and_the_code_is_the_address():
    out = Terminal()
    server.terminal_qr(URL, out)
    shown = read_back(out.getvalue())
    qr = segno.make(URL, error="m")
    expected = [[bool(b) for b in row] for row in qr.matrix_iter(scale=1, border=4)]
    assert shown[:len(expected)] == expected
    assert all(not any(row) for row in shown[len(expected):])  # a padding row, light
    size = len(expected)
    assert size == qr.symbol_size(scale=1, border=4)[0]
    # the quiet zone: four light modules on every side
    for row in shown[:4] + shown[size - 4:]:
        assert not any(row)
    for row in shown:
        assert not any(row[:4]) and not any(row[-4:])
    # a dark module is black on any terminal, a light one white: no cell is left to the defaults
    assert "\x1b[39" not in out.getvalue() and "\x1b[49" not in out.getvalue()


@pytest.mark.parametrize("why", ["file", "NO_COLOR", "dumb"])
def test_without_colours_the_blocks_draw_the_light_modules(monkeypatch, why):
    out = Terminal() if why != "file" else io.StringIO()
    if why == "NO_COLOR":
        monkeypatch.setenv("NO_COLOR", "1")
    if why == "dumb":
        monkeypatch.setenv("TERM", "dumb")
    server.terminal_qr(URL, out)
    text = out.getvalue()
    assert "\x1b" not in text
    blocks = {" ": (True, True), "\u2584": (True, False), "\u2580": (False, True), "\u2588": (False, False)}
    rows: list[list[bool]] = []
    for line in text.splitlines():
        rows += [[blocks[c][0] for c in line], [blocks[c][1] for c in line]]
    expected = [[bool(b) for b in row] for row in segno.make(URL, error="m").matrix_iter(scale=1, border=4)]
    assert rows[:len(expected)] == expected


def test_a_console_without_the_block_characters_gets_two_spaces_a_module():
    class Narrow(Terminal):
        def write(self, s):
            s.encode("ascii")  # the blocks do not encode (a console in ASCII)
            return super().write(s)

    out = Narrow()
    server.terminal_qr(URL, out)
    lines = out.getvalue().splitlines()
    expected = [[bool(b) for b in row] for row in segno.make(URL, error="m").matrix_iter(scale=1, border=4)]
    assert len(lines) == len(expected)
    for line, row in zip(lines, expected):
        cells = re.findall(r"\x1b\[(40|107)m  ", line)
        assert [c == "40" for c in cells] == row
