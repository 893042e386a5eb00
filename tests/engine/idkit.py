"""Idavoll invariants (RULES.md A.7) checked after every step of random games: imported as ``idkit``.

Used by tests/engine/test_idavoll_soak.py (a few hundred games in the suite) and by
bench/soak_thingvellir.py (20,000 games with Idavoll alone and with both expansions, recorded in
docs/benchmarks.md). With Thingvellir the checks of ``tvkit`` run as well.

Invariants (A.7 "Invariants", with Idavoll): coins, every card once (with the Mythology deck, reserve,
removed pile, drawn cards, Giants' captures), Mythology cards never in a discard pile (X-ID-4): the checks
shared with Thingvellir, in ``a7kit``; and, here, what compares a step with the ones before:

* every Giant captures at most one card: its state goes from "" to a card or "-" once and never changes
  again (X-ID-8);
* a Valkyrie's k only grows (X-ID-9);
* Age I lasts 5 rounds at 2-3 players and 4 at 4-5 (X-ID-3); Age II 4 / 3 (R-FLOW-3);
* the golden rule, checked at each Bids phase once every recruitment is over: ``H >= L`` unless Megingjord
  or no hero is eligible; ``H <= L + Gjallarhorn`` where ``H`` leaves out Thrivaldi's free hero
  (X-ID-GIANT-THRIVALDI-2) and ``L`` is the most lines the player ever had (discards and Thrud/Ylud moves
  lower ``L``: A.7 "unless discards or Thrud/Ylud moves");
* the JSON round trip is exact.
"""

from __future__ import annotations

import random
from collections import Counter

from a7kit import Violation, check_invariants, expected_cards, where_cards

import nidlib
from nidlib import State
from nidlib.core.serialize import read_state, state_to_dict
from nidlib.core.tasks import BidsDue, PickDue
from nidlib.rules.base import heroes_for_lines, rounds_in_age
from nidlib.rules.engine import advance, eligible_heroes, legal_actions, lines
from nidlib.tools.bots import random_action

__all__ = ["Tracker", "Violation", "check_invariants", "expected_cards", "random_game", "where_cards"]


class Tracker:
    """The invariants that compare a step with the ones before: Giants, Valkyries, rounds, lines."""

    def __init__(self, s: State) -> None:
        part = s.idavoll
        assert part is not None
        self.captured = list(part.captured)
        self.notches = list(part.notches)
        self.rounds: dict[int, int] = {}
        self.most_lines = [0] * len(s.players)
        self.bids_seen: tuple[int, int] = (0, 0)

    def step(self, s: State) -> None:
        part = s.idavoll
        assert part is not None
        for k, (was, now) in enumerate(zip(self.captured, part.captured, strict=True)):
            if was != now and was != "":
                raise Violation(f"Giant {k} changed from {was!r} to {now!r}: one capture at most [X-ID-8]")
        self.captured = list(part.captured)
        for k, (had, has) in enumerate(zip(self.notches, part.notches, strict=True)):
            if has < had:
                raise Violation(f"Valkyrie {k}'s k went down from {had} to {has} [X-ID-9]")
        self.notches = list(part.notches)
        if s.round > 0:
            self.rounds[s.age] = max(self.rounds.get(s.age, 0), s.round)
        for i, p in enumerate(s.players):
            self.most_lines[i] = max(self.most_lines[i], lines(p))
        if s.tasks and isinstance(s.tasks[-1], BidsDue) and (s.age, s.round) != self.bids_seen:
            self.bids_seen = (s.age, s.round)
            self.golden_rule(s)

    def golden_rule(self, s: State) -> None:
        """At the start of the Bids every recruitment is over (R-HERO-1, A.7 golden rule)."""
        for i, p in enumerate(s.players):
            h, ln = heroes_for_lines(s, p), lines(p)
            free = 1 if "gjallarhorn" in p.command_zone else 0
            if h > self.most_lines[i] + free:
                raise Violation(f"player {i}: H {h} > L {self.most_lines[i]} + {free} (Gjallarhorn)")
            if ln > h and "megingjord" not in p.command_zone and eligible_heroes(s, p):
                raise Violation(f"player {i}: L {ln} > H {h} with heroes eligible and no Megingjord")

    def finish(self, s: State) -> None:
        n = s.options.players
        for age in (1, 2):
            want = rounds_in_age(n, age, idavoll=True)
            if self.rounds.get(age) != want:
                raise Violation(f"Age {age} lasted {self.rounds.get(age)} rounds, not {want} [X-ID-3]")


def random_game(
    players: int, seed: int, expansions: tuple[str, ...], *, json_every_step: bool = False
) -> dict[str, int]:
    """One random Idavoll game (alone or with Thingvellir) with the invariants after every step."""
    s = nidlib.new_game(players, seed=seed, expansions=expansions)
    expected = expected_cards(s)
    track = Tracker(s)
    rng = random.Random(seed)
    stats: Counter[str] = Counter()
    steps = 0
    while s.tasks:
        check_invariants(s, expected)
        track.step(s)
        top = s.tasks[-1]
        if type(top) is PickDue and rng.random() < 0.5:  # every legal action: Frigg, Camp visits
            acts = legal_actions(s)
            a = acts[int(rng.random() * len(acts))]
        else:
            a = random_action(s, rng)
        stats[f"action {type(a).__name__}"] += 1
        advance(s, a)
        steps += 1
        if json_every_step and read_state(state_to_dict(s)) != s:
            raise Violation(f"the JSON round trip changed the state after {a}")
    check_invariants(s, expected)
    track.step(s)
    track.finish(s)
    if read_state(state_to_dict(s)) != s:
        raise Violation("the JSON round trip changed the final state")
    part = s.idavoll
    assert part is not None
    stats["captures"] += sum(1 for c in part.captured if c not in ("", "-"))
    stats["notches"] += sum(part.notches)
    table = nidlib.final_scores(s)
    if any(ps.total < 0 for ps in table.players):
        raise Violation("a negative score")
    stats["games"] += 1
    stats["steps"] += steps
    return dict(stats)
