"""Lesson 1 in the browser: switch the player count, read the table, answer the check."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect


def test_player_count_and_check(
    page: Page,
    voila_url: str,
    open_lesson: Callable[[Page, str, str], Page],
    save_screenshot: Callable[[Page, str], Path],
) -> None:
    page.set_viewport_size({"width": 1200, "height": 900})
    open_lesson(page, voila_url, "01-game-at-a-glance")
    table = page.locator(".nt-l01-table")
    expect(table).to_contain_text("A 3-player game")
    page.locator(".nt-l01-count button", has_text="5").click()
    expect(table).to_contain_text("A 5-player game: 5 cards in each tavern, 3 rounds per Age")
    expect(table).to_contain_text("45 / 46")
    expect(table).to_contain_text("How the rules engine set up this 5-player game")
    scene = page.locator(".nt-l01-players")
    scene.scroll_into_view_if_needed()
    scene.screenshot(path=str(save_screenshot(page, "lesson01-players")))
    q = page.locator(".nt-l01-q")
    q.locator("button.nt-predict-check").click()  # no answer yet: a sentence, no verdict
    expect(q.locator(".nt-predict-feedback")).to_contain_text("Choose an answer first")
    q.get_by_role("radio", name="4", exact=True).check()
    q.locator("button.nt-predict-check").click()
    expect(q.locator(".nt-predict-feedback")).to_contain_text("Not quite")
    q.get_by_role("radio", name="3", exact=True).check()
    q.locator("button.nt-predict-check").click()
    expect(q.locator(".nt-predict-feedback")).to_contain_text("Right!")
    q.screenshot(path=str(save_screenshot(page, "lesson01-check")))

    # the navigation bars (top and bottom) lead to the contents and to lesson 2
    assert page.locator("a.nt-nav-prev").count() == 0
    expect(page.locator("a.nt-nav-home").first).to_have_attribute("href", "index.ipynb")
    page.locator("a.nt-nav-next").last.click()
    page.wait_for_url("**/02-bidding.ipynb")
