"""Lesson 8's live class room (widgets/classroom/room.py) under a class: N students' devices, each its own
process (as each student's kernel is), join one room and bid at the same moment; meanwhile the
teacher's poll and every student's poll read the room once a second.

    .venv/bin/python bench/classroom_room.py --students 30 [--db /tmp/rooms.sqlite3 | --db postgresql://...]

``--db`` is a path or a URL, as ``NIDAVELLIR_ROOM_DB`` (docs/classroom.md); by default a new SQLite file.

Prints the time for every bid to be recorded (from the common start to the last commit), the latency
of one bid (p50, p95, max) and of one poll, and checks that every bid is in the room exactly once
(exit 1 otherwise).
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from widgets.classroom.room import Rooms

LOTS = 5


def _student(path: str, code: str, k: int, ballot: int, barrier: object, out: object) -> None:
    rooms = Rooms(path)
    member = rooms.join(code, f"Student {k}")
    barrier.wait()  # type: ignore[attr-defined]
    t0 = time.perf_counter()
    rooms.place_bid(member.token, ballot, {lot: f"{k}.{lot}" for lot in range(LOTS)})
    bid = time.perf_counter() - t0
    recorded = time.time()  # the bid is committed
    polls = []
    for _ in range(5):  # what a student's page does once a second
        t1 = time.perf_counter()
        rooms.ballot(code)
        rooms.status(code)
        rooms.my_bid(member.token, ballot)
        polls.append(time.perf_counter() - t1)
    out.put((k, recorded, bid, statistics.median(polls)))  # type: ignore[attr-defined]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--db", default="", help="a path or a URL (default: a new SQLite file)")
    args = parser.parse_args()
    n = args.students
    if n < 1:
        print("error: --students must be at least 1", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        rooms = Rooms(args.db or str(Path(tmp) / "rooms.sqlite3"))
        print(f"store: {rooms!r}")
        teacher = rooms.open([f"Seat {k}" for k in range(n)], LOTS)
        ballot = rooms.open_ballot(teacher.code, teacher.key, {})
        ctx = multiprocessing.get_context("spawn")
        barrier = ctx.Barrier(n + 1)
        out = ctx.Queue()
        procs = [
            ctx.Process(target=_student, args=(rooms.url, teacher.code, k, ballot, barrier, out))
            for k in range(n)
        ]
        for p in procs:
            p.start()
        barrier.wait()
        start = time.time()
        results = [out.get(timeout=300) for _ in procs]
        for p in procs:
            p.join()
        t0 = time.perf_counter()
        bids = rooms.bids(teacher.code, teacher.key, ballot)
        rooms.bidders(teacher.code, ballot)
        teacher_poll = time.perf_counter() - t0
    recorded = sum(len(v) for v in bids.values())
    latencies = sorted(r[2] for r in results)
    last = max(r[1] for r in results) - start
    p95 = latencies[min(len(latencies) - 1, round(0.95 * (len(latencies) - 1)))]
    print(f"students: {n}, lots per bid: {LOTS}, rows recorded: {recorded} (expected {n * LOTS})")
    print(f"every bid recorded within {last * 1000:.0f} ms of the common start")
    print(
        f"one bid: p50 {statistics.median(latencies) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, "
        f"max {latencies[-1] * 1000:.1f} ms"
    )
    print(f"one student's poll (3 reads): p50 {statistics.median(r[3] for r in results) * 1000:.2f} ms")
    print(f"the teacher's poll (every bid + who has bid): {teacher_poll * 1000:.2f} ms")
    ok = recorded == n * LOTS and all(len(v) == LOTS for v in bids.values()) and len(bids) == n
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
