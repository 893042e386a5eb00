"""Errors. Library code raises; the tutor catches and shows ``reason`` in the page.

* :class:`IllegalActionError` - a well-formed action that the rules forbid here.
  It carries a :class:`Violation` (rule id + catalogue message) and never
  changes the state.
* :class:`InvalidActionError` - malformed input (unknown card, bad text).
* :class:`DocumentError` - a JSON document or score sheet that cannot be a
  state: the message names the field path and the problem.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from nidlib.core.messages import render


@dataclass(frozen=True, slots=True)
class Violation:
    """Why an action is illegal: the rule that forbids it and a plain sentence."""

    rule: str
    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def reason(self, lang: str | None = None) -> str:
        return render(self.key, self.params, lang)

    def text(self, lang: str | None = None) -> str:
        return f"{self.reason(lang)} [{self.rule}]"

    def __str__(self) -> str:
        return self.text()


class NidError(Exception):
    """Base class of every error nidlib raises on purpose."""


class IllegalActionError(NidError, ValueError):
    def __init__(self, action: object, violation: Violation) -> None:
        self.action = action
        self.violation = violation
        self.rule = violation.rule
        super().__init__(f"illegal {action}: {violation.text()}")


class InvalidActionError(NidError, ValueError):
    def __init__(self, text: str, rule: str | None = None) -> None:
        self.rule = rule
        super().__init__(text)


class DocumentError(NidError, ValueError):
    """A JSON document is malformed or describes an impossible position."""

    def __init__(self, path: str, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{path}: {problem}" if path else problem)
