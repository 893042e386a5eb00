"""Exact sequencing of a pick turn and of recruitment outside pick turns (RULES.md §13: R-SEQ-1..5)."""

from __future__ import annotations

from typing import Any

from enginekit import NAMES3, Scenario, by_rule, play, play_until

import nidlib
from nidlib import State
from nidlib.rules.engine import lines

W, H, M, B, E = range(5)


def first(_s: State, acts: list[nidlib.Action]) -> nidlib.Action:
    return acts[0]


def zero_on_goblin(
    row: list[str],
    army: dict[str, list[Any]],
    pouch: list[int | str] | None = None,
    cz: list[str] | None = None,
) -> State:
    """Ana bids the 0 on the Goblin and picks first (Bo and Cy bid the 0 there too, with lower gems)."""
    sc = Scenario(3, NAMES3, seed=1).gems({0: 5, 1: 4, 2: 3}).army(0, **army)
    if cz:
        sc = sc.command_zone(0, cz)
    return (
        sc.bids(0, taverns=[0, 2, 4], pouch=pouch or [3, "5b"])
        .bids(1, taverns=[0, 3, 2], pouch=[4, "5b"])
        .bids(2, taverns=[0, 3, 2], pouch=[4, "5b"])
        .taverns([row, ["H", "H", "H"], ["M0", "M1", "M2"]])
        .at_tavern(0)
        .build()
    )


def test_r_seq_1_take_and_resolve_the_card_then_recruit_then_trade() -> None:
    s = zero_on_goblin(["RO3", "W3", "W4"], {})
    s, ev = play(s, "p0:pick:1RO3")
    assert nidlib.decision(s).kind == "transform"
    assert not by_rule(ev, "R-TRADE-2")
    s, ev2 = play(s, "p0:transform:p0")  # the 3 in the pouch -> 6, then 6 + 5 = 11
    keys = [e.key for e in ev + ev2]
    assert keys.index("pick.offering") < keys.index("xform.done") < keys.index("trade.start")
    start = next(e for e in ev2 if e.key == "trade.start")
    assert start.params["total"] == 11


def test_r_seq_2_card_in_thruds_column_then_thrud_then_lines_then_heroes_then_trade() -> None:
    s = zero_on_goblin(
        ["W3", "W4", "W5"],
        {
            "warrior": [6, "Thrud"],
            "hunter": [0, 0],
            "miner": [0, 1],
            "blacksmith": [0, 0],
            "explorer": [5, 6],
        },
    )
    s, ev = play(s, "p0:pick:1W3")
    assert nidlib.decision(s).kind == "thrud"
    assert not by_rule(ev, "R-RECRUIT-1")
    s, ev2 = play(s, "p0:thrud:hunter")  # lines: W2 H3 M2 B2 E2 = 2 >= 1 + 1
    assert nidlib.decision(s).kind == "hero"
    assert not by_rule(ev2, "R-TRADE-2")
    s, ev3 = play(s, "p0:hero:skaa")
    rules = [e.rule for e in ev + ev2 + ev3]
    assert rules.index("R-HERO-THRUD-3") < rules.index("R-RECRUIT-1") < rules.index("R-TRADE-2")


def test_r_seq_2_bonfur_on_thrud_discard_then_replace_thrud_then_check_lines() -> None:
    s = zero_on_goblin(
        ["E9", "W8", "W9"],
        {"warrior": [3, 4], "hunter": [0, 0], "miner": [0, 1], "blacksmith": [0, "Thrud"], "explorer": [5]},
    )
    s, _ = play(s, "p0:pick:1E9")
    s, ev = play(s, "p0:hero:bonfur")
    assert [nidlib.decision(s).kind, s.players[0].thrud] == ["discard", -1]
    s, ev2 = play(s, "p0:discard:warrior")
    assert nidlib.decision(s).kind == "thrud"
    s, ev3 = play(s, "p0:thrud:warrior")
    # W2 H2 M2 B5 E2: 2 lines, 2 heroes: no more recruitment; then the trade ends the pick turn
    assert lines(s.players[0]) == 2
    keys = [e.key for e in ev + ev2 + ev3]
    assert keys.index("thrud.lifted") < keys.index("discard.card") < keys.index("thrud.placed")
    assert keys.index("thrud.placed") < keys.index("trade.start")
    assert "recruit.due" not in keys


def test_r_seq_3_card_effect_then_hero_then_trade_grid() -> None:
    s = zero_on_goblin(["E9", "W4", "W5"], {"warrior": [3], "hunter": [0], "miner": [0], "blacksmith": [0]})
    s, _ = play(s, "p0:pick:1E9", "p0:hero:grid")
    s, ev = play(s, "p0:transform:p0")  # 3 -> 10, then 10 + 5 = 15
    keys = [e.key for e in ev]
    assert keys.index("xform.done") < keys.index("trade.start")
    assert sorted(str(c) for c in s.players[0].slots[3:]) == ["15", "5b"]  # the 10 went back


def test_r_seq_4_thrud_placed_before_the_next_recruitment_then_trade() -> None:
    s = zero_on_goblin(
        ["B", "W8", "W9"],
        {
            "warrior": [3, 4, 5],
            "hunter": [0, 0, 0],
            "miner": [0, 1, 2],
            "blacksmith": [0],
            "explorer": [5, 6, 7],
        },
        cz=["Skaa"],
    )
    s, _ = play(s, nidlib.Pick(0, s.taverns[0][0]))
    s, _ = play(s, "p0:hero:thrud")
    assert nidlib.decision(s).kind == "thrud"
    s, ev = play(s, "p0:thrud:blacksmith")
    assert nidlib.decision(s).kind == "hero"
    assert not by_rule(ev, "R-TRADE-2")
    s, ev = play(s, "p0:hero:dwerg-ymir")
    assert by_rule(ev, "R-TRADE-2")


def test_r_seq_5_recruitment_outside_pick_turns_never_trades() -> None:
    events: list[nidlib.Event] = []
    s = (
        Scenario(3, NAMES3, seed=1)
        .army(0, warrior=[3, 4], hunter=[0], miner=[0], blacksmith=[0], explorer=[5])
        .at_end_of_age()
        .build(events)
    )
    s, ev = play_until(s, lambda x: x.age == 2, choose=first)
    assert by_rule(events + ev, "R-RECRUIT-1")
    assert not by_rule(events + ev, "R-TRADE-2")
