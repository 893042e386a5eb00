"""Idavoll's Valkyries: each condition that moves a Strength token one notch down (RULES.md A.2.8).

The one home of the notches: the phase modules call :func:`notch` where a condition is met
(Brynhildr when the order is fixed, Hildr at a distinction, Svafa at a betterment, Ölrun at a
placement, Sigrdrífa at a recruitment); the value under the token is scored by
:mod:`nidlib.rules.scoring` from ``Idavoll.notches`` (X-ID-9).

Rule ids: X-ID-9, X-ID-VALK-BRYNHILDR-1, X-ID-VALK-HILDR-1, X-ID-VALK-OLRUN-1, X-ID-VALK-OLRUN-2,
X-ID-VALK-SIGRDRIFA-1, X-ID-VALK-SVAFA-1.
"""

from __future__ import annotations

from typing import Any

from nidlib.core.cards import CARDS, VALKYRIES, CardKind, Hero, Myth, valkyrie_value
from nidlib.core.state import State
from nidlib.rules.base import Log, _c, _card, _ev

BRYNHILDR: str = Myth.BRYNHILDR.value
HILDR: str = Myth.HILDR.value
OLRUN: str = Myth.OLRUN.value
SIGRDRIFA: str = Myth.SIGRDRIFA.value
SVAFA: str = Myth.SVAFA.value
#: each Valkyrie's place in ``Idavoll.notches``
VALKYRIE_INDEX: dict[str, int] = {v.id: k for k, v in enumerate(VALKYRIES)}
#: the last notch of every track (X-ID-VALK table: k = 0..4)
LAST_NOTCH = 4
_RULE = {
    BRYNHILDR: "X-ID-VALK-BRYNHILDR-1",
    HILDR: "X-ID-VALK-HILDR-1",
    OLRUN: "X-ID-VALK-OLRUN-1",
    SIGRDRIFA: "X-ID-VALK-SIGRDRIFA-1",
    SVAFA: "X-ID-VALK-SVAFA-1",
}
#: cards whose ranks are neutral for Ölrun: Ylud, Olwyn's doubles, Gullinbursti (X-ID-VALK-OLRUN-2)
_NOT_OLRUN = frozenset(
    cid for cid, c in CARDS.items() if c.kind in (CardKind.DOUBLE, CardKind.GULLINBURSTI)
) | {Hero.YLUD.value}


def notch(s: State, valkyrie: str, i: int, n: int, log: Log, **why: Any) -> None:
    """Player ``i`` met ``valkyrie``'s condition ``n`` times: if they own her, her token moves down (X-ID-9)."""
    part = s.idavoll
    if part is None or n <= 0 or valkyrie not in s.players[i].command_zone:
        return
    k = VALKYRIE_INDEX[valkyrie]
    if part.notches[k] >= LAST_NOTCH:  # the token never goes past the last notch (X-ID-9)
        _ev(log, "valkyrie.last", _RULE[valkyrie], i, name=s.players[i].name, card=_card(valkyrie))
        return
    part.notches[k] = min(part.notches[k] + n, LAST_NOTCH)
    _ev(
        log,
        f"valkyrie.{valkyrie}",
        _RULE[valkyrie],
        i,
        name=s.players[i].name,
        count=n,
        notches=part.notches[k],
        points=valkyrie_value(valkyrie, part.notches[k]),
        **why,
    )


def placed(s: State, i: int, cid: str, ci: int, log: Log) -> None:
    """A card went into player ``i``'s army column ``ci``: Ölrun's notch if it has a rank of her class
    (X-ID-VALK-OLRUN-1/2)."""
    part = s.idavoll
    if part is None or part.olrun != ci or cid in _NOT_OLRUN:
        return
    notch(s, OLRUN, i, 1, log, card=_card(cid), cls=_c(ci))
