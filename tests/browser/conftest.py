"""Browser tests: the tutor served by Voila (as `make run` serves it), driven by headless Chromium.

Fixtures:

* ``voila_url`` (session): base URL of a Voila server started with ``tools/serve.py`` on a free port.
* ``browser_type_launch_args``: pytest-playwright launches Debian's ``/usr/bin/chromium``
  (``$CHROMIUM`` overrides it); ``playwright install`` is never needed.
* ``open_lesson``: ``open_lesson(page, voila_url, "index")`` opens a lesson, waits until Voila has
  rendered it and fails if any cell raised.
* ``save_screenshot``: ``save_screenshot(page, "landing")`` writes ``test-results/screenshots/landing.png``,
  or ``docs/screenshots/landing.png`` when ``UPDATE_SCREENSHOTS=1`` (``make screenshots``).

Every test under tests/browser is marked ``browser`` (deselect with ``-m "not browser"``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest
from playwright.sync_api import Page, Response, expect

from .chromium import CHROMIUM, CHROMIUM_ARGS
from .served import ServerError, tutor_server, wait_for_pools

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
RESULTS = REPO / "test-results"


RENDER_TIMEOUT_MS = 60_000
PATIENCE_MS = 60_000
MEND_TIMEOUT_MS = 15_000
"""How long any wait in a browser test may take. Every wait is for a condition (a widget, a text), so
a quiet machine never waits this long; CI shares 2 cores with other jobs, where Playwright's default
of 5 s failed tests whose page was merely slow (lesson 10's widgets, on a fresh clone's `make test`)."""

expect.set_options(timeout=PATIENCE_MS)
ERROR_OUTPUT = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
ERROR_TEXTS = ("Traceback", "There was an error when executing cell", "Error displaying widget")
WIDGET_VIEW = '"application/vnd.jupyter.widget-view+json"'


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(autouse=True)
def _patient_pages(request: pytest.FixtureRequest) -> None:
    """Every page's own waits (clicks, navigation, ``wait_for_*``) get the same patience as ``expect``."""
    if "page" in request.fixturenames:
        page: Page = request.getfixturevalue("page")
        page.set_default_timeout(PATIENCE_MS)
        page.set_default_navigation_timeout(2 * PATIENCE_MS)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    executable = CHROMIUM
    if not Path(executable).is_file():
        pytest.fail(f"Chromium not found at {executable}: install Debian's chromium or set CHROMIUM=/path")
    return {**browser_type_launch_args, "executable_path": executable, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def voila_url() -> Iterator[str]:
    """Start the tutor exactly as `make run` does (tools/serve.py), on a free port."""
    try:
        # lesson 8's live class keeps its rooms in a database of the test run's own, not beside the server
        rooms = RESULTS / "classroom-rooms.sqlite3"
        for stale in RESULTS.glob("classroom-rooms.sqlite3*"):
            stale.unlink()
        with tutor_server(RESULTS / "voila.log", env={"NIDAVELLIR_ROOM_DB": str(rooms)}) as (url, proc):
            # the tests exercise pages, not the server's start: wait until every page is preheated
            wait_for_pools(psutil.Process(proc.pid), len(list((REPO / "tutorials").glob("*.ipynb"))))
            yield url
    except ServerError as e:
        pytest.fail(str(e))


def open_lesson(page: Page, voila_url: str, name: str, query: str = "") -> Page:
    """Open ``tutorials/<name>.ipynb`` (plus ``query``, e.g. ``"?lang=zh-Hant"``) in Voila, wait until
    it and its widgets are rendered.

    Fails if a cell raised (an stderr output, a traceback or Voila's "There was an error" notice).
    """
    response = page.goto(f"{voila_url}/voila/render/{name}.ipynb{query}")
    assert response is not None
    return wait_rendered(page, response, name)


def wait_rendered(page: Page, response: Response, name: str) -> Page:
    """Wait until the page of ``response`` shows every widget its HTML names, with no error output
    and no "Error displaying widget" (what a learner would see on a page that failed to load)."""
    assert response.ok, f"{name}.ipynb: HTTP {response.status}"
    widget_outputs = response.text().count(WIDGET_VIEW)
    # Voila executes the notebook while streaming the page, then its frontend removes the
    # "Running ..." spinner (#loading), shows #rendered_cells and turns every
    # <script type="application/vnd.voila.cell-output+json"> into an output area.
    page.wait_for_selector("#loading", state="detached", timeout=RENDER_TIMEOUT_MS)
    expect(page.locator("#rendered_cells")).to_be_visible(timeout=RENDER_TIMEOUT_MS)
    page.wait_for_function(
        "() => !document.querySelector('script[type=\"application/vnd.voila.cell-output+json\"]')",
        timeout=RENDER_TIMEOUT_MS,
    )
    # Widgets appear once the page's widget manager is connected to the kernel.
    page.wait_for_function(
        "n => document.querySelectorAll('.jp-OutputArea-output > .jupyter-widgets').length >= n",
        arg=widget_outputs,
        timeout=RENDER_TIMEOUT_MS,
    )
    errors = page.locator(ERROR_OUTPUT)
    assert errors.count() == 0, f"{name}.ipynb shows an error output: {errors.first.inner_text()[:500]}"
    body = page.locator("body")
    for marker in ERROR_TEXTS:
        # the page mends a widget view that lost a race with its model within a second or so
        # (share/jupyter/voila/templates/tutor/static/nt-complete.js); anything left is a failure
        expect(body, f"{name}.ipynb shows {marker!r} to the learner").not_to_contain_text(
            marker, timeout=MEND_TIMEOUT_MS
        )
    return page


@pytest.fixture(name="open_lesson")
def open_lesson_fixture() -> Callable[..., Page]:
    return open_lesson


@pytest.fixture
def save_screenshot() -> Callable[[Page, str], Path]:
    folder = (
        REPO / "docs" / "screenshots"
        if os.environ.get("UPDATE_SCREENSHOTS") == "1"
        else RESULTS / "screenshots"
    )

    def save(page: Page, name: str) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return save
