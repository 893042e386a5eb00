"""Coin transformation (RULES.md §7.2: R-XFORM-1..7) and its edge cases (EC-10..13)."""

from __future__ import annotations

from enginekit import NAMES3, Scenario, assert_illegal, by_rule, play, play_until

import nidlib
from nidlib import State

RO_ROW = [["RO3", "W4", "W5"], ["H", "H", "H"], ["M0", "M1", "M2"]]


def first(_s: State, acts: list[nidlib.Action]) -> nidlib.Action:
    return acts[0]


def offering_3p(tavern: int = 0, rows: list[list[str]] | None = None) -> State:
    """Ana (gem 5) and Bo (gem 4) tie with 4 on every tavern; a Royal Offering +3 waits for Ana."""
    return (
        Scenario(3, NAMES3, seed=1)
        .gems({0: 5, 1: 4, 2: 3})
        .bids(0, taverns=[4, 3, "5b"], pouch=[0, 2])
        .bids(1, taverns=[4, 3, "5b"], pouch=[0, 2])
        .bids(2, taverns=[2, 0, 3], pouch=[4, "5b"])
        .taverns(rows or RO_ROW)
        .at_tavern(tavern)
        .build()
    )


def test_r_xform_1_offering_upgrades_one_coin_by_three() -> None:
    s = offering_3p()
    s, ev = play(s, "p0:pick:1RO3")
    d = nidlib.decision(s)
    assert d.kind == "transform"
    assert d.params == {"amount": 3, "source": "offering"}
    (due,) = by_rule(ev, "R-XFORM-1")
    assert due.text() == (
        "Ana must choose a coin (not the 0 or the green 3) to upgrade by 3 for the Royal "
        "Offering. [R-XFORM-1]"
    )
    s, ev = play(s, "p0:transform:t2")  # the 5b on the Horse -> 8
    assert str(s.players[0].slots[2]) == "8"
    (done,) = [e for e in ev if e.key == "xform.done"]
    assert done.text() == (
        "Ana's 5 on the Shining Horse (not revealed yet) becomes a coin of 8 (+3). [R-XFORM-1]"
    )


def test_r_xform_2_every_non_trading_coin_is_eligible_wherever_it_is() -> None:
    s = offering_3p(tavern=1, rows=[["W3", "W4", "W5"], ["RO3", "H", "H"], ["M0", "M1", "M2"]])
    s, _ = play(s, "p0:pick:1RO3")
    locs = sorted(a.location for a in nidlib.legal_actions(s))
    # t0 resolved (4), t1 current (3), t2 later (5b), pouch 2; the pouch 0 is excluded
    zero = "p0" if str(s.players[0].slots[3]) == "0" else "p1"
    assert locs == sorted({"t0", "t1", "t2", "p0", "p1"} - {zero})


def test_r_xform_3_new_coin_face_down_in_pouch_or_later_tavern_face_up_otherwise() -> None:
    s = offering_3p(tavern=1, rows=[["W3", "W4", "W5"], ["RO3", "H", "H"], ["M0", "M1", "M2"]])
    s, _ = play(s, "p0:pick:1RO3")
    two = "p0" if str(s.players[0].slots[3]) == "2" else "p1"
    k_two = 3 if two == "p0" else 4
    for loc, k, face_up in (("t0", 0, True), ("t1", 1, True), ("t2", 2, False), (two, k_two, False)):
        s2, _ = play(s, f"p0:transform:{loc}")
        assert s2.players[0].revealed[k] is face_up, loc
        other = nidlib.view_for(s2, 2).players[0]
        assert (other.slots[k] is not None) is face_up, loc


def test_r_xform_4_and_ec_11_later_tavern_bid_changes() -> None:
    s = offering_3p()
    s, _ = play(s, "p0:pick:1RO3")
    s, ev = play(s, "p0:transform:t2")  # Horse 5b -> 8, face down
    (future,) = by_rule(ev, "R-XFORM-4")
    assert future.text() == "Ana will bid 8 when the Shining Horse is revealed. [R-XFORM-4]"
    assert not s.players[0].revealed[2]
    s, _ = play_until(s, lambda x: x.tavern == 2, choose=first)
    assert s.bid_values[0] == 8
    assert s.order[0] == 0


def test_r_xform_5_and_ec_10_revealed_coin_keeps_order_and_ties() -> None:
    s = offering_3p()
    assert s.order == [0, 1, 2]
    assert s.ties == [[0, 1]]
    s, _ = play(s, "p0:pick:1RO3")
    s, ev = play(s, "p0:transform:t0")  # the revealed 4 -> 7, face up
    assert str(s.players[0].slots[0]) == "7"
    assert s.players[0].revealed[0]
    (keep,) = by_rule(ev, "R-XFORM-5")
    assert keep.text() == (
        "The order and the ties of the Laughing Goblin stay as revealed: Ana's bid still counts "
        "as 4 there. [R-XFORM-5]"
    )
    assert s.order == [0, 1, 2]
    assert s.ties == [[0, 1]]
    assert s.bid_values[0] == 4
    s, ev = play_until(s, lambda x: x.tavern != 0, choose=first)
    assert [p.gem for p in s.players][:2] == [4, 5]  # still tied at 4: gems swapped


def test_ec_12_transforming_a_resolved_tavern_coin_revisits_nothing() -> None:
    s = offering_3p(tavern=1, rows=[["W3", "W4", "W5"], ["RO3", "H", "H"], ["M0", "M1", "M2"]])
    gems_before = [p.gem for p in s.players]
    s, _ = play(s, "p0:pick:1RO3")
    s, ev = play(s, "p0:transform:t0")
    assert str(s.players[0].slots[0]) == "7"
    assert s.players[0].revealed[0]
    assert [e.key for e in ev if e.rule in ("R-GEM-2", "R-ORDER-1", "R-ORDER-2")] == []
    assert [p.gem for p in s.players] == gems_before
    (done,) = [e for e in ev if e.key == "xform.done"]
    assert "already resolved" in done.text()


def test_ec_13_trading_coin_never_transformed() -> None:
    s = offering_3p()
    s, _ = play(s, "p0:pick:1RO3")
    zero = "p0" if str(s.players[0].slots[3]) == "0" else "p1"
    v = assert_illegal(s, f"p0:transform:{zero}", "R-XFORM-1")
    assert "trading coin" in v.reason()
    assert all(a.location != zero for a in nidlib.legal_actions(s))
    # the green 3 neither
    g = (
        Scenario(3, NAMES3, seed=1)
        .gems({0: 5, 1: 4, 2: 3})
        .bids(0, taverns=[4, "3s", "5b"], pouch=[3, 2])
        .bids(1, taverns=[3, 2, "5b"], pouch=[0, 4])
        .bids(2, taverns=[2, 0, 3], pouch=[4, "5b"])
        .taverns(RO_ROW)
        .at_tavern(0)
        .build()
    )
    g, _ = play(g, "p0:pick:1RO3")
    assert_illegal(g, "p0:transform:t1", "R-XFORM-1")
    assert_illegal(g, "p0:transform:h3", "R-XFORM-2")  # no coin there


def test_r_xform_6_offering_resolved_before_recruitment() -> None:
    # Ana's Royal Offering does not complete a line; the order of events is: take, transform, next player.
    s = offering_3p()
    s, ev = play(s, "p0:pick:1RO3")
    assert [e.rule for e in ev][:2] == ["R-XFORM-6", "R-XFORM-1"]
    assert nidlib.decision(s).kind == "transform"
    assert by_rule(ev, "R-XFORM-6")[0].text() == (
        "Ana takes Royal Offering +3 from the Laughing Goblin: one of Ana's coins is upgraded by 3 at once. "
        "[R-XFORM-6]"
    )


def test_r_xform_7_offering_discarded_after_use() -> None:
    s = offering_3p()
    s, _ = play(s, "p0:pick:1RO3", "p0:transform:t2")
    assert "1RO3" in s.discard
    assert all("1RO3" not in col for p in s.players for col in p.columns)


def test_r_xform_3_between_rounds_coin_in_hand_goes_to_hand() -> None:
    # King's Hand at Troop Evaluation: every coin is in hand (case E)
    s = (
        Scenario(3, NAMES3, seed=1)
        .army(0, warrior=[3, 4])
        .army(1, warrior=[5])
        .hand(0, [0, 2, 3, 4, "5b"])
        .at_end_of_age()
        .build()
    )
    d = nidlib.decision(s)
    assert d.kind == "transform"
    assert d.params["source"] == "kings-hand"
    assert d.params["amount"] == 5
    locs = sorted(a.location for a in nidlib.legal_actions(s))
    assert locs == ["h1", "h2", "h3", "h4"]  # h0 is the 0
    s, ev = play(s, "p0:transform:h4")  # 5b -> 10
    assert [str(c) for c in s.players[0].hand] == ["0", "2", "3", "4", "10"]
    assert not by_rule(ev, "R-XFORM-4")
    assert not by_rule(ev, "R-XFORM-5")
