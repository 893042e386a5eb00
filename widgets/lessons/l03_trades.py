"""Lesson 3, coin trades: the 0 coin, the Treasury fallback, basic vs gold coins, the green 3, Royal Offerings.

Each scene is a nidlib scenario played through a :class:`widgets.Controller`: the learner (Ana)
takes her card and chooses the coin to upgrade in the ActionPanel; Bo and Cy are scripted (they
take the leftmost card). Every sentence shown is one of nidlib's events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import nidlib
from nidlib.content.scenario import Scenario
from nidlib.core.actions import Action
from nidlib.core.events import Event
from nidlib.core.messages import render
from nidlib.core.state import State
from widgets.lessons.page import Page, live

if TYPE_CHECKING:
    import ipywidgets as w

    from widgets.lessons.scene import PlayScene

STEM = "03-coin-trades"
NAMES = ("Ana", "Bo", "Cy")


class Leftmost:
    """A scripted player: takes the leftmost card; any other decision: nidlib's first legal action."""

    def choose(self, view: State, legal: Sequence[Action]) -> Action:
        for a in legal:
            if isinstance(a, nidlib.Pick) and a.card == view.taverns[view.tavern][0]:
                return a
        return legal[0]


SCRIPTED = {1: Leftmost(), 2: Leftmost()}


def _base(seed: int) -> Scenario:
    return Scenario(3, names=NAMES, seed=seed).gems({0: 5, 1: 4, 2: 3})


def zero_trade() -> State:
    """Ana bid her 0 on the Laughing Goblin; pouch 2 and 3: after her pick, 2 + 3 = 5."""
    return (
        _base(31)
        .bids(0, taverns=[0, 4, "5b"], pouch=[2, 3])
        .bids(1, taverns=[4, 2, 3], pouch=[0, "5b"])
        .bids(2, taverns=[3, "5b", 4], pouch=[0, 2])
        .taverns([["W7", "E9", "M1"], ["B", "H", "W3"], ["M2", "H", "E6"]])
        .at_tavern(0)
        .build()
    )


def fallback_up() -> State:
    """Bo and Cy own both gold 8s: Ana's 3 + 5 = 8 must become the next higher coin (the only 9)."""
    return (
        _base(32)
        .bids(0, taverns=[0, 4, 2], pouch=[3, "5b"])
        .bids(1, taverns=[8, 2, 3], pouch=[0, 4])
        .bids(2, taverns=[8, 3, 4], pouch=[0, 2])
        .taverns([["W7", "E9", "M1"], ["B", "H", "W3"], ["M2", "H", "E6"]])
        .at_tavern(0)
        .build()
    )


def fallback_down() -> State:
    """Bo owns the 25: Ana's gold 12 + 13 = 25 has nothing higher, so she takes the nearest lower coin."""
    return (
        _base(33)
        .bids(0, taverns=[0, 4, 2], pouch=[12, 13])
        .bids(1, taverns=[25, 2, 3], pouch=[0, 4])
        .bids(2, taverns=[4, 3, "5b"], pouch=[0, 2])
        .taverns([["W7", "E9", "M1"], ["B", "H", "W3"], ["M2", "H", "E6"]])
        .at_tavern(0)
        .build()
    )


def green_three() -> State:
    """Ana won the Hunting Master: her green 3 replaced the 0 and triggers trades (pouch 3 + 5)."""
    return (
        _base(34)
        .command_zone(0, ["hunting-master"])
        .bids(0, taverns=["3s", 4, 2], pouch=[3, "5b"])
        .bids(1, taverns=[4, 2, 3], pouch=[0, "5b"])
        .bids(2, taverns=[2, "5b", 4], pouch=[0, 3])
        .taverns([["W7", "E9", "M1"], ["B", "H", "W3"], ["M2", "H", "E6"]])
        .at_tavern(0)
        .build()
    )


def offering_positions() -> State:
    """Dancing Dragon being resolved; Ana (gem 5) and Bo (gem 4) both bid 4 there, and Ana picks the
    Royal Offering +3 first. Her coins: 3 on the Goblin (resolved), 4 on the Dragon (revealed),
    5 on the Horse (not revealed), 2 and 0 in the pouch: which one to upgrade?"""
    return (
        _base(35)
        .bids(0, taverns=[3, 4, "5b"], pouch=[0, 2])
        .bids(1, taverns=["5b", 4, 3], pouch=[0, 2])
        .bids(2, taverns=[4, 2, 3], pouch=[0, "5b"])
        .taverns([["W7", "E9", "M1"], ["RO3", "H", "W3"], ["M2", "H", "E6"]])
        .at_tavern(1)
        .build()
    )


def offering_then_trade() -> State:
    """Ana bid 0 on the Goblin and is left with the Royal Offering there: upgrade first, then trade."""
    return (
        _base(36)
        .bids(0, taverns=[0, 4, "5b"], pouch=[2, 3])
        .bids(1, taverns=[4, 2, 3], pouch=[0, "5b"])
        .bids(2, taverns=[3, "5b", 4], pouch=[0, 2])
        .taverns([["W7", "E9", "RO3"], ["B", "H", "W3"], ["M2", "H", "E6"]])
        .at_tavern(0)
        .build()
    )


SCENES = {
    "zero": zero_trade,
    "fallback-up": fallback_up,
    "fallback-down": fallback_down,
    "green": green_three,
    "offering": offering_positions,
    "offering-trade": offering_then_trade,
}


def play(s: State, actions: list[str]) -> tuple[State, list[Event]]:
    """Apply Ana's actions (text forms; ``"leftmost"``: take the leftmost card), the scripted players acting in between; returns all events."""
    events: list[Event] = []
    for text in [*actions, None]:
        while True:
            d = nidlib.decision(s)
            if d is None or 0 in d.players:
                break
            p = d.players[0]
            a = SCRIPTED[p].choose(nidlib.view_for(s, p), nidlib.legal_actions(s, p))
            s, ev = nidlib.apply(s, a)
            events.extend(ev)
        if text is None:
            break
        if text == "leftmost":
            text = f"p0:pick:{s.taverns[s.tavern][0]}"
        s, ev = nidlib.apply(s, nidlib.parse(text))
        events.extend(ev)
    return s, events


# --- check: predict the coin taken -----------------------------------------------------------


def question_state() -> State:
    """Ana bid 0 on the Goblin with 4 and 5 in her pouch; Bo owns the only 9 (3 players)."""
    return (
        _base(37)
        .bids(0, taverns=[0, 2, 3], pouch=[4, "5b"])
        .bids(1, taverns=[9, 2, 3], pouch=[0, 4])
        .bids(2, taverns=[4, 3, "5b"], pouch=[0, 2])
        .taverns([["W7", "E9", "M1"], ["B", "H", "W3"], ["M2", "H", "E6"]])
        .at_tavern(0)
        .build()
    )


def question_answer() -> tuple[int, list[Event]]:
    """The coin nidlib gives Ana in the question's trade (she takes the leftmost card)."""
    _, ev = play(question_state(), ["leftmost"])
    done = next(e for e in ev if e.key == "trade.done" and e.player == 0)
    return int(done.params["new"]), [
        e for e in ev if e.player == 0 and e.key.startswith(("trade", "treasury", "coin"))
    ]


# --- widgets -----------------------------------------------------------------------------------


page = Page(STEM)
header, footer, say = page.header, page.footer, page.say


@live
def scene(name: str) -> PlayScene:
    """A live scene: taverns, Ana's board, the Treasury, Ana's choices and nidlib's explanations."""
    import ipywidgets as w

    from widgets import PlayerBoard, TavernRow, TreasuryView
    from widgets.controller import Controller
    from widgets.lessons.scene import PlayScene

    c = Controller(SCENES[name](), seat=0, bots=dict(SCRIPTED), events=[])
    boards = w.HBox(
        [PlayerBoard(c, 0, theme=False), TreasuryView(c, theme=False)],
        layout=w.Layout(flex_flow="row wrap", gap="8px"),
    )
    # the scene starts where Ana first acts, after the scripted players before her (not history entry 0)
    box = PlayScene(c, "l03", name, [TavernRow(c, theme=False), boards], restart=c.index)
    box.event_log.add_class(f"nt-l03-log-{name}")
    return box


@live
def check_coin() -> w.Widget:
    from widgets import PredictQuestion

    s = question_state()
    setup = render("l03.q.setup", {"total": sum(c.value for c in s.players[0].slots[3:5] if c)})

    def explain(_: Any) -> str:
        return " ".join(e.text(cite=False) for e in question_answer()[1])

    q = PredictQuestion(
        setup + " " + render("l03.q.coin"),
        [(str(v), v) for v in (8, 9, 10, 11)],
        correct=lambda: question_answer()[0],
        explanation=explain,
        rule="R-TREAS-1",
        theme=False,
    )
    q.add_class("nt-l03-q")
    return q
