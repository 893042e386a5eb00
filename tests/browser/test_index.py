"""The landing page lists every lesson with a link, and its language switch translates the list."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from nidlib.messages import render
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
