"""Engine regressions found in review (the main suite is tests/engine/)."""

from __future__ import annotations

import nidlib
from nidlib.content.scenario import Scenario
from nidlib.core.coins import Coin, CoinKind


def _play(s: nidlib.State, *texts: str) -> nidlib.State:
    for t in texts:
        s, _ = nidlib.apply(s, nidlib.parse(t))
    return s


def _pick_first(s: nidlib.State) -> nidlib.State:
    return nidlib.apply(s, nidlib.legal_actions(s)[0])[0]


def test_r_trade_4_uline_owner_chooses_between_equal_coins_at_the_shining_horse() -> None:
    """Uline's owner with a basic 5 and a gold 5 left at the Shining Horse chooses which one goes (EC-17)."""
    s = (
        Scenario(3, seed=3)
        .command_zone(0, ["Uline"])
        .hand(0, [0, 2, 4, "5b", "g5"])
        .taverns([["W4", "H", "M1"], ["B", "E6", "W5"], ["M0", "E7", "W6"]])
        .at_bids()
        .build()
    )
    s = _play(s, "p1:bid:2,3,4/0,5b", "p2:bid:4,3,2/0,5b", "p0:uline:2")
    while nidlib.decision(s).kind != "uline_bid":
        s = _pick_first(s)
    s = _play(s, "p0:uline:4")
    while nidlib.decision(s).kind != "uline_bid":
        s = _pick_first(s)
    s = _play(s, "p0:uline:0")
    while nidlib.decision(s).kind != "trade_discard":
        d = nidlib.decision(s)
        assert d.kind in ("pick", "hero", "thrud", "transform", "discard"), d
        s = _pick_first(s)
    assert nidlib.decision(s).players == (0,)
    assert [str(a) for a in nidlib.legal_actions(s)] == ["p0:tradediscard:h0", "p0:tradediscard:h1"]
    treasury_before = dict(s.treasury)
    s, events = nidlib.apply(s, nidlib.parse("p0:tradediscard:h1"))  # the gold 5 goes back
    assert s.treasury[5] == treasury_before[5] + 1
    assert Coin(5, CoinKind.BASIC) in s.players[0].hand
    assert any(e.rule == "R-TRADE-2" for e in events)


def test_ec_47_option_gives_everyone_the_warrior_bonus_when_nobody_has_warriors() -> None:
    def build(**opts: bool) -> nidlib.State:
        sc = Scenario(2, seed=1, **opts).army(0, hunter=[0]).army(1, miner=[1])
        return sc.hand(0, [0, 2, 3, 4, 9]).hand(1, [0, 2, 3, 4, "5b"]).at_bids().build()

    default = nidlib.final_scores(build())
    bga = nidlib.final_scores(build(warrior_bonus_without_warriors=True))
    assert [p.points("warrior_bonus") for p in default.players] == [0, 0]
    assert [p.points("warrior_bonus") for p in bga.players] == [9, 5]
