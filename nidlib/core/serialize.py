"""JSON documents for states (schema: docs/state-schema.md).

``state_to_dict`` and ``read_state`` round-trip exactly:
``read_state(state_to_dict(s)) == s`` for every state, mid-game included. ``read_state`` checks the
document's structure and conservation; the public loaders :func:`nidlib.state_from_dict` and
:func:`nidlib.from_json` (:mod:`nidlib.rules.load`) add the flow check of the rules on top (the core
never imports the rules).
A malformed or impossible document is refused with :class:`DocumentError`
naming the field path (``players[1].slots[3]``) and the problem; nothing deep
inside ever leaks a bare ``KeyError`` or ``TypeError``.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from collections.abc import Callable
from dataclasses import fields
from typing import Any

from nidlib.core.cards import (
    CAMP_AGE,
    CAMP_DECKS,
    CAMP_SIZE,
    CARDS,
    CLASSES,
    DOUBLES,
    EXPANSIONS,
    GIANT_CLASS,
    GIANT_INDEX,
    GIANTS,
    GULLINBURSTI,
    MYTHOLOGY_IDS,
    VALKYRIES,
    CardKind,
    Hero,
    Myth,
    age_deck,
    hero_ids,
    max_rounds,
)
from nidlib.core.coins import BASIC_COINS, GREEN_3, Coin, CoinKind, initial_treasury
from nidlib.core.errors import DocumentError, InvalidActionError
from nidlib.core.messages import clip
from nidlib.core.places import HAND_SIZE, Place, parse_place
from nidlib.core.state import (
    CAMP_FIELDS,
    FACE_DOWN,
    IDAVOLL_FIELDS,
    PLAYER_FIELDS,
    STATE_FIELDS,
    Camp,
    Codec,
    FieldSpec,
    Idavoll,
    Options,
    Player,
    State,
)
from nidlib.core.tasks import HrungnirDue, Task, task_from_json, task_to_json

SCHEMA = "nidavellir-tutor/state"
VERSION = 1
TASK_ARITY: dict[str, tuple[int, ...]] = {
    "age_start": (2,),
    "round_start": (1,),
    "tavern": (2,),
    "order": (2,),
    "recruit": (2,),
    "trade": (2,),
    "tavern_end": (2,),
    "round_end": (1,),
    "ylud_step": (2,),
    "eval": (2,),
    "thrud_home": (1,),
    "final": (1,),
    "bids": (1,),
    "uline_bid": (3,),
    "pick": (2,),
    "hero": (2,),
    "thrud": (2,),
    "ylud": (3,),
    "transform": (4,),
    "discard": (4,),
    "uline_trade": (2,),
    "trade_discard": (2, 4),
    "pioneer": (2,),
    "camp_refill": (1,),
    "camp_clear": (1,),
    "enlistment": (2,),
    "brisingamens_end": (1,),
    "mjollnir_step": (1,),
    "tavern_discard": (2,),
    "enlist_order": (2,),
    "enlist": (2,),
    "vidofnir": (2,),
    "take": (3, 4),
    "card_discard": (3,),
    "olwyn": (2,),
    "holda": (2,),
    "mjollnir": (2,),
    "gods": (1,),
    "odin_step": (2,),
    "loki": (2,),
    "freya": (2,),
    "frigg": (2,),
    "odin": (2,),
    "capture": (3,),
    "gullinbursti": (2,),
    "olrun": (2,),
    "skymir": (2,),
    "hrungnir": (3,),
}
#: the tasks that exist only with Thingvellir (a base game's document cannot hold them)
THINGVELLIR_TASKS = frozenset(
    {
        "camp_refill",
        "camp_clear",
        "enlistment",
        "brisingamens_end",
        "mjollnir_step",
        "tavern_discard",
        "enlist_order",
        "enlist",
        "vidofnir",
        "take",
        "card_discard",
        "olwyn",
        "holda",
        "mjollnir",
    }
)


#: the tasks that exist only with Idavoll
IDAVOLL_TASKS = frozenset(
    {
        "gods",
        "odin_step",
        "loki",
        "freya",
        "frigg",
        "odin",
        "capture",
        "gullinbursti",
        "olrun",
        "skymir",
        "hrungnir",
    }
)
#: the kinds of the Mythology cards (X-ID-1)
MYTH_KINDS = frozenset({CardKind.ANIMAL, CardKind.GOD, CardKind.GIANT, CardKind.VALKYRIE})


def state_to_dict(s: State) -> dict[str, Any]:
    """The JSON document of a state: the header, then every declared field (:data:`STATE_FIELDS`).

    An expansion's part that is not in play (``camp`` without Thingvellir) has no key at all.
    """
    doc = _state_doc(s)
    if s.camp is None:
        del doc["camp"]
    if s.idavoll is None:
        del doc["idavoll"]
    return doc


def player_to_dict(p: Player) -> dict[str, Any]:
    """A player's object in the document (:data:`PLAYER_FIELDS`)."""
    return _player_doc(p)


def to_json(s: State, *, indent: int | None = None) -> str:
    return json.dumps(state_to_dict(s), indent=indent, ensure_ascii=False)


#: limits of what the loaders read: a real state document is about 6 kB deep 5
MAX_DOCUMENT_CHARS = 1_000_000
MAX_DEPTH = 16
MAX_INT_DIGITS = 18
MAX_NAME_CHARS = 40
#: Unicode categories a name cannot contain: control characters, lone surrogates, private use,
#: unassigned code points, line and paragraph separators
NAME_FORBIDDEN = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})
MAX_SHUFFLES = 10_000
MAX_SEED = 2**63 - 1
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = str.maketrans("", "", "".join(chr(c) for c in range(128) if chr(c) not in "[]{}"))


class LimitError(DocumentError):
    """Input refused before it is read: too long, too deep, a too long number, a key twice, not UTF-8.

    ``kind`` and ``params`` let another reader (the score sheet) say it with its own catalogue message.
    """

    def __init__(self, path: str, problem: str, kind: str, **params: Any) -> None:
        super().__init__(path, problem)
        self.kind = kind
        self.params = params


def show(value: Any, limit: int = 40) -> str:
    """A short text for a value quoted in an error message (never the whole input)."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int):
        return (
            str(value)
            if abs(value) < 10**MAX_INT_DIGITS
            else f"a number of more than {MAX_INT_DIGITS} digits"
        )
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        text = value.encode("unicode_escape", "backslashreplace").decode("ascii").replace('"', '\\"')
        return f'"{text[:limit]}..."' if len(text) > limit else f'"{text}"'
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def check_depth(text: str, limit: int = MAX_DEPTH) -> None:
    """Refuse JSON text nested deeper than ``limit`` before parsing it (json.loads recurses)."""
    bare = _STRING.sub("", text).translate(_BRACKETS)
    depth = 0
    for ch in bare:
        if ch in "[{":
            depth += 1
            if depth > limit:
                raise LimitError(
                    "", f"the document is nested deeper than {limit} levels", "depth", limit=limit
                )
        elif depth:
            depth -= 1


def _parse_int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MAX_INT_DIGITS:
        raise LimitError(
            "",
            f"a number of {len(digits)} digits; at most {MAX_INT_DIGITS} are read",
            "digits",
            digits=len(digits),
            limit=MAX_INT_DIGITS,
        )
    return int(text)


def _parse_constant(text: str) -> Any:
    raise LimitError("", f"{text} is not a JSON number", "constant", value=text)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise LimitError(
                clip(k, 40), "this key appears twice in the same object", "duplicate", key=clip(k, 40)
            )
        out[k] = v
    return out


def loads_limited(text: str) -> Any:
    """``json.loads`` checked for nesting depth, number length, NaN and duplicate keys (LimitError).

    Raises ``json.JSONDecodeError`` for text that is not JSON.
    """
    check_depth(text)
    return json.loads(
        text,
        parse_int=_parse_int,
        parse_constant=_parse_constant,
        object_pairs_hook=_no_duplicates,
    )


def load_json(text: Any, what: str = "document", limit: int = MAX_DOCUMENT_CHARS) -> Any:
    """``json.loads`` with limits: size, nesting depth, number length, duplicate keys (DocumentError)."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise LimitError("", f"the {what} is not UTF-8 text", "encoding") from None
    if not isinstance(text, str):
        raise DocumentError("", f"expected the {what} as JSON text, got {type(text).__name__}")
    if len(text) > limit:
        raise LimitError(
            "",
            f"the {what} is {len(text):,} characters long; at most {limit:,} are read",
            "size",
            size=f"{len(text):,}",
            limit=f"{limit:,}",
        )
    try:
        return loads_limited(text)
    except json.JSONDecodeError as e:
        raise DocumentError("", f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except RecursionError:  # pragma: no cover (check_depth refuses deep documents first)
        raise DocumentError("", f"the {what} is nested too deeply") from None


class _Reader:
    def __init__(self, doc: Any, path: str = "") -> None:
        self.doc = doc
        self.path = path

    def fail(self, problem: str, sub: str = "") -> DocumentError:
        return DocumentError(self.path + sub, problem)

    def obj(self, keys: tuple[str, ...], optional: frozenset[str] = frozenset()) -> _Reader:
        """This is an object with exactly these keys (those in ``optional`` may be left out)."""
        if not isinstance(self.doc, dict):
            raise self.fail(f"expected an object, got {show(self.doc)}")
        for key in self.doc:
            if key not in keys:
                raise DocumentError(f"{self.path}.{show(key)[1:-1]}".lstrip("."), "unknown field")
        for key in keys:
            if key not in self.doc and key not in optional:
                raise DocumentError(f"{self.path}.{key}".lstrip("."), "missing field")
        return self

    def field(self, key: str) -> _Reader:
        if not isinstance(self.doc, dict):
            raise self.fail(f"expected an object, got {show(self.doc)}")
        if key not in self.doc:
            raise DocumentError(f"{self.path}.{key}".lstrip("."), "missing field")
        return _Reader(self.doc[key], f"{self.path}.{key}".lstrip("."))

    def items(self, max_len: int = 200) -> list[_Reader]:
        if not isinstance(self.doc, list):
            raise self.fail(f"expected a list, got {show(self.doc)}")
        if len(self.doc) > max_len:
            raise self.fail(f"a list of {len(self.doc)} items; at most {max_len} are possible here")
        return [_Reader(v, f"{self.path}[{k}]") for k, v in enumerate(self.doc)]

    def get_int(self, lo: int, hi: int, *, null: bool = False) -> Any:
        v = self.doc
        if v is None and null:
            return None
        if not isinstance(v, int) or isinstance(v, bool):
            raise self.fail(f"expected a whole number, got {show(v)}")
        if not lo <= v <= hi:
            raise self.fail(f"{show(v)} is out of range {lo}..{hi}")
        return v

    def get_bool(self) -> bool:
        if not isinstance(self.doc, bool):
            raise self.fail(f"expected true or false, got {show(self.doc)}")
        return self.doc

    def get_str(self) -> str:
        if not isinstance(self.doc, str):
            raise self.fail(f"expected a string, got {show(self.doc)}")
        return self.doc

    def card(self) -> str:
        cid = self.get_str()
        if cid not in CARDS:
            raise self.fail(f"unknown card id {show(cid)}")
        return cid

    def cards(self) -> list[str]:
        return [r.card() for r in self.items()]

    def coin(self, *, null: bool = False) -> Coin | None:
        if self.doc is None and null:
            return None
        text = self.get_str()
        coin = _COIN_TEXT.get(text)
        if coin is None:
            raise self.fail(
                f"{show(text)} is not a coin: use 0, 2, 3, 4, 5b (basic), 3s (green 3) or 5..25 (gold)"
            )
        return coin

    def hand_place(self) -> Place:
        """The text of a coin in hand, ``h0``..``h4`` (:mod:`nidlib.core.places`)."""
        text = self.get_str()
        try:
            place = parse_place(text)
        except InvalidActionError:
            place = None
        if place is None or not place.is_hand or place.index >= HAND_SIZE:
            raise self.fail(f"{show(text)} is not a coin in hand (h0..h{HAND_SIZE - 1})")
        return place


_COIN_TEXT: dict[str, Coin] = {
    str(c): c for c in (*BASIC_COINS, GREEN_3, *(Coin(v, CoinKind.ROYAL) for v in range(5, 26)))
}
_TOP_KEYS = ("schema", "version", *(f.json for f in STATE_FIELDS))
_OPTION_KEYS = tuple(f.name for f in fields(Options))
_PLAYER_KEYS = tuple(f.json for f in PLAYER_FIELDS)
_CAMP_KEYS = tuple(f.json for f in CAMP_FIELDS)
_IDAVOLL_KEYS = tuple(f.json for f in IDAVOLL_FIELDS)
#: keys a document may leave out: an expansion not in play
_OPTIONAL_TOP = frozenset({"camp", "idavoll"})
_OPTIONAL_OPTIONS = frozenset({"expansions"})


def check_name(r: _Reader) -> str:
    """A player's name: 1-40 printable characters, no control character or lone surrogate."""
    name = r.get_str()
    if not name.strip():
        raise r.fail("a name cannot be empty")
    if len(name) > MAX_NAME_CHARS:
        raise r.fail(f"a name of {len(name)} characters; at most {MAX_NAME_CHARS}")
    for ch in name:
        if unicodedata.category(ch) in NAME_FORBIDDEN:
            raise r.fail(f"a name cannot contain the character U+{ord(ch):04X}")
    return name


def read_state(doc: Any) -> State:
    """Rebuild and validate a state's structure; raises DocumentError(path, problem).

    No flow check (is the position one the rules can reach?): that is the rules' part, added by
    :func:`nidlib.rules.load.state_from_dict`. A bare ``read_state`` is for
    :class:`nidlib.content.scenario.Scenario`, whose positions have automatic tasks on top of their
    stack until it runs them, and are then checked in full.
    """
    r = _Reader(doc).obj(_TOP_KEYS, _OPTIONAL_TOP)
    if r.field("schema").get_str() != SCHEMA:
        raise DocumentError("schema", f"expected {SCHEMA!r}")
    version = r.field("version").get_int(-(10**9), 10**9)
    if version != VERSION:
        raise DocumentError("version", f"this nidlib reads version {VERSION}, not {version}")
    got: dict[str, Any] = {}  # the fields read so far: a later field's range may depend on them
    for f in STATE_FIELDS:
        if f.json in _OPTIONAL_TOP and f.json not in r.doc:
            continue
        got[f.name] = _READ[f.codec](r.field(f.json), got)
    if got["options"].thingvellir != (got.get("camp") is not None):
        raise DocumentError("camp", "a game with Thingvellir has a camp, a game without it has none [X-TH-1]")
    if got["options"].idavoll != (got.get("idavoll") is not None):
        raise DocumentError(
            "idavoll", "a game with Idavoll has an idavoll object, a game without it has none [X-ID-1]"
        )
    s = State(**got)
    players = s.options.players
    for ti, row in enumerate(s.taverns):
        if len(row) > max(3, players):
            raise DocumentError(
                f"taverns[{ti}]", f"a tavern holds at most {max(3, players)} cards [R-ENTER-1]"
            )
    _validate(s)
    return s


def _player(r: _Reader) -> Player:
    r.obj(_PLAYER_KEYS)
    got: dict[str, Any] = {}
    for f in PLAYER_FIELDS:
        got[f.name] = _READ[f.codec](r.field(f.json), got)
    return Player(**got)


#: (amount, source) of the coin transformations the engine asks for (R-XFORM-1, R-HERO-GRID-2, R-DIST-KINGSHAND-1)
TRANSFORMS = frozenset({(3, "offering"), (5, "offering"), (7, "grid"), (5, "kings-hand"), (10, "khrad")})
#: the sources of a TakeDue (X-TH-HERO-ANDUMIA-1, X-TH-ART-BRISINGAMENS-1) and of a CardDiscardDue
TAKE_SOURCES = frozenset({"andumia", "brisingamens"})
CARD_DISCARD_SOURCES = frozenset({"hofud", "brisingamens"})
#: (count, excluded class index) of the discards: Bonfur keeps blacksmiths, Dagda hunters
DISCARDS = frozenset({(1, 3), (2, 1)})


def _hrungnir_coins(r: _Reader, text: str) -> None:
    """A Hrungnir task's hand coins: coin texts, no trading coin, two different at least."""
    try:
        coins = [Coin.parse(t) for t in text.split(",")]
    except ValueError as e:
        raise r.fail(f"{e} [X-ID-GIANT-HRUNGNIR-3]") from None
    if any(c.is_trading for c in coins) or len(set(coins)) < 2:
        raise r.fail(
            "the hand coins Hrungnir still transforms: two different coins at least, no trading coin"
            " [X-ID-GIANT-HRUNGNIR-1, X-ID-GIANT-HRUNGNIR-3]"
        )


def _task(r: _Reader, players: int, thingvellir: bool = False, idavoll: bool = False) -> Task:
    """Read and check one task of the ``tasks`` list; :func:`nidlib.core.tasks.task_from_json` makes it typed."""
    items = r.items(6)
    if not items:
        raise r.fail("a task cannot be empty")
    kind = items[0].get_str()
    if kind not in TASK_ARITY:
        raise items[0].fail(f"unknown task {show(kind)}")
    if len(items) not in TASK_ARITY[kind]:
        raise r.fail(f"task {kind!r} takes {TASK_ARITY[kind][0] - 1} arguments")
    if kind in THINGVELLIR_TASKS and not thingvellir:
        raise items[0].fail(f"task {kind!r} exists only with Thingvellir [X-TH-1]")
    if kind in IDAVOLL_TASKS and not idavoll:
        raise items[0].fail(f"task {kind!r} exists only with Idavoll [X-ID-1]")
    args: list[int | str] = [kind]
    for k, x in enumerate(items[1:], start=1):
        if kind == "transform" and k == 3:
            args.append(x.get_str())
        elif kind == "take" and k == 2:
            args.append(x.get_str())
            if args[2] not in TAKE_SOURCES:
                raise x.fail("Andumia or Brisingamens takes cards from the discard pile")
        elif kind == "take" and k == 3:
            args.append(x.card())
        elif kind == "capture" and k == 2:
            args.append(x.card())
            card = CARDS[str(args[2])]
            if card.kind is not CardKind.DWARF:
                raise x.fail("a Giant captures a Dwarf card [X-ID-GIANT-3]")
        elif kind == "hrungnir" and k == 2:
            args.append(x.get_str())
            _hrungnir_coins(x, str(args[2]))
        elif kind == "card_discard" and k == 2:
            args.append(x.get_str())
            if args[2] not in CARD_DISCARD_SOURCES:
                raise x.fail("Höfud or Brisingamens makes a player discard a card")
        elif kind == "enlistment":
            args.append(x.get_int(1, 2))
        elif kind == "trade_discard" and k >= 2:
            args.append(str(x.hand_place()))
        elif kind in ("age_start", "ylud_step") or (kind == "ylud" and k == 2):
            args.append(x.get_int(1, 2))
        elif kind in ("tavern", "order", "tavern_end") or (kind == "uline_bid" and k == 2):
            args.append(x.get_int(0, 2))
        elif kind == "eval" or (kind == "discard" and k == 3):
            args.append(x.get_int(0, 4))
        elif kind == "transform" and k == 2:
            args.append(x.get_int(1, 25))
        elif kind == "discard" and k == 2:
            args.append(x.get_int(1, 2))
        else:
            args.append(x.get_int(0, players - 1))
    if kind == "transform" and (args[2], args[3]) not in TRANSFORMS:
        raise r.fail(f"no rule transforms a coin by {args[2]} from {show(args[3])}")
    if (
        kind == "discard"
        and (args[2], args[3]) not in DISCARDS
        and not (idavoll and (args[2], args[3]) == (1, 1))
    ):
        raise r.fail(
            "Bonfur discards 1 card (not a blacksmith), Dagda 2 (not hunters; 1 with Durathor, X-ID-ANIMAL-DURATHOR-1)"
        )
    if kind == "trade_discard" and len(args) == 4 and args[2] == args[3]:
        raise r.fail("two different coins are traded")
    return task_from_json(args)


def _validate(s: State) -> None:
    """Conservation checks: every card, hero, coin and gem is in exactly one place."""
    n = s.options.players
    seen: dict[str, str] = {}

    def see(cid: str, where: str) -> None:
        if cid in seen:
            raise DocumentError(where, f"card {cid!r} is already at {seen[cid]}")
        seen[cid] = where

    for age in (1, 2):
        for k, c in enumerate(s.decks[age]):
            see(c, f"decks.{age}[{k}]")
    for t, row in enumerate(s.taverns):
        for k, c in enumerate(row):
            see(c, f"taverns[{t}][{k}]")
    for k, c in enumerate(s.discard):
        see(c, f"discard[{k}]")
    for k, c in enumerate(s.pioneer_draw):
        if CARDS[c].age != 2:
            raise DocumentError(
                f"pioneer_draw[{k}]", f"{c!r} is not a card of the Age II deck [R-DIST-PIONEER-1]"
            )
        see(c, f"pioneer_draw[{k}]")
    for k, c in enumerate(s.heroes_available):
        if CARDS[c].kind is not CardKind.HERO:
            raise DocumentError(f"heroes_available[{k}]", f"{c!r} is not a hero")
        see(c, f"heroes_available[{k}]")
    if s.camp is not None:
        _see_camp(s.camp, see)
    if s.idavoll is not None:
        _see_idavoll(s, see)
    gems = []
    for i, p in enumerate(s.players):
        base = f"players[{i}]"
        gems.append(p.gem)
        for ci, col in enumerate(p.columns):
            for k, c in enumerate(col):
                card = CARDS[c]
                path = f"{base}.army.{CLASSES[ci].value}[{k}]"
                if c == Hero.YLUD or card.kind in (CardKind.DOUBLE, CardKind.GULLINBURSTI):
                    pass
                elif card.kind is CardKind.MERCENARY:
                    if CLASSES[ci] not in (cls for cls, _bp in card.options):
                        raise DocumentError(
                            path, f"{card.name} cannot be enlisted as a {CLASSES[ci].value} [X-TH-MERC-1]"
                        )
                elif card.cls is not CLASSES[ci]:
                    raise DocumentError(
                        path, f"{card.name} does not belong in the {CLASSES[ci].value} column"
                    )
                if card.kind is CardKind.HERO and c not in p.heroes:
                    raise DocumentError(
                        path, f"{card.name} is in the army but not among this player's heroes"
                    )
                see(c, path)
        for k, c in enumerate(p.command_zone):
            path = f"{base}.command_zone[{k}]"
            if c in CARDS:
                kind = CARDS[c].kind
                if kind in (CardKind.ARTIFACT, CardKind.MERCENARY) and CARDS[c].cls is None:
                    see(c, path)  # X-TH-7, X-TH-11: artifacts and unenlisted Mercenaries
                    continue
                if kind in (CardKind.GOD, CardKind.GIANT, CardKind.VALKYRIE):
                    see(c, path)  # X-ID-5: Gods, Giants and Valkyries in the command zone
                    continue
                if kind is not CardKind.HERO or CARDS[c].cls is not None:
                    raise DocumentError(path, f"{c!r} cannot be in the command zone")
                if c not in p.heroes:
                    raise DocumentError(
                        path, f"{c!r} is in the command zone but not among this player's heroes"
                    )
                see(c, path)
            elif c not in _DISTINCTIONS:
                raise DocumentError(path, f"unknown card {show(c)}")
        for k, h in enumerate(p.heroes):
            if CARDS[h].kind is not CardKind.HERO:
                raise DocumentError(f"{base}.heroes[{k}]", f"{h!r} is not a hero")
            if h == Hero.THRUD and p.thrud >= 0:
                see(h, f"{base}.thrud")
        if p.thrud >= 0 and Hero.THRUD not in p.heroes:
            raise DocumentError(f"{base}.thrud", "Thrud is in the army but not among this player's heroes")
        coins = p.coins()
        jarnglofi = "jarnglofi" in p.command_zone
        if len(coins) != 5 - jarnglofi:
            rule = "X-TH-ART-JARNGLOFI-4" if jarnglofi else "R-COIN-3"
            raise DocumentError(
                f"{base}.slots",
                f"a player owns exactly {5 - jarnglofi} coins, not {len(coins)} [{rule}]",
            )
    # heroes: each owned once, by one player, and in that player's army or command zone; an owned
    # Thrud that is in neither has been lifted and waits to be placed again (R-HERO-THRUD-3)
    owner: dict[str, int] = {}
    distinctions: dict[str, int] = {}
    for i, p in enumerate(s.players):
        here = {c for col in p.columns for c in col} | set(p.command_zone)
        for k, h in enumerate(p.heroes):
            path = f"players[{i}].heroes[{k}]"
            if h in owner:
                who = "this player" if owner[h] == i else f"players[{owner[h]}]"
                raise DocumentError(
                    path, f"{CARDS[h].name} is already owned by {who}: each hero exists once [R-COMP-4]"
                )
            owner[h] = i
            if h not in here and not (h == Hero.THRUD and p.thrud >= 0):
                if h != Hero.THRUD:
                    raise DocumentError(
                        path, f"{CARDS[h].name} is owned but neither in the army nor the command zone"
                    )
                if h in seen:
                    raise DocumentError(path, f"Thrud is owned here but is at {seen[h]}")
                seen[h] = path
        for k, c in enumerate(p.command_zone):
            if c in _DISTINCTIONS:
                if c in distinctions:
                    raise DocumentError(
                        f"players[{i}].command_zone[{k}]",
                        f"there is one {c} distinction card, already with players[{distinctions[c]}]"
                        " [R-COMP-5]",
                    )
                distinctions[c] = i
    expected = {c.id for age in (1, 2) for c in age_deck(age, n)} | set(
        hero_ids(s.options.expansions, first_game=s.options.first_game)
    )
    if s.options.thingvellir:
        expected |= {c for deck in CAMP_DECKS.values() for c in deck}
    if s.options.idavoll:  # X-ID-1; Gullinbursti is aside until Hreasvelg's owner places it
        expected |= set(MYTHOLOGY_IDS)
        seen.setdefault(GULLINBURSTI.id, "aside")
    # Olwyn's doubles are beside him until his owner places them (X-TH-HERO-OLWYN-1): they may be anywhere
    # or nowhere, but only with Thingvellir, only once, and only once Olwyn is recruited
    doubles = {d.id for d in DOUBLES} if s.options.thingvellir else set()
    odin_used = s.idavoll is not None and "odin" in s.idavoll.used  # Olwyn returned by Odin (X-ID-GOD-ODIN-4)
    if doubles & set(seen) and not any(Hero.OLWYN in p.heroes for p in s.players) and not odin_used:
        raise DocumentError("", "Olwyn's doubles are placed only when Olwyn is recruited [X-TH-HERO-OLWYN-1]")
    extra = sorted(
        set(seen) - expected - {"armorer"} - doubles - ({GULLINBURSTI.id} if s.options.idavoll else set())
    )
    if extra:
        raise DocumentError("", f"card {extra[0]!r} is not part of a {n}-player game")
    missing = sorted(expected - set(seen))
    if missing:
        raise DocumentError("", f"card {missing[0]!r} is missing: every card must be somewhere")
    if len(set(gems)) != n:
        raise DocumentError("players", f"gems must all differ, got {gems} [R-SETUP-2]")
    # coins: gold coins are conserved with the Treasury; basic coins with out_of_game (R-COIN-1)
    start = initial_treasury(n)
    owned: Counter[int] = Counter()
    basics: Counter[str] = Counter(s.out_of_game)
    for p in s.players:
        for coin in p.coins():
            if coin.kind is CoinKind.ROYAL:
                owned[coin.value] += 1
            else:
                basics[str(coin)] += 1
    for value, count in start.items():
        if s.treasury.get(value, 0) + owned[value] != count:
            raise DocumentError(
                f"treasury.{value}",
                f"{count} gold coins of value {value} exist in a {n}-player "
                f"game; the Treasury holds {s.treasury.get(value, 0)} and players own "
                f"{owned[value]} [R-COMP-7]",
            )
    for v in ("0", "2", "3", "4", "5b"):
        if basics[v] != n and not (v == "0" and basics[v] + basics["3s"] == n):
            raise DocumentError(
                "out_of_game",
                f"each player starts with one basic {v}: "
                f"{basics[v]} are accounted for, expected {n} [R-COMP-6]",
            )
    if basics["3s"] > 1:
        raise DocumentError("players", "there is only one green 3 coin [R-COMP-5]")


def _see_camp(camp: Camp, see: Callable[[str, str], None]) -> None:
    """Every Camp card once: in a Camp deck of its Age, in the Camp, in the Camp discard (X-TH-2, X-TH-CAMP-1)."""
    for age in (1, 2):
        for k, c in enumerate(camp.decks[age]):
            see(c, f"camp.decks.{age}[{k}]")
    if len(camp.cards) > CAMP_SIZE:
        raise DocumentError("camp.cards", f"the Camp has {CAMP_SIZE} spaces [X-TH-3]")
    for k, c in enumerate(camp.cards):
        if c not in CAMP_AGE:
            raise DocumentError(f"camp.cards[{k}]", f"{c!r} is not a Camp card [X-TH-1]")
        see(c, f"camp.cards[{k}]")
    for k, c in enumerate(camp.discard):
        if c not in CAMP_AGE:
            raise DocumentError(f"camp.discard[{k}]", f"{c!r} is not a Camp card [X-TH-CAMP-1]")
        see(c, f"camp.discard[{k}]")
    for k, c in enumerate(camp.removed):
        if CARDS[c].kind is not CardKind.DOUBLE:
            raise DocumentError(
                f"camp.removed[{k}]", "only Olwyn's doubles leave the game [X-TH-HERO-OLWYN-4]"
            )
        see(c, f"camp.removed[{k}]")


def _see_idavoll(s: State, see: Callable[[str, str], None]) -> None:
    """Every Mythology card once (X-ID-1): in the Mythology deck or reserve, drawn, removed, or taken;
    a captured dwarf under its Giant, a dwarf waiting for a capture choice in its task (X-ID-8)."""
    part = s.idavoll
    assert part is not None
    for name in ("deck", "reserve"):
        for k, c in enumerate(getattr(part, name)):
            if CARDS[c].kind not in MYTH_KINDS:
                raise DocumentError(f"idavoll.{name}[{k}]", f"{c!r} is not a Mythology card [X-ID-2]")
            see(c, f"idavoll.{name}[{k}]")
    top = s.tasks[-1].KIND if s.tasks else ""
    if part.drawn and top not in ("frigg", "skymir"):
        raise DocumentError(
            "idavoll.drawn", "cards are drawn only while Frigg's or Skymir's choice waits [X-ID-7]"
        )
    for k, c in enumerate(part.drawn):
        if (CARDS[c].age != s.age) if top == "frigg" else (CARDS[c].kind not in MYTH_KINDS):
            raise DocumentError(
                f"idavoll.drawn[{k}]",
                f"{c!r} cannot be drawn here: Frigg draws from the Age deck, Skymir from the Mythology reserve"
                " [X-ID-GOD-FRIGG-1, X-ID-GIANT-SKYMIR-1]",
            )
        see(c, f"idavoll.drawn[{k}]")
    if (top == "frigg" and len(part.drawn) != 3) or (top == "skymir" and not 3 <= len(part.drawn) <= 5):
        raise DocumentError(
            "idavoll.drawn", "Frigg's owner chooses among 3 cards, Skymir's among 3 to 5 [X-ID-7]"
        )
    for k, c in enumerate(part.removed):
        if CARDS[c].kind not in MYTH_KINDS and c != GULLINBURSTI.id:
            raise DocumentError(f"idavoll.removed[{k}]", f"{c!r} is not a Mythology card [X-ID-4]")
        see(c, f"idavoll.removed[{k}]")
    owned = {c for p in s.players for c in p.command_zone}
    for k, (giant, entry) in enumerate(zip(GIANTS, part.captured, strict=True)):
        if entry and giant.id not in owned:
            raise DocumentError(f"idavoll.captured[{k}]", f"{giant.name} is not in a command zone [X-ID-8]")
        if entry not in ("", FACE_DOWN):
            see(entry, f"idavoll.captured[{k}]")
    for k, (valk, n) in enumerate(zip(VALKYRIES, part.notches, strict=True)):
        if n and valk.id not in owned:
            raise DocumentError(f"idavoll.notches[{k}]", f"{valk.name} is not in a command zone [X-ID-9]")
    if part.olrun >= 0 and "olrun" not in owned:
        raise DocumentError("idavoll.olrun", "Ölrun is not in a command zone [X-ID-VALK-OLRUN-1]")
    if part.loki and not any(part.loki in row for row in s.taverns):
        raise DocumentError("idavoll.loki", f"{part.loki!r} is not a tavern card [X-ID-GOD-LOKI-1]")
    for k, t in enumerate(s.tasks):
        card = getattr(t, "card", "")
        if t.KIND == "capture" and card:
            see(card, f"tasks[{k}]")
        if isinstance(t, HrungnirDue):
            _check_hrungnir(s, t, f"tasks[{k}]")


def _check_hrungnir(s: State, t: HrungnirDue, path: str) -> None:
    """Only Uline's owner, once Hrungnir has captured, chooses among coins of their hand (X-ID-GIANT-HRUNGNIR-3)."""
    part = s.idavoll
    assert part is not None
    p = s.players[t.player]
    if Hero.ULINE not in p.heroes or Myth.HRUNGNIR not in p.command_zone:
        raise DocumentError(
            path, "only Uline's owner with Hrungnir orders hand coins [X-ID-GIANT-HRUNGNIR-3]"
        )
    if part.captured[GIANT_INDEX[Myth.HRUNGNIR]] in ("", FACE_DOWN):
        raise DocumentError(path, "Hrungnir has not captured a dwarf [X-ID-GIANT-HRUNGNIR-1]")
    hand = list(p.hand)
    for c in (Coin.parse(x) for x in t.coins.split(",")):
        if c not in hand:
            raise DocumentError(path, f"{p.name} holds no coin {c} in hand [X-ID-GIANT-HRUNGNIR-3]")
        hand.remove(c)


_DISTINCTIONS = frozenset(
    {"kings-hand", "hunting-master", "crown-jeweler", "kings-great-armorer", "pioneer-of-the-kingdom"}
)


# --- one encoder and one reader per codec (nidlib.core.state.Codec) -----------------------------
# A reader gets the field's _Reader and the fields read before it (declaration order), and returns
# the value or raises DocumentError naming the field.


def _read_options(r: _Reader, got: dict[str, Any]) -> Options:
    o = r.obj(_OPTION_KEYS, _OPTIONAL_OPTIONS)
    players = o.field("players").get_int(2, 5)
    expansions: tuple[str, ...] = ()
    if "expansions" in o.doc:
        expansions = tuple(x.get_str() for x in o.field("expansions").items(len(EXPANSIONS)))
        for k, name in enumerate(expansions):
            if name not in EXPANSIONS or name in expansions[:k]:
                raise DocumentError(
                    f"{r.path}.expansions[{k}]",
                    f"{show(name)} is not an expansion: use {', '.join(EXPANSIONS)}",
                )
    names = tuple(check_name(n) for n in o.field("names").items(5))
    if len(names) != players or len(set(names)) != players:
        raise DocumentError(f"{r.path}.names", f"expected {players} different names")
    return Options(
        players=players,
        names=names,
        seed=o.field("seed").get_int(-MAX_SEED, MAX_SEED),
        first_game=o.field("first_game").get_bool(),
        warrior_bonus_without_warriors=o.field("warrior_bonus_without_warriors").get_bool(),
        pioneer_draw_public=o.field("pioneer_draw_public").get_bool(),
        expansions=expansions,
    )


def _seats(got: dict[str, Any]) -> int:
    if "seats" in got:  # inside the camp object: its reader passes the player count
        seats: int = got["seats"]
        return seats
    players: int = got["options"].players
    return players


def _read_decks(r: _Reader, got: dict[str, Any]) -> dict[int, list[str]]:
    d = r.obj(("1", "2"))
    decks = {1: d.field("1").cards(), 2: d.field("2").cards()}
    for age in (1, 2):
        for k, c in enumerate(decks[age]):
            if CARDS[c].age != age:
                raise DocumentError(f"{r.path}.{age}[{k}]", f"{c!r} is not a card of the Age {age} deck")
    return decks


def _read_camp_decks(r: _Reader, got: dict[str, Any]) -> dict[int, list[str]]:
    d = r.obj(("1", "2"))
    decks = {1: d.field("1").cards(), 2: d.field("2").cards()}
    for age in (1, 2):
        for k, c in enumerate(decks[age]):
            if CAMP_AGE.get(c) != age:
                raise DocumentError(
                    f"{r.path}.{age}[{k}]", f"{c!r} is not a card of the Age {age} Camp deck [X-TH-2]"
                )
    return decks


def _read_camp(r: _Reader, got: dict[str, Any]) -> Camp:
    r.obj(_CAMP_KEYS)
    seats = _seats(got)
    part: dict[str, Any] = {"seats": seats}
    for f in CAMP_FIELDS:
        part[f.name] = _READ[f.codec](r.field(f.json), part)
    del part["seats"]
    for name in ("zolkur", "mjollnir"):
        if len(part[name]) != seats:
            raise r.fail(f"expected one entry per player ({seats})", f".{name}")
    return Camp(**part)


def _read_idavoll(r: _Reader, got: dict[str, Any]) -> Idavoll:
    r.obj(_IDAVOLL_KEYS)
    part: dict[str, Any] = {"seats": _seats(got), "options": got["options"]}
    for f in IDAVOLL_FIELDS:
        part[f.name] = _READ[f.codec](r.field(f.json), part)
    del part["seats"], part["options"]
    for k, c in enumerate(part["used"]):
        if CARDS[c].kind is not CardKind.GOD or c in part["used"][:k]:
            raise r.fail(f"{c!r} is not a God whose power was used once [X-ID-7]", f".used[{k}]")
    return Idavoll(**part)


def _read_giant_states(r: _Reader) -> list[str]:
    items = r.items(5)
    if len(items) != len(GIANTS):
        raise r.fail(f"expected one entry per Giant ({', '.join(g.id for g in GIANTS)})")
    out = []
    for giant, x in zip(GIANTS, items, strict=True):
        text = x.get_str()
        if text not in ("", FACE_DOWN):
            card = CARDS.get(text)
            if card is None or card.kind is not CardKind.DWARF or card.cls is not GIANT_CLASS[giant.id]:
                raise x.fail(
                    f"{giant.name} captures a {GIANT_CLASS[giant.id].value} dwarf, not {show(text)} [X-ID-8]"
                )
        out.append(text)
    return out


def _read_notches(r: _Reader) -> list[int]:
    items = r.items(5)
    if len(items) != len(VALKYRIES):
        raise r.fail(f"expected one count per Valkyrie ({', '.join(v.id for v in VALKYRIES)})")
    return [x.get_int(0, 4) for x in items]  # the last notch (X-ID-9)


def _read_class_choices(r: _Reader, got: dict[str, Any]) -> list[int]:
    out = []
    columns = [c.value for c in CLASSES]
    for x in r.items(5):
        if x.doc is None:
            out.append(-1)
            continue
        name = x.get_str()
        if name not in columns:
            raise x.fail(f"{show(name)} is not a column")
        out.append(columns.index(name))
    return out


def _read_taverns(r: _Reader, got: dict[str, Any]) -> list[list[str]]:
    rows = r.items()
    if len(rows) != 3:
        raise r.fail("expected 3 taverns")
    taverns = [t.cards() for t in rows]
    for ti, row in enumerate(taverns):
        for k, c in enumerate(row):
            if CARDS[c].kind in MYTH_KINDS:
                if not got["options"].idavoll:
                    raise r.fail(f"{c!r} is a Mythology card: only with Idavoll [X-ID-1]", f"[{ti}][{k}]")
            elif CARDS[c].age not in (1, 2):  # heroes and the Armorer card never enter a tavern
                raise r.fail(f"{c!r} is not a card of an Age deck [R-ENTER-1]", f"[{ti}][{k}]")
    return taverns


def _read_treasury(r: _Reader, got: dict[str, Any]) -> dict[int, int]:
    if not isinstance(r.doc, dict):
        raise r.fail("expected an object of value: count")
    treasury: dict[int, int] = {}
    for key in r.doc:
        if not (isinstance(key, str) and re.fullmatch(r"[1-9][0-9]?", key) and 5 <= int(key) <= 25):
            name = show(key)[1:-1] if isinstance(key, str) else show(key)
            raise r.fail("the Royal Treasure holds gold coins of value 5 to 25", f".{name}")
        treasury[int(key)] = r.field(key).get_int(0, 3)
    for value in range(5, 26):
        if value not in treasury:
            raise r.fail("missing field", f".{value}")
    return dict(sorted(treasury.items()))


def _read_players(r: _Reader, got: dict[str, Any]) -> list[Player]:
    names = got["options"].names
    players = [_player(pr) for pr in r.items(5)]
    if len(players) != len(names):
        raise r.fail(f"expected {len(names)} players, found {len(players)}")
    for i, p in enumerate(players):
        if p.name != names[i]:
            raise r.fail(f"expected {names[i]!r} as in options.names", f"[{i}].name")
    return players


def _read_thrud(r: _Reader, got: dict[str, Any]) -> int:
    if r.doc is None:
        return -1
    name = r.get_str()
    columns = [c.value for c in CLASSES]
    if name not in columns:
        raise r.fail(f"{show(name)} is not a column")
    return columns.index(name)


def _read_slots(r: _Reader, got: dict[str, Any]) -> list[Coin | None]:
    slots = r.items()
    if len(slots) != 5:
        raise r.fail("expected 5 spaces: 3 taverns and 2 pouch spaces")
    return [x.coin(null=True) for x in slots]


def _read_flags(r: _Reader, got: dict[str, Any]) -> list[bool]:
    flags = r.items()
    if len(flags) != 5:
        raise r.fail("expected 5 flags")
    return [x.get_bool() for x in flags]


def _read_coins(r: _Reader, got: dict[str, Any]) -> list[Coin]:
    coins = [c for c in (x.coin() for x in r.items(5)) if c is not None]
    if coins != sorted(coins):
        raise r.fail("coins are listed in order (0, 2, 3, 3s, 4, 5b, 5, 6 ... 25)")
    return coins


def _same(value: Any) -> Any:
    return value


def _list(value: list[Any]) -> list[Any]:
    return value[:]


def _lists(value: list[list[Any]]) -> list[list[Any]]:
    return [v[:] for v in value]


_Encode = Callable[[Any], Any]
_Read = Callable[[_Reader, dict[str, Any]], Any]

_ENCODE: dict[Codec, _Encode] = {
    Codec.OPTIONS: lambda o: o.to_dict(),
    Codec.AGE: _same,
    Codec.ROUND: _same,
    Codec.TAVERN_INDEX: _same,
    Codec.DECKS: lambda d: {"1": d[1][:], "2": d[2][:]},
    Codec.TAVERNS: _lists,
    Codec.TREASURY: lambda t: {str(v): n for v, n in sorted(t.items())},
    Codec.CARDS: _list,
    Codec.COIN_TEXTS: _list,
    Codec.GEMS: _list,
    Codec.PLAYERS: lambda players: [player_to_dict(p) for p in players],
    Codec.SEATS: _list,
    Codec.SEAT_GROUPS: _lists,
    Codec.BIDS: _list,
    Codec.TASKS: lambda tasks: [task_to_json(t) for t in tasks],
    Codec.SHUFFLES: _same,
    Codec.VIEWER: _same,
    Codec.NAME: _same,
    Codec.GEM: _same,
    Codec.ARMY: lambda cols: {cls.value: col[:] for cls, col in zip(CLASSES, cols, strict=True)},
    Codec.THRUD: lambda k: CLASSES[k].value if k >= 0 else None,
    Codec.COMMAND_ZONE: _list,
    Codec.SLOTS: lambda slots: [None if c is None else str(c) for c in slots],
    Codec.FLAGS: _list,
    Codec.COINS: lambda coins: [str(c) for c in coins],
    Codec.FLAG: _same,
    Codec.CAMP: lambda camp: None if camp is None else _encode_camp(camp),
    Codec.CAMP_DECKS: lambda d: {"1": d[1][:], "2": d[2][:]},
    Codec.CLASS_CHOICES: lambda xs: [CLASSES[k].value if k >= 0 else None for k in xs],
    Codec.FLAG_LIST: _list,
    Codec.CARD_OR_NONE: _same,
    Codec.GIANT_STATES: _list,
    Codec.NOTCHES: _list,
    Codec.COLUMN: lambda k: CLASSES[k].value if k >= 0 else None,
    Codec.IDAVOLL: lambda part: None if part is None else _encode_idavoll(part),
}

_READ: dict[Codec, _Read] = {
    Codec.OPTIONS: _read_options,
    Codec.AGE: lambda r, got: r.get_int(1, 2),
    Codec.ROUND: lambda r, got: r.get_int(
        0, max_rounds(got["age"], _seats(got), idavoll=got["options"].idavoll)
    ),
    Codec.TAVERN_INDEX: lambda r, got: r.get_int(-1, 2),
    Codec.DECKS: _read_decks,
    Codec.TAVERNS: _read_taverns,
    Codec.TREASURY: _read_treasury,
    Codec.CARDS: lambda r, got: r.cards(),
    Codec.COIN_TEXTS: lambda r, got: [str(x.coin()) for x in r.items()],
    Codec.GEMS: lambda r, got: [x.get_int(1, 6) for x in r.items()],
    Codec.PLAYERS: _read_players,
    Codec.SEATS: lambda r, got: [x.get_int(0, _seats(got) - 1) for x in r.items(5)],
    Codec.SEAT_GROUPS: lambda r, got: [
        [x.get_int(0, _seats(got) - 1) for x in g.items(5)] for g in r.items(5)
    ],
    Codec.BIDS: lambda r, got: [x.get_int(0, 25, null=True) for x in r.items(5)],
    Codec.TASKS: lambda r, got: [
        _task(t, _seats(got), got["options"].thingvellir, got["options"].idavoll) for t in r.items(60)
    ],
    Codec.SHUFFLES: lambda r, got: r.get_int(0, MAX_SHUFFLES),
    Codec.VIEWER: lambda r, got: r.get_int(0, _seats(got) - 1, null=True),
    Codec.NAME: lambda r, got: check_name(r),
    Codec.GEM: lambda r, got: r.get_int(1, 6),
    Codec.ARMY: lambda r, got: [
        r.obj(tuple(cls.value for cls in CLASSES)).field(cls.value).cards() for cls in CLASSES
    ],
    Codec.THRUD: _read_thrud,
    Codec.COMMAND_ZONE: lambda r, got: [x.get_str() for x in r.items(20)],
    Codec.SLOTS: _read_slots,
    Codec.FLAGS: _read_flags,
    Codec.COINS: _read_coins,
    Codec.FLAG: lambda r, got: r.get_bool(),
    Codec.CAMP: _read_camp,
    Codec.CAMP_DECKS: _read_camp_decks,
    Codec.CLASS_CHOICES: _read_class_choices,
    Codec.FLAG_LIST: lambda r, got: [x.get_bool() for x in r.items(5)],
    Codec.CARD_OR_NONE: lambda r, got: r.card() if r.doc != "" else "",
    Codec.GIANT_STATES: lambda r, got: _read_giant_states(r),
    Codec.NOTCHES: lambda r, got: _read_notches(r),
    Codec.COLUMN: _read_thrud,
    Codec.IDAVOLL: lambda r, got: _read_idavoll(r, got),
}


def _compile_encoder(
    specs: tuple[FieldSpec, ...], header: dict[str, Any], name: str
) -> Callable[[Any], dict[str, Any]]:
    """The document of a value as one dict display generated from the declaration (as ``copy()`` is):
    each field's codec encoder applied to it, plain values (``_same``) written as they are."""
    namespace: dict[str, Any] = {}
    items = [f"{key!r}: {value!r}" for key, value in header.items()]
    for spec in specs:
        encode = _ENCODE[spec.codec]
        if encode is _same:
            items.append(f"{spec.json!r}: x.{spec.name}")
        else:
            namespace[f"_e_{spec.name}"] = encode
            items.append(f"{spec.json!r}: _e_{spec.name}(x.{spec.name})")
    exec(f"def {name}(x):\n    return {{{', '.join(items)}}}", namespace)  # noqa: S102 (from the declaration)
    fn: Callable[[Any], dict[str, Any]] = namespace[name]
    return fn


_UNCODED = sorted(
    {f.codec for f in (*STATE_FIELDS, *PLAYER_FIELDS, *CAMP_FIELDS, *IDAVOLL_FIELDS)}
    - (_ENCODE.keys() & _READ.keys())
)
if _UNCODED:  # pragma: no cover - a field declared in nidlib.core.state without its codec here
    msg = f"nidlib.core.serialize has no encoder or reader for {', '.join(map(str, _UNCODED))}"
    raise TypeError(msg)

_state_doc = _compile_encoder(STATE_FIELDS, {"schema": SCHEMA, "version": VERSION}, "state_doc")
_player_doc = _compile_encoder(PLAYER_FIELDS, {}, "player_doc")
_camp_doc = _compile_encoder(CAMP_FIELDS, {}, "camp_doc")


def _encode_camp(camp: Camp) -> dict[str, Any]:
    return _camp_doc(camp)


_idavoll_doc = _compile_encoder(IDAVOLL_FIELDS, {}, "idavoll_doc")


def _encode_idavoll(part: Idavoll) -> dict[str, Any]:
    return _idavoll_doc(part)
