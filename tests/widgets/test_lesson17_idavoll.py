"""Lesson 17 (Idavoll): every scene played through its panels; outcomes read from nidlib's state.

Buttons are found by the action they apply (``str(action)``), bids are set in the scene's BidPanel; the
texts are checked in English and Chinese at the end.
"""

from __future__ import annotations

import re

import pytest
from lessonkit import answer_question, cites, click, offered, shows_rules_and_engine_choices, speaks

import nidlib
from nidlib.core.cards import CARDS, CLASSES, MYTHOLOGY_IDS, CardKind, valkyrie_value
from nidlib.core.messages import render
from nidlib.rules.base import rounds_in_age
from widgets.components import BidPanel
from widgets.lessons import l17_idavoll as lesson
from widgets.render import card_name


def bid(box, goblin: str, dragon: str, horse: str) -> None:
    """Ana's bid through the scene's BidPanel: the coins (by label, "5b" is the basic 5) on the three taverns."""
    panel = next(x for x in box.children if isinstance(x, BidPanel))
    hand = [str(c) for c in box.controller.state.players[0].hand]
    for dd, coin in zip(panel.taverns, (goblin, dragon, horse), strict=True):
        dd.value = hand.index(coin)
    panel.confirm.click()
    assert (
        nidlib.decision(box.controller.state).kind != "bids"
        or 0 not in nidlib.decision(box.controller.state).players
    )


def ana_events(box, key: str) -> list[nidlib.Event]:
    return [
        e for _s, evs, _a in box.controller.history[: box.controller.index + 1] for e in evs if e.key == key
    ]


def test_every_scene_is_an_idavoll_position_of_a_seeded_game() -> None:
    kinds = {"dragon": "bids", "loki": "loki", "freya": "freya", "giant": "pick", "valkyrie": "bids"}
    for name in lesson.SCENES:
        s = lesson.position(name)
        assert s.idavoll is not None, name
        assert nidlib.from_json(nidlib.to_json(s)) == s, name  # a valid, loadable state
        d = nidlib.decision(s)
        assert d is not None
        assert 0 in d.players, name
        assert d.kind == kinds[name], name


def test_the_scripted_players_bid_0_2_3_as_the_scenes_say() -> None:
    for name in ("dragon", "valkyrie"):
        s = lesson.position(name)
        bots = lesson.POSITIONS[name].bots()
        for i in bots:
            a = bots[i].choose(nidlib.view_for(s, i), nidlib.legal_actions(s, i))
            assert isinstance(a, nidlib.Bid)
            assert [c.value for c in a.taverns] == [0, 2, 3], name


def test_x_id_3_x_id_4_the_dragon_holds_mythology_cards_and_the_unpicked_one_is_removed() -> None:
    box = lesson.scene("dragon")
    c = box.controller
    s = c.state
    assert len(s.players) == 2
    assert all(cid in MYTHOLOGY_IDS for cid in s.taverns[1])  # rounds 1-3: from the Mythology deck (X-ID-3)
    assert not any(cid in MYTHOLOGY_IDS for cid in s.taverns[0] + s.taverns[2])
    assert rounds_in_age(2, 1, idavoll=True) == 5
    assert "round 1 of 5" in lesson.age_html(s)
    dragon = list(s.taverns[1])
    bid(box, "3", "5b", "4")  # highest everywhere: Bo bids 0, 2, 3
    click(box, f"p0:pick:{s.taverns[0][0]}")
    assert nidlib.decision(c.state).kind == "pick"
    assert c.state.tavern == 1
    click(box, f"p0:pick:{dragon[1]}")  # a God (Loki): to the command zone (X-ID-5)
    after = c.state
    assert dragon[1] in after.players[0].command_zone
    bo = [a.card for a in c.actions if a is not None and a.player == 1 and getattr(a, "card", "") in dragon]
    assert len(bo) == 1
    (left,) = [x for x in dragon if x not in (dragon[1], bo[0])]
    assert left in after.idavoll.removed  # removed from the game (X-ID-4) ...
    assert left not in after.discard  # ... never the discard pile
    assert cites(box, "X-ID-4")
    assert "removed from the game: 1" in lesson.age_html(after)


def test_x_id_god_loki_1_bo_may_not_take_the_card_ana_reserved() -> None:
    box = lesson.scene("loki")
    c = box.controller
    assert "p0:loki:thor" in offered(box)  # a Mythology card may be reserved (ENGINE CHOICE X-ID-GOD-LOKI-2)
    box.controls["try"].click()
    assert "X-ID-GOD-LOKI-1" not in box.controls["tried"].value  # not yet
    click(box, "p0:loki:thor")
    assert c.state.idavoll.loki == "thor"
    assert cites(box, "X-ID-GOD-LOKI-1")
    bid(box, "3", "0", "4")  # the 0 on the Dragon: Bo and Cy (2 each) pick before Ana there
    click(box, f"p0:pick:{c.state.taverns[0][0]}")  # the Goblin; then Bo and Cy pick at the Dragon
    assert c.state.tavern == 1
    box.controls["try"].click()
    assert "X-ID-GOD-LOKI-1" in box.controls["tried"].value
    tried = lesson.bo_loki_try([h[0] for h in c.history])
    assert tried is not None
    assert tried[2] is not None
    assert tried[2].rule == "X-ID-GOD-LOKI-1"
    # Bo and Cy took the other two Mythology cards; Thor waited for Ana (X-ID-GOD-LOKI-3: fulfilled)
    assert c.state.taverns[1] == ["thor"]
    click(box, "p0:pick:thor")
    assert "thor" in c.state.players[0].command_zone
    assert ana_events(box, "loki.taken")


def test_x_id_god_loki_3_the_reservation_lapses_when_ana_takes_another_card() -> None:
    box = lesson.scene("loki")
    c = box.controller
    click(box, "p0:loki:thor")
    bid(box, "3", "5b", "4")  # Ana first at the Dragon
    click(box, f"p0:pick:{c.state.taverns[0][0]}")
    click(box, "p0:pick:nidhogg")  # another card of that tavern: the reservation lapses
    assert c.state.idavoll.loki == ""
    assert ana_events(box, "loki.lapses")
    assert any("thor" in p.command_zone for p in c.state.players[1:])  # Bo or Cy could take Thor


def test_x_id_god_freya_1_2_a_swap_before_the_bids_never_moves_lokis_card() -> None:
    box = lesson.scene("freya")
    c = box.controller
    s = c.state
    assert s.idavoll.loki == "thor"  # Cy reserved Thor before Freya's turn (X-ID-SEQ-1)
    # the panel offers Freya's swap in two steps: first the card to move, then its partner
    steps = [b.description for b in box.panel.step_buttons]
    assert steps
    assert not any(re.search(r"\bThor\b", d) for d in steps)  # ENGINE CHOICE X-ID-GOD-FREYA-2 (D-X05)
    box.controls["try"].click()
    assert "X-ID-GOD-FREYA-2" in box.controls["tried"].value
    goblin, dragon = s.taverns[0][2], s.taverns[1][0]
    step = next(
        b for b in box.panel.step_buttons if re.search(rf"\b{re.escape(card_name(goblin))}\b", b.description)
    )
    step.click()
    assert "thor" not in {c for a, _b in box.panel.shown if a.cards[0] for c in a.cards}
    click(box, f"p0:freya:{goblin},{dragon}")
    after = c.state
    assert after.taverns[0][2] == dragon
    assert after.taverns[1][0] == goblin
    assert "freya" in after.idavoll.used
    assert cites(box, "X-ID-GOD-FREYA-1")
    assert nidlib.decision(after).kind == "bids"  # the swap came before the bids


def test_x_id_8_x_id_giant_gymir_1_gymir_captures_the_explorer() -> None:
    box = lesson.scene("giant")
    c = box.controller
    click(box, "p0:pick:1E8")
    assert nidlib.decision(c.state).kind == "capture"
    assert offered(box) == {"p0:capture:yes", "p0:capture:no"}
    click(box, "p0:capture:yes")
    s = c.state
    assert "1E8" not in s.players[0].columns[CLASSES.index("explorer")]  # not in the army: no rank
    assert s.idavoll.captured[0] == "1E8"
    assert "has captured" in lesson.tokens_html(s)
    assert cites(box, "X-ID-8")


def test_x_id_8_placing_the_explorer_turns_gymir_face_down() -> None:
    box = lesson.scene("giant")
    c = box.controller
    click(box, "p0:pick:1E8")
    click(box, "p0:capture:no")
    s = c.state
    assert "1E8" in s.players[0].columns[CLASSES.index("explorer")]
    assert s.idavoll.captured[0] == "-"
    assert "face down" in lesson.tokens_html(s)


def test_x_id_8_a_warrior_leaves_gymir_waiting() -> None:
    box = lesson.scene("giant")
    click(box, "p0:pick:1W9")
    s = box.controller.state
    assert s.idavoll.captured[0] == ""  # Gymir waits for an Explorer only (X-ID-GIANT-2)
    assert "waiting" in lesson.tokens_html(s)


def test_x_id_valk_brynhildr_1_first_everywhere_moves_her_token_three_notches() -> None:
    box = lesson.scene("valkyrie")
    c = box.controller
    assert c.state.idavoll.notches[0] == 1  # round 1: the Horse, not the Dragon where she was taken
    bid(box, "3", "5b", "4")
    while c.state.round == 2 and nidlib.decision(c.state).kind != "bids":
        click(box, str(box.panel.shown[0][0]))
    assert c.state.idavoll.notches[0] == 4
    assert len(ana_events(box, "valkyrie.brynhildr")) == 3
    assert "worth 16 points" in lesson.tokens_html(c.state)


def test_x_id_valk_brynhildr_2_the_tavern_where_she_is_taken_gives_no_notch() -> None:
    _s, events = lesson.replay(lesson.POSITIONS["valkyrie"])
    notches = [e for e in events if e.key == "valkyrie.brynhildr"]
    assert len(notches) == 1  # Ana was first at the Goblin, the Dragon and the Horse of round 1
    assert notches[0].params["tavern"] == "@tavern.2"


def test_x_id_valk_brynhildr_1_the_check_is_answered_by_nidlib() -> None:
    box = lesson.check_brynhildr()
    q = box.question
    answer = lesson.question_answer()
    end, events = lesson.question_round()
    assert answer == valkyrie_value("brynhildr", end.idavoll.notches[0])
    # first at the Goblin (2 > 0) and the Dragon (5 > 2); at the Horse all bid 3 and gem 5 beats Ana's 4
    assert answer == 10
    assert [e.params["tavern"] for e in events if e.key == "valkyrie.brynhildr"] == ["@tavern.0", "@tavern.1"]
    text = q.question.value
    for name, bid_text in lesson.question_bids():
        a = nidlib.parse(bid_text)
        assert f"{name} ({a.taverns[0].value}, {a.taverns[1].value}, {a.taverns[2].value})" in text
    answer_question(q, answer)
    assert f"worth {answer} points" in q.feedback.value


def test_scene_rules_and_engine_choices_are_shown() -> None:
    shows_rules_and_engine_choices(lesson)


def test_the_mythology_cards_of_the_scenes_are_what_the_texts_say() -> None:
    loki = lesson.position("loki")
    assert "loki" in loki.players[0].command_zone
    freya = lesson.position("freya")
    assert "freya" in freya.players[0].command_zone
    assert "loki" in freya.players[2].command_zone
    giant = lesson.position("giant")
    assert "gymir" in giant.players[0].command_zone
    assert any(CARDS[x].cls == "explorer" for x in giant.taverns[2])
    assert all(CARDS[x].kind is not CardKind.HERO for x in giant.taverns[2])


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_the_lesson_speaks_chinese(lang: str) -> None:
    speaks(lesson, lang, "giant", "l17.scene.giant", "loki")
    assert re.search(r"[\u4e00-\u9fff]", lesson.question_text(lang))


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_x_id_valk_brynhildr_1_the_check_groups_each_players_three_bids(lang: str) -> None:
    """The question lists every player's three bids as one group: "Ana (2, 5, 3), Bo (0, 2, 3) and Cy ...".
    Joined with the list separator alone, the Chinese read "Ana 2、5、3、Bo 0、2、3和Cy 0、2、3", one run of
    numbers in which a reader could not tell where Ana's bids end (session 7's newcomer walk)."""
    text = lesson.question_text(lang)
    for name, bid in lesson.question_bids():
        a = nidlib.parse(bid)
        assert isinstance(a, nidlib.Bid)
        values = [str(c.value) for c in a.taverns]
        sep = ", " if lang == "en" else "、"
        opening, closing = ("(", ")") if lang == "en" else ("（", "）")
        assert f"{name}{' ' if lang == 'en' else ''}{opening}{sep.join(values)}{closing}" in text, text


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_engine_choices_name_board_game_arena_in_full(lang: str) -> None:
    """A learner of lesson 17 has never heard of "BGA": the engine choice's note names the online version
    (the full reference text folded under a rule id, for rules lawyers, keeps RULES.md's citations)."""
    for name in lesson.ENGINE_CHOICES:
        note = render(f"l17.choice.{name}", lang=lang)
        assert not re.search(r"\bBGA\b", note), note
    assert "Board Game Arena" in render("l17.choice.freya", lang=lang)
