"""The Royal Treasure and coin bookkeeping (RULES.md §7.3-7.4: R-TREAS-1..4, R-COIN-1..5, EC-14..16)."""

from __future__ import annotations

import random

from enginekit import NAMES3, Scenario, assert_conserved, by_rule, coins_of, play, play_until

import nidlib
from nidlib import State
from nidlib.core.coins import treasury_pick

ROW = [["W3", "W4", "W5"], ["H", "H", "H"], ["M0", "M1", "M2"]]


def first(_s: State, acts: list[nidlib.Action]) -> nidlib.Action:
    return acts[0]


def ana_trades(ana: dict[str, list[int | str]], bo: list[int | str], cy: list[int | str]) -> State:
    """Ana (gem 5) bids the 0 on the Goblin; Bo and Cy own the coins given (3 on taverns, 2 in the pouch)."""
    return (
        Scenario(3, NAMES3, seed=1)
        .gems({0: 5, 1: 4, 2: 3})
        .bids(0, taverns=ana["taverns"], pouch=ana["pouch"])
        .bids(1, taverns=bo[:3], pouch=bo[3:])
        .bids(2, taverns=cy[:3], pouch=cy[3:])
        .taverns(ROW)
        .at_tavern(0)
        .build()
    )


def test_r_treas_1_exact_coin_first() -> None:
    s = ana_trades({"taverns": [0, 4, 2], "pouch": [3, "5b"]}, [2, 3, 0, 4, "5b"], [2, 3, 0, 4, "5b"])
    s, ev = play_until(s, lambda x: x.tavern != 0, choose=first)
    assert "8" in coins_of(s, 0)
    assert not by_rule(ev, "R-TREAS-1")


def test_r_treas_1_and_ec_14_no_eight_left_takes_the_nine() -> None:
    # both gold 8s are owned by Bo and Cy: Ana's 3 + 5 = 8 falls back to the 9
    s = ana_trades({"taverns": [0, 4, 2], "pouch": [3, "5b"]}, [2, 3, 0, 4, 8], [2, 3, 0, 4, 8])
    assert s.treasury[8] == 0
    s, ev = play_until(s, lambda x: x.tavern != 0, choose=first)
    (fb,) = by_rule(ev, "R-TREAS-1")
    assert fb.text() == (
        "No 8 is left in the Royal Treasure, so Ana takes the 9 (the next higher coin). [R-TREAS-1]"
    )
    assert "9" in coins_of(s, 0)


def test_r_treas_2_and_ec_16_forced_downgrade_twenty_five_plus_six() -> None:
    s = ana_trades({"taverns": [0, 4, 2], "pouch": [25, 6]}, [2, 3, 0, 4, "5b"], [2, 3, 0, 4, "5b"])
    s, ev = play_until(s, lambda x: x.tavern != 0, choose=first)
    (fb,) = by_rule(ev, "R-TREAS-1")
    assert fb.key == "treasury.fallback-down"
    assert fb.text() == (
        "No coin of 31 or more is left in the Royal Treasure, so Ana takes the 24, the nearest lower "
        "coin (never a coin worth 25, the value being discarded). [R-TREAS-1]"
    )
    assert "24" in coins_of(s, 0)
    assert "25" not in coins_of(s, 0)
    assert "6" in coins_of(s, 0)
    assert s.treasury[25] == 1
    assert s.treasury[24] == 0
    assert_conserved(s)


def test_r_treas_4_and_ec_15_no_coin_of_the_discarded_value_even_a_duplicate() -> None:
    # 5 players: every coin 14..25 is owned, one gold 13 is in the Treasury, Ana transforms her 13 by +5.
    names = ("Ana", "Bo", "Cy", "Di", "Ed")
    s = (
        Scenario(5, names, seed=3, age=2)
        .gems({0: 5, 1: 4, 2: 3, 3: 2, 4: 1})
        .bids(0, taverns=[15, 0, 14], pouch=[13, 14])
        .bids(1, taverns=[0, 16, 17], pouch=[18, 19])
        .bids(2, taverns=[0, 20, 21], pouch=[22, 23])
        .bids(3, taverns=[0, 24, 25], pouch=[2, 3])
        .bids(4, taverns=[2, 3, 4], pouch=[0, "5b"])
        .taverns([["RO5", "W3", "W4", "W5", "W6"], ["H", "H", "H", "H", "H"], ["M0", "M1", "M2", "M0", "M1"]])
        .at_tavern(0)
        .build()
    )
    assert s.treasury[13] == 1
    assert all(s.treasury[v] == 0 for v in range(14, 26))
    s, _ = play(s, "p0:pick:2RO5")
    loc = "p0" if str(s.players[0].slots[3]) == "13" else "p1"
    s, ev = play(s, f"p0:transform:{loc}")
    (fb,) = by_rule(ev, "R-TREAS-1")
    assert fb.key == "treasury.fallback-down"
    assert fb.params["value"] == 12
    assert "12" in coins_of(s, 0)
    assert "13" not in coins_of(s, 0)
    assert s.treasury[13] == 2  # the 13 is back, the other 13 was never offered
    assert_conserved(s)


def test_r_treas_4_new_coin_taken_before_the_old_one_returns() -> None:
    assert treasury_pick(31, 25, {24: 1, 25: 0}) == 24
    assert treasury_pick(18, 13, {13: 1, 12: 2}) == 12  # every copy of the discarded value is excluded
    assert treasury_pick(8, 5, {8: 0, 9: 1, 10: 2}) == 9
    assert treasury_pick(8, 5, {8: 2, 9: 1}) == 8


def test_r_treas_3_no_legal_coin_the_player_keeps_the_coin() -> None:
    assert treasury_pick(18, 13, {13: 2}) is None
    assert treasury_pick(18, 13, {}) is None
    # The engine guard (unreachable with a legal Treasury, which never drops below 13 coins): a position
    # whose Treasury was emptied by hand on a private copy; the exchange does not happen.
    s = ana_trades({"taverns": [0, 4, 2], "pouch": [3, "5b"]}, [2, 3, 0, 4, "5b"], [2, 3, 0, 4, "5b"])
    s = s.copy()
    s.treasury = dict.fromkeys(s.treasury, 0)
    s, ev = play_until(s, lambda x: x.tavern != 0, choose=first)
    (none,) = by_rule(ev, "R-TREAS-3")
    assert none.text() == "The Royal Treasure has no coin Ana could take, so Ana keeps the 5. [R-TREAS-3]"
    assert sorted(str(c) for c in s.players[0].slots[3:]) == ["3", "5b"]


def test_r_coin_1_basic_leaves_the_game_gold_returns_to_the_treasury() -> None:
    s = ana_trades({"taverns": [0, 4, 2], "pouch": [3, "5b"]}, [2, 3, 0, 4, "5b"], [2, 3, 0, 4, "5b"])
    s, ev = play_until(s, lambda x: x.tavern != 0, choose=first)
    (basic,) = [e for e in ev if e.key == "coin.basic-leaves"]
    assert basic.rule == "R-COIN-1"
    assert basic.text() == "Ana's basic 5 leaves the game. [R-COIN-1]"
    assert s.out_of_game == ["5b"]
    g = ana_trades({"taverns": [0, 4, 2], "pouch": [3, 9]}, [2, 3, 0, 4, "5b"], [2, 3, 0, 4, "5b"])
    assert g.treasury[9] == 0
    g, ev = play_until(g, lambda x: x.tavern != 0, choose=first)
    (gold,) = [e for e in ev if e.key == "coin.gold-returns"]
    assert gold.text() == "Ana's gold 9 goes back to the Royal Treasure. [R-COIN-1]"
    assert g.treasury[9] == 1
    assert g.out_of_game == ["5b"]


def test_r_coin_2_green_three_never_traded_nor_transformed() -> None:
    s = (
        Scenario(3, NAMES3, seed=1)
        .gems({0: 5, 1: 4, 2: 3})
        .bids(0, taverns=["3s", 4, 2], pouch=[3, "5b"])
        .bids(1, taverns=[2, 3, 0], pouch=[4, "5b"])
        .bids(2, taverns=[2, 3, 0], pouch=[4, "5b"])
        .taverns(ROW)
        .at_tavern(0)
        .build()
    )
    s, ev = play_until(s, lambda x: x.tavern != 0, choose=first)
    assert "3s" in coins_of(s, 0)
    assert str(s.players[0].slots[0]) == "3s"
    (start,) = [e for e in ev if e.key == "trade.start"]
    assert (start.params["a"], start.params["b"]) == (3, 5)


def test_r_coin_3_always_five_coins() -> None:
    s = nidlib.new_game(4, seed=8)
    s, _ = play_until(s, lambda x: x.age == 2 and x.round == 2, seed=4)
    assert all(len(p.coins()) == 5 for p in s.players)
    assert_conserved(s)


def test_r_coin_4_unrevealed_bids_and_pouch_hidden_from_others() -> None:
    s = ana_trades({"taverns": [0, 4, 2], "pouch": [3, "5b"]}, [2, 3, 0, 4, "5b"], [2, 3, 0, 4, "5b"])
    v = nidlib.view_for(s, 1)
    ana = v.players[0]
    assert str(ana.slots[0]) == "0"
    assert ana.slots[1:] == [None] * 4
    assert sorted(str(c) for c in ana.hidden) == ["2", "3", "4", "5b"]
    own = v.players[1]
    assert all(c is not None for c in own.slots)
    assert own.hidden == []


def test_r_coin_5_trades_and_transformations_are_public() -> None:
    s = ana_trades({"taverns": [0, 4, 2], "pouch": [3, "5b"]}, [2, 3, 0, 4, "5b"], [2, 3, 0, 4, "5b"])
    s, ev = play_until(s, lambda x: x.tavern != 0, choose=first)
    coin_events = [e for e in ev if e.rule in ("R-TRADE-2", "R-COIN-1", "R-TREAS-1", "R-XFORM-1")]
    assert coin_events
    assert all(e.visible_to is None for e in coin_events)
    start = next(e for e in coin_events if e.key == "trade.start")
    assert (start.params["a"], start.params["b"], start.params["high"]) == (3, 5, 5)


def _treasury_pick_by_the_rule(target: int, discarded: int, treasury: dict[int, int]) -> int | None:
    """R-TREAS-1 read literally: the target, else the smallest value above, else the largest below."""
    legal = [v for v, n in treasury.items() if n > 0 and v != discarded]
    if target in legal:
        return target
    higher = [v for v in legal if v > target]
    if higher:
        return min(higher)
    return max(legal, default=None)


def test_r_treas_1_treasury_pick_agrees_with_the_rule_on_random_treasuries() -> None:
    # R-TREAS-1 steps 1-4 on any Treasury (any values, any order, empty or not)
    rng = random.Random(1)
    for _ in range(3000):
        values = rng.sample(range(40), rng.randint(0, 12))
        treasury = {v: rng.choice((0, 0, 1, 2, 3)) for v in values}
        target = rng.randint(0, 45)
        discarded = rng.choice([*values, target, rng.randint(0, 45)])
        got = treasury_pick(target, discarded, treasury)
        assert got == _treasury_pick_by_the_rule(target, discarded, treasury), (target, discarded, treasury)
