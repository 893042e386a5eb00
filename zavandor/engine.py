"""The rules: actions are small values, :func:`check` says why one is illegal (never raises),
:func:`apply` returns the next state and the events that explain it (never changes its input).

A round::

    s = new_game(["Ana", "Bo"], seed=7)
    s, ev = apply(s, Income())                       # Z-INC-1..4, Z-DRAW-1
    s, ev = apply(s, BankTrade(0, give=counts(emerald=2), take=counts(sapphire=1)))   # Z-BANK-1
    s, ev = apply(s, Auction((Bid.of(sapphire=3), Bid.of(emerald=1))))             # Z-AUC-*, Z-REW-*
    if s.phase is Phase.KING:                        # the mover chooses at a fork (Z-KING-1)
        s, ev = apply(s, MoveKing(s.king_mover, to=king_options(s)[0]))
    s, ev = apply(s, Upgrade(0))                     # Z-UPG-1..3 (optional)
    s, ev = apply(s, EndRound())                     # Z-LOCK-2, Z-ROUND-2, Z-END-*
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from itertools import accumulate
from typing import Any

from zavandor.errors import IllegalActionError, Violation
from zavandor.events import Event
from zavandor.params import GEMS, Confidence, Gem, Params, weakest
from zavandor.rules import rules
from zavandor.state import (
    ZERO,
    Bid,
    Counts,
    LotResult,
    Phase,
    PlayerState,
    State,
    add,
    counts_text,
    fits,
    sub,
)

# -- actions -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Income:
    """Every player takes income, from the start player on (Z-INC-1..4)."""

    def __str__(self) -> str:
        return "income"


@dataclass(frozen=True, slots=True)
class BankTrade:
    """``seat`` gives ``bank_rate`` cards per card taken (Z-BANK-1)."""

    seat: int
    give: Counts
    take: Counts

    def __str__(self) -> str:
        return f"p{self.seat}:bank:{counts_text(self.give)}>{counts_text(self.take)}"


@dataclass(frozen=True, slots=True)
class Trade:
    """Two players exchange gem cards (Z-TRADE-1)."""

    a: int
    b: int
    give_a: Counts  #: what ``a`` gives ``b``
    give_b: Counts  #: what ``b`` gives ``a``

    def __str__(self) -> str:
        return f"p{self.a}<>p{self.b}:{counts_text(self.give_a)}<>{counts_text(self.give_b)}"


@dataclass(frozen=True, slots=True)
class Auction:
    """Everyone's hidden handful, revealed at once, one :class:`Bid` per seat (Z-AUC-1)."""

    bids: tuple[Bid, ...]

    def __str__(self) -> str:
        return "auction:" + ",".join(str(b) for b in self.bids)


@dataclass(frozen=True, slots=True)
class MoveKing:
    """The King's mover chooses the next hall at a fork (Z-KING-1)."""

    seat: int
    to: int

    def __str__(self) -> str:
        return f"p{self.seat}:king:{self.to}"


@dataclass(frozen=True, slots=True)
class Upgrade:
    """``seat`` raises the family one level, paying the King's hall cost (Z-UPG-1..3)."""

    seat: int

    def __str__(self) -> str:
        return f"p{self.seat}:upgrade"


@dataclass(frozen=True, slots=True)
class EndRound:
    """Close the Upgrade phase: locked bids return; next round or the end (Z-LOCK-2, Z-ROUND-2, Z-END-1)."""

    def __str__(self) -> str:
        return "end-round"


Action = Income | BankTrade | Trade | Auction | MoveKing | Upgrade | EndRound

# -- confidence of an outcome ----------------------------------------------------------------------

_LEVEL = {
    "A": Confidence.CONFIRMED,
    "B": Confidence.SEED,
    "C": Confidence.INFERRED,
    "M": Confidence.ILLUSTRATIVE,
}


@cache
def rule_confidence(rule_id: str) -> Confidence:
    return _LEVEL[rules()[rule_id].confidence]


def _ev(
    p: Params, key: str, rule: str, deps: tuple[str, ...] = (), seat: int | None = None, **params: Any
) -> Event:
    hit = _CONF.get((id(p), rule, deps))
    if hit is not None and hit[0] is p:
        conf = hit[1]
    else:
        if len(_CONF) > 4096:
            _CONF.clear()
        conf = weakest((rule_confidence(rule), p.confidence_of(deps)))
        _CONF[(id(p), rule, deps)] = (p, conf)  # the entry keeps ``p`` alive: its id is not reused
    return Event(key, rule, params, seat, conf)


_CONF: dict[tuple[int, str, tuple[str, ...]], tuple[Params, Confidence]] = {}


def _gem(g: Gem) -> str:
    return f"@gem.{g.value}"


def _cards(g: Gem, n: int) -> dict[str, list[int]]:
    """``n`` cards of gem ``g`` as a message parameter ("3 emeralds")."""
    return {"counts": [n if x is g else 0 for x in GEMS]}


# -- set-up --------------------------------------------------------------------------------------


def _rng(s: State | int, *parts: object) -> random.Random:
    """A generator for one draw site, from the game's seed (str seeds are hashed with SHA-512: stable)."""
    seed = s if isinstance(s, int) else s.seed
    return random.Random("zavandor/" + "/".join(str(x) for x in (seed, *parts)))


@cache
def _cum(mix: tuple[int, int, int, int]) -> tuple[int, ...]:
    return tuple(accumulate(mix))


def draw(p: Params, rng: random.Random, tiers: Sequence[int]) -> Counts:
    """Gems of cards drawn from the given tiers (Z-DRAW-1: each tier's mix, with replacement)."""
    got = [0, 0, 0, 0]
    for t in tiers:
        cum = _cum(p.deck_mix[t - 1])
        got[GEMS.index(rng.choices(GEMS, cum_weights=cum)[0])] += 1
    return (got[0], got[1], got[2], got[3])


def empty_rows(p: Params, n: int) -> tuple[Gem, ...]:
    """Rows without cards at this player count (Z-REW-4)."""
    return p.empty_rows_2p if n == 2 else p.empty_rows_3p if n == 3 else ()


def new_game(names: Sequence[str], *, seed: int = 0, params: Params | None = None, start: int = 0) -> State:
    """A game at the start of round 1 (Z-SETUP-1): ``start_cards`` tier-1 cards each, the King at hall 0.

    :raises ValueError: fewer than 2 or more than 4 names, or a start seat that does not exist.
    """
    p = params or Params()
    if not 2 <= len(names) <= 4:
        msg = f"the Mines of Zavandor is for 2-4 players, got {len(names)}"
        raise ValueError(msg)
    if not 0 <= start < len(names):
        msg = f"start seat {start} does not exist with {len(names)} players"
        raise ValueError(msg)
    empty = empty_rows(p, len(names))
    players = tuple(
        PlayerState(name=name, hand=draw(p, _rng(seed, "setup", seat), [1] * p.start_cards))
        for seat, name in enumerate(names)
    )
    rows = tuple(0 if g in empty else p.row_cards for g in GEMS)
    return State(
        params=p,
        seed=seed,
        players=players,
        start=start,
        rows=(rows[0], rows[1], rows[2], rows[3]),
    )


# -- checks ------------------------------------------------------------------------------------------


def _v(rule: str, key: str, **params: Any) -> Violation:
    return Violation(rule, key, params)


_PHASE_OF: dict[type, tuple[Phase, ...]] = {
    Income: (Phase.INCOME,),
    BankTrade: (Phase.TRADE,),
    Trade: (Phase.TRADE,),
    Auction: (Phase.TRADE,),
    MoveKing: (Phase.KING,),
    Upgrade: (Phase.UPGRADE,),
    EndRound: (Phase.UPGRADE,),
}


def _seat_ok(s: State, seat: int) -> Violation | None:
    if not 0 <= seat < s.n:
        return _v("Z-ROUND-1", "err.no-seat", seat=seat, n=s.n)
    return None


def check(s: State, a: Action) -> Violation | None:
    """Why ``a`` is illegal in ``s``, or None. Never raises, never changes ``s``."""
    if s.phase is Phase.OVER:
        return _v("Z-END-1", "err.game-over")
    if s.phase not in _PHASE_OF[type(a)]:
        return _v("Z-ROUND-1", "err.phase", action=f"@action.{type(a).__name__}", phase=f"@phase.{s.phase}")
    p = s.params
    if isinstance(a, BankTrade):
        if v := _seat_ok(s, a.seat):
            return v
        if min(a.give) < 0 or min(a.take) < 0 or sum(a.take) < 1:
            return _v("Z-BANK-1", "err.bank-empty")
        if sum(a.give) != p.bank_rate * sum(a.take):
            return _v("Z-BANK-1", "err.bank-rate", rate=p.bank_rate, give=sum(a.give), take=sum(a.take))
        if not fits(a.give, s.players[a.seat].hand):
            return _v("Z-BANK-1", "err.not-in-hand", player=s.players[a.seat].name, cards={"counts": a.give})
    elif isinstance(a, Trade):
        for seat in (a.a, a.b):
            if v := _seat_ok(s, seat):
                return v
        if a.a == a.b:
            return _v("Z-TRADE-1", "err.trade-self")
        for seat, give in ((a.a, a.give_a), (a.b, a.give_b)):
            if not fits(give, s.players[seat].hand):
                return _v("Z-TRADE-1", "err.not-in-hand", player=s.players[seat].name, cards={"counts": give})
    elif isinstance(a, Auction):
        if len(a.bids) != s.n:
            return _v("Z-AUC-1", "err.bid-count", n=s.n, got=len(a.bids))
        for seat, bid in enumerate(a.bids):
            if not fits(bid.cards, s.players[seat].hand):
                return _v(
                    "Z-AUC-1", "err.bid-not-in-hand", player=s.players[seat].name, cards={"counts": bid.cards}
                )
    elif isinstance(a, MoveKing):
        if a.seat != s.king_mover:
            mover = s.players[s.king_mover].name if s.king_mover is not None else "?"
            return _v("Z-KING-1", "err.not-king-mover", mover=mover)
        if a.to not in p.king_path[s.king].exits:
            return _v(
                "Z-KING-1", "err.no-arrow", hall=s.king, to=a.to, options=list(p.king_path[s.king].exits)
            )
    elif isinstance(a, Upgrade):
        if v := _seat_ok(s, a.seat):
            return v
        pl = s.players[a.seat]
        if pl.upgraded:
            return _v("Z-UPG-1", "err.upgraded", player=pl.name)
        if pl.family >= p.family_max:
            return _v("Z-UPG-1", "err.family-max", player=pl.name, level=p.family_max)
        hall = p.king_path[s.king]
        i = GEMS.index(hall.cost_gem)
        if pl.hand[i] < hall.cost:
            key = "err.cost-locked" if pl.hand[i] + pl.locked[i] >= hall.cost else "err.cost"
            return _v("Z-UPG-2", key, player=pl.name, cards=_cards(hall.cost_gem, hall.cost), have=pl.hand[i])
    return None


def apply(s: State, a: Action) -> tuple[State, tuple[Event, ...]]:
    """The state after ``a`` and the events explaining it.

    :raises IllegalActionError: ``a`` is illegal now (the error carries the violated rule).
    """
    if v := check(s, a):
        raise IllegalActionError(str(a), v)
    if isinstance(a, Income):
        return _income(s)
    if isinstance(a, BankTrade):
        return _bank(s, a)
    if isinstance(a, Trade):
        return _trade(s, a)
    if isinstance(a, Auction):
        return _auction(s, a.bids)
    if isinstance(a, MoveKing):
        return _move_king(s, a.seat, a.to)
    if isinstance(a, Upgrade):
        return _upgrade(s, a.seat)
    return _end_round(s)


def legal(s: State, a: Action) -> bool:
    return check(s, a) is None


def king_options(s: State) -> tuple[int, ...]:
    """The halls the King can move to from where he stands (Z-KING-1)."""
    return s.params.king_path[s.king].exits


# -- effects -----------------------------------------------------------------------------------------


def _set(players: tuple[PlayerState, ...], seat: int, pl: PlayerState) -> tuple[PlayerState, ...]:
    return (*players[:seat], pl, *players[seat + 1 :])


def _income(s: State) -> tuple[State, tuple[Event, ...]]:
    """Family (Z-INC-1) and improvements (Z-INC-4) pay, within the cap (Z-INC-2); free markers (Z-INC-3)."""
    p = s.params
    players = s.players
    events: list[Event] = []
    for seat in s.seat_order():
        pl = players[seat]
        fam_cards, markers = p.family_income[pl.family - 1]
        tiers = [1] * fam_cards + [
            p.card_tier[GEMS.index(g)] for g in pl.improvements for _ in range(p.card_income)
        ]
        if len(tiers) > p.income_cap:
            tiers.sort(reverse=True)
            events.append(
                _ev(
                    p,
                    "ev.income-cap",
                    "Z-INC-2",
                    ("income_cap",),
                    seat,
                    player=pl.name,
                    n=len(tiers),
                    cap=p.income_cap,
                )
            )
            tiers = tiers[: p.income_cap]
        got = draw(p, _rng(s, s.round, seat, "income"), tiers)
        events.append(
            _ev(
                p,
                "ev.income",
                "Z-INC-1",
                ("family_income", "deck_mix", "card_tier", "card_income"),
                seat,
                player=pl.name,
                level=pl.family,
                cards={"counts": list(got)},
            )
        )
        family = pl.family
        for _ in range(markers):
            if family < p.family_max:
                family += 1
                events.append(
                    _ev(p, "ev.marker", "Z-INC-3", ("family_income",), seat, player=pl.name, level=family)
                )
            else:
                events.append(_ev(p, "ev.marker-lost", "Z-INC-3", ("family_income",), seat, player=pl.name))
        players = _set(players, seat, replace(pl, hand=add(pl.hand, got), family=family))
    return replace(s, players=players, phase=Phase.TRADE), tuple(events)


def _bank(s: State, a: BankTrade) -> tuple[State, tuple[Event, ...]]:
    pl = s.players[a.seat]
    pl2 = replace(pl, hand=add(sub(pl.hand, a.give), a.take))
    ev = _ev(
        s.params,
        "ev.bank",
        "Z-BANK-1",
        ("bank_rate",),
        a.seat,
        player=pl.name,
        give={"counts": list(a.give)},
        take={"counts": list(a.take)},
    )
    return replace(s, players=_set(s.players, a.seat, pl2), discards=add(s.discards, a.give)), (ev,)


def _trade(s: State, a: Trade) -> tuple[State, tuple[Event, ...]]:
    pa, pb = s.players[a.a], s.players[a.b]
    players = _set(s.players, a.a, replace(pa, hand=add(sub(pa.hand, a.give_a), a.give_b)))
    players = _set(players, a.b, replace(pb, hand=add(sub(pb.hand, a.give_b), a.give_a)))
    ev = _ev(
        s.params,
        "ev.trade",
        "Z-TRADE-1",
        (),
        a.a,
        a=pa.name,
        b=pb.name,
        give_a={"counts": list(a.give_a)},
        give_b={"counts": list(a.give_b)},
    )
    return replace(s, players=players), (ev,)


def resolve_lots(
    p: Params, bids: Sequence[Bid], order: Sequence[int], has_card: Sequence[bool]
) -> tuple[LotResult, ...]:
    """The four lots, resolved at once (pure; Z-AUC-2, Z-TIE-1, Z-REW-1..4).

    ``order`` lists the seats from the start player; ``has_card[i]`` says whether row ``i`` still
    shows a card (False for the rows empty at 2-3 players and exhausted rows, Z-REW-4).
    """
    out = []
    for i, gem in enumerate(GEMS):
        best, winner = 0, None
        for seat in order:
            n = bids[seat].cards[i]
            if n > best:  # strictly more: an equal later bid loses the tie (Z-TIE-1)
                best, winner = n, seat
        if winner is None:
            out.append(LotResult(gem=gem, winner=None, bid=0))
            continue
        tied = tuple(seat for seat in order if seat != winner and bids[seat].cards[i] == best)
        bonus = best >= p.bonus_thresholds[i]
        card = best >= p.card_threshold and has_card[i] and gem not in bids[winner].vp_instead
        vp = 0 if card else p.small_win_vp
        if bonus:
            vp = p.bonus_vp if not has_card[i] and p.empty_row_bonus == "replace" else vp + p.bonus_vp
        out.append(LotResult(gem=gem, winner=winner, bid=best, card=card, vp=vp, bonus=bonus, tied=tied))
    return tuple(out)


_REWARD_DEPS = ("card_threshold", "small_win_vp", "bonus_thresholds", "bonus_vp")


def _auction(s: State, bids: tuple[Bid, ...]) -> tuple[State, tuple[Event, ...]]:
    p = s.params
    empty = empty_rows(p, s.n)
    has_card = tuple(s.rows[i] > 0 for i in range(4))
    order = s.seat_order()
    lots = resolve_lots(p, bids, order, has_card)
    events: list[Event] = [
        _ev(
            p,
            "ev.reveal",
            "Z-AUC-1",
            (),
            seat,
            player=s.players[seat].name,
            cards={"counts": list(bids[seat].cards)},
        )
        for seat in order
    ]
    won: list[list[int]] = [[0, 0, 0, 0] for _ in range(s.n)]
    vp = [0] * s.n
    new_cards: list[list[Gem]] = [[] for _ in range(s.n)]
    for i, lot in enumerate(lots):
        gem = _gem(lot.gem)
        if lot.winner is None:
            events.append(_ev(p, "ev.lot-none", "Z-AUC-2", (), None, gem=gem))
            continue
        w = lot.winner
        name = s.players[w].name
        if lot.tied:
            events.append(
                _ev(
                    p,
                    "ev.lot-tie",
                    "Z-TIE-1",
                    (),
                    w,
                    player=name,
                    others=[s.players[t].name for t in lot.tied],
                    n=lot.bid,
                    gem=gem,
                )
            )
        else:
            losers = [(s.players[t].name, bids[t].cards[i]) for t in order if t != w and bids[t].cards[i]]
            events.append(
                _ev(
                    p,
                    "ev.lot-win" if not losers else "ev.lot-win-over",
                    "Z-AUC-2",
                    (),
                    w,
                    player=name,
                    n=lot.bid,
                    gem=gem,
                    others=[f"{nm} ({k})" for nm, k in losers],
                )
            )
        cards = _cards(lot.gem, lot.bid)
        events.append(_ev(p, "ev.pay", "Z-PAY-1", (), w, player=name, cards=cards))
        won[w][i] = lot.bid
        vp[w] += lot.vp
        deps: tuple[str, ...] = _REWARD_DEPS
        if lot.card:
            new_cards[w].append(lot.gem)
            events.append(_ev(p, "ev.card", "Z-REW-2", deps, w, player=name, cards=cards, gem=gem))
        elif not has_card[i] and lot.bid >= p.card_threshold:
            deps = (*deps, "empty_rows_2p", "empty_rows_3p", "empty_row_bonus", "row_cards")
            key = "ev.empty-row" if lot.gem in empty else "ev.row-exhausted"
            events.append(_ev(p, key, "Z-REW-4", deps, w, player=name, gem=gem, vp=lot.vp))
        elif lot.bid >= p.card_threshold:
            events.append(
                _ev(p, "ev.vp-instead", "Z-REW-2", deps, w, player=name, gem=gem, vp=p.small_win_vp)
            )
        else:
            events.append(
                _ev(p, "ev.small-win", "Z-REW-1", deps, w, player=name, cards=cards, vp=p.small_win_vp)
            )
        if lot.bonus and (has_card[i] or lot.bid < p.card_threshold):
            events.append(_ev(p, "ev.bonus", "Z-REW-3", deps, w, player=name, cards=cards, vp=p.bonus_vp))
    players = list(s.players)
    for seat, pl in enumerate(players):
        bid = bids[seat].cards
        paid: Counts = (won[seat][0], won[seat][1], won[seat][2], won[seat][3])
        lost = sub(bid, paid)
        if any(lost):
            events.append(
                _ev(p, "ev.locked", "Z-LOCK-1", (), seat, player=pl.name, cards={"counts": list(lost)})
            )
        imps = pl.improvements
        for gem in new_cards[seat]:
            if len(imps) >= p.mine_slots - 1:  # the start scroll keeps one slot
                events.append(
                    _ev(
                        p,
                        "ev.mine-full",
                        "Z-MINE-1",
                        ("mine_slots",),
                        seat,
                        player=pl.name,
                        old=_gem(imps[0]),
                    )
                )
                imps = imps[1:]
            imps = (*imps, gem)
        players[seat] = replace(
            pl, hand=sub(pl.hand, bid), locked=add(pl.locked, lost), vp=pl.vp + vp[seat], improvements=imps
        )
    spent = [sum(won[t][i] for t in range(s.n)) for i in range(4)]
    rows = tuple(max(0, r - 1) for r in s.rows)
    if any(s.rows):
        events.append(
            _ev(p, "ev.display", "Z-DISP-1", ("row_cards",), None, r=rows[0], d=rows[1], e=rows[2], s=rows[3])
        )
    sapphire = lots[3].winner
    mover = sapphire if sapphire is not None else s.start
    rule = "Z-KING-1" if sapphire is not None else "Z-KING-2"
    s2 = replace(
        s,
        players=tuple(players),
        rows=(rows[0], rows[1], rows[2], rows[3]),
        discards=add(s.discards, (spent[0], spent[1], spent[2], spent[3])),
        lots=lots,
        bids=bids,
        king_mover=mover,
    )
    exits = p.king_path[s.king].exits
    if len(exits) == 1:
        s3, more = _move_king(replace(s2, phase=Phase.KING), mover, exits[0], rule)
        return s3, (*events, *more)
    events.append(_ev(p, "ev.king-choose", rule, ("king_path",), mover, player=s.players[mover].name))
    return replace(s2, phase=Phase.KING), tuple(events)


def _move_king(s: State, seat: int, to: int, rule: str = "Z-KING-1") -> tuple[State, tuple[Event, ...]]:
    p = s.params
    hall = p.king_path[to]
    key = "ev.king-coronation" if not hall.exits else "ev.king"
    ev = _ev(
        p,
        key,
        rule,
        ("king_path",),
        seat,
        player=s.players[seat].name,
        hall=to,
        cards=_cards(hall.cost_gem, hall.cost),
    )
    s2 = replace(s, king=to, king_mover=None, king_trail=(*s.king_trail, to), phase=Phase.UPGRADE)
    return s2, (ev,)


def _upgrade(s: State, seat: int) -> tuple[State, tuple[Event, ...]]:
    p = s.params
    pl = s.players[seat]
    hall = p.king_path[s.king]
    cost = tuple(hall.cost if g is hall.cost_gem else 0 for g in GEMS)
    paid: Counts = (cost[0], cost[1], cost[2], cost[3])
    pl2 = replace(pl, hand=sub(pl.hand, paid), family=pl.family + 1, upgraded=True)
    ev = _ev(
        p,
        "ev.upgrade",
        "Z-UPG-3",
        ("king_path",),
        seat,
        player=pl.name,
        level=pl2.family,
        cards=_cards(hall.cost_gem, hall.cost),
    )
    return replace(s, players=_set(s.players, seat, pl2), discards=add(s.discards, paid)), (ev,)


@dataclass(frozen=True, slots=True)
class Score:
    """One player's final count (Z-END-2)."""

    seat: int
    tokens: int  #: VP tokens won in auctions
    gems: int  #: VP from converting gems, ``end_conversion`` to 1
    improvements: int  #: VP printed on improvements (``card_vp`` each: illustrative)
    cards_left: int  #: gem cards left after the conversion (the tie-break, Z-END-3)
    confidence: Confidence = Confidence.SEED  #: illustrative when improvements (unknown VP) count

    @property
    def illustrative(self) -> bool:
        return self.confidence is Confidence.ILLUSTRATIVE

    @property
    def total(self) -> int:
        return self.tokens + self.gems + self.improvements


def scores(s: State) -> tuple[Score, ...]:
    """Everyone's count if the game ended now (locked bids counted as back in hand, Z-END-2)."""
    p = s.params
    out = []
    for seat, pl in enumerate(s.players):
        cards = sum(pl.hand) + sum(pl.locked)
        conv = cards // p.end_conversion
        out.append(
            Score(
                seat=seat,
                tokens=pl.vp,
                gems=conv,
                improvements=p.card_vp * len(pl.improvements),
                cards_left=cards - conv * p.end_conversion,
                confidence=p.confidence_of(
                    ("end_conversion", "card_vp") if pl.improvements else ("end_conversion",)
                ),
            )
        )
    return tuple(out)


def winners(s: State) -> tuple[int, ...]:
    """The seats that win (Z-END-3): highest total, then most cards left; a remaining tie shares."""
    sc = scores(s)
    best = max((x.total, x.cards_left) for x in sc)
    return tuple(x.seat for x in sc if (x.total, x.cards_left) == best)


def _end_round(s: State) -> tuple[State, tuple[Event, ...]]:
    p = s.params
    events: list[Event] = []
    players = []
    for seat, pl in enumerate(s.players):
        if any(pl.locked):
            events.append(
                _ev(p, "ev.unlock", "Z-LOCK-2", (), seat, player=pl.name, cards={"counts": list(pl.locked)})
            )
        players.append(replace(pl, hand=add(pl.hand, pl.locked), locked=ZERO, upgraded=False))
    s2 = replace(s, players=tuple(players))
    if s.at_coronation:
        events.append(_ev(p, "ev.game-end", "Z-END-1", ("king_path",), None, round=s.round))
        deps = ("end_conversion", "card_vp")
        for sc in scores(s2):
            events.append(
                _ev(
                    p,
                    "ev.score",
                    "Z-END-2",
                    deps,
                    sc.seat,
                    player=s.players[sc.seat].name,
                    tokens=sc.tokens,
                    gems=sc.gems,
                    improvements=sc.improvements,
                    total=sc.total,
                )
            )
        win = winners(s2)
        events.append(
            _ev(
                p,
                "ev.winner-shared" if len(win) > 1 else "ev.winner",
                "Z-END-3",
                deps,
                None,
                players=[s.players[w].name for w in win],
            )
        )
        return replace(s2, phase=Phase.OVER), tuple(events)
    start = (s.start + 1) % s.n
    events.append(
        _ev(p, "ev.next-round", "Z-ROUND-2", (), start, player=s.players[start].name, round=s.round + 1)
    )
    return replace(s2, start=start, round=s.round + 1, phase=Phase.INCOME), tuple(events)
