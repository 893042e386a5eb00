"""Seeded random games: 1,000 complete games with invariants asserted after every step.

What is checked, and how often (honestly):

* after EVERY step of EVERY game: every legal action of the current decision passes ``check``
  (for bids, a random sample of at most 10 per bidding player); coins are conserved (each player
  owns 5 coins; gold: Treasury + owned = initial; basic: owned + out of game = one per player);
  every card of both Age decks and every hero is in exactly one place; heroes are unique; gems
  differ; H <= L unless a Bonfur/Dagda discard or a Thrud/Ylud move lowered the lines (tracked);
  the Age has not run more rounds than R-FLOW-3 allows;
* the JSON round trip (``state_from_dict(state_to_dict(s)) == s``) is the expensive check: it is
  done after every step in 1 game out of 10 (100 games), and at every round boundary and at the
  end in all games;
* at the end: the right number of rounds per Age (R-FLOW-3), no negative score, the game is over.

Steps are played on the fast path (``nidlib.rules.engine.advance`` on a private state); ``check`` is
asserted before each step. Games use 2-5 players, 1 in 5 with the first-game option.
Measured: about 21 s for the whole file on the shared 2-core machine (2,000 games took 42 s). Why 1,000:
games 0-999 reach exactly the branches of ``nidlib`` that games 0-1999 reach (coverage.py, branch mode:
5,967 arcs each, none missing; docs/benchmarks.md "make test: where the minutes go (session 7)"), so the
second thousand only repeated what the first asserted.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from enginekit import assert_coins_conserved

import nidlib
from nidlib import Bid, State
from nidlib.core.cards import FIRST_GAME_EXCLUDED, HERO_IDS, Hero, age_deck
from nidlib.core.serialize import state_to_dict
from nidlib.rules.engine import ROUNDS_PER_AGE, advance, lines
from nidlib.rules.load import state_from_dict

GAMES = 1000
CHUNKS = 8
FULL_JSON_EVERY = 10  # 1 game in 10 gets a JSON round trip after every step


def _expected_cards(s: State) -> Counter[str]:
    n = s.options.players
    out = Counter(c.id for age in (1, 2) for c in age_deck(age, n))
    out.update(h for h in HERO_IDS if not (s.options.first_game and h in FIRST_GAME_EXCLUDED))
    return out


def _invariants(s: State, expected: Counter[str]) -> None:
    """Coins as everywhere (enginekit), and every card exactly as often as the game dealt it."""
    n = s.options.players
    assert_coins_conserved(s)
    where: Counter[str] = Counter(s.decks[1])
    where.update(s.decks[2])
    where.update(s.discard)
    where.update(s.pioneer_draw)
    where.update(s.heroes_available)
    for row in s.taverns:
        where.update(row)
    owners: Counter[str] = Counter()
    for p in s.players:
        for col in p.columns:
            where.update(c for c in col if c != "armorer")
        where.update(c for c in p.command_zone if c in nidlib.CARDS)
        owners.update(p.heroes)
        if Hero.THRUD in p.heroes and Hero.THRUD not in p.command_zone:
            where[Hero.THRUD] += 1  # in a column (p.thrud) or lifted, waiting to be placed
    assert where.pop("armorer", 0) <= 1, "one special blacksmith card"
    assert where == expected, (where - expected, expected - where)
    assert all(k == 1 for k in owners.values()), owners
    gems = [p.gem for p in s.players]
    assert len(set(gems)) == n


def _play(game: int) -> None:
    rng = random.Random(game)
    players = 2 + game % 4
    first_game = game % 5 == 0
    s = nidlib.new_game(players, seed=game, first_game=first_game)
    expected = _expected_cards(s)
    full_json = game % FULL_JSON_EVERY == 0
    # H <= L + slack: slack grows by the lines a discard or a Thrud/Ylud move took away (R-RECRUIT-5)
    slack = [0] * players
    ref = [0] * players  # lines at the last step where Thrud was not lifted
    rounds: Counter[int] = Counter()
    last_round = (s.age, s.round)
    rounds[s.age] = s.round
    steps = 0
    while not s.is_over:
        d = nidlib.decision(s)
        assert d is not None
        acts = nidlib.legal_actions(s)
        assert acts, f"game {game}: no legal action for {d}"
        if d.kind == "bids":
            sample: list[nidlib.Action] = []
            for i in d.players:
                mine = [a for a in acts if a.player == i]
                sample.extend(rng.sample(mine, min(10, len(mine))))
            assert all(isinstance(a, Bid) for a in sample)
        else:
            sample = acts
        for a in sample:
            v = nidlib.check(s, a)
            assert v is None, f"game {game} step {steps}: legal {a} refused: {v}"
        a = rng.choice(acts)
        advance(s, a)
        steps += 1
        for i, p in enumerate(s.players):
            if _waiting(s, i):
                continue
            now = lines(p)
            if now < ref[i]:
                slack[i] += ref[i] - now
            ref[i] = now
            assert len(p.heroes) <= now + slack[i], (
                f"game {game} step {steps}: {p.name} has {len(p.heroes)} heroes and {now} lines"
            )
        _invariants(s, expected)
        if (s.age, s.round) != last_round:
            rounds[s.age] = max(rounds[s.age], s.round)
            assert s.round <= ROUNDS_PER_AGE[players], "R-FLOW-3"
            last_round = (s.age, s.round)
            assert state_from_dict(state_to_dict(s)) == s
        elif full_json:
            assert state_from_dict(state_to_dict(s)) == s
    assert state_from_dict(state_to_dict(s)) == s
    assert rounds[1] == rounds[2] == ROUNDS_PER_AGE[players], rounds
    assert s.decks[1] == []
    assert s.decks[2] == []
    table = nidlib.final_scores(s)
    assert all(ps.total >= 0 for ps in table.players)
    assert table.winners
    assert nidlib.legal_actions(s) == []
    assert all(p.thrud == -1 for p in s.players)


def _waiting(s: State, i: int) -> bool:
    """Thrud lifted (no column yet) makes lines drop by one until she is placed again."""
    p = s.players[i]
    return Hero.THRUD in p.heroes and p.thrud == -1 and Hero.THRUD not in p.command_zone


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_r_flow_3_seeded_random_games_keep_every_invariant(chunk: int) -> None:
    for game in range(chunk, GAMES, CHUNKS):
        _play(game)
