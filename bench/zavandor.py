"""Zavandor simulations per second on one core: the speed the auction lab's charts can count on.

    python bench/zavandor.py [--players 4] [--seconds 5] [--strategies value,threshold,shading,king]

Runs :func:`zavandor.sim.simulate` in batches of 50 games (seeds 0, 1, 2, ...) for ``--seconds``
of CPU time and prints games and rounds per CPU second (the machine is shared: CPU time is what
this process really spent; the wall-clock rate is printed too). The last line is
``games_per_second: N``. This is a measurement, not a test: nothing here fails on a slow machine.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path

# This file is bench/zavandor.py: keep its folder off the import path so `zavandor` is the package.
HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]
sim = importlib.import_module("zavandor.sim")

STRATEGIES = ("value", "threshold", "shading", "king")


def measure(strategies: list[str], seconds: float, batch: int = 50) -> tuple[float, float, float, int]:
    """(games per CPU second, games per wall second, rounds per game, games played)."""
    cpu0, wall0 = time.process_time(), time.perf_counter()
    games = rounds = 0
    seed = 0
    while time.process_time() - cpu0 < seconds:
        r = sim.simulate(batch, strategies, seed=seed)
        games += r.games
        rounds += sum(g.rounds for g in r.records)
        seed += 1
    cpu = time.process_time() - cpu0
    wall = time.perf_counter() - wall0
    return games / cpu, games / wall, rounds / games, games


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4, help="2-4; seats take the strategies in turn")
    ap.add_argument("--seconds", type=float, default=5.0, help="CPU seconds to measure")
    ap.add_argument("--strategies", default=",".join(STRATEGIES))
    args = ap.parse_args(argv)
    pool = args.strategies.split(",")
    strategies = [pool[k % len(pool)] for k in range(args.players)]
    gps, wall_gps, rpg, games = measure(strategies, args.seconds)
    print(f"python {sys.version.split()[0]}, {args.players} players: {', '.join(strategies)}")
    print(f"games: {games}, rounds per game: {rpg:.2f}")
    print(f"rounds_per_second: {gps * rpg:.0f}")
    print(f"games_per_second_wall: {wall_gps:.0f}")
    print(f"games_per_second: {gps:.0f}")


if __name__ == "__main__":
    main()
