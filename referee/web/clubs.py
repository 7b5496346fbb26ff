"""A club: its roster of players kept on the server under the club's director's key, its matches
(started from the club's page, or an existing match's seats claimed for its players), each
player's statistics gathered from every table of the club, and a rating per player moved by every
rated match (``referee.events.rating.rate_games``: openskill's Weng–Lin model, which rates sides,
so that a «Козёл» pair is rated per player).

Routes (``key``: the director's key, which may change everything, or the read-only key, which
shows the roster, the players and the matches and changes nothing):

- ``/club/``: this browser's clubs and a new club;
- ``/club/<key>``: the roster (sorted by rating, name or matches), the club's matches;
- ``/club/<key>/p/<id>``: a player: rating and its history, statistics, matches, head to head;
  the director renames, retires or brings back, merges another name into him;
- ``/club/<key>/new`` and ``/new/<variant>``: a club's match (the setup page with the roster);
- ``/club/<key>/attach``, ``/club/<key>/m/<id>/seats``: a match made the club's, a player per seat.

Every figure is the player pages' (``players.player_stats``) over the club's matches, each
match's seats renamed to their club players' roster names (``as_club``): a player renamed or two
names merged on the roster keep every match. A match counts for the rating when it is rated (the
match's setting, on unless the director turns it off) and finished; the matches are rated in the
order they were started (a correction of a finished match rates it again where it stands).
Nothing is stored of the ratings: they are the replay of the club's matches, as a scoreboard is
the replay of a match's log, so that a correction, a merge or a match turned off never leaves a
stale figure.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, NotRequired, TypedDict

from flask import (Blueprint, abort, flash, g, redirect, render_template, request, session, url_for)
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from markupsafe import Markup

from referee import limits
from referee.events.clubs import CLUB_NAME_MAX, ClubRefused
from referee.events.rating import Game, Rated, rate_games, ranks_of, seeded

from . import clubs_service, forms, get_db, store
from .summaries import Summaries
from .i18n import decimal, lang

#: a club's name: longer than a player's («Клуб любителей домино в Сокольниках»)

bp = Blueprint("club", __name__, url_prefix="/club")

#: a club as the store gives it (``store.get_club``): ``id``, ``name``, its two keys
Club = store.ClubRow
#: a player of the roster as the store gives it (``store.club_player``): ``id``, ``name``,
#: ``retired``, ``merged_into``
ClubPlayer = dict[str, Any]
#: a match as the store gives it (``store.get_match``; ``store.club_matches`` adds ``rated`` and
#: ``seat_players``, :func:`gather` its ``facts`` and ``game``)
MatchRow = dict[str, Any]


@dataclass
class Figures:
    """Everything the club's pages show (:func:`gather`)."""

    #: player id -> the roster's row, merged ones excluded
    players: dict[int, ClubPlayer]
    #: oldest first, each with its ``facts`` in roster names and its rated ``game`` (or None)
    matches: list[MatchRow]
    #: player id -> his rating, every roster player, rated or not
    ratings: dict[int, Rated]
    #: the club's events (``store.club_events``), read on every page: never kept
    events: list[store.ClubEvent] = field(default_factory=list)


class RosterRow(TypedDict):
    """A line of the roster: the player, his rating (shown in words), the matches he played,
    whether one was rated, and his place by rating (only if so)."""

    player: ClubPlayer
    rating: Rated | None
    shown: str
    matches: int
    rated: bool
    place: NotRequired[int]


@bp.errorhandler(403)
def not_director(e: Exception) -> ResponseReturnValue:
    return render_template("error.html", title=_("Only the director may change this"),
                           message=_("This is the club's read-only link: it shows the roster and the "
                                     "matches, and changes nothing.")), 403


# -- who may do what ---------------------------------------------------------------------------------


def _club(key: str) -> tuple[Club, bool]:
    """The club of ``key`` and whether it is the director's key; 404 when there is none."""
    found = store.club_by_key(get_db(), key)
    if found is None:
        abort(404)
    return found


def _director(key: str) -> Club:
    """The club of a director's key: a change asked by the read-only key is not allowed (403)."""
    club, director = _club(key)
    if not director:
        abort(403)
    return club


def _browser() -> str:
    from .matches import browser_id

    return browser_id()


def _checked() -> None:
    """The CSRF token of a change's form (a stale or foreign form changes nothing)."""
    if not forms.ActionForm().validate_on_submit():
        raise Refused(_("The form was damaged: nothing was changed."))


class Refused(Exception):
    """A change refused, with the words the page says (nothing was written)."""


def _valid(form: Any) -> Any:
    """``form`` read from the request and validated; its first refusal as :class:`Refused`."""
    if not form.validate():
        raise Refused(forms.first_error(form) or _("Nothing was changed."))
    return form


# -- the club's figures -----------------------------------------------------------------------------


def as_club(facts: dict[str, Any], seat_players: list[int | None], names: dict[int, str]) -> dict[str, Any]:
    """A match's facts (``players.match_facts``) with each seat's name replaced by its club
    player's roster name (a seat with no club player keeps the match's name). A new dict: the
    summary kept for the match is left as it is."""
    rename = {old: names[pid] for old, pid in zip(facts["players"], seat_players)
              if pid is not None and pid in names}

    def r(name: Any) -> Any:
        return rename.get(name, name) if isinstance(name, str) else name

    return dict(facts,
                players=[r(p) for p in facts["players"]],
                hands=[dict(h, winner=r(h.get("winner")), points={r(k): v for k, v in h["points"].items()})
                       for h in facts["hands"]],
                winners=[r(p) for p in facts["winners"]],
                goats=[r(p) for p in facts["goats"]],
                totals={r(k): v for k, v in facts["totals"].items()},
                seat_players=list(seat_players))


def side_seats(m: MatchRow) -> list[tuple[int, ...]]:
    """The seats of each side of a match: partners opposite in a pairs game, else one a seat."""
    if (m.get("options") or {}).get("teams") == "pairs" and len(m["players"]) == 4:
        return [(0, 2), (1, 3)]
    return [(s,) for s in range(len(m["players"]))]


def game_of(m: MatchRow, facts: dict[str, Any]) -> Game | None:
    """The rated game of a club's match (``facts`` as the match names its players), or None when
    it does not move ratings: not rated, not finished, or a seat without a club player."""
    seats = m["seat_players"]
    if not m.get("rated") or not facts["over"] or any(pid is None for pid in seats):
        return None
    groups = side_seats(m)
    names = facts["players"]
    totals = [float(facts["totals"].get(names[g[0]], 0)) for g in groups]
    winners = [i for i, g in enumerate(groups) if names[g[0]] in facts["winners"]]
    ranks = ranks_of(totals, facts["kind"] == "penalty", winners)
    return Game(str(m["id"]), tuple(tuple(str(seats[s]) for s in g) for g in groups), ranks, facts["date"])


def gather(db: Any, club: Club) -> Figures:
    """Everything the club's pages show: ``players`` (id -> the roster's row, merged ones
    excluded), ``matches`` (oldest first, each with its ``facts`` in roster names and ``game``),
    ``ratings`` (player id -> ``Rated``, every roster player, rated or not) and ``events``."""
    from . import summaries

    clubs_service().sync_events(club)
    # the store's rows as the pages take them: dicts they add their own keys to
    players: dict[int, ClubPlayer] = {p["id"]: dict(p) for p in store.club_players(db, club["id"])}
    names = {pid: p["name"] for pid, p in players.items()}
    matches: list[MatchRow] = [dict(m) for m in store.club_matches(db, club["id"])]
    key = (club["id"], lang(), tuple((p["id"], p["name"], p["retired"]) for p in players.values()),
           tuple((m["id"], m["n"], m["rated"], tuple(m["seat_players"]), tuple(m["players"])) for m in matches))
    kept = _kept().get(key)
    if kept is not None:         # nothing changed since: no match's summary, no rating replayed again
        return replace(kept, events=store.club_events(db, club["id"]))
    games: list[Game] = []
    for m in matches:
        facts = summaries.of(m, lang())["facts"]        # kept by the worker while the match is unchanged
        m["game"] = game_of(m, facts)
        if m["game"] is not None:
            games.append(m["game"])
        m["facts"] = as_club(facts, m["seat_players"], names)
    rated = rate_games(games, names={str(pid): name for pid, name in names.items()})
    out = Figures(players, matches, {int(pid): r for pid, r in rated.items() if int(pid) in players})
    _kept().put(key, out)
    return replace(out, events=store.club_events(db, club["id"]))


#: the clubs whose figures a worker keeps (each a few hundred bytes a match)
KEPT = 64


def _kept() -> Summaries[Figures]:
    """The figures of the clubs this worker drew last (``summaries.Summaries``: an LRU under a
    lock), by everything they are reckoned from: the roster's names, each match's number of
    changes, its rated setting, its seats and names. A page drawn again with nothing changed
    costs two reads of the database. The pages only read what is kept."""
    from flask import current_app

    ext = current_app.extensions
    if "referee.clubs" not in ext:
        ext["referee.clubs"] = Summaries[Figures](KEPT)
    kept: Summaries[Figures] = ext["referee.clubs"]
    return kept


def ratings(db: Any, club_id: int) -> dict[int, tuple[float, float]]:
    """The club's ratings now: player id -> (mu, sigma), for every roster player who has played
    a rated match (for an event's seeding: :func:`seed_order`)."""
    club = store.get_club(db, club_id)
    if club is None:
        return {}
    return {pid: (r.mu, r.sigma) for pid, r in gather(db, club).ratings.items() if r.matches}


def seed_order(db: Any, club_id: int, player_ids: list[int]) -> list[int]:
    """``player_ids`` (the club's players entering an event) in seeding order: the best rating
    first (``referee.events.rating.seeded``: by mu − 3·sigma, the players without a rated match
    after the rated ones, equals in the order given). A Swiss event's first round pairs its
    entrants by entry order, so entered in this order they are seeded by rating."""
    known = ratings(db, club_id)
    order = seeded([str(p) for p in player_ids], {str(p): v for p, v in known.items()})
    return [int(p) for p in order]


def shown(r: Rated | None) -> str:
    """A rating as the pages write it: mu − 3·sigma to one decimal, «—» before a rated match."""
    if r is None or not r.matches:
        return "—"
    return decimal(r.ordinal)


SORTS = ("rating", "name", "matches")
#: the latest matches the club's page and a player's page draw; every match: ``/matches``, ``?all=1``
SHOWN = 20
#: the matches of a page of ``/club/<key>/matches``
PAGE = 30


def roster(data: Figures, sort: str = "rating") -> list[RosterRow]:
    """The roster's rows (active players first, the retired after them), each with its player,
    rating, the matches played and the place by rating (players with a rated match only)."""
    played: dict[int, int] = {}
    for m in data.matches:
        for pid in m["seat_players"]:
            if pid is not None:
                played[pid] = played.get(pid, 0) + 1
    rows: list[RosterRow] = []
    for pid, p in data.players.items():
        r = data.ratings.get(pid)
        rows.append({"player": p, "rating": r, "shown": shown(r), "matches": played.get(pid, 0),
                     "rated": bool(r and r.matches)})

    def ordinal(row: RosterRow) -> float:
        """The rating's figure of a rated player (0 for one not rated)."""
        r = row["rating"]
        return r.ordinal if r is not None and row["rated"] else 0

    by_rating = sorted((row for row in rows if row["rated"]), key=lambda row: -ordinal(row))
    for place, row in enumerate(by_rating, 1):
        row["place"] = place
    from referee.limits import name_key

    def key(row: RosterRow) -> tuple[Any, ...]:
        name = name_key(row["player"]["name"])
        if sort == "name":
            return (name,)
        if sort == "matches":
            return (-row["matches"], name)
        return (not row["rated"], -ordinal(row), name)

    return sorted(rows, key=lambda row: (row["player"]["retired"],) + key(row))


def rating_chart(history: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The rating's history as a small SVG line (no JS): mu − 3·sigma before the first rated
    match and after each, in a 360 x 150 box, with its lowest and highest values marked."""
    if not history:
        return None
    from referee.events.rating import model

    fresh = model().rating()
    values: list[float] = [fresh.mu - 3 * fresh.sigma] + [h["mu"] - 3 * h["sigma"] for h in history]
    w, h, left, right, top_pad, bottom_pad = 360, 150, 40, 10, 10, 20
    top, bottom = max(values), min(values)
    if top - bottom < 1:
        top, bottom = top + 0.5, bottom - 0.5
    n = len(values)

    def x(i: int) -> float:
        return round(left + (w - left - right) * (i / (n - 1) if n > 1 else 0), 1)

    def y(v: float) -> float:
        return round(top_pad + (h - top_pad - bottom_pad) * (top - v) / (top - bottom), 1)

    return {"w": w, "h": h, "points": " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(values)),
            "last": (x(n - 1), y(values[-1])), "top": decimal(max(values)), "top_y": y(max(values)),
            "bottom": decimal(min(values)), "bottom_y": y(min(values)), "x0": left, "x1": w - right,
            "zero_y": y(0) if bottom <= 0 <= top else None, "matches": n - 1, "base_y": h - bottom_pad,
            "first": decimal(values[0]), "final": decimal(values[-1])}


# -- pages ------------------------------------------------------------------------------------------


@bp.route("/", methods=["GET", "POST"])
def index() -> ResponseReturnValue:
    """This browser's clubs, and a new club."""
    problem = None
    db = get_db()
    if request.method == "POST":
        try:
            _checked()
            club = clubs_service().create(_valid(forms.ClubNameForm()).name.data)
        except Refused as e:
            problem = str(e)
        except ClubRefused as e:
            problem = e.words(lang())
        else:
            store.remember_club(db, _browser(), club["id"], True)
            flash(_("The club is made. This page's link is the director's key: keep it, share it "
                    "only with whoever runs the club with you."), "ok")
            return redirect(url_for("club.page", key=club["director_key"]))
    from .matches import BROWSER

    clubs = store.browser_clubs(db, _browser()) if BROWSER in session else []
    g.lists_clubs = bool(clubs)
    return render_template("club/index.html", clubs=clubs, problem=problem,
                           form=forms.ActionForm(), name_max=CLUB_NAME_MAX), 400 if problem else 200


def _page(club: Club, director: bool, problem: str | None = None, status: int = 200) -> ResponseReturnValue:
    db = get_db()
    store.remember_club(db, _browser(), club["id"], director)
    data = gather(db, club)
    sort = request.args.get("sort", "rating")
    if sort not in SORTS:
        sort = "rating"
    key = club["director_key"] if director else club["view_key"]
    latest = list(reversed(data.matches))
    return render_template("club/club.html", club=club, director=director, key=key, events=data.events,
                           rows=roster(data, sort), sort=sort, matches=latest[:SHOWN], more=len(latest) > SHOWN,
                           total=len(latest),
                           players=data.players, form=forms.ActionForm(), problem=problem,
                           name_max=limits.NAME_MAX), status


@bp.get("/<key>")
def page(key: str) -> ResponseReturnValue:
    """The club: its roster and its latest matches."""
    club, director = _club(key)
    return _page(club, director)


@bp.get("/<key>/matches")
def all_matches(key: str) -> ResponseReturnValue:
    """Every match of the club, the latest first, :data:`PAGE` a page (``?page=``)."""
    club, director = _club(key)
    data = gather(get_db(), club)
    latest = list(reversed(data.matches))
    try:
        page = max(1, int(request.args.get("page", "1")))
    except ValueError:
        page = 1
    first = (page - 1) * PAGE
    if first >= len(latest) and page > 1:
        abort(404)
    shown = latest[first:first + PAGE]
    return render_template("club/matches.html", club=club, director=director,
                           key=club["director_key"] if director else club["view_key"], matches=shown,
                           players=data.players, page=page, first=first + 1 if shown else 0,
                           last=first + len(shown), total=len(latest), form=forms.ActionForm())


@bp.post("/<key>/players")
def add_player(key: str) -> ResponseReturnValue:
    """Add a player to the roster."""
    club = _director(key)
    try:
        _checked()
        name = clubs_service().add_player(club, _valid(forms.RosterNameForm()).name.data)["name"]
    except Refused as e:
        return _page(club, True, str(e), 400)
    except ClubRefused as e:
        return _page(club, True, e.words(lang()), 400)
    flash(_("%(name)s is on the roster.", name=name), "ok")
    return redirect(url_for("club.page", key=key) + "#add-player")


@bp.post("/<key>/name")
def rename(key: str) -> ResponseReturnValue:
    """The club's name."""
    club = _director(key)
    try:
        _checked()
        clubs_service().rename(club, _valid(forms.ClubNameForm()).name.data)
    except Refused as e:
        return _page(club, True, str(e), 400)
    except ClubRefused as e:
        return _page(club, True, e.words(lang()), 400)
    return redirect(url_for("club.page", key=key))


def _player_page(club: Club, director: bool, pid: int, problem: str | None = None,
                 status: int = 200) -> ResponseReturnValue:
    from referee.matches.statistics import player_stats

    db = get_db()
    p = store.club_player(db, club["id"], pid)
    if p is None:
        abort(404)
    key = club["director_key"] if director else club["view_key"]
    if p["merged_into"] is not None:
        return redirect(url_for("club.player", key=key, pid=p["merged_into"]))
    data = gather(db, club)
    facts = [m["facts"] for m in data.matches]
    stats = player_stats(p["name"], facts)
    rating = data.ratings.get(pid)
    rows = roster(data)
    place = next((row.get("place") for row in rows if row["player"]["id"] == pid), None)
    by_name = {q["name"]: q["id"] for q in data.players.values()}
    mine = [m for m in reversed(data.matches) if pid in m["seat_players"]]
    from referee.events.rating import model

    fresh = model().rating()
    previous = fresh.mu - 3 * fresh.sigma          # the newcomer's figure, before the first rated match
    history = []
    for h in rating.history if rating is not None else []:  # each rated match's change
        ordinal = h["mu"] - 3 * h["sigma"]
        history.append(dict(h, ordinal=ordinal, change=ordinal - previous))
        previous = ordinal
    moved = {h["game"]: h for h in history}
    others = [q for q in data.players.values() if q["id"] != pid]
    mine_ids = {m["id"] for m in mine}
    events = []
    seat_of = {m["id"]: [i for i, sp in enumerate(m["seat_players"]) if sp == pid] for m in mine}
    for e in reversed(data.events):       # the latest first, those where he sat at a table
        played = [mid for mid in e["tables"] if mid in mine_ids]
        if played:
            from . import tournaments

            ev = store.get_event(db, e["id"])
            # his place in the event's standings (the public page's, kept under the event's key)
            standing = tournaments.unit_place(ev, [(*e["tables"][mid], i) for mid in played
                                                   for i in seat_of[mid]]) if ev is not None else None
            events.append(dict(e, played=len(played), standing=standing))
    event_of = {mid: e for e in data.events for mid in e["tables"]}
    return render_template("club/player.html", club=club, director=director, key=key, p=p, s=stats,
                           rating=rating, shown=shown(rating), place=place, rated_count=sum(
                               1 for row in rows if row.get("place")),
                           chart=rating_chart(history), matches=mine if request.args.get("all") == "1" else mine[:SHOWN],
                           more=len(mine) - SHOWN if request.args.get("all") != "1" and len(mine) > SHOWN else 0,
                           moved=moved, by_name=by_name,
                           events=events, event_of=event_of,
                           others=others, form=forms.ActionForm(), problem=problem,
                           name_max=limits.NAME_MAX), status


@bp.get("/<key>/p/<int:pid>")
def player(key: str, pid: int) -> ResponseReturnValue:
    """One club player: his rating and its history, his statistics and matches."""
    club, director = _club(key)
    return _player_page(club, director, pid)


def _player_change(key: str, pid: int, change: Callable[[Club], str | None]) -> ResponseReturnValue:
    club = _director(key)
    try:
        _checked()
        done = change(club)
    except Refused as e:
        return _player_page(club, True, pid, str(e), 400)
    except ClubRefused as e:
        return _player_page(club, True, pid, e.words(lang()), 400)
    if done:
        flash(done, "ok")
    return redirect(url_for("club.player", key=key, pid=pid))


@bp.post("/<key>/p/<int:pid>/name")
def rename_player(key: str, pid: int) -> ResponseReturnValue:
    """The player's name on the roster (his matches keep the names they were played under)."""
    def change(club: Club) -> str:
        name = clubs_service().rename_player(club, pid, _valid(forms.RosterNameForm()).name.data)
        return str(_("Renamed: %(name)s.", name=name))

    return _player_change(key, pid, change)


@bp.post("/<key>/p/<int:pid>/retire")
def retire(key: str, pid: int) -> ResponseReturnValue:
    """Retire a player (his matches and rating stay), or bring him back."""
    def change(club: Club) -> str:
        back = request.form.get("retired") == "0"
        clubs_service().retire(club, pid, not back)
        return str(_("Back on the roster.") if back else _("Retired: kept with every match, no longer offered."))

    return _player_change(key, pid, change)


@bp.post("/<key>/p/<int:pid>/merge")
def merge(key: str, pid: int) -> ResponseReturnValue:
    """Another name of this player merged into him: its matches become his."""
    def change(club: Club) -> str:
        other = _valid(forms.MergeForm()).other.data
        gone = clubs_service().merge(club, pid, other)
        return str(_("«%(name)s» is merged into this player: his matches count here.", name=gone["name"]))

    return _player_change(key, pid, change)


@bp.post("/<key>/events")
def add_event(key: str) -> ResponseReturnValue:
    """Make an event the club's, by its director's link: its tables' matches count for the
    club's players."""
    import re

    club = _director(key)
    try:
        _checked()
        sent = forms.EventLinkForm()
        text = sent.link.data or ""
        found = re.search(r"/e/([A-Za-z0-9_-]{8,64})", text)
        ev_key = found.group(1) if found else text
        ev = store.event_by_key(get_db(), ev_key, "director_key") if re.fullmatch(r"[A-Za-z0-9_-]{8,64}", ev_key) \
            else None
        if ev is None:
            raise Refused(_("That is not an event's director's link (/e/…)."))
        clubs_service().link_event(club, ev["id"])
    except Refused as e:
        return _page(club, True, str(e), 400)
    except ClubRefused as e:
        return _page(club, True, e.words(lang()), 400)
    flash(_("«%(name)s» is the club's: its tables count for the club's players.",
            name=ev["record"].get("name", "")), "ok")
    if sent.back.data == "event":   # sent from the event's page (``event_offer``): back there
        return redirect(url_for("events.director", key=ev["director_key"]))
    return redirect(url_for("club.page", key=key) + "#events")


# -- a club's match ---------------------------------------------------------------------------------


class ClubSetup:
    """What the setup page of a club's match needs of the club (``matches.setup_page``): the
    roster to pick the seats from, its links, and :meth:`started`, which makes the stored match
    the club's, each seat the roster's player of that name (a new name joins the roster)."""

    def __init__(self, club: Club, key: str, variant: str, players: list[ClubPlayer]):
        self.club, self.key, self.variant = club, key, variant
        self.name = club["name"]
        self.home = url_for("club.page", key=key)
        self.players = players

    def setup_url(self, **kw: Any) -> str:
        return url_for("club.setup", key=self.key, variant=self.variant, **kw)

    def started(self, m: MatchRow) -> None:
        known = {limits.name_key(p["name"]) for p in self.players}
        rated = request.form.get("rated", "1") != "0"
        clubs_service().link_match(self.club, m["id"], list(m["players"]), rated)
        new = [p for p in m["players"] if limits.name_key(p) not in known]
        if new:
            flash(_("New on the club's roster: %(names)s.", names=", ".join(new)), "ok")


def _offered(db: Any, club: Club) -> list[ClubPlayer]:
    """The roster's players offered for a seat (retired ones left out), best rating first."""
    data = gather(db, club)
    return [dict(row["player"], shown=row["shown"]) for row in roster(data) if not row["player"]["retired"]]


@bp.get("/<key>/new")
def new(key: str) -> ResponseReturnValue:
    """Choose the game of a club's match (and its ready sets of rules, as a new match's list)."""
    from .matches import games_page

    club = _director(key)
    return games_page(lambda v, preset=None: url_for("club.setup", key=key, variant=v, preset=preset),
                      club_name=club["name"])


@bp.route("/<key>/new/<variant>", methods=["GET", "POST"])
def setup(key: str, variant: str) -> ResponseReturnValue:
    """The setup page of a club's match: the seats from the roster (a tap each), «rated»."""
    from .matches import setup_page

    club = _director(key)
    return setup_page(variant, club=ClubSetup(club, key, variant, _offered(get_db(), club)))


def _match_of_link(text: str) -> MatchRow | None:
    """The match of an edit link (or the bare edit key) pasted by the director."""
    import re

    text = (text or "").strip()
    found = re.search(r"/m/([A-Za-z0-9_-]{8,64})", text)
    key = found.group(1) if found else text
    if not re.fullmatch(r"[A-Za-z0-9_-]{8,64}", key or ""):
        return None
    m = store.match_by_key(get_db(), key, "edit_key")
    return dict(m) if m is not None else None


def _seats_page(club: Club, key: str, m: MatchRow, problem: str | None = None,
                status: int = 200) -> ResponseReturnValue:
    db = get_db()
    from referee.limits import name_key

    # every player of the roster (a retired one may have sat there), by name
    offered = sorted(store.club_players(db, club["id"]), key=lambda p: name_key(p["name"]))
    by_key = {limits.name_key(p["name"]): p["id"] for p in offered}
    current = store.club_matches(db, club["id"])
    now = next((x for x in current if x["id"] == m["id"]), None)
    chosen: list[int | str] = []
    for seat, name in enumerate(m["players"]):
        held = now["seat_players"][seat] if now is not None else None
        if held is not None:
            chosen.append(held)
        else:
            chosen.append(by_key.get(limits.name_key(name), "new"))
    return render_template("club/seats.html", club=club, key=key, m=m, offered=offered,
                           chosen=chosen, linked=now is not None, rated=now["rated"] if now else True,
                           form=forms.ActionForm(), problem=problem), status


@bp.route("/<key>/attach", methods=["GET", "POST"])
def attach(key: str) -> ResponseReturnValue:
    """Make a match the club's: paste its edit link, or pick one of this browser's matches."""
    from .matches import known_matches

    club = _director(key)
    db = get_db()
    problem = None
    if request.method == "POST":
        try:
            _checked()
            m = _match_of_link(forms.AttachForm().link.data)
            if m is None:
                raise Refused(_("That is not a match's edit link (the scorer's link, /m/…)."))
            other = store.match_club(db, m["id"])
            if other is not None and other != club["id"]:
                raise Refused(_("This match is another club's already."))
        except Refused as e:
            problem = str(e)
        else:
            return _seats_page(club, key, m)
    mine = [m for m in known_matches(db) if m["mine"] and store.match_club(db, m["id"]) is None]
    return render_template("club/attach.html", club=club, key=key, mine=mine, form=forms.ActionForm(),
                           problem=problem), 400 if problem else 200


def _seats_post(club: Club, key: str, m: MatchRow) -> ResponseReturnValue:
    try:
        _checked()
        form = _valid(forms.seats_form(len(m["players"])))
        clubs_service().link_match(club, m["id"], forms.seated(form, list(m["players"])), form.rated.data)
    except Refused as e:
        return _seats_page(club, key, m, str(e), 400)
    except ClubRefused as e:
        return _seats_page(club, key, m, e.words(lang()), 400)
    flash(_("The match counts for the club's players."), "ok")
    return redirect(url_for("club.page", key=key) + "#matches")


@bp.post("/<key>/seats")
def claim(key: str) -> ResponseReturnValue:
    """The seats of a match not yet the club's (its edit key in the form) given to club players."""
    club = _director(key)
    m = _match_of_link(forms.AttachForm().match.data)
    if m is None:
        abort(404)
    return _seats_post(club, key, m)


def _club_match(club: Club, mid: int) -> MatchRow:
    m = store.get_match(get_db(), mid)
    if m is None or store.match_club(get_db(), mid) != club["id"]:
        abort(404)
    return dict(m)


@bp.route("/<key>/m/<int:mid>/seats", methods=["GET", "POST"])
def seats(key: str, mid: int) -> ResponseReturnValue:
    """Who sat in each seat of one of the club's matches."""
    club = _director(key)
    m = _club_match(club, mid)
    if request.method == "POST":
        return _seats_post(club, key, m)
    return _seats_page(club, key, m)


@bp.post("/<key>/m/<int:mid>/rated")
def rated(key: str, mid: int) -> ResponseReturnValue:
    """Whether one of the club's matches moves its players' ratings."""
    club = _director(key)
    m = _club_match(club, mid)
    try:
        _checked()
    except Refused as e:
        return _page(club, True, str(e), 400)
    on = request.form.get("rated") == "1"
    clubs_service().set_rated(club, m["id"], on)
    flash(_("Match %(n)d is rated.", n=m["id"]) if on else _("Match %(n)d no longer moves the ratings.", n=m["id"]),
          "ok")
    return redirect(url_for("club.page", key=key) + "#matches")


# -- for an event's entrants ------------------------------------------------------------------------


def picker_players(db: Any, club: Club) -> list[ClubPlayer]:
    """The players a roster picker offers (``templates/club/_picker.html``: ``roster_picker``):
    the roster's active players, best rating first, each with ``shown`` (his rating in words)."""
    return _offered(db, club)


def event_picker() -> Markup | None:
    """The roster picker under an event's entrants (``tournaments.ENTRANT_PICKERS``): the active
    players of every club this browser directs, best rating first, a tap writing a name into the
    entrants' field (``templates/club/_event_picker.html``; on the director's page, the late
    entry's one name); None when this browser directs no club."""
    from .matches import BROWSER

    if BROWSER not in session:
        return None
    db = get_db()
    clubs = []
    for c in store.browser_clubs(db, _browser()):
        if not c["director"]:
            continue
        players = [dict(p, rated=p["shown"] != "—") for p in _offered(db, c)]
        if players:
            clubs.append({"name": c["name"], "players": players})
    if not clubs:
        return None
    late = request.endpoint == "events.director"
    return Markup(render_template("club/_event_picker.html", clubs=clubs, late=late))


def event_offer(ev: Any) -> Markup | None:
    """On an event's director's page (``tournaments.DIRECTOR_OFFERS``): while the event is none of
    the clubs this browser directs, one form a club that makes it the club's in one tap (its
    tables then count for the club's players); None otherwise."""
    from .matches import BROWSER

    if BROWSER not in session:
        return None
    db = get_db()
    clubs = [c for c in store.browser_clubs(db, _browser()) if c["director"]]
    if any(e["id"] == ev["id"] for c in clubs for e in store.club_events(db, c["id"])):
        return None
    if not clubs:
        return None
    return Markup(render_template("club/_event_offer.html", clubs=clubs, ev=ev))


def picked(db: Any, club_id: int, values: list[str], seed: bool = True) -> list[ClubPlayer]:
    """The club's players a roster picker sent (``values``: the ids of the chips picked, e.g.
    ``request.form.getlist("player")``), each once, in seeding order (``seed``: best rating
    first, :func:`seed_order`) or in the order sent. Refused (``store.ClubError``,
    ``club.no_player``) when a value is not one of the club's players."""
    ids: list[int] = []
    rows: dict[int, ClubPlayer] = {}
    for v in values:
        try:
            pid = int(v)
        except (TypeError, ValueError):
            raise store.ClubError("club.no_player") from None
        p = store.club_player(db, club_id, pid)
        if p is None or p["merged_into"] is not None:
            raise store.ClubError("club.no_player")
        if pid not in ids:
            ids.append(pid)
            rows[pid] = dict(p)
    if seed:
        ids = seed_order(db, club_id, ids)
    return [rows[pid] for pid in ids]
