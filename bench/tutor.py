"""The tutor in a real browser: time to interactive, click round trip and memory, per lesson.

    .venv/bin/python bench/tutor.py [--write-docs] [--only 02-bidding ...] [--clicks 7] [--warm 3]
    .venv/bin/python bench/tutor.py --profile [--only ...]   # kernel-side import and cell times
    # experiments (printed only): no preheating (every load starts its kernel); one server for all;
    # a learner opening every page in turn, 2 s after the previous one was ready
    .venv/bin/python bench/tutor.py --voila=--preheat_kernel=False
    .venv/bin/python bench/tutor.py --one-server --warm-gap 0
    .venv/bin/python bench/tutor.py --tour 2

For every ``tutorials/*.ipynb`` (sorted) the benchmark:

1. starts a **fresh** Voila server exactly as ``make run`` does (``tools/serve.py``: directory mode,
   culling, one preheated kernel per page, ``--Voila.ip=127.0.0.1``), on a free port, and waits
   until every page's kernel has run its notebook (all kernels idle: the server is ready);
2. **first load** (cold): the first request after the server started, in a new browser context
   (empty HTTP cache). The preheated kernel has built the page already; the load pays for the
   HTML, Voila's frontend and the widgets' connection. (Without preheating, Voila starts a kernel
   and runs the notebook for every load: ``--voila=--preheat_kernel=False``.);
3. clicks ``--clicks`` times on a real control of the lesson and times the **round trip**: from the
   ``click`` event in the page to the first DOM mutation the kernel's answer causes (a
   MutationObserver on ``#rendered_cells``; mutations inside the clicked widget itself, such as a
   toggle button's own highlight, are ignored because they do not need the kernel);
4. reads the **memory** of the kernel that serves the page (RSS, PSS, USS, peak RSS) after the
   load and after the clicks, with psutil (children of the Voila process);
5. **warm loads**: ``--warm`` further loads of the same lesson on the same server, each in a new
   tab of the same context (browser cache warm, server warm, still a new kernel per load), each
   ``--warm-gap`` seconds (6) after the previous one: Voila replaces a used pool kernel 1 s after
   the load, and the replacement needs a few seconds to start and run the notebook;
6. one **zh-Hant load** (``?lang=zh-Hant``), ``--warm-gap`` later: the preheated page was built in
   English, so its last cell rebuilds it in Chinese before the page is shown
   (``widgets/preheat.py``); the load fails unless the top of the page is in Chinese.

Time to interactive ("TTI") is measured on the page's own clock (``performance.now()``, 0 at the
start of the navigation): the moment the Voila spinner ``#loading`` is gone, every cell output is
rendered (no ``<script type="application/vnd.voila.cell-output+json">`` left) and every widget
output of the notebook has its widget view in the DOM; "settled" is the last DOM mutation after
that (measured until the page is quiet for 300 ms). ``served`` is when the HTML response ended:
Voila executes the whole notebook while it streams the page, so it is mostly kernel-side time.

Interactions, chosen per page before each click (visible, enabled buttons only), in this order:
``button.nt-action-button``; ``.nt-predict-check`` (first choosing an answer not yet chosen, so the
feedback changes); any ``.jupyter-button`` with an ``nt-`` class; any ``.jupyter-button`` inside a
widget with an ``nt-`` class (e.g. the landing page's language switch, not its active button).
A control whose click changes nothing within 3 s is skipped for the rest of the page.

Targets (issue): <= 2 s to interactive for every lesson, <= 100 ms per interaction,
<= 120 MB per learner session (= one kernel; judged on PSS, its fair share on this machine).

The machine is shared: the load average is printed with the results; re-run when it is low.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import importlib.metadata as md
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import psutil
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))  # one Chromium recipe and one readiness check with the browser tests
from browser.chromium import CHROMIUM, CHROMIUM_ARGS
from browser.served import kernels, tutor_server, wait_for_pools

TUTORIALS = REPO / "tutorials"
DOCS = REPO / "docs" / "benchmarks.md"
SECTION = "## Tutor (Voila)"
NOTES = "### Findings"  # hand-written part of the section, kept when the numbers are rewritten

TTI_TARGET_MS = 2000.0
CLICK_TARGET_MS = 100.0
SESSION_TARGET_MB = 120.0
LOAD_TIMEOUT_MS = 120_000
NO_CHANGE_MS = 3000
QUIET_MS = 300
WIDGET_VIEW = '"application/vnd.jupyter.widget-view+json"'
MB = 1024 * 1024

# -- page-side JavaScript ----------------------------------------------------------------------

READY_JS = """
n => {
  if (document.querySelector('#loading')) return false;
  if (!document.querySelector('#rendered_cells')) return false;
  if (document.querySelector('script[type="application/vnd.voila.cell-output+json"]')) return false;
  if (document.querySelectorAll('.jp-OutputArea-output > .jupyter-widgets').length < n) return false;
  return performance.now();
}
"""

# Resolves with the time of the last DOM mutation once the page has been quiet for `quiet` ms.
SETTLE_JS = """
quiet => new Promise(resolve => {
  let last = performance.now();
  const start = last;
  const obs = new MutationObserver(() => { last = performance.now(); });
  obs.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
  const tick = () => {
    const now = performance.now();
    if (now - last >= quiet || now - start > 20000) { obs.disconnect(); resolve(last); }
    else setTimeout(tick, 25);
  };
  setTimeout(tick, quiet);
})
"""

NAV_JS = """
() => {
  const n = performance.getEntriesByType('navigation')[0];
  return {responseStart: n.responseStart, responseEnd: n.responseEnd,
          domContentLoaded: n.domContentLoadedEventEnd, load: n.loadEventEnd};
}
"""

# The next control to click: index into `#rendered_cells button`, a key and the tier; the least
# used control wins, ties going to the first tier and then to document order.
PICK_JS = """
([skip, used]) => {
  let best = null;
  const buttons = [...document.querySelectorAll('#rendered_cells button')];
  const nt = el => [...el.classList].some(c => c.startsWith('nt-'));
  const inNt = el => { for (let e = el; e; e = e.parentElement) if (nt(e)) return true; return false; };
  const usable = b => !b.disabled && b.offsetParent !== null && b.getBoundingClientRect().width > 0;
  const tiers = [
    b => b.classList.contains('nt-action-button'),
    b => b.classList.contains('nt-predict-check'),
    b => b.classList.contains('jupyter-button') && nt(b),
    b => b.classList.contains('jupyter-button') && !b.classList.contains('mod-active') && inNt(b),
  ];
  for (let t = 0; t < tiers.length; t++) {
    for (let i = 0; i < buttons.length; i++) {
      const b = buttons[i];
      if (!usable(b) || !tiers[t](b)) continue;
      const key = t + '|' + b.className + '|' + b.textContent.trim().slice(0, 60);
      if (skip.includes(key)) continue;
      const icon = b.querySelector('i[class*="fa-"]');
      const label = b.textContent.trim().slice(0, 40) || b.title || (icon ? icon.className : '?');
      const pick = {index: i, key: key, tier: t, label: label};
      if (best === null || (used[key] || 0) < (used[best.key] || 0)) best = pick;
    }
  }
  return best;
}
"""

# For a Check button: an answer (radio input) of its question that is not chosen yet.
ANSWER_JS = """
([index, round]) => {
  const b = document.querySelectorAll('#rendered_cells button')[index];
  const box = b.closest('.nt-predict') || b.parentElement;
  const radios = box ? [...box.querySelectorAll('.nt-predict-choice input[type=radio]')] : [];
  const free = radios.filter(r => !r.checked);
  if (!free.length) return null;
  const r = free[round % free.length];
  return [...document.querySelectorAll('#rendered_cells input')].indexOf(r);
}
"""

ARM_JS = """
index => {
  const b = document.querySelectorAll('#rendered_cells button')[index];
  // the clicked widget's own element: a Button is its own root; a ToggleButtons' option is not
  const own = b.classList.contains('widget-toggle-button') ? (b.closest('.widget-toggle-buttons') || b) : b;
  const area = document.querySelector('#rendered_cells') || document.body;
  const st = {t0: null, first: null, frame: null, last: null, what: null};
  const obs = new MutationObserver(records => {
    if (st.t0 === null) return;
    const now = performance.now();
    for (const r of records) {
      if (own.contains(r.target)) continue;
      if (st.first === null) {
        st.first = now;
        const t = r.target.nodeType === 1 ? r.target : r.target.parentElement;
        st.what = r.type + ' ' + (t ? t.className : '');
        requestAnimationFrame(() => { st.frame = performance.now(); });
      }
      st.last = now;
      break;
    }
  });
  obs.observe(area, {subtree: true, childList: true, attributes: true, characterData: true});
  b.addEventListener('click', () => { st.t0 = performance.now(); }, {capture: true, once: true});
  st.stop = () => obs.disconnect();
  window.__ntBench = st;
}
"""

RESULT_JS = """
() => { const s = window.__ntBench; s.stop();
        return {t0: s.t0, first: s.first, frame: s.frame, last: s.last, what: s.what}; }
"""


# -- results -----------------------------------------------------------------------------------


@dataclass
class Load:
    wall_ms: float  # Python clock, from just before page.goto to the ready condition
    ready_ms: float  # page clock (0 = navigation start)
    settled_ms: float
    served_ms: float  # HTML response complete
    first_byte_ms: float
    dom_ms: float  # DOMContentLoaded done
    onload_ms: float  # load event done
    widgets: int
    kernel_id: str


@dataclass
class Click:
    label: str
    tier: int
    first_ms: float  # click event -> first DOM mutation caused by the kernel
    frame_ms: float  # -> the animation frame after it
    settled_ms: float  # -> last mutation before 300 ms of quiet
    what: str


@dataclass
class Memory:
    rss: float
    pss: float
    uss: float
    peak: float  # VmHWM


@dataclass
class Result:
    name: str
    cold: Load | None = None
    warm: list[Load] = field(default_factory=list)
    clicks: list[Click] = field(default_factory=list)
    no_change: list[str] = field(default_factory=list)
    mem_load: Memory | None = None
    mem_clicks: Memory | None = None
    kernels: int = 0
    server_rss: float = 0.0
    server_ready_s: float = float("nan")  # preheat: until every page's kernel has run its notebook
    translated: Load | None = None  # one load with ?lang=zh-Hant (a preheated page rebuilt)
    error: str = ""


# -- server and processes ----------------------------------------------------------------------


@contextlib.contextmanager
def voila_server(log_path: Path, extra: list[str]) -> Iterator[tuple[str, psutil.Process, float]]:
    """``tools/serve.py`` on a free port (plus ``extra`` Voila options): (URL, process, start-up ms)."""
    t0 = time.perf_counter()
    with tutor_server(log_path, extra, timeout=120) as (url, proc):
        yield url, psutil.Process(proc.pid), (time.perf_counter() - t0) * 1000


def kernel_pid(server: psutil.Process, kernel_id: str) -> int:
    """The pid of the kernel with this id (its connection file is ``kernel-<id>.json``)."""
    pids = [pid for pid, cmd in kernels(server).items() if kernel_id and f"kernel-{kernel_id}.json" in cmd]
    if len(pids) != 1:
        raise RuntimeError(f"no single kernel process for kernel id {kernel_id!r}: {pids}")
    return pids[0]


def memory(pid: int) -> Memory:
    proc = psutil.Process(pid)
    info = proc.memory_full_info()
    peak = 0.0
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                peak = int(line.split()[1]) * 1024 / MB
    return Memory(info.rss / MB, info.pss / MB, info.uss / MB, peak)


# -- page measurements -------------------------------------------------------------------------


def load(page: Page, url: str, *, chinese: bool = False) -> Load:
    t0 = time.perf_counter()
    response = page.goto(url, timeout=LOAD_TIMEOUT_MS)
    if response is None or not response.ok:
        raise RuntimeError(f"HTTP {None if response is None else response.status} for {url}")
    html = response.text()
    n = html.count(WIDGET_VIEW)
    kernel_id = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', html)
    ready = page.wait_for_function(READY_JS, arg=n, polling="raf", timeout=LOAD_TIMEOUT_MS)
    wall = (time.perf_counter() - t0) * 1000
    ready_ms = float(ready.json_value())
    last = float(page.evaluate(SETTLE_JS, QUIET_MS))
    nav = page.evaluate(NAV_JS)
    text = page.locator("body").inner_text()
    for marker in ("Traceback", "There was an error when executing cell", "Error displaying widget"):
        if marker in text:
            raise RuntimeError(f"the page shows {marker!r}")
    if chinese and not re.search(r"[\u4e00-\u9fff]", page.locator("#rendered_cells").inner_text()[:400]):
        raise RuntimeError(f"{url}: the top of the page is not in Chinese")
    return Load(
        wall,
        ready_ms,
        max(ready_ms, last),
        nav["responseEnd"],
        nav["responseStart"],
        nav["domContentLoaded"],
        nav["load"],
        n,
        kernel_id.group(1) if kernel_id else "",
    )


def interact(page: Page, clicks: int, verbose: bool) -> tuple[list[Click], list[str]]:
    done: list[Click] = []
    skip: list[str] = []
    used: dict[str, int] = {}
    buttons = page.locator("#rendered_cells button")
    inputs = page.locator("#rendered_cells input")
    attempts = 0
    while len(done) < clicks and attempts < clicks * 4:
        attempts += 1
        pick = page.evaluate(PICK_JS, [skip, used])
        if pick is None:
            break
        used[pick["key"]] = used.get(pick["key"], 0) + 1
        if pick["tier"] == 1:  # a Check button: choose an answer first (not timed)
            answer = page.evaluate(ANSWER_JS, [pick["index"], len(done)])
            if answer is not None and answer >= 0:
                inputs.nth(answer).click()
                page.evaluate(SETTLE_JS, QUIET_MS)
                if verbose:
                    print(f"    answer: input #{answer}", flush=True)
        page.evaluate(ARM_JS, pick["index"])
        buttons.nth(pick["index"]).click()
        try:
            page.wait_for_function("() => window.__ntBench.first !== null", timeout=NO_CHANGE_MS)
        except PlaywrightTimeout:
            page.evaluate(RESULT_JS)
            skip.append(pick["key"])
            if verbose:
                print(f"    no change after clicking {pick['label']!r}", flush=True)
            continue
        page.wait_for_function("() => window.__ntBench.frame !== null", timeout=NO_CHANGE_MS)
        page.evaluate(SETTLE_JS, QUIET_MS)
        r = page.evaluate(RESULT_JS)
        click = Click(
            pick["label"],
            pick["tier"],
            r["first"] - r["t0"],
            r["frame"] - r["t0"],
            r["last"] - r["t0"],
            r["what"] or "",
        )
        done.append(click)
        if verbose:
            print(
                f"    click {click.label!r}: {click.first_ms:.0f} ms (frame {click.frame_ms:.0f}, "
                f"settled {click.settled_ms:.0f}) [{click.what[:60]}]",
                flush=True,
            )
    return done, [k.split("|")[2] for k in skip]


def bench_notebook(
    browser: Browser, nb: Path, args: argparse.Namespace, base: str, server: psutil.Process
) -> Result:
    res = Result(nb.stem)
    url = f"{base}/voila/render/{nb.name}"
    context: BrowserContext = browser.new_context(viewport={"width": 1280, "height": 900})
    console: list[str] = []
    context.on("console", lambda m: console.append(f"[{m.type}] {m.text}"))
    page = context.new_page()
    try:
        res.cold = load(page, url)
        kernel = kernel_pid(server, res.cold.kernel_id)
        res.mem_load = memory(kernel)
        res.clicks, res.no_change = interact(page, args.clicks, args.verbose)
        time.sleep(0.2)
        res.mem_clicks = memory(kernel)
        page.close()
        for _ in range(args.warm):
            time.sleep(args.warm_gap)
            page = context.new_page()
            res.warm.append(load(page, url))
            page.close()
        time.sleep(args.warm_gap)
        page = context.new_page()
        res.translated = load(page, f"{url}?lang=zh-Hant", chinese=True)
        page.close()
        res.kernels = len(kernels(server))
        res.server_rss = server.memory_info().rss / MB
    except Exception:
        keep_evidence(nb.stem, page, console)
        raise
    finally:
        context.close()
    return res


def keep_evidence(name: str, page: Page, console: list[str]) -> None:
    """After a failed load: the page as it was, the browser console and the Voila log, kept apart
    from the logs the next runs overwrite (``test-results/bench-failed-<lesson>-<time>.*``)."""
    stamp = dt.datetime.now(dt.UTC).strftime("%H%M%S")
    base = REPO / "test-results" / f"bench-failed-{name}-{stamp}"
    with contextlib.suppress(Exception):
        page.screenshot(path=f"{base}.png", full_page=True)
    with contextlib.suppress(Exception):
        Path(f"{base}.console.txt").write_text("\n".join(console))
    log = REPO / "test-results" / f"bench-voila-{name}.log"
    with contextlib.suppress(OSError):
        Path(f"{base}.voila.log").write_bytes(log.read_bytes())
    print(f"  evidence kept in {base}.*", flush=True)


@contextlib.contextmanager
def server_for(args: argparse.Namespace, name: str) -> Iterator[tuple[str, psutil.Process]]:
    logs = REPO / "test-results"
    logs.mkdir(exist_ok=True)
    with voila_server(logs / f"bench-voila-{name}.log", args.voila) as (base, server, start_ms):
        print(f"  Voila listening after {start_ms:.0f} ms", flush=True)
        if preheating(args):
            ready = wait_for_pools(server, len(list(TUTORIALS.glob("*.ipynb"))))
            args.server_ready_s = start_ms / 1000 + ready
            print(f"  every page preheated {args.server_ready_s:.1f} s after the start", flush=True)
        time.sleep(args.server_idle)
        yield base, server


def preheating(args: argparse.Namespace) -> bool:
    """tools/serve.py preheats unless told ``--preheat_kernel=False``."""
    return not any(
        o.replace(" ", "") in ("--preheat_kernel=False", "--VoilaConfiguration.preheat_kernel=False")
        for o in args.voila
    )


def tour(notebooks: list[Path], args: argparse.Namespace) -> None:
    """A learner going through the pages quickly: each page right after the previous one is ready
    (plus ``--tour`` seconds), so the pool refill of one page competes with the load of the next."""
    print(f"{versions()}\nload average {os.getloadavg()}", flush=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            with server_for(args, "tour") as (base, _server):
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                for query in ("", "?lang=zh-Hant"):
                    times = []
                    for nb in notebooks:
                        page = context.new_page()
                        res = load(page, f"{base}/voila/render/{nb.name}{query}", chinese=bool(query))
                        times.append(res.ready_ms)
                        print(
                            f"  {nb.stem}{query}: TTI {res.ready_ms:.0f} ms (served {res.served_ms:.0f})",
                            flush=True,
                        )
                        time.sleep(args.tour)
                        page.close()
                    print(
                        f"tour{query or ' (en)'} with {args.tour:g} s per page: TTI median {med(times):.0f} ms, "
                        f"max {max(times):.0f} ms, {sum(t > TTI_TARGET_MS for t in times)} of {len(times)} over 2 s; "
                        f"load average {os.getloadavg()[0]:.1f}",
                        flush=True,
                    )
                context.close()
        finally:
            browser.close()


# -- profiling (kernel side, no browser) -------------------------------------------------------


def lesson_modules(nb: Path) -> list[str]:
    cells = json.loads(nb.read_text())["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    mods = re.findall(r"from\s+(widgets\.lessons)\s+import\s+(\w+)", code)
    mods2 = re.findall(r"import\s+(widgets\.lessons\.\w+)", code)
    return [f"{a}.{b}" for a, b in mods] + mods2


def profile(nb: Path) -> None:
    """Import time of the lesson's modules (``-X importtime``) and the notebook's cell times."""
    print(f"== {nb.name}")
    for mod in lesson_modules(nb):
        out = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", f"import {mod}"],
            cwd=TUTORIALS,
            capture_output=True,
            text=True,
            check=False,
        )
        rows = []
        for line in out.stderr.splitlines():
            m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|(\s*)(\S+)", line)
            if m:
                rows.append((int(m.group(2)), len(m.group(3)), m.group(4), int(m.group(1))))
        total = sum(c for c, depth, _, _ in rows if depth == 1)
        print(f"  import {mod}: {total / 1000:.0f} ms cumulative (top-level imports)")
        for cum, depth, name, _self in sorted(rows, reverse=True)[:12]:
            print(f"    {cum / 1000:7.1f} ms  {'  ' * (depth - 1)}{name}")
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(nb, as_version=4)
    client = NotebookClient(notebook, timeout=300, resources={"metadata": {"path": str(TUTORIALS)}})
    t0 = time.perf_counter()
    client.execute()
    total = (time.perf_counter() - t0) * 1000
    print(f"  nbclient execute (kernel start + all cells): {total:.0f} ms")
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        timing = cell.metadata.get("execution", {})
        a, b = timing.get("iopub.execute_input"), timing.get("shell.execute_reply")
        if a and b:
            ms = (
                dt.datetime.fromisoformat(b[:-1]) - dt.datetime.fromisoformat(a[:-1])
            ).total_seconds() * 1000
            print(f"    {ms:7.0f} ms  {''.join(cell.source).splitlines()[0][:70]}")


# -- report ------------------------------------------------------------------------------------


def med(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def ok(flag: bool) -> str:
    return "yes" if flag else "**no**"


def table(results: list[Result]) -> str:
    head = (
        "| lesson | first load: TTI ms (served) | warm load: TTI ms median / max | zh-Hant load: TTI ms "
        "| click ms median / max (n) | kernel RSS MB load / clicks | kernel PSS MB load / clicks | TTI ≤ 2 s "
        "| click ≤ 100 ms | PSS ≤ 120 MB |\n|---|---|---|---|---|---|---|---|---|---|\n"
    )
    rows = []
    for r in results:
        if r.error or r.cold is None or r.mem_load is None or r.mem_clicks is None:
            rows.append(f"| {r.name} | failed: {r.error} | | | | | | | | |")
            continue
        warm = [w.ready_ms for w in r.warm]
        firsts = [c.first_ms for c in r.clicks]
        click = f"{med(firsts):.0f} / {max(firsts):.0f} ({len(firsts)})" if firsts else "no control (0)"
        zh = [r.translated.ready_ms] if r.translated else []
        tti_ok = max([r.cold.ready_ms, *warm, *zh]) <= TTI_TARGET_MS
        click_ok = bool(firsts) and max(firsts) <= CLICK_TARGET_MS
        pss = max(r.mem_load.pss, r.mem_clicks.pss)
        rows.append(
            f"| {r.name} | {r.cold.ready_ms:.0f} ({r.cold.served_ms:.0f}) | "
            f"{med(warm):.0f} / {max(warm, default=float('nan')):.0f} | "
            f"{(f'{zh[0]:.0f}' if zh else 'n/a')} | {click} | "
            f"{r.mem_load.rss:.0f} / {r.mem_clicks.rss:.0f} | {r.mem_load.pss:.0f} / {r.mem_clicks.pss:.0f} | "
            f"{ok(tti_ok)} | {ok(click_ok) if firsts else 'n/a'} | {ok(pss <= SESSION_TARGET_MB)} |"
        )
    return head + "\n".join(rows) + "\n"


def details(results: list[Result]) -> str:
    lines = []
    for r in results:
        if r.cold is None:
            continue
        settled = [c.settled_ms for c in r.clicks]
        frames = [c.frame_ms for c in r.clicks]
        used = sorted({c.label for c in r.clicks})
        lines.append(
            f"- {r.name}: first load served {r.cold.served_ms:.0f} ms, ready {r.cold.ready_ms:.0f} ms, "
            f"settled {r.cold.settled_ms:.0f} ms ({r.cold.widgets} widget outputs; first byte "
            f"{r.cold.first_byte_ms:.0f}, DOMContentLoaded {r.cold.dom_ms:.0f}, load {r.cold.onload_ms:.0f} ms); "
            f"warm served {med([w.served_ms for w in r.warm]):.0f} ms, "
            f"settled {med([w.settled_ms for w in r.warm]):.0f} ms; "
            + (
                f"click to next frame {med(frames):.0f} / {max(frames):.0f} ms, to settled "
                f"{med(settled):.0f} / {max(settled):.0f} ms (median / max); controls: "
                + ", ".join(f"`{u}`" for u in used)
                if r.clicks
                else "no clickable control"
            )
            + (f"; no change on: {', '.join(f'`{x}`' for x in r.no_change)}" if r.no_change else "")
            + (
                f"; kernel USS {r.mem_clicks.uss:.0f} MB, peak RSS {r.mem_clicks.peak:.0f} MB"
                if r.mem_clicks
                else ""
            )
            + f"; Voila server RSS {r.server_rss:.0f} MB with {r.kernels} kernels"
            + (
                f"; every page preheated {r.server_ready_s:.1f} s after the server start"
                if r.server_ready_s == r.server_ready_s
                else ""
            )
        )
    return "\n".join(wrap(line, indent="  ") for line in lines) + "\n"


def versions() -> str:
    def v(name: str) -> str:
        try:
            return md.version(name)
        except md.PackageNotFoundError:
            return "?"

    chromium = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True, check=False)
    return (
        f"{os.cpu_count()} cores ({platform.machine()}), Python {platform.python_version()}, "
        f"voila {v('voila')}, ipywidgets {v('ipywidgets')}, ipykernel {v('ipykernel')}, "
        f"playwright {v('playwright')}, {chromium.stdout.strip() or 'chromium ?'}"
    )


def section(results: list[Result], started: dt.datetime, loads: tuple[float, float], command: str) -> str:
    return (
        f"{SECTION}\n\n"
        + wrap(
            f"Command: `{command}` (method in the docstring of `bench/tutor.py`). "
            f"Run {started:%Y-%m-%d %H:%M} UTC on {versions()}. "
            f"1-minute load average {loads[0]:.1f} at the start and {loads[1]:.1f} at the end: the 2 cores are "
            "shared with other engineers' test runs, so times are upper bounds of an idle machine."
        )
        + "\n\n"
        + wrap(
            "*First load* = the first page load after a fresh `tools/serve.py` start (as `make run`: one "
            "preheated kernel per page, the benchmark waits until every page's kernel has run its notebook), "
            "in a new browser context (empty cache); *warm load* = later loads on the same server and "
            "browser context, each after the pool has replaced the kernel the previous load used "
            "(`--warm-gap`); *zh-Hant load* = one more load with `?lang=zh-Hant` (the preheated English page "
            "rebuilt in Chinese before it is shown). TTI = page clock from navigation start until "
            "the spinner is gone and every widget output is rendered; (served) = HTML response complete, "
            "i.e. the notebook has run in the kernel. Click = `click` event to the first DOM change the "
            "kernel's answer causes. Memory = the page's kernel (one learner session); the Voila server "
            "itself is shared by all sessions."
        )
        + "\n\n"
        + table(results)
        + "\n"
        + details(results)
    )


def wrap(text: str, *, indent: str = "") -> str:
    """Markdown prose wrapped like the rest of docs/benchmarks.md (``indent`` for list items)."""
    return textwrap.fill(
        text, width=100, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False
    )


def write_docs(text: str) -> None:
    """Replace (or append) this benchmark's section of docs/benchmarks.md, leaving the others alone.

    Hand-written findings under a ``### Findings`` heading inside the section are kept.
    """
    current = DOCS.read_text() if DOCS.exists() else "# Benchmarks\n"
    lines = current.splitlines(keepends=True)
    start = next((i for i, line in enumerate(lines) if line.rstrip() == SECTION), None)
    if start is None:
        new = current.rstrip("\n") + "\n\n" + text
    else:
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
        notes = next((i for i in range(start + 1, end) if lines[i].startswith(NOTES)), end)
        kept = "".join(lines[notes:end]).rstrip("\n")
        tail = "".join(lines[end:])
        new = (
            "".join(lines[:start])
            + text
            + ("\n" + kept + "\n" if kept else "")
            + ("\n" + tail if tail else "")
        )
    DOCS.write_text(new)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="*", default=None, help="notebook stems (default: all)")
    parser.add_argument("--clicks", type=int, default=7)
    parser.add_argument("--warm", type=int, default=3)
    parser.add_argument("--write-docs", action="store_true", help=f"write '{SECTION}' of docs/benchmarks.md")
    parser.add_argument("--profile", action="store_true", help="kernel-side import and cell times only")
    parser.add_argument(
        "--voila",
        nargs="*",
        default=[],
        metavar="OPTION",
        help="extra options for tools/serve.py, e.g. --voila=--preheat_kernel=True (experiments only)",
    )
    parser.add_argument(
        "--server-idle",
        type=float,
        default=0.0,
        metavar="S",
        help="wait S seconds after the server listens before the first load (e.g. to fill a preheat pool)",
    )
    parser.add_argument(
        "--tour",
        type=float,
        default=None,
        metavar="GAP",
        help="one learner on one server opens every page in order, GAP s after the previous one was "
        "interactive (twice: the second time in zh-Hant); prints each page's TTI",
    )
    parser.add_argument(
        "--one-server",
        action="store_true",
        help="one Voila server for all lessons (then 'first load' = first load of that lesson on it)",
    )
    parser.add_argument(
        "--warm-gap",
        type=float,
        default=6.0,
        metavar="S",
        help="wait S seconds before each warm load (the pool replaces a used kernel after 1 s + its start)",
    )
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    if args.write_docs and (args.voila or args.one_server or args.server_idle or args.warm_gap != 6.0):
        parser.error("--write-docs records the default method; the other options are for experiments")
    notebooks = sorted(TUTORIALS.glob("*.ipynb"))
    if args.only:
        notebooks = [nb for nb in notebooks if nb.stem in args.only]
    if args.profile:
        for nb in notebooks:
            profile(nb)
        return
    if args.tour is not None:
        tour(notebooks, args)
        return

    started = dt.datetime.now(dt.UTC)
    load0 = os.getloadavg()[0]
    print(f"{versions()}\nload average {os.getloadavg()}", flush=True)
    results: list[Result] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            with contextlib.ExitStack() as shared:
                one = shared.enter_context(server_for(args, "all")) if args.one_server else None
                for nb in notebooks:
                    print(f"== {nb.name} (load {os.getloadavg()[0]:.1f})", flush=True)
                    try:
                        with contextlib.ExitStack() as own:
                            base, server = one or own.enter_context(server_for(args, nb.stem))
                            res = bench_notebook(browser, nb, args, base, server)
                            res.server_ready_s = getattr(args, "server_ready_s", float("nan"))
                    except Exception as exc:  # noqa: BLE001 -- one broken lesson must not stop the others
                        res = Result(nb.stem, error=f"{type(exc).__name__}: {str(exc).splitlines()[0][:200]}")
                        print(f"  FAILED: {res.error}", flush=True)
                    results.append(res)
                    if res.cold:
                        print(
                            f"  first load {res.cold.ready_ms:.0f} ms, warm "
                            f"{[round(w.ready_ms) for w in res.warm]} ms, clicks "
                            f"{[round(c.first_ms) for c in res.clicks]} ms",
                            flush=True,
                        )
        finally:
            browser.close()
    load1 = os.getloadavg()[0]
    shown = [a for a in sys.argv[1:] if a not in ("-v", "--verbose")]
    command = " ".join([".venv/bin/python bench/tutor.py", *shown])
    text = section(results, started, (load0, load1), command)
    print()
    print(text)
    if args.write_docs:
        write_docs(text)
        print(f"wrote '{SECTION}' in {DOCS.relative_to(REPO)}")


if __name__ == "__main__":
    main()
