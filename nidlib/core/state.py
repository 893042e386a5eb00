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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nidlib.core.cards import CLASSES, DwarfClass
from nidlib.core.coins import Coin
from nidlib.core.tasks import Task


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

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "names": list(self.names),
            "seed": self.seed,
            "first_game": self.first_game,
            "warrior_bonus_without_warriors": self.warrior_bonus_without_warriors,
            "pioneer_draw_public": self.pioneer_draw_public,
        }


class Player:
    """One player's board, army, command zone, coins and gem."""

    __slots__ = (
        "bid_done",
        "columns",
        "command_zone",
        "gem",
        "hand",
        "heroes",
        "hidden",
        "name",
        "revealed",
        "slots",
        "thrud",
    )

    def __init__(self, name: str, gem: int) -> None:
        self.name = name
        self.gem = gem
        #: card ids per class column (index = CLASSES order), bottom -> top. Ylud sits here as "ylud".
        self.columns: list[list[str]] = [[] for _ in CLASSES]
        #: column index of Thrud while she is in the army; -1 otherwise (R-HERO-THRUD-2/3).
        self.thrud = -1
        #: neutral heroes and distinction cards (R-ARMY-1), in the order they arrived.
        self.command_zone: list[str] = []
        #: every hero owned, in recruitment order: H of the golden rule (R-RECRUIT-1).
        self.heroes: list[str] = []
        #: coins on Goblin, Dragon, Horse, pouch, pouch (None = empty space).
        self.slots: list[Coin | None] = [None] * 5
        self.revealed: list[bool] = [False] * 5
        #: coins in hand (sorted): between rounds, and Uline's owner all round.
        self.hand: list[Coin] = []
        #: only in a player view: coins whose place the viewer may not know (sorted).
        self.hidden: list[Coin] = []
        self.bid_done = False

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.name = self.name
        p.gem = self.gem
        p.columns = [c[:] for c in self.columns]
        p.thrud = self.thrud
        p.command_zone = self.command_zone[:]
        p.heroes = self.heroes[:]
        p.slots = self.slots[:]
        p.revealed = self.revealed[:]
        p.hand = self.hand[:]
        p.hidden = self.hidden[:]
        p.bid_done = self.bid_done
        return p

    def coins(self) -> list[Coin]:
        """All coins owned, wherever they are (views: including hidden ones)."""
        return [c for c in self.slots if c is not None] + self.hand + self.hidden

    def column(self, cls: DwarfClass) -> list[str]:
        return self.columns[CLASSES.index(cls)]

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "gem": self.gem,
            "army": {cls.value: col[:] for cls, col in zip(CLASSES, self.columns, strict=True)},
            "thrud": CLASSES[self.thrud].value if self.thrud >= 0 else None,
            "command_zone": self.command_zone[:],
            "heroes": self.heroes[:],
            "slots": [None if c is None else str(c) for c in self.slots],
            "revealed": self.revealed[:],
            "hand": [str(c) for c in self.hand],
            "hidden": [str(c) for c in self.hidden],
            "bid_done": self.bid_done,
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Player) and all(
            getattr(self, a) == getattr(other, a) for a in Player.__slots__
        )

    __hash__ = None  # type: ignore[assignment]


class State:
    """The whole game at one moment. Treat as immutable; see the module docstring."""

    __slots__ = (
        "age",
        "bid_values",
        "decks",
        "discard",
        "gems_out",
        "heroes_available",
        "options",
        "order",
        "out_of_game",
        "pioneer_draw",
        "players",
        "round",
        "shuffles",
        "tasks",
        "tavern",
        "taverns",
        "ties",
        "treasury",
        "viewer",
    )

    def __init__(self, options: Options) -> None:
        self.options = options
        self.age = 1
        self.round = 0  # 1-based round within the Age once started
        self.tavern = -1  # index of the tavern being resolved, -1 outside Tavern Resolution
        #: remaining Age decks, top of the deck = last element (views: sorted, order unknown)
        self.decks: dict[int, list[str]] = {1: [], 2: []}
        self.taverns: list[list[str]] = [[], [], []]
        self.treasury: dict[int, int] = {}
        self.discard: list[str] = []
        #: basic coins that left the game (R-COIN-1), as text
        self.out_of_game: list[str] = []
        self.gems_out: list[int] = []
        self.heroes_available: list[str] = []
        self.players: list[Player] = []
        #: pick order of the tavern being resolved, its tie groups and the bids as revealed (R-ORDER-3)
        self.order: list[int] = []
        self.ties: list[list[int]] = []
        self.bid_values: list[int | None] = []
        self.pioneer_draw: list[str] = []
        self.tasks: list[Task] = []
        self.shuffles = 0  # how many reshuffles happened: part of the seeded randomness
        self.viewer: int | None = None  # set in player views (nidlib.core.views)

    # -- copying and comparing -------------------------------------------------
    def copy(self) -> State:
        s = State.__new__(State)
        s.options = self.options
        s.age = self.age
        s.round = self.round
        s.tavern = self.tavern
        s.decks = {1: self.decks[1][:], 2: self.decks[2][:]}
        s.taverns = [t[:] for t in self.taverns]
        s.treasury = dict(self.treasury)
        s.discard = self.discard[:]
        s.out_of_game = self.out_of_game[:]
        s.gems_out = self.gems_out[:]
        s.heroes_available = self.heroes_available[:]
        s.players = [p.copy() for p in self.players]
        s.order = self.order[:]
        s.ties = [t[:] for t in self.ties]
        s.bid_values = self.bid_values[:]
        s.pioneer_draw = self.pioneer_draw[:]
        s.tasks = self.tasks[:]
        s.shuffles = self.shuffles
        s.viewer = self.viewer
        return s

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and all(
            getattr(self, a) == getattr(other, a) for a in State.__slots__
        )

    __hash__ = None  # type: ignore[assignment]

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

    def to_dict(self) -> dict[str, Any]:
        from nidlib.core.serialize import state_to_dict

        return state_to_dict(self)
