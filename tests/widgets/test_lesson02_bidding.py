"""Lesson 2 (bidding): the practice round, the gem-exchange explorer and the checks, driven from Python."""

from __future__ import annotations

import nidlib
from nidlib.core.coins import Coin
from widgets.lessons import l02_bidding as lesson


def test_scripted_bids_are_legal_and_leave_only_the_learner_to_bid() -> None:
    s = lesson.round_start()
    assert nidlib.decision(s).kind == "bids"
    assert nidlib.to_act(s) == (0, 1, 2)
    for a in lesson.scripted_bids():
        assert nidlib.check(s, a) is None
    s2, _ = lesson.round_after_scripted_bids()
    assert nidlib.to_act(s2) == (0,)


def choose(panel: object, texts: list[str]) -> None:
    """Choose the three tavern coins of the BidPanel by their text, as a learner would in the dropdowns."""
    from widgets import render as r

    used: list[int] = []
    for dd, text in zip(panel.taverns, texts, strict=True):  # type: ignore[attr-defined]
        label = r.coin_label(Coin.parse(text))
        k = next(v for lab, v in dd.options if lab == label and v not in used)
        used.append(k)
        dd.value = k


def test_a_three_way_tie_at_the_goblin_is_explained_by_nidlib() -> None:
    box = lesson.bid_round()
    c, ctl = box.controller, box.controls
    assert nidlib.to_act(c.state) == (0,)  # Bo and Cy have bid: only Ana is left
    assert "Bo has placed five coins face down" in ctl["log"].html.value
    choose(ctl["panel"], ["4", "0", "5b"])
    ctl["panel"].confirm.click()
    log = ctl["log"].html.value
    assert "Bo, Cy and Ana all bid 4 on the Laughing Goblin" in log
    # Bo has gem 5, Cy 4, Ana 3: order by gems
    assert [c.state.players[i].name for i in c.state.order] == ["Bo", "Cy", "Ana"]
    ctl["step"].click()
    # after the Goblin, Bo (5) and Ana (3) swapped, Cy kept the middle gem
    assert [p.gem for p in c.state.players] == [5, 3, 4]
    assert c.state.tavern == 1
    assert "Bo and Ana were tied (both bid 4): they exchange gems" in ctl["log"].html.value
    ctl["step"].click()
    ctl["step"].click()
    assert nidlib.decision(c.state).kind == "bids"  # next round: everyone bids again
    assert all(len(p.hand) == 5 for p in c.state.players)


def test_bid_round_widget_plays_the_whole_round() -> None:
    box = lesson.bid_round()
    c, ctl = box.controller, box.controls
    panel = ctl["panel"]
    assert ctl["step"].layout.display == "none"  # nothing to resolve before Ana bids
    ctl["step"].click()  # a click out of order changes nothing
    assert c.index == 0
    panel.confirm.click()  # nothing chosen yet
    assert "Choose a coin for the Laughing Goblin first" in panel.message.html.value
    assert c.index == 0
    choose(panel, ["5b", "4", "0"])
    assert "2 (basic), 3 (basic)" in panel.pouch.value
    panel.confirm.click()
    assert c.state.players[0].slots[0] == Coin.parse("5b")
    assert panel.layout.display == "none"
    assert "Pick order at the Laughing Goblin: Ana, Bo and Cy" in ctl["log"].html.value
    assert ctl["step"].layout.display == ""
    assert "Laughing Goblin is revealed" in ctl["guide"].value
    ctl["step"].click()
    assert "Dancing Dragon: the bids are revealed" in ctl["log"].html.value
    ctl["step"].click()
    ctl["step"].click()
    assert ctl["step"].layout.display == "none"
    assert ctl["again"].layout.display == ""
    assert box.children[3].layout.display == "none"  # no bid panel for the next round
    assert "The round is over" in ctl["guide"].value
    steps = c.index
    ctl["step"].click()  # clicking again after the end does nothing
    assert c.index == steps
    ctl["again"].click()
    assert c.index == 0
    assert nidlib.to_act(c.state) == (0,)
    assert panel.layout.display == ""
    assert box.children[3].layout.display == ""


def play_round(box: object, texts: list[str]) -> None:
    """Bid ``texts`` on the three taverns, then resolve them (the blue button) until it is hidden."""
    ctl = box.controls  # type: ignore[attr-defined]
    choose(ctl["panel"], texts)
    ctl["panel"].confirm.click()
    while ctl["step"].layout.display != "none":
        ctl["step"].click()


def test_the_end_of_the_round_offers_another_round() -> None:
    box = lesson.bid_round()
    c, ctl = box.controller, box.controls
    assert ctl["more"].layout.display == "none"  # nothing to go on to yet
    play_round(box, ["5b", "4", "0"])
    assert "The round is over" in ctl["guide"].value
    assert ctl["more"].layout.display == ""
    assert "Play another round" in ctl["guide"].value  # the sentence names the next step
    ctl["more"].click()
    s = c.state
    assert (s.round, nidlib.decision(s).kind, nidlib.to_act(s)) == (2, "bids", (0,))  # Bo and Cy bid again
    assert s.players[1].bid_done
    assert box.children[3].layout.display == ""  # the bid panel is back, for round 2
    assert ctl["panel"].layout.display == ""
    assert ctl["more"].layout.display == "none"
    assert "Choose a coin for each of the three taverns" in ctl["guide"].value
    play_round(box, ["5b", "4", "0"])
    assert c.state.round == 3
    assert "The round is over" in ctl["guide"].value
    ctl["again"].click()  # back to the very first round
    assert (c.state.round, nidlib.to_act(c.state)) == (1, (0,))
    assert ctl["panel"].layout.display == ""


def test_every_position_of_the_practice_offers_a_control() -> None:
    box = lesson.bid_round()
    c, ctl = box.controller, box.controls

    def shown() -> list[str]:
        out = [k for k in ("step", "more", "again") if ctl[k].layout.display != "none"]
        if box.children[3].layout.display != "none" and ctl["panel"].layout.display != "none":
            out.append("panel")
        return out

    assert shown() == ["panel"]
    play_round(box, ["5b", "4", "0"])
    for _ in range(12):  # round after round, through the end of Age I, until no round is left
        assert shown(), (c.state.age, c.state.round)
        if ctl["more"].layout.display == "none":
            break
        ctl["more"].click()
        assert "panel" in shown()
        for k, dd in enumerate(ctl["panel"].taverns):
            dd.value = k
        ctl["panel"].confirm.click()
        while ctl["step"].layout.display != "none":
            assert shown()
            ctl["step"].click()
    assert "again" in shown()
    assert "The round is over" in ctl["guide"].value
    assert "Play the round again" in ctl["guide"].value


def test_start_again_in_the_middle_of_the_round_takes_back_the_bid() -> None:
    box = lesson.bid_round()
    c, ctl = box.controller, box.controls
    assert ctl["again"].layout.display == "none"  # nothing to start again yet
    choose(ctl["panel"], ["4", "0", "5b"])
    ctl["panel"].confirm.click()
    ctl["step"].click()
    assert c.state.tavern == 1
    assert ctl["again"].layout.display == ""
    ctl["again"].click()
    assert nidlib.to_act(c.state) == (0,)
    assert ctl["panel"].layout.display == ""
    assert ctl["step"].layout.display == "none"
    assert "Pick order" not in ctl["log"].html.value


def test_a_coin_already_on_a_tavern_moves_instead_of_being_placed_twice() -> None:
    box = lesson.bid_round()
    c, panel = box.controller, box.controls["panel"]
    goblin, dragon, horse = panel.taverns  # Ana's hand: 0, 2, 3, 4, 5b (indices 0..4)
    goblin.value = 4  # the basic 5 on the Goblin
    dragon.value = 4  # ... then on the Dragon: it leaves the Goblin
    assert (goblin.value, dragon.value, horse.value) == (None, 4, None)
    goblin.value = 3
    horse.value = 0
    goblin.value = 0  # the 0 was on the Horse: the Horse gets the Goblin's 4 (a swap)
    assert (goblin.value, dragon.value, horse.value) == (0, 4, 3)
    assert "2 (basic), 3 (basic)" in panel.pouch.value
    panel.confirm.click()
    assert c.state.players[0].bid_done
    assert [str(x) for x in c.state.players[0].slots[:3]] == ["0", "5b", "4"]


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
    count, six, out = box.controls["count"], box.controls["six"], box.controls["out"]
    assert "Bo keeps gem 4" in out.value
    count.value = 4
    assert "Bo and Cy were tied (both bid 3)" in out.value
    six.value = True
    assert "never exchanged" in out.value


def test_check_questions_use_nidlib_answers() -> None:
    box = lesson.check_first()
    q = box.question
    s = lesson.question_first_state()
    assert lesson.first_picker() == s.players[s.order[0]].name == "Ana"  # 5 beats 4, Ana's gem 4 beats Cy's 2
    q.check.click()
    assert "Choose an answer first" in q.feedback.value
    q.choice.value = "Cy"
    q.check.click()
    assert "nt-feedback-wrong" in q.feedback.value
    assert "only matter between players who bid the same value" in q.feedback.value  # the hint
    q.choice.value = "Ana"
    q.check.click()
    assert "Right!" in q.feedback.value
    assert "Ana&#x27;s gem is higher (4 &gt; 2)" in q.feedback.value  # nidlib's sentence
    assert q.solved
    box2 = lesson.check_swaps()
    q2 = box2.question
    assert lesson.swaps_answer() == "Ana ↔ Di"  # Bo holds gem 6 and steps out; Cy keeps the middle gem
    assert lesson.swaps_answer() in [v for _, v in q2.choice.options]
    q2.choice.value = "Ana ↔ Di; Bo ↔ Cy"
    q2.check.click()
    assert "Gem 6 is never exchanged" in q2.feedback.value
    q2.choice.value = "Ana ↔ Di"
    q2.check.click()
    assert "Right!" in q2.feedback.value
    assert "R-GEM-3" in q2.feedback.value


def test_translations_cover_every_lesson_key() -> None:
    from nidlib.core.messages import _load

    en = {k for k in _load("en") if k.startswith("l02.")}
    for lang in ("zh-Hant", "zh-Hans"):
        assert en <= set(_load(lang)), lang
