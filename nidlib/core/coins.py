"""Coins and the Royal Treasure.

Rules: R-COMP-6, R-COMP-7, R-SETUP-3, R-TREAS-1..4, R-COIN-1..3, R-TRADE-3,
R-DIST-HUNTINGMASTER-2.

A coin is a value object: two gold 9s are interchangeable, so a coin is just
its value and its kind. Text form: ``"0"``, ``"5b"`` (basic 5), ``"5"`` (gold
5), ``"3s"`` (the special green 3). Basic coins other than 5 are written without
the suffix because no gold coin shares their value (2, 3, 4 are basic only;
the green 3 is ``"3s"``).
"""

from __future__ import annotations

from enum import StrEnum


class CoinKind(StrEnum):
    BASIC = "basic"  # red/bronze 0, 2, 3, 4, 5: leaves the game when discarded (R-COIN-1)
    ROYAL = "royal"  # gold 5..25 from the Royal Treasure: returns there when discarded
    SPECIAL = "special"  # Hunting Master's green 3, a trading coin (R-DIST-HUNTINGMASTER-2)


_KIND_ORDER = {"basic": 0, "royal": 1, "special": 2}


class Coin:
    """An immutable coin value: interned, so equal coins are the same object (fast to hash and compare).

    Ordered by value, then basic < royal < special (a basic 5 sorts before a gold 5).
    """

    __slots__ = ("_key", "is_trading", "kind", "value")
    _interned: dict[tuple[int, CoinKind], Coin] = {}  # noqa: RUF012 (class-level intern table)
    value: int
    kind: CoinKind
    _key: int
    #: The basic 0 and the green 3 trigger trades and can never be traded or transformed (R-TRADE-3).
    is_trading: bool

    def __new__(cls, value: int, kind: CoinKind) -> Coin:  # noqa: PYI034 (interned: returns the shared instance)
        kind = CoinKind(kind)
        c = cls._interned.get((value, kind))
        if c is None:
            c = object.__new__(cls)
            object.__setattr__(c, "value", value)
            object.__setattr__(c, "kind", kind)
            object.__setattr__(c, "_key", value * 3 + _KIND_ORDER[kind.value])
            trading = kind is CoinKind.SPECIAL or (kind is CoinKind.BASIC and value == 0)
            object.__setattr__(c, "is_trading", trading)
            cls._interned[(value, kind)] = c
        return c

    def __setattr__(self, name: str, value: object) -> None:
        msg = "coins are immutable"
        raise AttributeError(msg)

    def __reduce__(self) -> tuple[type, tuple[int, CoinKind]]:
        return (Coin, (self.value, self.kind))

    def __lt__(self, other: Coin) -> bool:
        return self._key < other._key

    def __le__(self, other: Coin) -> bool:
        return self._key <= other._key

    def __gt__(self, other: Coin) -> bool:
        return self._key > other._key

    def __ge__(self, other: Coin) -> bool:
        return self._key >= other._key

    def __str__(self) -> str:
        if self.kind is CoinKind.SPECIAL:
            return f"{self.value}s"
        if self.kind is CoinKind.BASIC and self.value == 5:
            return "5b"
        return str(self.value)

    def __repr__(self) -> str:
        return f"Coin.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> Coin:
        """Inverse of ``str``; raises ValueError on anything that is not a coin of the base game."""
        t = text.strip().lower()
        coin = _BY_TEXT.get(t)
        if coin is None:
            msg = f"{text!r} is not a coin: use 0, 2, 3, 4, 5b (basic), 3s (green 3) or 5..25 (gold)"
            raise ValueError(msg)
        return coin


BASIC_VALUES: tuple[int, ...] = (0, 2, 3, 4, 5)  # R-COMP-6
BASIC_COINS: tuple[Coin, ...] = tuple(Coin(v, CoinKind.BASIC) for v in BASIC_VALUES)
GREEN_3 = Coin(3, CoinKind.SPECIAL)
ROYAL: dict[int, Coin] = {v: Coin(v, CoinKind.ROYAL) for v in range(5, 26)}
_BY_TEXT: dict[str, Coin] = {str(c): c for c in (*BASIC_COINS, GREEN_3, *ROYAL.values())}

#: Royal Treasure copies by value at 4-5 players (R-COMP-7); 2-3 players remove two 7s, 9s, 11s.
TREASURY_4_5: dict[int, int] = {
    5: 2,
    6: 2,
    7: 3,
    8: 2,
    9: 3,
    10: 2,
    11: 3,
    12: 2,
    13: 2,
    14: 2,
    **dict.fromkeys(range(15, 26), 1),
}


def initial_treasury(players: int) -> dict[int, int]:
    """Copies of each gold value at setup (R-SETUP-3): 34 coins, or 28 at 2-3 players."""
    t = dict(TREASURY_4_5)
    if players <= 3:
        for v in (7, 9, 11):
            t[v] -= 2
    return t


def treasury_pick(target: int, discarded: int, treasury: dict[int, int]) -> int | None:
    """Value of the gold coin a trade or transformation takes (R-TREAS-1).

    1. a coin of value ``target``; 2. else the smallest value above it;
    3. else the largest value below it; never a coin of the discarded value
    (R-TREAS-1 step 4, every copy excluded, see R-TREAS-4). ``None`` when
    nothing is legal (R-TREAS-3: the exchange does not happen).
    """
    if treasury.get(target, 0) > 0 and target != discarded:  # the common case: step 1
        return target
    best_higher: int | None = None
    best_lower: int | None = None
    for value, count in treasury.items():
        if count <= 0 or value == discarded:
            continue
        if value >= target:
            if best_higher is None or value < best_higher:
                best_higher = value
        elif best_lower is None or value > best_lower:
            best_lower = value
    return best_higher if best_higher is not None else best_lower
