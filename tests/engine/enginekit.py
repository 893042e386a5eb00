"""Helpers shared by the engine tests (tests/engine): imported as ``enginekit``.

Everything goes through the public API: ``nidlib.new_game``, the scenario builder,
``apply`` / ``check`` / ``legal_actions`` / ``decision``, events, views and JSON.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable

import pytest

import nidlib
from nidlib import Action, Event, IllegalActionError, State
from nidlib.content.scenario import Scenario
from nidlib.core.cards import FIRST_GAME_EXCLUDED, HERO_IDS, age_deck
from nidlib.core.coins import CoinKind, initial_treasury
from nidlib.core.serialize import state_to_dict
from nidlib.rules.load import state_from_dict

NAMES3 = ("Ana", "Bo", "Cy")

__all__ = [
    "NAMES3",
    "Scenario",
    "act",
    "assert_conserved",
    "assert_illegal",
    "assert_round_trip",
    "by_rule",
    "coins_of",
    "play",
    "play_until",
    "texts",
]


def act(text: str | Action) -> Action:
    return nidlib.parse(text) if isinstance(text, str) else text


def play(s: State, *actions: str | Action) -> tuple[State, list[Event]]:
    """Apply actions in turn (text forms or Action values); returns the last state and every event."""
    out: list[Event] = []
    for a in actions:
        s, ev = nidlib.apply(s, act(a))
        out.extend(ev)
    return s, out


def play_until(
    s: State,
    stop: Callable[[State], bool],
    *,
    seed: int = 0,
    choose: Callable[[State, list[Action]], Action] | None = None,
    limit: int = 5000,
) -> tuple[State, list[Event]]:
    """Play legal actions (random, or chosen by ``choose``) until ``stop(state)`` or the game ends."""
    rng = random.Random(seed)
    out: list[Event] = []
    for _ in range(limit):
        if stop(s) or s.is_over:
            return s, out
        acts = nidlib.legal_actions(s)
        a = choose(s, acts) if choose is not None else rng.choice(acts)
        s, ev = nidlib.apply(s, a)
        out.extend(ev)
    raise AssertionError("play_until: the game did not stop")


def by_rule(events: Iterable[Event], rule: str) -> list[Event]:
    return [e for e in events if e.rule == rule]


def texts(events: Iterable[Event]) -> list[str]:
    return [e.text() for e in events]


def coins_of(s: State, player: int) -> list[str]:
    """The coins a player owns, wherever they are, as sorted text."""
    return sorted(str(c) for c in s.players[player].coins())


def assert_illegal(s: State, action: str | Action, rule: str) -> nidlib.Violation:
    """``apply`` raises with ``rule``; the message is a sentence; ``s`` is unchanged; ``check`` agrees."""
    a = act(action)
    before = state_to_dict(s)
    with pytest.raises(IllegalActionError) as info:
        nidlib.apply(s, a)
    v = info.value.violation
    assert v.rule == rule, f"{a}: expected {rule}, got {v.text()}"
    assert info.value.rule == rule
    reason = v.reason()
    assert reason[:1].isupper(), reason
    assert reason.rstrip().endswith((".", "!")), reason
    assert "{" not in reason, reason
    assert "@" not in reason, reason
    assert v.text().endswith(f"[{rule}]")
    assert state_to_dict(s) == before, "an illegal action changed the state"
    assert nidlib.check(s, a) == v
    return v


def assert_round_trip(s: State) -> None:
    d = state_to_dict(s)
    back = state_from_dict(d)
    assert back == s
    assert state_to_dict(back) == d
    assert nidlib.from_json(nidlib.to_json(s)) == s


def assert_coins_conserved(s: State) -> None:
    """Every player owns 5 coins; every gold coin is in the Treasury or owned; every basic coin is
    owned or out of the game; at most one green 3 (Appendix F invariants)."""
    n = s.options.players
    start = initial_treasury(n)
    owned: Counter[int] = Counter()
    basics: Counter[str] = Counter(s.out_of_game)
    for p in s.players:
        coins = p.coins()
        assert len(coins) == 5, f"{p.name} owns {len(coins)} coins [R-COIN-3]"
        for c in coins:
            if c.kind is CoinKind.ROYAL:
                owned[c.value] += 1
            else:
                basics[str(c)] += 1
    for value, count in start.items():
        assert s.treasury.get(value, 0) >= 0, f"gold {value}: negative count in the Treasury"
        assert s.treasury.get(value, 0) + owned[value] == count, f"gold {value} not conserved [R-COIN-1]"
    for v in ("0", "2", "3", "4", "5b"):
        assert basics[v] == n, f"basic {v}: {basics[v]} accounted for, expected {n}"
    assert basics["3s"] <= 1, "only one green 3 exists"


def assert_conserved(s: State) -> None:
    """Coins, cards, heroes and gems are all accounted for (Appendix F invariants)."""
    n = s.options.players
    assert_coins_conserved(s)
    places: list[str] = [*s.decks[1], *s.decks[2], *s.discard, *s.pioneer_draw]
    for row in s.taverns:
        places.extend(row)
    for p in s.players:
        for col in p.columns:
            places.extend(col)
        places.extend(c for c in p.command_zone if c in nidlib.CARDS)
        if p.thrud >= 0:
            places.append("thrud")
    places.extend(s.heroes_available)
    counted = Counter(places)
    dup = [c for c, k in counted.items() if k > 1 and c != "armorer"]
    assert not dup, f"cards in two places: {dup}"
    expected = {c.id for age in (1, 2) for c in age_deck(age, n)}
    expected |= {h for h in HERO_IDS if not (s.options.first_game and h in FIRST_GAME_EXCLUDED)}
    lifted_thrud = any("thrud" in p.heroes for p in s.players) and "thrud" not in counted
    missing = expected - set(counted) - ({"thrud"} if lifted_thrud else set())
    assert not missing, f"cards nowhere: {sorted(missing)}"
    gems = [p.gem for p in s.players]
    assert len(set(gems)) == n, f"gems not distinct: {gems}"
