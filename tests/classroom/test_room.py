"""The class's room (widgets/classroom/room.py): every bid recorded exactly once under 30 concurrent
clients, no bid twice on a lot, no student reading another seat's bid, nothing lost on reopening."""

from __future__ import annotations

import multiprocessing
import threading
from pathlib import Path

import pytest

from widgets.classroom.room import DB_ENV, Member, RoomError, Rooms, default_path

STUDENTS = 30


def _room(tmp_path: Path, seats: int = 5, lots: int = 5) -> tuple[Rooms, str, str]:
    rooms = Rooms(tmp_path / "rooms.sqlite3")
    teacher = rooms.open([f"Team {k}" for k in range(seats)], lots)
    return rooms, teacher.code, teacher.key


def _student_process(path: str, code: str, k: int, ballot: int, barrier: object, out: object) -> None:
    """One student's device: its own process and connection; join, wait for everyone, then bid."""
    rooms = Rooms(path)
    member = rooms.join(code, f"Student {k}")
    barrier.wait()  # type: ignore[attr-defined]
    try:
        rooms.place_bid(member.token, ballot, {0: f"{k}a", 1: f"{k}b", 2: f"{k}c"})
        out.put((k, member.seat, "ok"))  # type: ignore[attr-defined]
    except RoomError as e:
        out.put((k, member.seat, e.key))  # type: ignore[attr-defined]


def test_thirty_students_in_their_own_processes_each_bid_exactly_once(tmp_path: Path) -> None:
    """30 seats (one student each), 30 processes bidding at the same moment: 90 rows, each once."""
    rooms, code, key = _room(tmp_path, seats=STUDENTS, lots=3)
    ballot = rooms.open_ballot(code, key, {})
    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(STUDENTS)
    out = ctx.Queue()
    procs = [
        ctx.Process(target=_student_process, args=(str(rooms.path), code, k, ballot, barrier, out))
        for k in range(STUDENTS)
    ]
    for p in procs:
        p.start()
    results = [out.get(timeout=120) for _ in procs]
    for p in procs:
        p.join(timeout=60)
        assert p.exitcode == 0
    assert sorted(r[2] for r in results) == ["ok"] * STUDENTS
    seats = {r[0]: r[1] for r in results}
    assert sorted(seats.values()) == list(range(STUDENTS))  # one seat each: the emptiest seat first
    bids = rooms.bids(code, key, ballot)
    assert len(bids) == STUDENTS
    for k, seat in seats.items():
        assert bids[seat] == {0: f"{k}a", 1: f"{k}b", 2: f"{k}c"}
    assert set(rooms.bidders(code, ballot)) == set(range(STUDENTS))


def test_thirty_students_in_five_teams_race_and_each_lot_takes_one_bid(tmp_path: Path) -> None:
    """30 threads, 5 teams of 6: each team's bid is the first one in; the 25 others are refused whole."""
    rooms, code, key = _room(tmp_path, seats=5, lots=5)
    members = [rooms.join(code, f"Student {k}") for k in range(STUDENTS)]
    assert sorted(m.seat for m in members) == sorted(list(range(5)) * 6)
    ballot = rooms.open_ballot(code, key, {s: f"offer {s}" for s in range(5)})
    barrier = threading.Barrier(STUDENTS)
    outcome: dict[str, str] = {}

    def bid(m: Member) -> None:
        barrier.wait()
        try:
            Rooms(rooms.path).place_bid(m.token, ballot, {lot: f"{m.name}/{lot}" for lot in range(5)})
            outcome[m.token] = "ok"
        except RoomError as e:
            outcome[m.token] = e.key

    threads = [threading.Thread(target=bid, args=(m,)) for m in members]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert len(outcome) == STUDENTS
    winners = [m for m in members if outcome[m.token] == "ok"]
    assert sorted(m.seat for m in winners) == list(range(5))
    assert {outcome[m.token] for m in members if m not in winners} == {"lesson08.room.twice"}
    bids = rooms.bids(code, key, ballot)
    for m in winners:  # the whole bid of the one member who got in: no lot from a teammate
        assert bids[m.seat] == {lot: f"{m.name}/{lot}" for lot in range(5)}
    assert rooms.bidders(code, ballot) == {m.seat: m.name for m in winners}


def test_a_second_bid_on_a_lot_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    rooms, code, key = _room(tmp_path, seats=2, lots=3)
    ana = rooms.join(code, "Ana")
    ballot = rooms.open_ballot(code, key, {})
    rooms.place_bid(ana.token, ballot, {0: "5"})
    with pytest.raises(RoomError) as err:
        rooms.place_bid(ana.token, ballot, {1: "3", 0: "2"})  # lot 0 again: the whole call is refused
    assert err.value.key == "lesson08.room.twice"
    assert rooms.my_bid(ana.token, ballot) == {0: "5"}
    rooms.place_bid(ana.token, ballot, {1: "3", 2: "0"})  # the lots not bid yet are still open
    assert rooms.my_bid(ana.token, ballot) == {0: "5", 1: "3", 2: "0"}


def test_a_student_reads_only_their_own_seat(tmp_path: Path) -> None:
    rooms, code, key = _room(tmp_path, seats=2, lots=1)
    ana, bo = rooms.join(code, "Ana"), rooms.join(code, "Bo")
    assert (ana.seat, bo.seat) == (0, 1)
    ballot = rooms.open_ballot(code, key, {0: "Ana's coins", 1: "Bo's coins"})
    assert rooms.offer(ana.token, ballot) == "Ana's coins"
    assert rooms.offer(bo.token, ballot) == "Bo's coins"
    rooms.place_bid(ana.token, ballot, {0: "7"})
    assert rooms.my_bid(bo.token, ballot) == {}
    assert rooms.bidders(code, ballot) == {0: "Ana"}  # who, never what
    with pytest.raises(RoomError) as err:
        rooms.bids(code, bo.token, ballot)  # a student's token is not the teacher's key
    assert err.value.key == "lesson08.room.not-teacher"
    assert rooms.bids(code, key, ballot) == {0: {0: "7"}}


def test_bids_only_on_the_open_ballot(tmp_path: Path) -> None:
    rooms, code, key = _room(tmp_path, seats=2, lots=1)
    ana = rooms.join(code, "Ana")
    with pytest.raises(RoomError, match="closed"):
        rooms.place_bid(ana.token, 0, {0: "1"})  # no ballot yet
    first = rooms.open_ballot(code, key, {})
    second = rooms.open_ballot(code, key, {})  # the teacher replays the round
    with pytest.raises(RoomError, match="closed"):
        rooms.place_bid(ana.token, first, {0: "1"})
    rooms.close_ballot(code, key)
    with pytest.raises(RoomError, match="closed"):
        rooms.place_bid(ana.token, second, {0: "1"})
    with pytest.raises(RoomError, match="bad-lot"):
        rooms.place_bid(ana.token, rooms.open_ballot(code, key, {}), {3: "1"})


def test_names_pins_and_coming_back(tmp_path: Path) -> None:
    rooms, code, _key = _room(tmp_path, seats=3, lots=1)
    ana = rooms.join(code.lower(), "  Ana ")  # a code typed in lower case, a name with spaces
    assert ana.name == "Ana"
    with pytest.raises(RoomError, match="name-taken"):
        rooms.join(code, "ana")
    with pytest.raises(RoomError, match="name-taken"):
        rooms.join(code, "ANA", pin="0000" if ana.pin != "0000" else "1111")
    assert rooms.join(code, "ana", pin=ana.pin) == ana  # the same member, the same seat
    with pytest.raises(RoomError, match="bad-name"):
        rooms.join(code, "   ")
    with pytest.raises(RoomError, match="unknown"):
        rooms.join("ZZZZZ9", "Bo")
    with pytest.raises(RoomError, match="not-member"):
        rooms.member("no such token")


def test_the_room_outlives_its_connection(tmp_path: Path) -> None:
    """A new Rooms on the same file (a restarted kernel, a reloaded page) finds everything."""
    rooms, code, key = _room(tmp_path, seats=2, lots=2)
    ana = rooms.join(code, "Ana")
    ballot = rooms.open_ballot(code, key, {0: "offer"})
    rooms.place_bid(ana.token, ballot, {0: "1", 1: "2"})
    rooms.save_game(code, key, '{"seed": 7}')
    rooms.set_status(code, key, "revealed 1")
    again = Rooms(rooms.path)
    assert again.member(ana.token) == ana
    assert again.ballot(code) == (ballot, True)
    assert again.my_bid(ana.token, ballot) == {0: "1", 1: "2"}
    assert again.game(code, key) == '{"seed": 7}'
    assert again.status(code) == "revealed 1"
    assert again.roster(code) == [("Ana", 0)]
    assert again.seats(code) == ["Team 0", "Team 1"]


def test_the_database_path_comes_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DB_ENV, str(tmp_path / "hub" / "rooms.db"))
    assert default_path() == tmp_path / "hub" / "rooms.db"
    rooms = Rooms()
    assert rooms.path.is_file()
    monkeypatch.delenv(DB_ENV)
    assert default_path().name == "classroom-rooms.sqlite3"
