"""The page's one guard (widgets/guard.py): a widget callback that fails shows a sentence in the
page's alert, in the page's language; its details go to the server's log (the kernel's
``sys.__stderr__``), and nothing goes through IPython's ``showtraceback`` (which would send the
traceback to the browser) or to the cell's output streams.

A fake IPython shell stands in for the kernel's: ipywidgets reports a callback's failure to it.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from html import escape
from typing import Any

import ipywidgets as w
import pytest
from ipywidgets.widgets import interaction, widget, widget_output

import nidlib
from nidlib.core.errors import Violation
from nidlib.core.messages import get_language, render, set_language
from widgets import guard
from widgets.lessons import common


@dataclass
class FakeShell:
    """What ipywidgets' ``get_ipython()`` returns in a kernel; records every traceback shown."""

    shown: list[Any] = field(default_factory=list)

    def showtraceback(self, *args: Any, **kwargs: Any) -> None:
        self.shown.append(sys.exc_info())


@dataclass
class Page:
    shell: FakeShell
    log: io.StringIO
    alert: Any


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> Iterator[Page]:
    """A page in a (fake) kernel after its first cell installed the guard; everything the guard
    changes in ipywidgets is restored afterwards."""
    shell = FakeShell()
    monkeypatch.setattr("IPython.get_ipython", lambda: shell)
    for module in (widget, interaction, widget_output):
        monkeypatch.setattr(module, "get_ipython", lambda: shell)
    monkeypatch.setattr(widget.CallbackDispatcher, "__call__", widget.CallbackDispatcher.__call__)
    monkeypatch.setattr(guard, "_installed", False)
    monkeypatch.setattr(guard, "_alert", None)
    log = io.StringIO()
    monkeypatch.setattr(sys, "__stderr__", log)
    guard.install()
    lang = get_language()
    yield Page(shell, log, guard.alert_widget())
    set_language(lang)


def fail(*_: Any) -> None:
    raise ValueError("boom in a callback")


def _assert_reported(page: Page, capsys: pytest.CaptureFixture[str], lang: str = "en") -> None:
    sentence = escape(render("ui.error.page", {"error": "ValueError"}, lang=lang))
    assert page.alert.value == f'<div class="nt-alert nt-alert-error" role="alert">{sentence}</div>'
    log = page.log.getvalue()
    assert "Traceback (most recent call last)" in log
    assert "ValueError: boom in a callback" in log
    assert page.shell.shown == [], "a traceback went through IPython's showtraceback"
    out, err = capsys.readouterr()  # a kernel's sys.stdout/stderr are sent to the browser
    assert "Traceback" not in out + err
    assert "boom" not in out + err


def test_a_failing_click_handler_is_a_sentence_and_a_log_entry(
    page: Page, capsys: pytest.CaptureFixture[str]
) -> None:
    button = w.Button()
    button.on_click(fail)
    button.click()
    _assert_reported(page, capsys)


def test_a_failing_observer_of_a_browser_change_is_a_sentence_in_the_page_language(
    page: Page, capsys: pytest.CaptureFixture[str]
) -> None:
    set_language("zh-Hant")
    text = w.Text()
    text.observe(fail, names="value")
    # what the browser sends when the learner types: Widget.set_state runs the observers
    text._handle_msg({"content": {"data": {"method": "update", "state": {"value": "x"}}}, "buffers": []})
    _assert_reported(page, capsys, "zh-Hant")


def test_the_next_action_clears_the_sentence(page: Page, capsys: pytest.CaptureFixture[str]) -> None:
    broken, working = w.Button(), w.Button()
    broken.on_click(fail)
    working.on_click(lambda _b: None)
    broken.click()
    _assert_reported(page, capsys)
    working.click()
    assert page.alert.value == ""


def test_a_lesson_guard_explains_an_illegal_action_and_reports_a_failure(
    page: Page, capsys: pytest.CaptureFixture[str]
) -> None:
    from widgets import render as r

    message = w.HTML()
    violation = Violation(rule="R-FLOW-2", key="ui.error.bot", params={"name": "Bo"})

    def illegal() -> None:
        raise nidlib.IllegalActionError("p1:undo", violation)

    common.guard(message, illegal)
    assert message.value == r.violation_html(violation)  # the rule's explanation, not a failure
    assert page.log.getvalue() == ""

    assert common.guard(message, fail) is None
    sentence = escape(render("ui.error.page", {"error": "ValueError"}))
    assert message.value == f'<div class="nt-alert-inline" role="alert">{sentence}</div>'
    assert "ValueError: boom in a callback" in page.log.getvalue()
    assert page.alert.value == ""  # the callback's own message widget, not the page's alert
    assert page.shell.shown == []


@pytest.mark.parametrize("page_class", ["widgets.game.GameApp", "widgets.lab.Lab"])
def test_the_game_and_the_lab_log_an_unexpected_failure(page: Page, page_class: str) -> None:
    """Their own guards keep their sentence in their message bar, and log the details too."""
    import importlib

    module, name = page_class.rsplit(".", 1)
    app = getattr(importlib.import_module(module), name)()
    app._guard(lambda: 1 / 0)
    assert "ZeroDivisionError" in app.error.value
    assert "ZeroDivisionError: division by zero" in page.log.getvalue()
    assert "Traceback (most recent call last)" in page.log.getvalue()
