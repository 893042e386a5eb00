"""Smoke test: the landing lesson is served, rendered and free of errors."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect


def test_landing_page_shows_the_tutor_title(
    page: Page,
    voila_url: str,
    open_lesson: Callable[[Page, str, str], Page],
) -> None:
    open_lesson(page, voila_url, "index")
    expect(page.get_by_role("heading", name="Nidavellir Tutor").first).to_be_visible()
    # Voila strips the sources: learners see outputs, never code cells.
    assert page.locator(".jp-InputArea-editor, .jp-CodeMirrorEditor").count() == 0


def test_root_url_opens_the_landing_lesson(page: Page, voila_url: str) -> None:
    page.goto(f"{voila_url}/")
    expect(page).to_have_url(f"{voila_url}/voila/render/index.ipynb")
    expect(page.get_by_role("heading", name="Nidavellir Tutor").first).to_be_visible(timeout=60_000)
