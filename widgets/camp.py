"""Thingvellir's public zones as views: the Camp and every player's command zone (RULES.md A.1).

* :func:`camp_panel_html`: the Camp (X-TH-3) as :func:`widgets.render.camp_html` draws it: the cards
  left in the Age's Camp deck, whether somebody visited it in the tavern being resolved (X-TH-4);
* :func:`command_zones_html`: each player's command zone (Mercenaries waiting for enlistment, X-TH-7;
  artifacts, X-TH-11; neutral heroes), since the Camp and command zones are public (X-TH-ENL-4);
* :class:`CampView`, :class:`CommandZonesView`: the same, redrawn from a controller.

Used by lesson 16 and the lab (lesson 10). The card faces come from :mod:`widgets.render`.
"""

from __future__ import annotations

from html import escape

from nidlib.core.state import State
from widgets import render as r
from widgets.components import _HtmlView
from widgets.controller import Controller
from widgets.render import t

__all__ = ["CampView", "CommandZonesView", "camp_panel_html", "command_zones_html"]


def camp_panel_html(state: State, *, lang: str | None = None) -> str:
    """The Camp (:func:`widgets.render.camp_html`: its cards, the cards left in this Age's Camp deck,
    whether it was visited in this tavern); ``""`` without Thingvellir."""
    return r.camp_html(state, lang=lang, size="sm")


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


class CampView(_HtmlView):
    """The Camp (:func:`camp_panel_html`), redrawn after every change."""

    css_class = "nt-camp-view"

    def __init__(self, controller: Controller, *, theme: bool = False) -> None:
        super().__init__(controller, theme=theme)

    def render(self) -> str:
        return camp_panel_html(self.view, lang=self.lang)


class CommandZonesView(_HtmlView):
    """Every player's command zone (:func:`command_zones_html`), redrawn after every change."""

    css_class = "nt-zones-view"

    def __init__(self, controller: Controller, *, theme: bool = False) -> None:
        super().__init__(controller, theme=theme)

    def render(self) -> str:
        return command_zones_html(self.view, lang=self.lang)
