"""Play a whole game against bots: set-up form, game table, step-by-step bots, hints, history, save/load.

``GameApp()`` is the page of ``tutorials/09-play-a-game.ipynb``::

    from widgets.game import GameApp
    app = GameApp()            # the set-up form; Start shows the table
    app.start()                # (what the Start button does)

The table is :class:`widgets.GameTableView` over a :class:`widgets.Controller` whose bots do
*not* act on their own (``auto_bots=False``) unless the "bots play at once" box is ticked:
"Next" plays one bot action and shows its events, "Auto-play until my turn" plays them all.
The human seat sees only ``nidlib.view_for(state, seat)``; with several humans (hot seat)
the table follows the human who must act. The history slider goes back to any earlier
position; playing from there starts a new branch (old states stay valid: they are values).

A saved game is JSON: ``{"schema": "nidavellir-tutor/game", "options": ..., "seats": [...],
"actions": ["p0:bid:...", ...], "index": k, "state": <nidlib state document>}``; loading it
replays the actions through ``nidlib.apply`` so every step is checked again.

Browser-test hooks: ``nt-game-start``, ``nt-game-next``, ``nt-game-auto``, ``nt-game-hint``,
``nt-game-hint-text``, ``nt-game-history``, ``nt-game-back``, ``nt-game-forward``, ``nt-game-save``,
``nt-game-load``, ``nt-game-json``, ``nt-game-error``, ``nt-game-turn``, ``nt-game-setup``,
``nt-game-new``, ``nt-game-seed``, ``nt-game-keys`` (the keyboard shortcuts' help), ``nt-game-thingvellir`` and
``nt-game-idavoll`` (the expansions' boxes on the set-up form), plus the table's own (``nt-bid-confirm``, ``nt-action-button``...).
"""

from __future__ import annotations

import base64
import json
import re
import threading
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from html import escape
from typing import Any

import ipywidgets as w

import nidlib
from nidlib.core.actions import Action, FriggKeep
from nidlib.core.cards import EXPANSIONS
from nidlib.core.errors import DocumentError, IllegalActionError, InvalidActionError, NidError
from nidlib.core.events import Event
from nidlib.core.messages import clip, render
from nidlib.core.serialize import load_json, state_to_dict
from nidlib.core.state import State
from nidlib.rules.load import state_from_dict
from nidlib.tools.bots import make_bot
from nidlib.tools.play import bot_seed
from widgets import render as r
from widgets.controller import Controller
from widgets.guard import log_failure
from widgets.lessons.page import Page, live
from widgets.render import each_in, t
from widgets.theme import theme_widget

__all__ = ["GAME_SCHEMA", "LEVELS", "GameApp", "game_document", "load_game", "replay"]

GAME_SCHEMA = "nidavellir-tutor/game"
LEVELS = ("random", "greedy", "strong")
HUMAN = "human"
DEFAULT_NAMES = ("Ana", "Bo", "Cy", "Di", "Ed")
#: a hint worked out ahead starts this long after the position is shown (the page updates first)
HINT_AHEAD_DELAY_S = 0.15


# --- documents (pure functions: no widgets) ----------------------------------------------------


def game_document(c: Controller, seats: Sequence[str]) -> dict[str, Any]:
    """The saved game: options, who plays each seat, the whole action log, the shown position."""
    start = c.history[0][0]
    return {
        "schema": GAME_SCHEMA,
        "version": 1,
        "options": start.options.to_dict(),
        "seats": list(seats),
        "start": None if _is_new_game(start) else state_to_dict(start),
        "actions": [str(a) for _, _, a in c.history[1:] if a is not None],
        "index": c.index,
        "state": state_to_dict(c.state),
    }


def _is_new_game(s: State) -> bool:
    o = s.options
    fresh = nidlib.new_game(
        o.players,
        list(o.names),
        seed=o.seed,
        first_game=o.first_game,
        warrior_bonus_without_warriors=o.warrior_bonus_without_warriors,
        pioneer_draw_public=o.pioneer_draw_public,
        expansions=o.expansions,
    )
    return fresh == s


def replay(
    start: State, actions: Sequence[str], setup: Sequence[Event] = (), lang: str | None = None
) -> list[tuple[State, list[Event], Action | None]]:
    """History entries from ``start`` through every action (each checked by ``nidlib.apply``).

    :raises DocumentError: naming ``actions[k]`` when an action cannot be read or is illegal there;
        its sentence (in ``lang``) names the move by its number, not by its text form ("p1:pick:W3").
    """
    history: list[tuple[State, list[Event], Action | None]] = [(start, list(setup), None)]
    s = start
    for k, text in enumerate(actions):
        if not isinstance(text, str):
            raise DocumentError(f"actions[{k}]", t("game.error.move-form", lang, n=k + 1))
        try:
            a = nidlib.parse(text)
            s, events = nidlib.apply(s, a)
        except IllegalActionError as e:
            reason = e.violation.text(lang)
            raise DocumentError(f"actions[{k}]", t("game.error.move", lang, n=k + 1, reason=reason)) from None
        except InvalidActionError:
            raise DocumentError(f"actions[{k}]", t("game.error.move-form", lang, n=k + 1)) from None
        history.append((s, events, a))
    return history


def load_game(
    text: str, lang: str | None = None
) -> tuple[list[tuple[State, list[Event], Action | None]], list[str], int]:
    """Parse a saved game (or a bare state document): (history, seats, index to show).

    :raises DocumentError: with the field path of the first problem.
    """
    doc = load_json(text, "saved game")  # size, depth, number length and duplicate keys checked
    if not isinstance(doc, dict):
        raise DocumentError("", "expected a JSON object")
    if doc.get("schema") != GAME_SCHEMA:
        s = state_from_dict(doc)  # a bare state: play on from it
        return [(s, [], None)], [HUMAN] * len(s.players), 0
    opts = doc.get("options")
    if not isinstance(opts, dict):
        raise DocumentError("options", "missing: the players, names and seed of the game")
    setup: list[Event] = []
    if doc.get("start") is not None:
        start = state_from_dict(doc["start"])
    else:
        try:
            start = nidlib.new_game(
                int(opts["players"]),
                [str(n) for n in opts["names"]],
                seed=int(opts.get("seed", 0)),
                first_game=bool(opts.get("first_game", False)),
                warrior_bonus_without_warriors=bool(opts.get("warrior_bonus_without_warriors", False)),
                pioneer_draw_public=bool(opts.get("pioneer_draw_public", False)),
                expansions=_expansions(opts.get("expansions", [])),
                events=setup,
            )
        except KeyError as e:
            raise DocumentError(f"options.{e.args[0]}", "missing") from None
        except (TypeError, ValueError) as e:
            raise DocumentError("options", clip(str(e))) from None
        start = state_from_dict(state_to_dict(start))  # the names, as any loaded state's
    actions = doc.get("actions", [])
    if not isinstance(actions, list):
        raise DocumentError("actions", "expected a list of actions in text form")
    history = replay(start, actions, setup, lang)
    seats = doc.get("seats") or [HUMAN] * len(start.players)
    if not isinstance(seats, list) or len(seats) != len(start.players):
        raise DocumentError("seats", f"expected one entry per player ({len(start.players)})")
    for k, seat in enumerate(seats):
        if seat != HUMAN and seat not in LEVELS:
            raise DocumentError(f"seats[{k}]", f"{seat!r}: use 'human' or a bot level ({', '.join(LEVELS)})")
    index = doc.get("index", len(history) - 1)
    if not isinstance(index, int) or not 0 <= index < len(history):
        index = len(history) - 1
    return history, [str(x) for x in seats], index


def _expansions(value: Any) -> tuple[str, ...]:
    """The saved game's ``options.expansions`` (``["thingvellir"]``); new_game checks the names."""
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise DocumentError("options.expansions", 'expected a list of expansion names, e.g. ["thingvellir"]')
    return tuple(value)


# --- the page -----------------------------------------------------------------------------------


class SeatRow(w.HBox):
    """Name and player kind (human or a bot level) of one seat."""

    def __init__(self, k: int, lang: str | None) -> None:
        self.name = w.Text(
            value=DEFAULT_NAMES[k],
            description=t("game.setup.name", lang, n=k + 1),
            style={"description_width": "7em"},
            layout=w.Layout(width="16em"),
        )
        options = [(t("game.setup.human", lang), HUMAN)] + [
            (t(f"game.level.{lv}", lang), lv) for lv in LEVELS
        ]
        self.kind = w.Dropdown(
            options=options,
            value=HUMAN if k == 0 else "greedy",
            description=t("game.setup.kind", lang),  # the menu's name for a screen reader, too
            style={"description_width": "5.5em"},
            layout=w.Layout(width="21.5em"),
        )
        self.kind.add_class(f"nt-game-seat{k}")
        super().__init__([self.name, self.kind], layout=w.Layout(gap="8px"))


def _expansion_box(name: str, lang: str | None) -> w.Checkbox:
    """The set-up form's box that plays with expansion ``name`` (``ui.game.<name>``, CSS ``nt-game-<name>``)."""
    box = w.Checkbox(
        value=False,
        description=t(f"ui.game.{name}", lang),
        indent=False,
        layout=w.Layout(width="auto", max_width="100%"),
    )
    box.add_class(f"nt-game-{name}")
    return box


class GameApp(w.VBox):
    """Set-up form, then the table with bot stepping, hints, history, save and load."""

    def __init__(self, lang: str | None = None) -> None:
        self.lang = lang
        self.controller: Controller | None = None
        self.seats: list[str] = []
        self.tables: dict[int | None, w.Widget] = {}
        self._syncing = False
        self.hint_action: Action | None = None
        #: hints by history index: (the position, its (action, why) being worked out or done)
        self._hints: dict[int, tuple[State, Future[tuple[Action, str]], threading.Event]] = {}
        self._hint_worker: ThreadPoolExecutor | None = None
        self._hints_wanted = False  # after the first Hint of a game, the next ones are prepared ahead
        self._hint_state: State | None = None  # the position the hint shown is about

        # set-up form
        self.players = w.Dropdown(
            options=[2, 3, 4, 5],
            value=2,
            description=t("game.setup.players", lang),
            style={"description_width": "7em"},
            layout=w.Layout(width="16em"),
        )
        self.players.add_class("nt-game-players")
        self.seat_rows = [SeatRow(k, lang) for k in range(5)]
        self.seed = w.IntText(
            value=7,
            description=t("game.setup.seed", lang),
            style={"description_width": "7em"},
            layout=w.Layout(width="16em"),
        )
        self.seed.add_class("nt-game-seed")
        self.first_game = w.Checkbox(value=True, description=t("game.setup.first-game", lang), indent=False)
        #: Thingvellir (RULES.md A.1): the Camp, artifacts, mercenaries and six more heroes
        self.thingvellir = _expansion_box("thingvellir", lang)
        #: Idavoll (RULES.md A.2): Mythology cards in the Dancing Dragon in Age I rounds 1-3; both boxes: A.3
        self.idavoll = _expansion_box("idavoll", lang)
        self.start_button = w.Button(
            description=t("game.setup.start", lang), button_style="primary", icon="play"
        )
        self.start_button.add_class("nt-game-start")
        self.start_button.on_click(lambda _b: self._guard(self.start))
        self.players.observe(lambda _c: self._show_seats(), names=["value"])
        intro = w.HTML(
            f"<h4>{escape(t('game.setup.title', lang))}</h4><p>{escape(t('game.setup.intro', lang))}</p>"
        )
        self.setup = w.VBox(
            [
                intro,
                self.players,
                *self.seat_rows,
                self.seed,
                self.first_game,
                self.thingvellir,
                self.idavoll,
                self.start_button,
            ]
        )
        self.setup.add_class("nt-panel")
        self.setup.add_class("nt-game-setup")
        self._show_seats()

        # controls shown with the table
        self.turn = w.HTML()
        self.turn.add_class("nt-game-turn")
        self.next_button = w.Button(
            description=t("game.next", lang), icon="step-forward", button_style="info"
        )
        self.next_button.add_class("nt-game-next")
        self.next_button.on_click(lambda _b: self._guard(self.next))
        self.auto_button = w.Button(
            description=t("game.auto", lang),
            icon="fast-forward",
            button_style="info",
            layout=w.Layout(width="auto"),
        )
        self.auto_button.add_class("nt-game-auto")
        self.auto_button.on_click(lambda _b: self._guard(self.auto))
        self.instant = w.Checkbox(value=False, description=t("game.instant", lang), indent=False)
        self.instant.observe(lambda _c: self._guard(self._instant_changed), names=["value"])
        self.hint_button = w.Button(
            description=t("game.hint", lang),
            icon="lightbulb-o",
            layout=w.Layout(width="auto", flex="0 0 auto"),
        )
        self.hint_button.add_class("nt-game-hint")
        self.hint_button.on_click(lambda _b: self._guard(self.hint))
        self.hint_text = w.HTML(layout=w.Layout(flex="1 1 20em"))  # a long hint wraps below the button
        self.hint_text.add_class("nt-game-hint-text")
        self.history = w.IntSlider(
            min=0,
            max=0,
            value=0,
            description=t("game.history", lang),
            continuous_update=False,
            layout=w.Layout(width="100%"),
        )
        self.history.add_class("nt-game-history")
        self.history.observe(lambda ch: self._guard(self._history_moved, ch), names=["value"])
        self.back_button = w.Button(
            icon="chevron-left", tooltip=t("game.back", lang), layout=w.Layout(width="3em")
        )
        self.back_button.add_class("nt-game-back")
        self.back_button.on_click(lambda _b: self._guard(self.step, -1))
        self.forward_button = w.Button(
            icon="chevron-right", tooltip=t("game.forward", lang), layout=w.Layout(width="3em")
        )
        self.forward_button.add_class("nt-game-forward")
        self.forward_button.on_click(lambda _b: self._guard(self.step, 1))
        self.position = w.HTML()
        self.position.add_class("nt-game-position")
        self.save_button = w.Button(description=t("game.save", lang), icon="download")
        self.save_button.add_class("nt-game-save")
        self.save_button.on_click(lambda _b: self._guard(self.save))
        self.download = w.HTML()
        self.new_button = w.Button(description=t("game.new", lang), icon="refresh")
        self.new_button.add_class("nt-game-new")
        self.new_button.on_click(lambda _b: self._guard(self.new_game))
        self.keys_help = w.HTML(self._keys_html())
        self.keys_help.add_class("nt-game-keys")
        self.controls = w.VBox(
            [
                self.turn,
                w.HBox(
                    [self.next_button, self.auto_button, self.instant],
                    layout=w.Layout(gap="8px", flex_flow="row wrap"),
                ),
                w.HBox(
                    [self.hint_button, self.hint_text],
                    layout=w.Layout(gap="8px", align_items="center", flex_flow="row wrap"),
                ),
                w.HBox(
                    [self.back_button, self.history, self.forward_button],
                    layout=w.Layout(gap="4px", align_items="center"),
                ),
                self.position,
                self.keys_help,
            ]
        )
        self.controls.add_class("nt-panel")
        self.controls.add_class("nt-game-controls")
        self.table_box = w.VBox()

        # save / load
        self.json_area = w.Textarea(
            placeholder=t("game.json.placeholder", lang), layout=w.Layout(width="100%", height="8em")
        )
        self.json_area.add_class("nt-game-json")
        self.load_button = w.Button(description=t("game.load", lang), icon="upload")
        self.load_button.add_class("nt-game-load")
        self.load_button.on_click(lambda _b: self._guard(self.load_text))
        self.upload = w.FileUpload(
            accept=".json", multiple=False, description="", tooltip=t("game.upload", lang), icon="upload"
        )
        # its label is the tooltip: the page script writes it into the button instead of ipywidgets'
        # file count (share/jupyter/voila/templates/tutor/static/nt-a11y.js; issue 13)
        self.upload.add_class("nt-game-upload")
        self.upload.observe(lambda _c: self._guard(self._uploaded), names=["value"])
        self.files = w.VBox(
            [
                w.HTML(
                    f"<h4>{escape(t('game.files.title', lang))}</h4><p>{escape(t('game.files.intro', lang))}</p>"
                ),
                w.HBox(
                    [self.save_button, self.download, self.new_button],
                    layout=w.Layout(gap="8px", align_items="center"),
                ),
                self.json_area,
                w.HBox([self.load_button, self.upload], layout=w.Layout(gap="8px")),
            ]
        )
        self.files.add_class("nt-panel")
        self.files.add_class("nt-game-files")
        self.error = w.HTML()
        self.error.add_class("nt-game-error")
        self.final_sheet = w.HTML()
        self.final_sheet.add_class("nt-game-final")
        self.play_area = w.VBox([self.controls, self.final_sheet, self.table_box])
        self.play_area.layout.display = "none"
        super().__init__(
            [theme_widget(), self.error, self.setup, self.play_area, self.files], layout=w.Layout(gap="10px")
        )
        self.add_class("nt-root")
        self.add_class("nt-game")
        self.save_button.disabled = self.new_button.disabled = True

    # -- helpers -----------------------------------------------------------------------------------
    def _guard(self, fn: Any, *args: Any) -> None:
        """Run a callback; any problem becomes a sentence on the page (never a traceback)."""
        try:
            self.say(None)
            fn(*args)
        except DocumentError as e:
            # a move of a saved game is named by its number in the sentence itself, not by its path
            shown = e.path and not re.fullmatch(r"actions\[[0-9]+\]", e.path)
            where = t("game.error.where", self.lang, path=e.path) if shown else ""
            self.say(t("game.error.document", self.lang, where=where, problem=e.problem))
        except (NidError, ValueError) as e:
            self.say(t("game.error.problem", self.lang, error=str(e)))
        except Exception as e:  # noqa: BLE001 - shown as a sentence
            log_failure(e)  # the details to the server's log (widgets/guard.py)
            self.say(t("game.error.unexpected", self.lang, error=f"{type(e).__name__}: {e}"))

    def _keys_html(self) -> str:
        """The "Keyboard shortcuts" box (the keys themselves: share/.../static/nt-keys.js)."""
        lines = each_in("li", (t(f"game.keys.{k}", self.lang) for k in ("coins", "choices", "bots", "focus")))
        return (
            f'<section aria-labelledby="nt-game-keys-title"><h5 id="nt-game-keys-title">'
            f"{escape(t('game.keys.title', self.lang))}</h5><ul>{lines}</ul></section>"
        )

    def say(self, text: str | None, level: str = "error") -> None:
        self.error.value = (
            ""
            if not text
            else f'<div class="nt-message nt-message-{level}" role="alert">{escape(text)}</div>'
        )

    def _show_seats(self) -> None:
        for k, row in enumerate(self.seat_rows):
            row.layout.display = "" if k < self.players.value else "none"

    @property
    def humans(self) -> list[int]:
        return [k for k, s in enumerate(self.seats) if s == HUMAN]

    def _bots(self, seats: Sequence[str], seed: int) -> dict[int, Any]:
        return {k: make_bot(s, bot_seed(seed, k)) for k, s in enumerate(seats) if s != HUMAN}

    # -- starting ----------------------------------------------------------------------------------
    def start(self) -> None:
        """Deal a new game from the set-up form and show the table."""
        n = int(self.players.value)
        names = [row.name.value.strip() for row in self.seat_rows[:n]]
        seats = [str(row.kind.value) for row in self.seat_rows[:n]]
        events: list[Event] = []
        s = nidlib.new_game(
            n,
            names,
            seed=int(self.seed.value),
            first_game=bool(self.first_game.value),
            expansions=self.expansions(),
            events=events,
        )
        self._open([(s, events, None)], seats, 0)

    def expansions(self) -> tuple[str, ...]:
        """The expansions ticked on the set-up form, in the engine's order (``nidlib.core.cards.EXPANSIONS``)."""
        ticked = {"thingvellir": self.thingvellir.value, "idavoll": self.idavoll.value}
        return tuple(x for x in EXPANSIONS if ticked.get(x))

    def _open(
        self, history: list[tuple[State, list[Event], Action | None]], seats: list[str], index: int
    ) -> None:
        start = history[0][0]
        humans = [k for k, x in enumerate(seats) if x == HUMAN]
        c = Controller(
            start,
            seat=humans[0] if len(humans) == 1 else None,
            events=history[0][1],
            bots=self._bots(seats, start.options.seed),
            lang=self.lang,
            auto_bots=False,
        )
        c.history = list(history)
        c.index = index
        c.auto_bots = bool(self.instant.value)
        self.controller = c
        self.seats = seats
        self.tables = {}
        self._clear_hint()
        self._hints = {}
        self._hints_wanted = False
        c.on_change(self._on_change)
        c.on_change(self._show_position)
        self.setup.layout.display = "none"
        self.play_area.layout.display = ""
        self.save_button.disabled = self.new_button.disabled = False
        if c.auto_bots:
            c.run_bots(notify=False)
        self._changed()
        self._show_position(c)

    def new_game(self) -> None:
        """Back to the set-up form (the current game is dropped: save it first to keep it)."""
        self.controller = None
        self.tables = {}
        self.table_box.children = ()
        self.setup.layout.display = ""
        self.play_area.layout.display = "none"
        self.save_button.disabled = self.new_button.disabled = True

    # -- which table to show -----------------------------------------------------------------------
    def table_seat(self) -> int | None:
        """The seat whose view is on screen: the only human, else the human who must act (hot seat)."""
        humans = self.humans
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        c = self._c()
        acting = [p for p in nidlib.to_act(c.state) if p in humans]
        if acting:
            return acting[0]
        shown = [k for k in self.tables if k is not None]
        return shown[-1] if shown else humans[0]

    def _table(self, seat: int | None) -> w.Widget:
        if seat not in self.tables:
            from widgets.components import GameTableView

            c = self._c()
            self.tables[seat] = GameTableView(c, seat)
            # the position line after the new table's panes: it changes last
            c.on_change(self._show_position, remove=True)
            c.on_change(self._show_position)
        return self.tables[seat]

    def _c(self) -> Controller:
        if self.controller is None:
            raise NidError(t("game.error.no-game", self.lang))
        return self.controller

    # -- after every change ------------------------------------------------------------------------
    def _on_change(self, _c: Controller) -> None:
        self._changed()

    def _show_position(self, _c: Controller) -> None:
        """The position line, after the table's panes (their observers come between): a browser driver
        waits for this line to change, then reads the rest. The page's other controls change first,
        before the table: the history slider's message makes the page measure its readout (a forced
        layout), cheap before the table's new panes arrive, costly after (docs/benchmarks.md)."""
        if self.controller is not None:
            self.position.value = self._position_html()

    def _changed(self) -> None:
        c = self.controller
        if c is None:
            return
        if c.state is not self._hint_state:
            self._clear_hint()  # the hint was about another position
        seat = self.table_seat()
        table = self._table(seat)
        if self.table_box.children != (table,):
            self.table_box.children = (table,)
        n = len(c.history)
        self._syncing = True
        try:
            # one message for both (the slider redraws its readout once, docs/benchmarks.md "Lesson 9 clicks")
            with self.history.hold_sync():
                self.history.max = n - 1
                self.history.value = c.index
        finally:
            self._syncing = False
        self.back_button.disabled = c.index == 0
        self.forward_button.disabled = c.index >= n - 1
        movers = nidlib.to_act(c.state)
        bot_movers = [p for p in movers if p in c.bots]
        human_movers = [p for p in movers if p not in c.bots]
        self.next_button.disabled = not bot_movers
        self.auto_button.disabled = not bot_movers
        self.hint_button.disabled = not human_movers
        if human_movers and self._hints_wanted:
            self._hint_future(ahead=True)  # worked out while the learner thinks: the click answers at once
        self.turn.value = self._turn_html(bot_movers, human_movers)
        s = c.state
        self.final_sheet.value = (
            f'<div class="nt-panel">{r.score_sheet_html(nidlib.final_scores(s), lang=self.lang, final=True)}</div>'
            if s.is_over
            else ""
        )
        # the position line: _show_position, after the table's panes

    def _turn_html(self, bot_movers: list[int], human_movers: list[int]) -> str:
        c = self._c()
        s = c.state
        lang = self.lang
        names = s.options.names
        if s.is_over:
            winners = nidlib.final_scores(s).winners
            return f"<b>{escape(t('game.turn.over', lang, names=list(winners)))}</b>"
        d = nidlib.decision(s)
        doing = render(f"decision.{d.kind}", None, lang) if d else ""
        parts = []
        if human_movers:
            parts.append(t("game.turn.human", lang, names=[names[p] for p in human_movers], doing=doing))
        if bot_movers:
            parts.append(t("game.turn.bot", lang, names=[names[p] for p in bot_movers], doing=doing))
        if len(self.humans) > 1 and human_movers:
            parts.append(t("game.turn.hot-seat", lang, name=names[human_movers[0]]))
        return "<br>".join(escape(x) for x in parts)

    def _position_html(self) -> str:
        c = self._c()
        k = c.index
        lang = self.lang
        if k == 0:
            label = t("game.position.start", lang)
        else:
            prev = c.history[k - 1][0]
            a = c.history[k][2]
            assert a is not None
            label = t(
                "game.position.step",
                lang,
                k=k,
                name=prev.players[a.player].name,
                action=r.action_label(a, nidlib.view_for(prev, a.player), lang=lang),
            )
            seat = self.table_seat()
            if isinstance(a, nidlib.Bid) and seat is not None and a.player != seat:
                # another player's bid is face down: this seat may not see where the coins are
                label = t("game.position.hidden", lang, k=k, name=prev.players[a.player].name)
            elif isinstance(a, FriggKeep) and seat is not None and a.player != seat:
                # the two cards Frigg put under the Age deck are seen by her owner only (X-ID-GOD-FRIGG-3)
                kept = t("ui.action.frigg-kept", lang, card=r.card_name(a.card, lang))
                label = t("game.position.step", lang, k=k, name=prev.players[a.player].name, action=kept)
        last = "" if k == len(c.history) - 1 else " " + t("game.position.past", lang, n=len(c.history) - 1)
        return f'<span class="nt-muted">{escape(label + last)}</span>'

    # -- controls ----------------------------------------------------------------------------------
    def next(self) -> None:
        """One bot action (its events appear in the log)."""
        c = self._c()
        c.run_bots(max_steps=1)

    def auto(self) -> None:
        """Bots act until a human must act or the game is over."""
        c = self._c()
        c.run_bots()

    def _instant_changed(self) -> None:
        if self.controller is not None:
            self.controller.auto_bots = bool(self.instant.value)
            if self.controller.auto_bots:
                self.controller.run_bots()

    def step(self, delta: int) -> None:
        c = self._c()
        c.goto(max(0, min(len(c.history) - 1, c.index + delta)))

    def _history_moved(self, change: dict[str, Any]) -> None:
        if self._syncing or self.controller is None:
            return
        if change["new"] != self.controller.index:
            self.controller.goto(int(change["new"]))

    def hint(self) -> str:
        """What the strongest bot would do for the human who must act, and why (one sentence).

        The strong bot searches for ~50-250 ms of CPU. Its answer depends only on the game's seed and
        the position (a bot seeded per position), so it is the same whenever it is asked; after the
        first Hint of a game the next positions' hints are worked out in a background thread while the
        learner thinks, and the click only shows it (docs/benchmarks.md, "Lesson 9 clicks").
        """
        c = self._c()
        s = c.state
        humans = [p for p in nidlib.to_act(s) if p not in c.bots]
        if not humans:
            self._clear_hint()
            return ""
        p = humans[0]
        self._hints_wanted = True
        future = self._hint_future(ahead=False)
        if not future.done():  # shown at once while the search finishes
            self.hint_text.value = (
                f'<span class="nt-hint nt-muted">{escape(t("game.hint.thinking", self.lang))}</span>'
            )
        action, why = future.result()
        view = nidlib.view_for(s, p)
        text = t(
            "game.hint.text",
            self.lang,
            name=s.players[p].name,
            action=r.action_label(action, view, lang=self.lang),
            why=why,
        )
        self.hint_text.value = f'<span class="nt-hint">{escape(text)}</span>'
        self.hint_action = action
        self._hint_state = s
        return text

    def _hint_future(self, *, ahead: bool) -> Future[tuple[Action, str]]:
        """The hint for the position on screen: found, being worked out, or started now.

        ``ahead``: nobody asked yet; the search waits :data:`HINT_AHEAD_DELAY_S` so that it does not
        compete with the page's own update of this position (a Hint click cuts the wait short).
        """
        c = self._c()
        s, k = c.state, c.index
        known = self._hints.get(k)
        if known is not None and known[0] is s:
            if not ahead:
                known[2].set()
            return known[1]
        humans = [p for p in nidlib.to_act(s) if p not in c.bots]
        if not humans:
            raise NidError(t("game.error.no-game", self.lang))
        p = humans[0]
        view = nidlib.view_for(s, p)
        legal = nidlib.legal_actions(view, p)
        bot = make_bot(
            "strong", bot_seed(s.options.seed, 99) * 1009 + k
        )  # the same hint for the same position
        if self._hint_worker is None:
            self._hint_worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="nt-hint")
        go = threading.Event()
        if not ahead:
            go.set()

        lang = self.lang  # the page's language, read now (the learner may switch it meanwhile)

        def work() -> tuple[Action, str]:
            go.wait(HINT_AHEAD_DELAY_S)
            # the bot reads only its own view and legal list: nothing shared with the page's thread
            return bot.explain(view, legal, lang)

        future = self._hint_worker.submit(work)
        for old, (_, f, _go) in list(self._hints.items()):
            if old != k and f.cancel():  # not started: another position's, no longer needed
                del self._hints[old]
        self._hints[k] = (s, future, go)
        return future

    def _clear_hint(self) -> None:
        self.hint_text.value = ""
        self.hint_action = None
        self._hint_state = None

    # -- files ------------------------------------------------------------------------------------
    def save(self) -> str:
        """The game as JSON, in the text area and as a download link."""
        c = self._c()
        text = json.dumps(game_document(c, self.seats), ensure_ascii=False)
        self.json_area.value = text
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        self.download.value = (
            f'<a download="nidavellir-game.json" href="data:application/json;base64,{data}">'
            f"{escape(t('game.download', self.lang))}</a>"
        )
        return text

    def load_text(self, text: str | None = None) -> None:
        """Load a saved game (or a state document) from the text area."""
        text = self.json_area.value if text is None else text
        if not text.strip():
            raise ValueError(t("game.error.empty", self.lang))
        history, seats, index = load_game(text, self.lang)
        self._open(history, seats, index)
        self.say(t("game.loaded", self.lang, n=len(history) - 1), "ok")

    def _uploaded(self) -> None:
        files = self.upload.value
        if not files:
            return
        content = files[0]["content"]
        self.load_text(bytes(content).decode("utf-8"))


# --- notebook entry points ------------------------------------------------------------------------

STEM = "09-play-a-game"


page = Page(STEM)
header, footer, say = page.header, page.footer, page.say


@live
def game(lang: str | None = None) -> GameApp:
    """The set-up form and, once started, the game table."""
    return GameApp(lang)
