"""The one guard between a widget callback's failure and the learner: a sentence, never a traceback.

ipywidgets reports every exception raised by a widget callback (``on_click``, ``observe`` handlers,
the observers a browser's change runs through ``Widget.set_state``, ``interact``, an ``Output``
context) the same way: it calls ``get_ipython().showtraceback()``, which sends the traceback to the
browser. :func:`install` (called by every page's first cell: ``lesson_header``, the landing page)
replaces ipywidgets' ``get_ipython`` by one whose ``showtraceback`` calls :func:`report`:

* the full traceback goes to the server's log (the kernel's own stderr, ``sys.__stderr__``, which
  Voila logs), never to the browser;
* the learner reads a sentence (catalogue ``ui.error.page``, in the page's language) in the page's
  alert (:func:`alert_widget`, ``role="alert"``), until the next callback runs.

:func:`guard` is the same treatment for a callback that wants the sentence in its own message
widget (a rule the learner broke is explained there instead: it is not a failure).

:func:`page_head` is the Voila template's side (``share/jupyter/voila/templates/tutor``): the
sentences and style of the alert that ``nt-watch.js`` shows when the page's kernel or the server
goes away, generated from the catalogue and the theme when the page is rendered.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import traceback
from collections.abc import Callable
from html import escape
from types import TracebackType
from typing import TYPE_CHECKING, Any

from nidlib.core.messages import LANGUAGES, render

if TYPE_CHECKING:  # markupsafe is the server's (Jinja's): a kernel in Pyodide has none (make lite)
    from markupsafe import Markup

__all__ = ["ALERT_KEYS", "alert_widget", "guard", "install", "log_failure", "page_head", "report"]

ALERT_KEYS: tuple[str, ...] = (
    "ui.alert.kernel",
    "ui.alert.server",
    "ui.alert.incomplete",
    "ui.alert.retrying",
    "ui.alert.reload",
)
"""The sentences of the connection alert (``nt-watch.js``), in every language."""

ExcInfo = tuple[type[BaseException], BaseException, TracebackType | None]

_alert: Any = None  # the page's alert widget (the last one built: a rebuilt header replaces it)
_installed = False


def page_head(_: object = None) -> Markup:
    """The Jinja filter ``nt_page_head``: the alert's CSS and its sentences in every language, for
    ``nt-watch.js`` (which picks the address's ``?lang=``)."""
    from markupsafe import Markup

    from widgets.theme import ALERT_CSS, PAGE_CSS

    messages = {lang: {key: render(key, lang=lang) for key in ALERT_KEYS} for lang in LANGUAGES}
    data = json.dumps({"messages": messages}, ensure_ascii=False).replace("<", "\\u003c")
    return Markup(
        f'<style id="nt-alert-style">{ALERT_CSS}{PAGE_CSS}</style>\n'
        f'<script id="nt-page-messages" type="application/json">{data}</script>'
    )


TEST_FAULTS = "NIDAVELLIR_TUTOR_TEST_FAULTS"
"""Environment variable: when ``1`` (only the browser tests set it, on a server of their own), the
alert comes with two hidden widgets whose callbacks fail, to check the guard end to end."""


def alert_widget() -> Any:
    """The page's alert: empty until a callback fails (shown fixed at the bottom of the window)."""
    global _alert
    import ipywidgets as w

    _alert = w.HTML().add_class("nt-page-alert")
    if os.environ.get(TEST_FAULTS) != "1":
        return _alert
    return w.HBox([_alert, *_faults()])


def _faults() -> list[Any]:
    """Test-only: a button whose click handler raises, a text whose observer raises (the browser's
    change arrives through ``Widget.set_state``)."""
    import ipywidgets as w

    def fail(*_: Any) -> None:
        raise RuntimeError("nt-test-fault: a callback failed on purpose")

    button = w.Button(layout=w.Layout(width="2em", height="1em")).add_class("nt-test-fault")
    button.on_click(fail)
    text = w.Text(layout=w.Layout(width="4em")).add_class("nt-test-fault-text")
    text.observe(fail, names="value")
    return [button, text]


def _show(text: str, target: Any = None) -> None:
    if target is not None:  # a callback's own message widget: the sentence in place
        target.value = f'<div class="nt-alert-inline" role="alert">{escape(text)}</div>'
    elif _alert is not None:  # the page's alert, over the page wherever the learner is
        _alert.value = f'<div class="nt-alert nt-alert-error" role="alert">{escape(text)}</div>'


def log_failure(error: BaseException, exc_info: ExcInfo | None = None) -> None:
    """Write ``error``'s traceback to the server's log (the kernel's own stderr, never the page's)."""
    info = exc_info or (type(error), error, error.__traceback__)
    details = "".join(traceback.format_exception(*info))
    with contextlib.suppress(Exception):  # no log stream: the sentence still tells the learner
        print(f"nidavellir-tutor: a widget callback failed\n{details}", file=sys.__stderr__, flush=True)


def report(error: BaseException, target: Any = None, exc_info: ExcInfo | None = None) -> None:
    """Tell the learner that an action failed (a sentence in ``target``, an HTML widget, or the
    page's alert) and write the details to the server's log."""
    log_failure(error, exc_info)
    _show(render("ui.error.page", {"error": type(error).__name__}), target)


def guard(message: Any, fn: Callable[..., Any], *args: Any) -> Any:
    """Run ``fn(*args)``; a failure becomes a sentence in the HTML widget ``message`` (details to the
    log, as for every callback: :func:`report`)."""
    try:
        return fn(*args)
    except Exception as e:  # noqa: BLE001 -- the learner must never see a traceback
        report(e, message)
    return None


class _Shell:
    """IPython's shell as ipywidgets sees it: the same, except that ``showtraceback`` reports."""

    def __init__(self, shell: Any) -> None:
        self._shell = shell

    def showtraceback(self, exc_tuple: ExcInfo | None = None, *_args: Any, **_kwargs: Any) -> None:
        info = exc_tuple or sys.exc_info()
        if info[1] is None:
            return
        report(info[1], exc_info=info)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._shell, name)


def _guarded_ipython() -> Any:
    from IPython import get_ipython

    shell = get_ipython()
    return None if shell is None else _Shell(shell)


def _clear_alert() -> None:
    if _alert is not None and _alert.value:
        _alert.value = ""


def install() -> None:
    """Route every widget callback's failure to :func:`report` (idempotent; once per kernel)."""
    global _installed
    if _installed:
        return
    from ipywidgets.widgets import interaction, widget, widget_output

    for module in (widget, interaction, widget_output):
        module.get_ipython = _guarded_ipython

    dispatch = widget.CallbackDispatcher.__call__

    def call(self: Any, *args: Any, **kwargs: Any) -> Any:
        _clear_alert()  # a new action: the last failure's sentence is no longer news
        return dispatch(self, *args, **kwargs)

    widget.CallbackDispatcher.__call__ = call
    _installed = True
