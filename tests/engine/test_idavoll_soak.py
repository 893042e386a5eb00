"""Idavoll soak: random games with the A.7 invariants of Idavoll after every step (idkit).

160 games in the suite (Idavoll alone and with Thingvellir, 2-5 players, 20 each), the JSON round trip after
every step in 1 game out of 10; bench/soak_thingvellir.py --expansions idavoll / thingvellir,idavoll runs
20,000 with the same checks (docs/benchmarks.md "Idavoll soak"). Broken states show the checks can fail.
"""

from __future__ import annotations

from collections import Counter

import pytest
from idkit import Tracker, Violation, check_invariants, expected_cards, random_game

import nidlib


@pytest.mark.parametrize("expansions", [("idavoll",), ("thingvellir", "idavoll")], ids=["idavoll", "both"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_x_id_invariants_hold_in_random_games(players: int, expansions: tuple[str, ...]) -> None:
    total: Counter[str] = Counter()
    for seed in range(20):
        total.update(random_game(players, seed, expansions, json_every_step=seed % 10 == 0))
    assert total["games"] == 20
    assert total["captures"] > 0
    assert total["notches"] > 0
    assert total["action Reserve"] + total["action Swap"] + total["action Frigg"] > 0


def _game() -> nidlib.State:
    return nidlib.new_game(3, seed=4, expansions=("idavoll",))


def test_a_mythology_card_in_the_discard_is_caught_X_ID_4() -> None:
    s = _game()
    expected = expected_cards(s)
    part = s.idavoll
    assert part is not None
    card = part.deck.pop()
    s.discard.append(card)
    with pytest.raises(Violation, match="X-ID-4"):
        check_invariants(s, expected)


def test_a_lost_card_is_caught() -> None:
    s = _game()
    expected = expected_cards(s)
    s.taverns[0].pop()
    with pytest.raises(Violation, match="out of place"):
        check_invariants(s, expected)


def test_a_second_capture_and_a_falling_valkyrie_are_caught_X_ID_8_X_ID_9() -> None:
    s = _game()
    part = s.idavoll
    assert part is not None
    part.captured[0] = "1E5"
    part.notches[0] = 2
    track = Tracker(s)
    part.captured[0] = "1E6"
    with pytest.raises(Violation, match="X-ID-8"):
        track.step(s)
    part.captured[0] = "1E5"
    track = Tracker(s)
    part.notches[0] = 1
    with pytest.raises(Violation, match="X-ID-9"):
        track.step(s)
