"""Army, ranks, lines and hero recruitment (RULES.md §6: R-ARMY, R-LINE, R-RECRUIT; EC-28, EC-33..38)."""

from __future__ import annotations

from typing import Any

from enginekit import NAMES3, Scenario, assert_illegal, by_rule, play, play_until

import nidlib
from nidlib import State
from nidlib.rules.engine import lines, ranks

W, H, M, B, E = range(5)


def first(_s: State, acts: list[nidlib.Action]) -> nidlib.Action:
    return acts[0]


def ana_first(
    row: list[str],
    *,
    army: dict[str, list[Any]] | None = None,
    cz: list[str] | None = None,
    only: tuple[str, ...] = (),
    dragon: list[str] | None = None,
) -> State:
    """Ana (gem 5) bids 5 on the Goblin and 4 on the Dragon: she picks first in both, without trading."""
    sc = Scenario(3, NAMES3, seed=1).gems({0: 5, 1: 4, 2: 3})
    if army:
        sc = sc.army(0, **army)
    if cz:
        sc = sc.command_zone(0, cz)
    if only:
        sc = sc.only_heroes(*only)
    return (
        sc.bids(0, taverns=["5b", 4, 3], pouch=[0, 2])
        .bids(1, taverns=[2, 3, 4], pouch=[0, "5b"])
        .bids(2, taverns=[3, 2, 4], pouch=[0, "5b"])
        .taverns([row, dragon or ["B", "H", "H"], ["B", "B", "E10"]])
        .at_tavern(0)
        .build()
    )


def test_r_army_1_dwarf_on_top_of_its_column_heroes_where_they_belong() -> None:
    s = ana_first(
        ["W3", "E9", "H"],
        army={"warrior": [5], "hunter": [0], "miner": [0], "blacksmith": [0], "explorer": []},
    )
    s, ev = play(s, "p0:pick:1E9")
    assert s.players[0].columns[E] == ["1E9"]
    (e,) = by_rule(ev, "R-ARMY-1")
    assert (
        e.text()
        == "Ana takes Explorer 9 from the Laughing Goblin and puts it in the Explorer column. [R-ARMY-1]"
    )
    assert nidlib.decision(s).kind == "hero"
    s2, ev = play(s, "p0:hero:tarah")
    assert s2.players[0].columns[W][-1] == "tarah"
    assert "tarah" not in s2.players[0].command_zone
    s3, _ = play(s, "p0:hero:skaa")
    assert s3.players[0].command_zone == ["skaa"]
    assert all("skaa" not in c for c in s3.players[0].columns)


def test_r_army_2_ranks_are_rank_symbols_not_cards() -> None:
    s = (
        Scenario(3, NAMES3, seed=1)
        .army(
            0,
            warrior=[3, "Kraal"],
            hunter=["Aral", "Dagda"],
            miner=["Zoral"],
            blacksmith=["Bonfur", "Aegur"],
            explorer=[5, "Thrud"],
        )
        .at_bids()
        .build()
    )
    p = s.players[0]
    assert [ranks(p, c) for c in range(5)] == [3, 5, 3, 5, 2]
    assert [len(col) for col in p.columns] == [2, 2, 1, 2, 1]


def test_r_army_3_cards_never_move_between_columns() -> None:
    s = nidlib.new_game(4, seed=17)
    s, _ = play_until(s, lambda x: x.is_over, seed=5)
    for p in s.players:
        for ci, col in enumerate(p.columns):
            for cid in col:
                if cid != "ylud":
                    assert nidlib.CARDS[cid].cls == nidlib.CLASSES[ci]


def test_r_line_1_lines_are_the_smallest_column_command_zone_ignored() -> None:
    s = (
        Scenario(3, NAMES3, seed=1)
        .army(0, warrior=[3, 4], hunter=[0, 0, 0], miner=[0, 1], blacksmith=[0, 0], explorer=[5, "Thrud"])
        .command_zone(0, ["Skaa", "Grid"])
        .army(1, warrior=[5], hunter=[0])
        .at_bids()
        .build()
    )
    assert lines(s.players[0]) == 2
    assert lines(s.players[1]) == 0
    assert lines(s.players[2]) == 0


def test_r_recruit_1_golden_rule_needs_more_lines_than_heroes() -> None:
    # Ana has 1 line and 1 hero: a new line is needed; a second card in one column is not enough.
    s = ana_first(
        ["W3", "E9", "H"],
        army={"warrior": [5], "hunter": [0], "miner": [0], "blacksmith": [0], "explorer": [5]},
        cz=["Skaa"],
    )
    s, ev = play(s, "p0:pick:1W3")
    assert not by_rule(ev, "R-RECRUIT-1")
    assert nidlib.decision(s).kind == "pick"
    s = ana_first(
        ["W3", "E9", "H"],
        army={"warrior": [5], "hunter": [0], "miner": [0], "blacksmith": [0], "explorer": []},
    )
    s, ev = play(s, "p0:pick:1E9")
    (due,) = by_rule(ev, "R-RECRUIT-1")
    assert due.text() == (
        "Ana now has more complete lines (1) than heroes (0), so Ana must recruit a hero. [R-RECRUIT-1]"
    )


def test_r_recruit_2_recruitment_is_mandatory_and_immediate() -> None:
    s = ana_first(["W3", "E9", "H"], army={"warrior": [5], "hunter": [0], "miner": [0], "blacksmith": [0]})
    s, _ = play(s, "p0:pick:1E9")
    d = nidlib.decision(s)
    assert d.kind == "hero"
    assert d.players == (0,)
    v = assert_illegal(s, nidlib.Pick(2, "1W3"), "R-RECRUIT-2")
    assert "recruiting a hero" in v.reason()
    assert_illegal(s, "p0:pick:1W3", "R-RECRUIT-2")  # Ana must recruit first
    heroes = {a.hero for a in nidlib.legal_actions(s)}
    assert "hourya" not in heroes
    assert "bonfur" in heroes
    assert "dagda" in heroes
    assert len(heroes) == 20


def test_r_recruit_3_and_ec_38_cascade_one_hero_at_a_time() -> None:
    # Aral (2 hunter ranks) completes two more lines: recruit again, one at a time.
    s = ana_first(
        ["H", "W8", "W9"],
        army={"warrior": [3, 4, 5], "miner": [0, 1, 2], "blacksmith": [0, 0, 0], "explorer": [5, 6, 7]},
    )
    s, _ = play(s, nidlib.Pick(0, s.taverns[0][0]))
    s, _ = play(s, "p0:hero:aral")
    assert lines(s.players[0]) == 3
    assert len(s.players[0].heroes) == 1
    assert nidlib.decision(s).kind == "hero"
    s, _ = play(s, "p0:hero:skaa")
    assert nidlib.decision(s).kind == "hero"  # 3 lines >= 2 heroes + 1
    s, _ = play(s, "p0:hero:grid", "p0:transform:t1")
    assert len(s.players[0].heroes) == 3
    assert nidlib.decision(s).kind == "pick"
    assert nidlib.decision(s).players == (2,)


def test_r_recruit_4_thrud_placement_triggers_recruitment() -> None:
    s = ana_first(
        ["B", "W8", "W9"],
        army={
            "warrior": [3, 4, 5],
            "hunter": [0, 0, 0],
            "miner": [0, 1, 2],
            "blacksmith": [0],
            "explorer": [5, 6, 7],
        },
        cz=["Skaa"],
    )
    s, _ = play(s, nidlib.Pick(0, s.taverns[0][0]))
    s, ev = play(s, "p0:hero:thrud")
    assert nidlib.decision(s).kind == "thrud"
    s, ev = play(s, "p0:thrud:blacksmith")
    assert lines(s.players[0]) == 3
    assert nidlib.decision(s).kind == "hero"
    assert by_rule(ev, "R-RECRUIT-1")


def test_r_recruit_5_and_ec_34_heroes_kept_after_losing_lines_one_recruit_later() -> None:
    # H = 3 but L = 2 (lines were lost); the 2-rank King's Great Armorer raises L to 4: exactly one hero.
    s = (
        Scenario(3, NAMES3, seed=1)
        .army(
            0,
            warrior=[3, 4, 5, 6],
            hunter=[0, 0, 0, 0],
            miner=[0, 1, 2, 0],
            blacksmith=[0, 0],
            explorer=[5, 6, 7, 8],
        )
        .command_zone(0, ["Skaa", "Astrid", "Dwerg Ymir"])
        .army(1, warrior=[7, 8, 9, "Kraal"])  # 5 Warrior ranks: Bo's King's Hand; the rest is Ana's
        .at_end_of_age()
        .build()
    )
    s, _ = play_until(s, lambda x: nidlib.decision(x).kind == "hero", choose=first)  # Bo's King's Hand first
    assert nidlib.decision(s).players == (0,)
    assert lines(s.players[0]) == 4
    assert len(s.players[0].heroes) == 3
    s, _ = play(s, "p0:hero:dwerg-aesir")
    assert len(s.players[0].heroes) == 4
    d = nidlib.decision(s)
    assert d is None or d.kind != "hero" or d.players != (0,)


def test_ec_28_two_rank_armorer_card_completes_two_lines() -> None:
    s = (
        Scenario(3, NAMES3, seed=1)
        .army(0, warrior=[3, 4, 5], hunter=[0, 0, 0], miner=[0, 1, 2], blacksmith=[0], explorer=[5, 6, 7])
        .command_zone(0, ["Skaa"])
        .army(1, warrior=[6, 7, 8], hunter=[0, 0, 0], miner=[0, 1, 2], explorer=[8, 9, 10])
        .at_end_of_age()
        .build()
    )
    assert "kings-great-armorer" in s.players[0].command_zone
    assert s.players[0].columns[B][-1] == "armorer"
    assert lines(s.players[0]) == 3
    s, _ = play(s, "p0:hero:dwerg-ymir")
    assert nidlib.decision(s).kind == "hero"
    s, _ = play(s, "p0:hero:dwerg-aesir")
    assert len(s.players[0].heroes) == 3
    assert s.age == 2 or nidlib.decision(s).kind != "hero"


def test_r_recruit_6_and_ec_33_entitlement_persists_until_hourya_is_eligible() -> None:
    s = ana_first(
        ["B", "W8", "W9"],
        army={"warrior": [3], "hunter": [0], "miner": [0], "explorer": [5, 6, 7, 8]},
        only=("Hourya",),
        dragon=["E9", "H", "H"],
    )
    s, ev = play(s, nidlib.Pick(0, s.taverns[0][0]))
    (none,) = by_rule(ev, "R-RECRUIT-7")
    assert none.text().startswith("Ana has more complete lines (1) than heroes (0), but no available hero")
    assert nidlib.decision(s).kind == "pick"
    assert nidlib.decision(s).players != (0,)
    s, _ = play_until(s, lambda x: x.tavern == 1, choose=first)
    assert nidlib.decision(s).players == (0,)
    s, ev = play(s, "p0:pick:1E9")  # the 5th Explorer rank: lines unchanged, Hourya now recruitable
    assert lines(s.players[0]) == 1
    assert nidlib.legal_actions(s) == [nidlib.Recruit(0, "hourya")]


def test_r_recruit_7_hourya_bonfur_dagda_prerequisites() -> None:
    s = ana_first(["E9", "W8", "W9"], army={"warrior": [3], "hunter": [0], "miner": [0], "blacksmith": [0]})
    s, _ = play(s, "p0:pick:1E9")
    heroes = {a.hero for a in nidlib.legal_actions(s)}
    assert "hourya" not in heroes  # 1 Explorer rank
    assert "bonfur" in heroes  # warrior, hunter, miner, explorer have a dwarf on top
    assert "dagda" in heroes
    v = assert_illegal(s, "p0:hero:hourya", "R-HERO-HOURYA-2")
    assert "only 1" in v.reason()


def test_r_recruit_8_and_ec_35_dagda_discards_before_the_line_check() -> None:
    s = ana_first(
        ["H", "W8", "W9"], army={"warrior": [3, 4], "miner": [0, 1], "blacksmith": [0, 0], "explorer": [5, 6]}
    )
    s, _ = play(s, nidlib.Pick(0, s.taverns[0][0]))
    s, _ = play(s, "p0:hero:dagda")
    d = nidlib.decision(s)
    assert d.kind == "discard"
    assert d.params == {"count": 2, "exclude": "hunter"}
    assert ranks(s.players[0], H) == 4
    assert lines(s.players[0]) == 2
    s, ev = play(s, "p0:discard:warrior,miner")
    assert lines(s.players[0]) == 1
    assert not by_rule(ev, "R-RECRUIT-1")
    assert nidlib.decision(s).kind == "pick"
    assert nidlib.decision(s).players != (0,)
    assert [e.text() for e in ev if e.key == "discard.card"] == [
        "Ana discards Warrior 4 from the Warrior column. [R-HERO-DAGDA-2]",
        "Ana discards Miner 1 from the Miner column. [R-HERO-DAGDA-2]",
    ]
    assert {"1W4", "1M1"} <= set(s.discard)


def test_ec_36_hero_on_top_blocks_the_column() -> None:
    s = ana_first(
        ["B", "W8", "W9"],
        army={
            "warrior": [3, "Kraal"],
            "hunter": [0, 0, "Aral"],
            "miner": [0, 1, 2],
            "blacksmith": [0, 0],
            "explorer": [5, 6, 7],
        },
    )
    s, _ = play(s, nidlib.Pick(0, s.taverns[0][0]))
    s, _ = play(s, "p0:hero:bonfur")
    opts = sorted(str(a) for a in nidlib.legal_actions(s))
    assert opts == ["p0:discard:explorer", "p0:discard:miner"]
    v = assert_illegal(s, "p0:discard:warrior", "R-HERO-BONFUR-3")
    assert "hero" in v.reason()
    assert_illegal(s, "p0:discard:blacksmith", "R-HERO-BONFUR-2")
    assert_illegal(s, "p0:discard:miner,explorer", "R-HERO-BONFUR-2")


def test_ec_37_dagda_needs_two_discardable_columns() -> None:
    # Kraal tops the Warrior column, Idunn the Explorer column, Thrud stands in the Blacksmith column:
    # only the Miner column (Hunter excluded) has a dwarf on top.
    s = ana_first(
        ["H", "W8", "W9"],
        army={
            "warrior": [3, 4, "Kraal"],
            "hunter": [0, 0, 0],
            "miner": [0, 1, 2, 0],
            "blacksmith": [0, 0, 0, "Thrud"],
            "explorer": [5, 6, 7, "Idunn"],
        },
    )
    s, _ = play(s, nidlib.Pick(0, s.taverns[0][0]))
    assert nidlib.decision(s).kind == "hero"
    heroes = {a.hero for a in nidlib.legal_actions(s)}
    assert "dagda" not in heroes
    assert "bonfur" in heroes
    v = assert_illegal(s, "p0:hero:dagda", "R-HERO-DAGDA-3")
    assert "there are 1" in v.reason()
