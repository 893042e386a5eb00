"""What the game waits for, the legal actions, and why an action is illegal.

Rule ids: R-FLOW-2 (a malformed action), R-COIN-4 (a player view), R-END-1, R-SETUP-6, R-BID-1, R-BID-3,
R-BID-4, R-HERO-ULINE-4, R-PICK-1, R-ORDER-1, R-RECRUIT-2, R-COMP-4, R-HERO-HOURYA-2, R-HERO-BONFUR-2,
R-HERO-BONFUR-3, R-HERO-DAGDA-2, R-HERO-DAGDA-3, R-HERO-THRUD-3, R-HERO-YLUD-2, R-XFORM-1, R-XFORM-2,
R-HERO-ULINE-5, R-TRADE-4, R-DIST-PIONEER-1, X-TH-4, X-TH-ART-JARNGLOFI-4, X-TH-HERO-ANDUMIA-2,
X-TH-HERO-KHRAD-1, X-ID-GOD-FRIGG-1, X-ID-GOD-LOKI-1, X-ID-GOD-THOR-1.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import permutations
from typing import Any, get_args

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
    Frigg,
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
    Thor,
    TradeCoins,
    TradeDiscard,
    Transform,
    UlineBid,
    Vidofnir,
)
from nidlib.core.cards import ALL_HERO_IDS, CARDS, CLASSES, HOURYA_EXPLORERS
from nidlib.core.coins import Coin
from nidlib.core.errors import Violation
from nidlib.core.places import HAND_SIZE, SLOTS, coin_at, hand_place, is_place, parse_place
from nidlib.core.state import State
from nidlib.core.tasks import (
    AutoTask,
    BidsDue,
    CaptureDue,
    CardDiscardDue,
    Decision,
    DecisionKind,
    DiscardDue,
    HeroDue,
    PickDue,
    TakeDue,
    ThrudDue,
    TradeDiscardDue,
    TransformDue,
    UlineBidDue,
    UlineTradeDue,
    YludDue,
)
from nidlib.rules import idavoll
from nidlib.rules.base import (
    _CHECK,
    _LEGAL,
    ACTION_OF,
    ANDUMIA,
    BONFUR,
    DAGDA,
    DECISION_RULE,
    HOURYA,
    ULINE,
    B,
    E,
    H,
    _c,
    _card,
    _coin_term,
    _t,
    discardable_columns,
    discards_needed,
    eligible_heroes,
    ranks,
)
from nidlib.rules.thingvellir import camp_card_allowed, camp_visit_allowed, check_camp_pick, khrad_places
from nidlib.rules.trades import _coin_at


def decision(s: State) -> Decision | None:
    """What the game waits for (``None`` when it is over)."""
    if not s.tasks:
        return None
    top = s.tasks[-1]
    if isinstance(top, BidsDue):
        return Decision(DecisionKind.BIDS, tuple(i for i, p in enumerate(s.players) if not p.bid_done))
    if isinstance(top, AutoTask):  # paused before an automatic step (nidlib.content.scenario): nobody acts
        return Decision(DecisionKind.PAUSED, (), {"step": top.KIND})
    kind = DecisionKind(top.KIND)
    if isinstance(top, TransformDue):
        return Decision(kind, (top.player,), {"amount": top.amount, "source": top.source})
    if isinstance(top, DiscardDue):
        return Decision(kind, (top.player,), {"count": top.count, "exclude": CLASSES[top.exclude].value})
    if isinstance(top, YludDue):
        return Decision(kind, (top.player,), {"age": top.age})
    if isinstance(top, TakeDue | CardDiscardDue):
        return Decision(kind, (top.player,), {"source": top.source})
    if isinstance(top, CaptureDue):
        return Decision(kind, (top.player,), {"card": top.card})
    return Decision(kind, (top.player,))


def to_act(s: State) -> tuple[int, ...]:
    """The players who must act now (several during bids)."""
    d = decision(s)
    return d.players if d else ()


@lru_cache(maxsize=4096)
def _bid_options(
    hand: tuple[Coin, ...],
) -> tuple[tuple[tuple[Coin, Coin, Coin], tuple[Coin, Coin] | tuple[Coin]], ...]:
    """Distinct ways to bid a hand (R-BID-1): 3 ordered tavern coins + an unordered pouch pair (or one
    pouch coin with four coins after Jarnglofi, X-TH-ART-JARNGLOFI-4)."""
    if len(hand) == 4:
        four = dict.fromkeys(permutations(hand))
        return tuple(((k[0], k[1], k[2]), (k[3],)) for k in four)
    seen: dict[tuple[Coin, ...], None] = {}
    for a, b, c, d, e in permutations(hand):
        seen[(a, b, c, d, e) if d._key <= e._key else (a, b, c, e, d)] = None
    return tuple(((k[0], k[1], k[2]), (k[3], k[4])) for k in seen)


@lru_cache(maxsize=1024)
def pick_action(player: int, card: str) -> Pick:
    """``Pick(player, card)``, cached: actions are immutable values, and picks are the most frequent."""
    return Pick(player, card)


@lru_cache(maxsize=4096)
def _bids_for(player: int, hand: tuple[Coin, ...]) -> tuple[Bid, ...]:
    """Every distinct bid of a hand (actions are immutable values, so they are cached)."""
    return tuple(Bid(player, t, pouch) for t, pouch in _bid_options(hand))


#: the text of each place of ``Player.slots`` and of the first hand places (the wire form of a location)
_SLOT_TEXT: tuple[str, ...] = tuple(str(place) for place in SLOTS)
_HAND_TEXT: tuple[str, ...] = tuple(str(hand_place(k)) for k in range(HAND_SIZE))


def _hand_text(k: int) -> str:
    return _HAND_TEXT[k] if k < len(_HAND_TEXT) else str(hand_place(k))


@lru_cache(maxsize=1024)
def _transform_action(player: int, location: str) -> Transform:
    """``Transform(player, location)``, cached (actions are immutable values)."""
    return Transform(player, location)


def legal_actions(s: State, player: int | None = None) -> list[Action]:
    """Every legal action now, for ``player`` or for everyone who must act.

    Bids come first by tavern coins, then pouch; the order is stable for a given state.
    """
    if not s.tasks:
        return []
    top = s.tasks[-1]
    if type(top) is PickDue:  # the most frequent decision: a fast path
        i = top.player
        if player is not None and player != i:
            return []
        picks: list[Action] = [pick_action(i, c) for c in s.taverns[s.tavern]]
        if s.camp is not None and camp_visit_allowed(s, i):  # X-TH-4: a Camp card instead
            picks += [pick_action(i, c) for c in s.camp.cards if camp_card_allowed(s, i, c) is None]
        if s.idavoll is not None:  # X-ID-GOD-LOKI-1 (Loki's card), X-ID-GOD-FRIGG-1 (Frigg instead)
            return idavoll.legal_picks(s, i, picks)
        return picks
    if isinstance(top, BidsDue):
        pending = [i for i, q in enumerate(s.players) if not q.bid_done]
        who = pending if player is None else ([player] if player in pending else [])
        return [b for i in who for b in _bids_for(i, tuple(s.players[i].hand))]
    if isinstance(top, AutoTask):  # paused before an automatic step: no action until it runs
        return []
    i = top.player
    if player is not None and player != i:
        return []
    p = s.players[i]
    if isinstance(top, UlineBidDue):
        return [UlineBid(i, c) for c in dict.fromkeys(p.hand)]
    if isinstance(top, HeroDue):
        return [Recruit(i, h) for h in eligible_heroes(s, p)]
    if isinstance(top, ThrudDue):
        return [PlaceThrud(i, c) for c in CLASSES]
    if isinstance(top, YludDue):
        return [PlaceYlud(i, c) for c in CLASSES]
    extra = _LEGAL.get(type(top))
    if extra is not None:  # an expansion's decision (nidlib.rules.thingvellir)
        return extra(s, top)
    if isinstance(top, TransformDue) and top.source == "khrad":  # X-TH-HERO-KHRAD-1: the lowest coin
        return [_transform_action(i, loc) for loc in khrad_places(p)]
    if isinstance(top, TransformDue):  # places_of(p) order: occupied slots, then the hand
        out: list[Action] = [
            _transform_action(i, _SLOT_TEXT[k])
            for k, c in enumerate(p.slots)
            if c is not None and not c.is_trading
        ]
        out += [_transform_action(i, _hand_text(k)) for k, c in enumerate(p.hand) if not c.is_trading]
        return out
    if isinstance(top, DiscardDue):
        cols = discardable_columns(p, top.exclude)
        if top.count == 1:
            discards: list[Action] = [Discard(i, (CLASSES[c],)) for c in cols]
        else:
            discards = [Discard(i, (CLASSES[x], CLASSES[y])) for x in cols for y in cols if x < y]
        return discards if s.idavoll is None else idavoll.with_thor(s, i, discards)  # X-ID-GOD-THOR-1
    if isinstance(top, UlineTradeDue):
        n = len(p.hand)
        return [
            TradeCoins(i, (str(hand_place(x)), str(hand_place(y)))) for x in range(n) for y in range(x + 1, n)
        ]
    if isinstance(top, TradeDiscardDue):
        return [TradeDiscard(i, loc) for loc in top.choices]
    return [Keep(i, c) for c in s.pioneer_draw]  # the remaining decision: PioneerDue


def _v(rule: str, key: str, **params: Any) -> Violation:
    return Violation(rule, key, params)


_ACTION_TYPES = get_args(Action)


def _is_location(loc: object) -> bool:
    """A coin place a parsed action may name (:func:`nidlib.core.places.parse_place`)."""
    return is_place(loc)


def _is_coins(coins: object, n: int) -> bool:
    return isinstance(coins, tuple) and len(coins) == n and all(isinstance(c, Coin) for c in coins)


def _is_card_tuple(cards: object, sizes: tuple[int, ...], *, blank: bool = False) -> bool:
    if not isinstance(cards, tuple) or len(cards) not in sizes:
        return False
    if blank and cards == ("",) * len(cards):
        return True
    return all(isinstance(c, str) and c in CARDS for c in cards)


def well_formed(action: object) -> bool:
    """Whether ``action`` has the shape of an action: one of the action types, a player number, and
    fields that :func:`~nidlib.core.actions.parse` could have produced (known cards and heroes, coin
    locations, three tavern coins and two pouch coins...). Whether it is *legal* is :func:`check`'s
    business; a Thrud/Ylud column that is no class is well formed and refused by the rules."""
    if not isinstance(action, _ACTION_TYPES) or type(action.player) is not int:
        return False
    a: Any = action  # the fields are checked here, whatever their declared types
    if isinstance(action, Bid):
        return _is_coins(a.taverns, 3) and (_is_coins(a.pouch, 2) or _is_coins(a.pouch, 1))
    if isinstance(action, UlineBid | HrungnirCoin):
        return isinstance(a.coin, Coin)
    if isinstance(action, Pick | Keep | TavernDiscard | TakeDiscarded | DiscardCard | TakeCamp | Enlist):
        if isinstance(action, Enlist) and not isinstance(a.column, str):
            return False
        return isinstance(a.card, str) and a.card in CARDS
    if isinstance(action, EnlistOrder):
        return isinstance(a.last, bool)
    if isinstance(action, Vidofnir):
        return _is_location(a.first) and _is_location(a.second) and a.amount in (2, 3)
    if isinstance(action, PlaceDoubles):
        return (
            isinstance(a.columns, tuple)
            and len(a.columns) == 2
            and all(isinstance(c, str) for c in a.columns)
        )
    if isinstance(action, ChooseClass | PlaceGullinbursti | ChooseOlrun):
        return isinstance(a.column, str)
    if isinstance(action, Reserve | Frigg):
        return isinstance(a.card, str) and (a.card in CARDS or (a.card == "" and isinstance(action, Reserve)))
    if isinstance(action, Swap):
        return _is_card_tuple(a.cards, (2,), blank=True)
    if isinstance(action, FriggKeep):
        return isinstance(a.card, str) and a.card in CARDS and _is_card_tuple(a.under, (0, 1, 2))
    if isinstance(action, KeepMyth):
        return _is_card_tuple(a.cards, (0, 1, 2))
    if isinstance(action, Odin):
        return all(isinstance(h, str) and (h in ALL_HERO_IDS or h == "") for h in (a.give, a.take))
    if isinstance(action, Capture):
        return isinstance(a.capture, bool)
    if isinstance(action, Thor):
        return True
    if isinstance(action, Recruit):
        return isinstance(a.hero, str) and a.hero in ALL_HERO_IDS
    if isinstance(action, PlaceThrud | PlaceYlud):
        return isinstance(a.column, str)
    if isinstance(action, Transform | TradeDiscard):
        return _is_location(a.location)
    if isinstance(action, Discard):
        return isinstance(a.columns, tuple) and all(isinstance(c, str) and c in CLASSES for c in a.columns)
    return isinstance(a.locations, tuple) and len(a.locations) == 2 and all(map(_is_location, a.locations))


def check(s: State, a: Action) -> Violation | None:
    """Why ``a`` is illegal in ``s`` (a :class:`Violation`), or ``None`` if it is legal.

    A malformed action (see :func:`well_formed`: an unknown card, a coin location ``"t7"``, four
    tavern coins, not an action at all...) is refused as such (R-FLOW-2, ``err.malformed``), so any
    input gets an answer. An exception while checking a well-formed action is a bug in the engine:
    it propagates instead of being reported as a malformed action.
    """
    if not well_formed(a):
        try:
            text = str(a)
        except (TypeError, ValueError):  # a malformed field str() cannot join, e.g. Bid(0, None, None)
            text = repr(a)
        return _v("R-FLOW-2", "err.malformed", action=text)
    return _check(s, a)


def _check(s: State, a: Action) -> Violation | None:
    if s.viewer is not None and a.player != s.viewer:
        return _v("R-COIN-4", "err.view", viewer=s.viewer)
    if not s.tasks:
        return _v("R-END-1", "err.game-over")
    if not 0 <= a.player < len(s.players):
        return _v("R-SETUP-6", "err.no-player", player=a.player)
    top = s.tasks[-1]
    if isinstance(top, AutoTask):  # a position paused before an automatic step (nidlib.content.scenario)
        return _v("R-FLOW-2", "err.paused", step=top.KIND)
    d = decision(s)
    assert d is not None
    p = s.players[a.player]
    name = p.name
    expected = ACTION_OF[d.kind]
    if a.player not in d.players:
        if d.kind == "bids":
            return _v("R-BID-4" if ULINE in p.heroes else "R-BID-3", "err.already-bid", name=name)
        return _v(
            DECISION_RULE[d.kind],
            "err.not-your-turn",
            name=name,
            other=s.players[d.players[0]].name,
            doing=f"@decision.{d.kind}",
        )
    if not isinstance(a, expected) and not (
        s.idavoll is not None and isinstance(a, idavoll.ALSO_ALLOWED.get(d.kind, ()))  # Frigg, Thor
    ):
        return _v(DECISION_RULE[d.kind], "err.wrong-action", name=name, doing=f"@decision.{d.kind}")
    if isinstance(a, Bid):
        given = Counter([*a.taverns, *a.pouch])
        if given != Counter(p.hand):
            return _v(
                "R-BID-1",
                "err.bid-coins",
                name=name,
                coins=", ".join(map(str, p.hand)),
                given=", ".join(map(str, [*a.taverns, *a.pouch])),
            )
        return None
    if isinstance(a, UlineBid):
        if a.coin not in p.hand:
            return _v(
                "R-HERO-ULINE-4", "err.uline-coin", coin=_coin_term(a.coin), hand=", ".join(map(str, p.hand))
            )
        return None
    if isinstance(a, Pick):
        if s.camp is not None and a.card in s.camp.cards:  # a Camp visit (X-TH-4)
            return check_camp_pick(s, a)
        if a.card not in s.taverns[s.tavern]:
            return _v("R-PICK-1", "err.pick-card", card=_card(a.card), tavern=_t(s.tavern))
        return None if s.idavoll is None else idavoll.check_pick(s, a)
    if isinstance(a, Recruit):
        if a.hero not in s.heroes_available:
            return _v("R-COMP-4", "err.hero-taken", hero=_card(a.hero))
        if a.hero == HOURYA and ranks(p, E) < HOURYA_EXPLORERS:
            return _v("R-HERO-HOURYA-2", "err.hourya", explorers=ranks(p, E))
        if a.hero == BONFUR and len(discardable_columns(p, B)) < discards_needed(s, p, BONFUR):
            return _v("R-HERO-BONFUR-3", "err.bonfur")
        if a.hero == DAGDA and len(discardable_columns(p, H)) < discards_needed(s, p, DAGDA):
            return _v("R-HERO-DAGDA-3", "err.dagda", count=len(discardable_columns(p, H)))
        if a.hero == ANDUMIA and ANDUMIA not in eligible_heroes(s, p):
            return _v("X-TH-HERO-ANDUMIA-2", "err.andumia")
        return None
    if isinstance(a, PlaceThrud | PlaceYlud):
        return None if a.column in CLASSES else _v(DECISION_RULE[d.kind], "err.column", column=str(a.column))
    if isinstance(a, Transform):
        c = _coin_at(p, a.location)
        if c is None:
            return _v("R-XFORM-2", "err.no-coin-there", location=a.location)
        if c.is_trading:
            return _v("R-XFORM-1", "err.xform-trading", coin=_coin_term(c))
        if isinstance(top, TransformDue) and top.source == "khrad" and a.location not in khrad_places(p):
            return _v("X-TH-HERO-KHRAD-1", "err.khrad", coins=", ".join(khrad_places(p)))
        return None
    if isinstance(a, Discard):
        assert isinstance(top, DiscardDue)
        need, exclude = top.count, top.exclude
        cols = [CLASSES.index(c) for c in a.columns]
        dagda = exclude == H  # Dagda keeps the hunters, Bonfur the blacksmiths (one discard with Durathor)
        hero = "@card.dagda" if dagda else "@card.bonfur"
        rule = "R-HERO-DAGDA-2" if dagda else "R-HERO-BONFUR-2"
        if len(cols) != need or len(set(cols)) != need:
            return _v(rule, "err.discard-count", hero=hero, count=need)
        if exclude in cols:
            return _v(rule, "err.discard-own-column", hero=hero, cls=_c(exclude))
        ok = discardable_columns(p, exclude)
        for ci in cols:
            if ci not in ok:
                return _v("R-HERO-DAGDA-3" if dagda else "R-HERO-BONFUR-3", "err.discard-column", cls=_c(ci))
        return None
    if isinstance(a, TradeCoins):
        x, y = (parse_place(loc) for loc in a.locations)
        if x == y or not x.is_hand or not y.is_hand or coin_at(p, x) is None or coin_at(p, y) is None:
            return _v("R-HERO-ULINE-5", "err.uline-trade", hand=", ".join(map(str, p.hand)))
        return None
    extra = _CHECK.get(type(a))
    if extra is not None:  # an expansion's action (nidlib.rules.thingvellir)
        return extra(s, top, a)
    if isinstance(a, TradeDiscard):
        assert isinstance(top, TradeDiscardDue)
        locs = top.choices
        if a.location not in locs:
            return _v("R-TRADE-4", "err.trade-discard", options=", ".join(locs))
        return None
    assert isinstance(a, Keep)  # the remaining kind
    if a.card not in s.pioneer_draw:
        return _v("R-DIST-PIONEER-1", "err.keep", card=_card(a.card))
    return None
