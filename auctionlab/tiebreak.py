"""Tie-break lab: who wins the ties of Nidavellir's taverns under four tie rules.

Every round each player places three of its five start coins (0, 2, 3, 4, 5) on the three taverns
at random, as a class of beginners might. Players holding the same coin in a tavern tie:

* ``swap``: Nidavellir's gems (R-GEM-1/2): the highest gem wins, then the tied players exchange gems,
  highest with lowest, second with second-to-last (a middle player keeps its gem);
* ``fixed``: the highest gem wins, gems never move (a permanent priority);
* ``random``: a fair draw among the tied players;
* ``rotating``: the player earliest in turn order from the start player wins, and the start player
  moves on each round (the Mines of Zavandor's rule).

Starting gems are those of R-SETUP-2: 4-5 at 2 players, 3-5 at 3, 2-5 at 4, 1-5 at 5; player ``i``
holds the ``i``-th lowest. Gem 6 (the Miner distinction) is left out.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from auctionlab.stats import Estimate, proportion_ci

__all__ = ["RULES", "TieStats", "start_gems", "swap_pairs", "tie_lab"]

RULES: tuple[str, ...] = ("swap", "fixed", "random", "rotating")
COINS = (0, 2, 3, 4, 5)


def start_gems(players: int) -> list[int]:
    """The starting gems of R-SETUP-2, lowest first."""
    if not 2 <= players <= 5:
        msg = f"Nidavellir is played by 2 to 5 players, not {players}"
        raise ValueError(msg)
    return list(range(6 - players, 6))


def swap_pairs(group: list[int], gem: list[int]) -> list[tuple[int, int]]:
    """The exchanges of one tie group (R-GEM-2): sorted by gem, the i-th highest with the i-th lowest."""
    g = sorted(group, key=lambda i: -gem[i])
    k = len(g)
    return [(g[a], g[k - 1 - a]) for a in range(k // 2)]


@dataclass(frozen=True, slots=True)
class TieStats:
    rule: str
    players: int
    taverns: int  #: taverns played (rounds x 3 x games)
    tied_taverns: int  #: taverns with at least one tie
    tie_wins: tuple[int, ...]  #: ties won, by player (player i started with the i-th lowest gem)

    @property
    def tie_rate(self) -> Estimate:
        return proportion_ci(self.tied_taverns, self.taverns)

    def shares(self) -> list[Estimate]:
        total = sum(self.tie_wins)
        return [proportion_ci(x, total) for x in self.tie_wins]


def tie_lab(rule: str, players: int, *, games: int = 500, rounds: int = 8, seed: int = 0) -> TieStats:
    """``games`` sequences of ``rounds`` rounds of random bids under ``rule``."""
    if rule not in RULES:
        msg = f"unknown tie rule {rule!r}; choose one of {', '.join(RULES)}"
        raise ValueError(msg)
    rng = random.Random(f"auctionlab.tiebreak/{seed}/{players}")
    wins = [0] * players
    tied = 0
    for _ in range(games):
        gem = start_gems(players)
        for rnd in range(rounds):
            bids = [rng.sample(COINS, 3) for _ in range(players)]
            start = rnd % players
            for t in range(3):
                by_coin: dict[int, list[int]] = {}
                for i in range(players):
                    by_coin.setdefault(bids[i][t], []).append(i)
                groups = [g for g in by_coin.values() if len(g) > 1]
                if groups:
                    tied += 1
                for g in groups:
                    if rule in ("swap", "fixed"):
                        winner = max(g, key=lambda i: gem[i])
                    elif rule == "random":
                        winner = g[int(rng.random() * len(g))]
                    else:
                        winner = min(g, key=lambda i: (i - start) % players)
                    wins[winner] += 1
                    if rule == "swap":
                        for x, y in swap_pairs(g, gem):
                            gem[x], gem[y] = gem[y], gem[x]
    return TieStats(rule, players, games * rounds * 3, tied, tuple(wins))
