"""Final scoring (nidlib.rules.scoring): R-SCORE-1..11, hero scoring, EC-45..EC-52, D-11, D-13, D-14."""

from __future__ import annotations

import json
import random
import re
import string
from importlib import resources
from pathlib import Path

import pytest

from nidlib.core.cards import AGE_DECKS, CARDS, CLASSES, DWERGS, CardKind, Distinction, DwarfClass, Hero
from nidlib.core.coins import GREEN_3, ROYAL, Coin, CoinKind
from nidlib.core.messages import LANGUAGES
from nidlib.rules.scoring import (
    CATEGORIES,
    ScoreTable,
    Tableau,
    blacksmith_points,
    class_points,
    column_bravery,
    explorer_points,
    final_bravery_values,
    hunter_points,
    miner_points,
    neutral_hero_points,
    ranks,
    score_tableaux,
    warrior_majority,
    warrior_points,
)
from nidlib.tools.scoresheet import load_sheet

W, H, M, B, E = CLASSES
SHEETS = Path(__file__).parent / "data" / "sheets"


def coins(*values: int | str) -> list[Coin]:
    """0, 2, 3, 4 are basic; 5..25 gold; "3s" green, "5b" basic 5."""
    out = []
    for v in values:
        if isinstance(v, str):
            out.append(Coin.parse(v))
        elif v < 5:
            out.append(Coin(v, CoinKind.BASIC))
        else:
            out.append(ROYAL[v])
    return out


def tableau(
    name: str = "Ana",
    *,
    warrior: tuple[str, ...] = (),
    hunter: tuple[str, ...] = (),
    miner: tuple[str, ...] = (),
    blacksmith: tuple[str, ...] = (),
    explorer: tuple[str, ...] = (),
    zone: tuple[str, ...] = (),
    coin_values: tuple[int | str, ...] = (0, 2, 3, 4, "5b"),
    gem: int = 3,
) -> Tableau:
    columns = {W: warrior, H: hunter, M: miner, B: blacksmith, E: explorer}
    return Tableau(name=name, columns=columns, command_zone=zone, coins=coins(*coin_values), gem=gem)


def ec51() -> Tableau:
    """EC-51: 3 heroes, 3 lines, FBV 212."""
    return tableau(
        warrior=("1W3", "1W6", "1W9", "tarah"),
        hunter=("1H1", "1H2", "1H3", "1H4", "aral"),
        miner=("1M0", "1M1", "1M2"),
        blacksmith=("1B1", "1B2", "1B3", "1B4", "1B5"),
        explorer=("1E5", "1E8", "1E11"),
        zone=("skaa",),
        coin_values=(0, 4, 9, 13, 20),
        gem=6,
    )


def ec52(name: str = "Ana") -> Tableau:
    """EC-52: 4 heroes, 4 lines, FBV 227 (tied for the warrior majority)."""
    return tableau(
        name,
        warrior=("1W4", "1W5", "1W7", "1W8"),
        hunter=("1H1", "1H2", "1H3", "1H4"),
        miner=("1M0", "1M1", "1M1b", "1M2"),
        blacksmith=("1B1", "1B2", "1B3", "1B4"),
        explorer=("1E6", "1E9", "1E10", "idunn"),
        zone=("dwerg-ymir", "dwerg-aesir", "astrid"),
        coin_values=(0, 3, "5b", 11, 18),
        gem=4,
    )


def rival(
    warriors: tuple[str, ...], gem: int = 5, coin_values: tuple[int | str, ...] = (0, 2, 3, 4, "5b")
) -> Tableau:
    return tableau("Bo", warrior=warriors, coin_values=coin_values, gem=gem)


# --- R-SCORE-1..11 ------------------------------------------------------------------


def test_r_score_1_fbv_is_the_sum_of_every_category() -> None:
    table = score_tableaux([ec51(), rival(("2W3",))])
    ana = table.players[0]
    assert tuple(line.category for line in ana.lines) == CATEGORIES
    assert ana.total == sum(line.points for line in ana.lines) == 212
    assert ana.as_dict() == {
        "name": "Ana",
        "warrior": 32,
        "hunter": 36,
        "miner": 9,
        "blacksmith": 25,
        "explorer": 24,
        "warrior_bonus": 20,
        "heroes": 17,
        "coins": 46,
        "gem6": 3,
        "total": 212,
    }
    assert ana.total_text("en") == "total (Final Bravery Value): 212"


def test_r_score_2_warrior_sum_of_bravery_plus_highest_coin_for_the_majority() -> None:
    ana = tableau(warrior=("1W3", "1W10", "kraal"), coin_values=(0, 2, 3, 4, 17))
    bo = rival(("2W9", "2W8"), coin_values=(0, 2, 3, 4, 25))
    table = score_tableaux([ana, bo])
    a, b = table.players
    assert a.points("warrior") == 3 + 10 + 7 + 0
    assert a.points("warrior_bonus") == 17  # 4 ranks > 2 ranks
    assert b.points("warrior") == 17
    assert b.points("warrior_bonus") == 0
    assert a.line("warrior").text("en") == "warriors: 3 + 10 + 7 + 0 = 20"
    assert a.line("warrior_bonus").text("en") == "warrior majority: highest coin 17"
    assert b.line("warrior_bonus").text("en") == "warrior majority: 2 warrior ranks, the most is 4 → 0"
    assert a.line("warrior").rule == "R-SCORE-2"


def test_r_score_3_hunter_is_ranks_squared() -> None:
    t = tableau(hunter=("1H1", "1H2", "aral", "dagda"))  # 2 + 2 + 3 = 7 ranks
    line = score_tableaux([t]).players[0].line("hunter")
    assert line.points == 49
    assert line.text("en") == "hunters: 7 ranks → 7² = 49"
    assert line.rule == "R-SCORE-3"


def test_r_score_4_miner_is_bravery_sum_times_ranks() -> None:
    line = score_tableaux([ec52()]).players[0].line("miner")
    assert line.points == 16
    assert line.text("en") == "miners: 4 ranks × 4 points = 16"
    assert line.params == {"ranks": 4, "bp": 4, "points": 16}
    assert miner_points([0, 1, 1, 2]) == 16
    assert miner_points([]) == 0


def test_r_score_5_blacksmith_first_rank_3_then_4_5_6() -> None:
    line = score_tableaux([ec51()]).players[0].line("blacksmith")
    assert line.points == 25
    assert line.text("en") == "blacksmiths: 5 ranks → 25 (3+4+5+6+7)"
    assert [blacksmith_points(n) for n in range(6)] == [0, 3, 7, 12, 18, 25]


def test_r_score_6_explorer_sum_of_bravery() -> None:
    t = tableau(explorer=("1E5", "2E12", "hourya"))
    line = score_tableaux([t]).players[0].line("explorer")
    assert line.points == 37
    assert line.text("en") == "explorers: 5 + 12 + 20 = 37"
    assert explorer_points([5, 12, 20]) == 37


def test_r_score_7_neutral_heroes_in_the_command_zone() -> None:
    zone = ("skaa", "grid", "uline", "thrud", "astrid", "dwerg-ymir", "dwerg-sigmir", "kings-hand")
    t = tableau(zone=zone, coin_values=(0, 2, 3, 4, 21))
    line = score_tableaux([t]).players[0].line("heroes")
    assert line.points == 17 + 7 + 9 + 13 + 21 + 40
    assert line.text("en") == (
        "neutral heroes: Dwerg brothers ×2 = 40, Astrid (highest coin) 21, Skaa 17, Grid 7, Uline 9, Thrud 13 → 107"
    )
    assert neutral_hero_points(zone, 21) == 107
    assert neutral_hero_points(["hunting-master", "pioneer-of-the-kingdom"], 25) == 0


def test_r_score_8_coins_sum_of_all_coins_including_the_trading_coin() -> None:
    t = tableau(coin_values=("3s", 2, "5b", 5, 25))
    line = score_tableaux([t]).players[0].line("coins")
    assert line.points == 3 + 2 + 5 + 5 + 25
    assert line.text("en") == "coins: 3 + 2 + 5 + 5 + 25 = 40"


def test_r_score_9_highest_coin_counted_in_coins_warrior_bonus_and_astrid() -> None:
    t = tableau(warrior=("1W3",), zone=("astrid",), coin_values=(0, 2, 3, 4, 25))
    p = score_tableaux([t]).players[0]
    assert (p.points("coins"), p.points("warrior_bonus"), p.points("heroes")) == (34, 25, 25)


def test_r_score_10_tied_players_share_the_victory() -> None:
    table = score_tableaux([ec52("Ana"), ec52("Bo"), rival(("2W3",), gem=2)])
    assert table.winners == ("Ana", "Bo")
    assert table.winners_text("en") == "Ana and Bo share the victory with 227."
    single = score_tableaux([ec51(), rival(("2W3",))])
    assert single.winners == ("Ana",)
    assert single.winners_text("en") == "Ana wins with 212."
    three = score_tableaux([ec52("Ana"), ec52("Bo"), ec52("Cy")])
    assert three.winners_text("en") == "Ana, Bo and Cy share the victory with 227."
    assert score_tableaux([]) == ScoreTable((), ())


_TABLE_BLACKSMITH = "0 3 7 12 18 25 33 42 52 63 75 88 102 117 133 150 168 187 207 228 250 273 297 322 348 375"
_TABLE_HUNTER = "0 1 4 9 16 25 36 49 64 81 100 121 144 169 196 225 256 289 324 361 400 441 484 529 576 625"


def test_r_score_11_tables_match_formulas_for_0_to_25_ranks() -> None:
    blacksmith = [int(v) for v in _TABLE_BLACKSMITH.split()]
    hunter = [int(v) for v in _TABLE_HUNTER.split()]
    assert len(blacksmith) == len(hunter) == 26
    for n in range(26):
        assert blacksmith_points(n) == blacksmith[n] == n * (n + 5) // 2 == sum(range(3, n + 3))
        assert hunter_points(n) == hunter[n] == n * n


def test_r_score_11_tables_agree_with_rules_md_when_available() -> None:
    rules = Path("/work/shared/RULES.md")
    if not rules.exists():
        pytest.skip("RULES.md not available on this machine")
    text = rules.read_text("utf-8")
    rows = {}
    for label in ("Blacksmith `n(n+5)/2`", "Hunter `n²`"):
        row = next(line for line in text.splitlines() if line.startswith(f"| {label} |"))
        rows[label] = [int(c) for c in row.split("|")[2:-1]]
    assert rows["Blacksmith `n(n+5)/2`"] == [blacksmith_points(n) for n in range(26)]
    assert rows["Hunter `n²`"] == [hunter_points(n) for n in range(26)]


def test_r_score_11_dwerg_brothers_by_count() -> None:
    brothers = sorted(DWERGS)
    assert [neutral_hero_points(brothers[:n], 0) for n in range(6)] == [0, 13, 40, 81, 108, 135]


# --- Class heroes and the special cards -------------------------------------------


def test_r_army_2_ranks_not_cards() -> None:
    assert ranks(["1W3", "kraal"]) == 3  # 2 cards, 3 ranks
    assert ranks(["aral", "dagda", "1H1"], H) == 6
    assert ranks(["aegur", "bonfur", "armorer"], B) == 7
    assert ranks(["zoral"]) == 3
    assert ranks(["ylud"], E) == 1
    t = tableau(blacksmith=("1B1", "armorer"), hunter=("dagda",))
    p = score_tableaux([t]).players[0]
    assert p.points("blacksmith") == blacksmith_points(3)
    assert p.points("hunter") == 9


def test_r_hero_kraal_1_two_warrior_ranks_7_and_0() -> None:
    assert column_bravery(W, ["kraal"]) == [7, 0]
    assert class_points(W, ["kraal"]) == 7
    assert ranks(["kraal"]) == 2


def test_r_hero_tarah_1_one_warrior_rank_14() -> None:
    assert column_bravery(W, ["tarah"]) == [14]
    assert class_points(W, ["1W3", "tarah"]) == 17


def test_r_hero_aral_1_two_hunter_ranks() -> None:
    assert class_points(H, ["aral"]) == 4
    assert class_points(H, ["1H1", "aral"]) == 9


def test_r_hero_dagda_1_three_hunter_ranks() -> None:
    assert class_points(H, ["dagda", "1H1"]) == 16


def test_r_hero_aegur_1_two_blacksmith_ranks() -> None:
    assert class_points(B, ["aegur"]) == 7
    assert class_points(B, ["1B1", "aegur"]) == 12


def test_r_hero_bonfur_1_three_blacksmith_ranks() -> None:
    assert class_points(B, ["bonfur"]) == 12


def test_r_dist_armorer_1_special_blacksmith_has_two_ranks() -> None:
    assert class_points(B, ["armorer"]) == 7
    assert class_points(B, ["1B1", "1B2", "armorer", "bonfur"]) == blacksmith_points(7) == 42


def test_r_hero_zoral_1_miner_ranks_1_0_0() -> None:
    assert column_bravery(M, ["zoral"]) == [1, 0, 0]
    assert class_points(M, ["zoral"]) == 3
    assert class_points(M, ["1M2", "zoral"]) == 3 * 4


def test_r_hero_lokdur_1_one_miner_rank_3() -> None:
    assert class_points(M, ["lokdur"]) == 3
    assert class_points(M, ["1M1", "lokdur"]) == 8


def test_r_hero_hourya_1_one_explorer_rank_20() -> None:
    assert class_points(E, ["hourya"]) == 20


def test_r_hero_idunn_1_one_explorer_rank_7() -> None:
    assert column_bravery(E, ["idunn"]) == [7]
    assert class_points(E, ["idunn"]) == 7 + 2  # her own rank earns her bonus too


def test_r_hero_idunn_2_two_points_per_explorer_rank_including_her_own() -> None:
    t = ec52()
    line = score_tableaux([t]).players[0].line("explorer")
    assert line.points == 40
    assert line.text("en") == "explorers: 6 + 9 + 10 + 7 = 32, Idunn +2 × 4 ranks = 8 → 40"
    assert line.rule == "R-HERO-IDUNN-2"
    assert explorer_points([6, 9, 10, 7], idunn=True) == 40
    # Idunn counts explorer ranks only: multi-rank cards elsewhere do not matter
    assert class_points(E, ["idunn", "1E5"]) == 7 + 5 + 4


@pytest.mark.parametrize(
    ("cls", "points"),
    [(E, 11), (W, 7), (M, 1), (H, 1), (B, 3)],
)
def test_r_hero_ylud_5_scores_by_her_final_column(cls: DwarfClass, points: int) -> None:
    assert class_points(cls, ["ylud"]) == points
    assert ranks(["ylud"], cls) == 1


def test_r_hero_ylud_5_warrior_ylud_counts_for_the_warrior_majority() -> None:
    ana = tableau(warrior=("1W3", "ylud"), coin_values=(0, 2, 3, 4, 9))
    bo = rival(("2W10",))
    a, b = score_tableaux([ana, bo]).players
    assert a.points("warrior") == 10
    assert a.points("warrior_bonus") == 9
    assert b.points("warrior_bonus") == 0


def test_r_hero_ylud_5_miner_ylud_adds_a_rank_and_a_point() -> None:
    assert class_points(M, ["1M2", "ylud"]) == (2 + 1) * 2


def test_r_hero_ylud_1_in_the_command_zone_she_scores_nothing() -> None:
    t = tableau(zone=("ylud",))
    assert score_tableaux([t]).players[0].points("heroes") == 0


# --- Neutral heroes -----------------------------------------------------------------


def test_r_hero_skaa_1_seventeen_points() -> None:
    assert neutral_hero_points(["skaa"], 0) == 17


def test_r_hero_grid_1_seven_points() -> None:
    assert neutral_hero_points(["grid"], 25) == 7


def test_r_hero_uline_1_nine_points() -> None:
    assert neutral_hero_points(["uline"], 25) == 9


def test_r_hero_thrud_1_thirteen_points() -> None:
    assert neutral_hero_points(["thrud"], 25) == 13


def test_r_hero_thrud_5_in_the_command_zone_she_gives_no_rank_only_13() -> None:
    ana = tableau(warrior=("1W3",), zone=("thrud",), coin_values=(0, 2, 3, 4, 9))
    bo = rival(("2W3",), coin_values=(0, 2, 3, 4, 8))
    a, b = score_tableaux([ana, bo]).players
    assert a.points("heroes") == 13
    assert (a.points("warrior_bonus"), b.points("warrior_bonus")) == (9, 8)  # still tied at 1 rank (EC-41)
    # a provisional tableau with Thrud still in a column: one rank, no points, and not her 13 yet
    mid = tableau(warrior=("1W3", "thrud"))
    p = score_tableaux([mid]).players[0]
    assert (p.points("warrior"), p.points("heroes")) == (3, 0)
    assert ranks(["1W3", "thrud"]) == 2


def test_r_hero_astrid_1_value_of_the_highest_coin() -> None:
    t = tableau(zone=("astrid",), coin_values=(0, 2, 3, 4, 14))
    line = score_tableaux([t]).players[0].line("heroes")
    assert line.points == 14
    assert line.text("en") == "neutral heroes: Astrid (highest coin) 14 → 14"


def test_r_hero_dwerg_1_brothers_scored_together_by_count() -> None:
    for n, points in enumerate((0, 13, 40, 81, 108, 135)):
        zone = tuple(sorted(DWERGS))[:n]
        assert score_tableaux([tableau(zone=zone)]).players[0].points("heroes") == points
    # several players may each collect Dwergs
    a, b = score_tableaux(
        [tableau(zone=("dwerg-ymir", "dwerg-aesir")), rival(()), tableau("Cy", zone=("dwerg-jungir",), gem=2)]
    ).players[::2]
    assert (a.points("heroes"), b.points("heroes")) == (40, 13)


# --- Coins and gems -----------------------------------------------------------------


def test_r_dist_crownjeweler_1_gem_6_gives_3_points() -> None:
    p = score_tableaux([tableau(gem=6)]).players[0]
    assert p.points("gem6") == 3
    assert p.line("gem6").text("en") == "Crown Jeweler's gem 6: +3"
    q = score_tableaux([tableau(gem=5)]).players[0]
    assert q.points("gem6") == 0
    assert p.total - q.total == 3


def test_d_11_gem_6_bonus_is_counted_unlike_game_park() -> None:
    with_gem6 = score_tableaux([ec51()]).players[0]
    assert with_gem6.total == 212
    assert with_gem6.total - with_gem6.points("gem6") == 209


def test_r_dist_huntingmaster_2_green_3_is_worth_3_in_the_coin_total() -> None:
    with_green = score_tableaux([tableau(coin_values=("3s", 2, 3, 4, "5b"))]).players[0]
    with_zero = score_tableaux([tableau(coin_values=(0, 2, 3, 4, "5b"))]).players[0]
    assert with_green.points("coins") - with_zero.points("coins") == 3
    assert GREEN_3.value == 3


def test_d_14_highest_coin_is_the_current_one() -> None:
    # Game Park memorises a maximum that never decreases; we read the coins owned at the end.
    t = tableau(warrior=("1W3",), zone=("astrid",), coin_values=(0, 2, 3, 4, 12))
    p = score_tableaux([t]).players[0]
    assert p.points("warrior_bonus") == p.points("heroes") == 12


# --- Edge cases EC-45..EC-52 ---------------------------------------------------------


def test_ec_45_idunn_and_ylud_in_the_explorer_column() -> None:
    t = tableau(explorer=("1E5", "1E8", "idunn", "ylud"))
    line = score_tableaux([t]).players[0].line("explorer")
    assert line.points == 39
    assert line.params["bp"] == 31
    assert line.text("en") == "explorers: 5 + 8 + 7 + 11 = 31, Idunn +2 × 4 ranks = 8 → 39"


def test_ec_46_lokdur_and_zoral_with_miners_0_1_2() -> None:
    assert class_points(M, ["1M0", "1M1", "1M2", "lokdur"]) == 24
    assert class_points(M, ["1M0", "1M1", "1M2", "lokdur", "zoral"]) == 49
    t = tableau(miner=("1M0", "1M1", "1M2", "lokdur", "zoral"))
    assert score_tableaux([t]).players[0].line("miner").text("en") == "miners: 7 ranks × 7 points = 49"


def test_ec_47_nobody_has_a_warrior_rank_so_nobody_gets_the_bonus() -> None:
    table = score_tableaux([tableau(coin_values=(0, 2, 3, 4, 25)), rival(())])
    for p in table.players:
        assert p.points("warrior_bonus") == 0
        assert p.line("warrior_bonus").rule == "EC-47"
        assert p.line("warrior_bonus").text("en") == "warrior majority: nobody has a warrior rank → 0"
    assert warrior_majority([0, 0]) == ()


def test_d_13_warrior_bonus_needs_at_least_one_warrior_rank() -> None:
    # BGA would give everybody their highest coin (19 = 14 + 5 at the start of a game); we give nothing.
    start = score_tableaux([tableau(coin_values=(0, 2, 3, 4, "5b"))]).players[0]
    assert start.total == 14


def test_ec_48_tied_warrior_majority_each_adds_their_own_highest_coin() -> None:
    ana = tableau(warrior=("1W3", "1W4"), coin_values=(0, 2, 3, 4, 20))
    bo = rival(("kraal",), coin_values=(0, 2, 3, 4, 11))  # 1 card, 2 ranks (EC-24)
    cy = tableau("Cy", warrior=("2W3",), coin_values=(0, 2, 3, 4, 25), gem=2)
    a, b, c = score_tableaux([ana, bo, cy]).players
    assert (a.points("warrior_bonus"), b.points("warrior_bonus"), c.points("warrior_bonus")) == (20, 11, 0)
    assert a.line("warrior_bonus").text("en") == "warrior majority: highest coin 20 (shared: tied at 2 ranks)"
    assert warrior_majority([2, 2, 1]) == (0, 1)


def test_ec_49_astrid_with_the_warrior_majority_counts_the_25_three_times() -> None:
    t = tableau(warrior=("1W3",), zone=("astrid",), coin_values=(0, 2, 3, 4, 25))
    p = score_tableaux([t]).players[0]
    assert p.total == 3 + 25 + 25 + (0 + 2 + 3 + 4 + 25)


def test_ec_50_tied_final_scores_share_the_victory_without_tie_breaker() -> None:
    a = ec52("Ana")
    ana = Tableau("Ana", a.columns, a.command_zone, a.coins, gem=6)  # 227 + 3 for the gem 6
    bo = Tableau("Bo", a.columns, a.command_zone, coins(0, 3, "5b", 14, 18), gem=5)  # 227 + 3 more in coins
    table = score_tableaux([ana, bo])
    assert [p.total for p in table.players] == [230, 230]
    assert table.winners == ("Ana", "Bo")  # neither the gem 6 nor the bigger coin sum breaks the tie


def test_ec_51_score_test_vector_1_is_212() -> None:
    table = score_tableaux([ec51(), rival(("2W3", "2W4"))])
    ana = table.player("Ana")
    assert ana.total == 212
    texts = [line.text("en") for line in ana.lines]
    assert texts == [
        "warriors: 3 + 6 + 9 + 14 = 32",
        "hunters: 6 ranks → 6² = 36",
        "miners: 3 ranks × 3 points = 9",
        "blacksmiths: 5 ranks → 25 (3+4+5+6+7)",
        "explorers: 5 + 8 + 11 = 24",
        "warrior majority: highest coin 20",
        "neutral heroes: Skaa 17 → 17",
        "coins: 0 + 4 + 9 + 13 + 20 = 46",
        "Crown Jeweler's gem 6: +3",
    ]


def test_ec_51_from_the_score_sheet_file() -> None:
    data = json.loads((SHEETS / "ec51.json").read_text("utf-8"))
    table = score_tableaux(load_sheet(data))
    assert table.player("Ana").total == 212
    assert table.winners == ("Ana",)


def test_ec_52_score_test_vector_2_is_227() -> None:
    table = score_tableaux([ec52(), rival(("2W3", "2W6", "2W6b", "2W9"))])
    ana = table.player("Ana")
    assert ana.total == 227
    assert [line.text("en") for line in ana.lines] == [
        "warriors: 4 + 5 + 7 + 8 = 24",
        "hunters: 4 ranks → 4² = 16",
        "miners: 4 ranks × 4 points = 16",
        "blacksmiths: 4 ranks → 18 (3+4+5+6)",
        "explorers: 6 + 9 + 10 + 7 = 32, Idunn +2 × 4 ranks = 8 → 40",
        "warrior majority: highest coin 18 (shared: tied at 4 ranks)",
        "neutral heroes: Dwerg brothers ×2 = 40, Astrid (highest coin) 18 → 58",
        "coins: 0 + 3 + 5 + 11 + 18 = 37",
        "gem 4: no bonus → 0",
    ]
    assert table.player("Bo").points("warrior_bonus") == 5  # the other tied player: own highest coin


def test_ec_52_from_the_score_sheet_file() -> None:
    data = json.loads((SHEETS / "ec52.json").read_text("utf-8"))
    table = score_tableaux(load_sheet(data))
    assert table.player("Ana").total == 227
    assert table.player("Bo").points("warrior_bonus") == 12


# --- Fast path, robustness, catalogue -----------------------------------------------


def _random_tableau(rng: random.Random, name: str, pool: list[str]) -> Tableau:
    columns: dict[DwarfClass, list[str]] = {cls: [] for cls in CLASSES}
    for cid in rng.sample(pool, rng.randint(0, 25)):
        card = CARDS[cid]
        assert card.cls is not None
        columns[card.cls].append(cid)
    if rng.random() < 0.5:
        columns[rng.choice(CLASSES)].append("ylud")
    zone = rng.sample(
        ["skaa", "grid", "uline", "thrud", "astrid", *sorted(DWERGS), "crown-jeweler"], rng.randint(0, 5)
    )
    gold = rng.sample(range(5, 26), 4)
    return Tableau(
        name, columns, zone, [Coin(0, CoinKind.BASIC), *(ROYAL[v] for v in gold)], rng.randint(1, 6)
    )


def test_r_score_1_fast_path_agrees_with_the_score_lines_and_the_formulas() -> None:
    rng = random.Random(7)
    pool = [c.id for age in (1, 2) for c in AGE_DECKS[age] if c.kind is CardKind.DWARF]
    pool += [
        "kraal",
        "tarah",
        "aral",
        "dagda",
        "aegur",
        "bonfur",
        "zoral",
        "lokdur",
        "hourya",
        "idunn",
        "armorer",
    ]
    for _ in range(200):
        tabs = [_random_tableau(rng, n, pool) for n in ("A", "B", "C")]
        table = score_tableaux(tabs)
        assert final_bravery_values(tabs) == tuple(p.total for p in table.players)
        warrior_ranks = [ranks(t.columns[W]) for t in tabs]
        bonus = warrior_majority(warrior_ranks)
        for i, (t, p) in enumerate(zip(tabs, table.players, strict=True)):
            high = max(c.value for c in t.coins)
            expected = (
                warrior_points(column_bravery(W, t.columns[W]))
                + hunter_points(ranks(t.columns[H]))
                + miner_points(column_bravery(M, t.columns[M]))
                + blacksmith_points(ranks(t.columns[B]))
                + explorer_points(column_bravery(E, t.columns[E]), idunn="idunn" in t.columns[E])
                + (high if i in bonus else 0)
                + neutral_hero_points(t.command_zone, high)
                + sum(c.value for c in t.coins)
                + (3 if t.gem == 6 else 0)
            )
            assert p.total == expected
            for cls in CLASSES:
                assert p.points(cls.value) == class_points(cls, t.columns[cls])


def test_unknown_card_ids_are_refused() -> None:
    with pytest.raises(ValueError, match="1W99"):
        score_tableaux([tableau(warrior=("1W99",))])
    with pytest.raises(ValueError, match="nobody"):
        score_tableaux([tableau(zone=("nobody",))])
    with pytest.raises(ValueError, match="1RO3"):
        class_points(W, ["1RO3"])
    with pytest.raises(KeyError):
        score_tableaux([tableau()]).players[0].points("bananas")


def test_distinctions_in_the_command_zone_score_nothing() -> None:
    zone = tuple(d.value for d in Distinction)
    assert score_tableaux([tableau(zone=zone)]).players[0].points("heroes") == 0


def _placeholders(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def _catalogue_file(lang: str) -> dict[str, str]:
    text = resources.files("nidlib.locales").joinpath(lang, "scoring.json").read_text("utf-8")
    data: dict[str, str] = json.loads(text)
    return data


def test_scoring_catalogue_is_complete_in_every_language() -> None:
    en = _catalogue_file("en")
    for lang in ("zh-Hant", "zh-Hans"):
        other = _catalogue_file(lang)
        assert set(other) == set(en), lang
        for key, template in en.items():
            assert _placeholders(other[key]) == _placeholders(template), (lang, key)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_score_line_renders_in_every_language(lang: str) -> None:
    tabs = [
        ec51(),
        ec52("Bo"),
        tableau("Cy", zone=("skaa", "dwerg-jungir"), gem=2),
        tableau("Di", coin_values=(), gem=1),
    ]
    table = score_tableaux(tabs)
    text = table.text(lang)
    assert "{" not in text
    assert not re.search(r"\bscore\.", text)
    for p in table.players:
        for line in p.lines:
            assert line.text(lang, cite=True).endswith(f"[{line.rule}]")
    if lang != "en":
        assert "warriors" not in text
        assert "212" in text


def test_score_lines_in_chinese() -> None:
    p = score_tableaux([ec52()]).players[0]
    assert p.line("miner").text("zh-Hant") == "礦工：4 個階級 × 4 點勇氣值 = 16"
    assert p.line("miner").text("zh-Hans") == "矿工：4 个等级 × 4 勇武点 = 16"
    assert score_tableaux([ec52("Ana"), ec52("Bo")]).winners_text("zh-Hant") == "Ana與Bo 以 227 分共享勝利。"


def test_hero_ids_used_by_scoring_exist() -> None:
    assert {h.value for h in Hero} >= {"skaa", "grid", "uline", "thrud", "astrid", "idunn", "ylud"}
