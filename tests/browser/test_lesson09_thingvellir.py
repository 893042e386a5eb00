"""Lesson 9 with Thingvellir in the browser: tick the expansion, start a 2-player game against a bot,
bid high until the learner picks first in a tavern, visit the Camp through the page's buttons (X-TH-4),
then discard a tavern card (2 players, X-TH-6). Screenshots at 1280 px and 390 px, in English and in
Traditional Chinese.

The driver only uses the page's hooks (nt-game-thingvellir, nt-camp-view, nt-action-group,
nt-action-button, nt-bid-t0..2, nt-bid-confirm, nt-game-auto, nt-game-position) and waits for
conditions, never for fixed times.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .playkit import PHONE_SIZE, fits_a_phone, play, set_up_game

GAME_TIMEOUT_S = 150
#: the Camp visit's button follows the "or visit the Camp" heading among the choices
CAMP_BUTTON = ".nt-action-group ~ button.nt-action-button:enabled"


@pytest.mark.parametrize(("lang", "words"), [("en", "Camp"), ("zh-Hant", "營地")])
def test_a_thingvellir_game_visits_the_camp(
    page: Page,
    voila_url: str,
    save_screenshot: Callable[[Page, str], Path],
    lang: str,
    words: str,
) -> None:
    set_up_game(page, voila_url, lang, "thingvellir")
    page.locator("button.nt-game-start").click()
    camp = page.locator(".nt-camp-view")
    expect(camp).to_be_visible(timeout=30_000)
    expect(camp).to_contain_text(words)
    expect(camp.locator(".nt-card")).to_have_count(5)
    # the six Thingvellir heroes are on offer beside the base game's
    expect(page.locator('.nt-heroes-view [data-card="holda"]')).to_be_visible()

    visited = False
    in_camp = 0

    def done() -> bool:
        assert "nt-score-table" not in page.locator(".nt-game-final").inner_html()
        return visited

    def bid() -> None:
        # the three highest coins on the taverns: the learner then often picks first (X-TH-4)
        count = page.locator(".nt-bid-t0 select option").count() - 1
        for k in range(3):
            page.locator(f".nt-bid-t{k} select").select_option(index=count - k)
        page.locator("button.nt-bid-confirm").click()

    def decide() -> None:
        nonlocal visited, in_camp
        if page.locator(CAMP_BUTTON).count():
            save_screenshot(page, f"tv-game-camp-choice-{lang}-1280")
            in_camp = camp.locator(".nt-card").count()
            page.locator(CAMP_BUTTON).first.click()
            visited = True
        else:
            buttons = page.locator("button.nt-action-button:enabled")
            expect(buttons.first).to_be_visible(timeout=10_000)
            buttons.first.click()

    def stale_click() -> None:
        nonlocal visited
        visited = False

    play(
        page,
        done=done,
        timeout_s=GAME_TIMEOUT_S,
        late=lambda: "the learner never picked first in a tavern",
        bid=bid,
        decide=decide,
        stale_click=stale_click,
    )

    # one Camp card left the Camp; the Camp says it was visited; 2 players: discard a tavern card (X-TH-6)
    expect(camp.locator(".nt-card")).to_have_count(in_camp - 1)
    expect(camp.locator(".nt-badge-act")).to_be_visible()
    expect(page.locator("button.nt-action-button:enabled").first).to_be_visible(timeout=20_000)
    save_screenshot(page, f"tv-game-after-visit-{lang}-1280")
    page.set_viewport_size(PHONE_SIZE)
    expect(camp).to_be_visible()
    fits_a_phone(page, slack=1)
    camp.scroll_into_view_if_needed()
    save_screenshot(page, f"tv-game-camp-{lang}-390")
    page.locator(".nt-action-panel").scroll_into_view_if_needed()
    save_screenshot(page, f"tv-game-panel-{lang}-390")
    # the learner's command zone (their board comes first) holds the Camp card, drawn with its face
    own = page.locator(".nt-player").first
    taken = own.locator(
        '.nt-command .nt-artifact, .nt-command .nt-mercenary, .nt-army [data-card="vegvisir"]'
    )
    expect(taken.first).to_be_visible()
    assert "Traceback" not in page.locator("body").inner_text()
