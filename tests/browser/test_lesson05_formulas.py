"""Lesson 5 in the browser: a calculator adds a card, the growth chart shows, an exercise is checked."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect


def test_class_formulas(
    page: Page,
    voila_url: str,
    open_lesson: Callable[[Page, str, str], Page],
    save_screenshot: Callable[[Page, str], Path],
) -> None:
    open_lesson(page, voila_url, "05-class-formulas")
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.locator(".nt-calculators .lm-TabBar-tab", has_text="Hunter").click()
    result = page.locator(".nt-calc-result-hunter")
    expect(result).to_contain_text("2 ranks")
    page.locator("button.nt-calc-add-hunter").click()
    expect(result).to_contain_text("3 ranks")
    expect(result.locator(".nt-calc-points")).to_have_text("9")
    save_screenshot(page, "lesson05-calculator")

    chart = page.locator(".nt-growth-plot svg").first  # drawn at once: no button, no plotting library
    chart.scroll_into_view_if_needed()
    expect(chart).to_be_visible()
    expect(chart.locator("g.nt-growth-series")).to_have_count(5)
    expect(chart.locator("g.nt-growth-series circle")).to_have_count(5 * 11)
    expect(chart.locator("g.nt-growth-legend")).to_contain_text("Miner (cards of 1: the same line as Hunter)")
    box = chart.bounding_box()
    assert box is not None
    assert 500 <= box["width"] <= 52 * 16 + 1  # fills its column, at most 52rem wide
    assert page.locator("button.nt-growth-show").count() == 0
    save_screenshot(page, "lesson05-plot")

    question = page.locator(".nt-worth-miners")
    question.locator("label", has_text="Miner 1").click()
    question.locator("button.nt-predict-check").click()
    expect(question.locator(".nt-predict-feedback")).to_contain_text("Right")
    expect(question.locator(".nt-predict-feedback")).to_contain_text("+10")
