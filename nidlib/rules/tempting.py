"""Tempting actions: moves a player might try now that the rules refuse, each with the refusal.

The tutor shows them greyed beside the legal moves (the action panel: a hero whose prerequisite
fails, R-HERO-HOURYA-2 / R-HERO-BONFUR-3 / R-HERO-DAGDA-3; a trading coin offered a transformation,
R-XFORM-1; a column Bonfur or Dagda cannot discard from) and the edge-case lab offers a few more to
try (a card of another tavern, R-PICK-1; the move of the player on turn made by someone else,
R-ORDER-1). The reason is always :func:`nidlib.check`'s: nothing here decides legality.

>>> import nidlib
>>> s = nidlib.new_game(2, ["Ana", "Bo"], seed=3)
>>> for text in ("p0:bid:4,0,5b/2,3", "p1:bid:4,0,5b/2,3"):
...     s, _ = nidlib.apply(s, nidlib.parse(text))
>>> [(str(a), v.rule) for a, v in tempting_actions(s, wider=True)]  # doctest: +ELLIPSIS
[('p0:pick:...', 'R-PICK-1'), ('p0:pick:...', 'R-PICK-1'), ('p1:pick:...', 'R-ORDER-1')]
"""

from __future__ import annotations

import dataclasses

from nidlib.core.actions import Action, Discard, Pick, Recruit, Transform
from nidlib.core.cards import CLASSES
from nidlib.core.errors import Violation
from nidlib.core.places import places_of
from nidlib.core.state import State
from nidlib.core.tasks import DiscardDue
from nidlib.rules.engine import check, decision, legal_actions

__all__ = ["tempting_actions"]


def _own(s: State, player: int, kind: str) -> list[Action]:
    """Candidates among the player's own choices of this decision (the legal ones are filtered later)."""
    if kind == "hero":  # heroes whose prerequisite fails (R-RECRUIT-7)
        return [Recruit(player, h) for h in s.heroes_available]
    if kind == "transform":  # trading coins cannot be transformed (R-XFORM-1)
        return [Transform(player, str(place)) for place in places_of(s.players[player])]
    top = s.tasks[-1]
    if kind == "discard" and isinstance(
        top, DiscardDue
    ):  # a column without a dwarf on top, or the hero's own class
        if top.count == 1:
            return [Discard(player, (c,)) for c in CLASSES]
        return [Discard(player, (x, y)) for i, x in enumerate(CLASSES) for y in CLASSES[i + 1 :]]
    return []


def _wider(s: State, player: int, kind: str) -> list[Action]:
    """More to try in the lab: another tavern's card (R-PICK-1), another player's turn (R-ORDER-1...)."""
    out: list[Action] = []
    if kind == "pick":
        out.extend(Pick(player, row[0]) for k, row in enumerate(s.taverns) if k != s.tavern and row)
    if kind in ("hero", "transform"):
        return out
    mine = legal_actions(s, player)
    if mine and len(s.players) > 1:
        other = (player + 1) % len(s.players)
        out.append(dataclasses.replace(mine[0], player=other))
    return out


def tempting_actions(
    s: State, player: int | None = None, *, wider: bool = False, limit: int | None = None
) -> list[tuple[Action, Violation]]:
    """Illegal but tempting actions for the decision at hand, each with the :class:`Violation` that refuses it.

    ``player``: whose choices (default: the first player the decision waits for). ``wider``: add the
    lab's extra temptations (a card of another tavern, the move made out of turn). At most ``limit``
    pairs; none when the game is over or the player has nothing to decide.
    """
    d = decision(s)
    if d is None:
        return []
    p = d.players[0] if player is None else player
    if p not in d.players:
        return []
    candidates = _own(s, p, d.kind)
    if wider:
        candidates += _wider(s, p, d.kind)
    out: list[tuple[Action, Violation]] = []
    for a in dict.fromkeys(candidates):
        v = check(s, a)
        if v is not None:
            out.append((a, v))
            if limit is not None and len(out) >= limit:
                break
    return out
