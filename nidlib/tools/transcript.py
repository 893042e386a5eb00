"""Golden playthroughs: the complete text of seeded bot games (OpenSpiel "playthrough" style).

Each file under ``tests/golden/`` is :func:`transcript` of one seeded game: a header with
the options, the set-up events, then every action in its text form (``p0:pick:1W6``)
followed by the events it caused, each with its rule id, and the final score sheet. Any
change to the engine's rules, its messages or the bots shows up as a readable diff.

    python -m nidlib.tools.transcript --regenerate     # rewrite tests/golden/*.txt
    python -m nidlib.tools.transcript --check          # compare, exit 1 on a difference

``tests/test_golden.py`` regenerates the texts in memory and compares them with the files.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from collections.abc import Sequence
from pathlib import Path

from nidlib.rules.engine import final_scores
from nidlib.tools.bots import Bot
from nidlib.tools.play import make_bots, play_game

#: name -> (players, seed, bot levels, first game, expansions)
GAMES: dict[str, tuple[int, int, tuple[str, ...], bool, tuple[str, ...]]] = {
    "2p_random_seed1": (2, 1, ("random", "random"), False, ()),
    "3p_greedy_seed7": (3, 7, ("greedy", "greedy", "greedy"), False, ()),
    "4p_random_first_game_seed3": (4, 3, ("random",) * 4, True, ()),
    "5p_greedy_seed5": (5, 5, ("greedy",) * 5, False, ()),
    # Thingvellir (X-TH-*): the Camp, artifacts, mercenaries, the six heroes
    "thingvellir_2p_greedy_seed2": (2, 2, ("greedy", "greedy"), False, ("thingvellir",)),
    "thingvellir_3p_random_seed4": (3, 4, ("random",) * 3, False, ("thingvellir",)),
    "thingvellir_4p_greedy_seed6": (4, 6, ("greedy",) * 4, False, ("thingvellir",)),
    "thingvellir_5p_random_seed8": (5, 8, ("random",) * 5, False, ("thingvellir",)),
    # Idavoll (X-ID-*): Mythology cards in the Dancing Dragon, Gods, Giants, Valkyries; alone and with Thingvellir
    "idavoll_2p_greedy_seed3": (2, 3, ("greedy", "greedy"), False, ("idavoll",)),
    "idavoll_3p_random_seed5": (3, 5, ("random",) * 3, False, ("idavoll",)),
    "idavoll_4p_greedy_seed7": (4, 7, ("greedy",) * 4, False, ("idavoll",)),
    "idavoll_5p_random_seed9": (5, 9, ("random",) * 5, False, ("idavoll",)),
    "both_2p_random_seed4": (2, 4, ("random", "random"), False, ("thingvellir", "idavoll")),
    "both_3p_greedy_seed6": (3, 6, ("greedy",) * 3, False, ("thingvellir", "idavoll")),
    "both_4p_random_seed8": (4, 8, ("random",) * 4, False, ("thingvellir", "idavoll")),
    "both_5p_greedy_seed2": (5, 2, ("greedy",) * 5, False, ("thingvellir", "idavoll")),
}

GOLDEN_DIR = Path(__file__).resolve().parents[2] / "tests" / "golden"


def transcript(
    players: int,
    seed: int,
    bots: Sequence[str] | Sequence[Bot],
    first_game: bool = False,
    expansions: tuple[str, ...] = (),
) -> str:
    """The golden text of one game (English, rule ids cited). ``bots`` are levels or bot objects."""
    levels = [b if isinstance(b, str) else b.name for b in bots]
    players_bots: list[Bot] = (
        make_bots(levels, seed)
        if all(isinstance(b, str) for b in bots)
        else [b for b in bots if not isinstance(b, str)]
    )
    state, log = play_game(players, seed, players_bots, first_game, expansions=expansions)
    head = (
        f"# players: {players}, seed: {seed}, bots: {','.join(levels)}, first_game: {str(first_game).lower()}"
    )
    if expansions:
        head += f", expansions: {','.join(expansions)}"
    out = [
        "# nidlib golden playthrough",
        head,
        f"# names: {', '.join(state.options.names)}",
        "",
    ]
    for action, events in log:
        if action is not None:
            out.append(f"action: {action}")
        for e in events:
            private = "" if e.visible_to is None else f" (seen by {state.options.names[e.visible_to]} only)"
            out.append(f"  {e.text('en')}{private}")
    out.append("")
    out.append("# final score sheet")
    out.append(final_scores(state).text("en"))
    return "\n".join(out) + "\n"


def golden_text(name: str) -> str:
    players, seed, levels, first_game, expansions = GAMES[name]
    return transcript(players, seed, levels, first_game, expansions)


def diff(name: str, expected: str, actual: str, context: int = 3) -> str:
    """A unified diff between the stored golden file and a freshly generated transcript."""
    return "".join(
        difflib.unified_diff(
            expected.splitlines(keepends=True),
            actual.splitlines(keepends=True),
            f"tests/golden/{name}.txt (stored)",
            f"{name} (regenerated)",
            n=context,
        )
    )


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m nidlib.tools.transcript", description="Golden playthroughs.")
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--regenerate", action="store_true", help="rewrite tests/golden/*.txt")
    mode.add_argument("--check", action="store_true", help="compare with tests/golden/*.txt")
    ap.add_argument("--dir", type=Path, default=GOLDEN_DIR)
    ns = ap.parse_args(argv)
    status = 0
    for name in GAMES:
        path = ns.dir / f"{name}.txt"
        text = golden_text(name)
        if ns.regenerate:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, "utf-8")
            print(f"wrote {path} ({len(text.encode()):,} bytes)")
        else:
            old = path.read_text("utf-8") if path.exists() else ""
            if old != text:
                print(diff(name, old, text))
                status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
