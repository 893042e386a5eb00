"""The static site (``make lite``, voici + Pyodide) in a real browser: bundle size, time to interactive
cold and warm, a click's round trip, and a walk over every page.

    .venv/bin/python bench/lite.py [--runs 3] [--walk]      (make bench-lite)

``build/lite`` is served by the standard library's ``http.server`` on 127.0.0.1 (as a learner would with
``python -m http.server -d build/lite``); every request to another host is counted (not aborted: a
route would turn off the browser cache; ``tests/browser/test_lite.py`` aborts them).

* **cold**: lesson 2 (``02-bidding``) in a new browser context (empty HTTP cache);
* **warm**: the same lesson opened again in a new tab of that context (browser cache filled; http.server
  answers revalidations with 304s); each load still starts its own Pyodide;
* **by a lesson link**: in that tab, lesson 1 through the "previous" link, then lesson 2 through lesson
  1's "next" link: both run in the page's own Python (``widgets/lite_pages.py``); TTI from that click;
* TTI: from the navigation's start (``performance.now()`` = 0) to the first enabled "Confirm bid" button;
* **CPU**: the CPU seconds every Chromium process spent in that time (on a machine shared with other
  work the wall-clock TTI mostly measures the wait for a core; the CPU seconds much less so);
* **click**: three coins chosen, then "Confirm bid" clicked; the time from the click to the reveal's
  sentence in the log ("... all bid 4 on the Laughing Goblin"), on the page's clock;
* ``--walk``: every page (landing page and lessons), cold, with its TTI to the first widget view and
  any error output.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import statistics
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import psutil  # type: ignore[import-untyped]
from playwright.sync_api import Browser, BrowserContext, Page, Request, sync_playwright

REPO = Path(__file__).resolve().parents[1]
SITE = REPO / "build" / "lite"
sys.path.insert(0, str(REPO))
from tests.browser.chromium import CHROMIUM, CHROMIUM_ARGS

ERROR = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
CONFIRM = ".nt-l02-round .nt-bid-panel button.nt-bid-confirm"
TIMEOUT = 240_000


SERVED: list[str] = []
"""The status of every response http.server sent ("200", "304"...): what a load really fetched."""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        SERVED.append(str(getattr(code, "value", code)))

    def log_message(self, format: str, *args: object) -> None:
        pass


def _site(path: Path) -> None:
    global SITE
    SITE = path.resolve()


def serve() -> str:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}"


def context(browser: Browser, outside: list[str]) -> BrowserContext:
    """A new context (empty cache). Requests to other hosts are recorded, not intercepted: Playwright
    turns the HTTP cache off in a context with a route, and the warm load is about that cache
    (tests/browser/test_lite.py aborts them)."""
    ctx = browser.new_context(service_workers="block", viewport={"width": 1200, "height": 900})

    def seen(request: Request) -> None:
        if request.url.startswith("http") and urlsplit(request.url).hostname != "127.0.0.1":
            outside.append(request.url)

    ctx.on("request", seen)
    ctx.set_default_timeout(TIMEOUT)
    return ctx


def _chromium_cpu() -> dict[tuple[int, float], float]:
    """CPU seconds so far of every Chromium process this benchmark started, by (pid, start time)."""
    seen: dict[tuple[int, float], float] = {}
    for proc in psutil.Process().children(recursive=True):
        try:
            if "chrom" in proc.name().lower():
                t = proc.cpu_times()
                seen[(proc.pid, proc.create_time())] = t.user + t.system
        except psutil.Error:
            continue
    return seen


def load(page: Page, url: str, ready: str) -> tuple[float, int, int, float]:
    """Open ``url``; (TTI in s, files the server sent in full (200), revalidated (304), CPU seconds of
    Chromium's processes until then)."""
    before = len(SERVED)
    cpu = _chromium_cpu()
    page.goto(url)
    page.wait_for_selector(f"{ready}, {ERROR}", state="visible", timeout=TIMEOUT)
    if page.locator(ERROR).count():
        raise RuntimeError(f"{url}: {page.locator(ERROR).first.inner_text()[:300]}")
    page.wait_for_function(
        "s => { const b = document.querySelector(s); return b && !b.disabled; }", arg=ready, timeout=TIMEOUT
    )
    tti = page.evaluate("performance.now()") / 1000
    used = sum(t - cpu.get(key, 0.0) for key, t in _chromium_cpu().items())
    served = SERVED[before:]
    return tti, served.count("200"), served.count("304"), used


def click(page: Page) -> float:
    form = page.locator(".nt-l02-round .nt-bid-panel")
    form.locator(".nt-bid-t0 select").select_option(label="4 (basic)")
    form.locator(".nt-bid-t1 select").select_option(label="0 (basic)")
    form.locator(".nt-bid-t2 select").select_option(label="5 (basic)")
    page.wait_for_function("() => document.querySelector('.nt-bid-pouch').textContent.includes('2 (basic)')")
    page.evaluate(
        """() => { window.__clicked = null; window.__answered = null;
        const b = document.querySelector('.nt-l02-round .nt-bid-panel button.nt-bid-confirm');
        b.addEventListener('click', () => { window.__clicked = performance.now(); }, {capture: true});
        new MutationObserver(() => {
          if (window.__answered === null && document.querySelector('.nt-l02-log').textContent.includes('all bid 4'))
            window.__answered = performance.now();
        }).observe(document.body, {subtree: true, childList: true, characterData: true}); }"""
    )
    form.locator("button.nt-bid-confirm").click()
    page.wait_for_function("() => window.__answered !== null")
    return float(page.evaluate("window.__answered - window.__clicked")) / 1000


def switch(page: Page) -> float:
    """From the lesson 2 page that is open: lesson 1 through its "previous" link, then lesson 2 again
    through lesson 1's "next" link, both run in the page's own Python (``widgets/lite_pages.py``); the
    second one's TTI in s, from the click to the enabled "Confirm bid" button."""
    stage = ".nt-lite-stage"
    if not page.locator(stage).count():  # a site built before widgets/lite_pages.py
        return float("nan")
    page.locator(".nt-nav-prev").first.click()
    page.wait_for_selector(f'{stage} .nt-nav-next[href="02-bidding.html"]', state="visible")
    page.evaluate("() => { window.__clicked = performance.now(); }")
    page.locator(f"{stage} .nt-nav-next").first.click()
    page.wait_for_function(
        "s => { const b = document.querySelector(s); return b && !b.disabled && b.offsetParent !== null; }",
        arg=f"{stage} {CONFIRM}",
    )
    if page.locator(ERROR).count():
        raise RuntimeError(page.locator(ERROR).first.inner_text()[:300])
    return float(page.evaluate("performance.now() - window.__clicked")) / 1000


def size(path: Path) -> tuple[float, int]:
    files = [p for p in path.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files) / 1e6, len(files)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--walk", action="store_true")
    ap.add_argument("--site", type=Path, default=SITE, help="the built site (default build/lite)")
    a = ap.parse_args()
    _site(a.site)
    if not (SITE / "index.html").is_file():
        sys.exit("build/lite is missing: run make lite first")
    mb, n = size(SITE)
    print(f"bundle: {mb:.1f} MB, {n} files (static/pyodide {size(SITE / 'static' / 'pyodide')[0]:.1f} MB)")
    base = serve()
    outside: list[str] = []
    lesson = f"{base}/voici/render/02-bidding.html"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        colds, warms, clicks, switches, cpus = [], [], [], [], []
        for run in range(a.runs):
            ctx = context(browser, outside)
            page = ctx.new_page()
            tti, full, revalidated, cpu = load(page, lesson, CONFIRM)
            colds.append(tti)
            clicks.append(click(page))
            page.close()
            page = ctx.new_page()
            wtti, wfull, wrevalidated, wcpu = load(page, lesson, CONFIRM)
            cpus.append((cpu, wcpu))
            warms.append(wtti)
            clicks.append(click(page))
            switches.append(switch(page))
            print(
                f"run {run + 1}: cold {tti:.1f} s, {cpu:.1f} CPU-s (server sent {full} files, {revalidated} not "
                f"modified), warm {wtti:.1f} s, {wcpu:.1f} CPU-s (sent {wfull}, {wrevalidated} not modified), "
                f"by a lesson link {switches[-1]:.2f} s, "
                f"clicks {clicks[-2] * 1000:.0f} / {clicks[-1] * 1000:.0f} ms; "
                f"load average {os.getloadavg()[0]:.1f}"
            )
            ctx.close()
            time.sleep(1)
        print(
            f"02-bidding TTI cold: median {statistics.median(colds):.1f} s (min {min(colds):.1f}, max {max(colds):.1f}); "
            f"warm: median {statistics.median(warms):.1f} s (min {min(warms):.1f}, max {max(warms):.1f}); "
            f"Chromium CPU-s cold / warm: medians {statistics.median(c for c, _ in cpus):.1f} / "
            f"{statistics.median(w for _, w in cpus):.1f}; "
            f"by a lesson link (same page's Python): median {statistics.median(switches):.2f} s "
            f"(max {max(switches):.2f}); "
            f"click (confirm bid -> reveal): median {statistics.median(clicks) * 1000:.0f} ms, "
            f"max {max(clicks) * 1000:.0f} ms"
        )
        if a.walk:
            # the site's own pages (pages 11-15 are server-only: tools/lite/pages.py), English copies
            for nb in sorted(p for p in (SITE / "voici" / "render").glob("*.html") if ".zh-" not in p.name):
                ctx = context(browser, outside)
                page = ctx.new_page()
                t0 = time.monotonic()
                page.goto(f"{base}/voici/render/{nb.stem}.html")
                page.wait_for_selector(f".jp-OutputArea-output .jupyter-widgets, {ERROR}", timeout=TIMEOUT)
                page.wait_for_function("() => !document.querySelector('#loading')", timeout=TIMEOUT)
                errors = page.locator(ERROR).count()
                print(f"walk {nb.stem}: {time.monotonic() - t0:.1f} s, error outputs: {errors}")
                ctx.close()
        browser.close()
    print(f"requests to other hosts: {len(outside)} {sorted(set(outside))[:5]}")


if __name__ == "__main__":
    main()
