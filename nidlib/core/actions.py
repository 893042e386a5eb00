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

Thingvellir (RULES.md A.7)::

    p0:pick:vegvisir        a Camp visit is the pick of the turn (X-TH-4)
    p0:bid:5b,4,3/2         after Jarnglofi: four coins, one in the pouch (X-TH-ART-JARNGLOFI-4)
    p0:tavern-discard:1W3   2 players: the Camp visitor discards a tavern card (X-TH-6)
    p0:enlist-order:last    the player with most Mercenaries enlists first or last (X-TH-9)
    p0:enlist:merc3/miner   enlist a Mercenary into one of its two classes (X-TH-MERC-1)
    p0:vidofnir:p0+2,p1     Vidofnir: +2 on p0 first, then +3 on p1 (X-TH-ART-VIDOFNIR-1)
    p0:take:2RO5            Andumia / Brisingamens: a card of the discard pile (X-TH-HERO-ANDUMIA-1)
    p1:discard-card:1W4     Höfud / Brisingamens' end discard: one card of the army (X-TH-ART-HOFUD-1)
    p0:doubles:miner,hunter Olwyn's two doubles, in two different columns (X-TH-HERO-OLWYN-1)
    p0:camp:merc7           Holda: the Camp card taken (X-TH-HERO-HOLDA-1)
    p0:mjollnir:hunter      Mjöllnir's class (X-TH-ART-MJOLLNIR-1)

Idavoll (RULES.md A.7)::

    p0:loki:1W3             Loki's Power token on a tavern card (``p0:loki:pass``) (X-ID-GOD-LOKI-1)
    p0:freya:1W3,1E7        Freya swaps two cards of two taverns (``p0:freya:pass``) (X-ID-GOD-FREYA-1)
    p0:frigg:1W3            Frigg instead of taking 1W3 this pick turn (X-ID-GOD-FRIGG-1)
    p0:frigg-keep:1E9/1M0,1H2   the card kept; the other two to the bottom of the Age deck, 1M0 lowest
    p0:odin:grid/khrad      Odin: return Grid, recruit Khrad (``p0:odin:pass``) (X-ID-GOD-ODIN-1)
    p0:thor:cancel          Thor cancels one discard imposed on its owner (X-ID-GOD-THOR-1)
    p0:capture:yes          a Giant captures the dwarf (``no``: place it, the Giant face down) (X-ID-8)
    p0:gullinbursti:miner   Gullinbursti's column (X-ID-ANIMAL-HREASVELG-1)
    p0:olrun:warrior        Ölrun's class (X-ID-VALK-OLRUN-1)
    p0:skymir:loki,garm     the Mythology cards Skymir keeps (X-ID-GIANT-SKYMIR-1)
    p0:hrungnir:5b          Hrungnir, Uline's owner: the hand coin transformed next (X-ID-GIANT-HRUNGNIR-3)

Coin locations: ``t0``..``t2`` tavern spaces (Goblin, Dragon, Horse), ``p0``/``p1``
pouch spaces, ``h0``.. coins in hand (hand is kept sorted): the text of a
:class:`nidlib.core.places.Place`, read by :func:`nidlib.core.places.parse_place`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from nidlib.core.cards import ALL_HERO_IDS, CARDS, DwarfClass
from nidlib.core.coins import Coin
from nidlib.core.errors import InvalidActionError
from nidlib.core.places import parse_place


def _check_location(loc: str) -> str:
    """The canonical text of a coin place (:func:`nidlib.core.places.parse_place`); InvalidActionError if none."""
    return str(parse_place(loc))


@dataclass(frozen=True, slots=True)
class Bid:
    """Place all coins: three on the tavern spaces, the others (two, or one after Jarnglofi) in the pouch
    (R-BID-1, X-TH-ART-JARNGLOFI-4)."""

    player: int
    taverns: tuple[Coin, Coin, Coin]
    pouch: tuple[Coin, Coin] | tuple[Coin]

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


@dataclass(frozen=True, slots=True)
class TavernDiscard:
    """2 players: the first player, who visited the Camp, discards one tavern card (X-TH-6)."""

    player: int
    card: str

    def __str__(self) -> str:
        return f"p{self.player}:tavern-discard:{self.card}"


@dataclass(frozen=True, slots=True)
class EnlistOrder:
    """Enlist first (``last=False``) or last (X-TH-9)."""

    player: int
    last: bool

    def __str__(self) -> str:
        return f"p{self.player}:enlist-order:{'last' if self.last else 'first'}"


@dataclass(frozen=True, slots=True)
class Enlist:
    """Enlist one Mercenary of the command zone into one of its two classes (X-TH-MERC-1)."""

    player: int
    card: str
    column: DwarfClass

    def __str__(self) -> str:
        return f"p{self.player}:enlist:{self.card}/{self.column}"


@dataclass(frozen=True, slots=True)
class Vidofnir:
    """Vidofnir & Vedrfölnir: transform ``first`` by ``amount`` (2 or 3), then ``second`` by the other
    amount (X-TH-ART-VIDOFNIR-1)."""

    player: int
    first: str
    amount: int
    second: str

    def __str__(self) -> str:
        return f"p{self.player}:vidofnir:{self.first}+{self.amount},{self.second}"


@dataclass(frozen=True, slots=True)
class TakeDiscarded:
    """Andumia or Brisingamens: take a card of the discard pile (X-TH-HERO-ANDUMIA-1, X-TH-ART-BRISINGAMENS-1)."""

    player: int
    card: str

    def __str__(self) -> str:
        return f"p{self.player}:take:{self.card}"


@dataclass(frozen=True, slots=True)
class DiscardCard:
    """Höfud or the Brisingamens end discard: one card of the army (X-TH-ART-HOFUD-1, X-TH-ART-BRISINGAMENS-3)."""

    player: int
    card: str

    def __str__(self) -> str:
        return f"p{self.player}:discard-card:{self.card}"


@dataclass(frozen=True, slots=True)
class PlaceDoubles:
    """Olwyn's two doubles, in two different columns (X-TH-HERO-OLWYN-1)."""

    player: int
    columns: tuple[DwarfClass, DwarfClass]

    def __str__(self) -> str:
        return f"p{self.player}:doubles:{','.join(self.columns)}"


@dataclass(frozen=True, slots=True)
class TakeCamp:
    """Holda: take one Camp card (X-TH-HERO-HOLDA-1)."""

    player: int
    card: str

    def __str__(self) -> str:
        return f"p{self.player}:camp:{self.card}"


@dataclass(frozen=True, slots=True)
class ChooseClass:
    """Mjöllnir: the class whose ranks score 2 points each (X-TH-ART-MJOLLNIR-1)."""

    player: int
    column: DwarfClass

    def __str__(self) -> str:
        return f"p{self.player}:mjollnir:{self.column}"


@dataclass(frozen=True, slots=True)
class Reserve:
    """Loki: the Power token on one tavern card; ``card == ""`` passes (X-ID-GOD-LOKI-1)."""

    player: int
    card: str

    def __str__(self) -> str:
        return f"p{self.player}:loki:{self.card or 'pass'}"


@dataclass(frozen=True, slots=True)
class Swap:
    """Freya: swap two cards of two different taverns; ``("", "")`` passes (X-ID-GOD-FREYA-1)."""

    player: int
    cards: tuple[str, str]

    def __str__(self) -> str:
        return f"p{self.player}:freya:{','.join(self.cards) if self.cards[0] else 'pass'}"


@dataclass(frozen=True, slots=True)
class Frigg:
    """Frigg: instead of taking ``card`` (a Dwarf or Royal Offering of this tavern), put it at the bottom
    of the Age deck and draw its top three (X-ID-GOD-FRIGG-1)."""

    player: int
    card: str

    def __str__(self) -> str:
        return f"p{self.player}:frigg:{self.card}"


@dataclass(frozen=True, slots=True)
class FriggKeep:
    """Frigg: the card kept; ``under`` go to the bottom of the Age deck, the first one lowest (X-ID-GOD-FRIGG-1)."""

    player: int
    card: str
    under: tuple[str, ...]

    def __str__(self) -> str:
        return f"p{self.player}:frigg-keep:{self.card}/{','.join(self.under)}"


@dataclass(frozen=True, slots=True)
class Odin:
    """Odin: return the neutral hero ``give``, recruit ``take``; ``("", "")`` passes (X-ID-GOD-ODIN-1)."""

    player: int
    give: str
    take: str

    def __str__(self) -> str:
        return f"p{self.player}:odin:{self.give}/{self.take}" if self.give else f"p{self.player}:odin:pass"


@dataclass(frozen=True, slots=True)
class Thor:
    """Thor: cancel one discard imposed on its owner (X-ID-GOD-THOR-1)."""

    player: int

    def __str__(self) -> str:
        return f"p{self.player}:thor:cancel"


@dataclass(frozen=True, slots=True)
class Capture:
    """A pending Giant: capture the dwarf (``True``), or place it and turn the Giant face down (X-ID-8)."""

    player: int
    capture: bool

    def __str__(self) -> str:
        return f"p{self.player}:capture:{'yes' if self.capture else 'no'}"


@dataclass(frozen=True, slots=True)
class PlaceGullinbursti:
    """Gullinbursti into the column of its owner's choice (X-ID-ANIMAL-HREASVELG-1)."""

    player: int
    column: DwarfClass

    def __str__(self) -> str:
        return f"p{self.player}:gullinbursti:{self.column}"


@dataclass(frozen=True, slots=True)
class ChooseOlrun:
    """Ölrun's class (X-ID-VALK-OLRUN-1)."""

    player: int
    column: DwarfClass

    def __str__(self) -> str:
        return f"p{self.player}:olrun:{self.column}"


@dataclass(frozen=True, slots=True)
class KeepMyth:
    """Skymir: the (up to two) Mythology cards kept of those drawn from the reserve (X-ID-GIANT-SKYMIR-1)."""

    player: int
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"p{self.player}:skymir:{','.join(self.cards)}"


@dataclass(frozen=True, slots=True)
class HrungnirCoin:
    """Hrungnir's capture, Uline's owner: the hand coin transformed next (X-ID-GIANT-HRUNGNIR-3)."""

    player: int
    coin: Coin

    def __str__(self) -> str:
        return f"p{self.player}:hrungnir:{self.coin}"


IdavollAction = (
    Reserve
    | Swap
    | Frigg
    | FriggKeep
    | Odin
    | Thor
    | Capture
    | PlaceGullinbursti
    | ChooseOlrun
    | KeepMyth
    | HrungnirCoin
)

#: the actions of Thingvellir (RULES.md A.7)
ThingvellirAction = (
    TavernDiscard
    | EnlistOrder
    | Enlist
    | Vidofnir
    | TakeDiscarded
    | DiscardCard
    | PlaceDoubles
    | TakeCamp
    | ChooseClass
)
#: the actions of the base game
BaseAction = (
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
#: every action: the one list (``typing.get_args(Action)`` gives the classes, e.g. for ``isinstance``)
Action = BaseAction | ThingvellirAction | IdavollAction


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


_CARD_VERBS: dict[str, type[Pick | Keep | TavernDiscard | TakeDiscarded | DiscardCard | TakeCamp]] = {
    "pick": Pick,
    "keep": Keep,
    "tavern-discard": TavernDiscard,
    "take": TakeDiscarded,
    "discard-card": DiscardCard,
    "camp": TakeCamp,
}


def _card_list(text: str, arg: str, n: tuple[int, ...], example: str) -> tuple[str, ...]:
    cards = tuple(c for c in arg.split(",") if c)
    if len(cards) not in n or any(c not in CARDS for c in cards):
        raise InvalidActionError(f"{text!r}: name the cards, e.g. {example}")
    return cards


def _parse_loki(text: str, player: int, arg: str) -> Action:
    if arg == "pass":
        return Reserve(player, "")
    return Reserve(player, _card_list(text, arg, (1,), "p0:loki:1W3 or p0:loki:pass")[0])


def _parse_freya(text: str, player: int, arg: str) -> Action:
    if arg == "pass":
        return Swap(player, ("", ""))
    a, b = _card_list(text, arg, (2,), "p0:freya:1W3,1E7 or p0:freya:pass")
    return Swap(player, (a, b))


def _parse_frigg_keep(text: str, player: int, arg: str) -> Action:
    kept, _sep, under = arg.partition("/")
    cards = _card_list(text, kept, (1,), "p0:frigg-keep:1E9/1M0,1H2")
    return FriggKeep(player, cards[0], _card_list(text, under, (0, 1, 2), "p0:frigg-keep:1E9/1M0,1H2"))


def _parse_odin(text: str, player: int, arg: str) -> Action:
    if arg == "pass":
        return Odin(player, "", "")
    give, sep, take = arg.partition("/")
    if not sep or give not in ALL_HERO_IDS or take not in ALL_HERO_IDS:
        raise InvalidActionError(f"{text!r}: name two heroes, e.g. p0:odin:grid/khrad, or p0:odin:pass")
    return Odin(player, give, take)


def _parse_thor(text: str, player: int, arg: str) -> Action:
    if arg != "cancel":
        raise InvalidActionError(f"{text!r}: Thor's power is p0:thor:cancel")
    return Thor(player)


def _parse_capture(text: str, player: int, arg: str) -> Action:
    if arg not in ("yes", "no"):
        raise InvalidActionError(f"{text!r}: capture 'yes' or 'no'")
    return Capture(player, arg == "yes")


def _parse_hrungnir(text: str, player: int, arg: str) -> Action:
    coins = _coins(arg)
    if len(coins) != 1:
        raise InvalidActionError(f"{text!r}: name the hand coin transformed next, e.g. p0:hrungnir:5b")
    return HrungnirCoin(player, coins[0])


_IDAVOLL_VERBS: dict[str, Callable[[str, int, str], Action]] = {
    "loki": _parse_loki,
    "freya": _parse_freya,
    "frigg": lambda text, player, arg: Frigg(player, _card_list(text, arg, (1,), "p0:frigg:1W3")[0]),
    "frigg-keep": _parse_frigg_keep,
    "odin": _parse_odin,
    "thor": lambda text, player, arg: _parse_thor(text, player, arg),
    "capture": _parse_capture,
    "gullinbursti": lambda text, player, arg: PlaceGullinbursti(player, _column(arg)),
    "olrun": lambda text, player, arg: ChooseOlrun(player, _column(arg)),
    "skymir": lambda text, player, arg: KeepMyth(
        player, _card_list(text, arg, (0, 1, 2), "p0:skymir:loki,garm")
    ),
    "hrungnir": lambda text, player, arg: _parse_hrungnir(text, player, arg),
}


def parse(text: str) -> Action:
    """Parse the text form of an action; raises InvalidActionError saying what is wrong."""
    parts = text.strip().split(":")
    if len(parts) != 3 or not parts[0].startswith("p") or not parts[0][1:].isdigit():
        raise InvalidActionError(f"{text!r} is not an action: expected 'p<N>:<verb>:<argument>'")
    player, verb, arg = int(parts[0][1:]), parts[1], parts[2]
    if verb == "bid":
        left, sep, right = arg.partition("/")
        t, p = _coins(left), _coins(right)
        if not sep or len(t) != 3 or len(p) not in (1, 2):
            raise InvalidActionError(
                f"{text!r}: a bid is three tavern coins '/' two pouch coins, e.g. 5b,0,4/2,3"
            )
        return Bid(player, (t[0], t[1], t[2]), (p[0], p[1]) if len(p) == 2 else (p[0],))
    if verb == "uline":
        coins = _coins(arg)
        if len(coins) != 1:
            raise InvalidActionError(f"{text!r}: name the coin Uline lays, e.g. p0:uline:7")
        return UlineBid(player, coins[0])
    if verb in _CARD_VERBS:
        if arg not in CARDS:
            raise InvalidActionError(f"{text!r}: there is no card {arg!r}")
        return _CARD_VERBS[verb](player, arg)
    if verb == "enlist-order":
        if arg not in ("first", "last"):
            raise InvalidActionError(f"{text!r}: enlist 'first' or 'last'")
        return EnlistOrder(player, arg == "last")
    if verb == "enlist":
        cid, sep, col = arg.partition("/")
        if not sep or cid not in CARDS:
            raise InvalidActionError(f"{text!r}: name a Mercenary and a class, e.g. p0:enlist:merc3/miner")
        return Enlist(player, cid, _column(col))
    if verb == "vidofnir":
        first, sep, second = arg.partition(",")
        loc, plus, amount = first.partition("+")
        if not sep or not plus or amount not in ("2", "3"):
            raise InvalidActionError(f"{text!r}: e.g. p0:vidofnir:p0+2,p1 (+2 on p0 first, then +3 on p1)")
        return Vidofnir(player, _check_location(loc), int(amount), _check_location(second))
    if verb == "doubles":
        cols = [_column(c) for c in arg.split(",")]
        if len(cols) != 2:
            raise InvalidActionError(f"{text!r}: name two columns, e.g. p0:doubles:miner,hunter")
        return PlaceDoubles(player, (cols[0], cols[1]))
    if verb == "mjollnir":
        return ChooseClass(player, _column(arg))
    if verb in _IDAVOLL_VERBS:
        return _IDAVOLL_VERBS[verb](text, player, arg)
    if verb == "hero":
        if arg not in ALL_HERO_IDS:
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
