"""Errors. Library code raises; the caller catches and shows the reason in the user's language.

* :class:`IllegalActionError` - a well-formed action the rules forbid now; it carries a
  :class:`Violation` (rule id + catalogue message) and never changes the state.
* :class:`DocumentError` - a JSON document that cannot be a state; the message names the
  field path (``players[1].hand``) and the problem.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from zavandor.messages import render


@dataclass(frozen=True, slots=True)
class Violation:
    """Why an action is illegal: the rule that forbids it and a catalogue sentence."""

    rule: str
    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def reason(self, lang: str) -> str:
        return render(self.key, self.params, lang)

    def text(self, lang: str) -> str:
        return f"{self.reason(lang)} [{self.rule}]"


class ZavandorError(Exception):
    """Base class of every error the zavandor engine raises on purpose."""


class IllegalActionError(ZavandorError, ValueError):
    def __init__(self, action: str, violation: Violation) -> None:
        self.action = action
        self.violation = violation
        self.rule = violation.rule
        super().__init__(f"illegal {action}: {violation.text('en')}")


class DocumentError(ZavandorError, ValueError):
    """A JSON document is malformed or describes an impossible position."""

    def __init__(self, path: str, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{path}: {problem}" if path else problem)
