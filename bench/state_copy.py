"""Cost of copying, comparing and serializing a mid-game state (State.copy is on the bots' hot path).

    python bench/state_copy.py [--rounds 8] [--against DIR] [--write-docs]

The position: a 4-player game dealt from seed 3 after 40 random actions (``random.Random(3)``).
Each figure is the best of ``--rounds`` runs of ``timeit`` (the minimum is the least disturbed
by a busy machine). ``--against DIR`` measures another checkout too (its ``nidlib`` directory
under DIR, e.g. an unpacked ``git archive <commit> nidlib``), alternating the two checkouts run by
run in fresh interpreters, so both see the same machine load.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import timeit
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CASES = ("s.copy()", "p.copy()", "s == t", "state_to_dict(s)", "state_from_dict(d)")


def measure(number: int = 300, repeat: int = 30) -> dict[str, float]:
    """Microseconds per operation for each case, in this interpreter's nidlib."""
    import random

    import nidlib
    from nidlib.core.serialize import state_to_dict
    from nidlib.rules.load import state_from_dict

    s = nidlib.new_game(4, seed=3)
    rng = random.Random(3)
    for _ in range(40):
        nidlib.advance(s, rng.choice(nidlib.legal_actions(s)))
    env = {
        "s": s,
        "t": s.copy(),
        "p": s.players[0],
        "d": state_to_dict(s),
        "state_to_dict": state_to_dict,
        "state_from_dict": state_from_dict,
    }
    out = {}
    for stmt in CASES:
        n = number if "dict" not in stmt else max(1, number // 20)
        out[stmt] = min(timeit.repeat(stmt, globals=env, number=n, repeat=repeat)) / n * 1e6
    return out


def _run(path: Path | None) -> dict[str, float]:
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = str(path)
    code = "import json, sys; sys.path.insert(0, sys.argv[1]); import state_copy; print(json.dumps(state_copy.measure()))"
    r = subprocess.run(
        [sys.executable, "-c", code, str(HERE)],
        capture_output=True,
        text=True,
        env=env,
        cwd=str(path or ROOT),
        check=True,
    )
    result: dict[str, float] = json.loads(r.stdout)
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--against", type=Path, default=None, help="another checkout to compare with")
    ap.add_argument("--write-docs", action="store_true", help="write the 'State copy' section")
    ns = ap.parse_args(argv)
    if ns.against is not None and not (ns.against / "nidlib").is_dir():
        print(f"state_copy: {ns.against} has no nidlib directory", file=sys.stderr)
        return 2
    best: dict[str, dict[str, float]] = {"this": {}, "other": {}}
    for _ in range(ns.rounds):
        for which, path in (("this", None), ("other", ns.against)):
            if which == "other" and path is None:
                continue
            for k, v in _run(path).items():
                best[which][k] = min(v, best[which].get(k, v))
    from playouts import machine, update_section

    header = "| operation | this checkout (µs) |" + (" other checkout (µs) |" if ns.against else "")
    rule = "|---|---|" + ("---|" if ns.against else "")
    rows = [
        f"| `{k}` | {best['this'][k]:.2f} |" + (f" {best['other'][k]:.2f} |" if ns.against else "")
        for k in CASES
    ]
    body = "\n".join(
        [
            "Command: `.venv/bin/python bench/state_copy.py"
            + (f" --rounds {ns.rounds}" if ns.rounds != 8 else "")
            + (" --against DIR" if ns.against else "")
            + "`",
            "",
            f"Machine: {machine()}; best of {ns.rounds} fresh interpreters × 30 timeit repeats.",
            "",
            "A 4-player position (seed 3, 40 random actions): `State.copy` (generated from the field",
            "declaration of `nidlib/core/state.py`), `Player.copy`, `==` and the JSON round trip.",
            "",
            header,
            rule,
            *rows,
        ]
    )
    print(body)
    if ns.write_docs:
        update_section("State copy", body)
        print("wrote the 'State copy' section of docs/benchmarks.md", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
