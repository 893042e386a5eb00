"""Lesson 16, Thingvellir: the Camp, artifacts and mercenaries (RULES.md A.1, issue 11).

Every scene is a position of a real Thingvellir game built with
:class:`~nidlib.content.scenario.Scenario` (``expansions=("thingvellir",)``: the Camp, Mercenaries in a
command zone or enlisted, artifacts owned), so every Camp card is in play exactly once and the position
passes the loader's checks. From there nidlib plays everything: Ana (the learner) chooses with the ActionPanel, Bo and Cy are scripted
(leftmost legal action), and every event cites its rule.

Scenes: a Camp visit and what it costs the others (3 players: the leftover tavern card is discarded,
X-TH-5; 2 players: the visitor discards a tavern card, X-TH-6), enlistment (order X-TH-9, classes
X-TH-MERC-1, a hero between two Mercenaries X-TH-ENL-1), artifacts (Vegvisir X-TH-ART-VEGVISIR-1,
Vidofnir X-TH-ART-VIDOFNIR-1, Jarnglofi X-TH-ART-JARNGLOFI-2/4), Olwyn's doubles (X-TH-HERO-OLWYN-1..3),
then a predict-then-check question on the scoring artifacts (Draupnir, Svalinn, Hrafnsmerki,
X-TH-SCORE-1), answered by nidlib's final scoring.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import nidlib
from nidlib.content.scenario import Scenario
from nidlib.core.actions import Pick, PlaceDoubles
from nidlib.core.cards import DwarfClass
from nidlib.core.messages import render
from nidlib.core.state import State
from nidlib.core.tasks import DecisionKind
from widgets.lessons import common
from widgets.lessons.common import Tried
from widgets.lessons.l03_trades import SCRIPTED
from widgets.lessons.page import Page, live

if TYPE_CHECKING:
    from widgets.lessons.scene import QuestionScene, Scene

STEM = "16-thingvellir"
NAMES = ("Ana", "Bo", "Cy")
TV = ("thingvellir",)


# --- positions ------------------------------------------------------------------------------------


def _tv(seed: int, players: int = 3, *, age: int = 1, round: int = 1) -> Scenario:
    """A Thingvellir game of ``players`` (Ana, Bo, Cy) with gems Ana 5 > Bo 4 > Cy 3 (2 players: 2 > 1)."""
    gems = {0: 5, 1: 4, 2: 3} if players == 3 else {0: 2, 1: 1}
    return Scenario(players, names=NAMES[:players], seed=seed, age=age, round=round, expansions=TV).gems(gems)


def _goblin(seed: int, goblin: list[str], *, players: int = 3, age: int = 1) -> Scenario:
    """Ana bids her 5 on the Laughing Goblin and picks first there (Bo 4, Cy 3)."""
    sc = _tv(seed, players, age=age).bids(0, taverns=["5b", 2, 3], pouch=[0, 4])
    sc.bids(1, taverns=[4, 0, 3], pouch=[2, "5b"])
    if players == 3:
        sc.bids(2, taverns=[3, "5b", 4], pouch=[0, 2])
    return sc.taverns([goblin, ["B", "H", "W5"], ["M2", "H", "E6"]])


def visit() -> State:
    """3 players: Ana picks first at the Goblin; she may take a Camp card instead of a tavern card (X-TH-4)."""
    sc = _goblin(61, ["E9", "W8", "M0"]).camp(["merc5", "Draupnir", "merc2", "Svalinn", "Fafnir"])
    return sc.at_tavern(0).build()


def two_players() -> State:
    """2 players: if Ana visits the Camp she discards one of the three tavern cards (X-TH-6)."""
    sc = _goblin(62, ["E9", "W8", "M0"], players=2)
    return sc.camp(["merc5", "Draupnir", "merc2", "Svalinn", "Megingjord"]).at_tavern(0).build()


def enlistment() -> State:
    """The last tavern of Age I: Ana picks first at the Shining Horse. Then comes the enlistment (X-TH-8):
    Ana (2 Mercenaries, gem 5), Bo (2, gem 4), Cy (1): Ana, who has most and the higher gem, enlists
    first or last (X-TH-9). Her army lacks only an Explorer for its first line: Mercenary 0 as Explorer 8
    completes it, and she recruits before she places the next one (X-TH-ENL-1); Holda's Mercenary is
    enlisted at once (X-TH-ENL-3). Four heroes are left, Holda among them."""
    sc = _tv(63, round=4).army(0, warrior=[3], hunter=["H"], miner=[1], blacksmith=["B"])
    sc.army(1, warrior=[4], miner=[1]).army(2, explorer=[6])
    sc.command_zone(0, ["merc0", "merc4"]).command_zone(1, ["merc3", "merc2"]).command_zone(2, ["merc5"])
    sc.bids(0, taverns=[2, 3, "5b"], pouch=[0, 4])
    sc.bids(1, taverns=[4, 2, 3], pouch=[0, "5b"]).bids(2, taverns=["5b", 3, 4], pouch=[0, 2])
    sc.taverns([[], [], ["W8", "M0", "H"]]).camp(["merc1", "Svalinn", "Vegvisir"])
    return sc.only_heroes("Holda", "Kraal", "Grid", "Skaa").at_tavern(2).build()


def vegvisir() -> State:
    """Vegvisir goes straight into the Explorer column: Ana's first line, and a hero (X-TH-ART-VEGVISIR-1)."""
    sc = _goblin(64, ["W8", "M0", "H"]).army(0, warrior=[3], hunter=["H"], miner=[1], blacksmith=["B"])
    return sc.camp(["Vegvisir", "merc5", "Draupnir", "merc2", "Svalinn"]).at_tavern(0).build()


def vidofnir() -> State:
    """Ana's pouch holds a 2 and a 4 (her 0 is on the Dragon): Vidofnir gives +2 to one, +3 to the other."""
    sc = _tv(65).bids(0, taverns=["5b", 0, 3], pouch=[2, 4])
    sc.bids(1, taverns=[4, 2, 3], pouch=[0, "5b"]).bids(2, taverns=[3, "5b", 4], pouch=[0, 2])
    sc.taverns([["E9", "W8", "M0"], ["B", "H", "W3"], ["M2", "H", "E6"]])
    return sc.camp(["Vidofnir", "merc5", "Draupnir", "merc2", "Svalinn"]).at_tavern(0).build()


def jarnglofi() -> State:
    """Age II: Ana's 0 waits on the Shining Horse; Jarnglofi discards it now (X-TH-ART-JARNGLOFI-2)."""
    sc = _tv(66, age=2).bids(0, taverns=["5b", 3, 0], pouch=[2, 4])
    sc.bids(1, taverns=[4, 0, 3], pouch=[2, "5b"]).bids(2, taverns=[3, "5b", 4], pouch=[0, 2])
    sc.taverns([["W9", "H", "M1"], ["B", "E11", "W7"], ["M2", "H", "E8"]])
    return sc.camp(["Jarnglofi", "merc7", "Hrafnsmerki", "merc9", "Mjollnir"]).at_tavern(0).build()


def olwyn() -> State:
    """Explorer 9 completes Ana's first line; Olwyn's two doubles, in two different columns, can
    complete a second one (X-TH-HERO-OLWYN-1..3)."""
    sc = _goblin(67, ["E9", "W8", "M0"]).army(
        0, warrior=[3, 4], hunter=["H"], miner=[1, 1], blacksmith=["B", "B"]
    )
    sc.camp(["merc5", "Draupnir", "merc2", "Svalinn", "Megingjord"]).only_heroes(
        "Olwyn", "Kraal", "Grid", "Skaa"
    )
    return sc.at_tavern(0).build()


SCENES: dict[str, Callable[[], State]] = {
    "visit": visit,
    "two-players": two_players,
    "enlist": enlistment,
    "vegvisir": vegvisir,
    "vidofnir": vidofnir,
    "jarnglofi": jarnglofi,
    "olwyn": olwyn,
}

#: each scene's rules (shown as links under the scene): the X-TH ids of RULES.md A.1
RULES: dict[str, tuple[str, ...]] = {
    "visit": ("X-TH-4", "X-TH-5", "X-TH-CAMP-2"),
    "two-players": ("X-TH-6", "X-TH-4"),
    "enlist": ("X-TH-8", "X-TH-9", "X-TH-MERC-1", "X-TH-ENL-1"),
    "vegvisir": ("X-TH-ART-VEGVISIR-1", "X-TH-ART-VEGVISIR-3"),
    "vidofnir": ("X-TH-ART-VIDOFNIR-1", "X-TH-ART-VIDOFNIR-3"),
    "jarnglofi": ("X-TH-ART-JARNGLOFI-2", "X-TH-ART-JARNGLOFI-4", "X-TH-CAMP-4"),
    "olwyn": ("X-TH-HERO-OLWYN-1", "X-TH-HERO-OLWYN-2", "X-TH-HERO-OLWYN-3"),
}

#: where an ENGINE CHOICE of RULES.md A.5 decides something the scene shows: (rule, disagreement)
ENGINE_CHOICES: dict[str, tuple[str, str]] = {
    "enlist": ("X-TH-ENL-3", "D-X12"),
    "jarnglofi": ("X-TH-ART-JARNGLOFI-3", "D-X17"),
    "olwyn": ("X-TH-HERO-OLWYN-4", "D-X11"),
    "vegvisir": ("X-TH-ART-VEGVISIR-3", "D-X11"),
}


# --- "what if?" tries: an illegal action, refused by nidlib with its rule ----------------------------


def bo_visit_try(history: Sequence[State]) -> Tried | None:
    """Bo's pick turn at the tavern of the scene (the last one reached in ``history``): what nidlib says
    to Bo taking a Camp card there (X-TH-4: only the first player visits). ``None`` before Bo's turn."""
    for s in reversed(history):
        d = nidlib.decision(s)
        camp = s.camp
        if d is not None and d.kind == "pick" and d.players == (1,) and camp is not None and camp.cards:
            a = Pick(1, camp.cards[0])
            return s, a, nidlib.check(s, a)
    return None


def doubles_try(s: State) -> Tried | None:
    """Both of Olwyn's doubles in the Miner column, while the doubles are Ana's decision (X-TH-HERO-OLWYN-1)."""
    d = nidlib.decision(s)
    if d is None or d.kind != DecisionKind.OLWYN:
        return None
    a = PlaceDoubles(0, (DwarfClass.MINER, DwarfClass.MINER))
    return s, a, nidlib.check(s, a)


# --- the closing question: what are Ana's artifacts worth? ---------------------------------------------


def question_state() -> State:
    """The end of the game: Ana owns Draupnir, Svalinn and Hrafnsmerki, two Mercenaries enlisted in Age I
    (Warrior 9, Explorer 8), two heroes for her two lines (Kraal in her Warrior column, Grid in the
    command zone) and the coins 0, 3, 15, 16, 20."""
    sc = _tv(68, age=2, round=4).army(
        0,
        warrior=[3, "Kraal", "merc5"],
        hunter=["H", "H"],
        miner=[1, 2],
        blacksmith=["B", "B"],
        explorer=[5, "merc0"],
    )
    sc.command_zone(0, ["Grid", "Draupnir", "Svalinn", "Hrafnsmerki"]).camp(["merc7", "Mjollnir"])
    sc.hand(0, [0, 3, 15, 16, 20]).hand(1, [0, 2, 3, 4, 5]).hand(2, [0, 2, 3, 4, 5])
    return sc.at_end_of_age().build()


def question_terms() -> list[tuple[str, int, int]]:
    """nidlib's artifact line of Ana's final score: (artifact, count, points) (X-TH-SCORE-1)."""
    for line in nidlib.final_scores(question_state()).players[0].lines:
        if line.category == "artifacts":
            return [(str(cid), int(k), int(x)) for cid, k, x in line.params["terms"]]
    return []


def question_answer() -> int:
    """The points of Ana's three artifacts, from nidlib's final scoring."""
    return sum(x for _cid, _k, x in question_terms())


def question_explanation(n: int) -> str:
    parts = [render(f"l16.q.term.{cid}", {"n": k, "points": x}) for cid, k, x in question_terms()]
    return render("l16.q.explain", {"terms": " + ".join(parts), "total": n})


# --- widgets -----------------------------------------------------------------------------------------


page = Page(STEM)
header, footer, say = page.header, page.footer, page.say


def rules_html(name: str, lang: str | None = None) -> str:
    """The scene's rule links (each expands to its text) and, where one decides, the engine choice."""
    return common.rules_html("l16", name, RULES[name], ENGINE_CHOICES.get(name), lang)


def tried_html(tried: Tried | None, lang: str | None = None) -> str:
    """What nidlib said to a "what if?" try: its refusal with the rule id (or that it was legal)."""
    return common.tried_html("l16", tried, "l16.try.wait", lang)


@live
def scene(name: str) -> Scene:
    """A live scene: the tavern, the Camp, Ana's army and command zone (and coins where they change),
    her choices, the log, the scene's rules; a "what if?" try where the scene has one."""
    import ipywidgets as w

    from widgets import ArmyView, PlayerBoard, TavernRow
    from widgets.camp import CommandZonesView
    from widgets.components import CampView
    from widgets.controller import Controller
    from widgets.lessons.scene import PlayScene

    c = Controller(SCENES[name](), seat=0, bots=dict(SCRIPTED), events=[])
    views: list[w.Widget] = [TavernRow(c, theme=False), CampView(c, theme=False)]
    views.append(ArmyView(c, 0, theme=False))
    if name == "enlist":
        views.append(CommandZonesView(c))
    if name in ("vidofnir", "jarnglofi"):
        views.append(PlayerBoard(c, 0, theme=False))
    sc = PlayScene(c, "l16", name, views)
    tries: dict[str, Callable[[], Tried | None]] = {
        "visit": lambda: bo_visit_try([h[0] for h in c.history[: c.index + 1]]),
        "olwyn": lambda: doubles_try(c.state),
    }
    sc.add_rules(rules_html(name), (lambda: tried_html(tries[name]())) if name in tries else None)
    return sc


@live
def check_artifacts() -> QuestionScene:
    """The closing question: Ana's army, command zone and coins at the end; how much do her artifacts score?"""
    from widgets import ArmyView, PlayerBoard, PredictQuestion
    from widgets.controller import Controller
    from widgets.lessons.scene import QuestionScene

    c = Controller(question_state(), seat=0)
    q = PredictQuestion(
        render("l16.q.artifacts"),
        [(str(n), n) for n in (28, 33, 38, 43, 48)],
        correct=question_answer,
        explanation=question_explanation,
        rule="X-TH-SCORE-1",
        theme=False,
    )
    views = [ArmyView(c, 0, theme=False), PlayerBoard(c, 0, theme=False)]
    return QuestionScene(views, q, "nt-l16-q")
