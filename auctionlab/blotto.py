"""Three taverns as Colonel Blotto: the 2-player one-round coin allocation, solved exactly by LP.

Each player places three of its five coins on the three taverns (the order matters: 60 pure
strategies for 0, 2, 3, 4, 5). Tavern ``t`` is worth ``d[t]``: the higher coin wins it (+d/2 for the
winner, -d/2 for the loser: picking first in a tavern of two); on equal coins the holder of the
higher gem wins and the two players swap gems (R-GEM-1/2), so the next tie goes the other way.
A player who places the trading coin (0) trades its two pouch coins: the new coin is their sum and
the higher one is discarded, so its coin total grows by the lower pouch coin (R-TRADE-1); ``w`` is the
value of one coin point against one tavern win. The game is zero-sum; :func:`solve` finds the value
and an optimal mixed strategy of the row player with ``scipy.optimize.linprog``.

This is the model of ../shared/AUCTIONS.md §4.4 (L5), a teaching abstraction of one round: the
cards in the taverns, the Treasury's missing coins and later rounds are left out.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
from scipy.optimize import linprog

__all__ = ["START_COINS", "Blotto", "blotto", "payoff", "solve", "strategies", "sweep"]

START_COINS: tuple[int, ...] = (0, 2, 3, 4, 5)
Plan = tuple[int, ...]


@cache
def strategies(coins: tuple[int, ...] = START_COINS, taverns: int = 3) -> tuple[Plan, ...]:
    """Every ordered choice of ``taverns`` coins (coin placed on tavern 1, 2, 3)."""
    return tuple(sorted(set(itertools.permutations(coins, taverns))))


def _gain(plan: Plan, coins: tuple[int, ...]) -> int:
    """Coin points gained by the trade: the lower pouch coin, if the trading coin 0 was placed."""
    if 0 not in plan:
        return 0
    pouch = list(coins)
    for c in plan:
        pouch.remove(c)
    return min(pouch) if pouch else 0


def payoff(
    a: Plan,
    b: Plan,
    d: Sequence[float] = (1, 1, 1),
    w: float = 0.0,
    a_gem: bool = True,
    coins: tuple[int, ...] = START_COINS,
) -> float:
    """Row player A's payoff against B (zero-sum). ``a_gem``: A holds the higher gem at the start."""
    gem_a, u = a_gem, 0.0
    for t in range(len(a)):
        x, y = a[t], b[t]
        u += d[t] / 2 if (x > y or (x == y and gem_a)) else -d[t] / 2
        if x == y:
            gem_a = not gem_a  # the tied players swap gems
    return u + w * (_gain(a, coins) - _gain(b, coins))


def solve(m: np.ndarray, prefer: np.ndarray | None = None) -> tuple[float, np.ndarray]:
    """Value of the zero-sum matrix game ``m`` (row player maximises) and an optimal mixed
    strategy of the row player: maximise v subject to x^T m >= v for every column, x a distribution.

    Optimal strategies are often not unique. With ``prefer`` (a cost per row) a second LP picks,
    among the optimal strategies, one of least expected cost (e.g. the one that plays the 0 least)."""
    m = np.asarray(m, dtype=float)
    rows, cols = m.shape
    c = np.r_[np.zeros(rows), -1.0]
    a_ub = np.c_[-m.T, np.ones(cols)]
    res = linprog(
        c,
        A_ub=a_ub,
        b_ub=np.zeros(cols),
        A_eq=np.r_[np.ones(rows), 0.0][None],
        b_eq=[1.0],
        bounds=[(0, None)] * rows + [(None, None)],
        method="highs",
    )
    if not res.success:  # pragma: no cover - a finite matrix game always has a solution
        raise RuntimeError(res.message)
    value = float(-res.fun)
    x = np.clip(res.x[:rows], 0, None)
    if prefer is not None:
        second = linprog(
            np.asarray(prefer, dtype=float),
            A_ub=-m.T,
            b_ub=-(value - 1e-9) * np.ones(cols),
            A_eq=np.ones(rows)[None],
            b_eq=[1.0],
            bounds=[(0, None)] * rows,
            method="highs",
        )
        if second.success:
            x = np.clip(second.x, 0, None)
    return value, x / x.sum()


@dataclass(frozen=True, slots=True)
class Blotto:
    plans: tuple[Plan, ...]
    value: float  #: to A, the player holding the higher gem when ``a_gem``
    a: np.ndarray  #: A's equilibrium mix over ``plans`` (of the optimal ones, the least use of the 0)
    b: np.ndarray  #: B's equilibrium mix over ``plans`` (likewise)
    d: tuple[float, ...]
    w: float

    def p_zero(self, who: str = "a") -> float:
        """Probability that A (or B) places the trading coin 0 on a tavern."""
        x = self.a if who == "a" else self.b
        return float(sum(p for plan, p in zip(self.plans, x, strict=True) if 0 in plan))

    def support(self, who: str = "a", tol: float = 1e-6) -> list[tuple[Plan, float]]:
        x = self.a if who == "a" else self.b
        return sorted(
            ((p, float(q)) for p, q in zip(self.plans, x, strict=True) if q > tol), key=lambda t: -t[1]
        )


def blotto(
    d: Sequence[float] = (1, 1, 1), w: float = 0.0, a_gem: bool = True, coins: Sequence[int] = START_COINS
) -> Blotto:
    """The game and both players' equilibrium strategies."""
    cs = tuple(sorted(coins))
    plans = strategies(cs, len(d))
    m = np.array([[payoff(x, y, d, w, a_gem, cs) for y in plans] for x in plans])
    zero = np.array([1.0 if 0 in plan else 0.0 for plan in plans])
    value, xa = solve(m, prefer=zero)  # of the optimal mixes, the one that plays the 0 least
    _, xb = solve(-m.T, prefer=zero)
    return Blotto(plans, value, xa, xb, tuple(float(v) for v in d), float(w))


def sweep(ws: Sequence[float], d: Sequence[float] = (1, 1, 1), a_gem: bool = True) -> list[Blotto]:
    """The game for each coin-point value ``w`` (the "coin point vs pick" exchange rate)."""
    return [blotto(d, w, a_gem) for w in ws]
