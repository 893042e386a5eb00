"""What is first pick worth? The value of each pick rank in one tavern, from the real Age decks.

A tavern holds ``TAVERN_SIZE[n]`` cards drawn from the Age deck for ``n`` players
(:func:`nidlib.core.cards.age_deck`, :data:`nidlib.rules.engine.TAVERN_SIZE`); the players pick in bid order,
each taking the card worth most to them. A card's worth is what it adds to the picker's score, by
nidlib's scoring (:func:`nidlib.rules.scoring.class_points`: warriors and explorers their bravery points,
hunters 2N+1, blacksmiths N+3, miners by ranks and points), for an army described by a *profile*:

* ``empty``: the first card of every column;
* ``balanced``: ``k`` cards already in every class;
* a class name (``warrior``, ``hunter``...): ``k`` cards of that class, none elsewhere.

A Royal Offering is worth its coin increase (+3 or +5 points of coin value). Heroes, distinctions
and the warrior majority are left out: a teaching model of the *spread* of a tavern, stated on the page.
The pickers are assumed to value cards alike, so rank ``r`` gets the ``r``-th best card.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from auctionlab.stats import Estimate, mean_ci
from nidlib.core.cards import CLASSES, CardKind, DwarfClass, age_deck
from nidlib.rules.engine import TAVERN_SIZE
from nidlib.rules.scoring import class_points

__all__ = ["PROFILES", "RankValues", "card_values", "rank_values"]

PROFILES: tuple[str, ...] = ("empty", "balanced", *(c.value for c in CLASSES))


@cache
def _column(cls: DwarfClass, k: int, age: int, players: int) -> tuple[str, ...]:
    """``k`` cards of ``cls`` for the picker's army: the deck's cards of that class in id order, cycled."""
    ids = sorted(c.id for c in age_deck(age, players) if c.cls is cls and c.kind is CardKind.DWARF)
    return tuple(ids[j % len(ids)] for j in range(k))


def card_values(age: int, players: int, profile: str = "empty", k: int = 2) -> tuple[list[str], np.ndarray]:
    """The Age deck's card ids for ``players`` and the worth of each to a picker with ``profile``."""
    if profile not in PROFILES:
        msg = f"unknown profile {profile!r}; choose one of {', '.join(PROFILES)}"
        raise ValueError(msg)
    deck = age_deck(age, players)
    values = []
    for c in deck:
        if c.kind is CardKind.ROYAL_OFFERING:
            values.append(float(c.offering))
            continue
        assert c.cls is not None
        own = 0 if profile == "empty" else k if profile in ("balanced", c.cls.value) else 0
        column = list(_column(c.cls, own, age, players))
        values.append(float(class_points(c.cls, [*column, c.id]) - class_points(c.cls, column)))
    return [c.id for c in deck], np.asarray(values)


@dataclass(frozen=True, slots=True)
class RankValues:
    players: int
    cards: int  #: cards per tavern (3 at 2 players: the last one is discarded)
    ranks: tuple[Estimate, ...]  #: mean worth of the card taken at each pick rank, best first
    gaps: tuple[Estimate, ...]  #: worth of moving up from rank r+1 to rank r
    draws: int


def rank_values(
    players: int, *, age: int = 1, profile: str = "empty", k: int = 2, draws: int = 20_000, seed: int = 0
) -> RankValues:
    """Monte Carlo over ``draws`` taverns: the worth of each pick rank with 95 % intervals."""
    _, values = card_values(age, players, profile, k)
    m = TAVERN_SIZE[players]
    rng = np.random.default_rng(seed)
    keys = rng.random((draws, values.size))
    idx = np.argpartition(keys, m - 1, axis=1)[:, :m]  # a uniformly random m-card tavern per row
    tav = -np.sort(-values[idx], axis=1)  # best first
    used = tav[:, :players]
    ranks = tuple(mean_ci(used[:, r]) for r in range(players))
    gaps = tuple(mean_ci(used[:, r] - used[:, r + 1]) for r in range(players - 1))
    return RankValues(players=players, cards=m, ranks=ranks, gaps=gaps, draws=draws)
