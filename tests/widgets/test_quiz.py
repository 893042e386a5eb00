"""PredictQuestion: feedback stays hidden until Check; answers may be computed by nidlib."""

from __future__ import annotations

import nidlib
from widgets import PredictQuestion


def test_feedback_hidden_until_check() -> None:
    q = PredictQuestion("Which is worth more?", ["A", "B"], "B", "B is worth more.")
    q.choice.value = "A"
    assert q.feedback.value == ""
    q.check.click()
    assert "Not quite" in q.feedback.value
    assert "B is worth more." not in q.feedback.value
    assert q.last_result is False
    assert q.attempts == 1
    q.choice.value = "B"
    assert q.feedback.value == ""  # a changed answer must be checked again
    q.check.click()
    assert "Right!" in q.feedback.value
    assert "B is worth more." in q.feedback.value
    assert q.solved


def test_check_without_answer_asks_for_one() -> None:
    q = PredictQuestion("?", ["A", "B"], "A")
    q.check.click()
    assert "Choose an answer first" in q.feedback.value
    assert q.attempts == 0


def test_explanation_revealed_after_repeated_wrong_answers() -> None:
    q = PredictQuestion("?", ["A", "B", "C"], "C", "Because C.", reveal_after=2, rule="R-ORDER-2")
    for wrong in ("A", "B"):
        q.choice.value = wrong
        q.check.click()
    assert "Because C." in q.feedback.value
    assert "<summary>R-ORDER-2</summary>" in q.feedback.value


def test_correct_answer_computed_by_nidlib_from_a_scenario() -> None:
    s = nidlib.new_game(3, ["Ana", "Bo", "Cy"], seed=7)
    first = max(range(3), key=lambda i: s.players[i].gem)  # tie on bids: the higher gem picks first
    for p in range(3):
        s, _ = nidlib.apply(s, nidlib.parse(f"p{p}:bid:5b,3,4/0,2"))

    def first_picker() -> int:
        return s.order[0]

    q = PredictQuestion(
        "Everyone bids 5 on the Laughing Goblin. Who picks first?",
        [(p.name, i) for i, p in enumerate(s.players)],
        first_picker,
        lambda i: f"{s.players[i].name} has the highest gem.",
    )
    q.choice.value = first
    q.check.click()
    assert "Right!" in q.feedback.value
    assert f"{s.players[first].name} has the highest gem." in q.feedback.value


def test_free_answer_and_broken_callable_are_sentences() -> None:
    q = PredictQuestion("3 hunters score?", None, lambda: 9)
    q.choice.value = " 9 "
    q.check.click()
    assert "Right!" in q.feedback.value
    bad = PredictQuestion("?", ["A"], lambda: 1 / 0)
    bad.choice.value = "A"
    bad.check.click()
    assert "could not be worked out" in bad.feedback.value
    assert "Traceback" not in bad.feedback.value
