"""Lesson 6 in the browser: step through a Troop Evaluation, make the King's Hand choice, predict."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect


def test_troop_evaluation_stepper(
    page: Page,
    voila_url: str,
    open_lesson: Callable[[Page, str, str], Page],
    save_screenshot: Callable[[Page, str], Path],
) -> None:
    open_lesson(page, voila_url, "06-troop-evaluation")
    stepper = page.locator(".nt-eval").first
    log = stepper.locator(".nt-eval-log")
    stepper.locator("button.nt-eval-next").click()
    expect(log).to_contain_text("King's Hand: Warrior ranks are Ana 3, Bo 2 and Cy 1; Ana has the most (3)")
    # Ana chooses the coin to upgrade by +5
    buttons = stepper.locator(".nt-action-panel button.nt-action-button:not([disabled])")
    expect(buttons.first).to_be_visible()
    buttons.first.click()
    expect(log).to_contain_text("(+5)")
    expect(log).not_to_contain_text("Hunting Master")
    stepper.locator("button.nt-eval-next").click()
    expect(log).to_contain_text("Hunting Master")
    stepper.locator("button.nt-eval-next").click()
    expect(log).to_contain_text("gem 6")
    page.set_viewport_size({"width": 1280, "height": 1000})
    stepper.locator("button.nt-eval-next").scroll_into_view_if_needed()
    save_screenshot(page, "lesson06-stepper")

    # the ties scenario: nobody gets the King's Hand (EC-24)
    ties = page.locator(".nt-eval").nth(1)
    ties.locator("button.nt-eval-next").click()
    expect(ties.locator(".nt-eval-log")).to_contain_text("Ana and Bo tie with 3, so nobody wins it")

    question = page.locator(".nt-eval-q-warrior")
    question.get_by_text("Nobody (a tie)").click()
    question.locator("button.nt-predict-check").click()
    expect(question.locator(".nt-predict-feedback")).to_contain_text("Right")

    # the walkthrough goes on: Ana wins the King's Great Armorer, its card brings her a second hero
    stepper.locator("button.nt-eval-next").click()
    expect(log).to_contain_text("a blacksmith with 2 ranks")
    expect(log).to_contain_text("R-DIST-ARMORER-1")
    expect(stepper.locator(".nt-action-panel button.nt-action-button:not([disabled])").first).to_be_visible()
    stepper.locator(".nt-eval-log").scroll_into_view_if_needed()
    save_screenshot(page, "lesson06-armorer")
