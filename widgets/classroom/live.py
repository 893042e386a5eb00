"""Lesson 8's live class mode: the teacher's side of a room (:class:`TeacherRoom`) and the students' page
(:class:`StudentPage`), both over :mod:`widgets.classroom.room`.

The teacher's kernel plays the game (nidlib, through lesson 8's controller). For each round of
bidding it opens a *ballot* and leaves each seat its own view of the game (``nidlib.view_for``, as
JSON): a student's kernel reads only its seat's view, so it never holds another seat's coins. The
student's bid is checked by ``nidlib.check`` on that view, then stored as five lots (the three
taverns, then the two pouch spaces). The teacher's kernel polls the room (:meth:`TeacherRoom.new_bids`)
and plays each bid that came in through nidlib (``p<seat>:bid:...``), which checks it again.

The address chooses the page (:func:`address`): ``?room=CODE`` (or ``?join``) is a student's page,
``?room=CODE&teacher=KEY`` the teacher's page of an open room (after a reload or a kernel restart),
``?room=CODE&me=TOKEN`` a student coming back.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
from collections.abc import Callable, Sequence
from html import escape
from typing import Any
from urllib.parse import parse_qs, quote

import nidlib
from nidlib.core.actions import Action, Bid
from nidlib.core.coins import Coin
from nidlib.core.messages import render, term
from nidlib.core.state import State
from widgets.classroom.board import TavernResult
from widgets.classroom.room import Member, RoomError, Rooms
from widgets.controller import Controller
from widgets.preheat import prebuilding
from widgets.render import t

__all__ = [
    "AVAILABLE",
    "LOTS",
    "POLL_S",
    "StudentPage",
    "TeacherRoom",
    "address",
    "bid_lots",
    "join_address",
    "lots_bid",
    "public_status",
    "repeat",
    "status_html",
]

#: the live class needs a server the whole class shares: not in the static site (Pyodide)
AVAILABLE = sys.platform != "emscripten"
#: a Nidavellir bid in the room: the three taverns, then the two pouch spaces (R-BID-1)
LOTS = 5
#: seconds between two looks at the room (teacher and students)
POLL_S = 1.0


def address() -> dict[str, str]:
    """The page's address parameters (``room``, ``join``, ``teacher``, ``me``); empty while the page is
    built ahead of its request (see :mod:`widgets.lessons.page`)."""
    if prebuilding():
        return {}
    query = parse_qs(os.environ.get("QUERY_STRING", ""), keep_blank_values=True)
    return {k: v[0].strip() for k, v in query.items() if k in {"room", "join", "teacher", "me"} and v}


def join_address(code: str) -> str:
    """The address students open to join room ``code``, from the teacher's own request (Voila gives
    the kernel ``SERVER_NAME``, ``SERVER_PORT`` and ``SCRIPT_NAME``); a relative one without them."""
    env = os.environ
    path = env.get("SCRIPT_NAME", "") or "08-classroom-auction.ipynb"
    host = env.get("SERVER_NAME", "")
    port = env.get("SERVER_PORT", "")
    query = f"?room={quote(code)}"
    if not host:
        return f"{path.rsplit('/', 1)[-1]}{query}"
    scheme = "https" if port == "443" else "http"
    netloc = host if port in {"", "80", "443"} else f"{host}:{port}"
    return f"{scheme}://{netloc}{path}{query}"


def bid_lots(bid: Bid) -> dict[int, str]:
    """A nidlib bid as the room's five lots (coin texts)."""
    return {k: str(c) for k, c in enumerate((*bid.taverns, *bid.pouch))}


def lots_bid(seat: int, lots: dict[int, str]) -> str | None:
    """The nidlib action text of a seat's five lots (None until all five are in)."""
    if set(lots) != set(range(LOTS)):
        return None
    return f"p{seat}:bid:{lots[0]},{lots[1]},{lots[2]}/{lots[3]},{lots[4]}"


def public_status(phase: str, revealed: int, results: Sequence[TavernResult], players: Sequence[Any]) -> str:
    """What every student's page may show, as JSON: the teacher's news as a message of the
    catalogue (each page renders it in its own language) and the taverns revealed so far, each with
    its picks in pick order (the coin, the tie, the gem exchange, the card taken: the projector's
    board, all public once revealed). Nothing of a tavern not revealed yet."""
    key, params = (
        ("lesson08.live.status-bids", {})
        if phase == "bids"
        else ("lesson08.live.status-revealed", {"n": revealed})
    )
    taverns = []
    for r in results:
        picks = []
        for i in r.order:
            coin = r.coins[i] if i < len(r.coins) else None
            picks.append(
                {
                    "name": players[i].name,
                    "coin": None if coin is None else str(coin),
                    "tie": r.tied(i),
                    "swap": list(r.swaps[i]) if i in r.swaps else None,
                    "took": r.took_terms.get(i),
                }
            )
        taverns.append({"tavern": r.tavern, "picks": picks})
    return json.dumps({"key": key, "params": params, "taverns": taverns}, ensure_ascii=False)


def status_html(status: str) -> str:
    """A student's view of the teacher's public status (:func:`public_status`), in the page's language."""
    if not status:
        return f'<p class="nt-muted">{escape(t("lesson08.live.wait-teacher"))}</p>'
    try:
        data = json.loads(status)
        news = render(str(data["key"]), dict(data.get("params") or {}))
        taverns = list(data.get("taverns") or [])
    except (ValueError, KeyError, TypeError, AttributeError):
        return f'<p class="nt-muted">{escape(status)}</p>'  # a room saved by an older tutor: plain text
    from widgets.render import coin_html

    parts = [f'<p class="nt-muted">{escape(news)}</p>']
    if taverns:
        parts.append(f'<p class="nt-lesson-caption">{escape(t("lesson08.live.picks-title"))}</p>')
    for tavern in taverns:
        items = []
        for pick in tavern.get("picks", []):
            bits = [f"<b>{escape(str(pick['name']))}</b>"]
            if pick.get("coin") is not None:
                bits.append(coin_html(Coin.parse(str(pick["coin"]))))
            if pick.get("tie"):
                bits.append(f'<span class="nt-class-tie">{escape(t("lesson08.table.tie"))}</span>')
            if pick.get("swap"):
                old, new = pick["swap"]
                bits.append(
                    f'<span class="nt-class-swap">{escape(t("lesson08.table.swap", old=old, new=new))}</span>'
                )
            if pick.get("took"):
                bits.append(f"<span>{escape(t('lesson08.table.took', card=term(str(pick['took']))))}</span>")
            items.append(f'<li class="nt-join-pick">{" ".join(bits)}</li>')
        name = escape(term(f"@tavern.{int(tavern['tavern'])}"))
        parts.append(
            f'<div class="nt-join-tavern" data-tavern="{int(tavern["tavern"])}"><b>{name}</b>'
            f'<ol class="nt-join-picks">{"".join(items)}</ol></div>'
        )
    return "".join(parts)


def repeat(step: Callable[[], object], seconds: float = POLL_S) -> asyncio.Task[None] | None:
    """Call ``step`` every ``seconds`` on the kernel's event loop (None outside one: tests call ``step``)."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        try:
            loop = asyncio.get_event_loop()
        except RuntimeError:
            return None
        if not loop.is_running():
            return None

    async def run() -> None:
        while True:
            await asyncio.sleep(seconds)
            try:
                step()
            except Exception as e:  # noqa: BLE001 -- a failed look at the room is retried, never shown
                print(f"nidavellir-tutor: classroom poll failed: {e!r}", file=sys.__stderr__)

    return loop.create_task(run())


class TeacherRoom:
    """The teacher's side of a room: opens it, leaves each seat its view of every round's bidding,
    collects the bids that came in, and keeps the teacher's game in the room."""

    def __init__(self, rooms: Rooms, code: str, key: str) -> None:
        self.rooms = rooms
        self.code = code
        self.key = key
        self.ballot, _open = rooms.ballot(code)

    @classmethod
    def open(cls, seats: list[str], rooms: Rooms | None = None) -> TeacherRoom:
        rooms = rooms or Rooms()
        teacher = rooms.open(seats, LOTS)
        return cls(rooms, teacher.code, teacher.key)

    @classmethod
    def resume(cls, code: str, key: str, rooms: Rooms | None = None) -> TeacherRoom:
        """The room ``code`` again (:class:`RoomError` if ``key`` is not its teacher's)."""
        rooms = rooms or Rooms()
        rooms.check_teacher(code, key)
        return cls(rooms, code.upper(), key)

    def open_ballot(self, state: State) -> int:
        """A new ballot for the bidding of ``state``: each seat that still bids gets its own view."""
        offers = {
            i: nidlib.to_json(nidlib.view_for(state, i))
            for i, p in enumerate(state.players)
            if not p.bid_done
        }
        self.ballot = self.rooms.open_ballot(self.code, self.key, offers)
        return self.ballot

    def new_bids(self, state: State) -> list[str]:
        """The bids of the open ballot not played yet in ``state``, as nidlib action texts."""
        out = []
        for seat, lots in sorted(self.rooms.bids(self.code, self.key, self.ballot).items()):
            text = lots_bid(seat, lots)
            if text is not None and seat < len(state.players) and not state.players[seat].bid_done:
                out.append(text)
        return out

    def roster_html(self, seats: list[str]) -> str:
        """Who has joined, seat by seat (names only)."""
        by_seat: dict[int, list[str]] = {k: [] for k in range(len(seats))}
        for name, seat in self.rooms.roster(self.code):
            by_seat.setdefault(seat, []).append(name)
        items = []
        for k, seat_name in enumerate(seats):
            members = by_seat.get(k, [])
            who = (
                escape(", ".join(members))
                if members
                else f'<span class="nt-muted">{escape(t("lesson08.live.nobody"))}</span>'
            )
            items.append(f"<li><b>{escape(seat_name)}</b>: {who}</li>")
        return f'<ul class="nt-class-roster">{"".join(items)}</ul>'

    def bidders(self) -> dict[int, str]:
        return self.rooms.bidders(self.code, self.ballot)

    def save(self, game: dict[str, Any]) -> None:
        self.rooms.save_game(self.code, self.key, json.dumps(game))

    def load(self) -> dict[str, Any] | None:
        text = self.rooms.game(self.code, self.key)
        return json.loads(text) if text else None


class _SealedTable(Controller):
    """A controller for one student's bid panel: its state is a full state consistent with the seat's
    view (``nidlib.determinize``, so the panel can draw it); a bid is checked by nidlib against the
    *view* and handed to ``submit`` instead of being played here."""

    def __init__(self, view: State, seat: int, submit: Callable[[Bid], None]) -> None:
        super().__init__(nidlib.determinize(view, random.Random(0)), seat=seat)
        self.sealed_view = view
        self.submit = submit

    def apply(self, action: Action | str) -> nidlib.Violation | None:
        if isinstance(action, str):
            action = nidlib.parse(action)
        violation = nidlib.check(self.sealed_view, action)
        if violation is not None or not isinstance(action, Bid):
            self.violation = violation
            self.notify()
            return violation
        self.submit(action)
        return None


class StudentPage:
    """A student's page: the room's code and a name, then the seat's sealed bid for each round."""

    def __init__(self, code: str = "", token: str = "", rooms: Rooms | None = None) -> None:
        import ipywidgets as w

        self.member: Member | None = None
        self.ballot = 0
        self.panel: Any = None
        self.code = w.Text(
            value=code.upper(), description=t("lesson08.live.code"), layout=w.Layout(width="16em")
        )
        self.code.add_class("nt-join-code")
        self.name = w.Text(description=t("lesson08.live.your-name"), layout=w.Layout(width="20em"))
        self.name.add_class("nt-join-name")
        self.pin = w.Text(
            description=t("lesson08.live.pin"),
            placeholder=t("lesson08.live.pin-hint"),
            layout=w.Layout(width="20em"),
        )
        self.pin.add_class("nt-join-pin")
        self.join_button = w.Button(
            description=t("lesson08.live.join"),
            button_style="primary",
            icon="sign-in",
            layout=w.Layout(width="auto"),
        )
        self.join_button.add_class("nt-join-button")
        self.join_button.on_click(lambda _b: self.join())
        self.form = w.VBox(
            [
                w.HTML(f"<h3>{escape(t('lesson08.live.join-title'))}</h3>"),
                self.code,
                self.name,
                self.pin,
                self.join_button,
            ]
        )
        self.form.add_class("nt-panel")
        self.who = w.HTML()
        self.who.add_class("nt-join-who")
        self.status = w.HTML()
        self.status.add_class("nt-join-status")
        self.bid_box = w.VBox()
        self.bid_box.add_class("nt-join-bidbox")
        self.sealed = w.HTML()
        self.sealed.add_class("nt-join-sealed")
        self.message = w.HTML()
        self.message.add_class("nt-join-message")
        # the lesson's own text is for the teacher, and its navigation bars lead away from the room
        # (their language links to the teacher's page): a student's page hides them
        style = w.HTML(
            '<style>.nt-prose[data-section="intro"], nav.nt-nav { display: none; }'
            # and the cells they leave empty take no room (a phone's first screen is the room's)
            # (the header's cell stays: its guard's alert, nt-root, is the student's too)
            '.jp-Cell:has(.nt-prose[data-section="intro"]), .jp-Cell:has(nav.nt-nav):not(:has(.nt-root)) '
            "{ display: none; }</style>",
            layout=w.Layout(display="none"),
        )
        self.languages = w.HTML()
        self.languages.add_class("nt-join-languages")
        self._show_languages(code.upper())
        self.widget = w.VBox(
            [style, self.languages, self.form, self.who, self.status, self.bid_box, self.sealed, self.message]
        )
        self.widget.add_class("nt-root")
        self.widget.add_class("nt-class-student")
        self.task: asyncio.Task[None] | None = None
        try:
            self.rooms = rooms or Rooms()
        except RoomError as e:  # the class's database is not reachable (lesson08.db.*)
            self._error(e)
            self.join_button.disabled = True
            return
        if token:
            self.resume(token)

    def _show_languages(self, code: str, token: str = "") -> None:
        """This page in each language, keeping the room (and the student's link): the navigation
        bar's own language links lead to the teacher's page."""
        from nidlib.core.messages import LANGUAGES, get_language

        query = f"?room={quote(code)}" + (f"&me={quote(token)}" if token else "")
        items = []
        for code_ in LANGUAGES:
            name = escape(render(f"index.lang.{code_}", lang=code_))
            if code_ == get_language():
                items.append(f'<b lang="{code_}">{name}</b>')
            else:
                items.append(
                    f'<a lang="{code_}" hreflang="{code_}" href="{escape(query)}&amp;lang={code_}">{name}</a>'
                )
        self.languages.value = f'<p class="nt-join-langs" style="text-align:right">{" · ".join(items)}</p>'

    def _error(self, e: RoomError) -> None:
        self.message.value = f'<p class="nt-message nt-message-error">{escape(render(e.key, e.params))}</p>'

    def join(self) -> None:
        if not hasattr(self, "rooms"):
            return
        try:
            member = self.rooms.join(self.code.value, self.name.value, self.pin.value.strip() or None)
        except RoomError as e:
            self._error(e)
            return
        self._joined(member)

    def resume(self, token: str) -> None:
        try:
            member = self.rooms.member(token)
        except RoomError as e:
            self._error(e)
            return
        self._joined(member)

    def _joined(self, member: Member) -> None:
        self.member = member
        self.message.value = ""
        self._show_languages(member.room, member.token)
        self.form.layout.display = "none"
        seat = self.rooms.seats(member.room)[member.seat]
        back = f"?room={quote(member.room)}&me={quote(member.token)}"
        self.who.value = (
            f'<p class="nt-join-you" style="font-size:1.2em">{escape(t("lesson08.live.you", name=member.name, seat=seat, code=member.room))}</p>'
            f'<p class="nt-muted">{escape(t("lesson08.live.come-back", pin=member.pin))} '
            f'<a href="{escape(back)}">{escape(t("lesson08.live.my-link"))}</a></p>'
        )
        self.poll()
        if self.task is None:
            self.task = repeat(self.poll)

    def poll(self) -> None:
        """Look at the room: a new round of bidding shows the seat's coins; a bid placed shows it."""
        m = self.member
        if m is None:
            return
        ballot, is_open = self.rooms.ballot(m.room)
        value = status_html(self.rooms.status(m.room))
        if self.status.value != value:
            self.status.value = value
        mine = self.rooms.my_bid(m.token, ballot) if ballot else {}
        if mine:
            self._show_sealed(mine)
            return
        self.sealed.value = ""
        if not is_open:
            self._close_panel()
            return
        if ballot != self.ballot or self.panel is None:
            self.ballot = ballot
            offer = self.rooms.offer(m.token, ballot)
            self._close_panel()
            if offer is None:
                self.sealed.value = f'<p class="nt-muted">{escape(t("lesson08.live.no-bid"))}</p>'
                return
            self._open_panel(nidlib.from_json(offer), m.seat)

    def _open_panel(self, view: State, seat: int) -> None:
        from widgets.components import BidPanel

        table = _SealedTable(view, seat, self._submit)
        self.panel = BidPanel(table, seat, theme=False)
        self.panel.add_class("nt-join-panel")
        self.bid_box.children = (self.panel,)

    def _close_panel(self) -> None:
        if self.panel is not None:
            self.bid_box.children = ()
            self.panel = None

    def _submit(self, bid: Bid) -> None:
        m = self.member
        assert m is not None
        try:
            self.rooms.place_bid(m.token, self.ballot, bid_lots(bid))
        except RoomError as e:
            self._error(e)
        else:
            self.message.value = ""
        self.poll()

    def _show_sealed(self, lots: dict[int, str]) -> None:
        self._close_panel()
        from widgets.render import coin_label

        m = self.member
        text = lots_bid(m.seat, lots) if m is not None else None
        bid = nidlib.parse(text) if text is not None else None
        if isinstance(bid, Bid):
            coins = ", ".join(f"{term(f'@tavern.{k}')} {coin_label(c)}" for k, c in enumerate(bid.taverns))
        else:
            coins = ", ".join(f"{term(f'@tavern.{k}')} {lots[k]}" for k in range(3) if k in lots)
        value = f'<p class="nt-message nt-message-ok">✔ {escape(t("lesson08.live.sealed", coins=coins))}</p>'
        if self.sealed.value != value:
            self.sealed.value = value
