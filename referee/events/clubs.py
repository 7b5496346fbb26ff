"""A club's own changes, without Flask: the club made and named, its roster's players added,
renamed, retired and merged, a match or an event made the club's, a club match counted for the
ratings or not.

One :class:`ClubService` is made per app (beside the event service; a tool makes its own) with the
way to the database connection in use (``db``). Each change checks what it is given (a club's
name, a player's name) and writes it in one store call; one that cannot be made raises
:class:`ClubRefused` (a rule of :data:`MESSAGES` with its params, said in either language) and
stores nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from referee import limits
from referee.matches import store
from referee.words import N_, Marked, say_marked

#: the longest club name
CLUB_NAME_MAX = 60

#: a refusal of a club's change (its rule -> its words); the store's (``store.ClubError``) too
MESSAGES: dict[str, Marked] = {
    "club.name_empty": N_("Write the club's name."),
    "club.name_long": N_("A club's name is at most %(max)d characters."),
    "club.name_unshown": N_("The club's name holds characters that cannot be shown."),
    "club.player_empty": N_("Write the player's name."),
    "club.name_taken": N_("«%(name)s» is on the roster already (names must differ by more than case)."),
    "club.merge_self": N_("Choose another player to merge with this one."),
    "club.merge_met": N_("These two sat at one match (number %(match)s): they are two people, not one name "
                         "written twice. Nothing was merged."),
    "club.other_club": N_("This match is another club's already."),
    "club.seated_twice": N_("One player cannot sit in two seats."),
    "club.seats": N_("Every seat needs a player."),
    "club.event_other_club": N_("This event is another club's already."),
    "club.no_player": N_("There is no such player in this club."),
}


class ClubRefused(Exception):
    """A club's change refused: nothing was written. ``rule``: a message of :data:`MESSAGES`
    (an unknown one is said as ``club.no_player``) with ``params``; ``why``: a player's name
    refused (said by the record's rule of names)."""

    def __init__(self, rule: str, params: Mapping[str, object] | None = None, *,
                 why: tuple[str, str] | None = None):
        super().__init__(rule)
        self.rule = rule
        self.params = dict(params or {})
        self.why = why

    @classmethod
    def of(cls, err: store.ClubError) -> ClubRefused:
        """The store's refusal (a name taken, a merge refused …)."""
        return cls(err.rule, err.params)

    def words(self, lang: str) -> str:
        """The refusal in ``lang``'s words (``ru`` or ``en``)."""
        if self.why is not None:
            return limits.name_words(*self.why, lang)
        params = dict(self.params)
        if "name" in params:
            params["name"] = limits.shown_name(params["name"])
        return say_marked(lang, MESSAGES.get(self.rule, MESSAGES["club.no_player"]), params)


def club_name(raw: str | None) -> str:
    """A club's name as given (spaces folded), or :class:`ClubRefused`."""
    name = " ".join((raw or "").split())
    if not name:
        raise ClubRefused("club.name_empty")
    if len(name) > CLUB_NAME_MAX:
        raise ClubRefused("club.name_long", {"max": CLUB_NAME_MAX})
    if any(not c.isprintable() for c in name) or limits.name_problem(name[:limits.NAME_MAX].strip()) in (
            "control", "bidi", "invisible"):
        raise ClubRefused("club.name_unshown")
    return name


def person_name(raw: str | None) -> str:
    """A player's name as given (stripped), or :class:`ClubRefused` with the reason."""
    name = (raw or "").strip()
    why = limits.name_problem(name) if name else "empty"
    if why == "empty":
        raise ClubRefused("club.player_empty")
    if why is not None:
        raise ClubRefused("club.player_name", why=(why, name))
    return name


class ClubService:
    """A club's changes: ``create``, ``rename``, ``add_player``, ``rename_player``, ``retire``,
    ``merge``, ``set_rated``, ``link_match``, ``link_event``, ``sync_events``; each checked, written in one store call, or refused
    (:class:`ClubRefused`) with nothing written."""

    def __init__(self, db: Callable[[], Any]):
        self.db = db

    def create(self, name: str | None) -> store.ClubRow:
        """A new club named ``name`` (its director's key and its read-only key new)."""
        return store.create_club(self.db(), club_name(name))

    def rename(self, club: store.ClubRow, name: str | None) -> str:
        """The club's name; returns it as stored."""
        checked = club_name(name)
        store.rename_club(self.db(), club["id"], checked)
        return checked

    def add_player(self, club: store.ClubRow, name: str | None) -> store.ClubPlayer:
        """A player added to the roster (refused when the name is there already)."""
        checked = person_name(name)
        try:
            return store.add_club_player(self.db(), club["id"], checked)
        except store.ClubError as err:
            raise ClubRefused.of(err) from None

    def rename_player(self, club: store.ClubRow, player_id: int, name: str | None) -> str:
        """The player's name on the roster (his matches keep the names they were played under);
        returns it as stored."""
        checked = person_name(name)
        try:
            store.rename_club_player(self.db(), club["id"], player_id, checked)
        except store.ClubError as err:
            raise ClubRefused.of(err) from None
        return checked

    def retire(self, club: store.ClubRow, player_id: int, retired: bool) -> None:
        """Retire a player (his matches and rating stay), or bring him back."""
        try:
            store.retire_club_player(self.db(), club["id"], player_id, retired)
        except store.ClubError as err:
            raise ClubRefused.of(err) from None

    def merge(self, club: store.ClubRow, player_id: int, other: int) -> store.ClubPlayer:
        """Another name (``other``) of the player merged into him: its matches become his;
        returns the name merged."""
        gone = store.club_player(self.db(), club["id"], other)
        try:
            store.merge_club_players(self.db(), club["id"], player_id, other)  # a name not on the roster: refused
        except store.ClubError as err:
            raise ClubRefused.of(err) from None
        if gone is None:
            raise ClubRefused("club.no_player")
        return gone

    def set_rated(self, club: store.ClubRow, match_id: int, rated: bool) -> None:
        """Whether one of the club's matches moves its players' ratings."""
        store.set_club_rated(self.db(), club["id"], match_id, rated)

    def link_match(self, club: store.ClubRow, match_id: int, seats: Sequence[int | str], rated: bool) -> None:
        """A match made the club's: each seat a roster player's id, or a name (the roster's
        player of that name; a new name joins the roster); refused when the match is another
        club's, a player sits twice or a seat has none."""
        try:
            store.link_match(self.db(), club["id"], match_id, list(seats), rated=rated)
        except store.ClubError as err:
            raise ClubRefused.of(err) from None

    def link_event(self, club: store.ClubRow, event_id: int) -> None:
        """An event made the club's: its tables' matches count for the club's players (refused
        when it is another club's)."""
        try:
            store.link_event(self.db(), club["id"], event_id)
        except store.ClubError as err:
            raise ClubRefused.of(err) from None

    def sync_events(self, club: store.ClubRow) -> None:
        """Make the tables' matches of the club's events the club's (a round started since the
        last look): each seat the roster's player of that name, a new name added to the roster,
        rated. A match another club took first stays that club's."""
        db = self.db()
        for m in store.unlinked_event_matches(db, club["id"]):
            try:
                store.link_match(db, club["id"], m["id"], list(m["players"]), rated=True)
            except store.ClubError:
                continue
