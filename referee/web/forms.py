"""WTForms forms (Flask-WTF, so every one carries a CSRF token).

Neither WTForms nor Flask-WTF has types: their classes are ``Any`` to mypy, and so is a form
(its fields are read by name); the classes below that subclass theirs say so where they do."""

from __future__ import annotations

from typing import Any, Mapping

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from markupsafe import Markup, escape
from wtforms.fields.choices import SelectChoice
from wtforms import BooleanField, HiddenField, IntegerField, RadioField, StringField, TextAreaField
from wtforms.fields.core import Flags
from wtforms.widgets import HiddenInput
from wtforms.validators import AnyOf, DataRequired, InputRequired, Length, NumberRange, Optional, ValidationError

from referee import limits, rulebook
from referee.limits import whole_number
from referee.events import clubs
from referee.rules.catalogue import VariantSpec

from . import entries
from .i18n import lang
from .refusal import Refused


NAME_MAX = limits.NAME_MAX


class SetupForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF has no types
    """Start a match: players in seating order and the variant's house options."""

    # player_1 … player_8 and opt_<key> are added by setup_form().


class _NameLength(Length):  # type: ignore[misc]  # WTForms has no types
    """Length without its ``maxlength`` flag (WTForms writes the flag into the field, and a
    browser then cuts a longer name, a pasted one too, without a word): the form refuses a long
    name instead, naming the limit."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.field_flags: dict[str, Any] = {}


def _clean_name(form: Any, field: Any) -> None:
    """The check of ``referee.limits`` (the import and ``referee check`` apply the same)."""
    value = (field.data or "").strip()
    field.data = value
    why = limits.name_problem(value) if value else None
    if why is not None:
        raise ValidationError(limits.name_words(why, value, lang()))


def setup_form(spec: VariantSpec, lang: str, formdata: Any = None, base: type[Any] = SetupForm,
               players: bool = True) -> Any:
    """A setup form for this variant: name fields up to its player count, then its options
    (``base``: the form's own fields beside them; ``players=False``: no name fields, as an
    event's setup, whose tables are seated from its entrants)."""

    class F(base):  # type: ignore[misc]  # a form class of Flask-WTF's (no types)
        pass

    for i in range(1, (spec.max_players if players else 0) + 1):
        setattr(F, f"player_{i}", StringField(
            _l("Player %(n)d", n=i),
            validators=[Optional(), _NameLength(max=NAME_MAX,
                                                message=_l("A name is at most %(max)d characters.",
                                                           max=NAME_MAX)), _clean_name],
            filters=[lambda s: s.strip() if isinstance(s, str) else s],
            render_kw={"autocomplete": "off", "autocapitalize": "words"}))
    for opt in spec.options:
        name = f"opt_{opt.key}"
        label = rulebook.option_title(spec.name, opt.key, lang)
        default = opt.default_for(spec.min_players, {})
        if opt.choices:
            choices = [SelectChoice(str(v), rulebook.option_label(spec.name, opt.key, v, lang))
                       for v in opt.choices]
            field = RadioField(label, choices=choices, default=str(default),
                               validators=[InputRequired(_l("Choose one."))])
        else:
            lo = opt.minimum if opt.minimum is not None else 0
            hi = opt.maximum if opt.maximum is not None else 100000
            field = IntegerField(label, default=default,
                                 validators=[Optional() if default is None else
                                             InputRequired(_l("Enter a whole number.")),
                                             NumberRange(lo, hi, message=_l(
                                                 "Enter a whole number from %(lo)d to %(hi)d.", lo=lo, hi=hi))],
                                 render_kw={"inputmode": "numeric", "min": lo, "max": hi})
        setattr(F, name, field)
    return F(formdata=formdata) if formdata is not None else F()


def option_sentences(spec: VariantSpec, lang: str) -> dict[str, dict[str, str]]:
    """What a set-up says under each house rule (the rulebook's sentence): a choice's by its value
    as the form sends it, a number's under "None" (for any number N)."""
    return {opt.key: {str(v): rulebook.option_help(spec.name, opt.key, v, lang)
                      for v in (opt.choices or (None,))} for opt in spec.options}


def fill_options(form: Any, spec: VariantSpec, options: Mapping[str, object]) -> None:
    """Fill the option fields from a preset (a named set of options): the fields stay as they
    are otherwise, visible and changeable."""
    for opt in spec.options:
        if opt.key in options:
            value = options[opt.key]
            getattr(form, f"opt_{opt.key}").data = value if opt.numeric else str(value)


def players_of(form: Any, spec: VariantSpec) -> list[str]:
    return [getattr(form, f"player_{i}").data for i in range(1, spec.max_players + 1)
            if getattr(form, f"player_{i}").data]


def options_of(form: Any, spec: VariantSpec) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for opt in spec.options:
        value = getattr(form, f"opt_{opt.key}").data
        if value is None or value == "":
            continue
        if opt.numeric:
            value = int(value)
        out[opt.key] = value
    return out


class ImportForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF has no types
    """Import a game record: a file or pasted text."""

    file = FileField(_l("Record file (JSON)"))
    text = TextAreaField(_l("…or paste the record"), validators=[Length(max=2 * limits.MAX_RECORD_BYTES)],
                         render_kw={"rows": 6, "spellcheck": "false"})


class ActionForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF has no types
    """Any move on a match: the CSRF token and the number of events the page was drawn from."""

    n = HiddenField()


class _CsrfField:
    """:class:`ActionForm`'s CSRF field as a page draws it: WTForms' hidden input (its id and
    name, the request's token, in the widget's order), without the form around it (its meta, its
    fields bound, the sent form read) and, drawn as it is, without the widget's generic path (a
    tenth of the table's template); the widget draws it asked for more attributes."""

    widget = HiddenInput()
    flags = Flags()
    render_kw = None

    def __init__(self, name: str, token: str) -> None:
        self.id = self.name = name
        self.current_token = token

    def _value(self) -> str:
        return self.current_token

    def __call__(self, **kwargs: Any) -> Any:
        if kwargs:
            return self.widget(self, **kwargs)
        return Markup(f'<input id="{escape(self.id)}" name="{escape(self.name)}" type="hidden" '
                      f'value="{escape(self.current_token)}">')

    def __html__(self) -> Any:
        return self()

    def __str__(self) -> str:
        return str(self())


class _PageForm:
    """What a page of a match reads of :class:`ActionForm`: its CSRF field (``csrf_token``); a
    change's form is checked by an :class:`ActionForm` made from the form sent
    (:meth:`validate_on_submit`, the same checks)."""

    def __init__(self, name: str, token: str) -> None:
        self.csrf_token = _CsrfField(name, token)

    def validate_on_submit(self) -> bool:
        """:class:`ActionForm`'s ``validate_on_submit``: a change sent whose token Flask-WTF's
        ``CSRFProtect`` found good before the view (``g.csrf_valid``) passes at once, as the
        form's own checks would let it (the token's check returns then, ``n`` has none); any
        other request is checked by an :class:`ActionForm`."""
        from flask import g, request
        from flask_wtf.form import SUBMIT_METHODS

        if request.method in SUBMIT_METHODS and g.get("csrf_valid", False):
            return True
        return bool(ActionForm().validate_on_submit())


def action_form() -> Any:
    """The request's action form, made once: its CSRF field draws the token made for this request
    (a change's page drawn after it too, not the token sent); a change's form is checked
    (``validate_on_submit``) by an :class:`ActionForm`. Making a Flask-WTF form (its meta, its
    fields, the token) for each page was about a fifth of the table's drawing; the page's form
    is the field alone (an app without CSRF, or with another name for its field, gets the
    Flask-WTF form)."""
    from flask import current_app, g
    from flask_wtf.csrf import generate_csrf

    form = g.get("action_form")
    if form is None:
        config = current_app.config
        if not config.get("WTF_CSRF_ENABLED", True) or config.get("WTF_CSRF_FIELD_NAME", "csrf_token") != "csrf_token":
            form = ActionForm()
        else:
            form = _PageForm("csrf_token", generate_csrf())
        g.action_form = form
    return form


def first_error(form: Any) -> str | None:
    """The first of a validated form's refusals in the order of its fields (the page shows one,
    as it shows the service's), or None."""
    for field in form:
        if field.errors:
            return str(field.errors[0])
    return None


class _One(BooleanField):  # type: ignore[misc]  # WTForms has no types
    """A box that is ticked only when it sends ``1`` (the value the pages give it)."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        self.data = bool(valuelist) and valuelist[0] == "1"


def _strip(s: Any) -> Any:
    return s.strip() if isinstance(s, str) else s


class PlayersForm(ActionForm):
    """A match's players and settings page: a name per seat (``name_0`` …, added by
    :func:`players_form`) and whether an opponent's phone confirms each hand."""

    confirm_hands = _One()


def players_form(seats: int, formdata: Any = None) -> Any:
    """The players' form of a match of ``seats`` seats: each name is given (the match service
    checks the rest of the record's rule: a name too long, one written twice)."""

    class F(PlayersForm):
        pass

    for i in range(seats):
        setattr(F, f"name_{i}", StringField(validators=[DataRequired(_l("Every player needs a name.")),
                                                        _clean_name],
                                            filters=[_strip]))
    return F(formdata=formdata) if formdata is not None else F()


def names_of(form: Any, seats: int) -> list[str]:
    return [getattr(form, f"name_{i}").data or "" for i in range(seats)]


def confirm_form(players: list[str], verdicts: tuple[str, ...] | list[str] | frozenset[str],
                 formdata: Any = None) -> Any:
    """An opponent's word on a finished hand: who (one of the match's ``players``) and the
    verdict (one of ``verdicts``)."""
    choose = _l("Choose a player from the list.")

    class F(ActionForm):
        by = StringField(validators=[AnyOf(list(players), message=choose)])
        verdict = StringField(validators=[AnyOf(list(verdicts), message=choose)])

    return F(formdata=formdata) if formdata is not None else F()


class _ResultForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF has no types
    """A hand by its result as the players said it (fields added by :func:`result_form`)."""

    players: list[str] = []

    def result(self) -> dict[str, Any]:
        """The validated form as a record's ``result``: how it ended (``out``: a player, or None for
        a block), each other player's tiles or pips left, the points scored during play where
        entered, who made the fish where said. The engine checks the counts."""
        out = self.out.data if self.out.data != entries.BLOCK else ""
        res: dict[str, Any] = {"out": out or None}
        left: dict[str, entries.Left] = {}
        scored: dict[str, int] = {}
        for i, name in enumerate(self.players):
            entry = _left_of(self, i, name)
            if name != out and entry is not None:
                left[name] = entry
            points = whole_number((getattr(self, f"scored_{i}").data or "").strip(), 5, signed=True)
            if points is not None:
                scored[name] = points
        res["left"] = left
        if scored:
            res["scored"] = scored
        if self.maker.data:
            res["maker"] = self.maker.data
        return res


def _left_of(form: Any, i: int, name: str) -> entries.Left | None:
    return entries.left_of(getattr(form, f"left_{i}").data or [], getattr(form, f"pips_{i}").data or "", name)


def _left_check(i: int, name: str) -> Any:
    """Player ``i``'s tiles or pips left read by the one reading of them (``entries.left_of``,
    its refusal in the page's words); the player who went out listed with tiles left is a
    contradiction, refused with the reason."""

    def validate(form: Any, field: Any) -> None:
        try:
            entry = _left_of(form, i, name)
        except Refused as r:
            raise ValidationError(r.message) from None
        out = getattr(form, "out", None)  # the result pad's; a correction's turns say who went out
        if out is not None and name == out.data and entry not in (None, 0):
            raise ValidationError(_l("%(name)s went out and so holds no tiles: clear what is entered as "
                                     "left for %(name)s, or say who went out.", name=name))

    return validate


def _points_check(name: str) -> Any:
    def validate(form: Any, field: Any) -> None:
        sc = (field.data or "").strip()
        if sc and whole_number(sc, 5, signed=True) is None:
            raise ValidationError(_l("Points are a whole number (%(name)s).", name=name))

    return validate


def _maker_check(players: list[str]) -> Any:
    def validate(form: Any, field: Any) -> None:
        if field.data and field.data not in players:
            raise ValidationError(_l("Choose a player from the list."))

    return validate


def result_form(players: list[str], formdata: Any = None) -> Any:
    """The result pad of a match of ``players`` (the by-result page, its live preview and a
    result's correction): ``out`` (a player, or ``entries.BLOCK``; nothing is assumed, never
    preselected), per player ``left_<i>`` (tiles tapped or typed) or ``pips_<i>`` and
    ``scored_<i>`` (points scored during play, where the game counts them), ``maker`` (who made
    the fish, where that decides). Its refusals come in field order, a player's tiles before
    his points; :meth:`_ResultForm.result` gives the record's ``result``. Without a CSRF
    token of its own: the page's form is checked by the write path (``write.sent``) and the
    preview (``ActionForm``), and a correction's form starts from a stored hand."""
    choose = _l("Choose a player from the list.")

    class F(_ResultForm):
        out = StringField(validators=[InputRequired(_l("Say how the hand ended: who went out, or that it was blocked.")),
                                      AnyOf(list(players) + [entries.BLOCK], message=choose)])

    F.players = list(players)
    for i, name in enumerate(players):
        setattr(F, f"left_{i}", _Many(validators=[_left_check(i, name)]))
        setattr(F, f"pips_{i}", StringField())
        setattr(F, f"scored_{i}", StringField(validators=[_points_check(name)]))
    F.maker = StringField(validators=[_maker_check(list(players))])
    return F(formdata=formdata, meta={"csrf": False})


#: the longest a correction's field of a turn may be, and the most turns its form sends
TURN_TEXT_MAX = 400
MAX_TURNS_FORM = 120


def _turn_text(form: Any, field: Any) -> None:
    if len(field.data or "") > TURN_TEXT_MAX:
        raise ValidationError(_l("A field is too long; nothing was changed."))


def _turn_check(j: int, players: list[str]) -> Any:
    """Turn ``j`` of a correction: a turn with moves names a player of the match, each move no
    longer than a move is (an emptied turn is taken out)."""

    def validate(form: Any, field: Any) -> None:
        _turn_text(form, field)
        moves = _moves_of(field.data)
        if not moves:
            return
        if (getattr(form, f"turn_player_{j}").data or "").strip() not in players:
            raise ValidationError(_l("Choose a player from the list."))
        if any(len(t) > entries.TOKEN_MAX for t in moves):
            raise ValidationError(_l("A move is too long; nothing was changed."))

    return validate


def _moves_of(raw: str | None) -> list[str]:
    return [t.strip() for t in (raw or "").strip().split(",") if t.strip()]


class _TurnsForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF has no types
    """A move-by-move hand as a correction says it should read (fields added by :func:`turns_form`)."""

    players: list[str] = []
    count = 0

    def turns(self) -> list[dict[str, Any]]:
        """The validated form's turns (a record's ``turns``), the emptied ones taken out."""
        out = []
        for j in range(self.count):
            moves = _moves_of(getattr(self, f"turn_moves_{j}").data)
            if moves:
                out.append({"player": (getattr(self, f"turn_player_{j}").data or "").strip(), "moves": moves})
        return out

    def left(self) -> dict[str, entries.Left]:
        """Each player's tiles or pips left, where entered."""
        out: dict[str, entries.Left] = {}
        for i, name in enumerate(self.players):
            entry = _left_of(self, i, name)
            if entry is not None:
                out[name] = entry
        return out


def turns_form(players: list[str], formdata: Any) -> Any:
    """A correction of a hand played move by move (``formdata``: the form sent): its turns
    (``turn_player_<j>``, ``turn_moves_<j>``: the moves by commas, as many as are sent in a
    row, at most :data:`MAX_TURNS_FORM`), then each player's tiles (``left_<i>``) or pips
    (``pips_<i>``) left, read as the result pad reads them; refusals in that order. The engine
    checks the hand. Without a CSRF token of its own: the write path checks the page's."""
    count = 0
    while count < MAX_TURNS_FORM and (f"turn_player_{count}" in formdata or f"turn_moves_{count}" in formdata):
        count += 1

    class F(_TurnsForm):
        pass

    F.players, F.count = list(players), count
    for j in range(count):
        setattr(F, f"turn_player_{j}", StringField(validators=[_turn_text]))
        setattr(F, f"turn_moves_{j}", StringField(validators=[_turn_check(j, list(players))]))
    for i, name in enumerate(players):
        setattr(F, f"left_{i}", _Many(validators=[_left_check(i, name)]))
        setattr(F, f"pips_{i}", StringField())
    return F(formdata=formdata, meta={"csrf": False})


# -- a club's forms (the club's own rules of names, from ``referee.events.clubs``) --------------


def _club_rule(check: Any) -> Any:
    """A validator of a club's name rule (``check``: one of ``referee.events.clubs``' pure
    checks, which the service applies again): its refusal in the page's language, the field
    given as the rule takes it."""

    def validate(form: Any, field: Any) -> None:
        try:
            field.data = check(field.data)
        except clubs.ClubRefused as err:
            raise ValidationError(err.words(lang())) from None

    return validate


class ClubNameForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF has no types
    """A club's name (a new club, or the club renamed)."""

    name = StringField(validators=[_club_rule(clubs.club_name)])


class RosterNameForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF has no types
    """A player's name on a club's roster (a new player, or one renamed)."""

    name = StringField(validators=[_club_rule(clubs.person_name)])


def _whole(form: Any, field: Any) -> None:
    try:
        field.data = int(field.data or "")
    except ValueError:
        raise ValidationError(_l("Choose the other name.")) from None


class MergeForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF has no types
    """Another name of a club's player merged into him: the other name's number on the roster."""

    other = StringField(validators=[_whole])


# -- the director's forms of an event (the rules that need the event are the event service's) ----


class WithdrawForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF has no types
    """An entrant (by id) withdraws before the next round."""

    who = StringField(validators=[InputRequired(_l("Choose who withdraws."))])


class SitOutForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF has no types
    """A free round: an entrant (by id) left out of it, or (``back``) seated again. Who may sit
    out is the event service's to say: it first says whether the round may be changed at all."""

    who = StringField(default="")
    back = _One()


class SwapForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF has no types
    """Two entrants (by id) swapped in the proposed tables. Which two may be swapped is the
    event service's to say: it first says whether the round may be changed at all."""

    a = StringField(default="")
    b = StringField(default="")


class _Many(StringField):  # type: ignore[misc]  # WTForms has no types
    """Every value sent under the field's name (a picker's ticked names), as a list."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        self.data = [str(v) for v in valuelist]


class LateEntryForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF has no types
    """A late entrant: the names typed (one, or a fixed pair «Аня + Вера») and those a roster's
    picker ticked (``pick``, each a line of the entrants)."""

    names = StringField()
    pick = _Many()

    def entrants(self) -> str:
        """The entrants' text as the event service reads it: the typed line, then the picks."""
        picked = [p.strip() for p in self.pick.data or [] if p and p.strip()]
        return "\n".join([self.names.data or ""] + picked)

    def validate_names(self, field: Any) -> None:
        if not self.entrants().strip():
            raise ValidationError(_l("Enter the new entrant's name."))


#: the most sides a table's result form has (a table seats at most eight)
MAX_SIDES = 8


class TableResultForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF has no types
    """The director's result for a table: each side's total (``side_0`` …), what ended the
    match, a note; or a forfeit naming the absent (``absent_<id>``); or ``clear``. The totals,
    the ending and the absent are checked by the event service, which knows the table."""

    clear = _One()
    forfeit = _One()
    ended = StringField()
    note = StringField()
    v = StringField()

    def process(self, formdata: Any = None, obj: Any = None, data: Any = None, **kwargs: Any) -> None:
        formdata = self.meta.wrap_formdata(self, formdata)  # Flask-WTF's request.form when not given
        super().process(formdata, obj, data=data, **kwargs)
        sent = formdata if formdata is not None else {}
        self.absent = [k[len("absent_"):] for k, val in sent.items() if k.startswith("absent_") and val == "1"]
        self.sides = [sent.get(f"side_{i}") or "" for i in range(MAX_SIDES)]

    def version(self) -> int | None:
        """The event's version the form was drawn against, when it sends one."""
        sent = self.v.data or ""
        return int(sent) if sent and sent.isdigit() else None


class AttachForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF has no types
    """A match made a club's: its edit link pasted (``link``), or sent by the seats' form
    (``match``)."""

    link = StringField(default="")
    match = StringField(default="")


def _seat(form: Any, field: Any) -> None:
    value = field.data or ""
    if value == "new":
        return
    try:
        int(value)
    except ValueError:
        raise ValidationError(_l("Every seat needs a player.")) from None


def seats_form(seats: int) -> Any:
    """Who sat in each of a match's ``seats`` seats (``seat_<i>``: a roster player's number, or
    ``new``: the seat's own name joins the roster) and whether the match is ``rated``."""

    class F(AttachForm):
        rated = _One()

    for i in range(seats):
        setattr(F, f"seat_{i}", StringField(default="", validators=[_seat]))
    return F()


def seated(form: Any, names: list[str]) -> list[int | str]:
    """The seats of a validated :func:`seats_form`: a roster player's number, or the seat's own
    name for a new player."""
    out: list[int | str] = []
    for i, name in enumerate(names):
        value = getattr(form, f"seat_{i}").data
        out.append(name if value == "new" else int(value))
    return out


class EventLinkForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF has no types
    """An event made a club's by its director's link (``back=event``: sent from the event's
    own page, which the answer goes back to)."""

    link = StringField(default="", filters=[_strip])
    back = StringField(default="")


class EventImportForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF has no types
    """An event's record imported: pasted text (a file is read from the request's files); the
    event service checks the record whole."""

    text = StringField(default="")
