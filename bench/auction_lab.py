"""How long 1,000 whole games take in the auction lab (page 12), on the machine it runs on.

    python bench/auction_lab.py [--games 1000] [--players 2,3,4,5] [--policies trade,keep]

For each player count: the model alone (:func:`auctionlab.games.run`, the chunks the page plays) and
the page's own path (``widgets.auction_lab.games_panel``: Run clicked, chunks on the worker thread,
charts redrawn at most every 0.8 s and at the end, waited for). Prints wall-clock seconds and CPU
seconds of this process (all its threads). A measurement, not a test: nothing fails on a slow machine.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def model(games: int, players: int, policies: list[str]) -> tuple[float, float]:
    from auctionlab import games as g

    cpu, wall = time.process_time(), time.perf_counter()
    n = sum(len(c) for c in g.run(games, players, policies, seed=1, chunk=50))
    assert n == games
    return time.perf_counter() - wall, time.process_time() - cpu


def page(games: int, players: int, policies: list[str]) -> tuple[float, float]:
    import ipywidgets as w

    from widgets import auction_lab as lab

    box = lab.games_panel()
    todo = [box]
    while todo:
        x = todo.pop()
        if isinstance(x, w.IntSlider):
            x.value = games
        if isinstance(x, w.ToggleButtons) and x.options and x.options[0][1] == 2:
            x.value = players
        todo.extend(getattr(x, "children", ()))
    cpu, wall = time.process_time(), time.perf_counter()
    box.run_button.click()
    box.runner.wait(600)
    return time.perf_counter() - wall, time.process_time() - cpu


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--players", default="2,3,4,5")
    ap.add_argument("--policies", default="trade,keep")
    args = ap.parse_args(argv)
    try:
        counts = [int(x) for x in args.players.split(",")]
        if any(not 2 <= n <= 5 for n in counts):
            raise ValueError
    except ValueError:
        print(
            f"error: --players takes counts from 2 to 5 separated by commas, not {args.players!r}",
            file=sys.stderr,
        )
        raise SystemExit(2) from None
    policies = args.policies.split(",")
    print(f"python {platform.python_version()}, {args.games} games, policies {', '.join(policies)}")
    print(
        "| players | model wall s | model CPU s | games per CPU s | page wall s (Run to Done) | page CPU s |"
    )
    print("|---|---|---|---|---|---|")
    for n in counts:
        wall, cpu = model(args.games, n, policies)
        pw, pc = page(args.games, n, policies)
        print(f"| {n} | {wall:.2f} | {cpu:.2f} | {args.games / cpu:.0f} | {pw:.2f} | {pc:.2f} |")


if __name__ == "__main__":
    main()
