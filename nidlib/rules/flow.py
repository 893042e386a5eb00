"""The game flow: a new game, the task loop, and applying actions.

The flow of a game is a stack of typed tasks (:mod:`nidlib.core.tasks`, top = last). :func:`_run`
pops automatic tasks and calls their handlers, registered by the phase modules
(:mod:`~nidlib.rules.bidding`, :mod:`~nidlib.rules.taverns`, :mod:`~nidlib.rules.trades`,
:mod:`~nidlib.rules.evaluation`), until a decision waits on top. :func:`apply` checks an action
(:mod:`~nidlib.rules.legal`), applies it to a copy and runs the flow; :func:`advance` is the
unchecked, in-place path of bots and benchmarks.

Rule ids: R-SETUP-1, R-SETUP-2, R-SETUP-3, R-SETUP-4, R-SETUP-5, R-SETUP-6, R-FLOW-1, R-FLOW-3,
R-PICK-1 (an empty tavern), R-AGE-1, R-AGE-2, R-EVAL-2 (the order of the end steps), R-ROUND-1, X-TH-1,
X-TH-2, X-TH-SEQ-3, X-ID-2.
"""

from __future__ import annotations

import random

from nidlib.core.actions import Action
from nidlib.core.cards import (
    CAMP_DECKS,
    EXPANSIONS,
    MYTH_DECK_SIZE,
    MYTHOLOGY_IDS,
    age_deck,
    hero_ids,
    max_rounds,
)
from nidlib.core.coins import BASIC_COINS, initial_treasury
from nidlib.core.errors import IllegalActionError, NidError
from nidlib.core.events import Event
from nidlib.core.state import Camp, Idavoll, Options, Player, State
from nidlib.core.tasks import (
    AgeStart,
    BrisingamensEnd,
    CampClear,
    Enlistment,
    Evaluate,
    FinalScoring,
    MjollnirStep,
    PickDue,
    RoundEnd,
    Task,
    ThrudHome,
    YludStep,
)

# the phase modules register their task handlers and actions (base._handles, base._does) on import;
# an expansion's module after them (it wraps some of the base actions)
from nidlib.rules import bidding, evaluation, taverns, trades  # noqa: F401
from nidlib.rules import idavoll as _idavoll  # noqa: F401  (it imports Thingvellir first: it wraps its pick)
from nidlib.rules.base import (
    _COIN_ORDER,
    _DO,
    _ROUND_START,
    _TASKS,
    GEMS_BY_PLAYERS,
    TAVERN_SIZE,
    Log,
    _ev,
    _handles,
    _t,
    rounds_in_age,
)
from nidlib.rules.legal import check


def new_game(
    players: int = 3,
    names: tuple[str, ...] | list[str] | None = None,
    *,
    seed: int = 0,
    first_game: bool = False,
    warrior_bonus_without_warriors: bool = False,
    pioneer_draw_public: bool = False,
    expansions: tuple[str, ...] | list[str] = (),
    events: list[Event] | None = None,
) -> State:
    """A new game, shuffled and dealt from ``seed``, waiting for the first bids (R-SETUP-1..6).

    ``expansions=("thingvellir",)`` adds Thingvellir: the Camp, its two decks, the six heroes (X-TH-2);
    ``"idavoll"`` adds Idavoll: the Mythology deck and reserve, and Gullinbursti aside (X-ID-2).

    :raises ValueError: for a player count outside 2-5, bad names or an unknown expansion.
    """
    expansions = tuple(dict.fromkeys(expansions))
    for x in expansions:
        if x not in EXPANSIONS:
            msg = f"{x!r} is not an expansion: use {', '.join(EXPANSIONS)} [X-TH-1]"
            raise ValueError(msg)
    if not 2 <= players <= 5:
        msg = f"Nidavellir is played by 2 to 5 players, not {players} [R-SETUP-6]"
        raise ValueError(msg)
    names = tuple(names) if names is not None else tuple(DEFAULT_NAMES[:players])
    if len(names) != players or len(set(names)) != players or not all(n.strip() for n in names):
        msg = f"give {players} different, non-empty player names (got {list(names)})"
        raise ValueError(msg)
    opts = Options(
        players=players,
        names=names,
        seed=seed,
        first_game=first_game,
        warrior_bonus_without_warriors=warrior_bonus_without_warriors,
        pioneer_draw_public=pioneer_draw_public,
        expansions=expansions,
    )
    rng = random.Random(seed)
    gems = list(GEMS_BY_PLAYERS[players])
    rng.shuffle(gems)  # R-SETUP-2
    s = State(opts)
    s.players = [Player(n, g) for n, g in zip(names, gems, strict=True)]
    for p in s.players:
        p.hand = sorted(BASIC_COINS)  # R-SETUP-1
    s.treasury = initial_treasury(players)  # R-SETUP-3
    for age in (1, 2):
        deck = list(_DECK_IDS[age, players])  # R-SETUP-4
        rng.shuffle(deck)
        s.decks[age] = deck
    s.heroes_available = list(hero_ids(expansions, first_game=first_game))  # R-SETUP-5, X-TH-2
    if opts.thingvellir:  # X-TH-2: the two Camp decks, shuffled from the same seed
        s.camp = Camp(zolkur=[False] * players, mjollnir=[-1] * players)
        for age in (1, 2):
            camp_deck = list(CAMP_DECKS[age])
            rng.shuffle(camp_deck)
            s.camp.decks[age] = camp_deck
    if opts.idavoll:  # X-ID-2: the Mythology deck (3 x cards per tavern) and the reserve, from the seed
        myth = list(MYTHOLOGY_IDS)
        rng.shuffle(myth)
        cut = MYTH_DECK_SIZE[players]
        s.idavoll = Idavoll(deck=myth[:cut], reserve=myth[cut:])
    if events is not None:
        _ev(
            events,
            "setup.game",
            "R-SETUP-6",
            players=players,
            names=list(names),
            cards=TAVERN_SIZE[players],
            rounds=rounds_in_age(players, 1, idavoll=opts.idavoll),
            coins=sum(s.treasury.values()),
        )
    if events is not None:
        _ev(events, "setup.gems", "R-SETUP-2", gems=[f"{p.name} {p.gem}" for p in s.players])
    if first_game:
        _ev(events, "setup.first-game", "R-SETUP-5")
    if opts.thingvellir:
        _ev(events, "setup.thingvellir", "X-TH-2")
    if opts.idavoll:
        _ev(
            events,
            "setup.idavoll",
            "X-ID-2",
            deck=len(s.idavoll.deck) if s.idavoll else 0,
            rounds=max_rounds(1, players, idavoll=True),
        )
    s.tasks = [*end_steps(1, thingvellir=opts.thingvellir), AgeStart(1)]
    _run(s, events)
    return s


DEFAULT_NAMES = ("Ana", "Bo", "Cy", "Di", "Ed")
_DECK_IDS: dict[tuple[int, int], tuple[str, ...]] = {
    (age, n): tuple(c.id for c in age_deck(age, n)) for age in (1, 2) for n in range(2, 6)
}


def _run(s: State, log: Log) -> None:
    """Run automatic tasks until a decision is on top of the stack or the game is over."""
    tasks = s.tasks
    handlers = _TASKS
    while tasks:
        top = tasks[-1]
        handler = handlers.get(type(top))
        if handler is None:  # a decision: wait for an action
            if type(top) is not PickDue or s.taverns[s.tavern]:
                return
            tasks.pop()  # an empty tavern (only in built scenarios): nothing to take
            i = top.player
            _ev(log, "pick.empty", "R-PICK-1", i, name=s.players[i].name, tavern=_t(s.tavern))
            continue
        tasks.pop()
        handler(s, top, log)


@_handles(AgeStart)
def _task_age_start(s: State, task: AgeStart, log: Log) -> None:
    s.age = task.age
    s.round = 0
    if log is not None:
        _ev(log, "age.start", "R-FLOW-1", age=s.age, cards=len(s.decks[s.age]))
    s.tasks.append(_ROUND_START)


def end_steps(age: int, *, thingvellir: bool = False) -> list[Task]:
    """The task stack under the rounds of ``age``: what runs once its deck is empty, to the end.

    Age I: Ylud, Troop Evaluation class by class, then Age II (R-AGE-1, R-EVAL-2); Age II: Ylud,
    Thrud to the command zone, final scoring (R-AGE-2). Top of the stack = last element.
    With Thingvellir (X-TH-SEQ-3): enlistment before Ylud; the Age I Camp is cleared before Age II;
    Brisingamens' discard and Mjöllnir's class after Thrud, before scoring.
    """
    if not thingvellir:
        steps: list[Task] = [FinalScoring(), ThrudHome(), YludStep(2)]
        if age == 1:
            steps += [AgeStart(2), *[Evaluate(ci) for ci in reversed(range(5))], YludStep(1)]
        return steps
    steps = [FinalScoring(), MjollnirStep(), BrisingamensEnd(), ThrudHome(), YludStep(2), Enlistment(2)]
    if age == 1:
        steps += [
            AgeStart(2),
            CampClear(),
            *[Evaluate(ci) for ci in reversed(range(5))],
            YludStep(1),
            Enlistment(1),
        ]
    return steps


@_handles(RoundEnd)
def _task_round_end(s: State, task: RoundEnd, log: Log) -> None:
    """Everyone takes their coins back (R-ROUND-1); the Age ends when its deck is empty (R-FLOW-3)."""
    for p in s.players:
        if p.hand:  # Uline's owner, or coins left in hand
            hand = p.hand
            hand += filter(None, p.slots)  # the coins on the board (a coin is never false)
            hand.sort(key=_COIN_ORDER)  # the coins' own order, compared in C
        else:
            p.hand = sorted(filter(None, p.slots), key=_COIN_ORDER)
        p.slots = [None] * 5
        p.revealed = [False] * 5
        p.bid_done = False
    s.tavern = -1
    s.order = []
    s.bid_values = []
    if s.decks[s.age]:
        s.tasks.append(_ROUND_START)
    else:
        _ev(log, "age.end", "R-FLOW-3", age=s.age)


def apply(s: State, a: Action) -> tuple[State, list[Event]]:
    """Apply a legal action: returns the new state and the events that explain it.

    :raises IllegalActionError: the action is not legal here; ``s`` is unchanged.
    """
    violation = check(s, a)
    if violation is not None:
        raise IllegalActionError(a, violation)
    if s.viewer is not None:
        raise NidError("a player view cannot be played on; determinize it first (nidlib.core.views)")
    new = s.copy()
    log: list[Event] = []
    _DO[type(a)](new, a, log)
    _run(new, log)
    return new, log


def advance(s: State, a: Action, log: Log = None) -> None:
    """Fast path: apply ``a`` to ``s`` *in place*, without checking it. For bots and playouts only."""
    _DO[type(a)](s, a, log)
    _run(s, log)
