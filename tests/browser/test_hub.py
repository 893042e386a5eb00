"""The tutor on JupyterHub, as a school runs it (``deploy/jupyterhub_config.py``, docs/deploy.md).

A real JupyterHub (from PyPI) with configurable-http-proxy (from the npm registry, ``make hub-proxy``),
the dummy authenticator and local processes for the learners' servers (``tests/browser/hub.py``).
Five learners log in at the same moment in Chromium; each lands on the tutor's landing page, opens the
bidding lesson from it and plays a bid, which their own server's engine answers. Then the hub stops
their servers once they are idle (the idle culler, with its timeout shortened for the test).

Meanwhile a server nobody uses (the user ``idle``, started through the hub's API when the hub comes
up) is stopped by the hub's idle culler, its timeout shortened for the test: the learners' servers,
busy all along, must not be.

Every wait is for a condition: five servers and five pages on 2 busy cores take a while.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import psutil
import pytest
from playwright.sync_api import Browser

from .conftest import RESULTS
from .hub import Hub, HubError, Learner, jupyterhub, kernels, pss

LEARNERS = ("ana", "bo", "cy", "di", "ed")
IDLE_TIMEOUT = 40
"""Seconds without activity before the culler stops a learner's server (a school's hub: 1800); the
learners' servers of the first test must outlive it while in use."""
IDLE_USER = "idle"
CULL_EVERY = 10


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    env = {"NIDAVELLIR_HUB_IDLE_TIMEOUT": str(IDLE_TIMEOUT), "NIDAVELLIR_HUB_CULL_EVERY": str(CULL_EVERY)}
    try:
        with jupyterhub(tmp_path_factory.mktemp("hub"), RESULTS / "jupyterhub.log", env) as running:
            # a server nobody will use, started now so that its culling overlaps the learners' test
            running.api(f"users/{IDLE_USER}", method="POST")
            # (the hub answers once the server is up or after 10 s: not worth waiting for)
            idle_start = threading.Thread(
                target=running.api, args=(f"users/{IDLE_USER}/server", "POST"), daemon=True
            )
            idle_start.start()
            running.idle_start = idle_start  # type: ignore[attr-defined]
            yield running
    except HubError as e:
        pytest.fail(str(e))


def test_five_learners_log_in_at_once_and_each_plays_a_lesson(browser: Browser, hub: Hub) -> None:
    learners = [Learner(browser, name) for name in LEARNERS]
    try:
        for learner in learners:  # five logins before any server is up: the hub starts them side by side
            learner.log_in(hub)
        for learner in learners:
            learner.lands(hub)
        for learner in learners:
            learner.open_bidding()
        for learner in learners:
            learner.bids()

        servers = {name: s for name, s in hub.user_servers().items() if name in LEARNERS}
        assert sorted(servers) == sorted(LEARNERS), "every learner has a server of their own"
        # busy all along, none was stopped by the culler (which stops an idle one meanwhile)
        assert set(LEARNERS) <= set(hub.running())
        for name, server in servers.items():
            env = server.environ()
            # the spawner hands the school's limits to the server (TLJH's and Kubernetes' spawners enforce them)
            limit = int(env["MEM_LIMIT"])
            assert limit > 0
            assert float(env["CPU_LIMIT"]) > 0
            # the tutor's Voila settings and template (as on Binder)
            assert env["JUPYTER_PATH"].endswith("share/jupyter")
            # and what a learner uses fits in the limit: their server and the kernels of their open pages
            used = pss(server) + sum(pss(k) for k in kernels(server))
            assert used < limit, (
                f"{name}'s server and kernels use {used >> 20} MB, over the limit {limit >> 20} MB"
            )
    finally:
        for learner in learners:
            learner.context.close()


def test_an_idle_server_is_stopped(hub: Hub) -> None:
    """A server nobody uses is stopped after the idle timeout (the culler service), kernels and all."""
    hub.idle_start.join(timeout=240)  # type: ignore[attr-defined]
    deadline = time.monotonic() + 240
    while IDLE_USER not in hub.user_servers() and IDLE_USER in hub.running() and time.monotonic() < deadline:
        time.sleep(0.5)
    server = hub.user_servers().get(IDLE_USER)
    # stopped once idle for IDLE_TIMEOUT seconds (the culler looks every CULL_EVERY seconds)
    deadline = time.monotonic() + IDLE_TIMEOUT + 6 * CULL_EVERY + 120
    while IDLE_USER in hub.running() and time.monotonic() < deadline:
        time.sleep(1)
    assert IDLE_USER not in hub.running(), f"{IDLE_USER}'s server still runs after {IDLE_TIMEOUT} s idle"
    assert f"Culling server {IDLE_USER} (inactive for" in hub.log.read_text(errors="replace")
    if server is not None:
        _gone, alive = psutil.wait_procs([server, *kernels(server)], timeout=60)
        assert not alive, f"processes left after the culling: {[p.pid for p in alive]}"
    assert IDLE_USER not in hub.user_servers()
