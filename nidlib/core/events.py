"""Events: what happened and why, with the rule that decided it.

Every state change the engine makes is reported as an :class:`Event`. The
tutor shows ``event.text()``, e.g. "Ana and Bo both bid 5 on the Laughing
Goblin; Ana's gem 5 beats Bo's gem 4, so Ana picks first. [R-ORDER-2]".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from nidlib.core.messages import render


@dataclass(frozen=True, slots=True)
class Event:
    key: str  #: message id in the catalogue (nidlib/locales/en.json)
    rule: str  #: rule id from RULES.md, e.g. "R-ORDER-2"
    params: dict[str, Any] = field(default_factory=dict)
    player: int | None = None  #: the player concerned, if any
    #: None = public; otherwise only this player may see it (Pioneer's draw, Appendix F)
    visible_to: int | None = None

    def text(self, lang: str | None = None, *, cite: bool = True) -> str:
        """The learner's sentence, followed by the rule id in brackets."""
        body = render(self.key, self.params, lang)
        return f"{body} [{self.rule}]" if cite else body

    def __str__(self) -> str:
        return self.text()

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "rule": self.rule,
            "params": self.params,
            "player": self.player,
            "visible_to": self.visible_to,
            "text": self.text(),
        }
