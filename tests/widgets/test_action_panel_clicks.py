"""A click that arrives for a position that is already gone is ignored, not reported as illegal."""

from __future__ import annotations

import nidlib
from nidlib.content.scenario import Scenario
from widgets import ActionPanel, Controller


def _at_first_pick() -> nidlib.State:
    return (
        Scenario(3, seed=2)
        .bids(0, taverns=[5, 2, 3], pouch=[0, 4])
        .bids(1, taverns=[4, 2, 3], pouch=[0, 5])
        .bids(2, taverns=[3, 2, 4], pouch=[0, 5])
        .taverns([["W7", "H", "M1"], ["B", "E9", "W5"], ["M0", "E7", "W6"]])
        .at_tavern(0)
        .build()
    )


def test_r_pick_1_a_second_click_on_an_old_button_is_ignored() -> None:
    c = Controller(_at_first_pick())
    panel = ActionPanel(c, seat=None)
    old = panel.button_for("p0:pick:1W7")
    old.click()
    after_first = c.state
    assert "1W7" in after_first.players[0].columns[0]
    old.click()  # the same, stale button: Ana's turn is over
    assert c.state is after_first
    assert c.violation is None
    assert not any(str(a) == "p0:pick:1W7" for a, _ in panel.shown)
