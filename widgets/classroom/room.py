"""A class's sealed-bid room, kept in SQLite or PostgreSQL (no nidlib, no ipywidgets).

The teacher opens a room (:meth:`Rooms.open`): a short code for the class to type and a secret key
for the teacher's page. The room has *seats* (the players of the game at the front: 2 to 5 teams,
or one student each) and *lots* (what a bid covers: for Nidavellir the three taverns and the two
pouch spaces). Students join with a name (:meth:`Rooms.join`) and are placed in the seat with the
fewest members; they get a token (their page's identity) and a 4-digit PIN (to come back after
closing the tab: the same name and PIN give the same member back).

Bidding goes by *ballots*: the teacher opens one per round of bidding (:meth:`Rooms.open_ballot`),
leaving each seat a private *offer* (what that seat may bid with, as text the room does not read).
A member places their seat's bid once (:meth:`Rooms.place_bid`): every lot of a ballot takes one bid
per seat, recorded in one transaction (all the lots of a call or none), and a second bid on a lot is
refused (the table's primary key guarantees it even against a race). What anyone may read:

* a student: their own seat's offer and bid (:meth:`Rooms.offer`, :meth:`Rooms.my_bid`), the
  roster, who has bid (:meth:`Rooms.bidders`: never what), the teacher's public status;
* the teacher (with the key): every bid (:meth:`Rooms.bids`), and the teacher's own saved game.

Where the rooms are kept is a *store* (:mod:`widgets.classroom.store`): an SQLite file by default
(standard library), or a PostgreSQL server named by a URL (``NIDAVELLIR_ROOM_DB``, see
docs/classroom.md), for a JupyterHub whose learners' servers do not share one disk. Every method is
one read or one write transaction; the writes of a store are serialized (SQLite's ``BEGIN
IMMEDIATE``, a PostgreSQL advisory lock), so threads, processes and kernels share the rooms safely.
A room lives in the store until it is deleted, so a kernel restart or a reloaded page loses nothing.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from widgets.classroom.store import (
    DB_ENV,
    Db,
    RoomError,
    SQLiteStore,
    Store,
    StoreError,
    default_path,
    open_store,
)

__all__ = [
    "DB_ENV",
    "Member",
    "RoomError",
    "Rooms",
    "StoreError",
    "Teacher",
    "default_path",
]

#: room codes avoid letters and digits a class misreads on a projector (0/O, 1/I/L)
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 5
MAX_NAME = 40

_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    teacher_key TEXT NOT NULL,
    seats TEXT NOT NULL,            -- JSON list of the seats' names
    lots INTEGER NOT NULL,
    ballot INTEGER NOT NULL DEFAULT 0,
    ballot_open INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT '',
    game TEXT NOT NULL DEFAULT '',
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS members (
    token TEXT PRIMARY KEY,
    room TEXT NOT NULL,
    name TEXT NOT NULL,
    folded TEXT NOT NULL,          -- the name compared case-insensitively
    seat INTEGER NOT NULL,
    pin TEXT NOT NULL,
    joined REAL NOT NULL,
    UNIQUE (room, folded)
);
CREATE TABLE IF NOT EXISTS offers (
    room TEXT NOT NULL,
    ballot INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    payload TEXT NOT NULL,
    PRIMARY KEY (room, ballot, seat)
);
CREATE TABLE IF NOT EXISTS bids (
    room TEXT NOT NULL,
    ballot INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    lot INTEGER NOT NULL,
    value TEXT NOT NULL,
    member TEXT NOT NULL,
    placed REAL NOT NULL,
    PRIMARY KEY (room, ballot, seat, lot)
);
"""


@dataclass(frozen=True, slots=True)
class Teacher:
    """What opening a room gives the teacher: the class's code and the teacher's secret key."""

    code: str
    key: str


@dataclass(frozen=True, slots=True)
class Member:
    """A student in a room: ``token`` identifies their page, ``pin`` lets them come back by name."""

    room: str
    token: str
    name: str
    seat: int
    pin: str


def _fold(name: str) -> str:
    return " ".join(name.split()).casefold()


def normalize_code(code: str) -> str:
    """A code as typed by a student (spaces, lower case) in the room's form."""
    return "".join(code.split()).upper()


class Rooms:
    """Every room of one store (see the module docstring): ``target`` is a path or a URL
    (:mod:`widgets.classroom.store`; None: ``$NIDAVELLIR_ROOM_DB``, else the default SQLite file)."""

    def __init__(self, target: str | os.PathLike[str] | Store | None = None) -> None:
        self.store: Store = (
            open_store(target) if target is None or isinstance(target, str | os.PathLike) else target
        )
        self.store.create(_SCHEMA)

    def __repr__(self) -> str:
        return f"Rooms({self.store!r})"

    @property
    def url(self) -> str:
        """A URL that opens this store again (``Rooms(rooms.url)``)."""
        return self.store.url

    @property
    def path(self) -> Path | None:
        """The SQLite file (None for a server database)."""
        return self.store.path if isinstance(self.store, SQLiteStore) else None

    # -- plumbing ------------------------------------------------------------------------------
    def _connect(self) -> contextlib.AbstractContextManager[Db]:
        """One read (its own connection for SQLite, the thread's connection for a server)."""
        return self.store.read()

    def _write(self, *, serialized: bool = True) -> contextlib.AbstractContextManager[Db]:
        """One write transaction, serialized against every other write of the store: writers queue,
        none fails (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: one advisory transaction lock, unless
        not ``serialized``: then only the primary keys order concurrent writes)."""
        return self.store.write(serialized=serialized)

    @staticmethod
    def _room(db: Db, code: str) -> Sequence[Any]:
        row = db.execute(
            "SELECT code, teacher_key, seats, lots, ballot, ballot_open, status, game FROM rooms WHERE code = ?",
            (normalize_code(code),),
        ).fetchone()
        if row is None:
            raise RoomError("lesson08.room.unknown", code=normalize_code(code))
        return row

    def _teacher(self, db: Db, code: str, key: str) -> tuple[object, ...]:
        row = self._room(db, code)
        if not secrets.compare_digest(str(row[1]), key):
            raise RoomError("lesson08.room.not-teacher")
        return tuple(row)

    @staticmethod
    def _member(db: Db, token: str) -> Member:
        row = db.execute(
            "SELECT room, token, name, seat, pin FROM members WHERE token = ?", (token,)
        ).fetchone()
        if row is None:
            raise RoomError("lesson08.room.not-member")
        return Member(str(row[0]), str(row[1]), str(row[2]), int(row[3]), str(row[4]))

    # -- the teacher -----------------------------------------------------------------------------
    def open(self, seats: Sequence[str], lots: int) -> Teacher:
        """A new room with these seats (names) and ``lots`` lots per bid."""
        if not seats or lots < 1:
            raise ValueError("a room needs at least one seat and one lot")
        key = secrets.token_urlsafe(12)
        with self._write() as db:
            while True:
                code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
                if db.execute("SELECT 1 FROM rooms WHERE code = ?", (code,)).fetchone() is None:
                    break
            db.execute(
                "INSERT INTO rooms (code, teacher_key, seats, lots, created) VALUES (?, ?, ?, ?, ?)",
                (code, key, json.dumps(list(seats), ensure_ascii=False), lots, time.time()),
            )
        return Teacher(code, key)

    def check_teacher(self, code: str, key: str) -> None:
        """Raise :class:`RoomError` unless ``key`` is the teacher's key of room ``code``."""
        with self._connect() as db:
            self._teacher(db, code, key)

    def open_ballot(self, code: str, key: str, offers: Mapping[int, str]) -> int:
        """Open the next ballot (closing the current one), leaving each seat its private offer; its number."""
        with self._write() as db:
            row = self._teacher(db, code, key)
            ballot = int(str(row[4])) + 1
            db.execute("UPDATE rooms SET ballot = ?, ballot_open = 1 WHERE code = ?", (ballot, row[0]))
            db.executemany(
                "INSERT INTO offers (room, ballot, seat, payload) VALUES (?, ?, ?, ?)",
                [(row[0], ballot, seat, payload) for seat, payload in offers.items()],
            )
        return ballot

    def close_ballot(self, code: str, key: str) -> None:
        """No more bids on the current ballot."""
        with self._write() as db:
            row = self._teacher(db, code, key)
            db.execute("UPDATE rooms SET ballot_open = 0 WHERE code = ?", (row[0],))

    def bids(self, code: str, key: str, ballot: int) -> dict[int, dict[int, str]]:
        """Every bid of a ballot (teacher only): seat -> lot -> value."""
        with self._connect() as db:
            row = self._teacher(db, code, key)
            out: dict[int, dict[int, str]] = {}
            for seat, lot, value in db.execute(
                "SELECT seat, lot, value FROM bids WHERE room = ? AND ballot = ? ORDER BY seat, lot",
                (row[0], ballot),
            ):
                out.setdefault(int(seat), {})[int(lot)] = str(value)
        return out

    def save_game(self, code: str, key: str, game: str) -> None:
        """Keep the teacher's game (text the room does not read) with the room."""
        with self._write() as db:
            row = self._teacher(db, code, key)
            db.execute("UPDATE rooms SET game = ? WHERE code = ?", (game, row[0]))

    def game(self, code: str, key: str) -> str:
        """The teacher's saved game ("" before any)."""
        with self._connect() as db:
            return str(self._teacher(db, code, key)[7])

    def set_status(self, code: str, key: str, status: str) -> None:
        """What every student's page may show (the teacher's public news: "the Goblin is revealed")."""
        with self._write() as db:
            row = self._teacher(db, code, key)
            db.execute("UPDATE rooms SET status = ? WHERE code = ?", (status, row[0]))

    # -- everyone ------------------------------------------------------------------------------
    def seats(self, code: str) -> list[str]:
        """The seats' names."""
        with self._connect() as db:
            return [str(s) for s in json.loads(str(self._room(db, code)[2]))]

    def lots(self, code: str) -> int:
        with self._connect() as db:
            return int(str(self._room(db, code)[3]))

    def ballot(self, code: str) -> tuple[int, bool]:
        """The current ballot's number (0: none yet) and whether it takes bids."""
        with self._connect() as db:
            row = self._room(db, code)
            return int(str(row[4])), bool(row[5])

    def status(self, code: str) -> str:
        with self._connect() as db:
            return str(self._room(db, code)[6])

    def roster(self, code: str) -> list[tuple[str, int]]:
        """Every member's (name, seat), in the order they joined."""
        with self._connect() as db:
            room = self._room(db, code)[0]
            return [
                (str(name), int(seat))
                for name, seat in db.execute(
                    "SELECT name, seat FROM members WHERE room = ? ORDER BY joined, token", (room,)
                )
            ]

    def bidders(self, code: str, ballot: int) -> dict[int, str]:
        """Who has bid on a ballot: seat -> the member's name. Never what."""
        with self._connect() as db:
            room = self._room(db, code)[0]
            rows = db.execute(
                "SELECT b.seat, m.name FROM bids b JOIN members m ON m.token = b.member "
                "WHERE b.room = ? AND b.ballot = ? ORDER BY b.placed",
                (room, ballot),
            )
            out: dict[int, str] = {}
            for seat, name in rows:
                out.setdefault(int(seat), str(name))
        return out

    # -- a student -------------------------------------------------------------------------------
    def join(self, code: str, name: str, pin: str | None = None) -> Member:
        """Join room ``code`` as ``name`` (placed in the seat with the fewest members, the first
        such seat on a tie). With the ``pin`` of a member of that name, the same member comes back."""
        clean = " ".join(name.split())
        if not clean or len(clean) > MAX_NAME:
            raise RoomError("lesson08.room.bad-name", max=MAX_NAME)
        with self._write() as db:
            row = self._room(db, code)
            room = str(row[0])
            found = db.execute(
                "SELECT token, pin FROM members WHERE room = ? AND folded = ?", (room, _fold(clean))
            ).fetchone()
            if found is not None:
                if pin is not None and secrets.compare_digest(str(found[1]), pin.strip()):
                    return self._member(db, str(found[0]))
                raise RoomError("lesson08.room.name-taken", name=clean)
            seats = len(json.loads(str(row[2])))
            counts = dict.fromkeys(range(seats), 0)
            for seat, n in db.execute(
                "SELECT seat, COUNT(*) FROM members WHERE room = ? GROUP BY seat", (room,)
            ):
                counts[int(seat)] = int(n)
            seat = min(counts, key=lambda s: (counts[s], s))
            member = Member(room, secrets.token_urlsafe(16), clean, seat, f"{secrets.randbelow(10_000):04d}")
            db.execute(
                "INSERT INTO members (token, room, name, folded, seat, pin, joined) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (member.token, room, clean, _fold(clean), seat, member.pin, time.time()),
            )
        return member

    def member(self, token: str) -> Member:
        """The member of this token (:class:`RoomError` if there is none)."""
        with self._connect() as db:
            return self._member(db, token)

    def offer(self, token: str, ballot: int) -> str | None:
        """The member's seat's private offer on a ballot (None if the teacher left none)."""
        with self._connect() as db:
            m = self._member(db, token)
            row = db.execute(
                "SELECT payload FROM offers WHERE room = ? AND ballot = ? AND seat = ?",
                (m.room, ballot, m.seat),
            ).fetchone()
        return None if row is None else str(row[0])

    def place_bid(self, token: str, ballot: int, values: Mapping[int, str]) -> None:
        """Place the member's seat's bid on some lots of ``ballot``: all of them or, if refused, none.

        Refused (:class:`RoomError`): an unknown member, a ballot that is not the open one, a lot
        that does not exist, or a lot this seat already bid on (by this member or a teammate).
        """
        if not values:
            raise RoomError("lesson08.room.empty-bid")
        # not serialized with the other writes: the bids table's primary key alone keeps each lot to
        # one bid (a concurrent second insert waits for the first and is refused), and a bid touches
        # nothing else, so a class's bids need not queue behind one another
        with self._write(serialized=False) as db:
            row = db.execute(
                "SELECT m.room, m.seat, r.lots, r.ballot, r.ballot_open FROM members m "
                "JOIN rooms r ON r.code = m.room WHERE m.token = ?",
                (token,),
            ).fetchone()
            if row is None:
                raise RoomError("lesson08.room.not-member")
            room, seat, lots = str(row[0]), int(row[1]), int(row[2])
            if int(row[3]) != ballot or not row[4]:
                raise RoomError("lesson08.room.closed")
            if any(not 0 <= lot < lots for lot in values):
                raise RoomError("lesson08.room.bad-lot")
            now = time.time()
            rows = [(room, ballot, seat, lot, str(v), token, now) for lot, v in sorted(values.items())]
            try:  # one statement for every lot: one round trip to a server
                db.execute(
                    "INSERT INTO bids (room, ballot, seat, lot, value, member, placed) VALUES "
                    + ", ".join(["(?, ?, ?, ?, ?, ?, ?)"] * len(rows)),
                    [x for r in rows for x in r],
                )
            except Exception as e:
                if self.store.is_duplicate(e):
                    raise RoomError("lesson08.room.twice") from None
                raise

    def my_bid(self, token: str, ballot: int) -> dict[int, str]:
        """The member's own seat's bid on a ballot: lot -> value (no other seat's, ever)."""
        with self._connect() as db:
            m = self._member(db, token)
            return {
                int(lot): str(value)
                for lot, value in db.execute(
                    "SELECT lot, value FROM bids WHERE room = ? AND ballot = ? AND seat = ? ORDER BY lot",
                    (m.room, ballot, m.seat),
                )
            }
