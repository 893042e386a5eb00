"""Coins: coin trades, transformations and the Royal Treasury.

Rule ids: R-TRADE-1, R-TRADE-2, R-TRADE-4, R-HERO-ULINE-5, R-XFORM-1, R-XFORM-2 (a coin at the place),
R-XFORM-4, R-XFORM-5, R-TREAS-1, R-TREAS-3, R-TREAS-4, R-COIN-1, X-TH-HERO-JARIKA-1, X-TH-HERO-ZOLKUR-1,
X-ID-VALK-SVAFA-1.
"""

from __future__ import annotations

from nidlib.core.actions import TradeCoins, TradeDiscard, Transform
from nidlib.core.coins import ROYAL, Coin, CoinKind, treasury_pick
from nidlib.core.places import SLOTS, Zone, coin_at, parse_place, set_coin
from nidlib.core.state import Player, State
from nidlib.core.tasks import CoinTrade, TradeDiscardDue, TransformDue, UlineTradeDue
from nidlib.rules.base import (
    _HAND_PAIR,
    _POUCH_PAIR,
    ULINE,
    Log,
    _coin_term,
    _does,
    _ev,
    _handles,
    _t,
    trade_bonus,
)
from nidlib.rules.valkyries import SVAFA, notch


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
    if s.camp is None and log is None:  # _trade on the pouch by slot index (playouts' fast path)
        k = 3 if a.value > b.value or (a.value == b.value and a.kind is CoinKind.BASIC) else 4
        new = _exchange(s, i, a if k == 3 else b, a.value + b.value, log)
        if new is not None:
            p.slots[k] = new
        return
    _trade(s, i, *_POUCH_PAIR, None, log)


def _push_transform(s: State, i: int, amount: int, source: str, log: Log) -> None:
    s.tasks.append(TransformDue(i, amount, source))
    if log is not None:
        _ev(
            log,
            "xform.due",
            "R-XFORM-1",
            i,
            name=s.players[i].name,
            amount=amount,
            source=f"@source.{source}",
        )


#: the index in ``Player.slots`` of each slot place's text ("t0".."t2", "p0", "p1"): the hot path of trades
_SLOT_INDEX: dict[str, int] = {str(place): k for k, place in enumerate(SLOTS)}


def _coin_at(p: Player, loc: str) -> Coin | None:
    k = _SLOT_INDEX.get(loc)
    if k is not None:  # a tavern or pouch place: parse_place(loc).slot == k
        return p.slots[k]
    return coin_at(p, parse_place(loc))


def _set_coin(p: Player, loc: str, coin: Coin) -> None:
    k = _SLOT_INDEX.get(loc)
    if k is not None:
        p.slots[k] = coin
        return
    set_coin(p, parse_place(loc), coin)


def _exchange(s: State, i: int, old: Coin, target: int, log: Log) -> Coin | None:
    """Take the Treasury coin for ``target`` (R-TREAS-1) and discard ``old`` (R-COIN-1)."""
    p = s.players[i]
    value = treasury_pick(target, old.value, s.treasury)
    if value is None:  # R-TREAS-3
        if log is not None:
            _ev(log, "treasury.none", "R-TREAS-3", i, name=p.name, target=target, old=old.value)
        return None
    if value != target and log is not None:
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
    if value > target and s.idavoll is not None:  # X-ID-VALK-SVAFA-1: one notch per point of betterment
        notch(s, SVAFA, i, value - target, log, target=target, value=value)
    s.treasury[value] -= 1  # taken before the old coin returns (R-TREAS-4)
    if old.kind is CoinKind.ROYAL:
        s.treasury[old.value] += 1
        if log is not None:
            _ev(log, "coin.gold-returns", "R-COIN-1", i, name=p.name, coin=old.value)
    else:
        s.out_of_game.append(str(old))
        if log is not None:
            _ev(log, "coin.basic-leaves", "R-COIN-1", i, name=p.name, coin=old.value)
    return ROYAL[value]


def _trade(s: State, i: int, loc_a: str, loc_b: str, discard_loc: str | None, log: Log) -> None:
    """Coin trade (R-TRADE-2): sum two coins, discard the higher, take the sum from the Treasury.

    Thingvellir: Zolkur on the pouch discards the lower coin instead, once (X-TH-HERO-ZOLKUR-1);
    Jarika raises the target by 2 (X-TH-HERO-JARIKA-1).
    """
    p = s.players[i]
    a, b = _coin_at(p, loc_a), _coin_at(p, loc_b)
    assert a is not None
    assert b is not None
    zolkur = s.camp is not None and s.camp.zolkur[i]
    if discard_loc is None:
        higher_a = a.value > b.value
        discard_loc = loc_a if higher_a != zolkur else loc_b
        if a.value == b.value and a.kind is CoinKind.BASIC:
            discard_loc = loc_a
    hi = a if discard_loc == loc_a else b
    lo = b if hi is a else a
    total = a.value + b.value
    key, rule = "trade.start", "R-TRADE-2"
    if s.camp is not None:
        bonus = trade_bonus(p)
        total += bonus
        if zolkur:
            s.camp.zolkur[i] = False
            _ev(log, "trade.zolkur", "X-TH-HERO-ZOLKUR-1", i, name=p.name, coin=hi.value)
        if bonus or zolkur:  # the sentence says what Jarika and Zolkur change (X-TH-HERO-JARIKA-1/ZOLKUR-1)
            key = "trade.start." + "-".join(x for x, on in (("jarika", bonus), ("zolkur", zolkur)) if on)
            rule = "X-TH-HERO-ZOLKUR-1" if zolkur else "X-TH-HERO-JARIKA-1"
    trading = p.slots[s.tavern]
    if log is not None:
        _ev(
            log,
            key,
            rule,
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
    if log is not None:
        _ev(log, "trade.done", "R-TRADE-2", i, name=p.name, new=new.value, low=lo.value)


def _do_transform(s: State, a: Transform, log: Log) -> None:
    task = s.tasks.pop()
    assert isinstance(task, TransformDue)
    transform_at(s, task.player, a.location, task.amount, task.source, log)


def transform_at(s: State, i: int, location: str, amount: int, source: str, log: Log) -> None:
    """Transform the coin at ``location`` by ``amount`` (R-XFORM-1; Jarika: +2, X-TH-HERO-JARIKA-1)."""
    p = s.players[i]
    place = parse_place(location)
    old = coin_at(p, place)
    assert old is not None
    if s.camp is not None:
        amount += trade_bonus(p)
    new = _exchange(s, i, old, old.value + amount, log)
    if new is None:
        return
    set_coin(p, place, new)
    if log is None:
        return
    _ev(
        log,
        "xform.done",
        "R-XFORM-1",
        i,
        name=p.name,
        old=old.value,
        new=new.value,
        amount=amount,
        where=_where(s, p, location),
    )
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


_does(Transform, _do_transform)
_does(TradeCoins, _do_uline_trade)
_does(TradeDiscard, _do_trade_discard)
