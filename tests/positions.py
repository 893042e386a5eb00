"""Positions several test modules share, built with :class:`nidlib.content.scenario.Scenario` and played
to the moment a test needs (import as ``from positions import ...``: ``tests/`` is on the path)."""

from __future__ import annotations

import nidlib
from nidlib import State
from nidlib.content.scenario import Scenario
from nidlib.core.tasks import CaptureDue


def uline_meets_hrungnir() -> State:
    """Player 0 owns Uline and Hrungnir (pending) and holds 4, 5b and a gold 6 in hand after
    laying the 2 on the Goblin; the Treasury has no 5 or 6 and one 7 (the others hold them)."""
    s = (
        Scenario(3, seed=1, round=4, expansions=("idavoll",))
        .command_zone(0, ["Uline", "Hrungnir"])
        .army(0, warrior=[3], hunter=["H"], miner=[0], blacksmith=["B"], explorer=[5])
        .hand(0, [0, 2, 4, "g6", 5])
        .bids(1, taverns=[4, 0, 2], pouch=["g5", "g6"])
        .bids(2, taverns=[3, 0, 2], pouch=["g5", 5])
        .taverns([["W4", "H", "M1"], ["B", "E6", "W5"], ["H", "M2", "E7"]])
        .at_tavern(0)
        .build()
    )
    for a in ("p0:uline:2", "p1:pick:1W4", "p2:pick:1H6", "p0:pick:1M1"):
        s, _ = nidlib.apply(s, nidlib.parse(a))
    assert isinstance(s.tasks[-1], CaptureDue)
    return s
