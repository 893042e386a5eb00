"""Where the class's rooms are kept: an SQLite file (standard library, the default) or a PostgreSQL
server (the optional ``postgres`` extra: pg8000, a pure-Python driver), chosen by a URL.

``NIDAVELLIR_ROOM_DB`` (or the argument of :class:`widgets.classroom.room.Rooms`) is one of

* a file path, or ``sqlite:///relative/path.sqlite3``, ``sqlite:////absolute/path.sqlite3``
  (SQLAlchemy's spelling: the path is what follows ``sqlite:///``);
* ``postgresql://user:password@host:port/database`` (or ``postgres://``), with the query parameters
  ``sslmode`` (``disable``, ``require``, ``verify-ca``, ``verify-full``), ``sslrootcert``,
  ``connect_timeout`` (seconds) and ``host`` (a Unix socket's directory, as libpq reads it). The
  user name, the password and the database name are percent-decoded.

A store hands the room's code a :class:`Db` for one read (:meth:`Store.read`) or one write
transaction (:meth:`Store.write`). The SQL is the same for both (``?`` placeholders); a write is
serialized against every other write of the store, so "read, decide, insert" cannot interleave:
SQLite's ``BEGIN IMMEDIATE`` takes the file's write lock, PostgreSQL's transaction takes one
advisory transaction lock (``pg_advisory_xact_lock``). The primary keys guard exactly-once even so.
A problem with the store's configuration or connection is a :class:`StoreError` whose ``key`` is a
message id of the catalogue (``lesson08.db.*``): the pages show it, never a traceback.
"""

from __future__ import annotations

import contextlib
import getpass
import importlib
import os
import sqlite3
import ssl
import threading
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import parse_qs, unquote, urlsplit

__all__ = [
    "DB_ENV",
    "Db",
    "PostgresStore",
    "RoomError",
    "SQLiteStore",
    "Store",
    "StoreError",
    "default_path",
    "open_store",
]

DB_ENV = "NIDAVELLIR_ROOM_DB"
"""Environment variable: where the rooms are kept, a path or a URL (module docstring); by default the
SQLite file ``classroom-rooms.sqlite3`` at the repository's root, beside ``tools/serve.py``'s working
directory."""

#: how long a write waits for another writer before giving up (a class of 30 takes milliseconds)
BUSY_TIMEOUT_S = 30.0
#: the PostgreSQL advisory lock every write of the rooms takes (any number; "NIDV" in ASCII)
PG_WRITE_LOCK = 0x4E494456
#: the PostgreSQL driver, an optional extra (pip install "nidavellir-tutor[postgres]")
PG_DRIVER = "pg8000"


class RoomError(Exception):
    """A refused room operation: ``key`` is a message id of the catalogue (``lesson08.room.*``,
    ``lesson08.db.*``), ``params`` its parameters. The widgets show ``render(key, params)``; nothing
    here is a traceback."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


class StoreError(RoomError):
    """The store cannot be used (its URL, its driver, its server): ``lesson08.db.*``; the
    parameters never hold a password. The messages' technical words (the URL schemes, the command
    to type, the document to read) are parameters too, the same in every language."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key, **{**STORE_WORDS, **params})


#: the technical words of the ``lesson08.db.*`` messages, in no language
STORE_WORDS: dict[str, object] = {
    "choices": "sqlite:///…, postgresql://…",
    "doc": "docs/classroom.md",
    "server": "PostgreSQL",
    "command": 'pip install "nidavellir-tutor[postgres]"',
}


class Cursor(Protocol):
    def fetchone(self) -> Sequence[Any] | None: ...
    def __iter__(self) -> Iterator[Sequence[Any]]: ...


class Db(Protocol):
    """One connection's view for one read or one write transaction (``?`` placeholders)."""

    def execute(self, sql: str, params: Sequence[object] = ()) -> Cursor: ...
    def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None: ...


class Store(Protocol):
    """A place where rooms are kept (see the module docstring)."""

    #: ``sqlite`` or ``postgresql``
    kind: str
    #: a URL that opens this store again (with its password, if it has one)
    url: str

    def read(self) -> contextlib.AbstractContextManager[Db]: ...
    def write(self, *, serialized: bool = True) -> contextlib.AbstractContextManager[Db]:
        """One write transaction; ``serialized``: against every other serialized write of the store
        (SQLite serializes every write whatever this says)."""
        ...

    def is_duplicate(self, error: BaseException) -> bool:
        """Whether ``error`` is a primary key's refusal of a second row."""
        ...

    def create(self, schema: str) -> None:
        """Create the tables (``CREATE TABLE IF NOT EXISTS``...; ``;``-separated) if they are missing."""
        ...


def default_path() -> Path:
    """The default SQLite file: ``classroom-rooms.sqlite3`` at the repository's root."""
    return Path(__file__).resolve().parents[2] / "classroom-rooms.sqlite3"


def configured() -> str:
    """``$NIDAVELLIR_ROOM_DB`` (stripped), or the default SQLite file's path."""
    return os.environ.get(DB_ENV, "").strip() or str(default_path())


def open_store(target: str | os.PathLike[str] | None = None) -> Store:
    """The store at ``target`` (a path or a URL; None: :func:`configured`)."""
    if target is None:
        target = configured()
    if not isinstance(target, str):
        return SQLiteStore(Path(target))
    if "://" not in target:
        return SQLiteStore(Path(target).expanduser())
    scheme = target.split("://", 1)[0].lower()
    if scheme == "sqlite":
        return SQLiteStore(_sqlite_path(target))
    if scheme in {"postgresql", "postgres"}:
        return PostgresStore(target)
    raise StoreError("lesson08.db.scheme", scheme=scheme)


def _sqlite_path(url: str) -> Path:
    parts = urlsplit(url)
    if parts.netloc or parts.query or not parts.path.startswith("/") or len(parts.path) < 2:
        raise StoreError("lesson08.db.bad-url", part="sqlite:///path")
    return Path(unquote(parts.path[1:])).expanduser()


# -- SQLite ------------------------------------------------------------------------------------------


class _SQLiteDb:
    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def execute(self, sql: str, params: Sequence[object] = ()) -> Cursor:
        return self.db.execute(sql, tuple(params))

    def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        self.db.executemany(sql, [tuple(r) for r in rows])


class SQLiteStore:
    """One SQLite file. Every call opens its own connection (threads, processes and kernels share
    the file safely); the file is in WAL mode, so readers never wait for a writer."""

    kind = "sqlite"

    def __init__(self, path: Path) -> None:
        self.path = path
        self.url = f"sqlite:///{path}"

    def __repr__(self) -> str:
        return f"SQLiteStore({str(self.path)!r})"

    @contextlib.contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        try:
            db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
        except sqlite3.Error as e:
            raise StoreError("lesson08.db.down", problem=f"{self.path}: {e}") from None
        # WAL + NORMAL: a commit survives the process or the kernel dying; only a power cut may lose
        # the last commits (never half of one), and a commit needs no disk flush of its own
        db.execute("PRAGMA synchronous=NORMAL")
        try:
            yield db
        finally:
            db.close()

    @contextlib.contextmanager
    def read(self) -> Iterator[Db]:
        with self._connect() as db:
            yield _SQLiteDb(db)

    @contextlib.contextmanager
    def write(self, *, serialized: bool = True) -> Iterator[Db]:
        """One write transaction, taken at once (``BEGIN IMMEDIATE``): writers queue, none fails."""
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield _SQLiteDb(db)
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def is_duplicate(self, error: BaseException) -> bool:
        return isinstance(error, sqlite3.IntegrityError)

    def create(self, schema: str) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreError("lesson08.db.down", problem=f"{self.path.parent}: {e.strerror}") from None
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(schema)


# -- PostgreSQL ------------------------------------------------------------------------------------


def _driver() -> Any:
    try:
        return importlib.import_module(f"{PG_DRIVER}.dbapi")
    except ImportError:
        raise StoreError("lesson08.db.driver", driver=PG_DRIVER) from None


def pg_connect_args(url: str) -> dict[str, Any]:
    """pg8000's ``connect`` arguments for a ``postgresql://`` URL (see the module docstring)."""
    parts = urlsplit(url)
    try:
        port = parts.port or 5432
    except ValueError:
        raise StoreError("lesson08.db.bad-url", part="port") from None
    user = unquote(parts.username or "") or getpass.getuser()
    args: dict[str, Any] = {
        "user": user,
        "password": None if parts.password is None else unquote(parts.password),
        "host": parts.hostname or "localhost",
        "port": port,
        "database": unquote(parts.path.lstrip("/")) or user,
        "application_name": "nidavellir-tutor",
    }
    query = parse_qs(parts.query, keep_blank_values=True)
    known = {"sslmode", "sslrootcert", "connect_timeout", "host"}
    for name in query:
        if name not in known:
            raise StoreError("lesson08.db.bad-url", part=name)
    one = {k: v[-1] for k, v in query.items()}
    if one.get("host", "").startswith("/"):
        args["unix_sock"] = f"{one['host'].rstrip('/')}/.s.PGSQL.{port}"
    elif "host" in one:
        args["host"] = one["host"]
    if "connect_timeout" in one:
        try:
            args["timeout"] = float(one["connect_timeout"])
        except ValueError:
            raise StoreError("lesson08.db.bad-url", part="connect_timeout") from None
    mode = one.get("sslmode", "disable")
    if mode in {"disable", "allow", "prefer"}:
        pass  # pg8000 does not fall back from TLS to plain: ask for "require" to have TLS
    elif mode in {"require", "verify-ca", "verify-full"}:
        context = ssl.create_default_context(cafile=one.get("sslrootcert") or None)
        if mode != "verify-full":
            context.check_hostname = False
        if mode == "require" and "sslrootcert" not in one:  # libpq's "require" checks no certificate
            context.verify_mode = ssl.CERT_NONE
        args["ssl_context"] = context
    else:
        raise StoreError("lesson08.db.bad-url", part="sslmode")
    return args


class _PgDb:
    def __init__(self, db: Any) -> None:
        self.db = db

    @staticmethod
    def _sql(sql: str) -> str:
        return sql.replace("?", "%s")  # the room's SQL has no other ? nor any %

    def execute(self, sql: str, params: Sequence[object] = ()) -> Cursor:
        cursor = self.db.cursor()
        cursor.execute(self._sql(sql), tuple(params))
        return cursor  # type: ignore[no-any-return]

    def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        cursor = self.db.cursor()
        for row in rows:
            cursor.execute(self._sql(sql), tuple(row))


class PostgresStore:
    """A PostgreSQL database. Each thread of each process keeps one connection (in autocommit mode:
    a read is one statement, a write one explicit transaction), opened on first use and opened
    again after a failure; the schema is PostgreSQL's own types for the same tables."""

    kind = "postgresql"

    def __init__(self, url: str) -> None:
        self.url = url
        self.args = pg_connect_args(url)
        self._local = threading.local()

    def __repr__(self) -> str:
        a = self.args
        return f"PostgresStore({a['user']}@{a.get('unix_sock') or a['host']}:{a['port']}/{a['database']})"

    def _where(self) -> str:
        a = self.args
        return f"{a.get('unix_sock') or a['host']}:{a['port']}/{a['database']}"

    def _connection(self) -> Any:
        db = getattr(self._local, "db", None)
        if db is not None and self._local.pid == os.getpid():
            return db
        dbapi = _driver()
        try:
            db = dbapi.connect(**self.args)
        except (dbapi.Error, OSError) as e:
            raise StoreError("lesson08.db.down", problem=f"{self._where()}: {_reason(e)}") from None
        db.autocommit = True
        self._local.db, self._local.pid = db, os.getpid()
        return db

    def _drop(self) -> None:
        db = getattr(self._local, "db", None)
        self._local.db = None
        if db is not None:
            with contextlib.suppress(Exception):
                db.close()

    @contextlib.contextmanager
    def _use(self, write: bool, serialized: bool = True) -> Iterator[Db]:
        dbapi = _driver()
        db = self._connection()
        try:
            if write:
                db.cursor().execute("BEGIN")
                if serialized:
                    db.cursor().execute("SELECT pg_advisory_xact_lock(%s)", (PG_WRITE_LOCK,))
            try:
                yield _PgDb(db)
            except BaseException:
                if write:
                    db.cursor().execute("ROLLBACK")
                raise
            if write:
                db.cursor().execute("COMMIT")
        except (dbapi.InterfaceError, OSError) as e:
            # the connection broke (the server restarted, the network...): the next call opens a new one
            self._drop()
            raise StoreError("lesson08.db.down", problem=f"{self._where()}: {_reason(e)}") from None

    def read(self) -> contextlib.AbstractContextManager[Db]:
        return self._use(write=False)

    def write(self, *, serialized: bool = True) -> contextlib.AbstractContextManager[Db]:
        return self._use(write=True, serialized=serialized)

    def is_duplicate(self, error: BaseException) -> bool:
        fields = error.args[0] if error.args else None
        return isinstance(fields, dict) and fields.get("C") == "23505"  # unique_violation

    def create(self, schema: str) -> None:
        # PostgreSQL's REAL is 4 bytes: the times need DOUBLE PRECISION
        pg = schema.replace(" REAL ", " DOUBLE PRECISION ")
        with self.write() as db:  # the lock also keeps two kernels from creating the tables at once
            for statement in pg.split(";"):
                body = "\n".join(line.split("--")[0] for line in statement.splitlines()).strip()
                if body:
                    db.execute(body)

    def close(self) -> None:
        """Close this thread's connection (the next call opens a new one)."""
        self._drop()


def _reason(error: BaseException) -> str:
    """A driver's error in one line, without the password (which no driver error carries)."""
    fields = error.args[0] if error.args else None
    if isinstance(fields, dict):
        return str(fields.get("M", fields))
    return " ".join(str(error).split()) or type(error).__name__
