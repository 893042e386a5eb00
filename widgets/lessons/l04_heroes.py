"""Lesson 4, army, rank lines and heroes: lines, the golden rule, cascades and the heroes with special rules.

Every scene is a nidlib scenario in which Ana picks first at the Laughing Goblin (Bo and Cy are
scripted); the ArmyView shows her columns with complete lines banded and "lines vs heroes", the
ActionPanel offers her legal choices (tempting illegal ones greyed with nidlib's reason) and the
event log explains each step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import nidlib
from nidlib.content.scenario import Scenario
from nidlib.core.messages import render
from nidlib.core.state import State
from nidlib.rules.engine import lines
from widgets.lessons.l03_trades import SCRIPTED
from widgets.lessons.page import Page, live

if TYPE_CHECKING:
    from widgets.lessons.scene import PlayScene, QuestionScene

STEM = "04-army-and-heroes"
NAMES = ("Ana", "Bo", "Cy")


def _goblin(seed: int, goblin: list[str], *, phase: str = "tavern") -> Scenario:
    """Ana bids 5 on the Goblin (Bo 4, Cy 3), so she picks first there."""
    sc = (
        Scenario(3, names=NAMES, seed=seed)
        .gems({0: 5, 1: 4, 2: 3})
        .bids(0, taverns=["5b", 2, 3], pouch=[0, 4])
        .bids(1, taverns=[4, 2, 3], pouch=[0, "5b"])
        .bids(2, taverns=[3, "5b", 4], pouch=[0, 2])
        .taverns([goblin, ["B", "H", "W6"], ["M2", "H", "E10"]])
    )
    return sc


def first_line() -> State:
    """One Explorer short of a complete line: take it and recruit your first hero."""
    return (
        _goblin(41, ["E9", "W8", "M0"])
        .army(0, warrior=[3, 7], hunter=["H"], miner=[1, 2], blacksmith=["B"])
        .at_tavern(0)
        .build()
    )


def cascade() -> State:
    """No Hunter yet, every other column has 3 ranks: a Hunter makes 1 line, Aral's 2 ranks make 3."""
    return (
        _goblin(42, ["H", "W8", "M0"])
        .army(0, warrior=[3, 4, 5], miner=[1, 1, 2], blacksmith=["B", "B", "B"], explorer=[5, 6, 7])
        .at_tavern(0)
        .build()
    )


def thrud_lifted() -> State:
    """Thrud stands on the Explorer column: an Explorer arriving there lifts her, and you place her again."""
    return (
        _goblin(43, ["E9", "W8", "M0"])
        .army(0, warrior=[3], hunter=["H"], miner=[1], explorer=[5, "Thrud"])
        .at_tavern(0)
        .build()
    )


def hourya_thrud(with_thrud: bool = True) -> State:
    """Four Explorers (plus Thrud there): a Blacksmith completes line 2; is Hourya (5 Explorer ranks) allowed?"""
    explorer: list[str | int] = [5, 6, 7, 8] + (["Thrud"] if with_thrud else [])
    sc = _goblin(44, ["B", "W8", "M0"]).army(
        0, warrior=[3, 4], hunter=["H", "H"], miner=[1, 1], blacksmith=["B"], explorer=explorer
    )
    if not with_thrud:
        sc.command_zone(0, ["Skaa"])
    return sc.at_tavern(0).build()


def discard_heroes() -> State:
    """Kraal tops the Warrior column: Bonfur or Dagda may not discard from it (only a dwarf on top)."""
    return (
        _goblin(45, ["B", "W8", "M0"])
        .army(0, warrior=[3, "Kraal"], hunter=["H", "H"], miner=[1, 1], blacksmith=["B"], explorer=[5, 6])
        .only_heroes("Bonfur", "Dagda", "Skaa", "Grid")
        .at_tavern(0)
        .build()
    )


def uline() -> State:
    """Recruit Uline during the Goblin: your Dragon, Horse and pouch coins come back to your hand."""
    return (
        _goblin(46, ["E9", "W8", "M0"])
        .army(0, warrior=[3, 7], hunter=["H"], miner=[1, 2], blacksmith=["B"])
        .only_heroes("Uline", "Grid", "Skaa")
        .at_tavern(0)
        .build()
    )


def grid() -> State:
    """Grid gives 7 points and upgrades one of your coins by +7 at once."""
    return (
        _goblin(47, ["E9", "W8", "M0"])
        .army(0, warrior=[3, 7], hunter=["H"], miner=[1, 2], blacksmith=["B"])
        .only_heroes("Grid", "Skaa", "Uline")
        .at_tavern(0)
        .build()
    )


def ylud() -> State:
    """The last round of Age I is over: Ylud, in your command zone, must now join a column."""
    return (
        Scenario(3, names=NAMES, seed=48)
        .gems({0: 5, 1: 4, 2: 3})
        .army(0, warrior=[3, 7], hunter=["H"], miner=[1, 2], blacksmith=["B"])
        .command_zone(0, ["Ylud"])
        .at_end_of_age()
        .build()
    )


SCENES = {
    "first-line": first_line,
    "cascade": cascade,
    "thrud": thrud_lifted,
    "hourya": hourya_thrud,
    "hourya-no-thrud": lambda: hourya_thrud(with_thrud=False),
    "discard": discard_heroes,
    "uline": uline,
    "grid": grid,
    "ylud": ylud,
}


def heroes_owed(s: State, player: int = 0) -> int:
    """Golden rule (nidlib's line count): heroes the player must recruit now, before any cascade."""
    p = s.players[player]
    return max(0, lines(p) - len(p.heroes))


# --- check: how many heroes now? ----------------------------------------------------------------


def question_state() -> State:
    """End of Age I: three ranks in every column but two Explorers (2 lines); Ana owns Ylud and Skaa
    (2 heroes, so she owes none yet). Ylud in the Explorer column completes a third line."""
    return (
        Scenario(3, names=NAMES, seed=49)
        .gems({0: 5, 1: 4, 2: 3})
        .army(
            0,
            warrior=[3, 4, 5],
            hunter=["H", "H", "H"],
            miner=[1, 1, 2],
            blacksmith=["B", "B", "B"],
            explorer=[5, 6],
        )
        .command_zone(0, ["Ylud", "Skaa"])
        .at_end_of_age()
        .build()
    )


def question_after() -> State:
    """The question's position once nidlib has placed Ylud in the Explorer column."""
    s, _ = nidlib.apply(question_state(), nidlib.parse("p0:ylud:explorer"))
    return s


def question_answer() -> int:
    """Place Ylud in the Explorer column with nidlib; count the heroes owed right after."""
    return heroes_owed(question_after())


def question_explanation(n: int) -> str:
    p = question_after().players[0]
    return render("l04.q.explain", {"n": n, "lines": lines(p), "heroes": len(p.heroes)})


# --- widgets -----------------------------------------------------------------------------------


page = Page(STEM)
header, footer, say = page.header, page.footer, page.say


@live
def scene(name: str) -> PlayScene:
    """A live scene: the Goblin, Ana's army (lines vs heroes), the heroes left, her choices, the log."""
    import ipywidgets as w

    from widgets import ArmyView, HeroesView, PlayerBoard, TavernRow
    from widgets.controller import Controller
    from widgets.lessons.scene import PlayScene

    c = Controller(SCENES[name](), seat=0, bots=dict(SCRIPTED), events=[])
    views: list[w.Widget] = []
    if name != "ylud":
        views.append(TavernRow(c, theme=False))
    views.append(ArmyView(c, 0, theme=False))
    if name in ("uline", "grid"):
        views.append(PlayerBoard(c, 0, theme=False))
    if name == "first-line":  # the hero display once, folded; later scenes list the heroes in the panel
        heroes = w.Accordion(children=[HeroesView(c, theme=False)], titles=(render("l04.heroes"),))
        heroes.selected_index = None
        heroes.add_class("nt-l04-heroes")
        views.append(heroes)
    return PlayScene(c, "l04", name, views)


@live
def check_heroes() -> QuestionScene:
    from widgets import ArmyView, PredictQuestion
    from widgets.controller import Controller
    from widgets.lessons.scene import QuestionScene

    s = question_state()
    army = ArmyView(Controller(s, seat=0), 0, theme=False)
    q = PredictQuestion(
        render("l04.q.heroes"),
        [(str(n), n) for n in range(4)],
        correct=question_answer,
        explanation=question_explanation,
        rule="R-RECRUIT-3",
        theme=False,
    )
    return QuestionScene([army], q, "nt-l04-q")
