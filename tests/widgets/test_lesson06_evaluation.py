"""Lesson 6: Troop Evaluation stepped through class by class, with nidlib's events and choices."""

from __future__ import annotations

import pytest

from nidlib.core.events import Event
from widgets.lessons import l06_evaluation as lesson


def test_walkthrough_every_distinction_is_won() -> None:
    assert lesson.winners(lesson.run_to_end("walkthrough")) == {
        "warrior": "Ana",
        "hunter": "Bo",
        "miner": "Cy",
        "blacksmith": "Ana",
        "explorer": "Cy",
    }


def test_ties_give_nobody_the_distinction() -> None:
    events = lesson.run_to_end("ties")
    won = lesson.winners(events)
    assert won["warrior"] is None  # EC-24: 3 warrior cards vs a warrior and Kraal = 3 ranks each
    assert won["miner"] is None  # Ana and Bo tie with 1 miner each (EC-25's rule: a tie gives nobody)
    assert won["explorer"] is None
    assert any(e.key == "dist.pioneer-none" for e in events)  # EC-26


@pytest.mark.parametrize("key", ["walkthrough", "ties", "check"])
def test_scenarios_are_positions_a_game_can_reach(key: str) -> None:
    """Nobody owes a hero and nobody has more heroes than complete lines (R-RECRUIT-1)."""
    from nidlib.rules.engine import lines

    for p in lesson.before(key).players:
        assert lines(p) == len(p.heroes), p.name


def test_stepper_shows_the_armorer_card_and_the_hero_it_brings() -> None:
    st = lesson.EvaluationStepper("walkthrough")
    _click_through(st)
    keys = [e.key for e in st.events]
    k = keys.index("dist.armorer")  # R-DIST-ARMORER-1
    assert keys[k - 1] == "eval.win"
    assert st.events[k - 1].params["cls"] == "@class.blacksmith"
    assert keys[k + 1] == "recruit.due"
    assert "Armorer card (a blacksmith with 2 ranks)" in st.log.value
    assert "R-DIST-ARMORER-1" in st.log.value


def test_ranks_table_counts_ranks_not_cards() -> None:
    state = lesson.before("ties")
    bo = state.players[1]
    assert len(bo.columns[0]) == 2
    html = lesson.ranks_table_html(state)
    assert "King&#x27;s Hand" in html
    warrior_row = html.split("<tr>")[2]
    assert warrior_row.count('<td class="nt-num">3</td>') == 2


def _click_through(st: lesson.EvaluationStepper) -> list[str]:
    chosen = []
    for _ in range(20):
        if st.finished:
            break
        if st.panel_box.layout.display == "":
            action, button = st.panel.shown[0]
            chosen.append(str(action))
            button.click()
        else:
            st.next.click()
    return chosen


def test_stepper_reveals_one_class_at_a_time() -> None:
    st = lesson.EvaluationStepper("walkthrough")
    assert "Evaluate the next class" in st.log.value or "Press" in st.log.value
    assert st.shown == 0
    st.next.click()
    assert "King&#x27;s Hand: Warrior ranks are Ana 3, Bo 2, Cy 1" in st.log.value
    assert "Hunting Master" not in st.log.value
    # Ana must choose a coin for the King's Hand: the panel shows, Next is disabled
    assert st.panel_box.layout.display == ""
    assert st.next.disabled
    assert any(str(a).startswith("p0:transform:") for a, _ in st.panel.shown)


def test_stepper_runs_to_the_end_with_choices() -> None:
    st = lesson.EvaluationStepper("walkthrough")
    chosen = _click_through(st)
    assert st.finished
    assert [c.split(":")[1] for c in chosen] == ["transform", "hero", "keep", "hero"]
    assert "Troop Evaluation is over" in st.status.value
    assert st.after.layout.display == ""
    assert "+5" in st.log.value
    assert "gem 6" in st.log.value
    # nothing of Age II's set-up is shown in the evaluation log
    assert "Age 2 begins" not in st.log.value
    st.reset.click()
    assert st.shown == 0
    assert not st.finished
    assert len(st.controller.history) == 1


@pytest.mark.parametrize(
    ("cls", "right", "wrong"),
    [("warrior", None, "Bo"), ("hunter", "Ana", None), ("miner", "Bo", "Ana"), ("explorer", "Cy", "Bo")],
)
def test_check_answers_come_from_the_evaluation(cls: str, right: str | None, wrong: str | None) -> None:
    assert lesson.winners(lesson.run_to_end("check"))[cls] == right
    box = lesson.check("check")
    q = next(c for c in box.children if f"nt-eval-q-{cls}" in c._dom_classes)
    q.choice.value = wrong or lesson.NOBODY
    q.check.click()
    assert q.last_result is False
    q.choice.value = right or lesson.NOBODY
    q.check.click()
    assert q.last_result is True
    assert "ranks are" in q.feedback.value


def test_evaluation_events_stop_before_age_two() -> None:
    events = [Event("eval.win", "R-EVAL-3"), Event("age.start", "R-FLOW-1"), Event("eval.tie", "R-EVAL-3")]
    assert [e.key for e in lesson.evaluation_events(events)] == ["eval.win"]
