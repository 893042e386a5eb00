"""How many seeded games tests/engine/test_seeded_games.py needs: the branches of ``nidlib`` its games reach.

    python bench/seeded_coverage.py [--games 1000] [--against 2000]

Plays games ``0 .. games-1`` (and ``0 .. against-1``) exactly as the test does (its ``_play``, every
assertion included) under coverage.py in branch mode, each run in a fresh interpreter, and prints the arcs of ``nidlib`` each run
reaches and the arcs the larger run reaches that the smaller one does not. Used to choose the test's
``GAMES`` (docs/benchmarks.md, "make test: where the minutes go (session 7)").
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def arcs(games: int) -> set[tuple[str, int, int]]:
    """The (file, from line, to line) arcs of nidlib that games 0..games-1 reach."""
    import coverage

    cov = coverage.Coverage(branch=True, source=["nidlib"], data_file=None)
    cov.start()
    import test_seeded_games

    for game in range(games):
        test_seeded_games._play(game)
    cov.stop()
    data = cov.get_data()
    found = set()
    for path in data.measured_files():
        rel = str(Path(path).relative_to(ROOT))
        found.update((rel, a, b) for a, b in data.arcs(path) or ())
    return found


def measured(games: int) -> set[tuple[str, int, int]]:
    """:func:`arcs` in a fresh interpreter (so import-time lines count in every run alike)."""
    out = subprocess.run(
        [sys.executable, __file__, "--one", str(games)], check=True, capture_output=True, text=True
    ).stdout
    return {(rel, a, b) for rel, a, b in json.loads(out)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--against", type=int, default=2000)
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "engine")]
        print(json.dumps(sorted(arcs(args.one))))
        return 0
    if args.games < 1 or args.against < 1:
        print("error: --games and --against are at least 1", file=sys.stderr)
        return 2
    small, large = measured(args.games), measured(args.against)
    print(f"games 0-{args.games - 1}: {len(small)} arcs of nidlib")
    print(f"games 0-{args.against - 1}: {len(large)} arcs of nidlib")
    missing = sorted(large - small)
    print(f"reached by the {args.against} games only: {len(missing)}")
    for rel, a, b in missing[:40]:
        print(f"  {rel} {a} -> {b}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
