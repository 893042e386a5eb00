"""Serve the tutor with Voila: directory mode on ``tutorials/``, with ``/`` redirected to the landing page.

``make run`` and the browser tests (``tests/browser/conftest.py``) both start the server through
this file, so they serve the tutor the same way::

    python tools/serve.py                 # http://127.0.0.1:8866/ -> /voila/render/index.ipynb
    python tools/serve.py --port=9000     # any Voila option may be added or overridden

Why a launcher and not plain ``voila tutorials/``: Voila 0.5's standalone app has no
``default_url`` setting (that trait belongs to ``jupyter server``), and serving the single notebook
``tutorials/index.ipynb`` would break the links between lessons. This subclass keeps directory
mode (``/voila/render/<lesson>.ipynb`` for every lesson, ``/voila/tree`` for the listing) and adds
one redirect for ``/``.

Kernels are **preheated**: at start the server runs every page's notebook in a kernel of its own
(one per page, ``--pool_size=1``), so a learner gets a page that is already built; the kernel is
then replaced in the background. A page built that way learns its address's ``?lang=`` in its
last cell and rebuilds itself in that language (``widgets/preheat.py``). The pool costs one
idle kernel per page (about 50 MB each, ~0.55 GB for the 11 pages) and ~15 s of CPU at start;
``--preheat_kernel=False`` turns it off (every page then starts its kernel on request: 1.5-3 s
per page instead of ~1 s on 2 cores, docs/benchmarks.md "Tutor").
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from jupyter_server.utils import url_path_join
from tornado.web import RedirectHandler
from traitlets import Float
from voila.app import Voila
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler

TUTORIALS = Path(os.environ.get("NIDAVELLIR_TUTORIALS") or Path(__file__).resolve().parents[1] / "tutorials")
"""The folder served: ``tutorials/`` (``$NIDAVELLIR_TUTORIALS`` overrides it, for tests of serving itself)."""
LANDING = "index.ipynb"
SHARE = Path(__file__).resolve().parents[1] / "share" / "jupyter"
"""Holds the tutor's Voila template, ``voila/templates/tutor`` (see :func:`use_tutor_template`)."""

FLAGS: tuple[str, ...] = (
    "--no-browser",
    "--port=8866",
    "--Voila.ip=127.0.0.1",
    # each open page holds a kernel (~50 MB); kernels of closed pages are shut down after 3 min idle
    "--MappingKernelManager.cull_interval=60",
    "--MappingKernelManager.cull_idle_timeout=180",
    # one kernel per page runs the page ahead of its request; a used kernel is replaced 1 s later
    # (Voila's fill_delay), replacements one per 1.5 s (pace_refills); a class opening one lesson
    # at once: --class=LESSON:N (class_pools)
    "--preheat_kernel=True",
    "--pool_size=1",
    # learners see the lesson, never a Python traceback or the code cells
    "--show_tracebacks=False",
    "--strip_sources=True",
    # a busy server (a class opening pages at once) must not drop a cell's output: nbclient waits only
    # 4 s by default for a cell's output messages after its reply, then silently moves on, and the
    # page was served without that cell's widgets ("Timeout waiting for IOPub output" in the log);
    # if the output still does not come, the cell fails visibly (the page shows an alert: Reload)
    "--VoilaExecutor.iopub_timeout=120",
    "--VoilaExecutor.raise_on_iopub_timeout=True",
    "--VoilaExecutor.startup_timeout=180",
    # kernels talk to the server over Unix sockets (a path per kernel), not TCP ports: with 40
    # kernels starting at once (a class's pool) two got the same "free" port and one died
    # ("Address already in use"); no port is left to clash with
    *(("--KernelManager.transport=ipc",) if os.name == "posix" else ()),
    # hidden folders and files (.ipynb_checkpoints, .drafts/...) are neither preheated nor served
    r"--VoilaKernelManager.preheat_denylist=['(^|.*/)[.]']",
    "--ContentsManager.allow_hidden=False",
    # Voila's lab template without its CDN links, plus a sentence and a Reload button when the
    # page's kernel or the server goes away (share/jupyter/voila/templates/tutor)
    "--template=tutor",
    "--VoilaExporter.filters={'nt_page_head': 'widgets.guard.page_head'}",
)
"""Voila options of the tutor; an option given on the command line replaces the one here."""


class ShutdownOnClose(VoilaShutdownKernelHandler):  # type: ignore[misc]
    """Voila's page asks the server to shut its kernel down when the tab closes, with
    ``navigator.sendBeacon``, which cannot carry the XSRF token: Voila 0.5 refuses it (403, voila#1458)
    and every closed tab's kernel (~50 MB) lived on until culled. Accept the request when the browser
    says it comes from this server's own pages (an ``Origin`` header matching the host); anything
    else still needs the token."""

    def check_xsrf_cookie(self) -> None:
        if self.request.headers.get("Origin") and self.check_origin():
            return
        super().check_xsrf_cookie()


def pace_refills(kernel_manager: Any, interval: float) -> None:
    """Refill Voila's preheated pools one kernel every ``interval`` seconds at most.

    Voila replaces every kernel a learner takes from a pool 1 s later (``fill_delay``). When a class
    takes 30 pages at once, 30 replacements then start at the same moment and build their pages
    side by side: on 2 cores the learners' own kernels could not answer their page's first request
    (the widgets' state) within the 4 s the browser waits, for 30 of 30 pages
    (docs/benchmarks.md, "A class at once"). Paced, the replacements take about one core while
    the learners' kernels keep the other. A request that finds the pool empty takes the next
    replacement (Voila's pool is first in, first out), so it waits at most for its turn.
    """
    fill = getattr(kernel_manager, "fill_if_needed", None)
    if fill is None:  # preheating is off: no pools
        return
    next_start = 0.0

    def paced(delay: float | None = None, notebook_name: str | None = None, **kwargs: Any) -> None:
        nonlocal next_start
        if delay is None:  # a replacement (the first fill at start-up gives delay=0)
            now = time.monotonic()
            start = max(now + kernel_manager.fill_delay, next_start)
            next_start = start + interval
            delay = start - now
        fill(delay=delay, notebook_name=notebook_name, **kwargs)

    kernel_manager.fill_if_needed = paced


class TutorVoila(Voila):  # type: ignore[misc]
    """Voila in directory mode whose root URL redirects to the landing lesson, whose pages can
    shut their kernel down when they close, and whose pools refill at a pace (:func:`pace_refills`)."""

    refill_interval = Float(
        1.5, config=True, help="Seconds between two replacements of preheated kernels (0: Voila's own pace)."
    )

    def init_settings(self) -> dict[str, Any]:
        settings: dict[str, Any] = super().init_settings()
        if self.refill_interval > 0:
            pace_refills(self.kernel_manager, self.refill_interval)
        return settings

    def init_handlers(self) -> list[Any]:
        landing = url_path_join(self.base_url, "voila/render", LANDING)
        redirect = (self.server_url, RedirectHandler, {"url": landing, "permanent": False})
        handlers = [
            (h[0], ShutdownOnClose, *h[2:]) if len(h) > 1 and h[1] is VoilaShutdownKernelHandler else h
            for h in super().init_handlers()
        ]
        return [redirect, *handlers]


class UsageError(Exception):
    """A command-line option of the tutor's own that cannot be understood (one line, exit 2)."""


def class_pools(extra: list[str]) -> list[str]:
    """``extra`` with every ``--class=LESSON:N`` (the tutor's own option) turned into Voila's pool
    configuration: N learners' pages of ``tutorials/LESSON.ipynb`` are built ahead of time (the
    other pages keep their one), for a class that opens the same lesson at once. ``make run
    ARGS=--class=04-army-and-heroes:10`` (README, "Serving a class")."""
    sizes: dict[str, int] = {}
    rest = []
    for option in extra:
        if not option.startswith("--class="):
            rest.append(option)
            continue
        lesson, _, count = option.removeprefix("--class=").partition(":")
        lesson = lesson.removesuffix(".ipynb")
        if not (TUTORIALS / f"{lesson}.ipynb").is_file():
            raise UsageError(
                f"--class: no lesson {lesson!r} in {TUTORIALS} (e.g. --class=04-army-and-heroes:10)"
            )
        if not (count.isascii() and count.isdigit() and 1 <= int(count) <= 60):
            raise UsageError(f"--class={lesson}:N needs a number of learners N from 1 to 60, not {count!r}")
        sizes[f"{lesson}.ipynb"] = int(count)
    if not sizes:
        return rest
    default = next((int(o.split("=", 1)[1]) for o in reversed(rest) if o.startswith("--pool_size=")), 1)
    config = {"default": {"pool_size": default}, **{nb: {"pool_size": n} for nb, n in sizes.items()}}
    return [*rest, f"--VoilaKernelManager.kernel_pools_config={json.dumps(config)}"]


def argv(extra: list[str]) -> list[str]:
    """The full Voila command line: the tutorials folder, the tutor's flags, then ``extra``.

    An option in ``extra`` replaces the tutor's flag of the same name (traitlets refuses an
    option given twice); ``--class=LESSON:N`` sizes one lesson's pool (:func:`class_pools`).
    """
    extra = class_pools(extra)

    def name(option: str) -> str:
        return option.split("=", 1)[0]

    # the last of several options of the same name wins (make run passes --port=$(PORT) before ARGS)
    last = {name(option): option for option in extra}
    kept = [option for option in extra if last[name(option)] is option]
    return [str(TUTORIALS), *(flag for flag in FLAGS if name(flag) not in last), *kept]


def use_tutor_template() -> None:
    """Put ``share/jupyter`` first on the Jupyter data path, where Voila looks for ``--template=tutor``
    (and its static files, served at ``/voila/templates/tutor/static/``)."""
    paths = [str(SHARE), *filter(None, os.environ.get("JUPYTER_PATH", "").split(os.pathsep))]
    os.environ["JUPYTER_PATH"] = os.pathsep.join(dict.fromkeys(paths))


def main() -> None:
    use_tutor_template()
    try:
        args = argv(sys.argv[1:])
    except UsageError as e:
        print(f"serve.py: {e}", file=sys.stderr)
        sys.exit(2)
    TutorVoila.launch_instance(argv=args)


if __name__ == "__main__":
    main()
