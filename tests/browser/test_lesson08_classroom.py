"""Lesson 8 in the browser: sealed bids handed round one screen, then a tavern revealed and explained."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError


def _bid(page: Page, i: int, coins: tuple[str, str, str]) -> None:
    page.locator(f"button.nt-class-show-{i}").click()
    box = page.locator(f".nt-class-bidbox-{i}")
    for k, coin in enumerate(coins):
        box.locator(f".nt-bid-t{k} select").select_option(label=coin)
    box.locator("button.nt-bid-confirm").click()
    expect(box.locator(".nt-bid-panel")).to_have_count(0)


def test_classroom_auction(
    page: Page,
    voila_url: str,
    open_lesson: Callable[[Page, str, str], Page],
    save_screenshot: Callable[[Page, str], Path],
) -> None:
    open_lesson(page, voila_url, "08-classroom-auction")
    page.set_viewport_size({"width": 1366, "height": 768})  # a classroom projector
    page.locator("button.nt-class-start").click()
    page.locator("button.nt-class-projector").click()
    expect(page.locator(".nt-classroom.nt-projector")).to_have_count(1)
    expect(page.locator(".nt-prose")).to_be_hidden()  # the lesson's text leaves the projector
    expect(page.locator(".nt-class-turn-0")).to_contain_text("Ana: take the laptop")

    # Bo's coins appear only after "I am Bo", and vanish once he confirms
    expect(page.locator(".nt-class-bidbox-1 .nt-bid-panel")).to_have_count(0)
    _bid(page, 1, ("0 (basic)", "5 (basic)", "2 (basic)"))
    expect(page.locator(".nt-class-turn-1")).to_have_text("✔ Bo has bid.")
    save_screenshot(page, "lesson08-bidding")
    _bid(page, 0, ("4 (basic)", "3 (basic)", "2 (basic)"))
    _bid(page, 2, ("4 (basic)", "0 (basic)", "5 (basic)"))

    board = page.locator(".nt-class-board")
    expect(board.locator(".nt-coin-back")).to_have_count(9)
    reveal = page.locator("button.nt-class-reveal")
    expect(reveal).to_contain_text("Laughing Goblin")
    reveal.click()
    log = page.locator(".nt-class-log")
    expect(log).to_contain_text("Laughing Goblin: the bids are revealed")
    expect(log).to_contain_text("Ana and Cy both bid 4 on the Laughing Goblin")
    expect(board.locator(".nt-coin-back")).to_have_count(6)
    # the pick order and the tie are marked on the board
    expect(board.locator("td[data-tavern='0'] .nt-class-tie")).to_have_count(2)
    expect(board.locator("td[data-tavern='0'] .nt-class-rank")).to_have_count(3)
    # the whole reveal fits a 1366x768 projector: the board, the explanations and the controls
    page.evaluate("document.querySelector('.nt-class-grid').scrollIntoView()")
    grid = page.locator(".nt-class-grid").bounding_box()
    assert grid is not None
    assert grid["height"] <= 768, grid
    assert grid["width"] <= 1366, grid
    page.screenshot(path=str(save_screenshot(page, "lesson08-reveal").with_name("lesson08-projector.png")))

    # the first picker takes a card: the pick shows up in the log
    page.locator(".nt-action-panel button.nt-action-button:not([disabled]):visible").last.click()
    expect(log).to_contain_text(" takes ")

    # play the round out: at its end the page shows what everyone took, not the next round's dwarves
    status = page.locator(".nt-class-status")
    over = page.locator(".nt-class-status", has_text="The round is over")
    action = page.locator(".nt-action-panel button.nt-action-button:not([disabled]):visible")
    shown_reveal = page.locator("button.nt-class-reveal:visible")
    for _ in range(60):  # 3 reveals and 9 picks, plus any hero or trade the picks bring
        # wait for the page to offer the next step (a busy machine answers a click slowly)
        expect(shown_reveal.or_(action).or_(over).first).to_be_visible()
        if over.count():
            break
        before = log.inner_text()
        try:
            # the step may still change under the pointer while the kernel's answer to the last
            # click arrives piece by piece: then look again at what the page offers
            (shown_reveal if shown_reveal.count() else action.last).click(timeout=5_000)
        except PlaywrightTimeoutError:
            continue
        expect(log).not_to_have_text(before)
    expect(status).to_contain_text("The round is over")
    armies = page.locator(".nt-class-armies")
    expect(armies).to_contain_text("Bo's army")
    expect(page.locator(".nt-classroom .nt-taverns")).to_have_count(0)
    expect(page.locator("button.nt-class-next-round")).to_be_visible()
    # the bids table stays, every tavern revealed and marked
    expect(board.locator(".nt-coin-back")).to_have_count(0)
    expect(board.locator(".nt-class-rank-1")).to_have_count(3)
    expect(page.locator(".nt-class-stats")).to_contain_text("Shining Horse")
    armies.scroll_into_view_if_needed()
    save_screenshot(page, "lesson08-round-over")
    # undo the last reveal: the Shining Horse's coins are face down again
    page.locator("button.nt-class-undo").click()
    expect(board.locator(".nt-coin-back")).to_have_count(3)
    expect(page.locator("button.nt-class-reveal")).to_contain_text("Shining Horse")
