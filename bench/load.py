"""A class opening the same lesson at once: a load benchmark and a reproducer, with light clients.

    .venv/bin/python bench/load.py --clients 10 --lesson 04-army-and-heroes      # starts its own server
    .venv/bin/python bench/load.py --clients 5 --rounds 2 --stagger-ms 50        # every lesson
    .venv/bin/python bench/load.py --url http://127.0.0.1:8866 --lesson 09-play-a-game --clients 10
    .venv/bin/python bench/load.py --clients 10 --pool_size=3                    # any other --option goes to Voila
    .venv/bin/python bench/load.py ... --json out.json --trace test-results/load-traces --write-docs

Twenty real browsers would swamp two cores, so each learner is a *light client* doing what Voila
0.5's page does over the network, and nothing else (no JavaScript, no DOM):

1. ``GET /voila/render/<lesson>.ipynb[?lang=..]``: time to first byte and to the end of the HTML.
   From the HTML: the kernel id (``<script id="jupyter-config-data">``: ``kernelId``, ``baseUrl``),
   every cell output (``<script type="application/vnd.voila.cell-output+json">``, one per output,
   inside ``<div cell-index=N>``), and among them every widget view
   (``application/vnd.jupyter.widget-view+json`` -> ``model_id``); error outputs
   (``output_type: error``, stderr streams, "Timeout waiting", "An exception occurred");
2. opens the kernel's websocket ``/api/kernels/<id>/channels?session_id=<uuid>`` (the Jupyter
   messaging protocol as JSON text frames, the "legacy" protocol jupyter_server accepts when no
   subprotocol is asked for; Voila's page asks for ``v1.kernel.websocket.jupyter.org``, which only
   changes the framing);
3. restores the widgets as ``@jupyter-widgets/jupyterlab-manager``'s ``_loadFromKernel`` does
   (ipywidgets 8): ``comm_open`` of a ``jupyter.widget.control`` comm (metadata version 1.0.0),
   ``comm_msg {"method": "request_states"}``, waiting up to 4 s (the frontend's
   ``CONTROL_COMM_TIMEOUT``) for ``{"method": "update_states", "states": ...}``, then closes the
   comm; if that times out it falls back like the frontend (``_loadFromKernelModels``):
   ``comm_info_request`` for target ``jupyter.widget``, then ``comm_msg {"method": "request_state"}``
   to every comm listed, collecting each ``update``;
4. the page is **complete** when every model a view of the page names, and every model those refer
   to (``"IPY_MODEL_<id>"`` in a state: children, layout, style...), has a state. A missing one is
   what the learner sees as "Error displaying widget: model not found". Also a failure: an HTML
   response that fails or does not end, an error output in the page, no websocket, and a page with
   fewer widget views than most pages of the same lesson in the run (a widget silently missing);
5. time to interactive (TTI) = request start until complete (a browser adds ~0.3-0.5 s for
   loading Voila's JavaScript, docs/benchmarks.md "Tutor");
6. ``--clicks`` times: a ``Button`` of the page that is shown and enabled gets what a click sends
   (``comm_msg {"method": "custom", "content": {"event": "click"}}`` on its comm); round trip = until
   the kernel's first message caused by it (an update, a new widget...; "click" in the tables) and
   until its ``status: idle``; states are kept up to date from ``update``/``comm_open``/``comm_close``
   so the next click picks a button that still exists;
7. memory: PSS of the visit's kernel (``/proc/<pid>/smaps_rollup``, the process whose command line
   names ``kernel-<id>.json``), after the clicks, while every visit of the round is still open;
8. then closes the websocket and shuts the kernel down as a closing tab does
   (``POST /voila/api/shutdown/<id>`` with an ``Origin`` header, ``tools/serve.py``).

Without ``--url`` the tool starts ``tools/serve.py`` on a free port (its log in
``test-results/load-voila.log``), waits until every page's kernel is preheated (as bench/tutor.py),
and counts the log lines that matter (IOPub timeouts, errors, pre-heated vs. fresh kernels).
Every wait has a timeout and the whole run is bounded by ``--max-seconds``; traffic goes only to
127.0.0.1. Exit status: 1 if any visit failed (incomplete page), 2 on a usage or server error.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
import json
import os
import re
import statistics
import struct
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import websockets
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))  # browser.served: the readiness check shared with the browser tests
TUTORIALS = REPO / "tutorials"
DOCS = REPO / "docs" / "benchmarks.md"
SECTION = "## Load (Voila, light clients)"
LOGS = REPO / "test-results"
VIEWS_SEEN = LOGS / "load-views.json"  # the most widget views a complete page of each lesson had

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
CONTROL_TARGET = "jupyter.widget.control"
WIDGET_TARGET = "jupyter.widget"
CONTROL_TIMEOUT_S = 4.0  # @jupyter-widgets/base-manager CONTROL_COMM_TIMEOUT (4000 ms)
HTTP_TIMEOUT_S = 120.0
WS_OPEN_TIMEOUT_S = 20.0
RESTORE_TIMEOUT_S = 60.0
CLICK_TIMEOUT_S = 10.0

OUTPUT_RE = re.compile(
    r'<script type="application/vnd\.voila\.cell-output\+json">\s*(.*?)\s*</script>', re.DOTALL
)
CONFIG_RE = re.compile(
    r'<script id="jupyter-config-data" type="application/json">\s*(.*?)\s*</script>', re.DOTALL
)
CELL_RE = re.compile(r'<div cell-index="(\d+)">')
# a model named in a state: a trait ("IPY_MODEL_<id>": children, layout, style...) or a widget view
# shown by an Output widget (its ``outputs`` hold display data with a widget-view ``model_id``)
MODEL_REF = re.compile(r'IPY_MODEL_([0-9a-f]{32})|"model_id": "([0-9a-f]{32})"')
ERROR_TEXT = re.compile(
    r"Timeout waiting|An exception occurred at the server|Traceback|Error displaying widget"
)

# server log lines worth counting: (label, pattern)
LOG_PATTERNS = [
    ("IOPub timeout", re.compile(r"Timeout waiting for IOPub output")),
    ("pre-heated kernel used", re.compile(r"Using pre-heated kernel")),
    ("kernel started", re.compile(r"Kernel started: ")),
    ("kernel shut down", re.compile(r"Kernel shutdown: ")),
    ("kernel culled", re.compile(r"Culling '")),
    ("no request info", re.compile(r"no request info from")),
    ("kernel port in use", re.compile(r"Address already in use")),
    ("kernel restarted/died", re.compile(r"[Rr]estarting kernel|restart failed|died, removing")),
    ("kernel start failed", re.compile(r"Error occurred while starting new kernel client")),
    ("HTTP 500", re.compile(r"\b500 GET\b")),
    ("cell execution error", re.compile(r"Error at server while executing cell")),
    ("ERROR lines", re.compile(r"^\[E |\bERROR\b")),
    ("Traceback", re.compile(r"Traceback")),
    ("websocket closed/error", re.compile(r"[Ww]ebsocket.*(closed|error)|WebSocketClosedError")),
]


T0 = time.perf_counter()


def now() -> float:
    return time.perf_counter()


def clock() -> float:
    """Seconds since the tool started: the time stamps of the server log and of every visit."""
    return time.perf_counter() - T0


# -- one visit -----------------------------------------------------------------------------------


@dataclass
class Visit:
    lesson: str
    round: int
    client: int
    lang: str | None
    kernel_id: str = ""
    start_s: float = 0.0  # request sent, on clock()
    preheated: bool | None = None  # the server log says "Using pre-heated kernel" for it
    kernel_started_s: float | None = None  # "Kernel started: <id>" in the log, relative to start_s
    status: int = 0
    first_byte_ms: float | None = None
    html_ms: float | None = None
    html_bytes: int = 0
    html_ended: bool = False
    cells: int = 0
    outputs: int = 0
    views: int = 0
    view_ids: list[str] = field(default_factory=list)
    cell_views: dict[int, int] = field(default_factory=dict)  # cell index -> widget views
    error_outputs: list[str] = field(default_factory=list)
    ws_ms: float | None = None
    restore: str = ""  # "control" (request_states) or "fallback" (comm_info + request_state)
    restore_unfinished: int = 0  # fallback: comms that had not answered when the tool gave up
    control_ms: float | None = None
    states: int = 0
    needed: int = 0  # models the page's views need (closure over IPY_MODEL_ references)
    missing: list[str] = field(default_factory=list)
    tti_ms: float | None = None
    clicks_first_ms: list[float] = field(default_factory=list)
    clicks_idle_ms: list[float] = field(default_factory=list)
    click_labels: list[str] = field(default_factory=list)
    click_timeouts: int = 0
    pss_mb: float | None = None
    failures: list[str] = field(default_factory=list)  # kinds: model not found, fewer views, ...
    notes: list[str] = field(default_factory=list)
    trace: list[str] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return not self.failures


def message(
    msg_type: str, content: dict[str, Any], session: str, channel: str = "shell", **meta: Any
) -> dict[str, Any]:
    return {
        "header": {
            "msg_id": uuid.uuid4().hex,
            "username": "loadbench",
            "session": session,
            "date": dt.datetime.now(dt.UTC).isoformat(),
            "msg_type": msg_type,
            "version": "5.3",
        },
        "parent_header": {},
        "metadata": dict(meta),
        "content": content,
        "channel": channel,
        "buffers": [],
    }


def decode_frame(frame: str | bytes) -> dict[str, Any]:
    """A kernel message from a websocket frame: JSON text, or jupyter_server's legacy binary framing
    (uint32 count, uint32 offsets, the JSON message, then the buffers) when a message has buffers."""
    if isinstance(frame, str):
        return json.loads(frame)
    n = struct.unpack("!I", frame[:4])[0]
    offsets = list(struct.unpack(f"!{n}I", frame[4 : 4 * (n + 1)]))
    offsets.append(len(frame))
    msg = json.loads(frame[offsets[0] : offsets[1]].decode())
    msg["buffers"] = [frame[offsets[i] : offsets[i + 1]] for i in range(1, n)]
    return msg


class Kernel:
    """A kernel websocket with one reader task: keeps the widget states up to date and lets callers
    wait for a message matching a predicate."""

    def __init__(self, ws: Any, visit: Visit, t0: float) -> None:
        self.ws = ws
        self.visit = visit
        self.t0 = t0
        self.session = uuid.uuid4().hex
        self.states: dict[str, dict[str, Any]] = {}  # model id -> {"model_name":..., "state":...}
        self.closed: set[str] = set()
        self.waiters: list[tuple[Any, asyncio.Future[dict[str, Any]]]] = []
        self.resolved_at: dict[int, float] = {}
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        with contextlib.suppress(websockets.ConnectionClosed, asyncio.CancelledError):
            async for frame in self.ws:
                msg = decode_frame(frame)
                self._track(msg)
                for pred, fut in list(self.waiters):
                    if not fut.done() and pred(msg):
                        self.resolved_at[id(fut)] = now()
                        fut.set_result(msg)

    def _track(self, msg: dict[str, Any]) -> None:
        kind = msg.get("msg_type") or msg["header"]["msg_type"]
        content = msg.get("content", {})
        data = content.get("data", {}) if isinstance(content.get("data"), dict) else {}
        extra = content.get("execution_state") or data.get("method") or content.get("target_name") or ""
        parent = (msg.get("parent_header") or {}).get("msg_id", "")[:8]
        self.visit.trace.append(
            f"{(now() - self.t0) * 1000:8.1f} ms <- {msg.get('channel', '?')}/{kind} {extra} (parent {parent})"
        )
        if kind == "comm_open" and content.get("target_name") == WIDGET_TARGET:
            self.states[content["comm_id"]] = {"state": data.get("state", {})}
        elif kind == "comm_msg" and data.get("method") == "update":
            self.states.setdefault(content["comm_id"], {"state": {}})["state"].update(data.get("state", {}))
        elif kind == "comm_close":
            self.closed.add(content.get("comm_id", ""))
            self.states.pop(content.get("comm_id", ""), None)

    async def send(self, msg: dict[str, Any]) -> None:
        content = msg["content"]
        data = content.get("data", {}) if isinstance(content.get("data"), dict) else {}
        self.visit.trace.append(
            f"{(now() - self.t0) * 1000:8.1f} ms -> {msg['channel']}/{msg['header']['msg_type']} "
            f"{data.get('method') or content.get('target_name') or ''} (id {msg['header']['msg_id'][:8]})"
        )
        await self.ws.send(json.dumps(msg))

    def expect(self, pred: Any) -> asyncio.Future[dict[str, Any]]:
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiters.append((pred, fut))
        return fut

    async def wait(self, fut: asyncio.Future[dict[str, Any]], timeout: float) -> dict[str, Any] | None:
        try:
            return await asyncio.wait_for(asyncio.shield(fut), timeout)
        except TimeoutError:
            return None
        finally:
            self.waiters = [(p, f) for p, f in self.waiters if f is not fut]

    async def close(self) -> None:
        self.reader.cancel()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.ws.close(), 5)


def parse_page(html: str, visit: Visit) -> dict[str, Any]:
    """Kernel id and base URL, cell outputs, widget views and error outputs of a Voila page."""
    config: dict[str, Any] = {}
    m = CONFIG_RE.search(html)
    if m:
        with contextlib.suppress(json.JSONDecodeError):
            config = json.loads(m.group(1))
    visit.kernel_id = str(config.get("kernelId") or "")
    visit.cells = len(CELL_RE.findall(html))
    for m in OUTPUT_RE.finditer(html):
        raw = m.group(1)
        cells = CELL_RE.findall(html, 0, m.start())
        cell = int(cells[-1]) if cells else 0
        visit.outputs += 1
        try:
            out = json.loads(raw)
        except json.JSONDecodeError:
            visit.error_outputs.append(f"unparsable output: {raw[:80]!r}")
            continue
        kind = out.get("output_type")
        data = out.get("data") or {}
        if WIDGET_VIEW in data:
            visit.view_ids.append(str(data[WIDGET_VIEW].get("model_id", "")))
            visit.cell_views[cell] = visit.cell_views.get(cell, 0) + 1
        if kind == "error":
            visit.error_outputs.append(f"error output {out.get('ename')}: {out.get('evalue')}"[:200])
        elif kind == "stream" and out.get("name") == "stderr":
            visit.error_outputs.append(f"stderr: {''.join(out.get('text', ''))}"[:200])
        else:
            text = json.dumps({k: v for k, v in data.items() if k != WIDGET_VIEW})
            hit = ERROR_TEXT.search(text)
            if hit:
                visit.error_outputs.append(f"output mentions {hit.group(0)!r}")
    visit.views = len(visit.view_ids)
    return config


def needed_models(view_ids: list[str], states: dict[str, dict[str, Any]]) -> tuple[set[str], set[str]]:
    """(every model the views need, the ones without a state): the views' models and, through the
    references in their states, their children, layouts, styles, and the widgets Output widgets
    show..."""
    need: set[str] = set()
    missing: set[str] = set()
    todo = list(view_ids)
    while todo:
        mid = todo.pop()
        if mid in need:
            continue
        need.add(mid)
        if mid not in states:
            missing.add(mid)
            continue
        todo.extend(a or b for a, b in MODEL_REF.findall(json.dumps(states[mid].get("state", {}))))
    return need, missing


async def restore_widgets(k: Kernel, visit: Visit) -> None:
    """What the widget manager does once the page's kernel is connected (ipywidgets 8)."""
    t = now()
    control = uuid.uuid4().hex
    fut = k.expect(
        lambda m: (
            m.get("msg_type") == "comm_msg"
            and m["content"].get("comm_id") == control
            and m["content"].get("data", {}).get("method") == "update_states"
        )
    )
    await k.send(
        message(
            "comm_open",
            {"comm_id": control, "target_name": CONTROL_TARGET, "data": {}},
            k.session,
            version="1.0.0",
        )
    )
    await k.send(message("comm_msg", {"comm_id": control, "data": {"method": "request_states"}}, k.session))
    reply = await k.wait(fut, CONTROL_TIMEOUT_S)
    await k.send(message("comm_close", {"comm_id": control, "data": {}}, k.session))
    if reply is not None:
        visit.restore = "control"
        visit.control_ms = (now() - t) * 1000
        for mid, st in reply["content"]["data"].get("states", {}).items():
            k.states[mid] = st
        return
    # the frontend's fallback (_loadFromKernelModels): every comm of target jupyter.widget
    visit.restore = "fallback"
    visit.notes.append(f"no update_states within {CONTROL_TIMEOUT_S:.0f} s: fallback to comm_info_request")
    info = message("comm_info_request", {"target_name": WIDGET_TARGET}, k.session)
    fut = k.expect(lambda m: m.get("parent_header", {}).get("msg_id") == info["header"]["msg_id"])
    await k.send(info)
    reply = await k.wait(fut, RESTORE_TIMEOUT_S)
    if reply is None:
        visit.notes.append("no comm_info_reply")
        return
    comms = list(reply["content"].get("comms", {}))
    futs = []
    for cid in comms:
        req = message("comm_msg", {"comm_id": cid, "data": {"method": "request_state"}}, k.session)
        futs.append(
            k.expect(
                lambda m, mid=req["header"]["msg_id"]: (
                    m.get("parent_header", {}).get("msg_id") == mid
                    and m.get("msg_type") == "comm_msg"
                    and m["content"].get("data", {}).get("method") == "update"
                )
            )
        )
        await k.send(req)
    if futs:
        await asyncio.wait(futs, timeout=RESTORE_TIMEOUT_S)
    got = sum(1 for f in futs if f.done() and not f.cancelled())
    if got < len(comms):
        # the page would still show "Loading widget..." (the frontend waits for every answer)
        visit.restore_unfinished = len(comms) - got
        visit.notes.append(
            f"fallback: {len(comms) - got} of {len(comms)} comms did not answer request_state "
            f"within {RESTORE_TIMEOUT_S:.0f} s"
        )
    for f in futs:
        f.cancel()
    k.waiters = [(p, f) for p, f in k.waiters if not f.done()]


def pick_button(k: Kernel, roots: list[str], used: Counter[str]) -> tuple[str, str] | None:
    """A Button the page shows (reachable from its views), enabled and visible; the least clicked."""
    need, _ = needed_models(roots, k.states)
    best = None
    for mid in sorted(need):
        st = k.states.get(mid, {})
        s = st.get("state", {})
        name = s.get("_model_name") or st.get("model_name")
        if name != "ButtonModel" or s.get("disabled") or mid in k.closed:
            continue
        label = str(s.get("description") or s.get("tooltip") or s.get("icon") or mid[:8])
        key = (used[label], label, mid)
        if best is None or key < best:
            best = key
    return None if best is None else (best[2], best[1])


async def click(k: Kernel, model_id: str, visit: Visit) -> None:
    """What a click on a Button sends; times the kernel's first answer and its ``idle``."""
    msg = message(
        "comm_msg",
        {"comm_id": model_id, "data": {"method": "custom", "content": {"event": "click"}}},
        k.session,
    )
    mid = msg["header"]["msg_id"]
    first = k.expect(
        lambda m: (
            m.get("parent_header", {}).get("msg_id") == mid
            and m.get("channel") == "iopub"
            and m.get("msg_type") != "status"
        )
    )
    idle = k.expect(
        lambda m: (
            m.get("parent_header", {}).get("msg_id") == mid
            and m.get("msg_type") == "status"
            and m["content"].get("execution_state") == "idle"
        )
    )
    t = now()
    await k.send(msg)
    done = await k.wait(idle, CLICK_TIMEOUT_S)
    k.waiters = [(p, f) for p, f in k.waiters if f is not first]
    if done is None:
        visit.click_timeouts += 1
        return
    visit.clicks_idle_ms.append((k.resolved_at[id(idle)] - t) * 1000)
    if first.done():
        visit.clicks_first_ms.append((k.resolved_at[id(first)] - t) * 1000)


def kernel_pid(kernel_id: str) -> int | None:
    """The process whose command line names the kernel's connection file."""
    if not kernel_id:
        return None
    needle = f"kernel-{kernel_id}.json".encode()
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            if needle in Path(entry.path, "cmdline").read_bytes():
                return int(entry.name)
    return None


def pss_mb(pid: int | None) -> float | None:
    if pid is None:
        return None
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    return None


async def shutdown_kernel(http: AsyncHTTPClient, base: str, kernel_id: str) -> None:
    """What a closing tab sends (``navigator.sendBeacon``; accepted from the server's own origin)."""
    if not kernel_id:
        return
    with contextlib.suppress(Exception):
        await http.fetch(
            HTTPRequest(
                f"{base}/voila/api/shutdown/{kernel_id}",
                method="POST",
                body=b"",
                headers={"Origin": base},
                request_timeout=15,
            ),
            raise_error=False,
        )


async def load_page(http: AsyncHTTPClient, base: str, visit: Visit, clicks: int) -> Kernel | None:
    """One learner: the page, the kernel's websocket, the widgets' state, then the clicks. Returns
    the open kernel connection (closed by the caller once the round is over)."""
    query = f"?lang={visit.lang}" if visit.lang else ""
    url = f"{base}/voila/render/{visit.lesson}.ipynb{query}"
    chunks: list[bytes] = []
    t0 = now()
    visit.start_s = clock()

    def on_header(_line: str) -> None:
        if visit.first_byte_ms is None:
            visit.first_byte_ms = (now() - t0) * 1000

    try:
        resp = await http.fetch(
            HTTPRequest(
                url,
                request_timeout=HTTP_TIMEOUT_S,
                connect_timeout=10,
                header_callback=on_header,
                streaming_callback=chunks.append,
            ),
            raise_error=False,
        )
        visit.status = resp.code
    except (TimeoutError, HTTPClientError, OSError) as e:
        visit.failures.append(f"HTTP failed: {e!r}"[:200])
        return None
    visit.html_ms = (now() - t0) * 1000
    html = b"".join(chunks).decode("utf-8", "replace")
    visit.html_bytes = len(html)
    visit.html_ended = html.rstrip().endswith("</html>")
    if visit.status != 200:
        visit.failures.append(f"HTTP {visit.status}")
        return None
    if not visit.html_ended:
        visit.failures.append("HTML did not end")
    config = parse_page(html, visit)
    if visit.error_outputs:
        visit.failures.append("error output")
    if not visit.kernel_id:
        visit.failures.append("no kernel id in page")
        return None
    if visit.views == 0:
        visit.notes.append("page has no widget view")

    base_path = str(config.get("baseUrl") or "/")
    # the page's widget plugin first asks the server for the kernel's model (KernelAPI.getKernelModel)
    api = f"{base}{base_path.rstrip('/')}/api/kernels/{visit.kernel_id}"
    try:
        model = await http.fetch(HTTPRequest(api, request_timeout=30), raise_error=False)
    except (TimeoutError, HTTPClientError, OSError) as e:
        visit.failures.append(f"kernel model request failed: {e!r}"[:200])
        return None
    if model.code != 200:
        visit.failures.append(f"kernel not found (GET /api/kernels: {model.code})")
        return None
    ws_url = (
        f"ws://{urlsplit(base).netloc}{base_path.rstrip('/')}/api/kernels/{visit.kernel_id}/channels"
        f"?session_id={uuid.uuid4().hex}"
    )
    try:
        ws = await websockets.connect(
            ws_url, open_timeout=WS_OPEN_TIMEOUT_S, max_size=None, compression=None, ping_interval=None
        )
    except Exception as e:  # noqa: BLE001 -- any failure to connect is a result, not a crash
        visit.failures.append(f"websocket failed: {e!r}"[:200])
        return None
    visit.ws_ms = (now() - t0) * 1000
    k = Kernel(ws, visit, t0)
    await restore_widgets(k, visit)
    need, missing = needed_models(visit.view_ids, k.states)
    visit.states = len(k.states)
    visit.needed = len(need)
    visit.missing = sorted(missing)
    if missing and visit.restore_unfinished:
        visit.failures.append("widgets not restored in time")
    elif missing:
        visit.failures.append("model not found")
    else:
        visit.tti_ms = (now() - t0) * 1000

    used: Counter[str] = Counter()
    for _ in range(clicks if not missing else 0):
        pick = pick_button(k, visit.view_ids, used)
        if pick is None:
            break
        mid, label = pick
        used[label] += 1
        visit.click_labels.append(label)
        await click(k, mid, visit)
        await asyncio.sleep(0.05)
    if visit.click_timeouts:
        visit.failures.append("click timeout")
    return k


PROBE_URL = (
    "/api/kernels/00000000-0000-0000-0000-000000000000"  # a 404 from a Tornado handler: loop time only
)


async def probe_server(base: str, samples: list[tuple[float, float]], stop: asyncio.Event) -> None:
    """How long the server takes to answer a trivial request, every 250 ms during the burst: its
    event loop's stalls (Voila runs every notebook's executor, its 4 s IOPub timer included, and
    every request's page rendering in that one loop)."""
    http = AsyncHTTPClient(force_instance=True)
    while not stop.is_set():
        t = now()
        with contextlib.suppress(Exception):
            await http.fetch(HTTPRequest(base + PROBE_URL, request_timeout=60), raise_error=False)
        samples.append((clock(), (now() - t) * 1000))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.25)
    http.close()


def stalls(samples: list[tuple[float, float]]) -> dict[str, Any]:
    lat = [ms for _, ms in samples]
    return {
        "probes": len(lat),
        "p50_ms": pct(lat, 50),
        "max_ms": max(lat) if lat else None,
        "over_1s": sum(1 for x in lat if x > 1000),
        "over_4s": sum(1 for x in lat if x > 4000),
        "worst": [(round(t, 1), round(ms)) for t, ms in sorted(samples, key=lambda x: -x[1])[:5]],
    }


async def run_round(base: str, lessons: list[str], args: argparse.Namespace, rnd: int) -> list[Visit]:
    """``--clients`` learners per lesson, all at once (``--stagger-ms`` apart); every connection stays
    open until the whole round is done, then each closes as a tab does."""
    http = AsyncHTTPClient(force_instance=True, max_clients=max(10, args.clients * len(lessons) * 2))
    visits = [
        Visit(lesson=lesson, round=rnd, client=c, lang=args.lang)
        for c in range(args.clients)
        for lesson in lessons
    ]

    async def one(i: int, v: Visit) -> Kernel | None:
        await asyncio.sleep(i * args.stagger_ms / 1000)
        try:
            return await asyncio.wait_for(load_page(http, base, v, args.clicks), HTTP_TIMEOUT_S + 90)
        except TimeoutError:
            v.failures.append("visit timed out")
            return None

    samples: list[tuple[float, float]] = []
    stop = asyncio.Event()
    probe = asyncio.ensure_future(probe_server(base, samples, stop))
    kernels = await asyncio.gather(*(one(i, v) for i, v in enumerate(visits)))
    stop.set()
    await probe
    args.stalls.append(stalls(samples))
    for v in visits:
        v.pss_mb = pss_mb(kernel_pid(v.kernel_id))
    for k in kernels:
        if k is not None:
            await k.close()
    if not args.keep_kernels:
        await asyncio.gather(*(shutdown_kernel(http, base, v.kernel_id) for v in visits))
    http.close()
    return visits


def views_key(v: Visit) -> str:
    """A lesson's page as it is now: the notebook and the code that builds it (the same
    notebook and code always show the same number of widget views)."""
    import hashlib

    h = hashlib.sha256((TUTORIALS / f"{v.lesson}.ipynb").read_bytes())
    for root in ("widgets", "nidlib"):
        for path in sorted((REPO / root).rglob("*")):
            if path.is_file() and path.suffix in (".py", ".json", ".md"):
                h.update(path.read_bytes())
    return f"{v.lesson}?lang={v.lang or ''}@{h.hexdigest()[:16]}"


def remember_views(visits: list[Visit]) -> dict[str, int]:
    """The most views a *complete* page had, per lesson, over every run on the same code
    (``test-results/load-views.json``): a burst, or a reference page, under a CPU hog can lose a
    widget on every page, and then only an earlier run knows the right number."""
    seen: dict[str, int] = {}
    with contextlib.suppress(OSError, json.JSONDecodeError):
        seen = json.loads(VIEWS_SEEN.read_text())
    for v in visits:
        if v.complete and v.kernel_id:
            key = views_key(v)
            seen[key] = max(seen.get(key, 0), v.views)
    with contextlib.suppress(OSError):
        VIEWS_SEEN.parent.mkdir(exist_ok=True)
        VIEWS_SEEN.write_text(json.dumps(seen, indent=1, sort_keys=True) + "\n")
    return seen


def judge_views(
    visits: list[Visit], reference: dict[tuple[str, str | None], Visit], remembered: dict[str, int]
) -> None:
    """A page with fewer widget views than another page of its lesson (and language) lost a widget
    (a notebook cannot show more views than it makes), than the lesson's reference page (loaded
    alone before the burst), or than a complete page of an earlier run on the same code
    (:func:`remember_views`); the cells that lack them are named (against the fullest page of this
    run)."""
    groups: dict[tuple[str, str | None], list[Visit]] = {}
    for v in visits:
        if v.status == 200 and v.kernel_id:
            groups.setdefault((v.lesson, v.lang), []).append(v)
    for group in groups.values():
        ref = reference.get((group[0].lesson, group[0].lang))
        full = max([*group, *([ref] if ref else [])], key=lambda v: v.views)
        most = full.views
        known = remembered.get(views_key(full), 0)
        for v in group:
            if known > most:
                v.failures.append("fewer views")
                v.notes.append(f"{v.views} widget views where an earlier run's page had {known}")
            elif v.views < most:
                short = [
                    f"cell {c}: {v.cell_views.get(c, 0)} of {n}"
                    for c, n in sorted(full.cell_views.items())
                    if v.cell_views.get(c, 0) < n
                ]
                v.failures.append("fewer views")
                v.notes.append(f"{v.views} widget views where another page has {most} ({'; '.join(short)})")


# -- server ----------------------------------------------------------------------------------------


@contextlib.contextmanager
def tutor_server(log_path: Path, extra: list[str], wait_pools: bool) -> Any:
    """``tools/serve.py`` on a free port with ``extra`` Voila options; yields (URL, pid)."""
    import psutil
    from browser import served
    from browser.served import wait_for_pools

    port = served.free_port()
    log_path.parent.mkdir(exist_ok=True)
    with log_path.open("w") as log:
        proc = served.start(port, extra, stdout=subprocess.PIPE)

        def copy() -> None:  # Voila's log has no time stamps: add the tool's clock
            assert proc.stdout is not None
            for raw in proc.stdout:
                line = raw.decode(errors="replace")
                log.write(f"{clock():9.3f} {line}")
                log.flush()

        copier = threading.Thread(target=copy, daemon=True)
        copier.start()
        try:
            served.wait_listening(proc, port, 120, log_path)
            if wait_pools:
                t = time.perf_counter()
                wait_for_pools(psutil.Process(proc.pid), len(list(TUTORIALS.glob("*.ipynb"))), timeout=300)
                print(
                    f"server ready (every page preheated) after {time.perf_counter() - t:.1f} s",
                    file=sys.stderr,
                )
            yield f"http://127.0.0.1:{port}", proc.pid
        finally:
            served.stop(proc)
            copier.join(5)


def log_counts(text: str) -> dict[str, int]:
    counts = {label: 0 for label, _ in LOG_PATTERNS}
    for line in text.splitlines():
        for label, pattern in LOG_PATTERNS:
            if pattern.search(line):
                counts[label] += 1
    return counts


STAMP = re.compile(r"^\s*(\d+\.\d+) ")


def read_log(text: str, visits: list[Visit]) -> list[str]:
    """Match the server log with the visits: which kernel was pre-heated, when it started (relative
    to its request), and where the IOPub timeouts fall (before the first request = while the pool
    was built, or during the burst)."""
    started: dict[str, float] = {}
    preheated: set[str] = set()
    timeouts: list[float] = []
    for line in text.splitlines():
        m = STAMP.match(line)
        t = float(m.group(1)) if m else float("nan")
        if k := re.search(r"Kernel started: ([0-9a-f-]{36})", line):
            started[k.group(1)] = t
        if k := re.search(r"Using pre-heated kernel: ([0-9a-f-]{36})", line):
            preheated.add(k.group(1))
        if "Timeout waiting for IOPub output" in line:
            timeouts.append(t)
    for v in visits:
        if v.kernel_id:
            v.preheated = v.kernel_id in preheated
            if v.kernel_id in started:
                v.kernel_started_s = started[v.kernel_id] - v.start_s
    if not visits:
        return []
    first = min(v.start_s for v in visits)
    before = [t for t in timeouts if t < first]
    during = [t for t in timeouts if t >= first]
    late = [v for v in visits if v.preheated and v.kernel_started_s is not None and v.kernel_started_s > 0]
    bursts = Counter(round(t - first, 1) for t in during)
    lines = [
        f"IOPub timeouts: {len(before)} before the first request (pool being built), {len(during)} after it, "
        f"at {len(bursts)} distinct moments (largest: "
        + ", ".join(f"{n} at +{t:.1f} s" for t, n in bursts.most_common(4))
        + ")"
        if during
        else f"IOPub timeouts: {len(before)} before the first request (pool being built), none after it",
        (
            f"kernels: {sum(1 for v in visits if v.preheated)} of {len(visits)} visits got a 'pre-heated' kernel (the others a kernel started for the request, page built then); "
            f"{len(late)} of them a kernel started after its request (the pool's refill, still building the page)"
        ),
    ]
    return lines


def log_excerpt(text: str, limit: int = 40) -> list[str]:
    """The log lines that explain failures: IOPub timeouts, errors, tracebacks' last lines."""
    keep = re.compile(r"Timeout waiting|ERROR|\[E |Error|error|Exception|no request info|Cull")
    return [line[:300] for line in text.splitlines() if keep.search(line)][:limit]


# -- report ----------------------------------------------------------------------------------------


def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def fmt(x: float | None, unit: str = "") -> str:
    return "–" if x is None else f"{x:.0f}{unit}"


@dataclass
class Row:
    lesson: str
    visits: int
    clients: int
    tti_p50: float | None
    tti_p95: float | None
    click_p50: float | None
    click_p95: float | None
    idle_p50: float | None
    idle_p95: float | None
    html_p50: float | None
    html_max: float | None
    incomplete: int
    kinds: dict[str, int]
    errors: int
    fallback: int
    pss_mb: float | None


def summarize(visits: list[Visit], clients: int) -> list[Row]:
    rows = []
    for lesson in sorted({v.lesson for v in visits}):
        vs = [v for v in visits if v.lesson == lesson]
        tti = [v.tti_ms for v in vs if v.tti_ms is not None and v.complete]
        first = [x for v in vs for x in v.clicks_first_ms]
        idle = [x for v in vs for x in v.clicks_idle_ms]
        html = [v.html_ms for v in vs if v.html_ms is not None]
        pss = [v.pss_mb for v in vs if v.pss_mb is not None]
        rows.append(
            Row(
                lesson=lesson,
                visits=len(vs),
                clients=clients,
                tti_p50=pct(tti, 50),
                tti_p95=pct(tti, 95),
                click_p50=pct(first, 50),
                click_p95=pct(first, 95),
                idle_p50=pct(idle, 50),
                idle_p95=pct(idle, 95),
                html_p50=pct(html, 50),
                html_max=max(html) if html else None,
                incomplete=sum(1 for v in vs if not v.complete),
                kinds=dict(Counter(k for v in vs for k in sorted(set(v.failures)))),
                errors=sum(1 for v in vs if v.error_outputs),
                fallback=sum(1 for v in vs if v.restore == "fallback"),
                pss_mb=statistics.mean(pss) if pss else None,
            )
        )
    return rows


def table(rows: list[Row]) -> str:
    out = [
        (
            "| lesson | clients | visits | HTML ms p50 / max | TTI ms p50 / p95 | click ms p50 / p95 (idle p50 / p95) "
            "| incomplete pages | failure kinds | pages with error outputs | PSS MB per learner |"
        ),
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        kinds = ", ".join(f"{k} {n}" for k, n in sorted(r.kinds.items())) or "–"
        out.append(
            f"| {r.lesson} | {r.clients} | {r.visits} | {fmt(r.html_p50)} / {fmt(r.html_max)} | "
            f"{fmt(r.tti_p50)} / {fmt(r.tti_p95)} | {fmt(r.click_p50)} / {fmt(r.click_p95)} "
            f"({fmt(r.idle_p50)} / {fmt(r.idle_p95)}) | {r.incomplete} of {r.visits} | {kinds} | {r.errors} | "
            f"{fmt(r.pss_mb)} |"
        )
    return "\n".join(out)


def describe_failures(visits: list[Visit], limit: int = 30) -> list[str]:
    lines = []
    for v in visits:
        if v.complete:
            continue
        bits = [f"{v.lesson} r{v.round} c{v.client} kernel {v.kernel_id[:8] or '?'}: {', '.join(v.failures)}"]
        bits.append(f"HTML {fmt(v.html_ms)} ms, {v.views} views, {v.outputs} outputs, {v.cells} cells")
        if v.preheated is not None:
            born = (
                ""
                if v.kernel_started_s is None
                else f", kernel started {v.kernel_started_s:+.1f} s from request"
            )
            bits.append(f"{'pre-heated' if v.preheated else 'fresh'} kernel{born}")
        if v.missing:
            bits.append(
                f"{len(v.missing)} of {v.needed} models without state ({', '.join(m[:8] for m in v.missing[:6])})"
            )
        if v.restore:
            bits.append(f"restore via {v.restore}, {v.states} states")
        bits.extend(v.error_outputs[:3])
        bits.extend(v.notes[:3])
        lines.append("; ".join(bits))
    return lines[:limit]


def write_docs(rows: list[Row], args: argparse.Namespace, meta: dict[str, Any], failures: list[str]) -> None:
    cmd = " ".join(["bench/load.py", *sys.argv[1:]]).replace(" --write-docs", "")
    body = [
        SECTION,
        "",
        f"Command: `.venv/bin/python {cmd} --write-docs` (method in the docstring of `bench/load.py`).",
        (
            f"Run {meta['when']} on {os.cpu_count()} cores; load average {meta['load_before']} before and "
            f"{meta['load_after']} after; server: {meta['server']}."
        ),
        "",
        (
            "Light clients (no browser): each fetches the page, connects to its kernel and restores the "
            "widgets as Voila's frontend does, all at once. TTI = request start until every model the "
            "page's views need has a state (a browser adds ~0.3–0.5 s of JavaScript); click = a Button "
            "click message until the kernel's first answer (idle = until the kernel is idle again); "
            "incomplete = model not found, fewer widget views than most pages of the lesson, an error "
            "output, or a failed/unfinished response; memory = PSS of the learner's kernel while every "
            "page of the round is open."
        ),
        "",
        table(rows),
        "",
    ]
    if meta.get("log"):
        body.append("Server log: " + ", ".join(f"{k} {n}" for k, n in meta["log"].items() if n) + ".")
        body.extend(f"{line}." for line in meta.get("log_timeline", []))
        body.append("")
    if failures:
        body.append("Incomplete pages (first ones):")
        body.append("")
        body.extend(f"- {line}" for line in failures[:10])
        body.append("")
    text = DOCS.read_text()
    start = text.find(SECTION)
    if start >= 0:
        end = text.find("\n## ", start + len(SECTION))
        text = text[:start] + "\n".join(body) + ("\n" + text[end + 1 :] if end >= 0 else "")
    else:
        text = text.rstrip("\n") + "\n\n" + "\n".join(body)
    DOCS.write_text(text.rstrip("\n") + "\n")


# -- main ------------------------------------------------------------------------------------------


def load_average() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


async def reference_pages(
    base: str, lessons: list[str], args: argparse.Namespace, server_pid: int | None
) -> dict[tuple[str, str | None], Visit]:
    """Each lesson loaded once, alone (no click), before the burst: how many widget views its page
    has when nothing else runs. Then the pools refill (waited for as at the start)."""
    http = AsyncHTTPClient(force_instance=True)
    ref: dict[tuple[str, str | None], Visit] = {}
    for lesson in lessons:
        v = Visit(lesson=lesson, round=-1, client=0, lang=args.lang)
        k = await asyncio.wait_for(load_page(http, base, v, 0), HTTP_TIMEOUT_S + 90)
        if k is not None:
            await k.close()
        await shutdown_kernel(http, base, v.kernel_id)
        ref[(lesson, args.lang)] = v
        state = "complete" if v.complete else "INCOMPLETE: " + ", ".join(v.failures)
        print(f"reference {lesson}: {v.views} widget views, TTI {fmt(v.tti_ms)} ms, {state}", file=sys.stderr)
    http.close()
    if server_pid is not None:
        import psutil
        from browser.served import wait_for_pools

        pages = len(list(TUTORIALS.glob("*.ipynb")))
        await asyncio.to_thread(wait_for_pools, psutil.Process(server_pid), pages, 300)
    await asyncio.sleep(args.round_gap)
    return ref


async def run(
    base: str, lessons: list[str], args: argparse.Namespace, server_pid: int | None, meta: dict[str, Any]
) -> list[Visit]:
    visits: list[Visit] = []
    reference = {} if args.no_reference else await reference_pages(base, lessons, args, server_pid)
    meta["reference"] = {
        f"{lesson}{'?lang=' + lang if lang else ''}": asdict(v) for (lesson, lang), v in reference.items()
    }
    for v in meta["reference"].values():
        v.pop("trace")
    for rnd in range(args.rounds):
        if rnd:
            await asyncio.sleep(args.round_gap)
        got = await run_round(base, lessons, args, rnd)
        visits.extend(got)
        bad = sum(1 for v in got if not v.complete)
        print(
            f"round {rnd + 1}/{args.rounds}: {len(got)} visits, {bad} with a failure so far", file=sys.stderr
        )
    judge_views(visits, reference, remember_views([*visits, *reference.values()]))
    return visits


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--url", help="an already running tutor server, e.g. http://127.0.0.1:8866")
    parser.add_argument(
        "--lesson", action="append", help="a notebook name without .ipynb (repeatable; default all)"
    )
    parser.add_argument("--clients", type=int, default=10, help="concurrent learners per lesson (10)")
    parser.add_argument("--rounds", type=int, default=1, help="rounds of --clients visits (1)")
    parser.add_argument(
        "--round-gap", type=float, default=8.0, help="seconds between rounds (8: the pool refills)"
    )
    parser.add_argument(
        "--stagger-ms", type=float, default=0.0, help="delay between two learners' requests (0)"
    )
    parser.add_argument("--lang", help="?lang= of every request (zh-Hant, zh-Hans; default none)")
    parser.add_argument("--clicks", type=int, default=3, help="button clicks per complete page (3)")
    parser.add_argument(
        "--keep-kernels", action="store_true", help="do not shut the kernels down after a round"
    )
    parser.add_argument("--no-wait", action="store_true", help="do not wait for the preheated pools at start")
    parser.add_argument(
        "--no-reference", action="store_true", help="no reference load of each lesson alone before the burst"
    )
    parser.add_argument("--server-log", type=Path, help="with --url: the server's log, to count its lines")
    parser.add_argument(
        "--max-seconds", type=float, default=900.0, help="the whole run stops after this (900)"
    )
    parser.add_argument(
        "--voila", action="append", default=[], help="a Voila option for the server (repeatable)"
    )
    parser.add_argument(
        "--json", nargs="?", const="-", help="write every visit as JSON to a file (or - for stdout)"
    )
    parser.add_argument("--trace", type=Path, help="directory for each visit's protocol trace")
    parser.add_argument("--write-docs", action="store_true", help=f"replace the {SECTION!r} section of docs")
    args, extra = parser.parse_known_args()
    bad = [x for x in extra if not x.startswith("--")]
    if bad:
        parser.error(f"unknown arguments {bad} (Voila options look like --pool_size=3)")
    args.voila += extra
    args.stalls = []  # per round: the server's answer times to a trivial request (probe_server)
    if args.url and urlsplit(args.url).hostname not in ("127.0.0.1", "localhost"):
        parser.error("--url must be a server on 127.0.0.1")
    lessons = args.lesson or sorted(p.stem for p in TUTORIALS.glob("*.ipynb"))
    for lesson in lessons:
        if not (TUTORIALS / f"{lesson}.ipynb").exists():
            parser.error(f"no tutorials/{lesson}.ipynb")

    meta: dict[str, Any] = {
        "when": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "load_before": load_average(),
    }
    log_path = args.server_log
    try:
        if args.url:
            meta["server"] = f"{args.url} (already running)"
            visits = asyncio.run(
                asyncio.wait_for(run(args.url.rstrip("/"), lessons, args, None, meta), args.max_seconds)
            )
        else:
            log_path = LOGS / "load-voila.log"
            meta["server"] = "tools/serve.py " + (" ".join(args.voila) or "(default flags)")
            with tutor_server(log_path, args.voila, not args.no_wait) as (base, pid):
                visits = asyncio.run(asyncio.wait_for(run(base, lessons, args, pid, meta), args.max_seconds))
    except (TimeoutError, RuntimeError) as e:
        print(f"load: {e!r}", file=sys.stderr)
        return 2
    meta["load_after"] = load_average()
    log_text = log_path.read_text(errors="replace") if log_path and log_path.exists() else ""
    meta["log"] = log_counts(log_text) if log_text else {}
    meta["log_timeline"] = read_log(log_text, visits) if log_text else []
    meta["server_stalls"] = args.stalls
    for i, st in enumerate(args.stalls):
        meta["log_timeline"].append(
            f"round {i + 1}: the server answered a trivial request in {fmt(st['p50_ms'])} ms (median) "
            f"and up to {fmt(st['max_ms'])} ms; {st['over_1s']} of {st['probes']} probes over 1 s, "
            f"{st['over_4s']} over 4 s (nbclient's IOPub timeout)"
        )

    rows = summarize(visits, args.clients)
    failures = describe_failures(visits)
    print(table(rows), file=sys.stderr)
    if meta["log"]:
        print("server log: " + ", ".join(f"{k} {n}" for k, n in meta["log"].items()), file=sys.stderr)
        for line in meta["log_timeline"]:
            print(f"  {line}", file=sys.stderr)
        for line in log_excerpt(log_text, 15):
            print(f"  | {line}", file=sys.stderr)
    for line in failures:
        print(f"- {line}", file=sys.stderr)
    print(f"load average {meta['load_before']} -> {meta['load_after']}", file=sys.stderr)
    if args.trace:
        args.trace.mkdir(parents=True, exist_ok=True)
        for v in visits:
            name = f"{v.lesson}-r{v.round}-c{v.client}{'-FAIL' if not v.complete else ''}.txt"
            head = [f"{k}: {val}" for k, val in asdict(v).items() if k not in ("trace", "view_ids")]
            (args.trace / name).write_text("\n".join([*head, "", *v.trace]) + "\n")
    if args.json:
        doc = {"meta": meta, "rows": [asdict(r) for r in rows], "visits": [asdict(v) for v in visits]}
        for v in doc["visits"]:
            v.pop("trace")
        text = json.dumps(doc, indent=1)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n")
    if args.write_docs:
        write_docs(rows, args, meta, failures)
    return 1 if any(not v.complete for v in visits) else 0


if __name__ == "__main__":
    sys.exit(main())
