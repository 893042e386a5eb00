"""The rules engine's public face: new games, decisions, legal actions, checking and applying actions.

Public entry points (re-exported by :mod:`nidlib`):

* :func:`new_game` - set up a game from player count, names, seed and options.
* :func:`decision` / :func:`to_act` - what the game waits for, and from whom.
* :func:`legal_actions` - every legal action (bids included) for one or all players.
* :func:`check` - ``None`` if an action is legal, else the :class:`Violation`; it raises only for
  a bug in the engine, never for a malformed action (R-FLOW-2).
* :func:`apply` - returns ``(new_state, events)``; raises :class:`IllegalActionError`
  and leaves the given state untouched when the action is illegal.
* :func:`advance` - the fast, unchecked, in-place path used by bots and benchmarks.

The rules themselves live by phase in :mod:`nidlib.rules` (each module's docstring lists its rule ids):

* :mod:`~nidlib.rules.flow` - the task loop, ``new_game``, ``apply``, ``advance``, the end of a round;
* :mod:`~nidlib.rules.bidding` - Enter the Dwarves, bids, revelation, Uline's bid, pick order, gem ties;
* :mod:`~nidlib.rules.taverns` - picks, the golden rule of recruitment, heroes, Thrud and Ylud;
* :mod:`~nidlib.rules.trades` - coin trades, transformations, the Royal Treasury;
* :mod:`~nidlib.rules.evaluation` - the end of an Age: Ylud, Troop Evaluation, distinctions, final scores;
* :mod:`~nidlib.rules.legal` - decisions, legal actions and why an action is illegal;
* :mod:`~nidlib.rules.base` - constants, event helpers, army arithmetic, the task and action registries.

The flow is a stack of typed tasks (:mod:`nidlib.core.tasks`).
"""

from __future__ import annotations

from nidlib.rules.base import (
    _DO,
    _TASKS,
    DECISION_RULE,
    GEMS_BY_PLAYERS,
    ROUNDS_PER_AGE,
    TAVERN_SIZE,
    _ev,
    _t,
    discardable_columns,
    eligible_heroes,
    has_lines,
    lines,
    ranks,
    uline_owner,
)
from nidlib.rules.evaluation import final_scores, tableaux
from nidlib.rules.flow import DEFAULT_NAMES, _run, advance, apply, end_steps, new_game
from nidlib.rules.legal import check, decision, legal_actions, pick_action, to_act, well_formed

__all__ = [  # the private names: for nidlib.content.scenario, which runs the flow one step at a time
    "DECISION_RULE",
    "DEFAULT_NAMES",
    "GEMS_BY_PLAYERS",
    "ROUNDS_PER_AGE",
    "TAVERN_SIZE",
    "_DO",
    "_TASKS",
    "_ev",
    "_run",
    "_t",
    "advance",
    "apply",
    "check",
    "decision",
    "discardable_columns",
    "eligible_heroes",
    "end_steps",
    "final_scores",
    "has_lines",
    "legal_actions",
    "lines",
    "new_game",
    "pick_action",
    "ranks",
    "tableaux",
    "to_act",
    "uline_owner",
    "well_formed",
]
