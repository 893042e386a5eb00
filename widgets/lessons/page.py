"""One tutor page: what every lesson page has besides its content.

A lesson module is only its content: its scenes, questions and the nidlib positions behind them. The
page around them comes from :class:`Page`::

    page = Page(STEM)                                  # STEM: the notebook's name, "02-bidding"
    header, footer, say = page.header, page.footer, page.say

* ``header()`` (the notebook's first cell): the theme's CSS, the page's alert and the navigation bar
  with the language switch; it installs the page's one error guard (:mod:`widgets.guard`), so a
  failing callback is a sentence in the alert, never a traceback;
* ``say(section)``: a section of the lesson's prose (``nidlib/locales/<lang>/prose/<STEM>.md``);
* ``footer()`` (the last cell): the page learns its address's language (:func:`finish`), then the
  navigation bar again;
* ``page.text(key, **params)``: a sentence of the message catalogue in the page's language (the
  lessons' ``t``, :func:`widgets.render.t`);
  ``page.guard(message, fn)``: run ``fn`` with an illegal action explained in the HTML widget
  ``message`` and any other failure in one sentence (``note(text)`` draws a note box).

The page's language comes from its address (``?lang=zh-Hant``, set by the landing page's language
switch and kept in every lesson link); Voila hands the address's query string to the page's kernel
as ``QUERY_STRING``. A page that Voila built before its request (a preheated kernel,
:mod:`widgets.preheat`) is built in the default language, and :func:`finish` rebuilds it in the
address's language once the request comes: that is why every entry point that returns a widget is
wrapped with :func:`live`.

Importing this module is cheap (no ipywidgets until a widget is built).
"""

from __future__ import annotations

import functools
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, TypeVar
from urllib.parse import parse_qs

import nidlib
from nidlib.core.messages import DEFAULT_LANGUAGE, LANGUAGES, get_language, prose, set_language
from widgets import preheat
from widgets.preheat import live, prebuilding
from widgets.render import t

if TYPE_CHECKING:
    import ipywidgets as w

__all__ = [
    "LESSON_CSS",
    "PAGE_SUFFIX",
    "Page",
    "finish",
    "guard",
    "lang_query",
    "lesson_footer",
    "lesson_header",
    "live",
    "note",
    "prebuilding",
    "prose_html",
    "prose_widget",
    "url_language",
    "use_url_language",
    "with_language",
]

T = TypeVar("T")

# --- the page's language: its address ------------------------------------------------------------


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


#: a lesson's address: the notebook under Voila, the page voici built from it under JupyterLite (Pyodide,
#: ``make lite``), where ``NN-slug.html?lang=<code>`` leads to the copy built for that language
PAGE_SUFFIX = ".html" if sys.platform == "emscripten" else ".ipynb"
_LINK = re.compile(r'href="([0-9A-Za-z_-]+\.(?:ipynb|html))"')


def with_language(html: str, lang: str | None = None) -> str:
    """``html`` with ``?lang=<code>`` added to its relative lesson links (``href="NN-slug.ipynb"``)."""
    query = lang_query(lang)
    return _LINK.sub(lambda m: f'href="{m.group(1)}{query}"', html) if query else html


def _switched_to_url_language() -> bool:
    """Switch to the address's language; True if that changed the language the page was built in."""
    before = get_language()
    return use_url_language() != before


def finish() -> str:
    """The page's last step: wait for the learner's request if the page was built ahead of it, then
    make the page speak the address's language (rebuilding it if needed). Returns the language."""
    preheat.finish(_switched_to_url_language)
    return use_url_language()


# --- header, prose, footer -------------------------------------------------------------------------

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
def lesson_header(stem: str, lang: str | None = None, *, font_size: int = 16, extra_css: str = "") -> w.VBox:
    """The first cell of a page: the theme's CSS at ``font_size`` (plus the lesson classes and
    ``extra_css``, a ``<style>`` element), the page's alert and the navigation bar, in ``lang`` or
    the address's. It installs the page's guard (:mod:`widgets.guard`): every widget callback that
    fails shows a sentence in the alert, never a traceback."""
    import ipywidgets as w

    from widgets import guard as page_guard
    from widgets import lite_pages
    from widgets.lessons.nav import nav
    from widgets.theme import theme_html

    page_guard.install()  # from now on a failing callback is a sentence in the page's alert
    css = theme_html(font_size=font_size) + f"<style>{LESSON_CSS}</style>" + extra_css
    style = w.HTML(css, layout=w.Layout(display="none"))
    box = w.VBox([style, page_guard.alert_widget(), nav(stem, lang)])
    stage = lite_pages.stage()  # the static site: the visit's next lessons run in this Python
    if stage is not None:
        box.children = (*box.children, stage)
    box.add_class("nt-root")
    return box


def lesson_footer(stem: str, lang: str | None = None) -> w.HTML:
    """The last cell of a page: the page learns its address's language (:func:`finish`), then the
    navigation bar again."""
    from widgets.lessons.nav import nav

    finish()
    return nav(stem, lang)


@functools.cache
def _markdown() -> Callable[[str], object]:
    import mistune

    return mistune.create_markdown(escape=False, plugins=["table", "strikethrough"])


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
def prose_widget(stem: str, section: str) -> w.HTML:
    """The prose section as a widget in the page's language (a lesson's ``say(section)``)."""
    import ipywidgets as w

    html = w.HTML(prose_html(stem, section))
    html.add_class("nt-prose-section")
    return html


# --- the error guard --------------------------------------------------------------------------------


def guard(message: w.HTML, fn: Callable[..., T], *args: object) -> T | None:
    """Run ``fn``; an illegal action is explained in the HTML widget ``message``; any other failure
    is handled by the page's one guard (:func:`widgets.guard.guard`: a sentence in ``message``, the
    details in the server's log), never a traceback."""
    from widgets import guard as page_guard

    def attempt() -> T | None:
        try:
            return fn(*args)
        except nidlib.IllegalActionError as e:
            from widgets import render as r

            message.value = r.violation_html(e.violation)
        return None

    result: T | None = page_guard.guard(message, attempt)
    return result


# --- the page -----------------------------------------------------------------------------------------


def note(text: str, kind: str = "info") -> str:
    """A note box (``kind``: ``info``, ``ok`` or ``error``) holding ``text``, escaped."""
    return f'<div class="nt-lesson-note nt-lesson-{kind}">{escape(text)}</div>'


@dataclass(frozen=True)
class Page:
    """A lesson page (notebook ``tutorials/<stem>.ipynb``): everything but its content.

    ``font_size`` and ``extra_css`` style the whole page (lesson 8 is read on a projector);
    ``on_address()`` is called by the footer once the page knows its address (lesson 8 becomes a
    student's page for ``?room=CODE``)."""

    stem: str
    font_size: int = 16
    extra_css: str = ""
    on_address: Callable[[], object] | None = None

    def header(self, lang: str | None = None) -> w.VBox:
        """The first cell: theme, the page's alert and guard, navigation and language switch."""
        return lesson_header(self.stem, lang, font_size=self.font_size, extra_css=self.extra_css)

    def footer(self, lang: str | None = None) -> w.HTML:
        """The last cell: the page learns its address (its language, then ``on_address()``), then
        the navigation bar again."""
        bar = lesson_footer(self.stem, lang)
        if self.on_address is not None:
            self.on_address()
        return bar

    def say(self, section: str) -> w.HTML:
        """One section of this page's prose, in the page's language (``locales/<lang>/prose/<stem>.md``)."""
        return prose_widget(self.stem, section)

    #: the message catalogue (``nidlib/locales``): ``text(key, lang=None, **params)``, one sentence in
    #: the page's language, not escaped (:func:`widgets.render.t`, the lessons' ``t``)
    text = staticmethod(t)

    guard = staticmethod(guard)
