"""A machine without the system libraries WeasyPrint draws with (Pango): the sheets say what is
missing and how to install it (``referee sheet``/``blank``: exit 4 and one line; the web sheets: a
page in the reader's language, 503), ``referee serve`` says so once when it starts and serves
everything else.

The missing library is simulated as it fails for real: WeasyPrint's import opens libpango with
cffi's ``dlopen``, which raises OSError (a finder on ``sys.meta_path`` raises that same error for
``weasyprint.text.ffi``, in this process or, through ``sitecustomize``, in a child process)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from webhelpers import new_match, soup

REPO = Path(__file__).resolve().parents[2]
RECORD = REPO / "tests/data/records/seed-traditional.json"

#: what cffi says when ``dlopen`` finds no libpango (WeasyPrint 62+ on Debian)
DLOPEN_ERROR = ("cannot load library 'libpango-1.0-0': libpango-1.0-0: cannot open shared object file: "
                "No such file or directory.  Additionally, ctypes.util.find_library() did not manage "
                "to locate a library called 'libpango-1.0-0'")

FINDER_CLASS = f'''
import sys


class NoPango:
    """The import of WeasyPrint's library loader fails as it does where libpango is missing."""

    def find_spec(self, name, path=None, target=None):
        if name == "weasyprint.text.ffi":
            raise OSError({DLOPEN_ERROR!r})
        return None
'''
FINDER = FINDER_CLASS + "\n\nsys.meta_path.insert(0, NoPango())\n"


@pytest.fixture
def no_pango():
    """WeasyPrint's import raises OSError, as without libpango, in this process. WeasyPrint is
    loaded for real first and put back afterwards (the modules its failed import left are
    dropped): a second real load in one process would give Pango's objects to two copies."""
    import weasyprint  # noqa: F401 - the real one, kept

    namespace: dict = {}
    exec(compile(FINDER_CLASS, "finder", "exec"), namespace)
    finder = namespace["NoPango"]()
    kept = {k: v for k, v in sys.modules.items() if k == "weasyprint" or k.startswith("weasyprint.")}
    for k in kept:
        del sys.modules[k]
    sys.meta_path.insert(0, finder)
    try:
        yield
    finally:
        sys.meta_path.remove(finder)
        for k in [k for k in sys.modules if k == "weasyprint" or k.startswith("weasyprint.")]:
            del sys.modules[k]
        sys.modules.update(kept)


def _terminal(monkeypatch, lang):
    for var in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8" if lang == "ru" else "en_GB.UTF-8")


WORDS = {"ru": ("PDF не печатается", "Pango", "(не найдена libpango-1.0-0)", "Установите её ("),
         "en": ("PDFs cannot be printed", "Pango", "(libpango-1.0-0 is missing)", "Install it (")}


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("command", ["sheet", "blank"])
def test_the_sheet_commands_name_what_is_missing_exit_4(no_pango, tmp_path, monkeypatch, capsys, lang, command):
    from referee import cli, pdf

    _terminal(monkeypatch, lang)
    out = tmp_path / "out.pdf"
    args = ([command, str(RECORD)] if command == "sheet" else [command, "traditional", "--players", "4"])
    assert cli.main(args + ["--output", str(out)]) == 4
    said = capsys.readouterr()
    assert said.out == ""
    lines = said.err.splitlines()
    assert len(lines) == 1, said.err
    for words in WORDS[lang]:
        assert words in lines[0]
    assert pdf.install_hint(lang) in lines[0]  # this machine's install command
    assert "internal error" not in said.err
    assert not out.exists()


def test_the_install_command_is_this_systems(monkeypatch, tmp_path):
    from referee import pdf

    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.delenv("PREFIX", raising=False)
    release = tmp_path / "os-release"
    real_open = open

    def opened(path, *args, **kw):
        return real_open(release if path == "/etc/os-release" else path, *args, **kw)

    monkeypatch.setattr("builtins.open", opened)
    for text, kind in [('ID=ubuntu\nID_LIKE=debian\n', "debian"), ('ID=debian\n', "debian"),
                       ('ID="fedora"\n', "fedora"), ('ID="rocky"\nID_LIKE="rhel centos fedora"\n', "fedora"),
                       ('ID=arch\n', "other")]:
        release.write_text(text)
        assert pdf.system_kind() == kind, text
    release.write_text("ID=debian\n")
    assert pdf.install_hint("en").startswith("sudo apt install libpango-1.0-0 ")
    release.write_text("ID=arch\n")
    assert "Pango 1.44" in pdf.install_hint("en") and "Pango 1.44" in pdf.install_hint("ru")
    monkeypatch.setattr(sys, "platform", "darwin")
    assert pdf.install_hint("ru") == "brew install pango"


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_web_sheets_say_what_is_missing_not_a_500(no_pango, client, lang):
    client.set_cookie("lang", lang)
    edit = new_match(client)
    key = edit.rstrip("/").split("/")[-1]
    for url in ("/sheets/blank/traditional/4.pdf", f"/m/{key}/sheet.pdf"):
        resp = client.get(url)
        assert resp.status_code == 503, (url, resp.status_code)
        assert resp.mimetype == "text/html"
        page = soup(resp)
        assert page.html["lang"] == lang
        title = page.select_one("h1").get_text()
        assert title == {"ru": "Протоколы не печатаются на этом сервере",
                         "en": "Sheets cannot be printed on this server"}[lang]
        problem = page.select_one(".problem").get_text()
        for words in WORDS[lang]:
            assert words in problem, (url, problem)
        assert "try again" not in title.lower() and "Something went wrong" not in page.get_text()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_sheets_pages_say_it_first(no_pango, client, lang):
    client.set_cookie("lang", lang)
    edit = new_match(client)
    for url in ("/sheets/blank", edit + "/sheets"):
        resp = client.get(url)
        assert resp.status_code == 200
        note = soup(resp).select_one("h1 + p.problem")
        assert note is not None, url
        for words in WORDS[lang]:
            assert words in note.get_text(), (url, note.get_text())


def test_the_sheets_pages_say_nothing_where_printing_works(client):
    edit = new_match(client)
    for url in ("/sheets/blank", edit + "/sheets"):
        assert soup(client.get(url)).select_one("p.problem") is None, url


def test_printing_comes_back_once_pango_is_there(tmp_path):
    """Each sheet tries WeasyPrint again: a server prints as soon as Pango is installed (in a
    process of its own: WeasyPrint is loaded there after its failed import)."""
    script = FINDER + textwrap.dedent('''
        from referee import pdf

        missing = pdf.printing_unavailable()
        assert missing is not None and missing.library == "libpango-1.0-0", missing
        sys.meta_path.pop(0)  # the libraries are installed now
        assert pdf.printing_unavailable() is None
        assert pdf.blank_sheet("traditional", 4, "en")[:5] == b"%PDF-"
        print("printed")
    ''')
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "printed\n"


def _no_pango_env(tmp_path: Path) -> dict:
    import os

    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(FINDER, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("REFEREE_", "LC_"))}
    env["PYTHONPATH"] = str(site)
    env["LANG"] = "en_GB.UTF-8"
    return env


@pytest.mark.parametrize("workers", ["1", "2"])
def test_referee_serve_says_it_once_and_serves_everything_else(tmp_path, workers):
    from servehelpers import serve

    env = _no_pango_env(tmp_path)
    blank = subprocess.run([sys.executable, "-m", "referee", "blank", "traditional", "--players", "4",
                            "--output", str(tmp_path / "b.pdf")], env=env, capture_output=True, text=True,
                           timeout=120)
    assert blank.returncode == 4, blank.stderr
    assert blank.stdout == "" and len(blank.stderr.splitlines()) == 1, blank.stderr
    assert "(libpango-1.0-0 is missing)" in blank.stderr
    with serve(tmp_path / "instance", "--workers", workers, env=env) as (base, proc, err):
        with urllib.request.urlopen(base, timeout=30) as r:
            assert r.status == 200
        with urllib.request.urlopen(base + "rules/traditional", timeout=30) as r:
            assert r.status == 200
        asked = urllib.request.Request(base + "sheets/blank/traditional/4.pdf", headers={"Accept-Language": "en"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(asked, timeout=30)
        with refused.value as answer:
            assert answer.code == 503
            assert "libpango-1.0-0 is missing" in answer.read().decode()
        printed = (tmp_path / "instance" / "serve.out").read_text(encoding="utf-8")
    warnings = [line for line in printed.splitlines() if line.startswith("Warning:")]
    assert len(warnings) == 1, printed  # once, not once a worker
    assert "PDFs cannot be printed" in warnings[0] and "(libpango-1.0-0 is missing)" in warnings[0]
    assert warnings[0].endswith("Everything else is served.")
    assert "WeasyPrint could not import" not in printed  # its own banner is not shown


def test_referee_serve_says_nothing_where_printing_works(tmp_path):
    from servehelpers import serve

    with serve(tmp_path / "instance") as (base, proc, err):
        with urllib.request.urlopen(base + "sheets/blank/traditional/4.pdf", timeout=60) as r:
            assert r.read()[:5] == b"%PDF-"
        printed = (tmp_path / "instance" / "serve.out").read_text(encoding="utf-8")
    assert "Warning" not in printed and "Pango" not in printed


@pytest.mark.parametrize("kind", ["debian", "fedora", "macos", "termux", "windows", "other"])
def test_the_line_is_in_one_language_to_the_last_word(monkeypatch, kind):
    """Russian with no English word but the names of the programs and the command to type;
    English with no Russian word."""
    import re

    from referee import pdf

    monkeypatch.setattr(pdf, "system_kind", lambda: kind)
    err = pdf.PrintingUnavailable("libpango-1.0-0", DLOPEN_ERROR)
    en, ru = err.message("en"), err.message("ru")
    assert not re.search(r"[А-Яа-яЁё]", en), en
    command = pdf.INSTALL.get(kind, "pacman -S mingw-w64-x86_64-pango")
    names = {"PDF", "Pango", "MSYS2", "WeasyPrint"}
    latin = re.findall(r"[A-Za-z][\w.\-]*", re.sub(r"«[^»]*»", "", ru.replace(command, "").replace("libpango-1.0-0", "")))
    assert set(latin) <= names, (kind, ru)
    if kind == "other":
        assert "Pango 1.44" in en and "Pango 1.44" in ru
    else:
        assert command in ru and command in en
