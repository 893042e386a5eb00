"""The game flow as typed values: the tasks on ``State.tasks`` and the decision kinds.

The flow of a game is a stack of tasks (``state.tasks``, top = last). Each task is a small frozen
value of one of the classes below. *Automatic* tasks run as soon as they reach the top (the rules
engine, :mod:`nidlib.rules`, has one handler per class); a *decision* task (the ``...Due`` classes)
waits for a player's action, and :func:`nidlib.decision` describes it as a :class:`Decision` whose
``kind`` is a :class:`DecisionKind`.

In JSON (docs/state-schema.md) a task is an array: its ``KIND`` then its fields in order, e.g.
``["pick", 1]``, ``["eval", 2]``, ``["transform", 0, 3, "offering"]``
(:func:`task_to_json`, :func:`task_from_json`).

>>> task_to_json(TransformDue(0, 3, "offering"))
['transform', 0, 3, 'offering']
>>> task_from_json(["trade_discard", 1, "h0", "h1"])
TradeDiscardDue(player=1, locations=('h0', 'h1'))
>>> DecisionKind.PICK == "pick"
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import ClassVar


class DecisionKind(StrEnum):
    """What a decision waits for. A ``StrEnum``: ``decision(s).kind == "bids"`` holds, and JSON shows the text."""

    BIDS = "bids"
    ULINE_BID = "uline_bid"
    PICK = "pick"
    HERO = "hero"
    THRUD = "thrud"
    YLUD = "ylud"
    TRANSFORM = "transform"
    DISCARD = "discard"
    ULINE_TRADE = "uline_trade"
    TRADE_DISCARD = "trade_discard"
    PIONEER = "pioneer"
    # Thingvellir (RULES.md A.7 "decisions to expose")
    TAVERN_DISCARD = "tavern_discard"
    ENLIST_ORDER = "enlist_order"
    ENLIST = "enlist"
    VIDOFNIR = "vidofnir"
    TAKE = "take"
    CARD_DISCARD = "card_discard"
    OLWYN = "olwyn"
    HOLDA = "holda"
    MJOLLNIR = "mjollnir"
    # Idavoll (RULES.md A.7 "decisions to expose")
    LOKI = "loki"
    FREYA = "freya"
    FRIGG = "frigg"
    ODIN = "odin"
    CAPTURE = "capture"
    GULLINBURSTI = "gullinbursti"
    OLRUN = "olrun"
    SKYMIR = "skymir"
    HRUNGNIR = "hrungnir"
    #: no decision: a position paused just before an automatic step (nidlib.content.scenario); nobody acts
    PAUSED = "paused"


# --- automatic tasks ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AgeStart:
    """An Age begins (R-FLOW-1): its rounds follow."""

    KIND: ClassVar[str] = "age_start"
    age: int


@dataclass(frozen=True, slots=True)
class RoundStart:
    """Enter the Dwarves (R-ENTER-1), then the bids (R-BID-1)."""

    KIND: ClassVar[str] = "round_start"


@dataclass(frozen=True, slots=True)
class RevealTavern:
    """Reveal the bids of one tavern (R-REVEAL-1/2)."""

    KIND: ClassVar[str] = "tavern"
    tavern: int


@dataclass(frozen=True, slots=True)
class FixOrder:
    """Fix the pick order of one tavern and push its turns (R-ORDER-1..3)."""

    KIND: ClassVar[str] = "order"
    tavern: int


@dataclass(frozen=True, slots=True)
class RecruitCheck:
    """The golden rule for one player (R-RECRUIT-1): a hero is due while lines >= heroes + 1."""

    KIND: ClassVar[str] = "recruit"
    player: int


@dataclass(frozen=True, slots=True)
class CoinTrade:
    """A coin trade after a pick turn whose bid was a trading coin (R-TRADE-1)."""

    KIND: ClassVar[str] = "trade"
    player: int


@dataclass(frozen=True, slots=True)
class TavernEnd:
    """Leftover cards (R-PICK-3), the gem exchange (R-GEM-1..4), then the next tavern."""

    KIND: ClassVar[str] = "tavern_end"
    tavern: int


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """Coins back to hand (R-ROUND-1); the next round or the end of the Age (R-FLOW-3)."""

    KIND: ClassVar[str] = "round_end"


@dataclass(frozen=True, slots=True)
class YludStep:
    """End of an Age: Ylud's owner places her (R-HERO-YLUD-2/3)."""

    KIND: ClassVar[str] = "ylud_step"
    age: int


@dataclass(frozen=True, slots=True)
class Evaluate:
    """Troop Evaluation of one class, by column index (R-EVAL-2..5)."""

    KIND: ClassVar[str] = "eval"
    column: int


@dataclass(frozen=True, slots=True)
class ThrudHome:
    """Thrud moves to the command zone at the end of the game (R-HERO-THRUD-5)."""

    KIND: ClassVar[str] = "thrud_home"


@dataclass(frozen=True, slots=True)
class FinalScoring:
    """Final scoring (R-END-1, R-SCORE-1)."""

    KIND: ClassVar[str] = "final"


# --- automatic tasks of Thingvellir (RULES.md A.1.8) --------------------------------------------


@dataclass(frozen=True, slots=True)
class CampRefill:
    """Enter the Dwarves with Thingvellir: the empty Camp spaces are filled from the Age's Camp deck (X-TH-3)."""

    KIND: ClassVar[str] = "camp_refill"


@dataclass(frozen=True, slots=True)
class CampClear:
    """The start of Age II: the Age I Camp and its deck go to the Camp discard (X-TH-CAMP-1)."""

    KIND: ClassVar[str] = "camp_clear"


@dataclass(frozen=True, slots=True)
class Enlistment:
    """The end of an Age: every Mercenary in a command zone is enlisted (X-TH-8/9)."""

    KIND: ClassVar[str] = "enlistment"
    age: int


@dataclass(frozen=True, slots=True)
class BrisingamensEnd:
    """The end of Age II: Brisingamens' owner discards one Dwarf card of their army (X-TH-ART-BRISINGAMENS-3)."""

    KIND: ClassVar[str] = "brisingamens_end"


@dataclass(frozen=True, slots=True)
class MjollnirStep:
    """Before final scoring: Mjöllnir's owner chooses a class (X-TH-ART-MJOLLNIR-1, D-X22)."""

    KIND: ClassVar[str] = "mjollnir_step"


# --- decisions ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BidsDue:
    """Every player who has not bid yet places a bid (R-BID-1)."""

    KIND: ClassVar[str] = DecisionKind.BIDS.value


@dataclass(frozen=True, slots=True)
class UlineBidDue:
    """Uline's owner lays a coin on the tavern being revealed (R-HERO-ULINE-4)."""

    KIND: ClassVar[str] = DecisionKind.ULINE_BID.value
    player: int
    tavern: int


@dataclass(frozen=True, slots=True)
class PickDue:
    """A player takes a card from the tavern being resolved (R-PICK-1)."""

    KIND: ClassVar[str] = DecisionKind.PICK.value
    player: int


@dataclass(frozen=True, slots=True)
class HeroDue:
    """A player recruits a hero (R-RECRUIT-2)."""

    KIND: ClassVar[str] = DecisionKind.HERO.value
    player: int


@dataclass(frozen=True, slots=True)
class ThrudDue:
    """A player places Thrud (R-HERO-THRUD-2/3)."""

    KIND: ClassVar[str] = DecisionKind.THRUD.value
    player: int


@dataclass(frozen=True, slots=True)
class YludDue:
    """Ylud's owner places (or moves) her at the end of ``age`` (R-HERO-YLUD-2/3)."""

    KIND: ClassVar[str] = DecisionKind.YLUD.value
    player: int
    age: int


@dataclass(frozen=True, slots=True)
class TransformDue:
    """A player transforms a coin by ``amount``; ``source`` is "offering", "grid" or "kings-hand" (R-XFORM-1)."""

    KIND: ClassVar[str] = DecisionKind.TRANSFORM.value
    player: int
    amount: int
    source: str


@dataclass(frozen=True, slots=True)
class DiscardDue:
    """Bonfur (1 card, not a blacksmith) or Dagda (2, not hunters) discards; ``exclude`` = column index."""

    KIND: ClassVar[str] = DecisionKind.DISCARD.value
    player: int
    count: int
    exclude: int


@dataclass(frozen=True, slots=True)
class UlineTradeDue:
    """Uline's owner chooses the two coins of a trade from her hand (R-HERO-ULINE-5)."""

    KIND: ClassVar[str] = DecisionKind.ULINE_TRADE.value
    player: int


@dataclass(frozen=True, slots=True)
class TradeDiscardDue:
    """Two equal coins of different kinds: the owner chooses the one to discard (R-TRADE-4).

    ``locations`` are the two coins in hand for Uline's owner; ``None`` means the pouch (``p0``, ``p1``).
    """

    KIND: ClassVar[str] = DecisionKind.TRADE_DISCARD.value
    player: int
    locations: tuple[str, str] | None = None

    @property
    def choices(self) -> tuple[str, str]:
        """The two coin locations to choose from."""
        return ("p0", "p1") if self.locations is None else self.locations


@dataclass(frozen=True, slots=True)
class PioneerDue:
    """The Pioneer of the Kingdom keeps one of the drawn cards (R-DIST-PIONEER-1)."""

    KIND: ClassVar[str] = DecisionKind.PIONEER.value
    player: int


@dataclass(frozen=True, slots=True)
class TavernDiscardDue:
    """2 players: the first player who visited the Camp discards one tavern card (X-TH-6)."""

    KIND: ClassVar[str] = DecisionKind.TAVERN_DISCARD.value
    player: int


@dataclass(frozen=True, slots=True)
class EnlistOrderDue:
    """The player with the most Mercenaries chooses to enlist first or last (X-TH-9)."""

    KIND: ClassVar[str] = DecisionKind.ENLIST_ORDER.value
    player: int


@dataclass(frozen=True, slots=True)
class EnlistDue:
    """A player enlists one of their Mercenaries into one of its two classes (X-TH-9, X-TH-MERC-1)."""

    KIND: ClassVar[str] = DecisionKind.ENLIST.value
    player: int


@dataclass(frozen=True, slots=True)
class VidofnirDue:
    """Vidofnir & Vedrfölnir: which coin gets +2, which +3, and in which order (X-TH-ART-VIDOFNIR-1)."""

    KIND: ClassVar[str] = DecisionKind.VIDOFNIR.value
    player: int


@dataclass(frozen=True, slots=True)
class TakeDue:
    """Andumia or Brisingamens: take a card of the discard pile; ``exclude`` = a card already taken
    by the same effect (X-TH-HERO-ANDUMIA-1, X-TH-ART-BRISINGAMENS-1)."""

    KIND: ClassVar[str] = DecisionKind.TAKE.value
    player: int
    source: str
    exclude: str = ""


@dataclass(frozen=True, slots=True)
class CardDiscardDue:
    """Höfud (a card of the Warrior column) or the Brisingamens end of Age II discard (any Dwarf card)
    (X-TH-ART-HOFUD-1, X-TH-ART-BRISINGAMENS-3)."""

    KIND: ClassVar[str] = DecisionKind.CARD_DISCARD.value
    player: int
    source: str


@dataclass(frozen=True, slots=True)
class OlwynDue:
    """Olwyn's owner places his two doubles in two different columns (X-TH-HERO-OLWYN-1)."""

    KIND: ClassVar[str] = DecisionKind.OLWYN.value
    player: int


@dataclass(frozen=True, slots=True)
class HoldaDue:
    """Holda's owner takes one Camp card (X-TH-HERO-HOLDA-1)."""

    KIND: ClassVar[str] = DecisionKind.HOLDA.value
    player: int


@dataclass(frozen=True, slots=True)
class MjollnirDue:
    """Mjöllnir's owner chooses the class it scores (X-TH-ART-MJOLLNIR-1)."""

    KIND: ClassVar[str] = DecisionKind.MJOLLNIR.value
    player: int


@dataclass(frozen=True, slots=True)
class GodsStep:
    """Idavoll: the end of Enter the Dwarves, before the bids: Loki, then Freya (X-ID-SEQ-1)."""

    KIND: ClassVar[str] = "gods"


@dataclass(frozen=True, slots=True)
class OdinStep:
    """Idavoll: the end of a pick turn of Odin's owner: Odin's exchange is offered if one is possible
    (X-ID-GOD-ODIN-1, X-ID-SEQ-3)."""

    KIND: ClassVar[str] = "odin_step"
    player: int


@dataclass(frozen=True, slots=True)
class LokiDue:
    """Loki's owner may put the Power token on one tavern card, or pass (X-ID-GOD-LOKI-1)."""

    KIND: ClassVar[str] = DecisionKind.LOKI.value
    player: int


@dataclass(frozen=True, slots=True)
class FreyaDue:
    """Freya's owner may swap two cards of two taverns, or pass (X-ID-GOD-FREYA-1)."""

    KIND: ClassVar[str] = DecisionKind.FREYA.value
    player: int


@dataclass(frozen=True, slots=True)
class FriggDue:
    """Frigg's owner keeps one of the three cards drawn from the Age deck (X-ID-GOD-FRIGG-1)."""

    KIND: ClassVar[str] = DecisionKind.FRIGG.value
    player: int


@dataclass(frozen=True, slots=True)
class OdinDue:
    """Odin's owner may exchange one of their neutral heroes for one of the display, or pass (X-ID-GOD-ODIN-1)."""

    KIND: ClassVar[str] = DecisionKind.ODIN.value
    player: int


@dataclass(frozen=True, slots=True)
class CaptureDue:
    """A Giant waits for this dwarf: capture it, or place it and turn the Giant face down (X-ID-8)."""

    KIND: ClassVar[str] = DecisionKind.CAPTURE.value
    player: int
    card: str


@dataclass(frozen=True, slots=True)
class GullinburstiDue:
    """Hreasvelg's owner places Gullinbursti in the column of their choice (X-ID-ANIMAL-HREASVELG-1)."""

    KIND: ClassVar[str] = DecisionKind.GULLINBURSTI.value
    player: int


@dataclass(frozen=True, slots=True)
class OlrunDue:
    """Ölrun's owner chooses her class (X-ID-VALK-OLRUN-1)."""

    KIND: ClassVar[str] = DecisionKind.OLRUN.value
    player: int


@dataclass(frozen=True, slots=True)
class SkymirDue:
    """Skymir's capture: keep 2 of the cards drawn from the Mythology reserve (X-ID-GIANT-SKYMIR-1)."""

    KIND: ClassVar[str] = DecisionKind.SKYMIR.value
    player: int


@dataclass(frozen=True, slots=True)
class HrungnirDue:
    """Hrungnir's capture, Uline's owner: the next hand coin to transform by +2 (X-ID-GIANT-HRUNGNIR-3).

    ``coins`` are the hand coins still to transform, as coin texts joined by commas (``"4,5b,9"``):
    at least two different coins, else nothing is left to choose.
    """

    KIND: ClassVar[str] = DecisionKind.HRUNGNIR.value
    player: int
    coins: str


AutoTask = (
    AgeStart
    | RoundStart
    | RevealTavern
    | FixOrder
    | RecruitCheck
    | CoinTrade
    | TavernEnd
    | RoundEnd
    | YludStep
    | Evaluate
    | ThrudHome
    | FinalScoring
    | CampRefill
    | CampClear
    | Enlistment
    | BrisingamensEnd
    | MjollnirStep
    | GodsStep
    | OdinStep
)
PlayerDecision = (
    UlineBidDue
    | PickDue
    | HeroDue
    | ThrudDue
    | YludDue
    | TransformDue
    | DiscardDue
    | UlineTradeDue
    | TradeDiscardDue
    | PioneerDue
    | TavernDiscardDue
    | EnlistOrderDue
    | EnlistDue
    | VidofnirDue
    | TakeDue
    | CardDiscardDue
    | OlwynDue
    | HoldaDue
    | MjollnirDue
    | LokiDue
    | FreyaDue
    | FriggDue
    | OdinDue
    | CaptureDue
    | GullinburstiDue
    | OlrunDue
    | SkymirDue
    | HrungnirDue
)
DecisionTask = BidsDue | PlayerDecision
Task = AutoTask | DecisionTask

AUTOMATIC: tuple[type[AutoTask], ...] = (
    AgeStart,
    RoundStart,
    RevealTavern,
    FixOrder,
    RecruitCheck,
    CoinTrade,
    TavernEnd,
    RoundEnd,
    YludStep,
    Evaluate,
    ThrudHome,
    FinalScoring,
    CampRefill,
    CampClear,
    Enlistment,
    BrisingamensEnd,
    MjollnirStep,
    GodsStep,
    OdinStep,
)
DECISIONS: tuple[type[DecisionTask], ...] = (
    BidsDue,
    UlineBidDue,
    PickDue,
    HeroDue,
    ThrudDue,
    YludDue,
    TransformDue,
    DiscardDue,
    UlineTradeDue,
    TradeDiscardDue,
    PioneerDue,
    TavernDiscardDue,
    EnlistOrderDue,
    EnlistDue,
    VidofnirDue,
    TakeDue,
    CardDiscardDue,
    OlwynDue,
    HoldaDue,
    MjollnirDue,
    LokiDue,
    FreyaDue,
    FriggDue,
    OdinDue,
    CaptureDue,
    GullinburstiDue,
    OlrunDue,
    SkymirDue,
    HrungnirDue,
)
#: every task class by its JSON name
TASK_CLASSES: dict[str, type[Task]] = {c.KIND: c for c in (*AUTOMATIC, *DECISIONS)}


def is_automatic(t: Task) -> bool:
    """Whether ``t`` runs by itself (else it waits for a decision)."""
    return isinstance(t, AUTOMATIC)


def player_of(t: Task) -> int | None:
    """The player a task concerns, if any."""
    return t.player if isinstance(t, RecruitCheck | CoinTrade | OdinStep | PlayerDecision) else None


def decision_kind(t: DecisionTask) -> DecisionKind:
    return DecisionKind(t.KIND)


def task_to_json(t: Task) -> list[int | str]:
    """The JSON array of a task: its kind, then its fields (docs/state-schema.md)."""
    if isinstance(t, TradeDiscardDue):
        return [t.KIND, t.player] if t.locations is None else [t.KIND, t.player, *t.locations]
    if isinstance(t, TakeDue) and not t.exclude:
        return [t.KIND, t.player, t.source]
    out: list[int | str] = [t.KIND]
    out.extend(getattr(t, f.name) for f in fields(t))
    return out


def _int(x: int | str) -> int:
    assert isinstance(x, int), x
    return x


def _str(x: int | str) -> str:
    assert isinstance(x, str), x
    return x


_FROM_INTS: dict[str, Callable[[list[int]], Task]] = {
    "age_start": lambda a: AgeStart(a[0]),
    "round_start": lambda a: RoundStart(),
    "tavern": lambda a: RevealTavern(a[0]),
    "order": lambda a: FixOrder(a[0]),
    "recruit": lambda a: RecruitCheck(a[0]),
    "trade": lambda a: CoinTrade(a[0]),
    "tavern_end": lambda a: TavernEnd(a[0]),
    "round_end": lambda a: RoundEnd(),
    "ylud_step": lambda a: YludStep(a[0]),
    "eval": lambda a: Evaluate(a[0]),
    "thrud_home": lambda a: ThrudHome(),
    "final": lambda a: FinalScoring(),
    "bids": lambda a: BidsDue(),
    "uline_bid": lambda a: UlineBidDue(a[0], a[1]),
    "pick": lambda a: PickDue(a[0]),
    "hero": lambda a: HeroDue(a[0]),
    "thrud": lambda a: ThrudDue(a[0]),
    "ylud": lambda a: YludDue(a[0], a[1]),
    "discard": lambda a: DiscardDue(a[0], a[1], a[2]),
    "uline_trade": lambda a: UlineTradeDue(a[0]),
    "pioneer": lambda a: PioneerDue(a[0]),
    "camp_refill": lambda a: CampRefill(),
    "camp_clear": lambda a: CampClear(),
    "enlistment": lambda a: Enlistment(a[0]),
    "brisingamens_end": lambda a: BrisingamensEnd(),
    "mjollnir_step": lambda a: MjollnirStep(),
    "tavern_discard": lambda a: TavernDiscardDue(a[0]),
    "enlist_order": lambda a: EnlistOrderDue(a[0]),
    "enlist": lambda a: EnlistDue(a[0]),
    "vidofnir": lambda a: VidofnirDue(a[0]),
    "olwyn": lambda a: OlwynDue(a[0]),
    "holda": lambda a: HoldaDue(a[0]),
    "mjollnir": lambda a: MjollnirDue(a[0]),
    "gods": lambda a: GodsStep(),
    "odin_step": lambda a: OdinStep(a[0]),
    "loki": lambda a: LokiDue(a[0]),
    "freya": lambda a: FreyaDue(a[0]),
    "frigg": lambda a: FriggDue(a[0]),
    "odin": lambda a: OdinDue(a[0]),
    "gullinbursti": lambda a: GullinburstiDue(a[0]),
    "olrun": lambda a: OlrunDue(a[0]),
    "skymir": lambda a: SkymirDue(a[0]),
}


def task_from_json(items: list[int | str]) -> Task:
    """The task of a JSON array whose kind, arity and field types are already checked (the loader does)."""
    kind = _str(items[0])
    if kind == TransformDue.KIND:
        return TransformDue(_int(items[1]), _int(items[2]), _str(items[3]))
    if kind == TakeDue.KIND:
        return TakeDue(_int(items[1]), _str(items[2]), _str(items[3]) if len(items) > 3 else "")
    if kind == CardDiscardDue.KIND:
        return CardDiscardDue(_int(items[1]), _str(items[2]))
    if kind == CaptureDue.KIND:
        return CaptureDue(_int(items[1]), _str(items[2]))
    if kind == HrungnirDue.KIND:
        return HrungnirDue(_int(items[1]), _str(items[2]))
    if kind == TradeDiscardDue.KIND:
        if len(items) == 2:
            return TradeDiscardDue(_int(items[1]))
        return TradeDiscardDue(_int(items[1]), (_str(items[2]), _str(items[3])))
    return _FROM_INTS[kind]([_int(x) for x in items[1:]])


@dataclass(frozen=True, slots=True)
class Decision:
    """What the game waits for: which players must act, and the kind of action.

    ``params`` give the details some decisions need: ``amount`` and ``source`` of a transformation,
    ``count`` and ``exclude`` (a class) of a discard, the ``age`` of Ylud's placement.
    """

    kind: DecisionKind
    players: tuple[int, ...]
    params: dict[str, int | str] = field(default_factory=dict)


__all__ = [
    "AUTOMATIC",
    "DECISIONS",
    "TASK_CLASSES",
    "AgeStart",
    "AutoTask",
    "BidsDue",
    "BrisingamensEnd",
    "CampClear",
    "CampRefill",
    "CaptureDue",
    "CardDiscardDue",
    "CoinTrade",
    "Decision",
    "DecisionKind",
    "DecisionTask",
    "DiscardDue",
    "EnlistDue",
    "EnlistOrderDue",
    "Enlistment",
    "Evaluate",
    "FinalScoring",
    "FixOrder",
    "FreyaDue",
    "FriggDue",
    "GodsStep",
    "GullinburstiDue",
    "HeroDue",
    "HoldaDue",
    "HrungnirDue",
    "LokiDue",
    "MjollnirDue",
    "MjollnirStep",
    "OdinDue",
    "OdinStep",
    "OlrunDue",
    "OlwynDue",
    "PickDue",
    "PioneerDue",
    "PlayerDecision",
    "RecruitCheck",
    "RevealTavern",
    "RoundEnd",
    "RoundStart",
    "SkymirDue",
    "TakeDue",
    "Task",
    "TavernDiscardDue",
    "TavernEnd",
    "ThrudDue",
    "ThrudHome",
    "TradeDiscardDue",
    "TransformDue",
    "UlineBidDue",
    "UlineTradeDue",
    "VidofnirDue",
    "YludDue",
    "YludStep",
    "decision_kind",
    "is_automatic",
    "player_of",
    "task_from_json",
    "task_to_json",
]
