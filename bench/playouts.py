"""Random playouts per second on one core: the speed of the engine's fast path.

    python bench/playouts.py [--players 3] [--seconds 10] [--profile] [--expansions thingvellir] [--write-docs]

Plays complete random games (seeds 0, 1, 2, ...) for ``--seconds`` of CPU time with :func:`nidlib.rules.engine.advance` on a
state the benchmark owns (``log=None``: no events) and :func:`nidlib.tools.bots.random_action`
(uniform over the legal actions; a bid is drawn uniformly over the distinct bids without
listing them). ``--legal`` uses ``random.choice(legal_actions(s))`` instead, which
materialises every bid. The last line is ``games_per_second: N``, per second of CPU time of
this process (the machine is shared; the wall-clock rate is printed too).

``--profile`` runs cProfile over the same loop and prints the top functions.
``--write-docs`` writes the numbers for 2-5 players into docs/benchmarks.md ("Playouts").
"""

from __future__ import annotations

import argparse
import cProfile
import io
import platform
import pstats
import random
import re
import sys
import time
from pathlib import Path

from nidlib.rules.engine import advance, legal_actions, new_game
from nidlib.tools.bots import random_action

DOCS = Path(__file__).resolve().parents[1] / "docs" / "benchmarks.md"


#: the expansions of the games played (``--expansions``)
EXPANSIONS: tuple[str, ...] = ()


def play_random(players: int, seed: int, *, legal: bool = False) -> int:
    """One complete random game; returns the number of actions."""
    s = new_game(players, seed=seed, expansions=EXPANSIONS)
    rng = random.Random(seed)
    steps = 0
    while s.tasks:
        a = rng.choice(legal_actions(s)) if legal else random_action(s, rng)
        advance(s, a)
        steps += 1
    return steps


def measure(players: int, seconds: float, *, legal: bool = False) -> tuple[float, float, float]:
    """(games per CPU second, games per wall second, actions per game) over ``seconds`` of CPU time.

    The loop is timed with the process's CPU time (``time.process_time``): on a machine shared
    with other work that is the time this one core really spent playing.
    """
    cpu0 = time.process_time()
    wall0 = time.perf_counter()
    games = 0
    steps = 0
    while True:
        steps += play_random(players, games, legal=legal)
        games += 1
        cpu = time.process_time() - cpu0
        if cpu >= seconds:
            return games / cpu, games / (time.perf_counter() - wall0), steps / games


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import os

    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()} ({platform.python_implementation()})"


def update_section(title: str, body: str, path: Path = DOCS) -> None:
    """Replace (or append) the ``## title`` section of docs/benchmarks.md, leaving other sections alone."""
    text = path.read_text("utf-8") if path.exists() else "# Benchmarks\n"
    block = f"## {title}\n\n{body.strip()}\n"
    pattern = re.compile(rf"^## {re.escape(title)}\n.*?(?=^## |\Z)", re.DOTALL | re.MULTILINE)
    if pattern.search(text):
        text = pattern.sub(lambda _m: block + "\n", text, count=1).rstrip() + "\n"
    else:
        text = text.rstrip() + "\n\n" + block
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, "utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=3, choices=range(2, 6))
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument(
        "--legal", action="store_true", help="sample from legal_actions() (materialises all bids)"
    )
    ap.add_argument("--profile", action="store_true", help="cProfile the loop and print the top functions")
    ap.add_argument(
        "--write-docs", action="store_true", help="measure 2-5 players and update docs/benchmarks.md"
    )
    ap.add_argument(
        "--expansions",
        default="",
        help="thingvellir, idavoll or thingvellir,idavoll: random games with the expansions",
    )
    ns = ap.parse_args(argv)
    global EXPANSIONS
    EXPANSIONS = tuple(x for x in ns.expansions.split(",") if x)
    names = {"thingvellir": "Thingvellir", "idavoll": "Idavoll"}
    title = "Playouts" + (" with " + " and ".join(names.get(x, x) for x in EXPANSIONS) if EXPANSIONS else "")
    if ns.profile:
        prof = cProfile.Profile()
        prof.enable()
        rate, _wall, steps = measure(ns.players, ns.seconds, legal=ns.legal)
        prof.disable()
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(25)
        print(out.getvalue())
        print(f"(under cProfile: {rate:.0f} games/s, {steps:.0f} actions per game)")
    if ns.write_docs:
        rows = []
        for n in range(2, 6):
            rate, wall, steps = measure(n, ns.seconds, legal=ns.legal)
            print(
                f"{n} players: {rate:.0f} games/s ({wall:.0f} by the wall clock), {steps:.0f} actions per game",
                flush=True,
            )
            rows.append(f"| {n} | {rate:,.0f} | {wall:,.0f} | {steps:.0f} | {rate * steps:,.0f} |")
        sampler = "random.choice(legal_actions(s))" if ns.legal else "nidlib.tools.bots.random_action(s, rng)"
        other = "nidlib.tools.bots.random_action(s, rng)" if ns.legal else "random.choice(legal_actions(s))"
        other_rate = measure(3, ns.seconds, legal=not ns.legal)[0]
        body = "\n".join(
            [
                f"Command: `.venv/bin/python bench/playouts.py --seconds {ns.seconds:g} --write-docs`"
                + (" --legal" if ns.legal else "")
                + (f" --expansions {ns.expansions}" if EXPANSIONS else ""),
                "",
                (
                    f"Machine: {machine()}. Rates are per second of this process's CPU time (one core); the "
                    "wall-clock rate shows how busy the shared machine was during the run."
                ),
                "",
                (
                    "Complete random games on one core: `nidlib.new_game` then `nidlib.rules.engine.advance(s, a)` "
                    f"(in place, `log=None`) with `{sampler}` until the game is over."
                ),
                "",
                "| players | games per CPU second | games per wall-clock second | actions/game | actions per CPU second |",
                "|---|---|---|---|---|",
                *rows,
                "",
                f"For comparison, 3 players with `{other}` instead: {other_rate:,.0f} games per CPU second.",
            ]
        )
        if EXPANSIONS:  # beside the base game's rate, measured now on the same machine
            EXPANSIONS, saved = (), EXPANSIONS
            base = measure(3, ns.seconds, legal=ns.legal)[0]
            EXPANSIONS = saved
            body += (
                f"\n\nThe base game, 3 players, measured in the same run: {base:,.0f} games per CPU second."
            )
        update_section(title, body)
        print(f"wrote the {title} section of {DOCS}", file=sys.stderr)
    rate, wall, steps = measure(ns.players, ns.seconds, legal=ns.legal)
    print(f"players: {ns.players}, actions per game: {steps:.1f}, games per wall-clock second: {wall:.0f}")
    print(f"games_per_second: {rate:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
