"""Offline: every page (the landing page and each lesson) asks nothing of any host but the tutor's
own server, and its browser console shows no error.

Requests to another host are aborted (and recorded), as they would fail in a classroom without
the internet; Voila's stock template used to ask a CDN for Font Awesome's CSS on every page.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from playwright.sync_api import ConsoleMessage, Page, Route

from .conftest import REPO, open_lesson

PAGES = sorted(p.stem for p in (REPO / "tutorials").glob("*.ipynb"))
LOCAL = {"127.0.0.1", "localhost"}


def test_every_page_is_served_by_the_tutor_alone(page: Page, voila_url: str) -> None:
    outside: list[str] = []
    errors: list[str] = []
    current = [""]  # the page being opened

    def route(r: Route) -> None:
        if urlsplit(r.request.url).hostname in LOCAL or not r.request.url.startswith("http"):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    def console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(f"{current[0]}: {message.text}")

    page.route("**/*", route)
    page.on("console", console)
    page.on("pageerror", lambda error: errors.append(f"{current[0]}: {error}"))
    assert len(PAGES) == 18, (
        PAGES
    )  # 12 lessons (1-10, 16 Thingvellir, 17 Idavoll), the landing page, 5 auction-lab pages
    for name in PAGES:
        current[0] = name
        open_lesson(page, voila_url, name)
        if name == "07-final-scoring":  # its buttons have icons: Voila's bundle has their font
            loaded = page.evaluate(
                "async () => { await document.fonts.ready; return [...document.fonts]"
                ".filter(f => f.status === 'loaded').map(f => f.family) }"
            )
            assert any("Font Awesome" in family for family in loaded), loaded
    assert not outside, f"requests to other hosts: {sorted(set(outside))}"
    assert not errors, "console errors:\n" + "\n".join(errors)
