"""Lesson 16 (Thingvellir): every scene clicked through its ActionPanel; outcomes read from nidlib's state.

The buttons are found by the action they apply (``str(action)``), so the tests do not depend on the
labels; the labels and texts themselves are checked in English and Chinese at the end.
"""

from __future__ import annotations

import re

import pytest
from lessonkit import answer_question, cites, click, offered, shows_rules_and_engine_choices, speaks

import nidlib
from nidlib.core.cards import CAMP_AGE, CLASSES
from nidlib.core.messages import render
from widgets.lessons import l16_thingvellir as lesson


def test_every_scene_is_a_thingvellir_position_ana_decides() -> None:
    for name, build in lesson.SCENES.items():
        s = build()
        assert s.camp is not None, name
        assert nidlib.decision(s).players == (0,), name
        assert nidlib.from_json(nidlib.to_json(s)) == s, name  # a valid, loadable state (X-TH-2)
        camp_cards = [*s.camp.cards, *s.camp.decks[1], *s.camp.decks[2], *s.camp.discard]
        camp_cards += [c for p in s.players for c in p.command_zone + [x for col in p.columns for x in col]]
        assert sorted(c for c in camp_cards if c in CAMP_AGE) == sorted(CAMP_AGE), name


def test_x_th_4_x_th_5_a_camp_visit_leaves_a_tavern_card_discarded() -> None:
    box = lesson.scene("visit")
    c = box.controller
    goblin = list(c.state.taverns[0])
    assert {"p0:pick:merc5", "p0:pick:draupnir"} <= offered(box)  # Camp cards beside the tavern cards
    click(box, "p0:pick:merc5")
    s = c.state
    assert "merc5" in s.players[0].command_zone  # a Mercenary waits in the command zone (X-TH-7)
    assert "merc5" not in s.camp.cards
    taken = [a.card for a in c.actions if a is not None and a.player in (1, 2) and a.card in goblin]
    assert len(taken) == 2  # Bo and Cy took two of the three Goblin cards
    (left,) = [x for x in goblin if x not in taken]
    assert left in s.discard  # the leftover is discarded (X-TH-5)
    assert cites(box, "X-TH-4")
    assert cites(box, "X-TH-5")


def test_x_th_4_bo_may_not_visit_the_camp_after_ana() -> None:
    box = lesson.scene("visit")
    box.controls["try"].click()
    assert "nt-lesson-note" in box.controls["tried"].value  # not yet: Ana has not picked
    assert "X-TH-4" not in box.controls["tried"].value
    click(box, "p0:pick:draupnir")
    box.controls["try"].click()
    assert "X-TH-4" in box.controls["tried"].value  # refused with the rule
    tried = lesson.bo_visit_try([h[0] for h in box.controller.history])
    assert tried is not None
    assert tried[2] is not None
    assert tried[2].rule == "X-TH-4"


def test_x_th_4_a_tavern_pick_does_not_let_bo_visit_either() -> None:
    box = lesson.scene("visit")
    click(box, "p0:pick:1E9")
    tried = lesson.bo_visit_try([h[0] for h in box.controller.history])
    assert tried is not None
    assert tried[2] is not None
    assert tried[2].rule == "X-TH-4"


def test_x_th_6_two_players_the_visitor_discards_a_tavern_card() -> None:
    box = lesson.scene("two-players")
    c = box.controller
    goblin = list(c.state.taverns[0])
    assert len(goblin) == 3
    click(box, "p0:pick:svalinn")
    assert nidlib.decision(c.state).kind == "tavern_discard"
    assert offered(box) == {f"p0:tavern-discard:{x}" for x in goblin}
    click(box, f"p0:tavern-discard:{goblin[0]}")
    s = c.state
    assert goblin[0] in s.discard  # Ana's choice
    assert "svalinn" in s.players[0].command_zone
    bo = [a.card for a in c.actions if a is not None and a.player == 1 and a.card in goblin]
    assert len(bo) == 1
    assert bo[0] != goblin[0]
    (last,) = [x for x in goblin[1:] if x != bo[0]]
    assert last in s.discard  # the last card is discarded too
    assert cites(box, "X-TH-6")


def test_x_th_9_x_th_enl_1_enlistment_order_classes_and_a_hero_between() -> None:
    box = lesson.scene("enlist")
    c = box.controller
    click(box, "p0:pick:1H3")
    # Ana and Bo both have 2 Mercenaries: Ana's higher gem puts her at the head (X-TH-9)
    assert nidlib.decision(c.state).kind == "enlist_order"
    assert offered(box) == {"p0:enlist-order:first", "p0:enlist-order:last"}
    click(box, "p0:enlist-order:first")
    assert nidlib.decision(c.state).kind == "enlist"
    # each Mercenary into one of its two classes only (X-TH-MERC-1): Mercenary 4 is Blacksmith or Miner
    assert "p0:enlist:merc4/blacksmith" in offered(box)
    assert "p0:enlist:merc4/warrior" not in offered(box)
    v = nidlib.check(c.state, nidlib.parse("p0:enlist:merc4/warrior"))
    assert v is not None
    assert v.rule == "X-TH-MERC-1"
    click(box, "p0:enlist:merc0/explorer")
    p = c.state.players[0]
    assert "merc0" in p.columns[CLASSES.index("explorer")]
    assert nidlib.lines(p) == 1
    # the hero comes before the next Mercenary (X-TH-ENL-1)
    assert nidlib.decision(c.state).kind == "hero"
    assert "merc4" in p.command_zone
    click(box, "p0:hero:kraal")
    click(box, "p0:enlist:merc4/miner")
    p = c.state.players[0]
    assert not any(x.startswith("merc") for x in p.command_zone)
    assert "merc4" in p.columns[CLASSES.index("miner")]
    # Bo and Cy enlisted too, before the Troop Evaluation: no Mercenary is left in a command zone
    for q in c.state.players:
        assert not any(x.startswith("merc") for x in q.command_zone)


def test_x_th_9_last_puts_ana_after_bo_and_cy() -> None:
    box = lesson.scene("enlist")
    c = box.controller
    click(box, "p0:pick:1H3")
    click(box, "p0:enlist-order:last")
    # Bo and Cy (bots) enlisted first; now it is Ana's turn
    assert nidlib.decision(c.state).kind == "enlist"
    for q in c.state.players[1:]:
        assert not any(x.startswith("merc") for x in q.command_zone)
    assert {"merc0", "merc4"} <= set(c.state.players[0].command_zone)


def test_x_th_enl_3_holda_brings_a_mercenary_enlisted_at_once() -> None:
    box = lesson.scene("enlist")
    c = box.controller
    click(box, "p0:pick:1H3")
    click(box, "p0:enlist-order:first")
    click(box, "p0:enlist:merc0/explorer")
    click(box, "p0:hero:holda")
    assert nidlib.decision(c.state).kind == "holda"
    click(box, "p0:camp:merc1")
    # the new Mercenary is enlisted by Ana in the same turn (engine choice X-TH-ENL-3, D-X12)
    assert nidlib.decision(c.state).kind == "enlist"
    assert "merc1" in c.state.players[0].command_zone
    assert "D-X12" in box.children[-1].value or any("D-X12" in getattr(w, "value", "") for w in box.children)


def test_x_th_art_vegvisir_1_goes_to_the_explorer_column_and_completes_a_line() -> None:
    box = lesson.scene("vegvisir")
    c = box.controller
    click(box, "p0:pick:vegvisir")
    p = c.state.players[0]
    assert p.columns[CLASSES.index("explorer")] == ["vegvisir"]
    assert "vegvisir" not in p.command_zone
    assert nidlib.lines(p) == 1
    assert nidlib.decision(c.state).kind == "hero"
    assert cites(box, "X-TH-ART-VEGVISIR-1")


def _coin_values(p) -> list[int]:
    coins = [x for x in p.slots if x is not None] + list(p.hand)
    return sorted(x.value for x in coins)


def test_x_th_art_vidofnir_1_plus_2_and_plus_3_on_the_pouch() -> None:
    box = lesson.scene("vidofnir")
    c = box.controller
    assert [x.value for x in c.state.players[0].slots[3:]] == [2, 4]
    click(box, "p0:pick:vidofnir-vedrfolnir")
    assert nidlib.decision(c.state).kind == "vidofnir"
    assert offered(box) == {
        "p0:vidofnir:p0+2,p1",
        "p0:vidofnir:p0+3,p1",
        "p0:vidofnir:p1+2,p0",
        "p0:vidofnir:p1+3,p0",
    }
    click(box, "p0:vidofnir:p1+3,p0")  # the 4 gets +3 first, then the 2 gets +2
    pouch = sorted(x.value for x in c.state.players[0].slots[3:] if x is not None)
    assert pouch == [5, 7]  # 4 + 3 = 7; 2 + 2 = 4, but no gold 4 exists: the next higher, 5 (R-TREAS-1)
    assert "vidofnir-vedrfolnir" in c.state.players[0].command_zone


def test_x_th_art_jarnglofi_2_4_the_zero_leaves_and_four_coins_remain() -> None:
    box = lesson.scene("jarnglofi")
    c = box.controller
    assert len(_coin_values(c.state.players[0])) == 5
    click(box, "p0:pick:jarnglofi")
    p = c.state.players[0]
    assert p.slots[2] is None  # the 0 on the Shining Horse is gone: no bid there (X-TH-CAMP-4)
    assert _coin_values(p) == [2, 3, 4, 5]
    assert cites(box, "X-TH-ART-JARNGLOFI-2")
    # play Ana's remaining picks: at the Horse she is not in the order and takes nothing
    while nidlib.decision(c.state) is not None and nidlib.decision(c.state).kind != "bids":
        a = box.panel.shown[0][0]
        click(box, str(a))
    s = c.state
    assert s.round == 2
    assert len(_coin_values(s.players[0])) == 4  # 4 coins from now on (X-TH-ART-JARNGLOFI-4)
    picks = [a for a in c.actions if a is not None and a.player == 0 and str(a).startswith("p0:pick")]
    assert len(picks) == 2  # the Goblin (Jarnglofi) and the Dragon; none at the Horse


def test_x_th_hero_olwyn_1_3_two_columns_and_a_second_line() -> None:
    box = lesson.scene("olwyn")
    c = box.controller
    click(box, "p0:pick:1E9")
    click(box, "p0:hero:olwyn")
    assert nidlib.decision(c.state).kind == "olwyn"
    assert "p0:doubles:miner,miner" not in offered(box)
    box.controls["try"].click()
    assert "X-TH-HERO-OLWYN-1" in box.controls["tried"].value
    click(box, "p0:doubles:hunter,explorer")
    p = c.state.players[0]
    assert nidlib.lines(p) == 2
    assert "olwyn" in p.command_zone
    assert nidlib.decision(c.state).kind == "hero"  # a second hero: 2 lines, 1 hero (R-RECRUIT-3)


def test_scene_rules_and_engine_choices_are_shown() -> None:
    shows_rules_and_engine_choices(lesson)


def test_x_th_score_1_the_check_is_answered_by_nidlib() -> None:
    box = lesson.check_artifacts()
    q = box.question
    answer = lesson.question_answer()
    terms = {cid: pts for cid, _n, pts in lesson.question_terms()}
    assert set(terms) == {"draupnir", "svalinn", "hrafnsmerki"}
    assert answer == sum(terms.values())
    answer_question(q, answer)
    assert f"= {answer} points" in q.feedback.value


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_the_lesson_speaks_chinese(lang: str) -> None:
    speaks(lesson, lang, "visit", "l16.scene.visit", "olwyn")


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_x_th_merc_1_the_lesson_names_mercenaries_as_the_page_shows_them(lang: str) -> None:
    """A Mercenary is named by its two classes, as on its card and its buttons ("Mercenary (Warrior 6 or
    Explorer 8)"): never by the catalogue's internal number ("Mercenary 0", which the enlistment scene said
    and no card on the page shows; session 7's newcomer walk)."""
    from nidlib.core.messages import catalogue, prose

    texts = [v for k, v in catalogue(lang).items() if k.startswith("l16.")]
    texts += [prose("16-thingvellir", section, lang) for section in ("intro", "enlist")]
    for text in texts:
        assert not re.search(r"(Mercenary|傭兵|佣兵) ?\d", text), text
    enlist = render("l16.scene.enlist", lang=lang)
    six, eight = (("Warrior 6", "Explorer 8"), ("戰士 6", "探索者 8"), ("战士 6", "探险家 8"))[
        ("en", "zh-Hant", "zh-Hans").index(lang)
    ]
    assert six in enlist, enlist
    assert eight in enlist, enlist
