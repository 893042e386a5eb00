"""Actions: one small immutable value per kind of decision a player makes.

Every action has a compact text form that round-trips through :func:`parse`
(``str(a)`` -> ``parse(...)`` == ``a``), used in transcripts, golden files,
error messages and the JSON action log::

    p0:bid:5b,0,4/2,3       Bid: coins on Goblin, Dragon, Horse / the two pouch coins
    p1:uline:7              Uline's face-up bid at the tavern being revealed
    p2:pick:1W6             take a card from the tavern being resolved
    p0:hero:kraal           recruit a hero
    p0:thrud:explorer       (re)place Thrud in a column
    p0:ylud:warrior         place (or keep / move) Ylud at the end of an Age
    p0:transform:p1         choose the coin a +N transformation applies to
    p0:discard:warrior,miner    Bonfur (one column) / Dagda (two columns) discards
    p0:trade:h0,h2          Uline: the two hand coins summed in a coin trade
    p0:tradediscard:p1      two equal pouch coins: which one is discarded (R-TRADE-4)
    p0:keep:2E9             Pioneer of the Kingdom: the card kept

Coin locations: ``t0``..``t2`` tavern spaces (Goblin, Dragon, Horse), ``p0``/``p1``
pouch spaces, ``h0``.. coins in hand (hand is kept sorted): the text of a
:class:`nidlib.core.places.Place`, read by :func:`nidlib.core.places.parse_place`.
"""

from __future__ import annotations

from dataclasses import dataclass

from nidlib.core.cards import CARDS, HERO_IDS, DwarfClass
from nidlib.core.coins import Coin
from nidlib.core.errors import InvalidActionError
from nidlib.core.places import parse_place


def _check_location(loc: str) -> str:
    """The canonical text of a coin place (:func:`nidlib.core.places.parse_place`); InvalidActionError if none."""
    return str(parse_place(loc))


@dataclass(frozen=True, slots=True)
class Bid:
    """Place all five coins: three on the tavern spaces, two in the pouch (R-BID-1)."""

    player: int
    taverns: tuple[Coin, Coin, Coin]
    pouch: tuple[Coin, Coin]

    def __str__(self) -> str:
        return f"p{self.player}:bid:{','.join(map(str, self.taverns))}/{','.join(map(str, self.pouch))}"


@dataclass(frozen=True, slots=True)
class UlineBid:
    """Uline's owner lays a coin from hand face up after the others are revealed (R-HERO-ULINE-4)."""

    player: int
    coin: Coin

    def __str__(self) -> str:
        return f"p{self.player}:uline:{self.coin}"


@dataclass(frozen=True, slots=True)
class Pick:
    """Take one card from the tavern being resolved (R-PICK-1)."""

    player: int
    card: str

    def __str__(self) -> str:
        return f"p{self.player}:pick:{self.card}"


@dataclass(frozen=True, slots=True)
class Recruit:
    """Recruit an available hero (R-RECRUIT-1..3)."""

    player: int
    hero: str

    def __str__(self) -> str:
        return f"p{self.player}:hero:{self.hero}"


@dataclass(frozen=True, slots=True)
class PlaceThrud:
    """Put Thrud in a column, at recruitment or after she was lifted (R-HERO-THRUD-2/3)."""

    player: int
    column: DwarfClass

    def __str__(self) -> str:
        return f"p{self.player}:thrud:{self.column}"


@dataclass(frozen=True, slots=True)
class PlaceYlud:
    """Place Ylud in a column at the end of an Age, or keep/move her (R-HERO-YLUD-2/3)."""

    player: int
    column: DwarfClass

    def __str__(self) -> str:
        return f"p{self.player}:ylud:{self.column}"


@dataclass(frozen=True, slots=True)
class Transform:
    """Choose the coin that a +N transformation upgrades (R-XFORM-1)."""

    player: int
    location: str

    def __str__(self) -> str:
        return f"p{self.player}:transform:{self.location}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Bonfur's one / Dagda's two column discards (R-HERO-BONFUR-2, R-HERO-DAGDA-2)."""

    player: int
    columns: tuple[DwarfClass, ...]

    def __str__(self) -> str:
        return f"p{self.player}:discard:{','.join(self.columns)}"


@dataclass(frozen=True, slots=True)
class TradeCoins:
    """Uline's owner: the two hand coins a coin trade sums (R-HERO-ULINE-5)."""

    player: int
    locations: tuple[str, str]

    def __str__(self) -> str:
        return f"p{self.player}:trade:{','.join(self.locations)}"


@dataclass(frozen=True, slots=True)
class TradeDiscard:
    """Two equal coins in a trade: which one is discarded (R-TRADE-4, engine choice: the owner)."""

    player: int
    location: str

    def __str__(self) -> str:
        return f"p{self.player}:tradediscard:{self.location}"


@dataclass(frozen=True, slots=True)
class Keep:
    """Pioneer of the Kingdom: the card kept out of the three drawn (R-DIST-PIONEER-1)."""

    player: int
    card: str

    def __str__(self) -> str:
        return f"p{self.player}:keep:{self.card}"


Action = (
    Bid
    | UlineBid
    | Pick
    | Recruit
    | PlaceThrud
    | PlaceYlud
    | Transform
    | Discard
    | TradeCoins
    | TradeDiscard
    | Keep
)


def _coins(text: str) -> list[Coin]:
    try:
        return [Coin.parse(t) for t in text.split(",") if t]
    except ValueError as e:
        raise InvalidActionError(str(e)) from None


def _column(text: str) -> DwarfClass:
    try:
        return DwarfClass(text)
    except ValueError:
        raise InvalidActionError(
            f"{text!r} is not a column: use warrior, hunter, miner, blacksmith or explorer"
        ) from None


def parse(text: str) -> Action:
    """Parse the text form of an action; raises InvalidActionError saying what is wrong."""
    parts = text.strip().split(":")
    if len(parts) != 3 or not parts[0].startswith("p") or not parts[0][1:].isdigit():
        raise InvalidActionError(f"{text!r} is not an action: expected 'p<N>:<verb>:<argument>'")
    player, verb, arg = int(parts[0][1:]), parts[1], parts[2]
    if verb == "bid":
        left, sep, right = arg.partition("/")
        t, p = _coins(left), _coins(right)
        if not sep or len(t) != 3 or len(p) != 2:
            raise InvalidActionError(
                f"{text!r}: a bid is three tavern coins '/' two pouch coins, e.g. 5b,0,4/2,3"
            )
        return Bid(player, (t[0], t[1], t[2]), (p[0], p[1]))
    if verb == "uline":
        coins = _coins(arg)
        if len(coins) != 1:
            raise InvalidActionError(f"{text!r}: name the coin Uline lays, e.g. p0:uline:7")
        return UlineBid(player, coins[0])
    if verb in ("pick", "keep"):
        if arg not in CARDS:
            raise InvalidActionError(f"{text!r}: there is no card {arg!r}")
        return Pick(player, arg) if verb == "pick" else Keep(player, arg)
    if verb == "hero":
        if arg not in HERO_IDS:
            raise InvalidActionError(f"{text!r}: there is no hero {arg!r}")
        return Recruit(player, arg)
    if verb == "thrud":
        return PlaceThrud(player, _column(arg))
    if verb == "ylud":
        return PlaceYlud(player, _column(arg))
    if verb == "transform":
        return Transform(player, _check_location(arg))
    if verb == "discard":
        return Discard(player, tuple(_column(c) for c in arg.split(",") if c))
    if verb == "trade":
        locs = [_check_location(x) for x in arg.split(",")]
        if len(locs) != 2:
            raise InvalidActionError(f"{text!r}: a trade names two hand coins, e.g. p0:trade:h0,h2")
        return TradeCoins(player, (locs[0], locs[1]))
    if verb == "tradediscard":
        return TradeDiscard(player, _check_location(arg))
    raise InvalidActionError(f"{text!r}: unknown verb {verb!r}")
