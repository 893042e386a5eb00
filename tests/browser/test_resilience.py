"""Never a silent dead page, never a traceback (the Voila template's nt-watch.js, widgets/guard.py).

* The page's kernel dies: jupyter restarts a fresh kernel behind the page's back, which has none
  of the page's widgets. The page says so (``role="alert"``) and its Reload button brings back a
  working page.
* The server stops: the page says so, in the page's language.
* A widget callback fails (a click handler, an observer of a change the browser sent): the page
  shows a sentence, the details go to the server's log, and no websocket frame carries a traceback.

The last two use a server of their own (not the session's ``voila_url``): one is stopped, the other
has the test-only failing widgets (``widgets.guard.TEST_FAULTS``).
"""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import psutil
import pytest
from playwright.sync_api import Page, WebSocket, expect

from nidlib.core.messages import render
from widgets.guard import TEST_FAULTS

from .conftest import RESULTS, open_lesson
from .served import ServerError, tutor_server

ALERT_TIMEOUT_MS = 20_000  # "within a few seconds", with room for a busy 2-core machine
CONNECTION_ALERT = "#nt-connection-alert[role=alert]"
PAGE_ALERT = ".nt-page-alert [role=alert]"
LOGGED = "nidavellir-tutor: a widget callback failed"


@dataclass
class Server:
    url: str
    proc: subprocess.Popen[bytes]
    log: Path


@pytest.fixture
def own_server() -> Iterator[Server]:
    """A tutor server for one test (no preheating: only the page the test opens gets a kernel), with
    the test-only failing widgets."""
    log_path = RESULTS / "voila-resilience.log"
    try:
        with tutor_server(log_path, ["--preheat_kernel=False"], env={TEST_FAULTS: "1"}) as (url, proc):
            yield Server(url, proc, log_path)
    except ServerError as e:
        pytest.fail(str(e))


def _kernel_process(page: Page) -> psutil.Process:
    """The process of the kernel the page is connected to (its connection file names its id)."""
    kernel_id = page.evaluate(
        "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
    )
    for proc in psutil.process_iter(["cmdline"]):
        if f"kernel-{kernel_id}.json" in " ".join(proc.info["cmdline"] or ()):
            return proc
    pytest.fail(f"no process for kernel {kernel_id}")


def test_a_dead_kernel_is_announced_and_reload_brings_back_a_working_page(
    page: Page, voila_url: str, save_screenshot: Callable[[Page, str], Path]
) -> None:
    page.set_viewport_size({"width": 1200, "height": 900})
    open_lesson(page, voila_url, "01-game-at-a-glance")
    expect(page.locator(CONNECTION_ALERT)).to_have_count(0)

    _kernel_process(page).kill()  # jupyter notices within ~3 s and restarts a kernel without the page

    alert = page.locator(CONNECTION_ALERT)
    expect(alert).to_be_visible(timeout=ALERT_TIMEOUT_MS)
    expect(alert).to_contain_text(render("ui.alert.kernel", lang="en"))
    reload = alert.get_by_role("button", name=render("ui.alert.reload", lang="en"))
    expect(reload).to_be_focused()  # the keyboard is already on it
    save_screenshot(page, "resilience-dead-kernel")

    with page.expect_navigation():
        page.keyboard.press("Enter")
    count = page.locator(".nt-l01-count button", has_text="5")
    expect(count).to_be_visible(timeout=60_000)
    count.click()
    expect(page.locator(".nt-l01-table")).to_contain_text("A 5-player game", timeout=30_000)
    expect(page.locator(CONNECTION_ALERT)).to_have_count(0)


def test_a_kernel_shut_down_by_the_server_is_announced(page: Page, own_server: Server) -> None:
    """The server shuts the page's kernel down (here through Voila's shutdown request, which a closing
    tab sends; culling does the same): the kernel's socket closes, the server no longer knows it."""
    page.set_viewport_size({"width": 1200, "height": 900})
    open_lesson(page, own_server.url, "01-game-at-a-glance", "?lang=zh-Hant")
    kernel_id = page.evaluate(
        "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
    )
    response = page.request.post(
        f"{own_server.url}/voila/api/shutdown/{kernel_id}", headers={"Origin": own_server.url}
    )
    assert response.ok, response.text()

    alert = page.locator(CONNECTION_ALERT)
    expect(alert).to_contain_text(render("ui.alert.kernel", lang="zh-Hant"), timeout=ALERT_TIMEOUT_MS)
    expect(alert.get_by_role("button", name=render("ui.alert.reload", lang="zh-Hant"))).to_be_focused()


def test_a_stopped_server_is_announced_in_the_page_language(
    page: Page, own_server: Server, save_screenshot: Callable[[Page, str], Path]
) -> None:
    page.set_viewport_size({"width": 1200, "height": 900})
    open_lesson(page, own_server.url, "01-game-at-a-glance", "?lang=zh-Hans")
    own_server.proc.terminate()
    own_server.proc.wait(timeout=30)

    alert = page.locator(CONNECTION_ALERT)
    expect(alert).to_contain_text(render("ui.alert.server", lang="zh-Hans"), timeout=ALERT_TIMEOUT_MS)
    expect(alert.get_by_role("button", name=render("ui.alert.reload", lang="zh-Hans"))).to_be_visible()
    save_screenshot(page, "resilience-server-stopped")


def test_a_failing_callback_is_a_sentence_and_no_traceback_reaches_the_browser(
    page: Page, own_server: Server, save_screenshot: Callable[[Page, str], Path]
) -> None:
    frames: list[str | bytes] = []

    def record(ws: WebSocket) -> None:
        ws.on("framereceived", lambda frame: frames.append(frame))

    page.on("websocket", record)
    page.set_viewport_size({"width": 1200, "height": 900})
    open_lesson(page, own_server.url, "01-game-at-a-glance", "?lang=zh-Hant")
    sentence = render("ui.error.page", {"error": "RuntimeError"}, lang="zh-Hant")
    alert = page.locator(PAGE_ALERT)

    # an observer of a change the browser sends (Widget.set_state), then a click handler
    page.locator(".nt-test-fault-text input").fill("x")
    expect(alert).to_have_text(sentence, timeout=ALERT_TIMEOUT_MS)
    page.locator("button.nt-test-fault").click()
    expect(alert).to_have_text(sentence, timeout=ALERT_TIMEOUT_MS)
    save_screenshot(page, "resilience-callback-failed")

    deadline = time.monotonic() + 30
    while own_server.log.read_text("utf-8", "replace").count(LOGGED) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    log = own_server.log.read_text("utf-8", "replace")
    assert log.count(LOGGED) == 2, log[-3000:]
    assert "RuntimeError: nt-test-fault: a callback failed on purpose" in log

    def text(frame: str | bytes) -> str:
        return frame if isinstance(frame, str) else frame.decode("utf-8", "replace")

    received = [text(frame) for frame in frames]
    assert any(sentence in frame for frame in received), "the sentence's frame was not seen"
    leaks = [frame for frame in received if "Traceback" in frame or "nt-test-fault: a callback" in frame]
    assert not leaks, f"a websocket frame carries the failure's details: {leaks[0][:800]}"
    assert "Traceback" not in page.locator("body").inner_text()
