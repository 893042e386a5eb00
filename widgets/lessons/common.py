"""Helpers shared by the lessons' content: an event list with a caption, the end-of-scene note, the rules
box and the "what if?" answer of lessons 16 and 17, and (from :mod:`widgets.lessons.page`, re-exported here) the page's header, footer, prose, note box and guard.

Importing this module is cheap (no ipywidgets until a widget is built), so lessons can use
:func:`note` in pure functions that tests call without a browser.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING, Any

import nidlib
from nidlib.content.scenario import Scenario
from nidlib.core.actions import Action
from nidlib.core.errors import Violation
from nidlib.core.events import Event
from nidlib.core.messages import render
from nidlib.core.state import State
from widgets.lessons.page import (
    LESSON_CSS,
    guard,
    lesson_footer,
    lesson_header,
    note,
    prose_html,
    prose_widget,
)

if TYPE_CHECKING:
    import ipywidgets as w

    from widgets.controller import Controller

__all__ = [
    "LESSON_CSS",
    "Tried",
    "events_block",
    "guard",
    "lesson_footer",
    "lesson_header",
    "note",
    "prose_html",
    "prose_widget",
    "round_over",
    "rules_html",
    "scene_end",
    "starting_coins",
    "tried_html",
]


def events_block(events: Iterable[Event], caption_key: str, params: dict[str, Any] | None = None) -> str:
    """nidlib's event sentences under a caption from the catalogue, so the learner knows what they read."""
    from widgets import render as r

    caption = f'<p class="nt-lesson-caption">{escape(render(caption_key, params))}</p>'
    return caption + r.events_html(list(events))


def round_over(state: State, start: State) -> bool:
    """True once the round of ``start`` is over (the next round's bids, or the end of the game)."""
    d = nidlib.decision(state)
    return d is None or (d.kind == "bids" and (state.age, state.round) != (start.age, start.round))


def scene_end(controller: Controller, key: str) -> w.HTML:
    """A note (catalogue ``key``) shown once a scene's round is over: the next round's bids are not
    part of the lesson, so the learner is told to undo or start again instead of facing no controls."""
    import ipywidgets as w

    start = controller.history[0][0]
    box = w.HTML()
    box.add_class("nt-lesson-scene-end")

    def refresh(_: object = None) -> None:
        box.value = note(render(key), "ok") if round_over(controller.state, start) else ""

    controller.on_change(refresh)
    refresh()
    return box


#: a "what if?" try of lessons 16 and 17: the position, the move tried there, nidlib's refusal (None: legal)
Tried = tuple[State, Action, Violation | None]


def rules_html(
    lesson: str, name: str, rules: Iterable[str], choice: tuple[str, str] | None, lang: str | None = None
) -> str:
    """Scene ``name``'s rule links (``<lesson>.rules``, each expanding to its text) and, where the scene
    shows an engine choice, ``<lesson>.engine-choice`` naming the rule ``choice`` settles and the
    disagreement behind it (lessons 16 and 17; ``choice``: ``(rule, disagreement)``)."""
    from widgets import render as r

    links = " ".join(r.rule_html(x, lang=lang) for x in rules)
    out = (
        f'<div class="nt-{lesson}-rules"><b>{escape(render(f"{lesson}.rules", lang=lang))}</b> {links}</div>'
    )
    if choice is not None:
        rule, disagreement = choice
        text = render(
            f"{lesson}.engine-choice",
            {"choice": render(f"{lesson}.choice.{name}", lang=lang), "rule": rule, "d": disagreement},
            lang=lang,
        )
        choice_html = f"{escape(text)} {r.rule_html(disagreement, lang=lang)}"
        out += f'<div class="nt-lesson-note nt-{lesson}-choice">{choice_html}</div>'
    return out


def tried_html(lesson: str, tried: Tried | None, wait_key: str, lang: str | None = None) -> str:
    """What nidlib said to a "what if?" try: its refusal with the rule id (``<lesson>.try.refused``), that
    it was legal (``<lesson>.try.legal``), or, before the try can be made, the catalogue's ``wait_key``."""
    from widgets import render as r

    if tried is None:
        return note(render(wait_key, lang=lang))
    s, action, v = tried
    label = r.action_label(action, s, lang=lang)
    if v is None:
        return note(render(f"{lesson}.try.legal", {"action": label}, lang=lang), "ok")
    head = escape(render(f"{lesson}.try.refused", {"action": label}, lang=lang))
    return f'<div class="nt-lesson-note nt-lesson-error">{head} {r.violation_html(v, lang=lang)}</div>'


def starting_coins(s: Scenario, players: int = 3) -> Scenario:
    """``s`` with the coins 0, 2, 3, 4 and 5 in the hand of each of its ``players`` (lessons 5 and 6
    look at armies, but a position needs its coins)."""
    for i in range(players):
        s.hand(i, [0, 2, 3, 4, 5])
    return s
