"""Pages as served by `make run`: built ahead of the request by preheated kernels, shown in the
address's language, and their kernel shut down when the tab closes (widgets/preheat.py, widgets/lessons/page.py,
tools/serve.py)."""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from nidlib.core.messages import prose, render
from widgets.lessons import LESSONS


def first_heading(stem: str, lang: str) -> str:
    """The ``# title`` line of a lesson's prose in ``lang``."""
    return prose(stem, "intro", lang).splitlines()[0].removeprefix("# ").strip()


@pytest.mark.parametrize(
    ("stem", "lang", "control"),
    [
        ("04-army-and-heroes", "zh-Hant", "button.nt-action-button:enabled"),
        ("03-coin-trades", "zh-Hans", "button.nt-action-button:enabled"),
        ("09-play-a-game", "zh-Hant", "button.nt-game-start"),
    ],
)
def test_a_page_opened_in_chinese_is_chinese_throughout(
    page: Page,
    voila_url: str,
    open_lesson: Callable[..., Page],
    save_screenshot: Callable[[Page, str], Path],
    stem: str,
    lang: str,
    control: str,
) -> None:
    open_lesson(page, voila_url, stem, f"?lang={lang}")
    expect(page.locator(".nt-prose h1").first).to_have_text(first_heading(stem, lang))
    body = page.locator("#rendered_cells").inner_text()
    assert first_heading(stem, "en") not in body, "the English build of the page is not shown"
    # every prose section is the translation, and the navigation keeps the language
    sections = page.locator(".nt-prose")
    assert sections.count() >= 1
    for k in range(sections.count()):
        assert re.search(r"[\u4e00-\u9fff]", sections.nth(k).inner_text()), (
            f"prose section {k} is not Chinese"
        )
    k = [s for s, _, _ in LESSONS].index(stem)
    nxt = LESSONS[k + 1]
    link = page.locator("a.nt-nav-next").first
    expect(link).to_have_text(f"{render(nxt[1], lang=lang)} →")
    expect(link).to_have_attribute("href", f"{nxt[0]}.ipynb?lang={lang}")
    # the page built for the address is alive: the kernel answers a click and the page shows it
    if stem == "09-play-a-game":
        page.locator(control).first.click()
        expect(page.locator(".nt-game-table")).to_be_visible(timeout=30_000)
        expect(page.locator(".nt-game-turn")).to_contain_text("Ana", timeout=30_000)
    else:
        events = page.locator("li.nt-event")
        before = events.count()
        page.locator(control).first.click()
        expect(events).not_to_have_count(before, timeout=15_000)
        assert re.search(r"[\u4e00-\u9fff]", events.last.inner_text()), "the new events are in Chinese"
    save_screenshot(page, f"lesson{stem[:2]}-{lang}")
    # the navigation offers the same page in English
    page.locator('a.nt-nav-lang[lang="en"]').first.click()
    page.wait_for_url(f"**/{stem}.ipynb?lang=en")
    expect(page.locator(".nt-prose h1").first).to_have_text(first_heading(stem, "en"), timeout=60_000)


def kernel_exists(voila_url: str, kernel_id: str) -> bool:
    try:
        with urllib.request.urlopen(f"{voila_url}/api/kernels/{kernel_id}", timeout=5) as r:
            return bool(json.load(r)["id"] == kernel_id)
    except urllib.error.HTTPError as e:
        if e.code == 404:
            return False
        raise


def test_closing_a_page_shuts_its_kernel_down(
    page: Page, voila_url: str, open_lesson: Callable[..., Page]
) -> None:
    """Voila's page asks for its kernel's shutdown when it unloads; tools/serve.py accepts that
    same-origin request although it carries no XSRF token (else the kernel would live ~3 min)."""
    open_lesson(page, voila_url, "01-game-at-a-glance")
    match = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', page.content())
    assert match, "Voila's page names its kernel"
    kernel_id = match.group(1)
    assert kernel_exists(voila_url, kernel_id)
    page2 = page.context.new_page()  # keep the browser context alive after closing the lesson
    page.close(run_before_unload=True)
    deadline = time.monotonic() + 60  # seconds on a quiet machine; a busy one is slower
    while kernel_exists(voila_url, kernel_id):
        assert time.monotonic() < deadline, f"kernel {kernel_id} still runs 60 s after its page closed"
        time.sleep(0.25)
    page2.close()
