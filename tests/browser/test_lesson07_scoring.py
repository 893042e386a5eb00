"""Lesson 7 in the browser: the score-sheet editor scores a table, adds a card, explains a mistake."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect


def test_score_sheet_editor(
    page: Page,
    voila_url: str,
    open_lesson: Callable[[Page, str, str], Page],
    save_screenshot: Callable[[Page, str], Path],
) -> None:
    open_lesson(page, voila_url, "07-final-scoring")
    editor = page.locator(".nt-sheet-editor")
    out = editor.locator(".nt-sheet-out")
    expect(out).to_contain_text("Ana wins with 212.")
    save_screenshot(page, "lesson07-editor")

    # add an Explorer 12 to Bo: his total goes from 55 to 67
    editor.locator(".nt-sheet-player select").select_option(label="Bo")
    editor.locator(".nt-sheet-place select").select_option(label="Explorer column")
    editor.locator(".nt-sheet-card input").fill("12")
    editor.locator("button.nt-sheet-add").click()
    expect(editor.locator(".nt-sheet-note")).to_contain_text("Added 12 to Bo's Explorer column.")
    expect(out.locator(".nt-total-row")).to_contain_text("67")

    # an impossible sheet: nidlib's sentence, never a traceback
    editor.locator(".nt-sheet-examples select").select_option(label="A sheet with a mistake in it")
    editor.locator("button.nt-sheet-load").click()
    expect(out.locator(".nt-sheet-error")).to_contain_text("Ana, Warrior column, card 2")
    expect(out.locator(".nt-sheet-error")).to_contain_text("3 to 10")
    assert "Traceback" not in page.locator("body").inner_text()
    save_screenshot(page, "lesson07-mistake")

    # the check: a tie for the Warrior majority
    question = page.locator(".nt-predict").first
    question.get_by_text("Ana and Bo, each adding their own highest coin").click()
    question.locator("button.nt-predict-check").click()
    expect(question.locator(".nt-predict-feedback")).to_contain_text("Ana +20, Bo +11")
