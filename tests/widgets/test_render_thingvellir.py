"""widgets.render for Thingvellir (RULES.md A.1): the faces of the 12 artifacts, the 12 mercenaries,
Olwyn's doubles and the 6 new heroes, drawn in code; the Camp; the command zone's waiting
mercenaries; the score sheet's artifacts line (X-TH-SCORE-1)."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest

import nidlib
from nidlib.core.cards import ARTIFACTS, DOUBLES, MERCENARIES, THINGVELLIR_HEROES, DwarfClass
from nidlib.core.messages import LANGUAGES, catalogue
from nidlib.core.state import State
from nidlib.tools.bots import random_action
from widgets import render

NEW_CARDS = [c.id for c in (*ARTIFACTS, *MERCENARIES, *DOUBLES, *THINGVELLIR_HEROES)]


def _aria(html: str) -> str:
    m = re.search(r'aria-label="([^"]*)"', html)
    assert m, html
    return unescape(m.group(1))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_new_card_has_a_face_and_a_text_alternative_from_the_catalogue_X_TH_1(lang: str) -> None:
    for cid in NEW_CARDS:
        for size in ("sm", "md", "lg"):
            html = render.card_html(cid, size=size, lang=lang)
            assert 'role="img"' in html, cid
            aria = _aria(html)
            assert aria, cid
            assert "{" not in aria, (cid, aria)
            assert "ui." not in aria, (cid, aria)
            text = unescape(re.sub(r"<[^>]+>", " ", html))
            assert "ui." not in text, (cid, text)
            assert "{" not in text, (cid, text)
            assert "<img" not in html  # drawn in code, no artwork


def test_the_new_keys_exist_in_every_language() -> None:
    keys = {
        k for k in catalogue("en") if k.startswith(("ui.artifact.", "ui.merc.", "ui.camp.", "ui.action."))
    }
    for lang in LANGUAGES:
        assert keys <= set(catalogue(lang)), lang


def test_artifact_face_names_it_its_age_and_its_effect_X_TH_ART() -> None:
    html = render.card_html("megingjord")
    assert "nt-k-artifact" in html
    assert "nt-artifact" in html
    assert "Megingjord" in html
    assert "Age I" in html
    assert "28 points" in html
    assert _aria(html).startswith("Artifact Megingjord, Age I: 28 points")
    assert "Age II" in render.card_html("jarnglofi")


def test_vegvisir_is_an_explorer_rank_of_13_X_TH_ART_VEGVISIR_1() -> None:
    html = render.card_html("vegvisir")
    assert "nt-k-explorer" in html
    assert re.search(r'class="nt-pip"[^>]*>13</span>', html)


def test_mercenary_face_shows_both_classes_with_their_bravery_points_X_TH_10() -> None:
    html = render.card_html("merc0")  # Warrior 6 or Explorer 8
    assert "nt-k-mercenary" in html
    assert "nt-merc-opt nt-k-warrior" in html
    assert "nt-merc-opt nt-k-explorer" in html
    assert re.search(r'class="nt-pip"[^>]*>6</span>', html)
    assert re.search(r'class="nt-pip"[^>]*>8</span>', html)
    assert _aria(html) == "Mercenary card: enlisted as Warrior 6 or as Explorer 8"
    hunter = render.card_html("merc3")  # Hunter (a rank, no bravery points) or Miner 1
    assert _aria(hunter) == "Mercenary card: enlisted as Hunter or as Miner 1"
    zh = render.card_html("merc0", lang="zh-Hant")
    assert "傭兵" in zh
    assert "戰士" in zh
    assert "探索者" in zh


def test_enlisted_mercenary_is_one_rank_of_its_column_X_TH_MERC_1() -> None:
    html = render.card_html("merc5", column=DwarfClass.EXPLORER)  # Warrior 9 or Explorer 11
    assert "nt-k-explorer" in html
    assert html.count('class="nt-pip"') == 1
    assert re.search(r'class="nt-pip"[^>]*>11</span>', html)
    s = nidlib.new_game(2, seed=1, expansions=("thingvellir",))
    p = s.players[0].copy()
    p.columns[4] = ["1E9", "merc5"]
    army = render.army_html(p)
    assert "Enlisted Mercenary: 1 rank, Explorer 11" in army
    assert "Ana" in army or p.name in army
    assert "Explorer 11" not in render.army_html(s.players[1])


def test_olwyn_double_is_one_rank_with_no_bravery_X_TH_HERO_OLWYN_2() -> None:
    loose = render.card_html("olwyn-double-1")
    assert "nt-k-double" in loose
    assert "0 bravery points" in _aria(loose)
    placed = render.card_html("olwyn-double-2", column=DwarfClass.MINER)
    assert "nt-k-miner" in placed
    assert re.search(r'class="nt-pip"[^>]*>0</span>', placed)
    assert _aria(placed) == "Olwyn's double: 1 Miner rank, 0 bravery points"


def test_new_heroes_show_name_title_and_effect_X_TH_12() -> None:
    for hero, title, effect in (
        ("andumia", "the Necromancer", "discard pile"),
        ("holda", "the Minstrel", "Camp card"),
        ("khrad", "the Beggar", "+10"),
        ("jarika", "the Rogue", "2 more"),
        ("olwyn", "the Illusionist", "doubles"),
        ("zolkur", "the Greedy", "lower coin"),
    ):
        html = render.card_html(hero)
        assert "nt-hero" in html
        assert "nt-k-neutral" in html
        assert title in html, hero
        assert effect in html, hero
        assert effect in render.hero_row_html(hero)


def _tv_game(players: int = 3, seed: int = 5) -> State:
    return nidlib.new_game(players, seed=seed, expansions=("thingvellir",))


def test_camp_shows_its_five_cards_and_the_deck_X_TH_3() -> None:
    s = _tv_game()
    assert s.camp is not None
    html = render.camp_html(s)
    assert html.count('class="nt-card ') == 5
    for cid in s.camp.cards:
        assert f'data-card="{cid}"' in html
    assert "Age I Camp deck: 7 cards left" in html
    assert "may take a Camp card instead of a tavern card" in html
    assert 'data-rule="X-TH-4"' in html
    assert render.camp_html(nidlib.new_game(3, seed=5)) == ""  # no Thingvellir, no Camp
    assert "營地" in render.camp_html(s, lang="zh-Hant")


def test_command_zone_draws_waiting_mercenaries_apart_X_TH_7() -> None:
    s = _tv_game()
    p = s.players[0].copy()
    p.command_zone = ["kings-hand", "svalinn", "merc2", "merc4"]
    html = render.command_zone_html(p)
    head, _, waiting = html.partition("nt-command-waiting")
    assert 'data-card="svalinn"' in head
    assert 'data-card="merc2"' not in head
    assert 'data-card="merc2"' in waiting
    assert 'data-card="merc4"' in waiting
    assert "Mercenaries waiting to be enlisted at the end of the Age (2)" in waiting
    p.command_zone = ["svalinn"]
    assert "nt-command-waiting" not in render.command_zone_html(p)


def _finished_with_artifact() -> State:
    for seed in range(60):
        s = _tv_game(2 + seed % 4, seed)
        rng = random.Random(seed)
        while not s.is_over:
            s, _ = nidlib.apply(s, random_action(s, rng))
        if any(c in {a.id for a in ARTIFACTS} - {"vegvisir"} for p in s.players for c in p.command_zone):
            return s
    raise AssertionError("no random Thingvellir game ended with a scoring artifact")


def test_score_sheet_has_an_artifacts_row_X_TH_SCORE_1() -> None:
    s = _finished_with_artifact()
    table = nidlib.final_scores(s)
    html = render.score_sheet_html(table)
    assert '<th scope="row">Artifacts' in html
    assert 'data-rule="X-TH-SCORE-1"' in html
    # the row sits before the gem 6 row, and the totals still add up
    assert html.index(">Artifacts") < html.index(">Gem 6")
    assert "神器" in render.score_sheet_html(table, lang="zh-Hant")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_enlistment_label_keeps_each_class_with_its_value_when_it_wraps_X_TH_MERC_1(lang: str) -> None:
    """Issue 13: on a phone the long enlistment labels wrap inside their buttons; a no-break space
    keeps "Warrior 6" whole (tests/browser/test_a11y.py looks at the buttons at 390 px)."""
    from nidlib.content.scenario import Scenario

    s = Scenario(3, seed=1, expansions=("thingvellir",)).command_zone(0, ["merc5"]).at_end_of_age().build()
    labels = [render.action_label(a, s, lang=lang) for a in nidlib.legal_actions(s)]
    assert len(labels) == 2
    for label in labels:
        assert not re.search(r"\w \d", label), label  # every "<class> <value>" is joined
        assert label.count("\u00a0") == 3, label  # both classes in the card's name, and the chosen one
