"""Lesson 9 with Idavoll in the browser: tick the expansion, start a 2-player game (seed 1) against a greedy
bot, bid high on the Dancing Dragon and take a God from it (X-ID-3, X-ID-5), then use the God's power
when the page offers it (seed 1: Loki before the bids of round 2, X-ID-GOD-LOKI-1) and play on to round 4.
Checks the Mythology view, the God's token in the command zone, Loki's mark on the reserved tavern card,
and that nothing is wider than a 390 px phone; screenshots at 390 px.

The driver only uses the page's hooks (nt-game-idavoll, nt-game-seed, nt-myth-view, nt-action-button,
nt-bid-t0..2, nt-bid-confirm, nt-game-auto, nt-game-position, nt-status) and waits for conditions, never
for fixed times.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .playkit import GAME_WIDE, PHONE_SIZE, fits_a_phone, play, set_up_game

GAME_TIMEOUT_S = 240
GODS = ("Freya", "Frigg", "Loki", "Odin", "Thor")
SEED = 1  # the learner (seat 0, this driver) takes Loki in round 1 and may use him in round 2
BUTTONS = "button.nt-action-button:enabled"


def _no_overflow(page: Page) -> None:
    fits_a_phone(page, slack=1)


def _round(page: Page) -> int:
    m = re.search(r"round (\d+)", page.locator(".nt-status").first.inner_text())
    return int(m.group(1)) if m else 0


def _bid_high_on_the_dragon(page: Page) -> None:
    """The highest coin on the Dancing Dragon (the Mythology tavern in rounds 1-3), the next two elsewhere."""
    count = page.locator(".nt-bid-t0 select option").count() - 1
    for k, index in ((1, count), (0, count - 1), (2, count - 2)):
        page.locator(f".nt-bid-t{k} select").select_option(index=index)
    page.locator("button.nt-bid-confirm").click()


def _god_buttons(page: Page) -> list[str]:
    texts = page.locator(BUTTONS).all_inner_texts()
    return [x for x in texts if x.split(":")[0].strip() in GODS]


@pytest.mark.parametrize("lang", ["en"])
def test_an_idavoll_game_uses_a_god(
    page: Page,
    voila_url: str,
    save_screenshot: Callable[[Page, str], Path],
    lang: str,
) -> None:
    set_up_game(page, voila_url, lang, "idavoll", seed=SEED)
    page.set_viewport_size(PHONE_SIZE)
    _no_overflow(page)  # the set-up form with both expansions' boxes fits a phone
    page.set_viewport_size(GAME_WIDE)
    page.locator("button.nt-game-start").click()
    myth = page.locator(".nt-myth-view")
    expect(myth).to_be_visible(timeout=30_000)
    expect(myth).to_contain_text("Mythology deck: 6 cards")  # 9 dealt, 3 in the Dancing Dragon (X-ID-2)
    dragon = page.locator('.nt-tavern[data-tavern="1"]')
    expect(dragon.locator(".nt-myth, .nt-animal")).to_have_count(3)
    expect(
        dragon.locator('[data-card="loki"]')
    ).to_be_visible()  # seed 1's Dancing Dragon: Freya, Loki, Brynhildr

    used = ""
    marked = False

    def decide() -> None:
        nonlocal used
        gods = _god_buttons(page)
        if gods and not used:
            # a God's decision: read it on a phone first, then use the power
            page.set_viewport_size(PHONE_SIZE)
            panel = page.locator(".nt-action-panel")
            panel.scroll_into_view_if_needed()
            _no_overflow(page)
            save_screenshot(page, f"id-game-god-choice-{lang}-390")
            expect(panel.locator(BUTTONS).filter(has_text="Do not use")).to_have_count(1)
            used = gods[0]
            panel.locator(BUTTONS).filter(has_text=used).first.click()
        else:
            texts = [x.strip() for x in page.locator(BUTTONS).all_inner_texts()]
            take = [x for x in texts if x in {f"Take {g}" for g in GODS}]
            buttons = page.locator(BUTTONS)
            expect(buttons.first).to_be_visible(timeout=20_000)
            (buttons.filter(has_text=take[0]) if take else buttons).first.click()

    def moved() -> None:
        nonlocal marked
        if used and not marked:
            # just after the reservation: Loki's token lies on the reserved card (X-ID-GOD-LOKI-1)
            marked = True
            mark = page.locator(".nt-loki-mark")
            expect(mark).to_have_count(1)
            expect(mark).to_contain_text("Reserved by Loki for Ana")
            expect(mark.locator(".nt-card")).to_have_count(1)
            mark.scroll_into_view_if_needed()
            _no_overflow(page)
            save_screenshot(page, f"id-game-loki-mark-{lang}-390")

    play(
        page,
        done=lambda: _round(page) >= 4 and bool(used),
        timeout_s=GAME_TIMEOUT_S,
        late=lambda: f"no God decision by round {_round(page)}",
        bid=lambda: _bid_high_on_the_dragon(page),
        decide=decide,
        moved=moved,
    )
    assert used.startswith("Loki: reserve"), used
    own = page.locator(".nt-player").first  # the learner's board and army come first
    token = own.locator('.nt-token[data-token="loki"]')
    expect(token).to_be_visible()
    expect(token).to_contain_text(re.compile("Power used|Token on"))
    expect(own.locator('.nt-command-myth [data-card="loki"]')).to_be_visible()
    token.scroll_into_view_if_needed()
    _no_overflow(page)
    save_screenshot(page, f"id-game-command-zone-{lang}-390")
    assert "Traceback" not in page.locator("body").inner_text()
