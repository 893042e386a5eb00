"""The serverless tutor (``make lite``: voici + Pyodide in ``build/lite/``) works from a plain static server
with no other host: Pyodide, the wheels, ipywidgets, fonts and icons all come from the site.

``build/lite`` is served by the standard library's ``http.server`` on 127.0.0.1 in a thread; every
request to another host is aborted and recorded. The site is (re)built first with ``make lite`` if it
is missing or older than its sources (about 15 s with a warm cache, 1-2 min from nothing; needs npm
and the package registries), or always with ``LITE_REBUILD=1``. Pyodide starts in 10-20 s on 2 busy cores, so the waits are long
(conditions, never sleeps).
"""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import threading
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request, Route, expect

from .conftest import ERROR_OUTPUT, REPO

SITE = REPO / "build" / "lite"
BOOT_MS = 180_000
"""Pyodide's start plus every cell of the page (14-19 s measured; generous for a loaded CI machine)."""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


SOURCES = ("nidlib", "widgets", "tutorials", "tools/lite")


def _stale() -> bool:
    """No site yet, or a source of it (engine, widgets, lessons, build scripts) changed since it was built."""
    built = SITE / "index.html"
    if not built.is_file():
        return True
    newest = max(
        p.stat().st_mtime
        for d in SOURCES
        for p in (REPO / d).rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and ".ipynb_checkpoints" not in p.parts
    )
    return newest > built.stat().st_mtime


@pytest.fixture(scope="module")
def lite_url() -> Iterator[str]:
    if os.environ.get("LITE_REBUILD") == "1" or _stale():
        build = subprocess.run(
            ["make", "lite"], check=False, cwd=REPO, capture_output=True, text=True, timeout=1200
        )
        assert build.returncode == 0, f"make lite failed:\n{build.stdout[-3000:]}\n{build.stderr[-3000:]}"
    handler = functools.partial(_Quiet, directory=str(SITE))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def offline(browser: Browser) -> Iterator[tuple[BrowserContext, list[str]]]:
    """A browser context whose requests to any host but 127.0.0.1 are aborted and recorded.

    Service workers are blocked so that every request (the page's and the kernel worker's) passes the
    route; the Pyodide kernel works without one ("contents will NOT be synced", which no page needs)."""
    context = browser.new_context(service_workers="block", viewport={"width": 1200, "height": 900})
    outside: list[str] = []

    def route(r: Route) -> None:
        if urlsplit(r.request.url).hostname == "127.0.0.1" or not r.request.url.startswith("http"):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    def seen(request: Request) -> None:  # a request that escaped the route would still be listed here
        if request.url.startswith("http") and urlsplit(request.url).hostname != "127.0.0.1":
            outside.append(request.url)

    context.route("**/*", route)
    context.on("request", seen)
    context.set_default_timeout(BOOT_MS)
    try:
        yield context, outside
    finally:
        context.close()


def _ready(page: Page, selector: str) -> None:
    """Wait until ``selector`` is visible, failing at once if a cell shows an error instead."""
    page.wait_for_selector(f"{selector}, {ERROR_OUTPUT}", state="visible", timeout=BOOT_MS)
    _no_error_output(page)
    expect(page.locator(selector).first).to_be_visible()


def _no_error_output(page: Page) -> None:
    errors = page.locator(ERROR_OUTPUT)
    assert errors.count() == 0, f"error output: {errors.first.inner_text()[:500]}"
    expect(page.locator("body")).not_to_contain_text("Traceback")


def test_bidding_lesson_runs_in_pyodide_with_no_other_host(
    lite_url: str, offline: tuple[BrowserContext, list[str]]
) -> None:
    """Lesson 2 works offline; its Python starts from the build's memory snapshot (``tools/lite/start.js``
    fetches ``snapshot.bin``; an ordinary start, its fallback, would fetch the wheels instead)."""
    context, outside = offline
    files: list[str] = []
    context.on("request", lambda request: files.append(urlsplit(request.url).path))
    page = context.new_page()
    page.goto(f"{lite_url}/")  # the landing page: index.html opens voici/render/index.html
    _ready(page, ".nt-index-list a")
    link = page.locator(".nt-index-list a", has_text="Bidding")
    expect(link).to_have_attribute("href", "02-bidding.html")
    _no_error_output(page)

    page.goto(f"{lite_url}/voici/render/02-bidding.html")
    _ready(page, ".nt-l02-round .nt-bid-panel button.nt-bid-confirm")
    form = page.locator(".nt-l02-round .nt-bid-panel")
    expect(page.locator(".nt-nav-next").first).to_have_attribute("href", "03-coin-trades.html")
    # the same coin chosen twice moves: the first menu goes back to no coin (None reaches the page)
    form.locator(".nt-bid-t0 select").select_option(label="5 (basic)")
    form.locator(".nt-bid-t1 select").select_option(label="5 (basic)")
    expect(form.locator(".nt-bid-t0 select")).to_have_value("")
    form.locator(".nt-bid-t0 select").select_option(label="4 (basic)")
    form.locator(".nt-bid-t1 select").select_option(label="0 (basic)")
    form.locator(".nt-bid-t2 select").select_option(label="5 (basic)")
    expect(form.locator(".nt-bid-pouch")).to_contain_text("2 (basic), 3 (basic)")
    form.locator("button.nt-bid-confirm").click()
    log = page.locator(".nt-l02-log")
    expect(log).to_contain_text("Bo, Cy and Ana all bid 4 on the Laughing Goblin")
    page.locator("button.nt-l02-next").click()
    expect(log).to_contain_text("Dancing Dragon: the bids are revealed")
    _no_error_output(page)
    assert not outside, f"requests to other hosts: {sorted(set(outside))}"
    assert any(f.endswith("/static/pyodide/snapshot.bin") for f in files), "no Python snapshot fetched"
    assert not [f for f in files if f.endswith(".whl")], "a wheel was fetched: the snapshot was not used"


def test_lang_in_the_address_reaches_the_kernel(
    lite_url: str, offline: tuple[BrowserContext, list[str]]
) -> None:
    """``?lang=zh-Hant`` opens the page built for that language (the kernel never sees the address),
    and its links keep the language."""
    context, outside = offline
    page = context.new_page()
    page.goto(f"{lite_url}/voici/render/02-bidding.html?lang=zh-Hant")
    page.wait_for_url("**/02-bidding.zh-Hant.html")
    _ready(page, ".nt-nav")
    nav = page.locator(".nt-nav").first
    expect(nav.locator(".nt-nav-lang[aria-current=page]")).to_have_attribute("lang", "zh-Hant")
    expect(nav.locator(".nt-nav-next")).to_have_attribute("href", "03-coin-trades.html?lang=zh-Hant")
    _no_error_output(page)
    assert not outside, f"requests to other hosts: {sorted(set(outside))}"


def test_score_sheet_editor_keeps_the_sheet_across_a_reload(
    lite_url: str, offline: tuple[BrowserContext, list[str]]
) -> None:
    """Lesson 7's sheet is kept in the browser (IndexedDB, ``widgets/browser_store.py``): a reload (in
    any language) brings back the learner's sheet, not the example."""
    context, outside = offline
    page = context.new_page()
    page.goto(f"{lite_url}/voici/render/07-final-scoring.html")
    kept = page.locator(".nt-sheet-kept")
    _ready(page, ".nt-sheet-kept")
    expect(kept).to_contain_text("This browser keeps your sheet", timeout=BOOT_MS)
    area = page.locator(".nt-sheet-text textarea")
    edited = area.input_value().replace('"Bo"', '"Birgit"')
    assert "Birgit" in edited
    area.fill(edited)
    area.blur()  # the text area sends its value when it loses the focus
    players = page.locator(".nt-sheet-player select")
    expect(players).to_contain_text("Birgit")  # scored again: the kernel has the new text

    page.reload()
    _ready(page, ".nt-sheet-kept")
    expect(kept).to_contain_text("Your sheet from your last visit is back", timeout=BOOT_MS)
    expect(area).to_have_value(edited)
    expect(players).to_contain_text("Birgit")

    page.goto(f"{lite_url}/voici/render/07-final-scoring.html?lang=zh-Hans")
    page.wait_for_url("**/07-final-scoring.zh-Hans.html")
    expect(kept).to_contain_text("你上次的计分表回来了", timeout=BOOT_MS)
    expect(area).to_have_value(edited)
    _no_error_output(page)
    assert not outside, f"requests to other hosts: {sorted(set(outside))}"


def test_a_lesson_link_runs_the_lesson_in_the_same_python(
    lite_url: str, offline: tuple[BrowserContext, list[str]]
) -> None:
    """From the landing page, a lesson link shows the lesson in the page's own Pyodide (no new page: the
    stage of ``widgets/lite_pages.py``), with the lesson's address; Back shows the landing page again."""
    context, outside = offline
    page = context.new_page()
    page.goto(f"{lite_url}/voici/render/index.html")
    _ready(page, ".nt-index-list a")
    expect(page.locator(".nt-lite-stage")).to_be_attached()  # empty, so not visible yet
    page.evaluate("() => { window.__samePage = true; }")  # lost if the browser loads another page
    page.locator(".nt-index-list a", has_text="Bidding").click()
    page.wait_for_url("**/voici/render/02-bidding.html")
    stage = page.locator(".nt-lite-stage")
    form = stage.locator(".nt-l02-round .nt-bid-panel")
    expect(form.locator("button.nt-bid-confirm")).to_be_enabled()
    expect(page.locator(".nt-index-list")).to_be_hidden()  # the landing page's own list, hidden
    form.locator(".nt-bid-t0 select").select_option(label="4 (basic)")
    form.locator(".nt-bid-t1 select").select_option(label="0 (basic)")
    form.locator(".nt-bid-t2 select").select_option(label="5 (basic)")
    form.locator("button.nt-bid-confirm").click()
    expect(stage.locator(".nt-l02-log")).to_contain_text("Bo, Cy and Ana all bid 4 on the Laughing Goblin")
    # the language switch of the lesson: the copy of the page for zh-Hant, in the same Python
    stage.locator(".nt-nav-lang[lang=zh-Hant]").first.click()
    page.wait_for_url("**/voici/render/02-bidding.zh-Hant.html")
    expect(stage.locator(".nt-nav-lang[aria-current=page]").first).to_have_attribute("lang", "zh-Hant")
    page.go_back()
    page.wait_for_url("**/voici/render/02-bidding.html")
    expect(stage.locator(".nt-nav-lang[aria-current=page]").first).to_have_attribute("lang", "en")
    page.go_back()
    page.wait_for_url("**/voici/render/index.html")
    expect(stage.locator(".nt-index-list a", has_text="Bidding")).to_be_visible()
    assert page.evaluate("window.__samePage") is True
    _no_error_output(page)
    assert not outside, f"requests to other hosts: {sorted(set(outside))}"
