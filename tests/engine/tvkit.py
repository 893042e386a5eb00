"""Thingvellir invariants (RULES.md A.7) checked after every step of random games: imported as ``tvkit``.

Used by tests/engine/test_thingvellir_soak.py (a few hundred games in the suite) and by
bench/soak_thingvellir.py (20,000 games, the issue's figure, recorded in docs/benchmarks.md).

Invariants (A.7 "Invariants", with Thingvellir):

* coins: each player owns 5 coins, or 4 after Jarnglofi (X-TH-ART-JARNGLOFI-4); gold coins are
  conserved with the Treasury, basic coins with ``out_of_game`` (R-COIN-1);
* cards: every card of both Age decks, both Camp decks and every hero is in exactly one place: a
  deck, a tavern, the Camp, the discard, the Camp discard, an army, a command zone (Olwyn's doubles
  once at most, and only once Olwyn is recruited);
* at most one Camp visit per tavern through pick turns (X-TH-4), counted from the events;
* once an Age's enlistment is over (Ylud's step, Troop Evaluation, Age II, the end), no Mercenary waits in
  a command zone (X-TH-8) unless it was just gained and is being enlisted at once (X-TH-ENL-3);
* the golden rule: ``H <= L`` is never broken by a recruitment beyond what the rules allow:
  ``H <= L + free heroes (Gjallarhorn)`` unless lines were lost (discards, Thrud/Ylud moves: tracked
  loosely by allowing H to exceed L only after such an event);
* the Camp has at most 5 cards; the JSON round trip is exact.
"""

from __future__ import annotations

import random
from collections import Counter

import nidlib
from nidlib import State
from nidlib.core.cards import CAMP_DECKS, CARDS, CardKind, age_deck, hero_ids
from nidlib.core.coins import CoinKind, initial_treasury
from nidlib.core.serialize import read_state, state_to_dict
from nidlib.core.tasks import BidsDue, EnlistDue, PickDue
from nidlib.rules.engine import advance, legal_actions, lines
from nidlib.tools.bots import random_action


class Violation(AssertionError):
    """An invariant that does not hold."""


def expected_cards(s: State) -> Counter[str]:
    n = s.options.players
    out = Counter(c.id for age in (1, 2) for c in age_deck(age, n))
    out.update(hero_ids(s.options.expansions, first_game=s.options.first_game))
    out.update(c for deck in CAMP_DECKS.values() for c in deck)
    return out


def where_cards(s: State) -> Counter[str]:
    camp = s.camp
    assert camp is not None
    where: Counter[str] = Counter()
    for deck in (s.decks[1], s.decks[2], s.discard, s.pioneer_draw, s.heroes_available, *s.taverns):
        where.update(deck)
    for deck in (camp.decks[1], camp.decks[2], camp.cards, camp.discard, camp.removed):
        where.update(deck)
    for p in s.players:
        for col in p.columns:
            where.update(col)
        where.update(c for c in p.command_zone if c in CARDS)
        if "thrud" in p.heroes and p.thrud >= 0:
            where["thrud"] += 1
    where["armorer"] = 0
    return where


def check_invariants(s: State, expected: Counter[str]) -> None:
    camp = s.camp
    if camp is None:
        raise Violation("a Thingvellir game without its Camp")
    if len(camp.cards) > 5:
        raise Violation(f"the Camp holds {len(camp.cards)} cards [X-TH-3]")
    # coins (R-COIN-1, X-TH-ART-JARNGLOFI-4)
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
    # cards
    where = where_cards(s)
    doubles = [
        c for c, k in where.items() if k and CARDS.get(c) is not None and CARDS[c].kind is CardKind.DOUBLE
    ]
    for d in doubles:
        if where[d] > 1 or not any("olwyn" in p.heroes for p in s.players):
            raise Violation(f"{d} is in {where[d]} places, or came without Olwyn")
        del where[d]
    lifted_thrud = any(
        "thrud" in p.heroes and p.thrud < 0 and "thrud" not in p.command_zone for p in s.players
    )
    if lifted_thrud:
        where["thrud"] += 1
    where = +where
    if where != expected:
        extra = where - expected
        missing = expected - where
        raise Violation(f"cards out of place: extra {dict(extra)}, missing {dict(missing)}")


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
