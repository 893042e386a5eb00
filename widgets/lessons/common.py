"""Helpers shared by the lessons: the header (theme, lesson CSS, navigation), the prose between the
scenes (:func:`prose_widget`, Markdown from the catalogue), the footer, a note box, an event list with
a caption, and a guard that turns a failure into a sentence.

Importing this module is cheap (no ipywidgets until a widget is built), so lessons can use
:func:`note` in pure functions that tests call without a browser.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from html import escape
from typing import Any

import nidlib
from nidlib.core.events import Event
from nidlib.core.messages import prose, render
from widgets.lessons.page import finish, live, with_language

__all__ = [
    "LESSON_CSS",
    "events_block",
    "guard",
    "lesson_footer",
    "lesson_header",
    "note",
    "prose_html",
    "prose_widget",
    "round_over",
    "scene_end",
]

LESSON_CSS = """
.nt-lesson-boards { display: flex; flex-wrap: wrap; gap: .5em; margin-top: .5em; }
.nt-lesson-boards .nt-board { flex: 1 1 20em; }
.nt-lesson-note { margin: .4em 0; padding: .45em .8em; border-left: 4px solid var(--nt-accent);
  background: #eef4fb; border-radius: 4px; line-height: 1.45; max-width: 60em; }
.nt-lesson-error { border-left-color: var(--nt-bad); background: #fdecea; }
.nt-lesson-ok { border-left-color: var(--nt-good, #2e7d32); background: #e8f5e9; }
.nt-lesson-table { border-collapse: collapse; margin: .4em 0; }
.nt-lesson-table th, .nt-lesson-table td { border: 1px solid var(--nt-line); padding: .25em .6em; text-align: center; }
.nt-lesson-table th[scope=row] { text-align: left; }
.nt-lesson-caption { margin: .6em 0 .1em; font-weight: 600; }
.nt-lesson-scene { border: 1px solid var(--nt-line); border-radius: 8px; padding: .5em .8em; margin: .3em 0 .8em; }
.nt-lesson-buttons { gap: 6px; flex-wrap: wrap; }
"""


@live
def lesson_header(stem: str, lang: str | None = None, *, font_size: int = 16, extra_css: str = "") -> Any:
    """The first cell of a page: the theme's CSS at ``font_size`` (plus the lesson classes and
    ``extra_css``, a ``<style>`` element), the page's alert and the navigation bar, in ``lang`` or
    the address's. It installs the page's guard (:mod:`widgets.guard`): every widget callback that
    fails shows a sentence in the alert, never a traceback."""
    import ipywidgets as w

    from widgets import guard as page_guard
    from widgets.lessons.nav import nav
    from widgets.theme import theme_html

    page_guard.install()  # from now on a failing callback is a sentence in the page's alert
    css = theme_html(font_size=font_size) + f"<style>{LESSON_CSS}</style>" + extra_css
    style = w.HTML(css, layout=w.Layout(display="none"))
    return w.VBox([style, page_guard.alert_widget(), nav(stem, lang)]).add_class("nt-root")


def lesson_footer(stem: str, lang: str | None = None) -> Any:
    """The last cell of a page: the page learns its address's language (:func:`finish`), then the
    navigation bar again."""
    from widgets.lessons.nav import nav

    finish()
    return nav(stem, lang)


@functools.cache
def _markdown() -> Callable[[str], Any]:
    import mistune

    return mistune.create_markdown(escape=False, plugins=["table", "strikethrough"])  # type: ignore[no-any-return]


def prose_html(stem: str, section: str, lang: str | None = None) -> str:
    """One section of a lesson's prose (``nidlib/locales/<lang>/prose/<stem>.md``) as HTML; links to
    other lessons keep the page's language."""
    body = str(_markdown()(prose(stem, section, lang)))
    return with_language(
        f'<div class="jp-RenderedHTMLCommon jp-RenderedMarkdown nt-prose" '
        f'data-section="{escape(section)}">{body}</div>',
        lang,
    )


@live
def prose_widget(stem: str, section: str) -> Any:
    """The prose section as a widget in the page's language (a lesson's ``say(section)``)."""
    import ipywidgets as w

    return w.HTML(prose_html(stem, section)).add_class("nt-prose-section")


def note(text: str, kind: str = "info") -> str:
    """A note box (``kind``: ``info``, ``ok`` or ``error``) holding ``text``, escaped."""
    return f'<div class="nt-lesson-note nt-lesson-{kind}">{escape(text)}</div>'


def events_block(events: Iterable[Event], caption_key: str, params: dict[str, Any] | None = None) -> str:
    """nidlib's event sentences under a caption from the catalogue, so the learner knows what they read."""
    from widgets import render as r

    caption = f'<p class="nt-lesson-caption">{escape(render(caption_key, params))}</p>'
    return caption + r.events_html(list(events))


def guard(message: Any, fn: Callable[..., Any], *args: Any) -> Any:
    """Run ``fn``; an illegal action is explained in the HTML widget ``message``; any other failure
    is handled by the page's one guard (:func:`widgets.guard.guard`: a sentence in ``message``, the
    details in the server's log), never a traceback."""
    from widgets import guard as page_guard

    def attempt() -> Any:
        try:
            return fn(*args)
        except nidlib.IllegalActionError as e:
            from widgets import render as r

            message.value = r.violation_html(e.violation)
        return None

    return page_guard.guard(message, attempt)


def round_over(state: Any, start: Any) -> bool:
    """True once the round of ``start`` is over (the next round's bids, or the end of the game)."""
    d = nidlib.decision(state)
    return d is None or (d.kind == "bids" and (state.age, state.round) != (start.age, start.round))


def scene_end(controller: Any, key: str) -> Any:
    """A note (catalogue ``key``) shown once a scene's round is over: the next round's bids are not
    part of the lesson, so the learner is told to undo or start again instead of facing no controls."""
    import ipywidgets as w

    start = controller.history[0][0]
    box = w.HTML().add_class("nt-lesson-scene-end")

    def refresh(_: Any = None) -> None:
        box.value = note(render(key), "ok") if round_over(controller.state, start) else ""

    controller.on_change(refresh)
    refresh()
    return box
