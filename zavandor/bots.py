"""Bots with named strategies. A bot sees only an :class:`Observation` (its own hand, the public
board, revealed past bids), never another player's hand or the seed, and always returns legal moves.

| name | strategy |
|---|---|
| ``random`` | a random number of each gem it holds; upgrades half the time; random fork |
| ``value`` | greedy value bidder: bids every card of a gem up to the most a lot is worth to it (no shading) |
| ``threshold`` | threshold hunter: bids exactly a bonus threshold (6/7/8/9) or exactly 3, never 1-2, and uses the 2:1 bank to reach them |
| ``shading`` | bids a fraction ``alpha`` of each gem (at least 1), keeping the rest for upgrades |
| ``king`` | King controller: all its sapphires to move the King, 3 of anything else; picks the short branch when ahead and the long one when behind |
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from zavandor.params import GEMS, Params
from zavandor.state import Bid, Counts, LotResult, State


@dataclass(frozen=True, slots=True)
class Observation:
    """What seat ``seat`` may know."""

    seat: int
    params: Params
    round: int
    start: int
    hand: Counts
    vp: tuple[int, ...]  #: everyone's VP tokens (public)
    hand_sizes: tuple[int, ...]  #: how many cards each player holds (public), not which
    family: tuple[int, ...]
    improvements: tuple[int, ...]  #: how many improvements each player has
    king: int
    rows: Counts
    last_lots: tuple[LotResult, ...]  #: the last auction (revealed)

    @property
    def n(self) -> int:
        return len(self.vp)

    def leading(self) -> bool:
        """Whether this seat has at least as many VP tokens + improvements as anyone (a rough lead)."""
        mine = self.vp[self.seat] + self.params.card_vp * self.improvements[self.seat]
        return all(
            mine >= v + self.params.card_vp * i for v, i in zip(self.vp, self.improvements, strict=True)
        )


def observe(s: State, seat: int) -> Observation:
    return Observation(
        seat=seat,
        params=s.params,
        round=s.round,
        start=s.start,
        hand=s.players[seat].hand,
        vp=tuple(pl.vp for pl in s.players),
        hand_sizes=tuple(sum(pl.hand) for pl in s.players),
        family=tuple(pl.family for pl in s.players),
        improvements=tuple(len(pl.improvements) for pl in s.players),
        king=s.king,
        rows=s.rows,
        last_lots=s.lots,
    )


def path_length(p: Params, hall: int) -> tuple[int, int]:
    """(shortest, longest) number of moves from ``hall`` to the Coronation Hall (the path is acyclic)."""
    memo: dict[int, tuple[int, int]] = {}

    def go(h: int, depth: int) -> tuple[int, int]:
        if h in memo:
            return memo[h]
        exits = p.king_path[h].exits
        if not exits or depth > len(p.king_path):
            memo[h] = (0, 0)
            return memo[h]
        sub = [go(e, depth + 1) for e in exits]
        memo[h] = (1 + min(x[0] for x in sub), 1 + max(x[1] for x in sub))
        return memo[h]

    return go(hall, 0)


class Bot:
    """The base bot: bids nothing, never trades, upgrades when it can, and sends the King to the
    hall whose cost gem it holds most of. Subclasses override :meth:`bid` and the others."""

    name = "base"

    def trades(self, obs: Observation, rng: random.Random) -> list[tuple[Counts, Counts]]:
        """Bank trades ``(give, take)`` to make in the Trade phase, applied in order (Z-BANK-1)."""
        return []

    def bid(self, obs: Observation, rng: random.Random) -> Bid:
        return Bid()

    def upgrade(self, obs: Observation, rng: random.Random) -> bool:
        """Whether to raise the family when it is affordable (the engine checks Z-UPG-1..3)."""
        return True

    def king(self, obs: Observation, options: tuple[int, ...], rng: random.Random) -> int:
        path = obs.params.king_path
        return max(options, key=lambda h: (obs.hand[GEMS.index(path[h].cost_gem)], -h))


def _card_worth(p: Params, rounds_left: int) -> float:
    """A rough VP worth of an improvement: its VP plus the gems it will still produce (1/3 VP each)."""
    return p.card_vp + p.card_income * max(rounds_left, 0) / p.end_conversion


class RandomBot(Bot):
    name = "random"

    def bid(self, obs: Observation, rng: random.Random) -> Bid:
        a, b, c, d = (rng.randint(0, h) for h in obs.hand)
        return Bid((a, b, c, d))

    def upgrade(self, obs: Observation, rng: random.Random) -> bool:
        return rng.random() < 0.5

    def king(self, obs: Observation, options: tuple[int, ...], rng: random.Random) -> int:
        return rng.choice(options)


class ValueBot(Bot):
    """Greedy: every card of a gem goes in, up to the most the lot is worth (no shading)."""

    name = "value"

    def bid(self, obs: Observation, rng: random.Random) -> Bid:
        p = obs.params
        gem_vp = 1 / p.end_conversion
        worth = _card_worth(p, path_length(p, obs.king)[0])
        out = []
        for i, h in enumerate(obs.hand):
            best = worth + p.bonus_vp if h >= p.bonus_thresholds[i] else max(worth, p.small_win_vp)
            out.append(min(h, math.floor(best / gem_vp)))
        return Bid((out[0], out[1], out[2], out[3]))


class ThresholdBot(Bot):
    """Aims at the steps of the reward schedule: exactly the bonus threshold, or exactly 3."""

    name = "threshold"

    def trades(self, obs: Observation, rng: random.Random) -> list[tuple[Counts, Counts]]:
        """Turn spare cards into the gem closest to its bonus threshold (or to 3), 2 for 1."""
        p = obs.params
        hand = list(obs.hand)
        gaps = []
        for i in range(4):
            for target in (p.bonus_thresholds[i], p.card_threshold):
                if hand[i] < target:
                    gaps.append((target - hand[i], i))
        if not gaps:
            return []
        need, goal = min(gaps)
        spare = sum(h for i, h in enumerate(hand) if i != goal)
        if need * p.bank_rate > spare:
            return []
        give = [0, 0, 0, 0]
        left = need * p.bank_rate
        for i in sorted(range(4), key=lambda k: -hand[k]):  # give from the biggest piles first
            if i == goal or left == 0:
                continue
            k = min(hand[i], left)
            give[i] += k
            left -= k
        take = [0, 0, 0, 0]
        take[goal] = need
        return [((give[0], give[1], give[2], give[3]), (take[0], take[1], take[2], take[3]))]

    def bid(self, obs: Observation, rng: random.Random) -> Bid:
        p = obs.params
        out = []
        for i, h in enumerate(obs.hand):
            if h >= p.bonus_thresholds[i]:
                out.append(p.bonus_thresholds[i])
            elif h >= p.card_threshold:
                out.append(p.card_threshold)
            else:
                out.append(0)
        return Bid((out[0], out[1], out[2], out[3]))


class ShadingBot(Bot):
    """First-price shading: bids ``alpha`` of each gem it holds (at least 1), keeps the rest."""

    name = "shading"

    def __init__(self, alpha: float = 0.6) -> None:
        self.alpha = alpha

    def bid(self, obs: Observation, rng: random.Random) -> Bid:
        a, b, c, d = (min(h, max(1, round(self.alpha * h))) if h else 0 for h in obs.hand)
        return Bid((a, b, c, d))


class KingBot(Bot):
    """Controls the clock: all sapphires to win the King's move, 3 of anything else it holds."""

    name = "king"

    def bid(self, obs: Observation, rng: random.Random) -> Bid:
        p = obs.params
        r, d, e = (min(h, p.card_threshold) if h >= p.card_threshold else 0 for h in obs.hand[:3])
        return Bid((r, d, e, obs.hand[3]))

    def king(self, obs: Observation, options: tuple[int, ...], rng: random.Random) -> int:
        p = obs.params
        if obs.leading():
            return min(options, key=lambda h: (path_length(p, h)[0], h))
        return max(options, key=lambda h: (path_length(p, h)[1], -h))


STRATEGIES: dict[str, type[Bot]] = {
    cls.name: cls for cls in (RandomBot, ValueBot, ThresholdBot, ShadingBot, KingBot)
}


def make_bot(name: str) -> Bot:
    """A bot by strategy name (``random``, ``value``, ``threshold``, ``shading``, ``king``)."""
    if name not in STRATEGIES:
        msg = f"unknown strategy {name!r}; choose one of {', '.join(STRATEGIES)}"
        raise ValueError(msg)
    return STRATEGIES[name]()
