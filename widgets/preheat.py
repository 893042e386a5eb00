"""Pages built before anyone asks for them (Voila's preheated kernels), made right once the request comes.

``tools/serve.py`` has Voila **preheat** a kernel per page: the notebook runs *before* a learner asks
for it, so the learner gets a finished page at once (docs/benchmarks.md; why: docs/adr/0006). The
request (its address, hence the page's language) is then not known while the widgets are built.
This module is the whole machinery; a page uses three names:

* :func:`live` wraps every notebook entry point that returns a widget. While the page is built ahead
  of its request, the widget is placed in a slot (an ``nt-slot`` box) that remembers how it was built;
  otherwise the entry point's own widget is returned unchanged.
* :func:`finish` is the page's last step (a page's ``footer()``): it waits for the request, whose
  variables (``QUERY_STRING``...) it puts in the environment, then asks the page whether it must be
  rebuilt (``changed()``: the page's own business, such as switching to the address's language). If
  so, every slot is rebuilt in place before the learner's browser has seen anything, and the first
  build is dropped without a message to any browser (:func:`_forget`).
* :func:`prebuilding` tells whether the page is being built ahead of its request (the request's
  variables are not to be read yet).

It knows nothing of lessons, languages or what a page shows. Without preheating (tests, nbval,
JupyterLab, Binder's Voila extension, or a pool that ran dry) the request is known when the first
cell runs: :func:`live` returns the widget itself and :func:`finish` has nothing to do.

Building every language ahead of time was tried and dropped: it tripled the work of every pool
refill and closing the unused versions cost 0.5 s per page (docs/benchmarks.md, "Tutor").
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

if TYPE_CHECKING:
    import ipywidgets as w

__all__ = ["finish", "live", "prebuilding"]

P = ParamSpec("P")
W = TypeVar("W", bound="w.Widget")

_request_seen = False
_slots: list[_Slot] = []


def prebuilding() -> bool:
    """True while this kernel builds its page ahead of the request (a Voila preheated kernel)."""
    return not _request_seen and os.environ.get("VOILA_PREHEAT", "False") != "False"


def _built(build: Callable[[], w.Widget]) -> tuple[w.Widget, set[str]]:
    """``build()`` and the ids of every widget model it created (to drop them on a rebuild)."""
    from ipywidgets.widgets.widget import _instances

    before = set(_instances)
    widget = build()
    return widget, set(_instances) - before


@dataclass
class _Slot:
    """A widget of a page built ahead of its request: the box shown, how to build its content, and
    the ids of every model that build made (to drop them if the page is rebuilt)."""

    box: w.VBox
    build: Callable[[], w.Widget]
    made: set[str]


def live(fn: Callable[P, W]) -> Callable[P, W]:
    """Wrap a notebook entry point so that a page built ahead of its request can be rebuilt by
    :func:`finish`. Outside that case it returns ``fn``'s widget unchanged.

    While prebuilding, the caller gets the slot (a ``VBox`` holding ``fn``'s widget), not the widget
    itself: a page only displays what an entry point returns."""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> W:
        if not prebuilding():
            return fn(*args, **kwargs)
        import ipywidgets as w

        def build() -> w.Widget:
            return fn(*args, **kwargs)

        widget, made = _built(build)
        box = w.VBox([widget])
        box.add_class("nt-slot")
        _slots.append(_Slot(box, build, made))
        return box  # type: ignore[return-value]

    return wrapper


def _forget(model_ids: set[str]) -> None:
    """Drop widgets that no browser has seen, without telling any browser.

    Widgets built ahead of the request were never sent anywhere: the browser asks for the
    widgets' state only after the page's HTML is complete, which waits for :func:`finish`.
    ``Widget.close()`` would send a ``comm_close`` message per model that nobody listens to: about
    0.5 ms each, 0.3-0.5 s for a big lesson on the learner's clock. So the widget leaves the
    registry (the browser will not be told about it), its comm leaves the kernel's comm manager and
    is marked closed (no message now or when garbage-collected).
    """
    import comm
    from ipywidgets.widgets.widget import _instances

    comms = comm.get_comm_manager().comms
    for model_id in model_ids:
        widget = _instances.pop(model_id, None)
        channel = None if widget is None else widget.comm
        if channel is None:
            continue
        channel._closed = True
        comms.pop(channel.comm_id, None)
        widget.comm = None


@contextlib.contextmanager
def _unannounced() -> Iterator[None]:
    """Inside, widgets are created and changed without a message to the frontend.

    Used only between the request and the end of the page's HTML: no browser is connected yet
    (it connects once the HTML is complete, then asks the kernel for the state of every widget),
    so the ~600 ``comm_open`` messages of a big lesson's rebuild would only cost the learner ~0.3 s.
    The comms are still created and registered, so the browser can talk to every widget.
    """
    from comm.base_comm import BaseComm

    with contextlib.suppress(ImportError):
        import ipykernel.comm.comm  # noqa: F401 -- its comm class, if a kernel runs here

    classes: list[type] = [BaseComm]
    for c in classes:  # every comm class: comm's own, ipykernel's, the dummy one outside a kernel
        classes.extend(c.__subclasses__())
    saved = [(c, c.__dict__["publish_msg"]) for c in classes if "publish_msg" in c.__dict__]

    def quiet(self: Any, msg_type: str, *args: Any, **kwargs: Any) -> None:
        # what ipykernel's publish_msg does besides sending: bind the comm to the kernel (widgets
        # send their updates only through a comm with a kernel)
        if getattr(self, "kernel", False) is None:
            from ipykernel.kernelbase import Kernel

            if Kernel.initialized():
                self.kernel = Kernel.instance()

    for c, _ in saved:
        c.publish_msg = quiet  # type: ignore[attr-defined]
    try:
        yield
    finally:
        for c, original in saved:
            c.publish_msg = original  # type: ignore[attr-defined]


def _rebuild() -> int:
    """Rebuild every slot of the page in the current language, dropping the first build; return
    the number of slots. Nothing is sent to a browser (none is connected yet: :func:`_unannounced`)."""
    with _unannounced():
        dropped: set[str] = set()
        for slot in _slots:
            widget, made = _built(slot.build)
            slot.box.children = (widget,)
            dropped |= slot.made
            slot.made = made
        # a widget the first build made and the new one reuses (a cache, say) must stay
        _forget(dropped - _reachable([slot.box for slot in _slots]))
    return len(_slots)


def _reachable(roots: list[w.Widget]) -> set[str]:
    """The model ids of every widget the browser needs to show ``roots`` (children, layouts,
    styles, any widget a synced trait refers to)."""
    import ipywidgets as w

    found: set[str] = set()
    todo = list(roots)
    while todo:
        x = todo.pop()
        if x.comm is None or x.model_id in found:
            continue
        found.add(x.model_id)
        for name in x.keys:
            value = getattr(x, name, None)
            for item in value if isinstance(value, (list, tuple)) else (value,):
                if isinstance(item, w.Widget):
                    todo.append(item)
    return found


def _wait_for_request() -> None:
    """Block until Voila hands this kernel its request, then put the request's variables
    (``QUERY_STRING``...) in the environment.

    This is what ``voila.utils.wait_for_request`` does (the websocket ``<server>/voila/query/<kernel
    id>``, on which Voila sends the request info as one JSON object), without importing Voila in the
    kernel: that import alone costs every learner's kernel ~45 MB and 1.7 s.
    """
    from websockets.sync.client import connect

    env = os.environ
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    url = (
        f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{env.get('VOILA_APP_IP', '127.0.0.1')}:"
        f"{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}"
    )
    try:
        with connect(url, open_timeout=10, max_size=None) as ws:
            info = json.loads(ws.recv())
    except Exception as e:  # noqa: BLE001 -- the page must load anyway (in English), never show a traceback
        # to the kernel's own stderr (Voila's log), not to the cell's output
        print(
            f"nidavellir-tutor: no request info from {url} ({e!r}); the page stays in English",
            file=sys.__stderr__,
        )
        return
    env.update({str(k): str(v) for k, v in info.items()})


def finish(changed: Callable[[], bool]) -> None:
    """The page's last step. If the page was built ahead of its request: wait for the request (its
    variables land in ``os.environ``), then call ``changed()``; if it returns True the page no longer
    fits its request, and every :func:`live` widget is rebuilt in place (:func:`_rebuild`). Without
    preheating nothing is waited for and ``changed`` is not called."""
    global _request_seen
    if prebuilding():
        _wait_for_request()
        _request_seen = True
        if changed():
            _rebuild()
    _slots.clear()
