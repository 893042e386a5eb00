"""A class opening the same lesson at the same moment: every learner gets a complete, working page.

Ten real browsers would swamp the 2 cores the suite runs on, so this opens a few pages at once (the
failures it guards against, a cell's output dropped by a busy server and a widget view that lost
its race with its model, showed with 3 pages at once); ``bench/load.py`` takes 10 and 20 learners
per lesson with light clients.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import PATIENCE_MS, wait_rendered

LEARNERS = 4


def _take_hunter(page: Page) -> None:
    scene = page.locator(".nt-l04-cascade")
    scene.locator("button.nt-action-button", has_text="Take Hunter").click()
    expect(scene.locator(".nt-event-log")).to_contain_text("more complete lines (1) than heroes (0)")


def _start_game(page: Page) -> None:
    page.locator("button.nt-game-start").click()
    expect(page.locator(".nt-game-turn")).to_contain_text("Your move: Ana")


CLICK = {"04-army-and-heroes": _take_hunter, "09-play-a-game": _start_game}


@pytest.mark.parametrize("lesson", ["04-army-and-heroes", "09-play-a-game"])
def test_a_class_opens_the_same_lesson_at_once(browser: Browser, voila_url: str, lesson: str) -> None:
    contexts = [browser.new_context() for _ in range(LEARNERS)]
    try:
        pages: list[Page] = []
        for context in contexts:
            page = context.new_page()
            page.set_default_timeout(PATIENCE_MS)
            pages.append(page)
        # every request leaves before any page is complete: the server builds them side by side
        responses = [
            page.goto(f"{voila_url}/voila/render/{lesson}.ipynb", wait_until="commit") for page in pages
        ]
        for page, response in zip(pages, responses, strict=True):
            assert response is not None
            wait_rendered(page, response, lesson)
        counts = {page.locator(".jp-OutputArea-output > .jupyter-widgets").count() for page in pages}
        assert len(counts) == 1, f"the learners' pages show different numbers of widgets: {counts}"
        # and every page works: its kernel answers a click
        for page in pages:
            CLICK[lesson](page)
    finally:
        for context in contexts:
            context.close()
