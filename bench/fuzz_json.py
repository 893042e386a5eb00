"""Fuzz the JSON state loader: mutated documents of real positions, loaded and played on.

    .venv/bin/python bench/fuzz_json.py --mutations 5000 --seed 1

Real positions come from seeded games for 2-5 players (tests/engine/jsonfuzz.py). Each mutated
document must either be refused with a DocumentError, or give a state that plays on to the end with
random legal actions, every state on the way saving and loading again. Prints the counts: refused,
accepted (played to the end), crash (an exception other than DocumentError while loading), broke
(accepted, then an exception in decision/legal_actions/apply, or no legal action), unsaveable
(accepted, then a played-on state does not load again), and the distinct sites of the failures.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "engine"))
sys.setrecursionlimit(10_000)

from jsonfuzz import MUTATIONS, corpus, judge, mutate


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mutations", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=2, help="seeded games per player count")
    ap.add_argument("--show", type=int, default=3, help="examples shown per failure site")
    ap.add_argument("--expansions", default="", help="e.g. idavoll or thingvellir,idavoll")
    ns = ap.parse_args()
    start = time.perf_counter()
    docs = corpus(ns.games, expansions=tuple(x for x in ns.expansions.split(",") if x))
    rng = random.Random(ns.seed)
    outcomes: Counter[str] = Counter()
    sites: Counter[tuple[str, str]] = Counter()
    examples: dict[tuple[str, str], list[str]] = {}
    by_kind: Counter[tuple[str, str]] = Counter()
    for _ in range(ns.mutations):
        kind = rng.choice(MUTATIONS)
        text = mutate(rng.choice(docs), kind, rng)
        v = judge(text, random.Random(rng.random()))
        outcomes[v.outcome] += 1
        by_kind[kind, v.outcome] += 1
        if v.outcome not in ("refused", "accepted"):
            key = (v.outcome, v.site)
            sites[key] += 1
            examples.setdefault(key, []).append(f"[{kind}] {v.detail}")
    print(f"{ns.mutations} mutations of {len(docs)} positions in {time.perf_counter() - start:.0f} s")
    for name in ("refused", "accepted", "crash", "broke", "unsaveable"):
        print(f"  {name:11} {outcomes[name]}")
    if sites:
        print(f"{len(sites)} distinct failure sites:")
        for (outcome, site), n in sites.most_common():
            print(f"  {n:5}  {outcome}: {site}")
            for ex in examples[outcome, site][: ns.show]:
                print(f"           {ex[:200]}")
    return 1 if sites else 0


if __name__ == "__main__":
    sys.exit(main())
