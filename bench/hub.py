"""The tutor on JupyterHub (``deploy/jupyterhub_config.py``): what N learners logging in at once cost.

A real hub as ``tests/browser/test_hub.py`` starts it (``tests/browser/hub.py``: dummy authenticator,
local processes, configurable-http-proxy from ``make hub-proxy``). N learners, each in a Chromium
context of their own, send the login form one after the other (a few seconds in all), then each
lands on the tutor's landing page (their own server's default URL), opens lesson 2 from it and
confirms a bid. Measured then, with every learner's lesson 2 still open:

* memory (PSS, the fair share of shared pages) of each learner's single-user server and of its
  kernels, and of the hub, the proxy and the culler;
* CPU seconds each learner's server and its kernels used (the landing page's kernel included:
  it is shut down when the page is left, and its time is counted in its parent's);
* seconds from the first login to the last learner's landing page, then to the last lesson 2;
  the click (*Confirm bid* until the engine's answer shows).

    .venv/bin/python bench/hub.py --learners 5
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import psutil
from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))  # the browser tests' Chromium recipe and hub
from browser.chromium import CHROMIUM, CHROMIUM_ARGS
from browser.hub import Learner, jupyterhub, kernels, pss


def cpu_seconds(server: psutil.Process) -> float:
    """CPU time of the server, of its kernels alive, and of its kernels already ended (reaped)."""
    with contextlib.suppress(psutil.Error):
        t = server.cpu_times()
        alive = sum(sum(k.cpu_times()[:2]) for k in kernels(server))
        return t.user + t.system + t.children_user + t.children_system + alive
    return 0.0


def mb(n: float) -> str:
    return f"{n / 2**20:.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=5)
    args = parser.parse_args()
    if not 1 <= args.learners <= 40:
        sys.exit("bench/hub.py: --learners must be 1 to 40")
    names = [f"learner{i:02d}" for i in range(args.learners)]
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as folder, contextlib.ExitStack() as stack:
        hub = stack.enter_context(jupyterhub(Path(folder), REPO / "test-results" / "bench-hub.log"))
        pw = stack.enter_context(sync_playwright())
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        learners = [Learner(browser, name) for name in names]
        t0 = time.perf_counter()
        for learner in learners:
            learner.log_in(hub)
        for learner in learners:
            learner.lands(hub)
        landed = time.perf_counter() - t0
        for learner in learners:
            learner.open_bidding()
        for learner in learners:
            learner.bids()
        lesson = time.perf_counter() - t0
        time.sleep(3)  # let the landing pages' kernels go (shut down when their page is left)
        servers = hub.user_servers()
        rows = []
        for name in names:
            server = servers[name]
            ks = kernels(server)
            rows.append((pss(server), [pss(k) for k in ks], cpu_seconds(server)))
        hub_proc = psutil.Process(hub.proc.pid)
        others = {"hub": pss(hub_proc)}
        for child in hub_proc.children():
            with contextlib.suppress(psutil.Error):
                cmd = " ".join(child.cmdline())
                if "configurable-http-proxy" in cmd:
                    others["proxy"] = pss(child)
                elif "idle_culler" in cmd:
                    others["culler"] = pss(child)
        clicks = [learner.click_seconds * 1000 for learner in learners]
        browser.close()
    load_after = os.getloadavg()
    server_pss = [r[0] for r in rows]
    kernel_pss = [k for r in rows for k in r[1]]
    total = [r[0] + sum(r[1]) for r in rows]
    cpu = [r[2] for r in rows]
    print(f"{args.learners} learners; load average {load_before[0]:.1f} before, {load_after[0]:.1f} after")
    print(f"first login -> last landing page: {landed:.1f} s; -> last lesson 2 ready: {lesson:.1f} s")
    print(
        f"click (Confirm bid -> answer): median {statistics.median(clicks):.0f} ms, max {max(clicks):.0f} ms"
    )
    print(
        f"single-user server PSS MB: median {mb(statistics.median(server_pss))}, max {mb(max(server_pss))}; "
        f"kernels alive per learner: {sorted({len(r[1]) for r in rows})}, kernel PSS MB median "
        f"{mb(statistics.median(kernel_pss))}, max {mb(max(kernel_pss))}"
    )
    print(
        f"per learner (server + kernels) PSS MB: median {mb(statistics.median(total))}, max {mb(max(total))}"
    )
    print(
        f"CPU s per learner (server start, landing page, lesson 2, a click): median {statistics.median(cpu):.1f}, max {max(cpu):.1f}"
    )
    print("shared: " + ", ".join(f"{k} {mb(v)} MB" for k, v in others.items()))


if __name__ == "__main__":
    main()
