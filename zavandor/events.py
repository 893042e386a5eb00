"""Events: what happened and why, with the rule that decided it and how sure that is.

``event.text("en")`` is a sentence followed by the rule id, e.g. "Bo wins the emerald lot with
3 emeralds (Ana bid 2). [Z-AUC-2]". ``event.confidence`` is the weakest of the rule's source
and the parameters the outcome depends on; ``event.illustrative`` says the outcome rests on an
unknown (a stand-in value) and must be shown as an illustration, not as the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from zavandor.messages import render
from zavandor.params import Confidence


@dataclass(frozen=True, slots=True)
class Event:
    key: str  #: message id in zavandor/locales/<lang>.json
    rule: str  #: rule id from zavandor/RULES.md
    params: dict[str, Any] = field(default_factory=dict)
    player: int | None = None  #: the seat concerned, if any
    confidence: Confidence = Confidence.SEED

    @property
    def illustrative(self) -> bool:
        return self.confidence is Confidence.ILLUSTRATIVE

    def text(self, lang: str, *, cite: bool = True) -> str:
        body = render(self.key, self.params, lang)
        return f"{body} [{self.rule}]" if cite else body

    def __str__(self) -> str:
        return self.text("en")

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "rule": self.rule,
            "params": self.params,
            "player": self.player,
            "confidence": str(self.confidence),
            "text": self.text("en"),
        }
