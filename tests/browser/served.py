"""Starting the tutor as ``make run`` does (``tools/serve.py`` on a free port), and waiting for it to
be ready for learners: one home for the browser tests' servers, ``tests/test_serve.py`` and the
benchmarks (``bench/tutor.py``, ``bench/load.py``, ``bench/class_burst.py``).

The server listens at once, but it preheats: it starts one kernel per page and runs that page's
notebook (in every language) before anyone asks for it. A page asked for earlier waits for its
kernel. Tests and benchmarks measure pages, not the server's start, so they wait until every
page's kernel has gone idle.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

import psutil

REPO = Path(__file__).resolve().parents[2]


class ServerError(RuntimeError):
    """The tutor's server exited or did not listen in time (the message says which, and where its log is)."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start(
    port: int, extra: Sequence[str] = (), *, stdout: int | IO[Any], env: Mapping[str, str] | None = None
) -> subprocess.Popen[Any]:
    """``tools/serve.py --port=PORT [extra...]`` as ``make run`` starts it, its output to ``stdout``."""
    return subprocess.Popen(
        [sys.executable, str(REPO / "tools" / "serve.py"), f"--port={port}", *extra],
        cwd=REPO,
        stdout=stdout,
        stderr=subprocess.STDOUT,
        env={**os.environ, **(env or {})},
    )


def wait_listening(proc: subprocess.Popen[Any], port: int, timeout: float, log: object) -> None:
    """Return once the server accepts connections; :class:`ServerError` if it exits or is too slow."""
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise ServerError(f"the tutor's server exited with {proc.returncode}; see {log}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise ServerError(
                    f"the tutor's server did not listen on port {port} within {timeout:.0f} s; see {log}"
                ) from None
            time.sleep(0.2)


def stop(proc: subprocess.Popen[Any]) -> None:
    """Stop the server (and so its kernels), politely first."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextlib.contextmanager
def tutor_server(
    log_path: Path, extra: Sequence[str] = (), *, env: Mapping[str, str] | None = None, timeout: float = 60
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """The tutor on a free port (plus ``extra`` Voila options and ``env``), its log in ``log_path``:
    yields (URL, process) once it listens, and stops it afterwards."""
    port = free_port()
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with log_path.open("wb") as log:
        proc = start(port, extra, stdout=log, env=env)
        try:
            wait_listening(proc, port, timeout, log_path)
            yield f"http://127.0.0.1:{port}", proc
        finally:
            stop(proc)


def kernels(server: psutil.Process) -> dict[int, str]:
    """The kernels the Voila server started: pid -> command line."""
    found = {}
    for child in server.children(recursive=True):
        with contextlib.suppress(psutil.Error):
            cmdline = " ".join(child.cmdline())
            if "ipykernel" in cmdline:
                found[child.pid] = cmdline
    return found


def wait_for_pools(server: psutil.Process, pages: int, timeout: float = 300.0) -> float:
    """Seconds until the server has a kernel per page and they have all gone idle (each has run its
    page's notebook up to the last cell, which waits for a request): < 2 % CPU over 1 s."""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < timeout:
        procs = []
        for pid in kernels(server):
            with contextlib.suppress(psutil.Error):
                procs.append(psutil.Process(pid))
        if len(procs) >= pages:
            for proc in procs:
                with contextlib.suppress(psutil.Error):
                    proc.cpu_percent(None)
            time.sleep(1.0)
            busy = 0.0
            for proc in procs:
                with contextlib.suppress(psutil.Error):
                    busy += proc.cpu_percent(None)
            if busy < 2.0:
                return time.perf_counter() - t0
        else:
            time.sleep(0.25)
    raise RuntimeError(f"the kernel pools were not ready after {timeout:.0f} s")
