"""Navigation between lessons: previous / contents / next links (relative, so they work in Voila and Binder)."""

from __future__ import annotations

from html import escape

from nidlib.messages import render
from widgets.lessons import LESSONS


def nav_html(stem: str, lang: str | None = None) -> str:
    """The navigation bar for lesson ``stem`` (e.g. ``"02-bidding"``)."""
    stems = [s for s, _, _ in LESSONS]
    k = stems.index(stem)
    parts = []
    if k > 0:
        prev = LESSONS[k - 1]
        parts.append(
            f'<a class="nt-nav-prev" href="{prev[0]}.ipynb">← {escape(render(prev[1], lang=lang))}</a>'
        )
    parts.append(f'<a class="nt-nav-home" href="index.ipynb">{escape(render("nav.contents", lang=lang))}</a>')
    if k + 1 < len(LESSONS):
        nxt = LESSONS[k + 1]
        parts.append(
            f'<a class="nt-nav-next" href="{nxt[0]}.ipynb">{escape(render(nxt[1], lang=lang))} →</a>'
        )
    return '<nav class="nt-nav" aria-label="lessons">' + " · ".join(parts) + "</nav>"


def nav(stem: str, lang: str | None = None) -> object:
    """An ipywidgets HTML with the navigation bar (for the first and last cell of a lesson).

    Without ``lang`` it follows the page address (``?lang=zh-Hant``, set by the landing page's
    language switch) and keeps that language in its links.
    """
    import ipywidgets as w

    from widgets.lessons.page import use_url_language, with_language

    lang = lang or use_url_language()
    return w.HTML(with_language(nav_html(stem, lang), lang))
