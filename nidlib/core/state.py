"""Game state: plain data, cheap to copy, exact JSON round trip.

A :class:`State` is a value. The public API (:func:`nidlib.apply`) never
changes a state it is given: it copies it (a few list copies, microseconds)
and returns the new one, so every earlier state stays valid: undo and "what
if" are free. Internally the engine mutates its private copy for speed; the
fast playout path (:func:`nidlib.rules.engine.advance`) does the same on a state
the caller owns.

The flow of the game is a stack of *tasks* (``state.tasks``, top = last):
small frozen values such as ``PickDue(1)`` or ``Evaluate(2)`` (:mod:`nidlib.core.tasks`;
JSON ``["pick", 1]``, ``["eval", 2]``). Automatic tasks run as soon as they reach
the top; a *decision* task waits for a player's action. This makes every mid-game
position, including the middle of a hero cascade, a plain serializable value.

Each field of :class:`State` and :class:`Player` is declared once, in the class body, with its JSON
key, its codec (what it is in the document) and its copy kind (:class:`FieldSpec`); ``copy()`` is
generated from that declaration when the module is imported, ``==`` comes from the dataclass, and
:mod:`nidlib.core.serialize` writes and reads each field through the one encoder and reader of its
codec. A new field is one line here (plus its codec's encoder and reader if it is a new kind of
value); nothing else lists the fields.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields
from enum import Enum, StrEnum
from typing import TYPE_CHECKING, Any, TypeVar

from nidlib.core.cards import CLASSES, DwarfClass
from nidlib.core.coins import Coin
from nidlib.core.tasks import Task

# --- the field declaration: each field of State and Player once, with how to copy and encode it ---


class Copy(Enum):
    """How :meth:`State.copy` duplicates a field: the expression of the generated code (``@`` = the field)."""

    SHARED = "@"  # an immutable value: int, str, bool, None, Options
    LIST = "@[:]"  # a list of immutable values: card ids, coins, flags, task tuples
    NESTED = "[v[:] for v in @]"  # a list of lists: taverns, army columns, tie groups
    DICT = "dict(@)"  # a dict of immutable values: the Treasury
    DECKS = "{1: @[1][:], 2: @[2][:]}"  # the two Age decks
    OBJECTS = "[v.copy() for v in @]"  # values with their own copy(): the players
    OBJECT = "None if @ is None else @.copy()"  # an optional value with its own copy(): an expansion's part


class Codec(StrEnum):
    """What a field is in a JSON document (docs/state-schema.md).

    :mod:`nidlib.core.serialize` has exactly one encoder and one reader (with its validation) per codec;
    a field declared with a codec it does not know fails when nidlib is imported.
    """

    OPTIONS = "options"
    AGE = "age"
    ROUND = "round"
    TAVERN_INDEX = "tavern index"
    DECKS = "decks"
    TAVERNS = "taverns"
    TREASURY = "treasury"
    CARDS = "cards"
    COIN_TEXTS = "coin texts"
    GEMS = "gems"
    PLAYERS = "players"
    SEATS = "seats"
    SEAT_GROUPS = "seat groups"
    BIDS = "bids"
    TASKS = "tasks"
    SHUFFLES = "shuffles"
    VIEWER = "viewer"
    NAME = "name"
    GEM = "gem"
    ARMY = "army"
    THRUD = "thrud"
    COMMAND_ZONE = "command zone"
    SLOTS = "slots"
    FLAGS = "flags"
    COINS = "coins"
    FLAG = "flag"
    CAMP = "camp"
    CAMP_DECKS = "camp decks"
    CLASS_CHOICES = "class choices"
    FLAG_LIST = "flag list"
    CARD_OR_NONE = "card or none"
    GIANT_STATES = "giant states"
    NOTCHES = "notches"
    COLUMN = "column"
    IDAVOLL = "idavoll"


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """One declared field: attribute name, JSON key, JSON codec and copy kind."""

    name: str
    json: str
    codec: Codec
    copy: Copy


def _field(
    copy: Copy,
    codec: Codec,
    *,
    json: str | None = None,
    default: Any = MISSING,
    factory: Callable[[], Any] | None = None,
) -> Any:
    """Declare a field of :class:`State` or :class:`Player` (a dataclass field carrying its spec)."""
    meta = {"copy": copy, "codec": codec, "json": json}
    if factory is not None:
        return field(default_factory=factory, metadata=meta)
    if default is not MISSING:
        return field(default=default, metadata=meta)
    return field(metadata=meta)


def field_specs(cls: type) -> tuple[FieldSpec, ...]:
    """The declared fields of ``cls`` (:class:`State` or :class:`Player`), in declaration = JSON order."""
    out = []
    for f in fields(cls):
        if "copy" not in f.metadata or "codec" not in f.metadata:
            msg = f"{cls.__name__}.{f.name} is declared without a copy kind and a JSON codec (use _field)"
            raise TypeError(msg)
        out.append(FieldSpec(f.name, f.metadata["json"] or f.name, f.metadata["codec"], f.metadata["copy"]))
    return tuple(out)


_C = TypeVar("_C", bound=type)


def _derive_copy(cls: _C) -> _C:
    """Give ``cls`` a ``copy()`` generated from its field declaration.

    The generated method is the straight-line code one would write by hand (one assignment per
    field), so copying costs no loop over the declaration: it is on the hot path of bots.
    """
    lines = ["def copy(self):", "    c = _new(_cls)"]
    for spec in field_specs(cls):
        lines.append(f"    c.{spec.name} = {spec.copy.value.replace('@', 'self.' + spec.name)}")
    lines.append("    return c")
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    exec("\n".join(lines), namespace)  # noqa: S102 (code generated from the field declaration above)
    fn = namespace["copy"]
    fn.__qualname__ = f"{cls.__qualname__}.copy"
    fn.__module__ = cls.__module__
    fn.__doc__ = f"A copy of this {cls.__name__.lower()} sharing nothing mutable (generated from its fields)."
    setattr(cls, "copy", fn)  # noqa: B010 (the method is generated; mypy sees the declaration)
    return cls


@dataclass(frozen=True, slots=True)
class Options:
    """Game set-up and the engine choices players might disagree on (docs/engine-choices.md)."""

    players: int
    names: tuple[str, ...]
    seed: int = 0
    #: BGA's "first game" variant: Thrud, Ylud and Uline are left out (R-SETUP-5).
    first_game: bool = False
    #: EC-47 / D-13: with no Warrior rank anywhere, nobody gets the majority bonus (default) or everybody does (BGA).
    warrior_bonus_without_warriors: bool = False
    #: Appendix F: the Pioneer's three drawn cards are shown to the winner only (default) or to everyone (BGA).
    pioneer_draw_public: bool = False
    #: the expansions in play (RULES.md Appendix A): ``("thingvellir",)`` or none
    expansions: tuple[str, ...] = ()

    @property
    def thingvellir(self) -> bool:
        """Whether Thingvellir is in play (X-TH-1)."""
        return "thingvellir" in self.expansions

    @property
    def idavoll(self) -> bool:
        """Whether Idavoll is in play (X-ID-1)."""
        return "idavoll" in self.expansions

    def to_dict(self) -> dict[str, Any]:
        """The ``options`` object of a state document: every field, tuples as lists (no expansion: no key,
        so a base game's document is what it always was)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "expansions" and not value:
                continue
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


@_derive_copy
@dataclass(slots=True, repr=False)
class Player:
    """One player's board, army, command zone, coins and gem.

    Each field is declared once, below; ``copy()``, ``==``, the JSON document
    (:mod:`nidlib.core.serialize`) and the loader's checks follow the declaration.
    """

    name: str = _field(Copy.SHARED, Codec.NAME)
    gem: int = _field(Copy.SHARED, Codec.GEM)
    #: card ids per class column (index = CLASSES order), bottom -> top. Ylud sits here as "ylud".
    columns: list[list[str]] = _field(
        Copy.NESTED, Codec.ARMY, json="army", factory=lambda: [[] for _ in CLASSES]
    )
    #: column index of Thrud while she is in the army; -1 otherwise (R-HERO-THRUD-2/3).
    thrud: int = _field(Copy.SHARED, Codec.THRUD, default=-1)
    #: neutral heroes and distinction cards (R-ARMY-1), in the order they arrived.
    command_zone: list[str] = _field(Copy.LIST, Codec.COMMAND_ZONE, factory=list)
    #: every hero owned, in recruitment order: H of the golden rule (R-RECRUIT-1).
    heroes: list[str] = _field(Copy.LIST, Codec.CARDS, factory=list)
    #: coins on Goblin, Dragon, Horse, pouch, pouch (None = empty space); see nidlib.core.places.
    slots: list[Coin | None] = _field(Copy.LIST, Codec.SLOTS, factory=lambda: [None] * 5)
    revealed: list[bool] = _field(Copy.LIST, Codec.FLAGS, factory=lambda: [False] * 5)
    #: coins in hand (sorted): between rounds, and Uline's owner all round.
    hand: list[Coin] = _field(Copy.LIST, Codec.COINS, factory=list)
    #: only in a player view: coins whose place the viewer may not know (sorted).
    hidden: list[Coin] = _field(Copy.LIST, Codec.COINS, factory=list)
    bid_done: bool = _field(Copy.SHARED, Codec.FLAG, default=False)

    if TYPE_CHECKING:

        def copy(self) -> Player: ...

    def coins(self) -> list[Coin]:
        """All coins owned, wherever they are (views: including hidden ones)."""
        return [c for c in self.slots if c is not None] + self.hand + self.hidden

    def column(self, cls: DwarfClass) -> list[str]:
        return self.columns[CLASSES.index(cls)]

    def __repr__(self) -> str:
        return f"<Player {self.name!r} gem {self.gem}>"


@_derive_copy
@dataclass(slots=True, repr=False)
class Camp:
    """Thingvellir's part of the game (RULES.md A.1): the Camp, its two decks, and what its cards leave.

    ``State.camp`` is ``None`` in a game without Thingvellir (and absent from its JSON document).
    """

    #: the Camp cards face up (at most 5, X-TH-3), in the order they were revealed
    cards: list[str] = _field(Copy.LIST, Codec.CARDS, factory=list)
    #: the Age I and Age II Camp decks, top = last element (X-TH-2; views: sorted, order unknown)
    decks: dict[int, list[str]] = _field(Copy.DECKS, Codec.CAMP_DECKS, factory=lambda: {1: [], 2: []})
    #: the Camp discard pile: Age I leftovers (X-TH-CAMP-1) and discarded Mercenaries (X-TH-MERC-2)
    discard: list[str] = _field(Copy.LIST, Codec.CARDS, factory=list)
    #: cards removed from the game: Olwyn's discarded doubles (X-TH-HERO-OLWYN-4)
    removed: list[str] = _field(Copy.LIST, Codec.CARDS, factory=list)
    #: whether somebody visited the Camp in the tavern being resolved (X-TH-4)
    visited: bool = _field(Copy.SHARED, Codec.FLAG, default=False)
    #: whether this Age's enlistment step has begun: a Mercenary gained later is enlisted at once (X-TH-ENL-3)
    enlisting: bool = _field(Copy.SHARED, Codec.FLAG, default=False)
    #: per seat: Zolkur sits on the pouch, waiting for the owner's next trade (X-TH-HERO-ZOLKUR-1)
    zolkur: list[bool] = _field(Copy.LIST, Codec.FLAG_LIST, factory=list)
    #: per seat: the class Mjöllnir's owner chose (column index), -1 before the choice (X-TH-ART-MJOLLNIR-1)
    mjollnir: list[int] = _field(Copy.LIST, Codec.CLASS_CHOICES, factory=list)

    if TYPE_CHECKING:

        def copy(self) -> Camp: ...

    def __repr__(self) -> str:
        return f"<Camp {self.cards}>"


#: a Giant's entry in :attr:`Idavoll.captured` once it was turned face down (X-ID-8)
FACE_DOWN = "-"


@_derive_copy
@dataclass(slots=True, repr=False)
class Idavoll:
    """Idavoll's part of the game (RULES.md A.2): the Mythology deck and reserve, and the tokens.

    ``State.idavoll`` is ``None`` in a game without Idavoll (and absent from its JSON document).
    Giants and Valkyries are listed in the order of :data:`nidlib.core.cards.GIANTS` and
    :data:`~nidlib.core.cards.VALKYRIES`, whoever owns them.
    """

    #: the Mythology deck, top = last element: the Dancing Dragon's cards in Age I rounds 1-3 (X-ID-2, X-ID-3)
    deck: list[str] = _field(Copy.LIST, Codec.CARDS, factory=list)
    #: the Mythology reserve beside the Treasury, top = last element; only Skymir draws from it (X-ID-2)
    reserve: list[str] = _field(Copy.LIST, Codec.CARDS, factory=list)
    #: cards removed from the game: unpicked Mythology cards (X-ID-4) and a discarded Gullinbursti (D-X11)
    removed: list[str] = _field(Copy.LIST, Codec.CARDS, factory=list)
    #: the cards Frigg's (3) or Skymir's (up to 5) owner is choosing from, seen by that player only
    drawn: list[str] = _field(Copy.LIST, Codec.CARDS, factory=list)
    #: the tavern card Loki's Power token lies on, "" when none (X-ID-GOD-LOKI-1)
    loki: str = _field(Copy.SHARED, Codec.CARD_OR_NONE, default="")
    #: the Gods whose Power token was used: once per game (X-ID-7)
    used: list[str] = _field(Copy.LIST, Codec.CARDS, factory=list)
    #: per Giant: "" (no capture yet), the captured card's id, or "-" (turned face down) (X-ID-8)
    captured: list[str] = _field(Copy.LIST, Codec.GIANT_STATES, factory=lambda: [""] * 5)
    #: per Valkyrie: how many notches her token moved down while she was owned, 0..4 (the last notch, X-ID-9)
    notches: list[int] = _field(Copy.LIST, Codec.NOTCHES, factory=lambda: [0] * 5)
    #: the class Ölrun's owner chose (column index), -1 before the choice (X-ID-VALK-OLRUN-1)
    olrun: int = _field(Copy.SHARED, Codec.COLUMN, default=-1)

    if TYPE_CHECKING:

        def copy(self) -> Idavoll: ...

    def __repr__(self) -> str:
        return f"<Idavoll deck {len(self.deck)} reserve {len(self.reserve)}>"


@_derive_copy
@dataclass(slots=True, repr=False)
class State:
    """The whole game at one moment. Treat as immutable; see the module docstring.

    Each field is declared once, below, in the order of the JSON document (docs/state-schema.md);
    ``copy()``, ``==``, :func:`nidlib.core.serialize.state_to_dict` and the loader follow it.
    """

    options: Options = _field(Copy.SHARED, Codec.OPTIONS)
    age: int = _field(Copy.SHARED, Codec.AGE, default=1)
    #: 1-based round within the Age once started
    round: int = _field(Copy.SHARED, Codec.ROUND, default=0)
    #: index of the tavern being resolved, -1 outside Tavern Resolution
    tavern: int = _field(Copy.SHARED, Codec.TAVERN_INDEX, default=-1)
    #: remaining Age decks, top of the deck = last element (views: sorted, order unknown)
    decks: dict[int, list[str]] = _field(Copy.DECKS, Codec.DECKS, factory=lambda: {1: [], 2: []})
    taverns: list[list[str]] = _field(Copy.NESTED, Codec.TAVERNS, factory=lambda: [[], [], []])
    treasury: dict[int, int] = _field(Copy.DICT, Codec.TREASURY, factory=dict)
    discard: list[str] = _field(Copy.LIST, Codec.CARDS, factory=list)
    #: basic coins that left the game (R-COIN-1), as text
    out_of_game: list[str] = _field(Copy.LIST, Codec.COIN_TEXTS, factory=list)
    gems_out: list[int] = _field(Copy.LIST, Codec.GEMS, factory=list)
    heroes_available: list[str] = _field(Copy.LIST, Codec.CARDS, factory=list)
    players: list[Player] = _field(Copy.OBJECTS, Codec.PLAYERS, factory=list)
    #: pick order of the tavern being resolved, its tie groups and the bids as revealed (R-ORDER-3)
    order: list[int] = _field(Copy.LIST, Codec.SEATS, factory=list)
    ties: list[list[int]] = _field(Copy.NESTED, Codec.SEAT_GROUPS, factory=list)
    bid_values: list[int | None] = _field(Copy.LIST, Codec.BIDS, factory=list)
    pioneer_draw: list[str] = _field(Copy.LIST, Codec.CARDS, factory=list)
    tasks: list[Task] = _field(Copy.LIST, Codec.TASKS, factory=list)
    #: how many reshuffles happened: part of the seeded randomness
    shuffles: int = _field(Copy.SHARED, Codec.SHUFFLES, default=0)
    #: set in player views (nidlib.core.views)
    viewer: int | None = _field(Copy.SHARED, Codec.VIEWER, default=None)
    #: Thingvellir's Camp and its decks (RULES.md A.1); None without the expansion (and no JSON key)
    camp: Camp | None = _field(Copy.OBJECT, Codec.CAMP, default=None)
    #: Idavoll's Mythology cards and tokens (RULES.md A.2); None without the expansion (and no JSON key)
    idavoll: Idavoll | None = _field(Copy.OBJECT, Codec.IDAVOLL, default=None)

    if TYPE_CHECKING:

        def copy(self) -> State: ...

    def __repr__(self) -> str:
        top = self.tasks[-1] if self.tasks else "game over"
        return f"<State age {self.age} round {self.round} tavern {self.tavern} {top}>"

    # -- convenient read-only queries -------------------------------------------
    @property
    def is_over(self) -> bool:
        return not self.tasks

    @property
    def names(self) -> tuple[str, ...]:
        return self.options.names


#: the declarations, for the serializer, the loader and the tests
STATE_FIELDS: tuple[FieldSpec, ...] = field_specs(State)
CAMP_FIELDS: tuple[FieldSpec, ...] = field_specs(Camp)
IDAVOLL_FIELDS: tuple[FieldSpec, ...] = field_specs(Idavoll)
PLAYER_FIELDS: tuple[FieldSpec, ...] = field_specs(Player)
