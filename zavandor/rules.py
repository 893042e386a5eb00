"""The rule ids of the engine, read from ``zavandor/RULES.md`` (the one place their wording lives).

>>> rule("Z-TIE-1").confidence
'B'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    text: str
    confidence: str  #: A, B, C (AUCTIONS.md levels) or M (a modelling choice of this engine)
    source: str

    def __str__(self) -> str:
        return f"{self.id} ({self.confidence}): {self.text} [{self.source}]"


_ROW = re.compile(r"^\| (Z-[A-Z]+-\d+) \| (.+?) \| ([ABCM]) \| (.+?) \|$", re.MULTILINE)


@cache
def rules() -> dict[str, Rule]:
    """Every rule of RULES.md by id, in table order."""
    text = resources.files("zavandor").joinpath("RULES.md").read_text("utf-8")
    return {m[1]: Rule(m[1], m[2], m[3], m[4]) for m in _ROW.finditer(text)}


def rule(rule_id: str) -> Rule:
    """The rule ``rule_id``; ``KeyError`` naming the id when RULES.md does not define it."""
    table = rules()
    if rule_id not in table:
        msg = f"no rule {rule_id!r} in zavandor/RULES.md"
        raise KeyError(msg)
    return table[rule_id]
