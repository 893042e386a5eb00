"""The auction lab's models against theory, hand-computed cases and nidlib's own rules."""

from __future__ import annotations

import math

import numpy as np
import pytest

from auctionlab import blotto, fpsb, games, picks, stats, tiebreak, zav
from nidlib.core.cards import age_deck
from nidlib.rules.engine import TAVERN_SIZE

# --- confidence intervals -----------------------------------------------------------------------


def test_mean_ci_matches_a_hand_computed_t_interval() -> None:
    e = stats.mean_ci([1.0, 2.0, 3.0, 4.0])
    # mean 2.5, s = 1.29099, se = 0.645497, t(0.975, 3) = 3.182446
    assert e.value == pytest.approx(2.5)
    assert e.low == pytest.approx(2.5 - 3.182446 * 0.645497, abs=1e-5)
    assert e.high == pytest.approx(2.5 + 3.182446 * 0.645497, abs=1e-5)
    assert math.isnan(stats.mean_ci([5.0]).low)
    assert stats.mean_ci([]).n == 0


def test_wilson_interval_matches_a_hand_computed_case() -> None:
    e = stats.proportion_ci(8, 10)
    # Wilson, z = 1.959964: centre 0.71671, half width 0.22644
    assert e.value == pytest.approx(0.8)
    assert e.low == pytest.approx(0.49016, abs=1e-4)
    assert e.high == pytest.approx(0.94332, abs=1e-4)
    assert stats.proportion_ci(0, 20).low == 0.0
    assert stats.proportion_ci(20, 20).high == 1.0


def test_intervals_cover_the_truth_about_95_percent_of_the_time() -> None:
    rng = np.random.default_rng(3)
    inside = 0
    for _ in range(400):
        e = stats.mean_ci(rng.normal(1.0, 2.0, 30))
        inside += e.low <= 1.0 <= e.high
    assert 0.91 <= inside / 400 <= 0.99
    inside = 0
    for _ in range(400):
        e = stats.proportion_ci(int(rng.binomial(50, 0.3)), 50)
        inside += e.low <= 0.3 <= e.high
    assert 0.91 <= inside / 400 <= 0.99


# --- first price --------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5, 8])
def test_first_price_best_shading_is_near_n_minus_1_over_n(n: int) -> None:
    curve = fpsb.shading_curve(n, seed=11)
    assert curve.best == pytest.approx((n - 1) / n, abs=0.05)
    # bidding the whole value earns nothing; equilibrium beats both extremes
    assert curve.payoff[-1] == pytest.approx(0.0, abs=1e-12)
    k = int(np.argmin(abs(curve.alphas - (n - 1) / n)))
    assert curve.payoff[k] > curve.payoff[0]


def test_first_price_equilibrium_payoff_matches_theory() -> None:
    # at equilibrium a bidder expects E[v^n]/n = 1 / (n (n+1))
    for n in (2, 4):
        c = fpsb.shading_curve(n, seed=5, alphas=np.array([(n - 1) / n]), draws=200_000)
        assert c.payoff[0] == pytest.approx(1 / (n * (n + 1)), abs=4 * c.stderr[0])


def test_winners_curse_grows_with_bidders_and_the_correction_removes_it() -> None:
    c = fpsb.winners_curse([2, 3, 5, 8], noise=0.2, seed=1, draws=50_000)
    # the naive winner loses noise*(n-1)/(n+1) on average
    for n, loss in zip(c.ns, c.naive, strict=True):
        assert loss == pytest.approx(-0.2 * (n - 1) / (n + 1), abs=0.004)
    assert list(c.naive) == sorted(c.naive, reverse=True)
    assert np.all(abs(c.corrected) < 0.004)
    with pytest.raises(ValueError, match="at least 2"):
        fpsb.equilibrium_shade(1)


# --- pick value ---------------------------------------------------------------------------------


def test_card_values_come_from_nidlib_scoring() -> None:
    ids, values = picks.card_values(1, 3, "empty")
    assert len(ids) == len(age_deck(1, 3))
    v = dict(zip(ids, values, strict=True))
    checked = 0
    for cid, x in v.items():
        if cid.startswith(("1W", "1E")):
            assert x == int(cid[2:].rstrip("bcdefghij")), cid  # warrior/explorer: bravery points
            checked += 1
    assert checked == 15  # 8 warriors and 7 explorers in Age I at 3 players
    hunters = {x for cid, x in v.items() if cid.startswith("1H")}
    assert hunters == {1.0}  # the first hunter: 1 rank squared
    _, with_two = picks.card_values(1, 3, "hunter", k=2)
    h = {x for cid, x in zip(ids, with_two, strict=True) if cid.startswith("1H")}
    assert h == {5.0}  # 3^2 - 2^2 = 2N+1
    _, bs = picks.card_values(1, 3, "blacksmith", k=2)
    assert {x for cid, x in zip(ids, bs, strict=True) if cid.startswith("1B")} == {5.0}  # N+3 for N=2
    with pytest.raises(ValueError, match="unknown profile"):
        picks.card_values(1, 3, "dragon")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_pick_ranks_are_ordered_and_consistent(players: int) -> None:
    r = picks.rank_values(players, draws=4000, seed=2)
    assert r.cards == TAVERN_SIZE[players]
    means = [e.value for e in r.ranks]
    assert means == sorted(means, reverse=True)
    assert len(r.ranks) == players
    for k, g in enumerate(r.gaps):
        assert g.value == pytest.approx(means[k] - means[k + 1])
        assert g.value >= 0


def test_pick_rank_by_exact_order_statistics_for_explorers_only() -> None:
    """Check the sampler against exact order statistics: the k-th best of m cards drawn without
    replacement from a list has a closed form (sum over values of P(k-th best >= v))."""
    from itertools import combinations

    _, values = picks.card_values(1, 3, "empty")
    m = 3
    exact = np.zeros(m)
    combos = list(combinations(range(values.size), m))
    for c in combos:
        exact += np.sort(values[list(c)])[::-1]
    exact /= len(combos)
    r = picks.rank_values(3, draws=60_000, seed=9)
    for k in range(3):
        assert r.ranks[k].value == pytest.approx(exact[k], abs=4 * r.ranks[k].half_width / 1.96 + 0.01)


# --- Blotto -------------------------------------------------------------------------------------


def test_lp_solves_matching_pennies_and_rock_paper_scissors() -> None:
    v, x = blotto.solve(np.array([[1, -1], [-1, 1]]))
    assert v == pytest.approx(0, abs=1e-9)
    assert x == pytest.approx([0.5, 0.5])
    v, x = blotto.solve(np.array([[0, -1, 1], [1, 0, -1], [-1, 1, 0]]))
    assert v == pytest.approx(0, abs=1e-9)
    assert x == pytest.approx([1 / 3] * 3)
    # a 2x2 game without a saddle point: value (ad - bc) / (a + d - b - c) = (3*1 - 0*(-1))/(3+1-0+1) = 0.6
    v, x = blotto.solve(np.array([[3, 0], [-1, 1]]))
    assert v == pytest.approx(0.6)
    assert x == pytest.approx([0.4, 0.6])


def test_one_tavern_hand_computed() -> None:
    # one tavern, coins {2, 5}: A places 5 and wins it for sure (+1/2), with or without the gem
    g = blotto.blotto(d=(1,), coins=(2, 5))
    assert g.value == pytest.approx(0.5)
    # coins {0, 2}, one tavern, w = 1. A's payoffs: 0 vs 0 = +1/2 (tie, A's gem), 0 vs 2 = -1/2 + 2,
    # 2 vs 0 = +1/2 - 2, 2 vs 2 = +1/2. Saddle point: both trade, value +1/2.
    g = blotto.blotto(d=(1,), coins=(0, 2), w=1.0)
    assert g.value == pytest.approx(0.5)
    assert g.p_zero() == pytest.approx(1.0)
    assert g.p_zero("b") == pytest.approx(1.0)
    # with w = 0 the trade is worth nothing: A places 2 (never worse), value +1/2
    assert blotto.blotto(d=(1,), coins=(0, 2), w=0.0).p_zero() == pytest.approx(0.0)


def test_two_taverns_with_a_gem_swap_hand_computed() -> None:
    # coins {1, 2} on two taverns: identical plans tie twice (A wins one, swaps, B wins the other);
    # different plans split the taverns. Every entry is 0, so the value is 0.
    g = blotto.blotto(d=(1, 1), coins=(1, 2))
    assert g.value == pytest.approx(0.0, abs=1e-9)


def test_blotto_reproduces_the_exchange_rate_of_the_0_coin() -> None:
    values = {w: blotto.blotto(w=w) for w in (0.0, 0.1, 0.25, 0.5)}
    assert values[0.0].value == pytest.approx(1 / 3, abs=1e-6)
    assert values[0.0].p_zero() == pytest.approx(0.0, abs=1e-6)
    assert {p for p, _ in values[0.0].support()} == {p for p in blotto.strategies() if sorted(p) == [3, 4, 5]}
    assert 0.0 < values[0.1].p_zero() < 1.0
    assert values[0.25].p_zero() == pytest.approx(1.0)
    assert values[0.5].p_zero() == pytest.approx(1.0)
    assert {tuple(sorted(p)) for p, _ in values[0.5].support()} == {(0, 2, 3)}
    # the game is zero-sum: B's mix guarantees it -value
    g = values[0.1]
    m = np.array([[blotto.payoff(x, y, w=0.1) for y in g.plans] for x in g.plans])
    assert float((m @ g.b).max()) == pytest.approx(g.value, abs=1e-6)
    assert float((g.a @ m).min()) == pytest.approx(g.value, abs=1e-6)


def test_of_the_equilibria_the_one_using_the_0_least_is_shown() -> None:
    # among A's optimal mixes the shown one plays the 0 least: rising with w, as in AUCTIONS.md §4.4
    ws = [0.0, 0.05, 0.1, 0.15, 0.2, 0.25]
    p = [blotto.blotto(w=w).p_zero() for w in ws]
    assert p == sorted(p)
    assert p[2] == pytest.approx(0.6, abs=1e-6)
    # and it is still optimal: it guarantees the value against every plan of B
    g = blotto.blotto(w=0.05)
    m = np.array([[blotto.payoff(x, y, w=0.05) for y in g.plans] for x in g.plans])
    assert float((g.a @ m).min()) == pytest.approx(g.value, abs=1e-6)


def test_without_the_gem_a_player_is_worse_off() -> None:
    assert blotto.blotto(a_gem=False).value < blotto.blotto(a_gem=True).value


# --- whole games --------------------------------------------------------------------------------


def test_a_game_is_nidlibs_game_and_reproducible() -> None:
    a = games.play(3, ["trade", "keep", "random"], seed=4)
    b = games.play(3, ["trade", "keep", "random"], seed=4)
    assert a == b
    assert sum(a.parts[0].values()) == a.totals[0]
    assert a.trades[1] == 0  # 'keep' never places the trading coin on a tavern
    assert a.trades[0] > 0
    assert set(a.winners) <= {0, 1, 2}
    assert max(a.totals) == a.totals[a.winners[0]]
    with pytest.raises(ValueError, match="unknown policy"):
        games.play(2, ["hoard"], seed=1)


def test_games_run_in_chunks_and_rotate_the_seats() -> None:
    chunks = list(games.run(8, 2, ["trade", "keep"], seed=1, chunk=3))
    assert [len(c) for c in chunks] == [3, 3, 2]
    flat = [g for c in chunks for g in c]
    assert [g.policies for g in flat[:2]] == [("trade", "keep"), ("keep", "trade")]


def test_trading_builds_more_coin_points_than_keeping() -> None:
    res = [g for c in games.run(30, 2, ["trade", "keep"], seed=2) for g in c]
    trade = [g.parts[g.policies.index("trade")]["coins"] for g in res]
    keep = [g.parts[g.policies.index("keep")]["coins"] for g in res]
    assert stats.mean_ci(trade).low > stats.mean_ci(keep).high


# --- tie-break ------------------------------------------------------------------------------------


def test_swap_pairs_follow_r_gem_2() -> None:
    gem = [1, 2, 3, 4, 5]
    assert tiebreak.swap_pairs([0, 1, 2], gem) == [(2, 0)]
    assert tiebreak.swap_pairs([0, 1, 2, 3], gem) == [(3, 0), (2, 1)]
    assert tiebreak.swap_pairs([0, 1, 2, 3, 4], gem) == [(4, 0), (3, 1)]


def test_tie_rates_match_the_prototype_and_rules_do_not_change_them() -> None:
    for n, rate in ((2, 0.20), (3, 0.52), (4, 0.81), (5, 0.96)):
        r = tiebreak.tie_lab("swap", n, games=600, seed=1).tie_rate
        assert r.low - 0.02 <= rate <= r.high + 0.02


def test_fixed_priority_favours_the_top_gem_and_the_swap_levels_it() -> None:
    fixed = tiebreak.tie_lab("fixed", 3, games=600, seed=1).shares()
    swap = tiebreak.tie_lab("swap", 3, games=600, seed=1).shares()
    assert fixed[0].value == 0.0  # the lowest gem never wins a tie
    assert fixed[2].value > 0.6
    assert all(0.25 < s.value < 0.42 for s in swap)
    rand = tiebreak.tie_lab("random", 4, games=600, seed=1).shares()
    assert all(s.low < 0.25 < s.high for s in rand)
    with pytest.raises(ValueError, match="unknown tie rule"):
        tiebreak.tie_lab("coin-flip", 3)


# --- Zavandor -----------------------------------------------------------------------------------


def test_zavandor_stats_accumulate_chunks_and_are_illustrative() -> None:
    s = zav.ZavStats(("threshold", "value"))
    for r in zav.run(6, s.strategies, seed=1, chunk=4):
        s.add(r)
    assert s.games == 6
    assert s.illustrative
    assert len(s.lengths) == 6
    total_wins = sum(s.wins.values())
    assert total_wins == pytest.approx(6)
    won = [b for c in s.bids.values() for b, k in c.items() for _ in range(k)]
    assert won
    assert min(won) >= 1  # a lot is won with at least one card
    assert s.value_per_gem().keys() <= {"threshold", "value"}
    assert s.king_share("threshold") + s.king_share("value") == pytest.approx(1.0)
