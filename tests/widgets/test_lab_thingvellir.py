"""The lab with Thingvellir (issue 11): a seeded game played to a chosen moment, the Camp and command zones
shown, legal and illegal actions tried with their rule ids, engine choices named with their D-X id."""

from __future__ import annotations

import pytest

import nidlib
from nidlib.core.cards import CAMP_AGE
from nidlib.core.events import Event
from widgets import render as r
from widgets.camp import IDAVOLL_MOMENTS, MOMENTS, camp_temptations, engine_choices, play_to_moment
from widgets.lab import Lab


def start(page: Lab, players: int, seed: int, moment: str, actions: int = 0) -> None:
    page.sources.selected_index = 2
    page.tv_players.value = players
    page.tv_seed.value = seed
    page.tv_moment.value = moment
    page.tv_actions.value = actions
    page.tv_start.click()


@pytest.mark.parametrize(
    "moment", [m for m in MOMENTS if m not in ("actions", "tavern_discard") and m not in IDAVOLL_MOMENTS]
)
def test_x_th_a_seeded_game_reaches_each_moment_at_three_players(moment: str) -> None:
    found = play_to_moment(3, 1, moment)
    assert found is not None, moment
    s, _events, n = found
    assert s.camp is not None
    d = nidlib.decision(s)
    assert d is not None
    if moment == "camp-visit":
        assert d.kind == "pick"
        assert any(getattr(a, "card", None) in s.camp.cards for a in nidlib.legal_actions(s))
    else:
        assert d.kind == moment
    # the same seed gives the same game (the deal and the seeded players' choices)
    again = play_to_moment(3, 1, moment)
    assert again is not None
    assert again[2] == n
    assert again[0] == s


def test_x_th_6_the_tavern_discard_needs_two_players() -> None:
    assert play_to_moment(3, 1, "tavern_discard") is None  # 3 players: the leftover is discarded (X-TH-5)
    found = play_to_moment(2, 1, "tavern_discard")
    assert found is not None
    assert nidlib.decision(found[0]).kind == "tavern_discard"


def test_the_lab_starts_a_thingvellir_position_and_shows_the_camp_and_command_zones() -> None:
    page = Lab()
    start(page, 3, 4, "enlist_order")
    s = page.state
    assert s is not None
    assert s.camp is not None
    assert nidlib.decision(s).kind == "enlist_order"
    assert "nt-message-ok" in page.error.value  # "Reached after n actions"
    html = page.position.value
    assert 'class="nt-camp"' in html
    mercs = [c for p in s.players for c in p.command_zone if c.startswith("merc")]
    assert mercs
    for m in mercs:  # the Mercenaries waiting in the command zones are drawn
        assert f'data-card="{m}"' in html
    for c in s.camp.cards:
        assert f'data-card="{c}"' in html
    # both enlistment choices are offered and play through the engine
    values = [v for _label, v in page.actions.options]
    p = nidlib.decision(s).players[0]
    assert f"p{p}:enlist-order:first" in values
    assert page.try_action(f"p{p}:enlist-order:last") is None
    assert 'data-rule="X-TH-9"' in page.result.value


def test_x_th_4_an_illegal_camp_visit_is_refused_with_its_rule() -> None:
    page = Lab()
    start(page, 3, 2, "camp-visit")
    s = page.state
    assert s is not None
    d = nidlib.decision(s)
    first = d.players[0]
    card = s.camp.cards[0]
    assert page.try_action(f"p{first}:pick:{card}") is None  # the first player may visit
    assert 'data-rule="X-TH-4"' in page.result.value
    s2 = page.state
    d2 = nidlib.decision(s2)
    assert d2 is not None
    assert d2.kind == "pick"
    assert s2.camp.cards
    # the next player of the same tavern may not (X-TH-4); the lab offers it among the refused actions
    other = d2.players[0]
    assert other != first
    assert f"p{other}:pick:{s2.camp.cards[0]}" in [v_ for _l, v_ in page.actions.options]
    v = page.try_action(f"p{other}:pick:{s2.camp.cards[0]}")
    assert v is not None
    assert v.rule == "X-TH-4"
    assert "X-TH-4" in page.result.value


def test_x_th_hero_olwyn_1_the_lab_offers_the_refused_doubles() -> None:
    found = play_to_moment(3, 1, "olwyn")
    assert found is not None
    s = found[0]
    tried = camp_temptations(s)
    assert [str(a).split(":", 1)[1] for a in tried] == ["doubles:miner,miner"]
    v = nidlib.check(s, tried[0])
    assert v is not None
    assert v.rule == "X-TH-HERO-OLWYN-1"


def test_x_th_enl_3_an_engine_choice_is_named_with_its_disagreement() -> None:
    events = [Event("camp.visit", "X-TH-4", {}), Event("enlist.card", "X-TH-ENL-3", {})]
    assert engine_choices(events) == [("X-TH-ENL-3", "D-X12")]
    page = Lab()
    html = page._events_html(events, None)
    assert "Engine choice: X-TH-ENL-3" in html
    assert 'data-rule="D-X12"' in html


def test_a_whole_seeded_thingvellir_game_can_be_stepped_in_the_lab() -> None:
    page = Lab()
    start(page, 2, 3, "actions", 60)
    s = page.state
    assert s is not None
    assert len(nidlib.to_json(s)) > 0
    camp_cards = [*s.camp.cards, *s.camp.decks[1], *s.camp.decks[2], *s.camp.discard]
    camp_cards += [c for p in s.players for c in p.command_zone + [x for col in p.columns for x in col]]
    assert sorted(c for c in camp_cards if c in CAMP_AGE) == sorted(CAMP_AGE)
    legal = nidlib.legal_actions(s)
    assert page.try_action(legal[0]) is None
    assert r.action_label(legal[0], s) in page.result.value
