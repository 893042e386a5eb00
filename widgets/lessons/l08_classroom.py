"""Lesson 8, the classroom auction demo: sealed bids, revealed tavern by tavern, for a projector.

For a teacher with a projector. Two ways to bid:

* **shared laptop**: 2 to 5 people bid in turn on the same laptop (each player's coins are shown
  only after "I am <name>" is pressed, and the panel closes once the bid is confirmed);
* **live class** (:mod:`widgets.classroom.live`): the teacher opens a room and shows its code;
  students join from their own devices (this page with ``?room=CODE``), in 2 to 5 teams, and each
  team's bid is sealed in the room (:mod:`widgets.classroom.room`, SQLite); the teacher's page
  polls the room and shows who has bid, never what.

Then each tavern is revealed on the teacher's click, with nidlib's events explaining the order,
the ties and the gem exchanges; the bids table marks them and stays on screen after the round
(:mod:`widgets.classroom.board`), beside the scoreboard and the round's statistics. "Undo the last
reveal" goes back to before it. The layout is wide (two columns: it fits 1366x768), and a
projector mode makes the text large. Nothing here decides a rule: the game is a
:class:`widgets.controller.Controller` over nidlib.
"""

from __future__ import annotations

import functools
import sys
from html import escape
from typing import Any

import nidlib
from nidlib.core.events import Event
from nidlib.core.messages import render
from nidlib.core.state import State
from widgets.classroom import board
from widgets.controller import Controller
from widgets.lessons.page import Page, live
from widgets.render import army_html, rule_html, t

STEM = "08-classroom-auction"
DEFAULT_NAMES = ("Ana", "Bo", "Cy", "Dag", "Eir")
#: the page's base type; the projector mode scales the auction up to PROJECTOR_FONT_SIZE
FONT_SIZE = 16
PROJECTOR_FONT_SIZE = 21
#: ipywidgets size their text with these variables: scaled up inside the auction only.
CLASSROOM_CSS = f"""<style>
.nt-classroom {{ --nt-font-size: 17px; font-size: 17px; }}
.nt-classroom.nt-projector {{ --jp-widgets-font-size: {PROJECTOR_FONT_SIZE}px; --jp-widgets-inline-height: 38px;
  --jp-widgets-inline-label-width: 8em; --nt-font-size: {PROJECTOR_FONT_SIZE}px; font-size: {PROJECTOR_FONT_SIZE}px; }}
.nt-classroom .jupyter-button {{ padding: 0 .8em; }}
.nt-classroom .nt-bid-confirm {{ width: auto !important; min-width: 8em; }}
.nt-classroom .nt-event-log-box {{ max-height: 11em; }}
.nt-classroom.nt-projector .nt-event-log-box {{ max-height: 8.5em; }}
.nt-class-grid {{ display: grid; grid-template-columns: minmax(0, 1.7fr) minmax(0, 1fr); gap: .4em 1em;
  align-items: start; }}
.nt-class-grid > * {{ min-width: 0; }}
/* a phone: the auction's two columns become one (the taverns' bids table needs the whole width) */
@media (max-width: 640px) {{ .nt-class-grid {{ grid-template-columns: minmax(0, 1fr); }} }}
.nt-class-armies {{ font-size: .7em; }}
.nt-class-turn {{ display: flex; align-items: center; gap: .6em; flex-wrap: wrap; }}
.nt-class-turn p {{ margin: 0; font-size: .85em; line-height: 1.3; }}
.nt-class-turn .widget-html, .nt-class-turn .widget-html-content {{ height: auto; line-height: 1.3; }}
.nt-class-bidding .nt-bid-panel h4 {{ margin: .1em 0; }}
.nt-class-status p {{ margin: .1em 0; }}
.nt-class-side {{ display: flex; flex-wrap: wrap; gap: .2em 1.2em; align-items: flex-start; }}
.nt-class-code {{ font-size: 2.4em; font-weight: 800; letter-spacing: .15em; font-family: monospace; }}
.nt-class-roster {{ margin: .2em 0; padding-left: 1.2em; font-size: .8em; line-height: 1.3; }}
.nt-class-room p {{ margin: .2em 0; line-height: 1.3; }}
.nt-class-room .nt-class-code-line {{ line-height: 1.1; }}
.nt-class-room .nt-class-join-url {{ font-size: .75em; overflow-wrap: anywhere; }}
.nt-classroom .nt-panel {{ margin: 0; }}
{board.BOARD_CSS}
</style>"""
#: what the projector mode hides besides making the text large: the lesson's text above the auction
PROJECTOR_PAGE_CSS = '<style>.nt-prose[data-section="intro"] { display: none; }</style>'
_REVEAL = "reveal.bids"


def _follow_address() -> None:
    """Once the page knows its address (the footer): a student's address (``?room=CODE``) turns the
    auction into the students' page."""
    if _pages:
        _pages[-1].follow_address()


page = Page(STEM, font_size=FONT_SIZE, extra_css=CLASSROOM_CSS, on_address=_follow_address)
header, footer, say = page.header, page.footer, page.say


def round_events(controller: Controller, start: int) -> list[Event]:
    """The public events of the round that begins at history entry ``start``, up to now.

    Entry ``start`` is the position where the round's bidding begins; of its events only those
    from its last "round.start" on belong to this round (the others closed the previous round).
    """
    return [e for _s, evs in round_entries(controller, start) for e in evs]


def round_entries(controller: Controller, start: int) -> list[tuple[State, list[Event]]]:
    """The round's history entries from ``start`` up to now: (state, its public events of this round)."""
    out = []
    for k in range(start, controller.index + 1):
        state, events, _action = controller.history[k]
        if k == start:
            starts = [j for j, e in enumerate(events) if e.key == "round.start"]
            events = events[starts[-1] :] if starts else events
        out.append((state, [e for e in events if e.visible_to is None]))
    return out


def armies_html(state: State) -> str:
    """Every player's army, side by side: what each player took this round."""
    parts = "".join(f'<div class="nt-panel">{army_html(p)}</div>' for p in state.players)
    return f'<div class="nt-class-armies" style="display:flex;flex-wrap:wrap;gap:.6em">{parts}</div>'


#: The most players the form offers: one turn row each is built with the page.
MAX_PLAYERS = 5
#: The seat of the shared bid panel while nobody has the laptop: no player, so no coins in it.
NOBODY = -1
#: the auctions built on this page (the last one follows the address: :func:`footer`)
_pages: list[Lesson8Page] = []


def restart(controller: Controller, state: State, events: list[Event]) -> None:
    """Let ``controller`` play a new game from ``state`` (as ``Controller(state, events=events)``),
    keeping its observers: the panels built once with the page stay attached to it."""
    controller.history = [(state, list(events), None)]
    controller.index = 0
    controller.violation = None
    controller.message = None
    controller.message_level = "info"


def _class_available() -> bool:
    """A live class needs a server the whole class shares: not the static site (Pyodide), where the
    room's module (sqlite3) is not even imported."""
    return sys.platform != "emscripten"


class ClassroomAuction:
    """Set-up form, then the auction (``widget``).

    Every widget is built here, once: a click only changes values (texts, options, what is shown),
    so the browser has no new widget to build. The game runs on one controller for the page
    (:func:`restart` deals a new game on it); one bid panel serves every player in turn and holds
    the coins of the player who has the laptop only, while that player's turn row shows it. In a
    live class (:attr:`room`) the bids come from the room instead (:meth:`poll`).
    """

    def __init__(self) -> None:
        import ipywidgets as w

        from widgets.components import ActionPanel, BidPanel

        self.mode = w.ToggleButtons(
            options=[(t("lesson08.mode.laptop"), "laptop"), (t("lesson08.mode.class"), "class")],
            value="laptop",
            style={"button_width": "auto"},
        )
        self.mode.add_class("nt-class-mode")
        self.mode.layout.display = "" if _class_available() else "none"
        self.count = w.Dropdown(
            options=[2, 3, 4, 5], value=3, description=t("lesson08.players"), layout=w.Layout(width="14em")
        )
        self.count.add_class("nt-class-count")
        self.names = [
            w.Text(value=n, description=t("lesson08.name", n=k + 1), layout=w.Layout(width="16em"))
            for k, n in enumerate(DEFAULT_NAMES)
        ]
        for k, field in enumerate(self.names):
            field.add_class(f"nt-class-name-{k}")
        self.seed = w.IntText(value=7, description=t("lesson08.seed"), layout=w.Layout(width="12em"))
        self.start_button = w.Button(
            description=t("lesson08.start"),
            button_style="primary",
            icon="play",
            layout=w.Layout(width="auto"),
        )
        self.start_button.add_class("nt-class-start")
        self.setup_message = w.HTML()
        self.mode_note = w.HTML()
        self.count.observe(lambda _c: self._show_names(), names="value")
        self.mode.observe(lambda _c: self._show_mode(), names="value")
        self.start_button.on_click(lambda _b: self.start())
        names_box = w.Box(self.names, layout=w.Layout(display="flex", flex_flow="row wrap", gap="0.3em 1em"))
        self.setup = w.VBox(
            [
                self.mode,
                self.mode_note,
                self.count,
                names_box,
                self.seed,
                self.start_button,
                self.setup_message,
            ],
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
        #: the live class's room (None: shared laptop)
        self.room: Any = None
        self._task: Any = None
        #: what was last saved in the room (:meth:`_save`)
        self._saved: tuple[object, ...] = ()
        self._seed = int(self.seed.value)
        self.taverns = w.HTML()
        self.bids = w.HTML()
        self.bids.add_class("nt-class-board")
        self.scoreboard = w.HTML()
        self.scoreboard.add_class("nt-class-score")
        self.stats = w.HTML()
        self.stats.add_class("nt-class-stats-box")
        self.room_info = w.HTML()
        self.room_info.add_class("nt-class-room")
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
            show.on_click(functools.partial(self.open_bid, i))
            box = w.VBox(layout=w.Layout(display="none"))
            box.add_class(f"nt-class-bidbox-{i}")
            self.turns.append(turn)
            self.shows.append(show)
            self.bid_boxes.append(box)
            line = w.HBox([turn, show])
            line.add_class("nt-class-turn")
            self.turn_rows.append(w.VBox([line, box], layout=w.Layout(margin="0 0 .1em 0")))
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
        self.undo_reveal = w.Button(
            description=t("lesson08.undo-reveal"), icon="reply", layout=w.Layout(width="auto")
        )
        self.undo_reveal.add_class("nt-class-undo")
        self.undo_reveal.on_click(lambda _b: self.undo_last_reveal())
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
        self.projector = w.ToggleButton(
            value=False, description=t("lesson08.projector"), icon="television", layout=w.Layout(width="auto")
        )
        self.projector.add_class("nt-class-projector")
        self.projector_style = w.HTML(layout=w.Layout(display="none"))
        self.projector.observe(lambda _c: self._show_projector(), names="value")
        toolbar = w.HBox(
            [self.undo_reveal, self.replay, self.next_round, self.new_game, self.projector],
            layout=w.Layout(gap="0.4em", flex_flow="row wrap"),
        )
        toolbar.add_class("nt-class-toolbar")
        left = w.VBox([self.bids, w.HBox([self.scoreboard, self.stats]), self.taverns])
        left.add_class("nt-class-left")
        left.children[-1].add_class("nt-class-side")
        right = w.VBox(
            [self.status, self.room_info, self.bidding, self.reveal, self.picks_box, self.log, toolbar]
        )
        right.add_class("nt-class-right")
        self.game = w.Box([left, right], layout=w.Layout(display="none"))
        self.game.add_class("nt-class-grid")
        self.widget = w.VBox([self.projector_style, self.setup, self.game])
        self.widget.add_class("nt-root")
        self.widget.add_class("nt-classroom")
        table.on_change(lambda _c: self.refresh())
        self._show_names()
        self._show_mode()

    def _show_names(self) -> None:
        for k, box in enumerate(self.names):
            box.layout.display = "" if k < self.count.value else "none"

    def _show_mode(self) -> None:
        live_class = self.mode.value == "class"
        self.start_button.description = t("lesson08.live.open" if live_class else "lesson08.start")
        self.mode_note.value = (
            f'<p class="nt-muted">{escape(t("lesson08.live.note"))}</p>' if live_class else ""
        )

    def _show_projector(self) -> None:
        on = bool(self.projector.value)
        if on:
            self.widget.add_class("nt-projector")
        else:
            self.widget.remove_class("nt-projector")
        self.projector_style.value = PROJECTOR_PAGE_CSS if on else ""

    # -- the game -----------------------------------------------------------------------------
    def _form_names(self) -> list[str] | None:
        names = [" ".join(box.value.split()) for box in self.names[: self.count.value]]
        if any(not n for n in names) or len({n.casefold() for n in names}) != len(names):
            self.setup_message.value = (
                f'<p class="nt-message nt-message-error">{escape(t("lesson08.names-invalid"))}</p>'
            )
            return None
        self.setup_message.value = ""
        return names

    def start(self) -> None:
        """Deal a new game with the names of the form (in a live class: open a room first)."""
        names = self._form_names()
        if names is None:
            return
        self._seed = int(self.seed.value)
        self.room = None
        if self.mode.value == "class":
            from widgets.classroom.live import TeacherRoom
            from widgets.classroom.room import RoomError

            try:
                self.room = TeacherRoom.open(names)
            except RoomError as e:  # the class's database is not reachable (lesson08.db.*)
                self.setup_message.value = (
                    f'<p class="nt-message nt-message-error">{escape(render(e.key, e.params))}</p>'
                )
                return
        events: list[Event] = []
        state = nidlib.new_game(len(names), names, seed=self._seed, events=events)
        self._play(state, events)

    def _play(self, state: State, events: list[Event]) -> None:
        """Show the auction of the game dealt in ``state`` (the widgets are only updated)."""
        self.close_bids(refresh=False)
        c = self._table
        restart(c, state, events)
        self.controller = c
        self.revealed = 0
        self.round_start = 0
        self._show_players(state)
        if self.room is not None:
            self.room.open_ballot(state)
            self._start_polling()
        c.notify()  # every panel and this page redraw for the new game
        self.setup.layout.display = "none"
        self.game.layout.display = ""

    def _show_players(self, state: State) -> None:
        for i, row in enumerate(self.turn_rows):
            if i < len(state.players):
                self.shows[i].description = t("lesson08.show", name=state.players[i].name)
            row.layout.display = "" if i < len(state.players) else "none"

    # -- bidding ------------------------------------------------------------------------------
    def open_bid(self, i: int, _button: object = None) -> None:
        """Player ``i`` has the laptop: the bid panel shows their coins (they reach the page only now)."""
        for k in range(len(self.bid_boxes)):
            if k != i:
                self.close_bid(k, refresh=False)
        if self.controller is None or self.room is not None:
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
        entries = round_entries(c, self.round_start)
        shown_entries = self._shown_entries(entries)
        results = board.tavern_results(shown_entries, self.revealed)
        # the state whose tavern spaces hold this round's sealed coins (the last bid's), if any
        sealed = next((st for st, evs in entries if any(e.key == _REVEAL for e in evs)), None)
        if sealed is None and phase == "bids":
            sealed = s
        # at the end of the round the state already holds the next round's dwarves: the board shows
        # the round's own (the state of its last reveal), and the armies what everyone took
        over = phase == "round-over"
        self.taverns.value = armies_html(s) if over else ""
        self.taverns.layout.display = "" if over else "none"
        self.bids.value = board.bids_table_html(
            s, results, sealed=sealed, taverns=[[], [], []] if over else None
        )
        self.scoreboard.value = board.scoreboard_html(s)
        self.stats.value = board.stats_html(results)
        self._show_turns(s)
        self.bidding.layout.display = "" if phase == "bids" else "none"
        shown = [e for _st, evs in shown_entries for e in evs]
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
        self.undo_reveal.layout.display = "" if self.revealed > 0 else "none"
        if phase == "bids":
            waiting = [p.name for p in s.players if not p.bid_done]
            self.status.value = f'<p class="nt-muted">{escape(t("lesson08.waiting", names=waiting))}</p>'
        elif phase == "reveal":
            self.status.value = f'<p class="nt-muted">{escape(t("lesson08.all-bid"))}</p>'
        elif phase == "round-over":
            self.status.value = f'<p class="nt-message nt-message-ok">{escape(t("lesson08.round-over"))}</p>'
        else:
            self.status.value = ""
        self._show_room(phase)
        self._save(force=False)  # a pick, too, is kept in the room at once

    def _show_turns(self, s: State) -> None:
        bidders = self.room.bidders() if self.room is not None else {}
        for i, p in enumerate(s.players):
            if p.bid_done:
                who = bidders.get(i)
                text = (
                    t("lesson08.live.has-bid", name=p.name, student=who)
                    if who
                    else t("lesson08.has-bid", name=p.name)
                )
                self.turns[i].value = f'<p class="nt-class-done" style="margin:.1em 0">✔ {escape(text)}</p>'
                self.shows[i].layout.display = "none"
                if self.bid_boxes[i].children:
                    self.close_bid(i, refresh=False)
            else:
                key = "lesson08.live.waiting-for" if self.room is not None else "lesson08.pass"
                self.turns[i].value = f'<p style="margin:.1em 0">{escape(t(key, name=p.name))}</p>'
                showing = bool(self.bid_boxes[i].children)
                self.shows[i].layout.display = "none" if showing or self.room is not None else ""

    def _shown_entries(self, entries: list[tuple[State, list[Event]]]) -> list[tuple[State, list[Event]]]:
        """The round's entries with their events up to (not including) the first reveal the teacher
        has not pressed yet (and not into the next round)."""
        out: list[tuple[State, list[Event]]] = []
        reveals = 0
        first = True
        for state, events in entries:
            kept: list[Event] = []
            for e in events:
                if e.key == _REVEAL:
                    reveals += 1
                    if reveals > self.revealed:
                        out.append((state, kept))
                        return out
                if e.key == "round.start" and not first:
                    out.append((state, kept))
                    return out  # the next round's set-up belongs to the next round
                first = False
                kept.append(e)
            out.append((state, kept))
        return out

    def _shown_events(self, events: list[Event]) -> list[Event]:
        """The round's events up to (not including) the first reveal the teacher has not pressed yet."""
        assert self.controller is not None
        return [
            e
            for _s, evs in self._shown_entries(round_entries(self.controller, self.round_start))
            for e in evs
        ]

    def reveal_next(self) -> None:
        """The teacher reveals the next tavern's bids: coins turn face up, the order is explained."""
        if self.controller is None or self._phase() != "reveal":
            return  # a second click on a button already hidden: nothing more to reveal yet
        self.revealed += 1
        self.controller.say(None)  # "X has placed the bid" belongs to the bidding: clear it (and redraw)
        self._save()

    def undo_last_reveal(self) -> None:
        """Back to just before the last reveal: its tavern's coins face down again, its picks undone."""
        c = self.controller
        if c is None or self.revealed == 0:
            return
        reveals = 0
        for offset, (_state, events) in enumerate(round_entries(c, self.round_start)):
            reveals += sum(1 for e in events if e.key == _REVEAL)
            if reveals >= self.revealed:
                k = self.round_start + offset
                c.goto(k)
                c.history = c.history[: k + 1]
                break
        self.revealed -= 1
        c.say(None)
        self._save()

    # -- replay and reset ------------------------------------------------------------------------
    def replay_round(self) -> None:
        """Back to the start of this round's bidding (same cards, same coins, same gems)."""
        c = self.controller
        assert c is not None
        c.goto(self.round_start)
        c.history = c.history[: self.round_start + 1]
        self.revealed = 0
        self.close_bids(refresh=False)
        if self.room is not None:
            self.room.open_ballot(c.state)
        c.notify()
        self._save()

    def continue_game(self) -> None:
        """Go on to the next round: new dwarves enter, everyone bids again."""
        c = self.controller
        assert c is not None
        self.round_start = len(c.history) - 1
        self.revealed = 0
        if self.room is not None:
            self.room.open_ballot(c.state)
        self.refresh()
        self._save()

    def reset(self) -> None:
        """Back to the set-up form (new names, new deal)."""
        self.close_bids(refresh=False)
        self.controller = None
        self.room = None
        self.room_info.value = ""
        self.game.layout.display = "none"
        self.setup.layout.display = ""

    # -- a live class ------------------------------------------------------------------------------
    def _start_polling(self) -> None:
        from widgets.classroom.live import repeat

        if self._task is None:
            self._task = repeat(self.poll)

    def poll(self) -> None:
        """Look at the room: play the bids that came in (through nidlib), show who has joined."""
        c, room = self.controller, self.room
        if c is None or room is None:
            return
        played = False
        if self._phase() == "bids":
            for text in room.new_bids(c.state):
                if c.apply(text) is None:
                    played = True
        if played:
            self._save()
        else:
            self._show_room(self._phase())

    def _show_room(self, phase: str) -> None:
        room = self.room
        if room is None or self.controller is None:
            if self.room_info.value:
                self.room_info.value = ""
            return
        from widgets.classroom.live import join_address

        seats = [p.name for p in self.controller.state.players]
        link = join_address(room.code)
        teacher = f"?room={room.code}&teacher={room.key}"
        value = (
            f'<div class="nt-panel"><p class="nt-class-code-line">{escape(t("lesson08.live.code-label"))} '
            f'<span class="nt-class-code">{escape(room.code)}</span></p>'
            f'<p class="nt-class-join-url">{escape(t("lesson08.live.join-at"))} '
            f'<a href="{escape(link)}" target="_blank">{escape(link)}</a></p>'
            f"{room.roster_html(seats) if phase == 'bids' else ''}"
            f'<p class="nt-muted" style="font-size:.8em">{escape(t("lesson08.live.teacher-link"))} '
            f'<a href="{escape(teacher)}">{escape(t("lesson08.live.teacher-link-text"))}</a></p></div>'
        )
        if self.room_info.value != value:
            self.room_info.value = value

    def _saved_key(self) -> tuple[object, ...]:
        c = self.controller
        assert c is not None
        return (len(c.actions), c.index, self.revealed, self.round_start)

    def _save(self, *, force: bool = False) -> None:
        """Keep the game in the room (a reload or a restarted kernel finds it there), and tell the
        students' pages what is public: the phase and the taverns revealed so far, with their picks
        (:func:`widgets.classroom.live.public_status`, rendered on each page in its own language).
        Without ``force`` only when something changed since the last save (every pick is saved)."""
        c, room = self.controller, self.room
        if c is None or room is None:
            return
        key = self._saved_key()
        if not force and key == self._saved:
            return
        self._saved = key
        room.save(
            {
                "seed": self._seed,
                "names": [p.name for p in c.history[0][0].players],
                "actions": [str(a) for a in c.actions],
                "revealed": self.revealed,
                "round_start": self.round_start,
            }
        )
        from widgets.classroom.live import public_status

        phase = self._phase()
        results = board.tavern_results(self._shown_entries(round_entries(c, self.round_start)), self.revealed)
        room.rooms.set_status(
            room.code, room.key, public_status(phase, self.revealed, results, c.state.players)
        )

    def resume(self, code: str, key: str) -> bool:
        """Open room ``code`` again as its teacher (``key``): the game is played again from the room."""
        from widgets.classroom.live import TeacherRoom
        from widgets.classroom.room import RoomError

        try:
            room = TeacherRoom.resume(code, key)
        except RoomError as e:
            self.setup_message.value = (
                f'<p class="nt-message nt-message-error">{escape(render(e.key, e.params))}</p>'
            )
            return False
        self.room = room
        self.mode.value = "class"
        saved = room.load() or {}
        names = saved.get("names") or room.rooms.seats(room.code)
        self._seed = int(saved.get("seed", self.seed.value))
        events: list[Event] = []
        state = nidlib.new_game(len(names), names, seed=self._seed, events=events)
        self.close_bids(refresh=False)
        c = self._table
        restart(c, state, events)
        for text in saved.get("actions", []):
            new, evs = nidlib.apply(c.state, nidlib.parse(text))
            c.history.append((new, evs, nidlib.parse(text)))
            c.index = len(c.history) - 1
        self.controller = c
        self.round_start = int(saved.get("round_start", 0))
        self.revealed = int(saved.get("revealed", 0))
        self._show_players(state)
        self._start_polling()
        c.notify()
        self.setup.layout.display = "none"
        self.game.layout.display = ""
        return True


class Lesson8Page:
    """The auction cell: the teacher's auction, or the students' page when the address is a
    student's (``?room=CODE``, ``?join``; see :func:`widgets.classroom.live.address`)."""

    def __init__(self) -> None:
        import ipywidgets as w

        self.auction = ClassroomAuction()
        self.student: Any = None
        self.widget = w.VBox([self.auction.widget])
        self._followed: dict[str, str] | None = None
        _pages[:] = [self]
        self.follow_address()

    def follow_address(self, params: dict[str, str] | None = None) -> None:
        """Become what the address asks for (once; nothing while the page is built ahead of its request)."""
        if not _class_available():
            return
        from widgets.classroom.live import StudentPage, address

        params = address() if params is None else params
        if not params or params == self._followed:
            return
        self._followed = params
        code = params.get("room", "")
        if params.get("teacher"):
            self.auction.resume(code, params["teacher"])
        elif "room" in params or "join" in params or "me" in params:
            self.student = StudentPage(code, params.get("me", ""))
            self.widget.children = (self.student.widget,)


@live
def auction() -> Any:
    """The classroom auction: set-up form, then the game (or the students' page, by the address)."""
    return Lesson8Page().widget
