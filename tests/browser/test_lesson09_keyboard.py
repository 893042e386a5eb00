"""Lesson 9 with the keyboard only: one round in a few dozen key presses, the focus kept in the game.

The learner starts the game from the Start button (focused, then Enter) and plays round 1 against the
greedy bot with the page's shortcut keys (share/jupyter/voila/templates/tutor/static/nt-keys.js): A lets
the bots play, 1-3 put coins on the taverns, Enter confirms the bid, 1 takes the first choice. Every key
is a real key press, and every press is counted. After each move the focus must be on a control of the
game, never fallen to the page's <body> (issue 13, "Keyboard": it was 171 presses a round).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

#: "a few dozen presses at most" for one round (2 players: one bid, three picks, the bots' turns)
MAX_PRESSES = 30
STEP_TIMEOUT_MS = 30_000

FOCUS_IN_GAME_JS = """
() => {
  const a = document.activeElement;
  if (!a || a === document.body || a === document.documentElement) return false;
  const game = document.querySelector('.nt-game');
  return !!game && game.contains(a) && a.offsetParent !== null ? a.className || a.tagName : false;
}
"""

# the focused control shows a focus ring (ipywidgets removes its controls' outline; widgets/theme.py)
RING_JS = """
() => {
  const s = getComputedStyle(document.activeElement);
  return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
}
"""


class Keyboard:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.presses = 0

    def press(self, key: str) -> None:
        self.presses += 1
        assert self.presses <= MAX_PRESSES, f"{MAX_PRESSES} key presses and round 1 is not over"
        self.page.keyboard.press(key)


def _focus_kept(page: Page, after: str) -> None:
    try:
        page.wait_for_function(FOCUS_IN_GAME_JS, timeout=STEP_TIMEOUT_MS)
    except Exception:  # noqa: BLE001 - say where the focus is instead
        where = page.evaluate(
            "() => document.activeElement && document.activeElement.outerHTML.slice(0, 200)"
        )
        raise AssertionError(f"after {after} the focus is not on a control of the game: {where}") from None
    assert page.evaluate(RING_JS), f"after {after} the focused control shows no focus ring"


def _moved(page: Page, before: str, what: str, presses: int) -> None:
    try:
        expect(page.locator(".nt-game-position")).not_to_have_text(before, timeout=STEP_TIMEOUT_MS)
    except AssertionError:
        raise AssertionError(
            f"{what} changed nothing after {presses} key presses; round 1 is not over"
        ) from None


def test_one_round_with_the_keyboard_only(
    page: Page,
    voila_url: str,
    open_lesson: Callable[[Page, str, str], Page],
    save_screenshot: Callable[[Page, str], Path],
) -> None:
    page.set_viewport_size({"width": 1280, "height": 1400})
    open_lesson(page, voila_url, "09-play-a-game")
    keys = page.locator(".nt-game-keys")
    start = page.locator("button.nt-game-start")
    start.focus()
    kb = Keyboard(page)
    kb.press("Enter")
    turn = page.locator(".nt-game-turn")
    status = page.locator(".nt-game-table .nt-status")
    expect(turn).to_contain_text("Your move: Ana", timeout=60_000)
    _focus_kept(page, "starting the game")

    while "Age I, round 2" not in (status.text_content() or ""):
        text = turn.text_content() or ""
        before = page.locator(".nt-game-position").text_content() or ""
        if "Waiting for the computer" in text:
            what = "A (auto-play)"
            kb.press("a")
        elif "placing bids" in text:
            what = "1, 2, 3 and Enter (a bid)"
            for k, key in enumerate("123"):
                kb.press(key)
                try:
                    page.wait_for_function(
                        "k => document.querySelector(`.nt-bid-t${k} select`).selectedIndex > 0",
                        arg=k,
                        timeout=STEP_TIMEOUT_MS,
                    )
                except Exception:  # noqa: BLE001 - the assertion below says what happened
                    raise AssertionError(
                        f"{key} put no coin on tavern {k + 1} after {kb.presses} key presses; round 1 is not over"
                    ) from None
            expect(page.locator(".nt-bid-pouch")).to_contain_text("Pouch", timeout=STEP_TIMEOUT_MS)
            kb.press("Enter")
        else:
            what = "1 (the first choice)"
            expect(page.locator("button.nt-action-button:enabled").first).to_be_visible(
                timeout=STEP_TIMEOUT_MS
            )
            kb.press("1")
        _moved(page, before, what, kb.presses)
        _focus_kept(page, what)
        assert page.locator(".nt-message-error").count() == 0, page.locator(
            ".nt-message-error"
        ).first.inner_text()

    expect(turn).to_contain_text("Your move: Ana", timeout=STEP_TIMEOUT_MS)
    _focus_kept(page, "the end of round 1")
    expect(keys).to_be_visible()  # the shortcuts are announced on the page, in the catalogue's words
    expect(keys).to_contain_text("Keyboard shortcuts")
    expect(keys).to_contain_text("Enter confirms the bid")
    # the log (one pane per few history entries, widgets/components.py) still shows its newest line
    newest_shown = page.evaluate(
        """() => {
          const box = document.querySelector('.nt-game-table .nt-event-log-box');
          const lines = box.querySelectorAll('.nt-event');
          const b = box.getBoundingClientRect(), e = lines[lines.length - 1].getBoundingClientRect();
          return lines.length > 20 && e.top >= b.top - 1 && e.bottom <= b.bottom + 1;
        }"""
    )
    assert newest_shown, "the event log does not show its newest line"
    save_screenshot(page, "game-keyboard-round-2")
    assert kb.presses <= MAX_PRESSES
    print(f"round 1 of lesson 9: {kb.presses} key presses")


FOCUSED_CHOICE_JS = """
() => {
  const all = [...document.querySelectorAll('.nt-game button.nt-action-button')]
    .filter(b => !b.disabled && b.offsetParent !== null);
  return [all.indexOf(document.activeElement), all.length];
}
"""


def test_the_arrow_keys_reach_every_choice_with_both_expansions(
    page: Page,
    voila_url: str,
    open_lesson: Callable[[Page, str, str], Page],
) -> None:
    """Digits reach the first nine choices; a Loki reservation offers 10 to 16 and a hero 20 and more
    (session 7's newcomer walk: the 10th Loki choice took 9 Tabs). On a choice button, End and Home go
    to the last and first choice, the arrows to the next and previous; Enter then chooses. Both
    expansions are ticked with the keyboard (Space) on the set-up form, as a learner does it."""
    page.set_viewport_size({"width": 1280, "height": 1400})
    open_lesson(page, voila_url, "09-play-a-game")
    kb = Keyboard(page)
    for box in ("nt-game-thingvellir", "nt-game-idavoll"):
        page.locator(f".{box} input").focus()
        kb.press("Space")
        expect(page.locator(f".{box} input")).to_be_checked()
    page.locator("button.nt-game-start").focus()
    kb.press("Enter")
    turn = page.locator(".nt-game-turn")
    expect(turn).to_contain_text("Your move: Ana", timeout=60_000)
    expect(page.locator(".nt-bid-t0 select")).to_be_visible()  # round 1 begins with Ana's bid
    for key in "354":  # 3 on the Goblin, 5 on the Dragon (a Mythology card), 4 on the Horse
        kb.press(key)
    expect(page.locator("button.nt-bid-confirm")).to_be_focused()
    kb.press("Enter")
    page.wait_for_function(
        """() => document.querySelectorAll('.nt-game button.nt-action-button:not([disabled])').length >= 5
          || document.querySelector('.nt-game-turn').textContent.includes('Waiting for the computer')""",
        timeout=STEP_TIMEOUT_MS,
    )
    if "Waiting for the computer" in (turn.text_content() or ""):
        kb.press("a")  # Bo's bid
    # Ana bid highest at the Goblin: her pick there, with the Camp's cards as more choices
    expect(page.locator("button.nt-action-button:enabled").nth(4)).to_be_visible(timeout=STEP_TIMEOUT_MS)
    _focus_kept(page, "the bid")
    page.wait_for_function(f"() => ({FOCUSED_CHOICE_JS})()[0] === 0", timeout=STEP_TIMEOUT_MS)
    before = page.locator(".nt-game-position").text_content() or ""
    last = page.evaluate(FOCUSED_CHOICE_JS)[1] - 1
    for key, where in (("End", last), ("ArrowUp", last - 1), ("ArrowLeft", last - 2), ("Home", 0)):
        kb.press(key)
        assert page.evaluate(FOCUSED_CHOICE_JS)[0] == where, f"after {key}"
        assert page.evaluate(RING_JS), f"after {key} the focused choice shows no focus ring"
    kb.press("ArrowUp")  # already the first: stays
    assert page.evaluate(FOCUSED_CHOICE_JS)[0] == 0
    kb.press("ArrowDown")
    chosen = page.evaluate("() => document.activeElement.textContent")
    assert page.locator(".nt-game-position").text_content() == before  # moving chose nothing
    kb.press("Enter")
    _moved(page, before, f"Enter on {chosen}", kb.presses)
    expect(page.locator(".nt-game-table .nt-event-log")).to_contain_text("Ana", timeout=STEP_TIMEOUT_MS)
    _focus_kept(page, f"Enter on {chosen}")
