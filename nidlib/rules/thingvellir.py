"""Thingvellir (RULES.md A.1): the Camp, Camp visits, Mercenaries and enlistment, artifacts, six heroes.

The expansion is an addition beside the base game: switched on by ``Options.expansions``
(``State.camp`` is then a :class:`~nidlib.core.state.Camp`), its tasks are pushed by the flow only
when it is on (``CampRefill`` by Enter the Dwarves, ``Enlistment``/``CampClear``/``BrisingamensEnd``/
``MjollnirStep`` among the end steps), and its actions and decisions are registered here with the
base registries (:func:`~nidlib.rules.base._does`, ``_LEGAL``, ``_CHECK``). Where the base game needs
to know about it, it asks one cheap question (``s.camp is not None``, ``JARIKA in p.heroes``...).

Rule ids: X-TH-1, X-TH-2, X-TH-3, X-TH-4, X-TH-5, X-TH-6, X-TH-7, X-TH-8, X-TH-9, X-TH-11, X-TH-CAMP-1,
X-TH-CAMP-2, X-TH-CAMP-3, X-TH-MERC-1, X-TH-MERC-2, X-TH-ENL-1, X-TH-ENL-3, X-TH-ART-FAFNIR-1,
X-TH-ART-VEGVISIR-1, X-TH-ART-VEGVISIR-3, X-TH-ART-VIDOFNIR-1, X-TH-ART-VIDOFNIR-2, X-TH-ART-VIDOFNIR-4,
X-TH-ART-BRISINGAMENS-1, X-TH-ART-BRISINGAMENS-2, X-TH-ART-BRISINGAMENS-3, X-TH-ART-MJOLLNIR-1,
X-TH-ART-HOFUD-1, X-TH-ART-HOFUD-2, X-TH-ART-JARNGLOFI-2, X-TH-ART-JARNGLOFI-3, X-TH-ART-GJALLARHORN-1,
X-TH-ART-MEGINGJORD-2, X-TH-HERO-ANDUMIA-1, X-TH-HERO-ANDUMIA-2, X-TH-HERO-HOLDA-1, X-TH-HERO-KHRAD-1,
X-TH-HERO-JARIKA-1, X-TH-HERO-OLWYN-1, X-TH-HERO-OLWYN-4, X-TH-HERO-ZOLKUR-1, X-TH-SEQ-1, X-TH-SEQ-3,
X-TH-12, X-TH-CAMP-4, X-BOTH-3, X-ID-GOD-LOKI-4, X-TH-HERO-OLWYN-5.
"""

from __future__ import annotations

from typing import Any

from nidlib.core.actions import (
    Action,
    ChooseClass,
    DiscardCard,
    Enlist,
    EnlistOrder,
    Pick,
    PlaceDoubles,
    Recruit,
    TakeCamp,
    TakeDiscarded,
    TavernDiscard,
    Vidofnir,
)
from nidlib.core.cards import CAMP_SIZE, CARDS, CLASSES, DOUBLES, Artifact, CardKind, Hero
from nidlib.core.errors import Violation
from nidlib.core.state import Player, State
from nidlib.core.tasks import (
    BrisingamensEnd,
    CampClear,
    CampRefill,
    CardDiscardDue,
    CoinTrade,
    EnlistDue,
    Enlistment,
    EnlistOrderDue,
    HoldaDue,
    MjollnirDue,
    MjollnirStep,
    OlwynDue,
    RecruitCheck,
    TakeDue,
    TavernDiscardDue,
    VidofnirDue,
)
from nidlib.rules.base import (
    _CHECK,
    _DO,
    _HERO_DUE,
    _LEGAL,
    _OFFERING,
    _RECRUIT,
    _TAKEABLE,
    COLUMN_OF,
    E,
    Log,
    W,
    _any_eligible,
    _c,
    _card,
    _coin_term,
    _does,
    _ev,
    _handles,
    _t,
    discard_tavern_card,
    ranks,
)
from nidlib.rules.taverns import _put, discard_army_card
from nidlib.rules.trades import _coin_at, _push_transform, _where, transform_at

FAFNIR = Artifact.FAFNIR.value
VEGVISIR = Artifact.VEGVISIR.value
VIDOFNIR = Artifact.VIDOFNIR.value
BRISINGAMENS = Artifact.BRISINGAMENS.value
MJOLLNIR = Artifact.MJOLLNIR.value
HOFUD = Artifact.HOFUD.value
JARNGLOFI = Artifact.JARNGLOFI.value
GJALLARHORN = Artifact.GJALLARHORN.value
DOUBLE_IDS: tuple[str, str] = (DOUBLES[0].id, DOUBLES[1].id)
_MERC_IDS = frozenset(c for c, card in CARDS.items() if card.kind is CardKind.MERCENARY)

# --- the Camp (X-TH-3, X-TH-CAMP-1) -----------------------------------------------------------------


def _camp(s: State) -> Any:
    camp = s.camp
    assert camp is not None, "a Thingvellir task in a game without Thingvellir"
    return camp


@_handles(CampRefill)
def _task_camp_refill(s: State, task: CampRefill, log: Log) -> None:
    """Enter the Dwarves: fill the empty Camp spaces from the Age's Camp deck, up to 5 (X-TH-3)."""
    camp = _camp(s)
    deck = camp.decks[s.age]
    added = []
    while len(camp.cards) < CAMP_SIZE and deck:
        cid = deck.pop()
        camp.cards.append(cid)
        added.append(cid)
    if added:
        _ev(log, "camp.refill", "X-TH-3", cards=[_card(c) for c in added], left=len(deck))
    elif not camp.cards:
        _ev(log, "camp.empty", "X-TH-3")


@_handles(CampClear)
def _task_camp_clear(s: State, task: CampClear, log: Log) -> None:
    """Age II begins: the Age I Camp and the rest of its deck go to the Camp discard (X-TH-CAMP-1)."""
    camp = _camp(s)
    gone = camp.cards + camp.decks[1]
    camp.discard.extend(gone)
    camp.cards = []
    camp.decks[1] = []
    camp.enlisting = False
    _ev(log, "camp.clear", "X-TH-CAMP-1", count=len(gone))


def camp_visit_allowed(s: State, i: int) -> bool:
    """May player ``i`` take a Camp card on this pick turn? The first player of the tavern, or the
    owner of Fafnir Baleygr, while nobody visited the Camp in this tavern (X-TH-4, X-TH-ART-FAFNIR-1)."""
    camp = s.camp
    if camp is None or camp.visited or not camp.cards:
        return False
    return (bool(s.order) and s.order[0] == i) or FAFNIR in s.players[i].command_zone


def _eligible_discards(s: State, exclude: str = "") -> list[str]:
    """Discard-pile cards Andumia or Brisingamens may take: Dwarf cards and Royal Offerings
    (X-TH-HERO-ANDUMIA-1/3); a card already taken by the same effect is excluded."""
    return [c for c in dict.fromkeys(s.discard) if c != exclude and c in _TAKEABLE]


def camp_card_allowed(s: State, i: int, cid: str) -> Violation | None:
    """Why this Camp card cannot be taken now, or ``None`` (X-TH-ART-BRISINGAMENS-2)."""
    if cid == BRISINGAMENS and len(_eligible_discards(s)) < 2:
        return Violation("X-TH-ART-BRISINGAMENS-2", "err.brisingamens", {"count": len(s.discard)})
    return None


def _pick_camp(s: State, a: Pick, log: Log) -> None:
    """A Camp visit: the Camp card is the pick of the turn (X-TH-4, X-TH-CAMP-2, X-TH-SEQ-1)."""
    tasks = s.tasks
    tasks.pop()
    i = a.player
    camp = _camp(s)
    camp.cards.remove(a.card)
    camp.visited = True
    p = s.players[i]
    if s.order and s.order[0] != i:  # not the first player: Fafnir Baleygr's visit (X-TH-ART-FAFNIR-1)
        _ev(
            log,
            "camp.visit-fafnir",
            "X-TH-ART-FAFNIR-1",
            i,
            name=p.name,
            card=_card(a.card),
            tavern=_t(s.tavern),
        )
    else:
        _ev(log, "camp.visit", "X-TH-4", i, name=p.name, card=_card(a.card), tavern=_t(s.tavern))
    if s.options.players == 2 and s.order and s.order[0] == i and s.taverns[s.tavern]:
        # X-TH-6: at the end of this pick turn (after its coin trade), discard one tavern card
        k = len(tasks)
        while k:
            below = tasks[k - 1]
            if not (isinstance(below, RecruitCheck | CoinTrade) and below.player == i):
                break
            k -= 1
        tasks.insert(k, TavernDiscardDue(i))
    gain_camp_card(s, i, a.card, log)


def gain_camp_card(s: State, i: int, cid: str, log: Log) -> None:
    """A Camp card reaches player ``i`` (a visit or Holda): a Mercenary to the command zone, an
    artifact's immediate effect at once (X-TH-7, X-TH-11, X-TH-CAMP-2)."""
    p = s.players[i]
    camp = _camp(s)
    card = CARDS[cid]
    if card.kind is CardKind.MERCENARY:
        p.command_zone.append(cid)
        _ev(log, "camp.mercenary", "X-TH-7", i, name=p.name, card=_card(cid))
        if camp.enlisting:  # X-TH-ENL-3: gained during or after this Age's enlistment: enlisted at once
            s.tasks.append(EnlistDue(i))
        return
    if cid == VEGVISIR:  # X-TH-ART-VEGVISIR-1/2: into the Explorer column (lifts Thrud)
        _ev(log, "artifact.vegvisir", "X-TH-ART-VEGVISIR-1", i, name=p.name)
        s.tasks.append(_RECRUIT[i])
        _put(s, i, cid, E, log)
        return
    p.command_zone.append(cid)
    _ev(log, f"artifact.{cid}", "X-TH-11", i, name=p.name)
    if cid == VIDOFNIR:
        _vidofnir(s, i, log)
    elif cid == BRISINGAMENS:  # X-TH-ART-BRISINGAMENS-1: two cards, one after the other
        s.tasks.append(TakeDue(i, "brisingamens"))
    elif cid == HOFUD:  # X-TH-ART-HOFUD-1/2: every other player, in seat order
        n = len(s.players)
        for j in reversed([(i + k) % n for k in range(1, n)]):
            if _discardable(s.players[j], "hofud"):
                s.tasks.append(CardDiscardDue(j, "hofud"))
            else:
                _ev(log, "hofud.nothing", "X-TH-ART-HOFUD-2", j, name=s.players[j].name)
    elif cid == JARNGLOFI:
        _jarnglofi(s, i, log)
    elif cid == GJALLARHORN:  # X-TH-ART-GJALLARHORN-1: a hero regardless of lines
        if _any_eligible(s, p):
            s.tasks.append(_HERO_DUE[i])
        else:
            _ev(log, "gjallarhorn.none", "X-TH-ART-GJALLARHORN-1", i, name=p.name)


# --- artifacts' immediate effects ---------------------------------------------------------------------


def _vidofnir_coins(s: State, p: Player) -> list[str]:
    """The coins Vidofnir may transform: the non-trading pouch coins, or the hand's when the owner has
    no pouch (Uline, or between rounds) (X-TH-ART-VIDOFNIR-1/4)."""
    pouch = [f"p{k - 3}" for k in (3, 4) if p.slots[k] is not None]
    if pouch and Hero.ULINE.value not in p.heroes:
        return [loc for loc in pouch if not _coin(p, loc).is_trading]
    return [f"h{k}" for k, c in enumerate(p.hand) if not c.is_trading]


def _coin(p: Player, loc: str) -> Any:
    c = _coin_at(p, loc)
    assert c is not None
    return c


def _vidofnir(s: State, i: int, log: Log) -> None:
    p = s.players[i]
    locs = _vidofnir_coins(s, p)
    if not locs:
        _ev(log, "vidofnir.none", "X-TH-ART-VIDOFNIR-4", i, name=p.name)
    elif len(locs) == 1:  # the other pouch coin is the trading coin: +5 on this one
        transform_at(s, i, locs[0], 5, "vidofnir", log)
    else:
        s.tasks.append(VidofnirDue(i))


def _jarnglofi(s: State, i: int, log: Log) -> None:
    """Discard the trading coin wherever it is (X-TH-ART-JARNGLOFI-2/3): no bid there any more."""
    p = s.players[i]
    for k, c in enumerate(p.slots):
        if c is not None and c.is_trading:
            p.slots[k] = None
            if k < 3 and k > s.tavern:  # an unresolved tavern: publicly without a bid (X-TH-CAMP-4)
                p.revealed[k] = True
            where = _where(
                s, p, f"t{k}" if k < 3 else f"p{k - 3}"
            )  # the place's words, as for a transformation
            _discard_trading_coin(s, i, c, where, log)
            return
    for c in p.hand:
        if c.is_trading:
            p.hand.remove(c)
            _discard_trading_coin(s, i, c, "@where.hand", log)
            return


def _discard_trading_coin(s: State, i: int, c: Any, where: str, log: Log) -> None:
    s.out_of_game.append(str(c))
    _ev(
        log,
        "jarnglofi.discard",
        "X-TH-ART-JARNGLOFI-2",
        i,
        name=s.players[i].name,
        coin=_coin_term(c),
        where=where,
    )


def _do_vidofnir(s: State, a: Vidofnir, log: Log) -> None:
    s.tasks.pop()
    transform_at(s, a.player, a.first, a.amount, "vidofnir", log)
    transform_at(s, a.player, a.second, 5 - a.amount, "vidofnir", log)


def _do_take(s: State, a: TakeDiscarded, log: Log) -> None:
    """Andumia / Brisingamens: a Dwarf card goes to the army, a Royal Offering is resolved and stays in
    the discard pile (X-TH-HERO-ANDUMIA-1, X-TH-ART-BRISINGAMENS-1)."""
    task = s.tasks.pop()
    assert isinstance(task, TakeDue)
    i = a.player
    p = s.players[i]
    rule = "X-TH-HERO-ANDUMIA-1" if task.source == "andumia" else "X-TH-ART-BRISINGAMENS-1"
    if task.source == "brisingamens" and not task.exclude and _eligible_discards(s, a.card):
        s.tasks.append(TakeDue(i, "brisingamens", a.card))  # the second card, once this one is resolved
    _ev(log, "take.card", rule, i, name=p.name, card=_card(a.card), source=f"@card.{task.source}")
    amount = _OFFERING.get(a.card)
    if amount is not None:
        _push_transform(s, i, amount, "offering", log)
        return
    s.discard.remove(a.card)
    s.tasks.append(_RECRUIT[i])
    _put(s, i, a.card, COLUMN_OF[a.card], log)


def _discardable(p: Player, source: str) -> list[str]:
    """The cards Höfud (Warrior column) or the Brisingamens end discard (any column) may take: Dwarf
    cards, never a hero nor Vegvisir (X-TH-ART-HOFUD-1, X-TH-ART-BRISINGAMENS-3, X-TH-ART-VEGVISIR-3)."""
    cols = [p.columns[W]] if source == "hofud" else p.columns
    return [c for col in cols for c in dict.fromkeys(col) if CARDS[c].is_dwarf_like]


def _do_discard_card(s: State, a: DiscardCard, log: Log) -> None:
    task = s.tasks.pop()
    assert isinstance(task, CardDiscardDue)
    i = a.player
    p = s.players[i]
    ci = next(k for k, col in enumerate(p.columns) if a.card in col)
    p.columns[ci].remove(a.card)
    discard_army_card(s, a.card)  # X-TH-MERC-2, X-TH-HERO-OLWYN-4 (ENGINE CHOICES)
    rule = "X-TH-ART-HOFUD-1" if task.source == "hofud" else "X-TH-ART-BRISINGAMENS-3"
    _ev(log, "discard.card", rule, i, name=p.name, card=_card(a.card), cls=_c(ci))


# --- enlistment (X-TH-8, X-TH-9, X-TH-ENL-1..3) ------------------------------------------------------


def _mercenaries(p: Player) -> list[str]:
    return [c for c in p.command_zone if c in _MERC_IDS]


def enlistment_queue(s: State) -> list[int]:
    """Players with Mercenaries to enlist: most Mercenaries first, ties by the higher gem (X-TH-9)."""
    q = [i for i, p in enumerate(s.players) if _mercenaries(p)]
    q.sort(key=lambda i: (-len(_mercenaries(s.players[i])), -s.players[i].gem))
    return q


@_handles(Enlistment)
def _task_enlistment(s: State, task: Enlistment, log: Log) -> None:
    """The end of an Age: every Mercenary is enlisted, before Ylud (X-TH-8)."""
    camp = _camp(s)
    camp.enlisting = True
    q = enlistment_queue(s)
    _ev(log, "enlist.start", "X-TH-8", age=task.age, names=[s.players[i].name for i in q])
    if len(q) > 1:
        s.tasks.append(EnlistOrderDue(q[0]))
    elif q:
        _push_enlist(s, q)


def _push_enlist(s: State, q: list[int]) -> None:
    for i in reversed(q):
        for _ in _mercenaries(s.players[i]):
            s.tasks.append(EnlistDue(i))


def _do_enlist_order(s: State, a: EnlistOrder, log: Log) -> None:
    s.tasks.pop()
    q = enlistment_queue(s)
    if a.last:
        q = q[1:] + q[:1]
    _ev(
        log,
        "enlist.order",
        "X-TH-9",
        a.player,
        name=s.players[a.player].name,
        names=[s.players[i].name for i in q],
    )
    _push_enlist(s, q)


def _do_enlist(s: State, a: Enlist, log: Log) -> None:
    """One Mercenary into one of its two classes; the golden rule before the next one (X-TH-ENL-1)."""
    s.tasks.pop()
    i = a.player
    p = s.players[i]
    p.command_zone.remove(a.card)
    ci = CLASSES.index(a.column)
    _ev(log, "enlist.card", "X-TH-MERC-1", i, name=p.name, card=_card(a.card), cls=_c(ci))
    s.tasks.append(_RECRUIT[i])
    _put(s, i, a.card, ci, log)


# --- heroes (X-TH-12) ---------------------------------------------------------------------------------

_BASE_RECRUIT = _DO[Recruit]


def _do_recruit(s: State, a: Recruit, log: Log) -> None:
    """The base recruitment (R-RECRUIT-*), then the Thingvellir heroes' effects (X-TH-12)."""
    _BASE_RECRUIT(s, a, log)
    h = a.hero
    if h not in _TV_HEROES:
        return
    i = a.player
    p = s.players[i]
    if h == Hero.ANDUMIA:
        s.tasks.append(TakeDue(i, "andumia"))
    elif h == Hero.HOLDA:
        if _camp(s).cards:
            s.tasks.append(HoldaDue(i))
        else:
            _ev(log, "holda.empty", "X-TH-HERO-HOLDA-1", i, name=p.name)
    elif h == Hero.KHRAD:
        _push_transform(s, i, 10, "khrad", log)
    elif h == Hero.JARIKA:
        _ev(log, "hero.jarika", "X-TH-HERO-JARIKA-1", i, name=p.name)
    elif h == Hero.OLWYN:
        if _doubles_placed(s):  # returned by Odin earlier: his doubles stayed (X-TH-HERO-OLWYN-5)
            _ev(log, "hero.olwyn-no-doubles", "X-TH-HERO-OLWYN-5", i, name=p.name)
        else:
            s.tasks.append(OlwynDue(i))
    else:  # Zolkur
        _camp(s).zolkur[i] = True
        _ev(log, "hero.zolkur", "X-TH-HERO-ZOLKUR-1", i, name=p.name)


def _doubles_placed(s: State) -> bool:
    """Whether Olwyn's doubles are already in play or out of it (X-TH-HERO-OLWYN-4/5)."""
    camp = _camp(s)
    return bool(camp.removed) or any(d in col for p in s.players for col in p.columns for d in DOUBLE_IDS)


_TV_HEROES = frozenset(
    h.value for h in (Hero.ANDUMIA, Hero.HOLDA, Hero.KHRAD, Hero.JARIKA, Hero.OLWYN, Hero.ZOLKUR)
)


def _do_doubles(s: State, a: PlaceDoubles, log: Log) -> None:
    """Olwyn's two doubles into two different columns (X-TH-HERO-OLWYN-1/3); each may lift Thrud."""
    s.tasks.pop()
    i = a.player
    p = s.players[i]
    _ev(
        log,
        "hero.olwyn",
        "X-TH-HERO-OLWYN-1",
        i,
        name=p.name,
        a=_c(CLASSES.index(a.columns[0])),
        b=_c(CLASSES.index(a.columns[1])),
    )
    for cid, col in zip(DOUBLE_IDS, a.columns, strict=True):
        _put(s, i, cid, CLASSES.index(col), log)


def _do_take_camp(s: State, a: TakeCamp, log: Log) -> None:
    """Holda: one Camp card, resolved as a Camp pick but not a visit (X-TH-HERO-HOLDA-1/2, X-TH-CAMP-3)."""
    s.tasks.pop()
    _camp(s).cards.remove(a.card)
    _ev(log, "holda.take", "X-TH-HERO-HOLDA-1", a.player, name=s.players[a.player].name, card=_card(a.card))
    gain_camp_card(s, a.player, a.card, log)


def _do_tavern_discard(s: State, a: TavernDiscard, log: Log) -> None:
    s.tasks.pop()
    s.taverns[s.tavern].remove(a.card)
    discard_tavern_card(s, a.card)  # a Mythology card leaves the game (X-BOTH-3)
    _ev(log, "camp.tavern-discard", "X-TH-6", a.player, name=s.players[a.player].name, card=_card(a.card))


# --- the end of the game: Brisingamens, Mjöllnir (X-TH-SEQ-3) ----------------------------------------


@_handles(BrisingamensEnd)
def _task_brisingamens_end(s: State, task: BrisingamensEnd, log: Log) -> None:
    """Brisingamens' owner discards one Dwarf card of their army (X-TH-ART-BRISINGAMENS-3)."""
    for i, p in enumerate(s.players):
        if BRISINGAMENS in p.command_zone:
            if _discardable(p, "brisingamens"):
                s.tasks.append(CardDiscardDue(i, "brisingamens"))
            else:
                _ev(log, "brisingamens.nothing", "X-TH-ART-BRISINGAMENS-3", i, name=p.name)


@_handles(MjollnirStep)
def _task_mjollnir_step(s: State, task: MjollnirStep, log: Log) -> None:
    for i, p in enumerate(s.players):
        if MJOLLNIR in p.command_zone:
            s.tasks.append(MjollnirDue(i))


def _do_mjollnir(s: State, a: ChooseClass, log: Log) -> None:
    s.tasks.pop()
    ci = CLASSES.index(a.column)
    _camp(s).mjollnir[a.player] = ci
    p = s.players[a.player]
    _ev(
        log,
        "mjollnir.class",
        "X-TH-ART-MJOLLNIR-1",
        a.player,
        name=p.name,
        cls=_c(ci),
        ranks=ranks(p, ci),
        points=2 * ranks(p, ci),
    )


# --- legal actions and checks of the Thingvellir decisions (base._LEGAL, base._CHECK) ----------------


def _v(rule: str, key: str, **params: Any) -> Violation:
    return Violation(rule, key, params)


def _legal_enlist_order(s: State, top: Any) -> list[Action]:
    return [EnlistOrder(top.player, False), EnlistOrder(top.player, True)]


def _legal_enlist(s: State, top: Any) -> list[Action]:
    p = s.players[top.player]
    return [
        Enlist(top.player, m, cls) for m in dict.fromkeys(_mercenaries(p)) for cls, _bp in CARDS[m].options
    ]


def _vidofnir_pairs(s: State, i: int) -> list[Vidofnir]:
    locs = _vidofnir_coins(s, s.players[i])
    return [Vidofnir(i, x, n, y) for x in locs for y in locs if x != y for n in (2, 3)]


def _legal_vidofnir(s: State, top: Any) -> list[Action]:
    return list(_vidofnir_pairs(s, top.player))


def _legal_take(s: State, top: Any) -> list[Action]:
    return [TakeDiscarded(top.player, c) for c in _eligible_discards(s, top.exclude)]


def _legal_card_discard(s: State, top: Any) -> list[Action]:
    return [DiscardCard(top.player, c) for c in _discardable(s.players[top.player], top.source)]


def _legal_olwyn(s: State, top: Any) -> list[Action]:
    return [PlaceDoubles(top.player, (CLASSES[x], CLASSES[y])) for x in range(5) for y in range(5) if x < y]


def _legal_holda(s: State, top: Any) -> list[Action]:
    return [TakeCamp(top.player, c) for c in _camp(s).cards]


def _legal_tavern_discard(s: State, top: Any) -> list[Action]:
    reserved = s.idavoll.loki if s.idavoll is not None else ""  # X-ID-GOD-LOKI-4: not Loki's card
    return [TavernDiscard(top.player, c) for c in s.taverns[s.tavern] if c != reserved]


def _legal_mjollnir(s: State, top: Any) -> list[Action]:
    return [ChooseClass(top.player, c) for c in CLASSES]


_LEGAL.update(
    {
        EnlistOrderDue: _legal_enlist_order,
        EnlistDue: _legal_enlist,
        VidofnirDue: _legal_vidofnir,
        TakeDue: _legal_take,
        CardDiscardDue: _legal_card_discard,
        OlwynDue: _legal_olwyn,
        HoldaDue: _legal_holda,
        TavernDiscardDue: _legal_tavern_discard,
        MjollnirDue: _legal_mjollnir,
    }
)


def _check(s: State, top: Any, a: Action) -> Violation | None:
    """Why a Thingvellir action is illegal in this decision, or ``None``."""
    if isinstance(a, Enlist):
        if a.card not in _mercenaries(s.players[a.player]):
            return _v("X-TH-8", "err.enlist-card", card=_card(a.card))
        if a.column not in [cls for cls, _bp in CARDS[a.card].options]:
            return _v("X-TH-MERC-1", "err.enlist-class", card=_card(a.card), cls=f"@class.{a.column}")
        return None
    if isinstance(a, Vidofnir):
        if a not in _vidofnir_pairs(s, a.player):
            return _v(
                "X-TH-ART-VIDOFNIR-1",
                "err.vidofnir",
                coins=", ".join(_vidofnir_coins(s, s.players[a.player])),
            )
        return None
    if isinstance(a, TakeDiscarded):
        if a.card not in _eligible_discards(s, top.exclude):
            return _v("X-TH-HERO-ANDUMIA-1", "err.take", card=_card(a.card))
        return None
    if isinstance(a, DiscardCard):
        if a.card not in _discardable(s.players[a.player], top.source):
            rule = "X-TH-ART-HOFUD-1" if top.source == "hofud" else "X-TH-ART-BRISINGAMENS-3"
            return _v(rule, "err.discard-card", card=_card(a.card))
        return None
    if isinstance(a, PlaceDoubles):
        if a.columns[0] not in CLASSES or a.columns[1] not in CLASSES or a.columns[0] == a.columns[1]:
            return _v("X-TH-HERO-OLWYN-1", "err.doubles")
        return None
    if isinstance(a, TakeCamp):
        if a.card not in _camp(s).cards:
            return _v("X-TH-HERO-HOLDA-1", "err.camp-card", card=_card(a.card))
        return None
    if isinstance(a, TavernDiscard):
        if a.card not in s.taverns[s.tavern]:
            return _v("X-TH-6", "err.pick-card", card=_card(a.card), tavern=_t(s.tavern))
        if s.idavoll is not None and a.card == s.idavoll.loki:
            return _v("X-ID-GOD-LOKI-4", "err.loki-discard", card=_card(a.card))
        return None
    if isinstance(a, ChooseClass):
        return None if a.column in CLASSES else _v("X-TH-ART-MJOLLNIR-1", "err.column", column=str(a.column))
    return None  # EnlistOrder: both choices are legal


for _kind in (
    Enlist,
    EnlistOrder,
    Vidofnir,
    TakeDiscarded,
    DiscardCard,
    PlaceDoubles,
    TakeCamp,
    TavernDiscard,
    ChooseClass,
):
    _CHECK[_kind] = _check


def check_camp_pick(s: State, a: Pick) -> Violation | None:
    """A Camp card as the pick of the turn (X-TH-4): who may, and Brisingamens' condition."""
    if not camp_visit_allowed(s, a.player):
        camp = s.camp
        if camp is not None and camp.visited:
            return _v("X-TH-4", "err.camp-visited")
        return _v("X-TH-4", "err.camp-not-first", name=s.players[a.player].name)
    return camp_card_allowed(s, a.player, a.card)


_BASE_PICK = _DO[Pick]


def _do_pick(s: State, a: Pick, log: Log) -> None:
    camp = s.camp
    if camp is not None and a.card in camp.cards:
        _pick_camp(s, a, log)
    else:
        _BASE_PICK(s, a, log)


_does(Pick, _do_pick)
_does(Recruit, _do_recruit)
_does(Vidofnir, _do_vidofnir)
_does(TakeDiscarded, _do_take)
_does(DiscardCard, _do_discard_card)
_does(EnlistOrder, _do_enlist_order)
_does(Enlist, _do_enlist)
_does(PlaceDoubles, _do_doubles)
_does(TakeCamp, _do_take_camp)
_does(TavernDiscard, _do_tavern_discard)
_does(ChooseClass, _do_mjollnir)


def khrad_places(p: Player) -> list[str]:
    """Khrad's coin: the lowest non-trading coin, any place; the owner chooses among equals (X-TH-HERO-KHRAD-1)."""
    places = [
        f"t{k}" if k < 3 else f"p{k - 3}" for k, c in enumerate(p.slots) if c is not None and not c.is_trading
    ]
    places += [f"h{k}" for k, c in enumerate(p.hand) if not c.is_trading]
    low = min(_coin(p, loc).value for loc in places)
    return [loc for loc in places if _coin(p, loc).value == low]
