"""The flow check of a loaded state: is this task stack one the engine can produce, here?

:func:`nidlib.core.serialize.state_from_dict` reads every field and checks that every card, coin and
gem is in exactly one place; this module checks the rest, so that a state it accepts plays on to
the end and every state reached on the way saves and loads again:

* the task stack has the shape the engine builds (``nidlib.rules.engine.end_steps`` at the bottom, then
  the round, the tavern being resolved player by player in pick order, one player's pending
  effects on top); the top is always a decision, never an automatic task (R-FLOW-2);
* each decision can be taken: a tavern to pick from, a hero to recruit, columns to discard from,
  a Thrud to place, the Pioneer's drawn cards, Uline's coins in hand...;
* coins, taverns, pick order and ties are where that moment of the game puts them (R-BID-1,
  R-REVEAL-1, R-ORDER-1..3, R-HERO-ULINE-2..5), the round fits the Age deck (R-FLOW-3), and the
  distinctions, the King's Great Armorer card, the green 3 and the gem 6 only exist once their Troop
  Evaluation has happened (R-EVAL-4, R-DIST-*).

Every refusal is a :class:`DocumentError` naming the field and the problem.
"""

from __future__ import annotations

from nidlib.core.cards import CARDS, CLASSES, DISTINCTION_OF, Hero, max_rounds
from nidlib.core.coins import GREEN_3, Coin
from nidlib.core.errors import DocumentError
from nidlib.core.state import Player, State
from nidlib.core.tasks import (
    BidsDue,
    CoinTrade,
    DiscardDue,
    FinalScoring,
    FixOrder,
    HeroDue,
    PickDue,
    PioneerDue,
    RecruitCheck,
    RevealTavern,
    RoundEnd,
    RoundStart,
    Task,
    TavernEnd,
    ThrudDue,
    TradeDiscardDue,
    TransformDue,
    UlineBidDue,
    UlineTradeDue,
    YludDue,
    is_automatic,
    player_of,
    task_to_json,
)
from nidlib.rules.engine import (
    GEMS_BY_PLAYERS,
    TAVERN_SIZE,
    discardable_columns,
    eligible_heroes,
    end_steps,
    has_lines,
    uline_owner,
)

_DIST = [DISTINCTION_OF[c].value for c in CLASSES]  # distinction id per class index


def _fail(path: str, problem: str) -> DocumentError:
    return DocumentError(path, problem)


def check_flow(s: State, *, paused: bool = False) -> None:
    """Raise DocumentError unless ``s`` is a position the engine can reach (see the module docstring).

    ``paused=True`` also accepts a position stopped just before an automatic step (built with
    ``Scenario.build(stop_before=...)``, see :func:`_check_paused`).
    """
    tasks = s.tasks
    if (s.camp is not None or s.idavoll is not None) and not (tasks and is_automatic(tasks[-1])):
        _check_expansion(s)
        return
    if tasks and is_automatic(tasks[-1]):
        if paused:
            _check_paused(s)
            return
        raise _fail(
            f"tasks[{len(tasks) - 1}]",
            f"the top task {tasks[-1].KIND!r} runs by itself: a saved game always waits for a decision"
            " (a position paused before it loads with nidlib.content.scenario.load)",
        )
    skeleton = end_steps(s.age, thingvellir=s.camp is not None)
    j = 0
    while j < len(tasks) and j < len(skeleton) and tasks[j] == skeleton[j]:
        j += 1
    rest = tasks[j:]
    full = len(skeleton)
    if not tasks:
        phase = "over"
        if s.age != 2:
            raise _fail("tasks", "the game cannot be over in Age 1")
    elif j == full:
        phase = "round"
    elif (s.age == 1 and j == 9) or (s.age == 2 and j == 2):
        phase = "ylud"
    elif s.age == 1 and j in (8, 5, 4):
        phase = f"eval{8 - j}"
    else:
        raise _fail(
            f"tasks[{j}]",
            f"the stack under the rounds of Age {s.age} must be {_text(skeleton)} (bottom first)",
        )
    done = _evaluated(s, j)
    _check_awards(s, done)
    if phase == "round":
        _round(s, rest, j)
    else:
        _between_rounds(s, phase)
        _after_rounds(s, phase, rest, j)
    _check_thrud(s)


#: automatic steps a position may be paused before, and where: under the rounds or inside a round
_PAUSE_SKELETON = frozenset({"ylud_step", "eval", "age_start", "thrud_home", "final"})
_PAUSE_ROUND = frozenset({"tavern_end", "round_end"})
#: steps of a round: its deal, a tavern's revelation and pick order (above the end steps), and the
#: recruitment check and coin trade that follow a pick or an effect (above a position of their own)
_PAUSE_TURN = frozenset({"round_start", "tavern", "order", "recruit", "trade"})


def _check_paused(s: State) -> None:
    """A position paused just before an automatic step (R-FLOW-2): the stack is the engine's with that
    step on top, the position fits that moment, and running the automatic steps up to the next decision
    gives a position :func:`check_flow` accepts."""
    from nidlib.rules.engine import _run

    tasks = s.tasks
    top = tasks[-1]
    at = f"tasks[{len(tasks) - 1}]"
    skeleton = end_steps(s.age, thingvellir=s.camp is not None)
    if top.KIND in _PAUSE_SKELETON:
        if tasks != skeleton[: len(tasks)]:
            raise _fail(at, f"the steps under the rounds of Age {s.age} are {_text(skeleton)} (bottom first)")
        _check_awards(s, _evaluated(s, len(tasks)))
        _between_rounds(s, "paused")
        for i, p in enumerate(s.players):
            if Hero.THRUD in p.command_zone and tasks != [FinalScoring()]:
                raise _fail(f"players[{i}].command_zone", "Thrud goes home at the end [R-HERO-THRUD-5]")
            if p.thrud >= 0 and tasks == [FinalScoring()]:
                raise _fail(f"players[{i}].thrud", "Thrud is home before the final scoring [R-HERO-THRUD-5]")
    elif top.KIND in _PAUSE_ROUND:
        if tasks[:-1] != skeleton or (isinstance(top, TavernEnd) and top.tavern != s.tavern):
            raise _fail(
                at, f"{task_to_json(top)} runs at the end of the tavern being resolved, above the rounds"
            )
        if isinstance(top, RoundEnd) and (s.tavern != 2 or s.ties):
            raise _fail(at, "the round ends after the Shining Horse and its gem exchange [R-ROUND-1]")
        _round_count(s)
        _check_awards(s, _evaluated(s, len(skeleton)))
        _resolving(s, uline_owner(s), uline_pending=False)
        if isinstance(top, TavernEnd):
            _pick_order(s)
            if s.options.players > 2 and s.taverns[s.tavern]:
                raise _fail(
                    f"taverns[{s.tavern}]", "each player has taken a card: the tavern is empty [R-PICK-2]"
                )
    elif top.KIND in _PAUSE_TURN:
        _paused_in_round(s, top, at, skeleton)
    else:
        raise _fail(
            at,
            f"a position can be paused before {', '.join(sorted(_PAUSE_SKELETON | _PAUSE_ROUND | _PAUSE_TURN))}",
        )
    after = s.copy()
    _run(after, None)
    check_flow(after)


def _paused_in_round(s: State, top: Task, at: str, skeleton: list[Task]) -> None:
    """Enter the Dwarves, a revelation, a pick order: right above the end steps of the Age. A
    recruitment check or a coin trade: above a position that is itself the engine's (checked so)."""
    tasks = s.tasks
    if isinstance(top, RoundStart | RevealTavern | FixOrder):
        if tasks[:-1] != skeleton:
            raise _fail(
                at, f"{task_to_json(top)} runs right above the steps that end the Age: {_text(skeleton)}"
            )
        if isinstance(top, RoundStart):
            _between_rounds(s, "paused")
            return
        before = top.tavern - 1 if isinstance(top, RevealTavern) else top.tavern
        if s.tavern != before:
            raise _fail(
                "tavern", f"{task_to_json(top)} comes when the tavern resolved is {before} [R-REVEAL-1]"
            )
        return
    assert isinstance(top, RecruitCheck | CoinTrade)
    if isinstance(top, CoinTrade):
        c = s.players[top.player].slots[s.tavern] if 0 <= s.tavern <= 2 else None
        if c is None or not c.is_trading:
            raise _fail(at, "a coin trade follows the pick of a player whose bid here is a 0 [R-TRADE-1]")
    below = s.copy()
    below.tasks.pop()
    if not below.tasks:
        raise _fail(at, f"{task_to_json(top)} never runs after the end of the game")
    check_flow(below, paused=True)


def _check_expansion(s: State) -> None:
    """The flow check of a Thingvellir or Idavoll position (RULES.md A.1.8, A.2.10).

    Lighter than the base game's shape check, and stated honestly: the end steps of the Age lie at the
    bottom of the stack (X-TH-SEQ-3), the top is a decision that has a legal action, each player owns
    5 coins or 4 after Jarnglofi (X-TH-ART-JARNGLOFI-4, already checked by the loader), and the
    position plays on to the end: a seeded random playout from it must finish without an error (so a
    document the loader accepts cannot break a game later on the paths tried).
    """
    from nidlib.rules.engine import advance
    from nidlib.rules.legal import legal_actions

    tasks = s.tasks
    if not tasks:
        if s.age != 2:
            raise _fail("tasks", "the game cannot be over in Age 1")
        return
    skeleton = end_steps(s.age, thingvellir=s.camp is not None)
    bottom = [t for t in tasks if is_automatic(t) and t.KIND in _END_KINDS]
    if (
        bottom != [t for t in skeleton if t.KIND in _END_KINDS][: len(bottom)]
        or tasks[: len(bottom)] != bottom
    ):
        raise _fail(
            "tasks", f"the stack under the rounds of Age {s.age} must be {_text(skeleton)} (bottom first)"
        )
    for ti in range(max(s.tavern, 0)):
        if s.taverns[ti]:
            raise _fail(
                f"taverns[{ti}]", "a resolved tavern is empty: its leftovers were discarded [R-PICK-3]"
            )
    if s.pioneer_draw and not isinstance(tasks[-1], PioneerDue):
        raise _fail(
            "pioneer_draw", "cards are drawn only while the Pioneer's choice waits [R-DIST-PIONEER-1]"
        )
    owner = uline_owner(s)
    for k, t in enumerate(tasks[len(bottom) :], start=len(bottom)):
        if is_automatic(t) and t.KIND not in _IN_ROUND_KINDS:
            raise _fail(
                f"tasks[{k}]", f"{t.KIND!r} runs only when it is pushed, never inside a round [R-FLOW-2]"
            )
        if isinstance(t, BidsDue | TavernEnd | FixOrder) and k != len(bottom):
            raise _fail(
                f"tasks[{k}]",
                f"{t.KIND!r} is the lowest task of a round or tavern: nothing of the round lies under it [R-FLOW-2]",
            )
        if isinstance(t, UlineBidDue) and (
            t.player != owner or t.tavern != s.tavern or tasks[k - 1] != FixOrder(t.tavern)
        ):
            raise _fail(f"tasks[{k}]", "Uline's owner lays a coin on the tavern being revealed [R-REVEAL-2]")
    if s.viewer is not None:
        return
    if not legal_actions(s):
        raise _fail(
            f"tasks[{len(tasks) - 1}]", f"nobody can act on {task_to_json(tasks[-1])} here [R-FLOW-2]"
        )
    import random

    from nidlib.core.serialize import read_state, state_to_dict

    rng = random.Random(0)
    trial = s.copy()
    try:
        rounds = max_rounds(1, s.options.players, idavoll=s.idavoll is not None)
        for _ in range(5000):
            if not trial.tasks:
                read_state(state_to_dict(trial))  # the end it reaches is a valid document too
                return
            if trial.round > (rounds if trial.age == 1 else max_rounds(2, s.options.players)):
                raise _fail(
                    "round", f"this position leads to round {trial.round} of Age {trial.age} [R-FLOW-3]"
                )
            acts = legal_actions(trial)
            if not acts:
                raise _fail("tasks", f"the game gets stuck at {task_to_json(trial.tasks[-1])} [R-FLOW-2]")
            advance(trial, rng.choice(acts))
    except DocumentError as e:
        if e.path.startswith("tasks") or e.path == "":
            raise
        raise _fail(
            "",
            f"this position does not play on to a valid end ({e.path}: {e.problem}): it is not one the rules reach",
        ) from None
    except Exception as e:  # noqa: BLE001 - any engine failure means the document is not a reachable position
        raise _fail(
            "", f"this position cannot be played on ({type(e).__name__}): it is not one the rules reach"
        ) from None


#: automatic tasks a saved position may hold above the end steps: a pick turn's recruitment check, coin
#: trade and Odin's step, the end of the tavern being resolved, a fixed order waiting for Uline's bid
_IN_ROUND_KINDS = frozenset({"recruit", "trade", "odin_step", "tavern_end", "order"})

_END_KINDS = frozenset(
    {
        "final",
        "mjollnir_step",
        "brisingamens_end",
        "thrud_home",
        "ylud_step",
        "enlistment",
        "age_start",
        "camp_clear",
        "eval",
    }
)


def _text(tasks: list[Task]) -> str:
    return ", ".join(str(task_to_json(t)) for t in tasks)


def _evaluated(s: State, j: int) -> set[int]:
    """Class indices whose Troop Evaluation is over (R-EVAL-2: warrior first, explorer last)."""
    if s.age == 2:
        return set(range(5))
    if j >= 9:
        return set()
    return {ci for ci in range(5) if 8 - ci >= j}


def _check_awards(s: State, done: set[int]) -> None:
    holders: dict[str, int] = {}
    for i, p in enumerate(s.players):
        for c in p.command_zone:
            if c in _DIST:
                holders[c] = i
    for ci, dist in enumerate(_DIST):
        if dist in holders and ci not in done:
            # a lesson may build such a position (Scenario does not check the flow), but a document
            # that holds one is refused: its Troop Evaluation would hand the card out a second time
            raise _fail(
                f"players[{holders[dist]}].command_zone",
                f"the {dist} distinction is given at the Troop Evaluation, which has not happened [R-EVAL-4]",
            )
    for i, p in enumerate(s.players):
        if GREEN_3 in p.coins() and holders.get("hunting-master") != i:
            raise _fail(f"players[{i}]", "the green 3 belongs to the Hunting Master [R-DIST-HUNTINGMASTER-1]")
        if p.gem == 6 and holders.get("crown-jeweler") != i:
            raise _fail(f"players[{i}].gem", "the gem 6 belongs to the Crown Jeweler [R-DIST-CROWNJEWELER-1]")
    n = s.options.players
    base = set(GEMS_BY_PLAYERS[n])
    gems = [p.gem for p in s.players]
    if len(s.gems_out) > 1 or (s.gems_out and 6 not in gems):
        raise _fail("gems_out", "one gem leaves the game, when the Crown Jeweler takes the gem 6 [R-GEM-3]")
    for k, g in enumerate(s.gems_out):
        if g not in base or g in gems:
            raise _fail(f"gems_out[{k}]", f"gem {g} is not a gem of this {n}-player game out of play")
    for i, g in enumerate(gems):
        if g != 6 and g not in base:
            raise _fail(f"players[{i}].gem", f"the gems of a {n}-player game are {sorted(base)} [R-SETUP-2]")
    armorer = _where_armorer(s)
    holder = holders.get("kings-great-armorer")
    if (armorer is None) != (holder is None) or (armorer is not None and armorer not in ("discard", holder)):
        raise _fail(
            "players" if holder is None else f"players[{holder}].army.blacksmith",
            "the King's Great Armorer card goes to the winner of the blacksmith distinction [R-DIST-ARMORER-1]",
        )


def _where_armorer(s: State) -> int | str | None:
    for i, p in enumerate(s.players):
        if any("armorer" in col for col in p.columns):
            return i
    if "armorer" in s.discard:
        return "discard"
    if any("armorer" in x for x in (*s.taverns, s.decks[1], s.decks[2], s.pioneer_draw, s.heroes_available)):
        return "elsewhere"
    return None


def _check_thrud(s: State) -> None:
    """An owned Thrud is in a column, waiting to be placed (a "thrud" task), or home at the end."""
    for i, p in enumerate(s.players):
        pending = [t for t in s.tasks if isinstance(t, ThrudDue) and t.player == i]
        owned = Hero.THRUD in p.heroes
        home = Hero.THRUD in p.command_zone
        if home and s.tasks:
            raise _fail(
                f"players[{i}].command_zone", "Thrud goes to the command zone at the end [R-HERO-THRUD-5]"
            )
        if pending:
            if len(pending) > 1 or not owned or p.thrud >= 0 or home:
                raise _fail("tasks", f"players[{i}] has no lifted Thrud to place [R-HERO-THRUD-3]")
        elif owned and p.thrud < 0 and not home:
            raise _fail(
                f"players[{i}].thrud", "Thrud is owned but nowhere: she must be placed [R-HERO-THRUD-3]"
            )


def _coins_held(s: State, i: int, p: Player) -> int:
    return len(p.hand) + (len(p.hidden) if s.viewer is not None and s.viewer != i else 0)


def _between_rounds(s: State, phase: str) -> None:
    """Outside the rounds: coins in hand, taverns empty, no pick order (R-ROUND-1)."""
    if s.tavern != -1:
        raise _fail("tavern", "no tavern is resolved outside the rounds: expected -1")
    _no_order(s)
    for t, row in enumerate(s.taverns):
        if row:
            raise _fail(f"taverns[{t}]", "the taverns are empty between Ages [R-PICK-3]")
    for i, p in enumerate(s.players):
        base = f"players[{i}]"
        # Uline recruited at an Age's end sets bid_done (R-HERO-ULINE-2); the next round resets it
        if (
            (p.bid_done and Hero.ULINE not in p.heroes)
            or any(c is not None for c in p.slots)
            or any(p.revealed)
        ):
            raise _fail(base, "between Ages every coin is back in hand, nothing bid [R-ROUND-1]")
        if _coins_held(s, i, p) != 5:
            raise _fail(f"{base}.hand", "between Ages a player holds their 5 coins [R-ROUND-1]")
    if s.pioneer_draw and not (phase == "eval4" and s.tasks and isinstance(s.tasks[-1], PioneerDue)):
        raise _fail(
            "pioneer_draw", "cards are drawn only while the Pioneer's choice waits [R-DIST-PIONEER-1]"
        )


def _no_order(s: State) -> None:
    for key, value in (("order", s.order), ("ties", s.ties), ("bid_values", s.bid_values)):
        if value:
            raise _fail(key, "there is no pick order outside Tavern Resolution: expected []")


def _after_rounds(s: State, phase: str, rest: list[Task], j: int) -> None:
    """Ylud's placement, and the effects of the Troop Evaluation (R-AGE-1, R-EVAL-4, R-HERO-YLUD-2)."""
    if phase == "over":
        return
    at = f"tasks[{j}]"
    who = player_of(rest[0]) if rest else None
    if phase == "ylud":
        owner = next((i for i, p in enumerate(s.players) if Hero.YLUD in p.heroes), None)
        if owner is None or who != owner:
            raise _fail(
                at, "at the end of an Age only Ylud's owner places her, then recruits [R-HERO-YLUD-2]"
            )
        if rest != [RecruitCheck(owner), YludDue(owner, s.age)]:
            _recruiting(s, owner, rest, j)
        return
    if phase == "eval0":
        top = rest[0] if len(rest) == 1 else None
        if not (isinstance(top, TransformDue) and (top.amount, top.source) == (5, "kings-hand")):
            raise _fail(at, "after the warriors' evaluation only the King's Hand transformation can wait")
        _holds(s, top.player, 0, at)
        _transform(s, top.player, at)
        return
    if phase == "eval3":
        if who is None:
            raise _fail(at, "after the blacksmiths' evaluation only the Armorer's recruitment can wait")
        _holds(s, who, 3, at)
        _recruiting(s, who, rest, j)
        return
    # eval4: the Pioneer's choice (R-DIST-PIONEER-1), then the kept card's effects
    first = rest[0] if rest else None
    if who is None or not isinstance(first, PioneerDue | TransformDue | RecruitCheck | HeroDue):
        raise _fail(at, "after the explorers' evaluation only the Pioneer of the Kingdom's choice can wait")
    _holds(s, who, 4, at)
    if isinstance(first, PioneerDue):
        if len(rest) != 1:
            raise _fail(at, "the Pioneer's choice is the only task waiting")
        if not s.pioneer_draw and s.viewer is None:
            raise _fail("pioneer_draw", "the Pioneer has no drawn card to choose from [R-DIST-PIONEER-1]")
        if len(s.pioneer_draw) > 3 or any(c not in _AGE2 for c in s.pioneer_draw):
            raise _fail("pioneer_draw", "the Pioneer draws 3 cards from the Age II deck [R-DIST-PIONEER-1]")
    elif isinstance(first, TransformDue):
        if len(rest) != 1 or first.source != "offering":
            raise _fail(at, "only a kept Royal Offering's transformation can wait here [R-DIST-PIONEER-2]")
        _transform(s, first.player, at)
    else:
        _recruiting(s, who, rest, j)


_AGE2 = frozenset(cid for cid, c in CARDS.items() if c.age == 2)


def _holds(s: State, i: int, ci: int, at: str) -> None:
    if _DIST[ci] not in s.players[i].command_zone:
        raise _fail(at, f"players[{i}] does not hold the {_DIST[ci]} distinction whose effect waits here")


def _transform(s: State, i: int, at: str) -> None:
    p = s.players[i]
    if all(c.is_trading for c in p.coins()):
        raise _fail(at, "no coin of this player can be transformed [R-XFORM-1]")


def _recruiting(s: State, i: int, rest: list[Task], j: int) -> None:
    """A recruitment in progress: ``[hero i]``, or ``[recruit i]`` under the effects it waits for."""
    at = f"tasks[{j}]"
    if rest and rest[0] == RecruitCheck(i):
        _effects(s, i, rest[1:], j + 1)
        return
    if rest != [HeroDue(i)]:
        raise _fail(
            at, f"players[{i}]'s recruitment: expected ['hero', {i}] or ['recruit', {i}] and its effects"
        )
    p = s.players[i]
    if not eligible_heroes(s, p) or not has_lines(p, len(p.heroes) + 1):
        raise _fail(at, f"players[{i}] has no hero to recruit now [R-RECRUIT-1, R-RECRUIT-7]")


def _effects(s: State, i: int, effects: list[Task], start: int) -> None:
    """Effects waiting above a player's recruitment check (R-RECRUIT-3, R-SEQ-2, R-HERO-THRUD-3)."""
    at = f"tasks[{start}]"
    if not effects:
        raise _fail(at, "a recruitment check runs by itself: it cannot be the top task")
    kinds = [t.KIND for t in effects]
    for k, t in enumerate(effects):
        if player_of(t) != i:
            raise _fail(f"tasks[{start + k}]", f"only players[{i}] has effects pending here")
    p = s.players[i]
    if kinds not in (["thrud"], ["transform"], ["discard"], ["thrud", "discard"]):
        raise _fail(at, f"the engine never stacks {kinds} above a recruitment check")
    top = effects[-1]
    if isinstance(top, TransformDue):
        if top.source == "kings-hand":
            raise _fail(at, "the King's Hand transformation happens only at the Troop Evaluation")
        if top.source == "grid" and Hero.GRID not in p.heroes:
            raise _fail(at, f"players[{i}] does not own Grid [R-HERO-GRID-2]")
        _transform(s, i, at)
    elif isinstance(top, DiscardDue):
        hero = Hero.BONFUR if top.count == 1 else Hero.DAGDA
        if hero not in p.heroes or len(discardable_columns(p, top.exclude)) < top.count:
            raise _fail(
                at, f"players[{i}] cannot discard {top.count} card(s) now [R-HERO-BONFUR-2, R-HERO-DAGDA-2]"
            )


def _round_count(s: State) -> None:
    n = s.options.players
    per_round = 3 * TAVERN_SIZE[n]
    left = -(-len(s.decks[s.age]) // per_round)
    if s.round < 1 or s.round + left > max_rounds(s.age, n):
        raise _fail(
            "round",
            f"round {s.round} with {len(s.decks[s.age])} cards left in the Age {s.age} deck: an Age "
            f"has {max_rounds(s.age, n)} rounds at most [R-FLOW-3]",
        )


def _round(s: State, rest: list[Task], j: int) -> None:
    n = s.options.players
    _round_count(s)
    if s.pioneer_draw:
        raise _fail(
            "pioneer_draw", "cards are drawn only while the Pioneer's choice waits [R-DIST-PIONEER-1]"
        )
    at = f"tasks[{j}]"
    owner = uline_owner(s)
    if rest == [BidsDue()]:
        _bidding(s, owner)
        return
    if len(rest) == 2 and isinstance(rest[0], FixOrder) and isinstance(rest[1], UlineBidDue):
        t = rest[0].tavern
        if owner is None or s.tavern != t or rest[1] != UlineBidDue(owner, t):
            raise _fail(at, "Uline's owner lays a coin on the tavern being revealed [R-REVEAL-2]")
        _resolving(s, owner, uline_pending=True)
        if s.ties or (s.order and sorted(s.order) != list(range(n))) or len(s.bid_values) not in (0, n):
            raise _fail("order", "the pick order of this tavern is not fixed yet [R-ORDER-3]")
        p = s.players[owner]
        if not p.hand and s.viewer in (None, owner):
            raise _fail(f"players[{owner}].hand", "Uline's owner has no coin left to lay [R-HERO-ULINE-4]")
        return
    if not rest or rest[0] != TavernEnd(s.tavern):
        raise _fail(at, "a round is at its bids, or resolving the tavern given by 'tavern' [R-FLOW-2]")
    _resolving(s, owner, uline_pending=False)
    _pick_order(s)
    _turns(s, rest[1:], j + 1)


def _bidding(s: State, owner: int | None) -> None:
    """Bids (R-BID-1): each player's 5 coins in hand until they bid, then on the 5 spaces face down."""
    if s.tavern != -1:
        raise _fail("tavern", "no tavern is resolved during the bids: expected -1")
    _no_order(s)
    if not any(s.taverns):
        raise _fail("taverns", "the bids follow the Dwarves entering the taverns [R-ENTER-1]")
    waiting = False
    for i, p in enumerate(s.players):
        base = f"players[{i}]"
        if any(p.revealed):
            raise _fail(f"{base}.revealed", "no coin is revealed during the bids [R-BID-2]")
        placed = sum(c is not None for c in p.slots)
        held = _coins_held(s, i, p)
        if i == owner:
            if not p.bid_done or placed or held != 5:
                raise _fail(base, "Uline's owner keeps her coins in hand and does not bid [R-BID-4]")
        elif not p.bid_done:
            waiting = True
            if placed or held != 5:
                raise _fail(base, "a player who has not bid holds their 5 coins [R-BID-1]")
        elif p.hand or (placed != 5 and (s.viewer in (None, i) or placed + len(p.hidden) != 5)):
            raise _fail(base, "a player who has bid has a coin on each of the 5 spaces [R-BID-1]")
    if not waiting:
        raise _fail("players", "the bids are over once everybody has bid [R-BID-3]")


def _resolving(s: State, owner: int | None, *, uline_pending: bool) -> None:
    """During the resolution of tavern t: bids revealed up to t (R-REVEAL-1), Uline's coins (R-HERO-ULINE-4)."""
    t = s.tavern
    for k in range(t):
        if s.taverns[k]:
            raise _fail(f"taverns[{k}]", "a resolved tavern is empty [R-PICK-3]")
    for i, p in enumerate(s.players):
        base = f"players[{i}]"
        if not p.bid_done:
            raise _fail(f"{base}.bid_done", "every bid is placed before the taverns are resolved [R-BID-3]")
        if i == owner:
            for k in range(5):
                c = p.slots[k]
                if (c is not None) != p.revealed[k] or (
                    c is not None and (k > t or (k == t and uline_pending))
                ):
                    raise _fail(
                        f"{base}.slots[{k}]",
                        "Uline's owner lays face up one coin per revealed tavern [R-HERO-ULINE-4]",
                    )
            continue
        if p.revealed != [k <= t for k in range(3)] + [False, False]:
            raise _fail(
                f"{base}.revealed", f"the bids up to tavern {t} are revealed, the others not [R-REVEAL-1]"
            )
        hidden_ok = s.viewer not in (None, i)
        for k in range(5):
            if p.slots[k] is None and not (hidden_ok and not p.revealed[k]):
                raise _fail(f"{base}.slots[{k}]", "a bid coin is on each of the 5 spaces [R-BID-1]")
        if p.hand:
            raise _fail(
                f"{base}.hand", "only Uline's owner has coins in hand during the taverns [R-HERO-ULINE-2]"
            )


def _pick_order(s: State) -> None:
    """The pick order and ties fixed at the revelation (R-ORDER-1..3), from the bids and gems."""
    n = s.options.players
    if sorted(s.order) != list(range(n)) or len(s.bid_values) != n:
        raise _fail("order", "the pick order lists every player once, with every bid [R-ORDER-1]")
    values = s.bid_values
    order = sorted(range(n), key=lambda i: (-(values[i] or 0), -s.players[i].gem))
    if s.order != order:
        raise _fail("order", f"bids {values} and gems give the order {order} [R-ORDER-1, R-ORDER-2]")
    groups: dict[int, list[int]] = {}
    for i in order:
        v = values[i]
        if v is not None:
            groups.setdefault(v, []).append(i)
    if s.ties != [g for g in groups.values() if len(g) > 1]:
        raise _fail("ties", "the ties are the players with equal bids, in pick order [R-ORDER-2]")
    for i, p in enumerate(s.players):
        c = p.slots[s.tavern]
        if values[i] is None and c is not None:
            raise _fail(f"bid_values[{i}]", "this player's bid is on the tavern [R-REVEAL-1]")


def _turns(s: State, seq: list[Task], j: int) -> None:
    """The players still to pick, in pick order: [trade], recruit, pick each (R-ORDER-1, R-TRADE-1)."""
    t = s.tavern
    segments: list[tuple[int, bool, str]] = []  # (player, trade pending, state)
    k = 0
    while k < len(seq):
        at = f"tasks[{j + k}]"
        task = seq[k]
        if not isinstance(task, CoinTrade | RecruitCheck | HeroDue | UlineTradeDue | TradeDiscardDue):
            raise _fail(
                at, f"a player's turn is made of a pick, a recruitment check and a trade, not {task.KIND!r}"
            )
        i = task.player
        if segments and segments[-1][2] != "waiting":
            raise _fail(at, "one player at a time resolves their turn [R-ORDER-1]")
        trade = task == CoinTrade(i)
        if trade:
            k += 1
        last = seq[k] if k < len(seq) else None
        if k + 1 < len(seq) and last == RecruitCheck(i) and seq[k + 1] == PickDue(i):
            k += 2
            segments.append((i, trade, "waiting"))
        elif last in (RecruitCheck(i), HeroDue(i)):
            _recruiting(s, i, seq[k:], j + k)
            k = len(seq)
            segments.append((i, trade, "recruiting"))
        elif not trade and k == len(seq) - 1 and isinstance(last, UlineTradeDue | TradeDiscardDue):
            _trading(s, i, last, f"tasks[{j + k}]")
            k += 1
            segments.append((i, False, "trading"))
        else:
            raise _fail(
                f"tasks[{j + k}]", f"players[{i}]'s turn must have a recruitment check after the pick"
            )
    if not segments:
        raise _fail(f"tasks[{j - 1}]", "the end of a tavern runs by itself: it cannot be the top task")
    players = [seg[0] for seg in reversed(segments)]
    n = s.options.players
    if players != s.order[n - len(players) :]:
        raise _fail(
            f"tasks[{j}]", f"the players still to pick must follow the pick order {s.order} [R-ORDER-1]"
        )
    for i, trade, state in segments:
        c = s.players[i].slots[t]
        if state != "trading" and trade != (c is not None and c.is_trading):
            raise _fail(
                f"tasks[{j}]",
                f"players[{i}] trades after picking if and only if they bid a 0 here [R-TRADE-1]",
            )
    if segments[-1][2] == "waiting" and not s.taverns[t]:
        raise _fail(f"taverns[{t}]", "the player on turn must have a card to pick [R-PICK-1]")


def _trading(s: State, i: int, task: UlineTradeDue | TradeDiscardDue, at: str) -> None:
    """A coin trade waiting for its owner's choice (R-TRADE-4, R-HERO-ULINE-5)."""
    p = s.players[i]
    c = p.slots[s.tavern]
    if s.viewer not in (None, i):
        return  # another player's coins: a view hides them
    if c is None or not c.is_trading:
        raise _fail(at, "a trade follows a trading coin bid on this tavern [R-TRADE-1]")
    uline = Hero.ULINE in p.heroes
    if isinstance(task, UlineTradeDue):
        if not uline or len(p.hand) <= 2:
            raise _fail(at, "Uline's owner chooses two coins of more than two in hand [R-HERO-ULINE-5]")
        return
    coins: list[Coin | None]
    if task.locations is None:
        coins = [p.slots[3], p.slots[4]]
        if uline:
            raise _fail(at, "Uline's owner trades coins from her hand [R-HERO-ULINE-5]")
    else:
        if not uline:
            raise _fail(at, "only Uline's owner trades coins from her hand [R-HERO-ULINE-5]")
        idx = [int(loc[1:]) for loc in task.locations]
        coins = [p.hand[x] if x < len(p.hand) else None for x in idx]
    a, b = coins
    if not (isinstance(a, Coin) and isinstance(b, Coin)) or a.value != b.value or a.kind == b.kind:
        raise _fail(at, "the owner chooses only between two equal coins of different kinds [R-TRADE-4]")
