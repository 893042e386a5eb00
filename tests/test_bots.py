"""Bots: views only, legal and deterministic choices, uniform random sampling, greedy beats random."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest

import nidlib
from nidlib import Action, Bid, State
from nidlib.core.coins import BASIC_COINS, ROYAL
from nidlib.rules.engine import advance, legal_actions
from nidlib.tools.bots import (
    BOTS,
    GreedyBot,
    RandomBot,
    StrongBot,
    fast_scores,
    make_bot,
    random_action,
    random_bid,
)
from nidlib.tools.play import make_bots, play_game


def tiny_strong(seed: int) -> StrongBot:
    """A StrongBot with a small, purely step-counted budget (fast and deterministic)."""
    return StrongBot(seed, budget=100, max_seconds=60.0, horizon=10)


class SpyBot:
    """Wraps a bot and checks every view it is handed is a proper view for its seat."""

    def __init__(self, inner: nidlib.tools.bots.Bot, seat: int) -> None:
        self.inner = inner
        self.seat = seat
        self.name = inner.name
        self.calls = 0
        self.hidden_seen = 0

    def choose(self, view: State, legal: Sequence[Action]) -> Action:
        self.calls += 1
        assert view.viewer == self.seat
        assert view.options.seed == 0, "the seed would reveal future shuffles"
        for age in (1, 2):
            assert view.decks[age] == sorted(view.decks[age]), "deck order must be erased"
        for i, p in enumerate(view.players):
            if i == self.seat:
                assert p.hidden == []
                continue
            for k, coin in enumerate(p.slots):
                if coin is not None:
                    assert p.revealed[k], f"seat {self.seat} sees {p.name}'s face-down coin in slot {k}"
            if nidlib.Hero.ULINE in p.heroes:
                assert p.hand == [], "Uline's hand is hidden"
            self.hidden_seen += len(p.hidden)
        assert legal, "a bot is only asked when it has something to do"
        assert all(a.player == self.seat for a in legal)
        action = self.inner.choose(view, legal)
        assert action in legal
        return action


@pytest.mark.parametrize("level", ["random", "greedy", "strong"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bots_see_only_their_views_and_play_legal_games(level: str, players: int) -> None:
    seed = 40 + players
    inner = [tiny_strong(i) if level == "strong" else make_bot(level, i) for i in range(players)]
    spies = [SpyBot(b, i) for i, b in enumerate(inner)]
    final, log = play_game(players, seed, spies, first_game=players == 4)
    assert final.is_over
    assert all(spy.calls > 0 for spy in spies)
    # every face-down coin of the others was hidden from each bidder at some point
    assert all(spy.hidden_seen > 0 for spy in spies)
    # the log replays through the checked API to the same final state
    s = nidlib.new_game(players, final.options.names, seed=seed, first_game=players == 4)
    for action, _events in log[1:]:
        assert action is not None
        s, _ = nidlib.apply(s, action)
    assert s == final


@pytest.mark.parametrize("level", ["random", "greedy", "strong"])
def test_bots_are_deterministic_for_a_seed(level: str) -> None:
    players = 2 if level == "strong" else 3  # keep the suite fast

    def game(base: int) -> list[str]:
        bots = [
            tiny_strong(base + i) if level == "strong" else make_bot(level, base + i) for i in range(players)
        ]
        _, log = play_game(players, 11, bots)
        return [str(a) for a, _ in log if a is not None]

    first = game(9)
    assert first == game(9)
    assert game(100) != first, "another bot seed plays differently"


def test_make_bot_levels() -> None:
    assert set(BOTS) == {"random", "greedy", "strong"}
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("greedy", 1), GreedyBot)
    assert isinstance(make_bot("strong", 1), StrongBot)
    with pytest.raises(ValueError, match="unknown bot level 'expert'"):
        make_bot("expert", 1)


def test_fast_scores_equal_final_scores_at_game_end() -> None:
    for players in (2, 3, 4, 5):
        for seed in range(3):
            s = nidlib.new_game(players, seed=seed)
            rng = random.Random(seed)
            while not s.is_over:
                advance(s, random_action(s, rng))
            assert fast_scores(s) == [p.total for p in nidlib.final_scores(s).players]


def test_random_bid_is_uniform_over_distinct_bids_with_repeated_coins() -> None:
    # two gold 9s: the naive "shuffle and sort the pouch" would favour bids with two different pouch coins
    hand = sorted([BASIC_COINS[0], BASIC_COINS[1], ROYAL[9], ROYAL[9], ROYAL[12]])
    s = nidlib.new_game(3, seed=0)
    s.players[0].hand = hand
    distinct = {a for a in legal_actions(s, 0) if isinstance(a, Bid)}
    assert len(distinct) == 33  # 6 bids with both 9s in the pouch + 27 with two different pouch coins
    rng = random.Random(5)
    n = 33_000
    counts = Counter(random_bid(0, hand, rng) for _ in range(n))
    assert set(counts) == distinct
    expected = n / len(distinct)
    assert all(abs(c - expected) < 0.15 * expected for c in counts.values()), counts.most_common(3)
    both_nines = sum(c for b, c in counts.items() if b.pouch == (ROYAL[9], ROYAL[9]))
    assert abs(both_nines / n - 6 / 33) < 0.01


def test_random_action_is_always_legal() -> None:
    for players in (2, 5):
        s = nidlib.new_game(players, seed=3)
        rng = random.Random(3)
        while not s.is_over:
            a = random_action(s, rng)
            assert nidlib.check(s, a) is None, str(a)
            s, _ = nidlib.apply(s, a)


def test_explain_gives_a_legal_action_and_a_sentence() -> None:
    s = nidlib.new_game(3, seed=2)
    rng = random.Random(2)
    seen_kinds = set()
    for _ in range(60):
        d = nidlib.decision(s)
        assert d is not None
        seat = d.players[0]
        view = nidlib.view_for(s, seat)
        legal = legal_actions(view, seat)
        for bot in (RandomBot(1), GreedyBot(1), tiny_strong(1)):
            action, why = bot.explain(view, legal)
            assert action in legal
            assert why.strip()
            assert "{" not in why
            assert not why.startswith("bot.")
        seen_kinds.add(d.kind)
        advance(s, random_action(s, rng))
    assert {"bids", "pick"} <= seen_kinds


def test_greedy_bid_puts_the_trading_coin_on_the_least_valuable_tavern() -> None:
    s = nidlib.new_game(3, seed=1)
    view = nidlib.view_for(s, 0)
    bid = GreedyBot(0).choose(view, legal_actions(view, 0))
    assert isinstance(bid, Bid)
    zero = BASIC_COINS[0]
    assert zero in bid.taverns
    values = nidlib.tools.bots._tavern_values(view, 0)
    assert values[bid.taverns.index(zero)] == min(values)
    best = max(range(3), key=lambda t: values[t])
    assert bid.taverns[best] == max(c for c in view.players[0].hand)


def test_greedy_beats_random_on_average() -> None:
    margins = []
    greedy_best = 0
    for seed in range(40):
        levels = ["greedy", "random", "random"] if seed % 2 else ["random", "greedy", "greedy"]
        levels = levels[seed % 3 :] + levels[: seed % 3]
        final, _ = play_game(3, seed, make_bots(levels, seed))
        totals = [p.total for p in nidlib.final_scores(final).players]
        greedy = [t for t, lv in zip(totals, levels, strict=True) if lv == "greedy"]
        rand = [t for t, lv in zip(totals, levels, strict=True) if lv == "random"]
        margins.append(sum(greedy) / len(greedy) - sum(rand) / len(rand))
        greedy_best += max(greedy) > max(rand)
    mean = sum(margins) / len(margins)
    assert mean > 15, f"greedy only {mean:.1f} points ahead of random on average"
    assert greedy_best >= 30, f"greedy finished ahead of every random bot in {greedy_best}/40 games"


def test_strong_bot_respects_its_time_cap() -> None:
    ticks = iter(range(1000))

    def clock() -> float:
        return float(next(ticks))  # every reading is one "second" later

    bot = StrongBot(3, budget=10**9, max_seconds=5.0, clock=clock)
    s = nidlib.new_game(3, seed=4)
    view = nidlib.view_for(s, 0)
    bot.choose(view, legal_actions(view, 0))
    # readings 0, 1, 2...: after sample n the elapsed time is n, and another sample would reach n + 1
    assert bot.last_stats["samples"] == 4
    assert bot.last_stats["seconds"] <= 5.0
