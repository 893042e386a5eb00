"""Cards as data: dwarf classes, dwarf cards, Royal Offerings, heroes, distinctions.

Rules: R-COMP-1..5, R-ARMY-2, R-HERO-* (section 12 of RULES.md).

Every physical card in a game has a unique, stable id (a short string) so that
states, actions and JSON documents can name it:

* dwarves: ``"1W3"`` = Age I warrior with 3 bravery points; duplicates get a
  suffix (``"1W6"``, ``"1W6b"``); hunters and blacksmiths are numbered
  (``"2H1"``..``"2H8"``); miners ``"1M0"``, ``"1M0b"``...
* Royal Offerings: ``"1RO3"``, ``"1RO3b"``, ``"2RO5"``, ``"2RO5b"``, ``"2RO5c"``;
* heroes: their name in lower case (``"kraal"``, ``"dwerg-ymir"``);
* the King's Great Armorer special blacksmith card: ``"armorer"``.

All card objects are immutable singletons looked up through :data:`CARDS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class DwarfClass(StrEnum):
    """The five dwarf classes, in the fixed Troop Evaluation order (R-EVAL-2)."""

    WARRIOR = "warrior"
    HUNTER = "hunter"
    MINER = "miner"
    BLACKSMITH = "blacksmith"
    EXPLORER = "explorer"


CLASSES: tuple[DwarfClass, ...] = tuple(DwarfClass)
CLASS_LETTER: dict[DwarfClass, str] = {
    DwarfClass.WARRIOR: "W",
    DwarfClass.HUNTER: "H",
    DwarfClass.MINER: "M",
    DwarfClass.BLACKSMITH: "B",
    DwarfClass.EXPLORER: "E",
}


class CardKind(StrEnum):
    DWARF = "dwarf"
    ROYAL_OFFERING = "royal_offering"
    HERO = "hero"
    ARMORER = "armorer"  # King's Great Armorer special 2-rank blacksmith (R-COMP-5)
    ARTIFACT = "artifact"  # Thingvellir Camp card (X-TH-ART table)
    MERCENARY = "mercenary"  # Thingvellir Camp card (X-TH-10)
    DOUBLE = "double"  # one of Olwyn's two doubles (X-TH-HERO-OLWYN-1/2)
    ANIMAL = "animal"  # Idavoll Mythology card: a mythical Animal, placed in its column (X-ID-ANIMAL table)
    GOD = "god"  # Idavoll Mythology card, command zone with its Power token (X-ID-GOD table)
    GIANT = "giant"  # Idavoll Mythology card, command zone with its Capture token (X-ID-GIANT table)
    VALKYRIE = "valkyrie"  # Idavoll Mythology card, command zone with her Strength token (X-ID-VALK table)
    GULLINBURSTI = (
        "gullinbursti"  # Idavoll's special card, 1 rank of a chosen column (X-ID-ANIMAL-HREASVELG-2)
    )


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card.

    ``ranks`` lists the bravery points of each rank symbol (hunter and
    blacksmith ranks are 0); its length is the number of ranks (R-ARMY-2).
    ``cls`` is ``None`` for neutral heroes and Royal Offerings.
    """

    id: str
    kind: CardKind
    name: str
    cls: DwarfClass | None = None
    ranks: tuple[int, ...] = ()
    age: int = 0  # 1 or 2 for deck cards, 0 otherwise
    five_players_only: bool = False
    offering: int = 0  # +3 / +5 for Royal Offerings
    title: str = ""  # heroes' epithet ("the Venal")
    #: a Thingvellir Mercenary's two classes and the bravery points of its rank in each (X-TH-10)
    options: tuple[tuple[DwarfClass, int], ...] = ()
    #: the expansion the card belongs to ("" = the base game)
    expansion: str = ""
    #: Idavoll: a God's fixed points (X-ID-GOD table)
    points: int = 0

    @property
    def rank_count(self) -> int:
        return len(self.ranks)

    @property
    def bravery(self) -> int:
        return sum(self.ranks)

    @property
    def is_hero(self) -> bool:
        return self.kind is CardKind.HERO

    @property
    def is_dwarf_like(self) -> bool:
        """Dwarf cards for discard effects: dwarves, the special blacksmith, enlisted Mercenaries,
        Olwyn's doubles and Gullinbursti (R-HERO-DAGDA-3/4, X-TH-INT-2, X-ID-ANIMAL-HREASVELG-2); never
        heroes, Vegvisir (X-TH-ART-VEGVISIR-3) nor an Animal (X-ID-ANIMAL-0)."""
        return self.kind in _DWARF_KINDS

    def __repr__(self) -> str:
        return f"card({self.id!r})"


_DWARF_KINDS = frozenset(
    {CardKind.DWARF, CardKind.ARMORER, CardKind.MERCENARY, CardKind.DOUBLE, CardKind.GULLINBURSTI}
)


# --- Dwarf decks (R-COMP-1) -------------------------------------------------

#: per class: (bravery points of the 2-4 player cards, bravery points added at 5 players)
DWARF_COMPOSITION: dict[DwarfClass, tuple[tuple[int, ...], tuple[int, ...]]] = {
    DwarfClass.WARRIOR: ((3, 4, 5, 6, 6, 7, 8, 9), (10,)),
    DwarfClass.HUNTER: ((0,) * 6, (0, 0)),
    DwarfClass.MINER: ((0, 0, 1, 1, 2, 2), (0, 1)),
    DwarfClass.BLACKSMITH: ((0,) * 8, (0, 0)),
    DwarfClass.EXPLORER: ((5, 6, 7, 8, 9, 10, 11), (12,)),
}

_SUFFIX = ("", "b", "c", "d", "e", "f", "g", "h", "i", "j")


def _dwarves(age: int) -> list[Card]:
    cards: list[Card] = []
    for cls, (base, extra) in DWARF_COMPOSITION.items():
        letter = CLASS_LETTER[cls]
        numbered = cls in (DwarfClass.HUNTER, DwarfClass.BLACKSMITH)
        seen: dict[int, int] = {}
        for i, bp in enumerate(base + extra):
            five = i >= len(base)
            if numbered:
                cid = f"{age}{letter}{i + 1}"
                name = f"{cls.value.capitalize()}"
            else:
                n = seen.get(bp, 0)
                seen[bp] = n + 1
                cid = f"{age}{letter}{bp}{_SUFFIX[n]}"
                name = f"{cls.value.capitalize()} {bp}"
            cards.append(
                Card(
                    id=cid,
                    kind=CardKind.DWARF,
                    name=name,
                    cls=cls,
                    ranks=(bp,),
                    age=age,
                    five_players_only=five,
                )
            )
    return cards


def _offerings(age: int) -> list[Card]:
    value = 3 if age == 1 else 5
    count = 1 if age == 1 else 2
    out = []
    for i in range(count + 1):
        out.append(
            Card(
                id=f"{age}RO{value}{_SUFFIX[i]}",
                kind=CardKind.ROYAL_OFFERING,
                name=f"Royal Offering +{value}",
                age=age,
                offering=value,
                five_players_only=i == count,
            )
        )
    return out


AGE_DECKS: dict[int, tuple[Card, ...]] = {age: tuple(_dwarves(age) + _offerings(age)) for age in (1, 2)}


def age_deck(age: int, players: int) -> list[Card]:
    """The cards of an Age deck for a player count, unshuffled (R-COMP-3, R-SETUP-4)."""
    return [c for c in AGE_DECKS[age] if players == 5 or not c.five_players_only]


def max_rounds(age: int, players: int, *, idavoll: bool = False) -> int:
    """Rounds an Age deck can fill: 4 (2-3 players) or 3 (4-5), one more for a whole Age II deck (R-FLOW-3).

    With Idavoll the Dancing Dragon draws from the Mythology deck in Age I rounds 1-3, so Age I lasts
    one more round: 5 at 2-3 players, 4 at 4-5 (X-ID-3, X-ID-DECK-1).
    """
    per_round = 3 * max(3, players)
    deck = len(age_deck(age, players))
    if idavoll and age == 1:
        return 3 + -(-(deck - 3 * (per_round * 2 // 3)) // per_round)
    return -(-deck // per_round)


# --- Heroes (R-COMP-4, section 12) -------------------------------------------


class Hero(StrEnum):
    KRAAL = "kraal"
    TARAH = "tarah"
    ARAL = "aral"
    DAGDA = "dagda"
    AEGUR = "aegur"
    BONFUR = "bonfur"
    ZORAL = "zoral"
    LOKDUR = "lokdur"
    HOURYA = "hourya"
    IDUNN = "idunn"
    YMIR = "dwerg-ymir"
    AESIR = "dwerg-aesir"
    SIGMIR = "dwerg-sigmir"
    JUNGIR = "dwerg-jungir"
    BERGELMIR = "dwerg-bergelmir"
    SKAA = "skaa"
    ASTRID = "astrid"
    GRID = "grid"
    ULINE = "uline"
    YLUD = "ylud"
    THRUD = "thrud"
    # Thingvellir (X-TH-12): six neutral heroes
    ANDUMIA = "andumia"
    HOLDA = "holda"
    KHRAD = "khrad"
    JARIKA = "jarika"
    OLWYN = "olwyn"
    ZOLKUR = "zolkur"


DWERGS: frozenset[str] = frozenset({Hero.YMIR, Hero.AESIR, Hero.SIGMIR, Hero.JUNGIR, Hero.BERGELMIR})
#: Heroes removed by the "first game" option (R-SETUP-5).
FIRST_GAME_EXCLUDED: frozenset[str] = frozenset({Hero.THRUD, Hero.YLUD, Hero.ULINE})


def _hero(
    hid: Hero, name: str, title: str, cls: DwarfClass | None = None, ranks: tuple[int, ...] = ()
) -> Card:
    return Card(id=hid.value, kind=CardKind.HERO, name=name, title=title, cls=cls, ranks=ranks)


W, H, M, B, E = CLASSES

HEROES: tuple[Card, ...] = (
    _hero(Hero.KRAAL, "Kraal", "the Venal", W, (7, 0)),  # R-HERO-KRAAL-1
    _hero(Hero.TARAH, "Tarah", "Lethal Strike", W, (14,)),  # R-HERO-TARAH-1
    _hero(Hero.ARAL, "Aral", "Eagle Claws", H, (0, 0)),  # R-HERO-ARAL-1
    _hero(Hero.DAGDA, "Dagda", "the Explosive", H, (0, 0, 0)),  # R-HERO-DAGDA-1
    _hero(Hero.AEGUR, "Aegur", "Fist of Steel", B, (0, 0)),  # R-HERO-AEGUR-1
    _hero(Hero.BONFUR, "Bonfur", "the Tyrannical", B, (0, 0, 0)),  # R-HERO-BONFUR-1
    _hero(Hero.ZORAL, "Zoral", "the Foreman", M, (1, 0, 0)),  # R-HERO-ZORAL-1
    _hero(Hero.LOKDUR, "Lokdur", "Greedy Heart", M, (3,)),  # R-HERO-LOKDUR-1
    _hero(Hero.HOURYA, "Hourya", "the Elusive", E, (20,)),  # R-HERO-HOURYA-1
    _hero(Hero.IDUNN, "Idunn", "the Furtive", E, (7,)),  # R-HERO-IDUNN-1
    _hero(Hero.YMIR, "Dwerg Ymir", "one of the 5 Brothers"),
    _hero(Hero.AESIR, "Dwerg Aesir", "one of the 5 Brothers"),
    _hero(Hero.SIGMIR, "Dwerg Sigmir", "one of the 5 Brothers"),
    _hero(Hero.JUNGIR, "Dwerg Jungir", "one of the 5 Brothers"),
    _hero(Hero.BERGELMIR, "Dwerg Bergelmir", "one of the 5 Brothers"),
    _hero(Hero.SKAA, "Skaa", "the Unfathomable"),
    _hero(Hero.ASTRID, "Astrid", "the Fortunate"),
    _hero(Hero.GRID, "Grid", "the Mercantile"),
    _hero(Hero.ULINE, "Uline", "the Seer"),
    _hero(Hero.YLUD, "Ylud", "the Unpredictable"),
    _hero(Hero.THRUD, "Thrud", "the Headhunter"),
)
#: the six Thingvellir heroes (X-TH-12): all neutral, in the command zone
THINGVELLIR_HEROES: tuple[Card, ...] = tuple(
    Card(id=h.value, kind=CardKind.HERO, name=name, title=title, expansion="thingvellir")
    for h, name, title in (
        (Hero.ANDUMIA, "Andumia", "the Necromancer"),
        (Hero.HOLDA, "Holda", "the Minstrel"),
        (Hero.KHRAD, "Khrad", "the Beggar"),
        (Hero.JARIKA, "Jarika", "the Rogue"),
        (Hero.OLWYN, "Olwyn", "the Illusionist"),
        (Hero.ZOLKUR, "Zolkur", "the Greedy"),
    )
)

#: Ylud's single rank, by the column she sits in (R-HERO-YLUD-5).
YLUD_BRAVERY: dict[DwarfClass, int] = {W: 7, H: 0, M: 1, B: 0, E: 11}
#: Fixed points of neutral heroes in the command zone (R-SCORE-7); Astrid and Dwergs are computed.
NEUTRAL_POINTS: dict[str, int] = {
    Hero.SKAA: 17,
    Hero.GRID: 7,
    Hero.ULINE: 9,
    Hero.THRUD: 13,
    # Thingvellir heroes (X-TH-SCORE-1)
    Hero.ANDUMIA: 12,
    Hero.HOLDA: 12,
    Hero.KHRAD: 4,
    Hero.JARIKA: 8,
    Hero.OLWYN: 9,
    Hero.ZOLKUR: 10,
}
#: Dwerg brothers by count (R-SCORE-11).
DWERG_POINTS: tuple[int, ...] = (0, 13, 40, 81, 108, 135)
#: Explorer ranks Hourya needs before she can be recruited (R-HERO-HOURYA-2).
HOURYA_EXPLORERS = 5

ARMORER = Card(id="armorer", kind=CardKind.ARMORER, name="King's Great Armorer", cls=B, ranks=(0, 0))


# --- Distinctions (R-COMP-5, section 10) -------------------------------------


class Distinction(StrEnum):
    """Distinction cards, keyed by the class whose majority wins them (R-EVAL-2)."""

    KINGS_HAND = "kings-hand"
    HUNTING_MASTER = "hunting-master"
    CROWN_JEWELER = "crown-jeweler"
    KINGS_GREAT_ARMORER = "kings-great-armorer"
    PIONEER = "pioneer-of-the-kingdom"


DISTINCTION_OF: dict[DwarfClass, Distinction] = {
    W: Distinction.KINGS_HAND,
    H: Distinction.HUNTING_MASTER,
    M: Distinction.CROWN_JEWELER,
    B: Distinction.KINGS_GREAT_ARMORER,
    E: Distinction.PIONEER,
}
DISTINCTION_NAMES: dict[Distinction, str] = {
    Distinction.KINGS_HAND: "King's Hand",
    Distinction.HUNTING_MASTER: "Hunting Master",
    Distinction.CROWN_JEWELER: "Crown Jeweler",
    Distinction.KINGS_GREAT_ARMORER: "King's Great Armorer",
    Distinction.PIONEER: "Pioneer of the Kingdom",
}

# --- Thingvellir: Camp cards and Olwyn's doubles (RULES.md A.1.1) ------------------------------


class Artifact(StrEnum):
    """The 12 artifacts (X-TH-ART table), Age I then Age II."""

    FAFNIR = "fafnir-baleygr"
    DRAUPNIR = "draupnir"
    VEGVISIR = "vegvisir"
    SVALINN = "svalinn"
    MEGINGJORD = "megingjord"
    VIDOFNIR = "vidofnir-vedrfolnir"
    BRISINGAMENS = "brisingamens"
    MJOLLNIR = "mjollnir"
    HOFUD = "hofud"
    HRAFNSMERKI = "hrafnsmerki"
    JARNGLOFI = "jarnglofi"
    GJALLARHORN = "gjallarhorn"


_ARTIFACT_DATA: tuple[tuple[Artifact, str, int], ...] = (
    (Artifact.FAFNIR, "Fafnir Baleygr", 1),
    (Artifact.DRAUPNIR, "Draupnir", 1),
    (Artifact.VEGVISIR, "Vegvisir", 1),
    (Artifact.SVALINN, "Svalinn", 1),
    (Artifact.MEGINGJORD, "Megingjord", 1),
    (Artifact.VIDOFNIR, "Vidofnir & Vedrfölnir", 1),
    (Artifact.BRISINGAMENS, "Brisingamens", 2),
    (Artifact.MJOLLNIR, "Mjöllnir", 2),
    (Artifact.HOFUD, "Höfud", 2),
    (Artifact.HRAFNSMERKI, "Hrafnsmerki", 2),
    (Artifact.JARNGLOFI, "Jarnglofi", 2),
    (Artifact.GJALLARHORN, "Gjallarhorn", 2),
)
#: Vegvisir goes to the Explorer column: 1 Explorer rank, 13 bravery points (X-TH-ART-VEGVISIR-1)
ARTIFACTS: tuple[Card, ...] = tuple(
    Card(
        id=a.value,
        kind=CardKind.ARTIFACT,
        name=name,
        age=0,
        cls=E if a is Artifact.VEGVISIR else None,
        ranks=(13,) if a is Artifact.VEGVISIR else (),
        expansion="thingvellir",
    )
    for a, name, _age in _ARTIFACT_DATA
)
ARTIFACT_AGE: dict[str, int] = {a.value: age for a, _name, age in _ARTIFACT_DATA}
#: artifacts' fixed points at final scoring (X-TH-ART-MEGINGJORD-1, X-TH-ART-JARNGLOFI-1)
ARTIFACT_POINTS: dict[str, int] = {Artifact.MEGINGJORD: 28, Artifact.JARNGLOFI: 24}

#: the 12 Mercenaries: Age, then (class, bravery points) of each of their two options (X-TH-10, D-X02)
_MERCENARY_DATA: tuple[tuple[int, tuple[tuple[DwarfClass, int], tuple[DwarfClass, int]]], ...] = (
    (1, ((W, 6), (E, 8))),
    (1, ((W, 6), (B, 0))),
    (1, ((H, 0), (E, 8))),
    (1, ((H, 0), (M, 1))),
    (1, ((B, 0), (M, 1))),
    (1, ((W, 9), (E, 11))),
    (2, ((H, 0), (B, 0))),
    (2, ((W, 6), (M, 1))),
    (2, ((B, 0), (E, 8))),
    (2, ((W, 6), (H, 0))),
    (2, ((E, 8), (M, 1))),
    (2, ((W, 9), (E, 11))),
)
MERCENARIES: tuple[Card, ...] = tuple(
    Card(
        id=f"merc{k}",
        kind=CardKind.MERCENARY,
        name=f"Mercenary {k}",
        options=opts,
        expansion="thingvellir",
    )
    for k, (_age, opts) in enumerate(_MERCENARY_DATA)
)
MERCENARY_AGE: dict[str, int] = {f"merc{k}": age for k, (age, _o) in enumerate(_MERCENARY_DATA)}
#: Olwyn's two doubles: 1 rank of the column they are placed in, 0 bravery points (X-TH-HERO-OLWYN-2)
DOUBLES: tuple[Card, ...] = tuple(
    Card(id=f"olwyn-double-{k}", kind=CardKind.DOUBLE, name="Olwyn's double", expansion="thingvellir")
    for k in (1, 2)
)
#: the cards of each Age's Camp deck (X-TH-2): 6 artifacts and 6 mercenaries
CAMP_DECKS: dict[int, tuple[str, ...]] = {
    age: tuple(a for a, g in ARTIFACT_AGE.items() if g == age)
    + tuple(m for m, g in MERCENARY_AGE.items() if g == age)
    for age in (1, 2)
}
CAMP_AGE: dict[str, int] = {**ARTIFACT_AGE, **MERCENARY_AGE}
CAMP_SIZE = 5  # X-TH-3

# --- Idavoll: the 20 Mythology cards and Gullinbursti (RULES.md A.2.1) -----------------------------


class Myth(StrEnum):
    """The 20 Mythology cards (X-ID-1): 5 Animals, 5 Gods, 5 Giants, 5 Valkyries."""

    DURATHOR = "durathor"
    GARM = "garm"
    HREASVELG = "hreasvelg"
    NIDHOGG = "nidhogg"
    RATATOSK = "ratatosk"
    FREYA = "freya"
    FRIGG = "frigg"
    LOKI = "loki"
    ODIN = "odin"
    THOR = "thor"
    GYMIR = "gymir"
    HRUNGNIR = "hrungnir"
    SKYMIR = "skymir"
    SURT = "surt"
    THRIVALDI = "thrivaldi"
    BRYNHILDR = "brynhildr"
    HILDR = "hildr"
    OLRUN = "olrun"
    SIGRDRIFA = "sigrdrifa"
    SVAFA = "svafa"


def _myth(
    m: Myth,
    kind: CardKind,
    name: str,
    cls: DwarfClass | None = None,
    ranks: tuple[int, ...] = (),
    points: int = 0,
) -> Card:
    return Card(id=m.value, kind=kind, name=name, cls=cls, ranks=ranks, points=points, expansion="idavoll")


#: the Animals: column and bravery points of their ranks (X-ID-ANIMAL table; hunter/blacksmith ranks are 0)
ANIMALS: tuple[Card, ...] = (
    _myth(Myth.DURATHOR, CardKind.ANIMAL, "Durathor", cls=H, ranks=(0,)),
    _myth(Myth.GARM, CardKind.ANIMAL, "Garm", cls=E, ranks=(9, 0)),
    _myth(Myth.HREASVELG, CardKind.ANIMAL, "Hreasvelg", cls=B, ranks=(0,)),
    _myth(Myth.NIDHOGG, CardKind.ANIMAL, "Nidhogg", cls=W, ranks=(5,)),
    _myth(Myth.RATATOSK, CardKind.ANIMAL, "Ratatosk", cls=M, ranks=(2,)),
)
#: the Gods and their points (X-ID-GOD table)
GODS: tuple[Card, ...] = tuple(
    _myth(m, CardKind.GOD, m.value.capitalize(), points=pts)
    for m, pts in ((Myth.FREYA, 15), (Myth.FRIGG, 12), (Myth.LOKI, 8), (Myth.ODIN, 0), (Myth.THOR, 8))
)
#: the class of the dwarf each Giant captures (X-ID-GIANT table); a Giant itself has no rank and no column
GIANT_CLASS: dict[str, DwarfClass] = {
    Myth.GYMIR: E,
    Myth.HRUNGNIR: M,
    Myth.SKYMIR: H,
    Myth.SURT: W,
    Myth.THRIVALDI: B,
}
GIANTS: tuple[Card, ...] = tuple(_myth(Myth(g), CardKind.GIANT, g.capitalize()) for g in GIANT_CLASS)
#: each Giant's place in ``Idavoll.captured`` (X-ID-8)
GIANT_INDEX: dict[str, int] = {g.id: k for k, g in enumerate(GIANTS)}
#: each Valkyrie's printed track, top notch first: her value after k notches is ``track[min(k, 4)]`` (X-ID-9)
VALKYRIE_TRACK: dict[str, tuple[int, ...]] = {
    Myth.BRYNHILDR: (0, 3, 6, 10, 16),
    Myth.HILDR: (0, 8, 16, 0, 0),
    Myth.OLRUN: (0, 3, 6, 10, 16),
    Myth.SIGRDRIFA: (0, 0, 8, 16, 16),
    Myth.SVAFA: (0, 4, 8, 16, 16),
}
_VALKYRIE_NAMES = {Myth.OLRUN: "Ölrun", Myth.SIGRDRIFA: "Sigrdrífa"}
VALKYRIES: tuple[Card, ...] = tuple(
    _myth(Myth(v), CardKind.VALKYRIE, _VALKYRIE_NAMES.get(Myth(v), v.capitalize())) for v in VALKYRIE_TRACK
)


def valkyrie_value(valkyrie: str, k: int) -> int:
    """The points under a Valkyrie's Strength token after ``k`` notches (X-ID-9): ``track[min(k, 4)]``."""
    track = VALKYRIE_TRACK[valkyrie]
    return track[min(k, len(track) - 1)]


#: Gullinbursti: 1 rank of the column its owner chooses, 0 bravery points (X-ID-ANIMAL-HREASVELG-2)
GULLINBURSTI = Card(id="gullinbursti", kind=CardKind.GULLINBURSTI, name="Gullinbursti", expansion="idavoll")
MYTHOLOGY: tuple[Card, ...] = (*ANIMALS, *GODS, *GIANTS, *VALKYRIES)
MYTHOLOGY_IDS: tuple[str, ...] = tuple(c.id for c in MYTHOLOGY)
#: the Mythology deck's size: 3 rounds of the Dancing Dragon (X-ID-2: 9, 9, 12, 15)
MYTH_DECK_SIZE: dict[int, int] = {2: 9, 3: 9, 4: 12, 5: 15}

CARDS: dict[str, Card] = {c.id: c for deck in AGE_DECKS.values() for c in deck}
CARDS.update({c.id: c for c in HEROES})
CARDS[ARMORER.id] = ARMORER
CARDS.update({c.id: c for c in (*THINGVELLIR_HEROES, *ARTIFACTS, *MERCENARIES, *DOUBLES)})
CARDS.update({c.id: c for c in (*MYTHOLOGY, GULLINBURSTI)})
#: the 21 heroes of the base game (R-COMP-4)
HERO_IDS: tuple[str, ...] = tuple(h.id for h in HEROES)
BASE_HERO_IDS = HERO_IDS
#: every hero of the base game and the expansions (R-COMP-4, X-TH-1)
ALL_HERO_IDS: tuple[str, ...] = tuple(h.id for h in (*HEROES, *THINGVELLIR_HEROES))
THINGVELLIR_HERO_IDS: tuple[str, ...] = tuple(h.id for h in THINGVELLIR_HEROES)
#: the game options' names of the expansions (Options.expansions)
EXPANSIONS: tuple[str, ...] = ("thingvellir", "idavoll")


def hero_ids(expansions: tuple[str, ...] = (), *, first_game: bool = False) -> tuple[str, ...]:
    """The heroes of a game: the base game's (less the first-game exclusions) and the expansions' (X-TH-2)."""
    base = tuple(h for h in BASE_HERO_IDS if not (first_game and h in FIRST_GAME_EXCLUDED))
    return base + (THINGVELLIR_HERO_IDS if "thingvellir" in expansions else ())


def card(card_id: str) -> Card:
    """Look a card up by id; raises KeyError with the unknown id."""
    return CARDS[card_id]


TAVERNS: tuple[str, str, str] = ("Laughing Goblin", "Dancing Dragon", "Shining Horse")  # R-COMP-9
