"""A tutor page and its language, including pages built before anyone asked for them.

The page's language comes from its address (``?lang=zh-Hant``, set by the landing page's language
switch and kept in every lesson link); Voila hands the address's query string to the page's kernel
as ``QUERY_STRING``.

``tools/serve.py`` has Voila **preheat** a kernel per page: the notebook runs *before* a learner asks
for it, so the learner gets a finished page at once (docs/benchmarks.md). The address is then not
known while the widgets are built, so a preheated page is built in every language:

* every notebook entry point that returns a widget is wrapped with :func:`live`: while the page is
  built ahead of its request, its widget is built once per language and the default language's
  version is placed in a slot;
* the page's last cell calls :func:`finish` (the lessons' ``footer()``): it waits for the request,
  shows in every slot the version of the address's language and closes the others, before the
  learner's browser has shown the page. (Rebuilding on request instead cost up to 0.5 s more
  per Chinese page.)

Without preheating (tests, nbval, JupyterLab, Binder's Voila extension, or a pool that ran dry)
the address is known when the first cell runs: :func:`live` returns the widget itself and
:func:`finish` has nothing to do.
"""

from __future__ import annotations

import functools
import json
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar
from urllib.parse import parse_qs

from nidlib.messages import DEFAULT_LANGUAGE, LANGUAGES, get_language, set_language

__all__ = [
    "choose",
    "finish",
    "lang_query",
    "live",
    "prebuilding",
    "url_language",
    "use_url_language",
    "with_language",
]

P = ParamSpec("P")
T = TypeVar("T")

_request_seen = False
_slots: list[_Slot] = []


def prebuilding() -> bool:
    """True while this kernel builds its page ahead of the request (a Voila preheated kernel)."""
    return not _request_seen and os.environ.get("VOILA_PREHEAT", "False") != "False"


def url_language() -> str | None:
    """The language asked for in the page's address, if it names a known one (``None`` while the
    page is built ahead of its request)."""
    if prebuilding():
        return None
    values = parse_qs(os.environ.get("QUERY_STRING", "")).get("lang", [])
    return values[0] if values and values[0] in LANGUAGES else None


def use_url_language() -> str:
    """Switch to the address's language, if it names one; return the language now in use."""
    lang = url_language()
    if lang is not None and lang != get_language():
        set_language(lang)
    return get_language()


def lang_query(lang: str | None = None) -> str:
    """``"?lang=<code>"`` to add to a lesson link, or ``""`` for the default language."""
    lang = lang or get_language()
    return "" if lang == DEFAULT_LANGUAGE else f"?lang={lang}"


_LINK = re.compile(r'href="([0-9A-Za-z_-]+\.ipynb)"')


def with_language(html: str, lang: str | None = None) -> str:
    """``html`` with ``?lang=<code>`` added to its relative lesson links (``href="NN-slug.ipynb"``)."""
    query = lang_query(lang)
    return _LINK.sub(lambda m: f'href="{m.group(1)}{query}"', html) if query else html


def _built(build: Callable[[], Any]) -> tuple[Any, set[str]]:
    """``build()`` and the ids of every widget model it created (to close them on a rebuild)."""
    from ipywidgets.widgets.widget import _instances

    before = set(_instances)
    widget = build()
    return widget, set(_instances) - before


@dataclass
class _Slot:
    """A widget of a page built ahead of its request: the box shown, and the widget built for each
    language with the ids of every model that build made (to close the builds not chosen)."""

    box: Any
    versions: dict[str, tuple[Any, set[str]]]


def live(fn: Callable[P, T]) -> Callable[P, T]:
    """Wrap a notebook entry point so that a page built ahead of its request can show itself in the
    learner's language. Outside that case it returns ``fn``'s widget unchanged.

    While prebuilding, ``fn`` is built once per language (the kernel has time then; the learner
    does not), the default language's widget is put in a slot, and :func:`finish` shows the version
    the address asks for and closes the others.
    """

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        if not prebuilding():
            return fn(*args, **kwargs)
        import ipywidgets as w

        def build() -> Any:
            return fn(*args, **kwargs)

        current = get_language()
        versions = {current: _built(build)}
        try:
            for lang in LANGUAGES:
                if lang != current:
                    set_language(lang)
                    versions[lang] = _built(build)
        finally:
            set_language(current)
        box = w.VBox([versions[current][0]])
        box.add_class("nt-slot")
        _slots.append(_Slot(box, versions))
        return box  # type: ignore[return-value]

    return wrapper


def choose(lang: str) -> int:
    """Show every slot's ``lang`` version and close the others; return the number of slots."""
    from ipywidgets.widgets.widget import _instances

    for slot in _slots:
        widget, _ = slot.versions[lang]
        if slot.box.children != (widget,):
            slot.box.children = (widget,)
        for other, (_, made) in slot.versions.items():
            if other == lang:
                continue
            for model_id in made:
                old = _instances.get(model_id)
                if old is not None:
                    old.close()
        slot.versions = {lang: slot.versions[lang]}
    return len(_slots)


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


def finish() -> str:
    """The page's last step: wait for the learner's request if the page was built ahead of it, then
    make the page speak the address's language (rebuilding it if needed). Returns the language."""
    global _request_seen
    if prebuilding():
        _wait_for_request()
        _request_seen = True
        choose(use_url_language())
    _slots.clear()
    return use_url_language()
