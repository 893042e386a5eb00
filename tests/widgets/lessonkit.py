"""What the expansions' lesson tests (16 Thingvellir, 17 Idavoll) do alike: imported as ``lessonkit``.

A scene's buttons are found by the action they apply (``str(action)``), so the tests do not depend on
the labels; the scene rules, engine choices, the check question and the Chinese texts are checked the
same way for both lessons, given the lesson module.
"""

from __future__ import annotations

import re
from types import ModuleType
from typing import Any

from nidlib.core.messages import render, set_language

__all__ = ["answer_question", "cites", "click", "offered", "shows_rules_and_engine_choices", "speaks"]


def click(box: Any, action: str) -> None:
    """Press the enabled button of the scene's ActionPanel that applies ``action``."""
    for a, b in box.panel.shown:
        if str(a) == action and not b.disabled:
            b.click()
            return
    raise AssertionError(f"no enabled button for {action}; offered: {sorted(offered(box))}")


def offered(box: Any) -> set[str]:
    """The actions of the scene's enabled buttons."""
    return {str(a) for a, b in box.panel.shown if not b.disabled}


def cites(box: Any, rule: str) -> bool:
    """The scene's event log shows an event citing ``rule``."""
    return f'data-rule="{rule}"' in box.event_log.html.value


def shows_rules_and_engine_choices(lesson: ModuleType) -> None:
    """Every scene's rules box cites its rules and, where the scene has one, its engine choice."""
    for name in lesson.SCENES:
        html = lesson.rules_html(name)
        for rule in lesson.RULES[name]:
            assert f'data-rule="{rule}"' in html, (name, rule)
        if name in lesson.ENGINE_CHOICES:
            assert "Engine choice:" in html, name
            assert lesson.ENGINE_CHOICES[name][1] in html, name


def answer_question(q: Any, answer: int) -> None:
    """A wrong choice is marked wrong, then nidlib's ``answer`` solves the check question."""
    wrong = next(v for _label, v in q.choice.options if v != answer)
    q.choice.value = wrong
    q.check.click()
    assert q.last_result is False
    assert not q.solved
    q.choice.value = answer
    q.check.click()
    assert q.solved


def speaks(lesson: ModuleType, lang: str, scene: str, key: str, engine_scene: str) -> None:
    """In ``lang`` the scene's narrative is the catalogue's ``key`` in Chinese, and the rules box of
    ``engine_scene`` names its engine choice in Chinese."""
    set_language(lang)
    try:
        text = lesson.scene(scene).children[0].value
        assert re.search(r"[\u4e00-\u9fff]", text)
        assert render(key, lang=lang) in text.replace("&#x27;", "'")
        assert ("引擎選擇" if lang == "zh-Hant" else "引擎选择") in lesson.rules_html(engine_scene, lang)
    finally:
        set_language("en")
