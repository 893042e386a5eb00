"""What every phase of the rules shares: constants, event helpers, army arithmetic, task and action registries.

Rule ids: R-SETUP-2 and R-SETUP-6 (gems by player count), R-FLOW-3 (rounds per Age), R-ENTER-1 (tavern size),
R-ARMY-2 and R-LINE-1 (ranks and lines), R-RECRUIT-7 with R-HERO-HOURYA-2,
R-HERO-BONFUR-3 and R-HERO-DAGDA-3 (which heroes may be recruited), R-BID-4 (Uline's owner),
R-TRADE-2 and R-HERO-ULINE-5 (the two coins a trade sums), R-XFORM-6 (the Royal Offerings),
and the rule each decision kind cites (``DECISION_RULE``): R-BID-1, R-HERO-ULINE-4, R-ORDER-1, R-RECRUIT-2,
R-HERO-THRUD-3, R-HERO-YLUD-2, R-XFORM-1, R-HERO-BONFUR-2, R-TRADE-4, R-DIST-PIONEER-1, R-HERO-YLUD-5,
X-TH-6, X-TH-9, X-TH-ART-HOFUD-1, X-TH-ART-MJOLLNIR-1, X-TH-ART-VIDOFNIR-1, X-TH-HERO-ANDUMIA-1,
X-TH-HERO-ANDUMIA-2, X-TH-HERO-HOLDA-1, X-TH-HERO-JARIKA-1, X-TH-HERO-OLWYN-1, X-TH-HERO-OLWYN-2,
X-TH-MERC-1.  The phase modules register a handler per automatic task (:func:`_handles`) and per action (:func:`_does`); :mod:`nidlib.rules.flow` runs them. Decision and automatic tasks that the hot paths push are interned here (``_PICK_DUE[i]``...): they are frozen values,
so one of each is enough, R-HERO-DAGDA-2, R-PICK-3, X-ID-1, X-ID-3, X-ID-4, X-ID-8, X-ID-ANIMAL-DURATHOR-1,
X-ID-ANIMAL-HREASVELG-1, X-ID-GIANT-HRUNGNIR-3, X-ID-GIANT-SKYMIR-1, X-ID-GIANT-THRIVALDI-2, X-ID-GOD-FREYA-1, X-ID-GOD-FRIGG-1,
X-ID-GOD-LOKI-1, X-ID-GOD-ODIN-1, X-ID-GOD-THOR-1, X-ID-GOD-THOR-2, X-ID-VALK-OLRUN-1, X-TH-5.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar, cast

from nidlib.core.actions import (
    Action,
    Bid,
    Capture,
    ChooseClass,
    ChooseOlrun,
    Discard,
    DiscardCard,
    Enlist,
    EnlistOrder,
    FriggKeep,
    HrungnirCoin,
    Keep,
    KeepMyth,
    Odin,
    Pick,
    PlaceDoubles,
    PlaceGullinbursti,
    PlaceThrud,
    PlaceYlud,
    Recruit,
    Reserve,
    Swap,
    TakeCamp,
    TakeDiscarded,
    TavernDiscard,
    TradeCoins,
    TradeDiscard,
    Transform,
    UlineBid,
    Vidofnir,
)
from nidlib.core.cards import CARDS, CLASSES, GIANT_INDEX, HOURYA_EXPLORERS, Artifact, CardKind, Hero, Myth
from nidlib.core.coins import Coin, CoinKind
from nidlib.core.errors import Violation
from nidlib.core.events import Event
from nidlib.core.places import SLOTS, hand_place
from nidlib.core.state import Player, State
from nidlib.core.tasks import (
    AutoTask,
    BidsDue,
    CoinTrade,
    DecisionKind,
    FixOrder,
    HeroDue,
    PickDue,
    RecruitCheck,
    RevealTavern,
    RoundEnd,
    RoundStart,
    Task,
    TavernEnd,
    ThrudDue,
)

Log = list[Event] | None
#: the sort key of the coins' order (``Coin.__lt__`` compares the same ``_key``), without a Python call per comparison
_COIN_ORDER = attrgetter("_key")

W, H, M, B, E = range(5)
#: the gems dealt for each player count (R-SETUP-2)
GEMS_BY_PLAYERS: dict[int, tuple[int, ...]] = {2: (4, 5), 3: (3, 4, 5), 4: (2, 3, 4, 5), 5: (1, 2, 3, 4, 5)}
ROUNDS_PER_AGE: dict[int, int] = {2: 4, 3: 4, 4: 3, 5: 3}  # R-FLOW-3, R-SETUP-6


def rounds_in_age(players: int, age: int, *, idavoll: bool = False) -> int:
    """Rounds of an Age (R-FLOW-3): 4 at 2-3 players, 3 at 4-5; with Idavoll Age I has one more (X-ID-3)."""
    return ROUNDS_PER_AGE[players] + (1 if idavoll and age == 1 else 0)


#: the two coins a coin trade sums (R-TRADE-2): the pouch, or Uline's owner's two hand coins (R-HERO-ULINE-5)
_POUCH_PAIR: tuple[str, str] = (str(SLOTS[3]), str(SLOTS[4]))
_HAND_PAIR: tuple[str, str] = (str(hand_place(0)), str(hand_place(1)))

#: hero ids as plain strings: cheaper to compare than enum members in the hot paths
BONFUR: str = Hero.BONFUR.value
DAGDA: str = Hero.DAGDA.value
GRID: str = Hero.GRID.value
HOURYA: str = Hero.HOURYA.value
THRUD: str = Hero.THRUD.value
ULINE: str = Hero.ULINE.value
YLUD: str = Hero.YLUD.value
ANDUMIA: str = Hero.ANDUMIA.value
JARIKA: str = Hero.JARIKA.value
MEGINGJORD: str = Artifact.MEGINGJORD.value
THOR: str = Myth.THOR.value
DURATHOR: str = Myth.DURATHOR.value
#: the kinds of the Mythology cards (X-ID-1)
MYTH_KINDS = frozenset({CardKind.ANIMAL, CardKind.GOD, CardKind.GIANT, CardKind.VALKYRIE})
#: Thrivaldi's place in ``Idavoll.captured`` (X-ID-GIANT-THRIVALDI-2)
_THRIVALDI = GIANT_INDEX[Myth.THRIVALDI.value]
#: ranks each card adds to its column (R-ARMY-2); Ylud, a Mercenary and a double count 1 where they sit
#: (R-HERO-YLUD-5, X-TH-MERC-1, X-TH-HERO-OLWYN-2).
RANKS: dict[str, int] = {cid: len(c.ranks) for cid, c in CARDS.items()}
RANKS[YLUD] = 1
RANKS.update(
    {
        cid: 1
        for cid, c in CARDS.items()
        if c.kind in (CardKind.MERCENARY, CardKind.DOUBLE, CardKind.GULLINBURSTI)
    }
)
_RANK_OF = RANKS.__getitem__
#: the column index each card goes to (neutral cards have none)
COLUMN_OF: dict[str, int] = {cid: CLASSES.index(c.cls) for cid, c in CARDS.items() if c.cls is not None}
_DWARF_LIKE: frozenset[str] = frozenset(cid for cid, c in CARDS.items() if c.is_dwarf_like)
#: the discard-pile cards Andumia and Brisingamens may take: Dwarf cards and Royal Offerings (X-TH-HERO-ANDUMIA-1)
_TAKEABLE: frozenset[str] = frozenset(
    cid for cid, c in CARDS.items() if c.kind in (CardKind.DWARF, CardKind.ARMORER, CardKind.ROYAL_OFFERING)
)
#: the Royal Offerings and their amounts (R-XFORM-6)
_OFFERING: dict[str, int] = {cid: c.offering for cid, c in CARDS.items() if c.kind is CardKind.ROYAL_OFFERING}
DECISION_RULE: dict[DecisionKind, str] = {
    DecisionKind.BIDS: "R-BID-1",
    DecisionKind.ULINE_BID: "R-HERO-ULINE-4",
    DecisionKind.PICK: "R-ORDER-1",
    DecisionKind.HERO: "R-RECRUIT-2",
    DecisionKind.THRUD: "R-HERO-THRUD-3",
    DecisionKind.YLUD: "R-HERO-YLUD-2",
    DecisionKind.TRANSFORM: "R-XFORM-1",
    DecisionKind.DISCARD: "R-HERO-BONFUR-2",
    DecisionKind.ULINE_TRADE: "R-HERO-ULINE-5",
    DecisionKind.TRADE_DISCARD: "R-TRADE-4",
    DecisionKind.PIONEER: "R-DIST-PIONEER-1",
    DecisionKind.TAVERN_DISCARD: "X-TH-6",
    DecisionKind.ENLIST_ORDER: "X-TH-9",
    DecisionKind.ENLIST: "X-TH-MERC-1",
    DecisionKind.VIDOFNIR: "X-TH-ART-VIDOFNIR-1",
    DecisionKind.TAKE: "X-TH-HERO-ANDUMIA-1",
    DecisionKind.CARD_DISCARD: "X-TH-ART-HOFUD-1",
    DecisionKind.OLWYN: "X-TH-HERO-OLWYN-1",
    DecisionKind.HOLDA: "X-TH-HERO-HOLDA-1",
    DecisionKind.MJOLLNIR: "X-TH-ART-MJOLLNIR-1",
    DecisionKind.LOKI: "X-ID-GOD-LOKI-1",
    DecisionKind.FREYA: "X-ID-GOD-FREYA-1",
    DecisionKind.FRIGG: "X-ID-GOD-FRIGG-1",
    DecisionKind.ODIN: "X-ID-GOD-ODIN-1",
    DecisionKind.CAPTURE: "X-ID-8",
    DecisionKind.GULLINBURSTI: "X-ID-ANIMAL-HREASVELG-1",
    DecisionKind.OLRUN: "X-ID-VALK-OLRUN-1",
    DecisionKind.SKYMIR: "X-ID-GIANT-SKYMIR-1",
    DecisionKind.HRUNGNIR: "X-ID-GIANT-HRUNGNIR-3",
}
ACTION_OF: dict[DecisionKind, type[Action]] = {
    DecisionKind.BIDS: Bid,
    DecisionKind.ULINE_BID: UlineBid,
    DecisionKind.PICK: Pick,
    DecisionKind.HERO: Recruit,
    DecisionKind.THRUD: PlaceThrud,
    DecisionKind.YLUD: PlaceYlud,
    DecisionKind.TRANSFORM: Transform,
    DecisionKind.DISCARD: Discard,
    DecisionKind.ULINE_TRADE: TradeCoins,
    DecisionKind.TRADE_DISCARD: TradeDiscard,
    DecisionKind.PIONEER: Keep,
    DecisionKind.TAVERN_DISCARD: TavernDiscard,
    DecisionKind.ENLIST_ORDER: EnlistOrder,
    DecisionKind.ENLIST: Enlist,
    DecisionKind.VIDOFNIR: Vidofnir,
    DecisionKind.TAKE: TakeDiscarded,
    DecisionKind.CARD_DISCARD: DiscardCard,
    DecisionKind.OLWYN: PlaceDoubles,
    DecisionKind.HOLDA: TakeCamp,
    DecisionKind.MJOLLNIR: ChooseClass,
    DecisionKind.LOKI: Reserve,
    DecisionKind.FREYA: Swap,
    DecisionKind.FRIGG: FriggKeep,
    DecisionKind.ODIN: Odin,
    DecisionKind.CAPTURE: Capture,
    DecisionKind.GULLINBURSTI: PlaceGullinbursti,
    DecisionKind.OLRUN: ChooseOlrun,
    DecisionKind.SKYMIR: KeepMyth,
    DecisionKind.HRUNGNIR: HrungnirCoin,
}
#: the tasks the hot paths push, interned: tasks are frozen values, so one of each is enough
_PICK_DUE = tuple(PickDue(i) for i in range(5))
_RECRUIT = tuple(RecruitCheck(i) for i in range(5))
_TRADE = tuple(CoinTrade(i) for i in range(5))
_HERO_DUE = tuple(HeroDue(i) for i in range(5))
_THRUD_DUE = tuple(ThrudDue(i) for i in range(5))
_REVEAL = tuple(RevealTavern(t) for t in range(3))
_ORDER = tuple(FixOrder(t) for t in range(3))
_TAVERN_END = tuple(TavernEnd(t) for t in range(3))
_ROUND_START = RoundStart()
_ROUND_END = RoundEnd()
_BIDS_DUE = BidsDue()


def _ev(
    log: Log, key: str, rule: str, player: int | None = None, visible_to: int | None = None, **params: Any
) -> None:
    if log is not None:
        log.append(Event(key, rule, params, player, visible_to))


def _t(tavern: int) -> str:
    return f"@tavern.{tavern}"


def _c(ci: int) -> str:
    return f"@class.{CLASSES[ci].value}"


def _value(c: Coin | None) -> str:
    return "-" if c is None else str(c.value)


def _coin_term(c: Coin | None) -> str:
    """The learner's name of a coin: "0", "7", "green 3", "basic 5"."""
    if c is None:
        return "-"
    return (
        f"@coin.{c}" if c.kind is CoinKind.SPECIAL or (c.kind is CoinKind.BASIC and c.value == 5) else str(c)
    )


def _card(cid: str) -> str:
    return f"@card.{cid}"


# --- army arithmetic (R-ARMY-2, R-LINE-1) ----------------------------------------------


def ranks(p: Player, ci: int) -> int:
    """Ranks in column ``ci``: rank symbols of every card there, plus Thrud if she sits there."""
    n = 0
    for cid in p.columns[ci]:
        n += RANKS[cid]
    return n + 1 if p.thrud == ci else n


def lines(p: Player) -> int:
    """Complete lines: the smallest rank count over the five columns (R-LINE-1)."""
    return min(ranks(p, 0), ranks(p, 1), ranks(p, 2), ranks(p, 3), ranks(p, 4))


def has_lines(p: Player, k: int) -> bool:
    """``lines(p) >= k``, answered fast: every card has at least one rank, so most columns need no sum."""
    thrud = p.thrud
    if thrud < 0:  # the common case: Thrud is not in the army
        for col in p.columns:  # noqa: SIM110 (a loop: no generator frame on the hot path)
            if len(col) < k and sum(map(_RANK_OF, col)) < k:  # the sum runs in C
                return False
        return True
    for ci, col in enumerate(p.columns):
        n = len(col) + (ci == thrud)
        if n < k and sum(map(_RANK_OF, col)) + (ci == thrud) < k:
            return False
    return True


def discardable_columns(p: Player, exclude: int) -> list[int]:
    """Columns whose top card is a dwarf (or the special blacksmith) and not Thrud (R-HERO-DAGDA-3)."""
    return [
        ci
        for ci in range(5)
        if ci != exclude and p.columns[ci] and p.thrud != ci and p.columns[ci][-1] in _DWARF_LIKE
    ]


#: the heroes with a recruitment prerequisite (R-HERO-HOURYA-2, R-HERO-BONFUR-3, R-HERO-DAGDA-3,
#: X-TH-HERO-ANDUMIA-2)
_SPECIAL_PREREQUISITE = frozenset({HOURYA, BONFUR, DAGDA, ANDUMIA})


def eligible_heroes(s: State, p: Player) -> list[str]:
    """Heroes this player could recruit now (R-RECRUIT-7): in the display and prerequisites met."""
    return [h for h in s.heroes_available if h not in _SPECIAL_PREREQUISITE or _prerequisite_met(s, p, h)]


def _prerequisite_met(s: State, p: Player, h: str) -> bool:
    """Whether ``p`` meets the recruitment prerequisite of hero ``h`` (one of ``_SPECIAL_PREREQUISITE``)."""
    if h == HOURYA:  # R-HERO-HOURYA-2
        return ranks(p, E) >= HOURYA_EXPLORERS
    if h == BONFUR:  # R-HERO-BONFUR-3
        return len(discardable_columns(p, B)) >= discards_needed(s, p, BONFUR)
    if h == DAGDA:  # R-HERO-DAGDA-3
        return len(discardable_columns(p, H)) >= discards_needed(s, p, DAGDA)
    if h == ANDUMIA:  # X-TH-HERO-ANDUMIA-2
        return any(c in _TAKEABLE for c in s.discard)
    return True


def dagda_discards(s: State, p: Player) -> int:
    """Dagda's discards: 2, or 1 for the owner of Durathor (R-HERO-DAGDA-2, X-ID-ANIMAL-DURATHOR-1)."""
    return 1 if s.idavoll is not None and DURATHOR in p.columns[H] else 2


def thor_ready(s: State, p: Player) -> bool:
    """Whether ``p`` owns Thor with his Power token unused (X-ID-GOD-THOR-1)."""
    part = s.idavoll
    return part is not None and THOR in p.command_zone and THOR not in part.used


def discards_needed(s: State, p: Player, hero: str) -> int:
    """Discardable columns Bonfur (1) or Dagda (2, or 1 with Durathor) needs to be recruited
    (R-HERO-BONFUR-3, R-HERO-DAGDA-3); one fewer while Thor's token is unused (X-ID-GOD-THOR-2)."""
    n = 1 if hero == BONFUR else dagda_discards(s, p)
    return n - 1 if thor_ready(s, p) else n


def heroes_for_lines(s: State, p: Player) -> int:
    """The ``H`` of the golden rule: heroes owned, less Thrivaldi's free hero (X-ID-GIANT-THRIVALDI-2)."""
    part = s.idavoll
    if part is not None and part.captured[_THRIVALDI] not in ("", "-") and Myth.THRIVALDI in p.command_zone:
        return len(p.heroes) - 1
    return len(p.heroes)


def discard_tavern_card(s: State, cid: str) -> None:
    """A tavern card nobody takes goes to the discard pile (R-PICK-3, X-TH-5/6); a Mythology card is
    removed from the game instead (X-ID-4)."""
    part = s.idavoll
    if part is not None and CARDS[cid].kind in MYTH_KINDS:
        part.removed.append(cid)
        if part.loki == cid:
            part.loki = ""
        return
    if part is not None and part.loki == cid:
        part.loki = ""
    s.discard.append(cid)


def _any_eligible(s: State, p: Player) -> bool:
    """``bool(eligible_heroes(s, p))``, without building the list: most heroes have no prerequisite."""
    for h in s.heroes_available:
        if h not in _SPECIAL_PREREQUISITE:
            return True
    return bool(eligible_heroes(s, p))


def uline_owner(s: State) -> int | None:
    """The player who owns Uline, if any: she keeps her coins and does not bid (R-BID-4)."""
    for i, p in enumerate(s.players):
        if ULINE in p.heroes:
            return i
    return None


TAVERN_SIZE: dict[int, int] = {2: 3, 3: 3, 4: 4, 5: 5}  # R-ENTER-1


_T = TypeVar("_T", bound=AutoTask)
#: the handler of each kind of automatic task, by exact type (a decision task has none)
_TASKS: dict[type[object], Callable[[State, Task, Log], None]] = {}


def _handles(
    kind: type[_T],
) -> Callable[[Callable[[State, _T, Log], None]], Callable[[State, _T, Log], None]]:
    """Register the handler of one kind of automatic task (the dispatcher calls it with that kind only)."""

    def register(fn: Callable[[State, _T, Log], None]) -> Callable[[State, _T, Log], None]:
        _TASKS[kind] = cast(Callable[[State, Task, Log], None], fn)
        return fn

    return register


_A = TypeVar("_A", bound=Action)
_DO: dict[type[object], Callable[[State, Action, Log], None]] = {}


def _does(kind: type[_A], fn: Callable[[State, _A, Log], None]) -> None:
    """Register how one kind of action is applied (``_DO`` calls it with that kind only)."""
    _DO[kind] = cast(Callable[[State, Action, Log], None], fn)


#: an expansion's decisions: their legal actions (by decision task type) and the check of their actions
#: (by action type), registered by the expansion's module (nidlib.rules.thingvellir)
_LEGAL: dict[type[object], Callable[[State, Any], list[Action]]] = {}
_CHECK: dict[type[object], Callable[[State, Any, Any], Violation | None]] = {}


def trade_bonus(p: Player) -> int:
    """Jarika: +2 on the target of every coin trade and transformation of her owner (X-TH-HERO-JARIKA-1)."""
    return 2 if JARIKA in p.heroes else 0


def _shuffle(s: State, deck: list[str]) -> None:
    s.shuffles += 1
    random.Random(f"{s.options.seed}:{s.shuffles}").shuffle(deck)
