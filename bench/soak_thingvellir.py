"""The expansions' soak of the issues: random games with the RULES.md A.7 invariants after every step.

    python bench/soak_thingvellir.py [--games 20000] [--expansions thingvellir] [--first 0] [--write-docs]
    python bench/soak_thingvellir.py --expansions idavoll --games 10000
    python bench/soak_thingvellir.py --expansions thingvellir,idavoll --games 10000

Games are spread evenly over 2-5 players (game k: k mod 4 + 2 players, seed k // 4, from ``--first``).
The checks of one state are tests/engine/a7kit.py's, shared by both expansions. Thingvellir alone:
tests/engine/tvkit.py's game (coins 5 or 4 after Jarnglofi, every card once including
the Camp decks, the Camp and both discard piles, one Camp visit per tavern, enlistment). Idavoll, alone or
with Thingvellir: tests/engine/idkit.py's (coins, every card once with the Mythology deck, reserve, removed
and drawn cards, Giants' captures and Gullinbursti, no Mythology card in a discard pile, one capture per
Giant, Valkyries' k never falling, 5/4 rounds in Age I, the golden rule at each Bids phase). Both: the JSON
round trip after every step in 1 game out of 100 and at the end of every game. Prints the counts and the
violations (expected: none); exits 1 if there is one.
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

import idkit
import tvkit

DOCS = ROOT / "docs" / "benchmarks.md"
KNOWN = ("thingvellir", "idavoll")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20_000)
    ap.add_argument("--first", type=int, default=0, help="the first game number (chunks on several cores)")
    ap.add_argument("--expansions", default="thingvellir", help="thingvellir, idavoll or thingvellir,idavoll")
    ap.add_argument("--write-docs", action="store_true", help="the Thingvellir section only")
    ns = ap.parse_args(argv)
    expansions = tuple(x for x in ns.expansions.split(",") if x)
    if not expansions or any(x not in KNOWN for x in expansions) or ns.games < 1 or ns.first < 0:
        print(
            f"error: --expansions takes {', '.join(KNOWN)} (comma-separated); --games >= 1", file=sys.stderr
        )
        return 2
    idavoll = "idavoll" in expansions
    total: Counter[str] = Counter()
    violations: list[str] = []
    start = time.process_time()
    for k in range(ns.first, ns.first + ns.games):
        players, seed = 2 + k % 4, k // 4
        try:
            if idavoll:
                total.update(idkit.random_game(players, seed, expansions, json_every_step=k % 100 == 0))
            else:
                total.update(tvkit.random_game(players, seed, json_every_step=k % 100 == 0))
        except (idkit.Violation, tvkit.Violation) as e:
            violations.append(f"{players} players, seed {seed}: {e}")
            print("VIOLATION", violations[-1], flush=True)
        except Exception as e:  # noqa: BLE001 (an engine crash is a violation too: reported with its game)
            violations.append(f"{players} players, seed {seed}: crash {type(e).__name__}: {e}")
            print("VIOLATION", violations[-1], flush=True)
        if (k - ns.first + 1) % 500 == 0:
            print(
                f"{k - ns.first + 1} games, {len(violations)} violations, "
                f"{time.process_time() - start:.0f} s CPU",
                flush=True,
            )
    cpu = time.process_time() - start
    if idavoll:
        acts = {key[7:]: v for key, v in total.items() if key.startswith("action ")}
        gods = ", ".join(f"{a} {acts.get(a, 0)}" for a in ("Reserve", "Swap", "Frigg", "Odin", "Thor"))
        lines = [
            f"expansions: {','.join(expansions)}; games {ns.first}..{ns.first + ns.games - 1}",
            f"games: {total['games']} (+{len(violations)} with a violation), steps: {total['steps']}",
            (
                f"captures: {total['captures']}, valkyrie notches: {total['notches']}, decisions: {gods}, "
                f"Capture {acts.get('Capture', 0)}, KeepMyth {acts.get('KeepMyth', 0)}, "
                f"ChooseOlrun {acts.get('ChooseOlrun', 0)}, PlaceGullinbursti {acts.get('PlaceGullinbursti', 0)}"
            ),
        ]
    else:
        arts = sum(v for key, v in total.items() if key.startswith("artifact "))
        lines = [
            f"games: {total['games']} (+{len(violations)} with a violation), steps: {total['steps']}",
            (
                f"camp visits: {total['camp visits']}, artifacts owned at the end: {arts}, "
                f"players with enlisted mercenaries: {total['mercenaries enlisted']}"
            ),
        ]
    lines += [
        f"violations: {len(violations)}",
        f"CPU: {cpu:.0f} s ({ns.games / cpu:.1f} checked games per CPU-second)",
    ]
    print("\n".join(lines))
    if ns.write_docs and not idavoll:
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
