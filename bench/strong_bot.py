"""Win rate of one StrongBot against two GreedyBots in three-player games, seats rotated.

    python bench/strong_bot.py [--games 300] [--budget 4000] [--max-seconds S] [--expansions thingvellir] [--write-docs]
    python bench/strong_bot.py --first 150 --games 150 --jsonl part2.jsonl ...   # a slice of the games, on another core
    python bench/strong_bot.py --merge part1.jsonl part2.jsonl [--expansions thingvellir] [--write-docs]

Game ``g`` is dealt from seed ``g``; the StrongBot sits in seat ``g % 3`` and the two
GreedyBots in the others (bots seeded by :func:`nidlib.tools.play.bot_seed`). Wins are counted
three ways: outright wins, shared wins (tied for the best total, R-SCORE-10) and the
*fractional* win rate where a win shared by k players counts 1/k - the headline number.
Seconds per decision are measured around every ``StrongBot.choose`` call, forced
single-choice decisions included (they are counted separately too).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from playouts import machine, update_section

from nidlib.rules.engine import final_scores
from nidlib.tools.bots import GreedyBot, StrongBot
from nidlib.tools.play import bot_seed, play_game


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--budget", type=int, default=4000, help="simulated actions per StrongBot decision")
    ap.add_argument(
        "--max-seconds",
        type=float,
        default=None,
        help="wall-clock cap per StrongBot decision (default: none)",
    )
    ap.add_argument(
        "--expansions",
        default="",
        help="thingvellir, idavoll or thingvellir,idavoll: play with the expansions (X-TH-1, X-ID-1)",
    )
    ap.add_argument("--first", type=int, default=0, help="the first game (seed) of this run")
    ap.add_argument("--jsonl", default=None, help="also write one JSON line per game to this file")
    ap.add_argument("--merge", nargs="+", default=None, help="aggregate the --jsonl files of several runs")
    ap.add_argument(
        "--write-docs", action="store_true", help="write the 'Strong bot' section of docs/benchmarks.md"
    )
    ns = ap.parse_args(argv)
    expansions = tuple(x for x in ns.expansions.split(",") if x)
    section = "Strong bot" + (
        " with Idavoll" if "idavoll" in expansions else " with Thingvellir" if expansions else ""
    )
    outright = 0
    shared = 0
    fractional = 0.0
    margins: list[int] = []
    times: list[float] = []
    searched: list[float] = []
    cpu: list[float] = []
    start = time.perf_counter()
    if ns.merge:
        import json

        rows = [
            json.loads(line)
            for path in ns.merge
            for line in Path(path).read_text(encoding="utf-8").splitlines()
            if line.strip()
        ]
        rows.sort(key=lambda r: r["game"])
        for r in rows:
            outright += r["outright"]
            shared += r["shared"]
            fractional += r["fraction"]
            margins.append(r["margin"])
            times.extend(r["times"])
            cpu.extend(r["cpu"])
            searched.extend(r["searched"])
        ns.games = len(rows)
        elapsed_merge = sum(r["wall"] for r in rows)
    out = open(ns.jsonl, "a", encoding="utf-8") if ns.jsonl else None  # noqa: SIM115 (one line per game, flushed)
    for g in range(ns.first, ns.first + (0 if ns.merge else ns.games)):
        game_start = time.perf_counter()
        t0, c0, s0 = len(times), len(cpu), len(searched)
        seat = g % 3
        strong = StrongBot(bot_seed(g, seat), budget=ns.budget, max_seconds=ns.max_seconds)
        bots = [strong if i == seat else GreedyBot(bot_seed(g, i)) for i in range(3)]

        def on_decision(i: int, seconds: float, seat: int = seat, strong: StrongBot = strong) -> None:
            if i == seat:
                times.append(seconds)
                cpu.append(strong.last_stats.get("cpu", 0.0))
                if strong.last_stats.get("samples", 0):
                    searched.append(seconds)

        s, _log = play_game(3, g, bots, expansions=expansions, on_decision=on_decision)
        table = final_scores(s)
        totals = [p.total for p in table.players]
        best = max(totals)
        winners = [i for i, t in enumerate(totals) if t == best]
        won = (1 if len(winners) == 1 else 0, 1 if len(winners) > 1 else 0) if seat in winners else (0, 0)
        if seat in winners:
            if len(winners) == 1:
                outright += 1
            else:
                shared += 1
            fractional += 1 / len(winners)
        margins.append(totals[seat] - max(t for i, t in enumerate(totals) if i != seat))
        if out is not None:
            import json

            row = {
                "game": g,
                "outright": won[0],
                "shared": won[1],
                "fraction": (1 / len(winners)) if seat in winners else 0.0,
                "margin": margins[-1],
                "times": times[t0:],
                "cpu": cpu[c0:],
                "searched": searched[s0:],
                "wall": time.perf_counter() - game_start,
            }
            out.write(json.dumps(row) + "\n")
            out.flush()
        print(
            f"game {g:3d} seat {seat} totals {totals} win-rate {fractional / (g - ns.first + 1):.3f} "
            f"max-s {max(times):.2f}",
            flush=True,
        )
    n = ns.games
    elapsed = elapsed_merge if ns.merge else time.perf_counter() - start
    over = sum(1 for t in times if t > 1.0)
    lines = [
        f"Command: `.venv/bin/python bench/strong_bot.py --games {n} --budget {ns.budget}"
        + (f" --max-seconds {ns.max_seconds:g}" if ns.max_seconds is not None else "")
        + (f" --expansions {ns.expansions}" if expansions else "")
        + (" --write-docs`" if ns.write_docs else "`"),
        "",
        f"Machine: {machine()}; one core, shared with other work.",
        "",
        (
            "One StrongBot against two GreedyBots, three players, game g dealt from seed g, the StrongBot in "
            "seat g mod 3. Win rate counts a shared victory (R-SCORE-10) as 1/k for k winners; outright "
            "and shared wins are also given separately."
        ),
        "",
        "| measure | value |",
        "|---|---|",
        f"| games | {n} |",
        f"| win rate (shared wins count 1/k) | {fractional / n:.1%} |",
        f"| outright wins | {outright} ({outright / n:.1%}) |",
        f"| shared wins | {shared} |",
        f"| mean margin over the best GreedyBot | {statistics.mean(margins):+.1f} points |",
        f"| decisions | {len(times)} ({len(searched)} searched, the rest forced) |",
        (
            f"| mean seconds per decision (all / searched) | {statistics.mean(times):.3f} / "
            f"{statistics.mean(searched) if searched else 0:.3f} |"
        ),
        f"| max seconds per decision | {max(times):.3f} |",
        f"| mean / max CPU seconds per decision | {statistics.mean(cpu):.3f} / {max(cpu):.3f} |",
        f"| decisions over 1 s (wall clock / CPU) | {over} / {sum(1 for t in cpu if t > 1.0)} |",
        f"| wall time | {elapsed / 60:.1f} min |",
    ]
    body = "\n".join(lines)
    print(body)
    if ns.write_docs:
        update_section(section, body)
        print(f"wrote the '{section}' section of docs/benchmarks.md", file=sys.stderr)
    print(f"win_rate: {fractional / n:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
