"""Coin places: where one of a player's coins lies, as one typed value with one parser.

A player's five coins are on the three tavern spaces (Laughing Goblin, Dancing Dragon, Shining
Horse: R-BID-1), in the two pouch spaces, or in hand (between rounds, and all round for Uline's
owner, R-HERO-ULINE-3; the hand is kept sorted, so ``h0`` is the lowest coin). The text form is the
one actions, tasks and documents have always used::

    t0 t1 t2    tavern spaces (Goblin, Dragon, Horse)
    p0 p1       pouch spaces
    h0 h1 ...   coins in hand, by position in the sorted hand

>>> place = parse_place("t2")
>>> place.zone, place.index, place.slot, str(place)
(<Zone.TAVERN: 't'>, 2, 2, 't2')
>>> parse_place("p1").slot, parse_place("h3").slot
(4, None)
>>> parse_place("t7")
Traceback (most recent call last):
...
nidlib.core.errors.InvalidActionError: 't7' is not a coin location: use t0-t2 (taverns), p0/p1 (pouch) or h0.. (hand)

Actions keep the text (``Transform(0, "p1")``, ``p0:transform:p1``); the engine, the loader and
the tutor read it with :func:`parse_place` and reach the coin with :func:`coin_at` / :func:`set_coin`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from nidlib.core.errors import InvalidActionError

if TYPE_CHECKING:
    from nidlib.core.coins import Coin
    from nidlib.core.state import Player

__all__ = [
    "HAND_SIZE",
    "SLOTS",
    "Place",
    "Zone",
    "coin_at",
    "hand_place",
    "is_place",
    "parse_place",
    "places_of",
    "set_coin",
]

#: a player owns 5 coins (R-COIN-3), so at most 5 are in hand: h0..h4
HAND_SIZE = 5
#: a hand position written with more digits than this is refused before int() reads it
_MAX_HAND_DIGITS = 3


class Zone(StrEnum):
    """The three kinds of place; the value is the letter of the text form."""

    TAVERN = "t"  # a tavern space: the bid on that tavern (R-BID-1)
    POUCH = "p"  # a pouch space: out of the bidding, summed in a coin trade (R-TRADE-2)
    HAND = "h"  # in hand: between rounds, or Uline's owner all round (R-HERO-ULINE-3)


_COUNT = {Zone.TAVERN: 3, Zone.POUCH: 2}
_SLOT_BASE = {Zone.TAVERN: 0, Zone.POUCH: 3}


@dataclass(frozen=True, slots=True)
class Place:
    """One coin place of a player: a zone and a position in it. ``str(place)`` is the text form."""

    zone: Zone
    index: int

    def __post_init__(self) -> None:
        limit = _COUNT.get(self.zone)
        if type(self.index) is not int or self.index < 0 or (limit is not None and self.index >= limit):
            raise InvalidActionError(f"{self.zone.name.lower()} has no place {self.index!r}")

    def __str__(self) -> str:
        return f"{self.zone.value}{self.index}"

    @property
    def slot(self) -> int | None:
        """Index in :attr:`Player.slots <nidlib.core.state.Player.slots>` (0-2 taverns, 3-4 pouch); None in hand."""
        base = _SLOT_BASE.get(self.zone)
        return None if base is None else base + self.index

    @property
    def is_hand(self) -> bool:
        return self.zone is Zone.HAND


#: the five places of ``Player.slots``, in order: t0, t1, t2, p0, p1
SLOTS: tuple[Place, ...] = (
    *(Place(Zone.TAVERN, k) for k in range(3)),
    *(Place(Zone.POUCH, k) for k in range(2)),
)
_HAND: tuple[Place, ...] = tuple(Place(Zone.HAND, k) for k in range(HAND_SIZE))
_BY_TEXT: dict[str, Place] = {str(p): p for p in (*SLOTS, *_HAND)}


def hand_place(k: int) -> Place:
    """The ``k``-th coin of the (sorted) hand."""
    return _HAND[k] if 0 <= k < HAND_SIZE else Place(Zone.HAND, k)


def parse_place(text: str | Place) -> Place:
    """The place a text names (``"t0"``..``"t2"``, ``"p0"``/``"p1"``, ``"h0"``..).

    A hand position beyond the coins in hand is a well-formed place (an action naming it is refused
    by the rules, R-XFORM-2); anything else raises :class:`~nidlib.core.errors.InvalidActionError`.
    """
    if isinstance(text, Place):
        return text
    place = _BY_TEXT.get(text)
    if place is not None:
        return place
    if text[:1] == "h":
        digits = text[1:]
        if (
            0 < len(digits) <= _MAX_HAND_DIGITS
            and digits.isascii()
            and digits.isdigit()
            and (digits == "0" or digits[0] != "0")
        ):
            return Place(Zone.HAND, int(digits))
    raise InvalidActionError(
        f"{text!r} is not a coin location: use t0-t2 (taverns), p0/p1 (pouch) or h0.. (hand)"
    )


def is_place(text: object) -> bool:
    """Whether ``text`` is the text of a coin place (:func:`parse_place` would accept it)."""
    if not isinstance(text, str):
        return False
    try:
        parse_place(text)
    except InvalidActionError:
        return False
    return True


def coin_at(player: Player, place: Place) -> Coin | None:
    """The coin at ``place`` (None: an empty space, or no coin at that hand position)."""
    slot = place.slot
    if slot is None:
        return player.hand[place.index] if place.index < len(player.hand) else None
    return player.slots[slot]


def set_coin(player: Player, place: Place, coin: Coin) -> None:
    """Put ``coin`` at ``place``, replacing the coin there; the hand stays sorted."""
    slot = place.slot
    if slot is None:
        player.hand[place.index] = coin
        player.hand.sort()
    else:
        player.slots[slot] = coin


def places_of(player: Player) -> list[Place]:
    """Every place holding one of the player's coins: occupied slots in order, then the hand."""
    return [SLOTS[k] for k, c in enumerate(player.slots) if c is not None] + [
        hand_place(k) for k in range(len(player.hand))
    ]
