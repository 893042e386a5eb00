"""The room's stores under test: every test that takes ``store_url`` runs once on SQLite (a file of its
own) and once on a real PostgreSQL server (a database of its own).

The server is started for the session from PostgreSQL's own programs (``initdb``, ``postgres``: on
``PATH`` or in Debian's ``/usr/lib/postgresql/<version>/bin``; ``make postgres`` installs Debian's)
in a temporary folder, on a free loopback port, with password (SCRAM) authentication, as an
unprivileged user when the tests run as root (PostgreSQL refuses to run as root). Or
``NIDAVELLIR_TEST_PG_URL`` names a server to use instead (a role allowed to create databases).
The PostgreSQL runs are skipped only when the optional driver is missing (``pip install
'nidavellir-tutor[postgres]'``; ``make setup`` installs it); without a server they fail.
"""

from __future__ import annotations

import grp
import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

PG_URL_ENV = "NIDAVELLIR_TEST_PG_URL"
USER = "nidavellir"
START_TIMEOUT_S = 120.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def pg_bin() -> Path | None:
    """The folder of PostgreSQL's server programs (the newest Debian version if none is on PATH)."""
    found = shutil.which("initdb")
    if found and shutil.which("postgres"):
        return Path(found).resolve().parent
    versions = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda p: int(p.parts[-3]) if p.parts[-3].isdigit() else 0,
    )
    return versions[-1].parent if versions else None


class Server:
    """A throwaway PostgreSQL server (see the module docstring)."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.base = Path(tempfile.mkdtemp(prefix="nidavellir-pg-"))
        self.password = secrets.token_urlsafe(12)
        self.port = _free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.as_user: dict[str, Any] = {}
        if os.geteuid() == 0:  # postgres refuses root: run it as its own user (or nobody)
            name = "postgres" if _user_exists("postgres") else "nobody"
            entry = pwd.getpwnam(name)
            self.as_user = {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}
            os.chown(self.base, entry.pw_uid, entry.pw_gid)
        self.log = self.base / "server.log"

    @property
    def admin_url(self) -> str:
        return f"postgresql://{USER}:{self.password}@127.0.0.1:{self.port}/postgres"

    def url(self, database: str) -> str:
        return f"postgresql://{USER}:{self.password}@127.0.0.1:{self.port}/{database}"

    def _run(self, *args: str) -> None:
        env = {**os.environ, "LC_ALL": "C.UTF-8", "HOME": str(self.base)}
        done = subprocess.run(
            args, cwd=self.base, env=env, capture_output=True, text=True, check=False, **self.as_user
        )
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed: {done.stdout}\n{done.stderr}")

    def start(self) -> None:
        pwfile = self.base / "pw"
        pwfile.write_text(self.password + "\n")
        if self.as_user:
            os.chown(pwfile, self.as_user["user"], self.as_user["group"])
        data = self.base / "data"
        self._run(
            str(self.bindir / "initdb"),
            "-D",
            str(data),
            "-U",
            USER,
            "--auth=scram-sha-256",
            f"--pwfile={pwfile}",
            "-E",
            "UTF8",
            "--locale=C.UTF-8",
            "--no-sync",
        )
        log = open(self.log, "wb")  # noqa: SIM115 -- the server's output, read on failure
        if self.as_user:
            os.chown(self.log, self.as_user["user"], self.as_user["group"])
        self.proc = subprocess.Popen(
            [
                str(self.bindir / "postgres"),
                "-D",
                str(data),
                "-p",
                str(self.port),
                "-c",
                "listen_addresses=127.0.0.1",
                "-c",
                f"unix_socket_directories={self.base}",
                "-c",
                "max_connections=120",
                "-c",
                "fsync=off",  # a test server: speed over surviving a power cut
                "-c",
                "full_page_writes=off",
            ],
            cwd=self.base,
            stdout=log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "LC_ALL": "C.UTF-8"},
            **self.as_user,
        )
        log.close()
        import pg8000.dbapi

        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"postgres exited: {self.log.read_text(errors='replace')}")
            try:
                pg8000.dbapi.connect(
                    USER, host="127.0.0.1", port=self.port, password=self.password, database="postgres"
                ).close()
                return
            except (pg8000.dbapi.Error, OSError) as e:
                if time.monotonic() > deadline:
                    log = self.log.read_text(errors="replace")
                    raise RuntimeError(f"postgres did not start: {log}") from e
                time.sleep(0.1)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)  # "fast" shutdown
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.base, ignore_errors=True)


def _user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
        grp.getgrgid(pwd.getpwnam(name).pw_gid)
    except KeyError:
        return False
    return True


def create_database(admin_url: str) -> str:
    """A new empty database on the server of ``admin_url``: the URL of the new database."""
    import pg8000.dbapi

    from widgets.classroom.store import pg_connect_args

    args = pg_connect_args(admin_url)
    name = f"rooms_{secrets.token_hex(6)}"
    db = pg8000.dbapi.connect(**args)
    try:
        db.autocommit = True
        db.cursor().execute(f"CREATE DATABASE {name}")
    finally:
        db.close()
    base, _sep, _db = admin_url.partition("?")[0].rpartition("/")
    query = admin_url.partition("?")[2]
    return f"{base}/{name}" + (f"?{query}" if query else "")


@pytest.fixture(scope="session")
def pg_admin_url() -> Iterator[str]:
    """A PostgreSQL server for the session: its URL with a role that may create databases."""
    pytest.importorskip("pg8000", reason="the optional PostgreSQL driver (nidavellir-tutor[postgres])")
    given = os.environ.get(PG_URL_ENV, "").strip()
    if given:
        yield given
        return
    bindir = pg_bin()
    if bindir is None:
        pytest.fail(
            "no PostgreSQL server programs (initdb, postgres) for the PostgreSQL store's tests: "
            f"`make postgres` installs Debian's, or set {PG_URL_ENV}"
        )
    server = Server(bindir)
    try:
        server.start()
        yield server.admin_url
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's rooms are kept: a new SQLite file, or a new database on the PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "rooms.sqlite3")
    admin: str = request.getfixturevalue("pg_admin_url")
    return create_database(admin)


@pytest.fixture
def pg_url(request: pytest.FixtureRequest) -> str:
    """A new database on the session's PostgreSQL server."""
    return create_database(request.getfixturevalue("pg_admin_url"))
