"""A real JupyterHub on this machine, configured by ``deploy/jupyterhub_config.py`` (what a school runs),
for ``tests/browser/test_hub.py`` and ``bench/hub.py``.

Only what a school's hub gets from elsewhere is replaced, in a small configuration file that loads
the real one: the authenticator (JupyterHub's dummy one: any name, any password), the spawner
(``SimpleLocalProcessSpawner``: every learner's server is a local process of the test's user, with a
home folder of its own under the test's folder), the addresses (free ports on 127.0.0.1) and the
proxy (configurable-http-proxy from the npm registry, ``make hub-proxy`` into ``build/chp/``).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil
from playwright.sync_api import Browser, BrowserContext, Page, Response, expect

from .conftest import PATIENCE_MS, wait_rendered
from .served import free_port

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
CONFIG = REPO / "deploy" / "jupyterhub_config.py"
PROXY = REPO / "build" / "chp" / "node_modules" / ".bin" / "configurable-http-proxy"


SPAWN_MS = 480_000  # five servers and kernels starting side by side on a busy 2-core machine
"""From the login to the landing page: five servers start at once on 2 busy cores (~10 s alone)."""


class HubError(RuntimeError):
    """The hub exited or did not answer in time (the message says where its log is)."""


def ensure_proxy() -> Path:
    """configurable-http-proxy in ``build/chp/`` (``make hub-proxy``: npm, pinned by a lock file)."""
    if not PROXY.exists():
        build = subprocess.run(
            ["make", "--no-print-directory", "hub-proxy"],
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        if build.returncode != 0:
            raise HubError(f"make hub-proxy failed:\n{build.stdout[-2000:]}\n{build.stderr[-2000:]}")
    return PROXY


@dataclass
class Hub:
    url: str
    """The proxy's public address, e.g. ``http://127.0.0.1:PORT``: what a learner opens."""
    proc: subprocess.Popen[bytes]
    token: str
    """An API token of the service ``test`` (may list users and their servers, start servers)."""
    log: Path

    def api(self, path: str, method: str = "GET", body: Any = None) -> Any:
        """``/hub/api/<path>`` with the test service's token; the answer's JSON (None if empty)."""
        request = urllib.request.Request(
            f"{self.url}/hub/api/{path}",
            method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"token {self.token}", "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            data = response.read()
        return json.loads(data) if data else None

    def running(self) -> dict[str, dict[str, Any]]:
        """Users with a server that is running or starting: name -> the default server's model."""
        users = self.api("users?state=active")
        return {u["name"]: u["servers"][""] for u in users if "" in u.get("servers", {})}

    def user_servers(self) -> dict[str, psutil.Process]:
        """The learners' single-user server processes under this hub: user name -> process."""
        found = {}
        for child in psutil.Process(self.proc.pid).children(recursive=True):
            with contextlib.suppress(psutil.Error):
                if "jupyterhub-singleuser" in " ".join(child.cmdline()):
                    found[child.environ().get("JUPYTERHUB_USER", "?")] = child
        return found


def _config(folder: Path, port: int, token: str) -> Path:
    """The test's configuration: the school's (``deploy/jupyterhub_config.py``), then what a test replaces."""
    path = folder / "jupyterhub_config.py"
    lines = [
        "c = get_config()  # noqa: F821",
        f"load_subconfig({str(CONFIG)!r})  # noqa: F821",
        "c.JupyterHub.authenticator_class = 'dummy'",
        "c.JupyterHub.spawner_class = 'simple'",
        f"c.SimpleLocalProcessSpawner.home_dir_template = {str(folder / 'home' / '{username}')!r}",
        f"c.Spawner.cmd = [{str(BIN / 'jupyterhub-singleuser')!r}]",
        # stopping a server or a service: interrupt, then terminate, then kill, a few seconds apart
        "c.LocalProcessSpawner.interrupt_timeout = 3",
        "c.LocalProcessSpawner.term_timeout = 3",
        f"c.JupyterHub.bind_url = 'http://127.0.0.1:{port}'",
        f"c.JupyterHub.hub_bind_url = 'http://127.0.0.1:{free_port()}'",
        f"c.ConfigurableHTTPProxy.api_url = 'http://127.0.0.1:{free_port()}'",
        f"c.ConfigurableHTTPProxy.command = [{str(PROXY)!r}]",
        f"c.ConfigurableHTTPProxy.pid_file = {str(folder / 'proxy.pid')!r}",
        f"c.JupyterHub.db_url = 'sqlite:///{folder / 'jupyterhub.sqlite'}'",
        f"c.JupyterHub.cookie_secret_file = {str(folder / 'cookie_secret')!r}",
        # the test's own service: its token lists users and servers and starts a server
        f"c.JupyterHub.services.append({{'name': 'test', 'api_token': {token!r}}})",
        (
            "c.JupyterHub.load_roles.append({'name': 'test', 'services': ['test'],"
            " 'scopes': ['admin:users', 'admin:servers', 'read:users:activity']})"
        ),
    ]
    if os.geteuid() == 0:  # CI runs as root; a single-user server refuses that without --allow-root
        lines.append("c.Spawner.args = [*c.Spawner.args, '--allow-root']")
    path.write_text("\n".join(lines) + "\n")
    return path


def wait_answering(hub: Hub, timeout: float) -> None:
    """Return once the hub answers its API through the proxy; :class:`HubError` if it exits first."""
    deadline = time.monotonic() + timeout
    while True:
        if hub.proc.poll() is not None:
            raise HubError(f"JupyterHub exited with {hub.proc.returncode}; see {hub.log}")
        try:
            hub.api("")
            return
        except (OSError, urllib.error.URLError):
            if time.monotonic() > deadline:
                raise HubError(f"JupyterHub did not answer within {timeout:.0f} s; see {hub.log}") from None
            time.sleep(0.3)


def stop(proc: subprocess.Popen[bytes]) -> None:
    """Stop the hub (it stops the learners' servers, the culler and the proxy), then anything it left."""
    with contextlib.suppress(psutil.Error):
        family = psutil.Process(proc.pid).children(recursive=True)
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    for child in family:
        with contextlib.suppress(psutil.Error):
            child.kill()


@contextlib.contextmanager
def jupyterhub(
    folder: Path, log: Path, env: dict[str, str] | None = None, timeout: float = 120
) -> Iterator[Hub]:
    """A hub configured by ``deploy/jupyterhub_config.py`` (plus the test's replacements, above), its
    state in ``folder`` and its log (with every learner's server's) in ``log``; ``env`` adds to the
    hub's environment (``NIDAVELLIR_HUB_IDLE_TIMEOUT``...). Stopped afterwards."""
    ensure_proxy()
    folder.mkdir(parents=True, exist_ok=True)
    log.parent.mkdir(parents=True, exist_ok=True)
    port, token = free_port(), secrets.token_hex(16)
    config = _config(folder, port, token)
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [str(BIN / "jupyterhub"), "-f", str(config)],
            cwd=folder,
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, **(env or {})},
        )
        hub = Hub(f"http://127.0.0.1:{port}", proc, token, log)
        try:
            wait_answering(hub, timeout)
            yield hub
        finally:
            stop(proc)


def pss(proc: psutil.Process) -> int:
    """Proportional set size in bytes (the process's fair share of shared pages); 0 once it is gone."""
    with contextlib.suppress(psutil.Error):
        return int(proc.memory_full_info().pss)
    return 0


def kernels(server: psutil.Process) -> list[psutil.Process]:
    """The kernels a learner's server runs (one per open lesson page)."""
    found = []
    with contextlib.suppress(psutil.Error):
        for child in server.children(recursive=True):
            with contextlib.suppress(psutil.Error):
                if "ipykernel" in " ".join(child.cmdline()):
                    found.append(child)
    return found


def to_bytes(limit: str) -> int:
    """JupyterHub's memory size (``600M``, ``1G``, or bytes) in bytes."""
    units = {"K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}
    if limit[-1:].upper() in units:
        return int(float(limit[:-1]) * units[limit[-1].upper()])
    return int(limit)


class Learner:
    """One learner's browser (a context of their own: their own hub cookie) and the pages it loaded."""

    def __init__(self, browser: Browser, name: str) -> None:
        self.name = name
        self.context: BrowserContext = browser.new_context(viewport={"width": 1200, "height": 900})
        self.page: Page = self.context.new_page()
        self.page.set_default_timeout(PATIENCE_MS)
        self.responses: list[Response] = []
        self.click_seconds = 0.0
        """From the click on *Confirm bid* until the engine's answer shows (``bids``)."""
        self.page.on("response", lambda response: self.responses.append(response))

    def response(self, lesson: str) -> Response:
        """The response that served ``lesson`` to this learner (the page is there already)."""
        for response in reversed(self.responses):
            if response.url.split("?")[0].endswith(f"/voila/render/{lesson}.ipynb"):
                return response
        raise AssertionError(f"{self.name}: no response for {lesson}.ipynb in {self.page.url}")

    def log_in(self, hub: Hub) -> None:
        """Send the login form, without waiting for what follows (the server's start)."""
        self.page.goto(f"{hub.url}/hub/login")
        self.page.fill("input[name=username]", self.name)
        self.page.fill("input[name=password]", f"{self.name}-password")
        self.page.click("#login_submit", no_wait_after=True)

    def lands(self, hub: Hub) -> None:
        """The learner's own server shows the tutor's landing page (its default URL)."""
        self.page.wait_for_url(f"{hub.url}/user/{self.name}/voila/render/index.ipynb*", timeout=SPAWN_MS)
        wait_rendered(self.page, self.response("index"), "index")
        expect(self.page.get_by_role("heading", name="Nidavellir Tutor").first).to_be_visible()

    def open_bidding(self) -> None:
        self.page.locator("a[href*='02-bidding']").first.click(no_wait_after=True)

    def bids(self) -> None:
        """Lesson 2, opened from the landing page, answers a bid (its kernel runs the engine)."""
        self.page.wait_for_url("**/voila/render/02-bidding.ipynb*", timeout=SPAWN_MS)
        wait_rendered(self.page, self.response("02-bidding"), "02-bidding")
        form = self.page.locator(".nt-l02-round .nt-bid-panel")
        form.locator(".nt-bid-t0 select").select_option(label="4 (basic)")
        form.locator(".nt-bid-t1 select").select_option(label="0 (basic)")
        form.locator(".nt-bid-t2 select").select_option(label="5 (basic)")
        t0 = time.perf_counter()
        form.locator("button.nt-bid-confirm").click()
        expect(self.page.locator(".nt-l02-log")).to_contain_text(
            "Bo, Cy and Ana all bid 4 on the Laughing Goblin"
        )
        self.click_seconds = time.perf_counter() - t0
        expect(form).to_be_hidden()
