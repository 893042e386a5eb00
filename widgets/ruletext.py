"""Rule explanations a learner can read: what a rule id shows when it is clicked (issue 13).

A rule id next to a sentence (an event, a quiz answer, a score-sheet line, a gallery ruling) is a
small ``<details>``; opening it shows

* the **learner text** of the rule, plain sentences in the page's language, from the message
  catalogue (``ruletext.<RULE-ID>`` in ``nidlib/locales/<lang>/ruletext.json``), written with the
  seeds' words (RULES.md Appendix B; docs/translation.md);
* or, for a rule that has no learner text yet, a note saying so and the rule's reference text
  cleaned up for reading: no Markdown marks, no source citations (``[SEED-TW]``,
  ``[BGA:...]``, ``[GP@...]``), no confidence marks (``[I]``, ``[B]``);
* and, for rules lawyers, the full reference text of RULES.md (English, its section and sources),
  folded in a second ``<details>``.

Every rule id a lesson can link to has a learner text in every language:
``tests/test_ruletext.py`` enumerates them and fails on a missing one.

The text is at least 15 px whatever the size of the sentence the id sits in (``.nt-rule-body``
in :mod:`widgets.theme`). The HTML of one rule is built once per language and cached: an event
log repeats the same few rules many times.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from html import escape
from importlib import resources

from nidlib.core import registry
from nidlib.core.messages import get_language
from nidlib.core.messages import render as msg

__all__ = ["clean_reference", "has_learner_text", "learner_text", "rule_html"]

AREA = "ruletext"  #: the catalogue file of the learner texts, one per language
PREFIX = f"{AREA}."

#: A citation of a source in RULES.md: ``[SEED-TW]``, ``[REF-FR] p.1``, ``[GP@e57a087]``,
#: ``[GP:rules/helpers/Tavern.ts]``, ``[GP-TXT: rule.hero.509]``, ``[BGA:Player.php canRecruitHero]``,
#: ``[BGA#41169]``, ``[SEED-CN] FAQ``; confidence marks ``[A]`` ``[B]`` ``[I]`` ``[T]`` ``[?]``.
_CITATION = re.compile(
    r"`?\[(?:SEED|REF|GP|BGA)[^\]]*\]`?(?: p\.\s?\d+| FAQ| appendix \"[^\"]*\"| setup| \d{3}(?: & \d{3})?)?"
)
#: A citation used as the subject of a sentence ("[REF-FR] says ...").
_CITATION_SAYS = re.compile(r"`?\[(?:SEED|REF|GP|BGA)[^\]]*\]`? says")
#: The "Source: ...;" clause that opens the discrepancy entries (D-nn).
_SOURCE_CLAUSE = re.compile(r"^Source:[^;]*;\s*")
_CONFIDENCE = re.compile(r"\[(?:A|B|I|T|\?)\]\s*")
#: Code in backticks that names a source file or function (``recruitDwarf → transformCoin``,
#: ``modules/php/Cards.php``): dropped; a formula in backticks (``L ≥ H + 1``) keeps its text.
_CODE = re.compile(r"`([^`]*)`")
_SOURCE_CODE = re.compile(r"[A-Za-z]+[A-Z][a-z]+\w*|\.php|\.ts\b|/|::|@|\[")
#: A mention of the implementations that only source-cites (``BGA `x`;``, ``Game Park ...``) in a
#: parenthesis or after a dash: kept, they are sentences; only what became empty is removed.
_EMPTY_PARENS = re.compile(r"\(\s*(?:[;,.]\s*)*\)")
_EMPTY_DASH = re.compile(r"\s+—\s*[*_]*\s*(?:[;,.]\s*)*[*_]*\s*$")


def _strip_code(match: re.Match[str]) -> str:
    inner = match.group(1)
    return "" if _SOURCE_CODE.search(inner) else inner


def clean_reference(text: str) -> str:
    """RULES.md text made readable for a learner: no Markdown marks, no citations of sources.

    >>> clean_reference("Take `T` ([SEED-TW] 001; `[GP@e57a087]`). [I] **Both** agree.")
    'Take T. Both agree.'
    """
    text = _SOURCE_CLAUSE.sub("", text)
    text = _CITATION_SAYS.sub("One source says", text)
    text = _CITATION.sub("", text)
    text = _CONFIDENCE.sub("", text)
    text = _CODE.sub(_strip_code, text)
    text = re.sub(r"\*\*|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])|(?<![\w])_(?=\S)|(?<=\S)_(?![\w])", "", text)
    text = re.sub(r"\bBGA\s*(?=[;,.)])", "", text)
    for _ in range(3):
        text = _EMPTY_PARENS.sub("", text)
        text = re.sub(r"\s*;\s*(?=[;).,])", "", text)
        text = re.sub(r"\(\s*;\s*", "(", text)
    text = _EMPTY_DASH.sub("", text)
    text = re.sub(r"\b(?:given )?in:", ":", text)
    text = re.sub(r"\(\s+", "(", text)
    text = re.sub(r"[ \t]+([.,;:)])", r"\1", text)
    text = re.sub(r"[ \t]{2,}", " ", text)
    return "\n".join(line.strip() for line in text.strip().splitlines())


@functools.cache
def _own(lang: str) -> dict[str, str]:
    """``lang``'s own learner texts (``nidlib/locales/<lang>/ruletext.json``; no English fallback)."""
    path = resources.files("nidlib.locales").joinpath(lang, f"{AREA}.json")
    if not path.is_file():
        return {}
    texts: dict[str, str] = json.loads(path.read_text("utf-8"))
    return {key.removeprefix(PREFIX): text for key, text in texts.items()}


def has_learner_text(rule_id: str, lang: str) -> bool:
    """Whether ``lang`` itself (not the English fallback) explains ``rule_id`` to a learner."""
    return rule_id in _own(lang)


def learner_text(rule_id: str, lang: str | None = None) -> str | None:
    """The plain sentences that explain ``rule_id`` in ``lang``; ``None`` if there are none yet.

    >>> learner_text("R-GEM-3", "zh-Hant")[:9]
    '價值 6 的寶石永'
    """
    return _own(lang or get_language()).get(rule_id)


@functools.cache
def _markdown() -> Callable[[str], object]:
    import mistune

    return mistune.create_markdown(escape=True, plugins=["table", "strikethrough"])


def _reference_html(rule_id: str, lang: str) -> str:
    """The full RULES.md text of a rule (for rules lawyers), folded: section, Markdown rendered."""
    r = registry.rule(rule_id)
    body = str(_markdown()(r.text))
    return (
        f'<details class="nt-rule-ref"><summary>{escape(msg("ui.rule.reference", None, lang))}</summary>'
        f'<div class="nt-rule-ref-text" lang="en"><p class="nt-rule-section">RULES.md § {escape(r.section)}</p>'
        f"{body}</div></details>"
    )


@functools.lru_cache(maxsize=2048)
def _rule_html(rule_id: str, lang: str, open_: bool) -> str:
    head = f'<p class="nt-rule-head">{escape(msg("ui.rule.show", {"rule": rule_id}, lang))}</p>'
    try:
        reference = _reference_html(rule_id, lang)
    except KeyError:
        body = f'<p class="nt-rule-text">{escape(msg("ui.rule.missing", {"rule": rule_id}, lang))}</p>'
    else:
        text = learner_text(rule_id, lang)
        if text is not None:
            body = f'<p class="nt-rule-text">{escape(text)}</p>{reference}'
        else:
            cleaned = clean_reference(registry.rule(rule_id).text)
            body = (
                f'<p class="nt-rule-note">{escape(msg("ui.rule.no-learner-text", None, lang))}</p>'
                f'<div class="nt-rule-text nt-rule-cleaned" lang="en">{_markdown()(cleaned)}</div>{reference}'
            )
    is_open = " open" if open_ else ""
    return (
        f'<details class="nt-rule" data-rule="{escape(rule_id)}"{is_open}>'
        f"<summary>{escape(rule_id)}</summary>"
        f'<div class="nt-rule-body" lang="{escape(lang)}">{head}{body}</div></details>'
    )


def rule_html(rule_id: str, *, lang: str | None = None, open_: bool = False) -> str:
    """A rule id as an expandable ``<details>``: the summary is the id; opened, the learner text
    in ``lang`` (or the cleaned reference text with a note), then the full reference, folded."""
    return _rule_html(rule_id, lang or get_language(), open_)
