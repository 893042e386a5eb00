"""``nidlib score SHEET.json``: score a finished game written down as a JSON score sheet.

Rules: R-SCORE-1..11 (through :mod:`nidlib.rules.scoring`); the sheet is checked against the components
(R-COMP-1, R-COMP-4..8, R-COIN-2, R-COIN-3) and the end-of-game placement rules (R-ARMY-1,
R-HERO-THRUD-5, R-HERO-YLUD-3, R-DIST-HUNTINGMASTER-1, R-DIST-CROWNJEWELER-1).

A sheet lists players; each writes the army column by column (a regular dwarf as its printed
bravery points, hunters and blacksmiths as 0, a named card by its name), the command zone (neutral
heroes, distinctions), the 5 coins and the gem::

    {"players": [{"name": "Ana",
                  "army": {"warrior": [3, 7, "Kraal"], "explorer": [5, 11, "Idunn", "Ylud"]},
                  "command_zone": ["Astrid", "Dwerg", "Dwerg", "Thrud"],
                  "coins": [0, 3, 4, 9, 25], "gem": 6}]}

An impossible sheet raises :class:`SheetError` (a :class:`nidlib.core.errors.DocumentError`) naming
the field path, e.g. ``players[0].army.warrior[1]``, and the rule it breaks. The sheet carries no
player count, so card and coin limits are those of a 5-player game (both Ages, 34-coin Treasury).
See ``docs/score-sheet.md``.

Thingvellir (X-TH-SCORE-1): artifacts and the six heroes by name in the command zone (``"Draupnir"``,
``"Jarnglofi"``, ``"Holda"``), ``"Vegvisir"`` in the Explorer column, an enlisted Mercenary by its name
(``"Mercenary 5"`` or ``"merc5"``) in one of its two classes, ``"Olwyn's double"`` in any column (two, in two
different columns, with Olwyn); 4 coins with Jarnglofi; ``"mjollnir": "hunter"`` names Mjöllnir's class
(default: the best one, the same score).

Idavoll (X-ID-10, X-ID-SCORE-1): Animals by name in their own column (``"Nidhogg"`` in warrior), ``"Gullinbursti"``
in any column (with Hreasvelg), Gods, Giants and Valkyries by name in the command zone; ``"captured": {"Surt": 9,
"Gymir": "face down"}`` (a Giant's captured dwarf, by its bravery points; not written: pending, 0 points),
``"notches": {"Brynhildr": 3}`` (each Valkyrie's notch count), ``"olrun": "warrior"`` (accepted, not scored).
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import sys
import unicodedata
from collections.abc import Iterator, Sequence
from typing import Any, Final, NoReturn

from nidlib.core.cards import (
    AGE_DECKS,
    ARMORER,
    ARTIFACTS,
    CARDS,
    CLASSES,
    DISTINCTION_NAMES,
    DOUBLES,
    GIANT_CLASS,
    GULLINBURSTI,
    HEROES,
    MERCENARIES,
    MYTHOLOGY,
    THINGVELLIR_HEROES,
    Artifact,
    CardKind,
    Distinction,
    DwarfClass,
    Hero,
)
from nidlib.core.coins import GREEN_3, ROYAL, TREASURY_4_5, Coin, CoinKind
from nidlib.core.errors import DocumentError
from nidlib.core.messages import LANGUAGES, clip, get_language, render
from nidlib.core.serialize import (
    MAX_DOCUMENT_CHARS,
    MAX_INT_DIGITS,
    MAX_NAME_CHARS,
    NAME_FORBIDDEN,
    LimitError,
    loads_limited,
    show,
)
from nidlib.rules.scoring import ScoreTable, Tableau, score_tableaux

__all__ = ["SheetError", "load_sheet", "main", "normalize_name", "read_sheet", "score_sheet"]

MAX_PLAYERS: Final = 5
COINS_PER_PLAYER: Final = 5  # R-COIN-3
MAX_COIN: Final = 25

#: Bravery points a regular dwarf of each class can print (R-COMP-1, 5-player cards included).
_BP_RANGE: Final[dict[DwarfClass, tuple[int, int]]] = {
    DwarfClass.WARRIOR: (3, 10),
    DwarfClass.HUNTER: (0, 0),
    DwarfClass.MINER: (0, 2),
    DwarfClass.BLACKSMITH: (0, 0),
    DwarfClass.EXPLORER: (5, 12),
}
_PLAYER_FIELDS: Final = (
    "name",
    "army",
    "command_zone",
    "coins",
    "gem",
    "mjollnir",
    "captured",
    "notches",
    "olrun",
)
MAX_NOTCHES: Final = 99
_DWERG_ORDER: Final = (
    Hero.YMIR.value,
    Hero.AESIR.value,
    Hero.SIGMIR.value,
    Hero.JUNGIR.value,
    Hero.BERGELMIR.value,
)


class SheetError(DocumentError):
    """An unreadable or impossible score sheet: the field path, the problem and the rule it breaks."""

    def __init__(
        self, path: str, rule: str | None, key: str, params: dict[str, Any], lang: str | None
    ) -> None:
        self.rule = rule
        self.key = key
        # input quoted in a message is clipped: never a whole 50 MB field
        self.params = {
            k: clip(v, 160 if k == "file" else 60) if isinstance(v, str) else v for k, v in params.items()
        }
        super().__init__(path, self.problem_text(lang))

    def problem_text(self, lang: str | None = None) -> str:
        """The problem in another language, with the rule id in brackets."""
        text = render(self.key, self.params, lang)
        return f"{text} [{self.rule}]" if self.rule else text


def normalize_name(text: str) -> str:
    """Case-, space-, punctuation- and accent-insensitive form: ``"King's Great Armorer"`` → ``"kingsgreatarmorer"``."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if ch.isalnum() and not unicodedata.combining(ch)).casefold()


# --- Name table -----------------------------------------------------------------

_KGA: Final = "kga"  # the armorer card in the army, the distinction card in the command zone
_DWERG: Final = "dwerg"  # a Dwerg brother, any one

#: normalised name -> (kind, id); kind is "hero", "distinction", _KGA or _DWERG.
_NAMES: dict[str, tuple[str, str]] = {}
#: normalised name -> display name, for "did you mean" suggestions.
_DISPLAY: dict[str, str] = {}


def _alias(kind: str, ident: str, display: str | None, *names: str) -> None:
    for n in names:
        _NAMES[normalize_name(n)] = (kind, ident)
    if display is not None:
        _DISPLAY[normalize_name(display)] = display


_ARTIFACT: Final = "artifact"
_MERC: Final = "mercenary"
_DOUBLE: Final = "double"

for _h in (*HEROES, *THINGVELLIR_HEROES):
    _alias("hero", _h.id, _h.name, _h.id, _h.name, f"{_h.name} {_h.title}")
    if _h.name.startswith("Dwerg "):
        _alias("hero", _h.id, None, _h.name.removeprefix("Dwerg "))
_alias("hero", Hero.AEGUR.value, "Aëgur", "Aëgur")
_alias(_DWERG, "", "Dwerg", "Dwerg", "Dwergs", "Dwerg brother", "Dwerg brothers", "brother")
_alias(
    _KGA,
    ARMORER.id,
    "King's Great Armorer",
    "King's Great Armorer",
    "Kings Great Armourer",
    "Great Armorer",
    "armorer",
    "armourer",
    Distinction.KINGS_GREAT_ARMORER.value,
)
for _d, _dn in DISTINCTION_NAMES.items():
    if _d is not Distinction.KINGS_GREAT_ARMORER:
        _alias("distinction", _d.value, _dn, _d.value, _dn)
_alias("distinction", Distinction.CROWN_JEWELER.value, None, "Crown Jeweller")
_alias("distinction", Distinction.PIONEER.value, None, "Pioneer")
for _a in ARTIFACTS:  # Thingvellir artifacts (X-TH-ART table)
    _alias(_ARTIFACT, _a.id, _a.name, _a.id, _a.name)
_alias(_ARTIFACT, Artifact.FAFNIR.value, None, "Fafnir")
_alias(_ARTIFACT, Artifact.VIDOFNIR.value, None, "Vidofnir", "Vidofnir and Vedrfolnir")
for _m in MERCENARIES:  # Thingvellir mercenaries (X-TH-10)
    _alias(_MERC, _m.id, _m.name, _m.id, _m.name)
_alias(_DOUBLE, "", "Olwyn's double", "Olwyn's double", "double", "Olwyn double")
_MYTH: Final = "myth"
for _c in MYTHOLOGY:  # Idavoll's Mythology cards (X-ID-1): "Hreasvelg" or "Hraesvelg", "Ölrun" or "Olrun"
    _alias(_MYTH, _c.id, _c.name, _c.id, _c.name)
_alias(_MYTH, GULLINBURSTI.id, GULLINBURSTI.name, GULLINBURSTI.id)
_alias(_MYTH, "hreasvelg", None, "Hraesvelg")  # the card's other spelling
_HREASVELG: Final = "hreasvelg"


def _suggest(normal: str) -> str | None:
    match = difflib.get_close_matches(normal, list(_NAMES), n=1, cutoff=0.6)
    if not match:
        return None
    kind, ident = _NAMES[match[0]]
    if match[0] in _DISPLAY:
        return _DISPLAY[match[0]]
    if kind == "hero":
        return CARDS[ident].name
    if kind == "distinction":
        return DISTINCTION_NAMES[Distinction(ident)]
    if kind in (_ARTIFACT, _MERC, _MYTH):
        return CARDS[ident].name
    if kind == _DOUBLE:
        return "Olwyn's double"
    return _DISPLAY[normalize_name("Dwerg" if kind == _DWERG else "King's Great Armorer")]


# --- Validation -----------------------------------------------------------------


def _type_name(value: object) -> str:
    if value is None:
        return "@sheet.t.null"
    if isinstance(value, bool):
        return "@sheet.t.boolean"
    if isinstance(value, (int, float)):
        return "@sheet.t.number"
    if isinstance(value, str):
        return "@sheet.t.string"
    if isinstance(value, list):
        return "@sheet.t.array"
    return "@sheet.t.object"


def _dwarf_pool() -> dict[tuple[DwarfClass, int], list[str]]:
    pool: dict[tuple[DwarfClass, int], list[str]] = {}
    for age in (1, 2):
        for c in AGE_DECKS[age]:
            if c.kind is CardKind.DWARF and c.cls is not None:
                pool.setdefault((c.cls, c.ranks[0]), []).append(c.id)
    return pool


_POOL: Final = _dwarf_pool()


class _Checker:
    """Walks a sheet once, builds the tableaux and raises :class:`SheetError` at the first problem."""

    def __init__(self, lang: str | None) -> None:
        self.lang = lang
        self.used_dwarves: dict[tuple[DwarfClass, int], int] = {}
        self.seen: dict[str, str] = {}  # hero / armorer / distinction id -> path where it was found
        self.generic_dwergs: list[tuple[list[str], int, str]] = []  # (command zone, index, path)
        self.gems: dict[int, str] = {}  # gem -> player name
        self.green: str | None = None  # path of the green 3
        self.gold: dict[int, int] = {}
        self.doubles: list[tuple[str, DwarfClass]] = []  # (path, column) of Olwyn's doubles of one player

    def fail(self, path: str, rule: str | None, key: str, **params: Any) -> SheetError:
        return SheetError(path, rule, key, params, self.lang)

    def obj(self, value: object, path: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(path, None, "sheet.type", expected="@sheet.t.object", found=_type_name(value))
        return value

    def array(self, value: object, path: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(path, None, "sheet.type", expected="@sheet.t.array", found=_type_name(value))
        return value

    # -- whole sheet

    def sheet(self, data: object) -> list[Tableau]:
        sheet = self.obj(data, "")
        for field in sheet:
            if field != "players":
                raise self.unknown_field(str(field), ("players",), str(field))
        if "players" not in sheet:
            raise self.fail("players", None, "sheet.missing", field="players")
        players = self.array(sheet["players"], "players")
        if not 1 <= len(players) <= MAX_PLAYERS:
            raise self.fail("players", "R-SETUP-6", "sheet.players-count", n=len(players))
        names: dict[str, int] = {}
        tableaux = [self.player(i, p, names) for i, p in enumerate(players)]
        self.assign_dwergs()
        return tableaux

    def unknown_field(self, path: str, allowed: Sequence[str], field: str) -> SheetError:
        close = difflib.get_close_matches(field, list(allowed), n=1, cutoff=0.5)
        if close:
            return self.fail(path, None, "sheet.unknown-field.suggest", field=field, suggestion=close[0])
        return self.fail(path, None, "sheet.unknown-field", field=field, fields=", ".join(allowed))

    # -- one player

    def player(self, i: int, entry: object, names: dict[str, int]) -> Tableau:
        base = f"players[{i}]"
        data = self.obj(entry, base)
        for field in data:
            if field not in _PLAYER_FIELDS:
                raise self.unknown_field(f"{base}.{field}", _PLAYER_FIELDS, str(field))
        for field in ("name", "coins", "gem"):
            if field not in data:
                raise self.fail(f"{base}.{field}", None, "sheet.missing", field=field)
        raw = data["name"]
        if not isinstance(raw, str):
            raise self.fail(
                f"{base}.name", None, "sheet.type", expected="@sheet.t.string", found=_type_name(raw)
            )
        name = raw.strip()
        if not name:
            raise self.fail(f"{base}.name", None, "sheet.name-empty")
        if len(name) > MAX_NAME_CHARS:
            raise self.fail(f"{base}.name", None, "sheet.name-long", n=len(name), limit=MAX_NAME_CHARS)
        for ch in name:
            if unicodedata.category(ch) in NAME_FORBIDDEN:
                raise self.fail(f"{base}.name", None, "sheet.name-char", code=f"{ord(ch):04X}")
        if name in names:
            raise self.fail(
                f"{base}.name", None, "sheet.name-twice", name=name, other=f"players[{names[name]}]"
            )
        names[name] = i
        self.doubles = []
        columns = self.army(base, data.get("army", {}))
        zone = self.command_zone(base, data.get("command_zone", []))
        self.check_doubles(zone)
        self.check_gullinbursti(base, columns)
        coins = self.coins(base, data["coins"], jarnglofi=Artifact.JARNGLOFI.value in zone)
        gem = self.gem(base, name, data["gem"])
        if Distinction.CROWN_JEWELER.value in zone and gem != 6:
            where = f"{base}.command_zone[{zone.index(Distinction.CROWN_JEWELER.value)}]"
            raise self.fail(where, "R-DIST-CROWNJEWELER-1", "sheet.crown-without-gem", gem=gem)
        mjollnir = self.mjollnir(base, data.get("mjollnir"), zone)
        captured = self.captured(base, data.get("captured", {}), zone)
        notches = self.notches(base, data.get("notches", {}), zone)
        self.olrun(base, data.get("olrun"), zone)
        return Tableau(
            name=name,
            columns=columns,
            command_zone=zone,
            coins=coins,
            gem=gem,
            mjollnir=mjollnir,
            captured=captured,
            notches=notches,
        )

    # -- Idavoll (X-ID-10)

    def myth_owned(self, path: str, key: object, kind: CardKind, zone: list[str], rule: str) -> str:
        """The id of the God/Giant/Valkyrie a key names, owned by this player (in the command zone)."""
        found = _NAMES.get(normalize_name(str(key)))
        if found is None or found[0] != _MYTH or CARDS[found[1]].kind is not kind:
            names = ", ".join(c.name for c in MYTHOLOGY if c.kind is kind)
            raise self.fail(
                path, rule, "sheet.myth-kind", name=_quote(key), kind=f"@sheet.kind.{kind.value}", names=names
            )
        ident = found[1]
        if ident not in zone:
            raise self.fail(path, rule, "sheet.myth-not-owned", card=CARDS[ident].name)
        return ident

    def myth_entries(
        self, path: str, value: object, kind: CardKind, zone: list[str], rule: str
    ) -> Iterator[tuple[str, str, object]]:
        """The entries of the object at ``path``, keyed by an owned God/Giant/Valkyrie of ``kind``, each
        named once: ``(entry path, card id, entry)``."""
        seen: set[str] = set()
        for key, entry in self.obj(value, path).items():
            p = f"{path}.{key}"
            ident = self.myth_owned(p, key, kind, zone, rule)
            if ident in seen:
                raise self.fail(p, rule, "sheet.myth-twice", card=CARDS[ident].name)
            seen.add(ident)
            yield p, ident, entry

    def captured(self, base: str, value: object, zone: list[str]) -> dict[str, str]:
        """Each Giant's captured dwarf, by its bravery points, or "face down"/null (X-ID-8, X-ID-GIANT-3)."""
        out: dict[str, str] = {}
        for p, giant, entry in self.myth_entries(f"{base}.captured", value, CardKind.GIANT, zone, "X-ID-8"):
            if entry is None or (isinstance(entry, str) and normalize_name(entry) in ("facedown", "none")):
                continue  # turned face down (or nothing captured): 0 points (X-ID-SCORE-2)
            cls = GIANT_CLASS[giant]
            bp = _as_int(entry)
            if bp is None:
                raise self.fail(
                    p, "X-ID-GIANT-3", "sheet.captured-card", card=CARDS[giant].name, cls=f"@sheet.cls.{cls}"
                )
            out[giant] = self.dwarf(p, cls, bp)  # a dwarf of the box: it counts as a copy (R-COMP-1)
        return out

    def notches(self, base: str, value: object, zone: list[str]) -> dict[str, int]:
        """How many times each Valkyrie's condition was met (X-ID-9)."""
        out: dict[str, int] = {}
        for p, valkyrie, entry in self.myth_entries(
            f"{base}.notches", value, CardKind.VALKYRIE, zone, "X-ID-9"
        ):
            k = _as_int(entry)
            if k is None or not 0 <= k <= MAX_NOTCHES:
                raise self.fail(p, "X-ID-9", "sheet.notches-value", value=_quote(entry), limit=MAX_NOTCHES)
            out[valkyrie] = k
        return out

    def olrun(self, base: str, value: object, zone: list[str]) -> None:
        """Ölrun's class (X-ID-VALK-OLRUN-1): checked, but it does not change the score."""
        if value is None:
            return
        path = f"{base}.olrun"
        if "olrun" not in zone:
            raise self.fail(path, "X-ID-VALK-OLRUN-1", "sheet.olrun-without")
        by_name = {cls.value: cls for cls in CLASSES}
        if not isinstance(value, str) or by_name.get(normalize_name(value).removesuffix("s")) is None:
            raise self.fail(path, "X-ID-VALK-OLRUN-1", "sheet.mjollnir-class", value=_quote(value))

    def check_gullinbursti(self, base: str, columns: dict[DwarfClass, list[str]]) -> None:
        """Gullinbursti comes with Hreasvelg (X-ID-ANIMAL-HREASVELG-1)."""
        for cls, col in columns.items():
            if GULLINBURSTI.id in col and _HREASVELG not in columns[DwarfClass.BLACKSMITH]:
                where = f"{base}.army.{cls.value}[{col.index(GULLINBURSTI.id)}]"
                raise self.fail(where, "X-ID-ANIMAL-HREASVELG-1", "sheet.gullinbursti-without")

    def mjollnir(self, base: str, value: object, zone: list[str]) -> DwarfClass | None:
        """Mjöllnir's class (X-TH-ART-MJOLLNIR-1): a column name, only with Mjöllnir."""
        if value is None:
            return None
        path = f"{base}.mjollnir"
        if Artifact.MJOLLNIR.value not in zone:
            raise self.fail(path, "X-TH-ART-MJOLLNIR-1", "sheet.mjollnir-without")
        by_name = {cls.value: cls for cls in CLASSES}
        cls = by_name.get(normalize_name(str(value)).removesuffix("s")) if isinstance(value, str) else None
        if cls is None:
            raise self.fail(path, "X-TH-ART-MJOLLNIR-1", "sheet.mjollnir-class", value=_quote(value))
        return cls

    def check_doubles(self, zone: list[str]) -> None:
        """Olwyn's two doubles: with Olwyn, in two different columns (X-TH-HERO-OLWYN-1)."""
        if not self.doubles:
            return
        path = self.doubles[0][0]
        if Hero.OLWYN.value not in zone:
            raise self.fail(path, "X-TH-HERO-OLWYN-1", "sheet.double-without-olwyn")
        if len(self.doubles) > 2:
            raise self.fail(self.doubles[2][0], "X-TH-HERO-OLWYN-1", "sheet.doubles-count")
        if len(self.doubles) == 2 and self.doubles[0][1] is self.doubles[1][1]:
            raise self.fail(self.doubles[1][0], "X-TH-HERO-OLWYN-1", "sheet.doubles-column")

    def army(self, base: str, army: object) -> dict[DwarfClass, list[str]]:
        path = f"{base}.army"
        columns: dict[DwarfClass, list[str]] = {cls: [] for cls in CLASSES}
        by_name = {cls.value: cls for cls in CLASSES}
        for key, entries in self.obj(army, path).items():
            k = normalize_name(str(key))
            cls = by_name.get(k) or by_name.get(k.removesuffix("s"))
            if cls is None:
                raise self.unknown_field(f"{path}.{key}", tuple(by_name), str(key))
            col_path = f"{path}.{key}"
            for j, entry in enumerate(self.array(entries, col_path)):
                columns[cls].append(self.army_entry(f"{col_path}[{j}]", cls, entry))
        return columns

    def army_entry(self, path: str, cls: DwarfClass, entry: object) -> str:
        number = _as_int(entry)
        if number is not None:
            return self.dwarf(path, cls, number)
        if not isinstance(entry, str):
            raise self.fail(path, None, "sheet.entry-type", found=_type_name(entry))
        kind, ident = self.lookup(path, entry)
        if kind == _KGA:
            if cls is not DwarfClass.BLACKSMITH:
                raise self.fail(path, "R-DIST-ARMORER-1", "sheet.armorer-column", column=f"@sheet.cls.{cls}")
            self.once(path, ARMORER.id, "sheet.armorer-twice", "R-COMP-5")
            return ARMORER.id
        if kind == "distinction":
            raise self.fail(
                path, "R-EVAL-4", "sheet.distinction-in-army", name=DISTINCTION_NAMES[Distinction(ident)]
            )
        if kind == _DWERG:
            raise self.fail(path, "R-ARMY-1", "sheet.neutral-in-army", hero="Dwerg")
        if kind == _MERC:  # X-TH-MERC-1: one of its two classes
            merc = CARDS[ident]
            if cls not in dict(merc.options):
                options = " / ".join(f"@sheet.cls.{c}" for c, _bp in merc.options)
                raise self.fail(
                    path, "X-TH-MERC-1", "sheet.mercenary-column", card=merc.name, options=options
                )
            self.once(path, ident, "sheet.card-twice", "X-TH-10", card=merc.name)
            return ident
        if kind == _MYTH:
            card = CARDS[ident]
            if card.kind in (CardKind.GOD, CardKind.GIANT, CardKind.VALKYRIE):
                raise self.fail(path, "X-ID-5", "sheet.myth-in-army", card=card.name)
            if card.kind is CardKind.ANIMAL and card.cls is not cls:
                raise self.fail(
                    path, "X-ID-5", "sheet.animal-column", card=card.name, home=f"@sheet.cls.{card.cls}"
                )
            self.once(path, ident, "sheet.card-twice", "X-ID-1", card=card.name)
            return ident
        if kind == _DOUBLE:
            self.doubles.append((path, cls))
            if len(self.doubles) > len(DOUBLES):
                raise self.fail(path, "X-TH-HERO-OLWYN-1", "sheet.doubles-count")
            return DOUBLES[len(self.doubles) - 1].id if not self.seen.get(DOUBLES[0].id) else DOUBLES[1].id
        if kind == _ARTIFACT:
            if ident != Artifact.VEGVISIR.value:
                raise self.fail(path, "X-TH-11", "sheet.artifact-in-army", card=CARDS[ident].name)
            if cls is not DwarfClass.EXPLORER:
                raise self.fail(path, "X-TH-ART-VEGVISIR-1", "sheet.vegvisir-column")
            self.once(path, ident, "sheet.card-twice", "X-TH-1", card=CARDS[ident].name)
            return ident
        hero = CARDS[ident]
        if ident == Hero.THRUD:
            raise self.fail(path, "R-HERO-THRUD-5", "sheet.thrud-in-army")
        if hero.cls is None and ident != Hero.YLUD:
            raise self.fail(path, "R-ARMY-1", "sheet.neutral-in-army", hero=hero.name)
        if hero.cls is not None and hero.cls is not cls:
            raise self.fail(
                path,
                "R-ARMY-1",
                "sheet.hero-column",
                hero=hero.name,
                home=f"@sheet.cls.{hero.cls}",
                column=f"@sheet.cls.{cls}",
            )
        self.once(path, ident, "sheet.hero-twice", "R-COMP-4", hero=hero.name)
        return ident

    def dwarf(self, path: str, cls: DwarfClass, bp: int) -> str:
        lo, hi = _BP_RANGE[cls]
        if not lo <= bp <= hi:
            key = "sheet.bp-zero" if lo == hi else "sheet.bp-range"
            raise self.fail(path, "R-COMP-1", key, cls=f"@sheet.cls.{cls}", lo=lo, hi=hi, value=bp)
        ids = _POOL.get((cls, bp), [])
        n = self.used_dwarves.get((cls, bp), 0)
        if n >= len(ids):
            key = "sheet.dwarf-copies" if lo != hi else "sheet.dwarf-copies.nobp"
            raise self.fail(path, "R-COMP-1", key, n=len(ids), cls=f"@sheet.cls.{cls}", bp=bp)
        self.used_dwarves[(cls, bp)] = n + 1
        return ids[n]

    def lookup(self, path: str, text: str) -> tuple[str, str]:
        normal = normalize_name(text)
        found = _NAMES.get(normal)
        if found is not None:
            return found
        suggestion = _suggest(normal) if normal else None
        if suggestion:
            raise self.fail(path, None, "sheet.unknown-name.suggest", name=text, suggestion=suggestion)
        raise self.fail(path, None, "sheet.unknown-name", name=text)

    def once(self, path: str, ident: str, key: str, rule: str, **params: Any) -> None:
        other = self.seen.get(ident)
        if other is not None:
            raise self.fail(path, rule, key, other=other, **params)
        self.seen[ident] = path

    def command_zone(self, base: str, zone: object) -> list[str]:
        path = f"{base}.command_zone"
        out: list[str] = []
        for j, entry in enumerate(self.array(zone, path)):
            p = f"{path}[{j}]"
            if not isinstance(entry, str) or _as_int(entry) is not None:
                raise self.fail(p, None, "sheet.zone-entry-type", found=_type_name(entry))
            kind, ident = self.lookup(p, entry)
            if kind == _DWERG:
                self.generic_dwergs.append((out, len(out), p))
                out.append("")
                continue
            if kind == _ARTIFACT:
                if ident == Artifact.VEGVISIR.value:
                    raise self.fail(p, "X-TH-ART-VEGVISIR-1", "sheet.vegvisir-column")
                self.once(p, ident, "sheet.card-twice", "X-TH-1", card=CARDS[ident].name)
                out.append(ident)
                continue
            if kind == _MYTH:  # Gods, Giants and Valkyries (X-ID-5)
                card = CARDS[ident]
                if card.kind is CardKind.GULLINBURSTI:
                    raise self.fail(p, "X-ID-ANIMAL-HREASVELG-2", "sheet.gullinbursti-in-zone")
                if card.kind is CardKind.ANIMAL:
                    raise self.fail(
                        p, "X-ID-5", "sheet.animal-in-zone", card=card.name, home=f"@sheet.cls.{card.cls}"
                    )
                self.once(p, ident, "sheet.card-twice", "X-ID-1", card=card.name)
                out.append(ident)
                continue
            if kind == _MERC:  # every Mercenary is enlisted at the end of Age II (X-TH-8)
                raise self.fail(p, "X-TH-8", "sheet.mercenary-in-zone", card=CARDS[ident].name)
            if kind == _DOUBLE:
                raise self.fail(p, "X-TH-HERO-OLWYN-1", "sheet.double-in-zone")
            if kind in (_KGA, "distinction"):
                dist = Distinction.KINGS_GREAT_ARMORER.value if kind == _KGA else ident
                self.once(
                    p,
                    "dist:" + dist,
                    "sheet.distinction-twice",
                    "R-COMP-5",
                    name=DISTINCTION_NAMES[Distinction(dist)],
                )
                out.append(dist)
                continue
            hero = CARDS[ident]
            if hero.cls is not None:
                raise self.fail(
                    p, "R-ARMY-1", "sheet.class-hero-in-zone", hero=hero.name, home=f"@sheet.cls.{hero.cls}"
                )
            if ident == Hero.YLUD:
                raise self.fail(p, "R-HERO-YLUD-3", "sheet.ylud-in-zone")
            self.once(p, ident, "sheet.hero-twice", "R-COMP-4", hero=hero.name)
            out.append(ident)
        return out

    def assign_dwergs(self) -> None:
        free = [d for d in _DWERG_ORDER if d not in self.seen]
        for zone, index, path in self.generic_dwergs:
            if not free:
                raise self.fail(path, "R-COMP-4", "sheet.dwerg-six")
            ident = free.pop(0)
            self.seen[ident] = path
            zone[index] = ident

    # -- coins and gem

    def coins(self, base: str, coins: object, *, jarnglofi: bool = False) -> list[Coin]:
        path = f"{base}.coins"
        coins = self.array(coins, path)
        if jarnglofi:  # X-TH-ART-JARNGLOFI-4: the trading coin is gone, 4 coins are left
            if len(coins) != COINS_PER_PLAYER - 1:
                raise self.fail(path, "X-TH-ART-JARNGLOFI-4", "sheet.coin-count-jarnglofi", n=len(coins))
        elif len(coins) != COINS_PER_PLAYER:
            raise self.fail(path, "R-COIN-3", "sheet.coin-count", n=len(coins))
        parsed = [self.coin(f"{path}[{j}]", c) for j, c in enumerate(coins)]
        out: dict[int, Coin] = {}
        basic: set[int] = set()
        green: int | None = None
        has_zero = any(v == 0 for v, _ in parsed)
        # explicit coins first, then the ambiguous 3s and 5s take what is left
        for j, (value, hint) in enumerate(parsed):
            p = f"{path}[{j}]"
            if hint == "gold":
                out[j] = ROYAL[value]
            elif hint == "green":
                if green is not None:
                    raise self.fail(p, "R-COMP-5", "sheet.coin-threes")
                if has_zero:
                    raise self.fail(p, "R-DIST-HUNTINGMASTER-1", "sheet.coin-green-and-zero")
                green = j
                out[j] = GREEN_3
            elif hint == "basic":
                if value in basic:
                    raise self.fail(p, "R-COMP-6", "sheet.coin-basic-twice", value=value)
                basic.add(value)
                out[j] = Coin(value, CoinKind.BASIC)
        for j, (value, hint) in enumerate(parsed):
            if hint is not None:
                continue
            p = f"{path}[{j}]"
            if value == 3:
                if not has_zero and green is None and not jarnglofi:
                    green = j
                    out[j] = GREEN_3
                elif 3 not in basic:
                    basic.add(3)
                    out[j] = Coin(3, CoinKind.BASIC)
                elif has_zero:
                    raise self.fail(p, "R-DIST-HUNTINGMASTER-1", "sheet.coin-threes-zero")
                else:
                    raise self.fail(p, "R-COMP-5", "sheet.coin-threes")
            elif 5 not in basic:
                basic.add(5)
                out[j] = Coin(5, CoinKind.BASIC)
            else:
                out[j] = ROYAL[5]
        if jarnglofi and (has_zero or green is not None):
            raise self.fail(path, "X-TH-ART-JARNGLOFI-2", "sheet.coin-trading-jarnglofi")
        if not has_zero and green is None and not jarnglofi:
            raise self.fail(path, "R-COIN-2", "sheet.coin-no-trading")
        if green is not None:
            p = f"{path}[{green}]"
            if self.green is not None:
                raise self.fail(p, "R-COMP-5", "sheet.coin-green-twice", other=self.green)
            self.green = p
        result: list[Coin] = []
        for j in range(len(parsed)):
            coin = out[j]
            if coin.kind is CoinKind.ROYAL:
                n = self.gold.get(coin.value, 0) + 1
                self.gold[coin.value] = n
                if n > TREASURY_4_5[coin.value]:
                    raise self.fail(
                        f"{path}[{j}]",
                        "R-COMP-7",
                        "sheet.coin-gold-count",
                        value=coin.value,
                        n=TREASURY_4_5[coin.value],
                        m=n,
                    )
            result.append(coin)
        return result

    def coin(self, path: str, entry: object) -> tuple[int, str | None]:
        """(value, kind hint): hint None for a plain 3 or 5, whose kind is worked out afterwards."""
        hint: str | None = None
        value = _as_int(entry)
        if value is None and isinstance(entry, str):
            text = entry.strip().lower()
            suffix = {"b": "basic", "s": "green", "g": "gold"}.get(text[-1:])
            if suffix is not None:
                hint = suffix
                value = _as_int(text[:-1])
        if value is None:
            raise self.fail(path, "R-COMP-6", "sheet.coin-value", value=_quote(entry))
        ok = 0 <= value <= MAX_COIN and value != 1
        if hint == "basic":
            ok = value in (0, 2, 3, 4, 5)
        elif hint == "green":
            ok = value == 3
        elif hint == "gold":
            ok = 5 <= value <= MAX_COIN
        if not ok:
            raise self.fail(path, "R-COMP-6", "sheet.coin-value", value=_quote(entry))
        if hint is None and value not in (3, 5):
            hint = "basic" if value < 5 else "gold"
        return value, hint

    def gem(self, base: str, name: str, gem: object) -> int:
        path = f"{base}.gem"
        value = gem if isinstance(gem, int) and not isinstance(gem, bool) else None
        if value is None or not 1 <= value <= 6:
            raise self.fail(path, "R-COMP-8", "sheet.gem-value", value=_quote(gem))
        if value in self.gems:
            raise self.fail(path, "R-COMP-8", "sheet.gem-twice", value=value, other=self.gems[value])
        self.gems[value] = name
        return value


def _quote(value: object) -> str:
    """A value quoted in a message: JSON-like, clipped (never the whole input)."""
    if isinstance(value, str):
        return json.dumps(clip(value, 60), ensure_ascii=False)
    return show(value)


def _as_int(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        text = value.strip()
        body = text[1:] if text[:1] in "+-" else text
        if body.isascii() and body.isdigit() and len(body) <= MAX_INT_DIGITS:
            return int(text)
    return None


# --- Public functions -------------------------------------------------------------


def load_sheet(data: object, *, lang: str | None = None) -> list[Tableau]:
    """Check a parsed score sheet and turn it into :class:`nidlib.rules.scoring.Tableau` objects.

    Dwarves get the id of the first unused card of their class and value (Age I, then Age II,
    5-player cards included); generic ``"Dwerg"`` entries get the brothers nobody named.

    :raises SheetError: the sheet is malformed or describes an impossible end of game; the
        message (in ``lang``) names the field path and the rule.
    """
    return _Checker(lang).sheet(data)


def score_sheet(data: object, *, lang: str | None = None) -> ScoreTable:
    """:func:`load_sheet` then :func:`nidlib.rules.scoring.score_tableaux`."""
    return score_tableaux(load_sheet(data, lang=lang))


def read_sheet(path: str, *, lang: str | None = None) -> object:
    """Read and parse a sheet file (``"-"`` = standard input), at most 1,000,000 characters.

    :raises SheetError: the file cannot be read, is too big, nested too deep, or is not JSON (empty
        field path).
    """
    limit = MAX_DOCUMENT_CHARS
    try:
        if path == "-":
            raw: bytes | str = (
                sys.stdin.buffer.read(4 * limit + 1)
                if hasattr(sys.stdin, "buffer")
                else sys.stdin.read(limit + 1)
            )
        else:
            with open(path, "rb") as f:
                raw = f.read(4 * limit + 1)
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except (OSError, UnicodeDecodeError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise SheetError("", None, "sheet.read-error", {"file": path, "error": reason}, lang) from None
    if len(text) > limit:
        size = f"{len(text):,}" if len(raw) <= 4 * limit else f"> {4 * limit:,}"
        raise SheetError(
            "", None, "sheet.limit.size", {"file": path, "size": size, "limit": f"{limit:,}"}, lang
        )
    try:
        return loads_limited(text)
    except LimitError as e:
        raise SheetError(e.path, None, f"sheet.limit.{e.kind}", {**e.params, "file": path}, lang) from None
    except json.JSONDecodeError as e:
        params = {"file": path, "error": e.msg, "line": e.lineno, "col": e.colno}
        raise SheetError("", None, "sheet.json-error", params, lang) from None


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{self.prog}: {clip(message, 200)}")


def silence_stdout() -> None:
    """After a closed pipe (``... | head -1``): send what is left to /dev/null, so exiting is quiet."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover (no real file descriptor: a captured stdout)
        pass
    finally:
        os.close(devnull)


def _parser(lang: str) -> argparse.ArgumentParser:
    parser = _Parser(prog="nidlib score", description=render("sheet.cli.description", None, lang))
    parser.add_argument("sheet", metavar="SHEET.json", help=render("sheet.cli.sheet", None, lang))
    parser.add_argument("--json", action="store_true", help=render("sheet.cli.json", None, lang))
    parser.add_argument("--lang", default=None, help=render("sheet.cli.lang", None, lang))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """``nidlib score SHEET.json [--json] [--lang en|zh-Hant|zh-Hans]``.

    Prints each player's breakdown and the winners (or, with ``--json``, the points per category).
    Returns 0, or 2 for a bad command line, an unreadable file or an impossible sheet (the message
    goes to standard error, without a traceback).
    """
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) > 1 and args[0] == "score":
        args = args[1:]
    lang = get_language()
    if "--lang" in args:
        i = args.index("--lang")
        if i + 1 < len(args) and args[i + 1] in LANGUAGES:
            lang = args[i + 1]
    try:
        ns = _parser(lang).parse_args(args)
    except _UsageError as e:
        print(e, file=sys.stderr)
        return 2
    except SystemExit as e:  # --help
        return e.code if isinstance(e.code, int) else 2
    if ns.lang is not None and ns.lang not in LANGUAGES:
        print(f"nidlib score: {render('play.err.lang', {'value': clip(ns.lang)}, lang)}", file=sys.stderr)
        return 2
    lang = ns.lang or lang
    try:
        table = score_sheet(read_sheet(ns.sheet, lang=lang), lang=lang)
    except DocumentError as e:
        problem = e.problem_text(lang) if isinstance(e, SheetError) else e.problem
        own = isinstance(e, SheetError) and e.key in ("sheet.read-error", "sheet.json-error")
        key = "sheet.error.path" if e.path else "sheet.error" if own else "sheet.error.file"
        params = {"file": clip(ns.sheet, 160), "where": clip(e.path, 60), "problem": problem}
        print(render(key, params, lang), file=sys.stderr)
        return 2
    try:
        if ns.json:
            print(json.dumps(table.as_dict(), ensure_ascii=False, indent=2))
        else:
            print(table.text(lang))
        sys.stdout.flush()
    except BrokenPipeError:
        silence_stdout()
        return 1
    return 0
