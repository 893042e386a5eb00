"""The score sheet with Thingvellir (docs/score-sheet.md "Thingvellir", X-TH-SCORE-1)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from clikit import sheet_refusal

from nidlib.tools.scoresheet import score_sheet

SHEET: dict[str, Any] = {
    "players": [
        {
            "name": "Ana",
            "army": {
                "warrior": [3, "merc5"],
                "explorer": [5, "Vegvisir", "Olwyn's double"],
                "miner": [1, "Olwyn's double"],
                "hunter": [0],
                "blacksmith": [0],
            },
            "command_zone": ["Olwyn", "Draupnir", "Svalinn", "Jarnglofi", "Mjöllnir", "Holda"],
            "coins": [2, 4, "5b", 15],
            "gem": 4,
            "mjollnir": "warrior",
        },
        {
            "name": "Bo",
            "army": {"warrior": [4]},
            "command_zone": ["Hrafnsmerki", "Khrad"],
            "coins": [0, 2, 3, 4, "5b"],
            "gem": 3,
        },
    ]
}


def test_x_th_score_1_artifacts_mercenaries_vegvisir_doubles_and_heroes() -> None:
    ana = score_sheet(SHEET).player("Ana")
    assert ana.points("warrior") == 3 + 9  # M5 as a warrior: 9 (X-TH-10)
    assert ana.points("explorer") == 5 + 13 + 0  # Vegvisir 13, a double 0 (X-TH-HERO-OLWYN-2)
    assert ana.points("miner") == 1 * 2  # the double is a miner rank of 0 points
    assert ana.points("heroes") == 9 + 12  # Olwyn, Holda
    # Draupnir 6 x one coin >= 15, Svalinn 5 x 2 heroes, Jarnglofi 24, Mjöllnir 2 x 2 warrior ranks
    assert ana.points("artifacts") == 6 + 10 + 24 + 4
    assert score_sheet(SHEET).player("Bo").points("artifacts") == 0  # Hrafnsmerki without a mercenary
    best = copy.deepcopy(SHEET)
    del best["players"][0]["mjollnir"]  # the best class: explorer, 3 ranks (D-X22)
    assert score_sheet(best).player("Ana").points("artifacts") == 6 + 10 + 24 + 6


@pytest.mark.parametrize(
    ("path", "value", "field", "rule"),
    [
        (("army", "warrior", 1), "merc4", "players[0].army.warrior[1]", "X-TH-MERC-1"),
        (("army", "miner", 1), "Vegvisir", "players[0].army.miner[1]", "X-TH-ART-VEGVISIR-1"),
        (("army", "explorer", 1), "Olwyn's double", "players[0].army", "X-TH-HERO-OLWYN-1"),
        (("command_zone", 0), "Andumia", "players[0].army", "X-TH-HERO-OLWYN-1"),
        (("coins",), [0, 2, 4, 15], "players[0].coins", "X-TH-ART-JARNGLOFI-2"),
        (("coins",), [2, 3, 4, "5b", 15], "players[0].coins", "X-TH-ART-JARNGLOFI-4"),
        (("command_zone", 1), "Mercenary 3", "players[0].command_zone[1]", "X-TH-8"),
        (("mjollnir",), "cook", "players[0].mjollnir", "X-TH-ART-MJOLLNIR-1"),
    ],
)
def test_a_wrong_thingvellir_sheet_names_the_field_and_the_rule(
    path: tuple[Any, ...], value: Any, field: str, rule: str
) -> None:
    error = sheet_refusal(SHEET, path, value)
    assert error.rule == rule
    assert error.path.startswith(field)
