"""The A.7 invariants common to both expansions, checked after every step of random games: ``a7kit``.

One check serves Thingvellir alone, Idavoll alone and both together: what an expansion adds is read from
the state (``s.camp`` for Thingvellir, ``s.idavoll`` for Idavoll). ``tvkit`` and ``idkit`` add what only
their expansion tracks (Camp visits and enlistments; Giants, Valkyries, rounds and the golden rule) and
play the random games.

* coins: each player owns 5 coins, or 4 after Jarnglofi (X-TH-ART-JARNGLOFI-4); gold coins are
  conserved with the Treasury, basic coins with ``out_of_game`` (R-COIN-1; Hrungnir's transformations
  too, X-ID-GIANT-HRUNGNIR-1);
* the Camp has at most 5 cards (X-TH-3);
* Mythology cards never reach the discard pile (X-ID-4) nor the Camp's;
* cards: every card of both Age decks and every hero, with Thingvellir both Camp decks, with Idavoll the
  20 Mythology cards and Gullinbursti, is in exactly one place: a deck, a tavern, the discard, an army, a
  command zone; with Thingvellir the Camp, its decks and discard; with Idavoll the Mythology deck, reserve,
  removed pile or drawn cards (Frigg, Skymir), under a Giant or waiting for a capture choice. Olwyn's
  doubles once at most, and only once Olwyn is recruited (or Odin returned her: X-ID-GOD-ODIN-4,
  X-TH-HERO-OLWYN-5).
"""

from __future__ import annotations

from collections import Counter

from nidlib import State
from nidlib.core.cards import CAMP_DECKS, CARDS, MYTHOLOGY_IDS, CardKind, age_deck, hero_ids
from nidlib.core.coins import CoinKind, initial_treasury
from nidlib.core.tasks import CaptureDue

GULLINBURSTI = "gullinbursti"
_MYTH = frozenset(MYTHOLOGY_IDS)


class Violation(AssertionError):
    """An invariant that does not hold."""


def expected_cards(s: State) -> Counter[str]:
    """Every card of the game once: Age decks, heroes, Camp decks (Thingvellir), Mythology (Idavoll)."""
    n = s.options.players
    out = Counter(c.id for age in (1, 2) for c in age_deck(age, n))
    out.update(hero_ids(s.options.expansions, first_game=s.options.first_game))
    if s.camp is not None:
        out.update(c for deck in CAMP_DECKS.values() for c in deck)
    if s.idavoll is not None:
        out.update(MYTHOLOGY_IDS)
        out[GULLINBURSTI] += 1
    return out


def where_cards(s: State) -> Counter[str]:
    """How many times each card stands somewhere in the state."""
    where: Counter[str] = Counter()
    for deck in (s.decks[1], s.decks[2], s.discard, s.pioneer_draw, s.heroes_available, *s.taverns):
        where.update(deck)
    part = s.idavoll
    if part is not None:
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
    if part is not None and not where[GULLINBURSTI]:
        where[GULLINBURSTI] = 1  # aside until Hraesvelg is taken (X-ID-ANIMAL-HREASVELG-1)
    where["armorer"] = 0
    return where


def check_coins(s: State) -> None:
    """5 coins a player (4 after Jarnglofi), gold with the Treasury, basics with out_of_game (R-COIN-1)."""
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


def check_cards(s: State, expected: Counter[str]) -> None:
    """Every card in exactly one place; Olwyn's doubles once at most, only with Olwyn (or Odin)."""
    where = where_cards(s)
    odin = s.idavoll is not None and "odin" in s.idavoll.used
    doubles = [
        c for c, k in where.items() if k and CARDS.get(c) is not None and CARDS[c].kind is CardKind.DOUBLE
    ]
    for d in doubles:
        # Olwyn's doubles stay when Odin returns her (X-ID-GOD-ODIN-4, X-TH-HERO-OLWYN-5)
        if where[d] > 1 or not (any("olwyn" in p.heroes for p in s.players) or odin):
            raise Violation(f"{d} is in {where[d]} places, or came without Olwyn")
        del where[d]
    if any("thrud" in p.heroes and p.thrud < 0 and "thrud" not in p.command_zone for p in s.players):
        where["thrud"] += 1
    where = +where
    if where != expected:
        extra = where - expected
        missing = expected - where
        raise Violation(f"cards out of place: extra {dict(extra)}, missing {dict(missing)}")


def check_invariants(s: State, expected: Counter[str]) -> None:
    """Every A.7 invariant that one state shows, for whichever expansions the game has."""
    if "thingvellir" in s.options.expansions and s.camp is None:
        raise Violation("a Thingvellir game without its Camp")
    if "idavoll" in s.options.expansions and s.idavoll is None:
        raise Violation("an Idavoll game without its state part")
    check_coins(s)
    if s.camp is not None and len(s.camp.cards) > 5:
        raise Violation(f"the Camp holds {len(s.camp.cards)} cards [X-TH-3]")
    if s.idavoll is not None:
        piles = [s.discard, s.camp.discard] if s.camp is not None else [s.discard]
        for pile in piles:
            mixed = [c for c in pile if c in _MYTH]
            if mixed:
                raise Violation(f"Mythology cards in a discard pile: {mixed} [X-ID-4]")
    check_cards(s, expected)
