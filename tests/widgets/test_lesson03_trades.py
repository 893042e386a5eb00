"""Lesson 3 (coin trades): every scene played through the shared components, answers from nidlib."""

from __future__ import annotations

import pytest

import nidlib
from nidlib.core.coins import Coin
from widgets.lessons import l03_trades as lesson


def click(box, label: str) -> None:
    panel = next(ch for ch in box.children if type(ch).__name__ == "ActionPanel")
    button = next(b for b in panel.choice_buttons if label in b.description and not b.disabled)
    button.click()


def coins(p: nidlib.Player) -> list[str]:
    return sorted(str(c) for c in p.coins())


def test_zero_trade_basic_coin_leaves_the_game() -> None:
    box = lesson.scene("zero")
    c = box.controller
    click(box, "Take")
    ana = c.state.players[0]
    assert Coin.parse("5") in ana.slots[3:5]  # 2 + 3 = 5 in gold
    assert "3" in c.state.out_of_game
    log = box.children[-1].html.value
    assert "trade 2 + 3 = 5" in log
    assert "Ana&#x27;s basic 3 leaves the game" in log


def test_fallback_up_when_the_eights_are_owned() -> None:
    s = lesson.fallback_up()
    assert s.treasury[8] == 0
    box = lesson.scene("fallback-up")
    click(box, "Take")
    assert Coin.parse("9") in box.controller.state.players[0].slots[3:5]
    assert "No 8 is left in the Royal Treasure" in box.children[-1].html.value


def test_fallback_down_and_gold_returns() -> None:
    box = lesson.scene("fallback-down")
    before = box.controller.state.treasury[13]
    click(box, "Take")
    s = box.controller.state
    assert Coin.parse("24") in s.players[0].slots[3:5]
    assert s.treasury[13] == before + 1  # the gold 13 went back
    assert "goes back to the Royal Treasure" in box.children[-1].html.value


def test_green_three_triggers_a_trade() -> None:
    s = lesson.green_three()
    assert Coin.parse("3s") == s.players[0].slots[0]
    box = lesson.scene("green")
    click(box, "Explorer 9")
    assert Coin.parse("8") in box.controller.state.players[0].slots[3:5]


def test_offering_on_the_tavern_being_resolved_keeps_the_tie() -> None:
    box = lesson.scene("offering")
    c = box.controller
    click(box, "Royal Offering")
    assert nidlib.decision(c.state).kind == "transform"
    labels = [b.description for b in box.children[3].choice_buttons if not b.disabled]
    assert len(labels) == 4  # Goblin, Dragon, Horse, pouch 2 (never the 0)
    click(box, "Dancing Dragon")
    log = box.children[-1].html.value
    assert "still counts as 4 there" in log
    assert "Ana and Bo were tied (both bid 4): they exchange gems" in log
    # undo the choice and upgrade the coin of the later tavern instead
    c.undo()
    assert nidlib.decision(c.state).kind == "transform"
    click(box, "Shining Horse")
    assert "Ana will bid 8 when the Shining Horse is revealed" in box.children[-1].html.value


def test_offering_then_trade_uses_the_new_value() -> None:
    box = lesson.scene("offering-trade")
    start = box.controller.state
    click(box, "Royal Offering")
    click(box, "3 (basic)")  # 3 -> 6 in the pouch
    log = box.children[-1].html.value
    assert "trade 2 + 6 = 8" in log
    box.reset.click()  # start again: where Ana picks, after Bo and Cy
    assert box.controller.state == start


def test_the_scene_says_when_its_round_is_over() -> None:
    box = lesson.scene("zero")
    assert box.end_note.value == ""
    for _ in range(3):  # the Goblin, the Dragon, the Horse: Ana takes the leftmost card each time
        click(box, "Take")
    assert nidlib.decision(box.controller.state).kind == "bids"  # round 2: no panel acts on bids here
    assert "This scene is over" in box.end_note.value
    box.controller.undo()
    assert box.end_note.value == ""


@pytest.mark.parametrize("name", list(lesson.SCENES))
def test_start_the_scene_again_restores_its_starting_position(name: str) -> None:
    box = lesson.scene(name)
    c = box.controller
    start, log = c.state, box.children[-1].html.value
    panel = next(ch for ch in box.children if type(ch).__name__ == "ActionPanel")
    offered = [b.description for b in panel.choice_buttons if not b.disabled]
    assert offered  # Ana acts first (the scripted players before her have played)
    click(box, offered[0])
    assert c.state != start
    box.reset.click()
    assert c.state == start
    assert nidlib.to_act(c.state) == (0,)
    assert [b.description for b in panel.choice_buttons if not b.disabled] == offered
    assert box.children[-1].html.value == log
    click(box, offered[0])  # and the scene plays again from there
    assert c.state != start


def test_check_question_answer_comes_from_the_trade() -> None:
    q = lesson.check_coin()
    value, events = lesson.question_answer()
    assert value == 10  # the only 9 is Bo's: next higher
    assert any(e.key == "treasury.fallback-up" for e in events)
    q.choice.value = 9
    q.check.click()
    assert "nt-feedback-wrong" in q.feedback.value
    q.choice.value = 10
    q.check.click()
    assert "Right!" in q.feedback.value


def test_translations_cover_every_lesson_key() -> None:
    from nidlib.core.messages import _load

    en = {k for k in _load("en") if k.startswith("l03.")}
    for lang in ("zh-Hant", "zh-Hans"):
        assert en <= set(_load(lang)), lang
