"""widgets.render: pure HTML strings (cards, coins, boards, army, score sheet, events, violations)."""

from __future__ import annotations

import re

import nidlib
from nidlib.core.cards import CARDS, CardKind
from nidlib.core.coins import Coin
from nidlib.core.registry import rule
from widgets import render
from widgets.theme import CSS, theme_html


def test_dwarf_card_has_class_colour_pip_and_aria_label() -> None:
    html = render.card_html("1W7")
    assert "nt-k-warrior" in html
    assert 'aria-label="Warrior card, 7 bravery points"' in html
    assert re.search(r'class="nt-pip"[^>]*>7</span>', html)


def test_card_classes_for_each_dwarf_class() -> None:
    expected = {"1H1": "hunter", "1M2": "miner", "1B1": "blacksmith", "1E9": "explorer", "1W3": "warrior"}
    for cid, cls in expected.items():
        assert f"nt-k-{cls}" in render.card_html(cid), cid
    # hunters have one rank and no bravery points to show
    assert 'aria-label="Hunter card, 1 rank"' in render.card_html("1H1")


def test_hero_card_shows_name_title_ranks_and_ability() -> None:
    html = render.card_html("kraal")
    assert "Kraal" in html
    assert "the Venal" in html
    assert "nt-hero" in html
    assert "nt-k-warrior" in html
    assert html.count('class="nt-pip"') == 2  # Kraal has two ranks: 7 and 0
    assert "2 ranks worth 7 and 0 bravery points" in html
    neutral = render.card_html("skaa")
    assert "nt-k-neutral" in neutral
    assert "17 points" in neutral


def test_royal_offering_is_gold_with_its_bonus() -> None:
    html = render.card_html("2RO5")
    assert "nt-k-offering" in html
    assert "+5" in html
    assert 'aria-label="Royal Offering card, +5"' in html


def test_coins_face_up_and_face_down() -> None:
    assert "nt-coin-basic" in render.coin_html(Coin.parse("5b"))
    assert "nt-coin-royal" in render.coin_html(Coin.parse("13"))
    assert "nt-coin-special" in render.coin_html(Coin.parse("3s"))
    back = render.coin_html(Coin.parse("13"), face_up=False)
    assert "nt-coin-back" in back
    assert "13" not in back
    own = render.coin_html(Coin.parse("13"), face_up=False, own=True)
    assert "nt-coin-own" in own
    assert ">13<" in own


def test_treasury_lists_counts_and_greys_exhausted_values() -> None:
    html = render.treasury_html({5: 2, 6: 0, 25: 1})
    assert 'aria-label="Gold 5: 2 left"' in html
    assert re.search(r'nt-treasury-cell nt-gone" role="img" aria-label="Gold 6: 0 left"', html)
    assert "3 coins left" in html


def test_tavern_row_highlights_the_tavern_being_resolved() -> None:
    s = nidlib.new_game(3, ["Ana", "Bo", "Cy"], seed=7)
    for p in range(3):
        s, _ = nidlib.apply(s, nidlib.legal_actions(s, p)[0])
    assert s.tavern == 0
    assert "nt-tavern-current" in render.tavern_row_html(s, 0)
    assert "nt-tavern-current" not in render.tavern_row_html(s, 1)
    assert "Laughing Goblin" in render.tavern_row_html(s, 0)
    for cid in s.taverns[1]:
        assert f'data-card="{cid}"' in render.tavern_row_html(s, 1)


def test_r_coin_4_board_hides_other_players_unrevealed_coins_in_a_view() -> None:
    s = nidlib.new_game(3, ["Ana", "Bo", "Cy"], seed=7)
    s, _ = nidlib.apply(s, nidlib.parse("p1:bid:5b,4,3/0,2"))
    view = nidlib.view_for(s, 0)
    bo = render.player_board_html(view, 1)
    assert bo.count("nt-coin-back") == 5
    assert not re.search(r"nt-coin-(basic|royal|special)", bo)
    # Bo sees his own face-down coins, with their values
    own = render.player_board_html(nidlib.view_for(s, 1), 1)
    assert own.count("nt-coin-own") == 5
    assert ">5<" in own


def test_army_bands_complete_lines_and_counts_lines_vs_heroes() -> None:
    p = nidlib.Player("Ana", 5)
    p.columns = [["1W3", "1W4"], ["1H1", "1H2"], ["1M0"], ["1B1", "1B2"], ["1E5", "1E6"]]
    html = render.army_html(p)
    assert "lines 1 vs heroes 0" in html
    assert html.count("nt-line-complete") == 1
    assert "nt-lines-due" in html  # more lines than heroes: a hero is due
    p.thrud = 2  # Thrud in the miner column completes a second line
    html = render.army_html(p)
    assert "lines 2 vs heroes 0" in html
    assert html.count("nt-line-complete") == 2
    assert "nt-thrud" in html


def test_a_cards_later_ranks_name_their_card_R_HERO_KRAAL_1() -> None:
    p = nidlib.Player("Ana", 5)
    p.columns = [["1W3", "kraal"], [], [], [], []]
    p.heroes = ["kraal"]
    for lang in ("en", "zh-Hant"):
        html = render.army_html(p, lang=lang)
        cells = re.findall(r'data-card="kraal">(.*?)</div>', html)
        assert len(cells) == 2  # Kraal's two ranks: 7 and 0 bravery points
        assert ">Kraal<" in cells[0]
        assert "↳ Kraal" in cells[1], cells[1]  # not a lone "0" with no name


def test_events_expand_rule_text_and_respect_visibility() -> None:
    public = nidlib.Event("bid.placed", "R-BID-1", {"name": "Ana"})
    private = nidlib.Event(
        "dist.pioneer-draw", "R-DIST-PIONEER-1", {"name": "Bo", "cards": ["@card.2E12"]}, 1, 1
    )
    html = render.events_html([public, private], viewer=0)
    assert "Ana has placed five coins face down." in html
    assert "<details" in html
    assert "<summary>R-BID-1</summary>" in html
    assert rule("R-BID-1").text.split(".")[0] in html
    assert "Explorer 12" not in html
    assert "Explorer 12" in render.events_html([public, private], viewer=1)
    assert "Explorer 12" in render.events_html([public, private], viewer=None)


def test_violation_is_a_sentence_with_expandable_rule() -> None:
    s = nidlib.new_game(3, ["Ana", "Bo", "Cy"], seed=7)
    v = nidlib.check(s, nidlib.parse("p0:bid:5b,5b,3/0,2"))
    assert v is not None
    html = render.violation_html(v)
    assert 'role="alert"' in html
    assert "must place exactly the five coins" in html
    assert "<summary>R-BID-1</summary>" in html
    assert "Traceback" not in html


def test_score_sheet_shows_formulas_totals_and_winner() -> None:
    s = nidlib.new_game(3, ["Ana", "Bo", "Cy"], seed=7)
    table = nidlib.final_scores(s)
    html = render.score_sheet_html(table)
    for p in table.players:
        assert f">{p.total}<" in html
        assert p.line("coins").text() in html
    assert html.count("★") == len(table.winners)


def test_action_labels_are_human() -> None:
    s = nidlib.new_game(3, ["Ana", "Bo", "Cy"], seed=7)
    assert render.action_label(nidlib.parse("p0:pick:1W7"), s) == "Take Warrior 7"
    assert render.action_label(nidlib.parse("p0:hero:kraal"), s) == "Recruit Kraal"
    assert render.action_label(nidlib.parse("p0:thrud:explorer"), s) == "Place Thrud in Explorer"
    assert (
        render.action_label(nidlib.parse("p0:discard:warrior,miner"), s) == "Discard from Warrior and Miner"
    )
    assert render.action_label(nidlib.parse("p0:keep:2E9"), s) == "Keep Explorer 9"
    assert render.action_label(nidlib.parse("p0:transform:h4"), s) == "Upgrade the 5 (basic) in hand"


def test_theme_prefixes_classes_and_keeps_projector_font() -> None:
    selectors = re.findall(r"\.([a-z][\w-]*)", CSS)
    assert selectors
    assert all(sel.startswith("nt-") for sel in selectors if not sel[0].isdigit())
    assert "--nt-font-size: 15px" in theme_html(font_size=10)  # never below 15px
    assert "--nt-font-size: 22px" in theme_html(font_size=22)


def test_render_in_chinese() -> None:
    assert 'aria-label="戰士卡，7 點勇氣值"' in render.card_html("1W7", lang="zh-Hant")
    assert 'aria-label="战士牌，7 勇武点"' in render.card_html("1W7", lang="zh-Hans")  # seed 002's words


def test_hero_titles_are_shown_in_the_learners_language() -> None:
    """The lab, lesson 4 and the game show hero cards and rows: "the Unpredictable" is not left in English."""
    heroes = [c for c in CARDS.values() if c.kind is CardKind.HERO]
    for lang in ("zh-Hant", "zh-Hans"):
        for c in heroes:
            for html in (render.hero_row_html(c.id, lang=lang), render.card_html(c.id, lang=lang)):
                assert c.title not in html, (lang, c.id)
                assert render.hero_title(c, lang) in html
    assert "變幻莫測者" in render.hero_row_html("ylud", lang="zh-Hant")
    assert "五兄弟之一" in render.hero_row_html("dwerg-ymir", lang="zh-Hans")
    assert "the Unpredictable" in render.hero_row_html("ylud", lang="en")
