"""The read-only view for the other players' phones: no forms, nothing can change."""

from __future__ import annotations

from typing import Any

import hashlib
import re
import threading
from collections import OrderedDict
from collections.abc import Iterable
from typing import TYPE_CHECKING

from flask import Blueprint, Flask, Request, abort, g, jsonify, render_template, url_for
from flask.typing import ResponseReturnValue
from markupsafe import Markup

from referee.matches import scoreboard
from referee.rules import catalogue
from referee.matches import replay, turns

from . import boards, get_db, service, store
from .i18n import lang
from .matches import remember

if TYPE_CHECKING:
    from wsgiref.types import StartResponse, WSGIApplication, WSGIEnvironment

bp = Blueprint("share", __name__, url_prefix="/s/<key>")


def _match(key: str) -> dict[str, Any]:
    m = store.match_by_key(get_db(), key, "view_key")
    if m is None:
        abort(404)
    return dict(m)  # the store's MatchRow as the pages take a match


@bp.get("")
def view(key: str) -> ResponseReturnValue:
    """The match as it stands, read only; follows new moves within seconds."""
    m = _match(key)
    remember(m, edit=False)  # whoever opens the read-only link finds the match in his list
    evs, state = service().load(m)
    kept_as = _view_key(m, len(evs))
    if kept_as is not None:
        with _views_lock:
            kept = _VIEWS.get(kept_as)
            if kept is not None:
                _VIEWS.move_to_end(kept_as)
        if kept is not None:
            g.view_kept_as = kept_as  # its compressed answer kept too (``packed_key``)
            return kept.page
    ph = replay.phase(state)
    hv = turns.hand_view(state.live) if ph == "play" else None
    if ph == "left" and state.ended is not None:
        hv = turns.hand_view(state.ended)
    score, scoreboard = view_scoreboard(m, state)
    page = render_template("share/view.html", m=m, n=len(evs), state=state, phase=ph, hv=hv,
                           score=score, scoreboard=scoreboard if state.hands else None,
                           edit=False, spec=catalogue.spec(m["variant"]),
                           lead=replay.next_lead(m, state) if ph == "next" else {},
                           summary=replay.hand_summary(state, m["players"]) if ph in ("next", "over") else None)
    if kept_as is not None:
        with _views_lock:
            _VIEWS[kept_as] = _KeptView(page)
            while len(_VIEWS) > _VIEWS_KEPT:
                _VIEWS.popitem(last=False)
        g.view_kept_as = kept_as
    return page


class _KeptView:
    """A view's page kept (``_VIEWS``) and its answer's body as each compression made it."""

    __slots__ = ("packed", "page")

    def __init__(self, page: str) -> None:
        self.page = page
        self.packed: dict[str, bytes] = {}


#: the read-only view's pages drawn lately, by everything they are drawn from (``_view_key``): a
#: table's viewers ask for the same page after each change, and a second one on the same worker
#: takes it from here (about a fifth of the views with a club's one to three viewers a table)
_VIEWS: OrderedDict[bytes, _KeptView] = OrderedDict()
_VIEWS_KEPT = 256
_views_lock = threading.Lock()


def packed_key(request: Request) -> str | None:
    """flask-compress's cache key (``COMPRESS_CACHE_KEY``) of an answer: the kept view's key
    (``_VIEWS``, hex) for a view answered with a kept page, ``None`` for any other answer."""
    kept_as: bytes | None = g.get("view_kept_as")
    return None if kept_as is None else kept_as.hex()


class PackedViews:
    """flask-compress's cache (``COMPRESS_CACHE_BACKEND``): the body each compression made of a
    kept view's page (gzip, br, zstd, deflate: its key is the algorithm and :func:`packed_key`),
    kept with the page in ``_VIEWS`` and gone with it; a second viewer of the same state is sent
    those bytes, not compressed again. Nothing else is kept (a key of ``None``)."""

    @staticmethod
    def _split(key: str) -> tuple[str, bytes] | None:
        algorithm, _, kept_as = key.partition(";")
        if kept_as in ("", "None"):
            return None
        return algorithm, bytes.fromhex(kept_as)

    def get(self, key: str) -> bytes | None:
        split = self._split(key)
        if split is None:
            return None
        with _views_lock:
            kept = _VIEWS.get(split[1])
            return None if kept is None else kept.packed.get(split[0])

    def set(self, key: str, value: bytes) -> None:
        split = self._split(key)
        if split is None:
            return
        with _views_lock:
            kept = _VIEWS.get(split[1])
            if kept is not None:
                kept.packed[split[0]] = value


def _view_key(m: dict[str, Any], n: int) -> bytes | None:
    """What the view's page is drawn from: the match's row (its names, variant, options, keys),
    its count of changes (the state: the log only grows), the page's language, and the request's
    address (its script root and path with the query, which the page's links say); None when the
    page carries a message of the session's (``flash``: said once, drawn afresh)."""
    from flask import request, session

    if session.get("_flashes"):
        return None
    made_of = (sorted(m.items()), n, lang(), request.script_root, request.full_path, request.host)
    return hashlib.blake2b(repr(made_of).encode(), digest_size=20).digest()


#: the read-only view's scoreboards made lately (the model and its drawing), by what they are
#: made from: a scoreboard changes when a hand ends, not with each move, and the viewers' phones
#: of a table ask for the same one after every move (it was about half of a view's CPU at hand
#: 30: ``tools/web_profile.py --route view``)
_BOARDS: OrderedDict[bytes, tuple[scoreboard.Scoreboard, Markup]] = OrderedDict()
_BOARDS_KEPT = 512
_boards_lock = threading.Lock()


def view_scoreboard(m: dict[str, Any], state: replay.MatchState) -> tuple[scoreboard.Scoreboard, Markup]:
    """The scoreboard's model (``boards.score_of``) and ``play/_scoreboard.html`` as the read-only
    view draws it (no corrections or verdicts: the view shows none), made once for the same
    match fields, report and language."""
    report = state.report
    made_of = (lang(), m["variant"], m["options"], m["players"], scoreboard.made_of(report))
    key = hashlib.blake2b(repr(made_of).encode(), digest_size=20).digest()
    with _boards_lock:
        kept = _BOARDS.get(key)
        if kept is not None:
            _BOARDS.move_to_end(key)
            return kept
    score = boards.score_of(m, state.report)
    kept = (score, Markup(render_template("play/_scoreboard.html", m=m, score=score, edit=False)))
    with _boards_lock:
        _BOARDS[key] = kept
        while len(_BOARDS) > _BOARDS_KEPT:
            _BOARDS.popitem(last=False)
    return kept


@bp.get("/board")
def board(key: str) -> ResponseReturnValue:
    """The table scoreboard from the read-only link."""
    m = _match(key)
    page: ResponseReturnValue = boards.board_page(m, url_for("share.view", key=m["view_key"]))
    return page


@bp.get("/n")
def count(key: str) -> ResponseReturnValue:
    """How many events the match has: the view polls this to know when to refresh."""
    m = _match(key)
    return jsonify(n=store.event_count(get_db(), m["id"]))


_COUNT_PATH = re.compile(r"/s/([A-Za-z0-9_-]{1,64})/n\Z")


class CountFirst:
    """``GET /s/<key>/n`` (:func:`count`) answered before Flask: every phone with a match open
    asks it every 2.5 s, most of all the server's requests, and Flask's request, session,
    locale and compression around its one query cost several times the query. The answer is
    :func:`count`'s, byte for byte (its headers are those the app's hooks give it: no session is
    read, nothing is compressed so short); anything else, an unknown key and a database that
    fails go to Flask as before (a 404 page, the 503 page). It reads the store on every request,
    so every worker and every node on one database answers the same count."""

    def __init__(self, app: Flask, wsgi: WSGIApplication) -> None:
        from . import CONTENT_SECURITY_POLICY, PERMISSIONS_POLICY

        self.app, self.wsgi = app, wsgi
        self.headers = [("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "same-origin"),
                        ("Content-Security-Policy", CONTENT_SECURITY_POLICY), ("X-Frame-Options", "DENY"),
                        ("Permissions-Policy", PERMISSIONS_POLICY), ("Cache-Control", "no-store"),
                        ("X-Robots-Tag", "noindex, nofollow"), ("Vary", "Accept-Encoding")]

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") == "GET":
            found = _COUNT_PATH.fullmatch(environ.get("PATH_INFO", ""))
            n = self.count(found.group(1)) if found else None
            if n is not None:
                body = b'{"n":%d}\n' % n
                start_response("200 OK", [("Content-Type", "application/json"),
                                          ("Content-Length", str(len(body))), *self.headers])
                return [body]
        return self.wsgi(environ, start_response)

    def count(self, key: str) -> int | None:
        pool = self.app.extensions["referee.db"]
        try:
            db = pool.take()
        except Exception:  # noqa: BLE001 - Flask answers it, with its error page
            return None
        try:
            n: int | None = store.view_count(db, key)
            return n
        except Exception:  # noqa: BLE001 - Flask answers it, with its error page
            return None
        finally:
            pool.give(db)
