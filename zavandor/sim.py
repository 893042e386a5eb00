"""Play many seeded games between named strategies and keep what the charts need: every lot's
winning bid, what each strategy paid and got, and the King's path.

>>> r = simulate(2, ["value", "threshold"], seed=1)
>>> r.games, r.confidence
(2, <Confidence.ILLUSTRATIVE: 'illustrative'>)

Results depend on the unknown deck mixes, card list and King's Path, so ``confidence`` is
``illustrative`` unless every parameter used is known: show it in a chart's title.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, fields

from zavandor import engine as z
from zavandor.bots import Bot, make_bot, observe
from zavandor.engine import Action, apply, check, new_game, scores, winners
from zavandor.events import Event
from zavandor.params import Confidence, Gem, Params
from zavandor.state import Phase, State


@dataclass(frozen=True, slots=True)
class LotRecord:
    """One won lot."""

    game: int
    round: int
    gem: Gem
    bid: int  #: cards paid
    seat: int
    strategy: str
    card: bool
    vp: int  #: VP tokens won on this lot (1, the bonus, or both)
    bonus: bool


@dataclass(frozen=True, slots=True)
class GameRecord:
    game: int
    seed: int
    strategies: tuple[str, ...]  #: by seat
    rounds: int
    finished: bool  #: the King reached the Coronation Hall within ``max_rounds``
    king_trail: tuple[int, ...]  #: halls from the start hall to the last
    king_movers: tuple[int, ...]  #: the seat that moved the King each round (Z-KING-1/2)
    totals: tuple[int, ...]  #: final VP by seat (Z-END-2)
    winners: tuple[int, ...]  #: Z-END-3


@dataclass(frozen=True, slots=True)
class SimResult:
    games: int
    lots: tuple[LotRecord, ...]
    records: tuple[GameRecord, ...]
    confidence: Confidence  #: the weakest confidence of the parameters the simulation used

    @property
    def illustrative(self) -> bool:
        return self.confidence is Confidence.ILLUSTRATIVE

    def winning_bids(self, gem: Gem | None = None) -> Counter[int]:
        """Histogram of winning bids (cards paid), for one gem or all."""
        return Counter(x.bid for x in self.lots if gem is None or x.gem is gem)

    def value_per_gem(self, card_vp: float) -> dict[str, float]:
        """VP won in auctions (tokens + ``card_vp`` per card) per gem card paid, by strategy."""
        got: defaultdict[str, float] = defaultdict(float)
        paid: Counter[str] = Counter()
        for x in self.lots:
            got[x.strategy] += x.vp + (card_vp if x.card else 0)
            paid[x.strategy] += x.bid
        return {k: got[k] / paid[k] for k in sorted(paid) if paid[k]}

    def wins(self) -> dict[str, float]:
        """Share of the wins by strategy (a shared win counts as a fraction)."""
        out: defaultdict[str, float] = defaultdict(float)
        for g in self.records:
            for w in g.winners:
                out[g.strategies[w]] += 1 / len(g.winners)
        return {k: v / max(1, self.games) for k, v in sorted(out.items())}

    def lengths(self) -> Counter[int]:
        """Histogram of game lengths in rounds."""
        return Counter(g.rounds for g in self.records)


def _bot_rng(seed: int, *parts: object) -> random.Random:
    return random.Random("zavandor-bot/" + "/".join(str(x) for x in (seed, *parts)))


def play_round(s: State, bots: Sequence[Bot], seed: int, log: list[Event] | None = None) -> State:
    """One whole round (Income, Trade, Auction, King, Upgrade, end) with ``bots`` by seat;
    the events are appended to ``log`` when one is given."""

    def step(s: State, a: Action) -> State:
        s2, events = apply(s, a)
        if log is not None:
            log.extend(events)
        return s2

    s = step(s, z.Income())
    order = s.seat_order()
    rngs = [_bot_rng(seed, s.round, seat) for seat in range(s.n)]  # one generator per seat and round
    for seat in order:
        rng = rngs[seat]
        for give, take in bots[seat].trades(observe(s, seat), rng):
            a = z.BankTrade(seat, give, take)
            if check(s, a) is None:
                s = step(s, a)
    bids = tuple(bots[seat].bid(observe(s, seat), rngs[seat]) for seat in range(s.n))
    s = step(s, z.Auction(bids))
    if s.phase is Phase.KING and s.king_mover is not None:
        mover = s.king_mover
        to = bots[mover].king(observe(s, mover), s.params.king_path[s.king].exits, rngs[mover])
        s = step(s, z.MoveKing(mover, to))
    for seat in order:
        up = z.Upgrade(seat)
        if check(s, up) is None and bots[seat].upgrade(observe(s, seat), rngs[seat]):
            s = step(s, up)
    s = step(s, z.EndRound())
    return s


def play_game(
    strategies: Sequence[str],
    *,
    seed: int,
    params: Params | None = None,
    start: int = 0,
    max_rounds: int = 40,
    log: list[Event] | None = None,
) -> tuple[State, list[State]]:
    """A whole game; returns the last state and the state after each round (events go to ``log``)."""
    bots = [make_bot(name) for name in strategies]
    s = new_game([f"{name}-{k}" for k, name in enumerate(strategies)], seed=seed, params=params, start=start)
    states = []
    while s.phase is not Phase.OVER and s.round <= max_rounds:
        s = play_round(s, bots, seed, log)
        states.append(s)
    return s, states


def simulate(
    games: int,
    strategies: Sequence[str],
    *,
    seed: int = 0,
    params: Params | None = None,
    max_rounds: int = 40,
) -> SimResult:
    """Play ``games`` games (game ``g`` has seed ``seed * 1_000_000 + g``; the start seat rotates)."""
    p = params or Params()
    bots = [make_bot(name) for name in strategies]
    names = [f"{name}-{k}" for k, name in enumerate(strategies)]
    n = len(strategies)
    lots: list[LotRecord] = []
    records: list[GameRecord] = []
    for g in range(games):
        game_seed = seed * 1_000_000 + g
        s = new_game(names, seed=game_seed, params=p, start=g % n)
        movers: list[int] = []
        while s.phase is not Phase.OVER and s.round <= max_rounds:
            start = s.start
            s = play_round(s, bots, game_seed)
            sapphire = s.lots[3].winner
            movers.append(sapphire if sapphire is not None else start)
            rnd = s.round - 1 if s.phase is not Phase.OVER else s.round
            for lot in s.lots:
                if lot.winner is not None:
                    lots.append(
                        LotRecord(
                            game=g,
                            round=rnd,
                            gem=lot.gem,
                            bid=lot.bid,
                            seat=lot.winner,
                            strategy=strategies[lot.winner],
                            card=lot.card,
                            vp=lot.vp,
                            bonus=lot.bonus,
                        )
                    )
        finished = s.phase is Phase.OVER
        records.append(
            GameRecord(
                game=g,
                seed=game_seed,
                strategies=tuple(strategies),
                rounds=len(movers),
                finished=finished,
                king_trail=s.king_trail,
                king_movers=tuple(movers),
                totals=tuple(x.total for x in scores(s)),
                winners=winners(s),
            )
        )
    conf = p.confidence_of(f.name for f in fields(Params))
    return SimResult(games=games, lots=tuple(lots), records=tuple(records), confidence=conf)
