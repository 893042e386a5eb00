"""Lesson 8's live class in the browser: the teacher's page and two students' pages on their own
devices (browser contexts); the students bid, the teacher's page shows who has bid, then reveals."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from nidlib.core.coins import Coin, CoinKind
from nidlib.core.messages import render
from widgets.render import coin_label

from .conftest import PATIENCE_MS, open_lesson
from .test_a11y import PHONE, phone_problems

LESSON = "08-classroom-auction"


def _student(browser: Browser, voila_url: str, code: str, name: str, lang: str = "en") -> Page:
    """A student's phone opens the address the teacher shows (in ``lang``) and joins as ``name``."""
    page = browser.new_context(viewport=PHONE).new_page()
    page.set_default_timeout(PATIENCE_MS)
    open_lesson(page, voila_url, LESSON, f"?room={code}" + (f"&lang={lang}" if lang != "en" else ""))
    expect(page.locator(".nt-join-code input")).to_have_value(code)
    expect(page.locator(".nt-prose")).to_be_hidden()  # the teacher's text is not the student's
    page.locator(".nt-join-name input").fill(name)
    page.locator("button.nt-join-button").click()
    expect(page.locator(".nt-join-who")).to_contain_text(name)
    return page


def _bid(page: Page, values: tuple[int, int, int], lang: str = "en") -> None:
    """Put the basic coins of these values on the three taverns and confirm."""
    panel = page.locator(".nt-join-panel")
    for k, value in enumerate(values):
        label = coin_label(Coin(value, CoinKind.BASIC), lang=lang)
        panel.locator(f".nt-bid-t{k} select").select_option(label=label)
    # the kernel has every choice once the pouch is filled
    expect(panel.locator(".nt-bid-pouch")).not_to_contain_text(render("ui.bid.pouch-empty", lang=lang))
    panel.locator("button.nt-bid-confirm").click()
    sealed = render("lesson08.live.sealed", {"coins": "|"}, lang).split("|")[0]
    expect(page.locator(".nt-join-sealed")).to_contain_text(sealed)
    expect(page.locator(".nt-join-panel")).to_have_count(0)


def test_students_bid_from_their_devices_and_the_teacher_reveals(
    page: Page, browser: Browser, voila_url: str, save_screenshot: Callable[[Page, str], Path]
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    open_lesson(page, voila_url, LESSON)
    page.locator(".nt-class-mode button", has_text="Live class").click()
    expect(page.locator("button.nt-class-start")).to_contain_text("Open a room")
    page.locator(".nt-class-count select").select_option("2")
    page.locator("button.nt-class-start").click()
    code = page.locator(".nt-class-code").inner_text().strip()
    assert len(code) == 5
    expect(page.locator(".nt-class-turn-0")).to_contain_text("Ana: waiting for the team's bid")

    lee = _student(browser, voila_url, code, "Lee")
    expect(lee.locator(".nt-join-who")).to_contain_text("team Ana")
    expect(lee.locator(".nt-join-panel .nt-bid-t0 select")).to_be_visible()
    assert phone_problems(lee, "a student's page with the bid panel", thumb=True) == []
    # the teacher's page learns of Lee by itself (it polls the room)
    expect(page.locator(".nt-class-roster")).to_contain_text("Lee")
    _bid(lee, (4, 3, 2))
    expect(page.locator(".nt-class-turn-0")).to_contain_text("Ana has bid (Lee).")
    # who, never what: the teacher's page holds no face-up coin yet
    board = page.locator(".nt-class-board")
    expect(board.locator(".nt-coin-back")).to_have_count(3)
    expect(board.locator(".nt-coin-basic")).to_have_count(0)

    # Mo's phone speaks Simplified Chinese
    mo = _student(browser, voila_url, code, "Mo", "zh-Hans")
    expect(mo.locator(".nt-join-who")).to_contain_text("在队伍 Bo")
    expect(mo.locator(".nt-join-panel .nt-bid-t0")).to_contain_text("大笑的哥布林")
    expect(mo.locator(".nt-join-sealed")).to_have_text("")  # Lee's bid is not Mo's team's
    _bid(mo, (4, 0, 5), "zh-Hans")
    expect(page.locator(".nt-class-turn-1")).to_contain_text("Bo has bid (Mo).")

    reveal = page.locator("button.nt-class-reveal")
    expect(reveal).to_contain_text("Laughing Goblin")
    reveal.click()
    expect(page.locator(".nt-class-log")).to_contain_text("Bo and Ana both bid 4 on the Laughing Goblin")
    expect(board.locator("td[data-tavern='0'] .nt-class-tie")).to_have_count(2)
    expect(lee.locator(".nt-join-status")).to_contain_text("Taverns revealed so far: 1 of 3")
    save_screenshot(page, "lesson08-live-teacher")
    save_screenshot(lee, "lesson08-live-student")

    # Lee closes the tab and comes back with the link the page gave: the sealed bid is still there
    link = lee.locator(".nt-join-who a").get_attribute("href")
    assert link is not None
    lee.context.close()
    back = browser.new_context().new_page()
    back.set_default_timeout(PATIENCE_MS)
    open_lesson(back, voila_url, LESSON, link)
    expect(back.locator(".nt-join-who")).to_contain_text("You are Lee")
    expect(back.locator(".nt-join-sealed")).to_contain_text("bid is sealed")
    expect(back.locator(".nt-join-sealed")).to_contain_text("Laughing Goblin 4 (basic)")

    # the teacher reloads the page with the teacher's link: the game is found in the room
    teacher_link = page.locator(".nt-class-room a", has_text="teacher's link").get_attribute("href")
    assert teacher_link is not None
    open_lesson(page, voila_url, LESSON, teacher_link)
    expect(page.locator(".nt-class-log")).to_contain_text("Bo and Ana both bid 4 on the Laughing Goblin")
    expect(page.locator(".nt-class-board td[data-tavern='0'] .nt-class-tie")).to_have_count(2)
    for student in (mo, back):
        student.context.close()


def test_a_class_of_three_teams_bids_and_sees_the_picks(
    page: Page, browser: Browser, voila_url: str, save_screenshot: Callable[[Page, str], Path]
) -> None:
    """A teacher on a projector and three students at once: a phone (390 px), a laptop in Traditional
    Chinese and a tablet. Once the Laughing Goblin is revealed and picked, the teacher's board and
    every student's page show who took which card, in pick order, with the ties and the gem exchange."""
    page.set_viewport_size({"width": 1366, "height": 768})
    open_lesson(page, voila_url, LESSON)
    page.locator(".nt-class-mode button", has_text="Live class").click()
    page.locator(".nt-class-count select").select_option("3")
    page.locator("button.nt-class-start").click()
    code = page.locator(".nt-class-code").inner_text().strip()
    page.locator("button.nt-class-projector").click()
    expect(page.locator(".nt-classroom.nt-projector")).to_have_count(1)

    lee = _student(browser, voila_url, code, "Lee")  # a phone
    assert phone_problems(lee, "a student's phone with the bid panel", thumb=True) == []
    wen = _student(browser, voila_url, code, "Wen", "zh-Hant")
    wen.set_viewport_size({"width": 1280, "height": 800})
    expect(wen.locator(".nt-join-who")).to_contain_text("Bo")
    kai = _student(browser, voila_url, code, "Kai")
    kai.set_viewport_size({"width": 820, "height": 1180})
    expect(kai.locator(".nt-join-who")).to_contain_text("team Cy")
    roster = page.locator(".nt-class-roster")
    for name in ("Lee", "Wen", "Kai"):
        expect(roster).to_contain_text(name)
    save_screenshot(page, "lesson08-live-class-joined")
    # the same coins everywhere: every tavern is a three-way tie, broken by the gems (R-ORDER-2)
    _bid(lee, (4, 3, 2))
    _bid(wen, (4, 3, 2), "zh-Hant")
    _bid(kai, (4, 3, 2))
    for i, name in enumerate(("Ana", "Bo", "Cy")):
        expect(page.locator(f".nt-class-turn-{i}")).to_contain_text(f"{name} has bid")
    board = page.locator(".nt-class-board")
    expect(board.locator(".nt-coin-back")).to_have_count(9)
    expect(board.locator(".nt-coin-basic")).to_have_count(0)

    page.locator("button.nt-class-reveal").click()
    expect(board.locator("td[data-tavern='0'] .nt-class-tie")).to_have_count(3)
    action = page.locator(".nt-action-panel button.nt-action-button:not([disabled]):visible")
    took = board.locator("td[data-tavern='0'] .nt-class-took")
    for picked in range(1, 4):  # the three teams take their cards, in pick order
        expect(action.first).to_be_visible()
        action.first.click()
        expect(took).to_have_count(picked)
    expect(board.locator("td[data-tavern='0'] .nt-class-swap")).to_have_count(2)  # highest and lowest gem
    expect(page.locator("button.nt-class-reveal")).to_contain_text("Dancing Dragon")
    ranks = [
        board.locator(f"td[data-player='{i}'][data-tavern='0'] .nt-class-rank").inner_text() for i in range(3)
    ]
    order = [("Ana", "Bo", "Cy")[i] for i in sorted(range(3), key=lambda i: int(ranks[i]))]
    page.evaluate("document.querySelector('.nt-class-grid').scrollIntoView()")
    grid = page.locator(".nt-class-grid").bounding_box()
    assert grid is not None
    assert grid["height"] <= 768, grid
    save_screenshot(page, "lesson08-live-picks-teacher")

    # every student's page: the picks in the same order, the ties and the exchange, in its language
    for student, tie in ((lee, "tie"), (wen, "平手"), (kai, "tie")):
        picks = student.locator(".nt-join-tavern[data-tavern='0'] .nt-join-pick")
        expect(picks).to_have_count(3)
        expect(student.locator(".nt-join-tavern[data-tavern='0']")).not_to_contain_text("?")
        assert [picks.nth(k).locator("b").inner_text() for k in range(3)] == order
        expect(student.locator(".nt-join-status .nt-class-tie", has_text=tie)).to_have_count(3)
        expect(student.locator(".nt-join-status .nt-class-swap")).to_have_count(2)
        expect(student.locator(".nt-join-tavern[data-tavern='1']")).to_have_count(0)
    expect(wen.locator(".nt-join-status")).to_contain_text("已揭露的酒館：1 / 3")
    expect(wen.locator(".nt-join-status")).to_contain_text("拿了")
    assert phone_problems(lee, "a student's phone with the picks", thumb=True) == []
    save_screenshot(lee, "lesson08-live-picks-phone")
    save_screenshot(wen, "lesson08-live-picks-zh-Hant")
    save_screenshot(kai, "lesson08-live-picks-tablet")
    for student in (lee, wen, kai):
        student.context.close()
