"""Command line: ``python -m nidlib score ...`` and ``python -m nidlib play ...``.

``score SHEET.json [--json] [--lang LANG]``
    score an end-of-game sheet (delegates to :func:`nidlib.tools.scoresheet.main`).
``play [--players N] [--seed N] [--bots LEVELS] [--names NAMES] [--first-game] [--expansions thingvellir] [--json] [--lang LANG]``
    bots play a whole game; prints the readable transcript (taverns, bids as revealed, pick
    order and why, picks, trades, heroes, distinctions, score sheets) or, with ``--json``, the
    action and event log. The same options always print the same output.
``rule RULE-ID``
    the rule's text (RULES.md) and every place in nidlib that cites it: where does rule X live?

Bad arguments print a sentence on standard error and exit with status 2.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
import unicodedata
from collections.abc import Callable, Sequence

from nidlib.core.messages import DEFAULT_LANGUAGE, LANGUAGES, clip, render, set_language
from nidlib.core.serialize import MAX_NAME_CHARS, NAME_FORBIDDEN
from nidlib.tools.bots import BOTS


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise _UsageError(f"{self.prog}: {clip(message, 200)}")


def _whole_number(option: str) -> Callable[[str], int]:
    """An option's whole number: ASCII digits only ("²" is not 2), at most 18 of them."""

    def parse(text: str) -> int:
        if not re.fullmatch(r"[+-]?[0-9]{1,18}", text.strip()):
            raise argparse.ArgumentTypeError(render("play.err.int", {"option": option, "value": clip(text)}))
        return int(text)

    return parse


def _play_parser() -> _Parser:
    p = _Parser(prog="nidlib play", description="Bots play a whole game of Nidavellir.")
    p.add_argument(
        "--players", type=_whole_number("--players"), default=3, help="number of players, 2-5 (default 3)"
    )
    p.add_argument(
        "--seed",
        type=_whole_number("--seed"),
        default=0,
        help="seed of the shuffles and of the bots (default 0)",
    )
    p.add_argument(
        "--bots",
        default="greedy",
        help="bot levels per seat, comma separated (random, greedy, strong); one level = every seat",
    )
    p.add_argument(
        "--names", default=None, help="player names, comma separated (default Ana, Bo, Cy, Di, Ed)"
    )
    p.add_argument("--first-game", action="store_true", help="leave Thrud, Ylud and Uline out (R-SETUP-5)")
    p.add_argument(
        "--expansions", default="", help="expansions in play, comma separated: thingvellir (X-TH-1)"
    )
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
    lang = DEFAULT_LANGUAGE if ns.lang is None else ns.lang
    if lang not in LANGUAGES:  # '' too: never a silent fall back to English
        return _fail(render("play.err.lang", {"value": clip(lang)}))
    set_language(lang)
    if not 2 <= ns.players <= 5:
        return _fail(render("play.err.players", {"value": ns.players}, lang))
    levels = [x.strip() for x in ns.bots.split(",")]
    if len(levels) == 1:
        levels = levels * ns.players
    for level in levels:
        if level not in BOTS:
            return _fail(render("play.err.level", {"level": clip(level)}, lang))
    if len(levels) != ns.players:
        example = ",".join(["greedy"] * ns.players)
        return _fail(
            render(
                "play.err.bots-count", {"given": len(levels), "players": ns.players, "example": example}, lang
            )
        )
    from nidlib.core.cards import EXPANSIONS
    from nidlib.rules.engine import DEFAULT_NAMES
    from nidlib.tools.play import format_game, game_json, make_bots, play_game

    expansions = tuple(x.strip() for x in ns.expansions.split(",") if x.strip())
    for x in expansions:
        if x not in EXPANSIONS:
            return _fail(
                render("play.err.expansion", {"value": clip(x), "known": ", ".join(EXPANSIONS)}, lang)
            )

    names = list(DEFAULT_NAMES[: ns.players])
    if ns.names is not None:
        names = [n.strip() for n in ns.names.split(",")]
        if len(names) != ns.players or len(set(names)) != len(names) or not all(names):
            return _fail(render("play.err.names", {"players": ns.players}, lang))
        for name in names:
            if len(name) > MAX_NAME_CHARS:
                return _fail(render("play.err.name-long", {"limit": MAX_NAME_CHARS}, lang))
            bad = [ch for ch in name if unicodedata.category(ch) in NAME_FORBIDDEN]
            if bad:
                return _fail(render("play.err.name-char", {"code": f"{ord(bad[0]):04X}"}, lang))
    state, log = play_game(names, ns.seed, make_bots(levels, ns.seed), ns.first_game, expansions=expansions)
    if ns.json:
        print(json.dumps(game_json(state, log, levels), ensure_ascii=False, indent=1))
    else:
        sys.stdout.write(format_game(state, log, levels, lang))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m nidlib`` and the ``nidlib`` script.

    Whatever the input, the outcome is output and status 0, or one line on standard error and a
    non-zero status (2 for a usage error): never a traceback. A closed pipe (``| head -1``) ends quietly.
    """
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")  # a lone surrogate never stops a message
    try:
        code = _main(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        from nidlib.tools.scoresheet import silence_stdout

        silence_stdout()
        return 1
    except KeyboardInterrupt:
        return 130
    except Exception as e:  # noqa: BLE001 (a bug still ends with one line, not a traceback)
        print(render("play.err.internal", {"error": clip(f"{type(e).__name__}: {e}", 160)}), file=sys.stderr)
        return 1
    return code


def _main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(render("play.err.usage"), file=sys.stderr if not args else sys.stdout)
        return 2 if not args else 0
    command, rest = args[0], args[1:]
    if command == "score":
        from nidlib.tools import scoresheet

        return scoresheet.main(rest)
    if command == "play":
        return play_main(rest)
    if command == "rule":
        from nidlib.tools import where

        return where.main(rest)
    print(render("play.err.command", {"command": clip(command)}), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
