"""nidlib: a complete, explained rules engine for the board game Nidavellir (base game, 2-5 players).

    >>> import nidlib
    >>> s = nidlib.new_game(3, ["Ana", "Bo", "Cy"], seed=7)
    >>> nidlib.decision(s).kind  # a DecisionKind, a StrEnum: equal to the text "bids"
    <DecisionKind.BIDS: 'bids'>
    >>> a = nidlib.legal_actions(s, 0)[0]
    >>> s2, events = nidlib.apply(s, a)
    >>> print(events[0])
    Ana has placed five coins face down. [R-BID-1]

States are values: ``apply`` returns a new state and never changes the old
one. Every event and error cites a rule id of RULES.md and reads as a
sentence from the message catalogue (``nidlib/locales``).
"""

from nidlib.core.actions import (
    Action,
    Bid,
    Discard,
    Keep,
    Pick,
    PlaceThrud,
    PlaceYlud,
    Recruit,
    TradeCoins,
    TradeDiscard,
    Transform,
    UlineBid,
    parse,
)
from nidlib.core.cards import CARDS, CLASSES, Card, CardKind, DwarfClass, Hero, card
from nidlib.core.coins import Coin, CoinKind
from nidlib.core.errors import DocumentError, IllegalActionError, InvalidActionError, NidError, Violation
from nidlib.core.events import Event
from nidlib.core.messages import render, set_language
from nidlib.core.serialize import state_to_dict, to_json
from nidlib.core.state import Options, Player, State
from nidlib.core.tasks import Decision, DecisionKind
from nidlib.core.views import determinize, view_for
from nidlib.rules.engine import (
    advance,
    apply,
    check,
    decision,
    eligible_heroes,
    final_scores,
    legal_actions,
    lines,
    new_game,
    ranks,
    to_act,
)
from nidlib.rules.load import from_json, state_from_dict

__all__ = [
    "CARDS",
    "CLASSES",
    "Action",
    "Bid",
    "Card",
    "CardKind",
    "Coin",
    "CoinKind",
    "Decision",
    "DecisionKind",
    "Discard",
    "DocumentError",
    "DwarfClass",
    "Event",
    "Hero",
    "IllegalActionError",
    "InvalidActionError",
    "Keep",
    "NidError",
    "Options",
    "Pick",
    "PlaceThrud",
    "PlaceYlud",
    "Player",
    "Recruit",
    "State",
    "TradeCoins",
    "TradeDiscard",
    "Transform",
    "UlineBid",
    "Violation",
    "advance",
    "apply",
    "card",
    "check",
    "decision",
    "determinize",
    "eligible_heroes",
    "final_scores",
    "from_json",
    "legal_actions",
    "lines",
    "new_game",
    "parse",
    "ranks",
    "render",
    "set_language",
    "state_from_dict",
    "state_to_dict",
    "to_act",
    "to_json",
    "view_for",
]
