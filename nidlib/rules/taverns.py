"""Taverns, army and heroes: picks, the golden rule of recruitment, each hero's effect, Thrud and Ylud.

Rule ids: R-PICK-1, R-ARMY-1, R-XFORM-6 (a Royal Offering is resolved at once), R-RECRUIT-1, R-RECRUIT-3,
R-RECRUIT-6, R-RECRUIT-7, R-RECRUIT-8, R-COMP-4, R-SEQ-2, R-HERO-THRUD-2,
R-HERO-THRUD-3 (the one home of the Thrud lift: :func:`_put`), R-HERO-DAGDA-1, R-HERO-DAGDA-2,
R-HERO-BONFUR-2, R-HERO-GRID-2, R-HERO-ULINE-2, R-HERO-YLUD-1, R-HERO-YLUD-2, R-HERO-YLUD-3,
X-TH-ART-MEGINGJORD-2, X-TH-HERO-OLWYN-4, X-TH-MERC-2, D-X11, X-ID-ANIMAL-DURATHOR-1,
X-ID-ANIMAL-HREASVELG-3, X-ID-GIANT-THRIVALDI-2, X-ID-VALK-OLRUN-1.
"""

from __future__ import annotations

from nidlib.core.actions import Discard, Pick, PlaceThrud, PlaceYlud, Recruit
from nidlib.core.cards import CARDS, CLASSES, GULLINBURSTI, CardKind
from nidlib.core.state import State
from nidlib.core.tasks import DiscardDue, RecruitCheck
from nidlib.rules.base import (
    _HERO_DUE,
    _OFFERING,
    _RECRUIT,
    _THRUD_DUE,
    BONFUR,
    COLUMN_OF,
    DAGDA,
    GRID,
    MEGINGJORD,
    THRUD,
    ULINE,
    YLUD,
    B,
    H,
    Log,
    _any_eligible,
    _c,
    _card,
    _does,
    _ev,
    _handles,
    _t,
    dagda_discards,
    has_lines,
    heroes_for_lines,
    lines,
)
from nidlib.rules.trades import _push_transform
from nidlib.rules.valkyries import placed


@_handles(RecruitCheck)
def _task_recruit(s: State, task: RecruitCheck, log: Log) -> None:
    """Golden rule, state-based (R-RECRUIT-1/2/6): while L >= H + 1, a hero must be recruited."""
    i = task.player
    p = s.players[i]
    heroes = len(p.heroes) if s.idavoll is None else heroes_for_lines(s, p)  # X-ID-GIANT-THRIVALDI-2
    if not has_lines(p, heroes + 1):
        return
    if s.camp is not None and MEGINGJORD in p.command_zone:  # X-TH-ART-MEGINGJORD-2: no hero by lines
        _ev(log, "recruit.megingjord", "X-TH-ART-MEGINGJORD-2", i, name=p.name)
        return
    if _any_eligible(s, p):
        s.tasks.append(_HERO_DUE[i])
        if log is not None:
            _ev(log, "recruit.due", "R-RECRUIT-1", i, name=p.name, lines=lines(p), heroes=heroes)
    elif log is not None:
        _ev(log, "recruit.none-eligible", "R-RECRUIT-7", i, name=p.name, lines=lines(p), heroes=heroes)


def _place(s: State, i: int, cid: str, log: Log) -> None:
    """Put a card on top of its class column (R-ARMY-1), lifting Thrud if she sits there."""
    _put(s, i, cid, COLUMN_OF[cid], log)


def _put(s: State, i: int, cid: str, ci: int, log: Log) -> None:
    """Put ``cid`` on top of column ``ci`` (R-ARMY-1). The one home of the Thrud lift (R-HERO-THRUD-3):
    a card placed in Thrud's column lifts her, and her owner places her again (a :class:`ThrudDue`
    decision) once the effects pushed after this call are done (R-HERO-DAGDA-1, R-SEQ-2). Used for
    picked and kept cards, class heroes, the King's Great Armorer card and Ylud."""
    p = s.players[i]
    p.columns[ci].append(cid)
    if p.thrud == ci:
        p.thrud = -1
        _ev(log, "thrud.lifted", "R-HERO-THRUD-3", i, name=p.name, card=_card(cid), cls=_c(ci))
        s.tasks.append(_THRUD_DUE[i])
    if s.idavoll is not None:  # Ölrun counts the cards placed in her class (X-ID-VALK-OLRUN-1)
        placed(s, i, cid, ci, log)


def _do_pick(s: State, a: Pick, log: Log) -> None:
    tasks = s.tasks
    tasks.pop()
    i = a.player
    cid = a.card
    t = s.tavern
    s.taverns[t].remove(cid)
    amount = _OFFERING.get(cid)
    if amount is not None:  # R-PICK-1, R-XFORM-6: resolved at once, then discarded
        s.discard.append(cid)
        _ev(
            log,
            "pick.offering",
            "R-XFORM-6",
            i,
            name=s.players[i].name,
            card=_card(cid),
            tavern=_t(t),
            amount=amount,
        )
        _push_transform(s, i, amount, "offering", log)
        return
    if log is not None:
        _ev(
            log,
            "pick.dwarf",
            "R-ARMY-1",
            i,
            name=s.players[i].name,
            card=_card(cid),
            tavern=_t(t),
            cls=f"@class.{CARDS[cid].cls}",
        )
    p = s.players[i]
    ci = COLUMN_OF[cid]
    if p.thrud == ci or s.idavoll is not None:
        _put(s, i, cid, ci, log)  # the Thrud lift (R-HERO-THRUD-3), Ölrun (X-ID-VALK-OLRUN-1)
    else:
        p.columns[ci].append(cid)  # _put without Thrud in the column
    recruit = _RECRUIT[i]
    if tasks and tasks[-1] is recruit:
        # nothing pushed above this turn's recruitment check: run it now, as _run would (_task_recruit)
        tasks.pop()
        if s.idavoll is not None or has_lines(p, len(p.heroes) + 1):
            _task_recruit(s, recruit, log)


def _do_recruit(s: State, a: Recruit, log: Log) -> None:
    s.tasks.pop()
    i = a.player
    p = s.players[i]
    h = a.hero
    s.heroes_available.remove(h)
    p.heroes.append(h)
    s.tasks.append(_RECRUIT[i])  # R-RECRUIT-3/8: check again after the effect
    if h == THRUD:  # R-HERO-THRUD-2
        _ev(log, "hero.thrud", "R-HERO-THRUD-2", i, name=p.name)
        s.tasks.append(_THRUD_DUE[i])
        return
    ci = COLUMN_OF.get(h, -1)
    if ci >= 0:
        _ev(log, "hero.class", "R-ARMY-1", i, name=p.name, hero=_card(h), cls=_c(ci))
        _put(s, i, h, ci, log)  # R-HERO-DAGDA-1 / R-SEQ-2: the effect first, then Thrud is re-placed
        if h == BONFUR:  # R-HERO-BONFUR-2
            s.tasks.append(DiscardDue(i, 1, B))
            _ev(log, "hero.bonfur", "R-HERO-BONFUR-2", i, name=p.name)
        elif h == DAGDA:  # R-HERO-DAGDA-2; one discard with Durathor (X-ID-ANIMAL-DURATHOR-1)
            s.tasks.append(DiscardDue(i, dagda_discards(s, p), H))
            _ev(log, "hero.dagda", "R-HERO-DAGDA-2", i, name=p.name)
        return
    p.command_zone.append(h)
    _ev(log, "hero.neutral", "R-ARMY-1", i, name=p.name, hero=_card(h))
    if h == GRID:  # R-HERO-GRID-2
        _push_transform(s, i, 7, "grid", log)
    elif h == ULINE:  # R-HERO-ULINE-2
        taken = 0
        for k in range(5):
            c = p.slots[k]
            if c is not None and not p.revealed[k]:
                p.hand.append(c)
                p.slots[k] = None
                taken += 1
        p.hand.sort()
        p.bid_done = True
        _ev(log, "hero.uline", "R-HERO-ULINE-2", i, name=p.name, count=taken)
    elif h == YLUD:  # R-HERO-YLUD-1
        _ev(log, "hero.ylud", "R-HERO-YLUD-1", i, name=p.name)


def _do_thrud(s: State, a: PlaceThrud, log: Log) -> None:
    s.tasks.pop()
    p = s.players[a.player]
    p.thrud = CLASSES.index(a.column)
    _ev(log, "thrud.placed", "R-HERO-THRUD-3", a.player, name=p.name, cls=f"@class.{a.column.value}")


def _do_ylud(s: State, a: PlaceYlud, log: Log) -> None:
    s.tasks.pop()
    p = s.players[a.player]
    ci = CLASSES.index(a.column)
    for k, col in enumerate(p.columns):
        if YLUD in col:
            if k == ci:
                _ev(log, "ylud.stays", "R-HERO-YLUD-3", a.player, name=p.name, cls=_c(ci))
                return
            col.remove(YLUD)
            _ev(log, "ylud.moves", "R-HERO-YLUD-3", a.player, name=p.name, old=_c(k), cls=_c(ci))
            break
    else:
        p.command_zone.remove(YLUD)
        _ev(log, "ylud.placed", "R-HERO-YLUD-2", a.player, name=p.name, cls=_c(ci))
    _put(s, a.player, YLUD, ci, log)


def _do_discard(s: State, a: Discard, log: Log) -> None:
    task = s.tasks.pop()
    assert isinstance(task, DiscardDue)
    i = a.player
    p = s.players[i]
    for col in a.columns:
        ci = CLASSES.index(col)
        cid = p.columns[ci].pop()
        discard_army_card(s, cid)
        _ev(
            log,
            "discard.card",
            "R-HERO-DAGDA-2" if task.exclude == H else "R-HERO-BONFUR-2",
            i,
            name=p.name,
            card=_card(cid),
            cls=_c(ci),
        )


def discard_army_card(s: State, cid: str) -> None:
    """Where a card discarded from an army goes: the discard pile; with Thingvellir a Mercenary goes to
    the Camp discard (X-TH-MERC-2) and one of Olwyn's doubles leaves the game (X-TH-HERO-OLWYN-4); with
    Idavoll Gullinbursti leaves the game (X-ID-ANIMAL-HREASVELG-3, D-X11)."""
    if cid == GULLINBURSTI.id and s.idavoll is not None:  # removed from the game (X-ID-ANIMAL-HREASVELG-3)
        s.idavoll.removed.append(cid)
        return
    camp = s.camp
    if camp is not None:
        kind = CARDS[cid].kind
        if kind is CardKind.MERCENARY:
            camp.discard.append(cid)
            return
        if kind is CardKind.DOUBLE:
            camp.removed.append(cid)
            return
    s.discard.append(cid)


_does(Pick, _do_pick)
_does(Recruit, _do_recruit)
_does(PlaceThrud, _do_thrud)
_does(PlaceYlud, _do_ylud)
_does(Discard, _do_discard)
