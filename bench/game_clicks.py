"""Lesson 9 (the game against bots): how long its clicks take, kernel side and in the browser.

    .venv/bin/python bench/game_clicks.py --kernel [--rounds 6] [--profile auto|confirm|hint]
    .venv/bin/python bench/game_clicks.py --browser [--rounds 6]

``--kernel`` builds the page's ``GameApp`` in this process (2 players: the learner against a
greedy bot, seed 7, as a learner starts it), with a comm that JSON-encodes every message it
would send to the browser (so the serialisation a real kernel pays is counted, and the number of
widget messages and their bytes are reported). It then plays ``--rounds`` rounds the way a
learner does, timing each callback with the CPU clock of the kernel's main thread
(``time.thread_time``: less noisy than the wall clock on a busy machine; a background thread's
work does not delay the click's answer) and the wall clock. Before each Hint the learner looks at
the position for ``--think`` seconds (0.5; 0 = clicks as fast as a script):

* **auto**: ``Auto-play until my turn`` (the bots act until the learner must act);
* **confirm**: choose three coins in the bid menus, then ``Confirm bid`` (only the click is timed);
* **hint**: ``Hint`` (the strong bot explains a move);
* **pick**: the first action button (take a card, etc.).

``--profile KIND`` prints the cProfile of that callback kind (cumulative, top 30).

``--browser`` starts the tutor as ``make run`` does, opens lesson 9 in Chromium and plays
``--rounds`` rounds through the page, timing each click from the ``click`` event to the DOM
change a learner waits for (the position line for auto/confirm/pick, the hint sentence for hint),
on the page's own clock; it also reports when the page has settled (no mutation for 300 ms), and
the CPU time of the page's main thread from the click to the settled page (Chromium's
``ThreadTime`` metric, DevTools protocol), which a busy machine inflates less than the clock.
That window starts before Playwright's own click (its scrolling and hit-target checks run in the
page too), so it is a few ms more than a learner's click costs.

``--trace FILE`` also records Chromium's timeline (``FILE``) and a JavaScript CPU profile
(``FILE`` with the suffix ``.cpuprofile``; both open in DevTools' Performance panel) and prints
where the page's main thread spent its CPU time from each click to its settled page (marks
``nt-click`` and ``nt-settled``): self time by trace event name, style/layout work and which script
forced it, JavaScript self time by script and function. ``--css TEXT`` adds a style sheet to the
page before the clicks (to try a CSS change, e.g. containment, without editing the tutor).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))


# -- kernel side -------------------------------------------------------------------------------


class CountingComm:
    """A comm that encodes what it would send (as ipykernel does) and counts it."""

    sent = 0
    nbytes = 0

    def __init__(self, *args: object, **kwargs: object) -> None:
        self.comm_id = os.urandom(8).hex()
        self.kernel = True  # ipywidgets sends nothing through a comm without a kernel
        data = kwargs.get("data")
        if data is not None:
            self._count(data)

    def _count(self, data: object, buffers: object = None) -> None:
        CountingComm.sent += 1
        CountingComm.nbytes += len(json.dumps(data, default=str))

    def send(self, data: object = None, metadata: object = None, buffers: object = None) -> None:
        self._count(data, buffers)

    def open(self, *a: object, **k: object) -> None:  # pragma: no cover - not used by ipywidgets 8
        pass

    def close(self, *a: object, **k: object) -> None:
        pass

    def on_msg(self, _cb: object) -> None:
        pass

    def on_close(self, _cb: object) -> None:
        pass


def install_comm() -> None:
    import comm

    comm.create_comm = CountingComm  # type: ignore[assignment]
    import ipywidgets.widgets.widget as ww

    if hasattr(ww, "comm"):
        ww.comm.create_comm = CountingComm  # type: ignore[attr-defined]


def percentile(values: list[float], q: float) -> float:
    xs = sorted(values)
    if not xs:
        return float("nan")
    k = min(len(xs) - 1, max(0, round(q * (len(xs) - 1))))
    return xs[k]


def kernel(
    rounds: int, profile_kind: str | None, think: float
) -> dict[str, list[tuple[float, float, int, int]]]:
    install_comm()
    import nidlib
    from widgets.game import GameApp

    app = GameApp()
    app.seat_rows[1].kind.value = "greedy"
    app.start()
    samples: dict[str, list[tuple[float, float, int, int]]] = defaultdict(list)
    prof = cProfile.Profile() if profile_kind else None

    def timed(kind: str, fn: Callable[[], object]) -> None:
        n0, b0 = CountingComm.sent, CountingComm.nbytes
        if prof is not None and kind == profile_kind:
            prof.enable()
        c0, w0 = time.thread_time(), time.perf_counter()
        fn()
        c1, w1 = time.thread_time(), time.perf_counter()
        if prof is not None and kind == profile_kind:
            prof.disable()
        samples[kind].append(
            ((c1 - c0) * 1000, (w1 - w0) * 1000, CountingComm.sent - n0, CountingComm.nbytes - b0)
        )
        if app.error.value:
            raise SystemExit(f"the page shows an error after {kind}: {app.error.value}")

    c = app.controller
    assert c is not None
    start_round = c.state.round
    while not c.state.is_over and c.state.round < start_round + rounds:
        table = app.tables[app.table_seat()]
        movers = nidlib.to_act(c.state)
        if any(p in c.bots for p in movers):
            timed("auto", app.auto_button.click)
            continue
        d = nidlib.decision(c.state)
        assert d is not None
        time.sleep(think)  # the learner reads the new position
        if d.kind == "bids":
            timed("hint", app.hint_button.click)
            for k, dd in enumerate(table.bid_panel.taverns):
                dd.value = k
            timed("confirm", table.bid_panel.confirm.click)
        else:
            if len(samples["hint"]) < 3 * rounds:
                timed("hint", app.hint_button.click)
            panel = table.action_panel
            _, button = next((a, b) for a, b in panel.shown if not b.disabled)
            timed("pick", button.click)
    if prof is not None:
        pstats.Stats(prof).sort_stats("cumulative").print_stats(30)
    return samples


def report_kernel(samples: dict[str, list[tuple[float, float, int, int]]]) -> None:
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(
        "| callback | n | CPU ms median / p95 / max | wall ms median / p95 | widget messages median | bytes median |"
    )
    print("|---|---|---|---|---|---|")
    for kind in ("auto", "confirm", "hint", "pick"):
        xs = samples.get(kind, [])
        if not xs:
            continue
        cpu = [x[0] for x in xs]
        wall = [x[1] for x in xs]
        print(
            f"| {kind} | {len(xs)} | {statistics.median(cpu):.0f} / {percentile(cpu, 0.95):.0f} / {max(cpu):.0f} "
            f"| {statistics.median(wall):.0f} / {percentile(wall, 0.95):.0f} "
            f"| {statistics.median(x[2] for x in xs):.0f} | {statistics.median(x[3] for x in xs):.0f} |"
        )


# -- browser side ------------------------------------------------------------------------------

# Armed before a click: resolves with {t0, done, settled} on the page's clock once `done` holds
# (the DOM change the learner waits for) and the page then stayed quiet for 300 ms.
ARM_JS = """
([selector, kind, before]) => {
  const el = () => document.querySelector(selector);
  const text = () => (el() ? el().textContent : '');
  const done = () => kind === 'hint' ? /Why:/.test(text()) : text() !== before;
  const st = {t0: null, done: null, last: null};
  window.__ntClick = st;
  const obs = new MutationObserver(() => {
    if (st.t0 === null) return;
    const now = performance.now();
    st.last = now;
    if (st.done === null && done()) st.done = now;
  });
  obs.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
  document.addEventListener('click', () => {
    if (st.t0 === null) { st.t0 = performance.now(); performance.mark('nt-click'); }
  }, {capture: true});
  st.result = () => new Promise(resolve => {
    const tick = () => {
      const now = performance.now();
      if (st.done !== null && now - st.last >= 300) {
        obs.disconnect();
        performance.mark('nt-settled', {startTime: st.last});
        resolve({t0: st.t0, done: st.done, settled: st.last});
      } else if (st.t0 !== null && now - st.t0 > 30000) { obs.disconnect(); resolve({t0: st.t0, done: null, settled: st.last}); }
      else setTimeout(tick, 25);
    };
    tick();
  });
}
"""


#: what ``--trace`` records: Chromium's timeline (the DevTools Performance panel's categories)
TRACE_CATEGORIES = [
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "v8.execute",
    "blink",
    "blink.user_timing",
]
#: the work of rendering, which JavaScript may force synchronously (a "forced layout")
RENDERING = ("UpdateLayoutTree", "Layout", "ParseHTML", "RecalculateStyles")


def click_windows(events: list[dict[str, Any]]) -> list[tuple[float, float]]:
    """(start, end) of every click in the trace's clock (µs): from the click to 50 ms after the
    page's last change (marks ``nt-click`` and ``nt-settled`` of ARM_JS; the 50 ms take in the
    frame that paints the last change)."""
    marks = sorted((e["ts"], e["name"]) for e in events if e.get("name") in ("nt-click", "nt-settled"))
    out, start = [], None
    for ts, name in marks:
        if name == "nt-click":
            start = ts - 2000  # the click's own dispatch began just before the listener ran
        elif start is not None:
            out.append((start, ts + 50_000))
            start = None
    return out


def _inside(ts: float, windows: list[tuple[float, float]]) -> bool:
    return any(a <= ts < b for a, b in windows)


def trace_summary(trace: bytes, clicks: int) -> list[tuple[float, float]]:
    """Where the page's main thread spent its CPU time during the clicks (from each click to its
    settled page), per click: self time by trace event name, and the style/layout work forced by
    JavaScript (inside a script call) by the script that forced it. Returns the clicks' windows."""
    doc = json.loads(trace)
    events = doc["traceEvents"] if isinstance(doc, dict) else doc
    windows = click_windows(events)
    clicks = len(windows)
    main = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"
    }
    spans: dict[tuple[int, int], list[tuple[float, float, str, dict[str, Any]]]] = defaultdict(list)
    opened: dict[tuple[int, int], list[dict[str, Any]]] = defaultdict(list)
    for e in events:
        key = (e.get("pid"), e.get("tid"))
        if key not in main:
            continue
        if e.get("ph") == "X" and "dur" in e:
            spans[key].append(
                (
                    e["ts"],
                    e["ts"] + e["dur"],
                    e["name"],
                    {**e.get("args", {}), "_cpu": e.get("tdur", e["dur"])},
                )
            )
        elif e.get("ph") == "B":
            opened[key].append(e)
        elif e.get("ph") == "E" and opened[key]:
            b = opened[key].pop()
            cpu = e["tts"] - b["tts"] if "tts" in e and "tts" in b else e["ts"] - b["ts"]
            spans[key].append(
                (b["ts"], e["ts"], b["name"], {**b.get("args", {}), **e.get("args", {}), "_cpu": cpu})
            )
    self_time: dict[str, float] = defaultdict(float)
    forced: dict[str, float] = defaultdict(float)
    total: dict[str, float] = defaultdict(float)
    for xs in spans.values():
        xs.sort(key=lambda x: (x[0], -x[1]))
        stack: list[list[Any]] = []  # [start, end, name, args, child CPU time]

        def pop(stack: list[list[Any]] = stack) -> None:
            s0, _s1, name, args, child = stack.pop()
            if _inside(s0, windows):
                self_time[name] += args["_cpu"] - child

        for s0, s1, name, args in xs:
            while stack and stack[-1][1] <= s0:
                pop()
            if stack:
                stack[-1][4] += args["_cpu"]
            if name in RENDERING and not any(x[2] in RENDERING for x in stack) and _inside(s0, windows):
                total[name] += args["_cpu"]
                script = next(
                    (
                        x
                        for x in reversed(stack)
                        if x[2] in ("FunctionCall", "EvaluateScript", "v8.callFunction")
                    ),
                    None,
                )
                if script is not None:
                    d = script[3].get("data", {})
                    where = f"{d.get('functionName') or '?'} {str(d.get('url', '')).rsplit('/', 1)[-1]}:{d.get('lineNumber', '')}"
                    forced[f"{name} forced by {where}"] += args["_cpu"]
            stack.append([s0, s1, name, args, 0.0])
        while stack:
            pop()
    n = max(1, clicks)
    print(f"\nPage main thread, CPU self time per click (ms, {clicks} clicks; trace events):")
    print(f"  {sum(self_time.values()) / 1000 / n:7.2f}  (all)")
    for name, us in sorted(self_time.items(), key=lambda x: -x[1])[:25]:
        print(f"  {us / 1000 / n:7.2f}  {name}")
    print("Rendering work per click (ms, outermost events):")
    for name, us in sorted(total.items(), key=lambda x: -x[1]):
        print(f"  {us / 1000 / n:7.2f}  {name}")
    print("Forced by scripts, per click (ms):")
    for name, us in sorted(forced.items(), key=lambda x: -x[1])[:15]:
        print(f"  {us / 1000 / n:7.2f}  {name}")
    return windows


def profile_summary(profile: dict[str, Any], windows: list[tuple[float, float]]) -> None:
    """JavaScript self time per click by script and by function (DevTools' CPU profile), counting
    only the samples inside the clicks' windows."""
    nodes = {n["id"]: n for n in profile["nodes"]}
    by_script: dict[str, float] = defaultdict(float)
    by_fn: dict[str, float] = defaultdict(float)
    clicks = len(windows)
    ts = profile["startTime"]
    for node_id, dt in zip(profile["samples"], profile["timeDeltas"], strict=True):
        ts += dt
        if not _inside(ts, windows):
            continue
        f = nodes[node_id]["callFrame"]
        url = f["url"].rsplit("/", 1)[-1].split("?")[0] or f["functionName"] or "?"
        by_script[url] += dt
        by_fn[f"{f['functionName'] or '(anonymous)'} {url}:{f['lineNumber'] + 1}"] += dt
    n = max(1, clicks)
    print(f"\nJavaScript CPU profile, self time per click (ms, {clicks} clicks), by script:")
    for name, us in sorted(by_script.items(), key=lambda x: -x[1])[:12]:
        print(f"  {us / 1000 / n:7.2f}  {name}")
    print("by function:")
    for name, us in sorted(by_fn.items(), key=lambda x: -x[1])[:30]:
        print(f"  {us / 1000 / n:7.2f}  {name}")


def browser(
    rounds: int, voila: list[str], think: float, trace: Path | None = None, css: str | None = None
) -> None:
    import psutil  # type: ignore[import-untyped]
    from browser.chromium import CHROMIUM, CHROMIUM_ARGS  # type: ignore[import-not-found]
    from browser.served import tutor_server, wait_for_pools  # type: ignore[import-not-found]
    from playwright.sync_api import expect, sync_playwright

    log = Path("/tmp") / f"game-clicks-{os.getpid()}.log"
    samples: dict[str, list[tuple[float, float, float, float]]] = defaultdict(list)
    with tutor_server(log, voila) as (url, proc), sync_playwright() as pw:
        if not any("preheat_kernel=False" in v for v in voila):
            wait_for_pools(psutil.Process(proc.pid), len(list((REPO / "tutorials").glob("*.ipynb"))))
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        page = b.new_page(viewport={"width": 1280, "height": 1400})
        page.set_default_timeout(60_000)
        page.goto(f"{url}/voila/render/09-play-a-game.ipynb")
        page.locator("button.nt-game-start").click(timeout=120_000)
        turn = page.locator(".nt-game-turn")
        expect(turn).to_contain_text("Your move: Ana", timeout=60_000)
        if css:  # an experiment: more CSS on the page
            page.add_style_tag(content=css)

        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable")
        if trace is not None:
            b.start_tracing(page=page, categories=TRACE_CATEGORIES)
            cdp.send("Profiler.enable")
            cdp.send("Profiler.setSamplingInterval", {"interval": 200})
            cdp.send("Profiler.start")

        def metrics() -> dict[str, float]:
            return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}

        def click(kind: str, target: str, selector: str) -> None:
            before = page.locator(selector).text_content() or ""
            page.evaluate(ARM_JS, [selector, kind, before])
            m0 = metrics()
            page.locator(target).first.click()
            res = page.evaluate("() => window.__ntClick.result()")
            m1 = metrics()
            if res["done"] is None:
                raise SystemExit(f"{kind}: nothing changed within 30 s")
            samples[kind].append(
                (
                    res["done"] - res["t0"],
                    res["settled"] - res["t0"],
                    (m1["ThreadTime"] - m0["ThreadTime"]) * 1000,
                    m1["LayoutCount"] - m0["LayoutCount"],
                )
            )

        while "The game is over" not in (turn.text_content() or ""):
            text = turn.text_content() or ""
            if "Waiting for the computer" in text:
                click("auto", "button.nt-game-auto", ".nt-game-position")
            elif "placing bids" in text:
                if len(samples["confirm"]) >= rounds:
                    break
                page.wait_for_timeout(think * 1000)  # the learner reads the new position
                click("hint", "button.nt-game-hint", ".nt-game-hint-text")
                for k in range(3):
                    page.locator(f".nt-bid-t{k} select").select_option(index=k + 1)
                expect(page.locator(".nt-bid-pouch")).to_contain_text("Pouch")
                click("confirm", "button.nt-bid-confirm", ".nt-game-position")
            else:
                click("pick", "button.nt-action-button:enabled", ".nt-game-position")
        if trace is not None:
            profile = cdp.send("Profiler.stop")["profile"]
            data = b.stop_tracing()
            trace.write_bytes(data)
            trace.with_suffix(".cpuprofile").write_text(json.dumps(profile))
            profile_summary(profile, trace_summary(data, sum(len(x) for x in samples.values())))
        b.close()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (browser, page clock)")
    print(
        "| click | n | to the change ms median / p95 / max | to settled ms median / p95 "
        "| page main-thread CPU ms median / p95 | layouts median |"
    )
    print("|---|---|---|---|---|---|")
    for kind in ("auto", "confirm", "hint", "pick"):
        xs = samples.get(kind, [])
        if xs:
            d = [x[0] for x in xs]
            st = [x[1] for x in xs]
            cpu = [x[2] for x in xs]
            print(
                f"| {kind} | {len(xs)} | {statistics.median(d):.0f} / {percentile(d, 0.95):.0f} / {max(d):.0f} "
                f"| {statistics.median(st):.0f} / {percentile(st, 0.95):.0f} "
                f"| {statistics.median(cpu):.0f} / {percentile(cpu, 0.95):.0f} "
                f"| {statistics.median(x[3] for x in xs):.0f} |"
            )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kernel", action="store_true")
    ap.add_argument("--browser", action="store_true")
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--profile", choices=["auto", "confirm", "hint", "pick"])
    ap.add_argument(
        "--think", type=float, default=0.5, help="seconds a learner looks at a position before Hint"
    )
    ap.add_argument(
        "--voila", action="append", default=[], help="extra Voila option, e.g. --voila=--preheat_kernel=False"
    )
    ap.add_argument(
        "--trace",
        type=Path,
        help="record Chromium's timeline over the clicks into this file and print where the page's time went",
    )
    ap.add_argument("--css", help="an experiment: add this CSS to the page before the clicks")
    args = ap.parse_args()
    if not (args.kernel or args.browser):
        ap.error("choose --kernel and/or --browser")
    if args.kernel:
        report_kernel(kernel(args.rounds, args.profile, args.think))
    if args.browser:
        browser(args.rounds, args.voila, args.think, args.trace, args.css)


if __name__ == "__main__":
    main()
