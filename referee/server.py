"""``referee serve``: the app on a production WSGI server (waitress) for the phones at the table.

waitress is pure Python and runs the same on Linux, macOS and Windows (gunicorn is POSIX only);
it serves HTTP/1.1 with a pool of threads, which is what one club machine needs. TLS is left to a
proxy in front (docs/running-a-server.md).
"""

from __future__ import annotations

import argparse
import errno
import sys
import threading
import time
from typing import Any, Callable, Iterable, TextIO

from .terminal import default_lang as default_lang  # (defined there, for the engine's commands)

EXIT_ENVIRONMENT = 4  # the configuration or the system refused (bad setting, port taken, folder)

TEXT = {
    "ru": {
        "open": "Телефоны за столом открывают: {url}",
        "here": "Открыть на этом компьютере: {url}",
        "base": "Адрес из настроек (REFEREE_BASE_URL): {url}",
        "local": "Сервер слушает только этот компьютер ({host}): телефоны его не откроют. "
                 "Для телефонов запустите без --host (или --host 0.0.0.0).",
        "offline": "Этот компьютер не подключён ни к одной сети: телефоны его не найдут. "
                   "Подключитесь к Wi-Fi и запустите снова.",
        "data": "Данные: {path}",
        "stop": "Остановить: Ctrl+C",
        "port_taken": "Порт {port} уже занят другой программой: выберите другой, например --port {other}",
        "cannot_listen": "Не удалось открыть {host}:{port}: {reason}",
        "cannot_open_db": "Не удалось открыть базу данных {path}: {reason}",
        "stopped": "Сервер остановлен.",
    },
    "en": {
        "open": "Phones at the table open: {url}",
        "here": "Open on this computer: {url}",
        "base": "Address from the settings (REFEREE_BASE_URL): {url}",
        "local": "The server listens on this computer only ({host}): phones cannot open it. "
                 "For phones, start it without --host (or with --host 0.0.0.0).",
        "offline": "This computer is on no network: the phones will not find it. "
                   "Join the Wi-Fi and start again.",
        "data": "Data: {path}",
        "stop": "Stop: Ctrl+C",
        "port_taken": "Port {port} is taken by another program: choose another, e.g. --port {other}",
        "cannot_listen": "Cannot listen on {host}:{port}: {reason}",
        "cannot_open_db": "Cannot open the database {path}: {reason}",
        "stopped": "The server has stopped.",
    },
}


def _t(lang: str, key: str, **params: Any) -> str:
    return TEXT["en" if lang == "en" else "ru"][key].format(**params)


class Refused(Exception):
    """The server cannot start (one line for the operator, exit 4)."""


class AccessLog:
    """One line per request on ``stream``, with edit keys replaced by ``***``."""

    def __init__(self, app: Callable, stream: TextIO):
        self.app = app
        self.stream = stream
        self.lock = threading.Lock()

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        from .netaddr import redact

        t0 = time.perf_counter()

        def logged(status: str, headers: list, exc_info: Any = None) -> Callable:
            uri = environ.get("PATH_INFO", "")
            if environ.get("QUERY_STRING"):
                uri += "?" + environ["QUERY_STRING"]
            line = (f'{time.strftime("%Y-%m-%dT%H:%M:%S")} {environ.get("REMOTE_ADDR", "-")} '
                    f'"{environ.get("REQUEST_METHOD", "-")} {redact(uri)}" {status.split(" ", 1)[0]} '
                    f'{(time.perf_counter() - t0) * 1000:.0f}ms')
            with self.lock:
                print(line, file=self.stream, flush=True)
            return start_response(status, headers, exc_info)

        return self.app(environ, logged)


def public_address(host: str, port: int, base_url: str | None) -> tuple[str, str | None]:
    """The address to print and to put in QR codes, and what keeps the phones from it."""
    from .netaddr import ANY, is_loopback, lan_ip

    if base_url:
        return base_url + "/", None
    if host in ANY:
        ip = lan_ip()
        return (f"http://{ip}:{port}/", None) if ip else (f"http://127.0.0.1:{port}/", "offline")
    if is_loopback(host):
        return f"http://127.0.0.1:{port}/", "local"
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/", None


def terminal_qr(url: str, out: TextIO) -> None:
    import segno

    qr = segno.make(url, error="m")
    try:
        qr.terminal(out=out, compact=True, border=2)
    except UnicodeEncodeError:  # a console without the block characters
        qr.terminal(out=out, border=2)


def cmd_serve(args: argparse.Namespace) -> int:
    import logging
    import sqlite3

    from waitress.server import create_server

    from . import create_app

    lang = args.lang or default_lang()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")
    try:
        app = create_app(instance_path=args.instance)
    except (OSError, sqlite3.Error) as e:
        from .rules.messages import os_error_words

        reason = os_error_words(e, lang) if isinstance(e, OSError) else (
            "файл базы данных не открывается" if lang != "en" else "the database file cannot be opened")
        raise Refused(_t(lang, "cannot_open_db", path=app_db(args), reason=reason)) from None
    wsgi: Callable = app
    if not args.no_access_log:
        wsgi = AccessLog(app, sys.stderr)
    try:
        # waitress drops every X-Forwarded-* header by default; with REFEREE_PROXIES they go on
        # to the app, whose ProxyFix trusts the last n of them (those the proxies set)
        server = create_server(wsgi, host=args.host, port=args.port, threads=args.threads,
                               ident="referee", clear_untrusted_proxy_headers=not app.config["PROXIES"])
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            raise Refused(_t(lang, "port_taken", port=args.port, other=args.port + 1)) from None
        from .rules.messages import os_error_words

        raise Refused(_t(lang, "cannot_listen", host=args.host, port=args.port,
                         reason=os_error_words(e, lang))) from None
    port = server.effective_port  # type: ignore[union-attr]
    url, problem = public_address(args.host, int(port), app.config.get("BASE_URL"))
    if not app.config.get("BASE_URL"):
        app.config["SERVE_URL"] = url
        app.config["SERVE_PROBLEM"] = problem
    out = sys.stdout
    print(_t(lang, "base" if app.config.get("BASE_URL") else "here" if problem else "open", url=url), file=out)
    if problem:
        print(_t(lang, problem, host=args.host), file=out)
    else:
        terminal_qr(url, out)
    print(_t(lang, "data", path=app.config["DATABASE"]), file=out)
    print(_t(lang, "stop"), file=out, flush=True)

    import signal

    def stop(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, stop)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    print(_t(lang, "stopped"), file=out, flush=True)
    return 0


def app_db(args: argparse.Namespace) -> str:
    from . import settings

    try:
        return settings.load(args.instance)["DATABASE"]
    except Exception:  # pragma: no cover - only to name the file in a message
        return "?"


def add_subcommands(sub: Any) -> None:
    s = sub.add_parser("serve", help="serve the app to the phones on the local network (waitress)",
                       description="Serve the app with a production WSGI server (waitress). Prints "
                                   "the address the phones open, and its QR code.")
    s.add_argument("--host", default="0.0.0.0",
                   help="the address to listen on (default 0.0.0.0: every network of this machine; "
                        "127.0.0.1: this machine only)")
    s.add_argument("--port", type=int, default=8000, help="the port (default 8000; 0: any free port)")
    s.add_argument("--instance", metavar="DIR", default=None,
                   help="the data folder (database, secret key, config.py); default: REFEREE_INSTANCE, "
                        "a checkout's instance/, else the user's data folder")
    s.add_argument("--threads", type=int, default=8, help="requests served at once (default 8)")
    s.add_argument("--no-access-log", action="store_true", help="do not log each request")
    s.add_argument("--lang", choices=("ru", "en"), default=None,
                   help="the language of these messages (default: the terminal's)")
    s.set_defaults(func=cmd_serve)
