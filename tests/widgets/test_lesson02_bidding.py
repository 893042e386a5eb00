"""Lesson 2 (bidding): the practice round, the gem-exchange explorer and the checks, driven from Python."""

from __future__ import annotations

import nidlib
from nidlib.coins import Coin
from widgets.lessons import l02_bidding as lesson


def coins(*texts: str) -> list[Coin]:
    return [Coin.parse(t) for t in texts]


def test_scripted_players_bid_only_after_the_learner() -> None:
    s = lesson.round_start()
    assert nidlib.decision(s).kind == "bids"
    assert nidlib.to_act(s) == (0, 1, 2)
    for a in lesson.scripted_bids():
        assert nidlib.check(s, a) is None


def test_a_three_way_tie_at_the_goblin_is_explained_by_nidlib() -> None:
    m = lesson.BidRound()
    assert m.try_bid(coins("4", "0", "5b"), coins("2", "3")) is None
    texts = [e.text() for e in m.log]
    assert any("Bo, Cy and Ana all bid 4 on the Laughing Goblin" in t and "[R-ORDER-2]" in t for t in texts)
    # Bo has gem 5, Cy 4, Ana 3: order by gems
    assert [m.state.players[i].name for i in m.state.order] == ["Bo", "Cy", "Ana"]
    m.next_tavern()
    # after the Goblin, Bo (5) and Ana (3) swapped, Cy kept the middle gem
    assert [p.gem for p in m.state.players] == [5, 3, 4]
    assert m.state.tavern == 1
    while not m.finished:
        m.next_tavern()
    assert nidlib.decision(m.state).kind == "bids"  # next round: everyone bids again
    assert all(len(p.hand) == 5 for p in m.state.players)


def test_an_illegal_bid_is_refused_with_its_rule() -> None:
    m = lesson.BidRound()
    v = m.try_bid(coins("4", "4", "5b"), coins("2", "3"))
    assert v is not None
    assert v.rule == "R-BID-1"
    assert m.bid is None


def test_bid_round_widget_plays_the_whole_round() -> None:
    box = lesson.bid_round()
    c = box.controls
    panel = c["panel"]
    panel.button.click()  # nothing chosen yet
    assert "Laughing Goblin" in panel.error.value
    panel.set_bid(["5b", "4", "0"])
    assert "2 (basic) + 3 (basic)" in panel.pouch.value
    panel.button.click()
    assert box.model.bid is not None
    assert panel.layout.display == "none"
    assert "Pick order at the Laughing Goblin: Ana, Bo and Cy" in c["log"].value
    assert c["step"].layout.display is None
    c["step"].click()
    assert "Dancing Dragon: the bids are revealed" in c["log"].value
    c["step"].click()
    c["step"].click()
    assert box.model.finished
    assert c["step"].layout.display == "none"
    c["again"].click()
    assert box.model.bid is None
    assert panel.layout.display is None


def test_the_same_coin_on_two_taverns_is_refused_by_nidlib() -> None:
    box = lesson.bid_round()
    panel = box.controls["panel"]
    for chooser in panel.choosers:
        chooser.value = 4  # the basic 5 (hand is 0, 2, 3, 4, 5b) everywhere
    panel.button.click()
    assert "R-BID-1" in panel.error.value
    assert box.model.bid is None


def test_tie_results_at_every_player_count() -> None:
    r2 = lesson.tie_result(2)
    assert (r2.before, r2.after) == ((5, 4), (4, 5))
    r3 = lesson.tie_result(3)
    assert r3.after == (3, 4, 5)  # the middle gem stays
    r5 = lesson.tie_result(5)
    assert r5.swaps == [("Ana", "Ed"), ("Bo", "Di")]
    assert r5.after == (1, 2, 3, 4, 5)
    six = lesson.tie_result(2, gem6=True)
    assert six.before == six.after == (5, 6)
    assert six.first == "Bo"
    assert any(e.key == "gem.six-kept" for e in six.events)


def test_gem_explorer_updates_when_the_player_count_changes() -> None:
    box = lesson.gem_exchange()
    count, six = box.children[0].children
    out = box.children[1]
    assert "Bo keeps gem 4" in out.value
    count.value = 4
    assert "Bo and Cy were tied at 3" in out.value
    six.value = True
    assert "never exchanged" in out.value


def test_check_questions_use_nidlib_answers() -> None:
    q = lesson.check_first()
    s = lesson.question_first_state()
    assert q.answer == s.players[s.order[0]].name == "Ana"  # 5 beats 4, Ana's gem 4 beats Cy's gem 2
    ctl = q.controls
    ctl["check"].click()
    assert "Choose an answer first" in ctl["feedback"].value
    ctl["choice"].value = "Cy"
    ctl["check"].click()
    assert "nt-feedback-wrong" in ctl["feedback"].value
    ctl["choice"].value = "Ana"
    ctl["check"].click()
    assert "Right!" in ctl["feedback"].value
    q2 = lesson.check_swaps()
    assert q2.answer == "Ana ↔ Cy"  # Di holds gem 6 and steps out
    q2.controls["choice"].value = q2.answer
    q2.controls["check"].click()
    assert "R-GEM-3" in q2.controls["feedback"].value


def test_translations_cover_every_lesson_key() -> None:
    from nidlib.messages import _load

    en = {k for k in _load("en") if k.startswith("l02.")}
    for lang in ("zh-Hant", "zh-Hans"):
        assert en <= set(_load(lang)), lang
