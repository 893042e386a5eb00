"""The Thingvellir soak of the issue: random games with the RULES.md A.7 invariants after every step.

    python bench/soak_thingvellir.py [--games 20000] [--write-docs]

Games are spread evenly over 2-5 players (seeds 0, 1, 2, ...); the checks are tests/engine/tvkit.py's
(coins 5 or 4 after Jarnglofi, every card once including the Camp decks, the Camp and both discard
piles, one Camp visit per tavern, enlistment, the JSON round trip after every step in 1 game out of
100 and at the end of every game). Prints the counts and the violations (expected: none).
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "engine"))
sys.path.insert(0, str(ROOT))

from tvkit import Violation, random_game

DOCS = ROOT / "docs" / "benchmarks.md"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20_000)
    ap.add_argument("--write-docs", action="store_true")
    ns = ap.parse_args()
    total: Counter[str] = Counter()
    violations: list[str] = []
    start = time.process_time()
    for k in range(ns.games):
        players, seed = 2 + k % 4, k // 4
        try:
            total.update(random_game(players, seed, json_every_step=k % 100 == 0))
        except Violation as e:
            violations.append(f"{players} players, seed {seed}: {e}")
        if (k + 1) % 1000 == 0:
            print(
                f"{k + 1} games, {len(violations)} violations, {time.process_time() - start:.0f} s CPU",
                flush=True,
            )
    cpu = time.process_time() - start
    arts = sum(v for key, v in total.items() if key.startswith("artifact "))
    lines = [
        f"games: {total['games']} (+{len(violations)} with a violation), steps: {total['steps']}",
        (
            f"camp visits: {total['camp visits']}, artifacts owned at the end: {arts}, "
            f"players with enlisted mercenaries: {total['mercenaries enlisted']}"
        ),
        f"violations: {len(violations)}",
        f"CPU: {cpu:.0f} s ({ns.games / cpu:.1f} checked games per CPU-second)",
    ]
    print("\n".join(lines))
    for v in violations[:20]:
        print("VIOLATION", v)
    if ns.write_docs:
        text = DOCS.read_text(encoding="utf-8")
        block = (
            "## Thingvellir soak\n\n"
            f"`python bench/soak_thingvellir.py --games {ns.games} --write-docs` "
            f"({time.strftime('%Y-%m-%d')}, shared 2-core machine):\n\n"
            + "\n".join(f"- {x}" for x in lines)
            + "\n"
        )
        if "## Thingvellir soak" in text:
            text = re.sub(r"## Thingvellir soak\n.*?(?=\n## |\Z)", block, text, flags=re.DOTALL)
        else:
            text = text.rstrip("\n") + "\n\n" + block
        DOCS.write_text(text, encoding="utf-8")
    return 1 if violations else 0


if __name__ == "__main__":
    raise SystemExit(main())
