"""Every number the engine uses, as a named parameter with the confidence of its source.

The Mines of Zavandor rulebook was not available: the engine is built from the seed 004
rules summary (zh-Hant) and the reviews collected in ``AUCTIONS.md`` §2. Each field of
:class:`Params` carries a :class:`Confidence` label in its metadata:

* ``confirmed`` - two or more independent sources (AUCTIONS.md level **A**);
* ``seed`` - one detailed source, almost always seed 004 (level **B**);
* ``inferred`` - inferred, ambiguous or contradictory (level **C**);
* ``illustrative`` - not found anywhere (level **?**): a stand-in so the model can run.

A value changed from its default is *custom* and counts as illustrative: anything computed on
it (an event, a simulation) reports ``illustrative`` through :meth:`Params.confidence_of`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any


class Gem(StrEnum):
    """The four gems, in the order of the auction lots from top to bottom (Z-AUC-1)."""

    RUBY = "ruby"
    DIAMOND = "diamond"
    EMERALD = "emerald"
    SAPPHIRE = "sapphire"


#: Lot order, top to bottom: ruby, diamond, emerald, sapphire (AUCTIONS.md §2.6). Tuples of four
#: counts everywhere in this package (hands, bids, deck mixes) follow this order.
GEMS: tuple[Gem, ...] = (Gem.RUBY, Gem.DIAMOND, Gem.EMERALD, Gem.SAPPHIRE)
GEM_INDEX: dict[Gem, int] = {g: i for i, g in enumerate(GEMS)}


class Confidence(StrEnum):
    """How sure the sources are (AUCTIONS.md levels A, B, C, ?)."""

    CONFIRMED = "confirmed"
    SEED = "seed"
    INFERRED = "inferred"
    ILLUSTRATIVE = "illustrative"


#: Weakest last: the confidence of a computation is the weakest of its inputs.
CONFIDENCE_ORDER: tuple[Confidence, ...] = (
    Confidence.CONFIRMED,
    Confidence.SEED,
    Confidence.INFERRED,
    Confidence.ILLUSTRATIVE,
)


_RANK: dict[str, int] = {c: i for i, c in enumerate(CONFIDENCE_ORDER)}


def weakest(levels: Any) -> Confidence:
    """The weakest of some confidence levels (``confirmed`` when there are none)."""
    return CONFIDENCE_ORDER[max((_RANK[level] for level in levels), default=0)]


@dataclass(frozen=True, slots=True)
class Hall:
    """One hall of the King's Path: the cost of King-marked upgrades there, and the halls it leads to.

    The real path graph and its costs are unknown (AUCTIONS.md §2.10): the default path is illustrative.
    """

    cost_gem: Gem
    cost: int
    exits: tuple[int, ...]  #: indexes of the next halls; () = the Coronation Hall

    def to_dict(self) -> dict[str, Any]:
        return {"cost_gem": str(self.cost_gem), "cost": self.cost, "exits": list(self.exits)}


def _p(default: Any, confidence: Confidence, source: str) -> Any:
    return field(default=default, metadata={"confidence": confidence, "source": source})


S, E, D, R = Gem.SAPPHIRE, Gem.EMERALD, Gem.DIAMOND, Gem.RUBY

#: An illustrative King's Path: from the start hall the path forks into a short branch (6 moves
#: to the Coronation Hall) and a long one (8 moves). The seed says only that the first move from
#: the start hall chooses between halls costing 2 sapphires and 2 emeralds (AUCTIONS.md §2.7).
DEFAULT_PATH: tuple[Hall, ...] = (
    Hall(S, 1, (1, 6)),  # 0 start hall ("castle hall" in the seed's example)
    Hall(S, 2, (2,)),  # 1 short branch (seed: a hall costing 2 sapphires)
    Hall(E, 2, (3,)),  # 2
    Hall(D, 2, (4,)),  # 3
    Hall(E, 3, (5,)),  # 4
    Hall(R, 2, (13,)),  # 5
    Hall(E, 2, (7,)),  # 6 long branch (seed: a hall costing 2 emeralds)
    Hall(S, 2, (8,)),  # 7
    Hall(S, 3, (9,)),  # 8
    Hall(D, 2, (10,)),  # 9
    Hall(E, 3, (11,)),  # 10
    Hall(D, 3, (12,)),  # 11
    Hall(R, 2, (13,)),  # 12
    Hall(R, 3, ()),  # 13 Coronation Hall
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Params:
    """The model's parameters. ``Params()`` is the default model; change any field with
    ``dataclasses.replace`` (the new value is then *custom*, i.e. illustrative).

    Tuples of four numbers follow :data:`GEMS` (ruby, diamond, emerald, sapphire).
    """

    #: Fewest gems of a lot's kind that take the improvement card (AUCTIONS.md §2.6: "3 or more").
    card_threshold: int = _p(3, Confidence.CONFIRMED, "AUCTIONS.md §2.6; seed 004 phase 3")
    #: VP for a winning bid below the card threshold (1-2 gems), or instead of the card.
    small_win_vp: int = _p(1, Confidence.CONFIRMED, "AUCTIONS.md §2.6; seed 004 phase 3")
    #: Bonus thresholds per gem (ruby 6, diamond 7, emerald 8, sapphire 9).
    bonus_thresholds: tuple[int, int, int, int] = _p(
        (6, 7, 8, 9), Confidence.SEED, "seed 004 phase 3; AUCTIONS.md §2.6 (blog: 6+ rubies)"
    )
    #: Extra VP when a winning bid reaches its bonus threshold (on top of the card or 1 VP).
    bonus_vp: int = _p(4, Confidence.SEED, "seed 004 phase 3; AUCTIONS.md §2.6")
    #: Cards a player may take from family and tribes in one Income phase.
    income_cap: int = _p(6, Confidence.CONFIRMED, "seed 004 phase 1; spieleteufel (AUCTIONS.md §2.4)")
    #: Family income per level 1..8: (tier-1 cards, free upgrade markers).
    family_income: tuple[tuple[int, int], ...] = _p(
        ((2, 0), (3, 0), (3, 0), (3, 0), (3, 0), (2, 1), (2, 1), (2, 1)),
        Confidence.SEED,
        "seed 004 phase 1 family track; AUCTIONS.md §2.4",
    )
    #: Cards the bank takes for one card of your choice.
    bank_rate: int = _p(
        2, Confidence.CONFIRMED, "seed 004 phase 2; spieleteufel, poeppelkiste (AUCTIONS.md §2.5)"
    )
    #: Gems that convert to 1 VP at the end of the game.
    end_conversion: int = _p(3, Confidence.SEED, "seed 004 game end; AUCTIONS.md §2.8")
    #: Tier-1 cards each player starts with.
    start_cards: int = _p(6, Confidence.SEED, "superfred setup (AUCTIONS.md §2.2 step 6)")
    #: Improvement slots in a mine (the start scroll takes one of them).
    mine_slots: int = _p(6, Confidence.INFERRED, "mundofreak (AUCTIONS.md §2.1)")
    #: Lots with no improvement card at 2 and 3 players ("ruby and/or diamond" in the seed).
    empty_rows_2p: tuple[Gem, ...] = _p((R, D), Confidence.INFERRED, "seed 004 phase 3; AUCTIONS.md §2.6")
    empty_rows_3p: tuple[Gem, ...] = _p((R,), Confidence.INFERRED, "seed 004 phase 3; AUCTIONS.md §2.6")
    #: On an empty row, does the bonus add to the 1 VP ("add": 1 + 4) or replace it ("replace": 4)?
    empty_row_bonus: str = _p("add", Confidence.INFERRED, "seed 004 phase 3 (ambiguous); AUCTIONS.md §2.6")
    #: Gem mix of the four cart decks, tiers 1-4 (wood, copper, iron, bronze): relative weights
    #: of (ruby, diamond, emerald, sapphire). Draws are with replacement (an infinite deck).
    deck_mix: tuple[tuple[int, int, int, int], ...] = _p(
        ((1, 2, 7, 10), (2, 4, 7, 7), (4, 6, 6, 4), (8, 6, 4, 2)),
        Confidence.ILLUSTRATIVE,
        "unknown (AUCTIONS.md §2.10); the seed implies rubies are in the tier-4 deck",
    )
    #: Improvement cards in each row's stack (52 improvements / 4 rows, split by player count unknown).
    row_cards: int = _p(13, Confidence.ILLUSTRATIVE, "unknown; 52 improvements (ludorium) / 4 rows")
    #: Income of one won improvement, modelled as a dwarf tribe: cards per round ...
    card_income: int = _p(1, Confidence.ILLUSTRATIVE, "unknown card list (AUCTIONS.md §2.10)")
    #: ... of this tier, per row (ruby, diamond, emerald, sapphire).
    card_tier: tuple[int, int, int, int] = _p(
        (4, 3, 2, 2), Confidence.ILLUSTRATIVE, "unknown card list (AUCTIONS.md §2.10)"
    )
    #: VP of one improvement at the end of the game.
    card_vp: int = _p(2, Confidence.ILLUSTRATIVE, "unknown card list (AUCTIONS.md §2.10)")
    #: Highest family level (the track shows levels 1-8).
    family_max: int = _p(8, Confidence.SEED, "seed 004 family track")
    #: The King's Path: halls with their King-dependent cost and exits (hall 0 = start).
    king_path: tuple[Hall, ...] = _p(DEFAULT_PATH, Confidence.ILLUSTRATIVE, "unknown (AUCTIONS.md §2.10)")

    def confidence(self, name: str) -> Confidence:
        """The field's source confidence, or ``illustrative`` when its value was changed (custom)."""
        table = labels(self)
        if name not in table:
            msg = f"Params has no field {name!r}"
            raise KeyError(msg)
        return table[name]

    def confidence_of(self, names: Any) -> Confidence:
        """The weakest confidence of the named fields: ``illustrative`` if any is unknown or custom."""
        return weakest(self.confidence(n) for n in names)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            out[f.name] = _jsonable(getattr(self, f.name))
        return out


def _jsonable(value: Any) -> Any:
    if isinstance(value, Hall):
        return value.to_dict()
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, Gem):
        return str(value)
    return value


def describe() -> list[dict[str, str]]:
    """One row per parameter: name, default value (JSON), confidence, source (for docs and notebooks)."""
    import json

    return [
        {
            "name": f.name,
            "default": json.dumps(_jsonable(f.default)),
            "confidence": str(f.metadata["confidence"]),
            "source": str(f.metadata["source"]),
        }
        for f in fields(Params)
    ]


_LABELS: dict[int, tuple[Params, dict[str, Confidence]]] = {}


def labels(p: Params) -> dict[str, Confidence]:
    """Every field's confidence for ``p`` (custom values are illustrative); cached per instance."""
    hit = _LABELS.get(id(p))
    if hit is not None and hit[0] is p:
        return hit[1]
    if len(_LABELS) > 256:
        _LABELS.clear()
    table = {
        f.name: Confidence.ILLUSTRATIVE
        if getattr(p, f.name) != f.default
        else Confidence(f.metadata["confidence"])
        for f in fields(Params)
    }
    _LABELS[id(p)] = (p, table)  # the entry keeps ``p`` alive, so its id is not reused while cached
    return table
