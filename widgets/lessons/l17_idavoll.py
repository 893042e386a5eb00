"""Lesson 17, Idavoll: gods, giants, valkyries and the Mythology tavern (RULES.md A.2, issue 12).

Every scene is a position of a real, seeded Idavoll game (``nidlib.new_game(..., expansions=("idavoll",))``)
played by nidlib: :data:`POSITIONS` keeps, per scene, the number of players, the seed and Ana's actions
from the start of the game (Bo and Cy are scripted: the leftmost legal action, or one action they prefer);
:func:`replay` applies them with ``nidlib.apply``. The seeds were found by a small search over
``new_game(..., seed=k)`` for a round-1 Dancing Dragon holding the cards a scene needs (and, for Gymir, an
Explorer in the Shining Horse); the tests check each position says what the texts say. From the scene's position on, Ana (the learner) chooses with the panels; every event cites its
rule.

Scenes: the Dancing Dragon's Mythology cards in Age I rounds 1-3 and the unpicked card leaving the game
(2 players, X-ID-3, X-ID-4), Loki's reservation before the bids (X-ID-GOD-LOKI-1..3; any tavern card, D-X04),
Freya's swap (X-ID-GOD-FREYA-1; never Loki's card, D-X05), Gymir's capture-or-place choice (X-ID-8,
X-ID-GIANT-GYMIR-1), Brynhildr's track (X-ID-VALK-BRYNHILDR-1/2), then a predict-then-check question on
Brynhildr's points after a round whose bids are given, answered by playing that round with nidlib.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING

import nidlib
from nidlib.core.actions import Action, Pick, Swap
from nidlib.core.cards import GIANT_INDEX, VALKYRIES, valkyrie_value
from nidlib.core.events import Event
from nidlib.core.messages import render
from nidlib.core.state import State
from nidlib.core.tasks import DecisionKind
from nidlib.rules.base import rounds_in_age
from widgets.lessons import common
from widgets.lessons.common import Tried
from widgets.lessons.page import Page, live

if TYPE_CHECKING:
    from widgets.controller import Controller
    from widgets.lessons.scene import QuestionScene, Scene

STEM = "17-idavoll"
NAMES = ("Ana", "Bo", "Cy")
ID = ("idavoll",)
BRYNHILDR = "brynhildr"
GYMIR = "gymir"

# --- positions: seeded games replayed with nidlib.apply -------------------------------------------------


class Scripted:
    """Bo's or Cy's script: the first of ``prefer`` (action texts) that is legal now, else the leftmost
    legal action (Loki's and Freya's "pass" come first, so a scripted God owner passes unless told)."""

    def __init__(self, *prefer: str) -> None:
        self.prefer = prefer

    def choose(self, view: State, legal: Sequence[Action]) -> Action:
        texts = {str(a): a for a in legal}
        for text in self.prefer:
            if text in texts:
                return texts[text]
        return legal[0]


@dataclass(frozen=True)
class Position:
    """A seeded game of ``players`` (Ana, Bo[, Cy]) replayed until Ana has played ``ana``."""

    players: int
    seed: int
    ana: tuple[str, ...]
    #: Bo's and Cy's preferred actions, by seat
    prefer: tuple[tuple[int, tuple[str, ...]], ...] = ()

    def bots(self) -> dict[int, Scripted]:
        wants = dict(self.prefer)
        return {i: Scripted(*wants.get(i, ())) for i in range(1, self.players)}


#: Ana's round 1 in the 3-player seed 1: highest bid everywhere (Bo and Cy bid 0, 2, 3), Warrior 9 at the
#: Laughing Goblin, a Mythology card at the Dancing Dragon, Explorer 7 at the Shining Horse
_ROUND1 = ("p0:bid:3,5b,4/0,2", "p0:pick:1W9")

POSITIONS: dict[str, Position] = {
    # 2 players, round 1: the Dancing Dragon holds Ratatosk, Loki and Hildr (X-ID-3)
    "dragon": Position(2, 2, ()),
    # round 2 begins: Ana took Loki in round 1 and decides on his reservation (X-ID-GOD-LOKI-1)
    "loki": Position(3, 1, (*_ROUND1, "p0:pick:loki", "p0:pick:1E7")),
    # round 2 begins: Ana took Freya, Cy took Loki and puts his token on Thor (X-ID-GOD-FREYA-2)
    "freya": Position(3, 1, (*_ROUND1, "p0:pick:freya", "p0:pick:1E7"), ((2, ("p2:loki:thor",)),)),
    # round 1, the Shining Horse: Ana took Gymir at the Dragon; Explorer 8, Warrior 9, Explorer 7 here
    "giant": Position(3, 134, ("p0:bid:3,5b,4/0,2", "p0:pick:1H1", "p0:pick:gymir")),
    # round 2's bids: Ana took Brynhildr at the Dragon (no notch there) and was first at the Horse (1 notch)
    "valkyrie": Position(3, 1, (*_ROUND1, "p0:pick:brynhildr", "p0:pick:1E7")),
}

#: the question: Ana's round-2 bid from the "valkyrie" position (Goblin 2, Dragon 5, Horse 3; pouch 0, 4)
QUESTION_BID = "p0:bid:2,5b,3/0,4"


def replay(position: Position) -> tuple[State, list[Event]]:
    """The seeded game played by nidlib until Ana has made her ``ana`` actions and must act again."""
    s = nidlib.new_game(position.players, list(NAMES[: position.players]), seed=position.seed, expansions=ID)
    return play(s, position.bots(), list(position.ana))


def play(
    s: State, bots: dict[int, Scripted], ana: list[str], *, until: Callable[[State], bool] | None = None
) -> tuple[State, list[Event]]:
    """Apply Ana's actions (texts) in turn, the bots acting whenever they must; stop when Ana must act and
    has no action left (or when ``until`` holds, or the game is over)."""
    events: list[Event] = []
    todo = list(ana)
    while (d := nidlib.decision(s)) is not None and not (until is not None and until(s)):
        if 0 in d.players:
            if not todo:
                break
            a = nidlib.parse(todo.pop(0))
        else:
            p = d.players[0]
            a = bots[p].choose(nidlib.view_for(s, p), nidlib.legal_actions(s, p))
        s, ev = nidlib.apply(s, a)
        events += ev
    return s, events


def position(name: str) -> State:
    return replay(POSITIONS[name])[0]


SCENES: tuple[str, ...] = tuple(POSITIONS)

#: each scene's rules (shown as links under the scene): the X-ID ids of RULES.md A.2
RULES: dict[str, tuple[str, ...]] = {
    "dragon": ("X-ID-3", "X-ID-DECK-1", "X-ID-4", "X-ID-5"),
    "loki": ("X-ID-SEQ-1", "X-ID-GOD-LOKI-1", "X-ID-GOD-LOKI-3"),
    "freya": ("X-ID-SEQ-1", "X-ID-GOD-FREYA-1", "X-ID-GOD-FREYA-2"),
    "giant": ("X-ID-8", "X-ID-GIANT-GYMIR-1", "X-ID-GIANT-2"),
    "valkyrie": ("X-ID-9", "X-ID-VALK-BRYNHILDR-1", "X-ID-VALK-BRYNHILDR-2"),
}

#: where an ENGINE CHOICE of RULES.md A.5 decides something the scene shows: (rule, disagreement)
ENGINE_CHOICES: dict[str, tuple[str, str]] = {
    "loki": ("X-ID-GOD-LOKI-2", "D-X04"),
    "freya": ("X-ID-GOD-FREYA-2", "D-X05"),
}


# --- what the scenes show beside the standard views ---------------------------------------------------------


def age_html(s: State, lang: str | None = None) -> str:
    """The Age's round out of its rounds with Idavoll (X-ID-3) and what is left of the Mythology deck."""
    part = s.idavoll
    left = len(part.deck) if part is not None else 0
    text = render(
        "l17.age",
        {
            "round": max(s.round, 1),
            "rounds": rounds_in_age(len(s.players), s.age, idavoll=True),
            "deck": left,
            "removed": len(part.removed) if part is not None else 0,
        },
        lang=lang,
    )
    return f'<p class="nt-l17-age">{escape(text)}</p>'


def tokens_html(s: State, lang: str | None = None) -> str:
    """Ana's Valkyrie tracks and Giants as the engine keeps them (``Idavoll.notches``, ``captured``)."""
    part = s.idavoll
    if part is None:
        return ""
    zone = s.players[0].command_zone
    items = []
    for k, v in enumerate(VALKYRIES):
        if v.id in zone:
            n = part.notches[k]
            items.append(
                render(
                    "l17.token.valkyrie",
                    {"card": v.name, "n": n, "points": valkyrie_value(v.id, n)},
                    lang=lang,
                )
            )

    for giant in (GYMIR,):
        if giant in zone:
            entry = part.captured[GIANT_INDEX[giant]]
            if entry == "":
                items.append(render("l17.token.giant-waiting", {"card": "Gymir"}, lang=lang))
            elif entry == "-":
                items.append(render("l17.token.giant-down", {"card": "Gymir"}, lang=lang))
            else:
                items.append(
                    render(
                        "l17.token.giant-captured", {"card": "Gymir", "captured": f"@card.{entry}"}, lang=lang
                    )
                )
    if not items:
        return ""
    lis = "".join(f"<li>{escape(x)}</li>" for x in items)
    return f'<ul class="nt-l17-tokens">{lis}</ul>'


# --- "what if?" tries: an illegal action, refused by nidlib with its rule ----------------------------


def bo_loki_try(history: Sequence[State]) -> Tried | None:
    """Bo's pick turn in the tavern of the card Loki reserved for Ana, while the token still lies on it:
    what nidlib says to Bo taking that card (X-ID-GOD-LOKI-1). ``None`` before such a turn."""
    for s in history:
        d = nidlib.decision(s)
        part = s.idavoll
        if d is None or d.kind != DecisionKind.PICK or d.players != (1,) or part is None:
            continue
        if part.loki and part.loki in s.taverns[s.tavern]:
            a = Pick(1, part.loki)
            return s, a, nidlib.check(s, a)
    return None


def freya_loki_try(s: State) -> Tried | None:
    """Freya moving the card Loki reserved, while Freya is Ana's decision (X-ID-GOD-FREYA-2)."""
    d = nidlib.decision(s)
    part = s.idavoll
    if d is None or d.kind != DecisionKind.FREYA or part is None or not part.loki:
        return None
    t = next(k for k, row in enumerate(s.taverns) if part.loki in row)
    other = s.taverns[(t + 1) % 3][0]
    a = Swap(0, (part.loki, other))
    return s, a, nidlib.check(s, a)


# --- the closing question: what is Brynhildr worth after round 2? -------------------------------------------


def question_state() -> State:
    """Round 2's bids: Ana owns Brynhildr (1 notch, from round 1's Shining Horse)."""
    return position("valkyrie")


def question_bids() -> list[tuple[str, str]]:
    """Every player's round-2 bid: Ana's :data:`QUESTION_BID`, Bo's and Cy's scripted ones (name, bid text)."""
    s = question_state()
    bots = POSITIONS["valkyrie"].bots()
    out = [(s.players[0].name, nidlib.parse(QUESTION_BID))]
    for i in range(1, len(s.players)):
        out.append((s.players[i].name, bots[i].choose(nidlib.view_for(s, i), nidlib.legal_actions(s, i))))
    return [(name, str(a)) for name, a in out]


def question_round() -> tuple[State, list[Event]]:
    """Round 2 played by nidlib with those bids (everyone's picks scripted), to the next round's start."""
    start = question_state()
    bots = POSITIONS["valkyrie"].bots()
    ana = Scripted(QUESTION_BID)

    def over(s: State) -> bool:
        return s.round != start.round

    s, events = start, []
    while (d := nidlib.decision(s)) is not None and not over(s):
        p = d.players[0]
        bot = ana if p == 0 else bots[p]
        s, ev = nidlib.apply(s, bot.choose(nidlib.view_for(s, p), nidlib.legal_actions(s, p)))
        events += ev
    return s, events


def question_answer() -> int:
    """Brynhildr's points at the end of round 2, from nidlib's notches (X-ID-9)."""
    s, _ = question_round()
    part = s.idavoll
    assert part is not None
    return valkyrie_value(BRYNHILDR, part.notches[0])


def question_explanation(n: int) -> str:
    notches = [e.text() for e in question_round()[1] if e.key == f"valkyrie.{BRYNHILDR}"]
    return render("l17.q.explain", {"notches": " ".join(notches), "total": n})


def question_text(lang: str | None = None) -> str:
    s = question_state()
    bids = []
    for name, text in question_bids():
        a = nidlib.parse(text)
        assert isinstance(a, nidlib.Bid)
        t0, t1, t2 = (c.value for c in a.taverns)
        bids.append(render("l17.q.bid", {"name": name, "t0": t0, "t1": t1, "t2": t2}, lang=lang))
    gems = [render("l17.q.gem", {"name": p.name, "gem": p.gem}, lang=lang) for p in s.players]
    return render("l17.q.brynhildr", {"bids": bids, "gems": gems}, lang=lang)


# --- widgets -----------------------------------------------------------------------------------------


page = Page(STEM)
header, footer, say = page.header, page.footer, page.say


def rules_html(name: str, lang: str | None = None) -> str:
    """The scene's rule links (each expands to its text) and, where one decides, the engine choice."""
    return common.rules_html("l17", name, RULES[name], ENGINE_CHOICES.get(name), lang)


def tried_html(tried: Tried | None, name: str, lang: str | None = None) -> str:
    """What nidlib said to a "what if?" try: its refusal with the rule id (or that it was legal)."""
    return common.tried_html("l17", tried, f"l17.try.wait.{name}", lang)


def _side_view(c: Controller, draw: Callable[[State, str | None], str], css: str) -> object:
    import ipywidgets as w

    box = w.HTML()
    box.add_class(css)

    def refresh(_c: object = None) -> None:
        box.value = draw(c.state, c.lang)

    c.on_change(refresh)
    refresh()
    return box


@live
def scene(name: str) -> Scene:
    """A live scene: the round and the Mythology deck, the taverns, the command zones, Ana's tokens, army and
    coins, her choices (the bid panel where the scene starts before the bids), the log, the scene's rules;
    a "what if?" try where the scene has one."""
    import ipywidgets as w

    from widgets import ArmyView, PlayerBoard, TavernRow
    from widgets.camp import CommandZonesView
    from widgets.components import BidPanel
    from widgets.controller import Controller
    from widgets.lessons.scene import PlayScene

    pos = POSITIONS[name]
    start = replay(pos)[0]
    c = Controller(start, seat=0, bots=dict(pos.bots()), events=[])
    views: list[w.Widget] = [
        _side_view(c, age_html, "nt-l17-age-view"),  # type: ignore[list-item]
        TavernRow(c, theme=False),
        CommandZonesView(c),
        _side_view(c, tokens_html, "nt-l17-tokens-view"),  # type: ignore[list-item]
        ArmyView(c, 0, theme=False),
        PlayerBoard(c, 0, theme=False),
        BidPanel(c, 0, message_bar=False, theme=False),
    ]
    sc = PlayScene(c, "l17", name, views)
    tries: dict[str, Callable[[], Tried | None]] = {
        "loki": lambda: bo_loki_try([h[0] for h in c.history[: c.index + 1]]),
        "freya": lambda: freya_loki_try(c.state),
    }
    sc.add_rules(rules_html(name), (lambda: tried_html(tries[name](), name)) if name in tries else None)
    return sc


@live
def check_brynhildr() -> QuestionScene:
    """The closing question: round 2's bids are given; how many points is Brynhildr worth after the round?"""
    import ipywidgets as w

    from widgets import PredictQuestion, TavernRow
    from widgets.camp import CommandZonesView
    from widgets.controller import Controller
    from widgets.lessons.scene import QuestionScene

    c = Controller(question_state(), seat=0)
    q = PredictQuestion(
        question_text(),
        [(str(n), n) for n in (3, 6, 10, 16)],
        correct=question_answer,
        explanation=question_explanation,
        rule="X-ID-VALK-BRYNHILDR-1",
        theme=False,
    )
    views = [TavernRow(c, theme=False), CommandZonesView(c), w.HTML(tokens_html(c.state))]
    return QuestionScene(views, q, "nt-l17-q")
