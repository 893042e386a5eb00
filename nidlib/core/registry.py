"""The rule registry: the id, section and text of every rule in RULES.md.

``nidlib/data/rules.json`` is generated from ``RULES.md`` by ``tools/extract_rules.py``
(``make rules``); do not edit it by hand. Every event, error and test in the project cites
one of these ids: base rules (``R-TRADE-2``), edge cases (``EC-09``, ``EC-X01``), disagreements
(``D-25``, ``D-X01``) and the expansion rules of Appendix A (``X-TH-3``, ``X-TH-ART-FAFNIR-1``,
``X-ID-GOD-LOKI-2``, ``X-BOTH-1``)::

    >>> rule("R-GEM-3").section
    '8. Gem exchange'
    >>> rule("R-TREAS-1").confidence
    'A'
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Literal, cast

__all__ = ["ID_PATTERN", "RULES", "Confidence", "RuleText", "rule", "rule_ids", "section_ids"]

ID_PATTERN = r"(?:R-[A-Z]+(?:-[A-Z]+)*-\d+|EC-X?\d{2}|D-X?\d{2}|X-(?:TH|ID)(?:-[A-Z]+)*-\d+|X-BOTH-\d+)"
"""A regular expression for every id form RULES.md defines (its §0.1 and Appendix A "Identifiers").

``R-<AREA>-n``, ``R-HERO-<NAME>-n``, ``R-DIST-<NAME>-n``; ``EC-nn``, ``EC-Xnn``; ``D-nn``, ``D-Xnn``;
``X-TH-n``, ``X-ID-n``, ``X-TH-<AREA>[-<NAME>]-n``, ``X-ID-<AREA>[-<NAME>]-n``; ``X-BOTH-n``. The same
pattern as ``tools/extract_rules.py``'s ``ID`` (a test keeps them equal). Matching it says nothing about
whether RULES.md defines the id: look it up in :data:`RULES`.
"""

Confidence = Literal["A", "B", "I", "T", "?"]
"""A: publisher material; B: rulebook translation only; I: implementation-derived; ?: engine choice;
T (Appendix A only): stated by one rule text only."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleText:
    """One rule (or edge case ``EC-nn``/``EC-Xnn``, disagreement ``D-nn``/``D-Xnn``, expansion rule ``X-...``)."""

    id: str
    """The stable id, e.g. ``"R-TREAS-1"``."""
    section: str
    """The heading the rule sits under, e.g. ``"5.1 Bid revelation and order"``."""
    confidence: Confidence | None
    """The confidence tag printed after the id, or ``None`` when there is none."""
    text: str
    """The rule's wording (markdown, lightly cleaned)."""
    section_number: int | None = None
    """The top-level section 1-15 of RULES.md; ``None`` in the appendices."""
    title: str | None = None
    """The short title some rules carry after their id (``R-SCORE-2 Warrior``)."""

    def __str__(self) -> str:
        return f"{self.id}: {self.text}"


def _as_optional_str(value: object, field: str, rule_id: str) -> str | None:
    if value is None or isinstance(value, str):
        return value
    msg = f"rules.json: {rule_id}.{field} must be a string or null, got {value!r}"
    raise TypeError(msg)


def _load() -> Mapping[str, RuleText]:
    raw = json.loads(resources.files("nidlib.data").joinpath("rules.json").read_text(encoding="utf-8"))
    if not isinstance(raw, dict):
        msg = "rules.json must hold an object keyed by rule id"
        raise TypeError(msg)
    rules: dict[str, RuleText] = {}
    for key, entry in raw.items():
        if not isinstance(entry, dict) or entry.get("id") != key:
            msg = f"rules.json: entry {key!r} is malformed"
            raise TypeError(msg)
        confidence = _as_optional_str(entry.get("confidence"), "confidence", key)
        if confidence not in (None, "A", "B", "I", "T", "?"):
            msg = f"rules.json: {key}.confidence must be A, B, I, T, ? or null, got {confidence!r}"
            raise ValueError(msg)
        number = entry.get("section_number")
        if number is not None and not isinstance(number, int):
            msg = f"rules.json: {key}.section_number must be an integer or null, got {number!r}"
            raise TypeError(msg)
        rules[key] = RuleText(
            id=key,
            section=str(entry["section"]),
            confidence=cast(Confidence | None, confidence),
            text=str(entry["text"]),
            section_number=number,
            title=_as_optional_str(entry.get("title"), "title", key),
        )
    return MappingProxyType(rules)


RULES: Mapping[str, RuleText] = _load()
"""Every rule id defined in RULES.md, mapped to its text (read-only)."""


def rule(rule_id: str) -> RuleText:
    """The rule with this id.

    :raises KeyError: if RULES.md defines no such id; the message suggests the closest ids.
    """
    try:
        return RULES[rule_id]
    except KeyError:
        close = difflib.get_close_matches(rule_id.upper(), RULES.keys(), n=5, cutoff=0.6)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        msg = f"unknown rule id {rule_id!r}: RULES.md defines no such rule{hint}"
        raise KeyError(msg) from None


def rule_ids(prefix: str = "R-") -> tuple[str, ...]:
    """All ids starting with ``prefix`` (``"R-"``, ``"EC-"``, ``"EC-X"``, ``"D-"``, ``"X-"``, ``"R-GEM-"``...), sorted.

    ``"EC-"`` and ``"D-"`` include the expansion ids ``EC-Xnn`` and ``D-Xnn``.
    """
    return tuple(sorted(rid for rid in RULES if rid.startswith(prefix)))


def section_ids(sections: Iterable[int] = range(1, 14)) -> tuple[str, ...]:
    """The ``R-`` rule ids defined in the given top-level sections of RULES.md (default §1-13), sorted."""
    wanted = frozenset(sections)
    return tuple(
        sorted(
            rid
            for rid, text in RULES.items()
            if rid.startswith("R-") and text.section_number is not None and text.section_number in wanted
        )
    )
