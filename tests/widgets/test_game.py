"""The play-a-game page (widgets.game), driven from Python: set-up, bids, bots, undo, history, save/load."""

from __future__ import annotations

import json
import re
from html import escape

import pytest

import nidlib
from widgets import render as r
from widgets.game import GAME_SCHEMA, GameApp, load_game


def started(levels: tuple[str, ...] = ("human", "random"), seed: int = 7) -> GameApp:
    app = GameApp()
    app.players.value = len(levels)
    for row, level in zip(app.seat_rows, levels, strict=False):
        row.kind.value = level
    app.seed.value = seed
    app.start_button.click()
    return app


def bid_first_coins(app: GameApp) -> None:
    panel = app.table_box.children[0].bid_panel
    assert panel.player == 0
    for k, dd in enumerate(panel.taverns):
        dd.value = k  # the three lowest coins on the taverns
    panel.confirm.click()


def test_start_shows_the_table_for_the_human_seat() -> None:
    app = started()
    c = app.controller
    assert c is not None
    assert app.setup.layout.display == "none"
    assert app.play_area.layout.display == ""
    assert c.seat == 0
    assert set(c.bots) == {1}
    assert nidlib.decision(c.state).kind == "bids"
    assert "Your move: Ana" in app.turn.value
    assert "Waiting for the computer: Bo" in app.turn.value
    assert not app.next_button.disabled


def test_human_bid_then_bots_step_by_step_then_undo() -> None:
    app = started()
    c = app.controller
    assert c is not None
    bid_first_coins(app)
    assert c.state.players[0].bid_done
    assert c.violation is None
    # the bot has not moved yet: the page waits for "Next"
    assert not c.state.players[1].bid_done
    before = len(c.history)
    app.next_button.click()
    assert len(c.history) == before + 1
    assert c.history[-1][2] is not None
    assert c.history[-1][2].player == 1
    # the bot's bid is face down for Ana: the position line does not show its coins
    assert "face down" in app.position.value
    app.auto_button.click()
    d = nidlib.decision(c.state)
    assert d is None or any(p not in c.bots for p in d.players)
    # undo goes back before Ana's bid (and the bot moves after it)
    assert c.undo()
    assert nidlib.decision(c.state).kind == "bids"
    assert not c.state.players[0].bid_done


def test_illegal_choice_is_explained_not_raised() -> None:
    app = started()
    panel = app.table_box.children[0].bid_panel
    for dd in panel.taverns:
        dd.value = 0  # the same coin three times: it moves to the last menu
    assert [dd.value for dd in panel.taverns] == [None, None, 0]
    c = app.controller
    assert c is not None
    hand = c.state.players[0].hand
    c.apply(nidlib.Bid(0, (hand[0], hand[0], hand[0]), (hand[1], hand[2])))  # the same coin three times
    assert c.violation is not None
    assert c.violation.rule == "R-BID-1"
    assert not c.state.players[0].bid_done


def test_hint_names_an_action_and_a_reason() -> None:
    app = started()
    text = app.hint()
    assert text.startswith("The strongest bot would choose for Ana:")
    assert "Why:" in text
    assert app.hint_action is not None
    assert nidlib.check(app.controller.state, app.hint_action) is None  # type: ignore[union-attr]


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_a_hint_explains_itself_in_the_page_language(lang: str) -> None:
    # The bot's reason is rendered in the page's language, not the kernel's default (English).
    app = GameApp(lang)
    app.players.value = 2
    app.seat_rows[1].kind.value = "random"
    app.seed.value = 7
    app.start_button.click()
    text = app.hint()
    assert text
    assert not re.search(r"[A-Za-z]{4,}", text.replace("Ana", "")), text


def test_a_hint_is_cleared_when_the_position_changes() -> None:
    app = started()
    c = app.controller
    assert c is not None
    app.hint_button.click()
    assert "The strongest bot would choose for Ana" in app.hint_text.value
    c.say("A sentence in the message bar")  # a change that keeps the position keeps the hint
    assert "The strongest bot would choose for Ana" in app.hint_text.value
    bid_first_coins(app)  # Ana's bid: the hint was about the position before it
    assert app.hint_text.value == ""
    assert app.hint_action is None
    app.hint_button.click()  # hot again after the bot bids and Ana must pick (or bid) again
    app.auto_button.click()
    assert app.hint_text.value == ""
    app.hint_button.click()
    shown = app.hint_text.value
    assert shown
    app.back_button.click()  # travelling in the history changes the position too
    assert app.hint_text.value == ""


def test_the_hint_never_squeezes_its_button() -> None:
    app = started()
    row = next(ch for ch in app.controls.children if app.hint_button in getattr(ch, "children", ()))
    assert app.hint_button.layout.flex == "0 0 auto"  # the button keeps its width, whatever the hint's
    assert row.layout.flex_flow == "row wrap"  # a long hint goes below the button, not beside it
    assert app.hint_text.layout.flex == "1 1 20em"


def test_history_slider_travels_and_branches() -> None:
    app = started()
    c = app.controller
    assert c is not None
    bid_first_coins(app)
    app.auto_button.click()
    n = len(c.history)
    assert app.history.max == n - 1
    app.history.value = 1
    assert c.index == 1
    assert "looking at the past" in app.position.value
    app.back_button.click()
    assert c.index == 0
    app.forward_button.click()
    assert c.index == 1


def test_save_and_load_round_trip() -> None:
    app = started()
    c = app.controller
    assert c is not None
    bid_first_coins(app)
    app.auto_button.click()
    app.save_button.click()
    doc = json.loads(app.json_area.value)
    assert doc["schema"] == GAME_SCHEMA
    assert doc["seats"] == ["human", "random"]
    assert doc["actions"] == [str(a) for _, _, a in c.history[1:]]
    assert nidlib.state_from_dict(doc["state"]) == c.state
    saved_state = c.state
    other = GameApp()
    other.json_area.value = app.json_area.value
    other.load_button.click()
    assert "Loaded a game" in other.error.value
    assert other.controller is not None
    assert other.controller.state == saved_state
    assert len(other.controller.history) == len(c.history)


def test_broken_documents_give_sentences_with_the_field() -> None:
    app = GameApp()
    app.json_area.value = "{not json"
    app.load_button.click()
    assert "not valid JSON" in app.error.value
    assert "Traceback" not in app.error.value
    good = started()
    good.save_button.click()
    doc = json.loads(good.json_area.value)
    doc["actions"] = ["p0:pick:1W3"]
    app.json_area.value = json.dumps(doc)
    app.load_button.click()
    # issue 13: the move is named by its number, in plain words, never by its text form
    assert "move 1 of the saved game cannot be played" in app.error.value
    assert "p0:pick" not in app.error.value
    assert "actions[0]" not in app.error.value
    assert app.controller is None


def test_a_saved_games_bad_move_is_explained_in_the_pages_language() -> None:
    good = started()
    good.save_button.click()
    doc = json.loads(good.json_area.value)
    for lang, words in (("zh-Hant", "存檔中的第 1 步"), ("zh-Hans", "存档中的第 1 步")):
        app = GameApp(lang)
        app.json_area.value = json.dumps({**doc, "actions": ["p0:pick:1W3"]})
        app.load_button.click()
        assert words in app.error.value, app.error.value
        assert "p0:pick" not in app.error.value
        assert "not legal" not in app.error.value
        app.json_area.value = json.dumps({**doc, "actions": [7]})
        app.load_button.click()
        assert words in app.error.value, app.error.value
        assert "text form" not in app.error.value


def test_the_file_picker_label_is_plain_words() -> None:
    """ipywidgets writes "<description> (<count>)" into the button: the label is the tooltip (shown by
    theme.py's CSS for ``nt-game-upload``) and the description, where the count goes, stays empty."""
    app = GameApp()
    assert app.upload.description == ""
    assert app.upload.tooltip == "Open a saved game file"
    assert "nt-game-upload" in app.upload._dom_classes


def test_load_game_accepts_a_bare_state() -> None:
    s = nidlib.new_game(2, seed=3)
    history, seats, index = load_game(nidlib.to_json(s))
    assert history[0][0] == s
    assert seats == ["human", "human"]
    assert index == 0


def test_whole_game_against_a_bot_reaches_the_score_sheet() -> None:
    app = started(seed=11)
    c = app.controller
    assert c is not None
    for _ in range(400):
        if c.state.is_over:
            break
        table = app.table_box.children[0]
        if not app.auto_button.disabled:
            app.auto_button.click()
        elif table.bid_panel.player is not None:
            bid_first_coins(app)
        else:
            enabled = [b for _, b in table.action_panel.shown if not b.disabled]
            enabled[0].click()
    assert c.state.is_over
    assert "The game is over" in app.turn.value
    table = app.table_box.children[0]
    assert table.scores.layout.display == ""
    assert "nt-score-table" in app.final_sheet.value
    assert "Ana" in table.scores.html.value
    # replaying the saved log gives the same final position
    app.save_button.click()
    history, _, _ = load_game(app.json_area.value)
    assert history[-1][0] == c.state


def test_hot_seat_table_follows_the_human_to_act() -> None:
    app = started(("human", "human"))
    c = app.controller
    assert c is not None
    assert c.seat is None
    assert app.table_seat() == 0
    bid_first_coins(app)
    assert app.table_seat() == 1
    assert "hand the screen to Bo" in app.turn.value


# --- lesson 9's clicks stay small (issue 13, "Responsiveness"; bench/game_clicks.py) ------------


def _log_text(app: GameApp) -> str:
    log = app.table_box.children[0].event_log
    return "".join(pane.value for pane in log._box.children)


def _play(app: GameApp, moves: int) -> None:
    """``moves`` clicks as a learner makes them: Auto-play, a bid of the lowest coins, the first choice."""
    c = app.controller
    assert c is not None
    for _ in range(moves):
        if c.state.is_over:
            return
        if any(p in c.bots for p in nidlib.to_act(c.state)):
            app.auto_button.click()
        elif nidlib.decision(c.state).kind == "bids":
            bid_first_coins(app)
        else:
            panel = app.table_box.children[0].action_panel
            next(b for _, b in panel.shown if not b.disabled).click()


def test_the_game_log_redraws_only_its_newest_pane_and_follows_the_history() -> None:
    app = started(("human", "greedy"))
    c = app.controller
    assert c is not None
    log = app.table_box.children[0].event_log
    _play(app, 20)
    panes = list(log._box.children)
    assert len(panes) > 3
    frozen = [(p, p.value) for p in panes[:-2]]
    _play(app, 1)
    assert [(p, p.value) for p in log._box.children[: len(frozen)]] == frozen  # older panes untouched
    newest = r.visible_events(c.events, 0)[-1].text(None, cite=False)
    assert escape(newest) in _log_text(app)
    n_shown = len(log._box.children)
    app.history.value = 1  # back in history: later lines leave the log
    assert len(log._box.children) < n_shown
    assert escape(newest) not in _log_text(app)
    app.history.value = len(c.history) - 1
    assert escape(newest) in _log_text(app)


def test_a_hint_depends_only_on_the_position_and_is_prepared_after_the_first() -> None:
    first = started(("human", "greedy"))
    text = first.hint()
    again = started(("human", "greedy"))
    assert again.hint() == text  # the same position, the same hint (a bot seeded per position)
    assert first.hint() == text  # asking twice does not change it
    bid_first_coins(first)
    c = first.controller
    assert c is not None
    app_auto = first.auto_button
    if not app_auto.disabled:
        app_auto.click()  # the bot bids: Ana must act again
    assert list(nidlib.to_act(c.state)) == [0]
    known = first._hints.get(c.index)  # worked out (or being) while the learner thinks
    assert known is not None
    assert known[0] is c.state
    assert first.hint().startswith("The strongest bot would choose for Ana")


def test_the_keyboard_shortcuts_are_announced_in_every_language() -> None:
    for lang, title in (("en", "Keyboard shortcuts"), ("zh-Hant", "鍵盤快速鍵"), ("zh-Hans", "键盘快捷键")):
        app = GameApp(lang)
        assert title in app.keys_help.value
        assert "nt-game-keys" in app.keys_help._dom_classes
        assert "game.keys" not in app.keys_help.value  # no raw catalogue key


def test_the_game_log_panes_share_one_layout_and_one_style() -> None:
    """A new pane of the log is one widget model (one message to the page), not three."""
    app = started(("human", "greedy"))
    _play(app, 12)
    panes = app.table_box.children[0].event_log._box.children
    assert len(panes) > 2
    assert len({id(p.layout) for p in panes}) == 1
    assert len({id(p.style) for p in panes}) == 1


def test_the_position_line_changes_after_the_table_so_a_driver_waiting_for_it_reads_the_new_table() -> None:
    app = started(("human", "greedy"))
    order: list[str] = []
    table = app.table_box.children[0]
    table.taverns.html.observe(lambda _ch: order.append("taverns"), names=["value"])
    table.event_log._box.observe(lambda _ch: order.append("log"), names=["children"])
    app.position.observe(lambda _ch: order.append("position"), names=["value"])
    seen = set()
    for _ in range(6):
        order.clear()
        _play(app, 1)
        seen.update(order)
        assert order[-1] == "position", order  # every change of the table came first
        assert order.count("position") == 1
    assert {"taverns", "log"} <= seen
