"""Texts kept in the learner's browser (IndexedDB) by the static site, so that a reload keeps them.

Under Voila the kernel runs on the server and a page's files die with it; under Pyodide (``make lite``)
the kernel runs in the page's web worker, whose in-memory file system is new on every load, so a file
written there is lost on reload. JupyterLite's own answer (its ``/drive`` mount of the contents in
IndexedDB) needs a service worker or cross-origin isolation, which a plain static host
(``python -m http.server``, a school's web server over ``http:``) does not give. IndexedDB itself is
open to a web worker: :func:`save` and :func:`restore` use it directly (database ``nidavellir-tutor``,
store ``texts``, one text per key), with the page's origin as the scope, like any site's storage.

Anywhere else (Voila, the tests) there is no browser to keep anything: :data:`AVAILABLE` is False,
:func:`save` does nothing and :func:`restore` reports ``UNAVAILABLE``. A test may :func:`use` a
``Backend`` of its own (a dict), which the editor's logic then runs against.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

__all__ = ["AVAILABLE", "NOTHING", "RESTORED", "UNAVAILABLE", "Backend", "restore", "save", "use"]

#: a variable, not ``sys.platform`` inline: mypy checks for the platform it runs on
_PYODIDE: bool = sys.platform == "emscripten"

RESTORED = "restored"
"""A text was kept for the key: the callback got it."""
NOTHING = "nothing"
"""The browser keeps texts, but none for this key yet."""
UNAVAILABLE = "unavailable"
"""Nothing can be kept here (not in a browser, or the browser refuses storage: private windows...)."""

_JS = """
(() => {
  const open = () => new Promise((resolve, reject) => {
    const r = indexedDB.open("nidavellir-tutor", 1);
    r.onupgradeneeded = () => r.result.createObjectStore("texts");
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
  const run = (mode, act) => open().then((db) => new Promise((resolve, reject) => {
    const tx = db.transaction("texts", mode), req = act(tx.objectStore("texts"));
    tx.oncomplete = () => { db.close(); resolve(req.result === undefined ? null : req.result); };
    tx.onerror = tx.onabort = () => { db.close(); reject(tx.error); };
  }));
  return {
    get: (key) => run("readonly", (s) => s.get(key)),
    put: (key, text) => run("readwrite", (s) => s.put(text, key)),
  };
})()
"""


class Backend(Protocol):
    def get(self, key: str) -> Awaitable[str | None]: ...

    def put(self, key: str, text: str) -> object: ...


class _IndexedDB:
    """The worker's IndexedDB, through a few lines of JavaScript (:data:`_JS`)."""

    def __init__(self) -> None:
        from pyodide.code import run_js  # type: ignore[import-not-found]

        self._js = run_js(_JS)

    async def get(self, key: str) -> str | None:
        value = await self._js.get(key)
        return value if isinstance(value, str) else None

    def put(self, key: str, text: str) -> object:
        promise = self._js.put(key, text)
        promise.catch(lambda _e: None)  # a refused write is only a text not kept: never an error
        return promise


_backend: Backend | None = None
_tried = False


def _store() -> Backend | None:
    global _backend, _tried
    if _backend is None and not _tried and _PYODIDE:
        _tried = True
        try:
            _backend = _IndexedDB()
        except Exception:  # noqa: BLE001 -- no IndexedDB here: texts are not kept, the page still works
            _backend = None
    return _backend


def use(backend: Backend | None) -> None:
    """Keep texts in ``backend`` from now on (tests), or in nothing (``None``)."""
    global _backend, _tried
    _backend, _tried = backend, True


AVAILABLE: bool = _PYODIDE
"""True in the static site (Pyodide), where :func:`save` keeps texts in the browser."""


def save(key: str, text: str) -> bool:
    """Keep ``text`` under ``key`` (asynchronously; a failure loses only this text). False if nothing
    can be kept here."""
    store = _store()
    if store is None:
        return False
    try:
        store.put(key, text)
    except Exception:  # noqa: BLE001 -- storage refused: the page goes on without it
        return False
    return True


def restore(key: str, done: Callable[[str, str | None], Any]) -> asyncio.Future[None] | None:
    """Read the text kept under ``key`` and call ``done(outcome, text)`` with :data:`RESTORED` and the
    text, :data:`NOTHING` or :data:`UNAVAILABLE` (and ``None``). The read is asynchronous in a browser:
    ``done`` runs after the current cell (the page's event loop); without a store it runs at once and
    None is returned."""
    store = _store()
    if store is None:
        done(UNAVAILABLE, None)
        return None

    async def read() -> None:
        from widgets.guard import report

        try:
            text = await store.get(key)
        except Exception:  # noqa: BLE001 -- refused (a private window...): said in a sentence
            outcome, text = UNAVAILABLE, None
        else:
            outcome = NOTHING if text is None else RESTORED
        try:
            done(outcome, text)
        except Exception as e:  # noqa: BLE001 -- the learner reads a sentence, never a traceback
            report(e)

    return asyncio.ensure_future(read())
