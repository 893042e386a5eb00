"""Lesson 8, the classroom auction demo: sealed bids on one shared screen, revealed tavern by tavern.

For a teacher with a projector: 2 to 5 people bid in turn on the same laptop (each player's coins
are shown only after "I am <name>" is pressed, and the panel closes once the bid is confirmed).
Then each tavern is revealed on the teacher's click, with nidlib's events explaining the order,
the ties and the gem exchanges; players pick with the :class:`widgets.components.ActionPanel`.
Nothing here decides a rule: the game is a :class:`widgets.controller.Controller` over nidlib.
"""

from __future__ import annotations

from html import escape
from typing import Any

import nidlib
from nidlib.core.events import Event
from nidlib.core.messages import render, term
from nidlib.core.state import State
from widgets.controller import Controller
from widgets.lessons.common import lesson_footer, lesson_header, prose_widget
from widgets.lessons.page import live
from widgets.render import army_html, coin_html, gem_html, rule_html, taverns_html

STEM = "08-classroom-auction"
DEFAULT_NAMES = ("Ana", "Bo", "Cy", "Dag", "Eir")
#: Big type for a projector.
FONT_SIZE = 22
#: ipywidgets size their text with these variables: scaled up inside the auction only.
PROJECTOR_CSS = f"""<style>
.nt-classroom {{ --jp-widgets-font-size: {FONT_SIZE}px; --jp-widgets-inline-height: 44px;
  --jp-widgets-inline-label-width: 9em; --nt-font-size: {FONT_SIZE}px; font-size: {FONT_SIZE}px; }}
.nt-classroom .nt-coin {{ width: 2.6em; height: 2.6em; }}
.nt-classroom .jupyter-button {{ padding: 0 1em; }}
.nt-classroom .nt-bid-confirm {{ width: auto !important; min-width: 8em; }}
.nt-classroom .nt-event-log-box {{ max-height: 16em; }}
</style>"""
_REVEAL = "reveal.bids"


def t(key: str, **params: Any) -> str:
    return render(key, params)


def header() -> Any:
    """The theme and the navigation bar (first cell of the notebook)."""
    return lesson_header(STEM, font_size=FONT_SIZE, extra_css=PROJECTOR_CSS)


def footer() -> Any:
    """The navigation bar again, once the page knows its language (last cell)."""
    return lesson_footer(STEM)


def say(section: str) -> Any:
    """One section of this lesson's prose, in the page's language (``locales/<lang>/prose/<STEM>.md``)."""
    return prose_widget(STEM, section)


def round_events(controller: Controller, start: int) -> list[Event]:
    """The public events of the round that begins at history entry ``start``, up to now.

    Entry ``start`` is the position where the round's bidding begins; of its events only those
    from its last "round.start" on belong to this round (the others closed the previous round).
    """
    first = controller.history[start][1]
    starts = [k for k, e in enumerate(first) if e.key == "round.start"]
    events = list(first[starts[-1] :] if starts else first)
    for _state, more, _action in controller.history[start + 1 : controller.index + 1]:
        events.extend(more)
    return [e for e in events if e.visible_to is None]


def bids_html(state: State, revealed: int) -> str:
    """Every player's coins on the three taverns: face down until the teacher reveals that tavern."""
    rows = []
    for p in state.players:
        cells = []
        for k in range(3):
            coin = p.slots[k]
            if coin is None:
                cells.append(f"<td>{coin_html(None)}</td>")
            elif p.revealed[k] and k < revealed:
                cells.append(f"<td>{coin_html(coin)}</td>")
            else:
                cells.append(f"<td>{coin_html(coin, face_up=False)}</td>")
        rows.append(f"<tr><th>{escape(p.name)} {gem_html(p.gem)}</th>{''.join(cells)}</tr>")
    head = "".join(f"<th>{escape(term(f'@tavern.{k}'))}</th>" for k in range(3))
    return (
        f'<table class="nt-score-table nt-class-bids" style="width:auto"><thead><tr><th></th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def armies_html(state: State) -> str:
    """Every player's army, side by side: what each player took this round."""
    parts = "".join(f'<div class="nt-panel">{army_html(p)}</div>' for p in state.players)
    return f'<div class="nt-class-armies" style="display:flex;flex-wrap:wrap;gap:.6em">{parts}</div>'


#: The most players the form offers: one turn row each is built with the page.
MAX_PLAYERS = 5
#: The seat of the shared bid panel while nobody has the laptop: no player, so no coins in it.
NOBODY = -1


def restart(controller: Controller, state: State, events: list[Event]) -> None:
    """Let ``controller`` play a new game from ``state`` (as ``Controller(state, events=events)``),
    keeping its observers: the panels built once with the page stay attached to it."""
    controller.history = [(state, list(events), None)]
    controller.index = 0
    controller.violation = None
    controller.message = None
    controller.message_level = "info"


class ClassroomAuction:
    """Set-up form, then the shared-screen auction (``widget``).

    Every widget is built here, once: a click only changes values (texts, options, what is shown),
    so the browser has no new widget to build. The game runs on one controller for the page
    (:func:`restart` deals a new game on it); one bid panel serves every player in turn and holds
    the coins of the player who has the laptop only, while that player's turn row shows it.
    """

    def __init__(self) -> None:
        import ipywidgets as w

        from widgets.components import ActionPanel, BidPanel

        self.count = w.Dropdown(
            options=[2, 3, 4, 5], value=3, description=t("lesson08.players"), layout=w.Layout(width="14em")
        )
        self.count.add_class("nt-class-count")
        self.names = [
            w.Text(value=n, description=t("lesson08.name", n=k + 1), layout=w.Layout(width="18em"))
            for k, n in enumerate(DEFAULT_NAMES)
        ]
        for k, box in enumerate(self.names):
            box.add_class(f"nt-class-name-{k}")
        self.seed = w.IntText(value=7, description=t("lesson08.seed"), layout=w.Layout(width="12em"))
        self.start_button = w.Button(
            description=t("lesson08.start"),
            button_style="primary",
            icon="play",
            layout=w.Layout(width="auto"),
        )
        self.start_button.add_class("nt-class-start")
        self.setup_message = w.HTML()
        self.count.observe(lambda _c: self._show_names(), names="value")
        self.start_button.on_click(lambda _b: self.start())
        self.setup = w.VBox(
            [self.count, *self.names, self.seed, self.start_button, self.setup_message],
            layout=w.Layout(gap="0.3em"),
        )
        self.setup.add_class("nt-panel")
        self.setup.add_class("nt-class-setup")

        # the game: one controller for the page, dealt anew by start() (until then the form's default deal)
        names = list(DEFAULT_NAMES[: self.count.value])
        table = Controller(nidlib.new_game(len(names), names, seed=int(self.seed.value)), seat=None)
        self._table = table
        #: the game being played, or None while the set-up form is shown
        self.controller: Controller | None = None
        self.revealed = 0  # taverns of this round the teacher has revealed
        self.round_start = 0
        self.taverns = w.HTML()
        self.bids = w.HTML()
        self.bids.add_class("nt-class-board")
        self.turns = []
        self.shows = []
        self.bid_boxes = []
        self.turn_rows = []
        for i in range(MAX_PLAYERS):
            turn = w.HTML()
            turn.add_class(f"nt-class-turn-{i}")
            show = w.Button(
                description=t("lesson08.show", name=DEFAULT_NAMES[i]),
                icon="eye",
                button_style="warning",
                layout=w.Layout(width="auto"),
            )
            show.add_class("nt-class-show")
            show.add_class(f"nt-class-show-{i}")
            show.on_click(lambda _b, i=i: self.open_bid(i))
            box = w.VBox(layout=w.Layout(display="none"))
            box.add_class(f"nt-class-bidbox-{i}")
            self.turns.append(turn)
            self.shows.append(show)
            self.bid_boxes.append(box)
            self.turn_rows.append(w.VBox([turn, show, box], layout=w.Layout(margin="0 0 .4em 0")))
        # one bid panel, shown in the turn row of the player who has the laptop (NOBODY: no coins in it)
        self.bid_panel = BidPanel(table, NOBODY, theme=False)
        #: the bid panel by player, for the player whose coins are shown now (at most one)
        self.bid_panels: dict[int, Any] = {}
        self.hide = w.Button(description=t("lesson08.hide"), icon="eye-slash", layout=w.Layout(width="auto"))
        self.hide.add_class("nt-class-hide")
        self.hide.on_click(lambda _b: self.close_bids())
        self.bidding = w.VBox(self.turn_rows)
        self.bidding.add_class("nt-class-bidding")
        self.reveal = w.Button(button_style="primary", icon="eye", layout=w.Layout(width="auto"))
        self.reveal.add_class("nt-class-reveal")
        self.reveal.on_click(lambda _b: self.reveal_next())
        self.picks = ActionPanel(table, None, theme=False)
        self.picks_box = w.VBox([self.picks])
        self.log = w.HTML()
        self.log.add_class("nt-class-log")
        self.status = w.HTML()
        self.status.add_class("nt-class-status")
        self.replay = w.Button(description=t("lesson08.replay"), icon="undo", layout=w.Layout(width="auto"))
        self.replay.add_class("nt-class-replay")
        self.replay.on_click(lambda _b: self.replay_round())
        self.next_round = w.Button(
            description=t("lesson08.next-round"), icon="forward", layout=w.Layout(width="auto")
        )
        self.next_round.add_class("nt-class-next-round")
        self.next_round.on_click(lambda _b: self.continue_game())
        self.new_game = w.Button(
            description=t("lesson08.new-game"), icon="refresh", layout=w.Layout(width="auto")
        )
        self.new_game.add_class("nt-class-new-game")
        self.new_game.on_click(lambda _b: self.reset())
        self.game = w.VBox(
            [
                self.taverns,
                self.bids,
                self.status,
                self.bidding,
                self.reveal,
                self.log,
                self.picks_box,
                w.HBox([self.replay, self.next_round, self.new_game], layout=w.Layout(gap="0.5em")),
            ],
            layout=w.Layout(display="none"),
        )
        self.widget = w.VBox([self.setup, self.game])
        self.widget.add_class("nt-root")
        self.widget.add_class("nt-classroom")
        table.on_change(lambda _c: self.refresh())
        self._show_names()

    def _show_names(self) -> None:
        for k, box in enumerate(self.names):
            box.layout.display = "" if k < self.count.value else "none"

    # -- the game -----------------------------------------------------------------------------
    def start(self) -> None:
        """Deal a new game with the names of the form and show the bidding turns."""
        names = [box.value.strip() for box in self.names[: self.count.value]]
        if any(not n for n in names) or len(set(names)) != len(names):
            self.setup_message.value = (
                f'<p class="nt-message nt-message-error">{escape(t("lesson08.names-invalid"))}</p>'
            )
            return
        self.setup_message.value = ""
        events: list[Event] = []
        state = nidlib.new_game(len(names), names, seed=int(self.seed.value), events=events)
        self._play(state, events)

    def _play(self, state: State, events: list[Event]) -> None:
        """Show the auction of the game dealt in ``state`` (the widgets are only updated)."""
        self.close_bids(refresh=False)
        c = self._table
        restart(c, state, events)
        self.controller = c
        self.revealed = 0
        self.round_start = 0
        for i, row in enumerate(self.turn_rows):
            if i < len(state.players):
                self.shows[i].description = t("lesson08.show", name=state.players[i].name)
            row.layout.display = "" if i < len(state.players) else "none"
        c.notify()  # every panel and this page redraw for the new game
        self.setup.layout.display = "none"
        self.game.layout.display = ""

    # -- bidding ------------------------------------------------------------------------------
    def open_bid(self, i: int) -> None:
        """Player ``i`` has the laptop: the bid panel shows their coins (they reach the page only now)."""
        for k in range(len(self.bid_boxes)):
            if k != i:
                self.close_bid(k, refresh=False)
        if self.controller is None:
            return
        panel = self.bid_panel
        panel.seat = i
        panel.refresh()
        self.bid_panels[i] = panel
        self.bid_boxes[i].children = (panel, self.hide)
        self.bid_boxes[i].layout.display = ""
        self.refresh()

    def close_bid(self, i: int, *, refresh: bool = True) -> None:
        """Hide player ``i``'s coins again: the panel leaves the page and forgets them."""
        if self.bid_boxes[i].children:
            self.bid_boxes[i].children = ()
        self.bid_boxes[i].layout.display = "none"
        if self.bid_panels.pop(i, None) is not None:
            panel = self.bid_panel
            panel.seat = NOBODY
            panel.refresh()
            for dd in panel.taverns:  # the coins leave the page's widget models too
                dd.options = ()
        if refresh:
            self.refresh()

    def close_bids(self, *, refresh: bool = True) -> None:
        """Hide whichever player's coins are shown ("Hide my coins")."""
        for i in range(len(self.bid_boxes)):
            self.close_bid(i, refresh=False)
        if refresh:
            self.refresh()

    def _phase(self) -> str:
        """ "bids", "reveal" (the teacher must reveal the next tavern), "picks" or "round-over"."""
        c = self.controller
        assert c is not None
        s = c.state
        d = nidlib.decision(s)
        reveals = sum(1 for e in round_events(c, self.round_start) if e.key == _REVEAL)
        if d is not None and d.kind == "bids" and reveals == 0:
            return "bids"
        if self.revealed < reveals:
            return "reveal"
        if d is None or (d.kind == "bids" and reveals > 0) or s.round != self._round:
            return "round-over"
        return "picks"

    @property
    def _round(self) -> int:
        assert self.controller is not None
        return self.controller.history[self.round_start][0].round

    def refresh(self) -> None:
        c = self.controller
        if c is None:
            return
        s = c.state
        phase = self._phase()
        if phase == "round-over":
            # the state already shows the next round's dwarves: show what everyone took instead
            self.taverns.value = armies_html(s)
            self.bids.value = ""
        else:
            self.taverns.value = taverns_html(s)
            self.bids.value = bids_html(s, self.revealed if phase != "bids" else 0)
        for i, p in enumerate(s.players):
            if p.bid_done:
                done = escape(t("lesson08.has-bid", name=p.name))
                self.turns[i].value = f'<p class="nt-class-done" style="font-size:1.2em">✔ {done}</p>'
                self.shows[i].layout.display = "none"
                if self.bid_boxes[i].children:
                    self.close_bid(i, refresh=False)
            else:
                turn = escape(t("lesson08.pass", name=p.name))
                self.turns[i].value = f'<p style="font-size:1.2em">{turn}</p>'
                showing = bool(self.bid_boxes[i].children)
                self.shows[i].layout.display = "none" if showing else ""
        self.bidding.layout.display = "" if phase == "bids" else "none"
        events = round_events(c, self.round_start)
        shown = self._shown_events(events)
        items = "".join(
            f'<li class="nt-event"><span class="nt-event-text">{escape(e.text(cite=False))}</span> '
            f"{rule_html(e.rule)}</li>"
            for e in shown
        )
        # the newest explanation stays in sight: the box scrolls to its end (CSS column-reverse)
        self.log.value = (
            f'<div class="nt-event-log-box"><ol class="nt-events">{items}</ol></div>' if items else ""
        )
        self.reveal.layout.display = "" if phase == "reveal" else "none"
        if phase == "reveal":
            self.reveal.description = t("lesson08.reveal", tavern=f"@tavern.{self.revealed}")
        self.picks_box.layout.display = "" if phase == "picks" else "none"
        self.next_round.layout.display = "" if phase == "round-over" and s.round != self._round else "none"
        if phase == "bids":
            waiting = [p.name for p in s.players if not p.bid_done]
            self.status.value = f'<p class="nt-muted">{escape(t("lesson08.waiting", names=waiting))}</p>'
        elif phase == "reveal":
            self.status.value = f'<p class="nt-muted">{escape(t("lesson08.all-bid"))}</p>'
        elif phase == "round-over":
            self.status.value = f'<p class="nt-message nt-message-ok">{escape(t("lesson08.round-over"))}</p>'
        else:
            self.status.value = ""

    def _shown_events(self, events: list[Event]) -> list[Event]:
        """The round's events up to (not including) the first reveal the teacher has not pressed yet."""
        out: list[Event] = []
        reveals = 0
        for e in events:
            if e.key == _REVEAL:
                reveals += 1
                if reveals > self.revealed:
                    break
            if e.key == "round.start" and out:
                break  # the next round's set-up belongs to the next round
            out.append(e)
        return out

    def reveal_next(self) -> None:
        """The teacher reveals the next tavern's bids: coins turn face up, the order is explained."""
        if self.controller is None or self._phase() != "reveal":
            return  # a second click on a button already hidden: nothing more to reveal yet
        self.revealed += 1
        self.controller.say(None)  # "X has placed the bid" belongs to the bidding: clear it (and redraw)

    # -- replay and reset ------------------------------------------------------------------------
    def replay_round(self) -> None:
        """Back to the start of this round's bidding (same cards, same coins, same gems)."""
        c = self.controller
        assert c is not None
        c.goto(self.round_start)
        c.history = c.history[: self.round_start + 1]
        self.revealed = 0
        self.close_bids(refresh=False)
        c.notify()

    def continue_game(self) -> None:
        """Go on to the next round: new dwarves enter, everyone bids again."""
        c = self.controller
        assert c is not None
        self.round_start = len(c.history) - 1
        self.revealed = 0
        self.refresh()

    def reset(self) -> None:
        """Back to the set-up form (new names, new deal)."""
        self.close_bids(refresh=False)
        self.controller = None
        self.game.layout.display = "none"
        self.setup.layout.display = ""


@live
def auction() -> Any:
    """The classroom auction: set-up form, then the shared-screen game."""
    return ClassroomAuction().widget
