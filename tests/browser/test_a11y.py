"""Any device, any way of using it: every page, in English, Traditional and Simplified Chinese, fits a
phone (390 px) with no sideways scrolling and passes axe-core with no serious or critical violation;
lesson 9 is playable with a thumb, a Thingvellir decision's long labels included; a Chinese page reads
Chinese and explains the rule behind a rule id in Chinese; a keyboard-only learner bids in lesson 2,
always sees where the focus is, and keeps it after Confirm.

Offline (formerly tests/browser/test_offline.py, which opened the same 18 pages once more): while the
English run of a page is open, every request to a host other than the tutor's own server is aborted and
recorded (a classroom without the internet; Voila's stock template used to ask a CDN for Font Awesome's
CSS on every page), and the page's load shows no browser console error.

axe-core is vendored (tests/browser/vendor/axe.min.js, ``npm pack axe-core@4``, MPL-2.0; see
vendor/README.md) so the suite needs no network. Each page is opened once per language, at phone
size, for every check.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import ConsoleMessage, Page, Route, expect

import nidlib
from nidlib.content.scenario import Scenario
from nidlib.core.messages import render
from nidlib.core.serialize import state_to_dict
from widgets.render import action_label

from .test_pages import (
    CHINESE_SHARE,
    NOT_WORDS,
    chinese_share,
    first_heading,
    open_a_rule,
    rule_explanation_problems,
)

HERE = Path(__file__).resolve().parent
AXE = HERE / "vendor" / "axe.min.js"
PAGES = sorted(p.stem for p in (HERE.parents[1] / "tutorials").glob("*.ipynb"))
LANGS = ("en", "zh-Hant", "zh-Hans")
#: the pages that link Nidavellir's rules (and whose text is checked for Chinese): the lessons, the lab
#: and Thingvellir; the landing page, the auction lab (11, 12) and the Zavandor pages (13-15) cite none
RULE_PAGES = frozenset(p for p in PAGES if p[:2].isdigit() and not 11 <= int(p[:2]) <= 15)
PHONE = {"width": 390, "height": 844}
THUMB_PX = 40
LOCAL = {"127.0.0.1", "localhost"}

OVERFLOW_JS = """width => {
  // nothing may pass the right edge, except inside a container meant to scroll sideways on its
  // own (class nt-scroll-x, overflow-x: auto: wide data tables); text an ellipsis cuts inside a
  // card or cell (overflow hidden on an nt- element that itself fits) is not past the edge
  const allowed = el => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (a.classList.contains('nt-scroll-x') && (s.overflowX === 'auto' || s.overflowX === 'scroll')) return true;
      if ([...a.classList].some(c => c.startsWith('nt-')) && !a.classList.contains('nt-root')
          && s.overflowX === 'hidden' && a.getBoundingClientRect().right <= width + 0.5) return true;
    }
    return false;
  };
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.right <= width + 0.5 || allowed(el)) continue;
    const cls = (typeof el.className === 'string' ? el.className : '').split(/\\s+/).filter(Boolean);
    const where = cls.length ? '' : ` in ${(el.parentElement && el.parentElement.className) || '?'}: "${(el.textContent || '').trim().slice(0, 40)}"`;
    out.push(`${el.tagName.toLowerCase()}.${cls.slice(0, 3).join('.')} right=${Math.round(r.right)}${where}`);
  }
  return {scrollWidth: document.documentElement.scrollWidth, over: out,
          maxRight: Math.round(Math.max(0, ...[...document.querySelectorAll('body *')]
            .filter(e => !allowed(e)).map(e => e.getBoundingClientRect().right)))};
}"""

AXE_JS = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations']});
  return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' :: ' + n.failureSummary.split('\\n')[1]),
    count: v.nodes.length,
  }));
}"""

BUTTONS_JS = """min => {
  const seen = [...document.querySelectorAll(['button', 'select', 'input', 'textarea', '.widget-label']
      .map(s => '#rendered_cells ' + s).join(', '))]
    .filter(b => b.offsetParent !== null && b.getBoundingClientRect().width > 0);
  const boxes = seen.map(b => ({el: b, text: (b.innerText || b.getAttribute('aria-label') || b.title || b.placeholder
                                 || `${b.tagName}[${b.type || ''}] ${b.value || ''}`).trim(),
                                r: b.getBoundingClientRect()}));
  const small = boxes.filter(b => min && b.el.matches('button, select') && b.r.height < min).map(b => `${b.text}: ${Math.round(b.r.height)} px`);
  // a button's label is read whole: never cut by the button's edge (ipywidgets' ellipsis) nor past it
  const clipped = boxes.filter(b => b.el.matches('button') && b.el.scrollWidth > b.el.clientWidth + 1)
    .map(b => `${b.text}: ${b.el.scrollWidth} > ${b.el.clientWidth} px`);
  const overlap = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i].r, b = boxes[j].r;
    if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
      overlap.push(`${boxes[i].text} / ${boxes[j].text} at ${Math.round(a.left)},${Math.round(a.top)}`);
  }
  // a label on several lines reads as lines of text, not one control-high row per line
  const loose = boxes.filter(b => b.el.matches('button')).filter(b => {
    const s = getComputedStyle(b.el), lh = parseFloat(s.lineHeight), fs = parseFloat(s.fontSize);
    return lh > 1.6 * fs && b.r.height > 1.5 * lh;
  }).map(b => `${b.text}: ${Math.round(b.r.height)} px high, lines ${getComputedStyle(b.el).lineHeight} apart`);
  return {count: boxes.length, small, overlap, clipped, loose};
}"""


def fits_phone(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(OVERFLOW_JS, PHONE["width"])
    return result


def axe_violations(page: Page) -> list[dict[str, Any]]:
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    violations: list[dict[str, Any]] = page.evaluate(AXE_JS)
    return violations


def phone_problems(page: Page, where: str, *, thumb: bool = False) -> list[str]:
    """What a phone user (or a screen reader's) would meet on the page as it is now."""
    problems = []
    fit = fits_phone(page)
    if fit["scrollWidth"] > PHONE["width"] or fit["over"]:
        problems.append(
            f"{where}: sideways at 390 px: scrollWidth={fit['scrollWidth']}, right edge {fit['maxRight']}, "
            f"{len(fit['over'])} elements: {fit['over'][:8]}"
        )
    violations = axe_violations(page)
    if violations:
        problems.append(f"{where}: axe serious/critical: {violations}")
    # controls and their labels never overlap; for a thumb, buttons and menus are ~40 px (38 passes)
    buttons = page.evaluate(BUTTONS_JS, THUMB_PX - 2 if thumb else 0)
    if buttons["small"] or buttons["overlap"] or buttons["clipped"] or buttons["loose"]:
        problems.append(
            f"{where}: controls too small, overlapping or with a label cut or spread: small={buttons['small'][:8]} "
            f"overlap={buttons['overlap'][:8]} clipped={buttons['clipped'][:8]} loose={buttons['loose'][:8]}"
        )
    return problems


def chinese_problems(page: Page, stem: str, lang: str, where: str) -> list[str]:
    """Issue 13: a page opened in Chinese shows its Chinese build, and at least 85 % of the letters
    a learner reads on it are Chinese (names and rule ids aside, test_pages.NOT_WORDS)."""
    expect(page.locator(".nt-prose h1").first).to_have_text(first_heading(stem, lang))
    text = page.locator("#rendered_cells").inner_text()
    share = chinese_share(text)
    if share >= CHINESE_SHARE:
        return []
    latin = sorted(
        set(re.findall(r"[A-Za-z][A-Za-z' -]{3,}", NOT_WORDS.sub(" ", text))), key=len, reverse=True
    )[:20]
    return [f"{where}: {share:.0%} of the letters are Chinese; Latin: {latin}"]


def test_every_page_is_checked() -> None:
    """The offline check covers every page: 12 lessons (1-10, 16 Thingvellir, 17 Idavoll), the landing
    page and 5 auction-lab pages."""
    assert len(PAGES) == 18, PAGES


def served_alone(page: Page) -> tuple[list[str], list[str]]:
    """Abort and record the page's requests to any other host than the tutor's, and record its console
    errors: (requests to other hosts, errors)."""
    outside: list[str] = []
    errors: list[str] = []

    def route(r: Route) -> None:
        if urlsplit(r.request.url).hostname in LOCAL or not r.request.url.startswith("http"):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    def console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    page.route("**/*", route)
    page.on("console", console)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return outside, errors


def enlistment() -> nidlib.State:
    """A Thingvellir position at the end of Age I where Ana enlists three Mercenaries: the longest
    action labels of the game ("Enlist Mercenary (Warrior 9 or Explorer 11) as Explorer 11", X-TH-MERC-1),
    for lesson 9 to load as a saved state."""
    s = (
        Scenario(3, names=("Ana", "Bo", "Cy"), seed=1, expansions=("thingvellir",))
        .command_zone(0, ["merc5", "merc0", "merc3"])
        .command_zone(1, ["merc1"])
        .at_end_of_age()
        .build()
    )
    s, _ = nidlib.apply(s, nidlib.parse("p0:enlist-order:first"))  # most Mercenaries: Ana chooses (X-TH-9)
    d = nidlib.decision(s)
    assert d is not None
    assert d.kind == "enlist"
    assert d.players == (0,)
    return s


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("stem", PAGES)
def test_page_fits_a_phone_and_passes_axe(
    page: Page,
    voila_url: str,
    open_lesson: Callable[..., Page],
    save_screenshot: Callable[[Page, str], Path],
    stem: str,
    lang: str,
) -> None:
    page.set_viewport_size(PHONE)
    chinese = lang != "en"
    outside, errors = served_alone(page) if not chinese else ([], [])
    open_lesson(page, voila_url, stem, f"?lang={lang}" if chinese else "")
    if not chinese:  # offline: the page as loaded asked no other host and logged no error
        if stem == "07-final-scoring":  # its buttons have icons: Voila's bundle has their font
            loaded = page.evaluate(
                "async () => { await document.fonts.ready; return [...document.fonts]"
                ".filter(f => f.status === 'loaded').map(f => f.family) }"
            )
            assert any("Font Awesome" in family for family in loaded), loaded
        assert not errors, f"{stem}: console errors:\n" + "\n".join(errors)
    name = f"{stem}-{lang}" if chinese else stem  # screenshots
    where = f"{stem}?lang={lang}" if chinese else stem
    game = stem.startswith("09")
    # a screen reader reads the page in its language (WCAG 3.1.1; static/nt-a11y.js)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    problems = phone_problems(page, where, thumb=game)
    if chinese and stem in RULE_PAGES:
        problems += chinese_problems(page, stem, lang, where)
    # what a closed accordion holds is checked too: each section opened in turn (one is open at a time)
    sections = page.locator(".jupyter-widget-Collapse")
    for k in range(sections.count()):
        section = sections.nth(k)
        if not section.is_visible():
            continue
        if "jupyter-widget-Collapse-open" not in (section.get_attribute("class") or ""):
            section.locator("> .jupyter-widget-Collapse-header").click()
            expect(section).to_have_class(re.compile(r"jupyter-widget-Collapse-open"))
        header = section.locator("> .jupyter-widget-Collapse-header").inner_text().strip()
        problems += phone_problems(page, f"{where} ({header} open)")
    if game:  # the seats' menus, then the table once the game has started
        page.set_viewport_size({"width": PHONE["width"], "height": 3000})
        page.locator("#rendered_cells").screenshot(path=str(save_screenshot(page, f"phone-{name}-setup")))
        page.set_viewport_size(PHONE)
        page.locator("button.nt-game-start").click()
        expect(page.locator(".nt-game-table")).to_be_visible()
        expect(page.locator("button.nt-action-button, .nt-bid-confirm").first).to_be_visible()
        problems += phone_problems(page, f"{where} (playing)", thumb=True)
        # bid, let the bot play until the learner picks: the action buttons, for a thumb too
        for k in range(3):
            page.locator(f".nt-game-table .nt-bid-t{k} select").select_option(index=k + 1)
        page.locator(".nt-game-table button.nt-bid-confirm").click()
        expect(page.locator(".nt-game-table .nt-bid-panel")).to_be_hidden()
        auto = page.locator("button.nt-game-auto")
        expect(auto).to_be_enabled()
        auto.click()
        expect(page.locator("button.nt-action-button:enabled").first).to_be_visible()
        problems += phone_problems(page, f"{where} (picking)", thumb=True)
    # a rule id opened on the page explains the rule in Chinese (every page of RULE_PAGES has one:
    # open_a_rule fails otherwise; any other page that comes to show one is checked too)
    if chinese and (stem in RULE_PAGES or page.locator("details.nt-rule").count()):
        shown = open_a_rule(page, stem, reference=True, steps=not game)
        problems += rule_explanation_problems(shown, lang, where)
        problems += phone_problems(page, f"{where} ({shown['rid']} open)", thumb=game)
    if game:  # Thingvellir: the enlistment's long labels (a saved position, loaded as a learner would)
        position = enlistment()
        page.locator(".nt-game-json textarea").fill(json.dumps(state_to_dict(position), ensure_ascii=False))
        page.locator("button.nt-game-load").click()
        labels = [
            action_label(a, position, lang=lang).replace("\u00a0", " ")
            for a in nidlib.legal_actions(position)
        ]
        expect(page.locator(".nt-action-panel button.nt-action-button:enabled")).to_have_text(labels)
        problems += phone_problems(page, f"{where} (Thingvellir: enlisting)", thumb=True)
        panel = page.locator(".nt-action-panel")
        panel.scroll_into_view_if_needed()
        panel.screenshot(path=str(save_screenshot(page, f"phone-{name}-enlist")))
    if not chinese or game:
        page.set_viewport_size({"width": PHONE["width"], "height": 5000})  # the whole page, to look at
        page.locator("#rendered_cells").screenshot(path=str(save_screenshot(page, f"phone-{name}")))
    assert not outside, f"{stem}: requests to other hosts: {sorted(set(outside))}"
    assert not problems, "\n".join(problems)


FOCUS_JS = """() => {
  const el = document.activeElement;
  const s = getComputedStyle(el);
  return {tag: el.tagName.toLowerCase(), cls: el.className, text: (el.innerText || '').trim(),
          outline: s.outlineStyle, width: parseFloat(s.outlineWidth), color: s.outlineColor,
          shadow: s.boxShadow};
}"""


def focused(page: Page) -> dict[str, Any]:
    info: dict[str, Any] = page.evaluate(FOCUS_JS)
    return info


def assert_ring(info: dict[str, Any]) -> None:
    assert info["outline"] not in ("none", ""), f"no visible focus ring: {info}"
    assert info["width"] >= 2, f"focus ring too thin: {info}"


def tab_to(page: Page, selector: str, limit: int = 80) -> None:
    """Press Tab until the focused element matches ``selector`` (a keyboard learner's way there)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}; stuck at {focused(page)}")


def test_keyboard_only_bid_keeps_focus_and_shows_the_ring(
    page: Page,
    voila_url: str,
    open_lesson: Callable[..., Page],
    save_screenshot: Callable[[Page, str], Path],
) -> None:
    page.set_viewport_size({"width": 1200, "height": 900})
    open_lesson(page, voila_url, "02-bidding")
    form = page.locator(".nt-l02-round .nt-bid-panel")
    expect(form).to_be_visible()
    # Goblin 4, Dragon 0, Horse 5, typed into the focused menus (a closed <select> jumps to the
    # option whose label starts with the key)
    for k, key in enumerate("405"):
        tab_to(page, f".nt-l02-round .nt-bid-t{k} select")
        assert_ring(focused(page))
        page.keyboard.press(key)
    expect(form.locator(".nt-bid-pouch")).to_contain_text("2 (basic), 3 (basic)")
    tab_to(page, ".nt-l02-round button.nt-bid-confirm")
    assert_ring(focused(page))
    round_box = page.locator(".nt-l02-round")
    round_box.screenshot(path=str(save_screenshot(page, "keyboard-l02-confirm")))
    page.keyboard.press("Enter")
    expect(page.locator(".nt-l02-log")).to_contain_text("Bo, Cy and Ana all bid 4 on the Laughing Goblin")
    # a screen reader hears the new events (one polite live region, share/.../static/nt-a11y.js)
    live = page.locator("#nt-events-live")
    expect(live).to_have_attribute("aria-live", "polite")
    expect(live).to_contain_text("Bo, Cy and Ana all bid 4 on the Laughing Goblin")
    # the sentences only: a rule id's explanation is read when it is opened, not with every event
    expect(live).not_to_contain_text(render("ui.rule.reference", lang="en"))
    expect(live).not_to_contain_text("R-ORDER-2")
    expect(form).to_be_hidden()
    step = page.locator("button.nt-l02-next")
    expect(step).to_be_focused()
    assert_ring(focused(page))
    round_box.screenshot(path=str(save_screenshot(page, "keyboard-l02-after-confirm")))
    page.keyboard.press("Enter")
    expect(page.locator(".nt-l02-log")).to_contain_text("Dancing Dragon: the bids are revealed")
    expect(step).to_be_focused()
