"""An engine for the auction phase of *Die Minen von Zavandor* (Pfister, Lookout 2010) and the round around it.

Standard library only, deterministic (the seed is part of the state), immutable states with an exact
JSON round trip. Every unknown is a named parameter with its confidence (:class:`Params`); rules
have ids (``zavandor/RULES.md``) cited by events and errors. See ``docs/zavandor.md``.

>>> import zavandor as z
>>> s = z.new_game(["Ana", "Bo"], seed=7)
>>> s, events = z.apply(s, z.Income())
>>> s.phase
<Phase.TRADE: 'trade'>
"""

from zavandor.engine import (
    Action,
    Auction,
    BankTrade,
    EndRound,
    Income,
    MoveKing,
    Score,
    Trade,
    Upgrade,
    apply,
    check,
    king_options,
    legal,
    new_game,
    resolve_lots,
    scores,
    winners,
)
from zavandor.errors import DocumentError, IllegalActionError, Violation, ZavandorError
from zavandor.events import Event
from zavandor.messages import LANGUAGES, render
from zavandor.params import GEMS, Confidence, Gem, Hall, Params, describe
from zavandor.rules import Rule, rule, rules
from zavandor.state import Bid, LotResult, Phase, PlayerState, State, counts

__all__ = [
    "GEMS",
    "LANGUAGES",
    "Action",
    "Auction",
    "BankTrade",
    "Bid",
    "Confidence",
    "DocumentError",
    "EndRound",
    "Event",
    "Gem",
    "Hall",
    "IllegalActionError",
    "Income",
    "LotResult",
    "MoveKing",
    "Params",
    "Phase",
    "PlayerState",
    "Rule",
    "Score",
    "State",
    "Trade",
    "Upgrade",
    "Violation",
    "ZavandorError",
    "apply",
    "check",
    "counts",
    "describe",
    "king_options",
    "legal",
    "new_game",
    "render",
    "resolve_lots",
    "rule",
    "rules",
    "scores",
    "winners",
]
