"""Heroes (RULES.md §12: R-HERO-*) and the Thrud edge cases (EC-39, EC-40)."""

from __future__ import annotations

from typing import Any

import pytest
from enginekit import NAMES3, Scenario, assert_illegal, by_rule, play, play_until

import nidlib
from nidlib import State
from nidlib.rules.engine import lines, ranks

W, H, M, B, E = range(5)


def first(_s: State, acts: list[nidlib.Action]) -> nidlib.Action:
    return acts[0]


def due(
    army: dict[str, list[Any]] | None = None,
    row: tuple[str, ...] = ("E9", "W8", "W9"),
    cz: list[str] | None = None,
    age: int = 1,
) -> State:
    """Ana picks first at the Goblin; taking the first card gives her a line and a hero to recruit."""
    army = (
        army
        if army is not None
        else {"warrior": [3], "hunter": [0], "miner": [0], "blacksmith": [0], "explorer": [5, 6, 7, 8]}
    )
    sc = Scenario(3, NAMES3, seed=1, age=age).gems({0: 5, 1: 4, 2: 3}).army(0, **army)
    if cz:
        sc = sc.command_zone(0, cz)
    s = (
        sc.bids(0, taverns=["5b", 4, 3], pouch=[0, 2])
        .bids(1, taverns=[2, 3, 4], pouch=[0, "5b"])
        .bids(2, taverns=[3, 2, 4], pouch=[0, "5b"])
        .taverns([list(row), ["H", "H", "H"], ["B", "B", "B"]])
        .at_tavern(0)
        .build()
    )
    s, _ = play(s, nidlib.Pick(0, s.taverns[0][0]))
    assert nidlib.decision(s).kind == "hero"
    return s


def final(sc: Scenario) -> Any:
    """Play a built end-of-Age-II position to the end (first legal choice) and return the score table."""
    s = sc.at_end_of_age().build()
    s, _ = play_until(s, lambda x: x.is_over, choose=first)
    return nidlib.final_scores(s)


def end2() -> Scenario:
    return Scenario(3, NAMES3, seed=1, age=2)


@pytest.mark.parametrize(
    ("hero", "ci", "added"),
    [
        ("kraal", W, 2),
        ("tarah", W, 1),
        ("aral", H, 2),
        ("aegur", B, 2),
        ("zoral", M, 3),
        ("lokdur", M, 1),
        ("hourya", E, 1),
        ("idunn", E, 1),
    ],
)
def test_class_hero_goes_on_top_of_its_column_with_its_ranks(hero: str, ci: int, added: int) -> None:
    s = due()
    before = ranks(s.players[0], ci)
    s, ev = play(s, f"p0:hero:{hero}")
    assert s.players[0].columns[ci][-1] == hero
    assert hero in s.players[0].heroes
    assert ranks(s.players[0], ci) == before + added
    assert hero not in s.heroes_available
    assert by_rule(ev, "R-ARMY-1")[0].key == "hero.class"


def test_r_hero_kraal_1_two_ranks_seven_and_zero() -> None:
    t = final(end2().army(0, warrior=[3, "Kraal"]))
    assert t.players[0].points("warrior") == 10


def test_r_hero_tarah_1_one_rank_fourteen() -> None:
    t = final(end2().army(0, warrior=["Tarah"]))
    assert t.players[0].points("warrior") == 14


def test_r_hero_aral_1_two_hunter_ranks() -> None:
    t = final(end2().army(0, hunter=[0, "Aral"]))
    assert t.players[0].points("hunter") == 9


def test_r_hero_aegur_1_two_blacksmith_ranks() -> None:
    t = final(end2().army(0, blacksmith=[0, "Aegur"]))
    assert t.players[0].points("blacksmith") == 12


def test_r_hero_zoral_1_three_ranks_one_zero_zero() -> None:
    t = final(end2().army(0, miner=[2, "Zoral"]))
    assert t.players[0].points("miner") == 3 * 4


def test_r_hero_lokdur_1_one_rank_worth_three() -> None:
    t = final(end2().army(0, miner=[1, "Lokdur"]))
    assert t.players[0].points("miner") == 4 * 2


def test_r_hero_hourya_1_explorer_rank_worth_twenty() -> None:
    t = final(end2().army(0, explorer=[5, 6, 7, 8, 9, "Hourya"]))
    assert t.players[0].points("explorer") == 35 + 20


def test_r_hero_hourya_2_needs_five_explorer_ranks_own_rank_excluded() -> None:
    s = due(army={"warrior": [3], "hunter": [0], "miner": [0], "blacksmith": [0], "explorer": [5, 6, 7]})
    assert "hourya" not in {a.hero for a in nidlib.legal_actions(s)}  # 4 ranks: her own would be the 5th
    assert_illegal(s, "p0:hero:hourya", "R-HERO-HOURYA-2")
    s = due()  # 5 Explorer ranks
    assert "hourya" in {a.hero for a in nidlib.legal_actions(s)}


def test_ec_40_and_r_hero_thrud_4_thrud_counts_for_hourya() -> None:
    # Thrud stands in the Explorer column over 4 explorers; a blacksmith gives Ana her 2nd line.
    s = due(
        army={
            "warrior": [3, 4],
            "hunter": [0, 0],
            "miner": [0, 1],
            "blacksmith": [0],
            "explorer": [5, 6, 7, 8, "Thrud"],
        },
        row=("B", "W8", "W9"),
    )
    assert ranks(s.players[0], E) == 5
    assert s.players[0].thrud == E
    assert "hourya" in {a.hero for a in nidlib.legal_actions(s)}


def test_r_hero_idunn_1_and_r_hero_idunn_2_seven_plus_two_per_explorer_rank() -> None:
    t = final(end2().army(0, explorer=[5, 8, "Idunn"]))
    assert t.players[0].points("explorer") == 5 + 8 + 7 + 2 * 3


def test_r_hero_dwerg_1_brothers_scored_by_count_for_each_player() -> None:
    t = final(
        end2()
        .command_zone(0, ["Dwerg Ymir", "Dwerg Aesir", "Dwerg Sigmir"])
        .command_zone(1, ["Dwerg Jungir", "Dwerg Bergelmir"])
        .command_zone(2, [])
    )
    assert t.players[0].points("heroes") == 81
    assert t.players[1].points("heroes") == 40


def test_r_hero_skaa_1_seventeen_points() -> None:
    assert final(end2().command_zone(0, ["Skaa"])).players[0].points("heroes") == 17


def test_r_hero_astrid_1_highest_coin() -> None:
    t = final(end2().command_zone(0, ["Astrid"]).hand(0, [0, 2, 3, 4, 18]))
    assert t.players[0].points("heroes") == 18


def test_r_hero_grid_1_seven_points() -> None:
    assert final(end2().command_zone(0, ["Grid"])).players[0].points("heroes") == 7


def test_r_hero_grid_2_plus_seven_transformation_on_recruitment() -> None:
    s = due()
    s, _ = play(s, "p0:hero:grid")
    d = nidlib.decision(s)
    assert d.kind == "transform"
    assert d.params == {"amount": 7, "source": "grid"}
    s, _ = play(s, "p0:transform:t1")  # the 4 on the Dragon -> 11
    assert str(s.players[0].slots[1]) == "11"
    assert not s.players[0].revealed[1]
    assert "grid" in s.players[0].command_zone


def test_r_hero_uline_1_nine_points() -> None:
    assert final(end2().command_zone(0, ["Uline"])).players[0].points("heroes") == 9


def test_r_hero_uline_2_face_down_coins_go_to_hand() -> None:
    s = due()
    s, ev = play(s, "p0:hero:uline")
    p = s.players[0]
    assert str(p.slots[0]) == "5b"
    assert p.revealed[0]
    assert p.slots[1:] == [None] * 4
    assert [str(c) for c in p.hand] == ["0", "2", "3", "4"]
    assert by_rule(ev, "R-HERO-ULINE-2")[0].params["count"] == 4


def test_r_hero_uline_3_owner_places_no_bids_and_the_hand_is_hidden() -> None:
    s = due()
    s, _ = play(s, "p0:hero:uline")
    s, _ = play_until(s, lambda x: x.round == 2, choose=first)
    d = nidlib.decision(s)
    assert d.kind == "bids"
    assert 0 not in d.players
    assert len(s.players[0].hand) == 5
    v = nidlib.view_for(s, 1)
    assert v.players[0].hand == []
    assert len(v.players[0].hidden) == 5
    assert len(nidlib.view_for(s, 0).players[0].hand) == 5


def test_r_hero_uline_4_lays_a_coin_face_up_at_each_reveal() -> None:
    s = due()
    s, _ = play(s, "p0:hero:uline")
    s, _ = play_until(s, lambda x: x.tavern == 1, choose=first)
    d = nidlib.decision(s)
    assert d.kind == "uline_bid"
    assert d.players == (0,)
    assert all(s.players[i].revealed[1] for i in (1, 2))
    s, ev = play(s, "p0:uline:4")
    assert str(s.players[0].slots[1]) == "4"
    assert s.players[0].revealed[1]
    assert (
        by_rule(ev, "R-HERO-ULINE-4")[0].text()
        == "Ana lays the 4 face up on the Dancing Dragon. [R-HERO-ULINE-4]"
    )


def test_r_hero_uline_5_trade_from_hand_new_coin_to_hand() -> None:
    s = due(row=("E9", "W8", "W9"))
    s, _ = play(s, "p0:hero:uline")
    s, _ = play_until(s, lambda x: x.tavern == 1, choose=first)
    s, _ = play(s, "p0:uline:0")
    s, _ = play_until(s, lambda x: nidlib.decision(x).kind == "uline_trade", choose=first)
    assert [str(c) for c in s.players[0].hand] == ["2", "3", "4"]
    s, ev = play(s, "p0:trade:h0,h2")  # 2 + 4 = 6
    assert [str(c) for c in s.players[0].hand] == ["2", "3", "6"]
    assert by_rule(ev, "R-TRADE-2")


def test_r_hero_uline_6_transformation_of_a_hand_or_revealed_coin_in_place() -> None:
    s = (
        Scenario(3, NAMES3, seed=1)
        .gems({0: 5, 1: 4, 2: 3})
        .command_zone(0, ["Uline"])
        .army(0, warrior=[3], hunter=[0], miner=[0], blacksmith=[0], explorer=[5])
        .hand(0, [0, 2, 3, 4, "5b"])
        .bids(1, taverns=[2, 3, 0], pouch=[4, "5b"])
        .bids(2, taverns=[3, 2, 0], pouch=[4, "5b"])
        .taverns([["RO3", "W8", "W9"], ["H", "H", "H"], ["M0", "M1", "M2"]])
        .at_tavern(0)
        .build()
    )
    s, _ = play(s, "p0:uline:4", "p0:pick:1RO3")
    locs = sorted(a.location for a in nidlib.legal_actions(s))
    assert locs == ["h1", "h2", "h3", "t0"]  # hand 0, 2, 3, 5b: the 0 excluded; the revealed 4
    a, _ = play(s, "p0:transform:t0")
    assert str(a.players[0].slots[0]) == "7"
    assert a.players[0].revealed[0]
    b, _ = play(s, "p0:transform:h3")
    assert [str(c) for c in b.players[0].hand] == ["0", "2", "3", "8"]


def test_r_hero_ylud_1_recruited_into_the_command_zone() -> None:
    s = due()
    s, ev = play(s, "p0:hero:ylud")
    assert s.players[0].command_zone == ["ylud"]
    assert all("ylud" not in c for c in s.players[0].columns)
    assert by_rule(ev, "R-HERO-YLUD-1")[0].text() == (
        "Ylud waits in Ana's command zone until the end of the Age. [R-HERO-YLUD-1]"
    )


def test_r_hero_ylud_2_placed_at_the_end_of_age_one_and_counts_for_evaluation() -> None:
    s = (
        Scenario(3, NAMES3, seed=1)
        .command_zone(0, ["Ylud"])
        .army(0, warrior=[3])
        .army(1, explorer=[5])
        .at_end_of_age()
        .build()
    )
    d = nidlib.decision(s)
    assert d.kind == "ylud"
    assert d.params == {"age": 1}
    assert d.players == (0,)
    assert len(nidlib.legal_actions(s)) == 5
    s, ev = play(s, "p0:ylud:explorer")
    assert s.players[0].columns[E] == ["ylud"]
    assert "ylud" not in s.players[0].command_zone
    assert by_rule(ev, "R-HERO-YLUD-2")[0].text() == "Ana places Ylud in the Explorer column. [R-HERO-YLUD-2]"
    s, more = play_until(s, lambda x: x.age == 2, choose=first)
    # Explorer: Ana 1 (Ylud), Bo 1 -> tie: nobody gets the Pioneer
    pioneer = [e for e in ev + more if e.rule == "R-EVAL-3" and e.params["cls"] == "@class.explorer"]
    assert pioneer
    assert pioneer[0].key == "eval.tie"


def test_r_hero_ylud_3_and_ec_43_end_of_age_two_move_is_optional() -> None:
    s = end2().army(0, hunter=[0, "Ylud"]).at_end_of_age().build()
    d = nidlib.decision(s)
    assert d.kind == "ylud"
    assert d.params == {"age": 2}
    stay, ev = play(s, "p0:ylud:hunter")
    assert stay.players[0].columns[H] == ["2H1", "ylud"] or stay.players[0].columns[H][-1] == "ylud"
    assert by_rule(ev, "R-HERO-YLUD-3")[0].key == "ylud.stays"
    move, ev = play(s, "p0:ylud:explorer")
    assert move.players[0].columns[E] == ["ylud"]
    assert "ylud" not in move.players[0].columns[H]
    assert by_rule(ev, "R-HERO-YLUD-3")[0].key == "ylud.moves"


def test_r_hero_ylud_4_placement_triggers_recruitment() -> None:
    s = (
        Scenario(3, NAMES3, seed=1)
        .command_zone(0, ["Ylud"])
        .army(0, warrior=[3, 4], hunter=[0, 0], miner=[0, 1], blacksmith=[0, 0], explorer=[5])
        .at_end_of_age()
        .build()
    )
    s, ev = play(s, "p0:ylud:explorer")
    assert lines(s.players[0]) == 2
    assert nidlib.decision(s).kind == "hero"
    assert by_rule(ev, "R-RECRUIT-1")


@pytest.mark.parametrize(
    ("column", "category", "points"),
    [
        ("explorer", "explorer", 11),
        ("warrior", "warrior", 7),
        ("miner", "miner", 1),
        ("hunter", "hunter", 1),
        ("blacksmith", "blacksmith", 3),
    ],
)
def test_r_hero_ylud_5_scored_by_final_column(column: str, category: str, points: int) -> None:
    s = end2().command_zone(0, ["Ylud"]).at_end_of_age().build()
    s, _ = play(s, f"p0:ylud:{column}")
    assert s.is_over
    assert nidlib.final_scores(s).players[0].points(category) == points


def test_r_hero_ylud_6_in_the_army_she_is_covered_and_blocks_discards() -> None:
    s = due(
        army={
            "warrior": [3, "Ylud"],
            "hunter": [0, 0],
            "miner": [0, 1],
            "blacksmith": [0],
            "explorer": [5, 6],
        },
        row=("B", "W8", "W9"),
        cz=[],
        age=2,
    )
    s2, _ = play(s, "p0:hero:bonfur")
    opts = {str(a) for a in nidlib.legal_actions(s2)}
    assert "p0:discard:warrior" not in opts
    assert "p0:discard:miner" in opts
    # a later warrior covers her
    s3 = (
        end2()
        .army(0, warrior=[3, "Ylud"])
        .bids(0, taverns=["5b", 4, 3], pouch=[0, 2])
        .bids(1, taverns=[2, 3, 4], pouch=[0, "5b"])
        .bids(2, taverns=[3, 2, 4], pouch=[0, "5b"])
        .taverns([["W9", "W8", "W7"], ["H", "H", "H"], ["M0", "M1", "M2"]])
        .at_tavern(0)
        .build()
    )
    s3, _ = play(s3, nidlib.Pick(0, s3.taverns[0][0]))
    assert s3.players[0].columns[W][1:] == ["ylud", s3.players[0].columns[W][-1]]
    assert nidlib.CARDS[s3.players[0].columns[W][-1]].ranks == (9,)


def test_r_hero_ylud_7_recruited_in_age_two_waits_for_the_end_of_age_two() -> None:
    s = due(age=2)
    s, _ = play(s, "p0:hero:ylud")
    s, ev = play_until(s, lambda x: nidlib.decision(x).kind == "ylud", choose=first)
    assert nidlib.decision(s).params == {"age": 2}
    assert "ylud" in s.players[0].command_zone
    assert [e for e in ev if e.key == "age.end"]


def test_r_hero_ylud_8_recruited_during_troop_evaluation_stays_for_age_two() -> None:
    # Ana wins the King's Great Armorer: the 2-rank card gives a line; she recruits Ylud.
    s = (
        Scenario(3, NAMES3, seed=1)
        .army(0, warrior=[3], hunter=[0], miner=[0], blacksmith=[], explorer=[5])
        .army(1, warrior=[4], hunter=[0], miner=[1], explorer=[6])
        .at_end_of_age()
        .build()
    )
    s, _ = play_until(s, lambda x: nidlib.decision(x).kind == "hero", choose=first)
    assert nidlib.decision(s).players == (0,)
    s, _ = play(s, "p0:hero:ylud")
    s, ev = play_until(s, lambda x: x.age == 2, choose=first)
    assert "ylud" in s.players[0].command_zone
    assert len(s.players[0].heroes) == 1
    assert not [e for e in ev if e.rule == "R-HERO-YLUD-2"]
    s, _ = play_until(s, lambda x: nidlib.decision(x).kind == "ylud", choose=first)
    assert nidlib.decision(s).params == {"age": 2}


def test_r_hero_thrud_1_thirteen_points() -> None:
    t = final(end2().army(0, warrior=[3, "Thrud"]))
    assert t.players[0].points("heroes") == 13


def test_r_hero_thrud_2_placed_in_any_column() -> None:
    s = due()
    s, ev = play(s, "p0:hero:thrud")
    assert nidlib.decision(s).kind == "thrud"
    assert sorted(str(a) for a in nidlib.legal_actions(s)) == sorted(
        f"p0:thrud:{c}" for c in ("warrior", "hunter", "miner", "blacksmith", "explorer")
    )
    s, ev = play(s, "p0:thrud:miner")
    assert s.players[0].thrud == M
    assert ranks(s.players[0], M) == 2
    assert by_rule(ev, "R-HERO-THRUD-3")[0].text() == "Ana places Thrud in the Miner column. [R-HERO-THRUD-3]"


def test_r_hero_thrud_3_and_ec_39_card_in_her_column_lifts_her() -> None:
    s = (
        Scenario(3, NAMES3, seed=1)
        .gems({0: 5, 1: 4, 2: 3})
        .army(0, warrior=[3, "Thrud"], hunter=[0], miner=[0], blacksmith=[0], explorer=[5])
        .command_zone(0, ["Skaa"])
        .bids(0, taverns=["5b", 4, 3], pouch=[0, 2])
        .bids(1, taverns=[2, 3, 4], pouch=[0, "5b"])
        .bids(2, taverns=[3, 2, 4], pouch=[0, "5b"])
        .taverns([["W7", "E9", "W4"], ["H", "H", "H"], ["M0", "M1", "M2"]])
        .at_tavern(0)
        .build()
    )
    s, ev = play(s, "p0:pick:1W7")
    assert s.players[0].columns[W] == ["1W3", "1W7"]
    assert s.players[0].thrud == -1
    (lift,) = [e for e in ev if e.key == "thrud.lifted"]
    assert lift.text() == (
        "Warrior 7 goes into the Warrior column where Thrud stands: Thrud is lifted and Ana "
        "places her again. [R-HERO-THRUD-3]"
    )
    assert nidlib.decision(s).kind == "thrud"
    assert not by_rule(ev, "R-RECRUIT-1")  # lines are evaluated only after she is re-placed
    s, ev = play(s, "p0:thrud:warrior")  # the same column is allowed
    assert s.players[0].thrud == W
    assert lines(s.players[0]) == 1


def test_r_hero_thrud_3_ylud_placed_in_her_column_lifts_her_then_lines_count() -> None:
    """The Ylud branch: Ylud's end-of-Age placement is a card placed in Thrud's column (R-HERO-YLUD-2)."""
    s = (
        Scenario(3, NAMES3, seed=1)
        .command_zone(0, ["Ylud"])
        .army(
            0,
            warrior=[3, 4, "Thrud"],
            hunter=[0, 0, 0],
            miner=[0, 1, 2],
            blacksmith=[0, 0, 0],
            explorer=[5, 6],
        )
        .at_end_of_age()
        .build()
    )
    assert s.players[0].thrud == W
    assert lines(s.players[0]) == 2
    s, ev = play(s, "p0:ylud:warrior")
    assert s.players[0].columns[W][-1] == "ylud"
    assert s.players[0].thrud == -1
    (lift,) = by_rule(ev, "R-HERO-THRUD-3")
    assert lift.text() == (
        "Ylud goes into the Warrior column where Thrud stands: Thrud is lifted and Ana "
        "places her again. [R-HERO-THRUD-3]"
    )
    assert [e.key for e in ev] == ["ylud.placed", "thrud.lifted"]  # no recruitment before she is back
    assert nidlib.decision(s).kind == "thrud"
    assert len(nidlib.legal_actions(s)) == 5  # any column, her old one included
    s, ev = play(s, "p0:thrud:explorer")
    assert s.players[0].thrud == E
    assert lines(s.players[0]) == 3  # Thrud completes the third line: 3 lines > 2 heroes (Thrud, Ylud)
    assert by_rule(ev, "R-RECRUIT-1")
    assert nidlib.decision(s).kind == "hero"


def test_r_hero_thrud_3_ylud_moved_into_her_column_at_the_end_of_age_two() -> None:
    s = end2().army(0, hunter=[0, "Ylud"], explorer=[5, "Thrud"]).at_end_of_age().build()
    assert nidlib.decision(s).kind == "ylud"
    s, ev = play(s, "p0:ylud:explorer")
    assert [e.key for e in ev] == ["ylud.moves", "thrud.lifted"]
    assert s.players[0].columns[E][-1] == "ylud"
    assert nidlib.decision(s).kind == "thrud"
    s, ev = play(s, "p0:thrud:hunter")  # re-placed, then home at the end of the game (R-HERO-THRUD-5)
    assert "thrud.placed" in [e.key for e in ev]
    assert s.is_over
    assert "thrud" in s.players[0].command_zone


def test_r_hero_dagda_1_and_r_hero_dagda_2_in_thruds_column_discards_first() -> None:
    s = due(
        army={
            "warrior": [3, 4],
            "hunter": [0, "Thrud"],
            "miner": [0, 1],
            "blacksmith": [0, 0],
            "explorer": [5],
        },
        row=("E9", "W8", "W9"),
    )
    s, _ = play(s, "p0:hero:dagda")
    p = s.players[0]
    assert p.columns[H][-1] == "dagda"
    assert p.thrud == -1
    d = nidlib.decision(s)
    assert d.kind == "discard"
    assert d.params == {"count": 2, "exclude": "hunter"}
    assert_illegal(s, "p0:discard:warrior,warrior", "R-HERO-DAGDA-2")
    assert_illegal(s, "p0:discard:hunter,miner", "R-HERO-DAGDA-2")
    assert_illegal(s, "p0:discard:warrior", "R-HERO-DAGDA-2")
    s, _ = play(s, "p0:discard:warrior,blacksmith")
    assert nidlib.decision(s).kind == "thrud"
    assert s.players[0].thrud == -1
    s, _ = play(s, "p0:thrud:hunter")
    assert s.players[0].thrud == H
    assert ranks(s.players[0], H) == 5


def test_r_hero_dagda_3_top_card_must_be_a_dwarf() -> None:
    s = due(
        army={
            "warrior": [3, "Kraal"],
            "hunter": [0, 0, 0],
            "miner": [0, 1, "Lokdur"],
            "blacksmith": [0, 0, 0],
            "explorer": [5, 6],
        },
        row=("E9", "W8", "W9"),
    )
    # tops: Kraal (hero), Lokdur (hero), blacksmith dwarf, explorer dwarf -> 2 columns: Dagda allowed
    assert "dagda" in {a.hero for a in nidlib.legal_actions(s)}
    s, _ = play(s, "p0:hero:dagda")
    assert sorted(str(a) for a in nidlib.legal_actions(s)) == ["p0:discard:blacksmith,explorer"]
    assert_illegal(s, "p0:discard:warrior,explorer", "R-HERO-DAGDA-3")


def test_r_hero_dagda_4_armorer_card_can_be_discarded_lines_may_drop_below_heroes() -> None:
    s = due(
        army={
            "warrior": [3, 4],
            "hunter": [0],
            "miner": [0, 1],
            "blacksmith": [0, "armorer"],
            "explorer": [5],
        },
        row=("E9", "W8", "W9"),
        cz=[],
    )
    s, _ = play(s, "p0:hero:dagda")
    assert "p0:discard:warrior,blacksmith" in {str(a) for a in nidlib.legal_actions(s)}
    s, _ = play(s, "p0:discard:warrior,blacksmith")
    assert "armorer" in s.discard
    assert len(s.players[0].columns[B]) == 1
    assert len(s.players[0].heroes) == 1
    assert lines(s.players[0]) == 1


def test_r_hero_bonfur_1_in_thruds_column_discard_before_replacing_her() -> None:
    s = due(
        army={
            "warrior": [3, 4],
            "hunter": [0, 0],
            "miner": [0, 1],
            "blacksmith": [0, "Thrud"],
            "explorer": [5],
        },
        row=("E9", "W8", "W9"),
    )
    s, _ = play(s, "p0:hero:bonfur")
    assert s.players[0].thrud == -1
    assert nidlib.decision(s).kind == "discard"
    s, _ = play(s, "p0:discard:miner")
    assert nidlib.decision(s).kind == "thrud"
    s, _ = play(s, "p0:thrud:miner")
    assert ranks(s.players[0], B) == 4
    assert ranks(s.players[0], M) == 2


def test_r_hero_bonfur_2_discards_the_top_dwarf_of_one_other_column() -> None:
    s = due()
    s, ev = play(s, "p0:hero:bonfur")
    d = nidlib.decision(s)
    assert d.kind == "discard"
    assert d.params == {"count": 1, "exclude": "blacksmith"}
    assert by_rule(ev, "R-HERO-BONFUR-2")[0].text() == (
        "Bonfur: Ana must discard the top dwarf of one other column. [R-HERO-BONFUR-2]"
    )
    assert_illegal(s, "p0:discard:blacksmith", "R-HERO-BONFUR-2")
    s, ev = play(s, "p0:discard:explorer")
    assert s.players[0].columns[E] == ["1E5", "1E6", "1E7", "1E8"]
    assert "1E9" in s.discard


def test_r_hero_bonfur_3_needs_one_column_with_a_dwarf_on_top() -> None:
    # Kraal, Aral and Idunn top their columns: the Miner pick leaves one column for Bonfur
    s = due(
        army={
            "warrior": [3, 4, "Kraal"],
            "hunter": [0, 0, "Aral"],
            "miner": [0, 1, 2],
            "blacksmith": [0, 0, 0, 0],
            "explorer": [5, 6, 7, "Idunn"],
        },
        row=("M0", "W8", "W9"),
    )
    assert "bonfur" in {a.hero for a in nidlib.legal_actions(s)}
    s2, _ = play(s, "p0:hero:bonfur")
    assert [str(a) for a in nidlib.legal_actions(s2)] == ["p0:discard:miner"]


def test_r_hero_thrud_5_and_ec_41_to_command_zone_before_scoring() -> None:
    ev: list[nidlib.Event] = []
    s = (
        end2()
        .army(0, warrior=[3, "Thrud"])
        .army(1, warrior=[4])
        .hand(1, [0, 2, 3, 4, 20])
        .at_end_of_age()
        .build(ev)
    )
    assert s.is_over
    assert s.players[0].thrud == -1
    assert "thrud" in s.players[0].command_zone
    (home,) = by_rule(ev, "R-HERO-THRUD-5")
    assert home.text() == (
        "End of the game: Thrud leaves Ana's Warrior column for the command zone. [R-HERO-THRUD-5]"
    )
    t = nidlib.final_scores(s)
    # without Thrud, Ana and Bo tie at 1 Warrior rank: both get their highest coin
    assert t.players[0].points("warrior_bonus") == 5
    assert t.players[1].points("warrior_bonus") == 20
    assert t.players[0].points("heroes") == 13


def test_r_hero_thrud_6_she_is_a_hero_and_blocks_her_column() -> None:
    s = due(
        army={
            "warrior": [3, 4, "Thrud"],
            "hunter": [0, 0],
            "miner": [0, 1],
            "blacksmith": [0, 0],
            "explorer": [5],
        },
        row=("E9", "W8", "W9"),
    )
    assert len(s.players[0].heroes) == 1
    assert lines(s.players[0]) == 2
    s, _ = play(s, "p0:hero:bonfur")
    assert "p0:discard:warrior" not in {str(a) for a in nidlib.legal_actions(s)}
    assert_illegal(s, "p0:discard:warrior", "R-HERO-BONFUR-3")
