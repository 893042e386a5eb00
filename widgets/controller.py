"""The controller: one game's history, the learner's seat, and the only door to ``nidlib.apply``.

Widgets never change a state themselves. They call :meth:`Controller.apply`, which
asks nidlib; an illegal action is *caught* here and kept as :attr:`Controller.violation`
(the library raises, the application catches), so the page shows a sentence with its
rule id and never a traceback. Observers registered with :meth:`Controller.on_change`
are told after every change.

History is a list of ``(state, events, action)`` entries; entry 0 is the starting
position (its events are the set-up events, its action ``None``). States are values,
so undo and time travel only move :attr:`Controller.index`.

Bots: ``bots={1: bot, 2: bot}`` where a bot has ``choose(view, legal) -> Action``
(the protocol of ``nidlib.tools.bots``). They only ever receive ``nidlib.view_for(state, seat)``.
With ``auto_bots=True`` (default) the bots act after every successful human action
and at construction, until a human seat must act or the game is over.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import nidlib
from nidlib.core.actions import Action
from nidlib.core.errors import IllegalActionError, InvalidActionError, NidError, Violation
from nidlib.core.events import Event
from nidlib.core.messages import get_language
from nidlib.core.messages import render as msg
from nidlib.core.state import State

__all__ = ["Bot", "Controller", "HistoryEntry"]

HistoryEntry = tuple[State, list[Event], Action | None]


class Bot(Protocol):
    """A computer player: picks one of ``legal`` seeing only its own ``view``."""

    def choose(self, view: State, legal: Sequence[Action]) -> Action: ...


class Controller:
    """History, seat, language, messages, bots; see the module docstring.

    :param state: the starting position (e.g. ``nidlib.new_game(3, seed=7)``).
    :param seat: the learner's player index, or ``None`` for an omniscient (teacher / hot-seat) view.
    :param events: events that led to ``state`` (e.g. the set-up events of ``new_game(events=...)``).
    :param bots: computer players by seat.
    :param lang: catalogue language for every rendering (``None``: ``nidlib.set_language``'s).
    """

    #: Maximum bot actions in one :meth:`run_bots` call (a whole game is about 130 actions).
    MAX_BOT_STEPS = 2000

    def __init__(
        self,
        state: State,
        *,
        seat: int | None = None,
        events: Sequence[Event] = (),
        bots: dict[int, Bot] | None = None,
        lang: str | None = None,
        auto_bots: bool = True,
    ) -> None:
        if state.viewer is not None:
            msg_ = "the controller needs the full game state, not a player view"
            raise ValueError(msg_)
        if seat is not None and not 0 <= seat < len(state.players):
            msg_ = f"seat {seat} is not a player of this {len(state.players)}-player game"
            raise ValueError(msg_)
        self.history: list[HistoryEntry] = [(state, list(events), None)]
        self.index = 0
        self.seat = seat
        self.bots: dict[int, Bot] = dict(bots or {})
        self.lang = lang
        self.auto_bots = auto_bots
        #: the reason the last action was refused, or None
        self.violation: Violation | None = None
        #: an information or error sentence for the message bar, or None
        self.message: str | None = None
        #: "info", "error" or "ok": how the message bar shows :attr:`message`
        self.message_level = "info"
        self._observers: list[Callable[[Controller], None]] = []
        if self.bots and auto_bots:
            self.run_bots(notify=False)

    # -- reading ---------------------------------------------------------------------------------
    @property
    def language(self) -> str:
        return self.lang or get_language()

    @property
    def state(self) -> State:
        """The full current state (never show it to a seat: use :attr:`view`)."""
        return self.history[self.index][0]

    @property
    def view(self) -> State:
        """What the seat may know: ``view_for(state, seat)``, or the full state when seat is None."""
        s = self.state
        return s if self.seat is None else nidlib.view_for(s, self.seat)

    def view_as(self, seat: int | None) -> State:
        s = self.state
        return s if seat is None else nidlib.view_for(s, seat)

    @property
    def events(self) -> list[Event]:
        """Every event up to the current position, oldest first (not yet filtered by visibility)."""
        out: list[Event] = []
        for _, evs, _ in self.history[: self.index + 1]:
            out.extend(evs)
        return out

    @property
    def last_events(self) -> list[Event]:
        return list(self.history[self.index][1])

    @property
    def actions(self) -> list[Action]:
        return [a for _, _, a in self.history[1 : self.index + 1] if a is not None]

    def legal(self, player: int | None = None) -> list[Action]:
        """``nidlib.legal_actions`` on the current state."""
        return nidlib.legal_actions(self.state, player)

    def check(self, action: Action) -> Violation | None:
        return nidlib.check(self.state, action)

    def is_bot(self, player: int) -> bool:
        return player in self.bots

    # -- observers -------------------------------------------------------------------------------
    def on_change(self, callback: Callable[[Controller], None], *, remove: bool = False) -> None:
        """Call ``callback(controller)`` after every change (or stop calling it with ``remove=True``)."""
        if remove:
            if callback in self._observers:
                self._observers.remove(callback)
        else:
            self._observers.append(callback)

    def notify(self) -> None:
        for cb in list(self._observers):
            try:
                cb(self)
            except Exception as exc:  # noqa: BLE001 - an observer's bug must not break the others
                self.message = msg("ui.error.unexpected", {"error": _describe(exc)}, self.lang)
                self.message_level = "error"

    def say(self, message: str | None, level: str = "info") -> None:
        """Show an information (``"info"``/``"ok"``) or ``"error"`` sentence in every message bar."""
        self.message = message
        self.message_level = level
        self.violation = None
        self.notify()

    def report_error(self, exc: BaseException) -> None:
        """Turn an unexpected exception into a clear sentence in the page."""
        if isinstance(exc, IllegalActionError):
            self.violation = exc.violation
            self.message = None
        elif isinstance(exc, InvalidActionError):
            self.violation = None
            self.message = msg("ui.error.invalid", {"error": str(exc)}, self.lang)
            self.message_level = "error"
        else:
            self.violation = None
            self.message = msg("ui.error.unexpected", {"error": _describe(exc)}, self.lang)
            self.message_level = "error"
        self.notify()

    # -- changing ----------------------------------------------------------------------------------
    def apply(self, action: Action | str) -> Violation | None:
        """Play ``action`` (an Action or its text form). Returns the violation if it was refused.

        A refused action leaves the state unchanged and sets :attr:`violation`. A legal one drops
        any "future" after the current index (time travel then play = a new branch), appends to
        the history, runs the bots if ``auto_bots``, and notifies observers.
        """
        try:
            if isinstance(action, str):
                action = nidlib.parse(action)
            new, events = nidlib.apply(self.state, action)
        except IllegalActionError as e:
            self.violation = e.violation
            self.message = None
            self.notify()
            return e.violation
        except InvalidActionError as e:
            self.report_error(e)
            return Violation("R-FLOW-2", "ui.error.invalid", {"error": str(e)})
        self._push(new, events, action)
        self.violation = None
        self.message = None
        if self.auto_bots and self.bots:
            self.run_bots(notify=False)
        self.notify()
        return None

    def _push(self, state: State, events: list[Event], action: Action) -> None:
        del self.history[self.index + 1 :]
        self.history.append((state, events, action))
        self.index = len(self.history) - 1

    def run_bots(self, *, notify: bool = True, max_steps: int | None = None) -> int:
        """Let bots act until a human must act (or the game ends). Returns the number of bot actions."""
        steps = 0
        limit = self.MAX_BOT_STEPS if max_steps is None else max_steps
        while steps < limit:
            movers = [p for p in nidlib.to_act(self.state) if p in self.bots]
            if not movers:
                break
            p = movers[0]
            view = nidlib.view_for(self.state, p)
            legal = nidlib.legal_actions(self.state, p)
            try:
                action = self.bots[p].choose(view, legal)
                new, events = nidlib.apply(self.state, action)
            except (NidError, ValueError) as exc:
                name = self.state.players[p].name
                self.message = msg("ui.error.bot", {"name": name}, self.lang) + f" ({_describe(exc)})"
                self.message_level = "error"
                break
            self._push(new, events, action)
            steps += 1
        if notify:
            self.notify()
        return steps

    def _human_entry(self, k: int) -> bool:
        a = self.history[k][2]
        return a is not None and a.player not in self.bots

    def undo(self) -> bool:
        """Go back before the last human action (and the bot actions that followed it).

        Without bots this is one action. Returns False (and says so) when there is nothing to undo.
        """
        k = self.index
        if self.bots:
            while k > 0 and not self._human_entry(k):
                k -= 1
        if k <= 0:
            self.say(msg("ui.undo.nothing", None, self.lang), "info")
            return False
        self.index = k - 1
        self.violation = None
        self.message = msg("ui.undo.done", None, self.lang)
        self.message_level = "info"
        self.notify()
        return True

    def goto(self, index: int) -> None:
        """Show history position ``index`` (0 = start; negative counts from the end)."""
        n = len(self.history)
        k = index + n if index < 0 else index
        if not 0 <= k < n:
            self.say(msg("ui.error.no-history", {"index": index, "last": n - 1}, self.lang), "error")
            return
        self.index = k
        self.violation = None
        self.message = None
        self.notify()


def _describe(exc: BaseException) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
