"""Command line: ``python -m nidlib score ...`` and ``python -m nidlib play ...``.

``score SHEET.json [--json] [--lang LANG]``
    score an end-of-game sheet (delegates to :func:`nidlib.scoresheet.main`).
``play [--players N] [--seed N] [--bots LEVELS] [--names NAMES] [--first-game] [--json] [--lang LANG]``
    bots play a whole game; prints the readable transcript (taverns, bids as revealed, pick
    order and why, picks, trades, heroes, distinctions, score sheets) or, with ``--json``, the
    action and event log. The same options always print the same output.

Bad arguments print a sentence on standard error and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from nidlib.bots import BOTS
from nidlib.messages import DEFAULT_LANGUAGE, LANGUAGES, render, set_language


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise _UsageError(f"{self.prog}: {message}")


def _play_parser() -> _Parser:
    p = _Parser(prog="nidlib play", description="Bots play a whole game of Nidavellir.")
    p.add_argument("--players", type=int, default=3, help="number of players, 2-5 (default 3)")
    p.add_argument("--seed", type=int, default=0, help="seed of the shuffles and of the bots (default 0)")
    p.add_argument(
        "--bots",
        default="greedy",
        help="bot levels per seat, comma separated (random, greedy, strong); one level = every seat",
    )
    p.add_argument(
        "--names", default=None, help="player names, comma separated (default Ana, Bo, Cy, Di, Ed)"
    )
    p.add_argument("--first-game", action="store_true", help="leave Thrud, Ylud and Uline out (R-SETUP-5)")
    p.add_argument("--json", action="store_true", help="print the action and event log as JSON")
    p.add_argument("--lang", default=None, help="en, zh-Hant or zh-Hans")
    return p


def _fail(message: str) -> int:
    print(f"nidlib play: {message}", file=sys.stderr)
    return 2


def play_main(argv: Sequence[str]) -> int:
    """``nidlib play``; returns the exit status."""
    try:
        ns = _play_parser().parse_args(list(argv))
    except _UsageError as e:
        print(e, file=sys.stderr)
        return 2
    lang = ns.lang or DEFAULT_LANGUAGE
    if lang not in LANGUAGES:
        return _fail(render("play.err.lang", {"value": lang}))
    set_language(lang)
    if not 2 <= ns.players <= 5:
        return _fail(render("play.err.players", {"value": ns.players}, lang))
    levels = [x.strip() for x in ns.bots.split(",")]
    if len(levels) == 1:
        levels = levels * ns.players
    for level in levels:
        if level not in BOTS:
            return _fail(render("play.err.level", {"level": level}, lang))
    if len(levels) != ns.players:
        example = ",".join(["greedy"] * ns.players)
        return _fail(
            render(
                "play.err.bots-count", {"given": len(levels), "players": ns.players, "example": example}, lang
            )
        )
    from nidlib.engine import DEFAULT_NAMES
    from nidlib.play import format_game, game_json, make_bots, play_game

    names = list(DEFAULT_NAMES[: ns.players])
    if ns.names is not None:
        names = [n.strip() for n in ns.names.split(",")]
        if len(names) != ns.players or len(set(names)) != len(names) or not all(names):
            return _fail(render("play.err.names", {"players": ns.players}, lang))
    state, log = play_game(names, ns.seed, make_bots(levels, ns.seed), ns.first_game)
    if ns.json:
        print(json.dumps(game_json(state, log, levels), ensure_ascii=False, indent=1))
    else:
        sys.stdout.write(format_game(state, log, levels, lang))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m nidlib`` and the ``nidlib`` script."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(render("play.err.usage"), file=sys.stderr if not args else sys.stdout)
        return 2 if not args else 0
    command, rest = args[0], args[1:]
    if command == "score":
        from nidlib import scoresheet

        return scoresheet.main(rest)
    if command == "play":
        return play_main(rest)
    print(render("play.err.command", {"command": command}), file=sys.stderr)
    print(render("play.err.usage"), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
