"""The random bot's shortcuts draw exactly what ``legal_actions`` would (bench/playouts.py, docs/benchmarks.md).

``random_action`` draws most decisions without building every legal action (a pick, a hero, Thrud's and
Ylud's column, Uline's coin, a transformation, a Camp visit, a card to take, an enlistment). Its contract is
"uniform over the legal actions, and the same draw as ``legal_actions(s)[int(rng.random() * n)]``", so
seeded playouts (and the strong bot's) do not depend on which path was taken. Checked at every decision of
seeded random games of every ruleset, except bids (drawn over the distinct bids by rejection, ``random_bid``).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from nidlib.core.tasks import BidsDue
from nidlib.rules.engine import advance, legal_actions, new_game
from nidlib.tools.bots import random_action

RULESETS = [(), ("thingvellir",), ("idavoll",), ("thingvellir", "idavoll")]


@pytest.mark.parametrize("expansions", RULESETS, ids=lambda x: "+".join(x) or "base")
def test_random_action_draws_what_legal_actions_would(expansions: tuple[str, ...]) -> None:
    seen: Counter[str] = Counter()
    for game in range(12):
        players = 2 + game % 4
        s = new_game(players, seed=game, expansions=expansions)
        rng = random.Random(game)
        step = 0
        while s.tasks:
            top = s.tasks[-1]
            if type(top) is not BidsDue:
                legal = legal_actions(s)
                r = random.Random(f"{game}:{step}")
                expected = legal[int(random.Random(f"{game}:{step}").random() * len(legal))]
                assert random_action(s, r) == expected, (game, step, top)
                seen[type(top).__name__] += 1
            advance(s, random_action(s, rng))
            step += 1
    assert seen["PickDue"] > 100
    assert seen["HeroDue"] > 5
    if "thingvellir" in expansions:
        assert seen["EnlistDue"] > 5
