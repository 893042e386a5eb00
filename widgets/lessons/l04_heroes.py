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
    import ipywidgets as w

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


def _roster_spec() -> Scenario:
    """Bo recruited Kraal with his first line, Cy recruited Skaa with hers; Ana is one Explorer short."""
    return (
        _goblin(50, ["E9", "W8", "M0"])
        .army(0, warrior=[3, 7], hunter=["H"], miner=[1, 2], blacksmith=["B"])
        .army(1, warrior=[4, "Kraal"], hunter=["H"], miner=[1], blacksmith=["B"], explorer=[6])
        .army(2, warrior=[5], hunter=["H"], miner=[0], blacksmith=["B"], explorer=[7])
        .command_zone(2, ["Skaa"])
    )


def roster_state() -> State:
    """The roster's position: Bo owns Kraal, Cy owns Skaa, Ana is about to pick."""
    return _roster_spec().at_tavern(0).build()


def roster_question_state() -> State:
    """Ana has taken the Explorer 9: her first line is complete and she must recruit a hero."""
    s, _ = nidlib.apply(roster_state(), nidlib.parse("p0:pick:1E9"))
    return s


def roster_answer() -> str:
    """May Ana recruit Kraal too? nidlib's check decides ("yes" / "no")."""
    return "yes" if nidlib.check(roster_question_state(), nidlib.parse("p0:hero:kraal")) is None else "no"


def roster_explanation(_answer: str) -> str:
    v = nidlib.check(roster_question_state(), nidlib.parse("p0:hero:kraal"))
    return render("l04.q.roster.explain", {"why": v.reason() if v is not None else ""})


def pick_turn() -> State:
    """Ana bid her 0 (the trading coin) on the Goblin and picks last there; the Miner left completes her
    first line: one turn with a card, a hero and a coin trade (R-SEQ-2)."""
    return (
        Scenario(3, names=NAMES, seed=51)
        .gems({0: 5, 1: 4, 2: 3})
        .bids(0, taverns=[0, 4, "5b"], pouch=[2, 3])
        .bids(1, taverns=[4, 2, 3], pouch=[0, "5b"])
        .bids(2, taverns=[3, "5b", 4], pouch=[0, 2])
        .army(0, warrior=[3, 7], hunter=["H"], blacksmith=["B"], explorer=[5])
        .taverns([["W8", "E9", "M1"], ["B", "H", "W4"], ["M2", "H", "E6"]])
        .at_tavern(0)
        .build()
    )


#: the steps of one pick turn, as the check's options name them (R-SEQ-2)
TURN_STEPS = {"pick": "card", "hero": "hero", "trade": "trade"}
TURN_ORDERS = ("card-hero-trade", "card-trade-hero", "trade-card-hero", "hero-card-trade")


def turn_order() -> str:
    """Ana's turn played by nidlib (Bo and Cy take the leftmost card, Ana recruits the first hero
    offered): the order in which her card, her hero and her coin trade happened."""
    from widgets.controller import Controller

    c = Controller(pick_turn(), seat=0, bots=dict(SCRIPTED), events=[])
    start = len(c.events)
    for _ in range(3):  # her card, then her hero: her turn is over
        d = nidlib.decision(c.state)
        if d is None or 0 not in d.players or d.kind not in ("pick", "hero"):
            break
        c.apply(nidlib.legal_actions(c.state, 0)[0])
    seen: list[str] = []
    for e in c.events[start:]:
        if e.key.startswith("reveal."):
            break  # the next tavern
        step = TURN_STEPS.get(e.key.split(".")[0])
        if step and e.params.get("name") == "Ana" and step not in seen:
            seen.append(step)
    return "-".join(seen)


SCENES = {
    "turn": pick_turn,
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
    if name in ("uline", "grid", "turn"):
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


@live
def roster() -> w.Widget:
    """Every hero of the game (R-COMP-4), drawn once each: whose it is in a game where Bo recruited
    Kraal and Cy recruited Skaa."""
    import ipywidgets as w

    from widgets.render import hero_roster_html, rule_html

    box = w.VBox([w.HTML(hero_roster_html(roster_state()) + f"<div>{rule_html('R-COMP-4')}</div>")])
    for css in ("nt-root", "nt-lesson-scene", "nt-l04-roster"):
        box.add_class(css)
    return box


@live
def check_roster() -> QuestionScene:
    """Bo owns Kraal: may Ana, who must recruit now, take Kraal too? nidlib's check answers."""
    from widgets import PredictQuestion
    from widgets.lessons.scene import QuestionScene

    q = PredictQuestion(
        render("l04.q.roster"),
        [(render("l04.q.yes"), "yes"), (render("l04.q.no"), "no")],
        correct=roster_answer,
        explanation=roster_explanation,
        rule="R-COMP-4",
        theme=False,
    )
    return QuestionScene([], q, "nt-l04-q-roster")


@live
def check_turn() -> QuestionScene:
    """In what order did Ana's turn go? nidlib plays it to answer."""
    from widgets import PredictQuestion
    from widgets.lessons.scene import QuestionScene

    q = PredictQuestion(
        render("l04.q.turn"),
        [(render(f"l04.q.turn.{o}"), o) for o in TURN_ORDERS],
        correct=turn_order,
        explanation=lambda order: render("l04.q.turn.explain", {"order": render(f"l04.q.turn.{order}")}),
        rule="R-SEQ-2",
        theme=False,
    )
    return QuestionScene([], q, "nt-l04-q-turn")
