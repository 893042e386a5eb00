"""Lesson 16 (Thingvellir) in the browser: a Camp visit and its leftover, Bo's refused visit, Olwyn's
doubles, the closing check; in English and Traditional Chinese, at 1280 and 390 px; the lab's
Thingvellir panel. Every wait is on a condition."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from nidlib.core.actions import PlaceDoubles
from nidlib.core.cards import DwarfClass
from nidlib.core.messages import render
from widgets import render as r
from widgets.lessons import l16_thingvellir as lesson

from .playkit import WIDE, answer_check, open_on_a_phone, phone_screenshots

STEM = "16-thingvellir"


def test_camp_visit_refused_visit_doubles_and_check(
    page: Page,
    voila_url: str,
    open_lesson: Callable[..., Page],
    save_screenshot: Callable[[Page, str], Path],
) -> None:
    page.set_viewport_size(WIDE)
    open_lesson(page, voila_url, STEM)
    visit = page.locator(".nt-l16-visit")
    expect(visit.locator(".nt-camp")).to_be_visible()
    visit.locator("button.nt-action-button", has_text="Draupnir").click()
    log = visit.locator(".nt-event-log")
    expect(log.locator('[data-rule="X-TH-5"]').first).to_be_attached()  # the leftover is discarded
    expect(visit.locator(".nt-command")).to_contain_text("Draupnir")
    visit.locator("button.nt-l16-try").click()
    expect(visit.locator(".nt-l16-tried")).to_contain_text("X-TH-4")
    visit.screenshot(path=str(save_screenshot(page, "lesson16-visit-1280-en")))

    olwyn = page.locator(".nt-l16-olwyn")
    olwyn.locator("button.nt-action-button", has_text="Explorer 9").click()
    olwyn.locator("button.nt-action-button", has_text="Olwyn").click()
    olwyn.locator("button.nt-l16-try").click()
    expect(olwyn.locator(".nt-l16-tried")).to_contain_text("X-TH-HERO-OLWYN-1")
    olwyn.screenshot(path=str(save_screenshot(page, "lesson16-olwyn-1280-en")))

    q = page.locator(".nt-l16-q")
    answer = lesson.question_answer()
    answer_check(q, answer, (28, 33, 38, 43, 48), f"= {answer} points")
    q.screenshot(path=str(save_screenshot(page, "lesson16-check-1280-en")))


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_the_lesson_on_a_phone(
    page: Page,
    voila_url: str,
    save_screenshot: Callable[[Page, str], Path],
    lang: str,
) -> None:
    open_on_a_phone(page, voila_url, STEM, lang, 16)
    enlist = page.locator(".nt-l16-enlist")
    enlist.locator("button.nt-action-button").first.click()  # Ana's card at the Shining Horse
    label = render("ui.action.enlist-order.first", lang=lang)
    enlist.locator("button.nt-action-button", has_text=label).click()
    expect(enlist.locator(".nt-event-log").locator('[data-rule="X-TH-9"]').first).to_be_attached()
    phone_screenshots(
        page, enlist, save_screenshot, f"lesson16-enlist-390-{lang}", f"lesson16-page-390-{lang}"
    )


def test_zh_hant_page_at_1280(
    page: Page,
    voila_url: str,
    open_lesson: Callable[..., Page],
    save_screenshot: Callable[[Page, str], Path],
) -> None:
    page.set_viewport_size(WIDE)
    open_lesson(page, voila_url, STEM, "?lang=zh-Hant")
    visit = page.locator(".nt-l16-visit")
    expect(visit.locator(".nt-camp")).to_contain_text(render("ui.camp.title", lang="zh-Hant"))
    visit.locator("button.nt-action-button", has_text="Svalinn").click()
    expect(visit.locator(".nt-event-log").locator('[data-rule="X-TH-5"]').first).to_be_attached()
    visit.screenshot(path=str(save_screenshot(page, "lesson16-visit-1280-zh-Hant")))
    page.screenshot(path=str(save_screenshot(page, "lesson16-page-1280-zh-Hant")), full_page=True)


def test_the_lab_plays_a_seeded_thingvellir_game_to_a_moment(
    page: Page,
    voila_url: str,
    open_lesson: Callable[..., Page],
    save_screenshot: Callable[[Page, str], Path],
) -> None:
    page.set_viewport_size(WIDE)
    open_lesson(page, voila_url, "10-edge-case-lab")
    title = render("lab.tv.title")
    page.locator(".jupyter-widget-Collapse-header", has_text=title).click()
    page.locator(".nt-lab-tv-moment select").select_option(label=render("lab.tv.moment.olwyn"))
    page.locator("button.nt-lab-tv-start").click()
    position = page.locator(".nt-lab-position")
    expect(position.locator(".nt-camp")).to_be_visible()
    expect(page.locator(".nt-lab-error")).to_contain_text("Reached after")
    # Olwyn's doubles in one column: refused with the rule
    menu = page.locator(".nt-lab-actions select")
    both = r.action_label(PlaceDoubles(0, (DwarfClass.MINER, DwarfClass.MINER)), lesson.olwyn())
    refused = menu.locator("option").filter(has_text=f"✗ {both}").first.inner_text()
    menu.select_option(label=refused)
    page.locator("button.nt-lab-try").click()
    expect(page.locator(".nt-lab-result")).to_contain_text("X-TH-HERO-OLWYN-1")
    page.locator("#rendered_cells").screenshot(path=str(save_screenshot(page, "lab-thingvellir-1280-en")))
