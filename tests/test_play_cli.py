"""``python -m nidlib play``: readable and JSON output, determinism, replay, argument errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from clikit import closed_pipe_run  # tests/ is on the path (pytest rootdir conftest)

import nidlib
from nidlib.__main__ import main
from nidlib.core.messages import set_language
from nidlib.tools.play import make_bots, play_game

ARGS = ["play", "--players", "3", "--seed", "7", "--bots", "random,greedy,greedy"]


@pytest.fixture(autouse=True)
def _english() -> object:
    yield None
    set_language("en")  # --lang changes the process-wide language


def run(capsys: pytest.CaptureFixture[str], args: list[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_play_prints_a_readable_deterministic_transcript(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, ARGS)
    assert code == 0, err
    assert out == run(capsys, ARGS)[1], "same seed and options, same output"
    assert "Players: Ana (random bot), Bo (greedy bot) and Cy (greedy bot)." in out
    assert "Laughing Goblin" in out
    assert "Dancing Dragon" in out
    assert "Shining Horse" in out
    assert "Pick order at the Laughing Goblin" in out
    assert "the bids are revealed" in out
    assert "Age II, round 4 of 4" in out
    assert "== Final score sheet" in out
    assert out.count("total (Final Bravery Value):") == 3
    final, _ = play_game(3, 7, make_bots(["random", "greedy", "greedy"], 7))
    table = nidlib.final_scores(final)
    assert table.winners_text() in out
    for p in table.players:
        assert f"total (Final Bravery Value): {p.total}" in out
    other = run(capsys, [*ARGS[:4], "8", *ARGS[5:]])[1]
    assert other != out, "another seed deals another game"


def test_play_json_replays_to_the_same_final_state(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, [*ARGS, "--json"])
    assert code == 0
    doc = json.loads(out)
    assert doc["options"]["players"] == 3
    assert doc["options"]["seed"] == 7
    assert doc["options"]["bots"] == ["random", "greedy", "greedy"]
    s = nidlib.new_game(3, doc["options"]["names"], seed=7)
    for text in doc["actions"]:
        s, _ = nidlib.apply(s, nidlib.parse(text))
    assert s.is_over
    final, _ = play_game(3, 7, make_bots(["random", "greedy", "greedy"], 7))
    assert s == final
    table = nidlib.final_scores(s)
    assert doc["scores"] == {p.name: p.total for p in table.players}
    assert doc["winners"] == list(table.winners)
    keys = {e["key"] for e in doc["events"]}
    assert {"reveal.bids", "order.result", "pick.dwarf", "final.total"} <= keys
    assert all(e["text"].endswith("]") for e in doc["events"])
    assert out == run(capsys, [*ARGS, "--json"])[1]


@pytest.mark.parametrize("players", [2, 5])
def test_play_with_thingvellir_replays_and_uses_the_camp(
    capsys: pytest.CaptureFixture[str], players: int
) -> None:
    args = [
        "play",
        "--players",
        str(players),
        "--seed",
        "3",
        "--bots",
        "random",
        "--expansions",
        "thingvellir",
    ]
    code, out, err = run(capsys, [*args, "--json"])
    assert code == 0, err
    doc = json.loads(out)
    assert doc["options"]["expansions"] == ["thingvellir"]
    s = nidlib.new_game(players, doc["options"]["names"], seed=3, expansions=("thingvellir",))
    for text in doc["actions"]:
        s, _ = nidlib.apply(s, nidlib.parse(text))
    assert s.is_over
    assert doc["scores"] == {p.name: p.total for p in nidlib.final_scores(s).players}
    keys = {e["key"] for e in doc["events"]}
    assert {"setup.thingvellir", "camp.refill", "enlist.start", "camp.clear"} <= keys
    code, text, _ = run(capsys, args)
    assert code == 0
    assert "Expansion: Thingvellir" in text
    assert "[X-TH-3]" in text


def test_play_refuses_an_unknown_expansion(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, [*ARGS, "--expansions", "idavol"])
    assert code == 2
    assert out == ""
    assert err.strip() == "nidlib play: idavol is not an expansion: use thingvellir, idavoll"


def test_play_first_game_leaves_out_three_heroes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, ["play", "--players", "4", "--seed", "2", "--bots", "random", "--first-game", "--json"]
    )
    assert code == 0
    doc = json.loads(out)
    assert doc["options"]["first_game"] is True
    assert not any(a.endswith((":hero:thrud", ":hero:ylud", ":hero:uline")) for a in doc["actions"])


def test_play_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, [*ARGS, "--lang", "zh-Hant"])
    assert code == 0
    assert "最終計分表" in out
    assert "貪婪機器人" in out
    code, out, _ = run(capsys, [*ARGS, "--lang", "zh-Hans", "--names", "甲,乙,丙"])
    assert code == 0
    assert "最终计分表" in out
    assert "甲" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "--players", "6"], "--players must be 2, 3, 4 or 5, not 6."),
        (
            ["play", "--players", "3", "--bots", "random,greedy"],
            "--bots names 2 bot(s), but there are 3 players",
        ),
        (["play", "--bots", "expert"], "'expert' is not a bot level"),
        (["play", "--names", "Ana,Ana,Cy"], "--names needs 3 different, non-empty names"),
        (["play", "--lang", "fr"], "'fr' is not a language"),
        (
            ["play", "--seed", "seven"],
            "argument --seed: --seed needs a whole number of at most 18 digits, not 'seven'.",
        ),
        (["play", "--colour", "red"], "unrecognized arguments: --colour red"),
        (["dance"], "'dance' is not a command; use score, play or rule."),
        ([], "Usage: python -m nidlib"),
    ],
)
def test_bad_arguments_exit_2_with_a_sentence(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, args)
    assert code == 2
    assert message in err
    assert "Traceback" not in err
    assert out == ""


def test_score_is_delegated_to_the_score_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, ["score", "tests/data/sheets/example.json", "--json"])
    assert code == 0, err
    assert "winners" in json.loads(out)
    code, _, err = run(capsys, ["score", "tests/data/sheets/no-such-sheet.json"])
    assert code == 2
    assert err


def test_python_dash_m_nidlib_runs() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "nidlib", "play", "--players", "2", "--seed", "1", "--bots", "random"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Final score sheet" in proc.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "nidlib", "play", "--players", "1"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert bad.returncode == 2
    assert "--players must be" in bad.stderr


# --- hostile input: one bounded line on stderr, exit 2, never a traceback ----------------------------


def _cli(args: list[str]) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "nidlib", *args], capture_output=True, timeout=300, check=False
    )


def _one_line_error(done: subprocess.CompletedProcess[bytes], code: int = 2) -> str:
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == code, err[:500]
    assert "Traceback" not in err
    assert len(err.splitlines()) == 1, err[:500]
    assert len(err) < 300, err[:500]
    assert done.stdout == b""
    return err


HOSTILE_ARGS: dict[str, list[str]] = {
    "5000-digit seed": ["play", "--seed", "9" * 5000],
    "5000-digit players": ["play", "--players", "9" * 5000],
    "unicode digit seed": ["play", "--seed", "²"],
    "huge bot level": ["play", "--bots", "x" * 100_000],
    "huge names": ["play", "--players", "2", "--names", "a" * 100_000 + ",b"],
    "NUL-free control char in a name": ["play", "--players", "2", "--names", "A\x07na,Bo"],
    "name too long": ["play", "--players", "2", "--names", "A" * 41 + ",Bo"],
    "huge unknown option": ["play", "--" + "x" * 100_000],
    "huge unknown command": ["x" * 100_000],
    "empty language": ["play", "--lang", ""],
    "unknown language": ["play", "--lang", "fr"],
}


@pytest.mark.parametrize("case", sorted(HOSTILE_ARGS))
def test_bad_arguments_get_one_bounded_line_and_exit_2(case: str) -> None:
    _one_line_error(_cli(HOSTILE_ARGS[case]))


def test_an_empty_language_is_a_usage_error_listing_the_languages() -> None:
    err = _one_line_error(_cli(["play", "--lang", ""]))
    assert "en, zh-Hant or zh-Hans" in err


def test_a_name_with_a_lone_surrogate_is_refused() -> None:
    # a command line that is not UTF-8 reaches Python as lone surrogates (surrogateescape)
    done = subprocess.run(
        [sys.executable.encode(), b"-m", b"nidlib", b"play", b"--players", b"2", b"--names", b"\xff\xfe,Bo"],
        capture_output=True,
        timeout=300,
        check=False,
    )
    err = _one_line_error(done)
    assert "--names" in err


def test_play_into_a_closed_pipe_ends_quietly() -> None:
    done = closed_pipe_run(["play", "--players", "2", "--bots", "random"])
    assert done.stderr == b""
    assert done.returncode in (0, 1, 141)
