"""Waiting for a tutor server started by ``tools/serve.py`` to be ready for learners (used by the
browser tests' ``voila_url`` fixture and by ``bench/tutor.py``).

The server listens at once, but it preheats: it starts one kernel per page and runs that page's
notebook (in every language) before anyone asks for it. A page asked for earlier waits for its
kernel. Tests and benchmarks measure pages, not the server's start, so they wait until every
page's kernel has gone idle.
"""

from __future__ import annotations

import contextlib
import time

import psutil


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
