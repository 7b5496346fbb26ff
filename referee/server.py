"""``referee serve``: the app on a production WSGI server for the phones at the table.

Two servers (``--server``), the same app, the same settings and messages:

- ``granian`` (the default on Linux and macOS): a Rust HTTP server whose event loop (tokio)
  holds the connections, the phones' idle keep-alive ones too, outside Python; only a request
  reaches Python, in one of ``--threads`` blocking threads. Its own CPU per request is a half
  to a fifth of waitress's, the same whatever the connections held (docs/performance.md);
- ``waitress`` (the default on Windows, and the pure-Python fallback): HTTP/1.1 with a pool of
  threads, its connections watched by one Python thread (``poll()``).

TLS is left to a proxy in front (docs/running-a-server.md).

One process uses one core whatever its threads (Python's global lock). ``--workers N`` (Linux and
macOS) runs N processes that share one listening socket: this process opens the socket, makes
the app (the start-up's checks), forks the workers (each with its own threads and its own kept
states, see ``referee.matches.states``; a granian worker makes its own app, a waitress worker
serves the forked one), starts a new one when one dies, and on Ctrl+C or SIGTERM stops them all
before it stops itself; a worker whose parent is gone (killed outright) stops by itself. granian
always runs its workers so, one by default.
"""

from __future__ import annotations

import argparse
import errno
import os
import socket
import sys
import threading
import time
from types import TracebackType
from typing import TYPE_CHECKING, Any, Callable, Iterable, TextIO

if TYPE_CHECKING:
    from wsgiref.types import StartResponse, WSGIApplication, WSGIEnvironment

from .terminal import default_lang as default_lang  # (defined there, for the engine's commands)
from .words import N_, say

EXIT_ENVIRONMENT = 4  # the configuration or the system refused (bad setting, port taken, folder)
MOST_WORKERS = 32

#: every message of this command, said in the reader's language (``referee.words``)
TEXT = {
    'open': N_("Phones at the table open: %(url)s"),
    'here': N_("Open on this computer: %(url)s"),
    'base': N_("Address from the settings (REFEREE_BASE_URL): %(url)s"),
    'local': N_("The server listens on this computer only (%(host)s): phones cannot open it. For phones, start it without --host (or with --host 0.0.0.0)."),
    'offline': N_("This computer is on no network: the phones will not find it. Join the Wi-Fi and start again."),
    'data': N_("Data: %(path)s"),
    'stop': N_("Stop: Ctrl+C"),
    'port_taken': N_("Port %(port)s is taken by another program: choose another, e.g. --port %(other)s"),
    'cannot_listen': N_("Cannot listen on %(host)s:%(port)s: %(reason)s"),
    'cannot_open_db': N_("Cannot open the database %(path)s: %(reason)s"),
    'stopped': N_("The server has stopped."),
    'workers': N_("Worker processes: %(n)s (each on a core of its own, where there are enough)"),
    'workers_range': N_("--workers: from 1 to %(most)s worker processes"),
    'workers_posix': N_("--workers above 1 works on Linux and macOS only; here start without --workers."),
    'worker_restarted': N_("Worker process %(pid)s stopped (%(how)s): a new one was started."),
    'worker_failing': N_("The worker processes stop as soon as they start: the server has stopped. The reason is in the messages above."),
    'exit_code': N_("exit code %(code)s"),
    'signal': N_("signal %(sig)s"),
    'no_printing': N_("Warning: %(line)s Everything else is served."),
    'no_granian': N_("The granian server is not installed here (pip install granian; Linux and macOS): start with --server waitress, or install it."),
}


def _t(lang: str, key: str, **params: Any) -> str:
    return say(lang, TEXT[key], **params)


class Refused(Exception):
    """The server cannot start (one line for the operator, exit 4)."""


class AccessLog:
    """One line per request on ``stream``, with edit keys replaced by ``***``."""

    def __init__(self, app: WSGIApplication, stream: TextIO):
        self.app = app
        self.stream = stream
        self.lock = threading.Lock()

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        from .netaddr import redact

        t0 = time.perf_counter()

        def logged(status: str, headers: list[tuple[str, str]],
                   exc_info: tuple[type[BaseException], BaseException, TracebackType] | tuple[None, None, None] | None = None,
                   ) -> Callable[[bytes], object]:
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


#: the QR code's quiet zone, in modules: the 4 the standard asks for (a scanner finds the code's
#: edges by it; 2 is too few on a terminal whose background is as dark as the modules)
QR_BORDER = 4
#: the colours of a dark and a light module (SGR: black; bright white), as a foreground and a
#: background: both set on every cell, so that a light terminal draws the code as a dark one does
DARK_FG, LIGHT_FG, DARK_BG, LIGHT_BG = "30", "97", "40", "107"
UPPER_HALF = "\u2580"


def qr_modules(url: str) -> list[list[bool]]:
    """The QR code of ``url`` row by row, True for a dark module, with its quiet zone."""
    import segno

    qr = segno.make(url, error="m")
    return [[bool(bit) for bit in row] for row in qr.matrix_iter(scale=1, border=QR_BORDER)]


def qr_text(url: str, colour: bool) -> str:
    """The QR code as terminal text, two rows of modules to a line (the upper half block: its
    foreground the upper module, its background the lower one).

    ``colour``: every cell sets both colours (dark modules black, light ones white), readable on
    a light terminal and a dark one alike. Without colour (a file, ``NO_COLOR``, a terminal that
    takes none) the blocks alone draw the light modules, as for a dark terminal."""
    rows = qr_modules(url)
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))  # the quiet zone grows by one light row
    lines = []
    plain = {(True, True): " ", (True, False): "\u2584", (False, True): UPPER_HALF, (False, False): "\u2588"}
    for top, bottom in zip(rows[0::2], rows[1::2]):
        if not colour:
            lines.append("".join(plain[cell] for cell in zip(top, bottom)))
            continue
        line, last = [], None
        for cell in zip(top, bottom):
            if cell != last:
                line.append(f"\033[{DARK_FG if cell[0] else LIGHT_FG};{DARK_BG if cell[1] else LIGHT_BG}m")
                last = cell
            line.append(UPPER_HALF)
        lines.append("".join(line) + "\033[0m")
    return "\n".join(lines) + "\n"


def takes_colour(out: TextIO) -> bool:
    """Whether ``out`` is a terminal that draws colours (not a file or a pipe, no ``NO_COLOR``,
    not ``TERM=dumb``; on Windows, once its console is asked to read the escape sequences)."""
    try:
        if not out.isatty():
            return False
    except (AttributeError, ValueError):
        return False
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    if sys.platform.startswith("win"):  # pragma: no cover - Windows only
        try:
            import ctypes

            kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
            handle = kernel32.GetStdHandle(-11)
            mode = ctypes.c_uint32()
            if not kernel32.GetConsoleMode(handle, ctypes.byref(mode)):
                return False
            return bool(kernel32.SetConsoleMode(handle, mode.value | 0x0004))  # virtual terminal
        except (AttributeError, OSError):
            return False
    return True


def terminal_qr(url: str, out: TextIO) -> None:
    colour = takes_colour(out)
    try:
        out.write(qr_text(url, colour))
    except UnicodeEncodeError:  # a console without the block characters: two spaces a module
        rows = qr_modules(url)
        if colour:
            out.write("".join("".join(f"\033[{DARK_BG if bit else LIGHT_BG}m  " for bit in row) + "\033[0m\n"
                              for row in rows))
        # without colour nor blocks no code can be drawn: the address printed above is typed


def cmd_serve(args: argparse.Namespace) -> int:
    import logging

    from . import create_app

    lang = args.lang or default_lang()
    workers = args.workers
    kind = args.server or default_server()
    if not 1 <= workers <= MOST_WORKERS:
        raise Refused(_t(lang, "workers_range", most=MOST_WORKERS))
    if workers > 1 and not hasattr(os, "fork"):
        raise Refused(_t(lang, "workers_posix"))
    if kind == "granian" and not granian_installed():
        raise Refused(_t(lang, "no_granian"))
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")
    # WeasyPrint says each step of each PDF it makes at INFO («Step 2 - Fetching and parsing CSS»):
    # noise in a club's server log, three lines at every start (the sheets' CSS read once)
    for noisy in ("weasyprint.progress", "fontTools"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    refusals: tuple[type[BaseException], ...] = (OSError, *store_errors())
    try:
        app = create_app(instance_path=args.instance)
        steady_collector()
    except refusals as e:
        from .matches.store import is_postgres, shown
        from .rules.messages import os_error_words

        if isinstance(e, OSError):
            reason = os_error_words(e, lang)
        elif is_postgres(app_db(args)):
            reason = say(lang, N_("the PostgreSQL server does not answer or lets no one in"))
        else:
            reason = say(lang, N_("the database file cannot be opened"))
        raise Refused(_t(lang, "cannot_open_db", path=shown(app_db(args)), reason=reason)) from None
    from waitress.server import create_server

    wsgi: WSGIApplication = app
    if not args.no_access_log:
        wsgi = AccessLog(app, sys.stderr)
    # waitress drops every X-Forwarded-* header by default; with REFEREE_PROXIES they go on
    # to the app, whose ProxyFix trusts the last n of them (those the proxies set)
    options = dict(threads=args.threads, ident="referee",
                   clear_untrusted_proxy_headers=not app.config["PROXIES"], **holding(raise_open_files()))
    server: Any = None
    sock: socket.socket | None = None
    try:
        if workers == 1 and kind == "waitress":
            server = create_server(wsgi, host=args.host, port=args.port, **options)
        else:
            sock = listening_socket(args.host, args.port)
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            raise Refused(_t(lang, "port_taken", port=args.port, other=args.port + 1)) from None
        from .rules.messages import os_error_words

        raise Refused(_t(lang, "cannot_listen", host=args.host, port=args.port,
                         reason=os_error_words(e, lang))) from None
    port = server.effective_port if server is not None else sock.getsockname()[1]  # type: ignore[union-attr]
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
    from .matches.store import shown

    print(_t(lang, "data", path=shown(app.config["DATABASE"])), file=out)
    if workers > 1:
        print(_t(lang, "workers", n=workers), file=out)
    print(_t(lang, "stop"), file=out, flush=True)
    warn_printing(lang, out)  # after the address is shown: it loads WeasyPrint (a second or so)
    if kind == "granian":
        assert sock is not None
        made = WorkerApp(args.instance, app.config.get("SERVE_URL"), app.config.get("SERVE_PROBLEM"),
                         access_log=not args.no_access_log)
        return serve_granian(made, sock, workers, args.threads, lang, out)
    if sock is not None:
        return Workers(wsgi, sock, workers, options, lang, out).run()

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


#: the connections each process holds open at most: every phone at a club keeps one (or a few)
#: open between its requests (HTTP/1.1 keep-alive), the standings screen and the viewers too
CONNECTIONS = 10_000
#: the files a process keeps for itself beside its connections (the database, its WAL, logs)
FILES_KEPT = 64
#: seconds a connection may stay idle before the server closes it, on both servers (waitress's
#: own default): a phone whose page is open asks every 2.5 s, the standings screen every 30 s, a
#: scorer between two moves a minute or so; a phone put away opens a new one when it is used
#: again. granian's own 30 s closed the standings screen's connection just as its next refresh
#: came (the request then met a closed connection: an error, or a browser's retry)
IDLE_SECONDS = 120


def raise_open_files(wanted: int = CONNECTIONS + FILES_KEPT) -> int:
    """Raise this process's limit of open files (``RLIMIT_NOFILE``, often 1,024) towards
    ``wanted``, as far as the hard limit allows (no privilege needed); the limit now in force.
    Each open connection is a file; the forked workers inherit the limit."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return wanted if soft == resource.RLIM_INFINITY else int(soft)


def holding(open_files: int) -> dict[str, int | bool]:
    """waitress's settings for phones that keep their connections open.

    - ``connection_limit``: waitress stops accepting at 100 open connections by default, and a
      phone's idle keep-alive connection counts: the 101st phone waited for another's to time
      out (two minutes). Raised to what the open-files limit allows (less what the process
      keeps for itself), at most :data:`CONNECTIONS`;
    - ``asyncore_use_poll``: waitress waits on its sockets with ``select()`` by default, which
      cannot watch a file numbered 1,024 or more; ``poll()`` has no such bound;
    - ``channel_timeout``: :data:`IDLE_SECONDS` (waitress's own 120 s): a connection idle that
      long (a phone put away) is closed, and the phone opens a new one when it is used again."""
    return {"connection_limit": connections_held(open_files),
            "asyncore_use_poll": True, "channel_timeout": IDLE_SECONDS}


def connections_held(open_files: int) -> int:
    """The connections a server's process holds at most (waitress's connection limit, granian's
    backpressure): what the open-files limit leaves room for beside the process's own files, at
    most :data:`CONNECTIONS`, at least 100."""
    return max(100, min(CONNECTIONS, open_files - FILES_KEPT))


def warn_printing(lang: str, out: TextIO) -> None:
    """Say once, at the start, when no PDF can be made here (the system library Pango is
    missing); the server serves everything else. WeasyPrint is loaded here, before any worker
    is forked: the workers share it instead of each loading it at its first sheet."""
    from .pdf import printing_unavailable

    missing = printing_unavailable()
    if missing is not None:
        print(_t(lang, "no_printing", line=missing.message(lang)), file=out, flush=True)


def listening_socket(host: str, port: int, backlog: int = 1024) -> socket.socket:
    """The socket every worker accepts on, bound and listening (as waitress binds its own: the
    address reused at once after a restart, IPv6 only on an IPv6 address)."""
    family, kind, proto, _name, address = socket.getaddrinfo(
        host, port, socket.AF_UNSPEC, socket.SOCK_STREAM, 0, socket.AI_PASSIVE)[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6 and hasattr(socket, "IPPROTO_IPV6"):
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        sock.bind(address)
        sock.listen(backlog)
    except OSError:
        sock.close()
        raise
    sock.setblocking(False)
    return sock


class Workers:
    """``--workers N``: N forked waitress servers on one listening socket, watched by this process.

    A worker that dies is replaced (a worker that dies within :attr:`QUICK` seconds of its start,
    :attr:`GIVE_UP` times in a row, stops the server: something is wrong that a new one will not
    mend). Ctrl+C (SIGINT, which the terminal sends to every process of the group) and SIGTERM
    stop the workers (SIGTERM, then SIGKILL after :attr:`GRACE` seconds) and then this process.
    Each worker also stops when its parent is gone, so that none is left serving alone."""

    QUICK = 5.0
    GIVE_UP = 5
    GRACE = 10.0
    #: how often the watcher looks at its workers, and a worker at its parent (seconds)
    TICK = 0.2
    ORPHAN_TICK = 0.5

    def __init__(self, wsgi: WSGIApplication, sock: socket.socket, n: int, options: dict[str, Any], lang: str,
                 out: TextIO):
        self.wsgi, self.sock, self.n, self.options, self.lang, self.out = wsgi, sock, n, options, lang, out
        self.children: dict[int, float] = {}  # pid -> when it started (monotonic)
        self.stopping = False
        self.failed = False

    def run(self) -> int:
        import signal

        def stop(signum: int, frame: Any) -> None:
            self.stopping = True

        old = {s: signal.signal(s, stop) for s in (signal.SIGTERM, signal.SIGINT)}
        quick_deaths = 0
        try:
            for _ in range(self.n):
                self.spawn()
            while not self.stopping:
                pid, status = self.reap()
                if pid == 0:
                    time.sleep(self.TICK)
                    continue
                started = self.children.pop(pid, None)
                if started is None or self.stopping:
                    continue
                quick_deaths = quick_deaths + 1 if time.monotonic() - started < self.QUICK else 0
                if quick_deaths >= self.GIVE_UP:
                    print(_t(self.lang, "worker_failing"), file=self.out, flush=True)
                    self.failed = True
                    break
                print(_t(self.lang, "worker_restarted", pid=pid, how=self.how(status)), file=self.out,
                      flush=True)
                if quick_deaths:
                    time.sleep(1.0)  # not a loop of forks while something is broken
                self.spawn()
        finally:
            self.stop_all()
            for s, handler in old.items():
                signal.signal(s, handler)
            self.sock.close()
        if self.failed:
            return EXIT_ENVIRONMENT
        print(_t(self.lang, "stopped"), file=self.out, flush=True)
        return 0

    def how(self, status: int) -> str:
        if os.WIFSIGNALED(status):
            import signal

            sig = os.WTERMSIG(status)
            try:
                name = signal.Signals(sig).name
            except ValueError:
                name = str(sig)
            return _t(self.lang, "signal", sig=name)
        return _t(self.lang, "exit_code", code=os.WEXITSTATUS(status) if os.WIFEXITED(status) else status)

    def reap(self) -> tuple[int, int]:
        try:
            return os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return 0, 0

    def spawn(self) -> None:
        for stream in (sys.stdout, sys.stderr, self.out):
            stream.flush()  # nothing buffered is written twice, once by each process
        parent = os.getpid()
        pid = os.fork()
        if pid == 0:  # the worker
            code = 0
            try:
                self.serve(parent)
            except BaseException:  # noqa: BLE001 - a worker's failure is logged, never raised on
                import traceback

                traceback.print_exc()
                code = 1
            finally:
                for stream in (sys.stdout, sys.stderr):
                    try:
                        stream.flush()
                    except Exception:  # noqa: BLE001
                        pass
                os._exit(code)
        self.children[pid] = time.monotonic()

    def serve(self, parent: int) -> None:
        """One worker: waitress on the shared socket until SIGTERM, SIGINT or its parent's end."""
        import signal

        from waitress.server import create_server

        def stop(signum: int, frame: Any) -> None:
            # once: a Ctrl+C reaches every process of the group, then the parent's SIGTERM follows
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            raise KeyboardInterrupt

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        server = create_server(self.wsgi, sockets=[self.sock], **self.options)

        def orphaned() -> None:
            while os.getppid() == parent:
                time.sleep(self.ORPHAN_TICK)
            os.kill(os.getpid(), signal.SIGTERM)

        threading.Thread(target=orphaned, name="referee-parent", daemon=True).start()
        try:
            server.run()
        except KeyboardInterrupt:
            pass
        finally:
            server.close()

    def stop_all(self) -> None:
        import signal

        for pid in list(self.children):
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                self.children.pop(pid, None)
        deadline = time.monotonic() + self.GRACE
        while self.children and time.monotonic() < deadline:
            pid, _status = self.reap()
            if pid:
                self.children.pop(pid, None)
            else:
                time.sleep(0.05)
        for pid in list(self.children):
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
            self.children.pop(pid, None)


def default_server() -> str:
    """granian where it is installed (a dependency on Linux and macOS), else waitress (Windows)."""
    return "granian" if sys.platform != "win32" and granian_installed() else "waitress"


def granian_installed() -> bool:
    import importlib.util

    return importlib.util.find_spec("granian") is not None


#: the proxy headers a client could send to pass for another address or scheme: dropped unless
#: proxies are trusted (REFEREE_PROXIES), as waitress drops them (``clear_untrusted_proxy_headers``)
PROXY_HEADERS = ("HTTP_FORWARDED", "HTTP_X_FORWARDED_FOR", "HTTP_X_FORWARDED_BY", "HTTP_X_FORWARDED_HOST",
                 "HTTP_X_FORWARDED_PORT", "HTTP_X_FORWARDED_PROTO")


class NoProxyHeaders:
    """The app without the proxy headers (granian passes every header on to the app)."""

    def __init__(self, app: WSGIApplication):
        self.app = app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        for name in PROXY_HEADERS:
            environ.pop(name, None)
        return self.app(environ, start_response)


class WorkerApp:
    """Makes the app in each granian worker, once (its own database connections, its own kept
    states): what the start-up found (the address shown) set in its settings, the proxy headers
    dropped unless trusted, the access log. Picklable, for a worker started by ``spawn`` (macOS)."""

    def __init__(self, instance: str | None, serve_url: str | None, serve_problem: str | None, access_log: bool):
        self.instance, self.serve_url, self.serve_problem = instance, serve_url, serve_problem
        self.access_log = access_log

    def __call__(self, target: object = None) -> WSGIApplication:
        from . import create_app

        parent = os.getppid()
        app = create_app(instance_path=self.instance)
        steady_collector()
        if self.serve_url is not None:
            app.config["SERVE_URL"] = self.serve_url
            app.config["SERVE_PROBLEM"] = self.serve_problem
        wsgi: WSGIApplication = app if app.config["PROXIES"] else NoProxyHeaders(app)
        if self.access_log:
            wsgi = AccessLog(wsgi, sys.stderr)
        threading.Thread(target=stop_when_orphaned, args=(parent,), name="referee-parent", daemon=True).start()
        stop_on_sigterm_only()
        return wsgi


#: the garbage collector's thresholds in a server's process: a collection of the youngest objects
#: every 10,000 allocations (Python's 700), the older ones after 20 of those (10, 10). A request
#: makes thousands of short-lived objects (a page's Jinja contexts, a replay's moves) and keeps few:
#: with Python's own thresholds they were looked at by two or three collections before they died.
#: The oldest generation's 20 is a floor: Python makes a full collection only once what reached the
#: oldest generation since the last one is a quarter of what that one left (``long_lived_pending``
#: against ``long_lived_total``). With :func:`freeze_survivors` what a full collection left is
#: frozen, so the next one looks only at what arrived since, and starts once that is a quarter of
#: the last one's survivors: one process keeping 300 tables' states (762,000 objects) spent 0.5 s
#: of CPU on each full collection without it; with it 0.7 s once, then 74 ms with 40 tables' states
#: new since, 1.5 ms with 40 views (at 1,000 tables a worker's 700 MB took about 4 s each)
SERVER_GC_THRESHOLDS = (10_000, 20, 20)


def steady_collector() -> None:
    """Once the app is made in a server's process: what start-up made (the app, its templates,
    the rules' tables) moved out of the collector's way (``gc.freeze``: never looked at again),
    the collector's thresholds those of a server (:data:`SERVER_GC_THRESHOLDS`), and what each
    later full collection leaves frozen as well (:func:`freeze_survivors`)."""
    import gc

    if freeze_survivors not in gc.callbacks:
        gc.callbacks.append(freeze_survivors)
    gc.collect()
    gc.freeze()
    gc.set_threshold(*SERVER_GC_THRESHOLDS)


def freeze_survivors(phase: str, info: dict[str, int]) -> None:
    """A ``gc.callbacks`` hook: when a full collection (the oldest generation's) has ended, what it
    left alive is frozen (``gc.freeze``: moved to the permanent generation, never walked again).

    What survives a full collection in a worker is mostly its kept states (the replayed matches,
    hundreds of MB at 1,000 tables), long-lived by nature; walking them again at every full
    collection paused the worker for seconds and found nothing to free. A frozen object is still
    freed by its reference count: an evicted kept state, which holds no reference cycle
    (``tests/matches/test_state_cycles.py`` checks it), goes at once. What this gives up: a
    reference cycle frozen while still in use (a request in flight at that moment) is never
    collected once it is dropped, a few objects a full collection.

    Safe from the callback: Python calls it after the collection's work is done (its lists
    merged, its garbage deleted), with the collector marked busy, so no collection starts inside
    it; ``gc.freeze`` only moves every generation's list into the permanent one."""
    if phase == "stop" and info.get("generation") == 2:
        import gc

        gc.freeze()


def stop_on_sigterm_only() -> None:
    """A granian worker stops on SIGTERM and lets Ctrl+C (SIGINT) be: the terminal sends it to
    every process of the group, and the parent, on it, stops its workers with SIGTERM. (A worker
    that took the terminal's SIGINT itself as well did not stop until killed ten seconds later.)
    granian looks its workers' signal set-up up when the worker starts serving, after the app is
    made: the one put here is the one used."""
    import signal

    import granian._signals as signals
    from granian._granian import WorkerSignal

    def sigterm_only() -> WorkerSignal:
        stopping = WorkerSignal()

        def stop(signum: int, frame: Any) -> None:
            stopping.set()

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        return stopping

    signals.set_sync_signals = sigterm_only


def stop_when_orphaned(parent: int, tick: float = 0.5) -> None:
    """A worker whose parent is gone (killed outright) stops by itself (SIGTERM: gracefully)."""
    import signal

    while os.getppid() == parent:
        time.sleep(tick)
    os.kill(os.getpid(), signal.SIGTERM)


def serve_granian(made: WorkerApp, sock: socket.socket, workers: int, threads: int, lang: str, out: TextIO) -> int:
    """granian on ``sock`` (bound here, as for waitress: the port known and a refusal said before
    anything is printed) until SIGTERM or Ctrl+C: ``workers`` processes, each with ``threads``
    blocking threads for the app (a PDF takes one for a second or so, the other phones the
    rest). A worker that dies is replaced; a worker that dies again within seconds stops the
    server (exit 4). granian's own lines go to stderr, warnings and errors only."""
    import logging

    from granian._granian import SocketHolder
    from granian.constants import HTTPModes, Interfaces
    from granian.http import HTTP1Settings
    from granian.log import LogLevels
    from granian.server.mp import MPServer

    lang_ = lang

    class Server(MPServer):
        # granian binds its socket itself, by address; here it serves the socket already bound
        # (granian's own way on macOS: the socket's holder, the socket its workers inherit)
        def _init_shared_socket(self) -> None:
            # TCP_NODELAY on the listening socket, as granian sets it on its own: each accepted
            # connection inherits it (granian does not set it again), so an answer written in two
            # parts does not wait for the phone's delayed acknowledgement (40 ms)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sock.set_inheritable(True)
            self._ssp = None
            self._shd = SocketHolder(sock.fileno(), False, GRANIAN_BACKLOG)  # type: ignore[call-arg,assignment]
            self._sfd = sock.fileno()  # type: ignore[assignment]
            self._sso = sock

        def _respawn_workers(self, workers: Any, spawn_target: Any, target_loader: Any, delay: float = 0) -> Any:
            for idx in workers:
                gone = self.wrks[idx].inner
                if gone.exitcode is not None:  # (a reload or a lifetime replaces a live one: not said)
                    how = (_t(lang_, "exit_code", code=gone.exitcode) if (gone.exitcode or 0) >= 0
                           else _t(lang_, "signal", sig=signal_name(-gone.exitcode)))
                    print(_t(lang_, "worker_restarted", pid=gone.pid, how=how), file=out, flush=True)
            return super()._respawn_workers(workers, spawn_target, target_loader, delay)

    # granian's backpressure bounds the connections each worker holds, its phones' idle keep-alive
    # ones included (its README says so): its default (backlog / workers, 512 for two workers)
    # stopped accepting the 1,025th phone, which waited in the kernel's queue until a connection
    # closed. The app's concurrency is bounded by the blocking threads instead; the connections
    # by the open-files limit, as waitress's are
    connections = connections_held(raise_open_files())
    stream = {"formatter": "generic", "class": "logging.StreamHandler", "stream": "ext://sys.stderr"}
    server = Server("referee:create_app", address=sock.getsockname()[0], port=sock.getsockname()[1],
                    interface=Interfaces.WSGI, workers=workers, blocking_threads=threads, http=HTTPModes.http1,
                    websockets=False, backlog=GRANIAN_BACKLOG, backpressure=connections, log_level=LogLevels.warning, log_access=False,
                    # the time granian gives a request's headers counts from the end of the last
                    # answer on the connection: it is the idle time a kept connection is allowed
                    http1_settings=HTTP1Settings(header_read_timeout=IDLE_SECONDS * 1000),
                    log_dictconfig={"handlers": {"console": stream, "access": dict(stream, formatter="access")}},
                    respawn_failed_workers=True, workers_kill_timeout=int(Workers.GRACE))
    # granian warns of more blocking threads than twice the cores: here they wait on the
    # database and on PDFs more than they compute (the PDFs must not hold up the other phones)
    logging.getLogger("_granian").addFilter(lambda record: "Python threads" not in record.getMessage())
    try:
        server.serve(target_loader=made)
    except SystemExit as e:  # granian's end when its workers stop as soon as they start
        if e.code:
            print(_t(lang, "worker_failing"), file=out, flush=True)
            return EXIT_ENVIRONMENT
    print(_t(lang, "stopped"), file=out, flush=True)
    return 0


#: the connections waiting to be accepted (the listening socket's backlog)
GRANIAN_BACKLOG = 1024


def signal_name(sig: int) -> str:
    import signal

    try:
        return signal.Signals(sig).name
    except ValueError:
        return str(sig)


def store_errors() -> tuple[type[BaseException], ...]:
    from .matches.store import errors

    return errors()


def app_db(args: argparse.Namespace) -> str:
    from . import settings

    try:
        return str(settings.load(args.instance)["DATABASE"])
    except Exception:  # pragma: no cover - only to name the file in a message
        return "?"


def add_subcommands(sub: Any) -> None:
    s = sub.add_parser("serve", help=N_("serve the app to the phones on the local network (granian or waitress)"),
                       description=N_("Serve the app with a production WSGI server (granian; waitress on Windows). "
                                      "Prints the address the phones open, and its QR code."))
    s.add_argument("--host", default="0.0.0.0",
                   help=N_("the address to listen on (default 0.0.0.0: every network of this machine; "
                           "127.0.0.1: this machine only)"))
    s.add_argument("--port", type=int, default=8000, help=N_("the port (default 8000; 0: any free port)"))
    s.add_argument("--instance", metavar="DIR", default=None,
                   help=N_("the data folder (database, secret key, config.py); default: REFEREE_INSTANCE, "
                           "a checkout's instance/, else the user's data folder"))
    s.add_argument("--server", choices=("granian", "waitress"), default=None,
                   help=N_("the HTTP server: granian (the default on Linux and macOS: a Rust server that holds "
                           "the phones' open connections outside Python) or waitress (pure Python; the default "
                           "on Windows)"))
    s.add_argument("--threads", type=int, default=8, help=N_("requests served at once (default 8; per worker)"))
    s.add_argument("--workers", type=int, default=1, metavar="N",
                   help=N_("processes serving together (default 1; 2 on a club machine with two cores: "
                           "one process uses one core). Linux and macOS"))
    s.add_argument("--no-access-log", action="store_true", help=N_("do not log each request"))
    s.add_argument("--lang", choices=("ru", "en"), default=None,
                   help=N_("the language of these messages (default: the terminal's)"))
    s.set_defaults(func=cmd_serve)
