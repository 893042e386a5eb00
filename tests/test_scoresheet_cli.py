"""The ``nidlib score SHEET.json`` command (nidlib.tools.scoresheet): sheet format, validation, output."""

from __future__ import annotations

import copy
import io
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from clikit import closed_pipe_run  # tests/ is on the path (pytest rootdir conftest)
from hypothesis import given, settings
from hypothesis import strategies as st

from nidlib.core.cards import DwarfClass
from nidlib.core.errors import DocumentError
from nidlib.tools.scoresheet import SheetError, load_sheet, main, normalize_name, score_sheet

ROOT = Path(__file__).resolve().parent.parent
SHEETS = Path(__file__).parent / "data" / "sheets"
RUN = "import sys; from nidlib.tools.scoresheet import main; sys.exit(main(sys.argv[1:]))"


def sheet(name: str = "ec52.json") -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SHEETS / name).read_text("utf-8"))
    return data


def write(tmp_path: Path, data: object, name: str = "score.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    return str(path)


# --- Text and JSON output -------------------------------------------------------------


def test_ec_51_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(SHEETS / "ec51.json")]) == 0
    out = capsys.readouterr().out
    for line in (
        "warriors: 3 + 6 + 9 + 14 = 32 [R-SCORE-2]",
        "hunters: 6 ranks → 6² = 36 [R-SCORE-3]",
        "miners: 3 ranks × 3 points = 9 [R-SCORE-4]",
        "blacksmiths: 5 ranks → 25 (3+4+5+6+7) [R-SCORE-5]",
        "explorers: 5 + 8 + 11 = 24 [R-SCORE-6]",
        "warrior majority: highest coin 20 [R-SCORE-2]",
        "neutral heroes: Skaa 17 → 17 [R-SCORE-7]",
        "coins: 0 + 4 + 9 + 13 + 20 = 46 [R-SCORE-8]",
        "Crown Jeweler's gem 6: +3 [R-DIST-CROWNJEWELER-1]",
        "total (Final Bravery Value): 212 [R-SCORE-1]",
    ):
        assert f"  {line}\n" in out
    assert out.rstrip().endswith("Ana wins with 212. [R-SCORE-10]")
    assert out.index("Ana\n") < out.index("Bo\n")


def test_ec_52_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(SHEETS / "ec52.json")]) == 0
    out = capsys.readouterr().out
    assert "miners: 4 ranks × 4 points = 16" in out
    assert "explorers: 6 + 9 + 10 + 7 = 32, Idunn +2 × 4 ranks = 8 → 40" in out
    assert "neutral heroes: Dwerg brothers ×2 = 40, Astrid (highest coin) 18 → 58" in out
    assert "coins: 0 + 3 + 5 + 11 + 18 = 37" in out
    assert "total (Final Bravery Value): 227" in out


def test_r_score_10_shared_victory_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(SHEETS / "shared.json")]) == 0
    assert "Ana and Bo share the victory with 227. [R-SCORE-10]" in capsys.readouterr().out


def test_json_output_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(SHEETS / "ec52.json"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["players", "winners"]
    assert data["winners"] == ["Ana"]
    ana = data["players"][0]
    assert ana == {
        "name": "Ana",
        "warrior": 24,
        "hunter": 16,
        "miner": 16,
        "blacksmith": 18,
        "explorer": 40,
        "warrior_bonus": 18,
        "heroes": 58,
        "coins": 37,
        "gem6": 0,
        "total": 227,
    }
    assert list(ana) == list(data["players"][1])


def test_the_briefs_example_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(SHEETS / "example.json"), "--json"]) == 0
    ana, bo = json.loads(capsys.readouterr().out)["players"]
    assert ana["warrior"] == 3 + 7 + 7 + 0
    assert ana["hunter"] == 16  # 0, 0, Aral = 4 ranks
    assert ana["miner"] == (0 + 1 + 2 + 1) * 6  # Zoral: 3 ranks 1, 0, 0
    assert ana["blacksmith"] == 12  # 1 dwarf + King's Great Armorer 2 ranks
    assert ana["explorer"] == 5 + 11 + 7 + 11 + 2 * 4
    assert ana["heroes"] == 40 + 25 + 13
    assert bo["miner"] == (1 + 2 + 3) * 3
    assert bo["blacksmith"] == 18  # 0, 0, Aëgur (2 ranks) = 4 ranks
    assert bo["coins"] == 3 + 2 + 5 + 11 + 14


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("zh-Hant", "礦工：4 個階級 × 4 點勇氣值 = 16"), ("zh-Hans", "矿工：4 个等级 × 4 勇武点 = 16")],
)
def test_text_output_in_chinese(capsys: pytest.CaptureFixture[str], lang: str, expected: str) -> None:
    assert main([str(SHEETS / "ec52.json"), "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert expected in out
    assert "miners" not in out


def test_leading_score_word_and_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO((SHEETS / "ec51.json").read_text("utf-8")))
    assert main(["score", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["players"][0]["total"] == 212


def test_subprocess_text_and_json() -> None:
    done = subprocess.run(
        [sys.executable, "-c", RUN, str(SHEETS / "ec51.json")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "warriors: 3 + 6 + 9 + 14 = 32" in done.stdout
    done = subprocess.run(
        [sys.executable, "-c", RUN, str(SHEETS / "ec52.json"), "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["players"][0]["total"] == 227


@pytest.mark.skipif(not (ROOT / "nidlib" / "__main__.py").exists(), reason="nidlib/__main__.py not wired yet")
def test_python_m_nidlib_score() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "nidlib", "score", str(SHEETS / "ec51.json"), "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["players"][0]["total"] == 212


# --- Name matching -----------------------------------------------------------------


def test_names_ignore_case_spaces_punctuation_and_accents() -> None:
    assert normalize_name("King's Great Armorer") == "kingsgreatarmorer"
    assert normalize_name("Aëgur") == normalize_name("AEGUR") == "aegur"
    data = sheet("ec51.json")
    bo = data["players"][1]
    bo["army"]["blacksmith"] = [0, "kings great armorer", "Aëgur"]
    bo["army"]["warrior"] = [4, 5, "KRAAL"]
    bo["command_zone"] = ["dwerg ymir", "Dwerg", "astrid the fortunate"]
    table = score_sheet(data)
    b = table.player("Bo")
    assert b.points("blacksmith") == 25  # 0 (1 rank) + King's Great Armorer (2) + Aegur (2) = 5 ranks
    assert b.points("warrior") == 4 + 5 + 7 + 0
    assert b.points("warrior_bonus") == 5  # 4 ranks, tied with Ana
    assert b.points("heroes") == 40 + 5
    tabs = load_sheet(data)
    assert tabs[1].columns[DwarfClass.BLACKSMITH] == ["1B6", "armorer", "aegur"]  # Ana holds 1B1..1B5
    assert sorted(tabs[1].command_zone) == ["astrid", "dwerg-aesir", "dwerg-ymir"]


def test_r_comp_1_dwarves_get_distinct_card_ids_across_players() -> None:
    tabs = load_sheet(sheet("ec52.json"))
    ana, bo = (t.columns for t in tabs)
    assert ana[DwarfClass.WARRIOR] == ["1W4", "1W5", "1W7", "1W8"]
    assert bo[DwarfClass.WARRIOR] == ["1W3", "1W6", "1W6b", "1W9"]
    assert ana[DwarfClass.MINER][1:3] == ["1M1", "1M1b"]


def test_generic_dwergs_take_the_brothers_nobody_named() -> None:
    data = sheet("ec52.json")
    data["players"][1]["command_zone"] = ["Dwerg Ymir", "Aesir", "Dwerg"]
    tabs = load_sheet(data)
    assert tabs[0].command_zone == ["dwerg-sigmir", "dwerg-jungir", "astrid"]  # generic ones, in sheet order
    assert tabs[1].command_zone == ["dwerg-ymir", "dwerg-aesir", "dwerg-bergelmir"]


def test_r_recruit_5_more_heroes_than_lines_is_accepted() -> None:
    data = sheet("ec51.json")
    bo = data["players"][1]
    bo["army"] = {"warrior": ["Kraal"], "hunter": ["Dagda"], "miner": [], "blacksmith": []}  # 0 lines
    bo["command_zone"] = ["Grid", "Uline"]
    assert score_sheet(data).player("Bo").points("heroes") == 16


def test_ambiguous_5s_use_the_basic_5_first() -> None:
    data = sheet("ec51.json")
    data["players"][1]["coins"] = [0, 2, 5, 5, 5]  # the basic 5 + both gold 5s
    tabs = load_sheet(data)
    assert [str(c) for c in tabs[1].coins] == ["0", "2", "5b", "5", "5"]
    assert score_sheet(data).player("Bo").points("coins") == 17


def test_r_dist_huntingmaster_1_a_3_without_the_0_is_the_green_3() -> None:
    data = sheet("ec51.json")
    data["players"][1]["coins"] = [3, 2, 3, 4, 5]
    tabs = load_sheet(data)
    assert [str(c) for c in tabs[1].coins] == ["3s", "2", "3", "4", "5b"]


# --- Impossible sheets ---------------------------------------------------------------

Mutation = Callable[[dict[str, Any]], object]


def _set(path: tuple[Any, ...], value: object) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        target: Any = data
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = value

    return mutate


def _append(path: tuple[Any, ...], value: object) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        target: Any = data
        for step in path:
            target = target[step]
        target.append(value)

    return mutate


def _both(*mutations: Mutation) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        for m in mutations:
            m(data)

    return mutate


P0 = ("players", 0)
P1 = ("players", 1)
W0 = (*P0, "army", "warrior")

# (id, mutation of ec52.json, expected field path, expected words in the message)
BAD_SHEETS: list[tuple[str, Mutation, str, str]] = [
    (
        "warrior-13",
        _set((*W0, 1), 13),
        "players[0].army.warrior[1]",
        "a warrior dwarf is worth 3 to 10 bravery points, not 13 [R-COMP-1]",
    ),
    ("warrior-2", _set((*W0, 0), 2), "players[0].army.warrior[0]", "worth 3 to 10"),
    ("explorer-13", _set((*P0, "army", "explorer", 0), 13), "players[0].army.explorer[0]", "5 to 12"),
    ("miner-3", _set((*P0, "army", "miner", 0), 3), "players[0].army.miner[0]", "0 to 2"),
    (
        "hunter-5",
        _set((*P0, "army", "hunter", 0), 5),
        "players[0].army.hunter[0]",
        "a hunter dwarf has no bravery points: write it as 0, not 5",
    ),
    ("blacksmith-1", _set((*P0, "army", "blacksmith", 0), 1), "players[0].army.blacksmith[0]", "blacksmith"),
    ("bool-dwarf", _set((*W0, 0), True), "players[0].army.warrior[0]", "true/false"),
    (
        "kraal-in-hunter",
        _append((*P0, "army", "hunter"), "Kraal"),
        "players[0].army.hunter[4]",
        "Kraal is a warrior hero and sits in the warrior column, not in the hunter column [R-ARMY-1]",
    ),
    (
        "skaa-in-army",
        _append((*P0, "army", "miner"), "Skaa"),
        "players[0].army.miner[4]",
        "Skaa is a neutral hero",
    ),
    ("dwerg-in-army", _append((*P0, "army", "miner"), "Dwerg"), "players[0].army.miner[4]", "neutral hero"),
    ("thrud-in-army", _append(W0, "Thrud"), "players[0].army.warrior[4]", "[R-HERO-THRUD-5]"),
    (
        "armorer-in-warrior",
        _append(W0, "King's Great Armorer"),
        "players[0].army.warrior[4]",
        "blacksmith column",
    ),
    (
        "distinction-in-army",
        _append(W0, "Pioneer of the Kingdom"),
        "players[0].army.warrior[4]",
        "distinction card",
    ),
    (
        "class-hero-in-zone",
        _append((*P1, "command_zone"), "Kraal"),
        "players[1].command_zone[0]",
        "Kraal is a class hero",
    ),
    ("ylud-in-zone", _append((*P1, "command_zone"), "Ylud"), "players[1].command_zone[0]", "[R-HERO-YLUD-3]"),
    (
        "two-tarahs",
        _both(_append(W0, "Tarah"), _append((*P1, "army", "warrior"), "Tarah")),
        "players[1].army.warrior[4]",
        "there is only one Tarah card (also at players[0].army.warrior[4]) [R-COMP-4]",
    ),
    (
        "two-yluds",
        _both(_append(W0, "Ylud"), _append((*P0, "army", "explorer"), "ylud")),
        "players[0].army.explorer[4]",
        "only one Ylud",
    ),
    (
        "astrid-twice",
        _append((*P1, "command_zone"), "Astrid"),
        "players[1].command_zone[0]",
        "only one Astrid",
    ),
    (
        "six-dwergs",
        _set((*P1, "command_zone"), ["Dwerg", "Dwerg", "Dwerg", "Dwerg"]),
        "players[1].command_zone[3]",
        "only 5 Dwerg brothers; this sheet has more [R-COMP-4]",
    ),
    (
        "named-dwerg-twice",
        _set((*P1, "command_zone"), ["Ymir", "Dwerg Ymir"]),
        "players[1].command_zone[1]",
        "only one Dwerg Ymir",
    ),
    (
        "unknown-name",
        _append(W0, "Kraall"),
        "players[0].army.warrior[4]",
        'unknown card "Kraall"; did you mean "Kraal"?',
    ),
    ("unknown-name-no-guess", _append(W0, "Zzyzx"), "players[0].army.warrior[4]", 'unknown card "Zzyzx"'),
    ("number-in-zone", _append((*P1, "command_zone"), 7), "players[1].command_zone[0]", "command zone"),
    ("coin-1", _set((*P0, "coins", 1), 1), "players[0].coins[1]", "1 is not a coin"),
    ("coin-26", _set((*P0, "coins", 4), 26), "players[0].coins[4]", "26 is not a coin"),
    ("coin-minus-1", _set((*P0, "coins", 4), -1), "players[0].coins[4]", "-1 is not a coin"),
    ("coin-text", _set((*P0, "coins", 4), "lots"), "players[0].coins[4]", '"lots" is not a coin'),
    ("coin-7b", _set((*P0, "coins", 4), "7b"), "players[0].coins[4]", "is not a coin"),
    (
        "four-coins",
        _set((*P0, "coins"), [0, 3, 5, 11]),
        "players[0].coins",
        "a player owns exactly 5 coins, this sheet lists 4 [R-COIN-3]",
    ),
    ("six-coins", _set((*P0, "coins"), [0, 2, 3, 5, 11, 18]), "players[0].coins", "[R-COIN-3]"),
    ("two-green-3s", _set((*P0, "coins"), ["3s", "3s", 2, 4, 5]), "players[0].coins[1]", "too many 3s"),
    (
        "zero-and-green",
        _set((*P0, "coins"), [0, "3s", 2, 4, 5]),
        "players[0].coins[1]",
        "[R-DIST-HUNTINGMASTER-1]",
    ),
    ("zero-and-two-3s", _set((*P0, "coins"), [0, 3, 3, 4, 5]), "players[0].coins[2]", "still has the 0"),
    ("three-3s", _set((*P0, "coins"), [3, 3, 3, 4, 5]), "players[0].coins[2]", "too many 3s"),
    ("no-trading-coin", _set((*P0, "coins"), [2, 4, 5, 11, 18]), "players[0].coins", "[R-COIN-2]"),
    (
        "green-for-two-players",
        _both(_set((*P0, "coins"), [3, 2, 4, 5, 18]), _set((*P1, "coins"), [3, 2, 4, 5, 12])),
        "players[1].coins[0]",
        "only one green 3 (also at players[0].coins[0]) [R-COMP-5]",
    ),
    ("two-basic-2s", _set((*P0, "coins"), [0, 2, 2, 5, 18]), "players[0].coins[2]", "only one basic 2"),
    ("two-basic-5s", _set((*P0, "coins"), [0, "5b", "5b", 4, 18]), "players[0].coins[2]", "only one basic 5"),
    (
        "three-gold-5s",
        _both(_set((*P0, "coins"), [0, 2, 5, 5, 5]), _set((*P1, "coins"), [0, 2, 3, 5, 5])),
        "players[1].coins[4]",
        "the Royal Treasure holds only 2 gold 5, but this sheet has 3 [R-COMP-7]",
    ),
    (
        "two-gold-25s",
        _both(_set((*P0, "coins", 4), 25), _set((*P1, "coins", 4), 25)),
        "players[1].coins[4]",
        "only 1 gold 25",
    ),
    (
        "four-gold-7s",
        _both(_set((*P0, "coins"), [0, 7, 7, 7, 2]), _set((*P1, "coins", 4), 7)),
        "players[1].coins[4]",
        "only 3 gold 7",
    ),
    ("gem-7", _set((*P0, "gem"), 7), "players[0].gem", "a gem is worth 1 to 6, not 7 [R-COMP-8]"),
    ("gem-0", _set((*P0, "gem"), 0), "players[0].gem", "not 0"),
    ("gem-text", _set((*P0, "gem"), "6"), "players[0].gem", 'not "6"'),
    ("same-gem", _set((*P1, "gem"), 4), "players[1].gem", "gem 4 is also held by Ana"),
    (
        "crown-jeweler-without-gem-6",
        _append((*P0, "command_zone"), "Crown Jeweler"),
        "players[0].command_zone[3]",
        "[R-DIST-CROWNJEWELER-1]",
    ),
    (
        "distinction-twice",
        _both(_append((*P0, "command_zone"), "King's Hand"), _append((*P1, "command_zone"), "kings hand")),
        "players[1].command_zone[0]",
        "only one King's Hand card",
    ),
    (
        "armorer-card-twice",
        _both(
            _append((*P0, "army", "blacksmith"), "King's Great Armorer"),
            _append((*P1, "army", "blacksmith"), "Armorer"),
        ),
        "players[1].army.blacksmith[1]",
        "only one King's Great Armorer card",
    ),
    (
        "three-warrior-7s",
        _set((*P1, "army", "warrior"), [7, 7]),
        "players[1].army.warrior[1]",
        "there are only 2 warrior dwarves worth 7 in the whole game",
    ),
    (
        "three-warrior-10s",
        _set((*P1, "army", "warrior"), [10, 10, 10]),
        "players[1].army.warrior[2]",
        "only 2 warrior dwarves worth 10",
    ),
    (
        "seventeen-hunters",
        _set((*P1, "army", "hunter"), [0] * 13),
        "players[1].army.hunter[12]",
        "there are only 16 hunter dwarves in the whole game",
    ),
    ("no-players", _set(("players",), []), "players", "1 to 5 players, this one lists 0 [R-SETUP-6]"),
    (
        "six-players",
        lambda d: d["players"].extend(
            {"name": f"P{i}", "coins": [0, 2, 3, 4, 5], "gem": i} for i in (1, 2, 3, 6)
        ),
        "players",
        "this one lists 6",
    ),
    ("same-name", _set((*P1, "name"), "Ana"), "players[1].name", 'players[0] is also named "Ana"'),
    ("empty-name", _set((*P1, "name"), "  "), "players[1].name", "empty"),
    (
        "missing-coins",
        lambda d: d["players"][0].pop("coins"),
        "players[0].coins",
        'the field "coins" is missing',
    ),
    (
        "typo-field",
        lambda d: d["players"][0].update(commandzone=[]),
        "players[0].commandzone",
        'did you mean "command_zone"?',
    ),
    (
        "unknown-column",
        lambda d: d["players"][0]["army"].update(wizard=[3]),
        "players[0].army.wizard",
        "unknown field",
    ),
    ("column-not-list", _set(W0, 7), "players[0].army.warrior", "expected a list"),
    ("players-not-list", _set(("players",), {}), "players", "expected a list"),
    ("top-level-field", lambda d: d.update(round=3), "round", "unknown field"),
]


@pytest.mark.parametrize(
    ("mutate", "path", "words"), [c[1:] for c in BAD_SHEETS], ids=[c[0] for c in BAD_SHEETS]
)
def test_impossible_sheets_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mutate: Mutation, path: str, words: str
) -> None:
    data = sheet()
    mutate(data)
    with pytest.raises(SheetError) as info:
        load_sheet(copy.deepcopy(data))
    assert info.value.path == path
    assert words in info.value.problem
    assert isinstance(info.value, DocumentError)
    file = write(tmp_path, data)
    assert main([file]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"{file}: {path}: " in captured.err
    assert words in captured.err
    assert "Traceback" not in captured.err


def test_r_hero_thrud_5_message_explains_the_rule() -> None:
    data = sheet()
    data["players"][0]["army"]["warrior"].append("Thrud")
    with pytest.raises(SheetError) as info:
        load_sheet(data)
    assert info.value.rule == "R-HERO-THRUD-5"
    assert "moves to the command zone" in info.value.problem
    assert "13" in info.value.problem


@pytest.mark.parametrize("case", ["warrior-13", "thrud-in-army", "coin-26"])
def test_impossible_sheet_subprocess_exit_code_2_without_traceback(tmp_path: Path, case: str) -> None:
    mutate, path = next((c[1], c[2]) for c in BAD_SHEETS if c[0] == case)
    data = sheet()
    mutate(data)
    file = write(tmp_path, data)
    done = subprocess.run(
        [sys.executable, "-c", RUN, file], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 2
    assert path in done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout == ""


def test_error_messages_in_chinese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = sheet()
    data["players"][0]["army"]["warrior"][1] = 13
    file = write(tmp_path, data)
    assert main([file, "--lang", "zh-Hant"]) == 2
    err = capsys.readouterr().err
    assert "players[0].army.warrior[1]" in err
    assert "戰士矮人的勇氣值為 3 到 10，不是 13 [R-COMP-1]" in err
    assert main([file, "--lang", "zh-Hans"]) == 2
    assert "战士矮人的勇武点为 3 到 10，不是 13" in capsys.readouterr().err


def test_unreadable_file_and_invalid_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = str(tmp_path / "nope.json")
    assert main([missing]) == 2
    err = capsys.readouterr().err
    assert f"cannot read the score sheet {missing}" in err
    assert "Traceback" not in err
    assert main([str(tmp_path)]) == 2  # a directory
    assert "cannot read" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text('{"players": [', "utf-8")
    assert main([str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"the score sheet {bad} is not valid JSON" in err
    assert "line 1" in err
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"players": "\xe9\xe9"}')
    assert main([str(latin)]) == 2
    assert "cannot read" in capsys.readouterr().err
    not_object = write(tmp_path, [1, 2], "list.json")
    assert main([not_object]) == 2
    assert f"{not_object}: expected an object" in capsys.readouterr().err


def test_bad_command_line_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert capsys.readouterr().err == "nidlib score: the following arguments are required: SHEET.json\n"
    assert main([str(SHEETS / "ec51.json"), "--lang", "fr"]) == 2
    assert "'fr' is not a language; choose en, zh-Hant or zh-Hans" in capsys.readouterr().err
    assert main(["--help"]) == 0
    assert "SHEET.json" in capsys.readouterr().out


def test_data_sheets_are_all_valid() -> None:
    for path in sorted(SHEETS.glob("*.json")):
        table = score_sheet(json.loads(path.read_text("utf-8")))
        assert table.winners, path.name


def _refusal(case: str) -> SheetError:
    mutate = next(c[1] for c in BAD_SHEETS if c[0] == case)
    data = sheet()
    mutate(data)
    with pytest.raises(SheetError) as info:
        load_sheet(data)
    return info.value


def test_r_coin_2_every_player_keeps_the_0_or_the_green_3() -> None:
    assert _refusal("no-trading-coin").rule == "R-COIN-2"
    assert _refusal("zero-and-green").rule == "R-DIST-HUNTINGMASTER-1"


def test_r_coin_3_a_player_owns_exactly_5_coins() -> None:
    assert _refusal("four-coins").rule == _refusal("six-coins").rule == "R-COIN-3"


def test_r_army_1_heroes_sit_in_their_own_column_or_the_command_zone() -> None:
    for case in ("kraal-in-hunter", "skaa-in-army", "class-hero-in-zone"):
        assert _refusal(case).rule == "R-ARMY-1", case


def test_r_hero_ylud_3_ylud_is_in_a_column_at_final_scoring() -> None:
    assert _refusal("ylud-in-zone").rule == "R-HERO-YLUD-3"
    data = sheet()
    data["players"][1]["army"]["hunter"].append("Ylud")  # any column will do
    assert score_sheet(data).player("Bo").points("hunter") == 4


def test_r_comp_7_gold_coins_are_limited_by_the_treasury() -> None:
    assert _refusal("two-gold-25s").rule == _refusal("three-gold-5s").rule == "R-COMP-7"


# --- hostile input: one bounded line on stderr, exit 2, never a traceback ----------------------------

MAX_ERR = 300  # characters: an error never quotes the whole input


def _cli(args: list[str], stdin: bytes | None = None, **kw: Any) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "nidlib", *args],
        input=stdin,
        capture_output=True,
        timeout=120,
        check=False,
        **kw,
    )


def _one_line_error(done: subprocess.CompletedProcess[bytes], code: int = 2) -> str:
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == code, err[:500]
    assert "Traceback" not in err
    assert len(err.splitlines()) == 1, err[:500]
    assert len(err) < MAX_ERR, err[:500]
    return err


def _player(**fields: Any) -> dict[str, Any]:
    return {"name": "Ana", "coins": [0, 2, 3, 4, 5], "gem": 5, **fields}


HOSTILE_SHEETS: dict[str, str] = {
    "5000-digit gem": '{"players": [{"name": "Ana", "coins": [0, 2, 3, 4, 5], "gem": ' + "9" * 5000 + "}]}",
    "5000-digit coin": '{"players": [{"name": "Ana", "coins": [' + "9" * 5000 + ', 2, 3, 4, 5], "gem": 5}]}',
    "deep nesting": '{"players": ' + "[" * 100_000 + "]" * 100_000 + "}",
    "lone surrogate name": json.dumps({"players": [_player(name="\ud800")]}),
    "NUL in a name": json.dumps({"players": [_player(name="A\x00na")]}),
    "huge unknown field": json.dumps({"players": [_player(**{"x" * 100_000: 1})]}),
    "huge gem string": json.dumps({"players": [_player(gem="7" * 100_000)]}),
    "huge card name": json.dumps({"players": [_player(army={"warrior": ["Kraal" * 20_000]})]}),
    "huge command zone entry": json.dumps({"players": [_player(command_zone=["x" * 100_000])]}),
    "unicode digit coin": json.dumps({"players": [_player(coins=["²", 2, 3, 4, 5])]}),
    "NaN gem": '{"players": [{"name": "Ana", "coins": [0, 2, 3, 4, 5], "gem": NaN}]}',
    "duplicate key": '{"players": [], "players": [{"name": "Ana", "coins": [0, 2, 3, 4, 5], "gem": 5}]}',
}


@pytest.mark.parametrize("case", sorted(HOSTILE_SHEETS))
def test_hostile_sheets_get_one_bounded_line_and_exit_2(tmp_path: Path, case: str) -> None:
    path = tmp_path / "sheet.json"
    path.write_text(HOSTILE_SHEETS[case], encoding="utf-8", errors="surrogatepass")
    err = _one_line_error(_cli(["score", str(path)]))
    assert str(path) in err


@pytest.mark.parametrize("case", ["lone surrogate name", "NUL in a name"])
def test_names_with_a_nul_or_a_lone_surrogate_are_refused_naming_the_field(case: str) -> None:
    with pytest.raises(SheetError) as info:
        score_sheet(json.loads(HOSTILE_SHEETS[case]))
    assert info.value.path == "players[0].name"


def test_a_sheet_over_1_mb_is_refused_without_parsing_it(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text('{"players": [' + ", ".join(['{"name": "Ana"}'] * 100_000) + "]}", encoding="utf-8")
    err = _one_line_error(_cli(["score", str(path)]))
    assert "1,000,000" in err
    err = _one_line_error(_cli(["score", "-"], stdin=path.read_bytes()))
    assert "1,000,000" in err


def test_a_sheet_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"players": [{"name": "\xe9"}]}')
    _one_line_error(_cli(["score", str(path)]))


@pytest.mark.parametrize("lang", ["", "fr", "x" * 10_000])
def test_an_unknown_language_is_a_usage_error_listing_the_languages(lang: str) -> None:
    err = _one_line_error(_cli(["score", str(SHEETS / "ec52.json"), "--lang", lang]))
    assert "is not a language; choose en, zh-Hant or zh-Hans." in err


def test_score_into_a_closed_pipe_ends_quietly() -> None:
    done = closed_pipe_run(["score", str(SHEETS / "ec52.json")])
    assert done.stderr == b""
    assert done.returncode in (0, 1, 141)


_ANY_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False)
    | st.text(max_size=8)
    | st.sampled_from(
        ["Kraal", "Thrud", "Ylud", "3s", "5b", "25", "Dwerg", "crown jeweler", "W10", "", "x" * 5000]
    ),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=10,
)


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(st.sampled_from(sorted(p.name for p in SHEETS.glob("*.json"))), st.data())
def test_any_value_anywhere_in_a_sheet_is_scored_or_refused_with_a_sheet_error(name: str, data: Any) -> None:
    doc: Any = sheet(name)
    node, path = doc, []
    while isinstance(node, dict | list) and node and data.draw(st.booleans(), label="deeper"):
        key = data.draw(st.sampled_from(list(node) if isinstance(node, dict) else list(range(len(node)))))
        path.append(key)
        node = node[key]
    value = data.draw(_ANY_JSON, label="value")
    if path:
        parent = doc
        for k in path[:-1]:
            parent = parent[k]
        parent[path[-1]] = value
    else:
        doc = value
    message = ""
    try:
        table = score_sheet(doc)
    except SheetError as e:
        message = str(e)
    else:
        assert table.text("en")
    assert len(message) < 300, "a message never quotes the whole input"
