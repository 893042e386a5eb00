"""Pages as served by `make run`: built ahead of the request by preheated kernels, shown in the
address's language, and their kernel shut down when the tab closes (widgets/preheat.py, widgets/lessons/page.py,
tools/serve.py)."""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from nidlib.core import registry
from nidlib.core.cards import CARDS, CardKind
from nidlib.core.messages import prose, render
from nidlib.rules.engine import DEFAULT_NAMES
from widgets import ruletext
from widgets.lessons import LESSONS


def first_heading(stem: str, lang: str) -> str:
    """The ``# title`` line of a lesson's prose in ``lang``."""
    return prose(stem, "intro", lang).splitlines()[0].removeprefix("# ").strip()


@pytest.mark.parametrize(
    ("stem", "lang", "control"),
    [
        ("04-army-and-heroes", "zh-Hant", "button.nt-action-button:enabled"),
        ("03-coin-trades", "zh-Hans", "button.nt-action-button:enabled"),
        ("09-play-a-game", "zh-Hant", "button.nt-game-start"),
    ],
)
def test_a_page_opened_in_chinese_is_chinese_throughout(
    page: Page,
    voila_url: str,
    open_lesson: Callable[..., Page],
    save_screenshot: Callable[[Page, str], Path],
    stem: str,
    lang: str,
    control: str,
) -> None:
    open_lesson(page, voila_url, stem, f"?lang={lang}")
    expect(page.locator(".nt-prose h1").first).to_have_text(first_heading(stem, lang))
    body = page.locator("#rendered_cells").inner_text()
    assert first_heading(stem, "en") not in body, "the English build of the page is not shown"
    # every prose section is the translation, and the navigation keeps the language
    sections = page.locator(".nt-prose")
    assert sections.count() >= 1
    for k in range(sections.count()):
        assert re.search(r"[\u4e00-\u9fff]", sections.nth(k).inner_text()), (
            f"prose section {k} is not Chinese"
        )
    k = [s for s, _, _ in LESSONS].index(stem)
    nxt = LESSONS[k + 1]
    link = page.locator("a.nt-nav-next").first
    expect(link).to_have_text(f"{render(nxt[1], lang=lang)} →")
    expect(link).to_have_attribute("href", f"{nxt[0]}.ipynb?lang={lang}")
    # the page built for the address is alive: the kernel answers a click and the page shows it
    if stem == "09-play-a-game":
        page.locator(control).first.click()
        expect(page.locator(".nt-game-table")).to_be_visible(timeout=30_000)
        expect(page.locator(".nt-game-turn")).to_contain_text("Ana", timeout=30_000)
    else:
        events = page.locator("li.nt-event")
        before = events.count()
        page.locator(control).first.click()
        expect(events).not_to_have_count(before, timeout=15_000)
        assert re.search(r"[\u4e00-\u9fff]", events.last.inner_text()), "the new events are in Chinese"
    save_screenshot(page, f"lesson{stem[:2]}-{lang}")
    # the navigation offers the same page in English
    page.locator('a.nt-nav-lang[lang="en"]').first.click()
    page.wait_for_url(f"**/{stem}.ipynb?lang=en")
    expect(page.locator(".nt-prose h1").first).to_have_text(first_heading(stem, "en"), timeout=60_000)


def kernel_exists(voila_url: str, kernel_id: str) -> bool:
    try:
        with urllib.request.urlopen(f"{voila_url}/api/kernels/{kernel_id}", timeout=5) as r:
            return bool(json.load(r)["id"] == kernel_id)
    except urllib.error.HTTPError as e:
        if e.code == 404:
            return False
        raise


def test_closing_a_page_shuts_its_kernel_down(
    page: Page, voila_url: str, open_lesson: Callable[..., Page]
) -> None:
    """Voila's page asks for its kernel's shutdown when it unloads; tools/serve.py accepts that
    same-origin request although it carries no XSRF token (else the kernel would live ~3 min)."""
    open_lesson(page, voila_url, "01-game-at-a-glance")
    match = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', page.content())
    assert match, "Voila's page names its kernel"
    kernel_id = match.group(1)
    assert kernel_exists(voila_url, kernel_id)
    page2 = page.context.new_page()  # keep the browser context alive after closing the lesson
    page.close(run_before_unload=True)
    deadline = time.monotonic() + 60  # seconds on a quiet machine; a busy one is slower
    while kernel_exists(voila_url, kernel_id):
        assert time.monotonic() < deadline, f"kernel {kernel_id} still runs 60 s after its page closed"
        time.sleep(0.25)
    page2.close()


# --- issue 13: every lesson in Chinese, and the rule explanations it links to -----------------------

CJK_LETTER = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
LATIN_LETTER = re.compile(r"[A-Za-z]")
CHINESE_SHARE = 0.85
#: Latin words a Chinese page shows by design, not counted as letters: names (players Ana, Bo...;
#: heroes keep their Latin names, RULES.md Appendix B.5; "Dwerg" is part of five heroes' names; so do the
#: expansions' cards, see _LATIN_KINDS),
#: small references (rule ids such as R-GEM-3 and EC-48, RULES.md, JSON), and the language switch
#: (each language named in its own script). A CJK character is a word character for ``\b``: hence
#: the explicit edges.
#: the expansions' proper names keep their Latin spelling too (docs/translation.md): the expansions,
#: artifacts, Gods, Giants, Valkyries, Animals and Gullinbursti
_LATIN_KINDS = (
    CardKind.ARTIFACT,
    CardKind.GOD,
    CardKind.GIANT,
    CardKind.VALKYRIE,
    CardKind.ANIMAL,
    CardKind.GULLINBURSTI,
)
_NAMES = sorted(
    {
        *DEFAULT_NAMES,
        "Dwerg",
        "Thingvellir",
        "Idavoll",
        *(c.name.split()[-1] for c in CARDS.values() if c.kind is CardKind.HERO),
        *(word for c in CARDS.values() if c.kind in _LATIN_KINDS for word in c.name.split() if word != "&"),
    },
    key=len,
    reverse=True,
)
NOT_WORDS = re.compile(
    r"(?<![A-Za-z0-9-])(?:(?:R|EC|D|X)-[A-Z0-9-]*[0-9]|RULES\.md|JSON|English|"
    + "|".join(_NAMES)
    + r")(?![A-Za-z0-9])"
)


def chinese_share(text: str) -> float:
    """CJK characters / (CJK characters + Latin letters) of what a learner reads in ``text``:
    digits and symbols are not letters, nor are names and small references (:data:`NOT_WORDS`)."""
    text = NOT_WORDS.sub(" ", text)
    cjk = len(CJK_LETTER.findall(text))
    latin = len(LATIN_LETTER.findall(text))
    return cjk / (cjk + latin) if cjk + latin else 0.0


def _answer_quizzes_until_a_rule_shows(page: Page) -> None:
    """Lesson 5 links its rules from the questions' explanations: answer (any choice, twice: the
    explanation and its rule show after two attempts) until one shows."""
    questions = page.locator(".nt-predict")
    for k in range(questions.count()):
        q = questions.nth(k)
        radios = q.locator("input[type=radio]")
        if radios.count():
            radios.first.check()
        else:
            q.locator("input[type=text], input[type=number]").first.fill("0")
        for _ in range(2):
            q.locator("button.nt-predict-check").click()
            expect(q.locator(".nt-predict-feedback .nt-message")).to_be_visible()
        if q.locator("details.nt-rule").count():
            return


def _hand_round_bids(page: Page) -> None:
    """Lesson 8: every player of the hot-seat class bids (menus by position: the labels are in the
    page's language), then the first tavern is revealed; its log links the rules."""
    page.locator("button.nt-class-start").click()
    for i in range(3):
        page.locator(f"button.nt-class-show-{i}").click()
        box = page.locator(f".nt-class-bidbox-{i}")
        for k in range(3):
            box.locator(f".nt-bid-t{k} select").select_option(index=k + 1)
        box.locator("button.nt-bid-confirm").click()
        expect(box.locator(".nt-bid-panel")).to_have_count(0)
    page.locator("button.nt-class-reveal").click()
    expect(page.locator("button.nt-class-undo")).to_be_visible()  # drawn with the log of the reveal


def _play_until_events(page: Page) -> None:
    """Lesson 9: start the game; the bots act until the learner's turn; the log links the rules."""
    page.locator("button.nt-game-start").click()
    expect(page.locator(".nt-game-table")).to_be_visible()
    auto = page.locator("button.nt-game-auto")
    if auto.is_visible():
        auto.click()


#: how each lesson that shows no rule id when it opens comes to show one (a learner's first steps)
SHOW_A_RULE: dict[str, Callable[[Page], None]] = {
    "04-army-and-heroes": lambda p: p.locator(
        ".nt-l04-cascade button.nt-action-button:enabled"
    ).first.click(),
    "05-class-formulas": _answer_quizzes_until_a_rule_shows,
    "06-troop-evaluation": lambda p: p.locator(".nt-eval button.nt-eval-next").first.click(),
    "08-classroom-auction": _hand_round_bids,
    "09-play-a-game": _play_until_events,
}


#: What an opened rule shows, read at once (``null`` if the element was redrawn closed meanwhile).
READ_RULE = """e => {
  const body = e.querySelector(':scope > .nt-rule-body');
  if (!e.isConnected || !e.open || !body) return null;
  const part = sel => body.querySelector(sel);
  const ref = part(':scope > details.nt-rule-ref');
  const text = part(':scope > .nt-rule-text');
  if (ref && e.dataset.clickRef === '1' && !ref.open) return null;
  return {
    rid: e.dataset.rule, lang: body.lang, head: part(':scope > .nt-rule-head').innerText,
    text: text.innerText, size: parseFloat(getComputedStyle(text).fontSize),
    ref_summary: ref ? ref.querySelector(':scope > summary').innerText : null,
    ref_text: ref ? ref.querySelector('.nt-rule-ref-text').innerText : null,
  };
}"""


def open_a_rule(page: Page, stem: str, *, reference: bool = False, steps: bool = True) -> dict[str, Any]:
    """Open the first visible rule id of the page (after the lesson's first steps if it has none yet,
    unless ``steps`` is false: the caller took them) with a click, and, with ``reference``, its full
    reference text too; returns what it shows (:data:`READ_RULE`). A log that is still being drawn
    replaces its rule ids by new, closed ones: the clicks are made again on the one shown then."""
    rules = page.locator("details.nt-rule:visible")
    if steps and stem in SHOW_A_RULE:
        SHOW_A_RULE[stem](page)
    expect(rules.first).to_be_visible()
    folded = False
    for _ in range(10):
        try:
            handle = rules.first.element_handle()
            handle.evaluate(f"e => {{ e.dataset.clickRef = '{int(reference)}'; }}")
            summary = handle.query_selector(":scope > summary")
            assert summary is not None
            summary.click(timeout=5_000)
            if reference:
                ref = handle.query_selector(":scope > .nt-rule-body > details.nt-rule-ref > summary")
                if ref is None or not ref.is_visible():
                    continue
                folded = not ref.evaluate("s => s.parentElement.open")
                ref.click(timeout=5_000)
            shown = handle.evaluate(READ_RULE)
        except PlaywrightError:  # the element was redrawn under the click
            continue
        if shown is not None:
            return {**shown, "ref_folded": folded} if reference else dict(shown)
    raise AssertionError(f"{stem}: no rule id stays open")


def rule_explanation_problems(shown: dict[str, Any], lang: str, where: str) -> list[str]:
    """Issue 13: what is wrong with a rule opened on a page in ``lang`` (:func:`open_a_rule` with
    ``reference``): it explains the rule in that language (the learner text of widgets/ruletext.py,
    at least 85 % Chinese letters in Chinese), at a readable size, with its id, and the full
    reference folded below it. Used by tests/browser/test_a11y.py, which opens every page once per
    language (its phone and axe checks, then this)."""
    rid = shown["rid"]
    learner = ruletext.learner_text(rid, lang)
    checks = [
        (shown["lang"] == lang, f"the explanation's lang is {shown['lang']!r}"),
        (rid in shown["head"], f"its head {shown['head']!r} does not name {rid}"),
        (learner is not None, f"{rid} has no learner text in {lang}"),
        (shown["text"] == learner, f"it shows {shown['text']!r}, not the learner text {learner!r}"),
        (lang == "en" or chinese_share(shown["text"]) >= CHINESE_SHARE, f"not Chinese: {shown['text']!r}"),
        (shown["size"] >= 15, f"the explanation is {shown['size']}px"),
        (shown["ref_folded"], "the reference text is not folded until asked for"),
        (
            shown["ref_summary"] == render("ui.rule.reference", lang=lang),
            f"reference: {shown['ref_summary']!r}",
        ),
        (registry.rule(rid).section in (shown["ref_text"] or ""), "the reference does not name its section"),
    ]
    return [f"{where}: rule {rid}: {why}" for ok, why in checks if not ok]


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_a_rule_explanation_on_a_phone(
    page: Page,
    voila_url: str,
    open_lesson: Callable[..., Page],
    save_screenshot: Callable[[Page, str], Path],
    lang: str,
) -> None:
    """Lesson 2's tie rule opened on a 390 px phone: readable text that fits the screen."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_lesson(page, voila_url, "02-bidding", f"?lang={lang}")
    rule = page.locator('details.nt-rule[data-rule="R-ORDER-2"]:visible').first
    rule.scroll_into_view_if_needed()
    rule.locator(":scope > summary").click()
    body = rule.locator(":scope > .nt-rule-body")
    text = ruletext.learner_text("R-ORDER-2", lang)
    assert text is not None
    expect(body.locator(".nt-rule-text")).to_have_text(text)
    box = body.bounding_box()
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= 390, box
    size = body.locator(".nt-rule-text").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 15
    full = save_screenshot(page, f"lesson02-390-{lang}")
    rule.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(full.with_name(f"rule-explanation-390-{lang}.png")))  # what the phone shows
