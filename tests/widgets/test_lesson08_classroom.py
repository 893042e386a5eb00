"""Lesson 8: the classroom auction keeps each bid hidden, reveals tavern by tavern, replays and resets."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import nidlib
from widgets.classroom import live
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
    # the bids table stays, every tavern revealed, the pick order marked
    assert a.bids.value.count("nt-coin-back") == 0
    assert a.bids.value.count("nt-class-rank-1") == 3
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


# -- the projector: the bids table's marks, the scoreboard, the statistics, undo, projector mode ------


def _reveal_all_picks(a: lesson.ClassroomAuction) -> None:
    """The players of the revealed tavern take their cards (the first offered action each time)."""
    while a._phase() == "picks":
        a.picks.shown[0][1].click()


def test_the_bids_table_marks_the_pick_order_the_ties_and_the_gem_exchange() -> None:
    a = _started()
    for i in range(3):
        _bid(a, i, (0, 1, 2))  # everyone bids the same coins: every tavern is a three-way tie
    a.reveal.click()
    board = a.bids.value
    # the engine's order (R-ORDER-2): by gem, Ana 5 > Bo 4 > Cy 3 at the deal of seed 7
    order = nidlib_order(a)
    for rank, player in enumerate(order, 1):
        assert f"nt-class-rank-{rank}" in _cell(board, player, 0)
        assert "nt-coin-back" in _cell(board, player, 1)
    assert board.count("nt-class-tie") == 3
    assert "nt-class-swap" not in board  # the gems change hands after the tavern, not before
    assert board.count("nt-coin-back") == 6
    _reveal_all_picks(a)
    board = a.bids.value
    assert board.count("nt-class-swap") == 2  # highest and lowest gem exchange; the middle one keeps it
    assert "took " in board
    swapped = [e.params for e in a.controller.events if e.key == "gem.swap"]
    assert len(swapped) == 1
    assert f"gem {swapped[0]['gem_b']}→{swapped[0]['gem_a']}" in board
    assert "Highest bid" in a.stats.value
    assert "Gem exchanges" in a.stats.value
    assert "Scoreboard" in a.scoreboard.value


def _cell(board: str, player: int, tavern: int) -> str:
    """The bids table's cell of one player's coin on one tavern."""
    found = re.search(f'<td data-player="{player}" data-tavern="{tavern}">(.*?)</td>', board)
    assert found is not None, (player, tavern)
    return found.group(1)


def nidlib_order(a: lesson.ClassroomAuction) -> list[int]:
    """The pick order nidlib decided for the tavern being resolved (its state's ``order``)."""
    assert a.controller is not None
    return list(a.controller.state.order)


def test_undo_the_last_reveal_goes_back_before_it() -> None:
    a = _started()
    for i in range(3):
        _bid(a, i, (2, 1, 0))
    assert a.undo_reveal.layout.display == "none"
    a.reveal.click()
    _reveal_all_picks(a)
    at_second = a.controller.index
    a.reveal.click()
    a.picks.shown[0][1].click()  # one pick at the Dancing Dragon
    assert a.undo_reveal.layout.display == ""
    a.undo_reveal.click()
    assert a.revealed == 1
    assert a._phase() == "reveal"
    assert a.controller.index == at_second
    assert len(a.controller.history) == at_second + 1  # the undone pick is gone
    assert "Dancing Dragon: the bids are revealed" not in a.log.value
    assert a.bids.value.count("nt-coin-back") == 6
    a.undo_reveal.click()  # and the first reveal too: back to the end of the bidding
    assert a.revealed == 0
    assert a._phase() == "reveal"
    assert a.bids.value.count("nt-coin-back") == 9
    assert a.undo_reveal.layout.display == "none"


def test_projector_mode_is_a_toggle() -> None:
    a = _started()
    assert "nt-projector" not in a.widget._dom_classes
    a.projector.value = True
    assert "nt-projector" in a.widget._dom_classes
    assert 'data-section="intro"' in a.projector_style.value
    a.projector.value = False
    assert "nt-projector" not in a.widget._dom_classes
    assert a.projector_style.value == ""


# -- a live class ------------------------------------------------------------------------------------


@pytest.fixture
def rooms_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "rooms.sqlite3"
    monkeypatch.setenv("NIDAVELLIR_ROOM_DB", str(path))
    return path


def _class(n: int = 2) -> lesson.ClassroomAuction:
    a = lesson.ClassroomAuction()
    a.mode.value = "class"
    a.count.value = n
    a.start_button.click()
    assert a.room is not None
    return a


def _student_bids(s: live.StudentPage, coins: tuple[int, int, int]) -> None:
    panel = s.panel
    assert panel is not None
    for dd, k in zip(panel.taverns, coins, strict=True):
        dd.value = k
    panel.confirm.click()


def test_a_student_joins_bids_and_the_teacher_sees_who_not_what(rooms_db: Path) -> None:
    a = _class(2)
    assert a.room.code in a.room_info.value
    assert "Ana: waiting for the team" in a.turns[0].value
    s = live.StudentPage(a.room.code)
    s.name.value = "Lee"
    s.join_button.click()
    assert "You are Lee, in team Ana" in s.who.value
    assert s.panel is not None  # Ana's coins, from Ana's own view of the game
    a.poll()
    assert "Lee" in a.room_info.value  # the roster
    _student_bids(s, (2, 1, 0))
    assert "bid is sealed" in s.sealed.value
    assert s.panel is None
    a.poll()
    assert "Ana has bid (Lee)." in a.turns[0].value
    assert a.controller.state.players[0].bid_done
    assert a.bids.value.count("nt-coin-back") == 3  # sealed on the projector
    # the next student joins the other team, which has not bid: its own coins, no bid of Lee's
    other = live.StudentPage(a.room.code)
    other.name.value = "Mo"
    other.join_button.click()
    assert "team Bo" in other.who.value  # the emptiest team
    assert "sealed" not in other.sealed.value
    _student_bids(other, (0, 1, 2))
    a.poll()
    assert a._phase() == "reveal"
    a.reveal.click()
    assert "Laughing Goblin: the bids are revealed" in a.log.value


def test_a_team_bids_once_and_a_teammate_sees_only_their_own_team(rooms_db: Path) -> None:
    a = _class(2)
    students = []
    for name in ("Lee", "Mo", "Noa"):
        s = live.StudentPage(a.room.code)
        s.name.value = name
        s.join_button.click()
        students.append(s)
    lee, mo, noa = students  # Lee and Noa are team Ana, Mo is team Bo
    from widgets.classroom.room import RoomError, Rooms

    # each team's page gets its own view of the game, nothing more (nidlib.view_for)
    for s in students:
        assert s.member is not None
        offer = Rooms(rooms_db).offer(s.member.token, s.ballot)
        assert offer is not None
        assert nidlib.from_json(offer).viewer == s.member.seat
    assert "team Ana" in noa.who.value
    _student_bids(lee, (2, 1, 0))
    noa.poll()
    assert "bid is sealed" in noa.sealed.value  # Noa's team has bid: Noa sees it, and no panel
    assert noa.panel is None
    mo.poll()
    assert "sealed" not in mo.sealed.value  # Mo's team has not: Lee's coins are nowhere on Mo's page
    assert mo.panel is not None
    # a bid for team Ana through the room itself is refused: once per tavern
    with pytest.raises(RoomError, match="twice"):
        Rooms(rooms_db).place_bid(noa.member.token, noa.ballot, {0: "0"})


def test_the_room_survives_a_kernel_restart_and_a_closed_tab(rooms_db: Path) -> None:
    a = _class(2)
    lee = live.StudentPage(a.room.code)
    lee.name.value = "Lee"
    lee.join_button.click()
    _student_bids(lee, (2, 1, 0))
    a.poll()
    # Lee's tab is closed; the link brings Lee back with the sealed bid
    back = live.StudentPage(a.room.code, lee.member.token)
    assert "You are Lee" in back.who.value
    assert "bid is sealed" in back.sealed.value
    # the same name and PIN too; a wrong PIN does not
    again = live.StudentPage(a.room.code)
    again.name.value = "lee"
    again.join_button.click()
    assert "already called" in again.message.value
    again.pin.value = lee.member.pin
    again.join_button.click()
    assert "You are Lee" in again.who.value
    mo = live.StudentPage(a.room.code)
    mo.name.value = "Mo"
    mo.join_button.click()
    _student_bids(mo, (0, 1, 2))
    a.poll()
    a.reveal.click()
    state, revealed = a.controller.state, a.revealed
    # the teacher's kernel restarts: a new page with the teacher's link plays the game again
    b = lesson.Lesson8Page()
    b.follow_address({"room": a.room.code, "teacher": a.room.key})
    again_a = b.auction
    assert again_a.controller is not None
    assert nidlib.to_json(again_a.controller.state) == nidlib.to_json(state)
    assert again_a.revealed == revealed
    assert "Laughing Goblin: the bids are revealed" in again_a.log.value
    wrong = lesson.Lesson8Page()
    wrong.follow_address({"room": a.room.code, "teacher": "not the key"})
    assert wrong.auction.controller is None
    assert "not the teacher" in wrong.auction.setup_message.value


def test_a_student_address_shows_the_students_page(rooms_db: Path) -> None:
    a = _class(2)
    page = lesson.Lesson8Page()
    page.follow_address({"room": a.room.code.lower()})
    assert page.student is not None
    assert page.widget.children == (page.student.widget,)
    assert page.student.code.value == a.room.code
    page.student.code.value = "NOPE9"
    page.student.name.value = "Lee"
    page.student.join_button.click()
    assert "There is no room NOPE9" in page.student.message.value


def test_a_students_language_links_keep_the_room(rooms_db: Path) -> None:
    a = _class(2)
    s = live.StudentPage(a.room.code)
    assert f'href="?room={a.room.code}&amp;lang=zh-Hant"' in s.languages.value
    s.name.value = "Lee"
    s.join_button.click()
    assert s.member is not None
    assert f"?room={a.room.code}&amp;me={s.member.token}&amp;lang=zh-Hans" in s.languages.value


def test_an_unreachable_class_database_is_a_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hub's database URL that is wrong: the teacher's form and a student's page say so, no traceback."""
    monkeypatch.setenv("NIDAVELLIR_ROOM_DB", "mysql://teacher@db.school/rooms")
    a = lesson.ClassroomAuction()
    a.mode.value = "class"
    a.start_button.click()
    assert a.room is None
    assert a.controller is None
    assert "starts with mysql://" in a.setup_message.value
    s = live.StudentPage("ABCDE")
    assert "starts with mysql://" in s.message.value
    assert s.join_button.disabled
    s.join_button.click()
    assert s.member is None


def test_a_live_class_shows_the_picks_on_the_teachers_board_and_on_the_students_pages(
    rooms_db: Path,
) -> None:
    """Two teams bid the same coins (every tavern a tie, R-ORDER-2): once a tavern is revealed and
    picked, the teacher's board marks who took which card in pick order, the tie and the gem
    exchange (R-GEM-2), as on one laptop; every student's page lists the same, in its own language;
    and every pick is in the room at once (a reloaded teacher's page finds it)."""
    from nidlib.core.messages import set_language, term

    a = _class(2)
    students = []
    for name in ("Lee", "Mo"):
        s = live.StudentPage(a.room.code)
        s.name.value = name
        s.join_button.click()
        _student_bids(s, (0, 1, 2))
        students.append(s)
    a.poll()
    a.reveal.click()
    order = nidlib_order(a)  # the engine's: the higher gem first
    _reveal_all_picks(a)
    board = a.bids.value
    took = {e.params["name"]: e.params["card"] for e in a.controller.events if e.key.startswith("pick.")}
    players = a.controller.state.players
    for rank, i in enumerate(order, 1):
        cell = _cell(board, i, 0)
        assert f"nt-class-rank-{rank}" in cell
        assert "nt-class-tie" in cell
        assert "nt-class-swap" in cell
        assert f"took {term(took[players[i].name])}" in cell
    # a student's page: the same picks, in pick order, nothing of the taverns not revealed
    lee = students[0]
    lee.poll()
    assert "Taverns revealed so far: 1 of 3" in lee.status.value
    picks = re.findall(r'<li class="nt-join-pick"><b>(\w+)</b>', lee.status.value)
    assert picks == [players[i].name for i in order]
    assert lee.status.value.count("nt-class-tie") == 2
    assert lee.status.value.count("gem ") == 2
    assert 'data-tavern="1"' not in lee.status.value
    # the same news on a zh-Hant phone, in zh-Hant
    set_language("zh-Hant")
    students[1].poll()
    assert "已揭露的酒館：1 / 3" in students[1].status.value
    assert "平手" in students[1].status.value
    set_language("en")
    # the teacher's page is reloaded after the picks, before the next reveal: the picks are there
    b = lesson.Lesson8Page()
    b.follow_address({"room": a.room.code, "teacher": a.room.key})
    assert b.auction.controller is not None
    assert b.auction.controller.actions == a.controller.actions
    assert b.auction.bids.value == board
