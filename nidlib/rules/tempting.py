"""Tempting actions: moves a player might try now that the rules refuse, each with the refusal.

The tutor shows them greyed beside the legal moves (the action panel: a hero whose prerequisite
fails, R-HERO-HOURYA-2 / R-HERO-BONFUR-3 / R-HERO-DAGDA-3; a trading coin offered a transformation,
R-XFORM-1; a column Bonfur or Dagda cannot discard from) and the edge-case lab offers a few more to
try (a card of another tavern, R-PICK-1; the move of the player on turn made by someone else,
R-ORDER-1). The reason is always :func:`nidlib.check`'s: nothing here decides legality.

With Thingvellir (RULES.md A.1) the panel also greys, beside what the player may choose: a Camp card
whose own condition fails on a visit the player may make (Brisingamens with fewer than 2 takeable
discard cards, X-TH-ART-BRISINGAMENS-2), a discard-pile card Andumia or Brisingamens may not take
(X-TH-HERO-ANDUMIA-1), an army card Höfud or the Brisingamens end discard may not take (a hero,
Vegvisir: X-TH-ART-HOFUD-1, X-TH-ART-BRISINGAMENS-3). The lab adds: a Camp visit by a player who is
not first in the tavern's order and has no Fafnir, or a second visit in the same tavern (X-TH-4); a
Mercenary enlisted in a class it does not have (X-TH-MERC-1); Olwyn's two doubles in one column
(X-TH-HERO-OLWYN-1); a card of another tavern discarded after a 2-player Camp visit (X-TH-6).

>>> import nidlib
>>> s = nidlib.new_game(2, ["Ana", "Bo"], seed=3)
>>> for text in ("p0:bid:4,0,5b/2,3", "p1:bid:4,0,5b/2,3"):
...     s, _ = nidlib.apply(s, nidlib.parse(text))
>>> [(str(a), v.rule) for a, v in tempting_actions(s, wider=True)]  # doctest: +ELLIPSIS
[('p0:pick:...', 'R-PICK-1'), ('p0:pick:...', 'R-PICK-1'), ('p1:pick:...', 'R-ORDER-1')]
"""

from __future__ import annotations

import dataclasses

from nidlib.core.actions import (
    Action,
    Discard,
    DiscardCard,
    Enlist,
    Pick,
    PlaceDoubles,
    Recruit,
    TakeDiscarded,
    TavernDiscard,
    Transform,
)
from nidlib.core.cards import CARDS, CLASSES, CardKind
from nidlib.core.errors import Violation
from nidlib.core.places import places_of
from nidlib.core.state import State
from nidlib.core.tasks import CardDiscardDue, DiscardDue
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
    return _own_thingvellir(s, player, kind)


def _camp_cards(s: State) -> list[str]:
    return list(s.camp.cards) if s.camp is not None else []


def _may_visit(s: State, player: int) -> bool:
    """Whether the engine offers this player a Camp visit now (one of its legal picks is a Camp card)."""
    camp = set(_camp_cards(s))
    return any(isinstance(a, Pick) and a.card in camp for a in legal_actions(s, player))


def _own_thingvellir(s: State, player: int, kind: str) -> list[Action]:
    """The Thingvellir choices the player sees on the table and may be tempted by."""
    if kind == "pick" and _may_visit(s, player):
        # a Camp card whose own condition fails on a visit the player may make (X-TH-ART-BRISINGAMENS-2)
        return [Pick(player, c) for c in _camp_cards(s)]
    if kind == "take":  # a discard-pile card that is no Dwarf card nor Royal Offering (X-TH-HERO-ANDUMIA-1)
        return [TakeDiscarded(player, c) for c in dict.fromkeys(s.discard)]
    top = s.tasks[-1] if s.tasks else None
    if kind == "card_discard" and isinstance(top, CardDiscardDue):
        # a hero or Vegvisir in the column(s) Höfud / the Brisingamens end discard reach
        # (X-TH-ART-HOFUD-1, X-TH-ART-BRISINGAMENS-3)
        p = s.players[player]
        columns = p.columns[:1] if top.source == "hofud" else p.columns
        return [DiscardCard(player, c) for col in columns for c in col]
    return []


def _wider_thingvellir(s: State, player: int, kind: str) -> list[Action]:
    """The lab's Thingvellir temptations (RULES.md A.1)."""
    p = s.players[player]
    if kind == "pick":
        camp = _camp_cards(s)
        if camp and not _may_visit(s, player):  # not first, no Fafnir, or the Camp already visited (X-TH-4)
            return [Pick(player, camp[0])]
        return []
    if kind == "enlist":  # a Mercenary in a class it does not have (X-TH-MERC-1)
        mercs = [
            c for c in dict.fromkeys(p.command_zone) if c in CARDS and CARDS[c].kind is CardKind.MERCENARY
        ]
        return [
            Enlist(player, m, cls)
            for m in mercs
            for cls in CLASSES
            if cls not in [c for c, _bp in CARDS[m].options]
        ]
    if kind == "olwyn":  # both doubles in one column (X-TH-HERO-OLWYN-1)
        return [PlaceDoubles(player, (cls, cls)) for cls in CLASSES]
    if kind == "tavern_discard":  # a card of another tavern (X-TH-6)
        return [TavernDiscard(player, row[0]) for k, row in enumerate(s.taverns) if k != s.tavern and row]
    return []


def _wider(s: State, player: int, kind: str) -> list[Action]:
    """More to try in the lab: another tavern's card (R-PICK-1), another player's turn (R-ORDER-1...)."""
    out: list[Action] = _wider_thingvellir(s, player, kind)
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
