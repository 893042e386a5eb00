"""Lesson 9 with Idavoll in the browser: tick the expansion, start a 2-player game (seed 1) against a greedy
bot, bid high on the Dancing Dragon and take a God from it (X-ID-3, X-ID-5), then use the God's power
when the page offers it (seed 1: Loki before the bids of round 2, X-ID-GOD-LOKI-1) and play on to round 4.
Checks the Mythology view, the God's token in the command zone, Loki's mark on the reserved tavern card,
and that nothing is wider than a 390 px phone; screenshots at 390 px.

The driver only uses the page's hooks (nt-game-idavoll, nt-game-seed, nt-myth-view, nt-action-button,
nt-bid-t0..2, nt-bid-confirm, nt-game-auto, nt-game-position, nt-status) and waits for conditions, never
for fixed times.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from widgets.game import LEVELS

GAME_TIMEOUT_S = 240
GODS = ("Freya", "Frigg", "Loki", "Odin", "Thor")
SEED = 1  # the learner (seat 0, this driver) takes Loki in round 1 and may use him in round 2
BUTTONS = "button.nt-action-button:enabled"


def _position(page: Page) -> str:
    return page.locator(".nt-game-position").inner_text()


def _changed(page: Page, before: str, timeout_ms: int) -> bool:
    try:
        expect(page.locator(".nt-game-position")).not_to_have_text(before, timeout=timeout_ms)
    except AssertionError:
        return False
    return True


def _no_overflow(page: Page) -> None:
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"the page is {overflow}px wider than a phone"


def _round(page: Page) -> int:
    m = re.search(r"round (\d+)", page.locator(".nt-status").first.inner_text())
    return int(m.group(1)) if m else 0


def _bid_high_on_the_dragon(page: Page) -> None:
    """The highest coin on the Dancing Dragon (the Mythology tavern in rounds 1-3), the next two elsewhere."""
    count = page.locator(".nt-bid-t0 select option").count() - 1
    for k, index in ((1, count), (0, count - 1), (2, count - 2)):
        page.locator(f".nt-bid-t{k} select").select_option(index=index)
    page.locator("button.nt-bid-confirm").click()


def _god_buttons(page: Page) -> list[str]:
    texts = page.locator(BUTTONS).all_inner_texts()
    return [x for x in texts if x.split(":")[0].strip() in GODS]


@pytest.mark.parametrize("lang", ["en"])
def test_an_idavoll_game_uses_a_god(
    page: Page,
    voila_url: str,
    open_lesson: Callable[[Page, str, str, str], Page],
    save_screenshot: Callable[[Page, str], Path],
    lang: str,
) -> None:
    page.set_viewport_size({"width": 1280, "height": 1200})
    open_lesson(page, voila_url, "09-play-a-game", f"?lang={lang}")
    expect(page.locator(".nt-game-setup")).to_be_visible()
    page.locator(".nt-game-seat1 select").select_option(index=1 + LEVELS.index("greedy"))  # after "human"
    page.locator(".nt-game-seed input").fill(str(SEED))
    page.locator(".nt-game-seed input").press("Enter")
    page.locator(".nt-game-idavoll input").check()
    page.set_viewport_size({"width": 390, "height": 844})
    _no_overflow(page)  # the set-up form with both expansions' boxes fits a phone
    page.set_viewport_size({"width": 1280, "height": 1200})
    page.locator("button.nt-game-start").click()
    myth = page.locator(".nt-myth-view")
    expect(myth).to_be_visible(timeout=30_000)
    expect(myth).to_contain_text("Mythology deck: 6 cards")  # 9 dealt, 3 in the Dancing Dragon (X-ID-2)
    dragon = page.locator('.nt-tavern[data-tavern="1"]')
    expect(dragon.locator(".nt-myth, .nt-animal")).to_have_count(3)
    expect(
        dragon.locator('[data-card="loki"]')
    ).to_be_visible()  # seed 1's Dancing Dragon: Freya, Loki, Brynhildr

    start = time.monotonic()
    used = ""
    marked = False
    stale = 0
    while _round(page) < 4 or not used:
        assert time.monotonic() - start < GAME_TIMEOUT_S, f"no God decision by round {_round(page)}"
        before = _position(page)
        auto = page.locator("button.nt-game-auto")
        gods = _god_buttons(page)
        if auto.is_enabled():
            try:
                auto.click(timeout=10_000)
            except PlaywrightTimeoutError:
                continue  # the page moved on between the check and the click: look at the new position
        elif page.locator("button.nt-bid-confirm").is_visible():
            _bid_high_on_the_dragon(page)
        elif gods and not used:
            # a God's decision: read it on a phone first, then use the power
            page.set_viewport_size({"width": 390, "height": 844})
            panel = page.locator(".nt-action-panel")
            panel.scroll_into_view_if_needed()
            _no_overflow(page)
            save_screenshot(page, f"id-game-god-choice-{lang}-390")
            expect(panel.locator(BUTTONS).filter(has_text="Do not use")).to_have_count(1)
            used = gods[0]
            panel.locator(BUTTONS).filter(has_text=used).first.click()
        else:
            texts = [x.strip() for x in page.locator(BUTTONS).all_inner_texts()]
            take = [x for x in texts if x in {f"Take {g}" for g in GODS}]
            buttons = page.locator(BUTTONS)
            expect(buttons.first).to_be_visible(timeout=20_000)
            (buttons.filter(has_text=take[0]) if take else buttons).first.click()
        if not _changed(page, before, 30_000):
            stale += 1  # a click on a button drawn for the previous position: the page ignores it
            assert stale <= 5, page.locator(".nt-game").inner_text()[:2000]
            continue
        stale = 0
        assert page.locator(".nt-message-error").count() == 0, page.locator(
            ".nt-message-error"
        ).first.inner_text()
        if used and not marked:
            # just after the reservation: Loki's token lies on the reserved card (X-ID-GOD-LOKI-1)
            marked = True
            mark = page.locator(".nt-loki-mark")
            expect(mark).to_have_count(1)
            expect(mark).to_contain_text("Reserved by Loki for Ana")
            expect(mark.locator(".nt-card")).to_have_count(1)
            mark.scroll_into_view_if_needed()
            _no_overflow(page)
            save_screenshot(page, f"id-game-loki-mark-{lang}-390")
    assert used.startswith("Loki: reserve"), used
    own = page.locator(".nt-player").first  # the learner's board and army come first
    token = own.locator('.nt-token[data-token="loki"]')
    expect(token).to_be_visible()
    expect(token).to_contain_text(re.compile("Power used|Token on"))
    expect(own.locator('.nt-command-myth [data-card="loki"]')).to_be_visible()
    token.scroll_into_view_if_needed()
    _no_overflow(page)
    save_screenshot(page, f"id-game-command-zone-{lang}-390")
    assert "Traceback" not in page.locator("body").inner_text()
