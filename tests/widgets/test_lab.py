"""The edge-case lab (widgets.lab), driven from Python: gallery, actions, editor, JSON."""

from __future__ import annotations

import json
import re

import pytest

import nidlib
from nidlib.content import gallery
from widgets import render as r
from widgets.lab import Lab, lab, tempting_actions


def test_gallery_entry_loads_with_its_question() -> None:
    page = Lab()
    page.case_select.value = "EC-09"  # one click in the dropdown loads it
    assert page.case is not None
    assert page.case.id == "EC-09"
    assert "Royal Offering +3" in page.case_info.value
    assert nidlib.decision(page.state).kind == "pick"  # type: ignore[arg-type]
    assert "p1:pick:1W3" in [v for _, v in page.actions.options]


def test_playing_a_ruling_step_by_step_shows_events_and_outcome() -> None:
    page = lab(case="EC-09")
    steps = len(gallery.get("EC-09").actions)
    for _ in range(steps):
        page.case_step_button.click()
    assert page.case_step_button.disabled
    assert "3 + 8 = 11" in page.result.value
    assert 'data-rule="R-TRADE-2"' in page.result.value  # expandable rule
    assert "The engine did exactly this" in page.outcome.value
    s = page.state
    assert s is not None
    assert s.players[0].slots[3:5] == [nidlib.Coin.parse("3"), nidlib.Coin.parse("11")]
    page.undo_button.click()
    assert len(page.states) == steps
    assert page.outcome.value == ""


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_a_rulings_step_is_named_in_words_not_in_its_text_form(lang: str) -> None:
    """Issue 13: the step button said "Play step 1 of 3: p1:pick:W3"."""
    page = Lab(lang)
    page.case_select.value = "EC-09"
    for _ in range(len(gallery.get("EC-09").actions)):
        s = page.state
        assert s is not None
        step = gallery.resolve(s, gallery.get("EC-09").actions[page.case_step or 0])
        words = r.action_label(step, s, lang=lang)
        assert words in page.case_step_button.description
        assert not re.search(r"p[0-9]:", page.case_step_button.description), page.case_step_button.description
        page.case_step_button.click()


def test_undo_after_trying_the_rulings_own_action_keeps_the_gallery_in_step() -> None:
    page = lab(case="EC-09")
    page.case_step_button.click()  # step 1 with the gallery's button
    assert page.action_text.value == "p0:pick:1RO3"  # the text box offers step 2
    page.try_text.click()  # step 2 through the text box
    assert "Play step 3 of 3" in page.case_step_button.description
    page.undo_button.click()  # back to the position after step 1
    assert len(page.states) == 2
    assert "Play step 2 of 3" in page.case_step_button.description
    assert page.action_text.value == "p0:pick:1RO3"
    page.case_step_button.click()
    page.case_step_button.click()
    assert page.case_step_button.disabled
    assert "The engine did exactly this" in page.outcome.value


def test_an_action_off_the_rulings_path_then_undo_comes_back_to_it() -> None:
    page = lab(case="EC-09")
    page.case_step_button.click()
    page.actions.value = "p0:pick:1M1"  # not the ruling's step 2 (p0:pick:RO3)
    page.try_button.click()
    assert "Ana takes Miner 1" in page.result.value or "1M1" in page.result.value
    assert page.case_step_button.disabled  # the ruling's next step does not apply to this position
    assert "Undo" in page.case_step_button.description
    page.undo_button.click()
    assert not page.case_step_button.disabled
    assert "Play step 2 of 3" in page.case_step_button.description
    page.case_step_button.click()
    page.case_step_button.click()
    assert "The engine did exactly this" in page.outcome.value


def test_apply_a_legal_action_from_the_list() -> None:
    page = lab(case="EC-01")
    page.actions.value = "p0:pick:1W3"
    page.try_button.click()
    assert "Ana takes Warrior 3" in page.result.value
    assert 'data-rule="R-ARMY-1"' in page.result.value
    assert page.state is not None
    assert "1W3" in page.state.players[0].columns[0]


def test_illegal_action_shows_the_reason_and_changes_nothing() -> None:
    page = lab(case="EC-37")
    page.case_step_button.click()  # Ana picks the Hunter: a hero must be recruited
    before = page.state
    page.action_text.value = "p0:hero:dagda"
    page.try_text.click()
    assert "Not allowed" in page.result.value
    assert "R-HERO-DAGDA-3" in page.result.value
    assert page.state is before
    illegal = [v for label, v in page.actions.options if label.startswith("✗")]
    assert "p0:hero:dagda" in illegal


def test_unreadable_action_text_is_a_sentence() -> None:
    page = lab(case="EC-01")
    page.action_text.value = "take the warrior"
    page.try_text.click()
    assert "cannot be read" in page.result.value
    assert "Traceback" not in page.result.value


def test_broken_json_names_the_field() -> None:
    page = lab(case="EC-01")
    page.json_area.value = "{oops"
    page.json_load.click()
    assert "not valid JSON" in page.error.value
    doc = json.loads(nidlib.to_json(page.state))  # type: ignore[arg-type]
    doc["players"][0]["gem"] = "five"
    page.json_area.value = json.dumps(doc)
    page.json_load.click()
    assert "players[0].gem" in page.error.value
    assert "Traceback" not in page.error.value


def test_json_round_trip() -> None:
    page = lab(case="EC-22")
    shown = page.state
    page.json_show.click()
    other = Lab()
    other.json_area.value = page.json_area.value
    other.json_load.click()
    assert other.state == shown
    assert "Position loaded" in other.error.value


def test_editor_builds_a_position_with_scenario() -> None:
    page = Lab()
    page.n_players.value = 2
    page.phase.value = "tavern0"
    page.tavern_text[0].value = "W3 RO3 M1"
    page.tavern_text[1].value = "H H E5"
    page.tavern_text[2].value = "B M2 W4"
    a, b = page.player_editors[:2]
    a.columns[0].value = "7 Kraal"
    a.command.value = "Grid"
    a.tavern_coins.value = "0 2 4"
    a.pouch.value = "3 5b"
    b.tavern_coins.value = "2 0 3"
    b.pouch.value = "4 5b"
    page.build_button.click()
    assert "Position built" in page.error.value
    s = page.state
    assert s is not None
    assert [len(row) for row in s.taverns] == [3, 3, 3]
    assert "kraal" in s.players[0].columns[0]
    assert "grid" in s.players[0].command_zone
    assert nidlib.decision(s) == nidlib.Decision("pick", (1,))
    # a mistake names the player and the field
    a.columns[0].value = "7 99"
    page.build_button.click()
    assert "Ana › army" in page.error.value
    a.pouch.value = "3"
    a.columns[0].value = ""
    page.build_button.click()
    assert "Ana › Coins" in page.error.value


def test_editor_copies_the_position_shown() -> None:
    page = lab(case="EC-09")
    page.fill_button.click()
    page.build_button.click()
    assert "Position built" in page.error.value
    s = page.state
    assert s is not None
    original = gallery.get("EC-09").build(None)
    assert s.taverns == original.taverns
    assert [p.slots for p in s.players] == [p.slots for p in original.players]


@pytest.mark.parametrize(
    ("ec", "expected"),
    [
        # the pick: another tavern's card, and the next player jumping the queue
        ("EC-01", [("p1:pick:1W4", "R-PICK-1"), ("p0:pick:1H5", "R-ORDER-1")]),
        # +5 Royal Offerings in Age II: the trading coins (Bo's 0 here) cannot take them
        ("EC-13", [("p1:transform:p0", "R-XFORM-1")]),
        # a hero to recruit: the heroes whose prerequisite fails
        ("EC-37", [("p0:hero:dagda", "R-HERO-DAGDA-3"), ("p0:hero:hourya", "R-HERO-HOURYA-2")]),
    ],
)
def test_tempting_actions_are_well_formed_illegal_moves_refused_by_their_rule(
    ec: str, expected: list[tuple[str, str]]
) -> None:
    """What the lab offers to try: real moves of the decision at hand (parseable, not legal), each
    refused by the rule it tempts one to break, not by a malformed-action or not-an-action answer."""
    s = gallery.run(gallery.get(ec)).final
    legal = set(nidlib.legal_actions(s))
    got = []
    for a in tempting_actions(s):
        assert nidlib.parse(str(a)) == a
        assert a not in legal
        v = nidlib.check(s, a)
        assert v is not None
        got.append((str(a), v.rule))
    assert got == expected


def test_tempting_actions_respect_the_limit_and_the_end_of_the_game() -> None:
    s = gallery.run(gallery.get("EC-01")).final
    assert [str(a) for a in tempting_actions(s, limit=1)] == ["p1:pick:1W4"]
    over = gallery.run(gallery.get("EC-46")).final
    assert over.is_over
    assert tempting_actions(over) == []
