"""The lab with Idavoll (issue 12): a seeded Idavoll game played to a God's, Giant's or Valkyrie's decision,
the position shown, and the decision's legal actions ready to try."""

from __future__ import annotations

import pytest

import nidlib
from widgets.camp import IDAVOLL_MOMENTS, play_to_moment
from widgets.lab import Lab

#: a seed (3 players) that reaches each moment: the seeded players lean towards the card that leads there
SEEDS = {
    "loki": 1,
    "freya": 1,
    "frigg": 2,
    "odin": 2,
    "capture": 1,
    "gullinbursti": 3,
    "olrun": 1,
    "skymir": 1,
}


@pytest.mark.parametrize("moment", list(IDAVOLL_MOMENTS))
def test_x_id_a_seeded_idavoll_game_reaches_each_decision(moment: str) -> None:
    found = play_to_moment(3, SEEDS[moment], moment)
    assert found is not None, moment
    s, _events, n = found
    assert s.idavoll is not None
    assert s.camp is None  # an Idavoll game, without Thingvellir
    d = nidlib.decision(s)
    assert d is not None
    assert d.kind == moment
    assert nidlib.legal_actions(s)
    again = play_to_moment(3, SEEDS[moment], moment)
    assert again is not None
    assert again[0] == s  # the seed decides the deal and the seeded players' choices
    assert again[2] == n


def test_the_lab_starts_an_idavoll_position() -> None:
    page = Lab()
    page.sources.selected_index = 2
    page.tv_players.value = 3
    page.tv_seed.value = SEEDS["capture"]
    page.tv_moment.value = "capture"
    page.tv_start.click()
    s = page.state
    assert s is not None
    assert s.idavoll is not None
    assert nidlib.decision(s).kind == "capture"
    assert "nt-message-ok" in page.error.value
