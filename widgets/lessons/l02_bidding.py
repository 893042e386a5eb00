"""Lesson 2, bidding: five coins, the reveal tavern by tavern, pick order, gem tie-breaks and exchanges.

Every scene is a live nidlib scenario: the learner (Ana) bids against two scripted players whose
bids are fixed here, then steps through the taverns; the sentences shown are nidlib's events. The
gem-exchange explorer builds "everybody ties" positions at 2 to 5 players (optionally with gem 6)
and reads gems before and after from the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import nidlib
from nidlib.coins import Coin
from nidlib.engine import GEMS_BY_PLAYERS
from nidlib.events import Event
from nidlib.messages import render
from nidlib.scenario import Scenario
from nidlib.state import State

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


def step_to_next_reveal(s: State) -> tuple[State, list[Event]]:
    """Resolve the tavern being resolved: every player takes the leftmost card (scripted picks),
    any other decision takes nidlib's first legal action; stops when the next tavern is revealed
    (or the round is over)."""
    events: list[Event] = []
    start = (s.round, s.tavern)
    while not s.is_over:
        d = nidlib.decision(s)
        if d is None or d.kind == "bids" or (s.round, s.tavern) != start:
            break
        if d.kind == "pick":
            action: nidlib.Action = nidlib.Pick(d.players[0], s.taverns[s.tavern][0])
        else:
            action = nidlib.legal_actions(s)[0]
        s, ev = nidlib.apply(s, action)
        events.extend(ev)
    return s, events


@dataclass
class BidRound:
    """The practice round as a value-level model (tested without widgets)."""

    state: State = field(default_factory=round_start)
    log: list[Event] = field(default_factory=list)
    #: the learner's bid once confirmed
    bid: nidlib.Action | None = None

    def try_bid(self, taverns: list[Coin], pouch: list[Coin]) -> nidlib.Violation | None:
        """Place Ana's bid, then Bo's and Cy's scripted bids; ``None`` if it was legal."""
        action = nidlib.Bid(LEARNER, (taverns[0], taverns[1], taverns[2]), (pouch[0], pouch[1]))
        v = nidlib.check(self.state, action)
        if v is not None:
            return v
        s, ev = nidlib.apply(self.state, action)
        for a in scripted_bids():
            s, more = nidlib.apply(s, a)
            ev.extend(more)
        self.state, self.bid = s, action
        self.log.extend(ev)
        return None

    def reset(self) -> None:
        self.state, self.log, self.bid = round_start(), [], None

    @property
    def finished(self) -> bool:
        d = nidlib.decision(self.state)
        return self.bid is not None and (d is None or d.kind == "bids")

    def next_tavern(self) -> list[Event]:
        self.state, ev = step_to_next_reveal(self.state)
        self.log.extend(ev)
        return ev


# --- everybody ties: the gem exchange at 2..5 players ------------------------------------------


def tie_state(players: int, gem6: bool = False, value: int = 3) -> tuple[State, list[Event]]:
    """Everybody bids ``value`` on the Laughing Goblin; gems 5, 4, 3... in seat order (the last
    seat holds gem 6 instead, with the Crown Jeweler, when ``gem6``). Returns the state at the first
    pick and the reveal events."""
    gems = dict(enumerate(sorted(GEMS_BY_PLAYERS[players], reverse=True)))
    sc = Scenario(players, names=NAMES[:players], seed=3)
    if gem6:
        gems[players - 1] = 6
        sc.command_zone(players - 1, ["crown-jeweler"])
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


def tie_result(players: int, gem6: bool = False) -> TieResult:
    """Resolve the Laughing Goblin of :func:`tie_state`; gems before and after come from the states."""
    s, ev = tie_state(players, gem6)
    before = tuple(p.gem for p in s.players)
    first = s.players[s.order[0]].name
    s, more = step_to_next_reveal(s)
    keep = [e for e in ev if e.key.startswith(("reveal.", "order."))]
    keep += [e for e in more if e.key.startswith("gem.")]
    return TieResult(NAMES[:players], before, tuple(p.gem for p in s.players), first, tuple(keep))


# --- check questions ---------------------------------------------------------------------------


def question_first_state() -> State:
    """Goblin: Bo 4 (gem 3), Cy 5b (gem 2), Di 4 (gem 5), Ana 5b (gem 4): who picks first?"""
    return (
        Scenario(4, names=NAMES[:4], seed=4)
        .gems({0: 4, 1: 3, 2: 2, 3: 5})
        .bids(0, taverns=[5, 0, 2], pouch=[3, 4])
        .bids(1, taverns=[4, 0, 2], pouch=[3, 5])
        .bids(2, taverns=[5, 0, 3], pouch=[2, 4])
        .bids(3, taverns=[4, 5, 2], pouch=[0, 3])
        .at_tavern(0)
        .build()
    )


def question_first() -> tuple[str, list[str], str]:
    """(question, options, answer) where the answer is nidlib's pick order."""
    s = question_first_state()
    answer = s.players[s.order[0]].name
    return render("l02.q.first"), [p.name for p in s.players], answer


def pairs_text(pairs: list[tuple[str, str]]) -> str:
    if not pairs:
        return render("l02.q.no-swap")
    return "; ".join(render("l02.q.pair", {"a": a, "b": b}) for a, b in pairs)


def question_swaps() -> tuple[str, list[str], str]:
    """Four players tie with gem 6 among them: which gems swap? The answer is nidlib's gem events."""
    r = tie_result(4, gem6=True)
    answer = pairs_text(r.swaps)
    n = r.names
    candidates = [
        [(n[0], n[3]), (n[1], n[2])],
        [(n[0], n[2])],
        [(n[0], n[1])],
        r.swaps,
    ]
    options = list(dict.fromkeys(pairs_text(c) for c in candidates))
    return render("l02.q.swaps"), sorted(options), answer


# --- widgets ---------------------------------------------------------------------------------


def header() -> Any:
    return lesson_header(STEM)


def footer() -> Any:
    return lesson_footer(STEM)


def bid_round() -> Any:
    """Bid against Bo and Cy, then step through the three taverns."""
    import ipywidgets as w

    from widgets import render as r

    model = BidRound()
    board = w.HTML().add_class("nt-l02-board")
    log = w.HTML().add_class("nt-l02-log")
    message = w.HTML().add_class("nt-l02-message")
    panel = BidForm(model.state, LEARNER, on_confirm=lambda t, p: confirm(t, p))
    step = w.Button(description=render("l02.next"), button_style="primary", layout=w.Layout(width="auto"))
    step.add_class("nt-l02-next")
    again = w.Button(description=render("l02.again"), layout=w.Layout(width="auto")).add_class("nt-l02-again")
    step.layout.display = "none"
    again.layout.display = "none"

    def refresh() -> None:
        s = model.state
        view = nidlib.view_for(s, LEARNER)  # Bo's and Cy's hidden coins stay hidden
        boards = "".join(r.player_board_html(view, i) for i in range(len(s.players)))
        board.value = f'{r.taverns_html(view)}<div class="nt-lesson-boards">{boards}</div>'
        log.value = r.events_html([e for e in model.log if e.key != "bid.placed"])
        done = model.finished
        step.layout.display = "none" if model.bid is None or done else None
        again.layout.display = None if done else "none"
        if model.bid is None:
            message.value = note(render("l02.round.intro"))
        elif done:
            message.value = note(render("l02.round.done"))
        else:
            message.value = note(render("l02.round.step", {"tavern": f"@tavern.{s.tavern}"}))

    def confirm(taverns: list[Coin], pouch: list[Coin]) -> nidlib.Violation | None:
        v = model.try_bid(taverns, pouch)
        if v is None:
            panel.layout.display = "none"
            refresh()
        return v

    def on_step(_: Any) -> None:
        guard(message, model.next_tavern)
        refresh()

    def on_again(_: Any) -> None:
        model.reset()
        panel.reset(model.state)
        panel.layout.display = None
        refresh()

    step.on_click(on_step)
    again.on_click(on_again)
    refresh()
    box = (
        w.VBox([board, message, panel.box, w.HBox([step, again]), log])
        .add_class("nt-l02-round")
        .add_class("nt-root")
    )
    box.model = model  # type: ignore[attr-defined]  # for tests: the live model
    box.controls = {
        "panel": panel,
        "step": step,
        "again": again,
        "log": log,
        "board": board,  # type: ignore[attr-defined]
        "message": message,
    }
    return box


def gem_exchange() -> Any:
    """Choose 2 to 5 players (and gem 6): everybody ties; gems before and after, from nidlib."""
    import ipywidgets as w

    from widgets import render as r

    count = w.ToggleButtons(options=[2, 3, 4, 5], value=3, description=render("l02.gems.players"))
    count.add_class("nt-l02-count")
    count.style.button_width = "3em"
    six = w.Checkbox(value=False, description=render("l02.gems.six"), indent=False).add_class("nt-l02-six")
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
            f"{r.events_html(res.events)}"
        )

    count.observe(show, "value")
    six.observe(show, "value")
    show()
    return w.VBox([w.HBox([count, six]), out]).add_class("nt-l02-gem-explorer").add_class("nt-root")


def check_first() -> Any:
    s = question_first_state()
    q, options, answer = question_first()
    bids = ", ".join(
        render("l02.q.bid-gem", {"name": p.name, "coin": p.slots[0].value if p.slots[0] else 0, "gem": p.gem})
        for p in s.players
    )
    bids = "<p>" + render("l02.q.first.setup", {"bids": bids}) + "</p>"
    return predict(q, options, answer, context_html=bids, css="nt-l02-q1")


def check_swaps() -> Any:
    from widgets import render as r

    res = tie_result(4, gem6=True)
    q, options, answer = question_swaps()
    setup = (
        "<p>"
        + render(
            "l02.q.swaps.setup",
            {
                "gems": ", ".join(
                    render("l02.q.name-gem", {"name": n, "gem": g})
                    for n, g in zip(res.names, res.before, strict=True)
                )
            },
        )
        + "</p>"
    )
    return predict(
        q,
        options,
        answer,
        context_html=setup,
        css="nt-l02-q2",
        explain=r.events_html([e for e in res.events if e.key.startswith("gem.")]),
    )


# --- small lesson helpers (shared by lessons 1-4) ---------------------------------------------


LESSON_CSS = """
.nt-lesson-boards { display: flex; flex-wrap: wrap; gap: .5em; margin-top: .5em; }
.nt-lesson-boards .nt-board { flex: 1 1 20em; }
.nt-lesson-note { margin: .4em 0; padding: .35em .7em; border-left: 4px solid var(--nt-accent);
  background: #eef4fb; border-radius: 4px; }
.nt-lesson-error { border-left-color: var(--nt-bad); background: #fdecea; }
.nt-lesson-table { border-collapse: collapse; margin: .4em 0; }
.nt-lesson-table th, .nt-lesson-table td { border: 1px solid var(--nt-line); padding: .25em .6em; text-align: center; }
.nt-lesson-table th[scope=row] { text-align: left; }
"""


def lesson_header(stem: str) -> Any:
    """The theme's CSS (plus the few lesson classes) and the navigation bar: the first cell of a lesson."""
    import ipywidgets as w

    from widgets.lessons.nav import nav
    from widgets.theme import theme_html

    style = w.HTML(theme_html() + f"<style>{LESSON_CSS}</style>", layout=w.Layout(display="none"))
    return w.VBox([style, nav(stem)]).add_class("nt-root")


def lesson_footer(stem: str) -> Any:
    from widgets.lessons.nav import nav

    return nav(stem)


def note(text: str, kind: str = "info") -> str:
    from html import escape

    return f'<div class="nt-lesson-note nt-lesson-{kind}">{escape(text)}</div>'


def guard(message: Any, fn: Any, *args: Any) -> Any:
    """Run ``fn``; a failure becomes a clear sentence in ``message`` instead of a traceback."""
    try:
        return fn(*args)
    except nidlib.IllegalActionError as e:
        from widgets import render as r

        message.value = r.violation_html(e.violation)
    except Exception as e:  # noqa: BLE001 (the learner must never see a traceback)
        message.value = note(render("ui.error.unexpected", {"error": type(e).__name__}), "error")
    return None


class BidForm:
    """Three coin choosers (Goblin, Dragon, Horse); the two coins left go to the pouch."""

    def __init__(self, state: State, player: int, on_confirm: Any) -> None:
        import ipywidgets as w

        self.player = player
        self.on_confirm = on_confirm
        self.title = w.HTML()
        self.choosers = [
            w.Dropdown(
                description=render(f"tavern.{k}"),
                style={"description_width": "9em"},
                layout=w.Layout(width="19em"),
            ).add_class(f"nt-bid-t{k}")
            for k in range(3)
        ]
        self.pouch = w.HTML().add_class("nt-bid-pouch")
        self.error = w.HTML().add_class("nt-bid-error")
        self.button = w.Button(description=render("ui.bid.confirm"), button_style="primary")
        self.button.add_class("nt-bid-confirm")
        self.box = w.VBox([self.title, *self.choosers, self.pouch, self.button, self.error])
        self.box.add_class("nt-panel").add_class("nt-bid-form")
        self.layout = self.box.layout
        for c in self.choosers:
            c.observe(self._changed, "value")
        self.button.on_click(self._confirm)
        self.reset(state)

    def reset(self, state: State) -> None:
        from widgets import render as r

        p = state.players[self.player]
        self.hand = list(p.hand)
        self.title.value = f"<h4>{render('ui.bid.title', {'name': p.name})}</h4>"
        options = [(render("ui.bid.choose"), None)] + [(r.coin_label(c), k) for k, c in enumerate(self.hand)]
        for c in self.choosers:
            c.options = options
            c.value = None
        self.error.value = ""
        self._changed()

    def set_bid(self, taverns: list[str]) -> None:
        """Choose the three tavern coins by their text (tests and demos): e.g. ``["5b", "0", "4"]``."""
        used: list[int] = []
        for chooser, text in zip(self.choosers, taverns, strict=True):
            coin = Coin.parse(text)
            k = next(k for k, c in enumerate(self.hand) if c == coin and k not in used)
            used.append(k)
            chooser.value = k

    def _chosen(self) -> list[int | None]:
        return [c.value for c in self.choosers]

    def _changed(self, _: Any = None) -> None:
        from widgets import render as r

        chosen = self._chosen()
        if None in chosen:
            self.pouch.value = render("ui.bid.pouch-empty")
        else:
            left = [r.coin_label(c) for k, c in enumerate(self.hand) if k not in chosen]
            self.pouch.value = render("ui.bid.pouch", {"coins": " + ".join(left)})

    def _confirm(self, _: Any = None) -> None:
        from widgets import render as r

        chosen = self._chosen()
        for k, v in enumerate(chosen):
            if v is None:
                self.error.value = note(render("ui.bid.missing", {"tavern": f"@tavern.{k}"}), "error")
                return
        taverns = [self.hand[v] for v in chosen if v is not None]
        pouch = [c for k, c in enumerate(self.hand) if k not in chosen]
        pouch += [self.hand[0]] * (2 - len(pouch))  # the same coin twice: nidlib explains why not
        try:
            v = self.on_confirm(taverns, pouch)
        except Exception as e:  # noqa: BLE001
            self.error.value = note(render("ui.error.unexpected", {"error": type(e).__name__}), "error")
            return
        self.error.value = "" if v is None else r.violation_html(v)


def predict(
    question: str,
    options: list[str],
    answer: str,
    *,
    context_html: str = "",
    css: str = "",
    explain: str = "",
) -> Any:
    """Predict, then check: a question, choices, a Check button and the verdict (with nidlib's explanation)."""
    import ipywidgets as w

    q = w.HTML(f'{context_html}<p class="nt-question">{question}</p>')
    choice = w.RadioButtons(options=options, value=None, layout=w.Layout(width="auto"))
    choice.add_class("nt-predict-choice")
    button = w.Button(description=render("ui.predict.check"), button_style="info").add_class(
        "nt-predict-check"
    )
    feedback = w.HTML().add_class("nt-predict-feedback")

    def check(_: Any) -> None:
        from html import escape

        if choice.value is None:
            feedback.value = note(render("ui.predict.choose-first"))
        elif choice.value == answer:
            feedback.value = f'<p class="nt-feedback-right">{escape(render("ui.predict.right"))}</p>{explain}'
        else:
            feedback.value = (
                f'<p class="nt-feedback-wrong">{escape(render("ui.predict.wrong", {"answer": choice.value}))} '
                f"{escape(render('ui.predict.retry'))}</p>"
            )

    button.on_click(check)
    box = w.VBox([q, choice, button, feedback]).add_class("nt-root").add_class("nt-panel")
    if css:
        box.add_class(css)
    box.answer = answer  # type: ignore[attr-defined]
    box.controls = {"choice": choice, "check": button, "feedback": feedback}  # type: ignore[attr-defined]
    return box
