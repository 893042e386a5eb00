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


# Every card head ("Animal · Warrior", "神兽·矿工") and, on a phone, every card name in an army that ends in "…"
# because it is wider than its box: what a learner cannot read.
CUT_TEXTS_JS = """
sel => [...document.querySelectorAll(sel)]
  .filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 0.5)
  .map(e => e.textContent)
"""


@pytest.mark.parametrize(("lang", "width"), [("zh-Hans", 390), ("en", 1280), ("en", 390)])
def test_no_card_text_is_cut(
    page: Page, voila_url: str, open_lesson: Callable[..., Page], lang: str, width: int
) -> None:
    """Session 7's newcomer walk read "神兽 · …" (now "神兽·矿工") and "Animal · …" on the Dancing Dragon's Animals (the class
    was cut at every width) and "探险…", "Explorer…" in the armies at 390 px. A Mythology card's head now wraps
    at its spaces and, on a phone, an army card's name goes under its value. Only a single word wider than its
    box may still be cut (the English "Blacksmith" in a head or an army column: its icon and colour say it)."""
    page.set_viewport_size({"width": width, "height": 900})
    open_lesson(page, voila_url, STEM, f"?lang={lang}")
    expect(page.locator(".nt-l17-dragon .nt-myth").first).to_be_visible()
    assert (
        page.evaluate(CUT_TEXTS_JS, ".nt-myth .nt-card-head > span, .nt-k-offering .nt-card-head > span")
        == []
    )
    cut = page.evaluate(CUT_TEXTS_JS, ".nt-card-head > span, .nt-army-name")
    if lang == "en":
        cut = [text for text in cut if " " in text.strip()]  # a single long word may be cut
    assert cut == [], f"cut at {width} px: {cut}"
    assert page.evaluate("document.documentElement.scrollWidth") <= width
