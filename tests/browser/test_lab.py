"""Lesson 10 in the browser: load an edge case, play its ruling, try an illegal action, paste broken JSON."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect


def test_edge_case_lab(
    page: Page,
    voila_url: str,
    open_lesson: Callable[[Page, str, str], Page],
    save_screenshot: Callable[[Page, str], Path],
) -> None:
    page.set_viewport_size({"width": 1280, "height": 1600})
    open_lesson(page, voila_url, "10-edge-case-lab")
    question = page.locator(".nt-lab-question")
    expect(question).to_contain_text("EC-09")

    # one click loads another ruling
    page.locator(".nt-lab-case select").select_option(label="A hero on top of a column (EC-36)")
    expect(question).to_contain_text("Kraal lies on top of her Warrior column")
    step = page.locator("button.nt-lab-case-step")
    expect(step).to_contain_text("Play step 1 of 2")
    step.click()
    expect(page.locator(".nt-lab-result")).to_contain_text("Ana takes Hunter")
    step.click()
    expect(page.locator(".nt-lab-result")).to_contain_text("Ana recruits Dagda")
    outcome = page.locator(".nt-lab-outcome")
    expect(outcome).to_contain_text("only columns whose top card is a dwarf")
    expect(outcome).to_contain_text("The engine did exactly this")
    save_screenshot(page, "lab-gallery")

    # an illegal action typed by hand (the text form is folded away for rules lawyers): the reason and
    # its rule, expandable to the rule text
    page.get_by_text("Type an action in its text form", exact=False).click()
    page.locator(".nt-lab-action-text input").fill("p0:discard:warrior,explorer")
    page.locator("button.nt-lab-try-text").click()
    result = page.locator(".nt-lab-result")
    expect(result).to_contain_text("Not allowed")
    expect(result).to_contain_text("Warrior column has no dwarf on top")
    result.locator("details.nt-rule summary").first.click()
    expect(result.locator(".nt-rule-text").first).to_be_visible()
    save_screenshot(page, "lab-illegal")

    # a legal one from the list
    page.locator(".nt-lab-actions select").select_option(label="✓ Discard from Miner and Explorer")
    page.locator("button.nt-lab-try").click()
    expect(result).to_contain_text("What happened:")
    expect(result).to_contain_text("discards")

    # broken JSON: a clear sentence, never a traceback
    page.get_by_text("Position as JSON", exact=True).click()
    page.locator(".nt-lab-json textarea").fill('{"schema": "nidavellir-tutor/state", "version": 1}')
    page.locator("button.nt-lab-json-load").click()
    expect(page.locator(".nt-lab-error")).to_contain_text("This position cannot be used")
    assert "Traceback" not in page.locator("body").inner_text()
