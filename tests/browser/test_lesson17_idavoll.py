"""Lesson 17 (Idavoll) in the browser: the Dancing Dragon's Mythology cards bid for and taken, Gymir's
capture, the closing check; in English and Traditional Chinese, at 1280 and 390 px. Every wait is on a
condition."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from widgets.lessons import l17_idavoll as lesson

from .playkit import WIDE, answer_check, open_on_a_phone, phone_screenshots

STEM = "17-idavoll"


def _bid(scene, goblin: str, dragon: str, horse: str) -> None:
    """Ana's coins on the three taverns through the scene's bid panel (labels as the menus show them)."""
    for k, coin in enumerate((goblin, dragon, horse)):
        scene.locator(f".nt-bid-t{k} select").select_option(label=coin)
    scene.locator("button.nt-bid-confirm").click()


def test_dragon_giant_and_check(
    page: Page,
    voila_url: str,
    open_lesson: Callable[..., Page],
    save_screenshot: Callable[[Page, str], Path],
) -> None:
    page.set_viewport_size(WIDE)
    open_lesson(page, voila_url, STEM)
    dragon = page.locator(".nt-l17-dragon")
    expect(dragon.locator(".nt-l17-age")).to_contain_text("round 1 of 5")
    _bid(dragon, "3 (basic)", "5 (basic)", "4 (basic)")
    dragon.locator("button.nt-action-button").first.click()  # Ana's card at the Laughing Goblin
    dragon.locator("button.nt-action-button", has_text="Loki").click()
    log = dragon.locator(".nt-event-log")
    expect(log.locator('[data-rule="X-ID-4"]').first).to_be_attached()
    expect(dragon.locator(".nt-l17-age")).to_contain_text("removed from the game: 1")
    dragon.screenshot(path=str(save_screenshot(page, "lesson17-dragon-1280-en")))

    giant = page.locator(".nt-l17-giant")
    giant.locator("button.nt-action-button", has_text="Explorer 8").click()
    expect(giant.locator(".nt-event-log").locator('[data-rule="X-ID-8"]').first).to_be_attached()
    giant.locator("button.nt-action-button").first.click()  # capture (the first of the two choices)
    expect(giant.locator(".nt-l17-tokens")).to_contain_text("has captured")
    giant.screenshot(path=str(save_screenshot(page, "lesson17-giant-1280-en")))

    q = page.locator(".nt-l17-q")
    answer = lesson.question_answer()
    answer_check(q, answer, (3, 6, 10, 16), f"worth {answer} points")
    q.screenshot(path=str(save_screenshot(page, "lesson17-check-1280-en")))


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_the_lesson_on_a_phone(
    page: Page,
    voila_url: str,
    save_screenshot: Callable[[Page, str], Path],
    lang: str,
) -> None:
    open_on_a_phone(page, voila_url, STEM, lang, 17)
    loki = page.locator(".nt-l17-loki")
    loki.locator(
        "button.nt-action-button", has_text=re.compile(r"\bThor\b")
    ).first.click()  # on Thor, not Durathor
    expect(loki.locator(".nt-event-log").locator('[data-rule="X-ID-GOD-LOKI-1"]').first).to_be_attached()
    expect(loki.locator(".nt-bid-panel")).to_be_visible()
    phone_screenshots(page, loki, save_screenshot, f"lesson17-loki-390-{lang}", f"lesson17-page-390-{lang}")
