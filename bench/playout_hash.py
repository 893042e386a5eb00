"""Hash the final states of seeded random games: a check that a speed change kept the behaviour.

    python bench/playout_hash.py [--games 300] [--players 3] [--expansions thingvellir,idavoll]

Plays games ``0..N-1`` (game g: :func:`nidlib.rules.engine.new_game` with ``seed=g``, the random bot
:func:`nidlib.tools.bots.random_action` driven by ``random.Random(g)``, :func:`~nidlib.rules.engine.advance`
in place with ``log=None``), writes each final state with :func:`nidlib.to_json` and prints the SHA-256
of all of them, one per line, then the actions played and the CPU seconds. Two checkouts that print the
same hash played the same games to the same end.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time

from nidlib import to_json
from nidlib.rules.engine import advance, new_game
from nidlib.tools.bots import random_action


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=3, choices=range(2, 6))
    ap.add_argument("--expansions", default="", help="thingvellir, idavoll or thingvellir,idavoll")
    ns = ap.parse_args(argv)
    expansions = tuple(x for x in ns.expansions.split(",") if x)
    digest = hashlib.sha256()
    steps = 0
    cpu0 = time.process_time()
    for g in range(ns.games):
        s = new_game(ns.players, seed=g, expansions=expansions)
        rng = random.Random(g)
        while s.tasks:
            advance(s, random_action(s, rng))
            steps += 1
        digest.update(to_json(s).encode())
        digest.update(b"\n")
    cpu = time.process_time() - cpu0
    print(f"sha256: {digest.hexdigest()}")
    print(f"actions: {steps}")
    print(f"cpu_seconds: {cpu:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
