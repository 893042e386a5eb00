"""The edge-case gallery: the rulings of RULES.md §14 as loadable, checkable positions.

Each :class:`EdgeCase` names its EC id, the rules involved, a builder that sets
up the position with :class:`~nidlib.content.scenario.Scenario`, the action(s) that
raise the question, optionally some actions that must be *refused* in the
final position, and a predicate that checks the stated outcome on what the
engine actually did. Titles, questions and outcome sentences live in the
message catalogue (``nidlib/locales/<lang>/gallery.json``, keys
``gallery.EC-09.title`` etc.)::

    >>> from nidlib.content import gallery
    >>> case = gallery.get("EC-09")
    >>> result = gallery.run(case)
    >>> case.verify(result)
    True

Actions are written in their text form (``nidlib.parse``); a ``pick`` or
``keep`` may name its card the way the scenario builder does (``W3``, ``H``,
``RO3``, ``*`` = the first card offered), resolved in the position it is
played in, so the entries read like the rulings.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from nidlib.content.scenario import Scenario
from nidlib.core.actions import Action, Keep, Pick, parse
from nidlib.core.cards import CARDS, CLASS_LETTER, CLASSES, CardKind, DwarfClass
from nidlib.core.coins import Coin
from nidlib.core.errors import InvalidActionError, Violation
from nidlib.core.events import Event
from nidlib.core.messages import render
from nidlib.core.serialize import state_from_dict, state_to_dict
from nidlib.core.state import State
from nidlib.rules.engine import apply, check, decision, final_scores, legal_actions, ranks
from nidlib.rules.scoring import class_points

NAMES: dict[int, tuple[str, ...]] = {
    2: ("Ana", "Bo"),
    3: ("Ana", "Bo", "Cy"),
    4: ("Ana", "Bo", "Cy", "Di"),
    5: ("Ana", "Bo", "Cy", "Di", "Ed"),
}
_LETTER_CLASS = {v: k for k, v in CLASS_LETTER.items()}


@dataclass(slots=True)
class Outcome:
    """What the engine did with an edge case: the start, each step, and the refusals."""

    start: State
    start_events: list[Event]
    actions: list[Action] = field(default_factory=list)
    states: list[State] = field(default_factory=list)
    events: list[list[Event]] = field(default_factory=list)
    #: for each of the case's ``illegal`` actions, the engine's refusal (None if it was accepted)
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
    """One ruling of RULES.md §14 as a position, the actions that raise it and the outcome to check."""

    id: str
    rules: tuple[str, ...]
    build: Callable[[list[Event] | None], State]
    verify: Callable[[Outcome], bool]
    actions: tuple[str, ...] = ()
    illegal: tuple[str, ...] = ()

    def text(self, part: str, lang: str | None = None) -> str:
        """``part`` is ``title``, ``question`` or ``outcome``."""
        return render(f"gallery.{self.id}.{part}", None, lang)

    def title(self, lang: str | None = None) -> str:
        return self.text("title", lang)

    def question(self, lang: str | None = None) -> str:
        return self.text("question", lang)

    def outcome(self, lang: str | None = None) -> str:
        return self.text("outcome", lang)


# --- playing a case ----------------------------------------------------------------------------


def _norm(text: str) -> str:
    t = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in t.lower() if ch.isalnum())


def _matches(cid: str, spec: str) -> bool:
    c = CARDS[cid]
    if spec == "*" or spec == cid:
        return True
    if spec.upper().startswith("RO"):
        return c.kind is CardKind.ROYAL_OFFERING and str(c.offering) == spec[2:]
    if c.kind is CardKind.DWARF and spec[:1].upper() in _LETTER_CLASS:
        if c.cls is not _LETTER_CLASS[spec[:1].upper()]:
            return False
        return not spec[1:] or (spec[1:].isdigit() and c.ranks[0] == int(spec[1:]))
    return _norm(c.name) == _norm(spec)


def resolve(s: State, text: str) -> Action:
    """The action ``text`` in position ``s``; a pick/keep may name its card by spec (``W3``, ``RO3``, ``*``).

    :raises InvalidActionError: the text is malformed or names no card on offer.
    """
    parts = text.strip().split(":")
    if len(parts) == 3 and parts[1] in ("pick", "keep") and parts[2] not in CARDS:
        offered = s.pioneer_draw if parts[1] == "keep" else (s.taverns[s.tavern] if s.tavern >= 0 else [])
        player = int(parts[0][1:]) if parts[0][1:].isdigit() else -1
        for cid in offered:
            if _matches(cid, parts[2]):
                return Pick(player, cid) if parts[1] == "pick" else Keep(player, cid)
        raise InvalidActionError(f"{text!r}: no card matching {parts[2]!r} is on offer")
    return parse(text)


def run(case: EdgeCase) -> Outcome:
    """Build the case's position, apply its actions in order, and try its illegal actions."""
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


def get(ec_id: str) -> EdgeCase:
    """The gallery entry with this id (``"EC-09"``, ``"ec09"`` and ``"9"`` all work)."""
    digits = "".join(ch for ch in ec_id if ch.isdigit())
    key = f"EC-{int(digits):02d}" if digits else ec_id
    for case in GALLERY:
        if case.id == key:
            return case
    raise KeyError(ec_id)


# --- helpers for builders and checks ----------------------------------------------------------


def _sc(players: int, **kw: Any) -> Scenario:
    return Scenario(players, names=NAMES[players], seed=kw.pop("seed", 1), **kw)


def _edit(s: State, change: Callable[[dict[str, Any]], None]) -> State:
    """A copy of ``s`` with its JSON document changed by ``change`` (validated like any document)."""
    d = state_to_dict(s)
    change(d)
    return state_from_dict(d)


def _refused(o: Outcome, rule_prefix: str) -> bool:
    return bool(o.refusals) and all(v is not None and v.rule.startswith(rule_prefix) for v in o.refusals)


def _gems(s: State) -> list[int]:
    return [p.gem for p in s.players]


def _coin(text: str) -> Coin:
    return Coin.parse(text)


def _dec(s: State) -> str | None:
    d = decision(s)
    return d.kind if d else None


def _col(name: str) -> int:
    return [c.value for c in CLASSES].index(name)


def _before(keys: list[str], first: str, then: str) -> bool:
    """Whether event ``first`` happened before event ``then`` (False, not an error, if either is missing)."""
    return first in keys and then in keys and keys.index(first) < keys.index(then)


def _after(o: Outcome, k: int) -> State:
    return o.states[k]


# --- 14.1 Bidding, order, taverns -------------------------------------------------------------


def _ec01(ev: list[Event] | None) -> State:
    return (
        _sc(2)
        .bids(0, taverns=[4, 2, 3], pouch=[0, 5])
        .bids(1, taverns=[3, 4, 2], pouch=[0, 5])
        .taverns([["W3", "M1", "E5"], ["H", "H", "B"], ["W4", "M0", "E6"]])
        .at_tavern(0)
        .build(ev)
    )


def _v01(o: Outcome) -> bool:
    s = o.final
    return s.tavern == 1 and o.has("tavern.discard") and s.discard[-1:] == ["1E5"] and not s.taverns[0]


def _ec02(ev: list[Event] | None) -> State:
    return (
        _sc(3)
        .gems({0: 5, 1: 3, 2: 4})
        .bids(0, taverns=[4, 3, 0], pouch=[2, 5])
        .bids(1, taverns=[4, 3, 2], pouch=[0, 5])
        .bids(2, taverns=[5, 0, 2], pouch=[3, 4])
        .taverns([["W3", "W4", "W5"], ["H", "M1", "E5"], ["B", "M0", "E6"]])
        .at_tavern(0)
        .build(ev)
    )


def _v02(o: Outcome) -> bool:
    s = o.final
    return o.start.order == [2, 0, 1] and _gems(s) == [3, 5, 4] and s.tavern == 1 and s.order[:2] == [1, 0]


def _ec03(ev: list[Event] | None) -> State:
    return (
        _sc(4)
        .gems({0: 4, 1: 5, 2: 2, 3: 3})
        .bids(0, taverns=[4, 0, 2], pouch=[3, 5])
        .bids(1, taverns=[4, 0, 2], pouch=[3, 5])
        .bids(2, taverns=[4, 0, 2], pouch=[3, 5])
        .bids(3, taverns=[5, 0, 2], pouch=[3, 4])
        .taverns([["W3", "W4", "W5", "W6"], ["H", "M1", "E5", "B"], ["B", "M0", "E6", "H"]])
        .at_tavern(0)
        .build(ev)
    )


def _v03(o: Outcome) -> bool:
    return o.start.order == [3, 1, 0, 2] and _gems(o.final) == [4, 2, 5, 3]


def _ec04(ev: list[Event] | None) -> State:
    sc = _sc(5).gems({0: 1, 1: 2, 2: 3, 3: 4, 4: 5})
    for i in range(5):
        sc.bids(i, taverns=[4, 0, 2], pouch=[3, 5])
    return (
        sc.taverns(
            [["W3", "W4", "W5", "W6", "W7"], ["H", "M1", "E5", "B", "M2"], ["B", "M0", "E6", "H", "W8"]]
        )
        .at_tavern(0)
        .build(ev)
    )


def _v04(o: Outcome) -> bool:
    return o.start.order == [4, 3, 2, 1, 0] and _gems(o.final) == [5, 4, 3, 2, 1]


def _ec05(ev: list[Event] | None) -> State:
    return (
        _sc(3, age=2)
        .command_zone(0, ["crown-jeweler"])
        .gems({0: 6, 1: 4, 2: 5})
        .bids(0, taverns=[4, 0, 2], pouch=[3, 5])
        .bids(1, taverns=[4, 0, 2], pouch=[3, 5])
        .bids(2, taverns=[4, 0, 2], pouch=[3, 5])
        .taverns([["W3", "W4", "W5"], ["H", "M1", "E5"], ["B", "M0", "E6"]])
        .at_tavern(0)
        .build(ev)
    )


def _v05(o: Outcome) -> bool:
    return o.start.order == [0, 2, 1] and _gems(o.final) == [6, 5, 4] and o.has("gem.six-kept")


def _ec06(ev: list[Event] | None) -> State:
    return (
        _sc(4)
        .gems({0: 2, 1: 3, 2: 4, 3: 5})
        .bids(0, taverns=[5, 0, 2], pouch=[3, 4])
        .bids(1, taverns=[5, 0, 2], pouch=[3, 4])
        .bids(2, taverns=[3, 0, 2], pouch=[4, 5])
        .bids(3, taverns=[3, 0, 2], pouch=[4, 5])
        .taverns([["W3", "W4", "W5", "W6"], ["H", "M1", "E5", "B"], ["B", "M0", "E6", "H"]])
        .at_tavern(0)
        .build(ev)
    )


def _v06(o: Outcome) -> bool:
    return (
        o.start.order == [1, 0, 3, 2] and _gems(o.final) == [3, 2, 5, 4] and o.keys().count("gem.swap") == 2
    )


def _ec07(ev: list[Event] | None) -> State:
    return (
        _sc(3)
        .gems({0: 5, 1: 4, 2: 3})
        .command_zone(0, ["Uline"])
        .army(0, warrior=[3], hunter=["H"], miner=[1], blacksmith=["B"], explorer=[5])
        .hand(0, [0, 2, 3, 4, 5])
        .bids(1, taverns=[4, 0, 2], pouch=[3, 5])
        .bids(2, taverns=[3, 0, 2], pouch=[4, 5])
        .taverns([["W4", "W5", "W6"], ["H", "M1", "E6"], ["B", "M0", "E7"]])
        .at_tavern(0)
        .build(ev)
    )


def _v07(o: Outcome) -> bool:
    s = o.final
    return (
        _dec(o.start) == "uline_bid" and s.order == [0, 1, 2] and s.ties == [[0, 1]] and o.has("order.tie2")
    )


def _ec08(ev: list[Event] | None) -> State:
    return (
        _sc(2)
        .bids(0, taverns=[4, 2, 3], pouch=[0, 5])
        .bids(1, taverns=[3, 4, 2], pouch=[0, 5])
        .taverns([["W3", "M1", "RO3"], ["H", "H", "B"], ["W4", "M0", "E6"]])
        .at_tavern(0)
        .build(ev)
    )


def _v08(o: Outcome) -> bool:
    s = o.final
    return "1RO3" in s.discard and not o.has("xform.due") and s.tavern == 1 and _dec(s) == "pick"


# --- 14.2 Coin trade and transformation ----------------------------------------------------------


def _ec09(ev: list[Event] | None) -> State:
    return (
        _sc(2)
        .bids(0, taverns=[0, 2, 4], pouch=[3, 5])
        .bids(1, taverns=[2, 0, 3], pouch=[4, 5])
        .taverns([["W3", "RO3", "M1"], ["H", "H", "E5"], ["B", "M2", "W4"]])
        .at_tavern(0)
        .build(ev)
    )


def _v09(o: Outcome) -> bool:
    p = o.final.players[0]
    keys = o.keys()
    return (
        p.slots[3:5] == [_coin("3"), _coin("11")]
        and "5b" in o.final.out_of_game
        and _before(keys, "xform.done", "trade.start")
    )


def _ec10(ev: list[Event] | None) -> State:
    return (
        _sc(3)
        .gems({0: 5, 1: 3, 2: 4})
        .bids(0, taverns=[4, 0, 2], pouch=[3, 5])
        .bids(1, taverns=[4, 0, 2], pouch=[3, 5])
        .bids(2, taverns=[2, 0, 4], pouch=[3, 5])
        .taverns([["RO3", "W4", "W5"], ["H", "M1", "E5"], ["B", "M0", "E6"]])
        .at_tavern(0)
        .build(ev)
    )


def _v10(o: Outcome) -> bool:
    after = o.states[1]
    return (
        after.players[0].slots[0] == _coin("7")
        and after.order == [0, 1, 2]
        and after.ties == [[0, 1]]
        and _gems(o.final) == [3, 5, 4]
        and o.has("xform.keeps-order")
    )


def _ec11(ev: list[Event] | None) -> State:
    return (
        _sc(3)
        .bids(0, taverns=[5, 0, 4], pouch=[2, 3])
        .bids(1, taverns=[4, 0, 2], pouch=[3, 5])
        .bids(2, taverns=[2, 0, 4], pouch=[3, 5])
        .taverns([["RO3", "W4", "W5"], ["H", "M1", "E5"], ["B", "M0", "E6"]])
        .at_tavern(0)
        .build(ev)
    )


def _v11(o: Outcome) -> bool:
    p = o.final.players[0]
    return p.slots[2] == _coin("7") and not p.revealed[2] and o.has("xform.future-bid")


def _ec12(ev: list[Event] | None) -> State:
    return (
        _sc(3)
        .gems({0: 5, 1: 4, 2: 3})
        .bids(0, taverns=[4, 5, 0], pouch=[2, 3])
        .bids(1, taverns=[4, 0, 2], pouch=[3, 5])
        .bids(2, taverns=[2, 4, 3], pouch=[0, 5])
        .taverns([[], ["RO3", "M1", "E5"], ["B", "M0", "E6"]])
        .at_tavern(1)
        .build(ev)
    )


def _v12(o: Outcome) -> bool:
    p = o.final.players[0]
    return (
        p.slots[0] == _coin("7")
        and p.revealed[0]
        and _gems(o.final) == [5, 4, 3]
        and not o.has("gem.swap")
        and o.final.tavern == 1
    )


def _ec13(ev: list[Event] | None) -> State:
    return (
        _sc(3)
        .bids(0, taverns=[5, 0, 4], pouch=[2, "3s"])
        .bids(1, taverns=[4, 3, 2], pouch=[0, 5])
        .bids(2, taverns=[2, 4, 0], pouch=[3, 5])
        .taverns([["RO3", "W4", "W5"], ["H", "M1", "E5"], ["B", "M0", "E6"]])
        .at_tavern(0)
        .build(ev)
    )


def _v13(o: Outcome) -> bool:
    legal = {str(a) for a in legal_actions(o.final)}
    return (
        _dec(o.final) == "transform"
        and "p0:transform:t1" not in legal
        and "p0:transform:p1" not in legal
        and "p0:transform:t2" in legal
        and _refused(o, "R-XFORM")
    )


def _ec14(ev: list[Event] | None) -> State:
    return (
        _sc(3)
        .bids(0, taverns=[0, 2, 4], pouch=[3, 5])
        .bids(1, taverns=["8", 0, 2], pouch=["8", 3])
        .bids(2, taverns=[4, 0, 2], pouch=[3, 5])
        .taverns([["W3", "W4", "W5"], ["H", "M1", "E5"], ["B", "M0", "E6"]])
        .at_tavern(0)
        .build(ev)
    )


def _v14(o: Outcome) -> bool:
    return (
        o.start.treasury.get(8, 0) == 0
        and _coin("9") in o.final.players[0].slots
        and o.has("treasury.fallback-up")
    )


_EC15_COINS: dict[int, list[int | str]] = {
    0: ["25", "13", "14", "15", 0],
    1: ["16", "17", "18", "19", "20"],
    2: ["21", "22", "23", "24", "14"],
}


def _ec15(ev: list[Event] | None) -> State:
    sc = _sc(5, age=2).gems({0: 5, 1: 4, 2: 3, 3: 2, 4: 1})
    for i, coins in _EC15_COINS.items():
        sc.bids(i, taverns=coins[:3], pouch=coins[3:])
    for i in (3, 4):
        sc.bids(i, taverns=[4, 0, 2], pouch=[3, 5])
    s = sc.taverns(
        [["RO5", "W4", "W5", "W6", "W7"], ["H", "M1", "E5", "B", "M2"], ["B", "M0", "E6", "H", "W8"]]
    )
    return s.at_tavern(0).build(ev)


def _v15(o: Outcome) -> bool:
    return (
        o.final.players[0].slots[1] == _coin("12")
        and o.has("treasury.fallback-down")
        and all(o.start.treasury.get(v, 0) == 0 for v in range(14, 26))
    )


def _ec16(ev: list[Event] | None) -> State:
    return (
        _sc(3, age=2)
        .bids(0, taverns=[0, 2, 4], pouch=["6", "25"])
        .bids(1, taverns=[4, 0, 2], pouch=[3, 5])
        .bids(2, taverns=[5, 0, 2], pouch=[3, 4])
        .taverns([["W3", "W4", "W5"], ["H", "M1", "E5"], ["B", "M0", "E6"]])
        .at_tavern(0)
        .build(ev)
    )


def _v16(o: Outcome) -> bool:
    p = o.final.players[0]
    return (
        sorted(c.value for c in p.slots[3:5] if c) == [6, 24]
        and o.final.treasury[25] == 1
        and o.has("treasury.fallback-down")
    )


def _ec17(ev: list[Event] | None) -> State:
    return (
        _sc(3)
        .bids(0, taverns=[0, 2, 4], pouch=[5, "g5"])
        .bids(1, taverns=[4, 0, 2], pouch=[3, 5])
        .bids(2, taverns=[3, 0, 2], pouch=[4, 5])
        .taverns([["W3", "W4", "W5"], ["H", "M1", "E5"], ["B", "M0", "E6"]])
        .at_tavern(0)
        .build(ev)
    )


def _v17(o: Outcome) -> bool:
    mid = o.states[2]
    p = o.final.players[0]
    return (
        _dec(mid) == "trade_discard"
        and _coin("10") in p.slots
        and _coin("5") in p.slots
        and "5b" in o.final.out_of_game
    )


def _ec18(ev: list[Event] | None) -> State:
    return (
        _sc(3)
        .bids(0, taverns=[0, 3, 4], pouch=[2, "9"])
        .bids(1, taverns=[2, 0, 3], pouch=[4, 5])
        .bids(2, taverns=[3, 4, 0], pouch=[2, 5])
        .taverns([["W3", "W4", "W5"], ["H", "M1", "E5"], ["B", "M0", "E6"]])
        .at_tavern(0)
        .build(ev)
    )


def _v18(o: Outcome) -> bool:
    return (
        o.start.treasury[9] == 0
        and _coin("9") in o.final.players[1].slots
        and _coin("11") in o.final.players[0].slots
        and o.final.treasury[9] == 0
    )


def _ec19(ev: list[Event] | None) -> State:
    return (
        _sc(3)
        .gems({0: 5, 1: 4, 2: 3})
        .bids(0, taverns=["3s", 0, 4], pouch=[2, 5])
        .bids(1, taverns=[3, 0, 2], pouch=[4, 5])
        .bids(2, taverns=[4, 0, 2], pouch=[3, 5])
        .taverns([["W3", "W4", "W5"], ["H", "M1", "E5"], ["B", "M0", "E6"]])
        .at_tavern(0)
        .build(ev)
    )


def _v19(o: Outcome) -> bool:
    return (
        o.start.order == [2, 0, 1]
        and o.start.ties == [[0, 1]]
        and _gems(o.final) == [4, 5, 3]
        and _coin("7") in o.final.players[0].slots
    )


def _ec20(ev: list[Event] | None) -> State:
    return (
        _sc(3)
        .army(0, warrior=[3], hunter=["H"], miner=[1], blacksmith=["B"])
        .bids(0, taverns=[0, 2, 3], pouch=[4, 5])
        .bids(1, taverns=[4, 0, 2], pouch=[3, 5])
        .bids(2, taverns=[3, 0, 2], pouch=[4, 5])
        .only_heroes("Uline", "Skaa")
        .taverns([["W4", "W5", "E5"], ["H", "M1", "E6"], ["B", "M0", "E7"]])
        .at_tavern(0)
        .build(ev)
    )


def _v20(o: Outcome) -> bool:
    after_recruit = o.states[3]
    p = o.final.players[0]
    return (
        _dec(after_recruit) == "uline_trade"
        and len(after_recruit.players[0].hand) == 4
        and p.slots[0] == _coin("0")
        and p.slots[1:] == [None] * 4
        and len(p.hand) == 4
        and _coin("7") in p.hand
        and _coin("5b") not in p.hand
    )


def _ec21(ev: list[Event] | None) -> State:
    return (
        _sc(2)
        .command_zone(0, ["Uline"])
        .army(0, warrior=[3], hunter=["H"], miner=[1], blacksmith=["B"], explorer=[5])
        .hand(0, [0, 2, 3, 4, 5])
        .bids(1, taverns=[4, 3, 2], pouch=[0, 5])
        .taverns([["W4", "W5", "W6"], ["H", "M1", "E6"], ["B", "M0", "E7"]])
        .at_tavern(0)
        .build(ev)
    )


def _v21(o: Outcome) -> bool:
    p = o.final.players[0]
    return "uline_trade" not in [_dec(s) for s in o.states] and _coin("9") in p.hand and o.has("trade.done")


def _ec22(ev: list[Event] | None) -> State:
    return (
        _sc(3)
        .army(0, warrior=[3], hunter=["H"], miner=[1], blacksmith=["B"])
        .bids(0, taverns=[0, 2, 4], pouch=[3, 5])
        .bids(1, taverns=[4, 0, 2], pouch=[3, 5])
        .bids(2, taverns=[3, 0, 2], pouch=[4, 5])
        .only_heroes("Grid", "Skaa")
        .taverns([["W4", "W5", "E5"], ["H", "M1", "E6"], ["B", "M0", "E7"]])
        .at_tavern(0)
        .build(ev)
    )


def _v22(o: Outcome) -> bool:
    keys = o.keys()
    p = o.final.players[0]
    return _before(keys, "xform.done", "trade.start") and {str(c) for c in p.slots[3:5]} == {
        "5b",
        "15",
    }


def _ec23(ev: list[Event] | None) -> State:
    return (
        _sc(2)
        .command_zone(0, ["Ylud"])
        .army(0, warrior=[3], hunter=["H"], miner=[1], blacksmith=["B"])
        .army(1, warrior=[4], hunter=["H"], miner=[2], blacksmith=["B"], explorer=[5])
        .at_end_of_age()
        .build(ev)
    )


def _v23(o: Outcome) -> bool:
    return (
        not o.has("trade.start")
        and o.has("ylud.placed")
        and "trade_discard" not in [_dec(s) for s in o.states]
    )


# --- 14.3 Distinctions and Troop Evaluation ----------------------------------------------------


def _ec27(ev: list[Event] | None) -> State:
    return (
        _sc(2)
        .command_zone(1, ["Skaa", "Astrid"])
        .army(0, warrior=[3, 4, 5], hunter=["H", "H", "H"], miner=[0, 1, 2], explorer=[5, 6, 7, 8])
        .army(
            1,
            warrior=[6, 7, 8],
            hunter=["H", "H", "H"],
            miner=[0, 1, 2],
            blacksmith=["B"],
            explorer=[9, 10, 11],
        )
        .at_end_of_age()
        .build(ev)
    )


def _v27(o: Outcome) -> bool:
    s = o.final
    return (
        o.has("dist.pioneer-none")
        and all("pioneer-of-the-kingdom" not in p.command_zone for p in s.players)
        and s.players[1].thrud == _col("explorer")
        and "kings-great-armorer" in s.players[1].command_zone
    )


def _ec28(ev: list[Event] | None) -> State:
    return (
        _sc(2)
        .command_zone(0, ["Skaa"])
        .army(
            0,
            warrior=[3, 4, 5],
            hunter=["H", "H", "H"],
            miner=[0, 1, 2],
            blacksmith=["B"],
            explorer=[5, 6, 7],
        )
        .army(1, warrior=[6, 7, 8], hunter=["H", "H", "H"], miner=[0, 1, 2], explorer=[8, 9, 10])
        .at_end_of_age()
        .build(ev)
    )


def _v28(o: Outcome) -> bool:
    return (
        _dec(o.start) == "hero"
        and _dec(o.states[0]) == "hero"
        and _dec(o.final) == "bids"
        and len(o.final.players[0].heroes) == 3
    )


def _pioneer_card(card: str) -> Callable[[State], State]:
    def change_draw(s: State) -> State:
        def swap(d: dict[str, Any]) -> None:
            deck = d["decks"]["2"]
            if card not in d["pioneer_draw"]:
                deck.remove(card)
                deck.append(d["pioneer_draw"][0])
                d["pioneer_draw"][0] = card

        return _edit(s, swap)

    return change_draw


def _ec29(ev: list[Event] | None) -> State:
    s = _sc(2).army(0, explorer=[5]).at_end_of_age().build(ev)
    return _pioneer_card("2RO5")(s)


def _v29(o: Outcome) -> bool:
    s = o.final
    return (
        _dec(o.states[0]) == "transform"
        and _coin("10") in s.players[0].hand
        and "2RO5" in s.discard
        and _dec(s) == "bids"
    )


def _ec30(ev: list[Event] | None) -> State:
    s = (
        _sc(2)
        .army(0, warrior=[3], hunter=["H"], miner=[1], explorer=[5])
        .army(1, warrior=[4], hunter=["H"], miner=[2])
        .only_heroes("Uline", "Skaa")
        .at_end_of_age()
        .build(ev)
    )
    return _pioneer_card("2B1")(s)


def _v30(o: Outcome) -> bool:
    s = o.final
    d = decision(s)
    return (
        _dec(o.states[0]) == "hero"
        and "uline" in s.players[0].heroes
        and s.age == 2
        and d is not None
        and d.kind == "bids"
        and d.players == (1,)
    )


def _ec31(ev: list[Event] | None) -> State:
    return (
        _sc(3)
        .gems({0: 3, 1: 4, 2: 5})
        .command_zone(0, ["Ylud"])
        .army(1, warrior=[3])
        .army(2, warrior=[4])
        .at_end_of_age()
        .build(ev)
    )


def _v31(o: Outcome) -> bool:
    s = o.final
    return (
        sorted(_gems(s)) == [4, 5, 6]
        and s.players[0].gem == 6
        and s.gems_out == [3]
        and "crown-jeweler" in s.players[0].command_zone
    )


def _ec32(ev: list[Event] | None) -> State:
    s = (
        _sc(3, round=4)
        .gems({0: 3, 1: 4, 2: 5})
        .army(0, miner=[1])
        .bids(0, taverns=[4, 0, 3], pouch=[2, 5])
        .bids(1, taverns=[2, 0, 3], pouch=[4, 5])
        .bids(2, taverns=[5, 0, 2], pouch=[3, 4])
        .taverns([[], [], ["W3", "W4", "W5"]])
        .at_tavern(2)
        .build(ev)
    )

    def empty_age_one(d: dict[str, Any]) -> None:
        d["discard"].extend(d["decks"]["1"])
        d["decks"]["1"] = []

    return _edit(s, empty_age_one)


def _v32(o: Outcome) -> bool:
    keys = o.keys()
    s = o.final
    return (
        _before(keys, "gem.swap", "dist.crown-jeweler")
        and s.players[0].gem == 6
        and s.gems_out == [4]
        and s.players[1].gem == 3
    )


# --- 14.4 Heroes and lines ----------------------------------------------------------------------


def _ec33(ev: list[Event] | None) -> State:
    return (
        _sc(2)
        .army(0, hunter=["H"], miner=[1], blacksmith=["B"], explorer=[5, 6, 7, 8])
        .only_heroes("Hourya")
        .bids(0, taverns=[5, 4, 0], pouch=[2, 3])
        .bids(1, taverns=[2, 3, 0], pouch=[4, 5])
        .taverns([["W3", "M0", "H"], ["E9", "M2", "B"], ["W4", "M1", "E10"]])
        .at_tavern(0)
        .build(ev)
    )


def _v33(o: Outcome) -> bool:
    return (
        o.has("recruit.none-eligible")
        and _dec(o.states[2]) == "hero"
        and "hourya" in o.final.players[0].heroes
    )


def _ec34(ev: list[Event] | None) -> State:
    return (
        _sc(2)
        .command_zone(0, ["Skaa", "Astrid"])
        .army(
            0,
            warrior=[3, 4, 5, 6],
            hunter=["H", "Dagda"],
            miner=[0, 1, 2, 0],
            blacksmith=["B", "B"],
            explorer=[5, 6, 7, 8],
        )
        .army(
            1, warrior=[7, 8, 9, 3], hunter=["H", "H", "H", "H"], miner=[1, 2, 1, 2], explorer=[9, 10, 11, 5]
        )
        .at_end_of_age()
        .build(ev)
    )


def _v34(o: Outcome) -> bool:
    return (
        _dec(o.start) == "hero"
        and len(o.final.players[0].heroes) == 4
        and _dec(o.final) == "bids"
        and o.keys().count("recruit.due") == 1
    )


def _ec35(ev: list[Event] | None) -> State:
    return (
        _sc(2)
        .army(0, warrior=[3, 4], miner=[0, 1], blacksmith=["B", "B"], explorer=[5, 6])
        .bids(0, taverns=[5, 4, 0], pouch=[2, 3])
        .bids(1, taverns=[2, 3, 0], pouch=[4, 5])
        .taverns([["H", "M2", "W5"], ["E9", "M1", "B"], ["W6", "M0", "E10"]])
        .at_tavern(0)
        .build(ev)
    )


def _v35(o: Outcome) -> bool:
    s = o.final
    p = s.players[0]
    return (
        p.heroes == ["dagda"]
        and _dec(s) == "pick"
        and s.players[0].columns[0] == ["1W3"]
        and ranks(p, 1) == 4
    )


def _ec36(ev: list[Event] | None) -> State:
    return (
        _sc(2)
        .army(0, warrior=[3, "Kraal"], hunter=["H"], miner=[0, 1], blacksmith=["B", "B"], explorer=[5, 6])
        .bids(0, taverns=[5, 4, 0], pouch=[2, 3])
        .bids(1, taverns=[2, 3, 0], pouch=[4, 5])
        .taverns([["H", "M2", "W5"], ["E9", "M1", "B"], ["W6", "M0", "E10"]])
        .at_tavern(0)
        .build(ev)
    )


def _v36(o: Outcome) -> bool:
    legal = {str(a) for a in legal_actions(o.final)}
    return (
        _dec(o.final) == "discard"
        and not any("warrior" in a for a in legal)
        and _refused(o, "R-HERO-DAGDA")
        and "p0:discard:miner,explorer" in legal
    )


def _ec37(ev: list[Event] | None) -> State:
    return (
        _sc(2)
        .army(
            0,
            warrior=[3, 4, "Kraal"],
            hunter=["H", "H", "H"],
            miner=[0, 1, 2, "Thrud"],
            blacksmith=["B", "B", "Aegur"],
            explorer=[5, 6, 7, 8],
        )
        .bids(0, taverns=[5, 4, 0], pouch=[2, 3])
        .bids(1, taverns=[2, 3, 0], pouch=[4, 5])
        .taverns([["H", "M2", "W5"], ["E9", "M1", "B"], ["W6", "M0", "E10"]])
        .at_tavern(0)
        .build(ev)
    )


def _v37(o: Outcome) -> bool:
    legal = {str(a) for a in legal_actions(o.final)}
    return _dec(o.final) == "hero" and "p0:hero:dagda" not in legal and _refused(o, "R-HERO-DAGDA-3")


def _ec38(ev: list[Event] | None) -> State:
    return (
        _sc(2)
        .army(0, warrior=[3, 4, 5], miner=[0, 1, 2], blacksmith=["B", "B", "B"], explorer=[5, 6, 7])
        .bids(0, taverns=[5, 4, 0], pouch=[2, 3])
        .bids(1, taverns=[2, 3, 0], pouch=[4, 5])
        .taverns([["H", "M2", "W6"], ["E9", "M1", "B"], ["W7", "M0", "E10"]])
        .at_tavern(0)
        .build(ev)
    )


def _v38(o: Outcome) -> bool:
    kinds = [_dec(s) for s in o.states]
    return kinds == ["hero", "hero", "hero", "pick"] and o.final.players[0].heroes == [
        "aral",
        "skaa",
        "astrid",
    ]


def _ec39(ev: list[Event] | None) -> State:
    return (
        _sc(2)
        .army(0, warrior=[3, "Thrud"], hunter=["H"], miner=[0], blacksmith=["B"], explorer=[5])
        .bids(0, taverns=[5, 4, 0], pouch=[2, 3])
        .bids(1, taverns=[2, 3, 0], pouch=[4, 5])
        .taverns([["W4", "M2", "H"], ["E9", "M1", "B"], ["W6", "M0", "E10"]])
        .at_tavern(0)
        .build(ev)
    )


def _v39(o: Outcome) -> bool:
    lifted = o.states[0]
    p = o.final.players[0]
    return (
        _dec(lifted) == "thrud"
        and lifted.players[0].thrud == -1
        and p.thrud == _col("explorer")
        and p.columns[0] == ["1W3", "1W4"]
    )


def _ec40(ev: list[Event] | None) -> State:
    return (
        _sc(2)
        .army(
            0,
            warrior=[3, 4],
            hunter=["H", "H"],
            miner=[0, 1],
            blacksmith=["B"],
            explorer=[5, 6, 7, 8, "Thrud"],
        )
        .bids(0, taverns=[5, 4, 0], pouch=[2, 3])
        .bids(1, taverns=[2, 3, 0], pouch=[4, 5])
        .taverns([["B", "M2", "H"], ["E9", "M1", "B"], ["W6", "M0", "E10"]])
        .at_tavern(0)
        .build(ev)
    )


def _v40(o: Outcome) -> bool:
    return (
        "p0:hero:hourya" in {str(a) for a in legal_actions(o.states[0])}
        and "hourya" in o.final.players[0].heroes
    )


def _ec41(ev: list[Event] | None) -> State:
    return (
        _sc(2, age=2)
        .army(0, warrior=[3, "Thrud"], hunter=["Ylud"])
        .army(1, warrior=[4, 5])
        .hand(0, [0, 2, 3, 4, 5])
        .hand(1, [0, 2, 3, 4, 5])
        .at_end_of_age()
        .build(ev)
    )


def _v41(o: Outcome) -> bool:
    t = final_scores(o.final)
    return (
        o.final.is_over
        and "thrud" in o.final.players[0].command_zone
        and o.final.players[0].thrud == -1
        and t.players[0].points("warrior_bonus") == 0
        and t.players[1].points("warrior_bonus") == 5
    )


def _ec42(ev: list[Event] | None) -> State:
    return (
        _sc(2)
        .command_zone(0, ["Ylud"])
        .army(0, warrior=[3, 4], hunter=["H", "H"], miner=[0, 1], blacksmith=["B", "B"], explorer=[5])
        .army(1, warrior=[5, 6], hunter=["H", "H"], miner=[1, 2], blacksmith=["B", "B"], explorer=[6])
        .at_end_of_age()
        .build(ev)
    )


def _v42(o: Outcome) -> bool:
    keys = o.keys()
    return (
        _dec(o.states[0]) == "hero"
        and _before(keys, "hero.neutral", "eval.win")
        and "pioneer-of-the-kingdom" in o.final.players[0].command_zone
    )


def _ec43(ev: list[Event] | None) -> State:
    return (
        _sc(2, age=2)
        .army(0, warrior=[3], hunter=["H", "Ylud"])
        .army(1, warrior=[4])
        .at_end_of_age()
        .build(ev)
    )


def _v43(o: Outcome) -> bool:
    return o.has("ylud.stays") and o.final.players[0].columns[1][-1] == "ylud" and o.final.is_over


def _ec44(ev: list[Event] | None) -> State:
    return (
        _sc(2, age=2)
        .command_zone(0, ["Ylud"])
        .army(0, warrior=[3, 4], hunter=["H", "H"], miner=[0, 1], blacksmith=["B", "B"], explorer=[5])
        .army(1, warrior=[5])
        .at_end_of_age()
        .build(ev)
    )


def _v44(o: Outcome) -> bool:
    s = o.final
    line = final_scores(s).players[0].line("heroes")
    return s.is_over and "thrud" in s.players[0].command_zone and line.points >= 13 and o.has("thrud.home")


def _ec45(ev: list[Event] | None) -> State:
    return (
        _sc(2, age=2).army(0, explorer=[5, 8, "Idunn", "Ylud"]).army(1, warrior=[4]).at_end_of_age().build(ev)
    )


def _v45(o: Outcome) -> bool:
    return o.final.is_over and final_scores(o.final).players[0].points("explorer") == 39


def _ec46(ev: list[Event] | None) -> State:
    return (
        _sc(2, age=2)
        .command_zone(1, ["Ylud"])
        .army(0, miner=[0, 1, 2, "Lokdur", "Zoral"])
        .army(1, miner=[1, 2])
        .at_end_of_age()
        .build(ev)
    )


def _v46(o: Outcome) -> bool:
    miners = o.final.players[0].columns[_col("miner")]
    without_zoral = [c for c in miners if c != "zoral"]
    return (
        o.final.is_over
        and final_scores(o.final).players[0].points("miner") == 49
        and class_points(DwarfClass.MINER, without_zoral) == 24
    )


GALLERY: tuple[EdgeCase, ...] = (
    EdgeCase("EC-01", ("R-PICK-3",), _ec01, _v01, ("p0:pick:W3", "p1:pick:M1")),
    EdgeCase("EC-02", ("R-ORDER-2", "R-GEM-1"), _ec02, _v02, ("p2:pick:W5", "p0:pick:W4", "p1:pick:W3")),
    EdgeCase("EC-03", ("R-GEM-2",), _ec03, _v03, ("p3:pick:W6", "p1:pick:W5", "p0:pick:W4", "p2:pick:W3")),
    EdgeCase(
        "EC-04", ("R-GEM-2",), _ec04, _v04, ("p4:pick:*", "p3:pick:*", "p2:pick:*", "p1:pick:*", "p0:pick:*")
    ),
    EdgeCase("EC-05", ("R-GEM-3",), _ec05, _v05, ("p0:pick:*", "p2:pick:*", "p1:pick:*")),
    EdgeCase("EC-06", ("R-GEM-2",), _ec06, _v06, ("p1:pick:*", "p0:pick:*", "p3:pick:*", "p2:pick:*")),
    EdgeCase("EC-07", ("R-HERO-ULINE-4", "R-ORDER-2"), _ec07, _v07, ("p0:uline:4",)),
    EdgeCase("EC-08", ("R-PICK-1", "R-PICK-3"), _ec08, _v08, ("p0:pick:W3", "p1:pick:M1")),
    EdgeCase(
        "EC-09", ("R-XFORM-6", "R-TRADE-2"), _ec09, _v09, ("p1:pick:W3", "p0:pick:RO3", "p0:transform:p1")
    ),
    EdgeCase(
        "EC-10",
        ("R-XFORM-5", "R-GEM-1"),
        _ec10,
        _v10,
        ("p0:pick:RO3", "p0:transform:t0", "p1:pick:W4", "p2:pick:W5"),
    ),
    EdgeCase("EC-11", ("R-XFORM-4",), _ec11, _v11, ("p0:pick:RO3", "p0:transform:t2")),
    EdgeCase("EC-12", ("R-XFORM-5",), _ec12, _v12, ("p0:pick:RO3", "p0:transform:t0")),
    EdgeCase("EC-13", ("R-XFORM-1",), _ec13, _v13, ("p0:pick:RO3",), ("p0:transform:t1", "p0:transform:p1")),
    EdgeCase("EC-14", ("R-TREAS-1",), _ec14, _v14, ("p1:pick:W5", "p2:pick:W4", "p0:pick:W3")),
    EdgeCase("EC-15", ("R-TREAS-1",), _ec15, _v15, ("p0:pick:RO5", "p0:transform:t1")),
    EdgeCase("EC-16", ("R-TREAS-1", "R-TREAS-2"), _ec16, _v16, ("p2:pick:W5", "p1:pick:W4", "p0:pick:W3")),
    EdgeCase(
        "EC-17", ("R-TRADE-4",), _ec17, _v17, ("p1:pick:W5", "p2:pick:W4", "p0:pick:W3", "p0:tradediscard:p0")
    ),
    EdgeCase(
        "EC-18",
        ("R-COIN-1", "R-TREAS-1"),
        _ec18,
        _v18,
        ("p2:pick:W5", "p1:pick:W4", "p0:pick:W3", "p2:pick:*", "p0:pick:*", "p1:pick:*"),
    ),
    EdgeCase(
        "EC-19",
        ("R-DIST-HUNTINGMASTER-2", "R-ORDER-2"),
        _ec19,
        _v19,
        ("p2:pick:W5", "p0:pick:W4", "p1:pick:W3"),
    ),
    EdgeCase(
        "EC-20",
        ("R-HERO-ULINE-2", "R-HERO-ULINE-5"),
        _ec20,
        _v20,
        ("p1:pick:W4", "p2:pick:W5", "p0:pick:E5", "p0:hero:uline", "p0:trade:h0,h3"),
    ),
    EdgeCase(
        "EC-21",
        ("R-HERO-ULINE-5",),
        _ec21,
        _v21,
        (
            "p0:uline:2",
            "p1:pick:*",
            "p0:pick:*",
            "p0:uline:3",
            "p0:pick:*",
            "p1:pick:*",
            "p0:uline:0",
            "p1:pick:*",
            "p0:pick:*",
        ),
    ),
    EdgeCase(
        "EC-22",
        ("R-SEQ-2", "R-HERO-GRID-2"),
        _ec22,
        _v22,
        ("p1:pick:W4", "p2:pick:W5", "p0:pick:E5", "p0:hero:grid", "p0:transform:p0"),
    ),
    EdgeCase("EC-23", ("R-AGE-1", "R-TRADE-1"), _ec23, _v23, ("p0:ylud:explorer",)),
    EdgeCase("EC-27", ("R-EVAL-5", "R-DIST-PIONEER-4"), _ec27, _v27, ("p1:hero:thrud", "p1:thrud:explorer")),
    EdgeCase(
        "EC-28", ("R-RECRUIT-3", "R-DIST-ARMORER-1"), _ec28, _v28, ("p0:hero:astrid", "p0:hero:dwerg-ymir")
    ),
    EdgeCase("EC-29", ("R-DIST-PIONEER-2", "R-XFORM-1"), _ec29, _v29, ("p0:keep:2RO5", "p0:transform:h4")),
    EdgeCase("EC-30", ("R-RECRUIT-4",), _ec30, _v30, ("p0:keep:2B1", "p0:hero:uline")),
    EdgeCase("EC-31", ("R-DIST-CROWNJEWELER-1",), _ec31, _v31, ("p0:ylud:miner",)),
    EdgeCase("EC-32", ("R-TAVERN-END-1", "R-EVAL-1"), _ec32, _v32, ("p1:pick:*", "p0:pick:*", "p2:pick:*")),
    EdgeCase(
        "EC-33",
        ("R-RECRUIT-6", "R-RECRUIT-7"),
        _ec33,
        _v33,
        ("p0:pick:W3", "p1:pick:*", "p0:pick:E9", "p0:hero:hourya"),
    ),
    EdgeCase("EC-34", ("R-RECRUIT-3", "R-RECRUIT-5"), _ec34, _v34, ("p0:hero:dwerg-ymir",)),
    EdgeCase(
        "EC-35",
        ("R-RECRUIT-8", "R-HERO-DAGDA-2"),
        _ec35,
        _v35,
        ("p0:pick:H", "p0:hero:dagda", "p0:discard:warrior,miner"),
    ),
    EdgeCase(
        "EC-36",
        ("R-HERO-DAGDA-3",),
        _ec36,
        _v36,
        ("p0:pick:H", "p0:hero:dagda"),
        ("p0:discard:warrior,miner",),
    ),
    EdgeCase("EC-37", ("R-HERO-DAGDA-3",), _ec37, _v37, ("p0:pick:H",), ("p0:hero:dagda",)),
    EdgeCase(
        "EC-38",
        ("R-RECRUIT-3", "R-RECRUIT-8"),
        _ec38,
        _v38,
        ("p0:pick:H", "p0:hero:aral", "p0:hero:skaa", "p0:hero:astrid"),
    ),
    EdgeCase("EC-39", ("R-HERO-THRUD-3",), _ec39, _v39, ("p0:pick:W4", "p0:thrud:explorer")),
    EdgeCase("EC-40", ("R-HERO-HOURYA-2", "R-HERO-THRUD-4"), _ec40, _v40, ("p0:pick:B", "p0:hero:hourya")),
    EdgeCase("EC-41", ("R-HERO-THRUD-5", "R-SCORE-7"), _ec41, _v41, ("p0:ylud:hunter",)),
    EdgeCase("EC-42", ("R-HERO-YLUD-2", "R-HERO-YLUD-4"), _ec42, _v42, ("p0:ylud:explorer", "p0:hero:skaa")),
    EdgeCase("EC-43", ("R-HERO-YLUD-3",), _ec43, _v43, ("p0:ylud:hunter",)),
    EdgeCase(
        "EC-44",
        ("R-AGE-2", "R-HERO-THRUD-5"),
        _ec44,
        _v44,
        ("p0:ylud:explorer", "p0:hero:thrud", "p0:thrud:warrior"),
    ),
    EdgeCase("EC-45", ("R-HERO-IDUNN-2", "R-HERO-YLUD-5"), _ec45, _v45, ("p0:ylud:explorer",)),
    EdgeCase("EC-46", ("R-HERO-LOKDUR-1", "R-HERO-ZORAL-1"), _ec46, _v46, ("p1:ylud:hunter",)),
)


def covered(cases: tuple[EdgeCase, ...] = GALLERY) -> list[str]:
    """The ids the gallery holds, as runs of consecutive ids: ``["EC-01–EC-23", "EC-27–EC-46"]``."""
    nums = sorted(int(c.id.removeprefix("EC-")) for c in cases)
    runs: list[list[int]] = []
    for n in nums:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return [f"EC-{r[0]:02d}" if len(r) == 1 else f"EC-{r[0]:02d}\u2013EC-{r[-1]:02d}" for r in runs]


__all__ = ["GALLERY", "NAMES", "EdgeCase", "Outcome", "covered", "get", "resolve", "run"]
