"""Idavoll invariants (RULES.md A.7) checked after every step of random games: imported as ``idkit``.

Used by tests/engine/test_idavoll_soak.py (a few hundred games in the suite) and by
bench/soak_thingvellir.py (20,000 games with Idavoll alone and with both expansions, recorded in
docs/benchmarks.md). With Thingvellir the checks of ``tvkit`` run as well.

Invariants (A.7 "Invariants", with Idavoll):

* coins: each player owns 5 coins, or 4 after Jarnglofi (X-TH-ART-JARNGLOFI-4); gold coins are
  conserved with the Treasury, basic coins with ``out_of_game`` (R-COIN-1; Hrungnir's transformations too);
* cards: every card of both Age decks, every hero, the 20 Mythology cards and Gullinbursti are in exactly
  one place: a deck, a tavern, the discard, the Mythology deck, reserve, removed pile or drawn cards
  (Frigg, Skymir), under a Giant, waiting for a capture choice, an army, a command zone (and, with
  Thingvellir, the Camp decks, the Camp and its discard);
* Mythology cards never reach the discard pile (X-ID-4) nor the Camp's;
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

import nidlib
from nidlib import State
from nidlib.core.cards import CAMP_DECKS, CARDS, MYTHOLOGY_IDS, CardKind, age_deck, hero_ids
from nidlib.core.coins import CoinKind, initial_treasury
from nidlib.core.serialize import read_state, state_to_dict
from nidlib.core.tasks import BidsDue, CaptureDue, PickDue
from nidlib.rules.base import heroes_for_lines, rounds_in_age
from nidlib.rules.engine import advance, eligible_heroes, legal_actions, lines
from nidlib.tools.bots import random_action

GULLINBURSTI = "gullinbursti"
_MYTH = frozenset(MYTHOLOGY_IDS)


class Violation(AssertionError):
    """An invariant that does not hold."""


def expected_cards(s: State) -> Counter[str]:
    n = s.options.players
    out = Counter(c.id for age in (1, 2) for c in age_deck(age, n))
    out.update(hero_ids(s.options.expansions, first_game=s.options.first_game))
    if s.camp is not None:
        out.update(c for deck in CAMP_DECKS.values() for c in deck)
    out.update(MYTHOLOGY_IDS)
    out[GULLINBURSTI] += 1
    return out


def where_cards(s: State) -> Counter[str]:
    part = s.idavoll
    assert part is not None
    where: Counter[str] = Counter()
    for deck in (s.decks[1], s.decks[2], s.discard, s.pioneer_draw, s.heroes_available, *s.taverns):
        where.update(deck)
    for deck in (part.deck, part.reserve, part.removed, part.drawn):
        where.update(deck)
    where.update(c for c in part.captured if c not in ("", "-"))
    where.update(t.card for t in s.tasks if isinstance(t, CaptureDue))
    camp = s.camp
    if camp is not None:
        for deck in (camp.decks[1], camp.decks[2], camp.cards, camp.discard, camp.removed):
            where.update(deck)
    for p in s.players:
        for col in p.columns:
            where.update(col)
        where.update(c for c in p.command_zone if c in CARDS)
        if "thrud" in p.heroes and p.thrud >= 0:
            where["thrud"] += 1
    if not where[GULLINBURSTI]:  # aside until Hraesvelg is taken (X-ID-ANIMAL-HREASVELG-1)
        where[GULLINBURSTI] = 1
    where["armorer"] = 0
    return where


def check_invariants(s: State, expected: Counter[str]) -> None:
    part = s.idavoll
    if part is None:
        raise Violation("an Idavoll game without its state part")
    # coins (R-COIN-1, X-TH-ART-JARNGLOFI-4, X-ID-GIANT-HRUNGNIR-1)
    n = s.options.players
    gold: Counter[int] = Counter()
    basics: Counter[str] = Counter(s.out_of_game)
    for i, p in enumerate(s.players):
        coins = p.coins()
        want = 4 if "jarnglofi" in p.command_zone else 5
        if len(coins) != want:
            raise Violation(f"player {i} owns {len(coins)} coins, not {want}")
        for c in coins:
            if c.kind is CoinKind.ROYAL:
                gold[c.value] += 1
            else:
                basics[str(c)] += 1
    for value, count in initial_treasury(n).items():
        if s.treasury[value] + gold[value] != count:
            raise Violation(f"gold {value}: Treasury {s.treasury[value]} + owned {gold[value]} != {count}")
    for v in ("2", "3", "4", "5b"):
        if basics[v] != n:
            raise Violation(f"basic {v}: {basics[v]} accounted for, expected {n}")
    if s.camp is not None and len(s.camp.cards) > 5:
        raise Violation(f"the Camp holds {len(s.camp.cards)} cards [X-TH-3]")
    # Mythology cards never in a discard pile (X-ID-4)
    piles = [s.discard, s.camp.discard] if s.camp is not None else [s.discard]
    for pile in piles:
        mixed = [c for c in pile if c in _MYTH]
        if mixed:
            raise Violation(f"Mythology cards in a discard pile: {mixed} [X-ID-4]")
    # every card once
    where = where_cards(s)
    doubles = [
        c for c, k in where.items() if k and CARDS.get(c) is not None and CARDS[c].kind is CardKind.DOUBLE
    ]
    for d in doubles:
        # Olwyn's doubles stay when Odin returns her (X-ID-GOD-ODIN-4, X-TH-HERO-OLWYN-5)
        if where[d] > 1 or not (any("olwyn" in p.heroes for p in s.players) or "odin" in part.used):
            raise Violation(f"{d} is in {where[d]} places, or came without Olwyn")
        del where[d]
    if any("thrud" in p.heroes and p.thrud < 0 and "thrud" not in p.command_zone for p in s.players):
        where["thrud"] += 1
    where = +where
    if where != expected:
        extra = where - expected
        missing = expected - where
        raise Violation(f"cards out of place: extra {dict(extra)}, missing {dict(missing)}")


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
