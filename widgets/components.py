"""ipywidgets components over a :class:`~widgets.controller.Controller`.

Each component is a ``VBox``/``HBox`` that draws itself from the controller with the
pure functions of :mod:`widgets.render` and redraws on every controller change. The
views only ever draw ``controller.view_as(seat)`` (``nidlib.view_for`` for a seat), so
other players' hidden coins never reach the page. Panels turn clicks into
``controller.apply(action)``; legality always comes from ``nidlib.legal_actions`` and
``nidlib.check``. Every callback is wrapped: an exception becomes a sentence in the
message bar, never a traceback.

CSS hooks for browser tests: ``nt-root`` on every component, and ``nt-bid-confirm``,
``nt-bid-t0``..``nt-bid-t2``, ``nt-action-button``, ``nt-event-log``, ``nt-message``,
``nt-undo``, ``nt-game-table``, ``nt-tavern-row``, ``nt-player-board``, ``nt-army``,
``nt-treasury``, ``nt-score-sheet``, ``nt-rule-callout``, ``nt-status``, ``nt-camp-view`` (Thingvellir's Camp),
``nt-action-group`` (the "or visit the Camp" / "or use Frigg" headings among the choice buttons),
``nt-myth-view`` (Idavoll's Mythology deck), ``nt-action-step`` (Freya's first step: the card to move).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any, Final

import ipywidgets as w
from ipywidgets.widgets.widget_string import HTMLStyle

import nidlib
from nidlib.core.actions import (
    Action,
    Bid,
    Capture,
    ChooseOlrun,
    Enlist,
    Frigg,
    Odin,
    Pick,
    PlaceGullinbursti,
    Reserve,
    Swap,
    Thor,
)
from nidlib.core.cards import CARDS, GIANT_CLASS, CardKind
from nidlib.core.coins import Coin
from nidlib.core.messages import term
from nidlib.core.state import State
from nidlib.rules.tempting import tempting_actions
from widgets import render as r
from widgets.controller import Controller
from widgets.render import t
from widgets.theme import theme_widget


class _Follow:
    def __repr__(self) -> str:
        return "FOLLOW"


#: Default ``seat`` of the views: follow ``controller.seat``.
FOLLOW: Final = _Follow()
Seat = int | None | _Follow


def safe(controller: Controller, fn: Callable[..., Any]) -> Callable[..., None]:
    """Wrap a widget callback: any exception becomes a clear sentence in the message bars."""

    def run(*args: Any) -> None:
        try:
            fn(*args)
        except Exception as exc:  # noqa: BLE001 - shown to the user as a sentence, never a traceback
            controller.report_error(exc)

    return run


def _panel(
    form: w.VBox, controller: Controller, *, message_bar: bool, theme: bool
) -> tuple[MessageBar | None, list[w.Widget]]:
    """A panel's widgets: the theme (if asked), the form (``nt-panel``), then its own message bar
    (if asked); returns the message bar and the children."""
    form.add_class("nt-panel")
    message = MessageBar(controller, theme=False) if message_bar else None
    children: list[w.Widget] = [theme_widget()] if theme else []
    children.append(form)
    if message is not None:
        children.append(message)
    return message, children


class _HtmlView(w.VBox):
    """Base class: an HTML pane redrawn from the controller after every change."""

    css_class = "nt-view"

    def __init__(self, controller: Controller, *, seat: Seat = FOLLOW, theme: bool = True) -> None:
        self.controller = controller
        self._seat = seat
        self.html = w.HTML()
        children: list[w.Widget] = [theme_widget()] if theme else []
        super().__init__([*children, self.html, *self._more()])
        self.add_class("nt-root")
        self.add_class(self.css_class)
        controller.on_change(self._changed)
        self.refresh()

    @property
    def seat(self) -> int | None:
        return self.controller.seat if isinstance(self._seat, _Follow) else self._seat

    @property
    def view(self) -> State:
        return self.controller.view_as(self.seat)

    @property
    def lang(self) -> str | None:
        return self.controller.lang

    def _more(self) -> list[w.Widget]:
        """Widgets shown below the HTML pane (none here)."""
        return []

    def _changed(self, _c: Controller) -> None:
        self.refresh()

    def refresh(self) -> None:
        self.html.value = self.render()

    #: panes drawn from the view alone: the :mod:`widgets.render` function, called ``draw(view, lang=...)``
    draw: Callable[..., str] | None = None

    def render(self) -> str:
        if self.draw is None:  # pragma: no cover - subclasses give draw or override render
            raise NotImplementedError
        return self.draw(self.view, lang=self.lang)


class StatusLine(_HtmlView):
    """Age, round, and who the game waits for."""

    css_class = "nt-status-line"

    def render(self) -> str:
        return r.status_html(self.view, seat=self.seat, lang=self.lang)


class TavernRow(_HtmlView):
    """The three taverns and their cards; the tavern being resolved is highlighted."""

    css_class = "nt-tavern-row"
    draw = staticmethod(r.taverns_html)


class CampView(_HtmlView):
    """Thingvellir's Camp (X-TH-3): its five spaces; hidden in a game without the expansion."""

    css_class = "nt-camp-view"

    def render(self) -> str:
        html = r.camp_html(self.view, lang=self.lang)
        self.layout.display = "" if html else "none"
        return html


class MythologyView(_HtmlView):
    """Idavoll's Mythology deck and reserve counts (X-ID-2, X-ID-3); hidden in a game without Idavoll."""

    css_class = "nt-myth-view"

    def render(self) -> str:
        html = r.mythology_html(self.view, lang=self.lang)
        self.layout.display = "" if html else "none"
        return html


class TreasuryView(_HtmlView):
    """The Royal Treasure: gold values left and their counts."""

    css_class = "nt-treasury-view"

    def render(self) -> str:
        return r.treasury_html(self.view.treasury, lang=self.lang)


class HeroesView(_HtmlView):
    """The heroes still available."""

    css_class = "nt-heroes-view"
    draw = staticmethod(r.heroes_html)


class _PlayerView(_HtmlView):
    """Base class: an HTML pane about one player, ``player``."""

    def __init__(
        self, controller: Controller, player: int, *, seat: Seat = FOLLOW, theme: bool = True
    ) -> None:
        self.player = player
        super().__init__(controller, seat=seat, theme=theme)


class PlayerBoard(_PlayerView):
    """Player ``player``'s board (coin spaces, pouch, hand, gem) as the seat may see it."""

    css_class = "nt-player-board"

    def render(self) -> str:
        return r.player_board_html(self.view, self.player, lang=self.lang)


class ArmyView(_PlayerView):
    """Player ``player``'s army (five columns, complete lines banded) and command zone."""

    css_class = "nt-army-view"

    def __init__(
        self,
        controller: Controller,
        player: int,
        *,
        seat: Seat = FOLLOW,
        theme: bool = True,
        command_zone: bool = True,
    ) -> None:
        self.command_zone = command_zone
        super().__init__(controller, player, seat=seat, theme=theme)

    def render(self) -> str:
        p = self.view.players[self.player]
        html = r.army_html(p, lang=self.lang)
        zone = r.command_zone_html(p, lang=self.lang, state=self.view)
        return html + zone if self.command_zone else html


class CommandZoneView(_PlayerView):
    """Player ``player``'s command zone alone."""

    css_class = "nt-command-view"

    def render(self) -> str:
        return r.command_zone_html(self.view.players[self.player], lang=self.lang, state=self.view)


class ScoreSheetView(_HtmlView):
    """The score sheet from ``nidlib.final_scores``; provisional (labelled so) before the end."""

    css_class = "nt-score-sheet"

    def __init__(
        self, controller: Controller, *, seat: Seat = FOLLOW, theme: bool = True, only_at_end: bool = False
    ) -> None:
        #: draw nothing before the game is over (the game table hides the sheet until then)
        self.only_at_end = only_at_end
        super().__init__(controller, seat=seat, theme=theme)

    def render(self) -> str:
        v = self.view
        if self.only_at_end and not v.is_over:
            return ""
        return r.score_sheet_html(nidlib.final_scores(v), lang=self.lang, final=v.is_over)


class EventLog(_HtmlView):
    """Every event the seat may see, newest last; the box scrolls itself to the newest line.

    ``chunk=N`` (a long game, lesson 9): the log is one HTML pane per ``N`` history entries; a
    change redraws only the pane of the newest entries, so a click sends and redraws a few lines
    instead of the whole game's log (docs/benchmarks.md, "Lesson 9 clicks"). Going back in
    history hides the later panes; a new branch redraws the panes it changed.
    """

    css_class = "nt-event-log"

    def __init__(
        self, controller: Controller, *, seat: Seat = FOLLOW, theme: bool = True, chunk: int | None = None
    ) -> None:
        self.chunk = chunk
        #: one pane per chunk of history entries: (the entries' event lists it shows, its widget)
        self._panes: list[tuple[tuple[object, ...], w.HTML]] = []
        # the panes share one layout and one style: a new pane is one widget model (one message), not three
        self._pane_layout = w.Layout()
        self._pane_style = HTMLStyle()
        self._box = w.VBox()
        self._box.add_class("nt-event-log-chunks")
        self._scroll = w.Box([self._box])
        self._scroll.add_class("nt-event-log-box")
        super().__init__(controller, seat=seat, theme=theme)

    def _more(self) -> list[w.Widget]:
        return [] if self.chunk is None else [self._scroll]

    def refresh(self) -> None:
        if self.chunk is None:
            super().refresh()
        else:
            self._refresh_chunks(self.chunk)

    def render(self) -> str:
        body = r.events_html(self.controller.events, self.seat, lang=self.lang)
        return (
            f"<section><h4>{escape(t('ui.events.title', self.lang))}</h4>"
            f'<div class="nt-event-log-box">{body}</div></section>'
        )

    def _refresh_chunks(self, size: int) -> None:
        c = self.controller
        entries = c.history[: c.index + 1]
        lang, seat = self.lang, self.seat
        shown: list[w.HTML] = []
        count = 0  # visible events before this pane (the list numbers go on)
        for j, lo in enumerate(range(0, len(entries), size)):
            lists = tuple(evs for _, evs, _ in entries[lo : lo + size])
            events = [e for evs in lists for e in r.visible_events(evs, seat)]
            if j < len(self._panes):
                pane = self._panes[j][1]
                if not _same(self._panes[j][0], lists):  # the newest pane, or a new branch
                    pane.value = r.event_items_html(events, start=count + 1, lang=lang)
                    self._panes[j] = (lists, pane)
            else:
                pane = w.HTML(
                    r.event_items_html(events, start=count + 1, lang=lang),
                    layout=self._pane_layout,
                    style=self._pane_style,
                )
                self._panes.append((lists, pane))
            count += len(events)
            if events:
                shown.append(pane)
        heading = f"<h4>{escape(t('ui.events.title', lang))}</h4>"
        if not count:
            heading += f'<div class="nt-events nt-muted">{escape(t("ui.events.empty", lang))}</div>'
        self.html.value = heading
        if self._box.children != tuple(shown):
            self._box.children = tuple(shown)


def _same(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    """The same history entries (event lists are kept by identity: a new branch has new lists)."""
    return len(a) == len(b) and all(x is y for x, y in zip(a, b, strict=True))


class MessageBar(_HtmlView):
    """The controller's last violation or message as a sentence (empty when there is none)."""

    css_class = "nt-message-bar"

    def render(self) -> str:
        c = self.controller
        if c.violation is not None:
            return f'<div class="nt-message nt-message-violation">{r.violation_html(c.violation, lang=self.lang)}</div>'
        if c.message:
            return f'<div class="nt-message nt-message-{c.message_level}" role="status">{escape(c.message)}</div>'
        return ""


class RuleCallout(w.VBox):
    """One rule, open: its id, section and text (``nidlib.core.registry``)."""

    def __init__(self, rule_id: str, *, lang: str | None = None, theme: bool = True) -> None:
        self.rule_id = rule_id
        self.html = w.HTML(
            f'<div class="nt-message nt-message-info nt-callout">{r.rule_html(rule_id, lang=lang, open_=True)}</div>'
        )
        super().__init__([*([theme_widget()] if theme else []), self.html])
        self.add_class("nt-root")
        self.add_class("nt-rule-callout")


class UndoButton(w.HBox):
    """Undo the last human action (and the bot actions after it)."""

    def __init__(self, controller: Controller) -> None:
        self.controller = controller
        self.button = w.Button(
            description=t("ui.undo", controller.lang), icon="undo", tooltip=t("ui.undo", controller.lang)
        )
        self.button.add_class("nt-undo")
        self.button.on_click(safe(controller, lambda _b: controller.undo()))
        super().__init__([self.button])
        controller.on_change(lambda _c: self.refresh())
        self.refresh()

    def refresh(self) -> None:
        self.button.disabled = self.controller.index == 0


# --- panels --------------------------------------------------------------------------------------


def _acting(
    controller: Controller, seat: int | None, kinds: set[str] | None, exclude: set[str]
) -> int | None:
    """The player this panel acts for now, or None when it has nothing to do."""
    d = nidlib.decision(controller.state)
    if d is None or d.kind in exclude or (kinds is not None and d.kind not in kinds):
        return None
    candidates = [p for p in d.players if not controller.is_bot(p)]
    if seat is None:
        return candidates[0] if candidates else None
    return seat if seat in d.players else None


class BidPanel(w.VBox):
    """The seat places its five coins: one dropdown per tavern; the two coins left go to the pouch.

    Choosing a coin that is already on another tavern moves it here, and that tavern gets this
    one's previous coin (or none): the menus never hold the same coin twice. (The menus keep
    their options: ipywidgets sends the chosen *index*, so options changing under a quick
    learner would select the wrong coin.)
    ``seat=None`` acts for the first human player who still has to bid (hot seat). Confirm
    sends a :class:`nidlib.Bid` through the controller; an illegal bid is explained in the
    message bar by ``nidlib.check`` (e.g. [R-BID-1]).
    """

    def __init__(
        self, controller: Controller, seat: Seat = FOLLOW, *, message_bar: bool = True, theme: bool = True
    ) -> None:
        self.controller = controller
        self.seat = controller.seat if isinstance(seat, _Follow) else seat
        lang = controller.lang
        self.title = w.HTML()
        self.taverns = [
            w.Dropdown(
                description=term(f"@tavern.{k}", lang),
                style={"description_width": "9.5em"},
                layout=w.Layout(width="20em"),
            )
            for k in range(3)
        ]
        for k, dd in enumerate(self.taverns):
            dd.add_class(f"nt-bid-t{k}")
            dd.observe(safe(controller, self._selection_changed), names=["value"])
        self.pouch = w.HTML()
        self.pouch.add_class("nt-bid-pouch")
        self.confirm = w.Button(description=t("ui.bid.confirm", lang), button_style="primary", icon="check")
        self.confirm.add_class("nt-bid-confirm")
        self.confirm.on_click(safe(controller, self._confirm))
        self.form = w.VBox([self.title, *self.taverns, self.pouch, self.confirm])
        self.message, children = _panel(self.form, controller, message_bar=message_bar, theme=theme)
        super().__init__(children)
        self.add_class("nt-root")
        self.add_class("nt-bid-panel")
        self._hand: tuple[Coin, ...] | None = None
        self._player: int | None = None
        self._swapping = False
        controller.on_change(lambda _c: self.refresh())
        self.refresh()

    @property
    def player(self) -> int | None:
        """The player bidding now through this panel (None: the panel is hidden)."""
        return _acting(self.controller, self.seat, {"bids"}, set())

    def refresh(self) -> None:
        p = self.player
        self.layout.display = "none" if p is None else ""
        if p is None:
            self._hand = None
            return
        lang = self.controller.lang
        hand = tuple(self.controller.state.players[p].hand)
        if hand != self._hand or p != self._player:
            self._hand, self._player = hand, p
            opts: list[tuple[str, int | None]] = [(t("ui.bid.choose", lang), None)]
            opts += [(r.coin_label(c, lang), k) for k, c in enumerate(hand)]
            for dd in self.taverns:
                dd.options = opts
                dd.value = None
        self.title.value = (
            f"<h4>{escape(t('ui.bid.title', lang, name=self.controller.state.players[p].name))}</h4>"
        )
        self._update_pouch()

    def _selection_changed(self, change: Any) -> None:
        if not self._swapping and change["new"] is not None:
            self._swap(change["owner"], change["old"], change["new"])
        self._update_pouch()

    def _swap(self, chosen: w.Dropdown, old: int | None, new: int) -> None:
        """The coin ``new`` now on ``chosen`` leaves any other tavern, which gets ``old`` instead."""
        self._swapping = True
        try:
            for dd in self.taverns:
                if dd is not chosen and dd.value == new:
                    dd.value = old
        finally:
            self._swapping = False

    def _pouch_coins(self) -> list[Coin]:
        chosen = {dd.value for dd in self.taverns if dd.value is not None}
        return [c for k, c in enumerate(self._hand or ()) if k not in chosen]

    def _update_pouch(self) -> None:
        lang = self.controller.lang
        if any(dd.value is None for dd in self.taverns):
            self.pouch.value = f'<span class="nt-muted">{escape(t("ui.bid.pouch-empty", lang))}</span>'
            return
        rest = self._pouch_coins()
        coins = ", ".join(r.coin_label(c, lang) for c in rest)
        key = "ui.bid.pouch1" if len(rest) == 1 else "ui.bid.pouch"  # four coins after Jarnglofi
        self.pouch.value = escape(t(key, lang, coins=coins))

    def bid(self) -> Bid | None:
        """The bid the dropdowns describe (None if a tavern has no coin yet)."""
        p = self._player
        if p is None or self._hand is None or any(dd.value is None for dd in self.taverns):
            return None
        hand = self._hand
        tav = tuple(hand[dd.value] for dd in self.taverns)
        rest = self._pouch_coins()
        # the menus never hold a coin twice (see _swap); were it to happen, more coins are left
        # here: the bid keeps its shape and check() explains it
        if len(rest) == 1:  # four coins after Jarnglofi: one in the pouch (X-TH-ART-JARNGLOFI-4)
            return Bid(p, (tav[0], tav[1], tav[2]), (rest[0],))
        return Bid(p, (tav[0], tav[1], tav[2]), (rest[0], rest[1]))

    def _confirm(self, _button: Any) -> None:
        lang = self.controller.lang
        for k, dd in enumerate(self.taverns):
            if dd.value is None:
                self.controller.say(t("ui.bid.missing", lang, tavern=term(f"@tavern.{k}", lang)), "error")
                return
        bid = self.bid()
        if bid is None:
            return
        name = self.controller.state.players[bid.player].name
        if self.controller.apply(bid) is None:
            self.controller.say(t("ui.bid.done", lang, name=name), "ok")


class ActionPanel(w.VBox):
    """One button per legal action for every decision except bids ("Take Warrior 7", "Recruit Kraal"...).

    Tempting illegal options (heroes whose condition is not met, trading coins, columns that
    cannot be discarded) are shown greyed with ``nidlib.check``'s reason as tooltip.
    ``seat=None`` acts for whichever human player must act (hot seat / teacher).
    """

    def __init__(
        self, controller: Controller, seat: Seat = FOLLOW, *, message_bar: bool = True, theme: bool = True
    ) -> None:
        self.controller = controller
        self.seat = controller.seat if isinstance(seat, _Follow) else seat
        self.title = w.HTML()
        self.buttons = w.HBox(layout=w.Layout(flex_flow="row wrap", gap="6px"))
        self.form = w.VBox([self.title, self.buttons])
        self.message, children = _panel(self.form, controller, message_bar=message_bar, theme=theme)
        super().__init__(children)
        self.add_class("nt-root")
        self.add_class("nt-action-panel")
        self.actions: list[Action] = []
        #: (action, button) pairs shown now: the legal ones, then the greyed tempting ones
        self.shown: list[tuple[Action, w.Button]] = []
        # Every position gets new buttons (a click that crosses a redraw lands on a closed button and is
        # ignored), but they share one layout and one style per colour: a button is one widget model,
        # not three, so a position sends a third of the messages (docs/benchmarks.md, "Lesson 9 clicks").
        self._layout = w.Layout(width="auto")
        self._styles: dict[str | None, w.ButtonStyle] = {}
        #: hero cards by (action, refusal): built once, shown again (see _hero_choice)
        self._hero_boxes: dict[tuple[str, str | None], tuple[w.VBox, w.Button]] = {}
        self._hero_state: State | None = None
        self._taken = w.HTML()
        self._taken.add_class("nt-heroes-taken-box")
        #: Freya's first step: (the position, the tavern card chosen to move) (see _freya_steps)
        self._freya: tuple[State | None, str | None] = (None, None)
        controller.on_change(lambda _c: self.refresh())
        self.refresh()

    @property
    def player(self) -> int | None:
        return _acting(self.controller, self.seat, None, {"bids"})

    def refresh(self) -> None:
        p = self.player
        self.layout.display = "none" if p is None else ""
        if p is None:
            self.actions = []
            self.shown = []
            self._drop_buttons()
            return
        c = self.controller
        s = c.state
        d = nidlib.decision(s)
        assert d is not None
        lang = c.lang
        self.title.value = f"<h4>{escape(t('ui.panel.title', lang, name=s.players[p].name, doing=term(f'@decision.{d.kind}', lang)))}</h4>"
        source = d.params.get("source") if d.kind == "transform" else None
        if isinstance(source, str):  # whose +N this is: a Royal Offering, Grid, the King's Hand, Khrad
            what = t(
                "ui.panel.transform",
                lang,
                amount=d.params.get("amount", ""),
                source=t(f"ui.panel.source.{source}", lang),
            )
            self.title.value += f'<p class="nt-muted">{escape(what)}</p>'
        self.title.value += _idavoll_help(s, p, d, lang)
        legal = nidlib.legal_actions(s, p)
        self.actions = legal
        labels: dict[str, Action] = {}  # identical cards (two Warrior 6) give one button
        for a in legal:
            labels.setdefault(r.action_label(a, s, lang=lang), a)
        # a Camp visit instead of a tavern card (X-TH-4): the Camp's cards come last, under a heading;
        # so does Frigg instead of a tavern card (X-ID-GOD-FRIGG-1), and Thor beside a discard
        camp = [a for a in labels.values() if _camp_pick(a)]
        frigg = [a for a in labels.values() if isinstance(a, (Frigg, Thor))]
        ordered = [a for a in labels.values() if not _camp_pick(a) and a not in frigg] + camp + frigg
        steps: list[w.Widget] = []
        if d.kind == "freya":  # up to 75 swaps at 5 players: first the card to move, then its partner
            ordered, steps = self._freya_steps(ordered, s)
        pairs: list[tuple[Action, nidlib.Violation | None]] = [(a, None) for a in ordered]
        pairs += tempting_actions(s, p)
        if not pairs:
            self.title.value += f'<p class="nt-muted">{escape(t("ui.panel.none-legal", lang))}</p>'
        old = self.buttons.children
        if d.kind == "hero":  # issue 13: each hero as a card saying what it does and why it is (not) open
            self._hero_state = s
            choices = [self._hero_choice(a, v) for a, v in pairs]
            self.shown = [(a, b) for (a, _), (_, b) in zip(pairs, choices, strict=True)]
            self._taken.value = r.heroes_taken_html(s, lang=lang)
            self.buttons.children = (*(box for box, _ in choices), self._taken)
            self.buttons.add_class("nt-hero-choices")
        else:
            self.shown = [(a, self._button(a, s, v.text(lang) if v else None)) for a, v in pairs]
            children: list[w.Widget] = [b for _, b in self.shown] + list(steps)
            if frigg and any(isinstance(a, Frigg) for a in frigg) and len(frigg) < len(ordered):
                children.insert(len(ordered) - len(frigg), _group_heading(t("ui.panel.frigg-or", lang)))
            if camp and len(camp) + len(frigg) < len(ordered):
                at = len(ordered) - len(camp) - len(frigg)
                children.insert(at, _group_heading(t("ui.panel.camp-or", lang)))
            self.buttons.children = tuple(children)
            self.buttons.remove_class("nt-hero-choices")
        _close_all(
            tuple(x for x in old if x not in self._kept()), keep=(self._layout, *self._styles.values())
        )

    def _freya_steps(self, ordered: list[Action], s: State) -> tuple[list[Action], list[w.Widget]]:
        """Freya's swap (X-ID-GOD-FREYA-1) in two steps on the page: the pass and
        one button per tavern card that may move; once a card is chosen, the swaps of that card and a way
        back. The two steps are the page's only (nidlib sees one Swap action); ``steps`` are these buttons."""
        lang = self.controller.lang
        swaps = [a for a in ordered if isinstance(a, Swap) and a.cards[0]]
        card = self._freya[1] if self._freya[0] is s else None
        if card is not None:
            chosen: list[Action] = [a for a in swaps if card in a.cards]
            back = self._step(t("ui.action.freya-back", lang), s, None, colour=None)
            return chosen, [back]
        movable = {c for a in swaps for c in a.cards}
        steps: list[w.Widget] = []
        seen: set[str] = set()
        for k, row in enumerate(s.taverns):
            for cid in row:
                label = t(
                    "ui.action.freya-first",
                    lang,
                    card=r.card_name(cid, lang),
                    tavern=term(f"@tavern.{k}", lang),
                )
                if cid in movable and label not in seen:
                    seen.add(label)
                    steps.append(self._step(label, s, cid, colour=r.CLASS_COLOURS["god"]))
        return [a for a in ordered if a not in swaps], steps

    def _step(self, label: str, state: State, card: str | None, *, colour: str | None) -> w.Button:
        """A button that changes what the panel offers (Freya's first step), not the game."""
        if colour not in self._styles:
            self._styles[colour] = (
                w.ButtonStyle(button_color=colour, text_color="white") if colour else w.ButtonStyle()
            )
        b = w.Button(
            description=label,
            tooltip=label,
            layout=self._layout,
            style=self._styles[colour],
            _dom_classes=("nt-action-button", "nt-action-step"),
        )

        def choose(_b: Any) -> None:
            if self.controller.state is state:
                self._freya = (state, card)
                self.refresh()

        b.on_click(safe(self.controller, choose))
        return b

    @property
    def step_buttons(self) -> tuple[w.Button, ...]:
        """The buttons that lead to more choices (Freya's cards to move, "back") shown now."""
        return tuple(
            b for b in self.buttons.children if isinstance(b, w.Button) and "nt-action-step" in b._dom_classes
        )

    def _kept(self) -> set[w.Widget]:
        """The hero cards and the "already recruited" line: drawn once, shown again when needed."""
        return {self._taken, *(box for box, _ in self._hero_boxes.values())}

    def _hero_choice(self, action: Action, violation: nidlib.Violation | None) -> tuple[w.VBox, w.Button]:
        """A hero to recruit drawn as a card: what it does, whether it may be recruited now and, if not,
        why (``nidlib.check``'s reason, in the page and not only in a tooltip), and its button.

        A card is built once per hero and reason and shown again later (a hero decision offers up to 20
        heroes: building them anew at every decision would slow each click); its button acts for the
        hero decision shown (``_hero_state``).
        """
        lang = self.controller.lang
        hero = getattr(action, "hero", "")
        reason = violation.text(lang) if violation is not None else None
        key = (str(action), reason)
        if key not in self._hero_boxes:
            body = w.HTML(r.hero_choice_html(hero, violation, lang=lang))
            button = w.Button(description=r.action_label(action, self.controller.state, lang=lang))
            button.layout.width = "auto"
            button.add_class("nt-action-button")
            colour = _action_colour(action)
            if colour:
                button.style.button_color = colour
                button.style.text_color = "white"
            button.on_click(safe(self.controller, lambda _b, a=action: self._hero_click(a)))
            box = w.VBox([body, button])
            box.add_class("nt-hero-choice")
            box.add_class("nt-hero-available" if violation is None else "nt-hero-unavailable")
            self._hero_boxes[key] = (box, button)
        box, button = self._hero_boxes[key]
        button.disabled = violation is not None
        button.tooltip = reason or button.description
        return box, button

    def _hero_click(self, action: Action) -> None:
        if self._hero_state is not None:
            self._click(action, self._hero_state)

    def _drop_buttons(self) -> None:
        old = self.buttons.children
        self.shown = []
        self.buttons.children = ()
        _close_all(
            tuple(x for x in old if x not in self._kept()), keep=(self._layout, *self._styles.values())
        )

    def _click(self, action: Action, drawn_for: State) -> None:
        """Apply the clicked action, unless the click was meant for a position that is already gone.

        A fast second click (or one that crosses a redraw in the browser) reaches the kernel after
        the state changed; it is ignored instead of being reported as an illegal move.
        """
        if self.controller.state is not drawn_for:
            return
        if self.controller.auto_bots:  # the bots answer in this click (maybe slowly): show it is taken
            for _, b in self.shown:
                b.disabled = True
        # (otherwise the new position's buttons replace these at once: disabling them first would only
        # cost the page two more messages and a frame per click, docs/benchmarks.md "Lesson 9 clicks")
        self.controller.apply(action)
        if self.controller.state is drawn_for:  # refused: nothing changed, buttons back on
            self.refresh()

    def _button(self, action: Action, state: State, reason: str | None) -> w.Button:
        lang = self.controller.lang
        label = r.action_label(action, state, lang=lang)
        colour = _action_colour(action) if reason is None else None
        if colour not in self._styles:
            self._styles[colour] = (
                w.ButtonStyle(button_color=colour, text_color="white") if colour else w.ButtonStyle()
            )
        b = w.Button(
            description=label,
            tooltip=reason or label,
            disabled=reason is not None,
            layout=self._layout,
            style=self._styles[colour],
            _dom_classes=("nt-action-button",),
        )
        b.on_click(safe(self.controller, lambda _b, a=action, st=state: self._click(a, st)))
        return b

    @property
    def choice_buttons(self) -> tuple[w.Button, ...]:
        """The choice buttons shown now, legal ones first (a hero's button sits in its card's box)."""
        return tuple(b for _, b in self.shown)

    def button_for(self, text: str) -> w.Button:
        """The button whose action has this text form (e.g. ``"p0:pick:1W6"``); for tests and lessons."""
        for a, b in self.shown:
            if str(a) == text:
                return b
        raise KeyError(text)


def _group_heading(text: str) -> w.HTML:
    """A heading among the choice buttons ("Or visit the Camp...", "Or use Frigg..."), a line of its own."""
    heading = w.HTML(f'<span class="nt-panel-group">{escape(text)}</span>', layout=w.Layout(flex="1 0 100%"))
    heading.add_class("nt-action-group")
    return heading


def _idavoll_help(s: State, p: int, d: nidlib.Decision, lang: str | None) -> str:
    """What an Idavoll decision is about, above its buttons: the Giant waiting and the dwarf it may capture
    (X-ID-8); the cards Frigg or Skymir drew, which only their owner sees (X-ID-GOD-FRIGG-1,
    X-ID-GIANT-SKYMIR-1); how Hrungnir's hand order works (X-ID-GIANT-HRUNGNIR-3). "" for other decisions."""
    part = s.idavoll
    if part is None:
        return ""
    if d.kind == "capture":
        card = str(d.params.get("card", ""))
        c = CARDS.get(card)
        if c is None or c.cls is None:
            return ""
        giant = next((g for g, cls in GIANT_CLASS.items() if cls == c.cls), "")
        text = t(
            "ui.panel.capture",
            lang,
            giant=CARDS[giant].name,
            cls=term(f"@class.{c.cls}", lang),
            card=r.card_name(card, lang),
        )
        faces = r.card_html(giant, size="sm", lang=lang) + r.card_html(card, size="sm", lang=lang)
        return (
            f'<p class="nt-panel-help">{escape(text)} {r.rule_html("X-ID-8", lang=lang)}</p>'
            f'<div class="nt-cards">{faces}</div>'
        )
    if d.kind in ("freya", "hrungnir"):
        rule = "X-ID-GOD-FREYA-1" if d.kind == "freya" else "X-ID-GIANT-HRUNGNIR-3"
        return f'<p class="nt-panel-help">{escape(t(f"ui.panel.{d.kind}", lang))} {r.rule_html(rule, lang=lang)}</p>'
    if d.kind in ("frigg", "skymir") and part.drawn:
        faces = "".join(r.card_html(cid, size="sm", lang=lang) for cid in part.drawn)
        return f'<p class="nt-panel-help">{escape(t("ui.panel.drawn", lang))}</p><div class="nt-cards">{faces}</div>'
    return ""


def _close_all(ws: tuple[w.Widget, ...], keep: tuple[w.Widget, ...] = ()) -> None:
    """Close widgets that left the page, with their layout and style models (but the shared ones in
    ``keep``), so the kernel forgets them."""
    for x in ws:
        if isinstance(x, w.Box):  # a hero's card box: its card and button too
            _close_all(tuple(x.children), keep)
        for part in (getattr(x, "style", None), getattr(x, "layout", None)):
            if isinstance(part, w.Widget) and not any(part is k for k in keep):
                part.close()
        x.close()


def _camp_pick(action: Action) -> bool:
    """Whether the action is a Camp visit: the pick of a Camp card (X-TH-4)."""
    if not isinstance(action, Pick):
        return False
    c = CARDS.get(action.card)
    return c is not None and c.kind in (CardKind.ARTIFACT, CardKind.MERCENARY)


def _action_colour(action: Action) -> str | None:
    if isinstance(action, (Enlist, PlaceGullinbursti, ChooseOlrun)):  # the class chosen (X-TH-MERC-1,
        return r.CLASS_COLOURS[str(action.column)]  # X-ID-ANIMAL-HREASVELG-1, X-ID-VALK-OLRUN-1)
    if isinstance(action, (Reserve, Swap, Frigg, Odin, Thor)):  # a God's power (X-ID-7)
        return r.CLASS_COLOURS["god"] if str(action).split(":")[-1] != "pass" else None
    if isinstance(action, Capture):
        return r.CLASS_COLOURS["giant"] if action.capture else None
    cid = getattr(action, "card", None) or getattr(action, "hero", None)
    if cid is None:
        return None
    c = CARDS.get(cid)
    if c is None:
        return None
    if c.kind.value == "royal_offering":
        return r.CLASS_COLOURS["offering"]
    if c.kind in (CardKind.ARTIFACT, CardKind.MERCENARY) and c.cls is None:
        return r.CLASS_COLOURS[c.kind.value]
    return (
        r.CLASS_COLOURS.get(str(c.cls), r.CLASS_COLOURS["neutral"]) if c.cls else r.CLASS_COLOURS["neutral"]
    )


#: history entries per pane of the game table's event log (see EventLog; 2 sends a third less of the log
#: per Auto-play or bid, but twice the panes cost the page more than it saved: docs/benchmarks.md)
EVENT_CHUNK: Final = 4


class GameTableView(w.VBox):
    """The whole table for one seat: status, taverns, the seat's panel, every board and army,
    treasury, heroes, event log, message bar, undo, and the score sheet at the end.

    ``seat`` defaults to ``controller.seat`` (``None``: an omniscient teacher / hot-seat table).
    """

    def __init__(self, controller: Controller, seat: Seat = FOLLOW, *, font_size: int = 16) -> None:
        self.controller = controller
        s = controller.seat if isinstance(seat, _Follow) else seat
        self.seat = s
        self.status = StatusLine(controller, seat=s, theme=False)
        self.camp = CampView(controller, seat=s, theme=False)  # Thingvellir: above the taverns (X-TH-2)
        self.mythology = MythologyView(controller, seat=s, theme=False)  # Idavoll: deck and reserve (X-ID-2)
        self.taverns = TavernRow(controller, seat=s, theme=False)
        self.message = MessageBar(controller, theme=False)
        self.message.add_class("nt-message")
        self.bid_panel = BidPanel(controller, s, message_bar=False, theme=False)
        self.action_panel = ActionPanel(controller, s, message_bar=False, theme=False)
        self.undo = UndoButton(controller)
        n = len(controller.state.players)
        order = list(range(n))
        if s is not None:  # the seat's own board first
            order = [s] + [i for i in order if i != s]
        self.boards = [PlayerBoard(controller, i, seat=s, theme=False) for i in order]
        self.armies = [ArmyView(controller, i, seat=s, theme=False) for i in order]
        players = [
            w.VBox([b, a], layout=w.Layout(margin="0 0 8px 0"))
            for b, a in zip(self.boards, self.armies, strict=True)
        ]
        for box in players:
            box.add_class("nt-player")
        self.treasury = TreasuryView(controller, seat=s, theme=False)
        self.heroes = HeroesView(controller, seat=s, theme=False)
        self.event_log = EventLog(controller, seat=s, theme=False, chunk=EVENT_CHUNK)
        self.scores = ScoreSheetView(controller, seat=s, theme=False, only_at_end=True)
        main = w.VBox(
            [self.camp, self.taverns, self.message, self.bid_panel, self.action_panel, self.undo, *players],
            layout=w.Layout(flex="3 1 0%", min_width="34em", gap="8px"),
        )
        side = w.VBox(
            [self.event_log, self.mythology, self.treasury, self.heroes],
            layout=w.Layout(flex="2 1 0%", min_width="22em", gap="8px"),
        )
        body = w.HBox(
            [main, side], layout=w.Layout(flex_flow="row wrap", gap="14px", align_items="flex-start")
        )
        super().__init__([theme_widget(font_size=font_size), self.status, body, self.scores])
        self.add_class("nt-root")
        self.add_class("nt-game-table")
        controller.on_change(lambda _c: self.refresh())
        self.refresh()

    def refresh(self) -> None:
        self.scores.layout.display = "" if self.controller.state.is_over else "none"
