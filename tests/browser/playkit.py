"""What the expansions' browser tests do alike (lessons 16 and 17, lesson 9 with Thingvellir or Idavoll).

Every wait is on a condition: ``expect`` with the page's patience, or a change of lesson 9's position line.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from nidlib.core.messages import render
from widgets.game import LEVELS

from .conftest import open_lesson

PHONE_SIZE = {"width": 390, "height": 844}
WIDE = {"width": 1280, "height": 900}
GAME_WIDE = {"width": 1280, "height": 1200}
GAME = "09-play-a-game"


# --- lessons 16 and 17 --------------------------------------------------------------------------


def answer_check(q: Locator, answer: int, choices: tuple[int, ...], solved: str) -> None:
    """The closing check: a wrong choice gets "Not quite", nidlib's ``answer`` the text ``solved``."""
    wrong = next(n for n in choices if n != answer)
    q.get_by_role("radio", name=str(wrong), exact=True).check()
    q.locator("button.nt-predict-check").click()
    expect(q.locator(".nt-predict-feedback")).to_contain_text("Not quite")
    q.get_by_role("radio", name=str(answer), exact=True).check()
    q.locator("button.nt-predict-check").click()
    expect(q.locator(".nt-predict-feedback")).to_contain_text(solved)


def open_on_a_phone(page: Page, voila_url: str, stem: str, lang: str, number: int) -> None:
    """Lesson ``stem`` in ``lang`` at 390 px, its title (``lesson.<number>.title``) shown."""
    page.set_viewport_size(PHONE_SIZE)
    open_lesson(page, voila_url, stem, f"?lang={lang}")
    expect(page.locator(".nt-prose h1").first).to_contain_text(
        render(f"lesson.{number}.title", lang=lang)[4:]
    )


def fits_a_phone(page: Page, *, slack: int = 0) -> None:
    """Nothing on the page is wider than the phone's viewport (``slack`` pixels allowed)."""
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= slack, f"the page is {overflow}px wider than a phone"


def phone_screenshots(
    page: Page, part: Locator, save_screenshot: Callable[[Page, str], Path], part_name: str, page_name: str
) -> None:
    """At 390 px the page fits the phone; screenshots of ``part`` and of the whole page."""
    fits_a_phone(page)
    part.screenshot(path=str(save_screenshot(page, part_name)))
    page.screenshot(path=str(save_screenshot(page, page_name)), full_page=True)


# --- lesson 9 with an expansion -----------------------------------------------------------------


def set_up_game(page: Page, voila_url: str, lang: str, expansion: str, seed: int | None = None) -> None:
    """Lesson 9 at 1280 px in ``lang``: a 2-player game against the greedy bot, ``expansion`` ticked
    (``thingvellir`` or ``idavoll``), ``seed`` set if given; not started yet."""
    page.set_viewport_size(GAME_WIDE)
    open_lesson(page, voila_url, GAME, f"?lang={lang}")
    expect(page.locator(".nt-game-setup")).to_be_visible()
    page.locator(".nt-game-seat1 select").select_option(index=1 + LEVELS.index("greedy"))  # after "human"
    if seed is not None:
        page.locator(".nt-game-seed input").fill(str(seed))
        page.locator(".nt-game-seed input").press("Enter")
    page.locator(f".nt-game-{expansion} input").check()


def position(page: Page) -> str:
    return page.locator(".nt-game-position").inner_text()


def changed(page: Page, before: str, timeout_ms: int) -> bool:
    """The position line moved on from ``before`` within ``timeout_ms``."""
    try:
        expect(page.locator(".nt-game-position")).not_to_have_text(before, timeout=timeout_ms)
    except AssertionError:
        return False
    return True


def play(
    page: Page,
    *,
    done: Callable[[], bool],
    timeout_s: float,
    late: Callable[[], str],
    bid: Callable[[], None],
    decide: Callable[[], None],
    stale_click: Callable[[], None] = lambda: None,
    moved: Callable[[], None] = lambda: None,
) -> None:
    """Play the learner's seat until ``done()``: Auto-play while it is enabled, ``bid()`` when the bid panel
    shows, ``decide()`` otherwise. A click the page ignored (drawn for the previous position) calls
    ``stale_click()`` and is tried again (5 times at most); after every move the page shows no error and
    ``moved()`` runs. Fails with ``late()`` after ``timeout_s`` seconds."""
    start = time.monotonic()
    stale = 0
    while not done():
        assert time.monotonic() - start < timeout_s, late()
        before = position(page)
        auto = page.locator("button.nt-game-auto")
        if auto.is_enabled():
            try:
                auto.click(timeout=10_000)
            except PlaywrightTimeoutError:
                # the page moved on between the check and the click (the learner's turn now: Auto-play is
                # disabled for good): look again at the new position
                continue
        elif page.locator("button.nt-bid-confirm").is_visible():
            bid()
        else:
            decide()
        if not changed(page, before, 30_000):
            stale += 1  # a click on a button drawn for the previous position: the page ignores it
            assert stale <= 5, page.locator(".nt-game").inner_text()[:2000]
            stale_click()
            continue
        stale = 0
        errors = page.locator(".nt-message-error")
        assert errors.count() == 0, errors.first.inner_text()
        moved()
