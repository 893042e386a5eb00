"""Lesson 4 in the browser: complete a line, recruit a hero, see the cascade and the check."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect


def test_line_recruit_cascade_and_check(
    page: Page,
    voila_url: str,
    open_lesson: Callable[[Page, str, str], Page],
    save_screenshot: Callable[[Page, str], Path],
) -> None:
    page.set_viewport_size({"width": 1200, "height": 900})
    open_lesson(page, voila_url, "04-army-and-heroes")
    scene = page.locator(".nt-l04-cascade")
    army = scene.locator(".nt-army-view")
    expect(army).to_contain_text("lines 0 vs heroes 0")
    scene.locator("button.nt-action-button", has_text="Take Hunter").click()
    expect(scene.locator(".nt-event-log")).to_contain_text("more complete lines (1) than heroes (0)")
    scene.locator("button.nt-action-button", has_text="Aral").click()
    expect(army).to_contain_text("lines 3 vs heroes 1")
    expect(scene.locator(".nt-event-log")).to_contain_text("more complete lines (3) than heroes (1)")
    scene.screenshot(path=str(save_screenshot(page, "lesson04-cascade")))

    # a forbidden hero is greyed, and says why
    no_thrud = page.locator(".nt-l04-hourya-no-thrud")
    no_thrud.locator("button.nt-action-button", has_text="Take Blacksmith").click()
    hourya = no_thrud.locator("button.nt-action-button", has_text="Recruit Hourya")
    expect(hourya).to_be_disabled()
    expect(hourya).to_have_attribute("title", re.compile("needs at least 5 Explorer ranks"))
    # and says it in the page, on Hourya's card (no hover on a phone or a keyboard; issue 13)
    expect(no_thrud.locator('.nt-hero-choice:has([data-card="hourya"]) .nt-hero-no')).to_contain_text(
        "needs at least 5 Explorer ranks"
    )

    q = page.locator(".nt-l04-q")
    q.get_by_role("radio", name="2", exact=True).check()
    q.locator("button.nt-predict-check").click()
    expect(q.locator(".nt-predict-feedback")).to_contain_text("Not quite")
    q.get_by_role("radio", name="1", exact=True).check()
    q.locator("button.nt-predict-check").click()
    expect(q.locator(".nt-predict-feedback")).to_contain_text("Right!")
    q.screenshot(path=str(save_screenshot(page, "lesson04-check")))
