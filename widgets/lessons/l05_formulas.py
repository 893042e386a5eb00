"""Lesson 5, the five class formulas: calculators, a growth plot and "which card is worth most to me?".

Every number comes from :mod:`nidlib.scoring` (``class_points``, ``hunter_points``,
``blacksmith_points``, ``score_tableaux``...); positions for the exercises are
:class:`nidlib.scenario.Scenario` states scored with :func:`nidlib.engine.tableaux`.
"""

from __future__ import annotations

import dataclasses
import io
from html import escape
from typing import Any

from nidlib.cards import CARDS, CLASSES, CardKind, DwarfClass
from nidlib.engine import tableaux
from nidlib.messages import render, term
from nidlib.scenario import Scenario
from nidlib.scoring import (
    Tableau,
    blacksmith_points,
    class_points,
    explorer_points,
    hunter_points,
    miner_points,
    score_tableaux,
    warrior_points,
)
from nidlib.state import State
from widgets.lessons.common import prose_widget
from widgets.lessons.page import finish, live
from widgets.render import army_html, card_html, tavern_row_html
from widgets.theme import theme_widget

STEM = "05-class-formulas"
NAMES = ("Ana", "Bo", "Cy")

#: What a calculator can add to each column: bravery points of a dwarf, or a hero / special card id.
CHOICES: dict[str, tuple[int | str, ...]] = {
    "warrior": (3, 4, 5, 6, 7, 8, 9, 10, "kraal", "tarah", "ylud"),
    "hunter": (0, "aral", "dagda", "ylud"),
    "miner": (0, 1, 2, "lokdur", "zoral", "ylud"),
    "blacksmith": (0, "aegur", "bonfur", "armorer", "ylud"),
    "explorer": (5, 6, 7, 8, 9, 10, 11, 12, "hourya", "idunn", "ylud"),
}
#: The column each calculator starts with.
START: dict[str, tuple[int | str, ...]] = {
    "warrior": (3, 7),
    "hunter": (0, 0),
    "miner": (1, 0, 2),
    "blacksmith": (0, 0),
    "explorer": (5, 9),
}


def t(key: str, **params: Any) -> str:
    return render(key, params)


@live
def header() -> Any:
    import ipywidgets as w

    from widgets.lessons.index import nav_widget
    from widgets.lessons.page import use_url_language

    use_url_language()  # ?lang=... in the address (the landing page's language switch)

    box = w.VBox([theme_widget(), nav_widget(STEM)])
    box.add_class("nt-root")
    return box


def footer() -> Any:
    from widgets.lessons.index import nav_widget

    finish()
    return nav_widget(STEM)


def say(section: str) -> Any:
    """One section of this lesson's prose, in the page's language (``locales/<lang>/prose/<STEM>.md``)."""
    return prose_widget(STEM, section)


# --- calculators ------------------------------------------------------------------------------


def dwarf_id(cls: str, bp: int, used: list[str]) -> str:
    """The id of a dwarf card of this class and value not yet in ``used`` (a copy if all are)."""
    ids = [
        cid
        for cid, c in CARDS.items()
        if c.kind is CardKind.DWARF and c.cls is not None and c.cls.value == cls and c.ranks[0] == bp
    ]
    if not ids:
        msg = f"no {cls} card worth {bp}"
        raise ValueError(msg)
    free = [cid for cid in ids if cid not in used]
    return free[0] if free else ids[0]


def choice_label(cls: str, choice: int | str) -> str:
    if isinstance(choice, int):
        return term(f"@card.{dwarf_id(cls, choice, [])}")
    if choice == "armorer":
        return t("lesson05.armorer")
    return CARDS[choice].name


def score_line(cls: str, ids: list[str]) -> tuple[int, str]:
    """(points, formula) of one column, as the score sheet writes it (R-SCORE-2..6)."""
    column = DwarfClass(cls)
    table = score_tableaux([Tableau("", {column: tuple(ids)}, (), (), 1)])
    line = table.players[0].line(cls)
    points = class_points(column, ids)
    assert points == line.points
    return points, line.text()


class Calculator:
    """One class column: add or remove cards and watch its Bravery Value (``widget``)."""

    def __init__(self, cls: str) -> None:
        import ipywidgets as w

        self.cls = cls
        self.ids: list[str] = []
        for choice in START[cls]:
            self._push(choice)
        self.pick = w.Dropdown(
            options=[(choice_label(cls, c), c) for c in CHOICES[cls]],
            value=CHOICES[cls][0],
            description=t("lesson05.card"),
            layout=w.Layout(width="18rem"),
        )
        self.pick.add_class(f"nt-calc-pick-{cls}")
        self.add = w.Button(description=t("lesson05.add"), icon="plus", button_style="primary")
        self.add.add_class(f"nt-calc-add-{cls}")
        self.remove = w.Button(description=t("lesson05.remove"), icon="minus")
        self.remove.add_class(f"nt-calc-remove-{cls}")
        self.cards = w.HTML()
        self.result = w.HTML()
        self.result.add_class(f"nt-calc-result-{cls}")
        self.note = w.HTML()
        self.add.on_click(lambda _b: self.add_card(self.pick.value))
        self.remove.on_click(lambda _b: self.remove_card())
        self.widget = w.VBox(
            [
                w.HTML(f"<p>{escape(t(f'lesson05.rule.{cls}'))}</p>"),
                w.HBox([self.pick, self.add, self.remove], layout=w.Layout(flex_flow="row wrap")),
                self.note,
                self.cards,
                self.result,
            ]
        )
        self.widget.add_class("nt-root")
        self.widget.add_class(f"nt-calc-{cls}")
        self.refresh()

    def _push(self, choice: int | str) -> bool:
        if isinstance(choice, int):
            self.ids.append(dwarf_id(self.cls, choice, self.ids))
            return True
        if choice in self.ids:
            return False
        self.ids.append(choice)
        return True

    def add_card(self, choice: int | str) -> None:
        if self._push(choice):
            self.note.value = ""
        else:
            self.note.value = (
                f'<p class="nt-muted">{escape(t("lesson05.once", card=choice_label(self.cls, choice)))}</p>'
            )
        self.refresh()

    def remove_card(self) -> None:
        if self.ids:
            self.ids.pop()
        self.note.value = ""
        self.refresh()

    @property
    def points(self) -> int:
        return score_line(self.cls, self.ids)[0]

    def refresh(self) -> None:
        column = DwarfClass(self.cls)
        cards = "".join(card_html(cid, size="sm", column=column) for cid in self.ids)
        if not cards:
            cards = f'<span class="nt-muted">{escape(t("lesson05.empty"))}</span>'
        self.cards.value = f'<div class="nt-cards">{cards}</div>'
        points, formula = score_line(self.cls, self.ids)
        self.result.value = (
            f'<div class="nt-panel nt-calc-score"><span class="nt-calc-points" style="font-size:2em;'
            f'font-weight:800">{points}</span> <span>{escape(formula)}</span></div>'
        )


def calculator(cls: str) -> Any:
    """The calculator of one class ("warrior", "hunter", "miner", "blacksmith" or "explorer")."""
    return Calculator(cls).widget


@live
def calculators() -> Any:
    """The five calculators in tabs."""
    import ipywidgets as w

    tabs = w.Tab(
        children=[Calculator(c.value).widget for c in CLASSES],
        titles=tuple(term(f"@class.{c.value}") for c in CLASSES),
    )
    tabs.add_class("nt-calculators")
    return tabs


# --- growth plot ------------------------------------------------------------------------------

#: Bravery points assumed for the plot's "typical" dwarf of each class with printed points.
TYPICAL_BP: dict[str, int] = {"warrior": 6, "miner": 1, "explorer": 8}


def growth(max_ranks: int = 10) -> dict[str, list[int]]:
    """Points of each class for 0..max_ranks ranks (typical dwarves for warriors, miners, explorers)."""
    n = range(max_ranks + 1)
    return {
        "warrior": [warrior_points([TYPICAL_BP["warrior"]] * k) for k in n],
        "hunter": [hunter_points(k) for k in n],
        "miner": [miner_points([TYPICAL_BP["miner"]] * k) for k in n],
        "blacksmith": [blacksmith_points(k) for k in n],
        "explorer": [explorer_points([TYPICAL_BP["explorer"]] * k) for k in n],
    }


COLOURS = {
    "warrior": "#c62828",
    "hunter": "#2e7d32",
    "miner": "#b45309",
    "blacksmith": "#6a1b9a",
    "explorer": "#1565c0",
}


def growth_png(max_ranks: int = 10) -> bytes:
    """The growth plot as PNG bytes (matplotlib is imported only here)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    data = growth(max_ranks)
    fig = Figure(figsize=(8, 4.6), dpi=100)
    ax = fig.add_subplot()
    for cls, points in data.items():
        label = term(f"@class.{cls}")
        if cls in TYPICAL_BP:
            label = t("lesson05.plot.typical", cls=f"@class.{cls}", bp=TYPICAL_BP[cls])
        if data["miner"] == data["hunter"] and cls == "miner":
            label = t("lesson05.plot.same", cls=f"@class.{cls}", bp=TYPICAL_BP[cls], other="@class.hunter")
        style = "--" if cls == "miner" else "-"
        ax.plot(range(max_ranks + 1), points, style, marker="o", lw=2.2, color=COLOURS[cls], label=label)
    ax.set_xlabel(t("lesson05.plot.x"))
    ax.set_ylabel(t("lesson05.plot.y"))
    ax.set_title(t("lesson05.plot.title"))
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize=9)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()


@live
def growth_plot() -> Any:
    """A button that draws the plot of how each class grows with its ranks (matplotlib loads on demand)."""
    import ipywidgets as w

    img = w.Image(format="png", layout=w.Layout(max_width="52rem", display="none"))
    img.add_class("nt-growth-plot")
    button = w.Button(description=t("lesson05.plot.show"), icon="chart-line", layout=w.Layout(width="auto"))
    button.add_class("nt-growth-show")

    def show(_b: Any) -> None:
        button.description = t("lesson05.plot.drawing")  # shown at once: the first draw loads matplotlib
        button.disabled = True
        img.value = growth_png()
        img.layout.display = ""
        button.layout.display = "none"

    button.on_click(show)
    box = w.VBox([button, img], layout=w.Layout(align_items="flex-start"))
    box.add_class("nt-root")
    return box


# --- which card is worth most to me now? ------------------------------------------------------


def _coins(s: Scenario) -> Scenario:
    for i in range(3):
        s.hand(i, [0, 2, 3, 4, 5])
    return s


def _exercise_hunters() -> Scenario:
    s = (
        Scenario(3, names=NAMES, seed=21)
        .army(0, warrior=[4], hunter=[0, 0, 0, 0], miner=[1], explorer=[6])
        .army(1, warrior=[5, 6], hunter=[0], explorer=[7])
        .army(2, warrior=[8, 9], miner=[2], blacksmith=[0])
        .taverns([["E8", "H", "M1"], ["W7", "B", "E5"], ["W3", "M0", "E6"]])
    )
    return _coins(s)


def _exercise_miners() -> Scenario:
    s = (
        Scenario(3, names=NAMES, seed=22)
        .army(0, warrior=[3], miner=[2, 2, 2], blacksmith=[0], explorer=[5])
        .army(1, warrior=[5, 6, 7], hunter=[0], explorer=[7])
        .army(2, warrior=[8, 9, 4], miner=[0], blacksmith=[0])
        .taverns([["E9", "W6", "M1"], ["M0", "B", "E5"], ["W3", "H", "E6"]])
    )
    return _coins(s)


def _exercise_majority() -> Scenario:
    s = (
        Scenario(3, names=NAMES, seed=23)
        .army(0, warrior=[4, 5], hunter=[0], explorer=[6, 7])
        .army(1, warrior=[6, 8, 7], hunter=[0, 0], miner=[1])
        .army(2, warrior=[9], blacksmith=[0, 0])
        .hand(0, [0, 2, 3, 4, "14"])
        .hand(1, [0, 2, 3, 4, 5])
        .hand(2, [0, 2, 3, 4, 5])
        .taverns([["W3", "B", "E10"], ["M1", "H", "E5"], ["W7", "M0", "E6"]])
    )
    return s


EXERCISES = {"hunters": _exercise_hunters, "miners": _exercise_miners, "majority": _exercise_majority}


def exercise_state(key: str) -> State:
    """The exercise position: the learner is Ana (player 0); the choice is in the Laughing Goblin."""
    return EXERCISES[key]().at_bids().build()


def gains(state: State, player: int = 0, tavern: int = 0) -> dict[str, int]:
    """Card id -> how much ``player``'s Final Bravery Value rises if that card joins their army.

    The whole table is scored before and after with :func:`nidlib.scoring.score_tableaux`, so a card
    that wins (or ties) the Warrior majority also brings its bonus.
    """
    base = tableaux(state)
    before = score_tableaux(base).players[player].total
    out: dict[str, int] = {}
    for cid in state.taverns[tavern]:
        card = CARDS[cid]
        if card.cls is None:
            continue
        mine = base[player]
        columns = dict(mine.columns)
        columns[card.cls] = (*columns.get(card.cls, ()), cid)
        changed = list(base)
        changed[player] = dataclasses.replace(mine, columns=columns)
        out[cid] = score_tableaux(changed).players[player].total - before
    return out


def best_card(key: str) -> str:
    """The card of the Laughing Goblin that raises Ana's score the most."""
    g = gains(exercise_state(key))
    return max(g, key=lambda cid: g[cid])


@live
def exercise(key: str) -> Any:
    """Ana's army and the Laughing Goblin's cards; predict which card raises her score the most."""
    import ipywidgets as w

    from widgets.quiz import PredictQuestion

    state = exercise_state(key)
    ana = state.players[0]
    others = "".join(
        f"<li>{escape(t('lesson05.other-warriors', name=p.name, n=len(p.columns[0]), coin=max(c.value for c in p.coins())))}</li>"
        for p in state.players[1:]
    )
    highest = max(c.value for c in ana.coins())
    context = w.HTML(
        f'<div class="nt-panel">{army_html(ana)}<p>{escape(t("lesson05.ana-coin", coin=highest))}</p>'
        f"<ul>{others}</ul></div>{tavern_row_html(state, 0)}"
    )

    def why(correct: str) -> str:
        g = gains(exercise_state(key))
        parts = [t("lesson05.gain", card=f"@card.{cid}", n=n) for cid, n in g.items()]
        return " ".join(parts) + " " + t("lesson05.best", card=f"@card.{correct}")

    q = PredictQuestion(
        t("lesson05.q"),
        [(term(f"@card.{cid}"), cid) for cid in state.taverns[0]],
        lambda: best_card(key),
        why,
        theme=False,
    )
    q.add_class(f"nt-worth-{key}")
    box = w.VBox([context, q])
    box.add_class("nt-root")
    return box
