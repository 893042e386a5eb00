"""A class opening the same lesson at the same moment, in real Chromium pages: what each learner sees.

    .venv/bin/python bench/class_burst.py --pages 10 --lesson 04-army-and-heroes [--rounds 3]
    .venv/bin/python bench/class_burst.py --url http://127.0.0.1:8866 ...    # a server already running
    .venv/bin/python bench/class_burst.py --voila=--pool_size=3 ...           # more Voila options

For every round, ``--pages`` pages (each in its own browser context: no shared cache or cookies)
ask for the lesson at once. For each page it records the time until the page is complete, the
widget views its HTML names, the views shown, the views that show "Error displaying widget"
(JupyterLab's "model not found") and the error outputs (a cell that failed on the server). A page
is **complete** when it shows every view its HTML names and none of them failed; the exit status
is 1 if any page was not, so this doubles as the reproducer of issue "a class at once".

This is the real-browser complement of ``bench/load.py`` (light websocket clients, 10-20 learners
per lesson): 10 Chromium pages are themselves a heavy load on 2 cores, so the times here are
pessimistic; the failures are the point. Traffic goes to 127.0.0.1 only; every wait is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import statistics
import sys
import time
from pathlib import Path

from playwright.async_api import Browser, async_playwright

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent / "tests"))  # the browser tests' Chromium recipe and readiness check

from browser.chromium import CHROMIUM, CHROMIUM_ARGS
from browser.served import wait_for_pools

from bench.tutor import voila_server

VIEW = '"application/vnd.jupyter.widget-view+json"'
SHOWN = "document.querySelectorAll('.jp-OutputArea-output > .jupyter-widgets').length"
FAILED = (
    "[...document.querySelectorAll('.jp-OutputArea-output')]"
    ".filter(e => e.textContent.startsWith('Error displaying widget')).length"
)
ERRORS = "document.querySelectorAll('.jp-OutputArea-output[data-mime-type=\"application/vnd.jupyter.stderr\"]').length"
ALERT = "(document.querySelector('[role=alert]') || {}).textContent || ''"


async def learner(browser: Browser, url: str, settle_s: float) -> dict[str, object]:
    context = await browser.new_context()
    page = await context.new_page()
    mended: list[str] = []
    page.on("console", lambda m: mended.append(m.text) if "shown again" in m.text else None)
    t0 = time.perf_counter()
    result: dict[str, object] = {}
    try:
        response = await page.goto(url, timeout=240_000)
        html = await response.text() if response else ""
        views = html.count(VIEW)
        await page.wait_for_selector("#loading", state="detached", timeout=240_000)
        with contextlib.suppress(Exception):
            await page.wait_for_function(f"n => {SHOWN} >= n", arg=views, timeout=90_000)
        shown_at = time.perf_counter() - t0
        await asyncio.sleep(settle_s)  # a view that lost its race is mended within a second
        result = {
            "views": views,
            "shown": await page.evaluate(SHOWN),
            "failed": await page.evaluate(FAILED),
            "errors": await page.evaluate(ERRORS),
            "alert": (await page.evaluate(ALERT))[:80],
            "seconds": round(shown_at, 2),
        }
    except Exception as e:  # noqa: BLE001 -- a page that never loads is a result too
        result = {"views": 0, "shown": 0, "failed": 0, "errors": 0, "alert": "", "timeout": repr(e)[:120]}
    finally:
        result["mended"] = len(mended)
        await context.close()
    result["complete"] = (
        "timeout" not in result
        and result["shown"] == result["views"]
        and result["failed"] == 0
        and result["errors"] == 0
    )
    return result


async def burst(
    url: str, pages: int, rounds: int, settle_s: float, pause_s: float
) -> list[dict[str, object]]:
    results = []
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for r in range(rounds):
            got = await asyncio.gather(*(learner(browser, url, settle_s) for _ in range(pages)))
            for i, one in enumerate(got):
                one["round"], one["page"] = r, i
            results.extend(got)
            if r + 1 < rounds:
                await asyncio.sleep(pause_s)
        await browser.close()
    return results


def report(results: list[dict[str, object]], lesson: str) -> int:
    views = statistics.mode(int(r["views"]) for r in results)  # type: ignore[call-overload]
    for r in results:  # a page served without a cell's widgets is not complete either
        r["complete"] = r["complete"] and r["views"] == views
    bad = [r for r in results if not r["complete"]]
    seconds = sorted(float(r["seconds"]) for r in results if "seconds" in r)  # type: ignore[arg-type]
    p50 = statistics.median(seconds) if seconds else float("nan")
    p95 = seconds[max(0, round(0.95 * len(seconds)) - 1)] if seconds else float("nan")
    print(
        f"{lesson}: {len(results) - len(bad)}/{len(results)} pages complete; "
        f"{sum(1 for r in results if r['views'] != views)} with fewer views than {views}, "
        f"{sum(1 for r in results if r['failed'])} with 'Error displaying widget', "
        f"{sum(1 for r in results if r['errors'])} with an error output, "
        f"{sum(1 for r in results if 'timeout' in r)} not loaded; "
        f"{sum(int(r['mended']) for r in results)} views mended by the page (nt-complete.js); "
        f"complete in p50 {p50:.1f} s, p95 {p95:.1f} s"
    )
    for r in bad:
        print("  incomplete:", json.dumps(r, ensure_ascii=False))
    return 1 if bad else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lesson", default="04-army-and-heroes")
    ap.add_argument("--pages", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--settle", type=float, default=3.0, help="seconds to wait after the views are shown")
    ap.add_argument("--pause", type=float, default=10.0, help="seconds between rounds (the pool refills)")
    ap.add_argument("--url", help="a tutor server already running (else one is started as make run does)")
    ap.add_argument("--voila", action="append", default=[], help="more Voila options for the server")
    args = ap.parse_args()
    if args.pages < 1 or args.rounds < 1:
        ap.error("--pages and --rounds must be at least 1")

    def run(base: str) -> int:
        results = asyncio.run(
            burst(
                f"{base}/voila/render/{args.lesson}.ipynb", args.pages, args.rounds, args.settle, args.pause
            )
        )
        return report(results, args.lesson)

    if args.url:
        return run(args.url.rstrip("/"))
    log = HERE.parent / "test-results" / "class_burst-voila.log"
    log.parent.mkdir(exist_ok=True)
    with voila_server(log, args.voila) as (base, server, _):
        wait_for_pools(server, len(list((HERE.parent / "tutorials").glob("*.ipynb"))))
        status = run(base)
    timeouts = log.read_text(errors="replace").count("Timeout waiting for IOPub output")
    print(f"server log: {timeouts} x 'Timeout waiting for IOPub output' ({log})")
    return status


if __name__ == "__main__":
    sys.exit(main())
