"""What the Zavandor pages chart, from :func:`zavandor.sim.simulate` (the engine of ``zavandor/``).

Everything here depends on parameters whose values are unknown (deck mixes, card list, King's Path):
:attr:`ZavStats.illustrative` says so, and the pages put "illustrative" in every such chart's title.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from auctionlab.stats import Estimate, mean_ci, proportion_ci
from zavandor.params import GEMS, Confidence, Gem, Params
from zavandor.sim import SimResult, simulate

__all__ = ["ZavStats", "run"]


@dataclass
class ZavStats:
    """Accumulated over chunks of simulated games."""

    strategies: tuple[str, ...]
    games: int = 0
    bids: dict[Gem, Counter[int]] = field(default_factory=lambda: {g: Counter() for g in GEMS})
    got: defaultdict[str, float] = field(
        default_factory=lambda: defaultdict(float)
    )  #: VP won (cards at card_vp)
    paid: Counter[str] = field(default_factory=Counter)  #: gem cards paid
    wins: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))  #: games won (shares)
    king_moves: Counter[str] = field(default_factory=Counter)  #: King moves made, by strategy
    lengths: list[int] = field(default_factory=list)
    confidence: Confidence = Confidence.ILLUSTRATIVE
    card_vp: float = 2.0

    @property
    def illustrative(self) -> bool:
        return self.confidence is Confidence.ILLUSTRATIVE

    def add(self, r: SimResult) -> None:
        self.games += r.games
        self.confidence = r.confidence
        for x in r.lots:
            self.bids[x.gem][x.bid] += 1
            self.got[x.strategy] += x.vp + (self.card_vp if x.card else 0)
            self.paid[x.strategy] += x.bid
        for g in r.records:
            for w in g.winners:
                self.wins[g.strategies[w]] += 1 / len(g.winners)
            for seat in g.king_movers:
                self.king_moves[g.strategies[seat]] += 1
            self.lengths.append(g.rounds)

    def value_per_gem(self) -> dict[str, float]:
        return {k: self.got[k] / self.paid[k] for k in sorted(set(self.strategies)) if self.paid[k]}

    def win_share(self, strategy: str) -> Estimate:
        """Share of the games won by the strategy, per seat it holds (1/n when all are equal)."""
        seats = self.strategies.count(strategy)
        return proportion_ci(self.wins[strategy] / max(1, seats), self.games)

    def king_share(self, strategy: str) -> float:
        total = sum(self.king_moves.values())
        return self.king_moves[strategy] / total if total else 0.0

    def length(self) -> Estimate:
        return mean_ci(self.lengths)


def run(
    games: int, strategies: Sequence[str], seed: int, params: Params | None = None, chunk: int = 20
) -> Iterator[SimResult]:
    """``games`` simulated games in chunks; chunk ``c`` uses simulation seed ``seed * 1000 + c``."""
    done = c = 0
    while done < games:
        k = min(chunk, games - done)
        yield simulate(k, strategies, seed=seed * 1000 + c, params=params)
        done += k
        c += 1
