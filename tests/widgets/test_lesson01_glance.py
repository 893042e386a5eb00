"""Lesson 1 (at a glance): the player-count table is counted from nidlib games; the check too."""

from __future__ import annotations

import pytest

import nidlib
from widgets.lessons import l01_glance as lesson


@pytest.mark.parametrize(
    ("players", "cards", "rounds", "treasury", "decks"),
    [(2, 3, 4, 28, (36, 37)), (3, 3, 4, 28, (36, 37)), (4, 4, 3, 34, (36, 37)), (5, 5, 3, 34, (45, 46))],
)
def test_setup_matches_the_rules_table(
    players: int, cards: int, rounds: int, treasury: int, decks: tuple[int, int]
) -> None:
    st = lesson.setup(players)
    assert (st.cards_per_tavern, st.rounds_per_age, st.treasury) == (cards, rounds, treasury)
    assert (st.age1_deck, st.age2_deck) == decks
    assert len(st.gems) == players
    # the rounds announced really empty the Age I deck
    assert st.cards_per_round * st.rounds_per_age == st.age1_deck


def test_selector_redraws_the_table() -> None:
    box = lesson.player_count()
    count, out = box.controls["count"], box.controls["out"]
    assert "A 3-player game: 3 cards in each tavern, 4 rounds per Age, 28 coins" in out.value
    count.value = 5
    assert "A 5-player game: 5 cards in each tavern, 3 rounds per Age, 34 coins" in out.value
    assert "45 / 46" in out.value
    count.value = 2
    assert "the third is discarded" in out.value


def test_check_rounds_counts_a_real_age() -> None:
    assert lesson.rounds_answer(4) == 3
    # play a 4-player Age I with first legal actions and count its rounds
    s = nidlib.new_game(4, seed=5)
    while s.age == 1 and not s.is_over:
        s, _ = nidlib.apply(s, nidlib.legal_actions(s)[0])
        if s.age == 1:
            last_round = s.round
    assert last_round == lesson.rounds_answer(4)
    q = lesson.check_rounds()
    q.choice.value = 4
    q.check.click()
    assert "nt-feedback-wrong" in q.feedback.value
    q.choice.value = 3
    q.check.click()
    assert "Right!" in q.feedback.value


def test_check_taverns_counts_a_dealt_tavern() -> None:
    """Issue 13: lesson 1's second check; its answer is the tavern nidlib deals in a 2-player game."""
    s = nidlib.new_game(2, seed=9)
    dealt = len(s.taverns[0])
    assert lesson.tavern_answer(2) == dealt
    q = lesson.check_taverns()
    wrong = next(v for _, v in q.choice.options if v != dealt)
    q.choice.value = wrong
    q.check.click()
    assert "nt-feedback-wrong" in q.feedback.value
    q.choice.value = dealt
    q.check.click()
    assert "Right!" in q.feedback.value
    assert f"each tavern gets {dealt} cards" in q.feedback.value
    assert "R-SETUP-6" in q.feedback.value


def test_translations_cover_every_lesson_key() -> None:
    from nidlib.core.messages import _load

    en = {k for k in _load("en") if k.startswith("l01.")}
    for lang in ("zh-Hant", "zh-Hans"):
        assert en <= set(_load(lang)), lang
