"""Whole Nidavellir games played by nidlib's engine, each seat with a coin-trade policy.

The rules are nidlib's (:func:`nidlib.advance`, :func:`nidlib.legal_actions`,
:func:`nidlib.final_scores`); the seats' choices come from nidlib's bot toolkit
(:mod:`nidlib.tools.bots`: :func:`~nidlib.tools.bots.heuristic_bid`, :func:`~nidlib.tools.bots.random_bid`,
:func:`~nidlib.tools.bots.card_gain`). Only the bid differs between policies:

* ``trade``: the heuristic bid, trading coin on the least valuable tavern (a trade every round
  it is played, R-TRADE-1);
* ``keep``: the same bid with the trading coin in the pouch: never trades;
* ``half``: ``trade`` or ``keep`` with probability 1/2 each round;
* ``random``: a uniformly random bid (:func:`nidlib.tools.bots.random_bid`).

Picks, heroes and every other decision: the card that adds most to the seat's army
(:func:`nidlib.tools.bots.card_gain`), the same for every policy, so win-rate differences come from the
bids. These are teaching policies, not a strong player.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import nidlib
from nidlib.core.actions import Action, Bid, Keep, Pick, Recruit
from nidlib.rules.scoring import CATEGORIES
from nidlib.tools.bots import card_gain, heuristic_bid, random_bid

__all__ = ["GROUPS", "POLICIES", "GameResult", "play", "run"]

POLICIES: tuple[str, ...] = ("trade", "keep", "half", "random")
#: score-sheet categories grouped for the decomposition chart: coins, dwarves (class points and the
#: warrior majority), heroes and the rest.
GROUPS: dict[str, tuple[str, ...]] = {
    "coins": ("coins",),
    "dwarves": ("warrior", "hunter", "miner", "blacksmith", "explorer", "warrior_bonus"),
    "heroes": ("heroes",),
}


@dataclass(frozen=True, slots=True)
class GameResult:
    seed: int
    policies: tuple[str, ...]  #: by seat
    totals: tuple[int, ...]  #: Final Bravery Value by seat (R-SCORE-1)
    parts: tuple[dict[str, int], ...]  #: points by group of :data:`GROUPS` (+ ``other``), by seat
    winners: tuple[int, ...]  #: seats sharing the victory (R-SCORE-10)
    trades: tuple[int, ...]  #: rounds in which the seat bid its trading coin on a tavern


def _groups(d: dict[str, int | str]) -> dict[str, int]:
    out = {g: sum(int(d[c]) for c in cats if c in d) for g, cats in GROUPS.items()}
    known = {c for cats in GROUPS.values() for c in cats}
    out["other"] = sum(int(d[c]) for c in CATEGORIES if c not in known and c in d)
    return out


def _bid(s: nidlib.State, seat: int, policy: str, rng: random.Random) -> Bid:
    if policy == "random":
        return random_bid(seat, s.players[seat].hand, rng)
    keep = policy == "keep" or (policy == "half" and rng.random() < 0.5)
    return heuristic_bid(s, seat, trade_in_pouch=keep)


def _choose(s: nidlib.State, rng: random.Random) -> tuple[int, Action]:
    d = nidlib.decision(s)
    assert d is not None
    if d.kind in ("pick", "hero", "pioneer"):
        me = d.players[0]
        acts = nidlib.legal_actions(s, me)
        if len(acts) == 1:
            return me, acts[0]
        p = s.players[me]
        best, best_v = acts[0], -1e9
        for a in acts:
            cid = a.card if isinstance(a, Pick | Keep) else a.hero if isinstance(a, Recruit) else ""
            v = card_gain(p, cid) + rng.random() * 0.01  # seeded tie-break between equal cards
            if v > best_v:
                best, best_v = a, v
        return me, best
    acts = nidlib.legal_actions(s)
    a = acts[int(rng.random() * len(acts))]
    return a.player, a


def play(players: int, policies: Sequence[str], seed: int) -> GameResult:
    """One whole game; ``policies`` by seat (cycled when shorter than ``players``)."""
    pols = tuple(policies[k % len(policies)] for k in range(players))
    for p in pols:
        if p not in POLICIES:
            msg = f"unknown policy {p!r}; choose one of {', '.join(POLICIES)}"
            raise ValueError(msg)
    s = nidlib.new_game(players, [f"P{k + 1}" for k in range(players)], seed=seed)
    rng = random.Random(f"auctionlab.games/{seed}")
    trades = [0] * players
    while s.tasks:
        d = nidlib.decision(s)
        if d is not None and d.kind == "bids":
            seat = next(i for i, p in enumerate(s.players) if not p.bid_done)
            bid = _bid(s, seat, pols[seat], rng)
            if any(c.is_trading for c in bid.taverns):
                trades[seat] += 1
            nidlib.advance(s, bid)
        else:
            _, a = _choose(s, rng)
            nidlib.advance(s, a)
    table = nidlib.final_scores(s)
    names = [p.name for p in s.players]
    parts = tuple(_groups(p.as_dict()) for p in table.players)
    return GameResult(
        seed=seed,
        policies=pols,
        totals=tuple(p.total for p in table.players),
        parts=parts,
        winners=tuple(names.index(n) for n in table.winners),
        trades=tuple(trades),
    )


def run(
    games: int, players: int, policies: Sequence[str], seed: int, chunk: int = 25
) -> Iterator[list[GameResult]]:
    """Play ``games`` games in chunks (a caller can show progress and stop between chunks).
    Game ``g`` has seed ``seed * 100_000 + g`` and the policies rotate one seat per game, so each
    policy sits in every seat equally often."""
    done = 0
    while done < games:
        out = []
        for g in range(done, min(games, done + chunk)):
            rot = g % players
            pols = [policies[(k - rot) % len(policies)] for k in range(players)] if policies else []
            out.append(play(players, pols, seed * 100_000 + g))
        done += len(out)
        yield out
