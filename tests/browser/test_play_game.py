"""Lesson 9 in the browser: a WHOLE 2-player game against a bot, played through the page to the score sheet.

The driver only uses the page's hooks: it lets the bot play ("Auto-play until my turn"), bids its three
lowest coins on the taverns, and otherwise clicks the first enabled action button.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from .playkit import changed, position

GAME_TIMEOUT_S = 150


def test_whole_game_against_a_bot(
    page: Page,
    voila_url: str,
    open_lesson: Callable[[Page, str, str], Page],
    save_screenshot: Callable[[Page, str], Path],
) -> None:
    page.set_viewport_size({"width": 1280, "height": 1600})
    open_lesson(page, voila_url, "09-play-a-game")
    expect(page.locator(".nt-game-setup")).to_be_visible()
    save_screenshot(page, "game-setup")
    page.locator(".nt-game-seat1 select").select_option(label="Bot: greedy")
    page.locator("button.nt-game-start").click()
    turn = page.locator(".nt-game-turn")
    expect(turn).to_contain_text("Your move: Ana", timeout=30_000)
    expect(page.locator(".nt-game-table")).to_be_visible()

    start = time.monotonic()
    moves = 0
    stale = 0
    shot_taken = False
    while "The game is over" not in turn.inner_text():
        assert time.monotonic() - start < GAME_TIMEOUT_S, f"the game did not end ({moves} moves)"
        before = position(page)
        text = turn.inner_text()
        if "Waiting for the computer" in text:
            what = "auto"
            auto = page.locator("button.nt-game-auto")
            expect(auto).to_be_enabled()
            auto.click()
        elif "placing bids" in text:
            what = "bid"
            confirm = page.locator("button.nt-bid-confirm")
            expect(confirm).to_be_visible()
            for k in range(3):
                page.locator(f".nt-bid-t{k} select").select_option(index=k + 1)
            expect(page.locator(".nt-bid-pouch")).to_contain_text("Pouch (the two coins left)")
            confirm.click()
        else:
            what = "action"
            buttons = page.locator("button.nt-action-button:enabled")
            expect(buttons.first).to_be_visible(timeout=10_000)
            buttons.first.click()
        if not changed(page, before, 5_000 if what == "action" else 30_000):
            # a click can land on a button drawn for the previous position (the page redraws in
            # several messages); the page then explains the refusal and the driver simply retries
            stale += 1
            assert stale <= 5, f"{what} changed nothing: {page.locator('.nt-game').inner_text()[:2000]}"
            continue
        stale = 0
        moves += 1
        if moves == 6 and not shot_taken:
            save_screenshot(page, "game-table")
            shot_taken = True
        assert page.locator(".nt-message-error").count() == 0, page.locator(
            ".nt-message-error"
        ).first.inner_text()

    sheet = page.locator(".nt-game-final")
    expect(sheet).to_be_visible()
    expect(sheet.locator(".nt-total-row")).to_be_visible()
    expect(sheet).to_contain_text("Ana")
    assert "Traceback" not in page.locator("body").inner_text()
    save_screenshot(page, "game-final")

    # save the finished game, then step back through its history
    page.locator("button.nt-game-save").click()
    expect(page.locator(".nt-game-json textarea")).to_have_value(
        __import__("re").compile(r'^\{"schema": "nidavellir-tutor/game"'), timeout=10_000
    )
    before = position(page)
    page.locator("button.nt-game-back").click()
    assert changed(page, before, 20_000)
    expect(page.locator(".nt-game-position")).to_contain_text("looking at the past")


def test_a_hint_keeps_its_button_whole_and_leaves_with_its_position(
    page: Page,
    voila_url: str,
    open_lesson: Callable[[Page, str, str], Page],
    save_screenshot: Callable[[Page, str], Path],
) -> None:
    page.set_viewport_size({"width": 1000, "height": 1000})
    open_lesson(page, voila_url, "09-play-a-game")
    page.locator("button.nt-game-start").click()
    expect(page.locator(".nt-game-turn")).to_contain_text("Your move: Ana", timeout=30_000)
    button = page.locator("button.nt-game-hint")
    width = button.bounding_box()["width"]  # type: ignore[index]
    button.click()
    hint = page.locator(".nt-game-hint-text")
    expect(hint).to_contain_text("Why:", timeout=30_000)
    assert button.bounding_box()["width"] == width  # type: ignore[index]  # the long hint does not squeeze it
    page.locator(".nt-game-controls").screenshot(path=str(save_screenshot(page, "game-hint")))
    for k in range(3):
        page.locator(f".nt-bid-t{k} select").select_option(index=k + 1)
    page.locator("button.nt-bid-confirm").click()
    expect(page.locator(".nt-game-position")).to_contain_text("Position 1")
    expect(hint).to_have_text("")  # the hint was about the position before the bid


def test_the_file_picker_shows_its_label_not_a_file_count(
    page: Page, voila_url: str, open_lesson: Callable[[Page, str, str], Page]
) -> None:
    """Issue 13: ipywidgets writes "<description> (0)" into its file picker; the page script
    (share/jupyter/voila/templates/tutor/static/nt-a11y.js) writes the label "Open a saved game file"
    (its tooltip) into the button instead: its text, and so its accessible name, has no count."""
    open_lesson(page, voila_url, "09-play-a-game")
    picker = page.locator(".nt-game-upload").first
    expect(picker).to_be_visible()
    expect(picker).to_have_text("Open a saved game file")
    expect(picker).to_have_attribute("data-nt-label", "Open a saved game file")
    expect(page.get_by_role("button", name="Open a saved game file", exact=True)).to_be_visible()
    shown = picker.evaluate(
        """el => ({own: getComputedStyle(el).fontSize, label: getComputedStyle(el, '::after').content,
                   width: el.getBoundingClientRect().width})"""
    )
    assert float(shown["own"].removesuffix("px")) >= 12, shown  # real text, not hidden by CSS
    assert shown["label"] in ("none", "normal", '""'), shown  # no CSS-made label over it
    assert shown["width"] > 100, shown
