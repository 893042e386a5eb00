"""Idavoll (RULES.md A.2, A.3): Mythology cards in the Dancing Dragon, Animals, Gods, Giants, Valkyries.

The expansion is an addition beside the base game, switched on by ``Options.expansions``
(``State.idavoll`` is then an :class:`~nidlib.core.state.Idavoll`). Enter the Dwarves fills the
Dancing Dragon from the Mythology deck in Age I rounds 1-3 and pushes :class:`GodsStep` (Loki, then
Freya) before the bids (:mod:`nidlib.rules.bidding`); this module wraps the pick of a card (Mythology
cards, a Giant's capture choice, Loki's reservation, Odin after the turn), registers the Gods' and
Giants' actions, and answers the legal questions of its decisions. The Valkyries' notches live in
:mod:`nidlib.rules.valkyries`; Thor, Durathor and Thrivaldi's free hero are cheap questions in
:mod:`nidlib.rules.base` (``discards_needed``, ``heroes_for_lines``).

Rule ids: X-ID-1, X-ID-2, X-ID-3, X-ID-4, X-ID-5, X-ID-7, X-ID-8, X-ID-SEQ-1, X-ID-SEQ-3,
X-ID-ANIMAL-HREASVELG-1, X-ID-ANIMAL-HREASVELG-3, X-ID-GOD-LOKI-1, X-ID-GOD-LOKI-3, X-ID-GOD-FREYA-1,
X-ID-GOD-FREYA-2, X-ID-GOD-FRIGG-1, X-ID-GOD-FRIGG-2, X-ID-GOD-FRIGG-4, X-ID-GOD-ODIN-1, X-ID-GOD-ODIN-2,
X-ID-GOD-ODIN-3, X-ID-GOD-ODIN-4, X-ID-GOD-THOR-1, X-ID-GOD-THOR-2, X-ID-GIANT-3, X-ID-GIANT-HRUNGNIR-1,
X-ID-GIANT-HRUNGNIR-3, X-ID-GIANT-SKYMIR-1, X-ID-GIANT-SKYMIR-2, X-ID-GIANT-THRIVALDI-1, X-ID-VALK-OLRUN-1,
X-ID-VALK-SIGRDRIFA-1, X-BOTH-3, X-BOTH-4, D-X06, D-X19, X-ID-DECK-2, X-ID-GIANT-2, X-ID-GIANT-THRIVALDI-3,
X-ID-GOD-LOKI-2, X-ID-INT-1, R-TREAS-1.
"""

from __future__ import annotations

from typing import Any, get_args

from nidlib.core.actions import (
    Action,
    Capture,
    ChooseOlrun,
    Frigg,
    FriggKeep,
    HrungnirCoin,
    IdavollAction,
    KeepMyth,
    Odin,
    Pick,
    PlaceGullinbursti,
    Recruit,
    Reserve,
    Swap,
    Thor,
)
from nidlib.core.cards import (
    CARDS,
    CLASSES,
    GIANT_CLASS,
    GIANT_INDEX,
    GULLINBURSTI,
    CardKind,
    Hero,
    Myth,
)
from nidlib.core.coins import Coin
from nidlib.core.errors import Violation
from nidlib.core.state import FACE_DOWN, Idavoll, State
from nidlib.core.tasks import (
    CaptureDue,
    CardDiscardDue,
    CoinTrade,
    DecisionKind,
    DiscardDue,
    FreyaDue,
    FriggDue,
    GodsStep,
    GullinburstiDue,
    HeroDue,
    HrungnirDue,
    LokiDue,
    OdinDue,
    OdinStep,
    OlrunDue,
    PickDue,
    RecruitCheck,
    SkymirDue,
)
from nidlib.rules import thingvellir as _thingvellir  # noqa: F401  (first: Idavoll wraps its pick and recruit)
from nidlib.rules.base import (
    _CHECK,
    _DO,
    _HERO_DUE,
    _LEGAL,
    _RECRUIT,
    COLUMN_OF,
    MYTH_KINDS,
    THOR,
    Log,
    _any_eligible,
    _c,
    _card,
    _does,
    _ev,
    _handles,
    _t,
    eligible_heroes,
    thor_ready,
)
from nidlib.rules.taverns import _put
from nidlib.rules.trades import transform_at
from nidlib.rules.valkyries import SIGRDRIFA, notch

FREYA = Myth.FREYA.value
FRIGG = Myth.FRIGG.value
LOKI = Myth.LOKI.value
ODIN = Myth.ODIN.value
HREASVELG = Myth.HREASVELG.value
OLRUN = Myth.OLRUN.value
HRUNGNIR = Myth.HRUNGNIR.value
SKYMIR = Myth.SKYMIR.value
THRIVALDI = Myth.THRIVALDI.value
#: the Giant waiting for a dwarf of each class (X-ID-8)
GIANT_OF_CLASS: dict[int, str] = {CLASSES.index(cls): g for g, cls in GIANT_CLASS.items()}
#: what Frigg can replace: a Dwarf card or a Royal Offering of the tavern (X-ID-GOD-FRIGG-1/2)
_FRIGG_KINDS = frozenset({CardKind.DWARF, CardKind.ROYAL_OFFERING})
_ZOLKUR = Hero.ZOLKUR.value
_THRUD = Hero.THRUD.value
_YLUD = Hero.YLUD.value


def _part(s: State) -> Idavoll:
    part = s.idavoll
    assert part is not None, "an Idavoll task in a game without Idavoll"
    return part


def owner_of(s: State, cid: str) -> int | None:
    """The player whose command zone holds ``cid`` (a God, Giant or Valkyrie), if any."""
    for i, p in enumerate(s.players):
        if cid in p.command_zone:
            return i
    return None


def power_ready(s: State, i: int, god: str) -> bool:
    """Whether player ``i`` owns ``god`` with its Power token unused (X-ID-7)."""
    return god in s.players[i].command_zone and god not in _part(s).used


def pending_giant(s: State, i: int, ci: int) -> str | None:
    """The Giant of player ``i`` waiting for a dwarf of column ``ci``, if any (X-ID-8, X-ID-GIANT-2)."""
    g = GIANT_OF_CLASS.get(ci)
    if g is None or g not in s.players[i].command_zone:
        return None
    return g if _part(s).captured[GIANT_INDEX[g]] == "" else None


def captured_card(s: State, giant: str) -> str:
    """The card ``giant`` captured, or "" (none yet, or turned face down) (X-ID-8)."""
    entry = _part(s).captured[GIANT_INDEX[giant]]
    return "" if entry == FACE_DOWN else entry


# --- Enter the Dwarves: Loki and Freya (X-ID-SEQ-1) ----------------------------------------------------


@_handles(GodsStep)
def _task_gods(s: State, task: GodsStep, log: Log) -> None:
    """After the taverns (and the Camp) are filled: Loki's reservation, then Freya's swap, then the bids."""
    for god, due in ((FREYA, FreyaDue), (LOKI, LokiDue)):  # Loki on top: he acts first
        i = owner_of(s, god)
        if i is not None and power_ready(s, i, god):
            s.tasks.append(due(i))


def _do_reserve(s: State, a: Reserve, log: Log) -> None:
    s.tasks.pop()
    p = s.players[a.player]
    if not a.card:
        _ev(log, "loki.pass", "X-ID-GOD-LOKI-1", a.player, name=p.name)
        return
    part = _part(s)
    part.used.append(LOKI)
    part.loki = a.card
    t = next(k for k, row in enumerate(s.taverns) if a.card in row)
    _ev(log, "loki.reserve", "X-ID-GOD-LOKI-1", a.player, name=p.name, card=_card(a.card), tavern=_t(t))


def freya_pairs(s: State) -> list[tuple[str, str]]:
    """The swaps Freya may make: two cards of two different taverns, never Loki's card (X-ID-GOD-FREYA-1/2)."""
    loki = _part(s).loki
    rows = [[c for c in row if c != loki] for row in s.taverns]
    return [(x, y) for t in range(3) for u in range(t + 1, 3) for x in rows[t] for y in rows[u]]


def _do_swap(s: State, a: Swap, log: Log) -> None:
    s.tasks.pop()
    p = s.players[a.player]
    if not a.cards[0]:
        _ev(log, "freya.pass", "X-ID-GOD-FREYA-1", a.player, name=p.name)
        return
    _part(s).used.append(FREYA)
    x, y = a.cards
    tx = next(k for k, row in enumerate(s.taverns) if x in row)
    ty = next(k for k, row in enumerate(s.taverns) if y in row)
    s.taverns[tx][s.taverns[tx].index(x)] = y
    s.taverns[ty][s.taverns[ty].index(y)] = x
    _ev(
        log,
        "freya.swap",
        "X-ID-GOD-FREYA-1",
        a.player,
        name=p.name,
        a=_card(x),
        b=_card(y),
        ta=_t(tx),
        tb=_t(ty),
    )


# --- a pick turn (X-ID-SEQ-3) ----------------------------------------------------------------------------

_BASE_PICK = _DO[Pick]  # the base game's pick, wrapped by Thingvellir's Camp visit


def _odin_after_turn(s: State, i: int, cid: str = "") -> None:
    """Odin's owner may exchange a hero at the end of this pick turn (also the turn Odin is taken), after
    its coin trade: an :class:`OdinStep` goes under this turn's recruitment check and trade
    (X-ID-GOD-ODIN-1, X-BOTH-4)."""
    if not (cid == ODIN or power_ready(s, i, ODIN)):
        return
    tasks = s.tasks
    k = len(tasks)
    while k:
        below = tasks[k - 1]
        if not (isinstance(below, RecruitCheck | CoinTrade | PickDue) and below.player == i):
            break
        k -= 1
    if not (k and isinstance(tasks[k - 1], OdinStep)):
        tasks.insert(k, OdinStep(i))


def _loki_before_pick(s: State, i: int, cid: str, log: Log) -> None:
    """Loki's reservation is fulfilled when its owner takes the card; it lapses when the owner takes
    another card of that tavern (or visits the Camp, or uses Frigg) (X-ID-GOD-LOKI-3, X-ID-GOD-FRIGG-4)."""
    part = _part(s)
    if not part.loki:
        return
    if cid == part.loki:
        part.loki = ""
        _ev(log, "loki.taken", "X-ID-GOD-LOKI-3", i, name=s.players[i].name, card=_card(cid))
    elif part.loki in s.taverns[s.tavern] and LOKI in s.players[i].command_zone:
        _ev(log, "loki.lapses", "X-ID-GOD-LOKI-3", i, name=s.players[i].name, card=_card(part.loki))
        part.loki = ""


def _do_pick(s: State, a: Pick, log: Log) -> None:
    if s.idavoll is None:
        _BASE_PICK(s, a, log)
        return
    _odin_after_turn(s, a.player, a.card)
    _loki_before_pick(s, a.player, a.card, log)
    _take(s, a, log)


def _take(s: State, a: Pick, log: Log) -> None:
    """The card of a pick turn: a Mythology card (X-ID-5), a dwarf a Giant waits for (X-ID-8), or the
    base game's (and Thingvellir's) pick."""
    i, cid = a.player, a.card
    card = CARDS[cid]
    if card.kind in MYTH_KINDS and cid in s.taverns[s.tavern]:
        s.tasks.pop()
        s.taverns[s.tavern].remove(cid)
        _ev(log, "pick.myth", "X-ID-4", i, name=s.players[i].name, card=_card(cid), tavern=_t(s.tavern))
        gain_myth(s, i, cid, log)
        return
    if card.kind is CardKind.DWARF and cid in s.taverns[s.tavern]:
        giant = pending_giant(s, i, COLUMN_OF[cid])
        if giant is not None:  # X-ID-8, X-ID-GIANT-3: capture or place, the player's choice
            s.tasks.pop()
            s.taverns[s.tavern].remove(cid)
            _ev(
                log,
                "giant.waiting",
                "X-ID-8",
                i,
                name=s.players[i].name,
                card=_card(cid),
                giant=_card(giant),
                tavern=_t(s.tavern),
            )
            s.tasks.append(CaptureDue(i, cid))
            return
    _BASE_PICK(s, a, log)


def gain_myth(s: State, i: int, cid: str, log: Log) -> None:
    """A Mythology card reaches player ``i`` (a pick, or Skymir): an Animal to its column, a God, Giant or
    Valkyrie to the command zone (X-ID-5); Hreasvelg brings Gullinbursti, Ölrun asks for her class."""
    p = s.players[i]
    card = CARDS[cid]
    if card.kind is CardKind.ANIMAL:
        if cid == HREASVELG and _gullinbursti_aside(
            s
        ):  # X-ID-ANIMAL-HREASVELG-1/3: after Thrud's re-placement
            s.tasks.append(GullinburstiDue(i))
        _ev(log, "myth.animal", "X-ID-5", i, name=p.name, card=_card(cid), cls=_c(COLUMN_OF[cid]))
        s.tasks.append(_RECRUIT[i])
        _put(s, i, cid, COLUMN_OF[cid], log)  # lifts Thrud (X-ID-INT-1); Ölrun (X-ID-VALK-OLRUN-1)
        return
    p.command_zone.append(cid)
    _ev(log, f"myth.{card.kind.value}", "X-ID-5", i, name=p.name, card=_card(cid))
    if cid == OLRUN:
        s.tasks.append(OlrunDue(i))


def _gullinbursti_aside(s: State) -> bool:
    gid = GULLINBURSTI.id
    return gid not in _part(s).removed and not any(gid in col for p in s.players for col in p.columns)


def _do_gullinbursti(s: State, a: PlaceGullinbursti, log: Log) -> None:
    s.tasks.pop()
    ci = CLASSES.index(a.column)
    _ev(
        log,
        "myth.gullinbursti",
        "X-ID-ANIMAL-HREASVELG-1",
        a.player,
        name=s.players[a.player].name,
        cls=_c(ci),
    )
    s.tasks.append(_RECRUIT[a.player])
    _put(s, a.player, GULLINBURSTI.id, ci, log)


def _do_olrun(s: State, a: ChooseOlrun, log: Log) -> None:
    s.tasks.pop()
    ci = CLASSES.index(a.column)
    _part(s).olrun = ci
    _ev(log, "myth.olrun-class", "X-ID-VALK-OLRUN-1", a.player, name=s.players[a.player].name, cls=_c(ci))


# --- Giants (X-ID-8) ------------------------------------------------------------------------------------


def _do_capture(s: State, a: Capture, log: Log) -> None:
    task = s.tasks.pop()
    assert isinstance(task, CaptureDue)
    i, cid = a.player, task.card
    p = s.players[i]
    ci = COLUMN_OF[cid]
    giant = GIANT_OF_CLASS[ci]
    part = _part(s)
    if not a.capture:
        part.captured[GIANT_INDEX[giant]] = FACE_DOWN
        _ev(log, "giant.face-down", "X-ID-8", i, name=p.name, card=_card(cid), giant=_card(giant))
        _put(s, i, cid, ci, log)
        return
    part.captured[GIANT_INDEX[giant]] = cid
    _ev(log, "giant.capture", "X-ID-8", i, name=p.name, card=_card(cid), giant=_card(giant))
    if giant == HRUNGNIR:
        _hrungnir(s, i, log)
    elif giant == SKYMIR:
        _skymir(s, i, log)
    elif giant == THRIVALDI:  # X-ID-GIANT-THRIVALDI-1: a hero regardless of lines (its prerequisite applies)
        if _any_eligible(s, p):
            s.tasks.append(_HERO_DUE[i])
        else:
            _ev(log, "giant.thrivaldi-none", "X-ID-GIANT-THRIVALDI-3", i, name=p.name)


def _hrungnir(s: State, i: int, log: Log) -> None:
    """+2 on each coin but the trading coins, in board order: Goblin, Dragon, Horse, pouch
    (X-ID-GIANT-HRUNGNIR-1), then Uline's owner's hand coins in the order of their choice
    (X-ID-GIANT-HRUNGNIR-3)."""
    p = s.players[i]
    for k, loc in enumerate(("t0", "t1", "t2", "p0", "p1")):
        c = p.slots[k]
        if c is not None and not c.is_trading:
            transform_at(s, i, loc, 2, "hrungnir", log)
    _hrungnir_hand(s, i, [c for c in p.hand if not c.is_trading], log)


def _hrungnir_hand(s: State, i: int, todo: list[Coin], log: Log) -> None:
    """The hand coins still to transform: a choice while two different coins remain (the order can
    matter when the Royal Treasure runs short, R-TREAS-1), else the rest at once (X-ID-GIANT-HRUNGNIR-3)."""
    if len(set(todo)) >= 2:
        s.tasks.append(HrungnirDue(i, ",".join(str(c) for c in sorted(todo))))
        return
    p = s.players[i]
    for c in todo:
        transform_at(s, i, f"h{p.hand.index(c)}", 2, "hrungnir", log)


def hrungnir_coins(task: HrungnirDue) -> list[Coin]:
    """The hand coins a :class:`HrungnirDue` still transforms (its ``coins`` text)."""
    return [Coin.parse(t) for t in task.coins.split(",")]


def _do_hrungnir(s: State, a: HrungnirCoin, log: Log) -> None:
    task = s.tasks.pop()
    assert isinstance(task, HrungnirDue)
    todo = hrungnir_coins(task)
    todo.remove(a.coin)
    p = s.players[a.player]
    _ev(log, "giant.hrungnir-next", "X-ID-GIANT-HRUNGNIR-3", a.player, name=p.name, coin=a.coin.value)
    transform_at(s, a.player, f"h{p.hand.index(a.coin)}", 2, "hrungnir", log)
    _hrungnir_hand(s, a.player, todo, log)


def _skymir(s: State, i: int, log: Log) -> None:
    """Draw 5 of the Mythology reserve (all if fewer), keep 2 (X-ID-GIANT-SKYMIR-1/2)."""
    part = _part(s)
    reserve = part.reserve
    drawn = [reserve.pop() for _ in range(min(5, len(reserve)))]
    _ev(log, "giant.skymir-draw", "X-ID-GIANT-SKYMIR-1", i, name=s.players[i].name, count=len(drawn))
    if len(drawn) <= 2:
        for cid in reversed(drawn):
            gain_myth(s, i, cid, log)
        return
    part.drawn = drawn
    _ev(
        log,
        "giant.skymir-cards",
        "X-ID-GIANT-SKYMIR-1",
        i,
        visible_to=i,
        name=s.players[i].name,
        cards=[_card(c) for c in drawn],
    )
    s.tasks.append(SkymirDue(i))


def _do_keep_myth(s: State, a: KeepMyth, log: Log) -> None:
    s.tasks.pop()
    part = _part(s)
    rest = [c for c in part.drawn if c not in a.cards]
    part.reserve[0:0] = rest  # under the reserve (X-ID-DECK-2, D-X06)
    part.drawn = []
    _ev(
        log,
        "giant.skymir-keep",
        "X-ID-GIANT-SKYMIR-1",
        a.player,
        name=s.players[a.player].name,
        cards=[_card(c) for c in a.cards],
        back=len(rest),
    )
    for cid in reversed(a.cards):  # the first card's decisions come first
        gain_myth(s, a.player, cid, log)


# --- Frigg (X-ID-GOD-FRIGG-1..4) ------------------------------------------------------------------------


def frigg_allowed(s: State, i: int, cid: str) -> Violation | None:
    """Why Frigg cannot replace ``cid`` now, or ``None``."""
    if not power_ready(s, i, FRIGG):
        return _v("X-ID-GOD-FRIGG-1", "err.frigg-owner", name=s.players[i].name)
    if cid not in s.taverns[s.tavern] or CARDS[cid].kind not in _FRIGG_KINDS:
        return _v("X-ID-GOD-FRIGG-2", "err.frigg-card", card=_card(cid), tavern=_t(s.tavern))
    if len(s.decks[s.age]) < 3:
        return _v("X-ID-GOD-FRIGG-2", "err.frigg-deck", count=len(s.decks[s.age]))
    return _loki_blocks(s, i, cid)


def _do_frigg(s: State, a: Frigg, log: Log) -> None:
    i = a.player
    _odin_after_turn(s, i)
    _loki_before_pick(s, i, "", log)  # Frigg on another card: the reservation lapses (X-ID-GOD-FRIGG-4)
    s.tasks.pop()
    part = _part(s)
    part.used.append(FRIGG)
    s.taverns[s.tavern].remove(a.card)
    deck = s.decks[s.age]
    deck.insert(0, a.card)
    part.drawn = [deck.pop() for _ in range(3)]
    name = s.players[i].name
    _ev(log, "frigg.use", "X-ID-GOD-FRIGG-1", i, name=name, card=_card(a.card), tavern=_t(s.tavern))
    _ev(
        log,
        "frigg.draw",
        "X-ID-GOD-FRIGG-1",
        i,
        visible_to=i,
        name=name,
        cards=[_card(c) for c in part.drawn],
    )
    s.tasks.append(FriggDue(i))


def _do_frigg_keep(s: State, a: FriggKeep, log: Log) -> None:
    """The kept card is this pick turn's card, taken in the tavern (a Giant may capture it, ENGINE
    CHOICE X-ID-GOD-FRIGG-4); the other two go to the bottom of the Age deck (X-ID-GOD-FRIGG-1/3)."""
    s.tasks.pop()
    i = a.player
    part = _part(s)
    s.decks[s.age][0:0] = list(a.under)
    part.drawn = []
    _ev(log, "frigg.keep", "X-ID-GOD-FRIGG-1", i, name=s.players[i].name, card=_card(a.card))
    s.taverns[s.tavern].append(a.card)
    s.tasks.append(PickDue(i))
    _take(s, Pick(i, a.card), log)


# --- Odin (X-ID-GOD-ODIN-1..4) --------------------------------------------------------------------------


def odin_gives(s: State, i: int) -> list[str]:
    """Heroes Odin may return: neutral heroes in the command zone (ENGINE CHOICE X-ID-GOD-ODIN-2)."""
    p = s.players[i]
    return [h for h in p.heroes if CARDS[h].cls is None and h in p.command_zone and h != _THRUD]


def odin_takes(s: State, i: int) -> list[str]:
    """Neutral heroes of the display whose prerequisite holds (X-ID-GOD-ODIN-2)."""
    return [h for h in eligible_heroes(s, s.players[i]) if CARDS[h].cls is None]


@_handles(OdinStep)
def _task_odin_step(s: State, task: OdinStep, log: Log) -> None:
    i = task.player
    if s.idavoll is not None and power_ready(s, i, ODIN) and odin_gives(s, i) and odin_takes(s, i):
        s.tasks.append(OdinDue(i))


_BASE_RECRUIT = _DO[Recruit]  # the base recruitment, wrapped by Thingvellir's heroes


def _do_recruit(s: State, a: Recruit, log: Log) -> None:
    """A recruitment; Sigrdrífa's notch (X-ID-VALK-SIGRDRIFA-1; never for Odin's exchange)."""
    _BASE_RECRUIT(s, a, log)
    if s.idavoll is not None:
        notch(s, SIGRDRIFA, a.player, 1, log, hero=_card(a.hero))


def _do_odin(s: State, a: Odin, log: Log) -> None:
    s.tasks.pop()
    i = a.player
    p = s.players[i]
    if not a.give:
        _ev(log, "odin.pass", "X-ID-GOD-ODIN-1", i, name=p.name)
        return
    _part(s).used.append(ODIN)
    p.heroes.remove(a.give)
    p.command_zone.remove(a.give)
    s.heroes_available.append(a.give)
    if a.give == _ZOLKUR and s.camp is not None:  # X-ID-GOD-ODIN-4: his pending trade ends
        s.camp.zolkur[i] = False
    _ev(log, "odin.exchange", "X-ID-GOD-ODIN-3", i, name=p.name, give=_card(a.give), take=_card(a.take))
    s.tasks.append(HeroDue(i))
    _BASE_RECRUIT(s, Recruit(i, a.take), log)  # the new hero's effect; H unchanged, no Sigrdrífa notch


# --- Thor (X-ID-GOD-THOR-1..3) --------------------------------------------------------------------------


def _do_thor(s: State, a: Thor, log: Log) -> None:
    task = s.tasks.pop()
    i = a.player
    _part(s).used.append(THOR)
    if isinstance(task, DiscardDue) and task.count == 2:  # one of Dagda's two discards (D-X19)
        s.tasks.append(DiscardDue(i, 1, task.exclude))
    if isinstance(task, CardDiscardDue):
        what = task.source
    else:
        assert isinstance(task, DiscardDue)
        what = "dagda" if task.exclude == 1 else "bonfur"
    _ev(log, "thor.cancel", "X-ID-GOD-THOR-1", i, name=s.players[i].name, source=f"@card.{what}")


# --- legal actions and checks (base._LEGAL, base._CHECK) --------------------------------------------


def _v(rule: str, key: str, **params: Any) -> Violation:
    return Violation(rule, key, params)


def _loki_blocks(s: State, i: int, cid: str) -> Violation | None:
    """Loki's card is for Loki's owner only while the token lies on it (X-ID-GOD-LOKI-1)."""
    part = s.idavoll
    if part is not None and cid == part.loki and LOKI not in s.players[i].command_zone:
        return _v("X-ID-GOD-LOKI-1", "err.loki-card", card=_card(cid))
    return None


def legal_picks(s: State, i: int, picks: list[Action]) -> list[Action]:
    """The pick turn's actions with Idavoll: not Loki's card for others; Frigg on a Dwarf or Royal Offering."""
    part = _part(s)
    if part.loki and LOKI not in s.players[i].command_zone:
        picks = [a for a in picks if not (isinstance(a, Pick) and a.card == part.loki)]
    if power_ready(s, i, FRIGG):
        picks += [Frigg(i, c) for c in s.taverns[s.tavern] if frigg_allowed(s, i, c) is None]
    return picks


def check_pick(s: State, a: Pick) -> Violation | None:
    return _loki_blocks(s, a.player, a.card)


def with_thor(s: State, i: int, actions: list[Action]) -> list[Action]:
    """Thor's cancellation beside the discards imposed on his owner (X-ID-GOD-THOR-1/2)."""
    return [*actions, Thor(i)] if thor_ready(s, s.players[i]) else actions


#: the actions an Idavoll decision accepts beside its own kind: Frigg in a pick turn, Thor against a discard
ALSO_ALLOWED: dict[DecisionKind, type[Action]] = {
    DecisionKind.PICK: Frigg,
    DecisionKind.DISCARD: Thor,
    DecisionKind.CARD_DISCARD: Thor,
}


def _legal_loki(s: State, top: Any) -> list[Action]:
    i = top.player
    out: list[Action] = [Reserve(i, "")]
    return out + [Reserve(i, c) for row in s.taverns for c in row]


def _legal_freya(s: State, top: Any) -> list[Action]:
    i = top.player
    out: list[Action] = [Swap(i, ("", ""))]
    return out + [Swap(i, pair) for pair in freya_pairs(s)]


def _legal_frigg(s: State, top: Any) -> list[Action]:
    i = top.player
    drawn = _part(s).drawn
    out: list[Action] = []
    for c in drawn:
        rest = [x for x in drawn if x != c]
        out.append(FriggKeep(i, c, tuple(rest)))
        if len(rest) == 2 and rest[0] != rest[1]:
            out.append(FriggKeep(i, c, (rest[1], rest[0])))
    return out


def _legal_odin(s: State, top: Any) -> list[Action]:
    i = top.player
    out: list[Action] = [Odin(i, "", "")]
    return out + [Odin(i, g, t) for g in odin_gives(s, i) for t in odin_takes(s, i) if t != g]


def _legal_capture(s: State, top: Any) -> list[Action]:
    return [Capture(top.player, True), Capture(top.player, False)]


def _legal_gullinbursti(s: State, top: Any) -> list[Action]:
    return [PlaceGullinbursti(top.player, c) for c in CLASSES]


def _legal_olrun(s: State, top: Any) -> list[Action]:
    return [ChooseOlrun(top.player, c) for c in CLASSES]


def _legal_skymir(s: State, top: Any) -> list[Action]:
    drawn = _part(s).drawn
    return [KeepMyth(top.player, (x, y)) for k, x in enumerate(drawn) for y in drawn[k + 1 :]]


def _legal_hrungnir(s: State, top: Any) -> list[Action]:
    hand = s.players[top.player].hand
    return [HrungnirCoin(top.player, c) for c in sorted(set(hrungnir_coins(top))) if c in hand]


_BASE_CARD_DISCARD = _LEGAL[CardDiscardDue]


def _legal_card_discard(s: State, top: Any) -> list[Action]:
    return with_thor(s, top.player, _BASE_CARD_DISCARD(s, top))


_LEGAL.update(
    {
        LokiDue: _legal_loki,
        FreyaDue: _legal_freya,
        FriggDue: _legal_frigg,
        OdinDue: _legal_odin,
        CaptureDue: _legal_capture,
        GullinburstiDue: _legal_gullinbursti,
        OlrunDue: _legal_olrun,
        SkymirDue: _legal_skymir,
        HrungnirDue: _legal_hrungnir,
        CardDiscardDue: _legal_card_discard,
    }
)


def _check(s: State, top: Any, a: Action) -> Violation | None:
    """Why an Idavoll action is illegal in this decision, or ``None``."""
    if isinstance(a, Reserve):
        if a.card and not any(a.card in row for row in s.taverns):
            return _v("X-ID-GOD-LOKI-2", "err.loki-target", card=_card(a.card))
        return None
    if isinstance(a, Swap):
        pairs = freya_pairs(s)
        if (a.cards[0] or a.cards[1]) and a.cards not in pairs and (a.cards[1], a.cards[0]) not in pairs:
            if _part(s).loki in a.cards:
                return _v("X-ID-GOD-FREYA-2", "err.freya-loki", card=_card(_part(s).loki))
            return _v("X-ID-GOD-FREYA-1", "err.freya-swap", a=_card(a.cards[0]), b=_card(a.cards[1]))
        return None
    if isinstance(a, Frigg):
        return frigg_allowed(s, a.player, a.card)
    if isinstance(a, FriggKeep):
        drawn = _part(s).drawn
        if a.card not in drawn or sorted((a.card, *a.under)) != sorted(drawn):
            return _v("X-ID-GOD-FRIGG-1", "err.frigg-keep", cards=", ".join(drawn))
        return None
    if isinstance(a, Odin):
        if a.give and (a.give not in odin_gives(s, a.player) or a.take not in odin_takes(s, a.player)):
            return _v("X-ID-GOD-ODIN-2", "err.odin", give=_card(a.give), take=_card(a.take))
        return None
    if isinstance(a, Thor):
        if not thor_ready(s, s.players[a.player]):
            return _v("X-ID-GOD-THOR-1", "err.thor", name=s.players[a.player].name)
        return None
    if isinstance(a, PlaceGullinbursti | ChooseOlrun):
        return None if a.column in CLASSES else _v(str(_RULE_OF[type(a)]), "err.column", column=str(a.column))
    if isinstance(a, KeepMyth):
        drawn = _part(s).drawn
        if (
            len(a.cards) != min(2, len(drawn))
            or len(set(a.cards)) != len(a.cards)
            or not set(a.cards) <= set(drawn)
        ):
            return _v("X-ID-GIANT-SKYMIR-1", "err.skymir", cards=", ".join(drawn))
        return None
    if isinstance(a, HrungnirCoin):
        todo = hrungnir_coins(top)
        if a.coin not in todo or a.coin not in s.players[a.player].hand:
            return _v("X-ID-GIANT-HRUNGNIR-3", "err.hrungnir", coins=", ".join(str(c.value) for c in todo))
        return None
    return None  # Capture: both choices are legal


_RULE_OF: dict[type[Action], str] = {
    PlaceGullinbursti: "X-ID-ANIMAL-HREASVELG-1",
    ChooseOlrun: "X-ID-VALK-OLRUN-1",
}

for _kind in get_args(IdavollAction):
    _CHECK[_kind] = _check

_does(Pick, _do_pick)
_does(Recruit, _do_recruit)
_does(Reserve, _do_reserve)
_does(Swap, _do_swap)
_does(Frigg, _do_frigg)
_does(FriggKeep, _do_frigg_keep)
_does(Odin, _do_odin)
_does(Thor, _do_thor)
_does(Capture, _do_capture)
_does(PlaceGullinbursti, _do_gullinbursti)
_does(ChooseOlrun, _do_olrun)
_does(KeepMyth, _do_keep_myth)
_does(HrungnirCoin, _do_hrungnir)
