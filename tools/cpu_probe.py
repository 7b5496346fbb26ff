"""CPU time per request and route inside a running server, for ``tools/web_load.py --probe DIR``.

Not imported by the app. The load driver copies this file as ``sitecustomize.py`` into the
server's instance folder (which is on the server's ``PYTHONPATH``), so that every server process
measures itself: each request's CPU time on the thread that serves it (``time.thread_time``,
from the app's first line to its answer made, gzip included), summed by route (the method and
the path with the match's key taken out), and the whole process's CPU (waitress's own loop, the
idle threads and everything else: the process total less the requests' sum). With
``REFEREE_PROBE_PROFILE=1`` each route is also profiled with cProfile (the requests only). Every
process writes ``DIR/cpu-PID.json`` (and ``DIR/prof-PID-ROUTE.pstats``) once a second.
"""

from __future__ import annotations

import os
import re
import threading
import time

_DIR = os.environ.get("REFEREE_PROBE_DIR")
_PROFILE = os.environ.get("REFEREE_PROBE_PROFILE") == "1"
_KEY = re.compile(r"^/(m|s|e|ev|c|club)/[^/]+")
_lock = threading.Lock()
_routes: dict[str, list[float]] = {}  # route -> [requests, CPU seconds]
_profiles: dict[tuple[int, str], object] = {}
_gc = [0.0, 0]  # the garbage collector's CPU seconds (on whichever thread it ran) and its gen-2 runs
_gc_start: dict[int, float] = {}
_go = False  # profiling starts when the driver's clock does (the file DIR/go)


def route_of(environ: dict) -> str:
    path = _KEY.sub(lambda m: f"/{m.group(1)}/K", environ.get("PATH_INFO", ""))
    fetch = " fetch" if environ.get("HTTP_X_REFEREE") == "fetch" else ""
    return f"{environ.get('REQUEST_METHOD', '')} {path}{fetch}"


def _install() -> None:
    import flask

    original = flask.Flask.__call__

    def measured(self, environ, start_response):  # type: ignore[no-untyped-def]
        route = route_of(environ)
        prof = None
        if _PROFILE and _go:
            import cProfile

            key = (threading.get_ident(), route)
            prof = _profiles.get(key)
            if prof is None:
                prof = _profiles[key] = cProfile.Profile(time.thread_time)  # CPU, not the wait for the lock
        c0 = time.thread_time()
        if prof is not None:
            prof.enable()  # type: ignore[attr-defined]
        try:
            return original(self, environ, start_response)
        finally:
            if prof is not None:
                prof.disable()  # type: ignore[attr-defined]
            spent = time.thread_time() - c0
            with _lock:
                r = _routes.setdefault(route, [0, 0.0])
                r[0] += 1
                r[1] += spent

    flask.Flask.__call__ = measured  # type: ignore[method-assign]


def _gc_timed(phase: str, info: dict) -> None:
    tid = threading.get_ident()
    if phase == "start":
        _gc_start[tid] = time.thread_time()
    elif tid in _gc_start:
        _gc[0] += time.thread_time() - _gc_start.pop(tid)
        _gc[1] += info.get("generation") == 2


def _rss_kb() -> int:
    """The process's resident memory (Linux: ``/proc/self/status``), 0 where it cannot be read."""
    try:
        with open("/proc/self/status") as f:
            return next((int(line.split()[1]) for line in f if line.startswith("VmRSS:")), 0)
    except OSError:
        return 0


def _process_cpu() -> float:
    t = os.times()
    return t.user + t.system


def _write() -> None:
    import gc
    import json
    import marshal

    pid = os.getpid()
    with _lock:
        routes = {k: list(v) for k, v in _routes.items()}
    tmp = os.path.join(_DIR, f".cpu-{pid}.json")  # type: ignore[arg-type]
    with open(tmp, "w") as f:
        json.dump({"pid": pid, "process_cpu_s": _process_cpu(), "routes": routes, "gc_cpu_s": _gc[0],
                   "gc_full": _gc[1], "gc_frozen": gc.get_freeze_count(), "rss_kb": _rss_kb()}, f)
    os.replace(tmp, os.path.join(_DIR, f"cpu-{pid}.json"))  # type: ignore[arg-type]
    if _PROFILE:
        merged: dict[str, dict] = {}
        for (_tid, route), prof in list(_profiles.items()):
            # a profile whose thread is in a request now is read as it stands (a call or two off)
            prof.snapshot_stats()  # type: ignore[attr-defined]
            stats = merged.setdefault(route, {})
            for func, (cc, nc, tt, ct, callers) in prof.stats.items():  # type: ignore[attr-defined]
                if func in stats:
                    a = stats[func]
                    c2 = dict(a[4])
                    for k, v in callers.items():
                        if k in c2:
                            c2[k] = tuple(x + y for x, y in zip(c2[k], v))
                        else:
                            c2[k] = v
                    stats[func] = (a[0] + cc, a[1] + nc, a[2] + tt, a[3] + ct, c2)
                else:
                    stats[func] = (cc, nc, tt, ct, dict(callers))
        for route, stats in merged.items():
            name = re.sub(r"[^A-Za-z0-9]+", "_", route).strip("_")
            tmp = os.path.join(_DIR, f".prof-{pid}-{name}")  # type: ignore[arg-type]
            with open(tmp, "wb") as f:
                marshal.dump(stats, f)
            os.replace(tmp, os.path.join(_DIR, f"prof-{pid}-{name}.pstats"))  # type: ignore[arg-type]


def _flusher() -> None:
    global _go
    while True:
        time.sleep(1.0)
        _go = os.path.exists(os.path.join(_DIR, "go"))  # type: ignore[arg-type]
        try:
            _write()
        except Exception:  # noqa: BLE001 - a probe never stops the server
            pass


def _start() -> None:
    threading.Thread(target=_flusher, daemon=True).start()


if _DIR:
    import gc

    gc.callbacks.append(_gc_timed)
    _install()
    _start()
    os.register_at_fork(after_in_child=_start)
