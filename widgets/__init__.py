"""widgets: ipywidgets views and controllers over nidlib (thin: legality and scores come from nidlib).

Stable API (see docs/widgets.md for examples)::

    import nidlib
    from widgets import Controller, GameTableView

    events = []
    s = nidlib.new_game(3, ["Ana", "Bo", "Cy"], seed=7, events=events)
    c = Controller(s, seat=0, events=events, bots={1: bot, 2: bot})   # bot.choose(view, legal) -> Action
    GameTableView(c)                                                  # the whole table for seat 0

Modules:

* :mod:`widgets.render` - pure functions returning HTML strings (no ipywidgets):
  ``card_html(card_id, *, size="md", selectable=False, lang=None)``, ``coin_html(coin, face_up=True)``,
  ``gem_html(value)``, ``treasury_html(treasury)``, ``tavern_row_html(state, t)``, ``taverns_html(state)``,
  ``player_board_html(view, i)``, ``army_html(player)``, ``command_zone_html(player)``, ``heroes_html(state)``,
  ``score_sheet_html(score_table, final=True)``, ``events_html(events, viewer=None)``, ``rule_html(rule_id)``,
  ``violation_html(violation)``, ``status_html(state, seat=None)``, ``action_label(action, state)``,
  ``coin_label(coin)``. Every one takes ``lang=`` (keyword).
* :mod:`widgets.theme` - ``CSS``, ``theme_html(font_size=16)``, ``theme_widget()``; classes are ``nt-*``.
* :mod:`widgets.controller` - :class:`Controller`: ``history`` [(state, events, action)], ``index``,
  ``state``, ``view``, ``events``, ``seat``, ``lang``, ``violation``, ``message``; ``apply(action_or_text)``
  -> Violation | None (never raises for an illegal action), ``undo()``, ``goto(i)``, ``run_bots()``,
  ``on_change(cb)``, ``say(text, level)``, ``report_error(exc)``.
* :mod:`widgets.components` - ipywidgets boxes taking a controller, each with a ``refresh()`` and an
  ``nt-*`` CSS hook: ``TavernRow``, ``PlayerBoard(c, i)``, ``TreasuryView``, ``ArmyView(c, i)``,
  ``CommandZoneView(c, i)``, ``HeroesView``, ``ScoreSheetView``, ``EventLog``, ``RuleCallout(rule_id)``,
  ``MessageBar``, ``StatusLine``, ``BidPanel(c, seat)``, ``ActionPanel(c, seat)``, ``UndoButton``,
  ``GameTableView(c, seat=None)``.
* :mod:`widgets.quiz` - ``PredictQuestion(question, options, correct, explanation)``: predict, then Check.

Browser-test hooks: ``nt-bid-confirm``, ``nt-bid-t0``.. ``nt-bid-t2``, ``nt-action-button``, ``nt-event-log``,
``nt-message``, ``nt-predict-check``, ``nt-predict-feedback``, ``nt-undo``, ``nt-game-table``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from widgets import pyodide as _pyodide
from widgets.controller import Bot, Controller
from widgets.theme import CSS, theme_html, theme_widget

if TYPE_CHECKING:  # imported on first use (__getattr__), typed here
    from widgets.components import (
        ActionPanel,
        ArmyView,
        BidPanel,
        CommandZoneView,
        EventLog,
        GameTableView,
        HeroesView,
        MessageBar,
        PlayerBoard,
        RuleCallout,
        ScoreSheetView,
        StatusLine,
        TavernRow,
        TreasuryView,
        UndoButton,
    )
    from widgets.quiz import PredictQuestion

_pyodide.install()  # the static site's kernel: widget messages keep their None values

__all__ = [
    "CSS",
    "ActionPanel",
    "ArmyView",
    "BidPanel",
    "Bot",
    "CommandZoneView",
    "Controller",
    "EventLog",
    "GameTableView",
    "HeroesView",
    "MessageBar",
    "PlayerBoard",
    "PredictQuestion",
    "RuleCallout",
    "ScoreSheetView",
    "StatusLine",
    "TavernRow",
    "TreasuryView",
    "UndoButton",
    "theme_html",
    "theme_widget",
]


def __getattr__(name: str) -> Any:
    """The components (:mod:`widgets.components`) and :class:`PredictQuestion` import ipywidgets: they
    are imported on first use, so ``widgets.render`` works without it. Every other public name is
    defined above, so a public name looked up here is one of them."""
    if name == "PredictQuestion":
        from widgets.quiz import PredictQuestion

        return PredictQuestion
    if name in __all__:
        from widgets import components

        return getattr(components, name)
    msg = f"module 'widgets' has no attribute {name!r}"
    raise AttributeError(msg)
