"""Lesson 4 (army and heroes): each hero scene played through the shared components; answers from nidlib."""

from __future__ import annotations

import nidlib
from nidlib.core.cards import CLASSES, Hero
from widgets.lessons import l04_heroes as lesson


def buttons(box, *, enabled: bool = True) -> list:
    return [b for b in box.panel.choice_buttons if b.disabled is not enabled]


def click(box, label: str) -> None:
    next(b for b in buttons(box) if label in b.description).click()


def test_first_line_makes_recruitment_mandatory() -> None:
    box = lesson.scene("first-line")
    c = box.controller
    assert nidlib.lines(c.state.players[0]) == 0
    click(box, "Explorer 9")
    assert nidlib.decision(c.state).kind == "hero"
    assert lesson.heroes_owed(c.state) == 1
    assert "more complete lines (1) than heroes (0)" in box.event_log.html.value
    assert "lines 1 vs heroes 0" in box.children[2].html.value  # the ArmyView


def test_aral_cascade_recruits_again() -> None:
    box = lesson.scene("cascade")
    c = box.controller
    click(box, "Take Hunter")
    click(box, "Aral")
    p = c.state.players[0]
    assert nidlib.lines(p) == 3
    assert nidlib.decision(c.state).kind == "hero"
    assert lesson.heroes_owed(c.state) == 2


def test_thrud_is_lifted_and_placed_again() -> None:
    box = lesson.scene("thrud")
    c = box.controller
    assert c.state.players[0].thrud == CLASSES.index("explorer")
    click(box, "Explorer 9")
    assert nidlib.decision(c.state).kind == "thrud"
    assert c.state.players[0].thrud == -1
    click(box, "Warrior")
    assert c.state.players[0].thrud == CLASSES.index("warrior")


def test_hourya_needs_five_explorer_ranks_thrud_included() -> None:
    with_thrud = lesson.scene("hourya")
    click(with_thrud, "Blacksmith")
    assert any("Hourya" in b.description for b in buttons(with_thrud))
    without = lesson.scene("hourya-no-thrud")
    click(without, "Blacksmith")
    assert not any("Hourya" in b.description for b in buttons(without))
    assert nidlib.check(without.controller.state, nidlib.Recruit(0, Hero.HOURYA)).rule == "R-HERO-HOURYA-2"


def test_bonfur_cannot_discard_under_a_hero() -> None:
    box = lesson.scene("discard")
    c = box.controller
    click(box, "Blacksmith")
    click(box, "Bonfur")
    assert nidlib.decision(c.state).kind == "discard"
    legal = {str(a) for a in nidlib.legal_actions(c.state, 0)}
    assert "p0:discard:warrior" not in legal  # Kraal is on top
    v = nidlib.check(c.state, nidlib.Discard(0, (CLASSES[0],)))
    assert v is not None
    click(box, "Miner")
    assert len(c.state.players[0].columns[2]) == 1


def test_uline_takes_coins_back_and_bids_after_the_reveal() -> None:
    box = lesson.scene("uline")
    c = box.controller
    click(box, "Explorer 9")
    click(box, "Uline")
    s = c.state
    assert nidlib.decision(s).kind == "uline_bid"
    assert len(s.players[0].hand) == 4
    assert "Ana (Uline) now chooses a coin to lay face up" in box.event_log.html.value
    click(box, "4")
    assert "Ana lays the 4 face up on the Dancing Dragon" in box.event_log.html.value


def test_grid_upgrades_a_coin_by_seven() -> None:
    box = lesson.scene("grid")
    c = box.controller
    click(box, "Explorer 9")
    click(box, "Grid")
    assert nidlib.decision(c.state).params["amount"] == 7
    click(box, "Shining Horse")  # the 3 on the Horse becomes a 10
    assert c.state.players[0].slots[2].value == 10


def test_ylud_joins_a_column_at_the_end_of_the_age() -> None:
    box = lesson.scene("ylud")
    c = box.controller
    assert nidlib.decision(c.state).kind == "ylud"
    click(box, "Explorer")
    assert Hero.YLUD in c.state.players[0].columns[CLASSES.index("explorer")]
    assert "Ana places Ylud in the Explorer column" in box.event_log.html.value
    assert box.end_note.value == ""  # the Troop Evaluation follows: Ana still has a choice to make
    while nidlib.decision(c.state).kind != "bids":  # play on until Age II's bids
        c.apply(c.legal(0)[0])
    assert "This scene is over" in box.end_note.value  # Age II begins with bids: not part of the lesson
    box.reset.click()  # start again
    assert c.index == 0
    assert box.end_note.value == ""


def test_check_question_counts_heroes_with_nidlib() -> None:
    box = lesson.check_heroes()
    q = box.question
    before = lesson.question_state().players[0]
    assert lesson.heroes_owed(lesson.question_state()) == 0  # a consistent position: nothing owed yet
    assert len(before.heroes) == 2
    assert lesson.question_answer() == 1
    q.choice.value = 2
    q.check.click()
    assert "nt-feedback-wrong" in q.feedback.value
    q.choice.value = 1
    q.check.click()
    assert "Right!" in q.feedback.value
    assert "Ana has 3 complete lines and 2 heroes" in q.feedback.value


def test_translations_cover_every_lesson_key() -> None:
    from nidlib.core.messages import _load

    en = {k for k in _load("en") if k.startswith("l04.")}
    for lang in ("zh-Hant", "zh-Hans"):
        assert en <= set(_load(lang)), lang


def test_every_scene_starts_from_a_position_that_owes_no_hero() -> None:
    """The golden rule holds before the learner acts: no scene shows an impossible army."""
    for name, build in lesson.SCENES.items():
        assert lesson.heroes_owed(build()) == 0, name


# --- issue 13: choosing a hero from cards, the roster, one pick turn ------------------------------


def hero_boxes(box) -> dict[str, object]:
    """The hero cards of the panel, by hero id (each a box: the card's text, then its button)."""
    out = {}
    for child in box.panel.buttons.children:
        if "nt-hero-choice" in child._dom_classes:
            html = child.children[0].value
            hero = html.split('data-card="', 1)[1].split('"', 1)[0]
            out[hero] = child
    return out


def test_r_hero_hourya_2_a_hero_card_says_in_the_page_why_it_cannot_be_recruited() -> None:
    """No hover needed (issue 13): the reason is text on Hourya's card, her button is disabled, and
    every available hero's card says it may be recruited."""
    box = lesson.scene("hourya-no-thrud")
    click(box, "Blacksmith")
    cards = hero_boxes(box)
    assert set(cards) == set(box.controller.state.heroes_available)
    hourya = cards[Hero.HOURYA]
    reason = nidlib.check(box.controller.state, nidlib.Recruit(0, Hero.HOURYA)).reason()
    assert reason in hourya.children[0].value
    assert 'data-rule="R-HERO-HOURYA-2"' in hourya.children[0].value
    assert hourya.children[1].disabled
    kraal = cards[Hero.KRAAL]
    assert "Available" in kraal.children[0].value
    assert not kraal.children[1].disabled
    assert "2 ranks worth 7 and 0" in kraal.children[0].value  # what the hero does, readable
    kraal.children[1].click()
    assert Hero.KRAAL in box.controller.state.players[0].heroes
    assert not hero_boxes(box)  # the decision is over: no hero cards left


def test_r_comp_4_the_roster_draws_every_hero_once_and_whose_it_is() -> None:
    html = lesson.roster().children[0].value
    from nidlib.core.cards import HERO_IDS

    for h in HERO_IDS:
        assert html.count(f'data-card="{h}"') == 1, h
    assert "10 class heroes" in html
    assert "11 neutral heroes" in html
    assert "recruited by Bo" in html
    assert "recruited by Cy" in html
    assert html.count("in the display") == len(HERO_IDS) - 2


def test_r_comp_4_check_kraal_is_refused_by_nidlib() -> None:
    q = lesson.check_roster().question
    assert lesson.roster_answer() == "no"
    q.choice.value = "no"
    q.check.click()
    assert q.solved
    assert "each hero exists once" in q.feedback.value


def test_r_seq_2_a_pick_turn_is_card_then_hero_then_trade() -> None:
    box = lesson.scene("turn")
    c = box.controller
    click(box, "Miner 1")
    assert nidlib.decision(c.state).kind == "hero"
    assert hero_boxes(box)  # the hero is chosen from cards
    before = len(c.events)
    click(box, "Skaa")
    keys = [e.key for e in c.events[before:]]
    assert keys.index("trade.start") > 0  # the trade follows the hero
    assert lesson.turn_order() == "card-hero-trade"
    q = lesson.check_turn().question
    q.choice.value = "card-trade-hero"
    q.check.click()
    assert not q.solved
    q.choice.value = "card-hero-trade"
    q.check.click()
    assert q.solved


def test_hero_cards_are_drawn_once_and_shown_again_in_a_cascade() -> None:
    """A hero decision offers up to 20 cards: the panel keeps each card (a box with its button) and
    shows it again at the next hero decision instead of building it anew (speed, issue 13); its button
    then acts for the new decision."""
    box = lesson.scene("cascade")
    click(box, "Take Hunter")
    first = hero_boxes(box)
    click(box, "Aral")
    again = hero_boxes(box)
    assert "aral" not in again
    assert all(again[h] is first[h] for h in again if h in first)
    again["skaa"].children[1].click()
    assert "skaa" in box.controller.state.players[0].heroes
