"""Thingvellir beside the Camp (RULES.md A.1; the Camp itself is :class:`widgets.components.CampView`).

* :func:`command_zones_html`: each player's command zone (Mercenaries waiting for enlistment, X-TH-7;
  artifacts, X-TH-11; neutral heroes), since the Camp and command zones are public (X-TH-ENL-4);
* :class:`CommandZonesView`: the same, redrawn from a controller.

For the lab (lesson 10): :func:`play_to_moment` plays a seeded Thingvellir game to a chosen moment,
:func:`camp_temptations` offers Thingvellir actions nidlib refuses, :func:`engine_choices_html` names the
ENGINE CHOICE (RULES.md A.5) behind events. Used by lesson 16 and the lab; card faces from
:mod:`widgets.render`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from html import escape

import nidlib
from nidlib.core import registry
from nidlib.core.actions import Action, Capture, Enlist, Frigg, Pick, PlaceDoubles, Recruit
from nidlib.core.cards import CARDS, CLASSES, GIANT_CLASS, CardKind
from nidlib.core.events import Event
from nidlib.core.state import State
from widgets import render as r
from widgets.components import _HtmlView
from widgets.controller import Controller
from widgets.render import t

__all__ = [
    "IDAVOLL_MOMENTS",
    "MOMENTS",
    "CommandZonesView",
    "camp_temptations",
    "command_zones_html",
    "engine_choices",
    "engine_choices_html",
    "play_to_moment",
]


def command_zones_html(state: State, *, lang: str | None = None) -> str:
    """Every player's command zone under their name (the zones are public, X-TH-ENL-4)."""
    parts = []
    for p in state.players:
        cards = "".join(r.card_html(cid, size="sm", lang=lang) for cid in p.command_zone)
        if not cards:
            cards = f'<span class="nt-muted">{escape(t("ui.command.empty", lang))}</span>'
        parts.append(
            f'<div class="nt-zone"><b>{escape(p.name)}</b> · {escape(t("l16.zone.gem", lang, gem=p.gem))}'
            f'<div class="nt-cards">{cards}</div></div>'
        )
    return (
        f'<section class="nt-zones"><h4>{escape(t("l16.zones.title", lang))}</h4>'
        f'<div class="nt-zones-list">{"".join(parts)}</div></section>'
    )


class CommandZonesView(_HtmlView):
    """Every player's command zone (:func:`command_zones_html`), redrawn after every change."""

    css_class = "nt-zones-view"

    def __init__(self, controller: Controller, *, theme: bool = False) -> None:
        super().__init__(controller, theme=theme)

    def render(self) -> str:
        return command_zones_html(self.view, lang=self.lang)


# --- the lab (lesson 10): Thingvellir positions from a seeded game ------------------------------------

#: the moments of an Idavoll game, and the Mythology card the lab's players lean towards for each
IDAVOLL_MOMENTS: dict[str, str] = {
    "loki": "loki",
    "freya": "freya",
    "frigg": "frigg",
    "odin": "odin",
    "capture": "",
    "gullinbursti": "hreasvelg",
    "olrun": "olrun",
    "skymir": "skymir",
}

#: moments the lab can stop a seeded Thingvellir game at: a decision kind (``DecisionKind``), a pick turn
#: with a Camp visit allowed (``camp-visit``), or a number of actions (``actions``)
MOMENTS: tuple[str, ...] = (
    "camp-visit",
    "tavern_discard",
    "enlist_order",
    "enlist",
    "vidofnir",
    "olwyn",
    "holda",
    "take",
    "card_discard",
    "mjollnir",
    # Idavoll (RULES.md A.7): a game with Idavoll is dealt for these moments
    *IDAVOLL_MOMENTS,
    "actions",
)


def _is_camp_pick(s: State, a: Action) -> bool:
    return isinstance(a, Pick) and s.camp is not None and a.card in s.camp.cards


def _keen(moment: str, s: State, a: Action) -> bool:
    """The lab's players lean towards the moment asked for (a choice of the seeded players, not a rule):
    the artifact or hero that leads there, Camp visits for the tavern discard and the enlistment."""
    if moment in IDAVOLL_MOMENTS:
        return _keen_idavoll(moment, s, a)
    if isinstance(a, Pick):
        wanted = {
            "tavern_discard": None,
            "enlist_order": "merc",
            "enlist": "merc",
            "vidofnir": "vidofnir-vedrfolnir",
            "take": "brisingamens",
            "card_discard": "hofud",
            "mjollnir": "mjollnir",
        }
        if moment not in wanted or not _is_camp_pick(s, a):
            return False
        prefix = wanted[moment]
        return prefix is None or a.card.startswith(prefix)
    if isinstance(a, Recruit):
        return a.hero == {"olwyn": "olwyn", "holda": "holda", "take": "andumia"}.get(moment)
    return False


def _keen_idavoll(moment: str, s: State, a: Action) -> bool:
    """Idavoll: take the Mythology card that leads to the moment (any Giant for a capture), use the God's
    power once it is there (Frigg instead of a pick), and take the dwarves a Giant waits for."""
    if isinstance(a, Frigg):
        return moment == "frigg"
    if isinstance(a, Capture):
        return a.capture
    if not isinstance(a, Pick) or a.card not in CARDS:
        return False
    card = CARDS[a.card]
    want = IDAVOLL_MOMENTS[moment]
    if want and a.card == want:
        return True
    if moment in ("capture", "skymir"):
        if card.kind is CardKind.GIANT and (moment == "capture" or a.card == "skymir"):
            return True
        i = a.player
        return (
            card.kind is CardKind.DWARF
            and card.cls is not None
            and any(g in s.players[i].command_zone and GIANT_CLASS[g] is card.cls for g in GIANT_CLASS)
        )
    return False


def _reached(s: State, moment: str) -> bool:
    d = nidlib.decision(s)
    if d is None:
        return False
    if moment == "camp-visit":
        return d.kind == "pick" and any(_is_camp_pick(s, a) for a in nidlib.legal_actions(s))
    return str(d.kind) == moment


def play_to_moment(
    players: int, seed: int, moment: str, actions: int = 0
) -> tuple[State, list[Event], int] | None:
    """A Thingvellir game (an Idavoll game for the moments of :data:`IDAVOLL_MOMENTS`) of ``players`` with
    ``seed`` (the deal and the seeded players' choices) played by nidlib until ``moment`` (one of :data:`MOMENTS`; ``"actions"``: after ``actions`` actions). Returns the
    position, the events of its last action and the number of actions played; ``None`` if the game ended
    first (another seed may reach it)."""
    if moment not in MOMENTS:
        raise ValueError(moment)
    names = ["Ana", "Bo", "Cy", "Dag", "Eir"][:players]
    expansions = ("idavoll",) if moment in IDAVOLL_MOMENTS else ("thingvellir",)
    s = nidlib.new_game(players, names, seed=seed, expansions=expansions)
    rng = random.Random(seed)
    events: list[Event] = []
    n = 0
    while True:
        if moment == "actions" and n >= actions:
            return s, events, n
        if moment != "actions" and _reached(s, moment):
            return s, events, n
        if nidlib.decision(s) is None:
            return (s, events, n) if moment == "actions" else None
        legal = nidlib.legal_actions(s)
        keen = [a for a in legal if _keen(moment, s, a)]
        camp = [a for a in legal if _is_camp_pick(s, a)]
        if keen:
            a = keen[int(rng.random() * len(keen))]
        elif camp and rng.random() < 0.3:
            a = camp[int(rng.random() * len(camp))]
        else:
            a = legal[int(rng.random() * len(legal))]
        s, events = nidlib.apply(s, a)
        n += 1


def camp_temptations(s: State) -> list[Action]:
    """Thingvellir actions to try in the lab that nidlib refuses at this decision: a Camp card taken by a
    player who may not visit (X-TH-4), Olwyn's doubles in one column (X-TH-HERO-OLWYN-1), a Mercenary
    enlisted into a class it does not have (X-TH-MERC-1). nidlib decides; only refused ones are kept."""
    d = nidlib.decision(s)
    if d is None or s.camp is None or not d.players:
        return []
    p = d.players[0]
    out: list[Action] = []
    if d.kind == "pick" and s.camp.cards:
        out.append(Pick(p, s.camp.cards[0]))
    elif d.kind == "olwyn":
        out.append(PlaceDoubles(p, (CLASSES[2], CLASSES[2])))
    elif d.kind == "enlist":
        mercs = [c for c in s.players[p].command_zone if CARDS[c].options]
        if mercs:
            options = [cls for cls, _bp in CARDS[mercs[0]].options]
            out += [Enlist(p, mercs[0], cls) for cls in CLASSES if cls not in options][:1]
    return [a for a in out if nidlib.check(s, a) is not None]


_DISAGREEMENT = re.compile(r"\bD-X\d+\b")


def engine_choices(events: Sequence[Event]) -> list[tuple[str, str]]:
    """The engine choices (RULES.md A.5) behind these events: (rule id, disagreement id or ""), for every
    event whose rule is marked ``?`` (ENGINE CHOICE) in RULES.md, once each."""
    out: dict[str, str] = {}
    for e in events:
        try:
            text = registry.rule(e.rule)
        except KeyError:
            continue
        if text.confidence == "?" and e.rule not in out:
            found = _DISAGREEMENT.search(text.text)
            out[e.rule] = found.group(0) if found else ""
    return list(out.items())


def engine_choices_html(events: Sequence[Event], *, lang: str | None = None) -> str:
    """One note per engine choice behind ``events``: "Engine choice: X-TH-ENL-3, see D-X12"."""
    notes = []
    for rule, d in engine_choices(events):
        key = "lab.tv.engine-choice" if d else "lab.tv.engine-choice-a5"
        refs = r.rule_html(rule, lang=lang) + (r.rule_html(d, lang=lang) if d else "")
        notes.append(
            f'<div class="nt-lesson-note nt-lab-choice">{escape(t(key, lang, rule=rule, d=d))} {refs}</div>'
        )
    return "".join(notes)
