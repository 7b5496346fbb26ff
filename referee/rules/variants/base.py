"""The shared rules every variant builds on, as class attributes and small hooks.

A variant is a subclass that sets its numbers (``match_sum``, ``doubles``, ``draw_rule`` …)
and overrides the few hooks where it really differs (``on_lay`` for in-play points,
``score`` for the end of the hand …). The defaults are the traditional rules.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, Iterable, Mapping, NamedTuple, Sequence, TypeVar

from mypy_extensions import mypyc_attr

from ..catalogue import VariantSpec, spec
from ..errors import IllegalMove
from ..hand import Cand, Hand
from ..layout import End, Layout, Placement
from ..notation import Move
from ..tiles import A, ALL_MASK, B, DOUBLE, PIPS, SUIT, TILE_NAMES, tile_str, tiles_of

__all__ = ["Variant", "HandScore", "HandState", "NoOptions", "lowest_tile_key", "highest_tile_key"]



class NoOptions(NamedTuple):
    """The options of a variant that has none."""


#: a variant's house options (its ``Options``, a NamedTuple; a family's base class binds it to a
#: Protocol of the options all its members have, ``families.py``)
Opts = TypeVar("Opts")

#: what a variant says of the points gathered during play (``Variant.in_play``)
IN_PLAY = ("none", "points", "decides")
#: the hooks through which a variant can score during play (one of them is its own where it
#: says it scores, ``register`` checks)
IN_PLAY_HOOKS = ("on_lay", "on_draw", "on_pass", "on_turn_end", "after_move")


@mypyc_attr(allow_interpreted_subclasses=True)
class HandState:
    """What the rules keep about one hand beyond the ``Hand``'s own fields (``Hand.vs``); a
    variant with more declares a subclass as its ``State``."""

    __slots__ = ("fixed_leader", "lead_conflict", "winner_leads", "lead_tiles", "left_tiles")
    #: what ``copy`` does not take (a cache: the copy asks again)
    copy_resets: ClassVar[tuple[str, ...]] = ()

    def __init__(self) -> None:
        #: the rules (not lot or agreement) named the leader
        self.fixed_leader = False
        #: the seat a record named as leader where the rules name another
        self.lead_conflict: int | None = None
        #: the previous hand's winner leads this one
        self.winner_leads = False
        #: the tiles one of which must lead (a mask; 0: any the rules allow; French)
        self.lead_tiles = 0
        #: a result-only hand: the tiles each seat was left with (masks; None: not listed)
        self.left_tiles: list[int | None] | None = None

    def copy(self) -> HandState:
        c = type(self)()
        self.copy_into(c)
        return c

    def copy_into(self, c: HandState) -> None:
        """Give ``c`` this state's values (a subclass adds its own)."""
        c.fixed_leader = self.fixed_leader
        c.lead_conflict = self.lead_conflict
        c.winner_leads = self.winner_leads
        c.lead_tiles = self.lead_tiles
        c.left_tiles = None if self.left_tiles is None else list(self.left_tiles)


class HandScore:
    """The end of a hand: ``points`` per seat (what the scoresheet records), the winner,
    ``left`` (pips counted per seat; None where unknown)."""

    __slots__ = ("points", "winner", "left")

    def __init__(self, points: list[int], winner: int | None, left: list[int | None]):
        self.points = points
        self.winner = winner
        self.left = left


def lowest_tile_key(t: int) -> tuple[int, int]:
    """The lightest tile first; ties: the lower low half (0:3 before 1:2)."""
    return (PIPS[t], A[t])


def highest_tile_key(t: int) -> tuple[int, int]:
    """The heaviest tile first; ties: the higher top half (6:3 before 5:4)."""
    return (-PIPS[t], -B[t])


#: a variant's numbers and words that its class body may set (instance attributes with a default)
_CLASS_VALUES = ("layout_kind", "doubles", "matadors", "matador_along", "multi_lay", "draw_rule", "one_tile_rule",
                 "no_bazaar_rule", "no_fit_rule", "undealt_dead", "draw_when_out", "turn_rules",
                 "in_play_step", "in_play_negative", "in_play_least", "in_play_least_words")


def adopt_class_values(v: Variant[Any]) -> None:
    """Give ``v`` the values its class body sets for ``_CLASS_VALUES`` where the engine is
    compiled (mypyc). There a compiled class's values are its own already, but a variant class
    defined outside the compiled modules (a test's toy, a new variant in the making) would have
    them only for interpreted code: the compiled code reads the base's slot, set here. The
    interpreted engine reads the class attributes as they are: nothing to do."""
    for k in _CLASS_VALUES:
        slot: Any = vars(Variant).get(k)
        if not hasattr(slot, "__set__"):
            continue                    # interpreted: a plain class attribute
        for klass in type(v).__mro__:
            if klass is Variant:
                break
            val = klass.__dict__.get(k, slot)
            if val is not slot:
                if val is None or isinstance(val, (str, int)):   # (bool is an int)
                    slot.__set__(v, val)
                break


@mypyc_attr(allow_interpreted_subclasses=True)
class Variant(Generic[Opts]):
    """A variant's rules, generic in its house options: ``class Traditional(Variant[
    TraditionalOptions])`` with ``Options = TraditionalOptions``, and ``self.o`` is a
    ``TraditionalOptions`` to mypy in its methods."""

    name: ClassVar[str] = ""
    layout_kind = "line"
    #: 0: equal halves match; 7 or 6: touching halves sum to it
    match_sum: ClassVar[int] = 0
    #: how doubles lie: "across", "along" or "choice" (the player says)
    doubles = "across"
    #: tiles that are matadors (honours); mask
    matadors = 0
    #: a matador may also be laid lengthwise as an ordinary tile
    matador_along = False
    multi_lay = False
    #: "none", "until" (until playable), "one" (one a turn), "lucky" (up to five)
    draw_rule = "until"
    one_tile_rule = "turn.one_tile"
    no_bazaar_rule = "draw.no_bazaar"
    no_fit_rule = "play.no_fit"
    undealt_dead = False
    #: traditional scoring's lone 0:0 applies
    traditional_pips: ClassVar[bool] = True
    #: a player with no tiles must still draw while the bazaar has tiles (French)
    draw_when_out = False
    #: the turn itself limits where a tile may go (blitz's chain): fit masks depend on it
    turn_rules = False

    # -- what the variant is: the record, the sheets, the app and the rulebook ask these -------
    #: the variant's own catalogue entry, for a variant defined outside ``catalogue.py``
    #: (``register`` adds it); None: the catalogue has it under ``name``
    catalogue: ClassVar[VariantSpec | None] = None
    #: its house options, typed: a NamedTuple whose fields are the catalogue's option keys, the
    #: class's type argument (built once per variant from the resolved options, defaults filled
    #: in); see ``o``
    Options: ClassVar[type[Opts]]
    #: what it keeps about a hand (``Hand.vs``)
    State: ClassVar[type[HandState]] = HandState
    #: the deal is entered as rows of face-down tiles (blind blitz, in the dark)
    blind: ClassVar[bool] = False
    #: a bazaar tile may be put aside before the hand (spider: the record's ``removed``)
    removes_one: ClassVar[bool] = False
    #: the hand starts from a tile turned up from the bazaar (ladder: the record's ``starter``)
    starter_from_bazaar: ClassVar[bool] = False
    #: which tile was drawn changes the points (lucky threes: a drawn tile laid at once that
    #: scores +10, any other −5): a draw is recorded with its tile, never unseen, where the
    #: table can ask for it
    draw_tile_scores: ClassVar[bool] = False
    #: tiles change hands during play (sausage's cut): what a player holds at the end need not
    #: be what he was dealt or drew
    tiles_change_hands: ClassVar[bool] = False
    #: the rule a known deal with no opening tile breaks ("hand.no_double": spider, sausage)
    no_opener_rule: ClassVar[str] = "hand.redeal"
    #: the topics of the engine's rules this variant's rules page shows (each entry of
    #: ``words/shared/rules.toml`` names its topic; an entry with none is on every page)
    rule_topics: ClassVar[frozenset[str]] = frozenset({"drawing", "one_tile"})
    #: options the rules page does not list on their own (another option's words explain them)
    options_not_on_rules_page: ClassVar[frozenset[str]] = frozenset()
    #: the points gathered during play, said once: "none"; "points" (they go to the scoresheet:
    #: the counting games, matador's bonus, two-lane's passes); "decides" (they only decide who
    #: wins the hand: six matador, lucky threes). ``scores_in_play``, ``in_play_decides``,
    #: ``lays_score`` and ``live_points`` follow it; ``register`` refuses another word, and a
    #: variant that scores with none of the hooks it could score through (``IN_PLAY_HOOKS``)
    in_play: ClassVar[str] = "none"
    #: in-play points (``scores_in_play``) come in multiples of this (0: any whole number)
    in_play_step = 0
    #: in-play points may be negative (lucky threes' misses, six matador's strict passes)
    in_play_negative = False
    #: the smallest positive in-play score of one player (Bergen's points come in 2s and 3s),
    #: and the words (``messages.WHY``) for a smaller one
    in_play_least = 1
    in_play_least_words = ""
    #: a ``check_end`` of its own that reads ``turn_end`` only to pass it on to
    #: ``Variant.check_end`` (matador, French): the test at the end of a turn that follows a
    #: lay, with nothing moved since, then says what the test after the lay said
    end_check_turn_free: ClassVar[bool] = False

    def __init__(self, options: Mapping[str, object], players: int):
        adopt_class_values(self)
        #: the resolved options as the catalogue spells them (its deal and scoring functions)
        self.options: dict[str, object] = dict(options)
        #: the options, typed: the class's ``Options`` (a NamedTuple read by name)
        self.o: Opts = type(self).Options(**self.options)
        lone = self.options.get("lone_blank")
        #: a lone 0:0's pips where the variant counts them (``traditional_pips``), else None
        self._lone_blank: int | None = lone if self.traditional_pips and isinstance(lone, int) else None
        self.np = players
        self.spec: VariantSpec = spec(self.name)
        self._end_fit: dict[tuple[int, ...], int] = {}
        self._ways: dict[tuple[object, ...], tuple[tuple[Any, ...], ...]] = {}
        #: (end values, cand_state, end index) -> per tile the Cands there (see _end_table)
        self._tables: dict[tuple[object, ...], list[Any]] = {}
        cls = type(self)
        self._lay_checks = cls.check_lay_turn is not Variant.check_lay_turn
        self._end_rules = cls.end_allowed is not Variant.end_allowed
        self._extra = cls.extra_cands is not Variant.extra_cands
        self._extra_fit = cls.extra_fit is not Variant.extra_fit
        self._multi_rule = cls.multi_lay_now is not Variant.multi_lay_now
        self._stateful = cls.cand_state is not Variant.cand_state
        # hooks a variant really has (the defaults do nothing: not called on the hot path)
        self._on_lay = cls.on_lay is not Variant.on_lay
        self._after_move = cls.after_move is not Variant.after_move
        self._turn_end = cls.on_turn_end is not Variant.on_turn_end
        self._on_pass = cls.on_pass is not Variant.on_pass
        self._on_draw = cls.on_draw is not Variant.on_draw
        #: the lead is checked only against ``Hand.lead_tile`` (the default ``check_lead``)
        self._lead_rule = cls.check_lead is not Variant.check_lead
        #: the default draw and pass refusals (``draw_pass`` answers both at once)
        self._plain_refusals = (cls.draw_refusal is Variant.draw_refusal
                                and cls.pass_refusal is Variant.pass_refusal)
        #: the end of a turn right after a lay needs no second end test (see ``Hand.end_turn``)
        self._end_once = ((cls.check_end is Variant.check_end or cls.end_check_turn_free)
                          and not self._turn_end and not self._after_move)
        self._comp: int | None = None
        #: a written-out way for the random player's common moves (``fast_choices``, ``fast_lay``)
        self._fast = cls.fast_choices is not Variant.fast_choices
        #: deal_size by the number of players (the catalogue's deal of the options, asked once)
        self._deal_sizes: dict[int, int] = {}
        #: the plain line (see ``line_plain``): -1 until asked, then 0 or 1
        self._line = -1
        #: plain line: VFIT[n], the tiles that fit an end showing n (``value_fit``)
        self._vfit: list[int] = []
        #: plain line: per end index (0, 1) and number shown n, at ``7 * i + n``, the 28 lays
        #: ``(tile, Cand)`` there (empty until asked; see ``Hand._line_table``)
        self._ltab: list[list[tuple[int, Cand]]] = []

    #: the hooks a plain line keeps as the base class has them (see ``line_plain``)
    _LINE_HOOKS: ClassVar[tuple[str, ...]] = ("fit_mask", "end_fit", "value_fit", "placements", "candidates", "end_cands", "end_ways",
                   "half_fits", "double_across", "check_end", "block", "out_ends", "compulsory_mask",
                   "lead", "lead_spinner", "lead_fit", "check_lay_turn", "end_allowed", "extra_cands",
                   "extra_fit", "cand_state", "multi_lay_now", "on_lay", "after_move", "on_turn_end",
                   "draw_refusal", "pass_refusal", "orientation_choice", "matador_matters")

    def line_plain(self) -> bool:
        """Whether this variant's table is a plain line: two ends, each showing one number, a
        tile fitting an end where one of its halves shows that number, one way to lay it there
        (doubles across or along, never the player's choice; no matadors), one tile a turn, and
        the base class's placement, turn and end rules throughout. ``Hand`` then reads the fits
        and the lays from the tables made here (the same rules: ``value_fit``, ``end_cands``,
        ``Variant.check_end``) instead of asking the general hooks at every tile. Made once per
        variant object, when its first hand asks (a variant's ``__init__`` sets its numbers after
        the base's)."""
        if self._line >= 0:
            return self._line == 1
        cls = type(self)
        ok = (self.layout_kind == "line" and not self.matadors and self.match_sum == 0
              and self.doubles in ("across", "along") and not self.multi_lay and not self.blind
              and not self.turn_rules
              and all(getattr(cls, k) is getattr(Variant, k) for k in self._LINE_HOOKS))
        self._line = 1 if ok else 0
        if ok:
            self._vfit = [self.value_fit(n) for n in range(7)]
            self._ltab = [[] for _ in range(14)]
        return ok

    # -- deal and stock ---------------------------------------------------------------------

    def deal_size(self, n: int) -> int:
        d = self._deal_sizes.get(n)
        if d is None:
            d = self._deal_sizes[n] = self.spec.deal(n, self.options)
        return d

    def reserved_count(self) -> int:
        return 0

    @property
    def lone_blank(self) -> int | None:
        return self._lone_blank

    # -- the leader -------------------------------------------------------------------------

    def opener_order(self, h: Hand) -> list[int] | None:
        """Tiles in the order the opener rule looks for them (None: by lot or agreement)."""
        return None

    @staticmethod
    def fix_leader(h: Hand, seat: int, lead: int | None) -> None:
        """The rules name ``seat`` as the leader; a ``lead`` naming someone else is a conflict
        (``lead.wrong_player`` when the record is replayed)."""
        h.to_move = seat
        h.vs.fixed_leader = True
        if lead is not None and lead != seat:
            h.vs.lead_conflict = lead

    def setup(self, h: Hand, lead: int | None, previous_winner: int | None, first_hand: bool) -> None:
        """Find the leader (and the tile he must lead) from a known deal."""
        if not first_hand and previous_winner is not None and self.winner_leads():
            h.vs.winner_leads = True
            self.fix_leader(h, previous_winner, lead)
            return
        order = self.opener_order(h)
        if order is None:
            h.to_move = lead
            return
        if h.deal_known:
            hands = h.hands
            dealt = 0
            for m in hands:
                dealt |= m
            for t in order:
                if dealt >> t & 1:
                    for s in range(h.n):
                        if hands[s] >> t & 1:
                            self.fix_leader(h, s, lead)
                            h.lead_tile = t
                            return
            self.no_opener(h)
            return
        h.to_move = lead
        # with all 28 tiles dealt, the opener's tile is certainly in a hand
        if h.size * h.n == 28:
            h.lead_tile = order[0]

    def no_opener(self, h: Hand) -> None:
        """No tile of the opener order was dealt (a known deal)."""
        h.to_move = None

    def winner_leads(self) -> bool:
        return False

    def fixed_leader(self, h: Hand) -> bool:
        """Whether the rules (not lot or agreement) name the leader of this hand."""
        return h.lead_tile >= 0 or h.vs.fixed_leader

    def check_lead(self, h: Hand, seat: int, t: int) -> None:
        if h.lead_tile >= 0 and t != h.lead_tile:
            raise IllegalMove("lead.wrong_tile", {"tile": tile_str(t), "required": tile_str(h.lead_tile),
                                                   "player": h.players[seat]})

    # -- laying -----------------------------------------------------------------------------

    def orientation_choice(self, h: Hand, t: int) -> bool:
        """Whether the player must say across/along for ``t`` (when both are legal)."""
        if self.matadors >> t & 1 and self.matador_along and t != 0:
            return True
        return DOUBLE[t] and self.doubles == "choice"

    #: how the layout is drawn (see ``Hand.layout_view``); None: from the layout's kind
    drawn_as: ClassVar[str | None] = None

    def shape(self, lay: "Layout") -> str:
        """How the table lies: ``line``, ``cross`` (a spinner is down), ``lanes`` or ``one_way``."""
        if lay.spinner >= 0:
            return "cross"
        if self.drawn_as is not None:
            return self.drawn_as
        return {"spinner": "cross", "sausage": "lanes", "ladder": "one_way"}.get(lay.kind, "line")

    def lays_score(self) -> bool:
        """Whether a lay may score in-play points (the counting games): the variant scores in
        play and has an ``on_lay`` of its own."""
        return self._on_lay and self.scores_in_play()

    def matador_matters(self) -> bool:
        """Whether laying a tile as a matador (rather than as an ordinary tile) scores."""
        return False

    def chosen_half(self) -> bool:
        """A matador laid crosswise shows the half its player chose (else both halves)."""
        return False

    def matadors_kept(self) -> bool:
        """Matadors need not be laid when they fit (they may be kept in hand)."""
        return False

    def multi_lay_now(self, h: Hand, seat: int | None) -> bool:
        return self.multi_lay

    def check_lay_turn(self, h: Hand, seat: int, t: int) -> None:
        if not h.layout.placed:
            self.check_lead(h, seat, t)

    def compulsory_mask(self, h: Hand) -> int:
        """Tiles that must be laid when they fit (matadors and honours may be kept)."""
        c = self._comp
        if c is None:
            c = ALL_MASK
            if self.matadors and self.matadors_kept():
                c = ALL_MASK & ~self.matadors
            self._comp = c
        return c

    # -- fit masks: which tiles can go where, as bitmasks ------------------------------------

    def value_fit(self, v: int) -> int:
        """Tiles that fit an end showing ``v`` (matadors laid crosswise included)."""
        s = self.match_sum
        if s == 0:
            m = SUIT[v]
        elif v != 0 and 0 <= s - v <= 6:
            m = SUIT[s - v]
        else:
            m = 0
        return m | self.matadors

    def end_fit(self, e: End) -> int:
        m = self._end_fit.get(e.values)
        if m is None:
            m = 0
            for v in e.values:
                m |= self.value_fit(v)
            self._end_fit[e.values] = m
        return m

    def lead_fit(self, h: Hand) -> int:
        return ALL_MASK

    def extra_fit(self, h: Hand, seat: int, turn: bool) -> int:
        """Tiles that fit only through ``extra_cands`` (spider's closing, sausage's cut)."""
        return 0

    def fit_mask(self, h: Hand, seat: int, turn: bool) -> int:
        """The tiles that have at least one legal placement now (position rules; turn rules
        such as blitz's chain only when ``turn``)."""
        lay = h.layout
        if not lay.placed:
            return self.lead_fit(h)
        m = 0
        fits = self._end_fit
        if self._end_rules:
            for e in lay.ends:
                f = fits.get(e.values)
                if f is None:
                    f = self.end_fit(e)
                if f and not self.end_allowed(h, e, seat, turn):
                    m |= f
        else:
            for e in lay.ends:
                f = fits.get(e.values)
                m |= f if f is not None else self.end_fit(e)
        return m | self.extra_fit(h, seat, turn) if self._extra_fit else m

    def half_fits(self, half: int, value: int) -> bool:
        s = self.match_sum
        if s == 0:
            return half == value
        return value != 0 and half + value == s

    def lead_cands(self, h: Hand, t: int, seat: int) -> list[Cand]:
        if self.matadors >> t & 1:
            return self.matador_lead_cands(t)
        if DOUBLE[t]:
            if self.doubles == "choice":
                return [Cand(-1, None, True), Cand(-1, None, False)]
            return [Cand(-1, None, self.doubles == "across")]
        return [Cand(-1, None, False)]

    def matador_lead_cands(self, t: int) -> list[Cand]:
        a, b = A[t], B[t]
        out = []
        if self.chosen_half() or a == b:
            out.append(Cand(-1, None, True, True, None))
        else:
            out.append(Cand(-1, None, True, True, (a, b)))
        if self.matador_along and t != 0:
            out.append(Cand(-1, None, False, False))
        return out

    def double_across(self, h: Hand) -> list[bool]:
        if self.doubles == "choice":
            return [True, False]
        return [self.doubles == "across"]

    def cand_state(self, h: Hand) -> object:
        """What, besides the end's numbers and the tile, changes the ways to lay a tile at an
        end (Muggins: whether the spinner is down yet). Keys the placement cache."""
        return None

    def end_cands(self, h: Hand, t: int, i: int, e: End) -> list[Cand]:
        key = (e.values, t, self.cand_state(h))
        ways = self._ways.get(key)
        if ways is None:
            ways = self._ways[key] = tuple(tuple(c)[1:] for c in self.end_ways(h, t, e))
        return [Cand(i, *w) for w in ways]

    def end_ways(self, h: Hand, t: int, e: End) -> list[Cand]:
        """The ways ``t`` may be laid at an end showing ``e.values`` (before position rules)."""
        i = -1
        a, b = A[t], B[t]
        out: list[Cand] = []
        is_mat = self.matadors >> t & 1
        if is_mat:
            if a == b or not self.chosen_half():
                shows = (a,) if a == b else (a, b)
                if self.chosen_half():
                    out.append(Cand(i, None, True, True, shows))
                else:
                    out.append(Cand(i, None, True, True, shows))
            else:
                out.append(Cand(i, None, True, True, (a,)))
                out.append(Cand(i, None, True, True, (b,)))
            if not (self.matador_along and t != 0):
                return out
        fits = self.half_fits
        for v in e.values:
            if fits(a, v):
                if DOUBLE[t]:
                    for ac in self.double_across(h):
                        out.append(Cand(i, a, ac))
                else:
                    out.append(Cand(i, a, False))
            if a != b and fits(b, v):
                out.append(Cand(i, b, False))
        return out

    def end_allowed(self, h: Hand, e: End, seat: int, turn: bool) -> str | None:
        """A rule that keeps this end closed now (None: open)."""
        return None

    def extra_cands(self, h: Hand, t: int, seat: int, turn: bool) -> list[Cand]:
        return []

    def lead_refusal(self, h: Hand, t: int) -> str | None:
        """The rule that keeps ``t`` from leading when ``lead_cands`` has no way for it."""
        return None

    def no_fit_reason(self, h: Hand, t: int, why: str) -> str:
        """The rule named when ``t`` has no placement now (``why``: the rule of an end that is
        closed to it, else ``no_fit_rule``)."""
        return why

    def _end_table(self, vals: tuple[int, ...], state: object, i: int) -> list[Any]:
        """The ways tile by tile at end ``i`` showing ``vals`` (under ``state``): 28 slots, each
        None until asked, then ``(cands, distinct)`` (see ``_fill``)."""
        key = (vals, state, i)
        tab = self._tables.get(key)
        if tab is None:
            tab = self._tables[key] = [None] * 28
        return tab

    def _fill(self, h: Hand, tab: list[Any], t: int, i: int, e: End) -> tuple[tuple[Cand, ...], tuple[Cand, ...]]:
        """``tab[t]``: the Cands of ``t`` at end ``i`` (``end_cands``, shared tuples), and the
        same without those that lie alike (``Hand.effect_key``: 0:0 across or along)."""
        cands = tuple(self.end_cands(h, t, i, e))
        distinct: dict[tuple[object, ...], Cand] = {}
        for c in cands:
            k = h.effect_key(c, t)
            if k not in distinct:
                distinct[k] = c
        w = tab[t] = (cands, cands if len(distinct) == len(cands) else tuple(distinct.values()))
        return w

    def candidates(self, h: Hand, t: int, seat: int, turn: bool) -> tuple[list[Cand], str | None]:
        lay = h.layout
        if not lay.placed:
            cands = self.lead_cands(h, t, seat)
            return cands, (None if cands else self.lead_refusal(h, t))
        out: list[Cand] = []
        why = None
        bit = 1 << t
        fits = self._end_fit
        tables = self._tables
        state = self.cand_state(h) if self._stateful else None
        rules = self._end_rules
        i = -1
        for e in lay.ends:
            i += 1
            vals = e.values
            f = fits.get(vals)
            if f is None:
                f = self.end_fit(e)
            if not (f & bit):
                continue
            tab = tables.get((vals, state, i))
            if tab is None:
                tab = self._end_table(vals, state, i)
            w = tab[t]
            cs = (w if w is not None else self._fill(h, tab, t, i, e))[0]
            if not cs:
                continue
            if rules:
                stop = self.end_allowed(h, e, seat, turn)
                if stop:
                    why = stop
                    continue
            out.extend(cs)
        if self._extra:
            extra = self.extra_cands(h, t, seat, turn)
            if extra:
                out.extend(extra)
        if out:
            return out, None
        return out, self.no_fit_reason(h, t, why or self.no_fit_rule)

    def placements(self, h: Hand, mask: int, seat: int, turn: bool,
                   distinct: bool = False) -> list[tuple[int, tuple[Cand, ...]]]:
        """``(tile, ways)`` for every tile of ``mask`` that has a placement now, in tile order:
        what ``candidates`` gives tile by tile, with each end's fit and rules looked at once.
        ``distinct``: only truly different ways (the first of those ``Hand.effect_key`` finds
        alike), as ``lay_options`` and ``places_for`` list them."""
        lay = h.layout
        out: list[tuple[int, tuple[Cand, ...]]] = []
        if not lay.placed or self._extra:
            while mask:
                low = mask & -mask
                t = low.bit_length() - 1
                mask ^= low
                found = self.candidates(h, t, seat, turn)[0]
                if found:
                    out.append((t, _distinct(h, t, found) if distinct and len(found) > 1 else tuple(found)))
            return out
        fits = self._end_fit
        tables = self._tables
        state = self.cand_state(h) if self._stateful else None
        rules = self._end_rules
        sel = 1 if distinct else 0
        ends = []
        union = 0
        i = -1
        for e in lay.ends:
            i += 1
            vals = e.values
            f = fits.get(vals)
            if f is None:
                f = self.end_fit(e)
            m = f & mask
            if not m or (rules and self.end_allowed(h, e, seat, turn)):
                continue
            tab = tables.get((vals, state, i))
            ends.append((m, tab if tab is not None else self._end_table(vals, state, i), i, e))
            union |= m
        if len(ends) == 1:
            m, tab, i, e = ends[0]
            while m:
                low = m & -m
                t = low.bit_length() - 1
                m ^= low
                w = tab[t]
                cs = (w if w is not None else self._fill(h, tab, t, i, e))[sel]
                if cs:
                    out.append((t, cs))
            return out
        while union:
            low = union & -union
            t = low.bit_length() - 1
            union ^= low
            ways: tuple[Cand, ...] = ()
            first: End | None = None
            places: dict[tuple[object, ...], tuple[int, ...]] | None = None
            alike = False
            for m, tab, i, e in ends:
                if m & low:
                    w = tab[t]
                    cs = (w if w is not None else self._fill(h, tab, t, i, e))[sel]
                    if cs:
                        if not ways:
                            ways = cs
                            first = e
                            continue
                        if distinct and not alike:
                            # ways at two ends lie alike only where the ends are one place
                            # (each end's own are distinct already); an end that is one
                            # place with an earlier one showing the same adds nothing new
                            if places is None and first is not None:
                                places = {first.key(): first.values}
                            assert places is not None
                            k = e.key()
                            if k in places:
                                if places[k] == e.values:
                                    continue
                                alike = True
                            else:
                                places[k] = e.values
                        ways = ways + cs
            if ways:
                out.append((t, _distinct(h, t, ways) if alike else ways))
        return out

    def lead(self, h: Hand, seat: int, t: int, c: Cand) -> Placement:
        return h.layout.lead(t, c.across, seat, matador=c.matador, shows=c.shows,
                             spinner=self.lead_spinner(t))

    def lead_spinner(self, t: int) -> bool:
        return False

    def cut(self, h: Hand, seat: int, t: int, c: Cand) -> Placement:  # pragma: no cover
        raise IllegalMove("sausage.cut", {})

    # -- a written-out hot path (the counting games: ``counting.fast_choices``) -------------

    def fast_choices(self, h: Hand) -> tuple[list[tuple[int, Cand]], bool, bool] | None:
        """``Hand.turn_choices`` written out for this variant where it applies (None: ask the
        general way). Must give exactly what the general way gives (tests/rules/test_hot_path.py)."""
        return None

    def fast_lay(self, h: Hand, t: int, c: Cand) -> bool:
        """``Hand.play_lay(t, c)`` written out where it applies (False: nothing done, lay the
        general way); used only by a variant that has ``fast_choices``."""
        return False

    def fast_draw(self, h: Hand, seat: int, t: int) -> bool:
        """``Hand.play`` of ``seat``'s draw of ``t`` written out where it applies and is legal
        (False: nothing done, the general way then plays or refuses it); used only by a variant
        that has ``fast_choices``."""
        return False

    # -- hooks after moves ------------------------------------------------------------------

    def on_lay(self, h: Hand, seat: int, t: int, c: Cand, p: Placement) -> None:
        pass

    def on_draw(self, h: Hand, seat: int, t: int) -> None:
        pass

    def on_pass(self, h: Hand, seat: int) -> None:
        pass

    def after_move(self, h: Hand, seat: int, m: Move | None) -> None:
        pass

    def on_turn_end(self, h: Hand, seat: int) -> None:
        pass

    # -- the blind turn (``blind`` variants: a face-down row, the rightmost tile turned up) ----

    def blind_turn_open(self, h: Hand) -> bool:
        """Whether the blind turn in progress may go on (``Hand.turn_open`` asks)."""
        raise NotImplementedError(f"{self.name} is not blind")

    def blind_may_lay(self, h: Hand, seat: int, t: int) -> bool:
        """Whether the blind turn lets ``t`` be laid now (the placement aside)."""
        raise NotImplementedError(f"{self.name} is not blind")

    def blind_move(self, h: Hand, seat: int, m: Move) -> None:
        """Apply a blind turn's move (turn up, miss, draw, pass, the reveal at three)."""
        raise NotImplementedError(f"{self.name} is not blind")

    # -- drawing and passing ----------------------------------------------------------------

    def drawn_fits(self, h: Hand, seat: int) -> bool:
        """The tile just drawn (seen) fits and must be laid."""
        t = h.t_drawn
        if t < 0:
            return False
        return bool((h.fit(True) & self.compulsory_mask(h)) >> t & 1)

    def draw_refusal(self, h: Hand, seat: int) -> str | None:
        """The rule that keeps ``seat`` from drawing now (None: he may). ``check_draw`` raises
        it; the playouts ask it without an exception."""
        rule = self.draw_rule
        if rule == "none":
            return self.no_bazaar_rule
        if h.counts[seat] == 0 and not self.draw_when_out:
            return "draw.out"
        if h.drawable_n <= 0:
            return "draw.empty"
        if rule == "one" and h.t_draws >= 1:
            return "draw.one_per_turn"
        if not h.layout.placed:           # the leader can always lead (unknown deals too)
            return "draw.must_play"
        if h.known[seat]:
            if h.compulsory_playable(seat):
                return "draw.must_play"
        elif self.drawn_fits(h, seat):
            return "draw.must_play"
        return None

    def pass_refusal(self, h: Hand, seat: int) -> str | None:
        """The rule that keeps ``seat`` from passing now (None: he may); see ``draw_refusal``."""
        if h.counts[seat] == 0:
            if self.draw_when_out and h.drawable_n > 0:
                return "pass.must_draw"
            return None
        if not h.layout.placed:           # the leader can always lead (unknown deals too)
            return "pass.must_play"
        if h.known[seat]:
            if h.compulsory_playable(seat):
                return "pass.must_play"
        elif self.drawn_fits(h, seat):
            return "pass.must_play"
        if h.drawable_n > 0:
            rule = self.draw_rule
            if rule == "until" or (rule in ("one", "lucky") and h.t_draws == 0):
                return "pass.must_draw"
        return None

    def draw_pass(self, h: Hand, seat: int) -> tuple[bool, bool]:
        """``(draw_refusal(...) is None, pass_refusal(...) is None)``, the must-play test made
        once (the random player asks both at every turn)."""
        if not self._plain_refusals:
            return self.draw_refusal(h, seat) is None, self.pass_refusal(h, seat) is None
        held = h.counts[seat]
        if held == 0:
            d = h.drawable_n
            if self.draw_when_out and d > 0:
                return self.draw_refusal(h, seat) is None, False
            return False, True
        if not h.layout.placed:           # the leader can always lead (unknown deals too)
            return False, False
        if h.known[seat]:
            must = bool(h.hands[seat] & h.fit(True) & self.compulsory_mask(h))
        else:
            must = self.drawn_fits(h, seat)
        if must:
            return False, False
        # no must-play: the rest of each refusal
        rule = self.draw_rule
        d = h.drawable_n
        if rule == "none" or d <= 0:
            return False, True
        if h.t_draws:
            if rule == "one":
                return False, True
            return True, rule != "until"
        return True, False

    def refusal_params(self, h: Hand, seat: int, rule: str) -> dict[str, object]:
        """The message parameters of a refused draw or pass (``why``: the words that say what to
        do instead, where the rule has more than one way to apply)."""
        params: dict[str, object] = {"player": h.players[seat]}
        if rule == "pass.must_draw" and h.counts[seat]:
            if self.draw_rule == "until":
                params["why"] = "draw_until"
            elif self.draw_rule in ("one", "lucky"):
                params["why"] = "draw_one"
        return params

    def check_draw(self, h: Hand, seat: int) -> None:
        rule = self.draw_refusal(h, seat)
        if rule is not None:
            raise IllegalMove(rule, self.refusal_params(h, seat, rule))

    def check_pass(self, h: Hand, seat: int) -> None:
        rule = self.pass_refusal(h, seat)
        if rule is not None:
            raise IllegalMove(rule, self.refusal_params(h, seat, rule))

    # -- the end ------------------------------------------------------------------------------

    def out_ends(self, h: Hand) -> bool:
        return True

    def check_end(self, h: Hand, turn_end: bool) -> None:
        if h.first_out is not None and self.out_ends(h):
            h.finish("out", h.first_out)
            return
        if not h.layout.placed:
            return
        if h.blocked():
            self.block(h)
            return
        # a full round of passes is a block only with nothing left to draw (in one-draw
        # variants a round of draw-and-pass goes on while the bazaar has drawable tiles)
        if turn_end and not self.blind and h.passes_in_row >= h.n and h.drawable_n == 0:
            self.block(h)

    def block(self, h: Hand) -> None:
        h.finish("block", None)

    # -- scoring ------------------------------------------------------------------------------

    def left_pips(self, h: Hand) -> list[int | None]:
        lb = self.lone_blank
        return [h.pips_of(s, lb) for s in range(h.n)]

    def score(self, h: Hand) -> HandScore:
        """Traditional credit scoring (out: the others' pips; block: fewest wins the difference)."""
        left = self.left_pips(h)
        n = h.n
        points = [0] * n
        if h.end == "out":
            out = h.out_seat()
            points[out] = sum(x or 0 for i, x in enumerate(left) if i != out)
            return HandScore(points, out, left)
        if h.end == "block":
            w = self.fewest(left)
            if w is not None:
                points[w] = sum(x or 0 for i, x in enumerate(left) if i != w) - (left[w] or 0)
            return HandScore(points, w, left)
        return HandScore(points, None, left)

    @staticmethod
    def fewest(values: Sequence[int | None], seats: list[int] | None = None) -> int | None:
        """The single seat with the fewest (None on a tie or where a value is unknown)."""
        seats = list(range(len(values))) if seats is None else seats
        known = [values[s] for s in seats]
        if not seats or any(x is None for x in known):
            return None
        low = min(x for x in known if x is not None)
        who = [s for s in seats if values[s] == low]
        return who[0] if len(who) == 1 else None

    @staticmethod
    def highest(values: list[int], seats: list[int] | None = None) -> int | None:
        seats = list(range(len(values))) if seats is None else seats
        top = max(values[s] for s in seats)
        who = [s for s in seats if values[s] == top]
        return who[0] if len(who) == 1 else None

    def needs_left(self, h: Hand) -> bool:
        """Whether the pips left decide this hand's points (an unknown deal then needs ``left``)."""
        return h.end in ("out", "block")

    def left_by_tiles(self, end: str | None) -> bool:
        """Whether a hand that ended so (``out``, ``block``) must have its tiles left named tile
        by tile (their pips alone do not score it): the tiles-left form and the result form then
        offer no pips."""
        return False

    def load_scored(self, h: Hand, scored: list[int]) -> None:
        """Take the in-play points of a hand entered by result only."""
        h.scores = list(scored)

    def live_points(self, h: Hand) -> list[int]:
        """Points a seat has gathered during an unfinished hand (none where the in-play points
        only decide the hand)."""
        if self.in_play == "decides":
            return [0] * h.n
        return list(h.scores)

    # -- the match --------------------------------------------------------------------------

    def kind(self) -> str:
        """"credit" (totals grow to a target, highest wins), "penalty" (totals grow to a limit,
        lowest wins) or "wins" (hands won are counted)."""
        return self.spec.scoring_kind(self.options)

    def goal(self) -> int | None:
        """The target (or, penalty scoring, the limit) that ends the match; None: no end set."""
        return self.spec.goal(self.options)

    def option_applies(self, key: str) -> bool:
        """Whether option ``key`` has any effect with the other options and the player count
        (the sheets list only those in force)."""
        return True

    def in_pairs(self) -> bool:
        """Played pair against pair (partners opposite): traditional's ``teams = pairs``."""
        return False

    def maker_wins_block(self) -> bool:
        """A block is won by whoever made it (laid the last tile), not by the fewest pips: a
        result-only block must then say who made it."""
        return False

    def names_the_kozel(self) -> bool:
        """Whoever reaches the limit is named «козёл» (traditional's kozel scoring)."""
        return False

    def loser_shuffles(self) -> bool:
        """Who shuffles the tiles for the next hand (each player then takes his own): a loser
        of the last hand, as the «Козёл» is played in the yard («проигравший мешает»); else the
        seats in turn, clockwise from the first player listed. The sources of the rules name
        no shuffler; these are what tables do (``record.next_shuffler``)."""
        return False

    # -- in-play points (what a result-only hand's ``scored`` may say) ---------------------------

    def scores_in_play(self) -> bool:
        """Points are gathered during play (on the table as they come, a result's ``scored``):
        ``in_play`` says so (a variant may narrow it by its options: matador without a bonus)."""
        return self.in_play != "none"

    def in_play_decides(self) -> bool:
        """The in-play points only decide who wins the hand; none reach the scoresheet before
        its end (six matador, lucky threes): ``in_play`` is "decides"."""
        return self.in_play == "decides"

    def in_play_bonus(self) -> bool:
        """The points gathered in play are a bonus for the matadors laid, added to the hand's
        points whoever wins (matador's ``matador_bonus``): the result screen names them so."""
        return False

    def in_play_most(self) -> int | None:
        """The most the whole table can score in play during one hand (None: no bound)."""
        return None

    def scored_problem(self, scored: Mapping[str, int]) -> tuple[str, str, dict[str, object]] | None:
        """(player, why, the words' params) of the first in-play score that cannot be, or None
        (``why`` names the words in ``referee.rules.messages``)."""
        in_play = self.scores_in_play()
        step = self.in_play_step
        for name, x in scored.items():
            if x and not in_play:
                return name, "scored_none", {"points": x}
            if step and x % step:
                return name, "scored_step", {"points": x, "step": step}
            if x < 0 and not self.in_play_negative:
                return name, "scored_negative", {"points": x}
            if 0 < x < self.in_play_least:
                return name, self.in_play_least_words, {"points": x}
        most = self.in_play_most()
        if most is not None and sum(scored.values()) > most:
            name = max(scored, key=lambda k: scored[k])
            return name, "scored_most", {"total": sum(scored.values()), "most": most}
        return None

    # -- enumerating moves (playouts, move-tree counts, the app's picker) --------------------

    def hand_tiles_for(self, h: Hand, seat: int) -> list[int]:
        if h.known[seat]:
            return tiles_of(h.hands[seat])
        m = h.live_mask() & ~h.seen_elsewhere(seat)
        return tiles_of(m)

    def legal_tokens(self, h: Hand) -> list[str]:
        if h.over or h.to_move is None:
            return []
        seat = h.to_move
        out: list[str] = []
        for t in self.hand_tiles_for(h, seat):
            out.extend(h.places_for(t))
        out.extend(self.other_tokens(h, seat))
        return out

    def other_tokens(self, h: Hand, seat: int) -> list[str]:
        """Draws and passes that are legal now."""
        out = []
        if h.can_draw():
            out.extend(draw_tokens(h) if h.drawable_n > 0 else ["draw"])
        if h.can_pass():
            out.append("pass")
        return out


#: ``"draw a:b"`` for each tile
DRAW_TOKENS: tuple[str, ...] = tuple("draw " + name for name in TILE_NAMES)


def draw_tokens(h: Hand) -> list[str]:
    """The draw tokens now: each tile of a known stock by name, else one unnamed ``draw``."""
    if h.deal_known and h.stock > 0:
        stock = h.stock
        out = []
        while stock:
            low = stock & -stock
            out.append(DRAW_TOKENS[low.bit_length() - 1])
            stock ^= low
        return out
    return ["draw"]


def _distinct(h: Hand, t: int, cands: Iterable[Cand]) -> tuple[Cand, ...]:
    """The truly different ways among ``cands`` (the first of each kind, in order)."""
    seen: dict[tuple[object, ...], Cand] = {}
    for c in cands:
        k = h.effect_key(c, t)
        if k not in seen:
            seen[k] = c
    return tuple(seen.values())


def _legal(h: Hand, token: str) -> bool:
    from ..errors import RuleError
    from .. import clone

    c = clone(h)
    try:
        c.play(token)
    except RuleError:
        return False
    return True
