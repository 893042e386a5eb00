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

from nidlib.core.messages import render, set_language
from tests.widgets.test_page import readable, run_cells

TUTORIALS = Path(__file__).resolve().parents[2] / "tutorials"
#: the lessons a newcomer walks through (the lab and the auction/Zavandor labs are rules lawyers' tools)
LESSONS = sorted(p for p in TUTORIALS.glob("0[1-9]-*.ipynb"))

JARGON = {
    "coin code": re.compile(r"(?<![\w#-])[0-9]+[bs](?![\w-])"),
    "action text": re.compile(r"\bp[0-9]:[a-z]+:"),
    "command line": re.compile(r"nidlib score|python -m"),
    # a ruling id is fine as a small reference, "(EC-48)" or a link; not as a label or a noun
    "bare ruling id": re.compile(r"\bEC-[0-9]+"),
}


#: "(EC-24, EC-25)", "(EC-01–EC-23 and EC-27–EC-46)", "(EC-17, D-21)" after a sentence: a small reference
SMALL_REFERENCE = re.compile(
    r"[(（]\s*(?:(?:EC|D)-X?[0-9]+(?:\s*[–-]\s*EC-X?[0-9]+)?(?:\s*(?:,|、|and|和|及)\s*)?)+[)）]"
)


def words(x: Any) -> list[str]:
    """The learner's text of one cell's widget, with HTML tags, styles and scripts left out."""
    out = []
    for line in readable(x) if isinstance(x, w.Widget) else []:
        line = re.sub(r"<(style|script)\b.*?</\1>", " ", line, flags=re.DOTALL)
        # rule links and "(EC-24, EC-25)" after a title: small references, allowed
        line = re.sub(
            r"<a\b[^>]*>.*?</a>|<details class=\"nt-rule\".*?</details>", " ", line, flags=re.DOTALL
        )
        line = SMALL_REFERENCE.sub(" ", line)
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


# --- the edge-case lab (lesson 10) and the file picker (lesson 9) ---------------------------------

#: the lab's folded sections for rules lawyers, whose purpose is the engine's input forms: an action
#: typed in its text form ("p0:pick:1W7"), and the position editor and JSON document ("0 2 3 4 5b")
TEXT_FORM_FIELDS = ("nt-lab-text-form", "nt-lab-sources")


def lab_words(x: Any) -> list[str]:
    """The lab's readable text, without the two fields whose very purpose is the text form."""
    if isinstance(x, w.Widget) and any(c in getattr(x, "_dom_classes", ()) for c in TEXT_FORM_FIELDS):
        return []
    if isinstance(x, w.Box):
        return [line for child in x.children for line in lab_words(child)]
    labels = getattr(x, "_options_labels", None)
    if labels is not None:  # a menu shows its labels; its values are the page's own
        return [SMALL_REFERENCE.sub(" ", label) for label in labels]
    return words(x)


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_lab_speaks_in_words_with_ids_as_small_references(lang: str) -> None:
    """Issue 13: the lab's menus said "✓ Take Warrior 3  (p1:pick:W3)" and "EC-01 · title"; its steps
    and results showed the text form in <code>. Every ruling is loaded and played to its end, a
    refused action is tried, and a hero is chosen from cards: nothing reads as jargon."""
    from nidlib.content import gallery
    from widgets.lab import Lab

    lab = Lab(lang)
    problems: list[str] = []

    def scan(where: str) -> None:
        problems.extend(f"{where}: {p}" for text in lab_words(lab) for p in found(text))

    scan("empty")
    # the base game's rulings; Thingvellir's (EC-Xnn) wait for action labels of its new actions
    for case in (c for c in gallery.GALLERY if re.fullmatch(r"EC-[0-9]+", c.id)):
        lab.load_case(case.id)
        scan(case.id)
        for _ in case.actions:
            lab.step_case()
        scan(f"{case.id} played")
    lab.load_case(gallery.GALLERY[0].id)
    illegal = next(v for label, v in lab.actions.options if label.startswith("✗"))
    lab.try_action(illegal)
    assert "nt-message-violation" in lab.result.value
    scan("refused")
    assert not problems, "\n".join(problems[:20])


def test_the_lab_shows_a_hero_choice_as_cards() -> None:
    """Issue 13: a hero chosen in the lab is shown as cards that say why a hero is not available."""
    from widgets.lab import Lab
    from widgets.lessons import l04_heroes

    lab = Lab("en")
    s = l04_heroes.hourya_thrud(with_thrud=False)
    lab.set_state(s)
    assert lab.hero_choices.layout.display == "none"
    lab.try_action("p0:pick:1B5")
    cards = [b for b in lab.hero_choices.children if "nt-hero-choice" in b._dom_classes]
    assert cards
    hourya = next(b for b in cards if 'data-card="hourya"' in b.children[0].value)
    assert "needs at least 5 Explorer ranks" in hourya.children[0].value
    assert hourya.children[1].disabled
    kraal = next(b for b in cards if 'data-card="kraal"' in b.children[0].value)
    kraal.children[1].click()
    assert "kraal" in lab.state.players[0].heroes
    assert lab.hero_choices.layout.display == "none"


def test_the_file_picker_has_no_count_in_its_label() -> None:
    """Issue 13: "Upload .json (0)": ipywidgets writes "<description> (<count>)" into the button; the
    label is the tooltip, which the page script writes into the button (tests/browser/test_play_game.py
    checks the page), so the description stays empty and the tooltip is the catalogue's sentence."""
    from widgets.game import GameApp

    for lang in ("en", "zh-Hant", "zh-Hans"):
        game = GameApp(lang)
        assert game.upload.description == ""
        assert game.upload.tooltip == render("game.upload", lang=lang)
        assert "(" not in game.upload.tooltip
