"""The end of an Age: Ylud's placement, Troop Evaluation and distinctions, Thrud's return, final scoring.

Rule ids: R-AGE-1, R-AGE-2, R-HERO-YLUD-2, R-HERO-YLUD-3, R-HERO-YLUD-4, R-EVAL-2, R-EVAL-3,
R-EVAL-4, R-EVAL-5, R-DIST-KINGSHAND-1, R-DIST-HUNTINGMASTER-1, R-DIST-CROWNJEWELER-1,
R-DIST-ARMORER-1, R-DIST-PIONEER-1, R-DIST-PIONEER-2, R-DIST-PIONEER-3, R-DIST-PIONEER-4,
R-HERO-THRUD-5, R-END-1, R-SCORE-1, R-SCORE-10 (the scores themselves: :mod:`nidlib.rules.scoring`),
X-ID-VALK-HILDR-1, X-ID-ANIMAL-GARM-2.
"""

from __future__ import annotations

from nidlib.core.actions import Keep
from nidlib.core.cards import CARDS, CLASSES, DISTINCTION_OF, CardKind, Myth
from nidlib.core.coins import BASIC_COINS, GREEN_3
from nidlib.core.state import State
from nidlib.core.tasks import Evaluate, FinalScoring, PioneerDue, ThrudHome, YludDue, YludStep
from nidlib.rules.base import (
    _RECRUIT,
    THRUD,
    YLUD,
    B,
    E,
    H,
    Log,
    M,
    W,
    _c,
    _card,
    _does,
    _ev,
    _handles,
    _shuffle,
    ranks,
)
from nidlib.rules.scoring import ScoreTable, Tableau, idavoll_tokens, score_tableaux, scoring_command_zone
from nidlib.rules.taverns import _place
from nidlib.rules.trades import _push_transform
from nidlib.rules.valkyries import HILDR, notch

GARM: str = Myth.GARM.value


@_handles(YludStep)
def _task_ylud_step(s: State, task: YludStep, log: Log) -> None:
    """End of an Age: Ylud must be placed (R-HERO-YLUD-2), or may move at the end of Age II (R-HERO-YLUD-3)."""
    age = task.age
    for i, p in enumerate(s.players):
        if YLUD in p.heroes:
            s.tasks.append(_RECRUIT[i])  # R-HERO-YLUD-4: may trigger recruitment
            s.tasks.append(YludDue(i, age))
            return


@_handles(Evaluate)
def _task_eval(s: State, task: Evaluate, log: Log) -> None:
    """Troop Evaluation of one class: strict majority of ranks wins (R-EVAL-2/3/5)."""
    ci = task.column
    ps = s.players
    counts = [ranks(p, ci) for p in ps]
    best = max(counts)
    winners = [i for i, c in enumerate(counts) if c == best]
    dist = DISTINCTION_OF[CLASSES[ci]]
    tally = [f"{p.name} {c}" for p, c in zip(ps, counts, strict=True)] if log is not None else []
    if len(winners) > 1:
        if log is not None:
            _ev(
                log,
                "eval.tie",
                "R-EVAL-3",
                cls=_c(ci),
                ranks=tally,
                distinction=f"@distinction.{dist.value}",
                names=[ps[i].name for i in winners],
                best=best,
            )
        if ci == E:  # R-DIST-PIONEER-4
            deck = s.decks[2]
            if deck:
                cid = deck.pop()
                s.discard.append(cid)
                _ev(log, "dist.pioneer-none", "R-DIST-PIONEER-4", card=_card(cid))
        return
    w = winners[0]
    p = ps[w]
    p.command_zone.append(dist.value)  # R-EVAL-4
    if s.idavoll is not None:  # X-ID-VALK-HILDR-1: one notch per distinction
        notch(s, HILDR, w, 1, log, distinction=f"@distinction.{dist.value}")
    if log is not None:
        _ev(
            log,
            "eval.win",
            "R-EVAL-3",
            w,
            cls=_c(ci),
            ranks=tally,
            distinction=f"@distinction.{dist.value}",
            name=p.name,
            best=best,
        )
    if ci == W:  # R-DIST-KINGSHAND-1
        _push_transform(s, w, 5, "kings-hand", log)
    elif ci == H:  # R-DIST-HUNTINGMASTER-1
        zero = BASIC_COINS[0]
        if zero in p.hand:
            p.hand.remove(zero)
            p.hand.append(GREEN_3)
            p.hand.sort()
            s.out_of_game.append(str(zero))
            _ev(log, "dist.hunting-master", "R-DIST-HUNTINGMASTER-1", w, name=p.name)
    elif ci == M:  # R-DIST-CROWNJEWELER-1
        s.gems_out.append(p.gem)
        _ev(log, "dist.crown-jeweler", "R-DIST-CROWNJEWELER-1", w, name=p.name, old=p.gem)
        p.gem = 6
    elif ci == B:  # R-DIST-ARMORER-1
        s.tasks.append(_RECRUIT[w])
        _ev(log, "dist.armorer", "R-DIST-ARMORER-1", w, name=p.name)
        _place(s, w, "armorer", log)
    else:  # R-DIST-PIONEER-1
        deck = s.decks[2]
        # Garm's owner draws 6 instead of 3 (X-ID-ANIMAL-GARM-2)
        n = 6 if s.idavoll is not None and GARM in p.columns[E] else 3
        drawn = [deck.pop() for _ in range(min(n, len(deck)))]
        s.pioneer_draw = drawn
        visible = None if s.options.pioneer_draw_public else w
        _ev(
            log,
            "dist.pioneer-draw",
            "R-DIST-PIONEER-1",
            w,
            visible,
            name=p.name,
            cards=[_card(c) for c in drawn],
        )
        _ev(log, "dist.pioneer-draw-public", "R-DIST-PIONEER-1", w, name=p.name, count=len(drawn))
        s.tasks.append(PioneerDue(w))


@_handles(ThrudHome)
def _task_thrud_home(s: State, task: ThrudHome, log: Log) -> None:
    """After the last Age II tavern and Ylud, Thrud moves to the command zone (R-HERO-THRUD-5)."""
    for i, p in enumerate(s.players):
        if p.thrud >= 0:
            col = p.thrud
            p.thrud = -1
            p.command_zone.append(THRUD)
            _ev(log, "thrud.home", "R-HERO-THRUD-5", i, name=p.name, cls=_c(col))


@_handles(FinalScoring)
def _task_final(s: State, task: FinalScoring, log: Log) -> None:
    """Final Bravery Value and the winners (R-END-1, R-SCORE-1, R-SCORE-10); computed on demand by final_scores."""
    s.tavern = -1
    if log is not None:
        table = final_scores(s)
        for ps in table.players:
            _ev(log, "final.total", "R-SCORE-1", name=ps.name, total=ps.total)
        best = max(ps.total for ps in table.players)
        _ev(
            log,
            "final.shared" if len(table.winners) > 1 else "final.winner",
            "R-SCORE-10",
            names=list(table.winners),
            total=best,
        )


def _do_keep(s: State, a: Keep, log: Log) -> None:
    s.tasks.pop()
    i = a.player
    p = s.players[i]
    rest = [c for c in s.pioneer_draw if c != a.card]
    s.pioneer_draw = []
    deck = s.decks[2]
    deck.extend(rest)
    _shuffle(s, deck)  # R-DIST-PIONEER-3
    _ev(log, "dist.pioneer-keep", "R-DIST-PIONEER-2", i, name=p.name, card=_card(a.card), back=len(rest))
    c = CARDS[a.card]
    if c.kind is CardKind.ROYAL_OFFERING:
        s.discard.append(a.card)
        _push_transform(s, i, c.offering, "offering", log)
    else:
        s.tasks.append(_RECRUIT[i])
        _place(s, i, a.card, log)


_does(Keep, _do_keep)


def tableaux(s: State) -> list[Tableau]:
    """Each player's position as a scoring Tableau (Thrud counted in the command zone, R-HERO-THRUD-5)."""
    return [
        Tableau(
            name=p.name,
            columns=dict(zip(CLASSES, (tuple(c) for c in p.columns), strict=True)),
            command_zone=tuple(scoring_command_zone(p)),
            coins=tuple(p.coins()),
            gem=p.gem,
            mjollnir=CLASSES[s.camp.mjollnir[i]] if s.camp is not None and s.camp.mjollnir[i] >= 0 else None,
            captured=idavoll_tokens(s, i)[0],
            notches=idavoll_tokens(s, i)[1],
        )
        for i, p in enumerate(s.players)
    ]


def final_scores(s: State) -> ScoreTable:
    """The score table of the position (final at the end of the game)."""
    return score_tableaux(
        tableaux(s), warrior_bonus_without_warriors=s.options.warrior_bonus_without_warriors
    )
