"""Scenario builder: set up any position without playing up to it, the way a rules lawyer asks.

Lessons, tests and rulings describe positions the way players talk about them:

>>> from nidlib.content.scenario import Scenario
>>> s = (Scenario(3, names=("Ana", "Bo", "Cy"), seed=1)
...      .army(0, warrior=[4, 6, "Kraal"], explorer=[5, 11])
...      .command_zone(0, ["Grid"])
...      .gems({0: 5, 1: 4, 2: 3})
...      .bids(0, taverns=[4, 0, 5], pouch=[2, 3])
...      .bids(1, taverns=[4, 2, 3], pouch=[0, "5b"])
...      .bids(2, taverns=[2, 3, 4], pouch=[0, 5])
...      .taverns([["W7", "H", "RO3"], ["M1", "B", "E9"], ["W3", "M0", "H"]])
...      .at_tavern(0)
...      .build())
>>> s.order, s.ties          # Ana and Bo both bid 4; Ana's gem 5 beats Bo's gem 4 (R-ORDER-2)
([0, 1, 2], [[0, 1]])

Dwarves are written as the score sheet writes them: their bravery points in a class column
(``warrior=[3, 7]``), or alone as ``"W7"``, ``"H"``, ``"M0"``, ``"B"``, ``"E9"``, ``"RO3"``/``"RO5"``;
heroes by name. Cards are taken out of the right Age deck (an Age I army holds Age I cards, each
card once), gold coins out of the Royal Treasure, so every built state obeys the same conservation
checks as a played one.

Coins: ``0``, ``2``, ``3``, ``4`` are the basic coins; ``"5b"`` (or the integer ``5``, the starting
coin) is the basic 5; ``"g5"`` is a gold 5; ``6``..``25`` (or ``"g6"``...) are gold; ``"3s"`` is the
Hunting Master's green 3. The bare text ``"5"`` names two different coins and is refused:

>>> Scenario(3).bids(0, taverns=[0, 2, 3], pouch=[4, "5"])
Traceback (most recent call last):
...
nidlib.content.scenario.ScenarioError: bids(0).pouch[1]: '5' names two coins: write '5b' for the basic 5 (R-COMP-6) or 'g5' for a gold 5 of the Royal Treasure (R-COMP-7) [R-COMP-6]

Every refused set-up raises :class:`ScenarioError` (a :class:`~nidlib.core.errors.DocumentError`
naming the call and field, with the rule id) and leaves the scenario as it was:

>>> sc = Scenario(3).army(0, warrior=[3])
>>> sc.place(0, "W7", "miner")
Traceback (most recent call last):
...
nidlib.content.scenario.ScenarioError: place(0, 'W7').column: a warrior goes to the warrior column, not the miner column [R-ARMY-1]
>>> sc.place(0, "Thrud", "miner").build().players[0].thrud   # Thrud may stand in any column
2

The Royal Treasure is read from the coins players hold, and can be written (and so checked):

>>> sc = Scenario(3).hand(1, [0, 2, 3, "g9", 4])
>>> sc.royal_treasury()[9], sc.royal_treasury()[10]   # 3 players: one gold 9, two gold 10 (R-SETUP-3)
(0, 2)
>>> sc.hand(2, [0, 2, 3, 9, 4])
Traceback (most recent call last):
...
nidlib.content.scenario.ScenarioError: hand(2)[3]: a 3-player game has 1 gold 9 (R-SETUP-3), and players[1] holds it already [R-COMP-7]
>>> sc.treasury({9: 1})
Traceback (most recent call last):
...
nidlib.content.scenario.ScenarioError: treasury.9: a 3-player game has 1 gold 9 (R-SETUP-3); players hold 1, so the Treasury holds at most 0 [R-COMP-7]

Stop just before an automatic step, look at it, then run it explicitly with :func:`step`:

>>> from nidlib.content.scenario import step, paused_at
>>> p = (Scenario(2, age=2, seed=3).army(0, warrior=[3, "Thrud"]).army(1, warrior=[4])
...      .at_end_of_age().build(stop_before="thrud-home"))
>>> paused_at(p), p.players[0].thrud
('thrud-home', 0)
>>> after, events = step(p)
>>> print(events[0])
End of the game: Thrud leaves Ana's Warrior column for the command zone. [R-HERO-THRUD-5]
>>> paused_at(after)
'final'
>>> import nidlib
>>> nidlib.apply(after, nidlib.parse("p0:pick:1W3"))
Traceback (most recent call last):
...
nidlib.core.errors.IllegalActionError: illegal p0:pick:1W3: The game is paused just before an automatic step (final); run it first (nidlib.content.scenario.step or resume). [R-FLOW-2]
>>> [str(e) for e in step(after)[1]][-1]
'Ana wins with 35 points. [R-SCORE-10]'

Public queries on any state: :func:`heroes_owed` (the golden rule, R-RECRUIT-1) and :func:`coin_at`.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from nidlib.core import places
from nidlib.core.actions import Action
from nidlib.core.cards import (
    ALL_HERO_IDS,
    CAMP_AGE,
    CAMP_SIZE,
    CARDS,
    CLASS_LETTER,
    CLASSES,
    DOUBLES,
    GIANT_CLASS,
    GIANT_INDEX,
    GULLINBURSTI,
    MYTH_DECK_SIZE,
    MYTHOLOGY,
    MYTHOLOGY_IDS,
    VALKYRIES,
    CardKind,
    DwarfClass,
    Hero,
    max_rounds,
)
from nidlib.core.coins import BASIC_COINS, GREEN_3, ROYAL, Coin, CoinKind, initial_treasury
from nidlib.core.errors import DocumentError, IllegalActionError, InvalidActionError, NidError
from nidlib.core.events import Event
from nidlib.core.places import Place, parse_place
from nidlib.core.serialize import load_json, read_state, state_to_dict
from nidlib.core.state import FACE_DOWN, Player, State
from nidlib.core.tasks import (
    BidsDue,
    CoinTrade,
    Evaluate,
    FixOrder,
    GodsStep,
    PickDue,
    RecruitCheck,
    RevealTavern,
    RoundStart,
    Task,
    TavernEnd,
    is_automatic,
    task_to_json,
)
from nidlib.rules import engine
from nidlib.rules.base import heroes_for_lines
from nidlib.rules.engine import TAVERN_SIZE, end_steps, lines, new_game

CoinSpec = int | str
_LETTER_CLASS = {v: k for k, v in CLASS_LETTER.items()}
_DISTINCTIONS = (
    "kings-hand",
    "hunting-master",
    "crown-jeweler",
    "kings-great-armorer",
    "pioneer-of-the-kingdom",
)

__all__ = [
    "STOPS",
    "HeroesOwed",
    "Scenario",
    "ScenarioError",
    "apply_until",
    "card_matches",
    "coin_at",
    "heroes_owed",
    "load",
    "parse_coin",
    "paused_at",
    "resume",
    "step",
]


class ScenarioError(DocumentError):
    """A set-up the rules (or the box) forbid. ``path`` names the call and field, ``rule`` the rule id.

    A :class:`~nidlib.core.errors.DocumentError`, so code that catches bad documents catches it too.
    """

    def __init__(self, path: str, problem: str, rule: str) -> None:
        self.rule = rule
        super().__init__(path, f"{problem} [{rule}]")


def _norm(text: str) -> str:
    t = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in t.lower() if ch.isalnum())


_HERO_BY_NAME: dict[str, str] = {}
for _h in ALL_HERO_IDS:
    _HERO_BY_NAME[_norm(CARDS[_h].name)] = _h
    _HERO_BY_NAME[_norm(_h)] = _h
#: Thingvellir's Camp cards by name: artifacts ("Vegvisir", "Fafnir"), Mercenaries ("merc3",
#: "Mercenary 3"; not "M3", which is a miner worth 3) (X-TH-1, X-TH-10)
_CAMP_BY_NAME: dict[str, str] = {}
for _c in CAMP_AGE:
    _CAMP_BY_NAME[_norm(CARDS[_c].name)] = _c
    _CAMP_BY_NAME[_norm(_c)] = _c
_CAMP_BY_NAME["fafnir"] = "fafnir-baleygr"
_CAMP_BY_NAME["vidofnir"] = "vidofnir-vedrfolnir"
_DOUBLE_NAMES = frozenset({"olwynsdouble", "double", "olwyndouble"})
#: Idavoll's cards by name or id: the 20 Mythology cards ("Hreasvelg" or "Hraesvelg", "Ölrun" or "Olrun")
#: and Gullinbursti (X-ID-1)
_MYTH_BY_NAME: dict[str, str] = {}
for _m in (*MYTHOLOGY, GULLINBURSTI):
    _MYTH_BY_NAME[_norm(_m.name)] = _m.id
    _MYTH_BY_NAME[_norm(_m.id)] = _m.id
_MYTH_BY_NAME["hraesvelg"] = "hreasvelg"  # the card's other spelling
_MYTH_KINDS = frozenset({CardKind.ANIMAL, CardKind.GOD, CardKind.GIANT, CardKind.VALKYRIE})
_GOD_IDS = tuple(c.id for c in MYTHOLOGY if c.kind is CardKind.GOD)
_HERO_BY_NAME["kingsgreatarmorer"] = "armorer"
_HERO_BY_NAME["armorer"] = "armorer"


# --- coins ------------------------------------------------------------------------------------------

_GOLD_TEXT = re.compile(r"(?:g|gold)\s*(\d{1,2})|(\d{1,2})\s*g")
_BASIC_TEXT = re.compile(r"(?:b|basic)\s*(\d)|(\d)\s*b")


def parse_coin(spec: object, path: str = "coin") -> Coin:
    """One coin from its scenario spelling; refuses the ambiguous bare ``"5"``.

    >>> [str(parse_coin(x)) for x in (0, 5, "5b", "g5", 9, "g9", "3s")]
    ['0', '5b', '5b', '5', '9', '9', '3s']
    """
    if isinstance(spec, bool) or not isinstance(spec, int | str):
        raise ScenarioError(
            path, f"a coin is a number or a text such as '5b' or 'g9', not {spec!r}", "R-COMP-6"
        )
    if isinstance(spec, int):
        if spec in (0, 2, 3, 4, 5):  # the starting coins, as players count them (R-SETUP-1)
            return Coin(spec, CoinKind.BASIC)
        if spec in ROYAL:
            return ROYAL[spec]
        raise ScenarioError(
            path, f"no coin is worth {spec}: basic 0, 2, 3, 4, 5b; gold 5 to 25; the green 3s", "R-COMP-7"
        )
    t = spec.strip().lower()
    if t == "5":
        raise ScenarioError(
            path,
            "'5' names two coins: write '5b' for the basic 5 (R-COMP-6) or 'g5' for a gold 5 of the "
            "Royal Treasure (R-COMP-7)",
            "R-COMP-6",
        )
    m = _GOLD_TEXT.fullmatch(t)
    if m:
        value = int(m.group(1) or m.group(2))
        if value not in ROYAL:
            raise ScenarioError(path, f"gold coins are worth 5 to 25, not {value}", "R-COMP-7")
        return ROYAL[value]
    m = _BASIC_TEXT.fullmatch(t)
    if m:
        value = int(m.group(1) or m.group(2))
        if value not in (0, 2, 3, 4, 5):
            raise ScenarioError(path, f"basic coins are 0, 2, 3, 4 and 5, not {value}", "R-COMP-6")
        return Coin(value, CoinKind.BASIC)
    try:
        return Coin.parse(t)
    except ValueError:
        raise ScenarioError(
            path,
            f"{spec!r} is not a coin: use 0, 2, 3, 4, 5b (basic), g5..g25 or 6..25 (gold), 3s (green)",
            "R-COMP-6",
        ) from None


# --- places ------------------------------------------------------------------------------------------

_PLACE_ALIASES = {
    "goblin": "t0", "laughinggoblin": "t0", "dragon": "t1", "dancingdragon": "t1",
    "horse": "t2", "shininghorse": "t2",
}  # fmt: skip
_PLACE_WORDS = {"tavern": "t", "pouch": "p", "hand": "h"}


def _place(place: str | Place) -> Place:
    """A :class:`~nidlib.core.places.Place` from its text (``t0``-``t2``, ``p0``/``p1``, ``h<n>``), or
    spelled out: ``tavern-1``, ``pouch-0``, ``hand-2``, ``goblin``/``dragon``/``horse``."""
    if isinstance(place, Place):
        return place
    if not isinstance(place, str):
        raise DocumentError(
            "place", f"a coin place is a text such as 't0', 'pouch-1' or 'hand-2', not {place!r}"
        )
    key = _norm(place)
    key = _PLACE_ALIASES.get(key, key)
    m = re.fullmatch(r"([a-z]+)(\d{1,2})", key)
    if m and m.group(1) in _PLACE_WORDS:
        key = _PLACE_WORDS[m.group(1)] + m.group(2)
    try:
        return parse_place(key)
    except InvalidActionError as e:
        raise ScenarioError("place", f"{place!r}: {e}", "R-BID-1") from None


def coin_at(s: State, player: int, place: str | Place) -> Coin | None:
    """The coin a player has at a place: a tavern space, a pouch space or the n-th coin in hand.

    ``place`` is a :class:`~nidlib.core.places.Place` or its text (``"t0"``, ``"p1"``, ``"h2"``, also
    ``"tavern-0"``, ``"pouch-1"``, ``"hand-2"``, ``"goblin"``). ``None`` when the place is empty, or
    hidden from the viewer of a player view (R-COIN-4).

    >>> sc = Scenario(3).bids(0, taverns=[4, 0, 2], pouch=[3, 5]).bids(1, taverns=[2, 3, 4], pouch=[0, 5])
    >>> s = sc.bids(2, taverns=[0, 2, 3], pouch=[4, 5]).at_tavern(0).build()
    >>> coin_at(s, 0, "tavern-0"), coin_at(s, 0, "pouch-1"), coin_at(s, 0, "h0")
    (Coin.parse('4'), Coin.parse('5b'), None)
    """
    p = _player_of(s, player, "coin_at")
    return places.coin_at(p, _place(place))


# --- the golden rule ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HeroesOwed:
    """The golden rule for one player (R-RECRUIT-1): ``lines`` complete lines, ``heroes`` owned (less
    Thrivaldi's free hero with Idavoll, X-ID-GIANT-THRIVALDI-2).

    ``owed`` = heroes the player must still recruit now (``max(0, lines - heroes)``, R-RECRUIT-3);
    ``eligible`` = the heroes they could take (R-RECRUIT-7). Owed but none eligible: nothing happens.
    """

    lines: int
    heroes: int
    owed: int
    eligible: tuple[str, ...]


def heroes_owed(s: State, player: int) -> HeroesOwed:
    """Which heroes this player is owed now, by the golden rule (R-RECRUIT-1, R-RECRUIT-3, R-RECRUIT-7).

    >>> s = Scenario(3).army(0, warrior=[3], hunter=["H"], miner=[1], blacksmith=["B"], explorer=[5]).build()
    >>> o = heroes_owed(s, 0)
    >>> o.lines, o.heroes, o.owed, "grid" in o.eligible
    (1, 0, 1, True)
    """
    p = _player_of(s, player, "heroes_owed")
    n_lines = lines(p)
    heroes = heroes_for_lines(s, p)  # Thrivaldi's hero is free (X-ID-GIANT-THRIVALDI-2)
    owed = max(0, n_lines - heroes)
    return HeroesOwed(n_lines, heroes, owed, tuple(engine.eligible_heroes(s, p)) if owed else ())


def _player_of(s: State, player: object, call: str) -> Player:
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < len(s.players):
        raise ScenarioError(
            f"{call}({player!r})", f"players are numbered 0 to {len(s.players) - 1}", "R-SETUP-6"
        )
    return s.players[player]


# --- automatic steps: stopping before one, running one -------------------------------------------------

#: Names of the automatic steps one can stop before (every automatic step of the engine), and the
#: engine task that performs each. A number after ':' names the tavern or player, e.g. "reveal:1".
STOPS: dict[str, str] = {
    "round-start": "round_start",  # Enter the Dwarves: the three taverns are dealt (R-ENTER-1)
    "reveal": "tavern",  # a tavern's bids are revealed (R-REVEAL-1/2); "reveal:1" for the Dancing Dragon
    "order": "order",  # the pick order of a tavern is fixed (R-ORDER-1..3); "order:0"
    "recruit": "recruit",  # the golden rule checked for a player (R-RECRUIT-1); "recruit:2" for players[2]
    "trade": "trade",  # the coin trade after a pick with a 0 bid (R-TRADE-1); "trade:0"
    "gems": "tavern_end",  # end of a tavern: 2-player leftovers, then the gem exchange (R-GEM-1..4)
    "round-end": "round_end",  # coins back to hand (R-ROUND-1)
    "ylud": "ylud_step",  # end of an Age: Ylud's placement (R-HERO-YLUD-2/3)
    "eval": "eval",  # a Troop Evaluation (R-EVAL-2); "eval:hunter" for one class
    "age": "age_start",  # Age II begins (R-AGE-1)
    "thrud-home": "thrud_home",  # Thrud moves to the command zone (R-HERO-THRUD-5)
    "final": "final",  # final scoring (R-SCORE-1)
}
_STOP_OF_TASK = {v: k for k, v in STOPS.items()}
_SKELETON_STOPS = frozenset({"ylud_step", "eval", "age_start", "thrud_home", "final"})


def _stop_matcher(stop_before: str) -> tuple[str, Callable[[Task], bool]]:
    if not isinstance(stop_before, str):
        raise DocumentError("stop_before", f"the name of an automatic step, not {stop_before!r}")
    name, _, arg = stop_before.partition(":")
    name = name.strip().lower().replace("_", "-")
    kind = STOPS.get(name, name if name in _STOP_OF_TASK else "")
    if not kind:
        raise ScenarioError(
            "stop_before", f"{stop_before!r} is no automatic step: one of {', '.join(STOPS)}", "R-FLOW-2"
        )
    if not arg:
        return kind, lambda t: kind == t.KIND
    if kind == "eval":
        try:
            ci = CLASSES.index(DwarfClass(arg.strip().lower()))
        except ValueError:
            raise ScenarioError("stop_before", f"{arg!r} is no dwarf class", "R-EVAL-2") from None
        return kind, lambda t: isinstance(t, Evaluate) and t.column == ci
    if not arg.strip().isdigit():
        raise ScenarioError("stop_before", f"{stop_before!r}: after ':' give a number", "R-FLOW-2")
    n = int(arg)
    return kind, lambda t: kind == t.KIND and task_to_json(t)[1:2] == [n]


def paused_at(s: State) -> str | None:
    """The automatic step a paused state waits to run (``"eval:hunter"``, ``"gems:1"``, ``"reveal:0"``,
    ``"recruit:2"``...), else None."""
    if not s.tasks or not is_automatic(s.tasks[-1]):
        return None
    top = s.tasks[-1]
    name = _STOP_OF_TASK.get(top.KIND, top.KIND)  # an expansion's step ("gods", "camp_refill") by its kind
    if isinstance(top, Evaluate):
        return f"{name}:{CLASSES[top.column].value}"
    if isinstance(top, RevealTavern | FixOrder | TavernEnd):
        return f"{name}:{top.tavern}"
    if isinstance(top, RecruitCheck | CoinTrade):
        return f"{name}:{top.player}"
    return name


def _run_until(s: State, log: list[Event] | None, stop: Callable[[Task], bool] | None) -> bool:
    """Run automatic tasks one at a time until ``stop(top)`` (True), a decision or the end (False)."""
    while s.tasks:
        top = s.tasks[-1]
        if stop is not None and stop(top):
            return True
        if not is_automatic(top):
            if not isinstance(top, PickDue) or s.taverns[s.tavern]:
                return False  # a decision
            s.tasks.pop()  # an empty tavern (only in built scenarios): nothing to take, as engine._run does
            engine._ev(
                log,
                "pick.empty",
                "R-PICK-1",
                top.player,
                name=s.players[top.player].name,
                tavern=engine._t(s.tavern),
            )
            continue
        s.tasks.pop()
        engine._TASKS[type(top)](s, top, log)
    return False


def step(s: State) -> tuple[State, list[Event]]:
    """Run the one automatic step a paused state waits for; returns the new state and its events.

    The state given is not changed. The result is paused again before the next automatic step, or
    waits for a decision (then play on with :func:`nidlib.apply`), or the game is over.
    """
    if paused_at(s) is None:
        raise ScenarioError(
            "tasks", "the game waits for a decision, not an automatic step: use nidlib.apply", "R-FLOW-2"
        )
    _not_a_view(s)
    new = s.copy()
    log: list[Event] = []
    top = new.tasks.pop()
    engine._TASKS[type(top)](new, top, log)
    _run_until(new, log, is_automatic)  # only an empty tavern's pick is passed over (R-PICK-1)
    return new, log


def _not_a_view(s: State) -> None:
    if s.viewer is not None:
        raise NidError("a player view cannot be played on; determinize it first (nidlib.core.views)")


def resume(s: State) -> tuple[State, list[Event]]:
    """Run every automatic step of a paused state up to the next decision (or the end of the game)."""
    _not_a_view(s)
    new = s.copy()
    log: list[Event] = []
    engine._run(new, log)
    return new, log


def apply_until(s: State, action: Action, stop_before: str) -> tuple[State, list[Event]]:
    """Like :func:`nidlib.apply`, but stop just before the automatic step ``stop_before`` if it comes
    before the next decision (e.g. the last pick of a tavern, stopped before its gem exchange).

    :raises IllegalActionError: the action is not legal here; ``s`` is unchanged.
    """
    _kind, match = _stop_matcher(stop_before)
    violation = engine.check(s, action)
    if violation is not None:
        raise IllegalActionError(action, violation)
    _not_a_view(s)
    new = s.copy()
    log: list[Event] = []
    tasks = new.tasks
    if (
        len(tasks) > 1
        and isinstance(tasks[-1], PickDue)
        and isinstance(tasks[-2], RecruitCheck)
        and match(tasks[-2])
    ):
        # A pick runs its own turn's recruitment check at once when nothing lies above it (the engine's
        # fast path, equal to _run popping it, recognises that check by identity). An equal, fresh
        # task is left on the stack instead, so the flow stops before it.
        tasks[-2] = RecruitCheck(tasks[-2].player)
    engine._DO[type(action)](new, action, log)
    _run_until(new, log, match)
    return new, log


def load(doc: Any) -> State:
    """Load a state document (dict or JSON text) that may be paused before an automatic step.

    :func:`nidlib.from_json` loads only states that wait for a decision (a saved game); this loader
    also accepts a paused position, checked by :func:`nidlib.rules.flowcheck.check_flow` with
    ``paused=True``.
    """
    from nidlib.rules.flowcheck import check_flow

    if isinstance(doc, str | bytes | bytearray):
        doc = load_json(doc)
    s = read_state(doc)
    check_flow(s, paused=True)
    return s


def _list(value: object, path: str) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise DocumentError(path, f"expected a list, not {type(value).__name__}")
    return list(value)


def _check_ylud_thrud(s: State) -> None:
    """Where Ylud and Thrud may be at this point of the flow (R-HERO-YLUD-1..3, R-HERO-THRUD-2/5)."""
    skeleton = end_steps(s.age, thingvellir=s.camp is not None)
    k = len(s.tasks)
    prefix = s.tasks == skeleton[:k]
    ylud_done = prefix and k <= len(skeleton) - 1  # this Age's Ylud step has run
    thrud_home = s.age == 2 and prefix and k <= 1
    for i, p in enumerate(s.players):
        at = f"players[{i}]"
        in_column = any(Hero.YLUD in col for col in p.columns)
        if in_column and s.age == 1 and not ylud_done:
            raise ScenarioError(
                f"{at}.army",
                "Ylud waits in the command zone during Age I; she enters a column at its end",
                "R-HERO-YLUD-2",
            )
        if Hero.YLUD in p.command_zone and ylud_done and (s.age == 2 or k == len(skeleton) - 1):
            rule = "R-HERO-YLUD-2" if s.age == 1 else "R-HERO-YLUD-3"
            raise ScenarioError(
                f"{at}.command_zone", "the end-of-Age step has placed Ylud in a column: put her in one", rule
            )
        if Hero.THRUD in p.command_zone and not thrud_home:
            raise ScenarioError(
                f"{at}.command_zone",
                "Thrud reaches the command zone only at the end of Age II",
                "R-HERO-THRUD-5",
            )
        if p.thrud >= 0 and thrud_home:
            raise ScenarioError(
                f"{at}.thrud", "Thrud has gone to the command zone before the final scoring", "R-HERO-THRUD-5"
            )


def _to_command_zone(
    p: Player, cid: str, ci: int | None, path: str, what: str, rule: str, *, hero: bool
) -> None:
    """A card that lives in the command zone (a neutral hero, an artifact), never in a column."""
    if ci is not None:
        raise ScenarioError(f"{path}.column", f"{CARDS[cid].name} is {what}: the command zone", rule)
    if hero:
        p.heroes.append(cid)
    p.command_zone.append(cid)


# --- the builder -----------------------------------------------------------------------------------------

_F = TypeVar("_F", bound=Callable[..., Any])


def _atomic(method: _F) -> _F:
    """A refused set-up call leaves the scenario exactly as it was."""

    @functools.wraps(method)
    def wrapper(self: Scenario, *args: Any, **kwargs: Any) -> Any:
        saved = self._save()
        try:
            return method(self, *args, **kwargs)
        except BaseException:
            self._restore(saved)
            raise

    return cast("_F", wrapper)


class Scenario:
    """Fluent builder of a :class:`State`; every set-up method returns the builder."""

    def __init__(
        self,
        players: int = 3,
        names: tuple[str, ...] | list[str] | None = None,
        *,
        seed: int = 0,
        age: int = 1,
        round: int = 1,
        first_game: bool = False,
        strict_decks: bool = True,
        **options: Any,
    ) -> None:
        """Every card comes from the right Age deck (an Age I army from the Age I deck only, a tavern
        from the current Age's deck, R-COMP-1, R-ENTER-1), each card once, so the position is one a
        game can reach. ``strict_decks=False`` lets a card the right deck no longer holds come from
        the other deck: only for a position that deliberately needs more copies than the box has."""
        if age not in (1, 2):
            raise ScenarioError("age", f"the game has Ages 1 and 2, not {age!r}", "R-FLOW-1")
        try:
            self._s = new_game(players, names, seed=seed, first_game=first_game, **options)
        except (ValueError, TypeError) as e:
            raise ScenarioError("Scenario()", str(e), "R-SETUP-6") from None
        idavoll = self._s.idavoll is not None
        last = max_rounds(age, players, idavoll=idavoll)  # X-ID-3: Idavoll's Age I has one more round
        if not isinstance(round, int) or not 1 <= round <= last:  # type: ignore[redundant-expr]
            raise ScenarioError(
                "round", f"an Age has rounds 1 to {last}, not {round!r}", "X-ID-3" if idavoll else "R-FLOW-3"
            )
        self._s.tasks = []
        for t, row in enumerate(
            self._s.taverns
        ):  # undo the first Enter the Dwarves: the scenario deals its own
            myth = self._s.idavoll
            (myth.deck if myth is not None and t == 1 else self._s.decks[1]).extend(reversed(row))
        self._s.taverns = [[], [], []]
        camp = self._s.camp
        if camp is not None:  # Thingvellir: the Camp of the Age, dealt again at build unless .camp() sets it
            camp.decks[1].extend(reversed(camp.cards))
            camp.cards = []
            if age == 2:  # the Age I Camp is gone by Age II (X-TH-CAMP-1)
                camp.discard = camp.decks[1]
                camp.decks[1] = []
        self._camp_set = False
        self._s.age = age
        self._s.round = round
        for p in self._s.players:
            p.hand = []
        #: per player: (coins, hand) - hand None = the coins are a bid (taverns then pouch)
        self._coins: dict[int, tuple[list[Coin], list[Coin] | None]] = {}
        self._phase: tuple[Any, ...] = ("bids",)
        self._taverns_set = False
        self._treasury: dict[int, int] = {}
        self._strict_decks = strict_decks
        #: Idavoll: the Mythology piles set explicitly (deck, reserve, removed), Loki's card (a spec), and
        #: whether Loki and Freya still act at the bids (RULES.md A.2)
        self._myth: dict[str, Any] = {}

    # -- transactions ------------------------------------------------------------------------------
    def _save(self) -> tuple[Any, ...]:
        return (
            self._s.copy(),
            dict(self._coins),
            self._phase,
            self._taverns_set,
            dict(self._treasury),
            self._camp_set,
            dict(self._myth),
        )

    def _restore(self, saved: tuple[Any, ...]) -> None:
        self._s, self._coins, self._phase, self._taverns_set, self._treasury, self._camp_set, self._myth = (
            saved
        )
        self._coins = dict(self._coins)
        self._treasury = dict(self._treasury)
        self._myth = dict(self._myth)

    def _player(self, player: object, call: str) -> Player:
        return _player_of(self._s, player, call)

    # -- cards -------------------------------------------------------------------------------------
    def _decks(self, army: bool) -> tuple[int, ...]:
        """Decks a card may come from, best first. Strict: an Age I army holds Age I cards only, an Age II
        army cards of both Ages (R-FLOW-1); a tavern deals the current Age's deck (R-ENTER-1). Otherwise
        the current Age's deck first, then the other one."""
        age = self._s.age
        if not self._strict_decks:
            return (age, 3 - age)
        if army:
            return (2, 1) if age == 2 else (1,)
        return (age,)

    def _take(self, cid: str, path: str, decks: tuple[int, ...]) -> str:
        s = self._s
        for age in decks:
            if cid in s.decks[age]:
                s.decks[age].remove(cid)
                return cid
        if cid in s.heroes_available:
            s.heroes_available.remove(cid)
            return cid
        card = CARDS[cid]
        if card.kind in _MYTH_KINDS or card.kind is CardKind.GULLINBURSTI:
            return self._take_myth(cid, path)
        camp = s.camp
        if cid in CAMP_AGE:
            if camp is None:
                raise ScenarioError(
                    path,
                    f"{CARDS[cid].name} is a Thingvellir card: Scenario(..., expansions=('thingvellir',))",
                    "X-TH-1",
                )
            for pile in (camp.decks[1], camp.decks[2], camp.cards, camp.discard):
                if cid in pile:
                    pile.remove(cid)
                    return cid
            raise ScenarioError(
                path, f"{CARDS[cid].name} is already somewhere else: each card exists once", "X-TH-1"
            )
        if card.kind is CardKind.HERO:
            raise ScenarioError(
                path, f"{card.name} is not in the display any more: each hero exists once", "R-COMP-4"
            )
        raise ScenarioError(
            path,
            f"{card.name} ({cid}) is not in the Age {'/'.join(map(str, decks))} deck any more",
            "R-COMP-1",
        )

    def _take_myth(self, cid: str, path: str) -> str:
        """A Mythology card out of the Mythology deck or reserve, or Gullinbursti from beside the board
        (X-ID-1, X-ID-2): each exists once."""
        part = self._s.idavoll
        name = CARDS[cid].name
        if part is None:
            raise ScenarioError(
                path, f"{name} is an Idavoll card: Scenario(..., expansions=('idavoll',))", "X-ID-1"
            )
        if cid == GULLINBURSTI.id:
            if cid in part.removed or any(cid in col for p in self._s.players for col in p.columns):
                raise ScenarioError(path, "there is one Gullinbursti, already placed", "X-ID-1")
            return cid
        for pile in (part.deck, part.reserve):
            if cid in pile:
                pile.remove(cid)
                return cid
        raise ScenarioError(path, f"{name} is already somewhere else: each card exists once", "X-ID-1")

    def _dwarf(self, cls: DwarfClass, bp: int, path: str, decks: tuple[int, ...]) -> str:
        s = self._s
        for age in decks:
            for cid in reversed(s.decks[age]):
                c = CARDS[cid]
                if c.kind is CardKind.DWARF and c.cls is cls and c.ranks[0] == bp:
                    return self._take(cid, path, decks)
        ages = " or ".join(f"Age {a}" for a in decks)
        raise ScenarioError(path, f"no {cls.value} card worth {bp} is left in the {ages} deck", "R-COMP-1")

    def _card_spec(
        self, spec: object, path: str, cls: DwarfClass | None = None, *, army: bool = False
    ) -> str:
        decks = self._decks(army)
        if isinstance(spec, bool) or not isinstance(spec, int | str):
            raise ScenarioError(path, f"a card is a name or a number, not {spec!r}", "R-COMP-1")
        if isinstance(spec, int):
            if cls is None:
                raise ScenarioError(path, f"{spec}: say which class (e.g. 'W{spec}')", "R-ARMY-1")
            return self._dwarf(cls, spec, path, decks)
        key = _norm(spec)
        if key in _HERO_BY_NAME:
            cid = _HERO_BY_NAME[key]
            if CARDS.get(cid) is not None and CARDS[cid].expansion and self._s.camp is None:
                raise ScenarioError(
                    path,
                    f"{CARDS[cid].name} is a Thingvellir hero: Scenario(..., expansions=('thingvellir',))",
                    "X-TH-1",
                )
            return cid if cid == "armorer" else self._take(cid, path, decks)
        if key in _CAMP_BY_NAME:
            return self._take(_CAMP_BY_NAME[key], path, decks)
        if key in _MYTH_BY_NAME:
            return self._take(_MYTH_BY_NAME[key], path, decks)
        if spec in CARDS:
            return self._take(spec, path, decks)
        if spec.upper().startswith("RO"):
            digits = spec[2:].strip().lstrip("+")
            if not digits.isdigit():
                raise ScenarioError(path, f"{spec!r}: a Royal Offering is RO3 or RO5", "R-COMP-2")
            value = int(digits)
            for age in decks:
                for cid in reversed(self._s.decks[age]):
                    if CARDS[cid].offering == value:
                        return self._take(cid, path, decks)
            raise ScenarioError(path, f"no Royal Offering +{value} is left in the deck", "R-COMP-2")
        letter = spec[:1].upper()
        rest = spec[1:].strip()
        if letter in _LETTER_CLASS and (rest == "" or rest.isdigit()):
            return self._dwarf(_LETTER_CLASS[letter], int(rest) if rest else 0, path, decks)
        raise ScenarioError(path, f"unknown card {spec!r}", "R-COMP-1")

    def _column(self, name: object, path: str) -> int:
        try:
            return CLASSES.index(DwarfClass(str(name).lower()))
        except ValueError:
            raise ScenarioError(
                path, f"{name!r} is no column: {', '.join(c.value for c in CLASSES)}", "R-ARMY-1"
            ) from None

    def _put(self, p: Player, spec: object, ci: int | None, path: str) -> None:
        """Place one card (already named) in column ``ci`` or, if None, where the rules put it."""
        if isinstance(spec, str) and _norm(spec) == "thrud":
            if ci is None:
                raise ScenarioError(
                    path,
                    "Thrud stands in a column of the army until the end of Age II: give one",
                    "R-HERO-THRUD-2",
                )
            self._take(Hero.THRUD, path, ())
            p.heroes.append(Hero.THRUD)
            p.thrud = ci  # any column (R-HERO-THRUD-2); never covered: she stays on top (R-HERO-THRUD-3)
            return
        if isinstance(spec, str) and _norm(spec) in _DOUBLE_NAMES:  # X-TH-HERO-OLWYN-1/2
            if self._s.camp is None or Hero.OLWYN.value not in p.heroes:
                raise ScenarioError(
                    path, "Olwyn's doubles come with Olwyn: give the player Olwyn first", "X-TH-HERO-OLWYN-1"
                )
            if ci is None:
                raise ScenarioError(
                    path, "a double goes to a column of the army: give one", "X-TH-HERO-OLWYN-1"
                )
            placed = [
                (k, c) for k, col in enumerate(p.columns) for c in col if CARDS[c].kind is CardKind.DOUBLE
            ]
            if len(placed) >= 2 or any(k == ci for k, _c in placed):
                raise ScenarioError(
                    path, "Olwyn has two doubles, in two different columns", "X-TH-HERO-OLWYN-1"
                )
            p.columns[ci].append(DOUBLES[len(placed)].id)
            return
        cls = CLASSES[ci] if ci is not None else None
        cid = self._card_spec(spec, path, cls, army=True)
        card = CARDS[cid]
        if (
            card.kind is CardKind.GULLINBURSTI
        ):  # 1 rank of the column its owner chose (X-ID-ANIMAL-HREASVELG-1/2)
            if ci is None:
                raise ScenarioError(
                    path,
                    "Gullinbursti goes to the column its owner chose: give one",
                    "X-ID-ANIMAL-HREASVELG-1",
                )
            p.columns[ci].append(cid)
            return
        if card.kind in (CardKind.GOD, CardKind.GIANT, CardKind.VALKYRIE):
            what = f"a {card.kind.value}"
            _to_command_zone(p, cid, ci, path, what, "X-ID-5", hero=False)
            return
        if card.kind is CardKind.ANIMAL and ci is not None and card.cls is not CLASSES[ci]:
            assert card.cls is not None
            raise ScenarioError(
                f"{path}.column",
                f"{card.name} goes to the {card.cls.value} column, not the {CLASSES[ci].value} column",
                "X-ID-5",
            )
        if card.kind is CardKind.MERCENARY:  # an enlisted Mercenary: one of its two classes (X-TH-MERC-1)
            classes = [c for c, _bp in card.options]
            if ci is None:
                p.command_zone.append(cid)  # not enlisted yet (X-TH-7)
                return
            if CLASSES[ci] not in classes:
                raise ScenarioError(
                    f"{path}.column",
                    f"{card.name} enlists as a {' or a '.join(c.value for c in classes)}",
                    "X-TH-MERC-1",
                )
            p.columns[ci].append(cid)
            return
        if card.kind is CardKind.ARTIFACT and card.cls is None:
            _to_command_zone(p, cid, ci, path, "an artifact", "X-TH-11", hero=False)
            return
        if card.kind is CardKind.ROYAL_OFFERING:
            raise ScenarioError(
                path, "a Royal Offering is used at once and discarded, never kept", "R-XFORM-7"
            )
        if cid == Hero.YLUD:
            if ci is None:
                p.heroes.append(cid)
                p.command_zone.append(cid)  # R-HERO-YLUD-1
                return
            p.heroes.append(cid)
            p.columns[ci].append(cid)
            return
        if card.kind is CardKind.HERO and card.cls is None:
            _to_command_zone(p, cid, ci, path, "a neutral hero", "R-ARMY-1", hero=True)
            return
        home = CLASSES.index(card.cls) if card.cls is not None else 3
        if ci is not None and ci != home:
            what = card.name if card.kind is CardKind.HERO else f"a {CLASSES[home].value}"
            raise ScenarioError(
                f"{path}.column",
                f"{what} goes to the {CLASSES[home].value} column, not the {CLASSES[ci].value} column",
                "R-ARMY-1",
            )
        if cid == "armorer" and "kings-great-armorer" not in p.command_zone:
            p.command_zone.append(
                "kings-great-armorer"
            )  # the card comes with the distinction (R-DIST-ARMORER-1)
        if card.kind is CardKind.HERO:
            p.heroes.append(cid)
        p.columns[home].append(cid)

    @_atomic
    def army(self, player: int, **columns: list[str | int]) -> Scenario:
        """Cards per column, bottom to top: bravery points for dwarves, names for heroes (and Thrud)."""
        p = self._player(player, "army")
        for name, specs in columns.items():
            ci = self._column(name, f"army({player}).{name}")
            _list(specs, f"army({player}).{name}")
            for k, spec in enumerate(specs):
                self._put(p, spec, ci, f"army({player}).{name}[{k}]")
        return self

    @_atomic
    def place(self, player: int, card: str | int, column: str | None = None) -> Scenario:
        """Put one card on top of a column: "this player has card X in column Y" (R-ARMY-1).

        A dwarf or class hero goes to its own class column (``column`` may be left out); Thrud to
        any column (R-HERO-THRUD-2); Ylud to a column in Age II only (R-HERO-YLUD-2), else to the
        command zone; other neutral heroes and distinctions to the command zone.
        """
        p = self._player(player, "place")
        path = f"place({player}, {card!r})"
        if isinstance(card, str) and card in _DISTINCTIONS:
            if column is not None:
                raise ScenarioError(
                    f"{path}.column", "a distinction card goes to the command zone", "R-EVAL-4"
                )
            self._distinction(p, card, path)
            return self
        ci = None if column is None else self._column(column, f"{path}.column")
        self._put(p, card, ci, path)
        return self

    def _distinction(self, p: Player, card: str, path: str) -> None:
        for q in self._s.players:
            if card in q.command_zone:
                raise ScenarioError(path, f"there is one {card} distinction card, already given", "R-COMP-5")
        p.command_zone.append(card)

    @_atomic
    def command_zone(self, player: int, items: list[str]) -> Scenario:
        """Neutral heroes (by name) and distinction ids (e.g. ``"crown-jeweler"``)."""
        p = self._player(player, "command_zone")
        for k, spec in enumerate(items):
            path = f"command_zone({player})[{k}]"
            key = _norm(spec) if isinstance(spec, str) else ""  # type: ignore[redundant-expr]
            if key in _HERO_BY_NAME and _HERO_BY_NAME[key] != "armorer":
                cid = _HERO_BY_NAME[key]
                card = CARDS[cid]
                if card.cls is not None:
                    raise ScenarioError(
                        path, f"{card.name} is a class hero: the {card.cls.value} column", "R-ARMY-1"
                    )
                self._take(cid, path, ())
                p.heroes.append(cid)
                p.command_zone.append(cid)
            elif spec in _DISTINCTIONS:
                self._distinction(p, spec, path)
            elif key in _MYTH_BY_NAME:  # a God, a Giant or a Valkyrie (X-ID-5)
                cid = _MYTH_BY_NAME[key]
                card = CARDS[cid]
                if card.kind not in (CardKind.GOD, CardKind.GIANT, CardKind.VALKYRIE):
                    where = f"the {card.cls.value} column" if card.cls is not None else "a column of the army"
                    rule = "X-ID-5" if card.kind is CardKind.ANIMAL else "X-ID-ANIMAL-HREASVELG-2"
                    raise ScenarioError(path, f"{card.name} goes to {where}, not the command zone", rule)
                p.command_zone.append(self._take(cid, path, ()))
            elif key in _CAMP_BY_NAME:  # an artifact, or a Mercenary not enlisted yet (X-TH-7, X-TH-11)
                cid = self._take(_CAMP_BY_NAME[key], path, ())
                if CARDS[cid].cls is not None:
                    raise ScenarioError(
                        path, f"{CARDS[cid].name} goes to the explorer column", "X-TH-ART-VEGVISIR-1"
                    )
                p.command_zone.append(cid)
            else:
                raise ScenarioError(
                    path,
                    f"{spec!r} is neither a neutral hero, a distinction nor a Mythology card",
                    "R-ARMY-1",
                )
        return self

    @_atomic
    def discard(self, cards: list[str | int]) -> Scenario:
        """Cards on the discard pile, out of the Age decks (dwarves as ``"W9"``, ``"RO3"``...): what was left
        over or discarded earlier, for Andumia and Brisingamens (X-TH-HERO-ANDUMIA-3)."""
        for k, spec in enumerate(_list(cards, "discard")):
            if isinstance(spec, str) and _norm(spec) in _MYTH_BY_NAME:
                raise ScenarioError(
                    f"discard[{k}]",
                    "Mythology cards and Gullinbursti never reach the discard pile: they are removed from the "
                    "game (myth_removed)",
                    "X-ID-4",
                )
            cid = self._card_spec(spec, f"discard[{k}]", army=True)
            if CARDS[cid].kind is CardKind.HERO:
                raise ScenarioError(f"discard[{k}]", "heroes never reach the discard pile", "R-COMP-4")
            self._s.discard.append(cid)
        return self

    @_atomic
    def zolkur_on_pouch(self, player: int) -> Scenario:
        """Thingvellir: Zolkur, owned by ``player``, still sits on the pouch: the next trade discards the lower
        coin (X-TH-HERO-ZOLKUR-1)."""
        p = self._player(player, "zolkur_on_pouch")
        camp = self._s.camp
        if camp is None or Hero.ZOLKUR.value not in p.heroes:
            raise ScenarioError(
                f"zolkur_on_pouch({player})",
                "give the player Zolkur first (command_zone)",
                "X-TH-HERO-ZOLKUR-1",
            )
        camp.zolkur[self._s.players.index(p)] = True
        return self

    # -- Idavoll (RULES.md A.2) ----------------------------------------------------------------------
    def _myth_round(self) -> bool:
        """Whether the Dancing Dragon draws from the Mythology deck this round (X-ID-3)."""
        return self._s.idavoll is not None and self._s.age == 1 and self._s.round <= 3

    def _idavoll(self, call: str) -> Any:
        part = self._s.idavoll
        if part is None:
            raise ScenarioError(call, "an Idavoll card: Scenario(..., expansions=('idavoll',))", "X-ID-1")
        return part

    def _owned(self, spec: object, kinds: tuple[CardKind, ...], call: str, rule: str) -> str:
        """The id of a God, Giant or Valkyrie named ``spec`` that a player owns (give it first)."""
        self._idavoll(call)
        cid = _MYTH_BY_NAME.get(_norm(spec)) if isinstance(spec, str) else None
        if cid is None or CARDS[cid].kind not in kinds:
            what = " or ".join(k.value for k in kinds)
            raise ScenarioError(call, f"{spec!r} is no {what}", rule)
        if not any(cid in p.command_zone for p in self._s.players):
            raise ScenarioError(
                call, f"give a player {CARDS[cid].name} first (command_zone(i, [{CARDS[cid].name!r}]))", rule
            )
        return cid

    @_atomic
    def gods_used(self, *gods: str) -> Scenario:
        """Idavoll: the Gods whose Power token was used (X-ID-7, once per game); their owners are given first."""
        part = self._idavoll("gods_used")
        for g in gods:
            cid = self._owned(g, (CardKind.GOD,), f"gods_used({g!r})", "X-ID-7")
            if cid not in part.used:
                part.used.append(cid)
        return self

    @_atomic
    def captured(self, giant: str, card: str | int | None) -> Scenario:
        """Idavoll: the card a Giant captured (a dwarf of its class, e.g. ``captured("Surt", "W9")``), or
        ``None``/``"face down"``: the Giant was turned face down (X-ID-8). Not called: the Giant is pending."""
        part = self._idavoll("captured")
        call = f"captured({giant!r})"
        gid = self._owned(giant, (CardKind.GIANT,), call, "X-ID-8")
        k = GIANT_INDEX[gid]
        if part.captured[k] not in ("", FACE_DOWN):
            raise ScenarioError(call, f"{CARDS[gid].name} captures one card only", "X-ID-8")
        if card is None or (isinstance(card, str) and _norm(card) in ("facedown", "")):
            part.captured[k] = FACE_DOWN
            return self
        cls = GIANT_CLASS[gid]
        cid = self._card_spec(card, f"{call}.card", cls, army=True)
        c = CARDS[cid]
        if c.kind is not CardKind.DWARF or c.cls is not cls:
            raise ScenarioError(
                f"{call}.card",
                f"{CARDS[gid].name} captures a {cls.value} Dwarf card, not {c.name}",
                "X-ID-GIANT-3",
            )
        part.captured[k] = cid
        return self

    @_atomic
    def notches(self, valkyrie: str, k: int) -> Scenario:
        """Idavoll: how many times a Valkyrie's condition was met while she was owned (X-ID-9): her token
        is ``k`` notches down; she scores ``valkyrie_value(id, k)``."""
        part = self._idavoll("notches")
        call = f"notches({valkyrie!r})"
        vid = self._owned(valkyrie, (CardKind.VALKYRIE,), call, "X-ID-9")
        if isinstance(k, bool) or not isinstance(k, int) or k < 0:  # type: ignore[redundant-expr]
            raise ScenarioError(f"{call}.k", f"a number of notches (0 or more), not {k!r}", "X-ID-9")
        part.notches[[v.id for v in VALKYRIES].index(vid)] = k
        return self

    @_atomic
    def olrun(self, column: str) -> Scenario:
        """Idavoll: the class Ölrun's owner chose (X-ID-VALK-OLRUN-1); required once Ölrun is owned."""
        part = self._idavoll("olrun")
        self._owned("olrun", (CardKind.VALKYRIE,), "olrun", "X-ID-VALK-OLRUN-1")
        part.olrun = self._column(column, "olrun.column")
        return self

    @_atomic
    def loki(self, card: str) -> Scenario:
        """Idavoll: Loki's Power token lies on this tavern card (a card id or ``"W3"``, ``"RO3"``, a name):
        only Loki's owner may take it (X-ID-GOD-LOKI-1). Placing the token is the use of the power."""
        part = self._idavoll("loki")
        self._owned("loki", (CardKind.GOD,), "loki", "X-ID-GOD-LOKI-1")
        if not isinstance(card, str) or not card:  # type: ignore[redundant-expr]
            raise ScenarioError("loki", f"a tavern card, not {card!r}", "X-ID-GOD-LOKI-1")
        if "loki" not in part.used:
            part.used.append("loki")
        self._myth["loki"] = card
        return self

    @_atomic
    def myth_deck(self, cards: list[str]) -> Scenario:
        """Idavoll: the cards left in the Mythology deck, bottom to top (the top card is dealt first). In
        Age I round r (1-3) it holds what rounds r+1..3 deal to the Dancing Dragon (X-ID-2, X-ID-DECK-1);
        without this call the scenario keeps the seed's cards, the surplus removed as earlier leftovers."""
        part = self._idavoll("myth_deck")
        part.deck.extend(self._myth.pop("deck", []))  # set twice: the first cards go back
        self._myth["deck"] = self._myth_cards(cards, "myth_deck")
        return self

    @_atomic
    def myth_reserve(self, cards: list[str]) -> Scenario:
        """Idavoll: the Mythology reserve, bottom to top (only Skymir draws from it, X-ID-2, X-ID-DECK-2);
        without this call, the seed's reserve less the cards the position uses."""
        part = self._idavoll("myth_reserve")
        part.reserve.extend(self._myth.pop("reserve", []))  # set twice: the first cards go back
        self._myth["reserve"] = self._myth_cards(cards, "myth_reserve")
        return self

    @_atomic
    def myth_removed(self, cards: list[str]) -> Scenario:
        """Idavoll: Mythology cards removed from the game (leftovers of the Dancing Dragon, X-ID-4) and
        ``"Gullinbursti"`` if it was discarded (X-ID-ANIMAL-HREASVELG-3)."""
        got = self._myth_cards(cards, "myth_removed", gullinbursti=True)
        part = self._idavoll("myth_removed")
        part.removed.extend(got)
        return self

    def _myth_cards(self, cards: list[str], call: str, *, gullinbursti: bool = False) -> list[str]:
        self._idavoll(call)
        out = []
        for k, spec in enumerate(_list(cards, call)):
            path = f"{call}[{k}]"
            cid = _MYTH_BY_NAME.get(_norm(spec)) if isinstance(spec, str) else None
            if cid is None or (cid == GULLINBURSTI.id and not gullinbursti):
                raise ScenarioError(path, f"{spec!r} is not a Mythology card", "X-ID-1")
            out.append(self._take(cid, path, ()))
        return out

    @_atomic
    def camp_deck(self, cards: list[str]) -> Scenario:
        """Thingvellir: the cards left in the current Age's Camp deck (``[]``: exhausted, X-TH-3); the other
        cards of that deck that are not in the Camp are set aside on the Camp discard pile, which no effect
        searches (X-TH-CAMP-1), as if players had taken them earlier."""
        s = self._s
        if s.camp is None:
            raise ScenarioError(
                "camp_deck",
                "the Camp is part of Thingvellir: Scenario(..., expansions=('thingvellir',))",
                "X-TH-1",
            )
        keep = []
        for k, spec in enumerate(_list(cards, "camp_deck")):
            key = _norm(spec) if isinstance(spec, str) else ""
            cid = _CAMP_BY_NAME.get(key)
            if cid is None or cid not in s.camp.decks[s.age]:
                raise ScenarioError(
                    f"camp_deck[{k}]", f"{spec!r} is not in the Age {s.age} Camp deck", "X-TH-2"
                )
            keep.append(cid)
        deck = s.camp.decks[s.age]
        s.camp.discard += [c for c in deck if c not in keep]
        s.camp.decks[s.age] = [c for c in deck if c in keep]
        return self

    @_atomic
    def camp(self, cards: list[str]) -> Scenario:
        """Thingvellir: the Camp cards face up (at most 5, of the current Age's Camp deck; X-TH-3)."""
        s = self._s
        if s.camp is None:
            raise ScenarioError(
                "camp",
                "the Camp is part of Thingvellir: Scenario(..., expansions=('thingvellir',))",
                "X-TH-1",
            )
        if len(_list(cards, "camp")) > CAMP_SIZE:
            raise ScenarioError("camp", f"the Camp has {CAMP_SIZE} spaces", "X-TH-3")
        for k, spec in enumerate(cards):
            path = f"camp[{k}]"
            key = _norm(spec) if isinstance(spec, str) else ""  # type: ignore[redundant-expr]
            cid = _CAMP_BY_NAME.get(key)
            if cid is None:
                raise ScenarioError(
                    path, f"{spec!r} is not a Camp card (an artifact or a Mercenary)", "X-TH-1"
                )
            if CAMP_AGE[cid] != s.age:
                raise ScenarioError(
                    path, f"{CARDS[cid].name} is a card of the Age {CAMP_AGE[cid]} Camp deck", "X-TH-2"
                )
            s.camp.cards.append(self._take(cid, path, ()))
        self._camp_set = True
        return self

    @_atomic
    def taverns(self, rows: list[list[str]]) -> Scenario:
        """The cards in the three taverns (Laughing Goblin, Dancing Dragon, Shining Horse), from the
        current Age's deck (R-ENTER-1)."""
        if len(_list(rows, "taverns")) != 3:
            raise ScenarioError("taverns", f"there are 3 taverns, not {len(rows)}", "R-ENTER-1")
        for t, row in enumerate(rows):
            _list(row, f"taverns[{t}]")
        size = TAVERN_SIZE[self._s.options.players]
        for t, row in enumerate(rows):
            if len(row) > size:
                raise ScenarioError(
                    f"taverns[{t}]",
                    f"a tavern holds {size} cards at {self._s.options.players} players",
                    "R-ENTER-1",
                )
        out: list[list[str]] = []
        for t, row in enumerate(rows):
            got = [self._card_spec(c, f"taverns[{t}][{k}]") for k, c in enumerate(row)]
            for k, cid in enumerate(got):
                if CARDS[cid].kind in _MYTH_KINDS:
                    if not self._myth_round():
                        raise ScenarioError(
                            f"taverns[{t}][{k}]",
                            f"{CARDS[cid].name}: Mythology cards enter the Dancing Dragon in rounds 1-3 of Age I only",
                            "X-ID-3",
                        )
                    continue
                if CARDS[cid].age not in (1, 2):
                    raise ScenarioError(
                        f"taverns[{t}][{k}]", f"{CARDS[cid].name} never enters a tavern", "R-ENTER-1"
                    )
            out.append(got)
        for row in self._s.taverns:  # set twice: the first rows go back to the deck
            for cid in row:
                if CARDS[cid].kind in _MYTH_KINDS:
                    part = self._s.idavoll
                    assert part is not None
                    part.deck.append(cid)
                else:
                    self._s.decks[self._s.age].append(cid)
        self._s.taverns = out
        self._taverns_set = True
        return self

    @_atomic
    def gems(self, gems: dict[int, int]) -> Scenario:
        for i, g in gems.items():
            self._player(i, "gems")
            if not isinstance(g, int) or not 1 <= g <= 6:  # type: ignore[redundant-expr]
                raise ScenarioError(f"gems[{i}]", f"gems are worth 1 to 6, not {g!r}", "R-SETUP-2")
            self._s.players[i].gem = g
        return self

    @_atomic
    def hero_removed(self, *names: str) -> Scenario:
        """Heroes recruited by nobody but no longer in the display (e.g. to leave only Hourya)."""
        for n in names:
            cid = self._hero(n, "hero_removed")
            self._take(cid, f"hero_removed({n!r})", ())
            self._s.discard.append(cid)
        return self

    @_atomic
    def only_heroes(self, *names: str) -> Scenario:
        keep = {self._hero(n, "only_heroes") for n in names}
        for h in list(self._s.heroes_available):
            if h not in keep:
                self._take(h, "only_heroes", ())
                self._s.discard.append(h)
        return self

    def _hero(self, name: str, call: str) -> str:
        cid = _HERO_BY_NAME.get(_norm(name)) if isinstance(name, str) else None  # type: ignore[redundant-expr]
        if cid is None or cid == "armorer":
            raise ScenarioError(f"{call}({name!r})", "no hero has this name", "R-COMP-4")
        return cid

    # -- coins -------------------------------------------------------------------------------------
    def _parse_coins(
        self, specs: list[CoinSpec], path: str, player: int, paths: list[str] | None = None
    ) -> list[Coin]:
        _list(specs, path)
        out: list[Coin] = []
        for k, spec in enumerate(specs):
            at = paths[k] if paths else f"{path}[{k}]"
            coin = parse_coin(spec, at)
            if spec == 5 and not isinstance(spec, bool) and Coin(5, CoinKind.BASIC) in out:
                raise ScenarioError(
                    at,
                    "5 twice: a player has one basic 5; write 'g5' for a gold 5 of the Royal Treasure",
                    "R-COMP-6",
                )
            if coin.kind is not CoinKind.ROYAL and coin in out:
                raise ScenarioError(at, f"a player has one basic {coin}", "R-COMP-6")
            out.append(coin)
        owned = 4 if "jarnglofi" in self._s.players[player].command_zone else 5  # X-TH-ART-JARNGLOFI-4
        if len(out) != owned:
            rule = "X-TH-ART-JARNGLOFI-4" if owned == 4 else "R-COIN-3"
            raise ScenarioError(path, f"a player owns exactly {owned} coins, not {len(out)}", rule)
        copies = initial_treasury(self._s.options.players)
        for k, coin in enumerate(out):
            if coin.kind is not CoinKind.ROYAL:
                continue
            v = coin.value
            mine = sum(c is coin for c in out[: k + 1])
            others = [i for i in self._coins if i != player and coin in self._coins[i][0]]
            held = mine + sum(self._coins[i][0].count(coin) for i in others)
            listed = self._treasury.get(v, 0)
            if held + listed > copies[v]:
                who = f"players[{others[0]}] holds it already" if others else "they are all taken"
                if listed and not others:
                    who = f"the Treasury was set to hold {listed}"
                raise ScenarioError(
                    paths[k] if paths else f"{path}[{k}]",
                    f"a {self._s.options.players}-player game has {copies[v]} gold {v} (R-SETUP-3), and {who}",
                    "R-COMP-7",
                )
        if GREEN_3 in out:
            if Coin(0, CoinKind.BASIC) in out:
                raise ScenarioError(
                    path,
                    "the green 3 replaces its owner's 0 (Hunting Master): not both",
                    "R-DIST-HUNTINGMASTER-1",
                )
            for i, (coins, _hand) in self._coins.items():
                if i != player and GREEN_3 in coins:
                    raise ScenarioError(path, f"there is one green 3, and players[{i}] has it", "R-COMP-5")
        return out

    @_atomic
    def bids(self, player: int, *, taverns: list[CoinSpec], pouch: list[CoinSpec]) -> Scenario:
        """Coins on the three tavern spaces and in the pouch (face down until revealed, R-BID-1)."""
        p = self._player(player, "bids")
        pouch_size = 1 if "jarnglofi" in p.command_zone else 2  # X-TH-ART-JARNGLOFI-4
        if (
            len(_list(taverns, f"bids({player}).taverns")) != 3
            or len(_list(pouch, f"bids({player}).pouch")) != pouch_size
        ):
            raise ScenarioError(
                f"bids({player})", "one coin on each of the 3 taverns and 2 in the pouch", "R-BID-1"
            )
        paths = [f"bids({player}).taverns[{k}]" for k in range(3)] + [
            f"bids({player}).pouch[{k}]" for k in range(pouch_size)
        ]
        coins = self._parse_coins([*taverns, *pouch], f"bids({player})", player, paths)
        self._coins[player] = (coins, None)
        return self

    @_atomic
    def hand(self, player: int, coins: list[CoinSpec]) -> Scenario:
        """Coins in hand (between rounds, during bids, or with Uline)."""
        p = self._player(player, "hand")
        parsed = self._parse_coins(coins, f"hand({player})", player)
        del p  # a hand during a tavern is checked by at_tavern() and build(): Uline may come later
        self._coins[player] = (parsed, [])
        return self

    @_atomic
    def treasury(self, counts: Mapping[int | str, int]) -> Scenario:
        """Write the Royal Treasure: how many gold coins of each value it holds (values not given are
        whatever the players do not hold). Only coins that exist (R-COMP-7, R-SETUP-3), never a coin a
        player holds (R-COIN-1): ``build`` checks that every gold coin is in one place."""
        copies = initial_treasury(self._s.options.players)
        held = self._gold_held()
        new = dict(self._treasury)
        for key, n in counts.items():
            path = f"treasury.{key}"
            coin = parse_coin(key if not isinstance(key, str) or not key.isdigit() else f"g{key}", path)
            if coin.kind is not CoinKind.ROYAL:
                raise ScenarioError(
                    path, f"the Royal Treasure holds gold coins only, not the {coin}", "R-COMP-7"
                )
            v = coin.value
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:  # type: ignore[redundant-expr]
                raise ScenarioError(path, f"a number of coins, not {n!r}", "R-COMP-7")
            if n + held[v] > copies[v]:
                raise ScenarioError(
                    path,
                    f"a {self._s.options.players}-player game has {copies[v]} gold {v} (R-SETUP-3); "
                    f"players hold {held[v]}, so the Treasury holds at most {copies[v] - held[v]}",
                    "R-COMP-7",
                )
            new[v] = n
        self._treasury = new
        return self

    def _gold_held(self) -> Counter[int]:
        held: Counter[int] = Counter()
        for coins, _hand in self._coins.values():
            for c in coins:
                if c.kind is CoinKind.ROYAL:
                    held[c.value] += 1
        return held

    def royal_treasury(self) -> dict[int, int]:
        """Read the Royal Treasure as it will be built: every gold coin no player holds (R-COMP-7)."""
        copies = initial_treasury(self._s.options.players)
        held = self._gold_held()
        return {v: copies[v] - held[v] for v in sorted(copies)}

    # -- phase -------------------------------------------------------------------------------------
    @_atomic
    def at_bids(self, *, gods: bool = True) -> Scenario:
        """The bids of the round: the taverns are filled, every player places coins (R-BID-1). With Idavoll,
        Loki's and Freya's owners act first if their Power token is unused (X-ID-SEQ-1); ``gods=False``:
        they have already passed this round."""
        self._phase = ("bids",)
        self._myth["gods"] = gods
        return self

    def _no_bid(self, player: int) -> ScenarioError:
        name = self._s.players[player].name
        return ScenarioError(
            f"at_tavern: players[{player}]",
            f"{name} has no bid: every player but Uline's owner places 5 coins before the taverns are "
            f"resolved; give {name}'s coins with .bids({player}, taverns=[...], pouch=[...])",
            "R-BID-3",
        )

    def _check_bids(self) -> None:
        for i, p in enumerate(self._s.players):
            if Hero.ULINE in p.heroes:
                coins = self._coins.get(i)
                if self._phase[1] > 0 and (coins is None or coins[1] is not None):
                    raise ScenarioError(
                        f"at_tavern: players[{i}]",
                        f"{p.name} owns Uline and has laid a coin face up on each tavern before this one: "
                        f"give her coins with .bids({i}, taverns=[...], pouch=[...]) (those taverns first)",
                        "R-HERO-ULINE-4",
                    )
                continue
            coins = self._coins.get(i)
            if coins is None or coins[1] is not None:
                raise self._no_bid(i)

    @_atomic
    def at_tavern(self, tavern: int) -> Scenario:
        """Start the resolution of a tavern: bids revealed, order computed, first pick waiting.

        Every player except Uline's owner must have a bid (R-BID-3): refused otherwise (and at build
        time for players whose bids come later in the chain).
        """
        if tavern not in (0, 1, 2):
            raise ScenarioError(f"at_tavern({tavern!r})", "taverns are numbered 0, 1, 2", "R-ENTER-1")
        for i, (_coins, hand) in self._coins.items():
            if hand is not None and Hero.ULINE not in self._s.players[i].heroes:
                raise self._no_bid(i)
        self._phase = ("tavern", tavern)
        return self

    @_atomic
    def at_end_of_age(self) -> Scenario:
        """The last round of the Age is over: Ylud, then Troop Evaluation (Age I) or final scoring."""
        self._phase = ("age_end",)
        return self

    # -- build ---------------------------------------------------------------------------------------
    def build(
        self, events: list[Event] | None = None, *, stop_before: str | None = None, check: bool = False
    ) -> State:
        """The position, validated like a document, run to its first decision.

        ``stop_before`` (a name of :data:`STOPS`, e.g. ``"eval"``, ``"eval:miner"``, ``"gems"``,
        ``"thrud-home"``, ``"final"``) stops just before that automatic step instead: the result is a
        *paused* state (:func:`paused_at`), valid for :func:`load` and the flow check, that
        :func:`step` or :func:`resume` continues. End-of-Age steps need :meth:`at_end_of_age`; the
        steps before them are taken as done (set the position they leave, e.g. Ylud in a column).
        ``"round-start"`` at the bids is the moment before this round's Enter the Dwarves: the taverns
        given go back on top of the Age deck, to be dealt again (R-ENTER-1). ``"reveal"`` and
        ``"order"`` follow :meth:`at_tavern`; a recruitment check or a trade follows a decision: stop
        before it with :func:`apply_until`.

        ``check=True`` also runs the flow check (:func:`nidlib.rules.flowcheck.check_flow`) on the
        result: with strict decks (the default) this makes sure the position is one a game can reach. (A
        paused result is always checked.)

        The scenario itself is not changed: build it again, or change it and build again.
        """
        if self._phase[0] == "tavern":
            self._check_bids()
        match: Callable[[Task], bool] | None = None
        kind = ""
        if stop_before is not None:
            kind, match = _stop_matcher(stop_before)
        s = self._assemble()
        phase = self._phase
        if kind in _SKELETON_STOPS:
            if phase[0] != "age_end":
                raise ScenarioError(
                    "stop_before",
                    f"{stop_before!r} is an end-of-Age step: call .at_end_of_age() first",
                    "R-AGE-1",
                )
            skeleton = s.tasks
            assert match is not None
            idx = next((k for k in range(len(skeleton) - 1, -1, -1) if match(skeleton[k])), None)
            if idx is None:
                raise ScenarioError(
                    "stop_before",
                    f"Age {s.age} ends without {stop_before!r}",
                    "R-AGE-1" if s.age == 1 else "R-AGE-2",
                )
            s.tasks = skeleton[: idx + 1]
        elif kind == "round_start" and phase[0] == "bids":
            _before_enter_the_dwarves(s)
        _check_ylud_thrud(s)
        checked = read_state(state_to_dict(s))  # conservation, like a document
        if match is None:
            engine._run(checked, events)
            if check:
                from nidlib.rules.flowcheck import check_flow

                check_flow(checked)
            return checked
        log: list[Event] = [] if events is None else events
        if not _run_until(checked, log, match):
            d = engine.decision(checked)
            what = (
                "the game is over"
                if d is None
                else f"{d.kind} by {', '.join(checked.players[i].name for i in d.players)}"
            )
            raise ScenarioError(
                "stop_before",
                f"a decision comes before {stop_before!r} ({what}): build without stop_before, then "
                "use apply_until(state, action, stop_before)",
                "R-FLOW-2",
            )
        from nidlib.rules.flowcheck import check_flow

        check_flow(checked, paused=True)
        return checked

    def _assemble(self) -> State:
        """A copy of the position with coins dealt, taverns filled and the task stack of the phase."""
        s = self._s.copy()
        phase = self._phase
        for i, p in enumerate(s.players):
            coins, hand = self._coins.get(i, (sorted(BASIC_COINS), []))
            for c in coins:
                if c.kind is CoinKind.ROYAL:
                    s.treasury[c.value] -= 1  # counts checked when the coins were given
            basics = {str(c) for c in coins if c.kind is CoinKind.BASIC}
            for b in BASIC_COINS:
                if str(b) not in basics:
                    s.out_of_game.append(str(b))
            if GREEN_3 in coins and "hunting-master" not in p.command_zone:
                p.command_zone.append("hunting-master")
            uline = Hero.ULINE in p.heroes
            if hand is not None or phase[0] != "tavern" or (uline and hand is not None):
                p.hand = sorted(coins)
                p.bid_done = uline and phase[0] == "tavern"  # Uline's owner does not bid (R-BID-4)
            elif (
                uline
            ):  # a bid given to Uline's owner: coins laid face up on resolved taverns (R-HERO-ULINE-4)
                t = phase[1]
                p.slots = [coins[k] if k < t else None for k in range(3)] + [None, None]
                p.revealed = [k < t for k in range(3)] + [False, False]
                p.hand = sorted(coins[t:])
                p.bid_done = True
            else:
                p.slots = list(coins) + [None] * (5 - len(coins))  # 4 coins after Jarnglofi: one pouch coin
                p.slots[3:5] = sorted(coins[3:5]) + [None] * (5 - len(coins))
                p.bid_done = True
                t = phase[1]
                p.revealed = [k < t for k in range(3)] + [False, False]
        for v, n in self._treasury.items():
            if s.treasury[v] != n:
                missing = s.treasury[v] - n
                raise ScenarioError(
                    f"treasury.{v}",
                    f"the Treasury was set to hold {n} gold {v} and players hold "
                    f"{initial_treasury(s.options.players)[v] - s.treasury[v]}: {missing} more would be "
                    "nowhere; give them to players (every gold coin is in the Treasury or with a player)",
                    "R-COIN-1",
                )
        myth_pool: list[str] = []  # Idavoll: Mythology cards the Dragon may be dealt (X-ID-3)
        if s.idavoll is not None:
            myth_pool = s.idavoll.deck
            s.idavoll.deck = []
            if "reserve" in self._myth:  # the seed's reserve is only one split: its cards are free again
                myth_pool[0:0] = s.idavoll.reserve
                s.idavoll.reserve = []
        if not self._taverns_set and phase[0] != "age_end":
            size = TAVERN_SIZE[s.options.players]
            first = (
                phase[1] if phase[0] == "tavern" else 0
            )  # the taverns already resolved are empty (R-PICK-3)
            rows: list[list[str]] = []
            for t in range(3):
                deck = s.decks[s.age]
                if t == 1 and self._myth_round():
                    deck = self._dragon_source(myth_pool, s)
                rows.append([deck.pop() for _ in range(min(size, len(deck)))] if t >= first else [])
            s.taverns = rows
        if s.idavoll is not None:
            self._assemble_idavoll(s, myth_pool)
        if phase[0] == "age_end":
            s.discard.extend(c for row in s.taverns for c in row if CARDS[c].kind not in _MYTH_KINDS)
            s.taverns = [[], [], []]
            s.discard.extend(s.decks[1])
            s.decks[1] = []
            if s.age == 2:
                s.discard.extend(s.decks[2])
                s.decks[2] = []
        else:  # the deck holds what the rounds left to play can use (R-FLOW-3): surplus to the discard
            size = TAVERN_SIZE[s.options.players]
            idavoll = s.idavoll is not None
            last = max_rounds(s.age, s.options.players, idavoll=idavoll)
            # with Idavoll the Dragon of Age I rounds 1-3 draws from the Mythology deck (X-ID-3, X-ID-DECK-1)
            room = sum(
                (2 if idavoll and s.age == 1 and r <= 3 else 3) * size for r in range(s.round + 1, last + 1)
            )
            deck = s.decks[s.age]
            if len(deck) > room:
                s.discard.extend(deck[: len(deck) - room])
                del deck[: len(deck) - room]
        camp = s.camp
        if camp is not None and not self._camp_set and phase[0] != "age_end":  # X-TH-3: a full Camp
            deck = camp.decks[s.age]
            while len(camp.cards) < CAMP_SIZE and deck:
                camp.cards.append(deck.pop())
        base = end_steps(s.age, thingvellir=s.camp is not None)
        if phase[0] == "bids":
            owner = next((i for i, p in enumerate(s.players) if Hero.ULINE in p.heroes), None)
            for i, p in enumerate(s.players):
                p.bid_done = i == owner
            base.append(BidsDue())
            if s.idavoll is not None and self._myth.get("gods", True):
                base.append(GodsStep())  # Loki, then Freya, before the bids (X-ID-SEQ-1)
        elif phase[0] == "tavern":
            s.tavern = phase[1] - 1  # the tavern resolved last (-1: none yet); its revelation sets it
            base.append(RevealTavern(phase[1]))
        s.tasks = base
        s.viewer = None
        return s

    # -- Idavoll at build ------------------------------------------------------------------------------
    def _dragon_source(self, pool: list[str], s: State) -> list[str]:
        """The pile the Dancing Dragon is dealt from in Age I rounds 1-3 (X-ID-3): the Mythology cards left."""
        size = TAVERN_SIZE[s.options.players]
        if len(pool) < size and s.idavoll is not None and "reserve" not in self._myth:
            take = min(size - len(pool), len(s.idavoll.reserve))
            pool[0:0] = s.idavoll.reserve[len(s.idavoll.reserve) - take :]
            del s.idavoll.reserve[len(s.idavoll.reserve) - take :]
        if len(pool) < size:
            raise ScenarioError(
                "taverns[1]",
                f"the Dancing Dragon is dealt {size} Mythology cards (X-ID-3); only {len(pool)} are left",
                "X-ID-3",
            )
        return pool

    def _assemble_idavoll(self, s: State, pool: list[str]) -> None:
        """The Mythology deck, reserve and removed cards of the position, and its tokens (RULES.md A.2).

        In Age I round r (1-3) the deck holds what rounds r+1..3 deal (X-ID-DECK-1), later it is empty;
        the reserve is never refilled (X-ID-DECK-2): strict decks require its starting size, 2 fewer once
        Skymir has captured (X-ID-GIANT-SKYMIR-1). The cards left over were Dragon leftovers (X-ID-4).
        """
        part = s.idavoll
        assert part is not None
        n = s.options.players
        size = TAVERN_SIZE[n]
        dealing = self._phase[0] != "age_end" and self._myth_round()
        need = (3 - s.round) * size if dealing else 0
        if "deck" in self._myth:
            deck = list(self._myth["deck"])
            if len(deck) != need:
                when = f"Age {s.age} round {s.round}" if self._phase[0] != "age_end" else "the end of the Age"
                raise ScenarioError(
                    "myth_deck",
                    f"at {when} the Mythology deck holds {need} cards (the Dancing Dragon's later rounds), "
                    f"not {len(deck)}",
                    "X-ID-DECK-1",
                )
        else:
            if len(pool) < need and "reserve" not in self._myth:
                take = min(need - len(pool), len(part.reserve))
                pool[0:0] = part.reserve[len(part.reserve) - take :]
                del part.reserve[len(part.reserve) - take :]
            if len(pool) < need:
                raise ScenarioError(
                    "myth_deck",
                    f"the Mythology deck must still hold {need} cards for the Dancing Dragon's later rounds "
                    f"(X-ID-DECK-1); only {len(pool)} Mythology cards are left",
                    "X-ID-DECK-1",
                )
            deck = pool[len(pool) - need :] if need else []
            del pool[len(pool) - need :]
        start = len(MYTHOLOGY_IDS) - MYTH_DECK_SIZE[n]
        skymir = part.captured[GIANT_INDEX["skymir"]] not in ("", FACE_DOWN)
        expected = start - 2 if skymir else start
        if "reserve" in self._myth:
            reserve = list(self._myth["reserve"])
        else:
            reserve = part.reserve
            if self._strict_decks:
                while len(reserve) < expected and pool:
                    reserve.insert(0, pool.pop(0))
                while len(reserve) > expected:  # Skymir kept two: they came from the reserve
                    pool.append(reserve.pop(0))
        if self._strict_decks and len(reserve) != expected:
            raise ScenarioError(
                "myth_reserve",
                f"the Mythology reserve starts with {start} cards at {n} players and is never refilled "
                f"(X-ID-2, X-ID-DECK-2){', Skymir took 2' if skymir else ''}: {expected} cards, not {len(reserve)}; "
                "the position uses more Mythology cards than the Dancing Dragon has dealt by then",
                "X-ID-DECK-2",
            )
        part.deck = deck
        part.reserve = reserve
        part.removed.extend(pool)  # leftovers of earlier Dragons (X-ID-4)
        if self._phase[0] == "age_end":
            part.removed.extend(c for row in s.taverns for c in row if CARDS[c].kind in _MYTH_KINDS)
        self._check_idavoll(s)

    def _check_idavoll(self, s: State) -> None:
        part = s.idavoll
        assert part is not None
        gid = GULLINBURSTI.id
        for i, p in enumerate(s.players):
            has_boar = any(gid in col for col in p.columns)
            has_hreasvelg = "hreasvelg" in p.columns[CLASSES.index(DwarfClass.BLACKSMITH)]
            if has_boar and not has_hreasvelg:
                raise ScenarioError(
                    f"players[{i}].army",
                    "Gullinbursti comes with Hreasvelg: its owner places it (give the player Hreasvelg)",
                    "X-ID-ANIMAL-HREASVELG-1",
                )
            if has_hreasvelg and not has_boar and gid not in part.removed:
                raise ScenarioError(
                    f"players[{i}].army",
                    "Hreasvelg's owner has placed Gullinbursti: give its column (place(i, 'Gullinbursti', "
                    "column)), or myth_removed(['Gullinbursti']) if it was discarded",
                    "X-ID-ANIMAL-HREASVELG-1",
                )
            if "olrun" in p.command_zone and part.olrun < 0:
                raise ScenarioError(
                    f"players[{i}].command_zone",
                    "Ölrun's owner chose her class on taking her: give it with .olrun(column)",
                    "X-ID-VALK-OLRUN-1",
                )
        if self._myth_round() and self._phase[0] != "age_end":
            moved = [c for t in (0, 2) for c in s.taverns[t] if CARDS[c].kind in _MYTH_KINDS]
            moved += [c for c in s.taverns[1] if CARDS[c].kind not in _MYTH_KINDS]
            if moved and "freya" not in part.used:
                raise ScenarioError(
                    "taverns",
                    f"{CARDS[moved[0]].name}: in Age I rounds 1-3 the Dancing Dragon holds the Mythology cards "
                    "and the other taverns the Age deck's, unless Freya swapped two (gods_used('Freya'))",
                    "X-ID-3",
                )
            if len(moved) > 2:
                raise ScenarioError("taverns", "Freya swaps one pair of cards, once", "X-ID-GOD-FREYA-1")
        spec = self._myth.get("loki")
        if spec is not None:
            for row in s.taverns:
                for cid in row:
                    if card_matches(cid, spec):
                        part.loki = cid
                        return
            raise ScenarioError(
                "loki", f"no card matching {spec!r} in a tavern still to be resolved", "X-ID-GOD-LOKI-1"
            )


def card_matches(cid: str, spec: str) -> bool:
    """Whether card ``cid`` is the one ``spec`` names: its id, ``W3``/``H``/``RO3``, or its name
    (also the gallery's way of naming a card in an action, nidlib.content.gallery.resolve)."""
    c = CARDS[cid]
    if spec == cid:
        return True
    if spec.upper().startswith("RO"):
        return c.kind is CardKind.ROYAL_OFFERING and str(c.offering) == spec[2:]
    if c.kind is CardKind.DWARF and spec[:1].upper() in _LETTER_CLASS:
        if c.cls is not _LETTER_CLASS[spec[:1].upper()]:
            return False
        return not spec[1:] or (spec[1:].isdigit() and c.ranks[0] == int(spec[1:]))
    return _norm(c.name) == _norm(spec)


def _before_enter_the_dwarves(s: State) -> None:
    """Turn a position at the bids into the one just before this round's Enter the Dwarves (R-ENTER-1):
    the taverns go back on top of the Age deck so that dealing them gives them again, coins in hand."""
    rows = [list(row) for row in s.taverns]
    deck = s.decks[s.age]
    myth = s.idavoll
    for t in (2, 1, 0):
        if t == 1 and myth is not None and s.age == 1 and s.round <= 3:
            myth.deck.extend(reversed(rows[t]))  # the Dragon's cards came from the Mythology deck (X-ID-3)
            if myth.loki:
                raise ScenarioError(
                    "loki", "Loki's token is placed after Enter the Dwarves (X-ID-SEQ-1)", "X-ID-GOD-LOKI-1"
                )
        else:
            deck.extend(reversed(rows[t]))  # the Goblin's first card on top: it is dealt first
    s.taverns = [[], [], []]
    s.round -= 1  # Enter the Dwarves opens the round (R-FLOW-2)
    s.tavern = -1
    for p in s.players:
        p.bid_done = False
    if isinstance(s.tasks[-1], GodsStep):
        s.tasks.pop()  # Enter the Dwarves pushes it again
    s.tasks[-1] = RoundStart()
    dealt = s.copy()
    dealt.tasks.pop()
    engine._TASKS[RoundStart](dealt, RoundStart(), None)
    if dealt.taverns != rows:
        size = TAVERN_SIZE[s.options.players]
        raise ScenarioError(
            "taverns",
            f"Enter the Dwarves deals {size} cards from the top of the deck to each tavern in turn: to stop "
            "before it, give full taverns (or fewer only when the Age deck runs out)",
            "R-ENTER-1",
        )
