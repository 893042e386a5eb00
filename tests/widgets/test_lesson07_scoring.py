"""Lesson 7: the score-sheet editor scores through nidlib and explains impossible sheets."""

from __future__ import annotations

import json

import pytest

from nidlib.tools.scoresheet import score_sheet
from widgets.lessons import l07_scoring as lesson


@pytest.mark.parametrize("key", [k for k in lesson.EXAMPLES if k != "mistake"])
def test_every_example_is_a_valid_sheet(key: str) -> None:
    table = score_sheet(lesson.EXAMPLES[key])
    assert table.winners
    # the editor's text form reads back as the same sheet
    assert json.loads(lesson.sheet_text(lesson.EXAMPLES[key])) == lesson.EXAMPLES[key]


def test_ec51_and_ec52_give_the_published_totals() -> None:
    assert score_sheet(lesson.EXAMPLES["ec51"]).player("Ana").total == 212
    assert score_sheet(lesson.EXAMPLES["ec52"]).player("Ana").total == 227


def test_editor_shows_the_breakdown_and_winner() -> None:
    ed = lesson.SheetEditor("ec51")
    assert "nt-score-table" in ed.out.value
    assert "212" in ed.out.value
    assert "Ana wins with 212." in ed.out.value
    assert [label for label, _ in ed.player.options] == ["Ana", "Bo"]


def test_adding_a_card_rewrites_the_text_and_the_score() -> None:
    ed = lesson.SheetEditor("ec51")
    before = score_sheet(json.loads(ed.text.value)).player("Bo").total
    ed.player.value = 1
    ed.place.value = "explorer"
    ed.card.value = "12"
    ed.add.click()
    data = json.loads(ed.text.value)
    assert data["players"][1]["army"]["explorer"][-1] == 12
    after = score_sheet(data).player("Bo").total
    assert after == before + 12
    assert f'<span class="nt-num">{after}</span>' in ed.out.value
    assert "Explorer column" in ed.note.value
    ed.remove.click()
    assert score_sheet(json.loads(ed.text.value)).player("Bo").total == before


def test_a_fourth_warrior_rank_ties_the_majority() -> None:
    """Kraal's 2 ranks bring Bo to Ana's 4 Warrior ranks: both now get the bonus (EC-48)."""
    ed = lesson.SheetEditor("ec51")
    ed.player.value = 1
    ed.place.value = "warrior"
    ed.card.value = "Kraal"
    ed.add.click()
    bo = score_sheet(json.loads(ed.text.value)).player("Bo")
    assert bo.points("warrior_bonus") == 5
    assert bo.points("warrior") == 4 + 5 + 7


def test_command_zone_coins_gem_and_new_player() -> None:
    ed = lesson.SheetEditor("ec51")
    ed.player.value = 1
    ed.place.value = "command_zone"
    ed.card.value = "Grid"
    ed.add.click()
    assert json.loads(ed.text.value)["players"][1]["command_zone"] == ["Grid"]
    ed.coins.value = "0, 2, 3, 4, 25"
    ed.gem.value = 2
    ed.set_coins.click()
    bo = json.loads(ed.text.value)["players"][1]
    assert bo["coins"] == [0, 2, 3, 4, 25]
    assert bo["gem"] == 2
    ed.add_player.click()
    assert len(json.loads(ed.text.value)["players"]) == 3
    assert ed.player.value == 2
    assert "nt-sheet-error" not in ed.out.value


def test_impossible_sheet_shows_nidlibs_message() -> None:
    ed = lesson.SheetEditor("mistake")
    assert "nt-sheet-error" in ed.out.value
    assert "Ana, Warrior column, card 2:" in ed.out.value
    assert "3 to 10" in ed.out.value
    assert "Traceback" not in ed.out.value
    ed.text.value = '{"players": [}'
    assert "not valid JSON" in ed.out.value
    ed.add.click()  # the controls refuse to edit unreadable text, with a sentence
    assert "Fix the sheet text first" in ed.note.value


def test_a_second_skaa_is_refused() -> None:
    ed = lesson.SheetEditor("ec51")
    ed.player.value = 1
    ed.place.value = "command_zone"
    ed.card.value = "Skaa"
    ed.add.click()
    assert "nt-sheet-error" in ed.out.value
    assert "Bo, command zone, card 1:" in ed.out.value


def test_check_answers_come_from_scoring() -> None:
    box = lesson.check()
    q1, q2, q3 = box.children
    q1.choice.value = "one"
    q1.check.click()
    assert q1.last_result is False
    q1.choice.value = "all-tied"
    q1.check.click()
    assert q1.last_result is True
    assert "Ana +20, Bo +11" in q1.feedback.value
    q2.choice.value = 3
    q2.check.click()
    assert q2.last_result is True
    q3.choice.value = 81
    q3.check.click()
    assert q3.last_result is True
    assert lesson.times_counted(score_sheet(lesson.EXAMPLES["ec51"]), "Ana") == 2


def test_worked_example_shows_the_sheet() -> None:
    box = lesson.worked("gem6")
    html = box.children[1].value
    assert "gem 6" in html
    assert "+3" in html


def test_errors_name_the_player_and_the_column_not_a_json_path() -> None:
    ed = lesson.SheetEditor("ec48")
    ed.place.value = "command_zone"
    ed.card.value = "Skaa"
    ed.add.click()
    ed.add.click()
    assert (
        "Ana, command zone, card 2: there is only one Skaa card (also at Ana, command zone, card 1)"
        in ed.out.value
    )
    assert "players[" not in ed.out.value
    assert (
        lesson.where_text("players[1].army.warrior[0]", lesson.example_sheet("ec48"))
        == "Bo, Warrior column, card 1"
    )
    assert lesson.where_text("players[0].coins[2]", {"players": [{"name": " "}]}) == "Player 1, coins, coin 3"
    assert lesson.where_text("players", {}) == "The player list"


def test_add_a_player_stops_at_five() -> None:
    ed = lesson.SheetEditor("ec48")
    for _ in range(4):
        ed.add_player.click()
    data = ed.data()
    assert data is not None
    assert len(data["players"]) == 5
    assert "this sheet is full" in ed.note.value
    assert "cannot be scored" not in ed.out.value
