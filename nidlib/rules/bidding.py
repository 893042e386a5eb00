"""Bidding and tavern order: Enter the Dwarves, bids, revelation, Uline's bid, pick order, gem ties.

Rule ids: R-ENTER-1, R-FLOW-2, R-BID-1, R-BID-3, R-BID-4, R-REVEAL-1, R-REVEAL-2, R-HERO-ULINE-4, R-ORDER-1,
R-ORDER-2, R-ORDER-3, R-TRADE-1 (a trading coin bid schedules a trade), R-PICK-3 (2-player leftovers),
R-GEM-1, R-GEM-2, R-GEM-3, R-GEM-4, X-TH-3, X-TH-4, X-TH-5, X-TH-ART-JARNGLOFI-2, X-TH-ART-JARNGLOFI-4,
X-TH-CAMP-4, X-TH-SEQ-2, X-TH-6, R-FLOW-3, X-ID-3, X-ID-4, X-ID-SEQ-1, X-ID-VALK-BRYNHILDR-1, X-ID-SEQ-2.
"""

from __future__ import annotations

from nidlib.core.actions import Bid, UlineBid
from nidlib.core.cards import AGE_DECKS
from nidlib.core.state import Player, State
from nidlib.core.tasks import CampRefill, FixOrder, GodsStep, RevealTavern, RoundStart, TavernEnd, UlineBidDue
from nidlib.rules.base import (
    _BIDS_DUE,
    _ORDER,
    _PICK_DUE,
    _RECRUIT,
    _REVEAL,
    _ROUND_END,
    _TAVERN_END,
    _TRADE,
    TAVERN_SIZE,
    Log,
    _card,
    _coin_term,
    _does,
    _ev,
    _handles,
    _t,
    _value,
    discard_tavern_card,
    rounds_in_age,
    uline_owner,
)
from nidlib.rules.valkyries import BRYNHILDR, notch


@_handles(RoundStart)
def _task_round_start(s: State, task: RoundStart, log: Log) -> None:
    """Enter the Dwarves (R-ENTER-1), then simultaneous bids (R-BID-1)."""
    s.round += 1
    s.tavern = -1
    size = TAVERN_SIZE[s.options.players]
    myth = s.idavoll
    age_deck = s.decks[s.age]
    taverns = s.taverns
    for t in range(3):
        deck = age_deck
        if t == 1 and myth is not None and s.age == 1 and myth.deck:
            deck = myth.deck  # X-ID-3: the Dancing Dragon's cards come from the Mythology deck
        cut = max(len(deck) - size, 0)
        row = deck[cut:]  # the top cards of the deck, in the order they are drawn (popped one by one)
        row.reverse()
        del deck[cut:]
        taverns[t] = row
    if log is not None:
        rounds = rounds_in_age(s.options.players, s.age, idavoll=myth is not None)  # R-FLOW-3, X-ID-3
        _ev(log, "round.start", "R-FLOW-2", age=s.age, round=s.round, rounds=rounds)
        for t in range(3):
            _ev(log, "enter.tavern", "R-ENTER-1", tavern=_t(t), cards=[_card(c) for c in s.taverns[t]])
    owner = uline_owner(s)
    if owner is None:
        for p in s.players:
            p.bid_done = False
    else:
        for i, p in enumerate(s.players):
            p.bid_done = i == owner  # R-BID-4: Uline's owner does not bid
        _ev(log, "bid.uline-skips", "R-BID-4", owner, name=s.players[owner].name)
    s.tasks.append(_BIDS_DUE)
    if myth is not None:  # X-ID-SEQ-1: Loki, then Freya, before the bids
        s.tasks.append(_GODS)
    if s.camp is not None:  # X-TH-3, X-TH-SEQ-2: after the taverns, the Camp is refilled
        s.tasks.append(_CAMP_REFILL)


_CAMP_REFILL = CampRefill()
#: ``range(n)`` of each player count, and each seat's pick turn as pushed (recruitment check, then the pick)
_SEATS = tuple(tuple(range(n)) for n in range(6))
_TURN = tuple((_RECRUIT[i], _PICK_DUE[i]) for i in range(5))
_GODS = GodsStep()
_AGE_CARDS = frozenset(c.id for deck in AGE_DECKS.values() for c in deck)


@_handles(RevealTavern)
def _task_tavern(s: State, task: RevealTavern, log: Log) -> None:
    """Bid revelation of one tavern (R-REVEAL-1); Uline lays her coin after the others (R-REVEAL-2)."""
    t = task.tavern
    s.tavern = t
    owner = uline_owner(s)
    if owner is None:  # the common case: every bid is revealed
        for p in s.players:
            p.revealed[t] = True
        s.tasks.append(_ORDER[t])
        return
    for i, p in enumerate(s.players):
        if i != owner:
            p.revealed[t] = True
    s.tasks.append(_ORDER[t])
    if log is not None:
        shown = [f"{p.name} {_value(p.slots[t])}" for i, p in enumerate(s.players) if i != owner]
        _ev(
            log,
            "reveal.before-uline",
            "R-REVEAL-2",
            owner,
            tavern=_t(t),
            bids=shown,
            name=s.players[owner].name,
        )
    s.tasks.append(UlineBidDue(owner, t))


@_handles(FixOrder)
def _task_order(s: State, task: FixOrder, log: Log) -> None:
    """Pick order: highest bid first, ties by higher gem (R-ORDER-1/2); fixed now (R-ORDER-3)."""
    t = task.tavern
    ps = s.players
    coins = [p.slots[t] for p in ps]
    if None in coins:  # X-TH-ART-JARNGLOFI-2, X-TH-CAMP-4: a player without a bid here is not in the order
        values: list[int | None] = [None if c is None else c.value for c in coins]
        keys = [p.gem if v is None else (v << 3) + p.gem for p, v in zip(ps, values, strict=True)]
        order = [
            i for i in sorted(_SEATS[len(ps)], key=keys.__getitem__, reverse=True) if values[i] is not None
        ]
    else:
        values = [c.value for c in coins]  # type: ignore[union-attr]  # no None here
        # bid then gem: gems are distinct and below 8, so one integer orders both
        keys = [(c.value << 3) + p.gem for c, p in zip(coins, ps, strict=True)]  # type: ignore[union-attr]
        order = sorted(_SEATS[len(ps)], key=keys.__getitem__, reverse=True)
    s.bid_values = values
    if s.camp is not None:
        s.camp.visited = False  # X-TH-4: one Camp visit per tavern
    s.order = order
    bids = values if len(order) == len(values) else [v for v in values if v is not None]
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
            bids=[f"{ps[i].name} {_value(ps[i].slots[t])}" for i in order],
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
    if s.idavoll is not None and order:  # X-ID-VALK-BRYNHILDR-1, X-ID-SEQ-2: once the order is fixed
        notch(s, BRYNHILDR, order[0], 1, log, tavern=_t(t))
    tasks = s.tasks
    tasks.append(_TAVERN_END[t])
    for i in reversed(order):
        if coins[i].is_trading:  # type: ignore[union-attr]  # R-TRADE-1: only a trading coin bid here
            tasks.append(_TRADE[i])  # triggers a trade (every seat in the order has a coin here)
        tasks += _TURN[i]  # the recruitment check, then the pick on top


@_handles(TavernEnd)
def _task_tavern_end(s: State, task: TavernEnd, log: Log) -> None:
    """2p leftover discard (R-PICK-3), then the gem exchange (R-GEM-1..4), then the next tavern."""
    t = task.tavern
    if s.taverns[t]:
        rule = "R-PICK-3"
        if (
            s.camp is not None and s.camp.visited
        ):  # the leftovers of a Camp visit: X-TH-5, or X-TH-6 at 2 players
            rule = "X-TH-6" if s.options.players == 2 else "X-TH-5"
        for cid in s.taverns[t]:
            if s.idavoll is not None and cid not in _AGE_CARDS:  # X-ID-4: removed from the game
                _ev(log, "tavern.myth-removed", "X-ID-4", tavern=_t(t), card=_card(cid))
            else:
                _ev(log, "tavern.discard", rule, tavern=_t(t), card=_card(cid))
            discard_tavern_card(s, cid)
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
    if len(group) == 2:  # the common tie: two players swap, unless one holds gem 6 (R-GEM-3)
        x, y = group
        gx, gy = ps[x].gem, ps[y].gem
        if gx == 6:
            return x, [], None
        if gy == 6:
            return y, [], None
        return None, [(x, y) if gx > gy else (y, x)], None
    six = None
    g = []
    for i in group:
        if ps[i].gem == 6:
            six = i
        else:
            g.append(i)
    g.sort(key=lambda i: -ps[i].gem)  # R-GEM-2
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
            if log is None:
                continue
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


def _do_bid(s: State, a: Bid, log: Log) -> None:
    p = s.players[a.player]
    if len(a.pouch) == 2:
        x, y = a.pouch
        p.slots = (
            [*a.taverns, x, y] if x._key <= y._key else [*a.taverns, y, x]
        )  # x <= y, without a Python call
    else:  # four coins after Jarnglofi: one pouch coin (X-TH-ART-JARNGLOFI-4)
        p.slots = [*a.taverns, a.pouch[0], None]
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
    if log is not None:
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
    if log is not None:
        _ev(log, "uline.bid", "R-HERO-ULINE-4", i, name=p.name, coin=_coin_term(a.coin), tavern=_t(t))


_does(Bid, _do_bid)
_does(UlineBid, _do_uline_bid)
