"""Lesson 6, Troop Evaluation: strict majorities of ranks at the end of Age I and the five distinctions.

Every position is a :class:`nidlib.content.scenario.Scenario` built ``at_end_of_age()``; nidlib runs the
evaluation and its events (``eval.win``, ``eval.tie``, ``dist.*``...) are revealed class by class.
Choices the evaluation asks for (King's Hand +5, a hero, the Pioneer's card) are taken with the
:class:`widgets.components.ActionPanel`.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any

import nidlib
from nidlib.content.scenario import Scenario
from nidlib.core.cards import CLASSES, Distinction
from nidlib.core.events import Event
from nidlib.core.messages import term
from nidlib.core.state import State
from nidlib.rules.engine import ranks
from widgets.controller import Controller
from widgets.lessons.common import starting_coins
from widgets.lessons.page import Page, live
from widgets.render import army_html, command_zone_html, rule_html, t

if TYPE_CHECKING:
    import ipywidgets as w

STEM = "06-troop-evaluation"
#: The answer "nobody wins it" of the check questions.
NOBODY = "nobody"
NAMES = ("Ana", "Bo", "Cy")
#: Events of Age II's set-up that follow the evaluation: the stepper stops before them.
_AFTER = "age.start"
#: The private Pioneer draw is shown (the learner plays every seat); its public twin is skipped.
_SKIP = {"dist.pioneer-draw-public"}


#: The distinction each class decides, in evaluation order (R-EVAL-2).
DISTINCTION: dict[str, Distinction] = dict(zip((c.value for c in CLASSES), Distinction, strict=True))


def distinction_name(cls: str) -> str:
    return term(f"@distinction.{DISTINCTION[cls].value}")


def walkthrough_spec() -> Scenario:
    """Every distinction is won: King's Hand, Hunting Master, Crown Jeweler, Armorer (a line, a hero), Pioneer."""
    s = (
        Scenario(3, names=NAMES, seed=3)
        .army(0, warrior=[3, 4, 5], hunter=[0, 0], miner=[1, 0], blacksmith=[0], explorer=[6, 7])
        .command_zone(0, ["Skaa"])
        .army(1, warrior=[7, 8], hunter=[0, 0, 0], miner=[0], explorer=[8])
        .army(2, warrior=[9], hunter=[0], miner=[2, 2, 1], explorer=[9, 10, 11])
        .gems({0: 5, 1: 4, 2: 3})
    )
    return starting_coins(s)


def ties_spec() -> Scenario:
    """EC-24 (Kraal: ranks, not cards), a Miner tie (EC-25's rule), EC-26 (Explorer tie: a card is discarded).

    Bo recruited Kraal when he completed his first line, so his army has one line for one hero: a
    position a real game can reach (EC-25's "nobody has a miner" cannot go with a recruited hero).
    """
    s = (
        Scenario(3, names=NAMES, seed=5)
        .army(0, warrior=[3, 4, 5], hunter=[0], miner=[1], explorer=[6])
        .army(1, warrior=[6, "Kraal"], hunter=[0, 0], miner=[2], blacksmith=[0], explorer=[7])
        .army(2, warrior=[8], blacksmith=[0, 0], explorer=[8])
        .gems({0: 5, 1: 4, 2: 3})
    )
    return starting_coins(s)


def check_spec() -> Scenario:
    """The position of the final check: predict each distinction."""
    s = (
        Scenario(3, names=NAMES, seed=11)
        .army(0, warrior=[3, 9], hunter=[0, 0, 0], miner=[2], blacksmith=[0, 0, 0])
        .army(1, warrior=[4, 5, 6], hunter=[0, 0], miner=[0, 1], blacksmith=[0])
        .army(2, warrior=["Kraal", 7], hunter=[0], miner=[1], blacksmith=[0], explorer=[6, 9])
        .gems({0: 3, 1: 5, 2: 4})
    )
    return starting_coins(s)


def ylud_spec() -> Scenario:
    """Ana recruited Ylud in Age I (1 line, 1 hero): she waits in the command zone. Ana and Cy have 2
    Explorers each; where Ana places her decides the Pioneer of the Kingdom (R-HERO-YLUD-2)."""
    s = (
        Scenario(3, names=NAMES, seed=13)
        .army(0, warrior=[3], hunter=[0], miner=[1], blacksmith=[0], explorer=[6, 7])
        .command_zone(0, ["Ylud"])
        .army(1, warrior=[5, 6], hunter=[0, 0], miner=[2], explorer=[8])
        .army(2, warrior=[4], miner=[0, 1], blacksmith=[0], explorer=[9, 10])
        .gems({0: 5, 1: 4, 2: 3})
    )
    return starting_coins(s)


SCENARIOS: dict[str, Callable[[], Scenario]] = {
    "walkthrough": walkthrough_spec,
    "ties": ties_spec,
    "check": check_spec,
    "ylud": ylud_spec,
}


page = Page(STEM)
header, footer, say = page.header, page.footer, page.say


def before(key: str) -> State:
    """The armies as they are when the evaluation starts (the same scenario, not yet evaluated)."""
    return SCENARIOS[key]().at_bids().build()


def start(key: str) -> tuple[State, list[Event]]:
    """The scenario at the end of Age I, evaluated up to the first choice; with its events."""
    events: list[Event] = []
    state = SCENARIOS[key]().at_end_of_age().build(events)
    return state, events


def ranks_table_html(state: State) -> str:
    """Ranks per class and player (R-ARMY-2), with the distinction each class decides."""
    players = state.players
    head = "".join(f"<th>{escape(p.name)}</th>" for p in players)
    rows = []
    for ci, cls in enumerate(CLASSES):
        counts = [ranks(p, ci) for p in players]
        cells = "".join(f'<td class="nt-num">{n}</td>' for n in counts)
        rows.append(
            f"<tr><th>{escape(term(f'@class.{cls.value}'))}"
            f"<small> → {escape(distinction_name(cls.value))}</small></th>{cells}</tr>"
        )
    return (
        f'<table class="nt-score-table nt-ranks-table" style="width:auto;min-width:min(26rem, 100%)"><thead><tr><th>{escape(t("lesson06.ranks"))}</th>'
        f"{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def armies_html(state: State) -> str:
    parts = [
        f'<div class="nt-panel nt-eval-army">{army_html(p)}{command_zone_html(p)}</div>'
        for p in state.players
    ]
    return (
        '<div class="nt-eval-armies" style="display:flex;flex-wrap:wrap;gap:.6em">'
        + "".join(parts)
        + "</div>"
    )


def evaluation_events(events: list[Event]) -> list[Event]:
    """The events of the evaluation itself: up to Age II's set-up, without duplicate public twins."""
    out: list[Event] = []
    for e in events:
        if e.key == _AFTER:
            break
        if e.key not in _SKIP:
            out.append(e)
    return out


def winners(events: list[Event]) -> dict[str, str | None]:
    """Class -> the winner's name (None: a tie, nobody), read from nidlib's ``eval.*`` events."""
    out: dict[str, str | None] = {}
    for e in events:
        if e.key in ("eval.win", "eval.tie"):
            cls = str(e.params["cls"]).removeprefix("@class.")
            out[cls] = e.params["name"] if e.key == "eval.win" else None
    return out


def run_to_end(key: str, first: nidlib.Action | None = None) -> list[Event]:
    """Run a scenario's evaluation to the end, every choice taking nidlib's first legal action
    (``first``: the first choice instead, e.g. where Ylud goes)."""
    state, events = start(key)
    if first is not None:
        state, more = nidlib.apply(state, first)
        events = events + more
    while True:
        d = nidlib.decision(state)
        if d is None or d.kind == "bids":
            return evaluation_events(events)
        state, more = nidlib.apply(state, nidlib.legal_actions(state)[0])
        events = events + more


class EvaluationStepper:
    """The armies, their ranks, then the evaluation revealed one class at a time (``widget``)."""

    def __init__(self, key: str = "walkthrough") -> None:
        import ipywidgets as w

        from widgets.components import ActionPanel, ArmyView

        self.key = key
        first = before(key)
        state, events = start(key)
        self.controller = Controller(state, seat=None, events=events)
        self.shown = 0
        self.table = w.HTML(ranks_table_html(first))
        self.table.add_class("nt-eval-ranks")
        self.armies = w.HTML(armies_html(first))
        self.log = w.HTML()
        self.log.add_class("nt-eval-log")
        self.next = w.Button(
            description=t("lesson06.next"), button_style="primary", icon="play", layout=w.Layout(width="auto")
        )
        self.next.add_class("nt-eval-next")
        self.reset = w.Button(description=t("lesson06.reset"), icon="undo", layout=w.Layout(width="auto"))
        self.reset.add_class("nt-eval-reset")
        self.status = w.HTML()
        self.status.add_class("nt-eval-status")
        self.panel = ActionPanel(self.controller, None, theme=False)
        self.panel_box = w.VBox([self.panel])
        self.after = w.VBox(
            [ArmyView(self.controller, i, seat=None, theme=False) for i in range(len(state.players))],
            layout=w.Layout(display="none"),
        )
        self.after_title = w.HTML()
        self.next.on_click(lambda _b: self.step())
        self.reset.on_click(lambda _b: self.restart())
        self.controller.on_change(lambda _c: self._acted())
        before_box = w.Accordion(children=[self.armies], titles=(t("lesson06.armies"),))
        self.widget = w.VBox(
            [
                self.table,
                before_box,
                w.HBox([self.next, self.reset], layout=w.Layout(gap="0.5rem")),
                self.log,
                self.panel_box,
                self.status,
                self.after_title,
                self.after,
            ]
        )
        self.widget.add_class("nt-root")
        self.widget.add_class("nt-eval")
        self.refresh()

    @property
    def events(self) -> list[Event]:
        return evaluation_events(self.controller.events)

    @property
    def finished(self) -> bool:
        d = nidlib.decision(self.controller.state)
        return (d is None or d.kind == "bids") and self.shown >= len(self.events)

    def _waiting(self) -> bool:
        d = nidlib.decision(self.controller.state)
        return d is not None and d.kind != "bids" and self.shown >= len(self.events)

    def step(self) -> None:
        """Reveal the next class's evaluation and its effects (up to the next class or a choice)."""
        events = self.events
        if self.shown >= len(events):
            return
        k = self.shown + 1
        while k < len(events) and events[k].key not in ("eval.win", "eval.tie"):
            k += 1
        self.shown = k
        self.refresh()

    def _acted(self) -> None:
        # the choice's consequences follow at once, up to the next class
        if self.shown < len(self.events):
            k = self.shown
            events = self.events
            while k < len(events) and events[k].key not in ("eval.win", "eval.tie"):
                k += 1
            self.shown = k
        self.refresh()

    def restart(self) -> None:
        self.controller.goto(0)
        self.controller.history = self.controller.history[:1]
        self.shown = 0
        self.controller.notify()

    def refresh(self) -> None:
        events = self.events[: self.shown]
        items = []
        for e in events:
            cls = "nt-eval-class" if e.key in ("eval.win", "eval.tie") else "nt-eval-effect"
            items.append(
                f'<li class="{cls}"><span>{escape(e.text(cite=False))}</span> {rule_html(e.rule)}</li>'
            )
        if items:
            self.log.value = f'<ol class="nt-events nt-eval-events">{"".join(items)}</ol>'
        else:
            self.log.value = f'<p class="nt-muted">{escape(t("lesson06.press-next"))}</p>'
        waiting = self._waiting()
        self.panel_box.layout.display = "" if waiting else "none"
        self.next.disabled = waiting or self.shown >= len(self.events)
        done = self.finished
        self.after.layout.display = "" if done else "none"
        if done:
            self.status.value = f'<p class="nt-message nt-message-ok">{escape(t("lesson06.done"))}</p>'
            self.after_title.value = f"<h4>{escape(t('lesson06.after'))}</h4>"
        elif waiting:
            self.status.value = f'<p class="nt-muted">{escape(t("lesson06.choose"))}</p>'
            self.after_title.value = ""
        else:
            self.status.value = ""
            self.after_title.value = ""


@live
def stepper(key: str = "walkthrough") -> w.Widget:
    """The evaluation of one scenario, class by class."""
    return EvaluationStepper(key).widget


@live
def position(key: str) -> w.Widget:
    """A scenario's armies and rank counts before the evaluation (for the check)."""
    import ipywidgets as w

    first = before(key)
    box = w.VBox([w.HTML(ranks_table_html(first)), w.HTML(armies_html(first))])
    box.add_class("nt-root")
    return box


@live
def check(key: str = "check") -> w.Widget:
    """Predict who wins each distinction; nidlib evaluates the position when Check is pressed."""
    import ipywidgets as w

    from widgets.quiz import PredictQuestion

    names = list(before(key).options.names or NAMES)
    options: list[tuple[str, Any]] = [(n, n) for n in names] + [(t("lesson06.nobody"), NOBODY)]
    questions = []
    for cls in CLASSES:

        def answer(c: str = cls.value) -> str:
            return winners(run_to_end(key)).get(c) or NOBODY

        def why(correct: str, c: str = cls.value) -> str:
            event = next(
                e for e in run_to_end(key) if e.key.startswith("eval.") and e.params["cls"] == f"@class.{c}"
            )
            return event.text(cite=False)

        q = PredictQuestion(
            t("lesson06.q", distinction=distinction_name(cls.value), cls=f"@class.{cls.value}"),
            options,
            answer,
            why,
            rule="R-EVAL-3",
            theme=False,
        )
        q.add_class(f"nt-eval-q-{cls.value}")
        questions.append(q)
    box = w.VBox(questions, layout=w.Layout(gap="0.6rem"))
    box.add_class("nt-root")
    return box


# --- issue 13: Ylud at the end of Age I, the Pioneer's draw, the end of Age II ---------------------


def ylud_winners() -> dict[str, str | None]:
    """Where Ana places Ylud -> who wins the Pioneer of the Kingdom (nidlib runs each evaluation)."""
    return {c.value: winners(run_to_end("ylud", nidlib.PlaceYlud(0, c))).get("explorer") for c in CLASSES}


def ylud_answer() -> str:
    """The one column where Ylud wins Ana the Pioneer of the Kingdom."""
    wins = [c for c, who in ylud_winners().items() if who == "Ana"]
    return wins[0] if len(wins) == 1 else NOBODY


def ylud_explanation(column: str) -> str:
    event = next(
        e
        for e in run_to_end("ylud", nidlib.PlaceYlud(0, CLASSES[[c.value for c in CLASSES].index(column)]))
        if e.key.startswith("eval.") and e.params["cls"] == "@class.explorer"
    )
    return t("lesson06.q.ylud.explain", cls=f"@class.{column}", event=event.text(cite=False))


def pioneer_cards() -> tuple[int, int]:
    """The Age II deck before the evaluation, and as Age II begins (nidlib's ``age.start`` count),
    with Ylud in Ana's Explorer column so that Ana wins the Pioneer."""
    state, events = start("ylud")
    before_count = len(state.decks[2])
    state, more = nidlib.apply(state, nidlib.PlaceYlud(0, CLASSES[-1]))
    events = events + more
    while (d := nidlib.decision(state)) is not None and d.kind != "bids":
        state, more = nidlib.apply(state, nidlib.legal_actions(state)[0])
        events = events + more
    after = next(int(e.params["cards"]) for e in events if e.key == _AFTER)
    return before_count, after


def pioneer_answer() -> int:
    before_count, after = pioneer_cards()
    return before_count - after


def pioneer_explanation(n: int) -> str:
    before_count, after = pioneer_cards()
    return t("lesson06.q.pioneer.explain", n=n, before=before_count, after=after)


def age_two_spec() -> Scenario:
    """The last tavern of Age II is done. Ana (2 lines, 2 heroes) has Thrud on her Warrior column and
    Ylud in her Explorer column; Bo has 3 Warriors, like Ana without Thrud (R-AGE-2, R-HERO-THRUD-5)."""
    s = (
        Scenario(3, names=NAMES, age=2, round=3, seed=61)
        .army(
            0,
            warrior=[3, 4, 5, "Thrud"],
            hunter=[0, 0],
            miner=[1, 2],
            blacksmith=[0, 0],
            explorer=[6, "Ylud"],
        )
        .army(1, warrior=[6, 7, 8], hunter=[0], miner=[2], blacksmith=[0, 0])
        .army(2, warrior=[9], hunter=[0, 0, 0], miner=[0, 1], explorer=[8, 9])
        .gems({0: 5, 1: 4, 2: 3})
    )
    return starting_coins(s)


def age_two_state() -> State:
    """The end of Age II, waiting for Ana's choice: Ylud stays or moves (R-HERO-YLUD-3)."""
    return age_two_spec().at_end_of_age().build()


def warrior_bonus(ylud: str = "explorer") -> list[str]:
    """Who adds their highest coin for the most Warrior ranks (R-SCORE-2) once Ylud is left in (or
    moved to) column ``ylud``: nidlib ends the game and scores it."""
    column = CLASSES[[c.value for c in CLASSES].index(ylud)]
    s, _ = nidlib.apply(age_two_state(), nidlib.PlaceYlud(0, column))
    table = nidlib.final_scores(s)
    return [
        p.name for p in table.players if any(x.category == "warrior_bonus" and x.points > 0 for x in p.lines)
    ]


def age_two_answer() -> str:
    return "+".join(warrior_bonus())


def age_two_explanation(_answer: str) -> str:
    return t("lesson06.q.age-two.explain", names=warrior_bonus())


@live
def age_two() -> w.Widget:
    """The end of Age II played: Ylud's choice (stay or move), Thrud going home, the score sheet."""
    from widgets.components import ArmyView, ScoreSheetView
    from widgets.lessons.scene import PlayScene

    c = Controller(age_two_state(), seat=0, events=[])
    views = [ArmyView(c, 0, theme=False), ArmyView(c, 1, theme=False), ScoreSheetView(c, theme=False)]
    return PlayScene(c, "l06", "age-two", views)


def _question(
    key: str, options: list[tuple[str, Any]], correct: Any, explanation: Any, rule: str
) -> w.Widget:
    import ipywidgets as w

    from widgets.quiz import PredictQuestion

    q = PredictQuestion(t(f"lesson06.q.{key}"), options, correct, explanation, rule=rule, theme=False)
    q.add_class(f"nt-eval-q-{key}")
    box = w.VBox([q])
    box.add_class("nt-root")
    return box


@live
def check_ylud() -> w.Widget:
    """Where must Ana place Ylud to win the Pioneer? nidlib evaluates each choice to answer."""
    options: list[tuple[str, Any]] = [(term(f"@class.{c.value}"), c.value) for c in CLASSES]
    return _question("ylud", options, ylud_answer, ylud_explanation, "R-HERO-YLUD-2")


@live
def check_pioneer() -> w.Widget:
    """How many cards does the Age II deck lose to the Pioneer? nidlib's counts answer."""
    options: list[tuple[str, Any]] = [(str(n), n) for n in range(4)]
    return _question("pioneer", options, pioneer_answer, pioneer_explanation, "R-DIST-PIONEER-5")


@live
def check_age_two() -> w.Widget:
    """Who gets the Warrior bonus once Thrud has left Ana's army? nidlib scores the game."""
    options: list[tuple[str, Any]] = [
        ("Ana", "Ana"),
        ("Bo", "Bo"),
        (t("lesson06.q.age-two.both"), "Ana+Bo"),
    ]
    return _question("age-two", options, age_two_answer, age_two_explanation, "R-HERO-THRUD-5")
