"""Bids (RULES.md §4.2: R-BID-1..5) and the end of a round (R-ROUND-1)."""

from __future__ import annotations

from enginekit import NAMES3, Scenario, assert_illegal, by_rule, coins_of, play, play_until

import nidlib
from nidlib import Bid, Coin


def test_r_bid_1_three_bids_and_two_pouch_coins_all_five_used() -> None:
    s = nidlib.new_game(3, NAMES3, seed=1)
    bids = nidlib.legal_actions(s, 0)
    assert all(isinstance(a, Bid) for a in bids)
    # 5 distinct coins: 5 * 4 * 3 ways to fill the taverns, the pouch is unordered
    assert len(bids) == 60 == len(set(bids))
    for a in bids:
        assert isinstance(a, Bid)
        assert sorted([*a.taverns, *a.pouch]) == s.players[0].hand
    s2, ev = play(s, "p0:bid:4,0,5b/2,3")
    p = s2.players[0]
    assert [str(c) for c in p.slots] == ["4", "0", "5b", "2", "3"]
    assert p.hand == []
    assert p.revealed == [False] * 5
    (e,) = ev
    assert e.rule == "R-BID-1"
    assert e.text() == "Ana has placed five coins face down. [R-BID-1]"


def test_r_bid_1_a_bid_must_use_exactly_the_coins_in_hand() -> None:
    s = nidlib.new_game(3, NAMES3, seed=1)
    v = assert_illegal(s, "p0:bid:4,0,5b/2,7", "R-BID-1")  # a 7 the player does not own
    assert "0, 2, 3, 4, 5b" in v.reason()
    assert_illegal(s, "p0:bid:4,0,4/2,3", "R-BID-1")  # one coin twice
    assert_illegal(s, "p0:bid:4,0,5/2,3", "R-BID-1")  # a gold 5 instead of the basic 5


def test_r_bid_2_any_coin_on_any_tavern_including_the_trading_coin() -> None:
    s = nidlib.new_game(2, seed=1)
    for text in ("p0:bid:0,2,3/4,5b", "p0:bid:2,3,0/4,5b", "p0:bid:5b,4,3/0,2"):
        assert nidlib.check(s, nidlib.parse(text)) is None


def test_r_bid_3_bid_phase_ends_when_everyone_has_bid_and_no_second_bid() -> None:
    s = nidlib.new_game(3, NAMES3, seed=1)
    s, _ = play(s, "p1:bid:4,0,5b/2,3")
    assert nidlib.decision(s).players == (0, 2)
    assert_illegal(s, "p1:bid:0,4,5b/2,3", "R-BID-3")  # Bo has confirmed already
    s, _ = play(s, "p0:bid:4,0,5b/2,3")
    assert nidlib.decision(s).kind == "bids"
    s, ev = play(s, "p2:bid:2,3,4/0,5b")
    assert by_rule(ev, "R-BID-3")
    assert nidlib.decision(s).kind == "pick"
    assert s.tavern == 0


def test_r_bid_4_uline_owner_does_not_bid() -> None:
    events: list[nidlib.Event] = []
    s = (
        Scenario(3, NAMES3, seed=2)
        .command_zone(1, ["Uline"])
        .army(1, warrior=[3], hunter=[0], miner=[0], blacksmith=[0], explorer=[5])
        .at_bids()
        .build(events)
    )
    d = nidlib.decision(s)
    assert d.kind == "bids"
    assert d.players == (0, 2)
    v = assert_illegal(s, "p1:bid:4,0,5b/2,3", "R-BID-4")
    assert "Uline" in v.reason()
    # a played round start announces it
    s, _ = play(s, "p0:bid:4,0,5b/2,3", "p2:bid:4,0,5b/2,3")
    s, more = play_until(s, lambda x: x.round == 2, choose=lambda _s, acts: acts[0])
    (e,) = by_rule(more, "R-BID-4")
    assert e.text().startswith("Bo owns Uline and keeps all coins in hand")
    assert nidlib.decision(s).players == (0, 2)


def test_r_bid_5_and_r_round_1_coins_come_back_at_the_end_of_the_round() -> None:
    s = nidlib.new_game(3, NAMES3, seed=5)
    s, _ = play_until(s, lambda x: x.round == 2, seed=2)
    for i, p in enumerate(s.players):
        assert p.slots == [None] * 5
        assert p.revealed == [False] * 5
        assert len(p.hand) == 5
        assert p.hand == sorted(p.hand)
        assert coins_of(s, i) == sorted(str(c) for c in p.hand)
    assert nidlib.decision(s).kind == "bids"
    assert s.tavern == -1
    assert s.order == []


def test_r_round_1_round_ends_after_the_shining_horse_gem_exchange() -> None:
    # Shining Horse tie between Ana and Bo: their gems swap before coins come back.
    s = (
        Scenario(3, NAMES3, seed=3)
        .gems({0: 5, 1: 3, 2: 4})
        .bids(0, taverns=[4, 2, 3], pouch=[0, "5b"])
        .bids(1, taverns=[4, 2, 3], pouch=[0, "5b"])
        .bids(2, taverns=[2, 4, "5b"], pouch=[0, 3])
        .taverns([["W3", "W4", "W5"], ["H", "H", "H"], ["M0", "M1", "M2"]])
        .at_tavern(2)
        .build()
    )
    s, ev = play_until(s, lambda x: x.tavern == -1, choose=lambda _s, acts: acts[0])
    keys = [e.key for e in ev]
    assert keys.index("gem.swap") < keys.index("round.start")
    assert (s.players[0].gem, s.players[1].gem) == (3, 5)
    assert all(len(p.hand) == 5 for p in s.players)


def test_r_bid_1_bid_text_form_round_trips() -> None:
    a = Bid(0, (Coin.parse("4"), Coin.parse("0"), Coin.parse("5b")), (Coin.parse("2"), Coin.parse("3")))
    assert nidlib.parse(str(a)) == a
