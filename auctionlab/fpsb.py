"""First-price sealed bids with independent private values uniform on [0, 1].

The symmetric equilibrium bid is ``b(v) = (n-1)/n * v``. :func:`shading_curve` lets one bidder
shade by ``alpha`` (bid ``alpha * v``) against ``n - 1`` rivals at equilibrium and estimates the
expected payoff; its maximum sits at ``(n-1)/n``. :func:`winners_curse` is the common-value jar:
everyone sees the value plus noise and bids the signal; the winner overpays on average, more so
with more bidders.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["Curse", "Shading", "equilibrium_shade", "shading_curve", "winners_curse"]


def equilibrium_shade(n: int) -> float:
    """``(n-1)/n``: the fraction of its value an equilibrium bidder bids."""
    if n < 2:
        msg = f"a first-price auction needs at least 2 bidders, not {n}"
        raise ValueError(msg)
    return (n - 1) / n


@dataclass(frozen=True, slots=True)
class Shading:
    n: int
    alphas: np.ndarray  #: the shading factors tried
    payoff: np.ndarray  #: mean payoff of the deviating bidder for each alpha
    stderr: np.ndarray  #: standard error of each mean
    draws: int

    @property
    def best(self) -> float:
        return float(self.alphas[int(np.argmax(self.payoff))])


def shading_curve(n: int, seed: int, draws: int = 40_000, alphas: np.ndarray | None = None) -> Shading:
    """Expected payoff of bidding ``alpha * v`` against ``n - 1`` equilibrium rivals (common random
    numbers: every alpha meets the same draws, so the curve is smooth)."""
    k = equilibrium_shade(n)
    a = np.linspace(0.3, 1.0, 71) if alphas is None else np.asarray(alphas, dtype=float)
    rng = np.random.default_rng(seed)
    v = rng.random(draws)
    rival = rng.random((draws, n - 1)).max(axis=1) * k if n > 1 else np.zeros(draws)
    bids = np.outer(a, v)  # (alphas, draws)
    win = bids > rival  # ties have probability 0
    gain = np.where(win, v - bids, 0.0)
    return Shading(
        n=n,
        alphas=a,
        payoff=gain.mean(axis=1),
        stderr=gain.std(axis=1, ddof=1) / np.sqrt(draws),
        draws=draws,
    )


@dataclass(frozen=True, slots=True)
class Curse:
    ns: np.ndarray  #: numbers of bidders
    naive: np.ndarray  #: mean profit of the winner who bids its signal
    corrected: np.ndarray  #: mean profit of the winner who bids its signal minus the correction
    noise: float


def winners_curse(ns: list[int], noise: float, seed: int, draws: int = 20_000) -> Curse:
    """Common value ``V``, signals ``V + U[-noise, noise]``; each bidder bids its signal
    (naive) or its signal minus ``noise * (n-1)/(n+1)`` (the expected excess of the highest of ``n``
    uniform errors, a simple correction). Returns the winner's mean profit ``V - bid`` (it does not depend on ``V``'s law)."""
    rng = np.random.default_rng(seed)
    naive, corrected = [], []
    for n in ns:
        err = rng.uniform(-noise, noise, (draws, n))
        top = err.max(axis=1)
        naive.append(float(np.mean(-top)))
        corrected.append(float(np.mean(-(top - noise * (n - 1) / (n + 1)))))
    return Curse(np.asarray(ns), np.asarray(naive), np.asarray(corrected), noise)
