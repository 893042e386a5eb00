"""Issue 13: jargon never reaches a learner. Everything a learner can read on the lesson pages (every
notebook's cells run as a kernel would, in each language) is scanned for the engine's and the
developers' words: the coin code "5b", an action's text form ("p1:pick:W3"), the command line
("nidlib score") and a ruling's bare id used as a label ("EC-51: ..."); ids stay only as small
references in parentheses or links.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

from nidlib.core.messages import set_language
from tests.widgets.test_page import readable, run_cells

TUTORIALS = Path(__file__).resolve().parents[2] / "tutorials"
#: the lessons a newcomer walks through (the lab and the auction/Zavandor labs are rules lawyers' tools)
LESSONS = sorted(p for p in TUTORIALS.glob("*.ipynb") if re.match(r"(?:0[1-9]|16)-", p.name))

JARGON = {
    "coin code": re.compile(r"(?<![\w#-])[0-9]+[bs](?![\w-])"),
    "action text": re.compile(r"\bp[0-9]:[a-z]+:"),
    "command line": re.compile(r"nidlib score|python -m"),
    # a ruling id is fine as a small reference, "(EC-48)" or a link; not as a label or a noun
    "bare ruling id": re.compile(r"\bEC-[0-9]+"),
}


def words(x: Any) -> list[str]:
    """The learner's text of one cell's widget, with HTML tags, styles and scripts left out."""
    out = []
    for line in readable(x) if isinstance(x, w.Widget) else []:
        line = re.sub(r"<(style|script)\b.*?</\1>", " ", line, flags=re.DOTALL)
        # rule links and "(EC-24, EC-25)" after a title: small references, allowed
        line = re.sub(
            r"<a\b[^>]*>.*?</a>|<details class=\"nt-rule\".*?</details>", " ", line, flags=re.DOTALL
        )
        line = re.sub(r"[(（]\s*(?:EC-[0-9]+[\s,、]*)+[)）]", " ", line)
        line = re.sub(r"<[^>]+>", " ", line)
        out.append(line)
    return out


def found(text: str) -> list[str]:
    return [
        f"{name}: {m.group(0)!r} in …{text[max(0, m.start() - 60) : m.end() + 40]}…"
        for name, rx in JARGON.items()
        for m in rx.finditer(text)
    ]


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
@pytest.mark.parametrize("nb", LESSONS, ids=lambda p: p.stem)
def test_no_jargon_reaches_a_learner(nb: Path, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", f"lang={lang}")
    set_language(lang)
    try:
        shown = run_cells(nb)
    finally:
        set_language("en")
    problems = [p for x in shown for text in words(x) for p in found(text)]
    assert not problems, "\n".join(problems)


PROSE = Path(__file__).resolve().parents[2] / "nidlib" / "locales"
#: (term, the lesson that teaches it) per language; an earlier lesson may use the term only in a
#: paragraph that says what it is and points to that lesson
EARLY_TERMS = {
    "en": [("Grid", "lesson 4"), ("King's Hand", "lesson 6"), ("Troop Evaluation", "lesson 6")],
    "zh-Hant": [("Grid", "第 4 課"), ("首相", "第 6 課"), ("校閱部隊", "第 6 課")],
    "zh-Hans": [("Grid", "第 4 课"), ("首相", "第 6 课"), ("校阅部队", "第 6 课")],
}


@pytest.mark.parametrize("lang", sorted(EARLY_TERMS))
def test_terms_are_introduced_where_lessons_3_and_4_first_use_them(lang: str) -> None:
    """Issue 13: Grid and the King's Hand appeared in lesson 3 and the Troop Evaluation in lesson 4
    before any lesson had taught them."""
    problems = []
    for stem, number in (("03-coin-trades", 3), ("04-army-and-heroes", 4)):
        text = (PROSE / lang / "prose" / f"{stem}.md").read_text("utf-8")
        for paragraph in re.split(r"\n\s*\n", text):
            for term, pointer in EARLY_TERMS[lang]:
                taught_here = str(number) in pointer  # the lesson that teaches the term
                if term in paragraph and not taught_here and pointer not in paragraph:
                    problems.append(f"{stem}: {term!r} without {pointer!r}: {paragraph[:120]}")
    assert not problems, "\n".join(problems)
