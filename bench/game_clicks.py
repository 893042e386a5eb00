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
  document.addEventListener('click', () => { if (st.t0 === null) st.t0 = performance.now(); }, {capture: true});
  st.result = () => new Promise(resolve => {
    const tick = () => {
      const now = performance.now();
      if (st.done !== null && now - st.last >= 300) { obs.disconnect(); resolve({t0: st.t0, done: st.done, settled: st.last}); }
      else if (st.t0 !== null && now - st.t0 > 30000) { obs.disconnect(); resolve({t0: st.t0, done: null, settled: st.last}); }
      else setTimeout(tick, 25);
    };
    tick();
  });
}
"""


def browser(rounds: int, voila: list[str], think: float) -> None:
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

        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable")

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
    args = ap.parse_args()
    if not (args.kernel or args.browser):
        ap.error("choose --kernel and/or --browser")
    if args.kernel:
        report_kernel(kernel(args.rounds, args.profile, args.think))
    if args.browser:
        browser(args.rounds, args.voila, args.think)


if __name__ == "__main__":
    main()
