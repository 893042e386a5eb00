"""The rules engine: new games, legal actions, checking and applying actions.

Public entry points (re-exported by :mod:`nidlib`):

* :func:`new_game` - set up a game from player count, names, seed and options.
* :func:`decision` / :func:`to_act` - what the game waits for, and from whom.
* :func:`legal_actions` - every legal action (bids included) for one or all players.
* :func:`check` - ``None`` if an action is legal, else the :class:`Violation` (never raises).
* :func:`apply` - returns ``(new_state, events)``; raises :class:`IllegalActionError`
  and leaves the given state untouched when the action is illegal.
* :func:`advance` - the fast, unchecked, in-place path used by bots and benchmarks.

The flow is a stack of tasks (see :mod:`nidlib.core.state`). Each ``_task_*``
function runs one automatic step; each ``_do_*`` function applies one kind of
action. Rule ids are cited next to the code that enforces them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from itertools import permutations
from operator import attrgetter
from typing import Any, TypeVar, cast

from nidlib.core.actions import (
    Action,
    Bid,
    Discard,
    Keep,
    Pick,
    PlaceThrud,
    PlaceYlud,
    Recruit,
    TradeCoins,
    TradeDiscard,
    Transform,
    UlineBid,
)
from nidlib.core.cards import (
    CARDS,
    CLASSES,
    DISTINCTION_OF,
    FIRST_GAME_EXCLUDED,
    HERO_IDS,
    HOURYA_EXPLORERS,
    CardKind,
    Hero,
    age_deck,
)
from nidlib.core.coins import BASIC_COINS, GREEN_3, ROYAL, Coin, CoinKind, initial_treasury, treasury_pick
from nidlib.core.errors import IllegalActionError, NidError, Violation
from nidlib.core.events import Event
from nidlib.core.places import (
    SLOTS,
    Zone,
    coin_at,
    hand_place,
    is_place,
    parse_place,
    places_of,
    set_coin,
)
from nidlib.core.state import Options, Player, State
from nidlib.core.tasks import (
    AgeStart,
    AutoTask,
    BidsDue,
    CoinTrade,
    Decision,
    DecisionKind,
    DiscardDue,
    Evaluate,
    FinalScoring,
    FixOrder,
    HeroDue,
    PickDue,
    PioneerDue,
    RecruitCheck,
    RevealTavern,
    RoundEnd,
    RoundStart,
    Task,
    TavernEnd,
    ThrudDue,
    ThrudHome,
    TradeDiscardDue,
    TransformDue,
    UlineBidDue,
    UlineTradeDue,
    YludDue,
    YludStep,
)

Log = list[Event] | None
#: the sort key of the coins' order (``Coin.__lt__`` compares the same ``_key``), without a Python call per comparison
_COIN_ORDER = attrgetter("_key")

W, H, M, B, E = range(5)
GEMS_BY_PLAYERS: dict[int, tuple[int, ...]] = {2: (4, 5), 3: (3, 4, 5), 4: (2, 3, 4, 5), 5: (1, 2, 3, 4, 5)}
ROUNDS_PER_AGE: dict[int, int] = {2: 4, 3: 4, 4: 3, 5: 3}  # R-FLOW-3, R-SETUP-6
#: the two coins a coin trade sums (R-TRADE-2): the pouch, or Uline's owner's two hand coins (R-HERO-ULINE-5)
_POUCH_PAIR: tuple[str, str] = (str(SLOTS[3]), str(SLOTS[4]))
_HAND_PAIR: tuple[str, str] = (str(hand_place(0)), str(hand_place(1)))

#: ranks each card adds to its column (R-ARMY-2); Ylud counts 1 where she sits.
#: hero ids as plain strings: cheaper to compare than enum members in the hot paths
BONFUR: str = Hero.BONFUR.value
DAGDA: str = Hero.DAGDA.value
GRID: str = Hero.GRID.value
HOURYA: str = Hero.HOURYA.value
THRUD: str = Hero.THRUD.value
ULINE: str = Hero.ULINE.value
YLUD: str = Hero.YLUD.value
RANKS: dict[str, int] = {cid: len(c.ranks) for cid, c in CARDS.items()}
RANKS[YLUD] = 1
#: the column index each card goes to (neutral cards have none)
COLUMN_OF: dict[str, int] = {cid: CLASSES.index(c.cls) for cid, c in CARDS.items() if c.cls is not None}
_DWARF_LIKE: frozenset[str] = frozenset(cid for cid, c in CARDS.items() if c.is_dwarf_like)
#: the Royal Offerings and their amounts (R-XFORM-6)
_OFFERING: dict[str, int] = {cid: c.offering for cid, c in CARDS.items() if c.kind is CardKind.ROYAL_OFFERING}
K = DecisionKind
DECISION_RULE: dict[DecisionKind, str] = {
    K.BIDS: "R-BID-1",
    K.ULINE_BID: "R-HERO-ULINE-4",
    K.PICK: "R-ORDER-1",
    K.HERO: "R-RECRUIT-2",
    K.THRUD: "R-HERO-THRUD-3",
    K.YLUD: "R-HERO-YLUD-2",
    K.TRANSFORM: "R-XFORM-1",
    K.DISCARD: "R-HERO-BONFUR-2",
    K.ULINE_TRADE: "R-HERO-ULINE-5",
    K.TRADE_DISCARD: "R-TRADE-4",
    K.PIONEER: "R-DIST-PIONEER-1",
}
ACTION_OF: dict[DecisionKind, type[Action]] = {
    K.BIDS: Bid,
    K.ULINE_BID: UlineBid,
    K.PICK: Pick,
    K.HERO: Recruit,
    K.THRUD: PlaceThrud,
    K.YLUD: PlaceYlud,
    K.TRANSFORM: Transform,
    K.DISCARD: Discard,
    K.ULINE_TRADE: TradeCoins,
    K.TRADE_DISCARD: TradeDiscard,
    K.PIONEER: Keep,
}
#: decision tasks are few distinct values: interned, so the hot paths build none
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
    for ci, col in enumerate(p.columns):
        n = len(col) + (ci == thrud)
        if n < k:
            for cid in col:
                n += RANKS[cid] - 1
            if n < k:
                return False
    return True


def discardable_columns(p: Player, exclude: int) -> list[int]:
    """Columns whose top card is a dwarf (or the special blacksmith) and not Thrud (R-HERO-DAGDA-3)."""
    return [
        ci
        for ci in range(5)
        if ci != exclude and p.columns[ci] and p.thrud != ci and p.columns[ci][-1] in _DWARF_LIKE
    ]


def eligible_heroes(s: State, p: Player) -> list[str]:
    """Heroes this player could recruit now (R-RECRUIT-7): in the display and prerequisites met."""
    out = []
    for h in s.heroes_available:
        if h == HOURYA and ranks(p, E) < HOURYA_EXPLORERS:  # R-HERO-HOURYA-2
            continue
        if h == BONFUR and not discardable_columns(p, B):  # R-HERO-BONFUR-3
            continue
        if h == DAGDA and len(discardable_columns(p, H)) < 2:  # R-HERO-DAGDA-3
            continue
        out.append(h)
    return out


_SPECIAL_PREREQUISITE = frozenset({HOURYA, BONFUR, DAGDA})


def _any_eligible(s: State, p: Player) -> bool:
    """``bool(eligible_heroes(s, p))``, without building the list: most heroes have no prerequisite."""
    for h in s.heroes_available:
        if h not in _SPECIAL_PREREQUISITE:
            return True
    return bool(eligible_heroes(s, p))


def uline_owner(s: State) -> int | None:
    for i, p in enumerate(s.players):
        if ULINE in p.heroes:
            return i
    return None


# --- set-up ----------------------------------------------------------------------------


def new_game(
    players: int = 3,
    names: tuple[str, ...] | list[str] | None = None,
    *,
    seed: int = 0,
    first_game: bool = False,
    warrior_bonus_without_warriors: bool = False,
    pioneer_draw_public: bool = False,
    events: list[Event] | None = None,
) -> State:
    """A new game, shuffled and dealt from ``seed``, waiting for the first bids (R-SETUP-1..6).

    :raises ValueError: for a player count outside 2-5 or bad names.
    """
    if not 2 <= players <= 5:
        msg = f"Nidavellir is played by 2 to 5 players, not {players} [R-SETUP-6]"
        raise ValueError(msg)
    names = tuple(names) if names is not None else tuple(DEFAULT_NAMES[:players])
    if len(names) != players or len(set(names)) != players or not all(n.strip() for n in names):
        msg = f"give {players} different, non-empty player names (got {list(names)})"
        raise ValueError(msg)
    opts = Options(
        players=players,
        names=names,
        seed=seed,
        first_game=first_game,
        warrior_bonus_without_warriors=warrior_bonus_without_warriors,
        pioneer_draw_public=pioneer_draw_public,
    )
    rng = random.Random(seed)
    gems = list(GEMS_BY_PLAYERS[players])
    rng.shuffle(gems)  # R-SETUP-2
    s = State(opts)
    s.players = [Player(n, g) for n, g in zip(names, gems, strict=True)]
    for p in s.players:
        p.hand = sorted(BASIC_COINS)  # R-SETUP-1
    s.treasury = initial_treasury(players)  # R-SETUP-3
    for age in (1, 2):
        deck = list(_DECK_IDS[age, players])  # R-SETUP-4
        rng.shuffle(deck)
        s.decks[age] = deck
    s.heroes_available = [h for h in HERO_IDS if not (first_game and h in FIRST_GAME_EXCLUDED)]  # R-SETUP-5
    _ev(
        events,
        "setup.game",
        "R-SETUP-6",
        players=players,
        names=list(names),
        cards=TAVERN_SIZE[players],
        rounds=ROUNDS_PER_AGE[players],
        coins=sum(s.treasury.values()),
    )
    _ev(events, "setup.gems", "R-SETUP-2", gems=", ".join(f"{p.name} {p.gem}" for p in s.players))
    if first_game:
        _ev(events, "setup.first-game", "R-SETUP-5")
    s.tasks = [*end_steps(1), AgeStart(1)]
    _run(s, events)
    return s


DEFAULT_NAMES = ("Ana", "Bo", "Cy", "Di", "Ed")
_DECK_IDS: dict[tuple[int, int], tuple[str, ...]] = {
    (age, n): tuple(c.id for c in age_deck(age, n)) for age in (1, 2) for n in range(2, 6)
}
TAVERN_SIZE: dict[int, int] = {2: 3, 3: 3, 4: 4, 5: 5}  # R-ENTER-1


# --- the task loop ------------------------------------------------------------------------


def _run(s: State, log: Log) -> None:
    """Run automatic tasks until a decision is on top of the stack or the game is over."""
    tasks = s.tasks
    handlers = _TASKS
    while tasks:
        top = tasks[-1]
        handler = handlers.get(type(top))
        if handler is None:  # a decision: wait for an action
            if type(top) is not PickDue or s.taverns[s.tavern]:
                return
            tasks.pop()  # an empty tavern (only in built scenarios): nothing to take
            i = top.player
            _ev(log, "pick.empty", "R-PICK-1", i, name=s.players[i].name, tavern=_t(s.tavern))
            continue
        tasks.pop()
        handler(s, top, log)


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


@_handles(AgeStart)
def _task_age_start(s: State, task: AgeStart, log: Log) -> None:
    s.age = task.age
    s.round = 0
    _ev(log, "age.start", "R-FLOW-1", age=s.age, cards=len(s.decks[s.age]))
    s.tasks.append(_ROUND_START)


def end_steps(age: int) -> list[Task]:
    """The task stack under the rounds of ``age``: what runs once its deck is empty, to the end.

    Age I: Ylud, Troop Evaluation class by class, then Age II (R-AGE-1, R-EVAL-2); Age II: Ylud,
    Thrud to the command zone, final scoring (R-AGE-2). Top of the stack = last element.
    """
    steps: list[Task] = [FinalScoring(), ThrudHome(), YludStep(2)]
    if age == 1:
        steps += [AgeStart(2), *[Evaluate(ci) for ci in reversed(range(5))], YludStep(1)]
    return steps


@_handles(RoundStart)
def _task_round_start(s: State, task: RoundStart, log: Log) -> None:
    """Enter the Dwarves (R-ENTER-1), then simultaneous bids (R-BID-1)."""
    s.round += 1
    s.tavern = -1
    deck = s.decks[s.age]
    size = TAVERN_SIZE[s.options.players]
    for t in range(3):
        row = [deck.pop() for _ in range(min(size, len(deck)))]
        s.taverns[t] = row
    if log is not None:
        _ev(
            log, "round.start", "R-FLOW-2", age=s.age, round=s.round, rounds=ROUNDS_PER_AGE[s.options.players]
        )
        for t in range(3):
            _ev(log, "enter.tavern", "R-ENTER-1", tavern=_t(t), cards=[_card(c) for c in s.taverns[t]])
    owner = uline_owner(s)
    for i, p in enumerate(s.players):
        p.bid_done = i == owner  # R-BID-4: Uline's owner does not bid
    if owner is not None:
        _ev(log, "bid.uline-skips", "R-BID-4", owner, name=s.players[owner].name)
    s.tasks.append(_BIDS_DUE)


@_handles(RevealTavern)
def _task_tavern(s: State, task: RevealTavern, log: Log) -> None:
    """Bid revelation of one tavern (R-REVEAL-1); Uline lays her coin after the others (R-REVEAL-2)."""
    t = task.tavern
    s.tavern = t
    owner = uline_owner(s)
    for i, p in enumerate(s.players):
        if i != owner:
            p.revealed[t] = True
    s.tasks.append(_ORDER[t])
    if owner is not None:
        shown = [f"{p.name} {_value(p.slots[t])}" for i, p in enumerate(s.players) if i != owner]
        _ev(
            log,
            "reveal.before-uline",
            "R-REVEAL-2",
            owner,
            tavern=_t(t),
            bids=", ".join(shown),
            name=s.players[owner].name,
        )
        s.tasks.append(UlineBidDue(owner, t))


@_handles(FixOrder)
def _task_order(s: State, task: FixOrder, log: Log) -> None:
    """Pick order: highest bid first, ties by higher gem (R-ORDER-1/2); fixed now (R-ORDER-3)."""
    t = task.tavern
    ps = s.players
    values: list[int | None] = []
    keys: list[int] = []  # bid then gem: gems are distinct and below 8, so one integer orders both
    for p in ps:
        c = p.slots[t]
        if c is None:
            values.append(None)
            keys.append(p.gem)
        else:
            values.append(c.value)
            keys.append((c.value << 3) + p.gem)
    s.bid_values = values
    order = sorted(range(len(ps)), key=keys.__getitem__, reverse=True)
    s.order = order
    bids = [v for v in values if v is not None]
    if len(set(bids)) == len(bids):
        s.ties = []
    else:
        groups: dict[int, list[int]] = {}
        for i in order:
            v = values[i]
            if v is not None:
                groups.setdefault(v, []).append(i)
        s.ties = [g for g in groups.values() if len(g) > 1]
    if log is not None:
        _ev(
            log,
            "reveal.bids",
            "R-REVEAL-1",
            tavern=_t(t),
            bids=", ".join(f"{ps[i].name} {_value(ps[i].slots[t])}" for i in order),
        )
        for g in s.ties:
            six, pairs, _mid = _gem_pairs(ps, g)  # who will exchange after this tavern (R-GEM-2/3)
            if six is None:
                key = "order.tie2" if len(g) == 2 else "order.tie"
            else:  # R-GEM-3: gem 6 is never exchanged; alone with one other player, nobody exchanges
                key = "order.tie2-six" if len(g) == 2 else "order.tie-six"
            _ev(
                log,
                key,
                "R-ORDER-2",
                tavern=_t(t),
                value=values[g[0]],
                names=[ps[i].name for i in g],
                gems=" > ".join(str(ps[i].gem) for i in g),
                first=ps[g[0]].name,
                swaps=[f"{ps[x].name} \u2194 {ps[y].name}" for x, y in pairs],
            )
        _ev(log, "order.result", "R-ORDER-1", tavern=_t(t), order=[ps[i].name for i in order])
    tasks = s.tasks
    tasks.append(_TAVERN_END[t])
    for i in reversed(order):
        c = ps[i].slots[t]
        if c is not None and c.is_trading:  # R-TRADE-1: only a trading coin bid here triggers a trade
            tasks.append(_TRADE[i])
        tasks.append(_RECRUIT[i])
        tasks.append(_PICK_DUE[i])


@_handles(RecruitCheck)
def _task_recruit(s: State, task: RecruitCheck, log: Log) -> None:
    """Golden rule, state-based (R-RECRUIT-1/2/6): while L >= H + 1, a hero must be recruited."""
    i = task.player
    p = s.players[i]
    if not has_lines(p, len(p.heroes) + 1):
        return
    if _any_eligible(s, p):
        s.tasks.append(_HERO_DUE[i])
        if log is not None:
            _ev(log, "recruit.due", "R-RECRUIT-1", i, name=p.name, lines=lines(p), heroes=len(p.heroes))
    elif log is not None:
        _ev(log, "recruit.none-eligible", "R-RECRUIT-7", i, name=p.name, lines=lines(p), heroes=len(p.heroes))


@_handles(CoinTrade)
def _task_trade(s: State, task: CoinTrade, log: Log) -> None:
    """Coin trade at the end of a pick turn if this tavern's bid is a trading coin (R-TRADE-1)."""
    i = task.player
    p = s.players[i]
    t = s.tavern
    coin = p.slots[t]
    if coin is None or not coin.is_trading:
        return
    if ULINE in p.heroes:  # R-HERO-ULINE-5
        if len(p.hand) > 2:
            s.tasks.append(UlineTradeDue(i))
            return
        if len(p.hand) < 2:
            _ev(log, "trade.uline-short", "R-HERO-ULINE-5", i, name=p.name)
            return
        h0, h1 = p.hand
        if h0.value == h1.value and h0.kind is not h1.kind:
            s.tasks.append(TradeDiscardDue(i, _HAND_PAIR))  # R-TRADE-4: the owner chooses
            return
        _trade(s, i, *_HAND_PAIR, None, log)
        return
    a, b = p.slots[3], p.slots[4]
    assert a is not None
    assert b is not None
    if a.value == b.value and a.kind != b.kind:
        s.tasks.append(TradeDiscardDue(i))  # R-TRADE-4: the owner chooses
        return
    _trade(s, i, *_POUCH_PAIR, None, log)


@_handles(TavernEnd)
def _task_tavern_end(s: State, task: TavernEnd, log: Log) -> None:
    """2p leftover discard (R-PICK-3), then the gem exchange (R-GEM-1..4), then the next tavern."""
    t = task.tavern
    if s.taverns[t]:
        for cid in s.taverns[t]:
            _ev(log, "tavern.discard", "R-PICK-3", tavern=_t(t), card=_card(cid))
        s.discard.extend(s.taverns[t])
        s.taverns[t] = []
    if s.ties:
        _gem_exchange(s, log)
    if t < 2:
        s.tasks.append(_REVEAL[t + 1])
    else:
        s.tasks.append(_ROUND_END)


def _gem_pairs(ps: list[Player], group: list[int]) -> tuple[int | None, list[tuple[int, int]], int | None]:
    """Who exchanges gems in one tie group: (gem-6 holder, pairs, middle player) (R-GEM-2/3).

    The gem-6 holder leaves the group (R-GEM-3); the others, highest gem first, swap g_i <-> g_(k+1-i);
    an odd group's middle player keeps their gem. Used both to announce and to perform the exchange.
    """
    six = next((i for i in group if ps[i].gem == 6), None)
    g = sorted((i for i in group if ps[i].gem != 6), key=lambda i: -ps[i].gem)  # R-GEM-2
    k = len(g)
    pairs = [(g[a], g[k - 1 - a]) for a in range(k // 2)]
    mid = g[k // 2] if k % 2 == 1 and k > 1 else None
    return six, pairs, mid


def _gem_exchange(s: State, log: Log) -> None:
    ps = s.players
    for group in s.ties:
        value = s.bid_values[group[0]]
        six, pairs, mid = _gem_pairs(ps, group)
        if six is not None:
            _ev(log, "gem.six-kept", "R-GEM-3", six, name=ps[six].name, value=value)
        for x, y in pairs:
            ps[x].gem, ps[y].gem = ps[y].gem, ps[x].gem
            _ev(
                log,
                "gem.swap",
                "R-GEM-2",
                value=value,
                a=ps[x].name,
                b=ps[y].name,
                gem_a=ps[x].gem,
                gem_b=ps[y].gem,
            )
        if mid is not None:
            _ev(log, "gem.middle", "R-GEM-2", mid, name=ps[mid].name, gem=ps[mid].gem)
    s.ties = []


@_handles(RoundEnd)
def _task_round_end(s: State, task: RoundEnd, log: Log) -> None:
    """Everyone takes their coins back (R-ROUND-1); the Age ends when its deck is empty (R-FLOW-3)."""
    for p in s.players:
        hand = p.hand
        for c in p.slots:
            if c is not None:
                hand.append(c)
        hand.sort(key=_COIN_ORDER)  # the coins' own order, compared in C
        p.slots = [None] * 5
        p.revealed = [False] * 5
        p.bid_done = False
    s.tavern = -1
    s.order = []
    s.bid_values = []
    if s.decks[s.age]:
        s.tasks.append(_ROUND_START)
    else:
        _ev(log, "age.end", "R-FLOW-3", age=s.age)


@_handles(YludStep)
def _task_ylud_step(s: State, task: YludStep, log: Log) -> None:
    """End of an Age: Ylud must be placed (R-HERO-YLUD-2), or may move at the end of Age II (R-HERO-YLUD-3)."""
    age = task.age
    for i, p in enumerate(s.players):
        if YLUD in p.heroes:
            s.tasks.append(_RECRUIT[i])  # R-HERO-YLUD-4: may trigger recruitment
            s.tasks.append(YludDue(i, age))
            return


@_handles(Evaluate)
def _task_eval(s: State, task: Evaluate, log: Log) -> None:
    """Troop Evaluation of one class: strict majority of ranks wins (R-EVAL-2/3/5)."""
    ci = task.column
    ps = s.players
    counts = [ranks(p, ci) for p in ps]
    best = max(counts)
    winners = [i for i, c in enumerate(counts) if c == best]
    dist = DISTINCTION_OF[CLASSES[ci]]
    tally = ", ".join(f"{p.name} {c}" for p, c in zip(ps, counts, strict=True))
    if len(winners) > 1:
        _ev(
            log,
            "eval.tie",
            "R-EVAL-3",
            cls=_c(ci),
            ranks=tally,
            distinction=f"@distinction.{dist.value}",
            names=[ps[i].name for i in winners],
            best=best,
        )
        if ci == E:  # R-DIST-PIONEER-4
            deck = s.decks[2]
            if deck:
                cid = deck.pop()
                s.discard.append(cid)
                _ev(log, "dist.pioneer-none", "R-DIST-PIONEER-4", card=_card(cid))
        return
    w = winners[0]
    p = ps[w]
    p.command_zone.append(dist.value)  # R-EVAL-4
    _ev(
        log,
        "eval.win",
        "R-EVAL-3",
        w,
        cls=_c(ci),
        ranks=tally,
        distinction=f"@distinction.{dist.value}",
        name=p.name,
        best=best,
    )
    if ci == W:  # R-DIST-KINGSHAND-1
        _push_transform(s, w, 5, "kings-hand", log)
    elif ci == H:  # R-DIST-HUNTINGMASTER-1
        zero = BASIC_COINS[0]
        if zero in p.hand:
            p.hand.remove(zero)
            p.hand.append(GREEN_3)
            p.hand.sort()
            s.out_of_game.append(str(zero))
            _ev(log, "dist.hunting-master", "R-DIST-HUNTINGMASTER-1", w, name=p.name)
    elif ci == M:  # R-DIST-CROWNJEWELER-1
        s.gems_out.append(p.gem)
        _ev(log, "dist.crown-jeweler", "R-DIST-CROWNJEWELER-1", w, name=p.name, old=p.gem)
        p.gem = 6
    elif ci == B:  # R-DIST-ARMORER-1
        s.tasks.append(_RECRUIT[w])
        _ev(log, "dist.armorer", "R-DIST-ARMORER-1", w, name=p.name)
        _place(s, w, "armorer", log)
    else:  # R-DIST-PIONEER-1
        deck = s.decks[2]
        drawn = [deck.pop() for _ in range(min(3, len(deck)))]
        s.pioneer_draw = drawn
        visible = None if s.options.pioneer_draw_public else w
        _ev(
            log,
            "dist.pioneer-draw",
            "R-DIST-PIONEER-1",
            w,
            visible,
            name=p.name,
            cards=[_card(c) for c in drawn],
        )
        _ev(log, "dist.pioneer-draw-public", "R-DIST-PIONEER-1", w, name=p.name, count=len(drawn))
        s.tasks.append(PioneerDue(w))


@_handles(ThrudHome)
def _task_thrud_home(s: State, task: ThrudHome, log: Log) -> None:
    """After the last Age II tavern and Ylud, Thrud moves to the command zone (R-HERO-THRUD-5)."""
    for i, p in enumerate(s.players):
        if p.thrud >= 0:
            col = p.thrud
            p.thrud = -1
            p.command_zone.append(THRUD)
            _ev(log, "thrud.home", "R-HERO-THRUD-5", i, name=p.name, cls=_c(col))


@_handles(FinalScoring)
def _task_final(s: State, task: FinalScoring, log: Log) -> None:
    """Final Bravery Value and the winners (R-END-1, R-SCORE-1, R-SCORE-10); computed on demand by final_scores."""
    s.tavern = -1
    if log is not None:
        table = final_scores(s)
        for ps in table.players:
            _ev(log, "final.total", "R-SCORE-1", name=ps.name, total=ps.total)
        best = max(ps.total for ps in table.players)
        _ev(
            log,
            "final.shared" if len(table.winners) > 1 else "final.winner",
            "R-SCORE-10",
            names=list(table.winners),
            total=best,
        )


# --- effects shared by several actions --------------------------------------------------


def _place(s: State, i: int, cid: str, log: Log) -> None:
    """Put a card on top of its class column (R-ARMY-1), lifting Thrud if she sits there."""
    _put(s, i, cid, COLUMN_OF[cid], log)


def _put(s: State, i: int, cid: str, ci: int, log: Log) -> None:
    """Put ``cid`` on top of column ``ci`` (R-ARMY-1). The one home of the Thrud lift (R-HERO-THRUD-3):
    a card placed in Thrud's column lifts her, and her owner places her again (a :class:`ThrudDue`
    decision) once the effects pushed after this call are done (R-HERO-DAGDA-1, R-SEQ-2). Used for
    picked and kept cards, class heroes, the King's Great Armorer card and Ylud."""
    p = s.players[i]
    p.columns[ci].append(cid)
    if p.thrud == ci:
        p.thrud = -1
        _ev(log, "thrud.lifted", "R-HERO-THRUD-3", i, name=p.name, card=_card(cid), cls=_c(ci))
        s.tasks.append(_THRUD_DUE[i])


def _push_transform(s: State, i: int, amount: int, source: str, log: Log) -> None:
    s.tasks.append(TransformDue(i, amount, source))
    _ev(log, "xform.due", "R-XFORM-1", i, name=s.players[i].name, amount=amount, source=f"@source.{source}")


def _coin_at(p: Player, loc: str) -> Coin | None:
    return coin_at(p, parse_place(loc))


def _set_coin(p: Player, loc: str, coin: Coin) -> None:
    set_coin(p, parse_place(loc), coin)


def _exchange(s: State, i: int, old: Coin, target: int, log: Log) -> Coin | None:
    """Take the Treasury coin for ``target`` (R-TREAS-1) and discard ``old`` (R-COIN-1)."""
    p = s.players[i]
    value = treasury_pick(target, old.value, s.treasury)
    if value is None:  # R-TREAS-3
        _ev(log, "treasury.none", "R-TREAS-3", i, name=p.name, target=target, old=old.value)
        return None
    if value != target:
        _ev(
            log,
            "treasury.fallback-up" if value > target else "treasury.fallback-down",
            "R-TREAS-1",
            i,
            name=p.name,
            target=target,
            value=value,
            old=old.value,
        )
    s.treasury[value] -= 1  # taken before the old coin returns (R-TREAS-4)
    if old.kind is CoinKind.ROYAL:
        s.treasury[old.value] += 1
        _ev(log, "coin.gold-returns", "R-COIN-1", i, name=p.name, coin=old.value)
    else:
        s.out_of_game.append(str(old))
        _ev(log, "coin.basic-leaves", "R-COIN-1", i, name=p.name, coin=old.value)
    return ROYAL[value]


def _trade(s: State, i: int, loc_a: str, loc_b: str, discard_loc: str | None, log: Log) -> None:
    """Coin trade (R-TRADE-2): sum two coins, discard the higher, take the sum from the Treasury."""
    p = s.players[i]
    a, b = _coin_at(p, loc_a), _coin_at(p, loc_b)
    assert a is not None
    assert b is not None
    if discard_loc is None:
        discard_loc = loc_a if a.value > b.value else loc_b
        if a.value == b.value and a.kind is CoinKind.BASIC:
            discard_loc = loc_a
    hi = a if discard_loc == loc_a else b
    lo = b if hi is a else a
    total = a.value + b.value
    trading = p.slots[s.tavern]
    if log is not None:
        _ev(
            log,
            "trade.start",
            "R-TRADE-2",
            i,
            name=p.name,
            coin=_coin_term(trading),
            tavern=_t(s.tavern),
            a=a.value,
            b=b.value,
            total=total,
            high=hi.value,
            low=lo.value,
        )
    new = _exchange(s, i, hi, total, log)
    if new is None:
        return
    _set_coin(p, discard_loc, new)
    _ev(log, "trade.done", "R-TRADE-2", i, name=p.name, new=new.value, low=lo.value)


# --- actions -------------------------------------------------------------------------------


def _do_bid(s: State, a: Bid, log: Log) -> None:
    p = s.players[a.player]
    x, y = a.pouch
    p.slots = [*a.taverns, x, y] if x <= y else [*a.taverns, y, x]
    p.revealed = [False] * 5
    p.hand = []
    p.bid_done = True
    if log is not None:
        _ev(log, "bid.placed", "R-BID-1", a.player, name=p.name)
    for q in s.players:
        if not q.bid_done:
            return
    # everybody has bid (R-BID-3)
    s.tasks.pop()
    _ev(log, "bid.all-placed", "R-BID-3")
    s.tasks.append(_REVEAL[0])


def _do_uline_bid(s: State, a: UlineBid, log: Log) -> None:
    task = s.tasks.pop()
    assert isinstance(task, UlineBidDue)
    i, t = task.player, task.tavern
    p = s.players[i]
    p.hand.remove(a.coin)
    p.slots[t] = a.coin
    p.revealed[t] = True
    _ev(log, "uline.bid", "R-HERO-ULINE-4", i, name=p.name, coin=_coin_term(a.coin), tavern=_t(t))


def _do_pick(s: State, a: Pick, log: Log) -> None:
    tasks = s.tasks
    tasks.pop()
    i = a.player
    cid = a.card
    t = s.tavern
    s.taverns[t].remove(cid)
    amount = _OFFERING.get(cid)
    if amount is not None:  # R-PICK-1, R-XFORM-6: resolved at once, then discarded
        s.discard.append(cid)
        _ev(
            log,
            "pick.offering",
            "R-XFORM-6",
            i,
            name=s.players[i].name,
            card=_card(cid),
            tavern=_t(t),
            amount=amount,
        )
        _push_transform(s, i, amount, "offering", log)
        return
    if log is not None:
        _ev(
            log,
            "pick.dwarf",
            "R-ARMY-1",
            i,
            name=s.players[i].name,
            card=_card(cid),
            tavern=_t(t),
            cls=f"@class.{CARDS[cid].cls}",
        )
    _put(s, i, cid, COLUMN_OF[cid], log)
    recruit = _RECRUIT[i]
    if (
        tasks and tasks[-1] is recruit
    ):  # nothing pushed above this turn's recruitment check: run it now, as _run would
        tasks.pop()
        _task_recruit(s, recruit, log)


def _do_recruit(s: State, a: Recruit, log: Log) -> None:
    s.tasks.pop()
    i = a.player
    p = s.players[i]
    h = a.hero
    s.heroes_available.remove(h)
    p.heroes.append(h)
    s.tasks.append(_RECRUIT[i])  # R-RECRUIT-3/8: check again after the effect
    if h == THRUD:  # R-HERO-THRUD-2
        _ev(log, "hero.thrud", "R-HERO-THRUD-2", i, name=p.name)
        s.tasks.append(_THRUD_DUE[i])
        return
    ci = COLUMN_OF.get(h, -1)
    if ci >= 0:
        _ev(log, "hero.class", "R-ARMY-1", i, name=p.name, hero=_card(h), cls=_c(ci))
        _put(s, i, h, ci, log)  # R-HERO-DAGDA-1 / R-SEQ-2: the effect first, then Thrud is re-placed
        if h == BONFUR:  # R-HERO-BONFUR-2
            s.tasks.append(DiscardDue(i, 1, B))
            _ev(log, "hero.bonfur", "R-HERO-BONFUR-2", i, name=p.name)
        elif h == DAGDA:  # R-HERO-DAGDA-2
            s.tasks.append(DiscardDue(i, 2, H))
            _ev(log, "hero.dagda", "R-HERO-DAGDA-2", i, name=p.name)
        return
    p.command_zone.append(h)
    _ev(log, "hero.neutral", "R-ARMY-1", i, name=p.name, hero=_card(h))
    if h == GRID:  # R-HERO-GRID-2
        _push_transform(s, i, 7, "grid", log)
    elif h == ULINE:  # R-HERO-ULINE-2
        taken = 0
        for k in range(5):
            c = p.slots[k]
            if c is not None and not p.revealed[k]:
                p.hand.append(c)
                p.slots[k] = None
                taken += 1
        p.hand.sort()
        p.bid_done = True
        _ev(log, "hero.uline", "R-HERO-ULINE-2", i, name=p.name, count=taken)
    elif h == YLUD:  # R-HERO-YLUD-1
        _ev(log, "hero.ylud", "R-HERO-YLUD-1", i, name=p.name)


def _do_thrud(s: State, a: PlaceThrud, log: Log) -> None:
    s.tasks.pop()
    p = s.players[a.player]
    p.thrud = CLASSES.index(a.column)
    _ev(log, "thrud.placed", "R-HERO-THRUD-3", a.player, name=p.name, cls=f"@class.{a.column.value}")


def _do_ylud(s: State, a: PlaceYlud, log: Log) -> None:
    s.tasks.pop()
    p = s.players[a.player]
    ci = CLASSES.index(a.column)
    for k, col in enumerate(p.columns):
        if YLUD in col:
            if k == ci:
                _ev(log, "ylud.stays", "R-HERO-YLUD-3", a.player, name=p.name, cls=_c(ci))
                return
            col.remove(YLUD)
            _ev(log, "ylud.moves", "R-HERO-YLUD-3", a.player, name=p.name, old=_c(k), cls=_c(ci))
            break
    else:
        p.command_zone.remove(YLUD)
        _ev(log, "ylud.placed", "R-HERO-YLUD-2", a.player, name=p.name, cls=_c(ci))
    _put(s, a.player, YLUD, ci, log)


def _do_transform(s: State, a: Transform, log: Log) -> None:
    task = s.tasks.pop()
    assert isinstance(task, TransformDue)
    i, amount = task.player, task.amount
    p = s.players[i]
    old = _coin_at(p, a.location)
    assert old is not None
    where = _where(s, p, a.location)
    new = _exchange(s, i, old, old.value + amount, log)
    if new is None:
        return
    _set_coin(p, a.location, new)
    _ev(
        log,
        "xform.done",
        "R-XFORM-1",
        i,
        name=p.name,
        old=old.value,
        new=new.value,
        amount=amount,
        where=where,
    )
    place = parse_place(a.location)
    if place.zone is Zone.TAVERN and place.index == s.tavern and s.tavern >= 0:  # R-XFORM-5 (case C)
        _ev(log, "xform.keeps-order", "R-XFORM-5", i, name=p.name, old=old.value, tavern=_t(s.tavern))
    elif place.zone is Zone.TAVERN and place.index > s.tavern >= 0 and not p.revealed[place.index]:
        # R-XFORM-4 (case B)
        _ev(log, "xform.future-bid", "R-XFORM-4", i, name=p.name, new=new.value, tavern=_t(place.index))


def _where(s: State, p: Player, loc: str) -> str:
    place = parse_place(loc)
    if place.zone is Zone.HAND:
        return "@where.hand"
    if place.zone is Zone.POUCH:
        return "@where.pouch"
    t = place.index
    if t == s.tavern:
        return f"@where.current.{t}"
    return f"@where.resolved.{t}" if t < s.tavern else f"@where.later.{t}"


def _do_discard(s: State, a: Discard, log: Log) -> None:
    s.tasks.pop()
    i = a.player
    p = s.players[i]
    for col in a.columns:
        ci = CLASSES.index(col)
        cid = p.columns[ci].pop()
        s.discard.append(cid)
        _ev(
            log,
            "discard.card",
            "R-HERO-DAGDA-2" if len(a.columns) == 2 else "R-HERO-BONFUR-2",
            i,
            name=p.name,
            card=_card(cid),
            cls=_c(ci),
        )


def _do_uline_trade(s: State, a: TradeCoins, log: Log) -> None:
    s.tasks.pop()
    p = s.players[a.player]
    x, y = (_coin_at(p, loc) for loc in a.locations)
    assert x is not None
    assert y is not None
    if x.value == y.value and x.kind != y.kind:
        x_loc, y_loc = a.locations
        s.tasks.append(TradeDiscardDue(a.player, (x_loc, y_loc)))
        return
    _trade(s, a.player, a.locations[0], a.locations[1], None, log)


def _do_trade_discard(s: State, a: TradeDiscard, log: Log) -> None:
    task = s.tasks.pop()
    assert isinstance(task, TradeDiscardDue)
    locs = task.choices
    _trade(s, a.player, locs[0], locs[1], a.location, log)


def _do_keep(s: State, a: Keep, log: Log) -> None:
    s.tasks.pop()
    i = a.player
    p = s.players[i]
    rest = [c for c in s.pioneer_draw if c != a.card]
    s.pioneer_draw = []
    deck = s.decks[2]
    deck.extend(rest)
    _shuffle(s, deck)  # R-DIST-PIONEER-3
    _ev(log, "dist.pioneer-keep", "R-DIST-PIONEER-2", i, name=p.name, card=_card(a.card), back=len(rest))
    c = CARDS[a.card]
    if c.kind is CardKind.ROYAL_OFFERING:
        s.discard.append(a.card)
        _push_transform(s, i, c.offering, "offering", log)
    else:
        s.tasks.append(_RECRUIT[i])
        _place(s, i, a.card, log)


def _shuffle(s: State, deck: list[str]) -> None:
    s.shuffles += 1
    random.Random(f"{s.options.seed}:{s.shuffles}").shuffle(deck)


_A = TypeVar("_A", bound=Action)
_DO: dict[type[object], Callable[[State, Action, Log], None]] = {}


def _does(kind: type[_A], fn: Callable[[State, _A, Log], None]) -> None:
    """Register how one kind of action is applied (``_DO`` calls it with that kind only)."""
    _DO[kind] = cast(Callable[[State, Action, Log], None], fn)


_does(Bid, _do_bid)
_does(UlineBid, _do_uline_bid)
_does(Pick, _do_pick)
_does(Recruit, _do_recruit)
_does(PlaceThrud, _do_thrud)
_does(PlaceYlud, _do_ylud)
_does(Transform, _do_transform)
_does(Discard, _do_discard)
_does(TradeCoins, _do_uline_trade)
_does(TradeDiscard, _do_trade_discard)
_does(Keep, _do_keep)


# --- decisions, legal actions, checks ----------------------------------------------------------


def decision(s: State) -> Decision | None:
    """What the game waits for (``None`` when it is over)."""
    if not s.tasks:
        return None
    top = s.tasks[-1]
    if isinstance(top, BidsDue):
        return Decision(K.BIDS, tuple(i for i, p in enumerate(s.players) if not p.bid_done))
    assert not isinstance(top, AutoTask), f"an automatic task waits on top of the stack: {top}"
    kind = DecisionKind(top.KIND)
    if isinstance(top, TransformDue):
        return Decision(kind, (top.player,), {"amount": top.amount, "source": top.source})
    if isinstance(top, DiscardDue):
        return Decision(kind, (top.player,), {"count": top.count, "exclude": CLASSES[top.exclude].value})
    if isinstance(top, YludDue):
        return Decision(kind, (top.player,), {"age": top.age})
    return Decision(kind, (top.player,))


def to_act(s: State) -> tuple[int, ...]:
    """The players who must act now (several during bids)."""
    d = decision(s)
    return d.players if d else ()


@lru_cache(maxsize=4096)
def _bid_options(hand: tuple[Coin, ...]) -> tuple[tuple[tuple[Coin, Coin, Coin], tuple[Coin, Coin]], ...]:
    """Distinct ways to bid a hand (R-BID-1): 3 ordered tavern coins + an unordered pouch pair."""
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


def _all_coin_locations(p: Player) -> list[str]:
    return [str(place) for place in places_of(p)]


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
        return [pick_action(i, c) for c in s.taverns[s.tavern]]
    if isinstance(top, BidsDue):
        pending = [i for i, q in enumerate(s.players) if not q.bid_done]
        who = pending if player is None else ([player] if player in pending else [])
        return [b for i in who for b in _bids_for(i, tuple(s.players[i].hand))]
    assert not isinstance(top, AutoTask), f"an automatic task waits on top of the stack: {top}"
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
    if isinstance(top, TransformDue):
        return [Transform(i, loc) for loc in _all_coin_locations(p) if not _coin_or_fail(p, loc).is_trading]
    if isinstance(top, DiscardDue):
        cols = discardable_columns(p, top.exclude)
        if top.count == 1:
            return [Discard(i, (CLASSES[c],)) for c in cols]
        return [Discard(i, (CLASSES[x], CLASSES[y])) for x in cols for y in cols if x < y]
    if isinstance(top, UlineTradeDue):
        n = len(p.hand)
        return [
            TradeCoins(i, (str(hand_place(x)), str(hand_place(y)))) for x in range(n) for y in range(x + 1, n)
        ]
    if isinstance(top, TradeDiscardDue):
        return [TradeDiscard(i, loc) for loc in top.choices]
    return [Keep(i, c) for c in s.pioneer_draw]  # the remaining decision: PioneerDue


def _coin_or_fail(p: Player, loc: str) -> Coin:
    c = _coin_at(p, loc)
    assert c is not None
    return c


def _v(rule: str, key: str, **params: Any) -> Violation:
    return Violation(rule, key, params)


_ACTION_TYPES = (
    Bid,
    UlineBid,
    Pick,
    Recruit,
    PlaceThrud,
    PlaceYlud,
    Transform,
    Discard,
    TradeCoins,
    TradeDiscard,
    Keep,
)


def _is_location(loc: object) -> bool:
    """A coin place a parsed action may name (:func:`nidlib.core.places.parse_place`)."""
    return is_place(loc)


def _is_coins(coins: object, n: int) -> bool:
    return isinstance(coins, tuple) and len(coins) == n and all(isinstance(c, Coin) for c in coins)


def well_formed(action: object) -> bool:
    """Whether ``action`` has the shape of an action: one of the action types, a player number, and
    fields that :func:`~nidlib.core.actions.parse` could have produced (known cards and heroes, coin
    locations, three tavern coins and two pouch coins...). Whether it is *legal* is :func:`check`'s
    business; a Thrud/Ylud column that is no class is well formed and refused by the rules."""
    if not isinstance(action, _ACTION_TYPES) or type(action.player) is not int:
        return False
    a: Any = action  # the fields are checked here, whatever their declared types
    if isinstance(action, Bid):
        return _is_coins(a.taverns, 3) and _is_coins(a.pouch, 2)
    if isinstance(action, UlineBid):
        return isinstance(a.coin, Coin)
    if isinstance(action, Pick | Keep):
        return isinstance(a.card, str) and a.card in CARDS
    if isinstance(action, Recruit):
        return isinstance(a.hero, str) and a.hero in HERO_IDS
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
    if not isinstance(a, expected):
        return _v(DECISION_RULE[d.kind], "err.wrong-action", name=name, doing=f"@decision.{d.kind}")
    top = s.tasks[-1]
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
        if a.card not in s.taverns[s.tavern]:
            return _v("R-PICK-1", "err.pick-card", card=_card(a.card), tavern=_t(s.tavern))
        return None
    if isinstance(a, Recruit):
        if a.hero not in s.heroes_available:
            return _v("R-COMP-4", "err.hero-taken", hero=_card(a.hero))
        if a.hero == HOURYA and ranks(p, E) < HOURYA_EXPLORERS:
            return _v("R-HERO-HOURYA-2", "err.hourya", explorers=ranks(p, E))
        if a.hero == BONFUR and not discardable_columns(p, B):
            return _v("R-HERO-BONFUR-3", "err.bonfur")
        if a.hero == DAGDA and len(discardable_columns(p, H)) < 2:
            return _v("R-HERO-DAGDA-3", "err.dagda", count=len(discardable_columns(p, H)))
        return None
    if isinstance(a, PlaceThrud | PlaceYlud):
        return None if a.column in CLASSES else _v(DECISION_RULE[d.kind], "err.column", column=str(a.column))
    if isinstance(a, Transform):
        c = _coin_at(p, a.location)
        if c is None:
            return _v("R-XFORM-2", "err.no-coin-there", location=a.location)
        if c.is_trading:
            return _v("R-XFORM-1", "err.xform-trading", coin=_coin_term(c))
        return None
    if isinstance(a, Discard):
        assert isinstance(top, DiscardDue)
        need, exclude = top.count, top.exclude
        cols = [CLASSES.index(c) for c in a.columns]
        hero = "@card.bonfur" if need == 1 else "@card.dagda"
        rule = "R-HERO-BONFUR-2" if need == 1 else "R-HERO-DAGDA-2"
        if len(cols) != need or len(set(cols)) != need:
            return _v(rule, "err.discard-count", hero=hero, count=need)
        if exclude in cols:
            return _v(rule, "err.discard-own-column", hero=hero, cls=_c(exclude))
        ok = discardable_columns(p, exclude)
        for ci in cols:
            if ci not in ok:
                return _v(
                    "R-HERO-DAGDA-3" if need == 2 else "R-HERO-BONFUR-3", "err.discard-column", cls=_c(ci)
                )
        return None
    if isinstance(a, TradeCoins):
        x, y = (parse_place(loc) for loc in a.locations)
        if x == y or not x.is_hand or not y.is_hand or coin_at(p, x) is None or coin_at(p, y) is None:
            return _v("R-HERO-ULINE-5", "err.uline-trade", hand=", ".join(map(str, p.hand)))
        return None
    if isinstance(a, TradeDiscard):
        assert isinstance(top, TradeDiscardDue)
        locs = top.choices
        if a.location not in locs:
            return _v("R-TRADE-4", "err.trade-discard", options=", ".join(locs))
        return None
    if a.card not in s.pioneer_draw:  # the remaining kind: Keep
        return _v("R-DIST-PIONEER-1", "err.keep", card=_card(a.card))
    return None


def apply(s: State, a: Action) -> tuple[State, list[Event]]:
    """Apply a legal action: returns the new state and the events that explain it.

    :raises IllegalActionError: the action is not legal here; ``s`` is unchanged.
    """
    violation = check(s, a)
    if violation is not None:
        raise IllegalActionError(a, violation)
    if s.viewer is not None:
        raise NidError("a player view cannot be played on; determinize it first (nidlib.core.views)")
    new = s.copy()
    log: list[Event] = []
    _DO[type(a)](new, a, log)
    _run(new, log)
    return new, log


def advance(s: State, a: Action, log: Log = None) -> None:
    """Fast path: apply ``a`` to ``s`` *in place*, without checking it. For bots and playouts only."""
    _DO[type(a)](s, a, log)
    _run(s, log)


# --- scores ---------------------------------------------------------------------------------


def tableaux(s: State) -> list[Any]:
    """Each player's position as a scoring Tableau (Thrud counted in the command zone)."""
    from nidlib.rules.scoring import Tableau

    out = []
    for p in s.players:
        cz = list(p.command_zone)
        if p.thrud >= 0 or (THRUD in p.heroes and THRUD not in cz):
            cz.append(THRUD)
        out.append(
            Tableau(
                name=p.name,
                columns=dict(zip(CLASSES, (tuple(c) for c in p.columns), strict=True)),
                command_zone=tuple(cz),
                coins=tuple(p.coins()),
                gem=p.gem,
            )
        )
    return out


def final_scores(s: State) -> Any:
    """The score table of the position (final at the end of the game)."""
    from nidlib.rules.scoring import score_tableaux

    return score_tableaux(
        tableaux(s), warrior_bonus_without_warriors=s.options.warrior_bonus_without_warriors
    )


__all__ = [
    "advance",
    "apply",
    "check",
    "decision",
    "eligible_heroes",
    "final_scores",
    "legal_actions",
    "lines",
    "new_game",
    "ranks",
    "to_act",
    "well_formed",
]
