"""Components and the controller, driven from Python with no browser: set values, click, assert."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

import nidlib
from nidlib.core.actions import Action
from nidlib.core.state import State
from nidlib.core.tasks import HeroDue
from widgets import ActionPanel, BidPanel, Controller, EventLog, GameTableView, MessageBar, PlayerBoard


class FirstBot:
    """A tiny deterministic bot: the first legal action (the nidlib.tools.bots protocol)."""

    def __init__(self) -> None:
        self.views: list[State] = []

    def choose(self, view: State, legal: Sequence[Action]) -> Action:
        self.views.append(view)
        return legal[0]


def new(seat: int | None = 0, **kw: object) -> Controller:
    events: list[nidlib.Event] = []
    s = nidlib.new_game(3, ["Ana", "Bo", "Cy"], seed=7, events=events)
    return Controller(s, seat=seat, events=events, **kw)  # type: ignore[arg-type]


def place(panel: BidPanel, *indices: int) -> None:
    for dd, k in zip(panel.taverns, indices, strict=True):
        dd.value = k


def test_r_bid_1_bid_click_places_coins_and_logs_it() -> None:
    c = new()
    panel = BidPanel(c)
    log = EventLog(c)
    place(panel, 4, 2, 3)  # 5b, 3, 4 on the taverns
    assert "0 (basic), 2 (basic)" in panel.pouch.value
    panel.confirm.click()
    ana = c.state.players[0]
    assert ana.bid_done
    assert [str(x) for x in ana.slots[:3]] == ["5b", "3", "4"]
    assert "Ana has placed five coins face down." in log.html.value
    assert panel.layout.display == "none"  # nothing more to bid for Ana this round


def test_r_bid_1_illegal_bid_is_explained_in_the_message_bar() -> None:
    c = new()
    panel = BidPanel(c)
    place(panel, 4, 4, 3)  # the same coin twice: the 5 moves from the first tavern to the second
    assert [dd.value for dd in panel.taverns] == [None, 4, 3]
    hand = c.state.players[0].hand
    c.apply(nidlib.Bid(0, (hand[4], hand[4], hand[3]), (hand[0], hand[1])))  # built by hand
    assert not c.state.players[0].bid_done
    assert c.violation is not None
    assert c.violation.rule == "R-BID-1"
    assert panel.message is not None
    shown = panel.message.html.value
    assert "[R-BID-1]" not in shown
    assert "<summary>R-BID-1</summary>" in shown
    assert "must place exactly the five coins" in shown
    assert "Traceback" not in shown


def test_bid_panel_asks_for_a_missing_tavern_coin() -> None:
    c = new()
    panel = BidPanel(c)
    panel.taverns[0].value = 0
    panel.confirm.click()
    assert "Choose a coin for the Dancing Dragon first." in MessageBar(c).html.value
    assert len(c.history) == 1


def test_undo_restores_the_previous_state() -> None:
    c = new()
    start = c.state
    panel = BidPanel(c)
    place(panel, 0, 1, 2)
    panel.confirm.click()
    assert c.state != start
    assert c.undo()
    assert c.state == start
    assert c.index == 0
    assert not c.undo()  # nothing more to undo, said in words
    assert c.message == "There is nothing to undo."


def test_r_coin_4_hidden_coins_of_others_never_reach_a_seat_board() -> None:
    c = new(seat=0)
    c.apply(nidlib.parse("p1:bid:5b,4,3/0,2"))
    bo = PlayerBoard(c, 1)
    assert bo.html.value.count("nt-coin-back") == 5
    assert not re.search(r"nt-coin-(basic|royal|special)", bo.html.value)
    table = GameTableView(c)
    for board in table.boards:
        if board.player == 1:
            assert "Basic coin of" not in board.html.value


def test_bots_act_until_the_human_must_act_and_see_only_views() -> None:
    bot = FirstBot()
    c = new(seat=0, bots={1: bot, 2: bot})
    assert nidlib.decision(c.state).players == (0,)  # both bots have bid at construction
    assert bot.views
    assert all(v.viewer in (1, 2) for v in bot.views)
    panel = BidPanel(c)
    place(panel, 4, 2, 3)
    panel.confirm.click()
    # after Ana's bid the bots go on until Ana must act again (or the game waits for her)
    d = nidlib.decision(c.state)
    assert d is not None
    assert 0 in d.players
    # undo goes back before Ana's action, past the bots' actions that followed it
    c.undo()
    assert not c.state.players[0].bid_done
    assert c.state.players[1].bid_done


def test_action_panel_buttons_play_legal_actions_with_human_labels() -> None:
    bot = FirstBot()
    c = new(seat=0, bots={1: bot, 2: bot})
    panel = BidPanel(c)
    actions = ActionPanel(c)
    place(panel, 4, 2, 3)  # Ana bids 5 on the Goblin: she picks first there
    panel.confirm.click()
    assert nidlib.decision(c.state).kind == "pick"
    labels = [b.description for b in actions.choice_buttons]
    assert labels
    assert all(lbl.startswith("Take ") for lbl in labels)
    assert all("nt-action-button" in b._dom_classes for b in actions.choice_buttons)
    before = c.state.players[0].columns
    actions.choice_buttons[0].click()
    assert c.state.players[0].columns != before
    assert c.violation is None


def test_action_panel_greys_tempting_illegal_heroes_with_the_reason() -> None:
    c = new(seat=0)
    s = c.state.copy()
    s.players[0].columns = [["1W3"], ["1H1"], ["1M0"], ["1B1"], ["1E5"]]
    s.tasks.append(HeroDue(0))
    c = Controller(s, seat=0)
    panel = ActionPanel(c)
    hourya = panel.button_for("p0:hero:hourya")
    assert hourya.disabled
    assert "R-HERO-HOURYA-2" in hourya.tooltip
    kraal = panel.button_for("p0:hero:kraal")
    assert not kraal.disabled
    assert kraal.description == "Recruit Kraal"


def test_callback_exceptions_become_sentences() -> None:
    c = new()
    bar = MessageBar(c)

    def broken(_c: Controller) -> None:
        raise RuntimeError("boom")

    c.on_change(broken)
    c.say("hello")
    assert "Something went wrong (RuntimeError: boom)" in (c.message or "")
    c.on_change(broken, remove=True)
    c.notify()
    assert "Something went wrong" in bar.html.value
    assert "Traceback" not in bar.html.value


def test_goto_and_time_travel_branch() -> None:
    c = new(seat=None)
    for text in ("p0:bid:5b,3,4/0,2", "p1:bid:5b,3,4/0,2"):
        assert c.apply(text) is None
    assert len(c.history) == 3
    c.goto(1)
    assert c.state.players[0].bid_done
    assert not c.state.players[1].bid_done
    c.apply("p2:bid:5b,3,4/0,2")  # a new branch drops the old future
    assert len(c.history) == 3
    assert c.state.players[2].bid_done
    c.goto(99)
    assert c.message is not None
    assert "no position 99" in c.message


def test_game_table_plays_a_whole_game_through_its_panels() -> None:
    bot = FirstBot()
    c = new(seat=0, bots={1: bot, 2: bot})
    table = GameTableView(c)
    rng = random.Random(1)
    for _ in range(400):
        if c.state.is_over:
            break
        if table.bid_panel.layout.display != "none":
            place(table.bid_panel, 0, 1, 2)
            table.bid_panel.confirm.click()
        else:
            enabled = [b for b in table.action_panel.choice_buttons if not b.disabled]
            rng.choice(enabled).click()
        assert c.violation is None
    assert c.state.is_over
    assert table.scores.layout.display == ""
    winners = nidlib.final_scores(c.state).winners
    assert all(name in table.scores.html.value for name in winners)
    assert "★" in table.scores.html.value
