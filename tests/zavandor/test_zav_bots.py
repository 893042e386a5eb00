"""Bots always play legal moves; games and simulations are deterministic from their seeds."""

from __future__ import annotations

import pytest

from zavandor import Auction, BankTrade, Confidence, Gem, Params, Phase, check, new_game
from zavandor.bots import STRATEGIES, make_bot, observe, path_length
from zavandor.sim import _bot_rng, play_game, simulate


@pytest.mark.parametrize("strategy", sorted(STRATEGIES))
def test_bots_always_play_legal_moves(strategy: str) -> None:
    """Every trade, bid, King move and upgrade a bot proposes passes check() (30 seeded games each)."""
    bots = [make_bot(strategy), make_bot("value"), make_bot("threshold")]
    from zavandor import EndRound, Income, MoveKing, Upgrade, apply

    for g in range(30):
        s = new_game(["a", "b", "c"], seed=g, start=g % 3)
        while s.phase is not Phase.OVER:
            s, _ = apply(s, Income())
            for seat in s.seat_order():
                for give, take in bots[seat].trades(observe(s, seat), _bot_rng(g, s.round, seat)):
                    a = BankTrade(seat, give, take)
                    assert check(s, a) is None, (strategy, g, str(a))
                    s, _ = apply(s, a)
            bids = tuple(bots[k].bid(observe(s, k), _bot_rng(g, s.round, k, "bid")) for k in range(3))
            assert check(s, Auction(bids)) is None, (strategy, g, [str(b) for b in bids])
            s, _ = apply(s, Auction(bids))
            if s.phase is Phase.KING:
                assert s.king_mover is not None
                to = bots[s.king_mover].king(
                    observe(s, s.king_mover), s.params.king_path[s.king].exits, _bot_rng(g)
                )
                s, _ = apply(s, MoveKing(s.king_mover, to))
            for seat in s.seat_order():
                if check(s, Upgrade(seat)) is None:
                    s, _ = apply(s, Upgrade(seat))
            s, _ = apply(s, EndRound())
        assert s.round <= 9


def test_unknown_strategy_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown strategy 'bluff'"):
        make_bot("bluff")


def test_play_game_is_deterministic() -> None:
    a, sa = play_game(["random", "shading", "king", "threshold"], seed=42)
    b, sb = play_game(["random", "shading", "king", "threshold"], seed=42)
    c, _ = play_game(["random", "shading", "king", "threshold"], seed=43)
    assert a == b
    assert sa == sb
    assert a != c
    assert a.phase is Phase.OVER


def test_simulate_is_deterministic_and_reports_illustrative() -> None:
    r1 = simulate(20, ["value", "threshold", "shading"], seed=7)
    r2 = simulate(20, ["value", "threshold", "shading"], seed=7)
    assert r1 == r2
    assert r1.games == len(r1.records) == 20
    assert r1.confidence is Confidence.ILLUSTRATIVE
    assert r1.illustrative
    assert all(g.finished for g in r1.records)
    assert sum(r1.wins().values()) == pytest.approx(1.0)
    assert sum(r1.lengths().values()) == 20
    assert set(r1.value_per_gem(2)) <= {"value", "threshold", "shading"}


def test_simulate_records_the_kings_path() -> None:
    r = simulate(10, ["king", "value"], seed=1)
    p = Params()
    for g in r.records:
        assert g.king_trail[0] == 0
        assert not p.king_path[g.king_trail[-1]].exits
        assert len(g.king_movers) == g.rounds == len(g.king_trail) - 1
        for a, b in zip(g.king_trail, g.king_trail[1:], strict=False):
            assert b in p.king_path[a].exits


def test_threshold_hunter_bids_bunch_at_the_steps() -> None:
    r = simulate(30, ["threshold", "threshold"], seed=2)
    p = Params()
    steps = {p.card_threshold, *p.bonus_thresholds}
    assert r.lots
    assert all(x.bid in steps for x in r.lots)
    assert r.winning_bids(Gem.SAPPHIRE)[3] > 0


def test_path_length_of_the_default_path() -> None:
    assert path_length(Params(), 0) == (6, 8)
