"""What the auction-lab and Zavandor pages share: charts as PNG images, a seed box, and a runner
that plays a long simulation in chunks on a worker thread with a progress bar and a Stop button.

Charts are matplotlib figures rendered offline to PNG (the Agg canvas: no pyplot state, no CDN) and
shown in an ``ipywidgets.Image``; they are redrawn in place when a control changes.

:class:`Runner` keeps the page alive during a simulation: the work runs on a thread, one chunk at a
time (a few dozen games), so the kernel keeps answering the page between chunks (a click on Stop, a
slider); after each chunk the progress bar and the charts are updated. Stop ends the run after the
current chunk and the charts keep what was computed. It works the same in Voila and in JupyterLab
(a kernel's widget messages may be sent from any thread). A failure on the thread goes through the
page's guard (:func:`widgets.guard.report`): a sentence, never a traceback.
"""

from __future__ import annotations

import base64
import functools
import io
import threading
import time
from collections.abc import Callable, Iterable
from html import escape
from typing import Any

import ipywidgets as w
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from widgets import guard
from widgets.render import t  # the catalogue, as every page reads it

__all__ = ["LAB_CSS", "Runner", "chart", "figure", "png_bytes", "seed_box", "show", "t"]

#: Latin text first, then a CJK font the machine has (Debian's WenQuanYi; Noto CJK where installed).
WANTED_FONTS = (
    "DejaVu Sans",
    "WenQuanYi Micro Hei",
    "Noto Sans CJK SC",
    "Noto Sans CJK TC",
    "Noto Sans CJK JP",
)
COLORS = ["#b8862b", "#2d6a8e", "#8e3b46", "#4f7d3a", "#6b5b95"]

LAB_CSS = """
<style>
.nt-alab-panel { border: 1px solid var(--nt-line, #ccc); border-radius: 8px; padding: .5em .8em; margin: .4em 0 1em; }
.nt-alab-controls { flex-wrap: wrap; gap: .4em 1.2em; align-items: center; }
.nt-alab-result { margin: .3em 0; line-height: 1.45; }
.nt-alab-chart img { max-width: 100%; height: auto; }
.nt-alab-charts { flex-wrap: wrap; gap: .5em; }
.nt-alab-table { border-collapse: collapse; margin: .4em 0; }
.nt-alab-table th, .nt-alab-table td { border: 1px solid var(--nt-line, #ccc); padding: .25em .6em; text-align: left; vertical-align: top; }
.nt-alab-illustrative { color: #8e3b46; font-weight: 600; }
</style>
"""


def figure(width: float = 7.0, height: float = 3.6) -> Figure:
    """A new figure (no pyplot: safe on a worker thread) with the lab's fonts."""
    fig = Figure(figsize=(width, height), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


@functools.cache
def fonts() -> list[str]:
    """The wanted fonts this machine has (matplotlib warns about every missing one at each draw)."""
    from matplotlib import font_manager

    have = {f.name for f in font_manager.fontManager.ttflist}
    return [f for f in WANTED_FONTS if f in have] or ["sans-serif"]


def _font_context() -> Any:
    import matplotlib as mpl
    from matplotlib.rcsetup import cycler

    return mpl.rc_context({"font.family": fonts(), "axes.prop_cycle": cycler(color=COLORS)})


def chart(cls: str) -> w.HTML:
    """An empty chart (class ``cls`` for the tests): an ``<img>`` whose ``alt`` is the chart's titles."""
    box = w.HTML(layout=w.Layout(max_width="100%"))
    box.add_class("nt-alab-chart").add_class(cls)
    return box


def _titles(fig: Figure) -> str:
    parts = [fig.get_suptitle(), *(ax.get_title() for ax in fig.axes)]
    return "; ".join(p for p in parts if p)


def show(img: w.HTML, build: Callable[[], Figure]) -> None:
    """Redraw ``img`` with the figure ``build`` returns (a PNG in the page, no file, no CDN)."""
    with _font_context():
        fig = build()
        buf = io.BytesIO()
        fig.savefig(buf, format="png")
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    alt = escape(_titles(fig), quote=True)
    img.value = f'<img class="nt-alab-img" alt="{alt}" src="data:image/png;base64,{data}">'


def png_bytes(img: w.HTML) -> bytes:
    """The PNG a chart shows (tests)."""
    value = str(img.value)
    start = value.index("base64,") + len("base64,")
    return base64.b64decode(value[start : value.index('"', start)])


def seed_box(value: int = 1) -> w.BoundedIntText:
    """The fixed seed, shown and settable: the same seed gives the same figure."""
    box = w.BoundedIntText(
        value=value,
        min=0,
        max=999_999,
        description=t("alab.seed"),
        style={"description_width": "initial"},
        layout=w.Layout(width="12em", flex="0 0 auto"),  # wraps to the next row rather than overflowing
    )
    box.add_class("nt-alab-seed")
    return box


class Runner:
    """Progress bar, Stop button and status line of a chunked simulation on a worker thread."""

    def __init__(self, cls: str) -> None:
        self.progress = w.IntProgress(value=0, min=0, max=1, layout=w.Layout(width="16em"))
        self.progress.add_class(f"{cls}-progress")
        self.stop_button = w.Button(description=t("alab.stop"), disabled=True, icon="stop")
        self.stop_button.add_class(f"{cls}-stop")
        self.status = w.HTML().add_class(f"{cls}-status").add_class("nt-alab-result")
        self.box = w.HBox(
            [self.progress, self.stop_button, self.status],
            layout=w.Layout(align_items="center", gap=".6em", flex_flow="row wrap"),
        )
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.stop_button.on_click(lambda _: self.stop())

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self) -> None:
        self._stop.set()

    def start(
        self,
        total: int,
        chunks: Iterable[Any],
        on_chunk: Callable[[Any], int],
        on_done: Callable[[bool, float], None],
        redraw: Callable[[], None] | None = None,
        every: float = 0.8,
    ) -> None:
        """Run ``chunks`` (an iterable computed lazily, chunk by chunk) on a thread; ``on_chunk``
        consumes one and returns how many units (games) it held; ``redraw`` updates the charts at
        most every ``every`` seconds (and ten times a run) and once at the end (a chart costs ~0.1 s to draw, a chunk of
        games about as much); ``on_done(stopped, seconds)`` ends the run."""
        if self.running:
            return
        self._stop.clear()
        self.progress.max = max(1, total)
        self.progress.value = 0
        self.stop_button.disabled = False
        self.status.value = escape(t("alab.running", done=0, total=total))

        def work() -> None:
            start = last = time.perf_counter()
            done = shown = 0
            stopped = False
            try:
                for chunk in chunks:
                    done += on_chunk(chunk)
                    # redraw at most every ``every`` seconds and at most once per tenth of the run:
                    # on a busy machine a chart costs more than the games it shows
                    step = done * 10 // max(1, total)
                    if redraw is not None and step > shown and time.perf_counter() - last >= every:
                        redraw()
                        last, shown = time.perf_counter(), step
                    self.progress.value = min(done, self.progress.max)
                    self.status.value = escape(t("alab.running", done=done, total=total))
                    if self._stop.is_set():
                        stopped = True
                        break
                seconds = time.perf_counter() - start
                if redraw is not None:
                    redraw()
                on_done(stopped, seconds)
                key = "alab.stopped" if stopped else "alab.done"
                self.status.value = escape(t(key, done=done, total=total, seconds=f"{seconds:.1f}"))
            except Exception as e:  # noqa: BLE001 -- the learner reads a sentence, the log the details
                guard.report(e, self.status)
            finally:
                self.stop_button.disabled = True

        self._thread = threading.Thread(target=work, name="auction-lab-run", daemon=True)
        self._thread.start()

    def wait(self, timeout: float = 120.0) -> None:
        """Wait for the run to finish (tests; a page never waits)."""
        if self._thread is not None:
            self._thread.join(timeout)


class Panel(w.VBox):
    """A lab panel: a heading, then ``children`` (CSS hooks ``nt-alab-panel`` and ``cls``)."""

    def __init__(self, title: str, cls: str, *children: Any) -> None:
        super().__init__([w.HTML(f"<h3>{escape(title)}</h3>"), *children])
        self.add_class("nt-alab-panel").add_class(cls)


def panel(title: str, cls: str, *children: Any) -> w.VBox:
    return Panel(title, cls, *children)


class RunPanel(Panel):
    """A :class:`Panel` with a simulation: its ``runner`` and ``run_button`` (tests start and await it)."""

    def __init__(self, runner: Runner, run_button: w.Button, title: str, cls: str, *children: Any) -> None:
        super().__init__(title, cls, *children)
        self.runner = runner
        self.run_button = run_button


def controls(*children: Any) -> w.HBox:
    return w.HBox(list(children)).add_class("nt-alab-controls")
