"""Lesson 2 in the browser: bid against the scripted players, step through the taverns, explore gems, check."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect


def test_bid_reveal_and_check(
    page: Page,
    voila_url: str,
    open_lesson: Callable[[Page, str, str], Page],
    save_screenshot: Callable[[Page, str], Path],
) -> None:
    page.set_viewport_size({"width": 1200, "height": 900})
    open_lesson(page, voila_url, "02-bidding")
    form = page.locator(".nt-l02-round .nt-bid-panel")
    expect(form).to_be_visible()
    # confirm too early: a sentence, not an error
    form.locator("button.nt-bid-confirm").click()
    expect(form.locator(".nt-message")).to_contain_text("Choose a coin for the Laughing Goblin first")
    # choose 4 on the Goblin (like Bo and Cy), 0 on the Dragon, 5 on the Horse
    form.locator(".nt-bid-t0 select").select_option(label="4 (basic)")
    form.locator(".nt-bid-t1 select").select_option(label="0 (basic)")
    form.locator(".nt-bid-t2 select").select_option(label="5 (basic)")
    expect(form.locator(".nt-bid-pouch")).to_contain_text("2 (basic), 3 (basic)")
    form.locator("button.nt-bid-confirm").click()
    log = page.locator(".nt-l02-log")
    expect(log).to_contain_text("Bo, Cy and Ana all bid 4 on the Laughing Goblin")
    expect(form).to_be_hidden()
    page.locator("button.nt-l02-next").click()
    expect(log).to_contain_text("Bo and Ana were tied (both bid 4): they exchange gems")
    expect(log).to_contain_text("Dancing Dragon: the bids are revealed")
    round_box = page.locator(".nt-l02-round")
    round_box.screenshot(path=str(save_screenshot(page, "lesson02-round")))
    # start again in the middle of the round: the bid form comes back
    page.locator("button.nt-l02-again").click()
    expect(form).to_be_visible()
    expect(log).not_to_contain_text("Pick order")
    # the same coin chosen twice moves; the round played to its end offers another round
    form.locator(".nt-bid-t0 select").select_option(label="5 (basic)")
    form.locator(".nt-bid-t1 select").select_option(label="5 (basic)")
    expect(form.locator(".nt-bid-t0 select")).to_have_value("")  # no coin there any more
    form.locator(".nt-bid-t0 select").select_option(label="4 (basic)")
    form.locator(".nt-bid-t2 select").select_option(label="0 (basic)")
    expect(form.locator(".nt-bid-pouch")).to_contain_text("2 (basic), 3 (basic)")
    form.locator("button.nt-bid-confirm").click()
    for _ in range(3):
        page.locator("button.nt-l02-next").click()
    guide = page.locator(".nt-l02-guide")
    expect(guide).to_contain_text("The round is over")
    expect(guide).to_contain_text("Play another round")
    round_box.screenshot(path=str(save_screenshot(page, "lesson02-round-over")))
    page.locator("button.nt-l02-more").click()
    expect(form).to_be_visible()
    expect(log).to_contain_text("round 2 of 4")

    # the gem explorer: 5 players, everybody ties
    page.locator(".nt-l02-count button", has_text="5").click()
    gems = page.locator(".nt-l02-gems")
    expect(gems).to_contain_text("Cy keeps gem 3")
    expect(gems).to_contain_text("Ana and Ed were tied (both bid 3)")

    # the check: who picks first?
    q = page.locator(".nt-l02-q1")
    q.get_by_label("Bo").check()
    q.locator("button.nt-predict-check").click()
    expect(q.locator(".nt-predict-feedback")).to_contain_text("Not quite")
    q.get_by_label("Ana").check()
    q.locator("button.nt-predict-check").click()
    expect(q.locator(".nt-predict-feedback")).to_contain_text("Right!")
    expect(q.locator(".nt-predict-feedback")).to_contain_text("Ana's gem is higher")
    # the 4-4 tie below the top bid: Di picks first of the two, not first (docs/walkthroughs/lesson02-newcomer.md)
    expect(q.locator(".nt-predict-feedback")).to_contain_text("so Di picks first of the two")
    q.screenshot(path=str(save_screenshot(page, "lesson02-check")))

    q2 = page.locator(".nt-l02-q2")
    expect(q2).to_contain_text("All four bid 3 on the Laughing Goblin")
    q2.get_by_label("Ana ↔ Di; Bo ↔ Cy").check()
    q2.locator("button.nt-predict-check").click()
    expect(q2.locator(".nt-predict-feedback")).to_contain_text("Gem 6 is never exchanged")
    q2.get_by_label("Ana ↔ Di", exact=True).check()
    q2.locator("button.nt-predict-check").click()
    expect(q2.locator(".nt-predict-feedback")).to_contain_text("Right!")


def test_newcomer_fixes_in_traditional_chinese(
    page: Page, voila_url: str, open_lesson: Callable[..., Page]
) -> None:
    """The quick walk in zh-Hant (docs/walkthroughs/lesson02-newcomer.md): the gem is defined in the
    intro, and the gem question's pairs are joined with a Chinese semicolon."""
    open_lesson(page, voila_url, "02-bidding", "?lang=zh-Hant")
    expect(page.locator("body")).to_contain_text("每位玩家都有一顆有數字的寶石")
    q2 = page.locator(".nt-l02-q2")
    expect(q2).to_contain_text("四人都在大笑的哥布林出 3")
    q2.get_by_label("Ana ↔ Di；Bo ↔ Cy").check()
    q2.locator("button.nt-predict-check").click()
    expect(q2.locator(".nt-predict-feedback")).to_contain_text("不太對")
