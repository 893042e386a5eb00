"""The public state loaders: the core's structural read plus the rules' flow check.

:func:`nidlib.core.serialize.read_state` checks a document's fields, ranges and conservation of
cards and coins; :func:`nidlib.rules.flowcheck.check_flow` checks that the rules can reach the
position (whose turn, which task, Thrud's place...). The core does not know the rules, so the two
meet here, one layer above both.
"""

from __future__ import annotations

from typing import Any

from nidlib.core.serialize import load_json, read_state
from nidlib.core.state import State
from nidlib.rules.flowcheck import check_flow as _check_flow

__all__ = ["from_json", "state_from_dict"]


def state_from_dict(doc: Any, *, check_flow: bool = True) -> State:
    """Rebuild and validate a state; raises DocumentError(path, problem).

    ``check_flow=False`` is for :class:`nidlib.content.scenario.Scenario` only: a position it builds has
    automatic tasks on top of its stack until it runs them, and is then checked in full.
    """
    s = read_state(doc)
    if check_flow:
        _check_flow(s)
    return s


def from_json(text: str) -> State:
    """A state from its JSON text (docs/state-schema.md), fully checked."""
    return state_from_dict(load_json(text))
