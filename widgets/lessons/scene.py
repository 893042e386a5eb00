"""A lesson's scenes: the boxes a lesson shows between its prose, with the handles its tests drive.

* :class:`Scene`: a framed box (``nt-root nt-lesson-scene`` plus the scene's own CSS hooks) with its
  ``controls`` by name and, when a game is played in it, its ``controller``;
* :class:`QuestionScene`: a position and the :class:`~widgets.quiz.PredictQuestion` asked about it;
* :class:`PlayScene` (lessons 3 and 4): a position played through a controller: the scene's own
  views, then the learner's choices, the end-of-scene note, Undo and Start again, and nidlib's
  event log; only the views differ from scene to scene.

This module imports ipywidgets: lessons import it when they build a widget, not when imported.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

import ipywidgets as w

from nidlib.core.messages import render
from widgets.components import ActionPanel, EventLog, UndoButton, safe
from widgets.controller import Controller
from widgets.lessons.common import note, scene_end

if TYPE_CHECKING:
    from widgets.quiz import PredictQuestion

__all__ = ["PlayScene", "QuestionScene", "Scene", "try_button"]


def try_button(
    controller: Controller, lesson: str, name: str, attempt: Callable[[], str]
) -> tuple[w.Button, w.HTML]:
    """A scene's "try it" button (``<lesson>.try.<name>``, CSS ``nt-<lesson>-try``) and the sentence it
    shows (``nt-<lesson>-tried``): ``attempt()`` asks nidlib about a move and gives the HTML of the answer;
    the sentence clears when the position changes. Lessons 16 and 17 use it for the tempting moves."""
    button = w.Button(
        description=render(f"{lesson}.try.{name}"),
        icon="flask",
        layout=w.Layout(width="auto", max_width="100%"),
    )
    button.add_class(f"nt-{lesson}-try")
    out = w.HTML()
    out.add_class(f"nt-{lesson}-tried")
    button.on_click(safe(controller, lambda _b: setattr(out, "value", attempt())))
    controller.on_change(lambda _c: setattr(out, "value", ""))
    return button, out


class Scene(w.VBox):
    """``children`` in a lesson scene's frame, with the CSS hooks ``css`` (``nt-l02-round``...)."""

    def __init__(
        self,
        children: Sequence[w.Widget],
        *css: str,
        controls: Mapping[str, w.Widget] | None = None,
        controller: Controller | None = None,
    ) -> None:
        super().__init__(list(children))
        #: the widgets a test drives, by name
        self.controls = dict(controls or {})
        #: the game played in the scene, if any
        self.controller = controller
        for name in ("nt-root", "nt-lesson-scene", *css):
            self.add_class(name)


class QuestionScene(Scene):
    """``children`` (the position asked about), then ``question``."""

    def __init__(self, children: Sequence[w.Widget], question: PredictQuestion, *css: str) -> None:
        super().__init__([*children, question], *css)
        self.question = question


class PlayScene(Scene):
    """Scene ``name`` of lesson ``lesson`` (the catalogue prefix, ``"l03"``): its introduction
    (``<lesson>.scene.<name>``), ``views``, the learner's :class:`~widgets.components.ActionPanel`,
    the end note (``<lesson>.scene.over``), Undo and Start again (``<lesson>.reset``: back to history
    entry ``restart``), and the event log. CSS hooks ``nt-<lesson>-<name>``, ``nt-<lesson>-reset``."""

    def __init__(
        self, controller: Controller, lesson: str, name: str, views: Sequence[w.Widget], *, restart: int = 0
    ) -> None:
        intro = w.HTML(note(render(f"{lesson}.scene.{name}")))
        self.panel = ActionPanel(controller, theme=False)
        self.reset = w.Button(
            description=render(f"{lesson}.reset"), icon="refresh", layout=w.Layout(width="auto")
        )
        self.reset.add_class(f"nt-{lesson}-reset")
        self.reset.on_click(safe(controller, lambda _b: controller.goto(restart)))
        self.event_log = EventLog(controller, theme=False)
        self.end_note = scene_end(controller, f"{lesson}.scene.over")
        buttons = w.HBox([UndoButton(controller), self.reset]).add_class("nt-lesson-buttons")
        parts = [intro, *views, self.panel, self.end_note, buttons, self.event_log]
        super().__init__(parts, f"nt-{lesson}-{name}", controller=controller)
        self.lesson, self.name = lesson, name

    def add_rules(self, rules: str, attempt: Callable[[], str] | None = None) -> None:
        """Below the scene: its rules box (HTML ``rules``) and, where the scene has a "what if?" try,
        :func:`try_button` with ``attempt``, in ``controls`` as ``try`` and ``tried`` (lessons 16, 17)."""
        extra: list[w.Widget] = [w.HTML(rules)]
        if attempt is not None:
            assert self.controller is not None
            button, out = try_button(self.controller, self.lesson, self.name, attempt)
            extra += [w.HBox([button]), out]
            self.controls.update({"try": button, "tried": out})
        self.children = (*self.children, *extra)
