"""Game state as immutable values (frozen dataclasses of tuples): every state stays valid forever.

Counts of gem cards are tuples of four ints in lot order (ruby, diamond, emerald, sapphire),
see :data:`zavandor.params.GEMS`. The game's ``seed`` is part of the state, so the same state
always produces the same draws (Z-DRAW-1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from zavandor.params import GEMS, Gem, Params

Counts = tuple[int, int, int, int]
ZERO: Counts = (0, 0, 0, 0)


def counts(ruby: int = 0, diamond: int = 0, emerald: int = 0, sapphire: int = 0) -> Counts:
    """Four gem counts by name: ``counts(sapphire=9, emerald=2)``."""
    return (ruby, diamond, emerald, sapphire)


def add(a: Counts, b: Counts) -> Counts:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def sub(a: Counts, b: Counts) -> Counts:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3])


def fits(part: Counts, whole: Counts) -> bool:
    """Whether every count of ``part`` is within ``whole`` (and none is negative)."""
    return all(0 <= p <= w for p, w in zip(part, whole, strict=True))


def counts_text(c: Counts) -> str:
    """Compact text ``R0/D1/E3/S1``; :func:`parse_counts` reads it back."""
    return "/".join(f"{g.value[0].upper()}{n}" for g, n in zip(GEMS, c, strict=True))


def parse_counts(text: str) -> Counts:
    parts = text.split("/")
    if len(parts) != 4 or any(
        p[:1] != g.value[0].upper() or not p[1:].isdigit() for p, g in zip(parts, GEMS, strict=False)
    ):
        msg = f"expected counts like 'R0/D1/E3/S1', got {text!r}"
        raise ValueError(msg)
    return (int(parts[0][1:]), int(parts[1][1:]), int(parts[2][1:]), int(parts[3][1:]))


class Phase(StrEnum):
    """Where the round stands (Z-ROUND-1). The auction closes the Trade phase; ``king`` waits for
    the King's mover to choose at a fork (Z-KING-1); ``over`` after the last round (Z-END-1)."""

    INCOME = "income"
    TRADE = "trade"
    KING = "king"
    UPGRADE = "upgrade"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Bid:
    """One player's hidden handful (Z-AUC-1): cards of each gem, and the lots where this player,
    if winning with 3 or more, takes 1 VP instead of the card (Z-REW-2)."""

    cards: Counts = ZERO
    vp_instead: frozenset[Gem] = frozenset()

    @classmethod
    def of(
        cls,
        ruby: int = 0,
        diamond: int = 0,
        emerald: int = 0,
        sapphire: int = 0,
        *,
        vp_instead: frozenset[Gem] = frozenset(),
    ) -> Bid:
        return cls((ruby, diamond, emerald, sapphire), vp_instead)

    def __str__(self) -> str:
        extra = "".join(f"+vp:{g}" for g in GEMS if g in self.vp_instead)
        return counts_text(self.cards) + extra

    @classmethod
    def parse(cls, text: str) -> Bid:
        head, *rest = text.split("+vp:")
        return cls(parse_counts(head), frozenset(Gem(g) for g in rest))


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerState:
    name: str
    hand: Counts = ZERO  #: cards in hand, usable for bids, trades and upgrades
    locked: Counts = ZERO  #: losing bids lying face up until the end of the round (Z-LOCK-1)
    vp: int = 0  #: VP tokens won
    family: int = 1  #: family clan level (Z-INC-1)
    improvements: tuple[Gem, ...] = ()  #: won improvement cards by row, oldest first (Z-MINE-1)
    upgraded: bool = False  #: the family rose a level in this Upgrade phase (Z-UPG-1)


@dataclass(frozen=True, slots=True, kw_only=True)
class LotResult:
    """How one lot went (Z-AUC-2, Z-TIE-1, Z-REW-1..4)."""

    gem: Gem
    winner: int | None  #: seat, or None when nobody bid this gem
    bid: int  #: the winning number of cards (0 when no winner)
    card: bool = False  #: the winner took the improvement card
    vp: int = 0  #: VP the winner got (1 VP, the bonus, or both)
    bonus: bool = False  #: the bid reached the gem's bonus threshold (Z-REW-3)
    tied: tuple[int, ...] = ()  #: seats that bid as many as the winner (ties broken by Z-TIE-1)


@dataclass(frozen=True, slots=True, kw_only=True)
class State:
    params: Params = field(default_factory=Params)
    seed: int = 0
    players: tuple[PlayerState, ...] = ()
    round: int = 1
    start: int = 0  #: the start player's seat
    phase: Phase = Phase.INCOME
    king: int = 0  #: the King's hall (index into params.king_path)
    king_mover: int | None = None  #: in phase ``king``: the seat that chooses the next hall
    king_trail: tuple[int, ...] = (0,)  #: every hall the King has stood in, in order
    rows: Counts = ZERO  #: improvement cards left in each row, the rightmost card included
    discards: Counts = ZERO  #: cards in the discard piles, by gem (spent bids, bank, upgrades)
    lots: tuple[LotResult, ...] = ()  #: the last auction's four lots, in lot order
    bids: tuple[Bid, ...] = ()  #: the last auction's bids by seat (revealed, so public)

    @property
    def n(self) -> int:
        return len(self.players)

    def seat_order(self) -> tuple[int, ...]:
        """Seats in turn order from the start player (Z-TIE-1)."""
        return tuple((self.start + k) % self.n for k in range(self.n))

    @property
    def at_coronation(self) -> bool:
        """The King stands in the Coronation Hall (a hall with no exits): this round is the last (Z-END-1)."""
        return not self.params.king_path[self.king].exits
