"""The class's room (widgets/classroom/room.py): every bid recorded exactly once under 30 concurrent
clients, no bid twice on a lot, no student reading another seat's bid, nothing lost on reopening.

Every test taking ``store_url`` runs on both stores: an SQLite file and a real PostgreSQL server
(tests/classroom/conftest.py)."""

from __future__ import annotations

import importlib.util
import multiprocessing
import socket
import ssl
import threading
from pathlib import Path

import pytest

from nidlib.core.messages import render
from widgets.classroom import store
from widgets.classroom.room import DB_ENV, Member, RoomError, Rooms, StoreError, default_path
from widgets.classroom.store import pg_connect_args

STUDENTS = 30


def _room(store_url: str, seats: int = 5, lots: int = 5) -> tuple[Rooms, str, str]:
    rooms = Rooms(store_url)
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


def test_thirty_students_in_their_own_processes_each_bid_exactly_once(store_url: str) -> None:
    """30 seats (one student each), 30 processes bidding at the same moment: 90 rows, each once."""
    rooms, code, key = _room(store_url, seats=STUDENTS, lots=3)
    ballot = rooms.open_ballot(code, key, {})
    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(STUDENTS)
    out = ctx.Queue()
    procs = [
        ctx.Process(target=_student_process, args=(rooms.url, code, k, ballot, barrier, out))
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


def test_thirty_students_in_five_teams_race_and_each_lot_takes_one_bid(store_url: str) -> None:
    """30 threads, 5 teams of 6: each team's bid is the first one in; the 25 others are refused whole."""
    rooms, code, key = _room(store_url, seats=5, lots=5)
    members = [rooms.join(code, f"Student {k}") for k in range(STUDENTS)]
    assert sorted(m.seat for m in members) == sorted(list(range(5)) * 6)
    ballot = rooms.open_ballot(code, key, {s: f"offer {s}" for s in range(5)})
    barrier = threading.Barrier(STUDENTS)
    outcome: dict[str, str] = {}

    def bid(m: Member) -> None:
        barrier.wait()
        try:
            Rooms(rooms.url).place_bid(m.token, ballot, {lot: f"{m.name}/{lot}" for lot in range(5)})
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


def test_a_second_bid_on_a_lot_is_refused_and_changes_nothing(store_url: str) -> None:
    rooms, code, key = _room(store_url, seats=2, lots=3)
    ana = rooms.join(code, "Ana")
    ballot = rooms.open_ballot(code, key, {})
    rooms.place_bid(ana.token, ballot, {0: "5"})
    with pytest.raises(RoomError) as err:
        rooms.place_bid(ana.token, ballot, {1: "3", 0: "2"})  # lot 0 again: the whole call is refused
    assert err.value.key == "lesson08.room.twice"
    assert rooms.my_bid(ana.token, ballot) == {0: "5"}
    rooms.place_bid(ana.token, ballot, {1: "3", 2: "0"})  # the lots not bid yet are still open
    assert rooms.my_bid(ana.token, ballot) == {0: "5", 1: "3", 2: "0"}


def test_a_student_reads_only_their_own_seat(store_url: str) -> None:
    rooms, code, key = _room(store_url, seats=2, lots=1)
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


def test_bids_only_on_the_open_ballot(store_url: str) -> None:
    rooms, code, key = _room(store_url, seats=2, lots=1)
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


def test_names_pins_and_coming_back(store_url: str) -> None:
    rooms, code, _key = _room(store_url, seats=3, lots=1)
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


def test_the_room_outlives_its_connection(store_url: str) -> None:
    """A new Rooms on the same file (a restarted kernel, a reloaded page) finds everything."""
    rooms, code, key = _room(store_url, seats=2, lots=2)
    ana = rooms.join(code, "Ana")
    ballot = rooms.open_ballot(code, key, {0: "offer"})
    rooms.place_bid(ana.token, ballot, {0: "1", 1: "2"})
    rooms.save_game(code, key, '{"seed": 7}')
    rooms.set_status(code, key, "revealed 1")
    again = Rooms(rooms.url)
    assert again.member(ana.token) == ana
    assert again.ballot(code) == (ballot, True)
    assert again.my_bid(ana.token, ballot) == {0: "1", 1: "2"}
    assert again.game(code, key) == '{"seed": 7}'
    assert again.status(code) == "revealed 1"
    assert again.roster(code) == [("Ana", 0)]
    assert again.seats(code) == ["Team 0", "Team 1"]


def test_the_store_comes_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """NIDAVELLIR_ROOM_DB: a path, or an sqlite:/// URL (relative, or absolute with four slashes)."""
    monkeypatch.setenv(DB_ENV, str(tmp_path / "hub" / "rooms.db"))
    rooms = Rooms()
    assert rooms.path == tmp_path / "hub" / "rooms.db"
    assert rooms.path.is_file()
    monkeypatch.setenv(DB_ENV, f"sqlite:///{tmp_path}/url.sqlite3")  # tmp_path is absolute: 4 slashes
    assert Rooms().path == tmp_path / "url.sqlite3"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(DB_ENV, "sqlite:///relative/rooms.sqlite3")
    assert Rooms().path == Path("relative/rooms.sqlite3")
    assert (tmp_path / "relative" / "rooms.sqlite3").is_file()
    monkeypatch.delenv(DB_ENV)
    assert default_path().name == "classroom-rooms.sqlite3"


def test_a_server_database_from_the_environment(pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DB_ENV, pg_url)
    rooms = Rooms()
    assert rooms.store.kind == "postgresql"
    assert rooms.path is None
    teacher = rooms.open(["A", "B"], 1)
    assert Rooms(pg_url).seats(teacher.code) == ["A", "B"]  # another kernel, the same database
    assert "@" in repr(rooms)
    assert pg_url.split("@")[0].split(":")[-1] not in repr(rooms)  # no password


@pytest.mark.parametrize(
    ("url", "key", "part"),
    [
        ("mysql://u@h/db", "lesson08.db.scheme", None),
        ("postgresql://u@h:port/db", "lesson08.db.bad-url", "port"),
        ("postgresql://u@h/db?sslmode=maybe", "lesson08.db.bad-url", "sslmode"),
        ("postgresql://u@h/db?pool=3", "lesson08.db.bad-url", "pool"),
        ("sqlite://host/rooms.db", "lesson08.db.bad-url", "sqlite:///path"),
    ],
)
def test_a_bad_url_names_what_is_wrong(url: str, key: str, part: str | None) -> None:
    with pytest.raises(StoreError) as err:
        Rooms(url)
    assert err.value.key == key
    if part is not None:
        assert err.value.params["part"] == part
    assert render(err.value.key, err.value.params) != err.value.key  # in the catalogue


def test_postgresql_urls_read_as_libpq_reads_them() -> None:
    args = pg_connect_args(
        "postgresql://te%40cher:p%2Fss@db.school.example:6543/class%20rooms?sslmode=require"
    )
    assert (args["user"], args["password"], args["host"], args["port"], args["database"]) == (
        "te@cher",
        "p/ss",
        "db.school.example",
        6543,
        "class rooms",
    )
    assert args["ssl_context"].verify_mode == ssl.CERT_NONE  # libpq's "require" encrypts, checks nothing
    full = pg_connect_args("postgres://u@h/db?sslmode=verify-full")["ssl_context"]
    assert full.check_hostname
    assert full.verify_mode == ssl.CERT_REQUIRED
    sock = pg_connect_args("postgresql://u@/db?host=/run/postgresql")
    assert sock["unix_sock"] == "/run/postgresql/.s.PGSQL.5432"
    assert pg_connect_args("postgresql://u@h")["database"] == "u"  # libpq: the database of the user's name
    assert "ssl_context" not in pg_connect_args("postgresql://u@h/db")


def test_no_driver_and_no_server_are_messages_not_tracebacks(monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as s:  # a port where nothing listens
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"postgresql://u:secret-word@127.0.0.1:{port}/db?connect_timeout=5"
    if importlib.util.find_spec("pg8000") is not None:
        with pytest.raises(StoreError) as err:
            Rooms(url)
        assert err.value.key == "lesson08.db.down"
        text = render(err.value.key, err.value.params)
        assert f"127.0.0.1:{port}/db" in text
        assert "secret-word" not in text
    monkeypatch.setattr(store, "PG_DRIVER", "no_such_driver")
    with pytest.raises(StoreError) as err:
        Rooms(url)
    assert err.value.key == "lesson08.db.driver"
    assert "nidavellir-tutor[postgres]" in render(err.value.key, err.value.params)


def test_a_broken_server_connection_is_opened_again(pg_url: str) -> None:
    """The server drops the kernel's connection (a restart, a network cut): at most one call fails,
    with a message; the next one connects again."""
    import pg8000.dbapi

    rooms = Rooms(pg_url)
    teacher = rooms.open(["A"], 1)
    admin = pg8000.dbapi.connect(**pg_connect_args(pg_url))
    admin.autocommit = True
    admin.cursor().execute(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        "WHERE datname = current_database() AND pid <> pg_backend_pid()"
    )
    admin.close()
    failures: list[str] = []
    for _ in range(2):
        try:
            assert rooms.seats(teacher.code) == ["A"]
        except StoreError as e:
            failures.append(e.key)
    assert failures in ([], ["lesson08.db.down"])
    assert rooms.seats(teacher.code) == ["A"]
