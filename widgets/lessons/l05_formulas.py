"""Lesson 5, the five class formulas: calculators, a growth chart and "which card is worth most to me?".

Every number comes from :mod:`nidlib.rules.scoring` (``class_points``, ``hunter_points``,
``blacksmith_points``, ``score_tableaux``...); positions for the exercises are
:class:`nidlib.content.scenario.Scenario` states scored with :func:`nidlib.rules.engine.tableaux`.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from html import escape
from typing import TYPE_CHECKING, Any
from unicodedata import east_asian_width

from nidlib.content.scenario import Scenario
from nidlib.core.cards import CARDS, CLASSES, CardKind, DwarfClass
from nidlib.core.messages import render, term
from nidlib.core.state import State
from nidlib.rules.engine import tableaux
from nidlib.rules.scoring import (
    Tableau,
    blacksmith_points,
    class_points,
    explorer_points,
    hunter_points,
    miner_points,
    score_tableaux,
    warrior_points,
)
from widgets.lessons.common import starting_coins
from widgets.lessons.page import Page, live
from widgets.render import army_html, card_html, t, tavern_row_html

if TYPE_CHECKING:
    import ipywidgets as w

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


page = Page(STEM)
header, footer, say = page.header, page.footer, page.say


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
def calculators() -> w.Widget:
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


#: Size of the chart in SVG user units; it scales to its box (width 100%, at most 52rem wide).
SVG_WIDTH, SVG_HEIGHT = 720, 440
#: Space around the plot area for the title (top), tick labels and axis titles (left, bottom).
MARGIN = {"top": 46, "right": 24, "bottom": 62, "left": 64}
FONT = 14  # tick labels and legend; the axis titles are 15 and the chart title 17
INK, MUTED, GRID = "#1f2933", "#52606d", "#d9dee3"
LEGEND_ROW, LEGEND_PAD, SWATCH = 22, 10, 30

_chart_ids = itertools.count(1)


def growth_labels(data: dict[str, list[int]], lang: str | None = None) -> dict[str, str]:
    """The legend label of each series: the class, and the typical card value where it matters."""
    labels = {}
    for cls in data:
        label = term(f"@class.{cls}", lang)
        if cls in TYPICAL_BP:
            label = render("lesson05.plot.typical", {"cls": f"@class.{cls}", "bp": TYPICAL_BP[cls]}, lang)
        if data["miner"] == data["hunter"] and cls == "miner":
            label = render(
                "lesson05.plot.same",
                {"cls": f"@class.{cls}", "bp": TYPICAL_BP[cls], "other": "@class.hunter"},
                lang,
            )
        labels[cls] = label
    return labels


def nice_step(top: int, intervals: int = 6) -> int:
    """A tick step of 1, 2 or 5 times a power of ten giving at most ``intervals`` steps up to ``top``."""
    raw = max(top, 1) / intervals
    magnitude = int(10 ** max(math.floor(math.log10(raw)), 0))
    return next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)


def text_width(text: str, size: float) -> float:
    """A generous estimate of the width of ``text`` (SVG cannot measure it on the server)."""
    return sum(size * (1.0 if east_asian_width(ch) in "WF" else 0.56) for ch in text)


def _crosses(p: tuple[float, float], q: tuple[float, float], box: tuple[float, float, float, float]) -> bool:
    """Whether the segment ``p``-``q`` touches the rectangle ``box`` = (x0, y0, x1, y1) (Liang-Barsky)."""
    (x0, y0), (dx, dy) = p, (q[0] - p[0], q[1] - p[1])
    lo, hi = 0.0, 1.0
    for step, gap in ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]), (dy, box[3] - y0)):
        if step == 0:
            if gap < 0:
                return False
            continue
        r = gap / step
        if step < 0:
            lo = max(lo, r)
        else:
            hi = min(hi, r)
        if lo > hi:
            return False
    return True


def marker_radius(cls: str) -> float:
    """The miners' line lies on the hunters' (cards of 1 score n x n): smaller dots let both show."""
    return 2.6 if cls == "miner" else 4.2


def growth_svg(max_ranks: int = 10, lang: str | None = None) -> str:
    """The plot of :func:`growth` as a complete, self-contained ``<svg>`` element (drawn in code, no
    plotting library): a line and a marker per rank for each class, axes, grid, legend, and for
    assistive technology a title, a description and a tooltip (``<title>``) on every point."""
    data = growth(max_ranks)
    labels = growth_labels(data, lang)
    uid = f"nt-growth-{next(_chart_ids)}"

    top_value = max(max(points) for points in data.values())
    y_step = nice_step(top_value)
    y_top = (top_value // y_step + 1) * y_step  # the first tick just above the maximum
    x_step = 1 if max_ranks <= 12 else nice_step(max_ranks, 10)

    legend_w = 2 * LEGEND_PAD + SWATCH + 8 + max(text_width(label, FONT) for label in labels.values())
    legend_h = 2 * LEGEND_PAD + LEGEND_ROW * len(labels) - 6

    def layout(width: float, right: float) -> tuple[float, float, float, float]:
        return MARGIN["left"], MARGIN["top"], width - right, SVG_HEIGHT - MARGIN["bottom"]

    # The legend goes top-left inside the plot area unless a line would run under it; then to the right.
    width: float = SVG_WIDTH
    left, top, right, bottom = layout(width, MARGIN["right"])

    def px(rank: float, value: float) -> tuple[float, float]:
        return (
            left + (right - left) * rank / max(max_ranks, 1),
            bottom - (bottom - top) * value / y_top,
        )

    def clear_of_lines(box: tuple[float, float, float, float]) -> bool:
        for points in data.values():
            coords = [px(i, v) for i, v in enumerate(points)]
            # every segment, and the first point alone (the only one when max_ranks is 0)
            if any(_crosses(p, q, box) for p, q in itertools.pairwise([coords[0], *coords])):
                return False
        return True

    legend = (left + 10, top + 8, left + 10 + legend_w, top + 8 + legend_h)
    pad = 5  # keep clear of the markers and the lines' width
    inside = legend[2] < right - 10 and clear_of_lines(
        (legend[0] - pad, legend[1] - pad, legend[2] + pad, legend[3] + pad)
    )
    if not inside:
        width = SVG_WIDTH + legend_w + 16
        left, top, right, bottom = layout(width, MARGIN["right"] + legend_w + 16)
        legend = (right + 16, top, right + 16 + legend_w, top + legend_h)

    def f(v: float) -> str:
        return f"{v:.1f}".removesuffix(".0")

    title = escape(render("lesson05.plot.title", None, lang))
    values = [
        render("lesson05.plot.value", {"cls": labels[cls], "points": pts[-1]}, lang)
        for cls, pts in data.items()
    ]
    desc = escape(render("lesson05.plot.desc", {"n": max_ranks, "values": values}, lang))
    out = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {f(width)} {SVG_HEIGHT}" role="img" '
            f'aria-labelledby="{uid}-title {uid}-desc" class="nt-growth-svg" '
            f'style="display:block;width:100%;max-width:52rem;height:auto;font-family:inherit" '
            f'font-size="{FONT}" fill="{INK}">'
        ),
        f'<title id="{uid}-title">{title}</title>',
        f'<desc id="{uid}-desc">{desc}</desc>',
        f'<rect width="{f(width)}" height="{SVG_HEIGHT}" fill="#fff"/>',
        (
            f'<text x="{f((left + right) / 2)}" y="26" text-anchor="middle" font-size="17" '
            f'font-weight="650">{title}</text>'
        ),
    ]
    # grid, ticks and tick labels
    y_ticks = [(value, px(0, value)[1]) for value in range(0, y_top + 1, y_step)]
    x_ticks = [(rank, px(rank, 0)[0]) for rank in range(0, max_ranks + 1, x_step)]
    out.append(f'<g class="nt-growth-grid" stroke="{GRID}" stroke-width="1">')
    out.extend(f'<line x1="{f(left)}" x2="{f(right)}" y1="{f(y)}" y2="{f(y)}"/>' for _, y in y_ticks)
    out.extend(
        f'<line x1="{f(x)}" x2="{f(x)}" y1="{f(top)}" y2="{f(bottom)}" stroke-opacity=".55"/>'
        for _, x in x_ticks
    )
    out.append("</g>")
    out.append(f'<g class="nt-growth-axes" stroke="{MUTED}" stroke-width="1.2">')
    out.append(f'<line x1="{f(left)}" x2="{f(right)}" y1="{f(bottom)}" y2="{f(bottom)}"/>')
    out.append(f'<line x1="{f(left)}" x2="{f(left)}" y1="{f(top)}" y2="{f(bottom)}"/>')
    out.extend(f'<line x1="{f(left - 5)}" x2="{f(left)}" y1="{f(y)}" y2="{f(y)}"/>' for _, y in y_ticks)
    out.extend(f'<line x1="{f(x)}" x2="{f(x)}" y1="{f(bottom)}" y2="{f(bottom + 5)}"/>' for _, x in x_ticks)
    out.append("</g>")
    out.append(f'<g class="nt-growth-ticks" fill="{MUTED}" style="font-variant-numeric:tabular-nums">')
    out.extend(
        f'<text x="{f(left - 9)}" y="{f(y)}" dy=".35em" text-anchor="end">{value}</text>'
        for value, y in y_ticks
    )
    out.extend(
        f'<text x="{f(x)}" y="{f(bottom + 21)}" text-anchor="middle">{rank}</text>' for rank, x in x_ticks
    )
    out.append("</g>")
    # axis titles
    out.append(
        f'<text class="nt-growth-xtitle" x="{f((left + right) / 2)}" y="{SVG_HEIGHT - 12}" '
        f'text-anchor="middle" font-size="15">{escape(render("lesson05.plot.x", None, lang))}</text>'
    )
    middle = (top + bottom) / 2
    out.append(
        f'<text class="nt-growth-ytitle" x="20" y="{f(middle)}" transform="rotate(-90 20 {f(middle)})" '
        f'text-anchor="middle" font-size="15">{escape(render("lesson05.plot.y", None, lang))}</text>'
    )
    # the series: a line, then a marker with a tooltip on every rank
    for cls, points in data.items():
        colour = COLOURS[cls]
        dash = ' stroke-dasharray="8 5"' if cls == "miner" else ""
        coords = " ".join(f"{f(x)},{f(y)}" for x, y in (px(i, v) for i, v in enumerate(points)))
        out.append(f'<g class="nt-growth-series" data-class="{cls}">')
        out.append(
            f'<polyline points="{coords}" fill="none" stroke="{colour}" stroke-width="2.4" '
            f'stroke-linejoin="round" stroke-linecap="round"{dash}/>'
        )
        radius = marker_radius(cls)
        for rank, value in enumerate(points):
            x, y = px(rank, value)
            key = "lesson05.plot.point"
            if rank == 1:
                key = "lesson05.plot.point-one" if value == 1 else "lesson05.plot.point-one-rank"
            tip = escape(render(key, {"cls": f"@class.{cls}", "ranks": rank, "points": value}, lang))
            out.append(
                f'<circle cx="{f(x)}" cy="{f(y)}" r="{radius}" fill="{colour}" stroke="#fff" '
                f'stroke-width="1"><title>{tip}</title></circle>'
            )
        out.append("</g>")
    # the legend
    x0, y0 = legend[0], legend[1]
    out.append(
        f'<g class="nt-growth-legend"><rect x="{f(x0)}" y="{f(y0)}" width="{f(legend_w)}" '
        f'height="{f(legend_h)}" rx="6" fill="#fff" fill-opacity=".92" stroke="{GRID}"/>'
    )
    for row, (cls, label) in enumerate(labels.items()):
        y = y0 + LEGEND_PAD + 8 + row * LEGEND_ROW
        sx = x0 + LEGEND_PAD
        dash = ' stroke-dasharray="8 5"' if cls == "miner" else ""
        out.append(
            f'<line x1="{f(sx)}" x2="{f(sx + SWATCH)}" y1="{f(y)}" y2="{f(y)}" stroke="{COLOURS[cls]}" '
            f'stroke-width="2.4"{dash}/>'
            f'<circle cx="{f(sx + SWATCH / 2)}" cy="{f(y)}" r="{marker_radius(cls)}" fill="{COLOURS[cls]}" '
            f'stroke="#fff" stroke-width="1"/>'
            f'<text x="{f(sx + SWATCH + 8)}" y="{f(y)}" dy=".35em">{escape(label)}</text>'
        )
    out.append("</g></svg>")
    return "".join(out)


@live
def growth_plot() -> w.Widget:
    """How each class grows with its ranks: the :func:`growth_svg` chart, shown at once."""
    import ipywidgets as w

    plot = w.HTML(growth_svg(), layout=w.Layout(width="100%", max_width="52rem"))
    plot.add_class("nt-root")
    plot.add_class("nt-growth-plot")
    return plot


# --- which card is worth most to me now? ------------------------------------------------------


def _exercise_hunters() -> Scenario:
    s = (
        Scenario(3, names=NAMES, seed=21)
        .army(0, warrior=[4], hunter=[0, 0, 0, 0], miner=[1], explorer=[6])
        .army(1, warrior=[5, 6], hunter=[0], explorer=[7])
        .army(2, warrior=[8, 9], miner=[2], blacksmith=[0])
        .taverns([["E8", "H", "M1"], ["W7", "B", "E5"], ["W3", "M0", "E11"]])
    )
    return starting_coins(s)


def _exercise_miners() -> Scenario:
    s = (
        Scenario(3, names=NAMES, seed=22)
        .army(0, warrior=[3], miner=[2, 2, 1, 0], blacksmith=[0], explorer=[5])
        .army(1, warrior=[5, 6, 7], hunter=[0], explorer=[7])
        .army(2, warrior=[8, 9, 4], miner=[0], blacksmith=[0])
        .taverns([["E9", "W6", "M1"], ["B", "B", "E10"], ["H", "H", "E6"]])
    )
    return starting_coins(s)


def _exercise_majority() -> Scenario:
    s = (
        Scenario(3, names=NAMES, seed=23)
        .army(0, warrior=[4, 5], hunter=[0], explorer=[6, 7])
        .army(1, warrior=[6, 8, 7], hunter=[0, 0], miner=[1])
        .army(2, warrior=[9], blacksmith=[0, 0])
        .hand(0, [0, 2, 3, 4, "14"])
        .hand(1, [0, 2, 3, 4, 5])
        .hand(2, [0, 2, 3, 4, 5])
        .taverns([["W3", "B", "E10"], ["M1", "H", "E5"], ["H", "M0", "E11"]])
    )
    return s


EXERCISES = {"hunters": _exercise_hunters, "miners": _exercise_miners, "majority": _exercise_majority}


def exercise_state(key: str) -> State:
    """The exercise position: the learner is Ana (player 0); the choice is in the Laughing Goblin."""
    return EXERCISES[key]().at_bids().build()


def gains(state: State, player: int = 0, tavern: int = 0) -> dict[str, int]:
    """Card id -> how much ``player``'s Final Bravery Value rises if that card joins their army.

    The whole table is scored before and after with :func:`nidlib.rules.scoring.score_tableaux`, so a card
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


#: the rule each exercise is about (issue 13: lesson 5 had no rule links)
EXERCISE_RULES = {"hunters": "R-SCORE-3", "miners": "R-SCORE-4", "majority": "R-SCORE-2"}


@live
def exercise(key: str) -> w.Widget:
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
        rule=EXERCISE_RULES[key],
        theme=False,
    )
    q.add_class(f"nt-worth-{key}")
    box = w.VBox([context, q])
    box.add_class("nt-root")
    return box


# --- closing check: two columns scored by nidlib ---------------------------------------------------

#: the closing check's army: Hunter ranks and the bravery points of the Miner dwarves
CHECK_HUNTERS = 4
CHECK_MINERS = (1, 1, 2)


def check_answer() -> int:
    """The Hunter and Miner columns of the closing check, scored by nidlib.rules.scoring."""
    return hunter_points(CHECK_HUNTERS) + miner_points(list(CHECK_MINERS))


@live
def check() -> w.Widget:
    """Issue 13: lesson 5's closing check; the learner types the score of two columns."""
    from widgets.quiz import PredictQuestion

    miners = " + ".join(str(bp) for bp in CHECK_MINERS)

    def why(_total: object) -> str:
        return t(
            "lesson05.check.explain",
            n=CHECK_HUNTERS,
            hunters=hunter_points(CHECK_HUNTERS),
            miners=miners,
            ranks=len(CHECK_MINERS),
            miner_points=miner_points(list(CHECK_MINERS)),
            total=check_answer(),
        )

    q = PredictQuestion(
        t("lesson05.check.q", n=CHECK_HUNTERS, ranks=len(CHECK_MINERS), miners=miners),
        None,
        lambda: str(check_answer()),
        why,
        rule="R-SCORE-4",
        theme=False,
    )
    q.add_class("nt-l05-check")
    return q
