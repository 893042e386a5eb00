"""The landing page (``tutorials/index.ipynb``): the lessons in order, with a language switch.

The lesson list comes from :data:`widgets.lessons.LESSONS` and the catalogue keys
``lesson.NN.title`` / ``lesson.NN.summary``.

Voila runs every page in its own kernel, so a language chosen here travels in the links: each lesson
link gets ``?lang=<code>`` and Voila hands the query string to the lesson's kernel as
``QUERY_STRING``. Pages read it with :mod:`widgets.lessons.page` (also when Voila built the page
before the request) and keep it in their navigation links, so the language follows the learner from
lesson to lesson.
"""

from __future__ import annotations

import sys
from html import escape
from typing import TYPE_CHECKING, Any

from nidlib.core.messages import LANGUAGES, render, set_language
from widgets.lessons import LAB_PAGES, LESSONS
from widgets.lessons.page import PAGE_SUFFIX, finish, lang_query, live, use_url_language, with_language
from widgets.theme import ALERT_CSS

if TYPE_CHECKING:
    import ipywidgets as w

__all__ = ["footer", "lessons_html", "page", "use_url_language", "with_language"]

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
.nt-index-title { font-size: 2rem; margin: .2rem 0 .4rem 0; }
.nt-index h2 { font-size: 1.3rem; margin: .8rem 0 .2rem 0; }
.nt-index-credit { color: #555; font-size: .9rem; margin-top: 1.2rem; max-width: 54rem; }
</style>
"""


def lessons_html(lang: str | None = None) -> str:
    """The introduction and the ordered lesson list, with relative links (Voila and Binder)."""

    def items(pages: tuple[tuple[str, str, str], ...], link: str) -> str:
        out = []
        for stem, title_key, summary_key in pages:
            title = escape(render(title_key, lang=lang))
            summary = escape(render(summary_key, lang=lang))
            out.append(
                f'<li class="nt-index-lesson"><a class="{link}" href="{stem}{PAGE_SUFFIX}{lang_query(lang)}">{title}</a>'
                f'<span class="nt-index-summary">{summary}</span></li>'
            )
        return "".join(out)

    lab = ""
    if sys.platform != "emscripten":  # the static site (make lite) leaves the lab out: docs/auction-lab.md
        lab = (
            f"<h2>{escape(render('index.lab', lang=lang))}</h2>"
            f'<p class="nt-index-intro">{escape(render("index.lab.intro", lang=lang))}</p>'
            f'<ul class="nt-index-list nt-index-lab">{items(LAB_PAGES, "nt-index-lab-link")}</ul>'
        )
    return (
        f'<div class="nt-index"><p class="nt-index-intro">{escape(render("index.intro", lang=lang))}</p>'
        f"<h2>{escape(render('index.lessons', lang=lang))}</h2>"
        f'<ol class="nt-index-list">{items(LESSONS, "nt-index-link")}</ol>{lab}</div>'
    )


def title_html(lang: str | None = None) -> str:
    return f'<h1 class="nt-index-title">{escape(render("index.title", lang=lang))}</h1>'


@live
def page() -> w.Widget:
    """The landing page widget: a language switch above the lesson list."""
    import ipywidgets as w

    from widgets import guard, lite_pages

    guard.install()  # a failing callback is a sentence in the page's alert, never a traceback
    lang = use_url_language()
    switch = w.ToggleButtons(
        options=[(render(f"index.lang.{code}", lang=code), code) for code in LANGUAGES],
        value=lang,
        tooltips=[render("index.language", lang=code) for code in LANGUAGES],
        style={"button_width": "7rem"},
    )
    switch.add_class("nt-index-lang")
    title = w.HTML(title_html(lang))
    label = w.HTML(f"<b>{escape(render('index.language', lang=lang))}</b>")
    listing = w.HTML(lessons_html(lang))
    listing.add_class("nt-index-lessons")

    def on_change(change: dict[str, Any]) -> None:
        set_language(change["new"])
        title.value = title_html(change["new"])
        label.value = f"<b>{escape(render('index.language', lang=change['new']))}</b>"
        listing.value = lessons_html(change["new"])

    switch.observe(on_change, names="value")
    row = w.HBox([label, switch], layout=w.Layout(align_items="center", gap="0.8rem"))
    box = w.VBox([w.HTML(CSS + f"<style>{ALERT_CSS}</style>"), guard.alert_widget(), title, row, listing])
    stage = lite_pages.stage()  # the static site: the lessons opened from here run in this Python
    if stage is not None:
        box.children = (*box.children, stage)
    box.add_class("nt-index-page")
    return box


def footer() -> Any:
    """The landing page's last cell: the page learns its address's language, then a credit line."""
    import ipywidgets as w

    lang = finish()
    return w.HTML(f'<p class="nt-index-credit">{escape(render("index.credit", lang=lang))}</p>')
