"""Helpers for the zavandor tests: positions built directly as values."""

from __future__ import annotations

from dataclasses import replace

from zavandor import Params, Phase, State, new_game
from zavandor.state import Counts


def position(
    *hands: Counts,
    start: int = 0,
    phase: Phase = Phase.TRADE,
    params: Params | None = None,
    seed: int = 0,
    king: int = 0,
) -> State:
    """A game whose players hold exactly ``hands``, in ``phase`` (the Trade phase: ready to bid)."""
    names = ["Ana", "Bo", "Cy", "Di"][: len(hands)]
    s = new_game(names, seed=seed, params=params, start=start)
    players = tuple(replace(pl, hand=h) for pl, h in zip(s.players, hands, strict=True))
    return replace(s, players=players, phase=phase, king=king, king_trail=(king,))
