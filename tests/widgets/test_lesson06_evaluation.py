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


@pytest.mark.parametrize("key", ["walkthrough", "ties", "check", "ylud"])
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
    assert "King&#x27;s Hand: Warrior ranks are Ana 3, Bo 2 and Cy 1" in st.log.value
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


# --- issue 13: the end of Age I and II in order, Ylud in full, the Pioneer's draw ------------------


def _question(box):
    return box.children[0]


def test_r_age_1_ylud_is_placed_before_the_troop_evaluation() -> None:
    """R-AGE-1, R-HERO-YLUD-2: the stepper waits for Ylud's column before any class is evaluated,
    and her rank counts for the majority."""
    st = lesson.EvaluationStepper("ylud")
    assert st.events == []
    assert not st.panel_box.layout.display  # the choice is shown
    st.panel.button_for("p0:ylud:explorer").click()
    keys = [e.key for e in st.events]
    assert keys[0] == "ylud.placed"
    assert keys.index("ylud.placed") < keys.index("eval.win")
    while not st.finished:
        if st._waiting():
            st.panel.choice_buttons[0].click()
        else:
            st.step()
    assert lesson.winners(st.events)["explorer"] == "Ana"
    assert any(e.key == "dist.pioneer-keep" and e.params["name"] == "Ana" for e in st.events)


def test_r_hero_ylud_2_the_check_is_answered_by_evaluating_each_column() -> None:
    won = lesson.ylud_winners()
    assert won["explorer"] == "Ana"
    assert all(who != "Ana" for c, who in won.items() if c != "explorer")
    q = _question(lesson.check_ylud())
    q.choice.value = "warrior"
    q.check.click()
    assert not q.solved
    q.choice.value = "explorer"
    q.check.click()
    assert q.solved


def test_r_dist_pioneer_5_exactly_one_card_leaves_the_age_two_deck() -> None:
    before, after = lesson.pioneer_cards()
    assert before == 37  # R-COMP-3, 3 players: the scenario's armies use Age I cards only
    assert after == 36  # R-FLOW-4: Age II starts with 36 cards, like Age I
    q = _question(lesson.check_pioneer())
    q.choice.value = 1
    q.check.click()
    assert q.solved
    assert "37" in q.feedback.value
    assert "36" in q.feedback.value


def test_r_hero_thrud_5_thrud_leaves_before_final_scoring() -> None:
    """R-AGE-2: Ylud's step (stay or move, R-HERO-YLUD-3), then Thrud to the command zone, then the
    scores: without Thrud, Ana's 3 Warrior ranks tie Bo's, so each adds their highest coin (R-SCORE-2)."""
    scene = lesson.age_two()
    c = scene.controller
    assert c.state.players[0].thrud == 0  # on the Warrior column
    assert {str(a) for a, _ in scene.panel.shown} >= {"p0:ylud:explorer", "p0:ylud:warrior"}
    scene.panel.button_for("p0:ylud:explorer").click()
    assert c.state.is_over
    keys = [e.key for e in c.events]
    assert keys.index("ylud.stays") < keys.index("thrud.home") < keys.index("final.total")
    assert c.state.players[0].thrud == -1
    assert "thrud" in c.state.players[0].command_zone
    assert lesson.warrior_bonus("explorer") == ["Ana", "Bo"]
    assert lesson.warrior_bonus("warrior") == ["Ana"]  # Ylud moved to the Warriors: 4 ranks, alone
    q = _question(lesson.check_age_two())
    q.choice.value = "Ana"
    q.check.click()
    assert not q.solved
    q.choice.value = "Ana+Bo"
    q.check.click()
    assert q.solved


def test_age_two_scene_starts_from_a_position_a_game_can_reach() -> None:
    from nidlib.rules.engine import lines

    for p in lesson.age_two_spec().at_bids().build().players:
        assert lines(p) == len(p.heroes), p.name
