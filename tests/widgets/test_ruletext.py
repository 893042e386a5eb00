"""Issue 13, "Rule explanations a learner can read": what opening a rule id shows (widgets/ruletext.py).

Every rule id a lesson can link to has a learner text in English, Traditional and Simplified Chinese;
the texts are plain sentences (no Markdown, no citations of sources); the popup shows the id, the text
in the page's language and, folded, the full reference text; a rule without a learner text shows its
reference text cleaned up, with a note that says so.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import nidlib
from nidlib.content import gallery
from nidlib.core import registry
from nidlib.core.events import Event
from nidlib.core.messages import LANGUAGES, render, set_language
from nidlib.rules.legal import legal_actions
from nidlib.tools.bots import random_action
from tests.widgets.test_page import readable, run_cells
from widgets import ruletext
from widgets.render import rule_html

REPO = Path(__file__).resolve().parents[2]
RULE_ID = re.compile(r"""["']((?:R|EC|D)-[A-Z0-9-]*[0-9])["']""")
LINK = re.compile(r'<details class="nt-rule" data-rule="([^"]+)"')
#: where the rule ids that a lesson shows come from: the lessons and widgets themselves (quiz answers,
#: callouts, score-sheet rows), and the engine whose events, refusals and score lines the lessons
#: show with their rule id (lesson 9 plays whole games, lesson 10 tries any action)
SOURCES = [
    *(REPO / "widgets").rglob("*.py"),
    *(REPO / "nidlib" / "rules").glob("*.py"),
    *(REPO / "nidlib" / "core").glob("*.py"),
    *(REPO / "nidlib" / "tools").glob("*.py"),
]
#: expansion rules (Thingvellir, X-..., EC-Xnn, D-Xnn) appear in no lesson of the base game; the lab's
#: gallery may load a Thingvellir ruling: its rules show the cleaned reference text with a note
EXPANSION = re.compile(r"^(?:X-|EC-X|D-X)")
LESSONS = sorted((REPO / "tutorials").glob("[01][0-9]-*.ipynb"))[:10]


def _cited_in_code() -> set[str]:
    found = {m.group(1) for path in SOURCES for m in RULE_ID.finditer(path.read_text("utf-8"))}
    return {rid for rid in found if rid in registry.RULES and not EXPANSION.match(rid)}


def _cited_by_play() -> set[str]:
    """The rules of every event of seeded random games (2-5 players), of every gallery ruling played
    out, and of every line of their final score sheets."""
    rules: set[str] = set()
    for seed in range(6):
        for players in (2, 3, 4, 5):
            events: list[Event] = []
            s = nidlib.new_game(players, seed=seed, events=events)
            rng = random.Random(seed)
            while nidlib.decision(s) is not None:
                s, new = nidlib.apply(s, random_action(s, rng))
                events += new
            rules |= {e.rule for e in events}
            rules |= {line.rule for p in nidlib.final_scores(s).players for line in p.lines}
    for case in gallery.GALLERY:
        rules |= set(case.rules)
    return {rid for rid in rules if not EXPANSION.match(rid)}


def _linked_by_pages() -> set[str]:
    """The rule ids each lesson page (1-10) links to once its cells have run."""
    ids: set[str] = set()
    for nb in LESSONS:
        for x in run_cells(nb):
            for line in readable(x):
                ids |= set(LINK.findall(line.replace("\\'", "'").replace('\\"', '"')))
    return ids


@pytest.fixture(scope="module")
def pages() -> set[str]:
    set_language("en")
    return _linked_by_pages()


@pytest.fixture(scope="module")
def linked(pages: set[str]) -> set[str]:
    return _cited_in_code() | _cited_by_play() | pages


def test_the_enumeration_finds_the_lessons_links(pages: set[str], linked: set[str]) -> None:
    """The enumeration really reads the code, the games and the pages (so the next test can fail)."""
    assert {"R-GEM-3", "R-ORDER-2", "R-SCORE-10", "R-TREAS-1", "R-HERO-THRUD-5", "EC-09"} <= linked
    # lesson 2's event log, lesson 3's trade, lesson 7's score sheets, as the pages open
    assert {"R-ORDER-2", "R-TRADE-2", "R-SCORE-4", "R-SCORE-10", "EC-48"} <= pages
    assert pages <= linked
    assert len(linked) >= 80


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_a_lesson_links_to_has_a_learner_text(linked: set[str], lang: str) -> None:
    missing = sorted(rid for rid in linked if not ruletext.has_learner_text(rid, lang))
    assert not missing, (
        f"{len(missing)} rule ids a lesson links to have no learner text in "
        f"nidlib/locales/{lang}/ruletext.json: {', '.join(missing)}"
    )


#: Thingvellir: the ids its events, refusals and score lines cite (the engine, RULES.md A.1), the ids of
#: the gallery's Thingvellir rulings, their rules and the disagreements (D-Xnn) their outcomes cite, and
#: the anchor rules X-TH-1..X-TH-13 of RULES.md A.1
X_TH_ID = re.compile(r"\bX-TH-[A-Z0-9-]*[0-9]\b")
D_X_ID = re.compile(r"\bD-X[0-9]{2}\b")
THINGVELLIR_SOURCES = [*(REPO / "nidlib" / "rules").glob("*.py"), *(REPO / "nidlib" / "core").glob("*.py")]
THINGVELLIR_CATALOGUE = [REPO / "nidlib" / "locales" / "en" / f for f in ("gallery.json", "thingvellir.json")]


def _thingvellir_rules() -> set[str]:
    """Every Thingvellir rule id a learner can meet: in the engine's code, in the gallery's EC-X rulings
    (and the D-X ids their texts cite), in seeded random Thingvellir games (2-5 players: events and
    final score lines), and the A.1 anchors."""
    rules = {m.group(0) for path in THINGVELLIR_SOURCES for m in X_TH_ID.finditer(path.read_text("utf-8"))}
    rules |= {m.group(0) for path in THINGVELLIR_CATALOGUE for m in D_X_ID.finditer(path.read_text("utf-8"))}
    rules |= {f"X-TH-{n}" for n in range(1, 14)}
    for case in gallery.GALLERY:
        if case.id.startswith("EC-X"):
            rules |= {case.id, *case.rules}
    for seed in range(3):
        for players in (2, 3, 4, 5):
            events: list[Event] = []
            s = nidlib.new_game(players, seed=seed, expansions=("thingvellir",), events=events)
            rng = random.Random(seed)
            while nidlib.decision(s) is not None:
                s, new = nidlib.apply(s, random_action(s, rng))
                events += new
            rules |= {e.rule for e in events}
            rules |= {line.rule for p in nidlib.final_scores(s).players for line in p.lines}
    return rules


@pytest.fixture(scope="module")
def thingvellir() -> set[str]:
    return _thingvellir_rules()


def test_the_thingvellir_enumeration_finds_the_engine_the_gallery_and_the_games(
    thingvellir: set[str],
) -> None:
    """The Thingvellir enumeration really reads the engine, the gallery and played games."""
    # gallery rulings and their rules; a disagreement cited by an outcome; engine-only ids
    assert {"EC-X01", "EC-X36", "X-TH-ART-VIDOFNIR-1", "D-X11", "X-TH-ART-JARNGLOFI-4"} <= thingvellir
    # games: a Camp visit and its leftover, enlistment, the end-of-game Brisingamens discard
    assert {"X-TH-4", "X-TH-5", "X-TH-8", "X-TH-ART-BRISINGAMENS-3"} <= thingvellir
    assert {f"X-TH-{n}" for n in range(1, 14)} <= thingvellir
    assert thingvellir <= set(registry.RULES), sorted(thingvellir - set(registry.RULES))
    assert len({rid for rid in thingvellir if EXPANSION.match(rid)}) >= 90


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_thingvellir_rule_a_learner_meets_has_a_learner_text(thingvellir: set[str], lang: str) -> None:
    missing = sorted(rid for rid in thingvellir if not ruletext.has_learner_text(rid, lang))
    assert not missing, (
        f"{len(missing)} Thingvellir rule ids a learner can meet have no learner text in "
        f"nidlib/locales/{lang}/ruletext.json: {', '.join(missing)}"
    )


#: Idavoll (RULES.md A.2, A.3, A.4.4): every rule of the expansion and of both together (each one is a
#: rule a learner can meet: the engine cites them, the lessons to come explain them), its rulings
#: EC-X37..EC-X56, the disagreements (D-Xnn) that the engine's Idavoll rules and rulings adopt, and
#: every rule id of seeded Idavoll games (alone and with Thingvellir, 2-5 players)
X_ID_ID = re.compile(r"\b(?:X-ID|X-BOTH)-[A-Z0-9-]*[0-9]\b")
IDAVOLL_D_X = {f"D-X{n:02d}" for n in (3, 4, 5, 6, 7, 8, 9, 19, 20, 23, 24)}


def _idavoll_rules() -> set[str]:
    rules = {rid for rid in registry.RULES if X_ID_ID.fullmatch(rid)}
    rules |= {f"EC-X{n}" for n in range(37, 57)}
    rules |= IDAVOLL_D_X
    rules |= {m.group(0) for path in THINGVELLIR_SOURCES for m in X_ID_ID.finditer(path.read_text("utf-8"))}
    for seed in range(3):
        for players in (2, 3, 4, 5):
            for expansions in (("idavoll",), ("thingvellir", "idavoll")):
                events: list[Event] = []
                s = nidlib.new_game(players, seed=seed, expansions=expansions, events=events)
                rng = random.Random(seed)
                while nidlib.decision(s) is not None:
                    s, new = nidlib.apply(s, rng.choice(legal_actions(s)))
                    events += new
                rules |= {e.rule for e in events}
                rules |= {line.rule for p in nidlib.final_scores(s).players for line in p.lines}
    return rules


@pytest.fixture(scope="module")
def idavoll() -> set[str]:
    return _idavoll_rules()


def test_the_idavoll_enumeration_finds_the_rules_the_rulings_and_the_games(idavoll: set[str]) -> None:
    assert {"X-ID-1", "X-ID-GOD-LOKI-4", "X-BOTH-7", "EC-X37", "EC-X56", "D-X24"} <= idavoll
    # games: the Mythology line of the score sheet, a Valkyrie's notch, a capture
    assert {"X-ID-10", "X-ID-VALK-BRYNHILDR-1", "X-ID-8"} <= idavoll
    assert idavoll <= set(registry.RULES), sorted(idavoll - set(registry.RULES))
    assert len({rid for rid in idavoll if re.match(r"^(?:X-ID|X-BOTH|EC-X|D-X)", rid)}) >= 117


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_idavoll_rule_a_learner_meets_has_a_learner_text(idavoll: set[str], lang: str) -> None:
    missing = sorted(rid for rid in idavoll if not ruletext.has_learner_text(rid, lang))
    assert not missing, (
        f"{len(missing)} Idavoll rule ids a learner can meet have no learner text in "
        f"nidlib/locales/{lang}/ruletext.json: {', '.join(missing)}"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_expansion_engine_choices_say_so(lang: str) -> None:
    """An expansion rule (Thingvellir, Idavoll, both) that RULES.md marks ENGINE CHOICE says so in its
    learner text."""
    says = {"en": "engine choice", "zh-Hant": "引擎選擇", "zh-Hans": "引擎选择"}[lang]
    choices = [
        rid
        for rid, r in registry.RULES.items()
        if re.match(r"^(?:X-TH-|X-ID-|X-BOTH-|EC-X|D-X)", rid) and "ENGINE CHOICE" in r.text
    ]
    assert {"X-TH-MERC-2", "X-ID-GOD-FREYA-2", "X-BOTH-4", "EC-X53"} <= set(choices)
    bad = [
        rid
        for rid in choices
        if (text := ruletext.learner_text(rid, lang)) is not None and says not in text.lower()
    ]
    assert not bad, f"{lang}: learner texts that hide an engine choice: {bad}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_learner_texts_are_plain_sentences(lang: str) -> None:
    """No Markdown, no citation of a source, no RULES.md id of another rule, a full stop at the end;
    and every text explains a rule RULES.md defines."""
    bad = []
    for rid in registry.RULES:
        text = ruletext.learner_text(rid, lang)
        if text is None:
            continue
        for name, rx in {
            "Markdown": r"`|\*|\[|\]|^#|\|",
            "source": r"SEED|REF-|GP[@:-]|BGA|Game Park|\.php|\.ts\b",
            "rule id": r"\b(?:R|EC|D|X)-[A-Z0-9]+-?\d*\b",
        }.items():
            if re.search(rx, text):
                bad.append(f"{rid}: {name} in {text!r}")
        if not text.endswith(("." if lang == "en" else "。", ")" if lang == "en" else "）")):
            bad.append(f"{rid}: no full stop at the end of {text!r}")
    assert not bad, "\n".join(bad)
    own = ruletext._own(lang)
    assert set(own) <= set(registry.RULES), (
        f"texts for unknown rules: {sorted(set(own) - set(registry.RULES))}"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_popup_shows_the_id_the_learner_text_and_the_folded_reference(lang: str) -> None:
    html = rule_html("R-GEM-3", lang=lang)
    assert html.startswith('<details class="nt-rule" data-rule="R-GEM-3">')
    assert "<summary" in html
    assert ">R-GEM-3</summary>" in html
    assert render("ui.rule.show", {"rule": "R-GEM-3"}, lang) in html
    assert f'<div class="nt-rule-body" lang="{lang}">' in html
    text = ruletext.learner_text("R-GEM-3", lang)
    assert text
    assert f'<p class="nt-rule-text">{text}</p>' in html
    # the full reference, for rules lawyers: folded, in English, with its section
    ref = html[html.index('<details class="nt-rule-ref">') :]
    assert render("ui.rule.reference", None, lang) in ref
    assert "8. Gem exchange" in ref
    assert "Gem 6 is never exchanged" in ref
    assert "<details" not in html[: html.index('<details class="nt-rule-ref">')].removeprefix("<details")
    assert "`" not in html


def test_a_rule_without_learner_text_shows_its_cleaned_reference_with_a_note() -> None:
    rid = next(r for r in registry.rule_ids("R-") if not ruletext.has_learner_text(r, "zh-Hant"))
    html = rule_html(rid, lang="zh-Hant")
    assert render("ui.rule.no-learner-text", None, "zh-Hant") in html
    assert 'class="nt-rule-text nt-rule-cleaned" lang="en"' in html
    body = html[: html.index('<details class="nt-rule-ref">')]
    assert not re.search(r"`|\[(?:SEED|REF|GP|BGA)", body), body


@pytest.mark.parametrize(
    ("text", "cleaned"),
    [
        ("Take `T` ([SEED-TW] 001; `[GP@e57a087]`). [I] **Both** agree.", "Take T. Both agree."),
        ('[REF-FR] says "the last *Dwarf* card".', 'One source says "the last Dwarf card".'),
        ("A rule (`[BGA:Player.php canRecruitHero]`, `[GP:rules/helpers/Tavern.ts]`).", "A rule."),
        ("Source: [SEED-TW] 001; Claim: cards.", "Claim: cards."),
        ("see R-SCORE-3..5 and `L ≥ H + 1`", "see R-SCORE-3..5 and L ≥ H + 1"),
    ],
)
def test_clean_reference(text: str, cleaned: str) -> None:
    assert ruletext.clean_reference(text) == cleaned


def test_every_reference_text_cleans_up_without_citations() -> None:
    for rid, r in registry.RULES.items():
        cleaned = ruletext.clean_reference(r.text)
        assert not re.search(r"`|\*\*|\[(?:SEED|REF|GP|BGA)[^\]]*\]|\[[ABIT?]\]", cleaned), (rid, cleaned)
        assert cleaned, rid


def test_an_unknown_rule_says_so() -> None:
    html = rule_html("R-NOPE-1", lang="zh-Hans")
    assert render("ui.rule.missing", {"rule": "R-NOPE-1"}, "zh-Hans") in html
