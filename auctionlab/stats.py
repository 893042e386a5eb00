"""Confidence intervals for the lab's simulations (95 % unless told otherwise)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import stats as st

__all__ = ["Estimate", "mean_ci", "proportion_ci"]


@dataclass(frozen=True, slots=True)
class Estimate:
    """A point estimate with its confidence interval ``[low, high]`` and sample size."""

    value: float
    low: float
    high: float
    n: int

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2


def mean_ci(values: Sequence[float] | np.ndarray, level: float = 0.95) -> Estimate:
    """The mean with Student's t interval (``nan`` bounds for fewer than two values)."""
    x = np.asarray(values, dtype=float)
    n = int(x.size)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    m = float(x.mean())
    if n < 2:
        return Estimate(m, math.nan, math.nan, n)
    se = float(x.std(ddof=1)) / math.sqrt(n)
    t = float(st.t.ppf(0.5 + level / 2, n - 1))
    return Estimate(m, m - t * se, m + t * se, n)


def proportion_ci(successes: float, n: int, level: float = 0.95) -> Estimate:
    """A proportion with Wilson's score interval (good near 0 and 1, and for small ``n``).
    ``successes`` may be fractional (a shared win counts as a share)."""
    if n <= 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    p = successes / n
    z = float(st.norm.ppf(0.5 + level / 2))
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)
