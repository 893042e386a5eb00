"""The landing page (``tutorials/index.ipynb``): the lessons in order, with a language switch.

The lesson list comes from :data:`widgets.lessons.LESSONS` and the catalogue keys
``lesson.NN.title`` / ``lesson.NN.summary``.

Voila runs every page in its own kernel, so a language chosen here travels in the links: each lesson
link gets ``?lang=<code>`` and Voila hands the query string to the lesson's kernel as
``QUERY_STRING``. A lesson calls :func:`use_url_language` in its header and :func:`with_language` on
its navigation links so the language follows the learner from lesson to lesson.
"""

from __future__ import annotations

import os
import re
from html import escape
from typing import Any
from urllib.parse import parse_qs

from nidlib.messages import DEFAULT_LANGUAGE, LANGUAGES, get_language, render, set_language
from widgets.lessons import LESSONS

CSS = """
<style>
.nt-index { max-width: 54rem; font-size: 1.05rem; line-height: 1.45; }
.nt-index-intro { margin: 0 0 .8rem 0; }
.nt-index-list { list-style: none; padding: 0; margin: .4rem 0 0 0; }
.nt-index-list li { padding: .55rem .8rem; margin: .35rem 0; border-radius: .5rem;
  background: #f6f3ea; border-left: .35rem solid #b8862b; }
.nt-index-list a { font-weight: 600; font-size: 1.1rem; color: #6b3f00; text-decoration: none; }
.nt-index-list a:hover { text-decoration: underline; }
.nt-index-summary { display: block; color: #333; margin-top: .15rem; }
.nt-index h2 { font-size: 1.3rem; margin: .8rem 0 .2rem 0; }
</style>
"""


_request_seen = False


def _wait_for_request() -> None:
    """With Voila's pre-started kernels the notebook starts running before anyone asks for it, so the
    page's address (its ``QUERY_STRING``) is only known once the request arrives: wait for it, once
    per kernel. Without preheating (tests, nbval, Binder) this returns at once."""
    global _request_seen
    if _request_seen or os.environ.get("VOILA_PREHEAT", "False") == "False":
        return
    from voila.utils import wait_for_request

    wait_for_request()
    _request_seen = True


def url_language() -> str | None:
    """The language asked for in the page's address (``?lang=zh-Hant``), if it is a known one."""
    _wait_for_request()
    values = parse_qs(os.environ.get("QUERY_STRING", "")).get("lang", [])
    return values[0] if values and values[0] in LANGUAGES else None


def use_url_language() -> str:
    """Switch to the address's language, if it names one; return the language now in use."""
    lang = url_language()
    if lang is not None:
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


def nav_widget(stem: str) -> Any:
    """The previous / contents / next bar of a lesson, in the current language, keeping it in the links."""
    import ipywidgets as w

    from widgets.lessons.nav import nav_html

    return w.HTML(with_language(nav_html(stem), get_language()))


def lessons_html(lang: str | None = None) -> str:
    """The introduction and the ordered lesson list, with relative links (Voila and Binder)."""
    items = []
    for stem, title_key, summary_key in LESSONS:
        title = escape(render(title_key, lang=lang))
        summary = escape(render(summary_key, lang=lang))
        items.append(
            f'<li class="nt-index-lesson"><a class="nt-index-link" href="{stem}.ipynb{lang_query(lang)}">{title}</a>'
            f'<span class="nt-index-summary">{summary}</span></li>'
        )
    return (
        f'<div class="nt-index"><p class="nt-index-intro">{escape(render("index.intro", lang=lang))}</p>'
        f"<h2>{escape(render('index.lessons', lang=lang))}</h2>"
        f'<ol class="nt-index-list">{"".join(items)}</ol></div>'
    )


def page() -> Any:
    """The landing page widget: a language switch above the lesson list."""
    import ipywidgets as w

    lang = use_url_language()
    switch = w.ToggleButtons(
        options=[(render(f"index.lang.{code}", lang=code), code) for code in LANGUAGES],
        value=lang,
        tooltips=[render("index.language", lang=code) for code in LANGUAGES],
        style={"button_width": "7rem"},
    )
    switch.add_class("nt-index-lang")
    label = w.HTML(f"<b>{escape(render('index.language', lang=lang))}</b>")
    listing = w.HTML(lessons_html(lang))
    listing.add_class("nt-index-lessons")

    def on_change(change: dict[str, Any]) -> None:
        set_language(change["new"])
        label.value = f"<b>{escape(render('index.language', lang=change['new']))}</b>"
        listing.value = lessons_html(change["new"])

    switch.observe(on_change, names="value")
    row = w.HBox([label, switch], layout=w.Layout(align_items="center", gap="0.8rem"))
    box = w.VBox([w.HTML(CSS), row, listing])
    box.add_class("nt-index-page")
    return box
