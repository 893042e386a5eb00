"""Lesson 8: the classroom auction keeps each bid hidden, reveals tavern by tavern, replays and resets."""

from __future__ import annotations

from widgets.lessons import l08_classroom as lesson


def _bid(a: lesson.ClassroomAuction, i: int, slots: tuple[int, int, int]) -> None:
    a.shows[i].click()
    panel = a.bid_panels[i]
    for dd, k in zip(panel.taverns, slots, strict=True):
        dd.value = k
    panel.confirm.click()


def _started(n: int = 3) -> lesson.ClassroomAuction:
    a = lesson.ClassroomAuction()
    a.count.value = n
    a.start_button.click()
    return a


def test_setup_refuses_duplicate_names() -> None:
    a = lesson.ClassroomAuction()
    a.names[1].value = "Ana"
    a.start_button.click()
    assert a.controller is None
    assert "same name" in a.setup_message.value


def test_player_count_and_names() -> None:
    a = lesson.ClassroomAuction()
    a.count.value = 4
    assert [b.layout.display for b in a.names] == ["", "", "", "", "none"]
    a.names[3].value = "Dora"
    a.start_button.click()
    assert a.controller is not None
    assert [p.name for p in a.controller.state.players] == ["Ana", "Bo", "Cy", "Dora"]
    assert a.setup.layout.display == "none"


def test_coins_reach_the_page_only_for_the_player_who_asked() -> None:
    a = _started()
    assert a.bid_boxes[1].children == ()
    a.shows[1].click()
    assert a.bid_boxes[1].children
    assert a.bid_boxes[0].children == ()
    a.shows[0].click()  # the laptop went to Ana instead: Bo's coins are gone
    assert a.bid_boxes[1].children == ()
    assert a.bid_boxes[0].children


def test_a_confirmed_bid_collapses_and_stays_hidden() -> None:
    a = _started()
    _bid(a, 1, (2, 0, 1))
    assert "Bo has bid." in a.turns[1].value
    assert a.bid_boxes[1].children == ()
    assert a.shows[1].layout.display == "none"
    assert "Still to bid: Ana and Cy." in a.status.value
    # every coin on the board is face down while bids are sealed
    assert a.bids.value.count("nt-coin-back") == 3
    assert "Reveal" not in a.log.value


def test_reveal_tavern_by_tavern_with_the_engine_explanations() -> None:
    a = _started()
    for i in range(3):
        _bid(a, i, (0, 1, 2))  # everyone bids the same: ties broken by gems
    assert a._phase() == "reveal"
    assert a.reveal.layout.display == ""
    assert "Laughing Goblin" in a.reveal.description
    assert "the bids are revealed" not in a.log.value
    a.reveal.click()
    assert "Laughing Goblin: the bids are revealed" in a.log.value
    assert "the higher gem goes first" in a.log.value
    assert "Dancing Dragon: the bids are revealed" not in a.log.value
    assert a.bids.value.count("nt-coin-back") == 6
    assert a.picks_box.layout.display == ""
    for _ in range(3):
        a.picks.shown[0][1].click()
    assert a._phase() == "reveal"
    assert "exchange gems" in a.log.value
    assert "Dancing Dragon" in a.reveal.description


def test_a_double_click_on_reveal_reveals_one_tavern_only() -> None:
    a = _started()
    for i in range(3):
        _bid(a, i, (0, 1, 2))
    assert a.controller is not None
    a.controller.say("Cy has placed the bid.")
    a.reveal.click()
    a.reveal.click()  # the second click of a double click, on a button now hidden
    assert a.revealed == 1
    assert a.controller.message is None  # the bidding's message is gone once the reveal starts
    for _ in range(3):
        a.picks.shown[0][1].click()
    assert a._phase() == "reveal"  # the teacher still reveals the Dancing Dragon
    assert "Dancing Dragon: the bids are revealed" not in a.log.value


def _play_round(a: lesson.ClassroomAuction) -> None:
    for _ in range(60):
        phase = a._phase()
        if phase == "round-over":
            return
        if phase == "bids":
            i = next(k for k, p in enumerate(a.controller.state.players) if not p.bid_done)
            _bid(a, i, (2, 1, 0))
        elif phase == "reveal":
            a.reveal.click()
        else:
            a.picks.shown[0][1].click()
    raise AssertionError("the round did not end")


def test_replay_next_round_and_new_game() -> None:
    a = _started(2)
    start = a.controller.state
    _play_round(a)
    assert "The round is over" in a.status.value
    assert a.next_round.layout.display == ""
    # what everyone took is shown, not the next round's dwarves
    names = [p.name for p in a.controller.state.players]
    for name in names:
        assert f"{name}&#x27;s army" in a.taverns.value
    assert "nt-tavern" not in a.taverns.value
    assert a.bids.value == ""
    a.replay.click()
    assert a.controller.state is start
    assert a._phase() == "bids"
    _play_round(a)
    a.next_round.click()
    assert a._phase() == "bids"
    assert a.controller.state.round == 2
    assert a.log.value.count("revealed") == 0
    a.new_game.click()
    assert a.setup.layout.display == ""
    assert a.controller is None


def _models() -> int:
    from ipywidgets.widgets.widget import _instances

    return len(_instances)


def test_hidden_coins_leave_the_widget_models() -> None:
    a = _started()
    panel = a.bid_panel
    assert all(dd.options == () for dd in panel.taverns)  # nobody has the laptop: no coins anywhere
    a.shows[1].click()
    assert len(panel.taverns[0].options) == 6  # "choose" and Bo's five coins
    for k, dd in enumerate(panel.taverns):
        dd.value = k
    a.hide.click()
    assert a.bid_boxes[1].children == ()
    assert all(dd.options == () for dd in panel.taverns)
    assert "basic" not in panel.pouch.value
    _bid(a, 2, (0, 1, 2))
    assert all(dd.options == () for dd in panel.taverns)


def test_clicks_only_update_widgets_built_with_the_page() -> None:
    a = lesson.ClassroomAuction()
    before = _models()
    a.count.value = 5
    a.start_button.click()
    a.shows[0].click()
    a.shows[3].click()
    a.hide.click()
    _bid(a, 4, (0, 1, 2))
    a.new_game.click()
    a.count.value = 2
    a.start_button.click()
    a.shows[1].click()
    assert _models() == before


def test_ten_games_do_not_pile_up_widgets() -> None:
    a = lesson.ClassroomAuction()
    counts = []
    for _ in range(10):
        a.count.value = 3
        a.start_button.click()
        for i in range(3):
            a.shows[i].click()
            a.hide.click()
            _bid(a, i, (2, 1, 0))
        _play_round(a)  # reveals every tavern, everyone picks
        a.replay.click()
        a.new_game.click()
        counts.append(_models())
    assert max(counts) - counts[0] <= 2, counts
