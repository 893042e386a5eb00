"""Predict, then check: the learner commits to an answer before any feedback is shown.

    PredictQuestion(
        "Ana and Bo both bid 5 on the Laughing Goblin. Ana has gem 5, Bo gem 4. Who picks first?",
        ["Ana", "Bo"],
        correct=lambda: scenario_first_picker(),   # computed by nidlib, not hard-coded
        explanation="The higher gem breaks the tie.",
        rule="R-ORDER-2",
    )

``correct`` is a value (compared with the chosen option's value) or a callable returning it,
called when Check is pressed, so lessons let nidlib compute answers from a scenario.
``explanation`` is a string or a callable ``(correct) -> str``. ``options=None`` asks for a
free answer typed in a text box (compared as text, e.g. a score).

After a wrong answer the learner sees "Not quite" (and the ``hint``) and can change the answer
and Check again; the explanation is revealed with the right answer, or after
``reveal_after`` wrong attempts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from widgets import render as r
from widgets.render import t
from widgets.theme import theme_widget

__all__ = ["PredictQuestion"]

Option = str | tuple[str, Any]


class PredictQuestion(w.VBox):
    """A question whose feedback stays hidden until the learner presses Check (``nt-predict-check``)."""

    def __init__(
        self,
        question: str,
        options: Sequence[Option] | None,
        correct: Any,
        explanation: str | Callable[[Any], str] = "",
        *,
        hint: str = "",
        rule: str | None = None,
        reveal_after: int = 2,
        lang: str | None = None,
        theme: bool = True,
    ) -> None:
        self.lang = lang
        self.correct = correct
        self.explanation = explanation
        self.hint = hint
        self.rule = rule
        self.reveal_after = reveal_after
        #: number of times Check was pressed with an answer; ``solved`` once right
        self.attempts = 0
        self.solved = False
        #: True/False after a Check, None before (or after the answer changed)
        self.last_result: bool | None = None
        self.question = w.HTML(f'<div class="nt-question">{escape(question)}</div>')
        self.choice: w.RadioButtons | w.Text
        if options is None:
            self.choice = w.Text(
                placeholder=t("ui.predict.answer", lang), description=t("ui.predict.answer", lang)
            )
        else:
            pairs = [(o, o) if isinstance(o, str) else (str(o[0]), o[1]) for o in options]
            self.choice = w.RadioButtons(options=pairs, value=None, layout=w.Layout(width="auto"))
        self.choice.add_class("nt-predict-choice")
        self.choice.observe(self._changed, names=["value"])
        self.check = w.Button(
            description=t("ui.predict.check", lang), button_style="primary", icon="question"
        )
        self.check.add_class("nt-predict-check")
        self.check.on_click(self._check)
        self.feedback = w.HTML("")
        self.feedback.add_class("nt-predict-feedback")
        children: list[w.Widget] = [theme_widget()] if theme else []
        super().__init__([*children, self.question, self.choice, self.check, self.feedback])
        self.add_class("nt-root")
        self.add_class("nt-predict")
        self.add_class("nt-panel")

    @property
    def answer(self) -> Any:
        """The learner's current answer (None / "" when there is none)."""
        return self.choice.value

    def _changed(self, _change: Any) -> None:
        self.feedback.value = ""  # a new answer must be checked again
        self.last_result = None

    def _solution(self) -> Any:
        return self.correct() if callable(self.correct) else self.correct

    def _matches(self, answer: Any, solution: Any) -> bool:
        if isinstance(self.choice, w.Text):
            return str(answer).strip().lower() == str(solution).strip().lower()
        return bool(answer == solution)

    def _label(self, value: Any) -> str:
        if isinstance(self.choice, w.RadioButtons):
            for label, v in self.choice.options:
                if v == value:
                    return str(label)
        return str(value)

    def _check(self, _button: Any) -> None:
        lang = self.lang
        answer = self.answer
        if answer is None or (isinstance(answer, str) and not answer.strip()):
            self.feedback.value = (
                f'<div class="nt-message nt-message-info">{escape(t("ui.predict.choose-first", lang))}</div>'
            )
            return
        try:
            solution = self._solution()
            right = self._matches(answer, solution)
            self.attempts += 1
            self.last_result = right
            self.solved = self.solved or right
            parts: list[str] = []
            if right:
                parts.append(f'<span class="nt-feedback-right">{escape(t("ui.predict.right", lang))}</span>')
            else:
                wrong = t("ui.predict.wrong", lang, answer=self._label(answer))
                parts.append(f'<span class="nt-feedback-wrong">{escape(wrong)}</span>')
                if self.hint:
                    parts.append(escape(self.hint))
                parts.append(escape(t("ui.predict.retry", lang)))
            if right or self.attempts >= self.reveal_after:
                text = self.explanation(solution) if callable(self.explanation) else self.explanation
                if text:
                    parts.append(f"<div>{escape(text)}</div>")
                if self.rule:
                    parts.append(r.rule_html(self.rule, lang=lang))
            level = "ok" if right else "error"
            self.feedback.value = (
                f'<div class="nt-message nt-message-{level}" role="status">{" ".join(parts)}</div>'
            )
        except Exception as exc:  # noqa: BLE001 - a lesson's bug is shown as a sentence, not a traceback
            err = t("ui.predict.error", lang, error=f"{type(exc).__name__}: {exc}")
            self.feedback.value = f'<div class="nt-message nt-message-error">{escape(err)}</div>'
