"""Bid revelation, pick order, pick turns, end of tavern and gem exchange (RULES.md §5, §8, EC-01..08)."""

from __future__ import annotations

from enginekit import NAMES3, Scenario, assert_illegal, by_rule, play, play_until

import nidlib
from nidlib import State


def first(_s: State, acts: list[nidlib.Action]) -> nidlib.Action:
    return acts[0]


def finish_tavern(s: State) -> tuple[State, list[nidlib.Event]]:
    """Play the first legal action until the tavern being resolved changes."""
    t = s.tavern
    return play_until(s, lambda x: x.tavern != t, choose=first)


def gems(s: State) -> list[int]:
    return [p.gem for p in s.players]


def goblin_tie_3p() -> State:
    # Ana (gem 5) and Bo (gem 3) both bid 4 on the Goblin; Cy bids 5b. Dragon: Ana 3, Bo 3, Cy 2.
    return (
        Scenario(3, NAMES3, seed=1)
        .gems({0: 5, 1: 3, 2: 4})
        .bids(0, taverns=[4, 3, 2], pouch=[0, "5b"])
        .bids(1, taverns=[4, 3, 0], pouch=[2, "5b"])
        .bids(2, taverns=["5b", 2, 0], pouch=[3, 4])
        .taverns([["W3", "W4", "W5"], ["H", "H", "H"], ["M0", "M1", "M2"]])
        .at_tavern(0)
        .build()
    )


def test_r_reveal_1_only_the_current_tavern_is_revealed() -> None:
    s = goblin_tie_3p()
    for p in s.players:
        assert p.revealed == [True, False, False, False, False]
    v = nidlib.view_for(s, 2)
    for i in (0, 1):
        assert v.players[i].slots[0] is not None
        assert v.players[i].slots[1:] == [None] * 4
    s, _ = finish_tavern(s)
    assert s.tavern == 1
    for p in s.players:
        assert p.revealed == [True, True, False, False, False]


def test_r_reveal_1_taverns_resolved_goblin_then_dragon_then_horse() -> None:
    s = goblin_tie_3p()
    seen = [s.tavern]
    while s.tavern != -1:
        s, _ = finish_tavern(s)
        seen.append(s.tavern)
    assert seen == [0, 1, 2, -1]


def test_r_order_1_highest_bid_picks_first() -> None:
    events: list[nidlib.Event] = []
    s = (
        Scenario(3, NAMES3, seed=1)
        .gems({0: 5, 1: 3, 2: 4})
        .bids(0, taverns=[2, 3, 4], pouch=[0, "5b"])
        .bids(1, taverns=["5b", 3, 0], pouch=[2, 4])
        .bids(2, taverns=[4, 2, 0], pouch=[3, "5b"])
        .at_tavern(0)
        .build(events)
    )
    assert s.order == [1, 2, 0]
    assert nidlib.decision(s).players == (1,)
    (e,) = by_rule(events, "R-ORDER-1")
    assert e.text() == (
        "Pick order at the Laughing Goblin: Bo, Cy and Ana (highest bid first; equal bids: higher gem first). [R-ORDER-1]"
    )
    v = assert_illegal(s, nidlib.Pick(0, s.taverns[0][0]), "R-ORDER-1")
    assert "Bo" in v.reason()
    assert "Ana" in v.reason()


def test_r_order_2_tie_broken_by_the_higher_gem_and_the_event_names_both_gems() -> None:
    events: list[nidlib.Event] = []
    s = (
        Scenario(3, NAMES3, seed=1)
        .gems({0: 3, 1: 5, 2: 4})
        .bids(0, taverns=[4, 3, 2], pouch=[0, "5b"])
        .bids(1, taverns=[4, 3, 0], pouch=[2, "5b"])
        .bids(2, taverns=[2, 3, 0], pouch=[4, "5b"])
        .at_tavern(0)
        .build(events)
    )
    assert s.order == [1, 0, 2]
    (e,) = by_rule(events, "R-ORDER-2")
    assert e.text() == (
        "Bo and Ana both bid 4 on the Laughing Goblin; Bo's gem is higher (5 > 3), so Bo picks "
        "first of the two, and they will exchange gems after this tavern. [R-ORDER-2]"
    )


def test_r_order_2_gem_six_wins_every_tie() -> None:
    s = (
        Scenario(3, NAMES3, seed=1)
        .gems({0: 5, 1: 6, 2: 4})
        .bids(0, taverns=[4, 3, 2], pouch=[0, "5b"])
        .bids(1, taverns=[4, 3, 0], pouch=[2, "5b"])
        .bids(2, taverns=[4, 3, 0], pouch=[2, "5b"])
        .at_tavern(0)
        .build()
    )
    assert s.order == [1, 0, 2]


def test_r_order_3_and_ec_02_order_fixed_at_reveal_gems_swap_after_the_tavern() -> None:
    s = goblin_tie_3p()
    assert s.order == [2, 0, 1]  # Cy 5b, then Ana (gem 5) before Bo (gem 3)
    assert s.ties == [[0, 1]]
    s, ev = finish_tavern(s)
    (swap,) = by_rule(ev, "R-GEM-2")
    assert swap.text() == (
        "Ana and Bo were tied (both bid 4): they exchange gems (Ana now has gem 3, Bo has gem 5). [R-GEM-2]"
    )
    assert gems(s) == [3, 5, 4]
    # tied again on the Dragon (3 each): now Bo (gem 5) picks first
    assert s.order == [1, 0, 2]
    assert nidlib.decision(s).players == (1,)


def test_r_gem_1_only_tied_players_exchange_and_after_all_pick_turns() -> None:
    s = goblin_tie_3p()
    before = gems(s)
    # during the tavern nothing changes
    s, _ = play(s, nidlib.legal_actions(s)[0])
    assert gems(s) == before
    s, ev = finish_tavern(s)
    assert gems(s)[2] == 4  # Cy was not tied
    keys = [e.key for e in ev]
    last_pick = max(k for k, key in enumerate(keys) if key in ("pick.dwarf", "pick.offering"))
    assert keys.index("gem.swap") > last_pick


def test_ec_03_three_way_tie_swaps_highest_and_lowest_gem() -> None:
    events: list[nidlib.Event] = []
    s = (
        Scenario(4, ("A", "B", "C", "D"), seed=1)
        .gems({0: 4, 1: 5, 2: 2, 3: 3})
        .bids(0, taverns=[4, 3, 2], pouch=[0, "5b"])
        .bids(1, taverns=[4, 3, 0], pouch=[2, "5b"])
        .bids(2, taverns=[4, 2, 0], pouch=[3, "5b"])
        .bids(3, taverns=[2, 3, 0], pouch=[4, "5b"])
        .at_tavern(0)
        .build(events)
    )
    assert s.order == [1, 0, 2, 3]
    tie = [e for e in events if e.rule == "R-ORDER-2"]
    assert tie
    assert "5 > 4 > 2" in tie[0].text()
    s, ev = finish_tavern(s)
    assert gems(s) == [4, 2, 5, 3]
    (mid,) = [e for e in ev if e.key == "gem.middle"]
    assert mid.rule == "R-GEM-2"
    assert mid.text().startswith("A keeps gem 4")


def test_r_gem_2_and_ec_04_five_and_four_way_ties() -> None:
    names = ("A", "B", "C", "D", "E")
    sc = Scenario(5, names, seed=2).gems({0: 1, 1: 2, 2: 3, 3: 4, 4: 5})
    for i in range(5):
        sc = sc.bids(i, taverns=[4, 3, 2], pouch=[0, "5b"])
    s = sc.at_tavern(0).build()
    assert s.order == [4, 3, 2, 1, 0]
    s, _ = finish_tavern(s)
    # g1 (5) <-> g5 (1), g2 (4) <-> g4 (2), the middle gem 3 stays
    assert gems(s) == [5, 4, 3, 2, 1]
    # four tied (E bids differently on the Dragon): g1 <-> g4, g2 <-> g3
    sc = Scenario(5, names, seed=2).gems({0: 1, 1: 2, 2: 3, 3: 4, 4: 5})
    for i in range(4):
        sc = sc.bids(i, taverns=[4, 3, 2], pouch=[0, "5b"])
    s = sc.bids(4, taverns=["5b", 3, 2], pouch=[0, 4]).at_tavern(0).build()
    s, _ = finish_tavern(s)
    assert gems(s) == [4, 3, 2, 1, 5]


def test_r_gem_3_and_ec_05_gem_six_never_exchanged() -> None:
    # three tied including gem 6: the other two swap
    s = (
        Scenario(3, NAMES3, seed=1)
        .gems({0: 6, 1: 5, 2: 4})
        .bids(0, taverns=[4, 3, 2], pouch=[0, "5b"])
        .bids(1, taverns=[4, 3, 0], pouch=[2, "5b"])
        .bids(2, taverns=[4, 2, 0], pouch=[3, "5b"])
        .at_tavern(0)
        .build()
    )
    s, ev = finish_tavern(s)
    assert gems(s) == [6, 4, 5]
    (kept,) = by_rule(ev, "R-GEM-3")
    assert kept.text().startswith("Ana holds gem 6, which is never exchanged")
    # two tied including gem 6: nothing happens (Dragon: Ana 3, Bo 3)
    s, ev = finish_tavern(s)
    assert gems(s) == [6, 4, 5]
    assert by_rule(ev, "R-GEM-3")
    assert not by_rule(ev, "R-GEM-2")


def test_r_gem_4_and_ec_06_independent_tie_groups() -> None:
    s = (
        Scenario(4, ("A", "B", "C", "D"), seed=1)
        .gems({0: 2, 1: 3, 2: 4, 3: 5})
        .bids(0, taverns=["5b", 2, 0], pouch=[3, 4])
        .bids(1, taverns=["5b", 2, 0], pouch=[3, 4])
        .bids(2, taverns=[3, 2, 0], pouch=[4, "5b"])
        .bids(3, taverns=[3, 4, 0], pouch=[2, "5b"])
        .at_tavern(0)
        .build()
    )
    assert s.order == [1, 0, 3, 2]
    assert sorted(map(sorted, s.ties)) == [[0, 1], [2, 3]]
    s, ev = finish_tavern(s)
    assert gems(s) == [3, 2, 5, 4]
    assert len([e for e in ev if e.key == "gem.swap"]) == 2


def test_r_gem_5_gems_do_not_break_distinction_ties() -> None:
    events: list[nidlib.Event] = []
    s = (
        Scenario(3, NAMES3, seed=1)
        .gems({0: 5, 1: 4, 2: 3})
        .army(0, warrior=[3])
        .army(1, warrior=[4])
        .at_end_of_age()
        .build(events)
    )
    (tie,) = [e for e in events if e.rule == "R-EVAL-3" and e.params["cls"] == "@class.warrior"]
    assert tie.key == "eval.tie"
    assert all("kings-hand" not in p.command_zone for p in s.players)


def test_r_pick_1_exactly_one_card_from_the_tavern_no_passing() -> None:
    s = goblin_tie_3p()
    acts = nidlib.legal_actions(s)
    assert {type(a) for a in acts} == {nidlib.Pick}
    assert sorted(a.card for a in acts) == sorted(s.taverns[0])
    v = assert_illegal(s, nidlib.Pick(2, s.taverns[1][0]), "R-PICK-1")
    assert "Laughing Goblin" in v.reason()
    s2, ev = play(s, acts[0])
    assert len(s2.taverns[0]) == 2
    assert by_rule(ev, "R-ARMY-1")


def test_r_pick_2_last_player_takes_the_last_card() -> None:
    s = goblin_tie_3p()
    s, _ = play(s, nidlib.legal_actions(s)[0])
    s, _ = play(s, nidlib.legal_actions(s)[0])
    acts = nidlib.legal_actions(s)
    assert len(acts) == 1
    assert acts[0].player == 1
    s, ev = play(s, acts[0])
    assert s.taverns[0] == []
    assert not by_rule(ev, "R-PICK-3")


def test_r_pick_3_and_ec_01_two_players_third_card_discarded() -> None:
    s = (
        Scenario(2, ("Ana", "Bo"), seed=1)
        .gems({0: 5, 1: 4})
        .bids(0, taverns=[4, 3, 2], pouch=[0, "5b"])
        .bids(1, taverns=[3, 4, 2], pouch=[0, "5b"])
        .taverns([["W3", "W4", "W5"], ["H", "H", "H"], ["M0", "M1", "M2"]])
        .at_tavern(0)
        .build()
    )
    s, ev = play(s, "p0:pick:1W4", "p1:pick:1W3")
    (d,) = by_rule(ev, "R-PICK-3")
    assert d.text() == "Nobody took Warrior 5 from the Laughing Goblin: it is discarded. [R-PICK-3]"
    assert s.discard[-1] == "1W5"
    assert s.taverns[0] == []
    assert s.tavern == 1


def test_r_tavern_end_1_discard_then_gem_exchange_then_next_tavern() -> None:
    s = (
        Scenario(2, ("Ana", "Bo"), seed=1)
        .gems({0: 5, 1: 4})
        .bids(0, taverns=[4, 3, 2], pouch=[0, "5b"])
        .bids(1, taverns=[4, 3, 2], pouch=[0, "5b"])
        .taverns([["W3", "W4", "W5"], ["H", "H", "H"], ["M0", "M1", "M2"]])
        .at_tavern(0)
        .build()
    )
    s, ev = play(s, "p0:pick:1W4", "p1:pick:1W3")
    keys = [e.key for e in ev]
    assert keys.index("tavern.discard") < keys.index("gem.swap") < keys.index("reveal.bids")
    assert gems(s) == [4, 5]


def test_r_pick_4_card_then_hero_then_trade() -> None:
    # Ana bid the 0 on the Goblin; the warrior completes her first line: recruit, then trade.
    s = (
        Scenario(3, NAMES3, seed=1)
        .gems({0: 5, 1: 4, 2: 3})
        .army(0, hunter=[0], miner=[0], blacksmith=[0], explorer=[5])
        .bids(0, taverns=[0, 3, 2], pouch=[4, "5b"])
        .bids(1, taverns=[2, 3, 0], pouch=[4, "5b"])
        .bids(2, taverns=[3, 2, 0], pouch=[4, "5b"])
        .taverns([["W3", "W4", "W5"], ["H", "H", "H"], ["M0", "M1", "M2"]])
        .at_tavern(0)
        .build()
    )
    assert s.order == [2, 1, 0]
    s, _ = play(s, "p2:pick:1W5", "p1:pick:1W4")
    s, ev = play(s, "p0:pick:1W3")
    assert nidlib.decision(s).kind == "hero"
    assert not by_rule(ev, "R-TRADE-2")
    s, ev2 = play(s, "p0:hero:skaa")
    rules = [e.rule for e in ev + ev2]
    assert rules.index("R-ARMY-1") < rules.index("R-RECRUIT-1") < rules.index("R-TRADE-2")
    assert sorted(str(c) for c in s.players[0].slots[3:]) == ["4", "9"]


def test_ec_07_uline_owner_bids_after_seeing_the_others() -> None:
    events: list[nidlib.Event] = []
    s = (
        Scenario(3, NAMES3, seed=1)
        .gems({0: 5, 1: 4, 2: 3})
        .command_zone(0, ["Uline"])
        .army(0, warrior=[3], hunter=[0], miner=[0], blacksmith=[0], explorer=[5])
        .hand(0, [0, 2, 3, 4, "5b"])
        .bids(1, taverns=[4, 3, 0], pouch=[2, "5b"])
        .bids(2, taverns=[3, 2, 0], pouch=[4, "5b"])
        .at_tavern(0)
        .build(events)
    )
    assert nidlib.decision(s).kind == "uline_bid"
    (e,) = by_rule(events, "R-REVEAL-2")
    assert "Bo 4" in e.text()
    assert "Cy 3" in e.text()
    assert sorted(str(a) for a in nidlib.legal_actions(s)) == [
        "p0:uline:0",
        "p0:uline:2",
        "p0:uline:3",
        "p0:uline:4",
        "p0:uline:5b",
    ]
    assert_illegal(s, "p0:uline:9", "R-HERO-ULINE-4")
    s, ev = play(s, "p0:uline:4")  # ties Bo on purpose
    assert by_rule(ev, "R-HERO-ULINE-4")
    assert s.order == [0, 1, 2]
    assert s.ties == [[0, 1]]
    assert s.players[0].slots[0] is not None
    assert s.players[0].revealed[0]
    s, _ = finish_tavern(s)
    assert gems(s)[:2] == [4, 5]


def test_r_reveal_2_uline_coin_laid_face_up_after_the_others() -> None:
    events: list[nidlib.Event] = []
    s = (
        Scenario(3, NAMES3, seed=1)
        .command_zone(2, ["Uline"])
        .hand(2, [0, 2, 3, 4, "5b"])
        .bids(0, taverns=[4, 3, 0], pouch=[2, "5b"])
        .bids(1, taverns=[3, 2, 0], pouch=[4, "5b"])
        .at_tavern(0)
        .build(events)
    )
    assert [e.rule for e in events][:1] == ["R-REVEAL-2"]
    assert all(s.players[i].revealed[0] for i in (0, 1))
    assert s.players[2].slots[0] is None
    s, ev = play(s, "p2:uline:5b")
    assert [e.rule for e in ev][:2] == ["R-HERO-ULINE-4", "R-REVEAL-1"]
    assert s.order == [2, 0, 1]


def test_ec_08_royal_offering_as_last_card_or_discarded_third_card() -> None:
    s = (
        Scenario(3, NAMES3, seed=1)
        .gems({0: 5, 1: 4, 2: 3})
        .bids(0, taverns=[4, 3, 2], pouch=[0, "5b"])
        .bids(1, taverns=[3, 4, 2], pouch=[0, "5b"])
        .bids(2, taverns=[2, 4, 3], pouch=[0, "5b"])
        .taverns([["W3", "W4", "RO3"], ["H", "H", "H"], ["M0", "M1", "M2"]])
        .at_tavern(0)
        .build()
    )
    s, _ = play(s, "p0:pick:1W3", "p1:pick:1W4")
    assert nidlib.legal_actions(s) == [nidlib.Pick(2, "1RO3")]
    s, ev = play(s, "p2:pick:1RO3")
    assert nidlib.decision(s).kind == "transform"
    assert by_rule(ev, "R-XFORM-6")
    # 2 players: a Royal Offering left over is discarded without effect
    s = (
        Scenario(2, ("Ana", "Bo"), seed=1)
        .gems({0: 5, 1: 4})
        .bids(0, taverns=[4, 3, 2], pouch=[0, "5b"])
        .bids(1, taverns=[3, 4, 2], pouch=[0, "5b"])
        .taverns([["W3", "W4", "RO3"], ["H", "H", "H"], ["M0", "M1", "M2"]])
        .at_tavern(0)
        .build()
    )
    s, ev = play(s, "p0:pick:1W3", "p1:pick:1W4")
    assert "1RO3" in s.discard
    assert not by_rule(ev, "R-XFORM-1")
    assert nidlib.decision(s).kind == "pick"
    assert [str(c) for p in s.players for c in p.coins() if c.value > 5] == []


def _tie_events(gems_: dict[int, int], bids: list[int]) -> list[nidlib.Event]:
    events: list[nidlib.Event] = []
    sc = Scenario(3, NAMES3, seed=1).gems(gems_)
    for i, b in enumerate(bids):
        sc = sc.bids(i, taverns=[b, 3, 0], pouch=[2, "5b"] if b != 2 else [4, "5b"])
    sc.at_tavern(0).build(events)
    return by_rule(events, "R-ORDER-2")


def test_r_gem_3_tie_message_claims_no_exchange_when_gem_six_is_tied_with_one_player() -> None:
    """The tie sentence words what R-GEM-3 decides: gem 6 + one other player -> nobody exchanges."""
    (e,) = _tie_events({0: 5, 1: 6, 2: 4}, [4, 4, 2])
    assert e.text() == (
        "Bo and Ana both bid 4 on the Laughing Goblin; Bo holds gem 6, which wins every tie, so Bo picks "
        "first of the two. Gem 6 is never exchanged, so no gems change hands after this tavern. [R-ORDER-2]"
    )
    assert "没有人交换宝石" in e.text("zh-Hans")
    assert "沒有人交換寶石" in e.text("zh-Hant")


def test_r_gem_3_tie_message_names_only_the_players_who_exchange() -> None:
    (e,) = _tie_events({0: 6, 1: 5, 2: 4}, [4, 4, 4])  # gem 6 + two others: only the two others swap
    assert e.text() == (
        "Ana, Bo and Cy all bid 4 on the Laughing Goblin; gem 6 wins every tie and the higher gem goes "
        "first (6 > 5 > 4), so Ana picks first of the players who bid 4. Gem 6 is never exchanged: after this tavern only Bo \u2194 Cy "
        "exchange gems, as if Ana were not tied. [R-ORDER-2]"
    )
    (e,) = _tie_events({0: 3, 1: 5, 2: 4}, [4, 4, 4])  # three tied: the middle gem stays
    assert e.text().endswith(
        "After this tavern gems are exchanged, highest with lowest: Bo \u2194 Ana. [R-ORDER-2]"
    )
