"""The landing page lists every lesson with a link, and its language switch translates the list."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from nidlib.core.messages import render
from widgets.lessons import LESSONS


def test_index_lists_the_lessons_and_switches_language(
    page: Page,
    voila_url: str,
    open_lesson: Callable[[Page, str, str], Page],
    save_screenshot: Callable[[Page, str], Path],
) -> None:
    open_lesson(page, voila_url, "index")
    links = page.locator("a.nt-index-link")
    expect(links).to_have_count(len(LESSONS))
    for k, (stem, title_key, _) in enumerate(LESSONS):
        expect(links.nth(k)).to_have_attribute("href", f"{stem}.ipynb")
        expect(links.nth(k)).to_have_text(render(title_key, lang="en"))
    save_screenshot(page, "index")

    page.locator(".nt-index-lang button", has_text="繁體中文").click()
    expect(links.nth(5)).to_have_text(render(LESSONS[5][1], lang="zh-Hant"))
    assert render(LESSONS[5][1], lang="zh-Hant") != render(LESSONS[5][1], lang="en")
    page.locator(".nt-index-lang button", has_text="简体中文").click()
    expect(links.nth(5)).to_have_text(render(LESSONS[5][1], lang="zh-Hans"))

    # a link really opens its lesson page in Voila
    page.locator(".nt-index-lang button", has_text="English").click()
    expect(links.first).to_have_text(render(LESSONS[0][1], lang="en"))
    href = links.nth(6).get_attribute("href")
    assert href == "07-final-scoring.ipynb"

    # the chosen language travels with the link: the lesson opens in Chinese, and so does the next one
    page.locator(".nt-index-lang button", has_text="繁體中文").click()
    expect(links.nth(5)).to_have_attribute("href", "06-troop-evaluation.ipynb?lang=zh-Hant")
    links.nth(5).click()
    page.wait_for_url("**/06-troop-evaluation.ipynb?lang=zh-Hant")
    next_button = page.locator("button.nt-eval-next").first
    expect(next_button).to_have_text(render("lesson06.next", lang="zh-Hant"), timeout=60_000)
    expect(page.locator("a.nt-nav-next").first).to_have_attribute(
        "href", "07-final-scoring.ipynb?lang=zh-Hant"
    )
    next_button.click()
    log = page.locator(".nt-eval-log").first
    expect(log).to_contain_text(render("distinction.kings-hand", lang="zh-Hant"))
    expect(log).not_to_contain_text("Warrior ranks")
    save_screenshot(page, "lesson06-zh-Hant")
