"""Lesson 9's Idavoll decisions on a 390 px phone: a position of each (Loki, Freya, Frigg's pick and keep,
Odin, a capture, Gullinbursti, Ölrun, Skymir, Thor) is loaded through the page's own "Load" box (a bare
state document: every seat human), then the panel must fit the phone, pass axe and offer thumb-sized
buttons, and one button is pressed. Screenshots at 390 px (test-results/screenshots/id-decision-*.png).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

import nidlib
from nidlib.core.messages import term
from nidlib.core.serialize import state_to_dict
from tests.browser.test_a11y import PHONE, phone_problems
from tests.widgets.test_game_idavoll import KINDS, positions
from widgets.render import t


def _title(kind: str, lang: str) -> str:
    s = positions()[kind]
    d = nidlib.decision(s)
    assert d is not None
    name = s.players[d.players[0]].name
    return t("ui.panel.title", lang, name=name, doing=term(f"@decision.{d.kind}", lang))


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_every_idavoll_decision_fits_a_phone(
    page: Page,
    voila_url: str,
    open_lesson: Callable[[Page, str, str, str], Page],
    save_screenshot: Callable[[Page, str], Path],
    lang: str,
) -> None:
    page.set_viewport_size(PHONE)
    open_lesson(page, voila_url, "09-play-a-game", f"?lang={lang}")
    problems: list[str] = []
    kinds = KINDS if lang == "en" else ("freya", "capture", "frigg")
    for kind in kinds:
        text = json.dumps(state_to_dict(positions()[kind]))
        area = page.locator(".nt-game-json textarea")
        area.fill(text)
        area.blur()
        page.locator("button.nt-game-load").click()
        panel = page.locator(".nt-action-panel").filter(has_text=_title(kind, lang))
        expect(panel).to_be_visible()
        buttons = panel.locator("button.nt-action-button:enabled")
        expect(buttons.first).to_be_visible()
        panel.scroll_into_view_if_needed()
        problems += phone_problems(page, f"{kind} ({lang})", thumb=True)
        save_screenshot(page, f"id-decision-{kind}-{lang}-390")
        before = page.locator(".nt-game-position").inner_text()
        if kind == "freya":  # two steps on the page: the card to move, then its partner (X-ID-GOD-FREYA-1)
            steps = panel.locator("button.nt-action-step")
            expect(steps.first).to_be_visible()
            steps.last.click()
            expect(steps).to_have_count(1)  # "Back"
            problems += phone_problems(page, f"freya second step ({lang})", thumb=True)
            save_screenshot(page, f"id-decision-freya-2-{lang}-390")
            buttons = panel.locator("button.nt-action-button:enabled:not(.nt-action-step)")
        buttons.last.click()
        expect(page.locator(".nt-game-position")).not_to_have_text(before)
        assert page.locator(".nt-message-error").count() == 0, page.locator(
            ".nt-message-error"
        ).first.inner_text()
    assert not problems, "\n".join(problems)
    assert "Traceback" not in page.locator("body").inner_text()
