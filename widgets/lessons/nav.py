"""Navigation between lessons: previous / contents / next links (relative, so they work in Voila and Binder)."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from nidlib.core.messages import LANGUAGES, get_language, render
from widgets.lessons import LAB_PAGES, LESSONS
from widgets.lessons.page import PAGE_SUFFIX

if TYPE_CHECKING:
    import ipywidgets as w


def nav_html(stem: str, lang: str | None = None) -> str:
    """The navigation bar for lesson ``stem`` (e.g. ``"02-bidding"``)."""
    pages = LAB_PAGES if stem in {s for s, _, _ in LAB_PAGES} else LESSONS  # each list among itself
    stems = [s for s, _, _ in pages]
    k = stems.index(stem)
    parts = []
    if k > 0:
        prev = pages[k - 1]
        parts.append(
            f'<a class="nt-nav-prev" href="{prev[0]}{PAGE_SUFFIX}">← {escape(render(prev[1], lang=lang))}</a>'
        )
    parts.append(
        f'<a class="nt-nav-home" href="index{PAGE_SUFFIX}">{escape(render("nav.contents", lang=lang))}</a>'
    )
    if k + 1 < len(pages):
        nxt = pages[k + 1]
        parts.append(
            f'<a class="nt-nav-next" href="{nxt[0]}{PAGE_SUFFIX}">{escape(render(nxt[1], lang=lang))} →</a>'
        )
    return (
        f'<nav class="nt-nav" aria-label="{escape(render("nav.label", lang=lang))}">'
        f'<span class="nt-nav-lessons">{" · ".join(parts)}</span>{languages_html(stem, lang)}</nav>'
    )


def languages_html(stem: str, lang: str | None = None) -> str:
    """This page in each language: a link per language (``?lang=<code>``, English included so that
    the link is never rewritten), the current one marked and not a link."""
    current = lang or get_language()
    items = []
    for code in LANGUAGES:
        name = escape(render(f"index.lang.{code}", lang=code))
        if code == current:
            items.append(f'<b class="nt-nav-lang" lang="{code}" aria-current="page">{name}</b>')
        else:
            items.append(
                f'<a class="nt-nav-lang" lang="{code}" hreflang="{code}" href="{stem}{PAGE_SUFFIX}?lang={code}">{name}</a>'
            )
    label = escape(render("index.language", lang=current))
    return f'<span class="nt-nav-langs" role="group" aria-label="{label}">{" · ".join(items)}</span>'


def nav(stem: str, lang: str | None = None) -> w.HTML:
    """An ipywidgets HTML with the navigation bar (for the first and last cell of a lesson).

    Without ``lang`` it follows the page address (``?lang=zh-Hant``, set by the landing page's
    language switch) and keeps that language in its links.
    """
    import ipywidgets as w

    from widgets.lessons.page import use_url_language, with_language

    lang = lang or use_url_language()
    return w.HTML(with_language(nav_html(stem, lang), lang))
