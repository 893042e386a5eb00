"""Lesson 3 in the browser: take a card, trade with the 0, upgrade with a Royal Offering, check."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect


def test_trade_offering_and_check(
    page: Page,
    voila_url: str,
    open_lesson: Callable[[Page, str, str], Page],
    save_screenshot: Callable[[Page, str], Path],
) -> None:
    page.set_viewport_size({"width": 1200, "height": 900})
    open_lesson(page, voila_url, "03-coin-trades")
    zero = page.locator(".nt-l03-zero")
    zero.locator("button.nt-action-button", has_text="Take Miner 1").click()
    expect(zero.locator(".nt-event-log")).to_contain_text("trade 2 + 3 = 5")
    expect(zero.locator(".nt-event-log")).to_contain_text("Ana's basic 3 leaves the game")
    zero.locator("button.nt-undo").click()  # take the pick back, then play it again
    expect(zero.locator(".nt-event-log")).not_to_contain_text("trade 2 + 3")
    zero.locator("button.nt-action-button", has_text="Take Miner 1").click()
    expect(zero.locator(".nt-event-log")).to_contain_text("trade 2 + 3 = 5")
    zero.screenshot(path=str(save_screenshot(page, "lesson03-trade")))

    scene = page.locator(".nt-l03-offering")
    scene.locator("button.nt-action-button", has_text="Royal Offering").click()
    scene.locator("button.nt-action-button", has_text="Dancing Dragon").click()
    log = scene.locator(".nt-event-log")
    expect(log).to_contain_text("still counts as 4 there")
    expect(log).to_contain_text("Ana and Bo were tied (both bid 4): they exchange gems")
    scene.screenshot(path=str(save_screenshot(page, "lesson03-offering")))

    q = page.locator(".nt-l03-q")
    q.get_by_label("10").check()
    q.locator("button.nt-predict-check").click()
    expect(q.locator(".nt-predict-feedback")).to_contain_text("Right!")
