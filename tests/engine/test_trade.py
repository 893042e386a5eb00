"""Coin trade (RULES.md §7.1: R-TRADE-1..6) and its edge cases (EC-09, EC-17..23)."""

from __future__ import annotations

from enginekit import NAMES3, Scenario, assert_conserved, assert_illegal, by_rule, coins_of, play, play_until

import nidlib
from nidlib import State, UlineBid
from nidlib.core.serialize import state_to_dict
from nidlib.rules.load import state_from_dict

FULL_ROW = [["W3", "W4", "W5"], ["H", "H", "H"], ["M0", "M1", "M2"]]


def first(_s: State, acts: list[nidlib.Action]) -> nidlib.Action:
    return acts[0]


def trade_3p(ana_pouch: list[int | str], *, ana_taverns: list[int | str] | None = None) -> State:
    """Ana bids the 0 on the Goblin and picks first (the others bid the 0 there too, lower gems)."""
    taverns = ana_taverns or [0, 3, 2]
    return (
        Scenario(3, NAMES3, seed=1)
        .gems({0: 5, 1: 4, 2: 3})
        .bids(0, taverns=taverns, pouch=ana_pouch)
        .bids(1, taverns=[2, 3, 0], pouch=[4, "5b"])
        .bids(2, taverns=[2, 3, 0], pouch=[4, "5b"])
        .taverns(FULL_ROW)
        .at_tavern(0)
        .build()
    )


def test_r_trade_1_trading_coin_triggers_a_mandatory_trade_at_the_end_of_the_pick_turn() -> None:
    s = trade_3p([4, "5b"])
    assert s.order[-1] == 0
    s, _ = play(s, "p1:pick:1W3", "p2:pick:1W4")
    s, ev = play(s, "p0:pick:1W5")
    (start,) = [e for e in ev if e.key == "trade.start"]
    assert start.rule == "R-TRADE-2"
    assert start.text() == (
        "Ana bid the 0 on the Laughing Goblin: trade 4 + 5 = 9. The higher coin (5) "
        "is discarded; the 4 stays. [R-TRADE-2]"
    )
    # other players with no trading coin on this tavern do not trade
    assert all(e.player == 0 for e in by_rule(ev, "R-TRADE-2"))


def test_r_trade_2_higher_pouch_coin_is_discarded() -> None:
    s = trade_3p([4, "5b"])
    s, ev = play(s, "p1:pick:1W3", "p2:pick:1W4", "p0:pick:1W5")
    assert sorted(str(c) for c in s.players[0].slots[3:]) == ["4", "9"]
    assert "5b" in s.out_of_game
    assert s.treasury[9] == 0  # 3 players: one 9 only
    done = [e for e in ev if e.key == "trade.done"]
    assert done
    assert done[0].text() == "Ana takes the 9 from the Royal Treasure. [R-TRADE-2]"
    assert not s.players[0].revealed[3]
    assert not s.players[0].revealed[4]
    assert_conserved(s)


def test_r_trade_3_trading_coin_stays_on_the_tavern_with_its_value() -> None:
    s = trade_3p([4, "5b"])
    s, _ = play(s, "p1:pick:1W3", "p2:pick:1W4", "p0:pick:1W5")
    assert str(s.players[0].slots[0]) == "0"
    assert s.players[0].revealed[0]
    assert "0" in coins_of(s, 0)


def test_r_trade_4_and_ec_17_equal_pouch_coins_owner_chooses() -> None:
    s = trade_3p(["5b", "g5"])
    s, ev = play(s, "p1:pick:1W3", "p2:pick:1W4", "p0:pick:1W5")
    d = nidlib.decision(s)
    assert d.kind == "trade_discard"
    assert d.players == (0,)
    acts = nidlib.legal_actions(s)
    assert sorted(map(str, acts)) == ["p0:tradediscard:p0", "p0:tradediscard:p1"]
    assert_illegal(s, "p0:tradediscard:t0", "R-TRADE-4")
    locs = {str(s.players[0].slots[3]): "p0", str(s.players[0].slots[4]): "p1"}
    # discard the basic 5: it leaves the game, the gold 5 stays
    a, ev = play(s, f"p0:tradediscard:{locs['5b']}")
    assert coins_of(a, 0) == sorted(["0", "2", "3", "5", "10"])
    assert "5b" in a.out_of_game
    assert a.treasury[5] == 1
    # discard the gold 5: it returns to the Treasury, the basic 5 stays
    b, ev = play(s, f"p0:tradediscard:{locs['5']}")
    assert coins_of(b, 0) == sorted(["0", "2", "3", "5b", "10"])
    assert "5b" not in b.out_of_game
    assert b.treasury[5] == 2
    assert by_rule(ev, "R-COIN-1")


def test_r_trade_5_and_ec_20_uline_recruited_in_the_goblin_with_the_zero() -> None:
    s = (
        Scenario(3, NAMES3, seed=1)
        .gems({0: 5, 1: 4, 2: 3})
        .army(0, hunter=[0], miner=[0], blacksmith=[0], explorer=[5])
        .bids(0, taverns=[0, 3, 4], pouch=[2, "5b"])
        .bids(1, taverns=[2, 3, 0], pouch=[4, "5b"])
        .bids(2, taverns=[3, 2, 0], pouch=[4, "5b"])
        .taverns(FULL_ROW)
        .at_tavern(0)
        .build()
    )
    s, _ = play(s, "p2:pick:1W5", "p1:pick:1W4", "p0:pick:1W3")
    s, ev = play(s, "p0:hero:uline")
    (u,) = by_rule(ev, "R-HERO-ULINE-2")
    assert u.text() == "Uline: Ana takes 4 face-down coins back into hand. [R-HERO-ULINE-2]"
    p = s.players[0]
    assert str(p.slots[0]) == "0"
    assert p.slots[1:] == [None] * 4
    assert [str(c) for c in p.hand] == ["2", "3", "4", "5b"]
    assert nidlib.decision(s).kind == "uline_trade"
    assert len(nidlib.legal_actions(s)) == 6  # any two of the four
    assert_illegal(s, "p0:trade:h1,h1", "R-HERO-ULINE-5")
    s, ev = play(s, "p0:trade:h0,h3")  # 2 + 5 = 7
    assert [str(c) for c in s.players[0].hand] == ["2", "3", "4", "7"]
    assert "5b" in s.out_of_game
    # the new coin can be laid on the Dragon in the same round
    assert nidlib.decision(s).kind == "uline_bid"
    assert UlineBid(0, nidlib.Coin.parse("7")) in nidlib.legal_actions(s)
    assert_conserved(s)


def _uline_at_the_goblin() -> State:
    """Ana owns Uline and holds her five coins; Bo and Cy have bid; the Goblin is being resolved."""
    return (
        Scenario(3, NAMES3, seed=1)
        .gems({0: 5, 1: 4, 2: 3})
        .command_zone(0, ["Uline"])
        .army(0, warrior=[6], hunter=[0], miner=[0], blacksmith=[0], explorer=[5])
        .hand(0, [0, 2, 3, 4, "5b"])
        .bids(1, taverns=[2, 3, 0], pouch=[4, "5b"])
        .bids(2, taverns=[3, 2, 0], pouch=[4, "5b"])
        .taverns(FULL_ROW)
        .at_tavern(0)
        .build()
    )


def _uline_zero_on_the_horse(s: State, acts: list[nidlib.Action]) -> nidlib.Action:
    if isinstance(acts[0], UlineBid):
        zero = [a for a in acts if isinstance(a, UlineBid) and a.coin.is_trading]
        if s.tavern == 2 and zero:
            return zero[0]
        return next(a for a in acts if isinstance(a, UlineBid) and not a.coin.is_trading)
    return acts[0]


def test_ec_21_uline_trade_at_the_shining_horse_is_automatic() -> None:
    s = _uline_at_the_goblin()
    seen: list[str] = []

    def stop(x: State) -> bool:
        d = nidlib.decision(x)
        if d is not None:
            seen.append(d.kind)
        return x.tavern == -1

    s, ev = play_until(s, stop, choose=_uline_zero_on_the_horse)
    assert "uline_trade" not in seen
    trades = [e for e in ev if e.key == "trade.start" and e.player == 0]
    assert len(trades) == 1
    assert trades[0].params["tavern"] == "@tavern.2"
    assert by_rule(ev, "R-TRADE-2")


def test_ec_22_grid_transformation_before_the_trade() -> None:
    s = (
        Scenario(3, NAMES3, seed=1)
        .gems({0: 5, 1: 4, 2: 3})
        .army(0, hunter=[0], miner=[0], blacksmith=[0], explorer=[5])
        .bids(0, taverns=[0, 2, "5b"], pouch=[3, 4])
        .bids(1, taverns=[2, 3, 0], pouch=[4, "5b"])
        .bids(2, taverns=[3, 2, 0], pouch=[4, "5b"])
        .taverns(FULL_ROW)
        .at_tavern(0)
        .build()
    )
    s, _ = play(s, "p2:pick:1W5", "p1:pick:1W4", "p0:pick:1W3", "p0:hero:grid")
    assert nidlib.decision(s).params == {"amount": 7, "source": "grid"}
    s, ev = play(s, "p0:transform:p1")  # 4 -> 11
    keys = [e.key for e in ev]
    assert keys.index("xform.done") < keys.index("trade.start")
    (start,) = [e for e in ev if e.key == "trade.start"]
    assert (start.params["a"], start.params["b"], start.params["total"]) == (3, 11, 14)
    assert sorted(str(c) for c in s.players[0].slots[3:]) == ["14", "3"]


def test_ec_09_royal_offering_then_trade_uses_the_new_pouch() -> None:
    s = (
        Scenario(3, NAMES3, seed=1)
        .gems({0: 5, 1: 4, 2: 3})
        .bids(0, taverns=[0, 2, 4], pouch=[3, "5b"])
        .bids(1, taverns=[2, 3, 0], pouch=[4, "5b"])
        .bids(2, taverns=[3, 2, 0], pouch=[4, "5b"])
        .taverns([["W3", "W4", "RO3"], ["H", "H", "H"], ["M0", "M1", "M2"]])
        .at_tavern(0)
        .build()
    )
    s, _ = play(s, "p2:pick:1W3", "p1:pick:1W4", "p0:pick:1RO3")
    assert nidlib.decision(s).kind == "transform"
    loc = "p0" if str(s.players[0].slots[3]) == "5b" else "p1"
    s, ev = play(s, f"p0:transform:{loc}")  # basic 5 -> 8, then 3 + 8 = 11
    assert "5b" in s.out_of_game
    (start,) = [e for e in ev if e.key == "trade.start"]
    assert start.params["total"] == 11
    assert start.params["high"] == 8
    assert sorted(str(c) for c in s.players[0].slots[3:]) == ["11", "3"]
    assert s.treasury[8] == 2  # the 8 went back
    assert "1RO3" in s.discard


def test_ec_18_returned_coin_available_to_a_later_trade_in_the_same_round() -> None:
    s = (
        Scenario(3, NAMES3, seed=1)
        .gems({0: 5, 1: 4, 2: 3})
        .bids(0, taverns=[0, 3, 4], pouch=[2, 9])
        .bids(1, taverns=[2, 0, 3], pouch=[4, "5b"])
        .bids(2, taverns=[3, 2, 4], pouch=[0, "5b"])
        .taverns(FULL_ROW)
        .at_tavern(0)
        .build()
    )
    assert s.treasury[9] == 0
    s, ev = play_until(s, lambda x: x.tavern == 2, choose=first)
    assert s.treasury[9] == 0
    assert "9" in coins_of(s, 1)
    assert "11" in coins_of(s, 0)
    fallback = [e for e in ev if e.rule == "R-TREAS-1"]
    assert not fallback  # Bo got exactly the 9 Ana had returned


def test_ec_19_green_three_ties_with_a_basic_three_and_still_trades() -> None:
    s = (
        Scenario(3, NAMES3, seed=1)
        .gems({0: 4, 1: 5, 2: 3})
        .bids(0, taverns=["3s", 2, 4], pouch=[3, "5b"])
        .bids(1, taverns=[3, 2, 0], pouch=[4, "5b"])
        .bids(2, taverns=[2, 3, 4], pouch=[0, "5b"])
        .taverns(FULL_ROW)
        .at_tavern(0)
        .build()
    )
    assert "hunting-master" in s.players[0].command_zone
    assert s.ties == [[1, 0]]
    assert s.order == [1, 0, 2]
    s, ev = play(s, "p1:pick:1W3", "p0:pick:1W4")
    (start,) = [e for e in ev if e.key == "trade.start"]
    assert "Ana bid the green 3 on the Laughing Goblin" in start.text()
    assert start.params["total"] == 8
    assert str(s.players[0].slots[0]) == "3s"
    s, ev = play(s, "p2:pick:1W5")
    assert [p.gem for p in s.players] == [5, 4, 3]


def _last_round(s: State) -> State:
    """The same position with the Age deck empty: this round is the last of the Age.

    The taverns before the one being resolved are empty, as after their picks (R-PICK-3).
    """
    d = state_to_dict(s)
    age = str(d["age"])
    d["discard"] = d["discard"] + d["decks"][age]
    d["decks"][age] = []
    for t in range(max(d["tavern"], 0)):
        d["discard"] += d["taverns"][t]
        d["taverns"][t] = []
    return state_from_dict(d)


def test_r_trade_6_and_ec_23_end_of_age_placements_never_trade() -> None:
    # Ana owns Ylud and bids the 0 on the Shining Horse of the last Age I round.
    s = (
        Scenario(3, NAMES3, seed=1)
        .gems({0: 5, 1: 4, 2: 3})
        .army(0, warrior=[3, 4], hunter=[0, 0], miner=[0, 1], blacksmith=[0, 0, 0], explorer=[5])
        .command_zone(0, ["Ylud"])
        .bids(0, taverns=[2, 3, 0], pouch=[4, "5b"])
        .bids(1, taverns=[2, 3, 4], pouch=[0, "5b"])
        .bids(2, taverns=[3, 2, 4], pouch=[0, "5b"])
        .taverns([["W5", "W6", "W7"], ["H", "H", "H"], ["M0", "M1", "M2"]])
        .at_tavern(2)
        .build()
    )
    s = _last_round(s)
    s, ev = play_until(s, lambda x: nidlib.decision(x).kind == "ylud", choose=first)
    k_end = [k for k, e in enumerate(ev) if e.key == "age.end"]
    assert k_end
    s, ev = play(s, "p0:ylud:explorer")  # completes Ana's first line: a hero, but no trade
    assert nidlib.decision(s).kind == "hero"
    s, ev2 = play_until(s, lambda x: x.age == 2, choose=first)
    assert not [e for e in ev + ev2 if e.rule == "R-TRADE-2"]


def test_r_trade_5_uline_two_coins_in_hand_are_used() -> None:
    s = _uline_at_the_goblin()
    s, _ = play(s, "p0:uline:0")
    s, _ = play_until(s, lambda x: nidlib.decision(x).kind == "uline_trade", choose=first)
    assert len(s.players[0].hand) == 4
    s, _ = play(s, "p0:trade:h2,h3")  # 4 + 5 = 9, the basic 5 leaves, the 9 goes to hand
    assert [str(c) for c in s.players[0].hand] == ["2", "3", "4", "9"]
    assert s.players[0].slots[3:] == [None, None]
