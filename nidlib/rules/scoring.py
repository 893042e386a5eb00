"""Final scoring: the Final Bravery Value of every player, line by line.

Rules: R-SCORE-1..11, R-ARMY-2, R-HERO-* (scoring parts), R-HERO-IDUNN-2, R-HERO-YLUD-5,
R-HERO-THRUD-5, R-DIST-CROWNJEWELER-1, R-DIST-HUNTINGMASTER-2, EC-45..EC-52, D-11, D-13, D-14.

A :class:`Tableau` is one player's end-of-game position (card ids per column, command zone,
coins, gem). :func:`score_tableaux` scores all players together, because the Warrior majority
bonus (R-SCORE-2) compares players. Every :class:`ScoreLine` carries the rule that decides it, a
catalogue message key and the numbers of its formula, so ``line.text()`` reads like
``"miners: 4 ranks × 4 points = 16"`` in the learner's language.

The pure helpers (:func:`hunter_points`, :func:`blacksmith_points`, :func:`class_points`...) are the
formulas on their own, for the lessons' calculators.

Engine choices and rulings applied here:

* EC-47 / D-13: if nobody has a Warrior rank, nobody gets the Warrior majority bonus.
* D-14: "highest coin" (Warrior bonus, Astrid) is the highest coin owned *now*.
* D-11: the gem 6 gives +3 (R-DIST-CROWNJEWELER-1).
* R-HERO-THRUD-5: at final scoring Thrud is in the command zone (13 points). A tableau that still
  has her in a column (a provisional, mid-game score) counts her as one rank of 0 bravery points
  there (R-ARMY-2) and gives her 13 points only once she is in the command zone.
* Ylud scores by the column she sits in (R-HERO-YLUD-5); in the command zone she scores nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from nidlib.core.cards import (
    ARTIFACT_POINTS,
    CARDS,
    CLASSES,
    DWERG_POINTS,
    DWERGS,
    NEUTRAL_POINTS,
    YLUD_BRAVERY,
    Artifact,
    CardKind,
    Distinction,
    DwarfClass,
    Hero,
    Myth,
    valkyrie_value,
)
from nidlib.core.coins import Coin
from nidlib.core.messages import catalogue, get_language, render
from nidlib.core.state import Player, State

__all__ = [
    "CATEGORIES",
    "GEM6_BONUS",
    "IDUNN_BONUS",
    "RANK_BRAVERY",
    "RANK_COUNT",
    "PlayerScore",
    "ScoreLine",
    "ScoreTable",
    "Tableau",
    "army_stats",
    "blacksmith_points",
    "bravery_totals",
    "class_points",
    "class_value",
    "column_bravery",
    "column_stats",
    "explorer_points",
    "final_bravery_values",
    "hunter_points",
    "miner_points",
    "neutral_hero_points",
    "position_values",
    "ranks",
    "score_tableaux",
    "scoring_command_zone",
    "warrior_majority",
    "warrior_points",
]

#: The score categories, in the order of the score sheet (R-SCORE-1).
CATEGORIES: Final[tuple[str, ...]] = (
    "warrior",
    "hunter",
    "miner",
    "blacksmith",
    "explorer",
    "warrior_bonus",
    "heroes",
    "coins",
    "gem6",
)

#: Gem 6 bonus (R-DIST-CROWNJEWELER-1).
GEM6_BONUS: Final = 3
#: Idunn's bonus per Explorer rank (R-HERO-IDUNN-2).
IDUNN_BONUS: Final = 2

_W, _H, _M, _B, _E = CLASSES
_YLUD: Final = Hero.YLUD.value
_THRUD: Final = Hero.THRUD.value
_IDUNN: Final = Hero.IDUNN.value
_ASTRID: Final = Hero.ASTRID.value

#: Bravery points of each rank of every card that can sit in a column, by id (R-ARMY-2).
#: Ylud is absent (her rank depends on her column); Thrud has one rank without points.
_RANKS: Final[dict[str, tuple[int, ...]]] = {
    cid: c.ranks for cid, c in CARDS.items() if c.cls is not None and c.ranks
}
_RANKS[_THRUD] = (0,)
#: Ranks (R-ARMY-2) and the sum of their bravery points that each card adds to its column, by id.
#: Ylud is absent from the second (her points depend on her column: :data:`YLUD_BRAVERY`).
RANK_COUNT: Final[dict[str, int]] = {cid: len(r) for cid, r in _RANKS.items()}
RANK_COUNT[_YLUD] = 1
RANK_BRAVERY: Final[dict[str, int]] = {cid: sum(r) for cid, r in _RANKS.items()}
_YLUD_BY_INDEX: Final[tuple[int, ...]] = tuple(YLUD_BRAVERY[c] for c in CLASSES)
#: cards of one rank whose bravery points depend on the column they sit in, by column index (``None``: not
#: allowed there): a Mercenary by the class it was enlisted as (X-TH-MERC-1), Olwyn's doubles 0
#: (X-TH-HERO-OLWYN-2)
_BY_COLUMN: Final[dict[str, tuple[int | None, ...]]] = {
    cid: tuple(dict(c.options).get(cls) for cls in CLASSES)
    for cid, c in CARDS.items()
    if c.kind is CardKind.MERCENARY
}
_BY_COLUMN.update(
    {cid: (0, 0, 0, 0, 0) for cid, c in CARDS.items() if c.kind in (CardKind.DOUBLE, CardKind.GULLINBURSTI)}
)
#: Ids that may sit in a command zone without scoring (distinction cards, R-SCORE-7).
_DISTINCTIONS: Final[frozenset[str]] = frozenset(d.value for d in Distinction)

_CLASS_RULE: Final[dict[DwarfClass, str]] = {
    _W: "R-SCORE-2",
    _H: "R-SCORE-3",
    _M: "R-SCORE-4",
    _B: "R-SCORE-5",
    _E: "R-SCORE-6",
}


# --- Pure formulas ------------------------------------------------------------


def hunter_points(ranks: int) -> int:
    """Hunter Bravery Value: ``n²`` for ``n`` Hunter ranks (R-SCORE-3, table R-SCORE-11)."""
    return ranks * ranks


def blacksmith_points(ranks: int) -> int:
    """Blacksmith Bravery Value: 3 + 4 + … + (n + 2) = ``n(n + 5) / 2`` (R-SCORE-5, table R-SCORE-11)."""
    return ranks * (ranks + 5) // 2


def warrior_points(bravery_values: Iterable[int]) -> int:
    """Warrior Bravery Value without the majority bonus: the sum of the ranks' points (R-SCORE-2)."""
    return sum(bravery_values)


def miner_points(bravery_values: Iterable[int]) -> int:
    """Miner Bravery Value: (sum of the ranks' points) × (number of ranks) (R-SCORE-4)."""
    total = 0
    count = 0
    for bp in bravery_values:
        total += bp
        count += 1
    return total * count


def explorer_points(bravery_values: Iterable[int], idunn: bool = False) -> int:
    """Explorer Bravery Value: the sum of the ranks' points, plus 2 per rank with Idunn (R-SCORE-6, R-HERO-IDUNN-2).

    ``bravery_values`` holds every rank of the column, Idunn's own 7 included.
    """
    total = 0
    count = 0
    for bp in bravery_values:
        total += bp
        count += 1
    return total + IDUNN_BONUS * count if idunn else total


def _card_ranks(card_id: str, cls: DwarfClass | None) -> tuple[int, ...]:
    if card_id == _YLUD:
        return (YLUD_BRAVERY[cls],) if cls is not None else (0,)  # R-HERO-YLUD-5
    by_column = _BY_COLUMN.get(card_id)
    if by_column is not None and cls is not None and by_column[_INDEX[cls]] is not None:
        return (by_column[_INDEX[cls]] or 0,)  # X-TH-MERC-1, X-TH-HERO-OLWYN-2
    try:
        return _RANKS[card_id]
    except KeyError:
        msg = f"{card_id!r} is not the id of a card that can sit in an army column"
        raise ValueError(msg) from None


def ranks(card_ids: Iterable[str], cls: DwarfClass | None = None) -> int:
    """Number of ranks of a column: rank symbols, not cards (R-ARMY-2).

    Multi-rank cards count fully (Kraal 2, Aral 2, Dagda 3, Aegur 2, Bonfur 3, Zoral 3, the King's
    Great Armorer card ``"armorer"`` 2); Ylud and Thrud count 1 where they sit. ``cls`` is accepted
    for symmetry with :func:`column_bravery`; the count does not depend on it.
    """
    n = 0
    for cid in card_ids:
        n += 1 if cid == _YLUD else len(_card_ranks(cid, cls))
    return n


def column_bravery(cls: DwarfClass, card_ids: Iterable[str]) -> list[int]:
    """The bravery points of each rank of a column, bottom to top (R-ARMY-2, R-HERO-YLUD-5).

    Hunter and blacksmith ranks are 0; Ylud is worth :data:`nidlib.core.cards.YLUD_BRAVERY` of her column.
    """
    out: list[int] = []
    for cid in card_ids:
        out.extend(_card_ranks(cid, cls))
    return out


def column_stats(ci: int, card_ids: Iterable[str]) -> tuple[int, int, bool]:
    """(ranks, sum of bravery points, Idunn present) of the column of class index ``ci`` (R-ARMY-2).

    Ylud counts one rank worth :data:`YLUD_BRAVERY` of that column (R-HERO-YLUD-5). The fast core
    of every score: :func:`final_bravery_values`, :func:`score_tableaux` and the bots.
    """
    n = 0
    bp = 0
    idunn = False
    for cid in card_ids:
        if cid == _YLUD:
            n += 1
            bp += _YLUD_BY_INDEX[ci]
            continue
        k = RANK_COUNT.get(cid)
        if k is None:
            n += 1
            bp += _card_ranks(cid, CLASSES[ci])[0]  # a Mercenary or a double; else raises the ValueError
            continue
        n += k
        bp += RANK_BRAVERY[cid]
        if cid == _IDUNN:
            idunn = True
    return n, bp, idunn


def class_value(ci: int, n: int, bp: int, idunn: bool) -> int:
    """Bravery Value of the column of class index ``ci`` from its ranks and bravery points (R-SCORE-2..6).

    Warriors: the points (R-SCORE-2, bonus apart); hunters: n² (R-SCORE-3); miners: points × ranks
    (R-SCORE-4); blacksmiths: 3 + 4 + ... (R-SCORE-5); explorers: the points, +2 per rank with Idunn
    (R-SCORE-6, R-HERO-IDUNN-2).
    """
    if ci == 0:
        return bp
    if ci == 1:
        return n * n
    if ci == 2:
        return bp * n
    if ci == 3:
        return n * (n + 5) // 2
    return bp + IDUNN_BONUS * n if idunn else bp


#: a player's army as scored: (ranks per column, bravery points per column, Idunn present)
ArmyStats = tuple[list[int], list[int], bool]


def army_stats(columns: Sequence[Iterable[str]]) -> ArmyStats:
    """:func:`column_stats` of the five columns (CLASSES order) in one pass, for the fast totals."""
    ns = [0, 0, 0, 0, 0]
    bps = [0, 0, 0, 0, 0]
    idunn = False
    for ci in range(5):
        n = 0
        bp = 0
        for cid in columns[ci]:
            k = RANK_COUNT.get(cid)
            if k is None:
                n += 1
                bp += _card_ranks(cid, CLASSES[ci])[0]  # a Mercenary or a double; else raises the ValueError
            elif cid == _YLUD:
                n += 1
                bp += _YLUD_BY_INDEX[ci]
            else:
                n += k
                bp += RANK_BRAVERY[cid]
                if cid == _IDUNN:
                    idunn = True
        ns[ci] = n
        bps[ci] = bp
    return ns, bps, idunn


_INDEX: Final[dict[DwarfClass, int]] = {cls: i for i, cls in enumerate(CLASSES)}


def _column_stats(cls: DwarfClass, card_ids: Iterable[str]) -> tuple[int, int, bool]:
    return column_stats(_INDEX[cls], card_ids)


def _class_value(cls: DwarfClass, n: int, bp: int, idunn: bool) -> int:
    return class_value(_INDEX[cls], n, bp, idunn)


def class_points(cls: DwarfClass, card_ids: Iterable[str]) -> int:
    """Bravery Value of one class column from its card ids, heroes included (R-SCORE-2..6).

    Kraal 7 + 0, Tarah 14, Zoral 1, 0, 0, Lokdur 3, Hourya 20, Idunn 7 and +2 per Explorer rank
    (her own included), Ylud by column, ``"armorer"`` = 2 blacksmith ranks. The Warrior value
    excludes the majority bonus (see :func:`warrior_majority`).
    """
    n, bp, idunn = _column_stats(cls, card_ids)
    return _class_value(cls, n, bp, idunn)


def _highest(coins: Iterable[Coin]) -> int:
    return max((c.value for c in coins), default=0)


def neutral_hero_points(command_zone: Iterable[str], highest_coin: int) -> int:
    """Points of the heroes in a command zone (R-SCORE-7).

    Skaa 17, Grid 7, Uline 9, Thrud 13, Astrid = ``highest_coin`` (R-HERO-ASTRID-1), Dwerg
    brothers by count 13/40/81/108/135 (R-HERO-DWERG-1). Distinction cards and a Ylud left in the
    command zone score nothing.
    """
    total = 0
    dwergs = 0
    for cid in command_zone:
        fixed = NEUTRAL_POINTS.get(cid)
        if fixed is not None:
            total += fixed
        elif cid in DWERGS:
            dwergs += 1
        elif cid == _ASTRID:
            total += highest_coin
    return total + DWERG_POINTS[dwergs]


def warrior_majority(warrior_ranks: Sequence[int], *, without_warriors: bool = False) -> tuple[int, ...]:
    """Indexes of the players who get the Warrior majority bonus (R-SCORE-2, EC-48, EC-47).

    Every player tied for the most Warrior ranks gets it. If nobody has a Warrior rank, nobody
    gets it (ENGINE CHOICE EC-47, D-13), unless ``without_warriors`` asks for BGA's reading, in
    which everybody is tied at 0 and everybody gets it.
    """
    top = max(warrior_ranks, default=0)
    if top == 0 and not without_warriors:
        return ()
    return tuple(i for i, r in enumerate(warrior_ranks) if r == top)


# --- Score lines ----------------------------------------------------------------


def _plus(values: Iterable[int]) -> str:
    return " + ".join(map(str, values))


def _hero_terms(params: Mapping[str, Any], lang: str) -> str:
    cat = catalogue(lang)
    parts: list[str] = []
    if params["dwergs"]:
        parts.append(
            render("score.hero.dwergs", {"n": params["dwergs"], "points": params["dwerg_points"]}, lang)
        )
    if params["astrid"] is not None:
        parts.append(render("score.hero.astrid", {"points": params["astrid"]}, lang))
    for hero, pts in params["fixed"]:
        card = CARDS.get(hero)
        parts.append(render("score.hero.fixed", {"name": card.name if card else hero, "points": pts}, lang))
    return cat.get("score.terms.sep", ", ").join(parts)


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One line of a player's score sheet: a category, its points, the rule and the formula's numbers."""

    category: str
    """One of :data:`CATEGORIES`."""
    points: int
    rule: str
    """The rule id that decides this line, e.g. ``"R-SCORE-4"``."""
    key: str
    """Catalogue message id, e.g. ``"score.miner"``."""
    params: dict[str, Any]
    """The numbers shown in the formula (lists of bravery points, ranks, coin values...)."""

    def text(self, lang: str | None = None, *, cite: bool = False) -> str:
        """The formula with its numbers, e.g. ``"miners: 4 ranks × 4 points = 16"``.

        With ``cite=True`` the rule id follows in brackets.
        """
        lang = lang or get_language()
        p = dict(self.params)
        key = self.key
        if key in ("score.warrior", "score.explorer", "score.explorer.idunn", "score.coins"):
            p["terms"] = _plus(p["values"])
        elif key == "score.blacksmith":
            p["terms"] = "+".join(map(str, range(3, p["ranks"] + 3)))
        elif key == "score.heroes":
            p["terms"] = _hero_terms(p, lang)
        elif key == "score.mythology":
            p["terms"] = (
                catalogue(lang)
                .get("score.terms.sep", ", ")
                .join(render(f"score.myth.{cid}", {"n": k, "points": x}, lang) for cid, k, x in p["terms"])
            )
        elif key == "score.artifacts":
            p["terms"] = (
                catalogue(lang)
                .get("score.terms.sep", ", ")
                .join(
                    render(f"score.artifact.{cid}", {"n": k, "points": x}, lang) for cid, k, x in p["terms"]
                )
            )
        body = render(key, p, lang)
        return f"{body} [{self.rule}]" if cite else body

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """A player's score lines (one per category, :data:`CATEGORIES` order) and Final Bravery Value."""

    name: str
    lines: tuple[ScoreLine, ...]
    total: int

    def points(self, category: str) -> int:
        """Points of one category; raises KeyError for an unknown category."""
        for line in self.lines:
            if line.category == category:
                return line.points
        if category in CATEGORIES:
            return 0
        raise KeyError(category)

    def line(self, category: str) -> ScoreLine:
        for line in self.lines:
            if line.category == category:
                return line
        raise KeyError(category)

    def as_dict(self) -> dict[str, int | str]:
        """``{"name", "warrior", ..., "gem6", "total"}``; ``warrior`` excludes the majority bonus."""
        out: dict[str, int | str] = {"name": self.name}
        for category in CATEGORIES:
            out[category] = self.points(category)
        for line in self.lines:
            if line.category not in CATEGORIES:  # an expansion's category (Thingvellir: "artifacts")
                out[line.category] = line.points
        out["total"] = self.total
        return out

    def total_text(self, lang: str | None = None) -> str:
        """``"total (Final Bravery Value): 212"`` (R-SCORE-1)."""
        return render("score.total", {"points": self.total}, lang)

    def text(self, lang: str | None = None, *, cite: bool = True) -> str:
        """The player's breakdown block: name, one indented line per category, then the total."""
        rows = [self.name]
        rows.extend("  " + line.text(lang, cite=cite) for line in self.lines)
        total = self.total_text(lang)
        rows.append("  " + (f"{total} [R-SCORE-1]" if cite else total))
        return "\n".join(rows)


@dataclass(frozen=True, slots=True)
class ScoreTable:
    """Every player's score and the winners: tied players share the victory (R-SCORE-10)."""

    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]

    def player(self, name: str) -> PlayerScore:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def winners_text(self, lang: str | None = None) -> str:
        """``"Ana wins with 212."`` or ``"Ana and Bo share the victory with 227."`` (R-SCORE-10)."""
        if not self.winners:
            return render("score.no-winner", None, lang)
        best = max(p.total for p in self.players)
        if len(self.winners) == 1:
            return render("score.winner", {"name": self.winners[0], "points": best}, lang)
        cat = catalogue(lang or get_language())
        names = cat.get("score.names.and", "{a} and {b}").format(
            a=cat.get("score.names.sep", ", ").join(self.winners[:-1]), b=self.winners[-1]
        )
        return render("score.winners", {"names": names, "points": best}, lang)

    def text(self, lang: str | None = None, *, cite: bool = True) -> str:
        """Every player's block, then the winners sentence."""
        blocks = [p.text(lang, cite=cite) for p in self.players]
        win = self.winners_text(lang)
        blocks.append(f"{win} [R-SCORE-10]" if cite else win)
        return "\n\n".join(blocks)

    def as_dict(self) -> dict[str, Any]:
        """``{"players": [PlayerScore.as_dict(), ...], "winners": [names]}``."""
        return {"players": [p.as_dict() for p in self.players], "winners": list(self.winners)}


@dataclass(frozen=True, slots=True)
class Tableau:
    """One player's end-of-game position.

    ``columns`` maps a class to its card ids, bottom to top: dwarf ids (``"1W7"``), class heroes
    (``"kraal"``), ``"ylud"`` (scored by :data:`nidlib.core.cards.YLUD_BRAVERY`), the King's Great
    Armorer card ``"armorer"``. At final scoring Thrud is in the command zone, never in a column
    (R-HERO-THRUD-5). ``command_zone`` holds neutral hero ids (``"skaa"``, ``"dwerg-ymir"``,
    ``"thrud"``, ``"ylud"`` if she was never placed) and distinction ids, which score nothing.
    """

    name: str
    columns: Mapping[DwarfClass, Sequence[str]]
    command_zone: Sequence[str]
    coins: Sequence[Coin]
    gem: int
    #: Thingvellir: the class Mjöllnir's owner chose (None: the best one, X-TH-ART-MJOLLNIR-1)
    mjollnir: DwarfClass | None = None
    #: Idavoll: the card each of this player's Giants captured (Giant id -> card id; X-ID-8)
    captured: Mapping[str, str] = field(default_factory=dict)
    #: Idavoll: how many notches each of this player's Valkyries moved down (Valkyrie id -> k; X-ID-9)
    notches: Mapping[str, int] = field(default_factory=dict)


_EMPTY: Final[tuple[str, ...]] = ()


def _stats(t: Tableau) -> list[tuple[int, int, bool]]:
    cols = t.columns
    return [_column_stats(cls, cols.get(cls, _EMPTY)) for cls in CLASSES]


def final_bravery_values(
    tableaux: Sequence[Tableau], *, warrior_bonus_without_warriors: bool = False
) -> tuple[int, ...]:
    """Only the Final Bravery Values, in order: the fast path for simulations (R-SCORE-1)."""
    stats = [army_stats([t.columns.get(cls, _EMPTY) for cls in CLASSES]) for t in tableaux]
    extras = [
        artifact_points(
            [t.columns.get(cls, _EMPTY) for cls in CLASSES],
            t.command_zone,
            t.coins,
            st[0],
            _INDEX[t.mjollnir] if t.mjollnir is not None else -1,
        )
        + sum(animal_bonus([t.columns.get(cls, _EMPTY) for cls in CLASSES], st[0]))
        + mythology_points(t.command_zone, t.captured, t.notches, t.coins)
        for t, st in zip(tableaux, stats, strict=True)
    ]
    return bravery_totals(
        stats,
        [t.command_zone for t in tableaux],
        [t.coins for t in tableaux],
        [t.gem for t in tableaux],
        warrior_bonus_without_warriors=warrior_bonus_without_warriors,
        extras=extras if any(extras) else None,
    )


def scoring_command_zone(p: Player) -> Sequence[str]:
    """The command zone as scored: an owned Thrud counts there, wherever she stands now (R-HERO-THRUD-5)."""
    zone = p.command_zone
    if _THRUD in p.heroes and _THRUD not in zone:
        return [*zone, _THRUD]
    return zone


def position_values(s: State) -> tuple[int, ...]:
    """Every player's Final Bravery Value of the position, as ``nidlib.final_scores`` totals it (R-SCORE-1).

    Mid-game too: the coins count wherever they are, Thrud in the command zone (R-HERO-THRUD-5). No
    score sheet is built: this is the bots' scoring (:func:`nidlib.tools.bots.fast_scores`).
    """
    stats = [army_stats(p.columns) for p in s.players]
    zones = [scoring_command_zone(p) for p in s.players]
    coins = [p.coins() for p in s.players]
    extras = None
    if s.camp is not None:
        choices = s.camp.mjollnir
        extras = [
            artifact_points(p.columns, zones[i], coins[i], stats[i][0], choices[i])
            for i, p in enumerate(s.players)
        ]
    if s.idavoll is not None:
        myth = [
            sum(animal_bonus(p.columns, stats[i][0]))
            + mythology_points(zones[i], *idavoll_tokens(s, i), coins[i])
            for i, p in enumerate(s.players)
        ]
        extras = myth if extras is None else [a + b for a, b in zip(extras, myth, strict=True)]
    return bravery_totals(
        stats,
        zones,
        coins,
        [p.gem for p in s.players],
        warrior_bonus_without_warriors=s.options.warrior_bonus_without_warriors,
        extras=extras,
    )


def bravery_totals(
    stats: Sequence[ArmyStats],
    command_zones: Sequence[Iterable[str]],
    coins: Sequence[Iterable[Coin]],
    gems: Sequence[int],
    *,
    warrior_bonus_without_warriors: bool = False,
    extras: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """Final Bravery Values from each player's :func:`army_stats`, command zone, coins and gem.

    ``extras``: each player's artifact points (Thingvellir, X-TH-SCORE-1: :func:`artifact_points`).

    FBV = the five class values + the Warrior majority bonus (R-SCORE-2, EC-47, EC-48) + neutral heroes
    (R-SCORE-7) + coins (R-SCORE-8) + 3 for the gem 6 (R-DIST-CROWNJEWELER-1). The one total behind
    :func:`final_bravery_values`, :func:`score_tableaux`'s lines and the bots' ``fast_scores``.
    """
    bonus = warrior_majority([st[0][0] for st in stats], without_warriors=warrior_bonus_without_warriors)
    out: list[int] = []
    for i, (ns, bps, idunn) in enumerate(stats):
        total = 0
        high = 0
        for c in coins[i]:
            v = c.value
            total += v
            high = max(high, v)
        for ci in range(5):
            total += class_value(ci, ns[ci], bps[ci], idunn)
        total += neutral_hero_points(command_zones[i], high)
        if i in bonus:
            total += high
        if gems[i] == 6:
            total += GEM6_BONUS
        if extras is not None:
            total += extras[i]
        out.append(total)
    return tuple(out)


# --- Thingvellir: artifacts (X-TH-SCORE-1) ------------------------------------------------------

_DRAUPNIR: Final = Artifact.DRAUPNIR.value
_SVALINN: Final = Artifact.SVALINN.value
_MJOLLNIR: Final = Artifact.MJOLLNIR.value
_HRAFNSMERKI: Final = Artifact.HRAFNSMERKI.value
_ARTIFACTS: Final[frozenset[str]] = frozenset(a.value for a in Artifact)
_MERCENARIES: Final[frozenset[str]] = frozenset(_BY_COLUMN) - {
    cid for cid, c in CARDS.items() if c.kind is CardKind.DOUBLE
}
_HEROES: Final[frozenset[str]] = frozenset(cid for cid, c in CARDS.items() if c.kind is CardKind.HERO)


def artifact_terms(
    columns: Sequence[Iterable[str]],
    command_zone: Iterable[str],
    coins: Iterable[Coin],
    ns: Sequence[int],
    mjollnir: int = -1,
) -> list[tuple[str, int, int]]:
    """Each owned scoring artifact as (id, count, points): Draupnir 6 per coin of 15 or more, Svalinn 5
    per hero card, Megingjord 28, Mjöllnir 2 per rank of the chosen class (the best one before the
    choice, D-X22), Hrafnsmerki 5 per Mercenary, Jarnglofi 24 (X-TH-SCORE-1, X-TH-ART-*-1)."""
    zone = list(command_zone)
    out: list[tuple[str, int, int]] = []
    for cid in zone:
        if cid not in _ARTIFACTS:
            continue
        if cid == _DRAUPNIR:
            k = sum(1 for c in coins if c.value >= 15)
            out.append((cid, k, 6 * k))
        elif cid == _SVALINN:
            k = sum(1 for c in zone if c in _HEROES) + sum(1 for col in columns for c in col if c in _HEROES)
            out.append((cid, k, 5 * k))
        elif cid == _MJOLLNIR:
            k = ns[mjollnir] if mjollnir >= 0 else max(ns)
            out.append((cid, k, 2 * k))
        elif cid == _HRAFNSMERKI:
            k = sum(1 for c in zone if c in _MERCENARIES) + sum(
                1 for col in columns for c in col if c in _MERCENARIES
            )
            out.append((cid, k, 5 * k))
        elif cid in ARTIFACT_POINTS:
            out.append((cid, 1, ARTIFACT_POINTS[cid]))
    return out


def artifact_points(
    columns: Sequence[Iterable[str]],
    command_zone: Iterable[str],
    coins: Iterable[Coin],
    ns: Sequence[int],
    mjollnir: int = -1,
) -> int:
    """The artifacts' points of one player (X-TH-SCORE-1): the sum of :func:`artifact_terms`."""
    return sum(pts for _cid, _k, pts in artifact_terms(columns, command_zone, coins, ns, mjollnir))


# --- Idavoll: Animals inside their class, Gods, Giants and Valkyries (X-ID-10, X-ID-SCORE-1) ------------

_NIDHOGG: Final = Myth.NIDHOGG.value
_GARM: Final = Myth.GARM.value
_RATATOSK: Final = Myth.RATATOSK.value
_GYMIR: Final = Myth.GYMIR.value
_SURT: Final = Myth.SURT.value
_GIANT_IDS: Final[tuple[str, ...]] = tuple(c.id for c in CARDS.values() if c.kind is CardKind.GIANT)
_VALKYRIE_IDS: Final[tuple[str, ...]] = tuple(c.id for c in CARDS.values() if c.kind is CardKind.VALKYRIE)
_MYTH_ZONE: Final[frozenset[str]] = frozenset(
    c.id for c in CARDS.values() if c.kind in (CardKind.GOD, CardKind.GIANT, CardKind.VALKYRIE)
)


def zero_miner_ranks(miner_column: Iterable[str]) -> int:
    """Zero-BP ranks of the Miner column: miners of value 0, Zoral's two 0 ranks and (ENGINE CHOICE
    D-X08) Olwyn's doubles and Gullinbursti; never Ylud (1) (X-ID-ANIMAL-RATATOSK-2)."""
    return sum(1 for cid in miner_column if cid != _YLUD for bp in _card_ranks(cid, _M) if bp == 0)


def animal_bonus(columns: Sequence[Iterable[str]], ns: Sequence[int]) -> tuple[int, int, int]:
    """What the Animals add inside their class (Warrior, Miner, Explorer): Nidhogg 2 per Warrior rank
    (X-ID-ANIMAL-NIDHOGG-1), Ratatosk 1 per pair of zero-BP Miner ranks before the multiplication
    (X-ID-ANIMAL-RATATOSK-1), Garm 1 per Explorer rank (X-ID-ANIMAL-GARM-1)."""
    w = 2 * ns[0] if _NIDHOGG in columns[0] else 0
    e = ns[4] if _GARM in columns[4] else 0
    m = zero_miner_ranks(columns[2]) // 2 * ns[2] if _RATATOSK in columns[2] else 0
    return w, m, e


def idavoll_tokens(s: State, i: int) -> tuple[dict[str, str], dict[str, int]]:
    """Player ``i``'s captured cards (Giant -> card) and Valkyrie notches (Valkyrie -> k), from the state."""
    part = s.idavoll
    zone = s.players[i].command_zone
    if part is None:
        return {}, {}
    captured = {
        g: c for g, c in zip(_GIANT_IDS, part.captured, strict=True) if g in zone and c not in ("", "-")
    }
    notches = {v: k for v, k in zip(_VALKYRIE_IDS, part.notches, strict=True) if v in zone}
    return captured, notches


def mythology_terms(
    command_zone: Iterable[str],
    captured: Mapping[str, str],
    notches: Mapping[str, int],
    coins: Iterable[Coin],
) -> list[tuple[str, int, int]]:
    """Each God, Giant and Valkyrie of a command zone as (id, detail, points): a God's points, Gymir
    3 x the captured card's points, Surt the highest coin (once he captured), a Giant that captured
    nothing 0, a Valkyrie the value under her token (detail: notches) (X-ID-10, X-ID-SCORE-2)."""
    out: list[tuple[str, int, int]] = []
    for cid in command_zone:
        if cid not in _MYTH_ZONE:
            continue
        card = CARDS[cid]
        if card.kind is CardKind.GOD:
            out.append((cid, 0, card.points))
        elif card.kind is CardKind.GIANT:
            got = captured.get(cid, "")
            if cid == _GYMIR and got:
                bp = CARDS[got].bravery
                out.append((cid, bp, 3 * bp))
            elif cid == _SURT and got:
                high = _highest(coins)
                out.append((cid, high, high))
            else:
                out.append((cid, 0, 0))
        else:
            k = notches.get(cid, 0)
            out.append((cid, k, valkyrie_value(cid, k)))
    return out


def mythology_points(
    command_zone: Iterable[str],
    captured: Mapping[str, str],
    notches: Mapping[str, int],
    coins: Iterable[Coin],
) -> int:
    """The Mythology line of one player (X-ID-10): the sum of :func:`mythology_terms`."""
    return sum(pts for _cid, _d, pts in mythology_terms(command_zone, captured, notches, coins))


_ANIMAL_OF: Final[dict[DwarfClass, str]] = {_W: _NIDHOGG, _M: _RATATOSK, _E: _GARM}


def _animal_line(cls: DwarfClass, line: ScoreLine, ids: Sequence[str], n: int) -> ScoreLine:
    """A class line with its Animal's bonus (X-ID-ANIMAL-NIDHOGG-1, -RATATOSK-1, -GARM-1), if any."""
    animal = _ANIMAL_OF.get(cls)
    if animal is None or animal not in ids:
        return line
    cols = [ids if c is cls else () for c in CLASSES]
    ns = [n if c is cls else 0 for c in CLASSES]
    bonus = sum(animal_bonus(cols, ns))
    rule = f"X-ID-ANIMAL-{animal.upper()}-1"
    params = {"base": line.points, "bonus": bonus, "ranks": n, "points": line.points + bonus}
    if animal == _RATATOSK:
        params["pairs"] = zero_miner_ranks(ids) // 2
    return ScoreLine(line.category, line.points + bonus, rule, f"score.{cls.value}.{animal}", params)


def _class_line(cls: DwarfClass, ids: Sequence[str], n: int, bp: int, idunn: bool) -> ScoreLine:
    return _animal_line(cls, _plain_class_line(cls, ids, n, bp, idunn), ids, n)


def _plain_class_line(cls: DwarfClass, ids: Sequence[str], n: int, bp: int, idunn: bool) -> ScoreLine:
    points = _class_value(cls, n, bp, idunn)
    rule = _CLASS_RULE[cls]
    if cls is _H:
        return ScoreLine("hunter", points, rule, "score.hunter", {"ranks": n, "points": points})
    if cls is _M:
        return ScoreLine("miner", points, rule, "score.miner", {"ranks": n, "bp": bp, "points": points})
    if cls is _B:
        key = "score.blacksmith" if n else "score.blacksmith.empty"
        return ScoreLine("blacksmith", points, rule, key, {"ranks": n, "points": points})
    category = cls.value
    if n == 0:
        return ScoreLine(category, 0, rule, f"score.{category}.empty", {"ranks": 0, "points": 0})
    values = column_bravery(cls, ids)
    if cls is _E and idunn:
        params = {"values": values, "bp": bp, "ranks": n, "bonus": IDUNN_BONUS * n, "points": points}
        return ScoreLine(category, points, "R-HERO-IDUNN-2", "score.explorer.idunn", params)
    return ScoreLine(
        category, points, rule, f"score.{category}", {"values": values, "ranks": n, "points": points}
    )


def _bonus_line(mine: int, top: int, winners: int, high: int, without_warriors: bool = False) -> ScoreLine:
    if top == 0 and not without_warriors:
        return ScoreLine("warrior_bonus", 0, "EC-47", "score.warrior_bonus.nobody", {"points": 0})
    if mine != top:
        return ScoreLine(
            "warrior_bonus",
            0,
            "R-SCORE-2",
            "score.warrior_bonus.none",
            {"ranks": mine, "top": top, "points": 0},
        )
    key = "score.warrior_bonus" if winners == 1 else "score.warrior_bonus.shared"
    rule = "R-SCORE-2" if winners == 1 else "EC-48"
    return ScoreLine("warrior_bonus", high, rule, key, {"ranks": mine, "coin": high, "points": high})


def _heroes_line(command_zone: Sequence[str], high: int) -> ScoreLine:
    dwergs = 0
    astrid: int | None = None
    fixed: list[tuple[str, int]] = []
    for cid in command_zone:
        pts = NEUTRAL_POINTS.get(cid)
        if pts is not None:
            fixed.append((cid, pts))
        elif cid in DWERGS:
            dwergs += 1
        elif cid == _ASTRID:
            astrid = high
        elif (
            cid not in _DISTINCTIONS and cid not in CARDS
        ):  # artifacts, Mercenaries, Mythology: their own line
            msg = f"{cid!r} is neither a hero nor a distinction id"
            raise ValueError(msg)
    points = DWERG_POINTS[dwergs] + (astrid or 0) + sum(p for _, p in fixed)
    params: dict[str, Any] = {
        "dwergs": dwergs,
        "dwerg_points": DWERG_POINTS[dwergs],
        "astrid": astrid,
        "fixed": fixed,
        "points": points,
    }
    key = "score.heroes" if dwergs or astrid is not None or fixed else "score.heroes.none"
    return ScoreLine("heroes", points, "R-SCORE-7", key, params)


def score_tableaux(
    tableaux: Sequence[Tableau], *, warrior_bonus_without_warriors: bool = False
) -> ScoreTable:
    """Score every player's end-of-game position (R-SCORE-1..10).

    FBV = Warrior + Hunter + Miner + Blacksmith + Explorer + Warrior majority bonus + neutral
    heroes + coins + 3 for the gem 6. The highest coin counts in the coin sum and again for the
    Warrior bonus and for Astrid (R-SCORE-9). Highest FBV wins; ties share the victory (R-SCORE-10).

    :raises ValueError: a column or command zone holds an id that cannot be there.
    """
    stats = [_stats(t) for t in tableaux]
    warrior_ranks = [s[0][0] for s in stats]
    top = max(warrior_ranks, default=0)
    n_top = warrior_ranks.count(top)
    players: list[PlayerScore] = []
    for t, st in zip(tableaux, stats, strict=True):
        high = _highest(t.coins)
        lines: list[ScoreLine] = []
        for cls, (n, bp, idunn) in zip(CLASSES, st, strict=True):
            lines.append(_class_line(cls, t.columns.get(cls, _EMPTY), n, bp, idunn))
        lines.append(_bonus_line(st[0][0], top, n_top, high, warrior_bonus_without_warriors))
        lines.append(_heroes_line(t.command_zone, high))
        values = [c.value for c in t.coins]
        coin_sum = sum(values)
        coin_key = "score.coins" if values else "score.coins.none"
        lines.append(
            ScoreLine("coins", coin_sum, "R-SCORE-8", coin_key, {"values": values, "points": coin_sum})
        )
        if any(c in _ARTIFACTS for c in t.command_zone):  # Thingvellir (X-TH-SCORE-1)
            cols = [t.columns.get(cls, _EMPTY) for cls in CLASSES]
            ns = [n for n, _bp, _i in st]
            mj = _INDEX[t.mjollnir] if t.mjollnir is not None else -1
            terms = artifact_terms(cols, t.command_zone, t.coins, ns, mj)
            pts = sum(x for _c, _k, x in terms)
            lines.append(
                ScoreLine(
                    "artifacts", pts, "X-TH-SCORE-1", "score.artifacts", {"terms": terms, "points": pts}
                )
            )
        if any(c in _MYTH_ZONE for c in t.command_zone):  # Idavoll (X-ID-10, X-ID-SCORE-1)
            terms = mythology_terms(t.command_zone, t.captured, t.notches, t.coins)
            pts = sum(x for _c, _d, x in terms)
            lines.append(
                ScoreLine("mythology", pts, "X-ID-10", "score.mythology", {"terms": terms, "points": pts})
            )
        if t.gem == 6:
            lines.append(
                ScoreLine("gem6", GEM6_BONUS, "R-DIST-CROWNJEWELER-1", "score.gem6", {"points": GEM6_BONUS})
            )
        else:
            lines.append(
                ScoreLine("gem6", 0, "R-DIST-CROWNJEWELER-1", "score.gem6.none", {"gem": t.gem, "points": 0})
            )
        total = 0
        for line in lines:
            total += line.points
        players.append(PlayerScore(t.name, tuple(lines), total))
    best = max((p.total for p in players), default=None)
    winners = tuple(p.name for p in players if p.total == best)
    return ScoreTable(tuple(players), winners)
