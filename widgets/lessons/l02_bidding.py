"""Lesson 2, bidding: five coins, the reveal tavern by tavern, pick order, gem tie-breaks and exchanges.

Every scene is a live nidlib scenario played through a :class:`widgets.Controller`: the learner
(Ana) bids in the shared :class:`widgets.BidPanel` against two scripted players whose bids are fixed
here, then steps through the taverns (everyone takes the leftmost card); the sentences shown are
nidlib's events. The checks are :class:`widgets.PredictQuestion` s whose answers nidlib computes. The
gem-exchange explorer builds "everybody ties" positions at 2 to 5 players (optionally with gem 6)
and reads gems before and after from the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import nidlib
from nidlib.content.scenario import Scenario
from nidlib.core.events import Event
from nidlib.core.messages import render
from nidlib.core.state import State
from nidlib.rules.engine import GEMS_BY_PLAYERS
from widgets.lessons.common import events_block, note
from widgets.lessons.page import Page, live

if TYPE_CHECKING:
    from widgets.lessons.scene import QuestionScene, Scene

STEM = "02-bidding"
NAMES = ("Ana", "Bo", "Cy", "Di", "Ed")
LEARNER = 0

# --- the round against two scripted players ----------------------------------------------------

#: The scripted bids (Goblin, Dragon, Horse / pouch) of Bo and Cy in the practice round.
SCRIPTED = {1: "4,2,5b/0,3", 2: "4,5b,2/0,3"}
ROUND_GEMS = {0: 3, 1: 5, 2: 4}
ROUND_TAVERNS = [["W7", "H", "M1"], ["B", "E9", "W3"], ["M2", "H", "E6"]]


def round_start() -> State:
    """Age I, round 1, 3 players, waiting for bids; Bo and Cy have not bid yet (their bids are scripted)."""
    return Scenario(3, names=NAMES[:3], seed=2).gems(ROUND_GEMS).taverns(ROUND_TAVERNS).at_bids().build()


def scripted_bids() -> list[nidlib.Action]:
    return [nidlib.parse(f"p{i}:bid:{text}") for i, text in SCRIPTED.items()]


def round_after_scripted_bids() -> tuple[State, list[Event]]:
    """The practice round once Bo and Cy have bid (their coins face down): only Ana still has to bid."""
    s, events = round_start(), []
    for a in scripted_bids():
        s, ev = nidlib.apply(s, a)
        events.extend(ev)
    return s, events


def scripted_bid(s: State, player: int) -> nidlib.Action:
    """Bo's or Cy's bid in a later round: their scripted bid while nidlib accepts it (they still own
    those coins), otherwise nidlib's first legal bid."""
    a = nidlib.parse(f"p{player}:bid:{SCRIPTED[player]}")
    return a if nidlib.check(s, a) is None else nidlib.legal_actions(s, player)[0]


def scripted_action(s: State) -> nidlib.Action:
    """The practice round's script: whoever must pick takes the leftmost card; any other decision
    (none arises in this round) takes nidlib's first legal action."""
    d = nidlib.decision(s)
    if d is not None and d.kind == "pick":
        return nidlib.Pick(d.players[0], s.taverns[s.tavern][0])
    return nidlib.legal_actions(s)[0]


def resolving(s: State) -> bool:
    """True while a tavern is being resolved (the bids are in and the round is not over)."""
    d = nidlib.decision(s)
    return d is not None and d.kind != "bids" and s.tavern >= 0


def step_to_next_reveal(s: State) -> tuple[State, list[Event]]:
    """Resolve the tavern being resolved with :func:`scripted_action`; stops when the next tavern
    is revealed (or the round is over)."""
    events: list[Event] = []
    start = (s.round, s.tavern)
    while resolving(s) and (s.round, s.tavern) == start:
        s, ev = nidlib.apply(s, scripted_action(s))
        events.extend(ev)
    return s, events


# --- everybody ties: the gem exchange at 2..5 players ------------------------------------------

#: The value everybody bids on the Goblin in the explorer and the gem question (the prose says "3").
TIE_VALUE = 3


def tie_state(
    players: int, gem6: bool = False, value: int = TIE_VALUE, six_at: int | None = None
) -> tuple[State, list[Event]]:
    """Everybody bids ``value`` on the Laughing Goblin; gems 5, 4, 3... in seat order. With ``gem6``
    one seat (``six_at``, by default the last) holds gem 6 instead, with the Crown Jeweler. Returns
    the state at the first pick and the reveal events."""
    gems = dict(enumerate(sorted(GEMS_BY_PLAYERS[players], reverse=True)))
    sc = Scenario(players, names=NAMES[:players], seed=3)
    if gem6:
        seat = players - 1 if six_at is None else six_at
        gems[seat] = 6
        sc.command_zone(seat, ["crown-jeweler"])
    sc.gems(gems)
    others = [c for c in (0, 2, 3, 4, 5) if c != value]
    for i in range(players):
        sc.bids(i, taverns=[value, others[1], others[2]], pouch=[others[0], others[3]])
    ev: list[Event] = []
    s = sc.at_tavern(0).build(ev)
    return s, ev


@dataclass(frozen=True)
class TieResult:
    names: tuple[str, ...]
    before: tuple[int, ...]
    after: tuple[int, ...]
    first: str
    events: tuple[Event, ...]

    @property
    def swaps(self) -> list[tuple[str, str]]:
        return [(e.params["a"], e.params["b"]) for e in self.events if e.key == "gem.swap"]


def tie_result(players: int, gem6: bool = False, six_at: int | None = None) -> TieResult:
    """Resolve the Laughing Goblin of :func:`tie_state`; gems before and after come from the states."""
    s, ev = tie_state(players, gem6, six_at=six_at)
    before = tuple(p.gem for p in s.players)
    first = s.players[s.order[0]].name
    s, more = step_to_next_reveal(s)
    keep = [e for e in ev if e.key.startswith(("reveal.", "order."))]
    keep += [e for e in more if e.key.startswith("gem.")]
    return TieResult(NAMES[:players], before, tuple(p.gem for p in s.players), first, tuple(keep))


# --- check questions ---------------------------------------------------------------------------


def _question_first() -> Scenario:
    """Goblin: Ana 5 (gem 4), Bo 4 (gem 3), Cy 5 (gem 2), Di 4 (gem 5): who picks first?"""
    return (
        Scenario(4, names=NAMES[:4], seed=4)
        .gems({0: 4, 1: 3, 2: 2, 3: 5})
        .bids(0, taverns=[5, 0, 2], pouch=[3, 4])
        .bids(1, taverns=[4, 0, 2], pouch=[3, 5])
        .bids(2, taverns=[5, 0, 3], pouch=[2, 4])
        .bids(3, taverns=[4, 5, 2], pouch=[0, 3])
        .at_tavern(0)
    )


def question_first_state() -> State:
    return _question_first().build()


def first_picker() -> str:
    """Who picks first at the Goblin of :func:`question_first_state`: nidlib's pick order."""
    s = question_first_state()
    return s.players[s.order[0]].name


def first_events() -> list[Event]:
    """nidlib's sentences for the reveal and the pick order of :func:`question_first_state`."""
    events: list[Event] = []
    _question_first().build(events)
    return [e for e in events if e.key.startswith(("reveal.", "order."))]


def pairs_text(pairs: list[tuple[str, str]]) -> str:
    if not pairs:
        return render("l02.q.no-swap")
    return render("l02.q.pair-sep").join(render("l02.q.pair", {"a": a, "b": b}) for a, b in pairs)


#: The gem question: four players tie and Bo (not the last seat, unlike the explorer) holds gem 6.
SWAPS_QUESTION = {"players": 4, "gem6": True, "six_at": 1}


def swaps_result() -> TieResult:
    return tie_result(**SWAPS_QUESTION)  # type: ignore[arg-type]


def swaps_answer() -> str:
    """Four players tie with gem 6 among them: the exchanges nidlib makes, as text."""
    return pairs_text(swaps_result().swaps)


def swaps_options() -> list[str]:
    """Plausible exchanges (the right one among them), in a stable order."""
    r = swaps_result()
    n = r.names
    candidates = [[(n[0], n[3]), (n[1], n[2])], [(n[0], n[2])], [(n[0], n[1])], r.swaps]
    return sorted(dict.fromkeys(pairs_text(c) for c in candidates))


# --- widgets -----------------------------------------------------------------------------------


page = Page(STEM)
header, footer, say = page.header, page.footer, page.say


@live
def bid_round() -> Scene:
    """Bid against Bo and Cy in the shared BidPanel, then step through the three taverns; at the end of
    the round, play another one (Bo and Cy bid again) or play the first round again."""
    import ipywidgets as w

    from widgets import BidPanel, EventLog, PlayerBoard, TavernRow
    from widgets.components import safe
    from widgets.controller import Controller
    from widgets.lessons.scene import Scene

    start, events = round_after_scripted_bids()
    c = Controller(start, seat=LEARNER, events=events)
    guide = w.HTML().add_class("nt-l02-guide")
    taverns = TavernRow(c, theme=False)
    boards = w.HBox(
        [PlayerBoard(c, i, theme=False) for i in range(len(start.players))],
        layout=w.Layout(flex_flow="row wrap", gap="8px"),
    )
    panel = BidPanel(c, LEARNER, theme=False)
    bid_box = w.VBox(
        [panel]
    )  # hidden once the round is over (the next round's bids are not part of the lesson)
    step = w.Button(description=render("l02.next"), button_style="primary", icon="forward")
    step.layout.width = "auto"
    step.add_class("nt-l02-next")
    again = w.Button(description=render("l02.again"), icon="refresh", layout=w.Layout(width="auto"))
    again.add_class("nt-l02-again")
    more = w.Button(
        description=render("l02.more"), button_style="primary", icon="forward", layout=w.Layout(width="auto")
    )
    more.add_class("nt-l02-more")
    log = EventLog(c, theme=False).add_class("nt-l02-log")
    practised = {"round": start.round}  # the round being played (another round moves it on)

    def round_over() -> bool:
        s = c.state
        if s.round != practised["round"] or s.is_over:
            return True
        d = nidlib.decision(s)  # the end of an Age (Troop Evaluation's choices) is past the round too
        return d is not None and d.kind != "bids" and not resolving(s)

    def can_go_on() -> bool:
        """Another round can start: this one is over and nidlib waits for everyone's bids."""
        d = nidlib.decision(c.state)
        return round_over() and not c.state.is_over and d is not None and d.kind == "bids"

    def on_more(_: Any) -> None:
        if not can_go_on():
            return
        practised["round"] = c.state.round
        for p in SCRIPTED:
            if c.apply(scripted_bid(c.state, p)) is not None:
                break  # the message bar explains it

    def on_again(_: Any) -> None:
        practised["round"] = start.round
        c.goto(0)

    def on_step(_: Any) -> None:
        start_at = (c.state.round, c.state.tavern)
        while resolving(c.state) and (c.state.round, c.state.tavern) == start_at:
            if c.apply(scripted_action(c.state)) is not None:
                break  # cannot happen with nidlib's own choices; the message bar explains it if it does

    # keyboard: when the control the learner used goes away (Confirm, the last step), the focus moves
    # to the control that now leads on, instead of falling to the top of the page
    leads = {"bid": panel.taverns[0], "step": step, "more": more, "again": again}
    leading: dict[str, str | None] = {"now": None}

    def lead() -> str | None:
        if bid_box.layout.display != "none" and panel.player is not None:
            return "bid"
        return next((k for k in ("step", "more", "again") if leads[k].layout.display != "none"), None)

    def refresh(_: Any = None) -> None:
        s = c.state
        done = round_over()
        # "" (not None) shows a widget again: under the Pyodide kernel (make lite) a trait set back to
        # None reached the page only once widgets/pyodide.py mended its comm; "" never depended on it
        bid_box.layout.display = "none" if done else ""
        step.layout.display = "" if resolving(s) and not done else "none"
        again.layout.display = "" if c.index > 0 else "none"
        more.layout.display = "" if can_go_on() else "none"
        if done:
            guide.value = note(render("l02.round.done" if can_go_on() else "l02.round.done-last"), "ok")
        elif resolving(s):
            guide.value = note(render("l02.round.step", {"tavern": f"@tavern.{s.tavern}"}))
        else:
            guide.value = note(render("l02.round.intro"))
        now = lead()
        if leading["now"] is not None and now is not None and now != leading["now"]:
            leads[now].focus()
        leading["now"] = now

    step.on_click(safe(c, on_step))
    more.on_click(safe(c, on_more))
    again.on_click(safe(c, on_again))
    c.on_change(refresh)
    refresh()
    buttons = w.HBox([step, more, again]).add_class("nt-lesson-buttons")
    controls = {"panel": panel, "step": step, "more": more, "again": again, "log": log, "guide": guide}
    return Scene(
        [guide, taverns, boards, bid_box, buttons, log], "nt-l02-round", controls=controls, controller=c
    )


@live
def gem_exchange() -> Scene:
    """Choose 2 to 5 players (and gem 6): everybody ties; gems before and after, from nidlib."""
    import ipywidgets as w

    from widgets import render as r
    from widgets.lessons.scene import Scene

    count = w.ToggleButtons(options=[2, 3, 4, 5], value=3, description=render("l02.gems.players"))
    count.add_class("nt-l02-count")
    count.style.button_width = "3em"
    six = w.Checkbox(value=False, description=render("l02.gems.six"), indent=False).add_class("nt-l02-six")
    six.layout.width = "auto"
    out = w.HTML().add_class("nt-l02-gems")

    def show(_: Any = None) -> None:
        res = tie_result(int(count.value), bool(six.value))
        head = "".join(f"<th scope='col'>{n}</th>" for n in res.names)
        before = "".join(f"<td>{r.gem_html(g)}</td>" for g in res.before)
        after = "".join(f"<td>{r.gem_html(g)}</td>" for g in res.after)
        out.value = (
            f"<table class='nt-lesson-table nt-l02-gem-table'><thead><tr><th></th>{head}</tr></thead><tbody>"
            f"<tr><th scope='row'>{render('l02.gems.before')}</th>{before}</tr>"
            f"<tr><th scope='row'>{render('l02.gems.after')}</th>{after}</tr></tbody></table>"
            + events_block(res.events, "l02.gems.story")
        )

    count.observe(show, "value")
    six.observe(show, "value")
    show()
    row = w.HBox([count, six], layout=w.Layout(flex_flow="row wrap", align_items="center"))
    return Scene([row, out], "nt-l02-gem-explorer", controls={"count": count, "six": six, "out": out})


def _bids_table(s: State) -> str:
    """The Goblin bids and the gems of a question, as a small table (values read from the state)."""
    from widgets import render as r

    head = "".join(f"<th scope='col'>{p.name}</th>" for p in s.players)
    coins = "".join(f"<td>{r.coin_html(p.slots[0]) if p.slots[0] else ''}</td>" for p in s.players)
    gems = "".join(f"<td>{r.gem_html(p.gem)}</td>" for p in s.players)
    return (
        f"<table class='nt-lesson-table'><thead><tr><th></th>{head}</tr></thead><tbody>"
        f"<tr><th scope='row'>{render('l02.q.goblin-bid')}</th>{coins}</tr>"
        f"<tr><th scope='row'>{render('l02.q.gem')}</th>{gems}</tr></tbody></table>"
    )


@live
def check_first() -> QuestionScene:
    """Who picks first? Bids and gems are shown; nidlib's pick order is the answer."""
    import ipywidgets as w

    from widgets import PredictQuestion
    from widgets.lessons.scene import QuestionScene

    s = question_first_state()
    q = PredictQuestion(
        render("l02.q.first"),
        [p.name for p in s.players],
        correct=first_picker,
        explanation=lambda _a: " ".join(e.text(cite=False) for e in first_events()),
        hint=render("l02.q.first.hint"),
        rule="R-ORDER-2",
        theme=False,
    )
    return QuestionScene([w.HTML(_bids_table(s))], q, "nt-l02-q1")


@live
def check_swaps() -> QuestionScene:
    """Four players tie, one holds gem 6: which gems are exchanged? nidlib's gem events are the answer."""
    import ipywidgets as w

    from widgets import PredictQuestion
    from widgets import render as r
    from widgets.lessons.scene import QuestionScene

    res = swaps_result()
    head = "".join(f"<th scope='col'>{n}</th>" for n in res.names)
    gems = "".join(f"<td>{r.gem_html(g)}</td>" for g in res.before)
    table = (
        f"<table class='nt-lesson-table'><thead><tr><th></th>{head}</tr></thead><tbody>"
        f"<tr><th scope='row'>{render('l02.q.gem')}</th>{gems}</tr></tbody></table>"
    )
    q = PredictQuestion(
        render("l02.q.swaps", {"value": TIE_VALUE}),
        swaps_options(),
        correct=swaps_answer,
        explanation=lambda _a: " ".join(
            e.text(cite=False) for e in swaps_result().events if e.key.startswith("gem.")
        ),
        hint=render("l02.q.swaps.hint"),
        rule="R-GEM-3",
        theme=False,
    )
    return QuestionScene([w.HTML(table)], q, "nt-l02-q2")
