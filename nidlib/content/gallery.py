"""The rulings gallery: the rulings of RULES.md §14 as data, checked by one verifier.

Each ruling is a JSON document, ``nidlib/content/rulings/<id>.json`` (the format:
``nidlib/content/rulings/README.md``): the **position** (players, their gems, armies, command zones
and coins, the taverns, the step of the game), the **question** (message keys of its title, question
and stated outcome in ``nidlib/locales/<lang>/gallery.json``), the **actions** that raise it, the
**illegal** actions the engine must refuse with their rule ids, and the **expected outcome**: checks
on the positions reached, the events emitted, the legal actions and the scores. This module is the
loader (a malformed document raises :class:`~nidlib.core.errors.DocumentError` naming the field),
the position builder (:class:`~nidlib.content.scenario.Scenario`) and the one verifier::

    >>> from nidlib.content import gallery
    >>> case = gallery.get("EC-09")
    >>> result = gallery.run(case)
    >>> case.verify(result)
    True
    >>> case.expect[0]
    Check(path='players.0.slots.3:5', op='is', value=['3', '11'], at='final')
    >>> gallery.failures(case, gallery.run(case))
    []

Actions are written in their text form (``nidlib.parse``); a ``pick`` or ``keep`` may name its card
the way the scenario builder does (``W3``, ``H``, ``RO3``, ``*`` = the first card offered), resolved
in the position it is played in, so the entries read like the rulings.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Final, TypeAlias

from nidlib.content.scenario import Scenario, card_matches
from nidlib.core.actions import Action, Keep, Pick, parse
from nidlib.core.cards import CARDS, CLASSES
from nidlib.core.errors import DocumentError, InvalidActionError, Violation
from nidlib.core.events import Event
from nidlib.core.messages import catalogue, render
from nidlib.core.registry import RULES
from nidlib.core.serialize import state_to_dict
from nidlib.core.state import State
from nidlib.rules.engine import apply, check, decision, final_scores, legal_actions, new_game, ranks
from nidlib.rules.load import state_from_dict

Json: TypeAlias = bool | int | str | list["Json"] | dict[str, "Json"] | None
CoinSpec: TypeAlias = int | str
CardSpec: TypeAlias = int | str

NAMES: dict[int, tuple[str, ...]] = {
    2: ("Ana", "Bo"),
    3: ("Ana", "Bo", "Cy"),
    4: ("Ana", "Bo", "Cy", "Di"),
    5: ("Ana", "Bo", "Cy", "Di", "Ed"),
}
_CLASS_NAMES: Final = tuple(c.value for c in CLASSES)

#: where a check looks: the position after the k-th action (0: the start), or one of these words
AT_WORDS: Final = ("start", "final", "each")
#: how a check compares (see the README of the rulings folder)
OPS: Final = ("is", "has", "lacks", "at_least", "in_order", "count", "len")
#: what a check's path may start with besides the fields of the JSON state document
DERIVED: Final = ("events", "decision", "deciding", "legal", "scores", "ranks", "over")


# --- the data ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Seat:
    """One player of a position: gem, command zone, army (column -> cards, bottom to top), coins."""

    name: str
    gem: int | None = None
    command_zone: tuple[str, ...] = ()
    army: tuple[tuple[str, tuple[CardSpec, ...]], ...] = ()
    #: coins on the three tavern spaces and in the pouch (face down until revealed)
    bid: tuple[tuple[CoinSpec, ...], tuple[CoinSpec, ...]] | None = None
    #: coins in hand (between rounds, or Uline's owner)
    hand: tuple[CoinSpec, ...] | None = None


@dataclass(frozen=True, slots=True)
class MythSetup:
    """Idavoll's part of a position (RULES.md A.2), as :class:`Scenario` sets it: Gods used, captures
    (``None``: the Giant is face down), Valkyrie notches, Ölrun's class, Loki's card, the Mythology piles."""

    used: tuple[str, ...] = ()
    captured: tuple[tuple[str, str | None], ...] = ()
    notches: tuple[tuple[str, int], ...] = ()
    olrun: str | None = None
    loki: str | None = None
    deck: tuple[str, ...] | None = None
    reserve: tuple[str, ...] | None = None
    removed: tuple[str, ...] = ()
    #: at the bids: Loki's and Freya's owners still act first (X-ID-SEQ-1)
    gods: bool = True

    def apply(self, sc: Scenario) -> None:
        if self.used:
            sc.gods_used(*self.used)
        for giant, card in self.captured:
            sc.captured(giant, card)
        for valkyrie, k in self.notches:
            sc.notches(valkyrie, k)
        if self.olrun is not None:
            sc.olrun(self.olrun)
        if self.loki is not None:
            sc.loki(self.loki)
        if self.deck is not None:
            sc.myth_deck(list(self.deck))
        if self.reserve is not None:
            sc.myth_reserve(list(self.reserve))
        if self.removed:
            sc.myth_removed(list(self.removed))


@dataclass(frozen=True, slots=True)
class Position:
    """A declarative set-up, built with :class:`Scenario` (``step``: ``bids``, ``tavern N``, ``end of age``).

    Every card comes from the right Age deck (``strict_decks``), so the position is one a game can reach.
    """

    seats: tuple[Seat, ...]
    step: str
    age: int = 1
    round: int = 1
    seed: int = 1
    #: the only heroes left in the display (None: all those nobody owns)
    heroes: tuple[str, ...] | None = None
    #: the cards in the three taverns (None: dealt from the Age deck)
    taverns: tuple[tuple[str, ...], ...] | None = None
    #: the current Age's deck is empty (its cards discarded): the round under way is the Age's last
    deck_empty: bool = False
    #: the first card of the Pioneer of the Kingdom's pending draw
    pioneer_draw: str | None = None
    #: the expansions in play (``["thingvellir"]``: RULES.md A.1)
    expansions: tuple[str, ...] = ()
    #: Thingvellir: the Camp cards face up (None: dealt from the Age's Camp deck)
    camp: tuple[str, ...] | None = None
    #: cards on the discard pile (taken out of the Age decks): what Andumia and Brisingamens may take
    discard: tuple[str, ...] = ()
    #: Thingvellir: the cards left in the Age's Camp deck (None: all that are not in the Camp)
    camp_deck: tuple[str, ...] | None = None
    #: Idavoll: the tokens and Mythology piles (:class:`MythSetup`; None without Idavoll)
    idavoll: MythSetup | None = None

    def build(self, events: list[Event] | None = None) -> State:
        """The position, run to its first decision (automatic steps' events appended to ``events``)."""
        names = tuple(seat.name for seat in self.seats)
        sc = Scenario(
            len(self.seats),
            names=names,
            seed=self.seed,
            age=self.age,
            round=self.round,
            strict_decks=True,
            expansions=self.expansions,
        )
        if self.camp is not None:
            sc.camp(list(self.camp))
        if self.camp_deck is not None:
            sc.camp_deck(list(self.camp_deck))
        if self.discard:
            sc.discard(list(self.discard))
        gems = {i: seat.gem for i, seat in enumerate(self.seats) if seat.gem is not None}
        if gems:
            sc.gems(gems)  # all at once: the gems of a position differ
        for i, seat in enumerate(self.seats):
            if seat.command_zone:
                sc.command_zone(i, list(seat.command_zone))
            if seat.army:
                sc.army(i, **{column: list(cards) for column, cards in seat.army})
            if seat.bid is not None:
                sc.bids(i, taverns=list(seat.bid[0]), pouch=list(seat.bid[1]))
            if seat.hand is not None:
                sc.hand(i, list(seat.hand))
        if self.heroes is not None:
            sc.only_heroes(*self.heroes)
        if self.taverns is not None:
            sc.taverns([list(row) for row in self.taverns])
        if self.idavoll is not None:
            self.idavoll.apply(sc)
        if self.step == "end of age":
            sc.at_end_of_age()
        elif self.step == "bids":
            sc.at_bids(gods=self.idavoll is None or self.idavoll.gods)
        else:
            sc.at_tavern(int(self.step.removeprefix("tavern ")))
        s = sc.build(events, check=True)  # a position the rules can reach (R-EVAL-4, R-TRADE-3...)
        if self.deck_empty:
            s = _edit(s, _empty_deck)
        if self.pioneer_draw is not None:
            s = _edit(s, _pioneer_first(self.pioneer_draw))
        return s


@dataclass(frozen=True, slots=True)
class Check:
    """One fact of the expected outcome: the value at ``path`` in the position ``at``, compared by ``op``."""

    path: str
    op: str
    value: Json
    at: int | str = "final"

    def to_json(self) -> dict[str, Json]:
        out: dict[str, Json] = {"path": self.path}
        if self.at != "final":
            out["at"] = self.at
        out[self.op] = self.value
        return out

    def __str__(self) -> str:
        """The check as written in the ruling's file."""
        return json.dumps(self.to_json(), ensure_ascii=False)


@dataclass(frozen=True, slots=True)
class Refusal:
    """An action the engine must refuse in the final position, and the rule that refuses it."""

    action: str
    rule: str


@dataclass(slots=True)
class Outcome:
    """What the engine did with a ruling: the start, each step, and the refusals."""

    start: State
    start_events: list[Event]
    actions: list[Action] = field(default_factory=list)
    states: list[State] = field(default_factory=list)
    events: list[list[Event]] = field(default_factory=list)
    #: for each of the ruling's ``illegal`` actions, the engine's refusal (None if it was accepted)
    refusals: list[Violation | None] = field(default_factory=list)

    @property
    def final(self) -> State:
        return self.states[-1] if self.states else self.start

    def all_events(self) -> list[Event]:
        out = list(self.start_events)
        for evs in self.events:
            out.extend(evs)
        return out

    def keys(self) -> list[str]:
        return [e.key for e in self.all_events()]

    def has(self, key: str) -> bool:
        return key in self.keys()


@dataclass(frozen=True, slots=True)
class EdgeCase:
    """One ruling of RULES.md §14: position, question, actions, refusals, expected outcome, rule ids."""

    id: str
    rules: tuple[str, ...]
    position: Position
    actions: tuple[str, ...]
    expect: tuple[Check, ...]
    refusals: tuple[Refusal, ...] = ()
    #: message keys: ``title``, ``question`` and ``outcome`` (the stated outcome, in words)
    texts: tuple[tuple[str, str], ...] = ()

    @property
    def illegal(self) -> tuple[str, ...]:
        """The actions the engine must refuse in the final position."""
        return tuple(r.action for r in self.refusals)

    def build(self, events: list[Event] | None = None) -> State:
        """The ruling's position (a :class:`DocumentError` names the ruling if it cannot be built)."""
        try:
            return self.position.build(events)
        except ValueError as e:  # a DocumentError, or a coin the Scenario cannot read
            raise DocumentError(f"{self.id}.position", str(e)) from e

    def verify(self, outcome: Outcome) -> bool:
        """Whether ``outcome`` shows every expected fact (:func:`failures` says which do not)."""
        return not failures(self, outcome)

    def text(self, part: str, lang: str | None = None) -> str:
        """``part`` is ``title``, ``question`` or ``outcome``."""
        return render(dict(self.texts).get(part, f"gallery.{self.id}.{part}"), None, lang)

    def title(self, lang: str | None = None) -> str:
        return self.text("title", lang)

    def question(self, lang: str | None = None) -> str:
        return self.text("question", lang)

    def outcome(self, lang: str | None = None) -> str:
        return self.text("outcome", lang)


# --- the loader ----------------------------------------------------------------------------------


def _obj(v: object, path: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise DocumentError(path, "must be an object")
    for k in required:
        if k not in v:
            raise DocumentError(f"{path}.{k}" if path else k, "missing")
    for k in v:
        if k not in required and k not in optional:
            raise DocumentError(f"{path}.{k}" if path else k, "unknown field")
    return v


def _list(v: object, path: str, *, size: int | None = None) -> list[Any]:
    if not isinstance(v, list):
        raise DocumentError(path, "must be a list")
    if size is not None and len(v) != size:
        raise DocumentError(path, f"must hold {size} items, not {len(v)}")
    return v


def _str(v: object, path: str) -> str:
    if not isinstance(v, str) or not v:
        raise DocumentError(path, "must be a non-empty string")
    return v


def _strs(v: object, path: str, *, size: int | None = None) -> tuple[str, ...]:
    return tuple(_str(x, f"{path}[{k}]") for k, x in enumerate(_list(v, path, size=size)))


def _int(v: object, path: str, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise DocumentError(path, f"must be a whole number from {lo} to {hi}")
    return v


def _spec(v: object, path: str) -> int | str:
    if isinstance(v, bool) or not isinstance(v, int | str) or v == "":
        raise DocumentError(path, "must be a number or a name")
    return v


def _coins(v: object, path: str, size: int | tuple[int, ...]) -> tuple[CoinSpec, ...]:
    """Coins as the Scenario spells them (``5b``, ``3s``, gold values); the Scenario reads them at build.
    ``size`` may allow several counts (after Jarnglofi a player owns 4 coins, X-TH-ART-JARNGLOFI-4)."""
    sizes = (size,) if isinstance(size, int) else size
    items = _list(v, path)
    if len(items) not in sizes:
        raise DocumentError(path, f"must hold {' or '.join(map(str, sizes))} coins")
    return tuple(_spec(c, f"{path}[{k}]") for k, c in enumerate(items))


def _seat(v: object, path: str, name: str) -> Seat:
    d = _obj(v, path, (), ("name", "gem", "command_zone", "army", "bid", "hand"))
    if "bid" in d and "hand" in d:
        raise DocumentError(f"{path}.hand", "a player's coins are either bid or in hand, not both")
    army = []
    for column, cards in _obj(d.get("army", {}), f"{path}.army", (), _CLASS_NAMES).items():
        where = f"{path}.army.{column}"
        army.append((column, tuple(_spec(c, f"{where}[{k}]") for k, c in enumerate(_list(cards, where)))))
    bid = None
    if "bid" in d:
        b = _obj(d["bid"], f"{path}.bid", ("taverns", "pouch"))
        bid = (
            _coins(b["taverns"], f"{path}.bid.taverns", 3),
            _coins(b["pouch"], f"{path}.bid.pouch", (2, 1)),
        )
    return Seat(
        name=_str(d.get("name", name), f"{path}.name"),
        gem=_int(d["gem"], f"{path}.gem", 1, 6) if "gem" in d else None,
        command_zone=_strs(d.get("command_zone", []), f"{path}.command_zone"),
        army=tuple(army),
        bid=bid,
        hand=_coins(d["hand"], f"{path}.hand", (5, 4)) if "hand" in d else None,
    )


_STEP = re.compile(r"bids|end of age|tavern [012]")


def _position(v: object, path: str) -> Position:
    d = _obj(
        v,
        path,
        ("players", "step"),
        (
            "age",
            "round",
            "seed",
            "heroes",
            "taverns",
            "deck_empty",
            "pioneer_draw",
            "expansions",
            "camp",
            "discard",
            "camp_deck",
            "idavoll",
        ),
    )
    players = _list(d["players"], f"{path}.players")
    if len(players) not in NAMES:
        raise DocumentError(f"{path}.players", "must describe 2 to 5 players")
    seats = tuple(_seat(p, f"{path}.players[{i}]", NAMES[len(players)][i]) for i, p in enumerate(players))
    step = _str(d["step"], f"{path}.step")
    if not _STEP.fullmatch(step):
        raise DocumentError(
            f"{path}.step", "must be 'bids', 'tavern 0', 'tavern 1', 'tavern 2' or 'end of age'"
        )
    heroes = _strs(d["heroes"], f"{path}.heroes") if "heroes" in d else None
    taverns = None
    if "taverns" in d:
        rows = _list(d["taverns"], f"{path}.taverns", size=3)
        taverns = tuple(_strs(row, f"{path}.taverns[{t}]") for t, row in enumerate(rows))
    deck_empty = d.get("deck_empty", False)
    if not isinstance(deck_empty, bool):
        raise DocumentError(f"{path}.deck_empty", "must be true or false")
    pioneer = d.get("pioneer_draw")
    if pioneer is not None and pioneer not in CARDS:
        raise DocumentError(f"{path}.pioneer_draw", f"unknown card id {pioneer!r}")
    return Position(
        seats=seats,
        step=step,
        age=_int(d.get("age", 1), f"{path}.age", 1, 2),
        round=_int(d.get("round", 1), f"{path}.round", 1, 5),
        seed=_int(d.get("seed", 1), f"{path}.seed", 0, 2**63 - 1),
        heroes=heroes,
        taverns=taverns,
        deck_empty=deck_empty,
        pioneer_draw=pioneer,
        expansions=_strs(d["expansions"], f"{path}.expansions") if "expansions" in d else (),
        camp=_strs(d["camp"], f"{path}.camp") if "camp" in d else None,
        discard=_strs(d["discard"], f"{path}.discard") if "discard" in d else (),
        camp_deck=_strs(d["camp_deck"], f"{path}.camp_deck") if "camp_deck" in d else None,
        idavoll=_myth(d["idavoll"], f"{path}.idavoll") if "idavoll" in d else None,
    )


_MYTH_FIELDS = ("used", "captured", "notches", "olrun", "loki", "deck", "reserve", "removed", "gods")


def _myth(v: object, path: str) -> MythSetup:
    d = _obj(v, path, (), _MYTH_FIELDS)
    captured = []
    for giant, card in _obj(
        d.get("captured", {}), f"{path}.captured", (), tuple(d.get("captured", {}))
    ).items():
        if card is not None:
            card = _spec(card, f"{path}.captured.{giant}")
        captured.append((giant, None if card is None else str(card)))
    notches = [
        (v_, _int(k, f"{path}.notches.{v_}", 0, 99))
        for v_, k in _obj(d.get("notches", {}), f"{path}.notches", (), tuple(d.get("notches", {}))).items()
    ]
    gods = d.get("gods", True)
    if not isinstance(gods, bool):
        raise DocumentError(f"{path}.gods", "must be true or false")
    return MythSetup(
        used=_strs(d.get("used", []), f"{path}.used"),
        captured=tuple(captured),
        notches=tuple(notches),
        olrun=_str(d["olrun"], f"{path}.olrun") if "olrun" in d else None,
        loki=_str(d["loki"], f"{path}.loki") if "loki" in d else None,
        deck=_strs(d["deck"], f"{path}.deck") if "deck" in d else None,
        reserve=_strs(d["reserve"], f"{path}.reserve") if "reserve" in d else None,
        removed=_strs(d.get("removed", []), f"{path}.removed"),
        gods=gods,
    )


def _json(v: object, path: str) -> Json:
    if v is None or isinstance(v, bool | int | str):
        return v
    if isinstance(v, list):
        return [_json(x, f"{path}[{k}]") for k, x in enumerate(v)]
    if isinstance(v, dict):
        return {str(k): _json(x, f"{path}.{k}") for k, x in v.items()}
    raise DocumentError(path, "must be plain JSON (no fractions)")


def _check(v: object, path: str, steps: int) -> Check:
    d = _obj(v, path, ("path",), ("at", *OPS))
    ops = [op for op in OPS if op in d]
    if len(ops) != 1:
        raise DocumentError(path, f"must have exactly one of {', '.join(OPS)}")
    op = ops[0]
    target = _str(d["path"], f"{path}.path")
    root = target.split(".")[0]
    if root not in DERIVED and root not in _DOCUMENT_FIELDS:
        raise DocumentError(
            f"{path}.path", f"{root!r} is neither a state field nor one of {', '.join(DERIVED)}"
        )
    at = d.get("at", "final")
    if not (at in AT_WORDS or (isinstance(at, int) and not isinstance(at, bool) and 0 <= at <= steps)):
        raise DocumentError(f"{path}.at", f"must be 'start', 'final', 'each' or an action number 0..{steps}")
    if root == "events" and at != "final":
        raise DocumentError(f"{path}.at", "the events are those of the whole ruling: no 'at'")
    value = _json(d[op], f"{path}.{op}")
    if op in ("in_order",) and not (isinstance(value, list) and len(value) >= 2):
        raise DocumentError(f"{path}.{op}", "must list at least two items")
    if op in ("at_least", "len") and (isinstance(value, bool) or not isinstance(value, int)):
        raise DocumentError(f"{path}.{op}", "must be a whole number")
    if op == "count" and not (
        isinstance(value, dict)
        and all(isinstance(n, int) and not isinstance(n, bool) for n in value.values())
    ):
        raise DocumentError(f"{path}.{op}", "must map items to whole numbers")
    return Check(target, op, value, at)


def _rule(v: object, path: str) -> str:
    rid = _str(v, path)
    if rid not in RULES:
        raise DocumentError(path, f"{rid} is not a rule id of RULES.md")
    return rid


def ruling_from_dict(doc: object, name: str = "") -> EdgeCase:
    """A ruling from its JSON document; ``name`` (the file's stem) must be its id.

    :raises DocumentError: a field is missing, unknown or wrong; its path names it (``EC-09.actions[1]``).
    """
    head = f"{name}." if name else ""
    d = _obj(
        doc,
        name,
        ("id", "rules", "title", "question", "outcome", "position", "actions", "expect"),
        ("illegal",),
    )
    rid = _str(d["id"], f"{head}id")
    if not re.fullmatch(r"EC-X?\d\d", rid) or rid not in RULES:
        raise DocumentError(
            f"{head}id", f"{rid!r} is not a ruling id of RULES.md §14 (EC-nn) or Appendix A.4 (EC-Xnn)"
        )
    if name and rid != name:
        raise DocumentError(f"{head}id", f"{rid} is stored in {name}.json")
    head = f"{rid}."
    rules = tuple(_rule(x, f"{head}rules[{k}]") for k, x in enumerate(_list(d["rules"], f"{head}rules")))
    if not rules:
        raise DocumentError(f"{head}rules", "must cite at least one rule id")
    en = catalogue("en")
    texts = []
    for part in ("title", "question", "outcome"):
        key = _str(d[part], f"{head}{part}")
        if key not in en:
            raise DocumentError(f"{head}{part}", f"{key} is not in the message catalogue")
        texts.append((part, key))
    actions = _strs(d["actions"], f"{head}actions")
    if not actions:
        raise DocumentError(f"{head}actions", "must hold the action(s) that raise the question")
    refusals = []
    for k, r in enumerate(_list(d.get("illegal", []), f"{head}illegal")):
        where = f"{head}illegal[{k}]"
        rd = _obj(r, where, ("action", "refused"))
        refusals.append(
            Refusal(_str(rd["action"], f"{where}.action"), _rule(rd["refused"], f"{where}.refused"))
        )
    checks = _list(d["expect"], f"{head}expect")
    if not checks:
        raise DocumentError(f"{head}expect", "must state at least one expected fact")
    return EdgeCase(
        id=rid,
        rules=rules,
        position=_position(d["position"], f"{head}position"),
        actions=actions,
        expect=tuple(_check(c, f"{head}expect[{k}]", len(actions)) for k, c in enumerate(checks)),
        refusals=tuple(refusals),
        texts=tuple(texts),
    )


def load_rulings(folder: str = "rulings") -> tuple[EdgeCase, ...]:
    """Every ``<id>.json`` of ``nidlib/content/<folder>/``, in id order."""
    out = []
    for entry in sorted(resources.files("nidlib.content").joinpath(folder).iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            stem = entry.name.removesuffix(".json")
            try:
                doc = json.loads(entry.read_text(encoding="utf-8"))
            except ValueError as e:
                raise DocumentError(stem, f"not valid JSON: {e}") from e
            out.append(ruling_from_dict(doc, stem))
    return tuple(out)


# --- playing a ruling ----------------------------------------------------------------------------


def _matches(cid: str, spec: str) -> bool:
    return spec == "*" or card_matches(cid, spec)


def resolve(s: State, text: str) -> Action:
    """The action ``text`` in position ``s``; a pick/keep may name its card by spec (``W3``, ``RO3``, ``*``).

    :raises InvalidActionError: the text is malformed or names no card on offer.
    """
    parts = text.strip().split(":")
    if len(parts) == 3 and parts[1] in ("loki", "frigg", "freya") and parts[2] != "pass":
        # Idavoll's Gods name tavern cards: each may be a spec, looked for in every tavern
        names = parts[2].split(",")
        found = []
        for spec in names:
            cid = (
                spec
                if spec in CARDS
                else next((c for row in s.taverns for c in row if _matches(c, spec) and c not in found), None)
            )
            if cid is None:
                raise InvalidActionError(f"{text!r}: no tavern card matching {spec!r}")
            found.append(cid)
        return parse(f"{parts[0]}:{parts[1]}:{','.join(found)}")
    if len(parts) == 3 and parts[1] in ("pick", "keep") and parts[2] not in CARDS:
        offered = s.pioneer_draw if parts[1] == "keep" else (s.taverns[s.tavern] if s.tavern >= 0 else [])
        player = int(parts[0][1:]) if parts[0][1:].isdigit() else -1
        for cid in offered:
            if _matches(cid, parts[2]):
                return Pick(player, cid) if parts[1] == "pick" else Keep(player, cid)
        raise InvalidActionError(f"{text!r}: no card matching {parts[2]!r} is on offer")
    return parse(text)


def run(case: EdgeCase) -> Outcome:
    """Build the ruling's position, apply its actions in order, and try its illegal actions."""
    start_events: list[Event] = []
    s = case.build(start_events)
    out = Outcome(s, start_events)
    for text in case.actions:
        a = resolve(s, text)
        s, evs = apply(s, a)
        out.actions.append(a)
        out.states.append(s)
        out.events.append(evs)
    for text in case.illegal:
        out.refusals.append(check(s, resolve(s, text)))
    return out


# --- the verifier --------------------------------------------------------------------------------

#: the top-level fields of the JSON state document (docs/state-schema.md)
_DOCUMENT_FIELDS: Final = frozenset(state_to_dict(new_game(2, seed=0, expansions=("thingvellir", "idavoll"))))


class _Missing(Exception):
    """A check's path leads nowhere in the position looked at."""


def _derived(o: Outcome, s: State, root: str) -> Json:
    if root == "events":
        return list[Json](o.keys())
    if root == "decision":
        d = decision(s)
        return None if d is None else str(getattr(d.kind, "value", d.kind))
    if root == "deciding":
        d = decision(s)
        return [] if d is None else list[Json](d.players)
    if root == "legal":
        return [str(a) for a in legal_actions(s)]
    if root == "scores":
        return [dict[str, Json](p.as_dict()) for p in final_scores(s).players]
    if root == "ranks":
        return [{name: ranks(p, ci) for ci, name in enumerate(_CLASS_NAMES)} for p in s.players]
    if root == "over":
        return s.is_over
    doc: dict[str, Json] = json.loads(json.dumps(state_to_dict(s)))
    if root not in doc:
        raise _Missing(root)
    return doc[root]


def _step(value: Json, segment: str) -> Json:
    if isinstance(value, dict):
        if segment not in value:
            raise _Missing(segment)
        return value[segment]
    if isinstance(value, list):
        if re.fullmatch(r"-?\d*:-?\d*", segment):
            lo, hi = (int(x) if x else None for x in segment.split(":"))
            return value[lo:hi]
        if re.fullmatch(r"-?\d+", segment) and -len(value) <= int(segment) < len(value):
            return value[int(segment)]
    raise _Missing(segment)


def _walk(value: Json, segments: list[str]) -> Json:
    if not segments:
        return value
    if segments[0] == "*":
        if not isinstance(value, list):
            raise _Missing("*")
        return [_walk(v, segments[1:]) for v in value]
    return _walk(_step(value, segments[0]), segments[1:])


def value_at(o: Outcome, s: State, path: str) -> Json:
    """The value ``path`` names in position ``s`` of outcome ``o`` (``*`` maps over a list).

    :raises LookupError: the path leads nowhere in this position.
    """
    root, *rest = path.split(".")
    try:
        return _walk(_derived(o, s, root), rest)
    except _Missing as e:
        raise LookupError(f"{path}: no {e.args[0]!r} here") from None


def _items(expected: Json) -> list[Json]:
    return expected if isinstance(expected, list) else [expected]


def _holds(op: str, value: Json, expected: Json) -> bool:
    if op == "is":
        return value == expected
    if op == "at_least":
        return isinstance(value, int) and isinstance(expected, int) and value >= expected
    if not isinstance(value, list):
        return False
    if op == "len":
        return len(value) == expected
    if op == "has":
        return all(x in value for x in _items(expected))
    if op == "lacks":
        return not any(x in value for x in _items(expected))
    if op == "in_order":
        want = _items(expected)
        if not all(x in value for x in want):
            return False
        firsts = [value.index(x) for x in want]
        return firsts == sorted(firsts) and len(set(firsts)) == len(firsts)
    if op == "count":
        return isinstance(expected, dict) and all(value.count(k) == n for k, n in expected.items())
    raise ValueError(op)


def _states(o: Outcome, at: int | str) -> list[State]:
    if at == "each":
        return list(o.states)
    if at == "start":
        return [o.start]
    if at == "final":
        return [o.final]
    assert isinstance(at, int)
    return [o.start, *o.states][at : at + 1]


def check_failure(check: Check, o: Outcome) -> str | None:
    """Why ``o`` does not show ``check`` (None: it does)."""
    states = _states(o, check.at)
    if not states:
        return f"{check}: the ruling has no position {check.at!r}"
    try:
        values = [value_at(o, s, check.path) for s in states]
    except LookupError as e:
        return f"{check}: {e}"
    value: Json = values if check.at == "each" else values[0]
    if _holds(check.op, value, check.value):
        return None
    return f"{check}: found {json.dumps(value, ensure_ascii=False)}"


def failures(case: EdgeCase, o: Outcome) -> list[str]:
    """The ruling's expected facts that ``o`` does not show, in words (empty: the ruling is verified)."""
    out = []
    if len(o.refusals) != len(case.refusals):
        out.append(f"{len(case.refusals)} illegal action(s) expected to be tried, not {len(o.refusals)}")
    for r, v in zip(case.refusals, o.refusals, strict=False):
        if v is None:
            out.append(f"{r.action}: accepted, but {r.rule} refuses it")
        elif v.rule != r.rule:
            out.append(f"{r.action}: refused by {v.rule}, but the ruling says {r.rule}")
    for c in case.expect:
        why = check_failure(c, o)
        if why is not None:
            out.append(why)
    return out


# --- post-build edits and lookups ----------------------------------------------------------------


def _edit(s: State, change: Callable[[dict[str, Any]], None]) -> State:
    """A copy of ``s`` with its JSON document changed by ``change`` (validated like any document)."""
    d = state_to_dict(s)
    change(d)
    return state_from_dict(d)


def _empty_deck(d: dict[str, Any]) -> None:
    deck = d["decks"][str(d["age"])]
    d["discard"].extend(deck)
    deck.clear()


def _pioneer_first(card: str) -> Callable[[dict[str, Any]], None]:
    def swap(d: dict[str, Any]) -> None:
        draw = d["pioneer_draw"]
        if not draw:
            raise DocumentError("pioneer_draw", "no Pioneer of the Kingdom draw is pending in this position")
        if card not in draw:
            deck = d["decks"]["2"]
            if card not in deck:
                raise DocumentError("pioneer_draw", f"{card} is not in the Age II deck")
            deck.remove(card)
            deck.append(draw[0])
            draw[0] = card

    return swap


GALLERY: tuple[EdgeCase, ...] = load_rulings()


def get(ec_id: str) -> EdgeCase:
    """The gallery entry with this id (``"EC-09"``, ``"ec09"`` and ``"9"`` all work; ``"EC-X01"``,
    ``"x1"`` for the expansions' rulings)."""
    digits = "".join(ch for ch in ec_id if ch.isdigit())
    expansion = "X" if "x" in ec_id.lower().removeprefix("ec") else ""
    key = f"EC-{expansion}{int(digits):02d}" if digits else ec_id
    for case in GALLERY:
        if case.id == key:
            return case
    raise KeyError(ec_id)


def covered(cases: tuple[EdgeCase, ...] = GALLERY) -> list[str]:
    """The ids the gallery holds, as runs of consecutive ids: ``["EC-01–EC-23", "EC-27–EC-46"]``;
    the expansions' rulings follow as their own runs (``"EC-X01–EC-X36"``)."""
    out: list[str] = []
    for prefix in ("EC-", "EC-X"):
        nums = sorted(
            int(c.id[len(prefix) :])
            for c in cases
            if c.id[len(prefix) :].isdigit() and c.id.startswith(prefix)
        )
        runs: list[list[int]] = []
        for n in nums:
            if runs and n == runs[-1][-1] + 1:
                runs[-1].append(n)
            else:
                runs.append([n])
        out += [
            f"{prefix}{r[0]:02d}" if len(r) == 1 else f"{prefix}{r[0]:02d}\u2013{prefix}{r[-1]:02d}"
            for r in runs
        ]
    return out


__all__ = [
    "GALLERY",
    "NAMES",
    "Check",
    "EdgeCase",
    "MythSetup",
    "Outcome",
    "Position",
    "Refusal",
    "Seat",
    "check_failure",
    "covered",
    "failures",
    "get",
    "load_rulings",
    "resolve",
    "ruling_from_dict",
    "run",
    "value_at",
]
