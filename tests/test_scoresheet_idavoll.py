"""The score sheet with Idavoll (docs/score-sheet.md "Idavoll", X-ID-10, X-ID-SCORE-1)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from clikit import sheet_refusal

from nidlib.core.cards import valkyrie_value
from nidlib.tools.scoresheet import SheetError, main, score_sheet

ROOT = Path(__file__).resolve().parents[1]

SHEET: dict[str, Any] = {
    "players": [
        {
            "name": "Ana",
            "army": {
                "warrior": [3, "Nidhogg"],
                "hunter": ["Durathor"],
                "miner": ["Ratatosk", 0, "Gullinbursti"],
                "blacksmith": ["Hreasvelg"],
                "explorer": ["Garm", 5],
            },
            "command_zone": ["Freya", "Surt", "Gymir", "Brynhildr", "Hildr", "Ölrun"],
            "captured": {"Surt": 9, "Gymir": "face down"},
            "notches": {"Brynhildr": 3, "Hildr": 3},
            "olrun": "warrior",
            "coins": [0, 2, 3, 4, "5b"],
            "gem": 4,
        },
        {
            "name": "Bo",
            "army": {"warrior": [4], "explorer": [7]},
            "command_zone": ["Skymir", "Svafa", "Thor"],
            "notches": {"Svafa": 2},
            "coins": [0, 2, 3, 4, 12],
            "gem": 3,
        },
    ]
}


def test_x_id_10_animals_score_in_their_columns_the_rest_on_the_mythology_line() -> None:
    table = score_sheet(SHEET)
    ana = table.player("Ana")
    assert ana.points("warrior") == (3 + 5) + 2 * 2  # Nidhogg 5 + 2 per warrior rank (X-ID-ANIMAL-NIDHOGG-1)
    assert ana.points("hunter") == 1  # Durathor is one hunter rank
    # Ratatosk 2, a miner 0 and Gullinbursti (0): one pair of zero ranks adds 1 (ENGINE CHOICE D-X08)
    assert ana.points("miner") == (2 + 0 + 0 + 1) * 3
    assert ana.points("blacksmith") == 3  # Hreasvelg: one blacksmith rank
    assert ana.points("explorer") == 9 + 0 + 5 + 3  # Garm 9 + 1 per explorer rank, his 2 included
    # Freya 15, Surt: the highest coin (5), Gymir face down 0, Brynhildr 3 notches 10, Hildr 3 notches 0,
    # Ölrun 0 notches 0 (her class changes nothing, X-ID-SCORE-2)
    assert valkyrie_value("brynhildr", 3) == 10
    assert ana.points("mythology") == 15 + 5 + 0 + 10 + 0 + 0
    bo = table.player("Bo")
    assert bo.points("mythology") == 0 + 8 + 8  # Skymir 0, Svafa (2 notches) 8, Thor 8
    row = bo.as_dict()
    assert row["total"] == sum(v for k, v in row.items() if isinstance(v, int) and k != "total")


def test_x_id_score_2_a_pending_giant_and_an_unused_valkyrie_score_nothing() -> None:
    sheet = copy.deepcopy(SHEET)
    del sheet["players"][0]["captured"]
    del sheet["players"][0]["notches"]
    assert score_sheet(sheet).player("Ana").points("mythology") == 15


def test_x_id_valk_olrun_1_her_class_does_not_change_the_score() -> None:
    other = copy.deepcopy(SHEET)
    other["players"][0]["olrun"] = "explorer"
    assert score_sheet(other).as_dict() == score_sheet(SHEET).as_dict()


def test_x_id_giant_gymir_1_three_times_the_captured_explorer() -> None:
    sheet = copy.deepcopy(SHEET)
    sheet["players"][0]["captured"]["Gymir"] = 11
    assert score_sheet(sheet).player("Ana").points("mythology") == 15 + 5 + 33 + 10


@pytest.mark.parametrize(
    ("path", "value", "field", "rule"),
    [
        (("army", "warrior", 1), "Garm", "players[0].army.warrior[1]", "X-ID-5"),
        (("army", "warrior", 1), "Loki", "players[0].army.warrior[1]", "X-ID-5"),
        (("command_zone", 0), "Nidhogg", "players[0].command_zone[0]", "X-ID-5"),
        (("command_zone", 0), "Gullinbursti", "players[0].command_zone[0]", "X-ID-ANIMAL-HREASVELG-2"),
        (("army", "blacksmith", 0), 0, "players[0].army.miner[2]", "X-ID-ANIMAL-HREASVELG-1"),
        (("command_zone", 0), "Skymir", "players[1].command_zone[0]", "X-ID-1"),
        (("captured",), {"Thrivaldi": 0}, "players[0].captured.Thrivaldi", "X-ID-8"),
        (("captured",), {"Surt": "E9"}, "players[0].captured.Surt", "X-ID-GIANT-3"),
        (("captured",), {"Surt": 13}, "players[0].captured.Surt", "R-COMP-1"),
        (("captured",), {"Freya": 9}, "players[0].captured.Freya", "X-ID-8"),
        # a Giant named twice, even when the first entry is face down (nidlib/tools/scoresheet.py myth_entries)
        (("captured",), {"Gymir": "face down", "gymir": 9}, "players[0].captured.gymir", "X-ID-8"),
        (("notches",), {"Svafa": 1}, "players[0].notches.Svafa", "X-ID-9"),
        (("notches",), {"Hildr": -1}, "players[0].notches.Hildr", "X-ID-9"),
        (("notches",), {"Hildr": "two"}, "players[0].notches.Hildr", "X-ID-9"),
        (("notches",), {"Hildr": 1, "HILDR": 2}, "players[0].notches.HILDR", "X-ID-9"),
        (("olrun",), "cook", "players[0].olrun", "X-ID-VALK-OLRUN-1"),
    ],
)
def test_a_wrong_idavoll_sheet_names_the_field_and_the_rule(
    path: tuple[Any, ...], value: Any, field: str, rule: str
) -> None:
    error = sheet_refusal(SHEET, path, value)
    assert error.rule == rule
    assert error.path == field


def test_x_id_valk_olrun_1_olruns_class_without_olrun() -> None:
    sheet = copy.deepcopy(SHEET)
    sheet["players"][1]["olrun"] = "warrior"
    with pytest.raises(SheetError) as info:
        score_sheet(sheet)
    assert (info.value.path, info.value.rule) == ("players[1].olrun", "X-ID-VALK-OLRUN-1")


def test_a_wrong_idavoll_sheet_is_one_line_on_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = copy.deepcopy(SHEET)
    sheet["players"][0]["notches"]["Svafa"] = 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(sheet), encoding="utf-8")
    assert main([str(bad), "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "players[0].notches.Svafa: Svafa is not in this player's command zone [X-ID-9]" in err
    assert "Traceback" not in err


def test_python_m_nidlib_score_an_idavoll_sheet(tmp_path: Path) -> None:
    good = tmp_path / "idavoll.json"
    good.write_text(json.dumps(SHEET, ensure_ascii=False), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "nidlib", "score", str(good), "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    ana = json.loads(done.stdout)["players"][0]
    assert (ana["name"], ana["mythology"]) == ("Ana", 30)
