"""Lesson 1, the game at a glance: the goal, Ages and rounds, a round's phases, and 2 to 5 players.

The player-count table is computed from nidlib: a new game is set up with ``nidlib.new_game(n)``
and its taverns, Treasury, gems and decks are counted; rounds per Age and cards per tavern come
from the engine's set-up event (``nidlib.rules.engine.ROUNDS_PER_AGE`` / ``TAVERN_SIZE``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import nidlib
from nidlib.core.events import Event
from nidlib.core.messages import render
from nidlib.rules.engine import ROUNDS_PER_AGE, TAVERN_SIZE
from widgets.lessons.common import events_block
from widgets.lessons.page import Page, live

if TYPE_CHECKING:
    import ipywidgets as w

    from widgets.lessons.scene import Scene

STEM = "01-game-at-a-glance"


@dataclass(frozen=True)
class Setup:
    players: int
    cards_per_tavern: int
    rounds_per_age: int
    gems: tuple[int, ...]
    treasury: int
    age1_deck: int
    age2_deck: int
    events: tuple[Event, ...]

    @property
    def cards_per_round(self) -> int:
        return 3 * self.cards_per_tavern


def setup(players: int) -> Setup:
    """Count what a fresh ``players``-player game holds (the Age I deck includes the cards just dealt)."""
    events: list[Event] = []
    s = nidlib.new_game(players, seed=1, events=events)
    dealt = sum(len(t) for t in s.taverns)
    return Setup(
        players=players,
        cards_per_tavern=len(s.taverns[0]),
        rounds_per_age=ROUNDS_PER_AGE[players],
        gems=tuple(sorted(p.gem for p in s.players)),
        treasury=sum(s.treasury.values()),
        age1_deck=len(s.decks[1]) + dealt,
        age2_deck=len(s.decks[2]),
        events=tuple(e for e in events if e.key.startswith(("setup.", "round.", "enter."))),
    )


page = Page(STEM)
header, footer, say = page.header, page.footer, page.say


@live
def player_count() -> Scene:
    """Choose 2 to 5 players: the table and the set-up sentences come from a new nidlib game."""
    import ipywidgets as w

    from widgets import render as r
    from widgets.lessons.scene import Scene

    count = w.ToggleButtons(options=[2, 3, 4, 5], value=3, description=render("l01.players"))
    count.add_class("nt-l01-count")
    count.style.button_width = "3em"
    out = w.HTML().add_class("nt-l01-table")

    def show(_: Any = None) -> None:
        st = setup(int(count.value))
        rows = [
            ("l01.row.cards", st.cards_per_tavern),
            ("l01.row.per-round", st.cards_per_round),
            ("l01.row.rounds", st.rounds_per_age),
            ("l01.row.gems", " ".join(r.gem_html(g) for g in st.gems)),
            ("l01.row.treasury", st.treasury),
            ("l01.row.decks", f"{st.age1_deck} / {st.age2_deck}"),
        ]
        body = "".join(f"<tr><th scope='row'>{render(k)}</th><td>{v}</td></tr>" for k, v in rows)
        extra = render("l01.two-players") if st.players == 2 else ""
        out.value = (
            f"<table class='nt-lesson-table'><tbody>{body}</tbody></table>"
            f"{f'<p>{extra}</p>' if extra else ''}" + events_block(st.events, "l01.story", {"n": st.players})
        )

    count.observe(show, "value")
    show()
    return Scene([count, out], "nt-l01-players", controls={"count": count, "out": out})


def rounds_answer(players: int = 4) -> int:
    """Rounds per Age as nidlib announces them when a game is set up."""
    events: list[Event] = []
    nidlib.new_game(players, seed=1, events=events)
    return int(next(e for e in events if e.key == "setup.game").params["rounds"])


@live
def check_rounds() -> w.Widget:
    from widgets import PredictQuestion

    q = PredictQuestion(
        render("l01.q.rounds"),
        [(str(n), n) for n in (2, 3, 4, 5)],
        correct=rounds_answer,
        explanation=lambda n: render("l01.q.explain", {"n": n, "cards": TAVERN_SIZE[4] * 3}),
        rule="R-FLOW-3",
        theme=False,
    )
    q.add_class("nt-l01-q")
    return q


def tavern_answer(players: int = 2) -> int:
    """Cards in each tavern, counted in a game nidlib sets up for ``players`` players."""
    return setup(players).cards_per_tavern


@live
def check_taverns() -> w.Widget:
    """Issue 13 (lesson 1's check was thin): the cards of a tavern with 2 players, counted by nidlib."""
    from widgets import PredictQuestion

    q = PredictQuestion(
        render("l01.q.taverns"),
        [(str(n), n) for n in (2, 3, 4, 5)],
        correct=tavern_answer,
        explanation=lambda n: render("l01.q.taverns-explain", {"n": n, "round": setup(2).cards_per_round}),
        rule="R-SETUP-6",
        theme=False,
    )
    q.add_class("nt-l01-q-taverns")
    return q
